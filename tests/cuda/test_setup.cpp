// Key setup on the device: CudaFixedBase against the CPU FixedBase on fresh random scalars
// (edge scalars included, several window widths, more than one device chunk), and a
// whole generate_key with the CUDA engine equal, point for point, to the CPU one.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/cuda/fixed_base.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/setup/setup.hpp"

using namespace cuzk;
using bls12_381::Fr;

namespace {

std::vector<Fr> scalars(std::size_t n) {
  std::vector<Fr> k(n);
  for (auto& x : k) x = test::random_field<Fr>();
  if (n > 8) {
    k[0] = Fr::zero();
    k[1] = Fr::one();
    k[2] = -Fr::one();  // r − 1: every window digit used
    k[3] = k[4];        // repeated
    k[5] = Fr::from_u64(2);
  }
  return k;
}

template <class X, class Y>
void same_points(const X& x, const Y& y, const char* what) {
  REQUIRE(x.size() == y.size());
  std::size_t bad = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i].inf != y[i].inf || (!x[i].inf && (x[i].x != y[i].x || x[i].y != y[i].y))) ++bad;
  INFO(what);
  CHECK(bad == 0);
}

template <class Curve>
void compare(cuda::CudaFixedBase& gpu, unsigned w, std::size_t n) {
  setup::FixedBase<Curve> fb(ec::Affine<Curve>::generator(), w);
  auto k = scalars(n);
  auto cpu = fb.mul_many(k.data(), n);
  auto dev = gpu.mul_many(fb, k.data(), n);
  same_points(cpu, dev, Curve::name);
  if (n > 8) {  // scalars() put 0 and 1 first
    CHECK(dev[0].inf);
    CHECK((dev[1].x == ec::Affine<Curve>::generator().x && dev[1].y == ec::Affine<Curve>::generator().y));
  }
}

}  // namespace

TEST_CASE("CUDA fixed-base products equal the CPU's (G1, G2, several windows and sizes)") {
  cuda::CudaFixedBase gpu(0);
  for (unsigned w : {6u, 8u, 11u}) {
    compare<bls12_381::G1Curve>(gpu, w, 3000);
    compare<bls12_381::G2Curve>(gpu, w, 1000);
  }
  compare<bls12_381::G1Curve>(gpu, 11, 1);
  compare<bls12_381::G1Curve>(gpu, 11, (std::size_t(1) << 20) + 3);  // two device chunks
}

TEST_CASE("generate_key on the CUDA engine equals the CPU key") {
  namespace pl = circuit::porep_lite;
  const char* src = std::getenv("CUZK_SOURCE_DIR");
  const std::string tiny = std::string(src ? src : ".") + "/data/fixtures/tiny/circuit.r1cs";
  std::vector<groth16::R1cs<cuzk::pairing::Bls12_381>> circuits;
  circuits.push_back(groth16::read_r1cs<cuzk::pairing::Bls12_381>(tiny));
  circuits.push_back(pl::build_r1cs(4, 2));
  for (const auto& cs : circuits) {
    auto tw = setup::ToxicWaste<cuzk::pairing::Bls12_381>::random();
    cuda::CudaFixedBase gpu(0);
    setup::SetupTimes tc, tg;
    auto a = setup::generate_key(cs, tw, &tc);
    auto b = setup::generate_key(cs, tw, &tg, &gpu);
    CHECK(tg.engine == "cuda:0");
    same_points(a.ic, b.ic, "ic");
    same_points(a.a, b.a, "A");
    same_points(a.b1, b.b1, "B1");
    same_points(a.c, b.c, "C");
    same_points(a.h, b.h, "H");
    same_points(a.b2, b.b2, "B2");
    CHECK(a.header.alpha1.x == b.header.alpha1.x);
    CHECK(a.header.delta2.x == b.header.delta2.x);
  }
}
