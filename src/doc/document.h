/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * document.h — THE document of a result, or of a comparison of several: an
 * ordered list of blocks (heading, text line, key/value list, table, chart,
 * verdict, note), each with a semantic role.  fsb_doc_result() and
 * fsb_doc_compare() decide *what* is in it and in which order; the text
 * (`fsbench show`, the end of `fsbench run`), Markdown and HTML renderers
 * (document_render.c), the JSON one (document_json.c, json.h) and the
 * TUI's report view (ui/view.c) only walk the list and decide how each
 * block looks.  A new section is one edit here.
 *
 * The order of a result's document, every output alike:
 *   title; "PATH — STATUS"; "started …, profile …, N repetitions"; Target
 *   summary table; overview chart; how to read the charts; auto-repeat
 *   table; verdict; the recommendation for the disk's use and the table of
 *   what else counts for it (with a config)
 *   "Phases": per phase (then "total") its chart, its table, what the
 *   device did over its time (a SERIES block, for runs that recorded it),
 *   and with raw its per-repetition and statistics tables and the series'
 *   min / median / max
 *   "Built-in I/O phases": the bonnie tables, per phase its chart (and with
 *   raw its tables), the latency table
 *   "What the disk did" (only when the result has device counters or a clone
 *   phase): the writes over all phases (table, chart), per phase, the
 *   write amplification, aged against fresh, the stall probe's saves
 *   (table, chart), the clone phase's answer, and their words
 *   "Aging" (only when the result has aging runs, model/agefactor.h): how to
 *   read it, the aging factors table, a chart per read (grep, stat), the
 *   layout table, a sentence per filesystem, and with raw every aging run
 *   "Crash consistency" (only when the result has crash runs,
 *   doc/report_crash.h): the method and its limits, the table of what each
 *   filesystem's crash states kept, a sentence per filesystem, with raw
 *   every crash run
 *   "How it was measured": tool, baseline, host, workload, command(s),
 *   program versions, log
 *   "How to reproduce": the phases' commands, how each filesystem was made
 * A live run's result (status running) lists the planned cells as pending
 * (the engine's initial result does), so the same function draws it.
 */
#ifndef FSB_DOCUMENT_H
#define FSB_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "doc/report.h"
#include "doc/timeseries.h"
#include "model/recommend.h"
#include "model/verdict.h"

enum fsb_block_kind {
	FSB_BLOCK_HEADING,       /* text: a title (level 1) or a group's heading (level 2) */
	FSB_BLOCK_TEXT,          /* text: one line */
	FSB_BLOCK_KV,            /* kv: key/value entries */
	FSB_BLOCK_TABLE,         /* table */
	FSB_BLOCK_CHART,         /* chart */
	FSB_BLOCK_VERDICT,       /* lines: the verdict, the first line the headline;
				    verdict: the judgement behind them */
	FSB_BLOCK_NOTE,          /* text: an explanation or a warning (role) */
	FSB_BLOCK_SERIES,        /* series: the device over a phase's time, a line per filesystem */
};

/* What a block is, for styling and for tests that compare outputs. */
enum fsb_block_role {
	FSB_ROLE_TITLE,          /* the result's title */
	FSB_ROLE_IDENTITY,       /* which file, its status */
	FSB_ROLE_RUN,            /* when, which profile, how many repetitions */
	FSB_ROLE_TARGET,         /* where it ran */
	FSB_ROLE_SECTION,        /* a group's heading */
	FSB_ROLE_SUMMARY,        /* the summary table: its columns choose the overview chart */
	FSB_ROLE_OVERVIEW,       /* the overview chart */
	FSB_ROLE_LEGEND,         /* how to read the charts */
	FSB_ROLE_AUTO,           /* the auto-repeat table */
	FSB_ROLE_VERDICT,
	FSB_ROLE_PHASE,          /* a phase's table (or "total") */
	FSB_ROLE_PHASE_CHART,    /* a phase's chart */
	FSB_ROLE_RAW,            /* every repetition of a phase */
	FSB_ROLE_STATS,          /* the statistics of a phase's cells */
	FSB_ROLE_BONNIE,         /* the built-in phases as bonnie++ prints them */
	FSB_ROLE_LATENCY,
	FSB_ROLE_DETAILS,        /* how it was measured */
	FSB_ROLE_REPRODUCE,      /* the phases' commands, the filesystems' mkfs */
	FSB_ROLE_FILES,          /* a comparison: the files compared */
	FSB_ROLE_COMPARE,        /* a comparison: the table */
	FSB_ROLE_WARNING,        /* something the reader must know (nothing to compare) */
	FSB_ROLE_SERIES,         /* a phase's time series (a SERIES block) */
	FSB_ROLE_SERIES_STATS,   /* with raw: their min / median / max per run */
	FSB_ROLE_BOOKKEEPING,    /* a filesystem whose mkfs, mount or unmount stands out */
	/* a device's document (doc/devdoc.h) */
	FSB_ROLE_DEVICE,         /* HEADING: the device and its verdict */
	FSB_ROLE_DEVICE_FACTS,   /* KV: what it is, a fact per entry (FSB_FACT_* keys) */
	FSB_ROLE_DEVICE_VERDICT, /* KV: why refused, doubts, the checks that passed (lists) */
	FSB_ROLE_DEVICE_CONTENT, /* KV: what is on it (blkid's answer, mounts, holders) */
	FSB_ROLE_DEVICE_SIGS,    /* KV: every signature, its offset the key */
	FSB_ROLE_RECOMMEND,      /* VERDICT: the recommendation for the disk's use; text: its
				    heading; rec: the judgement behind it; a CRITERIA table follows */
	FSB_ROLE_DEVICE_LIST,    /* TABLE: every device, a row each (doc/devdoc.h) */
	/* a comparison of machines (doc/machines.h) */
	FSB_ROLE_MACHINES,       /* KV: what the hosts' results record differently */
	FSB_ROLE_MACHINES_RATIOS, /* TABLE: each machine against its own baseline */
	FSB_ROLE_MACHINES_AGREE, /* TEXT: what the machines agree (or disagree) on */
	/* the Aging section (model/agefactor.h), when the result has aging runs */
	FSB_ROLE_AGING,          /* TABLE: the aging factors, filesystems × {grep, stat} */
	FSB_ROLE_AGING_CHART,    /* CHART: one read's factors (phase: its aged phase) */
	FSB_ROLE_AGING_LAYOUT,   /* TABLE: extents per file and free space, aged and fresh */
	FSB_ROLE_AGING_WORDS,    /* TEXT: a sentence per filesystem */
	/* the Crash consistency section (doc/report_crash.h), when the result has crash runs */
	FSB_ROLE_CRASH,          /* TABLE: per filesystem what its crash states kept */
	FSB_ROLE_CRASH_WORDS,    /* TEXT: a sentence per filesystem */
	/* What the disk did (doc/disk.md), when the result has device counters or a clone phase */
	FSB_ROLE_DISK_TOTAL,     /* TABLE: per filesystem, all phases: written, saved, amplification */
	FSB_ROLE_DISK_CHART,     /* CHART: the total device writes normalized */
	FSB_ROLE_DISK_WRITES,    /* TABLE: device writes per phase, less work marked */
	FSB_ROLE_DISK_AMP,       /* TABLE: write amplification per phase */
	FSB_ROLE_DISK_AGING,     /* TABLE: device writes aged against fresh */
	FSB_ROLE_STALLS,         /* TABLE: the stall probe's saves per phase and filesystem */
	FSB_ROLE_STALL_CHART,    /* CHART: the p99 of the phase that stalled most (phase: it) */
	FSB_ROLE_CLONE,          /* TABLE: the clone phase's answer per filesystem */
	FSB_ROLE_DISK_WORDS,     /* TEXT: the longest save, the amplification, clones, less work */
	FSB_ROLE_CRITERIA,       /* TABLE: what else counts for the recommendation's use, under it */
};

/* One entry of a key/value list: "Program versions" has several values. */
struct fsb_kv {
	char *key;
	struct fsb_strv values;  /* at least one */
	bool list;               /* the values are a list (versions), not one value and its remarks */
	bool code;               /* the values are commands, shown as typed */
};

struct fsb_block {
	enum fsb_block_kind kind;
	enum fsb_block_role role;
	int level;               /* HEADING: 1 the title, 2 a group */
	char *text;              /* HEADING, TEXT, NOTE */
	struct fsb_kv *kv;       /* KV */
	size_t nkv;
	struct fsb_strv lines;   /* VERDICT */
	struct fsb_verdict *verdict;  /* VERDICT of a result: the structured judgement the
				    lines word (model/verdict.h), heap, freed with the
				    document; its rows point at the result's filesystems,
				    so read it while the result lives.  NULL elsewhere */
	struct fsb_recommendation *rec;  /* VERDICT of role RECOMMEND: the judgement its lines
				    word (model/recommend.h), heap, freed with the document;
				    read it while the result and the config live */
	struct fsb_table table;  /* TABLE */
	struct fsb_chart chart;  /* CHART */
	char *phase;             /* CHART, PHASE, RAW, STATS, SERIES: the phase ("total") */
	struct fsb_series_line *series;  /* SERIES: one line per filesystem, same time axis */
	size_t nseries;
};

struct fsb_doc {
	struct fsb_block *v;
	size_t n;
	struct fsb_strv chart_phases; /* a result: what a chart may show (the summary's
	                               * columns, else every phase), for a front end's
	                               * chart picker */
	struct fsb_strv baselines;    /* the filesystems the tables may normalize to, in
	                               * order (a comparison: of every file, once) */
};

/* Which parts a front end asks for (a live run: only the top). */
enum fsb_doc_section {
	FSB_DOC_HEADER   = 1 << 0,   /* title, identity, run, target */
	FSB_DOC_SUMMARY  = 1 << 1,   /* summary table, overview chart, legend */
	FSB_DOC_VERDICT  = 1 << 2,   /* auto-repeat table and verdict */
	FSB_DOC_PHASES   = 1 << 3,   /* the per-phase and built-in groups */
	FSB_DOC_DETAILS  = 1 << 4,   /* how it was measured, how to reproduce */
	FSB_DOC_ALL      = 0x1f,
	FSB_DOC_SERIES   = 1 << 5,   /* without PHASES: the phases' SERIES blocks alone
				        (a live run), under "Device over time" */
	FSB_DOC_CHART_TABLE = 1 << 6, /* with SUMMARY: the overview chart's phase table
				        (a PHASE block) after the legend, judged with
				        the rest, for a front end that shows it beside
				        the chart (a wide live run) */
};

struct fsb_doc_opts {
	struct fsb_report_opts report;   /* metric, baseline, test */
	bool raw;                /* the per-repetition and statistics tables too */
	unsigned sections;       /* enum fsb_doc_section; 0 = all */
	const char *chart;       /* the overview chart's phase; NULL: "total" when
				    there are command phases, else none */
	const char *label;       /* the file's name when it has no path or title */
	const char *command;     /* the command line producing this output, or NULL */
	struct fsb_rec_opts rec; /* the recommendation's use, needs and config (its facts);
				    rec.cfg NULL: no recommendation */
};

/* The document of one result.  Free with fsb_doc_free. */
void fsb_doc_result(const struct fsb_result *res, const struct fsb_doc_opts *o, struct fsb_doc *doc);
/*
 * The document of a comparison of results[0..n) labelled labels[]: which
 * files, then the comparison table (report.h) or, when they share no
 * phase, a WARNING note; for results of one plan (the same profile,
 * filesystems and phases) the comparison of machines after it
 * (doc/machines.h: what the hosts record differently, each machine
 * normalized to its own baseline).  Returns 0, or -ENOENT when there is nothing to
 * compare (the note is in doc all the same).
 */
int fsb_doc_compare(struct fsb_result *const *results, const char *const *labels, size_t n,
		    const struct fsb_doc_opts *o, struct fsb_doc *doc);
void fsb_doc_free(struct fsb_doc *doc);
/* The "What the disk did" section of a result's document (doc/disk.md,
 * src/doc/report_disk.c): appended to doc by fsb_doc_result after the
 * phases; nothing when res has no device counters and no clone phase. */
void fsb_doc_disk(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o);

/* For documents built elsewhere (doc/devdoc.c): a new block at the end, a
 * new entry key of a KV block (values empty); the first block of a role,
 * an entry by key (NULL when there is none). */
struct fsb_block *fsb_doc_add(struct fsb_doc *d, enum fsb_block_kind kind, enum fsb_block_role role);
struct fsb_kv *fsb_block_kv_add(struct fsb_block *b, const char *key);
const struct fsb_block *fsb_doc_find(const struct fsb_doc *d, enum fsb_block_role role);
/* A text block (a heading of level 2) owning text; a table block taking
 * over *t when rc is 0 (a table's function returned it), nothing else. */
void fsb_doc_add_text(struct fsb_doc *d, enum fsb_block_kind kind, enum fsb_block_role role, char *text);
void fsb_doc_add_table(struct fsb_doc *d, enum fsb_block_role role, const char *phase, int rc, struct fsb_table *t);
const struct fsb_kv *fsb_block_kv(const struct fsb_block *b, const char *key);

/* The roles' names ("summary", "phase" …): stable words for the renderers'
 * classes and for tests. */
const char *fsb_block_role_name(enum fsb_block_role role);

/*
 * The renderers (document_render.c): each walks doc and draws every block;
 * none adds or leaves out any.  Text: `fsbench show`; Markdown: headings,
 * lists, GFM tables, charts as preformatted text; HTML: a <section> with
 * headings, <dl>, tables and inline SVG (render.h; the page around it is
 * export_html.c's frame).
 */
struct fsb_render_opts;
void fsb_doc_render_text(FILE *fp, const struct fsb_doc *doc, const struct fsb_render_opts *o);
void fsb_doc_render_markdown(FILE *fp, const struct fsb_doc *doc);
void fsb_doc_render_html(FILE *fp, const struct fsb_doc *doc);
/* A key/value entry as lines of text: "Key: value" and its remarks
 * indented under it, or "Key:" and the list (or the commands) under it.
 * Appends to out; the text renderer and the TUI share it. */
void fsb_kv_lines(const struct fsb_kv *e, struct fsb_strv *out);
/* Line-oriented outputs (text, the TUI): is block i followed by a blank
 * line?  Not inside the header or a list of files, nor after a group's
 * heading. */
bool fsb_doc_gap_after(const struct fsb_doc *doc, size_t i);

#endif
