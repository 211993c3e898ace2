#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""maintainers.py MAINTAINERS PATTERN...: add F: PATTERN lines to the
DENSEMEM section of a kernel MAINTAINERS file, creating the section in
alphabetical place; F: lines stay sorted and a pattern already covered by
a directory pattern of the section is not repeated.  Each overlay commit
of tree.sh calls this for the files it adds, so every commit that adds
files also says who looks after them."""
import sys

NAME = "DENSEMEM MEMORY MODEL"
HEAD = [NAME,
        "M:\tdensemem <densemem@invalid>",
        "L:\tlinux-mm@kvack.org",
        "L:\tlinux-arm-kernel@lists.infradead.org (moderated for non-subscribers)",
        "S:\tMaintained"]


def is_tag(line):
    return len(line) > 2 and line[1] == ":" and line[2] == "\t"


def main():
    path, pats = sys.argv[1], sys.argv[2:]
    lines = open(path).read().split("\n")
    try:
        start = lines.index(NAME)
    except ValueError:
        # before the section (a line followed by a tag line) whose name
        # comes right after ours: the file is sorted only roughly
        heads = [i for i in range(len(lines) - 1)
                 if lines[i] and not is_tag(lines[i]) and is_tag(lines[i + 1])
                 and lines[i - 1] == ""]
        at = min((i for i in heads if lines[i].upper() > NAME),
                 key=lambda i: lines[i].upper())
        lines[at:at] = HEAD + [""]
        start = at
    end = start + 1
    while end < len(lines) and lines[end]:
        end += 1
    tags = lines[start + 1:end]
    files = sorted({t[3:] for t in tags if t.startswith("F:\t")} | set(pats))
    files = [f for f in files
             if not any(d != f and d.endswith("/") and f.startswith(d) for d in files)]
    other = [t for t in tags if not t.startswith("F:\t")]
    lines[start + 1:end] = other + ["F:\t" + f for f in files]
    open(path, "w").write("\n".join(lines))


if __name__ == "__main__":
    main()
