/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * browse.h — the result files of a results directory: list them, give the
 * texts of their rows, filter them, and estimate how long a planned run
 * will take from the runs they recorded.
 *
 * The TUI's browse screen, its plan screen's estimate and `fsbench
 * list-results` use this; nothing here draws anything.  The list as a table
 * is doc/report.h's fsb_report_browse().
 *
 * It answers from the result index (model/index.h): a scan brings the index
 * up to date (only new or changed files are parsed) and copies its rows,
 * so that 10,000 files list in a fraction of a second and no parsed result
 * is held.  Opening one result is fsb_result_read() on its path.
 *
 * Ownership: struct fsb_browse owns its entries and their strings, valid
 * until fsb_browse_free().
 */
#ifndef FSB_BROWSE_H
#define FSB_BROWSE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "model/config.h"
#include "model/index.h"
#include "model/result.h"
#include "sys/util.h"

/* What the index knows of one file.  Strings are never NULL ("" when the
 * file does not say) except error and log. */
struct fsb_browse_entry {
	char *path;              /* the result file */
	const char *name;        /* its base name, points into path */
	bool readable;           /* it parsed; else error says why */
	char *error;             /* why it could not be read, or NULL */
	time_t when;             /* when the run started (mtime if the file does not say) */
	char *log;               /* the run's log file if it exists, or NULL */
	enum fsb_result_status status;
	const char *profile, *title, *tool, *command, *workload;
	const char *started, *finished;  /* ISO 8601 UTC as written */
	const char *target;      /* "image /var/tmp/x.img" */
	const char *host, *kernel, *cpu;
	const char *filesystems, *phases;  /* comma lists */
	bool aged;               /* it holds a run of an aging phase (see struct fsb_index_file) */
	long repeat;
	double overhead;         /* see struct fsb_index_file */
	char date[24];           /* when as the Date column shows it ("" until the scan sets it) */
	char *strings;           /* owns the const strings above */
	char *text;              /* the row's words in lower case, for the filter */
};

struct fsb_estimate_cache;

struct fsb_browse {
	char *dir;               /* the directory scanned */
	struct fsb_browse_entry *v;  /* newest first */
	size_t n;
	struct fsb_index_stats stats;  /* what the scan did */
	struct fsb_index *ix;    /* the index, kept open for the estimate */
	struct fsb_estimate_cache *est;  /* the last profile's summary, for the estimate */
};

/*
 * The results directory: defaults.results_dir, else
 * $XDG_DATA_HOME/fsbench/results — where the engine writes a result when
 * the plan names no output file.  Caller frees.
 */
char *fsb_browse_results_dir(const struct fsb_config *cfg);

/*
 * List every *.fsbench file of dir, newest first, from the index at its
 * default place (fsb_index_default_path()) brought up to date first.  A
 * file that does not parse is listed anyway, readable false and the
 * parser's message in error.  A missing directory is an empty list, not
 * an error.  0, or -errno when the directory exists but cannot be read
 * (err says so).  Free with fsb_browse_free() in any case.
 */
int fsb_browse_scan(const char *dir, struct fsb_browse *out, struct fsb_err *err);
/* The same with the index at index_path (NULL: the default). */
int fsb_browse_scan_index(const char *dir, const char *index_path, struct fsb_browse *out, struct fsb_err *err);
void fsb_browse_free(struct fsb_browse *b);

/* Does the entry's row contain every blank-separated word of filter (any
 * case, any column, the file name too)?  The Aged column is searched as the
 * word "aged" in an aged row and as nothing otherwise, not as its yes / no,
 * so that "aged" finds the aged results (and any row that shows the word
 * elsewhere: a file name, a planned aged-grep).  An empty filter matches
 * all. */
bool fsb_browse_match(const struct fsb_browse_entry *e, const char *filter);

/* The columns of a row, in the order `list-results --tsv` writes them (new
 * ones are added at the end, so that a script's column numbers stay; the
 * table of doc/report.h shows them in an order of its own, and declares
 * their headings: doc/browse_table.c). */
enum fsb_browse_col {
	FSB_BROWSE_DATE, FSB_BROWSE_STATUS, FSB_BROWSE_PROFILE, FSB_BROWSE_TARGET,
	FSB_BROWSE_FS, FSB_BROWSE_PHASES, FSB_BROWSE_AGED, FSB_BROWSE_NCOLS
};

/* The texts of the entry's row (FSB_BROWSE_NCOLS strings, each owned by the
 * caller): Date (local time), Status, Profile, Target, Filesystems, Phases,
 * Aged ("yes" or "no").  An unreadable file shows "unreadable" in Status,
 * the message in Target and "" in the others. */
void fsb_browse_row(const struct fsb_browse_entry *e, char **col);

/* How long a planned run will take, from earlier runs with the same profile. */
struct fsb_estimate {
	double seconds;          /* the estimate; NAN when nothing is known */
	size_t files;            /* earlier results it is based on */
	size_t known, unknown;   /* filesystem × phase pairs with / without any timing */
};

/*
 * Estimate a run of fs × phases × repeat with profile, from the index's
 * summary rows of b's files (read once per profile): for each pair the
 * mean real time of that filesystem and phase in earlier results of the
 * same profile (any filesystem's mean when this one never ran it), plus per
 * filesystem the mean time those runs spent outside the phases (mkfs,
 * mount, setup).  Pairs nobody ever measured are counted in unknown and add
 * nothing.  seconds is NAN when no earlier result has the profile.
 */
void fsb_browse_estimate(struct fsb_browse *b, const char *profile, const struct fsb_strv *fs,
			 const struct fsb_strv *phases, long repeat, struct fsb_estimate *out);

/*
 * The pieces of the estimate, for the run's ETA (engine/eta.h): the mean
 * real time of one repetition of phase on fs (NULL: on any filesystem) in
 * earlier results of profile, and the mean time per run (a repetition of
 * a filesystem) those results spent outside the phases.  NAN when no earlier result knows it.
 */
double fsb_browse_phase_mean(struct fsb_browse *b, const char *profile, const char *fs, const char *phase);
double fsb_browse_overhead(struct fsb_browse *b, const char *profile);

/* "about 2 min 10 s", "about 45 s", "about 1 h 05 min" into buf. */
const char *fsb_format_duration(double seconds, char *buf, size_t len);

#endif
