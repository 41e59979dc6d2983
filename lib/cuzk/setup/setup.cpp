#include "cuzk/setup/setup.hpp"

#include <tbb/parallel_for.h>

#include <chrono>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/groth16/randomness.hpp"
#include "cuzk/setup/fixed_base.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::setup {

using namespace bls12_381;
using groth16::Coef;
using groth16::ProvingKey;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// L_i(τ) for the points ω^(stride·i + offset), i < count, of the m-domain (m = 2^log_m):
// L_k(τ) = (τ^m − 1)·ω^k / (m·(τ − ω^k)).
std::vector<Fr> lagrange_at(const Fr& tau, unsigned log_m, std::size_t count, std::size_t stride, std::size_t offset) {
  const std::size_t m = std::size_t(1) << log_m;
  const Fr w = fr_root_of_unity(log_m);
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

Fr coef_to_zkey(const Fr& c) { return c * Fr::from_canonical(Fr::R1); }  // raw = c·R²

}  // namespace

ToxicWaste ToxicWaste::random() {
  auto s = groth16::FrSource::os();
  return {s.next(), s.next(), s.next(), s.next(), s.next()};
}
ToxicWaste ToxicWaste::from_seed(std::uint64_t seed) {
  auto s = groth16::FrSource::seeded(seed, "setup");
  return {s.next(), s.next(), s.next(), s.next(), s.next()};
}

ProvingKey generate_key(const groth16::R1cs& cs, const ToxicWaste& tw, SetupTimes* times, FixedBaseEngine* engine) {
  SetupTimes local;
  SetupTimes& t = times ? *times : local;
  const std::uint32_t n_pub = cs.n_public(), n_vars = cs.n_wires, n_cons = cs.n_constraints;
  std::uint32_t log_n = 0;
  while ((std::uint64_t(1) << log_n) < std::uint64_t(n_cons) + n_pub + 1) ++log_n;
  if (log_n > 28) fail(Error::Kind::BadInput, cs.path, "circuit too large for setup (domain > 2^28)");
  const std::size_t n = std::size_t(1) << log_n;

  ProvingKey pk;
  pk.path = "<generated>";
  auto& h = pk.header;
  h.n_vars = n_vars;
  h.n_public = n_pub;
  h.domain_size = std::uint32_t(n);
  h.log_domain = log_n;

  auto t0 = Clock::now();
  std::vector<Fr> L = lagrange_at(tw.tau, log_n, n, 1, 0);
  std::vector<Fr> LH = lagrange_at(tw.tau, log_n + 1, n, 2, 1);  // odd points of the 2n-domain
  t.lagrange = since(t0);

  // QAP evaluations at τ per signal, and the coefficient section (A, B rows + public rows).
  t0 = Clock::now();
  std::vector<Fr> u(n_vars), v(n_vars), w(n_vars);
  for (std::uint32_t i = 0; i < n_cons; ++i) {
    const auto& k = cs.constraints[i];
    for (auto& term : k.a.terms) {
      u[term.wire] += term.coef * L[i];
      pk.coefs.push_back(Coef{0, i, term.wire, coef_to_zkey(term.coef)});
    }
    for (auto& term : k.b.terms) {
      v[term.wire] += term.coef * L[i];
      pk.coefs.push_back(Coef{1, i, term.wire, coef_to_zkey(term.coef)});
    }
    for (auto& term : k.c.terms) w[term.wire] += term.coef * L[i];
  }
  for (std::uint32_t s = 0; s <= n_pub; ++s) {
    u[s] += L[n_cons + s];
    pk.coefs.push_back(Coef{0, n_cons + s, s, coef_to_zkey(Fr::one())});
  }
  const Fr gi = tw.gamma.inverse(), di = tw.delta.inverse();
  std::vector<Fr> ic(n_pub + 1), cq(n_vars - n_pub - 1);
  for (std::uint32_t j = 0; j < n_vars; ++j) {
    Fr x = tw.beta * u[j] + tw.alpha * v[j] + w[j];
    if (j <= n_pub)
      ic[j] = x * gi;
    else
      cq[j - n_pub - 1] = x * di;
  }
  for (auto& x : LH) x *= di;
  t.qap = since(t0);

  t0 = Clock::now();
  const std::size_t g1_count = 2 * std::size_t(n_vars) + n + cq.size();
  FixedBase<G1Curve> g1(G1Affine::generator(), FixedBase<G1Curve>::choose_window(g1_count));
  auto one1 = [&](const Fr& k) { return g1.mul(k.canonical()).to_affine(); };
  h.alpha1 = one1(tw.alpha);
  h.beta1 = one1(tw.beta);
  h.delta1 = one1(tw.delta);
  auto many1 = [&](const std::vector<Fr>& k) {
    return engine ? engine->mul_many(g1, k.data(), k.size()) : g1.mul_many(k.data(), k.size());
  };
  if (engine) t.engine = engine->name();
  pk.ic = many1(ic);
  pk.a = many1(u);
  pk.b1 = many1(v);
  pk.c = many1(cq);
  pk.h = many1(LH);
  t.g1 = since(t0);

  t0 = Clock::now();
  FixedBase<G2Curve> g2(G2Affine::generator(), FixedBase<G2Curve>::choose_window(n_vars));
  auto one2 = [&](const Fr& k) { return g2.mul(k.canonical()).to_affine(); };
  h.beta2 = one2(tw.beta);
  h.gamma2 = one2(tw.gamma);
  h.delta2 = one2(tw.delta);
  pk.b2 = engine ? engine->mul_many(g2, v.data(), v.size()) : g2.mul_many(v.data(), v.size());
  t.g2 = since(t0);

  groth16::index_coefficients(pk);
  return pk;
}

}  // namespace cuzk::setup
