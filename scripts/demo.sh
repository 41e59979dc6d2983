#!/usr/bin/env bash
# The README's first command: installs the dependencies, builds what the demo runs (cuzk-prove
# and cuzk-stats only: no tests, no benchmarks; the CUDA backend when nvcc is found), proves
# the sample sectors in data/sectors/ with `cuzk-prove batch` into out/demo-<time>/
# (git-ignored), verifies every proof (our verifier; snarkjs on one proof per key when
# tests/interop/node_modules exists) and prints a summary (`cuzk-stats summary` of the events).
# Extra arguments go to cmake's configure step, e.g. -DCUZK_CUDA=OFF.
# Environment: CUZK_BUILD_DIR (default build-demo/), CUZK_JOBS (default nproc),
# DEMO_ARGS (extra `batch` options), CUZK_WITH_CHROMIUM=1 to install chromium too (the demo
# does not use it; the report test does).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
CUZK_WITH_CHROMIUM=${CUZK_WITH_CHROMIUM:-0} "$here/scripts/setup-deps.sh"
build=${CUZK_BUILD_DIR:-$here/build-demo}
echo "== building cuzk-prove and cuzk-stats in $build"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUZK_TESTS=OFF -DCUZK_BENCH=OFF "$@" >/dev/null
cmake --build "$build" -j "${CUZK_JOBS:-$(nproc)}" --target cuzk-prove cuzk-stats
echo "== built in ${SECONDS}s"
prove=$build/apps/cuzk-prove/cuzk-prove
stats=$build/apps/cuzk-stats/cuzk-stats
out=$here/out/demo-$(date +%Y%m%d-%H%M%S)
sectors=("$here"/data/sectors/*.json)

echo "== cuzk-prove batch: ${#sectors[@]} sectors -> $out"
# shellcheck disable=SC2086
"$prove" batch --out "$out" ${DEMO_ARGS:-} "${sectors[@]}"

echo "== verifying"
n=0
nk=0
declare -A vks=()
for f in "${sectors[@]}"; do
  read -r id zkey parts < <(python3 -c '
import json, os, sys
d = json.load(open(sys.argv[1]))
print(d["sector"], os.path.normpath(os.path.join(os.path.dirname(sys.argv[1]), d["zkey"])), len(d["partitions"]))' "$f")
  vk=${vks[$zkey]:-}
  if [[ -z $vk ]]; then
    vk=$out/vk-$nk.json
    nk=$((nk + 1))
    "$prove" export-vkey --zkey "$zkey" --out "$vk"
    vks[$zkey]=$vk
    if [[ -d $here/tests/interop/node_modules ]] && command -v node >/dev/null; then
      node "$here/tests/interop/verify.mjs" "$vk" "$out/$id/p0.public.json" "$out/$id/p0.proof.json" &&
        echo "snarkjs groth16 verify: $id/p0 OK"
    fi
  fi
  for ((i = 0; i < parts; i++)); do
    "$prove" verify --vkey "$vk" --public "$out/$id/p$i.public.json" --proof "$out/$id/p$i.proof.json" >/dev/null
    n=$((n + 1))
  done
  echo "$id: $parts partitions verify, $id.proof $(stat -c %s "$out/$id.proof") bytes"
done
echo "== $n proofs verify; outputs in $out, events in $out/events.jsonl"
if [[ -x $stats ]]; then
  echo "== cuzk-stats summary"
  "$stats" summary "$out/events.jsonl" || true
fi
