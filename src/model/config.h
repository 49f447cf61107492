/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * config.h — fsbench.conf: filesystem profiles, phases, size profiles and
 * defaults.  This module is the one place that knows the option names; every
 * other module reads the structs below.
 *
 * Where the config comes from (first match wins, then the user's file is
 * layered on top unless --config was given):
 *   1. --config FILE (only that file);
 *   2. the source tree's data/fsbench.conf when fsbench runs from its build
 *      directory (so a fresh build never picks up a stale installed copy);
 *   3. $(sysconfdir)/fsbench/fsbench.conf;
 * then $XDG_CONFIG_HOME/fsbench/fsbench.conf, whose sections override the
 * ones of the same name option by option.
 *
 * Templates: command lines and mount options contain ${name} variables that
 * fsb_subst() replaces (see doc/config.md for the list).  An unknown
 * variable is an error, never an empty string.
 */
#ifndef FSB_CONFIG_H
#define FSB_CONFIG_H

#include "sys/interfere.h"
#include "model/kinds.h"
#include <stdbool.h>

#include "model/facts.h"
#include "sys/util.h"

struct fsb_fs_profile {
	char *name;              /* "ext4-nojournal": what --fs and results use */
	char *type;              /* kernel filesystem type: "ext4" */
	char *description;       /* one line for lists and the TUI */
	char *mkfs;              /* template, ${dev} ${uuid} ${journal} ${label}; "" for nodev */
	struct fsb_strv prepare; /* templates run before mkfs (external journal) */
	char *mount_options;     /* template, ${journal} */
	char *journal_size;      /* size of the external journal device, "" = none */
	char *version;           /* command printing the mkfs tool's version */
	char *tool;              /* the program whose absence makes it unavailable */
	char *package;           /* the Debian package that has the tool */
	char *fsck;              /* template, ${dev}: a read-only check of the
				    unmounted filesystem, timed once a run
				    (engine.c); "" = none */
	bool nodev;              /* tmpfs: mounted without a device, no mkfs */
	struct fsb_fs_facts facts;  /* what it gives besides speed (model/facts.h):
				       crash, checksums, snapshots, compression, grow,
				       shrink, max_file, max_volume, support, support_note */
	char *origin;            /* "FILE:LINE" of the section that set it last */
	struct fsb_strv key_at;  /* pairs: a key, "FILE:LINE" where a file set it last */
};


struct fsb_phase_def {
	char *name;              /* short name, as in the seed tables: "make2" */
	char *label;             /* table title: "make all (in tree with full ccache)" */
	char *description;
	char *group;             /* "desktop", "bonnie", or the user's */
	enum fsb_phase_kind kind;
	char *command;           /* COMMAND: template run with /bin/sh -c */
	char *setup;             /* COMMAND: untimed template run just before, "" = none */
	char *teardown;          /* COMMAND: untimed template run just after the phase was
				  * measured (the sync, the device's counters), "" = none */
	char *cwd;               /* COMMAND: template, default "${mnt}" */
	struct fsb_strv env;     /* COMMAND: "NAME=template" */
	struct fsb_strv needs;   /* workloads/programs needed: "tree", "debtarball", "ccache", … */
	struct fsb_strv requires; /* phases that must run before it on the same filesystem;
				   * "tar|deb": one of them (model/prereq.h) */
	bool empties;            /* leaves the filesystem empty: what ran before it is gone */
	bool sync;               /* time syncfs() after the phase */
	int drop_caches;         /* -1 = the run's default, 0 = no, 1 = yes */
	double timeout;          /* seconds, 0 = none */
	char *origin;            /* "FILE:LINE" of the section that set it last */
	struct fsb_strv key_at;  /* pairs: a key, "FILE:LINE" where a file set it last */
};

/* A group of phases (a phase's group): what the TUI's plan screen says of
 * it after its name. */
struct fsb_phase_group {
	char *name;              /* "desktop", "bonnie", "aging", or the user's */
	char *description;       /* "the real-world suite (seed 000)"; "" = nothing */
	char *origin;            /* "FILE:LINE" of the section that set it last */
};

struct fsb_size_profile {
	char *name;              /* tiny, quick, standard, full */
	char *description;
	char *source;            /* "generated", "kernel", "auto" (kernel if installed) */
	long tree_files;         /* generated tree: number of files */
	long compile_units;      /* generated tree: units make compiles besides
	                          * init/main.c; 0 = the generator's share */
	long tree_seed;          /* generated tree: generator seed */
	char *kconfig;           /* config target run before make: "defconfig" */
	char *deb_suite;         /* "" = the release the machine runs */
	char *deb_variant;       /* "minbase", "" = debootstrap's default */
	bool deb_foreign;        /* first stage only (unpack, no configure) */
	char *image_size;        /* default size of an image target */
	/* built-in (bonnie-style) phases */
	char *synth_size;        /* "2xram", "ram/8", "64M", … (synth.c parses) */
	long synth_chunk;        /* bytes, power of two 256..1 MiB */
	long synth_files;        /* N: the file tests use N×1024 files */
	long synth_file_min;     /* bytes, file size range of the file tests */
	long synth_file_max;
	long synth_dirs;         /* spread files over this many directories, 0 = one */
	long synth_seekers;      /* concurrent seek processes/threads */
	long synth_seeks;        /* seeks in all */
	char *synth_data;        /* "random" (default, incompressible) or "compressible"
				    (bonnie++'s zeros); NULL = random */
	double min_duration;     /* a built-in phase shorter than this is repeated */
	/* the between-session spread of a total's log ratio of two filesystems
	 * on the reference VM (bench/verdict-repro.sh): the verdict's prior
	 * when this machine has no history of the plan (model/verdict.h);
	 * 0 = none */
	double session_sd;
	/* the aging workload (engine/aging.h, doc/aging.md) */
	double age_fill;         /* target fullness of fill-and-free, 0 < f < 0.95 */
	long age_commits;        /* churn commits */
	long age_tree_files;     /* files of the churned tree at the start, >= 20 */
	long age_append_files;   /* files grown by interleaved appends */
	double age_seconds;      /* cap on the aging's time, s; 0 = none */
	long crash_states;       /* the crash phase's states at most, per run (engine/crash.h) */
	char *origin;            /* "FILE:LINE" of the section that set it last */
	struct fsb_strv key_at;  /* pairs: a key, "FILE:LINE" where a file set it last */
	/* "PHASE=SECONDS": what one repetition of a phase takes on the idle
	 * 2-core VM, for the ETA when no earlier run of the profile is known */
	struct fsb_strv nominal;
	/* "PHASE=FRACTION": the phase's idle run-to-run CV of dead time on that
	 * VM (bench/phase-cv.sh), what fsb_profile_measured_cv() reads */
	struct fsb_strv measured_cv;
	/* "PHASE=FRACTION": its idle CV of dead time across separate sessions
	 * on that VM (bench/phase-cv.sh --sessions); above FSB_PROFILE_CV_GOAL
	 * the phase is left out of the total (model/cells.h) */
	struct fsb_strv session_cv;
	/* seconds the default plan may take (it runs in rounds until the
	 * verdict settles: engine.h); 0 = no budget key, one round */
	double budget;
};
/* The profile's nominal seconds for phase, or NAN when it names none. */
double fsb_profile_nominal(const struct fsb_size_profile *p, const char *phase);

/* The run-to-run CV of dead time a phase of this profile should reach on an
 * idle machine for its differences between filesystems to mean something
 * (doc/measurement.md, "Phases long enough to measure"). */
#define FSB_PROFILE_CV_GOAL 0.05

/* The profile's measured_cv for phase: the largest idle run-to-run CV of its
 * dead time over the default filesystems on the reference 2-core VM
 * (bench/phase-cv.sh), or NAN when the profile records none.  Above
 * FSB_PROFILE_CV_GOAL the phase is too short to rank filesystems by. */
double fsb_profile_measured_cv(const struct fsb_size_profile *p, const char *phase);
/* The profile's session_cv for phase, or NAN. */
double fsb_profile_session_cv(const struct fsb_size_profile *p, const char *phase);

struct fsb_defaults {
	char *profile;
	char *baseline;
	char *image;             /* default image file */
	char *results_dir;       /* "" = $XDG_DATA_HOME/fsbench/results */
	char *cache_dir;         /* "" = $XDG_CACHE_HOME/fsbench */
	struct fsb_strv fs;      /* filesystems ticked by default */
	struct fsb_strv phases;  /* phases ticked by default */
	long repeat;
	bool drop_caches;
	bool reformat_between;   /* reformat between repetitions */
	bool probe;              /* the stall probe beside every command phase (engine/probe.h) */
	long jobs;               /* make -j; 0 = number of CPUs */
	double ci_target;        /* --auto-repeat: CI half-width / mean */
	long max_repeat;         /* --auto-repeat cap */
	char *origin;            /* "FILE:LINE" of the defaults section, or FILE */
	struct fsb_strv key_at;  /* pairs: a key, "FILE:LINE" where a file set it last */
	struct fsb_disturb_limits disturb;  /* when a run is disturbed (disturbed_cpu …) */
};

struct fsb_config {
	char *path;              /* the main file read */
	char *user_path;         /* the user's file layered on top, or NULL */
	struct fsb_fs_profile **fs;
	size_t nfs;
	struct fsb_phase_def **phases;
	size_t nphases;
	struct fsb_size_profile **profiles;
	size_t nprofiles;
	struct fsb_phase_group **groups;  /* the groups with a section, in file order */
	size_t ngroups;
	struct fsb_defaults defaults;
};

/*
 * Load the configuration.  path = NULL searches as described above.  Every
 * problem (syntax, unknown option, bad value, duplicate name, a default that
 * names nothing) is -EINVAL with "FILE:LINE: …" in err.  *out is owned by
 * the caller (fsb_config_free).
 */
int fsb_config_load(const char *path, struct fsb_config **out, struct fsb_err *err);
/* Same, from a string (tests); name is used in messages. */
int fsb_config_load_buf(const char *buf, const char *name, struct fsb_config **out,
			struct fsb_err *err);
/* The system file and the user's file on top of it, both from strings
 * (tests, the fuzzer); user may be NULL. */
int fsb_config_load_layered_buf(const char *sys, const char *sys_name, const char *user,
				const char *user_name, struct fsb_config **out, struct fsb_err *err);
void fsb_config_free(struct fsb_config *cfg);

const struct fsb_fs_profile *fsb_config_fs(const struct fsb_config *cfg, const char *name);
const struct fsb_phase_def *fsb_config_phase(const struct fsb_config *cfg, const char *name);
const struct fsb_size_profile *fsb_config_profile(const struct fsb_config *cfg, const char *name);
/* The group's section, or NULL when the config has none for it. */
const struct fsb_phase_group *fsb_config_group(const struct fsb_config *cfg, const char *name);

/* Where a file set key ("FILE:LINE", from key_at, the pairs of a
 * section's struct), else origin: what a message about that key starts
 * with.  Points into key_at or is origin: the caller frees nothing. */
const char *fsb_config_key_origin(const struct fsb_strv *key_at, const char *origin, const char *key);

/* Names of all phases / filesystems, comma-separated, for error messages. */
char *fsb_config_phase_names(const struct fsb_config *cfg);
char *fsb_config_fs_names(const struct fsb_config *cfg);

/*
 * Template substitution.  vars is a NULL-terminated list of name, value
 * pairs.  Each ${name} is replaced by the value, shell-quoted when quote is
 * true (for command lines) or as is (mount options, paths).  A name given
 * as "@name" in vars is a list of words fsbench built itself (options such
 * as "--variant=minbase --foreign"): it is never quoted.  "$$" is a
 * literal "$".  An unknown variable or an unterminated "${" is -EINVAL with
 * the variable's name in err.  *out is owned by the caller.
 */
int fsb_subst(const char *tmpl, const char *const *vars, bool quote, char **out,
	      struct fsb_err *err);

#endif
