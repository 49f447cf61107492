/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kinds.h — the kinds the code switches on, as enums, and the one place that
 * maps them to and from the words of the config and the result file
 * ("builtin", "command", "imported"; "image", "dir", "device").
 */
#ifndef FSB_KINDS_H
#define FSB_KINDS_H

#include <stdbool.h>

enum fsb_phase_kind {
	FSB_PHASE_COMMAND,       /* /bin/sh -c template, timed with wait4 */
	FSB_PHASE_BUILTIN,       /* a native phase of synth.c */
	FSB_PHASE_IMPORTED,      /* another tool's measurement (model/import.h); results only */
	FSB_PHASE_CRASH,         /* the crash phase (engine/crash.h): its runs count crash
				    states; their time is no measurement of the filesystem */
};
#define FSB_PHASE_KIND_COUNT 4

enum fsb_target_kind {
	FSB_TARGET_IMAGE,        /* a new sparse image file on a loop device */
	FSB_TARGET_DIR,          /* an existing directory: no reformat */
	FSB_TARGET_DEVICE,       /* a block device, after the safety checks */
};
#define FSB_TARGET_KIND_COUNT 3

/*
 * What a result records when its file says no kind: a phase of an older
 * file, a result without a target (an import).  Not members, so that the
 * switches over a plan's kinds, which always have one, stay exhaustive.
 */
#define FSB_PHASE_KIND_NONE ((enum fsb_phase_kind)-1)
#define FSB_TARGET_KIND_NONE ((enum fsb_target_kind)-1)

/* The words, indexed by kind. */
extern const char *const fsb_phase_kind_words[FSB_PHASE_KIND_COUNT];
extern const char *const fsb_target_kind_words[FSB_TARGET_KIND_COUNT];

/* Do a kind's runs measure the filesystem's time?  Every kind but crash:
 * a crash run is in no table of times, total or verdict
 * (model/crashcell.h, fsb_phase_is_timed). */
bool fsb_phase_kind_timed(enum fsb_phase_kind k);

/* Does a kind count as a rate rather than a time: built in, or imported
 * (another tool's measurement, read like a built-in one)? */
bool fsb_phase_kind_rate(enum fsb_phase_kind k);

/* The file format's word of a kind; NULL for FSB_*_KIND_NONE (nothing is
 * written). */
const char *fsb_phase_kind_word(enum fsb_phase_kind k);
const char *fsb_target_kind_word(enum fsb_target_kind k);
/* The kind of a word: 0, or -EINVAL when w is none of the words (*k untouched). */
int fsb_phase_kind_parse(const char *w, enum fsb_phase_kind *k);
int fsb_target_kind_parse(const char *w, enum fsb_target_kind *k);

#endif
