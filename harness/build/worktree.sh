# SPDX-License-Identifier: GPL-2.0
# Sourced, with $top set.  tree_worktree TAG: make build/src/TAG a git
# worktree of build/linux checked out at TAG, creating or moving it as
# needed, so that each tag's builds stay incremental.
tree_worktree() {
	local tree=$top/build/linux src=$top/build/src/$1 want
	want=$(git -C "$tree" rev-parse "$1^{commit}") || return 1
	if [ ! -d "$src" ]; then
		git -C "$tree" worktree prune
		git -C "$tree" worktree add -q --detach "$src" "$want"
	elif [ "$(git -C "$src" rev-parse HEAD)" != "$want" ]; then
		git -C "$src" checkout -q -f --detach "$want"
	fi
}
