#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# mutation.sh: show that the tests catch a wrong table entry.  The mutant
# layout builder maps the last physical chunk one dense chunk too low, so
# it aliases the chunk before it: the bug the translations must never
# have.  The host tests, the fuzzer and the boot test of a kernel built
# with the mutant (KUnit densemem_translate, memtouch, accounting) run on
# it; each must fail.  Prints "mutation: N passed, N failed", a pass being
# a suite that caught the mutant.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
mut=$top/build/mutant
mkdir -p "$mut"
mutate() {	# mutate FILE: the wrong entry, just before the builder returns
	/usr/bin/python3 - "$1" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = "\tm->d2p[m->d2p_nr] = m->d2p[m->d2p_nr - 1];\n\treturn 0;\n"
assert old in s, "mutation point not found"
s = s.replace(old, "\tm->d2p[m->d2p_nr] = m->d2p[m->d2p_nr - 1];\n"
              "\tif (m->p2d_nr > 1)\t/* MUTANT */\n"
              "\t\tm->p2d[m->p2d_nr - 1] -= 1UL << pshift;\n\treturn 0;\n")
open(p, "w").write(s)
PY
}
pass=0 fail=0
caught() {	# caught NAME STATUS: the suite must have failed (STATUS != 0)
	if [ "$2" != 0 ]; then echo "ok $1 catches the mutant"; pass=$((pass + 1))
	else echo "not ok $1 passed on the mutant"; fail=$((fail + 1)); fi
}

cp "$top/mm/densemem/layout.c" "$mut/layout.c"
mutate "$mut/layout.c"
make -s -C "$top/tools/testing/densemem" SRC="$mut/layout.c" OUT=out-mutant run > "$mut/host.log" 2>&1
caught "host tests (layout_test)" $?
timeout 120 make -s -C "$top/tools/testing/densemem" SRC="$mut/layout.c" FUZZ_OUT=out-mutant-fuzz fuzz FUZZ_SECONDS=30 \
	> "$mut/fuzz.log" 2>&1
caught "fuzzer (30 s)" $?
rm -rf "$top/tools/testing/densemem/out-mutant" "$top/tools/testing/densemem/out-mutant-fuzz"

# the kernel: tag "mutant" = the series plus the mutation
tree=$top/build/linux
git -C "$tree" worktree prune
rm -rf "$mut/src"
git -C "$tree" worktree add -q --detach "$mut/src" densemem
mutate "$mut/src/mm/densemem/layout.c"
git -C "$mut/src" -c user.name=densemem -c user.email=densemem@invalid commit -q -a -m "MUTANT: alias the last chunk"
git -C "$tree" tag -f mutant "$(git -C "$mut/src" rev-parse HEAD)" >/dev/null
git -C "$tree" worktree remove --force "$mut/src"
{ echo "# tree: mutant"; grep -v '^# tree:' "$top/configs/densemem-2g-opt.config"; } \
	> "$top/configs/densemem-mutant.config"
bash "$top/harness/kernel.sh" densemem-mutant > "$mut/kernel.log" 2>&1 || { echo "mutation: kernel build failed"; exit 1; }
rm -f "$top/configs/densemem-mutant.config"
BOOT_TIMEOUT=120 bash "$top/harness/boottest.sh" "$top/machines/virt-tri.mem" densemem-mutant ram > "$mut/boot.log" 2>&1
# KUnit can only catch what boots far enough to run it
if grep -q '"booted": true' "$mut/boot.log"; then
	grep -q "^not ok .*KUnit densemem_translate" "$mut/boot.log"
	caught "KUnit densemem_translate at boot" $((1 - $?))
else
	echo "# KUnit densemem_translate not reached: the mutant kernel does not boot ($(sed -n 's/.*"reason": "\([^"]*\)".*/\1/p' "$mut/boot.log"))"
fi
grep -q "^not ok " "$mut/boot.log"; caught "boottest on virt-tri" $((1 - $?))
sed -n 's/^not ok /  # failed on the mutant: /p' "$mut/boot.log"
echo "mutation: $pass passed, $fail failed"
[ $fail = 0 ]
