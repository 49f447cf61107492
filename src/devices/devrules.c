/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The refusal rules: facts in, reasons out.  No device is opened here. */
#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <errno.h>
#include <libmount.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "model/opts.h"
#include "devices/devrules.h"

#define GROW(arr, n) ((arr) = fsb_xrealloc((arr), ((n) + 1) * sizeof(*(arr))), &(arr)[(n)++])

static void free_tabs(struct fsb_devsnap_tab *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(t[i].spec);
		free(t[i].tag);
		free(t[i].value);
		free(t[i].what);
	}
	free(t);
}

void fsb_devsnap_free(struct fsb_devsnap *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nmounts; i++) {
		free(s->mounts[i].source);
		free(s->mounts[i].target);
	}
	free(s->mounts);
	for (size_t i = 0; i < s->nswaps; i++)
		free(s->swaps[i].path);
	free(s->swaps);
	for (size_t i = 0; i < s->nloops; i++) {
		free(s->loops[i].path);
		free(s->loops[i].backing);
	}
	free(s->loops);
	free(s->fstab_path);
	free(s->fstab_error);
	free_tabs(s->fstab, s->nfstab);
	free(s->crypttab_path);
	free(s->crypttab_error);
	free_tabs(s->crypttab, s->ncrypttab);
	free(s->own_type);
	free(s->own_uuid);
	for (size_t i = 0; i < s->nsys; i++) {
		free(s->sys[i].what);
		free(s->sys[i].via);
	}
	free(s->sys);
	for (size_t i = 0; i < s->nopens; i++)
		free(s->opens[i].comm);
	free(s->opens);
	for (size_t i = 0; i < s->nroot_disks; i++)
		free(s->root_disk_paths[i]);
	free(s->root_disk_paths);
	free(s->root_disks);
	memset(s, 0, sizeof(*s));
}

void fsb_devsnap_add_mount(struct fsb_devsnap *s, dev_t devno, dev_t src_rdev, const char *source,
			   const char *target)
{
	struct fsb_devsnap_mount *m = GROW(s->mounts, s->nmounts);

	m->devno = devno;
	m->src_rdev = src_rdev;
	m->source = fsb_xstrdup(source);
	m->target = fsb_xstrdup(target);
	m->ns_pid = 0;
}

void fsb_devsnap_add_loop(struct fsb_devsnap *s, const char *path, dev_t devno, const char *backing,
			  dev_t backing_rdev, dev_t backing_fsdev)
{
	struct fsb_devsnap_loop *l = GROW(s->loops, s->nloops);

	l->path = fsb_xstrdup(path);
	l->devno = devno;
	l->backing = fsb_xstrdup(backing);
	l->backing_rdev = backing_rdev;
	l->backing_fsdev = backing_fsdev;
}

void fsb_devsnap_add_sys(struct fsb_devsnap *s, dev_t devno, const char *what, const char *via,
			 bool is_root)
{
	struct fsb_devsnap_sys *y;

	for (size_t i = 0; i < s->nsys; i++)
		if (s->sys[i].devno == devno && strcmp(s->sys[i].what, what) == 0)
			return;
	y = GROW(s->sys, s->nsys);
	y->devno = devno;
	y->what = fsb_xstrdup(what);
	y->via = fsb_xstrdup(via);
	y->is_root = is_root;
}

void fsb_devsnap_add_root_disk(struct fsb_devsnap *s, dev_t devno, const char *path)
{
	for (size_t i = 0; i < s->nroot_disks; i++)
		if (s->root_disks[i] == devno)
			return;
	s->root_disks = fsb_xrealloc(s->root_disks, (s->nroot_disks + 1) * sizeof(dev_t));
	s->root_disk_paths = fsb_xrealloc(s->root_disk_paths, (s->nroot_disks + 1) * sizeof(char *));
	s->root_disks[s->nroot_disks] = devno;
	s->root_disk_paths[s->nroot_disks] = fsb_xstrdup(path);
	s->nroot_disks++;
}

void fsb_devsnap_add_open(struct fsb_devsnap *s, pid_t pid, const char *comm, dev_t rdev,
			  dev_t fsdev)
{
	struct fsb_devsnap_open *o;

	for (size_t i = 0; i < s->nopens; i++)
		if (s->opens[i].pid == pid && s->opens[i].rdev == rdev && s->opens[i].fsdev == fsdev)
			return;
	o = GROW(s->opens, s->nopens);
	o->pid = pid;
	o->comm = fsb_xstrdup(comm ? comm : "?");
	o->rdev = rdev;
	o->fsdev = fsdev;
}

/* The kernel escapes space, tab, newline and backslash in /proc paths as \ooo. */
static char *unescape_octal(const char *s, size_t n)
{
	char *out = fsb_xmalloc(n + 1), *o = out;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 3 < n &&
		    s[i + 1] >= '0' && s[i + 1] <= '3' && s[i + 2] >= '0' && s[i + 2] <= '7' &&
		    s[i + 3] >= '0' && s[i + 3] <= '7') {
			*o++ = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
			i += 3;
		} else {
			*o++ = s[i];
		}
	}
	*o = '\0';
	return out;
}

/* Next whitespace-separated field of *p, or NULL at the end of the line. */
static const char *field(const char **p, size_t *len)
{
	const char *s = *p, *start;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '\n') {
		*p = s;
		return NULL;
	}
	start = s;
	while (*s && *s != ' ' && *s != '\t' && *s != '\n')
		s++;
	*len = (size_t)(s - start);
	*p = s;
	return start;
}

static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? nl + 1 : p + strlen(p);
}

int fsb_devrules_parse_swaps(struct fsb_devsnap *s, const char *text)
{
	static const char deleted[] = " (deleted)";
	const char *line = text;
	int added = 0;

	if (!text)
		return -EINVAL;
	/* the first line is the header "Filename Type Size Used Priority" */
	for (line = next_line(line); *line; line = next_line(line)) {
		const char *p = line, *name, *type;
		size_t nlen = 0, tlen = 0, plen;
		struct fsb_devsnap_swap *w;

		name = field(&p, &nlen);
		if (!name)
			continue;
		type = field(&p, &tlen);
		w = GROW(s->swaps, s->nswaps);
		w->path = unescape_octal(name, nlen);
		plen = strlen(w->path);
		if (plen > sizeof(deleted) - 1 && strcmp(w->path + plen - (sizeof(deleted) - 1), deleted) == 0)
			w->path[plen - (sizeof(deleted) - 1)] = '\0';
		w->is_file = type && tlen == 4 && strncmp(type, "file", 4) == 0;
		w->devno = 0;
		added++;
	}
	return added;
}

void fsb_devrules_split_spec(const char *spec, char **tag, char **value)
{
	const char *eq = strchr(spec, '=');
	const char *v;
	size_t n;

	*tag = NULL;
	if (spec[0] == '/' || !eq || eq == spec) {
		*value = fsb_xstrdup(spec);
		return;
	}
	*tag = fsb_xmalloc((size_t)(eq - spec) + 1);
	for (size_t i = 0; i < (size_t)(eq - spec); i++)
		(*tag)[i] = (char)toupper((unsigned char)spec[i]);
	(*tag)[eq - spec] = '\0';
	v = eq + 1;
	n = strlen(v);
	if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
		v++;
		n -= 2;
	}
	*value = fsb_xmalloc(n + 1);
	memcpy(*value, v, n);
	(*value)[n] = '\0';
}

static void add_tab(struct fsb_devsnap_tab **tabs, size_t *n, const char *spec, const char *what)
{
	struct fsb_devsnap_tab *t = GROW(*tabs, *n);

	memset(t, 0, sizeof(*t));
	t->spec = fsb_xstrdup(spec);
	t->what = fsb_xstrdup(what);
	fsb_devrules_split_spec(spec, &t->tag, &t->value);
}

int fsb_devrules_parse_crypttab(struct fsb_devsnap *s, const char *text)
{
	int added = 0;

	if (!text)
		return -EINVAL;
	for (const char *line = text; *line; line = next_line(line)) {
		const char *p = line, *name, *dev;
		size_t nlen = 0, dlen = 0;
		char *n, *d;

		name = field(&p, &nlen);
		if (!name || name[0] == '#')
			continue;
		dev = field(&p, &dlen);
		if (!dev)
			continue;	/* systemd ignores such a line too */
		n = fsb_xmalloc(nlen + 1);
		memcpy(n, name, nlen);
		n[nlen] = '\0';
		d = fsb_xmalloc(dlen + 1);
		memcpy(d, dev, dlen);
		d[dlen] = '\0';
		add_tab(&s->crypttab, &s->ncrypttab, d, n);
		free(n);
		free(d);
		added++;
	}
	return added;
}

int fsb_devrules_parse_fstab(struct fsb_devsnap *s, FILE *f, const char *name)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	int rc, added = 0;

	if (!tb || !it) {
		rc = -ENOMEM;
		goto out;
	}
	rc = mnt_table_parse_stream(tb, f, name);
	if (rc < 0)
		goto out;
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		const char *src = mnt_fs_get_source(fs), *target = mnt_fs_get_target(fs);

		if (!src || !*src)
			continue;
		add_tab(&s->fstab, &s->nfstab, src, target ? target : "");
		added++;
	}
	rc = added;
out:
	mnt_free_iter(it);
	mnt_unref_table(tb);
	return rc;
}

int fsb_devrules_parse_mountinfo(struct fsb_devsnap *s, FILE *f)
{
	struct libmnt_table *tb = mnt_new_table();
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_FORWARD);
	struct libmnt_fs *fs;
	int rc, added = 0;

	if (!tb || !it) {
		rc = -ENOMEM;
		goto out;
	}
	rc = mnt_table_parse_stream(tb, f, "/proc/self/mountinfo");
	if (rc < 0)
		goto out;
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		fsb_devsnap_add_mount(s, mnt_fs_get_devno(fs), 0, mnt_fs_get_source(fs),
				      mnt_fs_get_target(fs));
		added++;
	}
	rc = added;
out:
	mnt_free_iter(it);
	mnt_unref_table(tb);
	return rc;
}

static bool any_sig_value(const struct fsb_device *d, const char *key, const char *value, bool nocase)
{
	for (size_t i = 0; i < d->nsigs; i++) {
		const char *v = fsb_device_sig_get(&d->sigs[i], key);

		if (v && (nocase ? strcasecmp(v, value) : strcmp(v, value)) == 0)
			return true;
	}
	return false;
}

/* udev writes unsafe characters of /dev/disk/by-* names as \xNN. */
static char *unescape_udev(const char *s)
{
	char *out = fsb_xmalloc(strlen(s) + 1), *o = out;

	while (*s) {
		if (s[0] == '\\' && s[1] == 'x' && isxdigit((unsigned char)s[2]) &&
		    isxdigit((unsigned char)s[3])) {
			char hex[3] = { s[2], s[3], '\0' };

			*o++ = (char)strtol(hex, NULL, 16);
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
	return out;
}

/* A /dev/disk/by-uuid/… path that does not resolve (no udev, device
 * absent right now) still says which device it means. */
static bool by_path_matches(const struct fsb_devsnap_tab *t, const struct fsb_device *d)
{
	static const struct { const char *dir, *tag; } dirs[] = {
		{ "/dev/disk/by-uuid/", "UUID" },
		{ "/dev/disk/by-label/", "LABEL" },
		{ "/dev/disk/by-partuuid/", "PARTUUID" },
		{ "/dev/disk/by-partlabel/", "PARTLABEL" },
	};

	for (size_t i = 0; i < FSB_ARRAY_SIZE(dirs); i++) {
		size_t n = strlen(dirs[i].dir);
		struct fsb_devsnap_tab tag = { 0 };
		bool m;

		if (strncmp(t->value, dirs[i].dir, n) != 0 || !t->value[n])
			continue;
		tag.tag = (char *)dirs[i].tag;
		tag.value = unescape_udev(t->value + n);
		m = fsb_devrules_tab_matches(&tag, d);
		free(tag.value);
		return m;
	}
	return false;
}

bool fsb_devrules_tab_matches(const struct fsb_devsnap_tab *t, const struct fsb_device *d)
{
	if (!t->tag) {
		if (t->rdev)
			return d->devno && t->rdev == d->devno;
		return (d->path && strcmp(t->value, d->path) == 0) ||
		       (d->given && strcmp(t->value, d->given) == 0) || by_path_matches(t, d);
	}
	if (strcmp(t->tag, "UUID") == 0)
		return any_sig_value(d, "UUID", t->value, true) ||
		       (d->uuid && strcasecmp(d->uuid, t->value) == 0);
	if (strcmp(t->tag, "LABEL") == 0)
		return any_sig_value(d, "LABEL", t->value, false) ||
		       (d->label && strcmp(d->label, t->value) == 0);
	if (strcmp(t->tag, "PARTUUID") == 0)
		return d->part_uuid && strcasecmp(d->part_uuid, t->value) == 0;
	if (strcmp(t->tag, "PARTLABEL") == 0)
		return d->part_label && strcmp(d->part_label, t->value) == 0;
	return false;	/* ID=… and unknown tags cannot name a device we can prove */
}

/* Is sig the one the claim wrote itself (struct fsb_devsnap's own_*)? */
static bool own_sig(const struct fsb_devsnap *s, const struct fsb_device_sig *sig)
{
	const char *type = fsb_device_sig_get(sig, "TYPE");
	const char *uuid = fsb_device_sig_get(sig, "UUID");
	const char *log = fsb_device_sig_get(sig, "LOGUUID");

	if (!s->own_type || !s->own_uuid || !type || strcmp(type, s->own_type) != 0)
		return false;
	return (uuid && strcasecmp(uuid, s->own_uuid) == 0) || (log && strcasecmp(log, s->own_uuid) == 0);
}

char *fsb_devrules_member(const struct fsb_device_sig *sig)
{
	const char *type = fsb_device_sig_get(sig, "TYPE");
	const char *usage = fsb_device_sig_get(sig, "USAGE");

	if (!type || !usage)
		return NULL;
	if (strcmp(usage, "raid") == 0) {
		if (strcmp(type, "LVM2_member") == 0 || strcmp(type, "LVM1_member") == 0)
			return fsb_xasprintf("member of an LVM volume group (%s signature)", type);
		if (strcmp(type, "linux_raid_member") == 0)
			return fsb_xasprintf("member of a Linux RAID array (%s signature)", type);
		if (strcmp(type, "zfs_member") == 0)
			return fsb_xasprintf("member of a ZFS pool (%s signature)", type);
		return fsb_xasprintf("member of a RAID or volume set (%s signature)", type);
	}
	if (strcmp(usage, "crypto") == 0) {
		if (strcmp(type, "crypto_LUKS") == 0)
			return fsb_xasprintf("LUKS encrypted volume (%s signature)", type);
		return fsb_xasprintf("encrypted volume (%s signature)", type);
	}
	/* "other" is swap (harmless when not active: a separate rule) and the
	 * members of other storage stacks: bcache, dm snapshots, swsuspend … */
	if (strcmp(usage, "other") == 0 && strcmp(type, "swap") != 0)
		return fsb_xasprintf("member of another storage stack (%s signature)", type);
	return NULL;
}

void fsb_devrules_mountpoints(const struct fsb_device *d, const struct fsb_devsnap *s,
			      struct fsb_strv *out)
{
	if (!d->devno)
		return;
	for (size_t i = 0; i < s->nmounts; i++) {
		const struct fsb_devsnap_mount *m = &s->mounts[i];

		char *t;

		if (m->devno != d->devno && !(m->src_rdev && m->src_rdev == d->devno))
			continue;
		t = m->ns_pid ? fsb_xasprintf("%s (in the mount namespace of process %d)", m->target,
					      (int)m->ns_pid)
			      : fsb_xstrdup(m->target);
		if (!fsb_strv_contains(out, t))
			fsb_strv_add(out, t);
		free(t);
	}
}

/* "process 12 (sleep)", "processes 12 (sleep), 34 (cat)": who has it open. */
static char *who(const struct fsb_devsnap *s, dev_t rdev, dev_t fsdev)
{
	struct fsb_buf b = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < s->nopens; i++) {
		const struct fsb_devsnap_open *o = &s->opens[i];

		if ((rdev && o->rdev == rdev) || (fsdev && o->fsdev == fsdev)) {
			if (n < 3)
				fsb_buf_addf(&b, "%s%d (%s)", n ? ", " : "", (int)o->pid, o->comm);
			n++;
		}
	}
	if (n > 3)
		fsb_buf_addf(&b, " and %zu more", n - 3);
	if (!n)
		return NULL;
	{
		char *r = fsb_xasprintf("process%s %s", n > 1 ? "es" : "", b.s);

		fsb_buf_free(&b);
		return r;
	}
}

void fsb_devrules_openers(const struct fsb_device *d, const struct fsb_devsnap *s,
			  struct fsb_devwhy *why, struct fsb_strv *ok, struct fsb_strv *doubts)
{
	struct fsb_strv mnts = { 0 };
	char *files, *node;

	if (!d->devno || d->size == 0)
		return;
	/* the exclusive open was granted (or is fsbench's own): nothing to add */
	if (!d->passive && d->excl_errno != EBUSY)
		return;
	fsb_devrules_mountpoints(d, s, &mnts);
	files = mnts.n ? NULL : who(s, 0, d->devno);
	node = who(s, d->devno, 0);
	fsb_strv_free(&mnts);
	if (!d->passive) {
		/* the exclusive open refused it: say why, as far as we can see */
		if (files)
			fsb_devwhy_add(why, FSB_REASON_IN_USE, "a filesystem on it is mounted nowhere fsbench can see but "
				      "still in use by %s", files);
		if (node)
			fsb_devwhy_add(why, FSB_REASON_IN_USE, "open by %s", node);
		free(files);
		free(node);
		return;
	}
	if (files)
		fsb_devwhy_add(why, FSB_REASON_BUSY, "busy: a filesystem on it is mounted nowhere fsbench can see "
			      "(lazily unmounted, or in a mount namespace it cannot see) but still in "
			      "use by %s", files);
	if (node)
		fsb_strv_addf(doubts, "in use?: open by %s; whether it is held exclusively shows only "
			      "when fsbench claims it (then a busy device is refused before anything "
			      "is written)", node);
	if (!files && !node)
		fsb_strv_add(ok, "no other program has it open (the exclusive open when fsbench "
			     "claims it has the last word)");
	free(files);
	free(node);
}

bool fsb_devrules_is_esp_type(const char *t)
{
	return t && (strcasecmp(t, "c12a7328-f81f-11d2-ba4b-00a0c93ec93b") == 0 ||
		     strcasecmp(t, "0xef") == 0);
}

static void check_tab(const struct fsb_device *d, const char *path, const char *error,
		      const struct fsb_devsnap_tab *tabs, size_t n, bool crypt,
		      struct fsb_devwhy *why, struct fsb_strv *ok)
{
	bool found = false;

	if (error) {
		fsb_devwhy_add(why, FSB_REASON_UNCHECKABLE, "cannot be checked against %s: %s", path, error);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (!fsb_devrules_tab_matches(&tabs[i], d))
			continue;
		if (crypt)
			fsb_devwhy_add(why, FSB_REASON_LISTED, "listed in %s as %s (encrypted volume %s)", path,
				      tabs[i].spec, tabs[i].what);
		else
			fsb_devwhy_add(why, FSB_REASON_LISTED, "listed in %s as %s (for %s)", path, tabs[i].spec,
				      tabs[i].what);
		found = true;
	}
	if (!found)
		fsb_strv_addf(ok, "not listed in %s", path);
}

/* Whether d holds a filesystem the system needs (the snapshot's sys list),
 * is the hibernation resume device or an EFI system partition. */
static void check_system(const struct fsb_device *d, const struct fsb_devsnap *s, struct fsb_devwhy *why,
			 struct fsb_strv *ok)
{
	size_t before = why->text.n;

	for (size_t i = 0; i < s->nsys; i++) {
		const struct fsb_devsnap_sys *y = &s->sys[i];

		if (y->devno != d->devno)
			continue;
		if (y->via)
			fsb_devwhy_add(why, FSB_REASON_SYSTEM, "holds %s (under %s)", y->what, y->via);
		else
			fsb_devwhy_add(why, FSB_REASON_SYSTEM, "holds %s", y->what);
	}
	if (s->resume && s->resume == d->devno)
		fsb_devwhy_add(why, FSB_REASON_SYSTEM, "the hibernation resume device (/sys/power/resume)");
	if (d->is_partition && fsb_devrules_is_esp_type(d->part_type))
		fsb_devwhy_add(why, FSB_REASON_SYSTEM, "an EFI system partition (by its partition type)");
	if (why->text.n == before)
		fsb_strv_add(ok, "holds no system filesystem (/, /boot, EFI, swap, resume)");
}

/* Whether d carries the signature of a member of something (RAID, LVM,
 * LUKS...), the signature fsbench itself wrote in this run apart. */
static void check_members(const struct fsb_device *d, const struct fsb_devsnap *s, struct fsb_devwhy *why,
			  struct fsb_strv *ok)
{
	bool member = false;

	for (size_t i = 0; i < d->nsigs; i++) {
		char *m;

		if (own_sig(s, &d->sigs[i])) {
			fsb_strv_addf(ok, "its %s signature is the one fsbench wrote in this run",
				      s->own_type);
			continue;
		}
		m = fsb_devrules_member(&d->sigs[i]);
		if (m) {
			if (!fsb_strv_contains(&why->text, m))
				fsb_devwhy_add(why, FSB_REASON_MEMBER, "%s", m);
			member = true;
			free(m);
		}
	}
	if (!member)
		fsb_strv_add(ok, "no signature of a RAID, LVM, LUKS or other member");
}

void fsb_devrules_usage(const struct fsb_device *d, const struct fsb_devsnap *s, dev_t ignore_loop,
			struct fsb_devwhy *why, struct fsb_strv *ok)
{
	struct fsb_strv mnts = { 0 };
	size_t before;

	fsb_devrules_mountpoints(d, s, &mnts);
	if (mnts.n) {
		char *j = fsb_strv_join(&mnts, ", ");

		fsb_devwhy_add(why, strcmp(j, "/") == 0 ? FSB_REASON_MOUNTED_ROOT : FSB_REASON_MOUNTED,
			       "mounted on %s", j);
		free(j);
	} else {
		fsb_strv_add(ok, "not mounted");
	}
	fsb_strv_free(&mnts);

	before = why->text.n;
	for (size_t i = 0; i < s->nswaps; i++) {
		const struct fsb_devsnap_swap *w = &s->swaps[i];

		if (!w->devno || w->devno != d->devno)
			continue;
		if (w->is_file)
			fsb_devwhy_add(why, FSB_REASON_SYSTEM, "holds the active swap file %s", w->path);
		else
			fsb_devwhy_add(why, FSB_REASON_SYSTEM, "active swap");
	}
	if (why->text.n == before)
		fsb_strv_add(ok, "not active swap");

	for (size_t i = 0; i < d->holders.n; i++)
		fsb_devwhy_add(why, FSB_REASON_HOLDER, "used by %s", d->holders.v[i]);
	if (!d->holders.n)
		fsb_strv_add(ok, "nothing stacked on it (no device-mapper, RAID or bcache holder)");

	before = why->text.n;
	for (size_t i = 0; i < s->nloops; i++) {
		const struct fsb_devsnap_loop *l = &s->loops[i];

		if (l->devno == ignore_loop && ignore_loop)
			continue;
		if (l->backing_rdev && l->backing_rdev == d->devno)
			fsb_devwhy_add(why, FSB_REASON_LOOP_BACKING, "backs loop device %s", l->path);
		else if (l->backing_fsdev && l->backing_fsdev == d->devno)
			fsb_devwhy_add(why, FSB_REASON_LOOP_FILE, "holds %s, the backing file of loop device %s", l->backing,
				      l->path);
	}
	if (why->text.n == before)
		fsb_strv_add(ok, "backs no loop device");

	check_system(d, s, why, ok);

	check_tab(d, s->fstab_path ? s->fstab_path : "fstab", s->fstab_error, s->fstab, s->nfstab,
		  false, why, ok);
	check_tab(d, s->crypttab_path ? s->crypttab_path : "crypttab", s->crypttab_error,
		  s->crypttab, s->ncrypttab, true, why, ok);

	check_members(d, s, why, ok);
}

static const char *root_disk_of(const struct fsb_device *d, const struct fsb_devsnap *s)
{
	for (size_t i = 0; i < d->ndisks; i++)
		for (size_t j = 0; j < s->nroot_disks; j++)
			if (d->disks[i] == s->root_disks[j])
				return s->root_disk_paths[j];
	return NULL;
}

static bool holds_root(const struct fsb_device *d, const struct fsb_devsnap *s)
{
	for (size_t i = 0; i < s->nsys; i++)
		if (s->sys[i].is_root && s->sys[i].devno == d->devno)
			return true;
	return false;
}

static const struct {
	const char *name;
	int rank;
	enum fsb_device_lift lift;
} reasons[] = {
#define FSB_X(code, rank, lift) [FSB_REASON_##code] = { #code, rank, lift },
	FSB_DEVICE_REASONS(FSB_X)
#undef FSB_X
};

int fsb_device_reason_rank(enum fsb_device_reason r)
{
	return r < FSB_REASON_COUNT ? reasons[r].rank : 2;
}

enum fsb_device_lift fsb_device_reason_lift(enum fsb_device_reason r)
{
	return r < FSB_REASON_COUNT ? reasons[r].lift : FSB_LIFT_NONE;
}

const char *fsb_device_reason_code(enum fsb_device_reason r)
{
	return r < FSB_REASON_COUNT ? reasons[r].name : "UNKNOWN";
}

void fsb_devwhy_add(struct fsb_devwhy *w, enum fsb_device_reason code, const char *fmt, ...)
{
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	w->code = fsb_xrealloc(w->code, (w->text.n + 1) * sizeof(*w->code));
	w->code[w->text.n] = code;
	fsb_strv_add(&w->text, b.s ? b.s : "");
	fsb_buf_free(&b);
}

bool fsb_devwhy_has(const struct fsb_devwhy *w, enum fsb_device_reason code)
{
	for (size_t i = 0; i < w->text.n; i++)
		if (w->code[i] == code)
			return true;
	return false;
}

void fsb_devwhy_free(struct fsb_devwhy *w)
{
	fsb_strv_free(&w->text);
	free(w->code);
	w->code = NULL;
}

void fsb_devrules_order(struct fsb_devwhy *why)
{
	/* insertion sort: stable, and a device has a handful of reasons; a
	 * "partition X: " reason keeps its code, so ranks as the reason itself */
	for (size_t i = 1; i < why->text.n; i++) {
		char *r = why->text.v[i];
		enum fsb_device_reason c = why->code[i];
		int k = fsb_device_reason_rank(c);
		size_t j = i;

		while (j > 0 && fsb_device_reason_rank(why->code[j - 1]) > k) {
			why->text.v[j] = why->text.v[j - 1];
			why->code[j] = why->code[j - 1];
			j--;
		}
		why->text.v[j] = r;
		why->code[j] = c;
	}
}

unsigned fsb_devwhy_lift(const struct fsb_devwhy *why)
{
	unsigned lift = 0;

	for (size_t i = 0; i < why->text.n; i++) {
		enum fsb_device_lift l = fsb_device_reason_lift(why->code[i]);

		if (l == FSB_LIFT_NONE)
			return 0;	/* something no choice lifts */
		lift |= l;
	}
	return lift;
}

const char *fsb_devrules_root_disk(const struct fsb_device *d, const struct fsb_devsnap *s)
{
	return holds_root(d, s) ? NULL : root_disk_of(d, s);
}

static void sig_types(const struct fsb_device *d, struct fsb_buf *b)
{
	for (size_t i = 0; i < d->nsigs; i++) {
		const char *t = fsb_device_sig_get(&d->sigs[i], "TYPE");

		if (!t)
			t = fsb_device_sig_get(&d->sigs[i], "PTTYPE");
		fsb_buf_addf(b, "%s%s", i ? ", " : "", t ? t : "?");
	}
}

/* What d's exclusive open found: busy, refused (and why), or granted;
 * nothing when it was never opened exclusively. */
static void check_excl(const struct fsb_device *d, struct fsb_devwhy *why, struct fsb_strv *ok)
{
	if (d->size == 0 || (d->passive && !d->excl_errno))
		;	/* never opened, or not exclusively: see fsb_devrules_openers() */
	else if (d->excl_errno == EBUSY)
		fsb_devwhy_add(why, FSB_REASON_BUSY, "busy: the kernel refused an exclusive open (mounted here or in "
			     "another namespace, lazily unmounted but still open, swap, a device "
			     "stacked on it, or a program holding it)");
	else if ((d->excl_errno == EACCES || d->excl_errno == EPERM) && geteuid() != 0)
		fsb_devwhy_add(why, FSB_REASON_NO_EXCL, "cannot be opened exclusively (%s): run fsbench as root",
			      strerror(d->excl_errno));
	else if (d->excl_errno == EACCES || d->excl_errno == EPERM)
		fsb_devwhy_add(why, FSB_REASON_NO_EXCL, "cannot be opened exclusively (%s): access is denied even to "
			      "root (a device cgroup or security policy)", strerror(d->excl_errno));
	else if (d->excl_errno)
		fsb_devwhy_add(why, FSB_REASON_NO_EXCL, "cannot be opened exclusively: %s", strerror(d->excl_errno));
	else
		fsb_strv_add(ok, "not busy: the kernel granted an exclusive open");
}

/* A partition where a whole disk is asked for, or a partitioned whole
 * disk where it is not (the whole-disk option chooses one). */
static void check_partitioning(const struct fsb_device *d, const struct fsb_device_opts *o,
			       struct fsb_devwhy *why, struct fsb_strv *ok)
{
	if (o->whole_disk && d->is_partition)
		fsb_devwhy_add(why, FSB_REASON_NOT_WHOLE, "a partition of %s, but %s asks for a whole disk",
			      d->parent ? d->parent : "a disk", fsb_opt_say(FSB_OPT_WHOLE_DISK, NULL));
	if (d->is_whole && (d->pttype || d->partitions.n)) {
		if (!o->whole_disk) {
			if (d->pttype)
				fsb_devwhy_add(why, FSB_REASON_PARTITIONED, "a whole disk with a %s partition table: pick a "
					      "partition, or pass %s to use the whole disk",
					      d->pttype, fsb_opt_say(FSB_OPT_WHOLE_DISK, NULL));
			else
				fsb_devwhy_add(why, FSB_REASON_PARTITIONED, "a whole disk with partitions: pick a partition, or "
					      "pass %s to use the whole disk", fsb_opt_say(FSB_OPT_WHOLE_DISK, NULL));
		} else {
			fsb_strv_addf(ok, "a partitioned whole disk, chosen as such with %s",
				      fsb_opt_say(FSB_OPT_WHOLE_DISK, NULL));
		}
	} else if (!d->is_partition) {
		fsb_strv_add(ok, "no partition table");
	}
}

void fsb_devrules_self(const struct fsb_device *d, const struct fsb_devsnap *s,
		       const struct fsb_device_opts *o, struct fsb_devwhy *why, struct fsb_strv *ok)
{
	char a[32], b[32];
	const char *rdisk;

	if (d->size == 0) {
		fsb_devwhy_add(why, FSB_REASON_EMPTY, "empty (size 0): no medium, or not set up");
	} else if (o->min_size && d->size < o->min_size) {
		fsb_devwhy_add(why, FSB_REASON_TOO_SMALL, "too small: %s, at least %s needed%s%s",
			      fsb_format_size(d->size, a, sizeof(a)),
			      fsb_format_size(o->min_size, b, sizeof(b)),
			      o->min_size_for ? " for " : "", o->min_size_for ? o->min_size_for : "");
	} else {
		fsb_strv_addf(ok, "size %s%s%s", fsb_format_size(d->size, a, sizeof(a)),
			      o->min_size ? ", at least " : "",
			      o->min_size ? fsb_format_size(o->min_size, b, sizeof(b)) : "");
	}

	if (d->ro)
		fsb_devwhy_add(why, FSB_REASON_READ_ONLY, "read-only");
	else
		fsb_strv_add(ok, "writable");

	check_excl(d, why, ok);

	if (d->probe_error) {
		fsb_devwhy_add(why, FSB_REASON_PROBE, "its signatures could not be probed: %s", d->probe_error);
	} else if (d->ambiguous) {
		struct fsb_buf t = { 0 };

		sig_types(d, &t);
		fsb_devwhy_add(why, FSB_REASON_AMBIGUOUS, "ambiguous signatures (%s): libblkid cannot tell which one is valid",
			      t.s ? t.s : "?");
		fsb_buf_free(&t);
	} else {
		fsb_strv_add(ok, "signatures are unambiguous");
	}

	check_partitioning(d, o, why, ok);

	rdisk = root_disk_of(d, s);
	if (rdisk && !holds_root(d, s)) {
		if (!o->allow_root_disk)
			fsb_devwhy_add(why, FSB_REASON_ROOT_DISK, "on the same disk as the root filesystem (%s): pass "
				      "%s to use it anyway", rdisk, fsb_opt_say(FSB_OPT_ALLOW_ROOT_DISK, NULL));
		else
			fsb_strv_addf(ok, "on the root filesystem's disk (%s), allowed by "
				      "%s", rdisk, fsb_opt_say(FSB_OPT_ALLOW_ROOT_DISK, NULL));
	} else if (!rdisk) {
		fsb_strv_add(ok, "not on the root filesystem's disk");
	}
}

static char *read_attr(const char *dir, const char *name, const char *attr)
{
	char *p = fsb_xasprintf("%s/holders/%s/%s", dir, name, attr), *v = NULL;

	if (fsb_read_file(p, &v) < 0)
		v = NULL;
	free(p);
	return v;
}

static char *describe_holder(const char *sysdir, const char *name)
{
	char *a = NULL, *b = NULL, *r;

	if (strncmp(name, "dm-", 3) == 0) {
		const char *kind = "device-mapper device";

		a = read_attr(sysdir, name, "dm/name");
		b = read_attr(sysdir, name, "dm/uuid");
		if (b && strncmp(b, "LVM-", 4) == 0)
			kind = "LVM logical volume";
		else if (b && strncmp(b, "CRYPT-", 6) == 0)
			kind = "dm-crypt volume";
		else if (b && strncmp(b, "mpath-", 6) == 0)
			kind = "multipath device";
		r = a && *a ? fsb_xasprintf("/dev/%s (%s %s)", name, kind, a)
			    : fsb_xasprintf("/dev/%s (%s)", name, kind);
	} else if (strncmp(name, "md", 2) == 0) {
		a = read_attr(sysdir, name, "md/level");
		r = fsb_xasprintf("/dev/%s (%s RAID array)", name, a && *a ? a : "Linux");
	} else if (strncmp(name, "bcache", 6) == 0) {
		r = fsb_xasprintf("/dev/%s (bcache device)", name);
	} else {
		r = fsb_xasprintf("/dev/%s", name);
	}
	free(a);
	free(b);
	return r;
}

static int cmp_str(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

int fsb_devrules_read_holders(const char *sysdir, struct fsb_strv *out)
{
	char *dir = fsb_xasprintf("%s/holders", sysdir);
	struct fsb_strv names = { 0 };
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	dp = opendir(dir);
	if (!dp) {
		rc = errno == ENOENT ? 0 : -errno;
		goto out;
	}
	while ((e = readdir(dp)))
		if (e->d_name[0] != '.')
			fsb_strv_add(&names, e->d_name);
	closedir(dp);
	if (names.n)
		qsort(names.v, names.n, sizeof(char *), cmp_str);
	for (size_t i = 0; i < names.n; i++) {
		char *h = describe_holder(sysdir, names.v[i]);

		fsb_strv_add(out, h);
		free(h);
	}
	rc = (int)names.n;
out:
	fsb_strv_free(&names);
	free(dir);
	return rc;
}
