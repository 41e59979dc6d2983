#pragma once
// Poseidon (Grassi, Khovratovich, Rechberger, Roy, Schofnegger, "Poseidon: A New Hash
// Function for Zero-Knowledge Proof Systems", USENIX Security 2021) over the BLS12-381
// scalar field, S-box x^5, in the reference ("hadeshash") form:
//   R_F/2 full rounds, R_P partial rounds, R_F/2 full rounds; each round adds t round
//   constants, applies the S-box (to every lane in full rounds, to lane 0 in partial
//   rounds), then multiplies by the MDS matrix (state ← M·state, column vector).
// Round constants and the MDS matrix are GENERATED, never pasted, by the reference
// procedure (generate_parameters_grain.sage of the reference implementation):
//   * Grain LFSR, 80-bit state seeded with [field=1: 2 bits][sbox=0: 4][n: 12][t: 12]
//     [R_F: 10][R_P: 10][1 × 30] (each MSB first); feedback b62⊕b51⊕b38⊕b23⊕b13⊕b0;
//     160 bits discarded; output through the self-shrinking rule (pairs (x, y): emit y
//     when x = 1);
//   * each round constant: n output bits, MSB first, rejected until < r;
//     (R_F + R_P)·t of them in round order;
//   * MDS: 2t further n-bit draws reduced mod r, x = first t, y = last t (all distinct),
//     M[i][j] = 1/(x_i + y_j) (a Cauchy matrix).
// The reference script additionally tests M for invariant subspaces (its algorithms 1–3)
// and redraws on failure; that test is not re-implemented: for the instances below the
// first matrix is the one the reference uses, which the published test vectors confirm
// (tests/core/test_poseidon.cpp: poseidonperm_x5_255_3 and poseidonperm_x5_255_5).
// R_F and R_P are the reference instances' (the 2019 round-number script for n = 255,
// M = 128, α = 5); they enter the Grain seed, so the vectors check them too.
//
// 2-to-1 hashing (Merkle trees): hash2(a, b) = perm([0, a, b])[0] (circomlib's
// convention: capacity 0 in lane 0, digest in lane 0; no domain tag, unlike neptune).
#include <array>
#include <cstdint>
#include <vector>

#include "cuzk/ff/bls12_381.hpp"

namespace cuzk::circuit {

using bls12_381::Fr;

struct PoseidonSpec {
  unsigned t, r_f, r_p, alpha, field_bits;
  constexpr unsigned rounds() const { return r_f + r_p; }
};

// The reference implementation's BLS12-381 instances (poseidonperm_x5_255_{3,5}).
inline constexpr PoseidonSpec kPoseidon255x3{3, 8, 57, 5, 255};
inline constexpr PoseidonSpec kPoseidon255x5{5, 8, 60, 5, 255};

template <PoseidonSpec S>
class Poseidon {
public:
  static constexpr unsigned T = S.t;
  static_assert(S.alpha == 5, "the S-box gadget and permutation implement x^5");
  static_assert(S.r_f % 2 == 0 && S.t >= 2, "R_F splits evenly around the partial rounds");
  static_assert(S.field_bits == Fr::BITS, "n is the bit length of the field");
  static_assert(S.t < (1u << 12) && S.field_bits < (1u << 12) && S.r_f < (1u << 10) && S.r_p < (1u << 10),
                "the Grain seed fields are 12/12/10/10 bits wide");
  using State = std::array<Fr, T>;

  std::vector<Fr> rc;                 // (R_F + R_P)·t, round-major
  std::array<std::array<Fr, T>, T> mds;

  // Generated once, on first use (thread-safe).
  static const Poseidon& get();

  void permute(State& s) const;
  static bool full_round(unsigned r) { return r < S.r_f / 2 || r >= S.r_f / 2 + S.r_p; }

private:
  Poseidon();
};

using Poseidon3 = Poseidon<kPoseidon255x3>;
using Poseidon5 = Poseidon<kPoseidon255x5>;

// perm([0, a, b])[0] with the t = 3 instance.
Fr poseidon_hash2(const Fr& a, const Fr& b);

}  // namespace cuzk::circuit
