#include "cuzk/groth16/json_io.hpp"

#include "cuzk/ff/mont_io.hpp"
#include "cuzk/util/atomic_file.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

namespace {

template <class Fq2>
json fq2_json(const Fq2& a) {
  return json::array({a.c0.to_decimal(), a.c1.to_decimal()});
}

template <class C>
json g1_json(const ec::Affine<C>& p) {
  if (p.inf) return json::array({"0", "1", "0"});
  return json::array({p.x.to_decimal(), p.y.to_decimal(), "1"});
}
template <class C>
json g2_json(const ec::Affine<C>& p) {
  if (p.inf) return json::array({json::array({"0", "0"}), json::array({"1", "0"}), json::array({"0", "0"})});
  return json::array({fq2_json(p.x), fq2_json(p.y), json::array({"1", "0"})});
}

template <class E>
struct Ctx {
  using Fq = typename E::Fq;
  using Fq2 = typename E::Fq2;
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  const std::string& file;
  [[noreturn]] void bad(const std::string& where, const std::string& msg) const {
    fail(Error::Kind::BadInput, file, where + ": " + msg);
  }
  template <class F>
  F num(const json& j, const std::string& where) const {
    if (!j.is_string()) bad(where, "expected a decimal string");
    auto v = ff::field_from_decimal<F>(j.get<std::string>());
    if (!v) bad(where, "not a canonical decimal number below the field modulus");
    return *v;
  }
  Fq2 fq2(const json& j, const std::string& where) const {
    if (!j.is_array() || j.size() != 2) bad(where, "expected [c0, c1]");
    return {num<Fq>(j[0], where + "[0]"), num<Fq>(j[1], where + "[1]")};
  }
  // check_curve = false for proofs: an off-curve proof point is an *invalid proof*
  // (verify() rejects it, exit 1 as snarkjs), not malformed input.
  G1Affine g1(const json& j, const std::string& where, bool check_curve = true) const {
    if (!j.is_array() || j.size() != 3) bad(where, "expected [x, y, z]");
    Fq z = num<Fq>(j[2], where + "[2]");
    if (z.is_zero()) return G1Affine::infinity();
    if (!z.is_one()) bad(where, "only affine points (z = 1) are supported");
    G1Affine p(num<Fq>(j[0], where + "[0]"), num<Fq>(j[1], where + "[1]"));
    if (check_curve && !p.on_curve()) bad(where, std::string("point is not on the ") + E::display_name + " G1 curve");
    return p;
  }
  G2Affine g2(const json& j, const std::string& where, bool check_curve = true) const {
    if (!j.is_array() || j.size() != 3) bad(where, "expected [x, y, z]");
    auto z = fq2(j[2], where + "[2]");
    if (z.is_zero()) return G2Affine::infinity();
    if (!z.is_one()) bad(where, "only affine points (z = [1, 0]) are supported");
    G2Affine p(fq2(j[0], where + "[0]"), fq2(j[1], where + "[1]"));
    if (check_curve && !p.on_curve()) bad(where, std::string("point is not on the ") + E::display_name + " G2 curve");
    return p;
  }
  const json& field(const json& j, const char* k) const {
    if (!j.is_object() || !j.contains(k)) bad(k, "missing");
    return j.at(k);
  }
};

// The curve field, checked against E's.
template <class E>
void expect_curve(const json& j, const Ctx<E>& c, const char* what, bool required) {
  if (!required && !(j.is_object() && j.contains("curve"))) return;
  const CurveId got = json_curve(j, c.file);
  if (got != E::id)
    c.bad("curve", std::string("a ") + pairing::snarkjs_name(got) + " " + what + " where a " + E::snarkjs_name +
                       " one was expected (wrong curve)");
}

}  // namespace

CurveId json_curve(const json& j, const std::string& file, std::optional<CurveId> fallback) {
  if (!j.is_object() || !j.contains("curve")) {
    if (fallback) return *fallback;
    fail(Error::Kind::BadInput, file, "curve: missing");
  }
  const json& c = j.at("curve");
  CurveId id{};
  if (!c.is_string() || !pairing::curve_from_snarkjs_name(c.get<std::string>(), id))
    fail(Error::Kind::BadInput, file,
         "curve: " + (c.is_string() ? "\"" + c.get<std::string>() + "\"" : std::string("not a string")) +
             " is neither bls12381 nor bn128");
  return id;
}

template <class E>
json proof_to_json(const Proof<E>& p) {
  json j;
  j["pi_a"] = g1_json(p.a);
  j["pi_b"] = g2_json(p.b);
  j["pi_c"] = g1_json(p.c);
  j["protocol"] = "groth16";
  j["curve"] = E::snarkjs_name;
  return j;
}

json public_to_json(const std::vector<Scalar>& pub) {
  json j = json::array();
  for (auto& s : pub) j.push_back(ff::limbs_to_decimal<4>(s));
  return j;
}

template <class E>
json vkey_to_json(const VerifyingKey<E>& vk) {
  json j;
  j["protocol"] = "groth16";
  j["curve"] = E::snarkjs_name;
  j["nPublic"] = vk.n_public;
  j["vk_alpha_1"] = g1_json(vk.alpha1);
  j["vk_beta_2"] = g2_json(vk.beta2);
  j["vk_gamma_2"] = g2_json(vk.gamma2);
  j["vk_delta_2"] = g2_json(vk.delta2);
  auto e = E::pairing(vk.alpha1, vk.beta2);
  json ab = json::array();
  for (const auto* c6 : {&e.c0, &e.c1}) {
    json a6 = json::array();
    for (const auto* c2 : {&c6->c0, &c6->c1, &c6->c2}) a6.push_back(fq2_json(*c2));
    ab.push_back(a6);
  }
  j["vk_alphabeta_12"] = ab;
  json ic = json::array();
  for (auto& p : vk.ic) ic.push_back(g1_json(p));
  j["IC"] = ic;
  return j;
}

template <class E>
Proof<E> proof_from_json(const json& j, const std::string& file) {
  Ctx<E> c{file};
  if (j.contains("protocol") && j["protocol"] != "groth16") c.bad("protocol", "not a groth16 proof");
  expect_curve(j, c, "proof", false);
  return {c.g1(c.field(j, "pi_a"), "pi_a", false), c.g2(c.field(j, "pi_b"), "pi_b", false),
          c.g1(c.field(j, "pi_c"), "pi_c", false)};
}

std::vector<Scalar> public_from_json(const json& j, const std::string& file) {
  Ctx<pairing::Bls12_381> c{file};
  if (!j.is_array()) c.bad("public", "expected an array of decimal strings");
  std::vector<Scalar> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    std::string where = "public[" + std::to_string(i) + "]";
    if (!j[i].is_string()) c.bad(where, "expected a decimal string");
    auto v = ff::limbs_from_decimal<4>(j[i].get<std::string>());
    if (!v) c.bad(where, "not a decimal number of at most 256 bits");
    out.push_back(*v);  // values ≥ r are kept: verify() rejects them as snarkjs does
  }
  return out;
}

template <class E>
VerifyingKey<E> vkey_from_json(const json& j, const std::string& file) {
  Ctx<E> c{file};
  if (c.field(j, "protocol") != "groth16") c.bad("protocol", "not a groth16 verification key");
  c.field(j, "curve");
  expect_curve(j, c, "verification key", true);
  VerifyingKey<E> vk;
  const json& np = c.field(j, "nPublic");
  // Read as 64 bits and bounded before use: a value of 2^32 + n must not wrap to n.
  if (!np.is_number_integer() || (!np.is_number_unsigned() && np.get<std::int64_t>() < 0) ||
      np.get<std::uint64_t>() > kMaxVkeyPublic)
    c.bad("nPublic", "expected an integer from 0 to " + std::to_string(kMaxVkeyPublic));
  vk.n_public = std::uint32_t(np.get<std::uint64_t>());
  const json& ic = c.field(j, "IC");
  if (!ic.is_array() || ic.size() != std::uint64_t(vk.n_public) + 1)
    c.bad("IC", "expected nPublic + 1 = " + std::to_string(std::uint64_t(vk.n_public) + 1) + " points, found " +
                    (ic.is_array() ? std::to_string(ic.size()) : std::string("no array")));
  vk.alpha1 = c.g1(c.field(j, "vk_alpha_1"), "vk_alpha_1");
  vk.beta2 = c.g2(c.field(j, "vk_beta_2"), "vk_beta_2");
  vk.gamma2 = c.g2(c.field(j, "vk_gamma_2"), "vk_gamma_2");
  vk.delta2 = c.g2(c.field(j, "vk_delta_2"), "vk_delta_2");
  for (std::size_t i = 0; i < ic.size(); ++i) vk.ic.push_back(c.g1(ic[i], "IC[" + std::to_string(i) + "]"));
  // A key's points must lie in the prime-order subgroup (exact tests, one point at a time).
  if (!E::in_subgroup(vk.alpha1)) c.bad("vk_alpha_1", "point is not in the prime-order subgroup");
  if (!E::in_subgroup(vk.beta2)) c.bad("vk_beta_2", "point is not in the prime-order subgroup");
  if (!E::in_subgroup(vk.gamma2)) c.bad("vk_gamma_2", "point is not in the prime-order subgroup");
  if (!E::in_subgroup(vk.delta2)) c.bad("vk_delta_2", "point is not in the prime-order subgroup");
  for (std::size_t i = 0; i < vk.ic.size(); ++i)
    if (!E::in_subgroup(vk.ic[i])) c.bad("IC[" + std::to_string(i) + "]", "point is not in the prime-order subgroup");
  prepare(vk);
  return vk;
}

json parse_json_text(const std::string& text, const std::string& name) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number like 1e4444
    fail(Error::Kind::BadInput, name, std::string("invalid JSON: ") + e.what());
  }
}

json read_json_file(const std::string& path) { return parse_json_text(read_file(path), path); }

std::string dump_snarkjs(const json& j) { return j.dump(1); }  // no trailing newline, as snarkjs

void write_json_file(const std::string& path, const json& j, bool no_overwrite) {
  write_file_atomic(path, dump_snarkjs(j), no_overwrite);
}

#define CUZK_JSON_INSTANCES(E)                                                      \
  template json proof_to_json<E>(const Proof<E>&);                                 \
  template json vkey_to_json<E>(const VerifyingKey<E>&);                           \
  template Proof<E> proof_from_json<E>(const json&, const std::string&);           \
  template VerifyingKey<E> vkey_from_json<E>(const json&, const std::string&);
CUZK_JSON_INSTANCES(pairing::Bls12_381)
CUZK_JSON_INSTANCES(pairing::Bn254)
#undef CUZK_JSON_INSTANCES

}  // namespace cuzk::groth16
