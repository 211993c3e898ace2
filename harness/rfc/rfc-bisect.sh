#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rfc-bisect.sh CONFIG...: build every commit of base..densemem with each
# config fragment (options a commit does not know yet simply do not take),
# so that the series bisects.  Slow: not part of make check.
# RFC_BISECT_RANGE=A..B builds only those commits (after a change to some).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$top/build/linux
src=$top/build/src/bisect
cross=arm-linux-gnueabihf-
cc=${cross}gcc
command -v ccache >/dev/null && cc="ccache $cc"
[ -d "$src" ] || { git -C "$tree" worktree prune; git -C "$tree" worktree add -q --detach "$src" base; }
fail=0 pass=0
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
done
echo "rfc-bisect: $pass passed, $fail failed"
[ $fail = 0 ]
