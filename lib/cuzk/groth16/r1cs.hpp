#pragma once
// circom .r1cs (version 1): S1 header (n8, prime, nWires, nOutputs, nPubInputs,
// nPrvInputs, nLabels u64, nConstraints), S2 constraints (A, B, C linear combinations,
// each u32 nTerms + (u32 wire, n8-byte canonical coefficient) terms), S3 wire→label.
// Sections are indexed by id (circom writes S2 before S1). The prime names the curve:
// R1cs<E> for a pairing engine E, r1cs_curve() to learn a file's before reading it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cuzk/groth16/witness.hpp"

namespace cuzk::groth16 {

template <class E>
struct Term {
  std::uint32_t wire;
  typename E::Fr coef;  // Montgomery form
};
template <class E>
struct LinComb {
  std::vector<Term<E>> terms;
};
template <class E>
struct Constraint {
  LinComb<E> a, b, c;
};

template <class E>
struct R1cs {
  std::uint32_t n_wires = 0, n_outputs = 0, n_pub_inputs = 0, n_prv_inputs = 0, n_constraints = 0;
  std::uint64_t n_labels = 0;
  std::vector<Constraint<E>> constraints;
  std::string path;

  std::uint32_t n_public() const { return n_outputs + n_pub_inputs; }
  // Index of the first constraint ⟨A,w⟩·⟨B,w⟩ ≠ ⟨C,w⟩, or nullopt when all hold.
  std::optional<std::uint32_t> first_unsatisfied(const std::vector<Scalar>& w) const;
};

// The curve of an .r1cs from its prime; Error(BadInput) naming the file for neither curve's.
CurveId r1cs_curve(const std::string& path);

// Throws Error(BadInput) naming the file: wrong magic, a prime other than E's scalar field,
// truncation, counts that disagree with each other (nOutputs + nPubInputs + nPrvInputs + 1 >
// nWires) or with the section sizes (checked before anything sized by them is allocated), a
// wire ≥ nWires.
template <class E>
R1cs<E> read_r1cs(const std::string& path);
// The same parser over bytes in memory (fuzzers); `name` stands for the file in messages.
template <class E>
R1cs<E> read_r1cs_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name);
class BinFile;
template <class E>
R1cs<E> read_r1cs(const BinFile& f);

}  // namespace cuzk::groth16
