#include "cuzk/groth16/snarkjs_files.hpp"

#include "cuzk/ec/encoding.hpp"
#include "cuzk/groth16/json_io.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

template <class E>
std::string proof_json_text(const Proof<E>& p) {
  return dump_snarkjs(proof_to_json(p));
}
std::string public_json_text(const std::vector<Scalar>& pub) { return dump_snarkjs(public_to_json(pub)); }
template <class E>
std::string vkey_json_text(const VerifyingKey<E>& vk) {
  return dump_snarkjs(vkey_to_json(vk));
}

CurveId json_file_curve(const std::string& path, std::optional<CurveId> fallback) {
  return json_curve(read_json_file(path), path, fallback);
}

template <class E>
Proof<E> read_proof_file(const std::string& path) {
  return proof_from_json<E>(read_json_file(path), path);
}
std::vector<Scalar> read_public_file(const std::string& path) { return public_from_json(read_json_file(path), path); }
template <class E>
VerifyingKey<E> read_vkey_file(const std::string& path) {
  return vkey_from_json<E>(read_json_file(path), path);
}

std::vector<std::uint8_t> proof_to_bytes(const Proof<pairing::Bls12_381>& p) {
  std::vector<std::uint8_t> out(192);
  ec::g1_compress(p.a, out.data());
  ec::g2_compress(p.b, out.data() + 48);
  ec::g1_compress(p.c, out.data() + 144);
  return out;
}

Proof<pairing::Bls12_381> proof_from_bytes(const std::uint8_t* b, const std::string& file) {
  try {
    return {ec::g1_decompress(b), ec::g2_decompress(b + 48), ec::g1_decompress(b + 144)};
  } catch (const Error& e) {
    fail(Error::Kind::BadInput, file, std::string("invalid compressed proof: ") + e.what());
  }
}

std::vector<std::uint8_t> proof_to_eip197(const Proof<pairing::Bn254>& p) {
  std::vector<std::uint8_t> out(256, 0);
  auto put = [&](const pairing::Bn254::Fq& x, std::size_t at) {
    const auto c = x.canonical();  // little-endian limbs → 32 bytes big-endian
    for (std::size_t i = 0; i < 32; ++i) out[at + 31 - i] = std::uint8_t(c[i / 8] >> (8 * (i % 8)));
  };
  if (!p.a.inf) put(p.a.x, 0), put(p.a.y, 32);
  if (!p.b.inf) put(p.b.x.c1, 64), put(p.b.x.c0, 96), put(p.b.y.c1, 128), put(p.b.y.c0, 160);
  if (!p.c.inf) put(p.c.x, 192), put(p.c.y, 224);
  return out;
}

#define CUZK_SNARKJS_FILES_INSTANCES(E)                                   \
  template std::string proof_json_text<E>(const Proof<E>&);              \
  template std::string vkey_json_text<E>(const VerifyingKey<E>&);        \
  template Proof<E> read_proof_file<E>(const std::string&);              \
  template VerifyingKey<E> read_vkey_file<E>(const std::string&);
CUZK_SNARKJS_FILES_INSTANCES(pairing::Bls12_381)
CUZK_SNARKJS_FILES_INSTANCES(pairing::Bn254)
#undef CUZK_SNARKJS_FILES_INSTANCES

}  // namespace cuzk::groth16
