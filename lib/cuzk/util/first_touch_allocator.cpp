#include "cuzk/util/first_touch_allocator.hpp"

#include <sys/mman.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstdint>

#include <algorithm>
#include <cstring>

namespace cuzk {

namespace {
constexpr std::size_t kChunk = std::size_t(1) << 16;
}  // namespace

void first_touch(void* p, std::size_t bytes) {
  auto* b = static_cast<unsigned char*>(p);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, (bytes + kChunk - 1) / kChunk),
                    [b, bytes](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t c = r.begin(); c != r.end(); ++c) {
                        const std::size_t off = c * kChunk;
                        std::memset(b + off, 0, std::min(kChunk, bytes - off));
                      }
                    });
}

void prefault(void* p, std::size_t bytes) {
  constexpr std::size_t page = 4096, chunk = std::size_t(8) << 20;
  const auto lo = (reinterpret_cast<std::uintptr_t>(p) + page - 1) & ~std::uintptr_t(page - 1);
  const auto hi = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~std::uintptr_t(page - 1);
  if (bytes < chunk || hi <= lo) return;
#ifdef MADV_POPULATE_WRITE
  tbb::parallel_for(lo, hi, chunk, [&](std::uintptr_t c) {
    (void)madvise(reinterpret_cast<void*>(c), std::min<std::uintptr_t>(chunk, hi - c), MADV_POPULATE_WRITE);
  });
#endif
}

}  // namespace cuzk
