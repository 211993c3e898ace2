#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# build/initramfs.cpio.gz: Debian's armhf busybox-static, harness/guest/init
# and the guest test programs, built static for armhf.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/initramfs.cpio.gz
bb=/bin/busybox
deb_bb=$(dpkg -L busybox-static:armhf | grep -x '/bin/busybox\|/usr/bin/busybox' | head -1)
# the peer suites, kexec and makedumpfile (Debian's armhf builds,
# dynamically linked)
peers="/usr/bin/stress-ng /usr/sbin/memtester /sbin/kexec /usr/bin/makedumpfile"
fresh=1
selftest=$top/build/linux/tools/testing/selftests/densemem/densemem_test.c
[ -f "$selftest" ] || { echo "initramfs: no $selftest: run make tree" >&2; exit 1; }
# the subset of tools/testing/selftests/mm that runs on these kernels
# (harness/guest/mm-selftests.sh runs them).  Left out, besides what needs
# hugetlb, THP, KSM, NUMA, userfaultfd or GUP_TEST: droppable and
# mseal_test (64-bit only features), map_populate (socketpair(): no
# networking here), mrelease_test (retries until it wins a race with
# the exit of a child, and its last try maps 2 GiB, more than a process
# has under VMSPLIT_2G), compaction_test (hugetlb pages)
mmdir=$top/build/linux/tools/testing/selftests/mm
mmtests="cow madv_populate map_fixed_noreplace mdwe_test mlock2-tests mremap_dontunmap
mremap_test"
for f in "$top"/harness/guest/* "$0" "$deb_bb" $peers "$selftest" "$(dirname "$selftest")/Makefile" \
	"$mmdir"/*.[ch] "$top/build/linux/tools/mm/page-types.c"; do
	[ -f "$out" ] && [ "$out" -nt "$f" ] || fresh=0
done
[ $fresh = 1 ] && exit 0
root=$(mktemp -d)
# The same archive from the same tree in any directory: no path of the
# build in the programs (assert()'s __FILE__), no mtime in the cpio.  Its
# bytes are instructions of every boot (the kernel inflates it), so a
# clone elsewhere would otherwise boot differently (make bench).
pm=-ffile-prefix-map=$top/=
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,proc,sys,dev,tmp}
cp "$deb_bb" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$top/harness/guest/init" "$root/init"
for t in memtouch workload kdumppat uspace; do
	arm-linux-gnueabihf-gcc -static -O2 -Wall -Werror "$pm" -o "$root/bin/$t" \
		"$top/harness/guest/$t.c"
done
# the kselftest, as its own Makefile (lib.mk) builds it in the tree
make -s -C "$(dirname "$selftest")" CC=arm-linux-gnueabihf-gcc OUTPUT="$root/bin" \
	USERCFLAGS="-Werror $pm" USERLDFLAGS=-static >/dev/null
# page-types, as tools/mm builds it, against its libapi
ptdir=$top/build/linux/tools/mm
mkdir -p "$root/libapi"
make -s -C "$top/build/linux/tools/lib/api" CROSS_COMPILE=arm-linux-gnueabihf- \
	OUTPUT="$root/libapi/" >/dev/null
arm-linux-gnueabihf-gcc -static -O2 -w "$pm" -Wl,--build-id=none -I "$ptdir/../lib" -o "$root/bin/page-types" \
	"$ptdir/page-types.c" "$root/libapi/libapi.a"
rm -r "$root/libapi"
cp "$top/harness/guest/peer.sh" "$root/bin/peer.sh"
cp "$top/harness/guest/mm-selftests.sh" "$top/harness/guest/dma.sh" "$top/harness/guest/kexec.sh" \
	"$top/harness/guest/kdump.sh" "$top/harness/guest/hibernate.sh" "$top/harness/guest/mm-suites.sh" "$root/bin/"
# selftests/mm as its Makefile builds them (tools/include/uapi for the
# uapi newer than Debian's armhf headers), static; local_config.h is what
# its check_config.sh writes without liburing (cow's io_uring cases then
# are not built)
mkdir -p "$root/bin/mm" "$root/mmcfg"
: > "$root/mmcfg/local_config.h"
for t in $mmtests; do
	extra=""
	grep -q '"vm_util.h"' "$mmdir/$t.c" && extra="$mmdir/vm_util.c $mmdir/thp_settings.c"
	# -w: upstream's code, whose 32-bit casts warn; not ours to fix here
	arm-linux-gnueabihf-gcc -static -O2 -w -U_FORTIFY_SOURCE "$pm" -I "$mmdir/.." \
		-I "$top/build/linux/tools/include/uapi" -I "$root/mmcfg" \
		-o "$root/bin/mm/$t" "$mmdir/$t.c" $extra -lrt -lpthread -lm
done
rm -r "$root/mmcfg"
# each peer and the closure of its shared libraries, from the armhf tree
libs() {
	arm-linux-gnueabihf-readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
}
todo=$peers
while [ -n "$todo" ]; do
	set -- $todo; f=$1; shift; todo="$*"
	for n in $(libs "$f"); do
		[ -e "$root/lib/arm-linux-gnueabihf/$n" ] && continue
		p=$(ls /lib/arm-linux-gnueabihf/"$n" /usr/lib/arm-linux-gnueabihf/"$n" 2>/dev/null | head -1)
		[ -n "$p" ] || { echo "initramfs: $f needs $n, not installed" >&2; exit 1; }
		mkdir -p "$root/lib/arm-linux-gnueabihf"
		cp -L "$p" "$root/lib/arm-linux-gnueabihf/$n"
		todo="$todo $p"
	done
done
cp -L /lib/ld-linux-armhf.so.3 "$root/lib/ld-linux-armhf.so.3"
cp $peers "$root/bin/"
chmod +x "$root/init" "$root/bin/peer.sh" "$root/bin/mm-selftests.sh" "$root/bin/dma.sh" \
	"$root/bin/kexec.sh" "$root/bin/kdump.sh" "$root/bin/hibernate.sh" "$root/bin/mm-suites.sh"
# (strip, and page-types without a build ID: libapi's -ggdb3 names the
# temporary directory)
arm-linux-gnueabihf-strip "$root"/bin/{memtouch,workload,kdumppat,uspace,densemem_test,page-types} "$root"/bin/mm/*
find "$root" -exec touch -h -d @0 {} +
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet --reproducible -R 0:0 | gzip -9n) > "$out.tmp"
mv "$out.tmp" "$out"
