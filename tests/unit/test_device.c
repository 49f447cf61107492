/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The device refusal rules (src/devices/devrules.c) against fixture strings: each
 * test builds the facts of one situation and checks the reason appears —
 * and that the clean case has none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "devices/device.h"
#include "devices/devrules.h"
#include "doc/devdoc.h"
#include "model/opts.h"

#include "lines.h"

/* Print the reasons when an assertion is about to fail: the test log then
 * says what the rules did produce. */
static void dump(const char *what, const struct fsb_strv *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		fprintf(stderr, "# %s: %s\n", what, sv->v[i]);
}

#define assert_has(sv, needle) do { if (!has_line(sv, needle)) dump("got", sv); \
	assert_true(has_line(sv, needle)); } while (0)
#define assert_not_has(sv, needle) do { if (has_line(sv, needle)) dump("got", sv); \
	assert_false(has_line(sv, needle)); } while (0)

/* Add a signature "TYPE=ext4 UUID=… LABEL=…" to d. */
static void add_sig(struct fsb_device *d, const char *kv)
{
	struct fsb_device_sig g = { 0 };
	struct fsb_strv items = { 0 };

	fsb_strv_split(&items, kv, ' ');
	for (size_t i = 0; i < items.n; i++) {
		char *eq = strchr(items.v[i], '=');

		*eq = '\0';
		fsb_strv_add(&g.keys, items.v[i]);
		fsb_strv_add(&g.values, eq + 1);
	}
	fsb_strv_free(&items);
	d->sigs = realloc(d->sigs, (d->nsigs + 1) * sizeof(*d->sigs));
	d->sigs[d->nsigs++] = g;
}

/* A plain, unused 1 GiB partition /dev/sdz1 (8:241) of /dev/sdz (8:240). */
static void make_part(struct fsb_device *d)
{
	memset(d, 0, sizeof(*d));
	d->path = strdup("/dev/sdz1");
	d->devno = makedev(8, 241);
	d->size = 1ULL << 30;
	d->is_partition = true;
	d->partno = 1;
	d->parent = strdup("/dev/sdz");
	d->parent_devno = makedev(8, 240);
	d->disks = malloc(sizeof(dev_t));
	d->disks[0] = makedev(8, 240);
	d->ndisks = 1;
	d->part_uuid = strdup("0A1B2C3D-0000-4000-8000-000000000001");
	d->part_label = strdup("scratch");
	d->part_type = strdup("0fc63daf-8483-4772-8e79-3d69d8477de4");
	add_sig(d, "TYPE=ext4 UUID=3f1e0c2a-aaaa-bbbb-cccc-0123456789ab LABEL=bench USAGE=filesystem");
}

struct rules {
	struct fsb_device d;
	struct fsb_devsnap s;
	struct fsb_device_opts o;
	struct fsb_devwhy why;
	struct fsb_strv ok;
};

static int setup(void **state)
{
	struct rules *r = calloc(1, sizeof(*r));

	make_part(&r->d);
	*state = r;
	return 0;
}

static int teardown(void **state)
{
	struct rules *r = *state;

	fsb_device_free(&r->d);
	fsb_devsnap_free(&r->s);
	fsb_devwhy_free(&r->why);
	fsb_strv_free(&r->ok);
	free(r);
	return 0;
}

static void run_usage(struct rules *r)
{
	fsb_devwhy_free(&r->why);
	fsb_strv_free(&r->ok);
	fsb_devrules_usage(&r->d, &r->s, 0, &r->why, &r->ok);
}

static void run_self(struct rules *r)
{
	fsb_devwhy_free(&r->why);
	fsb_strv_free(&r->ok);
	fsb_devrules_self(&r->d, &r->s, &r->o, &r->why, &r->ok);
}

/* ---- parsers ------------------------------------------------------------------ */

static void test_parse_swaps(void **state)
{
	struct fsb_devsnap s = { 0 };
	const char *text =
		"Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
		"/dev/sdz2                               partition\t8388604\t\t0\t\t-2\n"
		"/var/swap\\040file                       file\t\t1048572\t\t0\t\t-3\n"
		"/old\\040swap\\040(deleted)               file\t\t1024\t\t0\t\t-4\n";

	(void)state;
	assert_int_equal(fsb_devrules_parse_swaps(&s, text), 3);
	assert_string_equal(s.swaps[0].path, "/dev/sdz2");
	assert_false(s.swaps[0].is_file);
	assert_string_equal(s.swaps[1].path, "/var/swap file");
	assert_true(s.swaps[1].is_file);
	assert_string_equal(s.swaps[2].path, "/old swap");
	fsb_devsnap_free(&s);

	/* header only: no swap in use */
	assert_int_equal(fsb_devrules_parse_swaps(&s, "Filename Type Size Used Priority\n"), 0);
	fsb_devsnap_free(&s);
}

static void test_parse_crypttab(void **state)
{
	struct fsb_devsnap s = { 0 };
	const char *text =
		"# <target name> <source device> <key file> <options>\n"
		"\n"
		"cryptdata UUID=\"3f1e0c2a-aaaa-bbbb-cccc-0123456789ab\" none luks\n"
		"cryptswap\t/dev/sdz2\t/dev/urandom\tswap,cipher=aes-xts-plain64\n"
		"   crypthome PARTUUID=0a1b2c3d-0000-4000-8000-000000000001 /etc/key\n"
		"lonely\n";

	(void)state;
	assert_int_equal(fsb_devrules_parse_crypttab(&s, text), 3);
	assert_string_equal(s.crypttab[0].what, "cryptdata");
	assert_string_equal(s.crypttab[0].tag, "UUID");
	assert_string_equal(s.crypttab[0].value, "3f1e0c2a-aaaa-bbbb-cccc-0123456789ab");
	assert_string_equal(s.crypttab[1].what, "cryptswap");
	assert_null(s.crypttab[1].tag);
	assert_string_equal(s.crypttab[1].value, "/dev/sdz2");
	assert_string_equal(s.crypttab[2].tag, "PARTUUID");
	fsb_devsnap_free(&s);
}

static void test_split_spec(void **state)
{
	char *tag, *value;

	(void)state;
	fsb_devrules_split_spec("uuid='ab-cd'", &tag, &value);
	assert_string_equal(tag, "UUID");
	assert_string_equal(value, "ab-cd");
	free(tag);
	free(value);
	fsb_devrules_split_spec("LABEL=\"my disk\"", &tag, &value);
	assert_string_equal(tag, "LABEL");
	assert_string_equal(value, "my disk");
	free(tag);
	free(value);
	fsb_devrules_split_spec("/dev/disk/by-id/x=y", &tag, &value);
	assert_null(tag);
	assert_string_equal(value, "/dev/disk/by-id/x=y");
	free(value);
}

static FILE *fixture(const char *text)
{
	return fmemopen((void *)text, strlen(text), "r");
}

static void test_fstab_matching(void **state)
{
	struct rules *r = *state;
	const char *text =
		"# fixture fstab\n"
		"UUID=3F1E0C2A-AAAA-BBBB-CCCC-0123456789AB /data ext4 defaults 0 2\n"
		"LABEL=bench /bench ext4 noauto 0 0\n"
		"PARTUUID=0a1b2c3d-0000-4000-8000-000000000001 /p xfs defaults 0 0\n"
		"PARTLABEL=scratch /q xfs defaults 0 0\n"
		"/dev/sdz1 /r ext4 defaults 0 0\n"
		"/dev/disk/by-label/bench /s ext4 defaults 0 0\n"
		"UUID=00000000-1111-2222-3333-444444444444 /other ext4 defaults 0 0\n"
		"LABEL=Bench /case ext4 defaults 0 0\n"
		"proc /proc proc defaults 0 0\n";
	FILE *f = fixture(text);
	bool expect[] = { true, true, true, true, true, true, false, false, false };

	assert_int_equal(fsb_devrules_parse_fstab(&r->s, f, "fixture"), 9);
	fclose(f);
	for (size_t i = 0; i < r->s.nfstab; i++) {
		if (fsb_devrules_tab_matches(&r->s.fstab[i], &r->d) != expect[i])
			fprintf(stderr, "# fstab line %zu (%s) gave the wrong answer\n", i + 1,
				r->s.fstab[i].spec);
		assert_int_equal(fsb_devrules_tab_matches(&r->s.fstab[i], &r->d), expect[i]);
	}

	/* and the rule words it for the user, once per line that names it */
	r->s.fstab_path = strdup("/etc/fstab");
	run_usage(r);
	assert_has(&r->why.text, "listed in /etc/fstab as UUID=3F1E0C2A-AAAA-BBBB-CCCC-0123456789AB (for /data)");
	assert_has(&r->why.text, "listed in /etc/fstab as LABEL=bench (for /bench)");
	assert_has(&r->why.text, "listed in /etc/fstab as PARTUUID=");
	assert_has(&r->why.text, "listed in /etc/fstab as /dev/sdz1 (for /r)");
}

static void test_tab_by_devno(void **state)
{
	struct rules *r = *state;
	struct fsb_devsnap_tab t = { .spec = "/dev/disk/by-id/ata-X-part1",
				     .value = "/dev/disk/by-id/ata-X-part1" };

	t.rdev = makedev(8, 241);
	assert_true(fsb_devrules_tab_matches(&t, &r->d));
	/* a path that resolves to another device never matches by name */
	t.rdev = makedev(8, 242);
	t.value = "/dev/sdz1";
	assert_false(fsb_devrules_tab_matches(&t, &r->d));
}

static void test_crypttab_rule(void **state)
{
	struct rules *r = *state;

	fsb_devrules_parse_crypttab(&r->s, "cryptdata PARTLABEL=scratch none luks\n");
	r->s.crypttab_path = strdup("/tmp/ct");
	run_usage(r);
	assert_has(&r->why.text, "listed in /tmp/ct as PARTLABEL=scratch (encrypted volume cryptdata)");
}

static void test_tab_unreadable(void **state)
{
	struct rules *r = *state;

	r->s.fstab_path = strdup("/nonexistent/fstab");
	r->s.fstab_error = strdup("reading it failed: No such file or directory");
	run_usage(r);
	assert_has(&r->why.text, "cannot be checked against /nonexistent/fstab");
}

static void test_parse_mountinfo(void **state)
{
	struct rules *r = *state;
	const char *text =
		"22 1 8:241 / /home rw,relatime shared:1 - ext4 /dev/sdz1 rw\n"
		"23 22 8:241 /sub /srv/bind rw,relatime shared:1 - ext4 /dev/sdz1 rw\n"
		"24 1 0:31 / /mnt/btr rw - btrfs /dev/sdz3 rw\n"
		"25 1 0:5 / /dev rw - devtmpfs udev rw\n"
		"26 1 8:242 / /mnt/space\\040dir rw - ext4 /dev/sdz2 rw\n";
	FILE *f = fixture(text);
	struct fsb_strv m = { 0 };

	assert_int_equal(fsb_devrules_parse_mountinfo(&r->s, f), 5);
	fclose(f);
	fsb_devrules_mountpoints(&r->d, &r->s, &m);
	assert_int_equal(m.n, 2);
	assert_string_equal(m.v[0], "/home");
	assert_string_equal(m.v[1], "/srv/bind");
	fsb_strv_free(&m);
	assert_string_equal(r->s.mounts[4].target, "/mnt/space dir");

	/* btrfs shows 0:N; the source's device number (filled by device.c) counts */
	r->d.devno = makedev(8, 243);
	fsb_devrules_mountpoints(&r->d, &r->s, &m);
	assert_int_equal(m.n, 0);
	r->s.mounts[2].src_rdev = makedev(8, 243);
	fsb_devrules_mountpoints(&r->d, &r->s, &m);
	assert_int_equal(m.n, 1);
	assert_string_equal(m.v[0], "/mnt/btr");
	fsb_strv_free(&m);
}

static void test_mounted_rule(void **state)
{
	struct rules *r = *state;

	run_usage(r);
	assert_has(&r->ok, "not mounted");
	fsb_devsnap_add_mount(&r->s, makedev(8, 241), 0, "/dev/sdz1", "/home");
	fsb_devsnap_add_mount(&r->s, makedev(8, 241), 0, "/dev/sdz1", "/srv");
	run_usage(r);
	assert_has(&r->why.text, "mounted on /home, /srv");
}

/* A mount seen only in another mount namespace refuses as well, and says where. */
static void test_mounted_other_namespace(void **state)
{
	struct rules *r = *state;

	fsb_devsnap_add_mount(&r->s, makedev(8, 241), 0, "/dev/sdz1", "/mnt/c");
	r->s.mounts[r->s.nmounts - 1].ns_pid = 4321;
	run_usage(r);
	assert_has(&r->why.text, "mounted on /mnt/c (in the mount namespace of process 4321)");
}

/* The passive facts about open files: a doubt for an open node, a refusal
 * for a live filesystem mounted nowhere visible, nothing when clean; after
 * a refused exclusive open, the holder is named as a reason. */
static void test_openers(void **state)
{
	struct rules *r = *state;
	struct fsb_strv doubts = { 0 };

	r->d.passive = true;
	fsb_devrules_openers(&r->d, &r->s, &r->why, &r->ok, &doubts);
	assert_int_equal(r->why.text.n, 0);
	assert_int_equal(doubts.n, 0);
	assert_has(&r->ok, "no other program has it open");

	fsb_devsnap_add_open(&r->s, 77, "dd", makedev(8, 241), 0);
	fsb_devsnap_add_open(&r->s, 77, "dd", makedev(8, 241), 0);	/* once only */
	fsb_devsnap_add_open(&r->s, 78, "cat", makedev(8, 240), 0);	/* its disk: not it */
	assert_int_equal(r->s.nopens, 2);
	fsb_strv_free(&r->ok);
	fsb_devrules_openers(&r->d, &r->s, &r->why, &r->ok, &doubts);
	assert_int_equal(r->why.text.n, 0);
	assert_has(&doubts, "in use?: open by process 77 (dd)");
	assert_not_has(&doubts, "cat");

	fsb_devsnap_add_open(&r->s, 90, "sleep", 0, makedev(8, 241));
	fsb_strv_free(&doubts);
	fsb_devrules_openers(&r->d, &r->s, &r->why, &r->ok, &doubts);
	assert_has(&r->why.text, "busy: a filesystem on it is mounted nowhere fsbench can see");
	assert_has(&r->why.text, "in use by process 90 (sleep)");

	/* mounted: the mount rule refuses it already; open files are expected */
	fsb_devwhy_free(&r->why);
	fsb_devsnap_add_mount(&r->s, makedev(8, 241), 0, "/dev/sdz1", "/home");
	fsb_devrules_openers(&r->d, &r->s, &r->why, &r->ok, &doubts);
	assert_int_equal(r->why.text.n, 0);

	/* the claim's view: the exclusive open failed, the holder is a reason */
	r->d.passive = false;
	r->d.excl_errno = EBUSY;
	fsb_devrules_openers(&r->d, &r->s, &r->why, &r->ok, &doubts);
	assert_has(&r->why.text, "open by process 77 (dd)");
	/* and granted: nothing added */
	fsb_devwhy_free(&r->why);
	r->d.excl_errno = 0;
	fsb_devrules_openers(&r->d, &r->s, &r->why, &r->ok, &doubts);
	assert_int_equal(r->why.text.n, 0);
	fsb_strv_free(&doubts);
}

/* Passive: the exclusive open was never tried, so "not busy" is not claimed. */
static void test_self_passive(void **state)
{
	struct rules *r = *state;

	r->d.passive = true;
	run_self(r);
	assert_not_has(&r->ok, "not busy");
	assert_not_has(&r->why.text, "busy");
}

static void test_holders(void **state)
{
	struct rules *r = *state;
	char dir[] = "/tmp/fsb-holders.XXXXXX", *p;
	struct fsb_strv h = { 0 };
	FILE *fp;
	static const char *const files[][2] = {
		{ "holders/dm-0/dm/name", "vg0-scratch" },
		{ "holders/dm-0/dm/uuid", "LVM-abcdef" },
		{ "holders/dm-1/dm/name", "cryptdata" },
		{ "holders/dm-1/dm/uuid", "CRYPT-LUKS2-1234-cryptdata" },
		{ "holders/md127/md/level", "raid1" },
		{ "holders/bcache0/dev", "252:0" },
	};

	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < FSB_ARRAY_SIZE(files); i++) {
		char *f = fsb_xasprintf("%s/%s", dir, files[i][0]), *slash = strrchr(f, '/');

		*slash = '\0';
		assert_int_equal(fsb_mkdir_p(f, 0755), 0);
		*slash = '/';
		fp = fopen(f, "w");
		assert_non_null(fp);
		fprintf(fp, "%s\n", files[i][1]);
		fclose(fp);
		free(f);
	}
	assert_int_equal(fsb_devrules_read_holders(dir, &h), 4);
	assert_string_equal(h.v[0], "/dev/bcache0 (bcache device)");
	assert_string_equal(h.v[1], "/dev/dm-0 (LVM logical volume vg0-scratch)");
	assert_string_equal(h.v[2], "/dev/dm-1 (dm-crypt volume cryptdata)");
	assert_string_equal(h.v[3], "/dev/md127 (raid1 RAID array)");
	for (size_t i = 0; i < h.n; i++)
		fsb_strv_add(&r->d.holders, h.v[i]);
	run_usage(r);
	assert_has(&r->why.text, "used by /dev/dm-0 (LVM logical volume vg0-scratch)");
	assert_has(&r->why.text, "used by /dev/md127 (raid1 RAID array)");
	fsb_strv_free(&h);

	/* no holders directory at all (not sysfs): none, not an error */
	p = fsb_xasprintf("%s/nothing", dir);
	assert_int_equal(fsb_devrules_read_holders(p, &h), 0);
	free(p);
	fsb_rm_rf(dir);
}

static void test_swap_rules(void **state)
{
	struct rules *r = *state;

	fsb_devrules_parse_swaps(&r->s, "Filename Type Size Used Priority\n"
				 "/dev/sdz1 partition 100 0 -2\n/swapfile file 100 0 -3\n");
	run_usage(r);	/* device numbers not resolved yet: nothing to match */
	assert_has(&r->ok, "not active swap");
	r->s.swaps[0].devno = makedev(8, 241);
	r->s.swaps[1].devno = makedev(8, 241);
	run_usage(r);
	assert_has(&r->why.text, "active swap");
	assert_has(&r->why.text, "holds the active swap file /swapfile");
}

static void test_loop_rules(void **state)
{
	struct rules *r = *state;

	fsb_devsnap_add_loop(&r->s, "/dev/loop4", makedev(7, 4), "/dev/sdz1", makedev(8, 241), 0);
	fsb_devsnap_add_loop(&r->s, "/dev/loop5", makedev(7, 5), "/mnt/img (deleted)", 0,
			     makedev(8, 241));
	fsb_devsnap_add_loop(&r->s, "/dev/loop6", makedev(7, 6), "/elsewhere.img", 0, makedev(8, 1));
	run_usage(r);
	assert_has(&r->why.text, "backs loop device /dev/loop4");
	assert_has(&r->why.text, "holds /mnt/img (deleted), the backing file of loop device /dev/loop5");
	assert_not_has(&r->why.text, "loop6");

	/* a loop device is not refused because of its own backing */
	fsb_devwhy_free(&r->why);
	fsb_strv_free(&r->ok);
	fsb_devrules_usage(&r->d, &r->s, makedev(7, 4), &r->why, &r->ok);
	assert_not_has(&r->why.text, "/dev/loop4");
	assert_has(&r->why.text, "/dev/loop5");
}

static void test_system_rules(void **state)
{
	struct rules *r = *state;

	fsb_devsnap_add_sys(&r->s, makedev(8, 241), "the root filesystem", "/dev/dm-0", true);
	fsb_devsnap_add_sys(&r->s, makedev(8, 241), "/boot", NULL, false);
	r->s.resume = makedev(8, 241);
	run_usage(r);
	assert_has(&r->why.text, "holds the root filesystem (under /dev/dm-0)");
	assert_has(&r->why.text, "holds /boot");
	assert_has(&r->why.text, "hibernation resume device");

	fsb_devsnap_free(&r->s);
	free(r->d.part_type);
	r->d.part_type = strdup("C12A7328-F81F-11D2-BA4B-00A0C93EC93B");
	run_usage(r);
	assert_has(&r->why.text, "EFI system partition");
	assert_true(fsb_devrules_is_esp_type("0xef"));
	assert_false(fsb_devrules_is_esp_type("0x83"));
}

static void test_member_signatures(void **state)
{
	static const struct { const char *sig, *reason; } cases[] = {
		{ "TYPE=LVM2_member USAGE=raid", "member of an LVM volume group" },
		{ "TYPE=linux_raid_member USAGE=raid", "member of a Linux RAID array" },
		{ "TYPE=zfs_member USAGE=raid", "member of a ZFS pool" },
		{ "TYPE=isw_raid_member USAGE=raid", "member of a RAID or volume set" },
		{ "TYPE=crypto_LUKS USAGE=crypto", "LUKS encrypted volume" },
		{ "TYPE=BitLocker USAGE=crypto", "encrypted volume (BitLocker" },
		{ "TYPE=bcache USAGE=other", "member of another storage stack (bcache" },
		{ "TYPE=swap USAGE=other", NULL },
		{ "TYPE=ext4 USAGE=filesystem", NULL },
		{ "PTTYPE=gpt USAGE=partition-table", NULL },
		{ "TYPE=odd", NULL },
	};

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(cases); i++) {
		struct fsb_device d = { 0 };
		char *m;

		add_sig(&d, cases[i].sig);
		m = fsb_devrules_member(&d.sigs[0]);
		if (!cases[i].reason) {
			assert_null(m);
		} else {
			assert_non_null(m);
			assert_non_null(strstr(m, cases[i].reason));
		}
		free(m);
		fsb_device_free(&d);
	}
}

static void test_member_rule_any_signature(void **state)
{
	struct rules *r = *state;

	run_usage(r);
	assert_has(&r->ok, "no signature of a RAID, LVM, LUKS or other member");
	/* a stale LUKS header behind the filesystem still refuses */
	add_sig(&r->d, "TYPE=crypto_LUKS UUID=1234 USAGE=crypto VERSION=1");
	run_usage(r);
	assert_has(&r->why.text, "LUKS encrypted volume (crypto_LUKS signature)");
	assert_string_equal(fsb_device_sig_get(&r->d.sigs[1], "VERSION"), "1");
	assert_null(fsb_device_sig_get(&r->d.sigs[1], "LABEL"));
}

/* An external journal the claim formatted itself is not "a member of another
 * storage stack" to the next check of the same run; any other one still is. */
static void test_member_own_signature(void **state)
{
	struct rules *r = *state;

	add_sig(&r->d, "TYPE=jbd UUID=1E10716F-ca3e-48c4-9452-334f1edb96ab LOGUUID=1e10716f-ca3e-48c4-9452-334f1edb96ab USAGE=other");
	run_usage(r);
	assert_has(&r->why.text, "member of another storage stack (jbd signature)");
	/* the claim verified this very jbd after its mkfs */
	r->s.own_type = strdup("jbd");
	r->s.own_uuid = strdup("1e10716f-ca3e-48c4-9452-334f1edb96ab");
	run_usage(r);
	assert_int_equal(r->why.text.n, 0);
	assert_has(&r->ok, "its jbd signature is the one fsbench wrote in this run");
	/* the same UUID under another type, or another UUID, is not ours */
	free(r->s.own_type);
	r->s.own_type = strdup("xfs_external_log");
	run_usage(r);
	assert_has(&r->why.text, "member of another storage stack (jbd signature)");
	free(r->s.own_type);
	r->s.own_type = strdup("jbd");
	free(r->s.own_uuid);
	r->s.own_uuid = strdup("00000000-ca3e-48c4-9452-334f1edb96ab");
	run_usage(r);
	assert_has(&r->why.text, "member of another storage stack (jbd signature)");
	/* an XFS external log has only LOGUUID */
	fsb_device_free(&r->d);
	make_part(&r->d);
	add_sig(&r->d, "TYPE=xfs_external_log LOGUUID=c5b01f7d-5a2f-4d9d-93ca-eb3e1421ad5d USAGE=other");
	free(r->s.own_type);
	free(r->s.own_uuid);
	r->s.own_type = strdup("xfs_external_log");
	r->s.own_uuid = strdup("c5b01f7d-5a2f-4d9d-93ca-eb3e1421ad5d");
	run_usage(r);
	assert_int_equal(r->why.text.n, 0);
}

static void test_self_clean(void **state)
{
	struct rules *r = *state;

	run_self(r);
	run_usage(r);
	if (r->why.text.n)
		dump("unexpected", &r->why.text);
	assert_int_equal(r->why.text.n, 0);
	run_self(r);
	assert_int_equal(r->why.text.n, 0);
	assert_has(&r->ok, "writable");
	assert_has(&r->ok, "not busy");
}

static void test_self_size_ro_busy(void **state)
{
	struct rules *r = *state;

	r->o.min_size = 2ULL << 30;
	r->d.ro = true;
	r->d.excl_errno = EBUSY;
	run_self(r);
	assert_has(&r->why.text, "too small: 1 GiB, at least 2 GiB needed");
	r->o.min_size_for = "the filesystems fsbench formats";
	run_self(r);
	assert_has(&r->why.text, "too small: 1 GiB, at least 2 GiB needed for the filesystems fsbench formats");
	assert_has(&r->why.text, "read-only");
	assert_has(&r->why.text, "busy: the kernel refused an exclusive open");
	r->d.size = 0;
	run_self(r);
	assert_has(&r->why.text, "empty (size 0)");
}

static void test_self_probe(void **state)
{
	struct rules *r = *state;

	r->d.ambiguous = true;
	add_sig(&r->d, "TYPE=xfs USAGE=filesystem");
	run_self(r);
	assert_has(&r->why.text, "ambiguous signatures (ext4, xfs)");
	r->d.ambiguous = false;
	r->d.probe_error = strdup("libblkid failed: Input/output error");
	run_self(r);
	assert_has(&r->why.text, "its signatures could not be probed: libblkid failed");
}

/* The command line's speaker (src/cli/cli.c) in short: the rules name options
 * only through fsb_opt_say(), so a front end's words reach its user. */
static const char *say_flag(enum fsb_opt id, const char *value, char *buf, size_t n)
{
	if (id >= FSB_OPT_COUNT)
		return NULL;
	snprintf(buf, n, "--%s%s%s", fsb_opt_info(id)->name, value ? "=" : "", value ? value : "");
	return buf;
}

static void test_self_plan_words(void **state)
{
	struct rules *r = *state;

	/* no front end speaks: the plan's words, never a command-line flag */
	fsb_opt_set_speaker(NULL);
	r->o.whole_disk = true;
	run_self(r);
	assert_has(&r->why.text, "a partition of /dev/sdz, but the whole-disk choice asks for a whole disk");
	assert_not_has(&r->why.text, "--");
	fsb_opt_set_speaker(say_flag);
}

static void test_self_whole_disk(void **state)
{
	struct rules *r = *state;
	struct fsb_device *d = &r->d;

	/* a partition, but the user said the target is a whole disk */
	r->o.whole_disk = true;
	run_self(r);
	assert_has(&r->why.text, "a partition of /dev/sdz, but --whole-disk asks for a whole disk");

	/* the disk itself, with a partition table */
	d->is_partition = false;
	d->is_whole = true;
	d->pttype = strdup("gpt");
	r->o.whole_disk = false;
	run_self(r);
	assert_has(&r->why.text, "a whole disk with a gpt partition table");
	assert_true(fsb_devwhy_has(&r->why, FSB_REASON_PARTITIONED));
	assert_int_equal(fsb_devwhy_lift(&r->why), FSB_LIFT_WHOLE_DISK);
	r->o.whole_disk = true;
	run_self(r);
	assert_not_has(&r->why.text, "partition table");
	assert_has(&r->ok, "chosen as such with --whole-disk");

	/* partitions the kernel knows without a table libblkid sees */
	free(d->pttype);
	d->pttype = NULL;
	fsb_strv_add(&d->partitions, "/dev/sdz1");
	r->o.whole_disk = false;
	run_self(r);
	assert_has(&r->why.text, "a whole disk with partitions");
}

static void test_self_root_disk(void **state)
{
	struct rules *r = *state;

	fsb_devsnap_add_root_disk(&r->s, makedev(8, 240), "/dev/sdz");
	run_self(r);
	assert_has(&r->why.text, "on the same disk as the root filesystem (/dev/sdz)");
	assert_true(fsb_devwhy_has(&r->why, FSB_REASON_ROOT_DISK));
	assert_string_equal(fsb_devrules_root_disk(&r->d, &r->s), "/dev/sdz");
	r->o.allow_root_disk = true;
	run_self(r);
	assert_not_has(&r->why.text, "root");
	assert_has(&r->ok, "allowed by --allow-root-disk");

	/* the device holding / is refused for that, whatever the override */
	fsb_devsnap_add_sys(&r->s, makedev(8, 241), "the root filesystem", NULL, true);
	run_self(r);
	assert_not_has(&r->why.text, "same disk");
	run_usage(r);
	assert_has(&r->why.text, "holds the root filesystem");
}

/* The most telling reason first: the system's, then whose it is, the
 * kernel's generic refusal last; stable within a rank. */
static void test_reason_order(void **state)
{
	static const struct {
		enum fsb_device_reason code;
		const char *text;
	} in[] = {
		{ FSB_REASON_BUSY, "busy: the kernel refused an exclusive open (…)" },
		{ FSB_REASON_NO_EXCL, "cannot be opened exclusively: Permission denied" },
		{ FSB_REASON_READ_ONLY, "read-only" },
		{ FSB_REASON_MOUNTED, "partition /dev/sdb2: mounted on /home" },
		{ FSB_REASON_LISTED, "listed in /etc/fstab as UUID=1 (for /home)" },
		{ FSB_REASON_MOUNTED_ROOT, "disk /dev/sda: partition /dev/sda1: mounted on /" },
		{ FSB_REASON_MEMBER, "member of a Linux RAID array (linux_raid_member signature)" },
		{ FSB_REASON_ROOT_DISK, "on the same disk as the root filesystem (/dev/sda): pass --allow-root-disk to use it anyway" },
		{ FSB_REASON_SYSTEM, "active swap" },
	};
	static const char *const want[] = {
		"disk /dev/sda: partition /dev/sda1: mounted on /",
		"on the same disk as the root filesystem (/dev/sda): pass --allow-root-disk to use it anyway",
		"active swap",
		"partition /dev/sdb2: mounted on /home",
		"listed in /etc/fstab as UUID=1 (for /home)",
		"member of a Linux RAID array (linux_raid_member signature)",
		"read-only",
		"busy: the kernel refused an exclusive open (…)",
		"cannot be opened exclusively: Permission denied",
	};
	struct fsb_devwhy why = { 0 };

	(void)state;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(in); i++)
		fsb_devwhy_add(&why, in[i].code, "%s", in[i].text);
	fsb_devrules_order(&why);
	assert_int_equal(why.text.n, FSB_ARRAY_SIZE(want));
	for (size_t i = 0; i < why.text.n; i++) {
		assert_string_equal(why.text.v[i], want[i]);
		/* each code moved with its text */
		for (size_t k = 0; k < FSB_ARRAY_SIZE(in); k++)
			if (strcmp(in[k].text, want[i]) == 0)
				assert_int_equal(why.code[i], in[k].code);
	}
	/* the order is the codes', not the words': any text ranks by its code */
	fsb_devwhy_free(&why);
	fsb_devwhy_add(&why, FSB_REASON_BUSY, "zzz");
	fsb_devwhy_add(&why, FSB_REASON_SYSTEM, "yyy");
	fsb_devrules_order(&why);
	assert_string_equal(why.text.v[0], "yyy");
	fsb_devwhy_free(&why);
}

/* What an explicit choice lifts is the codes' table: only a partition
 * table (--whole-disk) and the root filesystem's disk (--allow-root-disk),
 * and only when nothing else refuses. */
static void test_reason_lift(void **state)
{
	struct fsb_devwhy why = { 0 };

	(void)state;
	assert_int_equal(fsb_devwhy_lift(&why), 0);
	fsb_devwhy_add(&why, FSB_REASON_PARTITIONED, "any words");
	assert_int_equal(fsb_devwhy_lift(&why), FSB_LIFT_WHOLE_DISK);
	fsb_devwhy_add(&why, FSB_REASON_ROOT_DISK, "more words");
	assert_int_equal(fsb_devwhy_lift(&why), FSB_LIFT_WHOLE_DISK | FSB_LIFT_ROOT_DISK);
	fsb_devwhy_add(&why, FSB_REASON_MOUNTED, "a whole disk with a gpt partition table");
	assert_int_equal(fsb_devwhy_lift(&why), 0);
	fsb_devwhy_free(&why);
	for (int c = 0; c < FSB_REASON_COUNT; c++)
		assert_int_equal(fsb_device_reason_lift(c) != FSB_LIFT_NONE,
				 c == FSB_REASON_PARTITIONED || c == FSB_REASON_ROOT_DISK);
}

/* The device's document (doc/devdoc.h): built once, what every front end
 * draws: the heading, keyed facts, the verdict's lists, blkid's answer,
 * signatures in wipefs's order, text from the disk made visible. */
static void test_device_document(void **state)
{
	struct rules *r = *state;
	struct fsb_device *d = &r->d;
	struct fsb_doc doc = { 0 };
	const struct fsb_block *b;
	char *j;

	snprintf(d->majmin, sizeof(d->majmin), "8:241");
	strcpy(d->kind, "part");
	d->verdict = FSB_DEVICE_REFUSED;
	fsb_strv_add(&d->reasons, "mounted on /mnt");
	fsb_strv_add(&d->passed, "writable");
	d->label = strdup("be\033nch");
	d->fstype = strdup("ext4");
	d->diskseq = 9;
	fsb_doc_device(d, &doc);
	assert_string_equal(fsb_doc_find(&doc, FSB_ROLE_DEVICE)->text, "/dev/sdz1 (8:241): refused");
	b = fsb_doc_find(&doc, FSB_ROLE_DEVICE_FACTS);
	assert_string_equal(b->kv[0].key, FSB_FACT_SIZE);
	assert_string_equal(b->kv[0].values.v[0], "part, 1 GiB");
	assert_string_equal(fsb_block_kv(b, FSB_FACT_DISKSEQ)->values.v[0], "diskseq 9");
	j = fsb_devdoc_facts_line(&doc);
	{
		char *want = fsb_device_describe(d);

		assert_string_equal(j, want);
		free(want);
	}
	free(j);
	j = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_REFUSED, "; ");
	assert_string_equal(j, "mounted on /mnt");
	free(j);
	j = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_CONTENT, FSB_DEVDOC_LABEL, "");
	assert_string_equal(j, "be\\033nch");
	free(j);
	b = fsb_doc_find(&doc, FSB_ROLE_DEVICE_SIGS);
	assert_int_equal(b->nkv, 1);
	j = fsb_strv_join(&b->kv[0].values, " ");
	/* TYPE, then UUID LABEL USAGE: wipefs's order, not the probe's */
	assert_string_equal(j, "TYPE=ext4 UUID=3f1e0c2a-aaaa-bbbb-cccc-0123456789ab LABEL=bench USAGE=filesystem");
	free(j);
	fsb_doc_free(&doc);
}

/* The device list (doc/devdoc.h): one table, the text layout's columns
 * and cuts byte for byte as `fsbench devices` has always printed them, the
 * screen's headline reason and every mountpoint, the flags a front end
 * colours by, the widths it places them with. */
static void test_device_list_document(void **state)
{
	struct fsb_device v[2];
	struct fsb_device_list l = { v, 2 };
	struct fsb_doc doc = { 0 };
	const struct fsb_table *t;

	(void)state;
	memset(v, 0, sizeof(v));
	v[0].path = strdup("/dev/sdz");
	snprintf(v[0].majmin, sizeof(v[0].majmin), "8:240");
	strcpy(v[0].kind, "disk");
	v[0].size = 1ULL << 30;
	v[0].pttype = strdup("gpt");
	v[0].verdict = FSB_DEVICE_REFUSED;
	fsb_strv_add(&v[0].reasons, "busy");
	fsb_strv_add(&v[0].reasons, "a whole disk with a gpt partition table");
	v[0].reason_codes = calloc(2, sizeof(*v[0].reason_codes));
	v[0].reason_codes[0] = FSB_REASON_BUSY;
	v[0].reason_codes[1] = FSB_REASON_PARTITIONED;
	v[1].path = strdup("/dev/sdz1");
	snprintf(v[1].majmin, sizeof(v[1].majmin), "8:241");
	strcpy(v[1].kind, "part");
	v[1].is_partition = true;
	v[1].size = 512ULL << 20;
	v[1].fstype = strdup("ext4");
	v[1].label = strdup("a-very-long-label");
	fsb_strv_add(&v[1].mountpoints, "/mnt/a/very/long/mount/point");
	fsb_strv_add(&v[1].mountpoints, "/home");

	fsb_doc_device_list(&l, FSB_DEVLIST_TEXT, &doc);
	t = &fsb_doc_find(&doc, FSB_ROLE_DEVICE_LIST)->table;
	assert_int_equal(t->nrows, 3);
	assert_int_equal(t->ncols, 7);
	assert_string_equal(fsb_table_cell(t, 0, 4)->text, "FSTYPE LABEL");
	assert_true(fsb_table_cell(t, 0, 2)->flags & FSB_CELL_NUMBER);
	assert_string_equal(fsb_table_cell(t, 1, 0)->text, "/dev/sdz");
	assert_string_equal(fsb_table_cell(t, 1, 2)->text, "1 GiB");
	assert_string_equal(fsb_table_cell(t, 1, 4)->text, "gpt");
	assert_string_equal(fsb_table_cell(t, 1, 6)->text, "refused");
	assert_true(fsb_table_cell(t, 1, 6)->flags & FSB_CELL_FAILED);
	assert_true(fsb_table_cell(t, 1, 0)->flags & FSB_CELL_MISSING);
	assert_string_equal(fsb_table_cell(t, 2, 0)->text, "  /dev/sdz1");
	assert_string_equal(fsb_table_cell(t, 2, 4)->text, "ext4 a-very-lo~");
	assert_string_equal(fsb_table_cell(t, 2, 5)->text, "/mnt/a/very/~");
	assert_string_equal(fsb_table_cell(t, 2, 6)->text, "usable");
	assert_true(fsb_table_cell(t, 2, 6)->flags & FSB_CELL_BETTER);
	assert_false(fsb_table_cell(t, 2, 0)->flags & FSB_CELL_MISSING);
	assert_true(fsb_table_cell(t, 2, 2)->value == (double)(512ULL << 20));
	assert_int_equal(fsb_devdoc_list_width(t, 0, 80), 16);
	assert_int_equal(fsb_devdoc_list_width(t, 6, 80), 8);
	assert_false(fsb_devdoc_list_path(t, 5));
	fsb_doc_free(&doc);

	fsb_strv_add(&v[1].doubts, "in use?: open by process 12 (dd)");
	fsb_doc_device_list(&l, FSB_DEVLIST_SCREEN, &doc);
	t = &fsb_doc_find(&doc, FSB_ROLE_DEVICE_LIST)->table;
	assert_int_equal(t->ncols, 6);
	assert_string_equal(fsb_table_cell(t, 1, 5)->text, "refused: a whole disk with a gpt partition table");
	assert_string_equal(fsb_table_cell(t, 2, 2)->text, "ext4");
	assert_string_equal(fsb_table_cell(t, 2, 3)->text, "a-very-long-label");
	assert_string_equal(fsb_table_cell(t, 2, 4)->text, "/mnt/a/very/long/mount/point,/home");
	assert_string_equal(fsb_table_cell(t, 2, 5)->text, "in use? (decided at claim)");
	assert_true(fsb_devdoc_list_path(t, 4));
	assert_int_equal(fsb_devdoc_list_width(t, 3, 100), 8);
	assert_int_equal(fsb_devdoc_list_width(t, 3, 118), 16);
	assert_int_equal(fsb_devdoc_list_width(t, 5, 100), 100 - (15 + 8 + 7 + 8 + 12) - 5);
	assert_int_equal(fsb_devdoc_list_width(t, 5, 40), 8);
	fsb_doc_free(&doc);
	fsb_device_free(&v[0]);
	fsb_device_free(&v[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_swaps),
		cmocka_unit_test(test_parse_crypttab),
		cmocka_unit_test(test_split_spec),
		cmocka_unit_test(test_member_signatures),
		cmocka_unit_test_setup_teardown(test_fstab_matching, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tab_by_devno, setup, teardown),
		cmocka_unit_test_setup_teardown(test_crypttab_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tab_unreadable, setup, teardown),
		cmocka_unit_test_setup_teardown(test_parse_mountinfo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mounted_rule, setup, teardown),
		cmocka_unit_test_setup_teardown(test_holders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_swap_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_loop_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_system_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_member_rule_any_signature, setup, teardown),
		cmocka_unit_test_setup_teardown(test_member_own_signature, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_clean, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_size_ro_busy, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_passive, setup, teardown),
		cmocka_unit_test_setup_teardown(test_openers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mounted_other_namespace, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_probe, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_plan_words, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_whole_disk, setup, teardown),
		cmocka_unit_test_setup_teardown(test_self_root_disk, setup, teardown),
		cmocka_unit_test(test_reason_order),
		cmocka_unit_test(test_device_list_document),
		cmocka_unit_test(test_reason_lift),
		cmocka_unit_test_setup_teardown(test_device_document, setup, teardown),
	};

	fsb_opt_set_speaker(say_flag);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
