/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/diskwork.h"
#include "model/grid.h"
#include "model/plaus.h"

static const char *const read_phases[] = { "char-read", "block-read", "rewrite" };
static const char *const write_phases[] = { "char-write", "block-write", "rewrite" };
static const char *const flag_words[] = { "page-cache", "compressed", "cpu-bound" };

static bool among(const char *s, const char *const *v, size_t n)
{
	for (size_t i = 0; s && i < n; i++)
		if (!strcmp(s, v[i]))
			return true;
	return false;
}

bool fsb_plaus_phase(const char *phase)
{
	return among(phase, read_phases, FSB_ARRAY_SIZE(read_phases)) ||
	       among(phase, write_phases, FSB_ARRAY_SIZE(write_phases));
}

static void empty(struct fsb_plaus *p)
{
	*p = (struct fsb_plaus){ .asked_read = NAN, .delivered = NAN, .asked_write = NAN, .written = NAN,
				 .cpu_pct = NAN };
}

/* An amount a hostile file cannot make absurd: finite and >= 0. */
static bool amount(double v)
{
	return isfinite(v) && v >= 0;
}

static double ratio(double asked, double moved)
{
	if (isnan(asked) || isnan(moved))
		return NAN;
	return moved > 0 ? asked / moved : INFINITY;
}

double fsb_plaus_read_ratio(const struct fsb_plaus *p)
{
	return ratio(p->asked_read, p->delivered);
}

double fsb_plaus_write_ratio(const struct fsb_plaus *p)
{
	return ratio(p->asked_write, p->written);
}

static void flag(struct fsb_plaus *p)
{
	p->flags = 0;
	if (p->asked_read >= FSB_PLAUS_MIN_BYTES && p->asked_read >= FSB_PLAUS_CACHE_RATIO * p->delivered)
		p->flags |= FSB_PLAUS_CACHE;
	if (p->asked_write >= FSB_PLAUS_MIN_BYTES && p->asked_write >= FSB_PLAUS_COMPRESS_RATIO * p->written)
		p->flags |= FSB_PLAUS_COMPRESSED;
	if (p->cpu_pct >= FSB_PLAUS_CPU_PCT)
		p->flags |= FSB_PLAUS_CPU;
}

/* Add r's amounts to p (the judged phases only), without flagging. */
static bool add_run(const char *phase, const struct fsb_run *r, struct fsb_plaus *p)
{
	const double *v = r->v;
	double bytes = v[FSB_FIELD_bytes];
	bool judged = false;

	/* no device counters: not fsbench's measurement (imported), nothing to set against */
	if (r->status != FSB_RUN_OK || !fsb_plaus_phase(phase) || !amount(bytes) ||
	    (!amount(v[FSB_FIELD_disk_read_kib]) && !amount(v[FSB_FIELD_disk_written_kib])))
		return false;
	if (among(phase, read_phases, FSB_ARRAY_SIZE(read_phases)) && amount(v[FSB_FIELD_disk_read_kib])) {
		p->asked_read = (isnan(p->asked_read) ? 0 : p->asked_read) + bytes;
		p->delivered = (isnan(p->delivered) ? 0 : p->delivered) + v[FSB_FIELD_disk_read_kib] * 1024;
		judged = true;
	}
	if (among(phase, write_phases, FSB_ARRAY_SIZE(write_phases)) && amount(v[FSB_FIELD_disk_written_kib])) {
		p->asked_write = (isnan(p->asked_write) ? 0 : p->asked_write) + bytes;
		p->written = (isnan(p->written) ? 0 : p->written) + v[FSB_FIELD_disk_written_kib] * 1024;
		judged = true;
	}
	if (isfinite(v[FSB_FIELD_cpu_pct]) && v[FSB_FIELD_cpu_pct] >= 0) {
		/* a running mean over the runs with a %CPU */
		double n = (double)p->cpu_runs++;

		p->cpu_pct = isnan(p->cpu_pct) ? v[FSB_FIELD_cpu_pct] : (p->cpu_pct * n + v[FSB_FIELD_cpu_pct]) / (n + 1);
		judged = true;
	}
	if (v[FSB_FIELD_compressible] == 1)
		p->compressible = true;
	if (judged)
		p->runs++;
	return judged;
}

static unsigned stored(const struct fsb_run *r)
{
	unsigned f = 0;

	if (r->status == FSB_RUN_OK && fsb_plaus_parse(r->implausible, &f))
		f = 0;
	return f;
}

void fsb_plaus_judge(const char *phase, const struct fsb_run *r, struct fsb_plaus *out)
{
	empty(out);
	add_run(phase, r, out);
	flag(out);
	out->flags |= stored(r);
}

void fsb_plaus_cell(const struct fsb_phase_result *ph, struct fsb_plaus *out)
{
	unsigned recorded = 0;

	empty(out);
	for (size_t k = 0; ph && k < ph->nruns; k++) {
		add_run(ph->name, &ph->runs[k], out);
		recorded |= stored(&ph->runs[k]);
	}
	flag(out);
	out->flags |= recorded;
}

const char *fsb_plaus_words(unsigned flags, char *buf, size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < FSB_ARRAY_SIZE(flag_words); i++)
		if (flags & (1u << i)) {
			int n = snprintf(buf + at, len > at ? len - at : 0, "%s%s", at ? "," : "", flag_words[i]);

			if (n > 0)
				at += (size_t)n;
		}
	return buf;
}

int fsb_plaus_parse(const char *s, unsigned *flags)
{
	*flags = 0;
	while (s && *s) {
		size_t n = strcspn(s, ","), i;

		for (i = 0; i < FSB_ARRAY_SIZE(flag_words); i++)
			if (strlen(flag_words[i]) == n && !strncmp(s, flag_words[i], n))
				break;
		if (i == FSB_ARRAY_SIZE(flag_words))
			return -EINVAL;
		*flags |= 1u << i;
		s += n;
		if (*s == ',' && !*++s)
			return -EINVAL;    /* "page-cache," */
	}
	return 0;
}

static const char *size(double bytes, char *buf, size_t len)
{
	return fsb_format_size(bytes < 0x1p64 ? (unsigned long long)bytes : ~0ULL, buf, len);
}

/* "32:1", "1.02:1", "more than 1000:1" */
static void put_ratio(struct fsb_buf *b, double r)
{
	if (!isfinite(r) || r > 1000)
		fsb_buf_add(b, "more than 1000:1");
	else
		fsb_buf_addf(b, "%.*f:1", r < 10 ? 2 : 0, r);
}

void fsb_plaus_say(const struct fsb_plaus *p, char *buf, size_t len)
{
	struct fsb_buf b = { 0 };
	char s1[32], s2[32];

	fsb_buf_add(&b, "");
	if (p->flags & FSB_PLAUS_CACHE) {
		fsb_buf_add(&b, "served from the page cache");
		if (!isnan(p->asked_read))
			fsb_buf_addf(&b, ": it read %s, the device delivered %s", size(p->asked_read, s1, sizeof(s1)),
				     size(p->delivered, s2, sizeof(s2)));
		if (p->compressible)
			fsb_buf_add(&b, " (or stored compressed: the data was compressible)");
	}
	if (p->flags & FSB_PLAUS_COMPRESSED) {
		fsb_buf_addf(&b, "%scompressed or deduplicated", b.len ? "; " : "");
		if (!isnan(p->asked_write)) {
			fsb_buf_addf(&b, ": it wrote %s, the device %s, ", size(p->asked_write, s1, sizeof(s1)),
				     size(p->written, s2, sizeof(s2)));
			put_ratio(&b, fsb_plaus_write_ratio(p));
		}
		if (p->compressible)
			fsb_buf_add(&b, " (the data was compressible on purpose: synth_data)");
	}
	if (p->flags & FSB_PLAUS_CPU) {
		fsb_buf_addf(&b, "%slimited by fsbench's own CPU", b.len ? "; " : "");
		if (!isnan(p->cpu_pct))
			fsb_buf_addf(&b, ": %.0f%% of one CPU busy, the device was not the bottleneck", p->cpu_pct);
	}
	snprintf(buf, len, "%s", b.s);
	fsb_buf_free(&b);
}

void fsb_plaus_say_ratio(const struct fsb_plaus *p, char *buf, size_t len)
{
	struct fsb_buf b = { 0 };
	char s1[32], s2[32];

	fsb_buf_add(&b, "");
	if (!isnan(p->asked_write)) {
		fsb_buf_addf(&b, "it wrote %s, the device %s, ", size(p->asked_write, s1, sizeof(s1)),
			     size(p->written, s2, sizeof(s2)));
		put_ratio(&b, fsb_plaus_write_ratio(p));
		fsb_buf_add(&b, p->compressible ? " (compressible data, on purpose)" : " (random data: incompressible)");
	}
	snprintf(buf, len, "%s", b.s);
	fsb_buf_free(&b);
}

bool fsb_plaus_compressing(const struct fsb_fs_result *fs)
{
	return (fs->mount_options && strstr(fs->mount_options, "compress")) ||
	       (fs->mkfs && strstr(fs->mkfs, "compress"));
}

/* The mean of metric m over ph's successful runs; NAN when none has it. */
static double ok_mean(const struct fsb_phase_result *ph, enum fsb_metric m)
{
	double sum = 0;
	size_t n = 0;

	for (size_t k = 0; ph && k < ph->nruns; k++) {
		double v = fsb_run_metric(&ph->runs[k], m);

		if (ph->runs[k].status == FSB_RUN_OK && isfinite(v) && v >= 0) {
			sum += v;
			n++;
		}
	}
	return n ? sum / (double)n : NAN;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of sorted[0..n) without the element at k (n >= 2). */
static double median_without(const double *sorted, size_t n, size_t k)
{
	size_t m = n - 1;
	size_t lo = (m - 1) / 2, hi = m / 2;
	double a = sorted[lo < k ? lo : lo + 1], b = sorted[hi < k ? hi : hi + 1];

	return (a + b) / 2;
}

/* Where x is in sorted[0..n): its first index. */
static size_t index_of(const double *sorted, size_t n, double x)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sorted[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Each filesystem's mean of m in column phase (NAN without one), and the
 * sorted means that are numbers; returns how many those are. */
static size_t means(const struct fsb_result *res, size_t phase, enum fsb_metric m, double *each, double *sorted)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t n = 0;

	for (size_t i = 0; i < res->nfs; i++) {
		each[i] = res->fs[i]->status == FSB_FS_OK ? ok_mean(fsb_grid_cell(g, i, phase), m) : NAN;
		if (!isnan(each[i]))
			sorted[n++] = each[i];
	}
	qsort(sorted, n, sizeof(*sorted), by_value);
	return n;
}

void fsb_plaus_less_work(const struct fsb_result *res, size_t phase, struct fsb_plaus_less *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	bool feature = phase < g->nph && g->col[phase].feature;
	size_t nfs = res->nfs ? res->nfs : 1, nw, ns;
	double *w = fsb_xcalloc(nfs, sizeof(double)), *ws = fsb_xcalloc(nfs, sizeof(double));
	double *s = fsb_xcalloc(nfs, sizeof(double)), *ss = fsb_xcalloc(nfs, sizeof(double));

	nw = means(res, phase, FSB_METRIC_WRITTEN, w, ws);
	ns = means(res, phase, FSB_METRIC_SAVED, s, ss);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_plaus_less *p = &out[i];

		*p = (struct fsb_plaus_less){ FSB_LESS_NONE, w[i], NAN, s[i], NAN, 0 };
		if (isnan(w[i]) || nw < 2 || feature)
			continue;
		p->nothers = nw - 1;
		p->others_kib = median_without(ws, nw, index_of(ws, nw, w[i]));
		if (!isnan(s[i]) && ns >= 2)
			p->others_saved_kib = median_without(ss, ns, index_of(ss, ns, s[i]));
		if (!(p->others_kib >= FSB_PLAUS_LESS_MIN_KIB) || !(w[i] < FSB_PLAUS_LESS_RATIO * p->others_kib))
			continue;
		if (p->others_saved_kib >= FSB_PLAUS_LESS_MIN_KIB && s[i] < FSB_PLAUS_LESS_RATIO * p->others_saved_kib)
			p->why = FSB_LESS_CLONED;
		else if (fsb_plaus_compressing(res->fs[i]))
			p->why = FSB_LESS_COMPRESSED;
		else
			p->why = FSB_LESS_STORED_LESS;
	}
	free(w);
	free(ws);
	free(s);
	free(ss);
}

const char *fsb_plaus_less_words(enum fsb_plaus_less_why why)
{
	switch (why) {
	case FSB_LESS_CLONED: return "did less work: cloned";
	case FSB_LESS_COMPRESSED: return "did less work: compressed";
	case FSB_LESS_STORED_LESS: return "did less work: stored less";
	case FSB_LESS_NONE: break;
	}
	return "";
}

void fsb_plaus_say_less(const struct fsb_plaus_less *p, char *buf, size_t len)
{
	char a[32], b[32], c[32], d[32];

	if (p->why == FSB_LESS_NONE) {
		snprintf(buf, len, "%s", "");
		return;
	}
	size(p->written_kib * 1024, a, sizeof(a));
	size(p->others_kib * 1024, b, sizeof(b));
	size(p->saved_kib * 1024, c, sizeof(c));
	size(p->others_saved_kib * 1024, d, sizeof(d));
	if (p->why == FSB_LESS_CLONED)
		snprintf(buf, len, "%s — the device wrote %s, the other filesystems %s (median), and its processes "
			 "saved %s against %s: the data was shared, not copied", fsb_plaus_less_words(p->why), a, b, c, d);
	else
		snprintf(buf, len, "%s — the device wrote %s, the other filesystems %s (median), for %s saved "
			 "against %s%s", fsb_plaus_less_words(p->why), a, b, isnan(p->saved_kib) ? "?" : c,
			 isnan(p->others_saved_kib) ? "?" : d,
			 p->why == FSB_LESS_COMPRESSED ? ": the filesystem compresses"
			 : ": compressed, deduplicated, files deleted before they were written back, or the others "
			   "wrote back what earlier phases left");
}

static const char *const virtual_disks[] = { "QEMU", "VBOX", "VMware", "Virtual", "virtio" };

bool fsb_plaus_host_cached(const struct fsb_result *res, char *buf, size_t len)
{
	const struct fsb_target_info *t = &res->target;
	char *vis;

	if (res->host.virt) {
		vis = fsb_xstr_visible(res->host.virt);
		snprintf(buf, len, "Measured on a virtual machine (%s): the figures include the host's caching of "
			 "the virtual disk, which fsbench cannot drop from inside.", vis);
		free(vis);
		return true;
	}
	if (t->kind != FSB_TARGET_IMAGE || !t->model)
		return false;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(virtual_disks); i++)
		if (strstr(t->model, virtual_disks[i])) {
			vis = fsb_xstr_visible(t->model);
			snprintf(buf, len, "Measured on an image on a virtual disk (%s): the figures include the host's "
				 "caching of that disk, which fsbench cannot drop from inside.", vis);
			free(vis);
			return true;
		}
	return false;
}
