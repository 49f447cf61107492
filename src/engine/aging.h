/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aging.h — the aging workload and the reads that compare an aged
 * filesystem with a fresh copy of the same tree (doc/aging.md).
 *
 * Phases (data/fsbench.conf, group "aging"), each under DIR/age:
 *   age          the aging itself, in three interleaved parts:
 *                  churn     a generated tree in age/tree, updated by
 *                            age_commits "commits": files modified in
 *                            place, created, deleted and renamed across
 *                            directories; a new file is written the way
 *                            git writes one (temporary name, fsync,
 *                            rename);
 *                  fill      age/fill filled with files of a desktop size
 *                            mix to age_fill fullness (statvfs, as df
 *                            counts: used / (used + available)), a random
 *                            part of them deleted and the space refilled,
 *                            four times over the commits, so that the free
 *                            space is fragmented when churn allocates;
 *                  appends   age_append_files files in age/logs grown a
 *                            few KiB at a time with fsync, one append each
 *                            per commit.
 *                A full filesystem (ENOSPC, EDQUOT) is part of the
 *                workload: it is counted, some fill files are freed, and
 *                the aging goes on; the phase never fails for it.
 *                age_seconds (> 0) stops the commits early.
 *   aged-grep,   every regular file of age/tree read whole (what `grep -r`
 *   fresh-grep   does), in readdir order; the phase definitions drop the
 *                caches first (phase.c).
 *   aged-stat,   lstat() of every entry of age/tree, in readdir order.
 *   fresh-stat
 * ("refresh", which copies the tree out and onto a freshly made filesystem,
 * is the engine's, not this module's.)
 *
 * Determinism: the tree, every commit's operations, the sizes and the data
 * are drawn from (seed, age_tree_files, age_commits, age_append_files)
 * alone, never from what happened on disk, so two runs with the same seed
 * and profile leave the same file names and sizes in age/tree — as long as
 * neither met ENOSPC in the tree nor stopped at age_seconds (a skipped
 * operation is skipped, not redone).  What the fill and the appends leave
 * depends on the filesystem's own accounting and is not part of that.
 *
 * The generator below (struct fsb_age_gen) is that model without the
 * disk: the unit tests check it, fsb_age_run() executes it.
 */
#ifndef FSB_AGING_H
#define FSB_AGING_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/synth.h"
#include "model/config.h"
#include "model/result.h"
#include "sys/util.h"

#define FSB_AGE_DIR        "age"        /* under the mount point */
#define FSB_AGE_TREE       "tree"       /* under age/: the churned tree */
#define FSB_AGE_FILL       "fill"       /* under age/: fill-and-free */
#define FSB_AGE_LOGS       "logs"       /* under age/: the appended files */
#define FSB_AGE_MIN_TREE   20L          /* fewest files of a tree */
#define FSB_AGE_MAX_TREE   2000000L
#define FSB_AGE_MAX_COMMITS 2147483647L
#define FSB_AGE_MAX_APPEND 10000L
#define FSB_AGE_MAX_FILL   0.95         /* age_fill must be below this */
#define FSB_AGE_FILL_ROUNDS 4           /* the first fill and 3 refills */

struct fsb_age_params {
	unsigned long long seed;  /* the run's seed (plan.seed) */
	double fill;              /* target fullness of fill-and-free, 0 < f < 0.95 */
	long commits;             /* churn commits, >= 0 */
	long tree_files;          /* files of the tree at the start, >= 20 */
	long append_files;        /* files grown by appends, >= 0 */
	double seconds;           /* cap on the commits, s; 0 = none */
	/* the filesystem under test, for the free-space layout the stat walks
	 * record (layout.h): its type and block device; NULL: not recorded */
	const char *fstype, *dev;
};

/*
 * The profile's age_* keys with seed.  0, or -EINVAL when a value is out
 * of range (the config refuses those already: this is for profiles built
 * elsewhere).
 */
int fsb_age_params_from_profile(const struct fsb_size_profile *prof, unsigned long long seed,
				struct fsb_age_params *out);

/* Are the parameters usable?  0, or -EINVAL with what is wrong in err
 * (may be NULL). */
int fsb_age_params_check(const struct fsb_age_params *p, struct fsb_err *err);

/* age, aged-grep, aged-stat, fresh-grep, fresh-stat ("refresh" is not). */
bool fsb_age_is_phase(const char *name);

/*
 * Run one phase in dir (the mount point; the phase works in dir/age).
 * ctl may be NULL; its cancel flag is checked after every file operation
 * and every MiB written or read, its progress called at most 4 times a
 * second.
 *
 * On success fills in out->v[]: real, user, sys (of the calling thread),
 * and
 *   age:         ops (commits done), bytes (written, all three parts),
 *                kib_per_s, ops_per_s (commits a second),
 *                fullness (statvfs at the end), capped (1 = age_seconds
 *                stopped it before its commits were done, else 0), enospc
 *                (times a full filesystem was met and survived), seed;
 *   *-grep:      ops (files read), bytes (read), kib_per_s, ops_per_s;
 *   *-stat:      ops (entries), ops_per_s.
 * Returns 0.  age removes what an earlier age left in dir/age first.
 *
 * On failure -errno with a one-line message in err ("aged-grep: open
 * /mnt/x/age/tree/d0001/f00002a.c: Input/output error"); the reads fail
 * with -ENOENT when dir/age/tree does not exist (age has not run).  On
 * cancellation -ECANCELED.  *out is untouched either way.
 */
int fsb_age_run(const char *name, const char *dir, const struct fsb_age_params *p,
		const struct fsb_synth_ctl *ctl, struct fsb_run *out, struct fsb_err *err);

/* ---- the generator ------------------------------------------------------ */

struct fsb_age_gen;

enum fsb_age_op_kind {
	FSB_AGE_MODIFY,   /* write len bytes at off in place; the file's size becomes size */
	FSB_AGE_CREATE,   /* a new file of size bytes at (dir, id): temp, fsync, rename */
	FSB_AGE_DELETE,   /* unlink (from_dir, from_id) */
	FSB_AGE_RENAME,   /* (from_dir, from_id) -> (dir, id), another directory */
};

struct fsb_age_op {
	enum fsb_age_op_kind kind;
	long file;                   /* slot in the generator's file table */
	long from_dir, from_id;      /* where the file was (MODIFY, DELETE, RENAME) */
	long dir, id;                /* where it is afterwards (all but DELETE) */
	unsigned long long off, len; /* MODIFY: the bytes written */
	unsigned long long size;     /* the file's size afterwards */
};

/*
 * A generator for p's seed and tree, holding the initial tree.  0,
 * -EINVAL for bad parameters, -ENOMEM.  Free with fsb_age_gen_free().
 */
int fsb_age_gen_new(const struct fsb_age_params *p, struct fsb_age_gen **out);
void fsb_age_gen_free(struct fsb_age_gen *g);

/* Directories of the tree (0 is the tree's top, every other one's parent
 * comes before it), and the path of directory i relative to the tree's
 * top ("" for 0, "d0003/d0011") into buf; false if it does not fit. */
long fsb_age_gen_ndirs(const struct fsb_age_gen *g);
bool fsb_age_gen_dir_path(const struct fsb_age_gen *g, long dir, char *buf, size_t n);

/* The file name of (dir, id): its path relative to the tree's top
 * ("d0003/f00002a.c"); false if it does not fit. */
bool fsb_age_gen_file_path(const struct fsb_age_gen *g, long dir, long id, char *buf, size_t n);

/* Files in the table (live or deleted) and the live ones; slot i's place
 * and size (false when slot i is deleted or out of range). */
long fsb_age_gen_slots(const struct fsb_age_gen *g);
long fsb_age_gen_live(const struct fsb_age_gen *g);
bool fsb_age_gen_file(const struct fsb_age_gen *g, long slot, long *dir, long *id,
		      unsigned long long *size);

/*
 * The next commit: its operations into *ops (n of them, owned by the
 * generator, valid until the next call), applied to the model.  0 or
 * -ENOMEM.
 */
int fsb_age_gen_commit(struct fsb_age_gen *g, const struct fsb_age_op **ops, size_t *n);

/* Sizes: a file of the churned tree (source-like: most 1-32 KiB) and a
 * fill file (desktop-like: from 512 B to 32 MiB, most of the bytes in the
 * large ones), drawn from r; an append (1-8 KiB). */
struct fsb_rng;
unsigned long long fsb_age_tree_size(struct fsb_rng *r);
unsigned long long fsb_age_fill_size(struct fsb_rng *r);
unsigned long long fsb_age_append_size(struct fsb_rng *r);

#endif
