#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot every machine on every kernel config and tabulate the results:
# build/report/NAME.jsonl (boot.sh's output) and NAME.md (report.py),
# printed at the end.  One line per boot says which, and how far.
#
#   grid.sh NAME "CONFIG..." MACHINE-FILE...
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
name=$1
configs=$2
shift 2
# shellcheck disable=SC2086
bash "$top/harness/build/kernels.sh" "$name" $configs
out=$top/build/report/$name
mkdir -p "$top/build/report"
: > "$out.jsonl"
total=$(($(wc -w <<< "$configs") * $#))
n=0
t0=$SECONDS
for k in $configs; do
	for m in "$@"; do
		n=$((n + 1))
		echo "$name: boot $n of $total: $(basename "$m" .mem) on $k ($((SECONDS - t0)) s so far)"
		bash "$top/harness/boot/boot.sh" "$m" "$k" | tee -a "$out.jsonl" | tail -1
	done
done
/usr/bin/python3 "$top/harness/boot/report.py" "$out.jsonl" > "$out.md"
cat "$out.md"
