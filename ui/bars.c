/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The frame's bars — title, status line, key bar — and the notice shown
 * instead of a screen when the terminal is too small.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "engine/targetcheck.h"
#include "frame.h"
#include "widgets.h"

/* ---- bars ------------------------------------------------------------------------------ */

void ui_draw_title(struct ui_ctx *ui)
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
		struct fsb_plan_reqs r;
		const char *right;
		int w;

		/* no formatted target can run: this process is not root */
		fsb_target_reqs(FSB_TARGET_DEVICE, &r);
		right = ui->running ? (ui->quitting ? "cancelling… " : "running ") : !r.can_run ? "not root " : "";
		w = (int)fsb_text_width(fsb_text_display(right, ui->utf8));

		if (*right && COLS - w > x + 40)
			ui_putd(ui, 0, COLS - w, w, ui->running ? UI_TITLE_CURRENT : UI_TITLE, right);
	}
}

void ui_draw_status(struct ui_ctx *ui)
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

void ui_draw_keybar(struct ui_ctx *ui)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	const struct ui_key *tables[] = { ops->keys, ops->more_keys };
	int x = 0;
	bool q = false;

	ui->nhits = 0;
	ui_fill(LINES - 1, 0, COLS, UI_NORMAL);
	if (ui->help || ui->dlg.kind != UI_DIALOG_NONE)
		return;
	for (size_t t = 0; t < FSB_ARRAY_SIZE(tables); t++)
		for (const struct ui_key *k = tables[t]; k && k->name; k++) {
			char label[64];

			if (!k->bar || (k->when && !k->when(ui)))
				continue;
			snprintf(label, sizeof(label), "%s", k->bar);
			x = bar_entry(ui, x, k, label);
			if (k->keys[0] == 'q' || k->keys[0] == 27)
				q = true;
		}
	x = bar_entry(ui, x, &ui_global_keys[0], ui_global_keys[0].bar);
	if (!q)
		bar_entry(ui, x, &ui_global_keys[1], ui->nback ? "Back" : "Quit");
}

/* ---- terminal too small ---------------------------------------------------------------- */

void ui_draw_small(struct ui_ctx *ui)
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

int ui_small_key(struct ui_ctx *ui, int key)
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
	return ui_quit_answer(ui, NULL, true);
}

