/* SPDX-License-Identifier: GPL-2.0-or-later */
/* src/engine/layout.c: the layout evidence of issue 23.  The extent
 * counting (disk neighbours merged, across FIEMAP batches, LAST and
 * placeless extents), the per-file figures, the two free-space parsers on
 * made-up texts with known answers and on outputs recorded from the real
 * tools (tests/fixtures/layout/, see its README), broken texts failing
 * with -EINVAL and never crashing, and what becomes of the run's fields. */
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

#include "engine/layout.h"

#define EPS 1e-9

static struct fiemap_extent ext(uint64_t logical, uint64_t physical, uint64_t length, uint32_t flags)
{
	return (struct fiemap_extent){ .fe_logical = logical, .fe_physical = physical, .fe_length = length,
				       .fe_flags = flags };
}

static void test_count_merge(void **state)
{
	uint64_t tail = FSB_LAYOUT_NO_TAIL;
	int last = 0;
	/* 0-4K and 4K-12K lie end to end: one run; then a gap; then a third
	 * that follows the second on the disk though not in the file (a hole) */
	struct fiemap_extent fe[] = {
		ext(0, 1 << 20, 4096, 0),
		ext(4096, (1 << 20) + 4096, 8192, FIEMAP_EXTENT_UNWRITTEN),
		ext(12288, 5 << 20, 4096, 0),
		ext(65536, (5 << 20) + 4096, 4096, FIEMAP_EXTENT_LAST),
		ext(69632, 9 << 20, 4096, 0),   /* after LAST: not counted */
	};

	(void)state;
	assert_int_equal(fsb_layout_count_extents(fe, 5, &tail, &last), 2);
	assert_int_equal(last, 1);
	assert_int_equal(tail, (5 << 20) + 8192);
	/* nothing more once LAST was seen */
	assert_int_equal(fsb_layout_count_extents(fe, 1, &tail, &last), 0);
}

/* a file's extents come in batches: the first of a batch may continue the
 * last of the one before */
static void test_count_batches(void **state)
{
	uint64_t tail = FSB_LAYOUT_NO_TAIL;
	int last = 0;
	struct fiemap_extent b1[] = { ext(0, 0, 4096, 0), ext(4096, 8192, 4096, 0) };
	struct fiemap_extent b2[] = { ext(8192, 12288, 4096, 0), ext(12288, 20480, 4096, FIEMAP_EXTENT_LAST) };

	(void)state;
	/* physical 0 is a place like any other for the first extent */
	assert_int_equal(fsb_layout_count_extents(b1, 2, &tail, &last), 2);
	assert_int_equal(last, 0);
	assert_int_equal(fsb_layout_count_extents(b2, 2, &tail, &last), 1);
	assert_int_equal(last, 1);
	/* an empty batch adds nothing and changes nothing */
	tail = 77;
	last = 0;
	assert_int_equal(fsb_layout_count_extents(b1, 0, &tail, &last), 0);
	assert_int_equal(tail, 77);
}

/* delayed allocation (UNKNOWN|DELALLOC, physical 0) and inline data have
 * no place: each counts once and continues nothing */
static void test_count_placeless(void **state)
{
	uint64_t tail = FSB_LAYOUT_NO_TAIL;
	int last = 0;
	struct fiemap_extent fe[] = {
		ext(0, 0, 4096, FIEMAP_EXTENT_UNKNOWN | FIEMAP_EXTENT_DELALLOC),
		ext(4096, 0, 4096, FIEMAP_EXTENT_UNKNOWN | FIEMAP_EXTENT_DELALLOC),
		ext(8192, 4096, 4096, 0),
		ext(12288, 8192, 100, FIEMAP_EXTENT_DATA_INLINE | FIEMAP_EXTENT_NOT_ALIGNED | FIEMAP_EXTENT_LAST),
	};

	(void)state;
	assert_int_equal(fsb_layout_count_extents(fe, 4, &tail, &last), 4);
	assert_int_equal(tail, FSB_LAYOUT_NO_TAIL);
}

static void test_summarize(void **state)
{
	long ten[] = { 10, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	long one[] = { 3 };
	long mixed[] = { 5, 2, 1, 4, 3 };
	struct fsb_layout_files f;

	(void)state;
	fsb_layout_files_summarize(ten, 10, &f);
	assert_int_equal(f.files, 10);
	assert_float_equal(f.extents_mean, 1.9, EPS);
	/* nearest rank: the 9th of 10 — floating ceil(0.9 * 10) would be 10 */
	assert_float_equal(f.extents_p90, 1, EPS);
	assert_float_equal(f.extents_max, 10, EPS);
	assert_float_equal(f.multi_share, 0.1, EPS);

	fsb_layout_files_summarize(one, 1, &f);
	assert_int_equal(f.files, 1);
	assert_float_equal(f.extents_p90, 3, EPS);
	assert_float_equal(f.multi_share, 1, EPS);

	fsb_layout_files_summarize(mixed, 5, &f);
	assert_float_equal(f.extents_mean, 3, EPS);
	assert_float_equal(f.extents_p90, 5, EPS);   /* ceil(4.5) = 5th of 5 */
	assert_float_equal(f.multi_share, 0.8, EPS);

	fsb_layout_files_summarize(NULL, 0, &f);
	assert_int_equal(f.files, 0);
	assert_true(isnan(f.extents_mean) && isnan(f.extents_p90) && isnan(f.extents_max) && isnan(f.multi_share));
}

/* fr of a filesystem with no free space: no extent, no mean, no share */
static void assert_none_free(const struct fsb_layout_free *fr)
{
	assert_int_equal(fr->extents, 0);
	assert_true(isnan(fr->mean_kib) && isnan(fr->big_share));
}

/* fr when its figures could not be had: unmeasured */
static void assert_unmeasured(const struct fsb_layout_free *fr)
{
	assert_int_equal(fr->extents, -1);
	assert_true(isnan(fr->mean_kib) && isnan(fr->big_share));
}

/* a parse of output it cannot read: refused (rc), fr unmeasured, a message */
static void assert_refused(int rc, const struct fsb_layout_free *fr, const struct fsb_err *err)
{
	assert_int_equal(rc, -EINVAL);
	assert_unmeasured(fr);
	assert_true(err->msg[0] != '\0');
}

static const char e2_known[] =
	"Device: /dev/loop0\n"
	"Blocksize: 4096 bytes\n"
	"Total blocks: 65536\n"
	"Free blocks: 1576 (2.4%)\n"
	"\n"
	"Min. free extent: 4 KB \n"
	"Max. free extent: 4096 KB\n"
	"Avg. free extent: 1260 KB\n"
	"Num. free extent: 5\n"
	"\n"
	"HISTOGRAM OF FREE EXTENT SIZES:\n"
	"Extent Size Range :  Free extents   Free Blocks  Percent\n"
	"    4K...    8K-  :             2             2    0.13%\n"
	"  512K... 1024K-  :             1           250   15.86%\n"
	"    1M...    2M-  :             1           300   19.04%\n"
	"    4M...    8M-  :             1          1024   64.97%\n";

static void test_e2freefrag_known(void **state)
{
	struct fsb_layout_free fr;
	struct fsb_err err = { 0 };

	(void)state;
	assert_int_equal(fsb_layout_parse_e2freefrag(e2_known, &fr, &err), 0);
	assert_int_equal(fr.extents, 5);
	assert_float_equal(fr.mean_kib, 1576.0 * 4 / 5, EPS);
	/* 512K…1024K- is below 1 MiB; 1M… and 4M… are not */
	assert_float_equal(fr.big_share, 1324.0 / 1576, EPS);
}

/* no free space at all: a histogram with no rows */
static void test_e2freefrag_none(void **state)
{
	static const char none[] =
		"Device: /dev/loop0\nBlocksize: 4096 bytes\nTotal blocks: 65536\nFree blocks: 0 (0.0%)\n\n"
		"HISTOGRAM OF FREE EXTENT SIZES:\n"
		"Extent Size Range :  Free extents   Free Blocks  Percent\n";
	struct fsb_layout_free fr;

	(void)state;
	assert_int_equal(fsb_layout_parse_e2freefrag(none, &fr, NULL), 0);
	assert_none_free(&fr);
}

static void test_e2freefrag_bad(void **state)
{
	static const char *const bad[] = {
		"",
		"hello\nworld\n",
		"e2freefrag: Bad magic number in super-block while trying to open /dev/loop0\n",
		/* no block size */
		"HISTOGRAM OF FREE EXTENT SIZES:\n    4K...    8K-  :   2   2   0.13%\n",
		/* no histogram */
		"Blocksize: 4096 bytes\nFree blocks: 10 (1%)\n",
		/* rows it cannot read */
		"Blocksize: 4096 bytes\nHISTOGRAM OF FREE EXTENT SIZES:\n    4K...    8K-  :   two   2   0.13%\n",
		"Blocksize: 4096 bytes\nHISTOGRAM OF FREE EXTENT SIZES:\n    4Q...    8Q-  :   2   2   0.13%\n",
		"Blocksize: 4096 bytes\nHISTOGRAM OF FREE EXTENT SIZES:\n    4K    8K-  :   2   2   0.13%\n",
		"Blocksize: 4096 bytes\nHISTOGRAM OF FREE EXTENT SIZES:\n    4K...    8K-   2   2   0.13%\n",
		"Blocksize: 4096 bytes\nHISTOGRAM OF FREE EXTENT SIZES:\ngarbage\n",
	};
	struct fsb_layout_free fr;

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(bad); i++) {
		struct fsb_err err = { 0 };

		assert_refused(fsb_layout_parse_e2freefrag(bad[i], &fr, &err), &fr, &err);
	}
	assert_int_equal(fsb_layout_parse_e2freefrag(NULL, &fr, NULL), -EINVAL);
}

static const char xfs_known[] =
	"   from      to extents  blocks    pct\n"
	"      1       1       3       3   0.05\n"
	"      2       3       2       5   0.08\n"
	"    128     255       1     200   3.26\n"
	"    256     511       2     900  14.66\n"
	"   4096    8191       1    5031  81.95\n"
	"total free extents 9\n"
	"total free blocks 6139\n"
	"average free extent size 682.111\n";

static void test_xfs_known(void **state)
{
	struct fsb_layout_free fr;
	struct fsb_err err = { 0 };

	(void)state;
	assert_int_equal(fsb_layout_parse_xfs_freesp(xfs_known, 4096, &fr, &err), 0);
	assert_int_equal(fr.extents, 9);
	assert_float_equal(fr.mean_kib, 6139.0 * 4 / 9, EPS);
	assert_float_equal(fr.big_share, 5931.0 / 6139, EPS);   /* from 256 blocks of 4 KiB on */
	/* 1 KiB blocks: 1 MiB is 1024 blocks, only the last row */
	assert_int_equal(fsb_layout_parse_xfs_freesp(xfs_known, 1024, &fr, &err), 0);
	assert_float_equal(fr.mean_kib, 6139.0 / 9, EPS);
	assert_float_equal(fr.big_share, 5031.0 / 6139, EPS);
	/* header only: a full filesystem */
	assert_int_equal(fsb_layout_parse_xfs_freesp("   from      to extents  blocks    pct\n", 4096, &fr, &err), 0);
	assert_none_free(&fr);
}

static void test_xfs_bad(void **state)
{
	static const char *const bad[] = {
		"",
		"xfs_spaceman: cannot open /mnt: No such file or directory\n",
		"      1       1       3       3   0.05\n",                       /* no header */
		"   from      to extents  blocks    pct\n      1       1       x       3   0.05\n",
		"   from      to extents  blocks    pct\n      1       1       3\n",
		"   from      to extents  blocks    pct\n      1       1       3       3   0.05 junk\n",
		"   from      to extents  blocks    pct\n     -- broken --\n",
	};
	struct fsb_layout_free fr;

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(bad); i++) {
		struct fsb_err err = { 0 };

		assert_refused(fsb_layout_parse_xfs_freesp(bad[i], 4096, &fr, &err), &fr, &err);
	}
	assert_int_equal(fsb_layout_parse_xfs_freesp(xfs_known, 0, &fr, NULL), -EINVAL);
	assert_int_equal(fsb_layout_parse_xfs_freesp(NULL, 4096, &fr, NULL), -EINVAL);
}

static char *fixture(const char *name)
{
	char *path = fsb_xasprintf("%s/tests/fixtures/layout/%s", FSB_ABS_SRCDIR, name), *text = NULL;

	assert_int_equal(fsb_read_file(path, &text), 0);
	free(path);
	return text;
}

/* the number after key on the line that starts with it, as the tool printed it */
static double line_value(const char *text, const char *key)
{
	const char *p = strstr(text, key);

	assert_non_null(p);
	return strtod(p + strlen(key), NULL);
}

/* outputs of the real e2freefrag (README in the fixture directory): the
 * figures agree with the tool's own totals */
static void test_e2freefrag_recorded(void **state)
{
	static const char *const files[] = { "e2freefrag-fresh.txt", "e2freefrag-aged.txt", "e2freefrag-full.txt" };

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(files); i++) {
		char *text = fixture(files[i]);
		struct fsb_layout_free fr;
		struct fsb_err err = { 0 };
		double bs = line_value(text, "Blocksize: "), free_blocks = line_value(text, "Free blocks: ");

		assert_int_equal(fsb_layout_parse_e2freefrag(text, &fr, &err), 0);
		assert_int_equal(fr.extents, (long)line_value(text, "Num. free extent: "));
		if (fr.extents) {
			assert_float_equal(fr.mean_kib * (double)fr.extents, free_blocks * bs / 1024, 1e-6);
			assert_true(fr.big_share >= 0 && fr.big_share <= 1);
		} else {
			assert_true(isnan(fr.mean_kib) && isnan(fr.big_share));
		}
		free(text);
	}
}

/* the same outputs against figures worked out by hand from their rows */
static void test_recorded_values(void **state)
{
	char *text;
	struct fsb_layout_free fr;

	(void)state;
	text = fixture("e2freefrag-aged.txt");
	assert_int_equal(fsb_layout_parse_e2freefrag(text, &fr, NULL), 0);
	assert_int_equal(fr.extents, 102);
	assert_float_equal(fr.mean_kib, 50530.0 / 102, 1e-9);          /* 1 KiB blocks */
	assert_float_equal(fr.big_share, (3803.0 + 7933 + 30402) / 50530, 1e-9);
	free(text);
	text = fixture("e2freefrag-full.txt");
	assert_int_equal(fsb_layout_parse_e2freefrag(text, &fr, NULL), 0);
	assert_int_equal(fr.extents, 49);
	assert_float_equal(fr.big_share, 0, 1e-9);                      /* nothing of 1M… left */
	free(text);
	text = fixture("xfs-freesp-full.txt");
	assert_int_equal(fsb_layout_parse_xfs_freesp(text, 4096, &fr, NULL), 0);
	assert_int_equal(fr.extents, 104);
	assert_float_equal(fr.mean_kib, 4614.0 * 4 / 104, 1e-9);
	/* 128…255 blocks of 4 KiB is below 1 MiB, 2048… is above */
	assert_float_equal(fr.big_share, 3127.0 / 4614, 1e-9);
	free(text);
}

static void test_xfs_recorded(void **state)
{
	static const char *const files[] = { "xfs-freesp-fresh.txt", "xfs-freesp-aged.txt", "xfs-freesp-full.txt" };

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(files); i++) {
		char *text = fixture(files[i]);
		struct fsb_layout_free fr;
		struct fsb_err err = { 0 };

		assert_int_equal(fsb_layout_parse_xfs_freesp(text, 4096, &fr, &err), 0);
		if (strstr(text, "total free extents ")) {
			assert_int_equal(fr.extents, (long)line_value(text, "total free extents "));
			if (fr.extents)
				assert_float_equal(fr.mean_kib * (double)fr.extents,
						   line_value(text, "total free blocks ") * 4, 1e-6);
		}
		assert_true(fr.extents == 0 ? isnan(fr.big_share) : fr.big_share >= 0 && fr.big_share <= 1);
		free(text);
	}
}

static void test_free_unsupported(void **state)
{
	struct fsb_layout_free fr;
	struct fsb_err err = { 0 };

	(void)state;
	assert_int_equal(fsb_layout_free("btrfs", "/dev/null", "/", &fr, &err), -EOPNOTSUPP);
	assert_unmeasured(&fr);
	assert_non_null(strstr(err.msg, "btrfs"));
	assert_int_equal(fsb_layout_free("vfat", NULL, NULL, &fr, NULL), -EOPNOTSUPP);
	assert_int_equal(fsb_layout_free(NULL, NULL, NULL, &fr, NULL), -EOPNOTSUPP);
	/* ext4 without its device, xfs not mounted: refused before any tool runs */
	assert_int_equal(fsb_layout_free("ext4", NULL, "/", &fr, NULL), -EINVAL);
	assert_int_equal(fsb_layout_free("xfs", "/dev/null", NULL, &fr, NULL), -EINVAL);
	assert_int_equal(fr.extents, -1);
}

/* files of 0 bytes do not count and symlinks are not followed (the target
 * here is not empty), on whatever filesystem the scratch directory is */
static void test_files_walk(void **state)
{
	char tmpl[] = "/tmp/fsbench-layout.XXXXXX";
	char *dir = mkdtemp(tmpl), *empty, *link, *sub, *target;
	struct fsb_layout_files f;
	struct fsb_err err = { 0 };
	int fd;

	(void)state;
	assert_non_null(dir);
	empty = fsb_xasprintf("%s/empty", dir);
	link = fsb_xasprintf("%s/link", dir);
	sub = fsb_xasprintf("%s/sub", dir);
	target = fsb_xasprintf("%s/data", FSB_ABS_SRCDIR);   /* a directory with files in it */
	assert_int_equal(fsb_layout_files(dir, &f, &err), 0);
	assert_int_equal(f.files, 0);
	assert_true(isnan(f.extents_mean));
	fd = open(empty, O_WRONLY | O_CREAT, 0644);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(mkdir(sub, 0755), 0);
	assert_int_equal(fsb_layout_files(dir, &f, &err), 0);
	assert_int_equal(f.files, 0);
	unlink(empty);
	unlink(link);
	rmdir(sub);
	rmdir(dir);
	assert_int_equal(fsb_layout_files(dir, &f, &err), -ENOENT);
	assert_int_equal(f.files, -1);
	assert_non_null(strstr(err.msg, dir));
	free(target);
	free(sub);
	free(link);
	free(empty);
}

static void test_to_run(void **state)
{
	struct fsb_layout_files f = { .files = 12, .extents_mean = 1.5, .extents_p90 = 3, .extents_max = 7,
				      .multi_share = 0.25 };
	struct fsb_layout_free fr = { .extents = 40, .mean_kib = 512, .big_share = 0.6 };
	struct fsb_layout_free unmeasured = { .extents = -1, .mean_kib = NAN, .big_share = NAN };
	struct fsb_run run;

	(void)state;
	fsb_run_init(&run);
	fsb_layout_to_run(&f, &fr, &run);
	assert_float_equal(run.v[FSB_FIELD_layout_files], 12, EPS);
	assert_float_equal(run.v[FSB_FIELD_extents_per_file], 1.5, EPS);
	assert_float_equal(run.v[FSB_FIELD_extents_p90], 3, EPS);
	assert_float_equal(run.v[FSB_FIELD_extents_max], 7, EPS);
	assert_float_equal(run.v[FSB_FIELD_multi_extent_share], 0.25, EPS);
	assert_float_equal(run.v[FSB_FIELD_free_extents], 40, EPS);
	assert_float_equal(run.v[FSB_FIELD_free_extent_mean_kib], 512, EPS);
	assert_float_equal(run.v[FSB_FIELD_free_big_share], 0.6, EPS);
	/* btrfs: the files measured, the free space not */
	fsb_layout_to_run(&f, &unmeasured, &run);
	assert_float_equal(run.v[FSB_FIELD_layout_files], 12, EPS);
	assert_true(isnan(run.v[FSB_FIELD_free_extents]));
	assert_true(isnan(run.v[FSB_FIELD_free_extent_mean_kib]));
	assert_true(isnan(run.v[FSB_FIELD_free_big_share]));
	fsb_layout_to_run(NULL, NULL, &run);
	for (int i = FSB_FIELD_layout_files; i <= FSB_FIELD_free_big_share; i++)
		assert_true(isnan(run.v[i]));
	/* nothing else of the run is touched */
	assert_true(isnan(run.v[FSB_FIELD_fullness]));
	fsb_run_clear(&run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_merge),
		cmocka_unit_test(test_count_batches),
		cmocka_unit_test(test_count_placeless),
		cmocka_unit_test(test_summarize),
		cmocka_unit_test(test_e2freefrag_known),
		cmocka_unit_test(test_e2freefrag_none),
		cmocka_unit_test(test_e2freefrag_bad),
		cmocka_unit_test(test_xfs_known),
		cmocka_unit_test(test_xfs_bad),
		cmocka_unit_test(test_e2freefrag_recorded),
		cmocka_unit_test(test_xfs_recorded),
		cmocka_unit_test(test_recorded_values),
		cmocka_unit_test(test_free_unsupported),
		cmocka_unit_test(test_files_walk),
		cmocka_unit_test(test_to_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
