/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The TUI's frame: start-up and shutdown, semantic colors, the main loop
 * (poll on stdin, the engine's eventfd and a signalfd), key dispatch through
 * the screens' key tables, the title bar, status line, key bar and the help
 * overlay.  The screens themselves are ui/scr_*.c.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "model/browse.h"
#include "model/app.h"
#include "sys/signals.h"
#include "tui.h"
#include "widgets.h"

enum { MIN_COLS = 80, MIN_LINES = 24 };

attr_t ui_role_attr[UI_ROLE_COUNT];

/* ---- colors ------------------------------------------------------------------ */

#define DEF (-1)     /* the terminal's own foreground or background */
#define GREY (-2)    /* bright black where there is one, else dim */

struct role_style {
	short fg, bg;
	attr_t attr;             /* added to the color pair */
	attr_t mono;             /* without colors */
};

/* Like htop's CRT_colors: the one place that knows what a role looks like. */
static const struct role_style role_styles[UI_ROLE_COUNT] = {
	[UI_NORMAL]         = { DEF, DEF, 0, 0 },
	[UI_TITLE]          = { COLOR_WHITE, COLOR_BLUE, 0, A_REVERSE },
	[UI_TITLE_STEP]     = { COLOR_CYAN, COLOR_BLUE, 0, A_REVERSE },
	[UI_TITLE_CURRENT]  = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_BOLD },
	[UI_KEY]            = { DEF, DEF, A_BOLD, A_BOLD },
	[UI_KEYTEXT]        = { COLOR_BLACK, COLOR_CYAN, 0, A_REVERSE },
	[UI_STATUS]         = { DEF, DEF, 0, 0 },
	[UI_CURSOR]         = { COLOR_BLACK, COLOR_CYAN, 0, A_REVERSE },
	[UI_CURSOR_DIM]     = { COLOR_BLACK, COLOR_WHITE, 0, A_UNDERLINE },
	[UI_DISABLED]       = { GREY, DEF, 0, A_DIM },
	[UI_REASON]         = { COLOR_YELLOW, DEF, 0, A_DIM },
	[UI_FRAME]          = { COLOR_BLUE, DEF, 0, 0 },
	[UI_FRAME_FOCUS]    = { COLOR_CYAN, DEF, A_BOLD, A_BOLD },
	[UI_HEADING]        = { COLOR_CYAN, DEF, A_BOLD, A_BOLD },
	[UI_LABEL]          = { COLOR_CYAN, DEF, 0, 0 },
	[UI_VALUE]          = { DEF, DEF, A_BOLD, A_BOLD },
	[UI_OK]             = { COLOR_GREEN, DEF, 0, 0 },
	[UI_WARNING]        = { COLOR_YELLOW, DEF, A_BOLD, A_BOLD },
	[UI_ERROR]          = { COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD | A_REVERSE },
	[UI_DANGER]         = { COLOR_RED, DEF, A_BOLD, A_BOLD | A_UNDERLINE },
	[UI_INPUT]          = { COLOR_BLACK, COLOR_WHITE, 0, A_UNDERLINE },
	[UI_BUTTON]         = { DEF, DEF, 0, 0 },
	[UI_BUTTON_FOCUS]   = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE },
	[UI_MARK]           = { COLOR_GREEN, DEF, A_BOLD, A_BOLD },
	[UI_TABLE_HEADER]   = { COLOR_CYAN, DEF, A_BOLD, A_BOLD },
	[UI_TABLE_NAME]     = { DEF, DEF, 0, 0 },
	[UI_BASELINE]       = { COLOR_BLUE, DEF, A_BOLD, A_BOLD },
	[UI_BETTER]         = { COLOR_GREEN, DEF, 0, 0 },
	[UI_WORSE]          = { COLOR_RED, DEF, 0, 0 },
	[UI_PENDING]        = { GREY, DEF, 0, A_DIM },
	[UI_RUNNING]        = { COLOR_BLACK, COLOR_YELLOW, A_BOLD, A_REVERSE },
	[UI_FAILED]         = { COLOR_RED, DEF, A_BOLD, A_BOLD },
	[UI_MISSING]        = { GREY, DEF, 0, A_DIM },
	[UI_DIM]            = { GREY, DEF, 0, A_DIM },
	[UI_COLUMN]         = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE },
	[UI_BAR]            = { COLOR_CYAN, DEF, 0, 0 },
	[UI_BAR_BASELINE]   = { COLOR_BLUE, DEF, A_BOLD, 0 },
	[UI_BAR_BETTER]     = { COLOR_GREEN, DEF, 0, 0 },
	[UI_BAR_WORSE]      = { COLOR_RED, DEF, 0, 0 },
	[UI_AXIS]           = { GREY, DEF, 0, A_DIM },
	[UI_PROGRESS]       = { COLOR_GREEN, DEF, A_BOLD, A_BOLD },
	[UI_PROGRESS_EMPTY] = { GREY, DEF, 0, A_DIM },
};

static void ui_colors_init(struct ui_ctx *ui)
{
	const char *no_color = getenv("NO_COLOR");
	bool defaults = false;

	/* https://no-color.org: any non-empty value turns colors off */
	ui->color = has_colors() && !(no_color && *no_color);
	if (ui->color) {
		start_color();
		defaults = use_default_colors() == OK;
		if (COLORS < 8 || COLOR_PAIRS < UI_ROLE_COUNT + 1)
			ui->color = false;
	}
	for (int r = 0; r < UI_ROLE_COUNT; r++) {
		const struct role_style *s = &role_styles[r];
		short fg = s->fg, bg = s->bg;
		attr_t extra = s->attr;

		if (!ui->color) {
			ui_role_attr[r] = s->mono;
			continue;
		}
		if (fg == GREY) {
			if (COLORS >= 16) {
				fg = 8;
			} else {
				fg = COLOR_BLACK;
				extra |= A_BOLD;
			}
		}
		if (!defaults) {
			fg = fg == DEF ? COLOR_WHITE : fg;
			bg = bg == DEF ? COLOR_BLACK : bg;
		}
		init_pair((short)(r + 1), fg, bg);
		ui_role_attr[r] = COLOR_PAIR(r + 1) | extra;
	}
}

/* ---- messages -------------------------------------------------------------------- */

void ui_message(struct ui_ctx *ui, enum ui_role role, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof(ui->msg), fmt, ap);
	va_end(ap);
	ui->msg_role = role;
}

void ui_hint(struct ui_ctx *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->hintbuf, sizeof(ui->hintbuf), fmt, ap);
	va_end(ap);
	ui->hint = ui->hintbuf;
}

/* ---- screens ------------------------------------------------------------------------ */

int ui_switch(struct ui_ctx *ui, enum ui_screen_id id, bool back)
{
	int flags = UI_HANDLED | UI_REDRAW;

	if (back && ui->nback < (int)FSB_ARRAY_SIZE(ui->back))
		ui->back[ui->nback++] = ui->cur;
	if (ui->ops[ui->cur]->leave)
		ui->ops[ui->cur]->leave(ui);
	ui->cur = id;
	ui->tick_ms = 0;
	if (ui->ops[id]->enter)
		flags |= ui->ops[id]->enter(ui);
	return flags;
}

static int quit_answer(struct ui_ctx *ui, struct ui_dialog *d, bool yes)
{
	(void)d;
	if (!yes)
		return UI_REDRAW;
	if (!ui->running)
		return UI_BREAK_LOOP;
	ui->quitting = true;
	fsb_engine_cancel(ui->engine);
	ui_message(ui, UI_WARNING, "cancelling the run: unmounting and cleaning up, then quitting…");
	return UI_REDRAW;
}

int ui_quit(struct ui_ctx *ui)
{
	struct ui_dialog *d;

	if (!ui->running)
		return UI_BREAK_LOOP;
	if (ui->quitting) {
		ui_message(ui, UI_WARNING, "already cancelling: waiting for the engine to clean up…");
		return UI_HANDLED | UI_REDRAW;
	}
	d = dialog_ask(ui, UI_DANGER, "Quit fsbench?", "Cancel the run and quit", "Keep running", quit_answer);
	dialog_line(d, "A run is in progress.  Quitting cancels it first: the running phase is stopped, the filesystem unmounted and the loop device detached.");
	dialog_line(d, "The phases already finished stay in the result file.");
	return UI_HANDLED | UI_REDRAW;
}

int ui_back(struct ui_ctx *ui)
{
	if (ui->nback == 0)
		return ui_quit(ui);
	return ui_switch(ui, ui->back[--ui->nback], false);
}

/* ---- global keys -------------------------------------------------------------------- */

static int key_help(struct ui_ctx *ui, int key)
{
	(void)key;
	ui->help = true;
	ui->help_scroll = 0;
	return UI_REDRAW;
}

static int key_quit(struct ui_ctx *ui, int key)
{
	(void)key;
	return ui_quit(ui);
}

static int key_back(struct ui_ctx *ui, int key)
{
	(void)key;
	return ui_back(ui);
}

static int key_refresh(struct ui_ctx *ui, int key)
{
	(void)ui;
	(void)key;
	return UI_RESIZE;
}

static const struct ui_key global_keys[] = {
	{ .keys = { '?', KEY_F(1) }, .name = "? F1", .bar = "Help", .help = "this help", .fn = key_help },
	{ .keys = { 'q', 27 }, .name = "q Esc", .help = "back to the previous screen (quits on the first one)", .fn = key_back },
	{ .keys = { 'Q', KEY_F(10) }, .name = "Q F10", .help = "quit from anywhere (asks first while a run is going)", .fn = key_quit },
	{ .keys = { 'L' - 64 }, .name = "Ctrl-L", .help = "redraw the whole screen", .fn = key_refresh },
	{ .name = NULL },
};

static const struct ui_key *find_key(const struct ui_key *table, int key)
{
	for (const struct ui_key *k = table; k && k->name; k++)
		for (size_t i = 0; i < FSB_ARRAY_SIZE(k->keys) && k->keys[i]; i++)
			if (k->keys[i] == key && k->fn)
				return k;
	return NULL;
}

/* ---- the help overlay ---------------------------------------------------------------- */

static void help_lines(struct ui_ctx *ui, int w, struct fsb_strv *out, struct fsb_strv *roles)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	const struct ui_key *tables[] = { ops->keys, ops->more_keys, global_keys };
	const char *heads[] = { "Keys on this screen", "Tables and charts", "Everywhere" };

#define LINE(role, s) do { fsb_strv_add(out, s); fsb_strv_add(roles, role); } while (0)
	if (ops->about) {
		struct fsb_strv w2 = { 0 };

		wrap_text(fsb_text_display(ops->about, ui->utf8), w, &w2);
		for (size_t i = 0; i < w2.n; i++)
			LINE("n", w2.v[i]);
		fsb_strv_free(&w2);
		LINE("n", "");
	}
	for (size_t t = 0; t < FSB_ARRAY_SIZE(tables); t++) {
		if (!tables[t] || !tables[t]->name)
			continue;
		LINE("h", heads[t]);
		for (const struct ui_key *k = tables[t]; k->name; k++) {
			struct fsb_strv w2 = { 0 };

			if (!k->help)
				continue;	/* a key bar label of a key listed above */

			wrap_text(fsb_text_display(k->help, ui->utf8), w - 19, &w2);
			for (size_t i = 0; i < w2.n; i++) {
				char *s = fsb_xasprintf("  %-16s %s", i ? "" : k->name, w2.v[i]);

				LINE("n", s);
				free(s);
			}
			fsb_strv_free(&w2);
		}
		LINE("n", "");
	}
	LINE("d", "Mouse: click to select, double-click to open, wheel to scroll, click the key bar.");
#undef LINE
}

static void ui_draw_help(struct ui_ctx *ui)
{
	struct fsb_strv lines = { 0 }, roles = { 0 };
	int w = COLS - 4 < 90 ? COLS - 4 : 90, h, y0, x0, max;
	char title[96];

	help_lines(ui, w - 4, &lines, &roles);
	h = (int)lines.n + 3;
	if (h > LINES - 2)
		h = LINES - 2;
	max = (int)lines.n - (h - 3);
	if (ui->help_scroll > max)
		ui->help_scroll = max > 0 ? max : 0;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	for (int i = 0; i < h; i++)
		ui_fill(y0 + i, x0, w, UI_NORMAL);
	snprintf(title, sizeof(title), "Help: %s", ui->ops[ui->cur]->name);
	ui_box(ui, &(struct ui_rect){ y0, x0, h, w }, UI_FRAME_FOCUS, title);
	for (int i = 0; i < h - 3 && ui->help_scroll + i < (int)lines.n; i++) {
		size_t k = (size_t)(ui->help_scroll + i);
		enum ui_role role = roles.v[k][0] == 'h' ? UI_HEADING : roles.v[k][0] == 'd' ? UI_DIM : UI_NORMAL;

		ui_putd(ui, y0 + 1 + i, x0 + 2, w - 4, role, lines.v[k]);
	}
	ui_putd(ui, y0 + h - 2, x0 + 2, w - 4, UI_DIM,
		max > 0 ? "Up/Down/PgUp/PgDn scroll · any other key closes" : "any key closes");
	fsb_strv_free(&lines);
	fsb_strv_free(&roles);
}

static int help_key(struct ui_ctx *ui, int key)
{
	switch (key) {
	case KEY_UP:
	case 'k':
		ui->help_scroll = ui->help_scroll > 0 ? ui->help_scroll - 1 : 0;
		break;
	case KEY_DOWN:
	case 'j':
		ui->help_scroll++;
		break;
	case KEY_PPAGE:
		ui->help_scroll = ui->help_scroll > 10 ? ui->help_scroll - 10 : 0;
		break;
	case KEY_NPAGE:
		ui->help_scroll += 10;
		break;
	default:
		ui->help = false;
	}
	return UI_HANDLED | UI_REDRAW;
}

/* ---- bars ------------------------------------------------------------------------------ */

static void ui_draw_title(struct ui_ctx *ui)
{
	static const enum ui_screen_id steps[] = { UI_SCR_TARGET, UI_SCR_PLAN, UI_SCR_CONFIRM, UI_SCR_RUN };
	const char *sep = ui->utf8 ? " › " : " > ";
	int x = 0;

	ui_fill(0, 0, COLS, UI_TITLE);
	x += ui_put(0, x, COLS - x, UI_TITLE, " fsbench ");
	x += ui_put(0, x, COLS - x, UI_TITLE_STEP, FSB_VERSION "  ");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(steps); i++) {
		bool cur = ui->cur == steps[i];

		if (i)
			x += ui_put(0, x, COLS - x, UI_TITLE_STEP, sep);
		x += ui_putf(ui, 0, x, COLS - x, cur ? UI_TITLE_CURRENT : UI_TITLE, cur ? " %s " : "%s",
			     ui->ops[steps[i]]->name);
	}
	x += ui_put(0, x, COLS - x, UI_TITLE_STEP, ui->utf8 ? "  │  " : "  |  ");
	ui_putf(ui, 0, x, COLS - x, ui->cur == UI_SCR_BROWSE ? UI_TITLE_CURRENT : UI_TITLE,
		ui->cur == UI_SCR_BROWSE ? " %s " : "%s", ui->ops[UI_SCR_BROWSE]->name);
	{
		const char *right = ui->running ? (ui->quitting ? "cancelling… " : "running ")
				    : !ui->root ? "not root " : "";
		int w = (int)fsb_text_width(fsb_text_display(right, ui->utf8));

		if (*right && COLS - w > x + 40)
			ui_putd(ui, 0, COLS - w, w, ui->running ? UI_TITLE_CURRENT : UI_TITLE, right);
	}
}

static void ui_draw_status(struct ui_ctx *ui)
{
	int y = LINES - 2;

	ui_fill(y, 0, COLS, UI_STATUS);
	if (ui->msg[0])
		ui_putd(ui, y, 0, COLS, ui->msg_role, ui->msg);
	else if (ui->hint)
		ui_putd(ui, y, 0, COLS, UI_STATUS, ui->hint);
}

/* "Up k" → "Up": the first key name for the key bar */
static void first_word(const char *name, char *buf, size_t len)
{
	size_t n = strcspn(name, " ");

	snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), name);
}

static int bar_entry(struct ui_ctx *ui, int x, const struct ui_key *k, const char *label)
{
	char key[32];
	int x0 = x;

	if (x >= COLS - 4)
		return x;
	first_word(k->name, key, sizeof(key));
	x += ui_putd(ui, LINES - 1, x, COLS - x, UI_KEY, key);
	x += ui_putf(ui, LINES - 1, x, COLS - x, UI_KEYTEXT, " %s ", label);
	x += ui_put(LINES - 1, x, COLS - x, UI_NORMAL, " ");
	if (ui->nhits < (int)FSB_ARRAY_SIZE(ui->hits))
		ui->hits[ui->nhits++] = (struct ui_hit){ x0, x, k->keys[0] };
	return x;
}

static void ui_draw_keybar(struct ui_ctx *ui)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	int x = 0;
	bool q = false;

	ui->nhits = 0;
	ui_fill(LINES - 1, 0, COLS, UI_NORMAL);
	if (ui->help || ui->dlg.kind != UI_DIALOG_NONE)
		return;
	for (const struct ui_key *k = ops->keys; k && k->name; k++) {
		char label[64];

		if (!k->bar || (k->when && !k->when(ui)))
			continue;
		snprintf(label, sizeof(label), "%s", k->bar);
		x = bar_entry(ui, x, k, label);
		if (k->keys[0] == 'q' || k->keys[0] == 27)
			q = true;
	}
	x = bar_entry(ui, x, &global_keys[0], global_keys[0].bar);
	if (!q)
		bar_entry(ui, x, &global_keys[1], ui->nback ? "Back" : "Quit");
}

/* ---- terminal too small ---------------------------------------------------------------- */

static void ui_draw_small(struct ui_ctx *ui)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	const char *brief = ops->brief ? ops->brief(ui) : NULL;
	char lines[6][160];
	int n = 0;

	snprintf(lines[n++], sizeof(lines[0]), "Terminal too small: %d%s%d", COLS, ui->utf8 ? "×" : "x", LINES);
	snprintf(lines[n++], sizeof(lines[0]), "fsbench needs at least %d%s%d.", MIN_COLS, ui->utf8 ? "×" : "x",
		 MIN_LINES);
	if (brief)
		snprintf(lines[n++], sizeof(lines[0]), "%s", brief);
	if (ui->running)
		snprintf(lines[n++], sizeof(lines[0]), "%s",
			 ui->quit_armed ? "Press Q again to cancel the run and quit." : "The run goes on. Q: quit");
	else
		snprintf(lines[n++], sizeof(lines[0]), "Enlarge the window, or press Q to quit.");
	for (int i = 0; i < n; i++) {
		int w = (int)fsb_text_width(lines[i]);
		int y = (LINES - n) / 2 + i, x = (COLS - w) / 2;

		ui_put(y < 0 ? i : y, x < 0 ? 0 : x, COLS, i == 0 ? UI_WARNING : UI_NORMAL, lines[i]);
	}
}

static int small_key(struct ui_ctx *ui, int key)
{
	if (key != 'Q' && key != KEY_F(10))
		return UI_HANDLED;
	if (!ui->running)
		return UI_BREAK_LOOP;
	/* no room for a dialog: the question is "press Q again" */
	if (!ui->quit_armed) {
		ui->quit_armed = 1;
		return UI_REDRAW;
	}
	return quit_answer(ui, NULL, true);
}

/* ---- drawing --------------------------------------------------------------------------- */

static void ui_draw_all(struct ui_ctx *ui)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	struct ui_rect body = { 1, 0, LINES - 3, COLS };

	erase();
	ui->cursor_y = -1;
	ui->hint = NULL;
	ui->too_small = COLS < MIN_COLS || LINES < MIN_LINES;
	if (ui->too_small) {
		ui->nhits = 0;
		ui_draw_small(ui);
	} else {
		ui->quit_armed = 0;
		ui_draw_title(ui);
		ops->draw(ui, &body);
		if (ui->dlg.kind != UI_DIALOG_NONE)
			ui_dialog_draw(ui);
		if (ui->help)
			ui_draw_help(ui);
		ui_draw_status(ui);
		ui_draw_keybar(ui);
	}
	if (ui->cursor_y >= 0 && !ui->help) {
		curs_set(1);
		move(ui->cursor_y, ui->cursor_x);
	} else {
		curs_set(0);
	}
	refresh();
}

/* ---- input ------------------------------------------------------------------------------ */

static int ui_mouse(struct ui_ctx *ui)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	struct ui_rect body = { 1, 0, LINES - 3, COLS };
	MEVENT m;

	if (getmouse(&m) != OK)
		return 0;
	if (ui->help) {
		ui->help = false;
		return UI_REDRAW;
	}
	if (ui->dlg.kind != UI_DIALOG_NONE)
		return dialog_mouse(ui, &m);
	if (m.y == LINES - 1 && (m.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))) {
		for (int i = 0; i < ui->nhits; i++)
			if (m.x >= ui->hits[i].x0 && m.x < ui->hits[i].x1)
				return ungetch(ui->hits[i].key) == OK ? UI_HANDLED : 0;
		return UI_HANDLED;
	}
#if NCURSES_MOUSE_VERSION > 1
	if (m.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED)) {
		int key = m.bstate & BUTTON4_PRESSED ? KEY_UP : KEY_DOWN;

		/* the wheel moves like the arrow keys, three lines at a time */
		for (int i = 0; i < 3; i++)
			ungetch(key);
		return UI_HANDLED;
	}
#endif
	if (ops->mouse)
		return ops->mouse(ui, &m, &body);
	return 0;
}

static int ui_key(struct ui_ctx *ui, int key)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	const struct ui_key *k;
	int flags;

	if (key == KEY_RESIZE)
		return UI_RESIZE;
	if (ui->too_small)
		return small_key(ui, key);
	if (key == KEY_MOUSE)
		return ui_mouse(ui) | UI_REDRAW;
	/* a message lasts until the next key */
	flags = ui->msg[0] ? UI_REDRAW : 0;
	ui->msg[0] = '\0';
	if (ui->help)
		return flags | help_key(ui, key);
	if (ui->dlg.kind != UI_DIALOG_NONE)
		return flags | dialog_key(ui, key);
	if (ops->key) {
		int f = ops->key(ui, key);

		if (f)
			return flags | f;
	}
	k = find_key(ops->keys, key);
	if (!k)
		k = find_key(global_keys, key);
	if (k)
		return flags | k->fn(ui, key) | UI_HANDLED;
	return flags;
}

/* The terminal's size from the kernel, into curses (we own SIGWINCH). */
static int ui_resize(struct ui_ctx *ui)
{
	struct winsize ws;

	(void)ui;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
	return UI_RESIZE;
}

static int ui_signal(struct ui_ctx *ui, struct fsb_signals *sigs)
{
	int flags = 0, sig;

	while ((sig = fsb_signals_read(sigs)) > 0) {

		if (sig == SIGWINCH) {
			flags |= ui_resize(ui);
		} else if (sig == SIGINT && !ui->quitting) {
			/* Ctrl-C is a key here: quit, asking first during a run;
			 * a second Ctrl-C while asked answers yes */
			if (ui->dlg.kind == UI_DIALOG_ASK && ui->dlg.done == quit_answer) {
				dialog_close(ui);
				flags |= quit_answer(ui, NULL, true);
			} else if (ui->too_small) {
				flags |= small_key(ui, 'Q');
			} else {
				ui->help = false;
				flags |= ui_quit(ui);
			}
		} else if (sig != SIGINT) {
			/* SIGTERM, SIGHUP: no questions; clean up and go */
			ui->exit_signal = sig;
			if (!ui->running)
				return flags | UI_BREAK_LOOP;
			ui->quitting = true;
			fsb_engine_cancel(ui->engine);
			flags |= UI_REDRAW;
		}
	}
	return flags;
}

static int ui_events(struct ui_ctx *ui)
{
	struct fsb_event ev;
	int flags = 0;

	while (fsb_events_pop(ui->events, &ev)) {
		for (int s = 0; s < UI_SCR_COUNT; s++)
			if (ui->ops[s]->event)
				flags |= ui->ops[s]->event(ui, &ev);
		if (ev.kind == FSB_EV_DONE) {
			ui->running = false;
			if (ui->quitting)
				flags |= UI_BREAK_LOOP;
		}
		fsb_event_free(&ev);
	}
	return flags;
}

static int ui_loop(struct ui_ctx *ui, struct fsb_signals *sigs)
{
	bool dirty = true, tty_gone = false;
	double next_tick = 0;

	for (;;) {
		struct pollfd pfd[3] = {
			/* a hung-up terminal would make poll() return at once, forever */
			{ tty_gone ? -1 : STDIN_FILENO, POLLIN, 0 },
			{ fsb_events_fd(ui->events), POLLIN, 0 },
			{ sigs->fd, POLLIN, 0 },
		};
		int timeout = -1, flags = 0, key;
		double now;

		if (dirty && !tty_gone) {
			ui_draw_all(ui);
			dirty = false;
		}
		now = fsb_now();
		if (ui->tick_ms > 0) {
			if (next_tick <= 0)
				next_tick = now + ui->tick_ms / 1000.0;
			timeout = next_tick > now ? (int)((next_tick - now) * 1000) + 1 : 0;
		}
		if (poll(pfd, 3, timeout) < 0 && errno != EINTR)
			return -errno;
		if (pfd[2].revents & POLLIN)
			flags |= ui_signal(ui, sigs);
		if (pfd[1].revents & POLLIN)
			flags |= ui_events(ui);
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			/* the terminal went away: clean up and leave, nobody can answer */
			tty_gone = true;
			ui->exit_signal = ui->exit_signal ? ui->exit_signal : SIGHUP;
			if (!ui->running)
				return 0;
			ui->quitting = true;
			fsb_engine_cancel(ui->engine);
		}
		/* also after a resize: curses may have queued KEY_RESIZE */
		while (!tty_gone && !(flags & UI_BREAK_LOOP) && (key = getch()) != ERR)
			flags |= ui_key(ui, key);
		if (ui->tick_ms > 0 && fsb_now() >= next_tick) {
			next_tick = fsb_now() + ui->tick_ms / 1000.0;
			if (ui->ops[ui->cur]->tick)
				flags |= ui->ops[ui->cur]->tick(ui);
		} else if (ui->tick_ms <= 0) {
			next_tick = 0;
		}
		if (flags & UI_RESIZE)
			clearok(curscr, TRUE);
		if (flags & (UI_REDRAW | UI_RESIZE | UI_HANDLED))
			dirty = true;
		if (flags & UI_BREAK_LOOP)
			return 0;
	}
}


/* ---- the command ------------------------------------------------------------------------------ */

int ui_tui_main(struct fsb_app *app)
{
	static const struct ui_screen_ops *const screens[UI_SCR_COUNT] = {
		[UI_SCR_TARGET] = &ui_scr_target,
		[UI_SCR_PLAN] = &ui_scr_plan,
		[UI_SCR_CONFIRM] = &ui_scr_confirm,
		[UI_SCR_RUN] = &ui_scr_run,
		[UI_SCR_BROWSE] = &ui_scr_browse,
	};
	struct ui_ctx *ui;
	struct fsb_signals sigs = { .fd = -1 };
	SCREEN *scr;
	int rc, status = FSB_EXIT_OK;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fsb_app_error("the interactive interface needs a terminal; for batch runs use 'fsbench run' (fsbench --help)");
		return FSB_EXIT_USAGE;
	}
	if (!fsb_app_config(app))
		return FSB_EXIT_USAGE;

	ui = fsb_xcalloc(1, sizeof(*ui));
	ui->app = app;
	ui->cfg = app->cfg;
	ui->root = geteuid() == 0;
	ui->utf8 = fsb_locale_utf8();
	ui->results_dir = fsb_browse_results_dir(ui->cfg);
	fsb_plan_init(&ui->plan, ui->cfg);
	ui->events = fsb_events_new(256);

	/* before any thread exists (sys/signals.h); SIGWINCH too: the loop
	 * resizes curses itself */
	rc = fsb_signals_open(&sigs, SIGWINCH, SFD_NONBLOCK);
	if (rc) {
		fsb_app_error("cannot create a signalfd: %s", strerror(-rc));
		status = FSB_EXIT_FAILED;
		goto out_nocurses;
	}

	scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		fsb_app_error("cannot use the terminal '%s'; check $TERM", getenv("TERM") ? getenv("TERM") : "");
		status = FSB_EXIT_FAILED;
		goto out_nocurses;
	}
	set_term(scr);
	ui_colors_init(ui);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED
#if NCURSES_MOUSE_VERSION > 1
		  | BUTTON4_PRESSED | BUTTON5_PRESSED
#endif
		  , NULL);

	for (int s = 0; s < UI_SCR_COUNT; s++) {
		ui->ops[s] = screens[s];
		ui->state[s] = screens[s]->init ? screens[s]->init(ui) : NULL;
	}
	ui->cur = UI_SCR_TARGET;
	if (ui->ops[ui->cur]->enter)
		ui->ops[ui->cur]->enter(ui);

	rc = ui_loop(ui, &sigs);

	/* Leaving: the engine's cleanup (unmount, detach) finishes before the
	 * terminal is given back, and the user sees that it is happening. */
	if (ui->engine && ui->running) {
		fsb_engine_cancel(ui->engine);
		ui_message(ui, UI_WARNING, "cleaning up: unmounting and detaching…");
		if (!ui->too_small)
			ui_draw_status(ui);
		refresh();
	}
	fsb_engine_free(ui->engine);
	ui->engine = NULL;
	ui->running = false;
	for (int s = 0; s < UI_SCR_COUNT; s++)
		if (ui->ops[s]->fini)
			ui->ops[s]->fini(ui);
	dialog_close(ui);
	endwin();
	delscreen(scr);
	if (rc < 0) {
		fsb_app_error("the terminal interface failed: %s", strerror(-rc));
		status = FSB_EXIT_FAILED;
	}
	if (ui->exit_signal)
		status = 128 + ui->exit_signal;

out_nocurses:
	fsb_signals_close(&sigs);
	fsb_events_free(ui->events);
	fsb_plan_clear(&ui->plan);
	if (ui->have_run_plan)
		fsb_plan_clear(&ui->run_plan);
	free(ui->results_dir);
	free(ui->open_path);
	free(ui);
	return status;
}
