/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <libmount.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

#include "model/browse.h"
#include "model/opts.h"
#include "engine/avail.h"
#include "engine/crash.h"
#include "engine/engine_int.h"
#include "engine/etaplan.h"
#include "devices/fs.h"
#include "devices/loopdev.h"
#include "engine/phase.h"
#include "engine/refresh.h"
#include "sys/interfere.h"
#include "model/stats.h"
#include "model/history.h"
#include "model/rounds.h"
#include "model/verdict.h"
#include "engine/aging.h"
#include "engine/synth.h"
#include "engine/treegen.h"
#include "sys/sysinfo.h"
#include "engine/workload.h"

/* ---- the engine ------------------------------------------------------------ */


static void log_line(void *arg, const char *line)
{
	struct fsb_engine *e = arg;

	fsb_events_log(e->ev, "%s", line);
}

static void post_snapshot(struct fsb_engine *e)
{
	struct fsb_event ev = { .kind = FSB_EV_RESULT, .fs_index = -1, .phase_index = -1 };

	fsb_run_init(&ev.run);
	ev.result = fsb_result_dup(e->res);
	fsb_events_post(e->ev, &ev);
}

static void post_result(struct fsb_engine *e)
{
	struct fsb_err err = { 0 };

	/* the file first: what is on disk is what a crash leaves.  Once it cannot
	 * be written (results directory read-only or full), measuring on is
	 * measuring for nothing: stop (cancelled() says so) and rescue at the end */
	if (!e->result_lost.code && fsb_result_write(e->res, e->plan.output, &err)) {
		e->result_lost = err;
		fsb_events_log(e->ev, "cannot write the result file %s (%s); stopped: no more phases "
			       "will run", e->plan.output, err.msg);
	}
	post_snapshot(e);
}

static void post(struct fsb_engine *e, enum fsb_event_kind kind, const char *fs, const char *phase,
		 const struct fsb_run *run, const char *text)
{
	struct fsb_event ev = {
		.kind = kind,
		.fs_index = e->prog.fs_index, .nfs = e->prog.nfs,
		.phase_index = e->prog.phase_index, .nphases = e->prog.nphases,
		.rep = e->prog.rep, .nreps = e->prog.nreps, .stall = e->stall,
		.fs = fsb_xstrdup(fs), .phase = fsb_xstrdup(phase), .text = fsb_xstrdup(text),
	};

	if (run)
		fsb_run_copy(&ev.run, run);
	else
		fsb_run_init(&ev.run);
	fsb_events_post(e->ev, &ev);
}

void fsb_engine_activity(struct fsb_engine *e, const char *what, bool running)
{
	snprintf(e->prog.activity, sizeof(e->prog.activity), "%s", what);
	e->prog.running = running;
	e->prog.started = fsb_now();
	e->prog.fraction = -1;
	e->prog.fraction_estimated = false;
	e->prog.units = e->prog.units_total = 0;
	e->prog.finishing = atomic_load(&e->finish);
	e->prog.phase_left = -1;
	e->prog.phase_over = false;
	e->prog.read_kib_s = e->prog.write_kib_s = -1;
	e->prog.last_line[0] = '\0';
	fsb_events_set_progress(e->ev, &e->prog);
}

static bool cancelled(struct fsb_engine *e)
{
	return atomic_load(&e->cancel) || e->result_lost.code;
}

/* The result file could not be written: keep the finished phases wherever
 * they can still go ($TMPDIR or /tmp, the file's own name), and say where. */
static void rescue_result(struct fsb_engine *e)
{
	const char *tmp = getenv("TMPDIR"), *base = strrchr(e->plan.output, '/');
	struct fsb_err err = { 0 };
	struct fsb_buf b = { 0 };
	char *to = NULL;

	base = base ? base + 1 : e->plan.output;
	for (int i = 0; i < 100; i++) {
		free(to);
		to = fsb_xasprintf("%s/%s%s%.0d", tmp && *tmp == '/' ? tmp : "/tmp", base, i ? "." : "", i);
		if (access(to, F_OK) < 0)
			break;
	}
	if (fsb_result_write(e->res, to, &err) == 0)
		fsb_buf_addf(&b, "cannot write the result file %s (%s); stopped; the finished phases "
			     "are in %s", e->plan.output, e->result_lost.msg, to);
	else
		fsb_buf_addf(&b, "cannot write the result file %s (%s); stopped; the finished phases "
			     "are in %s as last written (they could not be kept anywhere else: %s)",
			     e->plan.output, e->result_lost.msg, e->plan.output, err.msg);
	snprintf(e->msg, sizeof(e->msg), "%s", b.s);
	fsb_buf_free(&b);
	free(to);
}

static long plan_reps(const struct fsb_plan *p)
{
	return fsb_plan_settles(p) ? FSB_SETTLE_MAX_ROUNDS : p->auto_repeat ? p->max_repeat : p->repeat;
}

static enum fsb_order effective_order(const struct fsb_plan *pl);

/* Does the stall round run phase j of the plan?  Every phase but the crash
 * phase's counts (plan.h). */
static bool stall_runs_phase(const struct fsb_plan *p, size_t j)
{
	const struct fsb_phase_def *def = fsb_config_phase(p->cfg, p->phases.v[j]);

	return !def || fsb_phase_kind_timed(def->kind);
}

/* The ETA walks the slots in the order they will run (rounds interleave
 * the filesystems: what is left after a slot is not "the filesystems
 * after this one"); settle mode counts the rounds the budget affords.  The
 * stall round comes after them: a slot per filesystem, repetition
 * eta_rounds + 1, without the phases it leaves out. */
static void eta_order(struct fsb_engine *e)
{
	const struct fsb_plan *p = &e->plan;
	long reps = e->eta_rounds;
	struct fsb_slot *slots = fsb_xcalloc(p->fs.n * (size_t)(reps + 1) + 1, sizeof(*slots));
	size_t n = fsb_order_slots(effective_order(p), p->fs.n, reps, p->seed, slots);

	if (e->stall_planned) {
		bool *skip = fsb_xcalloc(p->phases.n + 1, sizeof(*skip));

		for (size_t j = 0; j < p->phases.n; j++)
			skip[j] = !stall_runs_phase(p, j);
		for (size_t i = 0; i < p->fs.n; i++)
			slots[n++] = (struct fsb_slot){ .fs = i, .rep = reps + 1 };
		fsb_eta_set_stall(&e->eta, reps + 1, skip);
		free(skip);
	}
	fsb_eta_set_order(&e->eta, slots, n);
	free(slots);
}

/*
 * The ETA's priors, before anything runs: the plan's estimate
 * (etaplan.h), the same every front end showed before the run.  The basis
 * is said with the ETA.
 */
static void eta_priors(struct fsb_engine *e)
{
	const struct fsb_plan *p = &e->plan;
	struct fsb_eta_plan est;
	struct fsb_browse hist;
	char *dir = fsb_browse_results_dir(p->cfg);

	/* a results directory that cannot be read knows nothing: nominal figures */
	fsb_browse_scan(dir, &hist, NULL);
	fsb_eta_plan(p, &hist, &est);
	e->eta_rounds = e->settle ? est.rounds : plan_reps(p);
	if (e->settle) {
		/* the rounds the estimate promised are the most the run does: the
		 * verdict's level is split over the looks that leaves (verdict.h) */
		e->max_rounds = est.rounds < FSB_VERDICT_MIN_ROUNDS ? FSB_VERDICT_MIN_ROUNDS : est.rounds;
		if (e->max_rounds > FSB_SETTLE_MAX_ROUNDS)
			e->max_rounds = FSB_SETTLE_MAX_ROUNDS;
		e->res->looks = e->max_rounds - FSB_VERDICT_MIN_ROUNDS + 1;
	}
	/* the stall round is one repetition more */
	fsb_eta_init(&e->eta, p->fs.n, p->phases.n, plan_reps(p) + (e->stall_planned ? 1 : 0));
	eta_order(e);
	fsb_eta_plan_priors(p, &hist, &e->eta, e->prog.eta_basis, sizeof(e->prog.eta_basis));
	fsb_browse_free(&hist);
	free(dir);
	e->prog.budget = e->settle ? e->budget : 0;
	e->prog.rounds = e->rounds ? (int)e->eta_rounds : 0;
	e->prog.round_s = isnan(est.round) ? -1 : est.round;
}

/* The ETA as a log line (the command line's only view of it, and what
 * bench/quick-profile.sh compares with the real end). */
static void eta_log(struct fsb_engine *e, const char *when)
{
	char d[48];

	if (e->prog.eta < 0)
		return;
	fsb_events_log(e->ev, "ETA %s: %s left%s%s%s", when, fsb_format_duration(e->prog.eta, d, sizeof(d)),
		       e->prog.eta_basis[0] ? " (" : "", e->prog.eta_basis, e->prog.eta_basis[0] ? ")" : "");
}

/* The ETA and the running phase's estimated rest, elapsed seconds into
 * phase j (-1: before the first, nphases: after the last) of the running
 * slot. */
static void eta_update(struct fsb_engine *e, long j, double elapsed)
{
	size_t unknown = 0;
	/* a repetition run again for disturbed runs has no slot: what follows it counts */
	double left = e->replacing ? fsb_eta_left(&e->eta, e->next_slot, -1, 0, &unknown)
				   : fsb_eta_left(&e->eta, e->slot, j, elapsed, &unknown);
	size_t cells = e->eta.nfs * e->eta.nphases * (size_t)e->eta_rounds;

	/* nothing known at all is no ETA; a few unknown phases are said */
	e->prog.eta = unknown >= cells || !e->eta.nphases ? -1 : left;
	/* settle mode: never past the budget */
	if (e->settle && e->budget > 0) {
		double rest = e->budget - (fsb_now() - e->t_start);

		if (rest < 0)
			rest = 0;
		if (e->prog.eta < 0 || e->prog.eta > rest)
			e->prog.eta = rest;
	}
	e->prog.eta_unknown = (int)unknown;
	if (j >= 0 && !isnan(e->phase_expected)) {
		e->prog.phase_left = e->phase_expected > elapsed ? e->phase_expected - elapsed : 0;
		e->prog.phase_over = elapsed > e->phase_expected;
	} else {
		e->prog.phase_left = -1;
		e->prog.phase_over = false;
	}
}

static void on_tick(void *arg, const struct fsb_phase_tick *t)
{
	struct fsb_engine *e = arg;
	double prev = e->prog.fraction;

	if (t->fraction >= 0) {
		/* a built-in phase knows how far it is */
		e->prog.fraction = t->fraction;
		e->prog.fraction_estimated = false;
	} else if (e->units_total > 0 && t->units > 0) {
		/* make: the units compiled against the tree's known count */
		e->prog.units = t->units;
		e->prog.units_total = e->units_total;
		e->prog.fraction = fsb_eta_fraction_units((double)t->units, (double)e->units_total, prev);
		e->prog.fraction_estimated = false;
	} else {
		/* elapsed against what the same phase took before: an estimate */
		e->prog.fraction = fsb_eta_fraction(t->elapsed, e->phase_expected, prev);
		e->prog.fraction_estimated = e->prog.fraction >= 0;
	}
	eta_update(e, e->prog.phase_index, t->elapsed);
	e->prog.read_kib_s = t->read_kib_s;
	e->prog.write_kib_s = t->write_kib_s;
	if (t->background >= 0) {
		e->prog.background = t->background;
		snprintf(e->prog.background_top, sizeof(e->prog.background_top), "%s", t->background_top);
	}
	if (t->last_line)
		snprintf(e->prog.last_line, sizeof(e->prog.last_line), "%s", t->last_line);
	fsb_events_set_progress(e->ev, &e->prog);
}

/* Built-in phases run in this thread; synth.c and aging.c know them.
 * The aging draws from the run's seed, so the same seed ages alike. */
static int run_builtin(void *arg, const struct fsb_phase_def *def, const char *dir,
		       void (*fraction)(void *arg, double f), void *farg,
		       struct fsb_run *run, struct fsb_err *err)
{
	struct fsb_engine *e = arg;
	struct fsb_synth_ctl ctl = { .cancel = &e->cancel, .progress = fraction, .arg = farg };
	struct fsb_age_params ap;

	if (fsb_age_is_phase(def->name)) {
		if (fsb_age_params_from_profile(e->prof, e->plan.seed, &ap))
			return fsb_err_set(err, -EINVAL, "%s: profile %s: bad age_* values", def->name,
					   e->prof->name);
		ap.fstype = e->mounted_fsr ? e->mounted_fsr->type : NULL;
		ap.dev = e->dev;
		return fsb_age_run(def->name, dir, &ap, &ctl, run, err);
	}
	return fsb_synth_run(def->name, dir, &e->synth, &ctl, run, err);
}

/* ---- target set-up and tear-down ------------------------------------------ */

/* Device targets.  The claim comes before anything else (see engine_main)
 * and every mkfs is wrapped in fsb_device_claim_before_mkfs() and
 * fsb_device_claim_after_mkfs(); doc/devices.md tells the whole story. */

/* ---- one filesystem -------------------------------------------------------- */

static int format_and_mount(struct fsb_engine *e, const struct fsb_fs_profile *p,
			    struct fsb_fs_result *fsr, struct fsb_err *err)
{
	char uuid[64];
	char *cmd = NULL, *opts = NULL;
	struct fsb_fs_dev d = { .dev = e->dev, .journal = e->journal, .size = e->plan.image_size };
	double t0;
	int rc;

	if (e->mounted) {
		/* the one mounted may be another filesystem's (rounds) */
		t0 = fsb_now();
		rc = fsb_fs_umount(e->mnt, err);
		e->mounted = false;
		if (rc)
			return rc;
		if (e->mounted_fsr)
			fsb_secs_add(&e->mounted_fsr->umount_s, fsb_now() - t0);
		e->mounted_fsr = NULL;
	}
	fsb_new_uuid(uuid, sizeof(uuid));
	d.uuid = uuid;
	e->fsck_left = NULL;	/* whatever fsck.c left, mkfs (or a tmpfs) replaces */
	if (!p->nodev) {
		if (e->claim) {
			rc = fsb_target_before_mkfs(e, p, err);
			if (rc)
				return rc;
		}
		fsb_engine_activity(e, "mkfs", false);
		t0 = fsb_now();	/* busy retries included: the user waited for them too */
		for (int attempt = 1;; attempt++) {
			free(cmd);
			cmd = NULL;
			rc = fsb_fs_mkfs(p, &d, &e->cancel, &cmd, err);
			/* a program that scans the block devices (blkid, udev, a
			 * second fsbench listing devices) can hold our own loop
			 * device O_EXCL for a moment, and mkfs then refuses it as
			 * "in use": try again while it is ours and idle */
			if (!rc || e->plan.target != FSB_TARGET_IMAGE || attempt == 3 || cancelled(e) ||
			    !fsb_target_busy_failure(err->msg) || !fsb_target_idle(e->dev))
				break;
			fsb_events_log(e->ev, "mkfs %s: %s was busy for a moment (another program probing it?); trying again",
				       p->name, e->dev);
			nanosleep(&(struct timespec){ 0, 500 * 1000 * 1000 }, NULL);
		}
		free(fsr->mkfs);
		fsr->mkfs = cmd;
		cmd = NULL;
		if (rc)
			return rc;
		fsb_secs_add(&fsr->mkfs_s, fsb_now() - t0);
		if (strstr(p->mkfs, "${uuid}")) {
			free(fsr->uuid);
			fsr->uuid = fsb_xstrdup(uuid);
		}
		if (e->claim) {
			rc = fsb_target_after_mkfs(e, p, strstr(p->mkfs, "${uuid}") && *uuid ? uuid : NULL, err);
			if (rc)
				return rc;
		}
	}
	fsb_engine_activity(e, "mount", false);
	t0 = fsb_now();
	rc = fsb_fs_mount(p, &d, e->mnt, &opts, err);
	free(fsr->mount_options);
	fsr->mount_options = opts;
	if (rc)
		return rc;
	fsb_secs_add(&fsr->mount_s, fsb_now() - t0);
	e->mounted = true;
	e->mounted_fsr = fsr;
	return 0;
}

int fsb_engine_remake(struct fsb_engine *e, struct fsb_err *err)
{
	const struct fsb_plan *pl = &e->plan;
	const char *name = pl->fs.v[e->prog.fs_index];
	const struct fsb_fs_profile *p = pl->target == FSB_TARGET_DIR ? NULL : fsb_plan_fs_profile(pl->cfg, name);
	struct fsb_fs_result *fsr = fsb_result_find_fs(e->res, name);
	size_t mkfs_n, mount_n, umount_n;
	int rc;

	if (!p || !fsr)
		return fsb_err_set(err, -EOPNOTSUPP, "%s is not a filesystem fsbench makes", name);
	/* the refresh phase's time, not one more repetition's: what
	 * format_and_mount() adds is taken off again */
	mkfs_n = fsr->mkfs_s.n, mount_n = fsr->mount_s.n, umount_n = fsr->umount_s.n;
	rc = format_and_mount(e, p, fsr, err);
	fsr->mkfs_s.n = mkfs_n, fsr->mount_s.n = mount_n, fsr->umount_s.n = umount_n;
	return rc;
}

/* The template variables of a phase, and the storage they point into. */
struct phase_vars {
	char tree[4096], cache[4096], jobs[32], size[32];
	const char *v[32];           /* name, value pairs, NULL-terminated */
};

static void phase_vars(const struct fsb_engine *e, const char *base, const char *uuid,
		       struct phase_vars *pv)
{
	const char **v = pv->v;
	size_t i = 0;

	snprintf(pv->tree, sizeof(pv->tree), "%s/%s", base, e->wl.treename ? e->wl.treename : "tree");
	snprintf(pv->cache, sizeof(pv->cache), "%s/.ccache", base);
	snprintf(pv->jobs, sizeof(pv->jobs), "%ld", e->plan.jobs);
	snprintf(pv->size, sizeof(pv->size), "%llu", e->plan.image_size);
#define V(name, val) do { v[i++] = name; v[i++] = (val) ? (val) : ""; } while (0)
	V("mnt", base);
	V("src", e->wl.src);
	V("tree", pv->tree);
	V("treename", e->wl.treename);
	V("jobs", pv->jobs);
	V("cache", pv->cache);
	V("kconfig", e->wl.kconfig);
	V("debtarball", e->wl.debtarball);
	V("deb_suite", e->wl.deb_suite);
	V("@deb_args", e->wl.deb_args);
	V("dev", e->dev);
	V("journal", e->journal);
	V("uuid", uuid);
	V("size", pv->size);
#undef V
	v[i++] = NULL;
	v[i] = NULL;
}

/* Which phases of the plan cannot run here, decided once per run. */
static const char *phase_unavailable(struct fsb_engine *e, const struct fsb_phase_def *def,
				     struct fsb_err *why)
{
	/* the same decision the plan screens showed (avail.h), now with the
	 * workloads made */
	return fsb_phase_available(def, &e->wl, e->prof, why, NULL) ? why->msg : NULL;
}

static void record_fs_meta(struct fsb_engine *e, const struct fsb_fs_profile *p, struct fsb_fs_result *fsr)
{
	fsr->type = fsb_xstrdup(p ? p->type : e->res->target.fstype);
	if (p) {
		fsr->description = fsb_xstrdup(p->description);
		fsr->mkfs = fsb_xstrdup(p->mkfs);
		fsr->mkfs_version = fsb_fs_tool_version(p);
		fsr->mount_options = fsb_xstrdup(p->mount_options);
	} else {
		fsr->description = fsb_xasprintf("the existing filesystem of %s (not reformatted)", e->plan.path);
	}
}

/*
 * --auto-repeat: judge every phase after repetition rep.  A phase is within
 * target when the 95% CI half-width of its mean real time, outliers left
 * out as in the tables, is at most ci_target × the mean, over at least 3
 * kept runs: fewer say nothing about the spread, so nothing is judged before
 * the third repetition.  auto_target_reps is the repetition since which the
 * phase has stayed within target (the repetitions it took), or the last one
 * while it is not (at the end: the cap it hit).  A phase that never
 * succeeded cannot converge and does not hold the others back.  Returns
 * whether every judged phase is within target.
 */
static bool converged(struct fsb_engine *e, struct fsb_fs_result *fsr, long rep)
{
	bool all = true;

	for (size_t j = 0; j < fsr->nphases; j++) {
		struct fsb_phase_result *ph = fsr->phases[j];
		double x[ph->nruns ? ph->nruns : 1];
		size_t n = 0;
		struct fsb_stats st;
		bool within;

		if (ph->status != FSB_PHASE_OK)
			continue;
		/* a disturbed run is set aside as in the tables: one more
		 * repetition replaces it, within the cap */
		for (size_t k = 0; k < ph->nruns; k++)
			if (ph->runs[k].status == FSB_RUN_OK && !ph->runs[k].disturbed)
				x[n++] = fsb_run_metric(&ph->runs[k], FSB_METRIC_REAL);
		within = rep >= 3 && n >= 3 && fsb_stats_summarize(x, n, NULL, &st) == 0 && st.n_used >= 3 &&
			 st.mean > 0 && st.ci_half <= e->plan.ci_target * st.mean;
		if (!within || !ph->auto_converged)
			ph->auto_target_reps = (int)rep;
		ph->auto_converged = within;
		if (!within && n)
			all = false;
	}
	return all && rep >= 3;
}

static void mark_replacement(const struct fsb_engine *e, const struct fsb_phase_result *ph, struct fsb_run *run);

static bool next_is_builtin(const struct fsb_plan *pl, size_t j)
{
	const struct fsb_phase_def *next = j + 1 < pl->phases.n ? fsb_config_phase(pl->cfg, pl->phases.v[j + 1]) : NULL;

	return next && next->kind == FSB_PHASE_BUILTIN;
}

/* The runner of a built-in phase (fsb_phase_ctx.builtin): refresh and crash are the engine's own. */
typedef int builtin_fn(void *arg, const struct fsb_phase_def *def, const char *dir,
		       void (*fraction)(void *arg, double f), void *farg, struct fsb_run *run, struct fsb_err *err);

static builtin_fn *builtin_runner(const struct fsb_phase_def *def)
{
	if (fsb_refresh_is_phase(def->name))
		return fsb_engine_refresh;
	return fsb_crash_is_phase(def) ? fsb_engine_crash : run_builtin;
}

/* A finished run into the result and the ETA.  The result keeps finished
 * phases; an interrupted one is not.  The stall round's are apart: no
 * time, total, verdict or ETA reads them. */
static void record_run(struct fsb_engine *e, size_t fi, size_t j, struct fsb_phase_result *ph,
		       const struct fsb_run *run)
{
	if (run->status != FSB_RUN_INTERRUPTED)
		(e->stall ? fsb_phase_add_stall_run : fsb_phase_add_run)(ph, run);
	if (isfinite(run->v[FSB_FIELD_real]))
		e->slot_real += run->v[FSB_FIELD_real];
	if (run->status == FSB_RUN_OK && !e->stall) {
		fsb_eta_record(&e->eta, fi, j, run->v[FSB_FIELD_real]);
		if (!strstr(e->prog.eta_basis, "this run")) {
			size_t l = strlen(e->prog.eta_basis);

			/* from now on what this run measured counts first */
			snprintf(e->prog.eta_basis + l, sizeof(e->prog.eta_basis) - l, "%s",
				 l ? ", refined by this run" : "from this run");
		}
	}
}

/* One phase of one repetition on the filesystem being tested: availability,
 * timing, the record, the result file, the events. */
/* Phase j of filesystem fi begins: the progress, the ETA, the event. */
static void phase_begin(struct fsb_engine *e, size_t fi, size_t j, const char *phase)
{
	e->prog.phase_index = (int)j;
	snprintf(e->prog.phase, sizeof(e->prog.phase), "%s", phase);
	fsb_engine_activity(e, phase, true);
	e->phase_expected = fsb_eta_expected(&e->eta, fi, j);
	eta_update(e, (long)j, 0);
	fsb_events_set_progress(e->ev, &e->prog);
	post(e, FSB_EV_PHASE_BEGIN, e->plan.fs.v[fi], phase, NULL, NULL);
}

/* Phase j's run of repetition rep recorded in ph (failed with
 * start_error when it could not even start), then posted. */
static void phase_end(struct fsb_engine *e, size_t fi, size_t j, long rep, struct fsb_phase_result *ph,
		      struct fsb_run *run, const char *start_error)
{
	const struct fsb_phase_def *def = fsb_config_phase(e->plan.cfg, e->plan.phases.v[j]);

	if (!fsb_phase_kind_timed(def->kind))	/* others cannot disturb a count: nothing to set aside */
		free(run->disturbed), run->disturbed = NULL;
	run->v[FSB_FIELD_seq] = (double)++e->seq;
	run->v[FSB_FIELD_round] = (double)(e->round > 0 ? e->round : rep);
	mark_replacement(e, ph, run);
	if (start_error) {
		run->status = FSB_RUN_FAILED;
		free(run->error);
		run->error = fsb_xstrdup(start_error);
	}
	if (run->status == FSB_RUN_FAILED) {
		e->any_failed = true;
		fsb_target_explain(e, &run->error);
	}
	record_run(e, fi, j, ph, run);
	e->prog.running = false;
	eta_update(e, (long)j + 1, 0);
	post_result(e);
	post(e, FSB_EV_PHASE_END, e->plan.fs.v[fi], def->name, run, run->error);
}

static void run_phase(struct fsb_engine *e, size_t fi, struct fsb_fs_result *fsr, long rep, size_t j,
		      const char *base)
{
	const struct fsb_plan *pl = &e->plan;
	const char *name = pl->fs.v[fi];
	const struct fsb_phase_def *def = fsb_config_phase(pl->cfg, pl->phases.v[j]);
	struct fsb_phase_result *ph = fsb_fs_add_phase(fsr, def->name);
	struct fsb_err err = { 0 };
	struct phase_vars pv;
	struct fsb_phase_ctx ctx;
	struct fsb_run run;
	const char *why;
	char *tag;
	int rc;

	if (e->stall && !stall_runs_phase(pl, j))
		return;
	phase_vars(e, base, fsr->uuid, &pv);
	if (!ph->label) {
		char *label = NULL;

		ph->kind = def->kind;	/* the initial result named it already */
		if (fsb_subst(def->label && *def->label ? def->label : def->name, pv.v, false, &label, NULL))
			label = fsb_xstrdup(def->label);
		ph->label = label;
		ph->command = fsb_xstrdup(def->kind == FSB_PHASE_COMMAND ? def->command : NULL);
	}
	why = phase_unavailable(e, def, &err);
	if (why) {
		if (ph->status != FSB_PHASE_UNAVAILABLE) {
			ph->status = FSB_PHASE_UNAVAILABLE;
			ph->reason = fsb_xstrdup(why);
			fsb_events_log(e->ev, "%s/%s: unavailable: %s", name, def->name, why);
			post_result(e);
		}
		return;
	}
	phase_begin(e, fi, j, def->name);
	tag = e->stall ? fsb_xasprintf("%s/%s/stall", name, def->name) : fsb_xasprintf("%s/%s/%ld", name, def->name, rep);
	ctx = (struct fsb_phase_ctx){
		.tag = tag, .mnt = base, .vars = pv.v,
		.disks = (const char *const *)e->disks,
		.drop_caches = def->drop_caches < 0 ? pl->drop_caches : def->drop_caches == 1,
		.log_fd = e->log_fd, .cancel = &e->cancel,
		.progress = on_tick, .arg = e,
		.builtin = builtin_runner(def), .builtin_arg = e,
		.limits = &pl->cfg->defaults.disturb,
		/* the timed phases never have the probe beside them but when
		 * asked to (beside: the A/A's evidence, bench/probe-overhead.sh) */
		.probe = e->stall || pl->probe == FSB_PROBE_BESIDE,
	};
	fsb_run_init(&run);
	fsb_err_clear(&err);
	rc = fsb_phase_run(def, &ctx, &run, &err);
	free(tag);
	phase_end(e, fi, j, rep, ph, &run, rc && rc != -ECANCELED ? err.msg : NULL);
	fsb_run_clear(&run);
	/* built-in phases hand the data file on to the next one; no other
	 * phase may find it (cp would copy it), no run leave it */
	if (def->kind == FSB_PHASE_BUILTIN && !next_is_builtin(pl, j))
		fsb_synth_cleanup(base);
}

/* A filesystem's turn begins: its record, and whether it can be made at
 * all (its tool, an external journal's device).  False when not: it is
 * then recorded as unavailable and done. */
static bool fs_begin(struct fsb_engine *e, size_t fi)
{
	const struct fsb_plan *pl = &e->plan;
	const char *name = pl->fs.v[fi];
	const struct fsb_fs_profile *p = pl->target == FSB_TARGET_DIR ? NULL : fsb_plan_fs_profile(pl->cfg, name);
	struct fsb_fs_result *fsr = fsb_result_add_fs(e->res, name);
	struct fsb_err err = { 0 };

	e->prog.fs_index = (int)fi;
	snprintf(e->prog.fs, sizeof(e->prog.fs), "%s", name);
	record_fs_meta(e, p, fsr);
	post(e, FSB_EV_FS_BEGIN, name, NULL, NULL, NULL);
	if (p && fsb_fs_available(p, &err)) {
		fsr->status = FSB_FS_UNAVAILABLE;
		fsr->error = fsb_xstrdup(err.msg);
		fsb_events_log(e->ev, "%s: unavailable: %s", name, err.msg);
		fsb_eta_drop_fs(&e->eta, fi);
		post_result(e);
		post(e, FSB_EV_FS_END, name, NULL, NULL, err.msg);
		return false;
	}
	if (p && *p->journal_size && !e->journal) {
		fsr->status = FSB_FS_UNAVAILABLE;
		fsr->error = fsb_xasprintf("needs a second device for its external journal (%s)",
					   fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, NULL));
		fsb_eta_drop_fs(&e->eta, fi);
		post_result(e);
		post(e, FSB_EV_FS_END, name, NULL, NULL, fsr->error);
		return false;
	}
	return true;
}

/*
 * A slot (a repetition of a filesystem) begins: what the one before spent
 * outside its phases (mkfs, mount, umount, cache drops) goes to the ETA,
 * and the ETA is said, as it stands after that slot.
 */
static void slot_begin(struct fsb_engine *e, size_t fi, long rep)
{
	double now = fsb_now();
	bool first = e->slot_t0 <= 0;
	size_t prev = e->slot;

	if (!first && now - e->slot_t0 >= e->slot_real)
		fsb_eta_record_overhead(&e->eta, now - e->slot_t0 - e->slot_real);
	e->slot = e->replacing ? e->eta.nslots : fsb_eta_slot(&e->eta, fi, rep);
	e->slot_t0 = now;
	e->slot_real = 0;
	if (!first && prev < e->eta.nslots && !cancelled(e)) {
		const struct fsb_slot *s = &e->eta.slots[prev];
		char when[96];

		if (e->eta.stall_rep && s->rep == e->eta.stall_rep)
			snprintf(when, sizeof(when), "after %s in the stall round", e->plan.fs.v[s->fs]);
		else if (e->eta.reps - (e->stall_planned ? 1 : 0) > 1)
			snprintf(when, sizeof(when), "after %s repetition %ld", e->plan.fs.v[s->fs], s->rep);
		else
			snprintf(when, sizeof(when), "after %s", e->plan.fs.v[s->fs]);
		eta_update(e, -1, 0);
		eta_log(e, when);
	}
}

/*
 * Repetition rep of filesystem fi: a fresh mkfs and mount when fresh (or
 * on the first), then every phase.  False when the filesystem could not be
 * made: its repetitions end there.  With --auto-repeat, *converged says
 * whether every phase is now within target.
 */
static bool fs_rep(struct fsb_engine *e, size_t fi, long rep, bool fresh, bool *converged_now)
{
	const struct fsb_plan *pl = &e->plan;
	const char *name = pl->fs.v[fi];
	const struct fsb_fs_profile *p = pl->target == FSB_TARGET_DIR ? NULL : fsb_plan_fs_profile(pl->cfg, name);
	struct fsb_fs_result *fsr = fsb_result_find_fs(e->res, name);
	const char *base = pl->target == FSB_TARGET_DIR ? e->workdir : e->mnt;
	struct fsb_err err = { 0 };

	*converged_now = false;
	slot_begin(e, fi, rep);
	e->prog.fs_index = (int)fi;
	snprintf(e->prog.fs, sizeof(e->prog.fs), "%s", name);
	e->prog.rep = (int)rep;
	e->prog.nreps = (int)(e->settle ? e->eta_rounds : pl->auto_repeat ? pl->max_repeat : pl->repeat);
	if (p && (rep == 1 || fresh)) {
		if (format_and_mount(e, p, fsr, &err)) {
			if (cancelled(e))
				return false;
			fsb_target_explain_err(e, &err);
			/* the repetitions already measured stay: only a
			 * filesystem never made is "failed" as a whole */
			if (rep == 1) {
				fsr->status = FSB_FS_FAILED;
				free(fsr->error);
				fsr->error = fsb_xstrdup(err.msg);
			} else if (e->stall) {
				free(fsr->error);
				fsr->error = fsb_xasprintf("the stall round not run: %s", err.msg);
			} else {
				free(fsr->error);
				fsr->error = fsb_xasprintf("repetition %ld not run: %s", rep, err.msg);
			}
			fsb_events_log(e->ev, "%s: %s", name, err.msg);
			e->any_failed = true;
			fsb_eta_drop_fs(&e->eta, fi);
			return false;
		}
	}
	/* a filesystem refresh could not make again is gone: nothing to run on */
	for (size_t j = 0; j < pl->phases.n && !cancelled(e) && (!p || e->mounted); j++)
		run_phase(e, fi, fsr, rep, j, base);
	/* the next repetition makes the filesystem afresh: check it now, while
	 * it is the one on the target (without reformatting, at fs_end) */
	if (fresh && !e->replacing)
		fsb_engine_measure_fsck(e, p, fsr);
	if (e->stall)
		return true;	/* untimed: nothing to converge */
	if (pl->auto_repeat && !cancelled(e) && converged(e, fsr, rep)) {
		fsb_events_log(e->ev, "%s: every phase within ±%g%% after %ld repetitions", name,
			       pl->ci_target * 100, rep);
		*converged_now = true;
		fsb_eta_drop_fs(&e->eta, fi);
	} else if (pl->auto_repeat && !cancelled(e) && rep == pl->max_repeat) {
		fsb_events_log(e->ev, "%s: stopped at the cap of %ld repetitions; not every phase is within ±%g%%",
			       name, pl->max_repeat, pl->ci_target * 100);
	}
	return true;
}

static void unmount_current(struct fsb_engine *e, const char *name)
{
	struct fsb_err err = { 0 };

	double t0 = fsb_now();

	if (!e->mounted)
		return;
	fsb_engine_activity(e, "umount", false);
	if (fsb_fs_umount(e->mnt, &err)) {
		fsb_events_log(e->ev, "%s: %s", name, err.msg);
		e->any_failed = true;
	} else if (e->mounted_fsr) {
		fsb_secs_add(&e->mounted_fsr->umount_s, fsb_now() - t0);
	}
	e->mounted = false;
	e->mounted_fsr = NULL;
}

static void fs_end(struct fsb_engine *e, size_t fi)
{
	const struct fsb_plan *pl = &e->plan;
	const char *name = pl->fs.v[fi];
	struct fsb_fs_result *fsr = fsb_result_find_fs(e->res, name);

	if (!cancelled(e))
		fsb_engine_measure_fsck(e, pl->target == FSB_TARGET_DIR ? NULL : fsb_plan_fs_profile(pl->cfg, name),
					fsr);
	unmount_current(e, name);
	post_result(e);
	post(e, FSB_EV_FS_END, name, NULL, NULL, fsr->error);
}

/*
 * The order the runs really go in: rounds and random need a fresh mkfs for
 * every repetition (the target is shared by the filesystems), so with
 * --no-reformat, or a directory target, it is sequential; one repetition
 * (without --auto-repeat) keeps the plan's order too.
 */
static enum fsb_order effective_order(const struct fsb_plan *pl)
{
	if (fsb_plan_settles(pl))
		return FSB_ORDER_ROUNDS;
	if (!pl->reformat_between || pl->target == FSB_TARGET_DIR || (pl->repeat == 1 && !pl->auto_repeat))
		return FSB_ORDER_SEQUENTIAL;
	return pl->order;
}

/* sequential: every repetition of one filesystem, then the next */
static void run_fs(struct fsb_engine *e, size_t fi)
{
	const struct fsb_plan *pl = &e->plan;
	long reps = pl->auto_repeat ? pl->max_repeat : pl->repeat;
	bool conv = false;

	if (!fs_begin(e, fi))
		return;
	for (long rep = 1; rep <= reps && !conv && !cancelled(e); rep++) {
		e->round = rep;
		if (!fs_rep(e, fi, rep, pl->reformat_between, &conv))
			break;
	}
	fs_end(e, fi);
}

/* ---- rounds: the verdict after each, disturbed runs run again -------------- */

/* Where a run of rounds stands. */
struct rounds {
	long *done;                  /* [fi] repetitions run, replacements included */
	bool *live;                  /* [fi] still runs (not failed, not converged) */
	long round;                  /* the running round, 1-based */
	double t0;                   /* fsb_now() when it began */
	double since;                /* e->seq when it began: its runs have a higher seq */
	size_t ran;                  /* repetitions run in it */
	size_t next_slot;            /* the slot after it (e->eta.nslots at the end) */
};

/* Has run seq of ph been run again (a later run replaces it)? */
static bool replaced(const struct fsb_phase_result *ph, double seq)
{
	for (size_t k = 0; k < ph->nruns; k++)
		if (ph->runs[k].v[FSB_FIELD_replaces] == seq)
			return true;
	return false;
}

/* The first run of ph after since that was disturbed and not yet run again. */
static const struct fsb_run *disturbed_since(const struct fsb_phase_result *ph, double since)
{
	for (size_t k = 0; k < ph->nruns; k++) {
		const struct fsb_run *r = &ph->runs[k];

		if (r->disturbed && r->status == FSB_RUN_OK && r->v[FSB_FIELD_seq] > since && isnan(r->v[FSB_FIELD_replaces]) &&
		    !replaced(ph, r->v[FSB_FIELD_seq]))
			return r;
	}
	return NULL;
}

/* While a repetition runs again: the disturbed run of this phase it replaces. */
static void mark_replacement(const struct fsb_engine *e, const struct fsb_phase_result *ph, struct fsb_run *run)
{
	const struct fsb_run *old = e->replacing ? disturbed_since(ph, e->replace_since) : NULL;

	if (old)
		run->v[FSB_FIELD_replaces] = old->v[FSB_FIELD_seq];
}

/* A few seconds at most for the machine to be quiet (the before-run check's
 * limits): a run again on a busy machine would only be disturbed again. */
static bool wait_quiet(struct fsb_engine *e, char *line, size_t len)
{
	fsb_engine_activity(e, "waiting for the machine to be quiet", false);
	for (int i = 0; i < 5 && !cancelled(e); i++) {
		struct fsb_quiet q;

		fsb_quiet_check("/proc", "/sys", 1.0, getpid(), &q);
		if (!fsb_quiet_warning(&q, &e->plan.cfg->defaults.disturb, line, len))
			return true;
	}
	return false;
}

/*
 * The end of a round (or of a run without rounds): each filesystem with a
 * run set aside as disturbed in it runs one repetition more, a fresh mkfs,
 * when the machine is quiet and the budget affords it — at most one per
 * filesystem and round, so a busy machine cannot keep the run going.
 * Every run of that repetition that stands in for a disturbed one records
 * its seq (replaces).  --auto-repeat replaces disturbed runs its own way.
 */
static void replace_disturbed(struct fsb_engine *e, struct rounds *rs, double wall)
{
	const struct fsb_plan *pl = &e->plan;
	double per = wall / (double)(rs->ran ? rs->ran : 1);
	/* the stall round must still fit after it: a round of this one's pace */
	double reserve = e->stall_planned ? wall : 0;
	bool asked = false;
	char line[512];

	if (pl->auto_repeat)
		return;
	for (size_t fi = 0; fi < pl->fs.n && !cancelled(e) && !e->stop.code; fi++) {
		struct fsb_fs_result *fsr = fsb_result_find_fs(e->res, pl->fs.v[fi]);
		const struct fsb_phase_result *ph = NULL;
		const struct fsb_run *old = NULL;
		bool conv;

		for (size_t j = 0; fsr && j < fsr->nphases && !old; j++)
			if ((old = disturbed_since(fsr->phases[j], rs->since)))
				ph = fsr->phases[j];
		if (!old || !rs->live[fi])
			continue;
		if (e->budget > 0 && fsb_now() - e->t_start + per + reserve > e->budget) {
			fsb_events_log(e->ev, "%s/%s: disturbed (%s); not run again: the budget cannot afford it",
				       fsr->name, ph->name, old->disturbed);
			continue;
		}
		if (!asked && !wait_quiet(e, line, sizeof(line))) {
			fsb_events_log(e->ev, "the disturbed runs are not run again: %s", line);
			return;
		}
		asked = true;
		fsb_events_log(e->ev, "%s: run again, its %s run was disturbed (%s)", fsr->name, ph->name, old->disturbed);
		e->replacing = true;
		e->replace_since = rs->since;
		e->next_slot = rs->next_slot;
		if (!fs_rep(e, fi, ++rs->done[fi], true, &conv))
			rs->live[fi] = false;
		e->replacing = false;
		post_result(e);
	}
}

static void say_ended(struct fsb_engine *e, enum fsb_result_ended how, long round)
{
	char b[32];

	e->res->ended = how;
	fsb_format_budget(e->budget, b, sizeof(b));
	switch (how) {
	case FSB_ENDED_SETTLED:
		fsb_events_log(e->ev, "the verdict is settled after round %ld: the run ends here", round);
		break;
	case FSB_ENDED_BUDGET:
		fsb_events_log(e->ev, "the %s budget cannot afford another round%s: the run ends after round %ld", b,
			       e->stall_planned ? " and the stall round after it" : "", round);
		break;
	case FSB_ENDED_CAP:
		fsb_events_log(e->ev, "%ld rounds, the most this run planned: it ends here", round);
		break;
	case FSB_ENDED_STOPPED:
		fsb_events_log(e->ev, "finished after round %ld, as asked", round);
		break;
	default:
		break;
	}
}

/*
 * A round is complete (last: no slot is left): its disturbed runs run
 * again, then in settle mode the verdict is asked and said.  True when the
 * run ends here: settled, stopped by the user, the round cap, or a budget
 * that cannot afford another round of the last one's wall time — and,
 * when the run ends with the stall round, that round too after it.
 */
static bool round_end(struct fsb_engine *e, struct rounds *rs, bool last)
{
	double wall = fsb_now() - rs->t0, reserve = e->stall_planned ? wall : 0;
	bool finish = atomic_load(&e->finish), settled = false;
	int how = -1;
	char why[160] = "";

	if (cancelled(e) || e->stop.code)
		return true;
	if (e->rounds) {
		const struct fsb_disturb_limits *l = &e->plan.cfg->defaults.disturb;
		size_t n = fsb_rounds_keep_background(e->res, rs->round, l->others_cpu);

		if (n)
			fsb_events_log(e->ev, "round %ld: other programs kept up a background through the round; %zu "
				       "run%s that saw no more of it than the round's others kept", rs->round, n,
				       n == 1 ? "" : "s");
		n = fsb_rounds_mark_steal(e->res, rs->round, l->steal);
		if (n)
			fsb_events_log(e->ev, "round %ld: %zu run%s saw more of the hypervisor's steal than the round's "
				       "others: set aside", rs->round, n, n == 1 ? "" : "s");
	}
	if (!finish)
		replace_disturbed(e, rs, wall);
	if (cancelled(e) || e->stop.code)
		return true;
	finish = atomic_load(&e->finish);
	if (e->rounds)
		e->res->rounds = rs->round;
	if (e->rounds) {
		/* the run screen shows it firming up; only settle mode acts on it */
		struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD, .history = &e->history };
		bool s = fsb_verdict_settled(e->res, &o, rs->round, why, sizeof(why));

		snprintf(e->prog.verdict, sizeof(e->prog.verdict), "%s", why);
		fsb_events_set_progress(e->ev, &e->prog);
		settled = e->settle && s;
	}
	if (e->settle) {
		e->res->repeat = rs->round;
		fsb_events_log(e->ev, "verdict: %s", why);
	}
	if (settled)
		how = FSB_ENDED_SETTLED;
	else if (finish && !last && e->rounds)
		how = FSB_ENDED_STOPPED;
	else if (e->settle && (last || rs->round >= e->max_rounds))
		how = FSB_ENDED_CAP;
	else if (e->settle && fsb_now() - e->t_start + wall + reserve > e->budget)
		how = FSB_ENDED_BUDGET;
	if (how >= 0 && (e->settle || how == FSB_ENDED_STOPPED)) {
		say_ended(e, (enum fsb_result_ended)how, rs->round);
	} else if (e->settle) {
		/* the ETA from now on: the rounds the rest of the budget affords at this one's pace */
		long more = fsb_eta_plan_rounds(e->budget - (fsb_now() - e->t_start) - reserve, wall);

		e->eta_rounds = rs->round + more > e->max_rounds ? e->max_rounds : rs->round + more;
		e->prog.rounds = (int)e->eta_rounds;
		e->prog.round_s = wall;
		eta_order(e);
	}
	post_result(e);
	return how >= 0;
}

static void rounds_init(struct rounds *rs, size_t nfs)
{
	memset(rs, 0, sizeof(*rs));
	rs->done = fsb_xcalloc(nfs + 1, sizeof(*rs->done));
	rs->live = fsb_xcalloc(nfs + 1, sizeof(*rs->live));
	rs->round = 1;
	rs->t0 = fsb_now();
}

static void rounds_free(struct rounds *rs)
{
	free(rs->done);
	free(rs->live);
}

/*
 * A new round is a replicate of its own: nothing of the last one's state
 * on the host is carried over — the image file made afresh (a new
 * placement on the host's disk, model/rounds.h), the page cache dropped.
 * False when the image could not be made again: the run ends there.
 */
static bool round_begin(struct fsb_engine *e)
{
	struct fsb_err err = { 0 };

	if (e->plan.target != FSB_TARGET_IMAGE)
		return true;
	unmount_current(e, "the last filesystem of the round");
	fsb_engine_activity(e, "a fresh image for the round", false);
	if (fsb_target_renew_image(e, &err)) {
		fsb_events_log(e->ev, "the image could not be made afresh for the next round: %s; the run ends here",
			       err.msg);
		e->any_failed = true;
		fsb_err_clear(&err);
		return false;
	}
	if (e->plan.drop_caches)
		fsb_drop_caches();
	return true;
}

/*
 * The stall round (plan.h) after done timed rounds (repetitions), unless
 * the run was cancelled, stopped (a changed device, a result file that
 * cannot be written), could not go on (broke: no fresh image), or the user
 * asked it to finish.  Every filesystem still running (none of its
 * repetitions failed to be made) once more, on a fresh image in the rounds
 * order, each a fresh mkfs; run_phase() puts its runs among the stall runs.
 */
/* Is filesystem fi still running: made, and none of its repetitions
 * failed to be made? */
static bool still_running(const struct fsb_engine *e, size_t fi)
{
	const struct fsb_fs_result *fsr = fsb_result_find_fs(e->res, e->plan.fs.v[fi]);

	return fsr && fsr->status == FSB_FS_OK && !fsr->error;
}

static void stall_round(struct fsb_engine *e, long done, bool broke)
{
	const struct fsb_plan *pl = &e->plan;
	long rep = done + 1;
	size_t *kept, running = 0;
	bool conv;

	for (size_t fi = 0; fi < pl->fs.n; fi++)
		running += still_running(e, fi);
	if (!e->stall_planned || !running || broke || cancelled(e) || e->stop.code || atomic_load(&e->finish))
		return;
	/* the ETA: the stall round's slots right after the rounds that ran */
	e->eta_rounds = done;
	eta_order(e);
	/* its mkfs, mount and unmount are no repetition's: the filesystems'
	 * figures (one per repetition) get back to what the rounds left */
	unmount_current(e, "the last filesystem of the rounds");
	kept = fsb_xcalloc(3 * e->res->nfs + 1, sizeof(*kept));
	for (size_t i = 0; i < e->res->nfs; i++) {
		kept[3 * i] = e->res->fs[i]->mkfs_s.n;
		kept[3 * i + 1] = e->res->fs[i]->mount_s.n;
		kept[3 * i + 2] = e->res->fs[i]->umount_s.n;
	}
	e->stall = true;
	e->round = rep;
	e->prog.stall_round = true;
	fsb_events_log(e->ev, "the stall round: the probe beside each phase, untimed");
	if (!e->rounds || round_begin(e))
		for (size_t fi = 0; fi < pl->fs.n && !cancelled(e) && !e->stop.code; fi++) {
			if (!still_running(e, fi))
				continue;
			fs_rep(e, fi, rep, true, &conv);
			post_result(e);
		}
	unmount_current(e, "the last filesystem of the stall round");
	for (size_t i = 0; i < e->res->nfs; i++) {
		e->res->fs[i]->mkfs_s.n = kept[3 * i];
		e->res->fs[i]->mount_s.n = kept[3 * i + 1];
		e->res->fs[i]->umount_s.n = kept[3 * i + 2];
	}
	free(kept);
	e->stall = false;
	e->prog.stall_round = false;
}

/*
 * rounds or random (engine/order.h): the slots in their order, each a
 * fresh mkfs and mount — the target is shared, so the filesystem of the
 * slot before is gone.  A filesystem that converged (--auto-repeat) or
 * could not be made sits the later slots out.  In the rounds order each
 * round ends at round_end(); settle mode has slots for the cap of rounds
 * and ends when round_end() says so.
 */
static void run_slots(struct fsb_engine *e)
{
	const struct fsb_plan *pl = &e->plan;
	size_t nfs = pl->fs.n;
	long reps = plan_reps(pl);
	struct fsb_slot *slots = fsb_xcalloc(nfs * (size_t)reps, sizeof(*slots));
	enum fsb_order order = effective_order(pl);
	size_t n = fsb_order_slots(order, nfs, reps, pl->seed, slots);
	bool *begun = fsb_xcalloc(nfs, sizeof(*begun)), ended = false, broke = false;
	struct rounds rs;

	rounds_init(&rs, nfs);
	e->prog.round = e->rounds ? 1 : 0;
	for (size_t i = 0; i < nfs && !cancelled(e) && !e->stop.code; i++)
		rs.live[i] = begun[i] = fs_begin(e, i);
	rs.t0 = fsb_now();
	for (size_t k = 0; k < n && !cancelled(e) && !e->stop.code; k++) {
		size_t fi = slots[k].fs;
		bool conv = false;

		if (order == FSB_ORDER_ROUNDS && slots[k].rep != rs.round) {
			rs.next_slot = k;
			if ((ended = round_end(e, &rs, false)))
				break;
			rs.round = slots[k].rep;
			rs.t0 = fsb_now();
			rs.since = (double)e->seq;
			rs.ran = 0;
			e->prog.round = (int)rs.round;
			if (!round_begin(e)) {
				ended = broke = true;
				break;
			}
		}
		e->round = slots[k].rep;
		if (!rs.live[fi])
			continue;
		rs.ran++;
		rs.done[fi]++;
		if (!fs_rep(e, fi, slots[k].rep, true, &conv) || conv)
			rs.live[fi] = false;
		post_result(e);
	}
	rs.next_slot = e->eta.nslots;
	if (!ended)
		round_end(e, &rs, true);
	stall_round(e, e->rounds ? rs.round : reps, broke);
	for (size_t i = 0; i < nfs; i++)
		if (begun[i])
			fs_end(e, i);
	rounds_free(&rs);
	free(begun);
	free(slots);
}

/* sequential: every filesystem's repetitions in turn, then the disturbed
 * runs of them all run again (as at the end of a round) */
static void run_sequential(struct fsb_engine *e)
{
	const struct fsb_plan *pl = &e->plan;
	struct rounds rs;

	rounds_init(&rs, pl->fs.n);
	for (size_t i = 0; i < pl->fs.n && !cancelled(e) && !e->stop.code; i++) {
		run_fs(e, i);
		rs.done[i] = pl->repeat;
		rs.ran += (size_t)pl->repeat;
	}
	for (size_t i = 0; i < pl->fs.n; i++) {
		const struct fsb_fs_result *fsr = fsb_result_find_fs(e->res, pl->fs.v[i]);

		rs.live[i] = fsr && fsr->status == FSB_FS_OK;
	}
	rs.next_slot = e->eta.nslots;
	round_end(e, &rs, true);
	stall_round(e, pl->auto_repeat ? pl->max_repeat : pl->repeat, false);
	unmount_current(e, "the last filesystem");
	rounds_free(&rs);
}

/* ---- the thread -------------------------------------------------------------- */

/*
 * Is the machine quiet?  A second's look once the target is ready (the
 * state file exists by then: a run killed now still leaves its notes), a
 * warning in the log and the result, never a refusal.  A front end that
 * asked already (the TUI's confirm screen) passed its line in the plan.
 */
static void quiet_check(struct fsb_engine *e)
{
	struct fsb_quiet q;
	char line[512];

	if (e->plan.quiet || cancelled(e))
		return;
	fsb_engine_activity(e, "checking that the machine is quiet", false);
	fsb_quiet_check("/proc", "/sys", 1.0, getpid(), &q);
	if (fsb_quiet_warning(&q, &e->plan.cfg->defaults.disturb, line, sizeof(line))) {
		fsb_events_log(e->ev, "warning: %s", line);
		free(e->res->quiet);
		e->res->quiet = fsb_xstrdup(line);
	}
}

static void collect_needs(const struct fsb_engine *e, struct fsb_strv *needs)
{
	for (size_t j = 0; j < e->plan.phases.n; j++) {
		const struct fsb_phase_def *def = fsb_config_phase(e->plan.cfg, e->plan.phases.v[j]);

		for (size_t k = 0; def && k < def->needs.n; k++)
			if (!fsb_strv_contains(needs, def->needs.v[k]))
				fsb_strv_add(needs, def->needs.v[k]);
	}
}

static void init_result(struct fsb_engine *e)
{
	struct fsb_result *r = e->res;
	char ts[32];

	r->tool = fsb_xasprintf("fsbench %s", FSB_VERSION);
	r->started = fsb_xstrdup(fsb_iso_time(ts, sizeof(ts)));
	r->status = FSB_RESULT_RUNNING;
	r->baseline = fsb_xstrdup(e->plan.baseline);
	r->profile = fsb_xstrdup(e->plan.profile);
	r->command = fsb_xstrdup(e->plan.command_line);
	r->repeat = e->settle ? 1 : e->plan.auto_repeat ? e->plan.max_repeat : e->plan.repeat;
	if (e->settle)
		r->budget_s = (long long)(e->budget + 0.5);
	r->session_sd = e->prof && e->prof->session_sd > 0 ? e->prof->session_sd : NAN;
	for (size_t j = 0; j < e->plan.phases.n; j++)
		fsb_strv_add(&r->phase_order, e->plan.phases.v[j]);
	r->order = fsb_xstrdup(fsb_order_name(effective_order(&e->plan)));
	r->quiet = fsb_xstrdup(e->plan.quiet);
	r->use = fsb_xstrdup(e->plan.use);
	r->needs = e->plan.needs;
	r->probe = (int)e->plan.probe;
	if (effective_order(&e->plan) != FSB_ORDER_SEQUENTIAL)
		r->order_seed = (long long)e->plan.seed;
	/* the plan's cells, pending until measured: every snapshot (and the
	 * document of a live run) shows what is still to come; a directory's
	 * one filesystem is named when the directory is set up */
	for (size_t i = 0; e->plan.target != FSB_TARGET_DIR && i < e->plan.fs.n; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(r, e->plan.fs.v[i]);

		for (size_t j = 0; j < e->plan.phases.n; j++) {
			const struct fsb_phase_def *def = fsb_config_phase(e->plan.cfg, e->plan.phases.v[j]);

			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, e->plan.phases.v[j]);

			ph->kind = def ? def->kind : FSB_PHASE_COMMAND;
			ph->measured_cv = fsb_profile_measured_cv(e->prof, e->plan.phases.v[j]);
			ph->session_cv = fsb_profile_session_cv(e->prof, e->plan.phases.v[j]);
		}
	}
	fsb_sysinfo_host(&r->host);
	/* the plan is the first snapshot, before the workloads take their time */
	post_snapshot(e);
}

static int open_log(struct fsb_engine *e, struct fsb_err *err)
{
	char *dir = fsb_xstrdup(e->plan.output), *slash = strrchr(dir, '/');
	char *base;
	int rc = 0;

	if (slash) {
		*slash = '\0';
		rc = fsb_mkdir_p(dir, 0755);
		if (rc) {
			fsb_err_set(err, rc, "cannot create the results directory %s: %s", dir, strerror(-rc));
			goto out;
		}
	}
	base = fsb_xstrdup(e->plan.output);
	if (strlen(base) > 8 && strcmp(base + strlen(base) - 8, ".fsbench") == 0)
		base[strlen(base) - 8] = '\0';
	e->res->log = fsb_xasprintf("%s.log", base);
	free(base);
	e->log_fd = open(e->res->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (e->log_fd < 0)
		rc = fsb_err_set(err, -errno, "cannot create the log %s: %s", e->res->log, strerror(errno));
out:
	free(dir);
	return rc;
}

/* Before the target: the cache policy, the workloads (nothing is formatted
 * for a run that cannot start), the built-in phases' sizes, a mount point.
 * 0 or -errno (-ECANCELED with err untouched). */
static int prepare(struct fsb_engine *e, struct fsb_err *err)
{
	struct fsb_strv needs = { 0 };
	const char *tmp = getenv("TMPDIR");
	/* --no-drop-caches keeps them in the built-in read phases too (seed
	 * 001's under-RAM test); not being root does not: evicting the data
	 * file needs no root */
	bool keep_caches = !e->plan.drop_caches;
	struct fsb_plan_reqs reqs;
	int rc;

	fsb_plan_reqs(&e->plan, &reqs);
	if (e->plan.drop_caches && !reqs.drop_caches) {
		e->plan.drop_caches = false;
		fsb_events_log(e->ev, "not root: the page cache will not be dropped between phases");
	}
	fsb_engine_activity(e, "preparing workloads", false);
	fsb_workload_init(&e->wl, e->plan.cfg, e->prof);
	collect_needs(e, &needs);
	rc = fsb_workload_provide(&e->wl, e->plan.cfg, e->prof, &needs, e->plan.make_deb, &e->cancel,
				  log_line, e);
	fsb_strv_free(&needs);
	if (rc == -ECANCELED)
		return rc;
	e->res->workload = fsb_xstrdup(e->wl.describe);
	if (e->wl.generated) {
		struct fsb_tree_spec spec;
		struct fsb_tree_info ti;

		/* make's progress counts compiled units against this */
		fsb_workload_tree_spec(e->prof, &spec);
		if (fsb_treegen_stats(&spec, &ti) == 0)
			e->units_total = ti.units;
	}
	rc = fsb_synth_params_from_profile(e->prof, fsb_sysinfo_ram_bytes(), &e->synth, err);
	if (rc)
		return rc;
	e->synth.keep_caches = keep_caches;
	e->mnt = fsb_xasprintf("%s/fsbench-mnt.XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp");
	if (!mkdtemp(e->mnt)) {
		rc = fsb_err_set(err, -errno, "cannot create a mount point %s: %s", e->mnt, strerror(errno));
		free(e->mnt);
		e->mnt = NULL;
		return rc;
	}
	fsb_target_note(e, "mnt", e->mnt, NULL);
	return rc;
}

/* How the run ended (rc, err): the status and its line, the result file's
 * last write, the log closed, FSB_EV_DONE posted. */
static void finish(struct fsb_engine *e, int rc, const struct fsb_err *err)
{
	struct fsb_event done = { .kind = FSB_EV_DONE, .fs_index = -1, .phase_index = -1 };

	if (e->result_lost.code) {
		e->status = FSB_ENGINE_ERROR;	/* the message is rescue_result()'s */
	} else if (cancelled(e)) {
		e->status = FSB_ENGINE_CANCELLED;
		snprintf(e->msg, sizeof(e->msg), "interrupted; the finished phases are in %s", e->plan.output);
	} else if (rc) {
		if (e->status == FSB_ENGINE_OK)
			e->status = FSB_ENGINE_ERROR;
		snprintf(e->msg, sizeof(e->msg), "%s", err->msg);
	} else if (e->any_failed) {
		e->status = FSB_ENGINE_PHASE_FAILED;
		snprintf(e->msg, sizeof(e->msg), "some phases failed; see %s", e->res->log ? e->res->log : "the log");
	}
	if (e->res) {
		char ts[32];

		e->res->finished = fsb_xstrdup(fsb_iso_time(ts, sizeof(ts)));
		e->res->status = e->status == FSB_ENGINE_CANCELLED ? FSB_RESULT_INTERRUPTED
				 : e->status == FSB_ENGINE_OK || e->status == FSB_ENGINE_PHASE_FAILED
					 ? FSB_RESULT_COMPLETE : FSB_RESULT_FAILED;
		/* a run that never reached its target leaves no result file */
		if (e->target_ready)
			post_result(e);
		if (e->result_lost.code) {	/* also when only the last write failed */
			rescue_result(e);
			e->status = FSB_ENGINE_ERROR;
			e->output_failed = true;
		}
	}
	if (e->log_fd >= 0)
		close(e->log_fd);
	e->log_fd = -1;
	e->prog.running = false;
	fsb_engine_activity(e, "done", false);
	done.status = (int)e->status;
	done.text = fsb_xstrdup(e->msg);
	fsb_run_init(&done.run);
	fsb_events_post(e->ev, &done);
}

static void *engine_main(void *arg)
{
	struct fsb_engine *e = arg;
	struct fsb_err err = { 0 };
	int rc;

	e->res = fsb_result_new();
	if (e->plan.target == FSB_TARGET_DEVICE) {
		/* the claim before anything else: a refused device costs nothing and
		 * leaves nothing behind, not even a log or a result file */
		rc = fsb_target_setup_device(e, &err);
		if (!rc && e->plan.dry_run)
			rc = fsb_target_dry_run(e, &err);
		if (rc || e->plan.dry_run)
			goto out;
	}
	init_result(e);
	e->prog.nfs = (int)e->plan.fs.n;
	e->prog.nphases = (int)e->plan.phases.n;
	e->prog.fs_index = e->prog.phase_index = -1;
	e->prog.phase_left = -1;
	e->phase_expected = NAN;
	/* an ETA from the first second: earlier runs, else nominal figures */
	eta_priors(e);
	eta_update(e, -1, 0);
	fsb_events_set_progress(e->ev, &e->prog);
	eta_log(e, "at the start");
	e->prog.background = -1;

	rc = open_log(e, &err);
	e->output_failed = rc != 0;
	if (!rc)
		rc = prepare(e, &err);
	if (rc)
		goto out;
	/* settle mode judges after every round with the earlier sessions of
	 * the plan next to its result, as show will (model/history.h): once
	 * the workload is known, which is part of the plan */
	if (e->settle) {
		struct fsb_err herr = { 0 };

		fsb_history_load(e->res, e->plan.output, &e->history, &herr);
		fsb_err_clear(&herr);
		if (e->history.n)
			fsb_events_log(e->ev, "judged with %zu earlier run%s of this plan on this machine (%s)",
				       e->history.n, e->history.n == 1 ? "" : "s", e->history.dir);
	}
	switch (e->plan.target) {
	case FSB_TARGET_IMAGE:
		rc = fsb_target_setup_image(e, &err);
		break;
	case FSB_TARGET_DIR:
		rc = fsb_target_setup_dir(e, &err);
		break;
	case FSB_TARGET_DEVICE:
		rc = 0;	/* claimed first thing */
		break;
	}
	if (rc)
		goto out;
	e->prog.nfs = (int)e->plan.fs.n;
	e->target_ready = true;
	quiet_check(e);
	post_result(e);
	if (effective_order(&e->plan) == FSB_ORDER_SEQUENTIAL) {
		run_sequential(e);
	} else {
		run_slots(e);
	}
	if (e->stop.code) {
		/* refused from here on: exit status 3, like a refusal at the start */
		fsb_events_log(e->ev, "the phases that finished before the stop are in %s", e->plan.output);
		e->status = FSB_ENGINE_REFUSED;
		err = e->stop;
		rc = e->stop.code;
	}
out:
	if (!e->stop.code)
		fsb_engine_fsck_tidy(e);
	fsb_target_teardown(e);
	finish(e, rc, &err);
	return NULL;
}

int fsb_engine_start(const struct fsb_plan *plan, struct fsb_events *events,
		     struct fsb_engine **out, struct fsb_err *err)
{
	struct fsb_engine *e = fsb_xcalloc(1, sizeof(*e));
	int rc;

	fsb_plan_copy(&e->plan, plan);
	e->prof = fsb_config_profile(plan->cfg, plan->profile);
	e->ev = events;
	e->log_fd = -1;
	e->loop.fd = e->jloop.fd = -1;
	atomic_init(&e->cancel, false);
	atomic_init(&e->finish, false);
	e->t_start = fsb_now();
	e->settle = fsb_plan_settles(&e->plan);
	e->budget = fsb_plan_budget(&e->plan);
	e->rounds = effective_order(&e->plan) == FSB_ORDER_ROUNDS && plan_reps(&e->plan) > 1;
	e->stall_planned = fsb_plan_stall_round(&e->plan);
	if (!e->prof || !e->plan.output) {
		fsb_plan_clear(&e->plan);
		free(e);
		return fsb_err_set(err, -EINVAL, "the plan was not validated");
	}
	rc = pthread_create(&e->thread, NULL, engine_main, e);
	if (rc) {
		fsb_plan_clear(&e->plan);
		free(e);
		return fsb_err_set(err, -rc, "cannot start the engine thread: %s", strerror(rc));
	}
	e->started = true;
	*out = e;
	return 0;
}

void fsb_engine_cancel(struct fsb_engine *e)
{
	atomic_store(&e->cancel, true);
}

int fsb_engine_finish_round(struct fsb_engine *e)
{
	if (!e->rounds)
		return -EOPNOTSUPP;
	atomic_store(&e->finish, true);
	return 0;
}

enum fsb_engine_status fsb_engine_wait(struct fsb_engine *e, const char **msg)
{
	if (e->started) {
		pthread_join(e->thread, NULL);
		e->started = false;
	}
	if (msg)
		*msg = e->msg;
	return e->status;
}

const char *fsb_engine_output(const struct fsb_engine *e)
{
	return e->plan.output;
}

bool fsb_engine_output_failed(const struct fsb_engine *e)
{
	return e->status == FSB_ENGINE_ERROR && e->output_failed;
}

void fsb_engine_free(struct fsb_engine *e)
{
	if (!e)
		return;
	fsb_engine_cancel(e);
	fsb_engine_wait(e, NULL);
	fsb_result_free(e->res);
	fsb_history_free(&e->history);
	fsb_workload_free(&e->wl);
	fsb_eta_free(&e->eta);
	for (size_t i = 0; i < FSB_ARRAY_SIZE(e->disks); i++)
		free(e->disks[i]);
	free(e->dev);
	free(e->journal);
	fsb_plan_clear(&e->plan);
	free(e);
}
