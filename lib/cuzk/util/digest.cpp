#include "cuzk/util/digest.hpp"

#include <tbb/parallel_for.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "cuzk/util/crc32c.hpp"
#include "cuzk/util/mapped_file.hpp"
#include "cuzk/util/sha256.hpp"

namespace cuzk {

namespace {


#if defined(__x86_64__)
// SHA-256 compression of whole 64-byte blocks with the x86 SHA extensions (SHA-NI), after the
// public-domain sha256-x86.c of Jeffrey Walton; checked against the portable compression in
// the unit tests (tree vectors from Python's hashlib).
__attribute__((target("sha,sse4.1"))) void blocks_shani(Sha256State& st, const std::uint8_t* p, std::size_t n) {
  const __m128i MASK = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  const std::uint32_t* K = sha256_k().data();
  __m128i TMP = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&st[0]));
  __m128i STATE1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&st[4]));
  TMP = _mm_shuffle_epi32(TMP, 0xB1);           // CDAB
  STATE1 = _mm_shuffle_epi32(STATE1, 0x1B);     // EFGH
  __m128i STATE0 = _mm_alignr_epi8(TMP, STATE1, 8);  // ABEF
  STATE1 = _mm_blend_epi16(STATE1, TMP, 0xF0);  // CDGH
  for (; n > 0; --n, p += 64) {
    const __m128i ABEF = STATE0, CDGH = STATE1;
    __m128i W[4];
    for (int i = 0; i < 16; ++i) {
      __m128i& w = W[i & 3];
      if (i < 4) {
        w = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)), MASK);
      } else {
        // w[t] = s1(w[t-2]) + w[t-7] + s0(w[t-15]) + w[t-16], four lanes at a time
        const __m128i& w1 = W[(i - 1) & 3];
        const __m128i& w2 = W[(i - 2) & 3];
        const __m128i& w3 = W[(i - 3) & 3];
        __m128i x = _mm_sha256msg1_epu32(w, w3);
        x = _mm_add_epi32(x, _mm_alignr_epi8(w1, w2, 4));
        w = _mm_sha256msg2_epu32(x, w1);
      }
      __m128i MSG = _mm_add_epi32(w, _mm_loadu_si128(reinterpret_cast<const __m128i*>(K + 4 * i)));
      STATE1 = _mm_sha256rnds2_epu32(STATE1, STATE0, MSG);
      MSG = _mm_shuffle_epi32(MSG, 0x0E);
      STATE0 = _mm_sha256rnds2_epu32(STATE0, STATE1, MSG);
    }
    STATE0 = _mm_add_epi32(STATE0, ABEF);
    STATE1 = _mm_add_epi32(STATE1, CDGH);
  }
  TMP = _mm_shuffle_epi32(STATE0, 0x1B);        // FEBA
  STATE1 = _mm_shuffle_epi32(STATE1, 0xB1);     // DCHG
  STATE0 = _mm_blend_epi16(TMP, STATE1, 0xF0);  // DCBA
  STATE1 = _mm_alignr_epi8(STATE1, TMP, 8);     // ABEF
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&st[0]), STATE0);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&st[4]), STATE1);
}

// CPUID: leaf 7 EBX bit 29 = SHA extensions, leaf 1 ECX bit 19 = SSE4.1 (read directly:
// clang 14's __builtin_cpu_supports does not know "sha").
bool sha_ni_present() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 19))) return false;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return (b & (1u << 29)) != 0;
}
const bool kShaNi = sha_ni_present();
#endif

void blocks(Sha256State& st, const std::uint8_t* p, std::size_t n) {
#if defined(__x86_64__)
  if (kShaNi) return blocks_shani(st, p, n);
#endif
  Sha256Block b;
  for (; n > 0; --n, p += 64) {
    std::memcpy(b.data(), p, 64);
    sha256_compress(st, b);
  }
}

// SHA-256 with FIPS padding over the block function above.
Digest sha256_fast(std::span<const std::uint8_t> m) {
  Sha256State st = sha256_iv();
  const std::size_t full = m.size() / 64;
  blocks(st, m.data(), full);
  std::uint8_t tail[128] = {};
  const std::size_t rest = m.size() - 64 * full;
  if (rest) std::memcpy(tail, m.data() + 64 * full, rest);
  tail[rest] = 0x80;
  const std::size_t len = rest + 9 <= 64 ? 64 : 128;
  const std::uint64_t bits = std::uint64_t(m.size()) * 8;
  for (int j = 0; j < 8; ++j) tail[len - 1 - j] = std::uint8_t(bits >> (8 * j));
  blocks(st, tail, len / 64);
  return sha256_digest_bytes(st);
}

}  // namespace

Digest sha256_of(std::string_view s) { return sha256_fast({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}); }

namespace {

// The tree both digests share: SHA-256 over tag || u64le(length) || each 1 MiB leaf's
// `width`-byte value, the leaves computed in parallel by leaf(bytes, out).
template <class Leaf>
Digest tree_root(std::span<const std::uint8_t> data, std::string_view tag, std::size_t width, Leaf leaf) {
  const std::size_t leaves = (data.size() + kDigestLeafBytes - 1) / kDigestLeafBytes;
  std::vector<std::uint8_t> root(tag.size() + 8 + width * leaves);
  std::memcpy(root.data(), tag.data(), tag.size());
  const std::uint64_t n = data.size();
  for (int i = 0; i < 8; ++i) root[tag.size() + i] = std::uint8_t(n >> (8 * i));
  std::uint8_t* out = root.data() + tag.size() + 8;
  tbb::parallel_for(std::size_t(0), leaves, [&](std::size_t i) {
    const std::size_t off = i * kDigestLeafBytes;
    leaf(data.subspan(off, std::min(kDigestLeafBytes, data.size() - off)), out + width * i);
  });
  return sha256_fast(root);
}

}  // namespace

Digest digest_tree(std::span<const std::uint8_t> data) {
  return tree_root(data, "cuzk-sha256t-1MiB", 32, [](std::span<const std::uint8_t> leaf, std::uint8_t* out) {
    const Digest d = sha256_fast(leaf);
    std::memcpy(out, d.data(), 32);
  });
}

Digest checksum_tree(std::span<const std::uint8_t> data, std::stop_token stop) {
  return tree_root(data, "cuzk-crc32c-1MiB", 4, [&stop](std::span<const std::uint8_t> leaf, std::uint8_t* out) {
    if (stop.stop_requested()) return;
    const std::uint32_t c = crc32c(leaf);
    for (int k = 0; k < 4; ++k) out[k] = std::uint8_t(c >> (8 * k));  // little-endian
  });
}

Digest digest_file(const std::string& path) {
  MappedFile f(path);
  return digest_tree({f.data(), f.size()});
}

std::string to_hex(const Digest& d) {
  static const char* hx = "0123456789abcdef";
  std::string s;
  for (auto b : d) {
    s += hx[b >> 4];
    s += hx[b & 15];
  }
  return s;
}

}  // namespace cuzk
