#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""kdumppat check on made-up ELF cores of both classes, built for armhf
and run under qemu-arm-static: the pattern page is found through the
PT_LOAD that holds it, a page without the pattern and an address in no
PT_LOAD fail."""
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "check"))
import cases  # noqa: E402

PHYS = 0x99fe6000


def word(pfn, i):
    return (0x44454e53 ^ (pfn * 1024 + i)) & 0xffffffff


def core(path, is64):
    """An ELF core of two PT_LOADs: a page at 0x80000000, and three pages
    from PHYS - 4 KiB whose middle one holds the pattern of PHYS."""
    segs = [(4096, 0x80000000, 0x1000), (8192, PHYS - 0x1000, 0x3000)]
    ident = b"\x7fELF" + bytes([2 if is64 else 1, 1, 1]) + bytes(9)
    if is64:
        eh = ident + struct.pack("<HHIQQQIHHHHHH", 4, 40, 1, 0, 64, 0, 0, 64, 56, 2, 0, 0, 0)
        ph = b"".join(struct.pack("<IIQQQQQQ", 1, 0, o, 0, p, n, n, 0) for o, p, n in segs)
    else:
        eh = ident + struct.pack("<HHIIIIIHHHHHH", 4, 40, 1, 0, 52, 0, 0, 52, 32, 2, 0, 0, 0)
        ph = b"".join(struct.pack("<IIIIIIII", 1, o, 0, p, n, n, 0, 0) for o, p, n in segs)
    data = bytearray(8192 + 0x3000)
    data[:len(eh) + len(ph)] = eh + ph
    data[8192 + 0x1000:8192 + 0x2000] = b"".join(
        struct.pack("<I", word(PHYS >> 12, i)) for i in range(1024))
    open(path, "wb").write(data)


def main():
    c = []
    with tempfile.TemporaryDirectory() as t:
        exe = os.path.join(t, "kdumppat")
        subprocess.run(["arm-linux-gnueabihf-gcc", "-static", "-O2", "-Wall", "-Werror", "-o", exe,
                        os.path.join(HERE, "kdumppat.c")], check=True)
        for is64 in (False, True):
            name = "ELF64" if is64 else "ELF32"
            path = os.path.join(t, name)
            core(path, is64)
            run = lambda a: subprocess.run(["qemu-arm-static", exe, "check", hex(a), path],
                                           capture_output=True, text=True)
            ok, other, none = run(PHYS), run(PHYS - 0x1000), run(0x70000000)
            c.append((f"{name}: the pattern page found, every word",
                      ok.returncode == 0 and "0 of 1024 words differ" in ok.stdout))
            c.append((f"{name}: the page before it has no pattern",
                      other.returncode == 1 and "1024 of 1024 words differ" in other.stdout))
            c.append((f"{name}: an address in no PT_LOAD",
                      none.returncode == 1 and "is in no PT_LOAD" in none.stdout))
    sys.exit(cases.report("kdumppat", c) != 0)


if __name__ == "__main__":
    main()
