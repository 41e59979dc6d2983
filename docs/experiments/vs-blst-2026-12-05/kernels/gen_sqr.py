#!/usr/bin/env python3
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
        e(f"movq {8 * N}(%[q]), %%rdx")
        e(f"imulq {t[0]}, %%rdx")
        e("xorl %%eax, %%eax")
        e(f"mulxq 0(%[q]), %%rax, {H}")
        e(f"adcxq {t[0]}, %%rax")
        e(f"movq {H}, {t[0]}")
        e(f"adcxq {t[1]}, {t[0]}")
        for j in range(1, N):
            e(f"mulxq {8 * j}(%[q]), %%rax, {t[j]}")
            e(f"adoxq %%rax, {t[j - 1]}")
            if j + 1 < N:
                e(f"adcxq {t[j + 1]}, {t[j]}")
        e("movl $0, %%eax")
        e(f"adcxq %%rax, {t[N - 1]}")
        e(f"adoxq %%rax, {t[N - 1]}")
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
    print("#pragma once\n#include <cstdint>\nnamespace sq { using u64 = std::uint64_t;\ntemplate <int N> void mont_sqr(u64*, const u64*, const u64*);\n" + gen_sqr(4) + gen_sqr(6) + "}")
