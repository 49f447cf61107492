/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Screen 3, Confirm.  For a device: everything that will be destroyed, as
 * the checks see it right now (path, size, model, every signature, label,
 * UUID), and a field where the device's name must be typed; an empty Enter,
 * Esc or a wrong name goes nowhere.  Nothing here ever times out into a
 * yes.  For an image file or a directory: a plain question, default No.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "engine/etaplan.h"
#include "model/browse.h"
#include "sys/interfere.h"
#include "widgets.h"
#include "doc/devdoc.h"
#include "engine/targetcheck.h"

struct confirm_state {
	struct fsb_device dev;   /* the device as checked on entry */
	bool have_dev;
	int check_rc;            /* 0 usable, else why not in check_err */
	char check_err[1024];
	struct ui_input name;    /* the typed device name */
	bool yes_focused;        /* image/dir: the Yes button has the focus */
	char error[512];         /* a wrong name, or why the run did not start */
	struct ui_rect buttons[2];
	char est[256];
	char quiet[512];         /* the machine is busy: the warning line, or "" */
	int top;                 /* the first row of the fields shown */
	int rows, rows_h;        /* the fields' rows, and the rows they had, as last drawn */
};

static struct confirm_state *S(struct ui_ctx *ui)
{
	return ui_state(ui, UI_SCR_CONFIRM);
}

static void *confirm_init(struct ui_ctx *ui)
{
	(void)ui;
	return fsb_xcalloc(1, sizeof(struct confirm_state));
}

static void release(struct confirm_state *s)
{
	if (s->have_dev)
		fsb_device_free(&s->dev);
	s->have_dev = false;
}

static void confirm_fini(struct ui_ctx *ui)
{
	release(S(ui));
	free(S(ui));
}

static struct fsb_device_opts dev_opts(const struct fsb_plan *p)
{
	return (struct fsb_device_opts){
		.fstab = p->fstab, .crypttab = p->crypttab,
		.allow_root_disk = p->allow_root_disk, .whole_disk = p->whole_disk,
	};
}

static int confirm_enter(struct ui_ctx *ui)
{
	struct confirm_state *s = S(ui);
	const struct fsb_plan *p = &ui->run_plan;
	struct fsb_err err = { 0 };

	release(s);
	input_set(&s->name, "");
	s->yes_focused = false;
	s->top = 0;
	s->error[0] = s->check_err[0] = '\0';
	if (p->target == FSB_TARGET_DEVICE) {
		struct fsb_device_opts o = dev_opts(p);

		/* the verdict again, now: the list may be minutes old */
		s->check_rc = fsb_device_check(p->path, &o, &s->dev, &err);
		s->have_dev = true;
		snprintf(s->check_err, sizeof(s->check_err), "%s", err.msg);
	}
	{
		/* is the machine quiet?  A warning, never a refusal; the result keeps it */
		struct fsb_quiet q;

		fsb_quiet_check("/proc", "/sys", 1.0, getpid(), &q);
		if (!fsb_quiet_warning(&q, &p->cfg->defaults.disturb, s->quiet, sizeof(s->quiet)))
			s->quiet[0] = '\0';
		free(ui->run_plan.quiet);
		ui->run_plan.quiet = s->quiet[0] ? fsb_xstrdup(s->quiet) : NULL;
	}
	{
		struct fsb_browse hist;
		struct fsb_eta_plan est;

		/* the estimate the plan screen showed and the run screen starts with */
		fsb_browse_scan(ui->results_dir, &hist, NULL);
		fsb_eta_plan(p, &hist, &est);
		fsb_eta_plan_text(&est, p->profile, s->est, sizeof(s->est));
		fsb_browse_free(&hist);
	}
	return UI_REDRAW;
}

static void confirm_leave(struct ui_ctx *ui)
{
	release(S(ui));
}

/* ---- answering ---------------------------------------------------------------------- */

static int start(struct ui_ctx *ui)
{
	struct confirm_state *s = S(ui);

	/* screens meet only through the screen table */
	if (ui->ops[UI_SCR_RUN]->start(ui)) {
		snprintf(s->error, sizeof(s->error), "%s", ui->msg);
		return UI_REDRAW;
	}
	ui_like_clear(ui);	/* the plan of a result is running: the next target leads to the plan screen */
	return ui_switch(ui, UI_SCR_RUN, false);
}

static int answer(struct ui_ctx *ui, bool yes)
{
	if (!yes)
		return ui_back(ui);
	return start(ui);
}

static int check_name(struct ui_ctx *ui)
{
	struct confirm_state *s = S(ui);
	struct fsb_plan *p = &ui->run_plan;
	char typed[sizeof(s->name.buf)];
	char *path;

	/* surrounding blanks go, nothing else: "loop3 whatever" names no device */
	snprintf(typed, sizeof(typed), "%s", s->name.buf + strspn(s->name.buf, " \t"));
	for (size_t n = strlen(typed); n && (typed[n - 1] == ' ' || typed[n - 1] == '\t'); n--)
		typed[n - 1] = '\0';
	if (!*typed)
		return ui_back(ui);	/* an empty answer is No */
	path = typed[0] == '/' ? fsb_xstrdup(typed) : fsb_xasprintf("/dev/%s", typed);
	if (!s->have_dev || s->check_rc || !fsb_device_same(path, s->dev.devno)) {
		snprintf(s->error, sizeof(s->error), "\"%.64s\" does not name %.64s: nothing was done.  Type %.64s, or Esc to go back.",
			 typed, p->path, p->path);
		input_set(&s->name, "");
		free(path);
		return UI_REDRAW;
	}
	free(p->yes_destroy);
	p->yes_destroy = path;
	return start(ui);
}

/* Up, Down, PgUp, PgDn scroll the fields when they do not fit (no letter:
 * letters are typed into a device's name).  Flags, 0 for another key. */
static int scroll_key(struct confirm_state *s, int key)
{
	return ui_scroll_key(key, &s->top, s->rows, s->rows_h, UI_SCROLL_LINES) ? UI_HANDLED | UI_REDRAW : 0;
}

static int confirm_key(struct ui_ctx *ui, int key)
{
	struct confirm_state *s = S(ui);
	int f = scroll_key(s, key);

	if (f)
		return f;
	if (ui->run_plan.target == FSB_TARGET_DEVICE) {
		switch (key) {
		case 27:
			return ui_back(ui);
		case '\n':
		case '\r':
		case KEY_ENTER:
			if (s->check_rc)
				return ui_back(ui);
			return check_name(ui);
		case '?':
		case KEY_F(1):
		case KEY_F(10):
			return 0;	/* help and quit, never part of a device name */
		}
		if (s->check_rc)
			return 0;
		if (input_key(&s->name, key)) {
			s->error[0] = '\0';
			return UI_HANDLED | UI_REDRAW;
		}
		return 0;
	}
	switch (yesno_key(key, &s->yes_focused)) {
	case YESNO_MOVED:
		return UI_HANDLED | UI_REDRAW;
	case YESNO_YES:
		return answer(ui, true);
	case YESNO_NO:
		return answer(ui, false);
	case YESNO_NONE:
		break;
	}
	return 0;
}

static int confirm_mouse(struct ui_ctx *ui, const MEVENT *m, const struct ui_rect *body)
{
	struct confirm_state *s = S(ui);

	(void)body;
	if (ui->run_plan.target == FSB_TARGET_DEVICE)
		return 0;
	for (int i = 0; i < 2; i++)
		if (m->y == s->buttons[i].y && m->x >= s->buttons[i].x && m->x < s->buttons[i].x + s->buttons[i].w)
			return answer(ui, i == 0);
	return 0;
}

/* ---- drawing -------------------------------------------------------------------------- */

/* One "Label    value" of the screen, before it is laid out. */
struct cfield {
	const char *label;       /* static; "" continues the field above */
	enum ui_role role;
	char *text;              /* display form */
	bool path;               /* wrapped at its '/'s, shortened in the middle */
};

struct cfields {
	struct cfield *v;
	size_t n;
};

/* One screen row of the fields. */
struct crow {
	const char *label;       /* on a field's first row, else NULL */
	enum ui_role role;
	char *text;
};

struct crows {
	struct crow *v;
	size_t n;
};

static void add(struct ui_ctx *ui, struct cfields *f, const char *label, enum ui_role role, bool path,
		const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static void add(struct ui_ctx *ui, struct cfields *f, const char *label, enum ui_role role, bool path,
		const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	f->v = fsb_xrealloc(f->v, (f->n + 1) * sizeof(*f->v));
	f->v[f->n++] = (struct cfield){ label, role, fsb_xstrdup(fsb_text_display(b.s ? b.s : "", ui->utf8)), path };
	fsb_buf_free(&b);
}

static void fields_free(struct cfields *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->v[i].text);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

static void row(struct crows *r, const char *label, enum ui_role role, const char *text)
{
	r->v = fsb_xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
	r->v[r->n++] = (struct crow){ label, role, fsb_xstrdup(text) };
}

static void rows_free(struct crows *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].text);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/* A path wrapped into lines of w columns at its '/'s: a reader must never
 * take "…172840.f" and "sbench" for two names.  Only a name longer than a
 * line is broken, and then with a mark at both ends of the break. */
static void wrap_path(const char *path, int w, bool utf8, struct fsb_strv *out)
{
	const char *mark = ui_cut_mark(utf8, UI_CUT_MIDDLE);
	struct fsb_buf line = { 0 };
	int cols = 0;

	if (w < 8)
		w = 8;
	for (const char *p = path; *p;) {
		size_t seg = strcspn(p + 1, "/") + 1;	/* the name and the '/' before it */
		char *t = fsb_xasprintf("%.*s", (int)seg, p);
		int tw = (int)fsb_text_width(t);

		if (cols && cols + tw > w) {
			fsb_strv_add(out, line.s);
			fsb_buf_free(&line);
			cols = 0;
		}
		/* a name longer than the line: cut, "…" where it goes on */
		while (cols + tw > w) {
			size_t n = fit_bytes(t, w - cols - 1);
			char *rest;

			fsb_buf_addn(&line, t, n);
			fsb_buf_add(&line, mark);
			fsb_strv_add(out, line.s);
			fsb_buf_free(&line);
			rest = fsb_xasprintf("%s%s", mark, t + n);
			free(t);
			t = rest;
			tw = (int)fsb_text_width(t);
			cols = 0;
		}
		fsb_buf_add(&line, t);
		cols += tw;
		free(t);
		p += seg;
	}
	if (line.s)
		fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
}

/* A path on one line of w columns: "…" in its middle, its first directory
 * and as much of its end as fits, so the file name's end shows. */
static char *short_path(const char *path, int w, bool utf8)
{
	const char *mark = ui_cut_mark(utf8, UI_CUT_MIDDLE);
	int head = 0;

	if ((int)fsb_text_width(path) <= w || w < 8)
		return fsb_xstrdup(path);
	/* "/tmp/" kept when it takes at most a third */
	if (path[0] == '/') {
		const char *e = strchr(path + 1, '/');

		if (e && (int)(e + 1 - path) <= w / 3)
			head = (int)(e + 1 - path);
	}
	return fsb_xasprintf("%.*s%s%s", head, path, mark, path + tail_bytes(path, w - head - 1));
}

/* The fields as rows of w columns; short_paths: each path on one line. */
static void layout(const struct cfields *f, int w, bool utf8, bool short_paths, struct crows *r)
{
	for (size_t i = 0; i < f->n; i++) {
		struct fsb_strv lines = { 0 };

		if (f->v[i].path && short_paths) {
			char *t = short_path(f->v[i].text, w, utf8);

			fsb_strv_add(&lines, t);
			free(t);
		} else if (f->v[i].path) {
			wrap_path(f->v[i].text, w, utf8, &lines);
		} else {
			wrap_text(f->v[i].text, w, &lines);
		}
		if (!lines.n)
			fsb_strv_add(&lines, "");
		for (size_t k = 0; k < lines.n; k++)
			row(r, k ? NULL : f->v[i].label, f->v[i].role, lines.v[k]);
		fsb_strv_free(&lines);
	}
}

/*
 * The fields from row y to above row lim.  A confirmation never drops a
 * line silently: when they do not fit, the paths go on one line each
 * ("…" in the middle); when that is not enough either, all of them, the
 * paths whole, scroll from s->top (Up, Down, PgUp, PgDn) above a row of
 * its own that says there is more above or below: a mark over the text's
 * end would hide what it marks.
 */
static void draw_fields(struct ui_ctx *ui, struct cfields *f, int y, int lim, int w)
{
	struct confirm_state *s = S(ui);
	struct crows r = { 0 };
	int h = lim - y, vw = w - 19;
	bool above, below;

	if (h < 1) {
		s->rows = s->rows_h = 0;
		fields_free(f);
		return;
	}
	layout(f, vw, ui->utf8, false, &r);
	if ((int)r.n > h) {
		rows_free(&r);
		layout(f, vw, ui->utf8, true, &r);
	}
	s->rows = (int)r.n;
	s->rows_h = h;
	if ((int)r.n > h && h > 1) {
		rows_free(&r);
		layout(f, vw, ui->utf8, false, &r);
		s->rows = (int)r.n;
		s->rows_h = --h;
	}
	if (s->top > s->rows - h)
		s->top = s->rows - h;
	if (s->top < 0)
		s->top = 0;
	for (int i = 0; i < h && s->top + i < (int)r.n; i++) {
		const struct crow *c = &r.v[s->top + i];

		if (c->label)
			ui_putd(ui, y + i, 3, 14, UI_LABEL, c->label);
		ui_put(y + i, 18, vw, c->role, c->text);
	}
	above = s->top > 0;
	below = s->top + h < (int)r.n;
	if (above || below)
		ui_putf(ui, y + h, 18, vw, UI_AXIS, "%s%s%s   (Up, Down, PgUp, PgDn)",
			above ? (ui->utf8 ? "▲ more above" : "^ more above") : "", above && below ? " · " : "",
			below ? (ui->utf8 ? "▼ more below" : "v more below") : "");
	rows_free(&r);
	fields_free(f);
}

static void plan_fields(struct ui_ctx *ui, struct cfields *f)
{
	const struct fsb_plan *p = &ui->run_plan;
	char *fs = fsb_strv_join(&p->fs, ", "), *ph = fsb_strv_join(&p->phases, ", ");
	struct confirm_state *s = S(ui);
	struct fsb_plan_reqs reqs;

	fsb_plan_reqs(p, &reqs);

	if (p->target != FSB_TARGET_DIR)
		add(ui, f, "Filesystems", UI_VALUE, false, "%s   (baseline %s)", fs, p->baseline);
	add(ui, f, "Phases", UI_VALUE, false, "%s", ph);
	if (fsb_plan_settles(p)) {
		char b[32];

		add(ui, f, "Profile", UI_NORMAL, false, "%s, rounds until the verdict is settled (budget %s), page cache %s",
		    p->profile, fsb_format_budget(fsb_plan_budget(p), b, sizeof(b)),
		    reqs.drop_caches ? "dropped before every phase" : "kept");
	} else {
		add(ui, f, "Profile", UI_NORMAL, false, "%s, %ld repetition%s, page cache %s", p->profile,
		    p->repeat, p->repeat == 1 ? "" : "s", reqs.drop_caches ? "dropped before every phase" : "kept");
	}
	add(ui, f, "Estimate", UI_NORMAL, false, "%s", s->est);
	if (s->quiet[0])
		add(ui, f, "Busy machine", UI_WARNING, false, "%s", s->quiet);
	add(ui, f, "Result file", UI_DIM, true, "%s", p->output);
	free(fs);
	free(ph);
}

static void draw_question(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct confirm_state *s = S(ui);
	const struct fsb_plan *p = &ui->run_plan;
	struct cfields f = { 0 };
	char size[32];
	int y = body->y + 1, w = body->w, lim = body->y + body->h - 4;

	if (p->target == FSB_TARGET_IMAGE) {
		ui_putd(ui, y++, 1, w - 2, UI_HEADING, "Start the run on a new image file?");
		y++;
		fsb_format_size(p->image_size, size, sizeof(size));
		add(ui, &f, "Image file", UI_VALUE, true, "%s", p->path);
		add(ui, &f, "", UI_NORMAL, false,
		    "a new %s sparse file, attached to a loop device, formatted with each filesystem in turn, and removed after the run",
		    size);
	} else {
		ui_putd(ui, y++, 1, w - 2, UI_HEADING, "Start the run in this directory?");
		y++;
		add(ui, &f, "Directory", UI_VALUE, true, "%s", p->path);
		add(ui, &f, "", UI_NORMAL, false,
		    "nothing is formatted: the phases work in a temporary directory inside it, removed afterwards");
	}
	plan_fields(ui, &f);
	draw_fields(ui, &f, y, lim, w);
	y += s->rows <= s->rows_h ? s->rows : s->rows_h + 1;
	y++;
	{
		const char *yes = "[ Yes, start ]", *no = "[ No ]";
		int wy = (int)strlen(yes), wn = (int)strlen(no), x = (w - wy - wn - 6) / 2;

		ui_put(y, x, wy, s->yes_focused ? UI_BUTTON_FOCUS : UI_BUTTON, yes);
		ui_put(y, x + wy + 6, wn, s->yes_focused ? UI_BUTTON : UI_BUTTON_FOCUS, no);
		s->buttons[0] = (struct ui_rect){ y, x, 1, wy };
		s->buttons[1] = (struct ui_rect){ y, x + wy + 6, 1, wn };
	}
	y += 2;
	if (s->error[0])
		ui_putd(ui, y, 1, w - 2, UI_ERROR, s->error);
	ui_hint(ui, s->rows > s->rows_h ? "y starts the run · n, Esc go back · Up, Down, PgUp, PgDn scroll the plan"
					: "y starts the run · n, Esc or Enter on [ No ] go back to the plan");
}

/* text (as the terminal shows it) wrapped at column 3, from row y, at
 * most max rows and none at or below bottom.  Returns the next row. */
static int put_wrapped(int y, int bottom, int w, enum ui_role role, const char *text, size_t max)
{
	struct fsb_strv lines = { 0 };

	wrap_text(text, w - 4, &lines);
	for (size_t i = 0; i < lines.n && i < max && y < bottom; i++)
		ui_put(y++, 3, w - 4, role, lines.v[i]);
	fsb_strv_free(&lines);
	return y;
}

/* The device changed since it was listed: it is refused now. */
static void draw_refused(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct confirm_state *s = S(ui);
	int y = body->y, w = body->w;

	ui_putf(ui, y++, 1, w - 2, UI_ERROR, " %s cannot be used now ", ui->run_plan.path);
	y++;
	y = put_wrapped(y, body->y + body->h, w, UI_REASON, fsb_text_display(s->check_err, ui->utf8), SIZE_MAX);
	y++;
	ui_putd(ui, y, 3, w - 4, UI_NORMAL, "Nothing was touched.  Esc or Enter goes back.");
	ui_hint(ui, "the device changed since it was listed: it is refused now");
}

/* What will be destroyed, from row y to above row lim: the device's
 * document (doc/devdoc.h), its partitions apart below, in the danger
 * color; then the plan. */
static void device_fields(struct ui_ctx *ui, const struct fsb_device *d, int y, int lim, int w)
{
	struct fsb_doc doc = { 0 };
	const struct fsb_block *facts, *sigs;
	struct fsb_buf id = { 0 };
	struct cfields f = { 0 };
	char *t, *l, *u;

	fsb_doc_device(d, &doc);
	facts = fsb_doc_find(&doc, FSB_ROLE_DEVICE_FACTS);
	sigs = fsb_doc_find(&doc, FSB_ROLE_DEVICE_SIGS);
	add(ui, &f, "Device", UI_VALUE, false, "%s (%s), %s (%llu bytes)", d->path, d->majmin,
	    facts->nkv ? facts->kv[0].values.v[0] : "", d->size);
	for (size_t i = 1; i < facts->nkv; i++)
		if (strcmp(facts->kv[i].key, FSB_FACT_PARTITIONS))
			fsb_buf_addf(&id, "%s%s", id.s ? ", " : "", facts->kv[i].values.v[0]);
	if (id.s)
		add(ui, &f, "Identity", UI_NORMAL, false, "%s", id.s);
	fsb_buf_free(&id);
	t = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_TYPE, "");
	if (!t)
		t = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_PTTYPE, "");
	l = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_LABEL, "");
	u = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_UUID, "");
	add(ui, &f, "Contains", d->fstype ? UI_DANGER : UI_NORMAL, false, "%s%s%s%s%s",
	    t ? t : "no filesystem libblkid knows", l ? ", label " : "", l ? l : "", u ? ", UUID " : "",
	    u ? u : "");
	free(t);
	free(l);
	free(u);
	for (size_t i = 0; i < sigs->nkv; i++) {
		char *j = fsb_strv_join(&sigs->kv[i].values, " ");

		add(ui, &f, i ? "" : "Signatures", UI_NORMAL, false, "at %s: %s", sigs->kv[i].key, j);
		free(j);
	}
	fsb_doc_free(&doc);
	if (d->partitions.n) {
		char *parts = fsb_strv_join(&d->partitions, ", ");

		add(ui, &f, "Partitions", UI_DANGER, false, "%s", parts);
		free(parts);
	}
	plan_fields(ui, &f);
	draw_fields(ui, &f, y, lim, w);
}

static void draw_device(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct confirm_state *s = S(ui);
	const struct fsb_device *d = &s->dev;
	int y = body->y, w = body->w, bottom = body->y + body->h;
	char *name = strrchr(d->path, '/'), *t;

	if (s->check_rc) {
		draw_refused(ui, body);
		return;
	}
	ui_putf(ui, y++, 1, w - 2, UI_DANGER, "ALL DATA ON %s WILL BE DESTROYED", d->path);
	y++;
	/* the question stays at the bottom; what will be destroyed fills the rest */
	device_fields(ui, d, y, bottom - 6, w);
	y = bottom - 5;
	t = fsb_xasprintf("Type the device name (%s or %s) and press Enter to format it.  An empty Enter or Esc goes back; nothing happens by itself.",
			  d->path, name ? name + 1 : d->path);
	put_wrapped(y, bottom, w, UI_NORMAL, t, 2);
	free(t);
	y = bottom - 3;
	ui_putd(ui, y, 3, 14, UI_LABEL, "Device name:");
	ui_draw_input(ui, y, 18, 32, &s->name, true);
	y++;
	if (s->error[0])
		put_wrapped(y, bottom, w, UI_ERROR, fsb_text_display(s->error, ui->utf8), SIZE_MAX);
	ui_hint(ui, "the device name is the only way forward; Esc goes back to the plan");
}

static void confirm_draw(struct ui_ctx *ui, const struct ui_rect *body)
{
	if (ui->run_plan.target == FSB_TARGET_DEVICE)
		draw_device(ui, body);
	else
		draw_question(ui, body);
}

static bool question(struct ui_ctx *ui)
{
	return ui->run_plan.target != FSB_TARGET_DEVICE;
}

static const struct ui_key confirm_keys[] = {
	{ .name = "y", .help = "yes, start the run (image files and directories)" },
	{ .name = "n Esc", .help = "no, back to the plan (Enter on the default [ No ] too)" },
	{ .name = "Left Right Tab", .help = "move between the buttons" },
	{ .name = "Up Down PgUp PgDn", .help = "scroll what will be done, when it is longer than the screen" },
	{ .name = "(a device)", .help = "type its name, then Enter; Esc or an empty Enter goes back" },
	/* key bar labels of the keys above */
	{ .keys = { 'y' }, .name = "y", .bar = "Start", .when = question },
	{ .keys = { 27 }, .name = "Esc", .bar = "Back" },
	{ .name = NULL },
};

const struct ui_screen_ops ui_scr_confirm = {
	.name = "Confirm",
	.about = "The last look before anything is written.  A device's contents are listed as the safety checks see them right now; to go on, type the device's name.  A wrong name does nothing, and nothing goes on by itself.",
	.keys = confirm_keys,
	.init = confirm_init,
	.fini = confirm_fini,
	.enter = confirm_enter,
	.leave = confirm_leave,
	.draw = confirm_draw,
	.key = confirm_key,
	.mouse = confirm_mouse,
};
