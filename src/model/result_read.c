/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result reader's sections (result_int.h): the statements of a section
 * (key = value, key [title] { … }), each option at most once, each
 * filesystem and phase name once, the limits of result.h; then the public
 * fsb_result_read_buf() and fsb_result_read().  Tokens and values come from
 * result_lex.c.
 */
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/result_int.h"
#include "model/grid.h"
#include "model/plaus.h"
#include "model/uses.h"

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
	if (fsb_rd_lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type == T_EOF) {
		if (open_line)
			return fsb_rd_error(rd, open_line, "'{' is never closed (the file ends inside a section: truncated?)");
		*kind = 0;
		return 0;
	}
	if (rd->t.type == T_RBRACE) {
		if (!open_line)
			return fsb_rd_error(rd, rd->t.line, "unexpected closing brace '}' (no section is open)");
		*kind = 0;
		return 0;
	}
	if (rd->t.type != T_WORD)
		return fsb_rd_error(rd, rd->t.line, "expected an option name, not %s", fsb_rd_shown(&rd->t, b, sizeof(b)));
	h->key = fsb_xstrdup(rd->t.s.s);
	h->line = rd->t.line;
	if (fsb_rd_lex(rd) == T_ERR)
		return -EINVAL;
	if (rd->t.type == T_EQ) {
		*kind = 1;
		return 0;
	}
	if (rd->t.type == T_STR || rd->t.type == T_WORD) {
		h->title = fsb_xstrdup(rd->t.s.s);
		if (fsb_rd_lex(rd) == T_ERR)
			return -EINVAL;
	}
	if (rd->t.type != T_LBRACE)
		return fsb_rd_error(rd, rd->t.line, "%s: expected '=' or '{', not %s", h->key, fsb_rd_shown(&rd->t, b, sizeof(b)));
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
				return fsb_rd_error(rd, h->line, "%s is given twice (first on line %d)", h->key, seen[i]);
			seen[i] = h->line;
			*idx = (int)i;
			return 0;
		}
	*idx = -1;
	return 0;
}

static int unknown(struct reader *rd, const struct head *h, int kind, const char *where)
{
	return fsb_rd_error(rd, h->line, "no such %s '%.40s' in %s", kind == 2 ? "section" : "option", h->key, where);
}

static int want(struct reader *rd, const struct head *h, int kind, int need, bool titled)
{
	if (kind != need)
		return fsb_rd_error(rd, h->line, need == 2 ? "%s must be a section: %s { … }" : "%s must be an option: %s = …",
				h->key, h->key);
	if (need == 2 && titled != !!h->title)
		return fsb_rd_error(rd, h->line, titled ? "%s needs a name: %s \"name\" { … }" : "%s takes no name: %s { … }",
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

		rc = fsb_rd_get_measurement(rd, h->key, &step);
		if (!rc && !(step > 0))
			rc = fsb_rd_error(rd, h->line, "series_step = %g is not a number of seconds > 0", step);
		if (!rc)
			(*ser)->step = step;
		return rc;
	}
	for (k = 0; k < FSB_SERIES_COUNT && strcmp(h->key + 7, fsb_series_infos[k].name); k++)
		;
	if (k == FSB_SERIES_COUNT)
		return fsb_rd_error(rd, h->line, "unknown option \"%.40s\" in a run", h->key);
	if ((*ser)->v[k])
		return fsb_rd_error(rd, h->line, "%s is given twice", h->key);
	if ((rc = fsb_rd_get_str(rd, h->key, &text)))
		return rc;
	n = parse_series(text, &v, why, sizeof(why));
	free(text);
	if (n < 0)
		return fsb_rd_error(rd, h->line, "%s: %s", h->key, why);
	for (int j = 0; j < FSB_SERIES_COUNT; j++)
		if ((*ser)->v[j] && (long)(*ser)->n != n) {
			free(v);
			return fsb_rd_error(rd, h->line, "%s has %ld samples, the other series %zu", h->key, n, (*ser)->n);
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
				rc = fsb_rd_error(rd, h.line, "%s is given twice (first on line %d)", h.key, fseen[idx]);
				break;
			}
			fseen[idx] = h.line;
			if ((rc = fsb_rd_get_measurement(rd, h.key, &r->v[idx])))
				break;
			continue;
		}
		if ((rc = option_once(rd, &h, kind, keys, seen, FSB_ARRAY_SIZE(keys), "a run", &idx)))
			break;
		if (idx == 0) {
			int st;

			if ((rc = fsb_rd_get_enum(rd, h.key, fsb_res_run_status.v, fsb_res_run_status.n, &st)))
				break;
			r->status = (enum fsb_run_status)st;
		} else if (idx == 1) {
			long long v;

			if ((rc = fsb_rd_get_int(rd, h.key, -1, INT_MAX, &v)))
				break;
			r->exit_status = (int)v;
		} else if (idx == 6) {
			unsigned flags;

			if ((rc = fsb_rd_get_str(rd, h.key, &r->implausible)))
				break;
			if (fsb_plaus_parse(r->implausible, &flags)) {
				rc = fsb_rd_error(rd, h.line, "implausible = \"%.40s\": expected words among %s, separated by commas",
					      r->implausible, FSB_PLAUS_WORDS);
				break;
			}
		} else {
			char **dst[] = { NULL, NULL, &r->error, &r->not_measured, &r->top, &r->disturbed };

			if ((rc = fsb_rd_get_str(rd, h.key, dst[idx])))
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
				rc = fsb_rd_error(rd, h.line, "phase \"%.40s\" has more than %d %sruns", ph->name, MAX_RUNS,
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
			rc = fsb_rd_get_str(rd, h.key, &ph->label);
			break;
		case 1: {
			int k = 0;

			if (!(rc = fsb_rd_get_enum(rd, h.key, fsb_phase_kind_words, FSB_PHASE_KIND_COUNT, &k)))
				ph->kind = (enum fsb_phase_kind)k;
			break;
		}
		case 2:
			rc = fsb_rd_get_str(rd, h.key, &ph->command);
			break;
		case 3: {
			int st = 0;

			rc = fsb_rd_get_enum(rd, h.key, fsb_res_phase_status.v, fsb_res_phase_status.n, &st);
			ph->status = (enum fsb_phase_status)st;
			break;
		}
		case 4:
			rc = fsb_rd_get_str(rd, h.key, &ph->reason);
			break;
		case 5: {
			long long v = -1;

			rc = fsb_rd_get_int(rd, h.key, -1, INT_MAX, &v);
			ph->auto_target_reps = (int)v;
			break;
		}
		case 7:
			rc = fsb_rd_get_measurement(rd, h.key, &ph->measured_cv);
			break;
		case 8:
			rc = fsb_rd_get_measurement(rd, h.key, &ph->session_cv);
			break;
		default:
			rc = fsb_rd_get_bool(rd, h.key, &ph->auto_converged);
			break;
		}
		if (rc)
			break;
	}
	head_free(&h);
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
					rc = fsb_rd_error(rd, h.line, "more than %d different phases", MAX_PHASES);
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
				rc = fsb_rd_error(rd, h.line, "duplicate phase \"%.40s\" in filesystem \"%.40s\" (first on line %d)",
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

			rc = fsb_rd_get_enum(rd, h.key, fsb_res_fs_status.v, fsb_res_fs_status.n, &st);
			fs->status = (enum fsb_fs_status)st;
		} else if (idx >= 8 && idx <= 11) {
			struct fsb_secs *dst[] = { &fs->mkfs_s, &fs->mount_s, &fs->umount_s, &fs->fsck_s };

			rc = fsb_rd_get_secs(rd, h.key, dst[idx - 8]);
		} else {
			char **dst[] = { &fs->type, &fs->description, &fs->mkfs, &fs->mkfs_version,
					 &fs->mount_options, &fs->uuid, NULL, &fs->error,
					 NULL, NULL, NULL, NULL, &fs->fsck, &fs->fsck_data };

			rc = fsb_rd_get_str(rd, h.key, dst[idx]);
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

		return fsb_rd_get_str(rd, h->key, dst[idx]);
	}
	if (idx < 6)
		return fsb_rd_get_long(rd, h->key, -1, INT_MAX, idx == 4 ? &host->cores : &host->ram_mib);
	if (idx == 6)
		return fsb_rd_get_list(rd, h->key, &host->versions);
	return fsb_rd_get_str(rd, h->key, &host->virt);
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
		if (!(rc = fsb_rd_get_enum(rd, h->key, fsb_target_kind_words, FSB_TARGET_KIND_COUNT, &k)))
			tg->kind = (enum fsb_target_kind)k;
		return rc;
	}
	if (idx == 3)
		return fsb_rd_get_int(rd, h->key, -1, LLONG_MAX / 2, &tg->size_mib);
	if (idx == 7)
		return fsb_rd_get_list(rd, h->key, &tg->reasons);
	return fsb_rd_get_str(rd, h->key, dst[idx]);
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

		rc = fsb_rd_get_int(rd, h->key, INT_MIN, INT_MAX, &v);
		if (!rc && v != FSB_RESULT_FORMAT)
			rc = fsb_rd_error(rd, h->line, "result format %lld is not supported (this fsbench reads format %d)",
				      v, FSB_RESULT_FORMAT);
		res->format = (int)v;
		break;
	}
	case 5: {
		int st = 0;

		rc = fsb_rd_get_enum(rd, h->key, fsb_res_result_status.v, fsb_res_result_status.n, &st);
		res->status = (enum fsb_result_status)st;
		break;
	}
	case 11:
		rc = fsb_rd_get_long(rd, h->key, 1, INT_MAX, &res->repeat);
		break;
	case 12:
		rc = fsb_rd_get_list(rd, h->key, &res->phase_order);
		break;
	case 18:
		rc = fsb_rd_get_int(rd, h->key, -1, LLONG_MAX, &res->order_seed);
		break;
	case 20:
		rc = fsb_rd_get_long(rd, h->key, 1, INT_MAX, &res->rounds);
		break;
	case 21:
		rc = fsb_rd_get_int(rd, h->key, 1, 30LL * 24 * 3600, &res->budget_s);
		break;
	case 22: {
		int w = 0;

		rc = fsb_rd_get_enum(rd, h->key, fsb_result_ended_names, FSB_RESULT_ENDED_COUNT, &w);
		if (!rc)
			res->ended = (enum fsb_result_ended)w;
		break;
	}
	case 23:
		rc = fsb_rd_get_str(rd, h->key, &res->use);
		if (!rc && !fsb_use_find(res->use))
			rc = fsb_rd_error(rd, h->line, "use \"%.40s\": not a use fsbench knows (%s)", res->use,
				      fsb_use_names());
		break;
	case 24: {
		struct fsb_strv sv = { 0 };
		struct fsb_err e = { 0 };

		rc = fsb_rd_get_list(rd, h->key, &sv);
		for (size_t i = 0; !rc && i < sv.n; i++) {
			unsigned bit;

			if (fsb_needs_parse(sv.v[i], &bit, &e))
				rc = fsb_rd_error(rd, h->line, "needs: %s", e.msg);
			else
				res->needs |= bit;
		}
		fsb_strv_free(&sv);
		break;
	}
	case 25:
		rc = fsb_rd_get_long(rd, h->key, 1, INT_MAX, &res->looks);
		break;
	case 26:
		rc = fsb_rd_get_measurement(rd, h->key, &res->session_sd);
		break;
	case 27: {
		int w = 0;

		rc = fsb_rd_get_enum(rd, h->key, fsb_probe_mode_names, FSB_PROBE_MODE_COUNT, &w);
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

		rc = fsb_rd_get_str(rd, h->key, dst[idx]);
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
			rc = fsb_rd_error(rd, h.line, "\"%.40s\" before \"format = %d\": this is not an fsbench result file",
				      h.key, FSB_RESULT_FORMAT);
			break;
		}
		if (strcmp(h.key, "filesystem") == 0) {
			struct fsb_fs_result *fs;
			int first;

			if ((rc = want(rd, &h, kind, 2, true)))
				break;
			if (res->nfs >= MAX_FILESYSTEMS) {
				rc = fsb_rd_error(rd, h.line, "more than %d filesystems", MAX_FILESYSTEMS);
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
				rc = fsb_rd_error(rd, h.line, "duplicate filesystem \"%.40s\" (first on line %d)", fs->name, first);
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
		rc = fsb_rd_error(rd, 0, "no \"format = %d\" line: this is not an fsbench result file", FSB_RESULT_FORMAT);
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
		rc = fsb_rd_error(&rd, 0, "%zu bytes: too large for a result file (at most %d MiB)", len,
			      FSB_RESULT_MAX_BYTES >> 20);
		goto out;
	}
	if (nul) {
		int line = 1;

		for (const char *p = buf; p < nul; p++)
			line += *p == '\n';
		rc = fsb_rd_error(&rd, line, "a NUL byte inside the text: not a result file (damaged?)");
		goto out;
	}
	rc = read_top(&rd, res);
	if (rc)
		goto out;
	/* every table has a row per filesystem and a column per phase */
	if (res->nfs * (rd.nphases + res->phase_order.n) > MAX_CELLS) {
		rc = fsb_rd_error(&rd, 0, "%zu filesystems with %zu phases: more than %d table cells", res->nfs,
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
