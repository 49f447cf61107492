/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A result's plan, to run it again here (like.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/like.h"
#include "model/crashcell.h"
#include "model/diskwork.h"
#include "engine/avail.h"
#include "engine/synth.h"
#include "engine/workload.h"
#include "devices/fs.h"
#include "model/kinds.h"
#include "sys/sysinfo.h"

/* What a variable's value is made of: a device or journal path, a UUID, a
 * size, a label — never a space, a comma or an '=' (another option). */
static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("/._:-+", c));
}

/* Could s be what template t made?  Each ${var} stood for one word
 * (word_char).  A recorded template (a filesystem that was never made)
 * matches itself. */
#define MADE_WORD_MAX 256
static bool made_from(const char *t, const char *s)
{
	if (!*t)
		return !*s;
	if (t[0] == '$' && t[1] == '{') {
		const char *end = strchr(t, '}');

		if (!end)
			return strcmp(t, s) == 0;
		if (strncmp(s, t, (size_t)(end - t + 1)) == 0 && made_from(end + 1, s + (end - t + 1)))
			return true;
		/* the shortest word first (an empty ${label} too); a word of a
		 * device, UUID or size is short, and a template has a handful of
		 * variables, so a hostile file cannot make this search long */
		for (size_t k = 0; k <= MADE_WORD_MAX; k++) {
			if (made_from(end + 1, s + k))
				return true;
			if (!word_char(s[k]))
				break;
		}
		return false;
	}
	return *t == *s && made_from(t + 1, s + 1);
}

/* made_from, for a recorded string of any length */
static bool matches(const char *t, const char *s)
{
	return strlen(s) <= 4096 && made_from(t, s);
}

/* The words of the recorded command line after "run", split at spaces: the
 * options without a value of their own that decide a plan are single words. */
static void recorded_words(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_strv all = { 0 };
	bool after = false;

	if (!res->command)
		return;
	fsb_strv_split(&all, res->command, ' ');
	for (size_t i = 0; i < all.n; i++) {
		if (after && *all.v[i])
			fsb_strv_add(out, all.v[i]);
		after |= strcmp(all.v[i], "run") == 0;
	}
	fsb_strv_free(&all);
}

/* Does the recorded command line hold the option id (without a value)? */
static bool recorded_flag(const struct fsb_strv *w, enum fsb_opt id)
{
	char word[64];

	snprintf(word, sizeof(word), "--%s", fsb_opt_info(id)->name);
	return fsb_strv_contains(w, word);
}

/* The jobs option of the recorded command line, in any of its four
 * spellings (long or short letter, value apart or joined): 0 when absent. */
static long recorded_jobs(const struct fsb_strv *w)
{
	const struct fsb_opt_info *o = fsb_opt_info(FSB_OPT_JOBS);
	char lng[64], shrt[4];
	size_t nl;

	snprintf(lng, sizeof(lng), "--%s", o->name);
	snprintf(shrt, sizeof(shrt), "-%c", o->letter);
	nl = strlen(lng);
	for (size_t i = 0; i < w->n; i++) {
		const char *v = NULL;

		if ((strcmp(w->v[i], lng) == 0 || strcmp(w->v[i], shrt) == 0) && i + 1 < w->n)
			v = w->v[i + 1];
		else if (strncmp(w->v[i], lng, nl) == 0 && w->v[i][nl] == '=')
			v = w->v[i] + nl + 1;
		else if (strncmp(w->v[i], shrt, 2) == 0 && w->v[i][2])
			v = w->v[i] + 2;
		if (v) {
			char *end;
			long n = strtol(v, &end, 10);

			return *end || n < 1 ? 0 : n;
		}
	}
	return 0;
}

static void take_profile(struct fsb_plan *plan, const struct fsb_result *res, struct fsb_strv *missing,
			 struct fsb_strv *notes)
{
	const struct fsb_size_profile *p = res->profile ? fsb_config_profile(plan->cfg, res->profile) : NULL;
	struct fsb_synth_params sp;
	struct fsb_workload w;
	struct fsb_err err = { 0 };

	if (!res->profile) {
		fsb_strv_add(missing, "the result records no size profile");
		return;
	}
	free(plan->profile);
	plan->profile = fsb_xstrdup(res->profile);
	if (!p) {
		fsb_strv_addf(missing, "profile %s: not defined here (fsbench list)", res->profile);
		return;
	}
	fsb_workload_init(&w, plan->cfg, p);
	if (!res->workload)
		fsb_strv_addf(notes, "the result records only the profile's name: its sizes are this machine's "
			      "profile %s (%s)", p->name, w.describe ? w.describe : p->description);
	else if (!w.describe || strcmp(w.describe, res->workload))
		fsb_strv_addf(missing, "profile %s: here it makes %s, the result's made %s", p->name,
			      w.describe ? w.describe : "no source tree", res->workload);
	fsb_workload_free(&w);
	if (fsb_synth_params_from_profile(p, fsb_sysinfo_ram_bytes(), &sp, &err)) {
		fsb_strv_addf(missing, "profile %s: %s", p->name, err.msg);
		return;
	}
	/* the built-in phases record the sizes they used in every run */
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];
			static const struct { enum fsb_field f; const char *what; } keys[] = {
				{ FSB_FIELD_chunk, "chunk" }, { FSB_FIELD_file_min, "smallest file" },
				{ FSB_FIELD_file_max, "largest file" }, { FSB_FIELD_seekers, "seekers" },
			};

			for (size_t r = 0; r < ph->nruns; r++)
				for (size_t k = 0; k < FSB_ARRAY_SIZE(keys); k++) {
					double was = ph->runs[r].v[keys[k].f];
					double here = keys[k].f == FSB_FIELD_chunk ? (double)sp.chunk
						      : keys[k].f == FSB_FIELD_file_min ? (double)sp.file_min
						      : keys[k].f == FSB_FIELD_file_max ? (double)sp.file_max
						      : (double)sp.seekers;

					if (isnan(was) || was == here)
						continue;
					fsb_strv_addf(missing, "profile %s: phase %s ran with %s %.0f, here it would be %.0f",
						      p->name, ph->name, keys[k].what, was, here);
					return;	/* one line says it; the other runs would repeat it */
				}
		}
}

static void take_filesystems(struct fsb_plan *plan, const struct fsb_result *res, struct fsb_strv *missing)
{
	fsb_strv_free(&plan->fs);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *f = res->fs[i];
		const struct fsb_fs_profile *p = fsb_plan_fs_profile(plan->cfg, f->name);
		struct fsb_err why = { 0 };

		fsb_strv_add(&plan->fs, f->name);
		if (!p) {
			fsb_strv_addf(missing, "%s: no filesystem of that name is defined here (fsbench list)", f->name);
			continue;
		}
		if (f->type && strcmp(f->type, p->type))
			fsb_strv_addf(missing, "%s: here it is a %s, the result's was a %s", f->name, p->type, f->type);
		else if (fsb_fs_available(p, &why))
			fsb_strv_addf(missing, "%s: %s", f->name, why.msg);
		else if (*p->journal_size && plan->target == FSB_TARGET_DEVICE && !plan->journal_device)
			fsb_strv_addf(missing, "%s: needs a second device for its external journal (%s)", f->name,
				      fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, NULL));
		if (f->mkfs && !matches(p->mkfs, f->mkfs))
			fsb_strv_addf(missing, "%s: mkfs here is '%s', the result ran '%s'", f->name, p->mkfs, f->mkfs);
		if (f->mount_options && !matches(p->mount_options, f->mount_options))
			fsb_strv_addf(missing, "%s: mount options here are '%s', the result's were '%s'", f->name,
				      p->mount_options, f->mount_options);
	}
	if (plan->target == FSB_TARGET_DIR && res->target.kind != FSB_TARGET_DIR)
		fsb_strv_addf(missing, "%s: a directory is not reformatted, and the result formatted %zu filesystem%s "
			      "(give %s or %s)", fsb_opt_say(FSB_OPT_DIR, plan->path), res->nfs,
			      res->nfs == 1 ? "" : "s", fsb_opt_say(FSB_OPT_IMAGE, NULL), fsb_opt_say(FSB_OPT_TARGET, NULL));
}

/* The recorded phase of that name in any filesystem, or NULL. */
static const struct fsb_phase_result *recorded_phase(const struct fsb_result *res, const char *name)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], name);

		if (ph && (ph->kind != FSB_PHASE_KIND_NONE || ph->command))
			return ph;
	}
	return NULL;
}

static void take_phases(struct fsb_plan *plan, const struct fsb_result *res, struct fsb_strv *missing,
			struct fsb_strv *notes)
{
	const struct fsb_size_profile *prof = fsb_config_profile(plan->cfg, plan->profile);
	struct fsb_strv names = { 0 };
	struct fsb_workload w;

	fsb_result_phases(res, &names);
	fsb_strv_free(&plan->phases);
	if (prof)
		fsb_workload_init(&w, plan->cfg, prof);
	for (size_t i = 0; i < names.n; i++) {
		const struct fsb_phase_def *def = fsb_config_phase(plan->cfg, names.v[i]);
		const struct fsb_phase_result *ph = recorded_phase(res, names.v[i]);
		struct fsb_err why = { 0 };

		fsb_strv_add(&plan->phases, names.v[i]);
		if (!def) {
			fsb_strv_addf(missing, "phase %s: not defined here (fsbench list; a phase of another "
				      "configuration needs that configuration file)", names.v[i]);
			continue;
		}
		if (ph && ph->kind != FSB_PHASE_KIND_NONE && ph->kind != def->kind)
			fsb_strv_addf(missing, "phase %s: here it is %s, the result's was %s", names.v[i],
				      fsb_phase_kind_word(def->kind), fsb_phase_kind_word(ph->kind));
		else if (ph && ph->command && def->kind == FSB_PHASE_COMMAND && strcmp(ph->command, def->command))
			fsb_strv_addf(missing, "phase %s: here it runs '%s', the result's ran '%s'", names.v[i],
				      def->command, ph->command);
		else if (!ph || (!ph->command && def->kind == FSB_PHASE_COMMAND))
			fsb_strv_addf(notes, "phase %s: the result records no command; it runs as defined here", names.v[i]);
		if (prof && fsb_phase_available(def, &w, prof, &why, NULL))
			fsb_strv_addf(missing, "phase %s: %s", names.v[i], why.msg);
	}
	if (prof)
		fsb_workload_free(&w);
	fsb_strv_free(&names);
}

/* Repetitions, rounds and budget, auto-repeat, order, seed, baseline, and
 * what only the command line records. */
static void take_schedule(struct fsb_plan *plan, const struct fsb_result *res, struct fsb_strv *missing,
			  struct fsb_strv *notes)
{
	struct fsb_strv words = { 0 };
	long jobs;

	/* every run in rounds records how many ran, a --repeat N run too; only
	 * settle mode records its budget (or how it ended: settled, budget,
	 * cap — a fixed run records only "stopped") */
	if (res->rounds > 0 && (res->budget_s > 0 || (res->ended != FSB_ENDED_NONE && res->ended != FSB_ENDED_STOPPED))) {
		plan->settle = true;
		plan->budget = res->budget_s > 0 ? (double)res->budget_s : -1;
	} else if (fsb_result_auto_repeated(res)) {
		plan->auto_repeat = true;
		plan->settle = false;
		fsb_strv_add(notes, "auto-repeat: the result records no CI target or cap; this machine's defaults are used");
	} else {
		plan->settle = false;
		plan->repeat = res->repeat > 0 ? res->repeat : 1;
	}
	if (res->order && fsb_order_parse(res->order, &plan->order))
		fsb_strv_addf(missing, "order %s: not an order fsbench knows", res->order);
	if (res->order_seed >= 0) {
		plan->seed = (unsigned long long)res->order_seed;
		plan->seed_set = true;
	} else if (fsb_crash_seed(res) >= 0) {
		/* one run in order records no order seed: its crash states' seed is the run's */
		plan->seed = (unsigned long long)fsb_crash_seed(res);
		plan->seed_set = true;
	} else {
		fsb_strv_add(notes, "the result records no seed of its order: a new one is drawn");
	}
	if (res->baseline) {
		free(plan->baseline);
		plan->baseline = fsb_xstrdup(res->baseline);
	}
	recorded_words(res, &words);
	plan->reformat_between = !recorded_flag(&words, FSB_OPT_NO_REFORMAT);
	plan->drop_caches = !recorded_flag(&words, FSB_OPT_NO_DROP_CACHES);
	/* how the probe ran, as the result records it; an older file: beside
	 * where its runs hold the probe's saves, not at all where they hold
	 * the device's counters without them (--no-probe, probe = false, an
	 * older fsbench); neither: what the command line says */
	if (res->probe >= 0 || fsb_diskwork_stalls_present(res))
		plan->probe = fsb_result_probe(res);
	else if (fsb_diskwork_present(res) || recorded_flag(&words, FSB_OPT_NO_PROBE))
		plan->probe = FSB_PROBE_OFF;
	jobs = recorded_jobs(&words);
	if (jobs)
		plan->jobs = jobs;
	else if (!res->command)
		fsb_strv_add(notes, "the result records no command line: make's jobs, reformatting and the page "
			     "cache follow this machine's defaults");
	fsb_strv_free(&words);
}

int fsb_plan_like(struct fsb_plan *plan, const struct fsb_result *res, struct fsb_strv *missing,
		  struct fsb_strv *notes)
{
	size_t before = missing->n;

	if (res->source_tool) {
		fsb_strv_addf(missing, "measured by %s%s%s, not by a plan fsbench runs (fsbench import)", res->source_tool,
			      res->source_version ? " " : "", res->source_version ? res->source_version : "");
		return -ENOENT;
	}
	if (!res->nfs)
		fsb_strv_add(missing, "the result holds no filesystem");
	take_profile(plan, res, missing, notes);
	take_filesystems(plan, res, missing);
	take_phases(plan, res, missing, notes);
	take_schedule(plan, res, missing, notes);
	/* an image as large as the result's, unless the caller said --size */
	if (plan->target == FSB_TARGET_IMAGE && !plan->image_size && res->target.kind == FSB_TARGET_IMAGE &&
	    res->target.size_mib > 0)
		plan->image_size = (unsigned long long)res->target.size_mib << 20;
	return missing->n > before ? -ENOENT : 0;
}

bool fsb_plan_like_takes(enum fsb_opt id)
{
	switch (id) {
	case FSB_OPT_FS: case FSB_OPT_PHASES: case FSB_OPT_AGE: case FSB_OPT_PROFILE: case FSB_OPT_REPEAT:
	case FSB_OPT_AUTO_REPEAT: case FSB_OPT_CI_TARGET: case FSB_OPT_MAX_REPEAT: case FSB_OPT_BUDGET:
	case FSB_OPT_NO_REFORMAT: case FSB_OPT_ORDER: case FSB_OPT_SEED: case FSB_OPT_BASELINE:
	case FSB_OPT_JOBS: case FSB_OPT_NO_DROP_CACHES: case FSB_OPT_PROBE: case FSB_OPT_NO_PROBE:
		return true;
	default:
		return false;
	}
}
