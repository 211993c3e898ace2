#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# boottests.sh NAME SPEC...: build the kernels the specs name, then run
# harness/boot/boottest.sh on each, saying which boot of how many it is and
# the time so far.  SPEC is MACHINE:KCONFIG:LOWMEM[:FLAG...], LOWMEM a
# byte count or "ram"; the flags: "peer" (stress-ng and memtester for
# PEER_SECONDS), "smpN" (N CPUs), "dma" (DMA_MIB of virtio-blk DMA),
# "kexec" (the kernel kexecs into itself), "kdump" (it crashes into a
# capture kernel, which checks the dump), "hibernate" (it hibernates and
# a second run resumes it), "hibernate-moved" (the second run has another
# layout and must refuse the image).  The log goes to
# build/NAME.log; closes with "NAME: N passed, N failed".  MACHINE is a
# name of machines/ or the path of a board's DTB.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
name=${1:?usage: boottests.sh NAME SPEC...}
shift
log=$top/build/$name.log
mkdir -p "$top/build"
: > "$log"
t0=$SECONDS
# shellcheck disable=SC2046
bash "$top/harness/build/kernels.sh" "$name" $(printf '%s\n' "$@" | cut -d: -f2 | sort -u) ||
	{ echo "$name: 0 passed, 1 failed"; exit 1; }
# BOOT_JOBS boots at a time (default 2, the cores of the machines this
# runs on; each QEMU is one thread but for smpN); their results are
# printed in the order of the specs, each when it and those before it
# are done
jobs=${BOOT_JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the initramfs once, before boots that would each build it run side by side
bash "$top/harness/boot/initramfs.sh"
next=1
flush() {
	while [ -f "$tmp/$next.done" ]; do
		tee -a "$log" < "$tmp/$next.out" | grep -v "^boottest:"
		next=$((next + 1))
	done
}
i=0
for spec in "$@"; do
	i=$((i + 1))
	IFS=: read -r machine kconfig lowmem flags <<<"$spec"
	peer= smp= dma= kexec= kdump= hib=
	for f in ${flags//:/ }; do
		case $f in
		peer) peer=${PEER_SECONDS:-30} ;;
		smp*) smp=${f#smp} ;;
		dma) dma=${DMA_MIB:-128} ;;
		kexec) kexec=1 ;;
		kdump) kdump=1 ;;
		hibernate) hib=same ;;
		hibernate-moved) hib=moved ;;
		*) echo "$name: $spec: unknown flag $f" >&2; exit 2 ;;
		esac
	done
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
		flush
	done
	echo "# boot $i of $#: $machine on $kconfig, started at $((SECONDS - t0)) s"
	# a name of machines/, or a path (a board's DTB)
	case $machine in */*) file=$machine ;; *) file=$top/machines/$machine.mem ;; esac
	(PEER=$peer SMP=$smp DMA=$dma KEXEC=$kexec KDUMP=$kdump HIBERNATE=$hib \
		bash "$top/harness/boot/boottest.sh" "$file" "$kconfig" "$lowmem" > "$tmp/$i.out" 2>&1
	 echo "# boot $i of $# done at $((SECONDS - t0)) s" >> "$tmp/$i.out"
	 touch "$tmp/$i.done") &
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do
	wait -n
	flush
done
wait
flush
/usr/bin/python3 "$top/harness/check/tally.py" "$name" "$log" boottest
