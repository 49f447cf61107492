/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * devdoc.h — a block device as a document (document.h's blocks), built
 * once here and drawn by every front end: `fsbench devices` (src/cli/
 * cmd_devices.c), the TUI's target detail pane and its confirmation
 * (ui/scr_target.c, ui/scr_confirm.c).  What a device is, why it is refused
 * and what is on it are decided here; a front end only decides how each
 * block looks and which entries it has room for.  Text that comes from the
 * device or the system (labels, signature values, models) is made visible
 * here (fsb_str_visible), once.
 *
 * The blocks, in order:
 *   HEADING  FSB_ROLE_DEVICE          "GIVEN -> PATH (MAJ:MIN): usable|refused"
 *   KV       FSB_ROLE_DEVICE_FACTS    a fact per entry, keyed FSB_FACT_* (device.h),
 *                                     in fsb_device_facts() order; none without a
 *                                     device number
 *   KV       FSB_ROLE_DEVICE_VERDICT  FSB_DEVDOC_REFUSED, _DOUBTS, _PASSED: lists,
 *                                     each entry only when not empty
 *   KV       FSB_ROLE_DEVICE_CONTENT  blkid's TYPE, LABEL, UUID, PTTYPE; where it is
 *                                     mounted, what holds it, a failed probe,
 *                                     ambiguity: each only when known
 *   KV       FSB_ROLE_DEVICE_SIGS     a signature per entry as wipefs lists it: the
 *                                     key its offset ("0x438"), the values "TYPE=ext4"
 *                                     (or PTTYPE=) first, then UUID, LABEL, USAGE,
 *                                     then the rest as libblkid said them
 *
 * The device list (fsb_doc_device_list) is one more block, a TABLE of
 * role FSB_ROLE_DEVICE_LIST: the columns, their widths and every row are
 * decided here; `fsbench devices` and the target screen only put each
 * cell at its place.
 */
#ifndef FSB_DEVDOC_H
#define FSB_DEVDOC_H

#include "devices/device.h"
#include "doc/document.h"

#define FSB_DEVDOC_REFUSED "refused"     /* every reason, most telling first */
#define FSB_DEVDOC_DOUBTS "in use?"      /* what only the claim can settle */
#define FSB_DEVDOC_PASSED "passed"       /* every check that passed */
#define FSB_DEVDOC_TYPE "TYPE"
#define FSB_DEVDOC_LABEL "LABEL"
#define FSB_DEVDOC_UUID "UUID"
#define FSB_DEVDOC_PTTYPE "PTTYPE"
#define FSB_DEVDOC_MOUNTED "mounted on"  /* list */
#define FSB_DEVDOC_HOLDERS "held by"     /* list */
#define FSB_DEVDOC_PROBE "probe failed"
#define FSB_DEVDOC_AMBIGUOUS "ambiguous" /* the signature types libblkid could not tell apart */

/* The document of d, appended to doc (fsb_doc_free() frees it). */
void fsb_doc_device(const struct fsb_device *d, struct fsb_doc *doc);

/* An entry's values joined by sep, or NULL when the entry is missing;
 * caller frees. */
char *fsb_devdoc_join(const struct fsb_doc *doc, enum fsb_block_role role, const char *key, const char *sep);

/* Every fact joined by ", " (fsb_device_describe() of the document), or
 * NULL without facts; caller frees. */
char *fsb_devdoc_facts_line(const struct fsb_doc *doc);

/* What a device holds, one line: "/dev/loop5p1  100 MiB  ext4 \"data\"
 * mounted on /mnt" (the TUI's whole-disk and root-disk questions list
 * what is lost with it); caller frees. */
char *fsb_devdoc_holds(const struct fsb_device *d);

/*
 * The device list: one TABLE block (FSB_ROLE_DEVICE_LIST) appended to doc,
 * a header row, then row r + 1 for l->v[r] (disks, each followed by its
 * partitions, indented).  Two layouts of the same list:
 *   FSB_DEVLIST_TEXT    `fsbench devices`: DEVICE MAJ:MIN SIZE TYPE
 *                       "FSTYPE LABEL" MOUNTPOINT VERDICT (usable, in use?,
 *                       refused), the first mountpoint and "+N" more, texts
 *                       cut with "~" to keep 80 columns;
 *   FSB_DEVLIST_SCREEN  the target screen: DEVICE SIZE FSTYPE LABEL
 *                       MOUNTPOINT VERDICT, every mountpoint, a refused
 *                       device's headline reason ("refused: mounted on /mnt").
 * Cells: the device FSB_CELL_NAME, the size FSB_CELL_NUMBER (right-aligned,
 * its value in bytes), the verdict FSB_CELL_BETTER when usable and
 * FSB_CELL_FAILED when refused, every other cell of a refused device
 * FSB_CELL_MISSING (it cannot be chosen).
 */
enum fsb_devlist_layout { FSB_DEVLIST_TEXT, FSB_DEVLIST_SCREEN };
void fsb_doc_device_list(const struct fsb_device_list *l, enum fsb_devlist_layout how, struct fsb_doc *doc);
/* Width of column c of a device list table t (fsb_doc_device_list's) in a
 * row of `width` columns, a space between columns: fixed, wider from 118
 * columns on (screen), the last column the rest (at least 8). */
int fsb_devdoc_list_width(const struct fsb_table *t, size_t c, int width);
/* Is column c a path, to be cut at its start so that its end shows? */
bool fsb_devdoc_list_path(const struct fsb_table *t, size_t c);
/* A device list table t as text in a row of `width` columns, appended to
 * out: each cell at its column's width (fsb_devdoc_list_width), a number
 * right-aligned, the last column as it is, a line per row, the header first. */
void fsb_devdoc_list_text(const struct fsb_table *t, int width, struct fsb_buf *out);

struct fsb_json;
/*
 * The device as a JSON object under key (or into the open array), the
 * `devices --json` entry of doc/json.md: what it is (path, numbers as
 * numbers), its verdict, every reason with its code and the option that
 * lifts it, the doubts, the checks that passed, its facts keyed, what is on
 * it, and its document (fsb_json_doc, kind "device").
 */
void fsb_json_device(struct fsb_json *j, const char *key, const struct fsb_device *d);

#endif
