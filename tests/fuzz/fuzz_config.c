/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness: the config reader with layering (src/model/config.c,
 * cfgutil.c).  The input is a system file, optionally followed by a line
 * "#--- user" and the user's file layered on top of it.  Any input is
 * either refused with one visible line naming one of the files, or loaded;
 * a loaded config then gets its templates expanded as a run would.
 */
#include <stdint.h>

#include "fuzz_common.h"
#include "model/config.h"

#define SEP "\n#--- user\n"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *user;
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	int rc;

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	user = strstr(text, SEP);
	if (user) {
		*user = '\0';
		user += strlen(SEP);
	}
	/* the readers see NULs through fsb_read_file_max; here a NUL ends the
	 * buffer as it would end a C string */
	rc = fsb_config_load_layered_buf(text, "sys.conf", user, "user.conf", &cfg, &err);
	if (rc) {
		if (!strstr(err.msg, "sys.conf") && !strstr(err.msg, "user.conf")) {
			fprintf(stderr, "error names no file: \"%s\"\n", err.msg);
			abort();
		}
		fuzz_check_error(&err, ".conf");
	} else {
		static const char *const vars[] = { "dev", "/dev/x", "mnt", "/mnt", "src", "/s",
						    "tree", "/t", "cache", "/c", "journal", "/j",
						    "jobs", "2", NULL };

		for (size_t i = 0; i < cfg->nphases; i++) {
			char *out = NULL;

			if (fsb_subst(cfg->phases[i]->command, vars, true, &out, &err) == 0)
				free(out);
		}
		fsb_config_free(cfg);
	}
	free(text);
	return 0;
}
