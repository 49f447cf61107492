/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result writer (result_int.h): a result as the text the reader reads
 * back (doc/result-format.md), and written atomically (temp file, fsync,
 * rename) within the limits of result.h, which the reader keeps too.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/result_int.h"
#include "model/cfgutil.h"
#include "model/uses.h"

static void put_str(FILE *fp, int indent, const char *key, const char *val)
{
	if (!val)
		return;
	fprintf(fp, "%*s%s = ", indent, "", key);
	fsb_cfg_print_quoted(fp, val);
	fputc('\n', fp);
}

/* String options in their order, one line each (put_str). */
struct kv {
	const char *key;
	const char *val;
};

static void put_strs(FILE *fp, int indent, const struct kv *kv, size_t n)
{
	for (size_t i = 0; i < n; i++)
		put_str(fp, indent, kv[i].key, kv[i].val);
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
	fprintf(fp, "    status = \"%s\"\n", fsb_res_phase_status.v[ph->status]);
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

/* A filesystem's section and its phases. */
static void put_fs(FILE *fp, const struct fsb_fs_result *fs)
{
	const struct kv strs[] = {
		{ "type", fs->type }, { "description", fs->description }, { "mkfs", fs->mkfs },
		{ "mkfs_version", fs->mkfs_version }, { "mount_options", fs->mount_options }, { "uuid", fs->uuid },
	};

	put_open(fp, "filesystem ", fs->name);
	put_strs(fp, 2, strs, FSB_ARRAY_SIZE(strs));
	fprintf(fp, "  status = \"%s\"\n", fsb_res_fs_status.v[fs->status]);
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

int fsb_result_print(const struct fsb_result *res, FILE *fp)
{
	const struct kv head[] = {
		{ "tool", res->tool }, { "title", res->title }, { "started", res->started },
		{ "finished", res->finished },
	};
	const struct kv about[] = {
		{ "baseline", res->baseline }, { "profile", res->profile }, { "command", res->command },
		{ "workload", res->workload }, { "log", res->log }, { "source_tool", res->source_tool },
		{ "source_version", res->source_version },
	};

	fprintf(fp, "# fsbench result file (libconfuse syntax); see fsbench(1)\n");
	fprintf(fp, "format = %d\n", res->format);
	put_strs(fp, 0, head, FSB_ARRAY_SIZE(head));
	fprintf(fp, "status = \"%s\"\n", fsb_result_status_name(res->status));
	put_strs(fp, 0, about, FSB_ARRAY_SIZE(about));
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

	for (size_t i = 0; i < res->nfs; i++)
		put_fs(fp, res->fs[i]);
	return ferror(fp) ? -EIO : 0;
}

int fsb_result_write(const struct fsb_result *res, const char *path, struct fsb_err *err)
{
	struct fsb_outfile of;
	int rc = fsb_result_check_limits(res, path, err);

	if (rc)
		return rc;
	rc = fsb_outfile_open(&of, path, err);
	if (rc)
		return rc;
	errno = 0;
	rc = fsb_result_print(res, of.fp);
	/* the stream only knows that a write failed; errno still says why
	 * (a full disk, not "Input/output error") */
	if (rc == -EIO && errno)
		rc = -errno;
	if (!rc && fflush(of.fp))
		rc = -errno;
	if (!rc && ftello(of.fp) > FSB_RESULT_MAX_BYTES) {
		fsb_outfile_abort(&of);
		return fsb_err_set(err, -EINVAL, "%s: would be larger than %d MiB: a result file holds at most that",
				   path, FSB_RESULT_MAX_BYTES >> 20);
	}
	if (rc) {
		fsb_outfile_abort(&of);
		return fsb_err_set(err, rc, "cannot write result file %s: %s", path, strerror(-rc));
	}
	return fsb_outfile_commit(&of, err);
}
