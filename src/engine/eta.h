/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * eta.h — how long a run has left, and how far a running phase is, as pure
 * arithmetic: the engine feeds it, the progress slot carries its answers,
 * the unit tests check it without running anything.
 *
 * Before a run every cell (filesystem × phase) gets a prior: the mean real
 * time of one repetition in earlier results of the same profile (the
 * index, model/browse.h), else the profile's nominal figure (config.h),
 * else nothing.  As the run goes, what it measured replaces the priors:
 * a cell that ran is its own mean; a cell not yet run is its prior scaled
 * by how this run compares with the priors on the same phase (this
 * machine, this load), else the mean of the same phase on the filesystems
 * that ran, else its prior scaled by the run's ratio over every phase.
 *
 * A phase's fraction is an estimate (elapsed over expected) unless a
 * phase counts its own units: it never runs backwards and stays below
 * FSB_ETA_CAP while the phase runs; the front end says "estimate".
 */
#ifndef FSB_ETA_H
#define FSB_ETA_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/order.h"

/* The highest fraction a running phase is shown at: 100% is its end. */
#define FSB_ETA_CAP 0.99

struct fsb_eta {
	size_t nfs, nphases;
	long reps;               /* repetitions per filesystem (the cap with auto-repeat) */
	double *prior;           /* [fi * nphases + j] seconds, NAN unknown */
	double *sum;             /* [fi * nphases + j] real seconds measured in this run */
	size_t *n;               /* runs behind sum */
	struct fsb_slot *slots;  /* the runs in the order they go (order.h) */
	size_t nslots;
	bool *dropped;           /* [fi]: no more runs (unavailable, failed, converged) */
	double overhead_prior;   /* seconds per run (one repetition of one
	                          * filesystem) outside its phases, NAN unknown */
	double overhead_sum;     /* measured: the same, of the runs that finished */
	size_t overhead_n;
	long stall_rep;          /* the stall round's repetition (plan.h): its slots leave
				    out the phases stall_skip marks; 0 = none */
	bool *stall_skip;        /* [j], or NULL */
};

/* Every filesystem's repetitions in turn (the sequential order) until
 * fsb_eta_set_order() says otherwise. */
void fsb_eta_init(struct fsb_eta *e, size_t nfs, size_t nphases, long reps);
void fsb_eta_free(struct fsb_eta *e);
/* The order the runs go in: n slots of fsb_order_slots(), copied. */
void fsb_eta_set_order(struct fsb_eta *e, const struct fsb_slot *slots, size_t n);
/* The index of slot (fi, rep) in that order; nslots when there is none. */
size_t fsb_eta_slot(const struct fsb_eta *e, size_t fi, long rep);
/* The slots of repetition rep are the stall round's, which leaves out the
 * phases skip[j] marks (nphases flags, copied; NULL: none).  rep 0: no
 * stall round. */
void fsb_eta_set_stall(struct fsb_eta *e, long rep, const bool *skip);
/* Filesystem fi runs no more: its slots still to come count nothing. */
void fsb_eta_drop_fs(struct fsb_eta *e, size_t fi);
/* A prior for one cell (NAN: none). */
void fsb_eta_set_prior(struct fsb_eta *e, size_t fi, size_t j, double seconds);
/* One finished repetition of phase j on filesystem fi took real seconds. */
void fsb_eta_record(struct fsb_eta *e, size_t fi, size_t j, double real);
/* One finished run (a slot) spent seconds outside its phases: mkfs,
 * mount, umount, cache drops. */
void fsb_eta_record_overhead(struct fsb_eta *e, double seconds);
/* What one repetition of cell (fi, j) is expected to take now; NAN unknown. */
double fsb_eta_expected(const struct fsb_eta *e, size_t fi, size_t j);

/*
 * Seconds left in the run when phase j of slot `at` has run for elapsed
 * seconds (j = -1: before the slot's first phase, e.g. while mkfs runs;
 * j = nphases: after its last).  The slots after `at` count whole, in
 * whatever order they go (rounds interleave the filesystems); the running
 * phase counts for what it still expects to take, never less than 0.
 * Cells with no estimate add nothing and are counted in *unknown (may be
 * NULL).  The time outside the phases counts for every slot still to
 * come, and for `at` too before its first phase.  Never negative.
 */
double fsb_eta_left(const struct fsb_eta *e, size_t at, long j, double elapsed, size_t *unknown);

/*
 * The fraction of a running phase from the time it is expected to take:
 * elapsed / expected, at least prev (never backwards), at most FSB_ETA_CAP.
 * -1 when expected is unknown or not positive (prev is then kept when set).
 */
double fsb_eta_fraction(double elapsed, double expected, double prev);
/*
 * The same from counted units (make: objects written of the tree's
 * known count): done / total, at least prev, at most FSB_ETA_CAP; -1 when
 * total is unknown.
 */
double fsb_eta_fraction_units(double done, double total, double prev);

#endif
