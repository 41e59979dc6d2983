#!/usr/bin/env python3
"""Ratio table cuzk / sppark from one vs-anchors.sh call: medians over the rounds of each
side's figures (each already a median of its own repetitions). A size where sppark printed
FAIL or ERROR is void and shown as such. "G1T c=W" rows are cuzk's MSM over a window table
of width W (bench_cuda g1table; one row per width) against sppark's plain G1 MSM of the
same size, the issue's "precomputed bases" goal; "G2" rows are cuzk's default G2 MSM (lane
pairs) and "G2L1" rows its one-thread-a-point loop (CUZK_MSM_G2_LANES=1), both against
sppark's G2. A cuzk figure whose check failed (a table's
MSM against the plain one, a plain MSM against the CPU's) is void. sppark's MSMs run over
distinct points; a cuzk line over bases tiled from 2^14 points (CUZK_BENCH_POINTS=tiled:
every gather an L2 hit) is not comparable and is shown as its own row, "G1·tiled", without
a ratio."""
import re
import statistics
import sys
from collections import defaultdict


def parse_cuzk(path):
    d, bad = defaultdict(list), set()
    for line in open(path, errors="replace"):
        m = re.match(r"TABLE G1 2\^(\d+)\s+c=(\d+) .*check FAIL", line)
        if m:
            bad.add((f"G1T c={m[2]}", int(m[1])))
            continue
        m = re.match(r"MSM\s+(G[12]T?|G2L1|G2P)\s+2\^(\d+)\s+c=\s*(\d+)\s+([\d.]+) ms", line)
        if m:
            op = f"G1T c={m[3]}" if m[1] == "G1T" else m[1]
            if "tiled" in line:
                op += "·tiled"
            if "check FAIL" in line:  # bench_cuda's plain MSM against the CPU's result
                bad.add((op, int(m[2])))
                continue
            d[(op, int(m[2]))].append(float(m[4]))
            continue
        m = re.match(r"NTT\s+2\^(\d+)\s+default\s+forward\s+([\d.]+) ms", line)
        if m:
            d[("NTT", int(m[1]))].append(float(m[2]))
    for key in bad:
        d.pop(key, None)
    return d, bad


def parse_sppark(path):
    d, void = defaultdict(list), set()
    ntt = False
    for line in open(path, errors="replace"):
        m = re.search(r"sppark (G[12]) MSM 2\^(\d+)\s+D distinct(.*)", line)
        if m:
            key = (m[1], int(m[2]))
            if re.search(r"FAIL|ERROR", line):
                void.add(key)
                continue
            nums = re.findall(r"([\d.]+)\s*ms", m[3]) or re.findall(r"(\d+\.\d+)", m[3])
            if nums:
                d[key].append(float(nums[0]))
            continue
        if "sppark Fr NTT" in line:
            ntt = True
            continue
        m = re.match(r"\s+2\^(\d+)\s+([\d.]+)", line)
        if ntt and m:
            key = ("NTT", int(m[1]))
            if re.search(r"FAIL|ERROR", line):
                void.add(key)
            else:
                d[key].append(float(m[2]))
    return d, void


def main():
    cz, bad = parse_cuzk(sys.argv[1])
    sp, void = parse_sppark(sys.argv[2])
    for op, L in set(cz) | bad:
        base = "G1" if op.startswith("G1T") else "G2" if op in ("G2L1", "G2P") else None
        if "tiled" in op:
            base = None
        if base:
            if (base, L) in sp:
                sp[(op, L)] = sp[(base, L)]
            if (base, L) in void:
                void.add((op, L))
    void |= bad
    print("| op | size | cuzk ms | sppark ms | cuzk / sppark | rounds |")
    print("|---|---|---:|---:|---:|---|")
    for key in sorted(set(cz) | set(sp) | void):
        op, L = key
        c = statistics.median(cz[key]) if cz.get(key) else None
        s = statistics.median(sp[key]) if sp.get(key) else None
        if key in void:
            ratio = "void (cuzk check failed)" if key in bad else "void (sppark check failed)"
        elif "tiled" in op:
            ratio = "none (tiled bases)"
        elif c is not None and s is not None:
            ratio = f"{c / s:.3f}"
        else:
            ratio = "one side missing"
        fmt = lambda v: "–" if v is None else (f"{v:.3f}" if op == "NTT" else f"{v:.1f}")
        print(f"| {op} | 2^{L} | {fmt(c)} | {fmt(s)} | {ratio} | {len(cz.get(key, []))}/{len(sp.get(key, []))} |")


if __name__ == "__main__":
    main()
