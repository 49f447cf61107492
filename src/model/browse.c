/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static time_t parse_iso(const char *s)
{
	struct tm tm;
	const char *end;

	if (!s)
		return (time_t)-1;
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!end)
		return (time_t)-1;
	return timegm(&tm);
}

static int newest_first(const void *a, const void *b)
{
	const struct fsb_browse_entry *x = a, *y = b;

	if (x->when != y->when)
		return x->when < y->when ? 1 : -1;
	return strcmp(y->name, x->name);
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n > m && strcmp(s + n - m, suf) == 0;
}

int fsb_browse_scan(const char *dir, struct fsb_browse *out, struct fsb_err *err)
{
	DIR *d;
	struct dirent *de;
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	out->dir = fsb_xstrdup(dir);
	d = opendir(dir);
	if (!d) {
		if (errno == ENOENT)
			return 0;
		return fsb_err_set(err, -errno, "cannot read the results directory %s: %s", dir, strerror(errno));
	}
	while ((de = readdir(d))) {
		struct fsb_browse_entry *e;
		struct fsb_err perr = { 0 };
		struct stat st;
		char *path, *log;

		if (de->d_name[0] == '.' || !has_suffix(de->d_name, ".fsbench"))
			continue;
		path = fsb_xasprintf("%s/%s", dir, de->d_name);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		if (out->n == cap) {
			cap = cap ? 2 * cap : 16;
			out->v = fsb_xrealloc(out->v, cap * sizeof(*out->v));
		}
		e = &out->v[out->n++];
		memset(e, 0, sizeof(*e));
		e->path = path;
		e->name = strrchr(path, '/') + 1;
		e->when = st.st_mtime;
		if (fsb_result_read(path, &e->res, &perr)) {
			e->res = NULL;
			e->error = fsb_xstrdup(perr.msg);
		} else {
			time_t t = parse_iso(e->res->started);

			if (t != (time_t)-1)
				e->when = t;
		}
		/* the engine writes the log next to the result: x.fsbench → x.log */
		log = fsb_xasprintf("%.*s.log", (int)(strlen(path) - 8), path);
		if (access(log, F_OK) == 0)
			e->log = log;
		else
			free(log);
	}
	closedir(d);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), newest_first);
	return 0;
}

void fsb_browse_free(struct fsb_browse *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].path);
		free(b->v[i].error);
		free(b->v[i].log);
		fsb_result_free(b->v[i].res);
	}
	free(b->v);
	free(b->dir);
	memset(b, 0, sizeof(*b));
}

/* ---- the list table -------------------------------------------------------------- */

enum { COL_DATE = FSB_BROWSE_DATE, COL_STATUS = FSB_BROWSE_STATUS, COL_PROFILE = FSB_BROWSE_PROFILE,
       COL_TARGET = FSB_BROWSE_TARGET, COL_FS = FSB_BROWSE_FS, COL_PHASES = FSB_BROWSE_PHASES,
       NCOLS = FSB_BROWSE_NCOLS };

static char *fs_list(const struct fsb_result *r)
{
	struct fsb_strv sv = { 0 };
	char *s;

	for (size_t i = 0; i < r->nfs; i++)
		fsb_strv_add(&sv, r->fs[i]->name);
	s = fsb_strv_join(&sv, ",");
	fsb_strv_free(&sv);
	return s;
}

static char *phase_list(const struct fsb_result *r)
{
	struct fsb_strv sv = { 0 };
	char *s;

	fsb_result_phases(r, &sv);
	s = fsb_strv_join(&sv, ",");
	fsb_strv_free(&sv);
	return s;
}

static char *target_text(const struct fsb_result *r)
{
	const struct fsb_target_info *t = &r->target;

	if (!t->kind)
		return fsb_xstrdup("");
	return fsb_xasprintf("%s %s", t->kind, t->path ? t->path : "");
}

void fsb_browse_row(const struct fsb_browse_entry *e, char **col)
{
	char date[32] = "";
	struct tm tm;

	if (localtime_r(&e->when, &tm))
		strftime(date, sizeof(date), "%Y-%m-%d %H:%M", &tm);
	col[COL_DATE] = fsb_xstrdup(date);
	if (!e->res) {
		col[COL_STATUS] = fsb_xstrdup("unreadable");
		col[COL_PROFILE] = fsb_xstrdup("");
		col[COL_TARGET] = fsb_xstrdup(e->error ? e->error : "");
		col[COL_FS] = fsb_xstrdup("");
		col[COL_PHASES] = fsb_xstrdup("");
		return;
	}
	col[COL_STATUS] = fsb_xstrdup(fsb_result_status_name(e->res->status));
	col[COL_PROFILE] = fsb_xstrdup(e->res->profile ? e->res->profile : "");
	col[COL_TARGET] = target_text(e->res);
	col[COL_FS] = fs_list(e->res);
	col[COL_PHASES] = phase_list(e->res);
}

static bool contains_nocase(const char *hay, const char *needle, size_t n)
{
	size_t h = strlen(hay);

	for (size_t i = 0; n <= h && i + n <= h; i++)
		if (strncasecmp(hay + i, needle, n) == 0)
			return true;
	return false;
}

bool fsb_browse_match(const struct fsb_browse_entry *e, const char *filter)
{
	char *col[NCOLS];
	struct fsb_buf all = { 0 };
	bool ok = true;

	if (!filter || !*filter)
		return true;
	fsb_browse_row(e, col);
	fsb_buf_add(&all, e->name);
	for (int c = 0; c < NCOLS; c++) {
		fsb_buf_addf(&all, " %s", col[c]);
		free(col[c]);
	}
	for (const char *p = filter; *p && ok;) {
		size_t n;

		while (isspace((unsigned char)*p))
			p++;
		for (n = 0; p[n] && !isspace((unsigned char)p[n]); n++)
			;
		if (n)
			ok = contains_nocase(all.s, p, n);
		p += n;
	}
	fsb_buf_free(&all);
	return ok;
}

/* ---- the estimate -------------------------------------------------------------- */

static double parse_duration(const struct fsb_result *r)
{
	time_t a = parse_iso(r->started), b = parse_iso(r->finished);

	if (a == (time_t)-1 || b == (time_t)-1 || b < a)
		return NAN;
	return (double)(b - a);
}

/* Mean real time of phase on filesystem fs (NULL: any) over the results. */
static double mean_real(const struct fsb_browse *b, const char *profile, const char *fs, const char *phase)
{
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < b->n; i++) {
		const struct fsb_result *r = b->v[i].res;

		if (!r || !r->profile || strcmp(r->profile, profile))
			continue;
		for (size_t f = 0; f < r->nfs; f++) {
			const struct fsb_phase_result *ph;

			if (fs && strcmp(r->fs[f]->name, fs))
				continue;
			ph = fsb_fs_find_phase(r->fs[f], phase);
			for (size_t k = 0; ph && k < ph->nruns; k++) {
				double v = ph->runs[k].v[FSB_FIELD_real];

				if (ph->runs[k].status == FSB_RUN_OK && !isnan(v)) {
					sum += v;
					n++;
				}
			}
		}
	}
	return n ? sum / (double)n : NAN;
}

void fsb_browse_estimate(const struct fsb_browse *b, const char *profile, const struct fsb_strv *fs,
			 const struct fsb_strv *phases, long repeat, struct fsb_estimate *out)
{
	double total = 0, overhead = 0;
	size_t noverhead = 0;

	memset(out, 0, sizeof(*out));
	out->seconds = NAN;
	if (!profile)
		return;
	for (size_t i = 0; i < b->n; i++) {
		const struct fsb_result *r = b->v[i].res;
		double wall, phases_sum = 0;
		size_t nfs_ran = 0;

		if (!r || !r->profile || strcmp(r->profile, profile))
			continue;
		out->files++;
		/* what a complete run spent outside its phases, per filesystem */
		wall = parse_duration(r);
		if (r->status != FSB_RESULT_COMPLETE || isnan(wall))
			continue;
		for (size_t f = 0; f < r->nfs; f++) {
			if (r->fs[f]->status != FSB_FS_OK)
				continue;
			nfs_ran++;
			for (size_t j = 0; j < r->fs[f]->nphases; j++) {
				const struct fsb_phase_result *ph = r->fs[f]->phases[j];

				for (size_t k = 0; k < ph->nruns; k++)
					if (!isnan(ph->runs[k].v[FSB_FIELD_real]))
						phases_sum += ph->runs[k].v[FSB_FIELD_real];
			}
		}
		if (nfs_ran && wall >= phases_sum) {
			overhead += (wall - phases_sum) / (double)nfs_ran;
			noverhead++;
		}
	}
	if (!out->files)
		return;
	for (size_t f = 0; f < fs->n; f++)
		for (size_t j = 0; j < phases->n; j++) {
			double m = mean_real(b, profile, fs->v[f], phases->v[j]);

			if (isnan(m))
				m = mean_real(b, profile, NULL, phases->v[j]);
			if (isnan(m)) {
				out->unknown++;
				continue;
			}
			out->known++;
			total += m * (double)(repeat > 0 ? repeat : 1);
		}
	if (noverhead)
		total += overhead / (double)noverhead * (double)fs->n;
	out->seconds = total;
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
