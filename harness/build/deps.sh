#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install, as root through apt, whatever the workspace needs and is missing.
# gcc-multilib is deliberately absent: on Debian 12 it conflicts with
# gcc-arm-linux-gnueabihf, so 32-bit host tests run as armhf binaries under
# qemu-arm instead (which tests Arm's own 32-bit arithmetic, not i386's).
set -eu

need="linux-source-6.12 gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-aarch64-linux-gnu qemu-system-arm qemu-user-static
device-tree-compiler python3-libfdt ccache bc flex bison libssl-dev libelf-dev cpio
kmod xz-utils git make gcc clang libclang-rt-14-dev sparse libfdt-dev python3-ply python3-git gnuplot-nox python3-sphinx"
armhf="busybox-static:armhf stress-ng:armhf memtester:armhf kexec-tools:armhf makedumpfile:armhf"

missing=""
for p in $need $armhf; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages:$missing (run 'make deps' as root)" >&2
	exit 1
fi
echo "deps: installing$missing"
dpkg --print-foreign-architectures | grep -qx armhf || dpkg --add-architecture armhf
# A mirror in the middle of a sync fails one index ("File has unexpected
# size"): retry, then go on with the lists that did load, and say so.
for try in 1 2 3; do
	apt-get update -qq && break
	[ $try = 3 ] && echo "deps: apt-get update failed 3 times: installing from the lists it has" >&2
	sleep 10
done
# Without the armhf index of bookworm-security, an armhf library's
# candidate lags its amd64 twin, and a Multi-Arch: same pair must have one
# version: apt then gives up ("held broken packages").  Pin each such pair
# to the armhf candidate (a version the amd64 side has too) and try again.
pins=""
for round in 1 2 3 4 5; do
	out=$(DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		$missing $pins 2>&1) && break
	skew=$(echo "$out" | grep -o 'Depends: [^ ]*:armhf' | sed 's/Depends: //' | sort -u)
	# and what needs the exact version of a pinned library (libssl-dev)
	exact=$(echo "$out" | sed -n 's/^ *\([^ ]*\) : Depends: [^ ]* (= [^)]*) but \([^ ]*\) is to be installed.*/\1=\2/p')
	if [ -z "$skew$exact" ] || [ $round = 5 ]; then
		echo "$out" | tail -20 >&2
		echo "deps: apt-get install failed" >&2
		exit 1
	fi
	for l in $skew; do
		v=$(apt-cache policy "$l" | sed -n 's/ *Candidate: //p')
		[ -n "$v" ] && [ "$v" != "(none)" ] && pins="$pins ${l%:armhf}=$v $l=$v"
	done
	pins="$pins $exact"
	echo "deps: versions apt can install together, pinned:$pins"
done
