#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kexec into a second kernel (boot.sh KEXEC=1): the kernel under test
# again, from /kexec/zImage, with the plain initramfs and the DTB this
# kernel was given, so that it finds the same banks.  kexec-tools places
# the images in System RAM by /proc/iomem and the kernel copies and
# relocates them by pfn: both go through densemem's tables.  Only returns
# if kexec failed; the second kernel's init reports as a first boot does.
cmdline=$(sed 's/ *densemem\.kexec=1//' /proc/cmdline)
# kexec-tools puts the initrd right after the decompressed kernel plus the
# zImage, where the decompressor moves itself before inflating, and leaves
# no room for what the decompressor adds to that (its relocation code,
# bss, stack and heap): with a 17 MiB multi_v7 zImage the second kernel
# found its initramfs overwritten.  --image-size gives the kernel five
# zImages of room, kexec-tools' own guess when a zImage has no size tag
# (it takes the larger of that and what the tag says).
zsize=$(wc -c < /kexec/zImage)
echo "DENSEMEM-KEXEC loading /kexec/zImage"
if kexec -l /kexec/zImage --dtb=/sys/firmware/fdt --initrd=/kexec/initrd.cpio.gz \
	--image-size=$((zsize * 5)) --command-line="$cmdline densemem.kexeced=1"; then
	echo "DENSEMEM-KEXEC executing"
	kexec -e
fi
echo "DENSEMEM-TEST kexec rc=1 the second kernel was not started"
echo "DENSEMEM-TESTS passed=0 failed=1"
