/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "model/result.h"
#include "model/cfgutil.h"
#include "model/grid.h"
#include "model/plaus.h"
#include "model/uses.h"

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
	for (size_t i = 0; i < src->nfs; i++) {
		const struct fsb_fs_result *sf = src->fs[i];
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
		for (size_t j = 0; j < sf->nphases; j++) {
			const struct fsb_phase_result *sp = sf->phases[j];
			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, sp->name);

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
	}
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

struct fsb_phase_result *fsb_fs_add_phase(struct fsb_fs_result *fs, const char *name)
{
	bool created;
	struct fsb_phase_result *ph = fsb_named_get((void ***)&fs->phases, &fs->nphases, sizeof(**fs->phases),
						    name, &created);

	if (created) {
		ph->kind = FSB_PHASE_KIND_NONE;
		ph->auto_target_reps = -1;
		ph->measured_cv = ph->session_cv = NAN;
		ph->owner = fs;
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
	if (res->nfs * (nphases + res->phase_order.n) > FSB_RESULT_MAX_CELLS)
		rc = fsb_err_set(err, -EINVAL, "%s: %zu filesystems with %zu phases: a result file holds at most %d "
				 "table cells", what, res->nfs, nphases, FSB_RESULT_MAX_CELLS);
out:
	fsb_names_free(&names);
	return rc;
}

/* ---- writing ------------------------------------------------------------- */

static void put_str(FILE *fp, int indent, const char *key, const char *val)
{
	if (!val)
		return;
	fprintf(fp, "%*s%s = ", indent, "", key);
	fsb_cfg_print_quoted(fp, val);
	fputc('\n', fp);
}

static void put_strv(FILE *fp, int indent, const char *key, const struct fsb_strv *sv)
{
	if (!sv->n)
		return;
	fprintf(fp, "%*s%s = {", indent, "", key);
	for (size_t i = 0; i < sv->n; i++) {
		fputs(i ? ",\n" : "\n", fp);
		fprintf(fp, "%*s", indent + 4, "");
		fsb_cfg_print_quoted(fp, sv->v[i]);
	}
	fprintf(fp, "\n%*s}\n", indent, "");
}

/* %.17g round-trips every double; most values are short anyway. */
static void put_num(FILE *fp, const char *key, double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fprintf(fp, " %s = %s", key, buf);
}

/* Four significant digits: enough for a chart and a min/median/max, and
 * 600 samples stay a few KiB. */
static void put_series(FILE *fp, const struct fsb_series *s)
{
	if (!s || !s->n)
		return;
	fprintf(fp, "        series_step = %g\n", s->step);
	for (int k = 0; k < FSB_SERIES_COUNT; k++) {
		if (!s->v[k])
			continue;
		fprintf(fp, "        series_%s = \"", fsb_series_infos[k].name);
		for (size_t i = 0; i < s->n; i++) {
			if (isnan(s->v[k][i]))
				fprintf(fp, "%s-", i ? "," : "");
			else if (s->v[k][i] >= 1000)	/* whole numbers, never 3.6e+05 */
				fprintf(fp, "%s%.0f", i ? "," : "", s->v[k][i]);
			else
				fprintf(fp, "%s%.4g", i ? "," : "", s->v[k][i]);
		}
		fputs("\"\n", fp);
	}
}

/* mkfs_seconds = {0.52, 0.49}: nothing when nothing was recorded */
static void put_secs(FILE *fp, const char *key, const struct fsb_secs *s)
{
	if (!s->n)
		return;
	fprintf(fp, "  %s = {", key);
	for (size_t i = 0; i < s->n; i++)
		fprintf(fp, "%s%.3f", i ? ", " : "", s->v[i]);
	fputs("}\n", fp);
}

/* section: "run", or "stall_run" for a run of the stall round */
static void put_run(FILE *fp, const char *section, const struct fsb_run *r)
{
	int col = 0;

	fprintf(fp, "      %s {", section);
	for (int i = 0; i < FSB_FIELD_COUNT; i++) {
		if (isnan(r->v[i]))
			continue;
		if (col && col % 4 == 0)
			fputs("\n           ", fp);
		put_num(fp, fsb_fields[i].name, r->v[i]);
		col++;
	}
	fputc('\n', fp);
	fprintf(fp, "        status = \"%s\"\n", fsb_run_status_name(r->status));
	if (r->exit_status >= 0)
		fprintf(fp, "        exit_status = %d\n", r->exit_status);
	put_str(fp, 8, "error", r->error);
	put_str(fp, 8, "not_measured", r->not_measured);
	put_series(fp, r->series);
	put_str(fp, 8, "top", r->top);
	put_str(fp, 8, "disturbed", r->disturbed);
	put_str(fp, 8, "implausible", r->implausible);
	fputs("      }\n", fp);
}

/* A titled section's first line: `head "title" {` */
static void put_open(FILE *fp, const char *head, const char *title)
{
	fputs(head, fp);
	fsb_cfg_print_quoted(fp, title);
	fputs(" {\n", fp);
}

/* A filesystem's phase section, its runs, then its stall runs. */
static void put_phase(FILE *fp, const struct fsb_phase_result *ph)
{
	put_open(fp, "  phase ", ph->name);
	put_str(fp, 4, "label", ph->label);
	put_str(fp, 4, "kind", fsb_phase_kind_word(ph->kind));
	put_str(fp, 4, "command", ph->command);
	fprintf(fp, "    status = \"%s\"\n", phase_status_names[ph->status]);
	put_str(fp, 4, "reason", ph->reason);
	if (ph->auto_target_reps >= 0)
		fprintf(fp, "    auto_repeats = %d\n    auto_converged = %s\n", ph->auto_target_reps,
			ph->auto_converged ? "true" : "false");
	if (!isnan(ph->measured_cv)) {
		fputs("   ", fp);
		put_num(fp, "measured_cv", ph->measured_cv);
		fputc('\n', fp);
	}
	if (!isnan(ph->session_cv)) {
		fputs("   ", fp);
		put_num(fp, "session_cv", ph->session_cv);
		fputc('\n', fp);
	}
	for (size_t k = 0; k < ph->nruns; k++)
		put_run(fp, "run", &ph->runs[k]);
	for (size_t k = 0; k < ph->nstall_runs; k++)
		put_run(fp, "stall_run", &ph->stall_runs[k]);
	fputs("  }\n", fp);
}

/* The host and target sections. */
static void put_host_target(FILE *fp, const struct fsb_result *res)
{
	fputs("host {\n", fp);
	put_str(fp, 2, "hostname", res->host.hostname);
	put_str(fp, 2, "kernel", res->host.kernel);
	put_str(fp, 2, "cpu", res->host.cpu);
	put_str(fp, 2, "distro", res->host.distro);
	if (res->host.cores >= 0)
		fprintf(fp, "  cores = %ld\n", res->host.cores);
	if (res->host.ram_mib >= 0)
		fprintf(fp, "  ram_mib = %ld\n", res->host.ram_mib);
	put_strv(fp, 2, "versions", &res->host.versions);
	put_str(fp, 2, "virt", res->host.virt);
	fputs("}\n", fp);

	fputs("target {\n", fp);
	put_str(fp, 2, "kind", fsb_target_kind_word(res->target.kind));
	put_str(fp, 2, "path", res->target.path);
	put_str(fp, 2, "device", res->target.device);
	if (res->target.size_mib >= 0)
		fprintf(fp, "  size_mib = %lld\n", res->target.size_mib);
	put_str(fp, 2, "model", res->target.model);
	put_str(fp, 2, "serial", res->target.serial);
	put_str(fp, 2, "fstype", res->target.fstype);
	put_str(fp, 2, "fstype_from", res->target.fstype_from);
	put_strv(fp, 2, "reasons", &res->target.reasons);
	fputs("}\n", fp);
}

int fsb_result_print(const struct fsb_result *res, FILE *fp)
{
	fprintf(fp, "# fsbench result file (libconfuse syntax); see fsbench(1)\n");
	fprintf(fp, "format = %d\n", res->format);
	put_str(fp, 0, "tool", res->tool);
	put_str(fp, 0, "title", res->title);
	put_str(fp, 0, "started", res->started);
	put_str(fp, 0, "finished", res->finished);
	fprintf(fp, "status = \"%s\"\n", fsb_result_status_name(res->status));
	put_str(fp, 0, "baseline", res->baseline);
	put_str(fp, 0, "profile", res->profile);
	put_str(fp, 0, "command", res->command);
	put_str(fp, 0, "workload", res->workload);
	put_str(fp, 0, "log", res->log);
	put_str(fp, 0, "source_tool", res->source_tool);
	put_str(fp, 0, "source_version", res->source_version);
	fprintf(fp, "repeat = %ld\n", res->repeat);
	put_strv(fp, 0, "phases", &res->phase_order);
	put_str(fp, 0, "order", res->order);
	if (res->order_seed >= 0)
		fprintf(fp, "order_seed = %lld\n", res->order_seed);
	put_str(fp, 0, "quiet", res->quiet);
	if (res->rounds > 0)
		fprintf(fp, "rounds = %ld\n", res->rounds);
	if (res->budget_s > 0)
		fprintf(fp, "budget = %lld\n", res->budget_s);
	put_str(fp, 0, "ended", res->ended == FSB_ENDED_NONE ? NULL : fsb_result_ended_names[res->ended]);
	if (res->looks > 0)
		fprintf(fp, "looks = %ld\n", res->looks);
	if (!isnan(res->session_sd)) {
		put_num(fp, "session_sd", res->session_sd);
		fputc('\n', fp);
	}
	if (res->probe >= 0 && res->probe < FSB_PROBE_MODE_COUNT)
		put_str(fp, 0, "probe", fsb_probe_mode_names[res->probe]);
	put_str(fp, 0, "use", res->use);
	if (res->needs) {
		struct fsb_strv sv = { 0 };
		char *s = fsb_needs_format(res->needs);

		fsb_strv_split(&sv, s, ',');
		put_strv(fp, 0, "needs", &sv);
		fsb_strv_free(&sv);
		free(s);
	}

	put_host_target(fp, res);

	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		put_open(fp, "filesystem ", fs->name);
		put_str(fp, 2, "type", fs->type);
		put_str(fp, 2, "description", fs->description);
		put_str(fp, 2, "mkfs", fs->mkfs);
		put_str(fp, 2, "mkfs_version", fs->mkfs_version);
		put_str(fp, 2, "mount_options", fs->mount_options);
		put_str(fp, 2, "uuid", fs->uuid);
		fprintf(fp, "  status = \"%s\"\n", fs_status_names[fs->status]);
		put_str(fp, 2, "error", fs->error);
		put_secs(fp, "mkfs_seconds", &fs->mkfs_s);
		put_secs(fp, "mount_seconds", &fs->mount_s);
		put_secs(fp, "umount_seconds", &fs->umount_s);
		put_str(fp, 2, "fsck", fs->fsck);
		put_secs(fp, "fsck_seconds", &fs->fsck_s);
		put_str(fp, 2, "fsck_data", fs->fsck_data);
		for (size_t j = 0; j < fs->nphases; j++)
			put_phase(fp, fs->phases[j]);
		fputs("}\n", fp);
	}
	return ferror(fp) ? -EIO : 0;
}

int fsb_result_write(const struct fsb_result *res, const char *path, struct fsb_err *err)
{
	char *tmp = NULL;
	FILE *fp = NULL;
	int fd, rc = fsb_result_check_limits(res, path, err);

	if (rc)
		return rc;
	tmp = fsb_xasprintf("%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		rc = fsb_err_set(err, -errno, "cannot create %s: %s", tmp, strerror(errno));
		goto out;
	}
	fchmod(fd, 0644);
	fp = fdopen(fd, "w");
	if (!fp) {
		rc = fsb_err_set(err, -errno, "%s: %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		goto out;
	}
	rc = fsb_result_print(res, fp);
	if (!rc && fflush(fp))
		rc = -errno;
	if (!rc && ftello(fp) > FSB_RESULT_MAX_BYTES) {
		fclose(fp);
		unlink(tmp);
		rc = fsb_err_set(err, -EINVAL, "%s: would be larger than %d MiB: a result file holds at most that",
				 path, FSB_RESULT_MAX_BYTES >> 20);
		goto out;
	}
	if (!rc && fsync(fileno(fp)))
		rc = -errno;
	if (fclose(fp) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc) {
		fsb_err_set(err, rc, "cannot write result file %s: %s", path, strerror(-rc));
		unlink(tmp);
	}
out:
	free(tmp);
	return rc;
}

/* ---- reading ------------------------------------------------------------- *
 *
 * Result files travel between machines and the browser reads every file in
 * the results directory, so this reader is written for hostile input: its
 * own parser of the libconfuse syntax the writer produces (libconfuse needs
 * hundreds of bytes per option of every section and is quadratic in the
 * number of sections), one pass over the text, memory a small multiple of
 * the file, every value range-checked, the first problem reported as one
 * "FILE:LINE: …" line.  The grammar: # // and slash-star comments; "…" strings
 * with \n \t \r \b \f \a \e \" \' \\ \$ \xHH \ooo escapes and '…' strings
 * with \' \\; bare words; key = value, key = { v, … }, key [title] { … }.
 * ${…} is never expanded: a result holds what was measured, not this
 * machine's environment.
 */

enum tok_type { T_EOF, T_LBRACE, T_RBRACE, T_EQ, T_COMMA, T_STR, T_WORD, T_ERR };

struct tok {
	enum tok_type type;
	int line;
	struct fsb_buf s;        /* the text of T_STR / T_WORD */
};

struct reader {
	const char *p, *end;
	int line;
	const char *name;        /* file name for messages */
	struct fsb_err *err;
	struct tok t;            /* the current token */
	size_t nphases;          /* distinct phase names so far */
	struct fsb_names phases;   /* to count them */
};

static int rd_error(struct reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int rd_error(struct reader *rd, int line, const char *fmt, ...)
{
	char text[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (line > 0)
		return fsb_err_set(rd->err, -EINVAL, "%s:%d: %s", rd->name, line, text);
	return fsb_err_set(rd->err, -EINVAL, "%s: %s", rd->name, text);
}

/* A token's text for a message: at most 40 characters (the message is made
 * visible by fsb_err_set). */
static const char *shown(const struct tok *t, char *buf, size_t len)
{
	switch (t->type) {
	case T_EOF:
		return "the end of the file";
	case T_LBRACE:
		return "'{'";
	case T_RBRACE:
		return "'}'";
	case T_EQ:
		return "'='";
	case T_COMMA:
		return "','";
	default:
		break;
	}
	snprintf(buf, len, "\"%.40s%s\"", t->s.s ? t->s.s : "", t->s.len > 40 ? "…" : "");
	return buf;
}

static bool word_char(unsigned char c)
{
	return c > ' ' && c != 0x7f && !strchr("{}=,\"'#", c);
}

static int lex_escape(struct reader *rd, struct fsb_buf *b)
{
	static const char from[] = "ntrbfae\"'\\$", to[] = "\n\t\r\b\f\a\033\"'\\$";
	const char *e;
	unsigned v = 0;
	int n = 0;
	char c;

	if (rd->p >= rd->end)
		return 0;
	c = *rd->p++;
	if ((e = strchr(from, c)) && c) {
		fsb_buf_addn(b, &to[e - from], 1);
		return 0;
	}
	if (c == 'x') {
		while (n < 2 && rd->p < rd->end && isxdigit((unsigned char)*rd->p)) {
			v = v * 16 + (unsigned)(isdigit((unsigned char)*rd->p) ? *rd->p - '0'
						 : tolower((unsigned char)*rd->p) - 'a' + 10);
			rd->p++, n++;
		}
		if (!n) {
			fsb_buf_add(b, "x");
			return 0;
		}
	} else if (c >= '0' && c <= '7') {
		v = (unsigned)(c - '0');
		while (++n < 3 && rd->p < rd->end && *rd->p >= '0' && *rd->p <= '7')
			v = v * 8 + (unsigned)(*rd->p++ - '0');
		if (v > 0xff)
			return rd_error(rd, rd->line, "\\%o is not a byte", v);
	} else {
		if (c == '\n')
			rd->line++;
		fsb_buf_addn(b, &c, 1);
		return 0;
	}
	if (!v)
		return rd_error(rd, rd->line, "a NUL byte (\\0) inside a string");
	c = (char)v;
	fsb_buf_addn(b, &c, 1);
	return 0;
}

/* The next token into rd->t; T_ERR with err set on a lexical error. */
static enum tok_type lex(struct reader *rd)
{
	struct tok *t = &rd->t;

	t->s.len = 0;
	if (t->s.s)
		t->s.s[0] = '\0';
	for (;;) {
		while (rd->p < rd->end && isspace((unsigned char)*rd->p))
			rd->line += *rd->p++ == '\n';
		if (rd->p >= rd->end)
			break;
		if (*rd->p == '#' || (*rd->p == '/' && rd->p + 1 < rd->end && rd->p[1] == '/')) {
			while (rd->p < rd->end && *rd->p != '\n')
				rd->p++;
		} else if (*rd->p == '/' && rd->p + 1 < rd->end && rd->p[1] == '*') {
			int start = rd->line;

			for (rd->p += 2; rd->p + 1 < rd->end && !(rd->p[0] == '*' && rd->p[1] == '/'); rd->p++)
				rd->line += *rd->p == '\n';
			if (rd->p + 1 >= rd->end) {
				rd_error(rd, start, "a comment is never closed");
				return t->type = T_ERR;
			}
			rd->p += 2;
		} else {
			break;
		}
	}
	t->line = rd->line;
	if (rd->p >= rd->end)
		return t->type = T_EOF;
	switch (*rd->p) {
	case '{':
		rd->p++;
		return t->type = T_LBRACE;
	case '}':
		rd->p++;
		return t->type = T_RBRACE;
	case '=':
		rd->p++;
		return t->type = T_EQ;
	case ',':
		rd->p++;
		return t->type = T_COMMA;
	case '"':
	case '\'': {
		char q = *rd->p++;

		fsb_buf_add(&t->s, "");
		while (rd->p < rd->end && *rd->p != q) {
			const char *run = rd->p;

			/* copy plain stretches at once: linear, not per byte */
			while (rd->p < rd->end && *rd->p != q && *rd->p != '\\')
				rd->line += *rd->p++ == '\n';
			fsb_buf_addn(&t->s, run, (size_t)(rd->p - run));
			if (rd->p < rd->end && *rd->p == '\\') {
				rd->p++;
				if (q == '"') {
					if (lex_escape(rd, &t->s))
						return t->type = T_ERR;
				} else if (rd->p < rd->end && (*rd->p == '\'' || *rd->p == '\\')) {
					fsb_buf_addn(&t->s, rd->p++, 1);
				} else {
					fsb_buf_add(&t->s, "\\");
				}
			}
		}
		if (rd->p >= rd->end) {
			rd_error(rd, t->line, "a string is never closed (the file ends inside it: truncated?)");
			return t->type = T_ERR;
		}
		rd->p++;
		return t->type = T_STR;
	}
	default:
		break;
	}
	if (!word_char((unsigned char)*rd->p)) {
		rd_error(rd, t->line, "unexpected character \"%c\" (byte 0x%02x)", *rd->p, (unsigned char)*rd->p);
		return t->type = T_ERR;
	}
	{
		const char *start = rd->p;

		while (rd->p < rd->end && word_char((unsigned char)*rd->p))
			rd->p++;
		fsb_buf_addn(&t->s, start, (size_t)(rd->p - start));
	}
	return t->type = T_WORD;
}

/* ---- values ---- */

static int expect_value(struct reader *rd, const char *key)
{
	char b[64];

	if (lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type != T_STR && rd->t.type != T_WORD)
		return rd_error(rd, rd->t.line, "%s = needs a value, not %s", key, shown(&rd->t, b, sizeof(b)));
	return 0;
}

static int get_str(struct reader *rd, const char *key, char **dst)
{
	int rc = expect_value(rd, key);

	if (rc)
		return rc;
	free(*dst);
	*dst = fsb_xstrdup(rd->t.s.s);
	return 0;
}

/* An integer in [lo, hi]: the value must fit its field, never cut by a cast. */
static int get_int(struct reader *rd, const char *key, long long lo, long long hi, long long *out)
{
	int rc = expect_value(rd, key);
	char *end;
	long long v;

	if (rc)
		return rc;
	errno = 0;
	v = strtoll(rd->t.s.s, &end, 10);
	if (!*rd->t.s.s || *end || errno)
		return rd_error(rd, rd->t.line, "%s = %.40s is not a whole number", key, rd->t.s.s);
	if (v < lo || v > hi)
		return rd_error(rd, rd->t.line, "%s = %lld is out of range (%lld to %lld)", key, v, lo, hi);
	*out = v;
	return 0;
}

/* get_int() into a long (hi at most LONG_MAX) */
static int get_long(struct reader *rd, const char *key, long long lo, long long hi, long *out)
{
	long long v;
	int rc = get_int(rd, key, lo, hi, &v);

	if (!rc)
		*out = (long)v;
	return rc;
}

static int get_bool(struct reader *rd, const char *key, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on" }, *const no[] = { "false", "no", "off" };
	int rc = expect_value(rd, key);

	if (rc)
		return rc;
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(rd->t.s.s, yes[i]) == 0)
			return *out = true, 0;
		if (strcasecmp(rd->t.s.s, no[i]) == 0)
			return *out = false, 0;
	}
	return rd_error(rd, rd->t.line, "%s = %.40s is not true or false", key, rd->t.s.s);
}

/* A measurement: finite and >= 0. */
static int get_measurement(struct reader *rd, const char *key, double *out)
{
	int rc = expect_value(rd, key);
	char *end;
	double v;

	if (rc)
		return rc;
	v = strtod(rd->t.s.s, &end);
	if (!*rd->t.s.s || *end || !isfinite(v) || v < 0)
		return rd_error(rd, rd->t.line, "%s = %.40s is not a valid measurement (a finite number >= 0)", key,
				rd->t.s.s);
	*out = v;
	return 0;
}

static int get_enum(struct reader *rd, const char *key, const char *const *names, size_t n, int *out)
{
	int rc = expect_value(rd, key);
	struct fsb_buf b = { 0 };
	int i;

	if (rc)
		return rc;
	i = fsb_name_index(names, n, rd->t.s.s);
	if (i >= 0) {
		*out = i;
		return 0;
	}
	for (size_t k = 0; k < n; k++)
		fsb_buf_addf(&b, "%s%s", k ? ", " : "", names[k]);
	rc = rd_error(rd, rd->t.line, "%s = \"%.40s\": expected one of %s", key, rd->t.s.s, b.s);
	fsb_buf_free(&b);
	return rc;
}

#define MAX_LIST 1000

/* key = "a" or key = { "a", "b", … } */
static int get_list(struct reader *rd, const char *key, struct fsb_strv *sv)
{
	char b[64];

	if (lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type == T_STR || rd->t.type == T_WORD) {
		fsb_strv_add(sv, rd->t.s.s);
		return 0;
	}
	if (rd->t.type != T_LBRACE)
		return rd_error(rd, rd->t.line, "%s = needs a value or a { … } list, not %s", key,
				shown(&rd->t, b, sizeof(b)));
	for (;;) {
		if (lex(rd) == T_ERR)
			return -EINVAL;
		if (rd->t.type == T_RBRACE)
			return 0;
		if (rd->t.type != T_STR && rd->t.type != T_WORD)
			return rd_error(rd, rd->t.line, "list %s: expected a value, not %s", key,
					shown(&rd->t, b, sizeof(b)));
		/* lists are read back with fsb_strv_contains(): keep them short */
		if (sv->n >= MAX_LIST)
			return rd_error(rd, rd->t.line, "list %s has more than %d entries", key, MAX_LIST);
		fsb_strv_add(sv, rd->t.s.s);
		if (lex(rd) == T_ERR)
			return -EINVAL;
		if (rd->t.type == T_RBRACE)
			return 0;
		if (rd->t.type != T_COMMA)
			return rd_error(rd, rd->t.line, "list %s: expected ',' or '}', not %s", key,
					shown(&rd->t, b, sizeof(b)));
	}
}

/* Grow an array one element at a time in amortized constant time: the
 * capacity is the next power of two of the count. */
static void *grow(void *v, size_t n, size_t size)
{
	if (n == 0 || (n & (n - 1)) == 0)
		v = fsb_xrealloc(v, (n ? 2 * n : 1) * size);
	return v;
}

/* ---- sections ---- */

/* the limits of result.h, one set for the reader and the writer */
#define MAX_FILESYSTEMS FSB_RESULT_MAX_FS
#define MAX_PHASES FSB_RESULT_MAX_PHASES
#define MAX_CELLS FSB_RESULT_MAX_CELLS
#define MAX_RUNS FSB_RESULT_MAX_RUNS

/* A statement's head: key, then '=' or [title] '{'.  Returns 1 for '=',
 * 2 for a section (title in *title or NULL), 0 at the end of the body. */
struct head {
	char *key, *title;
	int line;
};

static void head_free(struct head *h)
{
	free(h->key);
	free(h->title);
	memset(h, 0, sizeof(*h));
}

static int read_head(struct reader *rd, struct head *h, int open_line, int *kind)
{
	char b[64];

	head_free(h);
	if (lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type == T_EOF) {
		if (open_line)
			return rd_error(rd, open_line, "'{' is never closed (the file ends inside a section: truncated?)");
		*kind = 0;
		return 0;
	}
	if (rd->t.type == T_RBRACE) {
		if (!open_line)
			return rd_error(rd, rd->t.line, "unexpected closing brace '}' (no section is open)");
		*kind = 0;
		return 0;
	}
	if (rd->t.type != T_WORD)
		return rd_error(rd, rd->t.line, "expected an option name, not %s", shown(&rd->t, b, sizeof(b)));
	h->key = fsb_xstrdup(rd->t.s.s);
	h->line = rd->t.line;
	if (lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type == T_EQ) {
		*kind = 1;
		return 0;
	}
	if (rd->t.type == T_STR || rd->t.type == T_WORD) {
		h->title = fsb_xstrdup(rd->t.s.s);
		if (lex(rd) == T_ERR)
			return -EINVAL;
	}
	if (rd->t.type != T_LBRACE)
		return rd_error(rd, rd->t.line, "%s: expected '=' or '{', not %s", h->key, shown(&rd->t, b, sizeof(b)));
	*kind = 2;
	return 0;
}

/* Each option at most once per section: a second "status" or a second host
 * section is an error, never silently merged. */
static int once(struct reader *rd, const struct head *h, const char *const *keys, int *seen, size_t n, int *idx)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(keys[i], h->key) == 0) {
			if (seen[i])
				return rd_error(rd, h->line, "%s is given twice (first on line %d)", h->key, seen[i]);
			seen[i] = h->line;
			*idx = (int)i;
			return 0;
		}
	*idx = -1;
	return 0;
}

static int unknown(struct reader *rd, const struct head *h, int kind, const char *where)
{
	return rd_error(rd, h->line, "no such %s '%.40s' in %s", kind == 2 ? "section" : "option", h->key, where);
}

static int want(struct reader *rd, const struct head *h, int kind, int need, bool titled)
{
	if (kind != need)
		return rd_error(rd, h->line, need == 2 ? "%s must be a section: %s { … }" : "%s must be an option: %s = …",
				h->key, h->key);
	if (need == 2 && titled != !!h->title)
		return rd_error(rd, h->line, titled ? "%s needs a name: %s \"name\" { … }" : "%s takes no name: %s { … }",
				h->key, h->key);
	return 0;
}

/* once() and unknown() together: h's key is one of keys[n], given for the
 * first time in this section (where, for the message); its index in *idx */
static int key_once(struct reader *rd, const struct head *h, int kind, const char *const *keys, int *seen,
		    size_t n, const char *where, int *idx)
{
	int rc = once(rd, h, keys, seen, n, idx);

	if (!rc && *idx < 0)
		rc = unknown(rd, h, kind, where);
	return rc;
}

/* key_once() for a key that must be an option (key = value) */
static int option_once(struct reader *rd, const struct head *h, int kind, const char *const *keys, int *seen,
		       size_t n, const char *where, int *idx)
{
	int rc = key_once(rd, h, kind, keys, seen, n, where, idx);

	return rc ? rc : want(rd, h, kind, 1, false);
}

/* One series string: numbers >= 0 (or "-", not measured) separated by
 * commas.  Returns how many, or -1 with why filled in. */
static long parse_series(const char *text, double **out, char *why, size_t len)
{
	const char *p = text;
	size_t n = 0;

	*out = NULL;
	while (*p) {
		char *end;
		double v;

		if (*p == '-' && (p[1] == ',' || !p[1])) {
			v = NAN;
			end = (char *)p + 1;
		} else {
			errno = 0;
			v = strtod(p, &end);
			if (end == p || errno || !isfinite(v) || v < 0) {
				snprintf(why, len, "\"%.20s\" is not a number >= 0 (sample %zu)", p, n + 1);
				goto bad;
			}
		}
		*out = fsb_xrealloc(*out, (n + 1) * sizeof(double));
		(*out)[n++] = v;
		if (*end == ',' && end[1]) {
			end++;
		} else if (*end) {
			snprintf(why, len, "expected a comma after sample %zu", n);
			goto bad;
		}
		p = end;
	}
	return (long)n;
bad:
	free(*out);
	*out = NULL;
	return -1;
}

/* A run's series_step or series_KIND (doc/result-format.md), into *ser:
 * every kind of a run has the same number of samples. */
static int read_series_key(struct reader *rd, const struct head *h, struct fsb_series **ser)
{
	char *text = NULL, why[96];
	double *v = NULL;
	long n;
	int k, rc;

	if (!*ser)
		*ser = fsb_series_new(1.0);
	if (strcmp(h->key, "series_step") == 0) {
		double step;

		rc = get_measurement(rd, h->key, &step);
		if (!rc && !(step > 0))
			rc = rd_error(rd, h->line, "series_step = %g is not a number of seconds > 0", step);
		if (!rc)
			(*ser)->step = step;
		return rc;
	}
	for (k = 0; k < FSB_SERIES_COUNT && strcmp(h->key + 7, fsb_series_infos[k].name); k++)
		;
	if (k == FSB_SERIES_COUNT)
		return rd_error(rd, h->line, "unknown option \"%.40s\" in a run", h->key);
	if ((*ser)->v[k])
		return rd_error(rd, h->line, "%s is given twice", h->key);
	if ((rc = get_str(rd, h->key, &text)))
		return rc;
	n = parse_series(text, &v, why, sizeof(why));
	free(text);
	if (n < 0)
		return rd_error(rd, h->line, "%s: %s", h->key, why);
	for (int j = 0; j < FSB_SERIES_COUNT; j++)
		if ((*ser)->v[j] && (long)(*ser)->n != n) {
			free(v);
			return rd_error(rd, h->line, "%s has %ld samples, the other series %zu", h->key, n, (*ser)->n);
		}
	(*ser)->v[k] = v ? v : fsb_xcalloc(1, sizeof(double));
	(*ser)->n = (size_t)n;
	return 0;
}

static int read_run(struct reader *rd, int open_line, struct fsb_run *r)
{
	struct fsb_series *ser = NULL;
	static const char *const keys[] = { "status", "exit_status", "error", "not_measured", "top", "disturbed",
					    "implausible" };
	int seen[FSB_ARRAY_SIZE(keys)] = { 0 }, fseen[FSB_FIELD_COUNT] = { 0 };
	struct head h = { 0 };
	int kind, rc, idx = -1;

	fsb_run_init(r);
	for (;;) {
		rc = read_head(rd, &h, open_line, &kind);
		if (rc || !kind)
			break;
		if (strncmp(h.key, "series_", 7) == 0) {
			if ((rc = want(rd, &h, kind, 1, false)) || (rc = read_series_key(rd, &h, &ser)))
				break;
			continue;
		}
		idx = fsb_field_lookup(h.key);
		if (idx >= 0) {
			if ((rc = want(rd, &h, kind, 1, false)))
				break;
			if (fseen[idx]) {
				rc = rd_error(rd, h.line, "%s is given twice (first on line %d)", h.key, fseen[idx]);
				break;
			}
			fseen[idx] = h.line;
			if ((rc = get_measurement(rd, h.key, &r->v[idx])))
				break;
			continue;
		}
		if ((rc = option_once(rd, &h, kind, keys, seen, FSB_ARRAY_SIZE(keys), "a run", &idx)))
			break;
		if (idx == 0) {
			int st;

			if ((rc = get_enum(rd, h.key, run_status_names, FSB_ARRAY_SIZE(run_status_names), &st)))
				break;
			r->status = (enum fsb_run_status)st;
		} else if (idx == 1) {
			long long v;

			if ((rc = get_int(rd, h.key, -1, INT_MAX, &v)))
				break;
			r->exit_status = (int)v;
		} else if (idx == 6) {
			unsigned flags;

			if ((rc = get_str(rd, h.key, &r->implausible)))
				break;
			if (fsb_plaus_parse(r->implausible, &flags)) {
				rc = rd_error(rd, h.line, "implausible = \"%.40s\": expected words among %s, separated by commas",
					      r->implausible, FSB_PLAUS_WORDS);
				break;
			}
		} else {
			char **dst[] = { NULL, NULL, &r->error, &r->not_measured, &r->top, &r->disturbed };

			if ((rc = get_str(rd, h.key, dst[idx])))
				break;
		}
	}
	head_free(&h);
	if (!rc && ser && ser->n) {
		r->series = ser;
		ser = NULL;
	}
	fsb_series_free(ser);
	if (rc)
		fsb_run_clear(r);
	return rc;
}

static int read_phase(struct reader *rd, int open_line, struct fsb_phase_result *ph)
{
	static const char *const keys[] = { "label", "kind", "command", "status", "reason", "auto_repeats",
					    "auto_converged", "measured_cv", "session_cv" };
	int seen[FSB_ARRAY_SIZE(keys)] = { 0 };
	struct head h = { 0 };
	int kind, rc, idx = -1;

	for (;;) {
		rc = read_head(rd, &h, open_line, &kind);
		if (rc || !kind)
			break;
		if (strcmp(h.key, "run") == 0 || strcmp(h.key, "stall_run") == 0) {
			bool stall = h.key[0] == 's';
			struct fsb_run **v = stall ? &ph->stall_runs : &ph->runs;
			size_t *n = stall ? &ph->nstall_runs : &ph->nruns;

			if ((rc = want(rd, &h, kind, 2, false)))
				break;
			if (*n >= MAX_RUNS) {
				rc = rd_error(rd, h.line, "phase \"%.40s\" has more than %d %sruns", ph->name, MAX_RUNS,
					      stall ? "stall " : "");
				break;
			}
			*v = grow(*v, *n, sizeof(**v));
			if ((rc = read_run(rd, h.line, &(*v)[*n])))
				break;
			(*n)++;
			continue;
		}
		if ((rc = option_once(rd, &h, kind, keys, seen, FSB_ARRAY_SIZE(keys), "a phase", &idx)))
			break;
		switch (idx) {
		case 0:
			rc = get_str(rd, h.key, &ph->label);
			break;
		case 1: {
			int k = 0;

			if (!(rc = get_enum(rd, h.key, fsb_phase_kind_words, FSB_PHASE_KIND_COUNT, &k)))
				ph->kind = (enum fsb_phase_kind)k;
			break;
		}
		case 2:
			rc = get_str(rd, h.key, &ph->command);
			break;
		case 3: {
			int st = 0;

			rc = get_enum(rd, h.key, phase_status_names, FSB_ARRAY_SIZE(phase_status_names), &st);
			ph->status = (enum fsb_phase_status)st;
			break;
		}
		case 4:
			rc = get_str(rd, h.key, &ph->reason);
			break;
		case 5: {
			long long v = -1;

			rc = get_int(rd, h.key, -1, INT_MAX, &v);
			ph->auto_target_reps = (int)v;
			break;
		}
		case 7:
			rc = get_measurement(rd, h.key, &ph->measured_cv);
			break;
		case 8:
			rc = get_measurement(rd, h.key, &ph->session_cv);
			break;
		default:
			rc = get_bool(rd, h.key, &ph->auto_converged);
			break;
		}
		if (rc)
			break;
	}
	head_free(&h);
	return rc;
}

/* mkfs_seconds = {0.52, 0.49}: durations, one per repetition */
static int get_secs(struct reader *rd, const char *key, struct fsb_secs *out)
{
	struct fsb_strv sv = { 0 };
	int rc = get_list(rd, key, &sv);

	for (size_t i = 0; !rc && i < sv.n; i++) {
		char *end;
		double x = strtod(sv.v[i], &end);

		if (!*sv.v[i] || *end || !isfinite(x) || x < 0)
			rc = rd_error(rd, rd->t.line, "%s: %.40s is not a duration in seconds", key, sv.v[i]);
		else
			fsb_secs_add(out, x);
	}
	fsb_strv_free(&sv);
	return rc;
}

static int read_fs(struct reader *rd, int open_line, struct fsb_fs_result *fs)
{
	static const char *const keys[] = { "type", "description", "mkfs", "mkfs_version", "mount_options",
					    "uuid", "status", "error", "mkfs_seconds", "mount_seconds",
					    "umount_seconds", "fsck_seconds", "fsck", "fsck_data" };
	int seen[FSB_ARRAY_SIZE(keys)] = { 0 };
	struct fsb_names names = { 0 };
	struct head h = { 0 };
	int kind, rc, idx = -1;

	for (;;) {
		rc = read_head(rd, &h, open_line, &kind);
		if (rc || !kind)
			break;
		if (strcmp(h.key, "phase") == 0) {
			struct fsb_phase_result *ph;
			int first;

			if ((rc = want(rd, &h, kind, 2, true)))
				break;
			if (!fsb_names_add(&rd->phases, h.title, h.line)) {
				/* the set borrows: keep the name alive in the result */
				if (++rd->nphases > MAX_PHASES) {
					rc = rd_error(rd, h.line, "more than %d different phases", MAX_PHASES);
					break;
				}
			}
			ph = fsb_xcalloc(1, sizeof(*ph));
			ph->name = h.title;
			h.title = NULL;
			ph->owner = fs;
			ph->kind = FSB_PHASE_KIND_NONE;
			ph->auto_target_reps = -1;
			ph->measured_cv = ph->session_cv = NAN;
			fs->phases = grow(fs->phases, fs->nphases, sizeof(*fs->phases));
			fs->phases[fs->nphases++] = ph;
			first = (int)fsb_names_add(&names, ph->name, h.line);
			if (first) {
				rc = rd_error(rd, h.line, "duplicate phase \"%.40s\" in filesystem \"%.40s\" (first on line %d)",
					      ph->name, fs->name, first);
				break;
			}
			if ((rc = read_phase(rd, h.line, ph)))
				break;
			continue;
		}
		if ((rc = option_once(rd, &h, kind, keys, seen, FSB_ARRAY_SIZE(keys), "a filesystem", &idx)))
			break;
		if (idx == 6) {
			int st = 0;

			rc = get_enum(rd, h.key, fs_status_names, FSB_ARRAY_SIZE(fs_status_names), &st);
			fs->status = (enum fsb_fs_status)st;
		} else if (idx >= 8 && idx <= 11) {
			struct fsb_secs *dst[] = { &fs->mkfs_s, &fs->mount_s, &fs->umount_s, &fs->fsck_s };

			rc = get_secs(rd, h.key, dst[idx - 8]);
		} else {
			char **dst[] = { &fs->type, &fs->description, &fs->mkfs, &fs->mkfs_version,
					 &fs->mount_options, &fs->uuid, NULL, &fs->error,
					 NULL, NULL, NULL, NULL, &fs->fsck, &fs->fsck_data };

			rc = get_str(rd, h.key, dst[idx]);
		}
		if (rc)
			break;
	}
	head_free(&h);
	fsb_names_free(&names);
	return rc;
}

/* A section whose keys are all options (key = value), each at most once:
 * every key is checked (option_once) and its value read by one(). */
static int read_options(struct reader *rd, int open_line, const char *const *keys, size_t n, const char *where,
			int (*one)(struct reader *rd, const struct head *h, int idx, void *arg), void *arg)
{
	int seen[16] = { 0 };
	struct head h = { 0 };
	int kind, rc, idx = -1;

	assert(n <= FSB_ARRAY_SIZE(seen));
	for (;;) {
		rc = read_head(rd, &h, open_line, &kind);
		if (rc || !kind)
			break;
		if ((rc = option_once(rd, &h, kind, keys, seen, n, where, &idx)) || (rc = one(rd, &h, idx, arg)))
			break;
	}
	head_free(&h);
	return rc;
}

static const char *const host_keys[] = { "hostname", "kernel", "cpu", "distro", "cores", "ram_mib", "versions",
					 "virt" };

static int host_value(struct reader *rd, const struct head *h, int idx, void *arg)
{
	struct fsb_host *host = arg;

	if (idx < 4) {
		char **dst[] = { &host->hostname, &host->kernel, &host->cpu, &host->distro };

		return get_str(rd, h->key, dst[idx]);
	}
	if (idx < 6)
		return get_long(rd, h->key, -1, INT_MAX, idx == 4 ? &host->cores : &host->ram_mib);
	if (idx == 6)
		return get_list(rd, h->key, &host->versions);
	return get_str(rd, h->key, &host->virt);
}

static const char *const target_keys[] = { "kind", "path", "device", "size_mib", "model", "serial", "fstype",
					   "reasons", "fstype_from" };

static int target_value(struct reader *rd, const struct head *h, int idx, void *arg)
{
	struct fsb_target_info *tg = arg;
	char **dst[] = { NULL, &tg->path, &tg->device, NULL, &tg->model, &tg->serial, &tg->fstype,
			 NULL, &tg->fstype_from };
	int k = 0, rc;

	if (idx == 0) {
		if (!(rc = get_enum(rd, h->key, fsb_target_kind_words, FSB_TARGET_KIND_COUNT, &k)))
			tg->kind = (enum fsb_target_kind)k;
		return rc;
	}
	if (idx == 3)
		return get_int(rd, h->key, -1, LLONG_MAX / 2, &tg->size_mib);
	if (idx == 7)
		return get_list(rd, h->key, &tg->reasons);
	return get_str(rd, h->key, dst[idx]);
}

static int read_host(struct reader *rd, int open_line, struct fsb_host *host)
{
	return read_options(rd, open_line, host_keys, FSB_ARRAY_SIZE(host_keys), "host", host_value, host);
}

static int read_target(struct reader *rd, int open_line, struct fsb_target_info *tg)
{
	return read_options(rd, open_line, target_keys, FSB_ARRAY_SIZE(target_keys), "target", target_value, tg);
}

/* The value of the top-level key keys[idx] of read_top() into res. */
static int top_value(struct reader *rd, const struct head *h, int idx, struct fsb_result *res)
{
	int rc = 0;

	switch (idx) {
	case 0: {
		long long v;

		rc = get_int(rd, h->key, INT_MIN, INT_MAX, &v);
		if (!rc && v != FSB_RESULT_FORMAT)
			rc = rd_error(rd, h->line, "result format %lld is not supported (this fsbench reads format %d)",
				      v, FSB_RESULT_FORMAT);
		res->format = (int)v;
		break;
	}
	case 5: {
		int st = 0;

		rc = get_enum(rd, h->key, result_status_names, FSB_ARRAY_SIZE(result_status_names), &st);
		res->status = (enum fsb_result_status)st;
		break;
	}
	case 11:
		rc = get_long(rd, h->key, 1, INT_MAX, &res->repeat);
		break;
	case 12:
		rc = get_list(rd, h->key, &res->phase_order);
		break;
	case 18:
		rc = get_int(rd, h->key, -1, LLONG_MAX, &res->order_seed);
		break;
	case 20:
		rc = get_long(rd, h->key, 1, INT_MAX, &res->rounds);
		break;
	case 21:
		rc = get_int(rd, h->key, 1, 30LL * 24 * 3600, &res->budget_s);
		break;
	case 22: {
		int w = 0;

		rc = get_enum(rd, h->key, fsb_result_ended_names, FSB_RESULT_ENDED_COUNT, &w);
		if (!rc)
			res->ended = (enum fsb_result_ended)w;
		break;
	}
	case 23:
		rc = get_str(rd, h->key, &res->use);
		if (!rc && !fsb_use_find(res->use))
			rc = rd_error(rd, h->line, "use \"%.40s\": not a use fsbench knows (%s)", res->use,
				      fsb_use_names());
		break;
	case 24: {
		struct fsb_strv sv = { 0 };
		struct fsb_err e = { 0 };

		rc = get_list(rd, h->key, &sv);
		for (size_t i = 0; !rc && i < sv.n; i++) {
			unsigned bit;

			if (fsb_needs_parse(sv.v[i], &bit, &e))
				rc = rd_error(rd, h->line, "needs: %s", e.msg);
			else
				res->needs |= bit;
		}
		fsb_strv_free(&sv);
		break;
	}
	case 25:
		rc = get_long(rd, h->key, 1, INT_MAX, &res->looks);
		break;
	case 26:
		rc = get_measurement(rd, h->key, &res->session_sd);
		break;
	case 27: {
		int w = 0;

		rc = get_enum(rd, h->key, fsb_probe_mode_names, FSB_PROBE_MODE_COUNT, &w);
		if (!rc)
			res->probe = w;
		break;
	}
	case 13:
		rc = read_host(rd, h->line, &res->host);
		break;
	case 14:
		rc = read_target(rd, h->line, &res->target);
		break;
	default: {
		char **dst[] = { NULL, &res->tool, &res->title, &res->started, &res->finished, NULL,
				 &res->baseline, &res->profile, &res->command, &res->workload, &res->log,
				 NULL, NULL, NULL, NULL, &res->source_tool, &res->source_version, &res->order,
				 NULL, &res->quiet, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL };

		rc = get_str(rd, h->key, dst[idx]);
		break;
	}
	}
	return rc;
}

static int read_top(struct reader *rd, struct fsb_result *res)
{
	static const char *const keys[] = { "format", "tool", "title", "started", "finished", "status",
					    "baseline", "profile", "command", "workload", "log", "repeat",
					    "phases", "host", "target", "source_tool", "source_version", "order",
					    "order_seed", "quiet", "rounds", "budget", "ended", "use", "needs",
					    "looks", "session_sd", "probe" };
	int seen[FSB_ARRAY_SIZE(keys)] = { 0 };
	struct fsb_names names = { 0 };
	struct head h = { 0 };
	int kind, rc, idx = -1;

	for (;;) {
		rc = read_head(rd, &h, 0, &kind);
		if (rc || !kind)
			break;
		/* refuse anything else early, before reading a big foreign file */
		if (!seen[0] && strcmp(h.key, "format")) {
			rc = rd_error(rd, h.line, "\"%.40s\" before \"format = %d\": this is not an fsbench result file",
				      h.key, FSB_RESULT_FORMAT);
			break;
		}
		if (strcmp(h.key, "filesystem") == 0) {
			struct fsb_fs_result *fs;
			int first;

			if ((rc = want(rd, &h, kind, 2, true)))
				break;
			if (res->nfs >= MAX_FILESYSTEMS) {
				rc = rd_error(rd, h.line, "more than %d filesystems", MAX_FILESYSTEMS);
				break;
			}
			fs = fsb_xcalloc(1, sizeof(*fs));
			fs->name = h.title;
			fs->owner = res;
			h.title = NULL;
			res->fs = grow(res->fs, res->nfs, sizeof(*res->fs));
			res->fs[res->nfs++] = fs;
			first = (int)fsb_names_add(&names, fs->name, h.line);
			if (first) {
				rc = rd_error(rd, h.line, "duplicate filesystem \"%.40s\" (first on line %d)", fs->name, first);
				break;
			}
			if ((rc = read_fs(rd, h.line, fs)))
				break;
			continue;
		}
		if ((rc = key_once(rd, &h, kind, keys, seen, FSB_ARRAY_SIZE(keys), "a result file", &idx)))
			break;
		if ((rc = want(rd, &h, kind, idx == 13 || idx == 14 ? 2 : 1, false)))
			break;
		rc = top_value(rd, &h, idx, res);
		if (rc)
			break;
	}
	if (!rc && !seen[0])
		rc = rd_error(rd, 0, "no \"format = %d\" line: this is not an fsbench result file", FSB_RESULT_FORMAT);
	head_free(&h);
	fsb_names_free(&names);
	return rc;
}

int fsb_result_read_buf(const char *buf, size_t len, const char *name, struct fsb_result **out,
			struct fsb_err *err)
{
	struct reader rd = { .p = buf, .end = buf + len, .line = 1, .name = name, .err = err };
	struct fsb_result *res = fsb_result_new();
	const char *nul = memchr(buf, '\0', len);
	int rc;

	res->status = FSB_RESULT_COMPLETE;
	if (len > FSB_RESULT_MAX_BYTES) {
		rc = rd_error(&rd, 0, "%zu bytes: too large for a result file (at most %d MiB)", len,
			      FSB_RESULT_MAX_BYTES >> 20);
		goto out;
	}
	if (nul) {
		int line = 1;

		for (const char *p = buf; p < nul; p++)
			line += *p == '\n';
		rc = rd_error(&rd, line, "a NUL byte inside the text: not a result file (damaged?)");
		goto out;
	}
	rc = read_top(&rd, res);
	if (rc)
		goto out;
	/* every table has a row per filesystem and a column per phase */
	if (res->nfs * (rd.nphases + res->phase_order.n) > MAX_CELLS) {
		rc = rd_error(&rd, 0, "%zu filesystems with %zu phases: more than %d table cells", res->nfs,
			      rd.nphases, MAX_CELLS);
		goto out;
	}
	fsb_result_grid(res);	/* the tables' index, built once (model/grid.h) */
	*out = res;
	res = NULL;
out:
	fsb_buf_free(&rd.t.s);
	fsb_names_free(&rd.phases);
	fsb_result_free(res);
	return rc;
}

int fsb_result_read(const char *path, struct fsb_result **out, struct fsb_err *err)
{
	char *text = NULL;
	size_t len = 0;
	int rc = fsb_read_file_max(path, FSB_RESULT_MAX_BYTES, &text, &len);

	if (rc == -EFBIG)
		return fsb_err_set(err, -EINVAL, "%s: larger than %d MiB: too large for a result file", path,
				   FSB_RESULT_MAX_BYTES >> 20);
	if (rc == -EISDIR)
		return fsb_err_set(err, -EINVAL, "%s: a directory, not a result file", path);
	if (rc)
		return fsb_err_set(err, rc, "cannot read %s: %s", path, strerror(-rc));
	rc = fsb_result_read_buf(text, len, path, out, err);
	if (!rc)
		(*out)->path = fsb_xstrdup(path);
	free(text);
	return rc;
}
