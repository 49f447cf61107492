/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * layout_probe — engine/layout.h on a real filesystem, for
 * tests/integration/layout.sh:
 *
 *   layout_probe files DIR             fsb_layout_files: "files=N mean=X p90=X max=X multi=X"
 *   layout_probe extents FILE          fsb_layout_file_extents: "extents=N"
 *   layout_probe free FSTYPE DEV MNT   fsb_layout_free: "extents=N mean_kib=X big_share=X"
 *   layout_probe interleave DIR N SIZE two files DIR/a and DIR/b grown in
 *                                      turns by SIZE bytes N times each, each
 *                                      write made durable (fdatasync) before
 *                                      the other file's
 *
 * Exit 0; 3 when the library said -EOPNOTSUPP (its message on stdout as
 * "unsupported: …", the figures as printed NAN); 1 on any other failure
 * (message on stderr); 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/layout.h"

static int report(int rc, const struct fsb_err *err)
{
	if (rc == -EOPNOTSUPP) {
		printf("unsupported: %s\n", err->msg);
		return 3;
	}
	if (rc) {
		fprintf(stderr, "layout_probe: %s\n", err->msg);
		return 1;
	}
	return 0;
}

static int interleave(const char *dir, long n, size_t size)
{
	char *buf = fsb_xmalloc(size), *pa = fsb_xasprintf("%s/a", dir), *pb = fsb_xasprintf("%s/b", dir);
	int fd[2] = { open(pa, O_WRONLY | O_CREAT | O_TRUNC, 0644), open(pb, O_WRONLY | O_CREAT | O_TRUNC, 0644) };
	int rc = 0;

	memset(buf, 'x', size);
	if (fd[0] < 0 || fd[1] < 0)
		rc = 1;
	for (long i = 0; i < 2 * n && !rc; i++) {
		buf[0] = (char)('a' + i % 26);	/* not all alike: nothing for a filesystem to fold */
		if (write(fd[i % 2], buf, size) != (ssize_t)size || fdatasync(fd[i % 2]))
			rc = 1;
	}
	if (rc)
		fprintf(stderr, "layout_probe: interleave in %s: %s\n", dir, strerror(errno));
	for (int i = 0; i < 2; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	free(pb);
	free(pa);
	free(buf);
	return rc;
}

int main(int argc, char **argv)
{
	struct fsb_err err = { 0 };
	int rc;

	if (argc == 3 && !strcmp(argv[1], "files")) {
		struct fsb_layout_files f;

		rc = fsb_layout_files(argv[2], &f, &err);
		printf("files=%ld mean=%.3f p90=%g max=%g multi=%.3f\n", f.files, f.extents_mean, f.extents_p90,
		       f.extents_max, f.multi_share);
		return report(rc, &err);
	}
	if (argc == 3 && !strcmp(argv[1], "extents")) {
		long n = -1;
		int fd = open(argv[2], O_RDONLY);

		if (fd < 0) {
			perror(argv[2]);
			return 1;
		}
		rc = fsb_layout_file_extents(fd, argv[2], &n, &err);
		close(fd);
		printf("extents=%ld\n", n);
		return report(rc, &err);
	}
	if (argc == 5 && !strcmp(argv[1], "free")) {
		struct fsb_layout_free fr;

		rc = fsb_layout_free(argv[2], argv[3], argv[4], &fr, &err);
		printf("extents=%ld mean_kib=%.1f big_share=%.3f\n", fr.extents, fr.mean_kib, fr.big_share);
		return report(rc, &err);
	}
	if (argc == 5 && !strcmp(argv[1], "interleave"))
		return interleave(argv[2], atol(argv[3]), (size_t)atol(argv[4]));
	fprintf(stderr, "usage: layout_probe files DIR | extents FILE | free FSTYPE DEV MNT | "
		"interleave DIR N SIZE\n");
	return 2;
}
