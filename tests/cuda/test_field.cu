// Device field and curve arithmetic against the host implementations (lib/cuzk/ff, ec),
// on fresh random inputs plus the edge values 0, 1, −1; BLS12-381's and BN254's.
#include <doctest/doctest.h>

#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/bn254_curves.cuh"
#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/fq2_pair.cuh"

using namespace cuzk;
using namespace cuzk::cuda;
using bls12_381::Fq;
using bls12_381::Fq2;
using bls12_381::Fr;

namespace {

enum Op { ADD, SUB, MUL, SQR, NEG, DBL, INV };

template <class D>
__global__ void field_op(const D* a, const D* b, D* out, std::size_t n, int op) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  D x = a[i], y = b[i];
  switch (op) {
    case ADD: out[i] = x + y; break;
    case SUB: out[i] = x - y; break;
    case MUL: out[i] = x * y; break;
    case SQR: out[i] = x.sqr(); break;
    case NEG: out[i] = -x; break;
    case INV: out[i] = x.inverse(); break;
    default: out[i] = x.dbl(); break;
  }
}

template <class H>
H host_op(const H& x, const H& y, int op) {
  switch (op) {
    case ADD: return x + y;
    case SUB: return x - y;
    case MUL: return x * y;
    case SQR: return x.sqr();
    case NEG: return -x;
    case INV: return x.is_zero() ? H::zero() : x.inverse();  // the device maps 0 to 0
    default: return x.dbl();
  }
}

// H: host type, D: device type of the same layout
template <class H, class D, class Gen>
void check_field(const char* name, Gen gen, std::size_t n) {
  static_assert(sizeof(H) == sizeof(D));
  Context ctx;
  std::vector<H> a(n), b(n), out(n);
  for (std::size_t i = 0; i < n; ++i) a[i] = gen(), b[i] = gen();
  // edge values up front
  a[0] = H::zero(), b[0] = H::zero();
  a[1] = H::one(), b[1] = -H::one();
  a[2] = -H::one(), b[2] = -H::one();
  a[3] = gen(), b[3] = a[3];
  a[4] = gen(), b[4] = -a[4];
  DeviceBuffer<H> da, db, dout(n);
  da.upload(a.data(), n, ctx.stream());
  db.upload(b.data(), n, ctx.stream());
  for (int op : {ADD, SUB, MUL, SQR, NEG, DBL, INV}) {
    CUZK_CUDA_CHECK(cudaMemsetAsync(dout.get(), 0xA5, dout.bytes(), ctx.stream()));  // poison
    field_op<D><<<unsigned((n + 255) / 256), 256, 0, ctx.stream()>>>(
        reinterpret_cast<const D*>(da.get()), reinterpret_cast<const D*>(db.get()), reinterpret_cast<D*>(dout.get()),
        n, op);
    CUZK_CUDA_CHECK_LAUNCH();
    dout.download(out.data(), n, ctx.stream());
    ctx.synchronize();
    std::size_t bad = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (out[i] != host_op(a[i], b[i], op)) {
        if (bad++ < 3) MESSAGE(name << " op " << op << " mismatch at " << i);
      }
    CHECK_MESSAGE(bad == 0, name << " op " << op << ": " << bad << " of " << n << " wrong");
  }
}

}  // namespace

TEST_CASE("device Fr matches host Fr") { check_field<Fr, DFr>("Fr", test::random_field<Fr>, 1 << 16); }
TEST_CASE("device Fq matches host Fq") { check_field<Fq, DFq>("Fq", test::random_field<Fq>, 1 << 16); }
TEST_CASE("device Fq2 matches host Fq2") { check_field<Fq2, DFq2>("Fq2", test::random_fq2, 1 << 14); }

// ---- sums of products under one reduction, Fq2 on lane pairs --------------------------
namespace {

// out[2i] = a·b + c·d, out[2i+1] = a·b − c·d (as a·b + c·(p − d))
template <class D>
__global__ void sums_of_products(const D* a, const D* b, const D* c, const D* d, D* out, std::size_t n) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  out[2 * i] = D::sum_of_products(a[i], b[i], c[i], d[i]);
  out[2 * i + 1] = D::sum_of_products(a[i], b[i], c[i], d[i].p_minus());
}

// Every combination of the raw (Montgomery-form) limb extremes 0, 1, 2, p − 2, p − 1 and a
// random value for the four inputs, then n random quadruples.
template <class H, class D>
void check_sums(const char* name, std::size_t n) {
  using Repr = typename H::Repr;
  std::vector<H> edge;
  for (std::uint64_t k : {0, 1, 2}) {
    Repr r{};
    r[0] = k;
    edge.push_back(H::from_raw(r));
  }
  for (std::uint64_t k : {2, 1}) {
    Repr r = H::P;
    r[0] -= k;
    edge.push_back(H::from_raw(r));
  }
  edge.push_back(test::random_field<H>());
  std::vector<H> a, b, c, d;
  const std::size_t e = edge.size();
  for (std::size_t m = 0; m < e * e * e * e; ++m) {
    a.push_back(edge[m % e]), b.push_back(edge[m / e % e]), c.push_back(edge[m / e / e % e]);
    d.push_back(edge[m / e / e / e]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    a.push_back(test::random_field<H>()), b.push_back(test::random_field<H>());
    c.push_back(test::random_field<H>()), d.push_back(test::random_field<H>());
  }
  const std::size_t total = a.size();
  Context ctx;
  DeviceBuffer<H> da, db, dc, dd, dout(2 * total);
  da.upload(a.data(), total, ctx.stream());
  db.upload(b.data(), total, ctx.stream());
  dc.upload(c.data(), total, ctx.stream());
  dd.upload(d.data(), total, ctx.stream());
  CUZK_CUDA_CHECK(cudaMemsetAsync(dout.get(), 0xA5, dout.bytes(), ctx.stream()));
  auto dev = [](const DeviceBuffer<H>& x) { return reinterpret_cast<const D*>(x.get()); };
  sums_of_products<D><<<unsigned((total + 127) / 128), 128, 0, ctx.stream()>>>(
      dev(da), dev(db), dev(dc), dev(dd), reinterpret_cast<D*>(dout.get()), total);
  CUZK_CUDA_CHECK_LAUNCH();
  std::vector<H> out(2 * total);
  dout.download(out.data(), 2 * total, ctx.stream());
  ctx.synchronize();
  std::size_t bad = 0;
  for (std::size_t i = 0; i < total; ++i) {
    // equal as field elements and bit for bit: both sides fully reduced
    if (out[2 * i] != a[i] * b[i] + c[i] * d[i] || out[2 * i + 1] != a[i] * b[i] - c[i] * d[i] ||
        !H::is_canonical(out[2 * i].raw()) || !H::is_canonical(out[2 * i + 1].raw()))
      if (bad++ < 3) MESSAGE(name << " sum of products wrong at " << i);
  }
  CHECK_MESSAGE(bad == 0, name << ": " << bad << " of " << total << " wrong");
}

// Two threads an Fq2 element, one component each: out[8i + 2k + lane] = component `lane`
// of result k (0: a·b, 1: a², 2: a + b, 3: a − b); flags[i] = is_zero(a) | (a == b) << 1.
__global__ void fq2_pair_ops(const DFq2* a, const DFq2* b, DFq2* out, std::uint32_t* flags, std::size_t n) {
  std::size_t i = (blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / 2;
  if (i >= n) return;
  const DFq2Pair x = load_pair(a[i]), y = load_pair(b[i]);
  store_pair(out[4 * i + 0], x * y);
  store_pair(out[4 * i + 1], x.sqr());
  store_pair(out[4 * i + 2], x + y);
  store_pair(out[4 * i + 3], x - y);
  const std::uint32_t f = (x.is_zero() ? 1u : 0u) | (x == y ? 2u : 0u);
  if (DFq2Pair::odd()) flags[i] = f;
}

}  // namespace

TEST_CASE("device a·b ± c·d under one reduction matches the host") {
  check_sums<Fq, DFq>("Fq", 1 << 14);
  check_sums<Fr, DFr>("Fr", 1 << 14);
}

TEST_CASE("Fq2 on lane pairs matches host Fq2: products, squares, sums, zero and equality tests") {
  const std::size_t n = 1 << 14;
  std::vector<Fq2> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) a[i] = test::random_fq2(), b[i] = test::random_fq2();
  const Fq r = test::random_field<Fq>();
  a[0] = Fq2::zero(), b[0] = Fq2::one();
  a[1] = Fq2(Fq::zero(), r), b[1] = a[1];       // zero in one component only; a == b
  a[2] = Fq2(r, Fq::zero()), b[2] = -a[2];      // the other one; a = −b
  a[3] = Fq2(Fq::zero(), Fq::one()), b[3] = a[3];  // u² = −1
  a[4] = -Fq2::one(), b[4] = Fq2(-Fq::one(), -Fq::one());
  a[5] = b[5] = Fq2::zero();
  Context ctx;
  DeviceBuffer<Fq2> da, db, dout(4 * n);
  DeviceBuffer<std::uint32_t> dflags(n);
  da.upload(a.data(), n, ctx.stream());
  db.upload(b.data(), n, ctx.stream());
  CUZK_CUDA_CHECK(cudaMemsetAsync(dout.get(), 0xA5, dout.bytes(), ctx.stream()));
  CUZK_CUDA_CHECK(cudaMemsetAsync(dflags.get(), 0xA5, dflags.bytes(), ctx.stream()));
  fq2_pair_ops<<<unsigned((2 * n + 127) / 128), 128, 0, ctx.stream()>>>(
      reinterpret_cast<const DFq2*>(da.get()), reinterpret_cast<const DFq2*>(db.get()),
      reinterpret_cast<DFq2*>(dout.get()), dflags.get(), n);
  CUZK_CUDA_CHECK_LAUNCH();
  std::vector<Fq2> out(4 * n);
  std::vector<std::uint32_t> flags(n);
  dout.download(out.data(), 4 * n, ctx.stream());
  dflags.download(flags.data(), n, ctx.stream());
  ctx.synchronize();
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Fq2 want[4] = {a[i] * b[i], a[i].sqr(), a[i] + b[i], a[i] - b[i]};
    const std::uint32_t f = (a[i].is_zero() ? 1u : 0u) | (a[i] == b[i] ? 2u : 0u);
    bool ok = flags[i] == f;
    for (int k = 0; k < 4; ++k) ok = ok && out[4 * i + k] == want[k];
    if (!ok && bad++ < 3) MESSAGE("Fq2 pair wrong at " << i);
  }
  CHECK_MESSAGE(bad == 0, bad << " of " << n << " wrong");
}

// ---- curves ---------------------------------------------------------------------------
namespace {

// out: 0 = XYZZ(a) + b (mixed), 1 = XYZZ(a) + XYZZ(b), 2 = dbl XYZZ(a),
//      3 = Jac(a) + Jac(b), 4 = Jac(a) + b (mixed), 5 = dbl Jac(a); all as Jacobian.
template <class DC>
__global__ void curve_ops(const PackedAffine<DC>* a, const PackedAffine<DC>* b, DJacobian<DC>* out, std::size_t n) {
  std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  auto pa = a[i].unpack(), pb = b[i].unpack();
  auto xa = DXYZZ<DC>::from_affine(pa), xb = DXYZZ<DC>::from_affine(pb);
  auto ja = DJacobian<DC>::from_affine(pa), jb = DJacobian<DC>::from_affine(pb);
  out[6 * i + 0] = xa.add_mixed(pb).to_jacobian();
  out[6 * i + 1] = (xa + xb).to_jacobian();
  out[6 * i + 2] = xa.dbl().to_jacobian();
  out[6 * i + 3] = ja + jb;
  out[6 * i + 4] = ja.add_mixed(pb);
  out[6 * i + 5] = ja.dbl();
}

template <class DC, class HC>
void check_curve(std::size_t n) {
  using HA = ec::Affine<HC>;
  using HJ = ec::Jacobian<HC>;
  using F = typename HC::Field;
  Context ctx;
  auto pts = test::random_points<HC>(2 * n);
  std::vector<HA> a(pts.begin(), pts.begin() + n), b(pts.begin() + n, pts.end());
  b[0] = a[0];                  // P + P
  b[1] = -a[1];                 // P − P
  a[2] = HA::infinity();        // O + Q
  b[3] = HA::infinity();        // P + O
  a[4] = b[4] = HA::infinity();  // O + O
  std::vector<F> pa(2 * n), pb(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    pa[2 * i] = a[i].inf ? F::zero() : a[i].x, pa[2 * i + 1] = a[i].inf ? F::zero() : a[i].y;
    pb[2 * i] = b[i].inf ? F::zero() : b[i].x, pb[2 * i + 1] = b[i].inf ? F::zero() : b[i].y;
  }
  DeviceBuffer<F> da, db;
  DeviceBuffer<HJ> dout(6 * n);
  da.upload(pa.data(), 2 * n, ctx.stream());
  db.upload(pb.data(), 2 * n, ctx.stream());
  curve_ops<DC><<<unsigned((n + 63) / 64), 64, 0, ctx.stream()>>>(
      reinterpret_cast<const PackedAffine<DC>*>(da.get()), reinterpret_cast<const PackedAffine<DC>*>(db.get()),
      reinterpret_cast<DJacobian<DC>*>(dout.get()), n);
  CUZK_CUDA_CHECK_LAUNCH();
  std::vector<HJ> out(6 * n);
  dout.download(out.data(), 6 * n, ctx.stream());
  ctx.synchronize();
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    HJ ja = HJ::from_affine(a[i]), jb = HJ::from_affine(b[i]);
    HJ sum = ja + jb, dbl = ja.dbl();
    HJ want[6] = {sum, sum, dbl, sum, sum, dbl};
    for (int k = 0; k < 6; ++k)
      if (!(out[6 * i + k] == want[k]) || !out[6 * i + k].on_curve()) {
        if (bad++ < 5) MESSAGE(HC::name << " point " << i << " op " << k << " wrong");
      }
  }
  CHECK_MESSAGE(bad == 0, HC::name << ": " << bad << " wrong results");
}

}  // namespace

TEST_CASE("device G1 formulas match host") { check_curve<DG1Curve, bls12_381::G1Curve>(2048); }
TEST_CASE("device G2 formulas match host") { check_curve<DG2Curve, bls12_381::G2Curve>(512); }

// ---- BN254: the same generic code over its 254-bit fields (8 limbs each) ----------------
TEST_CASE("BN254: device Fr, Fq, Fq2, a·b ± c·d and G1 / G2 formulas match the host") {
  namespace bd = bn254_device;
  check_field<bn254::Fr, bd::DFr>("BN254 Fr", test::random_field<bn254::Fr>, 1 << 16);
  check_field<bn254::Fq, bd::DFq>("BN254 Fq", test::random_field<bn254::Fq>, 1 << 16);
  check_field<bn254::Fq2, bd::DFq2>(
      "BN254 Fq2", [] { return bn254::Fq2(test::random_field<bn254::Fq>(), test::random_field<bn254::Fq>()); },
      1 << 14);
  check_sums<bn254::Fq, bd::DFq>("BN254 Fq", 1 << 14);
  check_sums<bn254::Fr, bd::DFr>("BN254 Fr", 1 << 14);
  check_curve<bd::DG1Curve, bn254::G1Curve>(2048);
  check_curve<bd::DG2Curve, bn254::G2Curve>(512);
}
