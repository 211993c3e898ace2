#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# build/initramfs.cpio.gz: Debian's armhf busybox-static, harness/guest/init
# and the guest test programs, built static for armhf.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/initramfs.cpio.gz
bb=/bin/busybox
deb_bb=$(dpkg -L busybox-static:armhf | grep -x '/bin/busybox\|/usr/bin/busybox' | head -1)
# the peer suites, Debian's armhf builds, dynamically linked
peers="/usr/bin/stress-ng /usr/sbin/memtester"
fresh=1
selftest=$top/build/linux/tools/testing/selftests/densemem/densemem_test.c
[ -f "$selftest" ] || { echo "initramfs: no $selftest: run make tree" >&2; exit 1; }
for f in "$top"/harness/guest/* "$0" "$deb_bb" $peers "$selftest"; do
	[ -f "$out" ] && [ "$out" -nt "$f" ] || fresh=0
done
[ $fresh = 1 ] && exit 0
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,proc,sys,dev,tmp}
cp "$deb_bb" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$top/harness/guest/init" "$root/init"
for t in memtouch workload; do
	arm-linux-gnueabihf-gcc -static -O2 -Wall -Werror -o "$root/bin/$t" \
		"$top/harness/guest/$t.c"
done
# the kselftest, built in the tree so that it finds kselftest_harness.h
arm-linux-gnueabihf-gcc -static -O2 -Wall -Werror -o "$root/bin/densemem_test" "$selftest"
cp "$top/harness/guest/peer.sh" "$root/bin/peer.sh"
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
chmod +x "$root/init" "$root/bin/peer.sh"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -9n) > "$out.tmp"
mv "$out.tmp" "$out"
