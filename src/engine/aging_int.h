/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aging_int.h — what aging.c (parameters, the read phases, running a
 * phase) and aging_work.c (the age phase) share: the clock, progress,
 * cancellation and errors of one phase.  Not for other modules:
 * engine/aging.h is the contract.
 */
#ifndef FSB_AGING_INT_H
#define FSB_AGING_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/aging.h"

struct age_clock {
	const char *name;            /* the phase, for messages */
	const struct fsb_synth_ctl *ctl;
	struct fsb_err *err;
	uint64_t t0, next_report;
	double last_fraction;
	uint64_t cpu0_ns;
	double user0, sys0;
};

uint64_t fsb_age_now_ns(void);
/* Start the clock of a phase (real and the thread's CPU time). */
void fsb_age_clock_start(struct age_clock *k, const char *name, const struct fsb_synth_ctl *ctl,
			 struct fsb_err *err);
/* real, user, sys since the start into out->v[]. */
void fsb_age_clock_stop(const struct age_clock *k, struct fsb_run *out);
/* Progress f (0..1, only ever grows, at most 4 times a second). */
void fsb_age_progress(struct age_clock *k, double f);
/* True (err set: "age: cancelled") when the run was cancelled. */
bool fsb_age_cancelled(struct age_clock *k);
/* "age: write /mnt/x/age/fill/F0000012: Input/output error": -errnum. */
int fsb_age_fail(struct age_clock *k, int errnum, const char *what, const char *dir,
		 const char *path);

/* The age phase (aging_work.c): in top (dir/age, removed first). */
int fsb_age_work(const char *top, const struct fsb_age_params *p, struct age_clock *k,
		 struct fsb_run *out);

#endif
