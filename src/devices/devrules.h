/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * devrules.h — the refusal rules of device.h as pure functions of facts.
 *
 * device.c gathers the facts (sysfs, libblkid, /proc, the O_EXCL probe)
 * into a struct fsb_device per device and one struct fsb_devsnap for the
 * whole system; the functions here turn facts into reasons.  Nothing here
 * opens a device, so the unit tests can build any situation from fixture
 * strings and check every rule without root.
 *
 * Reasons come in two kinds:
 *   - usage (fsb_devrules_usage): the device is in use or belongs to
 *     something — mounted, swap, holders, loop backing, system filesystems,
 *     fstab/crypttab, member signatures.  These follow the partition tree:
 *     device.c repeats a partition's usage on its disk and a disk's on its
 *     partitions, prefixed with "partition X: " / "disk X: ".
 *   - self (fsb_devrules_self): about this device only — size, read-only,
 *     the exclusive open, the probe, partition table vs --whole-disk, the
 *     root disk.
 * Each function appends reasons to why, each a code (device.h's
 * FSB_DEVICE_REASONS: its rank and what lifts it) and a text for people,
 * and the checks that passed to ok.  No rule reads a reason's text.
 */
#ifndef FSB_DEVRULES_H
#define FSB_DEVRULES_H

#include <stdio.h>
#include <sys/types.h>

#include "devices/device.h"
#include "sys/util.h"

struct fsb_devsnap_mount {
	dev_t devno;                 /* mountinfo's major:minor (0:N for btrfs, overlay …) */
	dev_t src_rdev;              /* the source path's device number if it is a block device, else 0 */
	char *source;
	char *target;
	pid_t ns_pid;                /* 0: this mount namespace; else a process in the other one */
};

struct fsb_devsnap_swap {
	char *path;                  /* unescaped, " (deleted)" removed */
	bool is_file;                /* type "file": devno is the device holding the file */
	dev_t devno;                 /* filled by the caller (stat), 0 = unknown */
};

struct fsb_devsnap_loop {
	char *path;                  /* "/dev/loop3" */
	dev_t devno;
	char *backing;               /* backing file as sysfs shows it */
	dev_t backing_rdev;          /* backing is a block device: its number */
	dev_t backing_fsdev;         /* backing is a file: the device of its filesystem */
};

/* One line of fstab or crypttab that names a device. */
struct fsb_devsnap_tab {
	char *spec;                  /* as written: "UUID=…", "/dev/sdb1" */
	char *tag;                   /* "UUID", "LABEL", "PARTUUID", "PARTLABEL", …; NULL for a path */
	char *value;                 /* the tag's value (unquoted) or the path */
	char *what;                  /* fstab: the mount point; crypttab: the mapping name */
	dev_t rdev;                  /* a path that stat()s to a block device: its number */
};

/* What one process has open, from /proc/PID/fd and cwd (passive: nothing is
 * opened).  One entry per process and device number. */
struct fsb_devsnap_open {
	pid_t pid;
	char *comm;                  /* /proc/PID/comm, "?" when gone */
	dev_t rdev;                  /* the block device node itself is open: its number */
	dev_t fsdev;                 /* a file or directory on this filesystem is open */
};

/* A device that holds something the system runs on. */
struct fsb_devsnap_sys {
	dev_t devno;
	char *what;                  /* "the root filesystem", "/boot", "active swap" */
	char *via;                   /* the device on top of it ("/dev/dm-0"), NULL when direct */
	bool is_root;
};

struct fsb_devsnap {
	struct fsb_devsnap_mount *mounts;
	size_t nmounts;
	struct fsb_devsnap_swap *swaps;
	size_t nswaps;
	struct fsb_devsnap_loop *loops;
	size_t nloops;
	char *fstab_path;            /* shown in reasons */
	char *fstab_error;           /* set when a file that must be read could not be */
	struct fsb_devsnap_tab *fstab;
	size_t nfstab;
	char *crypttab_path;
	char *crypttab_error;
	struct fsb_devsnap_tab *crypttab;
	size_t ncrypttab;
	struct fsb_devsnap_sys *sys;
	size_t nsys;
	struct fsb_devsnap_open *opens; /* other processes' open block devices and files */
	size_t nopens;
	dev_t *root_disks;           /* whole disks under the root filesystem */
	char **root_disk_paths;
	size_t nroot_disks;
	dev_t resume;                /* /sys/power/resume, 0 = none */
	/* A claim's own signature: what fsbench wrote and verified after its
	 * last mkfs in this run (an external journal's jbd, say), by TYPE and
	 * UUID or LOGUUID.  It is not the member of anything else.  NULL = none. */
	char *own_type;
	char *own_uuid;
};

void fsb_devsnap_free(struct fsb_devsnap *s);

/* Adders (the loader and the tests build snapshots with these; strings are copied). */
void fsb_devsnap_add_mount(struct fsb_devsnap *s, dev_t devno, dev_t src_rdev, const char *source,
			   const char *target);
void fsb_devsnap_add_loop(struct fsb_devsnap *s, const char *path, dev_t devno, const char *backing,
			  dev_t backing_rdev, dev_t backing_fsdev);
void fsb_devsnap_add_sys(struct fsb_devsnap *s, dev_t devno, const char *what, const char *via,
			 bool is_root);
void fsb_devsnap_add_root_disk(struct fsb_devsnap *s, dev_t devno, const char *path);
/* rdev or fsdev (the other 0); a pair already present is not added again. */
void fsb_devsnap_add_open(struct fsb_devsnap *s, pid_t pid, const char *comm, dev_t rdev,
			  dev_t fsdev);

/*
 * Parsers.  Each appends to s and returns the number of entries added, or a
 * negative errno.
 */
/* /proc/swaps text: header line, then "path type size used prio".  Octal
 * escapes (\040) are undone; devno is left 0 for the caller to stat. */
int fsb_devrules_parse_swaps(struct fsb_devsnap *s, const char *text);
/* crypttab text: "name device [keyfile [options]]", # comments. */
int fsb_devrules_parse_crypttab(struct fsb_devsnap *s, const char *text);
/* fstab from a stream (libmount's parser); name is for its messages. */
int fsb_devrules_parse_fstab(struct fsb_devsnap *s, FILE *f, const char *name);
/* /proc/self/mountinfo from a stream (libmount's parser); src_rdev left 0. */
int fsb_devrules_parse_mountinfo(struct fsb_devsnap *s, FILE *f);

/* Split a device spec: "UUID=\"ab\"" → tag "UUID", value "ab"; "/dev/x" →
 * tag NULL, value "/dev/x".  Caller frees *tag and *value. */
void fsb_devrules_split_spec(const char *spec, char **tag, char **value);

/* Does the fstab/crypttab line t name device d?  Tags compare with every
 * signature's UUID/LABEL and the partition entry's PARTUUID/PARTLABEL
 * (UUIDs without regard to case); paths compare by device number, or by
 * name with d->path and d->given when they do not resolve. */
bool fsb_devrules_tab_matches(const struct fsb_devsnap_tab *t, const struct fsb_device *d);

/* A reason when sig marks the device as a member of something (RAID, LVM,
 * LUKS, bcache …), else NULL.  Returns a new string. */
char *fsb_devrules_member(const struct fsb_device_sig *sig);

/* Where d is mounted, into out (no duplicates). */
void fsb_devrules_mountpoints(const struct fsb_device *d, const struct fsb_devsnap *s,
			      struct fsb_strv *out);

/* The usage rules (see above).  Loop device ignore_loop is not counted as
 * using d (0 = none): a loop device is not refused for its own backing. */
void fsb_devrules_usage(const struct fsb_device *d, const struct fsb_devsnap *s, dev_t ignore_loop,
			struct fsb_devwhy *why, struct fsb_strv *ok);

/*
 * What the passive facts say about d being open (s->opens), for a device
 * examined without an exclusive open (d->passive):
 *   - a filesystem on d still has files open although it is mounted nowhere
 *     visible: refused, "busy: …" (lazily unmounted, or a namespace fsbench
 *     cannot see) — certain, the filesystem is alive;
 *   - another process has the device node open: a doubt, "in use?: …" —
 *     only the exclusive open at the claim can tell whether it holds it
 *     exclusively, so the verdict is left alone;
 *   - neither: ok says so, and that the claim has the last word.
 * When the exclusive open was tried and refused (EBUSY), the processes that
 * have the node open are named as one more reason.
 */
void fsb_devrules_openers(const struct fsb_device *d, const struct fsb_devsnap *s,
			  struct fsb_devwhy *why, struct fsb_strv *ok, struct fsb_strv *doubts);

/*
 * Put a device's reasons in the order a reader needs them, most telling
 * first (stable within a rank), by their codes' ranks (FSB_DEVICE_REASONS):
 * what would break the running system (holds / or another system
 * filesystem, mounted on /, swap, the hibernation resume device, an EFI
 * system partition, the root filesystem's disk); then what says whose it
 * is (mounted elsewhere, fstab, crypttab, holders, loop backing, member
 * signatures, a partition table); then the rest; the kernel's generic
 * "busy" / "cannot be opened exclusively" last.  A "partition X: " /
 * "disk X: " / "backing device X: " reason keeps the code of the reason
 * after it, so ranks as that one.
 */
void fsb_devrules_order(struct fsb_devwhy *why);

/* The explicit choices (FSB_LIFT_* bits) that lift every reason in why,
 * or 0 when one of them no choice lifts (or there is none). */
unsigned fsb_devwhy_lift(const struct fsb_devwhy *why);

/* The root filesystem's disk when d is on it without holding / itself,
 * else NULL (borrowed from s). */
const char *fsb_devrules_root_disk(const struct fsb_device *d, const struct fsb_devsnap *s);

/* The rules about d itself (see above). */
void fsb_devrules_self(const struct fsb_device *d, const struct fsb_devsnap *s,
		       const struct fsb_device_opts *o, struct fsb_devwhy *why, struct fsb_strv *ok);

/* The devices stacked on a device, described for the user, from a sysfs
 * directory (/sys/dev/block/M:m or a fixture tree with the same layout:
 * holders/<name>/dm/{name,uuid}, holders/<name>/md/level):
 * "/dev/dm-0 (LVM logical volume vg-lv)", "/dev/md0 (raid1 RAID array)".
 * Returns how many, or -errno. */
int fsb_devrules_read_holders(const char *sysdir, struct fsb_strv *out);

/* Is this partition type the EFI system partition (GPT GUID or MBR 0xef)? */
bool fsb_devrules_is_esp_type(const char *part_type);

#endif
