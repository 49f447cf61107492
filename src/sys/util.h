/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util.h — small helpers every engine module uses: error messages, growable
 * strings and string vectors, allocation that cannot return NULL, time.
 *
 * Error convention (see doc/DESIGN.md): functions return 0 or a negative
 * errno and, when the caller passes a struct fsb_err, leave a one-line,
 * user-facing message in it that says what failed and on what.  The message
 * never ends with a newline.  Passing err = NULL is always allowed.
 * fsb_err_set() and fsb_err_prefix() pass the message through
 * fsb_str_visible(), so quoted file content can never break the line or
 * reach the terminal as a control sequence.
 */
#ifndef FSB_UTIL_H
#define FSB_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#define FSB_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The index of s in names[0 .. n) — an enum's name table — skipping NULL
 * entries; -1 when s is NULL or not there. */
int fsb_name_index(const char *const *names, size_t n, const char *s);

struct fsb_err {
	int code;            /* negative errno of the failure, 0 = none */
	char msg[1024];      /* one line, no trailing newline */
};

/* Fill err (if non-NULL) and return code (a negative errno). */
int fsb_err_set(struct fsb_err *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Prefix an existing message: "ctx: old message".  Returns err->code. */
int fsb_err_prefix(struct fsb_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fsb_err_clear(struct fsb_err *err);

/* Allocation: abort with a message on out-of-memory (there is no sane way
 * to go on, and every caller would otherwise carry dead error paths). */
void *fsb_xmalloc(size_t n);
void *fsb_xcalloc(size_t n, size_t size);
void *fsb_xrealloc(void *p, size_t n);
char *fsb_xstrdup(const char *s);              /* NULL in, NULL out */
char *fsb_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable string. */
struct fsb_buf {
	char *s;             /* always NUL-terminated once anything was added */
	size_t len, cap;
};
void fsb_buf_add(struct fsb_buf *b, const char *s);
void fsb_buf_addn(struct fsb_buf *b, const char *s, size_t n);
void fsb_buf_addf(struct fsb_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fsb_buf_vaddf(struct fsb_buf *b, const char *fmt, va_list ap);
char *fsb_buf_steal(struct fsb_buf *b);      /* caller frees; b is reset */
void fsb_buf_free(struct fsb_buf *b);

/* NULL-terminated vector of owned strings. */
struct fsb_strv {
	char **v;            /* v[n] == NULL */
	size_t n, cap;
};
void fsb_strv_add(struct fsb_strv *sv, const char *s);          /* copies */
void fsb_strv_addf(struct fsb_strv *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool fsb_strv_contains(const struct fsb_strv *sv, const char *s);

/* Arrays of pointers to structs whose first member is their char *name (a
 * config's profiles, a result's filesystems and phases): the one named
 * name, or NULL; or that one, else a zeroed struct of size bytes with a
 * copy of name, appended (*created, may be NULL, says which). */
void *fsb_named_find(void *const *v, size_t n, const char *name);
void *fsb_named_get(void ***v, size_t *n, size_t size, const char *name, bool *created);
/*
 * A set of borrowed names, each with a value, by hashing (FNV-1a, open
 * addressing): adding and finding are O(1), so a set of thousands of
 * filesystems is linear where a list is quadratic.  The names must outlive
 * the set; values are > 0 (0 means "absent").
 */
struct fsb_names {
	const char **v;
	long *val;
	size_t n, cap;
};
/* Add s with val (> 0): 0, or the value s has already (then nothing changes). */
long fsb_names_add(struct fsb_names *ns, const char *s, long val);
/* s's value, or 0 when s is not in the set (or s is NULL). */
long fsb_names_get(const struct fsb_names *ns, const char *s);
void fsb_names_free(struct fsb_names *ns);
/* Split "a,b, c" at commas, trimming blanks; empty items are dropped. */
void fsb_strv_split(struct fsb_strv *sv, const char *list, char sep);
char *fsb_strv_join(const struct fsb_strv *sv, const char *sep);  /* caller frees */
void fsb_strv_free(struct fsb_strv *sv);

/* Parse "512M", "2G", "4096" (bytes; K/M/G/T are powers of 1024, an
 * optional trailing "iB" or "B" is accepted).  0 or -EINVAL. */
int fsb_parse_size(const char *s, unsigned long long *bytes);
/* "1.5 GiB", "512 MiB", "300 KiB", "12 B" into buf. */
const char *fsb_format_size(unsigned long long bytes, char *buf, size_t len);
/* Parse a duration: "900" or "900s", "15m", "1h30m", "1h 30m 10s" (whole
 * numbers of h, m and s, each at most once, in that order), more than 0
 * and at most 30 days.  0 or -EINVAL. */
int fsb_parse_duration(const char *s, double *seconds);
/* A duration as fsb_parse_duration reads it back: "15m", "1h30m", "45s". */
const char *fsb_format_budget(double seconds, char *buf, size_t len);

/*
 * Text from outside (result files, configs, device labels, programs'
 * output) made safe to print: every character a terminal would act on
 * (C0 and C1 controls, DEL, bidi overrides) and every byte that is not
 * valid UTF-8 is shown as an escape — "\033" for ESC, "\n" "\t" "\r",
 * "\x80" for a stray byte, "\u202e" for a bidi override — so the result is
 * one line with nothing interpreted.  Printable UTF-8 passes unchanged.
 */
bool fsb_str_is_visible(const char *s);          /* nothing to escape? */
/* The visible form into buf (always terminated, cut at a whole character);
 * returns the length the whole visible form needs (like snprintf). */
size_t fsb_str_visible(char *buf, size_t len, const char *s);
char *fsb_xstr_visible(const char *s);            /* NULL in, NULL out */
void fsb_buf_add_visible(struct fsb_buf *b, const char *s);

/* Quote s for /bin/sh (single quotes, ' escaped); caller frees. */
char *fsb_shell_quote(const char *s);

/* A new random UUID (the kernel's) into buf (>= 37 bytes); "" if none. */
void fsb_new_uuid(char *buf, size_t len);

double fsb_now(void);                  /* CLOCK_MONOTONIC, seconds */
/* UTC time as "2026-11-30T03:20:00Z" into buf (>= 21 bytes). */
const char *fsb_iso_time(char *buf, size_t len);

/* Read a whole small file (sysfs, /proc) into a NUL-terminated buffer with
 * trailing newlines removed; caller frees.  0 or -errno. */
int fsb_read_file(const char *path, char **out);
/* Read a whole file of at most max bytes, NUL bytes and all, into a
 * NUL-terminated buffer; *len is its size (a NUL inside shows as
 * strlen(*out) < *len).  Stops reading at max: -EFBIG when the file (or
 * /dev/zero, a FIFO) is larger.  0 or -errno; caller frees. */
int fsb_read_file_max(const char *path, size_t max, char **out, size_t *len);
/* The same for input a user names (an imported file): "-" is standard
 * input; anything else must be a regular file, opened without waiting (a
 * FIFO, a terminal, /dev/zero: -EINVAL; a directory: -EISDIR), of at most
 * max bytes (-EFBIG, before reading).  0 or -errno; caller frees. */
int fsb_read_input_max(const char *path, size_t max, char **out, size_t *len);
/* A file a user names for output (a result file, an export), replaced
 * whole or not at all: written to a temporary file beside it, renamed over
 * it on commit.  Renaming over what is not a regular file would put a file
 * in the place of /dev/null or a FIFO (we often run as root), so open
 * refuses an existing path of any other type; a symbolic link to a file is
 * followed, so the link stays; the file keeps the mode it had, and a new
 * one gets 0666 less the umask, as a shell's > would give it. */
struct fsb_outfile {
	char *path;              /* where commit puts it: path, links followed */
	char *tmp;               /* the temporary file beside it */
	FILE *fp;                /* write here between open and commit */
};
/* Open the temporary file for path.  0 or -errno (-EINVAL: path is a
 * device, FIFO or socket; -EISDIR: a directory), with the message in err;
 * on error nothing is left to abort. */
int fsb_outfile_open(struct fsb_outfile *of, const char *path, struct fsb_err *err);
/* Flush, fsync and close the temporary file and rename it over path.
 * 0 or -errno with the message in err; on error the temporary file is
 * removed and path is as it was.  Either way of is freed. */
int fsb_outfile_commit(struct fsb_outfile *of, struct fsb_err *err);
/* Remove the temporary file and free of; path is as it was.  Safe on an
 * outfile that failed to open or was already committed. */
void fsb_outfile_abort(struct fsb_outfile *of);
/* Write s plus "\n" to path (sysfs, /proc/sys).  0 or -errno. */
int fsb_write_file(const char *path, const char *s);

/* mkdir -p with mode for the missing parts.  0 or -errno. */
int fsb_mkdir_p(const char *path, unsigned mode);
/* rm -rf of a directory tree we created ourselves (does not cross mounts). */
int fsb_rm_rf(const char *path);
/* Is `name` an executable in $PATH (or an absolute executable path)? */
bool fsb_have_program(const char *name);

/* sync(), then drop the page cache, dentries and inodes
 * (/proc/sys/vm/drop_caches = 3).  0, or -errno (-EACCES when not root). */
int fsb_drop_caches(void);

/* $XDG_*_HOME/fsbench (or the ~/.local/… default), as a new string. */
char *fsb_xdg_dir(const char *which /* "config", "data", "cache" */);

/* splitmix64: advance *state and return the next 64 random bits.  The
 * built-in phases and the generated tree both draw from it, so a seed names
 * the same files and the same tree everywhere. */
uint64_t fsb_splitmix64(uint64_t *state);

#endif
