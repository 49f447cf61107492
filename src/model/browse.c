/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/browse.h"

char *fsb_browse_results_dir(const struct fsb_config *cfg)
{
	char *data, *dir;

	/* the same rule as engine.c's default_output() */
	if (cfg && cfg->defaults.results_dir && *cfg->defaults.results_dir)
		return fsb_xstrdup(cfg->defaults.results_dir);
	data = fsb_xdg_dir("data");
	dir = fsb_xasprintf("%s/results", data);
	free(data);
	return dir;
}

/* ---- the scan: the index's rows, copied -------------------------------------------------- */

struct collect {
	struct fsb_browse *b;
	size_t cap;
};

static void free_entry(struct fsb_browse_entry *e)
{
	free(e->path);
	free(e->error);
	free(e->log);
	free(e->strings);
	free(e->text);
}

/* The entry's strings live in one allocation: 10,000 entries are 10,000
 * mallocs, not 150,000. */
static void copy_strings(struct fsb_browse_entry *e, const struct fsb_index_file *f)
{
	const char *src[] = { f->profile, f->title, f->tool, f->command, f->workload, f->started, f->finished,
			      f->target, f->host, f->kernel, f->cpu, f->filesystems, f->phases };
	const char **dst[] = { &e->profile, &e->title, &e->tool, &e->command, &e->workload, &e->started,
			       &e->finished, &e->target, &e->host, &e->kernel, &e->cpu, &e->filesystems, &e->phases };
	size_t len = 0;
	char *p;

	for (size_t i = 0; i < FSB_ARRAY_SIZE(src); i++)
		len += strlen(src[i] ? src[i] : "") + 1;
	p = e->strings = fsb_xmalloc(len);
	for (size_t i = 0; i < FSB_ARRAY_SIZE(src); i++) {
		size_t n = strlen(src[i] ? src[i] : "") + 1;

		memcpy(p, src[i] ? src[i] : "", n);
		*dst[i] = p;
		p += n;
	}
}

static char *row_text(const struct fsb_browse_entry *e);
static void format_date(time_t when, char *buf, size_t len);

static int collect_file(void *ctx, const struct fsb_index_file *f)
{
	struct collect *c = ctx;
	struct fsb_browse *b = c->b;
	struct fsb_browse_entry *e;

	if (!f) {
		/* the index was rebuilt half-way: the listing starts again */
		for (size_t i = 0; i < b->n; i++)
			free_entry(&b->v[i]);
		b->n = 0;
		return 0;
	}
	if (b->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		b->v = fsb_xrealloc(b->v, c->cap * sizeof(*b->v));
	}
	e = &b->v[b->n++];
	memset(e, 0, sizeof(*e));
	e->path = fsb_xasprintf("%s/%s", b->dir, f->name);
	e->name = strrchr(e->path, '/') + 1;
	e->readable = f->readable;
	e->error = f->readable ? NULL : fsb_xstrdup(f->error ? f->error : "?");
	e->when = f->when;
	/* the engine writes the log next to the result: x.fsbench → x.log */
	if (f->log)
		e->log = fsb_xasprintf("%.*s.log", (int)(strlen(e->path) - 8), e->path);
	e->status = f->status;
	e->aged = f->aged;
	e->repeat = f->repetitions;
	e->overhead = f->overhead;
	copy_strings(e, f);
	format_date(e->when, e->date, sizeof(e->date));
	e->text = row_text(e);
	return 0;
}

int fsb_browse_scan_index(const char *dir, const char *index_path, struct fsb_browse *out, struct fsb_err *err)
{
	struct collect c = { .b = out };
	int rc;

	memset(out, 0, sizeof(*out));
	out->dir = fsb_xstrdup(dir);
	rc = fsb_index_open(index_path, &out->ix, err);
	if (rc)
		return rc;
	return fsb_index_scan(out->ix, dir, collect_file, &c, &out->stats, err);
}

int fsb_browse_scan(const char *dir, struct fsb_browse *out, struct fsb_err *err)
{
	return fsb_browse_scan_index(dir, NULL, out, err);
}

struct fsb_estimate_cache {
	char *profile;
	struct pair {
		char *fs, *phase;
		double sum;          /* Σ runs × mean real */
		long runs;
	} *v;
	size_t n, cap;
};

static void free_cache(struct fsb_estimate_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].fs);
		free(c->v[i].phase);
	}
	free(c->v);
	free(c->profile);
	free(c);
}

void fsb_browse_free(struct fsb_browse *b)
{
	for (size_t i = 0; i < b->n; i++)
		free_entry(&b->v[i]);
	free(b->v);
	free(b->dir);
	fsb_index_close(b->ix);
	free_cache(b->est);
	memset(b, 0, sizeof(*b));
}

/* ---- the list table -------------------------------------------------------------- */

enum { COL_DATE = FSB_BROWSE_DATE, COL_STATUS = FSB_BROWSE_STATUS, COL_PROFILE = FSB_BROWSE_PROFILE,
       COL_TARGET = FSB_BROWSE_TARGET, COL_FS = FSB_BROWSE_FS, COL_PHASES = FSB_BROWSE_PHASES,
       COL_AGED = FSB_BROWSE_AGED, NCOLS = FSB_BROWSE_NCOLS };

static void format_date(time_t when, char *buf, size_t len)
{
	struct tm tm;

	buf[0] = '\0';
	if (localtime_r(&when, &tm))
		strftime(buf, len, "%Y-%m-%d %H:%M", &tm);
}

void fsb_browse_row(const struct fsb_browse_entry *e, char **col)
{
	char date[32];

	/* the scan formats it once: a filter redraws 10,000 rows */
	if (e->date[0])
		snprintf(date, sizeof(date), "%s", e->date);
	else
		format_date(e->when, date, sizeof(date));
	col[COL_DATE] = fsb_xstrdup(date);
	if (!e->readable) {
		col[COL_STATUS] = fsb_xstrdup("unreadable");
		col[COL_PROFILE] = fsb_xstrdup("");
		col[COL_TARGET] = fsb_xstrdup(e->error ? e->error : "");
		col[COL_FS] = fsb_xstrdup("");
		col[COL_PHASES] = fsb_xstrdup("");
		col[COL_AGED] = fsb_xstrdup("");
		return;
	}
	col[COL_STATUS] = fsb_xstrdup(fsb_result_status_name(e->status));
	col[COL_PROFILE] = fsb_xstrdup(e->profile);
	col[COL_TARGET] = fsb_xstrdup(e->target);
	col[COL_FS] = fsb_xstrdup(e->filesystems);
	col[COL_PHASES] = fsb_xstrdup(e->phases);
	col[COL_AGED] = fsb_xstrdup(e->aged ? "yes" : "no");
}

/* The file name and the row's columns, lower case: what the filter searches,
 * made once per scan so that a keystroke is a strstr per entry.  The Aged
 * column by what it means: a "yes" or "no" would match any word with those
 * letters. */
static char *row_text(const struct fsb_browse_entry *e)
{
	char *col[NCOLS];
	struct fsb_buf all = { 0 };

	fsb_browse_row(e, col);
	fsb_buf_add(&all, e->name);
	for (int c = 0; c < NCOLS; c++) {
		fsb_buf_add(&all, " ");
		fsb_buf_add(&all, c == COL_AGED ? (e->readable && e->aged ? "aged" : "") : col[c]);
		free(col[c]);
	}
	for (char *p = all.s; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return fsb_buf_steal(&all);
}

bool fsb_browse_match(const struct fsb_browse_entry *e, const char *filter)
{
	char word[256];
	char *own = NULL;
	const char *text = e->text;
	bool ok = true;

	if (!filter || !*filter)
		return true;
	if (!text)
		text = own = row_text(e);
	for (const char *p = filter; *p && ok;) {
		size_t n;

		while (isspace((unsigned char)*p))
			p++;
		for (n = 0; p[n] && !isspace((unsigned char)p[n]); n++)
			;
		if (n) {
			char *w = n < sizeof(word) ? word : fsb_xmalloc(n + 1);

			for (size_t i = 0; i < n; i++)
				w[i] = (char)tolower((unsigned char)p[i]);
			w[n] = '\0';
			ok = strstr(text, w) != NULL;
			if (w != word)
				free(w);
		}
		p += n;
	}
	free(own);
	return ok;
}

/* ---- the estimate -------------------------------------------------------------- */

static int add_summary(void *ctx, const struct fsb_index_summary *s)
{
	struct fsb_estimate_cache *c = ctx;
	struct pair *p = NULL;

	if (!s) {
		for (size_t i = 0; i < c->n; i++) {
			free(c->v[i].fs);
			free(c->v[i].phase);
		}
		c->n = 0;
		return 0;
	}
	if (s->runs <= 0 || isnan(s->real))
		return 0;
	for (size_t i = 0; i < c->n && !p; i++)
		if (strcmp(c->v[i].fs, s->fs) == 0 && strcmp(c->v[i].phase, s->phase) == 0)
			p = &c->v[i];
	if (!p) {
		if (c->n == c->cap) {
			c->cap = c->cap ? 2 * c->cap : 32;
			c->v = fsb_xrealloc(c->v, c->cap * sizeof(*c->v));
		}
		p = &c->v[c->n++];
		*p = (struct pair){ .fs = fsb_xstrdup(s->fs), .phase = fsb_xstrdup(s->phase) };
	}
	p->sum += s->real * (double)s->runs;
	p->runs += s->runs;
	return 0;
}

/* Mean real time of phase on filesystem fs (NULL: any) over the results. */
static double mean_real(const struct fsb_estimate_cache *c, const char *fs, const char *phase)
{
	double sum = 0;
	long n = 0;

	for (size_t i = 0; i < c->n; i++)
		if ((!fs || strcmp(c->v[i].fs, fs) == 0) && strcmp(c->v[i].phase, phase) == 0) {
			sum += c->v[i].sum;
			n += c->v[i].runs;
		}
	return n ? sum / (double)n : NAN;
}

/* The summary of the profile's files, from the index once per profile. */
static const struct fsb_estimate_cache *summary_of(struct fsb_browse *b, const char *profile)
{
	struct fsb_estimate_cache *c = b->est;

	if (c && strcmp(c->profile, profile) == 0)
		return c;
	free_cache(c);
	c = b->est = fsb_xcalloc(1, sizeof(*c));
	c->profile = fsb_xstrdup(profile);
	/* no index (the scan failed to open one): nothing is known */
	if (b->ix && b->dir)
		fsb_index_summaries(b->ix, b->dir, profile, add_summary, c, NULL);
	return c;
}

void fsb_browse_estimate(struct fsb_browse *b, const char *profile, const struct fsb_strv *fs,
			 const struct fsb_strv *phases, long repeat, struct fsb_estimate *out)
{
	const struct fsb_estimate_cache *c;
	double total = 0, overhead = 0;
	size_t noverhead = 0;

	memset(out, 0, sizeof(*out));
	out->seconds = NAN;
	if (!profile)
		return;
	for (size_t i = 0; i < b->n; i++) {
		const struct fsb_browse_entry *e = &b->v[i];

		if (!e->readable || strcmp(e->profile, profile))
			continue;
		out->files++;
		/* what a complete result spent outside its phases, per run */
		if (!isnan(e->overhead)) {
			overhead += e->overhead;
			noverhead++;
		}
	}
	if (!out->files)
		return;
	c = summary_of(b, profile);
	for (size_t f = 0; f < fs->n; f++)
		for (size_t j = 0; j < phases->n; j++) {
			double m = mean_real(c, fs->v[f], phases->v[j]);

			if (isnan(m))
				m = mean_real(c, NULL, phases->v[j]);
			if (isnan(m)) {
				out->unknown++;
				continue;
			}
			out->known++;
			total += m * (double)(repeat > 0 ? repeat : 1);
		}
	if (noverhead)
		total += overhead / (double)noverhead * (double)fs->n * (double)(repeat > 0 ? repeat : 1);
	out->seconds = total;
}

double fsb_browse_phase_mean(struct fsb_browse *b, const char *profile, const char *fs, const char *phase)
{
	bool any = false;

	for (size_t i = 0; i < b->n && !any; i++)
		any = b->v[i].readable && !strcmp(b->v[i].profile, profile);
	return any ? mean_real(summary_of(b, profile), fs, phase) : NAN;
}

double fsb_browse_overhead(struct fsb_browse *b, const char *profile)
{
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < b->n; i++)
		if (b->v[i].readable && !strcmp(b->v[i].profile, profile) && !isnan(b->v[i].overhead)) {
			sum += b->v[i].overhead;
			n++;
		}
	return n ? sum / (double)n : NAN;
}

const char *fsb_format_duration(double s, char *buf, size_t len)
{
	long t = isnan(s) || s < 0 ? 0 : lround(s);

	if (isnan(s))
		snprintf(buf, len, "unknown");
	else if (t < 60)
		snprintf(buf, len, "about %ld s", t < 1 ? 1 : t);
	else if (t < 3600)
		snprintf(buf, len, "about %ld min %02ld s", t / 60, t % 60);
	else
		snprintf(buf, len, "about %ld h %02ld min", (t + 30) / 60 / 60, (t + 30) / 60 % 60);
	return buf;
}
