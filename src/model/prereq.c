/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/prereq.h"

/* A plan as indexes into cfg->phases, in run order. */
struct seq {
	const struct fsb_config *cfg;
	size_t *ix;
	size_t n;
};

static const struct fsb_phase_def *at(const struct seq *s, size_t pos)
{
	return s->cfg->phases[s->ix[pos]];
}

static size_t phase_index(const struct fsb_config *cfg, const char *name, size_t len)
{
	for (size_t i = 0; i < cfg->nphases; i++)
		if (strlen(cfg->phases[i]->name) == len && strncmp(cfg->phases[i]->name, name, len) == 0)
			return i;
	return SIZE_MAX;
}

/* The alternatives of an entry, one by one: *p walks "a|b|c". */
static bool next_alt(const char **p, const char **name, size_t *len)
{
	const char *bar;

	if (!*p)
		return false;
	bar = strchr(*p, '|');
	*name = *p;
	*len = bar ? (size_t)(bar - *p) : strlen(*p);
	*p = bar ? bar + 1 : NULL;
	return true;
}

static const char *first_alt(const char *entry, size_t *len)
{
	const char *bar = strchr(entry, '|');

	*len = bar ? (size_t)(bar - entry) : strlen(entry);
	return entry;
}

static size_t seq_pos(const struct seq *s, size_t idx)
{
	for (size_t j = 0; j < s->n; j++)
		if (s->ix[j] == idx)
			return j;
	return SIZE_MAX;
}

/* The first phase between two positions that empties the filesystem. */
static size_t emptied_between(const struct seq *s, size_t from, size_t to)
{
	for (size_t k = from + 1; k < to; k++)
		if (at(s, k)->empties)
			return k;
	return SIZE_MAX;
}

enum state { MET, ABSENT, LATER, EMPTIED };

/* How one entry of the phase at pos stands; *other is the position of the
 * alternative that comes later (LATER) or of the emptying phase (EMPTIED).
 * When alternatives fail differently, the most telling reason wins. */
static enum state entry_state(const struct seq *s, size_t pos, const char *entry, size_t *other)
{
	enum state st = ABSENT;
	const char *p = entry, *name;
	size_t len;

	while (next_alt(&p, &name, &len)) {
		size_t j = seq_pos(s, phase_index(s->cfg, name, len));

		if (j == SIZE_MAX || j == pos)
			continue;
		if (j > pos) {
			if (st == ABSENT) {
				st = LATER;
				*other = j;
			}
			continue;
		}
		*other = emptied_between(s, j, pos);
		if (*other == SIZE_MAX)
			return MET;
		st = EMPTIED;
	}
	return st;
}

/* "make", "tar or deb" */
static char *alts_text(const char *entry)
{
	struct fsb_buf b = { 0 };
	const char *p = entry, *name;
	size_t len;
	bool first = true;

	fsb_buf_add(&b, "");
	while (next_alt(&p, &name, &len)) {
		fsb_buf_add(&b, first ? "" : " or ");
		fsb_buf_addn(&b, name, len);
		first = false;
	}
	return fsb_buf_steal(&b);
}

/* "a", "a and b", "a, b and c" */
static char *and_text(const struct fsb_strv *v)
{
	struct fsb_buf b = { 0 };

	fsb_buf_add(&b, "");
	for (size_t i = 0; i < v->n; i++) {
		fsb_buf_add(&b, i == 0 ? "" : i + 1 == v->n ? " and " : ", ");
		fsb_buf_add(&b, v->v[i]);
	}
	return fsb_buf_steal(&b);
}

/* Is phase idx (or an entry of out, added before pos) already there for a
 * phase at pos? */
static bool there_before(const struct seq *s, size_t pos, size_t idx, const struct fsb_strv *out)
{
	size_t j = seq_pos(s, idx);

	if (fsb_strv_contains(out, s->cfg->phases[idx]->name))
		return true;
	return j < pos && emptied_between(s, j, pos) == SIZE_MAX;
}

/* What to add before pos so that phase idx can run there, prerequisites
 * first: the first alternative of each entry not met yet, recursively. */
static void missing_chain(const struct seq *s, size_t pos, size_t idx, struct fsb_strv *out, int depth)
{
	const struct fsb_phase_def *d = s->cfg->phases[idx];

	if (depth > 64 || fsb_strv_contains(out, d->name))
		return;
	for (size_t e = 0; e < d->requires.n; e++) {
		const char *p = d->requires.v[e], *name;
		size_t len, a;
		bool met = false;

		while (!met && next_alt(&p, &name, &len)) {
			a = phase_index(s->cfg, name, len);
			met = a != SIZE_MAX && there_before(s, pos, a, out);
		}
		if (met)
			continue;
		name = first_alt(d->requires.v[e], &len);
		a = phase_index(s->cfg, name, len);
		if (a != SIZE_MAX)
			missing_chain(s, pos, a, out, depth + 1);
	}
	fsb_strv_add(out, d->name);
}

/* The one line for the first unmet entry of the phase at pos.  The fix
 * names the whole chain (make2 needs make, which needs tar), so that one
 * message is enough to repair the plan. */
static int explain(const struct seq *s, size_t pos, const char *entry, enum state st, size_t other,
		   struct fsb_err *err)
{
	const char *me = at(s, pos)->name;
	char *needs = alts_text(entry), *list;
	struct fsb_strv add = { 0 };
	size_t len, a;
	const char *name = first_alt(entry, &len);
	int rc = -EINVAL;

	if (st == LATER) {
		name = at(s, other)->name;
		len = strlen(name);
	}
	a = phase_index(s->cfg, name, len);
	if (a != SIZE_MAX)
		missing_chain(s, pos, a, &add, 0);
	list = and_text(&add);
	if (st == LATER)
		fsb_err_set(err, rc, "phase '%s' needs %s to run before it on the same filesystem, but %s comes after it: put %s before %s",
			    me, needs, at(s, other)->name, list, me);
	else if (st == EMPTIED)
		fsb_err_set(err, rc, "phase '%s' needs %s to run before it on the same filesystem, but %s empties the filesystem in between: put %s after %s, or leave %s out",
			    me, needs, at(s, other)->name, at(s, other)->name, me, at(s, other)->name);
	else
		fsb_err_set(err, rc, "phase '%s' needs %s to run before it on the same filesystem: add %s before %s, or leave %s out",
			    me, needs, list, me, me);
	free(list);
	fsb_strv_free(&add);
	free(needs);
	return rc;
}

/* The first phase of s that misses a prerequisite: its position, or
 * SIZE_MAX; with err, the message. */
static size_t first_unmet(const struct seq *s, struct fsb_err *err)
{
	for (size_t pos = 0; pos < s->n; pos++) {
		const struct fsb_phase_def *d = at(s, pos);

		for (size_t e = 0; e < d->requires.n; e++) {
			size_t other = SIZE_MAX;
			enum state st = entry_state(s, pos, d->requires.v[e], &other);

			if (st != MET) {
				if (err)
					explain(s, pos, d->requires.v[e], st, other, err);
				return pos;
			}
		}
	}
	return SIZE_MAX;
}

int fsb_prereq_check(const struct fsb_config *cfg, const struct fsb_strv *phases,
		     struct fsb_err *err)
{
	struct seq s = { cfg, fsb_xcalloc(phases->n + 1, sizeof(size_t)), 0 };
	int rc = 0;

	for (size_t i = 0; i < phases->n; i++) {
		s.ix[i] = phase_index(cfg, phases->v[i], strlen(phases->v[i]));
		if (s.ix[i] == SIZE_MAX) {
			rc = fsb_err_set(err, -EINVAL, "unknown phase '%s'", phases->v[i]);
			goto out;
		}
		s.n++;
	}
	if (first_unmet(&s, err) != SIZE_MAX)
		rc = -EINVAL;
out:
	free(s.ix);
	return rc;
}

/* ---- the config --------------------------------------------------------------- */

/* "FILE:LINE" of d's requires key, for the messages about it: the file
 * that set it, which need not be the last file read. */
static const char *requires_at(const struct fsb_phase_def *d, const char *file)
{
	return fsb_config_key_origin(&d->key_at, d->origin ? d->origin : file, "requires");
}

static int check_names(const struct fsb_config *cfg, const char *file, struct fsb_err *err)
{
	for (size_t i = 0; i < cfg->nphases; i++) {
		const struct fsb_phase_def *d = cfg->phases[i];

		for (size_t e = 0; e < d->requires.n; e++) {
			const char *p = d->requires.v[e], *name;
			size_t len;

			while (next_alt(&p, &name, &len)) {
				if (!len)
					return fsb_err_set(err, -EINVAL, "%s: phase \"%s\": requires \"%s\" has an empty name (write \"a|b\" for either of two phases)",
							   requires_at(d, file), d->name, d->requires.v[e]);
				if (phase_index(cfg, name, len) == SIZE_MAX)
					return fsb_err_set(err, -EINVAL, "%s: phase \"%s\": requires \"%.*s\", which is not a defined phase",
							   requires_at(d, file), d->name, (int)len, name);
				if (phase_index(cfg, name, len) == i)
					return fsb_err_set(err, -EINVAL, "%s: phase \"%s\" requires itself", requires_at(d, file), d->name);
			}
		}
	}
	return 0;
}

/* A phase can run in some plan when each of its entries has an alternative
 * that can; what is left when nothing more can be added is in a loop. */
static int check_loops(const struct fsb_config *cfg, const char *file, struct fsb_err *err)
{
	bool *ok = fsb_xcalloc(cfg->nphases + 1, sizeof(bool)), more = true;
	int rc = 0;

	while (more) {
		more = false;
		for (size_t i = 0; i < cfg->nphases; i++) {
			const struct fsb_phase_def *d = cfg->phases[i];
			bool all = true;

			if (ok[i])
				continue;
			for (size_t e = 0; all && e < d->requires.n; e++) {
				const char *p = d->requires.v[e], *name;
				size_t len;
				bool any = false;

				while (!any && next_alt(&p, &name, &len))
					any = ok[phase_index(cfg, name, len)];
				all = any;
			}
			if (all)
				ok[i] = more = true;
		}
	}
	for (size_t i = 0; i < cfg->nphases && !rc; i++)
		if (!ok[i])
			rc = fsb_err_set(err, -EINVAL, "%s: phase \"%s\" can never run: what it requires needs it in turn (a loop of requires)",
					 requires_at(cfg->phases[i], file), cfg->phases[i]->name);
	free(ok);
	return rc;
}

int fsb_prereq_check_config(const struct fsb_config *cfg, const char *file, struct fsb_err *err)
{
	const struct fsb_defaults *d = &cfg->defaults;
	int rc = check_names(cfg, file, err);

	if (!rc)
		rc = check_loops(cfg, file, err);
	/* the default plan is the phases key's: its order is what to fix */
	if (!rc && fsb_prereq_check(cfg, &d->phases, err))
		rc = fsb_err_prefix(err, "%s: defaults: phases",
				    fsb_config_key_origin(&d->key_at, d->origin ? d->origin : file, "phases"));
	return rc;
}

char *fsb_prereq_text(const struct fsb_phase_def *def)
{
	return fsb_strv_join(&def->requires, ", ");
}

/* ---- ticks ---------------------------------------------------------------------- *
 * A tick is the user's; only a user's action takes one away.  A ticked
 * phase whose prerequisite cannot run now (another profile) keeps its tick
 * and is left out of the plan (fsb_prereq_runnable); ticking or unticking
 * a phase unticks only the phases that this very action stopped. */

static bool in_plan(const struct fsb_prereq_ticks *t, size_t i)
{
	return t->on[i] && (!t->can || t->can[i]);
}

/* The ticked phases that can run, plus x (SIZE_MAX = none) whatever its
 * state, in run order; s->ix is the caller's to free.  run = NULL takes
 * every ticked phase that can run. */
static void ticked_seq(const struct fsb_prereq_ticks *t, const bool *run, size_t x, struct seq *s)
{
	s->cfg = t->cfg;
	s->ix = fsb_xcalloc(t->n + 1, sizeof(size_t));
	s->n = 0;
	for (size_t k = 0; k < t->n; k++) {
		size_t i = t->order[k];

		if (i == x || (run ? run[i] : in_plan(t, i)))
			s->ix[s->n++] = i;
	}
}

static size_t rank(const struct fsb_prereq_ticks *t, size_t idx)
{
	for (size_t k = 0; k < t->n; k++)
		if (t->order[k] == idx)
			return k;
	return SIZE_MAX;
}

size_t fsb_prereq_prune(const struct fsb_prereq_ticks *t, struct fsb_strv *unticked)
{
	size_t count = 0;

	for (;;) {
		struct seq s;
		size_t pos;

		ticked_seq(t, NULL, SIZE_MAX, &s);
		pos = first_unmet(&s, NULL);
		if (pos != SIZE_MAX) {
			t->on[s.ix[pos]] = false;
			if (unticked)
				fsb_strv_add(unticked, at(&s, pos)->name);
			count++;
		}
		free(s.ix);
		if (pos == SIZE_MAX)
			return count;
	}
}

void fsb_prereq_runnable(const struct fsb_prereq_ticks *t, bool *run)
{
	struct fsb_prereq_ticks c = *t;

	for (size_t i = 0; i < t->cfg->nphases; i++)
		run[i] = in_plan(t, i);
	c.on = run;
	fsb_prereq_prune(&c, NULL);
}

/* Untick what ran before (was[]) and does not now, except the phases in
 * keep[] (may be NULL); the names go to unticked. */
static void untick_stopped(const struct fsb_prereq_ticks *t, const bool *was, const bool *keep,
			   struct fsb_strv *unticked)
{
	bool *now = fsb_xcalloc(t->cfg->nphases + 1, sizeof(bool));

	fsb_prereq_runnable(t, now);
	for (size_t k = 0; k < t->n; k++) {
		size_t i = t->order[k];

		if (was[i] && !now[i] && t->on[i] && !(keep && keep[i])) {
			t->on[i] = false;
			fsb_strv_add(unticked, t->cfg->phases[i]->name);
		}
	}
	free(now);
}

void fsb_prereq_untick(const struct fsb_prereq_ticks *t, size_t idx, struct fsb_strv *unticked)
{
	bool *was = fsb_xcalloc(t->cfg->nphases + 1, sizeof(bool));
	struct fsb_strv off = { 0 };

	fsb_prereq_runnable(t, was);
	t->on[idx] = false;
	untick_stopped(t, was, NULL, &off);
	for (size_t i = 0; unticked && i < off.n; i++)
		fsb_strv_add(unticked, off.v[i]);
	fsb_strv_free(&off);
	free(was);
}

/* Why no alternative of entry can be ticked for phase x. */
static int cannot(const struct fsb_prereq_ticks *t, size_t x, const char *entry, struct fsb_err *err)
{
	const char *p = entry, *name, *me = t->cfg->phases[x]->name;
	char *needs = alts_text(entry);
	size_t len;
	bool here = false;
	int rc;

	while (next_alt(&p, &name, &len)) {
		size_t a = phase_index(t->cfg, name, len);

		if (rank(t, a) < rank(t, x))
			here = true;
	}
	if (here)
		rc = fsb_err_set(err, -EINVAL, "%s needs %s before it, which cannot run here", me, needs);
	else
		rc = fsb_err_set(err, -EINVAL, "%s needs %s before it, which comes after it in this list", me, needs);
	free(needs);
	return rc;
}

/* Make phase x runnable: tick what it misses (or make a ticked one that
 * does not run runnable in turn), untick an emptying phase in the way. */
static int ensure(const struct fsb_prereq_ticks *t, size_t x, bool *mine, struct fsb_strv *ticked,
		  struct fsb_strv *unticked, int depth, struct fsb_err *err)
{
	const struct fsb_phase_def *d = t->cfg->phases[x];
	bool *run = fsb_xcalloc(t->cfg->nphases + 1, sizeof(bool));
	int rc = 0;

	for (size_t e = 0; e < d->requires.n && !rc; e++) {
		while (!rc) {
			struct seq s;
			size_t other = SIZE_MAX, pick = SIZE_MAX, len;
			enum state st;
			const char *p = d->requires.v[e], *name;

			fsb_prereq_runnable(t, run);
			ticked_seq(t, run, x, &s);
			st = entry_state(&s, seq_pos(&s, x), d->requires.v[e], &other);
			if (st == EMPTIED)
				pick = s.ix[other];
			free(s.ix);
			if (st == MET)
				break;
			if (st == EMPTIED) {
				if (mine[pick]) {
					rc = fsb_err_set(err, -EINVAL, "%s needs %s before it, and %s would empty the filesystem between them",
							 d->name, d->requires.v[e], t->cfg->phases[pick]->name);
					break;
				}
				t->on[pick] = false;
				fsb_strv_add(unticked, t->cfg->phases[pick]->name);
				continue;
			}
			while (pick == SIZE_MAX && next_alt(&p, &name, &len)) {
				size_t a = phase_index(t->cfg, name, len);

				if (rank(t, a) < rank(t, x) && (!t->can || t->can[a]) && !mine[a])
					pick = a;
			}
			if (pick == SIZE_MAX || depth > 64) {
				rc = cannot(t, x, d->requires.v[e], err);
				break;
			}
			if (!t->on[pick])
				fsb_strv_add(ticked, t->cfg->phases[pick]->name);
			t->on[pick] = mine[pick] = true;
			rc = ensure(t, pick, mine, ticked, unticked, depth + 1, err);
		}
	}
	free(run);
	return rc;
}

/* Report the changes that stuck: a phase unticked on the way and ticked
 * again later is no change. */
static void append(const struct fsb_prereq_ticks *t, struct fsb_strv *dst, const struct fsb_strv *src,
		   bool now_on)
{
	for (size_t i = 0; dst && i < src->n; i++)
		if (t->on[phase_index(t->cfg, src->v[i], strlen(src->v[i]))] == now_on &&
		    !fsb_strv_contains(dst, src->v[i]))
			fsb_strv_add(dst, src->v[i]);
}

int fsb_prereq_tick(const struct fsb_prereq_ticks *t, size_t idx, struct fsb_strv *ticked,
		    struct fsb_strv *unticked, struct fsb_err *err)
{
	size_t n = t->cfg->nphases;
	bool *saved = fsb_xcalloc(n + 1, sizeof(bool)), *mine = fsb_xcalloc(n + 1, sizeof(bool)),
	     *was = fsb_xcalloc(n + 1, sizeof(bool)), *now = fsb_xcalloc(n + 1, sizeof(bool));
	struct fsb_strv on = { 0 }, off = { 0 };
	int rc;

	memcpy(saved, t->on, n * sizeof(bool));
	if (t->can && !t->can[idx]) {
		rc = fsb_err_set(err, -EINVAL, "%s cannot run here", t->cfg->phases[idx]->name);
		goto out;
	}
	fsb_prereq_runnable(t, was);
	t->on[idx] = mine[idx] = true;
	rc = ensure(t, idx, mine, &on, &off, 0, err);
	if (!rc) {
		/* an emptying phase ticked (or one unticked) may stop others */
		untick_stopped(t, was, mine, &off);
		fsb_prereq_runnable(t, now);
		if (!now[idx])
			rc = fsb_err_set(err, -EINVAL, "%s cannot run in this plan", t->cfg->phases[idx]->name);
	}
	if (rc) {
		memcpy(t->on, saved, n * sizeof(bool));
		goto out;
	}
	append(t, ticked, &on, true);
	append(t, unticked, &off, false);
out:
	fsb_strv_free(&on);
	fsb_strv_free(&off);
	free(saved);
	free(mine);
	free(was);
	free(now);
	return rc;
}
