/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mksig KIND DEVICE — write the on-disk header that libblkid recognizes as
 * a member of something, without the tool that normally writes it, so the
 * member-signature tests run on any machine:
 *   luks1  a LUKS1 header at 0          (blkid: crypto_LUKS, USAGE crypto)
 *   lvm2   an LVM2 PV label in sector 1 (blkid: LVM2_member, USAGE raid)
 *   md     an md 1.2 superblock at 4 KiB (blkid: linux_raid_member, USAGE raid)
 * Only the fields libblkid checks are filled in; no real tool would accept
 * these as usable volumes, which is fine: they only have to be recognized.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void put_le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put_le64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put_be16(unsigned char *p, uint16_t v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

static void put_be32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (24 - 8 * i));
}

/* LVM2's label checksum: reflected CRC-32 (0xedb88320) seeded with
 * 0xf597a6cf and no final inversion. */
static uint32_t lvm_crc(const unsigned char *p, size_t n)
{
	uint32_t crc = 0xf597a6cf;

	for (size_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (0xedb88320 & -(crc & 1));
	}
	return crc;
}

static size_t luks1(unsigned char *buf, off_t *off)
{
	memcpy(buf, "LUKS\xba\xbe", 6);
	put_be16(buf + 6, 1);
	strcpy((char *)buf + 8, "aes");
	strcpy((char *)buf + 40, "xts-plain64");
	strcpy((char *)buf + 72, "sha256");
	put_be32(buf + 104, 4096);	/* payload offset, sectors */
	put_be32(buf + 108, 64);	/* key bytes */
	strcpy((char *)buf + 168, "5d1f0b6e-1c2a-4a8e-9d63-fsbench00001");
	*off = 0;
	return 592;
}

static size_t lvm2(unsigned char *buf, off_t *off)
{
	unsigned char *l = buf;	/* written at sector 1 */

	memcpy(l, "LABELONE", 8);
	put_le64(l + 8, 1);		/* the sector it is in */
	put_le32(l + 20, 32);		/* contents follow at +32 */
	memcpy(l + 24, "LVM2 001", 8);
	memcpy(l + 32, "fsbenchTESTpv0000000000000000001", 32);
	put_le32(l + 16, lvm_crc(l + 20, 512 - 20));
	*off = 512;
	return 512;
}

static size_t md12(unsigned char *buf, off_t *off)
{
	uint64_t sum = 0;

	put_le32(buf, 0xa92b4efc);
	put_le32(buf + 4, 1);			/* major version */
	memcpy(buf + 16, "fsbench-md-uuid!", 16);
	strcpy((char *)buf + 32, "fsbench:0");
	put_le32(buf + 72, 1);			/* raid1 */
	put_le32(buf + 92, 2);			/* raid disks */
	put_le64(buf + 128, 2048);		/* data offset */
	put_le64(buf + 144, 4096 >> 9);		/* the sector it is in */
	memcpy(buf + 168, "fsbench-md-dev0!", 16);
	put_le32(buf + 220, 2);			/* max_dev: two roles follow */
	buf[256] = 0;				/* roles 0 and 1 */
	buf[258] = 1;
	/* md's checksum: sum of the little-endian words, sb_csum counted as 0 */
	for (size_t i = 0; i < 256 + 2 * 2; i += 4)
		sum += (uint32_t)buf[i] | (uint32_t)buf[i + 1] << 8 | (uint32_t)buf[i + 2] << 16 |
		       (uint32_t)buf[i + 3] << 24;
	put_le32(buf + 216, (uint32_t)((sum & 0xffffffff) + (sum >> 32)));
	*off = 4096;
	return 512;
}

int main(int argc, char **argv)
{
	static const struct { const char *kind; size_t (*fn)(unsigned char *, off_t *); } kinds[] = {
		{ "luks1", luks1 }, { "lvm2", lvm2 }, { "md", md12 },
	};
	unsigned char buf[1024] = { 0 };
	off_t off = 0;
	size_t len = 0;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: mksig luks1|lvm2|md DEVICE\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(argv[1], kinds[i].kind) == 0)
			len = kinds[i].fn(buf, &off);
	if (!len) {
		fprintf(stderr, "mksig: unknown kind '%s'\n", argv[1]);
		return 2;
	}
	fd = open(argv[2], O_WRONLY | O_CLOEXEC);
	if (fd < 0 || pwrite(fd, buf, len, off) != (ssize_t)len || fsync(fd)) {
		fprintf(stderr, "mksig: writing %s failed: %s\n", argv[2], strerror(errno));
		return 1;
	}
	close(fd);
	return 0;
}
