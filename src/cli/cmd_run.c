/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsbench run — the batch front end of the engine: one progress line per
 * phase, the tables at the end.  Signals are turned into a cancel through a
 * signalfd, so the engine can unwind (unmount, detach, mark the result
 * interrupted) before the process exits with 128 + the signal.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "model/history.h"
#include "engine/engine.h"
#include "engine/etaplan.h"
#include "engine/like.h"
#include "engine/planargs.h"
#include "engine/targetcheck.h"
#include "sys/proc.h"
#include "sys/signals.h"
#include "doc/document.h"
#include "doc/render.h"
#include "doc/report.h"
#include "model/recommend.h"

static void usage(FILE *fp)
{
	char min[32];

	fsb_format_size(FSB_TARGET_MIN_SIZE, min, sizeof(min));
	fprintf(fp,
		"Usage: fsbench run TARGET [OPTIONS]\n"
		"       fsbench run --like RESULT TARGET [-o FILE]\n"
		"Formats the target with each filesystem in turn, runs the phases on each and\n"
		"prints one line per phase and the tables at the end.  Needs root.\n"
		"\n"
		"Target (one of):\n"
		"      --image FILE       a new sparse image file on a loop device (removed\n"
		"                         afterwards unless --keep-image); --size SIZE\n"
		"      --dir DIR          an existing directory: no reformat, one filesystem\n"
		"      --target DEVICE    a scratch partition or disk (see fsbench devices); it\n"
		"                         must pass every check of 'fsbench devices --check'\n"
		"                         and hold at least %s; afterwards it holds the\n"
		"                         last filesystem tested, unmounted\n"
		"        --yes-destroy=DEVICE[,JOURNAL]  required: names the device (and the\n"
		"                         --journal-device) to be reformatted\n"
		"        --dry-run        run every check, print what would be formatted and\n"
		"                         how, touch nothing, write no result file\n"
		"        --whole-disk     the device is a whole partitioned disk, chosen as such\n"
		"        --allow-root-disk  allow the disk that holds the root filesystem\n"
		"        --journal-device DEV  second device for the external journals of\n"
		"                         ext3-extj, ext4-extj and xfs-extlog (same checks;\n"
		"                         without it those are unavailable)\n"
		"\n"
		"What to run:\n"
		"      --like RESULT      the plan RESULT ran: its filesystems with their mkfs\n"
		"                         and mount options, phases, profile, repetitions or\n"
		"                         rounds and budget, order and seed; refused before\n"
		"                         anything is made when this machine cannot repeat it.\n"
		"                         The options below are then the result's: giving one\n"
		"                         is refused.  At the end the two results are compared\n"
		"                         as machines, each normalized to its own baseline\n"
		"  -f, --fs LIST          filesystems, comma-separated (fsbench list)\n"
		"  -p, --phases LIST      phases, comma-separated, run in this order\n"
		"      --age              then the aging group: age the filesystem, read the aged\n"
		"                         tree cold (aged-grep, aged-stat), build, copy and\n"
		"                         delete on it (aged-make2, aged-cp, aged-rm), copy the\n"
		"                         tree to a freshly made filesystem (refresh, through\n"
		"                         $TMPDIR, default /var/tmp) and do the same again\n"
		"                         (fresh-grep … fresh-rm): aged against fresh\n"
		"                         (doc/aging.md)\n"
		"  -P, --profile NAME     size profile: tiny, quick, standard, full\n"
		"  -n, --repeat N         a fixed number of repetitions per filesystem; without\n"
		"                         it (and without --auto-repeat) the run goes in rounds\n"
		"                         until the verdict is settled or the budget is spent\n"
		"      --budget DURATION  time the rounds may take: 15m, 900s, 1h30m (default:\n"
		"                         the profile's; tiny has none: one round)\n"
		"      --auto-repeat      repeat until every phase's 95%% CI is within --ci-target,\n"
		"                         judged from the 3rd repetition; show says per phase\n"
		"                         how many it took, or that it hit the cap\n"
		"      --ci-target X      relative CI half-width to reach (default 0.03)\n"
		"      --max-repeat N     auto-repeat cap (default 10)\n"
		"      --no-reformat      do not mkfs again between repetitions\n"
		"  -b, --baseline FS      filesystem the tables normalize to\n"
		"  -j, --jobs N           make -j (default 1, as the seeds ran make)\n"
		"      --no-drop-caches   keep the page cache between phases and passes\n"
		"      --probe MODE       the stall probe (a 4 KiB save and fsync every 100 ms\n"
		"                         beside each command phase): round (default) runs it\n"
		"                         in a round of its own after the timed rounds, untimed;\n"
		"                         beside runs it beside the timed phases (it changes\n"
		"                         them: bench/probe-overhead.sh); off: none\n"
		"      --no-probe         --probe off: no stall percentiles\n"
		"      --no-download      never download the debootstrap tarball\n"
		"      --for USE          what the disk is for: system, home, build, scratch,\n"
		"                         archive, removable; recorded in the result, the\n"
		"                         recommendation's use when it is shown (default: system)\n"
		"      --need F,...       must-haves besides the use's: power-loss, snapshots,\n"
		"                         checksums, compression; recorded too\n"
		"  -o, --output FILE      result file (default: the results directory)\n"
		"  -m, --metric M         metric of the final summary (dead, real, usr, sys, sync)\n"
		"  -q, --quiet            no progress lines, only the tables\n"
		"\n"
		"SIGUSR1 ends a run in rounds after the running round, with a complete result.\n"
		"\n"
		"Exit status: 0 done (or a dry run found the device usable), 1 some phase,\n"
		"mkfs or mount failed, 2 bad usage or input, or the result file or the report\n"
		"could not be written, 3 the target was refused (also when a\n"
		"device changed under fsbench during the run: it stops there), 128 + N when\n"
		"stopped by signal N.\n", min);
}

/* getopt's value of a plan option without a letter: past every char */
#define OPT_PLAN FSB_CLI_LONG_ONLY
/* --like's: no letter, and no plan option of opts.h */
#define OPT_LIKE (OPT_PLAN + FSB_OPT_COUNT)

/* The plan's options come from the one table (model/opts.h) that the TUI's
 * recorded command line is written from; --metric, --config and --quiet are
 * this command's own. */
static void build_options(struct option *lo, char *so)
{
	size_t k = 0;

	/* getopt says nothing: a refused option is our one line (cli.c) */
	opterr = 0;
	strcpy(so, ":");
	for (int id = 0; id < FSB_OPT_COUNT; id++) {
		const struct fsb_opt_info *o = fsb_opt_info(id);

		fsb_cli_getopt_add(lo, &k, so, o->name, o->letter, o->arg, OPT_PLAN + id);
	}
	fsb_cli_getopt_add(lo, &k, so, "like", 0, true, OPT_LIKE);
	fsb_cli_getopt_add(lo, &k, so, "metric", 'm', true, 0);
	fsb_cli_getopt_add(lo, &k, so, "config", 'c', true, 0);
	fsb_cli_getopt_add(lo, &k, so, "quiet", 'q', false, 0);
	fsb_cli_getopt_add(lo, &k, so, "help", 'h', false, 0);
	lo[k] = (struct option){ NULL, 0, NULL, 0 };
}

/* The plan option of getopt's value c, or -1. */
static int plan_option(int c)
{
	if (c >= OPT_PLAN && c < OPT_LIKE)
		return c - OPT_PLAN;
	for (int id = 0; id < FSB_OPT_COUNT; id++)
		if (fsb_opt_info(id)->letter == c)
			return id;
	return -1;
}

static void progress_line(const struct fsb_event *ev)
{
	const double *v = ev->run.v;

	printf("[%d/%d %s", ev->fs_index + 1, ev->nfs, ev->fs);
	if (ev->stall)
		printf(" stall");
	else if (ev->nreps > 1)
		printf(" #%d", ev->rep);
	printf("] %-12s", ev->phase);
	if (!isnan(v[FSB_FIELD_real]))
		printf(" real %8.2f s", v[FSB_FIELD_real]);
	if (!isnan(v[FSB_FIELD_kib_per_s]))
		printf("  %10.0f K/s", v[FSB_FIELD_kib_per_s]);
	else if (!isnan(v[FSB_FIELD_ops_per_s]))
		printf("  %10.0f /s ", v[FSB_FIELD_ops_per_s]);
	if (!isnan(v[FSB_FIELD_user]))
		printf("  usr %7.2f  sys %7.2f", v[FSB_FIELD_user], v[FSB_FIELD_sys]);
	if (!isnan(v[FSB_FIELD_sync]))
		printf("  sync %6.2f", v[FSB_FIELD_sync]);
	if (ev->run.status == FSB_RUN_OK)
		printf("  ok\n");
	else
		printf("  %s%s%s\n", fsb_run_status_name(ev->run.status),
		       ev->run.error && ev->run.status == FSB_RUN_FAILED ? ": " : "",
		       ev->run.error && ev->run.status == FSB_RUN_FAILED ? ev->run.error : "");
	fflush(stdout);
}

/* --config must be known before the plan takes the config's defaults.
 * 1 when --help was given (usage printed). */
static int early_options(struct fsb_app *cli, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			cli->config_path = argv[i + 1];
		else if (strncmp(argv[i], "--config=", 9) == 0)
			cli->config_path = argv[i] + 9;
		else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 1;
		}
	}
	return 0;
}

/* What getopt cannot check: one target, and options that go with one kind. */
static int check_combination(const struct fsb_plan *plan, int targets, bool size)
{
	/* the plan starts on the config's image, the TUI's default target; a
	 * bare `fsbench run` would have formatted it unasked (--like takes no
	 * target from its result either) */
	if (targets == 0) {
		fsb_app_error("run: no target given: give --image FILE, --dir DIR or --target DEVICE "
			      "(fsbench run --help)");
		return FSB_EXIT_USAGE;
	}
	if (targets > 1) {
		fsb_app_error("run: give one target: --image, --dir or --target");
		return FSB_EXIT_USAGE;
	}
	if (size && plan->target != FSB_TARGET_IMAGE) {
		fsb_app_error("run: --size only applies to --image");
		return FSB_EXIT_USAGE;
	}
	if (plan->target != FSB_TARGET_DEVICE && (plan->yes_destroy || plan->whole_disk || plan->dry_run ||
						  plan->allow_root_disk || plan->journal_device ||
						  plan->fstab || plan->crypttab)) {
		fsb_app_error("run: --yes-destroy, --dry-run, --whole-disk, --allow-root-disk, --journal-device, --fstab and --crypttab go with --target DEVICE");
		return FSB_EXIT_USAGE;
	}
	return 0;
}

/* --like beside an option the result decides: refused, naming it. */
static int check_like(const char *like, int taken)
{
	if (like && taken >= 0) {
		fsb_app_error("run: --like %s takes %s from the result: leave %s out, or run without --like",
			      like, fsb_opt_info(taken)->words, fsb_opt_say(taken, NULL));
		return FSB_EXIT_USAGE;
	}
	return 0;
}

static int parse_args(struct fsb_app *cli, struct fsb_plan *plan, int argc, char **argv,
		      bool *quiet, enum fsb_metric *metric, const char **like)
{
	struct option lo[FSB_OPT_COUNT + 6];
	char so[2 * FSB_OPT_COUNT + 9];	/* ':', two chars a letter, m: c: q h, NUL */
	const struct fsb_config *cfg;
	struct fsb_err err = { 0 };
	int targets = 0, c, id, taken = -1;
	bool size = false;

	if (early_options(cli, argc, argv))
		return -1;
	cfg = fsb_app_config(cli);
	if (!cfg)
		return FSB_EXIT_USAGE;
	fsb_plan_init(plan, cfg);
	build_options(lo, so);
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == 'm' && fsb_cli_parse_metric("run", optarg, metric))
			return FSB_EXIT_USAGE;
		if (c == 'q')
			*quiet = true;
		if (c == OPT_LIKE)
			*like = optarg;
		if (c == 'm' || c == 'q' || c == 'c' || c == OPT_LIKE)
			continue;	/* --config: handled above */
		id = plan_option(c);
		if (id < 0)
			return fsb_cli_getopt_refused("run", c, argv);
		if (fsb_plan_set_option(plan, id, optarg, &err)) {
			fsb_app_error("run: %s", err.msg);
			return FSB_EXIT_USAGE;
		}
		if (taken < 0 && fsb_plan_like_takes(id))
			taken = id;
		targets += id == FSB_OPT_IMAGE || id == FSB_OPT_DIR || id == FSB_OPT_TARGET;
		size |= id == FSB_OPT_SIZE;
	}
	if (optind < argc) {
		fsb_app_error("run: unexpected argument '%s'", argv[optind]);
		return FSB_EXIT_USAGE;
	}
	if (check_combination(plan, targets, size) || check_like(*like, taken))
		return FSB_EXIT_USAGE;
	plan->command_line = fsb_app_command_line(cli);
	return 0;
}

/* --like FILE: the plan of the result, read into *out, or why this machine
 * cannot repeat it — one line per thing missing, each naming the file —
 * before anything is made.  0 or an exit status. */
static int like_plan(struct fsb_plan *plan, const char *path, bool quiet, struct fsb_result **out)
{
	struct fsb_strv missing = { 0 }, notes = { 0 };
	struct fsb_err err = { 0 };
	int rc = 0;

	if (fsb_result_read(path, out, &err)) {
		fsb_app_error("run: --like: %s", err.msg);
		return FSB_EXIT_USAGE;
	}
	if (fsb_plan_like(plan, *out, &missing, &notes)) {
		for (size_t i = 0; i < missing.n; i++) {
			char *v = fsb_xstr_visible(missing.v[i]);

			fsb_app_error("run: --like %s: cannot be repeated here: %s", path, v);
			free(v);
		}
		rc = FSB_EXIT_USAGE;
	}
	for (size_t i = 0; !rc && !quiet && i < notes.n; i++) {
		char *v = fsb_xstr_visible(notes.v[i]);

		printf("fsbench: --like %s: %s\n", path, v);
		free(v);
	}
	/* the result records the plan itself, not "like that file": a --like
	 * of it repeats the same plan without the first file.  The global
	 * options before "run" (--config) stay as they were given. */
	if (!rc) {
		char *line = fsb_plan_command_line(plan), *app = plan->command_line, *run = strstr(app, " run");

		plan->command_line = fsb_xasprintf("%.*s%s   # like %s", run ? (int)(run - app) : 7, app,
						   line + strlen("fsbench"), path);
		free(line);
		free(app);
	}
	fsb_strv_free(&missing);
	fsb_strv_free(&notes);
	return rc;
}

/* After a --like run: the two results as machines (doc/reports.md). */
static void show_machines(struct fsb_result *like, const char *like_path, struct fsb_result *last,
			  const struct fsb_report_opts *ro)
{
	struct fsb_render_opts o = { .utf8 = fsb_locale_utf8(), .notes = true, .width = 72 };
	struct fsb_doc_opts d = { .report = *ro };
	struct fsb_result *res[2] = { like, last };
	char *paths[2] = { (char *)like_path, last->path };
	const char *labels[2];
	struct fsb_doc doc;

	fsb_cli_file_labels(paths, 2, labels);
	putchar('\n');
	fsb_doc_compare(res, labels, 2, &d, &doc);
	fsb_doc_render_text(stdout, &doc, &o);
	fsb_doc_free(&doc);
}

/* The run's first line: what will be done, and where the result goes. */
static void announce(const struct fsb_plan *plan, const struct fsb_engine *eng)
{
	const char *fss = plan->fs.n == 1 ? "" : "s", *phs = plan->phases.n == 1 ? "" : "s";

	if (plan->dry_run)
		printf("fsbench: dry run on %s: %zu filesystem%s × %zu phase%s, profile %s; nothing will be written\n",
		       plan->path, plan->fs.n, fss, plan->phases.n, phs, plan->profile);
	else
		printf("fsbench: %zu filesystem%s × %zu phase%s, profile %s → %s\n", plan->fs.n, fss,
		       plan->phases.n, phs, plan->profile, fsb_engine_output(eng));
	if (!plan->dry_run) {
		struct fsb_eta_plan est;
		char t[256];

		/* the estimate the TUI's plan and confirm screens show */
		fsb_eta_plan(plan, NULL, &est);
		printf("fsbench: %s: %s\n", est.settle ? "rounds until the verdict is settled, estimate" : "estimate",
		       fsb_eta_plan_text(&est, plan->profile, t, sizeof(t)));
	}
}

/* Follow the engine until it is done: progress lines, the latest result
 * snapshot (returned; caller frees), a stop signal turned into a cancel. */
static struct fsb_result *follow(struct fsb_events *ev, struct fsb_engine *eng, struct fsb_signals *sig,
				 bool quiet, int *signo)
{
	struct fsb_result *last = NULL;
	bool done = false;

	while (!done) {
		struct pollfd pfd[2] = { { fsb_events_fd(ev), POLLIN, 0 }, { sig->fd, POLLIN, 0 } };
		struct fsb_event e;

		if (poll(pfd, 2, -1) < 0 && errno != EINTR)
			break;
		if (pfd[1].revents & POLLIN) {
			int s = fsb_signals_read(sig);

			if (s == SIGUSR1) {
				if (fsb_engine_finish_round(eng) == 0)
					fprintf(stderr, "fsbench: %s: finishing after this round…\n", strsignal(s));
				else
					fprintf(stderr, "fsbench: %s: this run has no rounds to finish after "
						"(one repetition each, or not the rounds order); SIGINT stops it\n", strsignal(s));
			} else if (s > 0) {
				if (!*signo)
					fprintf(stderr, "fsbench: %s: stopping, cleaning up…\n", strsignal(s));
				*signo = s;
				fsb_engine_cancel(eng);
			}
		}
		while (fsb_events_pop(ev, &e)) {
			switch (e.kind) {
			case FSB_EV_LOG:
				if (!quiet)
					printf("  %s\n", e.text);
				break;
			case FSB_EV_PHASE_END:
				if (!quiet)
					progress_line(&e);
				break;
			case FSB_EV_RESULT:
				fsb_result_free(last);
				last = e.result;
				e.result = NULL;
				break;
			case FSB_EV_DONE:
				done = true;
				break;
			default:
				break;
			}
			fsb_event_free(&e);
		}
	}
	return last;
}

/* A stop signal that came before the engine started (it was blocked from
 * the start): the run ends there, 128 + N, nothing started.  0 when none. */
static int stopped_before(struct fsb_signals *sig)
{
	struct pollfd pfd = { sig->fd, POLLIN, 0 };

	while (poll(&pfd, 1, 0) > 0) {
		int s = fsb_signals_read(sig);

		if (s > 0 && s != SIGUSR1) {
			fprintf(stderr, "fsbench: %s: stopping before the run started\n", strsignal(s));
			return 128 + s;
		}
		if (s <= 0)
			break;
	}
	return 0;
}

/* The exit status of how the run ended, its one line printed: a result
 * file that could not be written is an output failure, 2, as for every
 * command (app.h). */
static int exit_status(enum fsb_engine_status st, const char *msg, bool dry_run, int signo,
		       bool output_failed)
{
	if (st == FSB_ENGINE_OK) {
		if (dry_run)
			printf("%s\n", msg);
		return FSB_EXIT_OK;
	}
	fsb_app_error("run: %s", msg);
	if (st == FSB_ENGINE_REFUSED)
		return FSB_EXIT_REFUSED;
	if (st == FSB_ENGINE_CANCELLED)
		return 128 + (signo ? signo : SIGINT);
	if (output_failed)
		return FSB_EXIT_USAGE;
	return FSB_EXIT_FAILED;	/* a phase failed, or the run could not start */
}

/* The plan of the command line (or of --like's result), validated and one
 * this process can run.  -1 to go on, else the exit status. */
static int ready_plan(struct fsb_app *cli, int argc, char **argv, struct fsb_plan *plan, bool *quiet,
		      enum fsb_metric *metric, const char **like, struct fsb_result **like_res)
{
	struct fsb_plan_reqs reqs;
	struct fsb_err err = { 0 };
	int rc = parse_args(cli, plan, argc, argv, quiet, metric, like);

	if (!rc && *like)
		rc = like_plan(plan, *like, *quiet, like_res);
	if (rc)
		return rc < 0 ? FSB_EXIT_OK : rc;
	if (fsb_plan_validate(plan, &err)) {
		fsb_app_error("run: %s", err.msg);
		return FSB_EXIT_USAGE;
	}
	fsb_plan_reqs(plan, &reqs);
	if (!reqs.can_run) {
		fsb_app_error("run: formatting an image or a device needs root (%s); run it with sudo, or use --dir DIR",
			      reqs.why_root);
		return FSB_EXIT_FAILED;
	}
	return -1;
}

/* The result the run wrote, as fsbench show shows it: judged with the
 * earlier sessions next to it. */
static void show_result(struct fsb_app *cli, struct fsb_result *last, const char *path,
			struct fsb_report_opts *ro, bool quiet)
{
	struct fsb_rec_opts rec = { .cfg = cli->cfg };
	struct fsb_history hist;
	struct fsb_err herr = { 0 };

	if (!quiet)
		putchar('\n');
	free(last->path);
	last->path = fsb_xstrdup(path);
	fsb_history_load(last, NULL, &hist, &herr);
	fsb_err_clear(&herr);
	ro->history = &hist;
	fsb_show_result(stdout, last, ro, &rec, false, fsb_locale_utf8());
	ro->history = NULL;
	fsb_history_free(&hist);
}

int fsb_cmd_run(struct fsb_app *cli, int argc, char **argv)
{
	struct fsb_plan plan;
	struct fsb_err err = { 0 };
	struct fsb_events *ev = NULL;
	struct fsb_engine *eng = NULL;
	struct fsb_result *last = NULL, *like_res = NULL;
	struct fsb_report_opts ro = { .metric = FSB_METRIC_DEAD };
	const char *like = NULL;
	enum fsb_engine_status st;
	struct fsb_signals sig = { .fd = -1 };
	int signo = 0, rc;
	bool quiet = false;
	const char *msg;

	memset(&plan, 0, sizeof(plan));
	/* first of all, before any thread or child exists: the engine's thread
	 * inherits the blocked mask, a signal from now on is a cancel (or,
	 * before the engine starts, the end), and every process the run
	 * starts is reaped before it exits (sys/proc.h) */
	rc = fsb_signals_open(&sig, SIGUSR1, 0);
	if (rc) {
		fsb_app_error("run: cannot create a signalfd: %s", strerror(-rc));
		return FSB_EXIT_FAILED;
	}
	fsb_proc_subreaper();
	rc = ready_plan(cli, argc, argv, &plan, &quiet, &ro.metric, &like, &like_res);
	if (rc >= 0)
		goto out;

	/* a killed run's mounts, loop devices and images go first (leftovers.h) */
	if (!plan.dry_run)
		fsb_cli_cleanup_dead(stderr, true);
	if ((rc = stopped_before(&sig)))
		goto out;
	ev = fsb_events_new(256);
	if (fsb_engine_start(&plan, ev, &eng, &err)) {
		fsb_app_error("run: %s", err.msg);
		rc = FSB_EXIT_FAILED;
		goto out;
	}
	/* a dry run prints its report even when quiet: that is all it does */
	if (plan.dry_run)
		quiet = false;
	if (plan.dry_run || !quiet)
		announce(&plan, eng);
	last = follow(ev, eng, &sig, quiet, &signo);
	st = fsb_engine_wait(eng, &msg);
	if (last && st != FSB_ENGINE_REFUSED && st != FSB_ENGINE_ERROR)
		show_result(cli, last, fsb_engine_output(eng), &ro, quiet);
	if (last && like_res && !plan.dry_run && st != FSB_ENGINE_REFUSED && st != FSB_ENGINE_ERROR)
		show_machines(like_res, like, last, &ro);
	rc = exit_status(st, msg, plan.dry_run, signo, fsb_engine_output_failed(eng));
out:
	fsb_engine_free(eng);
	/* the engine reaped its phases; what is left (a daemon a phase
	 * started, an orphan) goes now, before the process ends */
	fsb_proc_reap_all(2.0);
	fsb_events_free(ev);
	fsb_result_free(last);
	fsb_result_free(like_res);
	fsb_signals_close(&sig);
	fsb_plan_clear(&plan);
	return rc;
}
