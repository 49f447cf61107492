/* SPDX-License-Identifier: GPL-2.0-or-later */
/* src/sys/interfere.c on recorded /proc snapshots (tests/unit/proc-fixtures):
 * the arithmetic of "what the rest of the machine did", and the classifier
 * that calls a run disturbed.  The expected numbers are worked out by hand
 * in the comments from the fixture files (USER_HZ = 100). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/interfere.h"

static char fixtures[4096];

static void snap(const char *name, struct fsb_snap *s)
{
	char dir[4200];

	snprintf(dir, sizeof(dir), "%s/%s", fixtures, name);
	fsb_snap_read(dir, true, s);
}

static void test_read(void **state)
{
	struct fsb_snap a;

	(void)state;
	snap("busy-b", &a);
	assert_true(sysconf(_SC_CLK_TCK) == 100);
	/* user 1700 + nice 0 + system 700 + irq 0 + softirq 20 ticks */
	assert_float_equal(a.busy_s, 24.20, 1e-9);
	assert_float_equal(a.steal_s, 0.50, 1e-9);
	assert_float_equal(a.psi_some_s[FSB_PSI_CPU], 3.0, 1e-9);
	assert_float_equal(a.psi_some_s[FSB_PSI_IO], 5.0, 1e-9);
	assert_float_equal(a.swap_out, 300, 0);
	assert_float_equal(a.swap_in, 10, 0);      /* not pswpin_extra */
	assert_float_equal(a.mem_avail_kib, 900000, 0);
	assert_int_equal(a.nprocs, 6);
	for (size_t i = 0; i < a.nprocs; i++)
		if (a.procs[i].pid == 500) {
			/* the name ends at the last ')' */
			assert_string_equal(a.procs[i].comm, "new (job) x");
			assert_int_equal(a.procs[i].start, 999);
		} else if (a.procs[i].pid == 300) {
			assert_true(a.procs[i].kthread);
		} else if (a.procs[i].pid == 200) {
			assert_false(a.procs[i].kthread);
			assert_float_equal(a.procs[i].cpu_s, 8.80, 1e-9);
		}
	fsb_snap_free(&a);
}

static void test_busy(void **state)
{
	struct fsb_snap a, b;
	struct fsb_interference x;
	char why[256];

	(void)state;
	snap("busy-a", &a);
	snap("busy-b", &b);
	/* 10 s of wall time; the phase's tree (pgid 600) used 3.0 s; fsbench is pid 400 */
	fsb_interference_compute(&a, &b, 10.0, 3.0, 600, 400, &x);
	/* busy 24.20 − 15.10 = 9.10 s, minus the tree 3.0, minus fsbench 0.40 and the
	 * loop kworker 0.60: 5.10 s in 10 s */
	assert_float_equal(x.others_cpu, 0.51, 1e-9);
	/* chromium: 880 − 400 ticks; cc1 (4.0 s, but in the phase's group) is not "other" */
	assert_string_equal(x.top, "chromium");
	assert_float_equal(x.top_cpu, 0.48, 1e-9);
	assert_float_equal(x.steal, 0.03, 1e-9);
	assert_float_equal(x.psi[FSB_PSI_CPU], 0.2, 1e-9);
	assert_float_equal(x.psi[FSB_PSI_IO], 0.5, 1e-9);
	assert_float_equal(x.psi[FSB_PSI_MEM], 0, 1e-9);
	assert_float_equal(x.swap_out, 300, 0);
	assert_float_equal(x.swap_in, 0, 0);
	assert_float_equal(x.mem_drop_kib, 100000, 0);
	assert_true(fsb_interference_disturbed(&x, NULL, why, sizeof(why)));
	assert_string_equal(why, "other programs used 51% of a CPU, mostly chromium; the machine swapped 300 pages");
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

/* a kernel without /proc/pressure: PSI is NAN, never a reason */
static void test_quiet_no_psi(void **state)
{
	struct fsb_snap a, b;
	struct fsb_interference x;
	char why[256] = "x";

	(void)state;
	snap("quiet-a", &a);
	snap("quiet-b", &b);
	assert_true(isnan(a.psi_some_s[FSB_PSI_CPU]));
	fsb_interference_compute(&a, &b, 10.0, 3.0, 0, 400, &x);
	/* 18.40 − 15.10 = 3.30 s, minus the tree 3.0 and fsbench 0.10 */
	assert_float_equal(x.others_cpu, 0.02, 1e-9);
	assert_true(isnan(x.psi[FSB_PSI_CPU]));
	assert_string_equal(x.top, "");   /* systemd's 0.01 s names nobody */
	assert_false(fsb_interference_disturbed(&x, NULL, why, sizeof(why)));
	assert_string_equal(why, "");
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

/* the classifier's limits, one at a time, and a hostile process name */
static void test_classifier(void **state)
{
	struct fsb_interference x = { .psi = { NAN, NAN, NAN } };
	struct fsb_disturb_limits l = fsb_disturb_default;
	char why[256];

	(void)state;
	x.others_cpu = 0.10;                    /* at the limit is not over it */
	assert_false(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	x.others_cpu = 0.11;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "other programs used 11% of a CPU");
	strcpy(x.top, "ev\033]0;x\007");
	x.top_cpu = 0.1;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "other programs used 11% of a CPU, mostly ev\\x1b]0;x\\x07");
	memset(&x, 0, sizeof(x));
	x.psi[FSB_PSI_CPU] = 0.30;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "waiting for a CPU 30% of the time");
	x.psi[FSB_PSI_CPU] = 0;
	x.steal = 0.2;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "the hypervisor took 20% of a CPU");
	/* a 0.034 s phase: 18% of a CPU is 6 ms, under a tick of /proc/stat */
	x.steal = 0;
	x.others_cpu = 0.18;
	x.wall_s = 0.034;
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	x.wall_s = 1.0;                         /* 180 ms over a second: real */
	assert_true(fsb_interference_disturbed(&x, &l, NULL, 0));
	x.others_cpu = 0;
	x.wall_s = 0;
	x.steal = 0.2;
	l.steal = 0.5;                          /* limits are the caller's */
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	/* no wall time: nothing can be said, nothing is disturbed */
	{
		struct fsb_snap s = { 0 };

		fsb_interference_compute(&s, &s, 0, 0, 0, 0, &x);
		assert_true(isnan(x.others_cpu));
		assert_false(fsb_interference_disturbed(&x, NULL, NULL, 0));
	}
}

/* the warning before a run names the hungriest programs */
static void test_quiet_warning(void **state)
{
	struct fsb_quiet q = { .load1 = 3.14, .cpus = 2, .ntop = 2 };
	char line[512];

	(void)state;
	q.x.psi[0] = q.x.psi[1] = q.x.psi[2] = NAN;
	q.x.others_cpu = 0.55;
	strcpy(q.top[0], "chromium");
	q.top_cpu[0] = 0.40;
	strcpy(q.top[1], "tracker-miner-f");
	q.top_cpu[1] = 0.09;
	strcpy(q.governor, "powersave");
	assert_true(fsb_quiet_warning(&q, NULL, line, sizeof(line)));
	assert_string_equal(line, "the machine is busy: other programs used 55% of a CPU (chromium 40%, "
			    "tracker-miner-f 9%), load 3.1 on 2 CPUs; CPU governor powersave — close them, "
			    "or expect disturbed runs to be set aside");
	q.x.others_cpu = 0.05;
	assert_false(fsb_quiet_warning(&q, NULL, line, sizeof(line)));
	assert_string_equal(line, "");
}

/* the check on the fixtures' /proc: the sample's top list, the governor */
static void test_quiet_check_real(void **state)
{
	struct fsb_quiet q;

	(void)state;
	fsb_quiet_check("/proc", "/sys", 0.2, getpid(), &q);
	assert_false(isnan(q.load1));
	assert_true(q.cpus >= 1);
	assert_true(q.ntop <= 3);
	for (size_t i = 1; i < q.ntop; i++)
		assert_true(q.top_cpu[i - 1] >= q.top_cpu[i]);
}

/* the real /proc: readable, sane, and cheap */
static void put(const char *dir, const char *rel, const char *text)
{
	char path[4400];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* The phase's own CPU: the command's process tree with what each process
 * reaped — make's cutime holds its compilers long before make exits.
 * Tree: 10 (sh) → 11 (make) → 13 (cc1); 12 listed but gone.  In ticks:
 * 10: 100 + 50; 11: 10 + 10 + reaped 300 + 100; 13: 5 + 5 → 580 = 5.80 s. */
static void test_tree_cpu(void **state)
{
	char dir[] = "/tmp/fsb-proc.XXXXXX";
	const char *dirs[] = { "10", "10/task", "10/task/10", "11", "11/task", "11/task/11", "13" };
	char path[4400];

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, dirs[i]);
		assert_int_equal(mkdir(path, 0700), 0);
	}
	put(dir, "10/stat", "10 (sh) S 1 10 10 0 -1 0 0 0 0 0 100 50 0 0 20 0 1 0 5 0 0\n");
	put(dir, "10/task/10/children", "11 12 ");
	put(dir, "11/stat", "11 (make (x) y) R 10 10 10 0 -1 0 0 0 0 0 10 10 300 100 20 0 1 0 6 0 0\n");
	put(dir, "11/task/11/children", "13");
	put(dir, "13/stat", "13 (cc1) R 11 10 10 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 7 0 0\n");
	assert_true(sysconf(_SC_CLK_TCK) == 100);
	assert_float_equal(fsb_tree_cpu(dir, 10), 5.80, 1e-9);
	/* a subtree, a process without a children file, one that is gone */
	assert_float_equal(fsb_tree_cpu(dir, 11), 4.30, 1e-9);
	assert_float_equal(fsb_tree_cpu(dir, 13), 0.10, 1e-9);
	assert_float_equal(fsb_tree_cpu(dir, 12), 0, 0);
	assert_float_equal(fsb_tree_cpu(dir, 0), 0, 0);
	/* a loop in the children files (a recycled pid) ends, bounded */
	snprintf(path, sizeof(path), "%s/13/task", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/13/task/13", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	put(dir, "13/task/13/children", "10 ");
	assert_true(isfinite(fsb_tree_cpu(dir, 10)) && fsb_tree_cpu(dir, 10) < 5.80 * 40);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	assert_int_equal(system(path), 0);
	/* the real /proc: this process has at least the time it has used */
	assert_true(fsb_tree_cpu("/proc", getpid()) >= 0);
}

static void test_real_proc(void **state)
{
	struct fsb_snap a, b;
	struct fsb_interference x;

	(void)state;
	fsb_snap_read("/proc", true, &a);
	fsb_snap_read("/proc", true, &b);
	assert_true(a.busy_s > 0);
	assert_true(a.nprocs > 0);
	fsb_interference_compute(&a, &b, b.t - a.t > 0 ? b.t - a.t : 1e-3, 0, 0, getpid(), &x);
	assert_true(x.others_cpu >= 0);
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

int main(void)
{
	const char *src = getenv("FSB_SRCDIR");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_busy),
		cmocka_unit_test(test_quiet_no_psi),
		cmocka_unit_test(test_classifier),
		cmocka_unit_test(test_real_proc),
		cmocka_unit_test(test_tree_cpu),
		cmocka_unit_test(test_quiet_warning),
		cmocka_unit_test(test_quiet_check_real),
	};

	snprintf(fixtures, sizeof(fixtures), "%s/tests/unit/proc-fixtures", src ? src : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
