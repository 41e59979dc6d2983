#pragma once
// Poseidon permutation in-circuit, mirroring Poseidon<S>::permute. Costs, t = 3:
//   S-box x^5: 3 rows (x2 = x·x, x4 = x2·x2, x5 = x4·x), 3 variables;
//   full rounds: t S-boxes, partial rounds: 1; MDS and round constants are linear (free);
//   every kFlattenEvery partial rounds lanes 1..t−1 are allocated (1 row each: lane·1 = v)
//   so linear combinations stay short (otherwise each partial round adds a term to every
//   lane: 60-term rows, and a key with ~40 coefficients per constraint).
// t = 3, R_F = 8, R_P = 57: 8·3·3 + 57·3 + ⌊57/4⌋·2 = 72 + 171 + 28 = 271 rows.
#include <array>

#include "cuzk/circuit/constraint_system.hpp"
#include "cuzk/circuit/poseidon.hpp"

namespace cuzk::circuit {

inline constexpr unsigned kFlattenEvery = 4;

template <PoseidonSpec S>
constexpr unsigned poseidon_constraints() {
  return 3 * (S.r_f * S.t + S.r_p) + (S.r_p / kFlattenEvery) * (S.t - 1);
}

template <class CS>
typename CS::LC sbox5(CS& cs, const typename CS::LC& x) {
  using LC = typename CS::LC;
  if constexpr (!CS::kRecordsShape) {  // the products are the witness values: not recomputed
    const Var x2 = cs.alloc(x.val.sqr());
    cs.enforce_values(x.val, x.val, x2.value);
    const Var x4 = cs.alloc(x2.value.sqr());
    cs.enforce_values(x2.value, x2.value, x4.value);
    const Var x5 = cs.alloc(x4.value * x.val);
    cs.enforce_values(x4.value, x.val, x5.value);
    return LC(x5);
  }
  Var x2 = cs.alloc(x.val.sqr());
  cs.enforce(x, x, LC(x2));
  Var x4 = cs.alloc(x2.value.sqr());
  cs.enforce(LC(x2), LC(x2), LC(x4));
  Var x5 = cs.alloc(x4.value * x.val);
  cs.enforce(LC(x4), x, LC(x5));
  return LC(x5);
}

template <PoseidonSpec S, class CS>
void poseidon_permute_gadget(CS& cs, std::array<typename CS::LC, S.t>& s) {
  using LC = typename CS::LC;
  constexpr unsigned T = S.t;
  const auto& P = Poseidon<S>::get();
  const Fr* c = P.rc.data();
  unsigned partial = 0;
  for (unsigned r = 0; r < S.rounds(); ++r, c += T) {
    for (unsigned i = 0; i < T; ++i) s[i].add_const(c[i]);
    const bool full = Poseidon<S>::full_round(r);
    if (full)
      for (auto& x : s) x = sbox5(cs, x);
    else
      s[0] = sbox5(cs, s[0]);
    std::array<LC, T> o;
    for (unsigned i = 0; i < T; ++i) {
      for (unsigned j = 0; j < T; ++j) o[i].add(s[j], P.mds[i][j]);
      o[i].compact();
    }
    s = std::move(o);
    if (!full && ++partial % kFlattenEvery == 0)
      for (unsigned i = 1; i < T; ++i) {
        Var v = cs.alloc(s[i].val);
        if constexpr (!CS::kRecordsShape) cs.enforce_values(s[i].val, Fr::one(), v.value);
        else cs.enforce(s[i], one<CS>(), LC(v));
        s[i] = LC(v);
      }
  }
}

// perm([0, a, b])[0] (see poseidon.hpp), as a linear combination.
template <class CS>
typename CS::LC poseidon_hash2_gadget(CS& cs, typename CS::LC a, typename CS::LC b) {
  std::array<typename CS::LC, 3> s{typename CS::LC(), std::move(a), std::move(b)};
  poseidon_permute_gadget<kPoseidon255x3>(cs, s);
  return std::move(s[0]);
}

}  // namespace cuzk::circuit
