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
#include <signal.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/interfere.h"
#include "sys/util.h"

static char fixtures[4096];

/* cmocka's assert_float_equal casts its first token to float, not the whole
 * argument: an expression goes in parentheses. */

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
	/* 10 s of wall time; the phase's group is 600; fsbench is pid 400 (the
	 * phase's tree used 3.0 s, which the old remainder needed) */
	fsb_interference_compute(&a, &b, 10.0, 600, 400, &x);
	/* the others by name: chromium 880 − 400 ticks, the new job 500 (a new
	 * start time) all its 30; systemd's 1 tick is less than the 10 the old
	 * job 500 it reaped had used before a.  Not others: cc1 (the phase's
	 * group), the loop kworker, fsbench.  5.10 s in 10 s */
	assert_float_equal(x.others_s, 5.10, 1e-9);
	assert_float_equal(x.others_cpu, 0.51, 1e-9);
	/* idle 5100 + 150 − (5000 + 100) ticks */
	assert_float_equal(x.idle_s, 1.50, 1e-9);
	assert_string_equal(x.top, "chromium");
	assert_float_equal(x.top_cpu, 0.48, 1e-9);
	assert_int_equal(x.ntops, 2);
	assert_string_equal(x.tops[1], "new (job) x");
	assert_float_equal(x.tops_cpu[1], 0.03, 1e-9);
	assert_float_equal(x.steal, 0.03, 1e-9);
	assert_float_equal(x.psi[FSB_PSI_CPU], 0.2, 1e-9);
	assert_float_equal(x.psi[FSB_PSI_IO], 0.5, 1e-9);
	assert_float_equal(x.psi[FSB_PSI_MEM], 0, 1e-9);
	assert_float_equal(x.swap_out, 300, 0);
	assert_float_equal(x.swap_in, 0, 0);
	assert_float_equal(x.mem_drop_kib, 100000, 0);
	/* 5.10 − 1.50 = 3.6 s beyond the idle CPU, of a 10 s phase; the CPU
	 * waits (2 s) are within what the others used but only 20% of the time */
	assert_true(fsb_interference_disturbed(&x, NULL, why, sizeof(why)));
	assert_string_equal(why, "other programs took 3.6 s of CPU time beyond the idle CPUs (36% of the phase's "
			    "wall time), mostly chromium (48% of a CPU); the machine swapped 300 pages");
	/* against a dead time of 40 s, 3.6 s is 9%: only the swapping is left */
	x.dead_s = 40;
	assert_true(fsb_interference_disturbed(&x, NULL, why, sizeof(why)));
	assert_string_equal(why, "the machine swapped 300 pages");
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
	fsb_interference_compute(&a, &b, 10.0, 0, 400, &x);
	/* systemd's one tick; the rest of /proc/stat's busy time (3.30 s) is
	 * the phase's and fsbench's */
	assert_float_equal(x.others_s, 0.01, 1e-9);
	assert_float_equal(x.idle_s, 8.00, 1e-9);
	assert_true(isnan(x.psi[FSB_PSI_CPU]));
	assert_string_equal(x.top, "");   /* systemd's 0.01 s names nobody */
	assert_false(fsb_interference_disturbed(&x, NULL, why, sizeof(why)));
	assert_string_equal(why, "");
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

/*
 * A fixture recorded by proc-fixtures/record.sh on a real phase: NAME-a and
 * NAME-b as fsbench dumped them, and NAME-b/meta saying who the phase was
 * (its real and user time, its block I/O, its process group, fsbench's
 * pid, the target's loop device and the disk under the image).  What
 * phase.c does at the phase's end, with the phase's real time for the
 * interval.
 */
static void recorded(const char *name, struct fsb_interference *x)
{
	char dir[4200], key[32], val[64], disk[32] = "", host[32] = "";
	const char *own[] = { disk, NULL };
	double real = NAN, user = NAN, in = NAN, out = NAN;
	int pgid = 0, self = 0;
	struct fsb_snap a, b;
	FILE *fp;

	snprintf(dir, sizeof(dir), "%s/%s-b/meta", fixtures, name);
	fp = fopen(dir, "r");
	assert_non_null(fp);
	while (fscanf(fp, "%31s %63s", key, val) == 2) {
		if (!strcmp(key, "real"))
			real = atof(val);
		else if (!strcmp(key, "user"))
			user = atof(val);
		else if (!strcmp(key, "fs_in"))
			in = atof(val);
		else if (!strcmp(key, "fs_out"))
			out = atof(val);
		else if (!strcmp(key, "pgid"))
			pgid = atoi(val);
		else if (!strcmp(key, "self"))
			self = atoi(val);
		else if (!strcmp(key, "disk"))
			snprintf(disk, sizeof(disk), "%s", val);
		else if (!strcmp(key, "host"))
			snprintf(host, sizeof(host), "%s", val);
	}
	fclose(fp);
	assert_true(real > 0 && user >= 0 && pgid > 0 && self > 0 && disk[0] && host[0]);
	snprintf(dir, sizeof(dir), "%s-a", name);
	snap(dir, &a);
	snprintf(dir, sizeof(dir), "%s/%s-a", fixtures, name);
	fsb_snap_read_disks(dir, own, host, &a);
	snprintf(dir, sizeof(dir), "%s-b", name);
	snap(dir, &b);
	snprintf(dir, sizeof(dir), "%s/%s-b", fixtures, name);
	fsb_snap_read_disks(dir, own, host, &b);
	fsb_interference_compute(&a, &b, real, (pid_t)pgid, (pid_t)self, x);
	fsb_interference_own_io(x, in / 2, out / 2);
	x->dead_s = real - user;
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

/* A make on ext2 (tiny profile) beside two burners, on a machine where
 * other engineers' shells were running fuzzers and builds as well: the
 * phase took 121.7 s for 12.5 s of user time.  The shipped limits call it
 * disturbed and name the burners among the others. */
static void test_recorded_busy_make(void **state)
{
	struct fsb_interference x;
	char why[400];

	(void)state;
	recorded("busy-make", &x);
	/* 221.67 s of others' CPU in 121.7 s, and 4 ticks idle on two CPUs */
	assert_int_equal(x.ntops, 3);
	assert_float_equal(x.others_s, 221.67, 0.005);
	assert_float_equal(x.idle_s, 0.04, 1e-6);
	assert_string_equal(x.tops[2], "burner");
	assert_float_equal((x.tops_cpu[2] * x.wall_s), 34.84, 0.005);   /* both burners */
	/* the others' traffic on vda: 1.17 GB read (everyone's programs read
	 * again after the page cache was dropped), 2.9 s of its busy time */
	assert_string_equal(x.disk, "vda");
	assert_float_equal(x.io_read_kib, 1171943, 1);
	assert_float_equal(x.io_busy_s, 2.94, 0.005);
	assert_true(fsb_interference_disturbed(&x, &fsb_disturb_default, why, sizeof(why)));
	assert_string_equal(why, "other programs took 221.6 s of CPU time beyond the idle CPUs (203% of the phase's "
			    "dead time), mostly bash (89% of a CPU), make (37%), burner (29%); waiting for a CPU 99% "
			    "of the time while other programs ran");
}

/* The idle cp -a of the quick profile's debootstrap tree on xfs (record.sh
 * with REQUIRES=deb PROFILE=quick; one other fsbench on the machine used
 * a tick): 0.44 s real, 0.34 s user + sys.  /proc/stat's busy total was
 * 0.49 s, of which 0.04 s softirq — the completions of the phase's own
 * I/O — and 0.06 s kernel threads (loop1's kworkers, xfsaild): the old
 * remainder, busy − phase − fsbench − kernel threads, read 0.06 s of it as
 * "other programs used 14% of a CPU" and set the run aside, as on every
 * idle quick run.  Counted by process, the others used one tick. */
static void test_recorded_idle_cp(void **state)
{
	struct fsb_interference x;
	struct fsb_snap a, b;
	char why[400] = "x";

	(void)state;
	snap("idle-cp-a", &a);
	snap("idle-cp-b", &b);
	assert_int_equal(a.ncpu, 2);
	assert_float_equal((b.busy_s - a.busy_s), 0.49, 1e-6);
	assert_float_equal((b.irq_s - a.irq_s), 0.04, 1e-6);
	fsb_snap_free(&a);
	fsb_snap_free(&b);
	recorded("idle-cp", &x);
	assert_float_equal(x.others_s, 0.01, 1e-6);
	assert_float_equal(x.idle_s, 0.47, 1e-6);
	assert_string_equal(x.top, "fsbench");  /* that tick: another fsbench, not this one */
	assert_float_equal(x.top_cpu, (0.01 / x.wall_s), 1e-6);
	/* vda moved 7958 KiB read and 10515 written; loop1 3830 and 10429, the
	 * phase's own block input 7326 KiB (its programs, read again after the
	 * caches were dropped): 632 and 86 KiB are others', 2 ms of the disk */
	assert_string_equal(x.disk, "vda");
	assert_float_equal(x.io_read_kib, 632, 1e-6);
	assert_float_equal(x.io_written_kib, 86, 1e-6);
	assert_float_equal(x.io_busy_s, 0.0022, 1e-4);
	assert_false(fsb_interference_disturbed(&x, &fsb_disturb_default, why, sizeof(why)));
	assert_string_equal(why, "");
}

/* A make on ext2 (tiny profile) with a light background: another
 * engineer's shell and its children used 2.0 s of CPU in the make's 16.1 s
 * (12% of a CPU) while 13.4 CPU seconds stayed idle.  The old classifier
 * set it aside ("other programs used 11% of a CPU"), as it did a third of
 * the cells with a few commands in another terminal; the others ran on the
 * CPU the single-threaded make did not use and cost it nothing. */
static void test_recorded_light_make(void **state)
{
	struct fsb_interference x;
	char why[400] = "x";

	(void)state;
	recorded("light-make", &x);
	assert_float_equal(x.others_s, 2.00, 1e-6);
	assert_float_equal(x.idle_s, 13.40, 1e-6);
	assert_float_equal(x.dead_s, (16.059029 - 11.549152), 1e-6);
	assert_string_equal(x.top, "bash");
	assert_float_equal(x.psi[FSB_PSI_CPU], 0.053, 0.001);
	assert_false(fsb_interference_disturbed(&x, &fsb_disturb_default, why, sizeof(why)));
	assert_string_equal(why, "");
}

/* A make on ext2 (tiny profile) at the quietest moment record.sh found
 * (others under 5% of a CPU: a shell's 0.66 s in 13.5 s, 11.97 CPU s
 * idle); softirq 0.05 s of the phase's own I/O. */
static void test_recorded_idle_make(void **state)
{
	struct fsb_interference x;
	char why[400] = "x";

	(void)state;
	recorded("idle-make", &x);
	assert_float_equal(x.others_s, 0.66, 1e-6);
	assert_float_equal(x.idle_s, 11.97, 1e-6);
	assert_float_equal(x.dead_s, (13.469722 - 9.936401), 1e-6);
	assert_string_equal(x.top, "bash");
	assert_float_equal(x.io_read_kib, 7444, 1e-6);
	assert_false(fsb_interference_disturbed(&x, &fsb_disturb_default, why, sizeof(why)));
	assert_string_equal(why, "");
}

/* a phase's wall and dead time, the others' CPU seconds and the idle ones */
static void phase_times(struct fsb_interference *x, double wall, double dead, double others, double idle)
{
	x->wall_s = wall;
	x->dead_s = dead;
	x->others_s = others;
	x->idle_s = idle;
}

/* the classifier's limits, one at a time, and a hostile process name */
static void test_classifier(void **state)
{
	struct fsb_interference x = { .psi = { NAN, NAN, NAN }, .io_read_kib = NAN, .io_written_kib = NAN };
	struct fsb_disturb_limits l = fsb_disturb_default;
	char why[256];

	(void)state;
	/* a 10 s phase with 2.5 s of dead time: the others' CPU beyond the idle
	 * CPU counts from 10% of it (0.25 s) on */
	phase_times(&x, 10, 2.5, 3.0, 2.75);          /* 0.25 s: at the limit is not over it */
	x.others_cpu = 0.3;
	assert_false(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "");
	x.idle_s = 2.5;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "other programs took 0.5 s of CPU time beyond the idle CPUs (20% of the phase's dead time)");
	strcpy(x.tops[0], "ev\033]0;x\007");
	x.tops_cpu[0] = 0.25;
	strcpy(x.tops[1], "make");
	x.tops_cpu[1] = 0.03;                   /* under an eighth of the others' 30%: not named */
	x.ntops = 2;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "other programs took 0.5 s of CPU time beyond the idle CPUs (20% of the phase's dead "
			    "time), mostly ev\\x1b]0;x\\x07 (25% of a CPU)");
	x.tops_cpu[1] = 0.05;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "other programs took 0.5 s of CPU time beyond the idle CPUs (20% of the phase's dead "
			    "time), mostly ev\\x1b]0;x\\x07 (25% of a CPU), make (5%)");
	/* others on a CPU the phase did not need cost it nothing: a browser
	 * using 90% of one of two CPUs beside a 60 s make */
	x.ntops = 0;
	phase_times(&x, 60, 6, 54, 55);
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	/* CPU pressure: waits the others can explain, over a long phase */
	phase_times(&x, 10, 6, 5, 200);
	x.psi[FSB_PSI_CPU] = 0.30;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "waiting for a CPU 30% of the time while other programs ran");
	x.others_s = 1;                         /* 3 s of waits, the others ran 1 s: 10% */
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	x.others_s = 5;
	x.wall_s = 4;                           /* shorter than FSB_PSI_MIN_S: not weighed */
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	/* btrfs/tar on an idle machine: 37% of 0.15 s waiting, its own workers */
	phase_times(&x, 0.15, 0.05, 0.01, 0.12);
	x.psi[FSB_PSI_CPU] = 0.37;
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	/* a few ticks never count: 0.04 s beyond the idle CPU of a 0.034 s phase */
	x.psi[FSB_PSI_CPU] = NAN;
	phase_times(&x, 0.034, 0.02, 0.04, 0);
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	x.others_s = 0.06;
	assert_true(fsb_interference_disturbed(&x, &l, NULL, 0));
	/* steal is the host's condition, never a run's on its own (the rounds
	 * cancel it): only steal beyond its round's other runs sets one aside */
	memset(&x, 0, sizeof(x));
	x.psi[0] = x.psi[1] = x.psi[2] = x.io_read_kib = x.io_written_kib = NAN;
	x.steal = 0.5;
	x.wall_s = 10;
	assert_false(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "");
	assert_true(fsb_interference_steal_excess(0.45, 0.10, l.steal, 10, why, sizeof(why)));
	assert_string_equal(why, "the hypervisor took 45% of a CPU, 35% more than during its round's other runs");
	assert_false(fsb_interference_steal_excess(0.45, 0.40, l.steal, 10, why, sizeof(why)));
	assert_string_equal(why, "");
	l.steal = 0.5;                          /* limits are the caller's */
	assert_false(fsb_interference_steal_excess(0.45, 0.10, l.steal, 10, NULL, 0));
	/* a few ticks of it over a short phase never count */
	l = fsb_disturb_default;
	assert_false(fsb_interference_steal_excess(0.45, 0.10, l.steal, 0.1, NULL, 0));
	/* the causes are told apart: a busy machine's CPU is other programs' */
	x.steal = 0;
	/* another program's disk traffic: its share of the disk's busy time
	 * against the dead time */
	x.wall_s = 20;
	x.dead_s = 10;
	strcpy(x.disk, "vda");
	x.io_read_kib = 300 * 1024;
	x.io_written_kib = 0;
	x.io_busy_s = 1.0;                      /* 10%: not over */
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	x.io_busy_s = 1.5;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "another program read 300 MiB from vda (1.5 s of its busy time)");
	x.io_written_kib = 20 * 1024;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "another program read 300 MiB from vda and wrote 20 MiB (1.5 s of its busy time)");
	/* over a long phase, only while some task waited for I/O (5% of 20 s) */
	x.psi[FSB_PSI_IO] = 0.05;
	assert_false(fsb_interference_disturbed(&x, &l, NULL, 0));
	x.psi[FSB_PSI_IO] = 0.5;
	x.io_read_kib = 0;
	assert_true(fsb_interference_disturbed(&x, &l, why, sizeof(why)));
	assert_string_equal(why, "another program wrote 20 MiB to vda (1.5 s of its busy time)");
	/* no wall time: nothing can be said, nothing is disturbed */
	{
		struct fsb_snap s = { 0 };

		fsb_interference_compute(&s, &s, 0, 0, 0, &x);
		assert_true(isnan(x.others_cpu));
		assert_false(fsb_interference_disturbed(&x, NULL, NULL, 0));
	}
}

/* The disk's traffic beyond the target's devices and the phase's own */
static void test_own_io(void **state)
{
	struct fsb_interference x = { 0 };

	(void)state;
	x.host_read_kib = 1000;
	x.host_written_kib = 500;
	x.host_busy_s = 3.0;
	x.target_read_kib = 400;
	x.target_written_kib = 450;
	fsb_interference_own_io(&x, 0, 0);
	assert_float_equal(x.io_read_kib, 600, 1e-9);
	assert_float_equal(x.io_written_kib, 50, 1e-9);
	assert_float_equal(x.io_busy_s, 3.0 * 650 / 1500, 1e-9);
	/* the phase read 700 KiB itself (its input on the disk, and through the
	 * target): 300 are others'; it wrote less than the target did */
	fsb_interference_own_io(&x, 700, 100);
	assert_float_equal(x.io_read_kib, 300, 1e-9);
	assert_float_equal(x.io_written_kib, 50, 1e-9);
	assert_float_equal(x.io_busy_s, 3.0 * 350 / 1500, 1e-9);
	fsb_interference_own_io(&x, 2000, 2000);
	assert_float_equal((x.io_read_kib + x.io_written_kib + x.io_busy_s), 0, 0);
}

/* The disk under a target: a partition's disk, a whole disk itself (a
 * sysfs tree of symlinks as the kernel lays it out) */
static void test_host_disk(void **state)
{
	char dir[] = "/tmp/fsb-sys.XXXXXX", path[4400], target[4400], name[32];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "mkdir -p '%s/devices/pci0/block/sda/sda1' '%s/devices/virtual/block/loop7' "
		 "'%s/class/block' && touch '%s/devices/pci0/block/sda/sda1/partition'", dir, dir, dir, dir);
	assert_int_equal(system(path), 0);
	for (int i = 0; i < 3; i++) {
		static const char *const names[] = { "sda", "sda1", "loop7" };
		static const char *const dests[] = { "pci0/block/sda", "pci0/block/sda/sda1", "virtual/block/loop7" };

		snprintf(path, sizeof(path), "%s/class/block/%s", dir, names[i]);
		snprintf(target, sizeof(target), "../../devices/%s", dests[i]);
		assert_int_equal(symlink(target, path), 0);
	}
	assert_int_equal(fsb_snap_host_disk(dir, "sda1", name, sizeof(name)), 0);
	assert_string_equal(name, "sda");
	assert_int_equal(fsb_snap_host_disk(dir, "sda", name, sizeof(name)), 0);
	assert_string_equal(name, "sda");
	/* a loop device without a backing file is a disk of its own */
	assert_int_equal(fsb_snap_host_disk(dir, "loop7", name, sizeof(name)), 0);
	assert_string_equal(name, "loop7");
	assert_true(fsb_snap_host_disk(dir, "nvme9n1", name, sizeof(name)) < 0);
	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	assert_int_equal(system(path), 0);
}

/* the warning before a run names the hungriest programs */
static void test_quiet_warning(void **state)
{
	struct fsb_quiet q = { .load1 = 3.14, .cpus = 2, .ntop = 2 };
	char line[512];

	(void)state;
	q.x.psi[0] = q.x.psi[1] = q.x.psi[2] = NAN;
	/* over a second: 0.55 s of others' CPU, and no CPU idle beyond the one
	 * a phase will want */
	q.x.wall_s = 1;
	q.x.others_s = 0.55;
	q.x.others_cpu = 0.55;
	q.x.idle_s = 0;
	strcpy(q.top[0], "chromium");
	q.top_cpu[0] = 0.40;
	strcpy(q.top[1], "tracker-miner-f");
	q.top_cpu[1] = 0.09;
	strcpy(q.governor, "powersave");
	assert_true(fsb_quiet_warning(&q, NULL, line, sizeof(line)));
	assert_string_equal(line, "the machine is busy: other programs used 55% of a CPU (chromium 40%, "
			    "tracker-miner-f 9%), load 3.1 on 2 CPUs; CPU governor powersave — close them, "
			    "or expect disturbed runs to be set aside");
	q.x.idle_s = 0.5;                       /* a CPU and a half idle: room for the phase */
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

/* a child in a process group of its own that burns CPU until killed */
static pid_t burner(void)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		volatile unsigned long n = 0;

		setpgid(0, 0);
		for (;;)
			n++;
	}
	setpgid(pid, pid);
	return pid;
}

static void stop(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static double pid_cpu(const struct fsb_snap *s, pid_t pid)
{
	for (size_t i = 0; i < s->nprocs; i++)
		if (s->procs[i].pid == pid)
			return s->procs[i].cpu_s;
	return NAN;
}

/* The real /proc: the phase's process group is never "others", and the
 * others are exactly the same count with it left in. */
static void test_real_proc(void **state)
{
	struct fsb_snap a, b;
	struct fsb_interference mine, all;
	struct timespec ts = { 0, 400 * 1000 * 1000 };
	pid_t child;

	(void)state;
	child = burner();
	nanosleep(&ts, NULL);
	fsb_snap_read("/proc", true, &a);
	nanosleep(&ts, NULL);
	fsb_snap_read("/proc", true, &b);
	stop(child);
	assert_true(a.busy_s > 0);
	assert_true(a.nprocs > 0);
	assert_int_equal(a.ncpu, sysconf(_SC_NPROCESSORS_CONF) > sysconf(_SC_NPROCESSORS_ONLN) ? a.ncpu
			 : sysconf(_SC_NPROCESSORS_ONLN));
	fsb_interference_compute(&a, &b, b.t - a.t, child, getpid(), &mine);
	fsb_interference_compute(&a, &b, b.t - a.t, 0, getpid(), &all);
	/* the child ran meanwhile (some ticks of it, even on a busy machine) */
	assert_true(pid_cpu(&b, child) - pid_cpu(&a, child) >= 0.02);
	assert_float_equal((all.others_s - mine.others_s), (pid_cpu(&b, child) - pid_cpu(&a, child)), 1e-6);
	assert_true(isfinite(mine.idle_s) && mine.idle_s >= 0);
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

/* The live view on the crafted fixtures, a second apart: the others by
 * name without the phase's group, and no process table read when
 * /proc/stat alone shows the second cannot be busy. */
static void test_live(void **state)
{
	struct fsb_live lv = { 0 };
	struct timespec ts = { 1, 0 };
	char a[4200], b[4200];
	double t0, t1;

	(void)state;
	snprintf(a, sizeof(a), "%s/busy-a", fixtures);
	snprintf(b, sizeof(b), "%s/busy-b", fixtures);
	/* chromium's own group as the phase's: the hungriest other is cc1 */
	t0 = fsb_now();                         /* the samples' interval is within [1 s, t1 − t0] */
	fsb_live_sample(&lv, a, 200, 400, NULL);
	assert_true(isnan(lv.others));          /* one sample says nothing yet */
	nanosleep(&ts, NULL);
	fsb_live_sample(&lv, b, 200, 400, NULL);
	t1 = fsb_now();
	/* cc1 2.00 s and the new job 0.30 s; 2.30 − 1.50 idle > 10% of the second */
	assert_true(lv.others * (t1 - t0) >= 2.30 - 1e-9 && lv.others * 1.0 <= 2.30 + 1e-9);
	assert_true(lv.busy);
	assert_string_equal(lv.top, "cc1");
	fsb_live_free(&lv);
	/* the phase's group 600 (cc1): chromium is named */
	fsb_live_sample(&lv, a, 600, 400, NULL);
	nanosleep(&ts, NULL);
	fsb_live_sample(&lv, b, 600, 400, NULL);
	assert_true(lv.busy);
	assert_string_equal(lv.top, "chromium");
	fsb_live_free(&lv);
	/* quiet: 3.30 s busy against 8.00 s idle, the table is not due */
	snprintf(a, sizeof(a), "%s/quiet-a", fixtures);
	snprintf(b, sizeof(b), "%s/quiet-b", fixtures);
	fsb_live_sample(&lv, a, 0, 400, NULL);
	nanosleep(&ts, NULL);
	fsb_live_sample(&lv, b, 0, 400, NULL);
	assert_false(lv.busy);
	assert_string_equal(lv.top, "");
	assert_true(isnan(lv.others));          /* no second table yet */
	assert_null(lv.prev.procs);
	fsb_live_free(&lv);
}

int main(void)
{
	const char *src = getenv("FSB_SRCDIR");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_busy),
		cmocka_unit_test(test_quiet_no_psi),
		cmocka_unit_test(test_recorded_busy_make),
		cmocka_unit_test(test_recorded_idle_cp),
		cmocka_unit_test(test_recorded_light_make),
		cmocka_unit_test(test_recorded_idle_make),
		cmocka_unit_test(test_classifier),
		cmocka_unit_test(test_own_io),
		cmocka_unit_test(test_host_disk),
		cmocka_unit_test(test_real_proc),
		cmocka_unit_test(test_live),
		cmocka_unit_test(test_tree_cpu),
		cmocka_unit_test(test_quiet_warning),
		cmocka_unit_test(test_quiet_check_real),
	};

	snprintf(fixtures, sizeof(fixtures), "%s/tests/unit/proc-fixtures", src ? src : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
