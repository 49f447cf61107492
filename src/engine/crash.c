/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The crash phase (crash.h): record the script under the FUSE write log,
 * then rebuild, mount, compare and check each chosen crash state.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "devices/crashfs.h"
#include "devices/crashstate.h"
#include "devices/fs.h"
#include "devices/loopdev.h"
#include "engine/crash.h"
#include "engine/crash_int.h"
#include "engine/engine_int.h"
#include "engine/leftovers.h"

bool fsb_crash_is_phase(const struct fsb_phase_def *def)
{
	return def && def->kind == FSB_PHASE_CRASH;
}

int fsb_crash_available(struct fsb_err *why)
{
	if (access("/dev/fuse", R_OK | W_OK) < 0)
		return fsb_err_set(why, -ENOENT, "the crash phase needs FUSE: /dev/fuse %s (modprobe fuse; apt-get install fuse3)",
				   errno == ENOENT ? "is missing" : "cannot be opened");
	return 0;
}

struct crash {
	struct fsb_engine *e;
	const struct fsb_fs_profile *p;
	const char *name;            /* the plan's name of the filesystem */
	struct crash_script script;
	char *work, *fmnt, *mnt;     /* work directory, the write log's and the filesystem's mount points */
	char *store, *log, *img;     /* in work: the image's data, the log, the crash state's image */
	struct fsb_crashfs fs;
	struct fsb_loop loop;
	bool mounted;
	char *unchecked;             /* why the states are not checked, or NULL */
	void (*fraction)(void *arg, double f);
	void *farg;
	/* the tally */
	size_t tried, clean, repair, fsck_errors, unchecked_n, mount_failed, lost, renames;
	double *recovery;
	size_t nrecovery;
	size_t flushes, writes;
};

static bool stopped(const struct crash *c)
{
	return atomic_load(&c->e->cancel);
}

static void say(const struct crash *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const struct crash *c, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	fsb_buf_addf(&b, "crash %s: ", c->name);
	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	fsb_buf_add(&b, "\n");
	if (c->e->log_fd >= 0 && write(c->e->log_fd, b.s, b.len) < 0) {
		/* the run's log is best effort */
	}
	fsb_buf_free(&b);
}

static void progress(const struct crash *c, double f)
{
	if (c->fraction)
		c->fraction(c->farg, f);
}

/* A new directory TMP/prefixXXXXXX. */
static char *new_dir(const char *tmp, const char *prefix, struct fsb_err *err)
{
	char *d = fsb_xasprintf("%s/%sXXXXXX", tmp, prefix);

	if (!mkdtemp(d)) {
		fsb_err_set(err, -errno, "crash: cannot create %s: %s", d, strerror(errno));
		free(d);
		return NULL;
	}
	return d;
}

static int setup_dirs(struct crash *c, struct fsb_err *err)
{
	const char *tmp = getenv("TMPDIR");

	tmp = tmp && *tmp == '/' ? tmp : "/var/tmp";
	if (!(c->work = new_dir(tmp, FSB_CRASH_WORK_PREFIX, err)))
		return err->code;
	fsb_target_note(c->e, "work", c->work, NULL);
	if (!(c->mnt = new_dir(tmp, "fsbench-mnt.crash-", err)))
		return err->code;
	fsb_target_note(c->e, "mnt", c->mnt, NULL);
	if (!(c->fmnt = new_dir(tmp, "fsbench-mnt.crashlog-", err)))
		return err->code;
	/* its server is not known yet: a kill before it is, and cleanup still
	 * unmounts what is mounted there and removes the directory */
	fsb_target_note(c->e, "fuse", c->fmnt, "0 0");
	c->store = fsb_xasprintf("%s/store", c->work);
	c->log = fsb_xasprintf("%s/log", c->work);
	c->img = fsb_xasprintf("%s/state.img", c->work);
	return 0;
}

/* The profile's fsck, when it can run here; else why not (c->unchecked). */
static void check_tool(struct crash *c)
{
	char prog[256];
	size_t n;

	if (!c->p->fsck || !*c->p->fsck) {
		c->unchecked = fsb_xasprintf("the profile %s has no read-only check (fsck)", c->p->name);
		return;
	}
	n = strcspn(c->p->fsck, " \t");
	snprintf(prog, sizeof(prog), "%.*s", (int)(n < sizeof(prog) ? n : sizeof(prog) - 1), c->p->fsck);
	if (!fsb_have_program(prog))
		c->unchecked = fsb_xasprintf("its read-only check %s is not installed%s%s%s", prog,
					     c->p->package && *c->p->package ? " (apt-get install " : "",
					     c->p->package ? c->p->package : "", c->p->package && *c->p->package ? ")" : "");
}

/*
 * The tests' hold (FSBENCH_CRASH_HOLD=STAGE:PATH, doc/crash.md): at stage
 * "script" (the write log, its loop device and the filesystem up, before
 * the script) or "state" (the first crash state mounted) the phase
 * creates PATH and waits while it is there, so that a test can signal or
 * kill fsbench at that moment without guessing when it comes.  A stop
 * ends the wait.
 */
static void hold(const struct crash *c, const char *stage)
{
	const char *h = getenv("FSBENCH_CRASH_HOLD"), *colon = h ? strchr(h, ':') : NULL;
	int fd;

	if (!colon || strncmp(h, stage, (size_t)(colon - h)) || strlen(stage) != (size_t)(colon - h))
		return;
	fd = open(colon + 1, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	close(fd);
	say(c, "held at %s while %s is there (FSBENCH_CRASH_HOLD)", stage, colon + 1);
	while (!stopped(c) && access(colon + 1, F_OK) == 0)
		nanosleep(&(struct timespec){ 0, 50 * 1000 * 1000 }, NULL);
}

static int mark(void *arg, const char *text, struct fsb_err *err)
{
	struct crash *c = arg;

	return fsb_crashfs_mark(&c->fs, text, err);
}

/* mkfs on the loop device, a moment's "in use" (udev probing it) tried again */
static int make_fs(struct crash *c, const struct fsb_fs_dev *d, struct fsb_err *err)
{
	int rc;

	for (int attempt = 1;; attempt++) {
		rc = fsb_fs_mkfs(c->p, d, &c->e->cancel, NULL, err);
		if (!rc || attempt == 3 || stopped(c) || !fsb_target_busy_failure(err->msg) || !fsb_target_idle(d->dev))
			return rc;
		nanosleep(&(struct timespec){ 0, 500 * 1000 * 1000 }, NULL);
	}
}

static int sync_mount(const char *mnt, struct fsb_err *err)
{
	int fd = open(mnt, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = 0;

	if (fd < 0 || syncfs(fd) < 0)
		rc = fsb_err_set(err, -errno, "crash: syncfs %s: %s", mnt, strerror(errno));
	if (fd >= 0)
		close(fd);
	return rc;
}

/* The FUSE write log started, written down, and the loop device on it. */
static int start_log(struct crash *c, struct fsb_err *err)
{
	char extra[64];
	int rc = fsb_crashfs_start(c->fmnt, c->store, c->log, FSB_CRASH_IMAGE_SIZE, &c->fs, err);

	if (rc)
		return rc;
	snprintf(extra, sizeof(extra), "%d %llu", (int)c->fs.pid, fsb_leftovers_proc_start(c->fs.pid));
	fsb_target_note(c->e, "fuse", c->fmnt, extra);
	fsb_target_note_image(c->e, c->fs.disk);
	return fsb_loop_attach_cached(c->fs.disk, &c->loop, err);
}

/* Steps 1 and 2 of crash.h: the filesystem made under the write log, the
 * script run on it, everything stopped again. */
static int record(struct crash *c, struct fsb_err *err)
{
	char uuid[64], *work;
	struct fsb_fs_dev d = { .size = FSB_CRASH_IMAGE_SIZE };
	int rc = start_log(c, err);

	if (rc)
		return rc;
	fsb_new_uuid(uuid, sizeof(uuid));
	d.dev = c->loop.dev;
	d.uuid = uuid;
	fsb_engine_activity(c->e, "crash: mkfs under the write log", true);
	rc = make_fs(c, &d, err);
	if (!rc)
		rc = fsb_fs_mount(c->p, &d, c->mnt, NULL, err);
	if (rc)
		return rc;
	c->mounted = true;
	work = fsb_xasprintf("%s/work", c->mnt);
	if (mkdir(work, 0755) < 0)
		rc = fsb_err_set(err, -errno, "crash: mkdir %s: %s", work, strerror(errno));
	free(work);
	/* the filesystem as made is on the disk before the script starts */
	if (!rc)
		rc = sync_mount(c->mnt, err);
	if (!rc)
		rc = mark(c, "start", err);
	fsb_engine_activity(c->e, "crash: the script under the write log", true);
	if (!rc)
		hold(c, "script");
	if (!rc)
		rc = crash_script_run(&c->script, c->mnt, mark, c, &c->e->cancel, err);
	if (!rc)
		rc = mark(c, "end", err);
	if (!rc && fsb_fs_umount(c->mnt, err) == 0)
		c->mounted = false;
	else if (!rc)
		rc = err->code;
	if (!rc)
		rc = fsb_loop_release(&c->loop, true, err);
	if (!rc)
		rc = fsb_crashfs_stop(&c->fs, err);
	return rc;
}

/* Where the script's markers are in the log. */
struct marks {
	size_t start, end;
	size_t begin[CRASH_MAX_STEPS + 1], done[CRASH_MAX_STEPS + 1];
	int nsteps;
};

static int find_marks(const struct fsb_wlog *log, int nsteps, struct marks *m, struct fsb_err *err)
{
	char text[FSB_WLOG_MARK_MAX + 1];

	m->nsteps = nsteps;
	for (int k = 0; k <= CRASH_MAX_STEPS; k++)
		m->begin[k] = m->done[k] = SIZE_MAX;
	m->start = fsb_wlog_find_mark(log, 0, "start");
	m->end = fsb_wlog_find_mark(log, m->start, "end");
	if (m->start >= log->n || m->end >= log->n)
		return fsb_err_set(err, -EINVAL, "crash: %s: the script's start or end is not in the write log", log->path);
	for (size_t i = m->start; i < m->end; i++) {
		int k;

		if (log->v[i].kind != FSB_WLOG_MARK || fsb_wlog_mark_text(log, i, text, sizeof(text)))
			continue;
		if (sscanf(text, "begin %d", &k) == 1 && k >= 1 && k <= nsteps)
			m->begin[k] = i;
		else if (sscanf(text, "done %d", &k) == 1 && k >= 1 && k <= nsteps)
			m->done[k] = i;
	}
	return 0;
}

/* The steps done (their "done" before the state's next flush, at end) and begun by then. */
static void steps_by(const struct marks *m, size_t end, int *done, int *begun)
{
	*done = *begun = 0;
	for (int k = 1; k <= m->nsteps && m->done[k] < end; k++)
		*done = k;
	for (int k = 1; k <= m->nsteps && m->begin[k] < end; k++)
		*begun = k;
}

/* What the mounted state holds against the script: the tally and the log line's words. */
static void compare(struct crash *c, const struct marks *m, const struct fsb_crash_state *st, struct fsb_buf *line)
{
	struct crash_verdict v;
	int done, begun;

	steps_by(m, st->end, &done, &begun);
	crash_script_check(&c->script, c->mnt, done, begun, &v);
	c->lost += v.lost;
	c->renames += v.rename;
	fsb_buf_addf(line, "; %d step%s durable: %s%s%s%s%s", done, done == 1 ? "" : "s", v.lost ? "fsync'd data LOST" : "",
		     v.lost && v.rename ? ", " : "", v.rename ? "rename NOT atomic" : "",
		     v.lost || v.rename ? ": " : "data as made durable", v.what);
}

/* The read-only check of the unmounted state: the tally and the line. */
static void check(struct crash *c, const struct fsb_fs_dev *d, bool mounted, struct fsb_buf *line)
{
	struct fsb_err err = { 0 };
	int rc;

	if (c->unchecked) {
		c->unchecked_n += mounted;
		c->repair += !mounted;
		fsb_buf_add(line, "; not checked");
		return;
	}
	rc = fsb_fs_check(c->p, d, &c->e->cancel, NULL, &err);
	if (rc == -ECANCELED)
		return;
	if (rc) {
		c->fsck_errors++;
		fsb_buf_addf(line, "; the check found errors: %s", err.msg);
	} else {
		fsb_buf_add(line, "; the check found nothing");
	}
	if (mounted && !rc)
		c->clean++;
	if (!mounted || rc)
		c->repair++;
}

/* Step 3 of crash.h for state i: rebuilt, mounted, compared, unmounted, checked. */
static int try_state(struct crash *c, const struct fsb_wlog *log, const struct fsb_crash_states *s, size_t i,
		     const struct marks *m, int img, struct fsb_err *err)
{
	const struct fsb_crash_state *st = &s->v[i];
	struct fsb_fs_dev d = { .size = FSB_CRASH_IMAGE_SIZE };
	struct fsb_buf line = { 0 };
	struct fsb_err merr = { 0 };
	char what[160];
	double t0, t;
	int rc = fsb_crash_state_rebuild(log, st, img, err);

	if (!rc)
		rc = fsb_loop_attach_cached(c->img, &c->loop, err);
	if (rc)
		return rc;
	d.dev = c->loop.dev;
	fsb_buf_addf(&line, "state %zu of %zu (%s)", i + 1, s->n, fsb_crash_state_describe(s, i, what, sizeof(what)));
	t0 = fsb_now();
	if (fsb_fs_mount(c->p, &d, c->mnt, NULL, &merr) == 0) {
		t = fsb_now() - t0;
		c->mounted = true;
		c->recovery[c->nrecovery++] = t;
		fsb_buf_addf(&line, ": mounted in %.3f s", t);
		compare(c, m, st, &line);
		if (i == 0)
			hold(c, "state");
		rc = fsb_fs_umount(c->mnt, err);
		c->mounted = rc != 0;
	} else {
		c->mount_failed++;
		fsb_buf_addf(&line, ": does not mount: %s", merr.msg);
	}
	if (!rc)
		check(c, &d, merr.code == 0, &line);
	if (!rc && !stopped(c)) {
		c->tried++;
		say(c, "%s", line.s);
	}
	fsb_buf_free(&line);
	if (!rc)
		rc = fsb_loop_release(&c->loop, true, err);
	return rc ? rc : stopped(c) ? -ECANCELED : 0;
}

/* Step 3 for every chosen state. */
static int try_states(struct crash *c, uint64_t seed, long max, struct fsb_err *err)
{
	struct fsb_wlog log;
	struct fsb_crash_states s = { 0 };
	struct marks m;
	int img = -1, rc = fsb_wlog_read(c->log, &log, err);

	if (rc)
		return rc;
	rc = find_marks(&log, c->script.nsteps, &m, err);
	if (!rc && fsb_crash_states_choose(&log, m.start, m.end, (size_t)max, seed, &s))
		rc = fsb_err_set(err, -EINVAL, "crash: the write log has no flush: nothing was ever made durable");
	for (size_t i = m.start; !rc && i < m.end; i++) {
		c->flushes += log.v[i].kind == FSB_WLOG_FLUSH;
		c->writes += log.v[i].kind == FSB_WLOG_WRITE || log.v[i].kind == FSB_WLOG_ZERO;
	}
	if (!rc) {
		say(c, "the script made %zu flushes and %zu writes; %zu crash states of %zu flush points", c->flushes,
		    c->writes, s.n, s.ncuts);
		img = open(c->img, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (img < 0)
			rc = fsb_err_set(err, -errno, "crash: cannot create %s: %s", c->img, strerror(errno));
		else
			fsb_target_note_image(c->e, c->img);
	}
	c->recovery = fsb_xcalloc(s.n + 1, sizeof(*c->recovery));
	for (size_t i = 0; !rc && i < s.n; i++) {
		if (c->script.fault == CRASH_FAULT_DROP_FLUSHED)
			fsb_crash_state_drop_flushed(&log, m.start, &s.v[i]);
		fsb_engine_activity(c->e, "crash: trying the crash states", true);
		rc = try_state(c, &log, &s, i, &m, img, err);
		progress(c, 0.1 + 0.9 * (double)(i + 1) / (double)s.n);
	}
	if (img >= 0)
		close(img);
	fsb_crash_states_free(&s);
	fsb_wlog_free(&log);
	return rc;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void fill_run(struct crash *c, uint64_t seed, struct fsb_run *run)
{
	double *v = run->v;

	v[FSB_FIELD_crash_states] = (double)c->tried;
	v[FSB_FIELD_crash_clean] = (double)c->clean;
	v[FSB_FIELD_crash_repair] = (double)c->repair;
	v[FSB_FIELD_crash_fsck_errors] = c->unchecked ? NAN : (double)c->fsck_errors;
	v[FSB_FIELD_crash_unchecked] = (double)c->unchecked_n;
	v[FSB_FIELD_crash_mount_failed] = (double)c->mount_failed;
	v[FSB_FIELD_crash_lost] = (double)c->lost;
	v[FSB_FIELD_crash_rename] = (double)c->renames;
	v[FSB_FIELD_crash_flushes] = (double)c->flushes;
	v[FSB_FIELD_crash_writes] = (double)c->writes;
	v[FSB_FIELD_crash_fault] = (double)c->script.fault;
	v[FSB_FIELD_seed] = (double)seed;
	if (c->nrecovery) {
		qsort(c->recovery, c->nrecovery, sizeof(double), by_value);
		v[FSB_FIELD_crash_recovery_p50] = c->nrecovery % 2 ? c->recovery[c->nrecovery / 2]
			: (c->recovery[c->nrecovery / 2 - 1] + c->recovery[c->nrecovery / 2]) / 2;
		v[FSB_FIELD_crash_recovery_max] = c->recovery[c->nrecovery - 1];
	}
	if (c->unchecked) {
		free(run->not_measured);
		run->not_measured = fsb_xasprintf("not checked: %s", c->unchecked);
	}
}

/* Everything undone, on every path: the mount, the loop device, the write
 * log, the files and directories. */
static void teardown(struct crash *c)
{
	struct fsb_err err = { 0 };

	if (c->mounted && fsb_fs_umount(c->mnt, &err))
		say(c, "%s", err.msg);
	c->mounted = false;
	fsb_loop_release(&c->loop, true, NULL);
	if (fsb_crashfs_stop(&c->fs, &err))
		say(c, "%s", err.msg);
	if (c->work && fsb_rm_rf(c->work))
		say(c, "cannot remove %s", c->work);
	if (c->mnt)
		rmdir(c->mnt);
	if (c->fmnt)
		rmdir(c->fmnt);
	crash_script_free(&c->script);
	free(c->work);
	free(c->mnt);
	free(c->fmnt);
	free(c->store);
	free(c->log);
	free(c->img);
	free(c->loop.file);
	free(c->loop.dev);
	free(c->unchecked);
	free(c->recovery);
}

/* The filesystem being tested, if the crash phase can model it. */
static int which_fs(struct crash *c, struct fsb_err *err)
{
	const struct fsb_plan *pl = &c->e->plan;

	if (pl->target == FSB_TARGET_DIR || c->e->prog.fs_index < 0)
		return fsb_err_set(err, -EOPNOTSUPP, "crash: a directory target is not a filesystem fsbench makes: "
				   "the crash phase needs an image or a device target");
	c->name = pl->fs.v[c->e->prog.fs_index];
	c->p = fsb_plan_fs_profile(pl->cfg, c->name);
	if (!c->p)
		return fsb_err_set(err, -EINVAL, "crash: no filesystem profile %s", c->name);
	if (c->p->nodev)
		return fsb_err_set(err, -EOPNOTSUPP, "crash: %s lives in RAM: a power loss keeps nothing of it, "
				   "there is no disk to rebuild", c->name);
	if (*c->p->journal_size)
		return fsb_err_set(err, -EOPNOTSUPP, "crash: %s keeps its journal on a second device, which the "
				   "crash phase does not model", c->name);
	if (geteuid() != 0)
		return fsb_err_set(err, -EPERM, "crash: needs root (loop devices, FUSE, mkfs, mount)");
	return fsb_crash_available(err);
}

int fsb_engine_crash(void *arg, const struct fsb_phase_def *def, const char *dir,
		     void (*fraction)(void *arg, double f), void *farg, struct fsb_run *run, struct fsb_err *err)
{
	struct crash c = { .e = arg, .fraction = fraction, .farg = farg };
	const struct fsb_size_profile *prof = c.e->prof;
	uint64_t seed = c.e->plan.seed;
	enum crash_fault fault;
	double t0 = fsb_now();
	int rc;

	(void)def, (void)dir;
	c.loop.fd = -1;
	c.fs.mark_fd = -1;
	rc = crash_fault_from_env(&fault, err);
	if (!rc)
		rc = which_fs(&c, err);
	if (rc)
		return rc;
	crash_script_init(&c.script, seed, fault);
	check_tool(&c);
	rc = setup_dirs(&c, err);
	if (!rc)
		rc = record(&c, err);
	progress(&c, 0.1);
	if (!rc)
		rc = try_states(&c, seed, prof && prof->crash_states > 0 ? prof->crash_states : 20, err);
	if (!rc) {
		fill_run(&c, seed, run);
		run->v[FSB_FIELD_real] = fsb_now() - t0;
		say(&c, "%zu crash states: %zu clean, %zu needed repair, %zu lost fsync'd data, %zu broke a rename",
		    c.tried, c.clean, c.repair, c.lost, c.renames);
	}
	if (rc && stopped(&c))
		rc = -ECANCELED;
	teardown(&c);
	return rc;
}
