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

extern "C" {
__global__ void fq_mul(DFq* r, const DFq* x) { r[0] = x[0] * x[1]; }
__global__ void fq_sqr(DFq* r, const DFq* x) { r[0] = x[0].sqr(); }
__global__ void fq_sop(DFq* r, const DFq* x) { r[0] = DFq::sum_of_products(x[0], x[1], x[2], x[3]); }
__global__ void fq_add(DFq* r, const DFq* x) { r[0] = x[0] + x[1]; }
__global__ void fq_sub(DFq* r, const DFq* x) { r[0] = x[0] - x[1]; }
__global__ void fq_canonical(DFq* r, const DFq* x) { r[0] = x[0].canonical(); }
__global__ void fq2_mul(DFq2* r, const DFq2* x) { r[0] = x[0] * x[1]; }
__global__ void fq2_sqr(DFq2* r, const DFq2* x) { r[0] = x[0].sqr(); }
__global__ void fr_mul(DFr* r, const DFr* x) { r[0] = x[0] * x[1]; }
__global__ void fr_sqr(DFr* r, const DFr* x) { r[0] = x[0].sqr(); }
__global__ void fr_sop(DFr* r, const DFr* x) { r[0] = DFr::sum_of_products(x[0], x[1], x[2], x[3]); }
__global__ void fr_add(DFr* r, const DFr* x) { r[0] = x[0] + x[1]; }
__global__ void fr_sub(DFr* r, const DFr* x) { r[0] = x[0] - x[1]; }
// x[0] < 2p times the factor given in Montgomery form x[1], by Shoup's product (the NTT's).
__global__ void fr_shoup(DFr* r, const DFr* x) {
  DFr w, wq;
  shoup_factor(x[1], w, wq);
  r[0] = shoup_mul(x[0], w, wq);
}
// BN254 (254-bit p and r, 8 limbs each): the same code on the other moduli.
__global__ void bnq_mul(BQ* r, const BQ* x) { r[0] = x[0] * x[1]; }
__global__ void bnq_sqr(BQ* r, const BQ* x) { r[0] = x[0].sqr(); }
__global__ void bnq_sop(BQ* r, const BQ* x) { r[0] = BQ::sum_of_products(x[0], x[1], x[2], x[3]); }
__global__ void bnq_add(BQ* r, const BQ* x) { r[0] = x[0] + x[1]; }
__global__ void bnq_sub(BQ* r, const BQ* x) { r[0] = x[0] - x[1]; }
__global__ void bnq_canonical(BQ* r, const BQ* x) { r[0] = x[0].canonical(); }
__global__ void bnq2_mul(BQ2* r, const BQ2* x) { r[0] = x[0] * x[1]; }
__global__ void bnq2_sqr(BQ2* r, const BQ2* x) { r[0] = x[0].sqr(); }
__global__ void bnr_mul(BR* r, const BR* x) { r[0] = x[0] * x[1]; }
__global__ void bnr_sqr(BR* r, const BR* x) { r[0] = x[0].sqr(); }
__global__ void bnr_sop(BR* r, const BR* x) { r[0] = BR::sum_of_products(x[0], x[1], x[2], x[3]); }
__global__ void bnr_add(BR* r, const BR* x) { r[0] = x[0] + x[1]; }
__global__ void bnr_sub(BR* r, const BR* x) { r[0] = x[0] - x[1]; }
__global__ void bnr_shoup(BR* r, const BR* x) {
  BR w, wq;
  shoup_factor(x[1], w, wq);
  r[0] = shoup_mul(x[0], w, wq);
}
}
