#!/usr/bin/env python3
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
if __name__ == "__main__":
    print("#pragma once\n#include <cstdint>\nnamespace kara { using u64 = std::uint64_t;\ntemplate <int N> void mont_mul_kara(u64*, const u64*, const u64*, const u64*);\n" + gen(4) + gen(6) + "}")
