/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The crash phase's FUSE filesystem (crashfs.h): the parent's half starts
 * and stops the server; the child's half is the low-level libfuse server.
 */
#define FUSE_USE_VERSION 34
#include <errno.h>
#include <fcntl.h>
#include <fuse_lowlevel.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "devices/crashfs.h"
#include "devices/crashlog.h"

enum { INO_ROOT = 1, INO_DISK = 2, INO_MARK = 3 };
#define READY "READY\n"

/* ---- the server (the child) ------------------------------------------------- */

struct server {
	int store;               /* the image's data */
	uint64_t size;
	struct fsb_wlog_writer log;
	int failed;              /* a record could not be written: the log is incomplete */
};

static struct server srv;

static void attr_of(fuse_ino_t ino, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = ino;
	st->st_uid = getuid();
	st->st_gid = getgid();
	if (ino == INO_ROOT) {
		st->st_mode = S_IFDIR | 0700;
		st->st_nlink = 2;
	} else {
		st->st_mode = S_IFREG | (ino == INO_DISK ? 0600 : 0200);
		st->st_nlink = 1;
		st->st_size = ino == INO_DISK ? (off_t)srv.size : 0;
	}
}

static void op_init(void *u, struct fuse_conn_info *c)
{
	(void)u;
	/* every write reaches the server before the loop device's write
	 * completes: the log's order is the order of completion */
	c->want &= ~(unsigned)FUSE_CAP_WRITEBACK_CACHE;
}

static void op_lookup(fuse_req_t r, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { .attr_timeout = 86400, .entry_timeout = 86400 };

	if (parent != INO_ROOT || (strcmp(name, "disk") && strcmp(name, "mark"))) {
		fuse_reply_err(r, ENOENT);
		return;
	}
	e.ino = strcmp(name, "disk") ? INO_MARK : INO_DISK;
	attr_of(e.ino, &e.attr);
	fuse_reply_entry(r, &e);
}

static void op_getattr(fuse_req_t r, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;

	(void)fi;
	attr_of(ino, &st);
	fuse_reply_attr(r, &st, 86400);
}

/* chmod, truncate to the size it has … change nothing; it is what it is */
static void op_setattr(fuse_req_t r, fuse_ino_t ino, struct stat *attr, int to_set, struct fuse_file_info *fi)
{
	(void)attr, (void)fi;
	if ((to_set & FUSE_SET_ATTR_SIZE) && (ino != INO_DISK || (uint64_t)attr->st_size != srv.size)) {
		fuse_reply_err(r, EPERM);
		return;
	}
	op_getattr(r, ino, NULL);
}

static void op_open(fuse_req_t r, fuse_ino_t ino, struct fuse_file_info *fi)
{
	if (ino == INO_ROOT)
		fuse_reply_err(r, EISDIR);
	else
		fuse_reply_open(r, fi);
}

static void op_read(fuse_req_t r, fuse_ino_t ino, size_t size, off_t off, struct fuse_file_info *fi)
{
	char *buf;
	ssize_t n;

	(void)fi;
	if (ino != INO_DISK || off < 0 || (uint64_t)off >= srv.size) {
		fuse_reply_buf(r, NULL, 0);
		return;
	}
	if (size > srv.size - (uint64_t)off)
		size = (size_t)(srv.size - (uint64_t)off);
	buf = malloc(size ? size : 1);
	n = buf ? pread(srv.store, buf, size, off) : -1;
	if (n < 0)
		fuse_reply_err(r, buf ? errno : ENOMEM);
	else
		fuse_reply_buf(r, buf, (size_t)n);
	free(buf);
}

/* A record in the log, or EIO to the kernel (the log would lie). */
static int logged(enum fsb_wlog_kind kind, unsigned mode, uint64_t off, uint64_t len, const void *data)
{
	if (srv.failed || fsb_wlog_append(&srv.log, kind, mode, off, len, data)) {
		srv.failed = 1;
		return EIO;
	}
	return 0;
}

static void op_write(fuse_req_t r, fuse_ino_t ino, const char *buf, size_t size, off_t off,
		     struct fuse_file_info *fi)
{
	int e;

	(void)fi;
	if (ino == INO_MARK) {
		e = size <= FSB_WLOG_MARK_MAX ? logged(FSB_WLOG_MARK, 0, 0, size, buf) : EINVAL;
	} else if (ino != INO_DISK || off < 0 || (uint64_t)off > srv.size || size > srv.size - (uint64_t)off) {
		e = ino == INO_DISK ? ENOSPC : EBADF;
	} else {
		e = logged(FSB_WLOG_WRITE, 0, (uint64_t)off, size, buf);
		for (size_t done = 0; !e && done < size;) {
			ssize_t w = pwrite(srv.store, buf + done, size - done, off + (off_t)done);

			if (w < 0 && errno != EINTR)
				e = errno;
			else if (w > 0)
				done += (size_t)w;
		}
	}
	if (e)
		fuse_reply_err(r, e);
	else
		fuse_reply_write(r, size);
}

static void op_fsync(fuse_req_t r, fuse_ino_t ino, int datasync, struct fuse_file_info *fi)
{
	(void)datasync, (void)fi;
	/* the loop device's REQ_OP_FLUSH */
	fuse_reply_err(r, ino == INO_DISK ? logged(FSB_WLOG_FLUSH, 0, 0, 0, NULL) : 0);
}

static void op_fallocate(fuse_req_t r, fuse_ino_t ino, int mode, off_t off, off_t len, struct fuse_file_info *fi)
{
	int e;

	(void)fi;
	/* discards and write-zeroes: what reads as zeros afterwards */
	if (ino != INO_DISK || !(mode & (FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE)) || off < 0 || len <= 0 ||
	    (uint64_t)off > srv.size || (uint64_t)len > srv.size - (uint64_t)off)
		e = EOPNOTSUPP;
	else if (!(e = logged(FSB_WLOG_ZERO, (unsigned)mode, (uint64_t)off, (uint64_t)len, NULL)) &&
		 fallocate(srv.store, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off, len) < 0)
		e = errno;
	fuse_reply_err(r, e);
}

static void op_flush(fuse_req_t r, fuse_ino_t ino, struct fuse_file_info *fi)
{
	(void)ino, (void)fi;
	fuse_reply_err(r, 0);	/* close(2), not a disk flush */
}

static const struct fuse_lowlevel_ops ops = {
	.init = op_init, .lookup = op_lookup, .getattr = op_getattr, .setattr = op_setattr,
	.open = op_open, .read = op_read, .write = op_write, .fsync = op_fsync,
	.fallocate = op_fallocate, .flush = op_flush,
};

/* The child's whole life (what it says before it is ready goes to the
 * parent through fd 1); exits 0, 3 when the log failed, 1 when it never started. */
static void serve(const char *mnt, const char *store, const char *log, uint64_t size)
{
	char *argv[] = { "fsbench-crash", "-o", "fsname=" FSB_CRASHFS_SOURCE ",subtype=fsbench-crash", NULL };
	struct fuse_args args = FUSE_ARGS_INIT(3, argv);
	struct fuse_session *se;
	struct fsb_err err = { 0 };
	int rc;

	srv.size = size;
	srv.store = open(store, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (srv.store < 0 || ftruncate(srv.store, (off_t)srv.size) < 0) {
		dprintf(1, "cannot create %s: %s\n", store, strerror(errno));
		_exit(1);
	}
	if (fsb_wlog_create(log, srv.size, &srv.log, &err)) {
		dprintf(1, "%s\n", err.msg);
		_exit(1);
	}
	se = fuse_session_new(&args, &ops, sizeof(ops), NULL);
	if (!se || fuse_session_mount(se, mnt)) {
		dprintf(1, "cannot mount the write log's FUSE filesystem on %s\n", mnt);
		_exit(1);
	}
	if (write(1, READY, strlen(READY)) < 0) {
		/* the parent is gone before it knew of us: nothing to serve */
		fuse_session_unmount(se);
		_exit(1);
	}
	rc = open("/dev/null", O_WRONLY);
	dup2(rc, 1);
	dup2(rc, 2);
	rc = fuse_session_loop(se);
	fuse_session_unmount(se);
	fuse_session_destroy(se);
	fsb_wlog_close(&srv.log);
	_exit(srv.failed ? 3 : rc < 0 ? 2 : 0);
}

/* In the forked child: nothing of the parent's but the pipe, every signal
 * but SIGKILL (and SIGSTOP) blocked, a session of its own. */
static void child(int pipe_w, const char *mnt, const char *store, const char *log, uint64_t size)
{
	sigset_t all;
	int null = open("/dev/null", O_RDWR);

	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	setsid();
	prctl(PR_SET_NAME, "fsbench-wlog");	/* what ps shows of it */
	if (null < 0 || dup2(null, 0) < 0 || dup2(pipe_w, 1) < 0 || dup2(pipe_w, 2) < 0)
		_exit(1);
	if (close_range(3, ~0U, 0) < 0)
		for (int fd = 3; fd < 65536; fd++)
			close(fd);
	if (chdir("/") < 0)
		_exit(1);
	serve(mnt, store, log, size);
}

/* ---- the parent's half ---------------------------------------------------------- */

/* Wait for the child's "READY", or its last words and its end. */
static int await_ready(int fd, pid_t pid, const char *mnt, struct fsb_err *err)
{
	char buf[1024];
	size_t n = 0;
	int status;

	for (;;) {
		ssize_t r = read(fd, buf + n, sizeof(buf) - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || (n += (size_t)r) >= sizeof(buf) - 1)
			break;
		buf[n] = '\0';
		if (strstr(buf, READY))
			return 0;
	}
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return fsb_err_set(err, -EIO, "the crash phase's write log could not start on %s: %s", mnt,
			   *buf ? buf : "its server ended at once");
}

int fsb_crashfs_start(const char *mnt, const char *store, const char *log, uint64_t size,
		      struct fsb_crashfs *fs, struct fsb_err *err)
{
	int p[2], rc;
	pid_t pid;

	memset(fs, 0, sizeof(*fs));
	fs->mark_fd = -1;
	if (pipe2(p, O_CLOEXEC) < 0)
		return fsb_err_set(err, -errno, "pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0) {
		rc = fsb_err_set(err, -errno, "cannot start the write log's server: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return rc;
	}
	if (pid == 0)
		child(p[1], mnt, store, log, size);
	close(p[1]);
	rc = await_ready(p[0], pid, mnt, err);
	close(p[0]);
	if (rc)
		return rc;
	fs->pid = pid;
	fs->mnt = fsb_xstrdup(mnt);
	fs->disk = fsb_xasprintf("%s/disk", mnt);
	{
		char *mark = fsb_xasprintf("%s/mark", mnt);

		fs->mark_fd = open(mark, O_WRONLY | O_CLOEXEC);
		rc = fs->mark_fd < 0 ? fsb_err_set(err, -errno, "cannot open %s: %s", mark, strerror(errno)) : 0;
		free(mark);
	}
	if (rc)
		fsb_crashfs_stop(fs, NULL);
	return rc;
}

int fsb_crashfs_mark(struct fsb_crashfs *fs, const char *text, struct fsb_err *err)
{
	size_t n = strlen(text);
	ssize_t w;

	if (fs->mark_fd < 0 || n > FSB_WLOG_MARK_MAX)
		return fsb_err_set(err, -EINVAL, "crash: no place for the marker '%s'", text);
	do
		w = pwrite(fs->mark_fd, text, n, 0);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)n)
		return fsb_err_set(err, w < 0 ? -errno : -EIO, "crash: cannot put the marker '%s' in the write log: %s",
				   text, w < 0 ? strerror(errno) : "short write");
	return 0;
}

/* The child's end within secs, SIGKILL after: its wait status, or -1. */
static int reap(pid_t pid, double secs)
{
	int status;

	for (int i = 0; i < (int)(secs * 50); i++) {
		pid_t w = waitpid(pid, &status, WNOHANG);

		if (w == pid)
			return status;
		if (w < 0 && errno != EINTR)
			return -1;
		nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
	}
	kill(pid, SIGKILL);
	return waitpid(pid, &status, 0) == pid ? status : -1;
}

int fsb_crashfs_stop(struct fsb_crashfs *fs, struct fsb_err *err)
{
	int rc = 0, status, r = -1;

	if (fs->mark_fd >= 0)
		close(fs->mark_fd);
	fs->mark_fd = -1;
	if (fs->mnt) {
		/* the loop device lets go of disk as it detaches: a moment's EBUSY */
		for (int i = 0; i < 250 && (r = umount2(fs->mnt, 0)) < 0 && errno == EBUSY; i++)
			nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
		if (r < 0 && errno == EBUSY && umount2(fs->mnt, MNT_DETACH) == 0)
			rc = fsb_err_set(err, -EBUSY, "crash: %s was still busy after 5 s; unmounted lazily", fs->mnt);
		else if (r < 0 && errno != EINVAL && errno != ENOENT)
			rc = fsb_err_set(err, -errno, "crash: cannot unmount %s: %s", fs->mnt, strerror(errno));
	}
	if (fs->pid > 0) {
		status = reap(fs->pid, 10);
		if (!rc && status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 3)
			rc = fsb_err_set(err, -EIO, "crash: the write log could not be written (is the disk under it full?)");
		else if (!rc && (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status)))
			rc = fsb_err_set(err, -EIO, "crash: the write log's server did not end cleanly");
	}
	fs->pid = 0;
	free(fs->mnt);
	free(fs->disk);
	fs->mnt = fs->disk = NULL;
	return rc;
}
