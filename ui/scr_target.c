/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Screen 1, Target: the block devices with their verdicts (src/devices/device.h),
 * then "Image file…" and "Existing directory…".  Refused devices are grey,
 * say why, and cannot be chosen; the detail pane shows everything libblkid
 * and the checks found on the highlighted one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doc/devdoc.h"
#include "engine/targetcheck.h"
#include "widgets.h"

enum row_kind { ROW_DEVICE, ROW_IMAGE, ROW_DIR };

struct trow {
	enum row_kind kind;
	size_t dev;              /* ROW_DEVICE: index into devs */
};

struct target_state {
	struct fsb_device_list devs;
	struct fsb_doc list_doc;     /* their list (doc/devdoc.h), row r + 1 for devs.v[r] */
	char scan_error[1024];
	struct trow *rows;
	struct ui_list list;
	int list_h;              /* rows of the list at the last draw */
	struct ui_rect list_r;   /* where the list was drawn, for clicks */
	int detail_scroll;
	/* a refused device the user may still choose explicitly (whole disk,
	 * root disk): what the extra confirmations are about */
	char *pick;              /* its path */
	bool pick_whole, pick_root;
};

static struct target_state *S(struct ui_ctx *ui)
{
	return ui_state(ui, UI_SCR_TARGET);
}

static void scan(struct ui_ctx *ui)
{
	struct target_state *s = S(ui);
	struct fsb_err err = { 0 };
	char *keep = NULL;
	int n = 0, keep_kind = -1;

	if (s->list.cur >= 0 && s->list.cur < s->list.n) {
		keep_kind = (int)s->rows[s->list.cur].kind;
		if (keep_kind == ROW_DEVICE)
			keep = fsb_xstrdup(s->devs.v[s->rows[s->list.cur].dev].path);
	}
	fsb_device_list_free(&s->devs);
	memset(&s->devs, 0, sizeof(s->devs));
	s->scan_error[0] = '\0';
	if (fsb_device_list(NULL, 0, &s->devs, &err)) {
		snprintf(s->scan_error, sizeof(s->scan_error), "%s", err.msg);
		fsb_device_list_free(&s->devs);
		memset(&s->devs, 0, sizeof(s->devs));
	}
	fsb_doc_free(&s->list_doc);
	fsb_doc_device_list(&s->devs, FSB_DEVLIST_SCREEN, &s->list_doc);
	free(s->rows);
	s->rows = fsb_xcalloc(s->devs.n + 2, sizeof(*s->rows));
	for (size_t i = 0; i < s->devs.n; i++)
		s->rows[n++] = (struct trow){ ROW_DEVICE, i };
	s->rows[n++] = (struct trow){ ROW_IMAGE, 0 };
	s->rows[n++] = (struct trow){ ROW_DIR, 0 };
	s->list.n = n;
	/* stay on the same row; else the first usable device; else the image */
	s->list.cur = keep_kind == ROW_IMAGE ? n - 2 : keep_kind == ROW_DIR ? n - 1 : -1;
	for (int i = 0; i < n && keep; i++)
		if (s->rows[i].kind == ROW_DEVICE && strcmp(s->devs.v[s->rows[i].dev].path, keep) == 0)
			s->list.cur = i;
	for (int i = 0; i < n && s->list.cur < 0; i++)
		if (s->rows[i].kind == ROW_DEVICE && s->devs.v[s->rows[i].dev].verdict == FSB_DEVICE_USABLE)
			s->list.cur = i;
	if (s->list.cur < 0)
		s->list.cur = n - 2;
	free(keep);
	s->detail_scroll = 0;
}

static void *target_init(struct ui_ctx *ui)
{
	struct target_state *s = fsb_xcalloc(1, sizeof(*s));

	(void)ui;
	s->list.cur = -1;
	return s;
}

static void target_fini(struct ui_ctx *ui)
{
	struct target_state *s = S(ui);

	fsb_device_list_free(&s->devs);
	fsb_doc_free(&s->list_doc);
	free(s->rows);
	free(s->pick);
	free(s);
}

static int target_enter(struct ui_ctx *ui)
{
	/* verdicts change (a run's loop device is gone, a disk was unmounted):
	 * look again whenever the screen comes back */
	scan(ui);
	return UI_REDRAW;
}

static const struct fsb_device *cur_dev(struct target_state *s)
{
	if (s->list.cur < 0 || s->list.cur >= s->list.n || s->rows[s->list.cur].kind != ROW_DEVICE)
		return NULL;
	return &s->devs.v[s->rows[s->list.cur].dev];
}

/* ---- choosing ----------------------------------------------------------------------- */

static void set_target(struct ui_ctx *ui, enum fsb_target_kind kind, const char *path, unsigned long long size)
{
	struct fsb_plan *p = &ui->plan;

	p->target = kind;
	free(p->path);
	p->path = fsb_xstrdup(path);
	p->image_size = kind == FSB_TARGET_IMAGE ? size : 0;
	free(p->yes_destroy);
	p->yes_destroy = NULL;
	p->whole_disk = false;
	p->allow_root_disk = false;
}

static bool path_exists(const char *p)
{
	struct stat st;

	return lstat(p, &st) == 0;
}

/* An image path that does not exist yet: the config's default, else -2, -3 … */
static char *default_image(const struct ui_ctx *ui)
{
	const char *def = ui->cfg->defaults.image && *ui->cfg->defaults.image ? ui->cfg->defaults.image
									       : "/var/tmp/fsbench.img";
	size_t n = strlen(def);
	bool img = n > 4 && strcmp(def + n - 4, ".img") == 0;

	if (ui->plan.target == FSB_TARGET_IMAGE && ui->plan.path && !path_exists(ui->plan.path))
		return fsb_xstrdup(ui->plan.path);
	if (!path_exists(def))
		return fsb_xstrdup(def);
	for (int i = 2; i < 100; i++) {
		char *p = fsb_xasprintf("%.*s-%d%s", (int)(img ? n - 4 : n), def, i, img ? ".img" : "");

		if (!path_exists(p))
			return p;
		free(p);
	}
	return fsb_xstrdup(def);
}

static char *absolute(const char *path)
{
	char cwd[4096];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return fsb_xstrdup(path);
	return fsb_xasprintf("%s/%s", cwd, path);
}

static char *trimmed(const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	return fsb_xasprintf("%.*s", (int)n, s);
}

static int image_done(struct ui_ctx *ui, struct ui_dialog *d, bool ok)
{
	char *path;
	unsigned long long size;
	struct fsb_err err = { 0 };
	int flags = UI_REDRAW;

	if (!ok)
		return flags;
	path = trimmed(d->fields[0].buf);
	if (!*path) {
		snprintf(d->error, sizeof(d->error), "give the image file's path");
		goto out;
	}
	{
		char *abs = absolute(path);

		free(path);
		path = abs;
	}
	if (fsb_target_check_image(path, &err)) {
		snprintf(d->error, sizeof(d->error), "%.255s", err.msg);
		goto out;
	}
	{
		char *sz = trimmed(d->fields[1].buf);

		if (fsb_parse_size(sz, &size))
			snprintf(d->error, sizeof(d->error), "size '%s': give a size such as 2G or 512M", sz);
		else if (fsb_target_check_size(size, &err))
			snprintf(d->error, sizeof(d->error), "%.255s", err.msg);
		free(sz);
	}
	if (d->error[0])
		goto out;
	set_target(ui, FSB_TARGET_IMAGE, path, size);
	flags |= ui_like_next(ui);
out:
	free(path);
	return flags;
}

static int dir_done(struct ui_ctx *ui, struct ui_dialog *d, bool ok)
{
	char *path;
	struct fsb_err err = { 0 };
	int flags = UI_REDRAW;

	if (!ok)
		return flags;
	path = trimmed(d->fields[0].buf);
	if (!*path)
		snprintf(d->error, sizeof(d->error), "give a directory");
	else if (fsb_target_check_dir(path, &err))
		snprintf(d->error, sizeof(d->error), "%.255s", err.msg);
	if (!d->error[0]) {
		char *abs = absolute(path);

		set_target(ui, FSB_TARGET_DIR, abs, 0);
		free(abs);
		flags |= ui_like_next(ui);
	}
	free(path);
	return flags;
}

/* ---- a whole disk, the root filesystem's disk: chosen explicitly ---------------------- */

/* What a target of this kind asks of this process, and why
 * (engine/targetcheck.h): the library decides, the screen only asks. */
static struct fsb_plan_reqs reqs_of(enum fsb_target_kind kind)
{
	struct fsb_plan_reqs r;

	fsb_target_reqs(kind, &r);
	return r;
}

static const struct fsb_device *find_dev(struct target_state *s, const char *path)
{
	for (size_t i = 0; i < s->devs.n; i++)
		if (strcmp(s->devs.v[i].path, path) == 0)
			return &s->devs.v[i];
	return NULL;
}

/* What a device holds, one line (doc/devdoc.h). */
static void holds_line(struct ui_dialog *d, const char *lead, const struct fsb_device *p)
{
	char *h = fsb_devdoc_holds(p);

	dialog_line(d, "%s%s", lead, h);
	free(h);
}

/* Every partition of the disk at path, as the scan saw them. */
static size_t partitions_lines(struct target_state *s, struct ui_dialog *d, const char *path)
{
	size_t n = 0;

	for (size_t i = 0; i < s->devs.n; i++)
		if (s->devs.v[i].is_partition && s->devs.v[i].parent && strcmp(s->devs.v[i].parent, path) == 0) {
			holds_line(d, "  - partition ", &s->devs.v[i]);
			n++;
		}
	return n;
}

static int pick_finish(struct ui_ctx *ui)
{
	struct target_state *s = S(ui);

	set_target(ui, FSB_TARGET_DEVICE, s->pick, 0);
	ui->plan.whole_disk = s->pick_whole;
	ui->plan.allow_root_disk = s->pick_root;
	ui_message(ui, UI_WARNING, "%s chosen%s%s: the plan's confirmation asks for its name once more", s->pick,
		   s->pick_whole ? " as a whole disk" : "", s->pick_root ? " on the root filesystem's disk" : "");
	return ui_like_next(ui);
}

static int root_done(struct ui_ctx *ui, struct ui_dialog *d, bool yes)
{
	(void)d;
	if (!yes) {
		ui_message(ui, UI_STATUS, "%s not chosen", S(ui)->pick);
		return UI_REDRAW;
	}
	return pick_finish(ui);
}

/* The second question, or the only one: the disk the running system is on. */
static int ask_root(struct ui_ctx *ui)
{
	struct target_state *s = S(ui);
	const struct fsb_device *dev = find_dev(s, s->pick);
	struct ui_dialog *d = dialog_ask(ui, UI_DANGER, "On the root filesystem's disk", "Use it anyway", "No",
					 root_done);

	dialog_line(d, "%s is on %s, the disk the root filesystem is on.", s->pick,
		    dev && dev->root_disk ? dev->root_disk : "the disk");
	dialog_line(d, "The running system lives there: a wrong choice costs the system itself.");
	dialog_line(d, "fsbench will format %s with every filesystem in turn.  Everything on it is lost:",
		    s->pick);
	if (dev && s->pick_whole)
		dialog_line(d, "  - the %s partition table of %s", dev->pttype ? dev->pttype : "partition", dev->path);
	if (dev && !(s->pick_whole && partitions_lines(s, d, dev->path)))
		holds_line(d, "  - ", dev);
	dialog_line(d, "This is what --allow-root-disk does on the command line.");
	return UI_REDRAW;
}

static int whole_done(struct ui_ctx *ui, struct ui_dialog *d, bool yes)
{
	struct target_state *s = S(ui);

	(void)d;
	if (!yes) {
		ui_message(ui, UI_STATUS, "%s not chosen", s->pick);
		return UI_REDRAW;
	}
	return s->pick_root ? ask_root(ui) : pick_finish(ui);
}

/* The first question for a partitioned whole disk: its partition table and
 * every partition on it go. */
static int ask_whole(struct ui_ctx *ui)
{
	struct target_state *s = S(ui);
	const struct fsb_device *dev = find_dev(s, s->pick);
	struct ui_dialog *d = dialog_ask(ui, UI_DANGER, "Use the whole disk", "Use the whole disk", "No",
					 whole_done);

	dialog_line(d, "%s is a whole disk with %s%s partition table.  Used as a whole, it is formatted with every filesystem in turn, and all of this is lost:",
		    s->pick, dev && dev->pttype ? "a " : "a", dev && dev->pttype ? dev->pttype : "");
	dialog_line(d, "  - the %s%spartition table", dev && dev->pttype ? dev->pttype : "", dev && dev->pttype ? " " : "");
	if (!dev || !partitions_lines(s, d, s->pick))
		dialog_line(d, "  - every partition on it");
	dialog_line(d, "and every file on every one of them.  This is what --whole-disk does on the command line.");
	return UI_REDRAW;
}

static int choose(struct ui_ctx *ui, int key)
{
	struct target_state *s = S(ui);
	const struct fsb_device *dev = cur_dev(s);
	struct ui_dialog *d;

	(void)key;
	if (s->list.cur < 0)
		return 0;
	switch (s->rows[s->list.cur].kind) {
	case ROW_DEVICE:
		if (reqs_of(FSB_TARGET_DEVICE).can_run && fsb_device_liftable(dev)) {
			/* only an explicit choice stands between it and a run: the
			 * library said which, with the verdict */
			s->pick_whole = fsb_device_liftable(dev) & FSB_LIFT_WHOLE_DISK;
			s->pick_root = fsb_device_liftable(dev) & FSB_LIFT_ROOT_DISK;
			free(s->pick);
			s->pick = fsb_xstrdup(dev->path);
			return s->pick_whole ? ask_whole(ui) : ask_root(ui);
		}
		if (dev->verdict != FSB_DEVICE_USABLE) {
			char *why = fsb_strv_join(&dev->reasons, "; ");

			ui_message(ui, UI_ERROR, "%s cannot be used: %s", dev->path, why);
			free(why);
			return UI_REDRAW;
		}
		set_target(ui, FSB_TARGET_DEVICE, dev->path, 0);
		return ui_like_next(ui);
	case ROW_IMAGE: {
		const struct fsb_size_profile *prof = fsb_config_profile(ui->cfg, ui->plan.profile);
		char *path, size[32];

		if (!reqs_of(FSB_TARGET_IMAGE).can_run) {
			ui_message(ui, UI_ERROR, "an image file needs root (%s): restart fsbench with sudo",
				   reqs_of(FSB_TARGET_IMAGE).why_root);
			return UI_REDRAW;
		}
		if (ui->plan.target == FSB_TARGET_IMAGE && ui->plan.image_size)
			snprintf(size, sizeof(size), "%lluM", ui->plan.image_size >> 20);
		else
			snprintf(size, sizeof(size), "%s", prof && prof->image_size ? prof->image_size : "4G");
		path = default_image(ui);
		d = dialog_form(ui, "Image file", image_done);
		dialog_line(d, "A new sparse file, attached to a loop device with direct I/O and formatted with each filesystem in turn.  It measures the disk the file lives on, through the filesystem it is on.  It is removed after the run.");
		dialog_field(d, "File", path);
		dialog_field(d, "Size", size);
		free(path);
		return UI_REDRAW;
	}
	case ROW_DIR:
		d = dialog_form(ui, "Existing directory", dir_done);
		dialog_line(d, "No reformat: the phases run in a work directory inside it, on the filesystem it is on, which is the only \"filesystem\" of the run.  Needs no root.");
		dialog_field(d, "Directory", ui->plan.target == FSB_TARGET_DIR && ui->plan.path ? ui->plan.path : "");
		return UI_REDRAW;
	}
	return 0;
}

static int rescan(struct ui_ctx *ui, int key)
{
	(void)key;
	scan(ui);
	ui_message(ui, UI_STATUS, "%zu block devices found", S(ui)->devs.n);
	return UI_REDRAW;
}

static int results(struct ui_ctx *ui, int key)
{
	(void)key;
	return ui_switch(ui, UI_SCR_BROWSE, true);
}

static int detail_scroll(struct ui_ctx *ui, int key)
{
	struct target_state *s = S(ui);

	s->detail_scroll += key == 'J' ? 1 : -1;
	if (s->detail_scroll < 0)
		s->detail_scroll = 0;
	return UI_REDRAW;
}

static int target_key(struct ui_ctx *ui, int key)
{
	struct target_state *s = S(ui);
	int f = list_key(&s->list, key, s->list_h > 0 ? s->list_h : 10, NULL, NULL);

	if (f)
		s->detail_scroll = 0;
	return f;
}

static int target_mouse(struct ui_ctx *ui, const MEVENT *m, const struct ui_rect *body)
{
	struct target_state *s = S(ui);
	int i = list_hit(&s->list, &s->list_r, m->y);

	(void)body;
	if (i < 0)
		return 0;
	s->list.cur = i;
	s->detail_scroll = 0;
	if (m->bstate & BUTTON1_DOUBLE_CLICKED)
		return choose(ui, '\n');
	return UI_HANDLED | UI_REDRAW;
}

/* ---- drawing ------------------------------------------------------------------------- */

/* A device list cell's role: the library's flags (doc/devdoc.h) in this screen's colours. */
static enum ui_role list_role(unsigned f, bool cur)
{
	if (cur)
		return UI_CURSOR;
	if (f & FSB_CELL_FAILED)
		return UI_REASON;
	if (f & FSB_CELL_BETTER)
		return UI_OK;
	return f & FSB_CELL_MISSING ? UI_DISABLED : UI_NORMAL;
}

#define MAX_COLS 16

/* Row r of the device list table t from x on, column c w[c] wide. */
static void draw_cells(struct ui_ctx *ui, int y, int x, const struct fsb_table *t, size_t r, const int *w, bool cur)
{
	for (size_t c = 0; c < t->ncols && c < MAX_COLS; c++) {
		const struct fsb_cell *cell = fsb_table_cell(t, r, c);
		enum ui_role role = r < t->header_rows ? UI_TABLE_HEADER : list_role(cell->flags, cur);
		const char *text = fsb_text_display(cell->text, ui->utf8);
		int tw = (int)fsb_text_width(text);

		if (cell->flags & FSB_CELL_NUMBER)
			ui_put(y, x + (w[c] > tw ? w[c] - tw : 0), w[c], role, text);
		else if (fsb_devdoc_list_path(t, c))
			ui_put_path(ui, y, x, w[c], role, text);
		else
			ui_put(y, x, w[c], role, text);
		x += w[c] + 1;
	}
}

static void draw_row(struct ui_ctx *ui, int y, int x, int w, const int *cw, const struct fsb_table *t,
		     const struct trow *row, bool cur)
{
	int cx = x + 2, lead = cw[0] + 1 + cw[1];

	if (cur)
		ui_fill(y, x, w, UI_CURSOR);
	if (row->kind == ROW_DEVICE) {
		if (t && row->dev + 1 < t->nrows)
			draw_cells(ui, y, cx, t, row->dev + 1, cw, cur);
	} else if (row->kind == ROW_IMAGE) {
		struct fsb_plan_reqs r = reqs_of(FSB_TARGET_IMAGE);
		enum ui_role base = cur ? UI_CURSOR : r.can_run ? UI_VALUE : UI_DISABLED;

		ui_putd(ui, y, cx, lead, base, "Image file…");
		if (r.can_run)
			ui_putd(ui, y, cx + lead + 1, w - (cx - x) - lead - 1, cur ? UI_CURSOR : UI_NORMAL,
				"a new sparse file on a loop device, when there is no spare partition");
		else
			ui_putf(ui, y, cx + lead + 1, w - (cx - x) - lead - 1, cur ? UI_CURSOR : UI_REASON,
				"needs root (%s)", r.why_root);
	} else {
		ui_putd(ui, y, cx, lead, cur ? UI_CURSOR : UI_VALUE, "Existing directory…");
		ui_putd(ui, y, cx + lead + 1, w - (cx - x) - lead - 1,
			cur ? UI_CURSOR : UI_NORMAL, "no reformat: the filesystem it is on; needs no root");
	}
	if (cur)
		ui_put(y, x, 2, UI_CURSOR, ui->utf8 ? "▶" : ">");
}

/* Everything known about d, one line each. */
static void detail_lines(const struct fsb_device *d, struct fsb_strv *lines, struct fsb_strv *roles)
{
	struct fsb_doc doc = { 0 };
	const struct fsb_block *facts, *content, *sigs;
	const struct fsb_kv *e;
	char *j;

	/* what the device is and why: its document (doc/devdoc.h), drawn here */
	fsb_doc_device(d, &doc);
	facts = fsb_doc_find(&doc, FSB_ROLE_DEVICE_FACTS);
	content = fsb_doc_find(&doc, FSB_ROLE_DEVICE_CONTENT);
	sigs = fsb_doc_find(&doc, FSB_ROLE_DEVICE_SIGS);
#define ADD(role, ...) do { fsb_strv_addf(lines, __VA_ARGS__); fsb_strv_add(roles, role); } while (0)
#define EACH(block, key, role, fmt) do { \
		const struct fsb_kv *e_ = fsb_block_kv(fsb_doc_find(&doc, block), key); \
		for (size_t i_ = 0; e_ && i_ < e_->values.n; i_++) \
			ADD(role, fmt, e_->values.v[i_]); \
	} while (0)
	if (d->verdict == FSB_DEVICE_USABLE)
		ADD("o", "usable: every check passed; fsbench may format it (after you type its name)");
	else
		ADD("e", "refused, and cannot be chosen:");
	EACH(FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_REFUSED, "r", "  - %s");
	EACH(FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_DOUBTS, "r", "  ? %s");
	for (size_t i = 0; i < facts->nkv; i++)
		if (i == 0)
			ADD("n", "%s %s (%llu bytes)", d->majmin, facts->kv[0].values.v[0], d->size);
		else if (strcmp(facts->kv[i].key, FSB_FACT_DISKSEQ))
			ADD("n", "%s", facts->kv[i].values.v[0]);
	{
		char *t = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_TYPE, "");
		char *l = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_LABEL, "");
		char *u = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_UUID, "");

		if (t || l || u)
			ADD("n", "blkid: TYPE=%s%s%s%s%s", t ? t : "none", l ? " LABEL=" : "", l ? l : "",
			    u ? " UUID=" : "", u ? u : "");
		free(t);
		free(l);
		free(u);
	}
	EACH(FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_PTTYPE, "n", "partition table: %s");
	if (sigs->nkv) {
		ADD("h", "signatures (as wipefs lists them):");
		for (size_t i = 0; i < sigs->nkv; i++) {
			j = fsb_strv_join(&sigs->kv[i].values, " ");
			ADD("n", "  %s %s", sigs->kv[i].key, j);
			free(j);
		}
	} else if (!fsb_block_kv(content, FSB_DEVDOC_PROBE)) {
		ADD("n", "no signatures: empty as far as libblkid can tell");
	}
	EACH(FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_PROBE, "r", "probe failed: %s");
	if (fsb_block_kv(content, FSB_DEVDOC_AMBIGUOUS))
		ADD("r", "libblkid found conflicting (ambiguous) signatures");
	EACH(FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_MOUNTED, "n", "mounted on %s");
	EACH(FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_HOLDERS, "n", "held by %s");
	/* the disk sequence number last, dim: what the claim re-checks, not what
	 * the user recognises the device by */
	if ((e = fsb_block_kv(facts, FSB_FACT_DISKSEQ)))
		ADD("d", "%s", e->values.v[0]);
	if ((j = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_PASSED, "; "))) {
		ADD("d", "passed: %s", j);
		free(j);
	}
#undef EACH
#undef ADD
	fsb_doc_free(&doc);
}

static void draw_detail(struct ui_ctx *ui, const struct ui_rect *r)
{
	struct target_state *s = S(ui);
	const struct fsb_device *d = cur_dev(s);
	struct fsb_strv lines = { 0 }, roles = { 0 }, wrapped = { 0 }, wroles = { 0 };
	const char *title = "Details";
	int max;

	if (d) {
		title = d->path;
		detail_lines(d, &lines, &roles);
	} else if (s->list.cur >= 0 && s->rows[s->list.cur].kind == ROW_IMAGE) {
		struct fsb_plan_reqs img = reqs_of(FSB_TARGET_IMAGE);

		title = "Image file";
		fsb_strv_add(&lines, "A new sparse file on a loop device (direct I/O, so the image is not cached twice), formatted with every filesystem in turn.  The numbers describe the disk the file lives on, through its filesystem: use a partition for the truest comparison.");
		fsb_strv_add(&roles, "n");
		if (img.can_run)
			fsb_strv_add(&lines, "Enter asks for the file name and size; the file must not exist yet.");
		else
			fsb_strv_addf(&lines, "Needs root: %s.  Restart fsbench with sudo.", img.why_root);
		fsb_strv_add(&roles, img.can_run ? "d" : "r");
	} else {
		title = "Existing directory";
		fsb_strv_add(&lines, "Benchmarks the filesystem a directory is on, without formatting anything: one \"filesystem\" per run, compared across runs in the browser.  The phases work in a temporary directory inside it, removed afterwards.");
		fsb_strv_add(&roles, "n");
	}
	for (size_t i = 0; i < lines.n; i++) {
		size_t before = wrapped.n;

		wrap_hanging(fsb_text_display(lines.v[i], ui->utf8), r->w - 4, &wrapped);
		for (size_t k = before; k < wrapped.n; k++)
			fsb_strv_add(&wroles, roles.v[i]);
	}
	ui_box(ui, r, UI_FRAME, title);
	max = (int)wrapped.n - (r->h - 2);
	if (s->detail_scroll > max)
		s->detail_scroll = max > 0 ? max : 0;
	for (int i = 0; i < r->h - 2 && s->detail_scroll + i < (int)wrapped.n; i++) {
		size_t k = (size_t)(s->detail_scroll + i);
		char c = wroles.v[k][0];
		enum ui_role role = c == 'o' ? UI_OK : c == 'e' ? UI_ERROR : c == 'r' ? UI_REASON
				    : c == 'h' ? UI_LABEL : c == 'd' ? UI_DIM : UI_NORMAL;

		ui_put(r->y + 1 + i, r->x + 2, r->w - 4, role, wrapped.v[k]);
	}
	if (max > 0 && s->detail_scroll < max)
		ui_put(r->y + r->h - 1, r->x + r->w - 14, 12, UI_AXIS, " J/K scroll ");
	fsb_strv_free(&lines);
	fsb_strv_free(&roles);
	fsb_strv_free(&wrapped);
	fsb_strv_free(&wroles);
}

static void target_draw(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct target_state *s = S(ui);
	struct ui_rect lr, dr;
	const struct fsb_block *lb = fsb_doc_find(&s->list_doc, FSB_ROLE_DEVICE_LIST);
	const struct fsb_table *t = lb ? &lb->table : NULL;
	int cw[MAX_COLS] = { 0 };
	int y = body->y, lw, side = body->w >= 150;

	ui_putd(ui, y, 1, body->w - 2, UI_HEADING, "Where should fsbench run?");
	ui_putd(ui, y, 28, body->w - 29, UI_DIM, "grey devices are refused and say why");
	y++;
	if (!reqs_of(FSB_TARGET_DEVICE).can_run) {
		ui_putf(ui, y++, 1, body->w - 2, UI_WARNING,
			"Not root: devices and image files need root (%s); directories and the results browser (r) work.",
			reqs_of(FSB_TARGET_DEVICE).why_root);
	}
	if (s->scan_error[0])
		ui_putf(ui, y++, 1, body->w - 2, UI_ERROR, "cannot list the block devices: %s", s->scan_error);
	lw = side ? body->w * 3 / 5 : body->w;
	{
		int rest = body->y + body->h - y;
		int dh = side ? rest : rest / 2 > 7 ? rest / 2 : 7;
		int lh = side ? rest : rest - dh;

		lr = (struct ui_rect){ y, body->x, lh, lw };
		dr = side ? (struct ui_rect){ y, body->x + lw, rest, body->w - lw }
			  : (struct ui_rect){ y + lh, body->x, dh, body->w };
	}
	/* the columns and their widths are the document's */
	for (size_t c = 0; t && c < t->ncols && c < MAX_COLS; c++)
		cw[c] = fsb_devdoc_list_width(t, c, lr.w - 2);
	if (t)
		draw_cells(ui, lr.y, lr.x + 2, t, 0, cw, false);
	s->list_r = (struct ui_rect){ lr.y + 1, lr.x, lr.h - 1, lr.w };
	s->list_h = s->list_r.h;
	list_clamp(&s->list, s->list_h);
	for (int i = 0; i < s->list_h && s->list.top + i < s->list.n; i++) {
		int k = s->list.top + i;

		draw_row(ui, s->list_r.y + i, s->list_r.x, s->list_r.w, cw, t, &s->rows[k], k == s->list.cur);
	}
	draw_detail(ui, &dr);
	{
		const struct fsb_device *d = cur_dev(s);

		if (d && fsb_device_liftable(d))
			ui_hint(ui, "%s is refused as it is; Enter: choose it explicitly (%s)", d->path,
				fsb_device_liftable(d) & FSB_LIFT_WHOLE_DISK ? "the whole disk" : "on the root filesystem's disk");
		else if (d && d->verdict != FSB_DEVICE_USABLE)
			ui_hint(ui, "%s is refused: it cannot be formatted (see why above)", d->path);
		else if (d)
			ui_hint(ui, "Enter: plan a run on %s; you will be asked to type its name before anything is written", d->path);
		else
			ui_hint(ui, "Enter: choose; r: past results; ?: every key");
	}
}

static const struct ui_key target_keys[] = {
	{ .keys = { '\n', '\r', KEY_ENTER }, .name = "Enter", .bar = "Select", .help = "choose the highlighted target (refused devices cannot be chosen)", .fn = choose },
	{ .keys = { 'r' }, .name = "r", .bar = "Results", .help = "browse and compare past result files", .fn = results },
	{ .keys = { 'R', KEY_F(5) }, .name = "R F5", .bar = "Rescan", .help = "look for block devices again", .fn = rescan },
	{ .keys = { 'J', 'K' }, .name = "J K", .help = "scroll the detail pane down / up", .fn = detail_scroll },
	{ .name = "Up Down j k", .help = "move (also PgUp PgDn Home End g G)" },
	{ .name = NULL },
};

const struct ui_screen_ops ui_scr_target = {
	.name = "Target",
	.about = "Pick where the benchmark runs.  A spare partition or disk gives the truest numbers; it is formatted with every filesystem in turn, so only devices that pass every safety check (not mounted, not in fstab, not swap, not part of RAID/LVM/LUKS, not the system disk …) can be chosen.  Without one, use a new image file on a loop device.  A directory benchmarks the filesystem it is on without formatting.",
	.keys = target_keys,
	.init = target_init,
	.fini = target_fini,
	.enter = target_enter,
	.draw = target_draw,
	.key = target_key,
	.mouse = target_mouse,
};
