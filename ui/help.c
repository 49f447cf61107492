/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The help overlay: what the screen is for and every key it and the frame
 * answer, from their key tables.
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

/* ---- the help overlay ---------------------------------------------------------------- */

static void help_lines(struct ui_ctx *ui, int w, struct fsb_strv *out, struct fsb_strv *roles)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];
	const struct ui_key *tables[] = { ops->keys, ops->more_keys, ui_global_keys };
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

void ui_draw_help(struct ui_ctx *ui)
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

int ui_help_key(struct ui_ctx *ui, int key)
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

