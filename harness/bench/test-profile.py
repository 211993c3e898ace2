#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""test-profile.py: harness/bench/workload_profile.py's count() on a made-up exec log
of QEMU 7.2's format, where the answer is known.  One line per case and
a closing "profile: N passed, M failed"."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "check"))
from cases import report  # noqa: E402
import workload_profile as profile  # noqa: E402

SYMS = [(0x70008000, "_stext"), (0x70100000, "do_unlinkat"), (0x70100040, "helper"),
        (0x70200000, "_etext")]


def trace(pc):
    return f"Trace 0: 0x7f0012345678 [00000000/{pc:08x}/04000000/ff000000] \n"


def main():
    pcs = ([0x70100000, 0x70100004, 0x70100040, 0x70100044, 0x70100008] * 3 +
           [0x70100040, 0xffff0008, 0x6fff0000])
    with tempfile.NamedTemporaryFile("w", delete=False) as f:
        f.write("some other line\n")
        f.writelines(trace(pc) for pc in pcs)
    per_fn, calls, units = profile.count(f.name, SYMS, "do_unlinkat")
    os.unlink(f.name)
    cases = [
        ("every instruction of a function counted, calls included", per_fn["do_unlinkat"] == 9),
        ("a callee's instructions counted apart", per_fn["helper"] == 7),
        ("calls: the first instruction's executions", calls["helper"] == 4),
        ("units: the calls of the unit function", units == 3),
        ("past _etext: the vectors, not the last function", per_fn["(past _etext: vectors)"] == 1),
        ("below the kernel: apart", per_fn["(below the kernel)"] == 1),
        ("lines not of the exec trace ignored", sum(per_fn.values()) == len(pcs)),
    ]
    return report("profile", cases)


if __name__ == "__main__":
    sys.exit(main())
