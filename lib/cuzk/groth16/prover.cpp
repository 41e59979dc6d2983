#include "cuzk/groth16/prover.hpp"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

#include <chrono>
#include <utility>

#include "cuzk/msm/pippenger.hpp"
#include "cuzk/ntt/domain.hpp"
#include "cuzk/groth16/randomness.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/stopwatch.hpp"

namespace cuzk::groth16 {

namespace {

using Clock = SteadyClock;

}  // namespace

template <class E>
Blinding<E> Blinding<E>::random() {
  FrSource src = FrSource::os();
  auto r = src.next<typename E::Fr>();
  return {r, src.next<typename E::Fr>()};
}

template <class E>
Blinding<E> Blinding<E>::from_seed(std::uint64_t seed, std::string_view label) {
  FrSource src = FrSource::seeded(seed, label);
  auto r = src.next<typename E::Fr>();
  return {r, src.next<typename E::Fr>()};
}

template <class E>
Abc<E> synthesize(const ProvingKey<E>& pk, const std::vector<Scalar>& w, Abc<E> storage) {
  using Fr = typename E::Fr;
  const auto& h = pk.header;
  if (w.size() != h.n_vars)
    fail(Error::Kind::BadInput, "",
         "witness has " + std::to_string(w.size()) + " values but the key " + pk.path + " has nVars = " +
             std::to_string(h.n_vars));
  const std::size_t n = h.domain_size;
  Abc<E> abc = std::move(storage);
  if (abc.a.empty()) {
    // Their pages faulted in on every core (util/first_touch_allocator.hpp), not serially. Lent
    // storage is resident already (page-locked): nothing to fault in.
    tbb::parallel_invoke([&] { abc.a = HostArray<Fr>::plain(n); }, [&] { abc.b = HostArray<Fr>::plain(n); });
  } else if (!abc.sized(n)) {
    fail(Error::Kind::Internal, pk.path, "a/b storage of the wrong size for the key's domain");
  }
  const Coef<E>* coefs = pk.coefs.data();
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
    }
  });
  return abc;
}

template <class E>
void compute_h(const ProvingKey<E>& pk, Abc<E>& abc, bool early_free) {
  using Fr = typename E::Fr;
  const std::size_t n = abc.size();
  if (!abc.sized(pk.header.domain_size))
    fail(Error::Kind::Internal, pk.path, "a/b of the wrong size for the key's domain");
  const auto& d = ntt::BasicDomain<Fr>::get(pk.header.log_domain);
  // c = a ∘ b on the domain, before a and b are transformed (prover.hpp, step 2).
  HostArray<Fr> c = HostArray<Fr>::plain(n);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) c[i] = abc.a[i] * abc.b[i];
  });
  tbb::parallel_invoke([&] { d.to_odd_coset(abc.a.data()); }, [&] { d.to_odd_coset(abc.b.data()); },
                       [&] { d.to_odd_coset(c.data()); });
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) abc.a[i] = abc.a[i] * abc.b[i] - c[i];
  });
  if (early_free) abc.b.release();
}

template <class E>
MsmSums<E> compute_on_cpu(const ProvingKey<E>& pk, Abc<E> abc, const std::vector<Scalar>& w, StageTimes& t,
                          bool early_free) {
  auto t0 = Clock::now();
  compute_h(pk, abc, early_free);
  std::vector<Scalar> h(abc.a.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, h.size(), 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) h[i] = abc.a[i].canonical();
  });
  if (early_free) abc.release();
  t.ntt += seconds_since(t0);

  MsmSums<E> m;
  const std::size_t np = pk.header.n_public + 1;
  pk.wait_all_checked();  // the points' deferred content checks (prepared_key.hpp) passed, before any is read
  t0 = Clock::now();
  auto lap = [&](StageTime& s) {  // one MSM's time, and msm_g1 their sum
    const double secs = seconds_since(t0);
    s += secs;
    t.msm_g1 += secs;
    t0 = Clock::now();
  };
  m.a = msm::pippenger(pk.a.data(), w.data(), w.size());
  lap(t.msm_a);
  m.b1 = msm::pippenger(pk.b1.data(), w.data(), w.size());
  lap(t.msm_b1);
  m.c = msm::pippenger(pk.c.data(), w.data() + np, w.size() - np);
  lap(t.msm_c);
  m.h = msm::pippenger(pk.h.data(), h.data(), h.size());
  lap(t.msm_h);
  t0 = Clock::now();
  m.b2 = msm::pippenger(pk.b2.data(), w.data(), w.size());
  t.msm_g2 += seconds_since(t0);
  return m;
}

MsmSums<pairing::Bls12_381> CpuBackend::compute(const ProvingKey<pairing::Bls12_381>& pk,
                                                Abc<pairing::Bls12_381> abc, const std::vector<Scalar>& w,
                                                StageTimes& t, bool early_free) {
  return compute_on_cpu(pk, std::move(abc), w, t, early_free);
}
MsmSums<pairing::Bn254> CpuBackend::compute(const ProvingKey<pairing::Bn254>& pk, Abc<pairing::Bn254> abc,
                                            const std::vector<Scalar>& w, StageTimes& t, bool early_free) {
  return compute_on_cpu(pk, std::move(abc), w, t, early_free);
}

template <class E>
Proof<E> assemble(const ProvingKey<E>& pk, const MsmSums<E>& m, const Blinding<E>& bl) {
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  const auto& h = pk.header;
  const Scalar r = bl.r.canonical(), s = bl.s.canonical(), rs = (bl.r * bl.s).canonical();
  const G1 delta1 = G1::from_affine(h.delta1);
  G1 pi_a = m.a.add_mixed(h.alpha1) + delta1.mul(r);
  G2 pi_b = m.b2.add_mixed(h.beta2) + G2::from_affine(h.delta2).mul(s);
  G1 b1 = m.b1.add_mixed(h.beta1) + delta1.mul(s);
  G1 pi_c = m.c + m.h + pi_a.mul(s) + b1.mul(r) - delta1.mul(rs);
  return {pi_a.to_affine(), pi_b.to_affine(), pi_c.to_affine()};
}

template <class E>
Proof<E> prove(const ProvingKey<E>& pk, const std::vector<Scalar>& w, const Blinding<E>& bl, Backend& be) {
  StageTimes t;
  CurveBackend<E>& cb = be;
  return assemble(pk, cb.compute(pk, synthesize(pk, w, cb.lend_abc(pk)), w, t, true), bl);
}

#define CUZK_PROVER_INSTANCES(E)                                                                           \
  template struct Blinding<E>;                                                                            \
  template Abc<E> synthesize<E>(const ProvingKey<E>&, const std::vector<Scalar>&, Abc<E>);                \
  template void compute_h<E>(const ProvingKey<E>&, Abc<E>&, bool);                                        \
  template MsmSums<E> compute_on_cpu<E>(const ProvingKey<E>&, Abc<E>, const std::vector<Scalar>&, StageTimes&, \
                                        bool);                                                            \
  template Proof<E> assemble<E>(const ProvingKey<E>&, const MsmSums<E>&, const Blinding<E>&);             \
  template Proof<E> prove<E>(const ProvingKey<E>&, const std::vector<Scalar>&, const Blinding<E>&, Backend&);
CUZK_PROVER_INSTANCES(pairing::Bls12_381)
CUZK_PROVER_INSTANCES(pairing::Bn254)
#undef CUZK_PROVER_INSTANCES

}  // namespace cuzk::groth16
