/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.h — other benchmarks' results as fsbench results (fsbench import).
 *
 * Users who compare filesystems often already have bonnie++ and fio
 * results.  The importers turn them into an ordinary struct fsb_result, so
 * that `fsbench show`, the exports, `merge`, `show A B` and the TUI's
 * browser read them like any run:
 *
 *  - bonnie++ CSV, one line per filesystem: the format of bonnie++ before
 *    1.90 (27 fields, as in seed 003) and the 1.98 format that
 *    bonnie++ 1.98 … 2.00a write (50 fields).  Each test becomes the
 *    built-in phase of the same name (char-write … rand-delete, see
 *    doc/bonnie.md), so an imported result compares with fsbench's own.
 *    A "+++++" (bonnie++ could not time a test that short) becomes a run
 *    without a rate whose not_measured says so: never zero, never a number.
 *  - fio --output-format=json, one file per filesystem: each job and
 *    direction (read, write, trim) with I/O becomes a phase "JOB-DIR" with
 *    bandwidth, IOPS, %CPU and the latency mean and percentiles.
 *
 * Every phase has kind "imported"; the result records the source tool and
 * its version.  Filesystem names come from the caller's labels, in order,
 * else from bonnie++'s machine field or the fio file's name; names that
 * repeat are numbered ("raven", "raven-2").
 *
 * The parsers take a buffer and a name for messages (easy to fuzz); bad
 * input gives -EINVAL and one line "NAME:LINE: what is wrong" in err, and
 * leaves res without any of that input's filesystems.
 */
#ifndef FSB_IMPORT_H
#define FSB_IMPORT_H

#include "model/result.h"

enum fsb_import_format {
	FSB_IMPORT_AUTO,         /* decide from the content */
	FSB_IMPORT_BONNIE,
	FSB_IMPORT_FIO,
};

struct fsb_import_opts {
	const char *const *labels;   /* filesystem names, in input order, or NULL */
	size_t nlabels;
	size_t used;                 /* labels consumed so far (updated) */
	size_t renamed;              /* names numbered to stay unique (updated) */
	const char *tool_version;    /* bonnie++ version for a pre-1.90 CSV, which
				      * does not say it ("1.03"); NULL = unknown */
};

/* "bonnie" or "fio" → format; -EINVAL for anything else. */
int fsb_import_format_parse(const char *s, enum fsb_import_format *fmt);

/* A new, empty imported result: tool, status complete, created time. */
struct fsb_result *fsb_import_new(void);

/* Parse one bonnie++ CSV buffer / one fio JSON buffer into res. */
int fsb_import_bonnie(struct fsb_result *res, const char *buf, size_t len, const char *name,
		      struct fsb_import_opts *o, struct fsb_err *err);
int fsb_import_fio(struct fsb_result *res, const char *buf, size_t len, const char *name,
		   struct fsb_import_opts *o, struct fsb_err *err);

/* Parse buf as fmt, or as what it looks like for FSB_IMPORT_AUTO (JSON
 * starts with '{'). */
int fsb_import_buffer(struct fsb_result *res, const char *buf, size_t len, const char *name,
		      enum fsb_import_format fmt, struct fsb_import_opts *o, struct fsb_err *err);

/* The largest file an importer reads, as for a result file. */
#define FSB_IMPORT_MAX_BYTES FSB_RESULT_MAX_BYTES

/* Read path ("-": standard input, named "stdin" in messages) and parse it
 * with fsb_import_buffer(), at its real length: a NUL byte inside is the
 * importer's to refuse.  Only a regular file of at most
 * FSB_IMPORT_MAX_BYTES (or standard input, stopped there) is read; anything
 * else is -EINVAL and one line in err; a file that cannot be opened keeps
 * its -errno. */
int fsb_import_file(struct fsb_result *res, const char *path, enum fsb_import_format fmt,
		    struct fsb_import_opts *o, struct fsb_err *err);

/*
 * After the last input: every label used (-EINVAL if not), the baseline
 * (baseline, else the first filesystem; -ENOENT if it is not there), the
 * phase order.  -ENOENT when nothing was imported; -EINVAL when it is more
 * than a result file holds (fsb_result_check_limits()).
 */
int fsb_import_finish(struct fsb_result *res, const char *baseline, const struct fsb_import_opts *o,
		      struct fsb_err *err);

/* For the importers: the next filesystem name (a label, else fallback),
 * unique in res.  Caller frees. */
char *fsb_import_fs_name(const struct fsb_result *res, struct fsb_import_opts *o, const char *fallback);

/* For the importers: free the filesystems from index nfs on (a failed
 * input leaves nothing half-imported). */
void fsb_import_drop(struct fsb_result *res, size_t nfs);

#endif
