/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Screen 4, Run: the progress pane (struct fsb_progress), the summary table
 * filling cell by cell from the engine's result snapshots, and a bar chart
 * of the highlighted phase.  Metric, baseline and chart switch while it
 * runs.  Cancel asks once; the finished cells stay.
 *
 * Cost while a phase runs: the screen redraws on engine events and on a
 * 4 Hz timer, and the timer redraws only when the shown clock or the
 * progress slot changed; tables are rebuilt only when a snapshot arrives
 * or a setting changes.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "widgets.h"

enum { LOG_LINES = 200 };

struct run_state {
	struct fsb_result *shown;    /* the last snapshot: the planned cells not reached yet are pending */
	struct ui_view view;
	struct fsb_progress prog;
	double t0, t1;               /* fsb_now() at start and when done */
	long drawn_sec;              /* the clock as last drawn */
	unsigned long drawn_seq;     /* the progress slot as last drawn */
	bool done, cancelled;
	int status;                  /* enum fsb_engine_status */
	char msg[1024];
	char output[4096];
	bool dir_target;
	struct fsb_strv log;         /* the engine's log lines, newest last */
	char running_fs[64], running_phase[64];
	char brief[160];
};

static struct run_state *S(struct ui_ctx *ui)
{
	return ui_state(ui, UI_SCR_RUN);
}

static void *run_init(struct ui_ctx *ui)
{
	struct run_state *s = fsb_xcalloc(1, sizeof(*s));

	(void)ui;
	s->view.mode = VIEW_LIVE;
	s->view.side = true;	/* wide terminals: the chart phase's table beside it */
	s->view.metric = FSB_METRIC_DEAD;
	return s;
}

static void reset(struct run_state *s)
{
	view_free(&s->view);
	fsb_result_free(s->shown);
	s->shown = NULL;
	fsb_strv_free(&s->log);
	memset(&s->prog, 0, sizeof(s->prog));
	s->prog.fraction = -1;
	s->prog.eta = -1;
	s->prog.background = -1;
	s->done = s->cancelled = false;
	s->msg[0] = s->running_fs[0] = s->running_phase[0] = '\0';
	s->view.res = NULL;
	s->view.scroll = s->view.hscroll = 0;
	s->view.verdict = false;
	s->view.run_fs = s->view.run_phase = NULL;
}

static void run_fini(struct ui_ctx *ui)
{
	reset(S(ui));
	free(S(ui));
}

/* ---- the live result -------------------------------------------------------------- */

static void rebuild(struct ui_ctx *ui)
{
	struct run_state *s = S(ui);

	s->view.res = s->shown;
	s->view.run_fs = s->running_fs[0] ? s->running_fs : NULL;
	s->view.run_phase = s->running_phase[0] ? s->running_phase : NULL;
	view_rebuild(ui, &s->view);
}

static int run_start(struct ui_ctx *ui)
{
	struct run_state *s = S(ui);
	struct fsb_err err = { 0 };

	if (ui->running)
		return -1;
	fsb_engine_free(ui->engine);
	ui->engine = NULL;
	reset(s);
	s->dir_target = ui->run_plan.target == FSB_TARGET_DIR;
	if (fsb_engine_start(&ui->run_plan, ui->events, &ui->engine, &err)) {
		ui_message(ui, UI_ERROR, "the run could not start: %s", err.msg);
		return -1;
	}
	ui->running = true;
	ui->quitting = false;
	s->t0 = fsb_now();
	snprintf(s->output, sizeof(s->output), "%s", fsb_engine_output(ui->engine));
	free(s->view.baseline);
	s->view.baseline = NULL;
	rebuild(ui);
	return 0;
}

/* ---- engine events ---------------------------------------------------------------- */

static void log_add(struct run_state *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void log_add(struct run_state *s, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	if (s->log.n >= LOG_LINES) {
		free(s->log.v[0]);
		memmove(s->log.v, s->log.v + 1, (s->log.n - 1) * sizeof(char *));
		s->log.v[--s->log.n] = NULL;
	}
	fsb_strv_add(&s->log, b.s ? b.s : "");
	fsb_buf_free(&b);
}

static int run_event(struct ui_ctx *ui, struct fsb_event *ev)
{
	struct run_state *s = S(ui);

	switch (ev->kind) {
	case FSB_EV_LOG:
		log_add(s, "%s", ev->text ? ev->text : "");
		return ui->cur == UI_SCR_RUN ? UI_REDRAW : 0;
	case FSB_EV_FS_BEGIN:
		log_add(s, "%s: mkfs and mount", ev->fs);
		break;
	case FSB_EV_PHASE_BEGIN:
		snprintf(s->running_fs, sizeof(s->running_fs), "%s", ev->fs ? ev->fs : "");
		snprintf(s->running_phase, sizeof(s->running_phase), "%s", ev->phase ? ev->phase : "");
		rebuild(ui);
		break;
	case FSB_EV_PHASE_END:
		log_add(s, "%s/%s: %s%s%s", ev->fs, ev->phase, fsb_run_status_name(ev->run.status),
			ev->run.error ? ": " : "", ev->run.error ? ev->run.error : "");
		s->running_fs[0] = s->running_phase[0] = '\0';
		rebuild(ui);
		break;
	case FSB_EV_FS_END:
		if (ev->text)
			log_add(s, "%s: %s", ev->fs, ev->text);
		break;
	case FSB_EV_RESULT:
		fsb_result_free(s->shown);
		/* the engine's snapshots list the planned cells not reached yet */
		s->shown = fsb_result_dup(ev->result);
		rebuild(ui);
		break;
	case FSB_EV_DONE: {
		const char *msg = NULL;

		s->done = true;
		s->t1 = fsb_now();
		s->status = ev->status;
		/* the thread has posted its last event: joining returns at once */
		fsb_engine_wait(ui->engine, &msg);
		snprintf(s->msg, sizeof(s->msg), "%s", msg && *msg ? msg : ev->text ? ev->text : "");
		s->running_fs[0] = s->running_phase[0] = '\0';
		s->view.verdict = true;
		/* the verdict as show gives it: with the earlier sessions of the plan */
		s->view.res = s->shown;
		view_load_history(&s->view, fsb_engine_output(ui->engine));
		rebuild(ui);
		ui->tick_ms = 0;
		break;
	}
	}
	return ui->cur == UI_SCR_RUN ? UI_REDRAW : 0;
}

/* ---- the clock ---------------------------------------------------------------------- */

static int run_enter(struct ui_ctx *ui)
{
	ui->tick_ms = S(ui)->done ? 0 : 250;
	return UI_REDRAW;
}

static int run_tick(struct ui_ctx *ui)
{
	struct run_state *s = S(ui);
	long sec = lround(fsb_now() - s->t0);
	unsigned long seq;

	if (s->done)
		return 0;
	fsb_events_get_progress(ui->events, &s->prog);
	seq = s->prog.seq;
	/* redraw only when something visible changed */
	if (sec == s->drawn_sec && seq == s->drawn_seq)
		return 0;
	return UI_REDRAW;
}

/* ---- keys ----------------------------------------------------------------------------- */

static int cancel_answer(struct ui_ctx *ui, struct ui_dialog *d, bool yes)
{
	struct run_state *s = S(ui);

	(void)d;
	if (!yes || !ui->running)
		return UI_REDRAW;
	s->cancelled = true;
	fsb_engine_cancel(ui->engine);
	ui_message(ui, UI_WARNING, "cancelling: stopping the phase, unmounting, detaching…");
	return UI_REDRAW;
}

static int cancel_or_back(struct ui_ctx *ui, int key)
{
	struct run_state *s = S(ui);
	struct ui_dialog *d;

	(void)key;
	if (!ui->running)
		return ui_back(ui);
	if (s->cancelled) {
		ui_message(ui, UI_WARNING, "already cancelling: the engine is cleaning up");
		return UI_REDRAW;
	}
	d = dialog_ask(ui, UI_DANGER, "Cancel the run?", "Cancel the run", "Keep running", cancel_answer);
	dialog_line(d, "The running phase is stopped, the filesystem unmounted and the image detached.");
	dialog_line(d, "Every phase that finished stays in the table and in the result file.");
	return UI_REDRAW;
}

/* End the run after the round that is running: a complete result. */
static int finish_round(struct ui_ctx *ui, int key)
{
	struct run_state *s = S(ui);

	(void)key;
	if (!ui->running || s->cancelled)
		return 0;
	if (fsb_engine_finish_round(ui->engine)) {
		ui_message(ui, UI_WARNING, "this run has no rounds to finish after (one repetition each); q cancels it");
		return UI_REDRAW;
	}
	ui_message(ui, UI_STATUS, "finishing after this round: the result will be complete");
	return UI_REDRAW;
}

static int open_result(struct ui_ctx *ui, int key)
{
	struct run_state *s = S(ui);

	(void)key;
	if (ui->running) {
		ui_message(ui, UI_STATUS, "the run is still going; the result opens when it is done");
		return UI_REDRAW;
	}
	if (!s->output[0] || access(s->output, F_OK)) {
		ui_message(ui, UI_ERROR, "no result file was written (the run stopped before its target was ready)");
		return UI_REDRAW;
	}
	free(ui->open_path);
	ui->open_path = key == 'r' ? NULL : fsb_xstrdup(s->output);
	return ui_switch(ui, UI_SCR_BROWSE, true);
}

static int run_key(struct ui_ctx *ui, int key)
{
	struct run_state *s = S(ui);
	int f = view_key(ui, &s->view, key, LINES / 2);

	if (f && (key == 'm' || key == 'M' || key == 'b' || key == 'B' || key == KEY_LEFT || key == KEY_RIGHT ||
		  key == 'h' || key == 'l'))
		rebuild(ui);
	return f;
}

/* ---- drawing ---------------------------------------------------------------------------- */

static const char *clock_text(double secs, char *buf, size_t len)
{
	long t = secs < 0 ? 0 : lround(secs);

	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%02ld:%02ld", t / 60, t % 60);
	return buf;
}

static const char *rate_text(double kib_s, char *buf, size_t len)
{
	if (kib_s < 0)
		snprintf(buf, len, "—");
	else if (kib_s >= 1024)
		snprintf(buf, len, "%.1f MiB/s", kib_s / 1024);
	else
		snprintf(buf, len, "%.0f KiB/s", kib_s);
	return buf;
}

/* The finished run: how it ended, the result file, the keys. */
static void progress_finished(struct ui_ctx *ui, int y, int x, int w, double now)
{
	struct run_state *s = S(ui);
	enum ui_role role = s->status == FSB_ENGINE_OK ? UI_OK
			    : s->status == FSB_ENGINE_CANCELLED || s->status == FSB_ENGINE_PHASE_FAILED ? UI_WARNING
			    : UI_ERROR;
	const char *what = s->status == FSB_ENGINE_OK ? "Complete"
			   : s->status == FSB_ENGINE_PHASE_FAILED ? "Complete, with failed phases"
			   : s->status == FSB_ENGINE_CANCELLED ? "Interrupted"
			   : s->status == FSB_ENGINE_REFUSED ? "Refused" : "Failed";
	int n = ui_putf(ui, y, x, w, role, "%s", what);
	char a[32];

	ui_putf(ui, y, x + n, w - n, UI_NORMAL, " after %s%s%s", clock_text(now - s->t0, a, sizeof(a)),
		s->msg[0] ? ": " : "", s->msg);
	y++;
	if (s->output[0] && access(s->output, F_OK) == 0) {
		n = ui_put(y, x, w, UI_LABEL, "Result ");
		ui_put_path(ui, y, x + n, w - n, UI_VALUE, s->output);
	}
	y++;
	ui_putd(ui, y, x, w, UI_DIM, "Enter/o: open it in the browser (every table) · r: all results · q: back to the plan");
}

/* Which filesystem, phase and repetition, or what the engine does now. */
static void line_where(struct ui_ctx *ui, int y, int x, int w, const struct fsb_progress *p)
{
	int n;

	if (!(p->fs_index >= 0 && p->nfs > 0 && p->fs[0])) {
		ui_putf(ui, y, x, w, UI_NORMAL, "%s", p->activity[0] ? p->activity : "starting…");
		return;
	}
	n = ui_putf(ui, y, x, w, UI_VALUE, "%s", p->fs);
	n += ui_putf(ui, y, x + n, w - n, UI_DIM, "  filesystem %d of %d", p->fs_index + 1, p->nfs);
	if (p->running && p->phase[0]) {
		n += ui_put(y, x + n, w - n, UI_NORMAL, "   ");
		n += ui_putf(ui, y, x + n, w - n, UI_VALUE, "%s", p->phase);
		n += ui_putf(ui, y, x + n, w - n, UI_DIM, "  phase %d of %d", p->phase_index + 1, p->nphases);
	} else {
		n += ui_putf(ui, y, x + n, w - n, UI_NORMAL, "   %s", p->activity);
	}
	if (p->stall_round)
		ui_put(y, x + n, w - n, UI_DIM, "   the stall round: the probe beside each phase, untimed");
	else if (p->nreps > 1)
		ui_putf(ui, y, x + n, w - n, UI_DIM, "   repetition %d of %d", p->rep, p->nreps);
}

/* Elapsed time, the phase's, and the ETA with what it is based on. */
static void line_clock(struct ui_ctx *ui, int y, int x, int w, const struct fsb_progress *p, double elapsed,
		       double now)
{
	int n = ui_put(y, x, w, UI_LABEL, "Elapsed ");
	char a[32];

	n += ui_putf(ui, y, x + n, w - n, UI_VALUE, "%s", clock_text(elapsed, a, sizeof(a)));
	if (p->running) {
		n += ui_put(y, x + n, w - n, UI_LABEL, "   phase ");
		n += ui_putf(ui, y, x + n, w - n, UI_VALUE, "%s", clock_text(now - p->started, a, sizeof(a)));
	}
	n += ui_put(y, x + n, w - n, UI_LABEL, "   ETA ");
	if (p->eta < 0) {
		ui_put(y, x + n, w - n, UI_DIM, "unknown until a phase has run (no earlier run of this profile)");
		return;
	}
	/* the rest of the run, the running phase's rest included */
	n += ui_putf(ui, y, x + n, w - n, UI_VALUE, "%s %s left", p->budget > 0 ? "at most" : "about",
		     clock_text(p->eta, a, sizeof(a)));
	if (p->budget > 0 && p->stall_round) {
		char b[32];

		n += ui_putf(ui, y, x + n, w - n, UI_DIM, " (the stall round, budget %s)",
			     fsb_format_budget(p->budget, b, sizeof(b)));
	} else if (p->budget > 0) {
		char b[32];

		n += ui_putf(ui, y, x + n, w - n, UI_DIM, " (round %d of at most %d, budget %s)", p->round, p->rounds,
			     fsb_format_budget(p->budget, b, sizeof(b)));
	}
	if (p->eta_basis[0])
		n += ui_putf(ui, y, x + n, w - n, UI_DIM, "  %s", p->eta_basis);
	if (p->eta_unknown > 0)
		ui_putf(ui, y, x + n, w - n, UI_DIM, ", + %d phase%s not timed yet", p->eta_unknown,
			p->eta_unknown == 1 ? "" : "s");
}

/* The running phase's bar: counted units, or an estimate that says so. */
static void line_bar(struct ui_ctx *ui, int y, int x, int w, const struct fsb_progress *p)
{
	int n = ui_put(y, x, w, UI_LABEL, "Progress "), bw;

	if (!(p->running && p->fraction >= 0)) {
		ui_put(y, x + n, w - n, UI_DIM, p->running ? "this phase does not report how far it is" : "—");
		return;
	}
	/* room for the words after the bar */
	bw = w - n - 34 > 40 ? 40 : w - n - 34 < 12 ? (w - n > 60 ? 60 : w - n) : w - n - 34;
	ui_draw_progress(ui, y, x + n, bw, p->fraction);
	n += bw;
	if (p->units_total > 0 && !p->fraction_estimated)
		ui_putf(ui, y, x + n, w - n, UI_DIM, " %ld of %ld units compiled", p->units, p->units_total);
	else if (p->fraction_estimated && p->phase_over)
		ui_put(y, x + n, w - n, UI_DIM, " estimate: longer than expected");
	else if (p->fraction_estimated && p->phase_left >= 0)
		ui_putf(ui, y, x + n, w - n, UI_DIM, " estimate: about %.0f s left", ceil(p->phase_left));
}

/* The target's read and write rates, and what the rest of the machine
 * does now: a slow run explained while it happens. */
static void line_disk(struct ui_ctx *ui, int y, int x, int w, const struct fsb_progress *p)
{
	int n = ui_put(y, x, w, UI_LABEL, "Disk ");
	char a[32];

	if (p->running && (p->read_kib_s >= 0 || p->write_kib_s >= 0)) {
		n += ui_put(y, x + n, w - n, UI_LABEL, "read ");
		n += ui_putd(ui, y, x + n, w - n, UI_VALUE, rate_text(p->read_kib_s, a, sizeof(a)));
		n += ui_put(y, x + n, w - n, UI_LABEL, "   write ");
		n += ui_putd(ui, y, x + n, w - n, UI_VALUE, rate_text(p->write_kib_s, a, sizeof(a)));
	} else {
		n += ui_put(y, x + n, w - n, UI_DIM, p->running ? "measuring…" : "idle");
	}
	if (!(p->running && p->background >= 0))
		return;
	n += ui_put(y, x + n, w - n, UI_NORMAL, "   ");
	/* the library names the hungriest other only when the sample would
	 * disturb a run (sys/interfere.h, fsb_live): busy is its judgement */
	if (p->background_top[0])
		ui_putf(ui, y, x + n, w - n, UI_WARNING, "busy: %.0f%% CPU%s%s", p->background * 100,
			p->background_top[0] ? ", " : "", p->background_top);
	else
		ui_putf(ui, y, x + n, w - n, UI_DIM, "background: %.0f%% CPU", p->background * 100);
}

static void draw_progress(struct ui_ctx *ui, const struct ui_rect *r)
{
	struct run_state *s = S(ui);
	const struct fsb_progress *p = &s->prog;
	int x = r->x + 2, w = r->w - 4, y = r->y + 1;
	double now = s->done ? s->t1 : fsb_now();

	ui_box(ui, r, s->done ? UI_FRAME : UI_FRAME_FOCUS, s->done ? "Run finished" : "Running");
	if (s->done) {
		progress_finished(ui, y, x, w, now);
		return;
	}
	line_where(ui, y++, x, w, p);
	line_clock(ui, y++, x, w, p, now - s->t0, now);
	line_bar(ui, y++, x, w, p);
	line_disk(ui, y++, x, w, p);
	/* a run in rounds: how the verdict firms up, after every round */
	if (p->round > 0) {
		int n = ui_put(y, x, w, UI_LABEL, "Verdict ");

		if (p->finishing)
			n += ui_put(y, x + n, w - n, UI_WARNING, "finishing after this round · ");
		ui_putd(ui, y++, x + n, w - n, p->verdict[0] ? UI_VALUE : UI_DIM,
			p->verdict[0] ? p->verdict : "after the first round");
	}
	/* the command's last line, else the log's */
	if (p->running && p->last_line[0]) {
		ui_put(y, x, 2, UI_DIM, ui->utf8 ? "› " : "> ");
		ui_put(y, x + 2, w - 2, UI_DIM, p->last_line);
	} else if (s->log.n) {
		ui_put(y, x, 2, UI_DIM, ui->utf8 ? "· " : "- ");
		ui_putd(ui, y, x + 2, w - 2, UI_DIM, s->log.v[s->log.n - 1]);
	}
	s->drawn_sec = lround(now - s->t0);
	s->drawn_seq = p->seq;
}

static void draw_side(struct ui_ctx *ui, const struct ui_rect *r)
{
	struct run_state *s = S(ui);
	struct ui_table_opts o = { .title = true, .caption = true, .sel_row = -1, .focus_col = -1 };
	const struct fsb_table *side = view_side_table(&s->view);
	int y = r->y, used = 0;

	if (side) {
		used = ui_draw_table(ui, &(struct ui_rect){ y, r->x, r->h / 2, r->w }, side, &o, 0, NULL);
		y += used + 1;
	}
	if (y >= r->y + r->h - 2)
		return;
	ui_put(y++, r->x, r->w, UI_HEADING, "Log");
	{
		int h = r->y + r->h - y;
		size_t from = s->log.n > (size_t)h ? s->log.n - (size_t)h : 0;

		for (size_t i = from; i < s->log.n; i++)
			ui_putd(ui, y++, r->x, r->w, UI_DIM, s->log.v[i]);
	}
}

static void run_draw(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct run_state *s = S(ui);
	int ph;
	struct ui_rect pr, vr;

	if (!s->done)
		fsb_events_get_progress(ui->events, &s->prog);
	/* a run in rounds has a line more: the verdict after each */
	ph = s->prog.round > 0 && !s->done ? 8 : 7;
	pr = (struct ui_rect){ body->y, body->x, ph, body->w };
	vr = (struct ui_rect){ body->y + ph, body->x + 1, body->h - ph, body->w - 2 };
	draw_progress(ui, &pr);
	if (body->w >= 140) {
		int lw = body->w / 2;

		vr.w = lw - 2;
		draw_side(ui, &(struct ui_rect){ vr.y, body->x + lw + 1, vr.h, body->w - lw - 2 });
		ui_view_draw(ui, &s->view, &vr);
	} else {
		ui_view_draw(ui, &s->view, &vr);
		/* rows the tables leave free show the end of the log */
		if (vr.h - s->view.lines >= 3) {
			int y = vr.y + s->view.lines + 1, h = vr.y + vr.h - y;
			size_t from = s->log.n > (size_t)h ? s->log.n - (size_t)h : 0;

			for (size_t i = from; i < s->log.n; i++)
				ui_putd(ui, y++, vr.x, vr.w, UI_DIM, s->log.v[i]);
		}
	}
	if (!s->done)
		ui_hint(ui, "Left/Right: chart phase · m: metric (%s) · b: baseline · %sq: cancel the run",
			fsb_metric_name(s->view.metric), s->prog.round > 0 ? "f: finish after this round · " : "");
	else
		ui_hint(ui, "Left/Right: chart phase · m: metric (%s) · b: baseline · Enter: every table",
			fsb_metric_name(s->view.metric));
}

static const char *run_brief(struct ui_ctx *ui)
{
	struct run_state *s = S(ui);
	char a[32];

	if (s->done)
		snprintf(s->brief, sizeof(s->brief), "Run finished after %s.", clock_text(s->t1 - s->t0, a, sizeof(a)));
	else if (s->prog.running)
		snprintf(s->brief, sizeof(s->brief), "Running %s, %s (%d of %d), %s", s->prog.fs, s->prog.phase,
			 s->prog.phase_index + 1, s->prog.nphases, clock_text(fsb_now() - s->t0, a, sizeof(a)));
	else
		snprintf(s->brief, sizeof(s->brief), "Running: %s, %s", s->prog.activity,
			 clock_text(fsb_now() - s->t0, a, sizeof(a)));
	return s->brief;
}

static bool running(struct ui_ctx *ui)
{
	return ui->running;
}

static bool in_rounds(struct ui_ctx *ui)
{
	return ui->running && S(ui)->prog.round > 0;
}

static bool finished(struct ui_ctx *ui)
{
	return !ui->running && S(ui)->done;
}

static struct ui_view *run_view(struct ui_ctx *ui)
{
	return &S(ui)->view;
}

static const struct ui_key run_keys[] = {
	{ .keys = { 'q', 27, 'c' }, .name = "q Esc c", .help = "running: cancel the run (asks once); done: back to the plan", .fn = cancel_or_back },
	{ .keys = { '\n', '\r', KEY_ENTER, 'o' }, .name = "Enter o", .bar = "Open", .help = "done: open the result in the browser, with every table", .fn = open_result, .when = finished },
	{ .keys = { 'r' }, .name = "r", .bar = "Results", .help = "done: browse all result files", .fn = open_result, .when = finished },
	{ .keys = { 'f' }, .name = "f", .bar = "Finish", .help = "running in rounds: finish after this round, with a complete result", .fn = finish_round, .when = in_rounds },
	/* key bar labels of keys listed above */
	{ .keys = { 'q' }, .name = "q", .bar = "Cancel", .fn = cancel_or_back, .when = running },
	{ .keys = { 'q' }, .name = "q", .bar = "Back", .fn = cancel_or_back, .when = finished },
	{ .name = NULL },
};

const struct ui_screen_ops ui_scr_run = {
	.name = "Run",
	.about = "The engine formats the target with each filesystem in turn and times every phase.  The summary fills in cell by cell as phases finish, normalized to the baseline (1.00; above 1 is slower); the running cell is highlighted.  The chart shows the highlighted column.",
	.keys = run_keys,
	.more_keys = view_keys,
	.view = run_view,
	.init = run_init,
	.fini = run_fini,
	.enter = run_enter,
	.draw = run_draw,
	.key = run_key,
	.event = run_event,
	.tick = run_tick,
	.brief = run_brief,
	.start = run_start,
};
