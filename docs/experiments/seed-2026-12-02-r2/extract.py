#!/usr/bin/env python3
"""Per-run and per-variant numbers of the seed experiment (second pass) from events/*.jsonl.

Usage: python3 extract.py [FOLDER] > extract.txt   (FOLDER holds events/; default: this folder)

Per run: wall/proofs from run_end, run_end.peak_rss, GPU spans (t1 - t0; the worker's lock wait is
before t0 and reported separately), GPU busy fraction (union of gpu spans / wall), key_upload
duration, first gpu t0 vs key_upload t1 and the first synth t1, and the most partitions synthesized
but not yet on the GPU (open queue spans, and open queue spans + workers in lock_wait).
kern = h2d + ntt + msm_g1 + msm_g2 + d2h of a span, other = span - kern (host work of the GPU
worker), period = time between consecutive gpu completions, first_* = the first gpu span,
last_synth_t1 = end of the last synthesis, tail = wall - last gpu t1; other_synth / other_nosynth =
median `other` of spans that overlap / do not overlap a synthesis; synth_med / synth_conc = median
duration / number of concurrent syntheses of the syntheses started after the key load.
Steady state = gpu spans after the first two by t0 (cuzk-stats' default warm-up of 10 % of 20).
"""
import glob
import json
import os
import statistics as st
import sys

VARIANTS = ["a-none", "b-earlyfree", "b-queue", "b-permit", "c-all"]
GIB = 1024 ** 3


def load(path):
    ev = {}
    with open(path) as f:
        for line in f:
            d = json.loads(line)
            ev.setdefault(d["ev"], []).append(d)
    return ev


def union_len(spans):
    total, cur0, cur1 = 0.0, None, None
    for a, b in sorted(spans):
        if cur1 is None or a > cur1:
            if cur1 is not None:
                total += cur1 - cur0
            cur0, cur1 = a, b
        else:
            cur1 = max(cur1, b)
    if cur1 is not None:
        total += cur1 - cur0
    return total


def max_open(intervals):
    pts = []
    for a, b in intervals:
        pts.append((a, 1))
        pts.append((b, -1))
    pts.sort(key=lambda p: (p[0], p[1]))  # close before open at equal times
    cur = best = 0
    for _, d in pts:
        cur += d
        best = max(best, cur)
    return best


def run_stats(path):
    ev = load(path)
    end = ev["run_end"][0]
    gpu = sorted(ev["gpu"], key=lambda g: g["t0"])
    steady = gpu[2:]
    ku = ev["key_upload"][0]
    synth_first_end = min(s["t1"] for s in ev["synth"])
    queue = [(q["t0"], q["t1"]) for q in ev["queue"]]
    lockw = [(g["t0"] - g["lock_wait"], g["t0"]) for g in gpu]
    busy = union_len([(g["t0"], g["t1"]) for g in gpu])
    last_gpu = max(g["t1"] for g in gpu)
    r = {
        "run": os.path.basename(path)[:-6],
        "proofs": end["proofs"],
        "wall": end["wall"],
        "s_per_proof": end["wall"] / end["proofs"],
        "peak_rss_gib": end["peak_rss"] / GIB,
        "peak_inflight": end.get("peak_inflight"),
        "peak_reserved_gib": end.get("peak_reserved", 0) / GIB,
        "gpu_first": gpu[0]["t1"] - gpu[0]["t0"],
        "gpu_first_h2d": gpu[0]["h2d"],
        "gpu_med": st.median(g["t1"] - g["t0"] for g in steady),
        "busy_frac": busy / end["wall"],
        "busy_s": busy,
        "key_upload_t0": ku["t0"],
        "key_upload": ku["t1"] - ku["t0"],
        "key_upload_t1": ku["t1"],
        "first_synth_t1": synth_first_end,
        "first_gpu_t0": gpu[0]["t0"],
        "tail": end["wall"] - last_gpu,
        "max_queued": max_open(queue),
        "max_waiting": max_open(queue + lockw),
    }
    for k in ["h2d", "ntt", "msm_g1", "msm_g2", "lock_wait"]:
        r[k] = st.median(g[k] for g in steady)
    kern = [g["h2d"] + g["ntt"] + g["msm_g1"] + g["msm_g2"] + g["d2h"] for g in steady]
    r["kern"] = st.median(kern)  # timed device stages of one span
    r["other"] = st.median(g["t1"] - g["t0"] - k for g, k in zip(steady, kern))  # rest of the span
    r["period"] = st.median(steady[i + 1]["t1"] - steady[i]["t1"] for i in range(len(steady) - 1))
    r["first_kern"] = gpu[0]["h2d"] + gpu[0]["ntt"] + gpu[0]["msm_g1"] + gpu[0]["msm_g2"] + gpu[0]["d2h"]
    r["last_synth_t1"] = max(s["t1"] for s in ev["synth"])
    syn = ev["synth"]
    # host part of gpu spans that overlap a synthesis span vs those that do not
    ov = [any(x["t0"] < g["t1"] and x["t1"] > g["t0"] for x in syn) for g in steady]
    w = [g["t1"] - g["t0"] - k for g, k, o in zip(steady, kern, ov) if o]
    wo = [g["t1"] - g["t0"] - k for g, k, o in zip(steady, kern, ov) if not o]
    r["other_synth"] = st.median(w) if w else float("nan")
    r["other_nosynth"] = st.median(wo) if wo else float("nan")
    # syntheses after the key load (t0 after key_upload started): duration and concurrency
    later = [x for x in syn if x["t0"] > ku["t0"]]
    r["synth_med"] = st.median(x["t1"] - x["t0"] for x in later)
    r["synth_conc"] = st.median(sum(1 for y in syn if y["t0"] <= (x["t0"] + x["t1"]) / 2 <= y["t1"]) for x in later)
    return r


COLS = [
    ("s_per_proof", "{:.3f}"), ("peak_rss_gib", "{:.2f}"), ("gpu_med", "{:.4f}"),
    ("h2d", "{:.4f}"), ("ntt", "{:.4f}"), ("msm_g1", "{:.4f}"), ("msm_g2", "{:.4f}"),
    ("lock_wait", "{:.4f}"), ("kern", "{:.4f}"), ("other", "{:.4f}"), ("period", "{:.4f}"), ("other_synth", "{:.4f}"), ("other_nosynth", "{:.4f}"),
    ("synth_med", "{:.3f}"), ("synth_conc", "{}"), ("busy_frac", "{:.3f}"), ("key_upload_t0", "{:.3f}"),
    ("key_upload", "{:.3f}"), ("key_upload_t1", "{:.3f}"), ("first_synth_t1", "{:.3f}"),
    ("first_gpu_t0", "{:.3f}"), ("gpu_first", "{:.3f}"), ("gpu_first_h2d", "{:.3f}"), ("first_kern", "{:.3f}"), ("last_synth_t1", "{:.2f}"),
    ("tail", "{:.3f}"), ("max_queued", "{}"), ("max_waiting", "{}"), ("peak_inflight", "{}"),
    ("peak_reserved_gib", "{:.2f}"),
]


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    runs = {v: [run_stats(p) for p in sorted(glob.glob(os.path.join(here, "events", v + "-run*.jsonl")))]
            for v in VARIANTS}
    print("# per run (times in s, memory in GiB = 2^30 bytes; gpu/h2d/... = median of steady-state spans)")
    print("run " + " ".join(c for c, _ in COLS))
    for v in VARIANTS:
        for r in runs[v]:
            print(r["run"] + " " + " ".join(f.format(r[c]) for c, f in COLS))
    print()
    print("# per variant: median over runs (max for max_queued / max_waiting)")
    base_rss = st.median(r["peak_rss_gib"] for r in runs["a-none"])
    base_spp = st.median(r["s_per_proof"] for r in runs["a-none"])
    print("variant runs " + " ".join(c for c, _ in COLS) + " rss_vs_a_none spp_vs_a_none")
    for v in VARIANTS:
        rs = runs[v]
        vals = []
        for c, f in COLS:
            if c.startswith("max_") or c == "peak_inflight":
                vals.append(f.format(max(r[c] for r in rs)))
            else:
                vals.append(f.format(st.median(r[c] for r in rs)))
        rss = st.median(r["peak_rss_gib"] for r in rs)
        spp = st.median(r["s_per_proof"] for r in rs)
        print(f"{v} {len(rs)} " + " ".join(vals)
              + f" {100 * (rss / base_rss - 1):+.1f}% {100 * (spp / base_spp - 1):+.1f}%")


if __name__ == "__main__":
    main()
