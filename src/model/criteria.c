/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/crashcell.h"
#include "model/criteria.h"
#include "model/diskwork.h"

/*
 * The list of criteria.h as a table.  What differs for a measured
 * criterion with one value a side (doc/recommend.md): half as much again,
 * and an absolute difference a user can feel — 1 s of a check at boot
 * (the limit of an uninterrupted flow of thought, Nielsen 1993), 0.1 s of
 * a save (the limit of feeling instant), half the saved data written
 * again, half the fresh read's time again.
 */
static const struct fsb_criterion criteria[] = {
#define FSB_CRIT_ROW(id, name, label, source, min_ratio, min_abs, unit) \
	{ FSB_CRIT_##id, name, label, FSB_CRIT_##source, min_ratio, min_abs, unit },
	FSB_CRITERIA(FSB_CRIT_ROW)
#undef FSB_CRIT_ROW
};

const struct fsb_criterion *fsb_criterion(enum fsb_crit k)
{
	return (size_t)k < FSB_CRIT_COUNT ? &criteria[k] : NULL;
}

enum fsb_crit fsb_criterion_find(const char *name)
{
	for (size_t k = 0; name && k < FSB_CRIT_COUNT; k++)
		if (!strcmp(criteria[k].name, name))
			return (enum fsb_crit)k;
	return FSB_CRIT_COUNT;
}

static void say(struct fsb_crit_value *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct fsb_crit_value *v, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v->text, sizeof(v->text), fmt, ap);
	va_end(ap);
}

/* A documented fact of order rank (NAN: unstated) in words. */
static void fact(struct fsb_crit_value *v, double rank, const char *words)
{
	v->rank = rank;
	v->known = !isnan(rank);
	say(v, "%s", v->known && words && *words ? words : "—");
}

static double crash_rank(enum fsb_crash c)
{
	/* cow and a data journal keep the data's order too; a log is a journal's peer */
	static const double r[] = { [FSB_CRASH_UNKNOWN] = NAN, [FSB_CRASH_NONE] = 1, [FSB_CRASH_JOURNAL] = 2,
				    [FSB_CRASH_DATA_JOURNAL] = 3, [FSB_CRASH_COW] = 3, [FSB_CRASH_LOG] = 2,
				    [FSB_CRASH_VOLATILE] = 0 };

	return (size_t)c < FSB_ARRAY_SIZE(r) ? r[c] : NAN;
}

static const char *crash_text(enum fsb_crash c)
{
	switch (c) {
	case FSB_CRASH_NONE: return "no journal";
	case FSB_CRASH_JOURNAL: return "journal";
	case FSB_CRASH_DATA_JOURNAL: return "data journal";
	case FSB_CRASH_COW: return "copy-on-write";
	case FSB_CRASH_LOG: return "log";
	case FSB_CRASH_VOLATILE: return "in RAM";
	case FSB_CRASH_UNKNOWN: break;
	}
	return NULL;
}

static double resize_rank(enum fsb_resize r)
{
	return r == FSB_RESIZE_UNKNOWN ? NAN : (double)(r - FSB_RESIZE_NO);
}

static double support_rank(enum fsb_support s)
{
	static const double r[] = { [FSB_SUPPORT_UNKNOWN] = NAN, [FSB_SUPPORT_DEFAULT] = 3,
				    [FSB_SUPPORT_IN_KERNEL] = 2, [FSB_SUPPORT_DEPRECATED] = 1,
				    [FSB_SUPPORT_OUT_OF_TREE] = 0 };

	return (size_t)s < FSB_ARRAY_SIZE(r) ? r[s] : NAN;
}

/* "16 TiB", "3.9 TiB", "8 EiB" in bytes; NAN when not a size. */
static double size_of(const char *s)
{
	static const char units[] = "KMGTPE";
	const char *u;
	char *end;
	double v;

	if (!s || !*s)
		return NAN;
	v = strtod(s, &end);
	while (*end == ' ')
		end++;
	if (end == s || !*end)
		return end == s ? NAN : v;
	u = strchr(units, *end);
	if (!u)
		return NAN;
	return v * pow(1024, (double)(u - units + 1));
}

/* Beyond 1 PiB no desktop's disk comes near: every such limit is the same. */
#define MAX_FILE_ENOUGH (1024.0 * 1024 * 1024 * 1024 * 1024)

static void documented(const struct fsb_fs_facts *f, struct fsb_crit_value *v)
{
	static const char *const tri[] = { [FSB_TRI_UNKNOWN] = NULL, [FSB_TRI_NO] = "no", [FSB_TRI_YES] = "yes" };
	double size = size_of(f->max_file);

	fact(&v[FSB_CRIT_POWER_LOSS], crash_rank(f->crash), crash_text(f->crash));
	fact(&v[FSB_CRIT_CHECKSUMS], f->checksums == FSB_CSUM_UNKNOWN ? NAN : (double)(f->checksums - FSB_CSUM_NONE),
	     fsb_checksums_word(f->checksums));
	fact(&v[FSB_CRIT_SNAPSHOTS], f->snapshots == FSB_TRI_UNKNOWN ? NAN : f->snapshots == FSB_TRI_YES,
	     tri[f->snapshots]);
	fact(&v[FSB_CRIT_COMPRESSION], f->compression == FSB_TRI_UNKNOWN ? NAN : f->compression == FSB_TRI_YES,
	     tri[f->compression]);
	fact(&v[FSB_CRIT_GROW], resize_rank(f->grow), fsb_resize_word(f->grow));
	fact(&v[FSB_CRIT_SHRINK], resize_rank(f->shrink), fsb_resize_word(f->shrink));
	fact(&v[FSB_CRIT_MAX_FILE], isnan(size) ? NAN : fmin(size, MAX_FILE_ENOUGH), f->max_file);
	fact(&v[FSB_CRIT_SUPPORT], support_rank(f->support),
	     f->support == FSB_SUPPORT_DEFAULT ? "a distribution's default"
	     : f->support == FSB_SUPPORT_IN_KERNEL ? "in the kernel"
	     : f->support == FSB_SUPPORT_OUT_OF_TREE ? "out of tree"
						     : fsb_support_word(f->support));
}

/* The 95% Wilson score interval of k in n: a share's, never outside [0, 1]. */
static void wilson(double k, double n, double *x, double *lo, double *hi)
{
	const double z = 1.959964;
	double p = k / n, d = 1 + z * z / n, c = (p + z * z / (2 * n)) / d;
	double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;

	*x = p;
	*lo = fmax(0, c - h);
	*hi = fmin(1, c + h);
}

/* The crash phase's states, over the documented words. */
static void power_loss(const struct fsb_fs_result *fs, struct fsb_crit_value *v)
{
	struct fsb_crash_fs e;
	char doc[sizeof(v->text)];

	if (!fsb_crash_fs_compute(fs, &e) || !e.runs || !(e.states > 0))
		return;
	snprintf(doc, sizeof(doc), "%s", v->known ? v->text : "");
	v->measured = v->known = true;
	wilson(fmin(e.states, e.lost + e.renames), e.states, &v->x, &v->lo, &v->hi);
	wilson(e.repair, e.states, &v->x2, &v->lo2, &v->hi2);
	say(v, "%s%s%s %.0f/%.0f%s", doc, *doc ? "; " : "", e.repair > 0 ? "repair" : "clean",
	    e.repair > 0 ? e.repair : e.states - e.repair, e.states, e.lost + e.renames > 0 ? ", lost data" : "");
}

/* A measured value, lower better; false (nothing) when x is NAN.  The
 * caller words it. */
static bool measured(struct fsb_crit_value *v, double x, double lo, double hi)
{
	if (isnan(x))
		return false;
	v->known = v->measured = true;
	v->x = x;
	v->lo = lo;
	v->hi = hi;
	return true;
}

/* "0.61 s", "3.2 s", "38 s" */
static void say_secs(struct fsb_crit_value *v, double s)
{
	if (s >= 10)
		say(v, "%.0f s", s);
	else if (s >= 1)
		say(v, "%.1f s", s);
	else
		say(v, "%.2f s", s);
}

static void measured_values(const struct fsb_result *res, const struct fsb_age *age, size_t i,
			    struct fsb_crit_value *v)
{
	const struct fsb_fs_result *fs = res->fs[i];
	double fsck = fsb_secs_mean(&fs->fsck_s);
	struct fsb_stall_worst w;
	struct fsb_clone cl;
	struct fsb_amp amp;

	power_loss(fs, &v[FSB_CRIT_POWER_LOSS]);
	if (measured(&v[FSB_CRIT_FSCK], fsck, NAN, NAN))
		say_secs(&v[FSB_CRIT_FSCK], fsck);
	if (age && i < age->nfs && age->fs[i].fs == fs) {	/* a row each, in res's order */
		const struct fsb_age_factor *f = &age->fs[i].f[FSB_AGE_GREP];
		bool iv = f->tested && isfinite(f->lo) && isfinite(f->hi);

		if (measured(&v[FSB_CRIT_AGING], f->factor, iv ? f->lo : NAN, iv ? f->hi : NAN))
			say(&v[FSB_CRIT_AGING], "%.2f×%s", f->factor, f->tested ? "" : " (one run)");
	}
	fsb_diskwork_amp(res, i, &amp);
	if (measured(&v[FSB_CRIT_WRITE_AMP], amp.factor, NAN, NAN))
		say(&v[FSB_CRIT_WRITE_AMP], "%.1f×", amp.factor);
	if (fsb_diskwork_worst_stall_fs(res, fs, &w) && measured(&v[FSB_CRIT_STALLS], w.max_us / 1e6, NAN, NAN)) {
		if (w.max_us >= 1e6)
			say_secs(&v[FSB_CRIT_STALLS], w.max_us / 1e6);
		else
			say(&v[FSB_CRIT_STALLS], "%.0f ms", w.max_us / 1e3);
	}
	fsb_diskwork_clone(res, i, &cl);
	if (cl.answer == FSB_CLONE_YES || cl.answer == FSB_CLONE_NO) {
		v[FSB_CRIT_CLONE].known = v[FSB_CRIT_CLONE].measured = true;
		v[FSB_CRIT_CLONE].rank = cl.answer == FSB_CLONE_YES;
		say(&v[FSB_CRIT_CLONE], "%s", cl.answer == FSB_CLONE_YES ? "yes" : "no");
	}
}

void fsb_criteria_compute(const struct fsb_result *res, const struct fsb_report_opts *o,
			  const struct fsb_fs_facts *const *facts, struct fsb_criteria *c)
{
	struct fsb_age age;
	bool aged = !fsb_age_compute(res, o, &age);

	memset(c, 0, sizeof(*c));
	c->nfs = res->nfs;
	c->v = fsb_xcalloc(FSB_CRIT_COUNT * (res->nfs ? res->nfs : 1), sizeof(*c->v));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_crit_value v[FSB_CRIT_COUNT];

		for (size_t k = 0; k < FSB_CRIT_COUNT; k++) {
			v[k] = (struct fsb_crit_value){ .rank = NAN, .x = NAN, .lo = NAN, .hi = NAN, .x2 = NAN,
							.lo2 = NAN, .hi2 = NAN };
			say(&v[k], "—");
		}
		if (facts && facts[i])
			documented(facts[i], v);
		measured_values(res, aged ? &age : NULL, i, v);
		for (size_t k = 0; k < FSB_CRIT_COUNT; k++) {
			c->v[k * res->nfs + i] = v[k];
			c->measured[k] |= v[k].measured;
		}
	}
	for (size_t k = 0; k < FSB_CRIT_COUNT; k++)
		c->present[k] = criteria[k].source != FSB_CRIT_MEASURED || c->measured[k];
	fsb_age_free(&age);
}

void fsb_criteria_free(struct fsb_criteria *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}

const struct fsb_crit_value *fsb_criteria_at(const struct fsb_criteria *c, enum fsb_crit k, size_t i)
{
	return (size_t)k < FSB_CRIT_COUNT && i < c->nfs ? &c->v[k * c->nfs + i] : NULL;
}

static int cmp_rank(double a, double b)
{
	return isnan(a) || isnan(b) ? 0 : (a > b) - (a < b);
}

/* Lower is better: intervals apart, else the single values' rule. */
static int cmp_measured(const struct fsb_criterion *k, double ax, double alo, double ahi, double bx, double blo,
			double bhi)
{
	double big = fmax(ax, bx), small = fmin(ax, bx);

	if (isnan(ax) || isnan(bx))
		return 0;
	if (isfinite(alo) && isfinite(ahi) && isfinite(blo) && isfinite(bhi))
		return alo > bhi ? -1 : blo > ahi ? 1 : 0;
	if (!(big - small >= k->min_abs) || !(small <= 0 || big / small >= k->min_ratio))
		return 0;
	return ax < bx ? 1 : -1;
}

int fsb_criterion_compare(enum fsb_crit id, const struct fsb_crit_value *a, const struct fsb_crit_value *b)
{
	const struct fsb_criterion *k = fsb_criterion(id);
	int c;

	if (!k || !a->known || !b->known)
		return 0;
	if (id == FSB_CRIT_POWER_LOSS && a->measured && b->measured) {
		/* losing what was made durable is worse than needing a repair */
		c = cmp_measured(k, a->x, a->lo, a->hi, b->x, b->lo, b->hi);
		return c ? c : cmp_measured(k, a->x2, a->lo2, a->hi2, b->x2, b->lo2, b->hi2);
	}
	if (k->source != FSB_CRIT_MEASURED || id == FSB_CRIT_CLONE)
		return cmp_rank(a->rank, b->rank);
	return cmp_measured(k, a->x, a->lo, a->hi, b->x, b->lo, b->hi);
}
