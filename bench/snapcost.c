/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench/snapcost.c — what one interference snapshot costs (sys/interfere.h):
 * CPU seconds per snapshot, /proc/stat only and with the process table,
 * measured with the thread's CPU clock over many snapshots, and the live
 * view's read of a phase's own process tree (fsb_tree_cpu: here a process
 * with three children, as sh → make → cc).  Prints "stat_us table_us
 * nprocs tree_us".  Built by bench/aa-trials.sh against the build tree's
 * libfsbench.a. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/* A process with three children that wait to be killed; its pid. */
static pid_t tree(void)
{
	pid_t top = fork();

	if (top == 0) {
		for (int i = 0; i < 3; i++)
			if (fork() == 0)
				for (;;)
					pause();
		for (;;)
			pause();
	}
	usleep(100000);	/* the children are forked */
	return top;
}

static double per_tree(int n, pid_t top)
{
	double t0 = cpu_now(), sum = 0;

	for (int i = 0; i < n; i++)
		sum += fsb_tree_cpu("/proc", top);
	return sum >= 0 ? (cpu_now() - t0) / n : -1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 200;
	size_t np = 0;
	double stat_s = per_snapshot(n * 10, 0, &np), table_s = per_snapshot(n, 1, &np), tree_s;
	pid_t top;

	setpgid(0, 0);
	top = tree();
	tree_s = per_tree(n * 10, top);
	signal(SIGTERM, SIG_IGN);
	kill(0, SIGTERM);	/* the tree, not this process */
	while (wait(NULL) > 0)
		;
	printf("%.1f %.1f %zu %.1f\n", stat_s * 1e6, table_s * 1e6, np, tree_s * 1e6);
	return 0;
}
