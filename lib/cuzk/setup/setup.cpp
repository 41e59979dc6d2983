#include "cuzk/setup/setup.hpp"

#include <tbb/parallel_for.h>

#include <chrono>
#include <type_traits>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ff/roots_of_unity.hpp"
#include "cuzk/groth16/randomness.hpp"
#include "cuzk/setup/fixed_base.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/stopwatch.hpp"

namespace cuzk::setup {



namespace {

using Clock = SteadyClock;

// L_i(τ) for the points ω^(stride·i + offset), i < count, of the m-domain (m = 2^log_m):
// L_k(τ) = (τ^m − 1)·ω^k / (m·(τ − ω^k)).
template <class Fr>
std::vector<Fr> lagrange_at(const Fr& tau, unsigned log_m, std::size_t count, std::size_t stride, std::size_t offset) {
  const std::size_t m = std::size_t(1) << log_m;
  const Fr w = ff::root_of_unity<Fr>(log_m);
  const Fr zt = tau.pow(ff::Limbs<1>{m}) - Fr::one();
  const Fr c = zt * Fr::from_u64(m).inverse();
  std::vector<Fr> num(count), den(count);
  const Fr step = w.pow(ff::Limbs<1>{stride});
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 4096), [&](const auto& rg) {
    Fr x = w.pow(ff::Limbs<1>{stride * rg.begin() + offset});
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) {
      num[i] = x;
      den[i] = tau - x;
      if (den[i].is_zero()) fail(Error::Kind::Internal, "", "setup: tau is a root of unity; draw again");
      x *= step;
    }
  });
  ec::batch_inverse(den.data(), count);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) num[i] = c * num[i] * den[i];
  });
  return num;
}

template <class Fr>
Fr coef_to_zkey(const Fr& c) {
  return c * Fr::from_canonical(Fr::R1);  // raw = c·R²
}

// k_i·G for all i on the engine when there is one, else TBB-parallel on the CPU.
template <class Curve, class Fr>
BigVector<ec::Affine<Curve>> products(const FixedBase<Curve>& fb, const std::vector<Fr>& k, FixedBaseEngine* engine) {
  if constexpr (std::is_same_v<Fr, bls12_381::Fr>)
    if (engine) return engine->mul_many(fb, k.data(), k.size());
  return fb.mul_many(k.data(), k.size());
}

}  // namespace

template <class E>
ToxicWaste<E> ToxicWaste<E>::random() {
  using Fr = typename E::Fr;
  auto s = groth16::FrSource::os();
  return {s.next<Fr>(), s.next<Fr>(), s.next<Fr>(), s.next<Fr>(), s.next<Fr>()};
}
template <class E>
ToxicWaste<E> ToxicWaste<E>::from_seed(std::uint64_t seed) {
  using Fr = typename E::Fr;
  auto s = groth16::FrSource::seeded(seed, "setup");
  return {s.next<Fr>(), s.next<Fr>(), s.next<Fr>(), s.next<Fr>(), s.next<Fr>()};
}

template <class E>
groth16::ProvingKey<E> generate_key(const groth16::R1cs<E>& cs, const ToxicWaste<E>& tw, SetupTimes* times,
                                    FixedBaseEngine* engine) {
  using Fr = typename E::Fr;
  using Coef = groth16::Coef<E>;
  using G1Curve = typename E::G1Curve;
  using G2Curve = typename E::G2Curve;
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  if constexpr (!std::is_same_v<E, pairing::Bls12_381>) engine = nullptr;  // the engine is BLS12-381's
  SetupTimes local;
  SetupTimes& t = times ? *times : local;
  // read_r1cs refuses inconsistent counts; an R1cs built in memory is held to the same, since
  // every vector below is sized and indexed by these fields.
  if (std::uint64_t(cs.n_outputs) + cs.n_pub_inputs + 1 > cs.n_wires || cs.constraints.size() != cs.n_constraints)
    fail(Error::Kind::BadInput, cs.path, "inconsistent circuit: nOutputs + nPubInputs + 1 > nWires, or a constraint count "
                                         "that differs from the constraints held");
  const std::uint32_t n_pub = cs.n_public(), n_vars = cs.n_wires, n_cons = cs.n_constraints;
  std::uint32_t log_n = 0;
  while ((std::uint64_t(1) << log_n) < std::uint64_t(n_cons) + n_pub + 1) ++log_n;
  if (log_n > 28) fail(Error::Kind::BadInput, cs.path, "circuit too large for setup (domain > 2^28)");
  const std::size_t n = std::size_t(1) << log_n;

  groth16::ProvingKey<E> pk;
  pk.path = "<generated>";
  auto& h = pk.header;
  h.n_vars = n_vars;
  h.n_public = n_pub;
  h.domain_size = std::uint32_t(n);
  h.log_domain = log_n;

  auto t0 = Clock::now();
  std::vector<Fr> L = lagrange_at(tw.tau, log_n, n, 1, 0);
  std::vector<Fr> LH = lagrange_at(tw.tau, log_n + 1, n, 2, 1);  // odd points of the 2n-domain
  t.lagrange = seconds_since(t0);

  // QAP evaluations at τ per signal, and the coefficient section (A, B rows + public rows).
  // Blocks of constraints: the products coef·L_i (and the zkey's coef·R²) in parallel into a
  // buffer, then the sums per wire in constraint order (additions only, serial: every wire
  // may appear in any row). The coefficients keep the order of a serial pass (row by row, A
  // then B terms), so the key's bytes do not depend on the thread count.
  t0 = Clock::now();
  std::vector<Fr> u(n_vars), v(n_vars), w(n_vars);
  std::vector<std::size_t> coef_at(std::size_t(n_cons) + 1, 0);  // first coefficient of row i
  for (std::uint32_t i = 0; i < n_cons; ++i)
    coef_at[i + 1] = coef_at[i] + cs.constraints[i].a.terms.size() + cs.constraints[i].b.terms.size();
  pk.coefs.resize(coef_at[n_cons] + n_pub + 1);
  constexpr std::uint32_t BLOCK = 1u << 16;
  std::vector<std::size_t> term_at;  // per row of the block: first product of its A, B, C terms
  std::vector<Fr> prod;
  for (std::uint32_t b0 = 0; b0 < n_cons; b0 += BLOCK) {
    const std::uint32_t b1 = std::min(n_cons, b0 + BLOCK);
    term_at.assign(b1 - b0 + 1, 0);
    for (std::uint32_t i = b0; i < b1; ++i) {
      const auto& k = cs.constraints[i];
      term_at[i - b0 + 1] = term_at[i - b0] + k.a.terms.size() + k.b.terms.size() + k.c.terms.size();
    }
    prod.resize(term_at[b1 - b0]);
    tbb::parallel_for(tbb::blocked_range<std::uint32_t>(b0, b1, 512), [&](const auto& rg) {
      for (std::uint32_t i = rg.begin(); i != rg.end(); ++i) {
        const auto& k = cs.constraints[i];
        std::size_t q = term_at[i - b0], c = coef_at[i];
        for (auto& term : k.a.terms) {
          prod[q++] = term.coef * L[i];
          pk.coefs[c++] = Coef{0, i, term.wire, 0, coef_to_zkey(term.coef)};
        }
        for (auto& term : k.b.terms) {
          prod[q++] = term.coef * L[i];
          pk.coefs[c++] = Coef{1, i, term.wire, 0, coef_to_zkey(term.coef)};
        }
        for (auto& term : k.c.terms) prod[q++] = term.coef * L[i];
      }
    });
    std::size_t q = 0;
    for (std::uint32_t i = b0; i < b1; ++i) {
      const auto& k = cs.constraints[i];
      for (auto& term : k.a.terms) u[term.wire] += prod[q++];
      for (auto& term : k.b.terms) v[term.wire] += prod[q++];
      for (auto& term : k.c.terms) w[term.wire] += prod[q++];
    }
  }
  for (std::uint32_t s = 0; s <= n_pub; ++s) {
    u[s] += L[n_cons + s];
    pk.coefs[coef_at[n_cons] + s] = Coef{0, n_cons + s, s, 0, coef_to_zkey(Fr::one())};
  }
  const Fr gi = tw.gamma.inverse(), di = tw.delta.inverse();
  std::vector<Fr> ic(n_pub + 1), cq(n_vars - n_pub - 1);
  tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, n_vars, 4096), [&](const auto& rg) {
    for (std::uint32_t j = rg.begin(); j != rg.end(); ++j) {
      Fr x = tw.beta * u[j] + tw.alpha * v[j] + w[j];
      if (j <= n_pub)
        ic[j] = x * gi;
      else
        cq[j - n_pub - 1] = x * di;
    }
  });
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, LH.size(), 4096), [&](const auto& rg) {
    for (std::size_t i = rg.begin(); i != rg.end(); ++i) LH[i] *= di;
  });
  t.qap = seconds_since(t0);

  t0 = Clock::now();
  const std::size_t g1_count = 2 * std::size_t(n_vars) + n + cq.size();
  FixedBase<G1Curve> g1(G1Affine::generator(), FixedBase<G1Curve>::choose_window(g1_count));
  auto one1 = [&](const Fr& k) { return g1.mul(k.canonical()).to_affine(); };
  h.alpha1 = one1(tw.alpha);
  h.beta1 = one1(tw.beta);
  h.delta1 = one1(tw.delta);
  if (engine) t.engine = engine->name();
  {
    const auto p = products(g1, ic, engine);
    pk.ic.assign(p.begin(), p.end());
  }
  pk.a = products(g1, u, engine);
  pk.b1 = products(g1, v, engine);
  pk.c = products(g1, cq, engine);
  pk.h = products(g1, LH, engine);
  t.g1 = seconds_since(t0);

  t0 = Clock::now();
  FixedBase<G2Curve> g2(G2Affine::generator(), FixedBase<G2Curve>::choose_window(n_vars));
  auto one2 = [&](const Fr& k) { return g2.mul(k.canonical()).to_affine(); };
  h.beta2 = one2(tw.beta);
  h.gamma2 = one2(tw.gamma);
  h.delta2 = one2(tw.delta);
  pk.b2 = products(g2, v, engine);
  t.g2 = seconds_since(t0);

  groth16::index_coefficients(pk);
  return pk;
}

template struct ToxicWaste<pairing::Bls12_381>;
template struct ToxicWaste<pairing::Bn254>;
template groth16::ProvingKey<pairing::Bls12_381> generate_key(const groth16::R1cs<pairing::Bls12_381>&,
                                                              const ToxicWaste<pairing::Bls12_381>&, SetupTimes*,
                                                              FixedBaseEngine*);
template groth16::ProvingKey<pairing::Bn254> generate_key(const groth16::R1cs<pairing::Bn254>&,
                                                          const ToxicWaste<pairing::Bn254>&, SetupTimes*, FixedBaseEngine*);

}  // namespace cuzk::setup
