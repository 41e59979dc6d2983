#!/usr/bin/env python3
"""The branch-free add_mod_asm / sub_mod_asm measured and reverted (PERF.md "Field addition
and subtraction without a branch or a carry spill"). The change also declared them in
mont_x86.hpp's header, printed them after the mont_mul kernels, and called them from
mont.hpp for N = 4 and 6 with k = NEGP (2^(64N) − p) for the sum, P for the difference
(mont_hpp.diff). addsub_check.cpp includes the printed specialisations as mx_ns.hpp inside
namespace cuzk::ff::x86 (with the primary templates declared before them):
  python3 gen_addsub.py > mx_ns_body.hpp"""


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


if __name__ == "__main__":
    print(gen_addsub(4) + "\n" + gen_addsub(6))
