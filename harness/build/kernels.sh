#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build kernel configs one after the other, each line saying which, how
# many are left and how long it has taken; kernel.sh adds its own
# progress within a build, on stderr.
#
#   kernels.sh WHAT CONFIG...     WHAT names the target in the lines
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
what=$1
shift
n=0
t0=$SECONDS
for k in "$@"; do
	n=$((n + 1))
	echo "$what: kernel $n of $#: $k ($((SECONDS - t0)) s so far)"
	bash "$top/harness/build/kernel.sh" "$k" >/dev/null || { echo "$what: kernel $k failed" >&2; exit 1; }
done
