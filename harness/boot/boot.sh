#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh MACHINE KCONFIG: boot build/kernels/KCONFIG/zImage on the machine
# file as firmware would (QEMU's -kernel boot would rewrite the memory
# nodes into one bank): QEMU's DTB (on realview-pbx-a9 the kernel's) with
# exactly the file's banks, a boot shim that enters the kernel with r0=0,
# r1=~0, r2=DTB (in -bios on virt, started by the loader on realview), and
# the zImage, DTB and initramfs placed by -device loader.  Ends with one line
# RESULT {json}; exit 1 unless the guest booted and reported.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
machine=${1:?usage: boot.sh MACHINE KCONFIG}
kconfig=${2:?usage: boot.sh MACHINE KCONFIG}
py=/usr/bin/python3
# a board's DTB in place of a machine file
. "$top/harness/boards/board.sh"
machine=$(machine_file "$machine") || { echo "RESULT {\"booted\": false, \"reason\": \"bad DTB\"}"; exit 1; }
name=$(basename "$machine" .mem)
run=$top/build/boot/$name.$kconfig${PEER:+.peer}${BENCH:+.bench}${KEXEC:+.kexec}${KDUMP:+.kdump}${HIBERNATE:+.hibernate-$HIBERNATE}
mkdir -p "$run"
kernel=$top/build/kernels/$kconfig/zImage
timeout=${BOOT_TIMEOUT:-600}

result() {	# booted reason [guest numbers]
	printf 'RESULT {"machine": "%s", "kconfig": "%s", "booted": %s, "ram": %s, "lowmem": %s, "highmem": %s, "ignored": %s, "nomap": %s, "tests": {"passed": %s, "failed": %s}%s}\n' \
		"$name" "$kconfig" "$1" "${ram:-0}" "${lowmem:-0}" "${highmem:-0}" \
		"${ignored:-0}" "${nomap:-0}" "${passed:-0}" "${failed:-0}" \
		"${2:+, \"reason\": \"$2\"}"
}

info=$($py "$top/harness/boot/machine.py" json "$machine") || { result false "bad machine file"; exit 1; }
[ -f "$kernel" ] || { result false "no kernel $kconfig"; exit 1; }
get() { $py -c "import json,sys; print(json.loads(sys.argv[1])['$1'])" "$info"; }
ram=$(get ram); nomap=$(get nomap); base=$(get load_base)
mem=$(get qemu_ram_mib); cpu=$(get cpu); extra=$(get cmdline)
bash "$top/harness/boot/initramfs.sh"
initrd=$top/build/initramfs.cpio.gz
# KEXEC=1: the guest kexecs into this kernel again (harness/guest/kexec.sh);
# KDUMP=1: it loads this kernel as its capture kernel into crashkernel=
# (KDUMP_CRASHKERNEL, 0-2G:128M,2G-:256M: tiers that RAM and span of
# virt-tri tell apart), crashes, and the capture kernel checks the dump
# (harness/guest/kdump.sh).  A second cpio archive, which the kernel
# unpacks over the first, brings the zImage and the plain initramfs
if [ -n "${KEXEC:-}${KDUMP:-}" ]; then
	rm -rf "$run/kexec" && mkdir -p "$run/kexec/kexec"
	cp "$kernel" "$run/kexec/kexec/zImage"
	cp "$initrd" "$run/kexec/kexec/initrd.cpio.gz"
	(cd "$run/kexec" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -1n) |
		cat "$initrd" - > "$run/initramfs.cpio.gz"
	initrd=$run/initramfs.cpio.gz
fi

# the zImage where the machine file's load line puts it, by default 32 MiB
# into the lowest bank (QEMU's own DTB sits at the start of RAM); our DTB
# 16 MiB after it, the initramfs 1 MiB after the DTB.  A large zImage
# (multi_v7: 17 MiB, 43 MiB decompressed with its bss) inflates from the
# start of its 128 MiB block over itself, and the decompressor first
# moves itself past the kernel's end: the DTB goes three zImages after
# the zImage, clear of both for any zImage under 64 MiB.
zaddr=$(get load); zsize=$(stat -c %s "$kernel")
dtbaddr=$((zaddr + ((3 * zsize + 0xfffff) / 0x100000 > 16 ? (3 * zsize + 0xfffff) / 0x100000 : 16) * 0x100000))
iaddr=$((dtbaddr + 0x100000))
iend=$((iaddr + $(stat -c %s "$initrd")))
board=$(get board)
# an LPAE kernel stops at its first instruction on a CPU without LPAE
if [ "$cpu" = cortex-a9 ] && grep -qx CONFIG_ARM_LPAE=y "$top/build/kernels/$kconfig/config" 2>/dev/null; then
	result false "an LPAE kernel, and $cpu has no LPAE"
	exit 1
fi
if [ "$board" = virt ]; then
	# RAM above 4 GiB: qemu-system-aarch64, which runs the same 32-bit
	# CPU.  QEMU 7.2's qemu-system-arm walks page tables through its
	# softmmu TLB with a 32-bit target_ulong, so a page table above 4 GiB
	# is read from its address modulo 4 GiB: a kernel whose page tables
	# land there (HIGHPTE, or densemem's lowmem above 4 GiB) takes the
	# same user fault forever.  qemu-system-aarch64 has 64-bit addresses.
	# (QEMU_VIRT=qemu-system-arm reproduces the hang.)
	# virt_qemu MIB: qemu=(...) for a virt of MIB of RAM, and its DTB
	virt_qemu() {
		local hm=highmem=off bin=qemu-system-arm args
		[ "$(get lpae)" = True ] && { hm=highmem=on; bin=qemu-system-aarch64; }
		bin=${QEMU_VIRT:-$bin}
		# the DTB QEMU dumps must be the one of the machine it then runs
		args=(-cpu "$cpu" -m "${1}M" -smp "${SMP:-1}" -nographic -nic none)
		# the bench: the same guest entropy and wall clock on every run (the
		# DTB's rng-seed and kaslr-seed, the RTC), so that what the guest
		# randomises (ASLR, SLUB freelists, hash salts) is the same each time
		[ -n "${BENCH:-}" ] && args+=(-seed 1 -rtc base=2026-01-01T00:00:00,clock=vm)
		# A bank far above 4 GiB (HiP04: 13 GiB at 0x4c0000000) needs more
		# guest RAM than this host has, of which the guest touches little:
		# map it without reserving it, or the kernel refuses the allocation.
		if [ "$1" -gt $(($(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo) / 1024)) ]; then
			hm=$hm,memory-backend=ram
			args+=(-object memory-backend-ram,id=ram,size="${1}M",reserve=off)
		fi
		qemu=($bin -M virt,$hm "${args[@]}" -no-reboot)
		# with the firmware it then runs: QEMU puts the PCIe ECAM above
		# 4 GiB (highmem=on) only when no firmware is loaded, and a DTB
		# dumped without it names an ECAM the running machine does not
		# have (a config read there is an external abort: Debian's
		# armmp-lpae kernel, with PCI_HOST_GENERIC, died of it).  An
		# empty file stands for the shim: its contents do not change the
		# DTB, and a second run (hibernation) reuses the shim written.
		: > "$run/dump-bios.bin"
		$bin -M virt,$hm,dumpdtb="$run/qemu.dtb" "${args[@]}" -bios "$run/dump-bios.bin" >/dev/null 2>&1
	}
	virt_qemu "$mem"
	# the shim is the firmware
	start=(-bios "$run/shim.bin")
else
	# realview-pbx-a9: QEMU makes no DTB; the kernel's own, with the
	# file's banks.  No firmware either: the loader starts the CPU on the
	# shim, put below the zImage.
	qemu=(qemu-system-arm -M "$board" -cpu "$cpu" -m "${mem}M" -smp 1 -nographic -nic none -no-reboot)
	cp "$top/build/kernels/$kconfig/pbx-a9.dtb" "$run/qemu.dtb" || { result false "no pbx-a9.dtb"; exit 1; }
	start=(-device loader,file="$run/shim.bin",addr=$((base + 0x1000000)),force-raw=on,cpu-num=0)
fi
# PEER=SECONDS: the peer suites in the guest; DMA=MIB: see below; BENCH=ROUNDS: the
# translation benchmark, under -icount shift=0,sleep=off (guest ns =
# instructions, and idle time skipped to the next timer)
# WORKLOAD=FORKS: the page-cache workload (with BENCH: under -icount);
# SPIN=N: it spins N times ten million turns in user space before each
# kernel-heavy part (harness/bench/workload_profile.py); ROUNDS=N: the
# kernel-heavy parts N times over
# DMA=MIB: a virtio-blk disk of that size (virt only, a kernel with
# VIRTIO_BLK): the guest writes it and reads it back through DMA;
# KEXEC=1, KDUMP=1: see above
dma=()
if [ -n "${DMA:-}" ] && [ "$board" = virt ]; then
	rm -f "$run/disk.img"
	truncate -s "${DMA}M" "$run/disk.img"
	# iommu_platform: VIRTIO_F_ACCESS_PLATFORM, so that the guest's
	# virtio goes through the DMA API (dma-direct, the cache maintenance,
	# swiotlb), which a legacy virtio-mmio device cannot offer
	dma=(-global virtio-mmio.force-legacy=false -drive file="$run/disk.img",if=none,format=raw,id=d0
		-device virtio-blk-device,drive=d0,iommu_platform=on)
fi
# HIBERNATE=same|moved (virt only, a kernel with HIBERNATION and
# VIRTIO_BLK): the guest hibernates to a virtio-blk swap disk
# (harness/guest/hibernate.sh) and QEMU runs a second time on the same
# disk to resume it: on the same machine (same), or with its highest
# bank moved up by 64 MiB (moved), whose other dense layout the kernel
# must refuse and boot on
hib=
if [ -n "${HIBERNATE:-}" ]; then
	[ "$board" = virt ] && [ -z "${DMA:-}" ] || { result false "HIBERNATE: virt only, not with DMA"; exit 1; }
	rm -f "$run/disk.img"
	truncate -s "${mem}M" "$run/disk.img"
	dma=(-global virtio-mmio.force-legacy=false -drive file="$run/disk.img",if=none,format=raw,id=d0
		-device virtio-blk-device,drive=d0,iommu_platform=on)
	hib=" resume=/dev/vda no_console_suspend densemem.hibernate="
fi
# page_owner=on where the kernel has it (configs/mm-suites.config), and
# KFENCE sampling every 10 ms instead of 100, so that its KUnit suite,
# which waits for each object it tests to be sampled, takes 5 s, not 36
po=
grep -qx CONFIG_PAGE_OWNER=y "$top/build/kernels/$kconfig/config" 2>/dev/null && po=" page_owner=on"
# (HIBERNATE: KFENCE off, as Debian ships it, and its suite not run: with
# KFENCE's pool in the image, the resumed kernel hangs after "Disabling
# non-boot CPUs"; issue 31's note)
if grep -qx CONFIG_KFENCE_KUNIT_TEST=y "$top/build/kernels/$kconfig/config" 2>/dev/null; then
	if [ -n "${HIBERNATE:-}" ]; then
		po="$po kfence.sample_interval=0 kunit.filter_glob=[!k]*"
	else
		po="$po kfence.sample_interval=10"
	fi
fi
bootargs="console=ttyAMA0 panic=-1$po $extra${PEER:+ densemem.peer=$PEER}${BENCH:+ densemem_bench=$BENCH memtouch.pct=5}${WORKLOAD:+ densemem.workload=$WORKLOAD}${ROUNDS:+ densemem.rounds=$ROUNDS}${SPIN:+ densemem.spin=$SPIN}${DMA:+ densemem.dma=$DMA}${KEXEC:+ densemem.kexec=1}${KDUMP:+ crashkernel=${KDUMP_CRASHKERNEL:-0-2G:128M,2G-:256M} densemem.kdump=1}${hib:+${hib}1}"
# sleep=off: when the guest idles, virtual time jumps to the next timer
# instead of following the host's clock
[ -n "${BENCH:-}" ] && qemu+=(-icount shift=0,sleep=off)
# QEMU_ARGS: more arguments for QEMU, split at spaces (harness/bench/workload_profile.py:
# a monitor socket and a log file)
# shellcheck disable=SC2206
[ -n "${QEMU_ARGS:-}" ] && qemu+=($QEMU_ARGS)
$py "$top/harness/boot/machine.py" dtb "$machine" "$run/qemu.dtb" "$run/machine.dtb" \
	"$bootargs" "$iaddr" "$iend" || { result false "dtb"; exit 1; }

cat > "$run/shim.S" <<SHIM
	.arm
	mov	r0, #0
	mvn	r1, #0
	ldr	r2, 1f
	ldr	pc, 2f
1:	.word	$dtbaddr
2:	.word	$zaddr
SHIM
arm-linux-gnueabihf-as -o "$run/shim.o" "$run/shim.S" &&
	arm-linux-gnueabihf-objcopy -O binary "$run/shim.o" "$run/shim.bin" ||
	{ result false "shim"; exit 1; }

log=$run/console.log
runq() {
	timeout --foreground -k 5 "$timeout" "${qemu[@]}" "${start[@]}" "${dma[@]}" \
		-device loader,file="$kernel",addr=$zaddr,force-raw=on \
		-device loader,file="$1",addr=$dtbaddr,force-raw=on \
		-device loader,file="$initrd",addr=$iaddr,force-raw=on \
		</dev/null 2>&1
}
runq "$run/machine.dtb" > "$log"
rc=$?
# the second run, which resumes (or refuses) the image the first wrote
if [ -n "$hib" ] && [ $rc = 0 ] && grep -q "^DENSEMEM-HIBERNATE writing" "$log"; then
	second=$machine phase=resume
	if [ "$HIBERNATE" = moved ]; then
		second=$run/moved.mem phase=refuse
		$py "$top/harness/boot/machine.py" move-top "$machine" $((64 << 20)) > "$second" ||
			{ result false "machine.py move-top"; exit 1; }
		virt_qemu "$($py "$top/harness/boot/machine.py" json "$second" |
			$py -c 'import json,sys; print(json.load(sys.stdin)["qemu_ram_mib"])')"
	fi
	$py "$top/harness/boot/machine.py" dtb "$second" "$run/qemu.dtb" "$run/resume.dtb" \
		"${bootargs%densemem.hibernate=1}densemem.hibernate=$phase" "$iaddr" "$iend" ||
		{ result false "dtb"; exit 1; }
	echo "DENSEMEM-HIBERNATE second run: $phase" >> "$log"
	runq "$run/resume.dtb" >> "$log"
	rc=$?
fi
rm -f "$run/disk.img"
# the console without carriage returns and printk timestamps (PRINTK_TIME)
console() { tr -d '\r' < "$log" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] //'; }
line=$(console | grep '^DENSEMEM-GUEST ' | tail -1)
if [ -z "$line" ]; then
	why="no report from the guest"
	[ $rc = 124 ] && why="timeout after ${timeout}s"
	grep -q "Kernel panic" "$log" && why="panic: $(grep -m1 'Kernel panic' "$log" | tr -d '\r"' | cut -c1-100)"
	result false "$why"
	exit 1
fi
sysram=$(sed -n 's/.*sysram=\([0-9]*\).*/\1/p' <<<"$line")
highmem=$(sed -n 's/.*highmem=\([0-9]*\).*/\1/p' <<<"$line")
lowmem=$((sysram - highmem))
# every guest suite prints one DENSEMEM-TESTS line: add them up
read -r passed failed < <(console | sed -n \
	's/^DENSEMEM-TESTS passed=\([0-9]*\) failed=\([0-9]*\).*/\1 \2/p' |
	awk '{ p += $1; f += $2 } END { print p + 0, f + 0 }')
# KUnit suites built into the kernel run at boot, and the kselftest in
# the guest: each ends with a "# Totals:" line; add them all
ktap=$(console | sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\1 \2/p' |
	awk '{ p += $1; f += $2; n++ } END { if (n) print p, f }')
if [ -n "$ktap" ]; then
	passed=$((${passed:-0} + ${ktap% *}))
	failed=$((${failed:-0} + ${ktap#* }))
fi
ignored=$((ram - sysram))
result true
