/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * synth.h — the native, bonnie-style phases: what bonnie++ 2.00 measures,
 * measured so that the numbers compare with its tables, without "+++++".
 *
 * Phases (in bonnie++'s order):
 *   char-write   write the data file a character at a time (stdio)
 *   block-write  write the data file a chunk at a time (write(2))
 *   rewrite      read a chunk, change one byte, lseek back, write it
 *   char-read    read the data file a character at a time (stdio)
 *   block-read   read the data file a chunk at a time (read(2))
 *   seeks        `seekers` threads read random chunks, rewriting one in ten
 *   seq-create, seq-stat, seq-delete     N×1024 files, in name order
 *   rand-create, rand-stat, rand-delete  the same, in random order
 *
 * What goes in: a directory on the filesystem under test and the
 * parameters below.  What comes out: one struct fsb_run per call.  What
 * stays behind: the data file DIR/fsb.data and the file-test directory
 * DIR/fsb.files, so that the next phase can use them;
 * fsb_synth_cleanup() removes both (the engine does after the last of
 * consecutive built-in phases).
 *
 * Semantics (bonnie++ 2.00 unless said otherwise):
 *  - Block phases use read(2)/write(2) of `chunk` bytes on a file opened
 *    without O_DIRECT.  Written data is random (not bonnie++'s): drawn
 *    from a 4 MiB pool made from `seed`, each chunk stamped with its
 *    number, so a compressing or deduplicating filesystem stores all of it
 *    and the device counters can tell (model/plaus.h).  With compressible
 *    the chunks are zeros with one byte changed per chunk, as bonnie++
 *    writes them, and char-write writes bytes 0..127 over and over.  The write phases write a new file, so
 *    block allocation is part of the rate, as in bonnie++.  preallocate
 *    fallocate()s it first, untimed, as fio does by default (its layout
 *    step): use it to compare with fio, where tmpfs writes otherwise differ
 *    by almost 2× (fio's pages are allocated before its clock starts).
 *    Filesystems without fallocate write without preallocation.
 *  - The per-character phases use stdio putc_unlocked()/getc_unlocked() with
 *    default buffering over the whole file, as bonnie 1.03 did (bonnie++
 *    2.00 uses one read(2)/write(2) per byte on 3 MiB instead; those
 *    numbers measure syscall overhead and do not compare with bonnie's).
 *  - Write and modify phases (char-write, block-write, rewrite, seeks, the
 *    create and delete phases) flush inside the timed interval: the data
 *    phases end with fsync() + close(), every seeker fsyncs its descriptor,
 *    the file phases end with syncfs() (bonnie++ calls sync(); syncfs()
 *    flushes the same filesystem without charging other filesystems'
 *    writeback to the phase).
 *  - Phases that read what an earlier phase wrote start cold, untimed,
 *    before every pass, unless keep_caches is set:
 *      rewrite, char-read, block-read, seeks: the data file is flushed and
 *        evicted (posix_fadvise DONTNEED, as fio's invalidate=1).  That is
 *        bonnie++'s situation with a file of twice the RAM — data cold,
 *        inode cached — for any file size, and it needs no root.
 *      seq-stat, rand-stat: all caches, dentries and inodes are dropped
 *        (fsb_drop_caches()), since stat reads metadata.  This needs root;
 *        bonnie++ stats hot, so keep_caches reproduces its numbers.
 *    The run records caches_dropped = 1 when every pass started cold, 0
 *    when one could not (not root) or keep_caches was set; the phase goes
 *    on either way.
 *  - Files are named as bonnie++ names them: the sequential phases use a
 *    10-digit hex counter followed by 0–12 random alphanumerics
 *    ("000000002aKx9"), the random phases the random characters first
 *    ("aKx90000000002"), so sorting by name scatters the counter.
 *    seq-create creates in counter order; rand-create creates in a random
 *    permutation.  seq-stat and seq-delete walk the directory with
 *    readdir(), as bonnie++ does (so readdir's cost is part of the rate);
 *    rand-stat and rand-delete take the names in a random permutation.
 *    stat also reads a file's contents when it is not empty.  With dirs > 1
 *    the files are spread evenly over subdirectories "00000".."NNNNN".
 *  - No "+++++": a phase whose timed part is shorter than min_duration is
 *    repeated until the timed parts add up to min_duration.  Between passes
 *    the input is re-established untimed (a create phase deletes its files,
 *    a delete phase recreates them, a read phase drops caches).  The rate is
 *    amount / sum of timed parts; `passes` records how many it took.
 *  - Every phase runs standalone: a missing or mismatched input (data file
 *    of another size, files of another kind or count) is created untimed
 *    first, and untimed work ends with syncfs() so its writeback is not
 *    charged to the timed part.
 *  - Latency: every operation (one chunk, one seek, one file) is timed with
 *    CLOCK_MONOTONIC into a log-linear histogram (64 sub-buckets per power
 *    of two: p99 within 1%).  For the per-character phases one operation is
 *    a group of `chunk` characters.
 *  - seeks: the tickets (chunk number, rewrite flag: about one in ten) are
 *    drawn from `seed` before the threads start; the threads take them from
 *    a shared counter.  Elapsed is from the first thread's start to the
 *    last thread's end (after its fsync), user and sys are summed over the
 *    threads (RUSAGE_THREAD in each), as bonnie++ sums its seek processes.
 *
 * Defaults: bonnie++'s 8 KiB chunks, 16×1024 empty files in one directory
 * and a data file of twice the RAM; 8000 seeks by 3 seekers (bonnie 1.03
 * runs 4000 by 3 processes, bonnie++ 2.00 8192 by 5: set seeks and seekers
 * to match the table being reproduced).  Everything is deterministic for a
 * given seed (names, sizes, orders, seek offsets).
 */
#ifndef FSB_SYNTH_H
#define FSB_SYNTH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/config.h"
#include "model/result.h"
#include "sys/util.h"

#define FSB_SYNTH_DATA_FILE  "fsb.data"    /* the data file, in the run's directory */
#define FSB_SYNTH_FILES_DIR  "fsb.files"   /* the file tests' directory */
#define FSB_SYNTH_MIN_CHUNK  256
#define FSB_SYNTH_MAX_CHUNK  (1 << 20)
#define FSB_SYNTH_MAX_DIRS   99999         /* names are "%05d", as bonnie++ */

struct fsb_synth_params {
	unsigned long long file_size; /* data file, bytes; a multiple of chunk */
	size_t chunk;                 /* bytes, power of two 256 B .. 1 MiB */
	long files;                   /* N: the file tests use N×1024 files */
	long file_min, file_max;      /* bytes, size range of those files */
	long dirs;                    /* spread them over this many dirs; 0, 1 = one */
	int seekers;                  /* concurrent seeker threads */
	long seeks;                   /* seeks in all, over all seekers */
	double min_duration;          /* s; shorter phases are repeated */
	unsigned long long seed;      /* names, sizes, orders, offsets */
	bool keep_caches;             /* do not drop caches before read passes */
	bool preallocate;             /* fallocate the data file before write passes */
	bool compressible;            /* write bonnie++'s zeros instead of random data */
};

/*
 * bonnie++'s defaults (see above); file_size = 2×ram rounded down to a
 * whole MiB (bonnie++ uses 2×RAM), 1 GiB when ram is 0.
 */
void fsb_synth_params_init(struct fsb_synth_params *p, unsigned long long ram_bytes);

/*
 * Map a size profile's synth_* fields and min_duration onto *out.  A field
 * of 0 (NULL or "" for synth_size) means bonnie++'s default.  ram_bytes is
 * the machine's RAM, used by "2xram"-style sizes.  0, or -EINVAL with a
 * message naming the profile and the bad value.
 */
int fsb_synth_params_from_profile(const struct fsb_size_profile *p, unsigned long long ram_bytes,
				  struct fsb_synth_params *out, struct fsb_err *err);

/* Are the parameters usable?  0, or -EINVAL with what is wrong. */
int fsb_synth_params_check(const struct fsb_synth_params *p, struct fsb_err *err);

/*
 * Data-file size from a spec: "NxRAM" (N a whole number, "2xram" is
 * bonnie++'s rule), "ram/N", "ram", "under-ram" (= ram/8: well under RAM,
 * seed 001's first test, so reads come from the cache when caches are
 * kept), "over-ram" (= 3xram: several times RAM, seed 001's second test),
 * or a size like "64M" (fsb_parse_size).  "ram" is case-insensitive.  Sizes
 * derived from RAM are rounded down to a whole MiB so that every chunk size
 * divides them.  0, or -EINVAL for anything else, a result of 0, an
 * overflow, or a RAM-based spec with ram = 0.
 */
int fsb_synth_parse_size(const char *spec, unsigned long long ram, unsigned long long *bytes);

bool fsb_synth_is_phase(const char *name);
/* Table title ("Block write", "Sequential create"), or NULL if no phase. */
const char *fsb_synth_label(const char *name);
/* The phase names in bonnie++'s order, NULL-terminated (static). */
const char *const *fsb_synth_phases(void);

struct fsb_synth_ctl {
	const atomic_bool *cancel;    /* set by another thread to stop; may be NULL */
	void (*progress)(void *arg, double fraction); /* 0..1, at most 4/s; may be NULL */
	void *arg;                    /* for progress */
};

/*
 * Run one phase in dir (which must exist).  ctl may be NULL.
 *
 * On success fills in out->v[]: real (sum of the timed parts), user, sys,
 * bytes (data phases: file_size × passes) or ops (seeks: seeks × passes;
 * file phases: files×1024 × passes), kib_per_s or ops_per_s, cpu_pct
 * ((user + sys) / real × 100, as bonnie++), lat_p99_us, lat_max_us, chunk,
 * passes, caches_dropped for the phases that start cold, seed, seekers
 * (seeks) and file_min, file_max, dirs (file phases).  Other fields
 * and out's strings are left alone.  Returns 0.
 *
 * On failure returns -errno with a one-line message in err
 * ("block-write: write /mnt/x/fsb.data: No space left on device"); on
 * cancellation -ECANCELED.  Either way everything the phases left in dir
 * is removed (as by fsb_synth_cleanup) and *out is untouched.
 */
int fsb_synth_run(const char *phase, const char *dir, const struct fsb_synth_params *p,
		  const struct fsb_synth_ctl *ctl, struct fsb_run *out, struct fsb_err *err);

/* Remove the data file and the file-test directory from dir and flush
 * the filesystem, so that freeing them is charged to nothing that runs
 * next.  Nothing there is fine (safe to call twice).  0 or -errno. */
int fsb_synth_cleanup(const char *dir);

#endif
