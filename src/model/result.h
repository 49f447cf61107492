/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * result.h — the result model and the result file.
 *
 * A result is what one `fsbench run` measured: the host, the target, and per
 * filesystem and phase one `run` record per repetition.  The engine builds
 * it, writes it after every phase (atomically: temp file + rename, so an
 * interrupted run keeps every finished phase), and posts snapshots of it to
 * the UI.  `fsbench show`, the exports and the TUI read it back with
 * fsb_result_read().  The file is libconfuse syntax (see doc/result-format.md),
 * read by a parser of its own built for hostile input (result files travel).
 * The model is result.c, the writer result_write.c, the reader result_lex.c
 * (tokens, values) and result_read.c (sections); result_int.h is what they
 * share and no one else includes.
 *
 * Every numeric field of a run is a double; NAN means "not measured" and is
 * not written.  The list of fields is FSB_RUN_FIELDS below: adding a field is
 * one line there, and the file reader/writer and the CSV export follow.
 *
 * Ownership: a struct fsb_result owns everything below it; the strings are
 * heap copies.  Pointers to fs/phase entries stay valid until the result is
 * freed (entries are individually allocated).
 *
 * The judging code and the documents address a result's cells by index,
 * through its grid (model/grid.h): built once when the result is read,
 * copied or merged, and again after any change of its shape.  The
 * functions below that add a filesystem, a phase or a run say so
 * themselves; code that changes what the grid reads in place (a phase's
 * kind or session_cv, a run's status, runs swapped) calls
 * fsb_result_changed().
 */
#ifndef FSB_RESULT_H
#define FSB_RESULT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "model/kinds.h"
#include "sys/sysinfo.h"
#include "sys/util.h"

#define FSB_RESULT_FORMAT 1

/* X(name, unit, description) — the fields of one run record, in file order. */
#define FSB_RUN_FIELDS(X)                                                          \
	X(real,             "s",     "wall-clock time, CLOCK_MONOTONIC, sync included") \
	X(user,             "s",     "user CPU time of the phase's process tree")       \
	X(sys,              "s",     "system CPU time of the phase's process tree")     \
	X(sync,             "s",     "time of syncfs() on the mount after the phase")   \
	X(major_faults,     "",      "major page faults (GNU time %F)")                 \
	X(minor_faults,     "",      "minor page faults (GNU time %R)")                 \
	X(swaps,            "",      "times swapped out (GNU time %W)")                 \
	X(vol_cs,           "",      "voluntary context switches, waits (GNU time %w)") \
	X(invol_cs,         "",      "involuntary context switches (GNU time %c)")      \
	X(fs_in,            "",      "file system inputs, 512 B blocks (GNU time %I)")  \
	X(fs_out,           "",      "file system outputs, 512 B blocks (GNU time %O)") \
	X(signals,          "",      "signals delivered (GNU time %k)")                 \
	X(disk_read_kib,    "KiB",   "KiB read by the device (/proc/diskstats)")        \
	X(disk_written_kib, "KiB",   "KiB written by the device (/proc/diskstats)")     \
	X(disk_ios,         "",      "read + write I/Os completed by the device")       \
	X(bytes,            "B",     "bytes moved by a built-in I/O phase")             \
	X(ops,              "",      "operations done by a built-in phase")             \
	X(kib_per_s,        "KiB/s", "throughput of a built-in I/O phase")              \
	X(ops_per_s,        "1/s",   "operation rate of a built-in phase")              \
	X(cpu_pct,          "%",     "(user + sys) / elapsed * 100, as bonnie++")       \
	X(lat_p99_us,       "us",    "99th percentile latency of one operation")        \
	X(lat_max_us,       "us",    "maximum latency of one operation")                \
	X(chunk,            "B",     "chunk size of a built-in I/O phase")              \
	X(passes,           "",      "passes needed to reach the minimum duration")     \
	X(caches_dropped,   "",      "1 = caches dropped before every read pass, 0 = not (no root, or the plan kept the page cache)") \
	X(seed,             "",      "random seed of a built-in phase (names, orders, offsets)") \
	X(seekers,          "",      "concurrent seeker threads of the seeks phase")    \
	X(file_min,         "B",     "smallest file of a built-in file phase")          \
	X(file_max,         "B",     "largest file of a built-in file phase")           \
	X(dirs,             "",      "directories a built-in file phase spreads over") \
	X(lat_mean_us,      "us",    "mean latency of one operation (imported: fio)")   \
	X(lat_p50_us,       "us",    "median latency of one operation (imported: fio)") \
	X(lat_p95_us,       "us",    "95th percentile latency of one operation (imported: fio)") \
	X(others_cpu,       "",      "share of one CPU other programs used during the phase (0.48 = 48%)") \
	X(top_cpu,          "",      "share of one CPU the hungriest other program used (its name: top)") \
	X(steal,            "",      "share of one CPU stolen by the hypervisor during the phase") \
	X(psi_cpu,          "",      "share of the phase's wall time some task waited for a CPU (/proc/pressure)") \
	X(psi_io,           "",      "share of the phase's wall time some task waited for I/O (/proc/pressure)") \
	X(psi_mem,          "",      "share of the phase's wall time some task waited for memory (/proc/pressure)") \
	X(swap_in,          "",      "pages swapped in on the whole machine during the phase") \
	X(swap_out,         "",      "pages swapped out on the whole machine during the phase") \
	X(mem_drop_kib,     "KiB",   "drop of MemAvailable from the phase's start to its end") \
	X(seq,              "",      "sequence number of the run in the whole fsbench run (1 = first)") \
	X(started_at,       "s",     "wall-clock start of the run, seconds since the epoch") \
	X(replaces,         "",      "the seq of the disturbed run this one was run again for") \
	X(idle_cpu,         "",      "share of one CPU left idle during the phase, all CPUs (1.2 = 120%)") \
	X(others_read_kib,  "KiB",   "KiB read from the target's disk beyond the target's own, by other programs") \
	X(others_written_kib, "KiB", "KiB written to the target's disk beyond the target's own, by other programs") \
	X(others_disk_s,    "s",     "the target's disk's busy time in the share those other programs' bytes were of all it moved") \
	X(compressible,     "",      "1 = a built-in data phase wrote compressible data (synth_data = \"compressible\"), 0 = random data") \
	X(fullness,         "",      "share of the filesystem in use at the end of the phase (statvfs; 0.8 = 80%)") \
	X(layout_files,     "",      "regular files of the tree whose layout was read after the phase (FIEMAP)") \
	X(extents_per_file, "",      "mean extents per file of that tree (physically contiguous extents merged)") \
	X(extents_p90,      "",      "90th percentile of extents per file of that tree") \
	X(extents_max,      "",      "most extents of one file of that tree") \
	X(multi_extent_share, "",    "share of that tree's files in more than one extent (0.1 = 10%)") \
	X(free_extents,     "",      "free-space extents of the filesystem (e2freefrag, xfs_db freesp)") \
	X(free_extent_mean_kib, "KiB", "mean size of a free-space extent") \
	X(free_big_share,   "",      "share of the free space in extents of 1 MiB or more (0.9 = 90%)") \
	X(capped,           "",      "1 when the aging stopped at the profile's age_seconds before its commits were done") \
	X(enospc,           "",      "times the aging met a full filesystem and went on") \
	/* the verdict's blocks (model/rounds.h): the round a run belongs to, */ \
	/* and what disturbed it (sys/interfere.h: FSB_DISTURBED_BY_*) */ \
	X(round,            "",      "the round the run belongs to (1 = first; a run made again for a disturbed one keeps that one's round)") \
	X(disturbed_by,     "",      "what disturbed the run, bits: 1 others' CPU, 2 waits for a CPU, 4 the hypervisor's steal beyond its round's, 8 swap, 16 others' disk I/O") \
	/* the crash phase (issue 35, engine/crash.h, doc/crash.md): counts of crash states */ \
	X(crash_states,     "",      "crash states rebuilt from the write log and tried") \
	X(crash_clean,      "",      "crash states that mounted and that the read-only check found nothing in") \
	X(crash_repair,     "",      "crash states that did not mount, or that the check found errors in: a repair needed") \
	X(crash_fsck_errors, "",     "crash states the read-only check found errors in (not written when there was no check)") \
	X(crash_unchecked,  "",      "crash states that mounted but could not be checked (no check installed or in the profile)") \
	X(crash_mount_failed, "",    "crash states that did not mount") \
	X(crash_lost,       "",      "crash states in which a file the script had fsync'd was missing or different") \
	X(crash_rename,     "",      "crash states in which a file replaced by rename was neither the old nor the new one") \
	X(crash_recovery_p50, "s",   "median time of the mount (the journal's replay) of the crash states that mounted") \
	X(crash_recovery_max, "s",   "longest such mount") \
	X(crash_flushes,    "",      "flushes the loop device sent while the crash phase's script ran") \
	X(crash_writes,     "",      "writes and discards it sent meanwhile") \
	X(crash_fault,      "",      "a test run that broke durability on purpose: 1 = the script forgot its fsyncs, 2 = each state lost a flushed write; 0 = none") \
	/* issue 31, what the disk did: its writes against what the phase saved, \
	 * flushes and discards, the stall probe's saves, the clone phase's answer */ \
	X(disk_flushes,     "",      "flush requests the device completed (/proc/diskstats)") \
	X(disk_discarded_kib, "KiB", "KiB the device discarded (/proc/diskstats)") \
	X(saved_kib,        "KiB",   "KiB the phase's processes sent towards storage and kept: write_bytes - cancelled_write_bytes of the process tree (/proc/PID/io); a built-in phase: fsbench's own") \
	X(wchar_kib,        "KiB",   "KiB the phase's processes passed to write(2) and its kin (wchar; pipes and terminals too)") \
	X(stall_saves,      "",      "saves the stall probe made during the phase (4 KiB written and fsynced every 100 ms)") \
	X(stall_p50_us,     "us",    "median time of one of those saves (write + fsync)") \
	X(stall_p99_us,     "us",    "99th percentile time of one of those saves") \
	X(stall_max_us,     "us",    "longest of those saves") \
	X(stall_written_kib, "KiB",  "KiB the stall probe wrote (4 KiB a save)") \
	X(reflink,          "",      "the clone phase: 1 = the filesystem cloned the files (cp --reflink=always), 0 = it cannot (no reflink)")

enum fsb_field {
#define FSB_X(name, unit, desc) FSB_FIELD_##name,
	FSB_RUN_FIELDS(FSB_X)
#undef FSB_X
	FSB_FIELD_COUNT
};

/* Static field metadata, indexed by enum fsb_field. */
struct fsb_field_info {
	const char *name;
	const char *unit;
	const char *desc;
};
extern const struct fsb_field_info fsb_fields[FSB_FIELD_COUNT];
/* Field by name, or -1. */
int fsb_field_lookup(const char *name);

enum fsb_run_status {
	FSB_RUN_OK,
	FSB_RUN_FAILED,       /* the phase ran and failed: exit status, error */
	FSB_RUN_INTERRUPTED,  /* cancelled or killed by a signal while running */
};
const char *fsb_run_status_name(enum fsb_run_status st);
int fsb_run_status_parse(const char *s, enum fsb_run_status *st);

/*
 * What the device did over a run's time: one sample per `step` seconds
 * (1 while the phase is short; neighbours merged beyond FSB_SERIES_MAX), of
 * each kind below, from /proc/diskstats.  In the file: series_step and one
 * string of comma-separated numbers per kind (doc/result-format.md).
 */
#define FSB_SERIES_KINDS(X)                                              \
	X(read_kib_s,  "KiB/s", "read",        "read throughput")        \
	X(write_kib_s, "KiB/s", "write",       "write throughput")       \
	X(iops,        "1/s",   "IOPS",        "read + write I/Os per second") \
	X(util_pct,    "%",     "utilisation", "time the device was busy (io_ticks)")

enum fsb_series_kind {
#define FSB_X(name, unit, word, desc) FSB_SERIES_##name,
	FSB_SERIES_KINDS(FSB_X)
#undef FSB_X
	FSB_SERIES_COUNT
};
struct fsb_series_info {
	const char *name;        /* "write_kib_s": the file key is series_<name> */
	const char *unit;
	const char *word;        /* "write", for the front ends */
	const char *desc;
};
extern const struct fsb_series_info fsb_series_infos[FSB_SERIES_COUNT];

#define FSB_SERIES_MAX 600   /* samples kept per run at most */

struct fsb_series {
	double step;             /* seconds per sample (> 0) */
	size_t n;                /* samples of every kind */
	double *v[FSB_SERIES_COUNT];  /* n values each, or NULL when not recorded */
};
struct fsb_series *fsb_series_new(double step);
struct fsb_series *fsb_series_dup(const struct fsb_series *s);   /* NULL → NULL */
void fsb_series_free(struct fsb_series *s);
/* Append one sample (FSB_SERIES_COUNT values; NAN = not measured). */
void fsb_series_push(struct fsb_series *s, const double *vals);
/* Keep at most max samples by averaging runs of neighbours (step grows). */
void fsb_series_bound(struct fsb_series *s, size_t max);

struct fsb_run {
	double v[FSB_FIELD_COUNT];   /* NAN = not measured */
	enum fsb_run_status status;
	int exit_status;             /* of the phase command; -1 = none */
	char *error;                 /* one line, or NULL */
	/* Why the phase's rate and %CPU are absent from an ok run, or NULL:
	 * "too fast for bonnie++" for an imported +++++.  Never a number. */
	char *not_measured;
	struct fsb_series *series;   /* the device over time, or NULL (older files) */
	char *top;                   /* the hungriest other program during the run, or NULL */
	char *disturbed;             /* why the run is disturbed ("other programs used 48% of a
					CPU, mostly burner"), or NULL: a disturbed run is set
					aside from means, intervals and tests */
	char *implausible;           /* what the run's own counters say against its figures,
					as the engine judged them (model/plaus.h): words
					"page-cache,compressed,cpu-bound", or NULL */
};
void fsb_run_init(struct fsb_run *r);           /* all NAN, status ok */
void fsb_run_copy(struct fsb_run *dst, const struct fsb_run *src);  /* deep */
void fsb_run_clear(struct fsb_run *r);          /* frees strings, re-inits */

/*
 * Metrics: the columns of the seed tables and what they are computed from.
 * Time metrics: lower is better, normalized as value / baseline.
 * Rate metrics: higher is better, normalized as baseline / value, so that
 * > 1 means slower everywhere (see doc/DESIGN.md).
 */
enum fsb_metric {
	FSB_METRIC_USR,
	FSB_METRIC_SYS,
	FSB_METRIC_SYNC,
	FSB_METRIC_DEAD,      /* real - user, seed 000's "dead time" */
	FSB_METRIC_REAL,
	FSB_METRIC_RATE,      /* kib_per_s or ops_per_s, whichever is set */
	FSB_METRIC_CPU,       /* cpu_pct */
	/* what the disk did (model/diskwork.h); never a choice of the tables */
	FSB_METRIC_WRITTEN,   /* disk_written_kib: what the device wrote */
	FSB_METRIC_SAVED,     /* fsb_run_saved_kib: what the phase saved, the probe's writes too */
	FSB_METRIC_WAMP,      /* write amplification: the device's writes / what the phase saved */
	FSB_METRIC_STALL_P50, /* the stall probe's saves: median, 99th percentile, longest (us) */
	FSB_METRIC_STALL_P99,
	FSB_METRIC_STALL_MAX,
	FSB_METRIC_COUNT
};
/* A phase that saved less than this (KiB) has no write amplification: a
 * ratio over nothing (rm, make clean) says nothing. */
#define FSB_WAMP_MIN_KIB 1024.0
const char *fsb_metric_name(enum fsb_metric m);   /* "usr", "dead", … */
int fsb_metric_parse(const char *s, enum fsb_metric *m);
bool fsb_metric_higher_is_better(enum fsb_metric m);
/* The metrics a user may choose for the tables (--metric, the TUI's m key),
 * in the order they are offered: the times dead, real, usr, sys, sync.
 * Returns the table, *n its length. */
const enum fsb_metric *fsb_metric_choices(size_t *n);
/* Is m one of them? */
bool fsb_metric_is_choice(enum fsb_metric m);
/* "dead, real, usr, sys or sync" into buf, for messages. */
void fsb_metric_choices_say(char *buf, size_t len);
/* Value of a metric in one run; NAN when the run lacks it.  WAMP: the
 * device's writes over what the phase saved (saved_kib, or in older files
 * fs_out's write_bytes without the cancelled ones) plus what the stall
 * probe wrote; NAN under FSB_WAMP_MIN_KIB saved. */
double fsb_run_metric(const struct fsb_run *r, enum fsb_metric m);
/* What the run saved, the stall probe's writes included (KiB); NAN when not
 * recorded.  The denominator of WAMP. */
double fsb_run_saved_kib(const struct fsb_run *r);

enum fsb_phase_status {
	FSB_PHASE_OK,            /* runs[] holds what happened, failures included */
	FSB_PHASE_UNAVAILABLE,   /* never attempted; reason says why */
};

struct fsb_fs_result;

struct fsb_phase_result {
	char *name;              /* "tar", "block-write" */
	char *label;             /* "tar jxf", "Block write" */
	enum fsb_phase_kind kind; /* command, builtin, crash, or imported (fsbench import:
				  * measured by another tool, read like builtin);
				  * FSB_PHASE_KIND_NONE when the file records none */
	char *command;           /* the command template, for reproduction */
	enum fsb_phase_status status;
	char *reason;            /* why unavailable, or NULL */
	struct fsb_run *runs;
	size_t nruns;
	/* --auto-repeat bookkeeping; -1 / false when not used */
	int auto_target_reps;    /* repetitions it took; -1 = not auto */
	bool auto_converged;     /* CI within target before the cap */
	/* the size profile's measured_cv for the phase when it ran: its idle
	 * run-to-run CV of dead time on the reference machine; NAN if none */
	double measured_cv;
	/* the size profile's session_cv for the phase when it ran: its idle CV
	 * of dead time across separate sessions on the reference machine
	 * (bench/phase-cv.sh --sessions); above FSB_PROFILE_CV_GOAL the phase
	 * is left out of the total (model/cells.h); NAN if none */
	double session_cv;
	/* the stall round's runs (FSB_PROBE_ROUND): the phase once more after
	 * the timed rounds with the stall probe beside it, untimed.  Only the
	 * stall figures read them (model/diskwork.h): no table of times,
	 * total, verdict, aging factor, plausibility check or index does */
	struct fsb_run *stall_runs;
	size_t nstall_runs;
	struct fsb_fs_result *owner;  /* the filesystem that holds it (fsb_fs_add_phase) */
};

/* Seconds, one per occurrence in order (one per repetition that did it). */
struct fsb_secs {
	double *v;
	size_t n;
};
void fsb_secs_add(struct fsb_secs *s, double x);
void fsb_secs_free(struct fsb_secs *s);
/* Mean of s, NAN when empty. */
double fsb_secs_mean(const struct fsb_secs *s);

enum fsb_fs_status {
	FSB_FS_OK,
	FSB_FS_UNAVAILABLE,      /* tool or kernel support missing: never attempted */
	FSB_FS_FAILED,           /* mkfs or mount failed: error says how */
};

struct fsb_fs_result {
	char *name;              /* profile name: "ext3-journal" */
	char *type;              /* kernel type: "ext3" */
	char *mkfs;              /* mkfs command as run (or the template) */
	char *mkfs_version;      /* first line of the tool's version output */
	char *mount_options;
	char *description;
	char *uuid;              /* the UUID fsbench gave mkfs, if any */
	enum fsb_fs_status status;
	char *error;             /* why unavailable / failed */
	struct fsb_phase_result **phases;
	size_t nphases;
	/* the bookkeeping around the phases, per repetition that did it
	 * (mkfs_seconds, mount_seconds, umount_seconds); empty in older files */
	struct fsb_secs mkfs_s, mount_s, umount_s;
	/* a read-only fsck of the unmounted filesystem holding the run's
	 * source tree, timed once a run (engine.c): what a check after a
	 * crash costs on this data.  fsck_s empty when not measured (older
	 * files, a directory target, a profile without fsck) */
	struct fsb_secs fsck_s;
	char *fsck;              /* the command as run */
	char *fsck_data;         /* what the filesystem held: "16018 files, 118 MiB" */
	struct fsb_result *owner;  /* the result that holds it (fsb_result_add_fs) */
};

struct fsb_target_info {
	enum fsb_target_kind kind;  /* image, dir, device; FSB_TARGET_KIND_NONE when
				       not recorded (an import) */
	char *path;              /* image file, directory or device node */
	char *device;            /* loop device used for an image, or the device */
	long long size_mib;
	char *model, *serial;
	char *fstype;            /* for dir targets: the filesystem it is on */
	char *fstype_from;       /* how fstype was found: "mount table", "statfs",
				    "statfs, device in mount table"; NULL in
				    older files */
	struct fsb_strv reasons; /* why the device was found usable */
};

enum fsb_result_status {
	FSB_RESULT_RUNNING,
	FSB_RESULT_COMPLETE,
	FSB_RESULT_INTERRUPTED,
	FSB_RESULT_FAILED,
};
const char *fsb_result_status_name(enum fsb_result_status st);
/* The status a name says; -EINVAL for any other word. */
int fsb_result_status_parse(const char *s, enum fsb_result_status *st);

/*
 * How the stall probe ran (engine/probe.h, doc/disk.md), the plan's and
 * the result's `probe`: in a round of its own after the timed rounds (the
 * phases' stall runs hold its saves; the timed runs ran without it),
 * beside every timed command phase (its saves in the runs: what issue 31's
 * A/A measured, bench/probe-overhead.sh), or not at all.
 */
enum fsb_probe_mode { FSB_PROBE_ROUND, FSB_PROBE_BESIDE, FSB_PROBE_OFF, FSB_PROBE_MODE_COUNT };
extern const char *const fsb_probe_mode_names[FSB_PROBE_MODE_COUNT];   /* "round", "beside", "off" */
/* The mode a word names; -EINVAL for any other word. */
int fsb_probe_mode_parse(const char *s, enum fsb_probe_mode *m);

/* How a run in rounds ended (fsb_result.ended): the words of the file;
 * FSB_ENDED_NONE when it does not say (older files, runs without rounds). */
enum fsb_result_ended {
	FSB_ENDED_NONE = -1,
	FSB_ENDED_SETTLED, FSB_ENDED_BUDGET, FSB_ENDED_CAP, FSB_ENDED_STOPPED,
	FSB_RESULT_ENDED_COUNT
};
extern const char *const fsb_result_ended_names[FSB_RESULT_ENDED_COUNT];

struct fsb_result {
	int format;
	char *tool;              /* "fsbench 0.1.0" */
	char *started, *finished;   /* ISO 8601 UTC */
	enum fsb_result_status status;
	char *baseline;          /* filesystem name the tables normalize to */
	char *profile;           /* size profile */
	char *command;           /* the command line that produced it */
	char *workload;          /* "generated tree seed=1 files=400" … */
	char *title;             /* free text, e.g. the seed's page title */
	char *log;               /* the phases' output log of this run, or NULL */
	/* fsbench import: the tool that measured it and its version
	 * ("bonnie++", "1.03"); NULL for fsbench's own runs */
	char *source_tool, *source_version;
	long repeat;
	struct fsb_strv phase_order;   /* phases as planned, in order */
	char *order;             /* "rounds", "sequential", "random"; NULL in older files */
	long long order_seed;    /* the seed of that order; -1 = none recorded */
	char *quiet;             /* the before-run warning that the machine was busy, or NULL */
	/* rounds (engine.h, settle mode): how many ran, the budget, how the
	 * run ended: settled, budget, cap (FSB_SETTLE_MAX_ROUNDS), or
	 * stopped (by the user, at a round boundary); 0 / 0 / FSB_ENDED_NONE
	 * when not recorded (older files, runs without rounds) */
	long rounds;
	long long budget_s;
	enum fsb_result_ended ended;
	/* the verdict's bar (model/verdict.h): the rounds at which the
	 * stopping rule could end the run (settle mode), over which the
	 * significance level is split; 0 when not recorded (one look) */
	long looks;
	/* the profile's between-session spread of a total's log ratio on the
	 * reference machine (session_sd), the prior of the verdict's
	 * between-session noise when this machine has no history; NAN when
	 * not recorded */
	double session_sd;
	/* what the disk is for, as the run was told (model/uses.h: --for,
	 * --need, the TUI's plan screen): the recommendation's default when
	 * it is viewed.  NULL / 0 when not told (older files) */
	char *use;
	unsigned needs;          /* enum fsb_need bits, "supported" never */
	/* how the stall probe ran, as recorded (enum fsb_probe_mode); -1 =
	 * not recorded (older files, imports): fsb_result_probe() infers it */
	int probe;
	struct fsb_host host;
	struct fsb_target_info target;
	struct fsb_fs_result **fs;
	size_t nfs;
	char *path;              /* where it was read from / written to; may be NULL */
	/* the grid (model/grid.h): a cache of the shape above, rebuilt when
	 * gen has moved on since it was built */
	unsigned long gen;       /* bumped by every change of shape */
	struct fsb_grid *grid;   /* NULL until asked for */
};

struct fsb_result *fsb_result_new(void);
void fsb_result_free(struct fsb_result *res);
struct fsb_result *fsb_result_dup(const struct fsb_result *res);

/* Find by name, NULL if absent. */
struct fsb_fs_result *fsb_result_find_fs(const struct fsb_result *res, const char *name);
struct fsb_phase_result *fsb_fs_find_phase(const struct fsb_fs_result *fs, const char *name);
/* Find or append (a new one: the result's grid is rebuilt when next asked). */
struct fsb_fs_result *fsb_result_add_fs(struct fsb_result *res, const char *name);
struct fsb_phase_result *fsb_fs_add_phase(struct fsb_fs_result *fs, const char *name);
/* Phase sp's facts (label, kind, command, status, reason, the auto
 * bookkeeping, the CVs) copied into ph, a phase just added, and deep
 * copies of its runs and stall runs appended (fsb_result_dup, and merge
 * for a phase's first file). */
void fsb_phase_copy(struct fsb_phase_result *ph, const struct fsb_phase_result *sp);
/* Append a deep copy of run; returns the stored copy.  The grid is rebuilt
 * when next asked. */
struct fsb_run *fsb_phase_add_run(struct fsb_phase_result *ph, const struct fsb_run *run);
/* The same to the phase's stall runs. */
struct fsb_run *fsb_phase_add_stall_run(struct fsb_phase_result *ph, const struct fsb_run *run);
/* res changed in place where its grid reads (see above): rebuilt when next
 * asked.  NULL is ignored. */
void fsb_result_changed(struct fsb_result *res);

/*
 * The bookkeeping share of a finished run: (finished − started − Σ real of
 * every recorded run, stall runs too) / (finished − started) — workload preparation, mkfs,
 * mount, unmount, cache drops, result writes.  NAN when the result has no
 * finish time or lasted under a second (the times are whole seconds).
 */
double fsb_result_bookkeeping(const struct fsb_result *res, double *wall, double *real_sum);

/* How the stall probe ran: the recorded mode, else what the runs say —
 * round when a phase has stall runs, beside when a run has the probe's
 * saves, else off. */
enum fsb_probe_mode fsb_result_probe(const struct fsb_result *res);
/* Does a phase of res hold stall runs (the stall round ran)? */
bool fsb_result_has_stall_runs(const struct fsb_result *res);

/* Does any cell have more than one run?  Was it run with --auto-repeat? */
bool fsb_result_repeated(const struct fsb_result *res);
bool fsb_result_auto_repeated(const struct fsb_result *res);

/* The phases present anywhere in res, in phase_order first, then in order of
 * appearance.  Fills sv (caller frees with fsb_strv_free). */
void fsb_result_phases(const struct fsb_result *res, struct fsb_strv *sv);

/*
 * Write res to path atomically (path.tmp.XXXXXX in the same directory,
 * fsync, rename).  A failure leaves the old file untouched.  0 or -errno;
 * -EINVAL when res is beyond fsb_result_check_limits() or its file would
 * be larger than FSB_RESULT_MAX_BYTES (what the reader would refuse).
 */
int fsb_result_write(const struct fsb_result *res, const char *path, struct fsb_err *err);
/* Serialize to a stream (used by the writer and by tests). */
int fsb_result_print(const struct fsb_result *res, FILE *fp);

/* Result files larger than this are refused unread (a real one is a few
 * hundred KiB; 3,000 filesystems with 4 phases of 3 runs are 16 MiB). */
#define FSB_RESULT_MAX_BYTES (32 << 20)
/* What one result holds at most, far above any real run: beyond these the
 * tables and the browser would take minutes.  The reader refuses more, and
 * so does the writer: nothing writes a file that show refuses. */
#define FSB_RESULT_MAX_FS 20000
#define FSB_RESULT_MAX_PHASES 200      /* distinct phase names of the filesystems */
#define FSB_RESULT_MAX_CELLS 1000000   /* filesystems x (those + planned phases) */
#define FSB_RESULT_MAX_RUNS 100000     /* runs of one phase of one filesystem, and
					  stall runs apart */

/* res within the limits above, and what else the reader checks of names (no
 * empty filesystem or phase name, no phase twice in phase_order, the
 * baseline one of its filesystems): 0, or -EINVAL and one line "WHAT: N
 * filesystems: a result file holds at most M" in err (what names res:
 * the file to write, "the imported results" …). */
int fsb_result_check_limits(const struct fsb_result *res, const char *what, struct fsb_err *err);

/*
 * Read a result file.  Any syntax error, unknown option, repeated option or
 * section, bad or out-of-range value, NUL byte, or a file over
 * FSB_RESULT_MAX_BYTES gives -EINVAL and one line "FILE:LINE: what is
 * wrong" (file content in it made visible, see fsb_str_visible()); a file
 * that cannot be opened gives -errno.  Time and memory are linear in the
 * file's size.  On success *out is owned by the caller and has path set.
 */
int fsb_result_read(const char *path, struct fsb_result **out, struct fsb_err *err);
/* The same from len bytes in memory (NULs included); name is used in
 * messages; path is left NULL. */
int fsb_result_read_buf(const char *buf, size_t len, const char *name, struct fsb_result **out,
			struct fsb_err *err);
/* A result a user names: fsb_result_read, or for "-" standard input (at
 * most FSB_RESULT_MAX_BYTES, read once), its errors "<stdin>:LINE: …" and
 * its path left NULL. */
int fsb_result_read_input(const char *path, struct fsb_result **out, struct fsb_err *err);

#endif
