#!/usr/bin/env bash
# Field-multiplication ratios cuzk/blst from one invocation: blst_bench's two field lines
# ("Fp/Fr mul ... dependent chain": blst_fp_mul(&a, &a, &b) 2^22 times, median of 7; its MSM
# part is stopped once they are printed), then each bench_field binary's Fq/Fr mul benchmarks,
# then blst again; each ratio divides by the mean of the two blst medians around it.
# Usage: field-ratio.sh OUT_FILE LABEL=BENCH_FIELD_BINARY...
set -euo pipefail
out="$1"; shift
blst="${ANCHORS:-/work/shared/anchors}/blst_bench"
blst_field() {
  local f; f="$(mktemp)"
  "$blst" cpu 1 > "$f" 2>&1 & local pid=$!
  while ! grep -q '^Fr mul' "$f"; do sleep 0.2; kill -0 "$pid" 2>/dev/null || break; done
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  grep -E '^(Fp|Fr) mul' "$f"; rm -f "$f"
}
{
  echo "date: $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg) rev: $(git rev-parse --short HEAD)"
  blst_field
  for lb in "$@"; do
    echo "== ${lb%%=*}: ${lb#*=}"
    "${lb#*=}" --benchmark_filter='^(Fq|Fr)_mul(_copy)?$' --benchmark_min_time=0.5 2>&1 | grep -E '^(Fq|Fr)_'
  done
  blst_field
} > "$out"
python3 - "$out" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
def blst(n): return [float(x) for x in re.findall(rf"^{n} mul .*?median\s+([\d.]+) ns", t, re.M)]
bq, br = blst("Fp"), blst("Fr")
print(f"blst Fp mul {bq} ns, Fr mul {br} ns; load {t.split('load: ')[1].split(' rev')[0]}")
for sec in re.split(r"^== ", t, flags=re.M)[1:]:
    label = sec.split(":")[0]
    for name, ns in re.findall(r"^((?:Fq|Fr)_mul(?:_copy)?)\s+([\d.]+) ns", sec, re.M):
        b = bq if name.startswith("Fq") else br
        print(f"{label:>10} {name:<12} {float(ns):7.2f} ns  ratio {float(ns) / (sum(b) / len(b)):.3f}")
PY
