#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The mainline boards with split memory, and what densemem does with each.

    boards.py DTB_DIR PLAN OUT.md
    boards.py --boots DTB_DIR   one boot spec per distinct layout (boards-boot)

DTB_DIR holds the base tree's DTBs, compiled as kbuild does (boards.sh),
as VENDOR/NAME.dtb.  Every one whose memory nodes give more than one
range (reg entries of device_type = "memory" nodes, empty ones left out)
is given to densemem-plan; the table says, per board, the ranges, the
stock kernel's best (FLATMEM, any split, with or without HIGHMEM or
LPAE, as far as the CPU allows), densemem's recommendation and what it
keeps, and whether densemem keeps at least what stock keeps.
"""
import os
import re
import subprocess
import sys

from fdtread import ranges

UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def size(tok):
    """densemem-plan's sizes: bytes, or a K, M or G multiple."""
    if tok[-1] in UNITS:
        return int(tok[:-1]) * UNITS[tok[-1]]
    return int(tok)


def plan(tool, path):
    """densemem-plan's verdict: (stock best, densemem best, recommendation)."""
    p = subprocess.run([tool, path], capture_output=True, text=True)
    if p.returncode:
        return None, None, "refused: " + p.stderr.strip().splitlines()[-1][:80]
    stock = dense = 0
    for line in p.stdout.splitlines():
        m = re.match(r"(\S+)\s+(classic|LPAE)\s+(no|yes)\s+\|\s+(\S+)\s+(\S+)\s+(\S+)\s+\|"
                     r"\s+(\S+)\s+(\S+)\s+(\S+)(.*)$", line)
        if m and "no LPAE" not in m[10]:
            dense = max(dense, size(m[4]) + size(m[5]))
            stock = max(stock, size(m[7]) + size(m[8]))
    rec = next((l[len("recommended: "):] for l in p.stdout.splitlines()
                if l.startswith("recommended: ")), "none")
    return stock, dense, rec


def mib(v):
    return f"{v / (1 << 20):.0f}M" if v % (1 << 20) == 0 else f"{v / (1 << 20):.1f}M"


# the densemem configs of configs/ without highmem: 2G_OPT, 3G_OPT, LPAE 2G
CONFIGS = {"2g-opt": "densemem-2g-opt", "3g-opt": "densemem-3g-opt", "lpae": "densemem-lpae"}


def boots(dtbs):
    """MACHINE:KCONFIG:LOWMEM for boottests.sh, one per distinct memory
    layout, on the configuration of configs/ that keeps the most lowmem
    with no highmem (LPAE where RAM lies above 4 GiB); LOWMEM what densemem-plan says that configuration
    keeps of the layout as boot.sh boots it (moved up for QEMU virt), less
    its no-map regions, which are not System RAM."""
    import machine
    here = os.path.dirname(os.path.abspath(__file__))
    tool = os.path.join(here, "..", "tools/mm/densemem-plan/densemem-plan")
    mdir = os.path.join(here, "..", "build/boards/machines")
    os.makedirs(mdir, exist_ok=True)
    layouts = {}
    for d, _, fs in sorted(os.walk(dtbs)):
        for f in sorted(fs):
            r = ranges(os.path.join(d, f)) if f.endswith(".dtb") else None
            if r and len(r) > 1:
                layouts.setdefault(tuple(sorted(r)), os.path.join(d, f))
    for path in layouts.values():
        mf = os.path.join(mdir, os.path.basename(path)[:-4] + ".mem")
        try:
            machine.from_dtb(path, mf)
            nomap = [(s, s + z) for s, z, _ in machine.parse(mf)["nomap"]]
        except machine.MachineError as e:
            print(f"boards: {path} left out: {e}", file=sys.stderr)
            continue
        best = None
        # RAM above 4 GiB: on an LPAE kernel, which can reach it
        above = any(s + z > 1 << 32 for s, z, _ in machine.parse(mf)["banks"])
        for cfg in ([CONFIGS["lpae"]] if above else CONFIGS.values()):
            kc = os.path.join(here, "..", f"build/kernels/{cfg}/config")
            p = subprocess.run([tool, "--config", kc, "--boot-lines", mf],
                               capture_output=True, text=True)
            low = [(int(m[1], 16), int(m[2], 16) + 1) for m in
                   re.finditer(r"\[mem (0x[0-9a-f]+)-(0x[0-9a-f]+)\] -> \[virt", p.stdout)]
            kept = sum(e - s for s, e in low) - sum(
                max(0, min(e, ne) - max(s, ns)) for s, e in low for ns, ne in nomap)
            if p.returncode == 0 and low and (best is None or kept > best[1]):
                best = (cfg, kept)
        if best:
            print(f"{os.path.abspath(path)}:{best[0]}:{best[1]}")


def main():
    if sys.argv[1] == "--boots":
        boots(sys.argv[2])
        return
    dtbs, tool, out = sys.argv[1], sys.argv[2], sys.argv[3]
    rows, total = [], 0
    found = sorted(os.path.relpath(os.path.join(d, f), dtbs)
                   for d, _, fs in os.walk(dtbs) for f in fs if f.endswith(".dtb"))
    for rel in found:
        path = os.path.join(dtbs, rel)
        total += 1
        r = ranges(path)
        if r is None or len(r) < 2:
            continue
        stock, dense, rec = plan(tool, path)
        rows.append((rel[:-4], r, stock, dense, rec))
    worse = [x for x in rows if x[2] is not None and x[3] < x[2]]
    with open(out, "w") as o:
        o.write("# Mainline boards with split memory\n\n")
        o.write(f"Made by `make boards`: {total} DTBs of the base tree's "
                f"arch/arm/boot/dts, compiled as kbuild does; {len(rows)} have more than one "
                f"memory range.  Stock: the most any FLATMEM kernel keeps (lowmem + highmem, "
                f"any split, LPAE where the CPU has it); densemem: the most any densemem "
                f"configuration keeps, and densemem-plan's recommendation.  "
                f"{len(worse)} boards where densemem keeps less than stock.\n\n")
        o.write("| board | ranges | RAM | stock keeps | densemem keeps | recommended |\n")
        o.write("|---|---|---|---|---|---|\n")
        for name, r, stock, dense, rec in rows:
            rs = ", ".join(f"{mib(z)}@{s:#x}" for s, z in r)
            ram = sum(z for _, z in r)
            o.write(f"| {name} | {rs} | {mib(ram)} | "
                    f"{'-' if stock is None else mib(stock)} | "
                    f"{'-' if dense is None else mib(dense)} | {rec} |\n")
    print(f"boards: {total} DTBs, {len(rows)} with split memory, "
          f"{len(worse)} where densemem keeps less than stock -> {out}")


if __name__ == "__main__":
    main()
