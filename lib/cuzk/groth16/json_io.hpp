#pragma once
// snarkjs JSON: proof.json, public.json, verification_key.json. Numbers are canonical
// decimal strings; points affine with "1" / ["1","0"] as z; Fq2 as [c0, c1]; key order
// and 1-space indentation as snarkjs writes them (JSON.stringify(x, null, 1)). Proofs and keys
// carry their curve ("curve": "bls12381" / "bn128"); json_curve() reads it, and each reader is
// a template on the engine E of that curve (instantiated for both in json_io.cpp).
// The JSON trees (nlohmann); callers that only read or write the files or the compressed
// proof bytes include snarkjs_files.hpp (also included here), which does not expose nlohmann.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/groth16/snarkjs_files.hpp"
#include "cuzk/groth16/verifier.hpp"

namespace cuzk::groth16 {

using json = nlohmann::ordered_json;

template <class E>
json proof_to_json(const Proof<E>& p);
json public_to_json(const std::vector<Scalar>& pub);
template <class E>
json vkey_to_json(const VerifyingKey<E>& vk);  // includes vk_alphabeta_12 = e(α1, β2)

// The curve a proof or verification key names ("curve"); a proof without the field (snarkjs
// always writes it) is taken as `fallback`. Error(BadInput) naming `file` for an unknown curve.
CurveId json_curve(const json& j, const std::string& file, std::optional<CurveId> fallback = std::nullopt);

// Parsers throw Error(BadInput) naming `file` and the offending field (a curve other than E's
// included).
template <class E>
Proof<E> proof_from_json(const json& j, const std::string& file);
std::vector<Scalar> public_from_json(const json& j, const std::string& file);
template <class E>
VerifyingKey<E> vkey_from_json(const json& j, const std::string& file);
// Largest nPublic a verification key may declare (its IC must hold nPublic + 1 points).
inline constexpr std::uint64_t kMaxVkeyPublic = std::uint64_t(1) << 24;

json read_json_file(const std::string& path);  // Error(Io) / Error(BadInput)
// JSON text → json; anything nlohmann refuses (syntax, a number out of range such as
// 1e4444) is Error(BadInput) naming `name`.
json parse_json_text(const std::string& text, const std::string& name);
// snarkjs layout (1-space indent, no trailing newline), written atomically.
void write_json_file(const std::string& path, const json& j, bool no_overwrite = false);
std::string dump_snarkjs(const json& j);

}  // namespace cuzk::groth16
