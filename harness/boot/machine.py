#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Machine files: parse and check a .mem file, and make its DTB.

    machine.py check FILE              errors name the file and line
    machine.py json FILE               the parsed machine, as JSON
    machine.py dtb FILE QEMU_DTB OUT BOOTARGS INITRD_START INITRD_END
    machine.py from-dtb BOARD.dtb OUT.mem   a board's memory as a machine file
    machine.py kunit-qemu FILE         kunit.py's --qemu_config for it
    machine.py c-banks FILE...         their banks as C, for the layout tests
"""
import json
import sys

BOARDS = {
    # RAM the board really has: (start, max size).  QEMU's realview-pbx-a9
    # puts the first 512 MiB of -m at 0x70000000 and the rest at 0x20000000
    # (and an alias of the first 256 MiB at 0, which is not for the kernel).
    "virt": [(0x40000000, 255 << 30)],
    "realview-pbx-a9": [(0x70000000, 512 << 20), (0x20000000, 512 << 20)],
}


class MachineError(Exception):
    pass


def num(tok, where, size=False):
    mult = 1
    if size and tok[-1:].upper() in "KMG" and tok[-1:].isalpha():
        mult = 1 << {"K": 10, "M": 20, "G": 30}[tok[-1].upper()]
        tok = tok[:-1]
    try:
        v = int(tok, 0) if (size or tok.lower().startswith("0x")) else int(tok, 16)
    except ValueError:
        raise MachineError(f"{where}: not a number: {tok!r}")
    return v * mult


def parse(path, bootable=True):
    """A machine file; with @bootable, one QEMU can boot (check()): the
    firmware's view alone (densemem-plan's) takes any layout."""
    m = {"file": path, "board": "virt", "cpu": None, "cmdline": "",
         "banks": [], "nomap": [], "raw_dt": False, "load": None, "dma32": False}
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise MachineError(f"{path}: {e.strerror}")
    for n, line in enumerate(lines, 1):
        where = f"{path}:{n}"
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        word, _, rest = text.partition(" ")
        args = rest.split()
        if word in ("bank", "nomap"):
            if len(args) != 2:
                raise MachineError(f"{where}: '{word} START SIZE' wanted")
            start, size = num(args[0], where), num(args[1], where, size=True)
            if size <= 0:
                raise MachineError(f"{where}: empty {word}")
            m["banks" if word == "bank" else "nomap"].append((start, size, n))
        elif word == "board":
            if rest.strip() not in ("virt", "realview-pbx-a9"):
                raise MachineError(f"{where}: board is virt or realview-pbx-a9")
            m["board"] = rest.strip()
        elif word == "cpu":
            m["cpu"] = rest.strip()
        elif word == "cmdline":
            m["cmdline"] = rest.strip()
        elif word == "raw-dt":
            m["raw_dt"] = rest.strip() == "yes"
        elif word == "dma32":
            if rest.strip() not in ("yes", "no"):
                raise MachineError(f"{where}: 'dma32 yes' or 'dma32 no' wanted")
            m["dma32"] = rest.strip() == "yes"
            m["dma32_line"] = n
        elif word == "load":
            if len(args) != 1:
                raise MachineError(f"{where}: 'load ADDR' wanted")
            m["load"] = (num(args[0], where), n)
        else:
            raise MachineError(f"{where}: unknown directive {word!r}")
    if not m["banks"]:
        raise MachineError(f"{path}: no bank")
    if m["cpu"] is None:
        m["cpu"] = "cortex-a9" if m["board"] == "realview-pbx-a9" else "cortex-a15"
    if m["board"] == "realview-pbx-a9" and m["cpu"] != "cortex-a9":
        raise MachineError(f"{path}: realview-pbx-a9 has a cortex-a9, not {m['cpu']}")
    # devices limited to 32 bits only bounce where there is RAM above it
    if m["dma32"] and not any(s + z > 1 << 32 for s, z, _ in m["banks"]):
        raise MachineError(f"{path}:{m['dma32_line']}: dma32 without RAM above 4 GiB")
    if bootable and not m["raw_dt"]:
        check(m)
    return m


def dma32_bus(fdt, cells, ac, sc):
    """The virtio-mmio devices moved under a simple-bus whose dma-ranges
    is the first 4 GiB, one to one: they address 32 bits only, as devices
    of most LPAE SoCs do, and streaming DMA to RAM above that bounces
    through swiotlb.  (The root node's own dma-ranges has no parent bus
    to translate through.)"""
    import libfdt
    bus = fdt.add_subnode(0, "dma32-bus")
    fdt.setprop_str(bus, "compatible", "simple-bus")
    fdt.setprop_u32(bus, "#address-cells", ac)
    fdt.setprop_u32(bus, "#size-cells", sc)
    fdt.setprop(bus, "ranges", b"")
    fdt.setprop(bus, "dma-ranges", cells(0, ac) + cells(0, ac) + cells(1 << 32, sc))
    while True:
        node = fdt.first_subnode(0, [libfdt.NOTFOUND])
        while node >= 0 and not fdt.get_name(node).startswith("virtio_mmio@"):
            node = fdt.next_subnode(node, [libfdt.NOTFOUND])
        if node < 0:
            break
        props = []
        off = fdt.first_property_offset(node, [libfdt.NOTFOUND])
        while off >= 0:
            prop = fdt.get_property_by_offset(off)
            props.append((prop.name, bytes(prop)))
            off = fdt.next_property_offset(off, [libfdt.NOTFOUND])
        name = fdt.get_name(node)
        fdt.del_node(node)
        bus = fdt.path_offset("/dma32-bus")
        new = fdt.add_subnode(bus, name)
        for k, v in props:
            fdt.setprop(new, k, v)


def check(m):
    path = m["file"]
    banks = sorted(m["banks"])
    for (s0, z0, n0), (s1, z1, n1) in zip(banks, banks[1:]):
        if s1 < s0 + z0:
            raise MachineError(f"{path}:{n1}: bank overlaps the bank of line {n0}")
    for s, z, n in m["nomap"]:
        if not any(bs <= s and s + z <= bs + bz for bs, bz, _ in banks):
            raise MachineError(f"{path}:{n}: nomap region is not inside one bank")
    for s, z, n in banks:
        if not any(rs <= s and s + z <= rs + rz for rs, rz in BOARDS[m["board"]]):
            raise MachineError(f"{path}:{n}: bank is outside the RAM {m['board']} can give")
    if m["load"] is not None:
        # the zImage, then the DTB at +16 MiB and the initramfs after it
        a, n = m["load"]
        if a % 4096 or not any(s <= a and a + LOAD_ROOM <= s + z for s, z, _ in banks):
            raise MachineError(f"{path}:{n}: load address is not page-aligned with "
                               f"{LOAD_ROOM >> 20} MiB of one bank after it")
    elif banks[0][0] + 0x4000000 > banks[0][0] + banks[0][1]:
        raise MachineError(f"{path}:{banks[0][2]}: lowest bank is under 64 MiB: no room to load the kernel")


# what boot.sh places from the zImage's load address on: the zImage, the
# DTB at +16 MiB, the initramfs (with KEXEC, two kernels' worth) after it
LOAD_ROOM = 32 << 20


def load_addr(m):
    """Where the boot loader puts the zImage: the file's load line, or 32
    MiB into the lowest bank (QEMU's own DTB sits at the start of RAM)."""
    if m["load"] is not None:
        return m["load"][0]
    return min(s for s, _, _ in m["banks"]) + 0x2000000


def qemu_ram(m):
    """-m for QEMU: enough to cover the highest bank, in MiB."""
    regions = BOARDS[m["board"]]
    need = 0
    for i, (rs, rz) in enumerate(regions):
        top = max((s + z for s, z, _ in m["banks"] if rs <= s < rs + rz), default=None)
        if top is not None:
            # QEMU fills the regions in order: all before this one, in full
            need = sum(z for _, z in regions[:i]) + top - rs
    return (need + (1 << 20) - 1) >> 20


def summary(m):
    ram = sum(z for _, z, _ in m["banks"])
    nomap = sum(z for _, z, _ in m["nomap"])
    return {"board": m["board"], "cpu": m["cpu"], "cmdline": m["cmdline"],
            "ram": ram - nomap, "nomap": nomap, "qemu_ram_mib": qemu_ram(m),
            "load_base": min(s for s, _, _ in m["banks"]), "load": load_addr(m),
            "load_given": m["load"] is not None,
            "lpae": max(s + z for s, z, _ in m["banks"]) > 1 << 32}


def make_dtb(m, qemu_dtb, out, bootargs, initrd_start, initrd_end):
    import libfdt
    fdt = libfdt.Fdt(open(qemu_dtb, "rb").read())
    fdt.resize(fdt.totalsize() + 8192)
    root = 0
    # drop every /memory node QEMU made
    while True:
        node, found = fdt.first_subnode(root), None
        while node >= 0:
            name = fdt.get_name(node)
            if name == "memory" or name.startswith("memory@"):
                found = node
                break
            node = fdt.next_subnode(node, [libfdt.NOTFOUND]) if True else -1
        if found is None:
            break
        fdt.del_node(found)
    ac = fdt.getprop(root, "#address-cells").as_uint32()
    sc = fdt.getprop(root, "#size-cells").as_uint32()

    def cells(v, n):
        return b"".join(((v >> (32 * (n - 1 - i))) & 0xffffffff).to_bytes(4, "big") for i in range(n))

    for s, z, _ in m["banks"]:
        node = fdt.add_subnode(root, f"memory@{s:x}")
        fdt.setprop_str(node, "device_type", "memory")
        fdt.setprop(node, "reg", cells(s, ac) + cells(z, sc))
    if m["nomap"]:
        rm = fdt.add_subnode(root, "reserved-memory")
        fdt.setprop_u32(rm, "#address-cells", ac)
        fdt.setprop_u32(rm, "#size-cells", sc)
        fdt.setprop(rm, "ranges", b"")
        for s, z, _ in m["nomap"]:
            # up to 64 MiB a device's DMA pool, as a display's or a
            # remote processor's is (the guest's KUnit case allocates
            # from it); larger, a region no driver maps, as a secure
            # world's: the whole pool is memremap()ed into vmalloc space
            node = fdt.add_subnode(rm, f"carveout@{s:x}")
            if z <= 64 << 20:
                fdt.setprop_str(node, "compatible", "shared-dma-pool")
            fdt.setprop(node, "reg", cells(s, ac) + cells(z, sc))
            fdt.setprop(node, "no-map", b"")
    if m["dma32"]:
        dma32_bus(fdt, cells, ac, sc)
    try:
        chosen = fdt.path_offset("/chosen")
    except libfdt.FdtException:
        chosen = fdt.add_subnode(root, "chosen")
    fdt.setprop_str(chosen, "bootargs", bootargs)
    fdt.setprop(chosen, "linux,initrd-start", cells(initrd_start, 2))
    fdt.setprop(chosen, "linux,initrd-end", cells(initrd_end, 2))
    fdt.pack()
    open(out, "wb").write(fdt.as_bytearray())


# QEMU virt CPUs a board's first CPU maps to; any other runs on the default
CPUS = {"arm,cortex-a7": "cortex-a7", "arm,cortex-a15": "cortex-a15"}


def from_dtb(dtb, out):
    """Write the machine file of a board's DTB: its memory nodes and no-map
    regions, moved up by a multiple of 1 GiB (so alignment is kept) when
    the board's RAM starts below the 0x40000000 where QEMU virt's begins.
    Return: the shift in bytes."""
    import fdtread
    try:
        b = fdtread.board(dtb)
    except ValueError as e:
        raise MachineError(str(e))
    if not b["banks"]:
        raise MachineError(f"{dtb}: no memory node with a non-empty reg")
    low = min(s for s, _ in b["banks"])
    base = BOARDS["virt"][0][0]
    shift = 0 if low >= base else ((base - low + (1 << 30) - 1) >> 30) << 30
    with open(out, "w") as f:
        f.write(f"# {dtb}: {len(b['banks'])} memory ranges, {len(b['nomap'])} no-map;"
                f" moved up by {shift:#x} for QEMU virt\n")
        srt = sorted(b["banks"])
        if any(s1 < s0 + z0 for (s0, z0), (s1, _) in zip(srt, srt[1:])):
            f.write("raw-dt yes\t# the DT's memory ranges overlap: passed on as they are\n")
        cpu = CPUS.get(b["cpu"])
        f.write(f"cpu {cpu}\n" if cpu else f"# cpu {b['cpu']}: the default\n")
        for s, z in b["banks"]:
            f.write(f"bank {s + shift:#x} {z:#x}\n")
        for s, z in b["nomap"]:
            f.write(f"nomap {s + shift:#x} {z:#x}\n")
    return shift


def kunit_qemu(m):
    """The QEMU config of kunit.py for a virt machine file: kunit.py boots
    with -kernel, so the banks go on the command line as mem=.  The files
    of kunit/qemu_configs/ are this output (make qemu-configs)."""
    if m["board"] != "virt" or m["nomap"] or m["cmdline"] or m["load"]:
        raise MachineError(f"{m['file']}: kunit.py's QEMU runs plain virt banks only")
    name = m["file"].rsplit("/", 1)[-1][:-len(".mem")]
    s = summary(m)

    def size(z):
        return f"{z >> 30}G" if z % (1 << 30) == 0 else f"{z >> 20}M"
    mem = " ".join(f"mem={size(z)}@{b:#x}" for b, z, _ in sorted(m["banks"]))
    head = [l[2:] if l.startswith("# ") else l[1:] for l in
            open(m["file"]).read().split("\n\n")[0].splitlines() if l.startswith("#")]
    if s["lpae"]:
        kc, arch, hm = "arm-lpae", "aarch64", "on"
        why = ["qemu-system-aarch64 runs the same 32-bit CPU: QEMU 7.2's",
               "qemu-system-arm reads page tables above 4 GiB from their address",
               "modulo 4 GiB, and densemem puts page tables there."]
    else:
        kc, arch, hm, why = "arm", "arm", "off", []
    return "\n".join(
        ["# SPDX-License-Identifier: GPL-2.0", "#",
         f"# QEMU virt with the RAM banks of the densemem project's machines/{name}.mem",
         "# (generated from it by harness/boot/machine.py kunit-qemu):", "#"] +
        [f"#   {l}".rstrip() for l in head] + ["#",
         "# kunit.py boots with -kernel, and QEMU then gives the kernel one",
         "# contiguous memory node, so the banks come from mem= (Arm replaces the",
         "# DT's memory with them before densemem_setup() runs).  QEMU gets RAM up",
         "# to the end of the highest bank; the holes are never used."] +
        [f"# {l}" for l in why] +
        ["from ..qemu_config import QemuArchParams", "",
         "QEMU_ARCH = QemuArchParams(linux_arch='arm',",
         f"\t\t\t   kconfig='',\t# in mm/densemem/{kc}.kunitconfig",
         f"\t\t\t   qemu_arch='{arch}',",
         "\t\t\t   kernel_path='arch/arm/boot/zImage',",
         f"\t\t\t   kernel_command_line='console=ttyAMA0 {mem}',",
         f"\t\t\t   extra_qemu_params=['-machine', 'virt,highmem={hm}',",
         f"\t\t\t\t\t      '-cpu', '{m['cpu']}', '-m', '{s['qemu_ram_mib']}M'])", ""])


def memblock_view(m):
    """The machine's memory map as memblock holds it once the reserved
    memory is read: (start, size, nomap) in physical order, each bank cut
    where a no-map region lies in it (memblock_mark_nomap() splits its
    region)."""
    out = []
    for b, z, _ in sorted(m["banks"]):
        at = b
        for s, n, _ in sorted(m["nomap"]):
            if b <= s < b + z:
                if s > at:
                    out.append((at, s - at, False))
                out.append((s, n, True))
                at = s + n
        if at < b + z:
            out.append((at, b + z - at, False))
    return out


def c_banks(ms):
    """mm/densemem/test_machines.h (make test-machines): the memory map of
    each machine as memblock holds it, no-map regions flagged, as a struct
    densemem_region initialiser and its number of entries, for the host
    layout tests and the KUnit suite, which take the same memory maps as
    the boots."""
    out = ["/* SPDX-License-Identifier: GPL-2.0 */",
           "/*",
           " * The memory maps of the machine files of the densemem project (machines/),",
           " * generated from them by harness/boot/machine.py c-banks (make test-machines):",
           " * the memory maps that tools/testing/densemem and the KUnit suite lay out",
           " * are those the boots run, as memblock holds them (a no-map region is an",
           " * entry of its own, flagged): for each, a struct densemem_region array",
           " * initialiser and its number of entries.",
           " */",
           "#ifndef _MM_DENSEMEM_TEST_MACHINES_H",
           "#define _MM_DENSEMEM_TEST_MACHINES_H"]
    for m in ms:
        name = m["file"].rsplit("/", 1)[-1][:-len(".mem")].upper().replace("-", "_")
        banks = [f"{{ {b:#x}ULL, {z:#x}ULL{', true' if n else ''} }}"
                 for b, z, n in memblock_view(m)]
        out.append(f"\n/* machines/{m['file'].rsplit('/', 1)[-1]} */")
        out.append(f"#define DM_MACHINE_{name}_NR\t{len(banks)}")
        out.append(f"#define DM_MACHINE_{name}\t\\")
        out.append("\t{ " + ", \\\n\t  ".join(banks) + " }")
    out += ["", "#endif /* _MM_DENSEMEM_TEST_MACHINES_H */", ""]
    return "\n".join(out)


def plan_dts(m):
    """The DTS of the firmware's view of a machine, for densemem-plan,
    which reads device trees only: its memory nodes (one per bank line),
    its no-map regions, its CPU and its command line.  Any layout, as
    boards have them: no QEMU constraint applies."""
    def reg(s, z):
        return f"<{s >> 32:#x} {s & 0xffffffff:#x} {z >> 32:#x} {z & 0xffffffff:#x}>"
    out = ["/dts-v1/;", "/ {", "\t#address-cells = <2>;", "\t#size-cells = <2>;",
           "\tcpus {", "\t\t#address-cells = <1>;", "\t\t#size-cells = <0>;",
           f'\t\tcpu@0 {{ device_type = "cpu"; compatible = "arm,{m["cpu"]}"; reg = <0>; }};',
           "\t};"]
    seen = set()
    for s, z, n in m["banks"]:     # node names unique, even for overlapping banks
        name = f"memory@{s:x}" if s not in seen else f"memory-{n}@{s:x}"
        seen.add(s)
        out.append(f'\t{name} {{ device_type = "memory"; reg = {reg(s, z)}; }};')
    if m["nomap"]:
        out += ["\treserved-memory {", "\t\t#address-cells = <2>;", "\t\t#size-cells = <2>;",
                "\t\tranges;"]
        out += [f"\t\tcarveout-{n}@{s:x} {{ reg = {reg(s, z)}; no-map; }};"
                for s, z, n in m["nomap"]]
        out.append("\t};")
    args = m["cmdline"].replace("\\", "\\\\").replace('"', '\\"')
    out += [f'\tchosen {{ bootargs = "{args}"; }};', "};", ""]
    return "\n".join(out)


def move_top(m, by):
    """The machine file's text with its highest bank @by bytes higher:
    the same RAM in another layout (boot.sh HIBERNATE=moved)."""
    lines = open(m["file"]).read().splitlines()
    start, size, n = max(m["banks"])
    lines[n - 1] = f"bank {start + by:#x} {size:#x}"
    return "\n".join(lines) + "\n"


def main():
    try:
        cmd, path = sys.argv[1], sys.argv[2]
        if cmd == "c-banks":
            sys.stdout.write(c_banks([parse(p) for p in sys.argv[2:]]))
            return
        if cmd == "from-dtb":
            print(f"{from_dtb(path, sys.argv[3]):#x}")
            return
        m = parse(path, bootable=not cmd.startswith("plan-"))
        if cmd == "json":
            print(json.dumps(summary(m)))
        elif cmd == "plan-dts":
            sys.stdout.write(plan_dts(m))
        elif cmd == "plan-load":
            print(f"--load {m['load'][0]:#x}" if m["load"] else "")
        elif cmd == "move-top":
            sys.stdout.write(move_top(m, int(sys.argv[3], 0)))
        elif cmd == "kunit-qemu":
            sys.stdout.write(kunit_qemu(m))
        elif cmd == "dtb":
            make_dtb(m, sys.argv[3], sys.argv[4], sys.argv[5],
                     int(sys.argv[6], 0), int(sys.argv[7], 0))
    except MachineError as e:
        print(f"machine: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
