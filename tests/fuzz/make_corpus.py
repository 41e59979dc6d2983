#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from data/fixtures (run from the repo root):
small real files plus truncated and header-mutated variants. Re-running rewrites them."""
import os, shutil, struct, sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
FIX = os.path.join(ROOT, "data", "fixtures")
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def rd(*p):
    with open(os.path.join(FIX, *p), "rb") as f:
        return f.read()


def sections(b):
    """[(id, offset of payload, size)] of an iden3 binary file."""
    out, at = [], 12
    for _ in range(struct.unpack_from("<I", b, 8)[0]):
        sid, size = struct.unpack_from("<IQ", b, at)
        out.append((sid, at + 12, size))
        at += 12 + size
    return out


def patch32(b, off, v):
    b = bytearray(b)
    struct.pack_into("<I", b, off, v)
    return bytes(b)


def binary(target, data, header_id, fields, prefix="", good="good"):
    put(target, good, data)
    for cut in (11, 12, 40, len(data) // 2, len(data) - 1):
        put(target, prefix + "trunc-%d" % cut, data[:cut])
    hdr = [s for s in sections(data) if s[0] == header_id][0][1]
    for name, off, v in fields:
        put(target, prefix + name, patch32(data, hdr + off, v))


shutil.rmtree(OUT, ignore_errors=True)
zkey = rd("tiny", "circuit.zkey")
# header (section 2): n8q(4) q(48) n8r(4) r(32) nVars nPublic domainSize at 88, 92, 96
binary("fuzz_zkey", zkey, 2,
       [("domain-2p31", 96, 1 << 31), ("npublic-max", 92, 0xFFFFFFFF), ("nvars-big", 88, 1 << 30),
        ("npublic-eq-nvars", 92, struct.unpack_from("<I", zkey, [s for s in sections(zkey) if s[0] == 2][0][1] + 88)[0])])
# bn128 (issue 44): the same variants of tiny-bn128's files, named bn128-*; q is 32 bytes, so the zkey
# header's nVars nPublic domainSize are at 72, 76, 80.
zkey = rd("tiny-bn128", "circuit.zkey")
binary("fuzz_zkey", zkey, 2,
       [("domain-2p31", 80, 1 << 31), ("npublic-max", 76, 0xFFFFFFFF), ("nvars-big", 72, 1 << 30),
        ("npublic-eq-nvars", 76, struct.unpack_from("<I", zkey, [s for s in sections(zkey) if s[0] == 2][0][1] + 72)[0])],
       prefix="bn128-", good="bn128")
wtns = rd("tiny", "w0.wtns")
binary("fuzz_wtns", wtns, 1, [("count-big", 36, 1 << 30), ("n8-big", 0, 0xFFFFFFF0)])
binary("fuzz_wtns", rd("tiny-bn128", "w0.wtns"), 1, [("count-big", 36, 1 << 30), ("n8-big", 0, 0xFFFFFFF0)],
       prefix="bn128-", good="bn128")
r1cs = rd("tiny", "circuit.r1cs")
# header (section 1): n8(4) prime(32) nWires nOutputs nPubInputs nPrvInputs at 36..48, nLabels(8), nConstraints at 60
binary("fuzz_r1cs", r1cs, 1,
       [("pub-over-wires", 44, 100), ("constraints-max", 60, 0xFFFFFFFF), ("wires-zero", 36, 0),
        ("wires-max", 36, 0xFFFFFFFF)])
binary("fuzz_r1cs", rd("tiny-bn128", "circuit.r1cs"), 1,
       [("pub-over-wires", 44, 100), ("constraints-max", 60, 0xFFFFFFFF), ("wires-zero", 36, 0),
        ("wires-max", 36, 0xFFFFFFFF)], prefix="bn128-", good="bn128")
for f in sorted(os.listdir(os.path.join(ROOT, "data", "sectors"))):
    with open(os.path.join(ROOT, "data", "sectors", f), "rb") as g:
        put("fuzz_sector", f, g.read())
put("fuzz_sector", "native.json",
    b'{"sector": "n1", "zkey": "k.zkey", "native": {"circuit": "porep-lite", "depth": 4, "challenges": 2, '
    b'"replica": "n1.replica"}, "partitions": [{"challenge_seed": 1}, 2]}')
put("fuzz_sector", "trunc.json", b'{"sector": "s", "zkey": "k.zkey", "partitions": [')
put("fuzz_sector", "native-depth-wrap.json",  # 2^32 + 1: not depth 1 (issue 45)
    b'{"sector": "n1", "zkey": "k.zkey", "native": {"circuit": "porep-lite", "depth": 4294967297, '
    b'"challenges": 2, "replica": "n1.replica"}, "partitions": [1]}')
for fx in ("tiny", "main"):
    for f in ("verification_key.json", "proof.json", "public.json"):
        put("fuzz_snarkjs_json", fx + "-" + f, rd(fx, f))
vk = rd("tiny", "verification_key.json").decode()
put("fuzz_snarkjs_json", "vk-npublic-2p32", vk.replace('"nPublic": 2', '"nPublic": 4294967298').encode())
put("fuzz_snarkjs_json", "bn128-vk", rd("tiny-bn128", "verification_key.json"))
for f in ("verification_key.json", "proof.json", "public.json"):
    put("fuzz_snarkjs_json", "main-bn128-" + f, rd("main-bn128", f))
# Benchmark documents of the other two shapes load_benchmark_json reads (issue 45).
for f in ("hyperfine-base.json", "pyperf.json"):
    with open(os.path.join(ROOT, "tests", "stats", "data", f), "rb") as g:
        put("fuzz_stats_bench", f, g.read())
