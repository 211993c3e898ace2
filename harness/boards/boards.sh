#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# boards.sh: every .dts of the base tree's arch/arm/boot/dts compiled as
# kbuild does (cpp with include-prefixes, then the tree's dtc), then
# harness/boards/boards.py: build/report/boards.md, the boards whose memory is
# in more than one range and what densemem does with each.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/harness/build/worktree.sh"
tree_worktree base || exit 1
src=$top/build/src/base
out=$top/build/boards
dtc=$top/build/kernels/baseline-3g/obj/scripts/dtc/dtc
[ -x "$dtc" ] || bash "$top/harness/build/kernel.sh" baseline-3g > /dev/null || exit 1
mkdir -p "$out" "$top/build/report"
mapfile -t all < <(cd "$src/arch/arm/boot/dts" && find . -name '*.dts' | sed 's|^\./||' | sort)
n=0 bad=0 t0=$SECONDS
for d in "${all[@]}"; do
	n=$((n + 1))
	[ $((n % 200)) = 0 ] && echo "boards: $n of ${#all[@]} compiled ($((SECONDS - t0)) s)"
	dir=$(dirname "$d"); [ "$dir" = . ] && dir=top
	mkdir -p "$out/$dir"
	dtb=$out/$dir/$(basename "$d" .dts).dtb
	[ -s "$dtb" ] && [ "$dtb" -nt "$src/arch/arm/boot/dts/$d" ] && continue
	gcc -E -nostdinc -I "$src/scripts/dtc/include-prefixes" -I "$src/arch/arm/boot/dts/$(dirname "$d")" \
		-undef -D__DTS__ -x assembler-with-cpp "$src/arch/arm/boot/dts/$d" 2>/dev/null |
		"$dtc" -q -I dts -O dtb -i "$src/arch/arm/boot/dts/$(dirname "$d")" \
			-i "$src/scripts/dtc/include-prefixes" -o "$dtb" - 2>/dev/null ||
		{ bad=$((bad + 1)); rm -f "$dtb"; }
done
echo "boards: ${#all[@]} .dts, $bad did not compile"
$(command -v make) -s -C "$top/tools/mm/densemem-plan" >/dev/null
/usr/bin/python3 "$top/harness/boards/boards.py" "$out" "$top/tools/mm/densemem-plan/densemem-plan" \
	"$top/build/report/boards.md"
# docs/board-guide.md, the guide for board maintainers, carries the last
# run's per-layout table, between its markers
/usr/bin/python3 "$top/harness/boards/boards.py" --guide "$top/docs/board-guide.md" \
	"$top/build/report/boards-layouts.md"
