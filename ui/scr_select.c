/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Screen 2, Plan: tick filesystems and phases, choose the size profile,
 * repetitions, baseline and whether caches are dropped.  Unavailable
 * filesystems and phases are grey with the reason and cannot be ticked.
 * The estimate comes from earlier result files with the same profile.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/avail.h"
#include "engine/etaplan.h"
#include "engine/planargs.h"
#include "model/browse.h"
#include "devices/fs.h"
#include "model/prereq.h"
#include "model/recommend.h"
#include "widgets.h"
#include "engine/targetcheck.h"

enum pane { PANE_FS, PANE_PHASES, PANE_OPTS, NPANES };
enum opt { OPT_PROFILE, OPT_REPEAT, OPT_BUDGET, OPT_BASELINE, OPT_DROP, OPT_USE, NOPTS };

struct prow {
	bool group;              /* a group heading: Space ticks the whole group */
	const char *name;        /* the group's name */
	const char *about;       /* its words after the name (the config's group section), or "" */
	bool ages;               /* the aging group (fsb_plan_group_ages): its tick is --age */
	size_t idx;              /* a phase: index into cfg->phases */
};

struct plan_state {
	bool ready;
	enum pane pane;
	struct ui_list fs, ph, opt;
	struct ui_rect fs_r, ph_r, opt_r;   /* list areas at the last draw, for clicks */
	bool *fs_tick, *ph_tick;
	char **fs_why, **fs_short;   /* per cfg->fs: why unavailable (full, short), NULL = fine */
	char **ph_why, **ph_note;    /* per cfg->phases, for the profile in ph_profile */
	char *ph_profile;
	struct prow *prow;
	struct fsb_browse hist;      /* earlier results, for the estimate */
	struct fsb_eta_plan est;     /* the one every screen shows (engine/etaplan.h) */
	double aging_s;              /* what the aging group takes a round, ticked or not; NAN unknown */
};

static struct plan_state *S(struct ui_ctx *ui)
{
	return ui_state(ui, UI_SCR_PLAN);
}

static void *plan_init(struct ui_ctx *ui)
{
	struct plan_state *s = fsb_xcalloc(1, sizeof(*s));
	const struct fsb_config *cfg = ui->cfg;

	s->fs_tick = fsb_xcalloc(cfg->nfs + 1, sizeof(bool));
	s->fs_why = fsb_xcalloc(cfg->nfs + 1, sizeof(char *));
	s->fs_short = fsb_xcalloc(cfg->nfs + 1, sizeof(char *));
	s->ph_tick = fsb_xcalloc(cfg->nphases + 1, sizeof(bool));
	s->ph_why = fsb_xcalloc(cfg->nphases + 1, sizeof(char *));
	s->ph_note = fsb_xcalloc(cfg->nphases + 1, sizeof(char *));
	s->prow = fsb_xcalloc(2 * cfg->nphases + 1, sizeof(*s->prow));
	s->opt.n = NOPTS;
	return s;
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i]);
		v[i] = NULL;
	}
}

static void plan_fini(struct ui_ctx *ui)
{
	struct plan_state *s = S(ui);

	free_strs(s->fs_why, ui->cfg->nfs);
	free_strs(s->fs_short, ui->cfg->nfs);
	free_strs(s->ph_why, ui->cfg->nphases);
	free_strs(s->ph_note, ui->cfg->nphases);
	free(s->fs_tick);
	free(s->fs_why);
	free(s->fs_short);
	free(s->ph_tick);
	free(s->ph_why);
	free(s->ph_note);
	free(s->prow);
	free(s->ph_profile);
	fsb_browse_free(&s->hist);
	free(s);
}

/* Phase availability depends on the profile (kernel source, tarballs). */
static void check_phases(struct ui_ctx *ui)
{
	struct plan_state *s = S(ui);
	const struct fsb_config *cfg = ui->cfg;
	const struct fsb_size_profile *prof = fsb_config_profile(cfg, ui->plan.profile);
	struct fsb_workload wl;

	if (!prof || (s->ph_profile && strcmp(s->ph_profile, prof->name) == 0))
		return;
	free(s->ph_profile);
	s->ph_profile = fsb_xstrdup(prof->name);
	free_strs(s->ph_why, cfg->nphases);
	free_strs(s->ph_note, cfg->nphases);
	fsb_workload_init(&wl, cfg, prof);
	for (size_t i = 0; i < cfg->nphases; i++) {
		struct fsb_err why = { 0 }, note = { 0 };

		/* the tick stays: it counts again when another profile makes the phase possible */
		if (fsb_phase_available(cfg->phases[i], &wl, prof, &why, &note)) {
			s->ph_why[i] = fsb_xstrdup(why.msg);
		} else if (note.msg[0]) {
			s->ph_note[i] = fsb_xstrdup(note.msg);
		}
	}
	fsb_workload_free(&wl);
}

/* ---- prerequisites: the ticks stay a plan that can run (model/prereq.h) ---------------- */

struct ticks {
	struct fsb_prereq_ticks t;
	size_t *order;           /* the phase rows, in run order */
	bool *can;               /* not grey */
};

static void ticks_get(struct ui_ctx *ui, struct ticks *k)
{
	struct plan_state *s = S(ui);
	size_t n = 0;

	k->order = fsb_xcalloc(ui->cfg->nphases + 1, sizeof(size_t));
	k->can = fsb_xcalloc(ui->cfg->nphases + 1, sizeof(bool));
	for (int r = 0; r < s->ph.n; r++)
		if (!s->prow[r].group)
			k->order[n++] = s->prow[r].idx;
	for (size_t i = 0; i < ui->cfg->nphases; i++)
		k->can[i] = !s->ph_why[i];
	k->t = (struct fsb_prereq_ticks){ ui->cfg, k->order, n, s->ph_tick, k->can };
}

static void ticks_put(struct ticks *k)
{
	free(k->order);
	free(k->can);
}

/* "a", "a and b", "a, b and c" */
static char *and_list(const struct fsb_strv *v)
{
	struct fsb_buf b = { 0 };

	fsb_buf_add(&b, "");
	for (size_t i = 0; i < v->n; i++)
		fsb_buf_addf(&b, "%s%s", i == 0 ? "" : i + 1 == v->n ? " and " : ", ", v->v[i]);
	return fsb_buf_steal(&b);
}

/* On the hint line: what ticking (on) or unticking who changed besides. */
static void say_changes(struct ui_ctx *ui, const char *who, bool on, const struct fsb_strv *ticked,
			const struct fsb_strv *unticked)
{
	char *t = and_list(ticked), *u = and_list(unticked);
	bool one = unticked->n == 1;

	if (on && ticked->n && unticked->n)
		ui_message(ui, UI_WARNING, "Ticked %s too: %s needs %s before it; unticked %s: %s cannot run with it in this order",
			   t, who, ticked->n == 1 ? "it" : "them", u, one ? "it" : "they");
	else if (on && ticked->n)
		ui_message(ui, UI_WARNING, "Ticked %s too: %s needs %s before it", t, who, ticked->n == 1 ? "it" : "them");
	else if (on && unticked->n)
		ui_message(ui, UI_WARNING, "Unticked %s: %s cannot run with %s in this order", u, one ? "it" : "they", who);
	else if (unticked->n)
		ui_message(ui, UI_WARNING, "Unticked %s too: %s %s before %s", u, one ? "it needs" : "they need", who,
			   one ? "it" : "them");
	free(t);
	free(u);
}

/* Tick or untick one phase, with what it needs or what needs it. */
static void tick_phase(struct ui_ctx *ui, size_t idx, bool on)
{
	struct ticks k;
	struct fsb_strv t = { 0 }, u = { 0 };
	struct fsb_err err = { 0 };

	ticks_get(ui, &k);
	if (!on)
		fsb_prereq_untick(&k.t, idx, &u);
	if (on && fsb_prereq_tick(&k.t, idx, &t, &u, &err))
		ui_message(ui, UI_ERROR, "%s", err.msg);
	else
		say_changes(ui, ui->cfg->phases[idx]->name, on, &t, &u);
	ticks_put(&k);
	fsb_strv_free(&t);
	fsb_strv_free(&u);
}

/* The plan's lists from the ticks, in the order the rows show them. */
static void sync_plan(struct ui_ctx *ui)
{
	struct plan_state *s = S(ui);
	const struct fsb_config *cfg = ui->cfg;
	struct fsb_plan *p = &ui->plan;
	struct ticks k;
	bool *run = fsb_xcalloc(cfg->nphases + 1, sizeof(bool));

	/* a tick whose prerequisite cannot run now stays, and is not run */
	ticks_get(ui, &k);
	fsb_prereq_runnable(&k.t, run);
	ticks_put(&k);
	fsb_strv_free(&p->fs);
	for (size_t i = 0; i < cfg->nfs; i++)
		if (s->fs_tick[i])
			fsb_strv_add(&p->fs, cfg->fs[i]->name);
	fsb_strv_free(&p->phases);
	for (int r = 0; r < s->ph.n; r++)
		if (!s->prow[r].group && run[s->prow[r].idx])
			fsb_strv_add(&p->phases, cfg->phases[s->prow[r].idx]->name);
	free(run);
	if (p->fs.n && (!p->baseline || !fsb_strv_contains(&p->fs, p->baseline))) {
		free(p->baseline);
		p->baseline = fsb_xstrdup(fsb_strv_contains(&p->fs, cfg->defaults.baseline) ? cfg->defaults.baseline
											   : p->fs.v[0]);
	}
	fsb_eta_plan(p, &s->hist, &s->est);
	{
		struct fsb_strv group = { 0 };

		fsb_plan_aging_group(cfg, &group);
		s->aging_s = group.n ? fsb_eta_plan_phases(p, &s->hist, &group) : NAN;
		fsb_strv_free(&group);
	}
}

static void setup(struct ui_ctx *ui)
{
	struct plan_state *s = S(ui);
	const struct fsb_config *cfg = ui->cfg;
	struct fsb_strv groups = { 0 };
	int n = 0;

	for (size_t i = 0; i < cfg->nfs; i++) {
		const struct fsb_fs_profile *p = cfg->fs[i];
		struct fsb_err why = { 0 }, brief = { 0 };

		/* the short form for the list; the full one is in the status line */
		if (fsb_fs_available_brief(p, &why, &brief)) {
			s->fs_why[i] = fsb_xstrdup(why.msg);
			s->fs_short[i] = fsb_xstrdup(brief.msg[0] ? brief.msg : why.msg);
		}
		s->fs_tick[i] = !s->fs_why[i] && fsb_strv_contains(&ui->plan.fs, p->name);
	}
	for (size_t i = 0; i < cfg->nphases; i++)
		if (!fsb_strv_contains(&groups, cfg->phases[i]->group))
			fsb_strv_add(&groups, cfg->phases[i]->group);
	for (size_t g = 0; g < groups.n; g++) {
		const struct fsb_phase_group *grp = fsb_config_group(cfg, groups.v[g]);

		s->prow[n++] = (struct prow){ .group = true, .name = NULL, .about = grp ? grp->description : "",
					      .ages = fsb_plan_group_ages(groups.v[g]) };
		for (size_t i = 0; i < cfg->nphases; i++)
			if (strcmp(cfg->phases[i]->group, groups.v[g]) == 0) {
				if (!s->prow[n - 1].name && s->prow[n - 1].group)
					s->prow[n - 1].name = cfg->phases[i]->group;
				s->prow[n++] = (struct prow){ .group = false, .idx = i };
				s->ph_tick[i] = fsb_strv_contains(&ui->plan.phases, cfg->phases[i]->name);
			}
	}
	fsb_strv_free(&groups);
	s->fs.n = (int)cfg->nfs;
	s->ph.n = n;
	s->ph.cur = 1;
	s->ready = true;
}

static int plan_enter(struct ui_ctx *ui)
{
	struct plan_state *s = S(ui);
	struct fsb_err err = { 0 };

	if (!s->ready)
		setup(ui);
	check_phases(ui);
	fsb_browse_free(&s->hist);
	fsb_browse_scan(ui->results_dir, &s->hist, &err);
	if (ui->plan.target == FSB_TARGET_DIR && s->pane == PANE_FS)
		s->pane = PANE_PHASES;
	sync_plan(ui);
	return UI_REDRAW;
}

/* ---- keys ------------------------------------------------------------------------------ */

static struct ui_list *pane_list(struct plan_state *s)
{
	return s->pane == PANE_FS ? &s->fs : s->pane == PANE_PHASES ? &s->ph : &s->opt;
}

static int pane_height(struct plan_state *s)
{
	const struct ui_rect *r = s->pane == PANE_FS ? &s->fs_r : s->pane == PANE_PHASES ? &s->ph_r : &s->opt_r;

	return r->h > 0 ? r->h : 10;
}

/* Every phase of the group, one by one, so that each brings what it needs
 * (from other groups too) and takes along what needs it. */
static void tick_group(struct ui_ctx *ui, int row)
{
	struct plan_state *s = S(ui);
	struct fsb_strv t = { 0 }, u = { 0 }, mine = { 0 };
	struct ticks k;
	bool all = true;

	for (int r = row + 1; r < s->ph.n && !s->prow[r].group; r++) {
		fsb_strv_add(&mine, ui->cfg->phases[s->prow[r].idx]->name);
		if (!s->ph_why[s->prow[r].idx] && !s->ph_tick[s->prow[r].idx])
			all = false;
	}
	ticks_get(ui, &k);
	for (int r = row + 1; r < s->ph.n && !s->prow[r].group; r++) {
		size_t i = s->prow[r].idx;

		if (all)
			fsb_prereq_untick(&k.t, i, &u);
		else if (s->ph_why[i])
			s->ph_tick[i] = false;	/* as before: a group tick takes no grey phase */
		else if (!s->ph_tick[i])
			fsb_prereq_tick(&k.t, i, &t, &u, NULL);	/* what cannot run stays unticked */
	}
	ticks_put(&k);
	/* say only what changed outside the group */
	{
		struct fsb_strv t2 = { 0 }, u2 = { 0 };

		for (size_t i = 0; i < t.n; i++)
			if (!fsb_strv_contains(&mine, t.v[i]))
				fsb_strv_add(&t2, t.v[i]);
		for (size_t i = 0; i < u.n; i++)
			if (!fsb_strv_contains(&mine, u.v[i]))
				fsb_strv_add(&u2, u.v[i]);
		if (t2.n || u2.n) {
			char *tl = and_list(&t2), *ul = and_list(&u2);
			const char *g = s->prow[row].name ? s->prow[row].name : "";
			struct fsb_buf b = { 0 };

			if (t2.n)
				fsb_buf_addf(&b, "Ticked %s too: the phases of %s need %s before them", tl, g,
					     t2.n == 1 ? "it" : "them");
			if (u2.n && !all)
				fsb_buf_addf(&b, "%s %s: %s cannot run with the phases of %s in this order",
					     t2.n ? "; unticked" : "Unticked", ul, u2.n == 1 ? "it" : "they", g);
			else if (u2.n)
				fsb_buf_addf(&b, "Unticked %s too: %s the phases of %s before %s", ul,
					     u2.n == 1 ? "it needs" : "they need", g, u2.n == 1 ? "it" : "them");
			ui_message(ui, UI_WARNING, "%s", b.s);
			fsb_buf_free(&b);
			free(tl);
			free(ul);
		}
		fsb_strv_free(&t2);
		fsb_strv_free(&u2);
	}
	fsb_strv_free(&t);
	fsb_strv_free(&u);
	fsb_strv_free(&mine);
}

static void cycle_profile(struct ui_ctx *ui, int dir)
{
	const struct fsb_config *cfg = ui->cfg;
	size_t i = 0;

	if (!cfg->nprofiles)
		return;
	while (i < cfg->nprofiles && strcmp(cfg->profiles[i]->name, ui->plan.profile))
		i++;
	i = i == cfg->nprofiles ? 0 : (i + cfg->nprofiles + (size_t)(dir > 0 ? 1 : cfg->nprofiles - 1)) % cfg->nprofiles;
	free(ui->plan.profile);
	ui->plan.profile = fsb_xstrdup(cfg->profiles[i]->name);
	check_phases(ui);
}

static void cycle_baseline(struct ui_ctx *ui, int dir)
{
	struct fsb_plan *p = &ui->plan;
	size_t i = 0;

	if (p->fs.n < 2) {
		ui_message(ui, UI_WARNING, "tick a second filesystem to choose a baseline among them");
		return;
	}
	while (i < p->fs.n && strcmp(p->fs.v[i], p->baseline))
		i++;
	i = (i + p->fs.n + (size_t)(dir > 0 ? 1 : p->fs.n - 1)) % p->fs.n;
	free(p->baseline);
	p->baseline = fsb_xstrdup(p->fs.v[i]);
}

/* The budget's steps on the plan screen; from the profile's, the next one up or down. */
static void change_budget(struct fsb_plan *p, int dir)
{
	static const double steps[] = { 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200,
					10800, 14400, 21600, 28800, 36000, 43200, 86400 };
	double b = fsb_plan_budget(p);
	size_t i = 0;

	if (dir > 0) {
		while (i + 1 < FSB_ARRAY_SIZE(steps) && steps[i] <= b)
			i++;
	} else {
		i = FSB_ARRAY_SIZE(steps) - 1;
		while (i > 0 && steps[i] >= b)
			i--;
	}
	p->budget = steps[i];
}

/* Change option o by dir (Space and Right: +1, Left: -1). */
static void change_opt(struct ui_ctx *ui, int o, int dir)
{
	switch (o) {
	case OPT_PROFILE:
		cycle_profile(ui, dir);
		break;
	case OPT_REPEAT:
		/* "until settled" below 1, where the profile has a budget */
		if (fsb_plan_settles(&ui->plan)) {
			ui->plan.settle = false;
			ui->plan.repeat = dir > 0 ? 2 : 1;
			break;
		}
		if (ui->plan.repeat == 1 && dir < 0 && !ui->plan.settle) {
			ui->plan.settle = true;
			if (fsb_plan_settles(&ui->plan))
				break;
			ui->plan.settle = false;
		}
		ui->plan.settle = false;
		ui->plan.repeat += dir;
		if (ui->plan.repeat < 1)
			ui->plan.repeat = 1;
		if (ui->plan.repeat > 99)
			ui->plan.repeat = 99;
		break;
	case OPT_BUDGET:
		change_budget(&ui->plan, dir);
		break;
	case OPT_BASELINE:
		cycle_baseline(ui, dir);
		break;
	case OPT_DROP:
		ui->plan.drop_caches = !ui->plan.drop_caches;
		break;
	case OPT_USE: {
		/* what the disk is for: told to the run, recorded in its
		 * result, the recommendation's use when it is viewed (u
		 * there shows another) */
		size_t n, i = 0;
		const struct fsb_use *uses = fsb_use_all(&n);
		const char *cur = ui->plan.use ? ui->plan.use : FSB_USE_DEFAULT;

		while (i < n && strcmp(uses[i].name, cur))
			i++;
		ui->plan.use = uses[(i + n + (size_t)(dir > 0 ? 1 : n - 1)) % n].name;
		break;
	}
	}
}

static int toggle(struct ui_ctx *ui, int key)
{
	struct plan_state *s = S(ui);

	(void)key;
	if (s->pane == PANE_FS) {
		int i = s->fs.cur;

		if (i < 0)
			return 0;
		if (s->fs_why[i]) {
			ui_message(ui, UI_ERROR, "%s is unavailable: %s", ui->cfg->fs[i]->name, s->fs_why[i]);
			return UI_REDRAW;
		}
		s->fs_tick[i] = !s->fs_tick[i];
	} else if (s->pane == PANE_PHASES) {
		const struct prow *r = s->ph.cur >= 0 ? &s->prow[s->ph.cur] : NULL;

		if (!r)
			return 0;
		if (r->group) {
			tick_group(ui, s->ph.cur);
		} else if (s->ph_why[r->idx]) {
			ui_message(ui, UI_ERROR, "%s cannot run here: %s", ui->cfg->phases[r->idx]->name, s->ph_why[r->idx]);
			return UI_REDRAW;
		} else {
			tick_phase(ui, r->idx, !s->ph_tick[r->idx]);
		}
	} else {
		change_opt(ui, s->opt.cur, 1);
	}
	sync_plan(ui);
	return UI_REDRAW;
}

static int all_none(struct ui_ctx *ui, int key)
{
	struct plan_state *s = S(ui);
	bool on = key == 'a';

	if (s->pane == PANE_FS) {
		for (size_t i = 0; i < ui->cfg->nfs; i++)
			s->fs_tick[i] = on && !s->fs_why[i];
	} else if (s->pane == PANE_PHASES) {
		for (size_t i = 0; i < ui->cfg->nphases; i++)
			s->ph_tick[i] = on && !s->ph_why[i];
	} else {
		return UI_HANDLED;
	}
	sync_plan(ui);
	return UI_REDRAW;
}

static int next_pane(struct ui_ctx *ui, int key)
{
	struct plan_state *s = S(ui);
	int dir = key == KEY_BTAB || key == KEY_LEFT || key == 'h' ? -1 : 1;

	do
		s->pane = (enum pane)(((int)s->pane + NPANES + dir) % NPANES);
	while (s->pane == PANE_FS && ui->plan.target == FSB_TARGET_DIR);
	return UI_REDRAW;
}

static int opt_key(struct ui_ctx *ui, int key)
{
	/* each option's keys: the next value, or the one before */
	static const struct {
		int key;
		enum opt opt;
		int step;
	} keys[] = {
		{ 'p', OPT_PROFILE, 1 }, { 'P', OPT_PROFILE, -1 },
		{ '+', OPT_REPEAT, 1 }, { '=', OPT_REPEAT, 1 }, { '-', OPT_REPEAT, -1 },
		{ 'b', OPT_BASELINE, 1 }, { 'B', OPT_BASELINE, -1 },
		{ 'd', OPT_DROP, 1 },
		{ 'u', OPT_BUDGET, 1 }, { 'U', OPT_BUDGET, -1 },
		{ 'f', OPT_USE, 1 }, { 'F', OPT_USE, -1 },
	};

	for (size_t i = 0; i < FSB_ARRAY_SIZE(keys); i++)
		if (keys[i].key == key)
			change_opt(ui, keys[i].opt, keys[i].step);
	sync_plan(ui);
	return UI_REDRAW;
}

/* The same run as a batch command, written by the code `fsbench run` parses
 * its options with: recorded in the result, for reproduction. */
static char *command_line(const struct fsb_plan *p)
{
	char *line = fsb_plan_command_line(p), *s = fsb_xasprintf("%s   # from the fsbench TUI", line);

	free(line);
	return s;
}

static int go_on(struct ui_ctx *ui, int key)
{
	struct fsb_plan p;
	struct fsb_plan_reqs reqs;

	(void)key;
	fsb_plan_reqs(&ui->plan, &reqs);
	if (!reqs.can_run) {
		ui_message(ui, UI_ERROR, "formatting needs root (%s): restart fsbench with sudo, or pick a directory (t)",
			   reqs.why_root);
		return UI_REDRAW;
	}
	fsb_plan_copy(&p, &ui->plan);
	free(p.output);
	p.output = NULL;
	free(p.command_line);
	p.command_line = command_line(&p);
	return ui_confirm_plan(ui, &p, NULL);
}

static int to_target(struct ui_ctx *ui, int key)
{
	(void)key;
	return ui_back(ui);
}

static int results(struct ui_ctx *ui, int key)
{
	(void)key;
	return ui_switch(ui, UI_SCR_BROWSE, true);
}

static int plan_key(struct ui_ctx *ui, int key)
{
	struct plan_state *s = S(ui);

	if (s->pane == PANE_OPTS && (key == KEY_LEFT || key == KEY_RIGHT || key == 'h' || key == 'l')) {
		change_opt(ui, s->opt.cur, key == KEY_LEFT || key == 'h' ? -1 : 1);
		sync_plan(ui);
		return UI_HANDLED | UI_REDRAW;
	}
	if (key == KEY_LEFT || key == KEY_RIGHT || key == 'h' || key == 'l')
		return next_pane(ui, key);
	return list_key(pane_list(s), key, pane_height(s), NULL, NULL);
}

static int plan_mouse(struct ui_ctx *ui, const MEVENT *m, const struct ui_rect *body)
{
	struct plan_state *s = S(ui);
	const struct ui_rect *rs[NPANES] = { &s->fs_r, &s->ph_r, &s->opt_r };
	struct ui_list *ls[NPANES] = { &s->fs, &s->ph, &s->opt };

	(void)body;
	for (int p = 0; p < NPANES; p++) {
		int i = list_hit(ls[p], rs[p], m->y);

		if (i < 0 || m->x < rs[p]->x || m->x >= rs[p]->x + rs[p]->w)
			continue;
		if (p == PANE_FS && ui->plan.target == FSB_TARGET_DIR)
			return UI_HANDLED;
		s->pane = (enum pane)p;
		ls[p]->cur = i;
		/* a click on the box ticks it, a double click anywhere on the row */
		if ((m->x < rs[p]->x + 4) || (m->bstate & BUTTON1_DOUBLE_CLICKED))
			return toggle(ui, ' ') | UI_HANDLED;
		return UI_HANDLED | UI_REDRAW;
	}
	return 0;
}

/* ---- drawing ----------------------------------------------------------------------------- */

static const char *checkbox(bool on, bool avail)
{
	return !avail ? "[-]" : on ? "[x]" : "[ ]";
}

static void draw_fs(struct ui_ctx *ui, const struct ui_rect *box_r)
{
	struct plan_state *s = S(ui);
	const struct fsb_config *cfg = ui->cfg;
	bool focus = s->pane == PANE_FS;
	struct ui_rect r = { box_r->y + 1, box_r->x + 1, box_r->h - 2, box_r->w - 2 };
	size_t nt = 0;
	char title[64];

	for (size_t i = 0; i < cfg->nfs; i++)
		nt += s->fs_tick[i];
	if (ui->plan.target == FSB_TARGET_DIR)
		snprintf(title, sizeof(title), "Filesystem");
	else
		snprintf(title, sizeof(title), "Filesystems (%zu)", nt);
	ui_box(ui, box_r, focus ? UI_FRAME_FOCUS : UI_FRAME, title);
	s->fs_r = r;
	if (ui->plan.target == FSB_TARGET_DIR) {
		struct fsb_strv w = { 0 };
		char *t = fsb_xasprintf("A directory run measures the filesystem %s is on, without reformatting: there is nothing to tick here.",
					ui->plan.path ? ui->plan.path : "it");

		wrap_text(t, r.w - 2, &w);
		for (size_t i = 0; i < w.n && (int)i < r.h; i++)
			ui_putd(ui, r.y + (int)i, r.x + 1, r.w - 2, UI_DISABLED, w.v[i]);
		fsb_strv_free(&w);
		free(t);
		s->fs.n = 0;
		return;
	}
	s->fs.n = (int)cfg->nfs;
	list_clamp(&s->fs, r.h);
	for (int k = 0; k < r.h && s->fs.top + k < s->fs.n; k++) {
		int i = s->fs.top + k, y = r.y + k, nw = 16;
		bool cur = i == s->fs.cur, avail = !s->fs_why[i];
		enum ui_role role = cur ? (focus ? UI_CURSOR : UI_CURSOR_DIM) : avail ? UI_NORMAL : UI_DISABLED;
		bool base = avail && s->fs_tick[i] && ui->plan.baseline && strcmp(ui->plan.baseline, cfg->fs[i]->name) == 0;

		if (cur)
			ui_fill(y, r.x, r.w, role);
		ui_put(y, r.x + 1, 3, cur ? role : s->fs_tick[i] ? UI_MARK : role, checkbox(s->fs_tick[i], avail));
		ui_putd(ui, y, r.x + 5, nw, cur ? role : base ? UI_BASELINE : role, cfg->fs[i]->name);
		if (r.w > 5 + nw + 4)
			ui_putd(ui, y, r.x + 5 + nw, r.w - 6 - nw, cur ? role : avail ? UI_DIM : UI_REASON,
				avail ? (base ? "baseline" : cfg->fs[i]->description) : s->fs_short[i]);
	}
}

/* The aging group's heading: the config's words, and the time the group
 * adds to a round. */
static const char *aging_about(const struct plan_state *s, const char *about, char *buf, size_t len)
{
	char t[48];

	if (isnan(s->aging_s))
		return about;
	snprintf(buf, len, "%s: %s a round", about, fsb_format_duration(s->aging_s, t, sizeof(t)));
	return buf;
}

static void draw_phases(struct ui_ctx *ui, const struct ui_rect *box_r)
{
	struct plan_state *s = S(ui);
	const struct fsb_config *cfg = ui->cfg;
	bool focus = s->pane == PANE_PHASES;
	struct ui_rect r = { box_r->y + 1, box_r->x + 1, box_r->h - 2, box_r->w - 2 };
	char title[64];

	snprintf(title, sizeof(title), "Phases (%zu, run in this order)", ui->plan.phases.n);
	ui_box(ui, box_r, focus ? UI_FRAME_FOCUS : UI_FRAME, title);
	s->ph_r = r;
	list_clamp(&s->ph, r.h);
	for (int k = 0; k < r.h && s->ph.top + k < s->ph.n; k++) {
		int i = s->ph.top + k, y = r.y + k;
		const struct prow *row = &s->prow[i];
		bool cur = i == s->ph.cur;

		if (cur)
			ui_fill(y, r.x, r.w, focus ? UI_CURSOR : UI_CURSOR_DIM);
		if (row->group) {
			int on = 0, all = 0;
			char aging[128];
			const char *about = row->ages ? aging_about(s, row->about, aging, sizeof(aging)) : row->about;

			for (int j = i + 1; j < s->ph.n && !s->prow[j].group; j++)
				if (!s->ph_why[s->prow[j].idx]) {
					all++;
					on += s->ph_tick[s->prow[j].idx];
				}
			ui_put(y, r.x + 1, 3, cur ? (focus ? UI_CURSOR : UI_CURSOR_DIM) : UI_MARK,
			       on == 0 ? "[ ]" : on == all ? "[x]" : "[~]");
			ui_putf(ui, y, r.x + 5, r.w - 6, cur ? (focus ? UI_CURSOR : UI_CURSOR_DIM) : UI_HEADING, "%s  %s",
				row->name, about);
		} else {
			const struct fsb_phase_def *def = cfg->phases[row->idx];
			bool avail = !s->ph_why[row->idx];
			enum ui_role role = cur ? (focus ? UI_CURSOR : UI_CURSOR_DIM) : avail ? UI_NORMAL : UI_DISABLED;

			ui_put(y, r.x + 3, 3, cur ? role : s->ph_tick[row->idx] ? UI_MARK : role,
			       checkbox(s->ph_tick[row->idx], avail));
			ui_putd(ui, y, r.x + 7, 12, role, def->name);
			bool held = avail && s->ph_tick[row->idx] && !fsb_strv_contains(&ui->plan.phases, def->name);

			ui_putd(ui, y, r.x + 20, r.w - 21, cur ? role : avail && !held ? UI_DIM : UI_REASON,
				held ? "not run: what it requires cannot run before it"
				: avail ? def->description && *def->description ? def->description : def->label
				      : s->ph_why[row->idx]);
		}
	}
}

static void draw_opts(struct ui_ctx *ui, const struct ui_rect *box_r)
{
	struct plan_state *s = S(ui);
	const struct fsb_plan *p = &ui->plan;
	const struct fsb_size_profile *prof = fsb_config_profile(ui->cfg, p->profile);
	bool focus = s->pane == PANE_OPTS;
	struct ui_rect r = { box_r->y + 1, box_r->x + 1, box_r->h - 2, box_r->w - 2 };
	const char *l = ui->utf8 ? "‹" : "<", *rt = ui->utf8 ? "›" : ">";
	char v[NOPTS][128], about[NOPTS][256];
	static const char *const labels[NOPTS] = { "Size profile", "Repetitions", "Budget", "Baseline", "Drop caches",
						   "Disk is for" };
	const struct fsb_use *use = fsb_use_find(ui->plan.use ? ui->plan.use : FSB_USE_DEFAULT);
	struct fsb_plan_reqs reqs;
	char b[32];

	fsb_plan_reqs(p, &reqs);

	ui_box(ui, box_r, focus ? UI_FRAME_FOCUS : UI_FRAME, "Options");
	s->opt_r = r;
	snprintf(v[OPT_PROFILE], sizeof(v[0]), "%s %s %s", l, p->profile, rt);
	snprintf(about[OPT_PROFILE], sizeof(about[0]), "%s%s%s", prof ? prof->description : "",
		 prof && prof->image_size ? "; image " : "", prof && prof->image_size ? prof->image_size : "");
	if (fsb_plan_settles(p)) {
		snprintf(v[OPT_REPEAT], sizeof(v[0]), "%s until settled %s", l, rt);
		snprintf(about[OPT_REPEAT], sizeof(about[0]), "%s",
			 "rounds until the verdict is settled or the budget is spent (at most 10)");
	} else {
		snprintf(v[OPT_REPEAT], sizeof(v[0]), "%s %ld %s", l, p->repeat, rt);
		snprintf(about[OPT_REPEAT], sizeof(about[0]), "%s",
			 p->repeat > 1 ? "every filesystem this many times: means, 95% CIs and significance"
				       : "one run each; 3 or more give confidence intervals and significance");
	}
	if (fsb_plan_budget(p) > 0) {
		snprintf(v[OPT_BUDGET], sizeof(v[0]), "%s %s %s", l, fsb_format_budget(fsb_plan_budget(p), b, sizeof(b)), rt);
		snprintf(about[OPT_BUDGET], sizeof(about[0]), "%s",
			 fsb_plan_settles(p) ? "no new round starts that would not end within it"
					     : "bounds the runs made again for disturbed ones");
	} else {
		snprintf(v[OPT_BUDGET], sizeof(v[0]), "%s none %s", l, rt);
		snprintf(about[OPT_BUDGET], sizeof(about[0]), "the %s profile has none: one round; Right sets one",
			 p->profile);
	}
	if (p->target == FSB_TARGET_DIR) {
		snprintf(v[OPT_BASELINE], sizeof(v[0]), "%s", "—");
		snprintf(about[OPT_BASELINE], sizeof(about[0]), "%s", "a directory run has one filesystem");
	} else {
		snprintf(v[OPT_BASELINE], sizeof(v[0]), "%s %s %s", l, p->baseline ? p->baseline : "—", rt);
		snprintf(about[OPT_BASELINE], sizeof(about[0]), "%s", "every table is normalized to it (= 1.00); changeable later");
	}
	snprintf(v[OPT_DROP], sizeof(v[0]), "%s", p->drop_caches ? "[x]" : "[ ]");
	/* what the run will do, as the library says: not the tick alone */
	if (reqs.why_kept)
		snprintf(about[OPT_DROP], sizeof(about[0]), "%s: the page cache stays (only a directory run is possible anyway)",
			 reqs.why_kept);
	else
		snprintf(about[OPT_DROP], sizeof(about[0]), "%s",
			 reqs.drop_caches ? "the page cache is dropped before every phase: cold-cache numbers"
					  : "caches stay warm between phases");
	snprintf(v[OPT_USE], sizeof(v[0]), "%s %s %s", l, use->name, rt);
	snprintf(about[OPT_USE], sizeof(about[0]), "the recommendation is for %s: it weighs %s%s", use->words,
		 use->matters, use->needs & FSB_NEED_CRASH_SAFE ? "; it must survive a power loss" : "");
	list_clamp(&s->opt, r.h);
	for (int i = s->opt.top; i < NOPTS && i - s->opt.top < r.h; i++) {
		int y = r.y + i - s->opt.top;
		bool cur = i == s->opt.cur;
		enum ui_role role = cur ? (focus ? UI_CURSOR : UI_CURSOR_DIM) : UI_NORMAL;

		if (cur)
			ui_fill(y, r.x, r.w, role);
		ui_putd(ui, y, r.x + 1, 14, cur ? role : UI_LABEL, labels[i]);
		ui_putd(ui, y, r.x + 16, 18, cur ? role : UI_VALUE, v[i]);
		ui_putd(ui, y, r.x + 35, r.w - 36, cur ? role : UI_DIM, about[i]);
	}
}

static void target_line(struct ui_ctx *ui, int y, int x, int w)
{
	const struct fsb_plan *p = &ui->plan;
	char size[32];
	int n = ui_put(y, x, w, UI_LABEL, "Target: ");

	switch (p->target) {
	case FSB_TARGET_IMAGE:
		fsb_format_size(p->image_size, size, sizeof(size));
		ui_putf(ui, y, x + n, w - n, UI_VALUE, "new image file %s, %s sparse, on a loop device", p->path, size);
		break;
	case FSB_TARGET_DIR:
		ui_putf(ui, y, x + n, w - n, UI_VALUE, "directory %s (not reformatted)", p->path);
		break;
	case FSB_TARGET_DEVICE:
		n += ui_putf(ui, y, x + n, w - n, UI_DANGER, "%s", p->path);
		ui_putd(ui, y, x + n, w - n, UI_NORMAL, ": formatted with every filesystem ticked");
		break;
	}
}

static void plan_draw(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct plan_state *s = S(ui);
	const struct fsb_plan *p = &ui->plan;
	int y = body->y, oh = NOPTS + 2, bh = body->h - 1 - oh - 1;
	int fw = body->w * 2 / 5;
	char est[256];

	if (fw < 30)
		fw = 30;
	if (fw > 64)
		fw = 64;
	target_line(ui, y, 1, body->w - 2);
	y++;
	draw_fs(ui, &(struct ui_rect){ y, body->x, bh, fw });
	draw_phases(ui, &(struct ui_rect){ y, body->x + fw, bh, body->w - fw });
	y += bh;
	draw_opts(ui, &(struct ui_rect){ y, body->x, oh, body->w });
	y += oh;
	{
		int x = 1;
		size_t nfs = p->target == FSB_TARGET_DIR ? 1 : p->fs.n;

		x += ui_put(y, x, body->w - x, UI_LABEL, "Estimate: ");
		x += ui_putd(ui, y, x, body->w - x, isnan(s->est.round) ? UI_DIM : UI_VALUE,
			     fsb_eta_plan_text(&s->est, p->profile, est, sizeof(est)));
		ui_putf(ui, y, x, body->w - x, UI_DIM, " (%zu filesystem%s × %zu phase%s)", nfs, nfs == 1 ? "" : "s",
			p->phases.n, p->phases.n == 1 ? "" : "s");
	}
	/* the status line explains the highlighted item */
	if (s->pane == PANE_FS && s->fs.cur >= 0 && p->target != FSB_TARGET_DIR) {
		const struct fsb_fs_profile *fp = ui->cfg->fs[s->fs.cur];

		if (s->fs_why[s->fs.cur])
			ui_hint(ui, "%s unavailable: %s", fp->name, s->fs_why[s->fs.cur]);
		else
			ui_hint(ui, "%s: %s%s%s", fp->name, fp->description, *fp->mount_options ? "; mount -o " : "",
				fp->mount_options);
	} else if (s->pane == PANE_PHASES && s->ph.cur >= 0) {
		const struct prow *r = &s->prow[s->ph.cur];

		if (r->group && r->ages) {
			ui_hint(ui, "Space: age each filesystem, read the aged tree cold and build, copy and delete on it, "
				"copy it to the same filesystem made afresh and do the same again (doc/aging.md)");
		} else if (r->group) {
			ui_hint(ui, "Space ticks or unticks every phase of %s", r->name);
		} else {
			const struct fsb_phase_def *def = ui->cfg->phases[r->idx];

			if (s->ph_why[r->idx])
				ui_hint(ui, "%s cannot run here: %s", def->name, s->ph_why[r->idx]);
			else if (s->ph_note[r->idx])
				ui_hint(ui, "%s: %s; %s", def->name, def->label, s->ph_note[r->idx]);
			else
				ui_hint(ui, "%s: %s", def->name, def->label);
		}
	} else {
		ui_hint(ui, "Enter: review and confirm · Space/Left/Right change the option");
	}
}

static const struct ui_key plan_keys[] = {
	{ .keys = { ' ' }, .name = "Space", .bar = "Tick", .help = "tick / untick (a group heading: the whole group); options: next value", .fn = toggle },
	{ .keys = { '\n', '\r', KEY_ENTER }, .name = "Enter", .bar = "Next", .help = "check the plan and go on to the confirmation", .fn = go_on },
	{ .keys = { '\t', KEY_BTAB }, .name = "Tab S-Tab", .bar = "Pane", .help = "next / previous pane (also Left Right h l)", .fn = next_pane },
	{ .keys = { 'a', 'n' }, .name = "a n", .help = "tick all / none in the pane", .fn = all_none },
	{ .keys = { 'p', 'P' }, .name = "p P", .bar = "Profile", .help = "next / previous size profile", .fn = opt_key },
	{ .keys = { '+', '=', '-' }, .name = "+ -", .help = "more / fewer repetitions", .fn = opt_key },
	{ .keys = { 'b', 'B' }, .name = "b B", .help = "baseline: the next / previous ticked filesystem", .fn = opt_key },
	{ .keys = { 'd' }, .name = "d", .help = "drop the page cache before every phase, or not", .fn = opt_key },
	{ .keys = { 'u', 'U' }, .name = "u U", .help = "a longer / shorter time budget for the rounds", .fn = opt_key },
	{ .keys = { 'f', 'F' }, .name = "f F", .help = "what the disk is for: the recommendation's use", .fn = opt_key },
	{ .keys = { 't' }, .name = "t", .help = "back to the target", .fn = to_target },
	{ .keys = { 'r' }, .name = "r", .bar = "Results", .help = "browse past result files", .fn = results },
	{ .name = "Up Down j k", .help = "move (also PgUp PgDn Home End g G)" },
	{ .name = NULL },
};

const struct ui_screen_ops ui_scr_plan = {
	.name = "Plan",
	.about = "Tick the filesystems to compare and the phases to time on each.  The desktop phases are seed 000's real-world suite (debootstrap, tar, make with an empty and a full ccache, cp, make clean, rm), run in that order because each feeds the next; the bonnie phases are the built-in bonnie-style tests; the aging phases age each filesystem and compare reading its aged tree with reading a fresh copy of it on the same filesystem made afresh.  Grey items cannot run on this machine and say why.  The size profile sets how big the workloads are: tiny takes seconds, full hours.",
	.keys = plan_keys,
	.init = plan_init,
	.fini = plan_fini,
	.enter = plan_enter,
	.draw = plan_draw,
	.key = plan_key,
	.mouse = plan_mouse,
};
