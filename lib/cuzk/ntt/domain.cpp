// ntt::BasicDomain for BLS12-381's Fr (members in domain_impl.hpp).
#include "cuzk/ntt/domain_impl.hpp"

namespace cuzk::ntt {

template class BasicDomain<bls12_381::Fr>;

}  // namespace cuzk::ntt
