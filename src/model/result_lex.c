/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result reader's lexer and typed values (result_int.h).
 *
 * Result files travel between machines and the browser reads every file in
 * the results directory, so this reader is written for hostile input: its
 * own parser of the libconfuse syntax the writer produces (libconfuse needs
 * hundreds of bytes per option of every section and is quadratic in the
 * number of sections), one pass over the text, memory a small multiple of
 * the file, every value range-checked, the first problem reported as one
 * "FILE:LINE: …" line.  The grammar: # // and slash-star comments; "…" strings
 * with \n \t \r \b \f \a \e \" \' \\ \$ \xHH \ooo escapes and '…' strings
 * with \' \\; bare words; key = value, key = { v, … }, key [title] { … }.
 * ${…} is never expanded: a result holds what was measured, not this
 * machine's environment.  The sections are read by result_read.c.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/result_int.h"

int fsb_rd_error(struct reader *rd, int line, const char *fmt, ...)
{
	char text[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (line > 0)
		return fsb_err_set(rd->err, -EINVAL, "%s:%d: %s", rd->name, line, text);
	return fsb_err_set(rd->err, -EINVAL, "%s: %s", rd->name, text);
}

const char *fsb_rd_shown(const struct tok *t, char *buf, size_t len)
{
	switch (t->type) {
	case T_EOF:
		return "the end of the file";
	case T_LBRACE:
		return "'{'";
	case T_RBRACE:
		return "'}'";
	case T_EQ:
		return "'='";
	case T_COMMA:
		return "','";
	default:
		break;
	}
	snprintf(buf, len, "\"%.40s%s\"", t->s.s ? t->s.s : "", t->s.len > 40 ? "…" : "");
	return buf;
}

static bool word_char(unsigned char c)
{
	return c > ' ' && c != 0x7f && !strchr("{}=,\"'#", c);
}

static int lex_escape(struct reader *rd, struct fsb_buf *b)
{
	static const char from[] = "ntrbfae\"'\\$", to[] = "\n\t\r\b\f\a\033\"'\\$";
	const char *e;
	unsigned v = 0;
	int n = 0;
	char c;

	if (rd->p >= rd->end)
		return 0;
	c = *rd->p++;
	if ((e = strchr(from, c)) && c) {
		fsb_buf_addn(b, &to[e - from], 1);
		return 0;
	}
	if (c == 'x') {
		while (n < 2 && rd->p < rd->end && isxdigit((unsigned char)*rd->p)) {
			v = v * 16 + (unsigned)(isdigit((unsigned char)*rd->p) ? *rd->p - '0'
						 : tolower((unsigned char)*rd->p) - 'a' + 10);
			rd->p++, n++;
		}
		if (!n) {
			fsb_buf_add(b, "x");
			return 0;
		}
	} else if (c >= '0' && c <= '7') {
		v = (unsigned)(c - '0');
		while (++n < 3 && rd->p < rd->end && *rd->p >= '0' && *rd->p <= '7')
			v = v * 8 + (unsigned)(*rd->p++ - '0');
		if (v > 0xff)
			return fsb_rd_error(rd, rd->line, "\\%o is not a byte", v);
	} else {
		if (c == '\n')
			rd->line++;
		fsb_buf_addn(b, &c, 1);
		return 0;
	}
	if (!v)
		return fsb_rd_error(rd, rd->line, "a NUL byte (\\0) inside a string");
	c = (char)v;
	fsb_buf_addn(b, &c, 1);
	return 0;
}

/* Past white space and comments; -EINVAL for a comment never closed. */
static int skip_blank(struct reader *rd)
{
	for (;;) {
		while (rd->p < rd->end && isspace((unsigned char)*rd->p))
			rd->line += *rd->p++ == '\n';
		if (rd->p >= rd->end)
			return 0;
		if (*rd->p == '#' || (*rd->p == '/' && rd->p + 1 < rd->end && rd->p[1] == '/')) {
			while (rd->p < rd->end && *rd->p != '\n')
				rd->p++;
		} else if (*rd->p == '/' && rd->p + 1 < rd->end && rd->p[1] == '*') {
			int start = rd->line;

			for (rd->p += 2; rd->p + 1 < rd->end && !(rd->p[0] == '*' && rd->p[1] == '/'); rd->p++)
				rd->line += *rd->p == '\n';
			if (rd->p + 1 >= rd->end)
				return fsb_rd_error(rd, start, "a comment is never closed");
			rd->p += 2;
		} else {
			return 0;
		}
	}
}

/* A "…" or '…' string at rd->p into t: T_STR, or T_ERR. */
static enum tok_type lex_string(struct reader *rd, struct tok *t)
{
	char q = *rd->p++;

	fsb_buf_add(&t->s, "");
	while (rd->p < rd->end && *rd->p != q) {
		const char *run = rd->p;

		/* copy plain stretches at once: linear, not per byte */
		while (rd->p < rd->end && *rd->p != q && *rd->p != '\\')
			rd->line += *rd->p++ == '\n';
		fsb_buf_addn(&t->s, run, (size_t)(rd->p - run));
		if (rd->p < rd->end && *rd->p == '\\') {
			rd->p++;
			if (q == '"') {
				if (lex_escape(rd, &t->s))
					return T_ERR;
			} else if (rd->p < rd->end && (*rd->p == '\'' || *rd->p == '\\')) {
				fsb_buf_addn(&t->s, rd->p++, 1);
			} else {
				fsb_buf_add(&t->s, "\\");
			}
		}
	}
	if (rd->p >= rd->end) {
		fsb_rd_error(rd, t->line, "a string is never closed (the file ends inside it: truncated?)");
		return T_ERR;
	}
	rd->p++;
	return T_STR;
}

enum tok_type fsb_rd_lex(struct reader *rd)
{
	static const char punct[] = "{}=,";
	static const enum tok_type punct_type[] = { T_LBRACE, T_RBRACE, T_EQ, T_COMMA };
	struct tok *t = &rd->t;
	const char *start, *pc;

	t->s.len = 0;
	if (t->s.s)
		t->s.s[0] = '\0';
	if (skip_blank(rd))
		return t->type = T_ERR;
	t->line = rd->line;
	if (rd->p >= rd->end)
		return t->type = T_EOF;
	if (*rd->p && (pc = strchr(punct, *rd->p))) {
		rd->p++;
		return t->type = punct_type[pc - punct];
	}
	if (*rd->p == '"' || *rd->p == '\'')
		return t->type = lex_string(rd, t);
	if (!word_char((unsigned char)*rd->p)) {
		fsb_rd_error(rd, t->line, "unexpected character \"%c\" (byte 0x%02x)", *rd->p, (unsigned char)*rd->p);
		return t->type = T_ERR;
	}
	for (start = rd->p; rd->p < rd->end && word_char((unsigned char)*rd->p); rd->p++)
		;
	fsb_buf_addn(&t->s, start, (size_t)(rd->p - start));
	return t->type = T_WORD;
}

/* ---- values ---- */

static int expect_value(struct reader *rd, const char *key)
{
	char b[64];

	if (fsb_rd_lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type != T_STR && rd->t.type != T_WORD)
		return fsb_rd_error(rd, rd->t.line, "%s = needs a value, not %s", key,
				    fsb_rd_shown(&rd->t, b, sizeof(b)));
	return 0;
}

int fsb_rd_get_str(struct reader *rd, const char *key, char **dst)
{
	int rc = expect_value(rd, key);

	if (rc)
		return rc;
	free(*dst);
	*dst = fsb_xstrdup(rd->t.s.s);
	return 0;
}

int fsb_rd_get_int(struct reader *rd, const char *key, long long lo, long long hi, long long *out)
{
	int rc = expect_value(rd, key);
	char *end;
	long long v;

	if (rc)
		return rc;
	errno = 0;
	v = strtoll(rd->t.s.s, &end, 10);
	if (!*rd->t.s.s || *end || errno)
		return fsb_rd_error(rd, rd->t.line, "%s = %.40s is not a whole number", key, rd->t.s.s);
	if (v < lo || v > hi)
		return fsb_rd_error(rd, rd->t.line, "%s = %lld is out of range (%lld to %lld)", key, v, lo, hi);
	*out = v;
	return 0;
}

int fsb_rd_get_long(struct reader *rd, const char *key, long long lo, long long hi, long *out)
{
	long long v;
	int rc = fsb_rd_get_int(rd, key, lo, hi, &v);

	if (!rc)
		*out = (long)v;
	return rc;
}

int fsb_rd_get_bool(struct reader *rd, const char *key, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };
	int rc = expect_value(rd, key);

	if (rc)
		return rc;
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(rd->t.s.s, yes[i]) == 0)
			return *out = true, 0;
		if (strcasecmp(rd->t.s.s, no[i]) == 0)
			return *out = false, 0;
	}
	return fsb_rd_error(rd, rd->t.line, "%s = %.40s is not true or false", key, rd->t.s.s);
}

int fsb_rd_get_measurement(struct reader *rd, const char *key, double *out)
{
	int rc = expect_value(rd, key);
	char *end;
	double v;

	if (rc)
		return rc;
	v = strtod(rd->t.s.s, &end);
	if (!*rd->t.s.s || *end || !isfinite(v) || v < 0)
		return fsb_rd_error(rd, rd->t.line, "%s = %.40s is not a valid measurement (a finite number >= 0)", key,
				rd->t.s.s);
	*out = v;
	return 0;
}

int fsb_rd_get_enum(struct reader *rd, const char *key, const char *const *names, size_t n, int *out)
{
	int rc = expect_value(rd, key);
	struct fsb_buf b = { 0 };
	int i;

	if (rc)
		return rc;
	i = fsb_name_index(names, n, rd->t.s.s);
	if (i >= 0) {
		*out = i;
		return 0;
	}
	for (size_t k = 0; k < n; k++)
		fsb_buf_addf(&b, "%s%s", k ? ", " : "", names[k]);
	rc = fsb_rd_error(rd, rd->t.line, "%s = \"%.40s\": expected one of %s", key, rd->t.s.s, b.s);
	fsb_buf_free(&b);
	return rc;
}

#define MAX_LIST 1000

/* The list's next entry, the token just read, into sv; with once, refused
 * when the list has it already (names: its entries so far, by line). */
static int list_add(struct reader *rd, const char *key, struct fsb_strv *sv, struct fsb_names *once)
{
	long first;

	fsb_strv_add(sv, rd->t.s.s);
	/* the set borrows: the string is the list's own */
	if (once && (first = fsb_names_add(once, sv->v[sv->n - 1], rd->t.line)))
		return fsb_rd_error(rd, rd->t.line, "%s: \"%.40s\" listed twice (first on line %ld)", key,
				    sv->v[sv->n - 1], first);
	return 0;
}

static int get_list(struct reader *rd, const char *key, struct fsb_strv *sv, struct fsb_names *once)
{
	char b[64];
	int rc;

	if (fsb_rd_lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type == T_STR || rd->t.type == T_WORD)
		return list_add(rd, key, sv, once);
	if (rd->t.type != T_LBRACE)
		return fsb_rd_error(rd, rd->t.line, "%s = needs a value or a { … } list, not %s", key,
				fsb_rd_shown(&rd->t, b, sizeof(b)));
	for (;;) {
		if (fsb_rd_lex(rd) == T_ERR)
			return -EINVAL;
		if (rd->t.type == T_RBRACE)
			return 0;
		if (rd->t.type != T_STR && rd->t.type != T_WORD)
			return fsb_rd_error(rd, rd->t.line, "list %s: expected a value, not %s", key,
					fsb_rd_shown(&rd->t, b, sizeof(b)));
		/* lists are read back with fsb_strv_contains(): keep them short */
		if (sv->n >= MAX_LIST)
			return fsb_rd_error(rd, rd->t.line, "list %s has more than %d entries", key, MAX_LIST);
		if ((rc = list_add(rd, key, sv, once)))
			return rc;
		if (fsb_rd_lex(rd) == T_ERR)
			return -EINVAL;
		if (rd->t.type == T_RBRACE)
			return 0;
		if (rd->t.type != T_COMMA)
			return fsb_rd_error(rd, rd->t.line, "list %s: expected ',' or '}', not %s", key,
					fsb_rd_shown(&rd->t, b, sizeof(b)));
	}
}

int fsb_rd_get_list(struct reader *rd, const char *key, struct fsb_strv *sv)
{
	return get_list(rd, key, sv, NULL);
}

int fsb_rd_get_list_once(struct reader *rd, const char *key, struct fsb_strv *sv)
{
	struct fsb_names once = { 0 };
	int rc;

	for (size_t i = 0; i < sv->n; i++)
		fsb_names_add(&once, sv->v[i], rd->t.line);
	rc = get_list(rd, key, sv, &once);
	fsb_names_free(&once);
	return rc;
}

int fsb_rd_get_secs(struct reader *rd, const char *key, struct fsb_secs *out)
{
	struct fsb_strv sv = { 0 };
	int rc = fsb_rd_get_list(rd, key, &sv);

	for (size_t i = 0; !rc && i < sv.n; i++) {
		char *end;
		double x = strtod(sv.v[i], &end);

		if (!*sv.v[i] || *end || !isfinite(x) || x < 0)
			rc = fsb_rd_error(rd, rd->t.line, "%s: %.40s is not a duration in seconds", key, sv.v[i]);
		else
			fsb_secs_add(out, x);
	}
	fsb_strv_free(&sv);
	return rc;
}
