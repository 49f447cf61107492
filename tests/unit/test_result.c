/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Result files: write/read round trip, atomic replacement, bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/grid.h"
#include "model/result.h"
#include "model/uses.h"

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-result.XXXXXX"
#include "scratchdir.h"

static struct fsb_result *sample(void)
{
	struct fsb_result *r = fsb_result_new();
	struct fsb_fs_result *fs;
	struct fsb_phase_result *ph;
	struct fsb_run run;

	r->tool = fsb_xstrdup("fsbench test");
	r->started = fsb_xstrdup("2026-11-30T03:20:00Z");
	r->status = FSB_RESULT_INTERRUPTED;
	r->baseline = fsb_xstrdup("ext2");
	r->profile = fsb_xstrdup("tiny");
	/* characters libconfuse would otherwise interpret */
	r->command = fsb_xstrdup("fsbench run --phases 'a,b' \"${HOME}\" \\ $x\ttab");
	r->repeat = 2;
	fsb_strv_add(&r->phase_order, "tar");
	fsb_strv_add(&r->phase_order, "block-write");
	r->host.kernel = fsb_xstrdup("Linux 6.1");
	r->host.cores = 2;
	r->host.ram_mib = 24000;
	fsb_strv_add(&r->host.versions, "tar (GNU tar) 1.34");
	r->target.kind = FSB_TARGET_IMAGE;
	r->target.path = fsb_xstrdup("/var/tmp/t.img");
	r->target.size_mib = 2048;
	fsb_strv_add(&r->target.reasons, "not mounted");

	fs = fsb_result_add_fs(r, "ext2");
	fs->type = fsb_xstrdup("ext2");
	fs->mkfs = fsb_xstrdup("mkfs.ext2 -F -q -U 1234 /dev/loop0");
	fs->mkfs_version = fsb_xstrdup("mke2fs 1.47.0 (5-Feb-2023)");
	ph = fsb_fs_add_phase(fs, "tar");
	ph->label = fsb_xstrdup("tar xf");
	ph->kind = FSB_PHASE_COMMAND;
	fsb_run_init(&run);
	run.v[FSB_FIELD_real] = 27.23;
	run.v[FSB_FIELD_user] = 21.94;
	run.v[FSB_FIELD_sys] = 1.51;
	run.v[FSB_FIELD_sync] = 2.98;
	run.v[FSB_FIELD_minor_faults] = 5123;
	run.v[FSB_FIELD_disk_written_kib] = 130572.5;
	run.v[FSB_FIELD_real] = 0.1 + 0.2;	/* not representable in 15 digits */
	fsb_phase_add_run(ph, &run);
	run.status = FSB_RUN_FAILED;
	run.exit_status = 2;
	run.error = "exited with status 2: tar: Unexpected EOF";
	/* the interference record: numbers, the hungriest other, the reason */
	run.v[FSB_FIELD_others_cpu] = 0.48;
	run.v[FSB_FIELD_top_cpu] = 0.45;
	run.v[FSB_FIELD_psi_cpu] = 0.3;
	run.v[FSB_FIELD_seq] = 2;
	run.v[FSB_FIELD_started_at] = 1796095200;
	run.top = "burner \"x\"";
	run.disturbed = "other programs used 48% of a CPU, mostly burner";
	fsb_phase_add_run(ph, &run);

	fs = fsb_result_add_fs(r, "jfs");
	fs->status = FSB_FS_UNAVAILABLE;
	fs->error = fsb_xstrdup("the running kernel has no jfs support");
	ph = fsb_fs_add_phase(fsb_result_add_fs(r, "ext2"), "deb");
	ph->status = FSB_PHASE_UNAVAILABLE;
	ph->reason = fsb_xstrdup("no debootstrap tarball");
	return r;
}

static void assert_same_run(const struct fsb_run *r, const struct fsb_run *s)
{
	for (int f = 0; f < FSB_FIELD_COUNT; f++) {
		if (isnan(r->v[f]))
			assert_true(isnan(s->v[f]));
		else
			assert_true(r->v[f] == s->v[f]);	/* bit-exact */
	}
	assert_int_equal(r->status, s->status);
	assert_int_equal(r->exit_status, s->exit_status);
	if (r->error)
		assert_string_equal(r->error, s->error);
	if (r->top)
		assert_string_equal(r->top, s->top);
	else
		assert_null(s->top);
	if (r->disturbed)
		assert_string_equal(r->disturbed, s->disturbed);
	else
		assert_null(s->disturbed);
}

static void assert_same(const struct fsb_result *a, const struct fsb_result *b)
{
	assert_int_equal(a->probe, b->probe);
	assert_string_equal(a->tool, b->tool);
	assert_string_equal(a->command, b->command);
	assert_int_equal(a->status, b->status);
	assert_int_equal(a->repeat, b->repeat);
	assert_int_equal(a->phase_order.n, b->phase_order.n);
	assert_string_equal(a->host.versions.v[0], b->host.versions.v[0]);
	assert_int_equal(a->host.cores, b->host.cores);
	assert_int_equal(a->target.size_mib, b->target.size_mib);
	assert_string_equal(a->target.reasons.v[0], b->target.reasons.v[0]);
	assert_int_equal(a->nfs, b->nfs);
	for (size_t i = 0; i < a->nfs; i++) {
		const struct fsb_fs_result *x = a->fs[i], *y = b->fs[i];

		assert_string_equal(x->name, y->name);
		assert_int_equal(x->status, y->status);
		assert_int_equal(x->nphases, y->nphases);
		for (size_t j = 0; j < x->nphases; j++) {
			assert_string_equal(x->phases[j]->name, y->phases[j]->name);
			assert_int_equal(x->phases[j]->status, y->phases[j]->status);
			assert_int_equal(x->phases[j]->nruns, y->phases[j]->nruns);
			for (size_t k = 0; k < x->phases[j]->nruns; k++)
				assert_same_run(&x->phases[j]->runs[k], &y->phases[j]->runs[k]);
			/* the stall round's runs stay apart, in their order */
			assert_int_equal(x->phases[j]->nstall_runs, y->phases[j]->nstall_runs);
			for (size_t k = 0; k < x->phases[j]->nstall_runs; k++)
				assert_same_run(&x->phases[j]->stall_runs[k], &y->phases[j]->stall_runs[k]);
		}
	}
}

static void test_round_trip(void **state)
{
	struct fsb_result *r = sample(), *back = NULL, *again = NULL;
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/r.fsbench", dir);

	(void)state;
	/* a run in rounds: how many, the budget, how it ended */
	r->rounds = 3;
	r->budget_s = 900;
	r->ended = FSB_ENDED_BUDGET;
	/* what the disk is for, as the run was told; its fsck time */
	r->use = fsb_xstrdup("build");
	r->needs = FSB_NEED_SNAPSHOTS | FSB_NEED_COMPRESSION;
	fsb_secs_add(&r->fs[0]->fsck_s, 1.25);
	r->fs[0]->fsck = fsb_xstrdup("e2fsck -f -n /dev/loop0");
	/* the stall round: its runs apart, with the probe's saves */
	r->probe = FSB_PROBE_ROUND;
	{
		struct fsb_run s;

		fsb_run_init(&s);
		s.v[FSB_FIELD_real] = 0.31;
		s.v[FSB_FIELD_stall_saves] = 3;
		s.v[FSB_FIELD_stall_p99_us] = 41250.5;
		s.v[FSB_FIELD_stall_max_us] = 41250.5;
		s.v[FSB_FIELD_seq] = 3;
		s.disturbed = "other programs used 48% of a CPU, mostly burner";
		fsb_phase_add_stall_run(r->fs[0]->phases[0], &s);
		s.disturbed = NULL;
		fsb_run_clear(&s);
	}
	r->fs[0]->fsck_data = fsb_xstrdup("16018 files and directories, 118 MiB used");
	assert_int_equal(fsb_result_write(r, path, &err), 0);
	assert_int_equal(fsb_result_read(path, &back, &err), 0);
	assert_same(r, back);
	assert_int_equal(back->probe, FSB_PROBE_ROUND);
	assert_int_equal(back->fs[0]->phases[0]->nruns, 2);
	assert_int_equal(back->fs[0]->phases[0]->nstall_runs, 1);
	assert_true(back->fs[0]->phases[0]->stall_runs[0].v[FSB_FIELD_stall_max_us] == 41250.5);
	assert_true(fsb_result_has_stall_runs(back));
	assert_int_equal(back->rounds, 3);
	assert_int_equal(back->budget_s, 900);
	assert_int_equal(back->ended, FSB_ENDED_BUDGET);
	assert_string_equal(back->use, "build");
	assert_int_equal(back->needs, FSB_NEED_SNAPSHOTS | FSB_NEED_COMPRESSION);
	assert_int_equal(back->fs[0]->fsck_s.n, 1);
	assert_true(back->fs[0]->fsck_s.v[0] == 1.25);
	assert_string_equal(back->fs[0]->fsck, "e2fsck -f -n /dev/loop0");
	assert_string_equal(back->fs[0]->fsck_data, "16018 files and directories, 118 MiB used");
	assert_null(back->fs[1]->fsck);
	assert_int_equal(back->fs[1]->fsck_s.n, 0);
	assert_string_equal(back->path, path);
	/* and a copy of a read result writes the same again */
	again = fsb_result_dup(back);
	assert_same(back, again);
	assert_string_equal(again->use, "build");
	assert_int_equal(again->needs, back->needs);
	assert_string_equal(again->fs[0]->fsck_data, back->fs[0]->fsck_data);
	assert_true(again->fs[0]->fsck_s.v[0] == 1.25);
	fsb_result_free(r);
	fsb_result_free(back);
	fsb_result_free(again);
	free(path);
}

/* ---- write then read: a property over random results ---- */

static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

/* Any bytes but NUL: controls, quotes, backslashes, ${…}, invalid UTF-8. */
static char *rnd_str(void)
{
	static const char *const bits[] = { "\"", "\\", "${dev}", "$$", "\n", "\x1b[2J", "#", "//", "/*",
					    "{", "}", "=", ",", "'", "é", "\xe2\x80\xae", "\xff", " " };
	struct fsb_buf b = { 0 };
	unsigned n = rnd(12);

	fsb_buf_add(&b, "");
	for (unsigned i = 0; i < n; i++) {
		if (rnd(3) == 0) {
			fsb_buf_add(&b, bits[rnd(FSB_ARRAY_SIZE(bits))]);
		} else {
			char c = (char)(1 + rnd(255));

			fsb_buf_addn(&b, &c, 1);
		}
	}
	return fsb_buf_steal(&b);
}

static double rnd_num(void)
{
	static const double special[] = { 0, 1e20, 1e-300, 1.7976931348623157e308, 4.9406564584124654e-324,
					  0.1, 1.0 / 3, 123456789012345678.0, 2.5e-7 };

	if (rnd(2))
		return special[rnd(FSB_ARRAY_SIZE(special))];
	return (double)rnd(1000000) / (1 + rnd(1000)) * pow(10, (double)rnd(40) - 20);
}

static struct fsb_result *rnd_result(void)
{
	struct fsb_result *r = fsb_result_new();
	unsigned nfs = rnd(4);

	r->title = rnd(2) ? rnd_str() : NULL;
	r->tool = rnd_str();
	r->command = rnd(2) ? rnd_str() : NULL;
	r->status = (enum fsb_result_status)rnd(4);
	r->repeat = 1 + (long)rnd(INT_MAX);
	r->host.cores = (long)rnd(1000) - 1;
	r->host.ram_mib = (long)rnd(INT_MAX);
	r->target.size_mib = (long long)rnd(INT_MAX) * 1000 - 1;
	r->probe = (int)rnd(FSB_PROBE_MODE_COUNT + 1) - 1;
	for (unsigned i = rnd(3); i; i--) {
		char *v = rnd_str(), *once = fsb_xasprintf("%s@%u", v, i);

		fsb_strv_add(&r->host.versions, v);
		/* the phases a run ran in order name each once (the reader refuses one twice) */
		fsb_strv_add(&r->phase_order, once);
		free(v);
		free(once);
	}
	for (unsigned i = 0; i < nfs; i++) {
		char *name = rnd_str(), *uniq = fsb_xasprintf("%s%u", name, i);
		struct fsb_fs_result *fs = fsb_result_add_fs(r, uniq);

		fs->status = (enum fsb_fs_status)rnd(3);
		fs->error = rnd(2) ? rnd_str() : NULL;
		fs->mkfs = rnd_str();
		for (unsigned j = rnd(4); j; j--) {
			char *pn = rnd_str(), *pu = fsb_xasprintf("%s#%u", pn, j);
			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, pu);

			ph->label = rnd_str();
			ph->status = (enum fsb_phase_status)rnd(2);
			ph->auto_target_reps = rnd(2) ? -1 : (int)rnd(INT_MAX);
			ph->auto_converged = rnd(2);
			if (rnd(2))
				ph->measured_cv = rnd_num();
			for (unsigned k = rnd(4); k; k--) {
				struct fsb_run run;

				fsb_run_init(&run);
				for (int f = 0; f < FSB_FIELD_COUNT; f++)
					if (rnd(3))
						run.v[f] = rnd_num();
				run.status = (enum fsb_run_status)rnd(3);
				run.exit_status = rnd(2) ? -1 : (int)rnd(INT_MAX);
				run.error = rnd(2) ? rnd_str() : NULL;
				(rnd(4) ? fsb_phase_add_run : fsb_phase_add_stall_run)(ph, &run);
				free(run.error);
			}
			free(pn);
			free(pu);
		}
		free(name);
		free(uniq);
	}
	return r;
}

static char *print_mem(const struct fsb_result *r, size_t *len)
{
	char *text = NULL;
	FILE *fp = open_memstream(&text, len);

	assert_non_null(fp);
	assert_int_equal(fsb_result_print(r, fp), 0);
	fclose(fp);
	return text;
}

/* Whatever fsbench writes it reads back to the same values: 1e+20 (which
 * merge wrote and show refused), control characters, quotes, ${…},
 * invalid UTF-8, every count at the limit of its type. */
static void test_round_trip_property(void **state)
{
	(void)state;
	for (int iter = 0; iter < 2000; iter++) {
		struct fsb_result *r = rnd_result(), *back = NULL;
		struct fsb_err err = { 0 };
		size_t n1, n2;
		char *one = print_mem(r, &n1), *two;

		if (fsb_result_read_buf(one, n1, "prop.fsbench", &back, &err))
			fail_msg("iteration %d: written result not readable: %s", iter, err.msg);
		/* the writer prints every value exactly (%.17g when needed):
		 * the same bytes again mean the same values */
		two = print_mem(back, &n2);
		assert_int_equal(n1, n2);
		assert_memory_equal(one, two, n1);
		free(one);
		free(two);
		fsb_result_free(r);
		fsb_result_free(back);
	}
}

static void test_atomic_write_keeps_old_file(void **state)
{
	struct fsb_result *r = sample(), *back = NULL;
	struct fsb_err err = { 0 };
	char *sub = fsb_xasprintf("%s/ro", dir), *path = fsb_xasprintf("%s/ro/r.fsbench", dir);
	struct stat st;

	(void)state;
	assert_int_equal(fsb_mkdir_p(sub, 0755), 0);
	assert_int_equal(fsb_result_write(r, path, &err), 0);
	/* a write that fails half-way (a full disk, here a file size limit,
	 * which binds root too) must leave the old file as it was */
	{
		struct rlimit old_lim, lim = { 64, 64 };

		getrlimit(RLIMIT_FSIZE, &old_lim);
		lim.rlim_max = old_lim.rlim_max;
		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &lim);
		free(r->tool);
		r->tool = fsb_xstrdup("changed");
		assert_true(fsb_result_write(r, path, &err) < 0);
		setrlimit(RLIMIT_FSIZE, &old_lim);
		assert_non_null(strstr(err.msg, "ro/r.fsbench"));
	}
	/* the old file is intact and there is no temp file left */
	assert_int_equal(fsb_result_read(path, &back, &err), 0);
	assert_string_equal(back->tool, "fsbench test");
	assert_int_equal(stat(path, &st), 0);
	{
		char *cmd = fsb_xasprintf("ls %s | grep -c tmp", sub);
		FILE *p = popen(cmd, "r");
		int n = -1;

		assert_int_equal(fscanf(p, "%d", &n), 1);
		pclose(p);
		assert_int_equal(n, 0);
		free(cmd);
	}
	fsb_result_free(r);
	fsb_result_free(back);
	free(sub);
	free(path);
}

static void test_bad_input(void **state)
{
	char *missing = fsb_xasprintf("%s/none.fsbench", dir);
	struct fsb_result *r = NULL;
	struct fsb_err err = { 0 };

	(void)state;
	expect_bad("format = 1\nstatus = \"complete\"\nbogus = 3\n", "bad.fsbench:3:", "bogus");
	expect_bad("format = 1\nfilesystem \"a\" {\n  phase \"p\" {\n    run { real = \"fast\" }\n  }\n}\n",
		   "bad.fsbench:4:", "real");
	expect_bad("format = 1\nfilesystem \"a\" {\n phase \"p\" { run { real = -3 user = -1 } }\n}\n",
		   "bad.fsbench:", "not a valid measurement");
	expect_bad("format = 7\n", "bad.fsbench", "format 7 is not supported");
	expect_bad("status = \"complete\"\n", "bad.fsbench", "not an fsbench result file");
	expect_bad("format = 1\nstatus = \"great\"\n", "bad.fsbench:2:", "status = \"great\"");
	expect_bad("format = 1\nended = \"tired\"\n", "bad.fsbench:2:", "tired");
	/* the kinds are enums read once: a word the format does not know is refused */
	expect_bad("format = 1\nfilesystem \"a\" {\n phase \"p\" { kind = \"magic\" } }\n", "bad.fsbench:3:",
		   "expected one of command, builtin, imported, crash");
	expect_bad("format = 1\ntarget {\n kind = \"usb\" }\n", "bad.fsbench:3:", "expected one of image, dir, device");
	expect_bad("format = 1\nrounds = 0\n", "bad.fsbench:2:", "rounds");
	expect_bad("format = 1\nuse = \"desktop\"\n", "bad.fsbench:2:", "not a use fsbench knows");
	expect_bad("format = 1\nneeds = {\"snapshots\", \"speed\"}\n", "bad.fsbench:2:", "speed");
	expect_bad("format = 1\nfilesystem \"a\" {\n  fsck_seconds = {-1}\n}\n", "bad.fsbench:3:", "fsck_seconds");
	expect_bad("format = 1\nbudget = -5\n", "bad.fsbench:2:", "budget");
	expect_bad("format = 1\nfilesystem \"a\" {}\nfilesystem \"a\" {}\n", "bad.fsbench:3:", "duplicate");
	expect_bad("format = 1\nfilesystem \"a\" { phase \"p\" { run { status = \"meh\" } } }\n", "bad.fsbench", "meh");
	expect_bad("format = 1\nfilesystem \"a\" {\n", "bad.fsbench:2:", "never closed");
	expect_bad("\x01\x02\x03garbage", "bad.fsbench", "");
	/* issue 11: an unmatched '}' made the brace check write open_line[-1] */
	expect_bad("format = 1\n}\n", "bad.fsbench:2:", "closing brace");
	expect_bad("format = 1\nhost {\n}\n}\n{\n", "bad.fsbench:4:", "closing brace");
	{
		size_t n = 3000000;
		char *many = fsb_xcalloc(n + 16, 1);

		memcpy(many, "format = 1\n", 11);
		memset(many + 11, '}', n);
		many[11 + n] = '{';
		expect_bad(many, "bad.fsbench:2:", "closing brace");
		free(many);
	}
	assert_int_equal(fsb_result_read(missing, &r, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "none.fsbench"));
	free(missing);
}

/* The probe's mode of a file: as recorded, else what its runs say (a file
 * without `probe`: beside when its runs hold the probe's saves, else off;
 * round when it has stall runs); not written back when not recorded. */
static void test_probe_mode(void **state)
{
	static const char *const files[] = {
		"format = 1\nfilesystem \"a\" { phase \"p\" { run { real = 1 disk_written_kib = 4 } } }\n",
		"format = 1\nfilesystem \"a\" { phase \"p\" { run { real = 1 stall_saves = 9 } } }\n",
		"format = 1\nfilesystem \"a\" { phase \"p\" { run { real = 1 }\n stall_run { stall_saves = 9 } } }\n",
		"format = 1\nprobe = \"beside\"\nfilesystem \"a\" { phase \"p\" { run { real = 1 } } }\n",
		"format = 1\nprobe = \"off\"\n",
	};
	static const int recorded[] = { -1, -1, -1, FSB_PROBE_BESIDE, FSB_PROBE_OFF };
	static const enum fsb_probe_mode mode[] = { FSB_PROBE_OFF, FSB_PROBE_BESIDE, FSB_PROBE_ROUND, FSB_PROBE_BESIDE,
						    FSB_PROBE_OFF };
	struct fsb_err err = { 0 };

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(files); i++) {
		struct fsb_result *r = NULL;
		size_t n;
		char *text;

		if (fsb_result_read_buf(files[i], strlen(files[i]), "p.fsbench", &r, &err))
			fail_msg("file %zu: %s", i, err.msg);
		assert_int_equal(r->probe, recorded[i]);
		assert_int_equal(fsb_result_probe(r), mode[i]);
		text = print_mem(r, &n);
		assert_true((strstr(text, "\nprobe = ") != NULL) == (recorded[i] >= 0));
		free(text);
		fsb_result_free(r);
	}
	/* the stall run is a run of its own: not one of the phase's runs */
	{
		struct fsb_result *r = NULL;

		assert_int_equal(fsb_result_read_buf(files[2], strlen(files[2]), "p.fsbench", &r, &err), 0);
		assert_int_equal(r->fs[0]->phases[0]->nruns, 1);
		assert_int_equal(r->fs[0]->phases[0]->nstall_runs, 1);
		assert_true(isnan(r->fs[0]->phases[0]->runs[0].v[FSB_FIELD_stall_saves]));
		fsb_result_free(r);
	}
	expect_bad("format = 1\nprobe = \"sometimes\"\n", "bad.fsbench:2:", "expected one of round, beside, off");
	expect_bad("format = 1\nprobe = \"off\"\nprobe = \"off\"\n", "bad.fsbench:3:", "probe");
	expect_bad("format = 1\nfilesystem \"a\" { phase \"p\" {\n stall_run { stall_saves = -2 } } }\n",
		   "bad.fsbench:", "stall_saves");
	expect_bad("format = 1\nfilesystem \"a\" { phase \"p\" {\n stall_run { fast = 1 } } }\n", "bad.fsbench:3:",
		   "fast");
}

/* A hostile file's stall runs are held to the runs' limit, apart from its
 * runs: 100,000 of each read, one stall run more is refused; and the
 * writer refuses what the reader would. */
static void test_stall_run_limits(void **state)
{
	size_t n = FSB_RESULT_MAX_RUNS;
	struct fsb_buf b = { 0 };
	struct fsb_result *r = NULL;
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/limits.fsbench", dir);

	(void)state;
	fsb_buf_add(&b, "format = 1\nfilesystem \"a\" {\n phase \"p\" {\n");
	for (size_t i = 0; i < n; i++)
		fsb_buf_add(&b, "run{}stall_run{}\n");
	fsb_buf_add(&b, " }\n}\n");
	assert_int_equal(fsb_result_read_buf(b.s, b.len, "big.fsbench", &r, &err), 0);
	assert_int_equal(r->fs[0]->phases[0]->nruns, n);
	assert_int_equal(r->fs[0]->phases[0]->nstall_runs, n);
	fsb_result_free(r);
	r = NULL;
	b.len -= strlen(" }\n}\n");
	fsb_buf_add(&b, "stall_run{}\n }\n}\n");
	assert_int_equal(fsb_result_read_buf(b.s, b.len, "big.fsbench", &r, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "big.fsbench:"));
	assert_non_null(strstr(err.msg, "has more than 100000 stall runs"));
	assert_null(r);
	fsb_buf_free(&b);
	/* the writer: a phase with one stall run more than the reader takes
	 * (counted, not made: the check comes before anything is written) */
	r = sample();
	fsb_phase_add_stall_run(r->fs[0]->phases[0], &r->fs[0]->phases[0]->runs[0]);
	r->fs[0]->phases[0]->nstall_runs = n + 1;
	assert_int_equal(fsb_result_write(r, path, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "100001 stall runs: a result file holds at most 100000 per phase"));
	assert_int_equal(access(path, F_OK), -1);
	r->fs[0]->phases[0]->nstall_runs = 1;
	fsb_result_free(r);
	free(path);
}

/* The grid (model/grid.h): rows and columns by index, the phases' facts,
 * "total" as a computed column, and built anew after a change of shape. */
static void test_grid(void **state)
{
	struct fsb_result *r = sample();
	const struct fsb_grid *g = fsb_result_grid(r);
	size_t tar = fsb_grid_phase(g, "tar"), bw = fsb_grid_phase(g, "block-write"), ext2, jfs;
	struct fsb_phase_result *crash;

	(void)state;
	assert_ptr_equal(fsb_result_grid(r), g);	/* built once */
	assert_int_equal(g->nfs, r->nfs);
	ext2 = fsb_grid_fs(g, "ext2");
	jfs = fsb_grid_fs(g, "jfs");
	assert_int_equal(ext2, 0);
	assert_int_equal(jfs, 1);
	assert_int_equal(fsb_grid_fs(g, "xfs"), FSB_GRID_NONE);
	/* phase_order's first */
	assert_int_equal(tar, 0);
	assert_int_equal(bw, 1);
	assert_int_equal(fsb_grid_phase(g, FSB_GRID_TOTAL_NAME), FSB_GRID_TOTAL);
	assert_int_equal(fsb_grid_column(g, "total"), FSB_GRID_NONE);
	assert_int_equal(fsb_grid_phase(g, "nope"), FSB_GRID_NONE);
	assert_ptr_equal(fsb_grid_cell(g, ext2, tar), r->fs[0]->phases[0]);
	assert_null(fsb_grid_cell(g, ext2, FSB_GRID_TOTAL));
	assert_null(fsb_grid_cell(g, FSB_GRID_NONE, tar));
	assert_string_equal(fsb_grid_col_name(g, FSB_GRID_TOTAL), "total");
	assert_string_equal(fsb_grid_label(g, tar), "tar xf");
	assert_int_equal(g->col[tar].kind, FSB_PHASE_COMMAND);
	assert_false(g->col[tar].rate);
	assert_true(g->col[tar].measured);	/* its first run succeeded */
	/* block-write only planned: a column no row has, of no recorded kind */
	assert_int_equal(g->col[bw].first, FSB_GRID_NONE);
	assert_int_equal(g->col[bw].kind, FSB_PHASE_KIND_NONE);
	assert_int_equal(g->nph, 3);	/* and deb, unavailable on ext2 */
	assert_int_equal(g->desktop.n, 3);
	assert_int_equal(g->desktop.v[0], tar);
	assert_int_equal(g->builtin.n, 0);
	assert_int_equal(g->total.n, 1);	/* the measured ones */
	assert_int_equal(g->total.v[0], tar);
	for (size_t i = 0; i < r->nfs; i++)
		for (size_t k = 0; k < r->fs[i]->nphases; k++)
			assert_ptr_equal(fsb_grid_cell(g, i, fsb_grid_col_of(g, i, k)), r->fs[i]->phases[k]);
	/* a new phase is a new column; a crash phase counts no time */
	crash = fsb_fs_add_phase(r->fs[1], "crash");
	crash->kind = FSB_PHASE_CRASH;
	g = fsb_result_grid(r);
	assert_int_equal(g->nph, 4);
	assert_ptr_equal(fsb_grid_cell(g, jfs, fsb_grid_phase(g, "crash")), crash);
	assert_false(g->col[fsb_grid_phase(g, "crash")].timed);
	assert_int_equal(g->desktop.n, 3);
	/* a change in place is the caller's to say */
	crash->kind = FSB_PHASE_BUILTIN;
	fsb_result_changed(r);
	g = fsb_result_grid(r);
	assert_true(g->col[fsb_grid_phase(g, "crash")].rate);
	assert_int_equal(g->builtin.n, 1);
	fsb_result_free(r);
}

static void test_metrics(void **state)
{
	struct fsb_run r;
	enum fsb_metric m;

	(void)state;
	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = 52.92;
	r.v[FSB_FIELD_user] = 24.38;
	assert_float_equal(fsb_run_metric(&r, FSB_METRIC_DEAD), 28.54, 1e-9);
	assert_true(isnan(fsb_run_metric(&r, FSB_METRIC_RATE)));
	r.v[FSB_FIELD_ops_per_s] = 5275;
	assert_float_equal(fsb_run_metric(&r, FSB_METRIC_RATE), 5275, 0);
	assert_int_equal(fsb_metric_parse("dead", &m), 0);
	assert_int_equal(m, FSB_METRIC_DEAD);
	assert_int_equal(fsb_metric_parse("user", &m), 0);
	assert_int_equal(m, FSB_METRIC_USR);
	assert_int_equal(fsb_metric_parse("speed", &m), -EINVAL);
	assert_true(fsb_metric_higher_is_better(FSB_METRIC_RATE));
	assert_false(fsb_metric_higher_is_better(FSB_METRIC_REAL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_round_trip_property),
		cmocka_unit_test(test_atomic_write_keeps_old_file),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_probe_mode),
		cmocka_unit_test(test_stall_run_limits),
		cmocka_unit_test(test_metrics),
		cmocka_unit_test(test_grid),
	};
	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
