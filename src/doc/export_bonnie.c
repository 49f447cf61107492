/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bonnie++ CSV: the built-in phases as bonnie++ 2.00 writes them (CSV
 * format 1.98), one line per filesystem, for bon_csv2txt and bon_csv2html.
 * Field by field, and what differs from bonnie++, in doc/bonnie.md.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "model/opts.h"
#include "doc/export.h"

#define CSV_FORMAT      "1.98"
#define BONNIE_CHUNK    8192     /* bonnie++'s default chunk: it leaves the field empty */
#define FILES_UNIT      1024     /* -n counts files in units of 1024 */
#define FIELD_LEN       64

/* The columns, numbered as in bon_csv2txt(1). */
enum {
	F_FORMAT, F_VERSION, F_NAME, F_CONCURRENCY, F_SEED,
	F_FILE_SIZE, F_CHUNK, F_SEEKS, F_SEEK_PROCS,
	F_IO_RATES,                          /* 6 × (rate, %CPU): putc … seeks */
	F_NUM_FILES = F_IO_RATES + 12, F_MAX_SIZE, F_MIN_SIZE, F_NUM_DIRS, F_FILE_CHUNK,
	F_FILE_RATES,                        /* 6 × (rate, %CPU): seq create … random delete */
	F_LATENCY = F_FILE_RATES + 12,       /* 12 latencies, in the order of the rates */
	F_COUNT = F_LATENCY + 12
};

#define NTESTS 12
#define NIO    6                         /* tests[0 .. NIO-1] are the I/O tests */

/* bonnie++'s tests in CSV order. */
static const char *const tests[NTESTS] = {
	"char-write", "block-write", "rewrite", "char-read", "block-read", "seeks",
	"seq-create", "seq-stat", "seq-delete", "rand-create", "rand-stat", "rand-delete",
};

struct line {
	char f[F_COUNT][FIELD_LEN];          /* "" = empty field */
};

static void set(struct line *l, int i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void set(struct line *l, int i, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->f[i], FIELD_LEN, fmt, ap);
	va_end(ap);
}

/* The cell of phase on row i of res. */
static const struct fsb_phase_result *cell_of(const struct fsb_result *res, size_t i, const char *phase)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	return fsb_grid_cell(g, i, fsb_grid_column(g, phase));
}

static const struct fsb_run *first_ok(const struct fsb_result *res, size_t i, const char *phase)
{
	const struct fsb_phase_result *ph = cell_of(res, i, phase);

	for (size_t k = 0; ph && k < ph->nruns; k++)
		if (ph->runs[k].status == FSB_RUN_OK)
			return &ph->runs[k];
	return NULL;
}

/* The first successful run among tests[from .. to-1]. */
static const struct fsb_run *any_ok(const struct fsb_result *res, size_t i, int from, int to)
{
	const struct fsb_run *r = NULL;

	for (int k = from; k < to && !r; k++)
		r = first_ok(res, i, tests[k]);
	return r;
}

/* Amount of one pass (bytes of the data file, seeks, files); NAN if unknown. */
static double per_pass(const struct fsb_run *r, enum fsb_field f)
{
	double passes = r->v[FSB_FIELD_passes];

	return r->v[f] / (isnan(passes) || passes < 1 ? 1 : passes);
}

/* A count a hostile file may set beyond any integer: casting it would be
 * undefined (fuzz: tests/fuzz/regressions/bytes-4e89.fsbench), so such a
 * size is left out as unknown. */
static bool fits_u64(double v)
{
	return v >= 0 && v < 0x1p64;
}

/*
 * bonnie++'s way of writing a size: in the largest unit that divides it.
 * units[0] is the unit of v itself (' ' for none), each next one 1024
 * times larger: "256M" for 256 (MiB) with "MG", "4k" for 4096 (bytes)
 * with " km".
 */
static void print_size(char *buf, size_t len, unsigned long long v, const char *units)
{
	size_t u = 0;

	while (v && v % 1024 == 0 && units[u + 1]) {
		v /= 1024;
		u++;
	}
	if (units[u] == ' ')
		snprintf(buf, len, "%llu", v);
	else
		snprintf(buf, len, "%llu%c", v, units[u]);
}

/* bonnie++'s latency: whole seconds above 100 s, whole ms above 100 ms,
 * whole µs below. */
static void print_latency(char *buf, size_t len, double us)
{
	double s = us / 1e6;

	if (s > 99.999999)	/* floor, not a cast: a hostile file's may not fit */
		snprintf(buf, len, "%.0fs", floor(s));
	else if (s > 0.099999)
		snprintf(buf, len, "%lldms", (long long)(s * 1000.0));
	else
		snprintf(buf, len, "%lldus", (long long)us);
}

/* No commas (bonnie++'s parsers split on them, without quoting) and
 * nothing invisible (the name is printed in a fixed-width column). */
static void clean(char *s, char with)
{
	for (; *s; s++)
		if (*s == ',' || !isgraph((unsigned char)*s))
			*s = with;
}

/*
 * Rate, %CPU and latency of test k.  Rate and %CPU are the means that
 * `fsbench show` prints in its bonnie++ table (outliers left out), at its
 * precision, so the two agree; bonnie++ truncates where this rounds.  The
 * latency is the worst single operation of all successful repetitions, as
 * bonnie++'s is the worst of its run.  A test that did not run, or failed
 * every time, leaves its fields empty, as bonnie++ does for a test it
 * skipped.  Returns whether the test has a rate.
 */
static bool put_test(struct line *l, const struct fsb_result *res, size_t i, int k)
{
	size_t j = fsb_grid_column(fsb_result_grid(res), tests[k]);
	const struct fsb_phase_result *ph = fsb_grid_cell(fsb_result_grid(res), i, j);
	int col = k < NIO ? F_IO_RATES + 2 * k : F_FILE_RATES + 2 * (k - NIO);
	struct fsb_cellstats rate, cpu;
	double lat = NAN;
	bool ok;

	fsb_cell_stats(res, i, j, FSB_METRIC_RATE, &rate);
	fsb_cell_stats(res, i, j, FSB_METRIC_CPU, &cpu);
	ok = rate.nok > 0 && !isnan(rate.st.mean);
	if (ok) {
		double v = rate.st.mean;

		/* K/sec whole (bon_csv2html atoi()s the block columns);
		 * /sec as fsbench show prints it, a decimal below 100 */
		set(l, col, k < NIO - 1 || v >= 100 ? "%.0f" : "%.1f", v);
		if (cpu.nok && !isnan(cpu.st.mean))
			set(l, col + 1, "%.0f", cpu.st.mean);
		for (size_t q = 0; ph && q < ph->nruns; q++) {
			double m = ph->runs[q].v[FSB_FIELD_lat_max_us];

			if (ph->runs[q].status == FSB_RUN_OK && !isnan(m) && (isnan(lat) || m > lat))
				lat = m;
		}
		if (!isnan(lat) && lat > 0)
			print_latency(l->f[F_LATENCY + k], FIELD_LEN, lat);
	} else if (rate.not_measured) {
		/* an imported +++++ goes back out as bonnie++ wrote it */
		set(l, col, "+++++");
		set(l, col + 1, "+++");
		ok = true;
	}
	fsb_cell_stats_free(&rate);
	fsb_cell_stats_free(&cpu);
	return ok;
}

/* Size, chunk, seeks and seekers: what bonnie++ -s, -s :chunk, -f… set. */
static void put_io_params(struct line *l, const struct fsb_result *res, size_t i)
{
	const struct fsb_run *data = any_ok(res, i, 0, NIO - 1), *seeks = first_ok(res, i, "seeks");
	const struct fsb_run *r = data ? data : seeks;

	if (!r)
		return;
	if (data && per_pass(data, FSB_FIELD_bytes) > 0 && fits_u64(per_pass(data, FSB_FIELD_bytes))) {
		unsigned long long b = (unsigned long long)per_pass(data, FSB_FIELD_bytes);

		/* bonnie++ counts in MiB; a size that is not a whole number
		 * of them keeps its KiB */
		if (b % (1ULL << 20) == 0)
			print_size(l->f[F_FILE_SIZE], FIELD_LEN, b >> 20, "MG");
		else
			set(l, F_FILE_SIZE, "%lluK", b >> 10);
	}
	if (fits_u64(r->v[FSB_FIELD_chunk]) && r->v[FSB_FIELD_chunk] != BONNIE_CHUNK)
		print_size(l->f[F_CHUNK], FIELD_LEN, (unsigned long long)r->v[FSB_FIELD_chunk], " km");
	if (seeks) {
		if (!isnan(per_pass(seeks, FSB_FIELD_ops)))
			set(l, F_SEEKS, "%.0f", per_pass(seeks, FSB_FIELD_ops));
		if (!isnan(seeks->v[FSB_FIELD_seekers]))
			set(l, F_SEEK_PROCS, "%.0f", seeks->v[FSB_FIELD_seekers]);
	}
}

/* bonnie++ -n files:max:min:dirs, and the chunk the files are written in. */
static void put_file_params(struct line *l, const struct fsb_result *res, size_t i)
{
	const struct fsb_run *r = any_ok(res, i, NIO, NTESTS);
	const double *v;

	if (!r)
		return;
	v = r->v;
	if (!isnan(per_pass(r, FSB_FIELD_ops)))
		set(l, F_NUM_FILES, "%.0f", per_pass(r, FSB_FIELD_ops) / FILES_UNIT);
	if (v[FSB_FIELD_file_max] > 0)
		set(l, F_MAX_SIZE, "%.0f", v[FSB_FIELD_file_max]);
	if (v[FSB_FIELD_file_min] > 0)
		set(l, F_MIN_SIZE, "%.0f", v[FSB_FIELD_file_min]);
	if (v[FSB_FIELD_dirs] > 1)
		set(l, F_NUM_DIRS, "%.0f", v[FSB_FIELD_dirs]);
	if (v[FSB_FIELD_file_max] > 0 && fits_u64(v[FSB_FIELD_chunk]) && v[FSB_FIELD_chunk] != BONNIE_CHUNK)
		print_size(l->f[F_FILE_CHUNK], FIELD_LEN, (unsigned long long)v[FSB_FIELD_chunk], " km");
}

/* One filesystem's line (row i); false (nothing written) when none of its
 * built-in phases has a result. */
static bool one(FILE *fp, const struct fsb_result *res, size_t i)
{
	const struct fsb_fs_result *fs = res->fs[i];
	struct line l;
	const struct fsb_run *any;
	bool io = false, files = false;

	memset(&l, 0, sizeof(l));
	for (int k = 0; k < NTESTS; k++)
		if (put_test(&l, res, i, k))
			*(k < NIO ? &io : &files) = true;
	if (!io && !files)
		return false;
	set(&l, F_FORMAT, CSV_FORMAT);
	snprintf(l.f[F_VERSION], FIELD_LEN, "%s", res->tool && *res->tool ? res->tool : "fsbench");
	clean(l.f[F_VERSION], '-');
	snprintf(l.f[F_NAME], FIELD_LEN, "%s", fs->name && *fs->name ? fs->name : "unknown");
	clean(l.f[F_NAME], '_');
	set(&l, F_CONCURRENCY, "1");
	any = any_ok(res, i, 0, NTESTS);
	if (any && !isnan(any->v[FSB_FIELD_seed]))
		set(&l, F_SEED, "%.0f", any->v[FSB_FIELD_seed]);
	if (io)
		put_io_params(&l, res, i);
	if (files)
		put_file_params(&l, res, i);
	for (int f = 0; f < F_COUNT; f++)
		fprintf(fp, "%s%s", f ? "," : "", l.f[f]);
	fputc('\n', fp);
	return true;
}

int fsb_export_bonnie_csv(FILE *fp, struct fsb_result *const *res, size_t n,
			  const struct fsb_export_opts *o, struct fsb_err *err)
{
	size_t lines = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < res[i]->nfs; j++)
			lines += one(fp, res[i], j);
	if (ferror(fp))
		return fsb_err_set(err, -EIO, "write error");
	if (!lines) {
		/* the files by name, so the line says whose results lack them */
		struct fsb_buf names = { 0 }, phases = { 0 };

		for (size_t i = 0; i < n; i++)
			fsb_buf_addf(&names, "%s%s", i ? ", " : "",
				     res[i]->path ? res[i]->path : o && o->labels ? o->labels[i] : "a result");
		for (int t = 0; t < NTESTS; t++)
			fsb_buf_addf(&phases, "%s%s", t ? ", " : "", tests[t]);
		fsb_err_set(err, -ENOENT, "%s: no built-in phase has a result, so there is nothing to write as "
			    "bonnie++ CSV: it is made of the built-in (bonnie-style) phases %s, and a run needs "
			    "at least one of them (e.g. %s)", names.s ? names.s : "no result file", phases.s,
			    fsb_opt_say(FSB_OPT_PHASES, "block-write,block-read,seq-create,seq-delete"));
		fsb_buf_free(&names);
		fsb_buf_free(&phases);
		return -ENOENT;
	}
	return 0;
}
