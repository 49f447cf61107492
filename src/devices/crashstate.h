/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crashstate.h — crash states from a write log (devices/crashlog.h): which
 * to try, and each one rebuilt as an image file.
 *
 * A crash state is what a disk that honours flushes may hold when the
 * power goes: every write before some flush (the cut), plus any subset of
 * the writes after it and before the next flush — the disk may have
 * completed those in any order, or not at all.  With no write after the
 * cut kept it is a "flush point", dm-log-writes' replay point (fstests
 * generic/455 and 482).
 *
 * Which states: the candidate cuts are the flushes from the last one at or
 * before record from (the script's start) to the last one before record
 * to (its end); a window ends at the next flush or at to.  Of at most max
 * states, half are flush points (all of them when there are that few, else
 * a sample), the rest subsets: a window with writes drawn, each of its
 * writes kept with even odds, never none of them and, in a window of two
 * or more, never all; a subset drawn before is drawn again (a few times
 * at most, so there may be fewer states than max).  Everything is drawn from seed alone (sys/rng.h), so
 * the same seed chooses the same states of the same log.
 */
#ifndef FSB_CRASHSTATE_H
#define FSB_CRASHSTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "devices/crashlog.h"
#include "sys/util.h"

struct fsb_crash_state {
	size_t cut;              /* a FLUSH record: every write before it is on the disk */
	size_t cutno;            /* which candidate cut it is, 1 = the first */
	size_t end;              /* the window is the records (cut, end) */
	bool *keep;              /* [end - cut - 1]: which records of the window made it; NULL = none */
	size_t nkept, nwindow;   /* writes (and discards) kept, and in the window */
	size_t drop;             /* a deliberate fault: this write before the cut is left
				    out (fsb_crash_state_drop_flushed); SIZE_MAX = none */
};

struct fsb_crash_states {
	struct fsb_crash_state *v;  /* ordered by cut, flush points first */
	size_t n;
	size_t ncuts;            /* the candidate cuts there were */
};

/* Choose the states (above).  from < to <= log->n; max >= 1.  0, or
 * -ENOENT when there is no flush at or before to (nothing was ever made
 * durable).  out is filled either way; free it with fsb_crash_states_free. */
int fsb_crash_states_choose(const struct fsb_wlog *log, size_t from, size_t to, size_t max, uint64_t seed,
			    struct fsb_crash_states *out);
void fsb_crash_states_free(struct fsb_crash_states *s);

/* The fault of the deliberate-breakage test: leave out the last write
 * before st's cut that came after record from (one the disk had confirmed
 * with a flush).  False when there is none. */
bool fsb_crash_state_drop_flushed(const struct fsb_wlog *log, size_t from, struct fsb_crash_state *st);

/* Write st into the image file open at fd (read-write): emptied, sized as
 * the log's image, then every write before the cut and the kept ones of
 * the window, in the log's order.  0 or -errno with err set. */
int fsb_crash_state_rebuild(const struct fsb_wlog *log, const struct fsb_crash_state *st, int fd,
			    struct fsb_err *err);

/* "flush 12 of 40 + 3 of 7 writes after it" into buf; returns buf. */
const char *fsb_crash_state_describe(const struct fsb_crash_states *s, size_t i, char *buf, size_t len);

#endif
