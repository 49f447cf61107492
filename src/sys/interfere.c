/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <time.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "sys/interfere.h"
#include "sys/util.h"

const struct fsb_disturb_limits fsb_disturb_default = {
	.others_cpu = 0.10,
	.psi_cpu = 0.25,
	.steal = 0.10,
	.swap_pages = 256,
	.io = 0.10,
};

#define PF_KTHREAD 0x00200000u

static double ticks(void)
{
	static double hz;

	if (!hz) {
		long t = sysconf(_SC_CLK_TCK);

		hz = t > 0 ? (double)t : 100.0;
	}
	return hz;
}

static FILE *open_in(const char *proc, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", proc, name);
	return fopen(path, "re");
}

/* A small file under proc (a /proc/PID file) into buf, NUL-terminated;
 * false when it cannot be opened (the process is gone). */
static bool read_small(const char *proc, const char *name, char *buf, size_t len)
{
	FILE *fp = open_in(proc, name);
	size_t n;

	if (!fp)
		return false;
	n = fread(buf, 1, len - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return true;
}

/* The aggregate "cpu " line: user nice system idle iowait irq softirq steal …,
 * and one "cpuN" line per CPU. */
static void read_stat(const char *proc, struct fsb_snap *s)
{
	unsigned long long v[8] = { 0 };
	char line[512];
	FILE *fp = open_in(proc, "stat");

	s->busy_s = s->steal_s = s->irq_s = s->idle_s = NAN;
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		if (!strncmp(line, "cpu ", 4) &&
		    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
			   &v[5], &v[6], &v[7]) >= 7) {
			s->busy_s = (double)(v[0] + v[1] + v[2] + v[5] + v[6]) / ticks();
			s->irq_s = (double)(v[5] + v[6]) / ticks();
			s->idle_s = (double)(v[3] + v[4]) / ticks();
			s->steal_s = (double)v[7] / ticks();
		} else if (!strncmp(line, "cpu", 3) && isdigit((unsigned char)line[3])) {
			s->ncpu++;
		}
	}
	fclose(fp);
}

/* "some avg10=0.00 avg60=0.00 avg300=0.00 total=191276758" (µs) */
static double read_psi(const char *proc, const char *name)
{
	char line[256];
	double total = NAN;
	FILE *fp = open_in(proc, name);

	if (!fp)
		return NAN;
	while (fgets(line, sizeof(line), fp)) {
		const char *t = strstr(line, "total=");

		if (strncmp(line, "some ", 5) == 0 && t) {
			total = strtod(t + 6, NULL) / 1e6;
			break;
		}
	}
	fclose(fp);
	return total;
}

/* "name value" lines (vmstat) or "Name:   value kB" lines (meminfo). */
static double read_keyed(const char *proc, const char *file, const char *key)
{
	char line[256];
	size_t n = strlen(key);
	double v = NAN;
	FILE *fp = open_in(proc, file);

	if (!fp)
		return NAN;
	while (fgets(line, sizeof(line), fp))
		if (strncmp(line, key, n) == 0 && (line[n] == ' ' || line[n] == ':')) {
			v = strtod(line + n + 1, NULL);
			break;
		}
	fclose(fp);
	return v;
}

/* PROC/PID/stat, "pid (comm) state ppid pgrp … flags(9) … utime(14)
 * stime(15) cutime(16) cstime(17) … starttime(22)", into buf: the '(' before
 * comm, NULL when the process is gone.  comm may hold blanks and
 * parentheses: it ends at the last ')', *close. */
static char *read_pid_stat(const char *proc, const char *pid, char *buf, size_t len, char **close)
{
	char name[64], *open;

	snprintf(name, sizeof(name), "%s/stat", pid);
	if (!read_small(proc, name, buf, len))
		return NULL;
	open = strchr(buf, '(');
	*close = strrchr(buf, ')');
	return open && *close && *close > open ? open : NULL;
}

static bool read_proc(const char *proc, const char *pid, struct fsb_snap_proc *p)
{
	char buf[1024];
	unsigned long long utime, stime, start;
	long long cutime, cstime;
	unsigned flags;
	int ppid, pgrp;
	char *open, *close;
	size_t n;

	open = read_pid_stat(proc, pid, buf, sizeof(buf), &close);
	if (!open)
		return false;
	if (sscanf(close + 1, " %*c %d %d %*d %*d %*d %u %*u %*u %*u %*u %llu %llu %lld %lld %*d %*d %*d %*d %llu",
		   &ppid, &pgrp, &flags, &utime, &stime, &cutime, &cstime, &start) != 8)
		return false;
	p->pid = (pid_t)atoi(pid);
	p->ppid = (pid_t)ppid;
	p->pgrp = (pid_t)pgrp;
	p->start = start;
	p->cpu_s = (double)(utime + stime) / ticks();
	p->reaped_s = (double)(cutime + cstime) / ticks();
	p->kthread = flags & PF_KTHREAD;
	n = (size_t)(close - open - 1);
	if (n >= sizeof(p->comm))
		n = sizeof(p->comm) - 1;
	memcpy(p->comm, open + 1, n);
	p->comm[n] = '\0';
	return true;
}

static void read_procs(const char *proc, struct fsb_snap *s)
{
	size_t cap = 0;
	struct dirent *d;
	DIR *dir = opendir(proc);

	if (!dir)
		return;
	while ((d = readdir(dir))) {
		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		if (s->nprocs == cap) {
			cap = cap ? 2 * cap : 256;
			s->procs = fsb_xrealloc(s->procs, cap * sizeof(*s->procs));
		}
		if (read_proc(proc, d->d_name, &s->procs[s->nprocs]))
			s->nprocs++;
	}
	closedir(dir);
}

void fsb_snap_read(const char *proc, bool procs, struct fsb_snap *s)
{
	static const char *const psi[3] = { "pressure/cpu", "pressure/io", "pressure/memory" };

	memset(s, 0, sizeof(*s));
	s->t = fsb_now();
	read_stat(proc, s);
	for (int i = 0; i < 3; i++)
		s->psi_some_s[i] = read_psi(proc, psi[i]);
	s->swap_in = read_keyed(proc, "vmstat", "pswpin");
	s->swap_out = read_keyed(proc, "vmstat", "pswpout");
	s->mem_avail_kib = read_keyed(proc, "meminfo", "MemAvailable");
	if (procs)
		read_procs(proc, s);
}

void fsb_snap_free(struct fsb_snap *s)
{
	free(s->procs);
	s->procs = NULL;
	s->nprocs = 0;
}

static void read_disk(const char *proc, const char *name, struct fsb_snap_disk *d)
{
	char line[512];
	FILE *fp = open_in(proc, "diskstats");

	memset(d, 0, sizeof(*d));
	snprintf(d->name, sizeof(d->name), "%s", name);
	d->read_kib = d->written_kib = d->busy_s = NAN;
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		char dev[64];
		unsigned long long rsect, wsect, ioticks = 0;
		int n = sscanf(line, "%*u %*u %63s %*u %*u %llu %*u %*u %*u %llu %*u %*u %llu", dev, &rsect, &wsect,
			       &ioticks);

		if (n < 3 || strcmp(dev, name))
			continue;
		d->read_kib = (double)rsect / 2.0;
		d->written_kib = (double)wsect / 2.0;
		d->busy_s = n >= 4 ? (double)ioticks / 1000.0 : NAN;
		d->ok = true;
		break;
	}
	fclose(fp);
}

void fsb_snap_read_disks(const char *proc, const char *const *own, const char *host, struct fsb_snap *s)
{
	bool distinct = host && *host;

	s->ndisks = s->nown = 0;
	for (; own && *own && s->nown + 1 < FSB_SNAP_DISKS; own++) {
		read_disk(proc, *own, &s->disk[s->nown++]);
		if (distinct && !strcmp(*own, host))
			distinct = false;
	}
	s->ndisks = s->nown;
	if (distinct)
		read_disk(proc, host, &s->disk[s->ndisks++]);
}

/* The whole disk of the block device whose sysfs directory is dir: its
 * parent when dir is a partition. */
static int whole_disk(const char *dir, char *buf, size_t len)
{
	char path[PATH_MAX + 16], real[PATH_MAX], *slash;
	struct stat st;

	if (!realpath(dir, real))
		return -errno;
	snprintf(path, sizeof(path), "%s/partition", real);
	if (stat(path, &st) == 0 && (slash = strrchr(real, '/')))
		*slash = '\0';
	slash = strrchr(real, '/');
	snprintf(buf, len, "%s", slash ? slash + 1 : real);
	return 0;
}

int fsb_snap_host_disk(const char *sys, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX], *backing = NULL;
	struct stat st;
	int rc;

	snprintf(path, sizeof(path), "%s/block/%s/loop/backing_file", sys, name);
	if (fsb_read_file(path, &backing) == 0) {
		rc = stat(backing, &st) ? -errno : 0;
		free(backing);
		if (rc)
			return rc;
		if (major(st.st_dev) == 0)
			return -ENODEV;	/* tmpfs, a btrfs subvolume: no disk to read */
		snprintf(path, sizeof(path), "%s/dev/block/%u:%u", sys, major(st.st_dev), minor(st.st_dev));
		return whole_disk(path, buf, len);
	}
	snprintf(path, sizeof(path), "%s/class/block/%s", sys, name);
	return whole_disk(path, buf, len);
}

/* copy proc/rel to dir/rel, the directories on the way made */
static int copy_one(const char *proc, const char *dir, const char *rel)
{
	char from[PATH_MAX], to[PATH_MAX], *slash, *text = NULL;
	size_t n = 0;
	FILE *fp;
	int rc;

	snprintf(from, sizeof(from), "%s/%s", proc, rel);
	snprintf(to, sizeof(to), "%s/%s", dir, rel);
	rc = fsb_read_file_max(from, 1 << 20, &text, &n);
	if (rc)
		return rc;
	slash = strrchr(to, '/');
	*slash = '\0';
	rc = fsb_mkdir_p(to, 0755);
	*slash = '/';
	if (!rc) {
		fp = fopen(to, "we");
		if (!fp)
			rc = -errno;
		else if (fwrite(text, 1, n, fp) != n || fclose(fp))
			rc = -EIO;
	}
	free(text);
	return rc;
}

int fsb_snap_dump(const char *proc, const char *dir)
{
	static const char *const files[] = { "stat", "pressure/cpu", "pressure/io", "pressure/memory",
					     "vmstat", "meminfo", "diskstats" };
	struct dirent *d;
	DIR *dp;
	int rc = fsb_mkdir_p(dir, 0755);

	for (size_t i = 0; !rc && i < sizeof(files) / sizeof(*files); i++) {
		int r = copy_one(proc, dir, files[i]);

		if (r && r != -ENOENT)	/* no PSI in this kernel: none in the copy */
			rc = r;
	}
	dp = rc ? NULL : opendir(proc);
	if (!rc && !dp)
		rc = -errno;
	while (dp && (d = readdir(dp))) {
		char rel[300];

		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		snprintf(rel, sizeof(rel), "%s/stat", d->d_name);
		copy_one(proc, dir, rel);	/* a process that ended meanwhile is simply not there */
	}
	if (dp)
		closedir(dp);
	return rc;
}

static const struct fsb_snap_proc *find_proc(const struct fsb_snap *s, const struct fsb_snap_proc *p)
{
	for (size_t i = 0; i < s->nprocs; i++)
		if (s->procs[i].pid == p->pid && s->procs[i].start == p->start)
			return &s->procs[i];
	return NULL;
}

static const struct fsb_snap_proc *find_pid(const struct fsb_snap *s, pid_t pid)
{
	for (size_t i = 0; i < s->nprocs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

/* a counter that went back (a reset, a wrap) counts as nothing; NAN stays NAN */
static double nonneg(double v)
{
	return isnan(v) ? v : v > 0 ? v : 0;
}

/* Another program's, or the phase's, fsbench's, the kernel's? */
static bool is_other(const struct fsb_snap_proc *p, pid_t own_pgid, pid_t self)
{
	return p->pid != self && !p->kthread && !(own_pgid > 0 && p->pgrp == own_pgid);
}

/* The hungriest other programs between a and b by name (the shares of
 * processes of one name added: a build's many cc1), most first, at most
 * max; and the others' CPU seconds in all (*others_s). */
struct tops {
	char comm[3][16];
	double cpu[3];
	size_t n;
};

static void others_top(const struct fsb_snap *a, const struct fsb_snap *b, double wall_s, pid_t own_pgid,
		       pid_t self, struct tops *t, size_t max, double *others_s)
{
	double sum = 0, *d = fsb_xcalloc(b->nprocs + 1, sizeof(*d));
	bool *done = fsb_xcalloc(b->nprocs + 1, sizeof(*done));

	/* A process alive at the end: its time since the start (all of it if it
	 * started later), with what it reaped meanwhile — another program's
	 * compilers that came and went between the snapshots. */
	for (size_t i = 0; i < b->nprocs; i++) {
		const struct fsb_snap_proc *p = &b->procs[i], *q = find_proc(a, p);

		if (is_other(p, own_pgid, self))
			d[i] = nonneg(p->cpu_s - (q ? q->cpu_s : 0)) + nonneg(p->reaped_s - (q ? q->reaped_s : 0));
	}
	/* A process of a that ended was reaped whole by its parent, or by its
	 * parent's parent when that ended too: the part it had used before a is
	 * not that ancestor's meanwhile. */
	for (size_t i = 0; i < a->nprocs; i++) {
		const struct fsb_snap_proc *p = &a->procs[i], *up = p, *alive = NULL;
		int depth = 0;

		if (!is_other(p, own_pgid, self) || find_proc(b, p))
			continue;
		while ((up = find_pid(a, up->ppid)) && !(alive = find_proc(b, up)) && ++depth < 64)
			;
		if (alive && is_other(alive, own_pgid, self))
			d[alive - b->procs] -= p->cpu_s + p->reaped_s;
	}
	for (size_t i = 0; i < b->nprocs; i++)
		if (d[i] > 0)
			sum += d[i];
	/* by name, in the order of b's table on equal shares */
	for (size_t i = 0; i < b->nprocs; i++) {
		double share = 0;
		size_t k;

		if (done[i] || !(d[i] > 0))
			continue;
		for (size_t j = i; j < b->nprocs; j++)
			if (!done[j] && d[j] > 0 && !strcmp(b->procs[j].comm, b->procs[i].comm)) {
				share += d[j];
				done[j] = true;
			}
		share /= wall_s;
		for (k = t->n; k > 0 && t->cpu[k - 1] < share; k--)
			if (k < max) {
				t->cpu[k] = t->cpu[k - 1];
				memcpy(t->comm[k], t->comm[k - 1], sizeof(t->comm[k]));
			}
		if (k < max) {
			t->cpu[k] = share;
			snprintf(t->comm[k], sizeof(t->comm[k]), "%s", b->procs[i].comm);
			if (t->n < max)
				t->n++;
		}
	}
	free(d);
	free(done);
	*others_s = sum;
}

static void disk_delta(const struct fsb_snap *a, const struct fsb_snap *b, struct fsb_interference *out)
{
	const struct fsb_snap_disk *ha = &a->disk[a->nown], *hb = &b->disk[b->nown];

	out->host_read_kib = out->host_written_kib = out->io_read_kib = out->io_written_kib = NAN;
	if (a->ndisks != b->ndisks || a->nown != b->nown || a->ndisks <= a->nown || !ha->ok || !hb->ok ||
	    strcmp(ha->name, hb->name))
		return;
	snprintf(out->disk, sizeof(out->disk), "%s", hb->name);
	for (size_t i = 0; i < a->nown; i++)
		if (a->disk[i].ok && b->disk[i].ok) {
			out->target_read_kib += nonneg(b->disk[i].read_kib - a->disk[i].read_kib);
			out->target_written_kib += nonneg(b->disk[i].written_kib - a->disk[i].written_kib);
		}
	out->host_read_kib = nonneg(hb->read_kib - ha->read_kib);
	out->host_written_kib = nonneg(hb->written_kib - ha->written_kib);
	out->host_busy_s = nonneg(hb->busy_s - ha->busy_s);
	if (isnan(out->host_busy_s))
		out->host_busy_s = 0;
	fsb_interference_own_io(out, 0, 0);
}

void fsb_interference_own_io(struct fsb_interference *x, double read_kib, double written_kib)
{
	double r = x->host_read_kib, w = x->host_written_kib;

	if (isnan(r) || isnan(w))
		return;
	/* The target's devices' traffic reached the disk through the image (a
	 * loop device) or is part of it (a partition); the phase's own reads
	 * elsewhere on the disk — its programs, its input tarball, after the
	 * page cache was dropped — are in its block input, which also holds
	 * what it read through the target: the larger of the two is its own. */
	x->io_read_kib = nonneg(r - fmax(x->target_read_kib, nonneg(read_kib)));
	x->io_written_kib = nonneg(w - fmax(x->target_written_kib, nonneg(written_kib)));
	x->io_busy_s = r + w > 0 ? x->host_busy_s * (x->io_read_kib + x->io_written_kib) / (r + w) : 0;
}

void fsb_interference_compute(const struct fsb_snap *a, const struct fsb_snap *b, double wall_s,
			      pid_t own_pgid, pid_t self, struct fsb_interference *out)
{
	struct tops top = { 0 };

	memset(out, 0, sizeof(*out));
	out->wall_s = wall_s > 0 ? wall_s : 0;
	out->dead_s = NAN;
	if (!(wall_s > 0)) {
		out->others_s = out->idle_s = out->others_cpu = out->steal = NAN;
		out->io_read_kib = out->io_written_kib = NAN;
		for (int i = 0; i < 3; i++)
			out->psi[i] = NAN;
		return;
	}
	others_top(a, b, wall_s, own_pgid, self, &top, 3, &out->others_s);
	for (size_t i = 0; i < top.n; i++) {
		memcpy(out->tops[i], top.comm[i], sizeof(out->tops[i]));
		out->tops_cpu[i] = top.cpu[i];
	}
	out->ntops = top.n;
	if (top.n) {
		out->top_cpu = top.cpu[0];
		snprintf(out->top, sizeof(out->top), "%s", top.comm[0]);
	}
	out->others_cpu = out->others_s / wall_s;
	out->idle_s = nonneg(b->idle_s - a->idle_s);
	out->steal = nonneg(b->steal_s - a->steal_s) / wall_s;
	for (int i = 0; i < 3; i++)
		out->psi[i] = nonneg(b->psi_some_s[i] - a->psi_some_s[i]) / wall_s;
	out->swap_in = nonneg(b->swap_in - a->swap_in);
	out->swap_out = nonneg(b->swap_out - a->swap_out);
	out->mem_drop_kib = nonneg(a->mem_avail_kib - b->mem_avail_kib);
	disk_delta(a, b, out);
	/* a name is only worth giving for a real share of the others' time */
	if (out->top_cpu < 0.02 || out->top_cpu < out->others_cpu / 4) {
		out->top[0] = '\0';
		out->top_cpu = 0;
	}
}

/* comm is the process's own choice of name: show it, never let it drive the terminal */
static void visible_name(const char *in, char *out, size_t len)
{
	size_t o = 0;

	for (; *in && o + 5 < len; in++) {
		unsigned char c = (unsigned char)*in;

		if (c < 0x20 || c == 0x7f)
			o += (size_t)snprintf(out + o, len - o, "\\x%02x", c);
		else
			out[o++] = (char)c;
	}
	out[o] = '\0';
}

/* The costs the classifier weighs, in seconds (see interfere.h). */
struct costs {
	double ref;        /* the phase's dead time, or its wall time */
	double cpu;        /* others' CPU beyond the idle CPU */
	double psi_cpu;    /* waits for a CPU the others can explain, share of the wall time; NAN = not weighed */
	double io;         /* others' disk time, capped by the I/O waits on a long phase */
};

static struct costs costs_of(const struct fsb_interference *x)
{
	struct costs c = { .psi_cpu = NAN };
	bool long_phase = x->wall_s >= FSB_PSI_MIN_S;

	c.ref = x->dead_s > 0 ? x->dead_s : x->wall_s;
	c.cpu = nonneg(x->others_s - x->idle_s);
	if (isnan(c.cpu))
		c.cpu = 0;
	if (long_phase && !isnan(x->psi[FSB_PSI_CPU]) && !isnan(x->others_s))
		c.psi_cpu = fmin(x->psi[FSB_PSI_CPU] * x->wall_s, x->others_s) / x->wall_s;
	c.io = x->io_busy_s > 0 ? x->io_busy_s : 0;
	if (long_phase && !isnan(x->psi[FSB_PSI_IO]))
		c.io = fmin(c.io, x->psi[FSB_PSI_IO] * x->wall_s);
	return c;
}

static bool over(double cost_s, double limit, double ref_s)
{
	return cost_s > FSB_TICK_NOISE_S && cost_s > limit * ref_s;
}

/* a CPU share counts only above a few ticks of it over the phase */
static bool over_share(double share, double limit, double wall_s)
{
	return share > limit && !(wall_s > 0 && share * wall_s < FSB_TICK_NOISE_S);
}

/* ", mostly burner (95% of a CPU), make (12%)": the others worth naming */
static void add_tops(struct fsb_buf *b, const struct fsb_interference *x)
{
	char name[64];
	size_t shown = 0;

	for (size_t i = 0; i < x->ntops && i < 3; i++) {
		if (x->tops_cpu[i] < 0.02 || x->tops_cpu[i] < x->others_cpu / (shown ? 8 : 4))
			break;
		visible_name(x->tops[i], name, sizeof(name));
		fsb_buf_addf(b, "%s%s (%.0f%%%s)", shown ? ", " : ", mostly ", name, 100 * x->tops_cpu[i],
			     shown ? "" : " of a CPU");
		shown++;
	}
}

/* "another program read 300 MiB from vda and wrote 20 MiB (1.5 s of its
 * busy time)" */
static void add_io_text(struct fsb_buf *b, const struct fsb_interference *x, const char *sep)
{
	double r = x->io_read_kib / 1024, w = x->io_written_kib / 1024;

	fsb_buf_addf(b, "%sanother program ", sep);
	if (r >= 0.5 || !(w >= 0.5))
		fsb_buf_addf(b, "read %.0f MiB from %s%s", r, x->disk, w >= 0.5 ? " and " : "");
	if (w >= 0.5)
		fsb_buf_addf(b, "wrote %.0f MiB%s%s", w, r >= 0.5 ? "" : " to ", r >= 0.5 ? "" : x->disk);
	fsb_buf_addf(b, " (%.1f s of its busy time)", x->io_busy_s);
}

unsigned fsb_interference_disturbed(const struct fsb_interference *x, const struct fsb_disturb_limits *l,
				    char *why, size_t len)
{
	struct fsb_buf b = { 0 };
	struct costs c;
	unsigned hit = 0;

	if (!l)
		l = &fsb_disturb_default;
	c = costs_of(x);
	if (over(c.cpu, l->others_cpu, c.ref)) {
		fsb_buf_addf(&b, "other programs took %.1f s of CPU time beyond the idle CPUs (%.0f%% of the phase's %s time)",
			     c.cpu, 100 * c.cpu / c.ref, x->dead_s > 0 ? "dead" : "wall");
		add_tops(&b, x);
		hit |= FSB_DISTURBED_BY_CPU;
	}
	if (over_share(c.psi_cpu, l->psi_cpu, x->wall_s)) {
		fsb_buf_addf(&b, "%swaiting for a CPU %.0f%% of the time while other programs ran", hit ? "; " : "",
			     100 * c.psi_cpu);
		if (!hit)
			add_tops(&b, x);
		hit |= FSB_DISTURBED_BY_PSI;
	}
	if (x->swap_in + x->swap_out > l->swap_pages) {
		fsb_buf_addf(&b, "%sthe machine swapped %.0f pages", hit ? "; " : "", x->swap_in + x->swap_out);
		hit |= FSB_DISTURBED_BY_SWAP;
	}
	if (over(c.io, l->io, c.ref)) {
		add_io_text(&b, x, hit ? "; " : "");
		hit |= FSB_DISTURBED_BY_IO;
	}
	if (why && len) {
		snprintf(why, len, "%s", b.s ? b.s : "");
	}
	fsb_buf_free(&b);
	return hit;
}

bool fsb_interference_steal_excess(double steal, double median, double limit, double wall_s, char *why,
				   size_t len)
{
	bool hit = !isnan(steal) && !isnan(median) && over_share(steal - median, limit, wall_s);

	if (why && len && hit)
		snprintf(why, len, "the hypervisor took %.0f%% of a CPU, %.0f%% more than during its round's other runs",
			 100 * steal, 100 * (steal - median));
	else if (why && len)
		why[0] = '\0';
	return hit;
}

void fsb_quiet_check(const char *proc, const char *sys, double seconds, pid_t self, struct fsb_quiet *q)
{
	struct timespec ts = { (time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9) };
	struct fsb_snap a, b;
	char path[512], *gov = NULL;
	FILE *fp;

	memset(q, 0, sizeof(*q));
	q->load1 = NAN;
	fp = open_in(proc, "loadavg");
	if (fp) {
		if (fscanf(fp, "%lf", &q->load1) != 1)
			q->load1 = NAN;
		fclose(fp);
	}
	q->cpus = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu0/cpufreq/scaling_governor", sys);
	if (fsb_read_file(path, &gov) == 0)
		snprintf(q->governor, sizeof(q->governor), "%s", gov);
	free(gov);
	fsb_snap_read(proc, true, &a);
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	fsb_snap_read(proc, true, &b);
	fsb_interference_compute(&a, &b, b.t - a.t, 0, self, &q->x);
	/* a phase will want one CPU of what is idle now */
	q->x.idle_s = nonneg(q->x.idle_s - q->x.wall_s);
	for (size_t i = 0; i < q->x.ntops; i++) {
		memcpy(q->top[i], q->x.tops[i], sizeof(q->top[i]));
		q->top_cpu[i] = q->x.tops_cpu[i];
	}
	q->ntop = q->x.ntops;
	fsb_snap_free(&a);
	fsb_snap_free(&b);
}

bool fsb_quiet_warning(const struct fsb_quiet *q, const struct fsb_disturb_limits *l, char *buf, size_t len)
{
	struct fsb_strv parts = { 0 };
	struct fsb_buf b = { 0 };
	char name[64], *joined = NULL;
	bool busy;

	if (!l)
		l = &fsb_disturb_default;
	/* the steal is the host's, but it is worth saying before a run */
	busy = fsb_interference_disturbed(&q->x, l, NULL, 0) || over_share(q->x.steal, l->steal, q->x.wall_s);
	if (busy) {
		if (over(costs_of(&q->x).cpu, l->others_cpu, q->x.wall_s)) {
			fsb_buf_addf(&b, "other programs used %.0f%% of a CPU", 100 * q->x.others_cpu);
			for (size_t i = 0; i < q->ntop && q->top_cpu[i] >= 0.01; i++) {
				visible_name(q->top[i], name, sizeof(name));
				fsb_buf_addf(&b, "%s%s %.0f%%", i ? ", " : " (", name, 100 * q->top_cpu[i]);
				if (i + 1 == q->ntop || q->top_cpu[i + 1] < 0.01)
					fsb_buf_add(&b, ")");
			}
			fsb_strv_add(&parts, b.s);
		}
		if (over_share(costs_of(&q->x).psi_cpu, l->psi_cpu, q->x.wall_s))
			fsb_strv_addf(&parts, "tasks waited for a CPU %.0f%% of the time", 100 * costs_of(&q->x).psi_cpu);
		if (q->x.steal > l->steal)
			fsb_strv_addf(&parts, "the hypervisor took %.0f%% of a CPU", 100 * q->x.steal);
		if (q->x.swap_in + q->x.swap_out > l->swap_pages)
			fsb_strv_add(&parts, "the machine is swapping");
		if (!isnan(q->load1))
			fsb_strv_addf(&parts, "load %.1f on %ld CPU%s", q->load1, q->cpus, q->cpus == 1 ? "" : "s");
		joined = fsb_strv_join(&parts, ", ");
	}
	if (busy)
		snprintf(buf, len, "the machine is busy: %s%s%s — close them, or expect disturbed runs to be set aside",
			 joined, q->governor[0] ? "; CPU governor " : "", q->governor);
	else if (len)
		buf[0] = '\0';
	free(joined);
	fsb_strv_free(&parts);
	fsb_buf_free(&b);
	return busy;
}

/* One process's own and reaped children's CPU seconds; false when gone. */
static bool stat_cpu(const char *proc, pid_t pid, double *cpu)
{
	char id[24], buf[1024], *close;
	unsigned long long ut, st, cut, cst;

	snprintf(id, sizeof(id), "%d", (int)pid);
	if (!read_pid_stat(proc, id, buf, sizeof(buf), &close) ||
	    sscanf(close + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu", &ut, &st, &cut,
		   &cst) != 4)
		return false;
	*cpu = (double)(ut + st + cut + cst) / ticks();
	return true;
}

static double tree_cpu(const char *proc, pid_t pid, int depth, int *budget)
{
	char name[64], buf[4096], *p, *end;
	double sum = 0;

	if (depth > 32 || --*budget < 0 || !stat_cpu(proc, pid, &sum))
		return 0;
	snprintf(name, sizeof(name), "%d/task/%d/children", (int)pid, (int)pid);
	if (!read_small(proc, name, buf, sizeof(buf)))
		return sum;	/* no children file (CONFIG_PROC_CHILDREN): the top process only */
	for (p = buf;; p = end) {
		long child = strtol(p, &end, 10);

		if (end == p)
			break;
		if (child > 0 && child != pid)
			sum += tree_cpu(proc, (pid_t)child, depth + 1, budget);
	}
	return sum;
}

double fsb_tree_cpu(const char *proc, pid_t pid)
{
	int budget = 512;

	return pid > 0 ? tree_cpu(proc, pid, 0, &budget) : 0;
}

void fsb_live_sample(struct fsb_live *lv, const char *proc, pid_t own_pgid, pid_t self,
		     const struct fsb_disturb_limits *l)
{
	struct fsb_snap cur;
	double dt;

	if (!l)
		l = &fsb_disturb_default;
	/* /proc/stat first (microseconds): others cannot have used more than
	 * the busy total, so with that beyond the idle time under the limit the
	 * second cannot be busy, and the table (a millisecond or more, inside a
	 * built-in phase's time) waits until it is due */
	fsb_snap_read(proc, false, &cur);
	dt = lv->have ? cur.t - lv->prev.t : 0;
	lv->busy = false;
	lv->top[0] = '\0';
	if (!lv->have)
		lv->others = NAN;
	if (!lv->have || (dt > 0 && (over(nonneg((cur.busy_s - lv->prev.busy_s) - (cur.idle_s - lv->prev.idle_s)),
					  l->others_cpu, dt) ||
				     cur.t - lv->table_t >= (lv->table_every > 0 ? lv->table_every : 5.0)))) {
		fsb_snap_free(&cur);
		fsb_snap_read(proc, true, &cur);
		if (lv->table.procs) {
			struct fsb_interference x;

			dt = cur.t - lv->table.t;
			fsb_interference_compute(&lv->table, &cur, dt, own_pgid, self, &x);
			lv->others = x.others_cpu;
			lv->busy = over(costs_of(&x).cpu, l->others_cpu, dt);
			if (lv->busy)
				snprintf(lv->top, sizeof(lv->top), "%s", x.top[0] ? x.top : "others");
		}
		fsb_snap_free(&lv->table);
		lv->table = cur;
		lv->table_t = cur.t;
		cur.procs = NULL;
		cur.nprocs = 0;
	}
	fsb_snap_free(&lv->prev);
	lv->prev = cur;
	lv->have = true;
}

void fsb_live_free(struct fsb_live *lv)
{
	fsb_snap_free(&lv->prev);
	fsb_snap_free(&lv->table);
	memset(lv, 0, sizeof(*lv));
}
