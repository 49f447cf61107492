/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
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
	/* for fsb_cfg_key_line: the text and where its lines start, once a
	 * parse (a key's line is asked for each key of each section) */
	fsb_cfg_err_free(ce);
	ce->text = text;
	ce->nlines = 1;
	for (const char *p = text; *p; p++)
		ce->nlines += *p == '\n';
	ce->lines = fsb_xcalloc((size_t)ce->nlines + 1, sizeof(*ce->lines));
	ce->lines[1] = text;
	for (int k = 1, i = 0; text[i]; i++)
		if (text[i] == '\n')
			ce->lines[++k] = text + i + 1;
	return rc;
}

/* The end of the string opening at p: its closing quote, or the '\n' or
 * NUL where its line ends (a string is taken to end on its line). */
static const char *string_end(const char *p)
{
	char q = *p;

	for (p++; *p && *p != '\n' && *p != q; p++)
		if (*p == '\\' && p[1] && p[1] != '\n')
			p++;
	return p;
}

/* '{' less '}' on the line at b, outside strings. */
static int line_braces(const char *b)
{
	int n = 0;

	for (const char *p = b; *p && *p != '\n'; p++) {
		if (*p == '"' || *p == '\'') {
			p = string_end(p);
			if (!*p || *p == '\n')
				break;
		}
		n += *p == '{' ? 1 : *p == '}' ? -1 : 0;
	}
	return n;
}

/* Does key, then '=' (or "+="), start at p? */
static bool key_here(const char *p, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(p, key, n) || isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '-')
		return false;
	p += n;
	p += strspn(p, " \t");
	return *p == '=' || (p[0] == '+' && p[1] == '=');
}

/*
 * Does the line at b set key among a section's own keys?  level is the
 * nesting where the line starts: 0 among the section's keys, above inside
 * a list (or a nested section), below before the section's '{'.  Keys
 * count at level 0, where a token starts, outside strings.  The line that
 * opens the section may first end another one: only what follows the '{'
 * that brings the level up to 0 is the section's.  On the other lines the
 * '}' that takes it below 0 is the section's own: nothing after it is.
 */
static bool line_sets(const char *b, int level, const char *key)
{
	bool opening = level < 0, set = false, start = true;

	for (const char *p = b; *p && *p != '\n'; p++) {
		if (*p == '"' || *p == '\'') {
			p = string_end(p);
			if (!*p || *p == '\n')
				break;
			start = true;
			continue;
		}
		if (*p == '{') {
			if (++level == 0)
				set = false;
		} else if (*p == '}') {
			if (level-- == 0 && !opening)
				return set;
		} else if (level == 0 && start && key_here(p, key)) {
			set = true;
		}
		start = strchr(" \t{},", *p) != NULL;
	}
	return set;
}

int fsb_cfg_key_line(const struct fsb_cfg_err *ce, cfg_t *sec, const char *key)
{
	int level = -1;	/* where the section's closing line ends: past its '}' */

	if (!ce->lines || !sec || sec->line <= 0 || sec->line > ce->nlines)
		return sec ? sec->line : 0;
	/* back from the line where the section ends to the one where it opens,
	 * each line's level found from the one after it; a string that spans
	 * lines is read as it comes, line by line: the search may then miss
	 * the key (sec's line) or take a line of the string for it */
	for (int l = sec->line; l >= 1; l--) {
		level -= line_braces(ce->lines[l]);
		if (line_sets(ce->lines[l], level, key))
			return l;
		if (level < 0)
			break;		/* its '{': the section opens here */
	}
	return sec->line;
}

void fsb_cfg_err_free(struct fsb_cfg_err *ce)
{
	free(ce->text);
	free(ce->lines);
	ce->text = NULL;
	ce->lines = NULL;
	ce->nlines = 0;
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
