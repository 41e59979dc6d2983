#pragma once
// BN254 extension tower (EIP-197, ffjavascript's bn128, noble, arkworks, gnark):
//   Fq2  = Fq[u]/(u² + 1)                (fp2.hpp, bn254_fq2.hpp)
//   Fq6  = Fq2[v]/(v³ − ξ), ξ = 9 + u     (fp6.hpp)
//   Fq12 = Fq6[w]/(w² − v)                (fp12.hpp)
// Only ξ is stated (ff/tower.hpp); the Frobenius coefficients are derived from it.
#include "cuzk/ff/bn254_fq2.hpp"
#include "cuzk/ff/tower.hpp"

namespace cuzk::bn254 {

using Fq6Cfg = ff::SexticTowerCfg<Fq, XI_K>;  // ξ = 9 + u
using Fq6 = ff::Fp6<Fq6Cfg>;
using Fq12 = ff::Fp12<Fq6Cfg>;

static_assert(ff::check_tower<Fq6Cfg>(), "tower conditions (tower.hpp) must hold for xi = 9 + u");

}  // namespace cuzk::bn254
