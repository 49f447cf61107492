/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A plan and `fsbench run`'s options, both ways (engine/planargs.h): the
 * command line the TUI records must read back into the same plan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "shipped_config.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/planargs.h"
#include "engine/targetcheck.h"
#include "model/config.h"



/* Parse args the way cmd_run.c does: "--name", a value word when the option
 * takes one, "--name=value" as one word. */
static void parse(struct fsb_plan *p, const struct fsb_strv *args)
{
	struct fsb_err err = { 0 };

	fsb_plan_init(p, cfg);
	for (size_t i = 0; i < args->n; i++) {
		const char *w = args->v[i], *eq;
		char *name;
		int id;

		assert_true(strncmp(w, "--", 2) == 0);
		eq = strchr(w, '=');
		name = eq ? strndup(w + 2, (size_t)(eq - w - 2)) : strdup(w + 2);
		id = fsb_opt_find(name);
		assert_true(id >= 0);
		if (fsb_opt_info(id)->arg && !eq) {
			assert_true(i + 1 < args->n);
			eq = args->v[++i] - 1;
		}
		assert_int_equal(fsb_plan_set_option(p, id, eq ? eq + 1 : NULL, &err), 0);
		free(name);
	}
}

static void assert_same(const struct fsb_plan *a, const struct fsb_plan *b)
{
	char *x = fsb_plan_command_line(a), *y = fsb_plan_command_line(b);

	assert_int_equal(a->target, b->target);
	assert_string_equal(a->path, b->path);
	assert_true(a->image_size == b->image_size);
	assert_int_equal(a->repeat, b->repeat);
	assert_int_equal(a->settle, b->settle);
	assert_true(a->budget == b->budget);
	assert_int_equal(a->auto_repeat, b->auto_repeat);
	assert_int_equal(a->max_repeat, b->max_repeat);
	assert_int_equal(a->drop_caches, b->drop_caches);
	assert_int_equal(a->probe, b->probe);
	assert_int_equal(a->jobs, b->jobs);
	assert_string_equal(a->profile, b->profile);
	assert_string_equal(a->baseline, b->baseline);
	assert_int_equal(a->fs.n, b->fs.n);
	assert_int_equal(a->phases.n, b->phases.n);
	assert_string_equal(x, y);
	free(x);
	free(y);
}

/* p's options (args) read back into q, which must be the same plan; the
 * caller checks args and q further, then frees them (round_trip_done). */
static void round_trip(const struct fsb_plan *p, struct fsb_plan *q, struct fsb_strv *args)
{
	fsb_plan_args(p, args);
	parse(q, args);
	assert_same(p, q);
}

static void round_trip_done(struct fsb_plan *q, struct fsb_strv *args)
{
	fsb_strv_free(args);
	fsb_plan_clear(q);
}

static void test_round_trip(void **state)
{
	struct fsb_plan p, q;
	struct fsb_strv args = { 0 };
	struct fsb_err err = { 0 };
	char *line;

	(void)state;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_IMAGE, "/tmp/a b.img", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_SIZE, "2G", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_FS, "ext4,xfs", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PHASES, "tar,rm", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_REPEAT, "3", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_AUTO_REPEAT, NULL, &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_MAX_REPEAT, "5", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_BASELINE, "xfs", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_NO_DROP_CACHES, NULL, &err), 0);
	round_trip(&p, &q, &args);
	line = fsb_plan_command_line(&p);
	assert_string_equal(line, "fsbench run --image '/tmp/a b.img' --size 2048M --fs ext4,xfs "
			    "--phases tar,rm --profile quick --repeat 3 --auto-repeat --max-repeat 5 "
			    "--baseline xfs --no-drop-caches");
	free(line);
	round_trip_done(&q, &args);

	/* a device: the confirmation is one word and names it */
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_TARGET, "/dev/sdz1", &err), 0);
	p.image_size = 0;
	round_trip(&p, &q, &args);
	assert_true(fsb_strv_contains(&args, "--yes-destroy=/dev/sdz1"));
	round_trip_done(&q, &args);
	fsb_plan_clear(&p);
}

/* Settle mode, the default, and its budget: a fixed --repeat 1 must not
 * read back as the default (rounds), a budget reads back to the second. */
static void test_settle_round_trip(void **state)
{
	struct fsb_plan p, q;
	struct fsb_strv args = { 0 };
	struct fsb_err err = { 0 };

	(void)state;
	fsb_plan_init(&p, cfg);
	assert_true(p.settle);
	assert_true(p.budget < 0);
	assert_true(fsb_plan_settles(&p));	/* quick: 15 minutes, the five filesystems */
	assert_true(fabs(fsb_plan_budget(&p) - 900) < 1e-9);
	round_trip(&p, &q, &args);
	assert_false(fsb_strv_contains(&args, "--repeat"));
	assert_false(fsb_strv_contains(&args, "--budget"));
	assert_true(q.settle);
	round_trip_done(&q, &args);

	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_BUDGET, "1h30m", &err), 0);
	assert_true(fabs(p.budget - 5400) < 1e-9);
	round_trip(&p, &q, &args);
	assert_true(fsb_strv_contains(&args, "1h30m"));
	round_trip_done(&q, &args);

	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_REPEAT, "1", &err), 0);
	assert_false(p.settle);
	assert_false(fsb_plan_settles(&p));
	round_trip(&p, &q, &args);
	assert_true(fsb_strv_contains(&args, "--repeat"));
	assert_false(q.settle);
	round_trip_done(&q, &args);
	fsb_plan_clear(&p);

	/* tiny has no budget: one round; --budget gives it rounds */
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PROFILE, "tiny", &err), 0);
	assert_false(fsb_plan_settles(&p));
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_BUDGET, "90", &err), 0);
	assert_true(fsb_plan_settles(&p));
	/* --auto-repeat keeps its meaning */
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_AUTO_REPEAT, NULL, &err), 0);
	assert_false(fsb_plan_settles(&p));
	fsb_plan_clear(&p);

	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_BUDGET, "15x", &err), -EINVAL);
	assert_string_equal(err.msg, "the time budget '15x': expected a duration such as 15m, 900s or 1h30m");
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_BUDGET, "0", &err), -EINVAL);
	fsb_plan_clear(&p);
}

/* The stall probe's mode (model/result.h): round by default, the stall
 * round with it when a command phase can have the probe beside it;
 * --probe beside and --no-probe read back as they were given. */
static void test_probe_mode(void **state)
{
	static const struct { const char *value; enum fsb_probe_mode mode; const char *says; } modes[] = {
		{ "beside", FSB_PROBE_BESIDE, "--probe beside" },
		{ "off", FSB_PROBE_OFF, "--no-probe" },
		{ "round", FSB_PROBE_ROUND, NULL },
	};
	struct fsb_plan p, q;
	struct fsb_strv args = { 0 };
	struct fsb_err err = { 0 };

	(void)state;
	fsb_plan_init(&p, cfg);
	assert_int_equal(p.probe, FSB_PROBE_ROUND);	/* the shipped defaults' probe = true */
	assert_true(fsb_plan_stall_round(&p));
	for (size_t i = 0; i < FSB_ARRAY_SIZE(modes); i++) {
		char *line;

		assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PROBE, modes[i].value, &err), 0);
		assert_int_equal(p.probe, modes[i].mode);
		assert_int_equal(fsb_plan_stall_round(&p), modes[i].mode == FSB_PROBE_ROUND);
		fsb_plan_args(&p, &args);
		parse(&q, &args);
		assert_same(&p, &q);
		line = fsb_plan_command_line(&p);
		if (modes[i].says)
			assert_non_null(strstr(line, modes[i].says));
		else
			assert_null(strstr(line, "probe"));	/* the default: nothing to say */
		free(line);
		fsb_strv_free(&args);
		fsb_plan_clear(&q);
	}
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_NO_PROBE, NULL, &err), 0);
	assert_int_equal(p.probe, FSB_PROBE_OFF);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PROBE, "sometimes", &err), -EINVAL);
	assert_string_equal(err.msg, "the stall probe's mode 'sometimes': expected round (the default: in a round of "
			    "its own), beside (beside the timed phases) or off");
	/* the built-in phases have no probe beside them: no stall round */
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PROBE, "round", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PHASES, "block-write,block-read", &err), 0);
	assert_false(fsb_plan_stall_round(&p));
	fsb_plan_clear(&p);
}

static void test_bad_values(void **state)
{
	struct fsb_plan p;
	struct fsb_err err = { 0 };

	(void)state;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_REPEAT, "0", &err), -EINVAL);
	/* no front end speaks here: the plan's words, not "--repeat" */
	assert_string_equal(err.msg, "repetitions '0': expected a whole number of at least 1");
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_SIZE, "lots", &err), -EINVAL);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_CI_TARGET, "1.5", &err), -EINVAL);
	fsb_plan_clear(&p);
}

/* The target checks every front end asks (engine/targetcheck.h). */
static void test_target_checks(void **state)
{
	struct fsb_err err = { 0 };
	char dir[] = "/tmp/fsb-test-targetXXXXXX", *img;

	(void)state;
	assert_non_null(mkdtemp(dir));
	img = fsb_xasprintf("%s/a.img", dir);
	assert_int_equal(fsb_target_check_image(img, &err), 0);
	assert_int_equal(fsb_target_check_image(dir, &err), -EEXIST);
	assert_int_equal(fsb_target_check_image("/nonexistent-fsb/a.img", &err), -ENOENT);
	assert_int_equal(fsb_target_check_dir(dir, &err), 0);
	assert_int_equal(fsb_target_check_dir(img, &err), -ENOENT);
	assert_int_equal(fsb_target_check_size(FSB_TARGET_MIN_SIZE, &err), 0);
	assert_int_equal(fsb_target_check_size(FSB_TARGET_MIN_SIZE - 1, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "at least 512 MiB"));
	rmdir(dir);
	free(img);
}

/* Kinds and the file format's words, both ways (model/kinds.h). */
static void test_kinds(void **state)
{
	enum fsb_target_kind t;
	enum fsb_phase_kind k;

	(void)state;
	for (int i = FSB_TARGET_IMAGE; i <= FSB_TARGET_DEVICE; i++) {
		assert_int_equal(fsb_target_kind_parse(fsb_target_kind_word(i), &t), 0);
		assert_int_equal(t, i);
	}
	assert_string_equal(fsb_target_kind_word(FSB_TARGET_DIR), "dir");
	assert_int_equal(fsb_phase_kind_parse("builtin", &k), 0);
	assert_int_equal(k, FSB_PHASE_BUILTIN);
	assert_string_equal(fsb_phase_kind_word(FSB_PHASE_COMMAND), "command");
	assert_int_equal(fsb_phase_kind_parse("native", &k), -EINVAL);
	assert_int_equal(fsb_target_kind_parse(NULL, &t), -EINVAL);
}

/* A config with the aging group as the contract ships it, refresh a
 * built-in among command stand-ins. */
#define AGING_CONF \
	"filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' }\n" \
	"filesystem \"ext4\" { type = \"ext4\" mkfs = 'mkfs.ext4 -F ${dev}' }\n" \
	"profile \"quick\" { tree_files = 100 image_size = \"1G\" }\n" \
	"phase \"tar\" { command = 'true' }\n" \
	"phase \"rm\" { command = 'true' empties = true }\n" \
	"phase \"age\" { command = 'true' group = \"aging\" }\n" \
	"phase \"aged-grep\" { command = 'true' group = \"aging\" requires = { \"age\" } }\n" \
	"phase \"aged-stat\" { command = 'true' group = \"aging\" requires = { \"age\" } }\n" \
	"phase \"refresh\" { kind = \"builtin\" group = \"aging\" requires = { \"age\" } }\n" \
	"phase \"fresh-grep\" { command = 'true' group = \"aging\" requires = { \"refresh\" } }\n" \
	"phase \"fresh-stat\" { command = 'true' group = \"aging\" requires = { \"refresh\" } }\n" \
	"defaults { profile = \"quick\" filesystems = { \"ext2\", \"ext4\" } phases = { \"tar\", \"rm\" } }\n"

static char *joined(const struct fsb_strv *v)
{
	static char buf[512];
	char *s = fsb_strv_join(v, ",");

	snprintf(buf, sizeof(buf), "%s", s);
	free(s);
	return buf;
}

/* --age: the group after the plan's phases at validation, whatever the
 * option order; none twice; listed ones in the group's order; recorded as
 * --age and read back into the same plan. */
static void test_age(void **state)
{
	struct fsb_config *ac = NULL;
	struct fsb_plan p, q;
	struct fsb_strv args = { 0 }, group = { 0 };
	struct fsb_err err = { 0 };
	char *line;

	(void)state;
	assert_int_equal(fsb_config_load_buf(AGING_CONF, "aging.conf", &ac, &err), 0);
	fsb_plan_aging_group(ac, &group);
	assert_string_equal(joined(&group), "age,aged-grep,aged-stat,refresh,fresh-grep,fresh-stat");

	/* --age before --phases: still appended after them */
	fsb_plan_init(&p, ac);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_IMAGE, "/tmp/a.img", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_AGE, NULL, &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PHASES, "tar,rm", &err), 0);
	assert_true(p.age);
	assert_int_equal(fsb_plan_validate(&p, &err), 0);
	assert_string_equal(joined(&p.phases), "tar,rm,age,aged-grep,aged-stat,refresh,fresh-grep,fresh-stat");
	assert_true(fsb_plan_ends_aged(&p));
	/* again: nothing added twice */
	assert_int_equal(fsb_plan_add_aging(&p, &err), 0);
	assert_int_equal(p.phases.n, 8);
	free(p.output);
	p.output = NULL;
	line = fsb_plan_command_line(&p);
	assert_non_null(strstr(line, " --phases tar,rm --age "));
	free(line);
	fsb_plan_args(&p, &args);
	fsb_plan_init(&q, ac);
	for (size_t i = 0; i < args.n; i++) {
		int id = fsb_opt_find(args.v[i] + 2);

		if (id >= 0 && strncmp(args.v[i], "--", 2) == 0)
			assert_int_equal(fsb_plan_set_option(&q, id, fsb_opt_info(id)->arg ? args.v[++i] : NULL, &err), 0);
	}
	assert_true(q.age);
	assert_string_equal(joined(&q.phases), "tar,rm");
	assert_int_equal(fsb_plan_validate(&q, &err), 0);
	assert_string_equal(joined(&q.phases), joined(&p.phases));
	fsb_strv_free(&args);
	fsb_plan_clear(&q);
	fsb_plan_clear(&p);

	/* a plan that lists some of them in the group's order: the rest after */
	fsb_plan_init(&p, ac);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PHASES, "age,tar,aged-grep", &err), 0);
	assert_int_equal(fsb_plan_add_aging(&p, &err), 0);
	assert_string_equal(joined(&p.phases), "age,tar,aged-grep,aged-stat,refresh,fresh-grep,fresh-stat");
	assert_false(fsb_plan_ends_aged(&p));
	fsb_plan_clear(&p);

	/* in another order: refused, one line, the plan unchanged */
	fsb_plan_init(&p, ac);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PHASES, "tar,refresh,age", &err), 0);
	assert_int_equal(fsb_plan_add_aging(&p, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "refresh before age"));
	assert_null(strchr(err.msg, '\n'));
	assert_string_equal(joined(&p.phases), "tar,refresh,age");
	fsb_plan_clear(&p);

	/* a directory is not made afresh */
	fsb_plan_init(&p, ac);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_DIR, "/tmp", &err), 0);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_AGE, NULL, &err), 0);
	assert_int_equal(fsb_plan_validate(&p, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "not a directory"));
	fsb_plan_clear(&p);

	/* without --age, a plan ending with the group is still written --age */
	fsb_plan_init(&p, ac);
	assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_PHASES,
					     "tar,age,aged-grep,aged-stat,refresh,fresh-grep,fresh-stat", &err), 0);
	assert_false(p.age);
	assert_true(fsb_plan_ends_aged(&p));
	line = fsb_plan_command_line(&p);
	assert_non_null(strstr(line, " --phases tar --age "));
	free(line);
	fsb_plan_clear(&p);
	fsb_strv_free(&group);
	fsb_config_free(ac);

	/* a config without the group: --age says so */
	fsb_plan_init(&p, cfg);
	fsb_strv_free(&group);
	fsb_plan_aging_group(cfg, &group);
	if (!group.n) {
		assert_int_equal(fsb_plan_set_option(&p, FSB_OPT_AGE, NULL, &err), 0);
		assert_int_equal(fsb_plan_add_aging(&p, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "no phases of group"));
	}
	fsb_strv_free(&group);
	fsb_plan_clear(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_settle_round_trip),
		cmocka_unit_test(test_probe_mode),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_target_checks),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_age),
	};

	return cmocka_run_group_tests(tests, shipped_setup, shipped_teardown);
}
