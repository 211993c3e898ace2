#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debian-boot.sh: Debian's armhf kernels on the holey machines.  Ours,
# Debian's armmp and armmp-lpae configs with DENSEMEM
# (configs/debian-armmp*.config; zImage, modules left as modules), go
# through make boottest's checks (harness/boot/boottests.sh); Debian's
# own vmlinuz of each flavor (harness/build/debian.sh FLAVOR stock) boots
# on the same machines beside them, for its figures: what a Debian user
# has today.  build/report/debian.md has both, one row per boot.  Slow:
# two distribution kernels to build, not part of make check.
# DEBIAN_FLAVORS=armmp boots only that flavor.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# MACHINE:LOWMEM, as make boottest gives them for densemem-distro and
# densemem-lpae; the Debian kernels have no virtio-blk built in (a
# module), so no DMA and no hibernation boots.  virt-2x-initrd-nomap and
# virt-firmware are left out: carve-outs 16 to 24 MiB into their RAM lie
# inside Debian's 21 MiB kernel image, which densemem rightly refuses to
# set aside ("no-map region overlaps the kernel, the initrd or a
# reservation: not marked"), so their figures are not the machine's.
armmp=${DEBIAN_ARMMP:-"virt-2x512:ram virt-tri:ram virt-carveout:ram virt-touch:ram
virt-2x1g:2147479552 virt-2x1g-cma:2147479552 virt-ragged:1071644672 virt-load:1073741824
virt-initrd-nomap:ram virt-2x1g-cma-hole:2147479552"}
lpae=${DEBIAN_LPAE:-"lpae-split:1879048192 lpae-dma32:1879048192 lpae-small-low:ram
lpae-split-movable:1879048192"}
mkdir -p "$top/build/report"
rep=$top/build/report/debian.results
: > "$rep"
fail=0
for flavor in ${DEBIAN_FLAVORS:-armmp armmp-lpae}; do
	list=$armmp
	[ $flavor = armmp-lpae ] && list=$lpae
	echo "debian-boot: Debian's $flavor config with DENSEMEM, through make boottest's checks"
	# shellcheck disable=SC2046
	bash "$top/harness/boot/boottests.sh" "debian-$flavor" \
		$(for s in $list; do echo "${s%%:*}:debian-$flavor:${s#*:}"; done) || fail=1
	grep '^RESULT ' "$top/build/debian-$flavor.log" >> "$rep"
	echo "debian-boot: Debian's own $flavor kernel on the same machines, for its figures"
	bash "$top/harness/build/debian.sh" $flavor stock >/dev/null || { fail=1; continue; }
	n=0
	for s in $list; do
		n=$((n + 1))
		echo "# stock $flavor: ${s%%:*}, boot $n of $(echo $list | wc -w)"
		bash "$top/harness/boot/boot.sh" "$top/machines/${s%%:*}.mem" "debian-stock-$flavor" |
			grep '^RESULT ' | tee -a "$rep"
	done
done
/usr/bin/python3 "$top/harness/boot/report.py" "$rep" > "$top/build/report/debian.md"
echo "debian-boot: build/report/debian.md"
exit $fail
