// Shoup's product by a fixed factor (cuzk/cuda/shoup.cuh) against the host field: the
// factor pair derived on the device from a Montgomery-form factor m (canonical w and
// w' = ⌊w·2^256/p⌋, checked as w'·p + m = w·2^256), and x·w mod p for every x < 2p (the
// product's input range), on edge values (0, 1, p − 1, p, 2p − 1, all-ones limb runs,
// factors 0, 1, R, p − 1) crossed with each other, then fresh random pairs.
#include <doctest/doctest.h>

#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/shoup.cuh"

using namespace cuzk;
using namespace cuzk::cuda;
using bls12_381::Fr;
using Repr = Fr::Repr;
namespace bi = cuzk::ff::bi;

namespace {

// out[3i] = shoup_mul(x, w, w'), out[3i+1] = w, out[3i+2] = w' for (w, w') from m
__global__ void shoup_kernel(const DFr* x, const DFr* m, DFr* out, std::size_t n) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  DFr w, wq;
  shoup_factor(m[i], w, wq);
  out[3 * i] = shoup_mul(x[i], w, wq);
  out[3 * i + 1] = w;
  out[3 * i + 2] = wq;
}

Repr raw_of(std::initializer_list<std::uint64_t> l) {
  Repr r{};
  std::size_t i = 0;
  for (auto v : l) r[i++] = v;
  return r;
}

}  // namespace

TEST_CASE("device Shoup product and factor derivation match the host field") {
  std::vector<Repr> xs, ms;
  Repr p = Fr::P, pm1 = Fr::P, twop = Fr::P, twopm1;
  pm1[0] -= 1;
  bi::add(twop, Fr::P);
  twopm1 = twop;
  bi::sub(twopm1, raw_of({1}));
  for (const Repr& r : {raw_of({0}), raw_of({1}), pm1, p, twopm1, raw_of({~0ull, ~0ull, ~0ull, 0})}) xs.push_back(r);
  for (const Repr& r : {raw_of({0}), raw_of({1}), Fr::R1, pm1, raw_of({~0ull, ~0ull, 0, 0})}) ms.push_back(r);
  for (int k = 0; k < 4; ++k) {
    xs.push_back(test::random_field<Fr>().raw());
    ms.push_back(test::random_field<Fr>().raw());
  }
  std::vector<Repr> a, b;
  for (const Repr& x : xs)
    for (const Repr& m : ms) a.push_back(x), b.push_back(m);
  for (int i = 0; i < (1 << 16); ++i) {
    Repr x = test::random_field<Fr>().raw();
    if (i & 1) bi::add(x, Fr::P);  // half of them in [p, 2p)
    a.push_back(x);
    b.push_back(test::random_field<Fr>().raw());
  }
  const std::size_t n = a.size();
  Context ctx;
  DeviceBuffer<Repr> da, db, dout(3 * n);
  da.upload(a.data(), n, ctx.stream());
  db.upload(b.data(), n, ctx.stream());
  CUZK_CUDA_CHECK(cudaMemsetAsync(dout.get(), 0xA5, dout.bytes(), ctx.stream()));
  shoup_kernel<<<unsigned((n + 255) / 256), 256, 0, ctx.stream()>>>(reinterpret_cast<const DFr*>(da.get()),
                                                                  reinterpret_cast<const DFr*>(db.get()),
                                                                  reinterpret_cast<DFr*>(dout.get()), n);
  CUZK_CUDA_CHECK_LAUNCH();
  std::vector<Repr> out(3 * n);
  dout.download(out.data(), 3 * n, ctx.stream());
  ctx.synchronize();
  std::size_t bad_mul = 0, bad_w = 0, bad_q = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Repr x = a[i];
    if (bi::cmp(x, Fr::P) >= 0) bi::sub(x, Fr::P);
    const Fr m = Fr::from_raw(b[i]);
    if (out[3 * i] != (Fr::from_raw(x) * m).raw()) {
      if (bad_mul++ < 3) MESSAGE("product mismatch at " << i);
    }
    const Repr w = m.canonical();
    if (out[3 * i + 1] != w) ++bad_w;
    // w'·p + m = w·2^256 exactly (as 512-bit integers)
    auto lhs = bi::mul(bi::resize<8>(out[3 * i + 2]), bi::resize<8>(Fr::P));
    const bool carried = bi::add(lhs, bi::resize<8>(b[i])) != 0;
    ff::Limbs<8> rhs{};
    for (std::size_t k = 0; k < 4; ++k) rhs[k + 4] = w[k];
    if (carried || lhs != rhs) ++bad_q;
  }
  CHECK_MESSAGE(bad_mul == 0, bad_mul << " of " << n << " Shoup products wrong");
  CHECK_MESSAGE(bad_w == 0, bad_w << " canonical factors wrong");
  CHECK_MESSAGE(bad_q == 0, bad_q << " quotients wrong");
}
