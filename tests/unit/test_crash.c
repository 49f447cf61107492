/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The crash phase without root (engine/crash.h, doc/crash.md): the write
 * log against a known sequence of writes, the crash states chosen from it
 * (every flush point, subsets after them, seeded and repeatable) and
 * rebuilt byte for byte, the deliberate fault that drops a flushed write,
 * the script and its checker on a plain directory, the results as cells
 * and words, and how a plan with the phase is judged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devices/crashlog.h"
#include "devices/crashstate.h"
#include "doc/document.h"
#include "doc/report.h"
#include "doc/report_crash.h"
#include "engine/crash_int.h"
#include "engine/engine.h"
#include "model/cells.h"
#include "model/crashcell.h"
#include "model/kinds.h"
#include "model/recommend.h"

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-crash.XXXXXX"
#include "scratchdir.h"
#include "crafted.h"
#include "expect_config.h"
#include "shipped_config.h"

#define IMG (1u << 20)

static char *path_in(const char *name)
{
	return fsb_xasprintf("%s/%s", dir, name);
}

static void fill(char *buf, char c, size_t n)
{
	memset(buf, c, n);
}

/*
 * The known sequence, by record:
 *   0 W 0+4096 'a'    1 W 8192+512 'b'   2 F    3 M start
 *   4 W 4096+4096 'c' 5 Z 8192+512       6 F
 *   7 W 16384+100 'd' 8 W 0+10 'e'       9 W 20000+50 'f'   10 F   11 M end
 */
static char *known_log(const char *name)
{
	static char a[4096], b[512], c[4096], d[100], e[10], f[50];
	struct fsb_wlog_writer w;
	struct fsb_err err = { 0 };
	char *p = path_in(name);

	fill(a, 'a', sizeof(a)), fill(b, 'b', sizeof(b)), fill(c, 'c', sizeof(c));
	fill(d, 'd', sizeof(d)), fill(e, 'e', sizeof(e)), fill(f, 'f', sizeof(f));
	unlink(p);
	assert_int_equal(fsb_wlog_create(p, IMG, &w, &err), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 0, sizeof(a), a), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 8192, sizeof(b), b), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_FLUSH, 0, 0, 0, NULL), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_MARK, 0, 0, 5, "start"), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 4096, sizeof(c), c), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_ZERO, 0x3, 8192, 512, NULL), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_FLUSH, 0, 0, 0, NULL), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 16384, sizeof(d), d), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 0, sizeof(e), e), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 20000, sizeof(f), f), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_FLUSH, 0, 0, 0, NULL), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_MARK, 0, 0, 3, "end"), 0);
	/* a marker past the limit is refused, not cut */
	{
		char big[FSB_WLOG_MARK_MAX + 1];

		fill(big, 'x', sizeof(big));
		assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_MARK, 0, 0, sizeof(big), big), -EINVAL);
	}
	assert_int_equal((int)w.records, 12);
	fsb_wlog_close(&w);
	/* never over an existing log */
	assert_int_equal(fsb_wlog_create(p, IMG, &w, &err), -EEXIST);
	assert_non_null(strstr(err.msg, p));
	return p;
}

static void test_log_roundtrip(void **state)
{
	static const enum fsb_wlog_kind kinds[] = { FSB_WLOG_WRITE, FSB_WLOG_WRITE, FSB_WLOG_FLUSH, FSB_WLOG_MARK,
						    FSB_WLOG_WRITE, FSB_WLOG_ZERO,  FSB_WLOG_FLUSH, FSB_WLOG_WRITE,
						    FSB_WLOG_WRITE, FSB_WLOG_WRITE, FSB_WLOG_FLUSH, FSB_WLOG_MARK };
	char *p = known_log("round.log"), text[64];
	struct fsb_wlog log;
	struct fsb_err err = { 0 };

	(void)state;
	assert_int_equal(fsb_wlog_read(p, &log, &err), 0);
	assert_int_equal(log.size, IMG);
	assert_int_equal(log.n, 12);
	for (size_t i = 0; i < log.n; i++)
		assert_int_equal(log.v[i].kind, kinds[i]);
	assert_int_equal(log.nwrites, 7);
	assert_int_equal(log.nflushes, 3);
	assert_true(log.v[4].off == 4096 && log.v[4].len == 4096);
	assert_true(log.v[5].off == 8192 && log.v[5].len == 512 && log.v[5].mode == 0x3);
	assert_int_equal(fsb_wlog_find_mark(&log, 0, "start"), 3);
	assert_int_equal(fsb_wlog_find_mark(&log, 4, "end"), 11);
	assert_int_equal(fsb_wlog_find_mark(&log, 0, "nope"), log.n);
	assert_int_equal(fsb_wlog_mark_text(&log, 11, text, sizeof(text)), 0);
	assert_string_equal(text, "end");
	assert_int_equal(fsb_wlog_mark_text(&log, 0, text, sizeof(text)), -EINVAL);
	fsb_wlog_free(&log);
	free(p);
}

/* A log cut short, a stranger's file, a write beyond the image: refused
 * with the file's name, never half read. */
static void test_log_refused(void **state)
{
	char *p = known_log("bad.log"), *q = path_in("other.log");
	struct fsb_wlog log;
	struct fsb_wlog_writer w;
	struct fsb_err err = { 0 };
	struct stat st;
	char b[16] = "0123456789abcdef";

	(void)state;
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(truncate(p, st.st_size - 2), 0);
	assert_int_equal(fsb_wlog_read(p, &log, &err), -EINVAL);
	assert_non_null(strstr(err.msg, p));
	assert_non_null(strstr(err.msg, "record 11 is cut off"));
	assert_null(log.v);
	scratch_write("other.log", "FSBWLOG2 and then some more bytes\n");
	assert_int_equal(fsb_wlog_read(q, &log, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "not a write log"));
	unlink(q);
	assert_int_equal(fsb_wlog_create(q, 4096, &w, &err), 0);
	assert_int_equal(fsb_wlog_append(&w, FSB_WLOG_WRITE, 0, 4090, sizeof(b), b), 0);
	fsb_wlog_close(&w);
	assert_int_equal(fsb_wlog_read(q, &log, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "record 0: bytes 4090+16 are beyond the image"));
	free(p);
	free(q);
}

static void read_known(struct fsb_wlog *log)
{
	char *p = known_log("known.log");
	struct fsb_err err = { 0 };

	assert_int_equal(fsb_wlog_read(p, log, &err), 0);
	free(p);
}

static bool same_states(const struct fsb_crash_states *a, const struct fsb_crash_states *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++) {
		const struct fsb_crash_state *x = &a->v[i], *y = &b->v[i];

		if (x->cut != y->cut || x->end != y->end || !x->keep != !y->keep)
			return false;
		if (x->keep && memcmp(x->keep, y->keep, (x->end - x->cut - 1) * sizeof(bool)))
			return false;
	}
	return true;
}

/* Cuts at flushes 2, 6 and 10 (the one before the start counts); windows
 * (2, 6) with two writes, (6, 10) with three, (10, 11) with none. */
static void test_states_choose(void **state)
{
	struct fsb_wlog log;
	struct fsb_crash_states s, t;
	bool flushpoint[3] = { false };

	(void)state;
	read_known(&log);
	assert_int_equal(fsb_crash_states_choose(&log, 3, 11, 10, 42, &s), 0);
	assert_int_equal(s.ncuts, 3);
	/* every flush point, then 7 distinct subsets of the 8 there are */
	assert_int_equal(s.n, 10);
	for (size_t i = 0; i < s.n; i++) {
		const struct fsb_crash_state *st = &s.v[i];

		assert_true(st->cut == 2 || st->cut == 6 || st->cut == 10);
		assert_int_equal(st->end, st->cut == 2 ? 6 : st->cut == 6 ? 10 : 11);
		assert_int_equal(st->nwindow, st->cut == 2 ? 2 : st->cut == 6 ? 3 : 0);
		assert_int_equal(st->cutno, st->cut == 2 ? 1 : st->cut == 6 ? 2 : 3);
		assert_int_equal(st->drop, SIZE_MAX);
		if (i)
			assert_true(s.v[i - 1].cut <= st->cut);
		if (!st->keep) {
			flushpoint[st->cutno - 1] = true;
			continue;
		}
		/* a subset: some writes of its window, never none, never all, no marker */
		assert_true(st->nkept >= 1 && st->nkept < st->nwindow);
		for (size_t k = 0; k + st->cut + 1 < st->end; k++)
			if (st->keep[k])
				assert_int_not_equal(log.v[st->cut + 1 + k].kind, FSB_WLOG_MARK);
		for (size_t j = 0; j < i; j++)
			assert_false(s.v[j].keep && s.v[j].cut == st->cut &&
				     !memcmp(s.v[j].keep, st->keep, (st->end - st->cut - 1) * sizeof(bool)));
	}
	assert_true(flushpoint[0] && flushpoint[1] && flushpoint[2]);
	/* the same seed, the same states; another seed, others (among 20) */
	assert_int_equal(fsb_crash_states_choose(&log, 3, 11, 10, 42, &t), 0);
	assert_true(same_states(&s, &t));
	fsb_crash_states_free(&t);
	{
		bool differ = false;

		for (uint64_t seed = 1; seed <= 20 && !differ; seed++) {
			assert_int_equal(fsb_crash_states_choose(&log, 3, 11, 4, seed, &t), 0);
			fsb_crash_states_free(&s);
			assert_int_equal(fsb_crash_states_choose(&log, 3, 11, 4, 1000 + seed, &s), 0);
			differ = !same_states(&s, &t);
			fsb_crash_states_free(&t);
		}
		assert_true(differ);
	}
	fsb_crash_states_free(&s);
	/* fewer than the flush points: a sample of them, half the states */
	assert_int_equal(fsb_crash_states_choose(&log, 3, 11, 3, 7, &s), 0);
	assert_int_equal(s.n, 3);
	{
		size_t points = 0;

		for (size_t i = 0; i < s.n; i++)
			points += !s.v[i].keep;
		assert_int_equal(points, 2);
	}
	fsb_crash_states_free(&s);
	/* no flush at all before the end: nothing was ever durable */
	assert_int_equal(fsb_crash_states_choose(&log, 0, 2, 5, 1, &s), -ENOENT);
	fsb_crash_states_free(&s);
	fsb_wlog_free(&log);
}

static void expect_bytes(const unsigned char *img, size_t from, size_t to, unsigned char c)
{
	for (size_t i = from; i < to; i++)
		if (img[i] != c)
			fail_msg("byte %zu is 0x%02x, expected 0x%02x", i, img[i], c);
}

static unsigned char *rebuilt(const struct fsb_wlog *log, const struct fsb_crash_state *st)
{
	char *p = path_in("state.img");
	unsigned char *img = fsb_xmalloc(IMG);
	struct fsb_err err = { 0 };
	int fd = open(p, O_RDWR | O_CREAT, 0600);

	assert_true(fd >= 0);
	/* whatever was in the image before is gone */
	assert_int_equal(pwrite(fd, "junk", 4, 30000), 4);
	assert_int_equal(fsb_crash_state_rebuild(log, st, fd, &err), 0);
	assert_int_equal(pread(fd, img, IMG, 0), IMG);
	close(fd);
	free(p);
	return img;
}

/* Each state rebuilt byte for byte: the prefix to its flush, the kept
 * writes after it, in order; the fault leaves a flushed write out. */
static void test_rebuild(void **state)
{
	struct fsb_wlog log;
	struct fsb_crash_state st = { .cut = 6, .end = 10, .drop = SIZE_MAX };
	bool keep[3] = { false, true, false };
	unsigned char *img;
	char what[160];
	struct fsb_crash_states one = { .v = &st, .n = 1, .ncuts = 3 };

	(void)state;
	read_known(&log);
	/* the flush point after "c": a, c, b zeroed again, nothing of d e f */
	img = rebuilt(&log, &st);
	expect_bytes(img, 0, 4096, 'a');
	expect_bytes(img, 4096, 8192, 'c');
	expect_bytes(img, 8192, IMG, 0);
	free(img);
	/* with only e of the window: a's first 10 bytes overwritten, no d, no f */
	st.keep = keep;
	st.nkept = 1, st.nwindow = 3, st.cutno = 2;
	img = rebuilt(&log, &st);
	expect_bytes(img, 0, 10, 'e');
	expect_bytes(img, 10, 4096, 'a');
	expect_bytes(img, 16384, 16484, 0);
	expect_bytes(img, 20000, 20050, 0);
	free(img);
	assert_string_equal(fsb_crash_state_describe(&one, 0, what, sizeof(what)),
			    "flush 2 of 3 + 1 of the 3 writes after it");
	/* the deliberate fault: c, the last write the flush confirmed, is left out */
	assert_true(fsb_crash_state_drop_flushed(&log, 3, &st));
	assert_int_equal(st.drop, 4);
	img = rebuilt(&log, &st);
	expect_bytes(img, 4096, 8192, 0);
	expect_bytes(img, 10, 4096, 'a');
	free(img);
	assert_non_null(strstr(fsb_crash_state_describe(&one, 0, what, sizeof(what)), "write 4 left out on purpose"));
	/* nothing after the start to drop at the first cut */
	st.cut = 2, st.drop = SIZE_MAX;
	assert_false(fsb_crash_state_drop_flushed(&log, 3, &st));
	fsb_wlog_free(&log);
}

/* ---- the script and its checker ---------------------------------------------- */

static struct fsb_strv marks;

static int record_mark(void *arg, const char *text, struct fsb_err *err)
{
	(void)arg, (void)err;
	fsb_strv_add(&marks, text);
	return 0;
}

static void put_file(const char *root, const char *rel, const void *data, size_t len)
{
	char *p = fsb_xasprintf("%s/%s", root, rel);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
	free(p);
}

static void expect_state(const struct crash_script *s, const char *root, int done, int begun, bool lost,
			 bool rename, const char *what)
{
	struct crash_verdict v;

	crash_script_check(s, root, done, begun, &v);
	if (v.lost != lost || v.rename != rename)
		fail_msg("done %d begun %d: lost %d rename %d (%s), expected %d %d", done, begun, v.lost, v.rename,
			 v.what, lost, rename);
	if (what && !strstr(v.what, what))
		fail_msg("done %d: \"%s\" does not say \"%s\"", done, v.what, what);
	if (!what)
		assert_string_equal(v.what, "");
}

/* Steps: 1 save, 2 log, 3 replace, 4-11 appends, 12 unpack, 13 delete,
 * 14 replace, 15 sync. */
static void test_script_and_check(void **state)
{
	char *root = path_in("fs");
	struct crash_script s;
	struct fsb_err err = { 0 };
	size_t kept = 0;

	(void)state;
	assert_int_equal(mkdir(root, 0755), 0);
	crash_script_init(&s, 7, CRASH_FAULT_NONE);
	assert_int_equal(s.nsteps, 15);
	assert_int_equal(s.steps[2].kind, CS_REPLACE);
	assert_int_equal(s.steps[13].kind, CS_REPLACE);
	/* no work directory: the first step fails, naming the file */
	assert_true(crash_script_run(&s, root, record_mark, NULL, NULL, &err) < 0);
	assert_non_null(strstr(err.msg, "work/doc.txt"));
	fsb_strv_free(&marks);
	put_file(root, ".keep", "", 0);
	{
		char *w = fsb_xasprintf("%s/work", root);

		assert_int_equal(mkdir(w, 0755), 0);
		free(w);
	}
	assert_int_equal(crash_script_run(&s, root, record_mark, NULL, NULL, &err), 0);
	assert_int_equal(marks.n, 30);
	assert_string_equal(marks.v[0], "begin 1");
	assert_string_equal(marks.v[1], "done 1");
	assert_string_equal(marks.v[29], "done 15");
	fsb_strv_free(&marks);
	for (size_t i = 0; i < s.ntree; i++)
		kept += !s.tree[i].deleted;
	assert_true(kept > 0 && kept < s.ntree);
	/* as the script left it: what a state owes after the last replace began */
	for (int done = 13; done <= 15; done++)
		expect_state(&s, root, done, done < 15 ? done + 1 : 15, false, false, NULL);
	/* and before it, the earlier version was owed */
	expect_state(&s, root, 1, 2, true, false, "expected the version saved by then (steps 1-1 done)");
	/* before the second replace doc.txt must be the first replacement */
	put_file(root, "work/doc.txt", s.doc[2], s.ndoc[2]);
	expect_state(&s, root, 12, 12, true, false, "work/doc.txt holds");
	/* during it: the old or the new one, anything else breaks the rename */
	expect_state(&s, root, 13, 14, false, false, NULL);
	put_file(root, "work/doc.txt", s.doc[1], s.ndoc[1]);
	expect_state(&s, root, 13, 14, false, false, NULL);
	put_file(root, "work/doc.txt", s.doc[1], s.ndoc[1] / 2);
	expect_state(&s, root, 13, 14, false, true, "during a rename");
	put_file(root, "work/doc.txt", "", 0);
	expect_state(&s, root, 13, 14, false, true, "holds 0 other bytes");
	/* before the first save is durable nothing is owed */
	expect_state(&s, root, 0, 1, false, false, NULL);
	/* saved, then gone: lost */
	{
		char *d = fsb_xasprintf("%s/work/doc.txt", root);

		unlink(d);
		free(d);
	}
	expect_state(&s, root, 1, 1, true, false, "work/doc.txt missing");
	put_file(root, "work/doc.txt", s.doc[0], s.ndoc[0]);
	expect_state(&s, root, 2, 2, false, false, NULL);
	/* app.log: the fsync'd prefix must be there; more is no loss */
	put_file(root, "work/doc.txt", s.doc[1], s.ndoc[1]);
	put_file(root, "work/app.log", s.log, s.log_end[3]);
	expect_state(&s, root, 6, 6, false, false, NULL);
	expect_state(&s, root, 7, 7, true, false, "work/app.log is shorter");
	{
		unsigned char *bad = fsb_xmalloc(s.log_end[3]);

		memcpy(bad, s.log, s.log_end[3]);
		bad[10] ^= 0xff;
		put_file(root, "work/app.log", bad, s.log_end[3]);
		free(bad);
	}
	expect_state(&s, root, 6, 6, true, false, "work/app.log differs");
	put_file(root, "work/app.log", s.log, s.log_end[s.nrecords - 1]);
	/* the tree is owed only after syncfs */
	for (size_t i = 0; i < s.ntree; i++)
		if (!s.tree[i].deleted) {
			put_file(root, s.tree[i].path, "x", 1);
			break;
		}
	put_file(root, "work/doc.txt", s.doc[2], s.ndoc[2]);
	expect_state(&s, root, 14, 15, false, false, NULL);
	expect_state(&s, root, 15, 15, true, false, "after syncfs");
	crash_script_free(&s);
	/* the same seed draws the same data */
	{
		struct crash_script a, b;

		crash_script_init(&a, 7, CRASH_FAULT_NONE);
		crash_script_init(&b, 7, CRASH_FAULT_NO_FSYNC);
		assert_int_equal(a.ndoc[1], b.ndoc[1]);
		assert_memory_equal(a.doc[1], b.doc[1], a.ndoc[1]);
		assert_string_equal(a.tree[5].path, b.tree[5].path);
		crash_script_free(&b);
		crash_script_init(&b, 8, CRASH_FAULT_NONE);
		assert_false(a.ndoc[0] == b.ndoc[0] && !memcmp(a.doc[0], b.doc[0], a.ndoc[0]));
		crash_script_free(&a);
		crash_script_free(&b);
	}
	fsb_rm_rf(root);
	free(root);
}

static void test_fault_env(void **state)
{
	enum crash_fault f;
	struct fsb_err err = { 0 };

	(void)state;
	unsetenv("FSBENCH_CRASH_FAULT");
	assert_int_equal(crash_fault_from_env(&f, &err), 0);
	assert_int_equal(f, CRASH_FAULT_NONE);
	setenv("FSBENCH_CRASH_FAULT", "no-fsync", 1);
	assert_int_equal(crash_fault_from_env(&f, &err), 0);
	assert_int_equal(f, CRASH_FAULT_NO_FSYNC);
	setenv("FSBENCH_CRASH_FAULT", "drop-flushed", 1);
	assert_int_equal(crash_fault_from_env(&f, &err), 0);
	assert_int_equal(f, CRASH_FAULT_DROP_FLUSHED);
	setenv("FSBENCH_CRASH_FAULT", "pull-harder", 1);
	assert_int_equal(crash_fault_from_env(&f, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "FSBENCH_CRASH_FAULT=pull-harder"));
	unsetenv("FSBENCH_CRASH_FAULT");
}

/* ---- the results ---------------------------------------------------------------- */

static void crash_run(struct fsb_result *res, const char *fs, double states, double clean, double repair,
		      double fsck, double lost, double rename)
{
	struct fsb_fs_result *f = fsb_result_add_fs(res, fs);
	struct fsb_phase_result *ph = fsb_fs_add_phase(f, "crash");
	struct fsb_run r;

	if (ph->kind == FSB_PHASE_KIND_NONE)
		ph->kind = FSB_PHASE_CRASH;
	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = 30;
	r.v[FSB_FIELD_crash_states] = states;
	r.v[FSB_FIELD_crash_clean] = clean;
	r.v[FSB_FIELD_crash_repair] = repair;
	r.v[FSB_FIELD_crash_fsck_errors] = fsck;
	r.v[FSB_FIELD_crash_unchecked] = 0;
	r.v[FSB_FIELD_crash_mount_failed] = 0;
	r.v[FSB_FIELD_crash_lost] = lost;
	r.v[FSB_FIELD_crash_rename] = rename;
	r.v[FSB_FIELD_crash_recovery_p50] = 0.01;
	r.v[FSB_FIELD_crash_recovery_max] = 0.05;
	r.v[FSB_FIELD_seed] = 1234;
	fsb_phase_add_run(ph, &r);
	fsb_run_clear(&r);
}

static void tar_run(struct fsb_result *res, const char *fs, double real)
{
	struct fsb_phase_result *ph = fsb_fs_add_phase(fsb_result_add_fs(res, fs), "tar");
	struct fsb_run r;

	if (ph->kind == FSB_PHASE_KIND_NONE)
		ph->kind = FSB_PHASE_COMMAND;
	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = real;
	r.v[FSB_FIELD_user] = 0.1;
	r.v[FSB_FIELD_sys] = 0.1;
	fsb_phase_add_run(ph, &r);
	fsb_run_clear(&r);
}

static const struct fsb_block *find_role(const struct fsb_doc *d, enum fsb_block_role role, size_t from)
{
	for (size_t i = from; i < d->n; i++)
		if (d->v[i].role == role)
			return &d->v[i];
	return NULL;
}

static void test_results(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_crashes c;
	struct fsb_strv phases = { 0 }, words = { 0 };
	struct fsb_buf b = { 0 };
	struct fsb_table t;
	struct fsb_doc doc;
	struct fsb_doc_opts o = { .raw = true };
	const struct fsb_block *blk;

	(void)state;
	tar_run(res, "ext2", 1.0);
	tar_run(res, "ext4", 1.2);
	crash_run(res, "ext2", 40, 26, 14, 14, 0, 0);
	crash_run(res, "ext4", 20, 20, 0, 0, 0, 0);
	crash_run(res, "ext4", 20, 20, 0, 0, 1, 2);
	/* a count is no time: in no table of times, total or verdict */
	assert_false(fsb_phase_is_timed(res, "crash"));
	assert_true(fsb_phase_is_timed(res, "tar"));
	assert_true(fsb_phase_is_timed(res, "unheard-of"));
	fsb_cell_phases(res, false, &phases);
	assert_int_equal(phases.n, 1);
	assert_string_equal(phases.v[0], "tar");
	fsb_strv_free(&phases);
	fsb_cell_phases(res, true, &phases);
	assert_int_equal(phases.n, 0);
	fsb_strv_free(&phases);

	assert_true(fsb_crash_present(res));
	assert_int_equal(fsb_crash_seed(res), 1234);
	assert_int_equal(fsb_crash_compute(res, &c), 0);
	assert_int_equal(c.nfs, 2);
	assert_true(c.fs[1].runs == 2 && c.fs[1].states == 40 && c.fs[1].lost == 1 && c.fs[1].renames == 2);
	assert_int_equal(fsb_report_crash(&c, &t), 0);
	assert_int_equal(t.nrows, 3);
	assert_string_equal(fsb_table_cell(&t, 1, 3)->text, "14");
	assert_true(fsb_table_cell(&t, 1, 3)->flags & FSB_CELL_WORSE);
	assert_true(fsb_table_cell(&t, 2, 5)->flags & FSB_CELL_FAILED);
	fsb_table_free(&t);
	fsb_report_crash_words(&c, &words);
	assert_int_equal(words.n, 2);
	assert_non_null(strstr(words.v[0], "ext2: needed repair after 14 of 40 crash states"));
	assert_non_null(strstr(words.v[1], "lost fsync'd data in 1 of 40, broke a rename in 2"));
	fsb_strv_free(&words);
	fsb_crash_free(&c);
	/* the recommendation's power-loss words */
	assert_true(fsb_report_crash_clause(res->fs[0], &b));
	assert_string_equal(b.s, "ext2 needed repair after 14 of 40 crashes, lost no fsync'd data");
	fsb_buf_free(&b);
	/* the document's section, in every output (the renderers walk it) */
	fsb_doc_result(res, &o, &doc);
	blk = find_role(&doc, FSB_ROLE_CRASH, 0);
	assert_non_null(blk);
	for (size_t i = 0; i < doc.n; i++)
		if (doc.v[i].kind == FSB_BLOCK_HEADING && !strcmp(doc.v[i].text, "Crash consistency"))
			assert_int_equal(doc.v[i].level, 2);
	assert_string_equal(fsb_block_role_name(FSB_ROLE_CRASH), "crash");
	assert_string_equal(fsb_block_role_name(FSB_ROLE_CRASH_WORDS), "crash-words");
	assert_non_null(find_role(&doc, FSB_ROLE_CRASH_WORDS, 0));
	for (size_t i = 0; i < doc.n; i++)
		if (doc.v[i].role == FSB_ROLE_LEGEND && doc.v[i].text && strstr(doc.v[i].text, "Limits:"))
			blk = &doc.v[i];
	assert_non_null(strstr(blk->text, "a disk that honours flushes"));
	{
		bool raw = false;

		for (size_t i = 0; i < doc.n; i++)
			raw |= doc.v[i].role == FSB_ROLE_RAW && doc.v[i].phase && !strcmp(doc.v[i].phase, "crash");
		assert_true(raw);
	}
	fsb_doc_free(&doc);
	fsb_result_free(res);
	/* nothing of the section without crash runs */
	res = fsb_result_new();
	tar_run(res, "ext2", 1.0);
	assert_false(fsb_crash_present(res));
	assert_int_equal(fsb_crash_compute(res, &c), -ENOENT);
	fsb_crash_free(&c);
	assert_false(fsb_report_crash_clause(res->fs[0], &b));
	fsb_doc_result(res, &o, &doc);
	assert_null(find_role(&doc, FSB_ROLE_CRASH, 0));
	fsb_doc_free(&doc);
	fsb_result_free(res);
}

static bool any_line(const struct fsb_strv *l, const char *a, const char *b)
{
	for (size_t i = 0; i < l->n; i++)
		if (strstr(l->v[i], a) && strstr(l->v[i], b))
			return true;
	return false;
}

/* A line with both a and b, else the lines there are and a failure. */
static void expect_line(const struct fsb_strv *l, const char *a, const char *b)
{
	if (any_line(l, a, b))
		return;
	for (size_t i = 0; i < l->n; i++)
		print_message("%s\n", l->v[i]);
	fail_msg("no line with \"%s\" and \"%s\"", a, b);
}

/* The recommendation's power-loss criterion as measured: in the pick's line,
 * in the reason a faster one was passed over, and without a pick. */
static void test_recommendation(void **state)
{
	struct fsb_result *res = crafted_ext2_ahead();
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_rec_opts ro = { .cfg = cfg };
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	crash_run(res, "ext2", 40, 26, 14, 14, 0, 0);
	crash_run(res, "ext4", 40, 40, 0, 0, 0, 0);
	fsb_recommend(res, &o, &ro, &r);
	fsb_report_recommendation(res, &o, &ro, &r, &lines);
	expect_line(&lines, "ext4 gives:", "; measured: ext4 came back clean after all 40 crashes, lost no "
					   "fsync'd data.");
	expect_line(&lines, "ext2 was 20% faster", "(measured: ext2 needed repair after 14 of 40 crashes, "
						    "lost no fsync'd data).");
	assert_false(any_line(&lines, "Measured power loss", ""));
	/* the criterion's evidence is what was measured, over the documented
	 * words: the shares' intervals apart, ext2 worse than ext4 */
	assert_true(r.values.measured[FSB_CRIT_POWER_LOSS]);
	assert_string_equal(fsb_criteria_at(&r.values, FSB_CRIT_POWER_LOSS, 0)->text, "no journal; repair 14/40");
	assert_string_equal(fsb_criteria_at(&r.values, FSB_CRIT_POWER_LOSS, 1)->text, "journal; clean 40/40");
	assert_false(fsb_criteria_at(&r.values, FSB_CRIT_POWER_LOSS, 2)->measured);
	assert_int_equal(fsb_criterion_compare(FSB_CRIT_POWER_LOSS, fsb_criteria_at(&r.values, FSB_CRIT_POWER_LOSS, 0),
					       fsb_criteria_at(&r.values, FSB_CRIT_POWER_LOSS, 1)), -1);
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
	/* nothing to recommend (no phase that matters): what was measured all the same */
	res = fsb_result_new();
	crash_run(res, "ext2", 40, 26, 14, 14, 0, 0);
	crash_run(res, "xfs", 30, 30, 0, 0, 0, 0);
	fsb_recommend(res, &o, &ro, &r);
	fsb_report_recommendation(res, &o, &ro, &r, &lines);
	expect_line(&lines, "Measured power loss: ext2 needed repair after 14 of 40 crashes, lost no "
			    "fsync'd data; xfs came back clean after all 30 crashes, lost no fsync'd data.", "");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* A test run says it is one, in the words of the recommendation too. */
static void test_results_fault(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_doc doc;
	struct fsb_doc_opts o = { 0 };
	struct fsb_buf b = { 0 };
	bool warned = false;

	(void)state;
	crash_run(res, "ext4", 12, 12, 0, 0, 7, 0);
	res->fs[0]->phases[0]->runs[0].v[FSB_FIELD_crash_fault] = 1;
	fsb_doc_result(res, &o, &doc);
	for (size_t i = 0; i < doc.n; i++)
		warned |= doc.v[i].role == FSB_ROLE_WARNING && doc.v[i].text &&
			  strstr(doc.v[i].text, "FSBENCH_CRASH_FAULT=no-fsync");
	assert_true(warned);
	fsb_doc_free(&doc);
	assert_true(fsb_report_crash_clause(res->fs[0], &b));
	assert_non_null(strstr(b.s, "lost fsync'd data in 7 of 12 (a test run that broke durability on purpose)"));
	fsb_buf_free(&b);
	fsb_result_free(res);
}

/* ---- the config and the plan ---------------------------------------------------- */

static void test_config(void **state)
{
	const struct fsb_phase_def *d = fsb_config_phase(cfg, "crash");
	enum fsb_phase_kind k;

	(void)state;
	assert_non_null(d);
	assert_int_equal(d->kind, FSB_PHASE_CRASH);
	assert_string_equal(d->group, "crash");
	assert_false(fsb_strv_contains(&cfg->defaults.phases, "crash"));	/* opt-in */
	assert_int_equal(fsb_phase_kind_parse("crash", &k), 0);
	assert_int_equal(k, FSB_PHASE_CRASH);
	assert_false(fsb_phase_kind_timed(FSB_PHASE_CRASH));
	assert_true(fsb_phase_kind_timed(FSB_PHASE_BUILTIN));
	assert_true(fsb_config_profile(cfg, "tiny")->crash_states < fsb_config_profile(cfg, "quick")->crash_states);
	expect_config_error(MINIMAL "profile \"a\" { crash_states = 0 }\n",
			    "test.conf:5: profile \"a\": crash_states = 0 must be from 1 to 10000");
	expect_config_error(MINIMAL "profile \"a\" { crash_states = 10001 }\n", "crash_states = 10001");
	expect_config_error(MINIMAL "profile \"a\" { crash_states = -3 }\n", "test.conf:5:");
}

static void test_plan(void **state)
{
	struct fsb_plan p;
	struct fsb_err err = { 0 };

	(void)state;
	/* a directory is no filesystem the phase can make */
	fsb_plan_init(&p, cfg);
	p.target = FSB_TARGET_DIR;
	free(p.path);
	p.path = fsb_xstrdup(dir);
	fsb_strv_free(&p.phases);
	fsb_strv_add(&p.phases, "crash");
	assert_int_equal(fsb_plan_validate(&p, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "phase 'crash' needs a target fsbench formats"));
	fsb_plan_clear(&p);
	/* crash states alone: no verdict to wait for, so no rounds */
	fsb_plan_init(&p, cfg);
	free(p.path);
	p.path = path_in("plan.img");
	fsb_strv_free(&p.phases);
	fsb_strv_add(&p.phases, "crash");
	assert_int_equal(fsb_plan_validate(&p, &err), 0);
	assert_false(fsb_plan_settles(&p));
	fsb_strv_add(&p.phases, "tar");
	assert_true(fsb_plan_settles(&p));
	fsb_plan_clear(&p);
}

static int setup(void **state)
{
	return scratch_setup(state) || shipped_setup(state);
}

static int teardown(void **state)
{
	shipped_teardown(state);
	return scratch_teardown(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log_roundtrip),
		cmocka_unit_test(test_log_refused),
		cmocka_unit_test(test_states_choose),
		cmocka_unit_test(test_rebuild),
		cmocka_unit_test(test_script_and_check),
		cmocka_unit_test(test_fault_env),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_recommendation),
		cmocka_unit_test(test_results_fault),
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_plan),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
