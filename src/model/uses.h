/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * uses.h — what a disk can be for and the must-haves a user can ask of its
 * filesystem, as data: their names (what --for and --need take, what a
 * result file records), their words, and what each use weighs.  The
 * judgement that uses them is model/recommend.h's; the result file
 * (model/result.h) checks the names it reads here.
 */
#ifndef FSB_MODEL_USES_H
#define FSB_MODEL_USES_H

#include <stddef.h>

#include "sys/util.h"

/* Must-haves, as bits. */
enum fsb_need {
	FSB_NEED_CRASH_SAFE  = 1 << 0,  /* "power-loss": a journal, copy-on-write or a log */
	FSB_NEED_SNAPSHOTS   = 1 << 1,
	FSB_NEED_CHECKSUMS   = 1 << 2,  /* of the data, not only the metadata */
	FSB_NEED_COMPRESSION = 1 << 3,
	FSB_NEED_SUPPORTED   = 1 << 4,  /* implied always: not deprecated, not out of tree */
};
#define FSB_NEED_COUNT 5

struct fsb_use_weight {
	const char *phase;
	double weight;           /* times the phase's dead time (a built-in phase: the time of
				    its rate for a fixed amount, model/cells.h) */
};

struct fsb_use {
	const char *name;        /* "system": what --for takes */
	const char *words;       /* "a system disk" */
	const char *matters;     /* what it weighs, one clause: "unpacking packages and small files" */
	const struct fsb_use_weight *weights;  /* ends with { NULL, 0 } */
	unsigned needs;          /* must-haves it implies (enum fsb_need) */
	unsigned important;      /* the criteria it needs most besides speed: FSB_CRIT_BIT()s
				    (model/criteria.h), listed first among the trade-offs */
};

/* Every use, in the order they are offered; *n their number. */
const struct fsb_use *fsb_use_all(size_t *n);
/* A use by name, NULL if none. */
const struct fsb_use *fsb_use_find(const char *name);
/* The default use when neither the user nor the result names one. */
#define FSB_USE_DEFAULT "system"
/* "system, home, build, scratch, archive or removable", for messages. */
const char *fsb_use_names(void);

/* "power-loss,snapshots" into bits ("none": 0): 0, or -EINVAL with the
 * word in err. */
int fsb_needs_parse(const char *list, unsigned *needs, struct fsb_err *err);
/* A need's word as --need takes it ("snapshots"), and in a sentence
 * ("survives a power loss"). */
const char *fsb_need_name(enum fsb_need n);
const char *fsb_need_words(enum fsb_need n);
/* "power-loss, snapshots, checksums or compression" */
const char *fsb_need_names(void);

/* "power-loss,snapshots" of needs' bits (not "supported": implied), in
 * the table's order, into out; "" for none.  Caller frees. */
char *fsb_needs_format(unsigned needs);

#endif
