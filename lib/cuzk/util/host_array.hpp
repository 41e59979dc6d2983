#pragma once
// HostArray<T>: n elements of T in host memory owned by someone else: a plain heap block made for
// it, or part of a buffer a pool lent (util/lending_pool.hpp: a GPU backend's page-locked set, which
// the device reads without a host copy). The owner is shared, so several arrays may be views into
// one lent buffer (a partition's a and b in one set); the buffer goes back when the last of them
// is released or destroyed. Move-only: a copy would be a second name for the same memory.
// For trivially copyable element types.
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuzk/util/first_touch_allocator.hpp"

namespace cuzk {

template <class T>
class HostArray {
  static_assert(std::is_trivially_copyable_v<T>, "HostArray holds raw memory: trivially copyable types only");

public:
  HostArray() = default;
  // A view of [p, p + n) kept alive by `owner`. `lender` names the pool the memory came from
  // (nullptr: plain memory), so that the lender can recognise its own buffers.
  HostArray(T* p, std::size_t n, std::shared_ptr<void> owner, const void* lender = nullptr)
      : p_(p), n_(n), owner_(std::move(owner)), lender_(lender) {}
  HostArray(HostArray&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)), owner_(std::move(o.owner_)),
        lender_(std::exchange(o.lender_, nullptr)) {}
  HostArray& operator=(HostArray&& o) noexcept {
    if (this != &o) {
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
      owner_ = std::move(o.owner_);
      lender_ = std::exchange(o.lender_, nullptr);
    }
    return *this;
  }
  HostArray(const HostArray&) = delete;
  HostArray& operator=(const HostArray&) = delete;

  // n value-initialised elements in plain memory of their own, the pages faulted in on every
  // core first (resize_prefaulted).
  static HostArray plain(std::size_t n) {
    auto v = std::make_shared<std::vector<T>>();
    resize_prefaulted(*v, n);
    T* p = v->data();
    return HostArray(p, n, std::move(v));
  }

  T* data() const { return p_; }
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T& operator[](std::size_t i) const { return p_[i]; }
  T* begin() const { return p_; }
  T* end() const { return p_ + n_; }
  // The pool that lent this memory; nullptr for plain memory.
  const void* lender() const { return lender_; }
  bool lent() const { return lender_ != nullptr; }
  const std::shared_ptr<void>& owner() const { return owner_; }

  // Drops this view (and the memory, or gives the lent buffer back, with its last view).
  void release() noexcept {
    p_ = nullptr;
    n_ = 0;
    owner_.reset();
    lender_ = nullptr;
  }

private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
  std::shared_ptr<void> owner_;
  const void* lender_ = nullptr;
};

}  // namespace cuzk
