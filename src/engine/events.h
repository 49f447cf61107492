/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * events.h — the engine → UI channel, the only state the two threads share.
 *
 * The engine posts discrete events (a filesystem or phase began or ended, a
 * log line, a fresh snapshot of the result, done) onto a mutex-protected
 * queue and signals an eventfd; the UI polls that fd next to stdin and
 * drains the queue.  High-rate progress (elapsed, fraction, disk
 * throughput, the phase's last output line) goes into one "latest" slot
 * instead, overwritten in place, so a slow reader never makes the engine
 * wait: posting never blocks.  When the queue is full, log lines are
 * dropped (and counted); events that carry results never are.
 */
#ifndef FSB_EVENTS_H
#define FSB_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"

enum fsb_event_kind {
	FSB_EV_LOG,          /* text: a line for the log pane */
	FSB_EV_FS_BEGIN,     /* fs, fs_index: mkfs + mount of a filesystem starts */
	FSB_EV_PHASE_BEGIN,  /* fs, phase, indices */
	FSB_EV_PHASE_END,    /* fs, phase, indices, run: the record just measured */
	FSB_EV_FS_END,       /* fs: unmounted; text: error if it failed */
	FSB_EV_RESULT,       /* result: a snapshot after every change (owned by the event) */
	FSB_EV_DONE,         /* status: the engine's final status; text: summary */
};

struct fsb_event {
	enum fsb_event_kind kind;
	int fs_index, nfs;           /* 0-based, -1 when not applicable */
	int phase_index, nphases;
	int rep, nreps;              /* 1-based repetition */
	bool stall;                  /* of the stall round (plan.h): untimed, the probe beside */
	char *fs, *phase;            /* names, owned */
	char *text;                  /* owned */
	struct fsb_run run;          /* PHASE_END */
	struct fsb_result *result;   /* RESULT, owned */
	int status;                  /* DONE */
};

/* The latest progress of the running phase. */
struct fsb_progress {
	unsigned long seq;           /* bumps on every update */
	bool running;                /* a phase is running right now */
	int fs_index, nfs, phase_index, nphases, rep, nreps;
	char fs[64], phase[64];
	char activity[64];           /* "mkfs", "mount", "tar", "dropping caches" … */
	double started;              /* fsb_now() when the phase began */
	double fraction;             /* 0..1, or -1 when the phase cannot tell */
	double read_kib_s, write_kib_s;  /* device throughput over the last tick */
	double background;           /* other programs' share of one CPU (live, ≤ 1 Hz); -1 = unknown */
	char background_top[16];     /* the hungriest of them when busy (fsb_live), or "": busy */
	double eta;                  /* seconds left in the whole run, the running
					phase's rest included (engine/eta.h); -1 unknown */
	int eta_unknown;             /* phases left that nothing estimates (not in eta) */
	char eta_basis[96];          /* "3 earlier runs", "the profile's nominal figures", "this run" */
	bool fraction_estimated;     /* fraction is elapsed / expected time, an estimate */
	long units, units_total;     /* counted progress (make's compiled units), 0 = none */
	double phase_left;           /* seconds the running phase still expects to take, -1 unknown */
	bool phase_over;             /* it has run longer than expected */
	char last_line[160];         /* the phase's last output line */
	/* settle mode (plan.h): rounds until the verdict settles */
	int round, rounds;           /* the running round (1-based), the rounds the ETA counts; 0 = no rounds */
	double budget;               /* seconds, 0 = none; the ETA never passes it */
	double round_s;              /* one round's estimate (the last round's wall time), -1 unknown */
	char verdict[160];           /* after each round: fsb_verdict_settled()'s line, or "" */
	bool finishing;              /* the run ends after this round (asked by the user) */
	bool stall_round;            /* the stall round runs (plan.h): the probe beside each
					phase, untimed */
};

struct fsb_events;

struct fsb_events *fsb_events_new(size_t capacity);
void fsb_events_free(struct fsb_events *q);
/* The eventfd to poll (POLLIN = something new in the queue or the slot). */
int fsb_events_fd(const struct fsb_events *q);

/* Post ev (ownership of its strings/result moves into the queue; *ev is
 * zeroed).  Never blocks. */
void fsb_events_post(struct fsb_events *q, struct fsb_event *ev);
/* Convenience: post a formatted log line. */
void fsb_events_log(struct fsb_events *q, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Pop the oldest event into *ev (caller frees with fsb_event_free).
 * false when empty.  Also clears the eventfd once the queue is empty. */
bool fsb_events_pop(struct fsb_events *q, struct fsb_event *ev);
void fsb_event_free(struct fsb_event *ev);

void fsb_events_set_progress(struct fsb_events *q, const struct fsb_progress *p);
void fsb_events_get_progress(struct fsb_events *q, struct fsb_progress *p);
/* Update only the last output line of the progress slot (no eventfd write:
 * it is shown at the UI's next tick). */
void fsb_events_set_last_line(struct fsb_events *q, const char *line);

/* Log lines dropped because the queue was full. */
unsigned long fsb_events_dropped(struct fsb_events *q);

#endif
