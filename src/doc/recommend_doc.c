/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recommend_doc.c — the recommendation in words, the way seed 000's
 * author gave his: what to put on the disk (or which of two, and what
 * separates them, or that this machine cannot tell), what it rests on,
 * what the faster-but-rejected one lacks, and where the evidence is thin;
 * and the table of what else counts.  The judgement is
 * model/recommend.c's; this file only words it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "doc/report_crash.h"
#include "model/opts.h"
#include "model/recommend.h"

/* "1.08×", "0.93×" */
static const char *times(double v, char *buf, size_t len)
{
	snprintf(buf, len, isfinite(v) ? "%.2f×" : "—", v);
	return buf;
}

/* " [1.02, 1.14]" or "" when untested */
static const char *iv(double lo, double hi, char *buf, size_t len)
{
	if (isfinite(lo) && isfinite(hi))
		snprintf(buf, len, " [%.2f, %.2f]", lo, hi);
	else
		buf[0] = 0;
	return buf;
}

/* A share as a percentage: "66%", "0.4%" (a tight tie is not "0%"). */
static const char *pct(double share, char *buf, size_t len)
{
	snprintf(buf, len, share * 100 < 0.95 ? "%.1f%%" : "%.0f%%", share * 100);
	return buf;
}

/* b's line into out; b starts again empty. */
static void flush(struct fsb_strv *out, struct fsb_buf *b)
{
	char *s = fsb_buf_steal(b);

	fsb_strv_add(out, s ? s : "");
	free(s);
}

/* "a, b and c" (conj "or": "a, b or c") */
static void list_words(struct fsb_buf *b, const struct fsb_strv *p, const char *conj)
{
	for (size_t j = 0; j < p->n; j++)
		fsb_buf_addf(b, "%s%s", j ? j + 1 == p->n ? conj : ", " : "", p->v[j]);
}

static void phase_list(struct fsb_buf *b, const struct fsb_strv *p)
{
	list_words(b, p, " and ");
}

static const char *crash_words(enum fsb_crash c)
{
	switch (c) {
	case FSB_CRASH_NONE: return "no journal";
	case FSB_CRASH_JOURNAL: return "a journal";
	case FSB_CRASH_DATA_JOURNAL: return "a journal of data and metadata";
	case FSB_CRASH_COW: return "copy-on-write";
	case FSB_CRASH_LOG: return "a log with checkpoints";
	case FSB_CRASH_VOLATILE: return "nothing on disk (it lives in RAM)";
	case FSB_CRASH_UNKNOWN: break;
	}
	return NULL;
}

/* What f gives, in one clause: "a journal, metadata checksums, grows
 * online; Debian's and Ubuntu's default". */
static void gives(struct fsb_buf *b, const struct fsb_fs_facts *f)
{
	const char *c = crash_words(f->crash);
	size_t n = 0;

#define PART(...) (fsb_buf_add(b, n++ ? ", " : ""), fsb_buf_addf(b, __VA_ARGS__))
	if (c)
		PART("%s", c);
	if (f->checksums == FSB_CSUM_DATA)
		PART("checksums of data and metadata");
	else if (f->checksums == FSB_CSUM_METADATA)
		PART("checksums of its metadata");
	if (f->snapshots == FSB_TRI_YES)
		PART("snapshots");
	if (f->compression == FSB_TRI_YES)
		PART("transparent compression");
	if (f->grow == FSB_RESIZE_ONLINE && f->shrink == FSB_RESIZE_ONLINE)
		PART("grows and shrinks while mounted");
	else if (f->grow == FSB_RESIZE_ONLINE)
		PART("grows while mounted%s", f->shrink == FSB_RESIZE_NO ? ", never shrinks"
					      : f->shrink == FSB_RESIZE_OFFLINE ? ", shrinks unmounted" : "");
	if (f->max_file && *f->max_file)
		PART("files up to %s", f->max_file);
	if (f->support_note && *f->support_note)
		fsb_buf_addf(b, "%s%s", n++ ? "; " : "", f->support_note);
#undef PART
}

/* "38 s", "0.41 s": the run's fsck of fs (fsck.c), NULL when not measured */
static const char *fsck_time(const struct fsb_fs_result *fs, char *buf, size_t len)
{
	double s = fsb_secs_mean(&fs->fsck_s);

	if (isnan(s))
		return NULL;
	snprintf(buf, len, s >= 10 ? "%.0f s" : s >= 1 ? "%.1f s" : "%.2f s", s);
	return buf;
}

/* The power-loss criterion as the crash phase measured it (doc/crash.md):
 * "; measured: ext2 needed repair after 14 of 40 crashes, lost no fsync'd
 * data", after sep; false (nothing) when fs has no crash run. */
static bool crash_measured(struct fsb_buf *b, const struct fsb_fs_result *fs, const char *sep)
{
	struct fsb_buf m = { 0 };
	bool any = fsb_report_crash_clause(fs, &m);

	if (any)
		fsb_buf_addf(b, "%smeasured: %s", sep, m.s);
	fsb_buf_free(&m);
	return any;
}

/* Why a filesystem is not a candidate: "has no journal", "is deprecated
 * (removed in 6.13)"; with the fsck times measured, what the full check
 * after a crash cost on this data, next to the reference's. */
static void lacks(struct fsb_buf *b, const struct fsb_rec_row *row, const struct fsb_rec_row *pick)
{
	const struct fsb_fs_facts *f = row->facts;
	char mine[16], theirs[16];
	size_t n = 0;

	if (!f) {
		fsb_buf_add(b, "fsbench has no profile saying what it gives");
		return;
	}
#define WHY(...) (fsb_buf_add(b, n++ ? " and " : ""), fsb_buf_addf(b, __VA_ARGS__))
	if ((row->missing & FSB_NEED_CRASH_SAFE) && f->crash == FSB_CRASH_NONE &&
	    fsck_time(row->fs, mine, sizeof(mine))) {
		WHY("has no journal: after a crash it needs a full fsck, which took %s on this data", mine);
		if (fsck_time(pick->fs, theirs, sizeof(theirs)))
			fsb_buf_addf(b, " (%s's check: %s)", pick->fs->name, theirs);
		fsb_buf_add(b, ", and what was being written may be lost");
	} else if (row->missing & FSB_NEED_CRASH_SAFE) {
		WHY(f->crash == FSB_CRASH_VOLATILE ? "keeps nothing over a power loss"
		    : f->crash == FSB_CRASH_NONE  ? "has no journal: after a crash it needs a full fsck, and what "
						     "was being written may be lost"
						   : "does not say how it survives a crash");
	}
	if ((row->missing & FSB_NEED_CRASH_SAFE) && crash_measured(b, row->fs, " ("))
		fsb_buf_add(b, ")");
	if (row->missing & FSB_NEED_SNAPSHOTS)
		WHY("has no snapshots");
	if (row->missing & FSB_NEED_CHECKSUMS)
		WHY("does not checksum data");
	if (row->missing & FSB_NEED_COMPRESSION)
		WHY("does not compress");
	if (row->missing & FSB_NEED_SUPPORTED)
		WHY("is %s%s%s%s", f->support == FSB_SUPPORT_OUT_OF_TREE ? "not in the mainline kernel" : "deprecated",
		    f->support_note && *f->support_note ? " (" : "", f->support_note ? f->support_note : "",
		    f->support_note && *f->support_note ? ")" : "");
#undef WHY
}

/* "ext3 and reiser" of the rows with flag, in order. */
static void needs_list(struct fsb_buf *b, unsigned needs)
{
	size_t n = 0, k = 0;

	for (unsigned bit = 1; bit < 1u << FSB_NEED_COUNT; bit <<= 1)
		n += (needs & bit) && bit != FSB_NEED_SUPPORTED;
	for (unsigned bit = 1; bit < 1u << FSB_NEED_COUNT; bit <<= 1)
		if ((needs & bit) && bit != FSB_NEED_SUPPORTED)
			fsb_buf_addf(b, "%s%s", k++ ? k == n ? " and " : ", " : "", fsb_need_words(bit));
}

/* The configured profiles that meet every need: what to test. */
static void who_gives(struct fsb_buf *b, const struct fsb_config *cfg, unsigned needs)
{
	size_t n = 0;

	for (size_t i = 0; cfg && i < cfg->nfs; i++) {
		const struct fsb_fs_profile *p = cfg->fs[i];

		/* one profile per type: the one named after it */
		if (strcmp(p->name, p->type) || fsb_recommend_missing(&p->facts, needs))
			continue;
		fsb_buf_addf(b, "%s%s", n++ ? ", " : "", p->name);
	}
	if (!n)
		fsb_buf_add(b, "none of fsbench's profiles either");
}

/* The headlines without an answer: nothing to weigh, too busy, nobody
 * meets the must-haves.  False for the others. */
static bool no_answer(const struct fsb_recommendation *r, const struct fsb_rec_opts *ro, struct fsb_buf *b)
{
	switch (r->kind) {
	case FSB_REC_NONE:
		fsb_buf_addf(b, "Nothing to recommend for %s: this result has none of the phases that matter for it (",
			     r->use->words);
		phase_list(b, &r->missing_phases);
		fsb_buf_add(b, "); run them to know.");
		return true;
	case FSB_REC_TOO_BUSY:
		fsb_buf_add(b, "Nothing can be recommended: every run of the filesystems that would do was disturbed "
			       "by other programs. Run again when the machine is quiet.");
		return true;
	case FSB_REC_NO_CANDIDATE:
		fsb_buf_add(b, "No tested filesystem provides ");
		needs_list(b, r->lacking ? r->lacking : r->needs);
		fsb_buf_add(b, ". Of fsbench's profiles, these do: ");
		who_gives(b, ro->cfg, r->needs);
		fsb_buf_addf(b, " (run them: %s).", fsb_opt_say(FSB_OPT_FS, NULL));
		return true;
	default:
		return false;
	}
}

/* "Put ext4 on it: …", "Probably ext3, by one run of each: …", the only one. */
static void one_named(const struct fsb_recommendation *r, struct fsb_buf *b)
{
	const struct fsb_rec_row *pick = &r->rows[r->pick];
	char t[32], i[48];

	fsb_buf_addf(b, "%s %s", r->kind == FSB_REC_TENTATIVE ? "Probably" : "Put", pick->fs->name);
	fsb_buf_add(b, r->kind == FSB_REC_TENTATIVE ? ", by one run of each" : " on it");
	fsb_buf_addf(b, ": for %s what counts is %s (", r->use->words, r->use->matters);
	phase_list(b, &r->phases);
	fsb_buf_add(b, ")");
	if (r->kind == FSB_REC_ONLY) {
		fsb_buf_add(b, ", and it is the only tested filesystem that meets the must-haves.");
		return;
	}
	if (r->runner_up != SIZE_MAX) {
		const struct fsb_rec_row *row = &r->rows[r->runner_up];

		fsb_buf_addf(b, r->kind == FSB_REC_TENTATIVE ? "; it took least time of the filesystems that would do, "
							       "%s took %s (one run: untested)"
							     : "; it was fastest of the filesystems that would do, "
							       "%s took %s%s",
			     row->fs->name, times(row->rel, t, sizeof(t)), iv(row->rel_lo, row->rel_hi, i, sizeof(i)));
	}
	fsb_buf_add(b, ".");
}

/* A criterion's values among the named, alike ones together, the one it
 * favours first: "btrfs online; ext4 offline; xfs no". */
static void crit_values(const struct fsb_recommendation *r, const struct fsb_rec_crit *c, struct fsb_buf *b)
{
	size_t order[r->nrows ? r->nrows : 1], n = 0, groups = 0;
	bool done[r->nrows ? r->nrows : 1];

	if (c->favours != SIZE_MAX)
		order[n++] = c->favours;
	for (size_t i = 0; i < r->nrows; i++) {
		done[i] = false;
		if (r->rows[i].named && i != c->favours)
			order[n++] = i;
	}
	for (size_t a = 0; a < n; a++) {
		const char *text = fsb_criteria_at(&r->values, c->id, r->rows[order[a]].index)->text;
		size_t m = 0;

		if (done[order[a]])
			continue;
		fsb_buf_add(b, groups++ ? "; " : "");
		for (size_t k = a; k < n; k++)
			if (!done[order[k]] &&
			    !strcmp(text, fsb_criteria_at(&r->values, c->id, r->rows[order[k]].index)->text)) {
				fsb_buf_addf(b, "%s%s", m++ ? ", " : "", r->rows[order[k]].fs->name);
				done[order[k]] = true;
			}
		fsb_buf_addf(b, " %s", text);
	}
}

/* What separates the named: "choose by: shrinks (btrfs online; ext4
 * offline; xfs no), …", and whom what the use needs most favours. */
static void choose_by(const struct fsb_recommendation *r, struct fsb_buf *b)
{
	size_t n = 0;

	for (size_t k = 0; k < r->ncrit; k++) {
		const struct fsb_rec_crit *c = &r->crit[k];

		if (!c->differs)
			continue;
		fsb_buf_addf(b, "%s%s (", n++ ? ", " : "; choose by: ", fsb_criterion(c->id)->label);
		crit_values(r, c, b);
		fsb_buf_add(b, ")");
	}
	if (!n)
		fsb_buf_add(b, "; nothing else fsbench knows of separates them either: take the one you know");
	fsb_buf_add(b, ".");
	if (r->favoured != SIZE_MAX) {
		size_t m = 0;

		fsb_buf_addf(b, " For %s what it needs most favours %s (", r->use->words, r->rows[r->favoured].fs->name);
		for (size_t k = 0; k < r->ncrit; k++)
			if (r->crit[k].important && r->crit[k].differs)
				fsb_buf_addf(b, "%s%s: %s", m++ ? ", " : "", fsb_criterion(r->crit[k].id)->label,
					     fsb_criteria_at(&r->values, r->crit[k].id, r->rows[r->favoured].index)->text);
		fsb_buf_add(b, ").");
	}
}

/* "ext4 or xfs — no measurable difference for a system disk on this
 * machine (deb, tar and rm); choose by: …" */
static void choose(const struct fsb_recommendation *r, struct fsb_buf *b)
{
	const struct fsb_rec_row *lead = &r->rows[r->pick];
	const struct fsb_rec_row *rests = NULL;
	char t[32], i[48];

	for (size_t k = 0; k < r->nrows && !rests; k++)
		if (r->rows[k].named && r->rows[k].rests_on)
			rests = &r->rows[k];
	list_words(b, &r->named, " or ");
	if (rests) {
		fsb_buf_addf(b, " — %s is measurably faster for %s on this machine (", r->named.n == 2 ? "neither" : "none",
			     r->use->words);
		phase_list(b, &r->phases);
		fsb_buf_addf(b, "): %s's lead rests on %s alone; without it %s/%s %s%s", lead->fs->name, rests->rests_on,
			     rests->fs->name, lead->fs->name, times(rests->rests_rel, t, sizeof(t)),
			     iv(rests->rests_lo, rests->rests_hi, i, sizeof(i)));
	} else {
		fsb_buf_addf(b, " — no measurable difference for %s on this machine (", r->use->words);
		phase_list(b, &r->phases);
		fsb_buf_add(b, ")");
		if (r->v.resolution > FSB_VERDICT_TIE_RESOLUTION)
			fsb_buf_addf(b, ": differences under %s cannot be seen here, the spread between sessions "
				     "is the limit%s", pct(r->v.resolution, t, sizeof(t)),
				     r->image ? " (a partition instead of an image file may see more)" : "");
	}
	choose_by(r, b);
}

/* Why this machine cannot tell: the verdict unsettled, the sessions here. */
static void cannot_tell(const struct fsb_recommendation *r, struct fsb_buf *b)
{
	const struct fsb_verdict *v = &r->v;
	size_t n = 0;
	char p[16];

	fsb_buf_add(b, "Cannot tell on this machine: ");
	if (v->kind == FSB_VERDICT_LEAD)
		fsb_buf_addf(b, "%s led these runs for %s", v->rows[0].fs->name, r->use->words);
	else {
		for (size_t k = 0; k < v->ntied; k++)
			fsb_buf_addf(b, "%s%s", k ? k + 1 == v->ntied ? " and " : ", " : "", v->rows[k].fs->name);
		fsb_buf_addf(b, " are within the noise of each other for %s", r->use->words);
	}
	if ((r->doubts & FSB_REC_UNSETTLED) && v->min_kept < FSB_VERDICT_MIN_ROUNDS)
		fsb_buf_addf(b, " after %zu round%s (an answer needs %d)", v->min_kept, v->min_kept == 1 ? "" : "s",
			     FSB_VERDICT_MIN_ROUNDS);
	else if ((r->doubts & FSB_REC_UNSETTLED) && !isnan(v->resolution))
		fsb_buf_addf(b, ", and differences under %s cannot be seen yet", pct(v->resolution, p, sizeof(p)));
	for (size_t k = 0; k < v->ndissent && k < 3; k++) {
		const char *when = v->dissent[k].res->started ? v->dissent[k].res->started : "?";

		if (v->dissent[k].contradicts)
			fsb_buf_addf(b, "%sthe run of %.10s %.5s %s", n++ ? "; " : ", but ", when,
				     strlen(when) > 11 ? when + 11 : "", v->dissent[k].what);
	}
	for (size_t k = 0; k < v->unstable.n && (r->doubts & FSB_REC_UNSTABLE); k++)
		fsb_buf_addf(b, "%sthe sessions here put %s both ways", n++ ? "; " : ", but ", v->unstable.v[k]);
	fsb_buf_add(b, ". What would tell: ");
	n = 0;
	if (r->doubts & FSB_REC_UNSETTLED)
		fsb_buf_addf(b, "%smore rounds (%s)", n++ ? ", " : "", fsb_opt_say(FSB_OPT_BUDGET, "30m"));
	if (r->image)
		fsb_buf_addf(b, "%sa partition instead of an image file", n++ ? ", " : "");
	if (r->doubts & (FSB_REC_CONTRADICTED | FSB_REC_UNSTABLE))
		fsb_buf_addf(b, "%sanother run on another day", n++ ? ", " : "");
	if (!n)
		fsb_buf_add(b, "another run on another day");
	fsb_buf_add(b, ".");
}

/* "Weighed for a system disk: deb ×3, tar, rm ×1; not measured here:
 * seq-create, … ×0.25": each weight once, after the phases that share it. */
static void weights_part(struct fsb_buf *b, const struct fsb_recommendation *r, bool measured)
{
	const struct fsb_use_weight *e = r->use->weights;
	size_t n = 0;

	for (size_t k = 0; e[k].phase; k++) {
		size_t next = k + 1;

		if (fsb_strv_contains(&r->phases, e[k].phase) != measured)
			continue;
		while (e[next].phase && fsb_strv_contains(&r->phases, e[next].phase) != measured)
			next++;
		fsb_buf_addf(b, "%s%s", n++ ? ", " : "", e[k].phase);
		if (!e[next].phase || e[next].weight != e[k].weight)
			fsb_buf_addf(b, " ×%s", fsb_report_num(e[k].weight, e[k].weight == floor(e[k].weight) ? 0 : 2));
	}
}

static void weights_line(const struct fsb_recommendation *r, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };

	fsb_buf_addf(&b, "Weighed for %s: ", r->use->words);
	weights_part(&b, r, true);
	if (r->missing_phases.n) {
		fsb_buf_add(&b, "; not measured here: ");
		weights_part(&b, r, false);
	}
	fsb_buf_add(&b, ".");
	flush(out, &b);
}

/* The between-session spread the answer's intervals carry. */
static void between_words(const struct fsb_recommendation *r, const struct fsb_result *res, struct fsb_buf *b)
{
	const struct fsb_verdict *v = &r->v;

	if (v->noise == FSB_NOISE_HISTORY)
		fsb_buf_addf(b, "the spread between this plan's %zu earlier session%s here (±%.0f%%), agreeing with %zu",
			     v->nhistory, v->nhistory == 1 ? "" : "s", (exp(r->between) - 1) * 100, v->nagree);
	else if (v->noise == FSB_NOISE_PRIOR)
		fsb_buf_addf(b, "the %s profile's spread between sessions (±%.0f%%; no earlier session of this plan here)",
			     res->profile ? res->profile : "size", v->session_sd * 100);
	else
		fsb_buf_add(b, "no spread between sessions known: another day may differ by more");
}

/* What the answer rests on, in one line. */
static void rests_line(const struct fsb_recommendation *r, const struct fsb_result *res, struct fsb_strv *out)
{
	const struct fsb_verdict *v = &r->v;
	struct fsb_buf b = { 0 };
	char t[32], i[48];

	if (r->kind == FSB_REC_TENTATIVE) {
		fsb_strv_add(out, "Rests on: one run of each, no difference tested.");
		return;
	}
	fsb_buf_addf(&b, "Rests on: %zu round%s of each", v->min_kept, v->min_kept == 1 ? "" : "s");
	if (r->kind == FSB_REC_PICK && r->runner_up != SIZE_MAX) {
		const struct fsb_rec_row *ru = &r->rows[r->runner_up];

		fsb_buf_addf(&b, "; the lead over %s, %s%s, which %sholds round by round", ru->fs->name,
			     times(ru->rel, t, sizeof(t)), iv(ru->rel_lo, ru->rel_hi, i, sizeof(i)),
			     r->phases.n > 1 ? "survives leaving out any one phase and " : "");
	} else if (!isnan(v->resolution)) {
		fsb_buf_addf(&b, "; differences above %s could be seen", pct(v->resolution, t, sizeof(t)));
	}
	fsb_buf_add(&b, "; ");
	between_words(r, res, &b);
	if (v->looks > 1)
		fsb_buf_addf(&b, "; %.1f%% intervals, the run could have stopped after any of %ld rounds",
			     (1 - v->alpha) * 100, v->looks);
	fsb_buf_add(&b, ".");
	flush(out, &b);
}

/* One filesystem's aging factor in the recommendation's words: "2.32×",
 * "1.01× (no measurable aging)", "1.50× (one run)". */
static void age_words(struct fsb_buf *b, const struct fsb_age_factor *f)
{
	char t[32];

	if (isnan(f->factor)) {
		fsb_buf_add(b, "not measured");
		return;
	}
	fsb_buf_add(b, times(f->factor, t, sizeof(t)));
	if (!f->tested)
		fsb_buf_add(b, " (one run)");
	else if (!fsb_age_measurable(f))
		fsb_buf_add(b, " (no measurable aging)");
}

/*
 * With aging figures: how much slower each read its tree after aging, the
 * worst first, and how they count: "After aging, btrfs read the tree
 * 2.32× slower than fresh; xfs 1.41×; ext4 1.12×.  Taken into account: …"
 */
static void aging_lines(const struct fsb_recommendation *r, struct fsb_strv *out)
{
	const struct fsb_rec_row *v[r->nrows ? r->nrows : 1];
	struct fsb_buf b = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < r->nrows; i++)
		if (!isnan(r->rows[i].age.factor))
			v[n++] = &r->rows[i];
	if (!r->aged || !n)
		return;
	for (size_t i = 1; i < n; i++)	/* the worst first */
		for (size_t k = i; k > 0 && v[k]->age.factor > v[k - 1]->age.factor; k--) {
			const struct fsb_rec_row *x = v[k];

			v[k] = v[k - 1];
			v[k - 1] = x;
		}
	fsb_buf_addf(&b, "After aging, %s read the tree ", v[0]->fs->name);
	age_words(&b, &v[0]->age);
	fsb_buf_add(&b, " slower than fresh");
	for (size_t i = 1; i < n; i++) {
		fsb_buf_addf(&b, "; %s ", v[i]->fs->name);
		age_words(&b, &v[i]->age);
	}
	fsb_buf_add(&b, ".  Taken into account as one of the criteria below, not in the use's total: a factor is "
		    "the ratio of a read, not time of the use's work.");
	fsb_strv_add(out, b.s);
	fsb_buf_free(&b);
}

/* Without a named one, what the crash phase measured all the same:
 * "Measured power loss: ext2 needed repair after 14 of 40 crashes, lost
 * no fsync'd data; ext4 came back clean …". */
static void crash_line(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };

	for (size_t i = 0; i < res->nfs; i++) {
		size_t at = b.len;

		fsb_buf_add(&b, at ? "; " : "Measured power loss: ");
		if (!fsb_report_crash_clause(res->fs[i], &b)) {
			b.len = at;
			if (b.s)
				b.s[at] = '\0';
		}
	}
	if (b.len) {
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	fsb_buf_free(&b);
}

/* The one named: what it gives, its check, its measured power loss. */
static void gives_line(const struct fsb_recommendation *r, struct fsb_strv *out)
{
	const struct fsb_fs_result *fs = r->rows[r->pick].fs;
	struct fsb_buf b = { 0 };
	char t[32];

	fsb_buf_addf(&b, "%s gives: ", fs->name);
	gives(&b, r->rows[r->pick].facts);
	if (fsck_time(fs, t, sizeof(t)))
		fsb_buf_addf(&b, "; a full check (fsck) took %s on this data%s%s%s", t, fs->fsck_data ? " (" : "",
			     fs->fsck_data ? fs->fsck_data : "", fs->fsck_data ? ")" : "");
	crash_measured(&b, fs, "; ");
	fsb_buf_add(&b, ".");
	flush(out, &b);
}

/* The faster ones that miss a must-have, and why they are passed over;
 * the ones it could not consider. */
static void passed_over(const struct fsb_recommendation *r, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };
	char t[32], i[48];

	for (size_t k = 0; r->pick != SIZE_MAX && k < r->nrows; k++) {
		const struct fsb_rec_row *row = &r->rows[k];

		/* faster by a percent at least: "0% faster" says nothing */
		if (!row->ranked || !row->missing || !row->facts || !(row->rel < 0.995))
			continue;
		fsb_buf_addf(&b, "%s was %.0f%% faster at these phases (%s the time of %s%s%s) but ", row->fs->name,
			     (1 - row->rel) * 100, times(row->rel, t, sizeof(t)), r->rows[r->pick].fs->name,
			     iv(row->rel_lo, row->rel_hi, i, sizeof(i)),
			     r->kind == FSB_REC_TENTATIVE ? ", one run"
			     : row->significant	   ? ""
			     : row->rel_hi < 1	   ? ", too small a difference to notice"
						   : ", not significantly");
		lacks(&b, row, &r->rows[r->pick]);
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	for (size_t k = 0; k < r->nrows; k++) {
		const struct fsb_rec_row *row = &r->rows[k];

		if (row->candidate && fsb_strv_contains(&r->v.too_busy, row->fs->name))
			fsb_strv_addf(out, "%s: not ranked, every run of it was disturbed by other programs.",
				      row->fs->name);
		if (!row->facts)
			fsb_strv_addf(out, "%s: not considered, fsbench has no profile saying what it gives "
					   "(a filesystem section with crash, checksums … in fsbench.conf).",
				      row->fs->name);
	}
	fsb_buf_free(&b);
}

/* Where the evidence is thin: one run, the phases measured poorly (this
 * run's spread, or with one round the profile's figure), disturbed runs. */
static void thin(const struct fsb_result *res, const struct fsb_recommendation *r, struct fsb_strv *out)
{
	const struct fsb_verdict *v = &r->v;
	struct fsb_buf b = { 0 };

	if (r->kind == FSB_REC_TENTATIVE)
		fsb_strv_addf(out, "One run each cannot tell a few percent apart: run with %s, or let the default "
				   "plan run its rounds, to know.", fsb_opt_say(FSB_OPT_REPEAT, "3"));
	if (v->noisy.n && v->noisy_from_profile)
		fsb_buf_addf(&b, "It leans on phases the %s profile measured as noisy on an idle machine (the profile's "
			     "figure, not this run's: one round has no spread of its own):", res->profile ? res->profile
												: "size");
	else if (v->noisy.n)
		fsb_buf_add(&b, "It leans on phases measured poorly in this run (their spread from round to round"
			    " and between sessions):");
	for (size_t j = 0; j < v->noisy.n; j++)
		fsb_buf_addf(&b, "%s %s (%.0f%%)", j ? "," : "", v->noisy.v[j], v->noisy_cv[j] * 100);
	if (v->noisy.n) {
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	/* the verdict counts the candidates' runs only: say whose, as the
	 * run's list above counts every filesystem's */
	if (v->ndisturbed) {
		fsb_buf_addf(&b, "%zu run%s of ", v->ndisturbed, v->ndisturbed == 1 ? "" : "s");
		list_words(&b, &r->candidates, " and ");
		fsb_buf_addf(&b, " %s set aside as disturbed by other programs.",
			     v->ndisturbed == 1 ? "was" : "were");
		flush(out, &b);
	}
	fsb_buf_free(&b);
}

void fsb_report_recommendation(const struct fsb_result *res, const struct fsb_report_opts *o,
			       const struct fsb_rec_opts *ro, const struct fsb_recommendation *r,
			       struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };
	bool one = r->kind == FSB_REC_PICK || r->kind == FSB_REC_ONLY || r->kind == FSB_REC_TENTATIVE;
	bool answer = one || r->kind == FSB_REC_CHOOSE || r->kind == FSB_REC_CANNOT_TELL;

	(void)o;
	if (!no_answer(r, ro, &b)) {
		if (one)
			one_named(r, &b);
		else if (r->kind == FSB_REC_CHOOSE)
			choose(r, &b);
		else
			cannot_tell(r, &b);
	}
	flush(out, &b);
	if (r->kind != FSB_REC_NONE)
		weights_line(r, out);
	if (answer)
		rests_line(r, res, out);
	if (!one)
		crash_line(res, out);
	if (one && r->rows[r->pick].facts)
		gives_line(r, out);
	if (answer)
		aging_lines(r, out);
	if (r->kind != FSB_REC_NONE)
		passed_over(r, out);
	if (answer)
		thin(res, r, out);
}

/* ---- what else counts: the criteria as a table ----------------------------------- */

/* The table's filesystems: the named, the other candidates, then those
 * that miss a must-have (with a profile: their facts are known). */
static size_t columns(const struct fsb_recommendation *r, size_t *col)
{
	size_t n = 0;

	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < r->nrows; i++) {
			const struct fsb_rec_row *row = &r->rows[i];
			int which = row->named ? 0 : row->candidate ? 1 : row->facts ? 2 : 3;

			if (which == pass)
				col[n++] = i;
		}
	return n;
}

static const char *crit_from(const struct fsb_recommendation *r, enum fsb_crit k)
{
	const struct fsb_criterion *c = fsb_criterion(k);

	if (c->source == FSB_CRIT_DOCUMENTED || !r->values.measured[k])
		return "documented";
	return c->source == FSB_CRIT_BOTH ? "measured here, documented" : "measured here";
}

static void crit_row(struct fsb_table *t, size_t tr, const struct fsb_recommendation *r, const struct fsb_rec_crit *c,
		     const size_t *col, size_t ncol)
{
	fsb_table_set(t, tr, 0, FSB_CELL_NAME, NAN, "%s", fsb_criterion(c->id)->label);
	fsb_table_set(t, tr, 1, c->important ? 0 : FSB_CELL_DIM, NAN, "%s", c->important ? "yes" : "");
	for (size_t k = 0; k < ncol; k++) {
		const struct fsb_rec_row *row = &r->rows[col[k]];
		const struct fsb_crit_value *v = fsb_criteria_at(&r->values, c->id, row->index);
		unsigned f = (row->candidate ? 0 : FSB_CELL_DIM) | (v->known ? 0 : FSB_CELL_MISSING) |
			     (c->differs && c->favours == col[k] ? FSB_CELL_BEST : 0);

		/* the number the text shows: seconds of a check, a factor */
		bool number = v->measured && (c->id == FSB_CRIT_FSCK || c->id == FSB_CRIT_AGING ||
					      c->id == FSB_CRIT_WRITE_AMP);

		fsb_table_set(t, tr, k + 2, f | (number ? FSB_CELL_NUMBER : 0), number ? v->x : NAN, "%s", v->text);
	}
	fsb_table_set(t, tr, ncol + 2, FSB_CELL_DIM, NAN, "%s", crit_from(r, c->id));
}

int fsb_report_criteria(const struct fsb_recommendation *r, struct fsb_table *t)
{
	size_t col[r->nrows ? r->nrows : 1], ncol;

	if (!r->ncrit || r->kind == FSB_REC_NONE)
		return -ENOENT;
	ncol = columns(r, col);
	if (!ncol)
		return -ENOENT;
	fsb_table_init(t, "criteria", r->ncrit + 1, ncol + 3, 1);
	t->title = fsb_xasprintf("What else counts for %s", r->use->words);
	t->caption = fsb_xasprintf("needed most: what %s needs most; documented: the profiles' facts, measured here: "
				   "this run's figures (doc/recommend.md); best: better on it than the other %s; in "
				   "parentheses: a filesystem that misses a must-have", r->use->words,
				   r->named.n >= 2 ? "filesystems named" : "candidates");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "criterion");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER, NAN, "needed most");
	for (size_t k = 0; k < ncol; k++) {
		const struct fsb_rec_row *row = &r->rows[col[k]];

		fsb_table_set(t, 0, k + 2, FSB_CELL_HEADER | (row->candidate ? 0 : FSB_CELL_DIM), NAN,
			      row->candidate ? "%s" : "(%s)", row->fs->name);
	}
	fsb_table_set(t, 0, ncol + 2, FSB_CELL_HEADER, NAN, "from");
	for (size_t k = 0; k < r->ncrit; k++)
		crit_row(t, k + 1, r, &r->crit[k], col, ncol);
	return 0;
}
