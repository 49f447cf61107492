/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * treegen.h — the generated kernel-like source tree, used by the tar / make
 * / cp / make clean / rm phases when no linux-source tarball is installed.
 *
 * In:  a struct fsb_tree_spec (seed, number of files, top directory name).
 * Out: parent/name/, a tree that looks like a Linux source tree to a
 *      filesystem (nested arch/, drivers/<subsys>/<dev>/, fs/, include/linux,
 *      Documentation/ …, kernel-like file mix and log-normal file sizes) and
 *      builds like one:
 *
 *        make defconfig     writes .config and include/generated/autoconf.h
 *        make [-jN] [CC=…]  (target `all`) compiles the configured units into
 *                           per-directory built-in.a archives and links them
 *                           into ./vmlinux; without .config it stops with a
 *                           message that says to run `make defconfig`
 *        make clean         removes *.o, *.a, *.d and vmlinux, keeps .config
 *        make mrproper      clean + .config + include/generated
 *
 * Contract
 *  - Deterministic: the same spec gives a byte-identical tree (paths,
 *    contents, modes) on every machine.  The generator uses only its own
 *    integer PRNG and integer arithmetic: no rand(), clock, pid, locale,
 *    floating point or readdir order.
 *  - spec->files counts every regular file the generator writes, including
 *    the Makefiles, Kconfig files, scripts and the defconfig; it does not
 *    count what `make` creates later (.config, autoconf.h, objects).
 *  - spec->units decouples what `make` compiles from the tree's size, as in
 *    a kernel tree most files are headers, docs, scripts and drivers the
 *    configuration leaves out: 0 = the generator's own share (45% of the
 *    .c files in built directories), else exactly that many units besides
 *    init/main.c.  The files, their names and contents other than the
 *    defconfig and init/main.c do not depend on it.
 *  - The built tree is ccache-friendly: no __DATE__/__TIME__, no absolute
 *    paths, relative -I only, deterministic archives.
 *  - The ownership is plain: the caller owns the spec and the tree on disk;
 *    nothing allocated here outlives a call.
 */
#ifndef FSB_TREEGEN_H
#define FSB_TREEGEN_H

#include "sys/util.h"

/* Fewer files than this cannot hold the fixed skeleton (top Makefile,
 * init/main.c, include/linux/types.h, the defconfig …) plus a few units. */
#define FSB_TREEGEN_MIN_FILES 40L
/* Sanity bound: a tree 20 times the size of a real kernel tree. */
#define FSB_TREEGEN_MAX_FILES 2000000L

struct fsb_tree_spec {
	unsigned long seed;     /* same seed + files + name = same tree */
	long files;             /* exact number of regular files written */
	long units;             /* units the defconfig builds besides
	                         * init/main.c; 0 = the default share */
	const char *name;       /* top directory name, e.g. "fsb-tree"; one
	                         * path component, not "." or ".." */
	/* Optional progress/cancel hook, called from the writing thread after
	 * every few dozen files and once at the end; a non-zero return stops
	 * the generation, which then cleans up and fails with -ECANCELED.
	 * Ignored by fsb_treegen_stats(). */
	int (*progress)(void *arg, long files_done, long files_total);
	void *progress_arg;
};

struct fsb_tree_info {
	long files;                   /* regular files, == spec->files */
	long dirs;                    /* directories, the top one included */
	unsigned long long bytes;     /* sum of the file sizes */
	long units;                   /* .c files `make` compiles after
	                               * `make defconfig` (init/main.c too) */
	unsigned long long unit_bytes;/* their total size */
	long c_files;                 /* every .c, compiled or not */
	long h_files;                 /* every .h */
	long other_files;             /* Makefile, Kconfig, docs, scripts … */
	int max_depth;                /* deepest directory below the top (1 =
	                               * a directory directly inside it) */
};

/*
 * Create parent/spec->name/ and the whole tree in it.  parent must exist.
 * Returns 0, -EEXIST when parent/name exists already (it is left alone),
 * -EINVAL for a bad spec (also more units than the tree has .c files in
 * built directories: the message says how many it has), -ECANCELED when the progress hook asked to stop,
 * or the -errno of the failed mkdir/open/write.  On any failure after the
 * top directory was made, everything created is removed again.  err (may
 * be NULL) receives a message naming the path that failed.
 */
int fsb_treegen_write(const char *parent, const struct fsb_tree_spec *spec,
		      struct fsb_err *err);

/*
 * What fsb_treegen_write() would write for spec, computed without touching
 * the disk (only the small derived files — Makefiles, Kconfig, init/main.c
 * — are rendered in memory): ~0.1 s for 30000 files, cheap enough for the
 * UI and for time estimates.  spec->name and the progress hook are ignored
 * (name may be NULL: it does not change the contents).  Returns 0, or
 * -EINVAL for a bad file count or more units than the tree can build
 * (*out is then zeroed).
 */
int fsb_treegen_stats(const struct fsb_tree_spec *spec, struct fsb_tree_info *out);

#endif
