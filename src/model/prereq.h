/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prereq.h — what must have run before a phase on the same filesystem, and
 * the check that a plan honours it, so that a plan that cannot work is
 * refused before anything is formatted.
 *
 * The facts are the config's (config.h): a phase's `requires` lists
 * entries, each a phase name or alternatives "tar|deb" of which one is
 * enough; a phase with `empties` leaves the filesystem empty (rm).  An
 * entry is met when one of its phases runs earlier in the plan with no
 * emptying phase between the two.  The shipped phases declare the seeds'
 * dependencies (make needs tar, clean and make2 need make, cp needs
 * something to copy); the built-in phases need nothing, since each makes
 * its own input (synth.h).
 *
 * Who calls what:
 *   - the config loader: fsb_prereq_check_config() (names, loops, the
 *     default plan);
 *   - plan validation, shared by every front end: fsb_prereq_check();
 *   - lists: fsb_prereq_text();
 *   - a plan screen whose ticks must stay a plan that can run:
 *     fsb_prereq_tick(), fsb_prereq_untick(), fsb_prereq_prune().
 * Messages are one line and speak of phases, never of a front end's
 * options.  Nothing here allocates what the caller must free except where
 * said.
 */
#ifndef FSB_PREREQ_H
#define FSB_PREREQ_H

#include <stdbool.h>
#include <stddef.h>

#include "model/config.h"
#include "sys/util.h"

/*
 * Check a plan: phases are names of cfg's phases in run order.  0, or
 * -EINVAL with one line naming the first phase whose prerequisite is
 * missing, comes after it, or is emptied away, what it needs and how to
 * fix the plan ("phase 'make2' needs make to run before it on the same
 * filesystem: add tar and make before make2, or leave make2 out").
 */
int fsb_prereq_check(const struct fsb_config *cfg, const struct fsb_strv *phases,
		     struct fsb_err *err);

/*
 * The config's own consistency, after loading: every name in a `requires`
 * is another defined phase, no phase needs itself, directly or through
 * others (a loop no order can run), and the default plan passes
 * fsb_prereq_check().  0 or -EINVAL; the message starts with the
 * "FILE:LINE" where a file set the key it is about (the phase's requires,
 * the defaults' phases: their key_at), else that of its section, else
 * file.
 */
int fsb_prereq_check_config(const struct fsb_config *cfg, const char *file, struct fsb_err *err);

/* def's requires for a list: "make", "tar|deb", "a, b|c"; "" for none.
 * The caller frees it. */
char *fsb_prereq_text(const struct fsb_phase_def *def);

/*
 * A plan screen's ticks.  order lists the indexes into cfg->phases of the
 * phases the screen shows, in the order a plan would run them; on[] (one
 * per cfg phase) is what is ticked; can[] (NULL = all) says which phases
 * may run here.  A phase counts as in the plan when it is ticked and can
 * run; a ticked phase that cannot run keeps its tick and is ignored.
 */
struct fsb_prereq_ticks {
	const struct fsb_config *cfg;
	const size_t *order;     /* cfg phase indexes, in run order */
	size_t n;
	bool *on;                /* per cfg phase: ticked; changed by the calls */
	const bool *can;         /* per cfg phase: may run here; NULL = every one */
};

/*
 * Tick phase idx and keep the plan runnable: every missing prerequisite is
 * ticked too (for alternatives the first that can run before it), and an
 * emptying phase between idx and one it needs is unticked; then the phases
 * this stopped from running (those after a newly ticked emptying phase)
 * are unticked.  The names of the phases ticked besides
 * idx are added to ticked, those unticked to unticked (either may be
 * NULL).  0, or -EINVAL when idx cannot be made runnable (a prerequisite
 * cannot run here, or comes after it), with why in err; on[] is then
 * unchanged.
 */
int fsb_prereq_tick(const struct fsb_prereq_ticks *t, size_t idx, struct fsb_strv *ticked,
		    struct fsb_strv *unticked, struct fsb_err *err);

/* Untick phase idx and every phase that ran and now cannot (what needs
 * idx); their names are added to unticked (may be NULL).  A ticked phase
 * that did not run before keeps its tick. */
void fsb_prereq_untick(const struct fsb_prereq_ticks *t, size_t idx, struct fsb_strv *unticked);

/* Untick every phase in the plan that misses a prerequisite; names added
 * to unticked (may be NULL).  Returns how many were unticked. */
size_t fsb_prereq_prune(const struct fsb_prereq_ticks *t, struct fsb_strv *unticked);

/* The plan the ticks make, ticks untouched: run[i] (one per cfg phase) is
 * true when phase i is ticked, can run, and has what it requires before
 * it.  A screen keeps a tick whose prerequisite another profile made
 * impossible, as it keeps the tick of a phase that cannot run, and runs
 * it again when the prerequisite is back. */
void fsb_prereq_runnable(const struct fsb_prereq_ticks *t, bool *run);

#endif
