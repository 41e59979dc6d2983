#!/bin/bash
# Issue 19 on one GPU machine: the memory interventions where memory really runs out.
# porep-lite sectors (SECTORS × 10 partitions) at 2^LOG, the key prepared once into WORK/kc
# (file-backed: no host copy of its points), then ROUNDS rounds of VARIANTS interleaved, each a
# `batch --verify --synth-workers SYNTH --workers-per-device 2` under `timeout RUN_TIMEOUT`, the
# default --mem-budget (auto). A run that dies is recorded, not retried: its exit status (137 =
# SIGKILL: the OOM killer, or this script's KILL_AFTER), the kernel's OOM lines when dmesg can
# be read, the proofs it wrote and its last mem sample (RSS, anonymous, file-backed) in
# OUT/<variant>-run<r>.death.txt; its event file keeps every line written until then.
# Then cuzk-stats: a summary of every run, each variant's completed runs compared against c-all's,
# and one HTML report of all runs, the killed ones too (memory against the budget, s/proof).
# With REF_LOG (e.g. 24) a c-all reference at that size runs first, in the same call, and its
# files are removed before the big key is made (disk); its s/proof is the ratio's other side.
# Runs already recorded in OUT (proven, or a death record) are skipped, and an existing key is
# kept, so a second call on the same machine continues; the script stops cleanly before BUDGET s.
# BIN holds cuzk-prove, cuzk-prove-lab (-DCUZK_LAB=ON: the product does not take the variants'
# switches), cuzk-stats and libtbb.so.12.
# Usage: [LOG=25 SYNTH=32 ROUNDS=4 SECTORS=1 VARIANTS="a-none c-all" REF_LOG= BUDGET=540
#         WORK=/tmp/i19 RUN_TIMEOUT=300 BACKEND=cuda KILL_AFTER=] docs/experiments/tools/issue19-oom.sh BIN OUT
# KILL_AFTER=S is a test hook: a-none gets SIGKILL after S seconds (the death path without an OOM).
set -u
B=${1:?bin dir}; O=${2:?out dir}
LOG=${LOG:-25} SYNTH=${SYNTH:-32} ROUNDS=${ROUNDS:-4} SECTORS=${SECTORS:-1} BUDGET=${BUDGET:-540}
VARIANTS=${VARIANTS:-a-none c-all} W=${WORK:-/tmp/i19} RT=${RUN_TIMEOUT:-300} BE=${BACKEND:-cuda}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
source "$(dirname "$0")/lib.sh"  # variant_flags, el
for v in $VARIANTS; do  # a misspelt name would otherwise run with no switches at all
  variant_flags "$v" > /dev/null || { echo "issue19-oom.sh: unknown variant '$v' (a-none b-earlyfree b-queue b-permit c-all)" >&2; exit 2; }
done
mkdir -p "$O/events" "$W"
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv || true; nproc; free -g; df -h "$W"; } > "$O/host.txt" 2>&1
over() { (( $(date +%s) - T0 > BUDGET )); }

gen() {  # LOG DIR: sectors and key (kept when present), then the prepared key
  [[ -d $2 ]] || "$B/cuzk-prove" gen-porep --out "$2" --depth 16 --log-domain "$1" --sectors "$SECTORS" --partitions 10 \
    --seed 11 --backend "$BE" > "$O/gen-$1.txt" 2>&1 || { el "gen-porep 2^$1 failed: $(tail -n 1 "$O/gen-$1.txt")"; exit 1; }
  "$B/cuzk-prove" prepare-key --key-cache "$W/kc" "$2"/*.zkey > "$O/prepare-$1.txt" 2>&1 ||
    { el "prepare-key 2^$1 failed: $(tail -n 1 "$O/prepare-$1.txt")"; exit 1; }
  el "2^$1: $(tail -n 1 "$O/gen-$1.txt"); prepared: $(tail -n 1 "$O/prepare-$1.txt")"
}

run() {  # NAME VARIANT SECTORS_DIR
  local name=$1 v=$2 dir=$3 rc pid
  if grep -qs " proven" "$O/$name.txt" || [[ -f $O/$name.death.txt ]]; then return; fi
  rm -rf "$W/out"
  echo "$name: cuzk-prove-lab batch --backend $BE --verify --synth-workers $SYNTH --workers-per-device 2 --seed 5 $(variant_flags "$v")" \
    >> "$O/commands.txt"
  # shellcheck disable=SC2046  # the variant's switches are meant to split
  timeout "$RT" "$B/cuzk-prove-lab" batch --backend "$BE" --verify --synth-workers "$SYNTH" --workers-per-device 2 --seed 5 \
    $(variant_flags "$v") --key-cache "$W/kc" --progress off --out "$W/out" --events "$O/events/$name.jsonl" "$dir"/*.json \
    > "$O/$name.txt" 2>&1 &
  pid=$!
  if [[ -n ${KILL_AFTER:-} && $v == a-none ]]; then
    (sleep "$KILL_AFTER"; pkill -KILL -P "$pid" -x cuzk-prove-lab) &
  fi
  wait "$pid"; rc=$?
  if ((rc == 0)); then el "$name: $(grep 'batch:' "$O/$name.txt" | tail -n 1)"; return; fi
  python3 - "$O/events/$name.jsonl" "$rc" > "$O/$name.death.txt" <<'PY'
import json, sys
ev = []
for line in open(sys.argv[1]):
    try: ev.append(json.loads(line))
    except ValueError: pass  # a line cut by the kill
rc = int(sys.argv[2])
how = {137: "SIGKILL (the OOM killer, unless KILL_AFTER)", 124: "timeout", 2: "refused (exit 2)", 3: "error (exit 3)"}.get(rc, f"exit {rc}")
mem = [e for e in ev if e.get("ev") == "mem"]
w = [e for e in ev if e.get("ev") == "write"]
g = lambda e, k: e.get(k, 0) / 2**30
print(f"exit status {rc}: {how}; {len(w)} proof(s) written; last event at {max((e.get('ts', 0) for e in ev), default=0):.2f} s")
if mem:
    m = mem[-1]; p = max(mem, key=lambda e: e.get("rss", 0))
    print(f"last mem sample at {m.get('ts', 0):.2f} s: rss {g(m, 'rss'):.2f} GiB, anon {g(m, 'rss_anon'):.2f}, file {g(m, 'rss_file'):.2f}, in flight {m.get('inflight')}, reserved {g(m, 'reserved'):.2f} GiB")
    print(f"sampled peak at {p.get('ts', 0):.2f} s: rss {g(p, 'rss'):.2f} GiB, anon {g(p, 'rss_anon'):.2f}")
for e in ev:
    if e.get("ev") == "error": print("error event:", e.get("message", ""))
PY
  { dmesg 2>/dev/null | grep -iE "out of memory|oom-kill|killed process" | tail -n 3; } >> "$O/$name.death.txt"
  el "$name DIED: $(head -n 1 "$O/$name.death.txt") (last line of its output: $(tail -n 1 "$O/$name.txt"))"
}

if [[ -n ${REF_LOG:-} ]]; then
  if ! grep -qs " proven" "$O/ref-$REF_LOG.txt"; then
    gen "$REF_LOG" "$W/ref"
    run "ref-$REF_LOG" c-all "$W/ref"
    rm -rf "$W/ref" "$W/kc"  # disk: the big key needs the room
  fi
fi
over && { el "time budget reached before 2^$LOG"; exit 0; }
gen "$LOG" "$W/s"
for r in $(seq 1 "$ROUNDS"); do
  for v in $VARIANTS; do
    over && { el "time budget reached before $v run$r"; exit 0; }
    run "$v-run$r" "$v" "$W/s"
  done
done
S="$B/cuzk-stats"
for f in "$O"/events/*.jsonl; do "$S" summary "$f" > "$O/summary-$(basename "$f" .jsonl).txt" 2>&1; done
done_runs() { for f in "$O"/events/"$1"-run*.jsonl; do [[ -f $f ]] && grep -qs " proven" "$O/$(basename "$f" .jsonl).txt" && echo "$f"; done; }
for v in $VARIANTS; do  # completed runs only: a killed run's figures are its death record
  [[ $v == c-all ]] && continue
  mapfile -t cand < <(done_runs "$v"); mapfile -t base < <(done_runs c-all)
  if ((${#cand[@]} == 0 || ${#base[@]} == 0)); then el "compare $v vs c-all: no completed run on one side"; continue; fi
  "$S" compare --baseline "${base[@]}" --candidate "${cand[@]}" > "$O/compare-$v.txt" 2>&1
  el "compare $v vs c-all (${#cand[@]} vs ${#base[@]} completed runs): rc=$?"
done
"$S" report --output "$O/report.html" "$O"/events/*.jsonl > "$O/report.txt" 2>&1
el "report rc=$? ($O/report.html)"
el done
