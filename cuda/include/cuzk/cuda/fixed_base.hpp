#pragma once
// Key setup's batched fixed-base products k_i·G on one CUDA device, behind
// setup::FixedBaseEngine (`cuzk-prove setup --backend cuda`, `gen-porep --backend cuda`).
// The host FixedBase's window table is uploaded once per table; scalars go up in chunks;
// each chunk is computed in XYZZ on the device (one thread a scalar) and brought to affine
// on the host (batch inversion, TBB-parallel) while the device computes the next chunk.
// Results equal FixedBase::mul_many bit for bit (affine points are unique).
#include <memory>

#include "cuzk/setup/setup.hpp"

namespace cuzk::cuda {

class CudaFixedBase final : public setup::FixedBaseEngine {
public:
  explicit CudaFixedBase(int device = 0);
  ~CudaFixedBase() override;
  std::string name() const override;
  BigVector<bls12_381::G1Affine> mul_many(const setup::FixedBase<bls12_381::G1Curve>& fb,
                                          const bls12_381::Fr* scalars, std::size_t n) override;
  BigVector<bls12_381::G2Affine> mul_many(const setup::FixedBase<bls12_381::G2Curve>& fb,
                                          const bls12_381::Fr* scalars, std::size_t n) override;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cuzk::cuda
