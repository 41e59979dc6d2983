#pragma once
// porep-lite: a PoRep-like Groth16 circuit built natively (no circom, wasm or .wtns).
//
// The statement, for a replica of 2^depth nodes of 64 bytes and k challenged node indices:
// for each challenge j, the prover knows node data D (512 bits) and Merkle siblings such
// that, with H = SHA-256-compress(IV, D) (one block, no padding: the comm_d-style
// bit-heavy part) and leaf = Fr32(H) (the digest's 32 bytes read little-endian with the
// top two bits cleared, like Filecoin's Fr32), the Poseidon Merkle path (arity 2,
// hash2(l, r) = Poseidon-255x3([0, l, r])[0], poseidon.hpp) from that leaf along the
// bits of index_j (bit l = 1: the node is the right child at level l) ends at root.
//
// Public inputs (all as circom *public inputs*, no outputs: n_outputs = 0):
//   w[1] = root, w[2 + j] = index_j (j < k).            n_public = 1 + k.
// Wires: 0 = the constant 1; 1..n_public the publics; then challenge j's private wires,
// a contiguous block of Layout::per_challenge.vars starting at Layout::first_var(j);
// its constraints are rows first_row(j) .. + per_challenge.rows. That fixed layout is what
// lets synthesize() run the challenges in parallel (oneTBB), each in its own range.
//
// Per challenge: 512 bit allocations, one SHA-256 compression, 1 packing row, and per
// tree level 1 direction bit + 1 swap row + one Poseidon (271 rows); plus the rows
// binding the direction bits to index_j and the path's end to root. Exact counts:
// layout(depth, k).per_challenge (also printed by bench_circuit).
//
// Use:
//   auto rep = Replica::generate(depth, seed);                 // or Replica::from_data
//   auto ch  = draw_challenges(seed, k, depth);
//   R1cs cs = build_r1cs(depth, k);                  // shape → setup::generate_key
//   Synthesis s = synthesize(rep, ch);                         // witness + a and b, for the
//   // prover: s.abc equals groth16::synthesize(pk, s.witness) for that key (no c: the
//   // prover's backend forms c = a∘b, groth16/prover.hpp).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "cuzk/circuit/constraint_system.hpp"
#include "cuzk/groth16/prover.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/util/sha256.hpp"

namespace cuzk::circuit::porep_lite {

inline constexpr unsigned kMaxDepth = 40;

struct Layout {
  unsigned depth = 0;
  std::uint32_t challenges = 0;
  std::uint32_t n_public = 0;  // 1 + challenges
  Extent per_challenge;        // private wires and rows of one challenge
  std::uint32_t n_wires = 0, n_constraints = 0;
  std::uint32_t log_domain = 0, domain_size = 0;  // as setup::generate_key chooses them

  std::uint32_t first_var(std::uint32_t j) const { return 1 + n_public + j * per_challenge.vars; }
  std::uint32_t first_row(std::uint32_t j) const { return j * per_challenge.rows; }
};

// Throws Error(BadInput) for depth 0 or > kMaxDepth, no challenges, or more than 2^32 wires.
Layout layout(unsigned depth, std::uint32_t challenges);

// The most challenges whose circuit fits a domain of 2^log_domain (0 if none fits): how
// partition sizes 2^16 .. 2^26 are chosen (depth 16: 2 .. 2168 challenges).
std::uint32_t max_challenges(unsigned depth, unsigned log_domain);

// Fr32 of a SHA-256 state: digest bytes little-endian, bits 254 and 255 cleared.
Fr leaf_from_digest(const Sha256State& h);

// Replica data and its Poseidon tree.
class Replica {
public:
  // Node i's 64 bytes are the little-endian u64s splitmix64(seed, 8i + k), k < 8, where
  // splitmix64(seed, n) is the (n+1)-th output of Vigna's SplitMix64 seeded with seed.
  static Replica generate(unsigned depth, std::uint64_t seed);
  // From stored node data (2^depth nodes).
  static Replica from_data(unsigned depth, std::vector<Sha256Block> data);

  unsigned depth() const { return depth_; }
  std::uint64_t nodes() const { return std::uint64_t(1) << depth_; }
  const Sha256Block& node(std::uint64_t i) const { return data_[i]; }
  const std::vector<Sha256Block>& data() const { return data_; }
  const Fr& leaf(std::uint64_t i) const { return levels_[0][i]; }
  const Fr& root() const { return levels_.back()[0]; }
  // Siblings from the leaf level up (depth of them).
  std::vector<Fr> path(std::uint64_t i) const;

private:
  void build_tree();
  unsigned depth_ = 0;
  std::vector<Sha256Block> data_;
  std::vector<std::vector<Fr>> levels_;  // levels_[0] leaves … levels_[depth] = {root}
};

// count indices < 2^depth from seed (SplitMix64 stream, domain-separated from the data).
std::vector<std::uint64_t> draw_challenges(std::uint64_t seed, std::uint32_t count, unsigned depth);

// The public signals w[1..n_public]: root, then the indices.
std::vector<Scalar> public_inputs(const Replica& rep, std::span<const std::uint64_t> challenges);

// The constraint matrices (for setup::generate_key). The witness values it computes on
// the way are those of an all-zero instance and are discarded.
R1cs build_r1cs(unsigned depth, std::uint32_t challenges);
// The same matrices, and the witness of this instance (shape-mode synthesis; tests).
R1cs build_r1cs(const Replica& rep, std::span<const std::uint64_t> challenges,
                         std::vector<Scalar>& witness);

struct SynthesisOptions {
  bool check = false;       // verify a·b = ⟨C,w⟩ row by row (costs the C side)
  std::optional<Fr> root;   // public root to claim instead of rep.root() (tests)
};

struct Synthesis {
  std::vector<Scalar> witness;  // canonical, n_wires long
  groth16::Abc<Engine> abc;             // a and b, Montgomery, domain_size long each
  std::optional<std::uint32_t> first_unsatisfied;  // only with check
  // Wall seconds of the two phases (bench_circuit reports them; the worker-count rule in
  // pipeline/config.cpp is fitted to them): allocating and zeroing the three vectors (pages
  // faulted in by all threads, then one thread per vector zeroes it: the serial part; with
  // lent a/b storage only the witness, and the rows past the constraints zeroed),
  // and the challenges (parallel).
  double alloc_s = 0, challenges_s = 0;
};

// Prove mode: witness and a, b in one pass, challenges in parallel. Rows
// n_constraints + s (s = 0..n_public) of a hold w[s], as the zkey's extra A rows make
// groth16::synthesize compute them. a and b go into `storage` when it is given (domain_size
// each, e.g. lent by the backend; every element is overwritten), else into plain memory.
// Throws Error(BadInput) for an index ≥ 2^depth.
Synthesis synthesize(const Replica& rep, std::span<const std::uint64_t> challenges,
                     const SynthesisOptions& opt = {}, groth16::Abc<Engine> storage = {});

}  // namespace cuzk::circuit::porep_lite
