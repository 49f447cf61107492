/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the commands share beyond model/app.h: numbers and metrics from
 * options, and reading the result files named on the command line. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int fsb_cli_report_option(const char *cmd, int c, const char *arg, struct fsb_report_opts *ro)
{
	switch (c) {
	case 'm':
		return fsb_cli_parse_metric(cmd, arg, &ro->metric) ? -1 : 1;
	case 'b':
		ro->baseline = arg;
		return 1;
	case 'W':
		ro->nonparametric = true;
		return 1;
	}
	return 0;
}

int fsb_cli_read_results(const char *cmd, char *const *paths, size_t n, struct fsb_result ***res,
			 const char ***labels)
{
	struct fsb_err err = { 0 };

	*res = fsb_xcalloc(n ? n : 1, sizeof(**res));
	*labels = fsb_xcalloc(n ? n : 1, sizeof(**labels));
	for (size_t i = 0; i < n; i++)
		if (fsb_result_read(paths[i], &(*res)[i], &err)) {
			fsb_app_error("%s: %s", cmd, err.msg);
			return FSB_EXIT_USAGE;
		}
	fsb_cli_file_labels(paths, n, *labels);
	return FSB_EXIT_OK;
}

void fsb_cli_free_results(struct fsb_result **res, const char **labels, size_t n)
{
	for (size_t i = 0; res && i < n; i++)
		fsb_result_free(res[i]);
	free(res);
	free(labels);
}

int fsb_cli_help_or_usage(int c, void (*usage)(FILE *fp))
{
	usage(c == 'h' ? stdout : stderr);
	return c == 'h' ? FSB_EXIT_OK : FSB_EXIT_USAGE;
}
