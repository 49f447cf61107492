/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * leftovers.c — the run's state file, and undoing what a dead run left.
 * The contract is in leftovers.h.
 *
 * Everything here errs on the side of leaving things alone: a resource is
 * undone only when it still is exactly what the dead run recorded (same
 * inode, same device, fsbench's prefix on the name).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libmount.h>
#include <limits.h>
#include <linux/loop.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "devices/crashfs.h"
#include "engine/leftovers.h"

struct fsb_leftovers {
	char *path;
	int fd;
};

const char *fsb_leftovers_dir(void)
{
	static char buf[4096];
	const char *env = getenv("FSBENCH_STATE_DIR"), *rt;

	if (env && *env == '/')
		return env;
	if (geteuid() == 0)
		return "/run/fsbench";
	rt = getenv("XDG_RUNTIME_DIR");
	if (rt && *rt == '/' && strlen(rt) < sizeof(buf) - 16) {
		snprintf(buf, sizeof(buf), "%s/fsbench", rt);
		return buf;
	}
	return NULL;
}

/* Field 22 of /proc/PID/stat: when the process started, in clock ticks
 * since boot.  0 when the process does not exist. */
unsigned long long fsb_leftovers_proc_start(pid_t pid)
{
	char *p = fsb_xasprintf("/proc/%d/stat", (int)pid), *text = NULL, *s;
	unsigned long long start = 0;

	if (fsb_read_file(p, &text) == 0 && (s = strrchr(text, ')'))) {
		/* after "pid (comm)": state is field 3, starttime field 22 */
		int field = 2;

		for (char *t = strtok(s + 1, " "); t; t = strtok(NULL, " "))
			if (++field == 22) {
				start = strtoull(t, NULL, 10);
				break;
			}
	}
	free(text);
	free(p);
	return start;
}

static void escape(struct fsb_buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '%' || *s == ' ' || *s == '\t' || *s == '\n')
			fsb_buf_addf(b, "%%%02X", (unsigned char)*s);
		else
			fsb_buf_addn(b, s, 1);
	}
}

static char *unescape(const char *s)
{
	char *out = fsb_xmalloc(strlen(s) + 1), *o = out;

	for (; *s; s++) {
		if (s[0] == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
			char hex[3] = { s[1], s[2], 0 };

			*o++ = (char)strtol(hex, NULL, 16);
			s += 2;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

static int write_all(int fd, const char *s)
{
	size_t n = strlen(s);

	while (n) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

int fsb_leftovers_open(struct fsb_leftovers **out, struct fsb_err *err)
{
	const char *dir = fsb_leftovers_dir();
	struct fsb_leftovers *l;
	char *head;
	int rc;

	*out = NULL;
	if (!dir)
		return 0;
	rc = fsb_mkdir_p(dir, 0700);
	if (rc)
		return fsb_err_set(err, rc, "cannot create %s for the run's state file: %s", dir,
				   strerror(-rc));
	l = fsb_xcalloc(1, sizeof(*l));
	l->path = fsb_xasprintf("%s/%d.state", dir, (int)getpid());
	l->fd = open(l->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (l->fd < 0) {
		rc = fsb_err_set(err, -errno, "cannot create the state file %s: %s", l->path,
				 strerror(errno));
		goto out;
	}
	/* held until the run ends: a live run's file is never taken for dead
	 * (blocking: a cleanup that opened it first lets go as soon as it sees
	 * this process alive) */
	if (flock(l->fd, LOCK_EX) < 0) {
		rc = fsb_err_set(err, -errno, "cannot lock the state file %s: %s", l->path,
				 strerror(errno));
		goto out;
	}
	head = fsb_xasprintf("fsbench-state 1\npid %d\nstart %llu\n", (int)getpid(),
			     fsb_leftovers_proc_start(getpid()));
	rc = write_all(l->fd, head);
	free(head);
	if (rc)
		fsb_err_set(err, rc, "cannot write the state file %s: %s", l->path, strerror(-rc));
out:
	if (rc) {
		if (l->fd >= 0) {
			unlink(l->path);
			close(l->fd);
		}
		free(l->path);
		free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int fsb_leftovers_note(struct fsb_leftovers *l, const char *kind, const char *path, const char *extra)
{
	struct fsb_buf b = { 0 };
	int rc;

	if (!l)
		return 0;
	fsb_buf_addf(&b, "%s ", kind);
	escape(&b, path);
	if (extra)
		fsb_buf_addf(&b, " %s", extra);
	fsb_buf_add(&b, "\n");
	rc = write_all(l->fd, b.s);
	fsb_buf_free(&b);
	return rc;
}

int fsb_leftovers_note_image(struct fsb_leftovers *l, const char *path)
{
	struct stat st;
	char extra[64];

	if (!l)
		return 0;
	if (stat(path, &st) < 0)
		return -errno;
	snprintf(extra, sizeof(extra), "%llu %llu", (unsigned long long)st.st_dev,
		 (unsigned long long)st.st_ino);
	return fsb_leftovers_note(l, "image", path, extra);
}

void fsb_leftovers_close(struct fsb_leftovers *l, bool all_released)
{
	if (!l)
		return;
	if (all_released)
		unlink(l->path);
	close(l->fd);
	free(l->path);
	free(l);
}

/* ---- cleanup ------------------------------------------------------------------- */

struct image {
	char *path;
	dev_t dev;
	ino_t ino;
};

/* A crash phase's FUSE write log and its server. */
struct fuse_log {
	char *path;
	pid_t pid;
	unsigned long long start;
};

/* What one dead run's state file lists. */
struct dead {
	const char *file;
	int pid;
	struct image *images;
	size_t nimages;
	struct fsb_strv mnts, works, keeps, intents;
	dev_t *devices;
	size_t ndevices;
	struct fuse_log *fuses;
	size_t nfuses;
	struct fsb_strv *said;
	bool *incomplete;        /* set when something could not be undone */
};

/* One line of what was done or left alone. */
static void say(struct dead *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct dead *d, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	fsb_buf_addf(&b, "dead run %d: ", d->pid);
	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	fsb_strv_add(d->said, b.s);
	fsb_buf_free(&b);
}

/* What could not be undone: said as "cannot …", and the cleanup is
 * incomplete (fsb_leftovers_cleanup's status, which front ends ask). */
#define cannot(d, fmt, ...) (say((d), "cannot " fmt, __VA_ARGS__), *(d)->incomplete = true)

static void parse_state(struct dead *d, char *text)
{
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char kind[16], p[4096], a[64] = "", b[64] = "";
		char *path;

		if (sscanf(line, "%15s %4095s %63s %63s", kind, p, a, b) < 2)
			continue;
		path = unescape(p);
		if (strcmp(kind, "image") == 0 && *b) {
			struct image *im;

			d->images = fsb_xrealloc(d->images, (d->nimages + 1) * sizeof(*d->images));
			im = &d->images[d->nimages++];
			im->path = path;
			im->dev = (dev_t)strtoull(a, NULL, 10);
			im->ino = (ino_t)strtoull(b, NULL, 10);
			continue;
		}
		if (strcmp(kind, "fuse") == 0 && *b) {
			d->fuses = fsb_xrealloc(d->fuses, (d->nfuses + 1) * sizeof(*d->fuses));
			d->fuses[d->nfuses++] = (struct fuse_log){ path, (pid_t)atoi(a), strtoull(b, NULL, 10) };
			continue;
		}
		if (strcmp(kind, "mnt") == 0 && !fsb_strv_contains(&d->mnts, path))
			fsb_strv_add(&d->mnts, path);
		else if (strcmp(kind, "image-new") == 0)
			fsb_strv_add(&d->intents, path);
		else if (strcmp(kind, "keep") == 0)
			fsb_strv_add(&d->keeps, path);
		else if (strcmp(kind, "work") == 0 && !fsb_strv_contains(&d->works, path))
			fsb_strv_add(&d->works, path);
		else if (strcmp(kind, "device") == 0) {
			unsigned ma, mi;

			if (sscanf(a, "%u:%u", &ma, &mi) == 2) {
				d->devices = fsb_xrealloc(d->devices, (d->ndevices + 1) * sizeof(dev_t));
				d->devices[d->ndevices++] = makedev(ma, mi);
			}
		}
		free(path);
	}
}

static void dead_free(struct dead *d)
{
	for (size_t i = 0; i < d->nimages; i++)
		free(d->images[i].path);
	free(d->images);
	fsb_strv_free(&d->mnts);
	fsb_strv_free(&d->works);
	fsb_strv_free(&d->keeps);
	fsb_strv_free(&d->intents);
	free(d->devices);
	for (size_t i = 0; i < d->nfuses; i++)
		free(d->fuses[i].path);
	free(d->fuses);
}

static bool has_prefix_name(const char *path, const char *prefix)
{
	const char *base = strrchr(path, '/');

	return base && strncmp(base + 1, prefix, strlen(prefix)) == 0;
}

/* The image a loop device is attached to, when it is one of d's. */
static const struct image *loop_image(const struct dead *d, dev_t rdev)
{
	struct loop_info64 li;
	char *p;
	int fd;

	char link[PATH_MAX];
	const char *name;
	ssize_t n;

	if (major(rdev) != 7)
		return NULL;
	/* /dev/block/M:m is udev's, and not everywhere: the kernel name from sysfs */
	p = fsb_xasprintf("/sys/dev/block/%u:%u", major(rdev), minor(rdev));
	n = readlink(p, link, sizeof(link) - 1);
	free(p);
	if (n <= 0)
		return NULL;
	link[n] = '\0';
	name = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
	p = fsb_xasprintf("/dev/%s", name);
	fd = open(p, O_RDONLY | O_CLOEXEC);
	free(p);
	if (fd < 0)
		return NULL;
	if (ioctl(fd, LOOP_GET_STATUS64, &li) < 0) {
		close(fd);
		return NULL;
	}
	close(fd);
	for (size_t i = 0; i < d->nimages; i++)
		if ((dev_t)li.lo_device == d->images[i].dev && (ino_t)li.lo_inode == d->images[i].ino)
			return &d->images[i];
	return NULL;
}

static bool is_ours(const struct dead *d, dev_t rdev)
{
	for (size_t i = 0; i < d->ndevices; i++)
		if (d->devices[i] == rdev)
			return true;
	return rdev && loop_image(d, rdev);
}

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* Does process pid work on the filesystem fsdev (0: none) or in dir? */
static bool works_in(const char *pid, dev_t fsdev, const char *dir)
{
	static const char *const links[] = { "cwd", "root" };
	bool hit = false;

	for (size_t i = 0; i < 2 && !hit; i++) {
		char *p = fsb_xasprintf("/proc/%s/%s", pid, links[i]), t[4096];
		ssize_t n = readlink(p, t, sizeof(t) - 1);
		struct stat st;

		if (n > 0) {
			t[n] = '\0';
			hit = (dir && under(t, dir)) || (fsdev && stat(p, &st) == 0 && st.st_dev == fsdev);
		}
		free(p);
	}
	if (!hit && fsdev) {
		char *fds = fsb_xasprintf("/proc/%s/fd", pid);
		DIR *dd = opendir(fds);
		struct dirent *e;

		while (dd && !hit && (e = readdir(dd))) {
			char *p = fsb_xasprintf("%s/%s", fds, e->d_name);
			struct stat st;

			hit = e->d_name[0] != '.' && stat(p, &st) == 0 && !S_ISBLK(st.st_mode) &&
			      st.st_dev == fsdev;
			free(p);
		}
		if (dd)
			closedir(dd);
		free(fds);
	}
	return hit;
}

/* Kill the killed run's phases: what still works on its filesystem or in its
 * directory.  They were its children; nothing else can be in there. */
static void kill_workers(struct dead *d, dev_t fsdev, const char *dir)
{
	pid_t self = getpid(), killed[64];
	size_t nkilled = 0;
	struct dirent *e;
	DIR *proc = opendir("/proc");

	while (proc && (e = readdir(proc))) {
		pid_t pid = (pid_t)atoi(e->d_name);
		char *comm = NULL, *cp;

		if (pid <= 1 || pid == self || !works_in(e->d_name, fsdev, dir))
			continue;
		cp = fsb_xasprintf("/proc/%d/comm", (int)pid);
		if (fsb_read_file(cp, &comm) == 0)
			comm[strcspn(comm, "\n")] = '\0';
		free(cp);
		if (kill(pid, SIGKILL) == 0) {
			say(d, "killed process %d (%s), still working in %s", (int)pid,
			    comm ? comm : "?", dir);
			if (nkilled < FSB_ARRAY_SIZE(killed))
				killed[nkilled++] = pid;
		}
		free(comm);
	}
	if (proc)
		closedir(proc);
	/* until they are gone, or their open files keep the filesystem busy */
	for (int i = 0; i < 100; i++) {
		bool any = false;

		for (size_t k = 0; k < nkilled; k++)
			any |= kill(killed[k], 0) == 0;
		if (!any)
			break;
		nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
	}
}

static void undo_mount(struct dead *d, const char *mnt)
{
	for (int round = 0; round < 4; round++) {
		struct libmnt_table *tb = mnt_new_table_from_file("/proc/self/mountinfo");
		struct libmnt_fs *fs = tb ? mnt_table_find_target(tb, mnt, MNT_ITER_BACKWARD) : NULL;
		const char *src = fs ? mnt_fs_get_srcpath(fs) : NULL;
		char *source = fsb_xstrdup(src ? src : "?");
		dev_t fsdev = fs ? mnt_fs_get_devno(fs) : 0, rdev = 0;
		struct stat st;
		bool mounted = fs != NULL;

		if (fs && src && stat(src, &st) == 0 && S_ISBLK(st.st_mode))
			rdev = st.st_rdev;
		if (fs && !rdev && major(fsdev))
			rdev = fsdev;	/* btrfs shows 0:N; ext4, xfs the device itself */
		if (tb)
			mnt_unref_table(tb);
		if (!mounted) {
			free(source);
			return;
		}
		if (!is_ours(d, rdev)) {
			say(d, "left alone: %s has %s mounted, which that run did not create", mnt,
			    source);
			free(source);
			return;
		}
		kill_workers(d, fsdev, mnt);
		if (umount2(mnt, 0) == 0)
			say(d, "unmounted %s (%s)", mnt, source);
		else if (umount2(mnt, MNT_DETACH) == 0)
			say(d, "unmounted %s (%s) lazily: it was still busy", mnt, source);
		else {
			cannot(d, "unmount %s (%s): %s", mnt, source, strerror(errno));
			round = 4;
		}
		free(source);
	}
}

/* Is rdev mounted anywhere (by device number or source)? */
static bool mounted_anywhere(dev_t rdev)
{
	struct libmnt_table *tb = mnt_new_table_from_file("/proc/self/mountinfo");
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	bool found = false;

	while (tb && it && !found && mnt_table_next_fs(tb, it, &fs) == 0) {
		const char *src = mnt_fs_get_srcpath(fs);
		struct stat st;

		found = mnt_fs_get_devno(fs) == rdev ||
			(src && *src == '/' && stat(src, &st) == 0 && S_ISBLK(st.st_mode) &&
			 st.st_rdev == rdev);
	}
	mnt_free_iter(it);
	if (tb)
		mnt_unref_table(tb);
	return found;
}

static void undo_loops(struct dead *d)
{
	struct dirent *e;
	DIR *dir = opendir("/sys/block");

	while (dir && (e = readdir(dir))) {
		unsigned ma, mi;
		char *p, *text = NULL;
		const struct image *im;
		dev_t rdev;
		int fd;

		if (strncmp(e->d_name, "loop", 4) != 0)
			continue;
		p = fsb_xasprintf("/sys/block/%s/dev", e->d_name);
		if (fsb_read_file(p, &text) < 0 || sscanf(text, "%u:%u", &ma, &mi) != 2) {
			free(text);
			free(p);
			continue;
		}
		free(text);
		free(p);
		rdev = makedev(ma, mi);
		im = loop_image(d, rdev);
		if (!im)
			continue;
		if (mounted_anywhere(rdev)) {
			say(d, "left alone: /dev/%s (on %s) is mounted somewhere that run did not "
			    "record", e->d_name, im->path);
			continue;
		}
		p = fsb_xasprintf("/dev/%s", e->d_name);
		fd = open(p, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && ioctl(fd, LOOP_CLR_FD, 0) == 0)
			say(d, "detached %s (on %s)", p, im->path);
		else
			cannot(d, "detach %s (on %s): %s", p, im->path, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(p);
	}
	if (dir)
		closedir(dir);
}

/* What is mounted at path, if it is a crash phase's write log. */
static bool fuse_mounted(const char *path)
{
	struct libmnt_table *tb = mnt_new_table_from_file("/proc/self/mountinfo");
	struct libmnt_fs *fs = tb ? mnt_table_find_target(tb, path, MNT_ITER_BACKWARD) : NULL;
	const char *type = fs ? mnt_fs_get_fstype(fs) : NULL;
	bool ours = type && strcmp(type, FSB_CRASHFS_TYPE) == 0;

	if (tb)
		mnt_unref_table(tb);
	return ours;
}

/* The crash phase's write logs: unmounted (the loop devices on them are
 * detached by now), their servers end with it or are killed. */
static void undo_fuses(struct dead *d)
{
	for (size_t i = 0; i < d->nfuses; i++) {
		const struct fuse_log *f = &d->fuses[i];
		int r = -1;

		if (fuse_mounted(f->path)) {
			for (int k = 0; k < 100 && (r = umount2(f->path, 0)) < 0 && errno == EBUSY; k++)
				nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
			if (r == 0)
				say(d, "unmounted its write log %s", f->path);
			else if (umount2(f->path, MNT_DETACH) == 0)
				say(d, "unmounted its write log %s lazily: it was still busy", f->path);
			else
				cannot(d, "unmount its write log %s: %s", f->path, strerror(errno));
		}
		/* unmounted, the server ends by itself; one that does not is killed */
		for (int k = 0; k < 100 && f->pid > 0 && fsb_leftovers_proc_start(f->pid) == f->start; k++)
			nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
		if (f->pid > 0 && f->start && fsb_leftovers_proc_start(f->pid) == f->start && kill(f->pid, SIGKILL) == 0)
			say(d, "killed its write log's server, process %d", (int)f->pid);
		if (has_prefix_name(f->path, "fsbench-mnt.") && access(f->path, F_OK) == 0 && !fuse_mounted(f->path)) {
			if (rmdir(f->path) == 0)
				say(d, "removed mount point %s", f->path);
			else
				cannot(d, "remove mount point %s: %s", f->path, strerror(errno));
		}
	}
}

static void undo_files(struct dead *d)
{
	for (size_t i = 0; i < d->nimages; i++) {
		const struct image *im = &d->images[i];
		struct stat st;

		if (lstat(im->path, &st) < 0)
			continue;
		if (!S_ISREG(st.st_mode) || st.st_dev != im->dev || st.st_ino != im->ino)
			say(d, "left alone: %s is no longer the image that run created", im->path);
		else if (fsb_strv_contains(&d->keeps, im->path))
			say(d, "kept image %s (that run was asked to keep it)", im->path);
		else if (unlink(im->path) == 0)
			say(d, "removed image %s", im->path);
		else
			cannot(d, "remove image %s: %s", im->path, strerror(errno));
	}
	/* killed between creating an image and recording its inode: whether
	 * the file there is that run's cannot be known, so it is only named */
	for (size_t i = 0; i < d->intents.n; i++) {
		bool known = false;

		for (size_t k = 0; k < d->nimages; k++)
			known |= strcmp(d->images[k].path, d->intents.v[i]) == 0;
		if (!known && access(d->intents.v[i], F_OK) == 0)
			say(d, "left alone: %s — that run was creating it when it died, but whether "
			    "the file there is its own cannot be told; remove it yourself if it is",
			    d->intents.v[i]);
	}
	for (size_t i = 0; i < d->mnts.n; i++) {
		const char *m = d->mnts.v[i];

		if (!has_prefix_name(m, "fsbench-mnt.") || access(m, F_OK) < 0)
			continue;
		if (rmdir(m) == 0)
			say(d, "removed mount point %s", m);
		else
			cannot(d, "remove mount point %s: %s", m, strerror(errno));
	}
	for (size_t i = 0; i < d->works.n; i++) {
		const char *w = d->works.v[i];

		if (!has_prefix_name(w, "fsbench-work.") || access(w, F_OK) < 0)
			continue;
		kill_workers(d, 0, w);
		if (fsb_rm_rf(w) == 0)
			say(d, "removed work directory %s", w);
		else
			cannot(d, "remove work directory %s", w);
	}
}

/* 1 when the state file at path was dead and is now dealt with, 0 when it
 * belongs to a live run (or is being cleaned by another fsbench). */
static int clean_one(const char *path, int pid, struct fsb_strv *said, bool *incomplete)
{
	struct dead d = { .file = path, .pid = pid, .said = said, .incomplete = incomplete };
	char *text = NULL, *copy;
	unsigned long long start = 0;
	const char *s;
	int fd = open(path, O_RDWR | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return 0;
	if (flock(fd, LOCK_EX | LOCK_NB) < 0)
		goto out;	/* its run holds it: alive; or another cleanup is at it */
	if (fsb_read_file(path, &text) < 0)
		goto out;
	if ((s = strstr(text, "\nstart ")))
		start = strtoull(s + 7, NULL, 10);
	/* alive: the same process, not just the same number; a file without its
	 * header yet is being started by a live run, or its run is gone */
	if (pid == getpid() || (start ? fsb_leftovers_proc_start(pid) == start : fsb_leftovers_proc_start(pid) != 0))
		goto out;
	copy = fsb_xstrdup(text);
	parse_state(&d, copy);
	free(copy);
	for (size_t i = 0; i < d.mnts.n; i++)
		undo_mount(&d, d.mnts.v[i]);
	undo_loops(&d);
	undo_fuses(&d);
	undo_files(&d);
	unlink(path);
	say(&d, "removed its state file %s", path);
	rc = 1;
out:
	dead_free(&d);
	free(text);
	close(fd);
	return rc;
}

int fsb_leftovers_cleanup(struct fsb_strv *said, enum fsb_cleanup_status *status, struct fsb_err *err)
{
	const char *dir = fsb_leftovers_dir();
	struct dirent *e;
	DIR *dd;
	int found = 0;
	bool incomplete = false;

	if (status)
		*status = FSB_CLEANUP_DONE;
	if (!dir)
		return 0;
	dd = opendir(dir);
	if (!dd) {
		if (errno == ENOENT)
			return 0;
		return fsb_err_set(err, -errno, "cannot read %s: %s", dir, strerror(errno));
	}
	while ((e = readdir(dd))) {
		int pid = 0;
		char tail[16] = "";
		char *path;

		if (sscanf(e->d_name, "%d%15s", &pid, tail) != 2 || pid <= 0 || strcmp(tail, ".state"))
			continue;
		path = fsb_xasprintf("%s/%s", dir, e->d_name);
		found += clean_one(path, pid, said, &incomplete);
		free(path);
	}
	closedir(dd);
	if (status && incomplete)
		*status = FSB_CLEANUP_INCOMPLETE;
	return found;
}
