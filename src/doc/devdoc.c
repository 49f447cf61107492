/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A block device as a document: the blocks of devdoc.h, the device list,
 * and a device as `devices --json` writes it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "doc/devdoc.h"
#include "doc/json.h"
#include "model/opts.h"

/* one value, made visible: it may come from the disk */
static void put(struct fsb_block *b, const char *key, const char *value)
{
	char *v;

	if (!value)
		return;
	v = fsb_xstr_visible(value);
	fsb_strv_add(&fsb_block_kv_add(b, key)->values, v);
	free(v);
}

static void put_list(struct fsb_block *b, const char *key, const struct fsb_strv *sv)
{
	struct fsb_kv *e;

	if (!sv->n)
		return;
	e = fsb_block_kv_add(b, key);
	e->list = true;
	for (size_t i = 0; i < sv->n; i++) {
		char *v = fsb_xstr_visible(sv->v[i]);

		fsb_strv_add(&e->values, v);
		free(v);
	}
}

static void heading(const struct fsb_device *d, struct fsb_doc *doc)
{
	struct fsb_block *b = fsb_doc_add(doc, FSB_BLOCK_HEADING, FSB_ROLE_DEVICE);
	struct fsb_buf t = { 0 };
	char *vis;

	if (d->given && d->path && strcmp(d->given, d->path) != 0)
		fsb_buf_addf(&t, "%s -> %s", d->given, d->path);
	else
		fsb_buf_addf(&t, "%s", d->path ? d->path : d->given);
	if (d->devno)
		fsb_buf_addf(&t, " (%s)", d->majmin);
	fsb_buf_addf(&t, ": %s", d->verdict == FSB_DEVICE_USABLE ? "usable" : "refused");
	vis = fsb_xstr_visible(t.s);
	b->text = vis;
	b->level = 2;
	fsb_buf_free(&t);
}

static void put_pair(struct fsb_kv *e, const char *key, const char *value)
{
	char *kv = fsb_xasprintf("%s=%s", key, value), *vis = fsb_xstr_visible(kv);

	fsb_strv_add(&e->values, vis);
	free(vis);
	free(kv);
}

/* wipefs's OFFSET TYPE UUID LABEL first, then whatever else libblkid said */
static void signature(struct fsb_block *b, const struct fsb_device_sig *g)
{
	static const char *const first[] = { "UUID", "LABEL", "USAGE" };
	char off[32];
	struct fsb_kv *e;

	snprintf(off, sizeof(off), "0x%llx", g->offset);
	e = fsb_block_kv_add(b, off);
	if (!g->keys.n)
		return;
	put_pair(e, g->keys.v[0], g->values.v[0]);
	for (size_t f = 0; f < FSB_ARRAY_SIZE(first); f++)
		if (fsb_device_sig_get(g, first[f]))
			put_pair(e, first[f], fsb_device_sig_get(g, first[f]));
	for (size_t k = 1; k < g->keys.n; k++) {
		bool shown = false;

		for (size_t f = 0; f < FSB_ARRAY_SIZE(first); f++)
			shown |= strcmp(g->keys.v[k], first[f]) == 0;
		if (!shown)
			put_pair(e, g->keys.v[k], g->values.v[k]);
	}
}

void fsb_doc_device(const struct fsb_device *d, struct fsb_doc *doc)
{
	struct fsb_block *b;

	heading(d, doc);
	b = fsb_doc_add(doc, FSB_BLOCK_KV, FSB_ROLE_DEVICE_FACTS);
	if (d->devno) {
		struct fsb_strv keys = { 0 }, facts = { 0 };

		fsb_device_facts_keyed(d, &keys, &facts);
		for (size_t i = 0; i < facts.n; i++)
			put(b, keys.v[i], facts.v[i]);
		fsb_strv_free(&keys);
		fsb_strv_free(&facts);
	}
	b = fsb_doc_add(doc, FSB_BLOCK_KV, FSB_ROLE_DEVICE_VERDICT);
	put_list(b, FSB_DEVDOC_REFUSED, &d->reasons);
	put_list(b, FSB_DEVDOC_DOUBTS, &d->doubts);
	put_list(b, FSB_DEVDOC_PASSED, &d->passed);
	b = fsb_doc_add(doc, FSB_BLOCK_KV, FSB_ROLE_DEVICE_CONTENT);
	put(b, FSB_DEVDOC_TYPE, d->fstype);
	put(b, FSB_DEVDOC_LABEL, d->label);
	put(b, FSB_DEVDOC_UUID, d->uuid);
	put(b, FSB_DEVDOC_PTTYPE, d->pttype);
	put_list(b, FSB_DEVDOC_MOUNTED, &d->mountpoints);
	put_list(b, FSB_DEVDOC_HOLDERS, &d->holders);
	put(b, FSB_DEVDOC_PROBE, d->probe_error);
	if (d->ambiguous) {
		struct fsb_strv types = { 0 };

		for (size_t i = 0; i < d->nsigs; i++)
			if (d->sigs[i].values.n)
				fsb_strv_add(&types, d->sigs[i].values.v[0]);
		if (!types.n)
			fsb_strv_add(&types, "?");
		put_list(b, FSB_DEVDOC_AMBIGUOUS, &types);
		fsb_strv_free(&types);
	}
	b = fsb_doc_add(doc, FSB_BLOCK_KV, FSB_ROLE_DEVICE_SIGS);
	for (size_t i = 0; i < d->nsigs; i++)
		signature(b, &d->sigs[i]);
}

char *fsb_devdoc_join(const struct fsb_doc *doc, enum fsb_block_role role, const char *key, const char *sep)
{
	const struct fsb_kv *e = fsb_block_kv(fsb_doc_find(doc, role), key);

	return e ? fsb_strv_join(&e->values, sep) : NULL;
}

char *fsb_devdoc_facts_line(const struct fsb_doc *doc)
{
	const struct fsb_block *b = fsb_doc_find(doc, FSB_ROLE_DEVICE_FACTS);
	struct fsb_buf t = { 0 };

	for (size_t i = 0; b && i < b->nkv; i++)
		fsb_buf_addf(&t, "%s%s", i ? ", " : "", b->kv[i].values.v[0]);
	return t.s;
}

char *fsb_devdoc_holds(const struct fsb_device *d)
{
	char size[32];
	char *mp = d->mountpoints.n ? fsb_strv_join(&d->mountpoints, ", ") : NULL;
	char *t = fsb_xasprintf("%s  %s  %s%s%s%s%s%s", d->path, fsb_format_size(d->size, size, sizeof(size)),
				d->fstype ? d->fstype : "no filesystem signature", d->label ? " \"" : "",
				d->label ? d->label : "", d->label ? "\"" : "", mp ? "  mounted on " : "", mp ? mp : "");
	char *vis = fsb_xstr_visible(t);

	free(t);
	free(mp);
	return vis;
}

/* ---- the device list ----------------------------------------------------------------- */

struct listcol {
	const char *head;
	int width, wide;         /* columns, and on a row of WIDE columns or more; 0: the rest */
	bool number;             /* right-aligned */
	bool cut;                /* cut to its width with "~" (the text layout's fixed columns) */
	bool path;               /* cut at its start instead (the screen) */
};

#define WIDE 118
#define REST_MIN 8
#define TEXT_ID "devices"
#define SCREEN_ID "devices:screen"

enum { C_NAME, C_MAJMIN, C_SIZE, C_KIND, C_CONTENT, C_FSTYPE, C_LABEL, C_MOUNT, C_VERDICT };

/* what each layout shows (the C_* it draws), and how */
static const struct {
	int what;
	struct listcol col;
} text_cols[] = {
	/* what        head            width wide number cut    path */
	{ C_NAME,    { "DEVICE",       16, 16, false, false, false } },
	{ C_MAJMIN,  { "MAJ:MIN",      8,  8,  false, false, false } },
	{ C_SIZE,    { "SIZE",         9,  9,  true,  false, false } },
	{ C_KIND,    { "TYPE",         5,  5,  false, false, false } },
	{ C_CONTENT, { "FSTYPE LABEL", 15, 15, false, true,  false } },
	{ C_MOUNT,   { "MOUNTPOINT",   13, 13, false, true,  false } },
	{ C_VERDICT, { "VERDICT",      0,  0,  false, false, false } },
}, screen_cols[] = {
	{ C_NAME,    { "DEVICE",       15, 15, false, false, false } },
	{ C_SIZE,    { "SIZE",         8,  8,  true,  false, false } },
	{ C_FSTYPE,  { "FSTYPE",       7,  7,  false, false, false } },
	{ C_LABEL,   { "LABEL",        8,  16, false, false, false } },
	{ C_MOUNT,   { "MOUNTPOINT",   12, 24, false, false, true } },
	{ C_VERDICT, { "VERDICT",      0,  0,  false, false, false } },
};

static bool is_screen(const struct fsb_table *t)
{
	return t && t->layout == FSB_DEVLIST_SCREEN;
}

static const struct listcol *list_col(const struct fsb_table *t, size_t c)
{
	if (is_screen(t))
		return c < FSB_ARRAY_SIZE(screen_cols) ? &screen_cols[c].col : NULL;
	return c < FSB_ARRAY_SIZE(text_cols) ? &text_cols[c].col : NULL;
}

int fsb_devdoc_list_width(const struct fsb_table *t, size_t c, int width)
{
	const struct listcol *col = list_col(t, c);
	int rest = width;

	if (!col)
		return 0;
	if (col->width)
		return width >= WIDE ? col->wide : col->width;
	for (size_t i = 0; list_col(t, i); i++)
		if (list_col(t, i)->width)
			rest -= (width >= WIDE ? list_col(t, i)->wide : list_col(t, i)->width) + 1;
	return rest > REST_MIN ? rest : REST_MIN;
}

bool fsb_devdoc_list_path(const struct fsb_table *t, size_t c)
{
	const struct listcol *col = list_col(t, c);

	return col && col->path;
}

void fsb_devdoc_list_text(const struct fsb_table *t, int width, struct fsb_buf *out)
{
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *x = fsb_table_cell(t, r, c);
			int w = fsb_devdoc_list_width(t, c, width);

			if (c + 1 == t->ncols)
				fsb_buf_addf(out, "%s\n", x->text);
			else
				fsb_buf_addf(out, x->flags & FSB_CELL_NUMBER ? "%*s " : "%-*s ", w, x->text);
		}
	}
}

/* The text of column `what` for d (not yet made visible), caller frees. */
static char *list_text(const struct fsb_device *d, int what, bool screen)
{
	bool ok = d->verdict == FSB_DEVICE_USABLE;
	const struct fsb_strv *mp = &d->mountpoints;
	char size[32];

	switch (what) {
	case C_NAME:
		return fsb_xasprintf("%s%s", d->is_partition ? "  " : "", d->path);
	case C_MAJMIN:
		return fsb_xstrdup(d->majmin);
	case C_SIZE:
		return fsb_xstrdup(fsb_format_size(d->size, size, sizeof(size)));
	case C_KIND:
		return fsb_xstrdup(d->kind);
	case C_CONTENT: {
		const char *type = d->fstype ? d->fstype : d->pttype;

		return fsb_xasprintf("%s%s%s", type ? type : d->ambiguous ? "ambiguous" : "", d->label ? " " : "",
				     d->label ? d->label : "");
	}
	case C_FSTYPE:
		return fsb_xstrdup(d->fstype ? d->fstype : d->pttype ? d->pttype : "");
	case C_LABEL:
		return fsb_xstrdup(d->label ? d->label : "");
	case C_MOUNT:
		if (screen)
			return mp->n ? fsb_strv_join(mp, ",") : fsb_xstrdup("");
		if (mp->n > 1)
			return fsb_xasprintf("%s +%zu", mp->v[0], mp->n - 1);
		return fsb_xstrdup(mp->n ? mp->v[0] : "");
	case C_VERDICT:
		if (!ok)
			return screen ? fsb_xasprintf("refused: %s", fsb_device_headline(d)) : fsb_xstrdup("refused");
		if (d->doubts.n)
			return fsb_xstrdup(screen ? "in use? (decided at claim)" : "in use?");
		return fsb_xstrdup("usable");
	}
	return fsb_xstrdup("");
}

/* s cut to w bytes, its last one "~" ("…" would count as three bytes: ASCII) */
static char *cut(char *s, int w)
{
	char *c;

	if (w < 1 || strlen(s) <= (size_t)w)
		return s;
	c = fsb_xasprintf("%.*s~", w - 1, s);
	free(s);
	return c;
}

void fsb_doc_device_list(const struct fsb_device_list *l, enum fsb_devlist_layout how, struct fsb_doc *doc)
{
	bool screen = how == FSB_DEVLIST_SCREEN;
	size_t ncols = screen ? FSB_ARRAY_SIZE(screen_cols) : FSB_ARRAY_SIZE(text_cols);
	struct fsb_block *b = fsb_doc_add(doc, FSB_BLOCK_TABLE, FSB_ROLE_DEVICE_LIST);
	struct fsb_table *t = &b->table;

	fsb_table_init(t, screen ? SCREEN_ID : TEXT_ID, l->n + 1, ncols, 1);
	t->layout = how;
	t->title = fsb_xstrdup("Block devices");
	for (size_t c = 0; c < ncols; c++) {
		const struct listcol *col = list_col(t, c);

		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (col->number ? FSB_CELL_NUMBER : 0), NAN, "%s", col->head);
	}
	for (size_t r = 0; r < l->n; r++) {
		const struct fsb_device *d = &l->v[r];
		bool ok = d->verdict == FSB_DEVICE_USABLE;

		for (size_t c = 0; c < ncols; c++) {
			const struct listcol *col = list_col(t, c);
			int what = screen ? screen_cols[c].what : text_cols[c].what;
			char *raw = list_text(d, what, screen), *text = fsb_xstr_visible(raw);
			unsigned flags = ok ? 0 : FSB_CELL_MISSING;
			double value = NAN;

			if (what == C_NAME)
				flags |= FSB_CELL_NAME;
			if (what == C_SIZE) {
				flags |= FSB_CELL_NUMBER;
				value = (double)d->size;
			}
			if (what == C_VERDICT)
				flags = ok ? FSB_CELL_BETTER : FSB_CELL_FAILED;
			if (col->cut)
				text = cut(text, col->width);
			fsb_table_set(t, r + 1, c, flags, value, "%s", text);
			free(text);
			free(raw);
		}
	}
}

/* ---- `devices --json` ------------------------------------------------------------------ */

/* the option that lifts what: the command line's words (a stable field
 * of the JSON, whichever front end writes it), from the one option table */
static const char *lift_option(unsigned lift)
{
	static __thread char buf[64];
	enum fsb_opt id;

	if (lift & FSB_LIFT_WHOLE_DISK)
		id = FSB_OPT_WHOLE_DISK;
	else if (lift & FSB_LIFT_ROOT_DISK)
		id = FSB_OPT_ALLOW_ROOT_DISK;
	else
		return NULL;
	snprintf(buf, sizeof(buf), "--%s", fsb_opt_info(id)->name);
	return buf;
}

static void json_reasons(struct fsb_json *j, const struct fsb_device *d)
{
	fsb_json_open(j, "reasons", true);
	for (size_t i = 0; i < d->reasons.n; i++) {
		enum fsb_device_reason r = d->reason_codes ? d->reason_codes[i] : FSB_REASON_COUNT;
		char code[32];
		size_t k;

		/* "MOUNTED_ROOT" as "mounted-root" */
		snprintf(code, sizeof(code), "%s", fsb_device_reason_code(r));
		for (k = 0; code[k]; k++)
			code[k] = code[k] == '_' ? '-' : (char)(code[k] | 0x20);
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "code", code);
		fsb_json_str(j, "lifted_by", lift_option(fsb_device_reason_lift(r)));
		fsb_json_str(j, "text", d->reasons.v[i]);
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

/* the device document's facts, keyed as its KV block is */
static void json_facts(struct fsb_json *j, const struct fsb_doc *doc)
{
	const struct fsb_block *b = fsb_doc_find(doc, FSB_ROLE_DEVICE_FACTS);

	fsb_json_open(j, "facts", true);
	for (size_t i = 0; b && i < b->nkv; i++) {
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "key", b->kv[i].key);
		fsb_json_str(j, "text", b->kv[i].values.v[0]);
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

void fsb_json_device(struct fsb_json *j, const char *key, const struct fsb_device *d)
{
	struct fsb_doc doc = { 0 };
	unsigned lift = fsb_device_liftable(d);

	fsb_doc_device(d, &doc);
	fsb_json_open(j, key, false);
	fsb_json_str(j, "path", d->path);
	fsb_json_str(j, "given", d->given);
	fsb_json_str(j, "majmin", d->devno ? d->majmin : NULL);
	if (d->devno) {
		fsb_json_int(j, "major", major(d->devno));
		fsb_json_int(j, "minor", minor(d->devno));
	} else {
		fsb_json_str(j, "major", NULL);
		fsb_json_str(j, "minor", NULL);
	}
	fsb_json_str(j, "kind", d->kind[0] ? d->kind : NULL);
	fsb_json_int(j, "size", (long long)d->size);
	fsb_json_bool(j, "read_only", d->ro);
	fsb_json_bool(j, "partition", d->is_partition);
	fsb_json_str(j, "parent", d->parent);
	fsb_json_str(j, "verdict", d->verdict == FSB_DEVICE_USABLE ? "usable" : "refused");
	fsb_json_open(j, "usable_with", true);
	if (lift & FSB_LIFT_WHOLE_DISK)
		fsb_json_str(j, NULL, lift_option(FSB_LIFT_WHOLE_DISK));
	if (lift & FSB_LIFT_ROOT_DISK)
		fsb_json_str(j, NULL, lift_option(FSB_LIFT_ROOT_DISK));
	fsb_json_close(j);
	json_reasons(j, d);
	fsb_json_strv(j, "doubts", &d->doubts);
	fsb_json_strv(j, "passed", &d->passed);
	json_facts(j, &doc);
	fsb_json_str(j, "fstype", d->fstype);
	fsb_json_str(j, "label", d->label);
	fsb_json_str(j, "uuid", d->uuid);
	fsb_json_str(j, "pttype", d->pttype);
	fsb_json_strv(j, "mountpoints", &d->mountpoints);
	fsb_json_strv(j, "holders", &d->holders);
	if (d->diskseq)
		fsb_json_int(j, "diskseq", (long long)d->diskseq);
	else
		fsb_json_str(j, "diskseq", NULL);
	fsb_json_doc(j, "document", &doc, "device", NULL);
	fsb_json_close(j);
	fsb_doc_free(&doc);
}
