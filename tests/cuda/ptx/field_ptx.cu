// Straight-line kernels over the device field code (field.cuh, ff::Fp2 on it, shoup.cuh), compiled
// to PTX only and run on the CPU by test_field_ptx.py (ptx_machine.py): the inline PTX carry
// chains checked against Python integers on a machine without a GPU (CI has nvcc, no GPU).
// Each kernel reads its operands from x and writes one result to r[0].
#include "cuzk/cuda/bn254_curves.cuh"
#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/shoup.cuh"

using namespace cuzk::cuda;
using BQ = bn254_device::DFq;
using BQ2 = bn254_device::DFq2;
using BR = bn254_device::DFr;

// One curve's kernels, named P##q_* (Fq), P##q2_* (Fq2), P##r_* (Fr): f… for BLS12-381,
// bn… for BN254 (the same code on 254-bit moduli in 8 limbs).
#define CUZK_FIELD_PTX_KERNELS(P, Q, Q2, R)                                                   \
  __global__ void P##q_mul(Q* r, const Q* x) { r[0] = x[0] * x[1]; }                          \
  __global__ void P##q_sqr(Q* r, const Q* x) { r[0] = x[0].sqr(); }                           \
  __global__ void P##q_sop(Q* r, const Q* x) { r[0] = Q::sum_of_products(x[0], x[1], x[2], x[3]); } \
  __global__ void P##q_add(Q* r, const Q* x) { r[0] = x[0] + x[1]; }                          \
  __global__ void P##q_sub(Q* r, const Q* x) { r[0] = x[0] - x[1]; }                          \
  __global__ void P##q_canonical(Q* r, const Q* x) { r[0] = x[0].canonical(); }               \
  __global__ void P##q2_mul(Q2* r, const Q2* x) { r[0] = x[0] * x[1]; }                      \
  __global__ void P##q2_sqr(Q2* r, const Q2* x) { r[0] = x[0].sqr(); }                        \
  __global__ void P##r_mul(R* r, const R* x) { r[0] = x[0] * x[1]; }                          \
  __global__ void P##r_sqr(R* r, const R* x) { r[0] = x[0].sqr(); }                           \
  __global__ void P##r_sop(R* r, const R* x) { r[0] = R::sum_of_products(x[0], x[1], x[2], x[3]); } \
  __global__ void P##r_add(R* r, const R* x) { r[0] = x[0] + x[1]; }                          \
  __global__ void P##r_sub(R* r, const R* x) { r[0] = x[0] - x[1]; }                          \
  /* x[0] < 2p times the factor given in Montgomery form x[1], by Shoup's product (the NTT's) */ \
  __global__ void P##r_shoup(R* r, const R* x) {                                              \
    R w, wq;                                                                                  \
    shoup_factor(x[1], w, wq);                                                                \
    r[0] = shoup_mul(x[0], w, wq);                                                            \
  }

extern "C" {
CUZK_FIELD_PTX_KERNELS(f, DFq, DFq2, DFr)
CUZK_FIELD_PTX_KERNELS(bn, BQ, BQ2, BR)
}
