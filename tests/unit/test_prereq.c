/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Phase prerequisites: the shipped declarations, the plan check and its
 * one-line messages, the config's checks, and a plan screen's ticks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/config.h"
#include "model/prereq.h"

#define HEAD \
	"filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' }\n" \
	"profile \"quick\" { tree_files = 100 }\n" \
	"profile \"tiny\" { tree_files = 100 }\n"

/* A small suite shaped like the desktop one, plus a phase with
 * alternatives and one that needs another group's phase. */
#define SUITE_PHASES \
	HEAD \
	"phase \"deb\" { command = 'true' }\n" \
	"phase \"tar\" { command = 'true' }\n" \
	"phase \"make\" { command = 'true' requires = { \"tar\" } }\n" \
	"phase \"cp\" { command = 'true' requires = { \"tar|deb\" } }\n" \
	"phase \"clean\" { command = 'true' requires = { \"make\" } }\n" \
	"phase \"make2\" { command = 'true' requires = { \"make\" } }\n" \
	"phase \"rm\" { command = 'true' empties = true }\n" \
	"phase \"look\" { command = 'true' group = \"mine\" requires = { \"tar\", \"deb|cp\" } }\n"
#define SUITE SUITE_PHASES "defaults { profile = \"tiny\" phases = {\"tar\"} }\n"

static struct fsb_config *load(const char *text)
{
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };

	if (fsb_config_load_buf(text, "test.conf", &cfg, &err))
		fail_msg("config: %s", err.msg);
	return cfg;
}

/* The check of a comma-separated plan: "" when it passes, else the message. */
static const char *check(const struct fsb_config *cfg, const char *plan)
{
	static struct fsb_err err;
	struct fsb_strv v = { 0 };
	int rc;

	memset(&err, 0, sizeof(err));
	fsb_strv_split(&v, plan, ',');
	rc = fsb_prereq_check(cfg, &v, &err);
	fsb_strv_free(&v);
	assert_true(rc == 0 || rc == -EINVAL);
	assert_true((rc == 0) == (err.msg[0] == '\0'));
	assert_null(strchr(err.msg, '\n'));
	return err.msg;
}

static void expect_refused(const struct fsb_config *cfg, const char *plan, const char *msg)
{
	const char *got = check(cfg, plan);

	if (strcmp(got, msg))
		fail_msg("plan %s:\n  got      \"%s\"\n  expected \"%s\"", plan, got, msg);
}

static void test_shipped(void **state)
{
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/data/fsbench.conf", FSB_ABS_SRCDIR);

	(void)state;
	assert_int_equal(fsb_config_load(path, &cfg, &err), 0);
	free(path);
	/* the seeds' dependencies, as the commands need them */
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "make")->requires, "tar"));
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "clean")->requires, "make"));
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "make2")->requires, "make"));
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "cp")->requires, "tar|deb"));
	assert_int_equal(fsb_config_phase(cfg, "deb")->requires.n, 0);
	assert_int_equal(fsb_config_phase(cfg, "tar")->requires.n, 0);
	assert_int_equal(fsb_config_phase(cfg, "rm")->requires.n, 0);
	assert_true(fsb_config_phase(cfg, "rm")->empties);
	/* the bonnie-style built-in phases make their own input: none requires
	 * another; the aging's reads need what age (and refresh) left */
	for (size_t i = 0; i < cfg->nphases; i++)
		if (cfg->phases[i]->kind == FSB_PHASE_BUILTIN && strcmp(cfg->phases[i]->group, "aging")) {
			assert_int_equal(cfg->phases[i]->requires.n, 0);
			assert_false(cfg->phases[i]->empties);
		}
	assert_int_equal(fsb_config_phase(cfg, "age")->requires.n, 0);
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "aged-grep")->requires, "age"));
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "refresh")->requires, "age"));
	assert_true(fsb_strv_contains(&fsb_config_phase(cfg, "fresh-stat")->requires, "refresh"));
	assert_string_equal(check(cfg, "age,aged-grep,aged-stat,refresh,fresh-grep,fresh-stat"), "");
	/* the default plan and the plans the tests run are fine */
	assert_string_equal(check(cfg, "deb,tar,make,cp,clean,make2,rm"), "");
	assert_string_equal(check(cfg, "tar,make,cp,clean,make2,rm"), "");
	assert_string_equal(check(cfg, "rm"), "");
	assert_string_equal(check(cfg, "tar,rm"), "");
	assert_string_equal(check(cfg, "deb,cp,rm"), "");
	assert_string_equal(check(cfg, "block-read,seq-stat,rand-delete"), "");
	/* issue 16's plan */
	expect_refused(cfg, "tar,cp,clean,make2,rm",
		       "phase 'clean' needs make to run before it on the same filesystem: add make before clean, or leave clean out");
	expect_refused(cfg, "tar,make2",
		       "phase 'make2' needs make to run before it on the same filesystem: add make before make2, or leave make2 out");
	fsb_config_free(cfg);
}

static void test_check(void **state)
{
	struct fsb_config *cfg = load(SUITE);

	(void)state;
	assert_string_equal(check(cfg, "tar"), "");
	assert_string_equal(check(cfg, "tar,make,make2"), "");
	assert_string_equal(check(cfg, "deb,cp"), "");
	assert_string_equal(check(cfg, "tar,cp,look"), "");
	assert_string_equal(check(cfg, "tar,make,rm"), "");
	/* missing: the whole chain to add */
	expect_refused(cfg, "make2",
		       "phase 'make2' needs make to run before it on the same filesystem: add tar and make before make2, or leave make2 out");
	/* alternatives: either is named, the first one is proposed */
	expect_refused(cfg, "cp",
		       "phase 'cp' needs tar or deb to run before it on the same filesystem: add tar before cp, or leave cp out");
	expect_refused(cfg, "tar,look",
		       "phase 'look' needs deb or cp to run before it on the same filesystem: add deb before look, or leave look out");
	/* in the wrong order */
	expect_refused(cfg, "make,tar",
		       "phase 'make' needs tar to run before it on the same filesystem, but tar comes after it: put tar before make");
	expect_refused(cfg, "make2,tar,make",
		       "phase 'make2' needs make to run before it on the same filesystem, but make comes after it: put tar and make before make2");
	/* emptied in between */
	expect_refused(cfg, "tar,make,rm,make2",
		       "phase 'make2' needs make to run before it on the same filesystem, but rm empties the filesystem in between: put rm after make2, or leave rm out");
	expect_refused(cfg, "tar,rm,cp",
		       "phase 'cp' needs tar or deb to run before it on the same filesystem, but rm empties the filesystem in between: put rm after cp, or leave rm out");
	/* after an emptying phase, running the prerequisite again is fine */
	assert_string_equal(check(cfg, "deb,rm,tar,cp"), "");
	/* the first phase that fails is the one named */
	assert_non_null(strstr(check(cfg, "clean,make2"), "phase 'clean'"));
	fsb_config_free(cfg);
}

static void expect_config_error(const char *text, const char *needle)
{
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };

	assert_int_equal(fsb_config_load_buf(text, "test.conf", &cfg, &err), -EINVAL);
	assert_null(cfg);
	if (!strstr(err.msg, needle) || strncmp(err.msg, "test.conf", 9))
		fail_msg("error \"%s\" does not start with test.conf or contain \"%s\"", err.msg, needle);
}

static void test_config_errors(void **state)
{
	(void)state;
	expect_config_error(HEAD "phase \"a\" { command = 'true' requires = { \"nope\" } }\n",
			    "phase \"a\": requires \"nope\", which is not a defined phase");
	expect_config_error(HEAD "phase \"a\" { command = 'true' }\n"
				 "phase \"b\" { command = 'true' requires = { \"a|nope\" } }\n",
			    "requires \"nope\", which is not a defined phase");
	expect_config_error(HEAD "phase \"a\" { command = 'true' requires = { \"a\" } }\n",
			    "phase \"a\" requires itself");
	expect_config_error(HEAD "phase \"a\" { command = 'true' }\n"
				 "phase \"b\" { command = 'true' requires = { \"a|\" } }\n",
			    "has an empty name");
	expect_config_error(HEAD "phase \"a\" { command = 'true' requires = { \"c\" } }\n"
				 "phase \"b\" { command = 'true' requires = { \"a\" } }\n"
				 "phase \"c\" { command = 'true' requires = { \"b\" } }\n",
			    "can never run");
	expect_config_error(SUITE_PHASES "defaults { profile = \"tiny\" baseline = \"ext2\" phases = {\"make2\"} }\n",
			    "test.conf:12: defaults: phases: phase 'make2' needs make");
	expect_config_error(HEAD "phase \"a\" { command = 'true' empties = 3 }\n", "test.conf:4: invalid boolean value for option 'empties'");
	/* a loop with a way out is no loop: c runs first, then b, then a */
	{
		struct fsb_config *cfg = load(HEAD "phase \"a\" { command = 'true' requires = { \"b\" } }\n"
						   "phase \"b\" { command = 'true' requires = { \"a|c\" } }\n"
						   "phase \"c\" { command = 'true' }\n");

		assert_string_equal(check(cfg, "c,b,a"), "");
		fsb_config_free(cfg);
	}
}

static void test_text(void **state)
{
	struct fsb_config *cfg = load(SUITE);
	char *t;

	(void)state;
	t = fsb_prereq_text(fsb_config_phase(cfg, "look"));
	assert_string_equal(t, "tar, deb|cp");
	free(t);
	t = fsb_prereq_text(fsb_config_phase(cfg, "tar"));
	assert_string_equal(t, "");
	free(t);
	fsb_config_free(cfg);
}

/* ---- ticks --------------------------------------------------------------------- */

struct screen {
	struct fsb_config *cfg;
	size_t order[16];
	bool on[16], can[16];
	struct fsb_prereq_ticks t;
};

/* Every phase in config order, none ticked, all can run. */
static void screen_init(struct screen *s, const char *text)
{
	memset(s, 0, sizeof(*s));
	s->cfg = load(text);
	assert_true(s->cfg->nphases <= 16);
	for (size_t i = 0; i < s->cfg->nphases; i++) {
		s->order[i] = i;
		s->can[i] = true;
	}
	s->t = (struct fsb_prereq_ticks){ s->cfg, s->order, s->cfg->nphases, s->on, s->can };
}

static size_t ix(const struct screen *s, const char *name)
{
	for (size_t i = 0; i < s->cfg->nphases; i++)
		if (strcmp(s->cfg->phases[i]->name, name) == 0)
			return i;
	fail_msg("no phase %s", name);
	return 0;
}

/* The ticked phases, comma-separated, in order. */
static const char *ticked(const struct screen *s)
{
	static char buf[256];

	buf[0] = '\0';
	for (size_t k = 0; k < s->t.n; k++)
		if (s->on[s->order[k]])
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", buf[0] ? "," : "",
				 s->cfg->phases[s->order[k]]->name);
	return buf;
}

static const char *joined(struct fsb_strv *v)
{
	static char buf[256];
	char *j = fsb_strv_join(v, ",");

	snprintf(buf, sizeof(buf), "%s", j);
	free(j);
	fsb_strv_free(v);
	return buf;
}

static void test_ticks(void **state)
{
	struct screen s;
	struct fsb_strv on = { 0 }, off = { 0 };
	struct fsb_err err = { 0 };

	(void)state;
	screen_init(&s, SUITE);
	/* make2 alone brings make, which brings tar */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "make2"), &on, &off, &err), 0);
	assert_string_equal(ticked(&s), "tar,make,make2");
	assert_string_equal(joined(&on), "make,tar");
	assert_string_equal(joined(&off), "");
	/* clean needs nothing more */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "clean"), &on, &off, &err), 0);
	assert_string_equal(joined(&on), "");
	assert_string_equal(ticked(&s), "tar,make,clean,make2");
	/* unticking make takes what needs it */
	fsb_prereq_untick(&s.t, ix(&s, "make"), &off);
	assert_string_equal(joined(&off), "clean,make2");
	assert_string_equal(ticked(&s), "tar");
	/* unticking tar takes the chain */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "make2"), NULL, NULL, &err), 0);
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "cp"), &on, NULL, &err), 0);
	assert_string_equal(joined(&on), "");
	fsb_prereq_untick(&s.t, ix(&s, "tar"), &off);
	assert_string_equal(joined(&off), "make,cp,make2");
	assert_string_equal(ticked(&s), "");
	/* cp with deb there keeps running without tar */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "deb"), NULL, NULL, &err), 0);
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "cp"), &on, NULL, &err), 0);
	assert_string_equal(joined(&on), "");
	assert_string_equal(ticked(&s), "deb,cp");
	fsb_config_free(s.cfg);
}

static void test_ticks_unavailable(void **state)
{
	struct screen s;
	struct fsb_strv on = { 0 }, off = { 0 };
	struct fsb_err err = { 0 };

	(void)state;
	screen_init(&s, SUITE);
	/* tar cannot run: cp takes deb instead */
	s.can[ix(&s, "tar")] = false;
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "cp"), &on, &off, &err), 0);
	assert_string_equal(joined(&on), "deb");
	assert_string_equal(ticked(&s), "deb,cp");
	/* make cannot be made runnable: refused, nothing changes */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "make2"), &on, &off, &err), -EINVAL);
	assert_string_equal(err.msg, "make needs tar before it, which cannot run here");
	assert_string_equal(ticked(&s), "deb,cp");
	assert_int_equal(on.n + off.n, 0);
	/* deb goes too (another profile): cp loses its input */
	s.can[ix(&s, "deb")] = false;
	assert_int_equal(fsb_prereq_prune(&s.t, &off), 1);
	assert_string_equal(joined(&off), "cp");
	/* a ticked phase that cannot run keeps its tick */
	assert_true(s.on[ix(&s, "deb")]);
	fsb_config_free(s.cfg);
}

static void test_ticks_held(void **state)
{
	struct screen s;
	struct fsb_strv on = { 0 }, off = { 0 };
	struct fsb_err err = { 0 };
	bool run[16];

	(void)state;
	screen_init(&s, SUITE);
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "cp"), &on, NULL, &err), 0);
	assert_string_equal(joined(&on), "tar");
	/* another profile: tar cannot run; cp keeps its tick and is not run */
	s.can[ix(&s, "tar")] = false;
	fsb_prereq_runnable(&s.t, run);
	assert_false(run[ix(&s, "cp")]);
	assert_false(run[ix(&s, "tar")]);
	assert_string_equal(ticked(&s), "tar,cp");
	/* other ticks leave it alone, even an emptying phase */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "rm"), &on, &off, &err), 0);
	assert_string_equal(joined(&on), "");
	assert_string_equal(joined(&off), "");
	assert_string_equal(ticked(&s), "tar,cp,rm");
	/* ticking it again brings what it can run with: deb */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "cp"), &on, &off, &err), 0);
	assert_string_equal(joined(&on), "deb");
	fsb_prereq_runnable(&s.t, run);
	assert_true(run[ix(&s, "cp")]);
	/* the profile back: tar runs again, with its tick */
	s.can[ix(&s, "tar")] = true;
	fsb_prereq_runnable(&s.t, run);
	assert_true(run[ix(&s, "tar")] && run[ix(&s, "cp")] && run[ix(&s, "rm")] && run[ix(&s, "deb")]);
	assert_string_equal(ticked(&s), "deb,tar,cp,rm");
	fsb_config_free(s.cfg);
}

static void test_ticks_empties(void **state)
{
	struct screen s;
	struct fsb_strv on = { 0 }, off = { 0 };
	struct fsb_err err = { 0 };

	(void)state;
	/* look is after rm in the screen's order, as a user's group would be */
	screen_init(&s, SUITE);
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "tar"), NULL, NULL, &err), 0);
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "cp"), NULL, NULL, &err), 0);
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "rm"), NULL, NULL, &err), 0);
	assert_string_equal(ticked(&s), "tar,cp,rm");
	/* ticking look unticks rm, which would empty what look needs */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "look"), &on, &off, &err), 0);
	assert_string_equal(joined(&on), "");
	assert_string_equal(joined(&off), "rm");
	assert_string_equal(ticked(&s), "tar,cp,look");
	/* ticking rm again wins over look */
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "rm"), &on, &off, &err), 0);
	assert_string_equal(joined(&off), "look");
	assert_string_equal(ticked(&s), "tar,cp,rm");
	fsb_config_free(s.cfg);
}

static void test_ticks_order(void **state)
{
	struct screen s;
	struct fsb_err err = { 0 };

	(void)state;
	/* a screen that shows make before tar cannot make make runnable */
	screen_init(&s, SUITE);
	s.order[ix(&s, "tar")] = ix(&s, "make");
	s.order[ix(&s, "make")] = ix(&s, "tar");
	assert_int_equal(fsb_prereq_tick(&s.t, ix(&s, "make"), NULL, NULL, &err), -EINVAL);
	assert_string_equal(err.msg, "make needs tar before it, which comes after it in this list");
	assert_string_equal(ticked(&s), "");
	fsb_config_free(s.cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_config_errors),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_ticks),
		cmocka_unit_test(test_ticks_unavailable),
		cmocka_unit_test(test_ticks_held),
		cmocka_unit_test(test_ticks_empties),
		cmocka_unit_test(test_ticks_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
