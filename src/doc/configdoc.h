/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * configdoc.h — what a config defines, as list tables (report.h's declared
 * columns): `fsbench list` builds one table per list, which its text and
 * its JSON (doc/json.md) both walk, so the two say the same facts.
 */
#ifndef FSB_CONFIGDOC_H
#define FSB_CONFIGDOC_H

#include "doc/report.h"
#include "model/config.h"

enum fsb_configdoc_list {
	FSB_CONFIGDOC_FILESYSTEMS,   /* the filesystem profiles, whether this machine can test each, why not */
	FSB_CONFIGDOC_PHASES,        /* the phases, what must run before each, whether it empties the filesystem */
	FSB_CONFIGDOC_PROFILES,      /* the size profiles, which is the default */
	FSB_CONFIGDOC_COUNT
};

/* The list's name as `fsbench list` takes it and JSON keys it
 * ("filesystems", "phases", "profiles"). */
const char *fsb_configdoc_name(enum fsb_configdoc_list which);
/*
 * The list which of cfg as a table t (free with fsb_table_free): a row per
 * profile or phase, keyed by its name, titled as the text heads it.
 *  filesystems: name, type, available (text: "available" or
 *               "unavailable"), the reason why not (else the description),
 *               the tool and its package (JSON: null when none);
 *  phases:      name, group, kind, requires ("a|b, c": either a or b, and
 *               c; text "-" when none), label, empties;
 *  profiles:    name, description, default.
 */
void fsb_configdoc_table(const struct fsb_config *cfg, enum fsb_configdoc_list which, struct fsb_table *t);

#endif
