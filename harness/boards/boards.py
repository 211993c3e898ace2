#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The mainline boards with split memory, and what densemem does with each.

    boards.py DTB_DIR PLAN OUT.md
    boards.py --boots DTB_DIR   one boot spec per distinct layout (boards-boot)
    boards.py --guide GUIDE.md TABLE.md   the per-layout table into the guide,
                                between its boards-layouts markers

DTB_DIR holds the base tree's DTBs, compiled as kbuild does (boards.sh),
as VENDOR/NAME.dtb.  Every one whose memory nodes give more than one
range (reg entries of device_type = "memory" nodes, empty ones left out)
is given to densemem-plan; the table says, per board, the ranges, the
stock kernel's best (FLATMEM, any split, with or without HIGHMEM or
LPAE, as far as the CPU allows), densemem's recommendation and what it
keeps, and whether densemem keeps at least what stock keeps.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "bench"), os.path.join(HERE, "..", "boot")]
import plot  # noqa: E402
from fdtread import board, ranges  # noqa: E402

UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def size(tok):
    """densemem-plan's sizes: bytes, or a K, M or G multiple."""
    if tok[-1] in UNITS:
        return int(tok[:-1]) * UNITS[tok[-1]]
    return int(tok)


def plan(tool, path):
    """densemem-plan on one DTB: {"configs": [row...], "recommended": text},
    a row per configuration the CPU can run (split, lpae, highmem, and
    lowmem / highmem / dropped bytes for densemem and for stock FLATMEM),
    or {"refused": reason}."""
    p = subprocess.run([tool, path], capture_output=True, text=True)
    if p.returncode:
        return {"refused": p.stderr.strip().splitlines()[-1][:80]}
    rows = []
    for line in p.stdout.splitlines():
        m = re.match(r"(\S+)\s+(classic|LPAE)\s+(no|yes)\s+\|\s+(\S+)\s+(\S+)\s+(\S+)\s+\|"
                     r"\s+(\S+)\s+(\S+)\s+(\S+)(.*)$", line)
        # the "boot" row (VMSPLIT_BOOT) has no stock figures: its line below
        if m and "no LPAE" not in m[10] and m[1] != "boot":
            rows.append({"split": m[1], "lpae": m[2] == "LPAE", "highmem": m[3] == "yes",
                         "densemem": dict(zip(("lowmem", "highmem", "dropped"),
                                              map(size, m.group(4, 5, 6)))),
                         "stock": dict(zip(("lowmem", "highmem", "dropped"),
                                           map(size, m.group(7, 8, 9))))})
    rec = next((l[len("recommended: "):] for l in p.stdout.splitlines()
                if l.startswith("recommended: ")), "none")
    # the recommended configuration's mem_map and tables, as its boot
    # lines and the plan's summary give them
    mm = re.search(r"^\s*densemem: mem_map: (\d+) bytes for \d+ pages; FLATMEM would need (\d+) bytes",
                   p.stdout, re.M)
    tb = re.search(r"^\s*tables: .*, (\d+) bytes$", p.stdout, re.M)
    # one kernel for every board: the split VMSPLIT_BOOT takes on this one
    vs = re.search(r"^vmsplit auto \(CONFIG_VMSPLIT_BOOT=y, VMSPLIT_\S+\): (\S+) in lowmem, "
                   r"(\S+) dropped; user (\S+) \(TASK_SIZE", p.stdout, re.M)
    return {"configs": rows, "recommended": rec,
            "vmsplit": {"lowmem": size(vs[1]), "dropped": size(vs[2]), "user": size(vs[3])}
            if vs else None,
            "memmap": int(mm[1]) + int(tb[1]) if mm and tb else None,
            "memmap_flat": int(mm[2]) if mm else None}


SPARSEMEM_H = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                           "build/linux/arch/arm/include/asm/sparsemem.h")


def sparsemem_bytes(ranges, lpae, struct_page=32, page_shift=12, header=SPARSEMEM_H):
    """What SPARSEMEM on Arm spends on the same RAM: a struct page for
    every page of each section that holds RAM (SECTION_SIZE_BITS and
    MAX_PHYSMEM_BITS from Arm's asm/sparsemem.h), and its static
    mem_section[] of two words per section.  Without LPAE, RAM past
    4 GiB is out of reach."""
    txt = open(header).read()
    bits = int(re.search(r"#define SECTION_SIZE_BITS\s+(\d+)", txt)[1])
    phys = int(re.search(r"#define MAX_PHYSMEM_BITS\s+(\d+)", txt)[1])
    top = 1 << (phys if lpae else 32)
    secs = set()
    for s, z in ranges:
        e = min(s + z, top)
        if e > s:
            secs.update(range(s >> bits, ((e - 1) >> bits) + 1))
    return len(secs) * (1 << (bits - page_shift)) * struct_page + (1 << (phys - bits)) * 8


def best(configs, model, lowmem_only=False):
    """The most a model keeps over @configs: lowmem + highmem, or lowmem
    alone (what a kernel without highmem, or the highmem plan, keeps)."""
    return max((c[model]["lowmem"] + (0 if lowmem_only else c[model]["highmem"])
                for c in configs), default=0)


# cores of the first /cpus node that are older than Armv7: a multi_v7
# kernel does not run there (the table lists them, the verdict is for v7)
PRE_V7 = ("arm,arm920t", "arm,arm926ej-s", "arm,arm946e-s", "arm,arm1136j-s",
          "arm,arm1136jf-s", "arm,arm1176jzf-s", "arm,arm11mpcore", "faraday,fa526",
          "faraday,fa626te", "marvell,feroceon", "marvell,sheeva-v5", "intel,xscale",
          "arm,arm720t", "arm,arm940t", "arm,arm1020e", "arm,arm1022e", "arm,arm1026ej-s")


# SoCs older than Armv7 whose DTs have no /cpus node
PRE_V7_SOCS = ("cirrus,ep93", "marvell,kirkwood", "marvell,orion5x", "atmel,at91rm9200",
               "atmel,at91sam9", "nxp,lpc32", "fsl,imx23", "fsl,imx28", "fsl,imx25",
               "fsl,imx27", "fsl,imx31", "fsl,imx35", "ti,da850", "st,nomadik", "stericsson,nomadik")


def arch(b):
    """v7 (Armv7 or later), pre-v7, or ? for a board's DTB."""
    cpu = b["cpu"]
    if cpu is None:
        soc = any(c.startswith(PRE_V7_SOCS) for c in b.get("compatible", []))
        return "pre-v7" if soc else "?"
    return "pre-v7" if cpu in PRE_V7 or "arm9" in cpu or "arm11" in cpu else "v7"


def mib(v):
    return f"{v / (1 << 20):.0f}M" if v % (1 << 20) == 0 else f"{v / (1 << 20):.1f}M"


# the densemem configs of configs/ without highmem: 2G_OPT, 3G_OPT, LPAE 2G
CONFIGS = {"2g-opt": "densemem-2g-opt", "3g-opt": "densemem-3g-opt", "lpae": "densemem-lpae"}


def kib(v):
    """Bytes as KiB, rounded up; "-" when unknown."""
    return "-" if v is None else f"{-(-v // 1024)}K"


def boots(dtbs):
    """MACHINE:KCONFIG:LOWMEM for boottests.sh, one per distinct memory
    layout, on the configuration of configs/ that keeps the most lowmem
    with no highmem (LPAE where RAM lies above 4 GiB); LOWMEM what densemem-plan says that configuration
    keeps of the layout as boot.sh boots it (moved up for QEMU virt), less
    its no-map regions, which are not System RAM."""
    import machine
    here = os.path.join(HERE, "..")
    tool = os.path.join(here, "..", "tools/mm/densemem-plan/densemem-plan")
    mdir = os.path.join(here, "..", "build/boards/machines")
    os.makedirs(mdir, exist_ok=True)
    layouts = {}
    for d, _, fs in sorted(os.walk(dtbs)):
        for f in sorted(fs):
            r = ranges(os.path.join(d, f)) if f.endswith(".dtb") else None
            if not r or len(r) < 2:
                continue
            b = board(os.path.join(d, f))
            if arch(b) == "pre-v7":	# a multi_v7 kernel does not run there
                print(f"boards: {f} left out: older than Armv7", file=sys.stderr)
                continue
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


def placeholder(path):
    """A board whose memory nodes are there but give no range (size 0):
    the boot loader fills them in."""
    from fdtread import nodes
    try:
        ns = nodes(open(path, "rb").read())
    except (IndexError, OSError, ValueError):
        return False
    return any(d == 1 and p.get("device_type", b"").rstrip(b"\0") == b"memory"
               for d, _, p in ns)


def chart(rows, out):
    """Lowmem kept per board, stock best vs densemem best, no highmem."""
    dat = out + ".dat"
    with open(dat, "w") as f:
        for r in rows:
            f.write(f"{r['board'].split('/')[-1]} {r['stock_lowmem'] >> 20} "
                    f"{r['densemem_lowmem'] >> 20} {r['ram'] >> 20}\n")
    plot.histogram(dat, out + ".png", "1400,520",
                   "set title 'lowmem kept per board with split memory (MiB): best of every "
                   "configuration the CPU runs (RAM past 2.5 GiB off the chart)'; "
                   "set ylabel 'MiB'; set yrange [0:2560]; "
                   "set xtics rotate by -60 font ',7'; set key top left",
                   [("stock FLATMEM", ""), ("densemem", ""), ("RAM", "with points pt 7")])


def fmt_split(configs, split):
    """'stock/densemem' lowmem without highmem, then kept with highmem."""
    cells = []
    for hm in (False, True):
        c = [x for x in configs if x["split"] == split and x["highmem"] == hm and not x["lpae"]]
        if not c:
            cells.append("-")
            continue
        kept = (lambda m: c[0][m]["lowmem"] + c[0][m]["highmem"]) if hm else \
            (lambda m: c[0][m]["lowmem"])
        cells.append(f"{mib(kept('stock'))}/{mib(kept('densemem'))}")
    return " · ".join(cells)


def layouts(rows, out):
    """The short table, one row per distinct layout of the Armv7 boards:
    for the cover letter and docs/board-guide.md."""
    by = {}
    for r in rows:
        by.setdefault(tuple(map(tuple, sorted(r["ranges"]))), []).append(r)
    with open(out, "w") as o:
        o.write("| memory ranges | boards | RAM | stock: lowmem, no HIGHMEM | "
                "stock: with HIGHMEM | densemem: lowmem, no HIGHMEM | "
                "memory map: densemem | SPARSEMEM |\n")
        o.write("|---|---|---|---|---|---|---|---|\n")
        for key, rs in sorted(by.items(), key=lambda kv: kv[1][0]["board"]):
            r = rs[0]
            names = ", ".join(x["board"].split("/")[-1] for x in rs[:2])
            more = f" and {len(rs) - 2} more" if len(rs) > 2 else ""
            o.write(f"| {', '.join(f'{mib(z)}@{s:#x}' for s, z in key)} | {names}{more} | "
                    f"{mib(r['ram'])} | {mib(r['stock_lowmem'])} | {mib(r['stock_best'])} | "
                    f"{mib(r['densemem_lowmem'])} | {kib(r['memmap'])} | "
                    f"{kib(r['memmap_sparse'])} |\n")


def guide(path, table):
    """The guide for board maintainers with @table between its markers;
    a guide without them is an error, not a silent no-op."""
    s = open(path).read()
    t, n = re.subn(r"(<!-- boards-layouts: make boards writes this table -->\n).*?"
                   r"(<!-- /boards-layouts -->)", lambda m: m[1] + table + m[2], s, flags=re.S)
    if n != 1:
        sys.exit(f"boards: {path} has no boards-layouts markers")
    open(path, "w").write(t)


def main():
    if sys.argv[1] == "--boots":
        boots(sys.argv[2])
        return
    if sys.argv[1] == "--guide":
        guide(sys.argv[2], open(sys.argv[3]).read())
        return
    dtbs, tool, out = sys.argv[1], sys.argv[2], sys.argv[3]
    rows, holders, total = [], [], 0
    found = sorted(os.path.relpath(os.path.join(d, f), dtbs)
                   for d, _, fs in os.walk(dtbs) for f in fs if f.endswith(".dtb"))
    for n, rel in enumerate(found, 1):
        if n % 400 == 0:
            print(f"boards: {n} of {len(found)} read", file=sys.stderr)
        path = os.path.join(dtbs, rel)
        total += 1
        try:
            b = board(path)
        except ValueError:
            continue
        if not b["banks"]:
            if placeholder(path):
                holders.append(rel[:-4])
            continue
        if len(b["banks"]) < 2:
            continue
        pl = plan(tool, path)
        cf = pl.get("configs", [])
        rows.append({"board": rel[:-4], "cpu": b["cpu"], "arch": arch(b),
                     "ranges": [[s, z] for s, z in b["banks"]],
                     "nomap": [[s, z] for s, z in b["nomap"]],
                     "ram": sum(z for _, z in b["banks"]),
                     "stock_best": best(cf, "stock"), "densemem_best": best(cf, "densemem"),
                     "stock_lowmem": best(cf, "stock", True),
                     "densemem_lowmem": best(cf, "densemem", True),
                     "configs": cf, "recommended": pl.get("recommended"),
                     "vmsplit": pl.get("vmsplit"),
                     "memmap": pl.get("memmap"),
                     "memmap_sparse": sparsemem_bytes(b["banks"], "ARM_LPAE=y" in
                                                      (pl.get("recommended") or "")),
                     "refused": pl.get("refused")})
    v7 = [r for r in rows if r["arch"] == "v7"]
    worse = [r for r in v7 if r["densemem_best"] < r["stock_best"]]
    # where RAM fits the linear map, densemem without highmem keeps it all
    # in lowmem: the best lowmem of densemem vs RAM, no-map excluded
    short = [r for r in v7 if r["densemem_lowmem"] + sum(z for _, z in r["nomap"]) < r["ram"]]
    base = out[:-3] if out.endswith(".md") else out
    json.dump({"dtbs": total, "split": rows, "placeholders": holders}, open(base + ".json", "w"),
              indent=1)
    chart(rows, base)
    with open(out, "w") as o:
        o.write("# Mainline boards with split memory\n\n")
        o.write(f"Made by `make boards`: {total} DTBs of the base tree's "
                f"arch/arm/boot/dts, compiled as kbuild does; {len(rows)} have more than one "
                f"memory range ({len(v7)} with an Armv7 or later CPU).  Per split, "
                f"`stock/densemem`: the lowmem a kernel without HIGHMEM keeps, then "
                f"lowmem + highmem with HIGHMEM (classic MMU).  Best: the most any "
                f"configuration the CPU can run keeps (LPAE where it has it).  "
                f"{len(worse)} Armv7 boards where densemem keeps less than stock; "
                f"{len(short)} where densemem without HIGHMEM does not keep all RAM in "
                f"lowmem (RAM past the linear map, below PHYS_OFFSET, or above 4 GiB "
                f"on a CPU without LPAE).  Data: boards.json; chart: boards.png.\n\n")
        o.write("| board | arch | ranges | RAM | 3G | 3G_OPT | 2G | 2G_OPT | stock best | "
                "densemem best | vmsplit auto: lowmem, user | recommended |\n")
        o.write("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            rs = ", ".join(f"{mib(z)}@{s:#x}" for s, z in r["ranges"])
            splits = " | ".join(fmt_split(r["configs"], sp) for sp in ("3G", "3G_OPT", "2G", "2G_OPT"))
            vs = r["vmsplit"]
            auto = f"{mib(vs['lowmem'])}, {mib(vs['user'])}" if vs else "-"
            o.write(f"| {r['board']} | {r['arch']} | {rs} | {mib(r['ram'])} | {splits} | "
                    f"{mib(r['stock_best'])} | {mib(r['densemem_best'])} | {auto} | "
                    f"{r['refused'] or r['recommended']} |\n")
        o.write("\n![lowmem kept per board](boards.png)\n")
        o.write(f"\n## Memory set by the boot loader\n\n{len(holders)} DTBs have a memory "
                "node whose reg is empty or of size 0: the boot loader fills it in, so "
                "there is nothing to plan from the DTB alone.\n\n")
        o.write(", ".join(holders) + "\n")
    layouts(v7, base + "-layouts.md")
    print(f"boards: {total} DTBs, {len(rows)} with split memory ({len(v7)} Armv7), "
          f"{len(worse)} Armv7 where densemem keeps less than stock, {len(short)} where "
          f"densemem keeps less than RAM in lowmem, {len(holders)} placeholders -> {out}")


if __name__ == "__main__":
    main()
