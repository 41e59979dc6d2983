#!/usr/bin/env python3
"""Make N sample sectors x P partitions for `cuzk-prove batch` from a circuit fixture.

  scripts/gen-sectors.py --fixture data/fixtures/main --sectors 4 --partitions 3 --out build/sectors
  scripts/gen-sectors.py ... --fresh      # new witnesses from random inputs (snarkjs, needs node +
                                          # tests/interop/node_modules; only for the main fixture)

Witnesses: by default partition k of the whole batch (sector-major) uses the fixture's
w<k mod W>.wtns, so neighbouring partitions always differ (the main fixture has W = 4
witnesses with different inputs). The sector files reference the fixture's files by paths
relative to the sector file (nothing large is copied). With --fresh each partition gets its
own witness, computed by `snarkjs wtns calculate` (tests/interop/wtns-calc.mjs) from random
inputs x, y < r and k[0], k[1] < 2^64, written to OUT/witnesses/.

Options: --prefix s (ids are <prefix>-0001, ...), --start 1 (first number), --list FILE
(also write the sector file paths, one a line, for `cuzk-prove batch -`).
Debian python3 only (no packages). Prints the sector files it wrote.
"""
import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001  # BLS12-381 Fr


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixture", required=True, help="folder with circuit.zkey and w<i>.wtns")
    ap.add_argument("--sectors", type=int, default=2)
    ap.add_argument("--partitions", type=int, default=2)
    ap.add_argument("--out", required=True, help="folder for the sector files")
    ap.add_argument("--prefix", default="s")
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--fresh", action="store_true", help="compute new witnesses from random inputs (snarkjs)")
    ap.add_argument("--seed", type=int, default=None, help="seed for --fresh inputs")
    ap.add_argument("--list", default=None, help="also write the sector paths to this file")
    a = ap.parse_args()
    if a.sectors < 1 or a.partitions < 1:
        sys.exit("gen-sectors: --sectors and --partitions must be >= 1")

    zkey = os.path.join(a.fixture, "circuit.zkey")
    if not os.path.isfile(zkey):
        sys.exit(f"gen-sectors: {zkey}: not found")
    wtns = sorted(glob.glob(os.path.join(a.fixture, "w*.wtns")),
                  key=lambda p: int(re.sub(r"\D", "", os.path.basename(p)) or 0))
    if not wtns and not a.fresh:
        sys.exit(f"gen-sectors: {a.fixture}: no w<i>.wtns witnesses")
    os.makedirs(a.out, exist_ok=True)

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    calc = os.path.join(root, "tests", "interop", "wtns-calc.mjs")
    wasm = os.path.join(a.fixture, "circuit.wasm")
    if a.fresh:
        if not os.path.isdir(os.path.join(root, "tests", "interop", "node_modules")):
            sys.exit("gen-sectors: --fresh needs tests/interop/node_modules (scripts/setup-deps.sh)")
        if not os.path.isfile(wasm):
            sys.exit(f"gen-sectors: {wasm}: not found")
        os.makedirs(os.path.join(a.out, "witnesses"), exist_ok=True)
    rng = random.Random(a.seed)

    paths = []
    k = 0
    for s in range(a.sectors):
        sid = f"{a.prefix}-{a.start + s:04d}"
        parts = []
        for p in range(a.partitions):
            if a.fresh:
                inp = {"x": str(rng.randrange(R)), "y": str(rng.randrange(R)),
                       "k": [str(rng.randrange(1 << 64)), str(rng.randrange(1 << 64))]}
                base = os.path.join(a.out, "witnesses", f"{sid}-p{p}")
                with open(base + ".input.json", "w") as f:
                    json.dump(inp, f)
                subprocess.run(["node", calc, wasm, base + ".input.json", base + ".wtns"], check=True)
                w = base + ".wtns"
            else:
                w = wtns[k % len(wtns)]
            parts.append({"witness": os.path.relpath(w, a.out)})
            k += 1
        doc = {"sector": sid, "zkey": os.path.relpath(zkey, a.out), "partitions": parts}
        path = os.path.join(a.out, sid + ".json")
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        paths.append(path)
        print(path)
    if a.list:
        with open(a.list, "w") as f:
            f.write("".join(p + "\n" for p in paths))


if __name__ == "__main__":
    main()
