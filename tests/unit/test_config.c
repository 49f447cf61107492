/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Config parsing, layering, validation messages and template substitution. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "expect_config.h"
#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/config.h"

static void test_shipped_config(void **state)
{
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	const struct fsb_phase_def *make;
	const struct fsb_fs_profile *xfs;
	char *path = fsb_xasprintf("%s/data/fsbench.conf", FSB_ABS_SRCDIR);

	(void)state;
	assert_int_equal(fsb_config_load(path, &cfg, &err), 0);
	/* the seed's phases, in the seed's order, and the clone feature right
	 * after cp (doc/disk.md): it clones what cp copied */
	assert_true(cfg->nphases >= 8);
	assert_string_equal(cfg->phases[0]->name, "deb");
	assert_string_equal(cfg->phases[1]->name, "tar");
	assert_string_equal(cfg->phases[2]->name, "make");
	assert_string_equal(cfg->phases[3]->name, "cp");
	assert_string_equal(cfg->phases[4]->name, "clone");
	assert_string_equal(cfg->phases[5]->name, "clean");
	assert_string_equal(cfg->phases[6]->name, "make2");
	assert_string_equal(cfg->phases[7]->name, "rm");
	/* the same work everywhere: cp never clones, clone removes its clone */
	assert_non_null(strstr(fsb_config_phase(cfg, "cp")->command, "--reflink=never"));
	assert_non_null(strstr(fsb_config_phase(cfg, "aged-cp")->command, "--reflink=never"));
	assert_non_null(strstr(fsb_config_phase(cfg, "fresh-cp")->command, "--reflink=never"));
	assert_string_equal(fsb_config_phase(cfg, "clone")->teardown, "rm -rf zc");
	assert_true(cfg->defaults.probe);
	make = fsb_config_phase(cfg, "make");
	assert_non_null(make);
	/* single quotes keep ${…} for fsbench, not libconfuse's environment */
	assert_string_equal(make->cwd, "${tree}");
	assert_true(fsb_strv_contains(&make->env, "CCACHE_DIR=${cache}"));
	xfs = fsb_config_fs(cfg, "xfs-extlog");
	assert_non_null(xfs);
	assert_string_equal(xfs->mount_options, "logdev=${journal}");
	assert_string_equal(xfs->journal_size, "128M");
	for (const char *const *n = (const char *const[]){ "ext2", "ext3", "ext4", "xfs", "btrfs", "jfs",
							    "f2fs", "reiserfs", "tmpfs", "ext3-journal",
							    "ext4-nojournal", "btrfs-zstd", "ext4-noatime",
							    "ext3-extj", "ext4-extj", NULL }; *n; n++)
		assert_non_null(fsb_config_fs(cfg, *n));
	for (const char *const *n = (const char *const[]){ "tiny", "quick", "standard", "full", NULL }; *n; n++)
		assert_non_null(fsb_config_profile(cfg, *n));
	assert_true(fsb_config_fs(cfg, "tmpfs")->nodev);
	/* every profile with a device has its read-only fsck (engine/fsck.c) */
	for (size_t i = 0; i < cfg->nfs; i++)
		if (!cfg->fs[i]->nodev && !strstr(cfg->fs[i]->fsck, "${dev}"))
			fail_msg("filesystem %s has no fsck of ${dev}: '%s'", cfg->fs[i]->name, cfg->fs[i]->fsck);
	assert_string_equal(fsb_config_fs(cfg, "ext4")->fsck, "e2fsck -f -n ${dev}");
	assert_string_equal(fsb_config_fs(cfg, "xfs-extlog")->fsck, "xfs_repair -n -l ${journal} ${dev}");
	assert_string_equal(fsb_config_fs(cfg, "tmpfs")->fsck, "");
	assert_int_equal(fsb_config_phase(cfg, "block-write")->kind, FSB_PHASE_BUILTIN);
	/* the quick profile's nominal figures cover every default phase (the ETA's start) */
	for (size_t j = 0; j < cfg->defaults.phases.n; j++)
		assert_false(isnan(fsb_profile_nominal(fsb_config_profile(cfg, "quick"), cfg->defaults.phases.v[j])));
	assert_true(isnan(fsb_profile_nominal(fsb_config_profile(cfg, "quick"), "ma")));
	assert_true(isnan(fsb_profile_nominal(fsb_config_profile(cfg, "tiny"), "make")));
	fsb_config_free(cfg);
	free(path);
}

/* A profile list of "PHASE=NUMBER" (key) refuses each of bad[], naming the
 * file, the line, the profile and the value. */
static void expect_bad_figures(const char *key, const char *unit, const char *const *bad, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *needle = fsb_xasprintf("test.conf:5: profile \"c\": %s \"%s\" is not PHASE=%s", key, bad[i], unit);
		char *text = fsb_xasprintf("%sprofile \"c\" { %s = { \"%s\" } }\n", MINIMAL, key, bad[i]);

		expect_config_error(text, needle);
		free(text);
		free(needle);
	}
}

/* nominal = { "PHASE=SECONDS" }: anything else is refused, naming it. */
static void test_nominal(void **state)
{
	static const char *const bad[] = { "make", "make=", "=3", "make=-1", "make=3s", "make=nan" };
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	char *text;

	(void)state;
	text = fsb_xasprintf("%sprofile \"n\" { nominal = { \"make=60\", \"tar=2.5\" } }\n", MINIMAL);
	assert_int_equal(fsb_config_load_buf(text, "test.conf", &cfg, &err), 0);
	assert_true(fabs(fsb_profile_nominal(fsb_config_profile(cfg, "n"), "tar") - 2.5) < 1e-12);
	assert_true(fabs(fsb_profile_nominal(fsb_config_profile(cfg, "n"), "make") - 60) < 1e-12);
	fsb_config_free(cfg);
	free(text);
	expect_bad_figures("nominal", "SECONDS", bad, sizeof(bad) / sizeof(*bad));
}

/* compile_units: a count, not more than the files; measured_cv:
 * PHASE=FRACTION as nominal is PHASE=SECONDS. */
static void test_compile_units_and_cv(void **state)
{
	static const char *const bad[] = { "tar", "tar=", "=0.03", "tar=-0.1", "tar=3%", "tar=inf", "tar=11" };
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	const struct fsb_size_profile *p;
	char *text;

	(void)state;
	text = fsb_xasprintf("%sprofile \"u\" { tree_files = 9000 compile_units = 150\n"
			     "  measured_cv = { \"tar=0.031\", \"clean=0.2\" } }\n", MINIMAL);
	assert_int_equal(fsb_config_load_buf(text, "test.conf", &cfg, &err), 0);
	p = fsb_config_profile(cfg, "u");
	assert_int_equal(p->tree_files, 9000);
	assert_int_equal(p->compile_units, 150);
	assert_true(fabs(fsb_profile_measured_cv(p, "tar") - 0.031) < 1e-12);
	assert_true(fabs(fsb_profile_measured_cv(p, "clean") - 0.2) < 1e-12);
	assert_true(isnan(fsb_profile_measured_cv(p, "ta")));
	assert_true(isnan(fsb_profile_nominal(p, "tar")));
	/* unset: the generator's own share, no figures */
	assert_int_equal(fsb_config_profile(cfg, "tiny")->compile_units, 0);
	assert_true(isnan(fsb_profile_measured_cv(fsb_config_profile(cfg, "tiny"), "tar")));
	assert_true(isnan(fsb_profile_measured_cv(NULL, "tar")));
	fsb_config_free(cfg);
	free(text);

	/* bad values: one line naming the file, the line and the value */
	static const struct config_case bad_units[] = {
		{ MINIMAL "profile \"u\" { compile_units = -3 }\n", "test.conf:5:" },
		{ MINIMAL "profile \"u\" { compile_units = -3 }\n", "must not be negative" },
		{ MINIMAL "profile \"u\" { compile_units = \"many\" }\n", "test.conf:5:" },
		{ MINIMAL "profile \"u\" { compile_units = 4294967297 }\n", "test.conf:5:" },
		{ MINIMAL "\nprofile \"u\" { tree_files = 500 compile_units = 501 }\n",
		  "test.conf:6: profile \"u\": compile_units = 501 is more than tree_files = 500" },
	};
	expect_config_errors(bad_units, FSB_ARRAY_SIZE(bad_units));
	expect_bad_figures("measured_cv", "FRACTION", bad, sizeof(bad) / sizeof(*bad));
}

/* fsck: a template that checks ${dev}; unknown variables are refused as
 * in mkfs. */
static void test_fsck_template(void **state)
{
	(void)state;
	expect_config_error("filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' fsck = 'e2fsck -n' }\n"
		     "phase \"tar\" { command = 'tar -xf ${src}' }\nprofile \"tiny\" { tree_files = 100 }\n"
		     "defaults { profile = \"tiny\" baseline = \"ext2\" filesystems = {\"ext2\"} phases = {\"tar\"} }\n",
		     "test.conf:1: filesystem \"ext2\": fsck does not mention ${dev}");
	expect_config_error("filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' fsck = 'e2fsck ${mnt} ${dev}' }\n"
		     "phase \"tar\" { command = 'tar -xf ${src}' }\nprofile \"tiny\" { tree_files = 100 }\n"
		     "defaults { profile = \"tiny\" baseline = \"ext2\" filesystems = {\"ext2\"} phases = {\"tar\"} }\n",
		     "mnt");
}


static void test_errors_name_file_and_line(void **state)
{
	(void)state;
	static const struct config_case bad[] = {
		/* syntax and unknown options: libconfuse's line */
		{ MINIMAL "phase \"x\" {\n  command = 'true'\n  bogus = 1\n}\n", "test.conf:7:" },
		{ MINIMAL "phase \"x\" {\n  command = 'true'\n  bogus = 1\n}\n", "bogus" },
		{ MINIMAL "phase \"y\" { kind = \"magic\" }\n", "test.conf:5:" },
		{ MINIMAL "phase \"y\" { kind = \"magic\" }\n", "must be \"command\", \"builtin\" or \"crash\"" },
		{ MINIMAL "profile \"z\" {\n\n  image_size = \"lots\"\n}\n", "test.conf:7:" },
		{ MINIMAL "profile \"z\" { tree_files = -4 }\n", "must not be negative" },
		{ MINIMAL "filesystem \"ext2\" { type = \"ext2\" mkfs = 'x ${dev}' }\n", "duplicate" },
		/* semantic errors name the thing */
		{ MINIMAL "filesystem \"bad\" { mkfs = 'mkfs ${dev}' }\n", "filesystem \"bad\" has no type" },
		{ MINIMAL "filesystem \"nodev\" { type = \"x\" mkfs = 'mkfs /dev/sda' }\n", "does not mention ${dev}" },
		{ MINIMAL "phase \"empty\" { }\n", "phase \"empty\" has no command" },
		{ MINIMAL "profile \"c\" { synth_chunk = 3000 }\n", "power of two" },
		{ MINIMAL "defaults { baseline = \"zfs\" }\n", "baseline \"zfs\" is not a defined filesystem" },
		{ MINIMAL "defaults { phases = {\"tar\", \"nope\"} }\n", "phase \"nope\" is not defined" },
		{ "filesystem \"a b\" { type = \"x\" mkfs = '${dev}' }\n" MINIMAL, "a name may only contain" },
		{ MINIMAL "phase \"q\" { command = \"unterminated }\n", "test.conf:" },
		/* issue 11: consistency errors carry the section's line */
		{ MINIMAL "\nfilesystem \"bad\" { mkfs = 'mkfs ${dev}' }\n", "test.conf:6: filesystem \"bad\" has no type" },
		{ MINIMAL "\n\nfilesystem \"e\" { type = \"x\" }\n", "test.conf:7: filesystem \"e\" has no mkfs" },
		{ MINIMAL "phase \"empty\" { }\n", "test.conf:5: phase \"empty\" has no command" },
		{ MINIMAL "profile \"c\" { synth_chunk = 3000 }\n", "test.conf:5: profile \"c\"" },
		/* an unknown ${var} is an error when the config is loaded, with its line */
		/* libconfuse gives a section the line of its closing brace (7);
		 * the error names the key's own line (6: fsb_cfg_key_line) */
		{ MINIMAL "phase \"v\" {\n command = 'tar -xf ${srcc}'\n}\n", "test.conf:6: phase \"v\": command: unknown variable ${srcc}" },
		{ MINIMAL "filesystem \"m\" { type = \"x\" mkfs = 'mkfs ${dev} ${devv}' }\n", "unknown variable ${devv}" },
		{ MINIMAL "filesystem \"o\" { type = \"x\" mkfs = 'mkfs ${dev}' mount_options = '${nope}' }\n",
		  "filesystem \"o\": mount_options: unknown variable ${nope}" },
		{ MINIMAL "phase \"w\" { command = 'true' env = { 'A=${what}' } }\n", "env: unknown variable ${what}" },
		/* numbers that would be cut by a cast */
		{ MINIMAL "defaults { max_repeat = 99999999999 }\n", "too large" },
		{ MINIMAL "profile \"p\" { tree_files = 4294967297 }\n", "test.conf:5:" },
		/* nesting and unmatched braces */
		{ MINIMAL "}\n", "test.conf:5:" },
		{ "{{{{{{{{{{{{{{{{\n", "nested more than" },
	};
	expect_config_errors(bad, FSB_ARRAY_SIZE(bad));
	/* libconfuse is quadratic in sections: their number is bounded */
	{
		struct fsb_buf b = { 0 };

		fsb_buf_add(&b, MINIMAL);
		for (int i = 0; i < 2100; i++)
			fsb_buf_addf(&b, "profile \"p%d\" { }\n", i);
		expect_config_error(b.s, "more than 2000 sections");
		fsb_buf_free(&b);
	}
}

/* A key on the line that opens its section is found there, not at the
 * section's closing line (libconfuse's), wherever on that line it stands;
 * what a list, a string or another section on that line holds is not the
 * section's own key; a string that spans lines or a line shared by two
 * sections does not lose it. */
static void test_key_on_opening_line(void **state)
{
	(void)state;
	static const struct config_case bad[] = {
		/* the first key after the '{' */
		{ MINIMAL "phase \"v\" { command = 'tar -xf ${srcc}'\n sync = true\n}\n",
		  "test.conf:5: phase \"v\": command: unknown variable ${srcc}" },
		/* after another key and a list */
		{ MINIMAL "phase \"v\" { env = {\"A=1\"} command = 'tar -xf ${srcc}'\n sync = true\n}\n",
		  "test.conf:5: phase \"v\": command: unknown variable ${srcc}" },
		/* after another section that ends on the line */
		{ MINIMAL "phase \"u\" { command = 'true' } phase \"v\" { command = '${srcc}'\n sync = true\n}\n",
		  "test.conf:5: phase \"v\": command: unknown variable ${srcc}" },
		{ MINIMAL "filesystem \"m\" { mkfs = 'mkfs ${dev} ${devv}'\n type = \"x\"\n}\n",
		  "test.conf:5: filesystem \"m\": mkfs: unknown variable ${devv}" },
		/* a key's words in a string or a list on the opening line are not the key */
		{ MINIMAL "phase \"v\" { label = \"command = 'x'\"\n command = '${srcc}'\n}\n",
		  "test.conf:6: phase \"v\": command" },
		{ MINIMAL "phase \"v\" { env = { \"command = 'x'\",\n \"A=1\" }\n command = '${srcc}'\n}\n",
		  "test.conf:7: phase \"v\": command" },
		/* a key after a list that ends on its line */
		{ MINIMAL "phase \"v\" {\n env = {\n \"A=1\" } command = '${srcc}'\n sync = true\n}\n",
		  "test.conf:7: phase \"v\": command" },		/* a string that spans lines, with a brace in it, after the key */
		{ MINIMAL "phase \"v\" {\n command = '${srcc}'\n label = \"one {\ntwo }\"\n}\n",
		  "test.conf:6: phase \"v\": command" },
		/* a line that closes one section and opens the next: the key
		 * after its '{' is the second's, the one above is the first's */
		{ MINIMAL "phase \"u\" {\n command = 'true'\n} phase \"v\" { command = '${srcc}'\n sync = true\n}\n",
		  "test.conf:7: phase \"v\": command" },
		{ MINIMAL "phase \"u\" {\n command = '${nope}'\n} phase \"v\" { command = 'true' }\n",
		  "test.conf:6: phase \"u\": command: unknown variable ${nope}" },
	};
	expect_config_errors(bad, FSB_ARRAY_SIZE(bad));
}

/* A phase's requires and empties are checked when the config is read:
 * each error names the line of that key, as other keys' errors do, not the
 * section's closing line or no line at all. */
static void test_requires_empties_lines(void **state)
{
	(void)state;
	static const struct config_case bad[] = {
		{ MINIMAL "phase \"a\" {\n command = 'true'\n requires = {\"nope\"}\n}\n",
		  "test.conf:7: phase \"a\": requires \"nope\", which is not a defined phase" },
		/* on the line of the section's '{' */
		{ MINIMAL "phase \"a\" { requires = {\"tar|nope\"}\n command = 'true'\n}\n",
		  "test.conf:5: phase \"a\": requires \"nope\", which is not a defined phase" },
		{ MINIMAL "phase \"a\" {\n command = 'true'\n requires = {\"tar|\"}\n}\n",
		  "test.conf:7: phase \"a\": requires \"tar|\" has an empty name" },
		{ MINIMAL "phase \"a\" {\n requires = {\"a\"}\n command = 'true'\n}\n",
		  "test.conf:6: phase \"a\" requires itself" },
		/* a loop: the first phase of it that can never run */
		{ MINIMAL "phase \"a\" {\n command = 'true'\n requires = {\"b\"}\n}\n"
			  "phase \"b\" {\n requires = {\"a\"}\n command = 'true'\n}\n",
		  "test.conf:7: phase \"a\" can never run" },
		/* a value that is no boolean: libconfuse's line, the value's */
		{ MINIMAL "phase \"a\" { empties = 3\n command = 'true'\n}\n",
		  "test.conf:5: invalid boolean value for option 'empties'" },
		{ MINIMAL "phase \"a\" {\n command = 'true'\n empties = \"maybe\"\n}\n",
		  "test.conf:7: invalid boolean value for option 'empties'" },
		/* the default plan honours requires and empties: the phases key's line */
		{ "filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' }\n"
		  "phase \"tar\" { command = 'true' }\n"
		  "phase \"make\" { command = 'true' requires = {\"tar\"} }\n"
		  "phase \"rm\" { command = 'true' empties = true }\n"
		  "profile \"tiny\" { tree_files = 100 }\n"
		  "defaults {\n profile = \"tiny\"\n baseline = \"ext2\"\n phases = {\"tar\", \"rm\", \"make\"}\n}\n",
		  "test.conf:9: defaults: phases: phase 'make' needs tar to run before it on the same filesystem, but rm empties" },
	};
	static const char sys[] =
		"filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' }\n"
		"phase \"a\" {\n command = 'true'\n requires = {\"tar\"}\n}\n"
		"phase \"tar\" { command = 'true' }\n"
		"profile \"tiny\" { tree_files = 100 }\n"
		"defaults { profile = \"tiny\" baseline = \"ext2\" }\n";
	struct fsb_config *c = NULL;
	struct fsb_err err = { 0 };

	expect_config_errors(bad, FSB_ARRAY_SIZE(bad));
	/* layered: the file that set requires, whichever file is read last */
	assert_int_equal(fsb_config_load_layered_buf(sys, "sys.conf",
						     "\nphase \"a\" { requires = {\"b\"} }\n"
						     "phase \"b\" {\n command = 'true'\n requires = {\"a\"}\n}\n",
						     "user.conf", &c, &err), -EINVAL);
	assert_null(c);
	if (!strstr(err.msg, "user.conf:2: phase \"a\" can never run"))
		fail_msg("error \"%s\"", err.msg);
	assert_int_equal(fsb_config_load_layered_buf(sys, "sys.conf",
						     "phase \"tar\" {\n requires = {\"a\"}\n}\n",
						     "user.conf", &c, &err), -EINVAL);
	assert_null(c);
	if (!strstr(err.msg, "sys.conf:4: phase \"a\" can never run"))
		fail_msg("error \"%s\"", err.msg);
}

/* A NUL byte in a config file is refused with its line, not a silent
 * end of the file (libconfuse stops at it). */
static void test_nul_and_size(void **state)
{
	char path[] = "/tmp/fsbench-test-nul.XXXXXX";
	int fd = mkstemp(path);
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	static const char text[] = MINIMAL "# after the NUL\0filesystem \"hidden\" {}\n";
	FILE *fp;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, sizeof(text) - 1), (ssize_t)(sizeof(text) - 1));
	close(fd);
	assert_int_equal(fsb_config_load(path, &cfg, &err), -EINVAL);
	assert_non_null(strstr(err.msg, ":5: a NUL byte"));
	/* over the size limit: refused unread */
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(MINIMAL, fp);
	for (int i = 0; i < 40000; i++)
		fputs("# padding padding padding padding\n", fp);
	fclose(fp);
	assert_int_equal(fsb_config_load(path, &cfg, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "too large for a config file"));
	unlink(path);
}

static void test_user_overlay(void **state)
{
	char dir[] = "/tmp/fsbench-test-config.XXXXXX";
	char *user, *udir;
	FILE *fp;
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	const struct fsb_fs_profile *ext2;
	const char *old = getenv("XDG_CONFIG_HOME");
	char *saved = old ? strdup(old) : NULL;

	(void)state;
	assert_non_null(mkdtemp(dir));
	udir = fsb_xasprintf("%s/fsbench", dir);
	user = fsb_xasprintf("%s/fsbench/fsbench.conf", dir);
	assert_int_equal(fsb_mkdir_p(udir, 0755), 0);
	fp = fopen(user, "w");
	/* change one option of a shipped section, add a new section */
	fputs("filesystem \"ext2\" { mount_options = \"noatime\" }\n"
	      "phase \"sleep\" { command = 'sleep 1' group = \"mine\" }\n"
	      "group \"bonnie\" { description = \"bonnie's own\" }\n"
	      "group \"mine\" { description = \"my phases\" }\n", fp);
	fclose(fp);
	setenv("XDG_CONFIG_HOME", dir, 1);
	/* NULL: the shipped file (the source tree's, for a build-tree binary)
	 * with the user's file layered on top */
	assert_int_equal(fsb_config_load(NULL, &cfg, &err), 0);
	assert_non_null(cfg->user_path);
	assert_string_equal(cfg->user_path, user);
	ext2 = fsb_config_fs(cfg, "ext2");
	assert_string_equal(ext2->mount_options, "noatime");
	assert_string_equal(ext2->mkfs, "mkfs.ext2 -F -q -U ${uuid} ${dev}");	/* untouched */
	assert_string_equal(ext2->type, "ext2");
	assert_non_null(fsb_config_phase(cfg, "sleep"));
	assert_non_null(fsb_config_phase(cfg, "make2"));
	/* a group's words (the plan screen's heading): the shipped ones, one
	 * changed, one added; a group without a section has none */
	assert_string_equal(fsb_config_group(cfg, "desktop")->description, "the real-world suite (seed 000)");
	assert_string_equal(fsb_config_group(cfg, "bonnie")->description, "bonnie's own");
	assert_string_equal(fsb_config_group(cfg, "mine")->description, "my phases");
	assert_null(fsb_config_group(cfg, "crash"));
	fsb_config_free(cfg);
	cfg = NULL;

	/* an error in the user's file names the user's file */
	fp = fopen(user, "w");
	fputs("\nfilesystem \"ext2\" { mount_option = \"typo\" }\n", fp);
	fclose(fp);
	assert_int_equal(fsb_config_load(NULL, &cfg, &err), -EINVAL);
	assert_non_null(strstr(err.msg, user));
	assert_non_null(strstr(err.msg, ":2:"));

	if (saved) {
		setenv("XDG_CONFIG_HOME", saved, 1);
		free(saved);
	} else {
		unsetenv("XDG_CONFIG_HOME");
	}
	unlink(user);
	rmdir(udir);
	rmdir(dir);
	free(user);
	free(udir);
}

static void test_subst(void **state)
{
	const char *vars[] = { "mnt", "/tmp/m 1", "jobs", "4", "src", "/c/t.tar.gz",
			       "@args", "--variant=minbase --foreign", NULL, NULL };
	/* a template, quoted or not, and what it becomes */
	static const struct {
		const char *in;
		bool quote;
		const char *out;
	} ok[] = {
		{ "make -j${jobs} -C ${mnt}", true, "make -j4 -C '/tmp/m 1'" },
		{ "${mnt}/x", false, "/tmp/m 1/x" },
		/* a word list is not quoted, so it stays several arguments */
		{ "debootstrap ${args} x", true, "debootstrap --variant=minbase --foreign x" },
		{ "echo $$HOME $x ${src}", true, "echo $HOME $x /c/t.tar.gz" },
	};
	struct fsb_err err = { 0 };
	char *out = NULL;

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(ok); i++) {
		assert_int_equal(fsb_subst(ok[i].in, vars, ok[i].quote, &out, &err), 0);
		assert_string_equal(out, ok[i].out);
		free(out);
	}
	out = NULL;
	assert_int_equal(fsb_subst("rm ${nope}", vars, true, &out, &err), -EINVAL);
	assert_null(out);
	assert_non_null(strstr(err.msg, "unknown variable ${nope}"));
	assert_int_equal(fsb_subst("rm ${mnt", vars, true, &out, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "unterminated"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_config),
		cmocka_unit_test(test_errors_name_file_and_line),
		cmocka_unit_test(test_key_on_opening_line),
		cmocka_unit_test(test_requires_empties_lines),
		cmocka_unit_test(test_nominal),
		cmocka_unit_test(test_compile_units_and_cv),
		cmocka_unit_test(test_fsck_template),
		cmocka_unit_test(test_user_overlay),
		cmocka_unit_test(test_subst),
		cmocka_unit_test(test_nul_and_size),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
