/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/shipped_config.h — a cmocka group that reads the shipped
 * config (data/fsbench.conf of the source tree) once: shipped_setup()
 * loads it into cfg, shipped_teardown() frees it.  Include after cmocka.h.
 */
#ifndef FSB_TEST_SHIPPED_CONFIG_H
#define FSB_TEST_SHIPPED_CONFIG_H

#include <stdio.h>
#include <stdlib.h>

#include "model/config.h"
#include "sys/util.h"

static struct fsb_config *cfg;

static int shipped_setup(void **state)
{
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/data/fsbench.conf", FSB_ABS_SRCDIR);
	int rc = fsb_config_load(path, &cfg, &err);

	(void)state;
	if (rc)
		fprintf(stderr, "%s\n", err.msg);
	free(path);
	return rc ? -1 : 0;
}

static int shipped_teardown(void **state)
{
	(void)state;
	fsb_config_free(cfg);
	return 0;
}

#endif
