#!/usr/bin/env bash
# A real one-node Slurm cluster (slurm-wlm 22.05 + munge, all state in a temp folder) runs
# scripts/slurm/cuzk-batch.sbatch as a 3-task job array over the sample sectors (data/sectors)
# on the CPU backend. One task is killed mid-way (scancel --signal=KILL --full) and requeued
# (scontrol requeue); a dependent job (afterany) runs scripts/slurm/cuzk-stats.sbatch. Checks:
# every partition proven exactly once (one write event over all events files), every proof
# verifies, the killed task's events file holds its two attempts, the merged summary counts
# every proof, and the daemons are gone afterwards. SKIP (77) only when the daemons cannot start.
#
# "Mid-way" is made certain, not left to timing: the victim's first attempt runs cuzk-prove
# through a wrapper that stops it (SIGSTOP) after its first proof's write event; the kill
# then lands between two proofs.
set -euo pipefail
CUZK=$(realpath "$1") STATS=$(realpath "$2") SRC=$(realpath "$3")
W=$(mktemp -d "${TMPDIR:-/tmp}/cuzk-slurm-test.XXXXXX")
chmod 700 "$W"
PIDS=()
die() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "-- [${SECONDS}s] $*"; }
stop_daemons() {  # the daemons this test started, by pid, then wait for them
  local p
  if [[ -n ${SLURM_CONF:-} ]] && ((${#PIDS[@]})); then scancel --full --signal=KILL --user "$(id -u)" 2>/dev/null || true; fi
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    p=${PIDS[i]}
    kill -TERM "$p" 2>/dev/null || continue
    for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  PIDS=()
}
cleanup() { stop_daemons; [[ -n ${CUZK_TEST_KEEP:-} ]] || rm -rf "$W"; }
trap cleanup EXIT

for t in munged slurmctld slurmd sbatch scontrol scancel squeue sinfo; do
  command -v "$t" >/dev/null || skip "$t not installed (scripts/setup-deps.sh installs slurm-wlm munge)"
done
[[ $(id -u) -eq 0 ]] || skip "slurmd must run as root (this test starts its own cluster)"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

note "munge: a key of our own, socket in $W"
dd if=/dev/urandom of="$W/munge.key" bs=1024 count=1 status=none
chmod 600 "$W/munge.key"
munged -F -f --socket="$W/munge.sock" --key-file="$W/munge.key" --pid-file="$W/munged.pid" \
  --log-file="$W/munged.log" --seed-file="$W/munged.seed" >"$W/munged.out" 2>&1 &
PIDS+=($!)
export MUNGE_SOCKET=$W/munge.sock  # for people running munge(1) by hand against this cluster
for _ in $(seq 100); do [[ -S $W/munge.sock ]] && break; sleep 0.1; done
munge -n -S "$W/munge.sock" | unmunge -S "$W/munge.sock" >/dev/null 2>&1 ||
  skip "munged did not start: $(tail -n 3 "$W/munged.log" "$W/munged.out" 2>/dev/null | tr '\n' ' ')"

note "slurm.conf (ports free now, state and spool in $W)"
node=$(hostname -s)
mkdir -p "$W/state" "$W/spool" "$W/out" "$W/jobs"
cat >"$W/slurm.conf" <<CONF
ClusterName=cuzktest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$W/munge.sock
CredType=cred/munge
StateSaveLocation=$W/state
SlurmdSpoolDir=$W/spool
SlurmctldPidFile=$W/slurmctld.pid
SlurmdPidFile=$W/slurmd.pid
SlurmctldLogFile=$W/slurmctld.log
SlurmdLogFile=$W/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
GresTypes=gpu
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 CPUs=3 RealMemory=1000 Gres=gpu:3 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
# Three stand-in GPUs (Slurm wants character devices: links to /dev/null), so the sbatch
# script's --gres=gpu:1 is exercised as it is; the CPU backend ignores CUDA_VISIBLE_DEVICES.
mkdir -p "$W/dev"
for i in 0 1 2; do ln -s /dev/null "$W/dev/nvidia$i"; done
echo "NodeName=$node Name=gpu File=$W/dev/nvidia[0-2]" >"$W/gres.conf"
export SLURM_CONF=$W/slurm.conf
slurmctld -D -i -f "$W/slurm.conf" >"$W/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -N "$node" -f "$W/slurm.conf" >"$W/slurmd.out" 2>&1 &
PIDS+=($!)
up=0
for _ in $(seq 300); do
  if [[ $(sinfo -h -N -o %T 2>/dev/null) == idle ]]; then up=1; break; fi
  sleep 0.2
done
((up)) || skip "the Slurm daemons did not come up: $(tail -n 2 "$W/slurmctld.log" "$W/slurmd.log" 2>/dev/null | tr '\n' ' ')"
note "cluster up: $(sinfo -h -o '%P %D %T')"

# The sample sectors and their shards among 3 tasks (FNV-1a 64 of the id mod 3: shard.hpp).
ls "$SRC"/data/sectors/*.json >"$W/manifest.txt"
read -r victim total < <(python3 - "$W/manifest.txt" <<'P'
import json, sys
def fnv(s):
    h = 0xcbf29ce484222325
    for c in s.encode():
        h = ((h ^ c) * 0x100000001b3) % 2**64
    return h
parts = [0, 0, 0]
for f in open(sys.argv[1]).read().split():
    d = json.load(open(f))
    parts[fnv(d["sector"]) % 3] += len(d["partitions"])
print(max(range(3), key=lambda i: parts[i]), sum(parts))
P
)
note "victim task $victim, $total partitions in all"

# The wrapper: the victim's first attempt stops itself after its first write event.
cat >"$W/prove.sh" <<WRAP
#!/usr/bin/env bash
if [[ \${SLURM_ARRAY_TASK_ID:-} == $victim && \${SLURM_RESTART_COUNT:-0} == 0 ]]; then
  "$CUZK" "\$@" --synth-workers 1 --write-workers 1 --max-inflight 1 &
  pid=\$!
  ev=$W/out/events-\${SLURM_ARRAY_JOB_ID}_\${SLURM_ARRAY_TASK_ID}.jsonl
  until grep -q '"ev":"write"' "\$ev" 2>/dev/null; do kill -0 \$pid 2>/dev/null || break; sleep 0.02; done
  kill -STOP \$pid
  touch "$W/victim-stopped"
  wait \$pid
  exit \$?
fi
exec "$CUZK" "\$@"
WRAP
chmod +x "$W/prove.sh"

cd "$W/jobs"
jid=$(sbatch --parsable --array=0-2 \
  --export="ALL,CUZK_MANIFEST=$W/manifest.txt,CUZK_OUT=$W/out,CUZK_PROVE=$W/prove.sh,CUZK_BACKEND=cpu" \
  "$SRC/scripts/slurm/cuzk-batch.sbatch") || die "sbatch refused the array"
note "array $jid"

wait_for() {  # wait_for WHAT COMMAND...: poll (hang guard 300 s, not a timing assertion)
  local what=$1; shift
  for _ in $(seq 1500); do "$@" && return 0; sleep 0.2; done
  die "gave up waiting for $what: $(squeue -h 2>&1 | tr '\n' ';') $(tail -n 3 "$W/slurmctld.log" | tr '\n' ' ')"
}
wait_for "the victim to stop mid-way" test -e "$W/victim-stopped"
note "kill task ${jid}_$victim mid-way, then requeue it"
scancel --signal=KILL --full "${jid}_$victim"
task_state() { scontrol show job "${jid}_$victim" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1 | cut -d= -f2; }
wait_for "the killed task to end" bash -c "[[ \$(scontrol show job ${jid}_$victim | grep -o 'JobState=[A-Z_]*' | head -n 1) =~ FAILED|CANCELLED|COMPLETED ]]"
note "killed task state: $(task_state)"
# Requeue until it takes: a task still completing (its processes being reaped; slow under
# ASan) can accept the request and stay CANCELLED. Taken = PENDING/RUNNING or a second run
# in its events file. A requeued job may only start after a delay (slurmctld guards against
# requeue loops): StartTime=now.
requeued() {
  [[ $(task_state) =~ ^(PENDING|RUNNING|CONFIGURING)$ ]] && return 0
  [[ $(grep -c '"ev":"run_start"' "$W/out/events-${jid}_$victim.jsonl" 2>/dev/null) -ge 2 ]]
}
for attempt in $(seq 30); do
  scontrol requeue "${jid}_$victim" 2>/dev/null || true
  scontrol update JobId="${jid}_$victim" StartTime=now 2>/dev/null || true
  sleep 1
  requeued && break
  ((attempt < 30)) || die "scontrol requeue ${jid}_$victim did not take: state $(task_state)"
done
note "requeued task state: $(task_state)"
# The dependent job goes in after the requeue: afterany then waits for the requeued attempt too
# (a task that Slurm requeues itself, on a node failure, never leaves the array).
sid=$(sbatch --parsable --dependency=afterany:"$jid" \
  --export="ALL,CUZK_OUT=$W/out,CUZK_STATS=$STATS,CUZK_JOB=$jid" \
  "$SRC/scripts/slurm/cuzk-stats.sbatch") || die "sbatch refused the stats job"
note "array $jid, stats job $sid"
wait_for "every job to finish" bash -c "[[ -z \$(squeue -h -j $jid,$sid 2>/dev/null) ]]"

note "checks"
ls "$W/out/events-${jid}"_*.jsonl >/dev/null || die "no events files"
python3 - "$W/out" "$jid" "$victim" "$total" <<'P' || die "the events do not show each partition proven exactly once"
import glob, json, sys
out, jid, victim, total = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
files = sorted(glob.glob(f"{out}/events-{jid}_*.jsonl"))
assert len(files) == 3, files
writes = {}
for f in files:
    runs = []
    for e in map(json.loads, open(f)):
        if e["run"] not in runs: runs.append(e["run"])
        if e["ev"] == "write":
            k = (e["sector"], e["partition"])
            writes[k] = writes.get(k, 0) + 1
    if f.endswith(f"_{victim}.jsonl"):
        assert len(runs) == 2, f"{f}: {len(runs)} runs, want the killed attempt and the requeued one"
        first = [json.loads(l) for l in open(f) if json.loads(l)["run"] == runs[0]]
        assert not any(e["ev"] == "run_end" for e in first), "the killed attempt has a run_end"
        assert any(e["ev"] == "write" for e in first), "the killed attempt wrote nothing"
    else:
        assert len(runs) == 1, f"{f}: {len(runs)} runs"
assert len(writes) == total and all(n == 1 for n in writes.values()), (len(writes), total, writes)
P
for f in "$SRC"/data/sectors/*.json; do
  read -r id zkey n < <(python3 -c '
import json, os, sys
d = json.load(open(sys.argv[1]))
print(d["sector"], os.path.normpath(os.path.join(os.path.dirname(sys.argv[1]), d["zkey"])), len(d["partitions"]))' "$f")
  vk=$W/vk-$(echo "$zkey" | md5sum | cut -c1-8).json
  [[ -f $vk ]] || "$CUZK" export-vkey --zkey "$zkey" --out "$vk" >/dev/null
  for ((i = 0; i < n; i++)); do
    "$CUZK" verify --vkey "$vk" --public "$W/out/$id/p$i.public.json" --proof "$W/out/$id/p$i.proof.json" >/dev/null ||
      die "$W/out/$id/p$i.proof.json does not verify"
  done
  per=192  # a proof's bytes in the sector file: 192 (BLS12-381, compressed), 256 (BN254, EIP-197)
  grep -q '"curve": "bn128"' "$vk" && per=256
  [[ $(stat -c %s "$W/out/$id.proof") -eq $((per * n)) ]] || die "$W/out/$id.proof is not $((per * n)) bytes"
done
[[ -z $(find "$W/out" -name '.cuzk-tmp.*') ]] || die "temp files left in $W/out"
for t in 0 1 2; do
  st=$(scontrol show job "${jid}_$t" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -n 1 || true)
  [[ -z $st || $st == JobState=COMPLETED ]] || die "task $t ended $st: $(cat "$W/jobs/cuzk-batch-${jid}_$t.out")"
done
so=$W/jobs/cuzk-stats-$sid.out
[[ -f $so ]] || die "the dependent stats job wrote no output"
grep -q "^run set: 3 tasks, 4 runs, $total proofs, 0 failed partitions" "$so" || die "merged summary: $(cat "$so")"
grep -q "1 requeued" "$so" || die "the summary does not show the requeued task: $(cat "$so")"
"$STATS" summary --format json "$W/out" 2>/dev/null | python3 -c "
import json, sys; d = json.load(sys.stdin); assert d['proofs'] == $total and d['tasks'] == 3, d" ||
  die "cuzk-stats summary over the folder does not count every proof"

note "bad usage (a missing manifest): the task fails with exit 2 and is not requeued"
bid=$(sbatch --parsable --array=0 \
  --export="ALL,CUZK_MANIFEST=$W/missing.txt,CUZK_OUT=$W/out2,CUZK_PROVE=$CUZK,CUZK_BACKEND=cpu" \
  "$SRC/scripts/slurm/cuzk-batch.sbatch") || die "sbatch refused the bad-usage array"
wait_for "the bad-usage task to end" bash -c "[[ -z \$(squeue -h -j $bid 2>/dev/null) ]]"
info=$(scontrol show job "$bid" 2>/dev/null | tr '\n' ' ')
[[ $info =~ JobState=FAILED && $info =~ Restarts=0 && $info =~ ExitCode=2:0 ]] ||
  die "bad-usage task: want FAILED, exit 2, no restart: $info"
grep -q "error: --manifest: $W/missing.txt: " "$W/jobs/cuzk-batch-${bid}_0.out" || die "no one-line error in the task's output"

note "transient failure (the output folder cannot be made: exit 3): requeued once by the script, then FAILED"
echo x >"$W/not-a-folder"
tid=$(sbatch --parsable --array=0 \
  --export="ALL,CUZK_MANIFEST=$W/manifest.txt,CUZK_OUT=$W/not-a-folder/out,CUZK_PROVE=$CUZK,CUZK_BACKEND=cpu,CUZK_MAX_REQUEUE=1" \
  "$SRC/scripts/slurm/cuzk-batch.sbatch") || die "sbatch refused the exit-3 array"
# A requeued job waits before it may start again (slurmctld guards against requeue loops): now.
wait_for "the exit-3 task to end" bash -c "scontrol update JobId=$tid StartTime=now >/dev/null 2>&1; [[ -z \$(squeue -h -j $tid 2>/dev/null) ]]"
info=$(scontrol show job "$tid" 2>/dev/null | tr '\n' ' ')
[[ $info =~ JobState=FAILED && $info =~ Restarts=1 && $info =~ ExitCode=3:0 ]] ||
  die "exit-3 task: want FAILED, exit 3, one restart: $info"
[[ $(grep -c "requeued" "$W/jobs/cuzk-batch-${tid}_0.out") -eq 1 ]] || die "want one self-requeue: $(cat "$W/jobs/cuzk-batch-${tid}_0.out")"

note "stop the daemons"
pids=("${PIDS[@]}")
stop_daemons
for p in "${pids[@]}"; do ! kill -0 "$p" 2>/dev/null || die "daemon $p still running"; done
echo "PASS"
