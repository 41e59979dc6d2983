#include "cuzk/circuit/constraint_system.hpp"

#include <array>

namespace cuzk::circuit {

const Fr& pow2(unsigned i) {
  static const std::array<Fr, 256> table = [] {
    std::array<Fr, 256> t;
    t[0] = Fr::one();
    for (unsigned k = 1; k < 256; ++k) t[k] = t[k - 1].dbl();
    return t;
  }();
  return table[i];
}

}  // namespace cuzk::circuit
