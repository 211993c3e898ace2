#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""test-objdump_funcs.py: harness/bench/objdump_funcs.py on made-up objdump output
of QEMU's 32-bit Arm, where the answer is known.  One line per case and a
closing "objdump_funcs: N passed, M failed"."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check"))
from cases import report  # noqa: E402
import objdump_funcs as od  # noqa: E402

A = """
vmlinux:     file format elf32-littlearm

Disassembly of section .text:

70326bb4 <bench_op_page_to_pfn>:
70326bb4:\tlsr\tr0, r0, #2
70326bb8:\tmovw\tr3, #33608\t@ 0x8348
70326bbc:\tldr\tr3, [r3, #20]
70326bc0:\tb\t70326c00 <helper>
70326bc4:\tbx\tlr

70326c00 <helper>:
70326c00:\tadd\tr0, r0, r3
70326c04:\tbx\tlr
70326c06:\t.word\t0x70326c08

70326c08 <bench_op_none>:
70326c08:\tbx\tlr

70326c0c <hot>:
70326c0c:\tldr\tr3, [r3, #4]\t; 70400000 <densemem_map+0x4>
70326c10:\tbx\tlr
"""
# the same build with everything 0x100 further and another immediate;
# "hot" loads one more word; "gone" was dropped and "new" added
B = A.replace("70326", "70327").replace("#33608", "#33864").replace(
    "70326c0c <hot>:\n", "").replace(
    "70327c0c <hot>:\n70327c0c:\tldr\tr3, [r3, #4]", "70327c0c <hot>:\n70327c0c:\tldr\tr3, [r3, #4]\n"
    "70327c0e:\tldr\tr2, [r3]") + "\n70327d00 <new>:\n70327d00:\tbx\tlr\n"
A += "\n70326d00 <gone>:\n70326d00:\tbx\tlr\n"


def main():
    a, b = od.parse(A.splitlines()), od.parse(B.splitlines())
    st = {r["op"]: r for r in od.static(a, "densemem", 36)}
    diff, only_a, only_b = od.compare(a, b)
    cases = [
        ("parse: every function, every instruction",
         sorted(a) == ["bench_op_none", "bench_op_page_to_pfn", "gone", "helper", "hot"] and
         len(a["bench_op_page_to_pfn"]["code"]) == 5),
        ("parse: a branch to another function is a call",
         a["bench_op_page_to_pfn"]["calls"] == {"helper"}),
        ("static: the wrappers only, a callee's instructions added",
         sorted(st) == ["none", "page_to_pfn"] and st["page_to_pfn"]["insns"] == 8 and
         st["none"]["insns"] == 1 and st["page_to_pfn"]["struct_page"] == 36),
        ("compare: moved addresses, literal words and immediates are no difference",
         "bench_op_page_to_pfn" not in diff and "helper" not in diff),
        ("compare: one instruction more is a difference", diff == ["hot"]),
        ("compare: functions of one build only", only_a == ["gone"] and only_b == ["new"]),
    ]
    return report("objdump_funcs", cases)


if __name__ == "__main__":
    sys.exit(main())
