#!/usr/bin/env python3
"""One line a cuzk-prove events file, for the GPU session scripts (issue17-compare.sh,
h-table.sh): the key's time, first proof, wall, s/proof, steady s/proof (last write minus the
second, over the proofs between), the median GPU span, the session's own figures, proofs and
failures. cuzk-stats reads the same files for the statistics; this is the quick look printed
into runs.txt beside them.

Usage: runs_summary.py [--glob PATTERN] [--key load|upload] [--h-table] [--busy] [--abc] [--stages] DIR
  --key load    key_load's source and seconds (issue 17: zkey or key cache)
  --key upload  key_upload's seconds (the table runs)
  --h-table     H's MSM with and without the window table: partitions and msm_g1 medians,
                and when the first GPU span with the table started
  --busy        GPU busy between the first and last proof (union of the gpu spans as written:
                their t0 already follows the lock wait), lock_wait median, peak RSS and
                anonymous RSS; cuzk-stats table's gpu_busy_steady is the same figure
  --abc         where a/b/c went up from (gpu.abc_from: lent, staged, pageable; "-" before the
                field existed), the first partition's h2d and prep, their medians
  --stages      the steady partitions' budget (all but the first two gpu spans): medians of the
                span, h2d, ntt, msm_g2 and the G1 chain's msm_a, msm_b1, msm_c, msm_h (ms)
"""
import argparse
import collections
import glob
import json
import os
import statistics


def busy_after_first_proof(g, w):
    iv = sorted((max(e["t0"], w[0]), min(e["t1"], w[-1])) for e in g)
    cov, cur = 0.0, None
    for a, b in iv:
        if b <= a:
            continue
        if cur and a <= cur[1]:
            cur[1] = max(cur[1], b)
        else:
            if cur:
                cov += cur[1] - cur[0]
            cur = [a, b]
    if cur:
        cov += cur[1] - cur[0]
    return cov / (w[-1] - w[0]) if len(w) > 1 else float("nan")


def line(path, args):
    ev = [json.loads(l) for l in open(path)]
    w = sorted(e["t1"] for e in ev if e.get("ev") == "write")
    g = [e for e in ev if e.get("ev") == "gpu"]
    end = [e for e in ev if e.get("ev") == "run_end"][-1]
    st = (w[-1] - w[1]) / (len(w) - 2) if len(w) > 2 else float("nan")
    nan = float("nan")
    if args.key == "load":
        kl = [e for e in ev if e.get("ev") == "key_load"]
        key = f"key {kl[0].get('source', 'zkey') if kl else '?'} {kl[0]['t1'] - kl[0]['t0'] if kl else nan:.2f} s; "
    else:
        ku = [e for e in ev if e.get("ev") == "key_upload"]
        key = f"key_upload {ku[0]['t1'] - ku[0]['t0'] if ku else nan:.2f} s; "
    extra = ""
    if args.h_table:
        for flag in (False, True):
            v = [e["msm_g1"] for e in g if e.get("h_table") is flag]
            if v:
                extra += f"; h_table={str(flag).lower()}: {len(v)} partitions, msm_g1 median {statistics.median(v):.3f} s"
        on = [e["t0"] for e in g if e.get("h_table") is True]
        if on:
            extra += f"; first gpu span with the table at {min(on):.2f} s"
    if args.busy:
        extra += (f"; gpu busy after first proof {busy_after_first_proof(g, w) * 100:.1f} %; "
                  f"lock_wait median {statistics.median(e.get('lock_wait', 0) for e in g):.3f}; "
                  f"peak RSS {end['peak_rss'] / 2**30:.1f} GiB; RssAnon {end.get('peak_rss_anon', 0) / 2**30:.2f} GiB")
    if args.abc:
        first = min(g, key=lambda e: e["t0"])
        src = collections.Counter(e.get("abc_from", "-") for e in g)
        extra += (f"; abc_from {dict(src)}; first gpu h2d {first.get('h2d', 0) * 1e3:.0f} ms prep "
                  f"{first.get('prep', 0) * 1e3:.0f} ms; median h2d {statistics.median(e.get('h2d', 0) for e in g) * 1e3:.0f} ms "
                  f"prep {statistics.median(e.get('prep', 0) for e in g) * 1e3:.0f} ms")
    if args.stages:
        rest = sorted(g, key=lambda e: e["t0"])[2:] or g
        med = lambda k: statistics.median(e.get(k, nan) for e in rest) * 1e3
        extra += "; steady budget (ms): span " + f"{statistics.median(e['t1'] - e['t0'] for e in rest) * 1e3:.0f}" + "".join(
            f" {k} {med(k):.0f}" for k in ("h2d", "ntt", "msm_g2", "msm_a", "msm_b1", "msm_c", "msm_h"))
    return (f"{os.path.basename(path)}: {key}first proof {w[0]:.2f} s; wall {end['wall']:.2f} s; "
            f"s/proof {end['s_per_proof']:.3f}; steady {st:.3f}; "
            f"gpu median {statistics.median(e['t1'] - e['t0'] for e in g):.3f} s{extra}; "
            f"proofs {end['proofs']} failures {end['failures']}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("--glob", default="*.jsonl")
    p.add_argument("--key", choices=("load", "upload"), default="load")
    p.add_argument("--h-table", action="store_true")
    p.add_argument("--busy", action="store_true")
    p.add_argument("--abc", action="store_true")
    p.add_argument("--stages", action="store_true")
    args = p.parse_args()
    for f in sorted(glob.glob(os.path.join(args.dir, args.glob))):
        print(line(f, args))


if __name__ == "__main__":
    main()
