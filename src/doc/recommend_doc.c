/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recommend_doc.c — the recommendation in words, the way seed 000's
 * author gave his: what to put on the disk, what it gains, what the
 * faster-but-rejected one lacks, and where the evidence is thin.  The
 * judgement is model/recommend.c's; this file only words it.
 */
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

/* b's line into out; b starts again empty. */
static void flush(struct fsb_strv *out, struct fsb_buf *b)
{
	char *s = fsb_buf_steal(b);

	fsb_strv_add(out, s ? s : "");
	free(s);
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
		PART("grows while mounted%s", f->shrink == FSB_RESIZE_NO ? ", never shrinks" : "");
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
 * after a crash cost on this data, next to the pick's. */
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

static void phase_list(struct fsb_buf *b, const struct fsb_strv *p)
{
	for (size_t j = 0; j < p->n; j++)
		fsb_buf_addf(b, "%s%s", j ? j + 1 == p->n ? " and " : ", " : "", p->v[j]);
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

static void headline(const struct fsb_recommendation *r, const struct fsb_rec_opts *ro, struct fsb_buf *b)
{
	const struct fsb_rec_row *pick = r->nrows ? &r->rows[r->pick] : NULL;
	char t[32], i[48];

	switch (r->kind) {
	case FSB_REC_NONE:
		fsb_buf_addf(b, "Nothing to recommend for %s: this result has none of the phases that matter for it (",
			     r->use->words);
		phase_list(b, &r->missing_phases);
		fsb_buf_add(b, "); run them to know.");
		return;
	case FSB_REC_TOO_BUSY:
		fsb_buf_add(b, "Nothing can be recommended: every run of the filesystems that would do was disturbed "
			       "by other programs. Run again when the machine is quiet.");
		return;
	case FSB_REC_NO_CANDIDATE:
		fsb_buf_add(b, "No tested filesystem provides ");
		needs_list(b, r->lacking ? r->lacking : r->needs);
		fsb_buf_add(b, ". Of fsbench's profiles, these do: ");
		who_gives(b, ro->cfg, r->needs);
		fsb_buf_addf(b, " (run them: %s).", fsb_opt_say(FSB_OPT_FS, NULL));
		return;
	case FSB_REC_PICK:
	case FSB_REC_ONLY:
	case FSB_REC_TIE:
	case FSB_REC_TENTATIVE:
		break;
	}
	fsb_buf_addf(b, "%s %s", r->kind == FSB_REC_TENTATIVE ? "Probably" : "Put", pick->fs->name);
	fsb_buf_add(b, r->kind == FSB_REC_TENTATIVE ? ", by one run of each" : " on it");
	fsb_buf_addf(b, ": for %s what counts is %s (", r->use->words, r->use->matters);
	phase_list(b, &r->phases);
	fsb_buf_add(b, ")");
	if (r->kind == FSB_REC_ONLY) {
		fsb_buf_add(b, ", and it is the only tested filesystem that ");
		fsb_buf_add(b, "meets the must-haves");
		fsb_buf_add(b, ".");
		return;
	}
	if (r->kind == FSB_REC_TIE) {
		struct fsb_strv all = { 0 };

		fsb_strv_add(&all, pick->fs->name);
		for (size_t k = 0; k < r->tied.n; k++)
			fsb_strv_add(&all, r->tied.v[k]);
		fsb_buf_add(b, "; ");
		phase_list(b, &all);
		fsb_strv_free(&all);
		fsb_buf_add(b, " were equally fast at it");
		if (!isnan(r->v.resolution))
			fsb_buf_addf(b, " (no difference above %.0f%% could be seen)", r->v.resolution * 100);
		if (r->aging_broke_tie)
			fsb_buf_addf(b, ", and of those that do not age worse %s gives the most besides.",
				     pick->fs->name);
		else
			fsb_buf_addf(b, ", and %s gives the most besides.", pick->fs->name);
		return;
	}
	/* the next candidate, for the margin */
	for (size_t k = 0; k < r->nrows; k++) {
		const struct fsb_rec_row *row = &r->rows[k];

		if (k == r->pick || !row->ranked || row->missing || !(row->rel >= 1))
			continue;
		fsb_buf_addf(b, r->kind == FSB_REC_TENTATIVE ? "; it took least time of the filesystems that would do, "
							       "%s took %s (one run: untested)"
							     : "; it was fastest of the filesystems that would do, "
							       "%s took %s%s",
			     row->fs->name, times(row->rel, t, sizeof(t)), iv(row->rel_lo, row->rel_hi, i, sizeof(i)));
		break;
	}
	fsb_buf_add(b, ".");
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
 * worst first, and what they changed: "After aging, btrfs read the tree
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
	fsb_buf_add(&b, ".  ");
	if (r->aging_broke_tie)
		fsb_buf_addf(&b, "Taken into account: %s, tied with %s and giving more, reads its tree significantly "
			     "slower after aging than %s, so it is not the pick.", r->rows[r->pick_unaged].fs->name,
			     r->rows[r->pick].fs->name, r->rows[r->pick].fs->name);
	else if (r->kind == FSB_REC_TIE)
		fsb_buf_add(&b, "Taken into account: it breaks the tie first, and the pick does not age "
			    "significantly worse than the others tied with it.");
	else
		fsb_buf_add(&b, "Taken into account only to break a tie between equally fast candidates; here "
			    "there was none.");
	fsb_strv_add(out, b.s);
	fsb_buf_free(&b);
}

/* Without a pick, what the crash phase measured all the same: "Measured
 * power loss: ext2 needed repair after 14 of 40 crashes, lost no fsync'd
 * data; ext4 came back clean …". */
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

/* What the disk did (doc/disk.md), beside the times: what each filesystem
 * wrote for what was saved, which matters for a flash disk's wear, and
 * which clone a copy — features, never in the weighted total. */
static void disk_lines(const struct fsb_result *res, struct fsb_strv *out)
{
	fsb_report_amp_words(res, "For a flash disk (SSD), over the phases", out);
	fsb_report_clone_words(res, out);
}

void fsb_report_recommendation(const struct fsb_result *res, const struct fsb_report_opts *o,
			       const struct fsb_rec_opts *ro, const struct fsb_recommendation *r,
			       struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };
	bool picked = r->kind == FSB_REC_PICK || r->kind == FSB_REC_TIE || r->kind == FSB_REC_ONLY ||
		      r->kind == FSB_REC_TENTATIVE;
	char t[32], i[48];

	(void)o;
	headline(r, ro, &b);
	flush(out, &b);
	if (!picked)
		crash_line(res, out);
	if (picked && r->rows[r->pick].facts) {
		const struct fsb_fs_result *fs = r->rows[r->pick].fs;

		fsb_buf_addf(&b, "%s gives: ", fs->name);
		gives(&b, r->rows[r->pick].facts);
		if (fsck_time(fs, t, sizeof(t)))
			fsb_buf_addf(&b, "; a full check (fsck) took %s on this data%s%s%s", t,
				     fs->fsck_data ? " (" : "", fs->fsck_data ? fs->fsck_data : "",
				     fs->fsck_data ? ")" : "");
		crash_measured(&b, fs, "; ");
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	if (picked)
		aging_lines(r, out);
	disk_lines(res, out);
	/* the faster ones it passed over, and why */
	for (size_t k = 0; picked && k < r->nrows; k++) {
		const struct fsb_rec_row *row = &r->rows[k];

		if (!row->ranked || !row->missing || !row->facts || !(row->rel < 1))
			continue;
		fsb_buf_addf(&b, "%s was %.0f%% faster at these phases (%s the time of %s%s%s) but ", row->fs->name,
			     (1 - row->rel) * 100, times(row->rel, t, sizeof(t)), r->rows[r->pick].fs->name,
			     iv(row->rel_lo, row->rel_hi, i, sizeof(i)),
			     r->kind == FSB_REC_TENTATIVE ? ", one run" : row->significant ? "" : ", not significantly");
		lacks(&b, row, &r->rows[r->pick]);
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	/* the ones it could not consider */
	for (size_t k = 0; k < r->nrows; k++) {
		const struct fsb_rec_row *row = &r->rows[k];

		if (!row->ranked && row->facts && !row->missing && fsb_strv_contains(&r->v.too_busy, row->fs->name))
			fsb_strv_addf(out, "%s: not ranked, every run of it was disturbed by other programs.",
				      row->fs->name);
		if (row->facts)
			continue;
		fsb_strv_addf(out, "%s: not considered, fsbench has no profile saying what it gives "
				   "(a filesystem section with crash, checksums … in fsbench.conf).",
			      row->fs->name);
	}
	/* where the evidence is thin */
	if (picked && r->kind == FSB_REC_TENTATIVE)
		fsb_strv_addf(out, "One run each cannot tell a few percent apart: run with %s, or let the default "
				   "plan run its rounds, to know.", fsb_opt_say(FSB_OPT_REPEAT, "3"));
	if (picked && r->v.noisy.n) {
		fsb_buf_add(&b, "It leans on phases this machine measures poorly:");
		for (size_t j = 0; j < r->v.noisy.n; j++)
			fsb_buf_addf(&b, "%s %s (run-to-run %.0f%%)", j ? "," : "", r->v.noisy.v[j], r->v.noisy_cv[j] * 100);
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	if (picked && r->v.ndisturbed)
		fsb_strv_addf(out, "%zu run%s set aside as disturbed by other programs.", r->v.ndisturbed,
			      r->v.ndisturbed == 1 ? " was" : "s were");
	if (picked && r->missing_phases.n) {
		fsb_buf_addf(&b, "Not measured here, though they matter for %s: ", r->use->words);
		phase_list(&b, &r->missing_phases);
		fsb_buf_add(&b, ".");
		flush(out, &b);
	}
	fsb_buf_free(&b);
}
