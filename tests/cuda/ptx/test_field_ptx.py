#!/usr/bin/env python3
"""The device field code's PTX (field_ptx.cu, compiled by the build with nvcc -ptx) run on the
CPU by ptx_machine.py and compared with Python integers: Montgomery products, squares, sums of
products, sums and differences of Fq and Fr, Fq2 products and squares, Shoup's product (the
NTT's), for BLS12-381 (fq*, fr*) and BN254 (bnq*, bnr*: 254-bit moduli in the same 8 limbs as
BLS12-381's 255-bit Fr), on the edge values, fresh random operands and operands made of runs of all-ones limbs (a new
seed each run unless given, printed so a failure can be replayed). Results must be the canonical residue (below p), as
the device code promises. Then mutants: one carry dropped from fq_mul's and from bnq_mul's PTX
must be caught, so the check cannot pass by running nothing.

  test_field_ptx.py FILE.ptx [--cases N] [--seed S]     exit 0: all equal; 1: a mismatch"""
import argparse, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptx_machine as pm

FQ = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
FR = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
BN_Q = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47
BN_R = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001


class Field:
    def __init__(self, p, limbs):
        self.p, self.n = p, limbs
        self.R = 1 << (32 * limbs)
        self.Rinv = pow(self.R, -1, p)

    def enc(self, *vals):
        return b"".join(v.to_bytes(4 * self.n, "little") for v in vals)

    def dec(self, data, count):
        w = 4 * self.n
        return [int.from_bytes(data[i * w:(i + 1) * w], "little") for i in range(count)]

    def edges(self):
        p = self.p
        return [0, 1, 2, p - 1, p - 2, self.R % p, (self.R - 1) % p, p >> 1, (p + 1) >> 1]


Q, R_ = Field(FQ, 12), Field(FR, 8)
BQ, BR = Field(BN_Q, 8), Field(BN_R, 8)
# kernel name prefix -> (field, Fq2 components out)
PREFIX = {"fq": (Q, 1), "fq2": (Q, 2), "fr": (R_, 1), "bnq": (BQ, 1), "bnq2": (BQ, 2), "bnr": (BR, 1)}


def split(name):
    """kernel name -> (field, outputs, op): "bnq2_mul" -> (BQ, 2, "mul")."""
    prefix, op = name.rsplit("_", 1)
    f, outs = PREFIX[prefix]
    return f, outs, op


def cases_for(name, f, rng, n):
    """operand tuples: the edges pairwise (and as the first operand of longer tuples), then n
    uniform ones and n / 2 with runs of all-ones limbs."""
    e = f.edges()
    k = ARITY[name]
    shoup = name.endswith("_shoup")
    hi = 2 * f.p if shoup else f.p
    out = []
    for x in e + ([f.p, 2 * f.p - 1] if shoup else []):
        for y in (e if k >= 2 else [None]):
            out.append(tuple([x, y] + [rng.randrange(f.p) for _ in range(k - 2)]) if k >= 2 else (x,))
    for _ in range(n):
        out.append(tuple([rng.randrange(hi)] + [rng.randrange(f.p) for _ in range(k - 1)]))
    # carry runs: limbs mostly all-ones or zero (long carry and borrow chains; uniform operands
    # rarely carry far), reduced into range
    runs = lambda top: sum((0xffffffff if rng.random() < 0.6 else 0 if rng.random() < 0.5 else rng.randrange(1 << 32))
                           << (32 * i) for i in range(f.n)) % top
    for _ in range(n // 2):
        out.append(tuple([runs(hi)] + [runs(f.p) for _ in range(k - 1)]))
    return out


ARITY = {"fq_mul": 2, "fq_sqr": 1, "fq_sop": 4, "fq_add": 2, "fq_sub": 2, "fq_canonical": 1,
         "fq2_mul": 4, "fq2_sqr": 2, "fr_mul": 2, "fr_sqr": 1, "fr_sop": 4, "fr_add": 2, "fr_sub": 2,
         "fr_shoup": 2,
         "bnq_mul": 2, "bnq_sqr": 1, "bnq_sop": 4, "bnq_add": 2, "bnq_sub": 2, "bnq_canonical": 1,
         "bnq2_mul": 4, "bnq2_sqr": 2, "bnr_mul": 2, "bnr_sqr": 1, "bnr_sop": 4, "bnr_add": 2, "bnr_sub": 2,
         "bnr_shoup": 2}


def reference(name, f, x):
    p, ri = f.p, f.Rinv
    _, outs, op = split(name)
    if outs == 2 and op == "mul":
        a0, a1, b0, b1 = x
        return [(a0 * b0 - a1 * b1) * ri % p, (a0 * b1 + a1 * b0) * ri % p]
    if outs == 2 and op == "sqr":
        a0, a1 = x
        return [(a0 * a0 - a1 * a1) * ri % p, 2 * a0 * a1 * ri % p]
    if op in ("mul", "shoup"):
        return [x[0] * x[1] * ri % p]
    if op == "sqr":
        return [x[0] * x[0] * ri % p]
    if op == "sop":
        return [(x[0] * x[1] + x[2] * x[3]) * ri % p]
    if op == "add":
        return [(x[0] + x[1]) % p]
    if op == "sub":
        return [(x[0] - x[1]) % p]
    if op == "canonical":
        return [x[0] * ri % p]
    raise KeyError(name)


def check(kernel, name, f, cases):
    outs = split(name)[1]
    bad = []
    for x in cases:
        got = f.dec(pm.call(kernel, [f.enc(*x)], 4 * f.n * outs), outs)
        want = reference(name, f, x)
        if got != want:
            bad.append((x, got, want))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ptx")
    ap.add_argument("--cases", type=int, default=60)
    ap.add_argument("--seed", type=int, default=None)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.SystemRandom().randrange(1 << 32)
    print(f"seed {seed}")
    rng = random.Random(seed)
    try:
        ks = pm.kernels(open(a.ptx).read())
    except OSError as e:
        print(f"FAIL: {a.ptx}: {e.strerror}")
        return 1
    fails = 0
    for name in ARITY:
        if name not in ks:
            print(f"FAIL: {a.ptx}: no kernel {name}")
            fails += 1
            continue
        f = split(name)[0]
        cases = cases_for(name, f, rng, a.cases)
        try:
            bad = check(ks[name], name, f, cases)
        except pm.PtxError as e:
            print(f"FAIL: {name}: {e}")
            fails += 1
            continue
        for x, got, want in bad[:3]:
            print(f"FAIL: {name}{tuple(hex(v) for v in x)}: got {[hex(v) for v in got]}, want {[hex(v) for v in want]}")
        fails += bool(bad)
        print(f"{name}: {len(cases) - len(bad)}/{len(cases)} equal")
    # Mutants: fq_mul (12 limbs, aligned pairs) and bnq_mul (8 limbs, interleaved rows) with one
    # carry dropped (a madc.hi.cc made mad.hi.cc) at five points spread over the body; a carry
    # that is provably zero there makes an equivalent mutant, so three of the five must be caught.
    for mname in ("fq_mul", "bnq_mul"):
        mf = split(mname)[0]
        params, body = ks.get(mname, ([], []))
        sites = [k for k, ins in enumerate(body) if ins.startswith("madc.hi.cc.u32")]
        caught = 0
        picks = [sites[(2 * j + 1) * len(sites) // 10] for j in range(5)] if len(sites) >= 10 else []
        for i in picks:
            mutant = (params, body[:i] + ["mad.hi.cc.u32" + body[i][len("madc.hi.cc.u32"):]] + body[i + 1:])
            caught += bool(check(mutant, mname, mf, cases_for(mname, mf, rng, a.cases)))
        print(f"mutants ({mname}, one carry dropped at {len(picks)} of {len(sites)} sites): {caught} caught")
        if caught < 3:
            print(f"FAIL: the check does not see a dropped carry in {mname}")
            fails += 1
    print("PASS" if not fails else f"FAIL: {fails} kernel(s)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
