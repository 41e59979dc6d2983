#!/usr/bin/env python3
# Writes the start-up fixtures: a GPU-bound run (4 synthesis workers, 1 GPU, 12 proofs) whose key
# is read either in key_load spans (startup-key-load.jsonl) or, as before the key_load event,
# inside the first synthesis span of every worker (startup-old.jsonl, 20 s each: counted as
# synthesis work, it would make synth look like the bottleneck).
import json


def gen(path, keyload, t_key):
    lines = []
    run = "20261204T010000Z-h1-1-%s" % ("kkkk" if keyload else "oooo")

    def emit(d):
        d["run"] = run
        lines.append(json.dumps(d, separators=(",", ":")))

    emit({"ts": 0.0, "ev": "run_start", "schema": 2, "version": "0.1.0", "git": "abc1234", "host": "h1", "cpus": 8,
          "gpus": [{"index": 0, "name": "G", "memory": 1000}],
          "config": {"backend": "cuda", "synth_workers": 4, "max_inflight": 8, "mem_budget": 1000, "queue_depth": 2,
                     "early_free": True, "devices": [0], "workers_per_device": 1, "verify": True, "resume": False},
          "argv": ["cuzk-prove", "batch", "s.json"]})
    emit({"ts": 0.001, "ev": "sector_start", "sector": "s", "seq": 0, "partitions": 12})
    evs = []
    if keyload:
        evs.append((t_key, {"ev": "key_load", "t0": 0.01, "t1": t_key, "source": "zkey", "bytes": 12000000000,
                            "path": "k.zkey"}))
    wfree = [t_key if keyload else 0.01] * 4
    synth_end = {}
    for p in range(12):
        w = p % 4
        t0 = wfree[w]
        d = 1.0 + 0.02 * p + (t_key if not keyload and p < 4 else 0)
        t1 = t0 + d
        wfree[w] = t1
        synth_end[p] = t1
        evs.append((t1, {"ev": "synth", "t0": round(t0, 4), "t1": round(t1, 4), "sector": "s", "partition": p,
                         "seq": 0, "worker": w}))
    gfree = 0
    for p in sorted(range(12), key=lambda p: synth_end[p]):
        t0 = max(gfree, synth_end[p])
        t1 = t0 + 1.5 + 0.01 * p
        gfree = t1
        evs.append((t0, {"ev": "queue", "t0": round(synth_end[p], 4), "t1": round(t0, 4), "sector": "s",
                         "partition": p, "seq": 0}))
        evs.append((t1, {"ev": "gpu", "t0": round(t0, 4), "t1": round(t1, 4), "sector": "s", "partition": p, "seq": 0,
                         "device": 0, "worker": 0, "h2d": 0.1, "ntt": 0.5, "msm_g1": 0.6, "msm_g2": 0.2, "d2h": 0.01,
                         "lock_wait": 0.0}))
        evs.append((t1 + 0.02, {"ev": "write", "t0": round(t1, 4), "t1": round(t1 + 0.02, 4), "sector": "s",
                                "partition": p, "seq": 0, "bytes": 192}))
    evs.sort(key=lambda x: x[0])
    for ts, d in evs:
        emit({"ts": round(ts, 4), **d})
    end = round(evs[-1][0] + 0.01, 4)
    emit({"ts": end, "ev": "sector_end", "sector": "s", "seq": 0, "partitions": 12, "status": "ok"})
    emit({"ts": end, "ev": "run_end", "proofs": 12, "failures": 0, "wall": end, "s_per_proof": end / 12,
          "peak_rss": 2000})
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


gen("tests/stats/data/startup-key-load.jsonl", True, 9.0)
gen("tests/stats/data/startup-old.jsonl", False, 20.0)
