#!/usr/bin/env python3
"""Per version: steady-state s/proof (median gap between gpu completions, first partition
excluded) and median stage times of the steady partitions, from the gpu events."""
import glob, json, os, statistics as st
here = os.path.dirname(os.path.abspath(__file__))
groups = {}
for f in sorted(glob.glob(os.path.join(here, "v*.jsonl"))):
    name = os.path.basename(f).rsplit("-", 1)[0] if f[-8:-6] in ("-1", "-2") else os.path.basename(f)[:-6]
    g = sorted((json.loads(l) for l in open(f) if '"ev":"gpu"' in l), key=lambda x: x["t1"])
    d = groups.setdefault(name, {"gap": [], "h2d": [], "ntt": [], "msm_g1": [], "msm_g2": [], "runs": 0})
    d["runs"] += 1
    d["gap"] += [b["t1"] - a["t1"] for a, b in zip(g, g[1:])]
    for x in g[1:]:
        for k in ("h2d", "ntt", "msm_g1", "msm_g2"):
            d[k].append(x[k])
print("| version | runs | steady s/proof median [min, max] | h2d | ntt | msm_g1 | msm_g2 |")
print("|---|---:|---:|---:|---:|---:|---:|")
for n, d in groups.items():
    m = lambda k: f"{1000 * st.median(d[k]):.0f} ms"
    print(f"| {n} | {d['runs']} | {st.median(d['gap']):.3f} s [{min(d['gap']):.3f}, {max(d['gap']):.3f}] | "
          f"{m('h2d')} | {m('ntt')} | {m('msm_g1')} | {m('msm_g2')} |")
