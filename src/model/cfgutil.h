/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cfgutil.h — what config.c and result_write.c share about libconfuse:
 * parsing a file with every error turned into one "FILE:LINE: message"
 * line, reporting semantic errors against the line of the key (or else the
 * section) that holds them, and writing strings back so that libconfuse reads exactly
 * the same bytes.
 */
#ifndef FSB_CFGUTIL_H
#define FSB_CFGUTIL_H

#include <confuse.h>
#include <stdio.h>

/* A config is a few KiB: a larger file or deeper nesting is refused
 * before libconfuse sees it (its memory is ~500 bytes per option). */
#define FSB_CFG_MAX_BYTES (1 << 20)
#define FSB_CFG_MAX_DEPTH 8
#define FSB_CFG_MAX_SECTIONS 2000   /* sections and { } lists in one file */

struct fsb_cfg_outline;

struct fsb_cfg_err {
	char msg[1024];          /* "FILE:LINE: message", empty when none */
	const char *name;        /* file name used in messages */
	char *text;              /* the text parsed, comments blanked; owned */
	struct fsb_cfg_outline *outline; /* its sections and keys (fsb_cfg_key_line); owned */
};

/* cfg_init() with our error function installed; ce collects the first
 * error.  name is the file name used in messages. */
cfg_t *fsb_cfg_new(cfg_opt_t *opts, struct fsb_cfg_err *ce, const char *name);
/* Parse a file or a buffer.  0, -ENOENT/-EACCES (file), or -EINVAL (syntax,
 * unknown option, bad value, a NUL byte, over FSB_CFG_MAX_BYTES, nested
 * over FSB_CFG_MAX_DEPTH, over FSB_CFG_MAX_SECTIONS) with ce->msg set. */
int fsb_cfg_parse_file(cfg_t *cfg, struct fsb_cfg_err *ce, const char *path);
int fsb_cfg_parse_buf(cfg_t *cfg, struct fsb_cfg_err *ce, const char *buf);
/* Record a semantic error at sec's line, where libconfuse saw the
 * section end (first error wins). */
void fsb_cfg_error(struct fsb_cfg_err *ce, cfg_t *sec, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The line of "key = …" written directly in section sec of the text ce
 * parsed (wherever it stands: on the line of the section's '{', after a
 * string that spans lines, on a line that also closes or opens another
 * section; the last when it is set twice), or sec's own line when it is
 * not there or sec cannot be told apart from another section of its name
 * and title closing on the same line.  libconfuse 3.3 keeps no option's
 * line, and sec->line is where the section ends: a check of the section
 * as a whole names the key it is about this way. */
int fsb_cfg_key_line(const struct fsb_cfg_err *ce, cfg_t *sec, const char *key);
/* Release what a parse kept in ce (its text). */
void fsb_cfg_err_free(struct fsb_cfg_err *ce);
/* Print s as a double-quoted libconfuse string: \ " $ and control
 * characters escaped, so ${…} is never expanded on reading. */
void fsb_cfg_print_quoted(FILE *fp, const char *s);

#endif
