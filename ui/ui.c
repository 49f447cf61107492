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
#include "model/opts.h"
#include "model/uses.h"
#include "sys/proc.h"
#include "sys/signals.h"
#include "tui.h"
#include "frame.h"
#include "widgets.h"


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

int ui_confirm_plan(struct ui_ctx *ui, struct fsb_plan *p, const char *why)
{
	struct fsb_err err = { 0 };

	if (why || fsb_plan_validate(p, &err)) {
		ui_message(ui, UI_ERROR, "%s", why ? why : err.msg);
		fsb_plan_clear(p);
		return UI_REDRAW;
	}
	if (ui->have_run_plan)
		fsb_plan_clear(&ui->run_plan);
	ui->run_plan = *p;
	ui->have_run_plan = true;
	return ui_switch(ui, UI_SCR_CONFIRM, true);
}

int ui_quit_answer(struct ui_ctx *ui, struct ui_dialog *d, bool yes)
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
	d = dialog_ask(ui, UI_DANGER, "Quit fsbench?", "Cancel the run and quit", "Keep running", ui_quit_answer);
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

const struct ui_key ui_global_keys[] = {
	{ .keys = { '?', KEY_F(1) }, .name = "? F1", .bar = "Help", .help = "this help", .fn = key_help },
	{ .keys = { 'q', 27 }, .name = "q Esc", .help = "back to the previous screen (quits on the first one)", .fn = key_back },
	{ .keys = { 'Q', KEY_F(10) }, .name = "Q F10", .help = "quit from anywhere (asks first while a run is going)", .fn = key_quit },
	{ .keys = { 'L' - 64 }, .name = "Ctrl-L", .help = "redraw the whole screen", .fn = key_refresh },
	{ .name = NULL },
};

const struct ui_key *ui_find_key(const struct ui_key *table, int key)
{
	for (const struct ui_key *k = table; k && k->name; k++)
		for (size_t i = 0; i < FSB_ARRAY_SIZE(k->keys) && k->keys[i]; i++)
			if (k->keys[i] == key && k->fn)
				return k;
	return NULL;
}

/* ---- drawing --------------------------------------------------------------------------- */

void ui_draw_all(struct ui_ctx *ui)
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

/* ---- the command ------------------------------------------------------------------------------ */

/* curses on the terminal, in the modes the loop expects; NULL after
 * printing why. */
static SCREEN *term_open(struct ui_ctx *ui)
{
	SCREEN *scr;

	scr = newterm(NULL, stdout, stdin);
	if (!scr) {
		fsb_app_error("cannot use the terminal '%s'; check $TERM", getenv("TERM") ? getenv("TERM") : "");
		return NULL;
	}
	set_term(scr);
	ui_colors_init(ui);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	/* a lone Esc is told from a key's escape sequence after 25 ms, unless
	 * ESCDELAY says otherwise (curses reads it; the TUI tests set a long
	 * one: on a loaded machine a sequence's bytes can arrive further apart,
	 * and a Down would be read as Esc, '[', 'B') */
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED
#if NCURSES_MOUSE_VERSION > 1
		  | BUTTON4_PRESSED | BUTTON5_PRESSED
#endif
		  , NULL);
	return scr;
}

/* Leaving: the engine's cleanup (unmount, detach) finishes before the
 * terminal is given back, and the user sees that it is happening; then
 * every screen lets go and curses ends. */
static void term_close(struct ui_ctx *ui, SCREEN *scr)
{
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
}

/* How the TUI says the plan's options in the library's messages: by what
 * its user does on the screens; the rest keeps the plan's words. */
static const char *tui_say(enum fsb_opt id, const char *value, char *buf, size_t n)
{
	switch (id) {
	case FSB_OPT_YES_DESTROY:
		snprintf(buf, n, "the device name typed on the confirm screen%s%s", value ? " for " : "",
			 value ? value : "");
		return buf;
	case FSB_SAY_DEVICE_CHECK:
		snprintf(buf, n, "the target screen's details of %s", value ? value : "the device");
		return buf;
	case FSB_SAY_METRIC:
		snprintf(buf, n, "the %s metric (m)", value ? value : "other");
		return buf;
	case FSB_SAY_USE:
		snprintf(buf, n, "another use (u)");
		return buf;
	default:
		return NULL;
	}
}

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
	fsb_opt_set_speaker(tui_say);

	ui = fsb_xcalloc(1, sizeof(*ui));
	ui->app = app;
	ui->cfg = app->cfg;
	ui->utf8 = fsb_locale_utf8();
	ui->results_dir = fsb_browse_results_dir(ui->cfg);
	fsb_plan_init(&ui->plan, ui->cfg);
	/* the plan screen shows the use it will tell the run: the default
	 * until the user picks another */
	ui->plan.use = FSB_USE_DEFAULT;
	ui->events = fsb_events_new(256);

	/* before any thread exists (sys/signals.h); SIGWINCH too: the loop
	 * resizes curses itself */
	rc = fsb_signals_open(&sigs, SIGWINCH, SFD_NONBLOCK);
	if (rc) {
		fsb_app_error("cannot create a signalfd: %s", strerror(-rc));
		status = FSB_EXIT_FAILED;
		goto out_nocurses;
	}
	/* every process a run starts is reaped before the TUI ends (sys/proc.h) */
	fsb_proc_subreaper();

	scr = term_open(ui);
	if (!scr) {
		status = FSB_EXIT_FAILED;
		goto out_nocurses;
	}
	for (int s = 0; s < UI_SCR_COUNT; s++) {
		ui->ops[s] = screens[s];
		ui->state[s] = screens[s]->init ? screens[s]->init(ui) : NULL;
	}
	ui->cur = UI_SCR_TARGET;
	if (ui->ops[ui->cur]->enter)
		ui->ops[ui->cur]->enter(ui);

	rc = ui_loop(ui, &sigs);

	term_close(ui, scr);
	if (rc < 0) {
		fsb_app_error("the terminal interface failed: %s", strerror(-rc));
		status = FSB_EXIT_FAILED;
	}
	if (ui->exit_signal)
		status = 128 + ui->exit_signal;

out_nocurses:
	fsb_proc_reap_all(2.0);
	fsb_signals_close(&sigs);
	fsb_events_free(ui->events);
	fsb_plan_clear(&ui->plan);
	if (ui->have_run_plan)
		fsb_plan_clear(&ui->run_plan);
	free(ui->results_dir);
	free(ui->open_path);
	free(ui->like_path);
	free(ui);
	return status;
}
