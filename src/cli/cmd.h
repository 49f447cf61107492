/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd.h — the command-line front end: one function per subcommand
 * (src/cmd_<name>.c), dispatched by main.c.  Commands print their own
 * errors ("fsbench: run: …", one line) and return the process exit status:
 */
#ifndef FSB_CMD_H
#define FSB_CMD_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/app.h"
#include "model/config.h"
#include "model/opts.h"
#include "model/result.h"

/* How the command line says the plan's options and actions: "--repeat",
 * "--yes-destroy=DEV", "'fsbench devices --check DEV'" (fsb_opt_speaker). */
const char *fsb_cli_say(enum fsb_opt id, const char *value, char *buf, size_t n);

/* What an option of a command does to the command's args struct. */
enum fsb_cli_set {
	FSB_CLI_TRUE,        /* no argument; the bool field becomes true */
	FSB_CLI_FALSE,       /* no argument; the bool field becomes false */
	FSB_CLI_STR,         /* an argument; the const char * field points at it */
	FSB_CLI_TAKE,        /* an argument, which take checks and stores */
};

/* getopt's value of the long-only option i of a table: past every char */
#define FSB_CLI_LONG_ONLY 256

/* One option of a command, declared once: getopt_long's entry, its short
 * letter and what it sets are all made from it (fsb_cli_options). */
struct fsb_cli_opt {
	const char *name;        /* the long option, without "--"; NULL ends the table */
	char letter;             /* its short option, or 0: long only ('h' is --help's) */
	enum fsb_cli_set set;    /* what it does with the field at off */
	size_t off;              /* offsetof its field in the command's args struct */
	/* FSB_CLI_TAKE: arg into *field; 0, or -1 after printing the error
	 * ("CMD: --NAME …"; cmd is the command's name) */
	int (*take)(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field);
	/* NULL, or the error when it is not given ("-o OUT is required"); on
	 * the entry that ends the table, the error when no operand follows */
	const char *required;
};

/* A command's options, from its table opts (plus -h, --help, last): getopt_long
 * over argv (argv[0] the command's name, options and operands in any order),
 * each option taking effect on args in the order given.  Returns -1 to go
 * on, optind at the first operand; or the exit status where the command
 * ends: FSB_EXIT_OK after --help (usage on stdout), FSB_EXIT_USAGE after
 * one line on stderr: an option getopt refused (fsb_cli_getopt_refused), one
 * a take refused, or a required option or operand missing
 * (fsb_cli_usage_error).  usage is only ever printed for --help. */
int fsb_cli_options(int argc, char **argv, const struct fsb_cli_opt *opts, void *args,
		    void (*usage)(FILE *fp));

/* What a command line lacks, said in one line on stderr, "fsbench: CMD:
 * WHAT (fsbench CMD --help)" — or, for the global options (cmd NULL),
 * "fsbench: WHAT (fsbench --help)"; FSB_EXIT_USAGE.  The usage text is
 * --help's alone: after an error it buried the line that mattered. */
int fsb_cli_usage_error(const char *cmd, const char *what);

/* getopt_long (with opterr 0 and ':' leading its short options) returned
 * c, '?' or ':', for argv: the unknown option or the one missing its
 * argument named as typed, through fsb_cli_usage_error; FSB_EXIT_USAGE. */
int fsb_cli_getopt_refused(const char *cmd, int c, char **argv);

/* getopt_long's table and short-option string: the entry of option name
 * (letter 0: long only, then val is getopt's value for it) appended at
 * lo[*nlo] and to so.  lo has room for the terminator the caller adds; so,
 * for two chars a letter and the NUL. */
void fsb_cli_getopt_add(struct option *lo, size_t *nlo, char *so, const char *name, char letter,
			bool arg, int val);

/* getopt_long's argument checks share these: parse an integer >= min. */
int fsb_cli_parse_long(const char *cmd, const char *opt, const char *s, long min, long *out);

struct fsb_result;
struct fsb_report_opts;
struct fsb_rec_opts;

/* What `fsbench show` prints for one result, also printed at the end of
 * `fsbench run`: header, summary, verdict, per-phase tables, bonnie tables,
 * and with raw the per-repetition tables. */
void fsb_show_result(FILE *fp, const struct fsb_result *res, const struct fsb_report_opts *o,
		     const struct fsb_rec_opts *rec, bool raw,
		     bool utf8);

/* The recommendation's config (its facts) into rec->cfg: with a use or
 * needs asked for (rec->use, rec->needs), a config that does not load is
 * an error (printed; -1); otherwise the recommendation is left out with
 * one line on stderr, and the tables still show (0). */
struct fsb_app;
int fsb_cli_rec_config(struct fsb_app *cli, const char *cmd, struct fsb_rec_opts *rec);

/* --metric for the tables: dead, real, usr, sys or sync; prints the error. */
int fsb_cli_parse_metric(const char *cmd, const char *s, enum fsb_metric *m);

/* --metric's take: fsb_cli_parse_metric into the enum fsb_metric field. */
int fsb_cli_take_metric(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field);

/* The options of the tables every command that shows results takes
 * (show, export): --metric (-m), --baseline (-b), --mann-whitney, as
 * fsb_cli_opt entries setting the struct fsb_report_opts ro of args
 * struct type. */
#define FSB_CLI_REPORT_OPTIONS(type, ro)                                                       \
	{ "metric", 'm', FSB_CLI_TAKE, offsetof(type, ro.metric), fsb_cli_take_metric, NULL }, \
	{ "baseline", 'b', FSB_CLI_STR, offsetof(type, ro.baseline), NULL, NULL },             \
	{ "mann-whitney", 0, FSB_CLI_TRUE, offsetof(type, ro.nonparametric), NULL, NULL }

/* Read the result files paths[0..n) for command cmd ("-": standard input,
 * once; fsb_result_read_input).  *res and *labels
 * (fsb_cli_file_labels) are allocated even on failure; free them with
 * fsb_cli_free_results.  Returns FSB_EXIT_OK, or FSB_EXIT_USAGE after
 * printing the first file's error. */
int fsb_cli_read_results(const char *cmd, char *const *paths, size_t n, struct fsb_result ***res,
			 const char ***labels);
void fsb_cli_free_results(struct fsb_result **res, const char **labels, size_t n);

/* Is out (-o) the same file as one of paths[0..n) (links followed)?  Then
 * "fsbench: CMD: -o OUT is the input PATH: …" is printed and the exit
 * status is FSB_EXIT_USAGE; else -1 to go on.  For commands whose output
 * is of another kind than their input, where writing over the input loses
 * it (export's CSV over the result file it read). */
int fsb_cli_output_is_input(const char *cmd, const char *out, char *const *paths, size_t n);

/* Labels for result files in tables: their base names, or the paths as
 * given when two base names are the same.  labels[i] points into paths[i]. */
void fsb_cli_file_labels(char *const *paths, size_t n, const char **labels);

/* The subcommands.  argv[0] is the command's name. */
int fsb_cmd_run(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_show(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_export(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_merge(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_import(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_devices(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_list(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_prepare(struct fsb_app *cli, int argc, char **argv);
int fsb_cmd_cleanup(struct fsb_app *cli, int argc, char **argv);

/* Undo what killed fsbench runs left (engine/leftovers.h) and say so on fp;
 * nothing is printed when there was nothing and quiet_when_none.  The exit
 * status: FSB_EXIT_OK, or FSB_EXIT_FAILED when something could not be undone. */
int fsb_cli_cleanup_dead(FILE *fp, bool quiet_when_none);
int fsb_cmd_list_results(struct fsb_app *cli, int argc, char **argv);

#endif
