// Writes a ProvingKey in the snarkjs Groth16 .zkey layout (see zkey.hpp), streamed
// through a buffer into an AtomicFile so multi-GiB keys need no second copy in memory.
#include <cstring>
#include <string>

#include "cuzk/ec/snarkjs_points.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/util/atomic_file.hpp"

namespace cuzk::groth16 {

namespace {

template <class E>
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
  static constexpr std::size_t kG1 = ec::snarkjs::POINT_BYTES<typename E::G1Curve>;
  static constexpr std::size_t kG2 = ec::snarkjs::POINT_BYTES<typename E::G2Curve>;
  void g1(const typename E::G1Affine& p) {
    std::uint8_t b[kG1];
    ec::snarkjs::write_point(p, b);
    bytes(b, kG1);
  }
  void g2(const typename E::G2Affine& p) {
    std::uint8_t b[kG2];
    ec::snarkjs::write_point(p, b);
    bytes(b, kG2);
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

template <class E>
void write_zkey(const std::string& path, const ProvingKey<E>& pk) {
  using Fq = typename E::Fq;
  using Fr = typename E::Fr;
  constexpr std::size_t n8q = 8 * Fq::N, g1b = Out<E>::kG1, g2b = Out<E>::kG2;
  const auto& h = pk.header;
  pk.wait_all_checked();  // a deferred-check key (prepared_key.hpp): its points' checks passed first
  AtomicFile file(path);
  Out<E> o(file);
  o.bytes("zkey", 4);
  o.u32(1);   // version
  o.u32(10);  // sections
  o.section(1, 4);
  o.u32(1);  // Groth16
  o.section(2, 4 + n8q + 4 + 32 + 4 * 3 + g1b * 3 + g2b * 3);
  o.u32(std::uint32_t(n8q));
  o.bytes(Fq::P.data(), n8q);
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
  o.section(3, pk.ic.size() * g1b);
  for (auto& p : pk.ic) o.g1(p);
  o.section(4, 4 + pk.coefs.size() * 44);
  o.u32(std::uint32_t(pk.coefs.size()));
  for (const Coef<E>& c : pk.coefs) {
    o.u32(c.matrix);
    o.u32(c.constraint);
    o.u32(c.signal);
    o.bytes(c.value.v, 32);
  }
  o.section(5, pk.a.size() * g1b);
  for (auto& p : pk.a) o.g1(p);
  o.section(6, pk.b1.size() * g1b);
  for (auto& p : pk.b1) o.g1(p);
  o.section(7, pk.b2.size() * g2b);
  for (auto& p : pk.b2) o.g2(p);
  o.section(8, pk.c.size() * g1b);
  for (auto& p : pk.c) o.g1(p);
  o.section(9, pk.h.size() * g1b);
  for (auto& p : pk.h) o.g1(p);
  o.section(10, 64 + 4);  // csHash (none: single-party test key) + 0 contributions
  std::uint8_t zero[64] = {};
  o.bytes(zero, 64);
  o.u32(0);
  o.flush();
  file.commit();
}

template void write_zkey<pairing::Bls12_381>(const std::string&, const ProvingKey<pairing::Bls12_381>&);
template void write_zkey<pairing::Bn254>(const std::string&, const ProvingKey<pairing::Bn254>&);

}  // namespace cuzk::groth16
