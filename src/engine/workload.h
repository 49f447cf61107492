/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * workload.h — the inputs the phases need, provided by fsbench itself and
 * cached so every run after the first is offline:
 *
 *  - the source tree tarball ${src}: the Debian linux-source tarball under
 *    /usr/src when the profile wants the kernel and it is installed,
 *    otherwise a generated tree (treegen.c) packed once per seed and size
 *    into $XDG_CACHE_HOME/fsbench;
 *  - the debootstrap tarball ${debtarball}: made once with `debootstrap
 *    --make-tarball` from the mirror configured in the machine's APT
 *    sources, cached next to it; the deb phase then unpacks it with no
 *    network.
 *
 * "needs" of a phase are checked here: "tree", "debtarball", or a program
 * name that must be installed.
 */
#ifndef FSB_WORKLOAD_H
#define FSB_WORKLOAD_H

#include <stdatomic.h>
#include <stdbool.h>

#include "model/config.h"
#include "engine/treegen.h"
#include "sys/util.h"

struct fsb_workload {
	char *cache_dir;
	/* the source tree */
	char *src;               /* tarball path, NULL when not ready */
	char *treename;          /* top directory inside it */
	char *kconfig;           /* config target for the make phase */
	char *describe;          /* "generated tree, seed 1, 300 files" */
	struct fsb_err tree_why; /* why it is not ready */
	/* debootstrap */
	char *debtarball;        /* path, NULL when not ready */
	char *deb_suite;
	char *deb_args;          /* "--variant=minbase --foreign" */
	char *deb_make_cmd;      /* the command that makes the tarball */
	struct fsb_err deb_why;
	bool provided;           /* fsb_workload_provide() ran: what is missing now stays missing */
	bool generated;          /* the source tree is treegen.c's (its unit count is known) */
};

/* Where the cache is: defaults.cache_dir or $XDG_CACHE_HOME/fsbench. */
char *fsb_workload_cache_dir(const struct fsb_config *cfg);

/*
 * The generated tree profile p asks for (seed, files, compiled units), for
 * every caller that needs its facts; name and progress are left NULL.
 */
void fsb_workload_tree_spec(const struct fsb_size_profile *p, struct fsb_tree_spec *spec);

/*
 * Fill w for profile p without making anything: which tarballs exist, what
 * they would be called, how to make the missing ones.
 */
void fsb_workload_init(struct fsb_workload *w, const struct fsb_config *cfg,
		       const struct fsb_size_profile *p);

/*
 * Make what is missing among the needs listed (sv of need names): the
 * generated tree tarball (fast, local), and, when make_deb is true, the
 * debootstrap tarball (downloads).  log (may be NULL) gets progress lines.
 * A need that cannot be provided is not an error here: its why is set and
 * fsb_workload_need() reports it.  -ECANCELED when cancelled.
 */
int fsb_workload_provide(struct fsb_workload *w, const struct fsb_config *cfg,
			 const struct fsb_size_profile *p, const struct fsb_strv *needs,
			 bool make_deb, const atomic_bool *cancel,
			 void (*log)(void *arg, const char *line), void *arg);

/* 0 when need is satisfied, else -ENOENT with the reason in why. */
int fsb_workload_need(const struct fsb_workload *w, const char *need, struct fsb_err *why);

void fsb_workload_free(struct fsb_workload *w);

#endif
