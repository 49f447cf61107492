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
		return fsb_rd_error(rd, rd->t.line, "expected an option name, not %s",
				    fsb_rd_shown(&rd->t, b, sizeof(b)));
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
		return fsb_rd_error(rd, rd->t.line, "%s: expected '=' or '{', not %s", h->key,
				    fsb_rd_shown(&rd->t, b, sizeof(b)));
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
				return fsb_rd_error(rd, h->line, "%s is given twice (first on line %d)", h->key,
						    seen[i]);
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
			return fsb_rd_error(rd, h->line, "%s has %ld samples, the other series %zu", h->key, n,
					    (*ser)->n);
		}
	(*ser)->v[k] = v ? v : fsb_xcalloc(1, sizeof(double));
	(*ser)->n = (size_t)n;
	return 0;
}

/* ---- a section's statements ---- */

/*
 * How read_section() reads a section: its options, each at most once, and
 * what else it may hold.  other() sees each statement first: it reads a
 * subsection or a run's measurement and returns 0, returns 1 for a key that
 * is none of its own (the key must then be one of keys), or fails; value()
 * reads the value of keys[idx], after its '=' (or its section's '{').
 */
struct section {
	const char *where;               /* "a phase", for the messages */
	const char *const *keys;
	size_t nkeys;
	unsigned long sections;          /* bit i: keys[i] is a section, not an option */
	int (*other)(struct reader *rd, struct head *h, int kind, void *arg);
	int (*value)(struct reader *rd, const struct head *h, int idx, void *arg);
};

/* The statements of a section up to its closing brace (open_line: the line
 * of its '{'; 0 for the top level, which ends with the file). */
static int read_section(struct reader *rd, int open_line, const struct section *sec, void *arg)
{
	int seen[32] = { 0 };
	struct head h = { 0 };
	int kind = 0, rc, idx = -1;

	assert(sec->nkeys <= FSB_ARRAY_SIZE(seen));
	for (;;) {
		rc = read_head(rd, &h, open_line, &kind);
		if (rc || !kind)
			break;
		rc = sec->other ? sec->other(rd, &h, kind, arg) : 1;
		if (rc < 0)
			break;
		if (rc == 0)
			continue;
		if ((rc = key_once(rd, &h, kind, sec->keys, seen, sec->nkeys, sec->where, &idx)) ||
		    (rc = want(rd, &h, kind, (sec->sections >> idx) & 1 ? 2 : 1, false)) ||
		    (rc = sec->value(rd, &h, idx, arg)))
			break;
	}
	head_free(&h);
	return rc;
}

/* A filesystem's or a phase's name, h's title, given for the first time in
 * its parent (names: those so far; in: `in filesystem "…"`, or ""). */
static int name_once(struct reader *rd, struct fsb_names *names, const struct head *h, const char *in)
{
	long first = fsb_names_add(names, h->title, h->line);

	if (first)
		return fsb_rd_error(rd, h->line, "duplicate %s \"%.40s\"%s (first on line %ld)", h->key, h->title, in,
				    first);
	return 0;
}

/* ---- a run ---- */

struct run_read {
	struct fsb_run *r;
	struct fsb_series *ser;          /* its series so far, or NULL */
	int fseen[FSB_FIELD_COUNT];      /* the line of each field given, or 0 */
};

static const char *const run_keys[] = { "status", "exit_status", "error", "not_measured", "top", "disturbed",
					"implausible" };

/* A run's measurements (FSB_RUN_FIELDS) and its series_* keys. */
static int run_other(struct reader *rd, struct head *h, int kind, void *arg)
{
	struct run_read *c = arg;
	int idx, rc;

	if (strncmp(h->key, "series_", 7) == 0)
		return (rc = want(rd, h, kind, 1, false)) ? rc : read_series_key(rd, h, &c->ser);
	idx = fsb_field_lookup(h->key);
	if (idx < 0)
		return 1;
	if ((rc = want(rd, h, kind, 1, false)))
		return rc;
	if (c->fseen[idx])
		return fsb_rd_error(rd, h->line, "%s is given twice (first on line %d)", h->key, c->fseen[idx]);
	c->fseen[idx] = h->line;
	return fsb_rd_get_measurement(rd, h->key, &c->r->v[idx]);
}

static int run_value(struct reader *rd, const struct head *h, int idx, void *arg)
{
	struct fsb_run *r = ((struct run_read *)arg)->r;
	char **str[] = { NULL, NULL, &r->error, &r->not_measured, &r->top, &r->disturbed, &r->implausible };
	long long exit_status = -1;
	unsigned flags;
	int st = 0, rc;

	if (idx == 0) {
		rc = fsb_rd_get_enum(rd, h->key, fsb_res_run_status.v, fsb_res_run_status.n, &st);
		r->status = (enum fsb_run_status)st;
		return rc;
	}
	if (idx == 1) {
		rc = fsb_rd_get_int(rd, h->key, -1, INT_MAX, &exit_status);
		r->exit_status = (int)exit_status;
		return rc;
	}
	if ((rc = fsb_rd_get_str(rd, h->key, str[idx])) || idx != 6)
		return rc;
	if (fsb_plaus_parse(r->implausible, &flags))
		return fsb_rd_error(rd, h->line, "implausible = \"%.40s\": expected words among %s, separated by commas",
				    r->implausible, FSB_PLAUS_WORDS);
	return 0;
}

static int read_run(struct reader *rd, int open_line, struct fsb_run *r)
{
	static const struct section sec = {
		.where = "a run", .keys = run_keys, .nkeys = FSB_ARRAY_SIZE(run_keys),
		.other = run_other, .value = run_value,
	};
	struct run_read c = { .r = r };
	int rc;

	fsb_run_init(r);
	rc = read_section(rd, open_line, &sec, &c);
	if (!rc && c.ser && c.ser->n) {
		r->series = c.ser;
		c.ser = NULL;
	}
	fsb_series_free(c.ser);
	if (rc)
		fsb_run_clear(r);
	return rc;
}

/* ---- a phase ---- */

static const char *const phase_keys[] = { "label", "kind", "command", "status", "reason", "auto_repeats",
					  "auto_converged", "measured_cv", "session_cv" };

/* A phase's runs, `run { … }`, and its stall round's, `stall_run { … }`. */
static int phase_other(struct reader *rd, struct head *h, int kind, void *arg)
{
	struct fsb_phase_result *ph = arg;
	bool stall = strcmp(h->key, "stall_run") == 0;
	struct fsb_run **v = stall ? &ph->stall_runs : &ph->runs;
	size_t *n = stall ? &ph->nstall_runs : &ph->nruns;
	int rc;

	if (!stall && strcmp(h->key, "run"))
		return 1;
	if ((rc = want(rd, h, kind, 2, false)))
		return rc;
	if (*n >= MAX_RUNS)
		return fsb_rd_error(rd, h->line, "phase \"%.40s\" has more than %d %sruns", ph->name, MAX_RUNS,
				    stall ? "stall " : "");
	*v = grow(*v, *n, sizeof(**v));
	if ((rc = read_run(rd, h->line, &(*v)[*n])))
		return rc;
	(*n)++;
	return 0;
}

static int phase_value(struct reader *rd, const struct head *h, int idx, void *arg)
{
	struct fsb_phase_result *ph = arg;
	char **str[] = { &ph->label, NULL, &ph->command, NULL, &ph->reason };
	double *cv[] = { &ph->measured_cv, &ph->session_cv };
	long long reps = -1;
	int word = 0, rc;

	switch (idx) {
	case 1:
		rc = fsb_rd_get_enum(rd, h->key, fsb_phase_kind_words, FSB_PHASE_KIND_COUNT, &word);
		ph->kind = (enum fsb_phase_kind)word;
		return rc;
	case 3:
		rc = fsb_rd_get_enum(rd, h->key, fsb_res_phase_status.v, fsb_res_phase_status.n, &word);
		ph->status = (enum fsb_phase_status)word;
		return rc;
	case 5:
		rc = fsb_rd_get_int(rd, h->key, -1, INT_MAX, &reps);
		ph->auto_target_reps = (int)reps;
		return rc;
	case 6:
		return fsb_rd_get_bool(rd, h->key, &ph->auto_converged);
	case 7:
	case 8:
		return fsb_rd_get_measurement(rd, h->key, cv[idx - 7]);
	default:
		return fsb_rd_get_str(rd, h->key, str[idx]);
	}
}

static const struct section phase_section = {
	.where = "a phase", .keys = phase_keys, .nkeys = FSB_ARRAY_SIZE(phase_keys),
	.other = phase_other, .value = phase_value,
};

/* ---- a filesystem ---- */

struct fs_read {
	struct fsb_fs_result *fs;
	struct fsb_names names;          /* its phases' names so far */
};

static const char *const fs_keys[] = { "type", "description", "mkfs", "mkfs_version", "mount_options", "uuid",
				       "status", "error", "mkfs_seconds", "mount_seconds", "umount_seconds",
				       "fsck_seconds", "fsck", "fsck_data" };

/* A filesystem's phases: `phase "name" { … }`, each name once, at most
 * MAX_PHASES different names in the file. */
static int fs_other(struct reader *rd, struct head *h, int kind, void *arg)
{
	struct fs_read *c = arg;
	struct fsb_phase_result *ph;
	char in[64];
	int rc;

	if (strcmp(h->key, "phase"))
		return 1;
	if ((rc = want(rd, h, kind, 2, true)))
		return rc;
	if (!*h->title)
		return fsb_rd_error(rd, h->line, "phase \"\" in filesystem \"%.40s\": an empty name",
				    c->fs->name);
	/* the set borrows: keep the name alive in the result */
	if (!fsb_names_add(&rd->phases, h->title, h->line) && ++rd->nphases > MAX_PHASES)
		return fsb_rd_error(rd, h->line, "more than %d different phases", MAX_PHASES);
	snprintf(in, sizeof(in), " in filesystem \"%.40s\"", c->fs->name);
	if ((rc = name_once(rd, &c->names, h, in)))
		return rc;
	ph = fsb_xcalloc(1, sizeof(*ph));
	fsb_res_phase_init(ph, c->fs);
	ph->name = h->title;
	h->title = NULL;
	c->fs->phases = grow(c->fs->phases, c->fs->nphases, sizeof(*c->fs->phases));
	c->fs->phases[c->fs->nphases++] = ph;
	return read_section(rd, h->line, &phase_section, ph);
}

static int fs_value(struct reader *rd, const struct head *h, int idx, void *arg)
{
	struct fsb_fs_result *fs = ((struct fs_read *)arg)->fs;
	struct fsb_secs *secs[] = { &fs->mkfs_s, &fs->mount_s, &fs->umount_s, &fs->fsck_s };
	char **str[] = { &fs->type, &fs->description, &fs->mkfs, &fs->mkfs_version, &fs->mount_options,
			 &fs->uuid, NULL, &fs->error, NULL, NULL, NULL, NULL, &fs->fsck, &fs->fsck_data };
	int st = 0, rc;

	if (idx == 6) {
		rc = fsb_rd_get_enum(rd, h->key, fsb_res_fs_status.v, fsb_res_fs_status.n, &st);
		fs->status = (enum fsb_fs_status)st;
		return rc;
	}
	if (idx >= 8 && idx <= 11)
		return fsb_rd_get_secs(rd, h->key, secs[idx - 8]);
	return fsb_rd_get_str(rd, h->key, str[idx]);
}

static int read_fs(struct reader *rd, int open_line, struct fsb_fs_result *fs)
{
	static const struct section sec = {
		.where = "a filesystem", .keys = fs_keys, .nkeys = FSB_ARRAY_SIZE(fs_keys),
		.other = fs_other, .value = fs_value,
	};
	struct fs_read c = { .fs = fs };
	int rc = read_section(rd, open_line, &sec, &c);

	fsb_names_free(&c.names);
	return rc;
}

/* ---- host and target ---- */

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

static const struct section host_section = {
	.where = "host", .keys = host_keys, .nkeys = FSB_ARRAY_SIZE(host_keys), .value = host_value,
};

static const struct section target_section = {
	.where = "target", .keys = target_keys, .nkeys = FSB_ARRAY_SIZE(target_keys), .value = target_value,
};

/* ---- the top level ---- */

struct top_read {
	struct fsb_result *res;
	struct fsb_names names;          /* the filesystems' names so far */
	bool format;                     /* "format = 1" read: a file of ours */
	int baseline_line;               /* the line of "baseline = …", or 0 */
};

static const char *const top_keys[] = { "format", "tool", "title", "started", "finished", "status",
					"baseline", "profile", "command", "workload", "log", "repeat",
					"phases", "host", "target", "source_tool", "source_version", "order",
					"order_seed", "quiet", "rounds", "budget", "ended", "use", "needs",
					"looks", "session_sd", "probe" };

/* keys of top_keys that are sections: host and target */
#define TOP_SECTIONS (1UL << 13 | 1UL << 14)

/* A filesystem: `filesystem "name" { … }`, each name once, at most
 * MAX_FILESYSTEMS; and before anything else "format = 1". */
static int top_other(struct reader *rd, struct head *h, int kind, void *arg)
{
	struct top_read *c = arg;
	struct fsb_result *res = c->res;
	struct fsb_fs_result *fs;
	int rc;

	/* refuse anything else early, before reading a big foreign file */
	if (!c->format && strcmp(h->key, "format"))
		return fsb_rd_error(rd, h->line, "\"%.40s\" before \"format = %d\": this is not an fsbench result file",
				    h->key, FSB_RESULT_FORMAT);
	if (strcmp(h->key, "filesystem"))
		return 1;
	if ((rc = want(rd, h, kind, 2, true)))
		return rc;
	if (res->nfs >= MAX_FILESYSTEMS)
		return fsb_rd_error(rd, h->line, "more than %d filesystems", MAX_FILESYSTEMS);
	if (!*h->title)
		return fsb_rd_error(rd, h->line, "filesystem \"\": an empty name");
	if ((rc = name_once(rd, &c->names, h, "")))
		return rc;
	fs = fsb_xcalloc(1, sizeof(*fs));
	fs->owner = res;
	fs->name = h->title;
	h->title = NULL;
	res->fs = grow(res->fs, res->nfs, sizeof(*res->fs));
	res->fs[res->nfs++] = fs;
	return read_fs(rd, h->line, fs);
}

/* status, ended and probe: one of their words, stored as its index */
static int top_word(struct reader *rd, const struct head *h, int idx, struct fsb_result *res)
{
	static const struct fsb_res_words ended = { fsb_result_ended_names, FSB_RESULT_ENDED_COUNT },
					  probe = { fsb_probe_mode_names, FSB_PROBE_MODE_COUNT };
	const struct fsb_res_words *w = idx == 5 ? &fsb_res_result_status : idx == 22 ? &ended : &probe;
	int word = 0, rc = fsb_rd_get_enum(rd, h->key, w->v, w->n, &word);

	if (idx == 5)
		res->status = (enum fsb_result_status)word;
	else if (idx == 22)
		res->ended = (enum fsb_result_ended)word;
	else
		res->probe = word;
	return rc;
}

/* The top-level values checked against what this fsbench knows besides
 * words: the format it reads, the uses and the must-haves (model/uses.h). */
static int top_known_value(struct reader *rd, const struct head *h, int idx, struct fsb_result *res)
{
	struct fsb_strv sv = { 0 };
	struct fsb_err e = { 0 };
	long long format = 0;
	int rc;

	if (idx == 0) {
		rc = fsb_rd_get_int(rd, h->key, INT_MIN, INT_MAX, &format);
		if (!rc && format != FSB_RESULT_FORMAT)
			rc = fsb_rd_error(rd, h->line, "result format %lld is not supported (this fsbench reads format %d)",
					  format, FSB_RESULT_FORMAT);
		res->format = (int)format;
		return rc;
	}
	if (idx == 23) {
		rc = fsb_rd_get_str(rd, h->key, &res->use);
		if (!rc && !fsb_use_find(res->use))
			rc = fsb_rd_error(rd, h->line, "use \"%.40s\": not a use fsbench knows (%s)", res->use,
					  fsb_use_names());
		return rc;
	}
	rc = fsb_rd_get_list(rd, h->key, &sv);		/* 24: needs */
	for (size_t i = 0; !rc && i < sv.n; i++) {
		unsigned bit;

		if (fsb_needs_parse(sv.v[i], &bit, &e))
			rc = fsb_rd_error(rd, h->line, "needs: %s", e.msg);
		else
			res->needs |= bit;
	}
	fsb_strv_free(&sv);
	return rc;
}

static int top_value(struct reader *rd, const struct head *h, int idx, void *arg)
{
	struct top_read *c = arg;
	struct fsb_result *res = c->res;
	char **str[] = { NULL, &res->tool, &res->title, &res->started, &res->finished, NULL,
			 &res->baseline, &res->profile, &res->command, &res->workload, &res->log,
			 NULL, NULL, NULL, NULL, &res->source_tool, &res->source_version, &res->order,
			 NULL, &res->quiet, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL };

	if (idx == 6)
		c->baseline_line = h->line;
	switch (idx) {
	case 0:
		c->format = true;
		/* fall through */
	case 23:
	case 24:
		return top_known_value(rd, h, idx, res);
	case 5:
	case 22:
	case 27:
		return top_word(rd, h, idx, res);
	case 11:
		return fsb_rd_get_long(rd, h->key, 1, INT_MAX, &res->repeat);
	case 12:
		return fsb_rd_get_list_once(rd, h->key, &res->phase_order);
	case 13:
		return read_section(rd, h->line, &host_section, &res->host);
	case 14:
		return read_section(rd, h->line, &target_section, &res->target);
	case 18:
		return fsb_rd_get_int(rd, h->key, -1, LLONG_MAX, &res->order_seed);
	case 20:
		return fsb_rd_get_long(rd, h->key, 1, INT_MAX, &res->rounds);
	case 21:
		return fsb_rd_get_int(rd, h->key, 1, 30LL * 24 * 3600, &res->budget_s);
	case 25:
		return fsb_rd_get_long(rd, h->key, 1, INT_MAX, &res->looks);
	case 26:
		return fsb_rd_get_measurement(rd, h->key, &res->session_sd);
	default:
		return fsb_rd_get_str(rd, h->key, str[idx]);
	}
}

static int read_top(struct reader *rd, struct fsb_result *res)
{
	static const struct section sec = {
		.where = "a result file", .keys = top_keys, .nkeys = FSB_ARRAY_SIZE(top_keys),
		.sections = TOP_SECTIONS, .other = top_other, .value = top_value,
	};
	struct top_read c = { .res = res };
	int rc = read_section(rd, 0, &sec, &c);

	if (!rc && !c.format)
		rc = fsb_rd_error(rd, 0, "no \"format = %d\" line: this is not an fsbench result file",
				  FSB_RESULT_FORMAT);
	/* the tables normalize to it: one the file does not hold would be
	 * replaced by another without a word (the filesystems come after it).
	 * A file of no filesystem yet is a directory run's first write, before
	 * its one filesystem (the baseline) is named: nothing to normalize */
	if (!rc && res->baseline && res->nfs && !fsb_names_get(&c.names, res->baseline))
		rc = fsb_rd_error(rd, c.baseline_line, "baseline \"%.40s\": no such filesystem in the file",
				  res->baseline);
	fsb_names_free(&c.names);
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

int fsb_result_read_input(const char *path, struct fsb_result **out, struct fsb_err *err)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (strcmp(path, "-") != 0)
		return fsb_result_read(path, out, err);
	rc = fsb_read_input_max(path, FSB_RESULT_MAX_BYTES, &text, &len);
	if (rc == -EFBIG)
		return fsb_err_set(err, -EINVAL, "<stdin>: larger than %d MiB: too large for a result file",
				   FSB_RESULT_MAX_BYTES >> 20);
	if (rc)
		return fsb_err_set(err, rc, "cannot read standard input: %s", strerror(-rc));
	rc = fsb_result_read_buf(text, len, "<stdin>", out, err);
	free(text);
	return rc;
}
