/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * leftovers.h — what a run created, written down while it runs, so that a
 * killed fsbench (kill -9, an OOM kill) leaves nothing that the next one
 * cannot find and remove.
 *
 * The state file.  A run that creates anything keeps a small text file,
 * <dir>/<pid>.state, where dir is $FSBENCH_STATE_DIR, else /run/fsbench
 * for root, else $XDG_RUNTIME_DIR/fsbench (no such directory: no state
 * file, and a non-root run creates nothing that outlives it but a work
 * directory).  Its first lines say whose it is:
 *     fsbench-state 1
 *     pid 1234
 *     start 98765        (the process's start time, /proc/PID/stat field 22)
 * then one line per resource, written and flushed right after the resource
 * exists and before the next step depends on it:
 *     image-new PATH       about to create an image there (written first)
 *     image PATH DEV INO   an image file fsbench created (O_EXCL), by inode
 *     keep PATH            --keep-image: the image stays, even after a kill
 *     loop DEV PATH        a loop device attached to it (autoclear)
 *     mnt PATH             a mount point directory (fsbench-mnt.*)
 *     work PATH            a work directory (fsbench-work.*)
 *     device DEV MAJ:MIN   a claimed block device (never removed: only its
 *                          mount on our mount point is undone)
 *     fuse PATH PID START  the crash phase's FUSE write log mounted there
 *                          (devices/crashfs.h), served by process PID that
 *                          started at START; it outlives a killed fsbench
 *                          (PID 0: its directory, before the server starts)
 * Paths are written with %, tab, newline and space as %XX.  The run holds an
 * exclusive flock on the file; the file is removed when the run has released
 * everything.
 *
 * Cleanup.  A state file is dead when nobody holds its lock and its process
 * is gone — the pid AND its start time are checked, so a reused pid does not
 * keep a dead run's leftovers alive.  For a dead file, in this order:
 *   - on each of its mount points: when what is mounted there is ours (a loop
 *     device on one of its images, or its claimed device), the processes
 *     still working on that filesystem (the killed run's phases) are killed,
 *     then it is unmounted (lazily if still busy);
 *   - every loop device attached to one of its images (same inode) is
 *     detached;
 *   - each FUSE write log is unmounted, when what is mounted there is one
 *     (FSB_CRASHFS_TYPE), and its server killed if it is still the same
 *     process; its mount point removed (fsbench-mnt.* only);
 *   - its images are removed, when the path still names the same inode
 *     (an image-new without its inode line is only named: killed in that
 *     instant, the file may or may not be the run's);
 *   - its mount point and work directories are removed, when their names
 *     carry fsbench's prefix;
 *   - the state file goes.
 * Nothing else is touched: a mount, loop device or file that does not match
 * what the file recorded is left alone, and said so.
 *
 * Errors: functions return 0 or -errno with a message in err (may be NULL).
 */
#ifndef FSB_LEFTOVERS_H
#define FSB_LEFTOVERS_H

#include <stdbool.h>
#include <sys/types.h>

#include "sys/util.h"

struct fsb_leftovers;

/* The directory state files live in, or NULL when there is none (see above).
 * Static storage. */
const char *fsb_leftovers_dir(void);

/*
 * Start this process's state file (creating the directory, mode 0700).
 * *out = NULL and 0 when there is no state directory; -errno when it cannot
 * be written.
 */
int fsb_leftovers_open(struct fsb_leftovers **out, struct fsb_err *err);

/* Write one line: kind, path, and extra (may be NULL) as it is.  l may be
 * NULL (no state file): nothing is done.  0 or -errno. */
int fsb_leftovers_note(struct fsb_leftovers *l, const char *kind, const char *path, const char *extra);

/* "image PATH DEV INO" for a file fsbench has just created. */
int fsb_leftovers_note_image(struct fsb_leftovers *l, const char *path);

/* When process pid started (/proc/PID/stat field 22, clock ticks since
 * boot), what the lines record to tell a process from a later one with its
 * pid; 0 when there is no such process. */
unsigned long long fsb_leftovers_proc_start(pid_t pid);

/* Close, and remove the file when everything was released (all_released).
 * NULL is fine. */
void fsb_leftovers_close(struct fsb_leftovers *l, bool all_released);

/* How a cleanup went, for a front end's exit status: asked, never read
 * from the words of what was said. */
enum fsb_cleanup_status {
	FSB_CLEANUP_DONE,        /* every dead run's leftovers undone (or none found) */
	FSB_CLEANUP_INCOMPLETE,  /* something could not be: its line says "cannot …" */
};

/*
 * Find dead runs' state files and undo what they list.  Every action and
 * every thing left alone is one line in said ("dead run 1234: unmounted
 * /tmp/fsbench-mnt.x (/dev/loop3)"); what could not be undone is a line
 * "dead run 1234: cannot …" and makes *status (may be NULL)
 * FSB_CLEANUP_INCOMPLETE.  Returns how many dead runs were found, or
 * -errno when the state directory cannot be read (a missing one is 0).
 */
int fsb_leftovers_cleanup(struct fsb_strv *said, enum fsb_cleanup_status *status, struct fsb_err *err);

#endif
