#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench.sh: build/report/bench.{jsonl,json,md,png}.  Every number comes
# from this run: the translation benchmark of mm/densemem/bench.c booted
# under -icount shift=0 (guest ns = instructions) on FLATMEM (flat-1g,
# the contiguous control), SPARSEMEM and DENSEMEM (virt-quad, four banks;
# the per-call bank scan from the same run), the instructions of each
# out-of-line wrapper in the same vmlinux, and struct page memory from
# /proc/vmstat of each kernel booted on each machine; the workloads of
# harness/guest/workload.c in pairs (below); vmlinux sizes.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${BENCH_ROUNDS:-64}
rep=${BENCH_REPORT:-$top/build/report}
mkdir -p "$rep"
jl=$rep/bench.jsonl
: > "$jl"
models="flatmem sparsemem densemem"
nm=arm-linux-gnueabihf-nm

boot() {	# boot MACHINE KCONFIG ROUNDS: console log path on stdout
	BENCH=$3 bash "$top/harness/boot/boot.sh" "$top/machines/$1.mem" "$2" > "$rep/.boot" ||
		{ cat "$rep/.boot" >&2; exit 1; }
	echo "$top/build/boot/$1.$2.bench/console.log"
}

# each model's kernel, and unless BENCH_MEMCG=0 the same with CONFIG_MEMCG,
# whose struct page is 36 bytes: no power of two, so page_to_pfn() cannot
# find the pfn from the struct page's address by shifts alone
kernels="bench-flatmem bench-sparsemem bench-densemem"
[ "${BENCH_MEMCG:-1}" = 0 ] || kernels+=" bench-flatmem-memcg bench-sparsemem-memcg bench-densemem-memcg"
for k in $kernels; do
	m=${k#bench-}
	m=${m%-memcg}
	machine=virt-quad
	[ $m = flatmem ] && machine=flat-1g
	echo "bench: translations on $k ($machine, $rounds rounds)" >&2
	log=$(boot $machine $k "$rounds")
	sp=$(tr -d '\r' < "$log" | sed -n 's/^densemem-bench: model=[a-z]* struct_page=\([0-9]*\) .*/\1/p')
	[ -n "$sp" ] || { echo "bench: $k: no struct page size in $log" >&2; exit 1; }
	tr -d '\r' < "$log" | sed -n 's/^densemem-bench: op=\([a-z_]*\) model=\([a-z]*\) milli_ns_per_call=\(-\?[0-9]*\) scan_milli_ns_per_call=\(-\?[0-9]*\)$/{"kind": "op", "op": "\1", "model": "\2", "struct_page": '$sp', "machine": "'$machine'", "milli": \3, "scan_milli": \4}/p' >> "$jl"
	grep -q "densemem-bench: done" "$log" || { echo "bench: $k: no result in $log" >&2; exit 1; }
	# static cost: instructions of each wrapper, return included, plus
	# those of any function it calls or branches to (an outlined helper)
	vml=$top/build/kernels/$k/obj/vmlinux
	/usr/bin/python3 "$top/harness/bench/objdump_funcs.py" static "$m" "$sp" "$vml" >> "$jl"
	# translation tables of the model, from the same vmlinux (the MEMCG
	# kernels' are the same)
	[ "$k" = "bench-$m" ] || continue
	tab=0
	for sz in $($nm -S "$vml" | awk '$4 == "densemem_map" || $4 == "mem_section" { print $2 }'); do
		tab=$((tab + 0x$sz))
	done
	echo "{\"kind\": \"tables\", \"model\": \"$m\", \"bytes\": $tab}" >> "$jl"
done

for machine in ${BENCH_MACHINES:-flat-1g virt-2x512 virt-tri virt-quad virt-carveout}; do
	for m in $models; do
		echo "bench: struct pages of $m on $machine" >&2
		log=$(boot $machine bench-$m 1)
		pages=$(tr -d '\r' < "$log" | sed -n 's/^DENSEMEM-GUEST-MEMMAP nr_memmap_boot_pages=\([0-9]*\).*/\1/p')
		kept=$(sed -n 's/^RESULT .*"lowmem": \([0-9]*\), "highmem": \([0-9]*\).*/\1 \2/p' "$rep/.boot" |
			awk '{ print $1 + $2 }')
		echo "{\"kind\": \"memmap\", \"machine\": \"$machine\", \"model\": \"$m\", \"bytes\": $((${pages:-0} * 4096)), \"ram_kept\": ${kept:-0}}" >> "$jl"
	done
done
# the workloads (harness/guest/workload.c), each pair on one machine:
# a flat board, FLATMEM vs DENSEMEM (the price every board of a
# multiplatform kernel pays), on the minimal config and, unless
# BENCH_DISTRO=0, on multi_v7_defconfig; virt-2x512, seed 2G_OPT without
# HIGHMEM vs DENSEMEM (both keep all RAM: the pure cost of the tables);
# virt-2x1g, seed 2G_OPT + HIGHMEM vs DENSEMEM (what densemem saves)
distro=
[ "${BENCH_DISTRO:-1}" = 0 ] ||
	distro="flat-1g:bench-multi-v7-flatmem flat-1g:bench-multi-v7-densemem"
# and flat-1g with the fixed VMSPLIT_3G_OPT vs the split chosen at boot
pairs=${BENCH_PAIRS:-flat-1g:bench-flatmem flat-1g:bench-densemem $distro \
	virt-2x512:seed-2g-opt virt-2x512:bench-densemem \
	virt-2x1g:seed-2g-opt-highmem virt-2x1g:bench-densemem \
	flat-1g:bench-densemem-3g-opt flat-1g:bench-densemem-vmsplit}
# A workload's count on one boot depends on the state the boot and the
# workloads before it left (which free blocks the buddy allocator merges,
# which RCU callbacks fall inside the window), and that state moves with
# anything that shifts the boot by a few instructions: a MiB of RAM more
# or less, a byte of the image.  Between two FLATMEM boots a MiB apart,
# file_cycle moved by up to 4 % on one run of it (docs/status.md).  So
# each boot runs the four kernel-heavy workloads BENCH_WL_ROUNDS times
# over, and the first round, which starts from the page-cache workload's
# state, is not counted (bench_report.py); and each flat-1g kernel runs on
# the bank cut short by each of BENCH_FLAT_LESS MiB as well, boots whose
# states are as good as independent.  bench_report.py gives each flat
# ratio with a 95 % interval over those boots.
less=${BENCH_FLAT_LESS:-$(seq 0 11)}
rounds_wl=${BENCH_WL_ROUNDS:-6}
runs=()
for p in $pairs; do
	if [ "${p%%:*}" = flat-1g ]; then
		for l in $less; do runs+=("$p:$l"); done
	else
		runs+=("$p:")
	fi
done
flat_mib=$(($(/usr/bin/python3 "$top/harness/boot/machine.py" json "$top/machines/flat-1g.mem" |
	sed -n 's/.*"ram": \([0-9]*\).*/\1/p') >> 20))
mkdir -p "$top/build/bench"
# The flat board cut short: each machine file written once, before the
# boots that share it.
mfiles=()
for r in "${runs[@]}"; do
	IFS=: read -r machine k l <<<"$r"
	mfile=$top/machines/$machine.mem
	if [ -n "$l" ] && [ "$l" != 0 ]; then
		mfile=$top/build/bench/$machine-less-${l}m.mem
		{ echo "# $machine with $((flat_mib - l)) MiB: its bank less $l MiB (harness/bench/bench.sh)"
		  grep -v '^#' "$top/machines/$machine.mem" |
			awk -v s="$((flat_mib - l))M" '$1 == "bank" { $3 = s } 1'; } > "$mfile.new"
		cmp -s "$mfile.new" "$mfile" && rm "$mfile.new" || mv "$mfile.new" "$mfile"
	fi
	mfiles+=("$mfile")
done
# Run I of the list: its workloads as JSON lines in $rep/.wl.I, boot.sh's
# output in $rep/.boot.I.  Under -icount shift=0,sleep=off a guest's counts
# do not depend on the host's load, so BENCH_JOBS (the host's CPUs) boots
# run at once.
workload_run() {
	local i=$1 machine k l mfile mib= log rows got
	IFS=: read -r machine k l <<<"${runs[$i]}"
	mfile=${mfiles[$i]}
	[ -n "$l" ] && mib=$((flat_mib - l))
	ROUNDS=$rounds_wl WORKLOAD=${BENCH_FORKS:-100} BENCH=0 bash "$top/harness/boot/boot.sh" "$mfile" $k \
		> "$rep/.boot.$i" || { cat "$rep/.boot.$i" >&2; return 1; }
	log=$top/build/boot/$(basename "$mfile" .mem).$k.bench/console.log
	rows=$(tr -d '\r' < "$log" | sed -n \
		-e 's/^DENSEMEM-WORKLOAD name=\([a-z_]*\) round=\([0-9]*\) units=\([0-9]*\) unit=\([a-zA-Z_]*\) ns=\([0-9]*\) ok=1$/{"kind": "workload", "kconfig": "'$k'", "machine": "'$machine'", "ram_mib": '${mib:-0}', "name": "\1", "round": \2, "units": \3, "unit": "\4", "ns": \5}/p')
	got=$(grep -c . <<<"$rows" || true)
	[ "$got" = $((2 + 4 * rounds_wl)) ] ||
		{ echo "bench: $k on $mfile: $got of $((2 + 4 * rounds_wl)) workload runs ok ($log)" >&2; return 1; }
	echo "$rows" > "$rep/.wl.$i"
	# boot and densemem_setup(): on the machine itself only
	[ "${l:-0}" = 0 ] && tr -d '\r' < "$log" | sed -n \
		-e 's/^DENSEMEM-WORKLOAD-BOOT ns=\([0-9]*\)$/{"kind": "boot", "kconfig": "'$k'", "machine": "'$machine'", "ns": \1}/p' \
		-e 's/^densemem-bench: setup_ns=\([0-9]*\)$/{"kind": "setup", "kconfig": "'$k'", "machine": "'$machine'", "ns": \1}/p' >> "$rep/.wl.$i"
	return 0
}
jobs_max=${BENCH_JOBS:-$(nproc)}
pids=()
for i in "${!runs[@]}"; do
	IFS=: read -r machine k l <<<"${runs[$i]}"
	echo "bench: workloads $((i + 1)) of ${#runs[@]}: $k on $machine${l:+ at $((flat_mib - l)) MiB}" >&2
	rm -f "$rep/.wl.$i"
	workload_run "$i" &
	pids+=($!)
	while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
done
fail=0
for p in "${pids[@]}"; do wait "$p" || fail=1; done
[ $fail = 0 ] || { echo "bench: a workload run failed (above)" >&2; exit 1; }
for i in "${!runs[@]}"; do
	cat "$rep/.wl.$i" >> "$jl"
	rm -f "$rep/.wl.$i" "$rep/.boot.$i"
done
# size (Berkeley: text holds rodata, and so densemem's __ro_after_init
# tables) and the code alone (the .text section): each flat pair differs
# in the memory model only
for k in bench-flatmem bench-densemem ${distro:+bench-multi-v7-flatmem bench-multi-v7-densemem}; do
	vml=$top/build/kernels/$k/obj/vmlinux
	code=$(arm-linux-gnueabihf-size -A "$vml" | awk '$1 == ".text" { print $2 }')
	arm-linux-gnueabihf-size "$vml" | awk -v k=$k -v code="$code" 'NR == 2 {
		printf "{\"kind\": \"size\", \"kconfig\": \"%s\", \"text\": %d, \"data\": %d, \"bss\": %d, \"code\": %d}\n", k, $1, $2, $3, code }' >> "$jl"
done
rm -f "$rep/.boot"
/usr/bin/python3 "$top/harness/bench/bench_report.py" "$jl" "$rep"
