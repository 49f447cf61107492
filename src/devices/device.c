/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Block devices: gather the facts (sysfs, libblkid, /proc, O_EXCL), let
 * devrules.c judge them, and hold the claim around each mkfs.  The contract
 * is in device.h.
 */
#include <blkid.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "model/opts.h"
#include "devices/device.h"
#include "devices/devrules.h"
#include "devices/device_int.h"

/* Old headers: the kernel answers ENOTTY and we fall back to sysfs. */
#ifndef BLKGETDISKSEQ
#define BLKGETDISKSEQ _IOR(0x12, 128, __u64)
#endif

#define MAX_DEPTH 8	/* of device stacks: dm on md on loop on … */

/* ---- sysfs ---------------------------------------------------------------- */

static char *sys_path(dev_t devno, const char *attr)
{
	return fsb_xasprintf("/sys/dev/block/%u:%u%s%s", major(devno), minor(devno),
			     attr ? "/" : "", attr ? attr : "");
}

static char *sys_read(dev_t devno, const char *attr)
{
	char *p = sys_path(devno, attr), *v = NULL;

	if (fsb_read_file(p, &v) < 0)
		v = NULL;
	free(p);
	return v;
}

static bool sys_exists(dev_t devno, const char *attr)
{
	char *p = sys_path(devno, attr);
	bool ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

static bool parse_devno(const char *s, dev_t *out)
{
	unsigned ma, mi;

	if (!s || sscanf(s, "%u:%u", &ma, &mi) != 2)
		return false;
	*out = makedev(ma, mi);
	return true;
}

bool fsb_device_sys_ull(dev_t devno, const char *attr, unsigned long long *v)
{
	char *s = sys_read(devno, attr), *end;
	bool ok = false;

	if (s) {
		errno = 0;
		*v = strtoull(s, &end, 10);
		ok = !errno && end != s;
	}
	free(s);
	return ok;
}

static dev_t sys_devno(const char *dir)
{
	char *p = fsb_xasprintf("%s/dev", dir), *v = NULL;
	dev_t d = 0;

	if (fsb_read_file(p, &v) == 0)
		parse_devno(v, &d);
	free(p);
	free(v);
	return d;
}

/* The kernel name ("loop3", "nvme0n1p2"), from uevent's DEVNAME. */
static char *sys_kname(dev_t devno)
{
	char *u = sys_read(devno, "uevent"), *name = NULL;

	for (char *line = u; line && *line;) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		if (strncmp(line, "DEVNAME=", 8) == 0) {
			name = fsb_xstrdup(line + 8);
			break;
		}
		line = nl ? nl + 1 : NULL;
	}
	free(u);
	if (!name) {
		char *p = sys_path(devno, NULL), real[PATH_MAX];

		if (realpath(p, real))
			name = fsb_xstrdup(strrchr(real, '/') + 1);
		free(p);
	}
	return name;
}

static char *trimmed(char *s)
{
	size_t n;
	char *start = s;

	if (!s)
		return NULL;
	while (*start == ' ' || *start == '\t')
		start++;
	n = strlen(start);
	while (n && (start[n - 1] == ' ' || start[n - 1] == '\t' || start[n - 1] == '\n'))
		start[--n] = '\0';
	memmove(s, start, n + 1);
	if (!*s) {
		free(s);
		return NULL;
	}
	return s;
}

static bool is_partition(dev_t devno)
{
	return sys_exists(devno, "partition");
}

/* The whole disk of a partition (sysfs nests partitions in their disk). */
static dev_t sys_parent(dev_t part)
{
	char *v = sys_read(part, "../dev");
	dev_t d = 0;

	parse_devno(v, &d);
	free(v);
	return d;
}

static dev_t whole_of(dev_t devno)
{
	return is_partition(devno) ? sys_parent(devno) : devno;
}

struct devnos {
	dev_t *v;
	size_t n;
};

static void devnos_add(struct devnos *l, dev_t d)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i] == d)
			return;
	l->v = fsb_xrealloc(l->v, (l->n + 1) * sizeof(dev_t));
	l->v[l->n++] = d;
}

static int cmp_names(const struct dirent **a, const struct dirent **b)
{
	return strverscmp((*a)->d_name, (*b)->d_name);
}

/* Entries of sysfs dir "sub" (holders, slaves) or, with sub NULL, the
 * partitions nested in a disk's directory: their device numbers. */
static void sys_list(dev_t devno, const char *sub, struct devnos *out)
{
	char *dir = sys_path(devno, sub);
	struct dirent **ents = NULL;
	int n = scandir(dir, &ents, NULL, cmp_names);

	for (int i = 0; i < n; i++) {
		char *child = fsb_xasprintf("%s/%s", dir, ents[i]->d_name);
		char *part = fsb_xasprintf("%s/partition", child);

		if (ents[i]->d_name[0] != '.' && (sub || access(part, F_OK) == 0)) {
			dev_t d = sys_devno(child);

			if (d)
				devnos_add(out, d);
		}
		free(part);
		free(child);
		free(ents[i]);
	}
	free(ents);
	free(dir);
}

/* The whole disks under devno, following slaves through dm/md stacks. */
static void collect_disks(dev_t devno, struct devnos *out, int depth)
{
	struct devnos slaves = { 0 };

	sys_list(devno, "slaves", &slaves);
	if (!slaves.n || depth >= MAX_DEPTH)
		devnos_add(out, whole_of(devno));
	for (size_t i = 0; i < slaves.n && depth < MAX_DEPTH; i++)
		collect_disks(slaves.v[i], out, depth + 1);
	free(slaves.v);
}

static char *dev_path(dev_t devno)
{
	char *k = sys_kname(devno), *p;

	p = k ? fsb_xasprintf("/dev/%s", k) : fsb_xasprintf("/dev/block/%u:%u", major(devno), minor(devno));
	free(k);
	return p;
}

/* ---- the system snapshot ---------------------------------------------------- */

static dev_t block_rdev(const char *path)
{
	struct stat st;

	if (!path || path[0] != '/' || stat(path, &st) || !S_ISBLK(st.st_mode))
		return 0;
	return st.st_rdev;
}

static int load_mounts(struct fsb_devsnap *s, struct fsb_err *err)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	int rc;

	if (!f)
		return fsb_err_set(err, -errno, "cannot read /proc/self/mountinfo: %s "
				   "(is /proc mounted?)", strerror(errno));
	rc = fsb_devrules_parse_mountinfo(s, f);
	fclose(f);
	if (rc < 0)
		return fsb_err_set(err, rc, "cannot parse /proc/self/mountinfo: %s", strerror(-rc));
	/* btrfs and friends show an anonymous 0:N there; the source names the device */
	for (size_t i = 0; i < s->nmounts; i++)
		s->mounts[i].src_rdev = block_rdev(s->mounts[i].source);
	return 0;
}

static void load_swaps(struct fsb_devsnap *s)
{
	char *text = NULL;

	if (fsb_read_file("/proc/swaps", &text) < 0)
		return;	/* a kernel without swap support has no swap in use */
	fsb_devrules_parse_swaps(s, text);
	free(text);
	for (size_t i = 0; i < s->nswaps; i++) {
		struct stat st;

		if (stat(s->swaps[i].path, &st))
			continue;
		if (S_ISBLK(st.st_mode))
			s->swaps[i].devno = st.st_rdev;
		else
			s->swaps[i].devno = st.st_dev;
	}
}

static void load_loops(struct fsb_devsnap *s)
{
	struct dirent **ents = NULL;
	int n = scandir("/sys/block", &ents, NULL, cmp_names);

	for (int i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		char *dir = fsb_xasprintf("/sys/block/%s", name);
		char *bf = fsb_xasprintf("%s/loop/backing_file", dir), *backing = NULL;
		dev_t devno = sys_devno(dir), rdev = 0, fsdev = 0;

		if (strncmp(name, "loop", 4) == 0 && devno && fsb_read_file(bf, &backing) == 0) {
			char *path = fsb_xasprintf("/dev/%s", name);
			struct loop_info64 li;
			int fd = open(path, O_RDONLY | O_CLOEXEC);

			/* the loop driver's own record of the backing inode survives a
			 * rename or unlink of the file; stat() of the name does not */
			if (fd >= 0 && ioctl(fd, LOOP_GET_STATUS64, &li) == 0) {
				fsdev = (dev_t)li.lo_device;
				rdev = (dev_t)li.lo_rdevice;
			} else {
				struct stat st;

				if (stat(backing, &st) == 0) {
					if (S_ISBLK(st.st_mode))
						rdev = st.st_rdev;
					fsdev = st.st_dev;
				}
			}
			if (fd >= 0)
				close(fd);
			/* for a block device backing, st_dev is devtmpfs: meaningless */
			if (rdev)
				fsdev = 0;
			fsb_devsnap_add_loop(s, path, devno, backing, rdev, fsdev);
			free(path);
		}
		free(backing);
		free(bf);
		free(dir);
		free(ents[i]);
	}
	free(ents);
}

static void load_fstab(struct fsb_devsnap *s, const char *named)
{
	const char *path = named ? named : "/etc/fstab";
	FILE *f;
	int rc;

	s->fstab_path = fsb_xstrdup(path);
	f = fopen(path, "re");
	if (!f) {
		if (errno != ENOENT || named)
			s->fstab_error = fsb_xasprintf("reading it failed: %s", strerror(errno));
		return;
	}
	rc = fsb_devrules_parse_fstab(s, f, path);
	fclose(f);
	if (rc < 0)
		s->fstab_error = fsb_xasprintf("parsing it failed: %s", strerror(-rc));
	for (size_t i = 0; i < s->nfstab; i++)
		if (!s->fstab[i].tag)
			s->fstab[i].rdev = block_rdev(s->fstab[i].value);
}

static void load_crypttab(struct fsb_devsnap *s, const char *named)
{
	const char *path = named ? named : "/etc/crypttab";
	char *text = NULL;
	int rc;

	s->crypttab_path = fsb_xstrdup(path);
	rc = fsb_read_file(path, &text);
	if (rc < 0) {
		if (rc != -ENOENT || named)
			s->crypttab_error = fsb_xasprintf("reading it failed: %s", strerror(-rc));
		return;
	}
	fsb_devrules_parse_crypttab(s, text);
	free(text);
	for (size_t i = 0; i < s->ncrypttab; i++)
		if (!s->crypttab[i].tag)
			s->crypttab[i].rdev = block_rdev(s->crypttab[i].value);
}

/* top and everything under it (slaves) hold `what`. */
static void add_system(struct fsb_devsnap *s, dev_t top, const char *what, bool is_root,
		       bool with_top, const char *via, int depth)
{
	struct devnos slaves = { 0 };
	char *top_path = NULL;

	if (with_top)
		fsb_devsnap_add_sys(s, top, what, via, is_root);
	sys_list(top, "slaves", &slaves);
	if (slaves.n && !via)
		via = top_path = dev_path(top);
	for (size_t i = 0; i < slaves.n && depth < MAX_DEPTH; i++)
		add_system(s, slaves.v[i], what, is_root, true, via, depth + 1);
	if (is_root && (!slaves.n || depth >= MAX_DEPTH)) {
		dev_t w = whole_of(top);
		char *p = dev_path(w);

		fsb_devsnap_add_root_disk(s, w, p);
		free(p);
	}
	free(top_path);
	free(slaves.v);
}

/* The device a mount point is on, or 0. */
static dev_t mount_devno(const struct fsb_devsnap *s, const char *target)
{
	dev_t d = 0;

	/* the last entry wins: it is the one on top */
	for (size_t i = 0; i < s->nmounts; i++) {
		const struct fsb_devsnap_mount *m = &s->mounts[i];

		if (strcmp(m->target, target) != 0)
			continue;
		if (m->src_rdev)
			d = m->src_rdev;
		else if (major(m->devno))
			d = m->devno;
		else
			d = 0;
	}
	return d;
}

static void load_system(struct fsb_devsnap *s)
{
	static const struct { const char *target, *what; } sysmounts[] = {
		{ "/boot", "/boot" },
		{ "/boot/efi", "the EFI system partition (/boot/efi)" },
		{ "/efi", "the EFI system partition (/efi)" },
	};
	dev_t root = mount_devno(s, "/");
	char *resume;

	if (!root) {
		struct stat st;

		/* an overlay or tmpfs root has no device of its own; a real one
		 * that mountinfo shows as 0:N may still have st_dev */
		if (stat("/", &st) == 0 && major(st.st_dev) && sys_exists(st.st_dev, NULL))
			root = st.st_dev;
	}
	if (root && sys_exists(root, NULL))
		add_system(s, root, "the root filesystem", true, true, NULL, 0);
	for (size_t i = 0; i < FSB_ARRAY_SIZE(sysmounts); i++) {
		dev_t d = mount_devno(s, sysmounts[i].target);

		if (d && sys_exists(d, NULL))
			add_system(s, d, sysmounts[i].what, false, true, NULL, 0);
	}
	for (size_t i = 0; i < s->nswaps; i++) {
		dev_t d = s->swaps[i].devno;

		/* the swap rule names the device itself; here: what is under it */
		if (d && sys_exists(d, NULL))
			add_system(s, d, s->swaps[i].is_file ? "an active swap file" : "active swap",
				   false, false, NULL, 0);
	}
	if (fsb_read_file("/sys/power/resume", &resume) == 0) {
		dev_t d = 0;

		if (parse_devno(resume, &d) && major(d))
			s->resume = d;
		free(resume);
	}
}

/* ---- what other processes see and hold (passive: /proc only) ------------------ */

static bool is_pid_name(const char *n)
{
	if (!*n)
		return false;
	for (; *n; n++)
		if (!isdigit((unsigned char)*n))
			return false;
	return true;
}

static char *proc_comm(const char *pid)
{
	char *p = fsb_xasprintf("/proc/%s/comm", pid), *text = NULL;

	if (fsb_read_file(p, &text) == 0)
		text[strcspn(text, "\n")] = '\0';
	free(p);
	return text;
}

static bool has_mount(const struct fsb_devsnap *s, size_t n, dev_t devno, const char *target)
{
	for (size_t i = 0; i < n; i++)
		if (s->mounts[i].devno == devno && strcmp(s->mounts[i].target, target) == 0)
			return true;
	return false;
}

/*
 * The mounts of every other mount namespace we can see, one process per
 * namespace: a device mounted in a container or an `unshare -m` shell is as
 * busy as one mounted here.  A mount that this namespace has too (same
 * device, same place) is not repeated.  Unreadable processes are skipped:
 * what cannot be seen is left to the claim's exclusive open.
 */
static void load_ns_mounts(struct fsb_devsnap *s)
{
	struct stat self;
	ino_t *seen = NULL;
	size_t nseen = 0, own = s->nmounts;
	struct dirent *e;
	DIR *dir;

	if (stat("/proc/self/ns/mnt", &self) || !(dir = opendir("/proc")))
		return;
	while ((e = readdir(dir))) {
		char *p;
		struct stat st;
		bool dup = false;
		size_t before;
		FILE *f;

		if (!is_pid_name(e->d_name))
			continue;
		p = fsb_xasprintf("/proc/%s/ns/mnt", e->d_name);
		if (stat(p, &st) || (st.st_ino == self.st_ino && st.st_dev == self.st_dev)) {
			free(p);
			continue;
		}
		free(p);
		for (size_t i = 0; i < nseen; i++)
			dup |= seen[i] == st.st_ino;
		if (dup)
			continue;
		p = fsb_xasprintf("/proc/%s/mountinfo", e->d_name);
		f = fopen(p, "re");
		free(p);
		if (!f)
			continue;
		seen = fsb_xrealloc(seen, (nseen + 1) * sizeof(*seen));
		seen[nseen++] = st.st_ino;
		{
			struct fsb_devsnap other = { 0 };

			if (fsb_devrules_parse_mountinfo(&other, f) >= 0) {
				before = s->nmounts;
				for (size_t i = 0; i < other.nmounts; i++) {
					const struct fsb_devsnap_mount *m = &other.mounts[i];

					if (has_mount(s, own, m->devno, m->target))
						continue;
					fsb_devsnap_add_mount(s, m->devno, block_rdev(m->source), m->source,
							      m->target);
				}
				for (size_t i = before; i < s->nmounts; i++)
					s->mounts[i].ns_pid = (pid_t)atoi(e->d_name);
			}
			fsb_devsnap_free(&other);
		}
		fclose(f);
	}
	closedir(dir);
	free(seen);
}

/* One descriptor (or cwd) of another process: the block device node it has
 * open, or the filesystem a file it has open lives on. */
static void load_open(struct fsb_devsnap *s, pid_t pid, const char *comm, const char *link)
{
	char target[64];
	ssize_t n = readlink(link, target, sizeof(target) - 1);
	struct stat st;

	if (n <= 0)
		return;
	target[n] = '\0';
	/* pipes, sockets, anon inodes: nothing on a disk */
	if (target[0] != '/' || stat(link, &st))
		return;
	if (S_ISBLK(st.st_mode))
		fsb_devsnap_add_open(s, pid, comm, st.st_rdev, 0);
	else if (major(st.st_dev))	/* 0:N are proc, tmpfs, btrfs subvolumes …: no device */
		fsb_devsnap_add_open(s, pid, comm, 0, st.st_dev);
}

/*
 * Who has what open: every process's descriptors and working directory.
 * Reading /proc/PID/fd opens nothing but a directory listing, so a scan
 * disturbs no device; a process that comes or goes meanwhile is simply
 * seen or not.  fsbench's own descriptors (its claim) do not count.
 */
static void load_opens(struct fsb_devsnap *s)
{
	struct dirent *e;
	DIR *dir = opendir("/proc");
	pid_t self = getpid();

	if (!dir)
		return;
	while ((e = readdir(dir))) {
		pid_t pid;
		char *fddir, *comm, *cwd;
		struct dirent *f;
		DIR *fds;

		if (!is_pid_name(e->d_name) || (pid = (pid_t)atoi(e->d_name)) == self)
			continue;
		fddir = fsb_xasprintf("/proc/%s/fd", e->d_name);
		fds = opendir(fddir);
		if (!fds) {
			free(fddir);
			continue;
		}
		comm = proc_comm(e->d_name);
		while ((f = readdir(fds))) {
			char *link;

			if (!is_pid_name(f->d_name))
				continue;
			link = fsb_xasprintf("%s/%s", fddir, f->d_name);
			load_open(s, pid, comm, link);
			free(link);
		}
		closedir(fds);
		cwd = fsb_xasprintf("/proc/%s/cwd", e->d_name);
		load_open(s, pid, comm, cwd);
		free(cwd);
		free(comm);
		free(fddir);
	}
	closedir(dir);
}

static int snap_load(const struct fsb_device_opts *o, struct fsb_devsnap *s, struct fsb_err *err)
{
	int rc;

	memset(s, 0, sizeof(*s));
	rc = load_mounts(s, err);
	if (rc)
		goto out;
	load_ns_mounts(s);
	load_opens(s);
	load_swaps(s);
	load_loops(s);
	load_fstab(s, o->fstab);
	load_crypttab(s, o->crypttab);
	load_system(s);
out:
	if (rc)
		fsb_devsnap_free(s);
	return rc;
}

/* ---- one device's facts ------------------------------------------------------ */

const char *fsb_device_sig_get(const struct fsb_device_sig *s, const char *key)
{
	for (size_t i = 0; i < s->keys.n; i++)
		if (strcmp(s->keys.v[i], key) == 0)
			return s->values.v[i];
	return NULL;
}

static void sig_add(struct fsb_device_sig *g, const char *key, const char *value)
{
	if (fsb_device_sig_get(g, key))
		return;
	fsb_strv_add(&g->keys, key);
	fsb_strv_add(&g->values, value);
}

/* Every signature, as wipefs finds them: probe, record, hide that magic
 * from the prober, probe again. */
static void probe_all(struct fsb_device *d, int fd, unsigned long long at, unsigned long long size)
{
	blkid_probe pr = blkid_new_probe();

	if (!pr || blkid_probe_set_device(pr, fd, (blkid_loff_t)at, (blkid_loff_t)size)) {
		d->probe_error = fsb_xstrdup("libblkid could not set up a probe");
		goto out;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID |
					  BLKID_SUBLKS_TYPE | BLKID_SUBLKS_SECTYPE |
					  BLKID_SUBLKS_USAGE | BLKID_SUBLKS_VERSION |
					  BLKID_SUBLKS_MAGIC | BLKID_SUBLKS_BADCSUM);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC | BLKID_PARTS_FORCE_GPT);

	while (blkid_do_probe(pr) == 0) {
		struct fsb_device_sig g = { 0 };
		const char *type = NULL, *pttype = NULL, *off = NULL;
		size_t maglen = 0;
		int n = blkid_probe_numof_values(pr);

		for (int i = 0; i < n; i++) {
			const char *name, *data;
			size_t len;

			if (blkid_probe_get_value(pr, i, &name, &data, &len))
				continue;
			if (strcmp(name, "TYPE") == 0)
				type = data;
			else if (strcmp(name, "PTTYPE") == 0)
				pttype = data;
			else if (strcmp(name, "SBMAGIC_OFFSET") == 0 || strcmp(name, "PTMAGIC_OFFSET") == 0)
				off = data;
			else if (strcmp(name, "SBMAGIC") == 0 || strcmp(name, "PTMAGIC") == 0)
				maglen = len;
		}
		if (!type && !pttype)
			continue;
		if (type)
			sig_add(&g, "TYPE", type);
		else
			sig_add(&g, "PTTYPE", pttype);
		for (int i = 0; i < n; i++) {
			const char *name, *data;
			size_t len;

			if (blkid_probe_get_value(pr, i, &name, &data, &len) == 0 &&
			    strstr(name, "MAGIC") == NULL)
				sig_add(&g, name, data);
		}
		if (pttype && !type)
			sig_add(&g, "USAGE", "partition-table");
		g.offset = off ? strtoull(off, NULL, 10) : 0;
		d->sigs = fsb_xrealloc(d->sigs, (d->nsigs + 1) * sizeof(*d->sigs));
		d->sigs[d->nsigs++] = g;
		if (!off || !maglen)
			break;	/* cannot hide it: the next probe would find it again */
		blkid_probe_hide_range(pr, g.offset, maglen);
		blkid_probe_step_back(pr);
	}
out:
	blkid_free_probe(pr);
}

static char *lookup(blkid_probe pr, const char *name)
{
	const char *v;

	return blkid_probe_lookup_value(pr, name, &v, NULL) == 0 ? fsb_xstrdup(v) : NULL;
}

/* libblkid's verdict (what lsblk and mount would see), the ambiguity test,
 * and the partition's own entry in its disk's table. */
static void probe_safe(struct fsb_device *d, int fd, unsigned long long at, unsigned long long size)
{
	blkid_probe pr = blkid_new_probe();
	int rc;

	if (!pr || blkid_probe_set_device(pr, fd, (blkid_loff_t)at, (blkid_loff_t)size)) {
		if (!d->probe_error)
			d->probe_error = fsb_xstrdup("libblkid could not set up a probe");
		goto out;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID |
					  BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
	errno = 0;
	rc = blkid_do_safeprobe(pr);
	if (rc == -2) {
		d->ambiguous = true;
	} else if (rc < 0) {
		if (!d->probe_error)
			d->probe_error = fsb_xasprintf("libblkid failed: %s",
						       errno ? strerror(errno) : "unknown error");
	} else if (rc == 0) {
		d->fstype = lookup(pr, "TYPE");
		d->label = lookup(pr, "LABEL");
		d->uuid = lookup(pr, "UUID");
		d->pttype = lookup(pr, "PTTYPE");
		d->part_uuid = lookup(pr, "PART_ENTRY_UUID");
		d->part_label = lookup(pr, "PART_ENTRY_NAME");
		d->part_type = lookup(pr, "PART_ENTRY_TYPE");
	}
out:
	blkid_free_probe(pr);
}

/*
 * A partition probed through its disk (fd, the partition at byte off): its
 * entry in the disk's table, which libblkid only reports for a probe of the
 * partition node itself.
 */
static void probe_entry(struct fsb_device *d, int fd, unsigned long long off)
{
	blkid_probe pr = blkid_new_probe();
	blkid_partlist pl;
	int n;

	if (!pr || blkid_probe_set_device(pr, fd, 0, 0))
		goto out;
	blkid_probe_enable_superblocks(pr, 0);
	blkid_probe_enable_partitions(pr, 1);
	pl = blkid_probe_get_partitions(pr);
	n = pl ? blkid_partlist_numof_partitions(pl) : 0;
	for (int i = 0; i < n; i++) {
		blkid_partition par = blkid_partlist_get_partition(pl, i);
		const char *v;

		if (!par || (unsigned long long)blkid_partition_get_start(par) * 512 != off)
			continue;
		if ((v = blkid_partition_get_uuid(par)) && !d->part_uuid)
			d->part_uuid = fsb_xstrdup(v);
		if ((v = blkid_partition_get_name(par)) && !d->part_label)
			d->part_label = fsb_xstrdup(v);
		if (!d->part_type) {
			v = blkid_partition_get_type_string(par);
			d->part_type = v ? fsb_xstrdup(v)
					 : fsb_xasprintf("0x%x", (unsigned)blkid_partition_get_type(par));
		}
		break;
	}
out:
	blkid_free_probe(pr);
}

static void set_kind(struct fsb_device *d)
{
	const char *k = "disk";
	char *kname = strrchr(d->path, '/') ? strrchr(d->path, '/') + 1 : d->path;

	if (d->is_partition) {
		k = "part";
	} else if (major(d->devno) == LOOP_MAJOR_NR) {
		k = "loop";
	} else if (strncmp(kname, "dm-", 3) == 0) {
		char *uuid = sys_read(d->devno, "dm/uuid");

		k = "dm";
		if (uuid && strncmp(uuid, "LVM-", 4) == 0)
			k = "lvm";
		else if (uuid && strncmp(uuid, "CRYPT-", 6) == 0)
			k = "crypt";
		free(uuid);
	} else if (strncmp(kname, "md", 2) == 0) {
		k = "raid";
	} else if (major(d->devno) == 11) {
		k = "rom";
	}
	snprintf(d->kind, sizeof(d->kind), "%s", k);
}

unsigned long long fsb_device_fd_diskseq(int fd, dev_t devno)
{
	__u64 seq = 0;
	unsigned long long v = 0;

	if (fd >= 0 && ioctl(fd, BLKGETDISKSEQ, &seq) == 0)
		return seq;
	/* older kernels: sysfs has it for whole disks (partitions share it) */
	if (fsb_device_sys_ull(whole_of(devno), "diskseq", &v))
		return v;
	return 0;
}

/* What sysfs says about d->devno: its names, size, partitions, what it
 * is built on and what holds it, the disks it lives on, model and serial. */
static void gather_sysfs(struct fsb_device *d)
{
	dev_t devno = d->devno, model_dev;
	struct devnos list = { 0 };
	char *sysdir = sys_path(devno, NULL);

	snprintf(d->majmin, sizeof(d->majmin), "%u:%u", major(devno), minor(devno));
	d->path = dev_path(devno);
	d->is_partition = is_partition(devno);
	d->is_whole = !d->is_partition;
	if (d->is_partition) {
		unsigned long long pn = 0;

		fsb_device_sys_ull(devno, "partition", &pn);
		d->partno = (int)pn;
		d->parent_devno = sys_parent(devno);
		if (d->parent_devno)
			d->parent = dev_path(d->parent_devno);
	}
	set_kind(d);
	if (fsb_device_sys_ull(devno, "size", &d->size))
		d->size *= 512;	/* sysfs counts 512-byte sectors whatever the block size */
	{
		unsigned long long r = 0;

		if (fsb_device_sys_ull(devno, "ro", &r))
			d->ro = r != 0;
	}

	if (d->is_whole) {
		sys_list(devno, NULL, &list);
		for (size_t i = 0; i < list.n; i++) {
			char *p = dev_path(list.v[i]);

			fsb_strv_add(&d->partitions, p);
			free(p);
		}
		list.n = 0;
	}
	sys_list(devno, "slaves", &list);
	for (size_t i = 0; i < list.n; i++) {
		char *p = dev_path(list.v[i]);

		fsb_strv_add(&d->slaves, p);
		free(p);
	}
	free(list.v);
	fsb_devrules_read_holders(sysdir, &d->holders);
	free(sysdir);

	if (major(devno) == LOOP_MAJOR_NR && !d->is_partition) {
		char *b = sys_read(devno, "loop/backing_file");

		d->backing_file = b;
	}
	{
		struct devnos disks = { 0 };

		collect_disks(devno, &disks, 0);
		d->disks = disks.v;
		d->ndisks = disks.n;
	}

	model_dev = d->is_partition ? d->parent_devno : devno;
	d->model = trimmed(sys_read(model_dev, "device/model"));
	d->serial = trimmed(sys_read(model_dev, "serial"));
	if (!d->serial)
		d->serial = trimmed(sys_read(model_dev, "device/serial"));
}

/* Passive: read a partition through its disk.  An open partition makes the
 * kernel refuse to re-read or change the disk's table (BLKRRPART, BLKPG:
 * EBUSY) — a scan must not break a partitioner.  False when the disk
 * cannot stand in for it (then the partition itself is opened). */
static bool probe_via_disk(struct fsb_device *d)
{
	unsigned long long start = 0;
	int dfd = open(d->parent, O_RDONLY | O_CLOEXEC);
	struct stat st;
	bool done = false;

	if (dfd >= 0 && fstat(dfd, &st) == 0 && S_ISBLK(st.st_mode) &&
	    st.st_rdev == d->parent_devno && fsb_device_sys_ull(d->devno, "start", &start)) {
		d->diskseq = fsb_device_fd_diskseq(dfd, d->devno);
		probe_all(d, dfd, start * 512, d->size);
		probe_safe(d, dfd, start * 512, d->size);
		probe_entry(d, dfd, start * 512);
		done = true;
	}
	if (dfd >= 0)
		close(dfd);
	return done;
}

/* The device opened for the probe (O_EXCL first with FSB_GATHER_EXCL), or
 * -1 with d->probe_error (and d->excl_errno) saying why. */
static int open_for_probe(struct fsb_device *d, const char *open_path, unsigned how)
{
	const char *p = open_path ? open_path : d->path;
	int fd = -1;

	if (how & FSB_GATHER_EXCL) {
		fd = open(p, O_RDONLY | O_EXCL | O_CLOEXEC);
		if (fd < 0)
			d->excl_errno = errno;
	}
	if (fd < 0)
		fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		struct stat st;

		/* a stale node under /dev must not stand in for the device */
		if (fstat(fd, &st) || !S_ISBLK(st.st_mode) || st.st_rdev != d->devno) {
			close(fd);
			fd = -1;
			errno = ENODEV;
		}
	}
	if (fd < 0) {
		d->probe_error = fsb_xasprintf("opening %s failed: %s", p, strerror(errno));
		if ((how & FSB_GATHER_EXCL) && !d->excl_errno)
			d->excl_errno = errno;
	}
	return fd;
}

/*
 * Facts about devno.  held_fd >= 0: fsbench holds the device open O_EXCL
 * through that descriptor (probe through it, do not call it busy).
 * open_path: the node to open (what the user named, resolved), or NULL for
 * /dev/<kernel name>.
 */
static void gather(dev_t devno, int held_fd, const char *open_path, unsigned how,
		   struct fsb_device *d)
{
	int fd = held_fd, ro = 0;

	d->devno = devno;
	d->passive = held_fd < 0 && !(how & FSB_GATHER_EXCL);
	gather_sysfs(d);
	if (d->size == 0) {
		/* nothing to probe, and opening an empty card reader only wakes it */
		d->diskseq = fsb_device_fd_diskseq(-1, devno);
		return;
	}
	if (fd < 0 && d->passive && d->is_partition && d->parent && probe_via_disk(d))
		return;
	if (fd < 0)
		fd = open_for_probe(d, open_path, how);
	d->diskseq = fsb_device_fd_diskseq(fd, devno);
	if (fd >= 0) {
		if (ioctl(fd, BLKROGET, &ro) == 0 && ro)
			d->ro = true;
		probe_all(d, fd, 0, 0);
		probe_safe(d, fd, 0, 0);
	}
	if (fd >= 0 && fd != held_fd)
		close(fd);
}

void fsb_device_free(struct fsb_device *d)
{
	if (!d)
		return;
	free(d->path);
	free(d->given);
	free(d->model);
	free(d->serial);
	free(d->parent);
	fsb_strv_free(&d->partitions);
	fsb_strv_free(&d->slaves);
	fsb_strv_free(&d->holders);
	free(d->disks);
	free(d->backing_file);
	for (size_t i = 0; i < d->nsigs; i++) {
		fsb_strv_free(&d->sigs[i].keys);
		fsb_strv_free(&d->sigs[i].values);
	}
	free(d->sigs);
	free(d->fstype);
	free(d->label);
	free(d->uuid);
	free(d->pttype);
	free(d->part_uuid);
	free(d->part_label);
	free(d->part_type);
	free(d->probe_error);
	fsb_strv_free(&d->mountpoints);
	fsb_strv_free(&d->reasons);
	free(d->reason_codes);
	free(d->root_disk);
	fsb_strv_free(&d->passed);
	fsb_strv_free(&d->doubts);
	memset(d, 0, sizeof(*d));
}

/* ---- the verdict ------------------------------------------------------------- */

/* A related device's reasons as d's, prefixed, each with its own code. */
static void add_prefixed(struct fsb_devwhy *to, const char *prefix, const struct fsb_devwhy *from)
{
	for (size_t i = 0; i < from->text.n; i++) {
		char *r = fsb_xasprintf("%s%s", prefix, from->text.v[i]);

		if (!fsb_strv_contains(&to->text, r))
			fsb_devwhy_add(to, from->code[i], "%s", r);
		free(r);
	}
}

static const struct fsb_devsnap_loop *find_loop(const struct fsb_devsnap *s, dev_t devno)
{
	for (size_t i = 0; i < s->nloops; i++)
		if (s->loops[i].devno == devno)
			return &s->loops[i];
	return NULL;
}

/* Usage of the devices around d: its partitions, its disk, and the block
 * device a loop device is attached to (with everything around that). */
static void related(const struct fsb_device *d, const struct fsb_devsnap *s, struct fsb_devwhy *why,
		    struct fsb_strv *ok, int depth)
{
	const struct fsb_devsnap_loop *l;
	struct devnos parts = { 0 };
	size_t before = why->text.n;

	if (d->is_whole && d->devno) {
		sys_list(d->devno, NULL, &parts);
		for (size_t i = 0; i < parts.n; i++) {
			struct fsb_device p = { 0 };
			struct fsb_devwhy w = { 0 };
			struct fsb_strv ign = { 0 };
			char *pre;

			gather(parts.v[i], -1, NULL, 0, &p);
			fsb_devrules_usage(&p, s, 0, &w, &ign);
			pre = fsb_xasprintf("partition %s: ", p.path);
			add_prefixed(why, pre, &w);
			free(pre);
			fsb_devwhy_free(&w);
			fsb_strv_free(&ign);
			fsb_device_free(&p);
		}
		if (parts.n && why->text.n == before)
			fsb_strv_add(ok, "none of its partitions is in use");
		free(parts.v);
	}
	if (d->is_partition && d->parent_devno) {
		struct fsb_device p = { 0 };
		struct fsb_devwhy w = { 0 };
		struct fsb_strv ign = { 0 };
		char *pre;

		gather(d->parent_devno, -1, NULL, 0, &p);
		fsb_devrules_usage(&p, s, 0, &w, &ign);
		pre = fsb_xasprintf("disk %s: ", p.path);
		add_prefixed(why, pre, &w);
		if (!w.text.n)
			fsb_strv_add(ok, "its disk itself is not in use");
		free(pre);
		fsb_devwhy_free(&w);
		fsb_strv_free(&ign);
		fsb_device_free(&p);
	}
	l = find_loop(s, d->devno);
	if (l && l->backing_rdev && depth < MAX_DEPTH) {
		struct fsb_device b = { 0 };
		struct fsb_devwhy w = { 0 };
		struct fsb_strv ign = { 0 };
		char *pre;

		gather(l->backing_rdev, -1, NULL, 0, &b);
		fsb_devrules_usage(&b, s, d->devno, &w, &ign);
		related(&b, s, &w, &ign, depth + 1);
		pre = fsb_xasprintf("backing device %s: ", b.path);
		add_prefixed(why, pre, &w);
		if (!w.text.n)
			fsb_strv_addf(ok, "its backing device %s is not in use", b.path);
		free(pre);
		fsb_devwhy_free(&w);
		fsb_strv_free(&ign);
		fsb_device_free(&b);
	}
}

/* d's reasons as the rules' collection, and back (one list, two views) */
static struct fsb_devwhy take_why(struct fsb_device *d)
{
	struct fsb_devwhy w = { .text = d->reasons, .code = d->reason_codes };

	memset(&d->reasons, 0, sizeof(d->reasons));
	d->reason_codes = NULL;
	return w;
}

static void put_why(struct fsb_device *d, struct fsb_devwhy *w)
{
	fsb_devwhy_free(&(struct fsb_devwhy){ .text = d->reasons, .code = d->reason_codes });
	d->reasons = w->text;
	d->reason_codes = w->code;
	d->verdict = d->reasons.n ? FSB_DEVICE_REFUSED : FSB_DEVICE_USABLE;
	memset(w, 0, sizeof(*w));
}

static void judge(struct fsb_device *d, const struct fsb_devsnap *s, const struct fsb_device_opts *o)
{
	const struct fsb_devsnap_loop *l = find_loop(s, d->devno);
	struct fsb_devwhy why = take_why(d);
	const char *rd;

	/* a loop device on a block device writes to that device's disks */
	if (l && l->backing_rdev) {
		struct devnos disks = { 0 };

		for (size_t i = 0; i < d->ndisks; i++)
			devnos_add(&disks, d->disks[i]);
		collect_disks(l->backing_rdev, &disks, 1);
		free(d->disks);
		d->disks = disks.v;
		d->ndisks = disks.n;
	}
	fsb_devrules_mountpoints(d, s, &d->mountpoints);
	fsb_devrules_self(d, s, o, &why, &d->passed);
	fsb_devrules_usage(d, s, 0, &why, &d->passed);
	related(d, s, &why, &d->passed, 0);
	fsb_devrules_openers(d, s, &why, &d->passed, &d->doubts);
	fsb_devrules_order(&why);	/* the most telling reason first */
	/* decided once, here: which explicit choice would make it usable */
	d->lift = fsb_devwhy_lift(&why);
	rd = fsb_devrules_root_disk(d, s);
	d->root_disk = rd ? fsb_xstrdup(rd) : NULL;
	put_why(d, &why);
}

/* Not there, or not a block device: the one reason. */
static void refuse(struct fsb_device *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(struct fsb_device *d, const char *fmt, ...)
{
	struct fsb_devwhy why = take_why(d);
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	fsb_devwhy_add(&why, FSB_REASON_MISSING, "%s", b.s);
	fsb_buf_free(&b);
	put_why(d, &why);
}

const char *fsb_device_headline(const struct fsb_device *d)
{
	for (size_t i = 0; i < d->reasons.n; i++)
		if (d->reason_codes[i] != FSB_REASON_BUSY)
			return d->reasons.v[i];
	return d->reasons.n ? d->reasons.v[0] : "?";
}

unsigned fsb_device_liftable(const struct fsb_device *d)
{
	return d->verdict == FSB_DEVICE_USABLE ? 0 : d->lift;
}

static int refusal_err(const struct fsb_device *d, struct fsb_err *err)
{
	char *why = fsb_strv_join(&d->reasons, "; ");
	int rc;

	if (d->devno)
		rc = fsb_err_set(err, -EPERM, "%s (%s) cannot be used: %s", d->given ? d->given : d->path,
				 d->majmin, why);
	else
		rc = fsb_err_set(err, -EPERM, "%s cannot be used: %s", d->given ? d->given : d->path,
				 why);
	free(why);
	return rc;
}

static const char *file_kind(mode_t m)
{
	if (S_ISREG(m))
		return "a regular file";
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISSOCK(m))
		return "a socket";
	return "not a device";
}

/* The verdict on path; held_fd and how as for gather(); own_type/own_uuid as
 * struct fsb_devsnap's (NULL: none).  0, -EPERM or -errno. */
int fsb_device_check_path(const char *path, const struct fsb_device_opts *o, int held_fd, unsigned how,
		      const char *own_type, const char *own_uuid, struct fsb_device *d,
		      struct fsb_err *err)
{
	static const struct fsb_device_opts defaults = { 0 };
	struct fsb_devsnap snap;
	char real[PATH_MAX];
	struct stat st;
	int rc;

	if (!o)
		o = &defaults;
	memset(d, 0, sizeof(*d));
	d->given = fsb_xstrdup(path);
	if (stat(path, &st)) {
		d->path = fsb_xstrdup(path);
		if (errno == ENOENT)
			refuse(d, "does not exist");
		else
			refuse(d, "cannot be examined: %s", strerror(errno));
		return refusal_err(d, err);
	}
	if (!S_ISBLK(st.st_mode)) {
		d->path = fsb_xstrdup(realpath(path, real) ? real : path);
		refuse(d, "not a block device (it is %s)", file_kind(st.st_mode));
		return refusal_err(d, err);
	}
	if (!sys_exists(st.st_rdev, NULL)) {
		d->path = fsb_xstrdup(path);
		d->devno = st.st_rdev;
		snprintf(d->majmin, sizeof(d->majmin), "%u:%u", major(st.st_rdev), minor(st.st_rdev));
		refuse(d, "no such device: the kernel knows no block device %s", d->majmin);
		return refusal_err(d, err);
	}
	rc = snap_load(o, &snap, err);
	if (rc)
		return rc;
	snap.own_type = fsb_xstrdup(own_type);
	snap.own_uuid = fsb_xstrdup(own_uuid);
	gather(st.st_rdev, held_fd, realpath(path, real) ? real : path, how, d);
	judge(d, &snap, o);
	fsb_devsnap_free(&snap);
	if (d->verdict == FSB_DEVICE_REFUSED)
		return refusal_err(d, err);
	fsb_err_clear(err);
	return 0;
}

int fsb_device_check(const char *path, const struct fsb_device_opts *o, struct fsb_device *out,
		     struct fsb_err *err)
{
	/* passive: only the claim opens a device exclusively */
	return fsb_device_check_path(path, o, -1, 0, NULL, NULL, out, err);
}

bool fsb_device_same(const char *path, dev_t devno)
{
	return devno && block_rdev(path) == devno;
}

int fsb_device_list(const struct fsb_device_opts *o, unsigned flags, struct fsb_device_list *out,
		    struct fsb_err *err)
{
	static const struct fsb_device_opts defaults = { 0 };
	struct fsb_devsnap snap;
	struct dirent **ents = NULL;
	int n, rc;

	if (!o)
		o = &defaults;
	memset(out, 0, sizeof(*out));
	rc = snap_load(o, &snap, err);
	if (rc)
		return rc;
	n = scandir("/sys/block", &ents, NULL, cmp_names);
	if (n < 0) {
		rc = fsb_err_set(err, -errno, "cannot list /sys/block: %s (is sysfs mounted?)",
				 strerror(errno));
		goto out;
	}
	for (int i = 0; i < n; i++) {
		char *dir = fsb_xasprintf("/sys/block/%s", ents[i]->d_name);
		dev_t devno = ents[i]->d_name[0] == '.' ? 0 : sys_devno(dir);
		struct fsb_device d = { 0 };
		struct devnos parts = { 0 };
		unsigned long long size = 0;

		free(dir);
		if (!devno)
			continue;
		fsb_device_sys_ull(devno, "size", &size);
		if (!(flags & FSB_DEVICE_LIST_ALL) &&
		    (strncmp(ents[i]->d_name, "ram", 3) == 0 || size == 0))
			continue;
		gather(devno, -1, NULL, 0, &d);	/* passive: a listing disturbs nobody */
		judge(&d, &snap, o);
		out->v = fsb_xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
		out->v[out->n++] = d;
		sys_list(devno, NULL, &parts);
		for (size_t j = 0; j < parts.n; j++) {
			struct fsb_device p = { 0 };

			gather(parts.v[j], -1, NULL, 0, &p);
			judge(&p, &snap, o);
			out->v = fsb_xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
			out->v[out->n++] = p;
		}
		free(parts.v);
	}
out:
	for (int i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	fsb_devsnap_free(&snap);
	return rc;
}

void fsb_device_list_free(struct fsb_device_list *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		fsb_device_free(&l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

void fsb_device_facts_keyed(const struct fsb_device *d, struct fsb_strv *keys, struct fsb_strv *facts)
{
	char size[32];

#define FACT(key, ...) do { fsb_strv_addf(facts, __VA_ARGS__); if (keys) fsb_strv_add(keys, key); } while (0)
	FACT(FSB_FACT_SIZE, "%s, %s", d->kind, fsb_format_size(d->size, size, sizeof(size)));
	if (d->ro)
		FACT(FSB_FACT_RO, "%s", "read-only");
	if (d->model)
		FACT(FSB_FACT_MODEL, "model %s", d->model);
	if (d->serial)
		FACT(FSB_FACT_SERIAL, "serial %s", d->serial);
	if (d->parent)
		FACT(FSB_FACT_PARTITION, "partition %d of %s%s%s%s", d->partno, d->parent,
		     d->part_type ? " (type " : "", d->part_type ? d->part_type : "", d->part_type ? ")" : "");
	if (d->partitions.n) {
		char *j = fsb_strv_join(&d->partitions, " ");

		FACT(FSB_FACT_PARTITIONS, "partitions %s", j);
		free(j);
	}
	if (d->slaves.n) {
		char *j = fsb_strv_join(&d->slaves, " ");

		FACT(FSB_FACT_SLAVES, "built on %s", j);
		free(j);
	}
	if (d->backing_file)
		FACT(FSB_FACT_BACKING, "backing file %s", d->backing_file);
	if (d->part_uuid)
		FACT(FSB_FACT_PARTUUID, "PARTUUID %s", d->part_uuid);
	if (d->part_label)
		FACT(FSB_FACT_PARTLABEL, "PARTLABEL %s", d->part_label);
	if (d->diskseq)
		FACT(FSB_FACT_DISKSEQ, "diskseq %llu", d->diskseq);
#undef FACT
}

void fsb_device_facts(const struct fsb_device *d, struct fsb_strv *facts)
{
	fsb_device_facts_keyed(d, NULL, facts);
}

char *fsb_device_describe(const struct fsb_device *d)
{
	struct fsb_strv facts = { 0 };
	char *s;

	fsb_device_facts(d, &facts);
	s = fsb_strv_join(&facts, ", ");
	fsb_strv_free(&facts);
	return s;
}
