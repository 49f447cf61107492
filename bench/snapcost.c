/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench/snapcost.c — what one interference snapshot costs (sys/interfere.h):
 * CPU seconds per snapshot, /proc/stat only and with the process table,
 * measured with the thread's CPU clock over many snapshots.  Prints
 * "stat_us table_us nprocs".  Built by bench/aa-trials.sh against the
 * build tree's libfsbench.a. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sys/interfere.h"

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double per_snapshot(int n, int procs, size_t *nprocs)
{
	double t0 = cpu_now();

	for (int i = 0; i < n; i++) {
		struct fsb_snap s;

		fsb_snap_read("/proc", procs, &s);
		*nprocs = s.nprocs;
		fsb_snap_free(&s);
	}
	return (cpu_now() - t0) / n;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 200;
	size_t np = 0;
	double stat_s = per_snapshot(n * 10, 0, &np), table_s = per_snapshot(n, 1, &np);

	printf("%.1f %.1f %zu\n", stat_s * 1e6, table_s * 1e6, np);
	return 0;
}
