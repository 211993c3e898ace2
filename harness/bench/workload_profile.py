#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""workload_profile.py MACHINE WORKLOAD UNIT_FN KCONFIG[@MACHINE]...: where the
kernel's instructions in one of harness/guest/workload.c's workloads go,
per function, on each kernel, side by side.  A kernel may name a machine
of its own (a name in machines/ or a .mem file's path), to set the same
kernel on two memory sizes side by side.

Each kernel boots as make bench boots it (boot.sh, BENCH=0: -icount
shift=0) with a QEMU monitor, and the workload spinning in user space
before each of its kernel-heavy parts (SPIN), long enough for the
monitor's commands to land.  When the guest says WORKLOAD comes next, QEMU is switched to one
instruction per translation block with the exec log on, kernel addresses
only (singlestep, log exec,nochain; -dfilter), so that each instruction
the kernel executes is one log line; when it reports WORKLOAD, back.  The
whole workload is in the window, and nothing of the one before: batched
work (RCU callbacks, per-CPU page lists, slab flushes) is counted as
often as it runs.  The lines are counted per
function of the kernel's vmlinux, and divided by the calls of UNIT_FN
(do_unlinkat for file_cycle: one per file).

Writes build/report/profile-WORKLOAD.md: the functions whose count per
unit differs most between the first kernel and each other, the total
first.  Slow (about 5 minutes and 5 GB of log per kernel for
file_cycle): not part of make bench.
"""
import bisect
import collections
import os
import re
import socket
import subprocess
import sys
import time

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
WORKLOADS = ("fork_exec", "pipe_pingpong", "mmap_touch", "file_cycle")
SPIN = 30	# 300 million turns: a second or two of host time at full speed
TRACE = re.compile(rb"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")


def symbols(vmlinux):
    """Sorted (address, name) of the text symbols of @vmlinux."""
    out = subprocess.run(["arm-linux-gnueabihf-nm", "-n", vmlinux], check=True,
                         capture_output=True, text=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "tTW" and not f[2].startswith("$"):
            syms.append((int(f[0], 16), f[2]))
    return syms


def monitor(path, cmds):
    """Send @cmds to the QEMU monitor at @path."""
    s = socket.socket(socket.AF_UNIX)
    s.connect(path)
    for c in cmds:
        s.sendall((c + "\n").encode())
        time.sleep(0.2)
    s.close()


def said(console, line):
    """Whether the guest has printed @line."""
    return os.path.exists(console) and line.encode() in open(console, "rb").read()


def machine_file(machine):
    """The .mem file of @machine: a name in machines/ or a path."""
    return machine if machine.endswith(".mem") else f"{TOP}/machines/{machine}.mem"


def run(machine, kconfig, workload, kernel_start):
    """Boot @kconfig on @machine and log the window: the log's path."""
    name = os.path.basename(machine_file(machine))[:-len(".mem")]
    run_dir = f"{TOP}/build/boot/{name}.{kconfig}.bench"
    os.makedirs(run_dir, exist_ok=True)
    sock, log = f"{run_dir}/monitor.sock", f"{run_dir}/exec.log"
    console = f"{run_dir}/console.log"
    for f in (sock, log, console):
        if os.path.exists(f):
            os.unlink(f)
    env = dict(os.environ, BENCH="0", WORKLOAD="100", SPIN=str(SPIN), BOOT_TIMEOUT="3600",
               QEMU_ARGS=f"-monitor unix:{sock},server,nowait -D {log} "
               f"-dfilter 0x{kernel_start:x}..0xffffffff")
    boot = subprocess.Popen(["bash", f"{TOP}/harness/boot/boot.sh",
                             machine_file(machine), kconfig],
                            env=env, stdout=subprocess.DEVNULL)
    for line in (f"DENSEMEM-WORKLOAD-NEXT name={workload}",
                 f"DENSEMEM-WORKLOAD name={workload} "):
        while boot.poll() is None and not said(console, line):
            time.sleep(0.1)
        if not said(console, line):
            sys.exit(f"profile: {kconfig}: the guest never printed {line.strip()} ({console})")
        if "NEXT" in line:
            monitor(sock, ["singlestep on", "log exec,nochain"])
    monitor(sock, ["log none", "singlestep off"])
    boot.wait()
    return log


def count(log, syms, unit_fn):
    """Instructions and calls (executions of the first instruction) per
    function in @log, and the calls of @unit_fn."""
    addrs = [a for a, _ in syms]
    names = dict((n, a) for a, n in syms)
    entry, etext = names[unit_fn], names.get("_etext", addrs[-1])
    pcs = collections.Counter()
    with open(log, "rb") as f:
        for line in f:
            m = TRACE.match(line)
            if m:
                pcs[int(m[1], 16)] += 1
    per_fn, calls = collections.Counter(), collections.Counter()
    for pc, n in pcs.items():
        i = bisect.bisect_right(addrs, pc) - 1
        fn = ("(below the kernel)" if pc < addrs[0] else
              "(past _etext: vectors)" if pc >= etext else syms[i][1])
        per_fn[fn] += n
        if i >= 0 and pc == addrs[i]:
            calls[fn] += n
    return per_fn, calls, pcs.get(entry, 0)


def main():
    args = sys.argv[1:]
    if len(args) < 5 or args[1] not in WORKLOADS:
        sys.exit(__doc__)
    machine, workload, unit_fn, kconfigs = args[0], args[1], args[2], args[3:]
    per_unit = {}
    for k in kconfigs:
        kc, _, m = k.partition("@")
        m = m or machine
        print(f"profile: {workload} on {kc} ({m}), one step at a time", file=sys.stderr)
        syms = symbols(f"{TOP}/build/kernels/{kc}/obj/vmlinux")
        log = run(m, kc, workload, syms[0][0])
        per_fn, calls, units = count(log, syms, unit_fn)
        os.unlink(log)
        if not units:
            sys.exit(f"profile: {k}: no call of {unit_fn} in the window")
        print(f"profile: {k}: {sum(per_fn.values())} instructions, {units} calls of {unit_fn}",
              file=sys.stderr)
        per_unit[k] = ({f: n / units for f, n in per_fn.items()}, units,
                       {f: n / units for f, n in calls.items()})
    ref, (rf, _, rc) = kconfigs[0], per_unit[kconfigs[0]]
    md = [f"# Instructions per {unit_fn}() call in {workload}, per function", "",
          f"`harness/bench/workload_profile.py {' '.join(sys.argv[1:])}`"
          f" on {machine}: every instruction executed in the window, divided by the calls of "
          f"{unit_fn}() in it ({', '.join(f'{k}: {per_unit[k][1]}' for k in kconfigs)}); "
          "calls: executions of the function's first instruction, per unit.", ""]
    for k in kconfigs[1:]:
        kf, _, kc = per_unit[k]
        diff = {f: kf.get(f, 0) - rf.get(f, 0) for f in set(rf) | set(kf)}
        md += [f"## {k} against {ref}", "",
               f"| function | {ref} | calls | {k} | calls | difference |",
               "|---|---:|---:|---:|---:|---:|",
               f"| **all** | {sum(rf.values()):.1f} | | {sum(kf.values()):.1f} | | "
               f"{sum(kf.values()) - sum(rf.values()):+.1f} |"]
        for f in sorted(diff, key=lambda f: -abs(diff[f]))[:30]:
            md.append(f"| {f} | {rf.get(f, 0):.1f} | {rc.get(f, 0):.2f} | {kf.get(f, 0):.1f} | "
                      f"{kc.get(f, 0):.2f} | {diff[f]:+.1f} |")
        md.append("")
    os.makedirs(f"{TOP}/build/report", exist_ok=True)
    out = f"{TOP}/build/report/profile-{workload}.md"
    open(out, "w").write("\n".join(md))
    print("\n".join(md))


if __name__ == "__main__":
    main()
