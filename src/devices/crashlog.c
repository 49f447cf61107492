/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The crash phase's write log (crashlog.h): appended by the FUSE server
 * one record a write(2), read back as an index whose data stays in the
 * file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "devices/crashlog.h"

#define FILE_MAGIC "FSBWLOG1"
#define REC_MAGIC 0x43455257u    /* "WREC" */

struct rec_head {
	uint32_t magic;
	uint16_t kind, mode;
	uint64_t off, len;
};

_Static_assert(sizeof(struct rec_head) == 24, "the record header is 24 bytes");

static int write_all(int fd, const struct iovec *iov, int n)
{
	struct iovec v[2];
	size_t left = 0;

	memcpy(v, iov, (size_t)n * sizeof(*v));
	for (int i = 0; i < n; i++)
		left += v[i].iov_len;
	while (left) {
		ssize_t w = writev(fd, v, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		left -= (size_t)w;
		/* a short write (a full disk): go on from where it stopped */
		for (int i = 0; i < n && w > 0; i++) {
			size_t take = (size_t)w < v[i].iov_len ? (size_t)w : v[i].iov_len;

			v[i].iov_base = (char *)v[i].iov_base + take;
			v[i].iov_len -= take;
			w -= (ssize_t)take;
		}
	}
	return 0;
}

int fsb_wlog_create(const char *path, uint64_t size, struct fsb_wlog_writer *w, struct fsb_err *err)
{
	struct iovec iov[2] = { { FILE_MAGIC, 8 }, { &size, sizeof(size) } };
	int rc;

	w->records = 0;
	w->fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0600);
	if (w->fd < 0)
		return fsb_err_set(err, -errno, "cannot create the write log %s: %s", path, strerror(errno));
	rc = write_all(w->fd, iov, 2);
	if (rc) {
		fsb_err_set(err, rc, "cannot write the write log %s: %s", path, strerror(-rc));
		fsb_wlog_close(w);
	}
	return rc;
}

int fsb_wlog_append(struct fsb_wlog_writer *w, enum fsb_wlog_kind kind, unsigned mode, uint64_t off,
		    uint64_t len, const void *data)
{
	struct rec_head h = { .magic = REC_MAGIC, .kind = (uint16_t)kind, .mode = (uint16_t)mode, .off = off, .len = len };
	struct iovec iov[2] = { { &h, sizeof(h) }, { (void *)data, 0 } };
	bool payload = kind == FSB_WLOG_WRITE || kind == FSB_WLOG_MARK;
	int rc;

	if (w->fd < 0)
		return -EBADF;
	if ((kind == FSB_WLOG_MARK && len > FSB_WLOG_MARK_MAX) || (payload && len && !data))
		return -EINVAL;
	if (kind == FSB_WLOG_FLUSH)
		h.off = h.len = 0;
	iov[1].iov_len = payload ? (size_t)len : 0;
	rc = write_all(w->fd, iov, payload && len ? 2 : 1);
	if (!rc)
		w->records++;
	return rc;
}

void fsb_wlog_close(struct fsb_wlog_writer *w)
{
	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
}

/* ---- reading ---------------------------------------------------------------- */

static int read_at(int fd, void *buf, size_t len, uint64_t at)
{
	size_t done = 0;

	while (done < len) {
		ssize_t r = pread(fd, (char *)buf + done, len - done, (off_t)(at + done));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			return -ENODATA;
		done += (size_t)r;
	}
	return 0;
}

/* One record's header at *at: checked against the file and the image. */
static int read_rec(struct fsb_wlog *log, uint64_t *at, uint64_t fsize, struct fsb_err *err)
{
	struct rec_head h;
	struct fsb_wlog_rec *r;
	bool payload;

	if (*at + sizeof(h) > fsize || read_at(log->fd, &h, sizeof(h), *at))
		return fsb_err_set(err, -EINVAL, "%s: record %zu is cut off: not a whole write log", log->path, log->n);
	if (h.magic != REC_MAGIC || h.kind < FSB_WLOG_WRITE || h.kind > FSB_WLOG_MARK)
		return fsb_err_set(err, -EINVAL, "%s: record %zu at byte %llu is not a record", log->path, log->n,
				   (unsigned long long)*at);
	payload = h.kind == FSB_WLOG_WRITE || h.kind == FSB_WLOG_MARK;
	if ((h.kind == FSB_WLOG_WRITE || h.kind == FSB_WLOG_ZERO) &&
	    (h.len == 0 || h.off > log->size || h.len > log->size - h.off))
		return fsb_err_set(err, -EINVAL, "%s: record %zu: bytes %llu+%llu are beyond the image (%llu bytes)",
				   log->path, log->n, (unsigned long long)h.off, (unsigned long long)h.len,
				   (unsigned long long)log->size);
	if ((h.kind == FSB_WLOG_MARK && h.len > FSB_WLOG_MARK_MAX) ||
	    (payload && h.len > fsize - *at - sizeof(h)))
		return fsb_err_set(err, -EINVAL, "%s: record %zu is cut off: not a whole write log", log->path, log->n);
	if (log->n % 1024 == 0)
		log->v = fsb_xrealloc(log->v, (log->n + 1024) * sizeof(*log->v));
	r = &log->v[log->n++];
	*r = (struct fsb_wlog_rec){ .kind = h.kind, .mode = h.mode, .off = h.off, .len = h.len,
				    .at = *at + sizeof(h) };
	*at += sizeof(h) + (payload ? h.len : 0);
	if (h.kind == FSB_WLOG_FLUSH)
		log->nflushes++;
	else if (h.kind != FSB_WLOG_MARK)
		log->nwrites++;
	return 0;
}

int fsb_wlog_read(const char *path, struct fsb_wlog *log, struct fsb_err *err)
{
	char magic[8];
	struct stat st;
	uint64_t at = 16;
	int rc = 0;

	memset(log, 0, sizeof(*log));
	log->path = fsb_xstrdup(path);
	log->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (log->fd < 0) {
		rc = fsb_err_set(err, -errno, "cannot open the write log %s: %s", path, strerror(errno));
		goto out;
	}
	if (fstat(log->fd, &st) < 0 || st.st_size < 16 || read_at(log->fd, magic, 8, 0) ||
	    memcmp(magic, FILE_MAGIC, 8) || read_at(log->fd, &log->size, 8, 8)) {
		rc = fsb_err_set(err, -EINVAL, "%s: not a write log of fsbench's crash phase", path);
		goto out;
	}
	while (!rc && at < (uint64_t)st.st_size)
		rc = read_rec(log, &at, (uint64_t)st.st_size, err);
out:
	if (rc)
		fsb_wlog_free(log);
	return rc;
}

void fsb_wlog_free(struct fsb_wlog *log)
{
	if (log->fd >= 0)
		close(log->fd);
	free(log->path);
	free(log->v);
	memset(log, 0, sizeof(*log));
	log->fd = -1;
}

int fsb_wlog_mark_text(const struct fsb_wlog *log, size_t i, char *buf, size_t len)
{
	const struct fsb_wlog_rec *r = i < log->n ? &log->v[i] : NULL;
	size_t n;
	int rc;

	buf[0] = '\0';
	if (!r || r->kind != FSB_WLOG_MARK || !len)
		return -EINVAL;
	n = r->len < len - 1 ? (size_t)r->len : len - 1;
	rc = read_at(log->fd, buf, n, r->at);
	buf[rc ? 0 : n] = '\0';
	return rc;
}

size_t fsb_wlog_find_mark(const struct fsb_wlog *log, size_t from, const char *mark)
{
	char text[FSB_WLOG_MARK_MAX + 1];

	for (size_t i = from; i < log->n; i++)
		if (log->v[i].kind == FSB_WLOG_MARK && fsb_wlog_mark_text(log, i, text, sizeof(text)) == 0 &&
		    strcmp(text, mark) == 0)
			return i;
	return log->n;
}

/* Zeros over [off, off + len): a hole punched, else zeros written. */
static int zero_range(int fd, uint64_t off, uint64_t len)
{
	static const char zeros[65536];

	if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)off, (off_t)len) == 0)
		return 0;
	while (len) {
		size_t n = len < sizeof(zeros) ? (size_t)len : sizeof(zeros);
		ssize_t w = pwrite(fd, zeros, n, (off_t)off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		off += (uint64_t)w;
		len -= (uint64_t)w;
	}
	return 0;
}

/* A write's data copied from the log into the image, a MiB at a time. */
static int copy_write(const struct fsb_wlog *log, const struct fsb_wlog_rec *r, int fd)
{
	size_t cap = r->len < (1u << 20) ? (size_t)r->len : (1u << 20);
	char *buf = fsb_xmalloc(cap);
	uint64_t done = 0;
	int rc = 0;

	while (!rc && done < r->len) {
		size_t n = r->len - done < cap ? (size_t)(r->len - done) : cap;

		rc = read_at(log->fd, buf, n, r->at + done);
		for (size_t w = 0; !rc && w < n;) {
			ssize_t k = pwrite(fd, buf + w, n - w, (off_t)(r->off + done + w));

			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				rc = k < 0 ? -errno : -EIO;
			else
				w += (size_t)k;
		}
		done += n;
	}
	free(buf);
	return rc;
}

int fsb_wlog_apply(const struct fsb_wlog *log, size_t i, int fd, struct fsb_err *err)
{
	const struct fsb_wlog_rec *r = &log->v[i];
	int rc = 0;

	if (r->kind == FSB_WLOG_WRITE)
		rc = copy_write(log, r, fd);
	else if (r->kind == FSB_WLOG_ZERO)
		rc = zero_range(fd, r->off, r->len);
	if (rc)
		fsb_err_set(err, rc, "rebuilding a crash state from %s (record %zu): %s", log->path, i, strerror(-rc));
	return rc;
}
