/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirents.h"
#include "skips.h"

#include "engine/hist.h"
#include "engine/synth.h"
#include "sys/util.h"

#define MIB (1ULL << 20)

/* ---- fixtures ---- */

/*
 * $TMPDIR if set, else /dev/shm when it is a tmpfs: the delete phases
 * recreate their files between passes, and on a disk filesystem that can
 * take a minute (ext4 on a small VM creates ~1500 files/s after deletes).
 * TMPDIR=/var/tmp make check runs the same tests on disk.
 */
static char *make_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	struct statfs sf;
	char *dir;

	if (!tmp || !*tmp)
		tmp = statfs("/dev/shm", &sf) == 0 && sf.f_type == TMPFS_MAGIC &&
		      access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/var/tmp";
	dir = fsb_xasprintf("%s/fsb-synth-XXXXXX", tmp);

	assert_non_null(mkdtemp(dir));
	return dir;
}

static int setup(void **state)
{
	*state = make_dir();
	return 0;
}

static int teardown(void **state)
{
	char *dir = *state;

	umount2(dir, MNT_DETACH);   /* in case test_enospc failed half-way */
	fsb_rm_rf(dir);
	free(dir);
	return 0;
}

/* Small, fast parameters: 8 MiB data file, 1024 files, 0.2 s minimum. */
static void small_params(struct fsb_synth_params *p)
{
	fsb_synth_params_init(p, 0);
	p->file_size = 8 * MIB;
	p->files = 1;
	p->seeks = 2000;
	p->min_duration = 0.2;
	p->keep_caches = true;   /* tests must not flush the whole machine's cache */
}

static void run_init(struct fsb_run *r)
{
	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < FSB_FIELD_COUNT; i++)
		r->v[i] = NAN;
	r->exit_status = -1;
}

static bool is_bytes_phase(const char *phase)
{
	return strstr(phase, "write") || strstr(phase, "read") || strcmp(phase, "rewrite") == 0;
}

/* What every successful run must satisfy. */
static void check_run(const char *phase, const struct fsb_synth_params *p, const struct fsb_run *r)
{
	double passes = r->v[FSB_FIELD_passes];
	double real = r->v[FSB_FIELD_real];

	print_message("  %-12s passes %3.0f real %.3f s rate %.0f %s cpu %.0f%% p99 %.1f us max %.1f us\n",
		      phase, passes, real,
		      is_bytes_phase(phase) ? r->v[FSB_FIELD_kib_per_s] : r->v[FSB_FIELD_ops_per_s],
		      is_bytes_phase(phase) ? "KiB/s" : "ops/s", r->v[FSB_FIELD_cpu_pct],
		      r->v[FSB_FIELD_lat_p99_us], r->v[FSB_FIELD_lat_max_us]);
	assert_true(passes >= 1);
	assert_true(passes == floor(passes));
	assert_true(real >= p->min_duration);
	assert_true(r->v[FSB_FIELD_user] >= 0);
	assert_true(r->v[FSB_FIELD_sys] >= 0);
	if (is_bytes_phase(phase)) {
		assert_true(r->v[FSB_FIELD_bytes] == (double)p->file_size * passes);
		assert_true(r->v[FSB_FIELD_kib_per_s] > 0);
		assert_true(fabs(r->v[FSB_FIELD_kib_per_s] - r->v[FSB_FIELD_bytes] / 1024 / real) < 1e-6 * r->v[FSB_FIELD_kib_per_s]);
		assert_true(isnan(r->v[FSB_FIELD_ops_per_s]));
	} else if (strcmp(phase, "seeks") == 0) {
		assert_true(r->v[FSB_FIELD_ops] == (double)p->seeks * passes);
		assert_true(r->v[FSB_FIELD_ops_per_s] > 0);
		assert_true(isnan(r->v[FSB_FIELD_kib_per_s]));
	} else {
		assert_true(r->v[FSB_FIELD_ops] == (double)p->files * 1024 * passes);
		assert_true(r->v[FSB_FIELD_ops_per_s] > 0);
		assert_true(isnan(r->v[FSB_FIELD_kib_per_s]));
	}
	assert_true(r->v[FSB_FIELD_cpu_pct] >= 0);
	assert_true(r->v[FSB_FIELD_cpu_pct] <= 200.0 * p->seekers);
	assert_true(r->v[FSB_FIELD_lat_max_us] > 0);
	assert_true(r->v[FSB_FIELD_lat_p99_us] <= r->v[FSB_FIELD_lat_max_us]);
	assert_true(r->v[FSB_FIELD_chunk] == (double)p->chunk);
	assert_true(isnan(r->v[FSB_FIELD_sync]));   /* not ours: left alone */
	/* what the bonnie++ CSV export identifies the run by */
	assert_true(r->v[FSB_FIELD_seed] == (double)p->seed);
	if (strcmp(phase, "seeks") == 0)
		assert_true(r->v[FSB_FIELD_seekers] == p->seekers);
	else
		assert_true(isnan(r->v[FSB_FIELD_seekers]));
	if (strstr(phase, "create") || strstr(phase, "stat") || strstr(phase, "delete")) {
		assert_true(r->v[FSB_FIELD_file_min] == (double)p->file_min);
		assert_true(r->v[FSB_FIELD_file_max] == (double)p->file_max);
		assert_true(r->v[FSB_FIELD_dirs] == (double)(p->dirs > 1 ? p->dirs : 1));
	} else {
		assert_true(isnan(r->v[FSB_FIELD_file_max]));
		assert_true(isnan(r->v[FSB_FIELD_dirs]));
	}
}

static void run_ok(const char *phase, const char *dir, const struct fsb_synth_params *p,
		   struct fsb_run *r)
{
	struct fsb_err err = { 0 };
	int rc;

	run_init(r);
	rc = fsb_synth_run(phase, dir, p, NULL, r, &err);
	if (rc)
		print_error("%s\n", err.msg);
	assert_int_equal(rc, 0);
	check_run(phase, p, r);
}

/* ---- parsing and parameters ---- */

static void test_parse_size(void **state)
{
	const unsigned long long ram = 24ULL << 30;
	unsigned long long b;

	(void)state;
	assert_int_equal(fsb_synth_parse_size("2xram", ram, &b), 0);
	assert_true(b == 48ULL << 30);
	assert_int_equal(fsb_synth_parse_size("3XRAM", ram, &b), 0);
	assert_true(b == 72ULL << 30);
	assert_int_equal(fsb_synth_parse_size("over-ram", ram, &b), 0);
	assert_true(b == 72ULL << 30);
	assert_int_equal(fsb_synth_parse_size("ram/8", ram, &b), 0);
	assert_true(b == 3ULL << 30);
	assert_int_equal(fsb_synth_parse_size("under-ram", ram, &b), 0);
	assert_true(b == 3ULL << 30);
	assert_int_equal(fsb_synth_parse_size("ram", ram, &b), 0);
	assert_true(b == ram);
	assert_int_equal(fsb_synth_parse_size("64M", ram, &b), 0);
	assert_true(b == 64 * MIB);
	assert_int_equal(fsb_synth_parse_size("64M", 0, &b), 0);   /* RAM not needed */
	/* RAM-based sizes come out in whole MiB, so every chunk divides them */
	assert_int_equal(fsb_synth_parse_size("ram/3", 1000 * MIB + 12345, &b), 0);
	assert_true(b == 333 * MIB);

	b = 7;
	assert_int_equal(fsb_synth_parse_size("", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size(NULL, ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("lots", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("2xram", 0, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("0xram", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("x2ram", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("2xramx", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("2.5xram", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("ram/0", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("ram/", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("ram/-2", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("ram/4096", 1 * MIB, &b), -EINVAL);  /* 0 B */
	assert_int_equal(fsb_synth_parse_size("0", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("-1", ram, &b), -EINVAL);
	assert_int_equal(fsb_synth_parse_size("99999999999xram", ram, &b), -EINVAL);
	assert_true(b == 7);   /* untouched on error */
}

static void test_chunk_check(void **state)
{
	static const size_t bad[] = { 0, 1, 128, 255, 1000, 3 << 10, 12288, 2 << 20 };
	static const size_t good[] = { 256, 512, 4096, 8192, 1 << 20 };
	struct fsb_synth_params p;
	struct fsb_err err = { 0 };
	struct fsb_run r;
	char *dir = *state;

	for (size_t i = 0; i < FSB_ARRAY_SIZE(bad); i++) {
		small_params(&p);
		p.chunk = bad[i];
		assert_int_equal(fsb_synth_params_check(&p, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "power of two"));
		run_init(&r);
		assert_int_equal(fsb_synth_run("block-write", dir, &p, NULL, &r, &err), -EINVAL);
		assert_true(strncmp(err.msg, "block-write: chunk size", 23) == 0);
		assert_true(isnan(r.v[FSB_FIELD_real]));
	}
	for (size_t i = 0; i < FSB_ARRAY_SIZE(good); i++) {
		small_params(&p);
		p.chunk = good[i];
		assert_int_equal(fsb_synth_params_check(&p, &err), 0);
	}
	/* the data file must be a whole number of chunks */
	small_params(&p);
	p.file_size = 8 * MIB + 100;
	assert_int_equal(fsb_synth_params_check(&p, &err), -EINVAL);
	small_params(&p);
	p.file_min = 10;
	p.file_max = 5;
	assert_int_equal(fsb_synth_params_check(&p, &err), -EINVAL);
	small_params(&p);
	p.seekers = 0;
	assert_int_equal(fsb_synth_params_check(&p, &err), -EINVAL);
	small_params(&p);
	p.min_duration = NAN;
	assert_int_equal(fsb_synth_params_check(&p, &err), -EINVAL);
	p.min_duration = -1;
	assert_int_equal(fsb_synth_params_check(&p, &err), -EINVAL);
	assert_int_equal(dir_count(dir, ""), 0);
}

/* What a profile gave, against what it should: the sizes and counts, the
 * shortest phase, and caches dropped (keep_caches false). */
static void assert_params(const struct fsb_synth_params *p, const struct fsb_synth_params *want)
{
	assert_true(p->file_size == want->file_size);
	assert_int_equal(p->chunk, want->chunk);
	assert_int_equal(p->files, want->files);
	assert_int_equal(p->file_max, want->file_max);
	assert_int_equal(p->dirs, want->dirs);
	assert_int_equal(p->seekers, want->seekers);
	assert_int_equal(p->seeks, want->seeks);
	assert_true(p->min_duration == want->min_duration);
	assert_int_equal(p->keep_caches, want->keep_caches);
}

static void test_from_profile(void **state)
{
	struct fsb_size_profile prof = {
		.name = "quick", .synth_size = "ram/8", .synth_chunk = 4096, .synth_files = 2,
		.synth_file_min = 0, .synth_file_max = 4096, .synth_dirs = 4,
		.synth_seekers = 5, .synth_seeks = 8192, .min_duration = 0.5,
	};
	struct fsb_synth_params p;
	struct fsb_err err = { 0 };

	(void)state;
	assert_int_equal(fsb_synth_params_from_profile(&prof, 8ULL << 30, &p, &err), 0);
	assert_params(&p, &(struct fsb_synth_params){ .file_size = 1ULL << 30, .chunk = 4096, .files = 2,
		.file_max = 4096, .dirs = 4, .seekers = 5, .seeks = 8192, .min_duration = 0.5 });

	/* zeros are bonnie++'s defaults, no size is twice the RAM */
	memset(&prof, 0, sizeof(prof));
	prof.name = "dflt";
	assert_int_equal(fsb_synth_params_from_profile(&prof, 8ULL << 30, &p, &err), 0);
	assert_params(&p, &(struct fsb_synth_params){ .file_size = 16ULL << 30, .chunk = 8192, .files = 16,
		.seekers = 3, .seeks = 8000, .min_duration = 1.0 });

	prof.synth_size = "sixty";
	assert_int_equal(fsb_synth_params_from_profile(&prof, 8ULL << 30, &p, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "size profile dflt"));
	assert_non_null(strstr(err.msg, "\"sixty\""));
	prof.synth_size = "2xram";
	assert_int_equal(fsb_synth_params_from_profile(&prof, 0, &p, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "RAM"));
	prof.synth_size = NULL;
	prof.synth_chunk = 1000;
	assert_int_equal(fsb_synth_params_from_profile(&prof, 8ULL << 30, &p, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "size profile dflt: chunk size 1000 B"));
	prof.synth_chunk = -8;
	assert_int_equal(fsb_synth_params_from_profile(&prof, 8ULL << 30, &p, &err), -EINVAL);
}

static void test_phase_names(void **state)
{
	const char *const *ph = fsb_synth_phases();
	size_t n = 0;

	(void)state;
	for (; ph[n]; n++) {
		assert_true(fsb_synth_is_phase(ph[n]));
		assert_non_null(fsb_synth_label(ph[n]));
	}
	assert_int_equal(n, 12);
	assert_string_equal(fsb_synth_label("block-write"), "Block write");
	assert_string_equal(fsb_synth_label("seq-create"), "Sequential create");
	assert_false(fsb_synth_is_phase("tar"));
	assert_false(fsb_synth_is_phase(NULL));
	assert_null(fsb_synth_label("make"));
}

/* ---- the histogram ---- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void test_hist(void **state)
{
	struct fsb_hist *h = fsb_xcalloc(1, sizeof(*h)), *h2 = fsb_xcalloc(1, sizeof(*h2));
	enum { N = 200000 };
	uint64_t *v = fsb_xmalloc(N * sizeof(*v)), seed = 42;

	(void)state;
	assert_int_equal(fsb_hist_quantile(h, 0.99), 0);
	/* buckets are contiguous and exact below 128 */
	for (uint64_t x = 0; x < 128; x++)
		assert_int_equal(fsb_hist_index(x), x);
	for (unsigned i = 1; i < FSB_HIST_BUCKETS; i++) {
		uint64_t lo, w, plo, pw;

		fsb_hist_bucket(i, &lo, &w);
		fsb_hist_bucket(i - 1, &plo, &pw);
		assert_true(lo == plo + pw);
		assert_int_equal(fsb_hist_index(lo), i);
		assert_int_equal(fsb_hist_index(lo + w - 1), i);
	}
	assert_int_equal(fsb_hist_index(UINT64_MAX), FSB_HIST_BUCKETS - 1);

	/* log-uniform values from 100 ns to 100 s: every quantile within 1% */
	for (int i = 0; i < N; i++) {
		double u;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		u = (double)(seed >> 11) / 9007199254740992.0;
		v[i] = (uint64_t)(100.0 * pow(1e9, u));
		fsb_hist_add(i % 2 ? h : h2, v[i]);
	}
	fsb_hist_merge(h, h2);
	assert_int_equal(h->n, N);
	qsort(v, N, sizeof(*v), cmp_u64);
	assert_true(h->max == v[N - 1]);
	for (double q = 0.5; q < 1.0; q += 0.049) {
		double exact = (double)v[(size_t)ceil(q * N) - 1];
		double got = (double)fsb_hist_quantile(h, q);

		assert_true(fabs(got - exact) / exact < 0.01);
	}
	assert_true(fsb_hist_quantile(h, 1.0) <= h->max);
	free(v);
	free(h);
	free(h2);
}

/* ---- the phases ---- */

static void test_all_phases(void **state)
{
	const char *const *ph = fsb_synth_phases();
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_run r;

	small_params(&p);
	for (; *ph; ph++) {
		run_ok(*ph, dir, &p, &r);
		assert_true(isnan(r.v[FSB_FIELD_caches_dropped]) || r.v[FSB_FIELD_caches_dropped] == 0);
	}
	/* seq-delete and rand-delete took the files; the data file is left */
	assert_int_equal(dir_count(dir, ""), 1);
	assert_int_equal(fsb_synth_cleanup(dir), 0);
	assert_int_equal(dir_count(dir, ""), 0);
	assert_int_equal(fsb_synth_cleanup(dir), 0);
}

/* Every phase whose input is missing makes it untimed first. */
static void test_standalone(void **state)
{
	static const char *const alone[] = {
		"block-read", "rewrite", "seeks", "char-read", "seq-stat", "seq-delete",
		"rand-stat", "rand-delete",
	};
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_run r;

	small_params(&p);
	p.file_size = 4 * MIB;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(alone); i++) {
		assert_int_equal(fsb_synth_cleanup(dir), 0);
		assert_int_equal(dir_count(dir, ""), 0);
		run_ok(alone[i], dir, &p, &r);
	}
	/* a data file of the wrong size is replaced, not read short */
	run_ok("block-write", dir, &p, &r);
	p.file_size = 2 * MIB;
	run_ok("block-read", dir, &p, &r);
	/* files of the other kind are replaced for rand-stat */
	run_ok("seq-create", dir, &p, &r);
	run_ok("rand-stat", dir, &p, &r);
	assert_int_equal(fsb_synth_cleanup(dir), 0);
	assert_int_equal(dir_count(dir, ""), 0);
}

/* Sized files spread over subdirectories: stat reads them back. */
static void test_dirs_and_sizes(void **state)
{
	static const char *const ph[] = {
		"seq-create", "seq-stat", "seq-delete", "rand-create", "rand-stat", "rand-delete",
	};
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_run r;
	struct stat st;

	small_params(&p);
	p.dirs = 7;
	p.file_min = 100;
	p.file_max = 20000;
	p.chunk = 4096;
	p.min_duration = 0.1;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(ph); i++) {
		run_ok(ph[i], dir, &p, &r);
		if (strstr(ph[i], "create")) {
			char *sub = fsb_xasprintf("%s/" FSB_SYNTH_FILES_DIR "/00006", dir);

			assert_int_equal(stat(sub, &st), 0);
			assert_true(S_ISDIR(st.st_mode));
			free(sub);
		}
	}
	assert_int_equal(dir_count(dir, ""), 0);
}

static void test_min_duration(void **state)
{
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_run r;

	small_params(&p);
	p.file_size = 1 * MIB;
	p.min_duration = 0.4;
	run_ok("block-write", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_passes] > 1);   /* 1 MiB is never 0.4 s */
	assert_true(r.v[FSB_FIELD_real] >= 0.4);
	run_ok("seq-create", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_real] >= 0.4);
	run_ok("seq-delete", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_real] >= 0.4);
	/* preallocated, as fio lays out: same amounts, same file */
	p.preallocate = true;
	run_ok("block-write", dir, &p, &r);
	run_ok("char-write", dir, &p, &r);
	run_ok("block-read", dir, &p, &r);
	p.preallocate = false;
	/* 0 means one pass */
	p.min_duration = 0;
	run_ok("block-read", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_passes] == 1);
	fsb_synth_cleanup(dir);
}

static void test_drop_caches(void **state)
{
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_run r;
	bool can = access("/proc/sys/vm/drop_caches", W_OK) == 0;

	small_params(&p);
	p.min_duration = 0;
	p.keep_caches = false;
	run_ok("block-write", dir, &p, &r);
	assert_true(isnan(r.v[FSB_FIELD_caches_dropped]));   /* write phases don't drop */
	/* the data file is evicted by itself: no root needed */
	run_ok("block-read", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_caches_dropped] == 1);
	/* stat needs the global drop: not root, recorded, the phase still runs */
	run_ok("seq-create", dir, &p, &r);
	run_ok("seq-stat", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_caches_dropped] == (can ? 1 : 0));
	p.keep_caches = true;
	run_ok("block-read", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_caches_dropped] == 0);
	run_ok("rand-stat", dir, &p, &r);
	assert_true(r.v[FSB_FIELD_caches_dropped] == 0);
	fsb_synth_cleanup(dir);
}

struct progress {
	atomic_bool cancel;
	int calls;
	double last;
	bool monotonic;
	int cancel_after;      /* set cancel on this call, 0 = never */
};

static void on_progress(void *arg, double f)
{
	struct progress *pr = arg;

	pr->calls++;
	if (f < pr->last || f < 0 || f > 1)
		pr->monotonic = false;
	pr->last = f;
	if (pr->cancel_after && pr->calls >= pr->cancel_after)
		atomic_store(&pr->cancel, true);
}

static void test_progress(void **state)
{
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_run r;
	struct progress pr = { .monotonic = true };
	struct fsb_synth_ctl ctl = { .cancel = &pr.cancel, .progress = on_progress, .arg = &pr };
	struct fsb_err err = { 0 };
	double t0 = fsb_now(), wall;

	small_params(&p);
	p.min_duration = 1.0;
	run_init(&r);
	assert_int_equal(fsb_synth_run("block-read", dir, &p, &ctl, &r, &err), 0);
	wall = fsb_now() - t0;
	assert_true(pr.monotonic);
	assert_true(pr.last == 1.0);
	assert_true(pr.calls >= 3);                   /* it did report along the way */
	assert_true(pr.calls <= 4 * wall + 2);       /* at most four times a second */
	fsb_synth_cleanup(dir);
}

/* Cancelling mid-phase: -ECANCELED, nothing left behind, promptly. */
static void cancel_one(const char *phase, const char *dir, double min_duration)
{
	struct fsb_synth_params p;
	struct fsb_run r;
	struct progress pr = { .monotonic = true, .cancel_after = 1 };
	struct fsb_synth_ctl ctl = { .cancel = &pr.cancel, .progress = on_progress, .arg = &pr };
	struct fsb_err err = { 0 };
	double t0 = fsb_now();
	int rc;

	small_params(&p);
	p.min_duration = min_duration;
	run_init(&r);
	rc = fsb_synth_run(phase, dir, &p, &ctl, &r, &err);
	print_message("  %-12s cancelled after %.2f s: %s\n", phase, fsb_now() - t0, err.msg);
	assert_int_equal(rc, -ECANCELED);
	assert_int_equal(err.code, -ECANCELED);
	assert_true(strncmp(err.msg, phase, strlen(phase)) == 0);
	assert_true(fsb_now() - t0 < min_duration);
	assert_true(isnan(r.v[FSB_FIELD_real]));
	assert_int_equal(dir_count(dir, ""), 0);
}

static void test_cancel(void **state)
{
	char *dir = *state;
	atomic_bool stop = true;
	struct fsb_synth_ctl ctl = { .cancel = &stop };
	struct fsb_synth_params p;
	struct fsb_err err = { 0 };
	struct fsb_run r;

	cancel_one("block-write", dir, 30);
	cancel_one("char-write", dir, 30);
	cancel_one("seeks", dir, 30);
	cancel_one("seq-create", dir, 30);
	cancel_one("rand-delete", dir, 30);
	/* already set: nothing happens at all */
	small_params(&p);
	run_init(&r);
	assert_int_equal(fsb_synth_run("block-read", dir, &p, &ctl, &r, &err), -ECANCELED);
	assert_int_equal(dir_count(dir, ""), 0);
}

/* A full filesystem is a clean error and leaves nothing behind.  Needs a
 * small tmpfs, so root; skipped otherwise. */
static void test_enospc(void **state)
{
	char *dir = *state;
	struct fsb_synth_params p;
	struct fsb_err err = { 0 };
	struct fsb_run r;
	char *want;
	int rc;

	if (geteuid() != 0 || mount("fsb-test", dir, "tmpfs", 0, "size=2m,mode=0700")) {
		unit_skip("test_enospc needs root to mount a small tmpfs");
	}
	small_params(&p);
	for (const char *const *ph = (const char *const[]){ "block-write", "char-write", "block-read", NULL }; *ph; ph++) {
		run_init(&r);
		rc = fsb_synth_run(*ph, dir, &p, NULL, &r, &err);
		print_message("  %s\n", err.msg);
		assert_int_equal(rc, -ENOSPC);
		want = fsb_xasprintf("%s: write %s/fsb.data: No space left on device", *ph, dir);
		assert_true(strncmp(err.msg, want, strlen(want)) == 0);
		free(want);
		assert_true(isnan(r.v[FSB_FIELD_real]));
		assert_int_equal(dir_count(dir, ""), 0);
	}
	p.files = 4;
	p.file_min = p.file_max = 4096;
	run_init(&r);
	rc = fsb_synth_run("seq-create", dir, &p, NULL, &r, &err);
	print_message("  %s\n", err.msg);
	assert_int_equal(rc, -ENOSPC);
	assert_int_equal(dir_count(dir, ""), 0);
	assert_int_equal(umount2(dir, MNT_DETACH), 0);
}

static void test_bad_args(void **state)
{
	char *dir = *state, *missing = fsb_xasprintf("%s/nope", dir);
	struct fsb_synth_params p;
	struct fsb_err err = { 0 };
	struct fsb_run r;

	small_params(&p);
	run_init(&r);
	assert_int_equal(fsb_synth_run("tar", dir, &p, NULL, &r, &err), -EINVAL);
	assert_int_equal(fsb_synth_run("block-write", missing, &p, NULL, &r, &err), -ENOENT);
	assert_non_null(strstr(err.msg, missing));
	free(missing);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_size),
		cmocka_unit_test_setup_teardown(test_chunk_check, setup, teardown),
		cmocka_unit_test(test_from_profile),
		cmocka_unit_test(test_phase_names),
		cmocka_unit_test(test_hist),
		cmocka_unit_test_setup_teardown(test_all_phases, setup, teardown),
		cmocka_unit_test_setup_teardown(test_standalone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dirs_and_sizes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_min_duration, setup, teardown),
		cmocka_unit_test_setup_teardown(test_drop_caches, setup, teardown),
		cmocka_unit_test_setup_teardown(test_progress, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cancel, setup, teardown),
		cmocka_unit_test_setup_teardown(test_enospc, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_args, setup, teardown),
	};
	return unit_skips_exit("test_synth", cmocka_run_group_tests(tests, NULL, NULL));
}
