#!/usr/bin/env python3
"""Throwaway x86 kernels measured against the CIOS kernel and dropped (PERF.md "Tried and
dropped: Karatsuba products and a dedicated squaring"): separated-operand forms that build the
2N-word product in scratch below the red zone, reduce its low half with the main generator's
reduction row, and add the high half.
  python3 gen_sos.py kara > kara.hpp   # namespace kara: mont_mul_kara<4>, <6>
  python3 gen_sos.py sqr > sq.hpp      # namespace sq: mont_sqr<4>, <6>
then build kara_check.cpp / sqr_check.cpp (and the *_throughput.cpp) with
  g++ -std=c++20 -O2 -mbmi2 -madx -I lib <file>.cpp"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../scripts"))
from gen_mont_x86 import reduction_row  # noqa: E402

# Karatsuba (one level) product + low-half REDC + T_hi add, Montgomery mult for N = 2h limbs.
def gen(N, name="mont_mul_kara"):
    h = N // 2
    r = [f"%%r{8 + j}" for j in range(N + 1)]
    H = f"%%r{9 + N}"
    W = 3 * N + 2
    K = 128 + ((8 * W + 15) // 16) * 16
    T = lambda k: f"{8 * k}(%%rsp)"
    SA = lambda j: f"{8 * (2 * N + j)}(%%rsp)"
    SB = lambda j: f"{8 * (2 * N + h + j)}(%%rsp)"
    MA, MB = f"{8 * 3 * N}(%%rsp)", f"{8 * (3 * N + 1)}(%%rsp)"
    L = []
    e = L.append
    def mulhh(A, B):
        for i in range(h):
            e(f"movq {B(i)}, %%rdx")
            e("xorl %%eax, %%eax")
            if i == 0:
                e(f"mulxq {A(0)}, {r[0]}, {r[1]}")
                for j in range(1, h):
                    e(f"mulxq {A(j)}, %%rax, {r[j + 1]}")
                    e(f"adoxq %%rax, {r[j]}")
                e("movl $0, %%eax")
                e(f"adoxq %%rax, {r[h]}")
            else:
                for j in range(h):
                    hi = H if j + 1 < h else r[i + h]
                    e(f"mulxq {A(j)}, %%rax, {hi}")
                    e(f"adoxq %%rax, {r[i + j]}")
                    if j + 1 < h:
                        e(f"adcxq {H}, {r[i + j + 1]}")
                e("movl $0, %%eax")
                e(f"adcxq %%rax, {r[i + h]}")
                e(f"adoxq %%rax, {r[i + h]}")
    e(f"subq ${K}, %%rsp")
    a = lambda j: f"{8 * j}(%[a])"
    b = lambda j: f"{8 * j}(%[b])"
    # P0 = a_lo * b_lo -> T[0..N-1]
    mulhh(lambda j: a(j), lambda i: b(i))
    for j in range(N): e(f"movq {r[j]}, {T(j)}")
    # P2 = a_hi * b_hi -> T[N..2N-1]
    mulhh(lambda j: a(h + j), lambda i: b(h + i))
    for j in range(N): e(f"movq {r[j]}, {T(N + j)}")
    # sa = a_lo + a_hi, sb = b_lo + b_hi, masks -carry
    for (src, dst, M) in ((a, SA, MA), (b, SB, MB)):
        for j in range(h): e(f"movq {src(j)}, {r[j]}")
        for j in range(h): e(f"{'addq' if j == 0 else 'adcq'} {src(h + j)}, {r[j]}")
        e("sbbq %%rax, %%rax")
        e(f"movq %%rax, {M}")
        for j in range(h): e(f"movq {r[j]}, {dst(j)}")
    # P1 = sa * sb (N words) + top word r[N]
    mulhh(SA, SB)
    e(f"movq {MA}, %%rax")
    e(f"andq {MB}, %%rax")
    e("negq %%rax")
    e(f"movq %%rax, {r[N]}")
    tmp = [H, "%%rax", "%%rdx"][:h]
    for (src, M) in ((SB, MA), (SA, MB)):
        for j in range(h):
            e(f"movq {src(j)}, {tmp[j]}")
            e(f"andq {M}, {tmp[j]}")
        for j in range(h): e(f"{'addq' if j == 0 else 'adcq'} {tmp[j]}, {r[h + j]}")
        e(f"adcq $0, {r[N]}")
    # M = P1 - P0 - P2
    for base in (0, N):
        for j in range(N): e(f"{'subq' if j == 0 else 'sbbq'} {T(base + j)}, {r[j]}")
        e(f"sbbq $0, {r[N]}")
    # T[h .. h+N] += M, carry to the top
    for j in range(N + 1): e(f"{'addq' if j == 0 else 'adcq'} {r[j]}, {T(h + j)}")
    for k in range(h + N + 1, 2 * N): e(f"adcq $0, {T(k)}")
    # REDC of T_lo: t = T[0..N-1]
    t = r[:N]
    for j in range(N): e(f"movq {T(j)}, {t[j]}")
    for i in range(N):
        reduction_row(e, t, H, "%%rax")
    # + T_hi
    for j in range(N): e(f"{'addq' if j == 0 else 'adcq'} {T(N + j)}, {t[j]}")
    e(f"addq ${K}, %%rsp")
    s = ["%%rax", "%%rdx", r[N], H, "%[a]", "%[b]"][:N]
    for j in range(N): e(f"movq {t[j]}, {s[j]}")
    for j in range(N): e(f"{'subq' if j == 0 else 'sbbq'} {8 * j}(%[q]), {s[j]}")
    for j in range(N): e(f"cmovncq {s[j]}, {t[j]}")
    for j in range(N): e(f"movq {t[j]}, {8 * j}(%[out])")
    clob = ", ".join(f'"r{8 + j}"' for j in range(N + 2))
    body = "\n".join(f'      "{x}\\n\\t"' for x in L)
    return f"""template <>
inline void {name}<{N}>(u64* out, const u64* a, const u64* b, const u64* q) {{
  asm volatile(
{body}
      : [a] "+r"(a), [b] "+r"(b)
      : [q] "r"(q), [out] "r"(out)
      : "rax", "rdx", {clob}, "cc", "memory");
}}
"""


def gen_sqr(N, name="mont_sqr"):
    W = 3 * N
    K = 128 + ((8 * W + 15) // 16) * 16
    S = lambda k: f"{8 * k}(%%rsp)"
    SAVE = lambda j: f"{8 * (2 * N + j)}(%%rsp)"
    a = lambda j: f"{8 * j}(%[a])"
    L = []
    e = L.append
    e(f"subq ${K}, %%rsp")
    H = "%%r15"
    pool = [f"%%r{8 + j}" for j in range(7)]  # r8..r14
    live = {}  # position -> register
    def fresh(pos):
        reg = next(x for x in pool if x not in live.values())
        live[pos] = reg
        return reg
    def retire(upto):  # store and free positions < upto
        for pos in sorted(list(live)):
            if pos < upto:
                e(f"movq {live[pos]}, {S(pos)}")
                del live[pos]
    # phase 1: off-diagonal sum S = sum_{i<j} a_i a_j 2^(64(i+j)), positions 1 .. 2N-2
    for i in range(N - 1):
        retire(2 * i + 1)
        e(f"movq {a(i)}, %%rdx")
        e("xorl %%eax, %%eax")
        if i == 0:
            lo, hi = fresh(1), fresh(2)
            e(f"mulxq {a(1)}, {lo}, {hi}")
            for j in range(2, N):
                top = fresh(j + 1)
                e(f"mulxq {a(j)}, %%rax, {top}")
                e(f"adoxq %%rax, {live[j]}")
            e("movl $0, %%eax")
            e(f"adoxq %%rax, {live[N]}")
        else:
            for j in range(i + 1, N):
                last = j == N - 1
                hi = fresh(i + N) if last else H
                e(f"mulxq {a(j)}, %%rax, {hi}")
                e(f"adoxq %%rax, {live[i + j]}")
                if not last:
                    e(f"adcxq {H}, {live[i + j + 1]}")
            e("movl $0, %%eax")
            e(f"adcxq %%rax, {live[i + N]}")
            e(f"adoxq %%rax, {live[i + N]}")
    retire(2 * N)
    # phase 2: T = 2 S + sum a_i^2 2^(128 i); T[0..N-1] -> t = r8..r13, T[N..] -> scratch
    t = [f"%%r{8 + j}" for j in range(N)]
    DL, DH = "%%rax", "%%r14"
    e("xorl %%eax, %%eax")  # clears CF and OF
    for i in range(N):
        e(f"movq {a(i)}, %%rdx")
        e(f"mulxq %%rdx, {DL}, {DH}")
        for k, d in ((2 * i, DL), (2 * i + 1, DH)):
            x = t[k] if k < N else H
            if k == 0 or k == 2 * N - 1:
                e(f"movl $0, {x[:2]}e{x[3:]}d" if False else f"movq $0, {x}")
            else:
                e(f"movq {S(k)}, {x}")
            e(f"adcxq {x}, {x}")
            e(f"adoxq {d}, {x}")
            if k >= N:
                e(f"movq {x}, {S(k)}")
    # REDC of T_lo (t), then + T_hi
    for i in range(N):
        reduction_row(e, t, H, "%%rax")
    for j in range(N): e(f"{'addq' if j == 0 else 'adcq'} {S(N + j)}, {t[j]}")
    # t < 2p: t - p unless it borrows
    for j in range(N): e(f"movq {t[j]}, {SAVE(j)}")
    for j in range(N): e(f"{'subq' if j == 0 else 'sbbq'} {8 * j}(%[q]), {t[j]}")
    for j in range(N): e(f"cmovcq {SAVE(j)}, {t[j]}")
    e(f"addq ${K}, %%rsp")
    for j in range(N): e(f"movq {t[j]}, {8 * j}(%[out])")
    body = "\n".join(f'      "{x}\\n\\t"' for x in L)
    return f"""template <>
inline void {name}<{N}>(u64* out, const u64* a, const u64* q) {{
  asm volatile(
{body}
      :
      : [a] "r"(a), [q] "r"(q), [out] "r"(out)
      : "rax", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}}
"""


if __name__ == "__main__":
    if sys.argv[1:] == ["kara"]:
        print("#pragma once\n#include <cstdint>\nnamespace kara { using u64 = std::uint64_t;\ntemplate <int N> void mont_mul_kara(u64*, const u64*, const u64*, const u64*);\n" + gen(4) + gen(6) + "}")
    elif sys.argv[1:] == ["sqr"]:
        print("#pragma once\n#include <cstdint>\nnamespace sq { using u64 = std::uint64_t;\ntemplate <int N> void mont_sqr(u64*, const u64*, const u64*);\n" + gen_sqr(4) + gen_sqr(6) + "}")
    else:
        sys.exit("usage: gen_sos.py kara|sqr")
