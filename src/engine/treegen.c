/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * treegen.c — the generated kernel-like source tree.
 *
 * Two stages.  plan_build() decides, from the seed alone, every directory,
 * every file name, kind and size, and which units the defconfig builds.
 * render() then produces one file's bytes from the plan and a per-file PRNG
 * seeded by the path, so files never depend on the order they are written
 * in.  Sampled files (sources, headers, docs) are generated to exactly their
 * planned size — the generator emits the structure that fits and fills the
 * rest with a comment or prose of the exact remaining length — which is what
 * lets fsb_treegen_stats() report the bytes without rendering them.  Only the
 * derived files (Makefiles, Kconfig, init/main.c, the defconfig), whose
 * content is a listing of the plan, are rendered to be measured.
 *
 * Everything is integer arithmetic on our own splitmix64 so that the tree is
 * byte-identical on every machine; libm or rand() would not be.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/rng.h"
#include "sys/util.h"
#include "engine/treegen.h"

#define MAX_DEPTH 6
/* Share of the candidate .c files that the defconfig builds: tuned so that
 * a 400-file tree takes ~10 s of CPU to build with -O2 (see the commit). */
#define COMPILE_PERMILLE 450

/* ---- PRNG: sys/rng.h, drawn below n by fsb_rng_below() -------------------- */

static const char *pick(struct fsb_rng *r, const char *const *v)
{
	size_t n = 0;

	while (v[n])
		n++;
	return v[fsb_rng_below(r, (unsigned)n)];
}

/* pick() for arrays whose size the compiler knows: no counting on hot paths */
#define PICK(r, a) ((a)[fsb_rng_below((r), (unsigned)(FSB_ARRAY_SIZE(a) - 1))])

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static struct fsb_rng rng_for(unsigned long seed, const char *salt)
{
	struct fsb_rng r;

	fsb_rng_init(&r, fnv1a(salt) ^ ((uint64_t)seed * 0xd6e8feb86659fd93ULL));
	fsb_rng_next(&r);
	return r;
}

/* 2^(i/16) in 16.16 fixed point. */
static const uint32_t exp2_frac[17] = {
	65536, 68438, 71468, 74632, 77936, 81386, 84990, 88752, 92682,
	96785, 101070, 105545, 110218, 115098, 120194, 125515, 131072,
};

/*
 * Log-normal size with the given median and sigma (in thousandths), in
 * [lo, hi].  The normal deviate is an Irwin–Hall sum and exp() is done in
 * base 2 with a table, all in integers: floating point would make the tree
 * depend on the libm.  Out-of-range draws are redrawn so that the clamp does
 * not pile sizes up at the bounds.
 */
static unsigned long rng_lognormal(struct fsb_rng *r, unsigned long median, unsigned sigma_milli,
				   unsigned long lo, unsigned long hi)
{
	uint64_t v = lo;

	for (int tries = 0; tries < 16; tries++) {
		int64_t z = 0, t;
		uint64_t m;
		unsigned f, idx;
		int k;

		for (int i = 0; i < 12; i++)
			z += (int64_t)(fsb_rng_next(r) >> 48);
		z -= 6 * 65536;
		t = z * (int64_t)sigma_milli / 1000 * 94548 / 65536 + ((int64_t)64 << 16);
		k = (int)(t >> 16) - 64;
		f = (unsigned)(t & 0xffff);
		idx = f >> 12;
		m = exp2_frac[idx] + (((uint64_t)(exp2_frac[idx + 1] - exp2_frac[idx]) * (f & 0xfff)) >> 12);
		v = (uint64_t)median * m >> 16;
		if (k > 30)
			v = hi + 1;
		else if (k >= 0)
			v <<= k;
		else
			v = k < -40 ? 0 : v >> -k;
		if (v >= lo && v <= hi)
			return (unsigned long)v;
	}
	return (unsigned long)(v < lo ? lo : v > hi ? hi : v);
}

/* ---- sets ------------------------------------------------------------------- */

/* Set of 64-bit hashes of strings.  A collision only ever makes us pick
 * another name, so hashes are as good as the strings here. */
struct hset {
	uint64_t *v;
	size_t n, cap;
};

static bool hset_add(struct hset *s, uint64_t h)
{
	size_t i;

	h |= 1;  /* 0 marks an empty slot */
	if (2 * (s->n + 1) > s->cap) {
		struct hset big = { fsb_xcalloc(s->cap ? 2 * s->cap : 64, sizeof(uint64_t)), 0,
				    s->cap ? 2 * s->cap : 64 };

		for (i = 0; i < s->cap; i++)
			if (s->v[i])
				hset_add(&big, s->v[i]);
		free(s->v);
		*s = big;
	}
	for (i = h & (s->cap - 1); s->v[i]; i = (i + 1) & (s->cap - 1))
		if (s->v[i] == h)
			return false;
	s->v[i] = h;
	s->n++;
	return true;
}

static bool hset_has(const struct hset *s, uint64_t h)
{
	h |= 1;
	if (!s->cap)
		return false;
	for (size_t i = h & (s->cap - 1); s->v[i]; i = (i + 1) & (s->cap - 1))
		if (s->v[i] == h)
			return true;
	return false;
}

static void hset_free(struct hset *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

struct ivec {
	int *v;
	size_t n, cap;
};

static void ivec_add(struct ivec *iv, int x)
{
	if (iv->n == iv->cap) {
		iv->cap = iv->cap ? 2 * iv->cap : 8;
		iv->v = fsb_xrealloc(iv->v, iv->cap * sizeof(int));
	}
	iv->v[iv->n++] = x;
}

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

static const char *const verbs[] = {
	"init", "exit", "probe", "remove", "alloc", "free", "reset", "setup", "update",
	"check", "handle", "process", "parse", "read", "write", "map", "unmap", "lock",
	"unlock", "queue", "flush", "sync", "scan", "poll", "enable", "disable", "start",
	"stop", "get", "put", "set", "clear", "find", "walk", "build", "fill", "calc", "mix",
	"apply", "commit", "prepare", "resume", "suspend", "attach", "detach", "release",
	"request", "submit", "complete", "validate", "verify", "encode", "decode", "pack",
	"unpack", "load", "store", "copy", "move", "merge", "split", "insert", "lookup",
	"hash", "compare", "sort", "count", "grow", "shrink", "trim", "drain", "wake",
	"notify", "dispatch", "schedule", "balance", "account", "charge", "refill",
	"recycle", "reclaim", "evict", "pin", "unpin", "claim", "bind", "unbind", "tune",
	"train", "calibrate", "sample", "measure", "report", "dump", "trace", "emit",
	"convert", "translate", "resolve", "match", "filter", "select", "route", "forward",
	"transmit", "receive", NULL,
};

static const char *const nouns[] = {
	"buffer", "queue", "ring", "desc", "page", "inode", "dentry", "block", "entry",
	"table", "node", "cache", "state", "stats", "irq", "dma", "port", "link", "frame",
	"packet", "skb", "work", "timer", "event", "req", "cmd", "resp", "hdr", "key", "ctx",
	"dev", "bus", "chan", "slot", "zone", "range", "bitmap", "list", "tree", "seq", "tag",
	"mode", "level", "rate", "clock", "reg", "fifo", "mbox", "msg", "extent", "folio",
	"bio", "sector", "segment", "region", "window", "vector", "pool", "chunk", "batch",
	"credit", "quota", "limit", "policy", "rule", "socket", "stream", "session", "conn",
	"peer", "client", "server", "host", "target", "lun", "disk", "volume", "journal",
	"txn", "record", "cursor", "iter", "index", "addr", "pte", "pmd", "vma", "task",
	"thread", "cpu", "core", "cluster", "domain", "group", "cred", "perm", "acl",
	"xattr", "super", "mount", "file", "fence", "engine", "pipe", "plane", "crtc",
	"encoder", "panel", "codec", "dai", "pcm", "mixer", "sensor", "pin", "gpio", "pwm",
	"regulator", "phy", "lane", "vlan", "flow", "route", "neigh", "sock", "tcp", "udp",
	NULL,
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

static const char *const syllables[] = {
	"ma", "ri", "ten", "vo", "lu", "ka", "ze", "ro", "ni", "sa", "to", "mi", "qu", "xe",
	"da", "fi", "go", "ha", "je", "ko", "li", "mo", "nu", "pa", "re", "si", "tu", "va",
	"wi", "ya", "zo", "bn", "x", "tr", "st", "ch", "gr", "cl", "fl", "rtl", "mt", "ath",
	NULL,
};

/* ---- tree templates ----------------------------------------------------------- */

enum flavour { FL_KBUILD, FL_INCLUDE, FL_DOCS, FL_TOOLS };

enum {
	T_BUILT = 1,    /* the top Makefile builds this subtree */
	T_LEAF = 2,     /* never split into subdirectories */
	T_FLAT = 4,     /* many files of its own (fs/, kernel/) */
};

struct tmpl {
	const char *name;
	unsigned short weight;          /* share of the parent's files, relative */
	unsigned char fl;               /* enum flavour of the subtree */
	unsigned char flags;            /* T_* */
	const struct tmpl *sub;         /* fixed children, or NULL */
	const char *const *pool;        /* names for generated children */
};

static const char *const pool_drivers[] = {
	"net", "gpu", "usb", "scsi", "media", "staging", "pinctrl", "clk", "iio",
	"infiniband", "mtd", "input", "hid", "platform", "soc", "phy", "power", "regulator",
	"pci", "acpi", "firmware", "crypto", "spi", "i2c", "tty", "char", "block", "nvme",
	"md", "ata", "mmc", "video", "watchdog", "thermal", "hwmon", "leds", "rtc", "dma",
	"gpio", "base", "misc", "mfd", "remoteproc", "bluetooth", "iommu", "irqchip",
	"cpufreq", "edac", "fpga", "vfio", "virtio", "xen", "thunderbolt", "w1", "nfc",
	"interconnect", "mailbox", "memory", "nvmem", "pwm", "reset", "rpmsg", "slimbus",
	"soundwire", "target", "ufs", "vdpa", "vhost", "accel", "atm", "bcma", "bus", "cdx",
	"comedi", "counter", "cxl", "dax", "devfreq", "extcon", "firewire", "fsi", "gnss",
	"greybus", "hsi", "hv", "hwspinlock", "hwtracing", "i3c", "ipack", "isdn",
	"macintosh", "mcb", "most", "mux", "ntb", "parport", "pcmcia", "peci", "perf", "pnp",
	"ptp", "rapidio", "ras", "sbus", "spmi", "ssb", "tee", "vme", "wmi", "zorro", NULL,
};

static const char *const pool_fs[] = {
	"ext4", "btrfs", "xfs", "nfs", "nfsd", "f2fs", "ocfs2", "gfs2", "ceph", "smb", "fuse",
	"overlayfs", "jfs", "udf", "isofs", "fat", "exfat", "ntfs3", "squashfs", "erofs",
	"afs", "9p", "proc", "sysfs", "kernfs", "debugfs", "tracefs", "autofs", "quota",
	"notify", "crypto", "verity", "iomap", "nilfs2", "hfsplus", "hfs", "ubifs", "jffs2",
	"orangefs", "zonefs", "ecryptfs", "cramfs", "romfs", "minix", "efivarfs",
	"configfs", "ramfs", "hugetlbfs", "pstore", "dlm", "lockd", "unicode", "netfs",
	"cachefiles", "bcachefs", "jbd2", "ext2", "nls", NULL,
};

static const char *const pool_net[] = {
	"core", "ipv4", "ipv6", "netfilter", "bluetooth", "wireless", "mac80211", "sched",
	"sctp", "tipc", "bridge", "xfrm", "unix", "packet", "rxrpc", "sunrpc", "mptcp", "smc",
	"can", "8021q", "dsa", "batman-adv", "openvswitch", "vmw_vsock", "ethtool",
	"devlink", "l2tp", "nfc", "ceph", "rds", "atm", "ax25", "hsr", "ieee802154", "iucv",
	"kcm", "llc", "mctp", "mpls", "ncsi", "netlink", "phonet", "psample", "qrtr",
	"rfkill", "rose", "switchdev", "tls", "wireguard", "x25", "xdp", NULL,
};

static const char *const pool_sound[] = {
	"soc", "pci", "usb", "core", "hda", "isa", "firewire", "drivers", "synth", "xen",
	"virtio", "aoa", "sparc", "spi", "i2c", "ac97", "arm", "atmel", "mips", "parisc",
	"pcmcia", "ppc", "sh", "x86", NULL,
};

static const char *const pool_kernel[] = {
	"sched", "bpf", "time", "irq", "locking", "rcu", "trace", "events", "power",
	"printk", "cgroup", "dma", "debug", "futex", "module", "entry", "kcsan",
	"livepatch", "gcov", "configs", "dma", "kexec", "bpf", "irq", NULL,
};

static const char *const pool_security[] = {
	"selinux", "apparmor", "smack", "tomoyo", "keys", "integrity", "landlock", "yama",
	"lockdown", "safesetid", "bpf", "loadpin", "ipe", NULL,
};

static const char *const pool_tools[] = {
	"perf", "testing", "lib", "bpf", "power", "include", "arch", "objtool", "scripts",
	"build", "iio", "usb", "virtio", "vm", "tracing", "net", "firmware", "hv", "spi",
	"gpio", "thermal", "kvm", "memory-model", "leds", "accounting", "cgroup", "laptop",
	"bootconfig", "counter", "crypto", "debugging", "hid", "mm", "pci", "pcmcia",
	"rcu", "sched", "sound", "verification", "wmi", "writeback", NULL,
};

static const char *const pool_tools_sub[] = {
	"selftests", "util", "tests", "bench", "ui", "pmu-events", "scripts", "include",
	"lib", "arch", "trace", "progs", "prog_tests", "config", "common", "src", "docs",
	NULL,
};

static const char *const pool_scripts[] = {
	"kconfig", "mod", "dtc", "gdb", "coccinelle", "package", "basic", "genksyms",
	"gcc-plugins", "selinux", "atomic", "kernel-doc", "clang-tools", "dummy-tools",
	"tracing", "bpf", "livepatch", NULL,
};

static const char *const pool_docs[] = {
	"admin-guide", "filesystems", "networking", "driver-api", "core-api", "process",
	"devicetree", "translations", "userspace-api", "arch", "dev-tools", "trace",
	"security", "bpf", "sound", "gpu", "hwmon", "scsi", "virt", "power", "mm",
	"kernel-hacking", "locking", "scheduler", "block", "crypto", "input", "usb", "media",
	"netlabel", "PCI", "RCU", "leds", "timers", "watchdog", "doc-guide",
	"firmware-guide", "i2c", "iio", "infiniband", "livepatch", "maintainer",
	"misc-devices", "nvme", "rust", "spi", "staging", "target", "tools", "w1", "wmi",
	"accounting", "cdrom", "cpu-freq", "fault-injection", "fb", "fpga", "hid", "ABI",
	NULL,
};

static const char *const pool_docs_sub[] = {
	"bindings", "admin", "api", "internals", "howto", "examples", "design", "features",
	"testing", "obsolete", "stable", "testing", "removed", "devices", "guides", NULL,
};

static const char *const pool_kbuild_sub[] = {
	"core", "common", "hw", "lib", "phy", "fw", "debug", "tests", "host", "gadget",
	"bridge", "display", "codecs", "boards", "protocol", "mac", "pcie", "sdio", "spi",
	"i2c", "util", "hal", "ucode", "mgmt", "regs", "ops", "ctrl", "engine", NULL,
};

static const char *const pool_include_sub[] = {
	"linux", "asm", "uapi", "net", "sound", "media", "drm", "soc", "clk", "dt", NULL,
};

static const char *const pool_dtb[] = {
	"clock", "gpio", "interrupt-controller", "pinctrl", "power", "reset", "sound",
	"dma", "phy", "input", "net", "memory", "regulator", "thermal", "iio", NULL,
};

static const struct tmpl t_asm_only[] = {
	{ "asm", 1, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_arch_include[] = {
	{ "asm", 800, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "uapi", 200, FL_INCLUDE, 0, t_asm_only, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_arch_sub[] = {
	{ "kernel", 300, FL_KBUILD, T_FLAT, NULL, pool_kbuild_sub },
	{ "include", 250, FL_INCLUDE, 0, t_arch_include, NULL },
	{ "mm", 80, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "kvm", 80, FL_KBUILD, 0, NULL, NULL },
	{ "boot", 60, FL_KBUILD, 0, NULL, NULL },
	{ "platform", 60, FL_KBUILD, 0, NULL, NULL },
	{ "crypto", 60, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "lib", 50, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "events", 40, FL_KBUILD, 0, NULL, NULL },
	{ "pci", 30, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "net", 20, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "power", 20, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "entry", 20, FL_KBUILD, T_FLAT, NULL, NULL },
	{ "xen", 20, FL_KBUILD, T_FLAT, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_arch[] = {
	{ "x86", 300, FL_KBUILD, T_BUILT, t_arch_sub, NULL },
	{ "arm", 180, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "arm64", 150, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "powerpc", 90, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "mips", 80, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "riscv", 50, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "s390", 40, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "loongarch", 30, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "sparc", 30, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "m68k", 20, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "sh", 20, FL_KBUILD, 0, t_arch_sub, NULL },
	{ "parisc", 15, FL_KBUILD, 0, t_arch_sub, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_events[] = {
	{ "events", 1, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_uapi[] = {
	{ "linux", 700, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "asm-generic", 100, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "drm", 80, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "rdma", 50, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "sound", 40, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "misc", 30, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_include[] = {
	{ "linux", 600, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "uapi", 150, FL_INCLUDE, 0, t_uapi, NULL },
	{ "net", 80, FL_INCLUDE, 0, NULL, pool_net },
	{ "dt-bindings", 60, FL_INCLUDE, 0, NULL, pool_dtb },
	{ "asm-generic", 40, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "trace", 40, FL_INCLUDE, 0, t_events, NULL },
	{ "drm", 40, FL_INCLUDE, 0, NULL, pool_include_sub },
	{ "media", 30, FL_INCLUDE, 0, NULL, pool_include_sub },
	{ "sound", 30, FL_INCLUDE, 0, NULL, pool_include_sub },
	{ "soc", 10, FL_INCLUDE, 0, NULL, pool_include_sub },
	{ "scsi", 10, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "crypto", 10, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "video", 10, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "xen", 10, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "rdma", 10, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ "keys", 5, FL_INCLUDE, T_LEAF, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct tmpl t_top[] = {
	{ "drivers", 380, FL_KBUILD, T_BUILT, NULL, pool_drivers },
	{ "arch", 200, FL_KBUILD, 0, t_arch, NULL },
	{ "Documentation", 75, FL_DOCS, 0, NULL, pool_docs },
	{ "include", 75, FL_INCLUDE, 0, t_include, NULL },
	{ "tools", 60, FL_TOOLS, 0, NULL, pool_tools },
	{ "fs", 45, FL_KBUILD, T_BUILT | T_FLAT, NULL, pool_fs },
	{ "net", 35, FL_KBUILD, T_BUILT, NULL, pool_net },
	{ "sound", 30, FL_KBUILD, T_BUILT, NULL, pool_sound },
	{ "kernel", 15, FL_KBUILD, T_BUILT | T_FLAT, NULL, pool_kernel },
	{ "lib", 12, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "scripts", 10, FL_TOOLS, T_FLAT, NULL, pool_scripts },
	{ "security", 8, FL_KBUILD, T_BUILT, NULL, pool_security },
	{ "mm", 6, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "crypto", 5, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "block", 4, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "samples", 3, FL_KBUILD, 0, NULL, NULL },
	{ "init", 2, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "ipc", 2, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "virt", 2, FL_KBUILD, T_BUILT, NULL, NULL },
	{ "certs", 1, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ "usr", 1, FL_KBUILD, T_BUILT | T_FLAT, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* ---- the plan ---------------------------------------------------------------- */

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

static int add_dir(struct plan *p, int parent, const char *name, unsigned char fl, bool built)
{
	struct tdir *d;

	if (p->nd == p->capd) {
		p->capd = p->capd ? 2 * p->capd : 256;
		p->d = fsb_xrealloc(p->d, p->capd * sizeof(*p->d));
	}
	d = &p->d[p->nd];
	memset(d, 0, sizeof(*d));
	if (parent < 0) {
		d->path = fsb_xstrdup("");
		d->depth = 0;
	} else {
		d->path = *p->d[parent].path ? fsb_xasprintf("%s/%s", p->d[parent].path, name)
					     : fsb_xstrdup(name);
		d->depth = p->d[parent].depth + 1;
		ivec_add(&p->d[parent].kids, (int)p->nd);
	}
	d->base = strrchr(d->path, '/') ? strrchr(d->path, '/') + 1 : d->path;
	d->parent = parent;
	d->fl = fl;
	d->built = built;
	d->makefile = d->kconfig = d->local_hdr = -1;
	hset_add(&p->paths, fnv1a(d->path));
	return (int)p->nd++;
}

static int find_kid(const struct plan *p, int di, const char *name)
{
	for (size_t i = 0; i < p->d[di].kids.n; i++)
		if (strcmp(p->d[p->d[di].kids.v[i]].base, name) == 0)
			return p->d[di].kids.v[i];
	return -1;
}

static bool path_taken(const struct plan *p, int di, const char *name)
{
	char *path = *p->d[di].path ? fsb_xasprintf("%s/%s", p->d[di].path, name)
				    : fsb_xstrdup(name);
	bool taken = hset_has(&p->paths, fnv1a(path));

	free(path);
	return taken;
}

/* A C identifier from a file name, unique in the tree.  Function names are
 * <prefix>_<verb>_<noun> with one-word verbs and nouns, so unique prefixes
 * make every generated symbol unique. */
static char *make_prefix(struct plan *p, const char *base)
{
	char buf[64];
	size_t n = 0;
	char *s;

	if (*base >= '0' && *base <= '9')
		buf[n++] = 'x';
	for (; *base && *base != '.' && n < 40; base++)
		buf[n++] = ((*base >= 'a' && *base <= 'z') || (*base >= '0' && *base <= '9')) ? *base
			 : (*base >= 'A' && *base <= 'Z') ? (char)(*base - 'A' + 'a') : '_';
	buf[n] = '\0';
	s = fsb_xstrdup(buf);
	for (int i = 2; !hset_add(&p->prefixes, fnv1a(s)); i++) {
		free(s);
		s = fsb_xasprintf("%s%d", buf, i);
	}
	return s;
}

static unsigned long sample_size(struct plan *p, unsigned char kind)
{
	struct fsb_rng *r = &p->r;

	switch (kind) {
	case K_C:
		return rng_lognormal(r, 6144, 900, 2048, 256 << 10);
	case K_H:
		return rng_lognormal(r, 2600, 900, 1280, 128 << 10);
	case K_RST:
		return rng_lognormal(r, 6144, 1000, 512, 512 << 10);
	case K_TXT:
		return rng_lognormal(r, 4096, 1000, 400, 256 << 10);
	case K_SCRIPT:
		return rng_lognormal(r, 3072, 800, 400, 64 << 10);
	case K_MAKETEXT:
		return rng_lognormal(r, 1536, 700, 300, 32 << 10);
	case K_README:
		return rng_lognormal(r, 1200, 300, 500, 4000);
	case K_COPYING:
		return rng_lognormal(r, 2500, 200, 1000, 8000);
	case K_CREDITS:
		return 2048 + (unsigned long)p->files * 3 / 2;
	case K_MAINTAINERS:
		return 4096 + (unsigned long)p->files * 10;
	}
	return 0;
}

static int add_file(struct plan *p, int di, unsigned char kind, const char *name)
{
	struct tfile *f;
	int fi = (int)p->nf;

	if (p->nf == p->capf) {
		p->capf = p->capf ? 2 * p->capf : 1024;
		p->f = fsb_xrealloc(p->f, p->capf * sizeof(*p->f));
	}
	f = &p->f[p->nf++];
	memset(f, 0, sizeof(*f));
	f->path = *p->d[di].path ? fsb_xasprintf("%s/%s", p->d[di].path, name) : fsb_xstrdup(name);
	f->base = strrchr(f->path, '/') ? strrchr(f->path, '/') + 1 : f->path;
	f->dir = di;
	f->kind = kind;
	f->lidx = -1;
	f->size = kind < K_DERIVED ? sample_size(p, kind) : 0;
	if (kind == K_C || kind == K_H)
		f->prefix = make_prefix(p, f->base);
	hset_add(&p->paths, fnv1a(f->path));
	ivec_add(&p->d[di].files, fi);
	if (kind == K_KMAKEFILE)
		p->d[di].makefile = fi;
	else if (kind == K_KCONFIG)
		p->d[di].kconfig = fi;
	return fi;
}

/* A device-ish directory name: "tenvo", "rtl8192", "mt76x". */
static void device_name(struct fsb_rng *r, char *buf, size_t len)
{
	switch (fsb_rng_below(r, 4)) {
	case 0:
		snprintf(buf, len, "%s%s", PICK(r, syllables), PICK(r, syllables));
		break;
	case 1:
		snprintf(buf, len, "%s%s%s", PICK(r, syllables), PICK(r, syllables), PICK(r, syllables));
		break;
	case 2:
		snprintf(buf, len, "%s%s%ld", PICK(r, syllables), PICK(r, syllables), fsb_rng_range(r, 10, 9999));
		break;
	default:
		snprintf(buf, len, "%s%ld%c", PICK(r, syllables), fsb_rng_range(r, 2, 999), (char)('a' + fsb_rng_below(r, 26)));
		break;
	}
}

static void child_name(struct plan *p, int di, const char *const *pool, char *buf, size_t len)
{
	struct fsb_rng *r = &p->r;
	const struct tdir *d = &p->d[di];

	for (int tries = 0; ; tries++) {
		if (pool && tries < 6)
			snprintf(buf, len, "%s", pick(r, pool));
		else if (d->fl == FL_DOCS)
			snprintf(buf, len, "%s-%s", PICK(r, pool_docs_sub), PICK(r, nouns));
		else if (d->fl == FL_TOOLS)
			snprintf(buf, len, "%s", tries < 10 ? PICK(r, pool_tools_sub) : PICK(r, nouns));
		else if (d->fl == FL_INCLUDE)
			snprintf(buf, len, "%s", PICK(r, nouns));
		else if (fsb_rng_chance(r, 350) && tries < 10)
			snprintf(buf, len, "%s", PICK(r, pool_kbuild_sub));
		else
			device_name(r, buf, len);
		if (tries > 20)
			snprintf(buf + strlen(buf), len - strlen(buf), "%d", tries);
		if (!path_taken(p, di, buf))
			return;
	}
}

static void file_name(struct plan *p, int di, unsigned char kind, char *buf, size_t len)
{
	static const char *const script_ext[] = { ".sh", ".sh", ".py", ".pl", NULL };
	static const char *const doc_topics[] = {
		"overview", "howto", "design", "usage", "api", "internals", "intro", "faq",
		"testing", "tuning", "debugging", "changes", "features", "porting", NULL,
	};
	struct fsb_rng *r = &p->r;
	const char *dirbase = p->d[di].base;
	const char *ext = kind == K_C ? ".c" : kind == K_H ? ".h" : kind == K_RST ? ".rst"
			: kind == K_TXT ? ".txt" : PICK(r, script_ext);

	for (int tries = 0; ; tries++) {
		unsigned style = fsb_rng_below(r, 100);

		if (kind == K_RST || kind == K_TXT)
			snprintf(buf, len, style < 50 ? "%s%s" : "%s-%s", pick(r, style < 50 ? nouns : doc_topics),
				 style < 50 ? "" : PICK(r, nouns));
		else if (kind == K_SCRIPT)
			snprintf(buf, len, "%s-%s", PICK(r, verbs), PICK(r, nouns));
		else if (style < 40 || !*dirbase)
			snprintf(buf, len, "%s", PICK(r, nouns));
		else if (style < 65)
			snprintf(buf, len, "%s_%s", PICK(r, nouns), PICK(r, verbs));
		else if (style < 85)
			snprintf(buf, len, "%s_%s", dirbase, PICK(r, nouns));
		else
			snprintf(buf, len, "%s-%s", dirbase, PICK(r, nouns));
		if (tries > 12)
			snprintf(buf + strlen(buf), len - strlen(buf), "%d", tries);
		snprintf(buf + strlen(buf), len - strlen(buf), "%s", ext);
		if (!path_taken(p, di, buf))
			return;
	}
}

static int add_named(struct plan *p, int di, unsigned char kind)
{
	char name[96];

	file_name(p, di, kind, name, sizeof(name));
	return add_file(p, di, kind, name);
}

/* The header every unit in the directory includes: it declares their entry
 * points, so its planned size must make room for one prototype per unit. */
static void size_local_header(struct plan *p, int di)
{
	const struct tdir *d = &p->d[di];
	unsigned long need = 1400;

	if (d->local_hdr < 0)
		return;
	for (size_t i = 0; i < d->files.n; i++) {
		const struct tfile *f = &p->f[d->files.v[i]];

		if (f->kind == K_C && f->prefix)
			need += strlen(f->prefix) + 32;
	}
	if (p->f[d->local_hdr].size < need)
		p->f[d->local_hdr].size = need;
}

/* A kbuild directory's n files as nc sources, nh headers and nx others,
 * with the Makefile, Kconfig and shared header a directory of sources has. */
static void kbuild_mix(struct plan *p, int di, long n, long *pc, long *ph, long *px)
{
	struct fsb_rng *r = &p->r;
	struct tdir *d = &p->d[di];
	long nc = 0, nh = 0, nx = 0;

	for (long i = 0; i < n; i++) {
		unsigned x = fsb_rng_below(r, 1000);

		if (x < 640)
			nc++;
		else if (x < 970)
			nh++;
		else
			nx++;
	}
	/* a directory with sources has a Makefile and a Kconfig that
	 * list them, and a header they share; one without has neither */
	if (d->makefile < 0 && (nc == 0 || n < 4)) {
		nh += nc;
		nc = 0;
	} else if (d->makefile < 0) {
		for (int i = 0; i < 2; i++) {
			if (nx)
				nx--;
			else if (nh)
				nh--;
			else
				nc--;
		}
		add_file(p, di, K_KMAKEFILE, "Makefile");
		add_file(p, di, K_KCONFIG, "Kconfig");
	}
	if (nc > 0 && p->d[di].local_hdr < 0) {
		char *name = fsb_xasprintf("%s.h", *p->d[di].base ? p->d[di].base : "local");

		if (nh)
			nh--;
		else if (nx)
			nx--;
		else if (nc >= 2)
			nc--;
		else {
			nc = 0;
			nh = 0;
		}
		if (nc > 0) {
			if (path_taken(p, di, name)) {
				free(name);
				name = fsb_xasprintf("%s_priv.h", p->d[di].base);
			}
			if (path_taken(p, di, name)) {
				free(name);
				add_named(p, di, K_H);
			} else {
				add_file(p, di, K_H, name);
				free(name);
			}
			p->d[di].local_hdr = (int)p->nf - 1;
		} else {
			nh = 1;
			free(name);
		}
	}
	*pc = nc;
	*ph = nh;
	*px = nx;
}

/* nc sources, nh headers and nx others into directory di, the kinds
 * interleaved as a real directory listing would have them */
static void interleave(struct plan *p, int di, long nc, long nh, long nx)
{
	struct fsb_rng *r = &p->r;
	struct tdir *d = &p->d[di];

	while (nc + nh + nx > 0) {
		long x = (long)fsb_rng_below(r, (unsigned)(nc + nh + nx));
		unsigned char kind;

		if (x < nc) {
			kind = K_C;
			nc--;
		} else if (x < nc + nh) {
			kind = K_H;
			nh--;
		} else {
			unsigned y = fsb_rng_below(r, 100);

			nx--;
			if (d->fl == FL_DOCS)
				kind = y < 78 ? K_RST : y < 98 ? K_TXT : K_SCRIPT;
			else if (d->fl == FL_TOOLS)
				kind = y < 60 ? K_SCRIPT : y < 80 ? K_TXT : K_RST;
			else
				kind = y < 50 ? K_TXT : K_RST;
		}
		add_named(p, di, kind);
		if (kind == K_H && strcmp(d->path, "include/linux") == 0) {
			p->f[p->nf - 1].lidx = (int)p->linux_hdrs.n;
			ivec_add(&p->linux_hdrs, (int)p->nf - 1);
		}
	}
}

static void place_local(struct plan *p, int di, long n)
{
	struct fsb_rng *r = &p->r;
	struct tdir *d = &p->d[di];
	long nc = 0, nh = 0, nx = 0;

	if (n <= 0)
		return;
	switch (d->fl) {
	case FL_KBUILD:
		kbuild_mix(p, di, n, &nc, &nh, &nx);
		break;
	case FL_INCLUDE:
		nh = n;
		break;
	case FL_DOCS:
		if (!path_taken(p, di, "index.rst")) {
			add_file(p, di, K_RST, "index.rst");
			n--;
		}
		nx = n;
		break;
	case FL_TOOLS:
		if (n >= 3 && !path_taken(p, di, "Makefile")) {
			add_file(p, di, K_MAKETEXT, "Makefile");
			n--;
		}
		for (long i = 0; i < n; i++) {
			unsigned x = fsb_rng_below(r, 1000);

			if (x < 450)
				nc++;
			else if (x < 700)
				nh++;
			else
				nx++;
		}
		break;
	}
	interleave(p, di, nc, nh, nx);
	size_local_header(p, di);
}

/*
 * Split total into k parts: min each (when there is enough), the rest in
 * proportion to w[], the remainder to the largest fractions, lowest index
 * first on ties.  Exact and deterministic.
 */
static void partition(long total, const unsigned long *w, size_t k, long min, long *out)
{
	unsigned long long sum = 0, *rem = fsb_xcalloc(k, sizeof(*rem));
	long left, given = 0;

	if (min * (long)k > total)
		min = total / (long)k;
	left = total - min * (long)k;
	for (size_t i = 0; i < k; i++)
		sum += w[i];
	for (size_t i = 0; i < k; i++) {
		unsigned long long share = (unsigned long long)left * w[i];

		out[i] = min + (long)(share / sum);
		rem[i] = share % sum + 1;
		given += out[i] - min;
	}
	for (long d = left - given; d > 0; d--) {
		size_t best = 0;

		for (size_t i = 1; i < k; i++)
			if (rem[i] > rem[best])
				best = i;
		out[best]++;
		rem[best] = 0;
	}
	free(rem);
}

static void grow(struct plan *p, int di, long quota, const struct tmpl *sub,
		 const char *const *pool, unsigned flags);

static void grow_children(struct plan *p, int di, long rest, long *local,
			  const struct tmpl *sub, const char *const *pool)
{
	struct fsb_rng *r = &p->r;
	size_t k = 0;
	unsigned long *w;
	long *q;
	char (*names)[64];

	if (sub) {
		while (sub[k].name)
			k++;
		/* few files: only the first (heaviest) children, not a dust of
		 * one-file directories */
		if (rest < 4 * (long)k)
			k = rest / 4 > 0 ? (size_t)(rest / 4) : 1;
	} else {
		k = (size_t)(rest / fsb_rng_range(r, 25, 70));
		k = k < 2 ? 2 : k > 40 ? 40 : k;
	}
	w = fsb_xcalloc(k, sizeof(*w));
	q = fsb_xcalloc(k, sizeof(*q));
	names = fsb_xcalloc(k, sizeof(*names));
	for (size_t i = 0; i < k; i++)
		w[i] = sub ? sub[i].weight : rng_lognormal(r, 100, 1000, 10, 2000);
	partition(rest, w, k, sub ? 0 : 3, q);
	place_local(p, di, *local);
	*local = 0;
	for (size_t i = 0; i < k; i++) {
		const struct tdir *d = &p->d[di];
		unsigned char fl = sub ? sub[i].fl : d->fl;
		unsigned fflags = sub ? sub[i].flags : 0;
		bool built = d->built || (fflags & T_BUILT);
		int ci;

		if (q[i] <= 0)
			continue;
		if (sub)
			snprintf(names[i], sizeof(names[i]), "%s", sub[i].name);
		else
			child_name(p, di, pool, names[i], sizeof(names[i]));
		ci = find_kid(p, di, names[i]);
		if (ci < 0)
			ci = add_dir(p, di, names[i], fl, built);
		grow(p, ci, q[i], sub ? sub[i].sub : NULL, sub ? sub[i].pool : NULL, fflags);
	}
	free(names);
	free(q);
	free(w);
}

static void grow(struct plan *p, int di, long quota, const struct tmpl *sub,
		 const char *const *pool, unsigned flags)
{
	struct fsb_rng *r = &p->r;
	long leafcap = fsb_rng_range(r, 10, 45), local, cap;

	if (quota <= 0)
		return;
	if ((flags & T_LEAF) || p->d[di].depth >= MAX_DEPTH || (!sub && quota <= leafcap)) {
		place_local(p, di, quota);
		return;
	}
	if (flags & T_FLAT) {
		local = fsb_rng_range(r, quota / 6, quota / 3);
		cap = fsb_rng_range(r, 30, 80);
	} else {
		local = fsb_rng_range(r, 0, quota / 8);
		cap = 6;
	}
	if (local > cap)
		local = cap;
	if (p->d[di].fl == FL_KBUILD && local == 1)
		local = 2;
	if (quota - local < 3)
		local = quota;
	grow_children(p, di, quota - local, &local, sub, pool);
	place_local(p, di, local);
}

static void plan_free(struct plan *p)
{
	for (size_t i = 0; i < p->nd; i++) {
		free(p->d[i].path);
		free(p->d[i].kids.v);
		free(p->d[i].files.v);
	}
	for (size_t i = 0; i < p->nf; i++) {
		free(p->f[i].path);
		free(p->f[i].prefix);
	}
	free(p->d);
	free(p->f);
	free(p->linux_hdrs.v);
	hset_free(&p->paths);
	hset_free(&p->prefixes);
	memset(p, 0, sizeof(*p));
}

/* Returns how many .c files the defconfig could build (the candidates). */
static long plan_build(struct plan *p, unsigned long seed, long files, long units)
{
	static const char *const reserved[] = { "types", "compiler", "main", NULL };
	struct fsb_rng sel;
	int top, init, inc, lnx, arch, x86, cfg;
	size_t k = 0, fixed;
	unsigned long *w;
	long *q, ncand = 0, need = units;
	bool any = false;

	memset(p, 0, sizeof(*p));
	p->seed = seed;
	p->files = files;
	p->r = rng_for(seed, "plan");
	for (size_t i = 0; reserved[i]; i++)
		hset_add(&p->prefixes, fnv1a(reserved[i]));

	/* the fixed skeleton the build needs whatever the size */
	top = add_dir(p, -1, "", FL_KBUILD, true);
	add_file(p, top, K_TOPMAKE, "Makefile");
	add_file(p, top, K_TOPKCONFIG, "Kconfig");
	add_file(p, top, K_README, "README");
	add_file(p, top, K_COPYING, "COPYING");
	add_file(p, top, K_CREDITS, "CREDITS");
	add_file(p, top, K_MAINTAINERS, "MAINTAINERS");
	init = add_dir(p, top, "init", FL_KBUILD, true);
	add_file(p, init, K_KMAKEFILE, "Makefile");
	add_file(p, init, K_KCONFIG, "Kconfig");
	add_file(p, init, K_MAINC, "main.c");
	inc = add_dir(p, top, "include", FL_INCLUDE, false);
	lnx = add_dir(p, inc, "linux", FL_INCLUDE, false);
	add_file(p, lnx, K_TYPESH, "types.h");
	add_file(p, lnx, K_COMPILERH, "compiler.h");
	arch = add_dir(p, top, "arch", FL_KBUILD, false);
	x86 = add_dir(p, arch, "x86", FL_KBUILD, true);
	cfg = add_dir(p, x86, "configs", FL_KBUILD, true);
	add_file(p, cfg, K_DEFCONFIG, "x86_64_defconfig");
	fixed = p->nf;

	while (t_top[k].name)
		k++;
	w = fsb_xcalloc(k, sizeof(*w));
	q = fsb_xcalloc(k, sizeof(*q));
	for (size_t i = 0; i < k; i++)
		w[i] = t_top[i].weight;
	partition(files - (long)fixed, w, k, 0, q);
	for (size_t i = 0; i < k; i++) {
		int di = find_kid(p, top, t_top[i].name);

		if (q[i] <= 0)
			continue;
		if (di < 0)
			di = add_dir(p, top, t_top[i].name, t_top[i].fl, t_top[i].flags & T_BUILT);
		grow(p, di, q[i], t_top[i].sub, t_top[i].pool, t_top[i].flags);
	}
	free(q);
	free(w);

	for (size_t i = 0; i < p->nf; i++) {
		struct tfile *f = &p->f[i];

		f->candidate = f->kind == K_C && p->d[f->dir].built && p->d[f->dir].makefile >= 0;
		ncand += f->candidate;
	}
	/* the defconfig: a fixed share of the buildable units, or exactly
	 * `units` of them, each candidate with the chance need / left
	 * (selection sampling: every subset of that size equally likely) */
	sel = rng_for(seed, "defconfig");
	for (size_t i = 0, left = (size_t)ncand; i < p->nf; i++) {
		struct tfile *f = &p->f[i];

		if (!f->candidate)
			continue;
		if (units > 0) {
			f->compiled = need > 0 && (long)fsb_rng_below(&sel, (unsigned)left) < need;
			need -= f->compiled;
			left--;
		} else
			f->compiled = fsb_rng_chance(&sel, COMPILE_PERMILLE);
		any |= f->compiled;
	}
	for (size_t i = 0; i < p->nf && !any; i++)
		if (p->f[i].candidate)
			any = p->f[i].compiled = true;
	return ncand;
}

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
		const char *v = PICK(&g->r, verbs), *n = PICK(&g->r, nouns);

		if (tries < 8)
			snprintf(out, len, "%s_%s_%s", g->f->prefix, v, n);
		else
			snprintf(out, len, "%s_%s_%s%d", g->f->prefix, v, n, tries);
		if (hset_add(&g->ids, fnv1a(out)))
			return;
	}
}

/* A noun not used yet as <prefix>_<noun> (struct tags) or upper-case words. */
static void fresh_noun(struct cgen *g, char *out, size_t len)
{
	for (int tries = 0; ; tries++) {
		char key[96];

		if (tries < 8)
			snprintf(out, len, "%s", PICK(&g->r, nouns));
		else
			snprintf(out, len, "%s%d", PICK(&g->r, nouns), tries);
		snprintf(key, sizeof(key), "tag:%s", out);
		if (hset_add(&g->ids, fnv1a(key)))
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
	hset_free(&g.ids);
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
	hset_add(&g.ids, fnv1a("tag:desc"));

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
	hset_free(&g.ids);
}

/* ---- text generators --------------------------------------------------------------- */

/* out = head + exact prose filler + body: the filler takes what is left. */
static void assemble(struct fsb_rng *r, struct fsb_buf *out, unsigned long size, const struct fsb_buf *head,
		     const struct fsb_buf *body, const char *pfx, const char *sep, size_t width)
{
	buf_cat(out, head);
	if (size > head->len + body->len)
		fill_lines(r, out, size - head->len - body->len, pfx, sep, width);
	buf_cat(out, body);
}

static void underline(struct fsb_buf *b, size_t n, char c)
{
	for (size_t i = 0; i < n; i++)
		fsb_buf_addn(b, &c, 1);
	fsb_buf_add(b, "\n");
}

static void gen_doc(const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	struct fsb_buf h = { 0 }, b = { 0 }, sec = { 0 }, title = { 0 };
	bool rst = f->kind == K_RST;
	int fails = 0;

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
				fsb_buf_addf(&sec, "\t%s %s=%ld\n", PICK(r, verbs), PICK(r, nouns), fsb_rng_range(r, 0, 4096));
		}
		if (fsb_rng_chance(r, 300)) {
			fsb_buf_add(&sec, "\n");
			for (long i = fsb_rng_range(r, 2, 6); i > 0; i--) {
				fsb_buf_add(&sec, "- ");
				title_words(r, &sec, 3, 9);
				fsb_buf_add(&sec, "\n");
			}
		}
		if (h.len + b.len + sec.len > f->size) {
			fails++;
			continue;
		}
		buf_cat(&b, &sec);
	}
	assemble(r, out, f->size, &h, &b, "", "\n", 76);
	fsb_buf_free(&h);
	fsb_buf_free(&b);
	fsb_buf_free(&sec);
	fsb_buf_free(&title);
}

static void gen_script(const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	const char *ext = strrchr(f->base, '.');
	struct fsb_buf h = { 0 }, b = { 0 }, blk = { 0 };
	int fails = 0;
	bool sh = strcmp(ext, ".sh") == 0, py = strcmp(ext, ".py") == 0;

	fsb_buf_addf(&h, "%s\n# SPDX-License-Identifier: %s\n#\n# %s: ",
		     sh ? "#!/bin/sh" : py ? "#!/usr/bin/env python3" : "#!/usr/bin/env perl",
		     PICK(r, spdx_ids), f->base);
	title_words(r, &h, 3, 7);
	fsb_buf_add(&h, "\n#\n");
	fsb_buf_add(&b, sh ? "\nset -e\n" : py ? "\nimport os\nimport sys\n" : "\nuse strict;\nuse warnings;\n");
	while (fails < 3) {
		const char *v = PICK(r, verbs), *n = PICK(r, nouns);

		buf_reset(&blk);
		if (sh)
			fsb_buf_addf(&blk, "\n%s_%s() {\n\tlocal %s=\"$1\"\n\n\tfor f in \"$@\"; do\n"
				     "\t\tcase \"$f\" in\n\t\t*.%s) echo \"%s: $f\" ;;\n\t\t*) : ;;\n"
				     "\t\tesac\n\tdone\n\treturn %ld\n}\n",
				     v, n, n, PICK(r, nouns), v, fsb_rng_range(r, 0, 1));
		else if (py)
			fsb_buf_addf(&blk, "\n\ndef %s_%s(%s, limit=%ld):\n    count = 0\n"
				     "    for item in %s:\n        if item.startswith(\"%s\"):\n"
				     "            count += 1\n        if count > limit:\n"
				     "            break\n    return count\n",
				     v, n, n, fsb_rng_range(r, 1, 512), n, PICK(r, nouns));
		else
			fsb_buf_addf(&blk, "\nsub %s_%s {\n\tmy ($%s) = @_;\n\tmy $count = 0;\n"
				     "\tforeach my $line (split /\\n/, $%s) {\n"
				     "\t\t$count++ if $line =~ /%s/;\n\t}\n\treturn $count;\n}\n",
				     v, n, n, n, PICK(r, nouns));
		if (h.len + b.len + blk.len > f->size) {
			fails++;
			continue;
		}
		buf_cat(&b, &blk);
	}
	assemble(r, out, f->size, &h, &b, "# ", "#\n", 76);
	fsb_buf_free(&h);
	fsb_buf_free(&b);
	fsb_buf_free(&blk);
}

static void gen_maketext(const struct tfile *f, struct fsb_rng *r, struct fsb_buf *out)
{
	struct fsb_buf h = { 0 }, b = { 0 }, blk = { 0 };
	int fails = 0;

	fsb_buf_addf(&h, "# SPDX-License-Identifier: %s\n# ", PICK(r, spdx_ids));
	title_words(r, &h, 3, 7);
	fsb_buf_add(&h, "\n#\n");
	fsb_buf_add(&b, "\nCFLAGS ?= -O2 -g\nCFLAGS += -Wall -Wextra -I../include\n");
	while (fails < 3) {
		const char *n = PICK(r, nouns);

		buf_reset(&blk);
		fsb_buf_addf(&blk, "\n%s: %s.o %s_%s.o\n\t$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)\n",
			     n, n, n, PICK(r, verbs));
		if (h.len + b.len + blk.len > f->size) {
			fails++;
			continue;
		}
		buf_cat(&b, &blk);
	}
	assemble(r, out, f->size, &h, &b, "# ", "#\n", 76);
	fsb_buf_free(&h);
	fsb_buf_free(&b);
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
		if (h.len + b.len + blk.len > f->size) {
			fails++;
			continue;
		}
		buf_cat(&b, &blk);
	}
	assemble(r, out, f->size, &h, &b, pfx, "\n", 72);
	fsb_buf_free(&h);
	fsb_buf_free(&b);
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

static void gen_topkconfig(const struct plan *p, struct fsb_buf *out)
{
	const struct tdir *top = &p->d[0];

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

static void gen_topmake(const struct plan *p, struct fsb_buf *out)
{
	fsb_buf_add(out, top_makefile_head);
	fsb_buf_add(out, "# every directory whose Makefile lists built-in objects\nkbuild-dirs := \\\n");
	for (size_t i = 0; i < p->nd; i++)
		if (p->d[i].built && p->d[i].makefile >= 0 && p->d[i].depth > 0)
			fsb_buf_addf(out, "\t%s \\\n", p->d[i].path);
	fsb_buf_add(out, "\n");
	fsb_buf_add(out, top_makefile_tail);
}

static void gen_mainc(const struct plan *p, struct fsb_buf *out)
{
	char sym[80];

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

static void gen_defconfig(const struct plan *p, struct fsb_buf *out)
{
	char sym[80];

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

/* Render file fi of the plan into out (which is reset first). */
static void render(const struct plan *p, size_t fi, struct fsb_buf *out)
{
	const struct tfile *f = &p->f[fi];
	struct fsb_rng r = rng_for(p->seed, f->path);

	buf_reset(out);
	fsb_buf_add(out, "");
	switch (f->kind) {
	case K_C:
		gen_unit(p, f, &r, out);
		break;
	case K_H:
		gen_header(p, f, &r, out);
		break;
	case K_RST:
	case K_TXT:
		gen_doc(f, &r, out);
		break;
	case K_SCRIPT:
		gen_script(f, &r, out);
		break;
	case K_MAKETEXT:
		gen_maketext(f, &r, out);
		break;
	case K_README:
	case K_COPYING:
	case K_CREDITS:
	case K_MAINTAINERS:
		gen_toptext(p, f, &r, out);
		break;
	case K_KMAKEFILE:
		gen_kmakefile(p, f, &r, out);
		break;
	case K_KCONFIG:
		gen_kconfig(p, f, &r, out);
		break;
	case K_TOPMAKE:
		gen_topmake(p, out);
		break;
	case K_TOPKCONFIG:
		gen_topkconfig(p, out);
		break;
	case K_MAINC:
		gen_mainc(p, out);
		break;
	case K_DEFCONFIG:
		gen_defconfig(p, out);
		break;
	case K_TYPESH:
		fsb_buf_add(out, types_h);
		break;
	case K_COMPILERH:
		fsb_buf_add(out, compiler_h);
		break;
	}
}

/* ---- public ---------------------------------------------------------------------------- */

static int check_spec(const struct fsb_tree_spec *spec, bool need_name, struct fsb_err *err)
{
	if (!spec)
		return fsb_err_set(err, -EINVAL, "no tree specification given");
	if (spec->files < FSB_TREEGEN_MIN_FILES || spec->files > FSB_TREEGEN_MAX_FILES)
		return fsb_err_set(err, -EINVAL, "a generated tree needs %ld to %ld files, not %ld",
				   FSB_TREEGEN_MIN_FILES, FSB_TREEGEN_MAX_FILES, spec->files);
	if (spec->units < 0 || spec->units > spec->files)
		return fsb_err_set(err, -EINVAL, "a generated tree of %ld files cannot build %ld units",
				   spec->files, spec->units);
	if (need_name && (!spec->name || !*spec->name || strchr(spec->name, '/') ||
			  strcmp(spec->name, ".") == 0 || strcmp(spec->name, "..") == 0 ||
			  strlen(spec->name) > 255))
		return fsb_err_set(err, -EINVAL, "bad tree directory name \"%s\": it must be one path component",
				   spec->name ? spec->name : "(null)");
	return 0;
}

/* The plan of spec, or -EINVAL when it asks for more units than the tree
 * has candidates (p is then freed). */
static int plan_spec(struct plan *p, const struct fsb_tree_spec *spec, struct fsb_err *err)
{
	long ncand = plan_build(p, spec->seed, spec->files, spec->units);

	if (spec->units <= ncand)
		return 0;
	plan_free(p);
	return fsb_err_set(err, -EINVAL, "a generated tree of %ld files has %ld units make can build, "
			   "fewer than the %ld asked for", spec->files, ncand, spec->units);
}

int fsb_treegen_stats(const struct fsb_tree_spec *spec, struct fsb_tree_info *out)
{
	struct plan p;
	struct fsb_buf b = { 0 };
	int rc;

	memset(out, 0, sizeof(*out));
	rc = check_spec(spec, false, NULL);
	if (rc)
		return rc;
	rc = plan_spec(&p, spec, NULL);
	if (rc)
		return rc;
	out->files = (long)p.nf;
	out->dirs = (long)p.nd;
	for (size_t i = 0; i < p.nd; i++)
		if (p.d[i].depth > out->max_depth)
			out->max_depth = p.d[i].depth;
	for (size_t i = 0; i < p.nf; i++) {
		const struct tfile *f = &p.f[i];
		unsigned long size = f->size;

		if (f->kind >= K_DERIVED) {
			render(&p, i, &b);
			size = b.len;
		}
		out->bytes += size;
		if (f->compiled || f->kind == K_MAINC) {
			out->units++;
			out->unit_bytes += size;
		}
		if (f->kind == K_C || f->kind == K_MAINC)
			out->c_files++;
		else if (f->kind == K_H || f->kind == K_TYPESH || f->kind == K_COMPILERH)
			out->h_files++;
		else
			out->other_files++;
	}
	fsb_buf_free(&b);
	plan_free(&p);
	return 0;
}

static int write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

int fsb_treegen_write(const char *parent, const struct fsb_tree_spec *spec, struct fsb_err *err)
{
	struct plan p = { 0 };
	struct fsb_buf b = { 0 };
	char *top = NULL;
	int topfd = -1, rc;
	bool made = false;

	rc = check_spec(spec, true, err);
	if (rc)
		return rc;
	top = fsb_xasprintf("%s/%s", parent, spec->name);
	if (mkdir(top, 0755)) {
		rc = -errno;
		fsb_err_set(err, rc, rc == -EEXIST ? "cannot generate the source tree in %s: it exists already"
			    : "cannot create %s: %s", top, strerror(-rc));
		goto out;
	}
	made = true;
	topfd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (topfd < 0 || fchmod(topfd, 0755)) {
		rc = -errno;
		fsb_err_set(err, rc, "cannot open %s: %s", top, strerror(-rc));
		goto out;
	}
	rc = plan_spec(&p, spec, err);
	if (rc)
		goto out;
	/* exact modes, whatever the umask: the tree must be the same everywhere */
	for (size_t i = 1; i < p.nd; i++) {
		if (mkdirat(topfd, p.d[i].path, 0755) || fchmodat(topfd, p.d[i].path, 0755, 0)) {
			rc = -errno;
			fsb_err_set(err, rc, "cannot create %s/%s: %s", top, p.d[i].path, strerror(-rc));
			goto out;
		}
	}
	for (size_t i = 0; i < p.nf; i++) {
		const struct tfile *f = &p.f[i];
		mode_t mode = f->kind == K_SCRIPT ? 0755 : 0644;
		int fd;

		render(&p, i, &b);
		if (f->kind < K_DERIVED && b.len != f->size) {
			rc = -EIO;
			fsb_err_set(err, rc, "internal error: generated %zu bytes for %s, planned %lu",
				    b.len, f->path, f->size);
			goto out;
		}
		fd = openat(topfd, f->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
		if (fd < 0) {
			rc = -errno;
			fsb_err_set(err, rc, "cannot create %s/%s: %s", top, f->path, strerror(-rc));
			goto out;
		}
		rc = fchmod(fd, mode) ? -errno : 0;
		if (!rc)
			rc = write_all(fd, b.s, b.len);
		if (close(fd) && !rc)
			rc = -errno;
		if (rc) {
			fsb_err_set(err, rc, "cannot write %s/%s: %s", top, f->path, strerror(-rc));
			goto out;
		}
		if (spec->progress && ((i + 1) % 64 == 0 || i + 1 == p.nf) &&
		    spec->progress(spec->progress_arg, (long)i + 1, (long)p.nf)) {
			rc = fsb_err_set(err, -ECANCELED, "generating %s: cancelled", top);
			goto out;
		}
	}
	rc = 0;
out:
	if (topfd >= 0)
		close(topfd);
	if (rc && made)
		fsb_rm_rf(top);
	fsb_buf_free(&b);
	plan_free(&p);
	free(top);
	return rc;
}
