/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <stdio.h>
#include <string.h>

#include "model/opts.h"

static const struct fsb_opt_info table[FSB_OPT_COUNT] = {
#define FSB_OPT_ROW(id, name, letter, arg, words) [FSB_OPT_##id] = { name, letter, arg, words },
	FSB_OPT_LIST(FSB_OPT_ROW)
#undef FSB_OPT_ROW
};

/* set once by the front end before the engine thread starts, read-only after */
static fsb_opt_speaker *speaker;

const struct fsb_opt_info *fsb_opt_info(enum fsb_opt id)
{
	return id < FSB_OPT_COUNT ? &table[id] : NULL;
}

int fsb_opt_find(const char *name)
{
	for (int i = 0; i < FSB_OPT_COUNT; i++)
		if (strcmp(table[i].name, name) == 0)
			return i;
	return -1;
}

void fsb_opt_set_speaker(fsb_opt_speaker *say)
{
	speaker = say;
}

static const char *plan_words(enum fsb_opt id, const char *value, char *buf, size_t n)
{
	switch (id) {
	case FSB_SAY_DEVICE_CHECK:
		snprintf(buf, n, "the device checks of %s", value ? value : "the device");
		break;
	case FSB_SAY_PREPARE_DEB:
		snprintf(buf, n, "a prepared debootstrap tarball (profile %s)", value ? value : "?");
		break;
	case FSB_SAY_METRIC:
		snprintf(buf, n, "the %s metric", value ? value : "other");
		break;
	case FSB_SAY_USE:
		snprintf(buf, n, "another use of the disk");
		break;
	case FSB_OPT_YES_DESTROY:
		snprintf(buf, n, value ? "a confirmation naming %s" : "the destroy confirmation", value);
		break;
	default:
		if (id >= FSB_OPT_COUNT)
			snprintf(buf, n, "?");
		else if (value)
			snprintf(buf, n, "%s %s", table[id].words, value);
		else
			snprintf(buf, n, "%s", table[id].words);
	}
	return buf;
}

const char *fsb_opt_say(enum fsb_opt id, const char *value)
{
	static __thread char ring[8][512];
	static __thread unsigned next;
	char *buf = ring[next++ % 8];

	if (speaker && speaker(id, value, buf, sizeof(ring[0])))
		return buf;
	return plan_words(id, value, buf, sizeof(ring[0]));
}
