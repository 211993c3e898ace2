#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# debian.sh FLAVOR: print the path of the kernel config Debian ships for
# its armhf FLAVOR (armmp, armmp-lpae): the config.armhf_none_FLAVOR of
# the linux-config-6.12 package for armhf (1.7 MB; the same file as the
# /boot/config-* of linux-image-6.12.118+deb12-FLAVOR), fetched once
# with apt-get download into build/debian/ and unpacked there.
# debian.sh FLAVOR stock: Debian's own kernel of that flavor as
# build/kernels/debian-stock-FLAVOR/{zImage,config} (the vmlinuz and
# config of linux-image-6.12.118+deb12-FLAVOR), for boot.sh, and print
# that directory.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
flavor=${1:?usage: debian.sh armmp|armmp-lpae [stock]}
dir=$top/build/debian
if [ "${2:-}" = stock ]; then
	kdir=$top/build/kernels/debian-stock-$flavor
	[ -s "$kdir/zImage" ] && { echo "$kdir"; exit 0; }
	pkg=linux-image-6.12.118+deb12-$flavor:armhf
	mkdir -p "$dir/stock-$flavor" "$kdir"
	if ! ls "$dir/stock-$flavor"/linux-image-*.deb >/dev/null 2>&1; then
		(cd "$dir/stock-$flavor" && apt-get -o APT::Sandbox::User=root download -q "$pkg") >&2 ||
			{ echo "debian: apt-get download $pkg failed" >&2; exit 1; }
	fi
	rm -rf "$dir/stock-$flavor/pkg"
	dpkg-deb -x "$(ls "$dir/stock-$flavor"/linux-image-*.deb | tail -1)" "$dir/stock-$flavor/pkg"
	cp "$dir/stock-$flavor"/pkg/boot/config-* "$kdir/config"
	cp "$dir/stock-$flavor"/pkg/boot/vmlinuz-* "$kdir/zImage"
	rm -rf "$dir/stock-$flavor/pkg"
	echo "$kdir"
	exit 0
fi
out=$dir/config-$flavor
[ -s "$out" ] && { echo "$out"; exit 0; }
mkdir -p "$dir"
if ! ls "$dir"/linux-config-6.12_*_armhf.deb >/dev/null 2>&1; then
	# apt's sandbox user cannot write into build/: download as we are
	(cd "$dir" && apt-get -o APT::Sandbox::User=root download -q linux-config-6.12:armhf) >&2 ||
		{ echo "debian: apt-get download linux-config-6.12:armhf failed (needs armhf in dpkg's architectures: make deps)" >&2; exit 1; }
fi
deb=$(ls "$dir"/linux-config-6.12_*_armhf.deb | tail -1)
rm -rf "$dir/pkg" && dpkg-deb -x "$deb" "$dir/pkg"
xz -dc "$dir/pkg/usr/src/linux-config-6.12/config.armhf_none_$flavor.xz" > "$out.tmp" ||
	{ echo "debian: no config for $flavor in $deb" >&2; rm -f "$out.tmp"; exit 1; }
mv "$out.tmp" "$out"
echo "$out"
