/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <confuse.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/result.h"
#include "model/cfgutil.h"

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

const char *fsb_run_status_name(enum fsb_run_status st)
{
	return run_status_names[st];
}

int fsb_run_status_parse(const char *s, enum fsb_run_status *st)
{
	for (size_t i = 0; i < FSB_ARRAY_SIZE(run_status_names); i++)
		if (strcmp(s, run_status_names[i]) == 0) {
			*st = (enum fsb_run_status)i;
			return 0;
		}
	return -EINVAL;
}

static const char *const result_status_names[] = {
	[FSB_RESULT_RUNNING] = "running",
	[FSB_RESULT_COMPLETE] = "complete",
	[FSB_RESULT_INTERRUPTED] = "interrupted",
	[FSB_RESULT_FAILED] = "failed",
};

const char *fsb_result_status_name(enum fsb_result_status st)
{
	return result_status_names[st];
}

static const char *const fs_status_names[] = {
	[FSB_FS_OK] = "ok",
	[FSB_FS_UNAVAILABLE] = "unavailable",
	[FSB_FS_FAILED] = "failed",
};

static const char *const phase_status_names[] = {
	[FSB_PHASE_OK] = "ok",
	[FSB_PHASE_UNAVAILABLE] = "unavailable",
};

static int lookup_name(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return (int)i;
	return -1;
}

static const char *const metric_names[FSB_METRIC_COUNT] = {
	[FSB_METRIC_USR] = "usr",
	[FSB_METRIC_SYS] = "sys",
	[FSB_METRIC_SYNC] = "sync",
	[FSB_METRIC_DEAD] = "dead",
	[FSB_METRIC_REAL] = "real",
	[FSB_METRIC_RATE] = "rate",
	[FSB_METRIC_CPU] = "cpu",
};

const char *fsb_metric_name(enum fsb_metric m)
{
	return metric_names[m];
}

int fsb_metric_parse(const char *s, enum fsb_metric *m)
{
	int i = lookup_name(metric_names, FSB_METRIC_COUNT, s);

	if (i < 0 && strcmp(s, "user") == 0)
		i = FSB_METRIC_USR;
	if (i < 0)
		return -EINVAL;
	*m = (enum fsb_metric)i;
	return 0;
}

bool fsb_metric_higher_is_better(enum fsb_metric m)
{
	return m == FSB_METRIC_RATE;
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
	case FSB_METRIC_COUNT:
		break;
	}
	return NAN;
}

void fsb_run_init(struct fsb_run *r)
{
	for (int i = 0; i < FSB_FIELD_COUNT; i++)
		r->v[i] = NAN;
	r->status = FSB_RUN_OK;
	r->exit_status = -1;
	r->error = NULL;
	r->top = NULL;
	r->disturbed = NULL;
}

void fsb_run_copy(struct fsb_run *dst, const struct fsb_run *src)
{
	*dst = *src;
	dst->error = fsb_xstrdup(src->error);
	dst->top = fsb_xstrdup(src->top);
	dst->disturbed = fsb_xstrdup(src->disturbed);
}

void fsb_run_clear(struct fsb_run *r)
{
	free(r->error);
	free(r->top);
	free(r->disturbed);
	fsb_run_init(r);
}

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
	return res;
}

static void phase_free(struct fsb_phase_result *ph)
{
	for (size_t i = 0; i < ph->nruns; i++)
		fsb_run_clear(&ph->runs[i]);
	free(ph->runs);
	free(ph->name);
	free(ph->label);
	free(ph->kind);
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
	free(fs);
}

void fsb_result_free(struct fsb_result *res)
{
	if (!res)
		return;
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
	fsb_strv_free(&res->phase_order);
	free(res->order);
	free(res->quiet);
	free(res->host.hostname);
	free(res->host.kernel);
	free(res->host.cpu);
	free(res->host.distro);
	fsb_strv_free(&res->host.versions);
	free(res->target.kind);
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
	res->repeat = src->repeat;
	strv_copy(&res->phase_order, &src->phase_order);
	res->order = fsb_xstrdup(src->order);
	res->order_seed = src->order_seed;
	res->quiet = fsb_xstrdup(src->quiet);
	res->host.hostname = fsb_xstrdup(src->host.hostname);
	res->host.kernel = fsb_xstrdup(src->host.kernel);
	res->host.cpu = fsb_xstrdup(src->host.cpu);
	res->host.distro = fsb_xstrdup(src->host.distro);
	res->host.cores = src->host.cores;
	res->host.ram_mib = src->host.ram_mib;
	strv_copy(&res->host.versions, &src->host.versions);
	res->target.kind = fsb_xstrdup(src->target.kind);
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
		for (size_t j = 0; j < sf->nphases; j++) {
			const struct fsb_phase_result *sp = sf->phases[j];
			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, sp->name);

			ph->label = fsb_xstrdup(sp->label);
			ph->kind = fsb_xstrdup(sp->kind);
			ph->command = fsb_xstrdup(sp->command);
			ph->status = sp->status;
			ph->reason = fsb_xstrdup(sp->reason);
			ph->auto_target_reps = sp->auto_target_reps;
			ph->auto_converged = sp->auto_converged;
			for (size_t k = 0; k < sp->nruns; k++)
				fsb_phase_add_run(ph, &sp->runs[k]);
		}
	}
	return res;
}

struct fsb_fs_result *fsb_result_find_fs(const struct fsb_result *res, const char *name)
{
	for (size_t i = 0; i < res->nfs; i++)
		if (strcmp(res->fs[i]->name, name) == 0)
			return res->fs[i];
	return NULL;
}

struct fsb_phase_result *fsb_fs_find_phase(const struct fsb_fs_result *fs, const char *name)
{
	for (size_t i = 0; i < fs->nphases; i++)
		if (strcmp(fs->phases[i]->name, name) == 0)
			return fs->phases[i];
	return NULL;
}

struct fsb_fs_result *fsb_result_add_fs(struct fsb_result *res, const char *name)
{
	struct fsb_fs_result *fs = fsb_result_find_fs(res, name);

	if (fs)
		return fs;
	fs = fsb_xcalloc(1, sizeof(*fs));
	fs->name = fsb_xstrdup(name);
	res->fs = fsb_xrealloc(res->fs, (res->nfs + 1) * sizeof(*res->fs));
	res->fs[res->nfs++] = fs;
	return fs;
}

struct fsb_phase_result *fsb_fs_add_phase(struct fsb_fs_result *fs, const char *name)
{
	struct fsb_phase_result *ph = fsb_fs_find_phase(fs, name);

	if (ph)
		return ph;
	ph = fsb_xcalloc(1, sizeof(*ph));
	ph->name = fsb_xstrdup(name);
	ph->auto_target_reps = -1;
	fs->phases = fsb_xrealloc(fs->phases, (fs->nphases + 1) * sizeof(*fs->phases));
	fs->phases[fs->nphases++] = ph;
	return ph;
}

struct fsb_run *fsb_phase_add_run(struct fsb_phase_result *ph, const struct fsb_run *run)
{
	ph->runs = fsb_xrealloc(ph->runs, (ph->nruns + 1) * sizeof(*ph->runs));
	fsb_run_copy(&ph->runs[ph->nruns], run);
	return &ph->runs[ph->nruns++];
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
	for (size_t i = 0; i < res->phase_order.n; i++)
		if (!fsb_strv_contains(sv, res->phase_order.v[i]))
			fsb_strv_add(sv, res->phase_order.v[i]);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (!fsb_strv_contains(sv, res->fs[i]->phases[j]->name))
				fsb_strv_add(sv, res->fs[i]->phases[j]->name);
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

static void put_run(FILE *fp, const struct fsb_run *r)
{
	int col = 0;

	fputs("      run {", fp);
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
	put_str(fp, 8, "top", r->top);
	put_str(fp, 8, "disturbed", r->disturbed);
	fputs("      }\n", fp);
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
	fprintf(fp, "repeat = %ld\n", res->repeat);
	put_strv(fp, 0, "phases", &res->phase_order);
	put_str(fp, 0, "order", res->order);
	if (res->order_seed >= 0)
		fprintf(fp, "order_seed = %lld\n", res->order_seed);
	put_str(fp, 0, "quiet", res->quiet);

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
	fputs("}\n", fp);

	fputs("target {\n", fp);
	put_str(fp, 2, "kind", res->target.kind);
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

	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		fputs("filesystem ", fp);
		fsb_cfg_print_quoted(fp, fs->name);
		fputs(" {\n", fp);
		put_str(fp, 2, "type", fs->type);
		put_str(fp, 2, "description", fs->description);
		put_str(fp, 2, "mkfs", fs->mkfs);
		put_str(fp, 2, "mkfs_version", fs->mkfs_version);
		put_str(fp, 2, "mount_options", fs->mount_options);
		put_str(fp, 2, "uuid", fs->uuid);
		fprintf(fp, "  status = \"%s\"\n", fs_status_names[fs->status]);
		put_str(fp, 2, "error", fs->error);
		for (size_t j = 0; j < fs->nphases; j++) {
			const struct fsb_phase_result *ph = fs->phases[j];

			fputs("  phase ", fp);
			fsb_cfg_print_quoted(fp, ph->name);
			fputs(" {\n", fp);
			put_str(fp, 4, "label", ph->label);
			put_str(fp, 4, "kind", ph->kind);
			put_str(fp, 4, "command", ph->command);
			fprintf(fp, "    status = \"%s\"\n", phase_status_names[ph->status]);
			put_str(fp, 4, "reason", ph->reason);
			if (ph->auto_target_reps >= 0)
				fprintf(fp, "    auto_repeats = %d\n    auto_converged = %s\n",
					ph->auto_target_reps, ph->auto_converged ? "true" : "false");
			for (size_t k = 0; k < ph->nruns; k++)
				put_run(fp, &ph->runs[k]);
			fputs("  }\n", fp);
		}
		fputs("}\n", fp);
	}
	return ferror(fp) ? -EIO : 0;
}

int fsb_result_write(const struct fsb_result *res, const char *path, struct fsb_err *err)
{
	char *tmp = fsb_xasprintf("%s.tmp.XXXXXX", path);
	FILE *fp = NULL;
	int fd, rc = 0;

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

/* ---- reading ------------------------------------------------------------- */

static cfg_opt_t run_opts[FSB_FIELD_COUNT + 7];
static cfg_opt_t phase_opts[] = {
	CFG_STR("label", NULL, CFGF_NONE),
	CFG_STR("kind", NULL, CFGF_NONE),
	CFG_STR("command", NULL, CFGF_NONE),
	CFG_STR("status", "ok", CFGF_NONE),
	CFG_STR("reason", NULL, CFGF_NONE),
	CFG_INT("auto_repeats", -1, CFGF_NONE),
	CFG_BOOL("auto_converged", cfg_false, CFGF_NONE),
	CFG_SEC("run", run_opts, CFGF_MULTI),
	CFG_END()
};
static cfg_opt_t fs_opts[] = {
	CFG_STR("type", NULL, CFGF_NONE),
	CFG_STR("description", NULL, CFGF_NONE),
	CFG_STR("mkfs", NULL, CFGF_NONE),
	CFG_STR("mkfs_version", NULL, CFGF_NONE),
	CFG_STR("mount_options", NULL, CFGF_NONE),
	CFG_STR("uuid", NULL, CFGF_NONE),
	CFG_STR("status", "ok", CFGF_NONE),
	CFG_STR("error", NULL, CFGF_NONE),
	CFG_SEC("phase", phase_opts, CFGF_MULTI | CFGF_TITLE | CFGF_NO_TITLE_DUPES),
	CFG_END()
};
static cfg_opt_t host_opts[] = {
	CFG_STR("hostname", NULL, CFGF_NONE),
	CFG_STR("kernel", NULL, CFGF_NONE),
	CFG_STR("cpu", NULL, CFGF_NONE),
	CFG_STR("distro", NULL, CFGF_NONE),
	CFG_INT("cores", -1, CFGF_NONE),
	CFG_INT("ram_mib", -1, CFGF_NONE),
	CFG_STR_LIST("versions", NULL, CFGF_NONE),
	CFG_END()
};
static cfg_opt_t target_opts[] = {
	CFG_STR("kind", NULL, CFGF_NONE),
	CFG_STR("path", NULL, CFGF_NONE),
	CFG_STR("device", NULL, CFGF_NONE),
	CFG_INT("size_mib", -1, CFGF_NONE),
	CFG_STR("model", NULL, CFGF_NONE),
	CFG_STR("serial", NULL, CFGF_NONE),
	CFG_STR("fstype", NULL, CFGF_NONE),
	CFG_STR("fstype_from", NULL, CFGF_NONE),
	CFG_STR_LIST("reasons", NULL, CFGF_NONE),
	CFG_END()
};
static cfg_opt_t top_opts[] = {
	CFG_INT("format", 0, CFGF_NODEFAULT),
	CFG_STR("tool", NULL, CFGF_NONE),
	CFG_STR("title", NULL, CFGF_NONE),
	CFG_STR("started", NULL, CFGF_NONE),
	CFG_STR("finished", NULL, CFGF_NONE),
	CFG_STR("status", "complete", CFGF_NONE),
	CFG_STR("baseline", NULL, CFGF_NONE),
	CFG_STR("profile", NULL, CFGF_NONE),
	CFG_STR("command", NULL, CFGF_NONE),
	CFG_STR("workload", NULL, CFGF_NONE),
	CFG_STR("log", NULL, CFGF_NONE),
	CFG_INT("repeat", 1, CFGF_NONE),
	CFG_STR_LIST("phases", NULL, CFGF_NONE),
	CFG_STR("order", NULL, CFGF_NONE),
	CFG_INT("order_seed", -1, CFGF_NONE),
	CFG_STR("quiet", NULL, CFGF_NONE),
	CFG_SEC("host", host_opts, CFGF_NONE),
	CFG_SEC("target", target_opts, CFGF_NONE),
	CFG_SEC("filesystem", fs_opts, CFGF_MULTI | CFGF_TITLE | CFGF_NO_TITLE_DUPES),
	CFG_END()
};

/* Validators run while parsing, so errors carry the line of the value. */
static int validate_names(cfg_t *cfg, cfg_opt_t *opt, const char *const *names, size_t n)
{
	const char *v = cfg_opt_getnstr(opt, 0);

	if (lookup_name(names, n, v) < 0) {
		struct fsb_buf b = { 0 };

		for (size_t i = 0; i < n; i++)
			fsb_buf_addf(&b, "%s%s", i ? ", " : "", names[i]);
		cfg_error(cfg, "%s = \"%s\": expected one of %s", opt->name, v, b.s);
		fsb_buf_free(&b);
		return -1;
	}
	return 0;
}

static int validate_result_status(cfg_t *cfg, cfg_opt_t *opt)
{
	return validate_names(cfg, opt, result_status_names, FSB_ARRAY_SIZE(result_status_names));
}

static int validate_fs_status(cfg_t *cfg, cfg_opt_t *opt)
{
	return validate_names(cfg, opt, fs_status_names, FSB_ARRAY_SIZE(fs_status_names));
}

static int validate_phase_status(cfg_t *cfg, cfg_opt_t *opt)
{
	return validate_names(cfg, opt, phase_status_names, FSB_ARRAY_SIZE(phase_status_names));
}

static int validate_run_status(cfg_t *cfg, cfg_opt_t *opt)
{
	return validate_names(cfg, opt, run_status_names, FSB_ARRAY_SIZE(run_status_names));
}

static int validate_measurement(cfg_t *cfg, cfg_opt_t *opt)
{
	double v = cfg_opt_getnfloat(opt, 0);

	if (!isfinite(v) || v < 0) {
		cfg_error(cfg, "%s = %g is not a valid measurement (a finite number >= 0)", opt->name, v);
		return -1;
	}
	return 0;
}

static void set_validators(cfg_t *cfg)
{
	cfg_set_validate_func(cfg, "status", validate_result_status);
	cfg_set_validate_func(cfg, "filesystem|status", validate_fs_status);
	cfg_set_validate_func(cfg, "filesystem|phase|status", validate_phase_status);
	cfg_set_validate_func(cfg, "filesystem|phase|run|status", validate_run_status);
	for (int i = 0; i < FSB_FIELD_COUNT; i++) {
		char *path = fsb_xasprintf("filesystem|phase|run|%s", fsb_fields[i].name);

		cfg_set_validate_func(cfg, path, validate_measurement);
		free(path);
	}
}

static void init_run_opts(void)
{
	static bool done;
	static cfg_opt_t tail[] = {
		CFG_STR("status", "ok", CFGF_NONE),
		CFG_INT("exit_status", -1, CFGF_NONE),
		CFG_STR("error", NULL, CFGF_NONE),
		CFG_STR("top", NULL, CFGF_NONE),
		CFG_STR("disturbed", NULL, CFGF_NONE),
		CFG_END()
	};

	if (done)
		return;
	for (int i = 0; i < FSB_FIELD_COUNT; i++) {
		cfg_opt_t o = CFG_FLOAT(NULL, 0, CFGF_NODEFAULT);

		o.name = (char *)fsb_fields[i].name;
		run_opts[i] = o;
	}
	memcpy(&run_opts[FSB_FIELD_COUNT], tail, sizeof(tail));
	done = true;
}

static char *dup_or_null(cfg_t *sec, const char *key)
{
	return fsb_xstrdup(cfg_getstr(sec, key));
}

static void get_strv(cfg_t *sec, const char *key, struct fsb_strv *sv)
{
	for (unsigned i = 0; i < cfg_size(sec, key); i++)
		fsb_strv_add(sv, cfg_getnstr(sec, key, i));
}

/* Values libconfuse accepted syntactically but that make no sense. */
static int check_name(struct fsb_cfg_err *ce, cfg_t *sec, const char *what, const char *s,
		      const char *const *names, size_t n)
{
	int i = lookup_name(names, n, s);

	if (i < 0)
		fsb_cfg_error(ce, sec, "%s \"%s\" is not one of the known values", what, s);
	return i;
}

static int read_run(struct fsb_cfg_err *ce, cfg_t *rs, struct fsb_run *r)
{
	enum fsb_run_status st;

	fsb_run_init(r);
	for (int i = 0; i < FSB_FIELD_COUNT; i++) {
		if (cfg_size(rs, fsb_fields[i].name) == 0)
			continue;
		r->v[i] = cfg_getfloat(rs, fsb_fields[i].name);
	}
	if (fsb_run_status_parse(cfg_getstr(rs, "status"), &st)) {
		fsb_cfg_error(ce, rs, "run status \"%s\" is not ok, failed or interrupted",
			      cfg_getstr(rs, "status"));
		return -EINVAL;
	}
	r->status = st;
	r->exit_status = (int)cfg_getint(rs, "exit_status");
	r->error = dup_or_null(rs, "error");
	r->top = dup_or_null(rs, "top");
	r->disturbed = dup_or_null(rs, "disturbed");
	return 0;
}

static int convert(struct fsb_cfg_err *ce, cfg_t *cfg, struct fsb_result *res)
{
	cfg_t *host = cfg_getsec(cfg, "host"), *tgt = cfg_getsec(cfg, "target");
	int st;

	if (cfg_size(cfg, "format") == 0) {
		fsb_cfg_error(ce, NULL, "no \"format = %d\" line: this is not an fsbench result file",
			      FSB_RESULT_FORMAT);
		return -EINVAL;
	}
	res->format = (int)cfg_getint(cfg, "format");
	if (res->format != FSB_RESULT_FORMAT) {
		fsb_cfg_error(ce, cfg, "result format %d is not supported (this fsbench reads format %d)",
			      res->format, FSB_RESULT_FORMAT);
		return -EINVAL;
	}
	res->tool = dup_or_null(cfg, "tool");
	res->title = dup_or_null(cfg, "title");
	res->started = dup_or_null(cfg, "started");
	res->finished = dup_or_null(cfg, "finished");
	st = check_name(ce, cfg, "status", cfg_getstr(cfg, "status"), result_status_names,
			FSB_ARRAY_SIZE(result_status_names));
	if (st < 0)
		return -EINVAL;
	res->status = (enum fsb_result_status)st;
	res->baseline = dup_or_null(cfg, "baseline");
	res->profile = dup_or_null(cfg, "profile");
	res->command = dup_or_null(cfg, "command");
	res->workload = dup_or_null(cfg, "workload");
	res->log = dup_or_null(cfg, "log");
	res->repeat = cfg_getint(cfg, "repeat");
	get_strv(cfg, "phases", &res->phase_order);
	res->order = dup_or_null(cfg, "order");
	res->order_seed = cfg_getint(cfg, "order_seed");
	res->quiet = dup_or_null(cfg, "quiet");
	if (host) {
		res->host.hostname = dup_or_null(host, "hostname");
		res->host.kernel = dup_or_null(host, "kernel");
		res->host.cpu = dup_or_null(host, "cpu");
		res->host.distro = dup_or_null(host, "distro");
		res->host.cores = cfg_getint(host, "cores");
		res->host.ram_mib = cfg_getint(host, "ram_mib");
		get_strv(host, "versions", &res->host.versions);
	}
	if (tgt) {
		res->target.kind = dup_or_null(tgt, "kind");
		res->target.path = dup_or_null(tgt, "path");
		res->target.device = dup_or_null(tgt, "device");
		res->target.size_mib = cfg_getint(tgt, "size_mib");
		res->target.model = dup_or_null(tgt, "model");
		res->target.serial = dup_or_null(tgt, "serial");
		res->target.fstype = dup_or_null(tgt, "fstype");
		res->target.fstype_from = dup_or_null(tgt, "fstype_from");
		get_strv(tgt, "reasons", &res->target.reasons);
	}
	for (unsigned i = 0; i < cfg_size(cfg, "filesystem"); i++) {
		cfg_t *fsec = cfg_getnsec(cfg, "filesystem", i);
		struct fsb_fs_result *fs = fsb_result_add_fs(res, cfg_title(fsec));

		fs->type = dup_or_null(fsec, "type");
		fs->description = dup_or_null(fsec, "description");
		fs->mkfs = dup_or_null(fsec, "mkfs");
		fs->mkfs_version = dup_or_null(fsec, "mkfs_version");
		fs->mount_options = dup_or_null(fsec, "mount_options");
		fs->uuid = dup_or_null(fsec, "uuid");
		fs->error = dup_or_null(fsec, "error");
		st = check_name(ce, fsec, "filesystem status", cfg_getstr(fsec, "status"),
				fs_status_names, FSB_ARRAY_SIZE(fs_status_names));
		if (st < 0)
			return -EINVAL;
		fs->status = (enum fsb_fs_status)st;
		for (unsigned j = 0; j < cfg_size(fsec, "phase"); j++) {
			cfg_t *psec = cfg_getnsec(fsec, "phase", j);
			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, cfg_title(psec));

			ph->label = dup_or_null(psec, "label");
			ph->kind = dup_or_null(psec, "kind");
			ph->command = dup_or_null(psec, "command");
			ph->reason = dup_or_null(psec, "reason");
			ph->auto_target_reps = (int)cfg_getint(psec, "auto_repeats");
			ph->auto_converged = cfg_getbool(psec, "auto_converged");
			st = check_name(ce, psec, "phase status", cfg_getstr(psec, "status"),
					phase_status_names, FSB_ARRAY_SIZE(phase_status_names));
			if (st < 0)
				return -EINVAL;
			ph->status = (enum fsb_phase_status)st;
			for (unsigned k = 0; k < cfg_size(psec, "run"); k++) {
				struct fsb_run r;
				int rc = read_run(ce, cfg_getnsec(psec, "run", k), &r);

				if (rc)
					return rc;
				ph->runs = fsb_xrealloc(ph->runs, (ph->nruns + 1) * sizeof(*ph->runs));
				ph->runs[ph->nruns++] = r;
			}
		}
	}
	return 0;
}

int fsb_result_read(const char *path, struct fsb_result **out, struct fsb_err *err)
{
	struct fsb_cfg_err ce;
	struct fsb_result *res = NULL;
	cfg_t *cfg;
	int rc;

	init_run_opts();
	cfg = fsb_cfg_new(top_opts, &ce, path);
	set_validators(cfg);
	rc = fsb_cfg_parse_file(cfg, &ce, path);
	if (rc)
		goto out;
	res = fsb_result_new();
	rc = convert(&ce, cfg, res);
	if (rc)
		goto out;
	res->path = fsb_xstrdup(path);
	*out = res;
	res = NULL;
out:
	if (rc)
		fsb_err_set(err, rc, "%s", ce.msg);
	fsb_result_free(res);
	cfg_free(cfg);
	return rc;
}
