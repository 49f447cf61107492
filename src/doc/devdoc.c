/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A block device as a document: the blocks of devdoc.h. */
#include <stdlib.h>
#include <string.h>

#include "doc/devdoc.h"

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
