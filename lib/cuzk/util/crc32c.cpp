#include "cuzk/util/crc32c.hpp"

#include <array>
#include <cstring>
#if defined(__x86_64__)
#include <cpuid.h>
#include <nmmintrin.h>
#endif

namespace cuzk {

namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u;  // 0x1EDC6F41 bit-reversed

// table[i] = the CRC register after shifting the byte i through it (eight steps of the
// reflected polynomial division).
constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr auto kTable = make_table();
static_assert(kTable[1] == 0xF26B8303u && kTable[128] == kPoly, "CRC-32C table (RFC 3720 polynomial)");

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t crc_hw(const std::uint8_t* p, std::size_t n, std::uint32_t crc) {
  std::uint64_t x = ~crc;
  for (; n >= 8; n -= 8, p += 8) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    x = _mm_crc32_u64(x, v);
  }
  std::uint32_t c = std::uint32_t(x);
  for (; n; --n) c = _mm_crc32_u8(c, *p++);
  return ~c;
}

bool sse42_present() {  // CPUID leaf 1, ECX bit 20
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 20));
}
const bool kHw = sse42_present();
#endif

}  // namespace

std::uint32_t crc32c_portable(std::span<const std::uint8_t> data, std::uint32_t crc) {
  std::uint32_t c = ~crc;
  for (std::uint8_t b : data) c = kTable[(c ^ b) & 0xFF] ^ (c >> 8);
  return ~c;
}

std::uint32_t crc32c(std::span<const std::uint8_t> data, std::uint32_t crc) {
#if defined(__x86_64__)
  if (kHw) return crc_hw(data.data(), data.size(), crc);
#endif
  return crc32c_portable(data, crc);
}

bool crc32c_hardware() {
#if defined(__x86_64__)
  return kHw;
#else
  return false;
#endif
}

}  // namespace cuzk
