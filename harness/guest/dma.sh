#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# DMA through the memory model: the virtio-blk disk /dev/vda (boot.sh
# DMA=MIB), which uses the DMA API, is written from a file of random
# bytes, the page cache is dropped, and the disk is read back; then the
# same with O_DIRECT.  The device moves every byte to and
# from the physical addresses the DMA API gave it (dma_map_page(), from
# page_to_phys()); a wrong translation puts the data in another page and
# the read-back differs.  memtouch ran first, so the page cache pages come
# from free lists that span the banks.
mib=$1
name=dma
# an initramfs gets no automatic devtmpfs
[ -b /dev/vda ] || mount -t devtmpfs devtmpfs /dev 2>/dev/null
if [ ! -b /dev/vda ]; then
	echo "DENSEMEM-TEST $name rc=1 no /dev/vda"
	echo "DENSEMEM-TESTS passed=0 failed=1"
	exit 1
fi
# the disk must go through the DMA API: VIRTIO_F_ACCESS_PLATFORM, feature
# bit 33, negotiated (a device without it bypasses dma_map_page())
feat=$(cat /sys/block/vda/device/features 2>/dev/null)
if [ "$(printf '%s' "$feat" | cut -c34)" != 1 ]; then
	echo "DENSEMEM-TEST $name rc=1 VIRTIO_F_ACCESS_PLATFORM not negotiated: the DMA API is not used (features $feat)"
	echo "DENSEMEM-TESTS passed=0 failed=1"
	exit 1
fi
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
# round OFLAG IFLAG: random bytes written to the disk and read back, with
# the page cache dropped in between; sets want and got
round() {
	dd if=/dev/urandom of=/tmp/dma.src bs=1M count="$mib" 2>/dev/null
	dd if=/tmp/dma.src of=/dev/vda bs=1M $1 2>/dev/null
	sync
	echo 3 > /proc/sys/vm/drop_caches
	want=$(md5sum < /tmp/dma.src | cut -d' ' -f1)
	got=$(dd if=/dev/vda bs=1M count="$mib" $2 2>/dev/null | md5sum | cut -d' ' -f1)
}
# through the page cache, then with O_DIRECT, from and into dd's own
# buffer: user pages, which come from the highest zone first
# (ZONE_MOVABLE above 4 GiB on LPAE), where a block device's page cache
# (GFP_USER) never lies
round conv=fsync ""
[ "$want" = "$got" ] && round oflag=direct iflag=direct
rm -f /tmp/dma.src
# devices limited to 32 bits (machine file "dma32 yes", only with RAM
# above 4 GiB): the direct transfers to that RAM bounced through swiotlb
bounced=$(cat /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null || echo 0)
if [ -e /proc/device-tree/dma32-bus/dma-ranges ] && [ "$bounced" = 0 ]; then
	echo "DENSEMEM-TEST $name rc=1 mib=$mib devices limited to 32 bits, yet no swiotlb slot was used" \
		"($(ls /sys/kernel/debug/swiotlb 2>&1 | tr '\n' ' '); wrote $want read $got)"
	echo "DENSEMEM-TESTS passed=0 failed=1"
elif [ "$want" = "$got" ] && [ -n "$want" ]; then
	echo "DENSEMEM-TEST $name rc=0 mib=$mib md5=$got swiotlb_hiwater=$bounced"
	echo "DENSEMEM-TESTS passed=1 failed=0"
else
	echo "DENSEMEM-TEST $name rc=1 mib=$mib wrote $want read $got"
	echo "DENSEMEM-TESTS passed=0 failed=1"
fi
