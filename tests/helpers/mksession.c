/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/helpers/mksession.c — write a crafted result of the quick profile's
 * plan shape on host "vm", for the tests of the verdict across sessions
 * (tests/cli/show-history.sh): ext4 and xfs, phases tar and cp, 5 rounds,
 * dead time = real, the rounds' conditions shared (every round a little
 * slower than the one before, on both).
 *
 *   mksession OUT STARTED TAR_RATIO CP_RATIO
 *
 * xfs's tar takes TAR_RATIO times ext4's, its cp CP_RATIO times; ext4's
 * tar and cp take 10 s each.  Exit status 0, or 2 on bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/result.h"

int main(int argc, char **argv)
{
	static const char *const fs[] = { "ext4", "xfs" }, *const ph[] = { "tar", "cp" };
	static const double wig[5] = { 0.003, -0.002, 0.001, -0.003, 0.002 };
	struct fsb_result *res = fsb_result_new();
	struct fsb_err err = { 0 };
	double ratio[2][2] = { { 1, 1 }, { 1, 1 } };

	if (argc != 5)
		return fprintf(stderr, "usage: mksession OUT STARTED TAR_RATIO CP_RATIO\n"), 2;
	ratio[1][0] = atof(argv[3]);
	ratio[1][1] = atof(argv[4]);
	res->status = FSB_RESULT_COMPLETE;
	res->tool = fsb_xstrdup("fsbench 0.1.0");
	res->started = fsb_xstrdup(argv[2]);
	res->finished = fsb_xstrdup(argv[2]);
	res->baseline = fsb_xstrdup("ext4");
	res->profile = fsb_xstrdup("quick");
	res->order = fsb_xstrdup("rounds");
	res->order_seed = 1;
	res->rounds = res->repeat = 5;
	res->ended = fsb_xstrdup("cap");
	res->host.hostname = fsb_xstrdup("vm");
	res->host.cpu = fsb_xstrdup("AMD EPYC");
	res->host.cores = 2;
	res->target.kind = fsb_xstrdup("image");
	res->target.path = fsb_xstrdup("/var/tmp/fsbench.img");
	for (size_t j = 0; j < 2; j++)
		fsb_strv_add(&res->phase_order, ph[j]);
	for (size_t i = 0; i < 2; i++) {
		struct fsb_fs_result *f = fsb_result_add_fs(res, fs[i]);

		f->type = fsb_xstrdup(fs[i]);
		for (size_t j = 0; j < 2; j++) {
			struct fsb_phase_result *p = fsb_fs_add_phase(f, ph[j]);

			p->kind = fsb_xstrdup("command");
			for (size_t k = 0; k < 5; k++) {
				struct fsb_run run;

				fsb_run_init(&run);
				run.v[FSB_FIELD_real] = 10 * (1 + 0.05 * (double)k) * ratio[i][j] * (1 + wig[(k + i + j) % 5]);
				run.v[FSB_FIELD_user] = run.v[FSB_FIELD_sys] = 0;
				run.v[FSB_FIELD_round] = (double)(k + 1);
				run.v[FSB_FIELD_seq] = (double)(k * 4 + i * 2 + j + 1);
				fsb_phase_add_run(p, &run);
				fsb_run_clear(&run);
			}
		}
	}
	if (fsb_result_write(res, argv[1], &err)) {
		fprintf(stderr, "mksession: %s\n", err.msg);
		return 2;
	}
	fsb_result_free(res);
	return 0;
}
