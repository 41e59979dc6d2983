// ntt::BasicDomain for BN254's Fr (members in domain_impl.hpp; apart from the BLS12-381
// instance so its code is compiled as before).
#include "cuzk/ntt/domain_impl.hpp"

namespace cuzk::ntt {

template class BasicDomain<bn254::Fr>;

}  // namespace cuzk::ntt
