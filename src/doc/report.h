/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h — the one rendering model: a result turned into tables and bar
 * charts as plain data (text, numbers, semantic flags), which every output
 * then draws — `fsbench show` and the exports as text, Markdown, HTML, and
 * the TUI with curses colors.  Nothing here prints; see render.h.
 *
 * Where it lives (src/doc): the table itself and its keys in table.c;
 * the tables and charts in report.c; the verdict's words in
 * report_verdict.c; how it was measured, the runs and the noise floor in
 * report_runs.c; the Aging, crash and disk sections in report_aging.c,
 * report_crash.c, report_disk.c.
 *
 * Conventions (doc/DESIGN.md):
 *  - times are normalized as value / baseline, rates as baseline / value,
 *    so > 1 always means slower than the baseline;
 *  - with repetitions a cell shows the mean of the runs kept (outliers by
 *    the 3-MAD rule are left out, stats.h), seconds as "mean±ci", and a
 *    ratio that differs significantly from the baseline carries a "*";
 *  - per-phase tables are sorted by real time, as seed 000's are;
 *  - a cell without data says why: "…" still to come, "fail", "n/a".
 */
#ifndef FSB_REPORT_H
#define FSB_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"
#include "model/cells.h"
#include "model/stats.h"
#include "model/verdict.h"

/* What a cell is, for the renderers' styling (semantic, never a color). */
enum fsb_cell_flag {
	FSB_CELL_HEADER      = 1 << 0,
	FSB_CELL_NAME        = 1 << 1,   /* a row label (filesystem) */
	FSB_CELL_NUMBER      = 1 << 2,   /* right-aligned numeric */
	FSB_CELL_RATIO       = 1 << 3,   /* a normalized value */
	FSB_CELL_BASELINE    = 1 << 4,   /* the baseline's row */
	FSB_CELL_SIGNIFICANT = 1 << 5,   /* differs significantly from the baseline */
	FSB_CELL_BETTER      = 1 << 6,   /* ratio < 1 (faster) */
	FSB_CELL_WORSE       = 1 << 7,   /* ratio > 1 (slower) */
	FSB_CELL_BEST        = 1 << 8,   /* the best of its column */
	FSB_CELL_PENDING     = 1 << 9,   /* not measured yet (live run) */
	FSB_CELL_FAILED      = 1 << 10,  /* the phase failed or the fs could not be made */
	FSB_CELL_MISSING     = 1 << 11,  /* unavailable or not part of this run */
	FSB_CELL_OUTLIER     = 1 << 12,  /* a raw value left out of the mean */
	FSB_CELL_DIM         = 1 << 13,  /* secondary information (CI, %CP) */
	/* the device's counters say the figure is not the device's (model/plaus.h);
	 * the text ends in "^" where a note says why */
	FSB_CELL_CACHED      = 1 << 14,  /* served from the page cache */
	FSB_CELL_COMPRESSED  = 1 << 15,  /* compressed or deduplicated by the filesystem */
	FSB_CELL_CPU_BOUND   = 1 << 16,  /* limited by fsbench's own CPU */
	/* the device wrote a fraction of what it wrote on the other filesystems
	 * for the same phase (model/plaus.h: cloned, compressed); "^" and a note */
	FSB_CELL_LESS_WORK   = 1 << 17,
	/* a list table's JSON leaves the member out of this row (json.h's
	 * fsb_json_table): a file that could not be read has no profile */
	FSB_CELL_ABSENT      = 1 << 18,
};

struct fsb_cell {
	char *text;              /* what to print, never NULL */
	unsigned flags;          /* enum fsb_cell_flag */
	int span;                /* columns this cell covers (headers), >= 1; covered cells have span 0 */
	double value;            /* the number behind the text, NAN if none */
};

/*
 * A column declared once, lsblk-style, for a list a front end writes as
 * text and as JSON from the one table (fsb_table_list_text, json.h's
 * fsb_json_table): its key, its header, where it shows and how JSON types
 * it.  A column may show in one output only: the text's "unavailable: why"
 * is JSON's "available" and "reason".
 */
enum fsb_col_flag {
	FSB_COL_TEXT = 1 << 0,   /* drawn in the text list */
	FSB_COL_JSON = 1 << 1,   /* written in the JSON, under its id */
};
enum fsb_col_type {
	FSB_COL_STR,             /* a string; null for a cell flagged FSB_CELL_MISSING */
	FSB_COL_BOOL,            /* true when the cell's value is not 0 */
	FSB_COL_ALTS,            /* an array of arrays: the text's ", "-separated
				    entries, each its "|"-separated alternatives */
	FSB_COL_INT,             /* the cell's value as an integer */
	FSB_COL_LIST,            /* an array of strings: the text's ", "-separated items */
};
struct fsb_col_def {
	const char *id;          /* the column's key (fsb_table_find_col), its JSON member */
	const char *header;      /* the text's header; a list whose columns have none has no header row */
	unsigned flags;          /* enum fsb_col_flag */
	enum fsb_col_type type;
	int width;               /* the text pads to it (bytes, as printf's %-*s); 0: the last column */
	const char *empty;       /* the text's word for an empty cell ("-"), or NULL */
};

struct fsb_table {
	char *id;                /* "summary", "phase:tar", "total", "raw:tar", "bonnie" */
	int layout;              /* a builder's own layout, for its width rules: 0, or
				    devdoc.h's enum fsb_devlist_layout (device lists) */
	char *title;             /* "tar xf" */
	char *caption;           /* one line: what the numbers are, relative to what */
	size_t nrows, ncols;
	size_t header_rows;      /* the first header_rows rows are headers */
	struct fsb_cell *cells;  /* nrows × ncols, row-major */
	struct fsb_strv notes;   /* footnotes: failures and why, outliers, units */
	/* keys (table.c): what a row or column stands for, apart from the text
	 * it shows — a filesystem's name, a phase's grid column name — so a
	 * front end finds a cell without reading a label or a header; NULL
	 * until a builder keys one (fsb_table_key_row/_col) */
	char **row_keys;         /* nrows: NULL for a header row or one without a key */
	char **col_keys;         /* ncols */
	const struct fsb_col_def *cols;  /* ncols declared columns (static), or NULL */
};

static inline struct fsb_cell *fsb_table_cell(const struct fsb_table *t, size_t r, size_t c)
{
	return &t->cells[r * t->ncols + c];
}

/*
 * A row's or a column's key (copied; NULL clears it).  Builders key what a
 * front end addresses: the summary's rows by filesystem name, its columns
 * by grid column name (model/grid.h: a phase or FSB_GRID_TOTAL_NAME).
 */
void fsb_table_key_row(struct fsb_table *t, size_t r, const char *key);
void fsb_table_key_col(struct fsb_table *t, size_t c, const char *key);
/*
 * The body row (the header rows never match) or the column keyed key:
 * its index, or -ENOENT (key NULL, no such key, a table without keys).
 * Never the text shown: a header may say something else than its key.
 */
int fsb_table_find_row(const struct fsb_table *t, const char *key);
int fsb_table_find_col(const struct fsb_table *t, const char *key);
/*
 * A list table of n rows over the declared columns cols[0..ncols) (static,
 * not copied): fsb_table_init's with each column keyed by its id, no
 * header row (the text draws the headers from cols).  Free with
 * fsb_table_free.
 */
void fsb_table_init_list(struct fsb_table *t, const char *id, const struct fsb_col_def *cols, size_t ncols,
			 size_t nrows);
/*
 * A list table as text, appended to out: its title and ":", a header row
 * when a text column has a header, then a line per row — two blanks, each
 * text column padded to its width and a blank, the last one as it is.
 */
void fsb_table_list_text(const struct fsb_table *t, struct fsb_buf *out);
/*
 * A list table's columns ids[0..n) (keys, in that order, whatever their
 * flags) as tab-separated values onto out: a line of their headers (the
 * key where a column has none), then a line per row of their cells' texts,
 * a tab or line break inside a text written as a blank.  A key the table
 * lacks gives an empty field.
 */
void fsb_table_list_tsv(const struct fsb_table *t, const char *const *ids, size_t n, struct fsb_buf *out);
/*
 * A list table's text columns as a report table v, for the renderers of
 * render.h and the TUI: one header row (the columns' headers, flagged
 * FSB_CELL_HEADER), then its rows, each cell as it is (text, flags, value),
 * its title, caption, notes and keys.  Free v with fsb_table_free.
 */
void fsb_table_text_view(const struct fsb_table *t, struct fsb_table *v);


/* ---- the runs, in the order they ran (src/doc/report_runs.c) ---- */

/*
 * The runs set aside as disturbed (run->disturbed), in the order they ran:
 * one line each, "ext4#2/make rep 1 (other programs used 48% of a CPU,
 * mostly burner)".  Fills out (caller frees); returns how many.
 */
size_t fsb_report_set_aside(const struct fsb_result *res, struct fsb_strv *out);
/*
 * The runs run again for a disturbed one (run->v[FSB_FIELD_replaces]), one
 * line each: "xfs/cp rep 2 in place of rep 1 (other programs used 48% of
 * a CPU, mostly burner)".  Fills out (caller frees); returns how many.
 */
size_t fsb_report_replaced(const struct fsb_result *res, struct fsb_strv *out);
/* The cells whose every successful run was disturbed (none set aside, the
 * value marked unreliable): "ext2/make (why, of its first run)". */
size_t fsb_report_unreliable(const struct fsb_result *res, struct fsb_strv *out);

/*
 *  order:   every run in the order it ran (seq): its start time, the
 *           filesystem, phase and repetition, real time, the other
 *           programs' CPU share and, for a disturbed run, why.  -ENOENT
 *           for a result without sequence numbers (older files).
 */
int fsb_report_order(const struct fsb_result *res, struct fsb_table *t);

/*
 * The verdicts a document's tables are judged by (one per time metric,
 * made when a table first asks; doc/report_int.h): a front end building
 * several tables of one result may make one, point its options' judges at
 * it, and free it after the tables; NULL there, each table makes its own.
 */
struct fsb_judges {
	const struct fsb_result *res;
	const struct fsb_report_opts *o;
	struct fsb_verdict v[FSB_METRIC_REAL + 1];
	bool made[FSB_METRIC_REAL + 1];
};
void fsb_report_judges_init(struct fsb_judges *J, const struct fsb_result *res, const struct fsb_report_opts *o);
void fsb_report_judges_free(struct fsb_judges *J);

/* How the verdict's test, which the tables' stars and intervals follow
 * wherever it can judge (struct fsb_chart's level), judged: "round by
 * round, the spread between this machine's sessions included" (or the
 * profile's, or none known). */
const char *fsb_report_judged_how(enum fsb_verdict_noise noise);

/*
 * The noise floor of a phase ("total" too) in metric o->metric: the
 * smallest relative difference from the baseline that this run could
 * detect, the largest over the filesystems.  For a pair the verdict's
 * test can judge (report_int.h, struct fsb_judges), its interval's
 * relative half-width — round by round, the spread between sessions
 * included; for any other, the baseline's and its own relative 95% CI
 * half-widths combined, sqrt(ra² + rb²).  When the largest figure is the
 * verdict's, *level (may be NULL) is its confidence (0.975) and *noise
 * (may be NULL) where its spread came from; else *level is NAN.
 * 0.04 = differences below 4% cannot be told from noise.  NAN without repetitions (or fewer than two
 * kept runs in every pair).
 */
double fsb_report_noise_floor(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
			      double *level, enum fsb_verdict_noise *noise);

/* ---- the tables and charts (src/doc/report.c) ---- */

/*
 * The tables.  Each returns 0 and fills t (free with fsb_table_free), or
 * -ENOENT when the result has nothing for it (no such phase, no built-in
 * phases).
 *  summary: filesystems × (phases + total), metric normalized (seed 000's
 *           summary, and seed 002's plain-text one);
 *  phase:   usr, sys, sync, dead, real in seconds and normalized, rows
 *           sorted by real time; phase "total" sums every phase;
 *  raw:     one column per repetition, like seed 004 (real, with
 *           sys+user in brackets), outliers flagged;
 *  bonnie:  the built-in phases as bonnie++ prints them: rate (K/sec or
 *           /sec) and %CP per test, one row per filesystem, plus a
 *           normalized copy and a latency table.
 */
int fsb_report_summary(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_phase(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_table *t);
int fsb_report_raw(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		   struct fsb_table *t);
int fsb_report_bonnie(const struct fsb_result *res, const struct fsb_report_opts *o, bool normalized,
		      struct fsb_table *t);
int fsb_report_latency(const struct fsb_result *res, struct fsb_table *t);
/*
 *  stats:   one row per filesystem with every per-cell statistic of the
 *           metric (o->metric; throughput for a built-in phase): runs,
 *           outliers, mean, 95% CI half-width, median, sd, CV, min, max —
 *           the numbers behind a mean±CI cell;
 *  auto:    with --auto-repeat, filesystems × phases: the repetitions each
 *           phase took to get its CI within the target, or "cap" when it
 *           never did, and the CI (of real time) it reached.  -ENOENT for a
 *           run without --auto-repeat.
 */
int fsb_report_stats(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_table *t);
int fsb_report_auto(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);

/*
 * Compare several results: one row per (file, filesystem), the phases they
 * share as columns (and their total), the metric normalized to one
 * baseline (fsb_report_compare_baseline).  labels[i] names results[i] in
 * the rows.
 */
int fsb_report_compare(struct fsb_result *const *results, const char *const *labels, size_t n,
		       const struct fsb_report_opts *o, struct fsb_table *t);
/*
 * The baseline of a comparison: o->baseline as a filesystem name (in the
 * first file that has it) or as "LABEL:FS" (FS of the file labelled LABEL),
 * else the first file's own baseline, else its first filesystem.  *file
 * gets the index of its file.  NULL when o->baseline names nothing.
 * (The comparison's "total" sums only the phases the files share.)
 */
const struct fsb_fs_result *fsb_report_compare_baseline(struct fsb_result *const *results,
							 const char *const *labels, size_t n,
							 const struct fsb_report_opts *o, size_t *file);

/* The table itself (src/doc/table.c, with the keys above). */
void fsb_table_free(struct fsb_table *t);
/* Building a table: nrows × ncols empty cells (span 1, value NAN) of which
 * the first header_rows are headers; a cell's text from a format. */
void fsb_table_init(struct fsb_table *t, const char *id, size_t nrows, size_t ncols, size_t header_rows);
void fsb_table_set(struct fsb_table *t, size_t r, size_t c, unsigned flags, double value, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* Cell (r, c) covers n columns (a header over a group); the ones it covers
 * get span 0.  Once built: every cell nobody set gets an empty text. */
void fsb_table_span(struct fsb_table *t, size_t r, size_t c, int n);
void fsb_table_done(struct fsb_table *t);

/* A horizontal bar chart of one phase (or "total") for the metric. */
struct fsb_bar {
	char *label;             /* filesystem */
	double value;            /* normalized; NAN when no data */
	double lo, hi;           /* CI of the ratio, NAN when none */
	unsigned flags;          /* BASELINE, SIGNIFICANT, FAILED, PENDING … */
	char *text;              /* "1.13*" or "fail" */
};

struct fsb_chart {
	char *title;             /* "dead time, total — relative to ext2" */
	size_t n;
	struct fsb_bar *bars;
	double max;              /* the largest value or CI end, for scaling; >= 1 */
	double level;            /* the bars were judged by the verdict's test, whose
				    intervals are at this confidence (0.975); NAN or 0 (a
				    chart another builder made): by the cells' own test,
				    95% (report_int.h, struct fsb_judges) */
	enum fsb_verdict_noise noise;  /* with level: where its spread between sessions came from */
};

int fsb_report_chart(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_chart *c);
void fsb_chart_free(struct fsb_chart *c);

/*
 * How a result was measured, in the words every output uses (caller frees;
 * src/doc/report_runs.c):
 *  host:     "vm, Linux 6.1 x86_64, AMD EPYC, 2 cores, 24105 MiB RAM, Debian 12"
 *  target:   "image /var/tmp/t.img (2048 MiB) on /dev/loop0, model, fstype"
 *  versions: the importing source tool ("bonnie++ 1.03 (imported)"), the
 *            mkfs tools' versions (each once), then the host's programs
 * An empty string (versions: nothing added) when the result lacks them.
 */
char *fsb_report_host_line(const struct fsb_host *h);
char *fsb_report_target_line(const struct fsb_target_info *t);
void fsb_report_versions(const struct fsb_result *res, struct fsb_strv *out);

/*
 * The verdict in plain words (src/doc/report_verdict.c): the fastest
 * filesystem overall by the metric and by how much, then every significant
 * standout per phase ("xfs: rm 10.3× slower than ext2").  Lines go into
 * out.
 */
void fsb_report_verdict(const struct fsb_result *res, const struct fsb_report_opts *o,
			struct fsb_strv *out);

/* A metric in the tables' words: "dead time (real - usr)", "throughput". */
const char *fsb_report_metric_words(enum fsb_metric m);

/* What a ratio's interval says where it is not measurable (model/stats.h:
 * unbounded, or reaching 0): the tables' cell and the sentences' words. */
#define FSB_REPORT_UNMEASURABLE "not measurable"

/* v with prec decimals, or "—" when it is not a number (never "nan" or
 * "inf" in a table); one of 8 rotating thread-local buffers, so a format
 * can hold several. */
const char *fsb_report_num(double v, int prec);

/* A table cell's or bar's flags for a ratio (x / baseline, aged / fresh):
 * a number, a ratio, significant when it is, better below 0.995, worse
 * from 1.005 (what prints as 1.00 is neither). */
unsigned fsb_report_ratio_flags(double ratio, bool significant);

struct fsb_age;
/*
 * The Aging section (src/doc/report_aging.c), from fsb_age_compute()'s
 * judgement a (model/agefactor.h).  Each table function returns 0 and
 * fills t, or -ENOENT when a has no filesystem (no aging phases).
 *  aging:         filesystems × the reads (grep, stat) the result holds:
 *                 aged and fresh seconds (mean±CI), the factor aged /
 *                 fresh ("*" significant), its 95% interval; -ENOENT
 *                 when it holds neither read;
 *  aging-desktop: the same for the desktop phases run aged and fresh
 *                 (make2, cp, rm), the factor and its interval only;
 *                 -ENOENT when the result holds none;
 *  aging-layout:  extents per file aged and fresh, the share of files in
 *                 more than one extent, p90 / max, free extents and their
 *                 mean size aged and fresh, the free space in extents of
 *                 1 MiB or more, the fullness aging reached ("—" = not
 *                 reported);
 *  aging chart:   one kind's factors as bars (1.00 = no aging); -ENOENT
 *                 when the result does not hold that kind;
 *  aging words:   a sentence per filesystem: how much longer each phase
 *                 took after aging, or "no measurable aging" when the
 *                 test finds none (or it is under FSB_VERDICT_MIN_LEAD);
 *                 where it ranked fresh and aged; its extents per file;
 *  aging runs:    with --raw, every run of the aging group's phases with
 *                 its fields (fullness, ops, bytes, layout); -ENOENT when
 *                 res has none.
 */
int fsb_report_aging(const struct fsb_age *a, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_aging_desktop(const struct fsb_age *a, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_aging_layout(const struct fsb_age *a, struct fsb_table *t);
int fsb_report_aging_chart(const struct fsb_age *a, int read, struct fsb_chart *c);
void fsb_report_aging_words(const struct fsb_age *a, struct fsb_strv *out);
int fsb_report_aging_runs(const struct fsb_result *res, struct fsb_table *t);

/*
 * What the disk did (src/doc/report_disk.c, doc/disk.md; judged by
 * model/diskwork.h and model/plaus.h).  Each table returns 0 and fills t,
 * or -ENOENT when the result has nothing for it (no device counters, no
 * stall probe, no clone phase, no aging).
 *  disk-total:   per filesystem over the totals' phases: MiB the device
 *                wrote (mean±CI) and normalized to the baseline, MiB saved,
 *                write amplification, flush requests, MiB discarded;
 *  disk-writes:  filesystems × phases (the totals', "total", the built-in
 *                ones): MiB the device wrote and normalized, cells that did
 *                less work marked (fsb_report_mark_less_work);
 *  disk-amp:     the same × phases: write amplification (mean of the runs';
 *                total: Σ written / Σ saved);
 *  disk-aging:   the aging group's desktop phases: device writes aged /
 *                fresh (significance as the aging factors) and write
 *                amplification aged and fresh;
 *  stalls:       a row per phase with the probe's saves and filesystem:
 *                saves, p50, p99 (mean±CI of the runs'), the longest,
 *                p99 normalized;
 *  clone:        the clone phase's answer per filesystem: "clone" (with
 *                its seconds, device and saved MiB) or "no reflink";
 *  charts:       the total device writes normalized; the p99 of the phase
 *                whose saves waited longest (*phase), normalized.
 * The words: the longest save and where; each filesystem's amplification
 * over the phases, largest first (after lead, NULL: "Over the phases");
 * which filesystems clone; every cell that did less work.  Lines appended
 * to out.
 */
int fsb_report_disk_total(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_disk_writes(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_disk_amp(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_disk_aging(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_stalls(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_clone(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t);
int fsb_report_disk_chart(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_chart *c);
int fsb_report_stall_chart(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_chart *c,
			   const char **phase);
void fsb_report_stall_words(const struct fsb_result *res, struct fsb_strv *out);
/* How the stall probe ran, in words, for "How it was measured" and the
 * section's legend ("in a round of its own after the timed rounds: it never
 * ran beside a timed phase", "beside the timed phases: …", "not run");
 * NULL when the result does not record it (older files read as before). */
const char *fsb_report_probe_words(const struct fsb_result *res);
void fsb_report_amp_words(const struct fsb_result *res, const char *lead, struct fsb_strv *out);
void fsb_report_clone_words(const struct fsb_result *res, struct fsb_strv *out);
void fsb_report_less_work_words(const struct fsb_result *res, struct fsb_strv *out);
/*
 * Mark the cells of a table whose filesystem did less work in phase (a
 * column of res's grid, model/plaus.h, fsb_plaus_less_work): row r0 + i
 * is res's row rows[i] (every filesystem of res), in each of
 * cols[0..ncols) the flag FSB_CELL_LESS_WORK and "^" after the text; a
 * note per filesystem, and the mark's legend after the caption once.
 * "total" (FSB_GRID_TOTAL) is never marked.  Returns the filesystems
 * marked.
 */
size_t fsb_report_mark_less_work(const struct fsb_result *res, size_t phase, struct fsb_table *t, const size_t *rows,
				 size_t r0, const size_t *cols, size_t ncols);

struct fsb_rec_opts;
struct fsb_recommendation;
/*
 * The recommendation in words (src/doc/recommend_doc.c): the headline
 * first — "Put ext4 on it: …", "ext4 or xfs — no measurable difference
 * …; choose by: …", "Cannot tell on this machine: …" — then the use's
 * weights ("Weighed for a system disk: deb ×3, …"), what the answer rests
 * on, what the one named gives, the faster filesystems passed over and
 * what they lack, the ones it could not consider, and where the evidence
 * is thin.  r is fsb_recommend()'s judgement of res with o and ro
 * (model/recommend.h).  Lines into out.
 */
void fsb_report_recommendation(const struct fsb_result *res, const struct fsb_report_opts *o,
			       const struct fsb_rec_opts *ro, const struct fsb_recommendation *r,
			       struct fsb_strv *out);
/*
 * What else counts, as a table (id "criteria"): a row per criterion of r
 * (model/criteria.h; the use's important ones first, "needed most"), a
 * column per filesystem with a profile — the named, the other
 * candidates, then in parentheses and dim those missing a must-have —
 * each cell the value's words (FSB_CELL_BEST: better on it than the
 * others judged, FSB_CELL_MISSING: unknown), the last column whether it
 * is measured here or documented.  0, or -ENOENT when there is nothing to
 * show.
 */
int fsb_report_criteria(const struct fsb_recommendation *r, struct fsb_table *t);

struct fsb_browse;
/*
 * The list as a table: one header row, then one row per entry in idx[0..n)
 * (indices into b->v): Date (local time), Status, Profile, Aged ("yes", or
 * "no" dimmed), Target, Filesystems, Phases — the texts of fsb_browse_row(),
 * in this order.  Unreadable files show "unreadable" in Status (with
 * FSB_CELL_FAILED), the message in Target and an empty Aged.  Free with
 * fsb_table_free().  The text view (fsb_table_text_view) of the list table
 * below, without its JSON fields.
 */
void fsb_report_browse(const struct fsb_browse *b, const size_t *idx, size_t n, struct fsb_table *t);
/*
 * The same list as a list table (declared columns), the one `fsbench
 * list-results` walks for its text (fsb_report_browse is its text view)
 * and its JSON (doc/json.md): rows keyed by path; the text's columns as
 * above; JSON's file, readable, error, date, when, status and, for a file
 * that could be read, profile, title, tool, started, finished, target,
 * host, kernel, cpu, workload, command (null when empty), filesystems and
 * phases (arrays), aged, repeat; then log.
 */
void fsb_report_browse_list(const struct fsb_browse *b, const size_t *idx, size_t n, struct fsb_table *t);
/*
 * The keys of that list table's columns `list-results --tsv` writes, in
 * its order (scripts count on it: new columns only at the end): File,
 * then Date, Status, Profile, Target, Filesystems, Phases, Aged (model/
 * browse.h's enum fsb_browse_col).  Static; *n their number.
 */
const char *const *fsb_report_browse_tsv_cols(size_t *n);

#endif
