#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench.sh: build/report/bench.{jsonl,json,md,png}.  Every number comes
# from this run: the translation benchmark of mm/densemem/bench.c booted
# under -icount shift=0 (guest ns = instructions) on FLATMEM (flat-1g,
# the contiguous control), SPARSEMEM and DENSEMEM (virt-quad, four banks;
# the per-call bank scan from the same run), the instructions of each
# out-of-line wrapper in the same vmlinux, and struct page memory from
# /proc/vmstat of each kernel booted on each machine.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
rounds=${BENCH_ROUNDS:-64}
rep=$top/build/report
mkdir -p "$rep"
jl=$rep/bench.jsonl
: > "$jl"
models="flatmem sparsemem densemem"
objdump=arm-linux-gnueabihf-objdump
nm=arm-linux-gnueabihf-nm

boot() {	# boot MACHINE KCONFIG ROUNDS: console log path on stdout
	BENCH=$3 bash "$top/harness/boot.sh" "$top/machines/$1.mem" "$2" > "$rep/.boot" ||
		{ cat "$rep/.boot" >&2; exit 1; }
	echo "$top/build/boot/$1.$2.bench/console.log"
}

for m in $models; do
	machine=virt-quad
	[ $m = flatmem ] && machine=flat-1g
	log=$(boot $machine bench-$m "$rounds")
	tr -d '\r' < "$log" | sed -n 's/^densemem-bench: op=\([a-z_]*\) model=\([a-z]*\) milli_ns_per_call=\(-\?[0-9]*\) scan_milli_ns_per_call=\(-\?[0-9]*\)$/{"kind": "op", "op": "\1", "model": "\2", "machine": "'$machine'", "milli": \3, "scan_milli": \4}/p' >> "$jl"
	grep -q "densemem-bench: done" "$log" || { echo "bench: $m: no result in $log" >&2; exit 1; }
	# static cost: instructions of each wrapper, return included
	vml=$top/build/kernels/bench-$m/obj/vmlinux
	$objdump -d --no-show-raw-insn "$vml" | awk -v m=$m '
		/^[0-9a-f]+ <bench_op_[a-z_]+>:$/ { f = $2; gsub(/[<>:]|bench_op_/, "", f); n = 0; next }
		f != "" && /^ *[0-9a-f]+:\t/ { n++; next }
		f != "" && /^$/ { printf "{\"kind\": \"static\", \"op\": \"%s\", \"model\": \"%s\", \"insns\": %d}\n", f, m, n; f = "" }' >> "$jl"
	# translation tables of the model, from the same vmlinux
	tab=$($nm -S "$vml" | awk '$4 == "densemem_map" || $4 == "mem_section" { s += strtonum("0x" $2) } END { print s + 0 }')
	echo "{\"kind\": \"tables\", \"model\": \"$m\", \"bytes\": $tab}" >> "$jl"
done

for machine in ${BENCH_MACHINES:-flat-1g virt-2x512 virt-tri virt-quad virt-carveout}; do
	for m in $models; do
		log=$(boot $machine bench-$m 1)
		pages=$(tr -d '\r' < "$log" | sed -n 's/^DENSEMEM-GUEST-MEMMAP nr_memmap_boot_pages=\([0-9]*\).*/\1/p')
		echo "{\"kind\": \"memmap\", \"machine\": \"$machine\", \"model\": \"$m\", \"bytes\": $((${pages:-0} * 4096))}" >> "$jl"
	done
done
rm -f "$rep/.boot"
/usr/bin/python3 "$top/harness/bench_report.py" "$jl" "$rep"
