/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * interfere.h — what the rest of the machine did while a phase ran.
 *
 * A benchmark on a desktop shares the machine with a browser, an indexer, a
 * package update.  Their CPU time and disk traffic can show up as the
 * phase's dead time (real − usr) and read as a difference between
 * filesystems.  This module measures it cheaply, from a few reads of /proc
 * at the start and end of a phase:
 *
 *   snapshot A ── phase runs ── snapshot B  →  fsb_interference_compute()
 *
 * - others' CPU: counted process by process (/proc/PID/stat), never as the
 *   remainder of /proc/stat's busy total.  A process that is neither
 *   fsbench, nor in the phase's process group, nor a kernel thread counts
 *   with its own time and with what it reaped of its children meanwhile
 *   (cutime + cstime: another program's short-lived compilers), less what
 *   its children that ended had used before A.  The remainder of the busy
 *   total is the phase's own work done elsewhere — irq and softirq time of
 *   its I/O completions, kernel threads (kworkers, btrfs-*, xfs*, loop*,
 *   jbd2), also those that came and went between A and B — and is never
 *   read as someone else's.  The hungriest other process by name;
 * - the idle CPU time (idle + iowait of every CPU) that was left over;
 * - steal time (virtual machines), as a share of one CPU;
 * - pressure stall information (/proc/pressure/{cpu,io,memory}: the "some"
 *   stall time as a share of the phase's wall time), NAN where the kernel
 *   has none;
 * - pages swapped in and out, and the drop of MemAvailable;
 * - other programs' disk traffic: what the disk the target lives on moved
 *   beyond the target's own devices (/proc/diskstats), and the disk time
 *   that took.
 *
 * The classifier (fsb_interference_disturbed) judges a run by what the
 * rest of the machine can have cost it, in seconds, against the phase's
 * dead time: see fsb_disturb_limits.
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
	pid_t ppid;
	pid_t pgrp;                  /* its process group: a phase runs in its own */
	unsigned long long start;    /* start time in ticks: tells a reused pid apart */
	double cpu_s;
	double reaped_s;             /* its reaped children's CPU time (cutime + cstime) */
	bool kthread;                /* PF_KTHREAD: works for whoever does I/O */
	char comm[16];
};

/* One block device's counters (/proc/diskstats). */
struct fsb_snap_disk {
	char name[32];               /* kernel name: "loop0", "vda", "sda" */
	double read_kib, written_kib;
	double busy_s;               /* io_ticks: time it had I/O in flight */
	bool ok;                     /* found in diskstats */
};
#define FSB_SNAP_DISKS 4

struct fsb_snap {
	double t;                    /* CLOCK_MONOTONIC seconds (0 in fixtures) */
	double busy_s;               /* all CPUs, not idle/iowait/steal: user+nice+system+irq+softirq */
	double irq_s;                /* all CPUs' irq + softirq (part of busy_s) */
	double idle_s;               /* all CPUs' idle + iowait */
	double steal_s;              /* all CPUs' steal time */
	int ncpu;                    /* cpuN lines in stat */
	double psi_some_s[3];        /* cpu, io, memory "some" totals (s); NAN = no PSI */
	double swap_in, swap_out;    /* pswpin / pswpout, pages */
	double mem_avail_kib;        /* MemAvailable */
	struct fsb_snap_proc *procs; /* every process, or NULL when not scanned */
	size_t nprocs;
	/* disk[0 .. nown-1]: the target's own devices; disk[nown], when
	 * ndisks > nown: the disk the target lives on (fsb_snap_read_disks) */
	struct fsb_snap_disk disk[FSB_SNAP_DISKS];
	size_t ndisks, nown;
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

/*
 * Add to s the /proc/diskstats counters (under proc) of the target's own
 * devices own (NULL-terminated, at most FSB_SNAP_DISKS - 1; may be NULL) and
 * of host, the disk they live on (NULL or "" = none, or the same as an own
 * device: nothing to tell apart).  Both snapshots of a phase must be given
 * the same names.
 */
void fsb_snap_read_disks(const char *proc, const char *const *own, const char *host, struct fsb_snap *s);

/*
 * The disk under the target device name ("loop0": the disk its backing
 * file's filesystem is on; "sda1": sda; "sda": itself), its kernel name
 * into buf, from sysfs (sys, normally "/sys").  0 or -errno (a backing file
 * on a filesystem without a block device, tmpfs, btrfs subvolumes …).
 */
int fsb_snap_host_disk(const char *sys, const char *name, char *buf, size_t len);

/*
 * Debugging and the test fixtures (tests/unit/proc-fixtures/record.sh):
 * copy the files fsb_snap_read and fsb_snap_read_disks read under proc
 * (stat, pressure/cpu, io and memory, vmstat, meminfo, diskstats, every
 * PID/stat) into dir,
 * which is created.  0 or -errno.
 */
int fsb_snap_dump(const char *proc, const char *dir);

/* What the rest of the machine did between two snapshots. */
struct fsb_interference {
	double wall_s;               /* the wall time it was measured over; 0 = not known */
	double dead_s;               /* the phase's dead time (real − user), set by the caller
				      * for the classifier; NAN (compute's value) = the wall time */
	double others_s;             /* CPU seconds other programs used */
	double idle_s;               /* idle CPU seconds left over, all CPUs */
	double others_cpu;           /* others_s as a share of one CPU (0.48 = 48%) */
	double steal;                /* share of one CPU stolen by the hypervisor */
	double psi[3];               /* "some" stall share of the wall time; NAN = no PSI */
	double swap_in, swap_out;    /* pages */
	double mem_drop_kib;         /* MemAvailable at start − at end (≥ 0) */
	char top[16];                /* the hungriest other program, "" if none worth naming */
	double top_cpu;              /* its share of one CPU */
	char tops[3][16];            /* the three hungriest others by name (processes of one
				      * name together), most first */
	double tops_cpu[3];          /* their shares of one CPU */
	size_t ntops;
	char disk[32];               /* the disk the target lives on, "" = not known */
	double host_read_kib, host_written_kib;  /* what that disk moved; NAN = not known */
	double host_busy_s;          /* its busy time (io_ticks) */
	double target_read_kib, target_written_kib;  /* the target's own devices' traffic */
	double io_read_kib, io_written_kib;  /* others' share: the disk's beyond the target's and
				      * the phase's own (fsb_interference_own_io); NAN = not known */
	double io_busy_s;            /* the disk's busy time in the share those bytes are (≥ 0) */
};

/*
 * Between snapshots a and b (b later), both with their process tables:
 * own_pgid, when > 0, is the phase's process group, whose members are the
 * phase's own (a command's every descendant); self is fsbench's pid (a
 * built-in phase's time is its time).  Neither is ever "others", nor are
 * kernel threads.  wall_s is the phase's wall time.  dead_s comes back NAN
 * for the caller to set.
 */
void fsb_interference_compute(const struct fsb_snap *a, const struct fsb_snap *b, double wall_s,
			      pid_t own_pgid, pid_t self, struct fsb_interference *out);

/*
 * The phase's own block I/O (its rusage's inblock and oublock, in KiB) is
 * not the others': with it, x's io_* say what the disk the target lives on
 * moved beyond the target's devices and the phase's own reads and writes
 * elsewhere on it (its programs and input files, read again after the page
 * cache was dropped).  compute() assumes 0 for both.
 */
void fsb_interference_own_io(struct fsb_interference *x, double read_kib, double written_kib);

/*
 * When is a run disturbed?  By what the rest of the machine can have cost
 * the phase, in seconds, against the phase's dead time D (real − user,
 * where filesystems differ; the wall time when D is not known):
 *
 * - CPU: others' CPU seconds beyond the idle CPU seconds that were left,
 *   others_s − idle_s.  A phase runs one job at a time: while a CPU is idle,
 *   another program on another CPU takes nothing from it (on 2 CPUs, a
 *   browser using 30% of one costs a make nothing).  Only the others' time
 *   that could not have fitted into idle time was taken from the phase or
 *   its kernel work.  Disturbed past others_cpu × D.
 * - CPU pressure, on a phase of at least FSB_PSI_MIN_S: the time some task
 *   waited for a CPU, capped by the others' CPU time (a wait can only be
 *   the others' doing while they ran; the rest is the phase's own tasks —
 *   a btrfs worker behind tar — waiting for each other), as a share of the
 *   wall time: disturbed past psi_cpu.  This catches others sharing the
 *   phase's CPU while another CPU stays idle (pinned, or the scheduler's
 *   placement).
 * - disk: the disk time the others' bytes on the target's disk took (its
 *   busy time × their share of its bytes), on a phase of at least
 *   FSB_PSI_MIN_S capped by the time some task waited for I/O (PSI io):
 *   disturbed past io × D.
 * - swapping past swap_pages.
 * - a background other programs keep up through a whole round (a
 *   desktop's indexer, a periodic job) is, like the steal below, a
 *   condition of the round: it slows every filesystem of the round alike.
 *   The classifier cannot know it from one run; at the round's end a run
 *   disturbed only by others' CPU is kept (FSB_DISTURBED_KEPT) when its
 *   repetition took no more of it than the round's other repetitions
 *   (fsb_rounds_keep_background, model/rounds.h).
 * - the hypervisor's steal is a condition of the host, not of one run: it
 *   lasts, and slows every filesystem of a round alike, which the verdict's
 *   blocked design cancels (model/rounds.h).  So a run is never set aside
 *   for the steal it saw, only for steal beyond what the other runs of its
 *   round saw, by more than `steal` of a CPU (fsb_interference_steal_excess,
 *   asked at the round's end); the verdict states the steal of the run.
 *
 * A cost of at most FSB_TICK_NOISE_S never counts: /proc counts CPU time
 * in ticks of 10 ms.
 */
struct fsb_disturb_limits {
	double others_cpu;           /* default 0.10: others' CPU beyond the idle CPU, × D */
	double psi_cpu;              /* default 0.25: waits for a CPU while others ran, × wall */
	double steal;                /* default 0.10 of a CPU beyond its round's median */
	double swap_pages;           /* default 256 pages (1 MiB) swapped in or out */
	double io;                   /* default 0.10: others' disk time on the target's disk, × D */
};
extern const struct fsb_disturb_limits fsb_disturb_default;

/* A background of other programs (the median share of a CPU they took
 * beyond the idle CPUs over a round's repetitions) below this is no
 * lasting condition of the round: nothing is kept for it. */
#define FSB_BACKGROUND_MIN 0.05
/* Pressure stall shares count over phases this long only (seconds). */
#define FSB_PSI_MIN_S 5.0
/* A cost this small never counts (seconds: a few ticks of /proc). */
#define FSB_TICK_NOISE_S 0.05

/* What disturbed a run (the run field disturbed_by): bits. */
enum fsb_disturbed_by {
	FSB_DISTURBED_BY_CPU = 1,    /* others' CPU beyond the idle CPU */
	FSB_DISTURBED_BY_PSI = 2,    /* waits for a CPU while others ran */
	FSB_DISTURBED_BY_STEAL = 4,  /* steal beyond the round's */
	FSB_DISTURBED_BY_SWAP = 8,
	FSB_DISTURBED_BY_IO = 16,    /* others' disk time */
	FSB_DISTURBED_KEPT = 32,     /* not disturbed: other programs' CPU that was over the
					limits was no more than the lasting background of
					its round (model/rounds.h), so the run was kept */
};
/* the causes that are other programs (whose names the verdict gives) */
#define FSB_DISTURBED_BY_PROGRAMS (FSB_DISTURBED_BY_CPU | FSB_DISTURBED_BY_PSI | FSB_DISTURBED_BY_IO)

/*
 * Classify: the causes (enum fsb_disturbed_by) of x exceeding a limit, 0
 * when none; why (if non-NULL) then says so in words for the user, e.g.
 * "other programs took 4.1 s of CPU time no idle CPU was left for (38% of
 * the phase's dead time), mostly chromium" (the process name made visible
 * if odd), else "".  Steal is not weighed here (see above).
 */
unsigned fsb_interference_disturbed(const struct fsb_interference *x, const struct fsb_disturb_limits *l,
				    char *why, size_t len);

/*
 * A run saw steal (a share of one CPU) over wall_s seconds, the other runs
 * of its round median: true when it is beyond that by more than limit (and
 * by more than a few ticks), why then "the hypervisor took 45% of a CPU, 35%
 * more than during its round's other runs".
 */
bool fsb_interference_steal_excess(double steal, double median, double limit, double wall_s, char *why,
				   size_t len);

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
 * The live view (≤ 1 Hz, while a phase runs): what other programs use now.
 * The others are counted by name from the process table, as at a phase's
 * end, so the phase's own process group (own_pgid), fsbench (self),
 * kernel threads and irq time never show as "busy".  The table (a few
 * hundred small reads, about 3 ms of CPU) is read when /proc/stat says the
 * second may be busy (its busy time beyond the idle time past l's CPU
 * limit: the others cannot have used more), else every table_every
 * seconds (0 = 5); in between
 * `others` keeps the last table's figure.  busy: the sample would disturb a
 * run (l's CPU limit, the sample's length standing for the dead time); top
 * names the hungriest other then ("others" when none can be named).
 * Zero-initialise; free with fsb_live_free.
 */
struct fsb_live {
	struct fsb_snap prev;        /* the last sample (/proc/stat) */
	struct fsb_snap table;       /* the last sample with the process table */
	double table_t;
	double table_every;          /* the caller's; 0 = 5 s */
	bool have;
	double others;               /* others' share of one CPU since the table before; NAN at first */
	bool busy;                   /* the last sample was past the CPU limit */
	char top[16];                /* the hungriest other when busy, or "" */
};
void fsb_live_sample(struct fsb_live *lv, const char *proc, pid_t own_pgid, pid_t self,
		     const struct fsb_disturb_limits *l);
void fsb_live_free(struct fsb_live *lv);

#endif
