/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kinds.h — the kinds the code switches on, as enums, and the one place that
 * maps them to and from the words of the config and the result file
 * ("builtin", "command", "imported"; "image", "dir", "device").
 */
#ifndef FSB_KINDS_H
#define FSB_KINDS_H

enum fsb_phase_kind {
	FSB_PHASE_COMMAND,       /* /bin/sh -c template, timed with wait4 */
	FSB_PHASE_BUILTIN,       /* a native phase of synth.c */
	FSB_PHASE_IMPORTED,      /* another tool's measurement (model/import.h); results only */
};

enum fsb_target_kind {
	FSB_TARGET_IMAGE,        /* a new sparse image file on a loop device */
	FSB_TARGET_DIR,          /* an existing directory: no reformat */
	FSB_TARGET_DEVICE,       /* a block device, after the safety checks */
};

/* The file format's word of a kind. */
const char *fsb_phase_kind_word(enum fsb_phase_kind k);
const char *fsb_target_kind_word(enum fsb_target_kind k);
/* The kind of a word: 0, or -EINVAL when w is none of the words (*k untouched). */
int fsb_phase_kind_parse(const char *w, enum fsb_phase_kind *k);
int fsb_target_kind_parse(const char *w, enum fsb_target_kind *k);

#endif
