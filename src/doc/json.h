/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json.h — fsbench's machine-readable output (doc/json.md, schema
 * doc/fsbench.schema.json): one JSON object per command, with
 * "schema_version" (FSB_JSON_SCHEMA_VERSION), the tool and the command,
 * then what the command lists.  The document (document.h) is written by
 * walking its blocks, as the text, Markdown and HTML renderers do: every
 * block with its type and role, tables as rows of cells with their text,
 * the number behind it and the cell's flags as named booleans, charts and
 * series as numbers.  A number that is not finite (NaN, ±inf) is null.
 *
 * A writer is built as a tree (json-c) and written once, whole, by
 * fsb_json_write: a reader never sees half an object.  The builder calls
 * are for the front ends' own lists (list, list-results, devices): every
 * value is added to the innermost open object under a key, or appended to
 * the innermost open array (key ignored, may be NULL).  Every string goes
 * through fsb_xstr_visible first, as in the other outputs: valid UTF-8,
 * no control characters, the same text `fsbench show` prints.
 *
 * A new command with JSON output: fsb_json_new(its name), its fields with
 * the builder, its documents with fsb_json_doc under an open "documents"
 * array — as `devices --json` does with each device's document
 * (doc/devdoc.h's fsb_json_device) — and a section in doc/json.md and the
 * schema.
 */
#ifndef FSB_JSON_H
#define FSB_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "doc/document.h"
#include "sys/util.h"

/* The "schema_version" of every output; raised when a field changes
 * meaning or disappears (a new field does not raise it). */
#define FSB_JSON_SCHEMA_VERSION 1

struct fsb_json;

/* A new output of command ("show", "list" …): the root object with
 * schema_version, tool {name, version} and command.  Never NULL. */
struct fsb_json *fsb_json_new(const char *command);

/* Values: into the open object under key, or appended to the open array. */
void fsb_json_str(struct fsb_json *j, const char *key, const char *s);   /* NULL → null */
void fsb_json_num(struct fsb_json *j, const char *key, double v);        /* not finite → null */
void fsb_json_int(struct fsb_json *j, const char *key, long long v);
void fsb_json_bool(struct fsb_json *j, const char *key, bool v);
/* "a, b" as an array of strings (fsb_strv_split's rules); NULL → []. */
void fsb_json_list(struct fsb_json *j, const char *key, const char *commas);
void fsb_json_strv(struct fsb_json *j, const char *key, const struct fsb_strv *v);
/* Open an object (array false) or an array under key; close the innermost
 * one.  Unclosed ones are closed by fsb_json_write. */
void fsb_json_open(struct fsb_json *j, const char *key, bool array);
void fsb_json_close(struct fsb_json *j);

/*
 * The document as an object {kind, file, blocks: [...]} under key (or into
 * the open array): kind "result", "comparison" (or a later document's
 * word), file the result file it is of, or NULL.
 */
void fsb_json_doc(struct fsb_json *j, const char *key, const struct fsb_doc *doc, const char *kind,
		  const char *file);

/*
 * A list table (report.h's fsb_table_init_list) as an array under key
 * (NULL: its id): an object per row, its JSON columns under their ids,
 * typed as declared (a string, null for a missing cell; a boolean; an
 * integer; an array; an array of arrays), a cell flagged FSB_CELL_ABSENT
 * left out — the walk fsb_table_list_text makes for the text.
 */
void fsb_json_table(struct fsb_json *j, const char *key, const struct fsb_table *t);

/* Write the whole output to fp (pretty-printed, a newline at the end) and
 * free j.  0, or -EIO with err set when fp failed. */
int fsb_json_write(struct fsb_json *j, FILE *fp, struct fsb_err *err);
/* Free j without writing (an error path). */
void fsb_json_free(struct fsb_json *j);

#endif
