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
overlays=$(sed -n 's/^\(overlay \(--[a-z]*=[^ ]* \)*\)\?"\(.*\)/\3/p' "$top/harness/build/series.map" |
	grep -v '"' || true)
# overlay entries with --hook=NAME: subject, tab, NAME
# (the subject on the overlay line or, after a backslash, the next)
folds=$(awk 'match($0, /^overlay .*--hook=[^ ]*/) {
		f = $0; sub(/.*--hook=/, "", f); sub(/ .*/, "", f)
		if (index($0, "\"")) { s = $0; sub(/^[^"]*"/, "", s); print s "\t" f; f = "" }
		next }
	f != "" && /^"/ { print substr($0, 2) "\t" f; f = "" }' "$top/harness/build/series.map")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for c in $(git -C "$tree" rev-list --reverse "seed..$rev"); do
	s=$(git -C "$tree" log -1 --format=%s "$c")
	if grep -qxF -- "$s" <<<"$overlays"; then
		# an overlay commit with an edit folded in (--hook=NAME): that
		# edit, the paths its patch touched, is the hook
		f=$(awk -F '\t' -v s="$s" '$1 == s { print $2 }' <<<"$folds")
		[ -n "$f" ] || continue
		old=("$top"/patches/densemem/[0-9][0-9][0-9][0-9]-"$f".patch)
		mapfile -t paths < <(sed -n 's#^diff --git a/\(.*\) b/.*#\1#p' "${old[0]}")
		n=$((n + 1))
		git -C "$tree" -c core.abbrev=9 format-patch -q --no-signature --zero-commit \
			--stdout -1 "$c" -- "${paths[@]}" > "$tmp/$(printf %04d $n)-$f.patch"
		continue
	fi
	n=$((n + 1))
	git -C "$tree" -c core.abbrev=9 format-patch -q --no-signature --zero-commit \
		--start-number "$n" -o "$tmp" -1 "$c"
done
rm -f "$top"/patches/densemem/*.patch
cp "$tmp"/*.patch "$top/patches/densemem/"
echo "export-hooks: $n hooks in patches/densemem/"
