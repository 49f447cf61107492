/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * interfere.h — what the rest of the machine did while a phase ran.
 *
 * A benchmark on a desktop shares the machine with a browser, an indexer, a
 * package update.  Their CPU time shows up as the phase's dead time (real −
 * usr) and reads as a difference between filesystems.  This module measures
 * it cheaply, from a few reads of /proc at the start and end of a phase:
 *
 *   snapshot A ── phase runs ── snapshot B  →  fsb_interference_compute()
 *
 * - others' CPU: all CPUs' busy time (/proc/stat) minus the phase's own
 *   process tree (its rusage or thread clock, given by the caller), minus
 *   fsbench itself, minus kernel threads (they do the phase's own I/O:
 *   loop workers, journal and checksum threads), as a share of one CPU;
 *   the hungriest other process by name (/proc/PID/stat);
 * - steal time (virtual machines), as a share of one CPU;
 * - pressure stall information (/proc/pressure/{cpu,io,memory}: the "some"
 *   stall time as a share of the phase's wall time), NAN where the kernel
 *   has none;
 * - pages swapped in and out, and the drop of MemAvailable.
 *
 * Every reader takes the /proc root as an argument ("/proc" in use, a
 * fixture directory in tests).  Nothing here allocates except the process
 * table of a snapshot (freed with fsb_snap_free); nothing fails: what
 * cannot be read is NAN.
 */
#ifndef FSB_SYS_INTERFERE_H
#define FSB_SYS_INTERFERE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* One process's CPU time so far (user + system, seconds). */
struct fsb_snap_proc {
	pid_t pid;
	pid_t pgrp;                  /* its process group: a phase runs in its own */
	unsigned long long start;    /* start time in ticks: tells a reused pid apart */
	double cpu_s;
	bool kthread;                /* PF_KTHREAD: works for whoever does I/O */
	char comm[16];
};

struct fsb_snap {
	double t;                    /* CLOCK_MONOTONIC seconds (0 in fixtures) */
	double busy_s;               /* all CPUs, not idle/iowait/steal: user+nice+system+irq+softirq */
	double steal_s;              /* all CPUs' steal time */
	double psi_some_s[3];        /* cpu, io, memory "some" totals (s); NAN = no PSI */
	double swap_in, swap_out;    /* pswpin / pswpout, pages */
	double mem_avail_kib;        /* MemAvailable */
	struct fsb_snap_proc *procs; /* every process, or NULL when not scanned */
	size_t nprocs;
};

enum { FSB_PSI_CPU, FSB_PSI_IO, FSB_PSI_MEM };

/*
 * Read a snapshot from proc ("/proc"); with procs, also every process's
 * CPU time (a few hundred small reads: done at phase boundaries, and by the
 * live view only when the machine looks busy).  t is set from fsb_now().
 * Never fails; free with fsb_snap_free().
 */
void fsb_snap_read(const char *proc, bool procs, struct fsb_snap *s);
void fsb_snap_free(struct fsb_snap *s);

/* What the rest of the machine did between two snapshots. */
struct fsb_interference {
	double wall_s;               /* the wall time it was measured over; 0 = not known */
	double others_cpu;           /* share of one CPU used by others (0.48 = 48%) */
	double steal;                /* share of one CPU stolen by the hypervisor */
	double psi[3];               /* "some" stall share of the wall time; NAN = no PSI */
	double swap_in, swap_out;    /* pages */
	double mem_drop_kib;         /* MemAvailable at start − at end (≥ 0) */
	char top[16];                /* the hungriest other process, "" if none known */
	double top_cpu;              /* its share of one CPU */
};

/*
 * Between snapshots a and b (b later): own_cpu_s is the CPU time of the
 * phase's own work (its process tree's rusage, or its thread's clock) and
 * of fsbench itself; own_pgid, when > 0, is the phase's process group, so
 * its members are not named as the hungriest "other"; self is fsbench's
 * pid (never named either).  wall_s is the phase's wall time.
 */
void fsb_interference_compute(const struct fsb_snap *a, const struct fsb_snap *b, double wall_s,
			      double own_cpu_s, pid_t own_pgid, pid_t self, struct fsb_interference *out);

/* When is a run disturbed?  A share of one CPU, or of the wall time. */
struct fsb_disturb_limits {
	double others_cpu;           /* default 0.10: others used 10% of a CPU on average */
	double psi_cpu;              /* default 0.25: some task waited for a CPU 25% of the time */
	double steal;                /* default 0.10 */
	double swap_pages;           /* default 256 pages (1 MiB) swapped in or out */
};
extern const struct fsb_disturb_limits fsb_disturb_default;

/*
 * Classify: true when x exceeds a limit; why (if non-NULL) then says so in
 * words for the user, e.g. "other programs used 48% of a CPU, mostly
 * chromium" (the process name made visible if odd).  False and why = "".
 */
bool fsb_interference_disturbed(const struct fsb_interference *x, const struct fsb_disturb_limits *l,
				char *why, size_t len);

/*
 * Before a run: is the machine quiet?  Samples for `seconds` (1–2 s): the
 * load average, what other programs used meanwhile and the three hungriest
 * by name, swap activity, and cpu0's frequency governor where sysfs (sys,
 * "/sys") shows one.  Sleeps; never fails.  self is fsbench's pid.
 */
struct fsb_quiet {
	double load1;                /* /proc/loadavg's 1-minute average; NAN if unknown */
	long cpus;
	struct fsb_interference x;   /* over the sample; x.top is the hungriest */
	char top[3][16];             /* the hungriest others, most first */
	double top_cpu[3];           /* their shares of one CPU */
	size_t ntop;
	char governor[32];           /* "" where sysfs has no cpufreq */
};
void fsb_quiet_check(const char *proc, const char *sys, double seconds, pid_t self, struct fsb_quiet *q);

/*
 * A one-line warning when the sample says the machine is busy (the limits
 * of a disturbed run), "" and false otherwise: "the machine is busy: other
 * programs used 55% of a CPU (chromium 40%, tracker-miner 9%), load 3.1 on
 * 2 CPUs; CPU governor powersave — close them or expect disturbed runs".
 */
bool fsb_quiet_warning(const struct fsb_quiet *q, const struct fsb_disturb_limits *l, char *buf, size_t len);

/*
 * The CPU time of process pid and everything under it, as proc (normally
 * "/proc") knows it now: each process's user + system time and its reaped
 * children's (cutime + cstime), following PROC/PID/task/PID/children down
 * (at most 32 levels, 512 processes).  What make has reaped of its
 * compilers is in make's cutime long before make exits and the phase's
 * rusage has it: the top process's figure alone misses it, and the
 * machine looks busy with the phase's own compilers.  0 when pid is gone.
 */
double fsb_tree_cpu(const char *proc, pid_t pid);

/*
 * The live view (≤ 1 Hz, while a phase runs): what other programs use now,
 * cheaply.  Each sample reads /proc/stat only; the process table only when
 * that says the machine is busy (past l->others_cpu), so that the next
 * sample can name the hungriest other and leave the phase's own process
 * group out exactly.  own_cpu_s: the phase's CPU time so far
 * (fsb_tree_cpu() of a command; 0 for a built-in phase: fsbench's own
 * time, its rusage, is left out here).  Zero-initialise; free with
 * fsb_live_free.
 */
struct fsb_live {
	struct fsb_snap prev;
	double prev_own, prev_self;
	bool have;
	double others;               /* the last sample: others' share of one CPU; NAN before two */
	char top[16];                /* and the hungriest of them when the table was read, or "" */
};
void fsb_live_sample(struct fsb_live *lv, const char *proc, double own_cpu_s, pid_t own_pgid, pid_t self,
		     const struct fsb_disturb_limits *l);
void fsb_live_free(struct fsb_live *lv);

#endif
