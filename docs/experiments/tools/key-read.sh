#!/bin/bash
# The key's upload read from the prepared key's file (util/section_reader.hpp: large preads,
# O_DIRECT when its pages are not cached) against the upload packed from the mapping, in one
# device call (issue 47 items 2 and 3): AFTER's CUDA tests (cuda_test_resident_upload: the file
# path gives the same device bases as the memory path; cuda_test_groth16*), gen-porep (depth 16,
# 2^LOG, 10 partitions, seed 11) and prepare-key once; the disk's sequential read rate of the
# prepared key (dd iflag=direct bs=64M, and fio when present); one cold 2^24 section uploaded
# direct alone (cuda_test_resident_upload's heavy case prints its GB/s); then RUNS rounds of BEFORE and
# AFTER, each warm (prepared key in the page cache) and cold (its pages dropped with
# posix_fadvise DONTNEED, no root needed, and the drop checked with mincore: the share of its
# pages still cached is printed before the run). Every run's proofs must equal the first's.
# runs.txt: per run the key_load and key_upload spans (start-end), first proof, wall, s/proof,
# steady; the goal of item 3 beside the cold runs: first proof <= key bytes / disk rate + 1 s.
# Usage: [RUNS=2] docs/experiments/tools/key-read.sh BIN_BEFORE BIN_AFTER OUT [LOG=24]
set -u -o pipefail
BB=${1:?bin before}; BA=${2:?bin after}; OUT=${3:?out}; LOG=${4:-24}; W=/tmp/key-read
D=$(cd "$(dirname "$0")" && pwd)
source "$D/lib.sh"
mkdir -p "$OUT" "$W"; rc=0
for t in cuda_test_resident_upload cuda_test_groth16; do  # (the prefix matches cuda_test_groth16_lent too)
  run_cuda_tests "$BA" "$OUT" "$t" | tee -a "$OUT/log.txt" || rc=1
done
# The direct upload alone: a cold 2^24 G1 section (1.7 GB under W) up with upload_file, then from memory.
CUZK_HEAVY=1 TMPDIR=$W "$BA/cuda_test_resident_upload" -tc='*heavy*' > "$OUT/upload-heavy.log" 2>&1 || rc=1
el "upload_file heavy: $(grep -h 'MESSAGE' "$OUT/upload-heavy.log" | tail -n 1)" | tee -a "$OUT/log.txt"
porep_prepared "$BA" "$OUT" "$W" "$LOG" || rc=1
KEY=$(ls -S "$W"/kc/*.cuzkpk | head -n 1)

# cache.py drop|count FILE: drop FILE's clean pages from the page cache, or print the share cached.
cat > "$W/cache.py" <<'PY'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p]
libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
what, path = sys.argv[1], sys.argv[2]
fd = os.open(path, os.O_RDONLY)
size = os.fstat(fd).st_size
if what == "drop":
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
else:
    page = os.sysconf("SC_PAGE_SIZE"); n = (size + page - 1) // page
    addr = libc.mmap(None, size, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
    if addr in (None, ctypes.c_void_p(-1).value):
        sys.exit("mmap failed")
    vec = (ctypes.c_ubyte * n)()
    if libc.mincore(addr, size, vec) != 0:
        sys.exit("mincore failed")
    libc.munmap(addr, size)
    print(f"{sum(v & 1 for v in vec) / n * 100:.1f} % of {size / 2**30:.2f} GiB cached")
os.close(fd)
PY

{
  el "prepared key $KEY: $(stat -c %s "$KEY") bytes, $(python3 "$W/cache.py" count "$KEY")"
  python3 "$W/cache.py" drop "$KEY"
  el "dd iflag=direct bs=64M: $(dd if="$KEY" of=/dev/null iflag=direct bs=64M 2>&1 | tail -n 1)"
  if command -v fio > /dev/null; then
    python3 "$W/cache.py" drop "$KEY"
    el "fio: $(fio --name=seq --filename="$KEY" --readonly --rw=read --bs=16M --direct=1 --ioengine=libaio \
      --iodepth=8 --numjobs=1 2>&1 | grep -E 'READ:' | head -n 1)"
  fi
} | tee "$OUT/disk.txt" | tee -a "$OUT/log.txt"

run() {  # NAME BIN
  local name=$1 bin=$2
  rm -rf "$W/$name"
  "$bin/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/$name" \
    --events "$OUT/$name.jsonl" "$W/s"/*.json > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(grep 'batch:' "$OUT/$name.txt" | tail -n 1)" | tee -a "$OUT/log.txt"
}
for i in $(seq 1 "${RUNS:-2}"); do
  for side in before after; do
    B=$BB; [[ $side == after ]] && B=$BA
    cat "$KEY" > /dev/null  # warm: the pages back in the cache (dd and the cold runs dropped them)
    el "$side-warm-$i: key $(python3 "$W/cache.py" count "$KEY")" | tee -a "$OUT/log.txt"
    run "$side-warm-$i" "$B"
    python3 "$W/cache.py" drop "$KEY"
    el "$side-cold-$i: key $(python3 "$W/cache.py" count "$KEY")" | tee -a "$OUT/log.txt"
    run "$side-cold-$i" "$B"
    for t in warm cold; do same_proofs "$W/$side-$t-$i" "$W/before-warm-1" | tee -a "$OUT/log.txt" || rc=1; done
  done
done

python3 - "$OUT" "$KEY" <<'PY' | tee "$OUT/runs.txt"
import glob, json, os, re, sys
out, key = sys.argv[1], sys.argv[2]
rate = None
for l in open(os.path.join(out, "disk.txt")):  # dd's "… copied, 3.2 s, 3.8 GB/s"
    m = re.search(r"copied, ([0-9.]+) s, ([0-9.]+) ([GM])B/s", l)
    if m and "dd" in l:
        rate = float(m.group(2)) * (1e9 if m.group(3) == "G" else 1e6)
size = os.path.getsize(key)
goal = size / rate + 1 if rate else float("nan")
print(f"prepared key {size / 1e9:.2f} GB; dd direct {rate / 1e9 if rate else float('nan'):.2f} GB/s; "
      f"item 3's goal for a cold first proof: {goal:.2f} s")
for f in sorted(glob.glob(os.path.join(out, "*-*-*.jsonl"))):
    ev = [json.loads(l) for l in open(f)]
    w = sorted(e["t1"] for e in ev if e.get("ev") == "write")
    end = [e for e in ev if e.get("ev") == "run_end"][-1]
    kl = [e for e in ev if e.get("ev") == "key_load"]
    ku = [e for e in ev if e.get("ev") == "key_upload"]
    span = lambda e: f"{e[0]['t0']:.2f}-{e[0]['t1']:.2f} s" if e else "-"
    st = (w[-1] - w[1]) / (len(w) - 2) if len(w) > 2 else float("nan")
    extra = [k for k in ("bytes", "read_s", "direct", "resident") if ku and k in ku[0]]
    print(f"{os.path.basename(f)[:-6]}: key_load {span(kl)} ({kl[0].get('source', '?') if kl else '?'}); "
          f"key_upload {span(ku)}{''.join(f' {k}={ku[0][k]}' for k in extra)}; first proof {w[0]:.2f} s; "
          f"wall {end['wall']:.2f} s; s/proof {end['s_per_proof']:.3f}; steady {st:.3f}; "
          f"proofs {end['proofs']} failures {end['failures']}")
PY
for t in warm cold; do
  "$BA/cuzk-stats" compare --baseline "$OUT"/before-$t-*.jsonl --candidate "$OUT"/after-$t-*.jsonl \
    > "$OUT/compare-$t.txt" 2>&1
  el "compare $t rc=$?" | tee -a "$OUT/log.txt"
done
exit $rc
