#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Peer suites, written by others, in the guest: Debian's stress-ng (vm
# stressor, verifying what it wrote) and memtester over PCT % of the RAM
# available now.  One "DENSEMEM-TEST NAME ..." line and one
# "DENSEMEM-TESTS passed=N failed=N" line per suite.
pct=${1:-85}
secs=${2:-30}
avail() { awk '/^MemAvailable:/ { printf "%d", $2 / 1024 }' /proc/meminfo; }

run() {	# run NAME COMMAND...: the suite passes when the command exits 0
	name=$1; shift
	start=$(cut -d' ' -f1 /proc/uptime)
	"$@" > /tmp/$name.log 2>&1
	rc=$?
	end=$(cut -d' ' -f1 /proc/uptime)
	# the last lines, without memtester's spinner and backspaces
	tr -d '\b' < /tmp/$name.log | sed 's/[-\\|\/]\{3,\}//g; s/  */ /g' | tail -4 |
		cut -c1-160 | sed "s/^/$name: /"
	echo "DENSEMEM-TEST $name rc=$rc seconds=$(awk "BEGIN { print $end - $start }")"
	if [ $rc = 0 ]; then
		echo "DENSEMEM-TESTS passed=1 failed=0"
	else
		echo "DENSEMEM-TESTS passed=0 failed=1"
	fi
}

mb=$(( $(avail) * pct / 100 ))
run stress-ng stress-ng --vm 1 --vm-bytes "${mb}M" --vm-keep --verify \
	--timeout "${secs}s" --metrics-brief
# memtester: its stuck-address pass and the random-value test, once
# (MEMTESTER_TEST_MASK; the full set would take hours under TCG)
mb=$(( $(avail) * pct / 100 ))
MEMTESTER_TEST_MASK=${MEMTESTER_TEST_MASK:-1}
export MEMTESTER_TEST_MASK
run memtester memtester "${mb}M" 1
