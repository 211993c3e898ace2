#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A subset of the kernel's own tools/testing/selftests/mm, in the guest:
# the programs that map, move, populate, lock, copy-on-write and seal
# anonymous memory and that run on these kernels (32-bit Arm, no hugetlb,
# THP, KSM, NUMA, userfaultfd or networking), so that a page the memory
# model aliases shows up as a wrong byte or a wrong pagemap entry.
# harness/boot/initramfs.sh builds them and says which are left out and why.
#
# Each program is one kselftest; it passes when it exits 0.  A program
# may have cases that cannot run in a 32-bit process: those are named
# below, and the program then passes when they are its only failures and
# it ran other cases.  A skip of a whole program is a failure.
# One "DENSEMEM-TEST mm/NAME rc=N ..." line per program, then one
# "DENSEMEM-TESTS passed=N failed=N" line.
xfail_of() {
	case $1 in
	# a 2 GiB source or destination does not fit a 32-bit process
	mremap_test) echo '2GB mremap' ;;
	esac
}

pass=0
fail=0
for t in /bin/mm/*; do
	name=${t##*/}
	log=/tmp/mm-$name.log
	"$t" > "$log" 2>&1
	rc=$?
	ok=$(grep -c '^ok ' "$log")
	bad=$(grep '^not ok ' "$log")
	x=$(xfail_of "$name")
	nx=0
	[ -n "$x" ] && nx=$(echo "$bad" | grep -c "$x")
	if [ $rc = 0 ]; then
		verdict=pass
	elif [ -n "$bad" ] && [ "$nx" = "$(echo "$bad" | grep -c .)" ] && [ "$ok" -gt 0 ] &&
		! grep -q 'Bail out' "$log"; then
		verdict=pass
	else
		verdict=fail
	fi
	if [ $verdict = pass ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		{ grep -E '^not ok|Bail out|Assert|Totals' "$log" || tail -5 "$log"; } |
			cut -c1-160 | sed "s|^|mm/$name: |"
	fi
	echo "DENSEMEM-TEST mm/$name rc=$rc $verdict ok=$ok 32-bit-only=$nx"
done
echo "DENSEMEM-TESTS passed=$pass failed=$fail"
