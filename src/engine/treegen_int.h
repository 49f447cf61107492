/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * treegen_int.h — what the two halves of the tree generator share:
 * treegen.c (the plan: every directory, file name, kind and size, from the
 * seed alone; and the public calls) and treegen_text.c (a planned file's
 * bytes).  The plan's types, the integer PRNG helpers both draw with, the
 * word lists both name things from.  Not for other modules: engine/
 * treegen.h is the contract.
 */
#ifndef FSB_TREEGEN_INT_H
#define FSB_TREEGEN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "sys/rng.h"
#include "sys/util.h"

/* ---- PRNG: sys/rng.h, drawn below n by fsb_rng_below() ---- */

static inline const char *pick(struct fsb_rng *r, const char *const *v)
{
	size_t n = 0;

	while (v[n])
		n++;
	return v[fsb_rng_below(r, (unsigned)n)];
}

/* pick() for arrays whose size the compiler knows: no counting on hot paths */
#define PICK(r, a) ((a)[fsb_rng_below((r), (unsigned)(FSB_ARRAY_SIZE(a) - 1))])

static inline uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static inline struct fsb_rng rng_for(unsigned long seed, const char *salt)
{
	struct fsb_rng r;

	fsb_rng_init(&r, fnv1a(salt) ^ ((uint64_t)seed * 0xd6e8feb86659fd93ULL));
	fsb_rng_next(&r);
	return r;
}

/* ---- the plan ---- */

/* Set of 64-bit hashes of strings.  A collision only ever makes us pick
 * another name, so hashes are as good as the strings here. */
struct hset {
	uint64_t *v;
	size_t n, cap;
};

/* Add h; false when it was there already. */
bool tg_hset_add(struct hset *s, uint64_t h);
void tg_hset_free(struct hset *s);

struct ivec {
	int *v;
	size_t n, cap;
};

enum kind {
	/* sampled: generated to exactly their planned size */
	K_C, K_H, K_RST, K_TXT, K_SCRIPT, K_MAKETEXT,
	K_README, K_COPYING, K_CREDITS, K_MAINTAINERS,
	/* derived: a rendering of the plan, measured by rendering it */
	K_DERIVED,
	K_KMAKEFILE = K_DERIVED, K_KCONFIG, K_TOPMAKE, K_TOPKCONFIG, K_MAINC,
	K_DEFCONFIG, K_TYPESH, K_COMPILERH,
};

struct tdir {
	char *path;             /* relative to the top; "" is the top */
	const char *base;       /* last component of path */
	int parent;
	int depth;              /* top = 0 */
	unsigned char fl;       /* enum flavour */
	bool built;             /* listed in the top Makefile */
	int makefile, kconfig;  /* file indices, -1 = none */
	int local_hdr;          /* the header every unit here includes, -1 = none */
	struct ivec kids, files;
};

struct tfile {
	char *path;             /* relative to the top */
	const char *base;
	char *prefix;           /* C symbol prefix (.c, .h), unique in the tree */
	int dir;
	int lidx;               /* index in plan.linux_hdrs, -1 = not there */
	unsigned char kind;     /* enum kind */
	bool candidate;         /* .c in a built directory */
	bool compiled;          /* set in the defconfig */
	unsigned long size;     /* planned size; 0 for derived kinds */
};

struct plan {
	unsigned long seed;
	long files;
	struct fsb_rng r;
	struct tdir *d;
	size_t nd, capd;
	struct tfile *f;
	size_t nf, capf;
	struct hset paths, prefixes;
	struct ivec linux_hdrs;  /* include/linux/<x>.h, in creation order */
};

/* ---- what one half asks of the other ---- */

/* Names of functions, files and identifiers (treegen.c): NULL-terminated,
 * their sizes known to PICK(). */
#define TG_NVERBS 106
#define TG_NNOUNS 126
extern const char *const tg_verbs[TG_NVERBS + 1];
extern const char *const tg_nouns[TG_NNOUNS + 1];

/* Render file fi of the plan into out (which is reset first): its planned
 * size exactly for the sampled kinds (treegen_text.c). */
void tg_render(const struct plan *p, size_t fi, struct fsb_buf *out);

#endif
