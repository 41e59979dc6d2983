#!/usr/bin/env python3
"""Runs straight-line PTX kernels (the integer subset nvcc emits for field.cuh's products) on
the CPU: registers, the carry flag, global loads and stores over the kernel's pointer
arguments. A check of the device field code's inline PTX where no GPU is at hand; it
proves nothing about ptxas, only that the PTX computes what the model says.

  ptx_run.py FILE.ptx [N]   runs one_mul / one_sop / one_sqr (Fq) and one_mulr (Fr) of
                            one.cu on N random inputs and the edge values, against Python
                            integers (Montgomery products, results below p)."""
import random, re, sys

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1

def kernels(text):
    out = {}
    for m in re.finditer(r"\.entry\s+(\w+)\s*\((.*?)\)\s*\{(.*?)\n\}", text, re.S):
        params = re.findall(r"\.param\s+\.\w+\s+(\w+)", m.group(2))
        body = []
        for line in m.group(3).split("\n"):
            line = line.split("//")[0].strip()
            if not line or line.startswith("."):
                continue
            for ins in line.split(";"):
                ins = ins.strip()
                if ins and not ins.startswith(("{", "}", ".")):
                    body.append(ins)
        out[m.group(1)] = (params, body)
    return out

class Machine:
    def __init__(self, mem, params):
        self.r = {}
        self.cc = 0
        self.mem = mem          # byte address -> byte
        self.params = params    # name -> value

    def val(self, s):
        s = s.strip()
        if s.startswith("%"):
            return self.r[s]
        if s.lower().startswith(("0x", "-0x")):
            v = int(s, 16)
        else:
            v = int(s.rstrip("U"))
        return v

    def addr(self, s):
        m = re.fullmatch(r"\[\s*(%?\w+)\s*(?:\+\s*(-?\d+))?\s*\]", s.strip())
        base = self.r[m.group(1)] if m.group(1).startswith("%") else self.params[m.group(1)]
        return base + int(m.group(2) or 0)

    def ld32(self, a):
        return int.from_bytes(bytes(self.mem[a + i] for i in range(4)), "little")

    def st32(self, a, v):
        for i, b in enumerate((v & M32).to_bytes(4, "little")):
            self.mem[a + i] = b

    def run(self, body):
        for ins in body:
            m = re.fullmatch(r"(\S+)\s+(.*)", ins)
            op, args = (m.group(1), m.group(2)) if m else (ins, "")
            if op == "ret":
                return
            # vector operands {a, b, c, d}
            vec = re.search(r"\{([^}]*)\}", args)
            if vec:
                regs = [x.strip() for x in vec.group(1).split(",")]
                rest = args.replace(vec.group(0), "V")
                a = [x.strip() for x in rest.split(",")]
            else:
                a = [x.strip() for x in args.split(",")]
            self.exec(op, a, regs if vec else None)

    def exec(self, op, a, vec):
        r = self.r
        if op == "ld.param.u64":
            r[a[0]] = self.params[a[1].strip("[] ")]
        elif op == "cvta.to.global.u64":
            r[a[0]] = r[a[1]]
        elif op in ("mov.u32", "mov.b32", "mov.u64", "mov.b64"):
            r[a[0]] = self.val(a[1]) & (M64 if op.endswith("64") else M32)
        elif op == "ld.global.u32" or op == "ld.global.nc.u32":
            r[a[0]] = self.ld32(self.addr(a[1]))
        elif op.startswith("ld.global") and ".v4.u32" in op:
            base = self.addr(a[1])
            for i, reg in enumerate(vec):
                r[reg] = self.ld32(base + 4 * i)
        elif op.startswith("st.global") and ".v4.u32" in op:
            base = self.addr(a[0])
            for i, reg in enumerate(vec):
                self.st32(base + 4 * i, self.val(reg))
        elif op == "st.global.u32":
            self.st32(self.addr(a[0]), self.val(a[1]))
        elif re.fullmatch(r"madc?\.(lo|hi)(\.cc)?\.u32", op):
            x, y, z = self.val(a[1]), self.val(a[2]), self.val(a[3])
            p = (x & M32) * (y & M32)
            half = p & M32 if ".lo" in op else p >> 32
            s = half + (z & M32) + (self.cc if op.startswith("madc") else 0)
            r[a[0]] = s & M32
            if ".cc" in op:
                self.cc = s >> 32
        elif re.fullmatch(r"addc?(\.cc)?\.u32", op) or re.fullmatch(r"addc?(\.cc)?\.s32", op):
            s = (self.val(a[1]) & M32) + (self.val(a[2]) & M32) + (self.cc if op.startswith("addc") else 0)
            r[a[0]] = s & M32
            if ".cc" in op:
                self.cc = s >> 32
        elif re.fullmatch(r"subc?(\.cc)?\.u32", op):
            d = (self.val(a[1]) & M32) - (self.val(a[2]) & M32) - (self.cc if op.startswith("subc") else 0)
            r[a[0]] = d & M32
            if ".cc" in op:
                self.cc = 1 if d < 0 else 0   # PTX: CC.CF holds the borrow
        elif op in ("mul.lo.s32", "mul.lo.u32"):
            r[a[0]] = (self.val(a[1]) * self.val(a[2])) & M32
        elif op in ("neg.s32",):
            r[a[0]] = (-self.val(a[1])) & M32
        elif op == "shf.l.wrap.b32":
            lo, hi, n = self.val(a[1]) & M32, self.val(a[2]) & M32, self.val(a[3]) & 31
            r[a[0]] = (((hi << 32 | lo) << n) >> 32) & M32
        elif op == "shl.b32":
            r[a[0]] = (self.val(a[1]) << (self.val(a[2]) & 31)) & M32
        elif op == "selp.b32":
            r[a[0]] = self.val(a[1]) if r[a[3]] else self.val(a[2])
        elif re.fullmatch(r"setp\.(eq|ne)\.(s|u|b)32", op):
            x, y = self.val(a[1]) & M32, self.val(a[2]) & M32
            r[a[0]] = (x == y) if ".eq." in op else (x != y)
        else:
            raise SystemExit(f"ptx_run: instruction not modelled: {op} {a}")

def limbs(v, n): return [(v >> (32 * i)) & M32 for i in range(n)]

def run_kernel(k, arrays, n_limbs):
    params, body = k
    mem = {}
    base = {}
    addr = 0x10000
    for name, vals in zip(params, arrays):
        base[name] = addr
        for j, v in enumerate(vals):
            for i, b in enumerate(v.to_bytes(4 * n_limbs, "little")):
                mem[addr + 4 * n_limbs * j + i] = b
        addr += 0x10000
    mach = Machine(mem, base)
    mach.run(body)
    a0 = base[params[0]]
    return int.from_bytes(bytes(mem[a0 + i] for i in range(4 * n_limbs)), "little")

FQ = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
FR = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001

def main():
    text = open(sys.argv[1]).read()
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    ks = kernels(text)
    rng = random.Random(11)
    checks = 0
    for name, p, N in (("one_mul", FQ, 12), ("one_sop", FQ, 12), ("one_sqr", FQ, 12), ("one_mulr", FR, 8)):
        k = next(v for kname, v in ks.items() if name in kname and kname.endswith(name) or re.search(name + r"P", kname))
        R = 1 << (32 * N)
        Rinv = pow(R, -1, p)
        edge = [0, 1, 2, p - 1, p - 2, (R - 1) % p]
        cases = [(a, b, c, d) for a in edge for b in edge for c, d in ((a, b),)]
        cases += [tuple(rng.randrange(p) for _ in range(4)) for _ in range(n)]
        for a, b, c, d in cases:
            if name == "one_sop":
                got = run_kernel(k, [[0, a, c], [b, d]], N)
                want = (a * b + c * d) * Rinv % p
            elif name == "one_sqr":
                got = run_kernel(k, [[0, a], [0]], N)
                want = a * a * Rinv % p
            else:
                got = run_kernel(k, [[0, a], [b]], N)
                want = a * b * Rinv % p
            assert got == want, (name, hex(a), hex(b), hex(got), hex(want))
            checks += 1
        print(name, "ok", len(cases))
    print("ok", checks)

if __name__ == "__main__":
    main()
