/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * order.h — in which order the runs of a plan go: (filesystem, repetition)
 * slots.
 *
 * Anything that changes over time on the machine (a background job, thermal
 * throttling, the host's cache) lands on whichever filesystem runs at that
 * moment.  Run all of ext2's repetitions, then all of ext3's, and it reads
 * as a difference between them.  In rounds it spreads over all of them:
 *
 *   rounds      repetition 1 of every filesystem, then repetition 2 …,
 *               each round's filesystem order shuffled from the seed
 *               (the default; with one repetition the plan's order);
 *   sequential  every repetition of the first filesystem, then the next
 *               (fsbench's order before issue 10);
 *   random      every slot shuffled from the seed.
 *
 * A pure function: the same plan and seed give the same order anywhere.
 */
#ifndef FSB_ENGINE_ORDER_H
#define FSB_ENGINE_ORDER_H

#include <stddef.h>
#include <stdint.h>

enum fsb_order {
	FSB_ORDER_ROUNDS,
	FSB_ORDER_SEQUENTIAL,
	FSB_ORDER_RANDOM,
};
/* "rounds", "sequential", "random"; parse returns 0 or -EINVAL. */
const char *fsb_order_name(enum fsb_order o);
int fsb_order_parse(const char *s, enum fsb_order *o);

struct fsb_slot {
	size_t fs;                   /* index into the plan's filesystems */
	long rep;                    /* 1-based repetition */
};

/*
 * Fill out[0 .. nfs × reps) with every (fs, rep) slot in the order they
 * run.  In every order a filesystem's repetitions keep their numbers in
 * sequence (its rep 2 never before its rep 1).  Returns the number of
 * slots written.
 */
size_t fsb_order_slots(enum fsb_order o, size_t nfs, long reps, uint64_t seed, struct fsb_slot *out);
/* One round's filesystem order (rounds): perm[0 .. nfs), from seed and rep. */
void fsb_order_round(size_t nfs, long rep, uint64_t seed, size_t *perm);

#endif
