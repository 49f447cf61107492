/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>

#include "model/kinds.h"
#include "sys/util.h"

const char *const fsb_phase_kind_words[FSB_PHASE_KIND_COUNT] = {
	[FSB_PHASE_COMMAND] = "command",
	[FSB_PHASE_BUILTIN] = "builtin",
	[FSB_PHASE_IMPORTED] = "imported",
	[FSB_PHASE_CRASH] = "crash",
};

const char *const fsb_target_kind_words[FSB_TARGET_KIND_COUNT] = {
	[FSB_TARGET_IMAGE] = "image",
	[FSB_TARGET_DIR] = "dir",
	[FSB_TARGET_DEVICE] = "device",
};

bool fsb_phase_kind_timed(enum fsb_phase_kind k)
{
	return k != FSB_PHASE_CRASH;
}

bool fsb_phase_kind_rate(enum fsb_phase_kind k)
{
	return k == FSB_PHASE_BUILTIN || k == FSB_PHASE_IMPORTED;
}

const char *fsb_phase_kind_word(enum fsb_phase_kind k)
{
	return k == FSB_PHASE_KIND_NONE ? NULL : (unsigned)k < FSB_ARRAY_SIZE(fsb_phase_kind_words) ? fsb_phase_kind_words[k] : "?";
}

const char *fsb_target_kind_word(enum fsb_target_kind k)
{
	return k == FSB_TARGET_KIND_NONE ? NULL : (unsigned)k < FSB_ARRAY_SIZE(fsb_target_kind_words) ? fsb_target_kind_words[k] : "?";
}

int fsb_phase_kind_parse(const char *w, enum fsb_phase_kind *k)
{
	int i = fsb_name_index(fsb_phase_kind_words, FSB_ARRAY_SIZE(fsb_phase_kind_words), w);

	if (i < 0)
		return -EINVAL;
	*k = (enum fsb_phase_kind)i;
	return 0;
}

int fsb_target_kind_parse(const char *w, enum fsb_target_kind *k)
{
	int i = fsb_name_index(fsb_target_kind_words, FSB_ARRAY_SIZE(fsb_target_kind_words), w);

	if (i < 0)
		return -EINVAL;
	*k = (enum fsb_target_kind)i;
	return 0;
}
