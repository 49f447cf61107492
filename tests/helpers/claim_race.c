/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * claim_race LOOPDEV IMAGE_A IMAGE_B — the claim API against a loop device
 * that is swapped under it, the way the engine will call it:
 *
 *   1. the happy path: claim, before_mkfs, mkfs.ext4 -U, after_mkfs with that
 *      UUID succeed, and a second round (before_mkfs again) still works;
 *   2. after_mkfs with a UUID mkfs was not given, or the wrong type, fails
 *      with -ESTALE;
 *   3. claim + before_mkfs, then the loop device is detached and the same
 *      name attached to another file (what another program could do while
 *      mkfs runs): after_mkfs fails with -ESTALE, naming the diskseq;
 *   4. a full round, then the same swap before the next filesystem:
 *      before_mkfs fails with -ESTALE;
 *   5. a broken claim stays broken: every later call fails.
 *
 * LOOPDEV starts attached to IMAGE_A.  Prints one line per step; exit 0
 * when every expectation held.  Run by tests/integration/devices-claim-race.sh.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devices/device.h"

static const char *dev, *img_a, *img_b;
static const char *current;	/* the image dev is attached to now */
static int failures;

#define UUID1 "0d2c4b1a-1111-4e5f-8a9b-0123456789ab"
#define UUID2 "0d2c4b1a-2222-4e5f-8a9b-0123456789ab"

static void expect(bool ok, const char *what, const struct fsb_err *err)
{
	printf("%s: %s%s%s\n", ok ? "ok" : "FAILED", what, err && err->msg[0] ? " -- " : "",
	       err ? err->msg : "");
	if (!ok)
		failures++;
}

static bool mkfs(const char *uuid)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "mkfs.ext4 -q -F -U %s %s", uuid, dev);
	/* tests running next to this one scan every block device, holding
	 * each O_EXCL for a moment: mke2fs then says "in use"; try again */
	for (int i = 0; i < 5; i++) {
		if (system(cmd) == 0)
			return true;
		usleep(300 * 1000);
	}
	return false;
}

/*
 * Detach dev and attach the other image under the same name.  A detach
 * while someone still has the device open (udev's probe after mkfs) only
 * marks it for autoclear; the name is free once they close it, so the
 * attach is retried for up to 5 s before it counts as failed.
 */
static bool swap_backing(void)
{
	const char *next = current == img_a ? img_b : img_a;
	char cmd[1024];

	snprintf(cmd, sizeof(cmd),
		 "losetup -d %s || exit 1; for i in $(seq 50); do losetup %s '%s' 2>/dev/null && exit 0; sleep 0.1; done; "
		 "losetup %s '%s'", dev, dev, next, dev, next);
	if (system(cmd) != 0)
		return false;
	current = next;
	return true;
}

/*
 * How every step after the first begins: claim dev again, then
 * before_mkfs, then (uuid not NULL) mkfs with uuid; what names the step
 * after the claim.
 */
static void claim_again(struct fsb_device_claim **c, const char *uuid, const char *what, struct fsb_err *err)
{
	int rc = fsb_device_claim(dev, dev, NULL, c, NULL, err);

	expect(rc == 0, "claim again", err);
	rc = rc ? rc : fsb_device_claim_before_mkfs(*c, err);
	expect(rc == 0 && (!uuid || mkfs(uuid)), what, err);
}

int main(int argc, char **argv)
{
	struct fsb_device_claim *c = NULL;
	struct fsb_err err = { 0 };
	int rc;

	if (argc != 4) {
		fprintf(stderr, "usage: claim_race LOOPDEV IMAGE_A IMAGE_B\n");
		return 2;
	}
	dev = argv[1];
	img_a = argv[2];
	img_b = argv[3];
	current = img_a;

	/* 1 */
	rc = fsb_device_claim(dev, dev, NULL, &c, NULL, &err);
	expect(rc == 0, "claim a clean loop device", &err);
	if (rc)
		return 1;
	rc = fsb_device_claim_before_mkfs(c, &err);
	expect(rc == 0, "before_mkfs on an unchanged device", &err);
	expect(mkfs(UUID1), "mkfs.ext4 -U " UUID1, NULL);
	rc = fsb_device_claim_after_mkfs(c, UUID1, "ext4", &err);
	expect(rc == 0, "after_mkfs finds ext4 with our UUID", &err);
	rc = fsb_device_claim_before_mkfs(c, &err);
	expect(rc == 0, "before_mkfs again for the next filesystem", &err);
	expect(mkfs(UUID2), "mkfs.ext4 -U " UUID2, NULL);
	rc = fsb_device_claim_after_mkfs(c, UUID2, "ext4", &err);
	expect(rc == 0, "after_mkfs for the second filesystem", &err);
	fsb_device_claim_free(c);

	/* 2 */
	claim_again(&c, UUID1, "before_mkfs, mkfs.ext4 -U " UUID1, &err);
	rc = fsb_device_claim_after_mkfs(c, UUID2, "ext4", &err);
	expect(rc == -ESTALE && strstr(err.msg, "not the " UUID2), "after_mkfs refuses a UUID "
	       "mkfs was not given", &err);
	fsb_device_claim_free(c);

	claim_again(&c, UUID1, "before_mkfs, mkfs.ext4 -U " UUID1, &err);
	rc = fsb_device_claim_after_mkfs(c, UUID1, "xfs", &err);
	expect(rc == -ESTALE && strstr(err.msg, "carries ext4, not xfs"), "after_mkfs refuses "
	       "the wrong filesystem type", &err);
	rc = fsb_device_claim_after_mkfs(c, UUID1, "ext4", &err);
	expect(rc == -ESTALE && strstr(err.msg, "failed earlier"), "and the claim stays broken (5)",
	       &err);
	rc = fsb_device_claim_before_mkfs(c, &err);
	expect(rc == -ESTALE && strstr(err.msg, "failed earlier"), "before_mkfs on a broken claim",
	       &err);
	fsb_device_claim_free(c);

	/* 3 */
	claim_again(&c, NULL, "before_mkfs", &err);
	expect(swap_backing(), "detach, attach the same name to another file", NULL);
	expect(mkfs(UUID1), "mkfs.ext4 on the new file (what a racing mkfs would hit)", NULL);
	rc = fsb_device_claim_after_mkfs(c, UUID1, "ext4", &err);
	expect(rc == -ESTALE && strstr(err.msg, "disk sequence number"),
	       "after_mkfs sees the device changed, though the UUID matches", &err);
	fsb_device_claim_free(c);

	/* 4 */
	claim_again(&c, UUID2, "before_mkfs, mkfs", &err);
	rc = fsb_device_claim_after_mkfs(c, UUID2, "ext4", &err);
	expect(rc == 0, "after_mkfs", &err);
	expect(swap_backing(), "detach, attach the same name to another file", NULL);
	rc = fsb_device_claim_before_mkfs(c, &err);
	expect(rc == -ESTALE && strstr(err.msg, "disk sequence number"),
	       "before_mkfs of the next filesystem sees the device changed", &err);
	fsb_device_claim_free(c);

	printf("%s\n", failures ? "some expectations failed" : "all expectations held");
	return failures ? 1 : 0;
}
