#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Not a block device: a regular file, a directory, a character device, a
# path that does not exist.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

truncate -s 64M "$SCRATCH/file.img"
expect_refused "$SCRATCH/file.img" "not a block device \\(it is a regular file\\)"
mkdir "$SCRATCH/dir"
expect_refused "$SCRATCH/dir" "not a block device \\(it is a directory\\)"
expect_refused /dev/null "not a block device \\(it is a character device\\)"
expect_refused "$SCRATCH/nothing-here" "does not exist"
