#!/usr/bin/env python3
"""Checks a cuzk-prove batch events file against docs/events.md and prints a JSON summary.

  check_events.py EVENTS.jsonl [--proofs N] [--failures N] [--skips N] [--errors N]
                  [--max-inflight N] [--budget BYTES] [--devices N]

The file is a log of runs (schema 2): every line must carry a string "run"; the checks
below apply to one run, the last one to start unless --run N (index from 0, or a run id).
--runs N also requires exactly N runs in the file.

Always checked: every line of the file parses as one JSON object with a float-able "ts", a
string "ev" and a string "run"; in the run, ts never decreases; its first line is run_start
(schema 2, config, argv) and, unless --killed, its last is run_end; each span has t0 <= t1 <= ts; every proven partition
(one with a write span) has exactly one synth, queue, gpu and write span, in order
synth.t1 == queue.t0 <= queue.t1 <= gpu.t0 <= gpu.t1 <= write.t0; a skipped partition
has no spans; sector_start events come in seq order. Exit 0 when all checks pass, 1 otherwise (each failure printed).
"""
import argparse
import json
import sys
from collections import defaultdict

EPS = 2e-6  # rounding of t0/t1/ts to microseconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("events")
    ap.add_argument("--proofs", type=int)
    ap.add_argument("--failures", type=int)
    ap.add_argument("--skips", type=int)
    ap.add_argument("--errors", type=int, help="number of error events")
    ap.add_argument("--max-inflight", type=int)
    ap.add_argument("--budget", type=int)
    ap.add_argument("--devices", type=int, help="gpu spans must use exactly this many devices")
    ap.add_argument("--killed", action="store_true", help="the run was killed: no run_end required")
    ap.add_argument("--run", default="-1", help="which run: index (0 = first, -1 = last) or run id")
    ap.add_argument("--runs", type=int, help="the file must hold exactly this many runs")
    a = ap.parse_args()
    bad = []

    evs = []
    with open(a.events) as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for n, line in enumerate(lines, 1):
        try:
            e = json.loads(line)
        except ValueError as x:
            if a.killed and n == len(lines):
                continue  # a killed run may leave a torn last line
            bad.append(f"line {n}: not JSON ({x})")
            continue
        if not isinstance(e, dict) or not isinstance(e.get("ev"), str) or not isinstance(e.get("ts"), (int, float)):
            bad.append(f"line {n}: needs an object with numeric ts and string ev")
            continue
        if not isinstance(e.get("run"), str) or not e["run"]:
            bad.append(f"line {n}: no string \"run\" field")
            continue
        e["_line"] = n
        evs.append(e)
    runs = []
    for e in evs:
        if e["run"] not in runs:
            runs.append(e["run"])
    if a.runs is not None and len(runs) != a.runs:
        bad.append(f"{len(runs)} runs in the file, want {a.runs}")
    if not runs:
        print("no events", file=sys.stderr)
        sys.exit(1)
    try:
        run = runs[int(a.run)]
    except ValueError:
        run = a.run
    except IndexError:
        print(f"no run {a.run} (the file holds {len(runs)})", file=sys.stderr)
        sys.exit(1)
    evs = [e for e in evs if e["run"] == run]
    if not evs:
        print(f"no run {a.run}", file=sys.stderr)
        sys.exit(1)

    for p, q in zip(evs, evs[1:]):
        if q["ts"] + EPS < p["ts"]:
            bad.append(f"line {q['_line']}: ts {q['ts']} < previous {p['ts']}")
    rs = evs[0]
    if rs["ev"] != "run_start":
        bad.append("first event is not run_start")
    else:
        for k in ("schema", "version", "git", "host", "cpus", "gpus", "config", "argv"):
            if k not in rs:
                bad.append(f"run_start lacks {k}")
        if rs.get("schema") != 2:
            bad.append("run_start.schema != 2")
        for k in ("backend", "synth_workers", "max_inflight", "mem_budget", "queue_depth", "early_free", "devices",
                  "workers_per_device", "verify", "resume"):
            if k not in rs.get("config", {}):
                bad.append(f"run_start.config lacks {k}")
    end = evs[-1] if evs[-1]["ev"] == "run_end" else None
    if not a.killed and end is None:
        bad.append("last event is not run_end")

    spans = defaultdict(lambda: defaultdict(list))  # (seq, part) -> kind -> [events]
    skips, errors, mems = [], [], []
    for e in evs:
        k = e["ev"]
        if k in ("synth", "queue", "gpu", "write"):
            for f in ("t0", "t1", "sector", "partition", "seq"):
                if f not in e:
                    bad.append(f"line {e['_line']}: {k} span lacks {f}")
            if e.get("t0", 0) > e.get("t1", 0) + EPS or e.get("t1", 0) > e["ts"] + EPS:
                bad.append(f"line {e['_line']}: {k} span needs t0 <= t1 <= ts")
            spans[(e.get("seq"), e.get("partition"))][k].append(e)
            if k == "gpu":
                for f in ("device", "worker", "lock_wait"):
                    if f not in e:
                        bad.append(f"line {e['_line']}: gpu span lacks {f}")
        elif k == "skip":
            skips.append(e)
        elif k == "error":
            errors.append(e)
            if "message" not in e or "sector" not in e:
                bad.append(f"line {e['_line']}: error lacks sector/message")
        elif k == "mem":
            mems.append(e)

    proven = [key for key, s in spans.items() if s.get("write")]
    for key in proven:
        s = spans[key]
        for kind in ("synth", "queue", "gpu", "write"):
            if len(s.get(kind, [])) != 1:
                bad.append(f"partition {key}: {len(s.get(kind, []))} {kind} spans (want 1)")
        if all(len(s.get(kind, [])) == 1 for kind in ("synth", "queue", "gpu", "write")):
            sy, qu, gp, wr = (s[k][0] for k in ("synth", "queue", "gpu", "write"))
            if abs(sy["t1"] - qu["t0"]) > EPS:
                bad.append(f"partition {key}: queue.t0 != synth.t1")
            if not (qu["t0"] <= qu["t1"] + EPS and qu["t1"] <= gp["t0"] + EPS and gp["t1"] <= wr["t0"] + EPS):
                bad.append(f"partition {key}: spans out of order")
            if abs(gp["t0"] - (qu["t1"] + gp.get("prep", 0) + gp["lock_wait"])) > 1e-5:  # prep: CUDA host work
                bad.append(f"partition {key}: gpu.t0 != queue.t1 + prep + lock_wait")
            if "verify" in wr:  # the writer thread's CPU time in verify: present, > 0, ≤ its wall time
                vc = wr.get("verify_cpu")
                if not isinstance(vc, (int, float)) or not (0 < vc <= wr["verify"] + 0.002):
                    bad.append(f"partition {key}: write.verify_cpu {vc!r} not in (0, verify {wr['verify']} + 2 ms]")
    # One dispatcher admits in (seq, partition) order: sectors start in seq order.
    starts = [e.get("seq") for e in evs if e["ev"] == "sector_start"]
    if starts != sorted(starts) or len(set(starts)) != len(starts):
        bad.append(f"sector_start events out of seq order: {starts}")
    for e in skips:
        if spans.get((e.get("seq"), e.get("partition"))):
            bad.append(f"skipped partition {(e.get('seq'), e.get('partition'))} has spans")

    if a.max_inflight is not None:
        over = [m["inflight"] for m in mems if m["inflight"] > a.max_inflight]
        if over:
            bad.append(f"inflight {max(over)} > {a.max_inflight}")
        if end and end.get("peak_inflight", 0) > a.max_inflight:
            bad.append(f"run_end.peak_inflight {end['peak_inflight']} > {a.max_inflight}")
    if a.budget is not None:
        over = [m["reserved"] for m in mems if m["reserved"] > a.budget]
        if over:
            bad.append(f"reserved {max(over)} > budget {a.budget}")
        if end and end.get("peak_reserved", 0) > a.budget:
            bad.append(f"run_end.peak_reserved {end['peak_reserved']} > {a.budget}")
    devices = sorted({s["gpu"][0]["device"] for s in spans.values() if s.get("gpu")})
    if a.devices is not None and len(devices) != a.devices:
        bad.append(f"gpu spans on devices {devices}, want {a.devices} devices")

    synth_ends = [s["synth"][0]["t1"] for s in spans.values() if s.get("synth")]
    first_synth_end = min(synth_ends) if synth_ends else float("inf")
    summary = {
        "run": run, "runs": len(runs),
        "proofs": len(proven), "skips": len(skips), "errors": len(errors),
        "failures": end.get("failures") if end else None,
        "run_end_proofs": end.get("proofs") if end else None,
        "peak_rss": end.get("peak_rss") if end else max((m["rss"] for m in mems), default=0),
        "peak_rss_sampled": max((m["rss"] for m in mems), default=0),
        "max_inflight": max((m["inflight"] for m in mems), default=0),
        "max_reserved": max((m["reserved"] for m in mems), default=0),
        # steady state: after the first synthesis ended (the key is loaded by then; its load
        # transient - file pages + parsed points - would otherwise dominate small runs)
        "peak_rss_proving": max((m["rss"] for m in mems if m["ts"] >= first_synth_end), default=0),
        "mem_samples": len(mems), "devices": devices,
        "s_per_proof": end.get("s_per_proof") if end else None,
        "wall": end.get("wall") if end else None,
        "error_messages": [e["message"] for e in errors],
    }
    if end and end.get("proofs") != len(proven):
        bad.append(f"run_end.proofs {end.get('proofs')} != {len(proven)} proven partitions")
    for name, want, got in (("proofs", a.proofs, len(proven)), ("skips", a.skips, len(skips)),
                            ("errors", a.errors, len(errors)),
                            ("failures", a.failures, end.get("failures") if end else None)):
        if want is not None and want != got:
            bad.append(f"{name}: {got}, want {want}")
    print(json.dumps(summary))
    for b in bad:
        print("check_events: " + b, file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
