/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TMPSTATE_NAME "fsb-treegen"
#include "tmpstate.h"
#include "skips.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine/treegen.h"
#include "sys/util.h"

/* What a walk of a tree on disk finds. */
struct walk {
	long files, dirs;
	unsigned long long bytes;
	uint64_t hash;          /* FNV-1a over every path, mode and content */
	long objects;           /* *.o and *.a */
};

static void hash_add(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		*h = (*h ^ *s++) * 0x100000001b3ULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names, so that the hash does not depend on readdir order. */
static void walk_dir(const char *root, const char *rel, struct walk *w)
{
	char *dir = *rel ? fsb_xasprintf("%s/%s", root, rel) : fsb_xstrdup(root);
	struct fsb_strv names = { 0 };
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	w->dirs++;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			fsb_strv_add(&names, e->d_name);
	closedir(d);
	if (names.n)
		qsort(names.v, names.n, sizeof(char *), cmp_str);
	for (size_t i = 0; i < names.n; i++) {
		char *r = *rel ? fsb_xasprintf("%s/%s", rel, names.v[i]) : fsb_xstrdup(names.v[i]);
		char *path = fsb_xasprintf("%s/%s", root, r);
		const char *dot = strrchr(names.v[i], '.');
		struct stat st;
		unsigned mode;

		assert_int_equal(lstat(path, &st), 0);
		mode = st.st_mode & 07777;
		hash_add(&w->hash, r, strlen(r) + 1);
		hash_add(&w->hash, &mode, sizeof(mode));
		if (S_ISDIR(st.st_mode)) {
			walk_dir(root, r, w);
		} else {
			char buf[65536];
			ssize_t n;
			int fd = open(path, O_RDONLY);

			assert_true(S_ISREG(st.st_mode));
			assert_true(fd >= 0);
			while ((n = read(fd, buf, sizeof(buf))) > 0)
				hash_add(&w->hash, buf, (size_t)n);
			close(fd);
			w->files++;
			w->bytes += (unsigned long long)st.st_size;
			if (dot && (strcmp(dot, ".o") == 0 || strcmp(dot, ".a") == 0))
				w->objects++;
		}
		free(path);
		free(r);
	}
	fsb_strv_free(&names);
	free(dir);
}

static struct walk walk_tree(const char *root)
{
	struct walk w = { .hash = 0xcbf29ce484222325ULL };

	walk_dir(root, "", &w);
	return w;
}


static bool dir_is_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	bool empty = true;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	closedir(d);
	return empty;
}

static bool exists(const char *dir, const char *rel)
{
	char *p = fsb_xasprintf("%s/%s", dir, rel);
	bool ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

/* ---- (1) determinism -------------------------------------------------------- */

static void test_same_seed_same_tree(void **state)
{
	const char *tmp = *state;
	struct fsb_tree_spec a = { .seed = 42, .files = 300, .name = "a" };
	struct fsb_tree_spec b = { .seed = 42, .files = 300, .name = "b" };
	struct fsb_tree_spec c = { .seed = 43, .files = 300, .name = "c" };
	struct fsb_err err = { 0 };
	struct walk wa, wb, wc;
	char *pa = fsb_xasprintf("%s/a", tmp), *pb = fsb_xasprintf("%s/b", tmp), *pc = fsb_xasprintf("%s/c", tmp);
	mode_t old = umask(077);

	assert_int_equal(fsb_treegen_write(tmp, &a, &err), 0);
	/* a different umask must not change the tree */
	umask(022);
	assert_int_equal(fsb_treegen_write(tmp, &b, &err), 0);
	assert_int_equal(fsb_treegen_write(tmp, &c, &err), 0);
	umask(old);
	wa = walk_tree(pa);
	wb = walk_tree(pb);
	wc = walk_tree(pc);
	assert_int_equal(wa.files, 300);
	assert_true(wa.hash == wb.hash);
	assert_int_equal(wa.bytes, wb.bytes);
	assert_true(wa.hash != wc.hash);
	free(pa);
	free(pb);
	free(pc);
}

/* ---- (2) exact count, stats agree with the disk ------------------------------- */

static int count_progress(void *arg, long done, long total)
{
	long *last = arg;

	assert_true(done > *last && done <= total);
	*last = done;
	return 0;
}

static void test_count_and_stats(void **state)
{
	const char *tmp = *state;
	static const long sizes[] = { FSB_TREEGEN_MIN_FILES, 137, 400, 1500 };

	for (size_t i = 0; i < FSB_ARRAY_SIZE(sizes); i++) {
		long last = 0;
		struct fsb_tree_spec spec = { .seed = 1000 + i, .files = sizes[i], .name = "t",
					      .progress = count_progress, .progress_arg = &last };
		struct fsb_tree_info info;
		struct fsb_err err = { 0 };
		char *top = fsb_xasprintf("%s/t", tmp);
		struct walk w;
		int rc = fsb_treegen_write(tmp, &spec, &err);

		if (rc)
			print_error("fsb_treegen_write: %s\n", err.msg);
		assert_int_equal(rc, 0);
		assert_int_equal(last, sizes[i]);
		w = walk_tree(top);
		assert_int_equal(w.files, sizes[i]);
		assert_int_equal(fsb_treegen_stats(&spec, &info), 0);
		assert_int_equal(info.files, w.files);
		assert_int_equal(info.dirs, w.dirs);
		assert_int_equal(info.bytes, w.bytes);
		assert_int_equal(info.c_files + info.h_files + info.other_files, info.files);
		assert_true(info.units >= 2 && info.units <= info.c_files);
		assert_true(info.max_depth >= 2 && info.max_depth <= 6);
		/* the stats do not depend on the directory name */
		spec.name = NULL;
		assert_int_equal(fsb_treegen_stats(&spec, &info), 0);
		assert_int_equal(info.bytes, w.bytes);
		assert_int_equal(fsb_rm_rf(top), 0);
		free(top);
	}
}

static void test_mix_and_scaling(void **state)
{
	struct fsb_tree_spec s5 = { .seed = 7, .files = 5000 }, s30 = { .seed = 7, .files = 30000 };
	struct fsb_tree_info i5, i30;

	(void)state;
	assert_int_equal(fsb_treegen_stats(&s5, &i5), 0);
	assert_int_equal(fsb_treegen_stats(&s30, &i30), 0);
	/* a kernel-like mix: ~45% .c, ~35% .h */
	assert_true(i30.c_files * 100 >= 40 * i30.files && i30.c_files * 100 <= 50 * i30.files);
	assert_true(i30.h_files * 100 >= 30 * i30.files && i30.h_files * 100 <= 40 * i30.files);
	/* files per directory as in a kernel tree, and the full depth */
	assert_true(i30.files >= 8 * i30.dirs && i30.files <= 20 * i30.dirs);
	assert_int_equal(i30.max_depth, 6);
	/* bytes and compiled units grow linearly with the files */
	assert_true(i30.bytes > 5 * i5.bytes && i30.bytes < 7 * i5.bytes);
	assert_true(i30.units > 5 * i5.units && i30.units < 7 * i5.units);
	assert_true(i30.bytes / (unsigned long long)i30.files > 4096 &&
		    i30.bytes / (unsigned long long)i30.files < 16384);
}

/* ---- (3) the tree builds -------------------------------------------------------- */

/* Run argv in dir with output to log; the exit status, or -1. */
static int run_in(const char *dir, const char *log, char *const argv[])
{
	pid_t pid = fork();
	int status;

	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);

		/* the outer `make check -jN` must not leak its jobserver in */
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		unsetenv("MAKELEVEL");
		if (fd < 0 || chdir(dir) || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void dump_log(const char *log)
{
	char *s = NULL;

	if (fsb_read_file(log, &s) == 0) {
		size_t n = strlen(s);

		print_error("--- %s (tail) ---\n%s\n", log, n > 3000 ? s + n - 3000 : s);
		free(s);
	}
}

#define MAKE(...) ((char *const[]){ "make", __VA_ARGS__, NULL })

static void test_build(void **state)
{
	const char *tmp = *state;
	struct fsb_tree_spec spec = { .seed = 77, .files = 200, .name = "linux" };
	struct fsb_tree_info info;
	struct fsb_err err = { 0 };
	char *top = fsb_xasprintf("%s/linux", tmp), *log = fsb_xasprintf("%s/build.log", tmp);
	char *out = NULL, *outpath = fsb_xasprintf("%s/vmlinux.out", tmp), *types_h;
	struct timespec future[2];
	unsigned units = 0;
	struct walk w;

	if (!fsb_have_program("cc") || !fsb_have_program("make")) {
		unit_skip("test_build needs cc and make in $PATH (apt-get install gcc make)");
	}
	assert_int_equal(fsb_treegen_write(tmp, &spec, &err), 0);
	assert_int_equal(fsb_treegen_stats(&spec, &info), 0);

	/* without a configuration the build stops and says what to do */
	assert_int_not_equal(run_in(top, log, MAKE("-s")), 0);
	assert_int_equal(fsb_read_file(log, &out), 0);
	assert_non_null(strstr(out, "make defconfig"));
	free(out);

	assert_int_equal(run_in(top, log, MAKE("-s", "defconfig")), 0);
	assert_true(exists(top, ".config"));
	assert_true(exists(top, "include/generated/autoconf.h"));
	if (run_in(top, log, MAKE("-s", "-j2")) != 0)
		dump_log(log);
	assert_true(exists(top, "vmlinux"));
	w = walk_tree(top);
	assert_true(w.objects >= info.units);

	/* vmlinux calls every unit the configuration built in */
	unlink(outpath);
	assert_int_equal(run_in(top, outpath, (char *const[]){ "./vmlinux", NULL }), 0);
	assert_int_equal(fsb_read_file(outpath, &out), 0);
	assert_int_equal(sscanf(out, "%u units", &units), 1);
	assert_int_equal(units, info.units - 1);  /* init/main.c is the caller */
	free(out);

	/* up to date, until a header every unit includes changes */
	assert_int_equal(run_in(top, log, MAKE("-q", "vmlinux")), 0);
	assert_int_equal(clock_gettime(CLOCK_REALTIME, &future[0]), 0);
	future[0].tv_sec += 10;
	future[1] = future[0];
	types_h = fsb_xasprintf("%s/include/linux/types.h", top);
	assert_int_equal(utimensat(AT_FDCWD, types_h, future, 0), 0);
	free(types_h);
	assert_int_equal(run_in(top, log, MAKE("-q", "vmlinux")), 1);

	/* clean: objects and archives go, the configuration stays */
	assert_int_equal(run_in(top, log, MAKE("-s", "clean")), 0);
	w = walk_tree(top);
	assert_int_equal(w.objects, 0);
	assert_false(exists(top, "vmlinux"));
	assert_true(exists(top, ".config"));

	if (run_in(top, log, MAKE("-s", "-j2")) != 0)
		dump_log(log);
	assert_true(exists(top, "vmlinux"));
	free(top);
	free(log);
	free(outpath);
}

/* ---- (3b) compiled units apart from the tree's size ------------------------------ */

static void test_units(void **state)
{
	const char *tmp = *state;
	struct fsb_tree_spec dflt = { .seed = 9, .files = 1200, .name = "d" };
	struct fsb_tree_spec few = { .seed = 9, .files = 1200, .units = 12, .name = "f" };
	struct fsb_tree_spec few2 = few, many = { .seed = 9, .files = 6000, .units = 12 };
	struct fsb_tree_info id, ifew, ifew2, imany;
	struct fsb_err err = { 0 };
	char *pd = fsb_xasprintf("%s/d", tmp), *pf = fsb_xasprintf("%s/f", tmp);
	char *log = fsb_xasprintf("%s/diff.log", tmp), *out = NULL, *outpath = fsb_xasprintf("%s/vmlinux.out", tmp);
	unsigned units = 0;
	struct walk w;

	/* exactly the units asked for (and init/main.c), whatever the size */
	assert_int_equal(fsb_treegen_stats(&dflt, &id), 0);
	assert_int_equal(fsb_treegen_stats(&few, &ifew), 0);
	assert_int_equal(fsb_treegen_stats(&many, &imany), 0);
	assert_int_equal(ifew.units, 12 + 1);
	assert_int_equal(imany.units, 12 + 1);
	assert_true(id.units > 10 * ifew.units);
	assert_int_equal(imany.files, 6000);
	/* the rest of the tree is the same tree: files, directories, mix */
	assert_int_equal(ifew.files, id.files);
	assert_int_equal(ifew.dirs, id.dirs);
	assert_int_equal(ifew.c_files, id.c_files);
	assert_int_equal(ifew.h_files, id.h_files);
	assert_true(ifew.unit_bytes < id.unit_bytes);
	/* deterministic: the same spec, the same choice */
	few2.name = NULL;
	assert_int_equal(fsb_treegen_stats(&few2, &ifew2), 0);
	assert_int_equal(ifew2.unit_bytes, ifew.unit_bytes);
	assert_int_equal(ifew2.bytes, ifew.bytes);

	/* on disk: only the defconfig and init/main.c differ from the default */
	assert_int_equal(fsb_treegen_write(tmp, &dflt, &err), 0);
	assert_int_equal(fsb_treegen_write(tmp, &few, &err), 0);
	w = walk_tree(pf);
	assert_int_equal(w.files, 1200);
	assert_int_equal(w.bytes, ifew.bytes);
	if (!fsb_have_program("diff")) {
		unit_skip_part("the file-by-file comparison needs diff (apt-get install diffutils)");
	} else {
		assert_int_equal(run_in(tmp, log, (char *const[]){ "diff", "-rq", "d", "f", NULL }), 1);
		assert_int_equal(fsb_read_file(log, &out), 0);
		assert_string_equal(out, "Files d/arch/x86/configs/x86_64_defconfig and f/arch/x86/configs/x86_64_defconfig differ\n"
				    "Files d/init/main.c and f/init/main.c differ");
		free(out);
	}
	/* and that tree builds exactly those units */
	if (fsb_have_program("cc") && fsb_have_program("make")) {
		assert_int_equal(run_in(pf, log, MAKE("-s", "defconfig")), 0);
		if (run_in(pf, log, MAKE("-s", "-j2")) != 0)
			dump_log(log);
		unlink(outpath);
		assert_int_equal(run_in(pf, outpath, (char *const[]){ "./vmlinux", NULL }), 0);
		assert_int_equal(fsb_read_file(outpath, &out), 0);
		assert_int_equal(sscanf(out, "%u units", &units), 1);
		assert_int_equal(units, 12);
		free(out);
	} else {
		unit_skip_part("building the tree needs cc and make in $PATH (apt-get install gcc make)");
	}

	/* more units than the tree has, or than files: refused, with the count */
	many.units = 100000;
	assert_int_equal(fsb_treegen_stats(&many, &imany), -EINVAL);
	assert_int_equal(imany.files, 0);
	many.units = 5000;
	assert_int_equal(fsb_treegen_stats(&many, &imany), -EINVAL);
	few.units = 1000;
	few.name = "g";
	assert_int_equal(fsb_treegen_write(tmp, &few, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "fewer than the 1000 asked for"));
	assert_false(exists(tmp, "g"));
	few.units = -1;
	assert_int_equal(fsb_treegen_write(tmp, &few, &err), -EINVAL);
	assert_int_equal(fsb_rm_rf(pd), 0);
	assert_int_equal(fsb_rm_rf(pf), 0);
	free(pd);
	free(pf);
	free(log);
	free(outpath);
}

/* ---- (4) failures leave nothing behind ---------------------------------------- */

static int cancel_midway(void *arg, long done, long total)
{
	(void)arg;
	return done >= total / 2;
}

static void test_failures(void **state)
{
	const char *tmp = *state;
	struct fsb_tree_spec spec = { .seed = 5, .files = 300, .name = "t" };
	struct fsb_err err = { 0 };
	char *sub = fsb_xasprintf("%s/sub", tmp), *file = fsb_xasprintf("%s/file", tmp);
	char *missing = fsb_xasprintf("%s/missing", tmp);
	int fd;

	/* an existing directory is left alone */
	assert_int_equal(mkdir(sub, 0755), 0);
	assert_int_equal(fsb_treegen_write(tmp, &(struct fsb_tree_spec){ .seed = 5, .files = 300, .name = "sub" }, &err),
			 -EEXIST);
	assert_non_null(strstr(err.msg, "exists"));
	assert_true(dir_is_empty(sub));
	assert_int_equal(rmdir(sub), 0);

	/* impossible parents */
	assert_int_equal(fsb_treegen_write(missing, &spec, &err), -ENOENT);
	fd = open(file, O_WRONLY | O_CREAT, 0644);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(fsb_treegen_write(file, &spec, &err), -ENOTDIR);
	assert_int_equal(unlink(file), 0);

	/* bad specs */
	assert_int_equal(fsb_treegen_write(tmp, &(struct fsb_tree_spec){ .files = FSB_TREEGEN_MIN_FILES - 1, .name = "t" }, &err),
			 -EINVAL);
	assert_int_equal(fsb_treegen_write(tmp, &(struct fsb_tree_spec){ .files = 100, .name = "a/b" }, &err), -EINVAL);
	assert_int_equal(fsb_treegen_write(tmp, &(struct fsb_tree_spec){ .files = 100, .name = ".." }, &err), -EINVAL);
	assert_int_equal(fsb_treegen_write(tmp, &(struct fsb_tree_spec){ .files = 100, .name = NULL }, &err), -EINVAL);
	assert_true(dir_is_empty(tmp));

	/* a failure half-way removes the half-written tree */
	spec.progress = cancel_midway;
	assert_int_equal(fsb_treegen_write(tmp, &spec, &err), -ECANCELED);
	assert_true(dir_is_empty(tmp));
	spec.progress = NULL;

	/* a read-only parent: only meaningful when permissions apply to us */
	if (geteuid() != 0) {
		assert_int_equal(mkdir(sub, 0555), 0);
		assert_int_equal(fsb_treegen_write(sub, &spec, &err), -EACCES);
		assert_true(dir_is_empty(sub));
		assert_int_equal(rmdir(sub), 0);
	} else {
		print_message("note: running as root, the read-only parent case is not tested\n");
	}
	free(sub);
	free(file);
	free(missing);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_same_seed_same_tree, tmpstate_setup, tmpstate_teardown),
		cmocka_unit_test_setup_teardown(test_count_and_stats, tmpstate_setup, tmpstate_teardown),
		cmocka_unit_test(test_mix_and_scaling),
		cmocka_unit_test_setup_teardown(test_build, tmpstate_setup, tmpstate_teardown),
		cmocka_unit_test_setup_teardown(test_units, tmpstate_setup, tmpstate_teardown),
		cmocka_unit_test_setup_teardown(test_failures, tmpstate_setup, tmpstate_teardown),
	};
	return unit_skips_exit("test_treegen", cmocka_run_group_tests(tests, NULL, NULL));
}
