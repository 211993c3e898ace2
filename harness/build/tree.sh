#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Assemble build/linux: the Debian linux-source-6.12 tarball as a git
# repository whose history reads as the series:
#
#   base      the tarball, one commit, tagged "base"
#   seed      patches/seed/*.patch, one commit each (tag "seed")
#   densemem  harness/build/series.map, in its order (tag "densemem"):
#             overlay parts (new files of this repository: mm/densemem/ +
#             Kconfig.densemem, arch/arm/, kunit/, tools/, docs/) and
#             hooks (patches/densemem/*.patch, edits to existing files),
#             one commit each
#
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
	patches mm arch include Kconfig.densemem kunit docs tools harness/build/series.map \
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

# strip SYMS FILE: FILE without the Kconfig entries of the comma-separated
# SYMS and the Makefile lines that build them
strip_syms() {
	awk -v syms="$1" '
	BEGIN { n = split(syms, a, ","); for (i = 1; i <= n; i++) s[a[i]] = 1 }
	/^(menu)?config / { skip = ($2 in s) }
	/^(endmenu|menu |if |endif|source |comment |choice|endchoice)/ { skip = 0 }
	skip { next }
	{ for (k in s) if (index($0, "CONFIG_" k ")")) next }
	/^$/ { blank = blank "\n"; next }
	{ printf "%s%s\n", blank, $0; blank = "" }' "$2" > "$2.tmp" && mv "$2.tmp" "$2"
}

overlay() {	# overlay [--without=SYMS] [--hook=NAME] MESSAGE SRC:DST...
	local without= fold=
	while :; do
		case $1 in
		--without=*) without=${1#--without=}; shift ;;
		--hook=*) fold=${1#--hook=}; shift ;;
		*) break ;;
		esac
	done
	local msg=$1; shift
	local m added=0 pats=()
	for m in "$@"; do
		local rel=${m%%:*} dst=${m#*:} f t
		if [ ! -e "$top/$rel" ]; then
			echo "tree.sh: harness/build/series.map names $rel, which does not exist" >&2
			exit 1
		fi
		# its MAINTAINERS pattern, so that every commit that adds files
		# names them there
		if [ -d "$top/$rel" ]; then pats+=("$dst/"); else pats+=("$dst"); fi
		# the files git would commit here: no build output, no fuzz corpus
		while IFS= read -r f; do
			t=$dst${f#"$rel"}
			mkdir -p "$(dirname "$tree/$t")"
			cp -a "$top/$f" "$tree/$t"
			case ${without:+$(basename "$t")} in
			Kconfig*|Makefile) strip_syms "$without" "$tree/$t" ;;
			esac
			git_ add -f "$t"
			added=1
		done < <(git -C "$top" ls-files -co --exclude-standard -- "$rel")
	done
	if [ $added = 1 ]; then
		/usr/bin/python3 "$top/harness/build/maintainers.py" "$tree/MAINTAINERS" "${pats[@]}"
		git_ add MAINTAINERS
	fi
	# --hook: an edit of existing files that belongs to this commit (the
	# kernel-parameters.txt entry of a parameter the new code adds)
	if [ -n "$fold" ]; then
		local hp=("$top"/patches/densemem/[0-9][0-9][0-9][0-9]-"$fold".patch)
		[ -f "${hp[0]}" ] && [ ${#hp[@]} = 1 ] ||
			{ echo "tree.sh: harness/build/series.map names --hook=$fold: ${#hp[@]} patches" >&2; exit 1; }
		git_ apply --index "${hp[0]}"
		hooks_applied+=("$(basename "${hp[0]}")")
	fi
	# signed off as the hooks are, so that each exported patch passes
	# checkpatch as a maintainer runs it
	[ $added = 1 ] && ! git_ diff --cached --quiet && git_ commit -q -s -F - <<<"$msg" || true
}

hooks_applied=()
hook() {	# hook NAME: patches/densemem/NNNN-NAME.patch
	local p=("$top"/patches/densemem/[0-9][0-9][0-9][0-9]-"$1".patch)
	if [ ! -f "${p[0]}" ] || [ ${#p[@]} != 1 ]; then
		echo "tree.sh: harness/build/series.map names hook $1: ${#p[@]} patches/densemem/NNNN-$1.patch" >&2
		exit 1
	fi
	git_ am -q --keep-cr "${p[0]}"
	hooks_applied+=("$(basename "${p[0]}")")
}
. "$top/harness/build/series.map"

# every hook in the series, once
for p in "$top"/patches/densemem/*.patch; do
	n=$(printf '%s\n' "${hooks_applied[@]}" | grep -cx "$(basename "$p")" || true)
	[ "$n" = 1 ] || { echo "tree.sh: $(basename "$p") is in harness/build/series.map $n times, not once" >&2; exit 1; }
done
git_ tag -f densemem >/dev/null
echo "$inputs" > "$tree/.densemem-inputs"
echo "tree: build/linux at densemem ($(git_ log -1 --format=%h)):" \
	"$(git_ rev-list --count base..seed) seed," \
	"$(git_ rev-list --count seed..HEAD) densemem commits on base" \
	"(git -C build/linux log --oneline base..densemem)"
