/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * "Run this plan here" (ui.h): Browse picks a result, Target picks where,
 * and the plan of the result (engine/like.h) goes straight to the
 * confirmation — which still asks for the device's name — instead of the
 * plan screen, whose ticks would make another plan of it.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/like.h"
#include "engine/planargs.h"
#include "engine/targetcheck.h"
#include "widgets.h"

static int closed(struct ui_ctx *ui, struct ui_dialog *d, bool ok)
{
	(void)ui;
	(void)d;
	(void)ok;
	return UI_REDRAW;
}

/* The plan of the result at path into *p (caller clears it), on ui->plan's
 * target once it is chosen (final), else on an image (what a directory or
 * a device lacks is said when one is chosen): 0, or -1 after a dialog
 * listing what is missing here. */
static int like(struct ui_ctx *ui, const char *path, bool final, struct fsb_plan *p, struct fsb_strv *notes)
{
	struct fsb_strv missing = { 0 };
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };
	int rc = 0;

	fsb_plan_copy(p, &ui->plan);
	if (!final)
		p->target = FSB_TARGET_IMAGE;
	if (fsb_result_read(path, &res, &err)) {
		ui_message(ui, UI_ERROR, "%s", err.msg);
		return -1;
	}
	if (fsb_plan_like(p, res, &missing, notes)) {
		struct ui_dialog *d = dialog_ask(ui, UI_ERROR, "This plan cannot be repeated here", NULL, "Close", closed);

		dialog_line(d, "%s:", path);
		for (size_t i = 0; i < missing.n; i++) {
			char *v = fsb_xstr_visible(missing.v[i]);	/* the file's words, made safe */

			dialog_line(d, "- %s", v);
			free(v);
		}
		dialog_line(d, "Nothing was made.");
		rc = -1;
	}
	fsb_strv_free(&missing);
	fsb_result_free(res);
	return rc;
}

int ui_like_pick(struct ui_ctx *ui, const char *path)
{
	struct fsb_strv notes = { 0 };
	struct fsb_plan p;
	int rc = like(ui, path, false, &p, &notes);

	if (rc == 0) {
		const char *slash = strrchr(path, '/');

		free(ui->like_path);
		ui->like_path = fsb_xstrdup(path);
		ui_message(ui, UI_STATUS, "the plan of %s: %zu filesystem%s × %zu phase%s, profile %s; pick where it "
			   "runs, the confirmation follows%s%s", slash ? slash + 1 : path, p.fs.n, p.fs.n == 1 ? "" : "s", p.phases.n,
			   p.phases.n == 1 ? "" : "s", p.profile, notes.n ? "; " : "", notes.n ? notes.v[0] : "");
	}
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);
	return rc == 0 ? UI_REDRAW | ui_switch(ui, UI_SCR_TARGET, true) : UI_REDRAW;
}

int ui_like_next(struct ui_ctx *ui)
{
	struct fsb_strv notes = { 0 };
	struct fsb_plan_reqs reqs;
	struct fsb_plan p;
	char *line, why[160];

	if (!ui->like_path)
		return ui_switch(ui, UI_SCR_PLAN, true);
	/* again on the target now chosen: a journal device, a directory */
	if (like(ui, ui->like_path, true, &p, &notes)) {
		fsb_plan_clear(&p);
		fsb_strv_free(&notes);
		return UI_REDRAW;
	}
	fsb_strv_free(&notes);
	fsb_plan_reqs(&p, &reqs);
	free(p.output);
	p.output = NULL;
	line = fsb_plan_command_line(&p);
	free(p.command_line);
	p.command_line = fsb_xasprintf("%s   # from the fsbench TUI, the plan of %s", line, ui->like_path);
	free(line);
	snprintf(why, sizeof(why), "formatting needs root (%s): restart fsbench with sudo", reqs.why_root);
	return ui_confirm_plan(ui, &p, reqs.can_run ? NULL : why);
}

void ui_like_clear(struct ui_ctx *ui)
{
	free(ui->like_path);
	ui->like_path = NULL;
}
