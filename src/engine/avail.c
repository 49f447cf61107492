/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <string.h>

#include "engine/aging.h"
#include "engine/avail.h"
#include "engine/crash.h"
#include "engine/refresh.h"
#include "engine/synth.h"

int fsb_phase_available(const struct fsb_phase_def *def, const struct fsb_workload *w,
			const struct fsb_size_profile *prof, struct fsb_err *why, struct fsb_err *note)
{
	if (note)
		fsb_err_clear(note);
	if (def->kind == FSB_PHASE_CRASH)
		return strcmp(def->name, "crash") ? fsb_err_set(why, -ENOENT, "no crash phase called %s", def->name)
						  : fsb_crash_available(why);
	if (def->kind == FSB_PHASE_BUILTIN) {
		/* the engine runs refresh itself (refresh.h), aging.c the
		 * aging's, synth.c the bonnie-style ones */
		if (!fsb_synth_is_phase(def->name) && !fsb_age_is_phase(def->name) &&
		    !fsb_refresh_is_phase(def->name))
			return fsb_err_set(why, -ENOENT, "no built-in phase called %s", def->name);
		return 0;
	}
	for (size_t i = 0; i < def->needs.n; i++) {
		const char *need = def->needs.v[i];
		bool tree = strcmp(need, "tree") == 0, deb = strcmp(need, "debtarball") == 0;

		/* once the run has made its workloads, or for a program: is it there? */
		if (w->provided || (!tree && !deb)) {
			if (fsb_workload_need(w, need, why))
				return -ENOENT;
			continue;
		}
		/* before: what the run will make is a note, what it cannot make a reason */
		if (tree) {
			if (w->src)
				continue;
			if (strcmp(prof->source, "kernel") == 0)
				return fsb_err_set(why, -ENOENT, "%s", w->tree_why.msg[0] ? w->tree_why.msg
									: "the kernel source is not installed");
			if (note)
				fsb_err_set(note, 0, "the run generates the source tree first (a few seconds)");
		} else {
			if (w->debtarball)
				continue;
			if (!fsb_have_program("debootstrap"))
				return fsb_err_set(why, -ENOENT, "debootstrap is not installed (apt-get install debootstrap)");
			if (note)
				fsb_err_set(note, 0, "the run first downloads a Debian base system once (network)");
		}
	}
	return 0;
}
