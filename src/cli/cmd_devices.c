/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsbench devices — every block device with its verdict, or the full verdict
 * on one (--check).  The data comes from device.c; only the layout is here,
 * so the TUI's target picker can show the same struct fsb_device its own way.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "devices/device.h"
#include "doc/devdoc.h"
#include "doc/json.h"
#include "engine/targetcheck.h"

#define WIDTH 80

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench devices [OPTIONS]\n"
		"       fsbench devices --check DEVICE [--whole-disk] [--yes-destroy=DEVICE]\n"
		"                               [--dry-run]\n"
		"       fsbench devices --json [--check DEVICE] [OPTIONS]\n"
		"\n"
		"Lists every block device and partition, with its signatures, where it is\n"
		"mounted, and whether fsbench may format it: usable, or refused with every\n"
		"reason.  --check gives the full verdict on one device: exit status 0 when\n"
		"usable, 3 when refused.\n"
		"\n"
		"Options:\n"
		"  --check DEVICE        judge one device (any path to it, symlinks resolved)\n"
		"  --whole-disk          the device is a whole disk and is meant as such, even\n"
		"                        with a partition table\n"
		"  --allow-root-disk     allow other partitions of the root filesystem's disk\n"
		"  --min-size SIZE       refuse devices smaller than SIZE (512M, 2G, …)\n"
		"  --yes-destroy=DEVICE  with --check: confirm as batch mode would; DEVICE must\n"
		"                        name the same device\n"
		"  --dry-run             with --check: also claim the device and re-run every\n"
		"                        check as right before mkfs, then say what would be\n"
		"                        formatted; nothing is written\n"
		"  --fstab PATH          check against PATH instead of /etc/fstab\n"
		"  --crypttab PATH       check against PATH instead of /etc/crypttab\n"
		"  --all                 also list RAM disks, detached loop devices and empty\n"
		"                        devices\n"
		"  --json                the list (or the --check verdict) as JSON: every\n"
		"                        device with its verdict, reasons and facts\n"
		"                        (doc/json.md)\n"
		"  -h, --help            show this help\n");
}

/* The device list of the document (doc/devdoc.h) as the library draws it:
 * the table's columns, widths and text are the library's. */
static void print_table(const struct fsb_device_list *l)
{
	struct fsb_doc doc = { 0 };
	struct fsb_buf text = { 0 };

	fsb_doc_device_list(l, FSB_DEVLIST_TEXT, &doc);
	fsb_devdoc_list_text(&fsb_doc_find(&doc, FSB_ROLE_DEVICE_LIST)->table, WIDTH, &text);
	fputs(text.s ? text.s : "", stdout);
	fsb_buf_free(&text);
	fsb_doc_free(&doc);
}

/* Print text wrapped at WIDTH: first line after `first`, the rest indented. */
static void wrap(const char *first, size_t indent, const char *text)
{
	size_t col = strlen(first);
	bool start = true;

	fputs(first, stdout);
	for (const char *p = text; *p;) {
		size_t wl;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		wl = strcspn(p, " ");
		if (!start && col + 1 + wl > WIDTH) {
			printf("\n%*s", (int)indent, "");
			col = indent;
		} else if (!start) {
			putchar(' ');
			col++;
		}
		fwrite(p, 1, wl, stdout);
		col += wl;
		p += wl;
		start = false;
	}
	putchar('\n');
}

/* The device's document (doc/devdoc.h), as the command line shows it. */
static void print_list(const struct fsb_doc *doc, enum fsb_block_role role, const char *key, const char *lead)
{
	const struct fsb_kv *e = fsb_block_kv(fsb_doc_find(doc, role), key);

	for (size_t i = 0; e && i < e->values.n; i++)
		wrap(lead, 4, e->values.v[i]);
}

static void print_sigs(const struct fsb_block *b)
{
	if (!b->nkv) {
		printf("  signatures: none\n");
		return;
	}
	printf("  signatures (as wipefs lists them):\n");
	for (size_t i = 0; i < b->nkv; i++) {
		const struct fsb_kv *e = &b->kv[i];
		struct fsb_buf l = { 0 };
		const char *type = e->values.n ? strchr(e->values.v[0], '=') : NULL;

		/* wipefs's "OFFSET TYPE" then KEY=VALUE */
		fsb_buf_addf(&l, "%s %s", e->key, type ? type + 1 : "");
		for (size_t k = 1; k < e->values.n; k++)
			fsb_buf_addf(&l, " %s", e->values.v[k]);
		wrap("    ", 6, l.s);
		fsb_buf_free(&l);
	}
}

/* One device: what it is, the verdict with every reason, the signatures.
 * full: also every check that passed, one per line. */
static void print_detail(const struct fsb_device *d, bool full)
{
	struct fsb_doc doc = { 0 };
	char *facts;

	fsb_doc_device(d, &doc);
	printf("%s\n", fsb_doc_find(&doc, FSB_ROLE_DEVICE)->text);
	facts = fsb_devdoc_facts_line(&doc);
	if (facts)
		wrap("  ", 4, facts);
	free(facts);
	print_list(&doc, FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_REFUSED, "  - ");
	print_list(&doc, FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_DOUBTS, "  ? ");
	if (full) {
		print_list(&doc, FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_PASSED, "  + ");
	} else if (d->verdict == FSB_DEVICE_USABLE) {
		char *j = fsb_devdoc_join(&doc, FSB_ROLE_DEVICE_VERDICT, FSB_DEVDOC_PASSED, "; ");

		wrap("  checked: ", 4, j ? j : "");
		free(j);
	}
	if (d->devno && d->size)
		print_sigs(fsb_doc_find(&doc, FSB_ROLE_DEVICE_SIGS));
	fsb_doc_free(&doc);
}

struct devices_args {
	struct fsb_device_opts opts;
	const char *check;
	const char *yes_destroy;
	bool dry_run;
	bool json;
	bool all;                /* --all: FSB_DEVICE_LIST_ALL */
};

/* `devices --json` (doc/json.md): the devices v[0..n), and with list
 * the list's table as `fsbench devices` prints it. */
static int write_json(const struct devices_args *a, const struct fsb_device *v, size_t n,
		      const struct fsb_device_list *list)
{
	struct fsb_json *j = fsb_json_new("devices");
	struct fsb_err err = { 0 };
	struct fsb_plan_reqs reqs;

	fsb_json_str(j, "check", a->check);
	fsb_json_bool(j, "all", a->all);
	fsb_target_reqs(FSB_TARGET_DEVICE, &reqs);
	fsb_json_bool(j, "root", reqs.is_root);
	if (list) {
		struct fsb_doc doc = { 0 };

		fsb_doc_device_list(list, FSB_DEVLIST_TEXT, &doc);
		fsb_json_doc(j, "list", &doc, "device-list", NULL);
		fsb_doc_free(&doc);
	}
	fsb_json_open(j, "devices", true);
	for (size_t i = 0; i < n; i++)
		fsb_json_device(j, NULL, &v[i]);
	fsb_json_close(j);
	if (fsb_json_write(j, stdout, &err) || fflush(stdout)) {
		fsb_app_error("devices: standard output: write error");
		return FSB_EXIT_USAGE;
	}
	return FSB_EXIT_OK;
}

static int claim_status(int rc)
{
	return rc == -EPERM || rc == -EINVAL || rc == -EBUSY || rc == -ESTALE ? FSB_EXIT_REFUSED
									: FSB_EXIT_FAILED;
}

static int do_check(const struct devices_args *a)
{
	struct fsb_device d = { 0 };
	struct fsb_device_claim *c = NULL;
	struct fsb_err err = { 0 };
	char size[32];
	int rc, status;

	if (!a->yes_destroy && !a->dry_run) {
		status = FSB_EXIT_OK;
		rc = fsb_device_check(a->check, &a->opts, &d, &err);
		if (rc && rc != -EPERM) {
			fsb_app_error("devices: %s", err.msg);
			status = FSB_EXIT_FAILED;
			goto out;
		}
		if (a->json)
			status = write_json(a, &d, 1, NULL);
		else
			print_detail(&d, true);
		if (status == FSB_EXIT_OK && rc)
			status = FSB_EXIT_REFUSED;
		goto out;
	}
	/* the batch path: exactly what fsbench run does before its first mkfs */
	rc = fsb_device_claim(a->check, a->yes_destroy, &a->opts, &c, &d, &err);
	if (d.path || d.given)
		print_detail(&d, true);
	if (rc) {
		fsb_app_error("devices: %s", err.msg);
		status = claim_status(rc);
		goto out;
	}
	if (a->dry_run) {
		rc = fsb_device_claim_before_mkfs(c, &err);
		if (rc) {
			fsb_app_error("devices: %s", err.msg);
			status = claim_status(rc);
			goto out;
		}
		printf("dry run: every check passed again as right before mkfs; fsbench would now "
		       "format %s (%s, %s).\nNothing was written.\n", d.path, d.majmin,
		       fsb_format_size(d.size, size, sizeof(size)));
	} else {
		printf("confirmed: --yes-destroy=%s names %s (%s); fsbench run would format it.\n",
		       a->yes_destroy, d.path, d.majmin);
	}
	status = FSB_EXIT_OK;
out:
	fsb_device_claim_free(c);
	fsb_device_free(&d);
	return status;
}

static int do_list(const struct devices_args *a)
{
	struct fsb_device_list l = { 0 };
	struct fsb_err err = { 0 };
	struct fsb_plan_reqs reqs;
	int rc;

	rc = fsb_device_list(&a->opts, a->all ? FSB_DEVICE_LIST_ALL : 0, &l, &err);
	if (rc) {
		fsb_app_error("devices: %s", err.msg);
		return FSB_EXIT_FAILED;
	}
	if (a->json) {
		rc = write_json(a, l.v, l.n, &l);
		fsb_device_list_free(&l);
		return rc;
	}
	print_table(&l);
	for (size_t i = 0; i < l.n; i++) {
		putchar('\n');
		print_detail(&l.v[i], false);
	}
	/* a device target needs root, which this process lacks: the scan could
	 * not open what only root may */
	fsb_target_reqs(FSB_TARGET_DEVICE, &reqs);
	if (!reqs.can_run)
		printf("\nNot running as root: devices that cannot be opened are refused.\n");
	fsb_device_list_free(&l);
	return FSB_EXIT_OK;
}

/* --fstab PATH, --crypttab PATH: a file fsbench can read. */
static int take_readable(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	if (access(arg, R_OK) < 0) {
		fsb_app_error("%s: --%s %s: %s", cmd, o->name, arg, strerror(errno));
		return -1;
	}
	*(const char **)field = arg;
	return 0;
}

/* --min-size SIZE: 512M, 2G … */
static int take_size(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	if (fsb_parse_size(arg, field)) {
		fsb_app_error("%s: --%s '%s': expected a size such as 512M or 2G", cmd, o->name, arg);
		return -1;
	}
	return 0;
}

int fsb_cmd_devices(struct fsb_app *cli, int argc, char **argv)
{
	static const struct fsb_cli_opt opts[] = {
		{ "fstab", 0, FSB_CLI_TAKE, offsetof(struct devices_args, opts.fstab), take_readable, NULL },
		{ "crypttab", 0, FSB_CLI_TAKE, offsetof(struct devices_args, opts.crypttab), take_readable, NULL },
		{ "allow-root-disk", 0, FSB_CLI_TRUE, offsetof(struct devices_args, opts.allow_root_disk), NULL, NULL },
		{ "all", 0, FSB_CLI_TRUE, offsetof(struct devices_args, all), NULL, NULL },
		{ "check", 0, FSB_CLI_STR, offsetof(struct devices_args, check), NULL, NULL },
		{ "whole-disk", 0, FSB_CLI_TRUE, offsetof(struct devices_args, opts.whole_disk), NULL, NULL },
		{ "yes-destroy", 0, FSB_CLI_STR, offsetof(struct devices_args, yes_destroy), NULL, NULL },
		{ "dry-run", 0, FSB_CLI_TRUE, offsetof(struct devices_args, dry_run), NULL, NULL },
		{ "min-size", 0, FSB_CLI_TAKE, offsetof(struct devices_args, opts.min_size), take_size, NULL },
		{ "json", 0, FSB_CLI_TRUE, offsetof(struct devices_args, json), NULL, NULL },
		{ NULL },
	};
	struct devices_args a = { 0 };
	int rc = fsb_cli_options(argc, argv, opts, &a, usage);

	(void)cli;
	if (rc >= 0)
		return rc;
	if (optind < argc) {
		fsb_app_error("devices: unexpected argument '%s'; use --check DEVICE", argv[optind]);
		return FSB_EXIT_USAGE;
	}
	if (!a.check && (a.yes_destroy || a.dry_run)) {
		fsb_app_error("devices: --yes-destroy and --dry-run need --check DEVICE");
		return FSB_EXIT_USAGE;
	}
	if (a.json && (a.yes_destroy || a.dry_run)) {
		fsb_app_error("devices: --json lists or checks; it does not go with --yes-destroy or --dry-run");
		return FSB_EXIT_USAGE;
	}
	return a.check ? do_check(&a) : do_list(&a);
}
