#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install, as root through apt, whatever the workspace needs and is missing.
# gcc-multilib is deliberately absent: on Debian 12 it conflicts with
# gcc-arm-linux-gnueabihf, so 32-bit host tests run as armhf binaries under
# qemu-arm instead (which tests Arm's own 32-bit arithmetic, not i386's).
set -eu

need="linux-source-6.12 gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-system-arm qemu-user-static
device-tree-compiler python3-libfdt ccache bc flex bison libssl-dev libelf-dev cpio
kmod xz-utils git make gcc clang libclang-rt-14-dev sparse libfdt-dev python3-ply python3-git gnuplot-nox python3-sphinx"
armhf="busybox-static:armhf stress-ng:armhf memtester:armhf kexec-tools:armhf"

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
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
