/* SPDX-License-Identifier: GPL-2.0-or-later */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/util.h"

int fsb_err_set(struct fsb_err *err, int code, const char *fmt, ...)
{
	if (err) {
		char raw[sizeof(err->msg)];
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(raw, sizeof(raw), fmt, ap);
		va_end(ap);
		/* messages quote file content: one line, nothing a terminal acts on */
		fsb_str_visible(err->msg, sizeof(err->msg), raw);
		err->code = code;
	}
	return code;
}

int fsb_err_prefix(struct fsb_err *err, const char *fmt, ...)
{
	char pre[512], old[sizeof(err->msg)];
	va_list ap;

	if (!err)
		return 0;
	va_start(ap, fmt);
	vsnprintf(pre, sizeof(pre), fmt, ap);
	va_end(ap);
	/* a message cut at sizeof(msg) is still a message; using the result
	 * tells GCC the truncation is expected (-Wformat-truncation) */
	if (snprintf(old, sizeof(old), "%s: %s", pre, err->msg) >= (int)sizeof(old))
		old[sizeof(old) - 1] = '\0';
	fsb_str_visible(err->msg, sizeof(err->msg), old);
	return err->code;
}

void fsb_err_clear(struct fsb_err *err)
{
	if (err) {
		err->code = 0;
		err->msg[0] = '\0';
	}
}

static void oom(void)
{
	static const char msg[] = "fsbench: out of memory\n";

	if (write(2, msg, sizeof(msg) - 1) < 0) {
		/* nothing more we can do */
	}
	abort();
}

void *fsb_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom();
	return p;
}

void *fsb_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *fsb_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *fsb_xstrdup(const char *s)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		oom();
	return d;
}

char *fsb_xasprintf(const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	return fsb_buf_steal(&b);
}

static void buf_reserve(struct fsb_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	if (need <= b->cap)
		return;
	b->cap = b->cap ? b->cap : 64;
	while (b->cap < need)
		b->cap *= 2;
	b->s = fsb_xrealloc(b->s, b->cap);
}

void fsb_buf_addn(struct fsb_buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void fsb_buf_add(struct fsb_buf *b, const char *s)
{
	fsb_buf_addn(b, s, strlen(s));
}

void fsb_buf_vaddf(struct fsb_buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	buf_reserve(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void fsb_buf_addf(struct fsb_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(b, fmt, ap);
	va_end(ap);
}

char *fsb_buf_steal(struct fsb_buf *b)
{
	char *s = b->s ? b->s : fsb_xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void fsb_buf_free(struct fsb_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

void fsb_strv_add(struct fsb_strv *sv, const char *s)
{
	if (sv->n + 2 > sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = fsb_xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = fsb_xstrdup(s);
	sv->v[sv->n] = NULL;
}

void fsb_strv_addf(struct fsb_strv *sv, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	fsb_strv_add(sv, b.s ? b.s : "");
	fsb_buf_free(&b);
}

bool fsb_strv_contains(const struct fsb_strv *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return true;
	return false;
}

void *fsb_named_find(void *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(*(char *const *)v[i], name) == 0)
			return v[i];
	return NULL;
}

void *fsb_named_get(void ***v, size_t *n, size_t size, const char *name, bool *created)
{
	void *e = fsb_named_find(*v, *n, name);

	if (created)
		*created = !e;
	if (e)
		return e;
	e = fsb_xcalloc(1, size);
	*(char **)e = fsb_xstrdup(name);
	*v = fsb_xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = e;
	return e;
}

static size_t name_hash(const char *s)
{
	size_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

long fsb_names_add(struct fsb_names *ns, const char *s, long val)
{
	size_t i;

	if (2 * (ns->n + 1) > ns->cap) {
		struct fsb_names big = { 0 };

		big.cap = ns->cap ? 2 * ns->cap : 16;
		big.v = fsb_xcalloc(big.cap, sizeof(*big.v));
		big.val = fsb_xcalloc(big.cap, sizeof(*big.val));
		for (size_t k = 0; k < ns->cap; k++)
			if (ns->v[k])
				fsb_names_add(&big, ns->v[k], ns->val[k]);
		free(ns->v);
		free(ns->val);
		*ns = big;
	}
	for (i = name_hash(s) & (ns->cap - 1); ns->v[i]; i = (i + 1) & (ns->cap - 1))
		if (strcmp(ns->v[i], s) == 0)
			return ns->val[i];
	ns->v[i] = s;
	ns->val[i] = val;
	ns->n++;
	return 0;
}

long fsb_names_get(const struct fsb_names *ns, const char *s)
{
	if (!s || !ns->cap)
		return 0;
	for (size_t i = name_hash(s) & (ns->cap - 1); ns->v[i]; i = (i + 1) & (ns->cap - 1))
		if (strcmp(ns->v[i], s) == 0)
			return ns->val[i];
	return 0;
}

void fsb_names_free(struct fsb_names *ns)
{
	free(ns->v);
	free(ns->val);
	memset(ns, 0, sizeof(*ns));
}

void fsb_strv_split(struct fsb_strv *sv, const char *list, char sep)
{
	const char *p = list;

	while (p && *p) {
		const char *e = strchr(p, sep);
		size_t n = e ? (size_t)(e - p) : strlen(p);
		const char *a = p, *z = p + n;

		while (a < z && isspace((unsigned char)*a))
			a++;
		while (z > a && isspace((unsigned char)z[-1]))
			z--;
		if (z > a) {
			char *item = strndup(a, (size_t)(z - a));

			if (!item)
				oom();
			fsb_strv_add(sv, item);
			free(item);
		}
		p = e ? e + 1 : NULL;
	}
}

char *fsb_strv_join(const struct fsb_strv *sv, const char *sep)
{
	struct fsb_buf b = { 0 };

	for (size_t i = 0; i < sv->n; i++) {
		if (i)
			fsb_buf_add(&b, sep);
		fsb_buf_add(&b, sv->v[i]);
	}
	return fsb_buf_steal(&b);
}

void fsb_strv_free(struct fsb_strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

int fsb_parse_size(const char *s, unsigned long long *bytes)
{
	static const char units[] = "KMGTP";
	char *end;
	unsigned long long v, mul = 1;
	const char *u;

	if (!s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	if (*end) {
		u = strchr(units, toupper((unsigned char)*end));
		if (!u)
			return -EINVAL;
		for (const char *k = units; k <= u; k++)
			mul *= 1024;
		end++;
		if (strcmp(end, "") && strcasecmp(end, "iB") && strcasecmp(end, "B"))
			return -EINVAL;
	}
	if (v && mul > UINT64_MAX / v)
		return -EINVAL;
	*bytes = v * mul;
	return 0;
}

int fsb_parse_duration(const char *s, double *seconds)
{
	static const char units[] = "hms";
	static const double mul[] = { 3600, 60, 1 };
	double total = 0;
	int next = 0, parts = 0;

	if (!s)
		return -EINVAL;
	while (*s) {
		unsigned long long v;
		const char *u;
		char *end;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		if (!isdigit((unsigned char)*s))
			return -EINVAL;
		errno = 0;
		v = strtoull(s, &end, 10);
		if (errno || v > 30ULL * 24 * 3600)
			return -EINVAL;
		/* a bare number is seconds, and only alone */
		u = *end ? strchr(units, *end) : NULL;
		if (!*end && parts)
			return -EINVAL;
		if (*end && (!u || u - units < next))
			return -EINVAL;
		total += (double)v * (u ? mul[u - units] : 1);
		next = u ? (int)(u - units) + 1 : 3;
		s = u ? end + 1 : end;
		parts++;
	}
	if (!parts || !(total > 0) || total > 30.0 * 24 * 3600)
		return -EINVAL;
	*seconds = total;
	return 0;
}

const char *fsb_format_budget(double seconds, char *buf, size_t len)
{
	long t = seconds > 0 ? (long)(seconds + 0.5) : 0;
	int n = 0;

	buf[0] = '\0';
	if (t >= 3600)
		n += snprintf(buf + n, len - (size_t)n, "%ldh", t / 3600);
	if (t % 3600 >= 60 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, "%ldm", t % 3600 / 60);
	if ((t % 60 || !t) && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "%lds", t % 60);
	return buf;
}

const char *fsb_format_size(unsigned long long bytes, char *buf, size_t len)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes;
	size_t i = 0;

	while (v >= 1024 && i + 1 < FSB_ARRAY_SIZE(units)) {
		v /= 1024;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%llu B", bytes);
	else if (v == (double)(unsigned long long)v)
		snprintf(buf, len, "%.0f %s", v, units[i]);
	else
		snprintf(buf, len, "%.1f %s", v, units[i]);
	return buf;
}

char *fsb_shell_quote(const char *s)
{
	struct fsb_buf b = { 0 };
	bool plain = *s != '\0';

	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("/._-+:,=@%", *p))
			plain = false;
	if (plain)
		return fsb_xstrdup(s);
	fsb_buf_add(&b, "'");
	for (const char *p = s; *p; p++) {
		if (*p == '\'')
			fsb_buf_add(&b, "'\\''");
		else
			fsb_buf_addn(&b, p, 1);
	}
	fsb_buf_add(&b, "'");
	return fsb_buf_steal(&b);
}

double fsb_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const char *fsb_iso_time(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

int fsb_read_file(const char *path, char **out)
{
	size_t len;
	int rc = fsb_read_file_max(path, SIZE_MAX, out, &len);

	if (rc)
		return rc;
	while (len && ((*out)[len - 1] == '\n' || (*out)[len - 1] == ' '))
		(*out)[--len] = '\0';
	return 0;
}

int fsb_write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	size_t n = strlen(s);
	char *line;
	int rc = 0;

	if (fd < 0)
		return -errno;
	line = fsb_xasprintf("%s\n", s);
	if (write(fd, line, n + 1) != (ssize_t)(n + 1))
		rc = errno ? -errno : -EIO;
	if (close(fd) && !rc)
		rc = -errno;
	free(line);
	return rc;
}

int fsb_mkdir_p(const char *path, unsigned mode)
{
	char *p = fsb_xstrdup(path);
	int rc = 0;

	for (char *s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, mode) && errno != EEXIST) {
				rc = -errno;
				goto out;
			}
			*s = c;
			if (!c)
				break;
		}
	}
out:
	free(p);
	return rc;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP ? rmdir(path) : unlink(path))
		return errno == ENOENT ? 0 : -errno;
	return 0;
}

int fsb_rm_rf(const char *path)
{
	int rc = nftw(path, rm_one, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);

	if (rc == -1)
		return errno == ENOENT ? 0 : -errno;
	return rc;
}

bool fsb_have_program(const char *name)
{
	const char *path = getenv("PATH");
	struct fsb_strv dirs = { 0 };
	bool found = false;

	if (!name || !*name)
		return false;
	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	fsb_strv_split(&dirs, path ? path : "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", ':');
	for (size_t i = 0; i < dirs.n && !found; i++) {
		char *p = fsb_xasprintf("%s/%s", dirs.v[i], name);
		struct stat st;

		found = stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
		free(p);
	}
	/* root's PATH may lack the sbin directories where mkfs tools live */
	for (const char *const *d = (const char *const[]){ "/usr/sbin", "/sbin", NULL }; *d && !found; d++) {
		char *p = fsb_xasprintf("%s/%s", *d, name);

		found = access(p, X_OK) == 0;
		free(p);
	}
	fsb_strv_free(&dirs);
	return found;
}

char *fsb_xdg_dir(const char *which)
{
	const char *env = NULL, *def = NULL;
	const char *home = getenv("HOME");
	const char *v;

	if (strcmp(which, "config") == 0) {
		env = "XDG_CONFIG_HOME";
		def = ".config";
	} else if (strcmp(which, "data") == 0) {
		env = "XDG_DATA_HOME";
		def = ".local/share";
	} else {
		env = "XDG_CACHE_HOME";
		def = ".cache";
	}
	v = getenv(env);
	if (v && *v == '/')
		return fsb_xasprintf("%s/fsbench", v);
	return fsb_xasprintf("%s/%s/fsbench", home && *home ? home : "/root", def);
}

int fsb_drop_caches(void)
{
	sync();
	return fsb_write_file("/proc/sys/vm/drop_caches", "3");
}

void fsb_new_uuid(char *buf, size_t len)
{
	char *u = NULL;

	if (fsb_read_file("/proc/sys/kernel/random/uuid", &u) == 0) {
		snprintf(buf, len, "%s", u);
		free(u);
	} else if (len) {
		buf[0] = '\0';
	}
}

uint64_t fsb_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* ---- making text visible ------------------------------------------------- */

/* Length of the UTF-8 sequence at p if it is well-formed (no overlong
 * form, no surrogate, <= U+10FFFF), with its code point; 0 if not. */
static size_t utf8_seq(const unsigned char *p, unsigned *cp)
{
	unsigned c = p[0], n, min;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80, c &= 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800, c &= 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000, c &= 0x07;
	else
		return 0;
	for (unsigned i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* Code points a terminal acts on or that reorder the line: C0, DEL, C1,
 * the bidirectional overrides and isolates, line/paragraph separators. */
static bool cp_hostile(unsigned c)
{
	return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
	       (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029 || c == 0x200e ||
	       c == 0x200f || c == 0x061c;
}

/* The visible form of the sequence at p (n bytes, code point c) into out
 * (>= 12 bytes); returns its length. */
static size_t visible_seq(const unsigned char *p, size_t n, unsigned c, char *out)
{
	if (!n)
		return (size_t)snprintf(out, 12, "\\x%02x", p[0]);
	if (!cp_hostile(c)) {
		memcpy(out, p, n);
		return n;
	}
	switch (c) {
	case '\n':
		return (size_t)snprintf(out, 12, "\\n");
	case '\t':
		return (size_t)snprintf(out, 12, "\\t");
	case '\r':
		return (size_t)snprintf(out, 12, "\\r");
	}
	if (c < 0x100)
		return (size_t)snprintf(out, 12, "\\%03o", c);
	return (size_t)snprintf(out, 12, "\\u%04x", c);
}

bool fsb_str_is_visible(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned c;
		size_t n = utf8_seq(p, &c);

		if (!n || cp_hostile(c))
			return false;
		p += n;
	}
	return true;
}

size_t fsb_str_visible(char *buf, size_t len, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t used = 0, need = 0;
	bool full = false;

	while (*p) {
		char one[12];
		unsigned c = 0;
		size_t n = utf8_seq(p, &c), k = visible_seq(p, n, c, one);

		/* stop at a whole character: never half an escape or sequence */
		if (!full && used + k < len) {
			memcpy(buf + used, one, k);
			used += k;
		} else {
			full = true;
		}
		need += k;
		p += n ? n : 1;
	}
	if (len)
		buf[used] = '\0';
	return need;
}

char *fsb_xstr_visible(const char *s)
{
	size_t n;
	char *out;

	if (!s)
		return NULL;
	n = fsb_str_visible(NULL, 0, s);
	out = fsb_xmalloc(n + 1);
	fsb_str_visible(out, n + 1, s);
	return out;
}

void fsb_buf_add_visible(struct fsb_buf *b, const char *s)
{
	char *v = fsb_xstr_visible(s);

	fsb_buf_add(b, v);
	free(v);
}

static int read_fd_max(int fd, size_t max, char **out, size_t *len)
{
	struct fsb_buf b = { 0 };
	char chunk[65536];

	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));

		if (n < 0) {
			if (errno == EINTR)
				continue;
			fsb_buf_free(&b);
			return -errno;
		}
		if (n == 0)
			break;
		/* /dev/zero or a FIFO has no end: stop one chunk past the limit */
		if (b.len + (size_t)n > max) {
			fsb_buf_free(&b);
			return -EFBIG;
		}
		fsb_buf_addn(&b, chunk, (size_t)n);
	}
	fsb_buf_add(&b, "");
	*len = b.len;
	*out = fsb_buf_steal(&b);
	return 0;
}

int fsb_read_file_max(const char *path, size_t max, char **out, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -errno;
	rc = read_fd_max(fd, max, out, len);
	close(fd);
	return rc;
}

int fsb_read_input_max(const char *path, size_t max, char **out, size_t *len)
{
	struct stat st;
	int fd, rc;

	if (strcmp(path, "-") == 0)
		return read_fd_max(STDIN_FILENO, max, out, len);
	/* O_NONBLOCK: opening a FIFO nobody writes to must not wait */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st))
		rc = -errno;
	else if (S_ISDIR(st.st_mode))
		rc = -EISDIR;
	else if (!S_ISREG(st.st_mode))
		rc = -EINVAL;
	else if ((uintmax_t)st.st_size > max)
		rc = -EFBIG;
	else
		rc = read_fd_max(fd, max, out, len);
	close(fd);
	return rc;
}

/* The process's umask without changing it: umask(2) can only set it, and
 * setting it back races with the other threads' files. */
static mode_t current_umask(void)
{
	char *status = NULL, *line;
	unsigned mask = 022;

	if (fsb_read_file("/proc/self/status", &status) == 0 && (line = strstr(status, "\nUmask:")))
		sscanf(line + 7, "%o", &mask);
	free(status);
	return (mode_t)mask;
}

int fsb_outfile_open(struct fsb_outfile *of, const char *path, struct fsb_err *err)
{
	mode_t mode = 0666 & ~current_umask();
	struct stat st;
	int fd = -1, rc = 0;

	*of = (struct fsb_outfile){ 0 };
	if (!*path) {
		rc = fsb_err_set(err, -EINVAL, "cannot write '': an empty file name");
		goto out;
	}
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			rc = fsb_err_set(err, -EISDIR, "cannot write %s: a directory", path);
			goto out;
		}
		if (!S_ISREG(st.st_mode)) {
			rc = fsb_err_set(err, -EINVAL, "cannot write %s: not a regular file (a device, FIFO "
					 "or socket is never replaced)", path);
			goto out;
		}
		mode = st.st_mode & 07777;
		/* the file a link names, so the link stays a link */
		of->path = realpath(path, NULL);
	} else if (errno != ENOENT) {
		rc = fsb_err_set(err, -errno, "cannot write %s: %s", path, strerror(errno));
		goto out;
	}
	if (!of->path)
		of->path = fsb_xstrdup(path);
	of->tmp = fsb_xasprintf("%s.tmp.XXXXXX", of->path);
	fd = mkostemp(of->tmp, O_CLOEXEC);
	if (fd < 0) {
		/* the user named path, not the temporary file */
		rc = fsb_err_set(err, -errno, "cannot write %s: %s", of->path, strerror(errno));
		goto out;
	}
	if (fchmod(fd, mode) || !(of->fp = fdopen(fd, "w"))) {
		rc = fsb_err_set(err, -errno, "cannot create %s: %s", of->tmp, strerror(errno));
		close(fd);
		unlink(of->tmp);
		goto out;
	}
out:
	if (rc) {
		free(of->tmp);
		free(of->path);
		*of = (struct fsb_outfile){ 0 };
	}
	return rc;
}

int fsb_outfile_commit(struct fsb_outfile *of, struct fsb_err *err)
{
	int rc = 0;

	errno = 0;
	if (fflush(of->fp) || ferror(of->fp))
		rc = -(errno ? errno : EIO);
	if (!rc && fsync(fileno(of->fp)))
		rc = -errno;
	if (fclose(of->fp) && !rc)
		rc = -errno;
	of->fp = NULL;
	if (!rc && rename(of->tmp, of->path))
		rc = -errno;
	if (rc) {
		fsb_err_set(err, rc, "cannot write %s: %s", of->path, strerror(-rc));
	} else {
		free(of->tmp);    /* in place now: nothing to remove */
		of->tmp = NULL;
	}
	fsb_outfile_abort(of);
	return rc;
}

void fsb_outfile_abort(struct fsb_outfile *of)
{
	if (of->fp)
		fclose(of->fp);
	if (of->tmp)
		unlink(of->tmp);
	free(of->tmp);
	free(of->path);
	*of = (struct fsb_outfile){ 0 };
}

int fsb_name_index(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; s && i < n; i++)
		if (names[i] && strcmp(names[i], s) == 0)
			return (int)i;
	return -1;
}
