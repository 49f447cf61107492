/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * frame.h — what the pieces of the TUI's frame share (ui.c, colors.c,
 * help.c, bars.c, loop.c); the screens use ui.h and widgets.h, not this.
 */
#ifndef FSB_UI_FRAME_H
#define FSB_UI_FRAME_H

#include "ui.h"
#include "sys/signals.h"

enum { MIN_COLS = 80, MIN_LINES = 24 };  /* below this: the "too small" notice */

/* The keys every screen answers (ui.c), and a key's entry in a table or NULL. */
extern const struct ui_key ui_global_keys[];
const struct ui_key *ui_find_key(const struct ui_key *table, int key);
/* The answer to "quit during a run?" (ui.c). */
int ui_quit_answer(struct ui_ctx *ui, struct ui_dialog *d, bool yes);

/* colors.c: the role styles for this terminal, after newterm(). */
void ui_colors_init(struct ui_ctx *ui);
/* help.c: the overlay, and its keys while it is shown (flags). */
void ui_draw_help(struct ui_ctx *ui);
int ui_help_key(struct ui_ctx *ui, int key);
/* bars.c */
void ui_draw_title(struct ui_ctx *ui);
void ui_draw_status(struct ui_ctx *ui);
void ui_draw_keybar(struct ui_ctx *ui);
void ui_draw_small(struct ui_ctx *ui);
int ui_small_key(struct ui_ctx *ui, int key);
/* ui.c: everything, in order. */
void ui_draw_all(struct ui_ctx *ui);
/* loop.c: run until a screen or a signal ends it; 0 or -errno. */
int ui_loop(struct ui_ctx *ui, struct fsb_signals *sigs);

#endif
