/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/etaplan.h"

/* A directory run has one "filesystem": whatever the directory is on. */
static const char *fs_name(const struct fsb_plan *p, size_t f)
{
	return p->target == FSB_TARGET_DIR || f >= p->fs.n ? NULL : p->fs.v[f];
}

static size_t plan_nfs(const struct fsb_plan *p)
{
	return p->target == FSB_TARGET_DIR ? 1 : p->fs.n;
}

void fsb_eta_plan_priors(const struct fsb_plan *p, struct fsb_browse *hist, struct fsb_eta *eta, char *basis,
			 size_t len)
{
	const struct fsb_size_profile *prof = fsb_config_profile(p->cfg, p->profile);
	struct fsb_browse own;
	struct fsb_estimate est = { 0 };
	struct fsb_strv fs = { 0 };
	size_t indexed = 0, nominal = 0;

	if (!hist) {
		char *dir = fsb_browse_results_dir(p->cfg);

		/* a results directory that cannot be read knows nothing: nominal figures */
		fsb_browse_scan(dir, &own, NULL);
		free(dir);
		hist = &own;
	}
	for (size_t f = 0; f < plan_nfs(p); f++)
		fsb_strv_add(&fs, fs_name(p, f) ? fs_name(p, f) : "dir");
	fsb_browse_estimate(hist, p->profile, &fs, &p->phases, 1, &est);
	for (size_t f = 0; f < plan_nfs(p) && f < eta->nfs; f++)
		for (size_t j = 0; j < p->phases.n && j < eta->nphases; j++) {
			double m = fs_name(p, f) ? fsb_browse_phase_mean(hist, p->profile, fs_name(p, f), p->phases.v[j])
						 : NAN;

			if (isnan(m))
				m = fsb_browse_phase_mean(hist, p->profile, NULL, p->phases.v[j]);
			if (!isnan(m))
				indexed++;
			else if (!isnan(m = fsb_profile_nominal(prof, p->phases.v[j])))
				nominal++;
			fsb_eta_set_prior(eta, f, j, m);
		}
	eta->overhead_prior = fsb_browse_overhead(hist, p->profile);
	if (basis && len) {
		if (indexed)
			snprintf(basis, len, "from %zu earlier %s run%s%s", est.files, p->profile,
				 est.files == 1 ? "" : "s", nominal ? " and nominal figures" : "");
		else if (nominal)
			snprintf(basis, len, "from the %s profile's nominal figures", p->profile);
		else
			basis[0] = '\0';
	}
	fsb_strv_free(&fs);
	if (hist == &own)
		fsb_browse_free(&own);
}

double fsb_eta_plan_phases(const struct fsb_plan *p, struct fsb_browse *hist, const struct fsb_strv *phases)
{
	struct fsb_plan q;
	struct fsb_eta eta;
	double sum = 0;
	bool any = false;

	fsb_plan_copy(&q, p);
	fsb_strv_free(&q.phases);
	for (size_t j = 0; j < phases->n; j++)
		fsb_strv_add(&q.phases, phases->v[j]);
	fsb_eta_init(&eta, plan_nfs(&q), q.phases.n, 1);
	fsb_eta_plan_priors(&q, hist, &eta, NULL, 0);
	for (size_t k = 0; k < eta.nfs * eta.nphases; k++)
		if (!isnan(eta.prior[k])) {
			sum += eta.prior[k];
			any = true;
		}
	fsb_eta_free(&eta);
	fsb_plan_clear(&q);
	return any ? sum : NAN;
}

long fsb_eta_plan_rounds(double budget, double round)
{
	double r;

	if (!(round > 0) || !isfinite(round))
		return FSB_SETTLE_MAX_ROUNDS;
	if (!(budget > 0))
		return 1;
	r = floor(budget / round);
	return r < 1 ? 1 : r > FSB_SETTLE_MAX_ROUNDS ? FSB_SETTLE_MAX_ROUNDS : (long)r;
}

void fsb_eta_plan(const struct fsb_plan *p, struct fsb_browse *hist, struct fsb_eta_plan *out)
{
	struct fsb_eta eta;
	size_t nfs = plan_nfs(p), cells = nfs * p->phases.n;
	double round;

	memset(out, 0, sizeof(*out));
	out->settle = fsb_plan_settles(p);
	out->budget = fsb_plan_budget(p);
	fsb_eta_init(&eta, nfs, p->phases.n, 1);
	fsb_eta_plan_priors(p, hist, &eta, out->basis, sizeof(out->basis));
	/* one round, as the engine's ETA counts it before the first slot */
	round = fsb_eta_left(&eta, 0, -1, 0, &out->unknown);
	out->round = !cells || out->unknown >= cells ? NAN : round;
	if (fsb_plan_stall_round(p)) {
		bool *skip = fsb_xcalloc(p->phases.n + 1, sizeof(*skip));

		/* the same round, as the stall round: without the crash phase */
		for (size_t j = 0; j < p->phases.n; j++) {
			const struct fsb_phase_def *def = fsb_config_phase(p->cfg, p->phases.v[j]);

			skip[j] = def && !fsb_phase_kind_timed(def->kind);
		}
		fsb_eta_set_stall(&eta, 1, skip);
		out->stall = isnan(out->round) ? NAN : fsb_eta_left(&eta, 0, -1, 0, NULL);
		free(skip);
	}
	out->rounds = out->settle ? fsb_eta_plan_rounds(out->budget - (isnan(out->stall) ? 0 : out->stall), out->round)
		      : p->auto_repeat ? p->max_repeat : p->repeat;
	out->total = isnan(out->round) ? NAN : out->round * (double)out->rounds + out->stall;
	fsb_eta_free(&eta);
}

const char *fsb_eta_plan_text(const struct fsb_eta_plan *est, const char *profile, char *buf, size_t len)
{
	char t[48], r[48], b[32];
	int n;

	fsb_format_budget(est->budget, b, sizeof(b));
	if (isnan(est->round)) {
		if (est->settle)
			n = snprintf(buf, len, "at most %s (the budget); a round's length is unknown: no earlier %s run "
				     "and no nominal figures", b, profile);
		else
			n = snprintf(buf, len, "unknown: no earlier %s run and no nominal figures", profile);
		return buf;
	}
	fsb_format_duration(est->total, t, sizeof(t));
	fsb_format_duration(est->round, r, sizeof(r));
	if (est->settle)
		n = snprintf(buf, len, "up to %s: %ld round%s of %s%s fit%s the %s budget", t, est->rounds,
			     est->rounds == 1 ? "" : "s", r, est->stall > 0 ? " and the stall round" : "",
			     est->rounds == 1 && !(est->stall > 0) ? "s" : "", b);
	else if (est->stall > 0 && est->rounds == 1)
		n = snprintf(buf, len, "%s: a round of %s and the stall round", t, r);
	else if (est->stall > 0)
		n = snprintf(buf, len, "%s: %ld repetitions of %s and the stall round", t, est->rounds, r);
	else if (est->rounds > 1)
		n = snprintf(buf, len, "%s: %ld repetitions of %s", t, est->rounds, r);
	else
		n = snprintf(buf, len, "%s", t);
	if (n >= 0 && (size_t)n < len && est->basis[0])
		n += snprintf(buf + n, len - (size_t)n, ", %s", est->basis);
	if (n >= 0 && (size_t)n < len && est->unknown)
		snprintf(buf + n, len - (size_t)n, "; %zu phase run%s never measured", est->unknown,
			 est->unknown == 1 ? "" : "s");
	return buf;
}
