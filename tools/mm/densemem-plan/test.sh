#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# densemem-plan's own tests: every machine file plans, a DTB and the
# machine file it came from give the same boot lines, bad input is refused
# with a message and exit status 2 (never a crash), and a short fuzz run.
# densemem-plan reads device trees only: the workspace's machine files go
# through harness/boards/plan.sh, which has harness/boot/machine.py turn them into one.
# Closes with "plantest: N passed, N failed".
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
plan=$top/harness/boards/plan.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

t() {	# t NAME COMMAND...: the command must succeed
	local name=$1; shift
	if "$@" > "$tmp/out" 2>&1; then
		echo "ok $name"; pass=$((pass + 1))
	else
		echo "not ok $name"; sed 's/^/  # /' "$tmp/out" | head -20; fail=$((fail + 1))
	fi
}

refused() {	# refused FILE PATTERN: exit 2 and a message matching PATTERN
	"$plan" "$1" > "$tmp/r" 2>&1
	[ $? = 2 ] && grep -q -- "$2" "$tmp/r" || { cat "$tmp/r"; return 1; }
}

recommends() {	# recommends FILE "CONFIG_...=y, ..."
	"$plan" "$1" | tee "$tmp/p" | grep -qF "recommended: CONFIG_DENSEMEM=y, $2:" ||
		{ cat "$tmp/p"; return 1; }
}

same_lines() {	# same_lines A B ARGS...: equal boot lines from two inputs
	local a=$1 b=$2; shift 2
	diff <("$plan" --boot-lines "$@" "$a") <("$plan" --boot-lines "$@" "$b")
}

for m in "$top"/machines/*.mem; do
	t "plans $(basename "$m")" grep -q . <("$plan" "$m" | grep '^recommended: ')
done
# RTD1195's map (RAM from 0xa800, Cortex-A7): 0 is not RAM, so the
# decompressor puts the kernel at the first 2 MiB boundary of RAM and the
# kernel ignores what lies below it
printf 'cpu cortex-a7\nbank 0xa800 0x17ff5800\nbank 0x18070000 0x90000\nbank 0x19100000 0x26f00000\n' \
	> "$tmp/rtd1195.mem"
t "RAM from 0xa800: PHYS_OFFSET at its first 2 MiB boundary" grep -q \
	"PHYS_OFFSET 0x200000$" <("$plan" "$tmp/rtd1195.mem")
# and the boot lines name, as the DT code tells densemem, the partial
# page at 0xa800 and the RAM below PHYS_OFFSET, so that they cover the DT
t "RAM below PHYS_OFFSET named in the boot lines" bash -c \
	"'$plan' --boot-lines --split 3G_OPT '$tmp/rtd1195.mem' > '$tmp/rtd.lines' &&
	 grep -qx 'densemem: \[mem 0x000000000000a800-0x000000000000afff\] dropped (partial page at a bank edge)' '$tmp/rtd.lines' &&
	 grep -qx 'densemem: \[mem 0x000000000000b000-0x00000000001fffff\] dropped (below PHYS_OFFSET)' '$tmp/rtd.lines' &&
	 grep -q '; lowmem [0-9]*, highmem 0, dropped 2054144, ' '$tmp/rtd.lines'"
# a bank at 0 (every Northstar board) printed as the kernel prints it:
# printf's %# drops the 0x of a zero
printf 'bank 0x0 128M\nbank 0x88000000 128M\n' > "$tmp/zero.mem"
t "a bank at 0 printed as 0x0000000000000000" bash -c \
	"'$plan' '$tmp/zero.mem' > '$tmp/zero.out' &&
	 grep -qF 'bank  [mem 0x0000000000000000-0x0000000007ffffff] 128M' '$tmp/zero.out' &&
	 ! grep -q 'mem 00' '$tmp/zero.out'"
# a 1 MiB first bank: the kernel lands at its first 2 MiB boundary, in no
# bank, so densemem keeps nothing while the stock model keeps the second
# bank: the plan must not recommend densemem
printf 'bank 0x40100000 1M\nbank 0x80000000 512M\n' > "$tmp/tiny.mem"
t "never densemem where stock keeps more" grep -qF "recommended: stock FLATMEM" \
	<("$plan" "$tmp/tiny.mem")
t "virt-2x1g needs no highmem: 2G_OPT" recommends "$top/machines/virt-2x1g.mem" CONFIG_VMSPLIT_2G_OPT=y
t "virt-tri fits 2G" recommends "$top/machines/virt-tri.mem" CONFIG_VMSPLIT_2G=y
t "pbx-a9 (no LPAE) gets 3G_OPT" recommends "$top/machines/pbx-a9-1g.mem" CONFIG_VMSPLIT_3G_OPT=y
t "lpae-split: LPAE 2G with highmem" recommends "$top/machines/lpae-split.mem" \
	"CONFIG_VMSPLIT_2G=y, CONFIG_ARM_LPAE=y, CONFIG_HIGHMEM=y"

cat > "$tmp/b.dts" <<'DTS'
/dts-v1/;
/ {
	#address-cells = <2>; #size-cells = <2>;
	cpus { #address-cells = <1>; #size-cells = <0>;
		cpu@0 { compatible = "arm,cortex-a7"; reg = <0>; device_type = "cpu"; }; };
	memory@80000000 { device_type = "memory"; reg = <0 0x80000000 0 0x20000000>; };
	memory@40000000 { device_type = "memory";
		reg = <0 0x40000000 0 0x20000000>, <0 0xc0000000 0 0x10000000>; };
	memory@e0000000 { device_type = "memory"; status = "disabled";
		reg = <0 0xe0000000 0 0x10000000>; };
	reserved-memory { #address-cells = <2>; #size-cells = <2>; ranges;
		fb@48000000 { reg = <0 0x48000000 0 0x1000000>; no-map; }; };
	chosen { bootargs = "console=ttyAMA0"; };
};
DTS
dtc -q -I dts -O dtb -o "$tmp/b.dtb" "$tmp/b.dts"
{ cat "$top/machines/virt-tri.mem"; echo "nomap 0x48000000 16M"; } > "$tmp/tri-fb.mem"
t "DTB == machine file (virt-tri and its no-map), disabled node ignored" \
	same_lines "$tmp/b.dtb" "$tmp/tri-fb.mem" --split 2G_OPT
t "DTB: its 16 MiB no-map region is out of the dense space" \
	grep -qF "[mem 0x0000000048000000-0x0000000048ffffff] no-map: not in the linear map" \
	<("$plan" --boot-lines --split 2G_OPT "$tmp/b.dtb")
# a no-map region at the top of RAM leaves memblock: FLATMEM's mem_map,
# sized by the node's span, ends below it, as if the bank ended there
printf 'bank 0x40000000 512M\nnomap 0x5f000000 16M\n' > "$tmp/top.mem"
printf 'bank 0x40000000 496M\n' > "$tmp/top2.mem"
t "no-map at the top of RAM: the mem_map line of the RAM below it" bash -c \
	"diff <('$plan' --boot-lines --split 2G_OPT '$tmp/top2.mem' | grep mem_map:) \
	      <('$plan' --boot-lines --split 2G_OPT '$tmp/top.mem' | grep mem_map:)"
t "DTB: cpu and no-map read" grep -q "cortex-a7 (has LPAE)" <("$plan" "$tmp/b.dtb")
t "DTB: no-map listed" grep -q "nomap \[mem 0x0000000048000000-0x0000000048ffffff\] 16M" \
	<("$plan" "$tmp/b.dtb")

head -c 200 "$tmp/b.dtb" > "$tmp/trunc.dtb"
t "truncated DTB refused" refused "$tmp/trunc.dtb" "corrupt device tree blob"
t "libfdt 1.6.1 fdt_check_full() NULL blob refused" \
	refused "$here/regress/fdt-check-full-null.dtb" "corrupt device tree blob"
printf '\xd0\x0d\xfe\xed\xff\xff\xff\xff' > "$tmp/hdr.dtb"
t "header-only DTB refused" refused "$tmp/hdr.dtb" "corrupt device tree blob"
head -c 4096 /dev/urandom | tr -d '\320' > "$tmp/junk"; printf '\0' >> "$tmp/junk"
t "binary junk refused" refused "$tmp/junk" "not a device tree blob"
printf 'bank 0x40000000 512M\n' > "$tmp/text"
t "a machine file given to densemem-plan itself refused" \
	bash -c "'$here/densemem-plan' '$tmp/text'; [ \$? = 2 ]"
printf 'bank 0x40000000 512M\nbank 0x80000000\n' > "$tmp/bad.mem"
t "bad bank line names file and line" refused "$tmp/bad.mem" "bad.mem:2: 'bank START SIZE' wanted"
printf '# nothing\n' > "$tmp/empty.mem"
t "machine file without banks refused" refused "$tmp/empty.mem" "no bank"
t "missing file refused" refused "$tmp/nonexistent" "No such file"

printf 'bank 0x40000000 1G\nbank 0x80000000 1G\ncmdline mem=768M mem=256M@0x80000000\n' > "$tmp/mem.mem"
t "mem= replaces the map, what it leaves is named" bash -c \
	"'$plan' --split 2G_OPT '$tmp/mem.mem' | grep -q 'not given to densemem: not in mem=' &&
	 '$plan' --boot-lines --split 2G_OPT '$tmp/mem.mem' | grep -q 'lowmem 1073741824'"
# a .config gives struct page's size: 36 bytes with MEMCG, as the kernel's
# mem_map line counts it
printf 'bank 0x40000000 512M\n' > "$tmp/half.mem"
printf 'CONFIG_DENSEMEM=y\nCONFIG_VMSPLIT_2G_OPT=y\n' > "$tmp/plain.config"
{ cat "$tmp/plain.config"; echo CONFIG_MEMCG=y; } > "$tmp/memcg.config"
t "a .config with MEMCG: 36-byte struct pages in the mem_map line" bash -c \
	"'$plan' --boot-lines --config '$tmp/plain.config' '$tmp/half.mem' |
	 grep -q 'mem_map: 4194304 bytes for 131072 pages' &&
	 '$plan' --boot-lines --config '$tmp/memcg.config' '$tmp/half.mem' |
	 grep -q 'mem_map: 4718592 bytes for 131072 pages'"
printf 'bank 0x40000000 1G\ncmdline vmalloc=512M\n' > "$tmp/vm.mem"
t "vmalloc= shrinks the linear map" bash -c \
	"'$plan' --boot-lines --split 3G_OPT '$tmp/vm.mem' | grep -q 'lowmem 788529152'"
printf 'bank 0x40000000 512M\nbank 0x80000000 512M\nbank 0x80000000 256M\nbank 0x140000000 1G\n' > "$tmp/ov.mem"
t "overlap merged, above 4 GiB named on classic" bash -c \
	"'$plan' --split 2G_OPT '$tmp/ov.mem' | grep -q 'dropped (beyond the physical address width)'"
# VMSPLIT_BOOT, the split of one kernel for all boards, chosen per board
t "vmsplit auto: virt-2x512 fits above, 2800 MiB of user space" bash -c \
	"'$plan' '$top/machines/virt-2x512.mem' | grep -qF 'vmsplit auto (CONFIG_VMSPLIT_BOOT=y, VMSPLIT_3G_OPT): 1024M in lowmem, 0 dropped; user 2800M (TASK_SIZE 0xaf000000), linear map from 0xb0000000'"
t "vmsplit auto: virt-2x1g grows down to 0x70000000" bash -c \
	"'$plan' '$top/machines/virt-2x1g.mem' | grep -qF 'vmsplit auto (CONFIG_VMSPLIT_BOOT=y, VMSPLIT_3G_OPT): 2097148K in lowmem, 4K dropped; user 1776M (TASK_SIZE 0x6f000000), linear map from 0x70000000'"
t "vmsplit auto: virt-tri grows 256 MiB down" bash -c \
	"'$plan' '$top/machines/virt-tri.mem' | grep -qF 'user 2544M (TASK_SIZE 0x9f000000), linear map from 0xa0000000'"
printf 'bank 0x40000000 1G\nbank 0xc0000000 1G\ncmdline vmsplit=3g\n' > "$tmp/v3.mem"
t "vmsplit=3g keeps the link's split and drops the rest" bash -c \
	"'$plan' '$tmp/v3.mem' | grep -qF '1024M in lowmem, 1024M dropped; user 2800M (TASK_SIZE 0xaf000000)'"
t "--vmsplit-boot: the boot lines name the growth below PAGE_OFFSET" bash -c \
	"'$plan' --boot-lines --split 3G_OPT --vmsplit-boot '$top/machines/virt-2x1g.mem' | grep -qF 'the linear map grows 1073741824 bytes below PAGE_OFFSET, to 0x70000000'"

mkdir -p "$here/seeds"
cp "$tmp/b.dtb" "$here/seeds/b.dtb"
t "fuzz ${PLAN_FUZZ_SECONDS:-20} s: no crash on any blob" \
	make -s -C "$here" fuzz FUZZ_SECONDS="${PLAN_FUZZ_SECONDS:-20}"
echo "plantest: $pass passed, $fail failed"
[ "$fail" = 0 ]
