/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bonnie++ CSV → result.  Two layouts, told apart by the first field:
 *  - before 1.90 (bonnie++ 1.03, seed 003): name, size, 6 × (rate, %CP),
 *    files[:max:min:dirs], 6 × (rate, %CP) — 27 fields;
 *  - format 1.98 (bonnie++ 1.98 … 2.00a; bon_csv2txt(1)): format,
 *    version, name, concurrency, seed, size, chunk, seeks, seekers,
 *    6 × (rate, %CP), files, max, min, dirs, file chunk, 6 × (rate, %CP),
 *    12 latencies — 50 fields.  Older 1.9x formats differ in ways no
 *    fixture here shows, so they are refused by name rather than guessed.
 * The tests map onto the built-in phases of the same name (the inverse of
 * src/doc/export_bonnie.c).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model/import.h"
#include "model/kinds.h"

#define NTESTS 12
#define NIO 6
#define MAX_FIELDS 64
#define TOO_FAST "too fast for bonnie++ (it prints +++++ for a test shorter than it can time)"

static const struct {
	const char *phase, *label;
	bool ops;                            /* /sec, not K/sec */
} tests[NTESTS] = {
	{ "char-write", "Sequential Output, Per Chr", false },
	{ "block-write", "Sequential Output, Block", false },
	{ "rewrite", "Sequential Output, Rewrite", false },
	{ "char-read", "Sequential Input, Per Chr", false },
	{ "block-read", "Sequential Input, Block", false },
	{ "seeks", "Random Seeks", true },
	{ "seq-create", "Sequential Create, Create", true },
	{ "seq-stat", "Sequential Create, Read", true },
	{ "seq-delete", "Sequential Create, Delete", true },
	{ "rand-create", "Random Create, Create", true },
	{ "rand-stat", "Random Create, Read", true },
	{ "rand-delete", "Random Create, Delete", true },
};

/* One line split at commas, in place. */
struct line {
	char *f[MAX_FIELDS];
	int n;
	const char *file;
	int lineno;
};

static int bad(struct fsb_err *err, const struct line *l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* "FILE:LINE: what is wrong" */
static int bad(struct fsb_err *err, const struct line *l, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;
	int rc;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	rc = fsb_err_set(err, -EINVAL, "%s:%d: %s", l->file, l->lineno, b.s);
	fsb_buf_free(&b);
	return rc;
}

/* A number that is all digits with at most one '.', nothing else. */
static bool parse_number(const char *s, double *v)
{
	char *end;

	if (!*s || !(isdigit((unsigned char)*s)))
		return false;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

static bool all_plus(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s != '+')
			return false;
	return true;
}

/* "384M", "4G", "512k", "8192" (bytes when no unit for chunks, MiB for
 * sizes: unit_default says which) → bytes. */
static bool parse_size(const char *s, double unit_default, double *bytes)
{
	char *end;
	double v;

	if (!isdigit((unsigned char)*s))
		return false;
	v = strtod(s, &end);
	switch (tolower((unsigned char)*end)) {
	case '\0': *bytes = v * unit_default; return isfinite(*bytes);
	case 'k': v *= 1024.0; break;
	case 'm': v *= 1024.0 * 1024; break;
	case 'g': v *= 1024.0 * 1024 * 1024; break;
	case 't': v *= 1024.0 * 1024 * 1024 * 1024; break;
	default: return false;
	}
	if (end[1])
		return false;
	*bytes = v;
	return isfinite(v);
}

/* "58665us", "4ms", "2s" → µs. */
static bool parse_latency(const char *s, double *us)
{
	char *end;
	double v;

	if (!isdigit((unsigned char)*s))
		return false;
	v = strtod(s, &end);
	if (strcmp(end, "us") == 0)
		*us = v;
	else if (strcmp(end, "ms") == 0)
		*us = v * 1e3;
	else if (strcmp(end, "s") == 0)
		*us = v * 1e6;
	else
		return false;
	return isfinite(*us);	/* "1e400us" is no latency: the reader refuses inf */
}

/* An optional number field: empty = absent (NAN). */
static int opt_number(const struct line *l, int i, const char *what, double *v, struct fsb_err *err)
{
	*v = NAN;
	if (!*l->f[i])
		return 0;
	if (!parse_number(l->f[i], v))
		return bad(err, l, "%s is \"%s\", not a number", what, l->f[i]);
	return 0;
}

/* What the CSV says about the run, layout-independent. */
struct parsed {
	const char *machine, *version;
	double size, chunk, seeks, seekers, files, file_max, file_min, dirs, file_chunk, seed, concurrency;
	const char *rate[NTESTS], *cpu[NTESTS], *lat[NTESTS];
};

static int parse_files(const struct line *l, int i, struct parsed *p, struct fsb_err *err)
{
	/* pre-1.90: "16" or "16:max:min:dirs" */
	char buf[128], *save = NULL, *tok;
	double *dst[] = { &p->files, &p->file_max, &p->file_min, &p->dirs };
	size_t k = 0;

	snprintf(buf, sizeof(buf), "%s", l->f[i]);
	for (tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save), k++)
		if (k >= FSB_ARRAY_SIZE(dst) || !parse_number(tok, dst[k]))
			return bad(err, l, "%s is \"%s\", not files[:max:min:dirs]", "the file count", l->f[i]);
	return 0;
}

static int parse_old(const struct line *l, struct parsed *p, struct fsb_err *err)
{
	char size[64], *colon;

	if (l->n != 27)
		return fsb_err_set(err, -EINVAL, "%s:%d: %d fields, a bonnie++ CSV line (before 1.90) has 27 "
				   "(truncated?)", l->file, l->lineno, l->n);
	p->machine = l->f[0];
	snprintf(size, sizeof(size), "%s", l->f[1]);
	colon = strchr(size, ':');
	if (colon)
		*colon++ = '\0';
	if (*size && !parse_size(size, 1024.0 * 1024, &p->size))
		return bad(err, l, "%s is \"%s\", not a size such as 384M", "the file size", l->f[1]);
	if (colon && !parse_size(colon, 1, &p->chunk))
		return bad(err, l, "%s is \"%s\", not a size", "the chunk size", colon);
	for (int k = 0; k < NIO; k++) {
		p->rate[k] = l->f[2 + 2 * k];
		p->cpu[k] = l->f[3 + 2 * k];
	}
	if (*l->f[14] && parse_files(l, 14, p, err))
		return -EINVAL;
	for (int k = NIO; k < NTESTS; k++) {
		p->rate[k] = l->f[15 + 2 * (k - NIO)];
		p->cpu[k] = l->f[16 + 2 * (k - NIO)];
	}
	return 0;
}

static int parse_new(const struct line *l, struct parsed *p, struct fsb_err *err)
{
	int i;

	if (strcmp(l->f[0], "1.98") != 0)
		return bad(err, l, "bonnie++ CSV format \"%s\" is not one fsbench reads (1.98, or the 27-field "
			   "lines of bonnie++ before 1.90)", l->f[0]);
	if (l->n != 50)
		return fsb_err_set(err, -EINVAL, "%s:%d: %d fields, a bonnie++ CSV 1.98 line has 50 (truncated?)",
				   l->file, l->lineno, l->n);
	p->version = l->f[1];
	p->machine = l->f[2];
	if (opt_number(l, 3, "the concurrency", &p->concurrency, err) ||
	    opt_number(l, 4, "the seed", &p->seed, err))
		return -EINVAL;
	if (*l->f[5] && !parse_size(l->f[5], 1024.0 * 1024, &p->size))
		return bad(err, l, "%s is \"%s\", not a size such as 64M", "the file size", l->f[5]);
	if (*l->f[6] && !parse_size(l->f[6], 1, &p->chunk))
		return bad(err, l, "%s is \"%s\", not a size", "the chunk size", l->f[6]);
	if (opt_number(l, 7, "the number of seeks", &p->seeks, err) ||
	    opt_number(l, 8, "the number of seekers", &p->seekers, err))
		return -EINVAL;
	i = 9;
	for (int k = 0; k < NIO; k++, i += 2) {
		p->rate[k] = l->f[i];
		p->cpu[k] = l->f[i + 1];
	}
	if (opt_number(l, i, "the file count", &p->files, err) ||
	    opt_number(l, i + 1, "the largest file size", &p->file_max, err) ||
	    opt_number(l, i + 2, "the smallest file size", &p->file_min, err) ||
	    opt_number(l, i + 3, "the number of directories", &p->dirs, err))
		return -EINVAL;
	if (*l->f[i + 4] && !parse_size(l->f[i + 4], 1, &p->file_chunk))
		return bad(err, l, "%s is \"%s\", not a size", "the file chunk size", l->f[i + 4]);
	i += 5;
	for (int k = NIO; k < NTESTS; k++, i += 2) {
		p->rate[k] = l->f[i];
		p->cpu[k] = l->f[i + 1];
	}
	for (int k = 0; k < NTESTS; k++, i++)
		p->lat[k] = l->f[i];
	return 0;
}

/* Check test k's fields and fill its run; false when bonnie++ skipped it
 * (empty rate: -f, -n 0 …). */
static int test_run(const struct line *l, const struct parsed *p, int k, struct fsb_run *r, bool *present,
		    struct fsb_err *err)
{
	double v;

	fsb_run_init(r);
	*present = *p->rate[k] != '\0';
	if (!*present)
		return 0;
	if (all_plus(p->rate[k])) {
		r->not_measured = fsb_xstrdup(TOO_FAST);
	} else if (parse_number(p->rate[k], &v)) {
		r->v[tests[k].ops ? FSB_FIELD_ops_per_s : FSB_FIELD_kib_per_s] = v;
		if (*p->cpu[k] && !all_plus(p->cpu[k])) {
			if (!parse_number(p->cpu[k], &v))
				return bad(err, l, "%s is \"%s\", not a number or +++", "%CP", p->cpu[k]);
			r->v[FSB_FIELD_cpu_pct] = v;
		}
	} else {
		char what[64];

		snprintf(what, sizeof(what), "the %s rate", tests[k].phase);
		return bad(err, l, "%s is \"%s\", not a number or +++++", what, p->rate[k]);
	}
	if (p->lat[k] && *p->lat[k]) {
		if (!parse_latency(p->lat[k], &v))
			return bad(err, l, "%s is \"%s\", not a latency such as 4043us", "a latency", p->lat[k]);
		r->v[FSB_FIELD_lat_max_us] = v;
	}
	if (k < NIO - 1) {
		r->v[FSB_FIELD_bytes] = p->size;
		r->v[FSB_FIELD_chunk] = isnan(p->chunk) ? 8192 : p->chunk;
	} else if (k == NIO - 1) {
		r->v[FSB_FIELD_ops] = p->seeks;
		r->v[FSB_FIELD_seekers] = p->seekers;
	} else {
		r->v[FSB_FIELD_ops] = p->files * 1024;
		r->v[FSB_FIELD_file_max] = p->file_max;
		r->v[FSB_FIELD_file_min] = p->file_min;
		r->v[FSB_FIELD_dirs] = p->dirs;
	}
	r->v[FSB_FIELD_seed] = p->seed;
	return 0;
}

static void describe(struct fsb_buf *b, const struct parsed *p)
{
	/* as bonnie++ -s takes it: MiB */
	if (!isnan(p->size))
		fsb_buf_addf(b, " -s %.0fM", p->size / (1024.0 * 1024));
	if (!isnan(p->files))
		fsb_buf_addf(b, " -n %.0f", p->files);
}

static int one_line(struct fsb_result *res, struct line *l, struct fsb_import_opts *o, struct fsb_err *err)
{
	struct parsed p = { 0 };
	struct fsb_run runs[NTESTS];
	bool present[NTESTS] = { false }, any = false;
	struct fsb_fs_result *fs;
	struct fsb_buf desc = { 0 };
	char *name;
	int rc = 0, k;

	p.size = p.chunk = p.seeks = p.seekers = p.files = p.file_max = p.file_min = p.dirs = NAN;
	p.file_chunk = p.seed = p.concurrency = NAN;
	/* a format field is a version number: 1.98 */
	rc = isdigit((unsigned char)l->f[0][0]) && strchr(l->f[0], '.') && l->n > 27 ? parse_new(l, &p, err)
										       : parse_old(l, &p, err);
	if (rc)
		return rc;
	for (k = 0; k < NTESTS; k++)
		fsb_run_init(&runs[k]);
	for (k = 0; k < NTESTS && !rc; k++) {
		rc = test_run(l, &p, k, &runs[k], &present[k], err);
		any |= present[k];
	}
	if (rc)
		goto out;
	if (!any) {
		rc = fsb_err_set(err, -EINVAL, "%s:%d: no test has a result on this line", l->file, l->lineno);
		goto out;
	}
	if (!res->source_tool) {
		res->source_tool = fsb_xstrdup("bonnie++");
		res->source_version = fsb_xstrdup(p.version ? p.version
						  : o && o->tool_version ? o->tool_version : "before 1.90");
	}
	if (!res->host.hostname)
		res->host.hostname = fsb_xstrdup(p.machine);
	if (!res->workload) {
		fsb_buf_add(&desc, "bonnie++");
		describe(&desc, &p);
		res->workload = fsb_buf_steal(&desc);
	}
	name = fsb_import_fs_name(res, o, p.machine);
	fs = fsb_result_add_fs(res, name);
	free(name);
	fsb_buf_addf(&desc, "bonnie++ %s on %s:", res->source_version, *p.machine ? p.machine : "(no name)");
	describe(&desc, &p);
	fs->description = fsb_buf_steal(&desc);
	fs->status = FSB_FS_OK;
	for (k = 0; k < NTESTS; k++) {
		struct fsb_phase_result *ph;

		if (!present[k])
			continue;
		ph = fsb_fs_add_phase(fs, tests[k].phase);
		ph->label = fsb_xstrdup(tests[k].label);
		ph->kind = FSB_PHASE_IMPORTED;
		ph->status = FSB_PHASE_OK;
		fsb_phase_add_run(ph, &runs[k]);
	}
out:
	for (k = 0; k < NTESTS; k++)
		fsb_run_clear(&runs[k]);
	return rc;
}

int fsb_import_bonnie(struct fsb_result *res, const char *buf, size_t len, const char *name,
		      struct fsb_import_opts *o, struct fsb_err *err)
{
	char *text = fsb_xmalloc(len + 1), *p, *next;
	size_t nfs = res->nfs;
	int lineno = 0, rc = 0;

	memcpy(text, buf, len);
	text[len] = '\0';
	if (strlen(text) != len) {
		rc = fsb_err_set(err, -EINVAL, "%s: contains a NUL byte: not a bonnie++ CSV file", name);
		goto out;
	}
	for (p = text; p && *p && !rc; p = next) {
		struct line l = { .file = name, .lineno = ++lineno };
		char *c;

		next = strchr(p, '\n');
		if (next)
			*next++ = '\0';
		if (*p && p[strlen(p) - 1] == '\r')
			p[strlen(p) - 1] = '\0';
		if (!*p)
			continue;
		if (!strchr(p, ',')) {
			rc = fsb_err_set(err, -EINVAL, "%s:%d: not a bonnie++ CSV line (no comma; run bonnie++ "
					 "with -q, or keep only its last line)", name, lineno);
			break;
		}
		for (c = p; ; c++) {
			if (l.n == MAX_FIELDS) {
				rc = fsb_err_set(err, -EINVAL, "%s:%d: more than %d fields: not a bonnie++ CSV line",
						 name, lineno, MAX_FIELDS);
				break;
			}
			l.f[l.n++] = p;
			c = strchr(p, ',');
			if (!c)
				break;
			*c = '\0';
			p = c + 1;
		}
		if (!rc)
			rc = one_line(res, &l, o, err);
	}
	if (!rc && res->nfs == nfs)
		rc = fsb_err_set(err, -EINVAL, "%s:1: empty: no bonnie++ CSV line", name);
out:
	if (rc)
		fsb_import_drop(res, nfs);
	free(text);
	return rc;
}
