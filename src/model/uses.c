/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/criteria.h"
#include "model/uses.h"

/*
 * The uses and what each weighs (doc/recommend.md has the table and where
 * each weight comes from).  A weight multiplies the phase's dead time in
 * the use's total: the seeds' phases are sized like a desktop's work, so a
 * weight says how much more of that work the use does, not how long the
 * phase took.  A system disk is package installs and updates: dpkg
 * unpacks (deb), archives are unpacked (tar) and removed (rm), and the
 * metadata-heavy built-in tests are what dpkg does to every file (create,
 * rename over, delete); never cp (dpkg writes what it unpacks, it never
 * copies a tree, and cp -a may clone) nor clean (make clean is a build's).
 */
static const struct fsb_use_weight w_system[] = {
	{ "deb", 3 }, { "tar", 1 }, { "rm", 1 }, { "seq-create", 0.25 }, { "seq-delete", 0.25 },
	{ "rand-create", 0.25 }, { "rand-delete", 0.25 }, { NULL, 0 } };
static const struct fsb_use_weight w_home[] = {
	{ "cp", 2 }, { "tar", 1 }, { "rm", 1 }, { "block-write", 1 }, { "block-read", 1 },
	{ "seq-create", 1 }, { NULL, 0 } };
static const struct fsb_use_weight w_build[] = {
	{ "make", 1 }, { "make2", 2 }, { "clean", 1 }, { "tar", 1 }, { NULL, 0 } };
static const struct fsb_use_weight w_scratch[] = {
	{ "deb", 1 }, { "tar", 1 }, { "make", 1 }, { "cp", 1 }, { "clean", 1 }, { "make2", 1 },
	{ "rm", 1 }, { "block-write", 1 }, { "block-read", 1 }, { NULL, 0 } };
static const struct fsb_use_weight w_archive[] = {
	{ "block-write", 1 }, { "block-read", 2 }, { "cp", 1 }, { NULL, 0 } };
static const struct fsb_use_weight w_removable[] = {
	{ "cp", 1 }, { "block-write", 1 }, { "block-read", 1 }, { NULL, 0 } };

/* What each use needs most besides speed (doc/recommend.md): a system disk
 * must come back after a power loss, quickly, and may be shrunk when the
 * disk is repartitioned; /home keeps what cannot be made again; an archive
 * keeps large files for years; a removable disk is unplugged and moved
 * between machines; build and scratch space hold what can be made again. */
static const struct fsb_use uses[] = {
	{ "system", "a system disk", "unpacking packages and the small-file work of updates", w_system,
	  FSB_NEED_CRASH_SAFE, FSB_CRIT_BIT(POWER_LOSS) | FSB_CRIT_BIT(FSCK) | FSB_CRIT_BIT(SHRINK) },
	{ "home", "/home", "copying and unpacking many files, and writing and reading large ones", w_home,
	  FSB_NEED_CRASH_SAFE, FSB_CRIT_BIT(POWER_LOSS) | FSB_CRIT_BIT(SNAPSHOTS) | FSB_CRIT_BIT(CHECKSUMS) },
	{ "build", "build space", "compiling, rebuilding from ccache and cleaning", w_build, 0, 0 },
	{ "scratch", "scratch space", "every phase alike, for data that can be made again", w_scratch, 0, 0 },
	{ "archive", "a media archive", "writing and, above all, reading large files", w_archive,
	  FSB_NEED_CRASH_SAFE, FSB_CRIT_BIT(CHECKSUMS) | FSB_CRIT_BIT(POWER_LOSS) | FSB_CRIT_BIT(MAX_FILE) },
	{ "removable", "a removable disk", "copying files and writing and reading large ones", w_removable,
	  FSB_NEED_CRASH_SAFE, FSB_CRIT_BIT(SUPPORT) | FSB_CRIT_BIT(POWER_LOSS) },
};

static const struct {
	enum fsb_need need;
	const char *name, *words;
} needs[] = {
	{ FSB_NEED_CRASH_SAFE, "power-loss", "survives a power loss (a journal, copy-on-write or a log)" },
	{ FSB_NEED_SNAPSHOTS, "snapshots", "snapshots" },
	{ FSB_NEED_CHECKSUMS, "checksums", "checksums of the data" },
	{ FSB_NEED_COMPRESSION, "compression", "transparent compression" },
	{ FSB_NEED_SUPPORTED, "supported", "supported by current kernels (not deprecated, not out of tree)" },
};

const struct fsb_use *fsb_use_all(size_t *n)
{
	*n = FSB_ARRAY_SIZE(uses);
	return uses;
}

const struct fsb_use *fsb_use_find(const char *name)
{
	for (size_t i = 0; name && i < FSB_ARRAY_SIZE(uses); i++)
		if (strcmp(uses[i].name, name) == 0)
			return &uses[i];
	return NULL;
}

const char *fsb_use_names(void)
{
	return "system, home, build, scratch, archive or removable";
}

const char *fsb_need_name(enum fsb_need n)
{
	for (size_t i = 0; i < FSB_ARRAY_SIZE(needs); i++)
		if (needs[i].need == n)
			return needs[i].name;
	return "?";
}

const char *fsb_need_words(enum fsb_need n)
{
	for (size_t i = 0; i < FSB_ARRAY_SIZE(needs); i++)
		if (needs[i].need == n)
			return needs[i].words;
	return "?";
}

const char *fsb_need_names(void)
{
	return "power-loss, snapshots, checksums or compression";
}

int fsb_needs_parse(const char *list, unsigned *out, struct fsb_err *err)
{
	struct fsb_strv words = { 0 };
	unsigned bits = 0;
	int rc = 0;

	/* "none": no must-have besides the use's (to drop a result's) */
	if (list && strcmp(list, "none") == 0) {
		*out = 0;
		return 0;
	}
	fsb_strv_split(&words, list ? list : "", ',');
	for (size_t i = 0; i < words.n && !rc; i++) {
		size_t k;

		/* "supported" is implied, never asked for */
		for (k = 0; k + 1 < FSB_ARRAY_SIZE(needs); k++)
			if (strcmp(words.v[i], needs[k].name) == 0)
				break;
		if (k + 1 < FSB_ARRAY_SIZE(needs))
			bits |= needs[k].need;
		else
			rc = fsb_err_set(err, -EINVAL, "\"%s\" is not a must-have fsbench knows (%s)", words.v[i],
					 fsb_need_names());
	}
	if (!rc && !words.n)
		rc = fsb_err_set(err, -EINVAL, "no must-have given (%s)", fsb_need_names());
	fsb_strv_free(&words);
	if (!rc)
		*out = bits;
	return rc;
}

char *fsb_needs_format(unsigned bits)
{
	struct fsb_buf b = { 0 };
	char *s;

	for (size_t k = 0; k + 1 < FSB_ARRAY_SIZE(needs); k++)
		if (bits & needs[k].need)
			fsb_buf_addf(&b, "%s%s", b.len ? "," : "", needs[k].name);
	s = fsb_buf_steal(&b);
	return s ? s : fsb_xstrdup("");
}
