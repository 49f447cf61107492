/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsbench's JSON output (json.h, doc/json.md): a json-c tree built by a
 * small stack of open containers, and the document walked block by block.
 * Like the other renderers this decides only how a block is written, never
 * what is in the document.
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/json.h"
#include "doc/render.h"
#include "model/kinds.h"

#define MAX_DEPTH 16

struct fsb_json {
	struct json_object *root;
	struct json_object *open[MAX_DEPTH];  /* open[0] is root */
	size_t depth;                         /* open containers, >= 1 */
};

/* Put v where the builder stands: under key in an object, appended in an array. */
static void put(struct fsb_json *j, const char *key, struct json_object *v)
{
	struct json_object *at = j->open[j->depth - 1];

	if (json_object_is_type(at, json_type_array)) {
		json_object_array_add(at, v);
	} else {
		/* keys can be names from a result file (a filesystem's, in the
		 * recommendation's criteria): made visible as every string is, or
		 * a byte that is not UTF-8 makes the whole output invalid JSON */
		char *vis = fsb_xstr_visible(key);

		json_object_object_add(at, vis, v);
		free(vis);
	}
}

static struct json_object *jstr(const char *s)
{
	char *vis;
	struct json_object *o;

	if (!s)
		return NULL;
	vis = fsb_xstr_visible(s);
	o = json_object_new_string(vis);
	free(vis);
	return o;
}

/* JSON has no NaN nor infinity: a number that is not one is null. */
static struct json_object *jnum(double v)
{
	if (!isfinite(v))
		return NULL;
	/* integers print as integers (12, not 12.0) */
	if (v == floor(v) && fabs(v) < 1e15)
		return json_object_new_int64((int64_t)v);
	/* the shortest digits that read back as the same double: 24.38, not
	 * json-c's 24.379999999999999 */
	{
		char buf[32];

		for (int prec = 15; prec <= 17; prec++) {
			snprintf(buf, sizeof(buf), "%.*g", prec, v);
			if (strtod(buf, NULL) == v)
				break;
		}
		return json_object_new_double_s(v, buf);
	}
}

struct fsb_json *fsb_json_new(const char *command)
{
	struct fsb_json *j = fsb_xcalloc(1, sizeof(*j));

	j->root = json_object_new_object();
	j->open[0] = j->root;
	j->depth = 1;
	fsb_json_int(j, "schema_version", FSB_JSON_SCHEMA_VERSION);
	fsb_json_open(j, "tool", false);
	fsb_json_str(j, "name", "fsbench");
	fsb_json_str(j, "version", FSB_VERSION);
	fsb_json_close(j);
	fsb_json_str(j, "command", command);
	return j;
}

void fsb_json_str(struct fsb_json *j, const char *key, const char *s)
{
	put(j, key, jstr(s));
}

void fsb_json_num(struct fsb_json *j, const char *key, double v)
{
	put(j, key, jnum(v));
}

void fsb_json_int(struct fsb_json *j, const char *key, long long v)
{
	put(j, key, json_object_new_int64(v));
}

void fsb_json_bool(struct fsb_json *j, const char *key, bool v)
{
	put(j, key, json_object_new_boolean(v));
}

void fsb_json_strv(struct fsb_json *j, const char *key, const struct fsb_strv *v)
{
	fsb_json_open(j, key, true);
	for (size_t i = 0; v && i < v->n; i++)
		fsb_json_str(j, NULL, v->v[i]);
	fsb_json_close(j);
}

void fsb_json_list(struct fsb_json *j, const char *key, const char *commas)
{
	struct fsb_strv v = { 0 };

	if (commas)
		fsb_strv_split(&v, commas, ',');
	fsb_json_strv(j, key, &v);
	fsb_strv_free(&v);
}

/* "a|b, c" as [["a", "b"], ["c"]]: each entry the phases any of which will do */
static void json_alts(struct fsb_json *j, const char *key, const char *text)
{
	struct fsb_strv entries = { 0 };

	fsb_strv_split(&entries, text, ',');
	fsb_json_open(j, key, true);
	for (size_t k = 0; k < entries.n; k++) {
		struct fsb_strv alt = { 0 };

		fsb_strv_split(&alt, entries.v[k], '|');
		fsb_json_strv(j, NULL, &alt);
		fsb_strv_free(&alt);
	}
	fsb_json_close(j);
	fsb_strv_free(&entries);
}

void fsb_json_table(struct fsb_json *j, const char *key, const struct fsb_table *t)
{
	fsb_json_open(j, key ? key : t->id, true);
	for (size_t r = 0; t->cols && r < t->nrows; r++) {
		fsb_json_open(j, NULL, false);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_col_def *d = &t->cols[c];
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);

			if (!(d->flags & FSB_COL_JSON) || (cell->flags & FSB_CELL_ABSENT))
				continue;
			if (d->type == FSB_COL_BOOL)
				fsb_json_bool(j, d->id, cell->value != 0);
			else if (d->type == FSB_COL_INT)
				fsb_json_int(j, d->id, (long long)cell->value);
			else if (d->type == FSB_COL_LIST)
				fsb_json_list(j, d->id, cell->text);
			else if (d->type == FSB_COL_ALTS)
				json_alts(j, d->id, cell->text);
			else
				fsb_json_str(j, d->id, cell->flags & FSB_CELL_MISSING ? NULL : cell->text);
		}
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

void fsb_json_open(struct fsb_json *j, const char *key, bool array)
{
	struct json_object *o = array ? json_object_new_array() : json_object_new_object();

	put(j, key, o);
	/* deeper than any output of ours nests: a programming error, kept
	 * harmless (the values go into the innermost one we could open) */
	if (j->depth < MAX_DEPTH)
		j->open[j->depth++] = o;
}

void fsb_json_close(struct fsb_json *j)
{
	if (j->depth > 1)
		j->depth--;
}

/* ---- the document ----------------------------------------------------------- */

/*
 * The markers report.c writes into a number's text without a flag of its
 * own: "?" after a value whose every run was disturbed (unreliable), "~"
 * after a raw run that was disturbed (its OUTLIER flag says "left out").
 * Read from the end of the text, the one place they are, until report.c
 * carries them as flags.
 */
static void text_markers(const char *text, unsigned flags, bool *unreliable, bool *disturbed)
{
	size_t n = strlen(text);

	*unreliable = *disturbed = false;
	if (!(flags & FSB_CELL_NUMBER) || !n)
		return;
	*disturbed = text[n - 1] == '~';
	*unreliable = text[n - 1] == '?';
}

static void flags_fields(struct fsb_json *j, unsigned flags, const char *text)
{
	bool unreliable, disturbed;

	/* every flag always present: a script tests cell["significant"],
	 * never whether a key exists */
	for (size_t k = 0; fsb_cell_flag_words[k].flag; k++)
		fsb_json_bool(j, fsb_cell_flag_words[k].field, flags & fsb_cell_flag_words[k].flag);
	text_markers(text ? text : "", flags, &unreliable, &disturbed);
	fsb_json_bool(j, "unreliable", unreliable);
	fsb_json_bool(j, "disturbed", disturbed);
}

static void table(struct fsb_json *j, const struct fsb_table *t)
{
	fsb_json_str(j, "id", t->id);
	fsb_json_str(j, "title", t->title);
	fsb_json_str(j, "caption", t->caption);
	fsb_json_int(j, "header_rows", (long long)t->header_rows);
	fsb_json_int(j, "columns", (long long)t->ncols);
	fsb_json_open(j, "rows", true);
	for (size_t r = 0; r < t->nrows; r++) {
		fsb_json_open(j, NULL, true);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);

			fsb_json_open(j, NULL, false);
			fsb_json_str(j, "text", cell->text ? cell->text : "");
			fsb_json_num(j, "value", cell->value);
			fsb_json_int(j, "span", cell->span);
			flags_fields(j, cell->flags | (r < t->header_rows ? FSB_CELL_HEADER : 0), cell->text);
			fsb_json_close(j);
		}
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_strv(j, "notes", &t->notes);
}

static void chart(struct fsb_json *j, const struct fsb_chart *c)
{
	fsb_json_str(j, "title", c->title);
	fsb_json_num(j, "max", c->max);
	/* whose test the bars' lo, hi and significance are (doc/json.md) */
	fsb_json_str(j, "test", c->level > 0 ? "verdict" : "cells");
	fsb_json_num(j, "level", c->level > 0 ? c->level : 0.95);
	fsb_json_open(j, "bars", true);
	for (size_t i = 0; i < c->n; i++) {
		const struct fsb_bar *b = &c->bars[i];

		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "label", b->label);
		fsb_json_num(j, "value", b->value);
		fsb_json_num(j, "lo", b->lo);
		fsb_json_num(j, "hi", b->hi);
		fsb_json_str(j, "text", b->text ? b->text : "");
		flags_fields(j, b->flags, b->text);
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

static void series(struct fsb_json *j, const struct fsb_block *b)
{
	fsb_json_open(j, "lines", true);
	for (size_t i = 0; i < b->nseries; i++) {
		const struct fsb_series_line *l = &b->series[i];

		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "filesystem", l->fs);
		fsb_json_int(j, "repetition", l->rep);
		fsb_json_num(j, "step_s", l->s->step);
		fsb_json_int(j, "samples", (long long)l->s->n);
		fsb_json_open(j, "values", false);
		for (int k = 0; k < FSB_SERIES_COUNT; k++) {
			if (!l->s->v[k]) {
				fsb_json_str(j, fsb_series_infos[k].name, NULL);
				continue;
			}
			fsb_json_open(j, fsb_series_infos[k].name, true);
			for (size_t m = 0; m < l->s->n; m++)
				fsb_json_num(j, NULL, l->s->v[k][m]);
			fsb_json_close(j);
		}
		fsb_json_close(j);
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

static const char *rec_kind(enum fsb_rec_kind k)
{
	switch (k) {
	case FSB_REC_PICK: return "pick";
	case FSB_REC_CHOOSE: return "choose";
	case FSB_REC_CANNOT_TELL: return "cannot-tell";
	case FSB_REC_ONLY: return "only";
	case FSB_REC_TENTATIVE: return "tentative";
	case FSB_REC_NO_CANDIDATE: return "no-candidate";
	case FSB_REC_TOO_BUSY: return "too-busy";
	case FSB_REC_NONE: break;
	}
	return "none";
}

static void needs_json(struct fsb_json *j, const char *key, unsigned needs)
{
	fsb_json_open(j, key, true);
	for (unsigned bit = 1; bit < 1u << FSB_NEED_COUNT; bit <<= 1)
		if (needs & bit)
			fsb_json_str(j, NULL, fsb_need_name(bit));
	fsb_json_close(j);
}

static const char *noise_word(enum fsb_verdict_noise n);

/* What the answer rests on, as the verdict among the candidates judged it. */
static void rests_on_json(struct fsb_json *j, const struct fsb_recommendation *r)
{
	const struct fsb_verdict *v = &r->v;
	const struct fsb_rec_row *ru = r->runner_up != SIZE_MAX ? &r->rows[r->runner_up] : NULL;
	bool lead = r->kind == FSB_REC_PICK || r->kind == FSB_REC_ONLY || r->kind == FSB_REC_TENTATIVE;

	fsb_json_open(j, "rests_on", false);
	fsb_json_int(j, "rounds", (long long)(v->nrows ? v->min_kept : 0));
	fsb_json_num(j, "resolution", v->resolution);
	if (lead && ru) {
		fsb_json_open(j, "lead", false);
		fsb_json_str(j, "over", ru->fs->name);
		fsb_json_num(j, "ratio", ru->rel);
		fsb_json_num(j, "ratio_lo", ru->rel_lo);
		fsb_json_num(j, "ratio_hi", ru->rel_hi);
		fsb_json_close(j);
	} else {
		fsb_json_str(j, "lead", NULL);
	}
	fsb_json_bool(j, "survives_leaving_out_any_phase", r->kind == FSB_REC_PICK && r->phases.n > 1);
	fsb_json_str(j, "between_sessions_from", noise_word(v->noise));
	fsb_json_num(j, "between_sessions_spread", v->noise == FSB_NOISE_PRIOR ? v->session_sd : r->between);
	fsb_json_int(j, "earlier_runs", (long long)v->nhistory);
	fsb_json_int(j, "earlier_runs_agreeing", (long long)v->nagree);
	fsb_json_num(j, "alpha", v->alpha);
	fsb_json_int(j, "looks", v->looks);
	fsb_json_bool(j, "image_file", r->image);
	fsb_json_open(j, "doubts", true);
	if (r->doubts & FSB_REC_UNSETTLED)
		fsb_json_str(j, NULL, "unsettled");
	if (r->doubts & FSB_REC_CONTRADICTED)
		fsb_json_str(j, NULL, "contradicted");
	if (r->doubts & FSB_REC_UNSTABLE)
		fsb_json_str(j, NULL, "unstable");
	fsb_json_close(j);
	fsb_json_close(j);
}

/* The use's weights: each phase, its weight, whether this result has it. */
static void weights_json(struct fsb_json *j, const struct fsb_recommendation *r)
{
	fsb_json_open(j, "weights", true);
	for (const struct fsb_use_weight *e = r->use->weights; e->phase; e++) {
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "phase", e->phase);
		fsb_json_num(j, "weight", e->weight);
		fsb_json_bool(j, "measured", fsb_strv_contains(&r->phases, e->phase));
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

/* What else counts: each criterion, its value per filesystem with a profile. */
static void criteria_json(struct fsb_json *j, const struct fsb_recommendation *r)
{
	fsb_json_open(j, "criteria", true);
	for (size_t k = 0; k < r->ncrit; k++) {
		const struct fsb_rec_crit *c = &r->crit[k];
		const struct fsb_criterion *d = fsb_criterion(c->id);

		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "id", d->name);
		fsb_json_str(j, "label", d->label);
		fsb_json_bool(j, "important", c->important);
		fsb_json_bool(j, "measured", d->source != FSB_CRIT_DOCUMENTED && r->values.measured[c->id]);
		fsb_json_bool(j, "differs", c->differs);
		fsb_json_str(j, "favours", c->differs && c->favours != SIZE_MAX ? r->rows[c->favours].fs->name : NULL);
		fsb_json_open(j, "values", false);
		for (size_t i = 0; i < r->nrows; i++)
			if (r->rows[i].facts || fsb_criteria_at(&r->values, c->id, r->rows[i].index)->known)
				fsb_json_str(j, r->rows[i].fs->name,
					     fsb_criteria_at(&r->values, c->id, r->rows[i].index)->text);
		fsb_json_close(j);
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

static void rec_rows_json(struct fsb_json *j, const struct fsb_recommendation *r)
{
	fsb_json_open(j, "rows", true);
	for (size_t i = 0; i < r->nrows; i++) {
		const struct fsb_rec_row *row = &r->rows[i];

		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "filesystem", row->fs->name);
		fsb_json_bool(j, "facts_known", row->facts != NULL);
		needs_json(j, "missing", row->missing);
		fsb_json_bool(j, "candidate", row->candidate);
		fsb_json_bool(j, "named", row->named);
		fsb_json_bool(j, "ranked", row->ranked);
		fsb_json_num(j, "total", row->ranked ? row->total : NAN);
		fsb_json_num(j, "ratio", row->rel);
		fsb_json_num(j, "ratio_lo", row->rel_lo);
		fsb_json_num(j, "ratio_hi", row->rel_hi);
		fsb_json_bool(j, "significant", row->significant);
		fsb_json_str(j, "rests_on", row->rests_on);
		fsb_json_num(j, "fsck_seconds", fsb_secs_mean(&row->fs->fsck_s));
		fsb_json_close(j);
	}
	fsb_json_close(j);
}

/* The recommendation's fields: the words are in "lines". */
static void recommendation(struct fsb_json *j, const struct fsb_recommendation *r)
{
	bool one = r->kind == FSB_REC_PICK || r->kind == FSB_REC_ONLY || r->kind == FSB_REC_TENTATIVE;

	fsb_json_open(j, "recommendation", false);
	fsb_json_str(j, "answer", rec_kind(r->kind));
	fsb_json_str(j, "kind", rec_kind(r->kind));
	fsb_json_str(j, "use", r->use->name);
	fsb_json_bool(j, "use_default", r->use_default);
	fsb_json_bool(j, "use_recorded", r->use_recorded);
	needs_json(j, "needs", r->needs);
	fsb_json_strv(j, "named", &r->named);
	fsb_json_str(j, "pick", one ? r->rows[r->pick].fs->name : NULL);
	fsb_json_str(j, "favoured", r->favoured != SIZE_MAX ? r->rows[r->favoured].fs->name : NULL);
	if (r->kind == FSB_REC_NONE)
		fsb_json_str(j, "rests_on", NULL);
	else
		rests_on_json(j, r);
	weights_json(j, r);
	fsb_json_strv(j, "phases", &r->phases);
	fsb_json_strv(j, "missing_phases", &r->missing_phases);
	needs_json(j, "lacking", r->kind == FSB_REC_NO_CANDIDATE ? r->lacking : 0);
	criteria_json(j, r);
	rec_rows_json(j, r);
	fsb_json_close(j);
}

static const char *verdict_kind(enum fsb_verdict_kind k)
{
	switch (k) {
	case FSB_VERDICT_LEAD: return "lead";
	case FSB_VERDICT_TIE: return "tie";
	case FSB_VERDICT_ONE_RUN: return "one-run";
	case FSB_VERDICT_TOO_BUSY: return "too-busy";
	case FSB_VERDICT_NONE: break;
	}
	return "none";
}

static const char *noise_word(enum fsb_verdict_noise n)
{
	switch (n) {
	case FSB_NOISE_HISTORY: return "history";
	case FSB_NOISE_PRIOR: return "profile";
	case FSB_NOISE_NONE: break;
	}
	return "none";
}

/* How the verdict was judged (model/verdict.h): the level, the looks, the
 * between-session evidence and what the earlier sessions said, what
 * separates the leading group, the phases measured poorly, the steal. */
static void judgement_basis(struct fsb_json *j, const struct fsb_verdict *v)
{
	fsb_json_num(j, "alpha", v->alpha);
	fsb_json_int(j, "looks", v->looks);
	fsb_json_str(j, "between_sessions_from", noise_word(v->noise));
	fsb_json_num(j, "profile_session_sd", v->session_sd);
	fsb_json_int(j, "earlier_runs", (long long)v->nhistory);
	fsb_json_int(j, "earlier_runs_agreeing", (long long)v->nagree);
	fsb_json_int(j, "earlier_runs_ranking_nothing", (long long)v->nnothing);
	fsb_json_open(j, "earlier_runs_disagreeing", true);
	for (size_t i = 0; i < v->ndissent; i++) {
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "started", v->dissent[i].res->started);
		fsb_json_str(j, "file", v->dissent[i].res->path);
		fsb_json_str(j, "what", v->dissent[i].what);
		fsb_json_bool(j, "contradicts", v->dissent[i].contradicts);
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_strv(j, "unstable_pairs", &v->unstable);
	fsb_json_open(j, "group_differences", true);
	for (size_t i = 0; i < v->ndiffs; i++) {
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "filesystem", v->rows[v->diffs[i].row].fs->name);
		fsb_json_str(j, "phase", v->diffs[i].phase);
		fsb_json_num(j, "ratio", v->diffs[i].rel);
		fsb_json_num(j, "ratio_lo", v->diffs[i].lo);
		fsb_json_num(j, "ratio_hi", v->diffs[i].hi);
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_open(j, "measured_poorly", true);
	for (size_t i = 0; i < v->noisy.n; i++) {
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "phase", v->noisy.v[i]);
		fsb_json_num(j, "cv", v->noisy_cv[i]);
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_str(j, "measured_poorly_by", v->noisy_from_profile ? "profile" : "this run");
	fsb_json_open(j, "out_of_total", true);
	for (size_t i = 0; i < v->out_of_total.n; i++) {
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "phase", v->out_of_total.v[i]);
		fsb_json_num(j, "session_cv", i < FSB_ARRAY_SIZE(v->out_of_total_cv) ? v->out_of_total_cv[i] : NAN);
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_num(j, "steal_mean", v->steal_mean);
	fsb_json_num(j, "steal_max", v->steal_max);
	fsb_json_num(j, "others_cpu_mean", v->others_mean);
	fsb_json_num(j, "kept_for_background", (double)v->nkept_background);
	fsb_json_strv(j, "background_programs", &v->background_with);
}

static void judgement(struct fsb_json *j, const struct fsb_verdict *v)
{
	fsb_json_open(j, "judgement", false);
	fsb_json_str(j, "kind", verdict_kind(v->kind));
	fsb_json_str(j, "metric", fsb_metric_name(v->metric));
	fsb_json_str(j, "leader", v->nrows && v->kind != FSB_VERDICT_NONE ? v->rows[0].fs->name : NULL);
	fsb_json_open(j, "leading_group", true);
	for (size_t i = 0; i < v->ntied && i < v->nrows; i++)
		fsb_json_str(j, NULL, v->rows[i].fs->name);
	fsb_json_close(j);
	fsb_json_bool(j, "settled", v->settled);
	fsb_json_num(j, "resolution", v->resolution);
	fsb_json_int(j, "min_kept_runs", (long long)v->min_kept);
	fsb_json_int(j, "disturbed_runs", (long long)v->ndisturbed);
	fsb_json_open(j, "rows", true);
	for (size_t i = 0; i < v->nrows; i++) {
		const struct fsb_verdict_row *r = &v->rows[i];

		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "filesystem", r->fs->name);
		fsb_json_num(j, "total", r->total);
		fsb_json_int(j, "kept_runs", (long long)r->nkept);
		fsb_json_num(j, "ratio", r->rel);
		fsb_json_num(j, "ratio_lo", r->rel_lo);
		fsb_json_num(j, "ratio_hi", r->rel_hi);
		fsb_json_bool(j, "tied", r->tied);
		fsb_json_bool(j, "significant", r->significant);
		fsb_json_num(j, "resolution", r->resolution);
		fsb_json_int(j, "rounds_compared", (long long)r->pair.n);
		fsb_json_int(j, "rounds_slower", (long long)r->pair.slower);
		fsb_json_bool(j, "holds_in_rounds", i > 0 && r->pair.holds);
		fsb_json_num(j, "within_session_se", r->pair.within);
		fsb_json_num(j, "between_session_sd", i > 0 ? r->pair.between : NAN);
		fsb_json_str(j, "rests_on", r->rests_on);
		fsb_json_num(j, "without_it_ratio", r->rests_on ? r->rests_rel : NAN);
		fsb_json_num(j, "without_it_lo", r->rests_on ? r->rests_lo : NAN);
		fsb_json_num(j, "without_it_hi", r->rests_on ? r->rests_hi : NAN);
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_strv(j, "unranked", &v->unranked);
	fsb_json_strv(j, "too_busy", &v->too_busy);
	fsb_json_strv(j, "busy_with", &v->busy_with);
	fsb_json_strv(j, "unmeasured", &v->unmeasured);
	judgement_basis(j, v);
	fsb_json_close(j);
}

static const char *block_type(enum fsb_block_kind k)
{
	switch (k) {
	case FSB_BLOCK_HEADING: return "heading";
	case FSB_BLOCK_TEXT: return "text";
	case FSB_BLOCK_KV: return "kv";
	case FSB_BLOCK_TABLE: return "table";
	case FSB_BLOCK_CHART: return "chart";
	case FSB_BLOCK_VERDICT: return "verdict";
	case FSB_BLOCK_NOTE: return "note";
	case FSB_BLOCK_SERIES: return "series";
	}
	return "block";
}

void fsb_json_doc(struct fsb_json *j, const char *key, const struct fsb_doc *doc, const char *kind,
		  const char *file)
{
	fsb_json_open(j, key, false);
	fsb_json_str(j, "kind", kind);
	fsb_json_str(j, "file", file);
	fsb_json_open(j, "blocks", true);
	for (size_t i = 0; i < doc->n; i++) {
		const struct fsb_block *b = &doc->v[i];

		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "type", block_type(b->kind));
		fsb_json_str(j, "role", fsb_block_role_name(b->role));
		if (b->kind == FSB_BLOCK_TABLE || b->kind == FSB_BLOCK_CHART || b->kind == FSB_BLOCK_SERIES)
			fsb_json_str(j, "phase", b->phase);
		switch (b->kind) {
		case FSB_BLOCK_HEADING:
			fsb_json_int(j, "level", b->level);
			fsb_json_str(j, "text", b->text);
			break;
		case FSB_BLOCK_TEXT:
		case FSB_BLOCK_NOTE:
			fsb_json_str(j, "text", b->text);
			break;
		case FSB_BLOCK_KV:
			fsb_json_open(j, "entries", true);
			for (size_t k = 0; k < b->nkv; k++) {
				fsb_json_open(j, NULL, false);
				fsb_json_str(j, "key", b->kv[k].key);
				fsb_json_strv(j, "values", &b->kv[k].values);
				fsb_json_bool(j, "list", b->kv[k].list);
				fsb_json_bool(j, "code", b->kv[k].code);
				fsb_json_close(j);
			}
			fsb_json_close(j);
			break;
		case FSB_BLOCK_TABLE:
			table(j, &b->table);
			break;
		case FSB_BLOCK_CHART:
			chart(j, &b->chart);
			break;
		case FSB_BLOCK_SERIES:
			series(j, b);
			break;
		case FSB_BLOCK_VERDICT:
			fsb_json_strv(j, "lines", &b->lines);
			if (b->rec) {
				fsb_json_str(j, "heading", b->text);
				recommendation(j, b->rec);
				fsb_json_str(j, "judgement", NULL);
			} else if (b->verdict) {
				judgement(j, b->verdict);
			} else {
				fsb_json_str(j, "judgement", NULL);
			}
			break;
		}
		fsb_json_close(j);
	}
	fsb_json_close(j);
	fsb_json_close(j);
}

/* "" is what the index says for "the file does not say": null here */
int fsb_json_write(struct fsb_json *j, FILE *fp, struct fsb_err *err)
{
	const char *s = json_object_to_json_string_ext(j->root, JSON_C_TO_STRING_PRETTY |
						       JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
	int rc = 0;

	if (fputs(s, fp) == EOF || fputc('\n', fp) == EOF || ferror(fp))
		rc = fsb_err_set(err, -EIO, "write error");
	fsb_json_free(j);
	return rc;
}

void fsb_json_free(struct fsb_json *j)
{
	if (!j)
		return;
	json_object_put(j->root);
	free(j);
}
