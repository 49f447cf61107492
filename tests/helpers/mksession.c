/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/helpers/mksession.c — write a crafted result of the quick profile's
 * plan shape on host "vm", for the tests of the verdict across sessions
 * (tests/cli/show-history.sh) and of the recommendation
 * (tests/cli/show-recommend.sh): dead time = real, the rounds' conditions
 * shared (every round a little slower than the one before, on every
 * filesystem), a wiggle of a few per mille of each run's own.
 *
 *   mksession OUT STARTED TAR_RATIO CP_RATIO
 *       ext4 and xfs, phases tar and cp, 5 rounds: xfs's tar takes
 *       TAR_RATIO times ext4's, its cp CP_RATIO times; ext4's take 10 s.
 *   mksession -f FS,… -p PHASE,… [-n ROUNDS] [-w WIGGLE] OUT STARTED [FS:PHASE=RATIO …]
 *       those filesystems (the first the baseline) and phases, ROUNDS
 *       rounds (default 5, at most 8), each wiggle times WIGGLE (default
 *       1); every phase takes 10 s on the baseline, FS's PHASE RATIO times
 *       that (default 1).
 *
 * Exit status 0, or 2 on bad arguments.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/result.h"

#define MAX_ROUNDS 8

struct plan {
	struct fsb_strv fs, phases;
	double *ratio;           /* [fs.n × phases.n] */
	long rounds;
	double wiggle;
	const double *wig;       /* the wiggles, nwig of them, taken in turn */
	size_t nwig;
};

/* the old form's five, as show-history.sh's figures were made with */
static const double wig5[5] = { 0.003, -0.002, 0.001, -0.003, 0.002 };
static const double wig8[MAX_ROUNDS] = { 0.003, -0.002, 0.001, -0.003, 0.002, -0.001, 0.0025, -0.0015 };

static int usage(void)
{
	fprintf(stderr, "usage: mksession OUT STARTED TAR_RATIO CP_RATIO\n"
			"       mksession -f FS,... -p PHASE,... [-n ROUNDS] [-w WIGGLE] OUT STARTED "
			"[FS:PHASE=RATIO ...]\n");
	return 2;
}

/* "xfs:deb=0.5" into the plan's ratios; -1 when it names nothing known. */
static int set_ratio(struct plan *p, const char *arg)
{
	const char *colon = strchr(arg, ':'), *eq = strchr(arg, '=');

	if (!colon || !eq || eq < colon)
		return -1;
	for (size_t i = 0; i < p->fs.n; i++)
		for (size_t j = 0; j < p->phases.n; j++)
			if (strlen(p->fs.v[i]) == (size_t)(colon - arg) && !strncmp(arg, p->fs.v[i], (size_t)(colon - arg)) &&
			    strlen(p->phases.v[j]) == (size_t)(eq - colon - 1) &&
			    !strncmp(colon + 1, p->phases.v[j], (size_t)(eq - colon - 1))) {
				p->ratio[i * p->phases.n + j] = atof(eq + 1);
				return 0;
			}
	return -1;
}

static struct fsb_result *craft(const struct plan *p, const char *started)
{
	struct fsb_result *res = fsb_result_new();

	res->status = FSB_RESULT_COMPLETE;
	res->tool = fsb_xstrdup("fsbench 0.1.0");
	res->started = fsb_xstrdup(started);
	res->finished = fsb_xstrdup(started);
	res->baseline = fsb_xstrdup(p->fs.v[0]);
	res->profile = fsb_xstrdup("quick");
	res->order = fsb_xstrdup("rounds");
	res->order_seed = 1;
	res->rounds = res->repeat = p->rounds;
	res->ended = FSB_ENDED_CAP;
	res->host.hostname = fsb_xstrdup("vm");
	res->host.cpu = fsb_xstrdup("AMD EPYC");
	res->host.cores = 2;
	res->target.kind = FSB_TARGET_IMAGE;
	res->target.path = fsb_xstrdup("/var/tmp/fsbench.img");
	for (size_t j = 0; j < p->phases.n; j++)
		fsb_strv_add(&res->phase_order, p->phases.v[j]);
	for (size_t i = 0; i < p->fs.n; i++) {
		struct fsb_fs_result *f = fsb_result_add_fs(res, p->fs.v[i]);

		f->type = fsb_xstrdup(p->fs.v[i]);
		for (size_t j = 0; j < p->phases.n; j++) {
			struct fsb_phase_result *ph = fsb_fs_add_phase(f, p->phases.v[j]);

			ph->kind = FSB_PHASE_COMMAND;
			for (long k = 0; k < p->rounds; k++) {
				struct fsb_run run;

				fsb_run_init(&run);
				run.v[FSB_FIELD_real] = 10 * (1 + 0.05 * (double)k) * p->ratio[i * p->phases.n + j] *
							(1 + p->wiggle * p->wig[((size_t)k + i + j) % p->nwig]);
				run.v[FSB_FIELD_user] = run.v[FSB_FIELD_sys] = 0;
				run.v[FSB_FIELD_round] = (double)(k + 1);
				run.v[FSB_FIELD_seq] = (double)(((size_t)k * p->fs.n + i) * p->phases.n + j + 1);
				fsb_phase_add_run(ph, &run);
				fsb_run_clear(&run);
			}
		}
	}
	return res;
}

int main(int argc, char **argv)
{
	struct plan p = { .rounds = 5, .wiggle = 1, .wig = wig8, .nwig = MAX_ROUNDS };
	struct fsb_result *res;
	struct fsb_err err = { 0 };
	bool general = false;
	int c, rc = 0;

	while ((c = getopt(argc, argv, "f:p:n:w:")) != -1) {
		general = true;
		switch (c) {
		case 'f': fsb_strv_split(&p.fs, optarg, ','); break;
		case 'p': fsb_strv_split(&p.phases, optarg, ','); break;
		case 'n': p.rounds = atol(optarg); break;
		case 'w': p.wiggle = atof(optarg); break;
		default: return usage();
		}
	}
	if (!general) {
		if (argc != 5)
			return usage();
		fsb_strv_split(&p.fs, "ext4,xfs", ',');
		fsb_strv_split(&p.phases, "tar,cp", ',');
		p.wig = wig5;
		p.nwig = 5;
	}
	if (argc - optind < 2 || !p.fs.n || !p.phases.n || p.rounds < 1 || p.rounds > MAX_ROUNDS)
		return usage();
	p.ratio = fsb_xcalloc(p.fs.n * p.phases.n, sizeof(*p.ratio));
	for (size_t k = 0; k < p.fs.n * p.phases.n; k++)
		p.ratio[k] = 1;
	if (!general) {
		p.ratio[2] = atof(argv[3]);
		p.ratio[3] = atof(argv[4]);
	}
	for (int a = optind + 2; general && a < argc; a++)
		if (set_ratio(&p, argv[a]))
			return fprintf(stderr, "mksession: %s: no such filesystem and phase\n", argv[a]), 2;
	res = craft(&p, argv[optind + 1]);
	if (fsb_result_write(res, argv[optind], &err)) {
		fprintf(stderr, "mksession: %s\n", err.msg);
		rc = 2;
	}
	fsb_result_free(res);
	free(p.ratio);
	fsb_strv_free(&p.fs);
	fsb_strv_free(&p.phases);
	return rc;
}
