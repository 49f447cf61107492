/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Crafted results for the unit tests of the verdict and the
 * recommendation: one phase whose dead time is its real time (user and sys
 * 0), a run per repetition, per filesystem.  Header-only: each test
 * includes it once.
 */
#ifndef FSB_TESTS_CRAFTED_H
#define FSB_TESTS_CRAFTED_H

#include <stdlib.h>

#include "model/result.h"
#include "sys/util.h"

struct crafted_fs {
	const char *fs, *type;   /* type NULL: the filesystem's name */
	double real[6];
	size_t n;                /* repetitions */
	unsigned disturbed;      /* bit k: repetition k was disturbed */
	const char *top;         /* the program disturbed runs name; NULL: "burner" */
};

/* A complete result in rounds, baseline s[0], of the one phase `phase`. */
static inline struct fsb_result *crafted_result(const char *phase, const struct crafted_fs *s, size_t nfs)
{
	struct fsb_result *res = fsb_result_new();

	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup(s[0].fs);
	res->order = fsb_xstrdup("rounds");
	fsb_strv_add(&res->phase_order, phase);
	for (size_t i = 0; i < nfs; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(res, s[i].fs);
		struct fsb_phase_result *ph = fsb_fs_add_phase(fs, phase);

		fs->type = fsb_xstrdup(s[i].type ? s[i].type : s[i].fs);
		ph->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < s[i].n; k++) {
			struct fsb_run run;

			fsb_run_init(&run);
			run.v[FSB_FIELD_real] = s[i].real[k];
			run.v[FSB_FIELD_user] = 0;
			run.v[FSB_FIELD_sys] = 0;
			if (s[i].disturbed & (1u << k)) {
				run.disturbed = fsb_xstrdup("other programs used 90% of a CPU");
				run.top = fsb_xstrdup(s[i].top ? s[i].top : "burner");
			}
			fsb_phase_add_run(ph, &run);
			fsb_run_clear(&run);
		}
	}
	res->repeat = (long)s[0].n;
	return res;
}

/* Phase deb with ext2 significantly fastest (8 s a round), ext4 (10 s)
 * and xfs (11 s) behind it, four tight rounds each: a winner without a
 * journal, for what a recommendation does with it. */
static inline struct fsb_result *crafted_ext2_ahead(void)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 8.00, 8.02, 7.98, 8.01 }, 4, 0, NULL },
		{ "ext4", NULL, { 10.02, 10.01, 10.03, 10.00 }, 4, 0, NULL },
		{ "xfs", NULL, { 11.01, 10.99, 11.02, 11.03 }, 4, 0, NULL },
	};

	return crafted_result("deb", s, 3);
}

/*
 * A result of several phases (dead time = real), n rounds (at most 6),
 * each run's round recorded; phase j named names[j] (np at most 2),
 * vals[i][j][k] filesystem i's phase j in round k.  Profile "quick" on
 * host "vm", an image target: one plan on one machine, a history of each
 * other.
 */
static inline struct fsb_result *crafted_phased(const char *const *fs, size_t nfs, const char *const *names,
						size_t np, const double (*vals)[2][6], size_t n)
{
	struct fsb_result *res = fsb_result_new();

	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup(fs[0]);
	res->order = fsb_xstrdup("rounds");
	res->profile = fsb_xstrdup("quick");
	res->target.kind = FSB_TARGET_IMAGE;
	res->host.hostname = fsb_xstrdup("vm");
	res->host.cpu = fsb_xstrdup("AMD EPYC");
	res->host.cores = 2;
	for (size_t j = 0; j < np; j++)
		fsb_strv_add(&res->phase_order, names[j]);
	for (size_t i = 0; i < nfs; i++) {
		struct fsb_fs_result *f = fsb_result_add_fs(res, fs[i]);

		f->type = fsb_xstrdup(fs[i]);
		for (size_t j = 0; j < np; j++) {
			struct fsb_phase_result *ph = fsb_fs_add_phase(f, names[j]);

			ph->kind = FSB_PHASE_COMMAND;
			for (size_t k = 0; k < n; k++) {
				struct fsb_run run;

				fsb_run_init(&run);
				run.v[FSB_FIELD_real] = vals[i][j][k];
				run.v[FSB_FIELD_user] = run.v[FSB_FIELD_sys] = 0;
				run.v[FSB_FIELD_round] = (double)(k + 1);
				fsb_phase_add_run(ph, &run);
				fsb_run_clear(&run);
			}
		}
	}
	res->repeat = res->rounds = (long)n;
	return res;
}

/*
 * The same with the values made up: round k of every phase takes
 * 10 × (1 + 0.05 k) s on every filesystem (the round's conditions,
 * shared), times ratio[i × np + j] for filesystem i and phase j, times a
 * wiggle of a few per mille of its own; started when.
 */
static inline struct fsb_result *crafted_rounds(const char *const *fs, size_t nfs, const char *const *phases,
						size_t np, const double *ratio, size_t n, const char *started)
{
	static const double wig[7] = { 0.004, -0.003, 0.002, -0.004, 0.001, -0.002, 0.003 };
	double (*vals)[2][6] = calloc(nfs, sizeof(*vals));
	struct fsb_result *res;

	for (size_t i = 0; i < nfs; i++)
		for (size_t j = 0; j < np && j < 2; j++)
			for (size_t k = 0; k < n && k < 6; k++)
				vals[i][j][k] = 10 * (1 + 0.05 * (double)k) * ratio[i * np + j] * (1 + wig[(k + i + j) % 7]);
	res = crafted_phased(fs, nfs, phases, np < 2 ? np : 2, (const double (*)[2][6])vals, n < 6 ? n : 6);
	res->started = fsb_xstrdup(started);
	free(vals);
	return res;
}

#endif
