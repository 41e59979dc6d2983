#!/usr/bin/python3
"""Write a synthetic cuzk-prove event file (JSON lines, docs/events.md schema 1).

A small discrete simulation of the batch pipeline: partitions in (seq, partition) order,
`--max-inflight` permits held from synthesis start to the end of the GPU stage, synthesis workers,
GPU workers sharing one lock per device, one writer. Stage times are log-normal around the given
means. Memory: a base RSS plus a footprint per in-flight partition (half of it freed after the
upload when early free is on). Output is streamed in ts order, so `--lines 10000000` runs in bounded
memory. Debian's python3 only (no numpy).

Examples:
  scripts/gen-events.py --sectors 4 --partitions 10 -o run.jsonl
  scripts/gen-events.py --lines 10000000 -o big.jsonl          # sectors until 10M lines
  scripts/gen-events.py --gpu-mean 0.42 --seed 7 -o cand.jsonl  # a slower GPU stage
"""
import argparse
import heapq
import json
import math
import random
import sys


def lognormal(rng, mean, cv):
    # Log-normal with the given mean and coefficient of variation.
    s2 = math.log(1.0 + cv * cv)
    return rng.lognormvariate(math.log(mean) - s2 / 2.0, math.sqrt(s2))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--out", default="-")
    ap.add_argument("--sectors", type=int, default=3)
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--lines", type=int, default=0, help="keep adding sectors until this many lines")
    ap.add_argument("--synth-workers", type=int, default=2)
    ap.add_argument("--max-inflight", type=int, default=4)
    ap.add_argument("--devices", type=int, default=1)
    ap.add_argument("--workers-per-device", type=int, default=2)
    ap.add_argument("--synth-mean", type=float, default=0.6)
    ap.add_argument("--gpu-mean", type=float, default=0.25)
    ap.add_argument("--write-mean", type=float, default=0.02)
    ap.add_argument("--prep-mean", type=float, default=0.08, help="host preparation before the lock")
    ap.add_argument("--cv", type=float, default=0.05, help="coefficient of variation of stage times")
    ap.add_argument("--mem-interval", type=float, default=0.1)
    ap.add_argument("--footprint", type=int, default=1 << 30, help="bytes per in-flight partition")
    ap.add_argument("--base-rss", type=int, default=512 << 20)
    ap.add_argument("--early-free", choices=["on", "off"], default="on")
    ap.add_argument("--backend", choices=["cpu", "cuda"], default="cuda")
    ap.add_argument("--host", default="prover-1")
    ap.add_argument("--gpu-name", default="NVIDIA H200")
    ap.add_argument("--git", default="0000000")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start-unix", type=float, default=None, help="run_start.start_unix (Unix seconds of ts 0)")
    ap.add_argument("--fail", type=int, default=-1, help="make the partition with this global index fail")
    ap.add_argument("--truncate", action="store_true", help="cut the last line in half (a killed run)")
    a = ap.parse_args()

    rng = random.Random(a.seed)
    out = sys.stdout if a.out == "-" else open(a.out, "w", encoding="utf-8")
    nlines = 0
    pending = []  # heap of (ts, order, line)
    order = 0

    def push(ts, obj):
        nonlocal order
        obj = {"ts": round(ts, 6), **obj}
        heapq.heappush(pending, (obj["ts"], order, json.dumps(obj, separators=(",", ":"))))
        order += 1

    last_line = [None]

    def flush(upto):
        nonlocal nlines
        while pending and pending[0][0] <= upto:
            line = heapq.heappop(pending)[2]
            if last_line[0] is not None:
                out.write(last_line[0] + "\n")
            last_line[0] = line
            nlines += 1

    gpus = [] if a.backend == "cpu" else [
        {"index": d, "name": a.gpu_name, "memory": 150 << 30} for d in range(a.devices)]
    config = {"backend": a.backend, "synth_workers": a.synth_workers, "max_inflight": a.max_inflight,
              "mem_budget": a.max_inflight * a.footprint, "queue_depth": 2, "early_free": a.early_free == "on",
              "devices": list(range(a.devices)), "workers_per_device": a.workers_per_device,
              "verify": False, "resume": False}
    push(0.0, {"ev": "run_start", "schema": 1, "version": "0.1.0", "git": a.git, "host": a.host, "cpus": 16,
               "gpus": gpus, "config": config, "argv": ["cuzk-prove", "batch", "--out", "out"],
               **({} if a.start_unix is None else {"start_unix": a.start_unix})})

    synth_free = [0.001] * a.synth_workers
    gworkers = [(0.001, d, w) for d in range(a.devices) for w in range(a.workers_per_device)]
    dev_free = [0.0] * a.devices
    writer_free = 0.0
    permits = []  # release times of held permits
    mem_changes = []  # heap of (t, d_rss, d_inflight)
    rss, inflight = a.base_rss, 0
    next_mem = a.mem_interval
    proofs = failures = 0
    peak = a.base_rss
    t_end = 0.0
    gidx = 0
    seq = 0
    while True:
        if a.lines:
            if nlines + len(pending) >= a.lines:
                break
        elif seq >= a.sectors:
            break
        sector = "s-%04d" % (seq + 1)
        sector_done = 0.0
        status = "ok"
        for p in range(a.partitions):
            w = min(range(a.synth_workers), key=lambda i: synth_free[i])
            start = synth_free[w]
            if len(permits) >= a.max_inflight:
                start = max(start, heapq.heappop(permits))
            if p == 0:
                push(start, {"ev": "sector_start", "sector": sector, "seq": seq, "partitions": a.partitions})
            s1 = start + lognormal(rng, a.synth_mean, a.cv)
            synth_free[w] = s1
            key = {"sector": sector, "partition": p, "seq": seq}
            push(s1, {"ev": "synth", "t0": round(start, 6), "t1": round(s1, 6), **key, "worker": w})
            gworkers.sort()
            gfree, d, gw = gworkers.pop(0)
            take = max(s1, gfree)
            push(take, {"ev": "queue", "t0": round(s1, 6), "t1": round(take, 6), **key})
            ready = take + lognormal(rng, a.prep_mean, a.cv)
            g0 = max(ready, dev_free[d])
            gdur = lognormal(rng, a.gpu_mean, a.cv)
            g1 = g0 + gdur
            dev_free[d] = g1
            gworkers.append((g1, d, gw))
            heapq.heappush(permits, g1)
            fp = a.footprint
            h2d = 0.08 * gdur
            heapq.heappush(mem_changes, (start, fp, 1))
            if a.early_free == "on":
                heapq.heappush(mem_changes, (g0 + h2d, -fp // 2, 0))
                heapq.heappush(mem_changes, (g1, -(fp - fp // 2), -1))
            else:
                heapq.heappush(mem_changes, (g1, -fp, -1))
            if gidx == a.fail:
                push(g1, {"ev": "error", "sector": sector, "partition": p,
                          "message": "%s/p%d.wtns: witness does not satisfy the circuit" % (sector, p)})
                failures += 1
                status = "failed"
                sector_done = max(sector_done, g1)
            else:
                push(g1, {"ev": "gpu", "t0": round(g0, 6), "t1": round(g1, 6), **key, "device": d, "worker": gw,
                          "h2d": round(h2d, 6), "ntt": round(0.30 * gdur, 6), "msm_g1": round(0.45 * gdur, 6),
                          "msm_g2": round(0.15 * gdur, 6), "d2h": round(0.01 * gdur, 6),
                          "lock_wait": round(g0 - ready, 6)})
                w0 = max(g1, writer_free)
                w1 = w0 + lognormal(rng, a.write_mean, a.cv)
                writer_free = w1
                push(w1, {"ev": "write", "t0": round(w0, 6), "t1": round(w1, 6), **key, "bytes": 1536})
                proofs += 1
                sector_done = max(sector_done, w1)
            gidx += 1
        push(sector_done, {"ev": "sector_end", "sector": sector, "seq": seq, "partitions": a.partitions,
                           "status": status})
        t_end = max(t_end, sector_done)
        seq += 1
        # Nothing still to be simulated can happen before the earliest free synthesis worker.
        watermark = min(synth_free)
        while next_mem < watermark:
            while mem_changes and mem_changes[0][0] <= next_mem:
                _, dr, di = heapq.heappop(mem_changes)
                rss += dr
                inflight += di
            r = rss + int(rng.random() * (8 << 20))
            peak = max(peak, r)
            m = {"ev": "mem", "rss": r, "inflight": inflight, "reserved": inflight * a.footprint}
            if a.backend != "cpu":
                m["gpu_used"] = (2 << 30) + inflight * (a.footprint // 4)
            push(next_mem, m)
            next_mem = round(next_mem + a.mem_interval, 9)
        flush(watermark)

    while next_mem < t_end:
        while mem_changes and mem_changes[0][0] <= next_mem:
            _, dr, di = heapq.heappop(mem_changes)
            rss += dr
            inflight += di
        r = rss + int(rng.random() * (8 << 20))
        peak = max(peak, r)
        m = {"ev": "mem", "rss": r, "inflight": inflight, "reserved": inflight * a.footprint}
        if a.backend != "cpu":
            m["gpu_used"] = (2 << 30) + inflight * (a.footprint // 4)
        push(next_mem, m)
        next_mem = round(next_mem + a.mem_interval, 9)
    wall = round(t_end + 0.001, 6)
    push(wall, {"ev": "run_end", "proofs": proofs, "failures": failures, "wall": wall,
                "s_per_proof": round(wall / proofs, 6) if proofs else 0, "peak_rss": peak})
    flush(float("inf"))
    if last_line[0] is not None:
        if a.truncate:
            out.write(last_line[0][: len(last_line[0]) // 2])
        else:
            out.write(last_line[0] + "\n")
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
