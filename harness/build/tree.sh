#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Assemble build/linux: the Debian linux-source-6.12 tarball as a git
# repository whose history reads as the series:
#
#   base      the tarball, one commit, tagged "base"
#   seed      patches/seed/*.patch, one commit each (tag "seed")
#   overlay   mm/densemem/ + Kconfig.densemem, arch/arm/, kunit/, docs/:
#             one commit per part; new files only, not yet built
#   hooks     patches/densemem/*.patch, one commit each (tag "densemem"):
#             the edits to existing files that switch the overlay on
#
# The overlay goes before the hooks so that every commit builds.
# Re-running is cheap: the tarball is extracted only when it changed; the
# rest is replayed from the "base" tag when any input changed.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$top/build/linux
tarball=${TARBALL:-$(ls /usr/src/linux-source-6.12.tar.xz)}
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
git_() { git -C "$tree" -c user.name="densemem" -c user.email="densemem@invalid" \
	-c gc.auto=0 -c advice.detachedHead=false "$@"; }

tarid=$(stat -c '%s %Y' "$tarball")
inputs=$(cd "$top" && { echo "$tarid"; git ls-files -co --exclude-standard \
	patches mm arch include Kconfig.densemem kunit docs tools harness/build/overlay.map \
	harness/build/tree.sh harness/build/maintainers.py 2>/dev/null | sort |
	xargs -r sha1sum; } | sha1sum | cut -d' ' -f1)
if [ -f "$tree/.densemem-inputs" ] && [ "$(cat "$tree/.densemem-inputs")" = "$inputs" ]; then
	echo "tree: build/linux is up to date"
	exit 0
fi

if [ ! -f "$tree/.densemem-tarball" ] || [ "$(cat "$tree/.densemem-tarball")" != "$tarid" ]; then
	echo "tree: extracting $tarball"
	rm -rf "$tree" "$tree.tmp"
	mkdir -p "$tree.tmp"
	tar -C "$tree.tmp" -xf "$tarball" --strip-components=1
	mv "$tree.tmp" "$tree"
	git_ init -q -b main
	# Debian's .gitignore ignores the whole top level: force the base in.
	git_ add -f -A
	ver=$(make -s -C "$tree" kernelversion)
	deb=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
	git_ commit -q -m "Linux $ver (Debian linux-source-6.12 $deb)" \
		-m "Base of the densemem series: $(basename "$tarball"), $tarid."
	git_ tag -f base >/dev/null
	echo "$tarid" > "$tree/.densemem-tarball"
	git_ config core.excludesFile /dev/null
	printf '%s\n' .densemem-tarball .densemem-inputs > "$tree/.git/info/exclude"
fi

echo "tree: replaying the series on base"
git_ am --abort >/dev/null 2>&1 || true
git_ checkout -q -f -B main base
git_ clean -q -fdx -e .densemem-tarball

shopt -s nullglob
for p in "$top"/patches/seed/*.patch; do
	git_ am -q --keep-cr "$p"
done
git_ tag -f seed >/dev/null

overlay() {	# overlay MESSAGE SRC:DST...
	local msg=$1; shift
	local m added=0 pats=()
	for m in "$@"; do
		local rel=${m%%:*} dst=${m#*:} f
		if [ ! -e "$top/$rel" ]; then
			echo "tree.sh: harness/build/overlay.map names $rel, which does not exist" >&2
			exit 1
		fi
		# its MAINTAINERS pattern, so that every commit that adds files
		# names them there
		if [ -d "$top/$rel" ]; then pats+=("$dst/"); else pats+=("$dst"); fi
		# the files git would commit here: no build output, no fuzz corpus
		while IFS= read -r f; do
			mkdir -p "$(dirname "$tree/$dst${f#"$rel"}")"
			cp -a "$top/$f" "$tree/$dst${f#"$rel"}"
			git_ add -f "$dst${f#"$rel"}"
			added=1
		done < <(git -C "$top" ls-files -co --exclude-standard -- "$rel")
	done
	if [ $added = 1 ]; then
		/usr/bin/python3 "$top/harness/build/maintainers.py" "$tree/MAINTAINERS" "${pats[@]}"
		git_ add MAINTAINERS
	fi
	# signed off as the hooks are, so that each exported patch passes
	# checkpatch as a maintainer runs it
	[ $added = 1 ] && ! git_ diff --cached --quiet && git_ commit -q -s -F - <<<"$msg" || true
}
. "$top/harness/build/overlay.map"

for p in "$top"/patches/densemem/*.patch; do
	git_ am -q --keep-cr "$p"
done
git_ tag -f densemem >/dev/null
echo "$inputs" > "$tree/.densemem-inputs"
echo "tree: build/linux at densemem ($(git_ log -1 --format=%h)):" \
	"$(git_ rev-list --count base..seed) seed," \
	"$(git_ rev-list --count seed..HEAD) densemem commits on base" \
	"(git -C build/linux log --oneline base..densemem)"
