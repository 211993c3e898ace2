#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# plan.sh [densemem-plan options] FILE: densemem-plan on a device tree,
# or on a machine file of this workspace, which harness/boot/machine.py turns
# into a DTS of the firmware's view (dtc compiles it) and whose load line
# becomes --load.  densemem-plan reads device trees only; machine files
# have one parser, machine.py.  The output names FILE, not the DTB.
top=$(cd "$(dirname "$0")/../.." && pwd)
plan=$top/tools/mm/densemem-plan/densemem-plan
[ $# -ge 1 ] || exec "$plan"
file=${!#}
args=("${@:1:$#-1}")
case $file in
*.mem) ;;
*) exec "$plan" "$@" ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 "$top/harness/boot/machine.py" plan-dts "$file" > "$tmp/m.dts" || exit 2
load=$(/usr/bin/python3 "$top/harness/boot/machine.py" plan-load "$file") || exit 2
dtc -q -I dts -O dtb -o "$tmp/m.dtb" "$tmp/m.dts" || exit 2
# shellcheck disable=SC2086 # $load is "--load ADDR" or nothing
"$plan" $load "${args[@]}" "$tmp/m.dtb" > "$tmp/out"
rc=$?
sed "s|^densemem-plan: $tmp/m.dtb\$|densemem-plan: $file|" "$tmp/out"
exit $rc
