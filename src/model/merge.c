/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/grid.h"
#include "model/merge.h"

static bool differ(const char *a, const char *b)
{
	return a && b && strcmp(a, b) != 0;
}

/* Two recorded kinds that are not the same (an unrecorded one differs from none). */
static bool kind_differs(enum fsb_phase_kind a, enum fsb_phase_kind b)
{
	return a != FSB_PHASE_KIND_NONE && b != FSB_PHASE_KIND_NONE && a != b;
}

static bool differ_empty(const char *a, const char *b)
{
	/* an absent option and an empty one mean the same */
	return strcmp(a ? a : "", b ? b : "") != 0;
}

static bool has_part(const char *s, const char *part, size_t len, const char *sep)
{
	size_t sl = strlen(sep);

	for (const char *p = s; p;) {
		const char *end = strstr(p, sep);
		size_t l = end ? (size_t)(end - p) : strlen(p);

		if (l == len && strncmp(p, part, len) == 0)
			return true;
		p = end ? end + sl : NULL;
	}
	return false;
}

/* Append each sep-separated part of add to *dst (joined with sep) unless
 * it is there already, so that merging a merged file adds nothing twice. */
static void join_distinct(char **dst, const char *add, const char *sep)
{
	size_t sl = strlen(sep);

	for (const char *p = add; p && *p;) {
		const char *end = strstr(p, sep);
		size_t l = end ? (size_t)(end - p) : strlen(p);

		if (l && !(*dst && has_part(*dst, p, l, sep))) {
			char *joined = fsb_xasprintf("%s%s%.*s", *dst ? *dst : "", *dst ? sep : "", (int)l, p);

			free(*dst);
			*dst = joined;
		}
		p = end ? end + sl : NULL;
	}
}

static void strv_union(struct fsb_strv *dst, const struct fsb_strv *src)
{
	for (size_t i = 0; i < src->n; i++)
		if (!fsb_strv_contains(dst, src->v[i]))
			fsb_strv_add(dst, src->v[i]);
}

/* The first phase of a that b lacks, or NULL. */
static const char *missing_phase(const struct fsb_strv *a, const struct fsb_strv *b)
{
	for (size_t i = 0; i < a->n; i++)
		if (!fsb_strv_contains(b, a->v[i]))
			return a->v[i];
	return NULL;
}

static const struct fsb_phase_result *any_phase(const struct fsb_result *res, const char *name)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], name);

		if (ph)
			return ph;
	}
	return NULL;
}

static int check_pair(const struct fsb_result *a, const char *la, const struct fsb_result *b, const char *lb,
		      struct fsb_err *err)
{
	struct fsb_strv pa = { 0 }, pb = { 0 };
	const char *miss;
	int rc = 0;

	if (a->started && b->started && strcmp(a->started, b->started) == 0 &&
	    !differ_empty(a->host.hostname, b->host.hostname))
		return fsb_err_set(err, -EINVAL, "%s and %s are the same run (started %s): merging would count it twice",
				   la, lb, a->started);
	fsb_result_phases(a, &pa);
	fsb_result_phases(b, &pb);
	if ((miss = missing_phase(&pa, &pb)) || (miss = missing_phase(&pb, &pa))) {
		bool in_a = fsb_strv_contains(&pa, miss);

		rc = fsb_err_set(err, -EINVAL, "not the same phases: %s has phase '%s', %s does not", in_a ? la : lb,
				 miss, in_a ? lb : la);
		goto out;
	}
	for (size_t j = 0; j < pa.n; j++) {
		const struct fsb_phase_result *x = any_phase(a, pa.v[j]), *y = any_phase(b, pa.v[j]);

		if (!x || !y)
			continue;
		if (kind_differs(x->kind, y->kind) || differ(x->command, y->command)) {
			bool k = kind_differs(x->kind, y->kind);

			rc = fsb_err_set(err, -EINVAL, "phase '%s' is not the same: '%s' in %s, '%s' in %s", pa.v[j],
					 k ? fsb_phase_kind_word(x->kind) : x->command, la,
					 k ? fsb_phase_kind_word(y->kind) : y->command, lb);
			goto out;
		}
	}
	if (differ(a->profile, b->profile)) {
		rc = fsb_err_set(err, -EINVAL, "not the same size profile: %s in %s, %s in %s", a->profile, la,
				 b->profile, lb);
		goto out;
	}
	if (differ(a->workload, b->workload)) {
		rc = fsb_err_set(err, -EINVAL, "not the same workload: '%s' in %s, '%s' in %s", a->workload, la,
				 b->workload, lb);
		goto out;
	}
#define HOST(field, what)                                                                                 \
	if (differ(a->host.field, b->host.field)) {                                                       \
		rc = fsb_err_set(err, -EINVAL, "not the same " what ": '%s' in %s, '%s' in %s (compare them " \
				 "with fsbench show instead)", a->host.field, la, b->host.field, lb);        \
		goto out;                                                                                 \
	}
	HOST(hostname, "host")
	HOST(kernel, "kernel")
	HOST(cpu, "CPU")
#undef HOST
	if (differ(fsb_target_kind_word(a->target.kind), fsb_target_kind_word(b->target.kind)) ||
	    (a->target.size_mib >= 0 && b->target.size_mib >= 0 && a->target.size_mib != b->target.size_mib)) {
		const char *ka = fsb_target_kind_word(a->target.kind), *kb = fsb_target_kind_word(b->target.kind);

		rc = fsb_err_set(err, -EINVAL, "not the same target: %s of %lld MiB in %s, %s of %lld MiB in %s",
				 ka ? ka : "?", a->target.size_mib, la, kb ? kb : "?", b->target.size_mib, lb);
		goto out;
	}
	for (size_t i = 0; i < a->nfs; i++) {
		const struct fsb_fs_result *x = a->fs[i], *y = fsb_result_find_fs(b, x->name);

		if (!y)
			continue;
		if (differ(x->type, y->type) || differ_empty(x->mount_options, y->mount_options)) {
			rc = fsb_err_set(err, -EINVAL, "filesystem '%s' is not the same: %s%s%s in %s, %s%s%s in %s",
					 x->name, x->type ? x->type : "?", x->mount_options && *x->mount_options ? " -o " : "",
					 x->mount_options ? x->mount_options : "", la, y->type ? y->type : "?",
					 y->mount_options && *y->mount_options ? " -o " : "",
					 y->mount_options ? y->mount_options : "", lb);
			goto out;
		}
	}
out:
	fsb_strv_free(&pa);
	fsb_strv_free(&pb);
	return rc;
}

static void merge_phase(struct fsb_phase_result *dst, const struct fsb_phase_result *src, bool first)
{
	if (first) {
		fsb_phase_copy(dst, src);
		return;
	}
	if (!dst->label)
		dst->label = fsb_xstrdup(src->label);
	if (dst->kind == FSB_PHASE_KIND_NONE)
		dst->kind = src->kind;
	if (!dst->command)
		dst->command = fsb_xstrdup(src->command);
	if (isnan(dst->measured_cv))	/* a measurement of the profile: the larger is the safe one */
		dst->measured_cv = src->measured_cv;
	else if (src->measured_cv > dst->measured_cv)
		dst->measured_cv = src->measured_cv;
	if (isnan(dst->session_cv) || src->session_cv > dst->session_cv)
		dst->session_cv = src->session_cv;
	if (src->status == FSB_PHASE_OK && dst->status != FSB_PHASE_OK) {
		dst->status = FSB_PHASE_OK;
		free(dst->reason);
		dst->reason = NULL;
	}
	if (src->nruns && dst->nruns) {
		/* the bookkeeping described one run's cell, not this one */
		dst->auto_target_reps = -1;
		dst->auto_converged = false;
	} else if (src->nruns) {
		dst->auto_target_reps = src->auto_target_reps;
		dst->auto_converged = src->auto_converged;
	}
	for (size_t k = 0; k < src->nruns; k++)
		fsb_phase_add_run(dst, &src->runs[k]);
	for (size_t k = 0; k < src->nstall_runs; k++)
		fsb_phase_add_stall_run(dst, &src->stall_runs[k]);
}

static void merge_fs(struct fsb_fs_result *dst, const struct fsb_fs_result *src, bool first)
{
	if (first) {
		dst->type = fsb_xstrdup(src->type);
		dst->mkfs = fsb_xstrdup(src->mkfs);
		dst->mount_options = fsb_xstrdup(src->mount_options);
		dst->description = fsb_xstrdup(src->description);
		dst->uuid = fsb_xstrdup(src->uuid);
		dst->status = src->status;
		dst->error = fsb_xstrdup(src->error);
	} else if (src->status == FSB_FS_OK && dst->status != FSB_FS_OK) {
		dst->status = FSB_FS_OK;
		free(dst->error);
		dst->error = NULL;
	}
	join_distinct(&dst->mkfs_version, src->mkfs_version, " / ");
	/* the bookkeeping times of every file, in file order */
	for (size_t k = 0; k < src->mkfs_s.n; k++)
		fsb_secs_add(&dst->mkfs_s, src->mkfs_s.v[k]);
	for (size_t k = 0; k < src->mount_s.n; k++)
		fsb_secs_add(&dst->mount_s, src->mount_s.v[k]);
	for (size_t k = 0; k < src->umount_s.n; k++)
		fsb_secs_add(&dst->umount_s, src->umount_s.v[k]);
	for (size_t k = 0; k < src->fsck_s.n; k++)
		fsb_secs_add(&dst->fsck_s, src->fsck_s.v[k]);
	if (src->fsck_s.n && !dst->fsck)
		dst->fsck = fsb_xstrdup(src->fsck);
	join_distinct(&dst->fsck_data, src->fsck_data, " / ");
	for (size_t j = 0; j < src->nphases; j++) {
		const struct fsb_phase_result *sp = src->phases[j];
		bool new_phase = !fsb_fs_find_phase(dst, sp->name);

		merge_phase(fsb_fs_add_phase(dst, sp->name), sp, new_phase);
	}
}

static int status_rank(enum fsb_result_status st)
{
	switch (st) {
	case FSB_RESULT_COMPLETE: return 0;
	case FSB_RESULT_FAILED: return 1;
	case FSB_RESULT_RUNNING:
	case FSB_RESULT_INTERRUPTED: return 2;
	}
	return 2;
}

/* What the disk is for: the use the runs were told when they agree, none
 * when they differ; every must-have any of them was told. */
static void merge_use(struct fsb_result *res, const struct fsb_result *const *in, size_t n)
{
	for (size_t i = 0; i < n; i++)
		res->needs |= in[i]->needs;
	for (size_t i = 0; i < n; i++) {
		if (!in[i]->use)
			continue;
		if (res->use && strcmp(res->use, in[i]->use)) {
			free(res->use);
			res->use = NULL;
			return;
		}
		if (!res->use)
			res->use = fsb_xstrdup(in[i]->use);
	}
}

/* How the probe ran: the files' mode when one records it and they all
 * agree, else not recorded (fsb_result_probe() asks the runs). */
static void merge_probe(struct fsb_result *res, const struct fsb_result *const *in, size_t n)
{
	res->probe = -1;
	for (size_t i = 0; i < n; i++)
		if (in[i]->probe >= 0)
			res->probe = (int)fsb_result_probe(in[i]);
	for (size_t i = 0; i < n && res->probe >= 0; i++)
		if ((int)fsb_result_probe(in[i]) != res->probe)
			res->probe = -1;
}

/* What the merge takes from the first file: format, title, profile,
 * workload, its phase order first, the host and the target. */
static void take_first(struct fsb_result *res, const struct fsb_result *first)
{
	res->format = first->format;
	res->title = fsb_xstrdup(first->title);
	res->profile = fsb_xstrdup(first->profile);
	res->workload = fsb_xstrdup(first->workload);
	res->status = FSB_RESULT_COMPLETE;
	for (size_t i = 0; i < first->phase_order.n; i++)
		fsb_strv_add(&res->phase_order, first->phase_order.v[i]);
	res->host.hostname = fsb_xstrdup(first->host.hostname);
	res->host.kernel = fsb_xstrdup(first->host.kernel);
	res->host.cpu = fsb_xstrdup(first->host.cpu);
	res->host.distro = fsb_xstrdup(first->host.distro);
	res->host.virt = fsb_xstrdup(first->host.virt);
	res->host.cores = first->host.cores;
	res->host.ram_mib = first->host.ram_mib;
	res->target.kind = first->target.kind;
	res->target.path = fsb_xstrdup(first->target.path);
	res->target.device = fsb_xstrdup(first->target.device);
	res->target.size_mib = first->target.size_mib;
	res->target.model = fsb_xstrdup(first->target.model);
	res->target.serial = fsb_xstrdup(first->target.serial);
	res->target.fstype = fsb_xstrdup(first->target.fstype);
}

/* One file's part, r, merged into res: tools and commands joined, the
 * earliest start and the latest finish, the worst status, what was
 * missing so far, the lists united, its filesystems merged. */
static void merge_file(struct fsb_result *res, const struct fsb_result *r)
{
	join_distinct(&res->tool, r->tool, " + ");
	join_distinct(&res->source_tool, r->source_tool, " + ");
	join_distinct(&res->source_version, r->source_version, " + ");
	join_distinct(&res->command, r->command, "\n");
	if (r->started && (!res->started || strcmp(r->started, res->started) < 0)) {
		free(res->started);
		res->started = fsb_xstrdup(r->started);
	}
	if (r->finished && (!res->finished || strcmp(r->finished, res->finished) > 0)) {
		free(res->finished);
		res->finished = fsb_xstrdup(r->finished);
	}
	if (status_rank(r->status) > status_rank(res->status))
		res->status = r->status == FSB_RESULT_RUNNING ? FSB_RESULT_INTERRUPTED : r->status;
	if (!res->title)
		res->title = fsb_xstrdup(r->title);
	if (!res->profile)
		res->profile = fsb_xstrdup(r->profile);
	if (!res->workload)
		res->workload = fsb_xstrdup(r->workload);
	strv_union(&res->host.versions, &r->host.versions);
	strv_union(&res->target.reasons, &r->target.reasons);
	for (size_t i = 0; i < r->phase_order.n; i++)
		if (!fsb_strv_contains(&res->phase_order, r->phase_order.v[i]))
			fsb_strv_add(&res->phase_order, r->phase_order.v[i]);
	for (size_t i = 0; i < r->nfs; i++) {
		bool new_fs = !fsb_result_find_fs(res, r->fs[i]->name);

		merge_fs(fsb_result_add_fs(res, r->fs[i]->name), r->fs[i], new_fs);
	}
}

/* The log, when every file names the same one. */
static void merge_log(struct fsb_result *res, const struct fsb_result *const *in, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!in[i]->log || strcmp(in[i]->log, in[0]->log))
			return;
	res->log = fsb_xstrdup(in[0]->log);
}

int fsb_result_merge(const struct fsb_result *const *in, const char *const *labels, size_t n,
		     struct fsb_result **out, struct fsb_err *err)
{
	struct fsb_result *res;

	*out = NULL;
	if (!n)
		return fsb_err_set(err, -EINVAL, "nothing to merge");
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			int rc = check_pair(in[i], labels[i], in[j], labels[j], err);

			if (rc)
				return rc;
		}
	res = fsb_result_new();
	take_first(res, in[0]);
	for (size_t f = 0; f < n; f++)
		merge_file(res, in[f]);
	merge_log(res, in, n);
	merge_use(res, in, n);
	merge_probe(res, in, n);
	for (size_t i = 0; i < n && !res->baseline; i++)
		if (in[i]->baseline && fsb_result_find_fs(res, in[i]->baseline))
			res->baseline = fsb_xstrdup(in[i]->baseline);
	if (!res->baseline && res->nfs)
		res->baseline = fsb_xstrdup(res->fs[0]->name);
	res->repeat = 1;
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if ((long)res->fs[i]->phases[j]->nruns > res->repeat)
				res->repeat = (long)res->fs[i]->phases[j]->nruns;
	/* what the files hold together may be more than one file holds */
	if (fsb_result_check_limits(res, "the merged result", err)) {
		fsb_result_free(res);
		return -EINVAL;
	}
	fsb_result_grid(res);	/* the tables' index, built once (model/grid.h) */
	*out = res;
	return 0;
}
