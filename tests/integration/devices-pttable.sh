#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A whole disk with a partition table (gpt and dos) is refused unless it is
# picked as a whole disk with --whole-disk.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog sfdisk partx
for label in gpt dos; do
	disk=$(new_pdisk 64M "$label")
	expect_refused "$disk" "a whole disk with a $label partition table: pick a partition, or pass --whole-disk"
	expect_usable "$disk" --whole-disk
done
