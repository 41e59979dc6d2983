#pragma once
// BLS12-381 Fq2 = Fq[u]/(u² + 1): the field of G2's coordinates (ec/bls12_381_curves.hpp)
// and the base of the Fq6/Fq12 tower (bls12_381_tower.hpp). Kept apart from the tower so
// the curve code does not parse Fq6/Fq12.
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/fp2.hpp"

namespace cuzk::bls12_381 {

using Fq2 = ff::Fp2<Fq>;
// The sextic non-residue ξ = XI_K + u of the tower (bls12_381_tower.hpp) and the twist b' = 4ξ.
inline constexpr unsigned XI_K = 1;

}  // namespace cuzk::bls12_381
