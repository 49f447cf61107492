/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rounds.h — a result as blocks: per filesystem and round, the one
 * repetition that counts, and two filesystems compared round by round.
 *
 * Repetitions inside one run are not independent replicates: a round runs
 * every filesystem once under the same conditions (the host's cache, its
 * steal, the image file's placement — the engine makes the image afresh
 * every round), so the verdict compares the filesystems *within* each
 * round (a paired, blocked design) and judges a lead by its spread
 * *across* rounds, plus the spread between sessions that no round can
 * show (model/history.h; Kalibera and Jones, ISMM 2013).
 *
 *  - A repetition is index k of every phase's runs of a filesystem (every
 *    repetition runs every phase).  Its round is the runs' `round` field;
 *    older files without it count rounds in run order, a run made again
 *    for a disturbed one (`replaces`) taking that one's round.
 *  - A repetition with a disturbed run is set aside (never evidence); a
 *    round's first repetition that is not counts.  No value is trimmed by
 *    its size: with the 3 to 6 rounds of a default run a trimmed sample
 *    tested as if untrimmed understates the spread.  A slow round widens
 *    the interval instead of inventing a lead.
 *  - A column's value is the sum over its phases of weight × metric (a
 *    built-in phase counts as the time its rate takes for a fixed amount,
 *    as in model/cells.h).
 *
 * Pure: reads the result, never the system.  Thread-safe.
 */
#ifndef FSB_MODEL_ROUNDS_H
#define FSB_MODEL_ROUNDS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"
#include "sys/util.h"

/* What is summed: phases cols[j] × w[j] (w NULL: 1 each), of metric m. */
struct fsb_column {
	const size_t *cols;      /* columns of the result's grid (model/grid.h);
				    FSB_GRID_NONE: a phase the result lacks */
	size_t n;
	const double *w;
	const bool *builtin;     /* cols[j] is a built-in (or imported) one: a rate
				    (the grid's, asked once by the caller) */
	enum fsb_metric metric;
};

/* One filesystem's counted repetition per round. */
struct fsb_rounds {
	size_t nphases;
	size_t n;                /* rounds with a counted repetition */
	long *round;             /* [n] their numbers, ascending */
	double *total;           /* [n] the column's value */
	double *part;            /* [n × nphases] each phase's share of it */
	size_t ndisturbed;       /* repetitions set aside as disturbed */
	size_t nrounds_lost;     /* rounds whose every repetition was disturbed */
	bool failed;             /* a run of a phase of the column failed */
	bool unavailable;        /* a phase of the column never ran on it */
	bool all_disturbed;      /* repetitions ran, every one disturbed */
	const char *why;         /* the failure or reason, borrowed from the result */
};

/* Fill out for row fs of res's grid (free with fsb_rounds_free); never fails. */
void fsb_rounds_of(const struct fsb_result *res, size_t fs, const struct fsb_column *c, struct fsb_rounds *out);
void fsb_rounds_free(struct fsb_rounds *r);

/* The round each run of ph belongs to, nruns of them into out (1-based). */
void fsb_rounds_numbers(const struct fsb_phase_result *ph, long *out);

/* Which part of a column's value: all of it, all but phase j, phase j. */
#define FSB_ROUNDS_ALL (-1L)
#define FSB_ROUNDS_WITHOUT(j) ((long)(j))
#define FSB_ROUNDS_ONLY(j) (-2L - (long)(j))

/*
 * b against a, round by round: per round both counted, d = ln(b / a) of the
 * column's part sel (FSB_ROUNDS_ALL, _WITHOUT(j), _ONLY(j)).  n rounds; mean and sd of
 * d; slower: rounds where b took longer.  NAN mean when fewer than one
 * pair, a value <= 0 (a negative dead time has no ratio) in any.
 */
struct fsb_paired {
	size_t n;
	double mean, sd;         /* of ln(b / a) over the rounds; sd NAN when n < 2 */
	size_t slower;           /* rounds where b > a */
};
void fsb_rounds_pair(const struct fsb_rounds *a, const struct fsb_rounds *b, long sel, struct fsb_paired *out);

/* The mean over the counted rounds of ln(value) of part sel; NAN when none
 * or a value <= 0. */
double fsb_rounds_logmean(const struct fsb_rounds *r, long sel);
/* The sample standard deviation over the counted rounds of ln(value); NAN
 * with fewer than two. */
double fsb_rounds_logsd(const struct fsb_rounds *r, long sel);

/*
 * At the end of round (the engine's): the runs of that round whose steal
 * (the hypervisor's, a share of one CPU) exceeds the median of the other
 * filesystems' runs of the same phase in the round by more than limit are
 * set aside as disturbed (disturbed_by FSB_DISTURBED_BY_STEAL): what the
 * host took from one filesystem and not the others.  A steal the whole
 * round saw is a condition of the round, which the blocks cancel.  Needs
 * three runs of a phase in the round.  Returns how many it set aside.
 */
size_t fsb_rounds_mark_steal(struct fsb_result *res, long round, double limit);

/*
 * At the end of round (the engine's, before the disturbed runs run again):
 * a background other programs kept up through the round — the median over
 * the round's filesystems of the share of a CPU they took beyond the idle
 * CPUs during the filesystem's repetition, at least FSB_BACKGROUND_MIN —
 * is a condition of the round, which slows every filesystem alike (issue
 * 36: a desktop's indexer, a periodic job).  A repetition that took no more
 * of it than that, within limit × its dead time (the others_cpu limit of
 * sys/interfere.h), keeps its runs: their marks made by others' CPU alone
 * (and the waits for a CPU meanwhile) are cleared, disturbed_by then
 * FSB_DISTURBED_KEPT.  A repetition beyond it, and every other cause (disk,
 * swap, steal), stays set aside.  Needs three filesystems' repetitions in
 * the round.  Returns how many runs it kept.
 */
size_t fsb_rounds_keep_background(struct fsb_result *res, long round, double limit);

#endif
