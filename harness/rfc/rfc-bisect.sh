#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rfc-bisect.sh CONFIG...: build every commit of base..densemem with each
# config fragment (options a commit does not know yet simply do not take),
# so that the series bisects; and on x86_64 and arm64 (defconfig with OF,
# CMA, page_ext, KUnit and densemem's layout suite) the generic code the
# series touches: mm/, drivers/of/ and kernel/vmcore_info.o, with no
# warning in a densemem file.  Slow: not part of make check.
# RFC_BISECT_RANGE=A..B builds only those commits (after a change to some);
# RFC_BISECT_GENERIC="" leaves the other architectures out.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$top/build/linux
src=$top/build/src/bisect
cross=arm-linux-gnueabihf-
cc=${cross}gcc
command -v ccache >/dev/null && cc="ccache $cc"
[ -d "$src" ] || { git -C "$tree" worktree prune; git -C "$tree" worktree add -q --detach "$src" base; }
fail=0 pass=0
generic=${RFC_BISECT_GENERIC-x86_64 arm64}
# generic ARCH: the series' generic objects for another architecture
generic() {
	local arch=$1 obj=$top/build/bisect/generic-$1 x=
	[ "$arch" = arm64 ] && x=aarch64-linux-gnu-
	mkdir -p "$obj"
	mkg() { make -s -C "$src" O="$obj" ARCH="$arch" CROSS_COMPILE=$x \
		CC="${ccache}${x}gcc" "$@"; }
	printf '%s\n' CONFIG_OF=y CONFIG_OF_RESERVED_MEM=y CONFIG_CMA=y \
		CONFIG_PAGE_OWNER=y CONFIG_KUNIT=y CONFIG_DENSEMEM_KUNIT_TEST=y \
		CONFIG_KEXEC=y CONFIG_CRASH_DUMP=y > "$obj/../generic.fragment"
	mkg defconfig >/dev/null 2>&1 &&
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"$obj/../generic.fragment" >/dev/null 2>&1 &&
	mkg olddefconfig >/dev/null 2>&1 &&
	mkg -j"$(nproc)" mm/ drivers/of/ kernel/vmcore_info.o > "$obj/../generic-$arch.log" 2>&1 &&
	! grep -E '(mm/densemem/[^ :]*|densemem[^/ :]*)\.[ch]:[0-9]+:[0-9]+: warning' "$obj/../generic-$arch.log"
}
ccache=
command -v ccache >/dev/null && ccache="ccache "
for c in $(git -C "$tree" rev-list --reverse "${RFC_BISECT_RANGE:-base..densemem}"); do
	git -C "$src" checkout -q -f --detach "$c"
	for k in "$@"; do
		obj=$top/build/bisect/$k
		mkdir -p "$obj"
		bash "$top/harness/build/fragment.sh" "$k" > "$obj/../$k.fragment"
		if make -s -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=$cross CC="$cc" \
			KCONFIG_ALLCONFIG="$obj/../$k.fragment" allnoconfig >/dev/null 2>&1 &&
		   make -s -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=$cross CC="$cc" \
			-j"$(nproc)" zImage > "$obj/../$k.log" 2>&1; then
			echo "ok $(git -C "$src" log -1 --format='%h %s') [$k]"; pass=$((pass + 1))
		else
			echo "not ok $(git -C "$src" log -1 --format='%h %s') [$k]"
			tail -5 "$obj/../$k.log" | sed 's/^/  # /'; fail=$((fail + 1))
		fi
	done
	for a in $generic; do
		if generic "$a"; then
			echo "ok $(git -C "$src" log -1 --format='%h %s') [$a: generic objects]"; pass=$((pass + 1))
		else
			echo "not ok $(git -C "$src" log -1 --format='%h %s') [$a: generic objects]"
			tail -5 "$top/build/bisect/generic-$a.log" | sed 's/^/  # /'; fail=$((fail + 1))
		fi
	done
done
echo "rfc-bisect: $pass passed, $fail failed"
[ $fail = 0 ]
