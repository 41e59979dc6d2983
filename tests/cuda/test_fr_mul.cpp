// The element-wise products of H on the device (cuzk/cuda/ntt.hpp) against the CPU's Fr, for
// both curves' scalar fields, on fresh random input led by every pair of the edge values 0, 1,
// r − 1 (and r − 2, 2):
//   fr_mul:     out = a∘b, the c the CUDA backend forms on the device from a and b (no c is
//               uploaded), out of place and in place over either operand (the backend writes
//               c ·= b over a copy of a);
//   fr_mul_sub: out = a·b − c, H's last step, in place over a as the backend runs it.
// Sizes: 1, the edge pairs alone, not a multiple of the block (1000, 2^18 + 3), and past one
// grid (2^24 + 5 > 65536 blocks × 256 threads: the grid-stride loop).
#include <doctest/doctest.h>

#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/ntt.hpp"

using namespace cuzk;

namespace {

template <class Fr>
std::vector<Fr> edges() {
  const Fr one = Fr::one();
  return {Fr::zero(), one, -one, -(one + one), one + one};  // 0, 1, r − 1, r − 2, 2
}

// a, b of n elements: the first |edges|² positions hold every (edge, edge) pair, the rest random.
template <class Fr>
std::pair<std::vector<Fr>, std::vector<Fr>> operands(std::size_t n) {
  auto a = test::random_vector<Fr>(n), b = test::random_vector<Fr>(n);
  const auto e = edges<Fr>();
  for (std::size_t i = 0; i < e.size() * e.size() && i < n; ++i) {
    a[i] = e[i / e.size()];
    b[i] = e[i % e.size()];
  }
  return {std::move(a), std::move(b)};
}

template <class Fr>
std::size_t count_diff(const std::vector<Fr>& got, const std::vector<Fr>& want) {
  std::size_t bad = got.size() != want.size();
  for (std::size_t i = 0; i < got.size() && i < want.size(); ++i) bad += got[i] != want[i];
  return bad;
}

template <class Fr>
std::vector<Fr> download(const cuda::DeviceBuffer<Fr>& d, std::size_t n, cuda::Context& ctx) {
  std::vector<Fr> v(n);
  d.download(v.data(), n, ctx.stream());
  ctx.synchronize();
  return v;
}

template <class Fr>
void check_products() {
  cuda::Context ctx;
  const std::size_t pairs = edges<Fr>().size() * edges<Fr>().size();
  for (std::size_t n : {std::size_t(1), pairs, std::size_t(1000), (std::size_t(1) << 18) + 3,
                        (std::size_t(1) << 24) + 5}) {
    CAPTURE(n);
    const auto [a, b] = operands<Fr>(n);
    std::vector<Fr> ab(n);
    for (std::size_t i = 0; i < n; ++i) ab[i] = a[i] * b[i];
    // The edges' products are what the field says they are (so the reference cannot be off
    // the same way the device is): 0·x = 0, 1·x = x, (r − 1)·(r − 1) = 1.
    const Fr one = Fr::one();
    CHECK(ab[0].is_zero());
    if (n >= pairs) {
      CHECK(ab[6] == one);            // 1·1
      CHECK(ab[7] == -one);           // 1·(r − 1)
      CHECK(ab[12] == one);           // (r − 1)·(r − 1)
      CHECK(ab[13] == one + one);     // (r − 1)·(r − 2)
      CHECK(ab[24] == one.dbl().dbl());  // 2·2
    }

    cuda::DeviceBuffer<Fr> da, db, dc;
    da.upload(a.data(), n, ctx.stream());
    db.upload(b.data(), n, ctx.stream());
    dc.resize(n);
    cuda::fr_mul(ctx, dc.get(), da.get(), db.get(), n);  // out of place
    CHECK(count_diff(download(dc, n, ctx), ab) == 0);
    CHECK(count_diff(download(da, n, ctx), a) == 0);  // operands untouched
    CHECK(count_diff(download(db, n, ctx), b) == 0);

    // As the backend forms c: a copied into c's place, then c ·= b in place.
    dc.upload(a.data(), n, ctx.stream());
    cuda::fr_mul(ctx, dc.get(), dc.get(), db.get(), n);
    CHECK(count_diff(download(dc, n, ctx), ab) == 0);
    // In place over the second operand.
    cuda::DeviceBuffer<Fr> db2;
    db2.upload(b.data(), n, ctx.stream());
    cuda::fr_mul(ctx, db2.get(), da.get(), db2.get(), n);
    CHECK(count_diff(download(db2, n, ctx), ab) == 0);

    // h = a·b − c in place over a, with c fresh random (led by the edges).
    auto c = test::random_vector<Fr>(n);
    const auto e = edges<Fr>();
    for (std::size_t i = 0; i < e.size() && i < n; ++i) c[i] = e[i];
    std::vector<Fr> h(n);
    for (std::size_t i = 0; i < n; ++i) h[i] = ab[i] - c[i];
    dc.upload(c.data(), n, ctx.stream());
    cuda::fr_mul_sub(ctx, da.get(), da.get(), db.get(), dc.get(), n);
    CHECK(count_diff(download(da, n, ctx), h) == 0);
  }
}

}  // namespace

TEST_CASE("BLS12-381 fr_mul (c = a∘b) and fr_mul_sub match the CPU, edge values included") {
  check_products<bls12_381::Fr>();
}

TEST_CASE("BN254 fr_mul (c = a∘b) and fr_mul_sub match the CPU, edge values included") {
  check_products<bn254::Fr>();
}
