#!/usr/bin/env python3
"""Emits lib/cuzk/ff/mont_x86.hpp: Montgomery multiplication for N = 4 and N = 6 limbs with
BMI2 mulx and the two ADX carry chains (adcx on CF, adox on OF), CIOS with the no-carry
shortcut (top limb of p < 2^63 - 1), final conditional subtraction by cmov.

Register plan: t[0..N-1] = r8.., A (the word above t) and H (scratch high half) follow,
rax = low half / zero, rdx = mulx's implicit source. a, b, q are compiler-chosen; the result
leaves in t (register outputs) and the C++ wrapper stores it to out. For N = 4 two more
forms: mont_mul_reg (the in-place a *= b) loads a's limbs first into four compiler-chosen
registers (14 of the 15 registers with q and b: fits with a frame pointer, as the ASan and -O0
builds keep), so a dependent chain takes x from registers (or from one store-forwarded load
each) instead of 16 mulx memory operands on fresh stores; mont_sqr takes both operands from
those registers. a * b keeps the memory form: where products are independent (NTT butterflies,
the MSM's XYZZ addition) the four registers cost spills (measured: 1-1.5 % slower). N = 6 has
no registers to spare: its operands stay in memory.
Run:  python3 scripts/gen_mont_x86.py > lib/cuzk/ff/mont_x86.hpp
"""
import re


def reduction_row(e, t, H, top):
    """One Montgomery reduction row: m = t0 * INV; t = (top, t) + m*q, shifted down one word
    (q: N limbs of p then INV; top: the word above t, or %%rax for none, which the row
    leaves at 0 before reading it)."""
    N = len(t)
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
    e(f"adoxq {top}, {t[N - 1]}")


def kernel(N, a, b):
    """The instructions of out = a*b*R^-1 mod p: a[j] and b[i] are the asm operands that hold
    the limbs (registers or memory); the result is left in t = r8.. ."""
    t = [f"%%r{8 + j}" for j in range(N)]
    A = f"%%r{8 + N}"
    H = f"%%r{9 + N}"
    L = []
    e = L.append
    for i in range(N):
        e(f"movq {b[i]}, %%rdx")
        e("xorl %%eax, %%eax")
        if i == 0:  # t = a * b[0]
            e(f"mulxq {a[0]}, {t[0]}, {t[1]}")
            for j in range(1, N):
                hi = t[j + 1] if j + 1 < N else A
                e(f"mulxq {a[j]}, %%rax, {hi}")
                e(f"adoxq %%rax, {t[j]}")
            e("movl $0, %%eax")
            e(f"adoxq %%rax, {A}")
        else:  # (A, t) += a * b[i]: low halves on the OF chain, high halves on the CF chain
            for j in range(N):
                hi = H if j + 1 < N else A
                e(f"mulxq {a[j]}, %%rax, {hi}")
                e(f"adoxq %%rax, {t[j]}")
                if j + 1 < N:
                    e(f"adcxq {H}, {t[j + 1]}")
            e("movl $0, %%eax")
            e(f"adcxq %%rax, {A}")
            e(f"adoxq %%rax, {A}")
        reduction_row(e, t, H, A)
    # conditional subtraction: s = t - q; keep s unless it borrowed
    s = ["%%rax", "%%rdx", A, H, "%[a]", "%[b]"][:N]
    for j in range(N):
        e(f"movq {t[j]}, {s[j]}")
    for j in range(N):
        e(f"{'subq' if j == 0 else 'sbbq'} {8 * j}(%[q]), {s[j]}")
    for j in range(N):
        e(f"cmovncq {s[j]}, {t[j]}")
    return L


def clobbers(N):
    return ", ".join(f'"r{8 + j}"' for j in range(N, N + 2))


def gen6():
    """mont_mul<6>: a and b by pointer, read from memory by the mulx (the pointer registers are
    scratch for the final subtraction)."""
    N = 6
    L = kernel(N, [f"{8 * j}(%[a])" for j in range(N)], [f"{8 * i}(%[b])" for i in range(N)])
    # t leaves the asm in registers (outputs bound to r8..), stored by C++: the caller's copy of
    # the result (r = a * b; x = r) then reads registers, not fresh stores through SSE loads.
    body = "\n".join(f'      "{x}\\n\\t"' for x in L)
    regs = ", ".join(f'r{j} asm("r{8 + j}")' for j in range(N))
    outs = ", ".join(f'"=&r"(r{j})' for j in range(N))
    stores = "\n".join(f"  out[{j}] = r{j};" for j in range(N))
    return f"""template <>
[[gnu::always_inline]] inline void mont_mul<{N}>(u64* out, const u64* a, const u64* b, const u64* q) {{
  register u64 {regs};
  asm volatile(
{body}
      : {outs}, [a] "+r"(a), [b] "+r"(b)
      : [q] "r"(q)
      : "rax", "rdx", {clobbers(N)}, "cc", "memory");
{stores}
}}
"""


def gen4():
    """The 4-limb kernels, one instruction text (a macro whose arguments are the operands: A0..A3
    the mulx sources, B0..B3 the rows' rdx): mont_mul<4> reads a and b from memory;
    mont_mul_reg<4> takes a's limbs in registers (loaded by C++) and b from memory; mont_sqr<4>
    both operands from a's registers."""
    N = 4
    L = kernel(N, [f"A{j}" for j in range(N)], [f"B{i}" for i in range(N)])
    splice = lambda x: re.sub(r"\b([AB]\d)\b", r'" \1 "', f'"{x}\\n\\t"').replace('"" ', "")
    body = " \\\n".join(f"  {splice(x)}" for x in L)
    args = ", ".join([f"A{j}" for j in range(N)] + [f"B{i}" for i in range(N)])
    mem = lambda r: ", ".join(f'"{8 * j}(%[{r}])"' for j in range(N))
    reg = ", ".join(f'"%[a{j}]"' for j in range(N))
    outs = '"=&r"(r0), "=&r"(r1), "=&r"(r2), "=&r"(r3)'
    regs = """  register u64 r0 asm("r8"), r1 asm("r9"), r2 asm("r10"), r3 asm("r11");"""
    loads = """  const u64 a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];"""
    a_regs = '[a0] "r"(a0), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3)'
    clob = f'"rax", "rdx", {clobbers(N)}, "cc", "memory"'

    def fn(name, params, prologue, operands, ins):
        return f"""template <>
[[gnu::always_inline]] inline void {name}<{N}>(u64* out, {params}, const u64* q) {{
{prologue}
  asm volatile(CUZK_X86_MONT4({operands})
               : {outs}
               : {ins}, [q] "r"(q)
               : {clob});
  out[0] = r0, out[1] = r1, out[2] = r2, out[3] = r3;
}}
"""
    return f"""// The 4-limb kernel; A0..A3: the mulx sources (a's limbs), B0..B3: row i's operand (moved to
// rdx); each a string naming an asm operand.
#define CUZK_X86_MONT4({args}) \\
{body}

{fn("mont_mul", "const u64* a, const u64* b", regs, mem("a") + ", " + mem("b"), '[a] "r"(a), [b] "r"(b)')}
{fn("mont_mul_reg", "const u64* a, const u64* b", loads + chr(10) + regs, reg + ", " + mem("b"), a_regs + ', [b] "r"(b)')}
{fn("mont_sqr", "const u64* a", loads + chr(10) + regs, reg + ", " + reg, a_regs)}
#undef CUZK_X86_MONT4
"""

HEADER = """#pragma once
// GENERATED by scripts/gen_mont_x86.py — edit the generator, not this file.
//
// x86-64 field kernels: add/sub for any N, and Montgomery multiplication for N = 4 (Fr)
// and N = 6 (Fq) limbs: CIOS (Koç, Acar,
// Kaliski 1996) with the no-carry shortcut (top limb of p < 2^63 − 1, as in gnark-crypto's
// amd64 kernels), mulx for the 64×64→128 products and two independent carry chains, adox
// for the low halves and adcx for the high halves (Intel, "New Instructions Supporting
// Large Integer Arithmetic", 2012). N² mulx for a·b plus N² + N for the reduction; the
// final subtraction of p is a sub/sbb chain and cmov, no branch. For N = 4, x *= b and
// x.sqr() take x's limbs in registers (a dependent chain: x is not re-read from fresh stores
// by every mulx); a * b reads both from memory (independent products: no spills).
//
// q points to N limbs of p followed by INV = −p⁻¹ mod 2⁶⁴. out may alias a or b (it is
// written only at the end). Requires BMI2 + ADX; mont.hpp includes this only when the
// compiler targets them and never in constant evaluation or device code.
#include <x86intrin.h>

#include <cstddef>
#include <cstdint>
#include <utility>

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

// out = a·b·R⁻¹ mod p (specialised below for N = 4 and 6). The product leaves the asm in registers
// and is stored by plain C++, so a caller that copies the result (x = a * b, x = a.sqr()) copies
// registers; GCC may merge the stores into SSE ones (movq + punpcklqdq), a few cycles.
template <std::size_t N>
void mont_mul(u64* out, const u64* a, const u64* b, const u64* q);
// out = a²·R⁻¹ mod p (N = 4 only): the same product with both operands in registers.
template <std::size_t N>
void mont_sqr(u64* out, const u64* a, const u64* q);
// out = a·b·R⁻¹ mod p (N = 4 only) with a's limbs loaded first and kept in registers.
template <std::size_t N>
void mont_mul_reg(u64* out, const u64* a, const u64* b, const u64* q);

// The same product stored limb by limb by one store each (for a *= b): no SSE merge on the
// dependent chain, whose next product reads the limbs straight back. Both always inline: a
// call would pass the product through a stack temporary (GCC stops inlining N = 6 otherwise).
template <std::size_t OFFSET>
[[gnu::always_inline]] inline void store_limb(u64* out, u64 x) {
  asm volatile("movq %[x], %c[o](%[p])" : : [p] "r"(out), [x] "r"(x), [o] "i"(OFFSET) : "memory");
}
template <std::size_t N, std::size_t... I>
[[gnu::always_inline]] inline void store_limbs(u64* out, const u64* t, std::index_sequence<I...>) {
  (store_limb<8 * I>(out, t[I]), ...);
}
template <std::size_t N>
[[gnu::always_inline]] inline void mont_mul_store(u64* out, const u64* a, const u64* b, const u64* q) {
  u64 t[N];
  if constexpr (N == 4)
    mont_mul_reg<N>(t, a, b, q);
  else
    mont_mul<N>(t, a, b, q);
  store_limbs<N>(out, t, std::make_index_sequence<N>{});
}

"""

if __name__ == "__main__":
    print(HEADER + gen4() + "\n" + gen6() + "\n}  // namespace cuzk::ff::x86")
