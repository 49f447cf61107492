/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * treegen_text.c — the generated tree's files as text: C units and headers
 * that compile, docs, scripts, the top files, and the files derived from
 * the plan (Makefiles, Kconfig, init/main.c, the defconfig).  Each file is
 * drawn from a PRNG seeded by its path alone (treegen.c plans the rest),
 * to exactly its planned size where it has one.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/treegen_int.h"

/* ---- words ------------------------------------------------------------------ */

static const char *const prose_words[] = {
	"the", "of", "and", "to", "a", "in", "is", "for", "that", "this", "with", "as", "on",
	"be", "are", "by", "it", "not", "or", "from", "at", "when", "which", "can", "an", "if",
	"all", "each", "must", "may", "will", "should", "only", "other", "any", "one", "two",
	"new", "used", "use", "before", "after", "while", "than", "then", "also", "but",
	"into", "no", "more", "most", "some", "such", "these", "there", "where", "until",
	"between", "without", "within", "through", "during", "under", "over", "the", "the",
	"a", "is", "to", "of", "driver", "device", "kernel", "memory", "page", "buffer",
	"queue", "interrupt", "register", "request", "lock", "mutex", "spinlock", "thread",
	"task", "process", "file", "inode", "block", "sector", "cache", "entry", "table",
	"list", "node", "tree", "hash", "map", "value", "field", "flag", "state", "context",
	"pointer", "address", "offset", "length", "size", "count", "index", "slot", "frame",
	"packet", "socket", "port", "link", "bus", "controller", "firmware", "hardware",
	"interface", "module", "function", "callback", "handler", "event", "timer", "clock",
	"counter", "mask", "bit", "bits", "byte", "bytes", "word", "data", "structure",
	"object", "reference", "caller", "user", "space", "mode", "level", "path", "name",
	"number", "range", "region", "window", "channel", "vector", "stack", "pool", "chunk",
	"batch", "segment", "descriptor", "transfer", "transaction", "operation", "command",
	"status", "error", "result", "returns", "called", "held", "released", "allocated",
	"freed", "mapped", "valid", "invalid", "current", "previous", "next", "first", "last",
	"initial", "default", "specific", "generic", "common", "global", "local", "private",
	"shared", "exclusive", "atomic", "ordered", "pending", "active", "idle", "busy",
	"ready", "enabled", "disabled", "supported", "required", "optional", "possible",
	"necessary", "correct", "safe", "concurrent", "parallel", "single", "multiple",
	"every", "always", "never", "usually", "otherwise", "however", "therefore",
	"because", "although", "unless", "whether", "either", "both", "same", "different",
	"above", "below", "following", "described", "defined", "expected", "handled",
	"updated", "checked", "ensure", "guarantee", "protects", "access", "modify", "read",
	"write", "set", "clear", "flush", "wait", "wake", "sleep", "retry", "fails",
	"complete", "completion", "timeout", "deadline", "budget", "quota", "limit",
	"threshold", "policy", "configuration", "option", "parameter", "argument", "example",
	"note", "see", "documentation", "subsystem", "architecture", "platform", "system",
	"boot", "resume", "suspend", "power", "performance", "latency", "throughput",
	"overhead", "cost", "allocation", "mapping", "migration", "reclaim", "writeback",
	"journal", "extent", "metadata", "superblock", "filesystem", "mount", "namespace",
	"permission", "capability", "security", "integrity", "checksum", "encryption",
	"compression", NULL,
};

/* Words of exactly 1..12 letters, to end a line on its exact length. */
static const char *const fill_words[13][17] = {
	[1] = { "a", NULL },
	[2] = { "of", "to", "in", "is", "on", "by", "as", "it", "or", "be", "if", "no", "we",
		"an", "at", NULL },
	[3] = { "the", "and", "for", "not", "any", "may", "all", "use", "new", "one", "bit",
		"map", "set", "its", "can", "are", NULL },
	[4] = { "data", "this", "that", "with", "from", "each", "when", "will", "must",
		"page", "lock", "node", "path", "then", "only", "into", NULL },
	[5] = { "block", "which", "these", "value", "queue", "state", "entry", "first",
		"timer", "cache", "table", "after", "count", "write", "flags", NULL },
	[6] = { "driver", "device", "kernel", "memory", "buffer", "thread", "should",
		"before", "offset", "length", "return", "called", "access", NULL },
	[7] = { "request", "pointer", "address", "context", "handler", "counter", "channel",
		"between", "without", "through", "current", "release", NULL },
	[8] = { "hardware", "register", "callback", "firmware", "function", "interval",
		"location", "protocol", "sequence", "mappings", "instance", NULL },
	[9] = { "interface", "interrupt", "structure", "reference", "operation", "allocated",
		"available", "completed", "following", "necessary", NULL },
	[10] = { "controller", "concurrent", "throughput", "completion", "allocation",
		 "descriptor", "exceptions", "individual", "processing", "references", NULL },
	[11] = { "performance", "transaction", "information", "synchronous", "independent",
		 "application", "corresponds", "permissions", NULL },
	[12] = { "architecture", "asynchronous", "notification", "implementing",
		 "successfully", "transmission", "verification", NULL },
};

static const char *const first_names[] = {
	"Ada", "Ben", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas",
	"Kaito", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven",
	"Tomas", "Ulla", "Viktor", "Wen", "Ximena", "Yusuf", "Zofia", NULL,
};

static const char *const last_names[] = {
	"Almeida", "Brandt", "Castillo", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat",
	"Ivanova", "Jansen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor",
	"Petrov", "Quinn", "Rossi", "Schulz", "Tanaka", "Ueda", "Varga", "Weber", "Xu",
	"Yilmaz", "Zimmermann", NULL,
};

static const char *const spdx_ids[] = {
	"GPL-2.0", "GPL-2.0", "GPL-2.0-only", "GPL-2.0-or-later", "GPL-2.0+",
	"(GPL-2.0 OR MIT)", "(GPL-2.0-only OR BSD-3-Clause)", NULL,
};

/* ---- text helpers ------------------------------------------------------------- */

struct prose {
	bool cap;               /* capitalize the next word */
	int left;               /* words until the end of the sentence */
};

static void add_word(struct fsb_buf *b, const char *w, struct prose *ps)
{
	if (ps->cap && *w >= 'a' && *w <= 'z') {
		char c = (char)(*w - 'a' + 'A');

		fsb_buf_addn(b, &c, 1);
		fsb_buf_add(b, w + 1);
	} else {
		fsb_buf_add(b, w);
	}
	ps->cap = false;
}

/* Exactly t bytes of sentence-like text, no newline. */
static void prose_exact(struct fsb_rng *r, struct fsb_buf *b, size_t t, struct prose *ps)
{
	bool first = true;

	while (t > 0) {
		size_t avail = first ? t : t - 1;
		const char *w;
		size_t wl;

		if (avail == 0) {
			fsb_buf_add(b, ".");
			return;
		}
		if (avail <= 12) {
			w = pick(r, fill_words[avail]);
			wl = avail;
		} else {
			w = PICK(r, prose_words);
			wl = strlen(w);
		}
		if (!first)
			fsb_buf_add(b, " ");
		add_word(b, w, ps);
		t -= wl + !first;
		first = false;
		if (--ps->left <= 0 && t != 2 && t > 0) {
			fsb_buf_add(b, ".");
			t--;
			ps->cap = true;
			ps->left = (int)fsb_rng_range(r, 6, 16);
		}
	}
}

/*
 * Exactly n bytes of lines "<pfx><text>\n" up to width bytes, with a
 * separator line every few lines.  Remainders too short for a line become
 * blank lines, which every format we emit (C comments, #-comments, prose)
 * accepts.
 */
static void fill_lines(struct fsb_rng *r, struct fsb_buf *b, size_t n, const char *pfx,
		       const char *sep, size_t width)
{
	size_t pl = strlen(pfx), sl = strlen(sep);
	struct prose ps = { true, (int)fsb_rng_range(r, 6, 16) };
	long run = fsb_rng_range(r, 3, 8);

	while (n > 0) {
		size_t w;

		if (run <= 0 && n > sl + width) {
			fsb_buf_add(b, sep);
			n -= sl;
			run = fsb_rng_range(r, 3, 9);
			ps.cap = true;
			continue;
		}
		if (n <= width) {
			w = n;
		} else {
			w = (size_t)fsb_rng_range(r, (long)width * 3 / 4, (long)width);
			if (n - w < pl + 2)
				w = n - (pl + 2);
		}
		if (w < pl + 2) {
			for (size_t i = 0; i < w; i++)
				fsb_buf_add(b, "\n");
		} else {
			fsb_buf_add(b, pfx);
			prose_exact(r, b, w - pl - 1, &ps);
			fsb_buf_add(b, "\n");
		}
		n -= w;
		run--;
	}
}

/* A few words; a title when cap is set. */
static void some_words(struct fsb_rng *r, struct fsb_buf *b, int lo, int hi, bool cap)
{
	struct prose ps = { cap, 100 };
	long n = fsb_rng_range(r, lo, hi);

	for (long i = 0; i < n; i++) {
		if (i)
			fsb_buf_add(b, " ");
		add_word(b, PICK(r, prose_words), &ps);
	}
}

static void title_words(struct fsb_rng *r, struct fsb_buf *b, int lo, int hi)
{
	some_words(r, b, lo, hi, true);
}

static void person(struct fsb_rng *r, struct fsb_buf *b, bool mail)
{
	const char *fn = PICK(r, first_names), *ln = PICK(r, last_names);

	fsb_buf_addf(b, "%s %s", fn, ln);
	if (mail) {
		char c = (char)(fn[0] - 'A' + 'a');

		fsb_buf_addf(b, " <%c", c);
		for (const char *s = ln; *s; s++) {
			c = (*s >= 'A' && *s <= 'Z') ? (char)(*s - 'A' + 'a') : *s;
			fsb_buf_addn(b, &c, 1);
		}
		fsb_buf_add(b, "@example.org>");
	}
}

static void upper(char *dst, const char *src, size_t len)
{
	size_t i;

	for (i = 0; src[i] && i + 1 < len; i++)
		dst[i] = (src[i] >= 'a' && src[i] <= 'z') ? (char)(src[i] - 'a' + 'A')
		       : ((src[i] >= 'A' && src[i] <= 'Z') || (src[i] >= '0' && src[i] <= '9')) ? src[i] : '_';
	dst[i] = '\0';
}

static void buf_reset(struct fsb_buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

static void buf_cat(struct fsb_buf *dst, const struct fsb_buf *src)
{
	if (src->len)
		fsb_buf_addn(dst, src->s, src->len);
}

/* ---- C generator --------------------------------------------------------------- */

struct cgen {
	const struct plan *p;
	const struct tfile *f;
	struct fsb_rng r;
	struct hset ids;        /* identifiers used in this file */
	char up[64];            /* upper-case prefix */
	char snoun[40];         /* the unit's main struct: struct <prefix>_<snoun> */
	char slots[128];        /* its array-size macro */
	unsigned nslots;        /* power of two */
	int hdrs[8];            /* headers this unit includes (file indices) */
	int nhdrs;
	struct fsb_strv leaves; /* functions that call no other: fn_chain's callees */
};

/* <prefix>_<verb>_<noun>, unique in the file. */
static void fn_name(struct cgen *g, char *out, size_t len)
{
	for (int tries = 0; ; tries++) {
		const char *v = PICK(&g->r, tg_verbs), *n = PICK(&g->r, tg_nouns);

		if (tries < 8)
			snprintf(out, len, "%s_%s_%s", g->f->prefix, v, n);
		else
			snprintf(out, len, "%s_%s_%s%d", g->f->prefix, v, n, tries);
		if (tg_hset_add(&g->ids, fnv1a(out)))
			return;
	}
}

/* A noun not used yet as <prefix>_<noun> (struct tags) or upper-case words. */
static void fresh_noun(struct cgen *g, char *out, size_t len)
{
	for (int tries = 0; ; tries++) {
		char key[96];

		if (tries < 8)
			snprintf(out, len, "%s", PICK(&g->r, tg_nouns));
		else
			snprintf(out, len, "%s%d", PICK(&g->r, tg_nouns), tries);
		snprintf(key, sizeof(key), "tag:%s", out);
		if (tg_hset_add(&g->ids, fnv1a(key)))
			return;
	}
}

static void rand_const(struct cgen *g, struct fsb_buf *b)
{
	fsb_buf_addf(b, "0x%llxULL", (unsigned long long)(fsb_rng_next(&g->r) >> fsb_rng_range(&g->r, 40, 58)) | 1);
}

/* A random u64 expression over vars: unsigned only, constant shifts below
 * 64, odd divisors, so there is no undefined behaviour to warn about. */
static void expr(struct cgen *g, struct fsb_buf *b, const char *const *vars, int depth)
{
	unsigned k = depth <= 0 ? fsb_rng_below(&g->r, 4) % 3 : fsb_rng_below(&g->r, 10);

	switch (k) {
	case 0:
	case 1:
		fsb_buf_add(b, pick(&g->r, vars));
		break;
	case 2:
		rand_const(g, b);
		break;
	case 3:
	case 4:
	case 5:
		fsb_buf_add(b, "(");
		expr(g, b, vars, depth - 1);
		fsb_buf_add(b, PICK(&g->r, ((const char *const[]){ " + ", " ^ ", " - ", " | ", NULL })));
		expr(g, b, vars, depth - 1);
		fsb_buf_add(b, ")");
		break;
	case 6:
		fsb_buf_add(b, "(");
		expr(g, b, vars, depth - 1);
		fsb_buf_addf(b, " * %luU)", (unsigned long)fsb_rng_range(&g->r, 3, 65535) | 1);
		break;
	case 7:
		fsb_buf_add(b, "(");
		expr(g, b, vars, depth - 1);
		fsb_buf_addf(b, " %s %ld)", fsb_rng_chance(&g->r, 500) ? ">>" : "<<", fsb_rng_range(&g->r, 1, 63));
		break;
	case 8:
		fsb_buf_add(b, "(");
		expr(g, b, vars, depth - 1);
		fsb_buf_add(b, " & ");
		rand_const(g, b);
		fsb_buf_add(b, ")");
		break;
	default:
		fsb_buf_add(b, "(");
		expr(g, b, vars, depth - 1);
		fsb_buf_add(b, " % (");
		expr(g, b, vars, depth - 1);
		fsb_buf_add(b, " | 1))");
		break;
	}
}

static void stmt(struct cgen *g, struct fsb_buf *b, const char *ind, const char *lhs,
		 const char *const *vars)
{
	static const char *const ops[] = { " = ", " += ", " ^= ", " -= ", NULL };

	fsb_buf_addf(b, "%s%s%s", ind, lhs, PICK(&g->r, ops));
	expr(g, b, vars, (int)fsb_rng_range(&g->r, 1, 3));
	fsb_buf_add(b, ";\n");
}

static void fn_head(struct cgen *g, struct fsb_buf *b, const char *name)
{
	fsb_buf_addf(b, "\nstatic u64 %s(struct %s_%s *st, u64 x)\n{\n", name, g->f->prefix, g->snoun);
}

static void fn_loop(struct cgen *g, struct fsb_buf *b, const char *name)
{
	static const char *const vars[] = { "acc", "v", "x", "(u64)i", "st->counter", NULL };
	long n = fsb_rng_range(&g->r, 3, 8);

	fn_head(g, b, name);
	fsb_buf_add(b, "\tu64 acc = x ^ ");
	rand_const(g, b);
	fsb_buf_addf(b, ";\n\tunsigned int i;\n\n\tfor (i = 0; i < %s; i++) {\n"
		     "\t\tu64 v = st->slots[i];\n\n", g->slots);
	for (long i = 0; i < n; i++) {
		if (fsb_rng_chance(&g->r, 250)) {
			fsb_buf_add(b, "\t\tif (");
			expr(g, b, vars, 1);
			fsb_buf_add(b, " & ");
			rand_const(g, b);
			fsb_buf_add(b, ")\n");
			stmt(g, b, "\t\t\t", "acc", vars);
			fsb_buf_add(b, "\t\telse\n");
			stmt(g, b, "\t\t\t", "v", vars);
		} else if (fsb_rng_chance(&g->r, 200)) {
			fsb_buf_add(b, "\t\tst->slots[i] = (u32)");
			expr(g, b, vars, 2);
			fsb_buf_add(b, ";\n");
		} else {
			stmt(g, b, "\t\t", fsb_rng_chance(&g->r, 700) ? "acc" : "v", vars);
		}
	}
	fsb_buf_add(b, "\t\tacc += v;\n\t}\n\treturn acc;\n}\n");
}

static void fn_switch(struct cgen *g, struct fsb_buf *b, const char *name)
{
	static const char *const vars[] = { "acc", "x", "(u64)round", "st->counter", "(u64)st->id", NULL };
	long ncase = fsb_rng_range(&g->r, 4, 14);

	fn_head(g, b, name);
	fsb_buf_addf(b, "\tu64 acc = x;\n\tunsigned int round;\n\n"
		     "\tfor (round = 0; round < %ldU; round++) {\n"
		     "\t\tswitch ((acc >> %ld) %% %ldU) {\n",
		     fsb_rng_range(&g->r, 4, 64), fsb_rng_range(&g->r, 0, 40), ncase + 1);
	for (long c = 0; c < ncase; c++) {
		fsb_buf_addf(b, "\t\tcase %ld:\n", c);
		for (long s = fsb_rng_range(&g->r, 1, 3); s > 0; s--)
			stmt(g, b, "\t\t\t", fsb_rng_chance(&g->r, 800) ? "acc" : "st->counter", vars);
		fsb_buf_add(b, "\t\t\tbreak;\n");
	}
	fsb_buf_addf(b, "\t\tdefault:\n\t\t\tst->counter += acc & 0x%lxU;\n\t\t\tbreak;\n\t\t}\n\t}\n"
		     "\treturn acc;\n}\n", (unsigned long)fsb_rng_range(&g->r, 15, 4095));
}

static void fn_grid(struct cgen *g, struct fsb_buf *b, const char *name)
{
	long rows = fsb_rng_range(&g->r, 3, 12), cols = fsb_rng_range(&g->r, 3, 12);
	char slot[192];
	const char *vars[] = { "acc", "(u64)r", "(u64)c", "x", slot, NULL };

	snprintf(slot, sizeof(slot), "(u64)st->slots[(r * %ldU + c) & (%s - 1)]", cols, g->slots);
	fn_head(g, b, name);
	fsb_buf_addf(b, "\tu64 grid[%ld][%ld];\n\tunsigned int r, c;\n\tu64 acc = x;\n\n"
		     "\tfor (r = 0; r < %ldU; r++)\n\t\tfor (c = 0; c < %ldU; c++)\n\t\t\tgrid[r][c] = ",
		     rows, cols, rows, cols);
	expr(g, b, (const char *const *)vars, 3);
	fsb_buf_addf(b, ";\n\tfor (r = 1; r < %ldU; r++)\n\t\tfor (c = 1; c < %ldU; c++)\n"
		     "\t\t\tgrid[r][c] += (grid[r - 1][c] ^ grid[r][c - 1]) + ", rows, cols);
	expr(g, b, (const char *const *)vars, 2);
	fsb_buf_addf(b, ";\n\tfor (r = 0; r < %ldU; r++)\n\t\tacc = (acc * %luU) + grid[r][%ld];\n"
		     "\treturn acc ^ st->counter;\n}\n", rows, (unsigned long)fsb_rng_range(&g->r, 3, 999) | 1, cols - 1);
}

static void fn_bits(struct cgen *g, struct fsb_buf *b, const char *name)
{
	static const char *const vars[] = { "acc", "v", "(u64)bits", "x", NULL };

	fn_head(g, b, name);
	fsb_buf_add(b, "\tu64 v = x | 1;\n\tu64 acc = st->counter;\n\tunsigned int bits = 0;\n\n"
		       "\twhile (v) {\n\t\tif (v & 1)\n\t\t\tbits++;\n");
	stmt(g, b, "\t\t", "acc", vars);
	if (fsb_rng_chance(&g->r, 500))
		stmt(g, b, "\t\t", "acc", vars);
	fsb_buf_addf(b, "\t\tv >>= %ld;\n\t}\n\tst->flags ^= bits;\n\treturn acc + bits;\n}\n",
		     fsb_rng_range(&g->r, 1, 4));
}

static void fn_table(struct cgen *g, struct fsb_buf *b, const char *name)
{
	static const char *const vars[] = { "acc", "(u64)table[i]", "(u64)i", "x", NULL };
	long n = fsb_rng_range(&g->r, 8, 48);

	fn_head(g, b, name);
	fsb_buf_addf(b, "\tstatic const u16 table[%ld] = {", n);
	for (long i = 0; i < n; i++)
		fsb_buf_addf(b, "%s0x%04x,", i % 8 ? " " : "\n\t\t", fsb_rng_below(&g->r, 65536));
	fsb_buf_add(b, "\n\t};\n\tunsigned int i;\n\tu64 acc = x;\n\n"
		       "\tfor (i = 0; i < ARRAY_SIZE(table); i++)\n");
	stmt(g, b, "\t\t", "acc", vars);
	fsb_buf_add(b, "\treturn acc ^ st->id;\n}\n");
}

static void fn_string(struct cgen *g, struct fsb_buf *b, const char *name)
{
	struct prose ps = { true, 100 };

	fn_head(g, b, name);
	fsb_buf_add(b, "\tstatic const char msg[] = \"");
	prose_exact(&g->r, b, (size_t)fsb_rng_range(&g->r, 20, 70), &ps);
	fsb_buf_addf(b, "\";\n\tunsigned int i;\n\tu64 h = x;\n\n"
		     "\tfor (i = 0; msg[i]; i++) {\n\t\tif (msg[i] == ' ')\n\t\t\th = (h << %ld) ^ i;\n"
		     "\t\telse\n\t\t\th = (h * %luU) + (u8)msg[i];\n\t}\n"
		     "\tst->counter += h & 0xffffU;\n\treturn h;\n}\n",
		     fsb_rng_range(&g->r, 1, 9), (unsigned long)fsb_rng_range(&g->r, 31, 257) | 1);
}

static void fn_flags(struct cgen *g, struct fsb_buf *b, const char *name)
{
	long n = fsb_rng_range(&g->r, 3, 9);

	fn_head(g, b, name);
	for (long i = 0; i < n; i++) {
		static const char *const ops[] = { "|=", "&= ~", "^=", NULL };

		fsb_buf_addf(b, "\t%sif (x & 0x%llxULL)\n\t\tst->flags %s0x%xU;\n", i ? "else " : "",
			     1ULL << fsb_rng_below(&g->r, 64), PICK(&g->r, ops), 1U << fsb_rng_below(&g->r, 32));
	}
	fsb_buf_addf(b, "\telse\n\t\tst->flags = (u32)x;\n\treturn (u64)st->flags * %luU + x;\n}\n",
		     (unsigned long)fsb_rng_range(&g->r, 3, 99999) | 1);
}

static void fn_hdr(struct cgen *g, struct fsb_buf *b, const char *name)
{
	const char *hp = g->p->f[g->hdrs[fsb_rng_below(&g->r, (unsigned)g->nhdrs)]].prefix;
	char hu[64];

	upper(hu, hp, sizeof(hu));
	fn_head(g, b, name);
	fsb_buf_addf(b, "\tstruct %s_desc desc = { .id = %ldU, .flags = 0, .cookie = x };\n"
		     "\tunsigned int i;\n\tu64 acc = x;\n\n"
		     "\tfor (i = 0; i < %ldU; i++) {\n"
		     "\t\tdesc.id = %s_hash_word(desc.id + i);\n"
		     "\t\tacc += desc.id ^ %s_DESC_MAGIC;\n"
		     "\t\tif (likely(acc & %luU))\n\t\t\tdesc.cookie ^= acc;\n\t\telse\n"
		     "\t\t\tdesc.flags |= (u32)acc;\n\t}\n"
		     "\treturn acc + desc.cookie + desc.flags + st->counter;\n}\n",
		     hp, fsb_rng_range(&g->r, 1, 999), fsb_rng_range(&g->r, 4, 64), hp, hu,
		     1UL << fsb_rng_below(&g->r, 16));
}

/* Calls earlier functions in nested loops: inlining and cross-function
 * optimization are a good part of a real build's CPU time. */
static void fn_chain(struct cgen *g, struct fsb_buf *b, const char *name)
{
	const char *f1 = g->leaves.v[fsb_rng_below(&g->r, (unsigned)g->leaves.n)];
	const char *f2 = g->leaves.v[fsb_rng_below(&g->r, (unsigned)g->leaves.n)];
	static const char *const vars[] = { "acc", "(u64)i", "(u64)j", "x", "st->counter", NULL };

	fn_head(g, b, name);
	fsb_buf_addf(b, "\tu64 acc = x;\n\tunsigned int i, j;\n\n"
		     "\tfor (i = 0; i < %ldU; i++) {\n\t\tacc = %s(st, acc + i);\n"
		     "\t\tfor (j = 0; j < %ldU; j++) {\n\t\t\tacc ^= %s(st, acc >> j);\n",
		     fsb_rng_range(&g->r, 2, 4), f1, fsb_rng_range(&g->r, 2, 4), f2);
	stmt(g, b, "\t\t\t", "acc", vars);
	fsb_buf_add(b, "\t\t}\n");
	stmt(g, b, "\t\t", "st->counter", vars);
	fsb_buf_add(b, "\t}\n\treturn acc;\n}\n");
}

static void spdx_c(struct fsb_rng *r, struct fsb_buf *b, bool header)
{
	if (header)
		fsb_buf_addf(b, "/* SPDX-License-Identifier: %s */\n", PICK(r, spdx_ids));
	else
		fsb_buf_addf(b, "// SPDX-License-Identifier: %s\n", PICK(r, spdx_ids));
}

/* The opening of a C file's comment block: name, title, copyright. */
static void c_comment_head(struct fsb_rng *r, struct fsb_buf *b, const struct tfile *f)
{
	long y = fsb_rng_range(r, 1995, 2024);

	fsb_buf_addf(b, "/*\n * %s - ", f->base);
	title_words(r, b, 2, 5);
	fsb_buf_addf(b, "\n *\n * Copyright (C) %ld", y);
	if (fsb_rng_chance(r, 500))
		fsb_buf_addf(b, "-%ld", y + fsb_rng_range(r, 1, 12));
	fsb_buf_add(b, " ");
	person(r, b, true);
	fsb_buf_add(b, "\n *\n");
}

/* A unit's includes: shared headers, then the directory's own. */
static void unit_includes(struct cgen *g, long nl, struct fsb_buf *b)
{
	const struct plan *p = g->p;
	const struct tdir *d = &p->d[g->f->dir];

	fsb_buf_add(b, " */\n\n#include <linux/types.h>\n#include <linux/compiler.h>\n");
	for (long i = 0; i < nl; i++) {
		int h = p->linux_hdrs.v[fsb_rng_below(&g->r, (unsigned)p->linux_hdrs.n)];
		bool dup = false;

		for (int j = 0; j < g->nhdrs; j++)
			dup |= g->hdrs[j] == h;
		if (dup)
			continue;
		g->hdrs[g->nhdrs++] = h;
		fsb_buf_addf(b, "#include <linux/%s>\n", p->f[h].base);
	}
	if (d->local_hdr >= 0) {
		g->hdrs[g->nhdrs++] = d->local_hdr;
		fsb_buf_addf(b, "\n#include \"%s\"\n", p->f[d->local_hdr].base);
		/* sometimes one more header of the directory */
		for (size_t i = 0; i < d->files.n; i++) {
			int h = d->files.v[i];

			if (h != d->local_hdr && p->f[h].kind == K_H && fsb_rng_chance(&g->r, 150)) {
				g->hdrs[g->nhdrs++] = h;
				fsb_buf_addf(b, "#include \"%s\"\n", p->f[h].base);
				break;
			}
		}
	}
}

/* A unit's state: its slots, a shift, the struct the functions work on. */
static void unit_state(struct cgen *g, struct fsb_buf *b)
{
	const struct tfile *f = g->f;
	char w1[40], w2[40], w3[40];

	fresh_noun(g, g->snoun, sizeof(g->snoun));
	upper(w1, g->snoun, sizeof(w1));
	g->nslots = 8U << fsb_rng_below(&g->r, 4);
	snprintf(g->slots, sizeof(g->slots), "%s_%s_SLOTS", g->up, w1);
	fsb_buf_addf(b, "\n#define %s\t%u\n", g->slots, g->nslots);
	fresh_noun(g, w2, sizeof(w2));
	upper(w3, w2, sizeof(w3));
	fsb_buf_addf(b, "#define %s_%s_SHIFT\t%ld\n", g->up, w3, fsb_rng_range(&g->r, 1, 30));
	fsb_buf_addf(b, "\nstruct %s_%s {\n\tu32 id;\n\tu32 flags;\n\tu64 counter;\n\tu32 slots[%s];\n",
		     f->prefix, g->snoun, g->slots);
	for (long i = fsb_rng_range(&g->r, 1, 5); i > 0; i--) {
		static const char *const types[] = { "u8", "u16", "u32", "u64", "void *", "unsigned long", NULL };
		const char *t = PICK(&g->r, types);

		fresh_noun(g, w2, sizeof(w2));
		fsb_buf_addf(b, "\t%s%s%s;\n", t, t[strlen(t) - 1] == '*' ? "" : " ", w2);
	}
	fsb_buf_add(b, "};\n");
}

static void gen_unit(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	typedef void (*fn_t)(struct cgen *, struct fsb_buf *, const char *);
	/* fn_hdr last: it needs an included header */
	static const fn_t fns[] = { fn_loop, fn_switch, fn_grid, fn_grid, fn_grid, fn_bits,
				    fn_table, fn_string, fn_flags, fn_chain, fn_chain, fn_hdr };
	struct cgen g = { .p = p, .f = f, .r = *r };
	struct fsb_buf a = { 0 }, b = { 0 }, eh = { 0 }, el = { 0 }, et = { 0 }, fn = { 0 }, call = { 0 };
	char name[160];
	long nl = p->linux_hdrs.n ? fsb_rng_range(&g.r, 1, p->linux_hdrs.n < 4 ? (long)p->linux_hdrs.n : 4) : 0;
	int fails = 0;

	upper(g.up, f->prefix, sizeof(g.up));

	spdx_c(&g.r, &a, false);
	c_comment_head(&g.r, &a, f);

	unit_includes(&g, nl, &b);
	unit_state(&g, &b);

	/* the entry point init/main.c calls */
	fsb_buf_addf(&eh, "\nu64 %s_unit_entry(u64 seed)\n{\n\tstruct %s_%s st = { 0 };\n"
		     "\tu64 acc = seed ^ ", f->prefix, f->prefix, g.snoun);
	rand_const(&g, &eh);
	fsb_buf_addf(&eh, ";\n\tunsigned int i;\n\n\tfor (i = 0; i < %s; i++)\n"
		     "\t\tst.slots[i] = (u32)(acc >> (i & 31)) + i;\n\tst.id = (u32)seed;\n", g.slots);
	/* the first three headers here, the rest from fn_hdr(): the mandatory
	 * part of a unit must stay well below the smallest planned size */
	for (int i = 0; i < g.nhdrs && i < 3; i++) {
		char hu[64];

		upper(hu, p->f[g.hdrs[i]].prefix, sizeof(hu));
		fsb_buf_addf(&et, "\tacc += %s_hash_word((u32)acc ^ %s_DESC_MAGIC);\n",
			     p->f[g.hdrs[i]].prefix, hu);
	}
	fsb_buf_add(&et, "\treturn acc ^ st.counter ^ st.flags;\n}\n");

	/* as many functions as the planned size holds */
	while (fails < 3) {
		fn_t gen = fns[fsb_rng_below(&g.r, FSB_ARRAY_SIZE(fns) - (g.nhdrs ? 0 : 1))];

		if (gen == fn_chain && !g.leaves.n)
			gen = fn_loop;
		buf_reset(&fn);
		buf_reset(&call);
		fn_name(&g, name, sizeof(name));
		gen(&g, &fn, name);
		fsb_buf_addf(&call, "\tacc %s %s(&st, acc + %ldU);\n",
			     fsb_rng_chance(&g.r, 500) ? "^=" : "+=", name, fsb_rng_range(&g.r, 0, 99));
		if (a.len + b.len + fn.len + eh.len + el.len + call.len + et.len > f->size) {
			fails++;
			continue;
		}
		buf_cat(&b, &fn);
		buf_cat(&el, &call);
		if (gen != fn_chain)
			fsb_strv_add(&g.leaves, name);
	}

	buf_cat(out, &a);
	if (f->size > out->len + b.len + eh.len + el.len + et.len)
		fill_lines(&g.r, out, f->size - (out->len + b.len + eh.len + el.len + et.len), " * ", " *\n", 78);
	buf_cat(out, &b);
	buf_cat(out, &eh);
	buf_cat(out, &el);
	buf_cat(out, &et);
	fsb_buf_free(&a);
	fsb_buf_free(&b);
	fsb_buf_free(&eh);
	fsb_buf_free(&el);
	fsb_buf_free(&et);
	fsb_buf_free(&fn);
	fsb_buf_free(&call);
	fsb_strv_free(&g.leaves);
	tg_hset_free(&g.ids);
}

/* One item of a header: constants, a struct, an enum, two prototypes or
 * an inline function. */
static void header_item(struct cgen *g, struct fsb_buf *item)
{
	const struct tfile *f = g->f;
	char w1[40], w2[40], name[160];

	switch (fsb_rng_below(&g->r, 5)) {
	case 0:
		fresh_noun(g, w1, sizeof(w1));
		upper(w2, w1, sizeof(w2));
		for (long i = fsb_rng_range(&g->r, 2, 8), v = 0; i > 0; i--, v++) {
			char w3[40], w4[40];

			fresh_noun(g, w3, sizeof(w3));
			upper(w4, w3, sizeof(w4));
			fsb_buf_addf(item, "%s#define %s_%s_%s\t0x%xU\n", v ? "" : "\n", g->up, w2, w4,
				     fsb_rng_chance(&g->r, 500) ? 1U << fsb_rng_below(&g->r, 32) : fsb_rng_below(&g->r, 4096));
		}
		break;
	case 1:
		fresh_noun(g, w1, sizeof(w1));
		fsb_buf_addf(item, "\nstruct %s_%s {\n", f->prefix, w1);
		for (long i = fsb_rng_range(&g->r, 2, 9); i > 0; i--) {
			static const char *const types[] = { "u8", "u16", "u32", "u64", "unsigned long", "int", NULL };

			fresh_noun(g, w2, sizeof(w2));
			fsb_buf_addf(item, "\t%s %s;\n", PICK(&g->r, types), w2);
		}
		fsb_buf_addf(item, "\tstruct %s_desc desc;\n};\n", f->prefix);
		break;
	case 2:
		fresh_noun(g, w1, sizeof(w1));
		upper(w2, w1, sizeof(w2));
		fsb_buf_addf(item, "\nenum %s_%s {\n", f->prefix, w1);
		for (long i = fsb_rng_range(&g->r, 2, 10); i > 0; i--) {
			char w3[40], w4[40];

			fresh_noun(g, w3, sizeof(w3));
			upper(w4, w3, sizeof(w4));
			fsb_buf_addf(item, "\t%s_%s_%s,\n", g->up, w2, w4);
		}
		fsb_buf_add(item, "};\n");
		break;
	case 3:
		fn_name(g, name, sizeof(name));
		fsb_buf_addf(item, "\nint %s(struct %s_desc *desc, u32 flags);\n", name, f->prefix);
		fn_name(g, name, sizeof(name));
		fsb_buf_addf(item, "void %s(struct %s_desc *desc);\n", name, f->prefix);
		break;
	default:
		fn_name(g, name, sizeof(name));
		fsb_buf_addf(item, "\nstatic inline u32 %s(const struct %s_desc *desc, u32 v)\n{\n"
			     "\tif (desc->flags & 0x%xU)\n\t\treturn v ^ desc->id;\n"
			     "\treturn (v << %ld) + %s_hash_word(desc->id);\n}\n",
			     name, f->prefix, 1U << fsb_rng_below(&g->r, 32), fsb_rng_range(&g->r, 1, 31), f->prefix);
		break;
	}
}

static void gen_header(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	struct cgen g = { .p = p, .f = f, .r = *r };
	struct fsb_buf a = { 0 }, b = { 0 }, t = { 0 }, item = { 0 };
	const struct tdir *d = &p->d[f->dir];
	char guard[96];
	int fails = 0;

	upper(g.up, f->prefix, sizeof(g.up));
	snprintf(guard, sizeof(guard), f->lidx >= 0 ? "_LINUX_%s_H" : "__%s_H", g.up);
	tg_hset_add(&g.ids, fnv1a("tag:desc"));

	spdx_c(&g.r, &a, true);
	c_comment_head(&g.r, &a, f);
	fsb_buf_addf(&b, " */\n#ifndef %s\n#define %s\n\n#include <linux/types.h>\n", guard, guard);
	for (long i = f->lidx > 0 ? fsb_rng_range(&g.r, 0, 2) : 0; i > 0; i--)
		fsb_buf_addf(&b, "#include <linux/%s>\n",
			     p->f[p->linux_hdrs.v[fsb_rng_below(&g.r, (unsigned)f->lidx)]].base);

	/* the API every header offers, so units can use what they include */
	fsb_buf_addf(&b, "\n#define %s_DESC_MAGIC\t0x%08xU\n\nstruct %s_desc {\n\tu32 id;\n\tu32 flags;\n"
		     "\tu64 cookie;\n};\n\nstatic inline u32 %s_hash_word(u32 x)\n{\n"
		     "\tx ^= x >> %ld;\n\tx *= 0x%08xU;\n\tx ^= x >> %ld;\n\treturn x ^ %s_DESC_MAGIC;\n}\n",
		     g.up, (unsigned)fsb_rng_next(&g.r), f->prefix, f->prefix, fsb_rng_range(&g.r, 7, 17),
		     (unsigned)fsb_rng_next(&g.r) | 1, fsb_rng_range(&g.r, 7, 17), g.up);
	if (d->local_hdr >= 0 && p->f + d->local_hdr == f) {
		fsb_buf_add(&b, "\n");
		for (size_t i = 0; i < d->files.n; i++) {
			const struct tfile *u = &p->f[d->files.v[i]];

			if (u->kind == K_C && u->prefix)
				fsb_buf_addf(&b, "u64 %s_unit_entry(u64 seed);\n", u->prefix);
		}
	}
	fsb_buf_addf(&t, "\n#endif /* %s */\n", guard);

	while (fails < 3) {
		buf_reset(&item);
		header_item(&g, &item);
		if (a.len + b.len + item.len + t.len > f->size) {
			fails++;
			continue;
		}
		buf_cat(&b, &item);
	}
	buf_cat(out, &a);
	if (f->size > out->len + b.len + t.len)
		fill_lines(&g.r, out, f->size - (out->len + b.len + t.len), " * ", " *\n", 78);
	buf_cat(out, &b);
	buf_cat(out, &t);
	fsb_buf_free(&a);
	fsb_buf_free(&b);
	fsb_buf_free(&t);
	fsb_buf_free(&item);
	tg_hset_free(&g.ids);
}

/* ---- text generators --------------------------------------------------------------- */

/* out = head + exact prose filler + body: the filler takes what is left.
 * head and body are freed. */
static void assemble(struct fsb_rng *r, struct fsb_buf *out, unsigned long size, struct fsb_buf *head,
		     struct fsb_buf *body, const char *pfx, const char *sep, size_t width)
{
	buf_cat(out, head);
	if (size > head->len + body->len)
		fill_lines(r, out, size - head->len - body->len, pfx, sep, width);
	buf_cat(out, body);
	fsb_buf_free(head);
	fsb_buf_free(body);
}

/* One more block for body b when the file (head h, b, the block) still
 * fits in size; else one more try that failed. */
static void add_block(const struct fsb_buf *h, struct fsb_buf *b, const struct fsb_buf *block, unsigned long size,
		      int *fails)
{
	if (h->len + b->len + block->len > size)
		(*fails)++;
	else
		buf_cat(b, block);
}

static void underline(struct fsb_buf *b, size_t n, char c)
{
	for (size_t i = 0; i < n; i++)
		fsb_buf_addn(b, &c, 1);
	fsb_buf_add(b, "\n");
}

static void gen_doc(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	struct fsb_buf h = { 0 }, b = { 0 }, sec = { 0 }, title = { 0 };
	bool rst = f->kind == K_RST;
	int fails = 0;

	(void)p;
	title_words(r, &title, 2, 5);
	if (rst) {
		fsb_buf_addf(&h, ".. SPDX-License-Identifier: %s\n\n", PICK(r, spdx_ids));
		underline(&h, title.len, '=');
	}
	buf_cat(&h, &title);
	fsb_buf_add(&h, "\n");
	underline(&h, title.len, '=');
	fsb_buf_add(&h, "\n");
	if (rst) {
		fsb_buf_add(&h, ":Author: ");
		person(r, &h, true);
		fsb_buf_add(&h, "\n\n");
	}
	while (fails < 3) {
		size_t budget = (size_t)fsb_rng_range(r, 300, 3000);

		buf_reset(&sec);
		buf_reset(&title);
		title_words(r, &title, 1, 4);
		fsb_buf_add(&sec, "\n");
		buf_cat(&sec, &title);
		fsb_buf_add(&sec, "\n");
		underline(&sec, title.len, '-');
		fsb_buf_add(&sec, "\n");
		fill_lines(r, &sec, budget, "", "\n", 76);
		if (fsb_rng_chance(r, 300)) {
			fsb_buf_add(&sec, rst ? "\n::\n\n" : "\n");
			for (long i = fsb_rng_range(r, 2, 8); i > 0; i--)
				fsb_buf_addf(&sec, "\t%s %s=%ld\n", PICK(r, tg_verbs), PICK(r, tg_nouns), fsb_rng_range(r, 0, 4096));
		}
		if (fsb_rng_chance(r, 300)) {
			fsb_buf_add(&sec, "\n");
			for (long i = fsb_rng_range(r, 2, 6); i > 0; i--) {
				fsb_buf_add(&sec, "- ");
				title_words(r, &sec, 3, 9);
				fsb_buf_add(&sec, "\n");
			}
		}
		add_block(&h, &b, &sec, f->size, &fails);
	}
	assemble(r, out, f->size, &h, &b, "", "\n", 76);
	fsb_buf_free(&sec);
	fsb_buf_free(&title);
}

static void gen_script(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	const char *ext = strrchr(f->base, '.');
	struct fsb_buf h = { 0 }, b = { 0 }, blk = { 0 };
	int fails = 0;
	bool sh = strcmp(ext, ".sh") == 0, py = strcmp(ext, ".py") == 0;

	(void)p;
	fsb_buf_addf(&h, "%s\n# SPDX-License-Identifier: %s\n#\n# %s: ",
		     sh ? "#!/bin/sh" : py ? "#!/usr/bin/env python3" : "#!/usr/bin/env perl",
		     PICK(r, spdx_ids), f->base);
	title_words(r, &h, 3, 7);
	fsb_buf_add(&h, "\n#\n");
	fsb_buf_add(&b, sh ? "\nset -e\n" : py ? "\nimport os\nimport sys\n" : "\nuse strict;\nuse warnings;\n");
	while (fails < 3) {
		const char *v = PICK(r, tg_verbs), *n = PICK(r, tg_nouns);

		buf_reset(&blk);
		if (sh)
			fsb_buf_addf(&blk, "\n%s_%s() {\n\tlocal %s=\"$1\"\n\n\tfor f in \"$@\"; do\n"
				     "\t\tcase \"$f\" in\n\t\t*.%s) echo \"%s: $f\" ;;\n\t\t*) : ;;\n"
				     "\t\tesac\n\tdone\n\treturn %ld\n}\n",
				     v, n, n, PICK(r, tg_nouns), v, fsb_rng_range(r, 0, 1));
		else if (py)
			fsb_buf_addf(&blk, "\n\ndef %s_%s(%s, limit=%ld):\n    count = 0\n"
				     "    for item in %s:\n        if item.startswith(\"%s\"):\n"
				     "            count += 1\n        if count > limit:\n"
				     "            break\n    return count\n",
				     v, n, n, fsb_rng_range(r, 1, 512), n, PICK(r, tg_nouns));
		else
			fsb_buf_addf(&blk, "\nsub %s_%s {\n\tmy ($%s) = @_;\n\tmy $count = 0;\n"
				     "\tforeach my $line (split /\\n/, $%s) {\n"
				     "\t\t$count++ if $line =~ /%s/;\n\t}\n\treturn $count;\n}\n",
				     v, n, n, n, PICK(r, tg_nouns));
		add_block(&h, &b, &blk, f->size, &fails);
	}
	assemble(r, out, f->size, &h, &b, "# ", "#\n", 76);
	fsb_buf_free(&blk);
}

static void gen_maketext(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	struct fsb_buf h = { 0 }, b = { 0 }, blk = { 0 };
	int fails = 0;

	(void)p;
	fsb_buf_addf(&h, "# SPDX-License-Identifier: %s\n# ", PICK(r, spdx_ids));
	title_words(r, &h, 3, 7);
	fsb_buf_add(&h, "\n#\n");
	fsb_buf_add(&b, "\nCFLAGS ?= -O2 -g\nCFLAGS += -Wall -Wextra -I../include\n");
	while (fails < 3) {
		const char *n = PICK(r, tg_nouns);

		buf_reset(&blk);
		fsb_buf_addf(&blk, "\n%s: %s.o %s_%s.o\n\t$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)\n",
			     n, n, n, PICK(r, tg_verbs));
		add_block(&h, &b, &blk, f->size, &fails);
	}
	assemble(r, out, f->size, &h, &b, "# ", "#\n", 76);
	fsb_buf_free(&blk);
}

static void gen_toptext(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	struct fsb_buf h = { 0 }, b = { 0 }, blk = { 0 };
	int fails = 0;
	size_t di = 1;
	const char *pfx = "";

	switch (f->kind) {
	case K_README:
		fsb_buf_add(&h, "Linux kernel\n============\n\n");
		fsb_buf_add(&b, "\nTo build it:\n\n    make defconfig\n    make -j$(nproc)\n");
		break;
	case K_COPYING:
		fsb_buf_add(&h, "The Linux Kernel is provided under the terms of the GNU General Public\n"
			    "License version 2 only, with the exceptions described below.\n\n");
		pfx = "\t";
		break;
	case K_CREDITS:
		fsb_buf_add(&h, "\tThis is at least a partial credits-file of people that have\n"
			    "\tcontributed to the Linux project.\n\n");
		pfx = "\t";
		break;
	default:
		fsb_buf_add(&h, "List of maintainers\n===================\n\n");
		pfx = "\t";
		break;
	}
	while ((f->kind == K_CREDITS || f->kind == K_MAINTAINERS) && fails < 3) {
		buf_reset(&blk);
		if (f->kind == K_CREDITS) {
			fsb_buf_add(&blk, "\nN: ");
			person(r, &blk, false);
			fsb_buf_add(&blk, "\nE: ");
			person(r, &blk, true);
			fsb_buf_add(&blk, "\nD: ");
			title_words(r, &blk, 3, 8);
			fsb_buf_addf(&blk, "\nS: %s\n", PICK(r, last_names));
		} else {
			char t[128];

			/* entries for the directories, in plan order */
			while (di < p->nd && (p->d[di].depth < 2 || p->d[di].depth > 4))
				di++;
			if (di >= p->nd)
				di = 1;
			upper(t, p->d[di].path, sizeof(t));
			for (char *s = t; *s; s++)
				if (*s == '_')
					*s = ' ';
			fsb_buf_addf(&blk, "\n%s %s\nM:\t", t, fsb_rng_chance(r, 500) ? "DRIVER" : "SUBSYSTEM");
			person(r, &blk, true);
			fsb_buf_addf(&blk, "\nL:\t%s@lists.example.org\nS:\t%s\nF:\t%s/\n",
				     p->d[di].base, fsb_rng_chance(r, 700) ? "Maintained" : "Supported", p->d[di].path);
			di++;
		}
		add_block(&h, &b, &blk, f->size, &fails);
	}
	assemble(r, out, f->size, &h, &b, pfx, "\n", 72);
	fsb_buf_free(&blk);
}

/* ---- derived files -------------------------------------------------------------------- */

static void gen_kmakefile(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	const struct tdir *d = &p->d[f->dir];
	char sym[80];

	fsb_buf_addf(out, "# SPDX-License-Identifier: GPL-2.0\n#\n# Makefile for the %s ", d->base);
	some_words(r, out, 1, 4, false);
	fsb_buf_addf(out, " (%s).\n#\n\n", d->path);
	for (size_t i = 0; i < d->files.n; i++) {
		const struct tfile *u = &p->f[d->files.v[i]];
		size_t bl = strlen(u->base);

		if (u->kind == K_MAINC) {
			fsb_buf_add(out, "obj-y\t\t\t\t+= main.o\n");
		} else if (u->kind == K_C) {
			upper(sym, u->prefix, sizeof(sym));
			fsb_buf_addf(out, "obj-$(CONFIG_%s)\t+= %.*s.o\n", sym, (int)(bl - 2), u->base);
		}
	}
	for (size_t i = 0; i < d->kids.n; i++)
		if (p->d[d->kids.v[i]].makefile >= 0)
			fsb_buf_addf(out, "obj-y\t\t\t\t+= %s/\n", p->d[d->kids.v[i]].base);
}

static void gen_kconfig(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	const struct tdir *d = &p->d[f->dir];
	struct fsb_buf title = { 0 };
	char sym[80], prev[80] = "";
	bool menu = false;

	title_words(r, &title, 1, 3);
	fsb_buf_addf(out, "# SPDX-License-Identifier: GPL-2.0-only\n#\n# %s configuration (%s)\n#\n",
		     title.s, *d->path ? d->path : "top");
	for (size_t i = 0; i < d->files.n; i++) {
		const struct tfile *u = &p->f[d->files.v[i]];

		if (u->kind != K_C)
			continue;
		if (!menu) {
			fsb_buf_addf(out, "\nmenu \"%s\"\n", title.s);
			menu = true;
		}
		upper(sym, u->prefix, sizeof(sym));
		fsb_buf_addf(out, "\nconfig %s\n\t%s \"", sym, fsb_rng_chance(r, 600) ? "tristate" : "bool");
		title_words(r, out, 2, 6);
		fsb_buf_add(out, "\"\n");
		if (*prev && fsb_rng_chance(r, 400))
			fsb_buf_addf(out, "\tdepends on %s\n", prev);
		fsb_buf_add(out, "\thelp\n");
		fill_lines(r, out, (size_t)fsb_rng_range(r, 60, 400), "\t  ", "\n", 70);
		snprintf(prev, sizeof(prev), "%s", sym);
	}
	if (menu)
		fsb_buf_add(out, "\nendmenu\n");
	for (size_t i = 0, n = 0; i < d->kids.n; i++)
		if (p->d[d->kids.v[i]].kconfig >= 0)
			fsb_buf_addf(out, "%ssource \"%s/Kconfig\"\n", n++ ? "" : "\n", p->d[d->kids.v[i]].path);
	fsb_buf_free(&title);
}

static void gen_topkconfig(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	const struct tdir *top = &p->d[0];

	(void)f, (void)r;
	fsb_buf_add(out, "# SPDX-License-Identifier: GPL-2.0\n#\n"
		    "# For a description of the syntax of this configuration file,\n"
		    "# see Documentation/kbuild/kconfig-language.rst.\n#\n"
		    "mainmenu \"Linux/x86 Kernel Configuration\"\n\n");
	for (size_t i = 0; i < top->kids.n; i++) {
		const struct tdir *k = &p->d[top->kids.v[i]];

		if (k->kconfig >= 0)
			fsb_buf_addf(out, "source \"%s/Kconfig\"\n", k->path);
	}
	for (size_t i = 0; i < p->nd; i++)
		if (strcmp(p->d[i].path, "arch/x86") == 0 && p->d[i].kconfig >= 0)
			fsb_buf_add(out, "source \"arch/x86/Kconfig\"\n");
}

static const char top_makefile_head[] =
	"# SPDX-License-Identifier: GPL-2.0\n"
	"VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\nEXTRAVERSION = -fsb\n"
	"NAME = Generated Tree\n\n"
	"# A generated kernel-like tree that builds like one:\n"
	"#   make defconfig   write .config and include/generated/autoconf.h\n"
	"#   make [-jN]       build ./vmlinux; CC, KCFLAGS and V=1 are honoured\n"
	"#   make clean       remove objects, archives and vmlinux, keep .config\n"
	"#   make mrproper    clean, then remove .config and include/generated\n\n"
	"MAKEFLAGS += -r\n.SUFFIXES:\n.DEFAULT_GOAL := all\n\n"
	"ifeq ($(V),1)\nQ =\nelse\nQ = @\nendif\n"
	"# make -s: no \"  CC  file\" lines either, as in kbuild\n"
	"ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)\nsay = @:\nelse\nsay = @echo\nendif\n\n"
	"CC ?= cc\nAR ?= ar\n"
	"KBUILD_CPPFLAGS := -Iinclude\n"
	"KBUILD_CFLAGS := -std=gnu11 -O2 -pipe -Wall -fno-strict-aliasing -fno-common $(KCFLAGS)\n"
	"KBUILD_LDFLAGS :=\n\n";

static const char top_makefile_tail[] =
	"\n.PHONY: all defconfig clean mrproper help\n\n"
	"no-config-targets := defconfig clean mrproper help\n"
	"ifneq ($(filter-out $(no-config-targets),$(or $(MAKECMDGOALS),all)),)\n"
	"ifeq ($(wildcard .config),)\n"
	"$(error Configuration file .config not found: run \"make defconfig\" first)\n"
	"endif\n"
	"include .config\n"
	"endif\n\n"
	"define kbuild-dir\n"
	"obj-y :=\nobj- :=\nobj-m :=\n"
	"include $(1)/Makefile\n"
	"objs-$(1) := $$(addprefix $(1)/,$$(filter %.o,$$(obj-y)))\n"
	"endef\n"
	"$(foreach d,$(kbuild-dirs),$(eval $(call kbuild-dir,$(d))))\n\n"
	"objs := $(foreach d,$(kbuild-dirs),$(objs-$(d)))\n"
	"archives := $(foreach d,$(kbuild-dirs),$(if $(objs-$(d)),$(d)/built-in.a))\n\n"
	"all: vmlinux\n\n"
	"vmlinux: $(archives)\n"
	"\t$(say) '  LD      $@'\n"
	"\t$(Q)$(CC) $(KBUILD_LDFLAGS) -o $@ -Wl,--start-group $(archives) -Wl,--end-group\n\n"
	"define archive-rule\n"
	"$(1)/built-in.a: $$(objs-$(1))\n"
	"\t$$(say) '  AR      $$@'\n"
	"\t$$(Q)rm -f $$@ && $$(AR) rcsD $$@ $$^\n"
	"endef\n"
	"$(foreach d,$(kbuild-dirs),$(if $(objs-$(d)),$(eval $(call archive-rule,$(d)))))\n\n"
	"%.o: %.c\n"
	"\t$(say) '  CC      $@'\n"
	"\t$(Q)$(CC) $(KBUILD_CPPFLAGS) $(KBUILD_CFLAGS) -MD -MP -c -o $@ $<\n\n"
	"init/main.o: include/generated/autoconf.h\n\n"
	"# include/generated/autoconf.h from .config, as the kernel's syncconfig\n"
	"define sync-autoconf\n"
	"$(Q)mkdir -p include/generated\n"
	"$(Q){ echo '/* Automatically generated from .config: do not edit. */'; \\\n"
	"  sed -n -e 's/^\\(CONFIG_[A-Za-z0-9_]*\\)=y$$/#define \\1 1/p' .config; } \\\n"
	"  > include/generated/autoconf.h.tmp\n"
	"$(Q)mv -f include/generated/autoconf.h.tmp include/generated/autoconf.h\n"
	"endef\n\n"
	"include/generated/autoconf.h: .config\n"
	"\t$(say) '  SYNC    $@'\n"
	"\t$(sync-autoconf)\n\n"
	"defconfig:\n"
	"\t$(say) '  DEFCONF arch/x86/configs/x86_64_defconfig'\n"
	"\t$(Q)cp arch/x86/configs/x86_64_defconfig .config\n"
	"\t$(sync-autoconf)\n\n"
	"clean:\n"
	"\t$(say) '  CLEAN   .'\n"
	"\t$(Q)find . -type f \\( -name '*.o' -o -name '*.a' -o -name '*.d' -o -name '*.tmp' \\) -delete\n"
	"\t$(Q)rm -f vmlinux\n\n"
	"mrproper: clean\n"
	"\t$(say) '  CLEAN   .config include/generated'\n"
	"\t$(Q)rm -rf .config include/generated\n\n"
	"help:\n"
	"\t@echo 'Targets: defconfig, all (default), clean, mrproper'\n\n"
	"-include $(objs:.o=.d)\n";

static void gen_topmake(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	(void)f, (void)r;
	fsb_buf_add(out, top_makefile_head);
	fsb_buf_add(out, "# every directory whose Makefile lists built-in objects\nkbuild-dirs := \\\n");
	for (size_t i = 0; i < p->nd; i++)
		if (p->d[i].built && p->d[i].makefile >= 0 && p->d[i].depth > 0)
			fsb_buf_addf(out, "\t%s \\\n", p->d[i].path);
	fsb_buf_add(out, "\n");
	fsb_buf_add(out, top_makefile_tail);
}

static void gen_mainc(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	char sym[80];

	(void)f, (void)r;
	fsb_buf_add(out, "// SPDX-License-Identifier: GPL-2.0-only\n/*\n *  linux/init/main.c\n *\n"
		    " *  Calls the entry point of every unit the configuration built in,\n"
		    " *  so that the linker keeps all of them.\n */\n\n"
		    "#include <generated/autoconf.h>\n#include <linux/types.h>\n\n"
		    "int printf(const char *fmt, ...);\n\n");
	for (size_t i = 0; i < p->nf; i++) {
		if (!p->f[i].compiled)
			continue;
		upper(sym, p->f[i].prefix, sizeof(sym));
		fsb_buf_addf(out, "#ifdef CONFIG_%s\nu64 %s_unit_entry(u64 seed);\n#endif\n", sym, p->f[i].prefix);
	}
	fsb_buf_add(out, "\nint main(int argc, char **argv)\n{\n"
		    "\tu64 acc = 0x9e3779b97f4a7c15ULL ^ (u64)argc;\n\tunsigned int units = 0;\n\n"
		    "\t(void)argv;\n");
	for (size_t i = 0; i < p->nf; i++) {
		if (!p->f[i].compiled)
			continue;
		upper(sym, p->f[i].prefix, sizeof(sym));
		fsb_buf_addf(out, "#ifdef CONFIG_%s\n\tacc = %s_unit_entry(acc) ^ (acc >> 7);\n\tunits++;\n#endif\n",
			     sym, p->f[i].prefix);
	}
	fsb_buf_add(out, "\tprintf(\"%u units, checksum %016llx\\n\", units, (unsigned long long)acc);\n"
		    "\treturn 0;\n}\n");
}

static void gen_defconfig(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	char sym[80];

	(void)f, (void)r;
	for (size_t i = 0; i < p->nf; i++) {
		if (!p->f[i].compiled)
			continue;
		upper(sym, p->f[i].prefix, sizeof(sym));
		fsb_buf_addf(out, "CONFIG_%s=y\n", sym);
	}
}

static const char types_h[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_TYPES_H\n#define _LINUX_TYPES_H\n\n"
	"typedef unsigned char u8;\ntypedef unsigned short u16;\ntypedef unsigned int u32;\n"
	"typedef unsigned long long u64;\ntypedef signed char s8;\ntypedef short s16;\n"
	"typedef int s32;\ntypedef long long s64;\n\n"
	"#define NULL ((void *)0)\n"
	"#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))\n\n"
	"#endif /* _LINUX_TYPES_H */\n";

static const char compiler_h[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_COMPILER_H\n#define _LINUX_COMPILER_H\n\n"
	"#define likely(x)\t__builtin_expect(!!(x), 1)\n"
	"#define unlikely(x)\t__builtin_expect(!!(x), 0)\n"
	"#define __always_inline\tinline __attribute__((__always_inline__))\n"
	"#define __maybe_unused\t__attribute__((__unused__))\n"
	"#define READ_ONCE(x)\t(*(const volatile __typeof__(x) *)&(x))\n\n"
	"#endif /* _LINUX_COMPILER_H */\n";

static void gen_typesh(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	(void)p, (void)f, (void)r;
	fsb_buf_add(out, types_h);
}

static void gen_compilerh(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	(void)p, (void)f, (void)r;
	fsb_buf_add(out, compiler_h);
}

/* Each kind's generator (enum kind): a file's bytes from the plan, the
 * file and its own PRNG. */
typedef void gen_fn(const struct plan *p, const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out);
static gen_fn *const generators[] = {
	[K_C] = gen_unit,
	[K_H] = gen_header,
	[K_RST] = gen_doc,
	[K_TXT] = gen_doc,
	[K_SCRIPT] = gen_script,
	[K_MAKETEXT] = gen_maketext,
	[K_README] = gen_toptext,
	[K_COPYING] = gen_toptext,
	[K_CREDITS] = gen_toptext,
	[K_MAINTAINERS] = gen_toptext,
	[K_KMAKEFILE] = gen_kmakefile,
	[K_KCONFIG] = gen_kconfig,
	[K_TOPMAKE] = gen_topmake,
	[K_TOPKCONFIG] = gen_topkconfig,
	[K_MAINC] = gen_mainc,
	[K_DEFCONFIG] = gen_defconfig,
	[K_TYPESH] = gen_typesh,
	[K_COMPILERH] = gen_compilerh,
};

void tg_render(const struct plan *p, size_t fi, struct fsb_buf *out)
{
	const struct tfile *f = &p->f[fi];
	struct fsb_rng r = rng_for(p->seed, f->path);

	buf_reset(out);
	fsb_buf_add(out, "");
	generators[f->kind](p, f, &r, out);
}
