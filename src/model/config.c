/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/cfgutil.h"
#include "model/config.h"
#include "model/prereq.h"

/* ---- schema -------------------------------------------------------------- */

static int validate_kind(cfg_t *cfg, cfg_opt_t *opt)
{
	const char *v = cfg_opt_getnstr(opt, cfg_opt_size(opt) - 1);
	enum fsb_phase_kind k;

	/* a config's phase runs here: it cannot be another tool's */
	if (fsb_phase_kind_parse(v, &k) || k == FSB_PHASE_IMPORTED) {
		cfg_error(cfg, "kind = \"%s\": must be \"%s\", \"%s\" or \"%s\"", v, fsb_phase_kind_word(FSB_PHASE_COMMAND),
			  fsb_phase_kind_word(FSB_PHASE_BUILTIN), fsb_phase_kind_word(FSB_PHASE_CRASH));
		return -1;
	}
	return 0;
}

static int validate_source(cfg_t *cfg, cfg_opt_t *opt)
{
	const char *v = cfg_opt_getnstr(opt, cfg_opt_size(opt) - 1);

	if (strcmp(v, "generated") && strcmp(v, "kernel") && strcmp(v, "auto")) {
		cfg_error(cfg, "source = \"%s\": must be \"generated\", \"kernel\" or \"auto\"", v);
		return -1;
	}
	return 0;
}

static int validate_size(cfg_t *cfg, cfg_opt_t *opt)
{
	const char *v = cfg_opt_getnstr(opt, cfg_opt_size(opt) - 1);
	unsigned long long b;

	if (*v && fsb_parse_size(v, &b)) {
		cfg_error(cfg, "%s = \"%s\" is not a size (e.g. 64M, 2G)", opt->name, v);
		return -1;
	}
	return 0;
}

static int validate_duration(cfg_t *cfg, cfg_opt_t *opt)
{
	const char *v = cfg_opt_getnstr(opt, cfg_opt_size(opt) - 1);
	double s;

	if (*v && fsb_parse_duration(v, &s)) {
		cfg_error(cfg, "%s = \"%s\" is not a duration (e.g. 15m, 900s, 1h30m)", opt->name, v);
		return -1;
	}
	return 0;
}

/* The facts' words (model/facts.h): one validator per enum, a yes/no
 * fact as "yes" or "no" (a libconfuse bool could not be left unstated). */
#define FACT_VALIDATOR(fn, parse, type, words)                                                    \
	static int fn(cfg_t *cfg, cfg_opt_t *opt)                                                 \
	{                                                                                         \
		const char *v = cfg_opt_getnstr(opt, cfg_opt_size(opt) - 1);                      \
		type t;                                                                           \
		if (v && parse(v, &t)) {                                                          \
			cfg_error(cfg, "%s = \"%s\" is not one of %s", opt->name, v, words());   \
			return -1;                                                                \
		}                                                                                 \
		return 0;                                                                         \
	}
FACT_VALIDATOR(validate_crash, fsb_crash_parse, enum fsb_crash, fsb_crash_words)
FACT_VALIDATOR(validate_checksums, fsb_checksums_parse, enum fsb_checksums, fsb_checksums_words)
FACT_VALIDATOR(validate_resize, fsb_resize_parse, enum fsb_resize, fsb_resize_words)
FACT_VALIDATOR(validate_support, fsb_support_parse, enum fsb_support, fsb_support_words)

static int tri_parse(const char *w, enum fsb_tri *t)
{
	if (!*w)
		*t = FSB_TRI_UNKNOWN;
	else if (!strcmp(w, "yes"))
		*t = FSB_TRI_YES;
	else if (!strcmp(w, "no"))
		*t = FSB_TRI_NO;
	else
		return -EINVAL;
	return 0;
}

static const char *tri_words(void)
{
	return "yes or no";
}
FACT_VALIDATOR(validate_tri, tri_parse, enum fsb_tri, tri_words)

static int validate_nonneg(cfg_t *cfg, cfg_opt_t *opt)
{
	if (opt->type == CFGT_INT && cfg_opt_getnint(opt, 0) < 0) {
		cfg_error(cfg, "%s = %ld must not be negative", opt->name, cfg_opt_getnint(opt, 0));
		return -1;
	}
	/* every count must fit an int wherever it is used: never cut by a cast */
	if (opt->type == CFGT_INT && cfg_opt_getnint(opt, 0) > INT_MAX) {
		cfg_error(cfg, "%s = %ld is too large (at most %d)", opt->name, cfg_opt_getnint(opt, 0), INT_MAX);
		return -1;
	}
	/* finite first: nan is neither negative nor not, and "nan must not be
	 * negative" sent the reader looking for a minus sign */
	if (opt->type == CFGT_FLOAT && !isfinite(cfg_opt_getnfloat(opt, 0))) {
		cfg_error(cfg, "%s = %g is not a finite number", opt->name, cfg_opt_getnfloat(opt, 0));
		return -1;
	}
	if (opt->type == CFGT_FLOAT && cfg_opt_getnfloat(opt, 0) < 0) {
		cfg_error(cfg, "%s = %g must not be negative", opt->name, cfg_opt_getnfloat(opt, 0));
		return -1;
	}
	return 0;
}

/* The aging's fill target: a filesystem filled to 95% and more is a
 * different test (ENOSPC handling, not aging), and 0 fills nothing. */
static int validate_age_fill(cfg_t *cfg, cfg_opt_t *opt)
{
	double f = cfg_opt_getnfloat(opt, 0);

	if (!(f > 0 && f < 0.95)) {
		cfg_error(cfg, "%s = %g must be above 0 and below 0.95", opt->name, f);
		return -1;
	}
	return 0;
}

static cfg_opt_t fs_opts[] = {
	CFG_STR("type", NULL, CFGF_NONE),
	CFG_STR("description", "", CFGF_NONE),
	CFG_STR("mkfs", "", CFGF_NONE),
	CFG_STR_LIST("prepare", NULL, CFGF_NONE),
	CFG_STR("mount_options", "", CFGF_NONE),
	CFG_STR("journal_size", "", CFGF_NONE),
	CFG_STR("version", "", CFGF_NONE),
	CFG_STR("tool", "", CFGF_NONE),
	CFG_STR("package", "", CFGF_NONE),
	CFG_STR("fsck", "", CFGF_NONE),
	CFG_BOOL("nodev", cfg_false, CFGF_NONE),
	/* what it gives (model/facts.h): "" is unknown */
	CFG_STR("crash", "", CFGF_NONE),
	CFG_STR("checksums", "", CFGF_NONE),
	CFG_STR("snapshots", "", CFGF_NONE),
	CFG_STR("compression", "", CFGF_NONE),
	CFG_STR("grow", "", CFGF_NONE),
	CFG_STR("shrink", "", CFGF_NONE),
	CFG_STR("max_file", "", CFGF_NONE),
	CFG_STR("max_volume", "", CFGF_NONE),
	CFG_STR("support", "", CFGF_NONE),
	CFG_STR("support_note", "", CFGF_NONE),
	CFG_END()
};

static cfg_opt_t phase_opts[] = {
	CFG_STR("label", "", CFGF_NONE),
	CFG_STR("description", "", CFGF_NONE),
	CFG_STR("group", "custom", CFGF_NONE),
	CFG_STR("kind", "command", CFGF_NONE),
	CFG_STR("command", "", CFGF_NONE),
	CFG_STR("setup", "", CFGF_NONE),
	CFG_STR("teardown", "", CFGF_NONE),
	CFG_STR("cwd", "${mnt}", CFGF_NONE),
	CFG_STR_LIST("env", NULL, CFGF_NONE),
	CFG_STR_LIST("needs", NULL, CFGF_NONE),
	CFG_STR_LIST("requires", NULL, CFGF_NONE),
	CFG_BOOL("empties", cfg_false, CFGF_NONE),
	CFG_BOOL("sync", cfg_true, CFGF_NONE),
	CFG_STR("drop_caches", "default", CFGF_NONE),
	CFG_FLOAT("timeout", 0, CFGF_NONE),
	CFG_END()
};

static cfg_opt_t profile_opts[] = {
	CFG_STR("description", "", CFGF_NONE),
	CFG_STR("source", "generated", CFGF_NONE),
	CFG_INT("tree_files", 400, CFGF_NONE),
	CFG_INT("compile_units", 0, CFGF_NONE),
	CFG_INT("tree_seed", 1, CFGF_NONE),
	CFG_STR("kconfig", "defconfig", CFGF_NONE),
	CFG_STR("deb_suite", "", CFGF_NONE),
	CFG_STR("deb_variant", "minbase", CFGF_NONE),
	CFG_BOOL("deb_foreign", cfg_false, CFGF_NONE),
	CFG_STR("image_size", "4G", CFGF_NONE),
	CFG_STR("synth_size", "2xram", CFGF_NONE),
	CFG_INT("synth_chunk", 8192, CFGF_NONE),
	CFG_INT("synth_files", 16, CFGF_NONE),
	CFG_INT("synth_file_min", 0, CFGF_NONE),
	CFG_INT("synth_file_max", 0, CFGF_NONE),
	CFG_INT("synth_dirs", 0, CFGF_NONE),
	CFG_INT("synth_seekers", 3, CFGF_NONE),
	CFG_INT("synth_seeks", 8000, CFGF_NONE),
	CFG_STR("synth_data", "random", CFGF_NONE),
	CFG_FLOAT("min_duration", 1.0, CFGF_NONE),
	CFG_FLOAT("session_sd", 0.0, CFGF_NONE),
	CFG_FLOAT("age_fill", 0.8, CFGF_NONE),
	CFG_INT("age_commits", 200, CFGF_NONE),
	CFG_INT("age_tree_files", 2000, CFGF_NONE),
	CFG_INT("age_append_files", 8, CFGF_NONE),
	CFG_FLOAT("age_seconds", 300, CFGF_NONE),
	CFG_INT("crash_states", 20, CFGF_NONE),
	CFG_STR_LIST("nominal", NULL, CFGF_NONE),
	CFG_STR_LIST("measured_cv", NULL, CFGF_NONE),
	CFG_STR_LIST("session_cv", NULL, CFGF_NONE),
	CFG_STR("budget", "", CFGF_NONE),
	CFG_END()
};

static cfg_opt_t group_opts[] = {
	CFG_STR("description", "", CFGF_NONE),
	CFG_END()
};

static cfg_opt_t defaults_opts[] = {
	CFG_STR("profile", "quick", CFGF_NONE),
	CFG_STR("baseline", "ext2", CFGF_NONE),
	CFG_STR("image", "/var/tmp/fsbench.img", CFGF_NONE),
	CFG_STR("results_dir", "", CFGF_NONE),
	CFG_STR("cache_dir", "", CFGF_NONE),
	CFG_STR_LIST("filesystems", NULL, CFGF_NONE),
	CFG_STR_LIST("phases", NULL, CFGF_NONE),
	CFG_INT("repeat", 1, CFGF_NONE),
	CFG_BOOL("drop_caches", cfg_true, CFGF_NONE),
	CFG_BOOL("reformat_between", cfg_true, CFGF_NONE),
	CFG_BOOL("probe", cfg_true, CFGF_NONE),
	CFG_INT("jobs", 0, CFGF_NONE),
	CFG_FLOAT("ci_target", 0.03, CFGF_NONE),
	CFG_INT("max_repeat", 10, CFGF_NONE),
	/* a run is disturbed past any of these (sys/interfere.h) */
	CFG_FLOAT("disturbed_cpu", 0.10, CFGF_NONE),
	CFG_FLOAT("disturbed_psi_cpu", 0.25, CFGF_NONE),
	CFG_FLOAT("disturbed_steal", 0.10, CFGF_NONE),
	CFG_FLOAT("disturbed_swap", 256, CFGF_NONE),
	CFG_FLOAT("disturbed_io", 0.10, CFGF_NONE),
	CFG_END()
};

static cfg_opt_t top_opts[] = {
	CFG_SEC("defaults", defaults_opts, CFGF_NONE),
	CFG_SEC("filesystem", fs_opts, CFGF_MULTI | CFGF_TITLE | CFGF_NO_TITLE_DUPES),
	CFG_SEC("phase", phase_opts, CFGF_MULTI | CFGF_TITLE | CFGF_NO_TITLE_DUPES),
	CFG_SEC("profile", profile_opts, CFGF_MULTI | CFGF_TITLE | CFGF_NO_TITLE_DUPES),
	CFG_SEC("group", group_opts, CFGF_MULTI | CFGF_TITLE | CFGF_NO_TITLE_DUPES),
	CFG_END()
};

static cfg_t *new_cfg(struct fsb_cfg_err *ce, const char *name)
{
	cfg_t *cfg = fsb_cfg_new(top_opts, ce, name);
	static const char *const nonneg[] = {
		"profile|tree_files", "profile|compile_units", "profile|synth_chunk", "profile|synth_files",
		"profile|synth_file_min", "profile|synth_file_max", "profile|synth_dirs",
		"profile|synth_seekers", "profile|synth_seeks", "profile|min_duration", "profile|session_sd",
		"profile|age_commits", "profile|age_tree_files", "profile|age_append_files",
		"profile|age_seconds", "profile|crash_states",
		"defaults|repeat", "defaults|jobs", "defaults|ci_target", "defaults|max_repeat",
		"defaults|disturbed_cpu", "defaults|disturbed_psi_cpu", "defaults|disturbed_steal",
		"defaults|disturbed_swap", "defaults|disturbed_io",
		"phase|timeout",
	};

	cfg_set_validate_func(cfg, "phase|kind", validate_kind);
	cfg_set_validate_func(cfg, "profile|source", validate_source);
	cfg_set_validate_func(cfg, "profile|image_size", validate_size);
	cfg_set_validate_func(cfg, "profile|budget", validate_duration);
	cfg_set_validate_func(cfg, "profile|age_fill", validate_age_fill);
	cfg_set_validate_func(cfg, "filesystem|journal_size", validate_size);
	cfg_set_validate_func(cfg, "filesystem|crash", validate_crash);
	cfg_set_validate_func(cfg, "filesystem|checksums", validate_checksums);
	cfg_set_validate_func(cfg, "filesystem|snapshots", validate_tri);
	cfg_set_validate_func(cfg, "filesystem|compression", validate_tri);
	cfg_set_validate_func(cfg, "filesystem|grow", validate_resize);
	cfg_set_validate_func(cfg, "filesystem|shrink", validate_resize);
	cfg_set_validate_func(cfg, "filesystem|support", validate_support);
	for (size_t i = 0; i < FSB_ARRAY_SIZE(nonneg); i++)
		cfg_set_validate_func(cfg, nonneg[i], validate_nonneg);
	return cfg;
}

/* ---- conversion ---------------------------------------------------------- *
 * A section is applied onto a struct.  When overlay is true (the user's file
 * on top of the system file) only the options the file actually set are
 * applied, so a user can change one option of a shipped profile. */

struct apply {
	cfg_t *sec;
	bool overlay;
	/* NULL, or where each key set is recorded (a section's checks of its
	 * keys together then name the key's line, not the section's end) */
	struct fsb_strv *key_at;
	const struct fsb_cfg_err *ce;    /* the parse, its text */
	const char *path;
};

/* Record that key was set at its line in a->sec, over an earlier file's. */
static void note_key(const struct apply *a, const char *key)
{
	cfg_opt_t *o = cfg_getopt(a->sec, key);
	struct fsb_strv *k = a->key_at;

	/* a default libconfuse filled in was set by no line */
	if (!k || !o || !(o->flags & CFGF_MODIFIED))
		return;
	for (size_t i = 0; i + 1 < k->n; i += 2)
		if (strcmp(k->v[i], key) == 0) {
			free(k->v[i + 1]);
			k->v[i + 1] = fsb_xasprintf("%s:%d", a->path, fsb_cfg_key_line(a->ce, a->sec, key));
			return;
		}
	fsb_strv_add(k, key);
	fsb_strv_addf(k, "%s:%d", a->path, fsb_cfg_key_line(a->ce, a->sec, key));
}

const char *fsb_config_key_origin(const struct fsb_strv *key_at, const char *origin, const char *key)
{
	for (size_t i = 0; i + 1 < key_at->n; i += 2)
		if (strcmp(key_at->v[i], key) == 0)
			return key_at->v[i + 1];
	return origin;
}

static bool set_here(const struct apply *a, const char *key)
{
	cfg_opt_t *o = cfg_getopt(a->sec, key);
	bool here = !a->overlay || (o && (o->flags & CFGF_MODIFIED));

	if (here && a->sec)
		note_key(a, key);
	return here;
}

static void ap_str(const struct apply *a, const char *key, char **dst)
{
	if (!set_here(a, key))
		return;
	free(*dst);
	*dst = fsb_xstrdup(cfg_getstr(a->sec, key) ? cfg_getstr(a->sec, key) : "");
}

static void ap_strv(const struct apply *a, const char *key, struct fsb_strv *dst)
{
	if (!set_here(a, key))
		return;
	fsb_strv_free(dst);
	for (unsigned i = 0; i < cfg_size(a->sec, key); i++)
		fsb_strv_add(dst, cfg_getnstr(a->sec, key, i));
}

static void ap_long(const struct apply *a, const char *key, long *dst)
{
	if (set_here(a, key))
		*dst = cfg_getint(a->sec, key);
}

static void ap_double(const struct apply *a, const char *key, double *dst)
{
	if (set_here(a, key))
		*dst = cfg_getfloat(a->sec, key);
}

static void ap_bool(const struct apply *a, const char *key, bool *dst)
{
	if (set_here(a, key))
		*dst = cfg_getbool(a->sec, key);
}

/* The words were validated when the file was read: parsing cannot fail here. */
static void apply_facts(const struct apply *a, struct fsb_fs_facts *f)
{
	if (set_here(a, "crash"))
		(void)fsb_crash_parse(cfg_getstr(a->sec, "crash"), &f->crash);
	if (set_here(a, "checksums"))
		(void)fsb_checksums_parse(cfg_getstr(a->sec, "checksums"), &f->checksums);
	if (set_here(a, "snapshots"))
		(void)tri_parse(cfg_getstr(a->sec, "snapshots"), &f->snapshots);
	if (set_here(a, "compression"))
		(void)tri_parse(cfg_getstr(a->sec, "compression"), &f->compression);
	if (set_here(a, "grow"))
		(void)fsb_resize_parse(cfg_getstr(a->sec, "grow"), &f->grow);
	if (set_here(a, "shrink"))
		(void)fsb_resize_parse(cfg_getstr(a->sec, "shrink"), &f->shrink);
	if (set_here(a, "support"))
		(void)fsb_support_parse(cfg_getstr(a->sec, "support"), &f->support);
	ap_str(a, "max_file", &f->max_file);
	ap_str(a, "max_volume", &f->max_volume);
	ap_str(a, "support_note", &f->support_note);
}

static void apply_fs(const struct apply *a, struct fsb_fs_profile *p)
{
	ap_str(a, "type", &p->type);
	ap_str(a, "description", &p->description);
	ap_str(a, "mkfs", &p->mkfs);
	ap_strv(a, "prepare", &p->prepare);
	ap_str(a, "mount_options", &p->mount_options);
	ap_str(a, "journal_size", &p->journal_size);
	ap_str(a, "version", &p->version);
	ap_str(a, "tool", &p->tool);
	ap_str(a, "package", &p->package);
	ap_str(a, "fsck", &p->fsck);
	ap_bool(a, "nodev", &p->nodev);
	apply_facts(a, &p->facts);
}

static void apply_phase(const struct apply *a, struct fsb_phase_def *p)
{
	char *kind = NULL, *drop = NULL;

	ap_str(a, "label", &p->label);
	ap_str(a, "description", &p->description);
	ap_str(a, "group", &p->group);
	ap_str(a, "command", &p->command);
	ap_str(a, "setup", &p->setup);
	ap_str(a, "teardown", &p->teardown);
	ap_str(a, "cwd", &p->cwd);
	ap_strv(a, "env", &p->env);
	ap_strv(a, "needs", &p->needs);
	ap_strv(a, "requires", &p->requires);
	ap_bool(a, "empties", &p->empties);
	ap_bool(a, "sync", &p->sync);
	ap_double(a, "timeout", &p->timeout);
	ap_str(a, "kind", &kind);
	if (kind && fsb_phase_kind_parse(kind, &p->kind))
		p->kind = FSB_PHASE_COMMAND;	/* validate_kind refused it already */
	ap_str(a, "drop_caches", &drop);
	if (drop)
		p->drop_caches = strcmp(drop, "default") == 0 ? -1 : cfg_parse_boolean(drop);
	free(kind);
	free(drop);
}

static void apply_profile(const struct apply *a, struct fsb_size_profile *p)
{
	ap_str(a, "description", &p->description);
	ap_str(a, "source", &p->source);
	ap_long(a, "tree_files", &p->tree_files);
	ap_long(a, "compile_units", &p->compile_units);
	ap_long(a, "tree_seed", &p->tree_seed);
	ap_str(a, "kconfig", &p->kconfig);
	ap_str(a, "deb_suite", &p->deb_suite);
	ap_str(a, "deb_variant", &p->deb_variant);
	ap_bool(a, "deb_foreign", &p->deb_foreign);
	ap_str(a, "image_size", &p->image_size);
	ap_str(a, "synth_size", &p->synth_size);
	ap_long(a, "synth_chunk", &p->synth_chunk);
	ap_long(a, "synth_files", &p->synth_files);
	ap_long(a, "synth_file_min", &p->synth_file_min);
	ap_long(a, "synth_file_max", &p->synth_file_max);
	ap_long(a, "synth_dirs", &p->synth_dirs);
	ap_long(a, "synth_seekers", &p->synth_seekers);
	ap_long(a, "synth_seeks", &p->synth_seeks);
	ap_str(a, "synth_data", &p->synth_data);
	ap_double(a, "min_duration", &p->min_duration);
	ap_double(a, "session_sd", &p->session_sd);
	ap_double(a, "age_fill", &p->age_fill);
	ap_long(a, "age_commits", &p->age_commits);
	ap_long(a, "age_tree_files", &p->age_tree_files);
	ap_long(a, "age_append_files", &p->age_append_files);
	ap_double(a, "age_seconds", &p->age_seconds);
	ap_long(a, "crash_states", &p->crash_states);
	ap_strv(a, "nominal", &p->nominal);
	ap_strv(a, "measured_cv", &p->measured_cv);
	ap_strv(a, "session_cv", &p->session_cv);
	if (set_here(a, "budget")) {
		const char *b = cfg_getstr(a->sec, "budget");

		/* validate_duration refused anything else already */
		if (!b || !*b || fsb_parse_duration(b, &p->budget))
			p->budget = 0;
	}
}

static void apply_defaults(const struct apply *a, struct fsb_defaults *d)
{
	ap_str(a, "profile", &d->profile);
	ap_str(a, "baseline", &d->baseline);
	ap_str(a, "image", &d->image);
	ap_str(a, "results_dir", &d->results_dir);
	ap_str(a, "cache_dir", &d->cache_dir);
	ap_strv(a, "filesystems", &d->fs);
	ap_strv(a, "phases", &d->phases);
	ap_long(a, "repeat", &d->repeat);
	ap_bool(a, "drop_caches", &d->drop_caches);
	ap_bool(a, "reformat_between", &d->reformat_between);
	ap_bool(a, "probe", &d->probe);
	ap_long(a, "jobs", &d->jobs);
	ap_double(a, "ci_target", &d->ci_target);
	ap_long(a, "max_repeat", &d->max_repeat);
	ap_double(a, "disturbed_cpu", &d->disturb.others_cpu);
	ap_double(a, "disturbed_psi_cpu", &d->disturb.psi_cpu);
	ap_double(a, "disturbed_steal", &d->disturb.steal);
	ap_double(a, "disturbed_swap", &d->disturb.swap_pages);
	ap_double(a, "disturbed_io", &d->disturb.io);
}

/* Where a section is, for the semantic checks' messages. */
static void set_origin(char **dst, const char *path, cfg_t *sec)
{
	free(*dst);
	*dst = sec && sec->line > 0 ? fsb_xasprintf("%s:%d", path, sec->line) : fsb_xstrdup(path);
}

static void convert(cfg_t *cfg, struct fsb_config *c, bool overlay, const char *path,
		    const struct fsb_cfg_err *ce)
{
	bool created;

	for (unsigned i = 0; i < cfg_size(cfg, "filesystem"); i++) {
		cfg_t *s = cfg_getnsec(cfg, "filesystem", i);
		struct fsb_fs_profile *p = fsb_named_get((void ***)&c->fs, &c->nfs, sizeof(*p),
						     cfg_title(s), &created);
		struct apply a = { s, overlay && !created, &p->key_at, ce, path };

		apply_fs(&a, p);
		set_origin(&p->origin, path, s);
	}
	for (unsigned i = 0; i < cfg_size(cfg, "phase"); i++) {
		cfg_t *s = cfg_getnsec(cfg, "phase", i);
		struct fsb_phase_def *p = fsb_named_get((void ***)&c->phases, &c->nphases, sizeof(*p),
						    cfg_title(s), &created);
		struct apply a = { s, overlay && !created, &p->key_at, ce, path };

		apply_phase(&a, p);
		set_origin(&p->origin, path, s);
	}
	for (unsigned i = 0; i < cfg_size(cfg, "profile"); i++) {
		cfg_t *s = cfg_getnsec(cfg, "profile", i);
		struct fsb_size_profile *p = fsb_named_get((void ***)&c->profiles, &c->nprofiles,
						       sizeof(*p), cfg_title(s), &created);
		struct apply a = { s, overlay && !created, &p->key_at, ce, path };

		apply_profile(&a, p);
		set_origin(&p->origin, path, s);
	}
	for (unsigned i = 0; i < cfg_size(cfg, "group"); i++) {
		cfg_t *s = cfg_getnsec(cfg, "group", i);
		struct fsb_phase_group *g = fsb_named_get((void ***)&c->groups, &c->ngroups, sizeof(*g),
						      cfg_title(s), &created);
		struct apply a = { s, overlay && !created, NULL, ce, path };

		ap_str(&a, "description", &g->description);
		set_origin(&g->origin, path, s);
	}
	{
		struct apply a = { cfg_getsec(cfg, "defaults"), overlay, &c->defaults.key_at, ce, path };

		apply_defaults(&a, &c->defaults);
		if (!overlay || (a.sec && a.sec->line > 0))
			set_origin(&c->defaults.origin, path, a.sec);
	}
}

/* ---- semantic checks ----------------------------------------------------- */

static bool valid_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("-_.+", *s))
			return false;
	return true;
}

/*
 * Templates are checked at load time: an unknown ${var} is an error of the
 * config (with its line), not of the run that would reach it.  The names
 * are those the devices and engine rooms provide: keep these lists in step
 * with fsb_fs_vars() (src/devices/fs.c) and phase_vars() (src/engine/engine.c).
 */
static const char *const fs_vars[] = {
	"dev", "x", "journal", "x", "uuid", "x", "label", "x", "size", "x", NULL, NULL,
};
static const char *const phase_vars[] = {
	"mnt", "x", "src", "x", "tree", "x", "treename", "x", "jobs", "x", "cache", "x",
	"kconfig", "x", "debtarball", "x", "deb_suite", "x", "@deb_args", "x", "dev", "x",
	"journal", "x", "uuid", "x", "size", "x", NULL, NULL,
};

static int check_template(const char *origin, const char *what, const char *name, const char *key,
			  const char *tmpl, const char *const *vars, struct fsb_err *err)
{
	char *out = NULL;
	int rc;

	if (!tmpl)
		return 0;
	rc = fsb_subst(tmpl, vars, false, &out, err);
	free(out);
	if (rc)
		fsb_err_prefix(err, "%s: %s \"%s\": %s", origin, what, name, key);
	return rc;
}

/* A list of "PHASE=NUMBER" with 0 <= NUMBER <= max (nominal, measured_cv). */
static int check_figures(const struct fsb_size_profile *p, const char *key, const struct fsb_strv *list,
			 const char *unit, double max, struct fsb_err *err)
{
	for (size_t k = 0; k < list->n; k++) {
		const char *eq = strchr(list->v[k], '=');
		char *end;
		double x = eq ? strtod(eq + 1, &end) : -1;

		if (!eq || eq == list->v[k] || end == eq + 1 || *end || !(x >= 0) || !isfinite(x) || x > max)
			return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": %s \"%s\" is not PHASE=%s",
					   fsb_config_key_origin(&p->key_at, p->origin, key), p->name, key, list->v[k], unit);
	}
	return 0;
}

/* One filesystem profile's semantic checks. */
static int check_fs(const struct fsb_fs_profile *p, struct fsb_err *err)
{
	int rc;

	if (!valid_name(p->name))
		return fsb_err_set(err, -EINVAL, "%s: filesystem \"%s\": a name may only contain letters, digits and - _ . +",
				   p->origin, p->name);
	if (!p->type || !*p->type)
		return fsb_err_set(err, -EINVAL, "%s: filesystem \"%s\" has no type (the kernel's name, e.g. type = \"ext4\")",
				   p->origin, p->name);
	if (!p->nodev && !*p->mkfs)
		return fsb_err_set(err, -EINVAL, "%s: filesystem \"%s\" has no mkfs command (set nodev = true for tmpfs-like types)",
				   p->origin, p->name);
	if (!p->nodev && !strstr(p->mkfs, "${dev}"))
		return fsb_err_set(err, -EINVAL, "%s: filesystem \"%s\": mkfs does not mention ${dev}",
				   fsb_config_key_origin(&p->key_at, p->origin, "mkfs"), p->name);
	if (*p->journal_size && !strstr(p->mkfs, "${journal}"))
		return fsb_err_set(err, -EINVAL, "%s: filesystem \"%s\": journal_size is set but mkfs does not use ${journal}",
				   fsb_config_key_origin(&p->key_at, p->origin, "journal_size"), p->name);
	rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "mkfs"), "filesystem", p->name, "mkfs", p->mkfs, fs_vars, err);
	for (size_t k = 0; !rc && k < p->prepare.n; k++)
		rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "prepare"), "filesystem", p->name, "prepare", p->prepare.v[k], fs_vars, err);
	if (!rc)
		rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "mount_options"), "filesystem", p->name, "mount_options", p->mount_options,
				    fs_vars, err);
	if (!rc && *p->fsck && !strstr(p->fsck, "${dev}"))
		rc = fsb_err_set(err, -EINVAL, "%s: filesystem \"%s\": fsck does not mention ${dev}",
				 fsb_config_key_origin(&p->key_at, p->origin, "fsck"), p->name);
	if (!rc)
		rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "fsck"), "filesystem", p->name, "fsck", p->fsck, fs_vars, err);
	return rc;
}

/* The aging keys beyond what their validators check (engine/aging.h has
 * the same bounds: FSB_AGE_MIN_TREE, FSB_AGE_MAX_TREE, FSB_AGE_MAX_APPEND). */
static int check_aging(const struct fsb_size_profile *p, struct fsb_err *err)
{
	if (p->age_tree_files < 20 || p->age_tree_files > 2000000)
		return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": age_tree_files = %ld must be from 20 to 2000000",
				   fsb_config_key_origin(&p->key_at, p->origin, "age_tree_files"), p->name, p->age_tree_files);
	if (p->age_append_files > 10000)
		return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": age_append_files = %ld is too many (at most 10000)",
				   fsb_config_key_origin(&p->key_at, p->origin, "age_append_files"), p->name, p->age_append_files);
	if (p->crash_states < 1 || p->crash_states > 10000)
		return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": crash_states = %ld must be from 1 to 10000",
				   fsb_config_key_origin(&p->key_at, p->origin, "crash_states"), p->name, p->crash_states);
	return 0;
}

static int check(const struct fsb_config *c, const char *file, struct fsb_err *err)
{
	const struct fsb_defaults *d = &c->defaults;
	const char *dfile = d->origin ? d->origin : file;
	int rc;

	for (size_t i = 0; i < c->nfs; i++)
		if ((rc = check_fs(c->fs[i], err)))
			return rc;
	for (size_t i = 0; i < c->nphases; i++) {
		const struct fsb_phase_def *p = c->phases[i];

		if (!valid_name(p->name))
			return fsb_err_set(err, -EINVAL, "%s: phase \"%s\": a name may only contain letters, digits and - _ . +",
					   p->origin, p->name);
		if (p->kind == FSB_PHASE_COMMAND && !*p->command)
			return fsb_err_set(err, -EINVAL, "%s: phase \"%s\" has no command", p->origin, p->name);
		if (p->drop_caches < -1)
			return fsb_err_set(err, -EINVAL, "%s: phase \"%s\": drop_caches must be true, false or \"default\"",
					   fsb_config_key_origin(&p->key_at, p->origin, "drop_caches"), p->name);
		rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "command"), "phase", p->name, "command", p->command, phase_vars, err);
		if (!rc)
			rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "setup"), "phase", p->name, "setup", p->setup, phase_vars, err);
		if (!rc)
			rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "teardown"), "phase", p->name, "teardown", p->teardown, phase_vars, err);
		if (!rc)
			rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "cwd"), "phase", p->name, "cwd", p->cwd, phase_vars, err);
		if (!rc)
			rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "label"), "phase", p->name, "label", p->label, phase_vars, err);
		for (size_t k = 0; !rc && k < p->env.n; k++)
			rc = check_template(fsb_config_key_origin(&p->key_at, p->origin, "env"), "phase", p->name, "env", p->env.v[k], phase_vars, err);
		if (rc)
			return rc;
	}
	for (size_t i = 0; i < c->nprofiles; i++) {
		const struct fsb_size_profile *p = c->profiles[i];
		long ch = p->synth_chunk;

		if (ch < 256 || ch > (1L << 20) || (ch & (ch - 1)))
			return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": synth_chunk = %ld must be a power of two from 256 to 1048576",
					   fsb_config_key_origin(&p->key_at, p->origin, "synth_chunk"), p->name, ch);
		if (p->synth_file_max < p->synth_file_min)
			return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": synth_file_max is smaller than synth_file_min",
					   fsb_config_key_origin(&p->key_at, p->origin, "synth_file_max"), p->name);
		if (p->synth_data && *p->synth_data && strcmp(p->synth_data, "random") &&
		    strcmp(p->synth_data, "compressible"))
			return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": synth_data = \"%s\": expected \"random\" or \"compressible\"",
					   fsb_config_key_origin(&p->key_at, p->origin, "synth_data"), p->name, p->synth_data);
		if ((rc = check_aging(p, err)))
			return rc;
		if (p->tree_files < 20)
			return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": tree_files = %ld is too small (at least 20)",
					   fsb_config_key_origin(&p->key_at, p->origin, "tree_files"), p->name, p->tree_files);
		/* more units than files is nonsense whatever the tree; whether
		 * this tree has that many is the generator's to say (treegen.h) */
		if (p->compile_units > p->tree_files)
			return fsb_err_set(err, -EINVAL, "%s: profile \"%s\": compile_units = %ld is more than tree_files = %ld",
					   fsb_config_key_origin(&p->key_at, p->origin, "compile_units"), p->name, p->compile_units, p->tree_files);
		rc = check_figures(p, "nominal", &p->nominal, "SECONDS", INFINITY, err);
		if (!rc)
			rc = check_figures(p, "measured_cv", &p->measured_cv, "FRACTION", 10, err);
		if (!rc)
			rc = check_figures(p, "session_cv", &p->session_cv, "FRACTION", 10, err);
		if (rc)
			return rc;
	}
	if (!fsb_config_profile(c, d->profile))
		return fsb_err_set(err, -EINVAL, "%s: defaults: profile \"%s\" is not defined",
				   fsb_config_key_origin(&d->key_at, dfile, "profile"), d->profile);
	if (!fsb_config_fs(c, d->baseline))
		return fsb_err_set(err, -EINVAL, "%s: defaults: baseline \"%s\" is not a defined filesystem",
				   fsb_config_key_origin(&d->key_at, dfile, "baseline"), d->baseline);
	for (size_t i = 0; i < d->fs.n; i++)
		if (!fsb_config_fs(c, d->fs.v[i]))
			return fsb_err_set(err, -EINVAL, "%s: defaults: filesystem \"%s\" is not defined",
					   fsb_config_key_origin(&d->key_at, dfile, "filesystems"), d->fs.v[i]);
	for (size_t i = 0; i < d->phases.n; i++)
		if (!fsb_config_phase(c, d->phases.v[i]))
			return fsb_err_set(err, -EINVAL, "%s: defaults: phase \"%s\" is not defined",
					   fsb_config_key_origin(&d->key_at, dfile, "phases"), d->phases.v[i]);
	if (d->repeat < 1)
		return fsb_err_set(err, -EINVAL, "%s: defaults: repeat must be at least 1",
				   fsb_config_key_origin(&d->key_at, dfile, "repeat"));
	return fsb_prereq_check_config(c, file, err);
}

/* ---- loading ------------------------------------------------------------- */

static int parse_into(struct fsb_config *c, const char *path, const char *buf, bool overlay,
		      struct fsb_err *err)
{
	struct fsb_cfg_err ce;
	cfg_t *cfg = new_cfg(&ce, path);
	int rc = buf ? fsb_cfg_parse_buf(cfg, &ce, buf) : fsb_cfg_parse_file(cfg, &ce, path);

	if (rc) {
		fsb_err_set(err, rc, "%s", ce.msg);
		goto out;
	}
	convert(cfg, c, overlay, path, &ce);
out:
	fsb_cfg_err_free(&ce);
	cfg_free(cfg);
	return rc;
}

/* The shipped file: the source tree's copy when this binary is the one in
 * the build directory, else the installed one. */
static char *system_path(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			size_t len = strlen(FSB_ABS_BUILDDIR);

			/* tests/unit binaries live one or two levels below; a
			 * whole path component, so that a build in /usr/b is not
			 * taken for an installed /usr/bin/fsbench */
			if (strncmp(exe, FSB_ABS_BUILDDIR, len) == 0 && (exe[len] == '\0' || exe[len] == '/'))
				return fsb_xasprintf("%s/data/fsbench.conf", FSB_ABS_SRCDIR);
		}
	}
	return fsb_xasprintf("%s/fsbench/fsbench.conf", FSB_SYSCONFDIR);
}

static int load(const char *path, const char *buf, struct fsb_config **out, struct fsb_err *err)
{
	struct fsb_config *c = fsb_xcalloc(1, sizeof(*c));
	char *user = NULL;
	int rc;

	c->path = path ? fsb_xstrdup(path) : system_path();
	rc = parse_into(c, c->path, buf, false, err);
	if (rc)
		goto out;
	if (!path && !buf) {
		char *dir = fsb_xdg_dir("config");

		user = fsb_xasprintf("%s/fsbench.conf", dir);
		free(dir);
		if (access(user, F_OK) == 0) {
			rc = parse_into(c, user, NULL, true, err);
			if (rc)
				goto out;
			c->user_path = user;
			user = NULL;
		}
	}
	rc = check(c, c->user_path ? c->user_path : c->path, err);
	if (rc)
		goto out;
	*out = c;
	c = NULL;
out:
	free(user);
	fsb_config_free(c);
	return rc;
}

int fsb_config_load(const char *path, struct fsb_config **out, struct fsb_err *err)
{
	return load(path, NULL, out, err);
}

int fsb_config_load_buf(const char *buf, const char *name, struct fsb_config **out,
			struct fsb_err *err)
{
	return load(name, buf, out, err);
}

int fsb_config_load_layered_buf(const char *sys, const char *sys_name, const char *user,
				const char *user_name, struct fsb_config **out, struct fsb_err *err)
{
	struct fsb_config *c = fsb_xcalloc(1, sizeof(*c));
	int rc;

	c->path = fsb_xstrdup(sys_name);
	rc = parse_into(c, c->path, sys, false, err);
	if (!rc && user) {
		rc = parse_into(c, user_name, user, true, err);
		if (!rc)
			c->user_path = fsb_xstrdup(user_name);
	}
	if (!rc)
		rc = check(c, c->user_path ? c->user_path : c->path, err);
	if (!rc) {
		*out = c;
		c = NULL;
	}
	fsb_config_free(c);
	return rc;
}

void fsb_config_free(struct fsb_config *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nfs; i++) {
		struct fsb_fs_profile *p = c->fs[i];

		free(p->name);
		free(p->type);
		free(p->description);
		free(p->mkfs);
		fsb_strv_free(&p->prepare);
		free(p->mount_options);
		free(p->journal_size);
		free(p->version);
		free(p->tool);
		free(p->package);
		free(p->fsck);
		fsb_facts_free(&p->facts);
		fsb_strv_free(&p->key_at);
		free(p->origin);
		free(p);
	}
	for (size_t i = 0; i < c->nphases; i++) {
		struct fsb_phase_def *p = c->phases[i];

		free(p->name);
		free(p->label);
		free(p->description);
		free(p->group);
		free(p->command);
		free(p->setup);
		free(p->teardown);
		free(p->cwd);
		fsb_strv_free(&p->env);
		fsb_strv_free(&p->needs);
		fsb_strv_free(&p->requires);
		fsb_strv_free(&p->key_at);
		free(p->origin);
		free(p);
	}
	for (size_t i = 0; i < c->nprofiles; i++) {
		struct fsb_size_profile *p = c->profiles[i];

		free(p->name);
		free(p->description);
		free(p->source);
		free(p->kconfig);
		free(p->deb_suite);
		free(p->deb_variant);
		free(p->image_size);
		free(p->synth_size);
		free(p->synth_data);
		fsb_strv_free(&p->key_at);
		free(p->origin);
		fsb_strv_free(&p->nominal);
		fsb_strv_free(&p->measured_cv);
		fsb_strv_free(&p->session_cv);
		free(p);
	}
	for (size_t i = 0; i < c->ngroups; i++) {
		free(c->groups[i]->name);
		free(c->groups[i]->description);
		free(c->groups[i]->origin);
		free(c->groups[i]);
	}
	free(c->fs);
	free(c->phases);
	free(c->profiles);
	free(c->groups);
	free(c->defaults.profile);
	free(c->defaults.baseline);
	free(c->defaults.image);
	free(c->defaults.results_dir);
	free(c->defaults.cache_dir);
	fsb_strv_free(&c->defaults.fs);
	fsb_strv_free(&c->defaults.phases);
	free(c->defaults.origin);
	fsb_strv_free(&c->defaults.key_at);
	free(c->path);
	free(c->user_path);
	free(c);
}

const struct fsb_fs_profile *fsb_config_fs(const struct fsb_config *c, const char *name)
{
	for (size_t i = 0; i < c->nfs; i++)
		if (strcmp(c->fs[i]->name, name) == 0)
			return c->fs[i];
	return NULL;
}

const struct fsb_phase_def *fsb_config_phase(const struct fsb_config *c, const char *name)
{
	for (size_t i = 0; i < c->nphases; i++)
		if (strcmp(c->phases[i]->name, name) == 0)
			return c->phases[i];
	return NULL;
}

const struct fsb_size_profile *fsb_config_profile(const struct fsb_config *c, const char *name)
{
	for (size_t i = 0; i < c->nprofiles; i++)
		if (strcmp(c->profiles[i]->name, name) == 0)
			return c->profiles[i];
	return NULL;
}

const struct fsb_phase_group *fsb_config_group(const struct fsb_config *c, const char *name)
{
	return fsb_named_find((void *const *)c->groups, c->ngroups, name);
}

char *fsb_config_phase_names(const struct fsb_config *c)
{
	struct fsb_strv sv = { 0 };
	char *s;

	for (size_t i = 0; i < c->nphases; i++)
		fsb_strv_add(&sv, c->phases[i]->name);
	s = fsb_strv_join(&sv, ", ");
	fsb_strv_free(&sv);
	return s;
}

char *fsb_config_fs_names(const struct fsb_config *c)
{
	struct fsb_strv sv = { 0 };
	char *s;

	for (size_t i = 0; i < c->nfs; i++)
		fsb_strv_add(&sv, c->fs[i]->name);
	s = fsb_strv_join(&sv, ", ");
	fsb_strv_free(&sv);
	return s;
}

/* ---- templates ----------------------------------------------------------- */

int fsb_subst(const char *tmpl, const char *const *vars, bool quote, char **out,
	      struct fsb_err *err)
{
	struct fsb_buf b = { 0 };
	const char *p = tmpl;
	int rc = 0;

	fsb_buf_add(&b, "");
	while (*p) {
		const char *end, *val = NULL;
		bool raw = false;
		size_t n;

		if (p[0] == '$' && p[1] == '$') {
			fsb_buf_add(&b, "$");
			p += 2;
			continue;
		}
		if (p[0] != '$' || p[1] != '{') {
			fsb_buf_addn(&b, p, 1);
			p++;
			continue;
		}
		end = strchr(p + 2, '}');
		if (!end) {
			rc = fsb_err_set(err, -EINVAL, "unterminated \"${\" in \"%s\"", tmpl);
			goto out;
		}
		n = (size_t)(end - (p + 2));
		for (const char *const *v = vars; v && v[0]; v += 2) {
			/* "@name": a list of words fsbench made itself, not quoted */
			bool words = v[0][0] == '@';
			const char *name = v[0] + words;

			if (strlen(name) == n && strncmp(name, p + 2, n) == 0) {
				val = v[1];
				raw = words;
				break;
			}
		}
		if (!val) {
			rc = fsb_err_set(err, -EINVAL, "unknown variable ${%.*s} in \"%s\"", (int)n, p + 2, tmpl);
			goto out;
		}
		if (quote && !raw) {
			char *q = fsb_shell_quote(val);

			fsb_buf_add(&b, q);
			free(q);
		} else {
			fsb_buf_add(&b, val);
		}
		p = end + 1;
	}
	*out = fsb_buf_steal(&b);
out:
	fsb_buf_free(&b);
	return rc;
}

/* The number after "PHASE=" in a list checked by check_figures(), or NAN. */
static double figure(const struct fsb_strv *list, const char *phase)
{
	size_t n = strlen(phase);

	for (size_t k = 0; k < list->n; k++)
		if (!strncmp(list->v[k], phase, n) && list->v[k][n] == '=')
			return strtod(list->v[k] + n + 1, NULL);
	return NAN;
}

double fsb_profile_nominal(const struct fsb_size_profile *p, const char *phase)
{
	return p ? figure(&p->nominal, phase) : NAN;
}

double fsb_profile_measured_cv(const struct fsb_size_profile *p, const char *phase)
{
	return p ? figure(&p->measured_cv, phase) : NAN;
}

double fsb_profile_session_cv(const struct fsb_size_profile *p, const char *phase)
{
	return p ? figure(&p->session_cv, phase) : NAN;
}
