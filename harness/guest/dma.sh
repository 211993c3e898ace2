#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# DMA through the memory model: the virtio-blk disk /dev/vda (boot.sh
# DMA=MIB) is written from a file of random bytes, the page cache is
# dropped, and the disk is read back.  The device moves every byte to and
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
dd if=/dev/urandom of=/tmp/dma.src bs=1M count="$mib" 2>/dev/null
dd if=/tmp/dma.src of=/dev/vda bs=1M conv=fsync 2>/dev/null
sync
echo 3 > /proc/sys/vm/drop_caches
want=$(md5sum < /tmp/dma.src | cut -d' ' -f1)
got=$(dd if=/dev/vda bs=1M count="$mib" 2>/dev/null | md5sum | cut -d' ' -f1)
rm -f /tmp/dma.src
if [ "$want" = "$got" ] && [ -n "$want" ]; then
	echo "DENSEMEM-TEST $name rc=0 mib=$mib md5=$got"
	echo "DENSEMEM-TESTS passed=1 failed=0"
else
	echo "DENSEMEM-TEST $name rc=1 mib=$mib wrote $want read $got"
	echo "DENSEMEM-TESTS passed=0 failed=1"
fi
