/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The main loop: poll on stdin, the engine's eventfd and the signalfd;
 * keys and mouse through the screens' key tables, resize, signals, events.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "frame.h"
#include "widgets.h"
#include "sys/signals.h"


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
		return ui_small_key(ui, key);
	if (key == KEY_MOUSE)
		return ui_mouse(ui) | UI_REDRAW;
	/* a message lasts until the next key */
	flags = ui->msg[0] ? UI_REDRAW : 0;
	ui->msg[0] = '\0';
	if (ui->help)
		return flags | ui_help_key(ui, key);
	if (ui->dlg.kind != UI_DIALOG_NONE)
		return flags | dialog_key(ui, key);
	if (ops->key) {
		int f = ops->key(ui, key);

		if (f)
			return flags | f;
	}
	k = ui_find_key(ops->keys, key);
	if (!k)
		k = ui_find_key(ui_global_keys, key);
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
			if (ui->dlg.kind == UI_DIALOG_ASK && ui->dlg.done == ui_quit_answer) {
				dialog_close(ui);
				flags |= ui_quit_answer(ui, NULL, true);
			} else if (ui->too_small) {
				flags |= ui_small_key(ui, 'Q');
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

int ui_loop(struct ui_ctx *ui, struct fsb_signals *sigs)
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


