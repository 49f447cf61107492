/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The TUI's semantic colors: one style per role (ui.h), chosen by what
 * the terminal can show.
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

void ui_colors_init(struct ui_ctx *ui)
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

