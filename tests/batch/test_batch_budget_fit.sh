#!/usr/bin/env bash
# A byte budget that fits N partitions never lets N + 1 in, measured by the process's own
# anonymous RSS, not only by its accounting. 8 partitions of the chain circuit (domain 2^14,
# made by the batch_chain_key fixture), one CPU stand-in device (serial), so admitted
# partitions pile up waiting for it and the budget is the only bound (--max-inflight 8,
# --synth-workers N+1, --queue-depth 8).
#  1. --mem-budget 1: every partition fails "can never be admitted" (exit 1); run_start gives
#     the footprint F and key bytes K of this build.
#  2. --mem-budget K + N·F + F/2 (N = 2): no `mem` sample nor run_end.peak_inflight shows more
#     than N in flight, and the peak anonymous RSS above the first sample (taken before the key
#     loads) stays under the budget + OVERHEAD (2 MiB: thread stacks, allocator slack, the
#     prover's MSM buckets; independent of N and, with two CPUs and two malloc arenas, of the
#     host), which is below one footprint (2.6 MB here) so one more partition would show.
#  3. --mem-budget K + (N+1)·F + F/2: run_end.peak_inflight is N + 1 (so check 2 can fail), and
#     its RSS peak is above check 2's (it held one partition more).
# Memory inequalities only; no timing. Skipped under ASan (its shadow memory and quarantine
# inflate RSS); the in-flight checks still run there.
CUZK=$1 SRC=$2 CHAIN=$3
source "$SRC/tests/batch/lib.sh"
N=2
OVERHEAD=$((2 * 1024 * 1024))
mkdir -p "$WORK/s"
for s in 1 2 3 4; do
  printf '{"sector": "b-%d", "zkey": "%s/chain.zkey", "partitions": [{"witness": "%s/w%d.wtns"}, {"witness": "%s/w%d.wtns"}]}\n' \
    $s "$CHAIN" "$CHAIN" $(((2 * s) % 4)) "$CHAIN" $(((2 * s + 1) % 4)) >"$WORK/s/b-$s.json"
done
sectors=("$WORK"/s/b-*.json)
# The fixed overhead must not grow with the host: at most two CPUs (oneTBB follows the affinity
# mask, so at most two MSMs' bucket arrays at once) and two malloc arenas.
export MALLOC_ARENA_MAX=2
pin=()
if command -v taskset >/dev/null; then
  pin=(taskset -c "$(python3 -c 'import os; print(",".join(map(str, sorted(os.sched_getaffinity(0))[:2])))')")
fi
common=(--progress off --backend cpu --devices 0 --workers-per-device 1 --max-inflight 8 --queue-depth 8
  --no-key-cache --seed 5 --mem-interval 0.002)

note "--mem-budget 1: nothing can be admitted; the estimates"
rc=0
"$CUZK" batch --out "$WORK/probe" "${common[@]}" --mem-budget 1 "${sectors[@]}" >/dev/null 2>"$WORK/probe.err" || rc=$?
[[ $rc -eq 1 ]] || die "--mem-budget 1: exit $rc, want 1: $(cat "$WORK/probe.err")"
[[ $(grep -c 'can never be admitted' "$WORK/probe.err") -eq 8 ]] || die "want 8 'can never be admitted' lines: $(cat "$WORK/probe.err")"
start=$(head -1 "$WORK/probe/events.jsonl")
F=$(json_get "$start" footprint)
K=$(json_get "$start" key_bytes)
note "footprint $F B, key $K B, overhead allowed $OVERHEAD B"
(( OVERHEAD < F )) || die "the overhead allowed ($OVERHEAD) must be below one footprint ($F) for the RSS check to mean anything"

# run K: a budget for K partitions; prints "peak_inflight max_sampled_inflight rss_growth"
run() {
  local k=$1 budget=$(($K + $1 * F + F / 2)) out=$WORK/fit-$1
  "${pin[@]}" "$CUZK" batch --out "$out" "${common[@]}" --synth-workers $((N + 1)) --mem-budget $budget "${sectors[@]}" \
    >/dev/null 2>"$out.err" || die "budget for $k: batch failed: $(cat "$out.err")"
  python3 "$CHECK" "$out/events.jsonl" --proofs 8 --failures 0 --budget $budget >/dev/null || die "budget for $k: events check"
  grep -q "\"mem_budget\":$budget,\"mem_budget_source\":\"given\"" "$out/events.jsonl" || die "run_start does not record the budget"
  python3 -c '
import json, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
mem = [e for e in ev if e["ev"] == "mem"]
end = ev[-1]
assert end["ev"] == "run_end"
# The baseline is the sample taken before the graph starts (batch.cpp Sampler): nothing in
# flight, no key load begun. Taken from the sampler thread instead, it came after the key load
# had begun on a loaded host (3.3 MB instead of 0.96 MB in CI) and hid a partition.
assert mem[0]["inflight"] == 0 and mem[0]["reserved"] == 0, mem[0]
loads = [e for e in ev if e["ev"] == "key_load"]
assert loads and all(mem[0]["ts"] <= k["t0"] for k in loads), (mem[0], loads)
base = mem[0]["rss_anon"]
peak = max([m["rss_anon"] for m in mem] + [end["peak_rss_anon"]])
print(end["peak_inflight"], max(m["inflight"] for m in mem), peak - base, base)' "$out/events.jsonl"
}

read -r pi mi grow base < <(run $N)
budget=$((K + N * F + F / 2))
note "budget for $N ($budget B): peak_inflight $pi, sampled $mi, anon RSS +$grow B over $base B"
(( pi == N )) || die "budget for $N partitions: run_end.peak_inflight $pi, want $N"
(( mi <= N )) || die "budget for $N partitions: a mem sample shows $mi in flight"
sanitized=
if [[ -n ${CUZK_SANITIZED:-} ]] || ldd "$CUZK" 2>/dev/null | grep -q 'lib[at]san'; then sanitized=1; fi
if [[ -z $sanitized ]]; then
  (( grow <= budget + OVERHEAD )) ||
    die "budget for $N: anonymous RSS grew by $grow B, more than the budget $budget + $OVERHEAD B"
fi

read -r pi1 mi1 grow1 base1 < <(run $((N + 1)))
note "budget for $((N + 1)): peak_inflight $pi1, sampled $mi1, anon RSS +$grow1 B over $base1 B"
note "the RSS bound for $N ($((budget + OVERHEAD)) B) $( ((grow1 > budget + OVERHEAD)) && echo "would have caught" || echo "would not have caught") this run (+$grow1 B)"
(( pi1 == N + 1 )) || die "budget for $((N + 1)) partitions: run_end.peak_inflight $pi1, want $((N + 1)) (the check above could not fail)"
if [[ -z $sanitized ]]; then
  (( grow1 > grow )) || die "one partition more in flight did not raise the peak RSS ($grow1 <= $grow B)"
else
  note "SKIP (sanitized build): RSS bounds"
fi
cmp "$WORK/fit-$N/b-1.proof" "$WORK/fit-$((N + 1))/b-1.proof" || die "the budget changed the proofs (same --seed)"
echo "PASS"
