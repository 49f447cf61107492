/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * result_int.h — what the four parts of the result share: result.c (the
 * model), result_write.c (the writer), result_lex.c (the reader's tokens
 * and typed values) and result_read.c (the reader's sections).  The words
 * of the status enums, which the model names and the file spells; the
 * reader's state and token; the lexer and the typed getters the parser
 * reads values with.  Only result_*.c include it: model/result.h is the
 * contract.
 */
#ifndef FSB_RESULT_INT_H
#define FSB_RESULT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"
#include "sys/util.h"

/* ---- the model's words and defaults (result.c) ---- */

/* An enum's words in enum order, and how many.  The status words below
 * are what the writer prints and the reader parses (a word they do not
 * list is refused). */
struct fsb_res_words {
	const char *const *v;
	size_t n;
};

extern const struct fsb_res_words fsb_res_run_status, fsb_res_result_status, fsb_res_fs_status,
	fsb_res_phase_status;

/* A new phase's defaults, in fs (result.c): no kind, not repeated
 * automatically, no CVs.  Its name and runs are the caller's. */
void fsb_res_phase_init(struct fsb_phase_result *ph, struct fsb_fs_result *fs);

/* ---- the reader's state and its token (result_lex.c) ---- */

enum tok_type { T_EOF, T_LBRACE, T_RBRACE, T_EQ, T_COMMA, T_STR, T_WORD, T_ERR };

struct tok {
	enum tok_type type;
	int line;
	struct fsb_buf s;        /* the text of T_STR / T_WORD */
};

struct reader {
	const char *p, *end;
	int line;
	const char *name;        /* file name for messages */
	struct fsb_err *err;
	struct tok t;            /* the current token */
	size_t nphases;          /* distinct phase names so far (result_read.c) */
	struct fsb_names phases;   /* to count them */
};

/* The one error of a read, "NAME:LINE: text" (line 0: "NAME: text") into
 * rd->err; returns -EINVAL. */
int fsb_rd_error(struct reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A token's text for a message: at most 40 characters, quoted, in buf (or
 * a constant for the punctuation and the end of the file). */
const char *fsb_rd_shown(const struct tok *t, char *buf, size_t len);

/* The next token into rd->t; T_ERR with the error set on a lexical error. */
enum tok_type fsb_rd_lex(struct reader *rd);

/* ---- typed values (result_lex.c) ----
 *
 * Each reads the value after "key =" and checks it; key names it in the
 * message.  0, or -EINVAL with the error set (the result being read is
 * then thrown away, so what *out holds does not matter). */

/* A string or a bare word; *dst (freed first) becomes a copy. */
int fsb_rd_get_str(struct reader *rd, const char *key, char **dst);
/* An integer in [lo, hi]: the value must fit its field, never cut by a cast. */
int fsb_rd_get_int(struct reader *rd, const char *key, long long lo, long long hi, long long *out);
/* fsb_rd_get_int() into a long (hi at most LONG_MAX). */
int fsb_rd_get_long(struct reader *rd, const char *key, long long lo, long long hi, long *out);
/* true, yes, on / false, no, off, in any case. */
int fsb_rd_get_bool(struct reader *rd, const char *key, bool *out);
/* A measurement: finite and >= 0. */
int fsb_rd_get_measurement(struct reader *rd, const char *key, double *out);
/* One of names[n], its index in *out; the message lists them. */
int fsb_rd_get_enum(struct reader *rd, const char *key, const char *const *names, size_t n, int *out);
/* key = "a" or key = { "a", "b", … }, appended to sv (at most 1000). */
int fsb_rd_get_list(struct reader *rd, const char *key, struct fsb_strv *sv);
/* The same, each entry once: one given twice is refused at its line (a
 * list of names, such as the phases a run ran in order). */
int fsb_rd_get_list_once(struct reader *rd, const char *key, struct fsb_strv *sv);
/* mkfs_seconds = {0.52, 0.49}: durations, one per repetition, added to out. */
int fsb_rd_get_secs(struct reader *rd, const char *key, struct fsb_secs *out);

#endif
