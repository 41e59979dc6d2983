#!/usr/bin/env bash
# cuzk's CPU kernels against blst, measured in one invocation on the same machine.
# Usage: scripts/vs-blst.sh [BIN_DIR=build] [OUT=vs-blst-out]
#   BIN_DIR holds tests/bench/bench_field and tests/bench/bench_msm (configure with
#   -DCUZK_BENCH=ON; this script builds nothing). blst_bench is taken from $ANCHORS, else
#   ../shared/anchors beside the checkout, else /work/shared/anchors.
#   REPS (default 3) is passed to blst_bench; our benchmarks use Google Benchmark's own
#   iteration count. Threads: one (CUZK_THREADS=1) and all cores (nproc).
# Both sides check their results: blst_bench against the points' known discrete logs (a line
# with FAIL voids its figure), bench_msm against (Σ kᵢ·(i+3) mod r)·Q (error on mismatch).
# Prints the machine and one table of ratios ours/blst; writes the raw outputs into OUT.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-$root/build}"
out="${2:-vs-blst-out}"
reps="${REPS:-3}"
anchors="${ANCHORS:-}"
if [ -z "$anchors" ]; then
  for d in "$root/../shared/anchors" /work/shared/anchors; do
    if [ -x "$d/blst_bench" ]; then anchors="$d"; break; fi
  done
fi
blst="$anchors/blst_bench"
for f in "$bin/tests/bench/bench_field" "$bin/tests/bench/bench_msm" "$blst"; do
  [ -x "$f" ] || { echo "vs-blst.sh: $f: not found or not executable" >&2; exit 2; }
done
mkdir -p "$out"
nt="$(nproc)"
cpu="$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "host: $(hostname)  nproc: $nt  cpu: $cpu"
  echo "cuzk: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)  bin: $bin"
  echo "blst_bench: $blst  reps: $reps"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/machine.txt"
cat "$out/machine.txt"

"$blst" cpu "$reps" > "$out/blst_bench.txt" 2>&1 || { cat "$out/blst_bench.txt"; echo "vs-blst.sh: blst_bench failed" >&2; exit 1; }
"$bin/tests/bench/bench_field" --benchmark_filter='^(Fq_mul|Fr_mul)$' \
  --benchmark_out="$out/bench_field.json" --benchmark_out_format=json > "$out/bench_field.txt" 2>&1 ||
  { cat "$out/bench_field.txt"; echo "vs-blst.sh: bench_field failed" >&2; exit 1; }
for t in 1 "$nt"; do
  CUZK_THREADS="$t" "$bin/tests/bench/bench_msm" --benchmark_filter='^BM_G1/(65536|1048576)(/|$)' \
    --benchmark_out="$out/bench_msm_t$t.json" --benchmark_out_format=json > "$out/bench_msm_t$t.txt" 2>&1 ||
    { cat "$out/bench_msm_t$t.txt"; echo "vs-blst.sh: bench_msm (CUZK_THREADS=$t) failed" >&2; exit 1; }
  grep -q 'BM_G1/1048576' "$out/bench_msm_t$t.txt" ||
    { cat "$out/bench_msm_t$t.txt"; echo "vs-blst.sh: bench_msm (CUZK_THREADS=$t) ran no BM_G1 benchmark" >&2; exit 1; }
done

python3 - "$out" "$nt" <<'PY' | tee "$out/table.md"
import json, re, sys
out, nt = sys.argv[1], int(sys.argv[2])
blst_txt = open(f"{out}/blst_bench.txt").read()
bad = [l for l in blst_txt.splitlines() if "FAIL" in l]
def blst_field(name):
    m = re.search(rf"^{name} mul .*?median\s+([\d.]+) ns", blst_txt, re.M)
    return float(m.group(1)) if m else None
def blst_msm(log2, t):
    thr = r"1 thread " if t == 1 else rf"{t} threads"
    m = re.search(rf"^blst G1 MSM 2\^{log2}\s+{thr}.*?median\s+([\d.]+) ms.*check OK", blst_txt, re.M)
    return float(m.group(1)) if m else None
def ours(fname, bname):
    for b in json.load(open(f"{out}/{fname}"))["benchmarks"]:
        if b["name"].split("/real_time")[0] == bname:
            if b.get("error_occurred"): return None
            unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
            return b["real_time"] * unit
    return None
rows = [("Fq mul, ns", ours("bench_field.json", "Fq_mul"), blst_field("Fp"), 1e6),
        ("Fr mul, ns", ours("bench_field.json", "Fr_mul"), blst_field("Fr"), 1e6)]
for log2 in (16, 20):
    for t in (1, nt):
        rows.append((f"G1 MSM 2^{log2}, {t} thread{'s' if t > 1 else ''}, ms",
                     ours(f"bench_msm_t{t}.json", f"BM_G1/{1 << log2}"), blst_msm(log2, t), 1.0))
print("| op | cuzk | blst | cuzk/blst |")
print("|---|---:|---:|---:|")
ok = not bad
for name, a, b, scale in rows:
    a = None if a is None else a * scale
    fa = "FAIL" if a is None else f"{a:.2f}" if scale > 1 else f"{a:.1f}"
    fb = "FAIL" if b is None else f"{b:.2f}" if scale > 1 else f"{b:.1f}"
    fr = f"{a / b:.3f}" if a is not None and b is not None else "–"
    ok = ok and a is not None and b is not None
    print(f"| {name} | {fa} | {fb} | {fr} |")
for l in bad: print("blst FAIL:", l)
sys.exit(0 if ok else 1)
PY
