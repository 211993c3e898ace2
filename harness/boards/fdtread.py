# SPDX-License-Identifier: GPL-2.0
"""A plain reader of flattened device trees: the memory a board's DTB
describes.  pylibfdt's getprop() of a missing property drops a reference
to None, and a few thousand of them crash the interpreter."""
import struct


def nodes(blob):
    """The FDT's nodes as (depth, name, {property: bytes}), in order: a
    plain reader of the structure block (pylibfdt's getprop() of a missing
    property drops a reference to None, and thousands of them crash)."""
    magic, _, off_struct, off_strings = struct.unpack_from(">IIII", blob, 0)
    if magic != 0xd00dfeed:
        raise ValueError("not a DTB (no FDT magic)")
    pos, depth, out, stack = off_struct, 0, [], []
    while True:
        tok, = struct.unpack_from(">I", blob, pos)
        pos += 4
        if tok == 1:			# FDT_BEGIN_NODE
            end = blob.index(b"\0", pos)
            stack.append((depth, blob[pos:end].decode(errors="replace"), {}))
            out.append(stack[-1])
            pos = (end + 4) & ~3
            depth += 1
        elif tok == 2:			# FDT_END_NODE
            stack.pop()
            depth -= 1
        elif tok == 3:			# FDT_PROP
            ln, nameoff = struct.unpack_from(">II", blob, pos)
            name = blob[off_strings + nameoff:blob.index(b"\0", off_strings + nameoff)]
            stack[-1][2][name.decode(errors="replace")] = blob[pos + 8:pos + 8 + ln]
            pos = (pos + 8 + ln + 3) & ~3
        elif tok == 4:			# FDT_NOP
            continue
        else:				# FDT_END, or garbage
            return out


def regs(reg, ac, sc):
    """(start, size) pairs of a reg property, empty ones left out."""
    cells = [int.from_bytes(reg[i:i + 4], "big") for i in range(0, len(reg) - 3, 4)]
    out, step = [], ac + sc
    for i in range(0, len(cells) - step + 1, step):
        s = z = 0
        for c in cells[i:i + ac]:
            s = s << 32 | c
        for c in cells[i + ac:i + step]:
            z = z << 32 | c
        if z:
            out.append((s, z))
    return out


def board(path):
    """A DTB's memory: {"banks", "nomap", "cpu", "compatible" (every node's)};
    raises ValueError."""
    try:
        ns = nodes(open(path, "rb").read())
    except (IndexError, OSError, struct.error) as e:
        raise ValueError(f"{path}: not a readable DTB ({e})")
    cell = lambda p, k, d: int.from_bytes(p[k][:4], "big") if k in p else d
    root = ns[0][2] if ns else {}
    ac, sc = cell(root, "#address-cells", 2), cell(root, "#size-cells", 1)
    # every compatible string of the tree: the SoC where there is no /cpus
    out = {"banks": [], "nomap": [], "cpu": None,
           "compatible": sorted({c for _, _, p in ns for c in
                                 p.get("compatible", b"").decode(errors="replace").split("\0") if c})}
    parent = None
    for depth, name, props in ns:
        if depth == 1:
            parent = name
            if props.get("device_type", b"").rstrip(b"\0") == b"memory":
                out["banks"] += regs(props.get("reg", b""), ac, sc)
        elif depth == 2 and parent == "reserved-memory" and "no-map" in props:
            out["nomap"] += regs(props.get("reg", b""), ac, sc)
        elif depth == 2 and parent == "cpus" and out["cpu"] is None and "compatible" in props:
            out["cpu"] = props["compatible"].split(b"\0")[0].decode(errors="replace")
    return out


def ranges(path):
    """The memory ranges of a DTB, as (start, size), or None if unreadable."""
    try:
        return board(path)["banks"]
    except ValueError:
        return None


