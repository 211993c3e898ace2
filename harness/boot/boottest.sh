#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# boottest.sh MACHINE KCONFIG LOWMEM: boot, then check that the guest
# booted, that ram == lowmem + highmem + ignored, and the lowmem figure
# (bytes, or "ram" for all of the machine's RAM), that the guest's tests
# (memtouch) passed and that the kernel printed no warning; with SMP=N that
# N CPUs came up, with DMA=MIB that the virtio-blk disk read back what
# was written, with KEXEC=1 that the kernel kexec'd into itself and the
# second one printed the same densemem lines, with HIBERNATE=same|moved
# that a second run resumed the image the first wrote (or refused it).  For densemem kernels,
# also check the boot lines against the machine file: the ranges they
# name cover exactly the banks, byte for byte, and nothing is missing,
# and densemem-plan prints the same boot lines from the machine file and
# from the DTB the kernel was given.  The checks are harness/bootcheck.py.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/harness/boards/board.sh"
m=$(machine_file "$1" 2>/dev/null) || m=$1
res=$(bash "$top/harness/boot/boot.sh" "$1" "$2" | tail -1)
echo "$res"
name=$(basename "$m" .mem)
/usr/bin/python3 "$top/harness/boot/bootcheck.py" --result "$res" --want "$3" --machine "$m" \
	--log "$top/build/boot/$name.$2${PEER:+.peer}${KEXEC:+.kexec}${KDUMP:+.kdump}${HIBERNATE:+.hibernate-$HIBERNATE}/console.log" \
	--kconfig-file "$top/build/kernels/$2/config" \
	--plan "$top/harness/boards/plan.sh" \
	${PEER:+--peer} ${SMP:+--smp "$SMP"} ${DMA:+--dma "$DMA"} ${KEXEC:+--kexec} ${KDUMP:+--kdump} ${HIBERNATE:+--hibernate "$HIBERNATE"}
