/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/dirents.h — dir_count(path, prefix): how many entries of the
 * directory path have a name that begins with prefix ("": every entry but
 * "." and "..").  Include after cmocka.h.
 */
#ifndef FSB_TEST_DIRENTS_H
#define FSB_TEST_DIRENTS_H

#include <dirent.h>
#include <string.h>

static inline size_t dir_count(const char *path, const char *prefix)
{
	DIR *d = opendir(path);
	struct dirent *de;
	size_t n = 0;

	assert_non_null(d);
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && !strncmp(de->d_name, prefix, strlen(prefix)))
			n++;
	closedir(d);
	return n;
}

#endif
