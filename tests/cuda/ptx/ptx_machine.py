"""A CPU interpreter for straight-line PTX kernels: the integer subset nvcc emits for the
device field code (field.cuh's carry chains, ff::Fp2, shoup.cuh). 32- and 64-bit registers,
predicates, the carry flag (CC.CF) with PTX's semantics, global loads and stores over the
kernel's pointer parameters. Anything outside the subset (a branch, a shared-memory access, an
instruction not listed) stops the run with its name: the kernels it checks must stay straight
line, and a new instruction is added here on purpose, not skipped.

It checks the PTX, not ptxas's SASS: what the CUDA tests on a GPU still do."""
import re

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1


class PtxError(Exception):
    pass


def kernels(text):
    """{name: (parameter names, instructions)} for each .entry of a PTX module."""
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


def _width(op):
    return 64 if re.search(r"\.[usb]64$", op) else 32


class Machine:
    def __init__(self, mem, params):
        self.r = {}
        self.cc = 0
        self.mem = mem          # byte address -> byte value
        self.params = params    # parameter name -> address

    def val(self, s):
        s = s.strip()
        if s.startswith("%"):
            if s not in self.r:
                raise PtxError(f"read of unset register {s}")
            return self.r[s]
        neg = s.startswith("-")
        t = s.lstrip("-")
        v = int(t, 16) if t.lower().startswith("0x") else int(t.rstrip("U"))
        return -v if neg else v

    def addr(self, s):
        m = re.fullmatch(r"\[\s*(%?\w+)\s*(?:\+\s*(-?\d+))?\s*\]", s.strip())
        if not m:
            raise PtxError(f"address form not modelled: {s}")
        base = self.r[m.group(1)] if m.group(1).startswith("%") else self.params[m.group(1)]
        return base + int(m.group(2) or 0)

    def ld32(self, a):
        try:
            return int.from_bytes(bytes(self.mem[a + i] for i in range(4)), "little")
        except KeyError:
            raise PtxError(f"load outside the kernel's buffers: {a:#x}") from None

    def st32(self, a, v):
        if a not in self.mem:
            raise PtxError(f"store outside the kernel's buffers: {a:#x}")
        for i, b in enumerate((v & M32).to_bytes(4, "little")):
            self.mem[a + i] = b

    def run(self, body):
        for ins in body:
            if ins.startswith("@"):
                raise PtxError(f"predicated instruction (a branch?) not modelled: {ins}")
            m = re.fullmatch(r"(\S+)\s+(.*)", ins)
            op, args = (m.group(1), m.group(2)) if m else (ins, "")
            if op == "ret":
                return
            vec = re.search(r"\{([^}]*)\}", args)
            regs = [x.strip() for x in vec.group(1).split(",")] if vec else None
            a = [x.strip() for x in (args.replace(vec.group(0), "V") if vec else args).split(",")]
            self.step(op, a, regs)
        raise PtxError("kernel ended without ret")

    def step(self, op, a, vec):
        r, v = self.r, self.val
        mask = M64 if _width(op) == 64 else M32
        if op == "ld.param.u64":
            r[a[0]] = self.params[a[1].strip("[] ")]
        elif op == "cvta.to.global.u64":
            r[a[0]] = v(a[1])
        elif re.fullmatch(r"mov\.[ub](32|64)", op):
            r[a[0]] = v(a[1]) & mask
        elif op in ("ld.global.u32", "ld.global.nc.u32"):
            r[a[0]] = self.ld32(self.addr(a[1]))
        elif re.fullmatch(r"ld\.global(\.nc)?\.v[24]\.u32", op):
            base = self.addr(a[1])
            for i, reg in enumerate(vec):
                r[reg] = self.ld32(base + 4 * i)
        elif re.fullmatch(r"st\.global\.v[24]\.u32", op):
            base = self.addr(a[0])
            for i, reg in enumerate(vec):
                self.st32(base + 4 * i, v(reg))
        elif op == "st.global.u32":
            self.st32(self.addr(a[0]), v(a[1]))
        elif re.fullmatch(r"madc?\.(lo|hi)(\.cc)?\.u32", op):
            p = (v(a[1]) & M32) * (v(a[2]) & M32)
            half = p & M32 if ".lo" in op else p >> 32
            s = half + (v(a[3]) & M32) + (self.cc if op.startswith("madc") else 0)
            r[a[0]] = s & M32
            if ".cc" in op:
                self.cc = s >> 32
        elif op in ("mad.lo.s32", "mad.lo.u32"):
            r[a[0]] = (v(a[1]) * v(a[2]) + v(a[3])) & M32
        elif re.fullmatch(r"addc?(\.cc)?\.[us]32", op):
            s = (v(a[1]) & M32) + (v(a[2]) & M32) + (self.cc if op.startswith("addc") else 0)
            r[a[0]] = s & M32
            if ".cc" in op:
                self.cc = s >> 32
        elif re.fullmatch(r"add\.[us]64", op):
            r[a[0]] = (v(a[1]) + v(a[2])) & M64
        elif re.fullmatch(r"subc?(\.cc)?\.[us]32", op):
            d = (v(a[1]) & M32) - (v(a[2]) & M32) - (self.cc if op.startswith("subc") else 0)
            r[a[0]] = d & M32
            if ".cc" in op:
                self.cc = 1 if d < 0 else 0   # CC.CF holds the borrow after sub.cc
        elif op in ("mul.lo.s32", "mul.lo.u32"):
            r[a[0]] = (v(a[1]) * v(a[2])) & M32
        elif op == "mul.wide.u32":
            r[a[0]] = ((v(a[1]) & M32) * (v(a[2]) & M32)) & M64
        elif op == "neg.s32":
            r[a[0]] = (-v(a[1])) & M32
        elif re.fullmatch(r"and\.b(32|64)", op):
            r[a[0]] = (v(a[1]) & v(a[2])) & mask
        elif re.fullmatch(r"or\.b(32|64)", op):
            r[a[0]] = (v(a[1]) | v(a[2])) & mask
        elif re.fullmatch(r"xor\.b(32|64)", op):
            r[a[0]] = (v(a[1]) ^ v(a[2])) & mask
        elif re.fullmatch(r"shr\.[ub](32|64)", op):
            r[a[0]] = ((v(a[1]) & mask) >> (v(a[2]) & (_width(op) - 1))) & mask
        elif re.fullmatch(r"shl\.b(32|64)", op):
            r[a[0]] = (v(a[1]) << (v(a[2]) & (_width(op) - 1))) & mask
        elif op == "cvt.u32.u64":
            r[a[0]] = v(a[1]) & M32
        elif op == "cvt.u64.u32":
            r[a[0]] = v(a[1]) & M32
        elif op == "shf.l.wrap.b32":
            lo, hi, n = v(a[1]) & M32, v(a[2]) & M32, v(a[3]) & 31
            r[a[0]] = (((hi << 32 | lo) << n) >> 32) & M32
        elif op == "shf.r.wrap.b32":
            lo, hi, n = v(a[1]) & M32, v(a[2]) & M32, v(a[3]) & 31
            r[a[0]] = ((hi << 32 | lo) >> n) & M32
        elif op == "selp.b32":
            r[a[0]] = v(a[1]) if r[a[3]] else v(a[2])
        elif re.fullmatch(r"setp\.(eq|ne)\.[sub]32", op):
            x, y = v(a[1]) & M32, v(a[2]) & M32
            r[a[0]] = (x == y) if ".eq." in op else (x != y)
        else:
            raise PtxError(f"instruction not modelled: {op} {', '.join(a)}")


def call(kernel, buffers, out_bytes):
    """Runs kernel (params, body) with its pointer parameters bound, in order, to out_bytes
    zero bytes and then each of buffers (bytes); returns the first buffer's bytes after."""
    params, body = kernel
    if len(params) != 1 + len(buffers):
        raise PtxError(f"kernel takes {len(params)} pointers, given {1 + len(buffers)}")
    mem, base, addr = {}, {}, 0x100000
    for name, data in zip(params, [bytes(out_bytes)] + list(buffers)):
        base[name] = addr
        for i, b in enumerate(data):
            mem[addr + i] = b
        addr += 0x100000 * (1 + len(data) // 0x100000)
    Machine(mem, base).run(body)
    a0 = base[params[0]]
    return bytes(mem[a0 + i] for i in range(out_bytes))
