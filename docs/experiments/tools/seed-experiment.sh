#!/bin/bash
# The seed experiment on a GPU machine (docs/experiments/seed-2026-12-02-r2/README.md has the method):
# porep-lite sectors of 10 partitions at 2^LOG, five intervention variants x ROUNDS runs,
# interleaved; event files for cuzk-stats compare/report. Stops cleanly before BUDGET seconds
# (device calls have a time limit; rerun with FIRST_ROUND to continue, or on the same OUT_DIR:
# a run whose log already says "proven" is skipped, so a rerun picks up where the last stopped).
# Usage: docs/experiments/tools/seed-experiment.sh BIN_DIR OUT_DIR   (env: LOG=22 ROUNDS=4 FIRST_ROUND=1
#        SECTORS=2 SYNTH=4 BUDGET=540 WORK=/tmp/seed-work BACKEND=cuda RUN_TIMEOUT=300)
# Every batch runs with --verify (each proof checked before it is written).
# BIN_DIR holds cuzk-prove, cuzk-prove-lab (-DCUZK_LAB=ON: the product does not take the
# variants' switches) and libtbb.so.12 (built elsewhere for sm_90).
set -u
B=${1:?bin dir}; O=${2:?out dir}
LOG=${LOG:-22} ROUNDS=${ROUNDS:-4} FIRST=${FIRST_ROUND:-1} SECTORS=${SECTORS:-2} BUDGET=${BUDGET:-540}
W=${WORK:-/tmp/seed-work} BE=${BACKEND:-cuda} RT=${RUN_TIMEOUT:-300} SYNTH=${SYNTH:-4}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O/events" "$W"
source "$(dirname "$0")/lib.sh"  # variant_flags (its el is replaced below)
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$O/progress.txt"; }
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv || true; } > "$O/device.txt" 2>&1
nproc >> "$O/device.txt"; free -g >> "$O/device.txt"
# gen-porep keeps an existing key, so a second call on the same machine reuses it
"$B/cuzk-prove" gen-porep --out "$W/seed" --depth 16 --log-domain "$LOG" --sectors "$SECTORS" --partitions 10 \
  --seed 11 --backend "$BE" >> "$O/seed-gen.txt" 2>&1 || { el "gen-porep failed"; exit 1; }
el "gen done"
for r in $(seq "$FIRST" "$ROUNDS"); do
  for v in a-none b-earlyfree b-queue b-permit c-all; do
    if grep -qs " proven" "$O/$v-run$r.txt"; then continue; fi
    if [ $(( $(date +%s) - T0 )) -gt "$BUDGET" ]; then el "time budget reached before $v run$r"; exit 0; fi
    cmd="cuzk-prove-lab batch --backend $BE --verify --synth-workers $SYNTH --workers-per-device 2 --seed 5 $(variant_flags "$v")"
    echo "$v run$r: $cmd" >> "$O/commands.txt"
    rm -rf "$W/out"
    # shellcheck disable=SC2086  # the variant's flags are meant to split
    timeout "$RT" "$B/cuzk-prove-lab" batch --backend "$BE" --verify --synth-workers "$SYNTH" --workers-per-device 2 --seed 5 $(variant_flags "$v") \
      --out "$W/out" --events "$O/events/$v-run$r.jsonl" "$W"/seed/porep-*.json > "$O/$v-run$r.txt" 2>&1
    el "$v run$r rc=$? $(tail -1 "$O/$v-run$r.txt")"
  done
done
el done
