#include "cuzk/groth16/r1cs.hpp"

#include "cuzk/groth16/binfile.hpp"

namespace cuzk::groth16 {

using bls12_381::Fr;

R1cs read_r1cs(const std::string& path) {
  BinFile f(path, "r1cs", 1);
  R1cs r;
  r.path = path;
  Reader h = f.section(1, "r1cs header");
  std::uint32_t n8 = h.u32();
  if (n8 != 32) h.bad("field size n8 = " + std::to_string(n8) + ", expected 32");
  if (Fr::repr_from_bytes_le(h.take(32)) != Fr::P) h.bad("the prime is not the BLS12-381 scalar field (wrong curve)");
  r.n_wires = h.u32();
  r.n_outputs = h.u32();
  r.n_pub_inputs = h.u32();
  r.n_prv_inputs = h.u32();
  r.n_labels = h.u64();
  r.n_constraints = h.u32();
  Reader c = f.section(2, "constraints");
  r.constraints.resize(r.n_constraints);
  auto read_lc = [&](LinComb& lc, std::uint32_t ci) {
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

std::optional<std::uint32_t> R1cs::first_unsatisfied(const std::vector<Scalar>& w) const {
  std::vector<Fr> wm(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) wm[i] = Fr::from_canonical(w[i]);
  auto eval = [&](const LinComb& lc) {
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

}  // namespace cuzk::groth16
