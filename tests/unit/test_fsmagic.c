/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The filesystem of a directory when the mount table cannot place it:
 * statfs's magic, refined by an entry for the same device (issue 15). */
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
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sys/fsmagic.h"
#include "sys/util.h"

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(fsb_fsmagic_name(0xEF53), "ext2/3/4");
	assert_string_equal(fsb_fsmagic_name(0x58465342), "xfs");
	assert_string_equal(fsb_fsmagic_name(0x9123683E), "btrfs");
	assert_string_equal(fsb_fsmagic_name(0x01021994), "tmpfs");
	assert_string_equal(fsb_fsmagic_name(0x794C7630), "overlay");
	assert_string_equal(fsb_fsmagic_name(0x3153464A), "jfs");
	assert_string_equal(fsb_fsmagic_name(0x52654973), "reiserfs");
	/* f_type is signed: a magic with the top bit set may come sign-extended */
	assert_string_equal(fsb_fsmagic_name((unsigned long)(long)(int)0xF2F52010), "f2fs");
	assert_string_equal(fsb_fsmagic_name(0xF2F52010), "f2fs");
	assert_null(fsb_fsmagic_name(0));
	assert_null(fsb_fsmagic_name(0x12345678));
}

static void test_is(void **state)
{
	(void)state;
	assert_true(fsb_fsmagic_is(0xEF53, "ext2"));
	assert_true(fsb_fsmagic_is(0xEF53, "ext3"));
	assert_true(fsb_fsmagic_is(0xEF53, "ext4"));
	assert_false(fsb_fsmagic_is(0xEF53, "ext"));
	assert_false(fsb_fsmagic_is(0xEF53, "ext44"));
	assert_false(fsb_fsmagic_is(0xEF53, "xfs"));
	assert_false(fsb_fsmagic_is(0xEF53, ""));
	assert_false(fsb_fsmagic_is(0xEF53, NULL));
	assert_true(fsb_fsmagic_is(0x58465342, "xfs"));
	assert_true(fsb_fsmagic_is(0x65735546, "fuse.sshfs"));
	assert_true(fsb_fsmagic_is(0x65735546, "fuseblk"));
	assert_false(fsb_fsmagic_is(0x65735546, "fusex"));
	assert_false(fsb_fsmagic_is(0x12345678, "ext4"));
}

/* A mountinfo file with one line: TYPE mounted on MNT from device dev. */
static char *table(const char *dir, const char *name, dev_t dev, const char *mnt, const char *type)
{
	char *path = fsb_xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	if (type)
		fprintf(fp, "21 1 %u:%u / %s rw,relatime shared:1 - %s /dev/fake rw\n",
			major(dev), minor(dev), mnt, type);
	fclose(fp);
	return path;
}

static void test_dir(void **state)
{
	char tmpl[] = "/tmp/fsbench-fsmagic.XXXXXX";
	char *dir = mkdtemp(tmpl), *type, *empty, *root, *same, *other;
	const char *how, *name, *fits, *misfit;
	struct statfs sf;
	struct stat st;
	char want[64];

	(void)state;
	assert_non_null(dir);
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(statfs(dir, &sf), 0);
	name = fsb_fsmagic_name((unsigned long)sf.f_type);
	if (name)
		snprintf(want, sizeof(want), "%s", name);
	else
		snprintf(want, sizeof(want), "unknown-0x%lx", (unsigned long)sf.f_type & 0xFFFFFFFFUL);
	/* a type the mount table could give for this magic, and one it could not */
	fits = !name ? "somefs" : strcmp(name, "ext2/3/4") == 0 ? "ext4" : name;
	misfit = name && strcmp(name, "xfs") == 0 ? "btrfs" : "xfs";

	empty = table(dir, "empty", 0, NULL, NULL);
	root = table(dir, "root", makedev(250, 7), "/", "rootfs-of-test");
	same = table(dir, "same", st.st_dev, "/elsewhere", fits);
	other = table(dir, "other", st.st_dev, "/elsewhere", misfit);

	/* the mount table places the directory (its root entry covers it) */
	const char *const placed[] = { root, NULL };
	assert_int_equal(fsb_fsmagic_dir(dir, placed, &type, &how), 0);
	assert_string_equal(type, "rootfs-of-test");
	assert_string_equal(how, FSB_FSTYPE_FROM_MOUNT);
	free(type);

	/* a chroot: nothing above the directory, statfs names it */
	const char *const chroot[] = { empty, NULL };
	assert_int_equal(fsb_fsmagic_dir(dir, chroot, &type, &how), 0);
	assert_string_equal(type, want);
	assert_string_equal(how, FSB_FSTYPE_FROM_STATFS);
	free(type);

	/* … refined by another table's entry for the same device */
	const char *const refined[] = { empty, same, NULL };
	assert_int_equal(fsb_fsmagic_dir(dir, refined, &type, &how), 0);
	assert_string_equal(type, fits);
	assert_string_equal(how, FSB_FSTYPE_FROM_DEVICE);
	free(type);

	/* … but not by an entry whose type has another magic */
	if (name) {
		const char *const wrong[] = { empty, other, NULL };

		assert_int_equal(fsb_fsmagic_dir(dir, wrong, &type, &how), 0);
		assert_string_equal(type, want);
		assert_string_equal(how, FSB_FSTYPE_FROM_STATFS);
		free(type);
	}

	/* the real tables: a name, never an empty one */
	assert_int_equal(fsb_fsmagic_dir(dir, NULL, &type, &how), 0);
	assert_non_null(type);
	assert_true(*type != '\0');
	assert_non_null(how);
	free(type);

	char *gone = fsb_xasprintf("%s/missing", dir);
	assert_int_equal(fsb_fsmagic_dir(gone, NULL, &type, &how), -ENOENT);
	assert_null(type);
	free(gone);

	unlink(empty);
	unlink(root);
	unlink(same);
	unlink(other);
	free(empty);
	free(root);
	free(same);
	free(other);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_is),
		cmocka_unit_test(test_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
