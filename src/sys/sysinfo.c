/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "sys/proc.h"
#include "sys/sysinfo.h"

unsigned long long fsb_sysinfo_ram_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);

	return pages > 0 && psize > 0 ? (unsigned long long)pages * (unsigned long long)psize : 0;
}

long fsb_sysinfo_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

/* Value of "key<sep>value" in a text such as /proc/cpuinfo or os-release. */
static char *field(const char *text, const char *key, char sep)
{
	size_t klen = strlen(key);

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l;

		if (strncmp(p, key, klen))
			continue;
		p += klen;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != sep)
			continue;
		p++;
		while (*p == ' ' || *p == '\t' || *p == '"')
			p++;
		{
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);

			while (n && (p[n - 1] == '"' || p[n - 1] == ' '))
				n--;
			return strndup(p, n);
		}
	}
	return NULL;
}

char *fsb_sysinfo_codename(void)
{
	char *text = NULL, *v = NULL;

	if (fsb_read_file("/etc/os-release", &text) == 0)
		v = field(text, "VERSION_CODENAME", '=');
	free(text);
	return v;
}

static void add_version(struct fsb_strv *sv, const char *cmd)
{
	char *out = NULL;

	if (fsb_proc_run(cmd, NULL, NULL, &out, NULL) == 0 && out) {
		char *nl = strchr(out, '\n');

		if (nl)
			*nl = '\0';
		if (*out)
			fsb_strv_add(sv, out);
	}
	free(out);
}

/* What the DMI strings of the hypervisors we know contain; a KVM guest
 * under QEMU says "QEMU", a cloud says its own name. */
static const char *const dmi_virt[] = { "QEMU", "KVM", "VMware", "VirtualBox", "innotek", "Xen", "Bochs",
					"BHYVE", "Parallels", "Amazon EC2", "Google Compute Engine",
					"OpenStack", "Virtual Machine" /* Hyper-V's product_name */ };

static char *dmi_word(const char *dmi, const char *file)
{
	char *path = fsb_xasprintf("%s/%s", dmi, file), *text = NULL, *word = NULL;

	if (fsb_read_file(path, &text) == 0) {
		text[strcspn(text, "\n")] = '\0';
		for (size_t i = 0; i < FSB_ARRAY_SIZE(dmi_virt) && !word; i++)
			if (strstr(text, dmi_virt[i]))
				word = fsb_xstrdup(text);
	}
	free(path);
	free(text);
	return word;
}

char *fsb_sysinfo_virt(const char *dmi, const char *cpuinfo, bool detect)
{
	char *out = NULL, *text = NULL, *flags;

	if (detect && fsb_proc_run("systemd-detect-virt --vm", NULL, NULL, &out, NULL) == 0 && out) {
		out[strcspn(out, "\n")] = '\0';
		if (*out && strcmp(out, "none"))
			return out;
	}
	free(out);
	if ((out = dmi_word(dmi, "sys_vendor")) || (out = dmi_word(dmi, "product_name")))
		return out;
	if (fsb_read_file(cpuinfo, &text) == 0 && (flags = field(text, "flags", ':'))) {
		/* " hypervisor " as a whole word of the list */
		char *w = fsb_xasprintf(" %s ", flags);

		if (strstr(w, " hypervisor "))
			out = fsb_xstrdup("hypervisor");
		free(w);
		free(flags);
	}
	free(text);
	return out;
}

void fsb_sysinfo_host(struct fsb_host *h)
{
	struct utsname u;
	char host[256], *text = NULL;

	if (gethostname(host, sizeof(host)) == 0) {
		host[sizeof(host) - 1] = '\0';
		h->hostname = fsb_xstrdup(host);
	}
	if (uname(&u) == 0)
		h->kernel = fsb_xasprintf("%s %s %s", u.sysname, u.release, u.machine);
	if (fsb_read_file("/proc/cpuinfo", &text) == 0)
		h->cpu = field(text, "model name", ':');
	free(text);
	text = NULL;
	if (fsb_read_file("/etc/os-release", &text) == 0)
		h->distro = field(text, "PRETTY_NAME", '=');
	free(text);
	h->cores = fsb_sysinfo_cpus();
	h->ram_mib = (long)(fsb_sysinfo_ram_bytes() >> 20);
	h->virt = fsb_sysinfo_virt("/sys/class/dmi/id", "/proc/cpuinfo", true);
	/* the programs whose speed is part of what the phases measure */
	add_version(&h->versions, "tar --version");
	add_version(&h->versions, "make --version");
	add_version(&h->versions, "cc --version");
	add_version(&h->versions, "ccache --version");
	add_version(&h->versions, "dpkg-query -W -f '${Package} ${Version}' debootstrap");
}

int fsb_sysinfo_blockname(dev_t devno, char *buf, size_t len)
{
	char *path = fsb_xasprintf("/sys/dev/block/%u:%u/uevent", major(devno), minor(devno));
	char *text = NULL, *name;
	int rc = fsb_read_file(path, &text);

	free(path);
	if (rc)
		return rc;
	name = field(text, "DEVNAME", '=');
	free(text);
	if (!name)
		return -ENOENT;
	snprintf(buf, len, "%s", name);
	free(name);
	return 0;
}

int fsb_sysinfo_diskstats_line(const char *line, const char *name, struct fsb_diskstats *out)
{
	unsigned maj, min;
	char dev[64];
	unsigned long long c[17] = { 0 };
	int n = sscanf(line, "%u %u %63s %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu "
		       "%llu %llu %llu", &maj, &min, dev, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7],
		       &c[8], &c[9], &c[10], &c[11], &c[12], &c[13], &c[14], &c[15], &c[16]);

	if (n < 10 || strcmp(dev, name))
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->read_ios = c[0];
	out->read_sectors = c[2];
	out->write_ios = c[4];
	out->write_sectors = c[6];
	out->io_ticks = n >= 13 ? c[9] : 0;
	out->has_discard = n >= 18;
	out->discard_ios = out->has_discard ? c[11] : 0;
	out->discard_sectors = out->has_discard ? c[13] : 0;
	out->has_flush = n >= 19;
	out->flush_ios = out->has_flush ? c[15] : 0;
	return 0;
}

int fsb_sysinfo_diskstats(const char *name, struct fsb_diskstats *out)
{
	FILE *fp = fopen("/proc/diskstats", "re");
	char line[512];
	int rc = -ENOENT;

	if (!fp)
		return -errno;
	while (rc && fgets(line, sizeof(line), fp))
		rc = fsb_sysinfo_diskstats_line(line, name, out);
	fclose(fp);
	return rc;
}

static char *sysfs_str(const char *name, const char *attr)
{
	char *path = fsb_xasprintf("/sys/class/block/%s/%s", name, attr);
	char *v = NULL;

	if (fsb_read_file(path, &v) == 0) {
		char *e = v + strlen(v);

		while (e > v && isspace((unsigned char)e[-1]))
			*--e = '\0';
		if (!*v) {
			free(v);
			v = NULL;
		}
	}
	free(path);
	return v;
}

int fsb_sysinfo_blockdev(const char *name, char **model, char **serial, unsigned long long *size)
{
	char *sz = sysfs_str(name, "size");

	if (!sz)
		return -ENOENT;
	*size = strtoull(sz, NULL, 10) * 512ULL;
	free(sz);
	*model = sysfs_str(name, "device/model");
	*serial = sysfs_str(name, "device/serial");
	if (!*serial)
		*serial = sysfs_str(name, "serial");
	return 0;
}
