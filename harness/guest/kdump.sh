#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kdump (boot.sh KDUMP=1), as Debian's kdump-tools does it, in two steps.
#
# kdump.sh crash: in the kernel under test (crashkernel= on its command
# line), fill a page past the first hole with a pattern (kdumppat), load
# the same kernel as its capture kernel with kexec -p, and crash through
# sysrq.  Only returns if that failed.
#
# kdump.sh capture: in the capture kernel (elfcorehdr= on its command
# line): the pattern page is in /proc/vmcore, and Debian's makedumpfile
# either reads the dump or refuses it with an error; it must not write a
# filtered dump of a DENSEMEM kernel, which it would take for FLATMEM's
# and filter by the wrong struct pages.
pass=0 fail=0
t() {	# t NAME RC WHAT
	echo "DENSEMEM-TEST kdump-$1 rc=$2 $3"
	if [ "$2" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}

case $1 in
crash)
	# the start of the second System RAM range, the first bank past a
	# hole: the buddy allocator hands out low pages first, so the page
	# comes after the first bank, within 80 % of MemAvailable
	bank=$(awk -F' : ' '/^[0-9a-f]+-[0-9a-f]+ : System RAM$/ && ++n == 2 { split($1, r, "-");
		print "0x" r[1] }' /proc/iomem)
	avail=$(awk '/^MemAvailable:/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
	/bin/kdumppat write "$bank" "$avail" > /tmp/kdumppat.out 2>&1 &
	pid=$!
	while ! grep -q phys= /tmp/kdumppat.out && kill -0 $pid 2>/dev/null; do
		sleep 1
	done
	cat /tmp/kdumppat.out
	phys=$(sed -n 's/.*phys=\(0x[0-9a-f]*\).*/\1/p' /tmp/kdumppat.out)
	[ -n "$phys" ] || { t pattern 1 "no page of the bank at $bank in $avail MiB"; echo "DENSEMEM-TESTS passed=$pass failed=$fail"; exit 1; }
	cmdline=$(sed 's/ *densemem\.kdump=1//; s/ *crashkernel=[^ ]*//' /proc/cmdline)
	zsize=$(wc -c < /kexec/zImage)
	# kexec-tools gives the capture kernel the crashkernel region as its
	# memory, and elfcorehdr= with the crashed kernel's RAM
	if kexec -p /kexec/zImage --dtb=/sys/firmware/fdt --initrd=/kexec/initrd.cpio.gz \
		--image-size=$((zsize * 5)) \
		--command-line="$cmdline maxcpus=1 reset_devices densemem.capture=$phys"; then
		echo "DENSEMEM-KDUMP crashing"
		echo c > /proc/sysrq-trigger
	fi
	t load 1 "kexec -p failed"
	echo "DENSEMEM-TESTS passed=$pass failed=$fail"
	;;
capture)
	phys=$(sed -n 's/.*densemem\.capture=\(0x[0-9a-f]*\).*/\1/p' /proc/cmdline)
	[ -r /proc/vmcore ] && t vmcore 0 "/proc/vmcore of $(wc -c < /proc/vmcore) bytes" ||
		t vmcore 1 "no /proc/vmcore"
	/bin/kdumppat check "$phys" && pass=$((pass + 1)) || fail=$((fail + 1))
	# what kdump-tools runs: makedumpfile -c -d 31 /proc/vmcore FILE
	# (-d 31 leaves out zero, cache, user and free pages)
	out=$(makedumpfile -d 31 /proc/vmcore /tmp/dump 2>&1)
	rc=$?
	echo "$out" | sed 's/^/DENSEMEM-KDUMP makedumpfile: /'
	if [ ! -r /proc/vmcore ]; then
		t makedumpfile 1 "not run: no /proc/vmcore"
	elif [ $rc != 0 ]; then
		t makedumpfile 0 "makedumpfile refused the dump (rc $rc): $(echo "$out" | grep -m1 -i "can't\|cannot\|error" )"
	else
		t makedumpfile 1 "makedumpfile wrote a filtered dump of a DENSEMEM kernel"
	fi
	echo "DENSEMEM-TESTS passed=$pass failed=$fail"
	;;
esac
