/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hold_excl DEVICE READY_FILE — open DEVICE with O_EXCL (as mkfs, mount or
 * a partitioner would), create READY_FILE, and keep the device until
 * killed.  The shell cannot do this: `exec 3<>` never passes O_EXCL.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd, rfd;

	if (argc != 3) {
		fprintf(stderr, "usage: hold_excl DEVICE READY_FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_EXCL | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "hold_excl: cannot open %s exclusively: %s\n", argv[1], strerror(errno));
		return 1;
	}
	rfd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (rfd < 0) {
		fprintf(stderr, "hold_excl: cannot create %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	close(rfd);
	for (;;)
		pause();	/* SIGTERM ends us; the kernel drops the claim */
}
