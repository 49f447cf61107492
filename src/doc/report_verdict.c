/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_verdict.c — the verdict in words (fsb_report_verdict, report.h):
 * model/verdict.c judges, this says it — the lead, the tie or the group
 * and what separates it, one run, too busy; how it was judged and what
 * the earlier sessions said; the host's steal and background; what was
 * left out and why; the standouts per phase; what the device's counters
 * say against the figures.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report_int.h"
#include "model/config.h"
#include "model/opts.h"
#include "model/plaus.h"
#include "model/verdict.h"

/* " [0.95, 0.99]", or "" when the pair was not tested */
static const char *interval(double lo, double hi)
{
	static __thread char buf[4][48];
	static __thread int k;
	char *s = buf[k++ % 4];

	if (isnan(lo) || isnan(hi))
		return "";
	snprintf(s, sizeof(buf[0]), " [%s, %s]", num(lo, 2), num(hi, 2));
	return s;
}

/* "ext3, xfs and btrfs" */
static void names(struct fsb_buf *b, const struct fsb_verdict *v, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		fsb_buf_addf(b, "%s%s", i == from ? "" : i + 1 == to ? " and " : ", ", v->rows[i].fs->name);
}

/* The verdict's level in words: "95", or "97.5" when a run of several
 * looks held each comparison to a stricter one (verdict.h). */
static const char *level(const struct fsb_verdict *v)
{
	return num((1 - v->alpha) * 100, v->alpha < 0.0499 ? 1 : 0);
}

/* " Then: ext2 1.12× [1.05, 1.19], ext4 1.20× (relative to xfs, 95% intervals)." */
static void then_rows(struct fsb_buf *b, const struct fsb_verdict *v, size_t from, const char *word)
{
	bool any_ci = false;

	if (from >= v->nrows)
		return;
	fsb_buf_addf(b, " %s:", word);
	for (size_t i = from; i < v->nrows; i++) {
		const struct fsb_verdict_row *r = &v->rows[i];

		fsb_buf_addf(b, " %s %s×%s%s", r->fs->name, num(r->rel, 2), interval(r->rel_lo, r->rel_hi),
			     i + 1 < v->nrows ? "," : "");
		any_ci |= !isnan(r->rel_lo);
	}
	/* the intervals are at the verdict's level, which may be stricter */
	if (any_ci)
		fsb_buf_addf(b, " (relative to %s, %s%% intervals).", v->rows[0].fs->name, level(v));
	else
		fsb_buf_addf(b, " (relative to %s).", v->rows[0].fs->name);
}

/* " with 95% confidence", or the stricter level a run of several looks held
 * each comparison to (verdict.h). */
static const char *confidence(const struct fsb_verdict *v)
{
	static __thread char buf[64];

	snprintf(buf, sizeof(buf), " with %s%% confidence", level(v));
	return buf;
}

/* "Fastest overall by …: X, N% ahead of Y (a significant lead, [a, b]). Then: …" */
static void verdict_lead(const struct fsb_verdict *v, struct fsb_buf *b)
{
	const struct fsb_verdict_row *r = &v->rows[1];

	fsb_buf_addf(b, "Fastest overall by %s: %s, %s%% ahead of %s (a significant lead)", metric_words(v->metric),
		     v->rows[0].fs->name, num((r->rel - 1) * 100, 0), r->fs->name);
	if (!isnan(r->rel_lo))
		fsb_buf_addf(b, ", %s%% to %s%%%s", num((r->rel_lo - 1) * 100, 0), num((r->rel_hi - 1) * 100, 0),
			     confidence(v));
	fsb_buf_add(b, ".");
	then_rows(b, v, 2, "Then");
}

/* Why row r of the leading group is not behind its first: a lead that rests
 * on one phase, or does not hold round by round, is no lead. */
static void group_member(const struct fsb_verdict *v, const struct fsb_verdict_row *r, struct fsb_buf *b)
{
	const char *lead = v->rows[0].fs->name;

	if (r->significant && r->rests_on) {
		fsb_buf_addf(b, " %s's lead over %s (%s×%s) rests on %s: without it %s×%s, no lead.", lead, r->fs->name,
			     num(r->rel, 2), interval(r->rel_lo, r->rel_hi), r->rests_on, num(r->rests_rel, 2),
			     interval(r->rests_lo, r->rests_hi));
	} else if (r->significant && !r->pair.holds) {
		fsb_buf_addf(b, " %s is ahead of %s in the pool (%s×%s) but not round by round: %s was faster in %zu "
			     "of %zu rounds.", lead, r->fs->name, num(r->rel, 2), interval(r->rel_lo, r->rel_hi),
			     r->fs->name, r->pair.n - r->pair.slower, r->pair.n);
	}
}

/* "No measurable difference overall by …: A, B and C (within 3%; these
 * runs could see differences above 4%)." — or, not yet an answer: "no
 * significant difference with these runs; under 9% cannot be seen yet" —
 * or a lead that is no lead (group_member). */
static void verdict_tie(const struct fsb_verdict *v, struct fsb_buf *b)
{
	double spread = v->rows[v->ntied - 1].rel - 1;
	bool answer = v->resolution <= FSB_VERDICT_TIE_RESOLUTION, unsure = false, limited = true;

	for (size_t i = 1; i < v->ntied; i++) {
		unsure |= v->rows[i].significant;
		limited &= v->rows[i].pair.between > 0 &&
			   v->rows[i].pair.within * v->rows[i].pair.within * 3 <= v->rows[i].pair.between * v->rows[i].pair.between;
	}
	if (unsure) {
		fsb_buf_addf(b, "No filesystem is named fastest overall by %s: ", metric_words(v->metric));
		names(b, v, 0, v->ntied);
		fsb_buf_add(b, " cannot be told apart with confidence.");
		for (size_t i = 1; i < v->ntied; i++)
			group_member(v, &v->rows[i], b);
	} else if (answer) {
		fsb_buf_addf(b, "No measurable difference overall by %s between ", metric_words(v->metric));
		names(b, v, 0, v->ntied);
		if (spread < v->resolution)
			fsb_buf_addf(b, ": %s%% apart at most, below the ±%s%% these runs can detect.",
				     num(spread * 100, 0), num(v->resolution * 100, 0));
		else
			fsb_buf_addf(b, ": %s%% apart at most, less than the %s%% a user could notice.",
				     num(spread * 100, 1), num(FSB_VERDICT_MIN_LEAD * 100, 0));
	} else {
		fsb_buf_add(b, "No significant difference overall by ");
		fsb_buf_addf(b, "%s between ", metric_words(v->metric));
		names(b, v, 0, v->ntied);
		fsb_buf_addf(b, " with these runs: %s%% apart at most, ", num(spread * 100, 0));
		if (isnan(v->resolution))
			fsb_buf_add(b, "and too few runs to say how much they could detect;");
		else
			fsb_buf_addf(b, "but differences under %s%% cannot be seen yet;", num(v->resolution * 100, 0));
		fsb_buf_add(b, limited ? " on this machine more rounds would not tell: the spread between sessions "
					 "is the limit."
				       : " more rounds would tell.");
	}
	for (size_t i = 1; i < v->ntied; i++)
		fsb_buf_addf(b, "%s %s %s×%s", i == 1 ? " Within that group:" : ",", v->rows[i].fs->name,
			     num(v->rows[i].rel, 2), interval(v->rows[i].rel_lo, v->rows[i].rel_hi));
	if (v->ntied > 1)
		fsb_buf_addf(b, " (relative to %s).", v->rows[0].fs->name);
	then_rows(b, v, v->ntied, "Significantly slower");
}

/* "Between xfs and btrfs: btrfs faster at cp (0.80× [0.71, 0.90]), slower
 * at tar (1.30× [1.1, 1.5]) and rm (1.12×)." — what the group's members
 * differ in, when their totals do not. */
static void verdict_diffs(const struct fsb_verdict *v, struct fsb_strv *out)
{
	for (size_t i = 1; i < v->ntied; i++) {
		struct fsb_buf b = { 0 };

		for (int faster = 1; faster >= 0; faster--) {
			size_t n = 0, total = 0;

			for (size_t k = 0; k < v->ndiffs; k++)
				total += v->diffs[k].row == i && (v->diffs[k].rel < 1) == (faster == 1);
			for (size_t k = 0; k < v->ndiffs; k++) {
				const struct fsb_verdict_diff *d = &v->diffs[k];

				if (d->row != i || (d->rel < 1) != (faster == 1))
					continue;
				if (!b.s)
					fsb_buf_addf(&b, "Between %s and %s: %s", v->rows[0].fs->name, v->rows[i].fs->name,
						     v->rows[i].fs->name);
				fsb_buf_addf(&b, "%s%s (%s×%s)", n ? (n + 1 == total ? " and " : ", ")
							 : faster ? " faster at " : (b.s && strstr(b.s, " faster at ")) ? "; slower at " : " slower at ",
					     d->phase, num(d->rel, 2), interval(d->lo, d->hi));
				n++;
			}
		}
		if (b.s) {
			fsb_buf_add(&b, v->rows[i].significant ? "; overall no lead that holds." : "; no measurable difference overall.");
			fsb_strv_add(out, b.s);
		}
		fsb_buf_free(&b);
	}
}

/* How the verdict was judged: the rounds, the between-session noise and
 * where it came from, the looks; and what this machine's earlier sessions
 * of the plan said. */
static void verdict_basis(const struct fsb_result *res, const struct fsb_verdict *v, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };

	if (v->kind != FSB_VERDICT_LEAD && v->kind != FSB_VERDICT_TIE)
		return;
	if (v->noise == FSB_NOISE_HISTORY)
		fsb_buf_addf(&b, "Judged round by round (%zu rounds) and against %zu earlier run%s of this plan on this "
			     "machine: their spread between sessions is in every interval.", v->min_kept, v->nhistory,
			     v->nhistory == 1 ? "" : "s");
	else if (v->noise == FSB_NOISE_PRIOR)
		fsb_buf_addf(&b, "Judged round by round (%zu rounds), with the %s profile's spread between sessions on "
			     "the reference machine (±%s%%, bench/verdict-repro.sh) in every interval: %s.", v->min_kept,
			     res->profile ? res->profile : "size", num(v->session_sd * 100, 0),
			     v->history_asked ? "there is no earlier run of this plan here"
					      : "earlier runs of this plan were not looked for");
	else
		fsb_buf_addf(&b, "Judged round by round on %zu rounds only (%s) and no spread between sessions is "
			     "known, so another day may differ by more than these intervals say.", v->min_kept,
			     v->history_asked ? "there is no earlier run of this plan here"
					      : "earlier runs of this plan were not looked for");
	if (v->looks > 1)
		fsb_buf_addf(&b, " The run could have ended after any of %ld rounds, so each comparison is held to a "
			     "%s%% interval instead of 95%% (a sequential test).", v->looks, num((1 - v->alpha) * 100, 1));
	fsb_strv_add(out, b.s);
	fsb_buf_free(&b);
	if (v->nhistory) {
		fsb_buf_addf(&b, "Agrees with %zu of the %zu earlier run%s of this plan on this machine", v->nagree,
			     v->nhistory, v->nhistory == 1 ? "" : "s");
		for (size_t i = 0; i < v->ndissent && i < 4; i++) {
			const char *when = v->dissent[i].res->started ? v->dissent[i].res->started : "?";

			fsb_buf_addf(&b, "; the run of %.10s %.5s %s%s", when, strlen(when) > 11 ? when + 11 : "",
				     v->dissent[i].what, v->dissent[i].contradicts ? ", which this one contradicts" : "");
		}
		if (v->nnothing)
			fsb_buf_addf(&b, "; %zu ranked nothing (too busy, or one run each)",
				     v->nnothing);
		fsb_buf_add(&b, ".");
		fsb_strv_add(out, b.s);
		fsb_buf_free(&b);
	}
	for (size_t i = 0; i < v->unstable.n; i++)
		fsb_strv_addf(out, "On this machine the order of %s is not stable: its runs here put it both ways.",
			      v->unstable.v[i]);
}

/* A steal the whole run saw: a condition of the host, stated, not a reason
 * to set runs aside (the rounds compare the filesystems under it alike). */
static void verdict_steal(const struct fsb_verdict *v, struct fsb_strv *out)
{
	if (!(v->steal_max >= 0.05))
		return;
	fsb_strv_addf(out, "The hypervisor took up to %s%% of a CPU during the runs (steal, %s%% on average): each "
		      "round compares its filesystems under the same host, so it slows them alike; only a run that "
		      "saw more of it than its round's others is set aside.",
		      num(v->steal_max * 100, 0), num(v->steal_mean * 100, 0));
}

/* A background other programs kept up through the rounds: a condition of
 * every round, stated, not a reason to set its runs aside (model/rounds.h). */
static void verdict_background(const struct fsb_verdict *v, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };

	if (!v->nkept_background)
		return;
	fsb_buf_addf(&b, "Other programs kept up a background through the rounds (%s%% of a CPU on average",
		     isnan(v->others_mean) ? "?" : num(v->others_mean * 100, 0));
	for (size_t i = 0; i < v->background_with.n; i++)
		fsb_buf_addf(&b, "%s%s", i ? ", " : "; mostly ", v->background_with.v[i]);
	fsb_buf_addf(&b, "): each round compares its filesystems under it, so it slows them alike; %zu run%s that "
		     "saw no more of it than %s round's others %s kept, and only a repetition that saw more is set "
		     "aside.", v->nkept_background, v->nkept_background == 1 ? "" : "s",
		     v->nkept_background == 1 ? "its" : "their", v->nkept_background == 1 ? "was" : "were");
	fsb_strv_add(out, b.s);
	fsb_buf_free(&b);
}

/* With one run a difference cannot be told from noise: say what it shows
 * and what would be needed. */
static void verdict_one_run(const struct fsb_verdict *v, struct fsb_buf *b)
{
	fsb_buf_addf(b, "Only one run of each filesystem counts: no difference can be called real. By %s, %s took least",
		     metric_words(v->metric), v->rows[0].fs->name);
	fsb_buf_add(b, ";");
	for (size_t i = 1; i < v->nrows; i++)
		fsb_buf_addf(b, " %s %s×%s", v->rows[i].fs->name, num(v->rows[i].rel, 2), i + 1 < v->nrows ? "," : "");
	fsb_buf_addf(b, " (relative to %s).", v->rows[0].fs->name);
	/* two single runs, each off by cv: their ratio is off by cv·√2, and
	 * 1.96 of those is what a difference must pass at 95% */
	if (!isnan(v->one_run_cv))
		fsb_buf_addf(b, " On an idle machine one run of this profile varies by about %s%% in total (the "
			     "profile's measurement), so only a difference above about %s%% would mean something.",
			     num(v->one_run_cv * 100, 0), num(1.96 * sqrt(2) * v->one_run_cv * 100, 0));
	fsb_buf_addf(b, " Run longer (%s) or with repetitions (%s) to know.", fsb_opt_say(FSB_OPT_BUDGET, "30m"),
		     fsb_opt_say(FSB_OPT_REPEAT, "3"));
}

static void verdict_too_busy(const struct fsb_verdict *v, struct fsb_buf *b)
{
	fsb_buf_add(b, "The machine was too busy to rank: every run of ");
	for (size_t i = 0; i < v->too_busy.n && i < 5; i++)
		fsb_buf_addf(b, "%s%s", i ? ", " : "", v->too_busy.v[i]);
	if (v->too_busy.n > 5)
		fsb_buf_addf(b, " and %zu more", v->too_busy.n - 5);
	fsb_buf_add(b, " was disturbed");
	for (size_t i = 0; i < v->busy_with.n; i++)
		fsb_buf_addf(b, "%s%s", i ? ", " : " by other programs (", v->busy_with.v[i]);
	fsb_buf_add(b, v->busy_with.n ? ")" : "");
	fsb_buf_add(b, ". Close them and run again.");
}

static void verdict_unranked(const struct fsb_strv *unranked, enum fsb_metric m, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	fsb_buf_addf(&line, "Not ranked by %s: ", metric_words(m));
	for (size_t i = 0; i < unranked->n && i < 5; i++)
		fsb_buf_addf(&line, "%s%s", i ? ", " : "", unranked->v[i]);
	if (unranked->n > 5)
		fsb_buf_addf(&line, " and %zu more", unranked->n - 5);
	if (m == FSB_METRIC_DEAD)
		fsb_buf_addf(&line, " (no dead time to compare: user time at or above real time, as parallel "
			     "jobs give; see %s).", fsb_opt_say(FSB_SAY_METRIC, "real"));
	else
		fsb_buf_add(&line, " (nothing to compare with).");
	fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
}

/* What the numbers describe, in one clause next to the verdict. */
static void verdict_target(const struct fsb_result *res, struct fsb_strv *out)
{
	const struct fsb_target_info *t = &res->target;

	if (t->kind == FSB_TARGET_IMAGE)
		fsb_strv_addf(out, "Measured on an image file (%s%s%s): the disk under it, through the filesystem "
			      "the image lives on, not a partition of its own.", t->path ? t->path : "?",
			      t->device ? " on " : "", t->device ? t->device : "");
	else if (t->kind == FSB_TARGET_DIR)
		fsb_strv_addf(out, "Measured in a directory (%s) of the existing %s: its own settings and "
			      "fullness, not a freshly made filesystem.", t->path ? t->path : "?",
			      t->fstype ? t->fstype : "filesystem");
}

/*
 * What the device's counters say against the figures (model/plaus.h): once
 * that the host caches, a line per implausible cell, and what a compressing
 * filesystem stored of its writes even when it is near 1:1.
 */
static void verdict_plausibility(const struct fsb_result *res, struct fsb_strv *out)
{
	char line[600], why[512];

	if (fsb_plaus_host_cached(res, line, sizeof(line)))
		fsb_strv_add(out, line);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_fs_result *fs = res->fs[i];
			const struct fsb_phase_result *ph = fs->phases[j];
			struct fsb_plaus p;

			if (!fsb_plaus_phase(ph->name))
				continue;
			fsb_plaus_cell(ph, &p);
			if (p.flags) {
				fsb_plaus_say(&p, why, sizeof(why));
				fsb_strv_addf(out, "Not the device's figure: %s %s was %s.", fs->name, ph->name, why);
			} else if (fsb_plaus_compressing(fs) && p.asked_write >= FSB_PLAUS_MIN_BYTES) {
				fsb_plaus_say_ratio(&p, why, sizeof(why));
				fsb_strv_addf(out, "%s compresses (%s): at %s %s.", fs->name,
					      fs->mount_options && strstr(fs->mount_options, "compress") ? fs->mount_options
													  : "mkfs",
					      ph->name, why);
			}
		}
}

/* b against the baseline in phase: with rounds the verdict's comparison
 * (the same rounds, level and between-session noise), with single runs the
 * ratio alone. */
static struct fsb_norm standout_norm(const struct fsb_result *res, const struct fsb_verdict *v, size_t bi, size_t i,
				     size_t col, bool reps, const struct fsb_cellstats *b, const struct fsb_report_opts *o)
{
	const char *phase = fsb_grid_col_name(fsb_result_grid(res), col);
	struct fsb_norm n = { NAN, NAN, NAN, false, false, NAN, false };
	struct fsb_verdict_pair p;
	struct fsb_cellstats a;

	if (reps && v->kind != FSB_VERDICT_ONE_RUN) {
		fsb_verdict_compare(v, bi, i, phase, &p);
		n.ratio = p.rel;
		n.lo = p.lo;
		n.hi = p.hi;
		n.tested = !isnan(p.lo);
		n.significant = p.lo > 1 || p.hi < 1;
		return n;
	}
	fsb_cell_stats(res, i, col, v->metric, &a);
	if (a.nok && b->nok)
		n = fsb_cell_normalize(&a, b, v->metric, o);
	fsb_cell_stats_free(&a);
	return n;
}

/* Per phase: significant differences, or with single runs, big ones —
 * never from a cell whose runs were all disturbed, nor from a phase too
 * short or too noisy to measure. */
static void verdict_standouts(const struct fsb_result *res, const struct fsb_verdict *v, size_t bi, const bool *busy,
			      size_t col, bool reps, const struct fsb_report_opts *o, struct fsb_strv *out)
{
	const char *base = res->fs[bi]->name, *phase = fsb_grid_col_name(fsb_result_grid(res), col);
	const struct fsb_fs_result *best = NULL;
	struct fsb_norm best_n = { .ratio = INFINITY };
	struct fsb_cellstats b;

	fsb_cell_stats(res, bi, col, v->metric, &b);
	for (size_t i = 0; i < res->nfs && !b.unreliable; i++) {
		struct fsb_norm n;

		if (i == bi || busy[i])
			continue;
		n = standout_norm(res, v, bi, i, col, reps, &b, o);
		if (!isnan(n.ratio) && !n.unreliable) {
			/* a significant difference too small to notice is no standout */
			bool notable = reps ? n.significant && fabs(n.ratio - 1) >= FSB_VERDICT_MIN_LEAD
					    : (n.ratio >= 2.0 || n.ratio <= 0.5);

			if (notable && n.ratio > 1)
				fsb_strv_addf(out, "%s: %s %s× slower than %s%s%s", res->fs[i]->name, phase,
					      num(n.ratio, n.ratio < 1.95 ? 2 : 1),
					      base, interval(n.lo, n.hi), reps ? "" : " (one run; not tested for significance)");
			if (n.ratio < best_n.ratio && (reps ? notable : true)) {
				best_n = n;
				best = res->fs[i];
			}
		}
	}
	if (best && best_n.ratio < 1)
		fsb_strv_addf(out, "%s: fastest at %s, %s× the time of %s%s%s", best->name, phase, num(best_n.ratio, 2),
			      base, interval(best_n.lo, best_n.hi), reps ? "" : " (one run)");
	fsb_cell_stats_free(&b);
}

/* The phases not ranked on their own, and why: this run's spread (and the
 * sessions'), or with one round the profile's measurement. */
static void verdict_noisy(const struct fsb_result *res, const struct fsb_verdict *v, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	if (!v->noisy.n)
		return;
	fsb_buf_add(&line, v->noisy_from_profile ? "Not ranked, too noisy even on an idle machine:"
						 : "Measured poorly in this run:");
	for (size_t j = 0; j < v->noisy.n; j++)
		fsb_buf_addf(&line, "%s %s (%s%%)", j ? "," : "", v->noisy.v[j], num(v->noisy_cv[j] * 100, 0));
	if (v->noisy_from_profile)
		fsb_buf_addf(&line, " — the run-to-run variation of its dead time the %s profile measured, above "
			     "the %s%% its differences would have to be judged by.", res->profile ? res->profile : "size",
			     num(FSB_PROFILE_CV_GOAL * 100, 0));
	else
		fsb_buf_addf(&line, " — %s varied by more than %s%% from round to round%s; only differences beyond "
			     "that are named, each with the interval that says so.", metric_words(v->metric),
			     num(FSB_PROFILE_CV_GOAL * 100, 0), v->noise == FSB_NOISE_NONE ? "" : " and between sessions");
	if (!v->noisy_from_profile) {
		const struct fsb_grid_cols *total = &fsb_result_grid(res)->total;

		/* none measurable alone: leaving them out would leave no total */
		if (total->n > 1 && v->noisy.n >= total->n)
			fsb_buf_add(&line, "  That is every phase of the total; it keeps them all (leaving them out "
				    "would leave nothing to rank): the verdict ranks their sum, whose own spread its "
				    "intervals carry.");
	}
	fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
}

static void verdict_excluded(const struct fsb_verdict *v, const char *base, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	if (v->out_of_total.n) {
		fsb_buf_add(&line, "Left out of the total:");
		for (size_t j = 0; j < v->out_of_total.n; j++)
			fsb_buf_addf(&line, "%s %s (%s%%)", j ? "," : "", v->out_of_total.v[j],
				     j < FSB_ARRAY_SIZE(v->out_of_total_cv) ? num(v->out_of_total_cv[j] * 100, 0) : "?");
		fsb_buf_addf(&line, " — the dead time varied by more than %s%% across separate sessions on the reference "
			     "machine (the profile's session_cv, measured by bench/phase-cv.sh): a total carrying it "
			     "could not give the same answer another day.  Their tables are below.",
			     num(FSB_PROFILE_CV_GOAL * 100, 0));
		fsb_strv_add(out, line.s);
		fsb_buf_free(&line);
	}

	if (v->kind != FSB_VERDICT_NONE && v->kind != FSB_VERDICT_TOO_BUSY && v->too_busy.n) {
		/* what the others were ranked without */
		fsb_buf_add(&line, "Not ranked, every run disturbed: ");
		for (size_t i = 0; i < v->too_busy.n && i < 5; i++)
			fsb_buf_addf(&line, "%s%s", i ? ", " : "", v->too_busy.v[i]);
		if (v->too_busy.n > 5)
			fsb_buf_addf(&line, " and %zu more", v->too_busy.n - 5);
		for (size_t i = 0; i < v->busy_with.n; i++)
			fsb_buf_addf(&line, "%s%s", i ? ", " : " (by other programs: ", v->busy_with.v[i]);
		fsb_buf_add(&line, v->busy_with.n ? ")." : ".");
		fsb_strv_add(out, line.s);
		fsb_buf_free(&line);
	}
	if (v->unmeasured.n) {
		fsb_buf_add(&line, "Too short to measure here, not ranked: ");
		for (size_t j = 0; j < v->unmeasured.n; j++)
			fsb_buf_addf(&line, "%s%s", j ? ", " : "", v->unmeasured.v[j]);
		fsb_buf_addf(&line, " (under %s s of %s on %s; a few ticks of CPU accounting; one run cannot tell them from noise).",
			     num(FSB_VERDICT_MIN_PHASE_S, 1), metric_words(v->metric), base);
		fsb_strv_add(out, line.s);
		fsb_buf_free(&line);
	}
}

void fsb_report_verdict(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_strv *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t bfs = fsb_cell_base(res, o);
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	struct fsb_buf line = { 0 };
	struct fsb_verdict v;
	bool reps = fsb_result_repeated(res), *busy;

	if (!base)
		return;
	fsb_verdict_compute(res, o, &v);
	switch (v.kind) {
	case FSB_VERDICT_LEAD: verdict_lead(&v, &line); break;
	case FSB_VERDICT_TIE: verdict_tie(&v, &line); break;
	case FSB_VERDICT_ONE_RUN: verdict_one_run(&v, &line); break;
	case FSB_VERDICT_TOO_BUSY: verdict_too_busy(&v, &line); break;
	case FSB_VERDICT_NONE: break;
	}
	if (line.s)
		fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
	verdict_diffs(&v, out);
	verdict_basis(res, &v, out);
	verdict_steal(&v, out);
	verdict_background(&v, out);
	verdict_excluded(&v, base, out);
	if (v.kind != FSB_VERDICT_NONE)
		verdict_target(res, out);
	if (v.unranked.n)
		verdict_unranked(&v.unranked, v.metric, out);
	verdict_noisy(res, &v, out);
	busy = fsb_xcalloc(res->nfs + 1, sizeof(*busy));
	for (size_t k = 0; k < v.too_busy.n; k++) {
		size_t i = fsb_grid_fs(g, v.too_busy.v[k]);

		if (i != FSB_GRID_NONE)
			busy[i] = true;
	}
	for (size_t j = 0; j < g->desktop.n && v.kind != FSB_VERDICT_TOO_BUSY; j++) {
		const char *phase = g->col[g->desktop.v[j]].name;

		/* with rounds a noisy phase's differences are judged by intervals that
		 * carry its noise; with one run the profile's CV rules it out */
		if (!fsb_strv_contains(&v.unmeasured, phase) &&
		    !(v.noisy_from_profile && fsb_strv_contains(&v.noisy, phase)))
			verdict_standouts(res, &v, bfs, busy, g->desktop.v[j], reps, o, out);
	}
	free(busy);
	fsb_verdict_free(&v);
	verdict_plausibility(res, out);
}
