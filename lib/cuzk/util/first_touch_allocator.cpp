#include "cuzk/util/first_touch_allocator.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

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

}  // namespace cuzk
