/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui.h — the one entry point of the terminal interface, for the program's
 * dispatcher (src/cli/main.c): `fsbench` without a command.  No curses here,
 * so the dispatcher needs none.
 */
#ifndef FSB_UI_TUI_H
#define FSB_UI_TUI_H

#include "model/app.h"

/* Run the TUI until the user quits; returns the process exit status
 * (FSB_EXIT_*).  Prints its own one-line errors (fsb_app_error) after
 * leaving curses. */
int ui_tui_main(struct fsb_app *app);

#endif
