// Device field and curve arithmetic against the host implementations (lib/cuzk/ff, ec),
// on fresh random inputs plus the edge values 0, 1, −1.
#include <doctest/doctest.h>

#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/curves.cuh"

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
