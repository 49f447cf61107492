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
#include <sys/signalfd.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "engine/engine.h"
#include "doc/render.h"
#include "doc/report.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench run TARGET [OPTIONS]\n"
		"Formats the target with each filesystem in turn, runs the phases on each and\n"
		"prints one line per phase and the tables at the end.  Needs root.\n"
		"\n"
		"Target (one of):\n"
		"      --image FILE       a new sparse image file on a loop device (removed\n"
		"                         afterwards unless --keep-image); --size SIZE\n"
		"      --dir DIR          an existing directory: no reformat, one filesystem\n"
		"      --target DEVICE    a scratch partition or disk (see fsbench devices); it\n"
		"                         must pass every check of 'fsbench devices --check'\n"
		"                         and hold at least 512 MiB; afterwards it holds the\n"
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
		"  -f, --fs LIST          filesystems, comma-separated (fsbench list)\n"
		"  -p, --phases LIST      phases, comma-separated, run in this order\n"
		"  -P, --profile NAME     size profile: tiny, quick, standard, full\n"
		"  -n, --repeat N         repetitions per filesystem\n"
		"      --auto-repeat      repeat until every phase's 95%% CI is within --ci-target,\n"
		"                         judged from the 3rd repetition; show says per phase\n"
		"                         how many it took, or that it hit the cap\n"
		"      --ci-target X      relative CI half-width to reach (default 0.03)\n"
		"      --max-repeat N     auto-repeat cap (default 10)\n"
		"      --no-reformat      do not mkfs again between repetitions\n"
		"  -b, --baseline FS      filesystem the tables normalize to\n"
		"  -j, --jobs N           make -j (default 1, as the seeds ran make)\n"
		"      --no-drop-caches   keep the page cache between phases and passes\n"
		"      --no-download      never download the debootstrap tarball\n"
		"  -o, --output FILE      result file (default: the results directory)\n"
		"  -m, --metric M         metric of the final summary (dead, real, usr, sys, sync)\n"
		"  -q, --quiet            no progress lines, only the tables\n"
		"\n"
		"Exit status: 0 done (or a dry run found the device usable), 1 some phase,\n"
		"mkfs or mount failed, 2 bad usage, 3 the target was refused (also when a\n"
		"device changed under fsbench during the run: it stops there), 128 + N when\n"
		"stopped by signal N.\n");
}

enum {
	OPT_IMAGE = 256, OPT_SIZE, OPT_DIR, OPT_TARGET, OPT_YES, OPT_DRY, OPT_WHOLE, OPT_ROOTDISK,
	OPT_JOURNAL, OPT_AUTO, OPT_CI, OPT_MAXREP, OPT_NOREFORMAT, OPT_NODROP, OPT_NODL, OPT_KEEP,
	OPT_FSTAB, OPT_CRYPTTAB,
};

static const struct option opts[] = {
	{ "image", required_argument, NULL, OPT_IMAGE },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "dir", required_argument, NULL, OPT_DIR },
	{ "target", required_argument, NULL, OPT_TARGET },
	{ "yes-destroy", required_argument, NULL, OPT_YES },
	{ "dry-run", no_argument, NULL, OPT_DRY },
	{ "whole-disk", no_argument, NULL, OPT_WHOLE },
	{ "allow-root-disk", no_argument, NULL, OPT_ROOTDISK },
	{ "journal-device", required_argument, NULL, OPT_JOURNAL },
	{ "fstab", required_argument, NULL, OPT_FSTAB },
	{ "crypttab", required_argument, NULL, OPT_CRYPTTAB },
	{ "fs", required_argument, NULL, 'f' },
	{ "phases", required_argument, NULL, 'p' },
	{ "profile", required_argument, NULL, 'P' },
	{ "repeat", required_argument, NULL, 'n' },
	{ "auto-repeat", no_argument, NULL, OPT_AUTO },
	{ "ci-target", required_argument, NULL, OPT_CI },
	{ "max-repeat", required_argument, NULL, OPT_MAXREP },
	{ "no-reformat", no_argument, NULL, OPT_NOREFORMAT },
	{ "baseline", required_argument, NULL, 'b' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "no-drop-caches", no_argument, NULL, OPT_NODROP },
	{ "no-download", no_argument, NULL, OPT_NODL },
	{ "keep-image", no_argument, NULL, OPT_KEEP },
	{ "output", required_argument, NULL, 'o' },
	{ "metric", required_argument, NULL, 'm' },
	{ "config", required_argument, NULL, 'c' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void set_str(char **dst, const char *s)
{
	free(*dst);
	*dst = fsb_xstrdup(s);
}

static void progress_line(const struct fsb_event *ev)
{
	const double *v = ev->run.v;

	printf("[%d/%d %s", ev->fs_index + 1, ev->nfs, ev->fs);
	if (ev->nreps > 1)
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

static int parse_args(struct fsb_app *cli, struct fsb_plan *plan, int argc, char **argv,
		      bool *quiet, enum fsb_metric *metric)
{
	const struct fsb_config *cfg = NULL;
	char *size = NULL;
	int targets = 0, c, rc = FSB_EXIT_USAGE;
	long n;
	char *end;

	/* --config must be known before the plan takes the config's defaults */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			cli->config_path = argv[i + 1];
		else if (strncmp(argv[i], "--config=", 9) == 0)
			cli->config_path = argv[i] + 9;
		else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return -1;
		}
	}
	cfg = fsb_app_config(cli);
	if (!cfg)
		return FSB_EXIT_USAGE;
	fsb_plan_init(plan, cfg);
	while ((c = getopt_long(argc, argv, "f:p:P:n:b:j:o:m:c:qh", opts, NULL)) != -1) {
		switch (c) {
		case OPT_IMAGE:
			plan->target = FSB_TARGET_IMAGE;
			set_str(&plan->path, optarg);
			targets++;
			break;
		case OPT_DIR:
			plan->target = FSB_TARGET_DIR;
			set_str(&plan->path, optarg);
			targets++;
			break;
		case OPT_TARGET:
			plan->target = FSB_TARGET_DEVICE;
			set_str(&plan->path, optarg);
			targets++;
			break;
		case OPT_SIZE:
			size = optarg;
			break;
		case OPT_YES:
			set_str(&plan->yes_destroy, optarg);
			break;
		case OPT_DRY:
			plan->dry_run = true;
			break;
		case OPT_WHOLE:
			plan->whole_disk = true;
			break;
		case OPT_ROOTDISK:
			plan->allow_root_disk = true;
			break;
		case OPT_JOURNAL:
			set_str(&plan->journal_device, optarg);
			break;
		case OPT_FSTAB:
			set_str(&plan->fstab, optarg);
			break;
		case OPT_CRYPTTAB:
			set_str(&plan->crypttab, optarg);
			break;
		case 'f':
			fsb_strv_free(&plan->fs);
			fsb_strv_split(&plan->fs, optarg, ',');
			break;
		case 'p':
			fsb_strv_free(&plan->phases);
			fsb_strv_split(&plan->phases, optarg, ',');
			break;
		case 'P':
			set_str(&plan->profile, optarg);
			break;
		case 'n':
			if (fsb_cli_parse_long("run", "--repeat", optarg, 1, &n))
				goto out;
			plan->repeat = n;
			break;
		case OPT_AUTO:
			plan->auto_repeat = true;
			break;
		case OPT_CI:
			plan->ci_target = strtod(optarg, &end);
			if (*end || end == optarg || !(plan->ci_target > 0 && plan->ci_target < 1)) {
				fsb_app_error("run: --ci-target '%s': expected a fraction such as 0.03", optarg);
				goto out;
			}
			break;
		case OPT_MAXREP:
			if (fsb_cli_parse_long("run", "--max-repeat", optarg, 3, &n))
				goto out;
			plan->max_repeat = n;
			break;
		case OPT_NOREFORMAT:
			plan->reformat_between = false;
			break;
		case 'b':
			set_str(&plan->baseline, optarg);
			break;
		case 'j':
			if (fsb_cli_parse_long("run", "--jobs", optarg, 1, &n))
				goto out;
			plan->jobs = n;
			break;
		case OPT_NODROP:
			plan->drop_caches = false;
			break;
		case OPT_NODL:
			plan->make_deb = false;
			break;
		case OPT_KEEP:
			plan->keep_image = true;
			break;
		case 'o':
			set_str(&plan->output, optarg);
			break;
		case 'm':
			if (fsb_cli_parse_metric("run", optarg, metric))
				goto out;
			break;
		case 'c':
			break;	/* handled above */
		case 'q':
			*quiet = true;
			break;
		default:
			usage(stderr);
			goto out;
		}
	}
	if (optind < argc) {
		fsb_app_error("run: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if (targets > 1) {
		fsb_app_error("run: give one target: --image, --dir or --target");
		goto out;
	}
	if (size) {
		if (plan->target != FSB_TARGET_IMAGE) {
			fsb_app_error("run: --size only applies to --image");
			goto out;
		}
		if (fsb_parse_size(size, &plan->image_size)) {
			fsb_app_error("run: --size '%s': expected a size such as 2G or 512M", size);
			goto out;
		}
	}
	if (plan->target != FSB_TARGET_DEVICE && (plan->yes_destroy || plan->whole_disk || plan->dry_run ||
						  plan->allow_root_disk || plan->journal_device ||
						  plan->fstab || plan->crypttab)) {
		fsb_app_error("run: --yes-destroy, --dry-run, --whole-disk, --allow-root-disk, --journal-device, --fstab and --crypttab go with --target DEVICE");
		goto out;
	}
	plan->command_line = fsb_app_command_line(cli);
	rc = 0;
out:
	return rc;
}

int fsb_cmd_run(struct fsb_app *cli, int argc, char **argv)
{
	struct fsb_plan plan;
	struct fsb_err err = { 0 };
	struct fsb_events *ev = NULL;
	struct fsb_engine *eng = NULL;
	struct fsb_result *last = NULL;
	struct fsb_report_opts ro = { .metric = FSB_METRIC_DEAD };
	enum fsb_engine_status st;
	sigset_t mask, old;
	int sfd = -1, signo = 0, rc;
	bool quiet = false, done = false;
	const char *msg;

	memset(&plan, 0, sizeof(plan));
	rc = parse_args(cli, &plan, argc, argv, &quiet, &ro.metric);
	if (rc) {
		fsb_plan_clear(&plan);
		return rc < 0 ? FSB_EXIT_OK : rc;
	}
	if (fsb_plan_validate(&plan, &err)) {
		fsb_app_error("run: %s", err.msg);
		fsb_plan_clear(&plan);
		return FSB_EXIT_USAGE;
	}
	if (geteuid() != 0 && plan.target != FSB_TARGET_DIR) {
		fsb_app_error("run: formatting an image or a device needs root (loop devices, mkfs, mount); run it with sudo, or use --dir DIR");
		fsb_plan_clear(&plan);
		return FSB_EXIT_FAILED;
	}

	/* a killed run's mounts, loop devices and images go first (leftovers.h) */
	if (!plan.dry_run)
		fsb_cli_cleanup_dead(stderr, true);

	/* every thread started from here inherits the blocked mask: only the
	 * signalfd below sees these signals */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &mask, &old);
	signal(SIGPIPE, SIG_IGN);
	sfd = signalfd(-1, &mask, SFD_CLOEXEC);
	ev = fsb_events_new(256);
	if (fsb_engine_start(&plan, ev, &eng, &err)) {
		fsb_app_error("run: %s", err.msg);
		rc = FSB_EXIT_FAILED;
		goto out;
	}
	/* a dry run prints its report even when quiet: that is all it does */
	if (plan.dry_run)
		quiet = false;
	if (plan.dry_run)
		printf("fsbench: dry run on %s: %zu filesystem%s × %zu phase%s, profile %s; nothing will be written\n",
		       plan.path, plan.fs.n, plan.fs.n == 1 ? "" : "s", plan.phases.n,
		       plan.phases.n == 1 ? "" : "s", plan.profile);
	else if (!quiet)
		printf("fsbench: %zu filesystem%s × %zu phase%s, profile %s → %s\n", plan.fs.n,
		       plan.fs.n == 1 ? "" : "s", plan.phases.n, plan.phases.n == 1 ? "" : "s", plan.profile,
		       fsb_engine_output(eng));
	while (!done) {
		struct pollfd pfd[2] = { { fsb_events_fd(ev), POLLIN, 0 }, { sfd, POLLIN, 0 } };
		struct fsb_event e;

		if (poll(pfd, 2, -1) < 0 && errno != EINTR)
			break;
		if (pfd[1].revents & POLLIN) {
			struct signalfd_siginfo si;

			if (read(sfd, &si, sizeof(si)) == sizeof(si)) {
				if (!signo)
					fprintf(stderr, "fsbench: %s: stopping, cleaning up…\n", strsignal((int)si.ssi_signo));
				signo = (int)si.ssi_signo;
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
	st = fsb_engine_wait(eng, &msg);
	if (last && st != FSB_ENGINE_REFUSED && st != FSB_ENGINE_ERROR) {
		if (!quiet)
			putchar('\n');
		free(last->path);
		last->path = fsb_xstrdup(fsb_engine_output(eng));
		fsb_show_result(stdout, last, &ro, false, fsb_locale_utf8());
	}
	switch (st) {
	case FSB_ENGINE_OK:
		if (plan.dry_run)
			printf("%s\n", msg);
		rc = FSB_EXIT_OK;
		break;
	case FSB_ENGINE_PHASE_FAILED:
		fsb_app_error("run: %s", msg);
		rc = FSB_EXIT_FAILED;
		break;
	case FSB_ENGINE_REFUSED:
		fsb_app_error("run: %s", msg);
		rc = FSB_EXIT_REFUSED;
		break;
	case FSB_ENGINE_ERROR:
		fsb_app_error("run: %s", msg);
		rc = FSB_EXIT_FAILED;
		break;
	case FSB_ENGINE_CANCELLED:
		fsb_app_error("run: %s", msg);
		rc = 128 + (signo ? signo : SIGINT);
		break;
	}
out:
	fsb_engine_free(eng);
	fsb_events_free(ev);
	fsb_result_free(last);
	if (sfd >= 0)
		close(sfd);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	fsb_plan_clear(&plan);
	return rc;
}
