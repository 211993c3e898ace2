#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's own mm tools that walk physical memory, in the guest of a
# kernel with configs/mm-suites.config; each prints one DENSEMEM-TEST
# line, which harness/boot/bootcheck.py requires when the kernel has the
# option, and all end with one DENSEMEM-TESTS line.
#
# page_owner: reading /sys/kernel/debug/page_owner walks every pfn from
# min_low_pfn to max_pfn, skipping invalid MAX_ORDER blocks by
# pfn_valid(), and reads each page's page_ext.
# page-types (tools/mm) over /proc/kpageflags: every pfn up to max_pfn
# through pfn_to_online_page(); the pfns with a struct page must be the
# dense space's pages, RAM and absorbed holes, no more and no fewer.
passed=0
failed=0
report() {	# rc name what
	echo "DENSEMEM-TEST $2 rc=$1 $3"
	if [ "$1" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null

if [ -r /sys/kernel/debug/page_owner ]; then
	n=$(grep -c '^Page allocated' /sys/kernel/debug/page_owner)
	[ "${n:-0}" -gt 0 ] && rc=0 || rc=1
	report $rc page_owner "records=${n:-0}"
fi

if [ -r /proc/kpageflags ] && [ -r /sys/kernel/debug/densemem/layout ]; then
	got=$(/bin/page-types -b '~nopage' | awk '$1 == "total" { print $2 }')
	# the dense space: its summary line, "lowmem L, highmem H, dropped D,
	# holes X bytes" (L and H count RAM and no-map regions left in it)
	want=$(sed -n 's/.*lowmem \([0-9]*\), highmem \([0-9]*\), dropped [0-9]*, holes \([0-9]*\) bytes.*/\1 \2 \3/p' \
		/sys/kernel/debug/densemem/layout | awk '{ printf "%.0f", ($1 + $2 + $3) / 4096 }')
	[ -n "$got" ] && [ "$got" = "$want" ] && rc=0 || rc=1
	report $rc page-types "pages=${got:-none} dense_pages=${want:-none}"
fi

echo "DENSEMEM-TESTS passed=$passed failed=$failed"
