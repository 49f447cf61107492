/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result model (model/result.h): run fields and metrics, series, runs,
 * a result's allocation, copy and release, finding and adding its
 * filesystems, phases and runs, the limits of a result file.  The file
 * itself is result_write.c (the writer) and result_lex.c with
 * result_read.c (the reader); result_int.h is what they share with this.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/result_int.h"
#include "model/grid.h"

const struct fsb_field_info fsb_fields[FSB_FIELD_COUNT] = {
#define FSB_X(name, unit, desc) [FSB_FIELD_##name] = { #name, unit, desc },
	FSB_RUN_FIELDS(FSB_X)
#undef FSB_X
};

int fsb_field_lookup(const char *name)
{
	for (int i = 0; i < FSB_FIELD_COUNT; i++)
		if (strcmp(fsb_fields[i].name, name) == 0)
			return i;
	return -1;
}

static const char *const run_status_names[] = {
	[FSB_RUN_OK] = "ok",
	[FSB_RUN_FAILED] = "failed",
	[FSB_RUN_INTERRUPTED] = "interrupted",
};

/* A status's word and its parse, from its table of words in enum order. */
#define STATUS_WORDS(type, fn, names)                                             \
	const char *fsb_##fn##_name(enum type st)                                 \
	{                                                                         \
		return names[st];                                                 \
	}                                                                         \
	int fsb_##fn##_parse(const char *s, enum type *st)                        \
	{                                                                         \
		int i = fsb_name_index(names, FSB_ARRAY_SIZE(names), s);          \
		if (i < 0)                                                        \
			return -EINVAL;                                           \
		*st = (enum type)i;                                               \
		return 0;                                                         \
	}
STATUS_WORDS(fsb_run_status, run_status, run_status_names)

const char *const fsb_result_ended_names[FSB_RESULT_ENDED_COUNT] = { "settled", "budget", "cap", "stopped" };

const char *const fsb_probe_mode_names[FSB_PROBE_MODE_COUNT] = {
	[FSB_PROBE_ROUND] = "round",
	[FSB_PROBE_BESIDE] = "beside",
	[FSB_PROBE_OFF] = "off",
};

int fsb_probe_mode_parse(const char *s, enum fsb_probe_mode *m)
{
	int i = fsb_name_index(fsb_probe_mode_names, FSB_PROBE_MODE_COUNT, s);

	if (i < 0)
		return -EINVAL;
	*m = (enum fsb_probe_mode)i;
	return 0;
}

static const char *const result_status_names[] = {
	[FSB_RESULT_RUNNING] = "running",
	[FSB_RESULT_COMPLETE] = "complete",
	[FSB_RESULT_INTERRUPTED] = "interrupted",
	[FSB_RESULT_FAILED] = "failed",
};

STATUS_WORDS(fsb_result_status, result_status, result_status_names)

static const char *const fs_status_names[] = {
	[FSB_FS_OK] = "ok",
	[FSB_FS_UNAVAILABLE] = "unavailable",
	[FSB_FS_FAILED] = "failed",
};

static const char *const phase_status_names[] = {
	[FSB_PHASE_OK] = "ok",
	[FSB_PHASE_UNAVAILABLE] = "unavailable",
};

#define WORDS(names) { names, FSB_ARRAY_SIZE(names) }
const struct fsb_res_words fsb_res_run_status = WORDS(run_status_names),
	fsb_res_result_status = WORDS(result_status_names), fsb_res_fs_status = WORDS(fs_status_names),
	fsb_res_phase_status = WORDS(phase_status_names);
#undef WORDS

static const char *const metric_names[FSB_METRIC_COUNT] = {
	[FSB_METRIC_USR] = "usr",
	[FSB_METRIC_SYS] = "sys",
	[FSB_METRIC_SYNC] = "sync",
	[FSB_METRIC_DEAD] = "dead",
	[FSB_METRIC_REAL] = "real",
	[FSB_METRIC_RATE] = "rate",
	[FSB_METRIC_CPU] = "cpu",
	[FSB_METRIC_WRITTEN] = "written",
	[FSB_METRIC_SAVED] = "saved",
	[FSB_METRIC_WAMP] = "wamp",
	[FSB_METRIC_STALL_P50] = "stall-p50",
	[FSB_METRIC_STALL_P99] = "stall-p99",
	[FSB_METRIC_STALL_MAX] = "stall-max",
};

const char *fsb_metric_name(enum fsb_metric m)
{
	return metric_names[m];
}

int fsb_metric_parse(const char *s, enum fsb_metric *m)
{
	int i = fsb_name_index(metric_names, FSB_METRIC_COUNT, s);

	if (i < 0 && strcmp(s, "user") == 0)
		i = FSB_METRIC_USR;
	if (i < 0)
		return -EINVAL;
	*m = (enum fsb_metric)i;
	return 0;
}

static const enum fsb_metric metric_choices[] = {
	FSB_METRIC_DEAD, FSB_METRIC_REAL, FSB_METRIC_USR, FSB_METRIC_SYS, FSB_METRIC_SYNC,
};

const enum fsb_metric *fsb_metric_choices(size_t *n)
{
	*n = FSB_ARRAY_SIZE(metric_choices);
	return metric_choices;
}

bool fsb_metric_is_choice(enum fsb_metric m)
{
	for (size_t i = 0; i < FSB_ARRAY_SIZE(metric_choices); i++)
		if (metric_choices[i] == m)
			return true;
	return false;
}

void fsb_metric_choices_say(char *buf, size_t len)
{
	size_t n = FSB_ARRAY_SIZE(metric_choices), at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
				       metric_names[metric_choices[i]]);
}

bool fsb_metric_higher_is_better(enum fsb_metric m)
{
	return m == FSB_METRIC_RATE;
}

double fsb_run_saved_kib(const struct fsb_run *r)
{
	const double *v = r->v;
	/* fs_out (ru_oublock) is the tree's write_bytes in 512 B blocks:
	 * what older files have, without the cancelled writes taken off */
	double saved = !isnan(v[FSB_FIELD_saved_kib]) ? v[FSB_FIELD_saved_kib] : v[FSB_FIELD_fs_out] / 2;

	if (isnan(saved) || saved < 0)
		return NAN;
	return saved + (v[FSB_FIELD_stall_written_kib] > 0 ? v[FSB_FIELD_stall_written_kib] : 0);
}

double fsb_run_metric(const struct fsb_run *r, enum fsb_metric m)
{
	const double *v = r->v;

	switch (m) {
	case FSB_METRIC_USR:
		return v[FSB_FIELD_user];
	case FSB_METRIC_SYS:
		return v[FSB_FIELD_sys];
	case FSB_METRIC_SYNC:
		return v[FSB_FIELD_sync];
	case FSB_METRIC_DEAD:
		return v[FSB_FIELD_real] - v[FSB_FIELD_user];
	case FSB_METRIC_REAL:
		return v[FSB_FIELD_real];
	case FSB_METRIC_RATE:
		return isnan(v[FSB_FIELD_kib_per_s]) ? v[FSB_FIELD_ops_per_s] : v[FSB_FIELD_kib_per_s];
	case FSB_METRIC_CPU:
		return v[FSB_FIELD_cpu_pct];
	case FSB_METRIC_WRITTEN:
		return v[FSB_FIELD_disk_written_kib];
	case FSB_METRIC_SAVED:
		return fsb_run_saved_kib(r);
	case FSB_METRIC_WAMP: {
		double saved = fsb_run_saved_kib(r);

		return saved >= FSB_WAMP_MIN_KIB && v[FSB_FIELD_disk_written_kib] >= 0
			? v[FSB_FIELD_disk_written_kib] / saved : NAN;
	}
	case FSB_METRIC_STALL_P50:
		return v[FSB_FIELD_stall_p50_us];
	case FSB_METRIC_STALL_P99:
		return v[FSB_FIELD_stall_p99_us];
	case FSB_METRIC_STALL_MAX:
		return v[FSB_FIELD_stall_max_us];
	case FSB_METRIC_COUNT:
		break;
	}
	return NAN;
}

const struct fsb_series_info fsb_series_infos[FSB_SERIES_COUNT] = {
#define FSB_X(name, unit, word, desc) [FSB_SERIES_##name] = { #name, unit, word, desc },
	FSB_SERIES_KINDS(FSB_X)
#undef FSB_X
};

struct fsb_series *fsb_series_new(double step)
{
	struct fsb_series *s = fsb_xcalloc(1, sizeof(*s));

	s->step = step;
	return s;
}

struct fsb_series *fsb_series_dup(const struct fsb_series *src)
{
	struct fsb_series *s;

	if (!src)
		return NULL;
	s = fsb_series_new(src->step);
	s->n = src->n;
	for (int k = 0; k < FSB_SERIES_COUNT; k++) {
		if (!src->v[k])
			continue;
		s->v[k] = fsb_xcalloc(src->n ? src->n : 1, sizeof(double));
		memcpy(s->v[k], src->v[k], src->n * sizeof(double));
	}
	return s;
}

void fsb_series_free(struct fsb_series *s)
{
	if (!s)
		return;
	for (int k = 0; k < FSB_SERIES_COUNT; k++)
		free(s->v[k]);
	free(s);
}

void fsb_series_push(struct fsb_series *s, const double *vals)
{
	for (int k = 0; k < FSB_SERIES_COUNT; k++) {
		s->v[k] = fsb_xrealloc(s->v[k], (s->n + 1) * sizeof(double));
		s->v[k][s->n] = vals[k];
	}
	s->n++;
}

void fsb_series_bound(struct fsb_series *s, size_t max)
{
	size_t group, m;

	if (!s || max == 0 || s->n <= max)
		return;
	group = (s->n + max - 1) / max;
	m = (s->n + group - 1) / group;
	for (int k = 0; k < FSB_SERIES_COUNT; k++) {
		if (!s->v[k])
			continue;
		for (size_t i = 0; i < m; i++) {
			double sum = 0;
			size_t c = 0;

			/* a rate averaged over the merged seconds is the rate of the longer step */
			for (size_t j = i * group; j < s->n && j < (i + 1) * group; j++)
				if (!isnan(s->v[k][j])) {
					sum += s->v[k][j];
					c++;
				}
			s->v[k][i] = c ? sum / (double)c : NAN;
		}
	}
	s->n = m;
	s->step *= (double)group;
}

void fsb_run_init(struct fsb_run *r)
{
	for (int i = 0; i < FSB_FIELD_COUNT; i++)
		r->v[i] = NAN;
	r->status = FSB_RUN_OK;
	r->exit_status = -1;
	r->error = NULL;
	r->not_measured = NULL;
	r->series = NULL;
	r->top = NULL;
	r->disturbed = NULL;
	r->implausible = NULL;
}

void fsb_run_copy(struct fsb_run *dst, const struct fsb_run *src)
{
	*dst = *src;
	dst->error = fsb_xstrdup(src->error);
	dst->not_measured = fsb_xstrdup(src->not_measured);
	dst->series = fsb_series_dup(src->series);
	dst->top = fsb_xstrdup(src->top);
	dst->disturbed = fsb_xstrdup(src->disturbed);
	dst->implausible = fsb_xstrdup(src->implausible);
}

void fsb_run_clear(struct fsb_run *r)
{
	free(r->error);
	free(r->not_measured);
	fsb_series_free(r->series);
	free(r->top);
	free(r->disturbed);
	free(r->implausible);
	fsb_run_init(r);
}

/* ---- names seen (duplicates, counts) in linear time ---- */

/* ---- model ------------------------------------------------------------- */

struct fsb_result *fsb_result_new(void)
{
	struct fsb_result *res = fsb_xcalloc(1, sizeof(*res));

	res->format = FSB_RESULT_FORMAT;
	res->repeat = 1;
	res->order_seed = -1;
	res->host.cores = -1;
	res->host.ram_mib = -1;
	res->target.size_mib = -1;
	res->session_sd = NAN;
	res->probe = -1;
	res->ended = FSB_ENDED_NONE;
	res->target.kind = FSB_TARGET_KIND_NONE;
	return res;
}

void fsb_result_changed(struct fsb_result *res)
{
	if (res)
		res->gen++;
}

static void phase_free(struct fsb_phase_result *ph)
{
	for (size_t i = 0; i < ph->nruns; i++)
		fsb_run_clear(&ph->runs[i]);
	free(ph->runs);
	for (size_t i = 0; i < ph->nstall_runs; i++)
		fsb_run_clear(&ph->stall_runs[i]);
	free(ph->stall_runs);
	free(ph->name);
	free(ph->label);
	free(ph->command);
	free(ph->reason);
	free(ph);
}

static void fs_free(struct fsb_fs_result *fs)
{
	for (size_t i = 0; i < fs->nphases; i++)
		phase_free(fs->phases[i]);
	free(fs->phases);
	free(fs->name);
	free(fs->type);
	free(fs->mkfs);
	free(fs->mkfs_version);
	free(fs->mount_options);
	free(fs->description);
	free(fs->uuid);
	free(fs->error);
	fsb_secs_free(&fs->mkfs_s);
	fsb_secs_free(&fs->mount_s);
	fsb_secs_free(&fs->umount_s);
	fsb_secs_free(&fs->fsck_s);
	free(fs->fsck);
	free(fs->fsck_data);
	free(fs);
}

void fsb_secs_add(struct fsb_secs *s, double x)
{
	s->v = fsb_xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	s->v[s->n++] = x;
}

void fsb_secs_free(struct fsb_secs *s)
{
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

double fsb_secs_mean(const struct fsb_secs *s)
{
	double sum = 0;

	for (size_t i = 0; i < s->n; i++)
		sum += s->v[i];
	return s->n ? sum / (double)s->n : NAN;
}

static void secs_copy(struct fsb_secs *dst, const struct fsb_secs *src)
{
	for (size_t i = 0; i < src->n; i++)
		fsb_secs_add(dst, src->v[i]);
}

/* "2026-12-01T13:43:49Z" as seconds since the epoch, or NAN. */
static double iso_seconds(const char *s)
{
	struct tm tm = { 0 };
	const char *end;

	if (!s)
		return NAN;
	end = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!end || (*end && strcmp(end, "Z")))
		return NAN;
	return (double)timegm(&tm);
}

double fsb_result_bookkeeping(const struct fsb_result *res, double *wall, double *real_sum)
{
	double w = iso_seconds(res->finished) - iso_seconds(res->started), sum = 0;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++)
				if (!isnan(ph->runs[k].v[FSB_FIELD_real]))
					sum += ph->runs[k].v[FSB_FIELD_real];
			/* the stall round's phases are no bookkeeping either */
			for (size_t k = 0; k < ph->nstall_runs; k++)
				if (!isnan(ph->stall_runs[k].v[FSB_FIELD_real]))
					sum += ph->stall_runs[k].v[FSB_FIELD_real];
		}
	if (wall)
		*wall = w;
	if (real_sum)
		*real_sum = sum;
	if (isnan(w) || w < 1)
		return NAN;
	/* whole-second stamps: a share below 0 is rounding, not negative work */
	return sum >= w ? 0 : (w - sum) / w;
}

void fsb_result_free(struct fsb_result *res)
{
	if (!res)
		return;
	fsb_grid_free(res);
	for (size_t i = 0; i < res->nfs; i++)
		fs_free(res->fs[i]);
	free(res->fs);
	free(res->tool);
	free(res->started);
	free(res->finished);
	free(res->baseline);
	free(res->profile);
	free(res->command);
	free(res->workload);
	free(res->title);
	free(res->log);
	free(res->source_tool);
	free(res->source_version);
	fsb_strv_free(&res->phase_order);
	free(res->order);
	free(res->quiet);
	free(res->use);
	free(res->host.hostname);
	free(res->host.kernel);
	free(res->host.cpu);
	free(res->host.distro);
	free(res->host.virt);
	fsb_strv_free(&res->host.versions);
	free(res->target.path);
	free(res->target.device);
	free(res->target.model);
	free(res->target.serial);
	free(res->target.fstype);
	free(res->target.fstype_from);
	fsb_strv_free(&res->target.reasons);
	free(res->path);
	free(res);
}

static void strv_copy(struct fsb_strv *dst, const struct fsb_strv *src)
{
	for (size_t i = 0; i < src->n; i++)
		fsb_strv_add(dst, src->v[i]);
}

void fsb_phase_copy(struct fsb_phase_result *ph, const struct fsb_phase_result *sp)
{
	ph->label = fsb_xstrdup(sp->label);
	ph->kind = sp->kind;
	ph->command = fsb_xstrdup(sp->command);
	ph->status = sp->status;
	ph->reason = fsb_xstrdup(sp->reason);
	ph->auto_target_reps = sp->auto_target_reps;
	ph->auto_converged = sp->auto_converged;
	ph->measured_cv = sp->measured_cv;
	ph->session_cv = sp->session_cv;
	for (size_t k = 0; k < sp->nruns; k++)
		fsb_phase_add_run(ph, &sp->runs[k]);
	for (size_t k = 0; k < sp->nstall_runs; k++)
		fsb_phase_add_stall_run(ph, &sp->stall_runs[k]);
}

/* A copy of filesystem sf and its phases, added to res. */
static void fs_copy(struct fsb_result *res, const struct fsb_fs_result *sf)
{
	struct fsb_fs_result *fs = fsb_result_add_fs(res, sf->name);

	fs->type = fsb_xstrdup(sf->type);
	fs->mkfs = fsb_xstrdup(sf->mkfs);
	fs->mkfs_version = fsb_xstrdup(sf->mkfs_version);
	fs->mount_options = fsb_xstrdup(sf->mount_options);
	fs->description = fsb_xstrdup(sf->description);
	fs->uuid = fsb_xstrdup(sf->uuid);
	fs->status = sf->status;
	fs->error = fsb_xstrdup(sf->error);
	secs_copy(&fs->mkfs_s, &sf->mkfs_s);
	secs_copy(&fs->mount_s, &sf->mount_s);
	secs_copy(&fs->umount_s, &sf->umount_s);
	secs_copy(&fs->fsck_s, &sf->fsck_s);
	fs->fsck = fsb_xstrdup(sf->fsck);
	fs->fsck_data = fsb_xstrdup(sf->fsck_data);
	for (size_t j = 0; j < sf->nphases; j++)
		fsb_phase_copy(fsb_fs_add_phase(fs, sf->phases[j]->name), sf->phases[j]);
}

struct fsb_result *fsb_result_dup(const struct fsb_result *src)
{
	struct fsb_result *res = fsb_result_new();

	res->format = src->format;
	res->tool = fsb_xstrdup(src->tool);
	res->started = fsb_xstrdup(src->started);
	res->finished = fsb_xstrdup(src->finished);
	res->status = src->status;
	res->baseline = fsb_xstrdup(src->baseline);
	res->profile = fsb_xstrdup(src->profile);
	res->command = fsb_xstrdup(src->command);
	res->workload = fsb_xstrdup(src->workload);
	res->title = fsb_xstrdup(src->title);
	res->log = fsb_xstrdup(src->log);
	res->source_tool = fsb_xstrdup(src->source_tool);
	res->source_version = fsb_xstrdup(src->source_version);
	res->repeat = src->repeat;
	strv_copy(&res->phase_order, &src->phase_order);
	res->order = fsb_xstrdup(src->order);
	res->order_seed = src->order_seed;
	res->quiet = fsb_xstrdup(src->quiet);
	res->rounds = src->rounds;
	res->budget_s = src->budget_s;
	res->ended = src->ended;
	res->looks = src->looks;
	res->session_sd = src->session_sd;
	res->use = fsb_xstrdup(src->use);
	res->needs = src->needs;
	res->probe = src->probe;
	res->host.hostname = fsb_xstrdup(src->host.hostname);
	res->host.kernel = fsb_xstrdup(src->host.kernel);
	res->host.cpu = fsb_xstrdup(src->host.cpu);
	res->host.distro = fsb_xstrdup(src->host.distro);
	res->host.virt = fsb_xstrdup(src->host.virt);
	res->host.cores = src->host.cores;
	res->host.ram_mib = src->host.ram_mib;
	strv_copy(&res->host.versions, &src->host.versions);
	res->target.kind = src->target.kind;
	res->target.path = fsb_xstrdup(src->target.path);
	res->target.device = fsb_xstrdup(src->target.device);
	res->target.size_mib = src->target.size_mib;
	res->target.model = fsb_xstrdup(src->target.model);
	res->target.serial = fsb_xstrdup(src->target.serial);
	res->target.fstype = fsb_xstrdup(src->target.fstype);
	res->target.fstype_from = fsb_xstrdup(src->target.fstype_from);
	strv_copy(&res->target.reasons, &src->target.reasons);
	res->path = fsb_xstrdup(src->path);
	for (size_t i = 0; i < src->nfs; i++)
		fs_copy(res, src->fs[i]);
	fsb_result_grid(res);	/* a snapshot is read, never changed: its index now */
	return res;
}

struct fsb_fs_result *fsb_result_find_fs(const struct fsb_result *res, const char *name)
{
	return fsb_named_find((void *const *)res->fs, res->nfs, name);
}

struct fsb_phase_result *fsb_fs_find_phase(const struct fsb_fs_result *fs, const char *name)
{
	return fsb_named_find((void *const *)fs->phases, fs->nphases, name);
}

struct fsb_fs_result *fsb_result_add_fs(struct fsb_result *res, const char *name)
{
	bool created;
	struct fsb_fs_result *fs = fsb_named_get((void ***)&res->fs, &res->nfs, sizeof(**res->fs), name, &created);

	if (created) {
		fs->owner = res;
		fsb_result_changed(res);
	}
	return fs;
}

void fsb_res_phase_init(struct fsb_phase_result *ph, struct fsb_fs_result *fs)
{
	ph->kind = FSB_PHASE_KIND_NONE;
	ph->auto_target_reps = -1;
	ph->measured_cv = ph->session_cv = NAN;
	ph->owner = fs;
}

struct fsb_phase_result *fsb_fs_add_phase(struct fsb_fs_result *fs, const char *name)
{
	bool created;
	struct fsb_phase_result *ph = fsb_named_get((void ***)&fs->phases, &fs->nphases, sizeof(**fs->phases),
						    name, &created);

	if (created) {
		fsb_res_phase_init(ph, fs);
		fsb_result_changed(fs->owner);
	}
	return ph;
}

/* The result that holds ph, or NULL (a phase of no result). */
static struct fsb_result *owner_of(const struct fsb_phase_result *ph)
{
	return ph->owner ? ph->owner->owner : NULL;
}

struct fsb_run *fsb_phase_add_run(struct fsb_phase_result *ph, const struct fsb_run *run)
{
	fsb_result_changed(owner_of(ph));
	ph->runs = fsb_xrealloc(ph->runs, (ph->nruns + 1) * sizeof(*ph->runs));
	fsb_run_copy(&ph->runs[ph->nruns], run);
	return &ph->runs[ph->nruns++];
}

struct fsb_run *fsb_phase_add_stall_run(struct fsb_phase_result *ph, const struct fsb_run *run)
{
	fsb_result_changed(owner_of(ph));
	ph->stall_runs = fsb_xrealloc(ph->stall_runs, (ph->nstall_runs + 1) * sizeof(*ph->stall_runs));
	fsb_run_copy(&ph->stall_runs[ph->nstall_runs], run);
	return &ph->stall_runs[ph->nstall_runs++];
}

bool fsb_result_has_stall_runs(const struct fsb_result *res)
{
	/* asked per filesystem by the tables: once per shape */
	return fsb_result_grid(res)->stall_runs;
}

/* Does a run of res hold the probe's saves (any of its stall fields)? */
static bool runs_have_saves(const struct fsb_result *res)
{
	static const enum fsb_field stall[] = { FSB_FIELD_stall_saves, FSB_FIELD_stall_p50_us, FSB_FIELD_stall_p99_us,
						FSB_FIELD_stall_max_us, FSB_FIELD_stall_written_kib };

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++)
				for (size_t f = 0; f < FSB_ARRAY_SIZE(stall); f++)
					if (!isnan(ph->runs[k].v[stall[f]]))
						return true;
		}
	return false;
}

enum fsb_probe_mode fsb_result_probe(const struct fsb_result *res)
{
	if (res->probe >= 0 && res->probe < FSB_PROBE_MODE_COUNT)
		return (enum fsb_probe_mode)res->probe;
	if (fsb_result_has_stall_runs(res))
		return FSB_PROBE_ROUND;
	return runs_have_saves(res) ? FSB_PROBE_BESIDE : FSB_PROBE_OFF;
}

bool fsb_result_repeated(const struct fsb_result *res)
{
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (res->fs[i]->phases[j]->nruns > 1)
				return true;
	return false;
}

bool fsb_result_auto_repeated(const struct fsb_result *res)
{
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (res->fs[i]->phases[j]->auto_target_reps >= 0)
				return true;
	return false;
}

void fsb_result_phases(const struct fsb_result *res, struct fsb_strv *sv)
{
	struct fsb_names seen = { 0 };

	/* a set, not fsb_strv_contains(): linear in the number of phases */
	for (size_t i = 0; i < sv->n; i++)
		fsb_names_add(&seen, sv->v[i], 1);
	for (size_t i = 0; i < res->phase_order.n; i++)
		if (!fsb_names_add(&seen, res->phase_order.v[i], 1))
			fsb_strv_add(sv, res->phase_order.v[i]);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (!fsb_names_add(&seen, res->fs[i]->phases[j]->name, 1))
				fsb_strv_add(sv, res->fs[i]->phases[j]->name);
	fsb_names_free(&seen);
}

/* What the reader refuses besides the limits: an empty filesystem or phase
 * name, a phase twice in the run's order, a baseline not in the file. */
static int check_names(const struct fsb_result *res, const char *what, struct fsb_err *err)
{
	struct fsb_names order = { 0 };
	/* no filesystem yet: a directory run's first write (result_read.c) */
	bool baseline = !res->baseline || !res->nfs;
	int rc = 0;

	for (size_t i = 0; !rc && i < res->nfs; i++) {
		baseline |= res->baseline && strcmp(res->fs[i]->name, res->baseline) == 0;
		if (!*res->fs[i]->name)
			rc = fsb_err_set(err, -EINVAL, "%s: a filesystem without a name", what);
		for (size_t j = 0; !rc && j < res->fs[i]->nphases; j++)
			if (!*res->fs[i]->phases[j]->name)
				rc = fsb_err_set(err, -EINVAL, "%s: %.40s: a phase without a name", what,
						 res->fs[i]->name);
	}
	for (size_t i = 0; !rc && i < res->phase_order.n; i++)
		if (fsb_names_add(&order, res->phase_order.v[i], 1))
			rc = fsb_err_set(err, -EINVAL, "%s: phase %.40s listed twice in the run's order", what,
					 res->phase_order.v[i]);
	if (!rc && !baseline)
		rc = fsb_err_set(err, -EINVAL, "%s: baseline %.40s: no such filesystem in the result", what,
				 res->baseline);
	fsb_names_free(&order);
	return rc;
}

int fsb_result_check_limits(const struct fsb_result *res, const char *what, struct fsb_err *err)
{
	struct fsb_names names = { 0 };
	size_t nphases = 0;
	int rc = 0;

	/* counted as the reader counts them */
	if (res->nfs > FSB_RESULT_MAX_FS)
		return fsb_err_set(err, -EINVAL, "%s: %zu filesystems: a result file holds at most %d", what, res->nfs,
				   FSB_RESULT_MAX_FS);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			if (ph->nruns > FSB_RESULT_MAX_RUNS || ph->nstall_runs > FSB_RESULT_MAX_RUNS) {
				bool stall = ph->nruns <= FSB_RESULT_MAX_RUNS;

				rc = fsb_err_set(err, -EINVAL, "%s: %.40s, %.40s: %zu %sruns: a result file holds at most %d "
						 "per phase", what, res->fs[i]->name, ph->name,
						 stall ? ph->nstall_runs : ph->nruns, stall ? "stall " : "", FSB_RESULT_MAX_RUNS);
				goto out;
			}
			if (!fsb_names_add(&names, ph->name, 1))
				nphases++;
		}
	if (nphases > FSB_RESULT_MAX_PHASES) {
		rc = fsb_err_set(err, -EINVAL, "%s: %zu phases: a result file holds at most %d", what, nphases,
				 FSB_RESULT_MAX_PHASES);
		goto out;
	}
	if (res->nfs * (nphases + res->phase_order.n) > FSB_RESULT_MAX_CELLS) {
		rc = fsb_err_set(err, -EINVAL, "%s: %zu filesystems with %zu phases: a result file holds at most %d "
				 "table cells", what, res->nfs, nphases, FSB_RESULT_MAX_CELLS);
		goto out;
	}
	rc = check_names(res, what, err);
out:
	fsb_names_free(&names);
	return rc;
}
