#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# vanilla.sh: whether the series (base..densemem of build/linux) applies
# with git am to vanilla Linux 6.12.118, not only to Debian's tree.
#
# The vanilla 6.12.118 tarball is not in Debian's archive any more (the
# linux-6.12 and linux source packages of 6.12.113 to 6.12.118 answer 404
# on deb.debian.org), so the vanilla tree is rebuilt: linux-source-6.12's
# tarball with Debian's own patches reversed, those of the newest
# .debian.tar.xz served (6.12.111-1: 79 patches, all reverse cleanly).
# Debian patches added after 6.12.111 stay in; none touches a file the
# series edits (checked against 6.12.107's genuine orig tarball, which
# CHECK_107=1 also tries the series on: one context line of mm/mm_init.c
# is a 6.12.108+ stable backport, so that run stops at the memory model).
# build/vanilla/: the tarballs, linux/ (tag vanilla, then the series).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/vanilla
tree=$top/build/linux
mkdir -p "$out"
cd "$out"
sec=http://deb.debian.org/debian-security/pool/updates/main/l/linux
main=http://deb.debian.org/debian/pool/main/l/linux
get() {	# get URL SHA256
	local f=${1##*/}
	[ -f "$f" ] || curl -sSf -o "$f" "$1"
	echo "$2  $f" | sha256sum -c --quiet -
}
echo "vanilla: Debian's patches of 6.12.111-1"
get $sec/linux_6.12.111-1.debian.tar.xz e0146c63a70014f23141fe3e4e830e8a5b2627427d449f3e5415d930016be297
rm -rf deb linux series && mkdir deb linux
tar -C deb -xf linux_6.12.111-1.debian.tar.xz
echo "vanilla: linux-source-6.12 less those patches"
tar -C linux -xf /usr/src/linux-source-6.12.tar.xz --strip-components=1
grep -v '^#' deb/debian/patches/series | grep . | tac | while read -r p; do
	patch -d linux -R -p1 -f -s --no-backup-if-mismatch < "deb/debian/patches/$p"
done
grep -q '^SUBLEVEL = 118$' linux/Makefile

repo() {	# repo DIR MESSAGE
	git -C "$1" init -q -b main
	git -C "$1" config user.name vanilla
	git -C "$1" config user.email vanilla@invalid
	git -C "$1" config core.excludesFile /dev/null
	git -C "$1" config gc.auto 0
	git -C "$1" add -f -A
	GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z \
		git -C "$1" commit -q -m "$2"
	git -C "$1" tag vanilla
}
echo "vanilla: committing the tree"
repo linux "Linux 6.12.118 rebuilt: linux-source-6.12 less Debian's patches"
echo "vanilla: tree $(git -C linux rev-parse 'vanilla^{tree}')"

git -C "$tree" format-patch -q -o "$out/series" base..densemem
n=$(find series -name '*.patch' | wc -l)
rc=0
for p in series/*.patch; do
	if ! git -C linux am -q --keep-cr "$out/$p"; then
		echo "vanilla: $(basename "$p") does not apply"
		rc=1
		break
	fi
done
echo "vanilla: $(git -C linux rev-list --count vanilla..HEAD) of $n patches applied"

if [ "${CHECK_107:-0}" = 1 ]; then
	get $main/linux_6.12.107.orig.tar.xz efc76d3c78a5d65f42724118c437d11db1c9f6309a5f024ee9a8b1978fdc6919
	rm -rf linux-6.12.107 && tar -xf linux_6.12.107.orig.tar.xz
	repo linux-6.12.107 "Linux 6.12.107 (linux_6.12.107.orig.tar.xz)"
	for p in series/*.patch; do
		git -C linux-6.12.107 am -q --keep-cr "$out/$p" || {
			echo "vanilla: 6.12.107: $(basename "$p") does not apply"
			git -C linux-6.12.107 am --abort
			break
		}
	done
fi
exit $rc
