/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Layout evidence (layout.h): extents per file from FIEMAP, free-space
 * fragmentation from the filesystem's own tool.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <linux/fs.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "engine/layout.h"
#include "sys/proc.h"

#define BATCH 512                 /* extents asked of one FIEMAP call */
#define BIG_EXTENT (1024.0 * 1024.0)  /* "big" free extents: 1 MiB or more */

static void files_not_measured(struct fsb_layout_files *out)
{
	out->files = -1;
	out->extents_mean = out->extents_p90 = out->extents_max = out->multi_share = NAN;
}

static void free_not_measured(struct fsb_layout_free *out)
{
	out->extents = -1;
	out->mean_kib = out->big_share = NAN;
}

long fsb_layout_count_extents(const struct fiemap_extent *fe, size_t n, uint64_t *tail, int *last)
{
	long added = 0;

	for (size_t i = 0; i < n && !*last; i++) {
		const struct fiemap_extent *x = &fe[i];
		bool placeless = x->fe_flags & (FIEMAP_EXTENT_UNKNOWN | FIEMAP_EXTENT_DATA_INLINE);

		if (placeless || *tail == FSB_LAYOUT_NO_TAIL || x->fe_physical != *tail)
			added++;
		*tail = placeless ? FSB_LAYOUT_NO_TAIL : x->fe_physical + x->fe_length;
		if (x->fe_flags & FIEMAP_EXTENT_LAST)
			*last = 1;
	}
	return added;
}

int fsb_layout_file_extents(int fd, const char *name, long *extents, struct fsb_err *err)
{
	size_t size = sizeof(struct fiemap) + BATCH * sizeof(struct fiemap_extent);
	struct fiemap *fm = fsb_xmalloc(size);
	uint64_t tail = FSB_LAYOUT_NO_TAIL, start = 0;
	int last = 0, rc = 0;
	long n = 0;

	while (!last) {
		const struct fiemap_extent *end;

		memset(fm, 0, size);
		fm->fm_start = start;
		fm->fm_length = FIEMAP_MAX_OFFSET - start;
		/* a dirty file's delayed allocations would show as UNKNOWN */
		fm->fm_flags = start ? 0 : FIEMAP_FLAG_SYNC;
		fm->fm_extent_count = BATCH;
		if (ioctl(fd, FS_IOC_FIEMAP, fm) < 0) {
			rc = fsb_err_set(err, -errno, "FIEMAP of %s: %s%s", name ? name : "a file", strerror(errno),
					 errno == EOPNOTSUPP ? " (the filesystem does not report where files lie)" : "");
			goto out;
		}
		if (fm->fm_mapped_extents == 0)
			break;
		n += fsb_layout_count_extents(fm->fm_extents, fm->fm_mapped_extents, &tail, &last);
		end = &fm->fm_extents[fm->fm_mapped_extents - 1];
		/* the next batch starts after the last extent; never loop in place */
		if (end->fe_logical + end->fe_length <= start)
			break;
		start = end->fe_logical + end->fe_length;
	}
	*extents = n;
out:
	free(fm);
	return rc;
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

void fsb_layout_files_summarize(long *counts, size_t n, struct fsb_layout_files *out)
{
	double sum = 0;
	size_t multi = 0;

	files_not_measured(out);
	out->files = (long)n;
	if (!n)
		return;
	qsort(counts, n, sizeof(*counts), cmp_long);
	for (size_t i = 0; i < n; i++) {
		sum += (double)counts[i];
		multi += counts[i] > 1;
	}
	out->extents_mean = sum / (double)n;
	/* nearest rank, ceil(0.9 n) in integers (0.9 * 10 is not 9 in doubles) */
	out->extents_p90 = (double)counts[(9 * n + 9) / 10 - 1];
	out->extents_max = (double)counts[n - 1];
	out->multi_share = (double)multi / (double)n;
}

struct counts {
	long *v;
	size_t n, cap;
};

static int one_file(const char *path, const struct stat *st, struct counts *c, struct fsb_err *err)
{
	long n = 0;
	int fd, rc;

	if (st->st_size == 0)
		return 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)	/* gone since the walk saw it: not part of the tree any more */
		return errno == ENOENT ? 0 : fsb_err_set(err, -errno, "cannot open %s: %s", path, strerror(errno));
	rc = fsb_layout_file_extents(fd, path, &n, err);
	close(fd);
	if (rc || n == 0)	/* all holes: nothing on the disk to lay out */
		return rc;
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 256;
		c->v = fsb_xrealloc(c->v, c->cap * sizeof(*c->v));
	}
	c->v[c->n++] = n;
	return 0;
}

/* fts, not nftw: no global state, and FTS_XDEV keeps out of other mounts */
static int walk(const char *dir, struct counts *c, struct fsb_err *err)
{
	char *const paths[] = { (char *)dir, NULL };
	FTS *fts = fts_open(paths, FTS_PHYSICAL | FTS_XDEV | FTS_NOCHDIR, NULL);
	int rc = 0;

	if (!fts)
		return fsb_err_set(err, -errno, "cannot walk %s: %s", dir, strerror(errno));
	while (!rc) {
		FTSENT *ent;

		errno = 0;
		ent = fts_read(fts);
		if (!ent) {
			if (errno)
				rc = fsb_err_set(err, -errno, "cannot walk %s: %s", dir, strerror(errno));
			break;
		}
		switch (ent->fts_info) {
		case FTS_F:
			rc = one_file(ent->fts_accpath, ent->fts_statp, c, err);
			break;
		case FTS_DNR:
		case FTS_ERR:
		case FTS_NS:
			if (ent->fts_errno != ENOENT)
				rc = fsb_err_set(err, -ent->fts_errno, "cannot read %s: %s", ent->fts_path,
						 strerror(ent->fts_errno));
			break;
		default:
			break;
		}
	}
	fts_close(fts);
	return rc;
}

int fsb_layout_files(const char *dir, struct fsb_layout_files *out, struct fsb_err *err)
{
	struct counts c = { 0 };
	int fd, rc;

	files_not_measured(out);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return fsb_err_set(err, -errno, "cannot open %s: %s", dir, strerror(errno));
	/* one writeback of the whole filesystem rather than one per file
	 * (FIEMAP_FLAG_SYNC then finds them clean) */
	rc = syncfs(fd) ? fsb_err_set(err, -errno, "syncfs %s: %s", dir, strerror(errno)) : 0;
	close(fd);
	if (!rc)
		rc = walk(dir, &c, err);
	if (!rc)
		fsb_layout_files_summarize(c.v, c.n, out);
	free(c.v);
	return rc;
}

/* --- free space ----------------------------------------------------------- */

/* The totals every parser ends with: extents, blocks of block_size bytes,
 * of which big in extents of 1 MiB or more. */
static void free_figures(unsigned long long extents, unsigned long long blocks, unsigned long long big,
			 unsigned long long block_size, struct fsb_layout_free *out)
{
	out->extents = (long)extents;
	out->mean_kib = extents ? (double)blocks * (double)block_size / 1024.0 / (double)extents : NAN;
	out->big_share = blocks ? (double)big / (double)blocks : NAN;
}

static bool blank(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return !*s;
}

/* e2freefrag's histogram row "    4K...    8K-  :    704    704    0.2%":
 * its smallest extent in bytes, its extents and blocks.  0 or -EINVAL. */
static int e2_row(const char *line, double *from, unsigned long long *ext, unsigned long long *blocks)
{
	static const char units[] = "KMGTPEZY";
	unsigned long start;
	const char *colon, *u;
	char unit, dots[4];

	if (sscanf(line, " %lu%c%3[.]", &start, &unit, dots) != 3 || strcmp(dots, "...") || !unit ||
	    !(u = strchr(units, unit)))
		return -EINVAL;
	colon = strchr(line, ':');
	if (!colon || sscanf(colon + 1, " %llu %llu", ext, blocks) != 2)
		return -EINVAL;
	*from = (double)start * pow(1024.0, (double)(u - units + 1));
	return 0;
}

int fsb_layout_parse_e2freefrag(const char *text, struct fsb_layout_free *out, struct fsb_err *err)
{
	unsigned long long bs = 0, ext = 0, blocks = 0, big = 0, e, b;
	long num = -1;
	bool hist = false;
	char *copy, *save = NULL;
	int rc = 0;

	free_not_measured(out);
	if (!text)
		return fsb_err_set(err, -EINVAL, "e2freefrag printed nothing");
	copy = fsb_xstrdup(text);
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		double from;

		if (sscanf(line, "Blocksize: %llu", &bs) == 1 || sscanf(line, "Num. free extent: %ld", &num) == 1)
			continue;
		if (strncmp(line, "HISTOGRAM OF FREE EXTENT SIZES", 30) == 0) {
			hist = true;
			continue;
		}
		if (!hist || blank(line) || strstr(line, "Extent Size Range"))
			continue;
		if (e2_row(line, &from, &e, &b)) {
			rc = fsb_err_set(err, -EINVAL, "e2freefrag: a histogram line not understood: \"%s\"", line);
			goto out;
		}
		ext += e;
		blocks += b;
		big += from >= BIG_EXTENT ? b : 0;
	}
	if (!hist || !bs) {
		rc = fsb_err_set(err, -EINVAL, "not e2freefrag's output: no %s",
				 !bs ? "\"Blocksize:\" line" : "histogram of free extent sizes");
		goto out;
	}
	/* its own count when it gives one: the histogram sums the same scan */
	free_figures(num >= 0 ? (unsigned long long)num : ext, blocks, big, bs, out);
out:
	free(copy);
	return rc;
}

/* "from to extents blocks pct", in any spacing */
static bool xfs_header(const char *line)
{
	char w[5][16];

	return sscanf(line, " %15s %15s %15s %15s %15s", w[0], w[1], w[2], w[3], w[4]) == 5 &&
	       !strcmp(w[0], "from") && !strcmp(w[1], "to") && !strcmp(w[2], "extents") &&
	       !strcmp(w[3], "blocks") && !strcmp(w[4], "pct");
}

int fsb_layout_parse_xfs_freesp(const char *text, unsigned long block_size, struct fsb_layout_free *out,
				struct fsb_err *err)
{
	unsigned long long ext = 0, blocks = 0, big = 0;
	bool hist = false, done = false;
	char *copy, *save = NULL;
	int rc = 0;

	free_not_measured(out);
	if (!block_size)
		return fsb_err_set(err, -EINVAL, "freesp: no block size to read its figures in");
	if (!text)
		return fsb_err_set(err, -EINVAL, "freesp printed nothing");
	copy = fsb_xstrdup(text);
	for (char *line = strtok_r(copy, "\n", &save); line && !done; line = strtok_r(NULL, "\n", &save)) {
		unsigned long long from, to, e, b;
		double pct;
		int end = 0;

		if (!hist) {
			hist = xfs_header(line);
			continue;
		}
		if (blank(line))
			continue;
		if (sscanf(line, " %llu %llu %llu %llu %lf%n", &from, &to, &e, &b, &pct, &end) == 5 &&
		    blank(line + end)) {
			ext += e;
			blocks += b;
			big += (double)from * (double)block_size >= BIG_EXTENT ? b : 0;
			continue;
		}
		/* the summary of -s ("total free extents 12") ends the histogram */
		done = isalpha((unsigned char)*(line + strspn(line, " \t")));
		if (!done) {
			rc = fsb_err_set(err, -EINVAL, "freesp: a histogram line not understood: \"%s\"", line);
			goto out;
		}
	}
	if (!hist) {
		rc = fsb_err_set(err, -EINVAL, "not freesp's output: no \"from to extents blocks pct\" header");
		goto out;
	}
	free_figures(ext, blocks, big, block_size, out);
out:
	free(copy);
	return rc;
}

/* The tool's full path: root's PATH may lack the sbin directories where
 * they live (fsb_have_program looks there too), and sh would not find it. */
static char *tool_path(const char *name)
{
	const char *path = getenv("PATH");
	struct fsb_strv dirs = { 0 };
	char *found = NULL;

	fsb_strv_split(&dirs, path ? path : "", ':');
	fsb_strv_add(&dirs, "/usr/sbin");
	fsb_strv_add(&dirs, "/sbin");
	for (size_t i = 0; i < dirs.n && !found; i++) {
		char *p = fsb_xasprintf("%s/%s", dirs.v[i], name);
		struct stat st;

		if (dirs.v[i][0] == '/' && stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0)
			found = p;
		else
			free(p);
	}
	fsb_strv_free(&dirs);
	return found;
}

/* `tool ARGS TARGET` in the C locale (xfs_spaceman translates its
 * header); its output into *out.  0 or -errno with err set. */
static int run_tool(const char *tool, const char *package, const char *args, const char *target, char **out,
		    struct fsb_err *err)
{
	static const char *const env[] = { "LC_ALL=C", NULL };
	struct fsb_proc_opts o = { .env = env, .tag = "layout" };
	char *path = tool_path(tool), *qpath, *qtarget, *cmd;
	int rc;

	*out = NULL;
	if (!path)
		return fsb_err_set(err, -ENOENT, "%s is not installed (apt-get install %s)", tool, package);
	qpath = fsb_shell_quote(path);
	qtarget = fsb_shell_quote(target);
	cmd = fsb_xasprintf("%s %s %s", qpath, args, qtarget);
	rc = fsb_proc_run(cmd, &o, NULL, out, err);
	free(cmd);
	free(qtarget);
	free(qpath);
	free(path);
	return rc;
}

static bool is_ext(const char *fstype)
{
	return !strcmp(fstype, "ext2") || !strcmp(fstype, "ext3") || !strcmp(fstype, "ext4");
}

int fsb_layout_free(const char *fstype, const char *dev, const char *mnt, struct fsb_layout_free *out,
		    struct fsb_err *err)
{
	struct statvfs sv;
	char *text = NULL;
	int rc;

	free_not_measured(out);
	if (fstype && is_ext(fstype)) {
		if (!dev || !*dev)
			return fsb_err_set(err, -EINVAL, "the free space of %s: no device to run e2freefrag on", fstype);
		rc = run_tool("e2freefrag", "e2fsprogs", "", dev, &text, err);
		if (!rc)
			rc = fsb_layout_parse_e2freefrag(text, out, err);
	} else if (fstype && !strcmp(fstype, "xfs")) {
		/* freesp counts in filesystem blocks: xfs's statfs block size */
		if (!mnt || !*mnt)
			return fsb_err_set(err, -EINVAL, "the free space of xfs: xfs_spaceman needs it mounted");
		if (statvfs(mnt, &sv))
			return fsb_err_set(err, -errno, "statvfs %s: %s", mnt, strerror(errno));
		rc = run_tool("xfs_spaceman", "xfsprogs", "-c 'freesp -s'", mnt, &text, err);
		if (!rc)
			rc = fsb_layout_parse_xfs_freesp(text, sv.f_frsize, out, err);
	} else {
		return fsb_err_set(err, -EOPNOTSUPP, "the free space of %s: not measured (fsbench reads free-space "
				   "fragmentation of ext2/3/4 and xfs only)", fstype && *fstype ? fstype : "this filesystem");
	}
	free(text);
	return rc;
}

void fsb_layout_to_run(const struct fsb_layout_files *f, const struct fsb_layout_free *fr, struct fsb_run *run)
{
	bool files = f && f->files >= 0, space = fr && fr->extents >= 0;

	run->v[FSB_FIELD_layout_files] = files ? (double)f->files : NAN;
	run->v[FSB_FIELD_extents_per_file] = files ? f->extents_mean : NAN;
	run->v[FSB_FIELD_extents_p90] = files ? f->extents_p90 : NAN;
	run->v[FSB_FIELD_extents_max] = files ? f->extents_max : NAN;
	run->v[FSB_FIELD_multi_extent_share] = files ? f->multi_share : NAN;
	run->v[FSB_FIELD_free_extents] = space ? (double)fr->extents : NAN;
	run->v[FSB_FIELD_free_extent_mean_kib] = space ? fr->mean_kib : NAN;
	run->v[FSB_FIELD_free_big_share] = space ? fr->big_share : NAN;
}
