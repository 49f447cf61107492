/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the importers share: the result they fill, names, the last checks. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/grid.h"
#include "model/import.h"
#include "model/opts.h"

int fsb_import_format_parse(const char *s, enum fsb_import_format *fmt)
{
	if (strcmp(s, "bonnie") == 0 || strcmp(s, "bonnie++") == 0)
		*fmt = FSB_IMPORT_BONNIE;
	else if (strcmp(s, "fio") == 0)
		*fmt = FSB_IMPORT_FIO;
	else
		return -EINVAL;
	return 0;
}

struct fsb_result *fsb_import_new(void)
{
	struct fsb_result *res = fsb_result_new();

	res->tool = fsb_xstrdup("fsbench " FSB_VERSION);
	res->status = FSB_RESULT_COMPLETE;
	return res;
}

char *fsb_import_fs_name(const struct fsb_result *res, struct fsb_import_opts *o, const char *fallback)
{
	const char *base = o && o->used < o->nlabels ? o->labels[o->used++] : fallback;
	char *name;

	if (!base || !*base)
		base = "imported";
	name = fsb_xstrdup(base);
	for (int k = 2; fsb_result_find_fs(res, name); k++) {
		free(name);
		name = fsb_xasprintf("%s-%d", base, k);
		if (o && k == 2)
			o->renamed++;
	}
	return name;
}

int fsb_import_buffer(struct fsb_result *res, const char *buf, size_t len, const char *name,
		      enum fsb_import_format fmt, struct fsb_import_opts *o, struct fsb_err *err)
{
	if (fmt == FSB_IMPORT_AUTO) {
		size_t i = 0;

		while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r'))
			i++;
		fmt = i < len && buf[i] == '{' ? FSB_IMPORT_FIO : FSB_IMPORT_BONNIE;
	}
	return fmt == FSB_IMPORT_FIO ? fsb_import_fio(res, buf, len, name, o, err)
				     : fsb_import_bonnie(res, buf, len, name, o, err);
}

int fsb_import_file(struct fsb_result *res, const char *path, enum fsb_import_format fmt,
		    struct fsb_import_opts *o, struct fsb_err *err)
{
	const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
	char *buf = NULL;
	size_t len = 0;
	int rc = fsb_read_input_max(path, FSB_IMPORT_MAX_BYTES, &buf, &len);

	switch (rc) {
	case 0:
		break;
	case -EFBIG:
		return fsb_err_set(err, -EINVAL, "%s: larger than %d MiB: too large to import", name,
				   FSB_IMPORT_MAX_BYTES >> 20);
	case -EISDIR:
		return fsb_err_set(err, -EINVAL, "%s: a directory, not a file to import", name);
	case -EINVAL:
		return fsb_err_set(err, -EINVAL, "%s: not a regular file (a device, FIFO or socket): "
				   "give a file, or - for standard input", name);
	default:
		return fsb_err_set(err, rc, "cannot read %s: %s", name, strerror(-rc));
	}
	rc = fsb_import_buffer(res, buf, len, name, fmt, o, err);
	free(buf);
	return rc;
}

int fsb_import_finish(struct fsb_result *res, const char *baseline, const struct fsb_import_opts *o,
		      struct fsb_err *err)
{
	if (!res->nfs)
		return fsb_err_set(err, -ENOENT, "nothing to import: no bonnie++ line or fio job with results");
	if (o && o->nlabels && o->used != o->nlabels)
		return fsb_err_set(err, -EINVAL, "%zu label%s for %zu filesystem%s: give one label per bonnie++ line "
				   "or fio file", o->nlabels, o->nlabels == 1 ? "" : "s", res->nfs, res->nfs == 1 ? "" : "s");
	if (baseline && fsb_grid_fs(fsb_result_grid(res), baseline) == FSB_GRID_NONE)
		return fsb_err_set(err, -ENOENT, "%s: no such filesystem among the imported ones", fsb_opt_say(FSB_OPT_BASELINE, baseline));
	free(res->baseline);
	res->baseline = fsb_xstrdup(baseline ? baseline : res->fs[0]->name);
	fsb_strv_free(&res->phase_order);
	fsb_result_phases(res, &res->phase_order);
	fsb_result_changed(res);	/* the grid's columns are in that order */
	return fsb_result_check_limits(res, "the imported results", err);
}

void fsb_import_drop(struct fsb_result *res, size_t nfs)
{
	struct fsb_result *gone;

	if (res->nfs <= nfs)
		return;
	/* hand them to a result of their own, which knows how to free them */
	gone = fsb_result_new();
	gone->nfs = res->nfs - nfs;
	gone->fs = fsb_xcalloc(gone->nfs, sizeof(*gone->fs));
	memcpy(gone->fs, res->fs + nfs, gone->nfs * sizeof(*gone->fs));
	res->nfs = nfs;
	fsb_result_changed(res);
	fsb_result_free(gone);
}
