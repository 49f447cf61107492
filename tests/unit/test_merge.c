/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsb_result_merge: what is combined, what is refused and what is recorded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/merge.h"
#include "model/uses.h"

static const char *const labels[] = { "a.fsbench", "b.fsbench", "c.fsbench" };

/* A run of fsbench on ext2 (and more filesystems): phases tar and rm,
 * reps runs each whose real times start at t0 and grow by 1. */
static struct fsb_result *run_of(const char *started, const char *fslist, int reps, double t0)
{
	struct fsb_result *r = fsb_result_new();
	struct fsb_strv fss = { 0 };
	static const char *const phases[] = { "tar", "rm" };

	r->tool = fsb_xstrdup("fsbench 0.1.0");
	r->started = fsb_xstrdup(started);
	r->finished = fsb_xasprintf("%.11s23:59:59Z", started);
	r->status = FSB_RESULT_COMPLETE;
	r->baseline = fsb_xstrdup("ext2");
	r->profile = fsb_xstrdup("tiny");
	r->workload = fsb_xstrdup("generated source tree, seed 1, 300 files");
	r->command = fsb_xasprintf("fsbench run --fs %s --repeat %d", fslist, reps);
	r->repeat = reps;
	fsb_strv_add(&r->phase_order, "tar");
	fsb_strv_add(&r->phase_order, "rm");
	r->host.hostname = fsb_xstrdup("vm");
	r->host.kernel = fsb_xstrdup("Linux 6.1");
	r->host.cpu = fsb_xstrdup("AMD EPYC");
	fsb_strv_add(&r->host.versions, "tar (GNU tar) 1.34");
	r->target.kind = FSB_TARGET_IMAGE;
	r->target.size_mib = 2048;
	fsb_strv_split(&fss, fslist, ',');
	for (size_t i = 0; i < fss.n; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(r, fss.v[i]);

		fs->type = fsb_xstrdup(fss.v[i]);
		fs->mkfs_version = fsb_xstrdup("mke2fs 1.47.0");
		for (size_t j = 0; j < FSB_ARRAY_SIZE(phases); j++) {
			struct fsb_phase_result *ph = fsb_fs_add_phase(fs, phases[j]);

			ph->kind = FSB_PHASE_COMMAND;
			ph->command = fsb_xasprintf("%s something", phases[j]);
			for (int k = 0; k < reps; k++) {
				struct fsb_run run;

				fsb_run_init(&run);
				run.v[FSB_FIELD_real] = t0 + k;
				run.v[FSB_FIELD_user] = 0.5;
				fsb_phase_add_run(ph, &run);
			}
		}
	}
	fsb_strv_free(&fss);
	return r;
}

static struct fsb_result *merge2(struct fsb_result *a, struct fsb_result *b, int expect, const char *msg)
{
	const struct fsb_result *in[] = { a, b };
	struct fsb_result *out = (struct fsb_result *)1;
	struct fsb_err err = { 0 };
	int rc = fsb_result_merge(in, labels, 2, &out, &err);

	assert_int_equal(rc, expect);
	if (expect) {
		assert_null(out);
		if (!strstr(err.msg, msg))
			fail_msg("message '%s' does not say '%s'", err.msg, msg);
	}
	return out;
}

/* What the disk is for: kept when the files agree, none when they differ;
 * every must-have of theirs; fsck times concatenate. */
static void test_use_and_fsck(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2", 1, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2", 1, 20);
	struct fsb_result *m;

	(void)state;
	a->use = fsb_xstrdup("build");
	a->needs = FSB_NEED_SNAPSHOTS;
	b->needs = FSB_NEED_CHECKSUMS;	/* not told a use: agrees with anything */
	fsb_secs_add(&a->fs[0]->fsck_s, 1.5);
	a->fs[0]->fsck = fsb_xstrdup("e2fsck -f -n /dev/loop0");
	a->fs[0]->fsck_data = fsb_xstrdup("300 files and directories, 5 MiB used");
	fsb_secs_add(&b->fs[0]->fsck_s, 2.5);
	b->fs[0]->fsck = fsb_xstrdup("e2fsck -f -n /dev/loop1");
	b->fs[0]->fsck_data = fsb_xstrdup("300 files and directories, 5 MiB used");
	m = merge2(a, b, 0, NULL);
	assert_string_equal(m->use, "build");
	assert_int_equal(m->needs, FSB_NEED_SNAPSHOTS | FSB_NEED_CHECKSUMS);
	assert_int_equal(m->fs[0]->fsck_s.n, 2);
	assert_true(m->fs[0]->fsck_s.v[0] == 1.5 && m->fs[0]->fsck_s.v[1] == 2.5);
	assert_string_equal(m->fs[0]->fsck, "e2fsck -f -n /dev/loop0");
	assert_string_equal(m->fs[0]->fsck_data, "300 files and directories, 5 MiB used");
	fsb_result_free(m);
	b->use = fsb_xstrdup("home");
	m = merge2(a, b, 0, NULL);
	assert_null(m->use);
	assert_int_equal(m->needs, FSB_NEED_SNAPSHOTS | FSB_NEED_CHECKSUMS);
	fsb_result_free(m);
	fsb_result_free(a);
	fsb_result_free(b);
}

/* The stall round's runs stay apart, a's then b's, and the mode stays when
 * the files agree; a file that does not record it agrees by its runs. */
static void test_stall_runs(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2", 2, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2", 2, 20);
	struct fsb_result *m;
	struct fsb_phase_result *ph;
	struct fsb_run s;

	(void)state;
	fsb_run_init(&s);
	s.v[FSB_FIELD_stall_max_us] = 1000;
	fsb_phase_add_stall_run(fsb_fs_find_phase(a->fs[0], "tar"), &s);
	s.v[FSB_FIELD_stall_max_us] = 2000;
	fsb_phase_add_stall_run(fsb_fs_find_phase(b->fs[0], "tar"), &s);
	a->probe = FSB_PROBE_ROUND;
	m = merge2(a, b, 0, NULL);
	ph = fsb_fs_find_phase(m->fs[0], "tar");
	assert_int_equal(ph->nruns, 4);
	assert_int_equal(ph->nstall_runs, 2);
	assert_true(ph->stall_runs[0].v[FSB_FIELD_stall_max_us] == 1000 && ph->stall_runs[1].v[FSB_FIELD_stall_max_us] == 2000);
	assert_int_equal(m->repeat, 4);	/* the repetitions, not the stall round */
	assert_int_equal(m->probe, FSB_PROBE_ROUND);
	fsb_result_free(m);
	/* a run beside the timed phases is another plan's: not recorded */
	b->probe = FSB_PROBE_BESIDE;
	m = merge2(a, b, 0, NULL);
	assert_int_equal(m->probe, -1);
	fsb_result_free(m);
	fsb_result_free(a);
	fsb_result_free(b);
}

static void test_concatenates_runs(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2,ext4", 3, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2,xfs", 2, 20);
	struct fsb_result *m;
	struct fsb_phase_result *ph;

	(void)state;
	m = merge2(a, b, 0, NULL);
	assert_int_equal(m->nfs, 3);
	assert_string_equal(m->fs[0]->name, "ext2");
	assert_string_equal(m->fs[1]->name, "ext4");
	assert_string_equal(m->fs[2]->name, "xfs");
	ph = fsb_fs_find_phase(m->fs[0], "rm");
	assert_int_equal(ph->nruns, 5);
	/* a's runs first, then b's, in their order */
	assert_true(ph->runs[0].v[FSB_FIELD_real] == 10 && ph->runs[2].v[FSB_FIELD_real] == 12);
	assert_true(ph->runs[3].v[FSB_FIELD_real] == 20 && ph->runs[4].v[FSB_FIELD_real] == 21);
	assert_int_equal(fsb_fs_find_phase(m->fs[1], "tar")->nruns, 3);
	assert_int_equal(fsb_fs_find_phase(m->fs[2], "tar")->nruns, 2);
	assert_int_equal(m->repeat, 5);
	assert_string_equal(m->started, "2026-11-30T03:20:00Z");
	assert_string_equal(m->finished, "2026-12-01T23:59:59Z");
	assert_string_equal(m->command, "fsbench run --fs ext2,ext4 --repeat 3\nfsbench run --fs ext2,xfs --repeat 2");
	assert_string_equal(m->tool, "fsbench 0.1.0");
	assert_string_equal(m->baseline, "ext2");
	assert_int_equal(m->status, FSB_RESULT_COMPLETE);
	assert_int_equal(m->host.versions.n, 1);
	assert_null(m->path);
	/* the inputs are untouched */
	assert_int_equal(fsb_fs_find_phase(a->fs[0], "rm")->nruns, 3);
	fsb_result_free(a);
	fsb_result_free(b);
	fsb_result_free(m);
}

static void test_records_differences(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2", 1, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2", 1, 10);
	struct fsb_result *c = run_of("2026-12-02T03:20:00Z", "ext2", 1, 10);
	struct fsb_result *m, *mm;
	const struct fsb_result *in[2];
	struct fsb_err err = { 0 };

	(void)state;
	free(b->tool);
	b->tool = fsb_xstrdup("fsbench 0.2.0");
	free(b->fs[0]->mkfs_version);
	b->fs[0]->mkfs_version = fsb_xstrdup("mke2fs 1.47.1");
	b->status = FSB_RESULT_RUNNING;
	m = merge2(a, b, 0, NULL);
	assert_string_equal(m->tool, "fsbench 0.1.0 + fsbench 0.2.0");
	assert_string_equal(m->fs[0]->mkfs_version, "mke2fs 1.47.0 / mke2fs 1.47.1");
	/* a still-running input is not a complete merge */
	assert_int_equal(m->status, FSB_RESULT_INTERRUPTED);
	/* merging the merged file again adds no part twice */
	in[0] = m;
	in[1] = c;
	assert_int_equal(fsb_result_merge(in, labels, 2, &mm, &err), 0);
	assert_string_equal(mm->tool, "fsbench 0.1.0 + fsbench 0.2.0");
	assert_string_equal(mm->fs[0]->mkfs_version, "mke2fs 1.47.0 / mke2fs 1.47.1");
	assert_int_equal(fsb_fs_find_phase(mm->fs[0], "tar")->nruns, 3);
	assert_string_equal(mm->command, "fsbench run --fs ext2 --repeat 1");
	fsb_result_free(a);
	fsb_result_free(b);
	fsb_result_free(c);
	fsb_result_free(m);
	fsb_result_free(mm);
}

static void test_auto_bookkeeping(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2,ext4", 3, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2", 3, 10);
	struct fsb_result *m;

	(void)state;
	for (size_t i = 0; i < a->nfs; i++)
		for (size_t j = 0; j < a->fs[i]->nphases; j++) {
			a->fs[i]->phases[j]->auto_target_reps = 3;
			a->fs[i]->phases[j]->auto_converged = true;
		}
	m = merge2(a, b, 0, NULL);
	/* ext2's cells mix two runs: their bookkeeping no longer applies */
	assert_int_equal(fsb_fs_find_phase(fsb_result_find_fs(m, "ext2"), "tar")->auto_target_reps, -1);
	assert_false(fsb_fs_find_phase(fsb_result_find_fs(m, "ext2"), "tar")->auto_converged);
	/* ext4's come from a alone */
	assert_int_equal(fsb_fs_find_phase(fsb_result_find_fs(m, "ext4"), "tar")->auto_target_reps, 3);
	assert_true(fsb_fs_find_phase(fsb_result_find_fs(m, "ext4"), "tar")->auto_converged);
	fsb_result_free(a);
	fsb_result_free(b);
	fsb_result_free(m);
}

static void test_failed_elsewhere(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2,xfs", 2, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2,xfs", 2, 10);
	struct fsb_result *m;
	struct fsb_fs_result *x;

	(void)state;
	/* xfs could not be made in a: b's runs still count */
	x = fsb_result_find_fs(a, "xfs");
	x->status = FSB_FS_FAILED;
	x->error = fsb_xstrdup("mkfs.xfs failed");
	m = merge2(a, b, 0, NULL);
	x = fsb_result_find_fs(m, "xfs");
	assert_int_equal(x->status, FSB_FS_OK);
	assert_null(x->error);
	fsb_result_free(a);
	fsb_result_free(b);
	fsb_result_free(m);
}

static void test_refusals(void **state)
{
	struct fsb_result *a, *b;

	(void)state;
#define PAIR() do { a = run_of("2026-11-30T03:20:00Z", "ext2", 2, 10); \
		    b = run_of("2026-12-01T03:20:00Z", "ext2", 2, 10); } while (0)
#define DONE() do { fsb_result_free(a); fsb_result_free(b); } while (0)
	PAIR();
	fsb_fs_add_phase(b->fs[0], "deb");
	merge2(a, b, -EINVAL, "b.fsbench has phase 'deb', a.fsbench does not");
	DONE();

	PAIR();
	free(b->fs[0]->phases[1]->command);
	b->fs[0]->phases[1]->command = fsb_xstrdup("rm -rf /else");
	merge2(a, b, -EINVAL, "phase 'rm' is not the same: 'rm something' in a.fsbench, 'rm -rf /else' in b.fsbench");
	DONE();

	PAIR();
	free(b->profile);
	b->profile = fsb_xstrdup("quick");
	merge2(a, b, -EINVAL, "not the same size profile: tiny in a.fsbench, quick in b.fsbench");
	DONE();

	PAIR();
	free(b->host.kernel);
	b->host.kernel = fsb_xstrdup("Linux 6.12");
	merge2(a, b, -EINVAL, "not the same kernel: 'Linux 6.1' in a.fsbench, 'Linux 6.12' in b.fsbench");
	DONE();

	PAIR();
	b->target.size_mib = 4096;
	merge2(a, b, -EINVAL, "not the same target");
	DONE();

	PAIR();
	b->fs[0]->mount_options = fsb_xstrdup("noatime");
	merge2(a, b, -EINVAL, "filesystem 'ext2' is not the same");
	DONE();

	PAIR();
	free(b->started);
	b->started = fsb_xstrdup(a->started);
	merge2(a, b, -EINVAL, "same run");
	DONE();
#undef PAIR
#undef DONE
}

/* The merged result is a result like any other: it writes and reads back. */
static void test_round_trip(void **state)
{
	struct fsb_result *a = run_of("2026-11-30T03:20:00Z", "ext2", 3, 10);
	struct fsb_result *b = run_of("2026-12-01T03:20:00Z", "ext2", 3, 20);
	struct fsb_result *m, *back = NULL;
	struct fsb_err err = { 0 };
	char path[] = "/tmp/fsbench-test-merge.XXXXXX";
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	m = merge2(a, b, 0, NULL);
	assert_int_equal(fsb_result_write(m, path, &err), 0);
	assert_int_equal(fsb_result_read(path, &back, &err), 0);
	assert_int_equal(fsb_fs_find_phase(back->fs[0], "tar")->nruns, 6);
	assert_string_equal(back->command, m->command);
	assert_int_equal(back->repeat, 6);
	unlink(path);
	fsb_result_free(a);
	fsb_result_free(b);
	fsb_result_free(m);
	fsb_result_free(back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_concatenates_runs),
		cmocka_unit_test(test_stall_runs),
		cmocka_unit_test(test_records_differences),
		cmocka_unit_test(test_auto_bookkeeping),
		cmocka_unit_test(test_failed_elsewhere),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_use_and_fsck),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
