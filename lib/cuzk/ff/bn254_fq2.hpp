#pragma once
// BN254 Fq2 = Fq[u]/(u² + 1) (−1 is a non-residue as p ≡ 3 mod 4): G2's coordinates
// (ec/bn254_curves.hpp) and the base of the tower (bn254_tower.hpp).
#include "cuzk/ff/bn254.hpp"
#include "cuzk/ff/fp2.hpp"

namespace cuzk::bn254 {

using Fq2 = ff::Fp2<Fq>;
// The sextic non-residue ξ = XI_K + u of the tower and of the twist b' = 3/ξ (EIP-197,
// ffjavascript's bn128, noble).
inline constexpr unsigned XI_K = 9;

}  // namespace cuzk::bn254
