#include "cuzk/groth16/r1cs.hpp"

#include "cuzk/groth16/binfile.hpp"

namespace cuzk::groth16 {

namespace {
// The header's n8 and prime: the file's curve.
CurveId read_prime(Reader& h) {
  std::uint32_t n8 = h.u32();
  if (n8 != 32) h.bad("field size n8 = " + std::to_string(n8) + ", expected 32");
  const Scalar p = pairing::Bls12_381::Fr::repr_from_bytes_le(h.take(32));
  if (p == pairing::Bls12_381::Fr::P) return CurveId::Bls12_381;
  if (p == pairing::Bn254::Fr::P) return CurveId::Bn254;
  h.bad("the prime is neither BLS12-381's nor BN254's scalar field");
}
}  // namespace

CurveId r1cs_curve(const std::string& path) {
  BinFile f(path, "r1cs", 1);
  Reader h = f.section(1, "r1cs header");
  return read_prime(h);
}

template <class E>
R1cs<E> read_r1cs(const std::string& path) {
  BinFile f(path, "r1cs", 1);
  return read_r1cs<E>(f);
}

template <class E>
R1cs<E> read_r1cs_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name) {
  BinFile f(data, size, name, "r1cs", 1);
  return read_r1cs<E>(f);
}

template <class E>
R1cs<E> read_r1cs(const BinFile& f) {
  using Fr = typename E::Fr;
  R1cs<E> r;
  r.path = f.path();
  Reader h = f.section(1, "r1cs header");
  if (const CurveId c = read_prime(h); c != E::id)
    h.bad(std::string("the prime is ") + pairing::display_name(c) + "'s scalar field, not " + E::display_name +
          "'s (wrong curve)");
  r.n_wires = h.u32();
  r.n_outputs = h.u32();
  r.n_pub_inputs = h.u32();
  r.n_prv_inputs = h.u32();
  r.n_labels = h.u64();
  r.n_constraints = h.u32();
  // The counts against each other and the constraint section's size (64-bit), before
  // anything sized by them is allocated: the setup and the prover index by them.
  const std::uint64_t n_pub = std::uint64_t(r.n_outputs) + r.n_pub_inputs;
  if (n_pub + r.n_prv_inputs + 1 > r.n_wires)
    h.bad("nOutputs " + std::to_string(r.n_outputs) + " + nPubInputs " + std::to_string(r.n_pub_inputs) +
          " + nPrvInputs " + std::to_string(r.n_prv_inputs) + " + 1 (the constant) exceed nWires " +
          std::to_string(r.n_wires));
  // Section 3 (wire2label) is nWires u64s: the file's size bounds nWires before the setup or
  // the prover sizes anything by it (a header with nWires = 2^32-1 is refused, not allocated).
  Reader w = f.section(3, "wire2label");
  if (w.remaining() != std::uint64_t(r.n_wires) * 8)
    w.bad("holds " + std::to_string(w.remaining()) + " bytes, but the header's nWires = " + std::to_string(r.n_wires) +
          " needs " + std::to_string(std::uint64_t(r.n_wires) * 8) + " (8 bytes a wire)");
  Reader c = f.section(2, "constraints");
  if (std::uint64_t(r.n_constraints) * 12 > c.remaining())  // each constraint: 3 term counts at least
    c.bad("holds " + std::to_string(c.remaining()) + " bytes, too few for nConstraints = " +
          std::to_string(r.n_constraints) + " (at least 12 bytes each)");
  r.constraints.resize(r.n_constraints);
  auto read_lc = [&](LinComb<E>& lc, std::uint32_t ci) {
    std::uint32_t nt = c.u32();
    if (std::size_t(nt) * 36 > c.remaining()) c.bad("constraint " + std::to_string(ci) + " is truncated");
    lc.terms.resize(nt);
    for (auto& t : lc.terms) {
      t.wire = c.u32();
      auto v = Fr::repr_from_bytes_le(c.take(32));
      if (t.wire >= r.n_wires || !Fr::is_canonical(v))
        c.bad("constraint " + std::to_string(ci) + " has an invalid term (wire " + std::to_string(t.wire) + ")");
      t.coef = Fr::from_canonical(v);
    }
  };
  for (std::uint32_t i = 0; i < r.n_constraints; ++i) {
    read_lc(r.constraints[i].a, i);
    read_lc(r.constraints[i].b, i);
    read_lc(r.constraints[i].c, i);
  }
  if (c.remaining() != 0) c.bad("has " + std::to_string(c.remaining()) + " trailing bytes");
  return r;
}

template <class E>
std::optional<std::uint32_t> R1cs<E>::first_unsatisfied(const std::vector<Scalar>& w) const {
  using Fr = typename E::Fr;
  if (w.size() != n_wires)
    fail(Error::Kind::BadInput, path,
         "has nWires = " + std::to_string(n_wires) + " but the witness has " + std::to_string(w.size()) + " values");
  std::vector<Fr> wm(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) wm[i] = Fr::from_canonical(w[i]);
  auto eval = [&](const LinComb<E>& lc) {
    Fr acc;
    for (auto& t : lc.terms) acc += t.coef * wm[t.wire];
    return acc;
  };
  for (std::uint32_t i = 0; i < n_constraints; ++i) {
    const auto& k = constraints[i];
    if (eval(k.a) * eval(k.b) != eval(k.c)) return i;
  }
  return std::nullopt;
}

#define CUZK_R1CS_INSTANCES(E)                                                                       \
  template struct R1cs<E>;                                                                          \
  template R1cs<E> read_r1cs<E>(const std::string&);                                                \
  template R1cs<E> read_r1cs<E>(const BinFile&);                                                    \
  template R1cs<E> read_r1cs_from_memory<E>(const std::uint8_t*, std::size_t, const std::string&);
CUZK_R1CS_INSTANCES(pairing::Bls12_381)
CUZK_R1CS_INSTANCES(pairing::Bn254)
#undef CUZK_R1CS_INSTANCES

}  // namespace cuzk::groth16
