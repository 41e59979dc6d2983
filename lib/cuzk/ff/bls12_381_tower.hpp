#pragma once
// BLS12-381 extension tower (the one zkcrypto bls12_381, blst, noble and ffjavascript use):
//   Fq2  = Fq[u]/(u² + 1)                (fp2.hpp, bls12_381_fq2.hpp)
//   Fq6  = Fq2[v]/(v³ − ξ), ξ = 1 + u     (fp6.hpp)
//   Fq12 = Fq6[w]/(w² − v)                (fp12.hpp)
// Only the parameter ξ is stated (ff/tower.hpp); the Frobenius coefficients are derived from it.
#include "cuzk/ff/bls12_381_fq2.hpp"
#include "cuzk/ff/tower.hpp"

namespace cuzk::bls12_381 {

using Fq6Cfg = ff::SexticTowerCfg<Fq, XI_K>;  // ξ = 1 + u
using Fq6 = ff::Fp6<Fq6Cfg>;
using Fq12 = ff::Fp12<Fq6Cfg>;

static_assert(XI_K == 1);
static_assert(ff::check_tower<Fq6Cfg>(), "tower conditions (tower.hpp) must hold for xi = 1 + u");

}  // namespace cuzk::bls12_381
