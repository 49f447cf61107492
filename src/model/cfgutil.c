/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model/cfgutil.h"
#include "sys/util.h"

/* libconfuse's error callback has no user pointer; parsing is synchronous,
 * so the error sink of the parse in progress is a thread-local. */
static __thread struct fsb_cfg_err *current;

static void on_error(cfg_t *cfg, const char *fmt, va_list ap)
{
	char text[768];
	struct fsb_cfg_err *ce = current;

	if (!ce || ce->msg[0])
		return;
	vsnprintf(text, sizeof(text), fmt, ap);
	/* we always parse from a buffer: libconfuse calls it "[buf]" */
	if (cfg && cfg->line > 0)
		snprintf(ce->msg, sizeof(ce->msg), "%s:%d: %s", ce->name, cfg->line, text);
	else
		snprintf(ce->msg, sizeof(ce->msg), "%s: %s", ce->name, text);
}

cfg_t *fsb_cfg_new(cfg_opt_t *opts, struct fsb_cfg_err *ce, const char *name)
{
	cfg_t *cfg = cfg_init(opts, CFGF_NONE);

	if (!cfg)
		abort();
	memset(ce, 0, sizeof(*ce));
	ce->name = name;
	cfg_set_error_function(cfg, on_error);
	return cfg;
}

static int finish(struct fsb_cfg_err *ce, int rc)
{
	current = NULL;
	if (rc == CFG_SUCCESS && !ce->msg[0])
		return 0;
	if (!ce->msg[0])
		snprintf(ce->msg, sizeof(ce->msg), "%s: syntax error", ce->name);
	return -EINVAL;
}

/*
 * libconfuse accepts a file that ends inside a section ("x {" and EOF) as if
 * it were closed; a truncated result file must not read as a complete one.
 * So count braces outside strings and comments first.
 */
static int check_braces(struct fsb_cfg_err *ce, const char *buf)
{
	int depth = 0, line = 1, open_line[FSB_CFG_MAX_DEPTH] = { 0 }, sections = 0;

	for (const char *p = buf; *p; p++) {
		if (*p == '\n') {
			line++;
		} else if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
			while (p[1] && p[1] != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				line += *p == '\n';
			if (!*p)
				break;
			p++;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q; p++) {
				if (*p == '\\' && p[1])
					p++;
				line += *p == '\n';
			}
			if (!*p)
				break;
		} else if (*p == '{') {
			/* sections nest two deep, lists one more: libconfuse
			 * recurses per level, so a deep file must stop here */
			if (depth >= FSB_CFG_MAX_DEPTH) {
				snprintf(ce->msg, sizeof(ce->msg), "%s:%d: sections nested more than %d deep",
					 ce->name, line, FSB_CFG_MAX_DEPTH);
				return -EINVAL;
			}
			/* libconfuse checks titles against every earlier
			 * section: quadratic, so their number is bounded */
			if (++sections > FSB_CFG_MAX_SECTIONS) {
				snprintf(ce->msg, sizeof(ce->msg), "%s:%d: more than %d sections and lists",
					 ce->name, line, FSB_CFG_MAX_SECTIONS);
				return -EINVAL;
			}
			open_line[depth] = line;
			depth++;
		} else if (*p == '}') {
			/* libconfuse reports an unmatched '}' with its line; never
			 * let depth go negative (open_line[-1]) */
			if (depth == 0)
				return 0;
			depth--;
		}
	}
	if (depth > 0) {
		snprintf(ce->msg, sizeof(ce->msg), "%s:%d: '{' is never closed (the file ends inside a section: truncated?)",
			 ce->name, open_line[depth - 1]);
		return -EINVAL;
	}
	return 0;
}

int fsb_cfg_parse_file(cfg_t *cfg, struct fsb_cfg_err *ce, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	int rc = fsb_read_file_max(path, FSB_CFG_MAX_BYTES, &text, &len);

	if (rc == -EFBIG) {
		snprintf(ce->msg, sizeof(ce->msg), "%s: larger than %d KiB: too large for a config file", path,
			 FSB_CFG_MAX_BYTES >> 10);
		return -EINVAL;
	}
	if (rc == -EISDIR) {
		snprintf(ce->msg, sizeof(ce->msg), "%s: a directory, not a config file", path);
		return -EINVAL;
	}
	if (rc) {
		snprintf(ce->msg, sizeof(ce->msg), "cannot read %s: %s", path, strerror(-rc));
		return rc;
	}
	/* libconfuse would stop at a NUL and silently drop the rest */
	if (strlen(text) < len) {
		int line = 1;

		for (const char *p = text; *p; p++)
			line += *p == '\n';
		snprintf(ce->msg, sizeof(ce->msg), "%s:%d: a NUL byte inside the text (damaged or not a text file)",
			 path, line);
		free(text);
		return -EINVAL;
	}
	rc = fsb_cfg_parse_buf(cfg, ce, text);
	free(text);
	return rc;
}

/*
 * libconfuse 3.3 counts a comment's line more than once (three lines for
 * each "# ..." line, one extra for each C comment), so every error after a
 * comment named a line far below the real one.  The comments, found by the
 * rules check_braces and libconfuse's lexer share, become blanks before it
 * reads the text: the line breaks stay, nothing else in them has meaning.
 */
static void blank_comments(char *buf)
{
	for (char *p = buf; *p; p++) {
		if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
			for (; *p && *p != '\n'; p++)
				*p = ' ';
			if (!*p)
				break;
		} else if (p[0] == '/' && p[1] == '*') {
			*p++ = ' ';
			*p++ = ' ';
			for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p != '\n')
					*p = ' ';
			if (!*p)
				break;
			*p++ = ' ';
			*p = ' ';
		} else if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				break;
		}
	}
}

/*
 * The text's outline, for fsb_cfg_key_line: every section with the line
 * of its closing '}', and every key written directly in one.  libconfuse
 * 3.3 keeps no option's line and gives a section the line where it ends,
 * so a check of a section names the key it is about from here.  The text
 * is read forward once, token by token as libconfuse's lexer reads it: a
 * string may span lines, a line may close one section and open the next.
 */
struct outline_sec {
	const char *name, *title;       /* into the text; title NULL when none */
	size_t nlen, tlen;
	int close_line;
	int first_key, last_key;        /* its keys in text order (key[].next), -1 none */
};

struct outline_key {
	const char *name;               /* into the text */
	size_t nlen;
	int line, next;
};

/* A key's line is asked for each key of each section (config.c), a file
 * may hold a few thousand sections: the lookup must not read it all. */
struct fsb_cfg_outline {
	struct outline_sec *sec;
	struct outline_key *key;
	int *closed;                    /* sec's indices in the order they close: by close_line */
	size_t nsec, nkey, nclosed;
};

enum { TOK_END, TOK_WORD, TOK_STR, TOK_PUNCT };

struct tok {
	int kind;
	const char *s;                  /* a string's content, between its quotes */
	size_t n;
	int line;
	bool head;                      /* a word or string that is not a value */
};

/* The token at p (comments are blanks by now); *line counts the '\n's
 * passed.  Returns where the next one may start. */
static const char *next_tok(const char *p, int *line, struct tok *t)
{
	for (; *p && strchr(" \t\r\n\f\v", *p); p++)
		*line += *p == '\n';
	t->line = *line;
	t->s = p;
	t->n = 0;
	if (!*p) {
		t->kind = TOK_END;
		return p;
	}
	if (*p == '"' || *p == '\'') {
		char q = *p;

		t->kind = TOK_STR;
		t->s = ++p;
		for (; *p && *p != q; p++) {
			if (*p == '\\' && p[1])
				p++;
			*line += *p == '\n';
		}
		t->n = (size_t)(p - t->s);
		return *p ? p + 1 : p;
	}
	if (p[0] == '+' && p[1] == '=') {
		t->kind = TOK_PUNCT;
		t->n = 2;
		return p + 2;
	}
	if (strchr("{}=,();", *p)) {
		t->kind = TOK_PUNCT;
		t->n = 1;
		return p + 1;
	}
	t->kind = TOK_WORD;
	for (; *p && !strchr(" \t\r\n\f\v{}=,();\"'", *p) && !(p[0] == '+' && p[1] == '='); p++)
		;
	t->n = (size_t)(p - t->s);
	return p;
}

static bool is_punct(const struct tok *t, const char *s)
{
	return t->kind == TOK_PUNCT && t->n == strlen(s) && !strncmp(t->s, s, t->n);
}

static void outline_free(struct fsb_cfg_outline *o)
{
	if (!o)
		return;
	free(o->sec);
	free(o->key);
	free(o->closed);
	free(o);
}

/*
 * A '{' after "=" or "+=" opens a list; after one word (or string) that is
 * not a value, an untitled section of that name; after two, a titled one.
 * A word is a key when "=" or "+=" follows it directly inside a section.
 * Nesting deeper than the frames kept is only counted: check_braces has
 * refused such a file before libconfuse, or libconfuse refuses it.
 */
static struct fsb_cfg_outline *outline_build(const char *text)
{
	struct fsb_cfg_outline *o = fsb_xcalloc(1, sizeof(*o));
	int frame[FSB_CFG_MAX_DEPTH + 1], depth = 0, line = 1;
	struct tok prev2 = { 0 }, prev1 = { 0 }, t;
	size_t cap_sec = 0, cap_key = 0;

	frame[0] = -1;			/* the root: its keys have no section line */
	for (const char *p = text; (p = next_tok(p, &line, &t)), t.kind != TOK_END;) {
		bool in_sec = depth < (int)FSB_ARRAY_SIZE(frame) && frame[depth] >= 0;

		if (t.kind == TOK_WORD || t.kind == TOK_STR) {
			t.head = !(is_punct(&prev1, "=") || is_punct(&prev1, "+=") || is_punct(&prev1, ",") ||
				   is_punct(&prev1, "("));
		} else if ((is_punct(&t, "=") || is_punct(&t, "+=")) && prev1.kind == TOK_WORD && prev1.head &&
			   in_sec) {
			struct outline_sec *sec = &o->sec[frame[depth]];

			if (o->nkey == cap_key) {
				cap_key = cap_key ? 2 * cap_key : 64;
				o->key = fsb_xrealloc(o->key, cap_key * sizeof(*o->key));
			}
			o->key[o->nkey] = (struct outline_key){ prev1.s, prev1.n, prev1.line, -1 };
			if (sec->last_key >= 0)
				o->key[sec->last_key].next = (int)o->nkey;
			else
				sec->first_key = (int)o->nkey;
			sec->last_key = (int)o->nkey++;
		} else if (is_punct(&t, "{")) {
			int sec = -1;

			if ((prev1.kind == TOK_WORD || prev1.kind == TOK_STR) && prev1.head) {
				bool titled = (prev2.kind == TOK_WORD || prev2.kind == TOK_STR) && prev2.head;

				if (o->nsec == cap_sec) {
					cap_sec = cap_sec ? 2 * cap_sec : 32;
					o->sec = fsb_xrealloc(o->sec, cap_sec * sizeof(*o->sec));
					o->closed = fsb_xrealloc(o->closed, cap_sec * sizeof(*o->closed));
				}
				o->sec[o->nsec] = titled ? (struct outline_sec){ prev2.s, prev1.s, prev2.n, prev1.n, 0, -1, -1 }
							 : (struct outline_sec){ prev1.s, NULL, prev1.n, 0, 0, -1, -1 };
				sec = (int)o->nsec++;
			}
			if (++depth < (int)FSB_ARRAY_SIZE(frame))
				frame[depth] = sec;
		} else if (is_punct(&t, "}") && depth > 0) {
			if (depth < (int)FSB_ARRAY_SIZE(frame) && frame[depth] >= 0) {
				o->sec[frame[depth]].close_line = t.line;
				o->closed[o->nclosed++] = frame[depth];
			}
			depth--;
		}
		prev2 = prev1;
		prev1 = t;
	}
	return o;
}

int fsb_cfg_parse_buf(cfg_t *cfg, struct fsb_cfg_err *ce, const char *buf)
{
	char *text;
	int rc = check_braces(ce, buf);

	if (rc)
		return rc;
	text = fsb_xstrdup(buf);
	blank_comments(text);
	current = ce;
	rc = finish(ce, cfg_parse_buf(cfg, text));
	/* the outline once a parse: a key's line is asked for each key of
	 * each section */
	fsb_cfg_err_free(ce);
	ce->text = text;
	ce->outline = outline_build(text);
	return rc;
}

static bool span_is(const char *s, size_t n, const char *want)
{
	return want && strlen(want) == n && !strncmp(s, want, n);
}

int fsb_cfg_key_line(const struct fsb_cfg_err *ce, cfg_t *sec, const char *key)
{
	const struct fsb_cfg_outline *o = ce->outline;
	int found = -1, any = -1, nany = 0, ntitled = 0, line;
	size_t lo = 0, hi;

	if (!o || !sec || sec->line <= 0)
		return sec ? sec->line : 0;
	/* sec in the outline: its name and the line of its '}'; the title as
	 * written tells apart sections of one name that close on one line (a
	 * title written with escapes is found only as the one candidate) */
	for (hi = o->nclosed; lo < hi;) {	/* the first to close on sec's line */
		size_t mid = lo + (hi - lo) / 2;

		if (o->sec[o->closed[mid]].close_line < sec->line)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < o->nclosed && o->sec[o->closed[lo]].close_line == sec->line; lo++) {
		const struct outline_sec *s = &o->sec[o->closed[lo]];

		if (!span_is(s->name, s->nlen, sec->name))
			continue;
		any = o->closed[lo];
		nany++;
		if (s->title ? span_is(s->title, s->tlen, sec->title) : !sec->title) {
			found = o->closed[lo];
			ntitled++;
		}
	}
	if (ntitled != 1)
		found = nany == 1 ? any : -1;
	if (found < 0)
		return sec->line;
	line = sec->line;
	/* the last setting wins, as in libconfuse */
	for (int k = o->sec[found].first_key; k >= 0; k = o->key[k].next)
		if (span_is(o->key[k].name, o->key[k].nlen, key))
			line = o->key[k].line;
	return line;
}

void fsb_cfg_err_free(struct fsb_cfg_err *ce)
{
	free(ce->text);
	outline_free(ce->outline);
	ce->text = NULL;
	ce->outline = NULL;
}

void fsb_cfg_error(struct fsb_cfg_err *ce, cfg_t *sec, const char *fmt, ...)
{
	char text[768];
	va_list ap;

	if (ce->msg[0])
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (sec && sec->line > 0)
		snprintf(ce->msg, sizeof(ce->msg), "%s:%d: %s", ce->name, sec->line, text);
	else
		snprintf(ce->msg, sizeof(ce->msg), "%s: %s", ce->name, text);
}

void fsb_cfg_print_quoted(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
		case '\\':
		case '$':
			fputc('\\', fp);
			fputc(*p, fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(fp, "\\x%02x", *p);
			else
				fputc(*p, fp);
		}
	}
	fputc('"', fp);
}
