/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plaus.h — are a run's figures plausible?  The device's own counters
 * (/proc/diskstats: disk_read_kib, disk_written_kib) set against what a
 * built-in data phase asked for (bytes), and the phase's %CPU:
 *
 *   page-cache  it read at least FSB_PLAUS_CACHE_RATIO× what the device
 *               delivered: served from the page cache (--no-drop-caches, a
 *               cache fsbench could not drop), not from the device;
 *   compressed  it wrote at least FSB_PLAUS_COMPRESS_RATIO× what the device
 *               wrote: the filesystem compressed or deduplicated the data;
 *   cpu-bound   its thread was busy at least FSB_PLAUS_CPU_PCT% of one CPU:
 *               the rate is fsbench's (and the kernel's copying), not the
 *               device's.
 *
 * Only the built-in data phases are judged (char-write, block-write,
 * rewrite, char-read, block-read): a command phase's amount is not known,
 * the seeks and file phases move too little to compare.  Runs under
 * FSB_PLAUS_MIN_BYTES, failed runs and runs without the device's counters
 * (imported ones: another tool measured them) are never flagged.  Pure functions of the run; doc/measurement.md explains the
 * thresholds.  The engine records the words in the run (run->implausible);
 * the documents judge again from the counters, so older files are judged
 * too, and add whatever the file recorded.
 */
#ifndef FSB_PLAUS_H
#define FSB_PLAUS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"

#define FSB_PLAUS_CACHE_RATIO    2.0      /* read / device read */
#define FSB_PLAUS_COMPRESS_RATIO 1.5      /* written / device written */
#define FSB_PLAUS_CPU_PCT        90.0     /* % of one CPU */
#define FSB_PLAUS_MIN_BYTES      (4 << 20)

enum fsb_plaus_flag {
	FSB_PLAUS_CACHE      = 1 << 0,
	FSB_PLAUS_COMPRESSED = 1 << 1,
	FSB_PLAUS_CPU        = 1 << 2,
};
#define FSB_PLAUS_WORDS "page-cache, compressed, cpu-bound"

struct fsb_plaus {
	unsigned flags;          /* enum fsb_plaus_flag */
	double asked_read;       /* bytes the phase read; NAN = not judged */
	double delivered;        /* bytes the device read meanwhile */
	double asked_write;      /* bytes the phase wrote; NAN = not judged */
	double written;          /* bytes the device wrote meanwhile */
	double cpu_pct;          /* mean %CPU of the runs judged; NAN */
	bool compressible;       /* the data was compressible on purpose (synth_data) */
	size_t runs;             /* runs judged */
	size_t cpu_runs;         /* of them, runs with a %CPU */
};

/* Is phase one of the judged built-in data phases? */
bool fsb_plaus_phase(const char *phase);
/* Judge one run of phase; out->flags = 0 when nothing is against it. */
void fsb_plaus_judge(const char *phase, const struct fsb_run *r, struct fsb_plaus *out);
/* The same over every ok run of ph, amounts summed (a cell of the tables). */
void fsb_plaus_cell(const struct fsb_phase_result *ph, struct fsb_plaus *out);
/* read / delivered and written / device written; INFINITY when the device
 * moved nothing, NAN when not judged. */
double fsb_plaus_read_ratio(const struct fsb_plaus *p);
double fsb_plaus_write_ratio(const struct fsb_plaus *p);

/* Flags as the file's words ("page-cache,cpu-bound") into buf; "" for 0. */
const char *fsb_plaus_words(unsigned flags, char *buf, size_t len);
/* Words back into flags: 0, or -EINVAL for any other word (s NULL: 0). */
int fsb_plaus_parse(const char *s, unsigned *flags);

/* What p says, in words ("served from the page cache: it read 1.0 GiB,
 * the device delivered 12 MiB"), the flags' clauses joined by "; ". */
void fsb_plaus_say(const struct fsb_plaus *p, char *buf, size_t len);

/* What the device stored of what p wrote, whether flagged or not ("it
 * wrote 1.0 GiB, the device 1.0 GiB, 1.00:1, random data"); "" when the
 * writes were not judged. */
void fsb_plaus_say_ratio(const struct fsb_plaus *p, char *buf, size_t len);

/* Does fs compress (a mount option or mkfs argument with "compress": btrfs
 * compress=zstd, f2fs compress_algorithm=, ZFS compression=)? */
bool fsb_plaus_compressing(const struct fsb_fs_result *fs);

/*
 * Did a filesystem do less work than the others for the same phase?  Its
 * device writes (the mean of disk_written_kib over its successful runs)
 * under FSB_PLAUS_LESS_RATIO of the median of the other filesystems' means,
 * when that median is at least FSB_PLAUS_LESS_MIN_KIB (a phase that writes
 * little — rm, make clean — is never judged): the number beside it is not
 * the same work's (doc/disk.md).  Why, from what the phase's processes
 * saved (fsb_run_saved_kib) against the others' median of it:
 *   cloned      they saved under FSB_PLAUS_LESS_RATIO of the others' too: the
 *               data was shared (reflink), not written;
 *   compressed  they saved as much, and the filesystem compresses
 *               (fsb_plaus_compressing);
 *   stored-less they saved as much, the device stored a fraction: compressed,
 *               deduplicated, files deleted before they were written back, or
 *               the others wrote back what earlier phases left.
 * A feature phase (clone, model/diskwork.h) is never judged: its work is
 * the feature.  Judged from the result, for every output; never recorded.
 */
#define FSB_PLAUS_LESS_RATIO   0.25
#define FSB_PLAUS_LESS_MIN_KIB 16384.0   /* 16 MiB */
enum fsb_plaus_less_why { FSB_LESS_NONE, FSB_LESS_CLONED, FSB_LESS_COMPRESSED, FSB_LESS_STORED_LESS };
struct fsb_plaus_less {
	enum fsb_plaus_less_why why;     /* NONE: not flagged */
	double written_kib, others_kib;  /* its mean device writes, the others' median; NAN */
	double saved_kib, others_saved_kib;  /* the same of what the processes saved; NAN */
	size_t nothers;                  /* filesystems the median is over */
};
/* Judge every filesystem of res in phase (a column of its grid,
 * model/grid.h) at once: out has res->nfs entries, in res's order.
 * O(n log n) in the filesystems. */
void fsb_plaus_less_work(const struct fsb_result *res, size_t phase, struct fsb_plaus_less *out);
/* "did less work: cloned" (the flag's words, "" for NONE) and the whole
 * clause: "did less work: cloned — the device wrote 13 MiB, the other
 * filesystems 370 MiB (median), its processes saved 0.1 MiB against 368
 * MiB: the data was shared, not copied". */
const char *fsb_plaus_less_words(enum fsb_plaus_less_why why);
void fsb_plaus_say_less(const struct fsb_plaus_less *p, char *buf, size_t len);

/*
 * Do res's figures include caching fsbench cannot drop: a virtual machine
 * (host.virt), or an image on a disk whose model is a virtual one (QEMU,
 * VBOX, VMware, Virtual, virtio)?  Then one line saying so into buf.
 */
bool fsb_plaus_host_cached(const struct fsb_result *res, char *buf, size_t len);

#endif
