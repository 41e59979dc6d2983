#!/usr/bin/env python3
"""Ratio table cuzk / sppark from one vs-anchors.sh call: medians over the rounds of each
side's figures (each already a median of its own repetitions). A size where sppark printed
FAIL or ERROR is void and shown as such."""
import re
import statistics
import sys
from collections import defaultdict


def parse_cuzk(path):
    d = defaultdict(list)
    for line in open(path, errors="replace"):
        m = re.match(r"MSM\s+(G[12])\s+2\^(\d+)\s+c=\s*\d+\s+([\d.]+) ms", line)
        if m:
            d[(m[1], int(m[2]))].append(float(m[3]))
            continue
        m = re.match(r"NTT\s+2\^(\d+)\s+default\s+forward\s+([\d.]+) ms", line)
        if m:
            d[("NTT", int(m[1]))].append(float(m[2]))
    return d


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
    cz = parse_cuzk(sys.argv[1])
    sp, void = parse_sppark(sys.argv[2])
    print("| op | size | cuzk ms | sppark ms | cuzk / sppark | rounds |")
    print("|---|---|---:|---:|---:|---|")
    for key in sorted(set(cz) | set(sp) | void):
        op, L = key
        c = statistics.median(cz[key]) if cz.get(key) else None
        s = statistics.median(sp[key]) if sp.get(key) else None
        if key in void:
            ratio = "void (sppark check failed)"
        elif c is not None and s is not None:
            ratio = f"{c / s:.3f}"
        else:
            ratio = "one side missing"
        fmt = lambda v: "–" if v is None else (f"{v:.3f}" if op == "NTT" else f"{v:.1f}")
        print(f"| {op} | 2^{L} | {fmt(c)} | {fmt(s)} | {ratio} | {len(cz.get(key, []))}/{len(sp.get(key, []))} |")


if __name__ == "__main__":
    main()
