#include "cuzk/groth16/prove_files.hpp"

#include <vector>

#include "cuzk/groth16/json_io.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/snarkjs_files.hpp"
#include "cuzk/groth16/standalone_key.hpp"
#include "cuzk/groth16/verifier.hpp"
#include "cuzk/groth16/witness.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/output_file.hpp"

namespace cuzk::groth16 {

namespace {

template <class E>
void prove_on(const ProveFiles& a, std::vector<OutputFile>& outs) {
  // A .zkey or a standalone prepared key; the latter's point checks run beside the witness read
  // and synthesis (prepared_key.hpp), and the prover waits for them before its first MSM.
  ProvingKey<E> pk = read_key<E>(a.zkey, {}, true);
  Witness w = read_wtns(a.witness, {pk.header.n_vars, E::id, a.zkey});
  if (!a.r1cs.empty()) {
    R1cs<E> cs = read_r1cs<E>(a.r1cs);
    if (cs.n_wires != pk.header.n_vars || cs.n_public() != pk.header.n_public)
      fail(Error::Kind::BadInput, a.r1cs, "does not match the proving key " + a.zkey + " (nWires/nPublic differ)");
    if (auto bad = cs.first_unsatisfied(w.values))
      fail(Error::Kind::Unsatisfied, a.witness, "does not satisfy constraint " + std::to_string(*bad) + " of " + a.r1cs);
  }
  Blinding<E> bl = a.seed ? Blinding<E>::from_seed(*a.seed, "prove") : Blinding<E>::random();
  CpuBackend cpu;
  Proof<E> proof = prove(pk, w.values, bl, cpu);
  auto pub = public_signals(pk, w.values);
  // Without an .r1cs a bad witness would give a proof that does not verify: check it,
  // so no invalid proof is ever written.
  if (auto v = verify(verifying_key(pk), pub, proof); !v)
    fail(Error::Kind::Unsatisfied, a.witness,
         "the proof does not verify (" + v.reason + "): the witness does not satisfy the circuit of " + a.zkey);
  outs[0].content = dump_snarkjs(proof_to_json(proof));
  outs[1].content = dump_snarkjs(public_to_json(pub));
  if (outs.size() > 2) {
    if constexpr (E::id == CurveId::Bls12_381) {
      auto bytes = proof_to_bytes(proof);
      outs[2].content.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
  }
}

}  // namespace

void prove_files(const ProveFiles& a) {
  // Refuse bad outputs before spending time on the proof.
  std::vector<OutputFile> outs{{"--proof", a.proof, {}}, {"--public", a.pub, {}}};
  if (!a.proof_bin.empty()) outs.push_back({"--proof-bin", a.proof_bin, {}});
  check_outputs(outs, a.force);
  const CurveId curve = key_curve(a.zkey);
  if (!a.proof_bin.empty() && curve != CurveId::Bls12_381)
    fail(Error::Kind::BadInput, a.zkey,
         std::string("--proof-bin writes Filecoin's compressed BLS12-381 proof; this key is ") +
             pairing::snarkjs_name(curve));
  if (const auto rc = a.r1cs.empty() ? curve : r1cs_curve(a.r1cs); rc != curve)
    fail(Error::Kind::BadInput, a.r1cs,
         std::string("is a ") + pairing::snarkjs_name(rc) + " circuit, but the proving key " + a.zkey +
             " is " + pairing::snarkjs_name(curve) + " (wrong curve)");
  pairing::with_curve(curve, [&](auto e) { prove_on<decltype(e)>(a, outs); });
  write_all_or_none(outs, a.force);
}

VerifyResult verify_files(const std::string& vkey, const std::string& pub, const std::string& proof) {
  const json vj = read_json_file(vkey);
  return pairing::with_curve(json_curve(vj, vkey), [&](auto e) {
    using E = decltype(e);
    auto vk = vkey_from_json<E>(vj, vkey);
    auto p = proof_from_json<E>(read_json_file(proof), proof);
    return verify(vk, public_from_json(read_json_file(pub), pub), p);
  });
}

void export_vkey_file(const std::string& zkey, const std::string& out, bool force) {
  std::vector<OutputFile> outs{{"--out", out, {}}};
  check_outputs(outs, force);
  pairing::with_curve(key_curve(zkey), [&](auto e) {
    using E = decltype(e);
    ProvingKey<E> pk = read_key_header<E>(zkey);
    outs[0].content = dump_snarkjs(vkey_to_json(verifying_key(pk)));
  });
  write_all_or_none(outs, force);
}

}  // namespace cuzk::groth16
