#include "cuzk/groth16/prover.hpp"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

#include <chrono>

#include "cuzk/msm/pippenger.hpp"
#include "cuzk/ntt/domain.hpp"
#include "cuzk/groth16/randomness.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/stopwatch.hpp"

namespace cuzk::groth16 {

namespace {

using Clock = SteadyClock;

template <class T>
void free_vec(std::vector<T>& v) {
  std::vector<T>().swap(v);
}

}  // namespace

Blinding Blinding::random() {
  FrSource src = FrSource::os();
  Fr r = src.next();
  return {r, src.next()};
}

Blinding Blinding::from_seed(std::uint64_t seed, std::string_view label) {
  FrSource src = FrSource::seeded(seed, label);
  Fr r = src.next();
  return {r, src.next()};
}

Abc synthesize(const ProvingKey& pk, const std::vector<Scalar>& w) {
  const auto& h = pk.header;
  if (w.size() != h.n_vars)
    fail(Error::Kind::BadInput, "",
         "witness has " + std::to_string(w.size()) + " values but the key " + pk.path + " has nVars = " +
             std::to_string(h.n_vars));
  const std::size_t n = h.domain_size;
  Abc abc;
  abc.a.resize(n);
  abc.b.resize(n);
  abc.c.resize(n);
  const Coef* coefs = pk.coefs.data();
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1024), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) {
      Fr a, b;
      // raw(c·R²) ⊗ canonical(w) = Montgomery form of c·w (one Montgomery product).
      for (std::uint32_t k = pk.row_begin[0][i]; k < pk.row_begin[0][i + 1]; ++k)
        a += coefs[k].value * Fr::from_raw(w[coefs[k].signal]);
      for (std::uint32_t k = pk.row_begin[1][i]; k < pk.row_begin[1][i + 1]; ++k)
        b += coefs[k].value * Fr::from_raw(w[coefs[k].signal]);
      abc.a[i] = a;
      abc.b[i] = b;
      abc.c[i] = a * b;
    }
  });
  return abc;
}

void compute_h(const ProvingKey& pk, Abc& abc, bool early_free) {
  const ntt::Domain& d = ntt::Domain::get(pk.header.log_domain);
  tbb::parallel_invoke([&] { d.to_odd_coset(abc.a.data()); }, [&] { d.to_odd_coset(abc.b.data()); },
                       [&] { d.to_odd_coset(abc.c.data()); });
  const std::size_t n = abc.a.size();
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) abc.a[i] = abc.a[i] * abc.b[i] - abc.c[i];
  });
  if (early_free) {
    free_vec(abc.b);
    free_vec(abc.c);
  }
}

MsmSums CpuBackend::compute(const ProvingKey& pk, Abc abc, const std::vector<Scalar>& w, StageTimes& t,
                            bool early_free) {
  auto t0 = Clock::now();
  compute_h(pk, abc, early_free);
  std::vector<Scalar> h(abc.a.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, h.size(), 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) h[i] = abc.a[i].canonical();
  });
  if (early_free) abc.release();
  t.ntt += seconds_since(t0);

  MsmSums m;
  const std::size_t np = pk.header.n_public + 1;
  t0 = Clock::now();
  m.a = msm::pippenger(pk.a.data(), w.data(), w.size());
  m.b1 = msm::pippenger(pk.b1.data(), w.data(), w.size());
  m.c = msm::pippenger(pk.c.data(), w.data() + np, w.size() - np);
  m.h = msm::pippenger(pk.h.data(), h.data(), h.size());
  t.msm_g1 += seconds_since(t0);
  t0 = Clock::now();
  m.b2 = msm::pippenger(pk.b2.data(), w.data(), w.size());
  t.msm_g2 += seconds_since(t0);
  return m;
}

Proof assemble(const ProvingKey& pk, const MsmSums& m, const Blinding& bl) {
  const auto& h = pk.header;
  const Fr::Repr r = bl.r.canonical(), s = bl.s.canonical(), rs = (bl.r * bl.s).canonical();
  const G1 delta1 = G1::from_affine(h.delta1);
  G1 pi_a = m.a.add_mixed(h.alpha1) + delta1.mul(r);
  G2 pi_b = m.b2.add_mixed(h.beta2) + G2::from_affine(h.delta2).mul(s);
  G1 b1 = m.b1.add_mixed(h.beta1) + delta1.mul(s);
  G1 pi_c = m.c + m.h + pi_a.mul(s) + b1.mul(r) - delta1.mul(rs);
  return {pi_a.to_affine(), pi_b.to_affine(), pi_c.to_affine()};
}

Proof prove(const ProvingKey& pk, const std::vector<Scalar>& w, const Blinding& bl, Backend& be) {
  StageTimes t;
  return assemble(pk, be.compute(pk, synthesize(pk, w), w, t, true), bl);
}

std::vector<Scalar> public_signals(const ProvingKey& pk, const std::vector<Scalar>& w) {
  return std::vector<Scalar>(w.begin() + 1, w.begin() + 1 + pk.header.n_public);
}

}  // namespace cuzk::groth16
