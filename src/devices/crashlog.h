/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crashlog.h — the write log of the crash phase (engine/crash.h,
 * doc/crash.md): every write a loop device sent to its backing file, in
 * the order the file received them, with their data; every discard
 * (fallocate) as a write of zeros; every flush (the loop device's
 * REQ_OP_FLUSH, an fsync of the backing file); and the markers the crash
 * phase's script puts between its steps.  devices/crashfs.h writes it,
 * devices/crashstate.h reads it back to rebuild crash states.
 *
 * The file: an 8-byte magic "FSBWLOG1", the image size (u64, little
 * endian as the machine is), then records: a 24-byte header (magic
 * "WREC", kind u16, mode u16 — fallocate's mode of a zero record —,
 * offset u64, length u64) followed, for a write and a marker, by length
 * bytes (the data, the marker's text).  A record is appended with one
 * write(2), so a reader after the writer is done sees whole records.
 *
 * Errors: 0 or -errno, a one-line message in err naming the file.
 */
#ifndef FSB_CRASHLOG_H
#define FSB_CRASHLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/util.h"

enum fsb_wlog_kind {
	FSB_WLOG_WRITE = 1,      /* off, len: the data follows */
	FSB_WLOG_ZERO = 2,       /* off, len: a discard or zeroing (fallocate mode) */
	FSB_WLOG_FLUSH = 3,      /* what was written before it is on the disk */
	FSB_WLOG_MARK = 4,       /* the script's marker: len bytes of text */
};

/* The longest marker text. */
#define FSB_WLOG_MARK_MAX 200

/* ---- writing ---------------------------------------------------------------- */

struct fsb_wlog_writer {
	int fd;                  /* -1 when closed */
	uint64_t records;        /* appended so far */
};

/* Create a new log at path (O_EXCL) for an image of size bytes. */
int fsb_wlog_create(const char *path, uint64_t size, struct fsb_wlog_writer *w, struct fsb_err *err);
/* Append one record; data is len bytes for a write, the text for a marker
 * (at most FSB_WLOG_MARK_MAX), NULL otherwise.  0 or -errno. */
int fsb_wlog_append(struct fsb_wlog_writer *w, enum fsb_wlog_kind kind, unsigned mode, uint64_t off,
		    uint64_t len, const void *data);
void fsb_wlog_close(struct fsb_wlog_writer *w);

/* ---- reading ---------------------------------------------------------------- */

struct fsb_wlog_rec {
	enum fsb_wlog_kind kind;
	unsigned mode;           /* ZERO: fallocate's mode */
	uint64_t off, len;
	uint64_t at;             /* WRITE, MARK: where its bytes are in the log file */
};

struct fsb_wlog {
	int fd;                  /* the log, open for the data (-1 when freed) */
	char *path;
	uint64_t size;           /* the image's size */
	struct fsb_wlog_rec *v;
	size_t n;
	size_t nwrites, nflushes; /* WRITE + ZERO records, FLUSH records */
};

/*
 * Read the log's index (the data stays in the file).  -EINVAL with
 * "PATH: record N …" for a file that is not a whole log: a bad magic, a
 * record past the end, an offset beyond the image.
 */
int fsb_wlog_read(const char *path, struct fsb_wlog *log, struct fsb_err *err);
void fsb_wlog_free(struct fsb_wlog *log);

/* The index of the first marker whose text is mark at or after record
 * from, or log->n when there is none. */
size_t fsb_wlog_find_mark(const struct fsb_wlog *log, size_t from, const char *mark);
/* A marker's text into buf (NUL-terminated, cut to len).  0 or -errno. */
int fsb_wlog_mark_text(const struct fsb_wlog *log, size_t i, char *buf, size_t len);
/* Apply record i (a WRITE or ZERO; anything else is nothing) to the image
 * open at fd.  0 or -errno with err set. */
int fsb_wlog_apply(const struct fsb_wlog *log, size_t i, int fd, struct fsb_err *err);

#endif
