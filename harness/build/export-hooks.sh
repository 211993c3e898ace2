#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# export-hooks.sh [REV]: write the hooks of build/linux's seed..REV
# (default: the branch checked out there) back to patches/densemem/,
# numbered in series order.  A hook is every commit whose subject is not
# that of an overlay part of harness/build/series.map.  Then add "hook
# NAME" lines to series.map for new ones, and run make tree.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$top/build/linux
rev=${1:-HEAD}
overlays=$(sed -n 's/^\(overlay \(--without=[^ ]* \)\?\)\?"\(.*\)/\3/p' "$top/harness/build/series.map" |
	grep -v '"' || true)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for c in $(git -C "$tree" rev-list --reverse "seed..$rev"); do
	s=$(git -C "$tree" log -1 --format=%s "$c")
	grep -qxF -- "$s" <<<"$overlays" && continue
	n=$((n + 1))
	git -C "$tree" -c core.abbrev=9 format-patch -q --no-signature --zero-commit \
		--start-number "$n" -o "$tmp" -1 "$c"
done
rm -f "$top"/patches/densemem/*.patch
cp "$tmp"/*.patch "$top/patches/densemem/"
echo "export-hooks: $n hooks in patches/densemem/"
