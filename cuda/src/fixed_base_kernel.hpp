#pragma once
// Private to cuda/src: the fixed-base kernel launchers behind CudaFixedBase (host code that
// includes this never sees device code). out[i] = k[i]·G in XYZZ (host-layout
// ec::XYZZ<Curve>) from the resident table T[j·2^w + d] = d·2^(w·j)·G, one thread a scalar,
// ⌈255/w⌉ mixed additions (madd-2008-s, 8M + 2S) each, no doublings.
#include <cstddef>

#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/msm.hpp"

namespace cuzk::cuda::detail {

// d_scalars: n device Fr (Montgomery); d_out: n device XYZZ; queued on ctx's stream.
void fixed_base_g1(Context& ctx, const ResidentG1& table, unsigned w, unsigned windows, const bls12_381::Fr* d_scalars,
                   std::size_t n, void* d_out);
void fixed_base_g2(Context& ctx, const ResidentG2& table, unsigned w, unsigned windows, const bls12_381::Fr* d_scalars,
                   std::size_t n, void* d_out);

}  // namespace cuzk::cuda::detail
