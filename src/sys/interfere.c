/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <time.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>

#include "sys/interfere.h"
#include "sys/util.h"

const struct fsb_disturb_limits fsb_disturb_default = {
	.others_cpu = 0.10,
	.psi_cpu = 0.25,
	.steal = 0.10,
	.swap_pages = 256,
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

/* The aggregate "cpu " line: user nice system idle iowait irq softirq steal … */
static void read_stat(const char *proc, struct fsb_snap *s)
{
	unsigned long long v[8] = { 0 };
	FILE *fp = open_in(proc, "stat");

	s->busy_s = s->steal_s = NAN;
	if (!fp)
		return;
	if (fscanf(fp, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
		   &v[5], &v[6], &v[7]) >= 7) {
		s->busy_s = (double)(v[0] + v[1] + v[2] + v[5] + v[6]) / ticks();
		s->steal_s = (double)v[7] / ticks();
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
	unsigned flags;
	int pgrp;
	char *open, *close;
	size_t n;

	open = read_pid_stat(proc, pid, buf, sizeof(buf), &close);
	if (!open)
		return false;
	if (sscanf(close + 1, " %*c %*d %d %*d %*d %*d %u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d %*d %*d %llu",
		   &pgrp, &flags, &utime, &stime, &start) != 5)
		return false;
	p->pid = (pid_t)atoi(pid);
	p->pgrp = (pid_t)pgrp;
	p->start = start;
	p->cpu_s = (double)(utime + stime) / ticks();
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

static const struct fsb_snap_proc *find_proc(const struct fsb_snap *s, const struct fsb_snap_proc *p)
{
	for (size_t i = 0; i < s->nprocs; i++)
		if (s->procs[i].pid == p->pid && s->procs[i].start == p->start)
			return &s->procs[i];
	return NULL;
}

/* a counter that went back (a reset, a wrap) counts as nothing; NAN stays NAN */
static double nonneg(double v)
{
	return isnan(v) ? v : v > 0 ? v : 0;
}

/* The max hungriest other processes between a and b, most first; returns
 * the CPU time of fsbench itself and of kernel threads (not "others"). */
struct tops {
	char comm[3][16];
	double cpu[3];
	size_t n;
};

static double others_top(const struct fsb_snap *a, const struct fsb_snap *b, double wall_s, pid_t own_pgid,
			 pid_t self, struct tops *t, size_t max)
{
	double known = 0;

	/* a process alive at the end: its time since the start, or all of it if it
	 * started later; on equal shares the first in b's table stays first */
	for (size_t i = 0; i < b->nprocs; i++) {
		const struct fsb_snap_proc *p = &b->procs[i], *q = find_proc(a, p);
		double d = nonneg(p->cpu_s - (q ? q->cpu_s : 0));
		size_t k;

		if (p->pid == self || p->kthread) {
			known += d;
			continue;
		}
		if ((own_pgid > 0 && p->pgrp == own_pgid) || !(d > 0))
			continue;
		d /= wall_s;
		for (k = t->n; k > 0 && t->cpu[k - 1] < d; k--)
			if (k < max) {
				t->cpu[k] = t->cpu[k - 1];
				memcpy(t->comm[k], t->comm[k - 1], sizeof(t->comm[k]));
			}
		if (k < max) {
			t->cpu[k] = d;
			snprintf(t->comm[k], sizeof(t->comm[k]), "%s", p->comm);
			if (t->n < max)
				t->n++;
		}
	}
	return known;
}

void fsb_interference_compute(const struct fsb_snap *a, const struct fsb_snap *b, double wall_s,
			      double own_cpu_s, pid_t own_pgid, pid_t self, struct fsb_interference *out)
{
	struct tops top = { 0 };
	double known;       /* fsbench itself and kernel threads: not "others" */

	memset(out, 0, sizeof(*out));
	out->wall_s = wall_s > 0 ? wall_s : 0;
	if (!(wall_s > 0)) {
		out->others_cpu = out->steal = NAN;
		for (int i = 0; i < 3; i++)
			out->psi[i] = NAN;
		return;
	}
	known = others_top(a, b, wall_s, own_pgid, self, &top, 1);
	if (top.n) {
		out->top_cpu = top.cpu[0];
		snprintf(out->top, sizeof(out->top), "%s", top.comm[0]);
	}
	out->others_cpu = nonneg(b->busy_s - a->busy_s - own_cpu_s - known) / wall_s;
	out->steal = nonneg(b->steal_s - a->steal_s) / wall_s;
	for (int i = 0; i < 3; i++)
		out->psi[i] = nonneg(b->psi_some_s[i] - a->psi_some_s[i]) / wall_s;
	out->swap_in = nonneg(b->swap_in - a->swap_in);
	out->swap_out = nonneg(b->swap_out - a->swap_out);
	out->mem_drop_kib = nonneg(a->mem_avail_kib - b->mem_avail_kib);
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

/* /proc/stat counts CPU time in ticks (10 ms), so over a short phase a
 * tick or two of another program's time is a large share that means
 * nothing: a CPU share counts only above this many seconds of it. */
#define TICK_NOISE_S 0.05

static bool over(double share, double limit, double wall_s)
{
	return share > limit && !(wall_s > 0 && share * wall_s < TICK_NOISE_S);
}

bool fsb_interference_disturbed(const struct fsb_interference *x, const struct fsb_disturb_limits *l,
				char *why, size_t len)
{
	char name[64];
	struct fsb_buf b = { 0 };
	bool hit = false;

	if (!l)
		l = &fsb_disturb_default;
	if (over(x->others_cpu, l->others_cpu, x->wall_s)) {
		fsb_buf_addf(&b, "other programs used %.0f%% of a CPU", 100 * x->others_cpu);
		if (x->top[0]) {
			visible_name(x->top, name, sizeof(name));
			fsb_buf_addf(&b, ", mostly %s", name);
		}
		hit = true;
	}
	if (x->psi[FSB_PSI_CPU] > l->psi_cpu) {
		fsb_buf_addf(&b, "%swaiting for a CPU %.0f%% of the time", hit ? "; " : "",
			     100 * x->psi[FSB_PSI_CPU]);
		hit = true;
	}
	if (over(x->steal, l->steal, x->wall_s)) {
		fsb_buf_addf(&b, "%sthe hypervisor took %.0f%% of a CPU", hit ? "; " : "", 100 * x->steal);
		hit = true;
	}
	if (x->swap_in + x->swap_out > l->swap_pages) {
		fsb_buf_addf(&b, "%sthe machine swapped %.0f pages", hit ? "; " : "", x->swap_in + x->swap_out);
		hit = true;
	}
	if (why && len) {
		snprintf(why, len, "%s", b.s ? b.s : "");
	}
	fsb_buf_free(&b);
	return hit;
}

void fsb_quiet_check(const char *proc, const char *sys, double seconds, pid_t self, struct fsb_quiet *q)
{
	struct timespec ts = { (time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9) };
	struct fsb_snap a, b;
	struct tops top = { 0 };
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
	fsb_interference_compute(&a, &b, b.t - a.t, 0, 0, self, &q->x);
	others_top(&a, &b, b.t - a.t, 0, self, &top, 3);
	for (size_t i = 0; i < top.n; i++) {
		memcpy(q->top[i], top.comm[i], sizeof(q->top[i]));
		q->top_cpu[i] = top.cpu[i];
	}
	q->ntop = top.n;
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
	busy = fsb_interference_disturbed(&q->x, l, NULL, 0);
	if (busy) {
		if (q->x.others_cpu > l->others_cpu) {
			fsb_buf_addf(&b, "other programs used %.0f%% of a CPU", 100 * q->x.others_cpu);
			for (size_t i = 0; i < q->ntop && q->top_cpu[i] >= 0.01; i++) {
				visible_name(q->top[i], name, sizeof(name));
				fsb_buf_addf(&b, "%s%s %.0f%%", i ? ", " : " (", name, 100 * q->top_cpu[i]);
				if (i + 1 == q->ntop || q->top_cpu[i + 1] < 0.01)
					fsb_buf_add(&b, ")");
			}
			fsb_strv_add(&parts, b.s);
		}
		if (q->x.psi[FSB_PSI_CPU] > l->psi_cpu)
			fsb_strv_addf(&parts, "tasks waited for a CPU %.0f%% of the time", 100 * q->x.psi[FSB_PSI_CPU]);
		if (q->x.steal > l->steal)
			fsb_strv_addf(&parts, "the hypervisor took %.0f%% of a CPU", 100 * q->x.steal);
		if (q->x.swap_in + q->x.swap_out > l->swap_pages)
			fsb_strv_add(&parts, "the machine is swapping");
		if (!isnan(q->load1))
			fsb_strv_addf(&parts, "load %.1f on %ld CPU%s", q->load1, q->cpus, q->cpus == 1 ? "" : "s");
		joined = fsb_strv_join(&parts, ", ");
	}
	snprintf(buf, len, busy ? "the machine is busy: %s%s%s — close them, or expect disturbed runs to be set aside" : "",
		 joined, q->governor[0] ? "; CPU governor " : "", q->governor);
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

void fsb_live_sample(struct fsb_live *lv, const char *proc, double own_cpu_s, pid_t own_pgid, pid_t self,
		     const struct fsb_disturb_limits *l)
{
	struct fsb_snap cur;
	bool table = lv->have && lv->others > l->others_cpu;	/* busy last time: look closer */
	double dt;

	struct rusage ru;
	double self_s = 0;

	if (getrusage(RUSAGE_SELF, &ru) == 0)
		self_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
			 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	fsb_snap_read(proc, table, &cur);
	dt = lv->have ? cur.t - lv->prev.t : 0;
	if (dt > 0) {
		double rough = (cur.busy_s - lv->prev.busy_s - (own_cpu_s - lv->prev_own) -
				(self_s - lv->prev_self)) / dt;

		lv->others = rough > 0 ? rough : 0;
		lv->top[0] = '\0';
		if (lv->prev.procs && cur.procs) {
			struct fsb_interference x;

			/* the table leaves out fsbench (self) and the phase's group */
			fsb_interference_compute(&lv->prev, &cur, dt, own_cpu_s - lv->prev_own, own_pgid, self, &x);
			lv->others = x.others_cpu;
			snprintf(lv->top, sizeof(lv->top), "%s", x.top);
		}
	} else {
		lv->others = NAN;
		lv->top[0] = '\0';
	}
	fsb_snap_free(&lv->prev);
	lv->prev = cur;
	lv->prev_own = own_cpu_s;
	lv->prev_self = self_s;
	lv->have = true;
}

void fsb_live_free(struct fsb_live *lv)
{
	fsb_snap_free(&lv->prev);
	memset(lv, 0, sizeof(*lv));
}
