#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# build/initramfs.cpio.gz: Debian's armhf busybox-static, harness/guest/init
# and the guest test programs, built static for armhf.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/initramfs.cpio.gz
bb=/bin/busybox
deb_bb=$(dpkg -L busybox-static:armhf | grep -x '/bin/busybox\|/usr/bin/busybox' | head -1)
if [ -f "$out" ] && [ "$out" -nt "$top/harness/guest/init" ] &&
	[ "$out" -nt "$top/harness/guest/memtouch.c" ] && [ "$out" -nt "$0" ] && [ "$out" -nt "$deb_bb" ]; then
	exit 0
fi
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,proc,sys,dev,tmp}
cp "$deb_bb" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$top/harness/guest/init" "$root/init"
arm-linux-gnueabihf-gcc -static -O2 -Wall -Werror -o "$root/bin/memtouch" \
	"$top/harness/guest/memtouch.c"
chmod +x "$root/init"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -9n) > "$out.tmp"
mv "$out.tmp" "$out"
