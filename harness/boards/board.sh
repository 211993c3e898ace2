# SPDX-License-Identifier: GPL-2.0
# Sourced, with $top set.  machine_file FILE: FILE if it is a machine
# file; for a board's DTB, the machine file of its memory nodes and no-map
# regions (machine.py from-dtb), under build/boards/machines/, moved up by
# a multiple of 1 GiB when the board's RAM starts below QEMU virt's; says
# by how much on stderr.
machine_file() {
	local f=$1 mf up
	if [ "$(head -c 4 "$f" 2>/dev/null | od -An -tx1 | tr -d ' \n')" != d00dfeed ]; then
		echo "$f"
		return
	fi
	mkdir -p "$top/build/boards/machines"
	mf=$top/build/boards/machines/$(basename "$f" .dtb).mem
	up=$(/usr/bin/python3 "$top/harness/boot/machine.py" from-dtb "$f" "$mf") || return 1
	echo "boot: $(basename "$f"): the DT's memory moved up by $up for QEMU virt" >&2
	echo "$mf"
}
