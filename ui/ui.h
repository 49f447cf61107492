/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ui.h — the terminal interface: one context struct, screens as ops tables,
 * key tables, handler flags and semantic colors.
 *
 * Threads.  The thread that calls ui_tui_main() is the UI thread and the
 * only one that calls curses (ncurses is not thread-safe).  The engine runs
 * in a thread of its own and reaches the UI only through struct fsb_events
 * (src/engine/events.h).  The main loop poll()s stdin, the events eventfd and a
 * signalfd (SIGINT, SIGTERM, SIGHUP, SIGWINCH); it never blocks on the
 * engine.  The one wait is at exit: a running engine is cancelled and its
 * cleanup (unmount, detach, result file) finishes before endwin().
 *
 * Names.  Every function that touches curses starts with ui_; functions
 * that do not (list and text-field logic, building a report view) never do.
 *
 * Screens.  Target → Plan → Confirm → Run, and Browse (r) from Target, Plan
 * and a finished Run.  Esc and q go back one screen — q on Target quits —,
 * Q quits from anywhere (asking first while a run is going), ?/F1 lists
 * every key of the current screen, generated from its key table.
 *
 * Drawing.  A screen draws only through semantic roles (enum ui_role),
 * never raw color pairs; ui.c maps the roles to pairs, or to plain
 * attributes on a monochrome terminal or when NO_COLOR is set.  Every draw
 * repaints the whole screen from the screen's state (curses sends only what
 * changed), so a resize at any moment is one more draw.
 */
#ifndef FSB_UI_H
#define FSB_UI_H

#include <curses.h>
#include <stdbool.h>

#include "model/config.h"
#include "devices/device.h"
#include "engine/engine.h"
#include "engine/events.h"

struct fsb_app;
struct ui_ctx;
struct ui_view;

/* What a handler did; the main loop acts on the bits. */
enum ui_flag {
	UI_HANDLED = 1 << 0,     /* the key, click or event was used */
	UI_REDRAW = 1 << 1,      /* the screen must be drawn again */
	UI_RESIZE = 1 << 2,      /* the geometry changed: clear, then draw */
	UI_BREAK_LOOP = 1 << 3,  /* leave the main loop: the program ends */
};

/* Semantic colors: what a piece of text is, never which color it gets. */
enum ui_role {
	UI_NORMAL,
	UI_TITLE,                /* the title bar */
	UI_TITLE_STEP,           /* a step of the flow in the title bar */
	UI_TITLE_CURRENT,        /* the current step */
	UI_KEY,                  /* a key in the key bar */
	UI_KEYTEXT,              /* what it does */
	UI_STATUS,               /* the status line's hint */
	UI_CURSOR,               /* the highlighted row of a list */
	UI_CURSOR_DIM,           /* the highlighted row of a list without focus */
	UI_DISABLED,             /* greyed out: refused, unavailable */
	UI_REASON,               /* why something is greyed out */
	UI_FRAME,                /* box lines */
	UI_FRAME_FOCUS,          /* the box that has the keyboard */
	UI_HEADING,              /* a section title */
	UI_LABEL,                /* "Size:" */
	UI_VALUE,                /* what follows a label */
	UI_OK,                   /* usable, complete */
	UI_WARNING,              /* a caution */
	UI_ERROR,                /* an error message */
	UI_DANGER,               /* what will be destroyed */
	UI_INPUT,                /* a text field */
	UI_BUTTON,               /* a dialog button */
	UI_BUTTON_FOCUS,         /* the button Enter presses */
	UI_MARK,                 /* a ticked or marked item */
	/* report tables and charts: from enum fsb_cell_flag */
	UI_TABLE_HEADER,
	UI_TABLE_NAME,
	UI_BASELINE,             /* the baseline's row */
	UI_BETTER,               /* ratio < 1: faster than the baseline */
	UI_WORSE,                /* ratio > 1: slower */
	UI_PENDING,              /* not measured yet */
	UI_RUNNING,              /* the cell being measured right now */
	UI_FAILED,
	UI_MISSING,
	UI_DIM,                  /* secondary: the ratios next to seconds, CIs */
	UI_COLUMN,               /* the highlighted column (the chart's phase) */
	UI_BAR,                  /* a chart bar */
	UI_BAR_BASELINE,
	UI_BAR_BETTER,
	UI_BAR_WORSE,
	UI_AXIS,                 /* the chart's axis and the 1.00 mark */
	UI_PROGRESS,             /* the filled part of a progress bar */
	UI_PROGRESS_EMPTY,
	UI_ROLE_COUNT
};

/* The attribute for each role (a color pair and/or A_BOLD …), set by ui.c. */
extern attr_t ui_role_attr[UI_ROLE_COUNT];

enum ui_screen_id {
	UI_SCR_TARGET,
	UI_SCR_PLAN,
	UI_SCR_CONFIRM,
	UI_SCR_RUN,
	UI_SCR_BROWSE,
	UI_SCR_COUNT
};

struct ui_rect {
	int y, x, h, w;
};

/* One row of a screen's key table: dispatch, key bar and help overlay. */
struct ui_key {
	int keys[4];             /* the keys that do it; unused entries are 0 */
	const char *name;        /* how the help overlay spells them: "Space", "Up k" */
	const char *bar;         /* its label in the key bar, or NULL: only in the help */
	const char *help;        /* what it does, one line */
	int (*fn)(struct ui_ctx *ui, int key);  /* returns enum ui_flag bits; NULL: handled by
						   the screen's key hook, listed for the help only */
	bool (*when)(struct ui_ctx *ui);        /* in the key bar only while this is true; NULL = always */
};

struct ui_screen_ops {
	const char *name;                       /* "Target": the title bar's step */
	const char *about;                      /* what the screen is for: the help overlay's first lines */
	const struct ui_key *keys;              /* key table, ends with an entry whose name is NULL */
	const struct ui_key *more_keys;         /* keys its key hook handles (the report view): the help
						   lists them, the key bar adds their labels after its own */
	struct ui_view *(*view)(struct ui_ctx *ui);  /* the report view it shows now, or NULL (the
						   when of more_keys' labels asks it); NULL = none */
	void *(*init)(struct ui_ctx *ui);       /* allocate the screen's state, once at start-up */
	void (*fini)(struct ui_ctx *ui);        /* free it, once at exit */
	int (*enter)(struct ui_ctx *ui);        /* it became the current screen; flags */
	void (*leave)(struct ui_ctx *ui);       /* another screen takes over (may be NULL) */
	void (*draw)(struct ui_ctx *ui, const struct ui_rect *body);  /* draw the body area */
	int (*key)(struct ui_ctx *ui, int key); /* before the key table (text fields); NULL = none */
	int (*mouse)(struct ui_ctx *ui, const MEVENT *m, const struct ui_rect *body);  /* NULL = none */
	int (*event)(struct ui_ctx *ui, struct fsb_event *ev);  /* engine events, whichever screen is
								   current; may take ev->result */
	int (*tick)(struct ui_ctx *ui);         /* the slow timer (ui->tick_ms), current screen only */
	const char *(*brief)(struct ui_ctx *ui);  /* one line for the "too small" notice, or NULL */
	int (*start)(struct ui_ctx *ui);        /* begin its work before it is switched to (the run
						   screen: the engine on ui->run_plan): 0, or -1 with
						   the reason in ui->msg; NULL = nothing to start */
};

/* A text field. */
struct ui_input {
	char buf[512];
	size_t len, pos;         /* bytes */
};

/* A modal dialog: a question with buttons, or a small form. */
enum ui_dialog_kind {
	UI_DIALOG_NONE,
	UI_DIALOG_ASK,           /* text and two buttons; the default is the second one, No */
	UI_DIALOG_FORM,          /* text fields; Enter accepts, Esc cancels */
};

#define UI_DIALOG_FIELDS 3

struct ui_dialog {
	enum ui_dialog_kind kind;
	char title[128];
	struct fsb_strv text;    /* the body, one line each (wrapped to the box) */
	enum ui_role frame;      /* UI_FRAME, or UI_DANGER for destructive questions */
	const char *yes, *no;    /* button labels */
	bool yes_focused;        /* false: Enter answers no */
	const char *labels[UI_DIALOG_FIELDS];
	struct ui_input fields[UI_DIALOG_FIELDS];
	int nfields, field;      /* forms: the fields and the one being edited */
	char error[256];         /* forms: why the input was not accepted */
	/* Called once with the answer (forms: ok on Enter).  A form stays open
	 * when it sets d->error; otherwise the dialog closes.  Returns flags. */
	int (*done)(struct ui_ctx *ui, struct ui_dialog *d, bool ok);
	struct ui_rect buttons[2];   /* where the buttons were drawn, for clicks */
	int top;                 /* the first line of the wrapped text shown */
	int lines, shown;        /* its lines, and how many the box showed, as last drawn */
};

/* Where a key bar entry was drawn, for clicks. */
struct ui_hit {
	int x0, x1, key;
};

struct ui_ctx {
	struct fsb_app *app;
	const struct fsb_config *cfg;
	bool utf8;               /* the locale is UTF-8: eighth blocks, box symbols */
	bool color;              /* colors in use (no NO_COLOR, terminal has them) */
	bool too_small;          /* below 80×24: only the notice is drawn */
	int quit_armed;          /* too small: Q pressed once during a run */

	enum ui_screen_id cur;   /* the current screen */
	enum ui_screen_id back[UI_SCR_COUNT * 2];  /* where Esc/q return to */
	int nback;
	const struct ui_screen_ops *ops[UI_SCR_COUNT];
	void *state[UI_SCR_COUNT];   /* each screen's own state (ops->init) */

	/* what the user is putting together */
	struct fsb_plan plan;    /* the plan screen's choices, target included */
	struct fsb_plan run_plan;    /* validated copy the confirm and run screens use */
	bool have_run_plan;
	char *results_dir;
	char *open_path;         /* the browse screen opens this file on entry, then NULL */
	char *like_path;         /* "run this plan here": the result whose plan the target
				    screen leads to the confirmation with (ui_like_next), or NULL */

	/* the run */
	struct fsb_events *events;
	struct fsb_engine *engine;   /* NULL when no run was started */
	bool running;            /* started and no FSB_EV_DONE yet */
	bool quitting;           /* quit once the engine is done */
	int exit_signal;         /* a signal ended the program: exit 128 + it */

	/* loop */
	int tick_ms;             /* the current screen's slow timer, 0 = none */
	bool help;               /* the help overlay is shown */
	int help_scroll;
	struct ui_dialog dlg;
	unsigned dlg_gen;         /* bumps whenever a dialog opens or closes */
	char msg[512];           /* the status line's message until the next key */
	enum ui_role msg_role;
	const char *hint;        /* the status line when there is no message (set while drawing) */
	char hintbuf[512];
	int cursor_y, cursor_x;  /* where the terminal cursor goes (a text field), -1 = hidden */
	struct ui_hit hits[24];  /* the key bar, for clicks */
	int nhits;
};

/* The screens (ui/scr_*.c). */
extern const struct ui_screen_ops ui_scr_target, ui_scr_plan, ui_scr_confirm, ui_scr_run, ui_scr_browse;

/* Make id the current screen; back = true remembers the current one for
 * Esc/q.  Returns flags. */
int ui_switch(struct ui_ctx *ui, enum ui_screen_id id, bool back);
/* Hand plan p (owned: moved or cleared) to the confirm screen: validated,
 * it becomes ui->run_plan and the confirm screen opens; otherwise why (or,
 * when NULL, the validation's error) is shown and p is cleared.  Returns
 * flags.  The plan screen and the browser's "run this plan here" both go
 * this way. */
int ui_confirm_plan(struct ui_ctx *ui, struct fsb_plan *p, const char *why);
/* Return to the screen before (q/Esc); on the first screen, quit. */
int ui_back(struct ui_ctx *ui);
/* Ask (once) whether to quit, cancelling a run; flags. */
int ui_quit(struct ui_ctx *ui);

/* The status line: a message until the next key (printf-style). */
void ui_message(struct ui_ctx *ui, enum ui_role role, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The status line's hint for this draw (printf-style). */
void ui_hint(struct ui_ctx *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A screen's state (ops->init's result). */
static inline void *ui_state(struct ui_ctx *ui, enum ui_screen_id id)
{
	return ui->state[id];
}

/*
 * "Run this plan here" (ui/like.c, engine/like.h).  ui_like_pick: Browse's
 * key on a result — what this machine cannot repeat in a dialog, else the
 * plan remembered (ui->like_path) and the target screen next.  ui_like_next:
 * what the target screen does once a target is set — the plan screen, or
 * with a result's plan the confirmation (its checks and question as ever).
 * ui_like_clear: a run started, or Browse entered again.  Flags.
 */
int ui_like_pick(struct ui_ctx *ui, const char *path);
int ui_like_next(struct ui_ctx *ui);
void ui_like_clear(struct ui_ctx *ui);

/* Copy a plan (the engine keeps its own copy too). */

#endif
