#include "cuzk/util/sha256.hpp"

#include <cstring>
#include <vector>

namespace cuzk {

namespace {

constexpr bool is_prime(unsigned n) {
  if (n < 2) return false;
  for (unsigned d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

// floor(frac(p^(1/k)) · 2^32) exactly, by integer root search: the largest integer x
// with x^k ≤ p · 2^(32k) is floor(p^(1/k) · 2^32); its low 32 bits are the fraction.
constexpr std::uint32_t frac_root_bits(unsigned p, unsigned k) {
  using u128 = unsigned __int128;
  // p ≤ 311 so p^(1/k)·2^32 < 2^36 and x^k < 2^108 fits (k ≤ 3).
  const u128 target = u128(p) << (32 * k);
  u128 lo = 0, hi = u128(1) << 36;
  while (hi - lo > 1) {
    u128 mid = (lo + hi) / 2, pw = 1;
    for (unsigned i = 0; i < k; ++i) pw *= mid;
    if (pw <= target) lo = mid;
    else hi = mid;
  }
  return std::uint32_t(lo);
}

constexpr std::array<unsigned, 64> first_primes() {
  std::array<unsigned, 64> p{};
  unsigned n = 0;
  for (unsigned v = 2; n < 64; ++v)
    if (is_prime(v)) p[n++] = v;
  return p;
}

constexpr auto PRIMES = first_primes();
constexpr std::array<std::uint32_t, 64> make_k() {
  std::array<std::uint32_t, 64> k{};
  for (unsigned i = 0; i < 64; ++i) k[i] = frac_root_bits(PRIMES[i], 3);
  return k;
}
constexpr Sha256State make_iv() {
  Sha256State h{};
  for (unsigned i = 0; i < 8; ++i) h[i] = frac_root_bits(PRIMES[i], 2);
  return h;
}
constexpr auto K = make_k();
constexpr auto IV = make_iv();
// Spot checks against FIPS 180-4 §4.2.2 / §5.3.3 (first and last values).
static_assert(K[0] == 0x428a2f98 && K[63] == 0xc67178f2);
static_assert(IV[0] == 0x6a09e667 && IV[7] == 0x5be0cd19);

constexpr std::uint32_t rotr(std::uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

}  // namespace

const std::array<std::uint32_t, 64>& sha256_k() { return K; }
const Sha256State& sha256_iv() { return IV; }

void sha256_compress(Sha256State& st, const Sha256Block& block) {
  std::uint32_t w[64];
  for (unsigned t = 0; t < 16; ++t)
    w[t] = std::uint32_t(block[4 * t]) << 24 | std::uint32_t(block[4 * t + 1]) << 16 |
           std::uint32_t(block[4 * t + 2]) << 8 | block[4 * t + 3];
  for (unsigned t = 16; t < 64; ++t) {
    std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  std::uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
  for (unsigned t = 0; t < 64; ++t) {
    std::uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    std::uint32_t ch = (e & f) ^ (~e & g);
    std::uint32_t t1 = h + S1 + ch + K[t] + w[t];
    std::uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    std::uint32_t t2 = S0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  st[0] += a, st[1] += b, st[2] += c, st[3] += d, st[4] += e, st[5] += f, st[6] += g, st[7] += h;
}

Sha256Digest sha256_digest_bytes(const Sha256State& st) {
  Sha256Digest d;
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned j = 0; j < 4; ++j) d[4 * i + j] = std::uint8_t(st[i] >> (24 - 8 * j));
  return d;
}

Sha256Digest sha256(std::span<const std::uint8_t> msg) {
  Sha256State st = IV;
  Sha256Block blk;
  std::size_t i = 0;
  for (; i + 64 <= msg.size(); i += 64) {
    std::memcpy(blk.data(), msg.data() + i, 64);
    sha256_compress(st, blk);
  }
  // Padding (§5.1.1): 0x80, zeros, 64-bit big-endian bit length.
  std::vector<std::uint8_t> tail(msg.begin() + i, msg.end());
  tail.push_back(0x80);
  while (tail.size() % 64 != 56) tail.push_back(0);
  const std::uint64_t bits = std::uint64_t(msg.size()) * 8;
  for (int j = 7; j >= 0; --j) tail.push_back(std::uint8_t(bits >> (8 * j)));
  for (std::size_t o = 0; o < tail.size(); o += 64) {
    std::memcpy(blk.data(), tail.data() + o, 64);
    sha256_compress(st, blk);
  }
  return sha256_digest_bytes(st);
}

}  // namespace cuzk
