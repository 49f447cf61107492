/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "widgets.h"

/* ---- text -------------------------------------------------------------- */

/*
 * Make s safe to hand to curses: control characters become blanks, and
 * anything that is not one column wide (invalid UTF-8, wide or combining
 * characters from a phase's output, or any non-ASCII byte outside a UTF-8
 * locale) becomes '?', so that one character is always one column.
 */
static void sanitize(const char *s, char *out, size_t len)
{
	mbstate_t st;
	size_t n = 0;

	memset(&st, 0, sizeof(st));
	while (*s && n + 5 < len) {
		unsigned char c = (unsigned char)*s;
		wchar_t wc;
		size_t k;

		if (c < 0x80) {
			out[n++] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
			s++;
			continue;
		}
		k = mbrtowc(&wc, s, strlen(s), &st);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0 || wcwidth(wc) != 1) {
			memset(&st, 0, sizeof(st));
			out[n++] = '?';
			s++;
			while ((*s & 0xc0) == 0x80)
				s++;
			continue;
		}
		memcpy(out + n, s, k);
		n += k;
		s += k;
	}
	out[n] = '\0';
}

size_t fit_bytes(const char *s, int w)
{
	const char *p = s;

	for (int col = 0; *p && col < w; col++) {
		p++;
		while ((*p & 0xc0) == 0x80)
			p++;
	}
	return (size_t)(p - s);
}

size_t tail_bytes(const char *s, int w)
{
	size_t i = strlen(s);

	for (int cols = 0; i > 0 && cols < w; cols++) {
		i--;
		while (i > 0 && (s[i] & 0xc0) == 0x80)
			i--;
	}
	return i;
}

/* Whether text is lost past byte n of s: anything but blanks (a cell's
 * padding cut off loses nothing). */
static bool cut_text(const char *s, size_t n)
{
	return s[n + strspn(s + n, " ")] != '\0';
}

const char *ui_cut_mark(bool utf8, enum ui_cut where)
{
	static const char *const ascii[] = { [UI_CUT_START] = "<", [UI_CUT_END] = ">", [UI_CUT_MIDDLE] = "~" };

	return utf8 ? "…" : ascii[where];
}

/* ui_put; mark: text cut at the edge ends in "…" (an input field scrolls
 * instead, and its cursor's character must show). */
static int put_text(int y, int x, int w, enum ui_role role, const char *s, bool mark)
{
	char buf[2048];
	size_t n;
	bool cut;

	if (!s || w <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
		return 0;
	if (x + w > COLS)
		w = COLS - x;
	sanitize(s, buf, sizeof(buf));
	n = fit_bytes(buf, w);
	/* text cut at the edge says so in its last column, never mid-word
	 * without a mark */
	cut = mark && w > 1 && cut_text(buf, n);
	if (cut)
		n = fit_bytes(buf, w - 1);
	attrset(ui_role_attr[role]);
	mvaddnstr(y, x, buf, (int)n);
	if (cut)
		addstr(ui_cut_mark(fsb_locale_utf8(), UI_CUT_END));
	attrset(A_NORMAL);
	buf[n] = '\0';
	return (int)fsb_text_width(buf) + (cut ? 1 : 0);
}

int ui_put(int y, int x, int w, enum ui_role role, const char *s)
{
	return put_text(y, x, w, role, s, true);
}

int ui_putd(struct ui_ctx *ui, int y, int x, int w, enum ui_role role, const char *s)
{
	return ui_put(y, x, w, role, fsb_text_display(s ? s : "", ui->utf8));
}

int ui_putf(struct ui_ctx *ui, int y, int x, int w, enum ui_role role, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return ui_putd(ui, y, x, w, role, buf);
}

int ui_put_path(struct ui_ctx *ui, int y, int x, int w, enum ui_role role, const char *path)
{
	int n;

	if ((int)fsb_text_width(path) <= w || w < 8)
		return ui_put(y, x, w, role, path);
	/* its last w - 1 columns */
	n = ui_put(y, x, 1, role, ui_cut_mark(ui->utf8, UI_CUT_START));
	return n + ui_put(y, x + n, w - n, role, path + tail_bytes(path, w - 1));
}

void ui_fill(int y, int x, int w, enum ui_role role)
{
	if (y < 0 || y >= LINES || x < 0 || x >= COLS || w <= 0)
		return;
	if (x + w > COLS)
		w = COLS - x;
	attrset(ui_role_attr[role]);
	mvhline(y, x, ' ', w);
	attrset(A_NORMAL);
}

void ui_box(struct ui_ctx *ui, const struct ui_rect *r, enum ui_role role, const char *title)
{
	if (r->h < 2 || r->w < 2)
		return;
	attrset(ui_role_attr[role]);
	mvaddch(r->y, r->x, ACS_ULCORNER);
	mvhline(r->y, r->x + 1, ACS_HLINE, r->w - 2);
	mvaddch(r->y, r->x + r->w - 1, ACS_URCORNER);
	mvvline(r->y + 1, r->x, ACS_VLINE, r->h - 2);
	mvvline(r->y + 1, r->x + r->w - 1, ACS_VLINE, r->h - 2);
	mvaddch(r->y + r->h - 1, r->x, ACS_LLCORNER);
	mvhline(r->y + r->h - 1, r->x + 1, ACS_HLINE, r->w - 2);
	mvaddch(r->y + r->h - 1, r->x + r->w - 1, ACS_LRCORNER);
	attrset(A_NORMAL);
	if (title && *title && r->w > 6) {
		int n = ui_put(r->y, r->x + 2, r->w - 4, role == UI_FRAME_FOCUS ? UI_FRAME_FOCUS : UI_HEADING, " ");

		n += ui_putd(ui, r->y, r->x + 2 + n, r->w - 5 - n, role == UI_FRAME_FOCUS ? UI_FRAME_FOCUS : UI_HEADING,
			     title);
		ui_put(r->y, r->x + 2 + n, 1, role == UI_FRAME_FOCUS ? UI_FRAME_FOCUS : UI_HEADING, " ");
	}
}

void wrap_text(const char *text, int w, struct fsb_strv *out)
{
	const char *p = text;

	if (w < 8)
		w = 8;
	while (*p) {
		size_t fit = fit_bytes(p, w), cut = fit;

		if (p[fit]) {
			/* break at the last blank that fits, if there is one */
			for (size_t i = fit; i > 0; i--)
				if (p[i] == ' ') {
					cut = i;
					break;
				}
		}
		{
			char *line = fsb_xmalloc(cut + 1);

			memcpy(line, p, cut);
			line[cut] = '\0';
			fsb_strv_add(out, line);
			free(line);
		}
		p += cut;
		while (*p == ' ')
			p++;
	}
}

void wrap_hanging(const char *text, int w, struct fsb_strv *out)
{
	int indent = (int)strspn(text, " ");
	struct fsb_strv parts = { 0 };

	if (!*text) {
		fsb_strv_add(out, "");
		return;
	}
	wrap_text(text + indent, w - indent - 2 > 8 ? w - indent - 2 : 8, &parts);
	for (size_t i = 0; i < parts.n; i++)
		fsb_strv_addf(out, "%*s%s", indent + (i ? 2 : 0), "", parts.v[i]);
	fsb_strv_free(&parts);
}

/* ---- a scrolling list ---------------------------------------------------- */

void list_clamp(struct ui_list *l, int h)
{
	if (l->n <= 0) {
		l->cur = -1;
		l->top = 0;
		return;
	}
	if (h < 1)
		h = 1;
	if (l->cur < 0)
		l->cur = 0;
	if (l->cur >= l->n)
		l->cur = l->n - 1;
	if (l->top > l->cur)
		l->top = l->cur;
	if (l->cur >= l->top + h)
		l->top = l->cur - h + 1;
	if (l->top > l->n - h)
		l->top = l->n - h;
	if (l->top < 0)
		l->top = 0;
}

static int step(const struct ui_list *l, int from, int dir, bool (*skip)(void *, int), void *arg)
{
	for (int i = from; i >= 0 && i < l->n; i += dir)
		if (!skip || !skip(arg, i))
			return i;
	return -1;
}

int list_key(struct ui_list *l, int key, int h, bool (*skip)(void *arg, int i), void *arg)
{
	int to = -1;

	if (l->n <= 0)
		return 0;
	switch (key) {
	case KEY_UP:
	case 'k':
		to = step(l, l->cur - 1, -1, skip, arg);
		break;
	case KEY_DOWN:
	case 'j':
		to = step(l, l->cur + 1, 1, skip, arg);
		break;
	case KEY_PPAGE:
		to = step(l, l->cur - h > 0 ? l->cur - h : 0, 1, skip, arg);
		break;
	case KEY_NPAGE:
		to = step(l, l->cur + h < l->n ? l->cur + h : l->n - 1, -1, skip, arg);
		break;
	case KEY_HOME:
	case 'g':
		to = step(l, 0, 1, skip, arg);
		break;
	case KEY_END:
	case 'G':
		to = step(l, l->n - 1, -1, skip, arg);
		break;
	default:
		return 0;
	}
	if (to >= 0)
		l->cur = to;
	list_clamp(l, h);
	return UI_HANDLED | UI_REDRAW;
}

int list_hit(const struct ui_list *l, const struct ui_rect *r, int y)
{
	int i = l->top + (y - r->y);

	if (y < r->y || y >= r->y + r->h || i < 0 || i >= l->n)
		return -1;
	return i;
}

/* ---- report tables -------------------------------------------------------- */

enum { GAP = 2 };

static enum ui_role cell_role(unsigned f)
{
	if (f & FSB_CELL_HEADER)
		return UI_TABLE_HEADER;
	if (f & FSB_CELL_FAILED)
		return UI_FAILED;
	if (f & FSB_CELL_PENDING)
		return UI_PENDING;
	if (f & FSB_CELL_MISSING)
		return UI_MISSING;
	if (f & FSB_CELL_NAME)
		return f & FSB_CELL_BASELINE ? UI_BASELINE : UI_TABLE_NAME;
	if (f & FSB_CELL_RATIO) {
		if (f & FSB_CELL_BASELINE)
			return UI_BASELINE;
		if (f & FSB_CELL_BETTER)
			return UI_BETTER;
		if (f & FSB_CELL_WORSE)
			return UI_WORSE;
		return UI_NORMAL;
	}
	if (f & FSB_CELL_OUTLIER)
		return UI_WARNING;
	if (f & FSB_CELL_DIM)
		return UI_DIM;
	if (f & FSB_CELL_BASELINE)
		return UI_BASELINE;
	return UI_NORMAL;
}

/* Extra attributes on top of the role: significance stands out, secondary
 * numbers recede. */
static attr_t cell_extra(unsigned f)
{
	attr_t a = 0;

	if (f & FSB_CELL_SIGNIFICANT)
		a |= A_BOLD;
	if (f & FSB_CELL_BEST)
		a |= A_UNDERLINE;
	if ((f & FSB_CELL_DIM) && (f & FSB_CELL_RATIO))
		a |= A_DIM;
	return a;
}

/* The caption in parentheses, wrapped to w columns. */
static void caption_lines(const struct ui_ctx *ui, const struct fsb_table *t, int w, struct fsb_strv *out)
{
	char *c = fsb_xasprintf("(%s)", t->caption);

	wrap_text(fsb_text_display(c, ui->utf8), w, out);
	free(c);
}

/* The notes, "note: " first, each wrapped to w columns with its further
 * lines indented: prose, never cut at the edge as a table's columns are. */
static void note_lines(const struct ui_ctx *ui, const struct fsb_table *t, int w, struct fsb_strv *out)
{
	for (size_t i = 0; i < t->notes.n; i++) {
		char *n = fsb_xasprintf("note: %s", t->notes.v[i]);

		wrap_hanging(fsb_text_display(n, ui->utf8), w, out);
		free(n);
	}
}

int table_lines(const struct ui_ctx *ui, const struct fsb_table *t, const struct ui_table_opts *o, int w)
{
	int n = (int)t->nrows;

	if (o->title && t->title)
		n++;
	if (o->caption && t->caption) {
		struct fsb_strv l = { 0 };

		caption_lines(ui, t, w, &l);
		n += (int)l.n;
		fsb_strv_free(&l);
	}
	if (o->notes && t->notes.n) {
		struct fsb_strv l = { 0 };

		note_lines(ui, t, w, &l);
		n += (int)l.n;
		fsb_strv_free(&l);
	}
	return n;
}

int table_width(const struct ui_ctx *ui, const struct fsb_table *t)
{
	size_t widths[t->ncols ? t->ncols : 1];

	return (int)fsb_table_widths(t, ui->utf8, GAP, widths);
}

void ui_table_widths(const struct ui_ctx *ui, const struct fsb_table *t, size_t *widths)
{
	fsb_table_widths(t, ui->utf8, GAP, widths);
}

/*
 * Draw text (display form) padded to w columns with the given alignment,
 * starting at screen column sx, but only the part within [lo, hi).  A
 * number (whole) is drawn entire or not at all: "2.4" cut from "2.47" by
 * the edge would read as another value.
 */
static void put_clipped(int y, int sx, int w, int align, const char *text, enum ui_role role, attr_t extra,
			int lo, int hi, bool whole)
{
	char buf[8192];
	int tw = (int)fsb_text_width(text), left, n = 0;
	size_t b;

	if (tw > w)
		tw = w;
	left = align == 1 ? w - tw : align == 2 ? (w - tw) / 2 : 0;
	if (whole && (sx + left < lo || sx + left + tw > hi))
		tw = 0;
	b = fit_bytes(text, tw);
	if ((size_t)w + b + 2 > sizeof(buf))
		return;
	for (int i = 0; i < left; i++)
		buf[n++] = ' ';
	memcpy(buf + n, text, b);
	n += (int)b;
	for (int i = left + tw; i < w; i++)
		buf[n++] = ' ';
	buf[n] = '\0';
	/* clip on the left: skip columns before lo */
	{
		const char *p = buf;
		int x = sx;

		while (x < lo && *p) {
			p++;
			while ((*p & 0xc0) == 0x80)
				p++;
			x++;
		}
		if (x >= hi || !*p)
			return;
		attr_t save = ui_role_attr[role];

		ui_role_attr[role] |= extra;
		ui_put(y, x, hi - x, role, p);
		ui_role_attr[role] = save;
	}
}

/* The row and column of the cell keyed (row, col), or -1 (doc/report.h's keys). */
static void find_cell(const struct fsb_table *t, const char *row, const char *col, int *r, int *c)
{
	*r = fsb_table_find_row(t, row);
	*c = fsb_table_find_col(t, col);
	if (*r < 0 || *c < 0)
		*r = *c = -1;
}

/* Where a table's columns land: the first stays put, the rest scrolls. */
struct table_geom {
	const size_t *widths;
	int first, frozen, scroll;
	int run_r, run_c;        /* the cell being measured, or -1 */
};

/* One row of t at screen row y. */
static void draw_table_row(struct ui_ctx *ui, const struct ui_rect *r, const struct fsb_table *t,
			   const struct ui_table_opts *o, const struct table_geom *g, size_t row, int y, bool sel)
{
	bool header = row < t->header_rows;
	int vx = 0;

	for (size_t c = 0; c < t->ncols; c++) {
		const struct fsb_cell *cell = fsb_table_cell(t, row, c);
		int cw = 0, align, sx, lo, hi;
		enum ui_role role;
		attr_t extra;

		for (int k = 0; cell->span > 0 && k < cell->span; k++)
			cw += (int)g->widths[c + (size_t)k] + (k ? GAP : 0);
		if (cell->span == 0) {
			vx += (int)g->widths[c] + GAP;
			continue;
		}
		align = cell->span > 1 ? 2 : (cell->flags & FSB_CELL_NUMBER) ? 1 : 0;
		role = cell_role(cell->flags);
		extra = cell_extra(cell->flags);
		if (header && o->focus_col >= 0 && (size_t)o->focus_col == c)
			role = UI_COLUMN;
		if ((int)row == g->run_r && (int)c == g->run_c) {
			role = UI_RUNNING;
			extra = 0;
		}
		if (sel) {
			role = o->sel_focus ? UI_CURSOR : UI_CURSOR_DIM;
			extra = 0;
		}
		if (c == 0) {
			sx = r->x;
			lo = r->x;
			hi = r->x + (g->first < r->w ? g->first : r->w);
		} else {
			sx = r->x + vx - g->scroll;
			lo = r->x + (g->scroll ? g->frozen : 0);
			hi = r->x + r->w;
		}
		put_clipped(y, sx, cw, align, fsb_text_display(cell->text, ui->utf8), role, extra, lo, hi,
			    !header && (cell->flags & FSB_CELL_NUMBER));
		vx += cw + GAP;
		c += (size_t)(cell->span - 1);
	}
}

int ui_draw_table(struct ui_ctx *ui, const struct ui_rect *r, const struct fsb_table *t,
		  const struct ui_table_opts *o, int skip, int *hmax)
{
	size_t widths[t->ncols ? t->ncols : 1];
	int total, first, frozen, maxs, scroll, vl = 0, drawn = 0, run_r, run_c;
	struct table_geom g;

	if (o->widths) {
		total = 0;
		for (size_t c = 0; c < t->ncols; c++) {
			widths[c] = o->widths[c];
			total += (int)widths[c] + (c ? GAP : 0);
		}
	} else {
		total = (int)fsb_table_widths(t, ui->utf8, GAP, widths);
	}
	first = t->ncols ? (int)widths[0] : 0;
	frozen = first + GAP;
	/* the first column (the filesystem) stays put, the rest scrolls */
	maxs = total > r->w ? total - r->w : 0;
	scroll = o->hscroll > maxs ? maxs : o->hscroll < 0 ? 0 : o->hscroll;
	if (hmax)
		*hmax = maxs;
	find_cell(t, o->run_row, o->run_col, &run_r, &run_c);
	g = (struct table_geom){ widths, first, frozen, scroll, run_r, run_c };

#define NEXT_LINE() (vl++ >= skip && drawn < r->h ? r->y + drawn++ : -1)
	if (o->title && t->title) {
		int y = NEXT_LINE();

		if (y >= 0)
			ui_putd(ui, y, r->x, r->w, UI_HEADING, t->title);
	}
	if (o->caption && t->caption) {
		struct fsb_strv l = { 0 };

		caption_lines(ui, t, r->w, &l);
		for (size_t i = 0; i < l.n; i++) {
			int y = NEXT_LINE();

			if (y >= 0)
				ui_put(y, r->x, r->w, UI_DIM, l.v[i]);
		}
		fsb_strv_free(&l);
	}
	for (size_t row = 0; row < t->nrows; row++) {
		bool header = row < t->header_rows;
		bool sel = !header && o->sel_row >= 0 && (size_t)o->sel_row == row - t->header_rows;
		int y = NEXT_LINE();

		if (y < 0)
			continue;
		if (sel)
			ui_fill(y, r->x, r->w < total ? r->w : total, o->sel_focus ? UI_CURSOR : UI_CURSOR_DIM);
		draw_table_row(ui, r, t, o, &g, row, y, sel);
		/* say that there is more to the left or right */
		if (header && row == 0 && scroll > 0)
			ui_put(y, r->x + first, 1, UI_AXIS, ui->utf8 ? "‹" : "<");
		if (header && row == 0 && scroll < maxs)
			ui_put(y, r->x + r->w - 1, 1, UI_AXIS, ui->utf8 ? "›" : ">");
	}
	if (o->notes && t->notes.n) {
		struct fsb_strv l = { 0 };

		note_lines(ui, t, r->w, &l);
		for (size_t i = 0; i < l.n; i++) {
			int y = NEXT_LINE();

			if (y >= 0)
				ui_put(y, r->x, r->w, UI_DIM, l.v[i]);
		}
		fsb_strv_free(&l);
	}
#undef NEXT_LINE
	return drawn;
}

/* ---- charts ---------------------------------------------------------------- */

int chart_lines(const struct fsb_chart *c)
{
	return 1 + (int)c->n + 2;
}

static enum ui_role bar_role(unsigned f)
{
	if (f & FSB_CELL_FAILED)
		return UI_FAILED;
	if (f & FSB_CELL_BASELINE)
		return UI_BAR_BASELINE;
	if (f & FSB_CELL_BETTER)
		return UI_BAR_BETTER;
	if (f & FSB_CELL_WORSE)
		return UI_BAR_WORSE;
	return UI_BAR;
}

/* One bar's line at row y: its label in lw columns from x, the bar from
 * x0 (width columns: the filled part in the bar's color, the rest and the
 * 1.00 mark as axis), its value in tw columns after it. */
static void draw_bar(struct ui_ctx *ui, int y, int x, int lw, int x0, int width, int tw, const struct fsb_bar *b,
		     double max)
{
	const char *mark = ui->utf8 ? "│" : "|";
	char bar[1024], *tail, *m, save;
	size_t fill;
	int n;

	ui_putd(ui, y, x, lw, b->flags & FSB_CELL_BASELINE ? UI_BASELINE : UI_TABLE_NAME, b->label);
	fsb_chart_bar(bar, sizeof(bar), b->value, max, (size_t)width, ui->utf8);
	tail = strchr(bar, ' ');
	fill = tail ? (size_t)(tail - bar) : strlen(bar);
	m = strstr(bar, mark);
	if (m && (size_t)(m - bar) < fill)
		fill = (size_t)(m - bar);
	save = bar[fill];
	bar[fill] = '\0';
	n = ui_put(y, x0, width, bar_role(b->flags), bar);
	bar[fill] = save;
	ui_put(y, x0 + n, width - n, UI_AXIS, bar + fill);
	ui_putd(ui, y, x0 + width + 1, tw, cell_role(b->flags | FSB_CELL_RATIO), b->text ? b->text : "");
}

/* The axis under the bars (a tee at the 1.00 mark, column one - 1) and,
 * on the row below it (when it is drawn: y2 >= 0), its scale. */
static void draw_axis(int y, int y2, int x0, int width, int one, double max)
{
	if (y >= 0) {
		attrset(ui_role_attr[UI_AXIS]);
		for (int i = 0; i < width && x0 + i < COLS; i++)
			mvaddch(y, x0 + i, i == one - 1 ? ACS_BTEE : ACS_HLINE);
		attrset(A_NORMAL);
	}
	if (y2 >= 0) {
		int at = x0 + one - 1 - 2;

		ui_put(y2, x0, 1, UI_AXIS, "0");
		if (one >= 1)
			ui_put(y2, at > x0 + 1 ? at : x0 + 2, 4, UI_AXIS, "1.00");
		if (max > 1.3 && width - one > 8) {
			char m[32];

			snprintf(m, sizeof(m), "%.2f", max);
			ui_put(y2, x0 + width - (int)strlen(m), (int)strlen(m), UI_AXIS, m);
		}
	}
}

int ui_draw_chart(struct ui_ctx *ui, const struct ui_rect *r, const struct fsb_chart *c, int skip)
{
	int lw = 0, tw = 0, width, one, vl = 0, drawn = 0, x0, y, y2;

	for (size_t i = 0; i < c->n; i++) {
		int a = (int)fsb_text_width(c->bars[i].label);
		int b = (int)fsb_text_width(fsb_text_display(c->bars[i].text ? c->bars[i].text : "", ui->utf8));

		lw = a > lw ? a : lw;
		tw = b > tw ? b : tw;
	}
	width = r->w - lw - 2 - tw;
	if (width > 100)
		width = 100;
	if (width < 4)
		width = 4;
	/* where fsb_chart_bar() puts the 1.00 mark: column one - 1 */
	one = c->max > 0 ? (int)lround((double)width / c->max) : 0;
	x0 = r->x + lw + 1;

#define NEXT_LINE() (vl++ >= skip && drawn < r->h ? r->y + drawn++ : -1)
	y = NEXT_LINE();
	if (y >= 0)
		ui_putd(ui, y, r->x, r->w, UI_HEADING, c->title);
	for (size_t i = 0; i < c->n; i++) {
		y = NEXT_LINE();
		if (y >= 0)
			draw_bar(ui, y, r->x, lw, x0, width, tw, &c->bars[i], c->max);
	}
	y = NEXT_LINE();
	y2 = NEXT_LINE();
#undef NEXT_LINE
	draw_axis(y, y2, x0, width, one, c->max);
	return drawn;
}

/* ---- progress bar -------------------------------------------------------- */

void ui_draw_progress(struct ui_ctx *ui, int y, int x, int w, double f)
{
	static const char *const eighths[] = { "", "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
	int inner = w - 7, full, frac, n = 0;
	struct fsb_buf b = { 0 };
	double cells;

	if (inner < 4)
		return;
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	cells = f * inner;
	full = (int)cells;
	frac = (int)((cells - full) * 8);
	ui_put(y, x, 1, UI_FRAME, "[");
	for (int i = 0; i < full; i++)
		fsb_buf_add(&b, ui->utf8 ? "█" : "#");
	if (full < inner && frac && ui->utf8)
		fsb_buf_add(&b, eighths[frac]);
	if (b.s)
		n = ui_put(y, x + 1, inner, UI_PROGRESS, b.s);
	fsb_buf_free(&b);
	for (int i = n; i < inner; i++)
		ui_put(y, x + 1 + i, 1, UI_PROGRESS_EMPTY, ui->utf8 ? "·" : ".");
	ui_put(y, x + 1 + inner, 1, UI_FRAME, "]");
	ui_putf(ui, y, x + 2 + inner, 5, UI_VALUE, " %3ld%%", lround(f * 100));
}

/* ---- text fields ------------------------------------------------------------ */

void input_set(struct ui_input *in, const char *s)
{
	snprintf(in->buf, sizeof(in->buf), "%s", s ? s : "");
	in->len = strlen(in->buf);
	in->pos = in->len;
}

static size_t prev_cp(const char *b, size_t pos)
{
	if (!pos)
		return 0;
	pos--;
	while (pos && (b[pos] & 0xc0) == 0x80)
		pos--;
	return pos;
}

static size_t next_cp(const char *b, size_t len, size_t pos)
{
	if (pos >= len)
		return len;
	pos++;
	while (pos < len && (b[pos] & 0xc0) == 0x80)
		pos++;
	return pos;
}

static void cut(struct ui_input *in, size_t from, size_t to)
{
	memmove(in->buf + from, in->buf + to, in->len - to + 1);
	in->len -= to - from;
	in->pos = from;
}

int input_key(struct ui_input *in, int key)
{
	switch (key) {
	case KEY_LEFT:
		in->pos = prev_cp(in->buf, in->pos);
		break;
	case KEY_RIGHT:
		in->pos = next_cp(in->buf, in->len, in->pos);
		break;
	case KEY_HOME:
	case 'A' - 64:
		in->pos = 0;
		break;
	case KEY_END:
	case 'E' - 64:
		in->pos = in->len;
		break;
	case KEY_BACKSPACE:
	case 127:
	case 'H' - 64:
		if (in->pos)
			cut(in, prev_cp(in->buf, in->pos), in->pos);
		break;
	case KEY_DC:
	case 'D' - 64:
		if (in->pos < in->len)
			cut(in, in->pos, next_cp(in->buf, in->len, in->pos));
		break;
	case 'U' - 64:
		cut(in, 0, in->pos);
		break;
	case 'K' - 64:
		in->len = in->pos;
		in->buf[in->len] = '\0';
		break;
	case 'W' - 64: {
		size_t p = in->pos;

		while (p && in->buf[p - 1] == ' ')
			p--;
		while (p && in->buf[p - 1] != ' ' && in->buf[p - 1] != '/')
			p--;
		if (p == in->pos && p)
			p--;
		cut(in, p, in->pos);
		break;
	}
	default:
		if (key < 32 || key > 255 || key == 127)
			return 0;
		if (in->len + 2 >= sizeof(in->buf))
			return UI_HANDLED;
		memmove(in->buf + in->pos + 1, in->buf + in->pos, in->len - in->pos + 1);
		in->buf[in->pos++] = (char)key;
		in->len++;
		break;
	}
	return UI_HANDLED | UI_REDRAW;
}

void ui_draw_input(struct ui_ctx *ui, int y, int x, int w, const struct ui_input *in, bool focus)
{
	char prefix[sizeof(in->buf)];
	int cur, start = 0;
	const char *p = in->buf;

	if (w < 2)
		return;
	memcpy(prefix, in->buf, in->pos);
	prefix[in->pos] = '\0';
	cur = (int)fsb_text_width(prefix);
	if (cur > w - 1)
		start = cur - (w - 1);
	for (int i = 0; i < start && *p; i++) {
		p++;
		while ((*p & 0xc0) == 0x80)
			p++;
	}
	ui_fill(y, x, w, UI_INPUT);
	put_text(y, x, w, UI_INPUT, p, false);
	if (focus) {
		ui->cursor_y = y;
		ui->cursor_x = x + cur - start;
	}
}

/* ---- dialogs ----------------------------------------------------------------- */

void dialog_close(struct ui_ctx *ui)
{
	fsb_strv_free(&ui->dlg.text);
	memset(&ui->dlg, 0, sizeof(ui->dlg));
	ui->dlg_gen++;
}

static struct ui_dialog *dialog_open(struct ui_ctx *ui, enum ui_dialog_kind kind, enum ui_role frame,
				     const char *title, int (*done)(struct ui_ctx *, struct ui_dialog *, bool))
{
	struct ui_dialog *d = &ui->dlg;

	dialog_close(ui);
	d->kind = kind;
	d->frame = frame;
	snprintf(d->title, sizeof(d->title), "%s", title);
	d->done = done;
	return d;
}

struct ui_dialog *dialog_ask(struct ui_ctx *ui, enum ui_role frame, const char *title, const char *yes,
			     const char *no, int (*done)(struct ui_ctx *, struct ui_dialog *, bool))
{
	struct ui_dialog *d = dialog_open(ui, UI_DIALOG_ASK, frame, title, done);

	d->yes = yes;
	d->no = no;
	d->yes_focused = false;
	return d;
}

struct ui_dialog *dialog_form(struct ui_ctx *ui, const char *title,
			      int (*done)(struct ui_ctx *, struct ui_dialog *, bool))
{
	return dialog_open(ui, UI_DIALOG_FORM, UI_FRAME_FOCUS, title, done);
}

void dialog_line(struct ui_dialog *d, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	fsb_strv_add(&d->text, b.s ? b.s : "");
	fsb_buf_free(&b);
}

void dialog_field(struct ui_dialog *d, const char *label, const char *value)
{
	if (d->nfields >= UI_DIALOG_FIELDS)
		return;
	d->labels[d->nfields] = label;
	input_set(&d->fields[d->nfields], value);
	d->nfields++;
}

void ui_dialog_draw(struct ui_ctx *ui)
{
	struct ui_dialog *d = &ui->dlg;
	struct fsb_strv lines = { 0 };
	int w = COLS - 4 < 76 ? COLS - 4 : 76, inner, h, y0, x0, y, lw = 0, rest, shown;
	bool mark;

	if (d->kind == UI_DIALOG_NONE || w < 20)
		return;
	inner = w - 4;
	for (size_t i = 0; i < d->text.n; i++) {
		if (!*d->text.v[i])
			fsb_strv_add(&lines, "");
		else
			wrap_text(fsb_text_display(d->text.v[i], ui->utf8), inner, &lines);
	}
	for (int i = 0; i < d->nfields; i++)
		if ((int)fsb_text_width(d->labels[i]) > lw)
			lw = (int)fsb_text_width(d->labels[i]);
	rest = 2 + 1 + (d->nfields ? d->nfields + 1 : 0) + (d->error[0] ? 2 : 0) + 2;
	h = rest + (int)lines.n;
	if (h > LINES - 2)
		h = LINES - 2;
	/* text taller than the box scrolls, its last row saying there is
	 * more: a notice that lists what is missing must be read whole */
	shown = h - rest;
	mark = shown < (int)lines.n && shown > 1;
	if (mark)
		shown--;
	if (shown < 0)
		shown = 0;
	d->lines = (int)lines.n;
	d->shown = shown;
	if (d->top > d->lines - shown)
		d->top = d->lines - shown;
	if (d->top < 0)
		d->top = 0;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	for (int i = 0; i < h; i++)
		ui_fill(y0 + i, x0, w, UI_NORMAL);
	ui_box(ui, &(struct ui_rect){ y0, x0, h, w }, d->frame, d->title);
	y = y0 + 2;
	for (int i = d->top; i < (int)lines.n && i < d->top + shown; i++)
		ui_put(y++, x0 + 2, inner, UI_NORMAL, lines.v[i]);
	if (mark) {
		bool above = d->top > 0, below = d->top + shown < (int)lines.n;

		ui_putf(ui, y++, x0 + 2, inner, UI_AXIS, "%s%s%s   (lines %d-%d of %d: Up, Down, PgUp, PgDn)",
			above ? (ui->utf8 ? "▲ more above" : "^ more above") : "", above && below ? " · " : "",
			below ? (ui->utf8 ? "▼ more below" : "v more below") : "", d->top + 1, d->top + shown,
			(int)lines.n);
	}
	if (d->nfields)
		y++;
	for (int i = 0; i < d->nfields && y < y0 + h - 2; i++, y++) {
		ui_putd(ui, y, x0 + 2, lw, i == d->field ? UI_HEADING : UI_LABEL, d->labels[i]);
		ui_draw_input(ui, y, x0 + 3 + lw, inner - lw - 1, &d->fields[i], i == d->field);
	}
	if (d->error[0] && y + 1 < y0 + h - 1) {
		y++;
		ui_putd(ui, y++, x0 + 2, inner, UI_ERROR, d->error);
	}
	y = y0 + h - 2;
	if (d->kind == UI_DIALOG_ASK) {
		char yes[96], no[96];
		int wy, wn, bx;

		snprintf(yes, sizeof(yes), d->yes ? "[ %s ]" : "", d->yes);
		snprintf(no, sizeof(no), "[ %s ]", d->no);
		wy = (int)fsb_text_width(yes);
		wn = (int)fsb_text_width(no);
		/* a notice has its one button: no second one that does the same */
		bx = x0 + (w - wy - wn - (d->yes ? 4 : 0)) / 2;
		if (d->yes)
			ui_putd(ui, y, bx, wy, d->yes_focused ? UI_BUTTON_FOCUS : UI_BUTTON, yes);
		else
			bx -= 4;
		ui_putd(ui, y, bx + wy + 4, wn, d->yes_focused ? UI_BUTTON : UI_BUTTON_FOCUS, no);
		d->buttons[0] = (struct ui_rect){ y, bx, 1, wy };
		d->buttons[1] = (struct ui_rect){ y, bx + wy + 4, 1, wn };
		if (!d->nfields) {
			/* no text cursor in a question: the focused button shows the default */
			ui->cursor_y = -1;
		}
	} else {
		ui_putd(ui, y, x0 + 2, inner, UI_DIM, "Enter accept · Tab next field · Esc cancel");
	}
	fsb_strv_free(&lines);
}

static int dialog_answer(struct ui_ctx *ui, bool ok)
{
	struct ui_dialog *d = &ui->dlg;
	unsigned gen = ui->dlg_gen;
	int flags = 0;

	d->error[0] = '\0';
	if (d->done)
		flags = d->done(ui, d, ok);
	/* done() may have opened the next dialog, or kept a form open with an error */
	if (gen == ui->dlg_gen && !(d->kind == UI_DIALOG_FORM && ok && d->error[0]))
		dialog_close(ui);
	return flags | UI_HANDLED | UI_REDRAW;
}

enum yesno yesno_key(int key, bool *yes_focused)
{
	switch (key) {
	case KEY_LEFT:
	case KEY_RIGHT:
	case '\t':
	case KEY_BTAB:
	case 'h':
	case 'l':
		*yes_focused = !*yes_focused;
		return YESNO_MOVED;
	case 'y':
	case 'Y':
		return YESNO_YES;
	case 'n':
	case 'N':
	case 27:
	case 'q':
		return YESNO_NO;
	case '\n':
	case '\r':
	case KEY_ENTER:
	case ' ':
		return *yes_focused ? YESNO_YES : YESNO_NO;
	}
	return YESNO_NONE;
}

bool ui_scroll_key(int key, int *top, int lines, int shown, unsigned keys)
{
	int page = shown > 1 ? shown - 1 : 1, t = *top;

	if (lines <= shown)
		return false;	/* nothing to scroll: the keys do what they did */
	if ((key == KEY_UP || key == KEY_DOWN) && !(keys & UI_SCROLL_LINES))
		return false;
	if ((key == KEY_HOME || key == KEY_END) && !(keys & UI_SCROLL_ENDS))
		return false;
	switch (key) {
	case KEY_UP:
		t--;
		break;
	case KEY_DOWN:
		t++;
		break;
	case KEY_PPAGE:
		t -= page;
		break;
	case KEY_NPAGE:
		t += page;
		break;
	case KEY_HOME:
		t = 0;
		break;
	case KEY_END:
		t = lines - shown;
		break;
	default:
		return false;
	}
	*top = t > lines - shown ? lines - shown : t < 0 ? 0 : t;
	return true;
}

/* PgUp, PgDn, and a question's Up, Down, Home, End (a form's move between
 * its fields or in one) scroll text taller than the box.  Flags, 0 for
 * another key. */
static int dialog_scroll(struct ui_dialog *d, int key)
{
	unsigned keys = d->kind == UI_DIALOG_ASK ? UI_SCROLL_LINES | UI_SCROLL_ENDS : 0;

	return ui_scroll_key(key, &d->top, d->lines, d->shown, keys) ? UI_HANDLED | UI_REDRAW : 0;
}

int dialog_key(struct ui_ctx *ui, int key)
{
	struct ui_dialog *d = &ui->dlg;
	int f = dialog_scroll(d, key);

	if (f)
		return f;
	if (d->kind == UI_DIALOG_ASK) {
		enum yesno a = yesno_key(key, &d->yes_focused);

		if (!d->yes) {
			/* a notice: its one button keeps the focus, y answers nothing */
			d->yes_focused = false;
			if (a == YESNO_MOVED || a == YESNO_YES)
				return UI_HANDLED;
		}
		switch (a) {
		case YESNO_MOVED:
			return UI_HANDLED | UI_REDRAW;
		case YESNO_YES:
			return dialog_answer(ui, true);
		case YESNO_NO:
			return dialog_answer(ui, false);
		case YESNO_NONE:
			break;
		}
		return UI_HANDLED;
	}
	switch (key) {
	case 27:
		return dialog_answer(ui, false);
	case '\n':
	case '\r':
	case KEY_ENTER:
		return dialog_answer(ui, true);
	case '\t':
	case KEY_DOWN:
		d->field = (d->field + 1) % (d->nfields ? d->nfields : 1);
		return UI_HANDLED | UI_REDRAW;
	case KEY_BTAB:
	case KEY_UP:
		d->field = (d->field + d->nfields - 1) % (d->nfields ? d->nfields : 1);
		return UI_HANDLED | UI_REDRAW;
	default:
		if (d->nfields)
			input_key(&d->fields[d->field], key);
		return UI_HANDLED | UI_REDRAW;
	}
}

int dialog_mouse(struct ui_ctx *ui, const MEVENT *m)
{
	struct ui_dialog *d = &ui->dlg;

	if (d->kind != UI_DIALOG_ASK || !(m->bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)))
		return UI_HANDLED;
	for (int i = 0; i < 2; i++) {
		const struct ui_rect *b = &d->buttons[i];

		if (m->y == b->y && m->x >= b->x && m->x < b->x + b->w)
			return dialog_answer(ui, i == 0);
	}
	return UI_HANDLED;
}
