#pragma once
// snarkjs Groth16 proving key (.zkey, version 1). Layout (snarkjs zkey_utils.js):
//   1 protocol (u32, 1 = Groth16)     2 header: n8q q n8r r nVars nPublic domainSize,
//                                       then α1 β1 β2 γ2 δ1 δ2 (this order, whatever the
//                                       source comment says)
//   3 IC (nPublic+1 G1)  4 coefficients  5 A (nVars G1)  6 B1 (nVars G1)  7 B2 (nVars G2)
//   8 C (nVars−nPublic−1 G1, signals nPublic+1..)  9 H (domainSize G1)  10 contributions
// Points: affine x‖y, each coordinate little-endian in Montgomery form (R = 2^(8·n8q)),
// which is exactly our Fq representation; infinity is all-zero bytes. Coefficient values are
// c·R² mod r (R = 2^256): a Montgomery product with a canonical witness value gives the
// Montgomery form of c·w, which is how synthesis uses them.
//
// The curve is the key's own (its primes q and r in section 2): every type and function here
// is a template on the pairing engine E (pairing::Bls12_381, pairing::Bn254), instantiated for
// both in zkey.cpp; zkey_curve() reads which one a file is before it is parsed.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cuzk/groth16/key_array.hpp"
#include "cuzk/groth16/key_check.hpp"
#include "cuzk/pairing/engine.hpp"

namespace cuzk::groth16 {

using pairing::CurveId;

template <class E>
struct ZkeyHeader {
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  std::uint32_t n_vars = 0;       // witness length, including the constant 1
  std::uint32_t n_public = 0;     // outputs + public inputs, excluding the constant
  std::uint32_t domain_size = 0;  // n, a power of two
  std::uint32_t log_domain = 0;
  G1Affine alpha1, beta1, delta1;
  G2Affine beta2, gamma2, delta2;
};

template <class E>
struct Coef {
  std::uint32_t matrix;      // 0 = A, 1 = B
  std::uint32_t constraint;  // row < domain_size
  std::uint32_t signal;      // < n_vars
  std::uint32_t reserved;    // 0: the bytes before value, named so that a prepared key never holds old memory there
  typename E::Fr value;      // raw c·R² (see above)
};

struct ZkeyOptions {
  bool check_points = true;     // every point on its curve (parallel); the header's points in the subgroup
  bool check_subgroups = true;  // every section's points in the prime-order subgroup (batched, see
                                // points_in_subgroup); needs check_points
  bool load_h = true;           // the prover needs H; the verifier-key export does not
};

template <class E>
class ProvingKey {
public:
  using Engine = E;
  using Fr = typename E::Fr;
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;
  static constexpr CurveId curve = E::id;

  ZkeyHeader<E> header;
  std::vector<G1Affine> ic;  // nPublic + 1
  KeyArray<Coef<E>> coefs;  // sorted by (matrix, constraint) at load
  // coefs[row_begin[m][i] .. row_begin[m][i+1]) are matrix m's entries of row i.
  std::vector<std::uint32_t> row_begin[2];
  // Multi-GB at 2^24: owned (BigVector takes the page faults of their allocation in
  // parallel) when parsed from a .zkey, views of the mapping when read from a prepared key.
  KeyArray<G1Affine> a, b1, c, h;
  KeyArray<G2Affine> b2;
  std::string path;
  // The content checks of a, b1, b2, c and h still running (a prepared key read with them
  // deferred: prepared_key.hpp); null when every array was checked at load (a parsed .zkey, an
  // eager load). Copies share it. Whoever reads those arrays' bytes waits first.
  std::shared_ptr<const KeyCheck> deferred_check;
  void wait_checked(KeyCheck::Array which) const {
    if (deferred_check) deferred_check->wait(which);
  }
  void wait_all_checked() const {
    if (deferred_check) deferred_check->wait_all();
  }

  // Bytes of the point arrays a, b1, b2, c, h as held here (what a GPU upload reads, what the
  // deferred checks read).
  std::uint64_t point_bytes() const {
    return std::uint64_t(a.size() + b1.size() + c.size() + h.size()) * sizeof(G1Affine) +
           std::uint64_t(b2.size()) * sizeof(G2Affine);
  }
  // Estimated bytes this key occupies once loaded (for the memory budget).
  std::size_t resident_bytes() const;
  // Bytes one partition needs on the host beyond the key: witness + a, b, c (+ H scratch).
  static std::size_t partition_bytes(std::uint32_t n_vars, std::uint32_t domain_size);
};

// The curve of a .zkey, from its section 2's primes (n8q, q, n8r, r), without parsing the
// rest. Throws Error(BadInput) naming the file for a key of neither curve (or not a Groth16
// zkey at all: the same checks as read_zkey's first steps).
CurveId zkey_curve(const std::string& path);
class BinFile;
CurveId zkey_curve(const BinFile& f);

// Reads and validates a Groth16 .zkey over E's curve. Throws Error(BadInput) naming the
// file for a wrong magic/protocol/curve, truncation, points off the curve, indices out of
// range, or section sizes that disagree with the header.
// Before anything sized by the header is allocated, every section's size is checked against
// the header (64-bit arithmetic), so a small file cannot make the reader allocate much more
// than its own size. A point off its curve is named ("section 5 (A): point 17 is not on the
// curve"); a section with a point outside the prime-order subgroup is named as a whole.
template <class E>
ProvingKey<E> read_zkey(const std::string& path, const ZkeyOptions& opt = {});
// The same parser over bytes in memory (fuzzers); `name` stands for the file in messages.
template <class E>
ProvingKey<E> read_zkey_from_memory(const std::uint8_t* data, std::size_t size, const std::string& name,
                                    const ZkeyOptions& opt = {});
template <class E>
ProvingKey<E> read_zkey(const BinFile& f, const ZkeyOptions& opt);

// Whether all n on-curve points lie in the prime-order subgroup, by one random linear
// combination per 2^22 points: S = Σ c_i·P_i with c_i uniform 64-bit from the OS CSPRNG
// (getrandom), then an exact check r·S = O. Write P_i = Q_i + T_i, Q_i in the subgroup, T_i
// in the cofactor part. If some T_j ≠ O has order m, S passes only when c_j·T_j equals minus
// the rest, one residue of c_j mod m: probability <= 1/m + 2^-64 over c_j (uniform and drawn
// after the key was fixed). So a section escapes with probability <= 1/3 at worst (torsion
// of order 3, the smallest prime factor of BLS12-381's G1 cofactor 3·11²·10177²·859267²·52437899²;
// 13 for its G2; BN254's G1 has cofactor 1, its G2 cofactor's smallest prime factor is 13) and
// ~2^-64 for the torsion of a generic curve point, whose order is huge.
// A miss can never give an invalid proof: every proof is verified before it is written
// (prove, and batch by default), and a torsion component of the key shows up there. This
// check only decides whom to blame: the key rather than the witness.
template <class Curve>
bool points_in_subgroup(const ec::Affine<Curve>* p, std::size_t n);
// Sorts pk.coefs by (matrix, row) and fills row_begin (counting sort), so synthesis can
// run row-parallel. read_zkey calls it; generators that fill coefs call it too.
template <class E>
void index_coefficients(ProvingKey<E>& pk);

// Writes pk as a snarkjs Groth16 .zkey (atomically). The contributions section is
// empty (no MPC transcript): such keys are for tests and benchmarks.
template <class E>
void write_zkey(const std::string& path, const ProvingKey<E>& pk);

// Only the header and IC (cheap; for estimates and for the verification key).
template <class E>
ProvingKey<E> read_zkey_header(const std::string& path, const ZkeyOptions& opt = {});

}  // namespace cuzk::groth16
