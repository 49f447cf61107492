/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TUI entry point.  The interactive interface is not built yet (its own
 * issue); until then `fsbench` without a command says so and exits. */
#include <stdio.h>

#include "cmd.h"

int fsb_cmd_tui(struct fsb_cli *cli, int argc, char **argv)
{
	(void)cli;
	(void)argc;
	(void)argv;
	fsb_cli_error("the interactive interface is not built yet; use 'fsbench run' (see fsbench --help)");
	return FSB_EXIT_USAGE;
}
