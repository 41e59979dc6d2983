// Pippenger MSM against the naive Σ kᵢ·Pᵢ: sizes 0, 1, 2 and up, infinity points, zero and
// one scalars, repeated and opposite points (bucket doubling / cancellation), every window.
#include <doctest/doctest.h>
#include <tbb/task_arena.h>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/msm/pippenger.hpp"
#include "random_points.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;
using cuzk::test::rng;

namespace {

enum class Mix { Random, ZeroOne, Sparse, Edge, Glv };

// x² for BLS12-381's seed x = −0xd201000000010000: the GLV split's modulus (k = q·x² + rem).
constexpr ff::Limbs<4> X2 = {0x0000000100000000ull, 0xac45a4010001a402ull, 0, 0};

// Scalars at the GLV split's boundaries: q·x² + {−1, 0, 1}, 2^128 ± 1, r − 1, r − x².
ff::Limbs<4> glv_scalar() {
  namespace bi = ff::bi;
  ff::Limbs<4> k{};
  const ff::Limbs<4> q = {rng()(), rng()() & 0x7fffffffffffffffull >> (rng()() % 8), 0, 0};
  switch (rng()() % 9) {
    case 0: k = X2; break;
    case 1: k = X2, bi::sub(k, bi::from_u64<4>(1)); break;
    case 2: k = X2, bi::add(k, bi::from_u64<4>(1)); break;
    case 3: k = bi::mul<4>(q, X2); break;
    case 4: k = bi::mul<4>(q, X2), bi::sub(k, bi::from_u64<4>(1)); break;
    case 5: k = {~0ull, ~0ull, 0, 0}; break;                     // 2^128 − 1
    case 6: k = {1, 0, 1, 0}; break;                             // 2^128 + 1
    case 7: k = Fr::P, bi::sub(k, bi::from_u64<4>(1)); break;    // r − 1
    default: k = Fr::P, bi::sub(k, X2); break;                   // r − x²
  }
  if (bi::cmp(k, Fr::P) >= 0) k = test::random_scalar();
  return k;
}

template <class Scalar = Fr>
ff::Limbs<4> scalar_for(Mix mix) {
  using Fr = Scalar;
  switch (mix) {
    case Mix::Random: return test::random_scalar<Fr>();
    case Mix::ZeroOne: return ff::bi::from_u64<4>(rng()() & 1);
    case Mix::Sparse: {
      auto r = rng()() % 4;
      return r == 0 ? test::random_scalar<Fr>() : ff::bi::from_u64<4>(r == 1 ? 0 : r == 2 ? 1 : rng()() % 1000);
    }
    case Mix::Edge: {
      ff::Limbs<4> k{};
      switch (rng()() % 6) {
        case 0: k = Fr::P, ff::bi::sub(k, ff::bi::from_u64<4>(1)); break;   // r − 1
        case 1: k = Fr::P, ff::bi::sub(k, ff::bi::from_u64<4>(2)); break;   // r − 2
        case 2: { unsigned b = rng()() % 255; k[b / 64] = ff::u64(1) << (b % 64); } break;  // 2^b
        case 3: { unsigned b = 1 + rng()() % 254; for (unsigned i = 0; i < b; ++i) k[i / 64] |= ff::u64(1) << (i % 64); } break;  // 2^b − 1
        case 4: k = test::random_scalar<Fr>(); break;
        default: break;  // 0
      }
      return k;
    }
    case Mix::Glv: return glv_scalar();
  }
  return {};
}

template <class Curve>
void check_msm(std::size_t n, Mix mix, unsigned window, double inf_rate = 0.05) {
  auto pts = test::random_affine_points<Curve>(n);
  std::vector<ff::Limbs<4>> ks(n);
  for (std::size_t i = 0; i < n; ++i) {
    ks[i] = scalar_for<typename Curve::Scalar>(mix);
    if (double(rng()() % 1000) < inf_rate * 1000) pts[i] = ec::Affine<Curve>::infinity();
  }
  // repeated and opposite points
  if (n >= 4) {
    pts[1] = pts[0];
    ks[1] = ks[0];
    pts[3] = -pts[2];
    ks[3] = ks[2];
  }
  auto expect = msm::msm_naive(pts.data(), ks.data(), n);
  auto got = msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{window});
  REQUIRE_MESSAGE(got == expect, Curve::name, " n=", n, " mix=", int(mix), " window=", window);
  CHECK(got.on_curve());
  // without the endomorphism (G1's GLV split off): the same point
  auto plain = msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{window, false});
  REQUIRE_MESSAGE(plain == expect, Curve::name, " n=", n, " mix=", int(mix), " window=", window, " plain");
  // batch-affine buckets (used from window 10 up), with and without the endomorphism
  for (bool endo : {true, false}) {
    auto ba = msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{window, endo, true});
    REQUIRE_MESSAGE(ba == expect, Curve::name, " n=", n, " mix=", int(mix), " window=", window, " batch-affine endo=", endo);
  }
}

}  // namespace

TEST_CASE("G1 pippenger vs naive, sizes and scalar mixes") {
  for (std::size_t n : {0, 1, 2, 3, 4, 5, 8, 17, 64, 129, 300, 1000})
    for (Mix mix : {Mix::Random, Mix::ZeroOne, Mix::Sparse, Mix::Edge}) check_msm<G1Curve>(n, mix, 0);
}

TEST_CASE("G1 pippenger, every window width forced") {
  for (unsigned c = 1; c <= 16; ++c) {
    check_msm<G1Curve>(40 + rng()() % 60, Mix::Random, c);
    check_msm<G1Curve>(40, Mix::Edge, c);
  }
  check_msm<G1Curve>(50, Mix::Random, 99);  // clamped to 16
}

TEST_CASE("G1 pippenger, all infinity / all zero / all one") {
  const std::size_t n = 200;
  auto pts = test::random_affine_points<G1Curve>(n);
  std::vector<ff::Limbs<4>> ks(n);
  for (auto& k : ks) k = test::random_scalar();
  std::vector<G1Affine> infs(n);
  CHECK(msm::pippenger(infs.data(), ks.data(), n).is_inf());
  std::vector<ff::Limbs<4>> zeros(n);
  CHECK(msm::pippenger(pts.data(), zeros.data(), n).is_inf());
  std::vector<ff::Limbs<4>> ones(n, ff::bi::from_u64<4>(1));
  G1 sum;
  for (auto& p : pts) sum = sum.add_mixed(p);
  CHECK(msm::pippenger(pts.data(), ones.data(), n) == sum);
  // P and −P with equal scalars cancel
  std::vector<G1Affine> pm = {pts[0], -pts[0], pts[1], -pts[1]};
  std::vector<ff::Limbs<4>> kk = {ks[0], ks[0], ks[1], ks[1]};
  CHECK(msm::pippenger(pm.data(), kk.data(), 4).is_inf());
}

TEST_CASE("G1 pippenger with GLV: split boundaries, P and -P, repeated points, every window") {
  for (std::size_t n : {1, 2, 4, 7, 33, 130, 600}) check_msm<G1Curve>(n, Mix::Glv, 0, 0.1);
  for (unsigned c = 1; c <= 16; ++c) check_msm<G1Curve>(20 + rng()() % 40, Mix::Glv, c, 0.1);
  // one point repeated with scalars whose halves collide, and P, −P, φ(P), −φ(P) together
  auto p = test::random_affine_points<G1Curve>(1)[0];
  std::vector<G1Affine> pts = {p, -p, endo_phi(p), -endo_phi(p), p, p, G1Affine::infinity()};
  std::vector<ff::Limbs<4>> ks(pts.size());
  for (auto& k : ks) k = glv_scalar();
  ks[1] = ks[0];
  for (unsigned c : {0u, 2u, 5u, 9u})
    CHECK(msm::pippenger(pts.data(), ks.data(), pts.size(), msm::MsmConfig{c}) ==
          msm::msm_naive(pts.data(), ks.data(), pts.size()));
}

TEST_CASE("G1 pippenger, batch-affine buckets: windows 10..16, waits and the XYZZ fallback") {
  for (unsigned c : {10u, 11u, 12u, 16u}) check_msm<G1Curve>(1500, Mix::Random, c);
  check_msm<G1Curve>(1500, Mix::Glv, 10);
  check_msm<G1Curve>(1500, Mix::Edge, 11);
  // many points in few buckets: one point and one scalar repeated, then three scalars
  const std::size_t n = 2000;
  auto p = test::random_affine_points<G1Curve>(3);
  std::vector<G1Affine> pts(n);
  std::vector<ff::Limbs<4>> ks(n);
  const ff::Limbs<4> k3[3] = {test::random_scalar(), ff::bi::from_u64<4>(5), glv_scalar()};
  for (int variant = 0; variant < 2; ++variant) {
    for (std::size_t i = 0; i < n; ++i) {
      pts[i] = variant == 0 ? p[0] : (i % 7 == 0 ? -p[i % 3] : p[i % 3]);
      ks[i] = variant == 0 ? k3[0] : k3[i % 3];
    }
    const auto expect = msm::msm_naive(pts.data(), ks.data(), n);
    for (unsigned c : {10u, 13u})
      CHECK_MESSAGE(msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{c, true, true}) == expect,
                    "variant ", variant, " window ", c);
  }
}

TEST_CASE("G1 pippenger, larger size with the chosen window") {
  check_msm<G1Curve>(3000, Mix::Random, 0);
  check_msm<G1Curve>(3000, Mix::Sparse, 0);
  check_msm<G1Curve>(2500, Mix::Glv, 0);
}

// The tasks are windows × slices of the points, the slice count chosen per thread count.
TEST_CASE("choose_slices: whole rounds of tasks against the running sums' cost") {
  CHECK(msm::choose_slices(std::size_t(1) << 17, 4096, 10, 16, true) == 3);   // 2^16 with GLV: 30 tasks, 2 rounds
  CHECK(msm::choose_slices(std::size_t(1) << 20, 32768, 16, 16, true) == 1);  // 2^20: one round of 16
  CHECK(msm::choose_slices(std::size_t(1) << 20, 32768, 16, 1, true) == 1);   // one thread: never sliced
  CHECK(msm::choose_slices(std::size_t(1) << 17, 4096, 10, 2, true) == 1);
  CHECK(msm::choose_slices(6000, 128, 17, 16, false) == 4);                   // 3000 points, GLV, window 8
  CHECK(msm::choose_slices(20000, 512, 26, 16, true) == 3);                   // window 10 without GLV
  CHECK(msm::choose_slices(100, 4096, 10, 16, false) == 1);                   // fewer points than buckets
  for (std::size_t t : {1, 2, 3, 7, 16, 64, 128})
    for (std::size_t m : {1, 1000, 1 << 16, 1 << 22}) {
      const std::size_t s = msm::choose_slices(m, 256, 12, t, false);
      CHECK(s >= 1);
      CHECK(s <= std::max<std::size_t>(1, m / 512));
    }
}

// Arenas of 16 and 5 threads cut these windows into several slices each (the counts below
// are choose_slices' picks, checked above).
TEST_CASE("G1 pippenger in arenas of 16 and 5 threads: sliced windows give the same sum") {
  for (int threads : {16, 5}) {
    CAPTURE(threads);
    tbb::task_arena arena(threads);
    arena.execute([] { check_msm<G1Curve>(3000, Mix::Glv, 8); });  // XYZZ buckets, 4 / 2 slices
  }
  // batch-affine buckets, window 10: 3 / 2 slices without GLV, 1 / 3 with it; against one thread
  const std::size_t n = 20000;
  auto pts = test::random_affine_points<G1Curve>(n);
  std::vector<ff::Limbs<4>> ks(n);
  for (auto& k : ks) k = test::random_scalar();
  for (bool endo : {false, true}) {
    const msm::MsmConfig cfg{10, endo, true};
    G1 one, many;
    tbb::task_arena(1).execute([&] { one = msm::pippenger(pts.data(), ks.data(), n, cfg); });
    for (int threads : {16, 5}) {
      tbb::task_arena(threads).execute([&] { many = msm::pippenger(pts.data(), ks.data(), n, cfg); });
      CHECK_MESSAGE(many == one, "endo ", endo, " threads ", threads);
    }
  }
}

TEST_CASE("G2 pippenger vs naive") {
  for (std::size_t n : {0, 1, 2, 5, 33, 200})
    for (Mix mix : {Mix::Random, Mix::Sparse, Mix::Edge}) check_msm<G2Curve>(n, mix, 0);
  for (unsigned c : {1u, 3u, 8u, 13u, 16u}) check_msm<G2Curve>(30, Mix::Random, c);
}

// BN254's GLV split (pippenger_impl.hpp): scalars k = ⌈j·2^256/g1⌉, g1 = ⌊(2u+1)·2^256/r⌋ (GMP),
// make the Babai coefficient c1 exact and f1 tiny, where k2 comes out positive and the split
// adds v1 (j = 1..6 do, per scripts' check); lattice vectors and r − 1 besides.
TEST_CASE("BN254 G1 pippenger with GLV: the split's edge cases, every window") {
  using bn254::Fr;
  const test::Z r = test::zmod<Fr>(), u(bn254::SEED);
  test::Z b2, g1, two256;
  mpz_mul_2exp(b2, u, 1);
  mpz_add_ui(b2, b2, 1);
  mpz_setbit(two256, 256);
  mpz_mul(g1, b2, two256);
  mpz_fdiv_q(g1, g1, r);
  std::vector<ff::Limbs<4>> edge;
  for (unsigned long j = 1; j <= 12; ++j) {
    test::Z k;
    mpz_mul_ui(k, two256, j);
    mpz_cdiv_q(k, k, g1);
    edge.push_back(test::from_z<4>(k));
  }
  test::Z a2, v;  // a2 = 6u² + 4u + 1, and small multiples of the lattice vectors' first entries
  mpz_mul(a2, u, u);
  mpz_mul_ui(a2, a2, 6);
  mpz_addmul_ui(a2, u, 4);
  mpz_add_ui(a2, a2, 1);
  for (unsigned long t : {1ul, 2ul, 3ul}) {
    mpz_mul_ui(v, a2, t);
    edge.push_back(test::from_z<4>(v));
    mpz_mul_ui(v, b2, t);
    edge.push_back(test::from_z<4>(v));
  }
  test::Z rm1;
  mpz_sub_ui(rm1, r, 1);
  edge.push_back(test::from_z<4>(rm1));
  const std::size_t n = 64;
  auto pts = test::random_affine_points<bn254::G1Curve>(n);
  std::vector<ff::Limbs<4>> ks(n);
  for (std::size_t i = 0; i < n; ++i) ks[i] = i < edge.size() ? edge[i] : test::random_scalar<Fr>();
  const auto expect = msm::msm_naive(pts.data(), ks.data(), n);
  for (unsigned c : {0u, 1u, 5u, 9u, 12u, 16u})
    for (bool endo : {true, false}) {
      CHECK_MESSAGE(msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{c, endo}) == expect, "window ", c, " endo ", endo);
      CHECK_MESSAGE(msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{c, endo, false}) == expect, "window ", c, " xyzz");
    }
  // each edge scalar alone, so a wrong split of one of them cannot hide in a sum
  for (std::size_t i = 0; i < edge.size(); ++i)
    CHECK_MESSAGE(msm::pippenger(&pts[i], &ks[i], 1, msm::MsmConfig{4, true}) == msm::msm_naive(&pts[i], &ks[i], 1), "edge ", i);
}

TEST_CASE("BN254 G1 and G2 pippenger vs naive") {
  for (std::size_t n : {0, 1, 2, 5, 33, 300})
    for (Mix mix : {Mix::Random, Mix::ZeroOne, Mix::Sparse, Mix::Edge}) check_msm<bn254::G1Curve>(n, mix, 0);
  for (unsigned c : {1u, 4u, 10u, 13u, 16u}) check_msm<bn254::G1Curve>(200, Mix::Random, c);
  for (std::size_t n : {0, 1, 5, 33, 200})
    for (Mix mix : {Mix::Random, Mix::Sparse, Mix::Edge}) check_msm<bn254::G2Curve>(n, mix, 0);
  for (unsigned c : {3u, 11u}) check_msm<bn254::G2Curve>(30, Mix::Random, c);
}

TEST_CASE("choose_window grows with n") {
  unsigned prev = 0;
  for (std::size_t n = 1; n <= (std::size_t(1) << 26); n *= 2) {
    unsigned c = msm::choose_window(n);
    CHECK(c >= prev);
    CHECK(c >= 1);
    CHECK(c <= 16);
    prev = c;
  }
}
