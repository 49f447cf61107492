/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the commands share beyond model/app.h: their options parsed from
 * one table each, numbers and metrics from options, and reading the result
 * files named on the command line. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cmd.h"
#include "doc/report.h"
#include "model/result.h"

const char *fsb_cli_say(enum fsb_opt id, const char *value, char *buf, size_t n)
{
	const struct fsb_opt_info *o = fsb_opt_info(id);

	if (id == FSB_SAY_DEVICE_CHECK)
		snprintf(buf, n, "'fsbench devices --check %s'", value ? value : "DEVICE");
	else if (id == FSB_SAY_PREPARE_DEB)
		snprintf(buf, n, "'fsbench prepare --profile %s deb'", value ? value : "PROFILE");
	else if (id == FSB_SAY_METRIC)
		snprintf(buf, n, "--metric %s", value ? value : "METRIC");
	else if (id == FSB_SAY_USE)
		snprintf(buf, n, "--for %s", value ? value : "USE");
	else if (!o)
		return NULL;
	else if (value)	/* the confirmation is written as one word, as the man page shows it */
		snprintf(buf, n, "--%s%s%s", o->name, id == FSB_OPT_YES_DESTROY ? "=" : " ", value);
	else
		snprintf(buf, n, "--%s", o->name);
	return buf;
}

int fsb_cli_parse_long(const char *cmd, const char *opt, const char *s, long min, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min) {
		fsb_app_error("%s: %s '%s': expected a whole number of at least %ld", cmd, opt, s, min);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

void fsb_cli_file_labels(char *const *paths, size_t n, const char **labels)
{
	for (size_t i = 0; i < n; i++) {
		const char *slash = strrchr(paths[i], '/');

		labels[i] = slash ? slash + 1 : paths[i];
	}
	/* two files of the same name in other directories: their paths tell them apart */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (i != j && strcmp(labels[i], labels[j]) == 0 && labels[i] != paths[i]) {
				for (size_t k = 0; k < n; k++)
					labels[k] = paths[k];
				return;
			}
}

int fsb_cli_parse_metric(const char *cmd, const char *s, enum fsb_metric *m)
{
	if (fsb_metric_parse(s, m) || !fsb_metric_is_choice(*m)) {
		char choices[128];

		fsb_metric_choices_say(choices, sizeof(choices));
		fsb_app_error("%s: --metric '%s': expected %s", cmd, s, choices);
		return -EINVAL;
	}
	return 0;
}

int fsb_cli_take_metric(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	return fsb_cli_parse_metric(cmd, arg, field) ? -1 : 0;
}

int fsb_cli_read_results(const char *cmd, char *const *paths, size_t n, struct fsb_result ***res,
			 const char ***labels)
{
	struct fsb_err err = { 0 };

	bool stdin_read = false;

	*res = fsb_xcalloc(n ? n : 1, sizeof(**res));
	*labels = fsb_xcalloc(n ? n : 1, sizeof(**labels));
	for (size_t i = 0; i < n; i++) {
		/* standard input holds one result: a second "-" would read nothing */
		if (strcmp(paths[i], "-") == 0 && stdin_read) {
			fsb_app_error("%s: - (standard input) given twice: it holds one result file", cmd);
			return FSB_EXIT_USAGE;
		}
		stdin_read |= strcmp(paths[i], "-") == 0;
		if (fsb_result_read_input(paths[i], &(*res)[i], &err)) {
			fsb_app_error("%s: %s", cmd, err.msg);
			return FSB_EXIT_USAGE;
		}
	}
	fsb_cli_file_labels(paths, n, *labels);
	return FSB_EXIT_OK;
}

int fsb_cli_output_is_input(const char *cmd, const char *out, char *const *paths, size_t n)
{
	struct stat o, in;

	/* a new output cannot be an input; "-" is standard input */
	if (!out || stat(out, &o))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (strcmp(paths[i], "-") && stat(paths[i], &in) == 0 && in.st_dev == o.st_dev &&
		    in.st_ino == o.st_ino) {
			fsb_app_error("%s: -o %s is the input %s: writing it would lose what it holds; "
				      "name another output", cmd, out, paths[i]);
			return FSB_EXIT_USAGE;
		}
	return -1;
}

void fsb_cli_free_results(struct fsb_result **res, const char **labels, size_t n)
{
	for (size_t i = 0; res && i < n; i++)
		fsb_result_free(res[i]);
	free(res);
	free(labels);
}

void fsb_cli_getopt_add(struct option *lo, size_t *nlo, char *so, const char *name, char letter,
			bool arg, int val)
{
	size_t n = strlen(so);

	lo[(*nlo)++] = (struct option){ name, arg ? required_argument : no_argument, NULL, letter ? letter : val };
	if (!letter)
		return;
	so[n++] = letter;
	if (arg)
		so[n++] = ':';
	so[n] = '\0';
}

/* The entry of opts getopt's value c stands for, or NULL: -h, --help, or
 * an option getopt refused. */
static const struct fsb_cli_opt *option_of(const struct fsb_cli_opt *opts, int c)
{
	for (int i = 0; opts[i].name; i++)
		if (opts[i].letter ? opts[i].letter == c : FSB_CLI_LONG_ONLY + i == c)
			return &opts[i];
	return NULL;
}

/* Option o, with its argument arg, into args: 0, or -1 after its error. */
static int set_option(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *args)
{
	void *field = (char *)args + o->off;

	switch (o->set) {
	case FSB_CLI_TRUE:
	case FSB_CLI_FALSE:
		*(bool *)field = o->set == FSB_CLI_TRUE;
		return 0;
	case FSB_CLI_STR:
		*(const char **)field = arg;
		return 0;
	case FSB_CLI_TAKE:
		return o->take(cmd, o, arg, field);
	}
	return 0;
}

/* "CMD: " and " CMD" of the one-line usage errors, or nothing for the
 * global options (cmd NULL). */
#define CMD_PREFIX(cmd) (cmd) ? (cmd) : "", (cmd) ? ": " : ""
#define CMD_HELP(cmd) (cmd) ? " " : "", (cmd) ? (cmd) : ""

int fsb_cli_usage_error(const char *cmd, const char *what)
{
	fsb_app_error("%s%s%s (fsbench%s%s --help)", CMD_PREFIX(cmd), what, CMD_HELP(cmd));
	return FSB_EXIT_USAGE;
}

int fsb_cli_getopt_refused(const char *cmd, int c, char **argv)
{
	/* optind is past the option getopt refused, unless it was a letter
	 * inside a cluster (-qx); a long one is named as it was typed */
	const char *word = argv[optind - 1];
	char buf[512], letter[3] = { '-', (char)optopt, '\0' };
	int len;

	if (strncmp(word, "--", 2) != 0 && optopt > 0 && optopt < FSB_CLI_LONG_ONLY)
		word = letter;
	len = (int)strcspn(word, "=");
	if (c == ':')
		snprintf(buf, sizeof(buf), "option '%.*s' needs an argument", len, word);
	else if (word[len] == '=' && optopt)	/* a known long option given "=ARG" it takes none of */
		snprintf(buf, sizeof(buf), "option '%.*s' takes no argument", len, word);
	else
		snprintf(buf, sizeof(buf), "unknown option '%.*s'", len, word);
	return fsb_cli_usage_error(cmd, buf);
}

int fsb_cli_options(int argc, char **argv, const struct fsb_cli_opt *opts, void *args,
		    void (*usage)(FILE *fp))
{
	size_t n = 0, nlo = 0;
	struct option *lo;
	bool *given;
	char *so;
	int c, rc = -1;

	while (opts[n].name)
		n++;
	/* every option, --help and the terminator; two chars a letter, 'h', NUL */
	lo = fsb_xcalloc(n + 2, sizeof(*lo));
	so = fsb_xcalloc(2 * n + 3, 1);
	given = fsb_xcalloc(n + 1, sizeof(*given));
	/* getopt says nothing: a refused option is our one line, and ':'
	 * tells a missing argument from an unknown option */
	opterr = 0;
	so[0] = ':';
	for (size_t i = 0; i < n; i++)
		fsb_cli_getopt_add(lo, &nlo, so, opts[i].name, opts[i].letter,
				   opts[i].set == FSB_CLI_STR || opts[i].set == FSB_CLI_TAKE,
				   FSB_CLI_LONG_ONLY + (int)i);
	fsb_cli_getopt_add(lo, &nlo, so, "help", 'h', false, 0);
	while (rc < 0 && (c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		const struct fsb_cli_opt *o = option_of(opts, c);

		if (!o && c == 'h') {
			usage(stdout);
			rc = FSB_EXIT_OK;
		} else if (!o) {
			rc = fsb_cli_getopt_refused(argv[0], c, argv);
		} else if (set_option(argv[0], o, optarg, args)) {
			rc = FSB_EXIT_USAGE;
		}
		if (o)
			given[o - opts] = true;
	}
	/* a required option not given; then, at the table's end, no operand */
	for (size_t i = 0; rc < 0 && i <= n; i++)
		if (opts[i].required && (i < n ? !given[i] : optind >= argc))
			rc = fsb_cli_usage_error(argv[0], opts[i].required);
	free(given);
	free(lo);
	free(so);
	return rc;
}
