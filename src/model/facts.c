/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/facts.h"
#include "sys/util.h"

/* Each enum's words in enum order; index 0 (UNKNOWN) is "". */
static const char *const crash_w[] = { "", "none", "journal", "data-journal", "cow", "log", "volatile" };
static const char *const csum_w[] = { "", "none", "metadata", "data" };
static const char *const resize_w[] = { "", "no", "offline", "online" };
static const char *const support_w[] = { "", "default", "in-kernel", "deprecated", "out-of-tree" };

static int parse(const char *const *words, size_t n, const char *w, int *out)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(w ? w : "", words[i]) == 0) {
			*out = (int)i;
			return 0;
		}
	return -EINVAL;
}

static const char *word(const char *const *words, size_t n, int v)
{
	return v >= 0 && (size_t)v < n ? words[v] : "";
}

/* "none, journal, data-journal, cow, log or volatile" */
static const char *list(const char *const *words, size_t n, char *buf, size_t len)
{
	struct fsb_buf b = { 0 };

	for (size_t i = 1; i < n; i++)
		fsb_buf_addf(&b, "%s%s", i == 1 ? "" : i + 1 == n ? " or " : ", ", words[i]);
	snprintf(buf, len, "%s", b.s ? b.s : "");
	fsb_buf_free(&b);
	return buf;
}

#define ENUM_FNS(name, type, words)                                                     \
	int fsb_##name##_parse(const char *w, type *out)                                \
	{                                                                               \
		int v;                                                                  \
		if (parse(words, FSB_ARRAY_SIZE(words), w, &v))                         \
			return -EINVAL;                                                 \
		*out = (type)v;                                                         \
		return 0;                                                               \
	}                                                                               \
	const char *fsb_##name##_word(type v)                                           \
	{                                                                               \
		return word(words, FSB_ARRAY_SIZE(words), (int)v);                      \
	}                                                                               \
	const char *fsb_##name##_words(void)                                            \
	{                                                                               \
		static char buf[128];                                                   \
		return buf[0] ? buf : list(words, FSB_ARRAY_SIZE(words), buf, sizeof(buf)); \
	}

ENUM_FNS(crash, enum fsb_crash, crash_w)
ENUM_FNS(checksums, enum fsb_checksums, csum_w)
ENUM_FNS(resize, enum fsb_resize, resize_w)
ENUM_FNS(support, enum fsb_support, support_w)

bool fsb_facts_crash_safe(const struct fsb_fs_facts *f)
{
	return f->crash == FSB_CRASH_JOURNAL || f->crash == FSB_CRASH_DATA_JOURNAL || f->crash == FSB_CRASH_COW ||
	       f->crash == FSB_CRASH_LOG;
}

bool fsb_facts_known(const struct fsb_fs_facts *f)
{
	return f->crash || f->checksums || f->snapshots || f->compression || f->grow || f->shrink || f->support ||
	       (f->max_file && *f->max_file) || (f->max_volume && *f->max_volume);
}

void fsb_facts_copy(struct fsb_fs_facts *dst, const struct fsb_fs_facts *src)
{
	*dst = *src;
	dst->max_file = fsb_xstrdup(src->max_file ? src->max_file : "");
	dst->max_volume = fsb_xstrdup(src->max_volume ? src->max_volume : "");
	dst->support_note = fsb_xstrdup(src->support_note ? src->support_note : "");
}

void fsb_facts_free(struct fsb_fs_facts *f)
{
	free(f->max_file);
	free(f->max_volume);
	free(f->support_note);
	memset(f, 0, sizeof(*f));
}
