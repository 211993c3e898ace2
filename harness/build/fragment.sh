#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# fragment.sh NAME: the config fragment a kernel of configs/NAME.config
# is built from: configs/common.config (but on a Debian config), then
# each fragment that NAME's "# with: OTHER" lines name, then NAME's own
# lines, which win.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
name=${1:?usage: fragment.sh NAME}
frag=$top/configs/$name.config
[ -f "$frag" ] || { echo "fragment: no configs/$name.config" >&2; exit 1; }
# a Debian config is taken as Debian has it: common.config's minimal
# machine is not for it
grep -q '^# base: debian:' "$frag" || cat "$top/configs/common.config"
for w in $(sed -n 's/^# with: *//p' "$frag"); do
	[ -f "$top/configs/$w.config" ] || { echo "fragment: $name: no configs/$w.config" >&2; exit 1; }
	cat "$top/configs/$w.config"
done
cat "$frag"
