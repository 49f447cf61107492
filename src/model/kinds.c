/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <string.h>

#include "model/kinds.h"

static const char *const phase_words[] = {
	[FSB_PHASE_COMMAND] = "command",
	[FSB_PHASE_BUILTIN] = "builtin",
	[FSB_PHASE_IMPORTED] = "imported",
};

static const char *const target_words[] = {
	[FSB_TARGET_IMAGE] = "image",
	[FSB_TARGET_DIR] = "dir",
	[FSB_TARGET_DEVICE] = "device",
};

static int parse(const char *const *words, int n, const char *w)
{
	for (int i = 0; w && i < n; i++)
		if (strcmp(words[i], w) == 0)
			return i;
	return -EINVAL;
}

const char *fsb_phase_kind_word(enum fsb_phase_kind k)
{
	return (unsigned)k < sizeof(phase_words) / sizeof(*phase_words) ? phase_words[k] : "?";
}

const char *fsb_target_kind_word(enum fsb_target_kind k)
{
	return (unsigned)k < sizeof(target_words) / sizeof(*target_words) ? target_words[k] : "?";
}

int fsb_phase_kind_parse(const char *w, enum fsb_phase_kind *k)
{
	int i = parse(phase_words, sizeof(phase_words) / sizeof(*phase_words), w);

	if (i < 0)
		return i;
	*k = (enum fsb_phase_kind)i;
	return 0;
}

int fsb_target_kind_parse(const char *w, enum fsb_target_kind *k)
{
	int i = parse(target_words, sizeof(target_words) / sizeof(*target_words), w);

	if (i < 0)
		return i;
	*k = (enum fsb_target_kind)i;
	return 0;
}
