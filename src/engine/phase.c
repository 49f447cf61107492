/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/phase.h"
#include "engine/probe.h"
#include "model/diskwork.h"
#include "model/plaus.h"
#include "sys/interfere.h"
#include "sys/proc.h"
#include "sys/sysinfo.h"

#define MAX_DISKS 4

struct disk_sample {
	unsigned long long rs, ws, rio, wio;  /* sectors and I/Os summed over the disks */
	unsigned long long ticks[MAX_DISKS];  /* io_ticks (ms busy) of each disk */
	unsigned long long flushes, ds;       /* flush requests, discarded sectors */
	bool ok;
	bool flush_ok, discard_ok;            /* every disk had those counters */
};

static struct disk_sample sample_disks(const char *const *disks)
{
	struct disk_sample s = { .flush_ok = true, .discard_ok = true };

	for (const char *const *d = disks; d && *d; d++) {
		struct fsb_diskstats st;
		size_t i = (size_t)(d - disks);

		if (fsb_sysinfo_diskstats(*d, &st))
			continue;
		if (i < MAX_DISKS)
			s.ticks[i] = st.io_ticks;
		s.rs += st.read_sectors;
		s.ws += st.write_sectors;
		s.rio += st.read_ios;
		s.wio += st.write_ios;
		s.flushes += st.flush_ios;
		s.ds += st.discard_sectors;
		s.flush_ok &= st.has_flush;
		s.discard_ok &= st.has_discard;
		s.ok = true;
	}
	return s;
}

static void record_disks(struct fsb_run *run, const struct disk_sample *a, const struct disk_sample *b)
{
	if (!a->ok || !b->ok)
		return;
	run->v[FSB_FIELD_disk_read_kib] = (double)(b->rs - a->rs) / 2.0;
	run->v[FSB_FIELD_disk_written_kib] = (double)(b->ws - a->ws) / 2.0;
	run->v[FSB_FIELD_disk_ios] = (double)((b->rio - a->rio) + (b->wio - a->wio));
	if (a->flush_ok && b->flush_ok)
		run->v[FSB_FIELD_disk_flushes] = (double)(b->flushes - a->flushes);
	if (a->discard_ok && b->discard_ok)
		run->v[FSB_FIELD_disk_discarded_kib] = (double)(b->ds - a->ds) / 2.0;
}

/* What the phase's processes (or fsbench itself, for a built-in phase) sent
 * towards storage between a and b and kept: write_bytes less what was
 * truncated before writeback (a compiler's temporary file). */
static void record_io(struct fsb_run *run, const struct fsb_proc_io *a, const struct fsb_proc_io *b)
{
	double w = (double)(b->write_bytes - a->write_bytes), c = (double)(b->cancelled - a->cancelled);

	run->v[FSB_FIELD_saved_kib] = (w > c ? w - c : 0) / 1024.0;
	run->v[FSB_FIELD_wchar_kib] = (double)(b->wchar - a->wchar) / 1024.0;
}

/* The stall probe of a command phase (engine/probe.h), unless the plan
 * runs without it; a probe that cannot start is said in the log. */
static void probe_start(const struct fsb_phase_ctx *ctx, struct fsb_probe *probe)
{
	struct fsb_err err = { 0 };

	memset(probe, 0, sizeof(*probe));
	probe->fd = probe->stop_fd = -1;
	if (!ctx->probe || !ctx->mnt || fsb_probe_start(probe, ctx->mnt, 0, &err) == 0)
		return;
	if (ctx->log_fd >= 0) {
		char *line = fsb_xasprintf("%s: %s\n", ctx->tag ? ctx->tag : "phase", err.msg);

		if (write(ctx->log_fd, line, strlen(line)) < 0) {
			/* best effort */
		}
		free(line);
	}
}

static void probe_end(struct fsb_probe *probe, struct fsb_run *run)
{
	fsb_probe_join(probe);
	if (run)
		fsb_probe_record(probe, run);
	fsb_probe_free(probe);
}

/*
 * The clone phase (model/diskwork.h) asks whether the filesystem clones:
 * cp --reflink=always exits 0 where it does, and where it cannot, fails
 * with EOPNOTSUPP ("Operation not supported": the phase runs under
 * LC_ALL=C) — the answer "no reflink", not a failure.
 */
static void clone_answer(const struct fsb_phase_def *def, int status, const char *last, struct fsb_run *run)
{
	if (!fsb_diskwork_is_clone(def->name) || !WIFEXITED(status))
		return;
	if (WEXITSTATUS(status) == 0)
		run->v[FSB_FIELD_reflink] = 1;
	else if (strstr(last, FSB_DISKWORK_NO_REFLINK))
		run->v[FSB_FIELD_reflink] = 0;
}

static void record_rusage(struct fsb_run *run, const struct rusage *ru)
{
	double *v = run->v;

	v[FSB_FIELD_user] = (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6;
	v[FSB_FIELD_sys] = (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
	v[FSB_FIELD_major_faults] = (double)ru->ru_majflt;
	v[FSB_FIELD_minor_faults] = (double)ru->ru_minflt;
	v[FSB_FIELD_swaps] = (double)ru->ru_nswap;
	v[FSB_FIELD_vol_cs] = (double)ru->ru_nvcsw;
	v[FSB_FIELD_invol_cs] = (double)ru->ru_nivcsw;
	v[FSB_FIELD_fs_in] = (double)ru->ru_inblock;
	v[FSB_FIELD_fs_out] = (double)ru->ru_oublock;
	v[FSB_FIELD_signals] = (double)ru->ru_nsignals;
}

/* The disk the target lives on (the disk under a loop device's image, a
 * partition's disk), "" when there is none to tell apart. */
static void host_disk(const struct fsb_phase_ctx *ctx, char *buf, size_t len)
{
	buf[0] = '\0';
	if (ctx->disks && ctx->disks[0] && fsb_snap_host_disk("/sys", ctx->disks[0], buf, len))
		buf[0] = '\0';
}

/* FSB_INTERFERE_DUMP=DIR: the /proc files of each snapshot under
 * DIR/<tag>-a and -b, and at the end DIR/<tag>-b/meta: what the phase
 * itself was (tests/unit/proc-fixtures/record.sh). */
static void dump(const struct fsb_phase_ctx *ctx, const char *end, const struct fsb_run *run, pid_t pgid,
		 const char *host)
{
	const char *dir = getenv("FSB_INTERFERE_DUMP");
	char *path, *p;
	FILE *fp;

	if (!dir || !*dir)
		return;
	path = fsb_xasprintf("%s/%s-%s", dir, ctx->tag ? ctx->tag : "phase", end);
	for (p = path + strlen(dir) + 1; *p; p++)
		if (*p == '/')
			*p = '_';
	if (fsb_snap_dump("/proc", path) == 0 && run) {
		char *meta = fsb_xasprintf("%s/meta", path);

		fp = fopen(meta, "we");
		if (fp) {
			fprintf(fp, "real %.6f\nuser %.6f\nsys %.6f\nfs_in %.0f\nfs_out %.0f\npgid %d\nself %d\n"
				"disk %s\nhost %s\n", run->v[FSB_FIELD_real], run->v[FSB_FIELD_user],
				run->v[FSB_FIELD_sys], run->v[FSB_FIELD_fs_in], run->v[FSB_FIELD_fs_out], (int)pgid,
				(int)getpid(), ctx->disks && ctx->disks[0] ? ctx->disks[0] : "-", *host ? host : "-");
			fclose(fp);
		}
		free(meta);
	}
	free(path);
}

/* The machine before the phase: a snapshot with the process table (~2 ms),
 * and the wall-clock start the run record keeps for the order afterwards. */
static void interference_start(const struct fsb_phase_ctx *ctx, struct fsb_run *run, struct fsb_snap *a)
{
	char host[32];

	host_disk(ctx, host, sizeof(host));
	dump(ctx, "a", NULL, 0, host);
	run->v[FSB_FIELD_started_at] = (double)time(NULL);
	fsb_snap_read("/proc", true, a);
	fsb_snap_read_disks("/proc", ctx->disks, host, a);
}

/*
 * What the rest of the machine did since a: the run's interference fields,
 * its hungriest other program and, past the limits, why it is disturbed.
 * own_pgid is the command's process group (0 for a built-in phase: it runs
 * inside fsbench, whose own time is told apart by its pid).  Frees a.
 */
static void interference_end(const struct fsb_phase_ctx *ctx, struct fsb_run *run, struct fsb_snap *a,
			     pid_t own_pgid)
{
	struct fsb_snap b;
	struct fsb_interference x;
	char why[300], host[32];
	double *v = run->v;
	unsigned by;

	host_disk(ctx, host, sizeof(host));
	fsb_snap_read("/proc", true, &b);
	fsb_snap_read_disks("/proc", ctx->disks, host, &b);
	dump(ctx, "b", run, own_pgid, host);
	fsb_interference_compute(a, &b, b.t - a->t, own_pgid, getpid(), &x);
	if (!isnan(v[FSB_FIELD_fs_in]) && !isnan(v[FSB_FIELD_fs_out]))
		fsb_interference_own_io(&x, v[FSB_FIELD_fs_in] / 2, v[FSB_FIELD_fs_out] / 2);
	fsb_snap_free(a);
	fsb_snap_free(&b);
	v[FSB_FIELD_others_cpu] = x.others_cpu;
	v[FSB_FIELD_steal] = x.steal;
	v[FSB_FIELD_psi_cpu] = x.psi[FSB_PSI_CPU];
	v[FSB_FIELD_psi_io] = x.psi[FSB_PSI_IO];
	v[FSB_FIELD_psi_mem] = x.psi[FSB_PSI_MEM];
	v[FSB_FIELD_swap_in] = x.swap_in;
	v[FSB_FIELD_swap_out] = x.swap_out;
	v[FSB_FIELD_mem_drop_kib] = x.mem_drop_kib;
	v[FSB_FIELD_idle_cpu] = x.wall_s > 0 ? x.idle_s / x.wall_s : NAN;
	v[FSB_FIELD_others_read_kib] = x.io_read_kib;
	v[FSB_FIELD_others_written_kib] = x.io_written_kib;
	v[FSB_FIELD_others_disk_s] = isnan(x.io_read_kib) ? NAN : x.io_busy_s;
	if (x.top[0]) {
		free(run->top);
		run->top = fsb_xstrdup(x.top);
		v[FSB_FIELD_top_cpu] = x.top_cpu;
	}
	/* the classifier weighs the cost against the dead time: the phase's
	 * real time so far (the snapshot's interval, sync included) − user */
	if (!isnan(v[FSB_FIELD_user]))
		x.dead_s = (isnan(v[FSB_FIELD_real]) ? x.wall_s : v[FSB_FIELD_real]) - v[FSB_FIELD_user];
	free(run->disturbed);
	run->disturbed = NULL;
	by = fsb_interference_disturbed(&x, ctx->limits ? ctx->limits : &fsb_disturb_default, why, sizeof(why));
	if (by) {
		run->disturbed = fsb_xstrdup(why);
		v[FSB_FIELD_disturbed_by] = by;
	}
}

/* syncfs() of the mount; returns the seconds it took. */
static double timed_syncfs(const char *mnt)
{
	double t0 = fsb_now();
	int fd = open(mnt, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		syncfs(fd);
		close(fd);
	} else {
		sync();
	}
	return fsb_now() - t0;
}

struct ticker {
	const struct fsb_phase_ctx *ctx;
	struct fsb_live live;        /* the background, sampled at most once a second */
	double last_bg;
	pid_t pgid;                  /* the command's process group, 0 for a built-in phase */
	double t0, last;
	struct disk_sample prev;
	char line[160];
	double fraction;
	/* the time series: one sample a second, kept in the run */
	struct fsb_series *series;
	double series_last;          /* the phase's start + the seconds sampled */
	double series_read;          /* when series_prev was read */
	struct disk_sample series_prev;
	long units;                  /* kbuild "  CC      x.o" lines seen */
};

/*
 * Samples of the series for every whole second since the last one (at the
 * end: for the rest, when at least half a second is left).  Sample i is
 * second i of the phase: when the phase did not call back for k seconds
 * (a long syncfs, a slow pass), the rate over those k seconds fills k
 * samples.  Rates are over the real time since the counters were last read.
 */
static void sample_series(struct ticker *t, bool last)
{
	double now = fsb_now(), due = now - t->series_last, dt = now - t->series_read;
	struct disk_sample cur;
	double vals[FSB_SERIES_COUNT];
	double util = 0;
	long k;

	if (!t->ctx->disks || !t->ctx->disks[0] || due < (last ? 0.5 : 1.0) || dt <= 0)
		return;
	cur = sample_disks(t->ctx->disks);
	if (!cur.ok || !t->series_prev.ok)
		return;
	vals[FSB_SERIES_read_kib_s] = (double)(cur.rs - t->series_prev.rs) / 2.0 / dt;
	vals[FSB_SERIES_write_kib_s] = (double)(cur.ws - t->series_prev.ws) / 2.0 / dt;
	vals[FSB_SERIES_iops] = (double)((cur.rio - t->series_prev.rio) + (cur.wio - t->series_prev.wio)) / dt;
	/* the busiest of the disks (a loop device and the disk under it) */
	for (size_t i = 0; i < MAX_DISKS; i++) {
		double u = (double)(cur.ticks[i] - t->series_prev.ticks[i]) / 10.0 / dt;

		if (cur.ticks[i] >= t->series_prev.ticks[i] && u > util)
			util = u;
	}
	vals[FSB_SERIES_util_pct] = util > 100 ? 100 : util;
	if (!t->series)
		t->series = fsb_series_new(1.0);
	k = last ? lround(due) : (long)due;
	if (k < 1)
		k = 1;
	for (long i = 0; i < k; i++)
		fsb_series_push(t->series, vals);
	t->series_prev = cur;
	t->series_read = now;
	t->series_last += (double)k;
}

/* The series into the run, bounded. */
static void keep_series(struct ticker *t, struct fsb_run *run)
{
	sample_series(t, true);
	if (!t->series)
		return;
	fsb_series_bound(t->series, FSB_SERIES_MAX);
	fsb_series_free(run->series);
	run->series = t->series;
	t->series = NULL;
}

static void tick(struct ticker *t, bool force)
{
	double now = fsb_now(), dt = now - t->last;
	double every = t->ctx->tick > 0 ? t->ctx->tick : 0.25;
	struct fsb_phase_tick pt = { .fraction = t->fraction, .units = t->units };
	struct disk_sample cur;

	if (!force)
		sample_series(t, false);
	if (!t->ctx->progress || (!force && dt < every))
		return;
	cur = sample_disks(t->ctx->disks);
	pt.elapsed = now - t->t0;
	pt.read_kib_s = pt.write_kib_s = -1;
	if (cur.ok && t->prev.ok && dt > 0) {
		pt.read_kib_s = (double)(cur.rs - t->prev.rs) / 2.0 / dt;
		pt.write_kib_s = (double)(cur.ws - t->prev.ws) / 2.0 / dt;
	}
	pt.last_line = t->line[0] ? t->line : NULL;
	pt.background = -1;
	pt.background_top = "";
	if (now - t->last_bg >= 1.0) {
		fsb_live_sample(&t->live, "/proc", t->pgid, getpid(),
				t->ctx->limits ? t->ctx->limits : &fsb_disturb_default);
		t->last_bg = now;
	}
	if (!isnan(t->live.others) && t->live.have) {
		pt.background = t->live.others;
		pt.background_top = t->live.busy ? t->live.top : "";
	}
	t->prev = cur;
	t->last = now;
	t->ctx->progress(t->ctx->arg, &pt);
}

/* Keep the last complete output line for the progress pane. */
static void take_lines(struct ticker *t, const char *buf, size_t n, char *partial, size_t *plen)
{
	for (size_t i = 0; i < n; i++) {
		char c = buf[i];

		if (c == '\n' || c == '\r') {
			if (*plen) {
				partial[*plen] = '\0';
				snprintf(t->line, sizeof(t->line), "%s", partial);
				/* make's own count of what it compiled, for the progress bar */
				if (!strncmp(partial, "  CC ", 5))
					t->units++;
				*plen = 0;
			}
		} else if (*plen + 1 < sizeof(t->line)) {
			partial[(*plen)++] = (c == '\t') ? ' ' : c;
		}
	}
}

static void log_header(int fd, const char *tag, const char *cmd)
{
	char ts[32];
	char *h;

	if (fd < 0)
		return;
	h = fsb_xasprintf("\n=== %s  %s\n$ %s\n", fsb_iso_time(ts, sizeof(ts)), tag, cmd);
	if (write(fd, h, strlen(h)) < 0) {
		/* the log is best effort; the measurement is what matters */
	}
	free(h);
}

/* What the command wrote: into the log (best effort), its lines to the ticker. */
static void take_output(const struct fsb_phase_ctx *ctx, struct ticker *t, const char *buf, size_t n,
			char *partial, size_t *plen)
{
	if (ctx->log_fd >= 0 && write(ctx->log_fd, buf, n) < 0) {
		/* best effort */
	}
	take_lines(t, buf, n, partial, plen);
}

/* Follow the command p until it exits, its output and the ticker as it
 * goes; on cancel its process group is killed.  True when cancelled. */
static bool follow(const struct fsb_phase_ctx *ctx, struct fsb_proc *p, struct ticker *t, char *partial,
		   size_t *plen)
{
	bool exited = false;

	while (!exited) {
		struct pollfd pfd[2] = { { p->out_fd, POLLIN, 0 }, { p->pidfd, POLLIN, 0 } };
		int nfds = p->pidfd >= 0 ? 2 : 1;
		int n;

		if (p->out_fd < 0)
			pfd[0].fd = -1;
		n = poll(pfd, (nfds_t)nfds, 100);
		if (ctx->cancel && atomic_load(ctx->cancel)) {
			fsb_proc_kill_group(p->pid, 2.0);
			return true;
		}
		if (n > 0 && p->out_fd >= 0 && (pfd[0].revents & (POLLIN | POLLHUP | POLLERR))) {
			char buf[8192];
			ssize_t r = read(p->out_fd, buf, sizeof(buf));

			if (r > 0) {
				take_output(ctx, t, buf, (size_t)r, partial, plen);
			} else if (r == 0) {
				close(p->out_fd);
				p->out_fd = -1;
				if (p->pidfd < 0)
					exited = true;	/* no pidfd: EOF is our best signal */
			}
		}
		if (n > 0 && p->pidfd >= 0 && (pfd[1].revents & POLLIN))
			exited = true;
		tick(t, false);
	}
	return false;
}

/* The output the command wrote just before it exited. */
static void drain(const struct fsb_phase_ctx *ctx, struct fsb_proc *p, struct ticker *t, char *partial,
		  size_t *plen)
{
	char buf[8192];
	ssize_t r;

	if (p->out_fd < 0)
		return;
	fcntl(p->out_fd, F_SETFL, O_NONBLOCK);
	while ((r = read(p->out_fd, buf, sizeof(buf))) > 0)
		take_output(ctx, t, buf, (size_t)r, partial, plen);
}

/* How the command exited: its status, the clone phase's answer, and a
 * failure (but the clone phase's "no reflink") with its last line. */
static void record_exit(const struct fsb_phase_def *def, int status, const char *line, struct fsb_run *run)
{
	char st[96];

	if (WIFEXITED(status))
		run->exit_status = WEXITSTATUS(status);
	clone_answer(def, status, line, run);
	if ((!WIFEXITED(status) || WEXITSTATUS(status) != 0) && isnan(run->v[FSB_FIELD_reflink])) {
		run->status = FSB_RUN_FAILED;
		run->error = fsb_xasprintf("%s%s%s", fsb_wait_status_str(status, st, sizeof(st)),
					   line[0] ? ": " : "", line);
	}
}

static int run_command(const struct fsb_phase_def *def, const struct fsb_phase_ctx *ctx,
		       const char *cmd, const char *cwd, const char *const *env,
		       struct fsb_run *run, struct fsb_err *err)
{
	struct fsb_proc_opts o = { .cwd = cwd, .env = env, .tag = ctx->tag };
	struct ticker t = { .ctx = ctx, .fraction = -1 };
	struct disk_sample before, after;
	struct fsb_proc p;
	struct fsb_proc_io io0 = { 0 }, io;
	struct fsb_probe probe;
	struct fsb_snap snap;
	pid_t pgid;
	struct rusage ru;
	char partial[160];
	size_t plen = 0;
	bool cancelled;
	int status = 0, rc, io_rc;
	double t1;

	before = sample_disks(ctx->disks);
	t.prev = t.series_prev = before;
	interference_start(ctx, run, &snap);
	probe_start(ctx, &probe);
	t.t0 = t.last = t.series_last = t.series_read = fsb_now();
	rc = fsb_proc_spawn(cmd, &o, &p, err);
	if (rc) {
		probe_end(&probe, NULL);
		fsb_snap_free(&snap);
		return rc;
	}
	pgid = p.pid;
	t.pgid = pgid;
	cancelled = follow(ctx, &p, &t, partial, &plen);
	rc = fsb_proc_reap_io(&p, &status, &ru, &io, &io_rc);
	t1 = fsb_now();
	/* no save begins after the command; one in flight ends during the sync */
	fsb_probe_stop(&probe);
	drain(ctx, &p, &t, partial, &plen);
	fsb_proc_close(&p);
	if (rc) {
		probe_end(&probe, NULL);
		fsb_series_free(t.series);
		fsb_snap_free(&snap);
		fsb_live_free(&t.live);
		return fsb_err_set(err, rc, "%s: wait: %s", def->name, strerror(-rc));
	}
	record_rusage(run, &ru);
	if (cancelled) {
		probe_end(&probe, NULL);
		fsb_series_free(t.series);
		fsb_snap_free(&snap);
		run->v[FSB_FIELD_real] = t1 - t.t0;
		run->status = FSB_RUN_INTERRUPTED;
		run->error = fsb_xstrdup("interrupted");
		fsb_live_free(&t.live);
		return -ECANCELED;
	}
	run->v[FSB_FIELD_sync] = def->sync ? timed_syncfs(ctx->mnt) : NAN;
	run->v[FSB_FIELD_real] = fsb_now() - t.t0;
	keep_series(&t, run);	/* the sync's writeback is part of the phase's time */
	/* after the clock stopped: the table's reads are not the phase's time */
	interference_end(ctx, run, &snap, pgid);
	/* the probe's last save is on the device before its counters are read */
	probe_end(&probe, run);
	after = sample_disks(ctx->disks);
	record_disks(run, &before, &after);
	if (!io_rc)
		record_io(run, &io0, &io);
	record_exit(def, status, t.line, run);
	tick(&t, true);
	fsb_live_free(&t.live);
	return 0;
}

static void on_fraction(void *arg, double f)
{
	struct ticker *t = arg;

	t->fraction = f;
	tick(t, false);
}

/* What the device's counters say against the figures, kept in the run
 * (model/plaus.h), so the file records what was judged when it ran. */
static void record_plausibility(const char *phase, struct fsb_run *run)
{
	struct fsb_plaus p;
	char words[64];

	fsb_plaus_judge(phase, run, &p);
	free(run->implausible);
	run->implausible = p.flags ? fsb_xstrdup(fsb_plaus_words(p.flags, words, sizeof(words))) : NULL;
}

static int run_builtin(const struct fsb_phase_def *def, const struct fsb_phase_ctx *ctx,
		       struct fsb_run *run, struct fsb_err *err)
{
	struct ticker t = { .ctx = ctx, .fraction = 0 };
	struct disk_sample before, after;
	struct fsb_proc_io io0, io1;
	struct fsb_snap snap;
	int rc, io_rc;

	if (!ctx->builtin)
		return fsb_err_set(err, -ENOTSUP, "%s: built-in phases are not available here", def->name);
	before = sample_disks(ctx->disks);
	t.prev = t.series_prev = before;
	interference_start(ctx, run, &snap);
	/* the whole process: the phase's threads (seekers) and the commands
	 * it runs and reaps (refresh's cp) are in it; nothing else of fsbench
	 * writes while a phase runs */
	io_rc = fsb_proc_io_read(0, &io0);
	t.t0 = t.last = t.series_last = t.series_read = fsb_now();
	rc = ctx->builtin(ctx->builtin_arg, def, ctx->mnt, on_fraction, &t, run, err);
	if (!io_rc)
		io_rc = fsb_proc_io_read(0, &io1);
	interference_end(ctx, run, &snap, 0);
	after = sample_disks(ctx->disks);
	record_disks(run, &before, &after);
	if (!io_rc)
		record_io(run, &io0, &io1);
	if (rc == -ECANCELED)
		fsb_series_free(t.series);
	else
		keep_series(&t, run);
	if (rc == -ECANCELED) {
		run->status = FSB_RUN_INTERRUPTED;
		run->error = fsb_xstrdup("interrupted");
		fsb_live_free(&t.live);
		return rc;
	}
	if (rc) {
		/* the phase ran and failed (ENOSPC …): a failed cell, not a crash */
		run->status = FSB_RUN_FAILED;
		run->error = fsb_xstrdup(err && err->msg[0] ? err->msg : strerror(-rc));
		if (isnan(run->v[FSB_FIELD_real]))
			run->v[FSB_FIELD_real] = fsb_now() - t.t0;
		fsb_live_free(&t.live);
		return 0;
	}
	record_plausibility(def->name, run);
	tick(&t, true);
	fsb_live_free(&t.live);
	return 0;
}

/* The untimed teardown after a command phase (the clone phase removes its
 * clone, so that the phases after it find what they would without it); a
 * teardown that fails fails the run: what comes after would not be the same. */
static int teardown(const struct fsb_phase_def *def, const struct fsb_phase_ctx *ctx, const char *cwd,
		    const char *const *env, struct fsb_run *run, struct fsb_err *err)
{
	struct fsb_proc_opts o = { .cwd = cwd, .env = env, .tag = ctx->tag };
	char *cmd = NULL, *output = NULL;
	int rc = fsb_subst(def->teardown, ctx->vars, true, &cmd, err);

	if (rc) {
		fsb_err_prefix(err, "phase %s", def->name);
		return rc;
	}
	log_header(ctx->log_fd, ctx->tag, cmd);
	rc = fsb_proc_run(cmd, &o, ctx->cancel, &output, err);
	if (output && ctx->log_fd >= 0 && write(ctx->log_fd, output, strlen(output)) < 0) {
		/* best effort */
	}
	if (rc && rc != -ECANCELED && run->status == FSB_RUN_OK) {
		run->status = FSB_RUN_FAILED;
		free(run->error);
		run->error = fsb_xasprintf("teardown failed: %s", err ? err->msg : "");
	}
	if (rc != -ECANCELED)
		rc = 0;
	else if (run->status == FSB_RUN_OK)
		run->status = FSB_RUN_INTERRUPTED;
	free(output);
	free(cmd);
	return rc;
}

int fsb_phase_run(const struct fsb_phase_def *def, const struct fsb_phase_ctx *ctx,
		  struct fsb_run *run, struct fsb_err *err)
{
	char *cmd = NULL, *setup = NULL, *cwd = NULL;
	struct fsb_strv env = { 0 };
	int rc = 0;

	if (def->kind == FSB_PHASE_COMMAND) {
		rc = fsb_subst(def->command, ctx->vars, true, &cmd, err);
		if (!rc && def->setup && *def->setup)
			rc = fsb_subst(def->setup, ctx->vars, true, &setup, err);
		if (!rc)
			rc = fsb_subst(def->cwd && *def->cwd ? def->cwd : "${mnt}", ctx->vars, false, &cwd, err);
		for (size_t i = 0; !rc && i < def->env.n; i++) {
			char *e = NULL;

			rc = fsb_subst(def->env.v[i], ctx->vars, false, &e, err);
			if (!rc)
				fsb_strv_add(&env, e);
			free(e);
		}
		if (rc) {
			fsb_err_prefix(err, "phase %s", def->name);
			goto out;
		}
		if (setup) {
			struct fsb_proc_opts o = { .cwd = cwd, .env = (const char *const *)env.v, .tag = ctx->tag };
			char *output = NULL;

			log_header(ctx->log_fd, ctx->tag, setup);
			rc = fsb_proc_run(setup, &o, ctx->cancel, &output, err);
			if (output && ctx->log_fd >= 0 && write(ctx->log_fd, output, strlen(output)) < 0) {
				/* best effort */
			}
			free(output);
			if (rc == -ECANCELED) {
				run->status = FSB_RUN_INTERRUPTED;
				goto out;
			}
			if (rc) {
				/* the untimed setup failed: the phase cannot be measured */
				run->status = FSB_RUN_FAILED;
				run->error = fsb_xasprintf("setup failed: %s", err ? err->msg : "");
				rc = 0;
				goto out;
			}
		}
	}
	if (ctx->drop_caches) {
		int r = fsb_drop_caches();

		if (r) {
			rc = fsb_err_set(err, r, "cannot drop the page cache: %s", strerror(-r));
			goto out;
		}
	}
	if (def->kind == FSB_PHASE_COMMAND) {
		log_header(ctx->log_fd, ctx->tag, cmd);
		rc = run_command(def, ctx, cmd, cwd, (const char *const *)env.v, run, err);
		if (!rc && def->teardown && *def->teardown)
			rc = teardown(def, ctx, cwd, (const char *const *)env.v, run, err);
	} else {
		rc = run_builtin(def, ctx, run, err);
	}
out:
	free(cmd);
	free(setup);
	free(cwd);
	fsb_strv_free(&env);
	return rc;
}
