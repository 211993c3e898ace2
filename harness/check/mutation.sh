#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# mutation.sh: show that the tests catch a wrong table entry.  Two
# mutants, each a patch in harness/check/mutants/: "alias" maps the last
# physical chunk one dense chunk too low, so that it aliases the chunk
# before it (the kernel does not boot); "swap-va" swaps the __va() entries
# of two RAM chunks below the top one on virt-quad, which the kernel
# survives, so that only a check that looks past the tables (the MMU, a
# second mapping) can see it.  The host tests, the fuzzer and the boot
# test of a kernel built with the mutant (KUnit densemem_translate,
# memtouch, accounting) run on it; each must fail.  Prints "mutation: N
# passed, N failed", a pass being a suite that caught the mutant.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
mut=$top/build/mutant
mkdir -p "$mut"
# mutate KIND DIR: apply harness/check/mutants/KIND.patch, a diff of
# mm/densemem/layout.c, in the tree at DIR (patch's fuzz lets it survive
# edits around the mutation point)
mutate() {
	patch -s -p1 -d "$2" < "$top/harness/check/mutants/$1.patch" ||
		{ echo "mutation: harness/check/mutants/$1.patch no longer applies" >&2; exit 1; }
}
pass=0 fail=0
caught() {	# caught NAME STATUS: the suite must have failed (STATUS != 0)
	if [ "$2" != 0 ]; then echo "ok $1 catches the mutant"; pass=$((pass + 1))
	else echo "not ok $1 passed on the mutant"; fail=$((fail + 1)); fi
}

for spec in alias:virt-tri swap-va:virt-quad; do
	kind=${spec%%:*} machine=${spec#*:}
	echo "# mutant $kind"
	rm -rf "$mut/host" && mkdir -p "$mut/host/mm/densemem"
	cp "$top/mm/densemem/layout.c" "$mut/host/mm/densemem/layout.c"
	mutate $kind "$mut/host"
	make -s -C "$top/tools/testing/densemem" SRC="$mut/host/mm/densemem/layout.c" OUT=out-mutant run > "$mut/host.$kind.log" 2>&1
	caught "$kind: host tests (layout_test)" $?
	timeout 120 make -s -C "$top/tools/testing/densemem" SRC="$mut/host/mm/densemem/layout.c" FUZZ_OUT=out-mutant-fuzz fuzz FUZZ_SECONDS=30 \
		> "$mut/fuzz.$kind.log" 2>&1
	caught "$kind: fuzzer (30 s)" $?
	rm -rf "$top/tools/testing/densemem/out-mutant" "$top/tools/testing/densemem/out-mutant-fuzz"

	# the kernel: tag "mutant" = the series plus the mutation
	tree=$top/build/linux
	git -C "$tree" worktree prune
	rm -rf "$mut/src"
	git -C "$tree" worktree add -q --detach "$mut/src" densemem
	mutate $kind "$mut/src"
	git -C "$mut/src" -c user.name=densemem -c user.email=densemem@invalid commit -q -a -m "MUTANT: $kind"
	git -C "$tree" tag -f mutant "$(git -C "$mut/src" rev-parse HEAD)" >/dev/null
	git -C "$tree" worktree remove --force "$mut/src"
	{ echo "# tree: mutant"; grep -v '^# tree:' "$top/configs/densemem-2g-opt.config"; } \
		> "$top/configs/densemem-mutant.config"
	bash "$top/harness/build/kernel.sh" densemem-mutant > "$mut/kernel.log" 2>&1 || { echo "mutation: kernel build failed"; exit 1; }
	rm -f "$top/configs/densemem-mutant.config"
	BOOT_TIMEOUT=120 bash "$top/harness/boot/boottest.sh" "$top/machines/$machine.mem" densemem-mutant ram > "$mut/boot.$kind.log" 2>&1
	# KUnit can only catch what boots far enough to run it
	if grep -q '"booted": true' "$mut/boot.$kind.log"; then
		grep -q "^not ok .*KUnit densemem_translate" "$mut/boot.$kind.log"
		caught "$kind: KUnit densemem_translate at boot" $((1 - $?))
		grep -E "^\s+(not ok|# dm_|# Expected|.*Expected)" "$top/build/boot/$machine.densemem-mutant/console.log" |
			head -6 | sed 's/^ */  # kunit: /'
	else
		echo "# $kind: KUnit densemem_translate not reached: the mutant kernel does not boot ($(sed -n 's/.*"reason": "\([^"]*\)".*/\1/p' "$mut/boot.$kind.log"))"
	fi
	grep -q "^not ok " "$mut/boot.$kind.log"; caught "$kind: boottest on $machine" $((1 - $?))
	sed -n 's/^not ok /  # failed on the mutant: /p' "$mut/boot.$kind.log"
done
echo "mutation: $pass passed, $fail failed"
[ $fail = 0 ]
