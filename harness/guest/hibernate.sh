#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Hibernation (boot.sh HIBERNATE=same|moved), in two QEMU runs on one
# virtio-blk disk, /dev/vda.
#
# densemem.hibernate=1, the first run: make /dev/vda swap, fill a share
# of memory with memtouch's pattern (it counts the pages it got in the
# highest bank), hibernate to the disk and power off.  The second run's
# kernel resumes the image: this script then returns from "echo disk",
# memtouch reads its pattern back, and init goes on with its tests in
# the resumed kernel.
#
# densemem.hibernate=resume, the second run's own init: the image was
# not resumed, a failure.  densemem.hibernate=refuse: the second run has
# another memory layout (boot.sh HIBERNATE=moved), the kernel must refuse
# the image, say why, and boot on; its init checks the lines and runs the
# other tests.
mode=$1
name=hibernate
report() {	# rc what
	echo "DENSEMEM-TEST $name rc=$1 $2"
	if [ "$1" = 0 ]; then
		echo "DENSEMEM-TESTS passed=1 failed=0"
	else
		echo "DENSEMEM-TESTS passed=0 failed=1"
	fi
}
case $mode in
resume)
	report 1 "the image was not resumed: this is the resuming kernel's own init"
	exit 1 ;;
refuse)
	# snapshot.c's line, and the architecture's, which says why
	if dmesg | grep -q "Image mismatch: architecture specific data" &&
		dmesg | grep -q "densemem: hibernation image of another dense layout"; then
		report 0 "the image of another layout was refused, and the kernel booted on"
	else
		report 1 "the image of another layout was not refused with a reason"
	fi
	exit 0 ;;
esac
[ -b /dev/vda ] || mount -t devtmpfs devtmpfs /dev 2>/dev/null
if ! mkswap /dev/vda >/dev/null || ! swapon /dev/vda; then
	report 1 "no swap on /dev/vda"
	exit 1
fi
# the start of the highest System RAM range: pages there are in the
# upper bank.  The buddy allocator hands out low pages first: memtouch
# takes up to 70 % of MemAvailable, until it has 16 MiB in that bank.
top=$(awk -F' : ' '/^[0-9a-f]+-[0-9a-f]+ : System RAM$/ { split($1, r, "-"); s = r[1] }
	END { print s }' /proc/iomem)
rm -f /tmp/held
/bin/memtouch hold 70 $((0x$top / 4096)) /tmp/held &
pid=$!
while [ ! -e /tmp/held ] && kill -0 $pid 2>/dev/null; do
	sleep 1
done
echo shutdown > /sys/power/disk
echo "DENSEMEM-HIBERNATE writing the image"
echo disk > /sys/power/state
rc=$?
# here after the resume (or a failure to hibernate)
kill -USR1 $pid
wait $pid
# (bootcheck.py checks that a second kernel booted before this line)
if [ $rc = 0 ]; then
	report 0 "hibernated and resumed"
else
	report 1 "echo disk > /sys/power/state failed"
fi
swapoff /dev/vda
