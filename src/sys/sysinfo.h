/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysinfo.h — what the result file says about the machine (seed 000 lists
 * kernel, CPU, RAM, disk and "Program Versions"), and the device counters
 * the engine samples around every phase (/proc/diskstats).
 */
#ifndef FSB_SYSINFO_H
#define FSB_SYSINFO_H

#include <stdbool.h>
#include <sys/types.h>

#include "sys/util.h"

/* The machine a result was measured on (seed 000 lists it with the results). */
struct fsb_host {
	char *hostname, *kernel, *cpu, *distro;
	long cores;
	long ram_mib;
	struct fsb_strv versions;     /* "GNU tar 1.34", "gcc (Debian 12.2.0) …" */
	char *virt;                   /* the hypervisor fsbench ran under ("kvm", "QEMU"),
					 NULL on bare metal or when nothing says */
};

/* Fill h: hostname, kernel, CPU model, cores, RAM, distribution, and the
 * versions of the programs the phases use (tar, make, cc, ccache,
 * debootstrap).  Never fails; what cannot be found stays NULL / -1. */
void fsb_sysinfo_host(struct fsb_host *h);

/*
 * The hypervisor this machine runs under, or NULL on bare metal or when
 * nothing tells: the word of systemd-detect-virt --vm ("kvm", "vmware"; "none" is
 * NULL), else the DMI vendor or product (/sys/class/dmi/id) of a known
 * hypervisor, else "hypervisor" when /proc/cpuinfo's flags say one.
 * dmi is the directory to read ("/sys/class/dmi/id"), cpuinfo the file;
 * detect runs systemd-detect-virt.  Caller frees.
 */
char *fsb_sysinfo_virt(const char *dmi, const char *cpuinfo, bool detect);

unsigned long long fsb_sysinfo_ram_bytes(void);
long fsb_sysinfo_cpus(void);
/* VERSION_CODENAME of /etc/os-release ("bookworm"), or NULL; caller frees. */
char *fsb_sysinfo_codename(void);

/* Counters of one block device from /proc/diskstats (the kernel's
 * Documentation/admin-guide/iostats.rst; columns counted with the major,
 * minor and name as 1-3). */
struct fsb_diskstats {
	unsigned long long read_ios, read_sectors, write_ios, write_sectors;
	unsigned long long io_ticks;   /* ms the device was busy (field 10); 0 when absent */
	/* discards (columns 15-18: completed, merged, sectors, ms) and flush
	 * requests (19-20: completed, ms); has_* false on kernels without them
	 * (discards since 4.18, flushes since 5.5) */
	unsigned long long discard_ios, discard_sectors, flush_ios;
	bool has_discard, has_flush;
};

/* Kernel name ("loop3", "sda1") of block device devno into buf; 0 or -errno. */
int fsb_sysinfo_blockname(dev_t devno, char *buf, size_t len);
/* Current counters of the device called name; 0 or -ENOENT. */
int fsb_sysinfo_diskstats(const char *name, struct fsb_diskstats *out);
/* One line of /proc/diskstats: 0 and out filled when it is name's, -ENOENT
 * when it is another device's or not a diskstats line. */
int fsb_sysinfo_diskstats_line(const char *line, const char *name, struct fsb_diskstats *out);

/* Model, serial and size (bytes) of a block device from sysfs; strings may
 * come back NULL.  0 or -errno. */
int fsb_sysinfo_blockdev(const char *name, char **model, char **serial,
			 unsigned long long *size);

#endif
