// Writes a ProvingKey in the snarkjs Groth16 .zkey layout (see zkey.hpp), streamed
// through a buffer into an AtomicFile so multi-GiB keys need no second copy in memory.
#include <cstring>
#include <string>

#include "cuzk/groth16/point_io.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/util/atomic_file.hpp"

namespace cuzk::groth16 {

namespace {

class Out {
public:
  explicit Out(AtomicFile& f) : f_(f) { buf_.reserve(1 << 20); }
  ~Out() = default;
  void bytes(const void* p, std::size_t n) {
    buf_.append(static_cast<const char*>(p), n);
    if (buf_.size() >= (1 << 20)) flush();
  }
  void u32(std::uint32_t v) { bytes(&v, 4); }
  void u64(std::uint64_t v) { bytes(&v, 8); }
  void section(std::uint32_t id, std::uint64_t size) {
    u32(id);
    u64(size);
  }
  void g1(const G1Affine& p) {
    std::uint8_t b[96];
    write_g1_mont(p, b);
    bytes(b, 96);
  }
  void g2(const G2Affine& p) {
    std::uint8_t b[192];
    write_g2_mont(p, b);
    bytes(b, 192);
  }
  void flush() {
    f_.write(buf_.data(), buf_.size());
    buf_.clear();
  }

private:
  AtomicFile& f_;
  std::string buf_;
};

}  // namespace

void write_zkey(const std::string& path, const ProvingKey& pk) {
  const auto& h = pk.header;
  AtomicFile file(path);
  Out o(file);
  o.bytes("zkey", 4);
  o.u32(1);   // version
  o.u32(10);  // sections
  o.section(1, 4);
  o.u32(1);  // Groth16
  o.section(2, 4 + 48 + 4 + 32 + 4 * 3 + 96 * 3 + 192 * 3);
  o.u32(48);
  o.bytes(Fq::P.data(), 48);
  o.u32(32);
  o.bytes(Fr::P.data(), 32);
  o.u32(h.n_vars);
  o.u32(h.n_public);
  o.u32(h.domain_size);
  o.g1(h.alpha1);
  o.g1(h.beta1);
  o.g2(h.beta2);
  o.g2(h.gamma2);
  o.g1(h.delta1);
  o.g2(h.delta2);
  o.section(3, pk.ic.size() * 96);
  for (auto& p : pk.ic) o.g1(p);
  o.section(4, 4 + pk.coefs.size() * 44);
  o.u32(std::uint32_t(pk.coefs.size()));
  for (const Coef& c : pk.coefs) {
    o.u32(c.matrix);
    o.u32(c.constraint);
    o.u32(c.signal);
    o.bytes(c.value.v, 32);
  }
  o.section(5, pk.a.size() * 96);
  for (auto& p : pk.a) o.g1(p);
  o.section(6, pk.b1.size() * 96);
  for (auto& p : pk.b1) o.g1(p);
  o.section(7, pk.b2.size() * 192);
  for (auto& p : pk.b2) o.g2(p);
  o.section(8, pk.c.size() * 96);
  for (auto& p : pk.c) o.g1(p);
  o.section(9, pk.h.size() * 96);
  for (auto& p : pk.h) o.g1(p);
  o.section(10, 64 + 4);  // csHash (none: single-party test key) + 0 contributions
  std::uint8_t zero[64] = {};
  o.bytes(zero, 64);
  o.u32(0);
  o.flush();
  file.commit();
}

}  // namespace cuzk::groth16
