#pragma once
// The names the BLS12-381 Groth16 tests use: the curve-generic templates (cuzk/groth16) at
// E = BLS12-381, and that curve's fields and groups. BN254's tests name their engine instead.
#include "cuzk/pairing/engine.hpp"

using E = cuzk::pairing::Bls12_381;
using Fr = E::Fr;
using Fq = E::Fq;
using G1 = E::G1;
using G2 = E::G2;
using G1Affine = E::G1Affine;
using G2Affine = E::G2Affine;
