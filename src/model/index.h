/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * index.h — the result index: what the result files of a directory say,
 * kept in one SQLite database so that listing 10,000 of them does not mean
 * parsing 10,000 files.
 *
 * The database is $XDG_CACHE_HOME/fsbench/index.sqlite (~/.cache when unset);
 * its tables are documented in doc/index.md so that users can query it.  It
 * is a cache, never the truth: every scan stats the directory, re-reads the
 * files that are new or changed (size, mtime and ctime to the nanosecond,
 * inode; files changed within the last two seconds are re-read until they
 * are older, since a same-size rewrite in the same clock tick would look
 * unchanged) and drops the rows of files that are gone.  Every row carries a
 * checksum of its fields; a database that does not open, reports corruption
 * or holds a row whose checksum does not match is moved aside
 * (index.sqlite.corrupt) and rebuilt, silently; one of another schema
 * version (FSB_INDEX_SCHEMA) has its tables dropped and made again, and is
 * refilled from the files, never read.  When the cache directory cannot be
 * written at all the index lives in memory for the process: slower, never
 * wrong.
 *
 * One scan is one transaction (BEGIN IMMEDIATE), with a busy timeout, so
 * concurrent fsbench processes wait for each other instead of failing.
 *
 * Ownership: struct fsb_index is opaque; the strings of the structs handed
 * to callbacks are borrowed for the duration of the call.
 */
#ifndef FSB_INDEX_H
#define FSB_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "model/result.h"
#include "sys/util.h"

/* The schema version, in PRAGMA user_version: raised whenever a column
 * comes, goes or changes meaning, so that an older database is dropped and
 * rebuilt rather than read (3: results.aged). */
#define FSB_INDEX_SCHEMA 3

struct fsb_index;

/* One result file as the index knows it.  Strings are never NULL ("" when
 * the file does not say); all but name and error are "" for an unreadable
 * file. */
struct fsb_index_file {
	const char *name;            /* base name in the directory */
	long long size;              /* bytes */
	long long mtime_ns;          /* st_mtim, ns since the epoch */
	bool readable;               /* parsed; false: error says why */
	const char *error;
	enum fsb_result_status status;
	const char *started, *finished;  /* ISO 8601 UTC, as written */
	time_t when;                 /* started, or the mtime when it does not say */
	const char *profile, *title, *tool, *command, *workload, *baseline;
	const char *target;          /* "image /var/tmp/x.img" */
	const char *host, *kernel, *cpu;
	const char *filesystems;     /* "ext2,ext4": in file order */
	const char *phases;          /* "tar,cp": fsb_result_phases() order */
	bool aged;                   /* it holds a run of an aging phase
	                              * (fsb_agefactor_aged(), model/agefactor.h) */
	long repetitions;
	double overhead;             /* complete results: seconds per run (a
	                              * repetition of a filesystem) outside its
	                              * phases (mkfs, mount, cache drops); else NAN */
	bool log;                    /* NAME.log exists next to it */
};

/* Per file × filesystem × phase: the repetitions that ran fine and their means. */
struct fsb_index_summary {
	const char *file;            /* base name */
	const char *fs, *phase;
	long runs;                   /* ok runs with a real time */
	double real, user, sys, sync;  /* means over those runs; NAN when not measured */
};

struct fsb_index_stats {
	size_t files;                /* result files in the directory */
	size_t parsed;               /* of them, (re-)read this time */
	size_t dropped;              /* rows of files that are gone */
	bool rebuilt;                /* the database was unusable and was started
	                              * afresh, since it was opened */
	bool in_memory;              /* the cache could not be written: a private index */
};

/* $XDG_CACHE_HOME/fsbench/index.sqlite.  Caller frees. */
char *fsb_index_default_path(void);

/*
 * Open (creating it and its directory) the index at path, the default one
 * when path is NULL, or a private one in memory when path is "".  An unusable database is moved aside and rebuilt;
 * one that cannot be created at all is replaced by a private one in memory.
 * 0, or -errno when not even that works (err says why).
 */
int fsb_index_open(const char *path, struct fsb_index **out, struct fsb_err *err);
void fsb_index_close(struct fsb_index *ix);

/*
 * Bring the rows of dir up to date (one transaction), then call fn for each
 * *.fsbench file of dir, newest first (when, then name, descending).  A
 * missing directory has no files.  fn returning non-zero stops the listing
 * and is returned.  When the index turns out to be damaged half-way, fn is
 * called with f NULL: forget the files seen so far, the listing starts
 * again (from the rebuilt index).  0, or -errno when the directory cannot
 * be read or the index fails (err says so).  st may be NULL.
 */
int fsb_index_scan(struct fsb_index *ix, const char *dir, int (*fn)(void *ctx, const struct fsb_index_file *f),
		   void *ctx, struct fsb_index_stats *st, struct fsb_err *err);

/*
 * Call fn for each summary row of the files of dir (as of its last scan)
 * whose profile is profile.  0, or -errno (err says so); a corrupt index is
 * rebuilt from dir and the rows come from the rebuilt one (fn(ctx, NULL)
 * first: forget the rows seen so far).
 */
int fsb_index_summaries(struct fsb_index *ix, const char *dir, const char *profile,
			int (*fn)(void *ctx, const struct fsb_index_summary *s), void *ctx, struct fsb_err *err);

#endif
