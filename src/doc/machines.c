/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A comparison of machines (machines.h): what the headers record
 * differently, and each machine's filesystems against its own baseline,
 * so what is compared is the order of the filesystems, never one
 * machine's seconds against another's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/machines.h"
#include "model/history.h"
#include "model/cells.h"

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

bool fsb_doc_same_plan(struct fsb_result *const *results, size_t n)
{
	bool same = n >= 2 && results[0]->profile && results[0]->nfs;

	for (size_t f = 1; same && f < n; f++)
		same = fsb_result_same_plan(results[0], results[f]);
	return same;
}

/* ---- what differs between the hosts ------------------------------------------ */

/* One fact: its value in each file (NULL = not recorded); an entry of the
 * KV block when they are not all the same. */
static void fact(struct fsb_block *b, const char *key, const char *const *labels, char **vals, size_t n)
{
	struct fsb_kv *e;
	size_t f;

	for (f = 1; f < n && same_str(vals[0], vals[f]); f++)
		;
	if (f == n)
		return;
	e = fsb_block_kv_add(b, key);
	e->list = true;
	for (f = 0; f < n; f++)
		fsb_strv_addf(&e->values, "%s: %s", labels[f], vals[f] ? vals[f] : "(not recorded)");
}

/* A fact per file from a format of each result: fn fills vals[f] (heap or NULL). */
typedef char *fact_fn(const struct fsb_result *r, const void *arg);

static void fact_of(struct fsb_block *b, const char *key, struct fsb_result *const *results,
		    const char *const *labels, size_t n, fact_fn *fn, const void *arg)
{
	char *vals[n];

	for (size_t f = 0; f < n; f++)
		vals[f] = fn(results[f], arg);
	fact(b, key, labels, vals, n);
	for (size_t f = 0; f < n; f++)
		free(vals[f]);
}

static char *f_hostname(const struct fsb_result *r, const void *a) { (void)a; return fsb_xstrdup(r->host.hostname); }
static char *f_kernel(const struct fsb_result *r, const void *a) { (void)a; return fsb_xstrdup(r->host.kernel); }
static char *f_cpu(const struct fsb_result *r, const void *a) { (void)a; return fsb_xstrdup(r->host.cpu); }
static char *f_distro(const struct fsb_result *r, const void *a) { (void)a; return fsb_xstrdup(r->host.distro); }
static char *f_tool(const struct fsb_result *r, const void *a) { (void)a; return fsb_xstrdup(r->tool); }

static char *f_cores(const struct fsb_result *r, const void *a)
{
	(void)a;
	return r->host.cores > 0 ? fsb_xasprintf("%ld", r->host.cores) : NULL;
}

static char *f_ram(const struct fsb_result *r, const void *a)
{
	(void)a;
	return r->host.ram_mib > 0 ? fsb_xasprintf("%ld MiB", r->host.ram_mib) : NULL;
}

/* The target's kind and size: where it ran, not its path (an image's path
 * is any scratch file). */
static char *f_target(const struct fsb_result *r, const void *a)
{
	(void)a;
	if (r->target.kind == FSB_TARGET_KIND_NONE)
		return NULL;
	return r->target.size_mib > 0
		? fsb_xasprintf("%s, %lld MiB", fsb_target_kind_word(r->target.kind), r->target.size_mib)
		: fsb_xstrdup(fsb_target_kind_word(r->target.kind));
}

/* The device itself: its model and serial, and for an image what it is on
 * (the target's reasons say "image file on /dev/vda"). */
static char *f_device(const struct fsb_result *r, const void *a)
{
	struct fsb_buf b = { 0 };

	(void)a;
	if (r->target.model)
		fsb_buf_addf(&b, "%s", r->target.model);
	if (r->target.serial)
		fsb_buf_addf(&b, "%sserial %s", b.len ? ", " : "", r->target.serial);
	for (size_t i = 0; i < r->target.reasons.n; i++)
		if (strncmp(r->target.reasons.v[i], "image file on ", 14) == 0)
			fsb_buf_addf(&b, "%s%s", b.len ? ", " : "", r->target.reasons.v[i]);
	return b.len ? fsb_buf_steal(&b) : NULL;
}

static char *f_mkfs_version(const struct fsb_result *r, const void *fs)
{
	size_t i = fsb_grid_fs(fsb_result_grid(r), fs);

	return i != FSB_GRID_NONE ? fsb_xstrdup(r->fs[i]->mkfs_version) : NULL;
}

/* The program versions one file records and another does not. */
static void versions(struct fsb_block *b, struct fsb_result *const *results, const char *const *labels, size_t n)
{
	struct fsb_kv *e = NULL;

	for (size_t f = 0; f < n; f++) {
		const struct fsb_strv *v = &results[f]->host.versions;

		for (size_t i = 0; i < v->n; i++) {
			size_t g;

			for (g = 0; g < n && fsb_strv_contains(&results[g]->host.versions, v->v[i]); g++)
				;
			if (g == n)
				continue;
			if (!e) {
				e = fsb_block_kv_add(b, "Program versions");
				e->list = true;
			}
			fsb_strv_addf(&e->values, "%s: %s", labels[f], v->v[i]);
		}
	}
}

static void differences(struct fsb_doc *doc, struct fsb_result *const *results, const char *const *labels, size_t n)
{
	struct fsb_block *b = fsb_doc_add(doc, FSB_BLOCK_KV, FSB_ROLE_MACHINES);

	fact_of(b, "Host", results, labels, n, f_hostname, NULL);
	fact_of(b, "Kernel", results, labels, n, f_kernel, NULL);
	fact_of(b, "CPU", results, labels, n, f_cpu, NULL);
	fact_of(b, "Cores", results, labels, n, f_cores, NULL);
	fact_of(b, "Memory", results, labels, n, f_ram, NULL);
	fact_of(b, "Distribution", results, labels, n, f_distro, NULL);
	fact_of(b, "Target", results, labels, n, f_target, NULL);
	fact_of(b, "Device", results, labels, n, f_device, NULL);
	fact_of(b, "fsbench", results, labels, n, f_tool, NULL);
	versions(b, results, labels, n);
	for (size_t i = 0; i < results[0]->nfs; i++) {
		char *key = fsb_xasprintf("mkfs of %s", results[0]->fs[i]->name);

		fact_of(b, key, results, labels, n, f_mkfs_version, results[0]->fs[i]->name);
		free(key);
	}
	if (!b->nkv) {
		struct fsb_kv *e = fsb_block_kv_add(b, "Differences");

		fsb_strv_add(&e->values, "none recorded: the same host, kernel, CPU, memory, target, device "
			     "and program versions");
	}
}

/* ---- each machine against its own baseline --------------------------------- */

#define MACHINES_MAX_FS 256

enum side { SIDE_NONE, SIDE_AHEAD, SIDE_BEHIND };

struct finding {
	struct fsb_norm norm[8];	/* per file, at most the first 8 */
};

static enum side side_of(const struct fsb_norm *nn, bool tested)
{
	if (isnan(nn->ratio) || nn->unreliable || (tested && !nn->significant))
		return SIDE_NONE;
	if (nn->ratio < 0.995)
		return SIDE_AHEAD;
	return nn->ratio >= 1.005 ? SIDE_BEHIND : SIDE_NONE;
}

static const char *side_word(enum side s)
{
	return s == SIDE_AHEAD ? "ahead" : s == SIDE_BEHIND ? "behind" : "level";
}

static const char *ratio_text(const struct fsb_norm *nn, char *buf, size_t len)
{
	if (isnan(nn->ratio))
		snprintf(buf, len, "—");
	else
		snprintf(buf, len, "%.2f%s", nn->ratio, nn->significant ? "*" : "");
	return buf;
}

/* The cell "on every machine" and, when there is one, the finding's line. */
static void agree(struct fsb_table *t, size_t r, size_t c, const struct finding *fd, size_t n,
		  const char *const *labels, const char *fs, const char *base, const char *phase,
		  struct fsb_strv *lines)
{
	bool tested = true;
	size_t ahead = 0, behind = 0, nodata = 0;
	const char *every = n == 2 ? "both machines" : "every machine";
	struct fsb_buf nums = { 0 };
	char buf[32];

	for (size_t f = 0; f < n; f++)
		tested &= fd->norm[f].tested;
	for (size_t f = 0; f < n; f++) {
		enum side s = side_of(&fd->norm[f], tested);

		nodata += isnan(fd->norm[f].ratio);
		ahead += s == SIDE_AHEAD;
		behind += s == SIDE_BEHIND;
		fsb_buf_addf(&nums, "%s%s", f ? (f + 1 == n ? " and " : ", ") : "",
			     ratio_text(&fd->norm[f], buf, sizeof(buf)));
	}
	if (nodata) {
		fsb_table_set(t, r, c, FSB_CELL_MISSING, NAN, "—");
	} else if (ahead == n || behind == n) {
		fsb_table_set(t, r, c, ahead ? FSB_CELL_BETTER : FSB_CELL_WORSE, NAN, "%s%s", ahead ? "ahead" : "behind",
			      tested ? "" : " (untested)");
		fsb_strv_addf(lines, "On %s %s is %s %s at %s (%s%s).", every, fs, ahead ? "ahead of" : "behind", base,
			      phase, nums.s, tested ? "" : "; one run a cell, not tested");
	} else if (ahead && behind) {
		struct fsb_buf who = { 0 };

		for (size_t f = 0; f < n; f++)
			fsb_buf_addf(&who, "%s%s on %s (%s)", f ? ", " : "", side_word(side_of(&fd->norm[f], tested)),
				     labels[f], ratio_text(&fd->norm[f], buf, sizeof(buf)));
		fsb_table_set(t, r, c, 0, NAN, "disagree");
		fsb_strv_addf(lines, "At %s the machines disagree about %s against %s: %s.", phase, fs, base, who.s);
		fsb_buf_free(&who);
	} else if (ahead || behind) {
		struct fsb_buf who = { 0 };

		for (size_t f = 0; f < n; f++)
			if (side_of(&fd->norm[f], tested) != SIDE_NONE)
				fsb_buf_addf(&who, "%s%s", who.len ? ", " : "", labels[f]);
		fsb_table_set(t, r, c, FSB_CELL_DIM, NAN, "%s on %s only", ahead ? "ahead" : "behind", who.s);
		fsb_strv_addf(lines, "%s is %s %s at %s only on %s; elsewhere within the noise (%s).", fs,
			      ahead ? "ahead of" : "behind", base, phase, who.s, nums.s);
		fsb_buf_free(&who);
	} else {
		fsb_table_set(t, r, c, FSB_CELL_DIM, NAN, "level");
	}
	fsb_buf_free(&nums);
}

/* The phases of the table: the command phases, "total", the built-in ones
 * (*rate0: the first of those). */
static void table_phases(const struct fsb_result *r, struct fsb_strv *out, size_t *rate0)
{
	const struct fsb_grid *g = fsb_result_grid(r);

	fsb_grid_cols_names(g, &g->desktop, out);
	if (out->n)
		fsb_strv_add(out, FSB_GRID_TOTAL_NAME);
	*rate0 = out->n;
	fsb_grid_cols_names(g, &g->builtin, out);
}

/* Each file's own baseline cell of phase, for metric m. */
static void base_of(struct fsb_result *const *results, size_t n, const char *base, const char *phase,
		    enum fsb_metric m, struct fsb_cellstats *cb)
{
	for (size_t f = 0; f < n; f++) {
		const struct fsb_grid *g = fsb_result_grid(results[f]);

		fsb_cell_stats(results[f], fsb_grid_fs(g, base), fsb_grid_phase(g, phase), m, &cb[f]);
	}
}

static void ratios(struct fsb_doc *doc, struct fsb_result *const *results, const char *const *labels, size_t n,
		   const char *base, const struct fsb_report_opts *o)
{
	struct fsb_strv phases = { 0 }, lines = { 0 };
	const struct fsb_result *r0 = results[0];
	enum fsb_metric m = o->metric;
	struct fsb_block *b;
	struct fsb_table *t;
	size_t row = 1, rate0;

	table_phases(r0, &phases, &rate0);
	b = fsb_doc_add(doc, FSB_BLOCK_TABLE, FSB_ROLE_MACHINES_RATIOS);
	t = &b->table;
	fsb_table_init(t, "machines", 1 + phases.n * (r0->nfs - 1), n + 3, 1);
	t->title = fsb_xstrdup("Each machine against its own baseline");
	t->caption = fsb_xasprintf("%s time%s normalized to %s within each machine's own file (> 1 means slower); "
				   "* = significant (p < 0.05)", fsb_metric_name(m),
				   phases.n > rate0 ? " (throughput for the built-in phases)" : "", base);
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Phase");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER, NAN, "FS");
	for (size_t f = 0; f < n; f++)
		fsb_table_set(t, 0, f + 2, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", labels[f]);
	fsb_table_set(t, 0, n + 2, FSB_CELL_HEADER, NAN, "%s", n == 2 ? "On both" : "On every machine");
	for (size_t j = 0; j < phases.n; j++) {
		enum fsb_metric pm = j >= rate0 ? FSB_METRIC_RATE : m;
		struct fsb_cellstats cb[FSB_ARRAY_SIZE(((struct finding *)0)->norm)];
		size_t nb = n < FSB_ARRAY_SIZE(cb) ? n : FSB_ARRAY_SIZE(cb);

		base_of(results, nb, base, phases.v[j], pm, cb);
		for (size_t i = 0; i < r0->nfs; i++) {
			const char *fs = r0->fs[i]->name;
			struct finding fd = { 0 };

			if (strcmp(fs, base) == 0)
				continue;
			fsb_table_set(t, row, 0, FSB_CELL_NAME, NAN, "%s", phases.v[j]);
			fsb_table_set(t, row, 1, FSB_CELL_NAME, NAN, "%s", fs);
			for (size_t f = 0; f < nb; f++) {
				const struct fsb_grid *g = fsb_result_grid(results[f]);
				struct fsb_cellstats ca;
				char buf[32];

				fsb_cell_stats(results[f], fsb_grid_fs(g, fs), fsb_grid_phase(g, phases.v[j]), pm, &ca);
				fd.norm[f] = (struct fsb_norm){ .ratio = NAN, .lo = NAN, .hi = NAN, .p = NAN };
				if (ca.nok && cb[f].nok)
					fd.norm[f] = fsb_cell_normalize(&ca, &cb[f], pm, o);
				fsb_cell_stats_free(&ca);
				fsb_table_set(t, row, f + 2,
					      FSB_CELL_NUMBER | (isnan(fd.norm[f].ratio) ? FSB_CELL_MISSING : FSB_CELL_RATIO) |
					      (fd.norm[f].significant ? FSB_CELL_SIGNIFICANT : 0) |
					      (fd.norm[f].ratio < 0.995 ? FSB_CELL_BETTER : 0) |
					      (fd.norm[f].ratio >= 1.005 ? FSB_CELL_WORSE : 0),
					      fd.norm[f].ratio, "%s", ratio_text(&fd.norm[f], buf, sizeof(buf)));
			}
			agree(t, row, n + 2, &fd, n, labels, fs, base, phases.v[j], &lines);
			row++;
		}
		for (size_t f = 0; f < nb; f++)
			fsb_cell_stats_free(&cb[f]);
	}
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		if (!t->cells[i].text)
			t->cells[i].text = fsb_xstrdup("");
	if (!lines.n)
		fsb_strv_addf(&lines, "Neither machine sets a filesystem apart from %s: no phase differs significantly "
			      "on %s.", base, n == 2 ? "both" : "all of them");
	for (size_t k = 0; k < lines.n; k++) {
		struct fsb_block *l = fsb_doc_add(doc, FSB_BLOCK_TEXT, FSB_ROLE_MACHINES_AGREE);

		l->text = fsb_xstrdup(lines.v[k]);
		l->level = 2;
	}
	fsb_strv_free(&lines);
	fsb_strv_free(&phases);
}

/* The baseline every file has: the asked one, else the first file's. */
static const char *common_baseline(struct fsb_result *const *results, size_t n, const struct fsb_report_opts *o)
{
	const char *b = o->baseline ? o->baseline : fsb_cell_baseline(results[0], NULL);

	for (size_t f = 0; b && f < n; f++)
		if (fsb_grid_fs(fsb_result_grid(results[f]), b) == FSB_GRID_NONE)
			return NULL;
	return b;
}

size_t fsb_doc_machines(struct fsb_result *const *results, const char *const *labels, size_t n,
			const struct fsb_doc_opts *o, struct fsb_doc *doc)
{
	size_t before = doc->n;
	const char *base;
	struct fsb_block *h;

	/* a real plan has a handful of filesystems; a hostile file's 20,000
	 * would make the name lookups quadratic */
	if (n > 8 || results[0]->nfs > MACHINES_MAX_FS || !fsb_doc_same_plan(results, n))
		return 0;
	base = common_baseline(results, n, &o->report);
	if (!base || results[0]->nfs < 2)
		return 0;
	h = fsb_doc_add(doc, FSB_BLOCK_HEADING, FSB_ROLE_SECTION);
	h->level = 2;
	h->text = fsb_xstrdup("Comparing machines");
	h = fsb_doc_add(doc, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND);
	h->text = fsb_xasprintf("The same plan on %zu machines: each is normalized to its own %s, so the "
				"comparison is of the filesystems' order on each machine, not of one machine's "
				"seconds against another's.  What their results record differently:", n, base);
	differences(doc, results, labels, n);
	ratios(doc, results, labels, n, base, &o->report);
	return doc->n - before;
}
