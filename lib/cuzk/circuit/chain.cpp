#include "cuzk/circuit/chain.hpp"

#include "cuzk/util/error.hpp"

namespace cuzk::circuit::chain {

namespace {
constexpr unsigned kMinLog = 3, kMaxLog = 27;
std::uint32_t steps(unsigned log_domain) {
  if (log_domain < kMinLog || log_domain > kMaxLog)
    fail(Error::Kind::BadInput, "", "chain circuit: log_domain " + std::to_string(log_domain) + " is outside " +
                                        std::to_string(kMinLog) + ".." + std::to_string(kMaxLog));
  return (std::uint32_t(1) << log_domain) - 5;
}
}  // namespace

template <class E>
groth16::R1cs<E> build_r1cs(unsigned log_domain) {
  using Fr = typename E::Fr;
  const std::uint32_t m = steps(log_domain);
  groth16::R1cs<E> r;
  r.n_outputs = 1;
  r.n_pub_inputs = 2;
  r.n_prv_inputs = 0;
  r.n_wires = 4 + m;
  r.n_labels = r.n_wires;
  r.n_constraints = m + 1;
  r.path = "chain-2^" + std::to_string(log_domain);
  r.constraints.resize(r.n_constraints);
  auto a = [](std::uint32_t k) { return k == 0 ? 2u : 3u + k; };
  const Fr one = Fr::one(), minus_one = -Fr::one();
  for (std::uint32_t i = 0; i < m; ++i) {
    auto& c = r.constraints[i];
    c.a.terms = {{a(i), one}};
    c.b.terms = {{a(i), one}};
    c.c.terms = {{a(i + 1), one}, {3, minus_one}};
    if (i) c.c.terms.push_back({0, -Fr::from_u64(i)});
  }
  auto& last = r.constraints[m];
  last.a.terms = {{a(m), one}};
  last.b.terms = {{0, one}};
  last.c.terms = {{1, one}};
  return r;
}

template <class E>
std::vector<groth16::Scalar> witness(unsigned log_domain, const typename E::Fr& x, const typename E::Fr& y) {
  using Fr = typename E::Fr;
  const std::uint32_t m = steps(log_domain);
  std::vector<groth16::Scalar> w(4 + std::size_t(m));
  Fr acc = x;
  w[0] = Fr::one().canonical();
  w[2] = x.canonical();
  w[3] = y.canonical();
  for (std::uint32_t i = 0; i < m; ++i) {
    acc = acc.sqr() + y + Fr::from_u64(i);
    w[4 + i] = acc.canonical();
  }
  w[1] = acc.canonical();
  return w;
}

#define CUZK_CHAIN_INSTANCES(E)                                                  \
  template groth16::R1cs<E> build_r1cs<E>(unsigned);                            \
  template std::vector<groth16::Scalar> witness<E>(unsigned, const typename E::Fr&, const typename E::Fr&);
CUZK_CHAIN_INSTANCES(pairing::Bls12_381)
CUZK_CHAIN_INSTANCES(pairing::Bn254)
#undef CUZK_CHAIN_INSTANCES

}  // namespace cuzk::circuit::chain
