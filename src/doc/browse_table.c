/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The list of result files (model/browse.h) as one list table, its text
 * columns and its JSON fields declared once: `fsbench list-results` walks
 * it for its text and its JSON, and its text view is the report table the
 * TUI's browse screen draws with the same widgets as every other table. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "model/browse.h"

/* The flags of column c of e's row. */
static unsigned col_flags(const struct fsb_browse_entry *e, enum fsb_browse_col c)
{
	switch (c) {
	case FSB_BROWSE_DATE:
		return FSB_CELL_NAME;
	case FSB_BROWSE_STATUS:
		if (!e->readable || e->status == FSB_RESULT_FAILED)
			return FSB_CELL_FAILED;
		if (e->status == FSB_RESULT_INTERRUPTED)
			return FSB_CELL_MISSING;
		return e->status == FSB_RESULT_RUNNING ? FSB_CELL_PENDING : 0;
	case FSB_BROWSE_TARGET:
		return e->readable ? 0 : FSB_CELL_DIM;
	case FSB_BROWSE_PHASES:
		return FSB_CELL_DIM;
	case FSB_BROWSE_AGED:
		/* "yes" stands out of a column of "no" */
		return e->aged ? 0 : FSB_CELL_DIM;
	default:
		return 0;
	}
}

#define T FSB_COL_TEXT
#define J FSB_COL_JSON

/* The entry's strings a readable file's JSON gives as they are (null when
 * empty), and its lists ("a, b": arrays), each named once. */
#define ENTRY_STRS(X) X(profile) X(title) X(tool) X(started) X(finished) X(target) X(host) X(kernel) \
	X(cpu) X(workload) X(command)
#define ENTRY_LISTS(X) X(filesystems) X(phases)
#define ENTRY_OFF(f) { #f, offsetof(struct fsb_browse_entry, f) },
static const struct {
	const char *id;
	size_t off;
} entry_strs[] = { ENTRY_STRS(ENTRY_OFF) ENTRY_LISTS(ENTRY_OFF) };

#define STR_COL(f) { #f, NULL, J, FSB_COL_STR, 0, NULL },
#define LIST_COL(f) { #f, NULL, J, FSB_COL_LIST, 0, NULL },

/* The list's columns: the text's in the order above, keyed *_text where
 * JSON says the fact apart (JSON's status is null for a file that could
 * not be read, the text's says "unreadable"); JSON's in doc/json.md's order. */
static const struct fsb_col_def list_cols[] = {
	{ "file",             "File",        J,     FSB_COL_STR,  0, NULL },
	{ "readable",         NULL,          J,     FSB_COL_BOOL, 0, NULL },
	{ "error",            NULL,          J,     FSB_COL_STR,  0, NULL },
	{ "date",             "Date",        T | J, FSB_COL_STR,  0, NULL },
	{ "status_text",      "Status",      T,     FSB_COL_STR,  0, NULL },
	{ "when",             NULL,          J,     FSB_COL_INT,  0, NULL },
	{ "status",           NULL,          J,     FSB_COL_STR,  0, NULL },
	{ "profile_text",     "Profile",     T,     FSB_COL_STR,  0, NULL },
	{ "aged_text",        "Aged",        T,     FSB_COL_STR,  0, NULL },
	{ "target_text",      "Target",      T,     FSB_COL_STR,  0, NULL },
	{ "filesystems_text", "Filesystems", T,     FSB_COL_STR,  0, NULL },
	{ "phases_text",      "Phases",      T,     FSB_COL_STR,  0, NULL },
	ENTRY_STRS(STR_COL)
	ENTRY_LISTS(LIST_COL)
	{ "aged",             NULL,          J,     FSB_COL_BOOL, 0, NULL },
	{ "repeat",           NULL,          J,     FSB_COL_INT,  0, NULL },
	{ "log",              NULL,          J,     FSB_COL_STR,  0, NULL },
};

/* The file, then the text columns by what they show (model/browse.h's
 * order: list-results --tsv's). */
static const char *const tsv_ids[1 + FSB_BROWSE_NCOLS] = {
	"file",
	[1 + FSB_BROWSE_DATE] = "date", [1 + FSB_BROWSE_STATUS] = "status_text",
	[1 + FSB_BROWSE_PROFILE] = "profile_text", [1 + FSB_BROWSE_AGED] = "aged_text",
	[1 + FSB_BROWSE_TARGET] = "target_text", [1 + FSB_BROWSE_FS] = "filesystems_text",
	[1 + FSB_BROWSE_PHASES] = "phases_text",
};
static const char *const *const text_ids = tsv_ids + 1;

const char *const *fsb_report_browse_tsv_cols(size_t *n)
{
	*n = FSB_ARRAY_SIZE(tsv_ids);
	return tsv_ids;
}

/* Row r's cell of column id: s with flags (NULL: missing, JSON's null), value v. */
static void put(struct fsb_table *t, size_t r, const char *id, unsigned flags, double v, const char *s)
{
	fsb_table_set(t, r, (size_t)fsb_table_find_col(t, id), flags | (s ? 0 : FSB_CELL_MISSING), v, "%s",
		      s ? s : "");
}

/* Row r's JSON columns: entry e as doc/json.md gives it. */
static void list_json(struct fsb_table *t, size_t r, const struct fsb_browse_entry *e)
{
	unsigned absent = e->readable ? 0 : FSB_CELL_ABSENT;

	put(t, r, "file", 0, NAN, e->path);
	put(t, r, "readable", 0, e->readable, e->readable ? "yes" : "no");
	put(t, r, "error", 0, NAN, e->readable ? NULL : e->error ? e->error : "");
	fsb_table_set(t, r, (size_t)fsb_table_find_col(t, "when"), 0, (double)e->when, "%lld", (long long)e->when);
	put(t, r, "status", 0, NAN, e->readable ? fsb_result_status_name(e->status) : NULL);
	for (size_t k = 0; k < FSB_ARRAY_SIZE(entry_strs); k++) {
		const char *s = *(char *const *)((const char *)e + entry_strs[k].off);

		put(t, r, entry_strs[k].id, absent, NAN, s && *s ? s : NULL);
	}
	put(t, r, "aged", absent, e->aged, e->aged ? "yes" : "no");
	fsb_table_set(t, r, (size_t)fsb_table_find_col(t, "repeat"), absent, (double)e->repeat, "%ld", e->repeat);
	put(t, r, "log", 0, NAN, e->log);
}

/* Row r: entry e; its JSON columns too when json (the TUI's table has no
 * use for them, and a filter rebuilds it for 10,000 files). */
static void list_row(struct fsb_table *t, size_t r, const struct fsb_browse_entry *e, bool json)
{
	char *col[FSB_BROWSE_NCOLS];

	fsb_browse_row(e, col);
	fsb_table_key_row(t, r, e->path);
	for (size_t c = 0; c < FSB_BROWSE_NCOLS; c++)
		fsb_table_set(t, r, (size_t)fsb_table_find_col(t, text_ids[c]), col_flags(e, (enum fsb_browse_col)c),
			      NAN, "%s", col[c] ? col[c] : "");
	for (size_t c = 0; c < FSB_BROWSE_NCOLS; c++)
		free(col[c]);
	if (json)
		list_json(t, r, e);
}

static void browse_list(const struct fsb_browse *b, const size_t *idx, size_t n, bool json, struct fsb_table *t)
{
	fsb_table_init_list(t, "browse", list_cols, FSB_ARRAY_SIZE(list_cols), n);
	t->title = fsb_xstrdup("Result files");
	t->caption = fsb_xasprintf("%s, newest first", b->dir ? b->dir : "results");
	for (size_t r = 0; r < n; r++)
		list_row(t, r, &b->v[idx[r]], json);
}

void fsb_report_browse_list(const struct fsb_browse *b, const size_t *idx, size_t n, struct fsb_table *t)
{
	browse_list(b, idx, n, true, t);
}

void fsb_report_browse(const struct fsb_browse *b, const size_t *idx, size_t n, struct fsb_table *t)
{
	struct fsb_table list;

	browse_list(b, idx, n, false, &list);
	fsb_table_text_view(&list, t);
	fsb_table_free(&list);
}
