// Host check of fq_fp64.cuh's algorithm against the host Fq product (g++, FE_TOWARDZERO):
//   g++ -std=c++20 -O2 -frounding-math -I../../../lib -I../../../cuda/include host_model.cpp
// Random a, b < p and < 2p, and the edge values (bench_util.hpp); the square on a = b.
#include <cfenv>
#include <cstdio>
#include <random>

#include "bench_util.hpp"

using namespace cuzk;
using namespace cuzk::cuda;
using Fq = bls12_381::Fq;

static DFq reduce(DFq a) {  // < 2p → < p
  a.reduce_once();
  return a;
}

int main() {
  std::fesetround(FE_TOWARDZERO);
  std::mt19937_64 rng(20261206);
  auto rnd = [&] { return random_fq(rng); };
  const auto edges = edge_values();
  long bad = 0, n = 0;
  auto check = [&](DFq a, DFq b) {
    // reference: the host product of the canonical values (Montgomery radix 2^384 both)
    Fq ref = reduce(a).to_host() * reduce(b).to_host();
    DFq got = fp64x::mul(a, b);
    ++n;
    if (fp64x::mul_fips<false>(a, b) != got && ++bad <= 5) std::printf("fips mismatch at case %ld\n", n);
    if (a == b) {  // the squares too
      DFq sq = fp64x::sqr(a);
      if (sq != got && ++bad <= 5) std::printf("square mismatch at case %ld\n", n);
      if (fp64x::mul_fips<true>(a, a) != got && ++bad <= 5) std::printf("fips square mismatch at case %ld\n", n);
    }
    DFq canon = got;
    canon.reduce_once();
    if (got.to_host() != ref || canon != got) {
      if (++bad <= 5) std::printf("mismatch at case %ld\n", n);
    }
  };
  for (auto& a : edges)
    for (auto& b : edges) check(a, b);
  for (int t = 0; t < 200000; ++t) {
    DFq a = DFq::from_host(rnd()), b = DFq::from_host(rnd());
    check(a, b);
    check(add_p(a), b);
    check(add_p(a), add_p(b));
    check(a, a);
    check(add_p(a), add_p(a));
  }
  std::printf("%ld cases, %ld mismatches\n", n, bad);
  return bad != 0;
}
