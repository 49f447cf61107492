/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Crash consistency section (report_crash.h): the crash phase's
 * counts as a table, a sentence per filesystem, the method and its limits.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report_crash.h"
#include "doc/report_int.h"

/* A count; bad (lost data, a broken rename, a repair) when above zero. */
static void set_count(struct fsb_table *t, size_t r, size_t c, double v, unsigned bad)
{
	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | (v > 0 ? bad : 0), v, "%.0f", v);
}

static void set_secs(struct fsb_table *t, size_t r, size_t c, double v)
{
	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, v, "%s", fsb_report_num(v, 3));
}

static void row(struct fsb_table *t, size_t r, const struct fsb_crash_fs *e)
{
	fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", e->fs->name);
	if (!e->runs) {
		fsb_table_set(t, r, 1, FSB_CELL_NUMBER | FSB_CELL_FAILED, NAN, "fail");
		for (size_t c = 2; c < t->ncols; c++)
			fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		fsb_strv_addf(&t->notes, "fail %s: %s", e->fs->name, e->error ? e->error : "the crash phase failed");
		return;
	}
	set_count(t, r, 1, e->states, 0);
	set_count(t, r, 2, e->clean, 0);
	set_count(t, r, 3, e->repair, FSB_CELL_WORSE);
	if (e->fsck_missing && (isnan(e->fsck_errors) || e->fsck_errors == 0))
		fsb_table_set(t, r, 4, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "not checked");
	else
		set_count(t, r, 4, e->fsck_errors, FSB_CELL_WORSE);
	set_count(t, r, 5, e->lost, FSB_CELL_FAILED);
	set_count(t, r, 6, e->renames, FSB_CELL_FAILED);
	set_secs(t, r, 7, e->recovery_p50);
	set_secs(t, r, 8, e->recovery_max);
	if (e->not_checked)
		fsb_strv_addf(&t->notes, "%s: %s", e->fs->name, e->not_checked);
	if (e->mount_failed > 0)
		fsb_strv_addf(&t->notes, "%s: %.0f of its crash states did not mount (counted as needing repair; their "
			      "files were not compared)", e->fs->name, e->mount_failed);
	if (e->failed)
		fsb_strv_addf(&t->notes, "%s: %zu more run%s failed: %s", e->fs->name, e->failed, e->failed == 1 ? "" : "s",
			      e->error ? e->error : "");
}

int fsb_report_crash(const struct fsb_crashes *c, struct fsb_table *t)
{
	static const char *const heads[] = { "Filesystem", "crash states", "clean", "needed repair", "fsck errors",
					     "fsync'd data lost", "rename broken", "recovery p50 s", "recovery max s" };

	if (!c->nfs)
		return -ENOENT;
	fsb_table_init(t, "crash", c->nfs + 1, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("What survives a power loss");
	t->caption = fsb_xstrdup("crash states of each filesystem: clean = mounted and its read-only check found "
				 "nothing; needed repair = did not mount, or the check found errors; lost = a file "
				 "made durable (fsync) missing or different; rename broken = a file replaced by "
				 "rename neither the old nor the new one; recovery = the mount, journal replay included");
	fsb_report_heads(t, heads, NUMBERS_FROM(1));
	for (size_t i = 0; i < c->nfs; i++)
		row(t, i + 1, &c->fs[i]);
	fsb_table_done(t);
	return 0;
}

/* "lost no fsync'd data" / "lost fsync'd data in 3 of 40" */
static void lost_words(struct fsb_buf *b, const struct fsb_crash_fs *e)
{
	if (e->lost > 0)
		fsb_buf_addf(b, "lost fsync'd data in %.0f of %.0f", e->lost, e->states);
	else
		fsb_buf_add(b, "lost no fsync'd data");
	if (e->renames > 0)
		fsb_buf_addf(b, ", broke a rename in %.0f", e->renames);
}

/* "needed repair after 14 of 40 crashes" / "came back clean after all 40 crashes" */
static void repair_words(struct fsb_buf *b, const struct fsb_crash_fs *e, const char *what)
{
	if (e->repair > 0)
		fsb_buf_addf(b, "needed repair after %.0f of %.0f %s", e->repair, e->states, what);
	else if (e->unchecked > 0)
		fsb_buf_addf(b, "mounted after all %.0f %s (%.0f not checked)", e->states, what, e->unchecked);
	else
		fsb_buf_addf(b, "came back clean after all %.0f %s", e->states, what);
}

void fsb_report_crash_words(const struct fsb_crashes *c, struct fsb_strv *out)
{
	for (size_t i = 0; i < c->nfs; i++) {
		const struct fsb_crash_fs *e = &c->fs[i];
		struct fsb_buf b = { 0 };

		if (!e->runs)
			continue;
		fsb_buf_addf(&b, "%s: ", e->fs->name);
		repair_words(&b, e, "crash states");
		if (e->fsck_errors > 0)
			fsb_buf_addf(&b, " (its check found errors in %.0f)", e->fsck_errors);
		fsb_buf_add(&b, "; ");
		lost_words(&b, e);
		if (!(e->renames > 0))
			fsb_buf_add(&b, "; every rename was old or new, never torn");
		if (!isnan(e->recovery_p50) && !isnan(e->recovery_max))
			fsb_buf_addf(&b, "; mounting after the crash took %s s (median), %s s at most",
				     fsb_report_num(e->recovery_p50, 3), fsb_report_num(e->recovery_max, 3));
		fsb_buf_add(&b, ".");
		fsb_strv_add(out, b.s);
		fsb_buf_free(&b);
	}
}

bool fsb_report_crash_clause(const struct fsb_fs_result *fs, struct fsb_buf *b)
{
	struct fsb_crash_fs e;

	if (!fsb_crash_fs_compute(fs, &e) || !e.runs)
		return false;
	fsb_buf_addf(b, "%s ", fs->name);
	repair_words(b, &e, "crashes");
	fsb_buf_add(b, ", ");
	lost_words(b, &e);
	if (e.fault)
		fsb_buf_add(b, " (a test run that broke durability on purpose)");
	return true;
}

static void run_row(struct fsb_table *t, size_t r, const struct fsb_fs_result *fs, const struct fsb_run *run, size_t k)
{
	static const enum fsb_field cols[] = { FSB_FIELD_crash_states, FSB_FIELD_crash_clean, FSB_FIELD_crash_repair,
					       FSB_FIELD_crash_fsck_errors, FSB_FIELD_crash_lost, FSB_FIELD_crash_rename,
					       FSB_FIELD_crash_flushes, FSB_FIELD_crash_writes, FSB_FIELD_seed };

	fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
	fsb_table_set(t, r, 1, FSB_CELL_NUMBER, NAN, "%zu", k + 1);
	set_secs(t, r, 2, run->v[FSB_FIELD_real]);
	for (size_t c = 0; c < FSB_ARRAY_SIZE(cols); c++)
		set_count(t, r, 3 + c, run->v[cols[c]], 0);
	set_secs(t, r, 3 + FSB_ARRAY_SIZE(cols), run->v[FSB_FIELD_crash_recovery_p50]);
	set_secs(t, r, 4 + FSB_ARRAY_SIZE(cols), run->v[FSB_FIELD_crash_recovery_max]);
	fsb_table_set(t, r, t->ncols - 1, run->status != FSB_RUN_OK ? FSB_CELL_FAILED : 0, NAN, "%s",
		      run->status != FSB_RUN_OK ? (run->error ? run->error : fsb_run_status_name(run->status))
		      : run->v[FSB_FIELD_crash_fault] > 0 ? "a test: durability broken on purpose" : "");
}

int fsb_report_crash_runs(const struct fsb_result *res, struct fsb_table *t)
{
	static const char *const heads[] = { "Filesystem", "rep", "real s", "states", "clean", "repair", "fsck errors",
					     "lost", "rename", "flushes", "writes", "seed", "recovery p50 s",
					     "recovery max s", "" };
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t n = 0, r = 1;

	/* the phases of a kind whose runs are no time, in each filesystem's order */
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (!g->col[fsb_grid_col_of(g, i, j)].timed)
				n += res->fs[i]->phases[j]->nruns;
	if (!n)
		return -ENOENT;
	fsb_table_init(t, "raw:crash", n + 1, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("crash phase — every repetition");
	t->caption = fsb_xstrdup("each crash run as recorded: its wall time, the crash states and what came of them, "
				 "the flushes and writes its script made, the seed the states were drawn from; the "
				 "run's log has a line per state");
	fsb_report_heads(t, heads, NUMBERS_FROM(1));
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; !g->col[fsb_grid_col_of(g, i, j)].timed && k < ph->nruns; k++)
				run_row(t, r++, res->fs[i], &ph->runs[k], k);
		}
	fsb_table_done(t);
	return 0;
}

#define METHOD                                                                                                     \
	"Each filesystem was made with its profile's mkfs on a 512 MiB image held by fsbench's own FUSE write log, "  \
	"which kept every write and flush the loop device sent, in order.  A desktop's saving ran on it: a file "     \
	"saved and fsync'd, replaced the way editors do (a temporary file, fsync, rename over the old one), a log "  \
	"appended and fsync'd, a small tree unpacked and partly deleted without fsync, syncfs.  Then the power was "   \
	"pulled in crash states rebuilt from that log — everything up to a flush, and some of the writes after it, " \
	"which a disk may complete in any order — each mounted (the journal's replay: the recovery time), compared "  \
	"with what the script had made durable by then, unmounted and checked with the filesystem's own read-only "  \
	"fsck (doc/crash.md)."
#define LIMITS                                                                                                     \
	"Limits: an image file's crash states model a disk that honours flushes; a real disk's volatile cache, or a " \
	"drive or USB bridge that acknowledges a flush it did not do, may keep less.  The states are a sample, drawn " \
	"from the run's seed, of what the log allows; the log itself differs from run to run with the kernel's "     \
	"timing.  Recovery times are of an image in the page cache: the filesystem's work, not a disk's."

void fsb_doc_crash(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	struct fsb_crashes c;
	struct fsb_strv words = { 0 };
	struct fsb_table t;

	if (fsb_crash_compute(res, &c))
		goto out;
	fsb_doc_add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("Crash consistency"));
	fsb_doc_add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND, fsb_xstrdup(METHOD));
	fsb_doc_add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND, fsb_xstrdup(LIMITS));
	for (size_t i = 0; i < c.nfs; i++)
		if (c.fs[i].fault) {
			fsb_doc_add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_WARNING,
				 fsb_xasprintf("A test run: durability was broken on purpose (FSBENCH_CRASH_FAULT=%s); "
					       "these figures say nothing about the filesystems.",
					       c.fs[i].fault == 1 ? "no-fsync" : "drop-flushed"));
			break;
		}
	fsb_doc_add_table(d, FSB_ROLE_CRASH, NULL, fsb_report_crash(&c, &t), &t);
	fsb_report_crash_words(&c, &words);
	for (size_t i = 0; i < words.n; i++)
		fsb_doc_add_text(d, FSB_BLOCK_TEXT, FSB_ROLE_CRASH_WORDS, fsb_xstrdup(words.v[i]));
	if (o->raw)
		fsb_doc_add_table(d, FSB_ROLE_RAW, "crash", fsb_report_crash_runs(res, &t), &t);
out:
	fsb_strv_free(&words);
	fsb_crash_free(&c);
}
