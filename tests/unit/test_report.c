/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the per-cell statistics and comparisons as the report
 * computes them (src/doc/report.c on src/model/stats.c), against values computed
 * independently with numpy/scipy from published data: seed 004's raw
 * tables (tests/unit/report_reference.py, whose output is pasted below).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/document.h"
#include "doc/report.h"
#include "model/verdict.h"
#include "sys/util.h"

/* The cell of filesystem fs, phase phase ("total" too), by name. */
static void cell(const struct fsb_result *res, const char *fs, const char *phase, enum fsb_metric m,
		 struct fsb_cellstats *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	fsb_cell_stats(res, fsb_grid_fs(g, fs), fsb_grid_phase(g, phase), m, out);
}

/* ---- BEGIN report_reference.py output (regenerate, do not edit) ---- */
/* scipy 1.10.1, numpy 1.24.2 */

/* seed 004's runs: { real, sys, user } */
static const double s004_tar_x_ext2[20][3] = {
	{ 19.65, 1.44, 19.44 }, { 19.84, 1.5, 19.73 },
	{ 20.31, 1.5, 20.19 }, { 19.8, 1.53, 19.69 },
	{ 19.68, 1.54, 19.45 }, { 19.67, 1.4, 19.66 },
	{ 19.98, 1.48, 19.82 }, { 19.8, 1.34, 19.65 },
	{ 19.67, 1.45, 19.46 }, { 19.8, 1.7, 19.64 },
	{ 19.64, 1.62, 19.48 }, { 20.11, 1.38, 19.97 },
	{ 20.04, 1.51, 19.81 }, { 20.14, 1.37, 19.95 },
	{ 19.73, 1.36, 19.55 }, { 19.69, 1.57, 19.5 },
	{ 19.68, 1.61, 19.43 }, { 19.67, 1.45, 19.52 },
	{ 20.28, 1.46, 20.18 }, { 20.07, 1.51, 19.77 },
};
static const double s004_tar_x_ext3[20][3] = {
	{ 22.24, 2.21, 19.62 }, { 21.49, 2.23, 19.58 },
	{ 20.35, 2.14, 19.82 }, { 22.97, 2.19, 20.05 },
	{ 21.38, 2.06, 19.61 }, { 24.05, 2.01, 19.61 },
	{ 20.43, 2.19, 19.83 }, { 21.29, 2.23, 19.78 },
	{ 20.56, 2.12, 19.59 }, { 21.13, 2.15, 20.02 },
	{ 23.39, 1.97, 19.65 }, { 21.44, 2.14, 20.03 },
	{ 22.05, 2.2, 19.63 }, { 24.02, 2.19, 19.72 },
	{ 22.28, 2.04, 19.88 }, { 21.24, 1.9, 19.57 },
	{ 22.56, 2.08, 19.52 }, { 22.74, 2.05, 19.76 },
	{ 23.23, 2.17, 19.73 }, { 21.82, 2.33, 19.59 },
};
static const double s004_tar_x_ext3_64bit[20][3] = {
	{ 20.44, 2.31, 19.88 }, { 20.44, 2.12, 19.74 },
	{ 21.53, 2.23, 19.64 }, { 21.95, 2.01, 20.4 },
	{ 22.48, 2.16, 19.63 }, { 20.76, 2.13, 19.72 },
	{ 21.14, 2.06, 19.82 }, { 20.85, 2.31, 19.7 },
	{ 20.97, 2.26, 19.81 }, { 23.12, 2.13, 19.76 },
	{ 24.41, 1.99, 19.6 }, { 21.6, 2.18, 19.83 },
	{ 21.14, 2.14, 19.81 }, { 23.55, 2.19, 19.98 },
	{ 21.12, 2.05, 19.74 }, { 20.82, 2.08, 19.65 },
	{ 20.94, 2.0, 19.6 }, { 21.41, 2.09, 19.64 },
	{ 21.52, 2.16, 19.51 }, { 22.36, 2.02, 19.8 },
};
static const double s004_make_sync_ext2[20][3] = {
	{ 1.53, 0.0, 0.0 }, { 1.53, 0.0, 0.0 },
	{ 1.45, 0.0, 0.0 }, { 1.5, 0.0, 0.0 },
	{ 1.38, 0.0, 0.0 }, { 1.33, 0.0, 0.0 },
	{ 1.38, 0.01, 0.0 }, { 1.4, 0.0, 0.0 },
	{ 1.52, 0.01, 0.0 }, { 1.75, 0.01, 0.0 },
	{ 1.46, 0.01, 0.0 }, { 1.21, 0.0, 0.0 },
	{ 1.63, 0.0, 0.0 }, { 1.72, 0.01, 0.0 },
	{ 1.31, 0.0, 0.0 }, { 1.65, 0.0, 0.0 },
	{ 1.35, 0.0, 0.0 }, { 1.28, 0.01, 0.0 },
	{ 1.39, 0.01, 0.0 }, { 1.29, 0.0, 0.0 },
};
static const double s004_make_sync_ext3[20][3] = {
	{ 0.77, 0.03, 0.0 }, { 0.73, 0.03, 0.0 },
	{ 0.55, 0.02, 0.0 }, { 1.25, 0.04, 0.0 },
	{ 0.72, 0.03, 0.0 }, { 0.79, 0.02, 0.0 },
	{ 0.76, 0.04, 0.0 }, { 0.75, 0.04, 0.0 },
	{ 0.61, 0.03, 0.0 }, { 0.55, 0.03, 0.0 },
	{ 0.97, 0.03, 0.0 }, { 0.54, 0.03, 0.0 },
	{ 0.64, 0.02, 0.0 }, { 0.68, 0.02, 0.0 },
	{ 0.95, 0.02, 0.0 }, { 0.75, 0.04, 0.0 },
	{ 1.01, 0.04, 0.0 }, { 0.76, 0.02, 0.0 },
	{ 1.22, 0.03, 0.0 }, { 0.57, 0.03, 0.0 },
};
static const double s004_make_sync_ext3_64bit[20][3] = {
	{ 0.72, 0.03, 0.0 }, { 0.75, 0.03, 0.0 },
	{ 0.58, 0.02, 0.0 }, { 0.59, 0.02, 0.0 },
	{ 0.64, 0.03, 0.0 }, { 0.56, 0.02, 0.0 },
	{ 0.72, 0.03, 0.0 }, { 0.53, 0.03, 0.0 },
	{ 0.86, 0.02, 0.0 }, { 0.77, 0.02, 0.0 },
	{ 0.82, 0.04, 0.0 }, { 0.75, 0.04, 0.0 },
	{ 0.47, 0.02, 0.0 }, { 1.09, 0.02, 0.0 },
	{ 0.72, 0.03, 0.0 }, { 0.56, 0.03, 0.0 },
	{ 0.59, 0.03, 0.0 }, { 0.65, 0.03, 0.0 },
	{ 0.71, 0.02, 0.0 }, { 0.81, 0.03, 0.0 },
};
static const double s004_rm_ext2[20][3] = {
	{ 0.36, 0.36, 0.0 }, { 0.36, 0.35, 0.01 },
	{ 0.36, 0.35, 0.01 }, { 0.36, 0.34, 0.02 },
	{ 0.36, 0.35, 0.01 }, { 0.36, 0.36, 0.0 },
	{ 0.36, 0.36, 0.0 }, { 0.36, 0.33, 0.03 },
	{ 0.36, 0.35, 0.01 }, { 0.36, 0.35, 0.01 },
	{ 0.36, 0.34, 0.02 }, { 0.36, 0.35, 0.01 },
	{ 0.36, 0.34, 0.02 }, { 0.36, 0.34, 0.01 },
	{ 0.36, 0.36, 0.0 }, { 0.36, 0.36, 0.0 },
	{ 0.36, 0.36, 0.0 }, { 0.36, 0.36, 0.0 },
	{ 0.36, 0.34, 0.01 }, { 0.36, 0.35, 0.0 },
};
static const double s004_rm_ext3[20][3] = {
	{ 0.64, 0.62, 0.01 }, { 0.64, 0.63, 0.01 },
	{ 0.64, 0.63, 0.0 }, { 0.64, 0.64, 0.0 },
	{ 0.64, 0.62, 0.02 }, { 0.64, 0.64, 0.0 },
	{ 0.64, 0.62, 0.02 }, { 0.64, 0.64, 0.0 },
	{ 0.64, 0.62, 0.02 }, { 0.64, 0.63, 0.01 },
	{ 0.64, 0.61, 0.02 }, { 0.64, 0.62, 0.02 },
	{ 0.64, 0.63, 0.0 }, { 0.64, 0.61, 0.03 },
	{ 0.64, 0.62, 0.02 }, { 0.64, 0.63, 0.01 },
	{ 0.64, 0.63, 0.01 }, { 0.64, 0.63, 0.01 },
	{ 0.64, 0.63, 0.01 }, { 0.64, 0.63, 0.01 },
};
static const double s004_rm_ext3_64bit[20][3] = {
	{ 0.65, 0.65, 0.0 }, { 0.65, 0.64, 0.01 },
	{ 0.65, 0.64, 0.01 }, { 0.65, 0.63, 0.02 },
	{ 0.65, 0.64, 0.01 }, { 0.65, 0.64, 0.0 },
	{ 0.65, 0.65, 0.0 }, { 0.65, 0.66, 0.0 },
	{ 0.65, 0.63, 0.02 }, { 0.65, 0.64, 0.0 },
	{ 0.65, 0.63, 0.02 }, { 0.65, 0.64, 0.01 },
	{ 0.65, 0.65, 0.0 }, { 0.65, 0.65, 0.0 },
	{ 0.65, 0.64, 0.01 }, { 0.65, 0.64, 0.01 },
	{ 0.65, 0.65, 0.0 }, { 0.65, 0.63, 0.02 },
	{ 0.65, 0.65, 0.0 }, { 0.65, 0.63, 0.02 },
};

/* per cell: outliers and summary of the kept values (see the script) */
static const struct cell_ref {
	const char *fs, *phase, *metric;
	size_t n, n_used, n_outliers;
	unsigned long outlier_mask;   /* bit i: run i is an outlier */
	double mean, median, sd, ci_half, cv, min, max;
} cell_ref[] = {
	{ "ext2", "tar_x", "real", 20, 20, 0, 0x0UL,
	  19.862500000000004, 19.8, 0.22161785506635154,
	  0.10372034889093203, 0.011157601261993782, 19.64, 20.31 },
	{ "ext2", "tar_x", "dead", 20, 20, 0, 0x0UL,
	  0.16800000000000032, 0.16000000000000014, 0.06354443120244363,
	  0.029739709250502427, 0.3782406619193066, 0.010000000000001563, 0.3000000000000007 },
	{ "ext3", "tar_x", "real", 20, 20, 0, 0x0UL,
	  22.033, 21.935000000000002, 1.1177237206883792,
	  0.5231108036794244, 0.05072952937359321, 20.35, 24.05 },
	{ "ext3", "tar_x", "dead", 20, 20, 0, 0x0UL,
	  2.3034999999999997, 2.3150000000000013, 1.1487534433829616,
	  0.5376331609277039, 0.49869912888342166, 0.5300000000000011, 4.440000000000001 },
	{ "ext3_64bit", "tar_x", "real", 20, 18, 2, 0x2400UL,
	  21.366111111111113, 21.14, 0.7236113588749213,
	  0.35984346303149983, 0.033867246833637336, 20.44, 24.41 },
	{ "ext3_64bit", "tar_x", "dead", 20, 18, 2, 0x2400UL,
	  1.6061111111111122, 1.3600000000000012, 0.7254624398506002,
	  0.3607639839443772, 0.4516888245351365, 0.5600000000000023, 4.809999999999999 },
	{ "ext2", "make_sync", "real", 20, 20, 0, 0x0UL,
	  1.453, 1.4249999999999998, 0.14998596425560695,
	  0.07019559203240565, 0.10322502701693527, 1.21, 1.75 },
	{ "ext2", "make_sync", "dead", 20, 20, 0, 0x0UL,
	  1.453, 1.4249999999999998, 0.14998596425560695,
	  0.07019559203240565, 0.10322502701693527, 1.21, 1.75 },
	{ "ext3", "make_sync", "real", 20, 20, 0, 0x0UL,
	  0.7785000000000001, 0.75, 0.20612400457772473,
	  0.09646900365133852, 0.2647707187896271, 0.54, 1.25 },
	{ "ext3", "make_sync", "dead", 20, 20, 0, 0x0UL,
	  0.7785000000000001, 0.75, 0.20612400457772473,
	  0.09646900365133852, 0.2647707187896271, 0.54, 1.25 },
	{ "ext3_64bit", "make_sync", "real", 20, 20, 0, 0x0UL,
	  0.6944999999999999, 0.715, 0.14151343622278045,
	  0.0662303268542463, 0.20376304711703452, 0.47, 1.09 },
	{ "ext3_64bit", "make_sync", "dead", 20, 20, 0, 0x0UL,
	  0.6944999999999999, 0.715, 0.14151343622278045,
	  0.0662303268542463, 0.20376304711703452, 0.47, 1.09 },
	{ "ext2", "rm", "real", 20, 20, 0, 0x0UL,
	  0.36000000000000004, 0.36, 5.695323946259567e-17,
	  2.6654936560777674e-17, 1.5820344295165463e-16, 0.36, 0.36 },
	{ "ext2", "rm", "dead", 20, 20, 0, 0x0UL,
	  0.35150000000000003, 0.35, 0.008750939799154214,
	  0.004095565895717521, 0.024895988048802883, 0.32999999999999996, 0.36 },
	{ "ext3", "rm", "real", 20, 20, 0, 0x0UL,
	  0.6400000000000001, 0.64, 1.1390647892519134e-16,
	  5.330987312155535e-17, 1.7797887332061144e-16, 0.64, 0.64 },
	{ "ext3", "rm", "dead", 20, 20, 0, 0x0UL,
	  0.6285000000000001, 0.63, 0.008750939799154214,
	  0.004095565895717521, 0.013923531900006704, 0.61, 0.64 },
	{ "ext3_64bit", "rm", "real", 20, 20, 0, 0x0UL,
	  0.6500000000000001, 0.65, 1.1390647892519134e-16,
	  5.330987312155535e-17, 1.7524073680798664e-16, 0.65, 0.65 },
	{ "ext3_64bit", "rm", "dead", 20, 20, 0, 0x0UL,
	  0.6420000000000001, 0.64, 0.008335087534664914,
	  0.0039009410449941865, 0.012983002390443789, 0.63, 0.65 },
	{ "ext2", "total", "real", 20, 20, 0, 0x0UL,
	  21.6755, 21.67, 0.2673352911509002,
	  0.12511676760308224, 0.012333523616567102, 21.310000000000002, 22.22 },
	{ "ext2", "total", "dead", 20, 20, 0, 0x0UL,
	  1.9725000000000006, 1.9550000000000003, 0.16691866913339287,
	  0.07812034185486612, 0.08462289943391271, 1.7000000000000006, 2.260000000000001 },
	{ "ext3", "total", "real", 20, 20, 0, 0x0UL,
	  23.4515, 23.18, 1.2413798561956852,
	  0.5809836565390561, 0.052933921335338266, 21.540000000000003, 25.48 },
	{ "ext3", "total", "dead", 20, 20, 0, 0x0UL,
	  3.7104999999999997, 3.5650000000000013, 1.267760042877117,
	  0.5933299639500128, 0.3416682503374524, 1.720000000000001, 5.870000000000001 },
	{ "ext3_64bit", "total", "real", 20, 18, 2, 0x2400UL,
	  22.681666666666665, 22.5, 0.7553748582462804,
	  0.37563907965857984, 0.033303322429845565, 21.81, 25.88 },
	{ "ext3_64bit", "total", "dead", 20, 18, 2, 0x2400UL,
	  2.91388888888889, 2.715000000000001, 0.7549144002030864,
	  0.37541009926073027, 0.25907453200487224, 1.9300000000000024, 6.259999999999999 },
};

/* each filesystem vs ext2 (real time), on the kept values: ratio, Fieller
 * CI, scipy.stats.ttest_ind(equal_var=False) and mannwhitneyu p-values */
static const struct cmp_ref {
	const char *fs, *phase;
	double ratio, lo, hi, p_welch, p_mw;
} cmp_ref[] = {
	{ "ext3", "tar_x", 1.1092762743864064, 1.082499457617487, 1.1361128744862845, 3.5996278854002145e-08, 6.709847747220552e-08 },
	{ "ext3_64bit", "tar_x", 1.0757009999300746, 1.0569817686219547, 1.0944783891252712, 5.0706060736870976e-08, 1.5136481887315137e-07 },
	{ "ext3", "make_sync", 0.5357880247763249, 0.46674188731917243, 0.6072648028526977, 9.799318436590595e-14, 9.109542541274922e-08 },
	{ "ext3_64bit", "make_sync", 0.47797660013764615, 0.4289837092032974, 0.5291102746612111, 7.72689341109312e-19, 6.709847747220552e-08 },
	{ "ext3", "total", 1.0819358261631795, 1.0546301125209836, 1.109312695987071, 3.5118758836410016e-06, 1.8009640586412732e-06 },
	{ "ext3_64bit", "total", 1.0464195366504425, 1.0283566579063594, 1.0645511921974387, 2.667851627808187e-05, 3.5771371764157706e-06 },
};

/* the same ratio 1.03, significant once and once not */
static const double sig_base[] = { 10.0, 10.1, 9.9, 10.05, 9.95 };
static const double sig_tight[] = { 10.3, 10.35, 10.25, 10.32, 10.28 };
static const double sig_noisy[] = { 9.0, 11.6, 10.3, 8.8, 11.8 };
#define SIG_TIGHT_RATIO 1.03 /* numpy.mean(x) / numpy.mean(base) */
#define SIG_TIGHT_P 0.0003175769217056749 /* scipy.stats.ttest_ind(x, base, equal_var=False).pvalue */
#define SIG_NOISY_RATIO 1.03 /* numpy.mean(x) / numpy.mean(base) */
#define SIG_NOISY_P 0.6579847981618938 /* scipy.stats.ttest_ind(x, base, equal_var=False).pvalue */
/* the verdict's test, round k of each the k-th value (tests/helpers/check_report.py paired()):
 * exp(mean ln(x/base)), the 95% t interval's upper end */
#define SIG_TIGHT_GEO 1.0300201201643346
#define SIG_NOISY_GEO 1.0223305488410501
#define SIG_NOISY_GEO_HI 1.2133412710549902
/* ---- END report_reference.py output ---- */

static const char *const fsnames[] = { "ext2", "ext3", "ext3_64bit" };
static const char *const phasenames[] = { "tar_x", "make_sync", "rm" };
static const double (*const s004[3][3])[3] = {
	{ s004_tar_x_ext2, s004_tar_x_ext3, s004_tar_x_ext3_64bit },
	{ s004_make_sync_ext2, s004_make_sync_ext3, s004_make_sync_ext3_64bit },
	{ s004_rm_ext2, s004_rm_ext3, s004_rm_ext3_64bit },
};

static void close_to(double got, double want, const char *what)
{
	/* 1e-9 relative, and an absolute floor for the sd of constant runs,
	 * which numpy computes as 5e-17 where stats.c says exactly 0 */
	if (!(fabs(got - want) <= 1e-9 * fabs(want) + 1e-12))
		fail_msg("%s: got %.17g, want %.17g", what, got, want);
}

static void add_run(struct fsb_phase_result *ph, double real, double sys, double user)
{
	struct fsb_run run;

	fsb_run_init(&run);
	run.v[FSB_FIELD_real] = real;
	run.v[FSB_FIELD_sys] = sys;
	run.v[FSB_FIELD_user] = user;
	fsb_phase_add_run(ph, &run);
}

static struct fsb_result *seed004(void)
{
	struct fsb_result *res = fsb_result_new();

	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("ext2");
	res->repeat = 20;
	for (size_t j = 0; j < 3; j++)
		fsb_strv_add(&res->phase_order, phasenames[j]);
	for (size_t i = 0; i < 3; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(res, fsnames[i]);

		fs->type = fsb_xstrdup(i ? "ext3" : "ext2");
		for (size_t j = 0; j < 3; j++) {
			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, phasenames[j]);

			ph->kind = FSB_PHASE_COMMAND;
			for (size_t k = 0; k < 20; k++)
				add_run(ph, s004[j][i][k][0], s004[j][i][k][1], s004[j][i][k][2]);
		}
	}
	return res;
}

static enum fsb_metric metric_of(const char *name)
{
	enum fsb_metric m;

	assert_int_equal(fsb_metric_parse(name, &m), 0);
	return m;
}

static void check_cell(const struct fsb_cellstats *cs, const struct cell_ref *r)
{
	char what[128];

	snprintf(what, sizeof(what), "%s/%s/%s", r->fs, r->phase, r->metric);
	assert_int_equal(cs->nok, r->n);
	assert_int_equal(cs->st.n, r->n);
	assert_int_equal(cs->st.n_used, r->n_used);
	assert_int_equal(cs->st.n_outliers, r->n_outliers);
	for (size_t k = 0; k < r->n; k++)
		if (cs->outlier[k] != !!(r->outlier_mask & (1UL << k)))
			fail_msg("%s: run %zu outlier flag %d", what, k + 1, cs->outlier[k]);
	close_to(cs->st.mean, r->mean, what);
	close_to(cs->st.median, r->median, what);
	close_to(cs->st.sd, r->sd, what);
	close_to(cs->st.ci_half, r->ci_half, what);
	close_to(cs->st.ci_lo, r->mean - r->ci_half, what);
	close_to(cs->st.ci_hi, r->mean + r->ci_half, what);
	close_to(cs->st.cv, r->cv, what);
	close_to(cs->st.min, r->min, what);
	close_to(cs->st.max, r->max, what);
}

/* Every cell, real and dead time, the per-repetition total included. */
static void test_cells(void **state)
{
	struct fsb_result *res = seed004();

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cell_ref); i++) {
		const struct cell_ref *r = &cell_ref[i];
		struct fsb_cellstats cs;

		cell(res, r->fs, r->phase, metric_of(r->metric), &cs);
		check_cell(&cs, r);
		fsb_cell_stats_free(&cs);
	}
	fsb_result_free(res);
}

/* A failed run is not a measurement: the cell is the same without it. */
static void test_failed_run_left_out(void **state)
{
	struct fsb_result *res = seed004();
	struct fsb_phase_result *ph = fsb_fs_find_phase(fsb_result_find_fs(res, "ext3_64bit"), "tar_x");
	struct fsb_cellstats cs;
	struct fsb_run *bad;

	(void)state;
	add_run(ph, 99.0, 1, 1);
	bad = &ph->runs[ph->nruns - 1];
	bad->status = FSB_RUN_FAILED;
	bad->error = fsb_xstrdup("exited with status 2");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cell_ref); i++) {
		const struct cell_ref *r = &cell_ref[i];

		if (strcmp(r->fs, "ext3_64bit") || strcmp(r->phase, "tar_x") || strcmp(r->metric, "real"))
			continue;
		cell(res, r->fs, r->phase, FSB_METRIC_REAL, &cs);
		assert_int_equal(cs.nruns, 21);
		check_cell(&cs, r);
		fsb_cell_stats_free(&cs);
	}
	fsb_result_free(res);
}

static size_t find_col(const struct fsb_table *t, const char *head)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (strcmp(fsb_table_cell(t, 0, c)->text, head) == 0)
			return c;
	fail_msg("no column %s in %s", head, t->id);
	return 0;
}

static size_t find_row(const struct fsb_table *t, const char *name)
{
	for (size_t r = t->header_rows; r < t->nrows; r++)
		if (strcmp(fsb_table_cell(t, r, 0)->text, name) == 0)
			return r;
	fail_msg("no row %s in %s", name, t->id);
	return 0;
}

/* The summary's ratios and stars, and the charts' whiskers, with Welch's
 * test and with Mann-Whitney. */
static size_t find_fs(const struct fsb_result *res, const char *name)
{
	return fsb_grid_fs(fsb_result_grid(res), name);
}

/* A summary cell and its chart's bar as the verdict's test n put them. */
static void r_judged(struct fsb_table *t, const struct fsb_cell *cell, const struct cmp_ref *r,
		     const struct fsb_norm *n, const struct fsb_result *res, const struct fsb_report_opts *o)
{
	char want[32];
	struct fsb_chart ch;

	snprintf(want, sizeof(want), "%.2f%s", n->ratio, n->significant ? "*" : "");
	assert_string_equal(cell->text, want);
	assert_int_equal(!!(cell->flags & FSB_CELL_SIGNIFICANT), n->significant);
	close_to(cell->value, n->ratio, r->phase);
	assert_non_null(strstr(t->caption, "significant by the verdict's test"));
	assert_int_equal(fsb_report_chart(res, r->phase, o, &ch), 0);
	assert_false(isnan(ch.level));
	for (size_t b = 0; b < ch.n; b++)
		if (strcmp(ch.bars[b].label, r->fs) == 0) {
			close_to(ch.bars[b].lo, n->lo, "the verdict's lower bound");
			close_to(ch.bars[b].hi, n->hi, "the verdict's upper bound");
			assert_int_equal(!!(ch.bars[b].flags & FSB_CELL_SIGNIFICANT), n->significant);
		}
	fsb_chart_free(&ch);
}

static void check_comparisons(bool mw)
{
	struct fsb_result *res = seed004();
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL, .nonparametric = mw };
	struct fsb_table t;

	struct fsb_verdict v;
	size_t judged = 0;

	assert_int_equal(fsb_report_summary(res, &o, &t), 0);
	fsb_verdict_compute(res, &o, &v);
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cmp_ref); i++) {
		const struct cmp_ref *r = &cmp_ref[i];
		const struct fsb_cell *tc = fsb_table_cell(&t, find_row(&t, r->fs), find_col(&t, r->phase));
		bool sig = (mw ? r->p_mw : r->p_welch) < 0.05;
		struct fsb_cellstats ca, cb;
		struct fsb_norm n;

		/* the cells' own test: the references (Welch or Mann-Whitney,
		 * Fieller), what the tables fall back to */
		cell(res, r->fs, r->phase, o.metric, &ca);
		cell(res, "ext2", r->phase, o.metric, &cb);
		n = fsb_cell_normalize(&ca, &cb, o.metric, &o);
		close_to(n.ratio, r->ratio, r->phase);
		close_to(n.lo, r->lo, "Fieller lower bound");
		close_to(n.hi, r->hi, "Fieller upper bound");
		assert_int_equal(n.significant, sig);
		fsb_cell_stats_free(&ca);
		fsb_cell_stats_free(&cb);
		/* the table's cell: Mann-Whitney asked for, the cells' test; else
		 * the verdict's round by round (report_int.h, struct fsb_judges) */
		if (!mw && fsb_verdict_norm(&v, find_fs(res, "ext2"), find_fs(res, r->fs),
						   strcmp(r->phase, FSB_GRID_TOTAL_NAME) ? r->phase : NULL, &n)) {
			r_judged(&t, tc, r, &n, res, &o);
			judged++;
			continue;
		}

		/* the keys address the cell the label and the header name (the TUI's way) */
		assert_int_equal(fsb_table_find_row(&t, r->fs), find_row(&t, r->fs));
		assert_int_equal(fsb_table_find_col(&t, r->phase), find_col(&t, r->phase));
		char want[32];
		struct fsb_chart ch;

		snprintf(want, sizeof(want), "%.2f%s", r->ratio, sig ? "*" : "");
		assert_string_equal(tc->text, want);
		assert_int_equal(!!(tc->flags & FSB_CELL_SIGNIFICANT), sig);
		close_to(tc->value, r->ratio, r->phase);
		assert_int_equal(fsb_report_chart(res, r->phase, &o, &ch), 0);
		for (size_t b = 0; b < ch.n; b++)
			if (strcmp(ch.bars[b].label, r->fs) == 0) {
				close_to(ch.bars[b].value, r->ratio, "bar");
				close_to(ch.bars[b].lo, r->lo, "Fieller lower bound");
				close_to(ch.bars[b].hi, r->hi, "Fieller upper bound");
				assert_int_equal(!!(ch.bars[b].flags & FSB_CELL_SIGNIFICANT), sig);
			} else if (strcmp(ch.bars[b].label, "ext2") == 0) {
				/* no whiskers on the baseline against itself */
				assert_true(isnan(ch.bars[b].lo) && isnan(ch.bars[b].hi));
			}
		fsb_chart_free(&ch);
	}
	fsb_verdict_free(&v);
	/* seed 004's 20 repetitions are 20 rounds: every cell judged so */
	assert_int_equal(judged, mw ? 0 : FSB_ARRAY_SIZE(cmp_ref));
	/* "total" is a keyed column; a header's text is not a key, nor is a missing one */
	assert_int_equal(fsb_table_find_col(&t, FSB_GRID_TOTAL_NAME), (int)t.ncols - 1);
	assert_int_equal(fsb_table_find_row(&t, "FS"), -ENOENT);
	assert_int_equal(fsb_table_find_col(&t, "FS"), -ENOENT);
	assert_int_equal(fsb_table_find_row(&t, "nosuchfs"), -ENOENT);
	assert_int_equal(fsb_table_find_col(&t, NULL), -ENOENT);
	/* the baseline row is 1.00 and never significant */
	for (size_t c = 1; c < t.ncols; c++)
		assert_string_equal(fsb_table_cell(&t, find_row(&t, "ext2"), c)->text, "1.00");
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* A list table: its declared columns keyed, drawn as text padded to their
 * widths, an empty cell as the column's word, JSON-only columns left out. */
static void test_list_table(void **state)
{
	static const struct fsb_col_def cols[] = {
		{ "name", "name", FSB_COL_TEXT | FSB_COL_JSON, FSB_COL_STR, 6, NULL },
		{ "ok", NULL, FSB_COL_JSON, FSB_COL_BOOL, 0, NULL },
		{ "needs", "needs", FSB_COL_TEXT | FSB_COL_JSON, FSB_COL_ALTS, 6, "-" },
		{ "why", "why", FSB_COL_TEXT, FSB_COL_STR, 0, NULL },
	};
	struct fsb_table t;
	struct fsb_buf b = { 0 };

	(void)state;
	fsb_table_init_list(&t, "things", cols, FSB_ARRAY_SIZE(cols), 2);
	t.title = fsb_xstrdup("Things");
	fsb_table_set(&t, 0, 0, 0, NAN, "a");
	fsb_table_set(&t, 0, 1, 0, 1, "yes");
	fsb_table_set(&t, 0, 2, 0, NAN, "b|c, d");
	fsb_table_set(&t, 0, 3, 0, NAN, "fine");
	fsb_table_set(&t, 1, 0, 0, NAN, "bb");
	fsb_table_set(&t, 1, 1, 0, 0, "no");
	fsb_table_set(&t, 1, 2, 0, NAN, "%s", "");
	fsb_table_set(&t, 1, 3, 0, NAN, "no");
	fsb_table_key_row(&t, 1, "bb");
	assert_int_equal(fsb_table_find_col(&t, "needs"), 2);
	assert_int_equal(fsb_table_find_row(&t, "bb"), 1);
	fsb_table_list_text(&t, &b);
	assert_string_equal(b.s, "Things:\n  name   needs  why\n  a      b|c, d fine\n  bb     -      no\n");
	fsb_buf_free(&b);
	/* as TSV: the columns asked for in their order, JSON-only ones too
	 * (a header-less one headed by its key), an unknown key empty, a tab
	 * or line break inside a text a blank, an empty cell empty */
	fsb_table_set(&t, 0, 3, 0, NAN, "two\twords\nand a line");
	{
		static const char *const ids[] = { "why", "ok", "name", "nosuch", "needs" };

		fsb_table_list_tsv(&t, ids, FSB_ARRAY_SIZE(ids), &b);
	}
	assert_string_equal(b.s, "why\tok\tname\tnosuch\tneeds\n"
				 "two words and a line\tyes\ta\t\tb|c, d\n"
				 "no\tno\tbb\t\t\n");
	fsb_buf_free(&b);
	fsb_table_free(&t);
}

static void test_compare_welch(void **state)
{
	(void)state;
	check_comparisons(false);
}

static void test_compare_mann_whitney(void **state)
{
	(void)state;
	check_comparisons(true);
}

/* "1.03" and "1.03*" read differently: same ratio, different evidence. */
static void test_significance_marks(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL };
	static const struct { const char *name; const double *x; } fs[] = {
		{ "base", sig_base }, { "tight", sig_tight }, { "noisy", sig_noisy },
	};
	struct fsb_table t;

	(void)state;
	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("base");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(fs); i++) {
		struct fsb_phase_result *ph = fsb_fs_add_phase(fsb_result_add_fs(res, fs[i].name), "p");

		ph->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < 5; k++)
			add_run(ph, fs[i].x[k], 0, 0);
	}
	assert_true(SIG_TIGHT_P < 0.05 && SIG_NOISY_P > 0.05);
	/* judged as the verdict judges: round by round, no history, 95% */
	assert_int_equal(fsb_report_summary(res, &o, &t), 0);
	assert_string_equal(fsb_table_cell(&t, find_row(&t, "tight"), find_col(&t, "p"))->text, "1.03*");
	assert_string_equal(fsb_table_cell(&t, find_row(&t, "noisy"), find_col(&t, "p"))->text, "1.02");
	close_to(fsb_table_cell(&t, find_row(&t, "tight"), find_col(&t, "p"))->value, SIG_TIGHT_GEO, "tight");
	close_to(fsb_table_cell(&t, find_row(&t, "noisy"), find_col(&t, "p"))->value, SIG_NOISY_GEO, "noisy");
	assert_non_null(strstr(t.caption, "* = significant by the verdict's test"));
	assert_non_null(strstr(t.caption, "95% intervals"));
	fsb_table_free(&t);
	/* Mann-Whitney asked for: each cell's own runs, as before */
	o.nonparametric = true;
	assert_int_equal(fsb_report_summary(res, &o, &t), 0);
	close_to(fsb_table_cell(&t, find_row(&t, "tight"), find_col(&t, "p"))->value, SIG_TIGHT_RATIO, "tight");
	close_to(fsb_table_cell(&t, find_row(&t, "noisy"), find_col(&t, "p"))->value, SIG_NOISY_RATIO, "noisy");
	assert_string_equal(fsb_table_cell(&t, find_row(&t, "noisy"), find_col(&t, "p"))->text, "1.03");
	assert_non_null(strstr(t.caption, "* = significant (p < 0.05)"));
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* The document's PHASE tables: how many, the last in *last. */
static size_t phase_tables(const struct fsb_doc *d, const struct fsb_block **last)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].kind == FSB_BLOCK_TABLE && d->v[i].role == FSB_ROLE_PHASE) {
			*last = &d->v[i];
			n++;
		}
	return n;
}

/* The table a live run shows beside its chart is the document's, judged
 * with the rest (FSB_DOC_CHART_TABLE): the chart's phase, cell for cell
 * the table fsb_report_phase makes; a document that does not ask has
 * none, and the full document is as before. */
static void test_chart_table(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_REAL },
				  .sections = FSB_DOC_SUMMARY | FSB_DOC_CHART_TABLE };
	static const struct { const char *name; const double *x; } fs[] = {
		{ "base", sig_base }, { "tight", sig_tight }, { "noisy", sig_noisy },
	};
	static const char *const charts[] = { NULL, "p", "q" };
	const struct fsb_block *b = NULL;
	struct fsb_doc d;
	struct fsb_table t;

	(void)state;
	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("base");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(fs); i++) {
		struct fsb_fs_result *f = fsb_result_add_fs(res, fs[i].name);

		for (size_t p = 0; p < 2; p++) {
			struct fsb_phase_result *ph = fsb_fs_add_phase(f, p ? "q" : "p");

			ph->kind = FSB_PHASE_COMMAND;
			for (size_t k = 0; k < 5; k++)
				add_run(ph, fs[i].x[k] * (p ? 2 : 1), 0, 0);
		}
	}
	for (size_t c = 0; c < FSB_ARRAY_SIZE(charts); c++) {
		const char *want = charts[c] ? charts[c] : "total";

		o.chart = charts[c];
		fsb_doc_result(res, &o, &d);
		assert_int_equal(phase_tables(&d, &b), 1);
		assert_string_equal(b->phase, want);
		assert_int_equal(fsb_report_phase(res, want, &o.report, &t), 0);
		assert_int_equal(b->table.nrows, t.nrows);
		assert_int_equal(b->table.ncols, t.ncols);
		assert_string_equal(b->table.title, t.title);
		assert_string_equal(b->table.caption, t.caption);
		for (size_t r = 0; r < t.nrows; r++)
			for (size_t k = 0; k < t.ncols; k++)
				assert_string_equal(fsb_table_cell(&b->table, r, k)->text, fsb_table_cell(&t, r, k)->text);
		/* judged: "tight" is significantly slower in real time */
		assert_non_null(strstr(fsb_table_cell(&t, find_row(&t, "tight"), t.ncols - 1)->text, "*"));
		fsb_table_free(&t);
		fsb_doc_free(&d);
	}
	o.sections = FSB_DOC_SUMMARY;
	fsb_doc_result(res, &o, &d);
	assert_int_equal(phase_tables(&d, &b), 0);
	fsb_doc_free(&d);
	o.sections = 0;	/* all: a table per phase and the total, none added */
	fsb_doc_result(res, &o, &d);
	assert_int_equal(phase_tables(&d, &b), 3);
	fsb_doc_free(&d);
	fsb_result_free(res);
}

/* A disturbed run is set aside like an outlier, once: not in the mean, not
 * in the test, named in words; a cell whose every run is disturbed keeps
 * its value, marked "?", and is never called significant. */
static void test_disturbed_set_aside(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL };
	static const double calm[] = { 10.0, 10.1, 9.9, 10.6 };
	static const double slow[] = { 20.0, 20.2, 19.8, 20.1 };
	struct fsb_phase_result *ph;
	struct fsb_cellstats cs;
	struct fsb_strv lines = { 0 };
	struct fsb_table t;
	double seq = 1;

	(void)state;
	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("base");
	ph = fsb_fs_add_phase(fsb_result_add_fs(res, "base"), "p");
	for (size_t k = 0; k < 4; k++)
		add_run(ph, calm[k] - (k == 3 ? 0.6 : 0), 0, 0);
	ph = fsb_fs_add_phase(fsb_result_add_fs(res, "aa"), "p");
	for (size_t k = 0; k < 4; k++)
		add_run(ph, calm[k], 0, 0);
	ph->runs[3].disturbed = fsb_xstrdup("other programs used 48% of a CPU, mostly burner");
	ph = fsb_fs_add_phase(fsb_result_add_fs(res, "all"), "p");
	for (size_t k = 0; k < 4; k++) {
		add_run(ph, slow[k], 0, 0);
		ph->runs[k].disturbed = fsb_xstrdup("CPU pressure 40%");
	}
	/* the order they ran in: all's runs first */
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t k = 0; k < 4; k++)
			res->fs[i]->phases[0]->runs[k].v[FSB_FIELD_seq] = i == 2 ? (double)k + 1 : (seq++) + 4;

	cell(res, "aa", "p", FSB_METRIC_REAL, &cs);
	assert_int_equal(cs.nok, 4);
	assert_int_equal(cs.ndisturbed, 1);
	assert_false(cs.unreliable);
	assert_true(cs.disturbed[3] && !cs.outlier[3]);
	assert_int_equal(cs.st.n_used, 3);
	assert_int_equal(cs.st.n_outliers, 0);
	close_to(cs.st.mean, 10.0, "mean without the disturbed run");
	fsb_cell_stats_free(&cs);

	cell(res, "all", "p", FSB_METRIC_REAL, &cs);
	assert_true(cs.unreliable);
	assert_int_equal(cs.st.n_used, 4);
	close_to(cs.st.mean, 20.025, "an all-disturbed cell's mean is over all its runs");
	fsb_cell_stats_free(&cs);

	assert_int_equal(fsb_report_set_aside(res, &lines), 1);
	assert_string_equal(lines.v[0], "aa/p rep 4 (other programs used 48% of a CPU, mostly burner)");
	fsb_strv_free(&lines);
	assert_int_equal(fsb_report_unreliable(res, &lines), 1);
	assert_string_equal(lines.v[0], "all/p (CPU pressure 40%)");
	fsb_strv_free(&lines);

	assert_int_equal(fsb_report_summary(res, &o, &t), 0);
	assert_string_equal(fsb_table_cell(&t, find_row(&t, "aa"), find_col(&t, "p"))->text, "1.00");
	assert_string_equal(fsb_table_cell(&t, find_row(&t, "all"), find_col(&t, "p"))->text, "2.00?");
	fsb_table_free(&t);

	/* the order table: by seq, all's four runs first, the disturbed one marked */
	assert_int_equal(fsb_report_order(res, &t), 0);
	assert_int_equal(t.nrows, 13);
	assert_string_equal(fsb_table_cell(&t, 1, 2)->text, "all");
	assert_string_equal(fsb_table_cell(&t, 12, 2)->text, "aa");
	assert_string_equal(fsb_table_cell(&t, 12, 7)->text, "other programs used 48% of a CPU, mostly burner");
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* The noise floor: the pair's relative CI half-widths combined, the largest
 * over the filesystems; a lead below it and not significant is "no
 * measurable difference" (results since issue 10: order recorded). */
static void test_noise_floor(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL };
	static const struct { const char *name; const double *x; } fs[] = {
		{ "base", sig_base }, { "noisy", sig_noisy }, { "tight", sig_tight },
	};
	struct fsb_cellstats b, n, t;
	struct fsb_strv v = { 0 };
	double rb, rn, rt, want;
	char want_text[160];

	(void)state;
	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("base");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(fs); i++) {
		struct fsb_phase_result *ph = fsb_fs_add_phase(fsb_result_add_fs(res, fs[i].name), "p");

		ph->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < 5; k++)
			add_run(ph, fs[i].x[k], 0, 0);
	}
	cell(res, "base", "p", FSB_METRIC_REAL, &b);
	cell(res, "noisy", "p", FSB_METRIC_REAL, &n);
	cell(res, "tight", "p", FSB_METRIC_REAL, &t);
	rb = b.st.ci_half / b.st.mean;
	rn = n.st.ci_half / n.st.mean;
	rt = t.st.ci_half / t.st.mean;
	/* the verdict's interval, the widest pair's (noisy's): one noise model */
	{
		double level;

		close_to(fsb_report_noise_floor(res, "p", &o, &level, NULL), SIG_NOISY_GEO_HI / SIG_NOISY_GEO - 1,
			 "noise floor of p");
		close_to(level, 0.95, "its level");
	}
	/* with Mann-Whitney asked for, the cells' own 95% intervals combined */
	want = fmax(sqrt(rb * rb + rn * rn), sqrt(rb * rb + rt * rt));
	o.nonparametric = true;
	close_to(fsb_report_noise_floor(res, "p", &o, NULL, NULL), want, "noise floor of p by the cells");
	o.nonparametric = false;
	assert_true(want > 0.03);	/* the noisy one's 3% is below it */
	/* a filesystem whose rounds never meet the baseline's (rounds 6 to 10)
	 * is a pair the verdict cannot test: its runs' own, wider, figure is
	 * still the largest, and the level says the verdict did not give it */
	{
		static const double late[] = { 5.0, 15.0, 10.0, 7.0, 13.0 };
		struct fsb_phase_result *ph = fsb_fs_add_phase(fsb_result_add_fs(res, "late"), "p");
		struct fsb_cellstats l;
		double level = 0, rl;

		ph->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < 5; k++) {
			add_run(ph, late[k], 0, 0);
			ph->runs[k].v[FSB_FIELD_round] = (double)k + 6;
		}
		cell(res, "late", "p", FSB_METRIC_REAL, &l);
		rl = l.st.ci_half / l.st.mean;
		assert_true(sqrt(rb * rb + rl * rl) > SIG_NOISY_GEO_HI / SIG_NOISY_GEO - 1);
		close_to(fsb_report_noise_floor(res, "p", &o, &level, NULL), sqrt(rb * rb + rl * rl),
			 "noise floor of p, an untested pair the widest");
		assert_true(isnan(level));
		fsb_cell_stats_free(&l);
	}
	fsb_cell_stats_free(&b);
	fsb_cell_stats_free(&n);
	fsb_cell_stats_free(&t);

	/* base vs noisy alone: 3% apart, not significant, below the floor */
	fsb_result_free(res);
	res = fsb_result_new();
	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("base");
	res->order = fsb_xstrdup("rounds");
	for (size_t i = 0; i < 2; i++) {
		struct fsb_phase_result *ph = fsb_fs_add_phase(fsb_result_add_fs(res, fs[i].name), "p");

		ph->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < 5; k++)
			add_run(ph, fs[i].x[k], 0, 0);
	}
	fsb_report_verdict(res, &o, &v);
	assert_true(v.n >= 1);
	/* 3% apart with a floor of over 3%: a tie, but not yet an answer —
	 * the floor (the round-by-round interval's half-width, model/verdict.h)
	 * is above the 5% a tie must be resolved to */
	{
		struct fsb_verdict vd;

		fsb_verdict_compute(res, &o, &vd);
		assert_true(vd.resolution > FSB_VERDICT_TIE_RESOLUTION);
		snprintf(want_text, sizeof(want_text), "but differences under %.0f%% cannot be seen yet",
			 vd.resolution * 100);
		fsb_verdict_free(&vd);
	}
	assert_non_null(strstr(v.v[0], "No significant difference overall by real time between base and noisy"));
	if (!strstr(v.v[0], want_text))
		fail_msg("verdict '%s' lacks '%s'", v.v[0], want_text);
	assert_null(strstr(v.v[0], "Fastest"));
	fsb_strv_free(&v);
	/* an older file (no order recorded) is judged by the same rules: a
	 * lead within the noise is no "fastest" there either */
	free(res->order);
	res->order = NULL;
	fsb_report_verdict(res, &o, &v);
	assert_null(strstr(v.v[0], "Fastest overall"));
	fsb_strv_free(&v);
	assert_true(isnan(fsb_report_noise_floor(res, "nothing", &o, NULL, NULL)));
	fsb_result_free(res);
}

/* The statistics table carries the cell's numbers, outliers counted. */
static void test_stats_table(void **state)
{
	struct fsb_result *res = seed004();
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_table t;

	(void)state;
	assert_int_equal(fsb_report_stats(res, "tar_x", &o, &t), 0);
	assert_non_null(strstr(t.title, "dead time"));
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cell_ref); i++) {
		const struct cell_ref *r = &cell_ref[i];
		size_t row;

		if (strcmp(r->phase, "tar_x") || strcmp(r->metric, "dead"))
			continue;
		row = find_row(&t, r->fs);
		assert_true(fsb_table_cell(&t, row, find_col(&t, "runs"))->value == (double)r->n);
		assert_true(fsb_table_cell(&t, row, find_col(&t, "outliers"))->value == (double)r->n_outliers);
		close_to(fsb_table_cell(&t, row, find_col(&t, "mean"))->value, r->mean, "mean");
		close_to(fsb_table_cell(&t, row, find_col(&t, "95% CI"))->value, r->ci_half, "ci");
		close_to(fsb_table_cell(&t, row, find_col(&t, "median"))->value, r->median, "median");
		close_to(fsb_table_cell(&t, row, find_col(&t, "sd"))->value, r->sd, "sd");
		close_to(fsb_table_cell(&t, row, find_col(&t, "CV"))->value, r->cv, "cv");
		close_to(fsb_table_cell(&t, row, find_col(&t, "min"))->value, r->min, "min");
		close_to(fsb_table_cell(&t, row, find_col(&t, "max"))->value, r->max, "max");
	}
	fsb_table_free(&t);
	/* the comparison columns: ratio, Fieller CI and Welch's p, by real time */
	o.metric = FSB_METRIC_REAL;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cmp_ref); i++) {
		const struct cmp_ref *r = &cmp_ref[i];
		char want[64];
		size_t row;

		assert_int_equal(fsb_report_stats(res, r->phase, &o, &t), 0);
		row = find_row(&t, r->fs);
		close_to(fsb_table_cell(&t, row, find_col(&t, "ratio"))->value, r->ratio, "ratio");
		snprintf(want, sizeof(want), "[%.2f, %.2f]", r->lo, r->hi);
		assert_string_equal(fsb_table_cell(&t, row, find_col(&t, "ratio 95% CI"))->text, want);
		close_to(fsb_table_cell(&t, row, find_col(&t, "p"))->value, r->p_welch, "p");
		assert_string_equal(fsb_table_cell(&t, find_row(&t, "ext2"), find_col(&t, "p"))->text, "—");
		fsb_table_free(&t);
	}
	assert_int_equal(fsb_report_stats(res, "nosuch", &o, &t), -ENOENT);
	fsb_result_free(res);
}

/* Seed 004's raw layout: every repetition, outliers marked "!". */
static void test_raw_outliers(void **state)
{
	struct fsb_result *res = seed004();
	struct fsb_table t;

	(void)state;
	assert_int_equal(fsb_report_raw(res, "tar_x", NULL, &t), 0);
	assert_int_equal(t.ncols, 2 + 20);
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cell_ref); i++) {
		const struct cell_ref *r = &cell_ref[i];
		size_t row;

		if (strcmp(r->phase, "tar_x") || strcmp(r->metric, "real"))
			continue;
		row = find_row(&t, r->fs);
		for (size_t k = 0; k < 20; k++) {
			const struct fsb_cell *cell = fsb_table_cell(&t, row, 2 + k);
			bool out = r->outlier_mask & (1UL << k);

			assert_int_equal(!!(cell->flags & FSB_CELL_OUTLIER), out);
			assert_int_equal(cell->text[strlen(cell->text) - 1] == '!', out);
		}
		close_to(fsb_table_cell(&t, row, 1)->value, r->mean, "raw average");
	}
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* The verdict names the fastest overall and every significant standout. */
static void test_verdict(void **state)
{
	struct fsb_result *res = seed004();
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL };
	struct fsb_strv v = { 0 };
	char want[160];
	double r_ext3_total = NAN, r_64_total = NAN, r_ext3_tar = NAN, r_64_sync = NAN;
	bool found = false;

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cmp_ref); i++) {
		const struct cmp_ref *r = &cmp_ref[i];

		if (!strcmp(r->phase, "total"))
			*(strcmp(r->fs, "ext3") ? &r_64_total : &r_ext3_total) = r->ratio;
		if (!strcmp(r->phase, "tar_x") && !strcmp(r->fs, "ext3"))
			r_ext3_tar = r->ratio;
		if (!strcmp(r->phase, "make_sync") && !strcmp(r->fs, "ext3_64bit"))
			r_64_sync = r->ratio;
	}
	fsb_report_verdict(res, &o, &v);
	assert_true(v.n >= 3);
	/* ext2 is ahead over all phases, ext3_64bit the runner-up — but only by
	 * tar_x: without it ext2 is the slower one, so nothing is named fastest
	 * (model/verdict.h, rule b), and the line says what the lead rests on */
	assert_true(r_64_total < r_ext3_total && r_64_total > 1);
	snprintf(want, sizeof(want), "No filesystem is named fastest overall by real time: ext2, ext3_64bit and ext3 "
		 "cannot be told apart with confidence. ext2's lead over ext3_64bit (");
	if (strncmp(v.v[0], want, strlen(want)))
		fail_msg("verdict '%s' does not start with '%s'", v.v[0], want);
	if (!strstr(v.v[0], ") rests on tar_x: without it 0."))
		fail_msg("verdict '%s' does not say the lead rests on tar_x", v.v[0]);
	assert_null(strstr(v.v[0], "Fastest"));
	/* every claim carries its interval */
	snprintf(want, sizeof(want), "ext3: tar_x %.*f× slower than ext2 [", r_ext3_tar < 1.95 ? 2 : 1, r_ext3_tar);
	for (size_t i = 0; i < v.n; i++)
		found |= strncmp(v.v[i], want, strlen(want)) == 0;
	if (!found)
		fail_msg("no verdict line '%s'", want);
	/* the standouts are the verdict's round-by-round comparisons: about the
	 * ratio of the means (cmp_ref), their own geometric mean exactly */
	{
		struct fsb_verdict vd;
		struct fsb_verdict_pair p;

		fsb_verdict_compute(res, &o, &vd);
		fsb_verdict_compare(&vd, 0, 2, "make_sync", &p);
		assert_true(fabs(p.rel - r_64_sync) < 0.02);
		r_64_sync = p.rel;
		fsb_verdict_compare(&vd, 0, 1, "tar_x", &p);
		assert_true(fabs(p.rel - r_ext3_tar) < 0.02);
		fsb_verdict_free(&vd);
	}
	snprintf(want, sizeof(want), "ext3_64bit: fastest at make_sync, %.2f× the time of ext2 [", r_64_sync);
	found = false;
	for (size_t i = 0; i < v.n; i++)
		found |= strncmp(v.v[i], want, strlen(want)) == 0;
	if (!found)
		fail_msg("no verdict line '%s'", want);
	fsb_strv_free(&v);
	fsb_result_free(res);
}

/* --auto-repeat: per cell the repetitions it took and whether it got there. */
static void test_auto_table(void **state)
{
	struct fsb_result *res = seed004();
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL };
	struct fsb_phase_result *a = fsb_fs_find_phase(fsb_result_find_fs(res, "ext2"), "tar_x");
	struct fsb_phase_result *b = fsb_fs_find_phase(fsb_result_find_fs(res, "ext3"), "make_sync");
	struct fsb_table t;
	char want[64];

	(void)state;
	assert_int_equal(fsb_report_auto(res, &o, &t), -ENOENT);
	a->auto_target_reps = 4;
	a->auto_converged = true;
	b->auto_target_reps = 20;
	b->auto_converged = false;
	assert_int_equal(fsb_report_auto(res, &o, &t), 0);
	/* the CI reached, as a percentage of the mean: from the reference */
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cell_ref); i++) {
		const struct cell_ref *r = &cell_ref[i];

		if (!strcmp(r->metric, "real") && !strcmp(r->fs, "ext2") && !strcmp(r->phase, "tar_x")) {
			snprintf(want, sizeof(want), "4 (±%.1f%%)", r->ci_half / r->mean * 100);
			assert_string_equal(fsb_table_cell(&t, find_row(&t, "ext2"), find_col(&t, "tar_x"))->text, want);
		}
		if (!strcmp(r->metric, "real") && !strcmp(r->fs, "ext3") && !strcmp(r->phase, "make_sync")) {
			snprintf(want, sizeof(want), "20 cap (±%.1f%%)", r->ci_half / r->mean * 100);
			assert_string_equal(fsb_table_cell(&t, find_row(&t, "ext3"), find_col(&t, "make_sync"))->text, want);
		}
	}
	assert_true(fsb_table_cell(&t, find_row(&t, "ext3"), find_col(&t, "make_sync"))->flags & FSB_CELL_WORSE);
	assert_string_equal(fsb_table_cell(&t, find_row(&t, "ext3_64bit"), find_col(&t, "tar_x"))->text, "—");
	assert_int_equal(t.notes.n, 1);
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* show A B: the phases both have, their total, one chosen baseline. */
static void test_compare_files(void **state)
{
	struct fsb_result *a = seed004(), *b = seed004();
	struct fsb_result *both[2];
	const char *labels[] = { "a.fsbench", "b.fsbench" };
	struct fsb_report_opts o = { .metric = FSB_METRIC_REAL };
	struct fsb_fs_result *fs;
	struct fsb_table t;
	size_t file;

	(void)state;
	/* a lacks rm: the comparison has tar_x, make_sync and their total */
	for (size_t i = 0; i < a->nfs; i++) {
		fs = a->fs[i];
		fs->nphases = 2;	/* rm is the last; put back before freeing */
	}
	fsb_strv_free(&a->phase_order);
	fsb_strv_add(&a->phase_order, "tar_x");
	fsb_strv_add(&a->phase_order, "make_sync");
	both[0] = a;
	both[1] = b;
	assert_int_equal(fsb_report_compare(both, labels, 2, &o, &t), 0);
	assert_int_equal(t.ncols, 2 + 3);
	assert_string_equal(fsb_table_cell(&t, 0, 4)->text, "total");
	/* b's ext2 ran the same runs as a's: its total is 1.00, rm left out */
	assert_string_equal(fsb_table_cell(&t, 4, 0)->text, "b.fsbench");
	assert_string_equal(fsb_table_cell(&t, 4, 1)->text, "ext2");
	assert_string_equal(fsb_table_cell(&t, 4, 4)->text, "1.00");
	fsb_table_free(&t);
	/* FILE:FS picks the baseline's file */
	o.baseline = "b.fsbench:ext3";
	assert_non_null(fsb_report_compare_baseline(both, labels, 2, &o, &file));
	assert_int_equal(file, 1);
	assert_int_equal(fsb_report_compare(both, labels, 2, &o, &t), 0);
	assert_string_equal(fsb_table_cell(&t, 5, 1)->text, "ext3");
	for (size_t c = 2; c < t.ncols; c++)
		assert_string_equal(fsb_table_cell(&t, 5, c)->text, "1.00");
	assert_non_null(strstr(t.caption, "ext3 of b.fsbench"));
	fsb_table_free(&t);
	o.baseline = "c.fsbench:ext3";
	assert_null(fsb_report_compare_baseline(both, labels, 2, &o, &file));
	for (size_t i = 0; i < a->nfs; i++)
		a->fs[i]->nphases = 3;
	fsb_result_free(a);
	fsb_result_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_failed_run_left_out),
		cmocka_unit_test(test_list_table),
		cmocka_unit_test(test_compare_welch),
		cmocka_unit_test(test_compare_mann_whitney),
		cmocka_unit_test(test_significance_marks),
		cmocka_unit_test(test_chart_table),
		cmocka_unit_test(test_stats_table),
		cmocka_unit_test(test_disturbed_set_aside),
		cmocka_unit_test(test_noise_floor),
		cmocka_unit_test(test_raw_outliers),
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_auto_table),
		cmocka_unit_test(test_compare_files),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
