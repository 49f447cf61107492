/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Plausibility (model/plaus.h): crafted runs judged, the words in the result
 * file, the marks and notes of the tables and the verdict's caveats. */
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

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-plaus.XXXXXX"
#include "scratchdir.h"
#include "doc/report.h"
#include "model/plaus.h"
#include "model/result.h"
#include "sys/sysinfo.h"

#define GIB (1024.0 * 1024 * 1024)

/* A built-in data run: bytes asked, KiB the device read and wrote, %CPU. */
static struct fsb_run data_run(double bytes, double read_kib, double written_kib, double cpu)
{
	struct fsb_run r;

	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = 2;
	r.v[FSB_FIELD_user] = 0.1;
	r.v[FSB_FIELD_sys] = 0.5;
	r.v[FSB_FIELD_bytes] = bytes;
	r.v[FSB_FIELD_kib_per_s] = bytes / 1024 / 2;
	r.v[FSB_FIELD_disk_read_kib] = read_kib;
	r.v[FSB_FIELD_disk_written_kib] = written_kib;
	r.v[FSB_FIELD_cpu_pct] = cpu;
	r.v[FSB_FIELD_compressible] = 0;
	return r;
}

static void test_page_cache(void **state)
{
	struct fsb_run r = data_run(GIB, 10 * 1024, 0, 40);
	struct fsb_plaus p;
	char say[512];

	(void)state;
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, FSB_PLAUS_CACHE);
	assert_true(fsb_plaus_read_ratio(&p) > 100);
	fsb_plaus_say(&p, say, sizeof(say));
	assert_non_null(strstr(say, "served from the page cache: it read 1 GiB, the device delivered 10 MiB"));
	/* a cold read: the device delivered what was read, and a bit more */
	r = data_run(GIB, 1.01 * GIB / 1024, 0, 40);
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, 0);
	/* just under the threshold (read < 2x delivered) is not flagged */
	r = data_run(GIB, 0.51 * GIB / 1024, 0, 40);
	fsb_plaus_judge("char-read", &r, &p);
	assert_int_equal(p.flags, 0);
	r = data_run(GIB, 0.49 * GIB / 1024, 0, 40);
	fsb_plaus_judge("char-read", &r, &p);
	assert_int_equal(p.flags, FSB_PLAUS_CACHE);
	/* too small to tell, failed, without counters, or not a data phase */
	r = data_run(1 << 20, 0, 0, 40);
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, 0);
	r = data_run(GIB, 0, 0, 40);
	r.status = FSB_RUN_FAILED;
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, 0);
	r = data_run(GIB, NAN, NAN, 99);
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, 0);
	r = data_run(GIB, 0, 0, 40);
	fsb_plaus_judge("tar", &r, &p);
	assert_int_equal(p.flags, 0);
	fsb_plaus_judge("seeks", &r, &p);
	assert_int_equal(p.flags, 0);
	/* a block-write reads nothing and is not a read */
	fsb_plaus_judge("block-write", &r, &p);
	assert_false(p.flags & FSB_PLAUS_CACHE);
}

static void test_compressed(void **state)
{
	struct fsb_run r = data_run(GIB, 0, GIB / 16 / 1024, 30);
	struct fsb_plaus p;
	char say[512];

	(void)state;
	fsb_plaus_judge("block-write", &r, &p);
	assert_int_equal(p.flags, FSB_PLAUS_COMPRESSED);
	assert_true(fabs(fsb_plaus_write_ratio(&p) - 16) < 1e-9);
	fsb_plaus_say(&p, say, sizeof(say));
	assert_non_null(strstr(say, "compressed or deduplicated: it wrote 1 GiB, the device 64 MiB, 16:1"));
	/* on purpose: the note says so */
	r.v[FSB_FIELD_compressible] = 1;
	fsb_plaus_judge("char-write", &r, &p);
	assert_true(p.compressible);
	fsb_plaus_say(&p, say, sizeof(say));
	assert_non_null(strstr(say, "on purpose"));
	/* random data on a compressing filesystem: near 1:1, not flagged, but
	 * the ratio can be said */
	r = data_run(GIB, 0, 1.02 * GIB / 1024, 30);
	fsb_plaus_judge("block-write", &r, &p);
	assert_int_equal(p.flags, 0);
	fsb_plaus_say_ratio(&p, say, sizeof(say));
	assert_string_equal(say, "it wrote 1 GiB, the device 1.0 GiB, 0.98:1 (random data: incompressible)");
	/* the device wrote nothing at all */
	r = data_run(GIB, 0, 0, 30);
	fsb_plaus_judge("rewrite", &r, &p);
	assert_true(p.flags & FSB_PLAUS_COMPRESSED);
	assert_true(isinf(fsb_plaus_write_ratio(&p)));
	fsb_plaus_say(&p, say, sizeof(say));
	assert_non_null(strstr(say, "more than 1000:1"));
}

static void test_cpu_bound(void **state)
{
	struct fsb_run r = data_run(GIB, GIB / 1024, 0, 97);
	struct fsb_plaus p;
	char say[512];

	(void)state;
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, FSB_PLAUS_CPU);
	fsb_plaus_say(&p, say, sizeof(say));
	assert_string_equal(say, "limited by fsbench's own CPU: 97% of one CPU busy, the device was not the bottleneck");
	r.v[FSB_FIELD_cpu_pct] = 89;
	fsb_plaus_judge("block-read", &r, &p);
	assert_int_equal(p.flags, 0);
}

static void test_words(void **state)
{
	char buf[64];
	unsigned f;

	(void)state;
	assert_string_equal(fsb_plaus_words(0, buf, sizeof(buf)), "");
	assert_string_equal(fsb_plaus_words(FSB_PLAUS_CACHE | FSB_PLAUS_CPU, buf, sizeof(buf)), "page-cache,cpu-bound");
	assert_int_equal(fsb_plaus_parse("page-cache,compressed,cpu-bound", &f), 0);
	assert_int_equal(f, FSB_PLAUS_CACHE | FSB_PLAUS_COMPRESSED | FSB_PLAUS_CPU);
	assert_int_equal(fsb_plaus_parse(NULL, &f), 0);
	assert_int_equal(f, 0);
	assert_int_equal(fsb_plaus_parse("cache", &f), -EINVAL);
	assert_int_equal(fsb_plaus_parse("page-cache,", &f), -EINVAL);
	assert_int_equal(fsb_plaus_parse(",page-cache", &f), -EINVAL);
	assert_int_equal(fsb_plaus_parse("page-cache cpu-bound", &f), -EINVAL);
}

/* ext4 (baseline) and btrfs-zstd, block-write and block-read, on a VM. */
static struct fsb_result *crafted(bool cached_read, double btrfs_written)
{
	struct fsb_result *res = fsb_result_new();
	static const char *const names[] = { "ext4", "btrfs-zstd" };

	res->tool = fsb_xstrdup("fsbench 0.1.0");
	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup("ext4");
	res->host.virt = fsb_xstrdup("kvm");
	res->target.kind = FSB_TARGET_IMAGE;
	for (size_t i = 0; i < 2; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(res, names[i]);
		struct fsb_phase_result *w = fsb_fs_add_phase(fs, "block-write");
		struct fsb_phase_result *rd = fsb_fs_add_phase(fs, "block-read");
		struct fsb_run r;

		fs->type = fsb_xstrdup(i ? "btrfs" : "ext4");
		fs->mount_options = fsb_xstrdup(i ? "compress=zstd" : "");
		w->kind = FSB_PHASE_BUILTIN;
		rd->kind = FSB_PHASE_BUILTIN;
		r = data_run(GIB, 0, i ? btrfs_written : 1.01 * GIB / 1024, 30);
		fsb_phase_add_run(w, &r);
		fsb_run_clear(&r);
		r = data_run(GIB, cached_read && i == 0 ? 512 : GIB / 1024, 0, 40);
		fsb_phase_add_run(rd, &r);
		fsb_run_clear(&r);
	}
	return res;
}

static size_t count_with(const struct fsb_strv *v, const char *s)
{
	size_t n = 0;

	for (size_t i = 0; i < v->n; i++)
		n += strstr(v->v[i], s) != NULL;
	return n;
}

static const struct fsb_cell *find_cell(const struct fsb_table *t, const char *row, size_t col)
{
	for (size_t r = t->header_rows; r < t->nrows; r++)
		if (!strcmp(fsb_table_cell(t, r, 0)->text, row))
			return fsb_table_cell(t, r, col);
	return NULL;
}

static void test_report(void **state)
{
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_result *res = crafted(true, 1.0 * GIB / 1024);
	struct fsb_strv lines = { 0 };
	struct fsb_table t;
	const struct fsb_cell *c;

	(void)state;
	assert_int_equal(fsb_report_bonnie(res, &o, false, &t), 0);
	/* columns: filesystem, then rate and %CP per test in bonnie++'s order:
	 * block-write (1), block-read (3) */
	c = find_cell(&t, "ext4", 3);
	assert_non_null(c);
	assert_true(c->flags & FSB_CELL_CACHED);
	assert_false(c->flags & FSB_CELL_COMPRESSED);
	assert_int_equal(c->text[strlen(c->text) - 1], '^');
	c = find_cell(&t, "btrfs-zstd", 3);
	assert_false(c->flags & (FSB_CELL_CACHED | FSB_CELL_COMPRESSED | FSB_CELL_CPU_BOUND));
	assert_null(strchr(c->text, '^'));
	assert_int_equal(count_with(&t.notes, "^ ext4 block-read: served from the page cache"), 1);
	assert_non_null(strstr(t.caption, "^ = not the device's figure"));
	fsb_table_free(&t);

	fsb_report_verdict(res, &o, &lines);
	/* the host's caching, once; the cached read; btrfs's ratio near 1:1 */
	assert_int_equal(count_with(&lines, "virtual machine (kvm)"), 1);
	assert_int_equal(count_with(&lines, "ext4 block-read was served from the page cache"), 1);
	assert_int_equal(count_with(&lines, "btrfs-zstd compresses (compress=zstd): at block-write it wrote 1 GiB, "
					    "the device 1 GiB, 1.00:1"), 1);
	assert_int_equal(count_with(&lines, "btrfs-zstd block-read"), 0);
	fsb_strv_free(&lines);
	fsb_result_free(res);

	/* a normal run on bare metal: nothing said; compressible data that
	 * compressed: flagged with its ratio */
	res = crafted(false, 0.05 * GIB / 1024);
	free(res->host.virt);
	res->host.virt = NULL;
	fsb_report_verdict(res, &o, &lines);
	assert_int_equal(count_with(&lines, "virtual machine"), 0);
	assert_int_equal(count_with(&lines, "page cache"), 0);
	assert_int_equal(count_with(&lines, "btrfs-zstd block-write was compressed or deduplicated"), 1);
	assert_int_equal(count_with(&lines, "20:1"), 1);
	fsb_strv_free(&lines);
	assert_int_equal(fsb_report_bonnie(res, &o, false, &t), 0);
	c = find_cell(&t, "btrfs-zstd", 1);
	assert_true(c->flags & FSB_CELL_COMPRESSED);
	c = find_cell(&t, "ext4", 3);
	assert_false(c->flags & FSB_CELL_CACHED);
	fsb_table_free(&t);
	/* an image on a virtual disk, the VM not detected: said once too */
	res->target.model = fsb_xstrdup("QEMU HARDDISK");
	fsb_report_verdict(res, &o, &lines);
	assert_int_equal(count_with(&lines, "image on a virtual disk (QEMU HARDDISK)"), 1);
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* The words and the hypervisor go into the file and come back; a word the
 * reader does not know is refused with the file and line. */
static void test_file(void **state)
{
	struct fsb_result *res = crafted(true, GIB / 1024), *back = NULL;
	struct fsb_err err = { 0 };
	char *text = NULL, *bad;
	size_t len = 0;
	FILE *fp;

	(void)state;
	free(res->fs[0]->phases[1]->runs[0].implausible);
	res->fs[0]->phases[1]->runs[0].implausible = fsb_xstrdup("page-cache");
	fp = open_memstream(&text, &len);
	assert_int_equal(fsb_result_print(res, fp), 0);
	fclose(fp);
	assert_non_null(strstr(text, "implausible = \"page-cache\""));
	assert_non_null(strstr(text, "virt = \"kvm\""));
	assert_non_null(strstr(text, "compressible = 0"));
	assert_int_equal(fsb_result_read_buf(text, len, "p.fsbench", &back, &err), 0);
	assert_string_equal(back->host.virt, "kvm");
	assert_string_equal(back->fs[0]->phases[1]->runs[0].implausible, "page-cache");
	assert_null(back->fs[0]->phases[0]->runs[0].implausible);
	assert_true(back->fs[0]->phases[0]->runs[0].v[FSB_FIELD_compressible] == 0);
	fsb_result_free(back);
	back = fsb_result_dup(res);
	assert_string_equal(back->host.virt, "kvm");
	assert_string_equal(back->fs[0]->phases[1]->runs[0].implausible, "page-cache");
	fsb_result_free(back);
	back = NULL;

	bad = strstr(text, "implausible = \"page-cache\"");
	memcpy(bad, "implausible = \"page-cach?\"", strlen("implausible = \"page-cach?\""));
	expect_bad(text, "bad.fsbench:", "implausible = \"page-cach?\": expected words among page-cache");
	free(text);
	fsb_result_free(res);
}

/* What fsb_sysinfo_virt says of a DMI vendor and product and a CPU flags
 * line (detect off: systemd-detect-virt would answer for this machine). */
static void virt_case(const char *vendor, const char *product, const char *flags, const char *want)
{
	char *cpu = fsb_xasprintf("%s/cpuinfo", dir), *line = fsb_xasprintf("processor\t: 0\nflags\t\t: %s\n", flags);
	char *v;

	scratch_write("sys_vendor", vendor);
	scratch_write("product_name", product);
	scratch_write("cpuinfo", line);
	v = fsb_sysinfo_virt(dir, cpu, false);
	if (want)
		assert_string_equal(v, want);
	else
		assert_null(v);
	free(v);
	free(line);
	free(cpu);
}

static void test_virt(void **state)
{
	(void)state;
	virt_case("Dell Inc.\n", "PowerEdge R640\n", "fpu vme sse2", NULL);
	virt_case("QEMU\n", "Standard PC (Q35 + ICH9, 2009)\n", "fpu vme sse2", "QEMU");
	virt_case("Microsoft Corporation\n", "Virtual Machine\n", "fpu vme sse2", "Virtual Machine");
	/* no DMI (ARM, a container's /sys): the CPU flag says it, as a word */
	virt_case("\n", "\n", "fpu vme hypervisor sse2", "hypervisor");
	virt_case("\n", "\n", "fpu vme hypervisorx sse2", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_cache),
		cmocka_unit_test(test_compressed),
		cmocka_unit_test(test_cpu_bound),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_virt),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
