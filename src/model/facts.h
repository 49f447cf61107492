/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * facts.h — what a filesystem gives besides speed: how it survives a
 * crash, what it checksums, snapshots, compression, growing and shrinking,
 * its limits and how well this kernel and distribution support it.
 *
 * Every built-in filesystem profile states them in the config
 * (data/fsbench.conf; a user profile may set or change them), and the
 * recommendation (model/recommend.h) weighs them.  A fact a profile does
 * not state is UNKNOWN, and an unknown fact never satisfies a must-have:
 * fsbench does not guess what a filesystem gives.  doc/recommend.md says
 * where each built-in fact comes from.
 */
#ifndef FSB_MODEL_FACTS_H
#define FSB_MODEL_FACTS_H

#include <stdbool.h>

/* How the filesystem comes back after a crash or a power loss. */
enum fsb_crash {
	FSB_CRASH_UNKNOWN,
	FSB_CRASH_NONE,          /* no journal: a full fsck, and what was in flight may be lost */
	FSB_CRASH_JOURNAL,       /* a metadata journal: replayed at mount */
	FSB_CRASH_DATA_JOURNAL,  /* data and metadata journalled (data=journal) */
	FSB_CRASH_COW,           /* copy-on-write: the last committed tree is consistent */
	FSB_CRASH_LOG,           /* log-structured with checkpoints (f2fs) */
	FSB_CRASH_VOLATILE,      /* in RAM: nothing survives a power loss */
};

enum fsb_checksums {
	FSB_CSUM_UNKNOWN,
	FSB_CSUM_NONE,
	FSB_CSUM_METADATA,       /* metadata only: a damaged directory is found, a damaged file is not */
	FSB_CSUM_DATA,           /* data and metadata */
};

/* Growing or shrinking a mounted (online) or unmounted (offline) filesystem. */
enum fsb_resize {
	FSB_RESIZE_UNKNOWN,
	FSB_RESIZE_NO,
	FSB_RESIZE_OFFLINE,
	FSB_RESIZE_ONLINE,
};

enum fsb_support {
	FSB_SUPPORT_UNKNOWN,
	FSB_SUPPORT_DEFAULT,     /* the distribution's default: the best-trodden path */
	FSB_SUPPORT_IN_KERNEL,   /* in the mainline kernel and the distribution's tools */
	FSB_SUPPORT_DEPRECATED,  /* scheduled for removal, or removed from newer kernels */
	FSB_SUPPORT_OUT_OF_TREE, /* needs a patched kernel */
};

/* A yes/no fact that a profile may leave unstated. */
enum fsb_tri {
	FSB_TRI_UNKNOWN,
	FSB_TRI_NO,
	FSB_TRI_YES,
};

struct fsb_fs_facts {
	enum fsb_crash crash;
	enum fsb_checksums checksums;
	enum fsb_tri snapshots;
	enum fsb_tri compression;
	enum fsb_resize grow, shrink;
	char *max_file;          /* "16 TiB": as the profile states it, "" unknown */
	char *max_volume;
	enum fsb_support support;
	char *support_note;      /* one clause: "Debian's default", "removed in Linux 6.13" */
};

/*
 * The config's words: "none", "journal", "data-journal", "cow", "log",
 * "volatile"; "none", "metadata", "data"; "no", "offline", "online";
 * "default", "in-kernel", "deprecated", "out-of-tree".  Parsing returns 0,
 * or -EINVAL for any other word ("" is UNKNOWN).  The words' functions
 * return the word, "" for UNKNOWN.
 */
int fsb_crash_parse(const char *w, enum fsb_crash *out);
int fsb_checksums_parse(const char *w, enum fsb_checksums *out);
int fsb_resize_parse(const char *w, enum fsb_resize *out);
int fsb_support_parse(const char *w, enum fsb_support *out);
const char *fsb_crash_word(enum fsb_crash c);
const char *fsb_checksums_word(enum fsb_checksums c);
const char *fsb_resize_word(enum fsb_resize r);
const char *fsb_support_word(enum fsb_support s);
/* The words for messages: "one of none, journal, …". */
const char *fsb_crash_words(void);
const char *fsb_checksums_words(void);
const char *fsb_resize_words(void);
const char *fsb_support_words(void);

/* Survives a crash with its metadata intact (journal, data journal,
 * copy-on-write or log); false when unknown. */
bool fsb_facts_crash_safe(const struct fsb_fs_facts *f);
/* Does the profile state anything at all? */
bool fsb_facts_known(const struct fsb_fs_facts *f);

void fsb_facts_copy(struct fsb_fs_facts *dst, const struct fsb_fs_facts *src);
void fsb_facts_free(struct fsb_fs_facts *f);

#endif
