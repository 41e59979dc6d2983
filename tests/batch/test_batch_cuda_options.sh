#!/usr/bin/env bash
# The CUDA backend's settings on `cuzk-prove batch` (cuzk/cuda/options.hpp):
# a bad value, as a flag or in the environment, is exit 2 with one stderr line naming it and
# nothing created; a flag beats a bad environment value. Where a CUDA device is visible the
# settings in force are recorded per GPU in run_start ("gpus"[i]."settings"); elsewhere that
# part prints SKIP (the rest runs on the CPU backend in every build).
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
S=$WORK/sectors
python3 "$GEN" --fixture "$FIX/tiny" --sectors 1 --partitions 1 --out "$S" --prefix t >/dev/null

# bad_run PATTERN ARGS...: exit 2, one stderr line matching PATTERN, no output folder.
bad_run() {
  local pat=$1; shift
  set +e
  "$@" >"$WORK/stdout" 2>"$WORK/stderr"
  local rc=$?
  set -e
  [[ $rc -eq 2 ]] || die "exit $rc, want 2: $* ($(cat "$WORK/stderr"))"
  [[ $(wc -l <"$WORK/stderr") -eq 1 ]] || die "stderr is not one line: $(cat "$WORK/stderr")"
  one_error_line "$WORK/stderr" "$pat"
  [[ ! -e $WORK/out ]] || die "$WORK/out created by a run with a bad value"
}
run=("$CUZK" batch --backend cpu --progress off --out "$WORK/out" "$S/t-0001.json")

note "bad flag values"
bad_run '^cuzk-prove: error: --msm-window-g1: "23" is not auto or a window width in bits from 4 to 22$' \
  "${run[@]}" --msm-window-g1 23
bad_run '^cuzk-prove: error: --msm-table-h: "a\\nb" is not off' "${run[@]}" --msm-table-h $'a\nb'

note "the lab's flags are not the product's"
for flag in --ntt-kernel --g2-overlap --msm-profile --msm-g2-lanes; do
  set +e
  "${run[@]}" "$flag" 1 >"$WORK/stdout" 2>"$WORK/stderr"
  rc=$?
  set -e
  [[ $rc -ne 0 && ! -e $WORK/out ]] || die "$flag accepted (exit $rc) or $WORK/out created"
  grep -q -- "$flag" "$WORK/stderr" || die "$flag: the error does not name it: $(cat "$WORK/stderr")"
done

note "bad environment values"
bad_run '^cuzk-prove: error: CUZK_MSM_WINDOW_G2 (environment): "3" is not auto' env CUZK_MSM_WINDOW_G2=3 "${run[@]}"
bad_run '^cuzk-prove: error: CUZK_MSM_TABLE_H (environment): "no" is not off' env CUZK_MSM_TABLE_H=no "${run[@]}"

note "a flag beats a bad environment value; an empty environment value is unset; the lab's variables are ignored"
env CUZK_MSM_TABLE_H=bogus CUZK_MSM_WINDOW_G2=maybe CUZK_MSM_WINDOW_G1= CUZK_NTT_KERNEL=bogus CUZK_MSM_G2_LANES=7 \
  "${run[@]}" --msm-table-h off --msm-window-g2 auto \
  >/dev/null 2>"$WORK/stderr" || die "run with flags over bad environment values failed: $(cat "$WORK/stderr")"
verify_sectors "$WORK/out" "$S/t-0001.json"
rm -rf "$WORK/out"

note "run_start records the settings per GPU"
set +e
env CUZK_MSM_WINDOW_G2=12 "$CUZK" batch --backend cuda --progress off --out "$WORK/out" \
  --msm-window-g1 15 "$S/t-0001.json" >/dev/null 2>"$WORK/stderr"
rc=$?
set -e
if [[ $rc -eq 2 ]] && grep -qE 'no CUDA device is visible|built without the CUDA backend' "$WORK/stderr"; then
  echo "SKIP: no CUDA device or backend here: $(cat "$WORK/stderr")"
  exit 0
fi
[[ $rc -eq 0 ]] || die "cuda run: exit $rc: $(cat "$WORK/stderr")"
verify_sectors "$WORK/out" "$S/t-0001.json"
python3 - "$WORK/out/events.jsonl" <<'PY' || die "run_start settings (above)"
import json, sys
start = [json.loads(l) for l in open(sys.argv[1]) if '"run_start"' in l][-1]
assert start["gpus"], start
want = {"msm_window_g1_bits": "15", "msm_window_g2_bits": "12", "msm_table_h_bits": "off"}
for g in start["gpus"]:
    assert g["settings"] == want, g
print("run_start gpus:", start["gpus"])
PY
