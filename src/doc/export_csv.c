/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CSV: tidy data, one row per file × filesystem × phase × repetition, every
 * recorded field a column, for a spreadsheet, pandas or R without cleanup.
 * RFC 4180: a header row, CRLF line ends, fields with a comma, quote, CR,
 * LF or edge blank in double quotes with quotes doubled.  An unmeasured
 * value is an empty field (NaN in pandas, NA in R).  A phase that never ran
 * (unavailable) or a filesystem that could not be made gets one row with an
 * empty repetition, so the file still says why a cell is empty.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/export.h"

static void field(FILE *fp, const char *raw, bool first)
{
	bool quote = false;
	char *vis, *s;

	if (!first)
		fputc(',', fp);
	if (!raw)
		return;
	/* control characters from a result file shown, not passed on; line
	 * breaks and tabs are CSV's own (quoted) and stay */
	{
		struct fsb_buf b = { 0 };

		fsb_buf_add(&b, "");
		for (const char *p = raw; *p;) {
			size_t n = strcspn(p, "\n\r\t");
			char *seg = fsb_xmalloc(n + 1);

			memcpy(seg, p, n);
			seg[n] = '\0';
			fsb_buf_add_visible(&b, seg);
			free(seg);
			if (p[n])
				fsb_buf_addn(&b, p + n++, 1);
			p += n;
		}
		vis = fsb_buf_steal(&b);
	}
	s = vis;
	quote = strpbrk(s, ",\"\r\n") || (*s && (s[0] == ' ' || s[strlen(s) - 1] == ' '));
	if (!quote) {
		fputs(s, fp);
		free(vis);
		return;
	}
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
	free(vis);
}

static void number(FILE *fp, double v)
{
	char buf[64];

	fputc(',', fp);
	if (isnan(v) || isinf(v))
		return;
	/* as the result file writes them: shortest that reads back the same */
	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fputs(buf, fp);
}

static void integer(FILE *fp, long v, bool present)
{
	fputc(',', fp);
	if (present)
		fprintf(fp, "%ld", v);
}

static void header(FILE *fp, enum fsb_metric m)
{
	static const char *const lead[] = { "file", "filesystem", "type", "phase", "kind", "repetition",
					    "status", "exit_status", "error" };

	for (size_t i = 0; i < FSB_ARRAY_SIZE(lead); i++)
		field(fp, lead[i], i == 0);
	for (int i = 0; i < FSB_FIELD_COUNT; i++)
		field(fp, fsb_fields[i].name, false);
	field(fp, "dead", false);
	fprintf(fp, ",outlier_%s", fsb_metric_name(m));
	field(fp, "auto_repeats", false);
	field(fp, "auto_converged", false);
	fputs("\r\n", fp);
}

/* The columns before the fields, for a row of fs × phase. */
static void lead(FILE *fp, const char *label, const struct fsb_fs_result *fs, const struct fsb_phase_result *ph,
		 const char *phase)
{
	field(fp, label, true);
	field(fp, fs->name, false);
	field(fp, fs->type, false);
	field(fp, ph ? ph->name : phase, false);
	field(fp, ph ? fsb_phase_kind_word(ph->kind) : NULL, false);
}

/* A row without a run: only the status and why. */
static void empty_row(FILE *fp, const char *status, const char *why, const struct fsb_phase_result *ph)
{
	field(fp, NULL, false);     /* repetition */
	field(fp, status, false);
	field(fp, NULL, false);     /* exit_status */
	field(fp, why, false);
	for (int i = 0; i < FSB_FIELD_COUNT + 2; i++)
		fputc(',', fp);
	integer(fp, ph ? ph->auto_target_reps : 0, ph && ph->auto_target_reps >= 0);
	integer(fp, ph ? ph->auto_converged : 0, ph && ph->auto_target_reps >= 0);
	fputs("\r\n", fp);
}

static void one(FILE *fp, const struct fsb_result *res, const char *label, enum fsb_metric m)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		if (fs->status != FSB_FS_OK && !fs->nphases) {
			lead(fp, label, fs, NULL, NULL);
			empty_row(fp, fs->status == FSB_FS_FAILED ? "failed" : "unavailable", fs->error, NULL);
			continue;
		}
		for (size_t j = 0; j < g->nph; j++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, j);
			struct fsb_cellstats cs;
			size_t okidx = 0;

			if (!ph)
				continue;
			if (!ph->nruns) {
				lead(fp, label, fs, ph, NULL);
				empty_row(fp, ph->status == FSB_PHASE_UNAVAILABLE ? "unavailable" : "not run",
					  ph->reason, ph);
				continue;
			}
			/* the outlier flags as the tables use them: over the successful runs */
			fsb_cell_stats(res, i, j, m, &cs);
			for (size_t k = 0; k < ph->nruns; k++) {
				const struct fsb_run *r = &ph->runs[k];
				double metric = fsb_run_metric(r, m);
				bool counted = r->status == FSB_RUN_OK && !isnan(metric);

				lead(fp, label, fs, ph, NULL);
				integer(fp, (long)k + 1, true);
				field(fp, fsb_run_status_name(r->status), false);
				integer(fp, r->exit_status, r->exit_status >= 0);
				field(fp, r->error, false);
				for (int f = 0; f < FSB_FIELD_COUNT; f++)
					number(fp, r->v[f]);
				number(fp, fsb_run_metric(r, FSB_METRIC_DEAD));
				integer(fp, counted && okidx < cs.nok && cs.outlier && cs.outlier[okidx], counted);
				integer(fp, ph->auto_target_reps, ph->auto_target_reps >= 0);
				integer(fp, ph->auto_converged, ph->auto_target_reps >= 0);
				fputs("\r\n", fp);
				if (counted)
					okidx++;
			}
			fsb_cell_stats_free(&cs);
		}
	}
}

int fsb_export_csv(FILE *fp, struct fsb_result *const *res, size_t n, const struct fsb_export_opts *o,
		   struct fsb_err *err)
{
	enum fsb_metric m = o->report.metric;

	header(fp, m);
	for (size_t i = 0; i < n; i++)
		one(fp, res[i], o->labels ? o->labels[i] : "result", m);
	return ferror(fp) ? fsb_err_set(err, -EIO, "write error") : 0;
}
