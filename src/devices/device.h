/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * device.h — block devices: what there is, and whether fsbench may format it.
 *
 * fsbench reformats its target again and again; formatting the wrong device
 * is the one unforgivable bug.  This module decides, and keeps deciding
 * until the moment mkfs runs.  It never writes to a device itself.
 *
 * Discovery.  fsb_device_list() walks sysfs (/sys/block and the partitions
 * under each disk) and describes every device with libblkid's low-level
 * probe (no cache): size, model, every signature as wipefs lists them, where
 * it is mounted, what is stacked on it, and a verdict.  fsb_device_check()
 * does the same for one path.  The data is for both the `fsbench devices`
 * command and the TUI's target picker; neither formats anything here.
 *
 * Both are passive: they disturb no other program.  Nothing is opened O_EXCL
 * (another program's mkfs or mount landing in that moment would fail with
 * EBUSY), and a partition is read through its disk (an open partition makes
 * the kernel refuse BLKRRPART and BLKPG).  The facts are sysfs, the
 * mountinfo of every visible mount namespace, /proc/swaps, and who has what
 * open (/proc/PID/fd and cwd).  What only an exclusive open can tell is left
 * to the claim: a device another process has open gets a doubt ("in use?:
 * open by process 12 (dd)", d->doubts) but keeps its verdict; the claim's
 * O_EXCL refuses it if the open is exclusive, before anything is written.
 *
 * Which devices the list shows:
 *   - ram* (brd RAM disks) never: their content is process memory, and a
 *     benchmark of RAM says nothing about a disk;
 *   - loop devices only while attached; zram only while configured (size > 0);
 *   - any other device of size 0 (an empty card reader) only with
 *     FSB_DEVICE_LIST_ALL, which also shows the two groups above.
 * fsb_device_check() takes any path, so a hidden device can still be
 * checked (and is refused when it is empty).
 *
 * The verdict is about device numbers, never names: the path is resolved
 * (symlinks such as /dev/disk/by-id/… included) and stat()ed, and every rule
 * compares major:minor.  Refused, with every reason that applies:
 *   - not a block device, missing, empty, smaller than opts->min_size,
 *     read-only;
 *   - busy (the claim only): open(O_RDONLY|O_EXCL) fails with EBUSY — the
 *     kernel's own answer, which also catches mounts in namespaces fsbench
 *     cannot see, lazily unmounted filesystems still held open, swap,
 *     stacked devices and programs holding it exclusively;
 *   - a filesystem on it still in use (files open, /proc/PID/fd) though it
 *     is mounted nowhere visible (lazily unmounted);
 *   - mounted anywhere (mountinfo of every visible mount namespace, by
 *     device number or by the mount's source device), active swap (/proc/swaps: a swap partition, or the device
 *     holding an active swap file), holders (/sys/…/holders: device-mapper,
 *     md, bcache), backing a loop device (a block device attached directly,
 *     or the device holding an attached image file — O_EXCL misses both);
 *   - holding /, /boot, /boot/efi or /efi, active swap or the hibernation
 *     resume device, directly or under device-mapper/md (sysfs slaves); an
 *     EFI system partition by partition type; on the same disk as the root
 *     filesystem unless opts->allow_root_disk;
 *   - listed in fstab or crypttab by path, UUID=, LABEL=, PARTUUID= or
 *     PARTLABEL= (an unreadable explicitly named file refuses everything);
 *   - a RAID, LVM, LUKS or other member signature (blkid USAGE raid or
 *     crypto, or USAGE other except plain swap), a probe that fails, or
 *     signatures libblkid calls ambiguous;
 *   - a whole disk with a partition table or partitions, unless
 *     opts->whole_disk; a partition when opts->whole_disk asks for a disk.
 * Usage rules follow the partition tree both ways: a whole disk is refused
 * when one of its partitions is in use ("partition /dev/sdb1: mounted on
 * /home"), a partition when its disk itself is in use ("disk /dev/sdb: …"),
 * and a loop device attached to a block device inherits that device's
 * usage ("backing device /dev/sdc: …").
 *
 * The claim (claim.c).  Between the check and mkfs the device is held open
 * O_EXCL, and its identity is recorded: device number, disk sequence number
 * (BLKGETDISKSEQ, else sysfs diskseq, else unknown), size, partition start,
 * loop backing inode.  The engine calls, for every run:
 *
 *   fsb_device_claim()                       check + confirm + hold O_EXCL
 *   for each filesystem:
 *       fsb_device_claim_before_mkfs()       same identity? every check again,
 *                                            then release O_EXCL for mkfs
 *       mkfs …
 *       fsb_device_claim_after_mkfs()        same identity? our UUID and type?
 *       mount … phases … umount
 *   fsb_device_claim_free()
 *
 * Any failure of the before/after steps marks the claim broken: every later
 * call fails too, so nothing more is touched.  A dry run calls
 * fsb_device_claim() and fsb_device_claim_before_mkfs() and stops there.
 *
 * Errors: functions return 0 or a negative errno and leave a one-line,
 * user-facing message in err (may be NULL).
 */
#ifndef FSB_DEVICE_H
#define FSB_DEVICE_H

#include <stdbool.h>
#include <sys/types.h>

#include "sys/util.h"

enum fsb_device_verdict {
	FSB_DEVICE_USABLE = 0,   /* every check passed */
	FSB_DEVICE_REFUSED,      /* at least one reason in reasons */
};

/* What an explicit choice of the user lifts (bits): the command line's
 * option, the TUI's question.  Nothing else lifts a reason. */
enum fsb_device_lift {
	FSB_LIFT_NONE = 0,
	FSB_LIFT_WHOLE_DISK = 1,     /* --whole-disk */
	FSB_LIFT_ROOT_DISK = 2,      /* --allow-root-disk */
};

/*
 * Why a device is refused, as data: X(code, rank, lift).  The rank puts a
 * device's reasons in the order a reader needs them (fsb_devrules_order):
 * 0 what would break the running system, 1 what says whose it is, 2 the
 * rest, 3 the kernel's generic "busy".  The text of a reason is for people
 * only; no rule and no front end reads it.
 */
#define FSB_DEVICE_REASONS(X) \
	X(SYSTEM, 0, FSB_LIFT_NONE)          /* holds /, /boot, EFI, swap, resume; an ESP */ \
	X(MOUNTED_ROOT, 0, FSB_LIFT_NONE)    /* mounted on / */ \
	X(LOOP_FILE, 0, FSB_LIFT_NONE)       /* holds a loop device's backing file */ \
	X(ROOT_DISK, 0, FSB_LIFT_ROOT_DISK)  /* on the root filesystem's disk */ \
	X(MOUNTED, 1, FSB_LIFT_NONE)         /* mounted elsewhere */ \
	X(LISTED, 1, FSB_LIFT_NONE)          /* in fstab or crypttab */ \
	X(HOLDER, 1, FSB_LIFT_NONE)          /* device-mapper, md, bcache on it */ \
	X(LOOP_BACKING, 1, FSB_LIFT_NONE)    /* backs a loop device */ \
	X(PARTITIONED, 1, FSB_LIFT_WHOLE_DISK) /* a whole disk with a partition table */ \
	X(MEMBER, 1, FSB_LIFT_NONE)          /* RAID, LVM, LUKS … member signature */ \
	X(UNCHECKABLE, 2, FSB_LIFT_NONE)     /* fstab/crypttab unreadable */ \
	X(MISSING, 2, FSB_LIFT_NONE)         /* not there, not a block device */ \
	X(EMPTY, 2, FSB_LIFT_NONE) \
	X(TOO_SMALL, 2, FSB_LIFT_NONE) \
	X(READ_ONLY, 2, FSB_LIFT_NONE) \
	X(PROBE, 2, FSB_LIFT_NONE)           /* the probe failed */ \
	X(AMBIGUOUS, 2, FSB_LIFT_NONE)       /* signatures libblkid cannot tell apart */ \
	X(NOT_WHOLE, 2, FSB_LIFT_NONE)       /* a partition where a whole disk was asked for */ \
	X(IN_USE, 2, FSB_LIFT_NONE)          /* open by a process; a hidden filesystem in use */ \
	X(BUSY, 3, FSB_LIFT_NONE)            /* the kernel's EBUSY, a lazily unmounted filesystem */ \
	X(NO_EXCL, 3, FSB_LIFT_NONE)         /* cannot be opened exclusively */

enum fsb_device_reason {
#define FSB_X(code, rank, lift) FSB_REASON_##code,
	FSB_DEVICE_REASONS(FSB_X)
#undef FSB_X
	FSB_REASON_COUNT
};

/* A rank and what lifts a reason (the table above). */
int fsb_device_reason_rank(enum fsb_device_reason r);
enum fsb_device_lift fsb_device_reason_lift(enum fsb_device_reason r);
/* The code's name as the table spells it ("MOUNTED_ROOT"): stable, for
 * machine-readable output. */
const char *fsb_device_reason_code(enum fsb_device_reason r);

/* Reasons while the rules collect them: text[i] is for people, code[i]
 * what it is.  Free with fsb_devwhy_free(). */
struct fsb_devwhy {
	struct fsb_strv text;
	enum fsb_device_reason *code;
};
void fsb_devwhy_add(struct fsb_devwhy *w, enum fsb_device_reason code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Is a reason of this code among w's? */
bool fsb_devwhy_has(const struct fsb_devwhy *w, enum fsb_device_reason code);
void fsb_devwhy_free(struct fsb_devwhy *w);

/* One signature as wipefs lists it: a superblock or a partition table. */
struct fsb_device_sig {
	unsigned long long offset;   /* byte offset of its magic */
	struct fsb_strv keys;        /* "TYPE" or "PTTYPE" first, then UUID, LABEL, USAGE, VERSION, … */
	struct fsb_strv values;      /* values.v[i] belongs to keys.v[i] */
};

/* What one device is, and the verdict.  Every string is owned by the
 * struct; fsb_device_free() releases them.  Unknown strings are NULL. */
struct fsb_device {
	char *path;                  /* /dev/<kernel name>, e.g. "/dev/loop3" */
	char *given;                 /* the path the caller named (check/claim), NULL from the list */
	dev_t devno;                 /* 0 when the path is not a block device */
	char majmin[24];             /* "7:3" */
	char kind[8];                /* lsblk's TYPE: disk, part, loop, lvm, crypt, dm, raid, rom */
	unsigned long long size;     /* bytes */
	bool ro;                     /* read-only (sysfs ro or BLKROGET) */
	bool is_partition;           /* a partition of parent */
	bool is_whole;               /* a whole disk (loop, dm, md included) */
	int partno;                  /* partition number, 0 for whole disks */
	char *model;                 /* sysfs device/model, trimmed */
	char *serial;                /* sysfs serial or device/serial */
	char *parent;                /* partitions: the whole disk's path */
	dev_t parent_devno;
	struct fsb_strv partitions;  /* whole disks: paths of their partitions */
	struct fsb_strv slaves;      /* dm/md: the devices it is built on */
	struct fsb_strv holders;     /* stacked on it: "/dev/dm-0 (LVM logical volume vg-lv)" */
	dev_t *disks;                /* the whole disks it lives on (itself for a disk) */
	size_t ndisks;
	char *backing_file;          /* loop devices: what they are attached to */
	unsigned long long diskseq;  /* disk sequence number, 0 = unknown */

	struct fsb_device_sig *sigs; /* every signature found, in probe order */
	size_t nsigs;
	char *fstype;                /* libblkid's safe-probe answer, as lsblk shows it */
	char *label;
	char *uuid;
	char *pttype;                /* partition table type on this device */
	char *part_uuid;             /* a partition's entry in its disk's table */
	char *part_label;
	char *part_type;             /* GPT type GUID or MBR "0x83" */
	char *probe_error;           /* the probe failed: why */
	bool ambiguous;              /* libblkid found conflicting signatures */
	int excl_errno;              /* 0: exclusive open worked (or fsbench holds it) */
	bool passive;                /* examined without an exclusive open: busy is unknown */

	struct fsb_strv mountpoints; /* where it is mounted (this namespace) */
	enum fsb_device_verdict verdict;
	struct fsb_strv reasons;     /* refused: every reason, most telling first, for people:
	                              * "mounted on /home" */
	enum fsb_device_reason *reason_codes; /* reason_codes[i]: what reasons.v[i] is */
	unsigned lift;               /* refused, and every reason is lifted by an explicit
	                              * choice: those choices (FSB_LIFT_*); else 0 */
	char *root_disk;             /* on the root filesystem's disk (not holding /): that disk */
	struct fsb_strv passed;      /* every check that passed, e.g. "not mounted", for the result file */
	struct fsb_strv doubts;      /* passive facts that do not refuse but only the claim can settle:
	                              * "in use?: open by process 1234 (dd)" */
};

/* How strict the checks are. */
struct fsb_device_opts {
	const char *fstab;           /* NULL: /etc/fstab (missing is fine); a named file must be readable */
	const char *crypttab;        /* NULL: /etc/crypttab, same rules */
	bool allow_root_disk;        /* --allow-root-disk: other partitions of the root disk may be used */
	bool whole_disk;             /* --whole-disk: the user picked a whole disk and means it */
	unsigned long long min_size; /* bytes the profile needs; 0 = anything not empty */
	const char *min_size_for;    /* what needs min_size, ends the reason "too small: …, at least 512 MiB needed for <this>"; may be NULL */
};

struct fsb_device_list {
	struct fsb_device *v;        /* disks, each followed by its partitions */
	size_t n;
};

#define FSB_DEVICE_LIST_ALL 0x1      /* also ram*, detached loops and empty devices */

/*
 * Every block device and partition with its verdict.  o may be NULL
 * (defaults).  0, or -errno when the system could not be examined at all
 * (sysfs or /proc/self/mountinfo unreadable).  Free with
 * fsb_device_list_free().
 */
int fsb_device_list(const struct fsb_device_opts *o, unsigned flags, struct fsb_device_list *out,
		    struct fsb_err *err);
void fsb_device_list_free(struct fsb_device_list *l);

/*
 * The verdict on one path.  out is always filled (free it with
 * fsb_device_free(), also on error).  Returns 0 when usable, -EPERM when
 * refused (err: "/dev/loop3 (7:3) cannot be used: mounted on /mnt; …"),
 * another -errno when the system could not be examined.
 */
int fsb_device_check(const char *path, const struct fsb_device_opts *o, struct fsb_device *out,
		     struct fsb_err *err);
void fsb_device_free(struct fsb_device *d);

/* What the user must choose explicitly for a refused d to become usable:
 * the FSB_LIFT_* bits, or 0 when it is usable or nothing but other reasons
 * refuse it (d->lift, computed once with the verdict). */
unsigned fsb_device_liftable(const struct fsb_device *d);

/* The one reason a one-line list shows for a refused d: the most telling
 * that is not the kernel's generic "busy" (the detail lists them all);
 * "?" when there is none. */
const char *fsb_device_headline(const struct fsb_device *d);

/* What a user needs to recognise the device, one fact each, appended to
 * facts, in this order: "partition, 1 GiB" (kind and size, always first),
 * "read-only", "model X", "serial Y", "partition 1 of /dev/sdb (type T)",
 * "partitions …", "built on …", "backing file F", "PARTUUID U",
 * "PARTLABEL L", "diskseq N".  The one description of a device: the
 * command line, the engine's log and every TUI screen show these. */
void fsb_device_facts(const struct fsb_device *d, struct fsb_strv *facts);
/* The same facts with what each is, in keys (same order): one of these. */
#define FSB_FACT_SIZE "size"             /* kind and size, always first */
#define FSB_FACT_RO "read-only"
#define FSB_FACT_MODEL "model"
#define FSB_FACT_SERIAL "serial"
#define FSB_FACT_PARTITION "partition"   /* which partition of which disk */
#define FSB_FACT_PARTITIONS "partitions" /* a disk's partitions */
#define FSB_FACT_SLAVES "built on"
#define FSB_FACT_BACKING "backing file"
#define FSB_FACT_PARTUUID "PARTUUID"
#define FSB_FACT_PARTLABEL "PARTLABEL"
#define FSB_FACT_DISKSEQ "diskseq"       /* what the claim re-checks, not what a user recognises */
void fsb_device_facts_keyed(const struct fsb_device *d, struct fsb_strv *keys, struct fsb_strv *facts);
/* fsb_device_facts() as one line, joined by ", "; caller frees. */
char *fsb_device_describe(const struct fsb_device *d);

/* Value of key in a signature, or NULL. */
const char *fsb_device_sig_get(const struct fsb_device_sig *s, const char *key);

/* Does path name the same block device as devno (after resolving it)? */
bool fsb_device_same(const char *path, dev_t devno);

struct fsb_device_claim;

/*
 * Check path, then confirm: yes_destroy must name the same device (any path
 * that resolves to the same device number).  On success *out holds the
 * device open O_EXCL and records its identity.  info (may be NULL) receives
 * the verdict either way; free it with fsb_device_free().
 * Returns 0; -EPERM when refused (err lists every reason); -EINVAL when
 * yes_destroy is NULL or names another device ("--yes-destroy=/dev/loop3
 * does not name /dev/loop5"); the caller maps both to exit status 3.
 */
int fsb_device_claim(const char *path, const char *yes_destroy, const struct fsb_device_opts *o,
		     struct fsb_device_claim **out, struct fsb_device *info, struct fsb_err *err);

/*
 * Right before mkfs: the path still names the claimed device number, the
 * disk sequence number and the rest of the identity are unchanged, and every
 * check passes again (fsbench's own O_EXCL claim does not count as busy; when
 * the claim was released for an earlier filesystem it is taken again first,
 * so someone else's exclusive open shows).  Then the O_EXCL descriptor is
 * closed so mkfs can open the device.  0; -ESTALE when the device changed,
 * -EPERM when a check now refuses it, -EBUSY when it cannot be claimed.
 */
int fsb_device_claim_before_mkfs(struct fsb_device_claim *c, struct fsb_err *err);

/*
 * Right after mkfs: reopen the path (O_EXCL: nothing may have taken it),
 * verify the identity again, and probe (libblkid, no cache) that it now
 * carries a filesystem of kernel type `type` (may be NULL: any) with `uuid`
 * (may be NULL: not checked; compared without regard to case).  The device
 * is released again for mounting.  0, or -ESTALE / -EBUSY with a message.
 *
 * The signature verified here (TYPE, and UUID or else LOGUUID) becomes the
 * claim's own: the next fsb_device_claim_before_mkfs() does not count it as
 * a member signature.  That is what lets an external journal device, whose
 * jbd or xfs_external_log signature is refused like any storage-stack
 * member, be formatted again by the run that wrote it — and only by it.
 */
int fsb_device_claim_after_mkfs(struct fsb_device_claim *c, const char *uuid, const char *type,
				struct fsb_err *err);

/* The claimed device's canonical path ("/dev/loop3") and number. */
const char *fsb_device_claim_path(const struct fsb_device_claim *c);
dev_t fsb_device_claim_devno(const struct fsb_device_claim *c);

/* Close the O_EXCL descriptor if still held, free c.  NULL is fine. */
void fsb_device_claim_free(struct fsb_device_claim *c);

#endif
