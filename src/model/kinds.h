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

enum fsb_target_kind {
	FSB_TARGET_IMAGE,        /* a new sparse image file on a loop device */
	FSB_TARGET_DIR,          /* an existing directory: no reformat */
	FSB_TARGET_DEVICE,       /* a block device, after the safety checks */
};

/* Do a kind's runs measure the filesystem's time?  Every kind but crash:
 * a crash run is in no table of times, total or verdict
 * (model/crashcell.h, fsb_phase_is_timed). */
bool fsb_phase_kind_timed(enum fsb_phase_kind k);

/* The file format's word of a kind. */
const char *fsb_phase_kind_word(enum fsb_phase_kind k);
const char *fsb_target_kind_word(enum fsb_target_kind k);
/* The kind of a word: 0, or -EINVAL when w is none of the words (*k untouched). */
int fsb_phase_kind_parse(const char *w, enum fsb_phase_kind *k);
int fsb_target_kind_parse(const char *w, enum fsb_target_kind *k);

#endif
