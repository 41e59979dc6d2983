#!/usr/bin/env python3
"""Emits lib/cuzk/ff/mont_x86.hpp: Montgomery multiplication for N = 4 and N = 6 limbs with
BMI2 mulx and the two ADX carry chains (adcx on CF, adox on OF), CIOS with the no-carry
shortcut (top limb of p < 2^63 - 1), final conditional subtraction by cmov.

Register plan: t[0..N-1] = r8.., A (the word above t) and H (scratch high half) follow,
rax = low half / zero, rdx = mulx's implicit source. a, b, q, out are compiler-chosen.
Run:  python3 scripts/gen_mont_x86.py > lib/cuzk/ff/mont_x86.hpp
"""

def gen(N):
    t = [f"%%r{8 + j}" for j in range(N)]
    A = f"%%r{8 + N}"
    H = f"%%r{9 + N}"
    L = []
    e = L.append
    for i in range(N):
        e(f"movq {8 * i}(%[b]), %%rdx")
        e("xorl %%eax, %%eax")
        if i == 0:  # t = a * b[0]
            e(f"mulxq 0(%[a]), {t[0]}, {t[1]}")
            for j in range(1, N):
                hi = t[j + 1] if j + 1 < N else A
                e(f"mulxq {8 * j}(%[a]), %%rax, {hi}")
                e(f"adoxq %%rax, {t[j]}")
            e("movl $0, %%eax")
            e(f"adoxq %%rax, {A}")
        else:  # (A, t) += a * b[i]: low halves on the OF chain, high halves on the CF chain
            for j in range(N):
                hi = H if j + 1 < N else A
                e(f"mulxq {8 * j}(%[a]), %%rax, {hi}")
                e(f"adoxq %%rax, {t[j]}")
                if j + 1 < N:
                    e(f"adcxq {H}, {t[j + 1]}")
            e("movl $0, %%eax")
            e(f"adcxq %%rax, {A}")
            e(f"adoxq %%rax, {A}")
        # m = t0 * INV; t = (A, t) + m*q, shifted down one word
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
        e(f"adoxq {A}, {t[N - 1]}")
    # conditional subtraction: s = t - q; keep s unless it borrowed
    s = ["%%rax", "%%rdx", A, H, "%[a]", "%[b]"][:N]
    for j in range(N):
        e(f"movq {t[j]}, {s[j]}")
    for j in range(N):
        e(f"{'subq' if j == 0 else 'sbbq'} {8 * j}(%[q]), {s[j]}")
    for j in range(N):
        e(f"cmovncq {s[j]}, {t[j]}")
    for j in range(N):
        e(f"movq {t[j]}, {8 * j}(%[out])")
    clob = ", ".join(f'"r{8 + j}"' for j in range(N + 2))
    body = "\n".join(f'      "{x}\\n\\t"' for x in L)
    return f"""template <>
inline void mont_mul<{N}>(u64* out, const u64* a, const u64* b, const u64* q) {{
  asm volatile(
{body}
      : [a] "+r"(a), [b] "+r"(b)
      : [q] "r"(q), [out] "r"(out)
      : "rax", "rdx", {clob}, "cc", "memory");
}}
"""

def gen_addsub(N):
    """add_mod_asm<N> and sub_mod_asm<N> (p < 2^(64N-1), inputs < p): the sum (difference) t
    on the CF chain and its correction s on the OF chain, interleaved limb by limb, both kept
    in registers; a cmov a limb picks. 2N values in 10 fixed registers and, for N = 6, the
    last limb's pair in the a and b pointer registers once they are read for the last time."""
    fixed = ["%%rax", "%%rdx"] + [f"%%r{8 + j}" for j in range(8)]
    assert 2 * N <= len(fixed) + 2
    out = []
    for op in ("add", "sub"):
        L = []
        e = L.append
        used = set()
        t, s = [], []
        e("xorl %%eax, %%eax")  # CF = OF = 0
        if op == "sub":
            e("stc")  # a - b = a + ~b + 1
        for j in range(N):
            if 2 * j + 1 < len(fixed):
                tj, sj = fixed[2 * j], fixed[2 * j + 1]
                used.update((tj, sj))
                last = False
            else:  # the pointers' own registers, after their last read
                tj, sj = ("%[a]", "%[b]") if op == "add" else ("%[b]", "%[a]")
                last = True
            if op == "add":
                if last:
                    e(f"movq {8 * j}(%[a]), %[a]")
                    e(f"adcxq {8 * j}(%[b]), %[a]")
                else:
                    e(f"movq {8 * j}(%[a]), {tj}")
                    e(f"adcxq {8 * j}(%[b]), {tj}")
            else:
                if last:
                    e(f"movq {8 * j}(%[b]), %[b]")
                    e(f"notq %[b]")
                    e(f"adcxq {8 * j}(%[a]), %[b]")
                else:
                    e(f"movq {8 * j}(%[b]), {tj}")
                    e(f"notq {tj}")
                    e(f"adcxq {8 * j}(%[a]), {tj}")
            e(f"movq {tj}, {sj}")
            e(f"adoxq {8 * j}(%[k]), {sj}")
            t.append(tj)
            s.append(sj)
        # add: OF = 1 iff a + b >= p: keep s, else t.  sub: CF = 1 iff a >= b: t, else s.
        for j in range(N):
            e(f"cmovnoq {t[j]}, {s[j]}" if op == "add" else f"cmovcq {t[j]}, {s[j]}")
        for j in range(N):
            e(f"movq {s[j]}, {8 * j}(%[r])")
        clob = ", ".join(f'"{x[2:]}"' for x in fixed if x in used)
        body = "\n".join(f'      "{x}\\n\\t"' for x in L)
        kdoc = "2^(64N) − p" if op == "add" else "p"
        out.append(f"""template <>
inline void {op}_mod_asm<{N}>(u64* r, const u64* a, const u64* b, const u64* k) {{  // k = {kdoc}
  asm volatile(
{body}
      : [a] "+r"(a), [b] "+r"(b)
      : [r] "r"(r), [k] "r"(k)
      : {clob}, "cc", "memory");
}}
""")
    return "\n".join(out)

HEADER = """#pragma once
// GENERATED by scripts/gen_mont_x86.py — edit the generator, not this file.
//
// x86-64 field kernels: add/sub for any N, and Montgomery multiplication for N = 4 (Fr)
// and N = 6 (Fq) limbs: CIOS (Koç, Acar,
// Kaliski 1996) with the no-carry shortcut (top limb of p < 2^63 − 1, as in gnark-crypto's
// amd64 kernels), mulx for the 64×64→128 products and two independent carry chains, adox
// for the low halves and adcx for the high halves (Intel, "New Instructions Supporting
// Large Integer Arithmetic", 2012). N² mulx for a·b plus N² + N for the reduction; the
// final subtraction of p is a sub/sbb chain and cmov, no branch.
//
// q points to N limbs of p followed by INV = −p⁻¹ mod 2⁶⁴. out may alias a or b (it is
// written only at the end). Requires BMI2 + ADX; mont.hpp includes this only when the
// compiler targets them and never in constant evaluation or device code.
#include <x86intrin.h>

#include <cstddef>
#include <cstdint>

namespace cuzk::ff::x86 {

using u64 = std::uint64_t;

// Modular addition and subtraction for any N (p < 2^(64N−1)): add/adc or sub/sbb chains
// via the carry intrinsics, fully unrolled; GCC keeps them in registers. (The portable
// __int128 loops in mont.hpp compile to rolled loops through memory, ~5× slower.)
template <std::size_t N>
inline void add_mod(u64* r, const u64* a, const u64* b, const u64* p) {
  unsigned long long t[N], s[N];
  unsigned char c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) c = _addcarry_u64(c, a[i], b[i], &t[i]);
  c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) c = _subborrow_u64(c, t[i], p[i], &s[i]);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) r[i] = c ? t[i] : s[i];  // borrow: a + b < p
}
template <std::size_t N>
inline void sub_mod(u64* r, const u64* a, const u64* b, const u64* p) {
  unsigned long long t[N];
  unsigned char c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) c = _subborrow_u64(c, a[i], b[i], &t[i]);
  const u64 mask = u64(0) - c;  // add p back when a < b
  c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    unsigned long long o;
    c = _addcarry_u64(c, t[i], p[i] & mask, &o);
    r[i] = o;
  }
}

template <std::size_t N>
void mont_mul(u64* out, const u64* a, const u64* b, const u64* q);

// N = 4 and 6 in asm (below): add_mod_asm takes k = 2^(64N) − p, sub_mod_asm k = p. The
// sum / difference goes along the CF chain (adcx; a − b as a + ¬b + 1) and its correction
// (t − p as t + k, or t + p) along the OF chain (adox) in the same pass, so the choice is
// one flag and a cmov a limb: no branch on the data, no carry saved across an `and` (the
// intrinsics above compile to both: 7.5 / 13.4 ns for Fq sub / add on the 2-core VM).
// r may alias a or b: limb j of both is read before limb j of r is written.
template <std::size_t N>
void add_mod_asm(u64* r, const u64* a, const u64* b, const u64* k);
template <std::size_t N>
void sub_mod_asm(u64* r, const u64* a, const u64* b, const u64* k);

"""

print(HEADER + gen(4) + "\n" + gen(6) + "\n" + gen_addsub(4) + "\n" + gen_addsub(6) + "\n}  // namespace cuzk::ff::x86")
