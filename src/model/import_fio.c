/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fio --output-format=json → result, with json-c.  One file is one
 * filesystem; each job and direction with I/O is a phase "JOB-DIR".
 * Latencies: fio's "lat_ns" (submission + completion) gives the mean and
 * the maximum; the percentiles are those fio computed, of the total
 * latency when the job asked for lat_percentiles, else of the completion
 * latency ("clat_ns", fio's default).  fio before 3.0 wrote "lat"/"clat"
 * in microseconds; both are read.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "model/import.h"
#include "model/kinds.h"

static const char *const dirs[] = { "read", "write", "trim" };

/* 1-based line of offset in text. */
static int line_at(const char *text, size_t off)
{
	int line = 1;

	for (size_t i = 0; i < off && text[i]; i++)
		line += text[i] == '\n';
	return line;
}

/* Line of the n-th (0-based) occurrence of key in text, 0 if none. */
static int key_line(const char *text, const char *key, size_t n)
{
	const char *p = text;

	for (size_t k = 0; (p = strstr(p, key)); k++, p++)
		if (k == n)
			return line_at(text, (size_t)(p - text));
	return 0;
}

/* Where job n starts, for messages (json-c does not keep positions): its
 * "jobname", or its "groupid" when the name is what is missing. */
static int job_line(const char *text, size_t n)
{
	int line = key_line(text, "\"jobname\"", n);

	if (!line)
		line = key_line(text, "\"groupid\"", n);
	return line ? line : 1;
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	return o && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static bool is_num(struct json_object *v)
{
	return v && (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double));
}

/* A number field; NAN when absent or not a number. */
static double num(struct json_object *o, const char *key)
{
	struct json_object *v = get(o, key);

	return is_num(v) ? json_object_get_double(v) : NAN;
}

/* The percentile p ("99.000000") of a latency object, in µs. */
static double percentile(struct json_object *lat, const char *p, double to_us)
{
	return num(get(lat, "percentile"), p) * to_us;
}

static void latencies(struct json_object *d, struct fsb_run *r)
{
	struct json_object *lat = get(d, "lat_ns"), *clat = get(d, "clat_ns"), *pct;
	double to_us = 1e-3;

	if (!lat && !clat) {            /* fio 2: microseconds */
		lat = get(d, "lat");
		clat = get(d, "clat");
		to_us = 1;
	}
	r->v[FSB_FIELD_lat_mean_us] = num(lat, "mean") * to_us;
	r->v[FSB_FIELD_lat_max_us] = num(lat, "max") * to_us;
	pct = get(lat, "percentile") ? lat : clat;
	r->v[FSB_FIELD_lat_p50_us] = percentile(pct, "50.000000", to_us);
	r->v[FSB_FIELD_lat_p95_us] = percentile(pct, "95.000000", to_us);
	r->v[FSB_FIELD_lat_p99_us] = percentile(pct, "99.000000", to_us);
}

/* A measurement must not be negative (fio never writes one). */
static bool sane(const struct fsb_run *r)
{
	for (int i = 0; i < FSB_FIELD_COUNT; i++)
		if (!isnan(r->v[i]) && (r->v[i] < 0 || !isfinite(r->v[i])))
			return false;
	return true;
}

static const char *rw_of(struct json_object *job, struct json_object *global)
{
	struct json_object *rw = get(get(job, "job options"), "rw");

	if (!rw)
		rw = get(global, "rw");
	if (!rw)
		rw = get(get(job, "job options"), "readwrite");
	return rw && json_object_is_type(rw, json_type_string) ? json_object_get_string(rw) : "read";
}

/* One job: its directions with I/O as phases of fs; how many it added. */
static int one_job(struct fsb_fs_result *fs, struct json_object *job, struct json_object *global, size_t j,
		   const char *text, const char *name, struct fsb_err *err)
{
	struct json_object *jn = get(job, "jobname");
	double usr = num(job, "usr_cpu"), sys = num(job, "sys_cpu"), error = num(job, "error");
	const char *jname;
	int added = 0;

	if (!jn || !json_object_is_type(jn, json_type_string) || !*json_object_get_string(jn))
		return fsb_err_set(err, -EINVAL, "%s:%d: job %zu has no \"jobname\": not fio's JSON output", name,
				   job_line(text, j), j + 1);
	jname = json_object_get_string(jn);
	for (size_t k = 0; k < FSB_ARRAY_SIZE(dirs); k++) {
		struct json_object *d = get(job, dirs[k]);
		struct fsb_phase_result *ph;
		struct fsb_run r;
		char *pname;
		double ios;

		if (!d)
			continue;
		if (!json_object_is_type(d, json_type_object) || !is_num(get(d, "bw")) || !is_num(get(d, "iops")))
			return fsb_err_set(err, -EINVAL, "%s:%d: job \"%s\": \"%s\" has no bw and iops: not fio's "
					   "JSON output", name, job_line(text, j), jname, dirs[k]);
		ios = num(d, "total_ios");
		if (!(num(d, "io_bytes") > 0) && !(ios > 0))
			continue;           /* this job did not do that */
		fsb_run_init(&r);
		r.v[FSB_FIELD_kib_per_s] = num(d, "bw");
		r.v[FSB_FIELD_ops_per_s] = num(d, "iops");
		r.v[FSB_FIELD_bytes] = num(d, "io_bytes");
		r.v[FSB_FIELD_ops] = ios;
		if (num(d, "runtime") > 0)
			r.v[FSB_FIELD_real] = num(d, "runtime") / 1000.0;
		if (!isnan(usr) && !isnan(sys))
			r.v[FSB_FIELD_cpu_pct] = usr + sys;
		latencies(d, &r);
		if (!sane(&r)) {
			fsb_run_clear(&r);
			return fsb_err_set(err, -EINVAL, "%s:%d: job \"%s\": a negative or infinite %s measurement",
					   name, job_line(text, j), jname, dirs[k]);
		}
		if (error > 0) {
			r.status = FSB_RUN_FAILED;
			r.error = fsb_xasprintf("fio reported error %.0f (%s)", error, strerror((int)error));
		}
		pname = fsb_xasprintf("%s-%s", jname, dirs[k]);
		for (int n = 2; fsb_fs_find_phase(fs, pname); n++) {
			free(pname);
			pname = fsb_xasprintf("%s.%d-%s", jname, n, dirs[k]);
		}
		ph = fsb_fs_add_phase(fs, pname);
		ph->label = fsb_xasprintf("fio job %s (rw=%s), %s", jname, rw_of(job, global), dirs[k]);
		ph->kind = FSB_PHASE_IMPORTED;
		ph->status = FSB_PHASE_OK;
		fsb_phase_add_run(ph, &r);
		fsb_run_clear(&r);
		free(pname);
		added++;
	}
	return added;
}

static char *workload(struct json_object *jobs, struct json_object *global)
{
	struct fsb_buf b = { 0 };

	fsb_buf_add(&b, "fio jobs:");
	for (size_t j = 0; j < json_object_array_length(jobs); j++) {
		struct json_object *job = json_object_array_get_idx(jobs, j);
		struct json_object *jn = get(job, "jobname");

		fsb_buf_addf(&b, "%s %s (rw=%s)", j ? "," : "",
			     jn && json_object_is_type(jn, json_type_string) ? json_object_get_string(jn) : "?",
			     rw_of(job, global));
	}
	return fsb_buf_steal(&b);
}

/* "dir/ext4.json" → "ext4" */
static char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *s = fsb_xstrdup(slash ? slash + 1 : path), *dot = strrchr(s, '.');

	if (dot && dot != s)
		*dot = '\0';
	return s;
}

/* text, len bytes and a NUL, as one JSON value into *top (the caller
 * puts it, also on error): no NUL inside, nothing but blanks after it. */
static int parse_json(const char *text, size_t len, const char *name, struct json_object **top,
		      struct fsb_err *err)
{
	struct json_tokener *tok;
	enum json_tokener_error jerr;
	size_t end;

	if (strlen(text) != len)
		return fsb_err_set(err, -EINVAL, "%s:%d: a NUL byte: not fio's JSON output", name,
				   line_at(text, strlen(text)));
	tok = json_tokener_new();
	*top = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr == json_tokener_continue)
		return fsb_err_set(err, -EINVAL, "%s:%d: the JSON ends too early (truncated?)", name,
				   line_at(text, len));
	if (jerr != json_tokener_success || !*top)
		return fsb_err_set(err, -EINVAL, "%s:%d: not JSON: %s", name, line_at(text, end),
				   json_tokener_error_desc(jerr));
	for (size_t i = end; i < len; i++)
		if (text[i] != ' ' && text[i] != '\n' && text[i] != '\t' && text[i] != '\r')
			return fsb_err_set(err, -EINVAL, "%s:%d: text after the JSON object (use --output-format=json "
					   "alone)", name, line_at(text, i));
	return 0;
}

/* What the file says of itself, where res does not say it yet: fio's
 * version (ver), the jobs as the workload, when it ran. */
static void note_source(struct fsb_result *res, struct fsb_fs_result *fs, struct json_object *top,
			struct json_object *ver, struct json_object *jobs, struct json_object *global,
			const char *name)
{
	const char *v = json_object_get_string(ver);

	if (strncmp(v, "fio-", 4) == 0)
		v += 4;
	fs->description = fsb_xasprintf("fio %s: %s", v, name);
	if (!res->source_tool) {
		res->source_tool = fsb_xstrdup("fio");
		res->source_version = fsb_xstrdup(v);
	}
	if (!res->workload)
		res->workload = workload(jobs, global);
	if (!res->started && num(top, "timestamp") > 0) {
		time_t t = (time_t)num(top, "timestamp");
		struct tm tm;
		char iso[32];

		gmtime_r(&t, &tm);
		strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
		res->started = fsb_xstrdup(iso);
	}
}

int fsb_import_fio(struct fsb_result *res, const char *buf, size_t len, const char *name,
		   struct fsb_import_opts *o, struct fsb_err *err)
{
	struct json_object *top = NULL, *ver, *jobs, *global;
	struct fsb_fs_result *fs;
	char *text = fsb_xmalloc(len + 1), *fsname = NULL, *fallback = NULL;
	size_t nfs = res->nfs, phases = 0;
	int rc;

	memcpy(text, buf, len);
	text[len] = '\0';
	if ((rc = parse_json(text, len, name, &top, err)))
		goto out;
	ver = get(top, "fio version");
	jobs = get(top, "jobs");
	global = get(top, "global options");
	if (!json_object_is_type(top, json_type_object) || !ver || !json_object_is_type(ver, json_type_string)) {
		rc = fsb_err_set(err, -EINVAL, "%s:1: not fio's JSON output: no \"fio version\" "
				 "(make it with fio --output-format=json)", name);
		goto out;
	}
	if (!jobs || !json_object_is_type(jobs, json_type_array)) {
		rc = fsb_err_set(err, -EINVAL, "%s:1: not fio's JSON output: no \"jobs\" list", name);
		goto out;
	}
	fallback = base_name(name);
	fsname = fsb_import_fs_name(res, o, fallback);
	fs = fsb_result_add_fs(res, fsname);
	fs->status = FSB_FS_OK;
	for (size_t j = 0; j < json_object_array_length(jobs); j++) {
		int n = one_job(fs, json_object_array_get_idx(jobs, j), global, j, text, name, err);

		if (n < 0) {
			rc = n;
			goto out;
		}
		phases += (size_t)n;
	}
	if (!phases) {
		rc = fsb_err_set(err, -EINVAL, "%s:1: no fio job did any I/O: nothing to import", name);
		goto out;
	}
	note_source(res, fs, top, ver, jobs, global, name);
out:
	if (rc)
		fsb_import_drop(res, nfs);
	if (top)
		json_object_put(top);
	free(fsname);
	free(fallback);
	free(text);
	return rc;
}
