#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Check that a densemem kernel built on Debian's config keeps what Debian
sets: every option whose value differs from Debian's, either way, is
named in configs/debian.changes with its reason, and every option named
there differs in at least one of the configs checked.

    debian_config.py CHANGES DEBIAN_CONFIG RESOLVED_CONFIG [...]

The configs come in pairs (Debian's, then ours resolved by olddefconfig
on it); prints one "ok"/"not ok" line per option and closes with
"debian-config: N passed, N failed"."""
import re
import sys


def parse(path):
    """{OPTION: value} of a .config; "n" for "# CONFIG_X is not set"."""
    out = {}
    for line in open(path):
        m = re.match(r"CONFIG_(\w+)=(.*)$", line)
        if m:
            out[m[1]] = m[2]
            continue
        m = re.match(r"# CONFIG_(\w+) is not set$", line)
        if m:
            out[m[1]] = "n"
    return out


def changes(path):
    """{OPTION: reason} of configs/debian.changes."""
    out = {}
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        opt, _, why = line.partition(" ")
        if not why.strip():
            raise SystemExit(f"{path}:{n}: {opt} without a reason")
        out[opt] = why.strip()
    return out


def diff(debian, ours):
    """{OPTION: (Debian's value, ours)} where they differ; an option one
    side lacks counts as "n" (Kconfig's value of an absent bool)."""
    out = {}
    for opt in sorted(set(debian) | set(ours)):
        a, b = debian.get(opt, "n"), ours.get(opt, "n")
        if a != b:
            out[opt] = (a, b)
    return out


def main():
    if len(sys.argv) < 4 or len(sys.argv) % 2:
        raise SystemExit(__doc__)
    why = changes(sys.argv[1])
    seen = set()
    results = []
    for deb, res in zip(sys.argv[2::2], sys.argv[3::2]):
        name = res.rsplit("/", 2)[-2]
        for opt, (a, b) in diff(parse(deb), parse(res)).items():
            seen.add(opt)
            ok = opt in why
            results.append((ok, f"{name}: {opt} {a} -> {b}: "
                                f"{why[opt] if ok else 'changed, and configs/debian.changes does not say why'}"))
    for opt in sorted(set(why) - seen):
        results.append((False, f"configs/debian.changes names {opt}, which no config changes"))
    for ok, what in results:
        print(("ok" if ok else "not ok"), what)
    p = sum(ok for ok, _ in results)
    print(f"debian-config: {p} passed, {len(results) - p} failed")
    sys.exit(p != len(results))


if __name__ == "__main__":
    main()
