/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The CSV and HTML exports: columns, quoting, rows, escaping, SVG bars. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/export.h"
#include "doc/render.h"

static void add_run(struct fsb_phase_result *ph, double real, double user)
{
	struct fsb_run run;

	fsb_run_init(&run);
	run.v[FSB_FIELD_real] = real;
	run.v[FSB_FIELD_user] = user;
	run.v[FSB_FIELD_sys] = 0.25;
	run.exit_status = 0;
	fsb_phase_add_run(ph, &run);
}

/* ext2 and a filesystem with an awkward name, phases tar (5 runs, the last
 * an outlier), rm (one failed run with an awkward message) and deb
 * (unavailable), and a filesystem that could not be made. */
static struct fsb_result *sample(void)
{
	struct fsb_result *res = fsb_result_new();
	const char *names[] = { "ext2", "x,\"fs\"" };

	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("ext2");
	res->command = fsb_xstrdup("fsbench run --fs 'ext2' <here>");
	for (size_t i = 0; i < 2; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(res, names[i]);
		struct fsb_phase_result *ph;
		struct fsb_run *r;

		fs->type = fsb_xstrdup("ext2");
		ph = fsb_fs_add_phase(fs, "tar");
		ph->kind = FSB_PHASE_COMMAND;
		ph->label = fsb_xstrdup("tar xf");
		for (int k = 0; k < 4; k++)
			add_run(ph, 10.0 * (double)(i + 1) + 0.1 * k, 1.0);
		add_run(ph, 50.0 * (double)(i + 1), 1.0);
		ph->auto_target_reps = 5;
		ph->auto_converged = i == 0;
		ph = fsb_fs_add_phase(fs, "rm");
		ph->kind = FSB_PHASE_COMMAND;
		add_run(ph, 2.0 + (double)i, 0.5);
		add_run(ph, NAN, NAN);
		r = &ph->runs[1];
		r->status = FSB_RUN_FAILED;
		r->exit_status = 1;
		r->error = fsb_xstrdup("rm: cannot remove 'a,b': \"busy\"\nsecond line");
		ph = fsb_fs_add_phase(fs, "deb");
		ph->kind = FSB_PHASE_COMMAND;
		ph->status = FSB_PHASE_UNAVAILABLE;
		ph->reason = fsb_xstrdup("debootstrap is not installed");
	}
	{
		struct fsb_fs_result *fs = fsb_result_add_fs(res, "xfs");

		fs->type = fsb_xstrdup("xfs");
		fs->status = FSB_FS_FAILED;
		fs->error = fsb_xstrdup("mkfs.xfs failed");
	}
	return res;
}

static char *export(int (*fn)(FILE *, struct fsb_result *const *, size_t, const struct fsb_export_opts *,
			      struct fsb_err *), struct fsb_result *res)
{
	const char *labels[] = { "a b.fsbench" };
	struct fsb_export_opts o = { .report = { .metric = FSB_METRIC_REAL }, .labels = labels,
				     .command = "fsbench export --format x a.fsbench" };
	struct fsb_err err = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	assert_non_null(fp);
	assert_int_equal(fn(fp, &res, 1, &o, &err), 0);
	fclose(fp);
	return buf;
}

/* Split RFC 4180 CSV into records of fields; returns the record count and
 * fills fields[r][f] (static sizes are plenty for the sample). */
/* room for every run field and the lead and derived columns; a row with
 * more fails the test instead of running into the next */
#define CSV_COLS 128

static size_t parse_csv(const char *s, char fields[32][CSV_COLS][128], size_t *nf)
{
	size_t r = 0, f = 0, l = 0;
	bool q = false;

	memset(nf, 0, 32 * sizeof(*nf));
	for (; *s; s++) {
		if (q) {
			if (*s == '"' && s[1] == '"')
				fields[r][f][l++] = *++s;
			else if (*s == '"')
				q = false;
			else
				fields[r][f][l++] = *s;
		} else if (*s == '"') {
			q = true;
		} else if (*s == ',') {
			fields[r][f][l] = '\0';
			assert_true(++f < CSV_COLS);
			l = 0;
		} else if (*s == '\r' && s[1] == '\n') {
			fields[r][f][l] = '\0';
			nf[r++] = f + 1;
			f = l = 0;
			s++;
		} else {
			assert_true(*s != '\n');	/* a bare LF only inside quotes */
			fields[r][f][l++] = *s;
		}
	}
	assert_false(q);
	assert_int_equal(f + l, 0);	/* the last record ends with CRLF */
	return r;
}

static int col(char fields[32][CSV_COLS][128], size_t nf, const char *name)
{
	for (size_t f = 0; f < nf; f++)
		if (strcmp(fields[0][f], name) == 0)
			return (int)f;
	fail_msg("no column %s", name);
	return -1;
}

static void test_csv(void **state)
{
	static char fields[32][CSV_COLS][128];
	size_t nf[32], n;
	struct fsb_result *res = sample();
	char *csv = export(fsb_export_csv, res);
	int c_fs, c_phase, c_rep, c_status, c_err, c_real, c_dead, c_out, c_auto, c_conv, c_exit;

	(void)state;
	n = parse_csv(csv, fields, nf);
	/* header + 2 fs × (5 tar + 2 rm + 1 deb) + 1 failed fs */
	assert_int_equal(n, 1 + 2 * 8 + 1);
	for (size_t r = 0; r < n; r++)
		assert_int_equal(nf[r], nf[0]);
	/* the lead columns, every run field, then the derived ones */
	assert_int_equal(nf[0], 9 + FSB_FIELD_COUNT + 4);
	assert_string_equal(fields[0][0], "file");
	assert_string_equal(fields[0][8], "error");
	for (int f = 0; f < FSB_FIELD_COUNT; f++)
		assert_string_equal(fields[0][9 + f], fsb_fields[f].name);
	c_fs = col(fields, nf[0], "filesystem");
	c_phase = col(fields, nf[0], "phase");
	c_rep = col(fields, nf[0], "repetition");
	c_status = col(fields, nf[0], "status");
	c_err = col(fields, nf[0], "error");
	c_exit = col(fields, nf[0], "exit_status");
	c_real = col(fields, nf[0], "real");
	c_dead = col(fields, nf[0], "dead");
	c_out = col(fields, nf[0], "outlier_real");
	c_auto = col(fields, nf[0], "auto_repeats");
	c_conv = col(fields, nf[0], "auto_converged");
	assert_string_equal(fields[1][0], "a b.fsbench");
	/* row 6..: the awkward filesystem's tar runs */
	assert_string_equal(fields[9][c_fs], "x,\"fs\"");
	assert_string_equal(fields[9][c_phase], "tar");
	assert_string_equal(fields[9][c_rep], "1");
	assert_string_equal(fields[9][c_real], "20");
	assert_string_equal(fields[9][c_dead], "19");
	assert_string_equal(fields[9][c_exit], "0");
	assert_string_equal(fields[9][c_out], "0");
	assert_string_equal(fields[13][c_rep], "5");
	assert_string_equal(fields[13][c_out], "1");	/* 100 among 20.x */
	assert_string_equal(fields[9][c_auto], "5");
	assert_string_equal(fields[9][c_conv], "0");
	assert_string_equal(fields[1][c_conv], "1");
	/* the failed rm run keeps its message whole, quotes and newline included */
	assert_string_equal(fields[15][c_phase], "rm");
	assert_string_equal(fields[15][c_status], "failed");
	assert_string_equal(fields[15][c_exit], "1");
	assert_string_equal(fields[15][c_real], "");
	assert_string_equal(fields[15][c_err], "rm: cannot remove 'a,b': \"busy\"\nsecond line");
	assert_string_equal(fields[15][c_out], "");
	/* unmeasured fields are empty */
	assert_string_equal(fields[1][col(fields, nf[0], "kib_per_s")], "");
	/* deb never ran: one row, no repetition, the reason */
	assert_string_equal(fields[16][c_phase], "deb");
	assert_string_equal(fields[16][c_rep], "");
	assert_string_equal(fields[16][c_status], "unavailable");
	assert_string_equal(fields[16][c_err], "debootstrap is not installed");
	assert_string_equal(fields[17][c_fs], "xfs");
	assert_string_equal(fields[17][c_status], "failed");
	assert_string_equal(fields[17][c_err], "mkfs.xfs failed");
	free(csv);
	fsb_result_free(res);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void test_html(void **state)
{
	struct fsb_result *res = sample();
	char *html = export(fsb_export_html, res);
	const char *end;

	(void)state;
	assert_true(strncmp(html, "<!DOCTYPE html>", 15) == 0);
	end = strstr(html, "<footer id=\"fsb-end\">");
	assert_non_null(end);
	assert_non_null(strstr(end, "</html>\n"));
	/* self-contained */
	assert_null(strstr(html, "<script"));
	assert_null(strstr(html, "src="));
	assert_null(strstr(html, "<link"));
	/* text is escaped: the awkward name, the command */
	assert_null(strstr(html, "x,\"fs\""));
	assert_non_null(strstr(html, "x,&quot;fs&quot;"));
	assert_non_null(strstr(html, "fsbench run --fs &#39;ext2&#39; &lt;here&gt;"));
	assert_non_null(strstr(html, "fsbench export --format x a.fsbench"));
	/* charts: tar and rm, with a bar for ext2 and x,"fs" but none for xfs
	 * (mkfs failed); none for deb (never ran) or the total (a run failed) */
	assert_int_equal(count(html, "<svg "), 2);
	assert_int_equal(count(html, "<rect class=\"bar"), 2 * 2);
	/* the tables come from the report model */
	assert_non_null(strstr(html, "<table id=\"t-summary\" aria-label=\"Summary\">"));
	assert_non_null(strstr(html, "<table id=\"t-raw_tar\""));
	assert_non_null(strstr(html, "<table id=\"t-stats_tar\""));
	assert_non_null(strstr(html, "<table id=\"t-auto-repeat\""));
	assert_non_null(strstr(html, "class=\"num outlier\""));
	free(html);
	fsb_result_free(res);
}

/* One rect per bar with a value, the baseline bar ending on the 1.00 line,
 * whiskers where there is a CI. */
static void test_svg(void **state)
{
	struct fsb_bar bars[] = {
		{ .label = "ext2", .value = 1.0, .lo = NAN, .hi = NAN, .flags = FSB_CELL_BASELINE, .text = "1.00" },
		{ .label = "xfs", .value = 2.0, .lo = 1.5, .hi = 2.5, .flags = FSB_CELL_WORSE | FSB_CELL_SIGNIFICANT,
		  .text = "2.00*" },
		{ .label = "jfs<", .value = NAN, .lo = NAN, .hi = NAN, .flags = FSB_CELL_FAILED, .text = "fail" },
	};
	struct fsb_chart c = { .title = "rm & co", .n = 3, .bars = bars, .max = 2.5 };
	char *buf = NULL, *p;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	double bx, bw, lx;

	(void)state;
	fsb_render_chart_svg(fp, &c);
	fclose(fp);
	assert_int_equal(count(buf, "<rect class=\"bar"), 2);
	assert_int_equal(count(buf, "class=\"errorbar\""), 1);
	assert_non_null(strstr(buf, "rm &amp; co"));
	assert_non_null(strstr(buf, "jfs&lt;"));
	assert_non_null(strstr(buf, ">fail</text>"));
	p = strstr(buf, "<rect class=\"bar baseline");
	assert_non_null(p);
	assert_int_equal(sscanf(strstr(p, " x=\""), " x=\"%lf\"", &bx), 1);
	assert_int_equal(sscanf(strstr(p, " width=\""), " width=\"%lf\"", &bw), 1);
	p = strstr(buf, "<line class=\"baseline\"");
	assert_non_null(p);
	assert_int_equal(sscanf(strstr(p, " x1=\""), " x1=\"%lf\"", &lx), 1);
	assert_true(fabs(bx + bw - lx) < 0.11);
	/* xfs at 2.0 of 2.5 is twice the baseline's length */
	p = strstr(buf, "<rect class=\"bar sig worse");
	assert_non_null(p);
	assert_int_equal(sscanf(strstr(p, " width=\""), " width=\"%lf\"", &bx), 1);
	assert_true(fabs(bx - 2 * bw) < 0.2);
	free(buf);
}

/* Columns of a bar as a terminal shows them (every UTF-8 lead byte). */
static size_t columns(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Issue 11: a negative ratio (dead time below zero: user time above real
 * time) became a huge size_t and indexed eighths[] far outside the array.
 * Every value, however absurd, gives a bar of at most width columns with
 * nothing filled for a value <= 0 or NaN. */
static void test_chart_bar_hostile(void **state)
{
	static const double values[] = { -0.01, -0.125, -0.5, -1, -10.05, -1e300, NAN, -INFINITY,
					  INFINITY, 1e300, 0, 0.5, 1, 2.5, 1e-300 };
	static const double maxes[] = { 1, 2.5, 0, -1, NAN, INFINITY, 1e-300, 1e300 };
	char bar[1024];

	(void)state;
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++)
		for (size_t j = 0; j < sizeof(maxes) / sizeof(maxes[0]); j++)
			for (int utf8 = 0; utf8 < 2; utf8++) {
				memset(bar, 'X', sizeof(bar));
				fsb_chart_bar(bar, sizeof(bar), values[i], maxes[j], 40, utf8);
				assert_true(columns(bar) <= 40);
				assert_null(strchr(bar, 'X'));
				if (!(values[i] > 0)) {
					assert_null(strstr(bar, "█"));
					assert_null(strchr(bar, '#'));
				}
			}
	/* the ordinary case is unchanged: 2.0 of 2.5 over 40 columns */
	fsb_chart_bar(bar, sizeof(bar), 2.0, 2.5, 40, false);
	assert_string_equal(bar, "################################");
	fsb_chart_bar(bar, sizeof(bar), -0.3, 2.5, 40, false);
	assert_string_equal(bar, "               |");
	/* a tiny buffer is never overrun */
	fsb_chart_bar(bar, 3, 1.0, 1.0, 40, true);
	assert_string_equal(bar, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_html),
		cmocka_unit_test(test_svg),
		cmocka_unit_test(test_chart_bar_hostile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
