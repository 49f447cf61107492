/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_crash.h — the "Crash consistency" section of a result's document
 * (doc/crash.md), from model/crashcell.h: what the crash phase found, per
 * filesystem, and how it was found, with its limits.
 *
 * The section, after the Aging one, only for a result with crash runs:
 *   heading "Crash consistency"; a LEGEND note: the method and its limits;
 *   a WARNING note when a run broke durability on purpose (a test);
 *   the table (role crash): per filesystem crash states tried, clean
 *   (mounted, the check found nothing), needed repair (did not mount, or
 *   the check found errors), fsck errors, fsync'd data lost, renames
 *   broken, recovery (the mount's journal replay) median and longest;
 *   a sentence per filesystem (role crash-words); with raw, every crash
 *   run (role raw, phase "crash").
 * fsb_doc_crash() adds it; document.c calls it in its place.
 */
#ifndef FSB_REPORT_CRASH_H
#define FSB_REPORT_CRASH_H

#include <stdbool.h>

#include "doc/document.h"
#include "model/crashcell.h"

/* The section, appended to d; nothing when res has no crash run. */
void fsb_doc_crash(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o);

/* Its table and sentences, from fsb_crash_compute().  0 or -ENOENT. */
int fsb_report_crash(const struct fsb_crashes *c, struct fsb_table *t);
void fsb_report_crash_words(const struct fsb_crashes *c, struct fsb_strv *out);
/* With raw: every run of a crash phase.  0 or -ENOENT. */
int fsb_report_crash_runs(const struct fsb_result *res, struct fsb_table *t);

/*
 * The recommendation's power-loss criterion in measured words, appended to
 * b: "ext2 needed repair after 14 of 40 crashes, lost no fsync'd data".
 * False (nothing appended) when fs has no crash run.
 */
bool fsb_report_crash_clause(const struct fsb_fs_result *fs, struct fsb_buf *b);

#endif
