#pragma once
// FirstTouchAllocator: std::allocator whose allocate() zero-fills the new block (a large one with
// tbb::parallel_for (first_touch, in first_touch_allocator.cpp: no TBB header here)), so the
// page faults of a multi-GB vector (the kernel zeroing each new page on first touch) are
// taken on every core instead of serially in the vector's constructor. The vector then
// constructs its elements as usual, over pages already mapped (one plain memory pass), so
// the container's semantics are std::vector's.
// Measured in tests/bench/bench_zkey.cpp (construct_std vs construct_first_touch).
// For trivially copyable, trivially destructible element types (points, coefficients).
#include <cstddef>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

namespace cuzk {

// Writes zeros over [p, p + bytes) in parallel chunks of 64 KiB (the caller's TBB arena).
void first_touch(void* p, std::size_t bytes);

// Faults the whole pages inside [p, p + bytes) in, in parallel chunks of 8 MiB (the caller's
// TBB arena), without writing them (MADV_POPULATE_WRITE; best effort: before Linux 5.14 it
// does nothing, and the pages are faulted in on first use as usual). Below 8 MiB: nothing.
void prefault(void* p, std::size_t bytes);

// v (empty) resized to n value-initialised elements with its pages faulted in first, in
// parallel. A fresh a/b/c vector at 2^24 is 512 MiB: std::vector's value-initialisation
// faulted its 131072 4-KiB pages in one thread, a serial section of every partition's
// synthesis (half of one-thread porep-lite synthesis time, docs/experiments/synthesis-2026-12-07).
// The contents are those of v.resize(n). Transparent huge pages were tried and left out: faster
// in steady state, but the first partition of a fresh process took 2.2-3.3 s instead of 0.6 s.
template <class T>
void resize_prefaulted(std::vector<T>& v, std::size_t n) {
  v.reserve(n);
  prefault(v.data(), n * sizeof(T));
  v.resize(n);
}

template <class T>
struct FirstTouchAllocator {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "FirstTouchAllocator constructs in allocate(): trivial element types only");
  using value_type = T;
  // Blocks below this many bytes are left to the serial path (no task overhead).
  static constexpr std::size_t kParallelBytes = std::size_t(1) << 22;

  FirstTouchAllocator() noexcept = default;
  template <class U>
  FirstTouchAllocator(const FirstTouchAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    T* p = std::allocator<T>{}.allocate(n);
    if (n * sizeof(T) >= kParallelBytes)
      first_touch(p, n * sizeof(T));
    else  // zeros too: the elements' padding bytes (a point's after `inf`) never hold old heap bytes
      std::memset(static_cast<void*>(p), 0, n * sizeof(T));
    return p;
  }
  void deallocate(T* p, std::size_t n) noexcept { std::allocator<T>{}.deallocate(p, n); }

  template <class U>
  friend bool operator==(const FirstTouchAllocator&, const FirstTouchAllocator<U>&) noexcept {
    return true;
  }
};

// A vector of many large trivially copyable elements (key points, coefficients).
template <class T>
using BigVector = std::vector<T, FirstTouchAllocator<T>>;

}  // namespace cuzk
