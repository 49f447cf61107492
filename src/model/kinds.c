/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>

#include "model/kinds.h"
#include "sys/util.h"

static const char *const phase_words[] = {
	[FSB_PHASE_COMMAND] = "command",
	[FSB_PHASE_BUILTIN] = "builtin",
	[FSB_PHASE_IMPORTED] = "imported",
	[FSB_PHASE_CRASH] = "crash",
};

static const char *const target_words[] = {
	[FSB_TARGET_IMAGE] = "image",
	[FSB_TARGET_DIR] = "dir",
	[FSB_TARGET_DEVICE] = "device",
};

bool fsb_phase_kind_timed(enum fsb_phase_kind k)
{
	return k != FSB_PHASE_CRASH;
}

const char *fsb_phase_kind_word(enum fsb_phase_kind k)
{
	return (unsigned)k < FSB_ARRAY_SIZE(phase_words) ? phase_words[k] : "?";
}

const char *fsb_target_kind_word(enum fsb_target_kind k)
{
	return (unsigned)k < FSB_ARRAY_SIZE(target_words) ? target_words[k] : "?";
}

int fsb_phase_kind_parse(const char *w, enum fsb_phase_kind *k)
{
	int i = fsb_name_index(phase_words, FSB_ARRAY_SIZE(phase_words), w);

	if (i < 0)
		return -EINVAL;
	*k = (enum fsb_phase_kind)i;
	return 0;
}

int fsb_target_kind_parse(const char *w, enum fsb_target_kind *k)
{
	int i = fsb_name_index(target_words, FSB_ARRAY_SIZE(target_words), w);

	if (i < 0)
		return -EINVAL;
	*k = (enum fsb_target_kind)i;
	return 0;
}
