/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crash_int.h — the crash phase's script and its checker (crash_script.c),
 * shared with crash.c and the unit tests; not a public header.
 *
 * The script is a desktop's few seconds of saving work, as careful
 * programs do it (the files under work/ of the filesystem under test):
 *   save      doc.txt written, fsync'd, its directory fsync'd (a new name
 *             is only durable once its directory is)
 *   log       app.log created with its first record, the same way
 *   replace   doc.txt replaced the way editors do: doc.txt.tmp written and
 *             fsync'd, renamed over doc.txt, the directory fsync'd
 *   append    a record appended to app.log and fsync'd (several steps)
 *   unpack    a small tree written, no fsync
 *   delete    some of it deleted, no fsync
 *   replace   doc.txt replaced again, with the tree's writes still pending
 *   sync      syncfs(): from here on everything is durable
 * Each step is put between the markers "begin N" and "done N" in the write
 * log (N from 1).  Everything it writes is drawn from the seed.
 *
 * What a crash state must hold follows from the markers (crash.c): D, the
 * last step whose "done" is before the state's next flush (its fsync
 * returned, so its flush was at or before the state's cut), and B, the
 * last step begun by then.  Steps run in order, so steps 1..D are durable
 * and B is D or the one in progress.
 *  - doc.txt is the version of the last save or replace up to D; while a
 *    replace is in progress (B), the old one or the new one.  Anything
 *    else — missing, empty, mixed — is lost fsync'd data, or, while a
 *    replace is in progress, a broken rename;
 *  - app.log begins with every record appended up to D;
 *  - after sync, every file of the tree that was not deleted is there
 *    with its content.
 */
#ifndef FSB_CRASH_INT_H
#define FSB_CRASH_INT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/util.h"

/* The deliberate faults of the tests (FSBENCH_CRASH_FAULT, doc/crash.md). */
enum crash_fault {
	CRASH_FAULT_NONE,
	CRASH_FAULT_NO_FSYNC,    /* "no-fsync": save and append skip their fsyncs */
	CRASH_FAULT_DROP_FLUSHED, /* "drop-flushed": each state loses a write a flush confirmed */
};
/* The fault the environment asks for: 0, or -EINVAL for a word it does not know. */
int crash_fault_from_env(enum crash_fault *f, struct fsb_err *err);

enum crash_step_kind { CS_SAVE, CS_LOG, CS_REPLACE, CS_APPEND, CS_UNPACK, CS_DELETE, CS_SYNC };

struct crash_step {
	enum crash_step_kind kind;
	int arg;                 /* SAVE, REPLACE: the version of doc.txt; LOG, APPEND: the record */
};

struct crash_file {
	char *path;              /* under work/ */
	unsigned char *data;
	size_t len;
	bool deleted;            /* by the delete step */
};

#define CRASH_VERSIONS 3
#define CRASH_MAX_STEPS 32

struct crash_script {
	enum crash_fault fault;
	struct crash_step steps[CRASH_MAX_STEPS];
	int nsteps;
	unsigned char *doc[CRASH_VERSIONS];  /* doc.txt's versions */
	size_t ndoc[CRASH_VERSIONS];
	unsigned char *log;      /* app.log's whole content */
	size_t *log_end;         /* [record]: where each record ends */
	size_t nrecords;
	struct crash_file *tree;
	size_t ntree;
	struct fsb_strv dirs;    /* the tree's directories, parents first */
};

/* The script of seed (its data drawn, nothing written).  Free with crash_script_free. */
void crash_script_init(struct crash_script *s, uint64_t seed, enum crash_fault fault);
void crash_script_free(struct crash_script *s);

/*
 * Run it in dir (the mounted filesystem's root): mark(arg, "begin N") and
 * mark(arg, "done N") around step N.  cancel (may be NULL) is checked
 * between steps: -ECANCELED.  0 or -errno with err naming the file.
 */
int crash_script_run(const struct crash_script *s, const char *dir,
		     int (*mark)(void *arg, const char *text, struct fsb_err *err), void *arg,
		     const atomic_bool *cancel, struct fsb_err *err);

/* What one crash state holds against what the script had made durable. */
struct crash_verdict {
	bool lost;               /* a durable file missing or different */
	bool rename;             /* doc.txt neither old nor new during a replace */
	char what[256];          /* the first problem, for the log; "" when none */
};

/* Check the filesystem mounted at dir after a crash with steps 1..done
 * durable and step begun (>= done) the last one started (0: none). */
void crash_script_check(const struct crash_script *s, const char *dir, int done, int begun,
			struct crash_verdict *v);

#endif
