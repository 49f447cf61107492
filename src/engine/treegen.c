/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * treegen.c — the generated kernel-like source tree: its plan, and the
 * public calls that measure and write it.
 *
 * Two stages.  plan_build() decides, from the seed alone, every directory,
 * every file name, kind and size, and which units the defconfig builds.
 * tg_render() (treegen_text.c) then produces one file's bytes from the plan
 * and a per-file PRNG seeded by the path, so files never depend on the
 * order they are written in.  Sampled files (sources, headers, docs) are
 * generated to exactly their planned size — the generator emits the
 * structure that fits and fills the rest with a comment or prose of the
 * exact remaining length — which is what lets fsb_treegen_stats() report
 * the bytes without rendering them.  Only the derived files (Makefiles,
 * Kconfig, init/main.c, the defconfig), whose content is a listing of the
 * plan, are rendered to be measured.
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

#include "engine/treegen.h"
#include "engine/treegen_int.h"
#include "sys/rng.h"
#include "sys/util.h"

#define MAX_DEPTH 6
/* Share of the candidate .c files that the defconfig builds: tuned so that
 * a 400-file tree takes ~10 s of CPU to build with -O2 (see the commit). */
#define COMPILE_PERMILLE 450

/* ---- sizes: log-normal, in integers ------------------------------------- */

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

bool tg_hset_add(struct hset *s, uint64_t h)
{
	size_t i;

	h |= 1;  /* 0 marks an empty slot */
	if (2 * (s->n + 1) > s->cap) {
		struct hset big = { fsb_xcalloc(s->cap ? 2 * s->cap : 64, sizeof(uint64_t)), 0,
				    s->cap ? 2 * s->cap : 64 };

		for (i = 0; i < s->cap; i++)
			if (s->v[i])
				tg_hset_add(&big, s->v[i]);
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

void tg_hset_free(struct hset *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void ivec_add(struct ivec *iv, int x)
{
	if (iv->n == iv->cap) {
		iv->cap = iv->cap ? 2 * iv->cap : 8;
		iv->v = fsb_xrealloc(iv->v, iv->cap * sizeof(int));
	}
	iv->v[iv->n++] = x;
}

/* ---- words ------------------------------------------------------------------ */

const char *const tg_verbs[] = {
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

const char *const tg_nouns[] = {
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
	tg_hset_add(&p->paths, fnv1a(d->path));
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
 * <prefix>_<verb>_<noun> with one-word tg_verbs and tg_nouns, so unique prefixes
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
	for (int i = 2; !tg_hset_add(&p->prefixes, fnv1a(s)); i++) {
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
	tg_hset_add(&p->paths, fnv1a(f->path));
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
			snprintf(buf, len, "%s-%s", PICK(r, pool_docs_sub), PICK(r, tg_nouns));
		else if (d->fl == FL_TOOLS)
			snprintf(buf, len, "%s", tries < 10 ? PICK(r, pool_tools_sub) : PICK(r, tg_nouns));
		else if (d->fl == FL_INCLUDE)
			snprintf(buf, len, "%s", PICK(r, tg_nouns));
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
			snprintf(buf, len, style < 50 ? "%s%s" : "%s-%s", pick(r, style < 50 ? tg_nouns : doc_topics),
				 style < 50 ? "" : PICK(r, tg_nouns));
		else if (kind == K_SCRIPT)
			snprintf(buf, len, "%s-%s", PICK(r, tg_verbs), PICK(r, tg_nouns));
		else if (style < 40 || !*dirbase)
			snprintf(buf, len, "%s", PICK(r, tg_nouns));
		else if (style < 65)
			snprintf(buf, len, "%s_%s", PICK(r, tg_nouns), PICK(r, tg_verbs));
		else if (style < 85)
			snprintf(buf, len, "%s_%s", dirbase, PICK(r, tg_nouns));
		else
			snprintf(buf, len, "%s-%s", dirbase, PICK(r, tg_nouns));
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
	tg_hset_free(&p->paths);
	tg_hset_free(&p->prefixes);
	memset(p, 0, sizeof(*p));
}

/* The fixed skeleton the build needs whatever the size: the top files,
 * init/main.c, include/linux's two headers, the defconfig.  Returns the
 * top directory. */
static int plan_skeleton(struct plan *p)
{
	int top, init, inc, lnx, arch, x86, cfg;

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
	return top;
}

/* The rest of the files, shared among the top directories by weight. */
static void plan_top(struct plan *p, int top, long files)
{
	size_t k = 0;
	unsigned long *w;
	long *q;

	while (t_top[k].name)
		k++;
	w = fsb_xcalloc(k, sizeof(*w));
	q = fsb_xcalloc(k, sizeof(*q));
	for (size_t i = 0; i < k; i++)
		w[i] = t_top[i].weight;
	partition(files, w, k, 0, q);
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
}

/* The defconfig: a fixed share of the buildable units (the candidates), or
 * exactly `units` of them, each candidate with the chance need / left
 * (selection sampling: every subset of that size equally likely); at
 * least one.  Returns how many candidates there are. */
static long plan_defconfig(struct plan *p, long units)
{
	struct fsb_rng sel = rng_for(p->seed, "defconfig");
	long ncand = 0, need = units;
	bool any = false;

	for (size_t i = 0; i < p->nf; i++) {
		struct tfile *f = &p->f[i];

		f->candidate = f->kind == K_C && p->d[f->dir].built && p->d[f->dir].makefile >= 0;
		ncand += f->candidate;
	}
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

/* Returns how many .c files the defconfig could build (the candidates). */
static long plan_build(struct plan *p, unsigned long seed, long files, long units)
{
	static const char *const reserved[] = { "types", "compiler", "main", NULL };
	int top;

	memset(p, 0, sizeof(*p));
	p->seed = seed;
	p->files = files;
	p->r = rng_for(seed, "plan");
	for (size_t i = 0; reserved[i]; i++)
		tg_hset_add(&p->prefixes, fnv1a(reserved[i]));
	top = plan_skeleton(p);
	plan_top(p, top, files - (long)p->nf);
	return plan_defconfig(p, units);
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
			tg_render(&p, i, &b);
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

		tg_render(&p, i, &b);
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
