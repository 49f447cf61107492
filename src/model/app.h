/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * app.h — what every front end of the program shares (the command line in
 * src/cli/ and the TUI in ui/ sit side by side and never call each other):
 * the config, loaded once; the recorded command line; the one-line error
 * "fsbench: …" on stderr; the process exit statuses.
 */
#ifndef FSB_APP_H
#define FSB_APP_H

#include "model/config.h"

enum {
	FSB_EXIT_OK = 0,         /* all went well */
	FSB_EXIT_FAILED = 1,     /* some phase failed; the rest still ran */
	FSB_EXIT_USAGE = 2,      /* bad usage, bad config or result file, or an output
				    (-o, a run's result file, standard output) that
				    cannot be written: a full disk, a missing directory */
	FSB_EXIT_REFUSED = 3,    /* the target was refused */
	/* a run stopped by SIGINT/SIGTERM/SIGHUP exits 128 + the signal */
};

struct fsb_app {
	const char *config_path;     /* --config, or NULL to search */
	struct fsb_config *cfg;      /* loaded on first use by fsb_app_config(); owned */
	int argc;                    /* the whole command line, for results */
	char **argv;
};

/* Print "fsbench: <fmt>" and a newline to stderr. */
void fsb_app_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Load the config once; on failure print the error and return NULL. */
struct fsb_config *fsb_app_config(struct fsb_app *app);
/* The whole command line as one shell-quoted string; caller frees. */
char *fsb_app_command_line(const struct fsb_app *app);
/* Release what the app owns (the config). */
void fsb_app_free(struct fsb_app *app);

#endif
