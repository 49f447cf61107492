/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * layout.h — the layout evidence of issue 23: how the files of a tree lie
 * on the disk (extents per file, from FIEMAP) and how fragmented the free
 * space is (e2freefrag for ext2/3/4, xfs_spaceman's freesp for xfs), read
 * after a read phase of the aged and of the fresh tree, untimed, into the
 * run's layout fields (model/result.h: layout_files … free_big_share).
 *
 * Nothing here is timed and nothing writes to the filesystem: the files
 * are read with FIEMAP (after a syncfs, so delayed allocations have their
 * place), the free space with the filesystem's own reporting tool, run
 * through sys/proc.h.  "Not measured" is NAN in every double (and -1 in
 * the counts); fsb_layout_to_run carries that into the run as NAN.
 *
 * The text parsers and the extent counting are public pure functions so
 * the unit tests can feed them recorded outputs (tests/fixtures/layout/).
 */
#ifndef FSB_LAYOUT_H
#define FSB_LAYOUT_H

#include <linux/fiemap.h>
#include <stddef.h>
#include <stdint.h>

#include "model/result.h"
#include "sys/util.h"

/* The layout of the files of one tree. */
struct fsb_layout_files {
	long files;            /* regular files counted (size > 0, at least one extent); -1 = not measured */
	double extents_mean;   /* mean extents per file, neighbours on the disk merged */
	double extents_p90;    /* 90th percentile (nearest rank) of extents per file */
	double extents_max;    /* most extents of one file */
	double multi_share;    /* share of the files in more than one extent (0.1 = 10%) */
};

/*
 * FIEMAP every regular file under dir: symlinks are not followed, other
 * mounts below dir are not entered, files of 0 bytes (and files that are
 * all holes: nothing on the disk) are not counted.  Physically contiguous
 * neighbouring extents count as one (what a read sees as one run).  Files
 * that vanish during the walk are skipped.  A tree without a counted file
 * gives files = 0 and NAN figures.  0, or -errno with err set and out not
 * measured: -EOPNOTSUPP when the filesystem has no FIEMAP (tmpfs).
 */
int fsb_layout_files(const char *dir, struct fsb_layout_files *out, struct fsb_err *err);

/*
 * The extents of one open regular file, counted as fsb_layout_files
 * counts them (FIEMAP in batches, so thousands of extents are fine).
 * 0 or -errno with err set (name, may be NULL, names the file in it).
 */
int fsb_layout_file_extents(int fd, const char *name, long *extents, struct fsb_err *err);

/*
 * One batch of a file's FIEMAP answer, counted: an extent that starts
 * where the previous one ended on the disk (fe_physical + fe_length ==
 * next fe_physical, also across batches) continues it.  An extent without
 * a place of its own (FIEMAP_EXTENT_UNKNOWN, which delayed allocation
 * sets, or DATA_INLINE: data in the inode or the metadata) counts as one
 * and continues nothing.  *tail is the physical end of the last extent
 * seen, FSB_LAYOUT_NO_TAIL before the first, and is updated; *last is
 * set when the batch holds FIEMAP_EXTENT_LAST (nothing after it is
 * counted).  Returns the extents the batch adds.
 */
#define FSB_LAYOUT_NO_TAIL UINT64_MAX
long fsb_layout_count_extents(const struct fiemap_extent *fe, size_t n, uint64_t *tail, int *last);

/* The figures of fsb_layout_files from a list of per-file extent counts
 * (sorted in place).  n = 0 gives files 0 and NAN figures. */
void fsb_layout_files_summarize(long *counts, size_t n, struct fsb_layout_files *out);

/* Free-space fragmentation of one filesystem. */
struct fsb_layout_free {
	long extents;          /* free-space extents; -1 = not measured */
	double mean_kib;       /* mean size of one, KiB (NAN when there are none) */
	double big_share;      /* share of the free space in extents >= 1 MiB (NAN when none) */
};

/*
 * The free space of the filesystem of type fstype on dev, mounted on mnt:
 * ext2/ext3/ext4: `e2freefrag DEV`; xfs: `xfs_spaceman -c 'freesp -s' MNT`
 * (it must be mounted, and root: GETFSMAP).  Any other type (btrfs
 * included): -EOPNOTSUPP, out not measured, err says so.  A tool that is
 * not installed: -ENOENT naming its package.  Its output not understood:
 * -EINVAL.  0 or -errno; out is not measured on every failure.
 */
int fsb_layout_free(const char *fstype, const char *dev, const char *mnt,
		    struct fsb_layout_free *out, struct fsb_err *err);

/*
 * e2freefrag's output: the block size ("Blocksize: 4096 bytes") and the
 * histogram of free extent sizes (rows "4K...8K- : extents blocks pct%",
 * each range a power of two, so the rows from 1M on hold the extents of
 * 1 MiB or more).  The extent count is its "Num. free extent:" line when
 * it prints one (the histogram's sum otherwise).  A filesystem with no
 * free space gives extents 0, NAN mean and share.  0, or -EINVAL with
 * err set when text is not such an output (out not measured).
 */
int fsb_layout_parse_e2freefrag(const char *text, struct fsb_layout_free *out, struct fsb_err *err);

/*
 * xfs_spaceman's (or xfs_db's) freesp histogram: a header "from to
 * extents blocks pct", then rows of those five numbers, sizes in
 * filesystem blocks of block_size bytes.  A row counts as 1 MiB or more
 * when its smallest size ("from") is, so a row that straddles 1 MiB (an
 * odd block size) counts as smaller.  No rows: extents 0, NAN mean and
 * share.  0, or -EINVAL with err set when there is no header, a row is
 * malformed or block_size is 0 (out not measured).
 */
int fsb_layout_parse_xfs_freesp(const char *text, unsigned long block_size,
				struct fsb_layout_free *out, struct fsb_err *err);

/* Sets the run's layout_files … free_big_share from f and fr (either may
 * be NULL); whatever is not measured there becomes NAN. */
void fsb_layout_to_run(const struct fsb_layout_files *f, const struct fsb_layout_free *fr,
		       struct fsb_run *run);

#endif
