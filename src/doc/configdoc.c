/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * configdoc.c — the config's lists as tables: each column declared once,
 * with where it shows; where the text and JSON say one fact differently
 * (the text's "(default)" after a description, JSON's "default": true)
 * each has its column, filled from the same value here.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "devices/fs.h"
#include "doc/configdoc.h"
#include "model/prereq.h"

#define TJ (FSB_COL_TEXT | FSB_COL_JSON)

static const struct fsb_col_def fs_cols[] = {
	{ "name",        NULL, TJ,           FSB_COL_STR,  16, NULL },
	{ "type",        NULL, TJ,           FSB_COL_STR,  9,  NULL },
	{ "description", NULL, FSB_COL_JSON, FSB_COL_STR,  0,  NULL },
	{ "available",   NULL, FSB_COL_JSON, FSB_COL_BOOL, 0,  NULL },
	{ "status",      NULL, FSB_COL_TEXT, FSB_COL_STR,  11, NULL },
	{ "about",       NULL, FSB_COL_TEXT, FSB_COL_STR,  0,  NULL },
	{ "reason",      NULL, FSB_COL_JSON, FSB_COL_STR,  0,  NULL },
	{ "tool",        NULL, FSB_COL_JSON, FSB_COL_STR,  0,  NULL },
	{ "package",     NULL, FSB_COL_JSON, FSB_COL_STR,  0,  NULL },
}, phase_cols[] = {
	{ "name",     "name",     TJ,           FSB_COL_STR,  12, NULL },
	{ "group",    "group",    TJ,           FSB_COL_STR,  8,  NULL },
	{ "kind",     "kind",     TJ,           FSB_COL_STR,  8,  NULL },
	{ "requires", "requires", TJ,           FSB_COL_ALTS, 12, "-" },
	{ "label",    NULL,       FSB_COL_JSON, FSB_COL_STR,  0,  NULL },
	{ "about",    "label",    FSB_COL_TEXT, FSB_COL_STR,  0,  NULL },
	{ "empties",  NULL,       FSB_COL_JSON, FSB_COL_BOOL, 0,  NULL },
}, profile_cols[] = {
	{ "name",        NULL, TJ,           FSB_COL_STR,  10, NULL },
	{ "description", NULL, FSB_COL_JSON, FSB_COL_STR,  0,  NULL },
	{ "about",       NULL, FSB_COL_TEXT, FSB_COL_STR,  0,  NULL },
	{ "default",     NULL, FSB_COL_JSON, FSB_COL_BOOL, 0,  NULL },
};

static const struct {
	const char *name;
	const struct fsb_col_def *cols;
	size_t ncols;
} lists[FSB_CONFIGDOC_COUNT] = {
	[FSB_CONFIGDOC_FILESYSTEMS] = { "filesystems", fs_cols, FSB_ARRAY_SIZE(fs_cols) },
	[FSB_CONFIGDOC_PHASES] = { "phases", phase_cols, FSB_ARRAY_SIZE(phase_cols) },
	[FSB_CONFIGDOC_PROFILES] = { "profiles", profile_cols, FSB_ARRAY_SIZE(profile_cols) },
};

const char *fsb_configdoc_name(enum fsb_configdoc_list which)
{
	return which < FSB_CONFIGDOC_COUNT ? lists[which].name : NULL;
}

/* Row r's cell of column id: text s, or missing (JSON null) when s is NULL. */
static void put(struct fsb_table *t, size_t r, const char *id, const char *s)
{
	fsb_table_set(t, r, (size_t)fsb_table_find_col(t, id), s ? 0 : FSB_CELL_MISSING, NAN, "%s", s ? s : "");
}

static void put_bool(struct fsb_table *t, size_t r, const char *id, bool v)
{
	fsb_table_set(t, r, (size_t)fsb_table_find_col(t, id), 0, v, "%s", v ? "yes" : "no");
}

static void fs_rows(const struct fsb_config *cfg, struct fsb_table *t)
{
	for (size_t i = 0; i < cfg->nfs; i++) {
		const struct fsb_fs_profile *p = cfg->fs[i];
		struct fsb_err why = { 0 };
		int rc = fsb_fs_available(p, &why);

		fsb_table_key_row(t, i, p->name);
		put(t, i, "name", p->name);
		put(t, i, "type", p->type);
		put(t, i, "description", p->description);
		put_bool(t, i, "available", !rc);
		put(t, i, "status", rc ? "unavailable" : "available");
		put(t, i, "about", rc ? why.msg : p->description);
		put(t, i, "reason", rc ? why.msg : NULL);
		put(t, i, "tool", p->tool && *p->tool ? p->tool : NULL);
		put(t, i, "package", p->package && *p->package ? p->package : NULL);
	}
}

static void phase_rows(const struct fsb_config *cfg, struct fsb_table *t)
{
	for (size_t i = 0; i < cfg->nphases; i++) {
		const struct fsb_phase_def *p = cfg->phases[i];
		char *after = fsb_prereq_text(p);

		fsb_table_key_row(t, i, p->name);
		put(t, i, "name", p->name);
		put(t, i, "group", p->group);
		put(t, i, "kind", fsb_phase_kind_word(p->kind));
		put(t, i, "requires", after);
		put(t, i, "label", p->label);
		fsb_table_set(t, i, (size_t)fsb_table_find_col(t, "about"), 0, NAN, "%s%s", p->label,
			      p->empties ? " (empties the filesystem)" : "");
		put_bool(t, i, "empties", p->empties);
		free(after);
	}
}

static void profile_rows(const struct fsb_config *cfg, struct fsb_table *t)
{
	for (size_t i = 0; i < cfg->nprofiles; i++) {
		const struct fsb_size_profile *p = cfg->profiles[i];
		bool def = strcmp(p->name, cfg->defaults.profile) == 0;

		fsb_table_key_row(t, i, p->name);
		put(t, i, "name", p->name);
		put(t, i, "description", p->description);
		fsb_table_set(t, i, (size_t)fsb_table_find_col(t, "about"), 0, NAN, "%s%s", p->description,
			      def ? " (default)" : "");
		put_bool(t, i, "default", def);
	}
}

void fsb_configdoc_table(const struct fsb_config *cfg, enum fsb_configdoc_list which, struct fsb_table *t)
{
	size_t n = which == FSB_CONFIGDOC_FILESYSTEMS ? cfg->nfs
		 : which == FSB_CONFIGDOC_PHASES ? cfg->nphases : cfg->nprofiles;

	fsb_table_init_list(t, lists[which].name, lists[which].cols, lists[which].ncols, n);
	switch (which) {
	case FSB_CONFIGDOC_FILESYSTEMS:
		t->title = fsb_xasprintf("Filesystems (%s)", cfg->path);
		fs_rows(cfg, t);
		break;
	case FSB_CONFIGDOC_PHASES:
		t->title = fsb_xstrdup("Phases");
		phase_rows(cfg, t);
		break;
	default:
		t->title = fsb_xstrdup("Size profiles");
		profile_rows(cfg, t);
		break;
	}
}
