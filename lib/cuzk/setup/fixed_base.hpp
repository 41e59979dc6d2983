#pragma once
// Batched fixed-base scalar multiplication k_i·G for one base G and many scalars (key
// setup). Precomputes, for window width w, the table T[j][d] = d·2^(w·j)·G (d < 2^w),
// so each product is ⌈255/w⌉ mixed additions and no doublings; the outputs are brought
// to affine with one batched inversion per chunk. TBB-parallel over scalars.
#include <tbb/parallel_for.h>

#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ff/bigint.hpp"
#include "cuzk/util/first_touch_allocator.hpp"

namespace cuzk::setup {

template <class Curve>
class FixedBase {
public:
  using Aff = ec::Affine<Curve>;
  using Jac = ec::Jacobian<Curve>;
  static constexpr unsigned SCALAR_BITS = 255;

  // Window width by workload: a table of ⌈255/w⌉·2^w points pays off over `count` products.
  static unsigned choose_window(std::size_t count) {
    return count < (1u << 12) ? 6 : count < (1u << 18) ? 8 : count < (1u << 22) ? 11 : 14;
  }

  FixedBase(const Aff& g, unsigned window_bits) : w_(window_bits), windows_((SCALAR_BITS + w_ - 1) / w_) {
    const std::size_t per = std::size_t(1) << w_;
    std::vector<Jac> jac(windows_ * per);
    Jac base = Jac::from_affine(g);
    for (unsigned j = 0; j < windows_; ++j) {
      Jac acc;  // d·base
      for (std::size_t d = 0; d < per; ++d) {
        jac[j * per + d] = acc;
        acc += base;
      }
      for (unsigned b = 0; b < w_; ++b) base = base.dbl();
    }
    table_ = ec::batch_to_affine(jac.data(), jac.size());
  }

  Jac mul(const ff::Limbs<4>& k) const {  // k < 2^255 (either curve's scalar, canonical)
    Jac acc;
    const std::size_t per = std::size_t(1) << w_;
    for (unsigned j = 0; j < windows_; ++j) {
      std::size_t d = digit(k, j);
      if (d) acc = acc.add_mixed(table_[j * per + d]);
    }
    return acc;
  }

  // out[i] = scalars[i]·G (scalars in Montgomery form, the curve's Fr; converted here).
  template <class Fr>
  BigVector<Aff> mul_many(const Fr* scalars, std::size_t n) const {
    BigVector<Aff> out(n);
    constexpr std::size_t CHUNK = 1024;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, CHUNK), [&](const auto& rg) {
      std::vector<Jac> tmp(rg.size());
      for (std::size_t i = rg.begin(); i != rg.end(); ++i) tmp[i - rg.begin()] = mul(scalars[i].canonical());
      auto aff = ec::batch_to_affine(tmp.data(), tmp.size());
      std::copy(aff.begin(), aff.end(), out.begin() + std::ptrdiff_t(rg.begin()));
    });
    return out;
  }

  unsigned window_bits() const { return w_; }
  unsigned windows() const { return windows_; }
  // T[j·2^w + d] = d·2^(w·j)·G (T[j·2^w] is infinity), for accelerators to upload.
  const std::vector<Aff>& table() const { return table_; }

private:
  std::size_t digit(const ff::Limbs<4>& k, unsigned j) const {
    std::size_t bit = std::size_t(j) * w_, v = 0;
    for (unsigned b = 0; b < w_ && bit + b < 256; ++b)
      v |= std::size_t((k[(bit + b) / 64] >> ((bit + b) % 64)) & 1) << b;
    return v;
  }
  unsigned w_, windows_;
  std::vector<Aff> table_;
};

}  // namespace cuzk::setup
