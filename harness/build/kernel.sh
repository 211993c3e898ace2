#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh NAME: build build/kernels/NAME/zImage (and the realview-pbx-a9
# DTB) from configs/common.config + configs/NAME.config and the fragments
# its "# with:" lines name (harness/build/fragment.sh; on allnoconfig, or
# on the defconfig a "# base:" line names, or with "# base: debian:FLAVOR"
# on the config Debian ships, harness/build/debian.sh), on the tree the
# fragment names in its "# tree:" line (base, seed or densemem: tags of
# build/linux).  Each tag gets a git worktree under build/src/, so switching
# configs never touches the files of another and make stays incremental.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
name=${1:?usage: kernel.sh NAME}
frag=$top/configs/$name.config
[ -f "$frag" ] || { echo "kernel: no configs/$name.config (have: $(cd "$top/configs" && ls | sed -n 's/\.config$//p' | grep -v common | tr '\n' ' '))" >&2; exit 1; }
tag=$(sed -n 's/^# tree: *//p' "$frag" | head -1)
tag=${tag:-densemem}
# "# base: TARGET" (a defconfig): start from it, not from allnoconfig
defconfig=$(sed -n 's/^# base: *//p' "$frag" | head -1)
tree=$top/build/linux
src=$top/build/src/$tag
out=$top/build/kernels/$name
obj=$out/obj
mkdir -p "$obj"

. "$top/harness/build/worktree.sh"
tree_worktree "$tag"

cross=arm-linux-gnueabihf-
cc=${cross}gcc
command -v ccache >/dev/null && cc="ccache $cc"
# the same image from the same tree wherever and however often it is
# built: without KBUILD_BUILD_VERSION the banner's "#N" counts the builds
# of this object directory, and a changed byte of the image changes the
# instructions of the boot that inflates it, and so the phase of every
# timer tick after it (make bench's counts)
export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=densemem KBUILD_BUILD_HOST=qemu
export KBUILD_BUILD_VERSION=1
mk() { make -s -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=$cross CC="$cc" \
	-j"$(nproc)" "$@"; }

bash "$top/harness/build/fragment.sh" "$name" > "$out/fragment.new"
if ! cmp -s "$out/fragment.new" "$out/fragment" || [ ! -f "$obj/.config" ]; then
	mv "$out/fragment.new" "$out/fragment"
	if [ "${defconfig#debian:}" != "$defconfig" ]; then
		# "# base: debian:FLAVOR": the config Debian ships for FLAVOR
		cp "$(bash "$top/harness/build/debian.sh" "${defconfig#debian:}")" "$obj/.config"
		"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
			"$out/fragment" >/dev/null
		mk olddefconfig >/dev/null
	elif [ -n "$defconfig" ]; then
		mk "$defconfig" >/dev/null
		"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
			"$out/fragment" >/dev/null
		mk olddefconfig >/dev/null
	else
		mk KCONFIG_ALLCONFIG="$out/fragment" allnoconfig >/dev/null
	fi
	# Every option the fragment names must have taken: a dependency that
	# silently dropped one would make the kernel something else.  The
	# fragment's own value wins over common.config's, as in Kconfig.
	bad=0
	while IFS='=' read -r k v; do
		case $v in
		n) grep -q "^$k=" "$obj/.config" && { echo "kernel: $name: $k is set, fragment wants n" >&2; bad=1; } ;;
		*) grep -qx "$k=$v" "$obj/.config" || { echo "kernel: $name: $k=$v did not take ($(grep "^$k=\|^# $k " "$obj/.config" || echo absent))" >&2; bad=1; } ;;
		esac
	done < <(grep -E '^CONFIG_[A-Za-z0-9_]+=' "$out/fragment" |
		 awk -F= '{ last[$1] = $0 } END { for (k in last) print last[k] }')
	[ $bad = 0 ] || { rm -f "$obj/.config"; exit 1; }
else
	rm -f "$out/fragment.new"
fi

# CONFIG_ONLY=1: the resolved config, build/kernels/NAME/config, and no build
if [ -n "${CONFIG_ONLY:-}" ]; then
	cp "$obj/.config" "$out/config"
	exit 0
fi
echo "kernel: building $name on $tag ($(git -C "$src" log -1 --format=%h))"
# a long build (multi_v7: thousands of objects) says how far it is, once a
# minute, on stderr (callers keep stdout for the result): objects written
# since it started, of those the last build left (a rebuild after a header
# change writes most of them again)
t0=$SECONDS
stamp=$out/.build-start
touch "$stamp"
total=$(find "$obj" -name '*.o' 2>/dev/null | wc -l)
( while sleep 60; do
	echo "kernel: $name: $(find "$obj" -name '*.o' -newer "$stamp" 2>/dev/null | wc -l) objects built, of $total last time ($((SECONDS - t0)) s)" >&2
done ) &
ticker=$!
# '|| true': a failing command in an EXIT trap would be the script's status
trap 'kill $ticker 2>/dev/null || true' EXIT
mk zImage arm/arm-realview-pbx-a9.dtb 2> "$out/build.err" || { cat "$out/build.err" >&2; exit 1; }
cat "$out/build.err" >&2
# the series' own files build without a warning (ccache replays the
# warnings of a cached object, so an unchanged file still shows its own)
if grep -E '(mm/densemem/[^ :]*|densemem[^/ :]*)\.[ch]:[0-9]+:[0-9]+: warning' "$out/build.err" >&2; then
	echo "kernel: $name: densemem's files warn (above)" >&2
	exit 1
fi
cp "$obj/arch/arm/boot/zImage" "$out/zImage.new" && mv "$out/zImage.new" "$out/zImage"
cp "$obj/arch/arm/boot/dts/arm/arm-realview-pbx-a9.dtb" "$out/pbx-a9.dtb"
cp "$obj/.config" "$out/config"
echo "kernel: build/kernels/$name/zImage"
