#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Bad machine files are refused before QEMU starts, naming file and line;
# the boot checks catch what they are for on a recorded boot.
top=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
pass=0 fail=0
expect() {	# NAME PATTERN CONTENT
	printf '%s\n' "$3" > "$t/$1.mem"
	out=$(/usr/bin/python3 "$top/harness/boot/machine.py" json "$t/$1.mem" 2>&1); rc=$?
	if [[ $2 == ok ]]; then [[ $rc == 0 ]]; else [[ $rc == 2 && $out == *"$1.mem:"$2* ]]; fi &&
		{ echo "ok $1"; pass=$((pass + 1)); } ||
		{ echo "not ok $1: rc=$rc $out"; fail=$((fail + 1)); }
}
expect overlap "3: bank overlaps the bank of line 2" $'# x\nbank 0x40000000 512M\nbank 0x50000000 512M'
expect nomap_outside "2: nomap region is not inside one bank" $'bank 0x40000000 512M\nnomap 0x80000000 1M'
expect malformed "1: 'bank START SIZE' wanted" 'bank 0x40000000'
expect bad_number "1: not a number" 'bank 0x4000zz00 1M'
expect unknown "2: unknown directive" $'bank 0x40000000 1G\nbanks 0x1 1'
expect too_much_ram "1: bank is outside the RAM virt can give" 'bank 0x10000000 1G'
expect unsorted_is_fine ok $'bank 0x80000000 512M\nbank 0x40000000 512M'
expect raw_dt_passes_overlap ok $'raw-dt yes\nbank 0x40000000 512M\nbank 0x50000000 512M'
expect above_4g_is_fine ok $'bank 0x40000000 1G\nbank 0x140000000 1G'
expect load_outside "3: load address is not page-aligned with 32 MiB of one bank after it" \
	$'bank 0x40000000 256M\nbank 0x80000000 1G\nload 0x50000000'
expect load_unaligned "2: load address is not page-aligned" $'bank 0x40000000 1G\nload 0x42000800'
expect load_in_upper_bank ok $'bank 0x40000000 256M\nbank 0x80000000 1G\nload 0x82000000'
# kunit.py's QEMU configs are generated from the machine files (make
# qemu-configs): each checked-in one must be what its machine file gives
for q in "$top"/kunit/qemu_configs/arm_*.py; do
	m=$(basename "$q" .py); m=${m#arm_}; m=${m//_/-}
	if /usr/bin/python3 "$top/harness/boot/machine.py" kunit-qemu "$top/machines/$m.mem" | cmp -s - "$q"; then
		echo "ok kunit/qemu_configs/$(basename "$q") is machines/$m.mem's"; pass=$((pass + 1))
	else
		echo "not ok kunit/qemu_configs/$(basename "$q") differs from machines/$m.mem (make qemu-configs)"
		fail=$((fail + 1))
	fi
done
# so are the layout tests' memory maps (make test-machines)
if /usr/bin/python3 "$top/harness/boot/machine.py" c-banks "$top"/machines/*.mem |
	cmp -s - "$top/mm/densemem/test_machines.h"; then
	echo "ok mm/densemem/test_machines.h is machines/'s"; pass=$((pass + 1))
else
	echo "not ok mm/densemem/test_machines.h differs from machines/ (make test-machines)"
	fail=$((fail + 1))
fi
# kunit.py's --json as kunit_summary.py counts it: a recorded UML run,
# then the same with one case failed and with one skipped
kj() {	# NAME WANT(passed failed) PYTHON-EDIT
	/usr/bin/python3 -c "import json, sys; d = json.load(open(sys.argv[1])); $3; json.dump(d, open(sys.argv[2], 'w'))" \
		"$top/harness/testdata/kunit-uml.json" "$t/$1.json"
	got=$(/usr/bin/python3 "$top/harness/boot/kunit_summary.py" k "$t/$1.json" | sed -n 's/^k: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
	if [ "$got" = "$2" ]; then echo "ok kunit_summary: $1"; pass=$((pass + 1))
	else echo "not ok kunit_summary: $1: got '$got', want '$2'"; fail=$((fail + 1)); fi
}
kj recorded "32 0" "pass"
kj one_failed "31 1" "d['sub_groups'][0]['sub_groups'][0]['test_cases'][0]['status'] = 'FAIL'"
kj one_skipped "31 0" "d['sub_groups'][0]['sub_groups'][0]['test_cases'][0]['status'] = 'SKIP'"
kj no_case "0 1" "d['sub_groups'] = []"
# the harness's Python modules, each on recorded or made-up input
# (harness/JOB/test-NAME.py, reporting through harness/check/cases.py):
# the boot checks, make boards' memory-map figures, the kdump pattern check,
# make profile's counting,
# the cover letter's tables, the poster's identity, make bench's objdump
# parser, its flat-board intervals and the one pass/fail tally.  ($t is
# the temporary folder.)
for tp in boot/test-bootcheck boards/test-boards guest/test-kdumppat bench/test-profile \
	rfc/test-rfc_cover rfc/test-poster \
	bench/test-objdump_funcs bench/test-interval check/test-tally; do
	n=${tp#*/test-}
	out=$(/usr/bin/python3 "$top/harness/$tp.py")
	echo "$out" | grep -v "^$n: "
	pass=$((pass + $(echo "$out" | sed -n "s/^$n: \([0-9]*\) passed.*/\1/p")))
	fail=$((fail + $(echo "$out" | sed -n "s/^$n: [0-9]* passed, \([0-9]*\) failed/\1/p")))
	echo "$out" | grep -q "^$n: " || fail=$((fail + 1))
done
echo "harnesstest: $pass passed, $fail failed"
[ $fail = 0 ]
