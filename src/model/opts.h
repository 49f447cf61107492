/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * opts.h — the options of a run, named once, and how a front end says them.
 *
 * One table lists what a plan can be told (target, repetitions, the device
 * confirmations …): its option name for the command line ("repeat"), its
 * short letter, whether it takes a value, and the plan's own words for it
 * ("repetitions").  `fsbench run` parses its options from this table and the
 * TUI writes the command line it records from it (engine/planargs.h).
 *
 * The library's messages speak of the plan: they name an option only through
 * fsb_opt_say(), which asks the front end how its user knows the option —
 * the command line says "--repeat", the TUI what its user does on a screen
 * or else the plan's words.  Without a speaker the plan's words are used.  The same goes for a few actions the
 * messages suggest (check a device, prepare a workload).
 */
#ifndef FSB_OPTS_H
#define FSB_OPTS_H

#include <stdbool.h>
#include <stddef.h>

/* X(id, option name, short letter or 0, takes a value, the plan's words) */
#define FSB_OPT_LIST(X) \
	X(IMAGE,          "image",           0,   true,  "the image file") \
	X(SIZE,           "size",            0,   true,  "the image size") \
	X(DIR,            "dir",             0,   true,  "the directory") \
	X(TARGET,         "target",          0,   true,  "a device target") \
	X(YES_DESTROY,    "yes-destroy",     0,   true,  "the confirmation naming the devices to reformat") \
	X(DRY_RUN,        "dry-run",         0,   false, "a dry run") \
	X(WHOLE_DISK,     "whole-disk",      0,   false, "the whole-disk choice") \
	X(ALLOW_ROOT_DISK, "allow-root-disk", 0,  false, "the root-disk permission") \
	X(JOURNAL_DEVICE, "journal-device",  0,   true,  "the journal device") \
	X(FSTAB,          "fstab",           0,   true,  "the fstab file") \
	X(CRYPTTAB,       "crypttab",        0,   true,  "the crypttab file") \
	X(FS,             "fs",              'f', true,  "the filesystems") \
	X(PHASES,         "phases",          'p', true,  "the phases") \
	X(AGE,            "age",             0,   false, "aging the filesystem (aged against fresh)") \
	X(PROFILE,        "profile",         'P', true,  "the size profile") \
	X(REPEAT,         "repeat",          'n', true,  "repetitions") \
	X(AUTO_REPEAT,    "auto-repeat",     0,   false, "automatic repetition") \
	X(CI_TARGET,      "ci-target",       0,   true,  "the CI target") \
	X(MAX_REPEAT,     "max-repeat",      0,   true,  "the repetition cap") \
	X(BUDGET,         "budget",          0,   true,  "the time budget") \
	X(NO_REFORMAT,    "no-reformat",     0,   false, "no reformat between repetitions") \
	X(ORDER,          "order",           0,   true,  "the order of the runs") \
	X(SEED,           "seed",            0,   true,  "the seed of the run order") \
	X(BASELINE,       "baseline",        'b', true,  "the baseline") \
	X(JOBS,           "jobs",            'j', true,  "make's jobs") \
	X(NO_DROP_CACHES, "no-drop-caches",  0,   false, "keeping the page cache") \
	X(PROBE,          "probe",           0,   true,  "the stall probe's mode") \
	X(NO_PROBE,       "no-probe",        0,   false, "no stall probe") \
	X(NO_DOWNLOAD,    "no-download",     0,   false, "no download") \
	X(KEEP_IMAGE,     "keep-image",      0,   false, "keeping the image") \
	X(FOR,            "for",             0,   true,  "what the disk is for") \
	X(NEED,           "need",            0,   true,  "the must-haves") \
	X(OUTPUT,         "output",          'o', true,  "the result file")

enum fsb_opt {
#define FSB_OPT_ENUM(id, name, letter, arg, words) FSB_OPT_##id,
	FSB_OPT_LIST(FSB_OPT_ENUM)
#undef FSB_OPT_ENUM
	FSB_OPT_COUNT,
	/* actions a message may suggest; the value names the device or profile */
	FSB_SAY_DEVICE_CHECK = FSB_OPT_COUNT,  /* look at a device's checks now */
	FSB_SAY_PREPARE_DEB,                   /* make the debootstrap tarball of a profile */
	FSB_SAY_METRIC,                        /* show the tables in another metric */
	FSB_SAY_USE,                           /* choose what the disk is for (the recommendation's use) */
	FSB_SAY_COUNT,
};

struct fsb_opt_info {
	const char *name;        /* the command line's option name, without dashes */
	char letter;             /* its short letter, or 0 */
	bool arg;                /* it takes a value */
	const char *words;       /* the plan's words for it */
};

/* The table entry of an option (id < FSB_OPT_COUNT). */
const struct fsb_opt_info *fsb_opt_info(enum fsb_opt id);
/* The option of a name ("repeat"), or -1. */
int fsb_opt_find(const char *name);

/*
 * How a front end says an option (or an action) to its user, with its value
 * or NULL.  Writes at most n bytes into buf and returns buf.  Returns NULL to
 * keep the plan's words.
 */
typedef const char *fsb_opt_speaker(enum fsb_opt id, const char *value, char *buf, size_t n);

/* Install the front end's speaker (once, before any engine starts). */
void fsb_opt_set_speaker(fsb_opt_speaker *say);

/*
 * The option (or action) in the words of the front end, with its value when
 * not NULL.  The text lives in a per-thread ring of eight buffers: it stays
 * valid for the next seven calls of the same thread — long enough for one
 * message.
 */
const char *fsb_opt_say(enum fsb_opt id, const char *value);

#endif
