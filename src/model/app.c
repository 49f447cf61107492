/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/app.h"

void fsb_app_error(const char *fmt, ...)
{
	va_list ap;

	fputs("fsbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

struct fsb_config *fsb_app_config(struct fsb_app *app)
{
	struct fsb_err err = { 0 };

	if (app->cfg)
		return app->cfg;
	if (fsb_config_load(app->config_path, &app->cfg, &err)) {
		fsb_app_error("%s", err.msg);
		return NULL;
	}
	return app->cfg;
}

char *fsb_app_command_line(const struct fsb_app *app)
{
	struct fsb_buf b = { 0 };

	fsb_buf_add(&b, "fsbench");
	for (int i = 1; i < app->argc; i++) {
		char *q = fsb_shell_quote(app->argv[i]);

		fsb_buf_addf(&b, " %s", q);
		free(q);
	}
	return fsb_buf_steal(&b);
}

void fsb_app_free(struct fsb_app *app)
{
	fsb_config_free(app->cfg);
	app->cfg = NULL;
}
