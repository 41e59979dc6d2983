#!/usr/bin/python3
"""Write a synthetic nightly history: one small event file per run (scripts/gen-events.py), several
runs (replicates) per commit, one commit a day, with steps in a stage's mean at given commits.

Each run's run_start names its commit (`git`, a made-up 7-hex id per commit), its host and its
start time (`start_unix`), which is what `cuzk-stats history` orders and groups by. Seeded:
the same arguments give the same files. Debian's python3 only.

Examples:
  scripts/gen-history.py --commits 12 --replicates 3 --step 6:synth:1.2 -o hist/
  scripts/gen-history.py --commits 30 --step 10:gpu:1.3 --step 20:gpu:0.8 --host h2 -o hist/
"""
import argparse
import hashlib
import os
import subprocess
import sys


def commit_id(i, salt):
    return hashlib.sha1(f"{salt}-{i}".encode()).hexdigest()[:7]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--out", required=True, help="folder (created)")
    ap.add_argument("--commits", type=int, default=12)
    ap.add_argument("--replicates", type=int, default=3)
    ap.add_argument("--step", action="append", default=[],
                    help="COMMIT:STAGE:FACTOR, e.g. 6:synth:1.2 (from commit 6 on, the stage's mean x 1.2)")
    ap.add_argument("--first-commit", type=int, default=0, help="number of the first commit written")
    ap.add_argument("--host", default="prover-1")
    ap.add_argument("--salt", default="cuzk", help="varies the made-up commit ids")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=float, default=1796083200.0, help="Unix time of commit 0's first run")
    ap.add_argument("--sectors", type=int, default=1)
    ap.add_argument("--partitions", type=int, default=8)
    ap.add_argument("--cv", type=float, default=0.03)
    a = ap.parse_args()
    steps = []
    for s in a.step:
        c, stage, f = s.split(":")
        steps.append((int(c), stage, float(f)))
    means = {"synth": 0.6, "gpu": 0.25, "write": 0.02}
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-events.py")
    os.makedirs(a.out, exist_ok=True)
    for c in range(a.first_commit, a.first_commit + a.commits):
        m = dict(means)
        for at, stage, f in steps:
            if c >= at:
                m[stage] *= f
        for r in range(a.replicates):
            path = os.path.join(a.out, f"run-{c:04d}-{r}.jsonl")
            subprocess.run([sys.executable, gen, "-o", path, "--git", commit_id(c, a.salt), "--host", a.host,
                            "--seed", str(a.seed * 100003 + c * 101 + r), "--start-unix", str(a.start + c * 86400 + r * 900),
                            "--sectors", str(a.sectors), "--partitions", str(a.partitions), "--cv", str(a.cv),
                            "--synth-mean", str(m["synth"]), "--gpu-mean", str(m["gpu"]), "--write-mean", str(m["write"]),
                            "--mem-interval", "1"],
                           check=True)


if __name__ == "__main__":
    main()
