#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""objdump_funcs.py: the functions of a vmlinux as objdump -d prints them
(harness/bench/bench.sh calls it; harness/bench/test-objdump_funcs.py tests it).

  objdump_funcs.py static MODEL STRUCT_PAGE VMLINUX
      one JSON line per bench_op_* wrapper of mm/densemem/bench.c: its
      instructions, return included, plus those of any function it calls
      or branches to (an outlined helper), and its code
  objdump_funcs.py compare VMLINUX VMLINUX
      the functions whose instructions differ between two builds, with
      addresses and immediates left out (they move with any change of
      size): a change of a header that must leave the generated code
      alone shows here, function by function
"""
import json
import re
import subprocess
import sys

OBJDUMP = "arm-linux-gnueabihf-objdump"
HEAD = re.compile(r"^[0-9a-f]+ <([^>]+)>:$")
INSN = re.compile(r"^ *[0-9a-f]+:\t")
CALL = re.compile(r"\tb(?:l|x)?(?:eq|ne|cs|cc|hi|ls|ge|lt|gt|le)?\s+[0-9a-f]+ <([^>+]+)>")


def parse(lines):
    """objdump -d --no-show-raw-insn output -> {name: {"code": [insn],
    "calls": {callee}}}; a symbol seen twice keeps its first body."""
    funcs, cur = {}, None
    for line in lines:
        h = HEAD.match(line)
        if h:
            cur = None if h[1] in funcs else funcs.setdefault(h[1], {"code": [], "calls": set()})
            continue
        if cur is not None and INSN.match(line):
            cur["code"].append(re.sub(r"\s+", " ", line.split("\t", 1)[1].split(";")[0]).strip())
            c = CALL.search(line)
            if c:
                cur["calls"].add(c[1])
    return funcs


def objdump(vmlinux):
    out = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", vmlinux],
                         capture_output=True, text=True, check=True).stdout
    return parse(out.splitlines())


def static(funcs, model, struct_page):
    """The bench wrappers' static cost, as make bench reports it."""
    rows = []
    for name, f in sorted(funcs.items()):
        if not name.startswith("bench_op_"):
            continue
        calls = sorted(c for c in f["calls"] if c != name)
        n = len(f["code"]) + sum(len(funcs[c]["code"]) for c in calls if c in funcs)
        rows.append({"kind": "static", "op": name[9:], "model": model,
                     "struct_page": struct_page, "insns": n, "calls": calls,
                     "code": f["code"]})
    return rows


def shape(code):
    """An instruction list with what moves with layout left out: addresses
    (branch targets, literal pool words), symbol names in <>, immediates
    and comments."""
    out = []
    for insn in code:
        insn = re.sub(r"@.*", "", insn)
        insn = re.sub(r"<[^>]*>", "", insn)
        insn = re.sub(r"\b(0x)?[0-9a-f]{8}\b", "A", insn)
        insn = re.sub(r"#-?(0x)?[0-9a-f]+", "#N", insn)
        out.append(insn.strip())
    return out


def compare(a, b):
    """(differing, only_in_a, only_in_b): names of functions of both builds
    whose shape differs, and those in one build only."""
    diff = sorted(k for k in a if k in b and shape(a[k]["code"]) != shape(b[k]["code"]))
    return diff, sorted(set(a) - set(b)), sorted(set(b) - set(a))


def main(argv):
    if len(argv) == 5 and argv[1] == "static":
        for row in static(objdump(argv[4]), argv[2], int(argv[3])):
            print(json.dumps(row))
    elif len(argv) == 4 and argv[1] == "compare":
        a, b = objdump(argv[2]), objdump(argv[3])
        diff, only_a, only_b = compare(a, b)
        for k in diff:
            print(f"differs: {k} ({len(a[k]['code'])} -> {len(b[k]['code'])} instructions)")
        for k in only_a:
            print(f"only in the first: {k}")
        for k in only_b:
            print(f"only in the second: {k}")
        print(f"compare: {len(a)} and {len(b)} functions, {len(diff)} differ, "
              f"{len(only_a)} and {len(only_b)} in one build only")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
