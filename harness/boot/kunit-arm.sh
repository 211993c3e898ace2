#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kunit-arm.sh MACHINE...: the densemem KUnit suites through the kernel's
# own tools/testing/kunit/kunit.py, --arch=arm, once per holey machine
# (tools/testing/kunit/qemu_configs/densemem/arm_NAME.py in the tree), one
# build for all
# (one more, with LPAE, for lpae-* machines).
# Each QEMU config must be what harness/boot/machine.py generates from
# machines/NAME.mem, and the kernel must have printed densemem's boot
# lines for its banks.  Ends
# with "kunit-arm: N passed, N failed" (KUnit cases plus these checks).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/build/src/densemem
. "$top/harness/build/worktree.sh"
tree_worktree densemem || { echo "kunit-arm: no tree" >&2; exit 1; }
cc=arm-linux-gnueabihf-
mo=()
command -v ccache >/dev/null && mo=(--make_options "CC=ccache ${cc}gcc")
p=0 f=0
for m in "$@"; do
	cfg=$src/tools/testing/kunit/qemu_configs/densemem/arm_${m//-/_}.py
	log=$top/build/kunit-arm.$m.log
	# RAM above 4 GiB: the LPAE kunitconfig, built apart
	kc=arm bd=$top/build/kunit-arm
	case $m in lpae-*) kc=arm-lpae bd=$top/build/kunit-arm-lpae ;; esac
	# the config's banks are the machine file's: generated from it
	if /usr/bin/python3 "$top/harness/boot/machine.py" kunit-qemu "$top/machines/$m.mem" | cmp -s - "$cfg"
	then echo "ok $m: the QEMU config is generated from machines/$m.mem"; p=$((p + 1))
	else echo "not ok $m: the QEMU config differs from machines/$m.mem (make qemu-configs)"; f=$((f + 1)); fi
	rm -f "$bd.json"
	(cd "$src" && /usr/bin/python3 tools/testing/kunit/kunit.py run --arch=arm \
		--cross_compile=$cc --kunitconfig=mm/densemem/$kc.kunitconfig \
		--qemu_config="$cfg" --build_dir="$bd" --jobs="$(nproc)" \
		"${mo[@]}" --timeout=120 --json="$bd.json") > "$log" 2>&1
	rc=$?
	# the cases from kunit.py's JSON; a missing file is one failure
	res=$(/usr/bin/python3 "$top/harness/boot/kunit_summary.py" "$m" "$bd.json")
	echo "$res" | grep -v "^$m: [0-9]"
	read -r kp kf < <(echo "$res" | sed -n "s/^$m: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p")
	p=$((p + ${kp:-0})) f=$((f + ${kf:-1}))
	[ $rc = 0 ] || [ "${kf:-1}" != 0 ] || { f=$((f + 1)); echo "not ok $m: kunit.py exit $rc, see $log"; }
	# densemem saw every bank: one boot line per mem= bank, none dropped
	n=$(grep -c '^densemem: \[mem .*\] -> \[virt' "$bd/test.log")
	d=$(grep -c '^densemem: \[mem .*dropped' "$bd/test.log")
	nb=$(grep -c '^bank ' "$top/machines/$m.mem")
	if [ "$n" -ge "$nb" ]; then echo "ok $m: $n densemem lowmem lines for $nb banks ($d dropped)"; p=$((p + 1))
	else echo "not ok $m: $n densemem lowmem lines for $nb banks"; f=$((f + 1)); fi
	cp "$bd/test.log" "$top/build/kunit-arm.$m.console.log"
done
echo "kunit-arm: $p passed, $f failed"
[ $f = 0 ]
