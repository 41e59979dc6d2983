#!/usr/bin/env python3
"""A synthetic circuit big enough for memory tests: a squaring chain over BLS12-381 Fr.

  make_chain_circuit.py --log-domain 15 --witnesses 4 --out DIR
writes DIR/chain.r1cs (circom r1cs v1) and DIR/w<i>.wtns (snarkjs wtns v2, random x).
Wires: 0 = 1, 1 = out (public output), 2 = x (public input), 3.. = t_i with
t_0 = x*x, t_{i+1} = t_i*t_i, and the last constraint t_{N-1}*1 = out. N is chosen so that
the domain (smallest 2^k >= constraints + nPublic + 1) is exactly 2^log_domain, and the
witness values are dense (random field elements), so MSMs do full work. Make the key with
`cuzk-prove setup --r1cs DIR/chain.r1cs --out DIR/chain.zkey --seed 1`.
"""
import argparse
import os
import random
import struct

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001


def fe(v):
    return (v % R).to_bytes(32, "little")


def section(kind, data):
    return struct.pack("<IQ", kind, len(data)) + data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log-domain", type=int, default=15)
    ap.add_argument("--witnesses", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    n_public = 2
    n_constraints = (1 << a.log_domain) - n_public - 1  # N squarings + the final copy
    N = n_constraints - 1
    n_wires = 3 + N
    one = fe(1)

    def lc(*wires):
        return struct.pack("<I", len(wires)) + b"".join(struct.pack("<I", w) + one for w in wires)

    cons = bytearray()
    cons += lc(2) + lc(2) + lc(3)  # x * x = t_0
    for i in range(1, N):
        cons += lc(3 + i - 1) + lc(3 + i - 1) + lc(3 + i)
    cons += lc(3 + N - 1) + lc(0) + lc(1)  # t_{N-1} * 1 = out
    header = struct.pack("<I", 32) + R.to_bytes(32, "little") + struct.pack("<IIIIQI", n_wires, 1, 1, 0, n_wires, n_constraints)
    labels = b"".join(struct.pack("<Q", i) for i in range(n_wires))
    with open(os.path.join(a.out, "chain.r1cs"), "wb") as f:
        f.write(b"r1cs" + struct.pack("<II", 1, 3))
        f.write(section(1, header) + section(2, bytes(cons)) + section(3, labels))

    rng = random.Random(a.seed)
    for k in range(a.witnesses):
        x = rng.randrange(2, R)
        t = [x * x % R]
        for _ in range(1, N):
            t.append(t[-1] * t[-1] % R)
        w = [1, t[-1], x] + t
        data = b"".join(fe(v) for v in w)
        h = struct.pack("<I", 32) + R.to_bytes(32, "little") + struct.pack("<I", len(w))
        with open(os.path.join(a.out, f"w{k}.wtns"), "wb") as f:
            f.write(b"wtns" + struct.pack("<II", 2, 2) + section(1, h) + section(2, data))
    print(f"chain circuit: domain 2^{a.log_domain}, {n_constraints} constraints, nVars {n_wires}")


if __name__ == "__main__":
    main()
