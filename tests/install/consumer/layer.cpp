// Built against one layer target alone (cuzk::pairing, tests/install): its headers, its
// library and the layers below it must come with it. Exits 1 on a mismatch.
#include <cstdio>

#include "cuzk/pairing/bls12_381_pairing.hpp"

int main() {
  using namespace cuzk::bls12_381;
  const bool ok = pairing(G1::generator().dbl().to_affine(), G2Affine::generator()) ==
                  pairing(G1Affine::generator(), G2::generator().dbl().to_affine());
  std::printf("%s cuzk::pairing alone: e(2P,Q) %s e(P,2Q)\n", ok ? "ok" : "FAIL", ok ? "==" : "!=");
  return ok ? 0 : 1;
}
