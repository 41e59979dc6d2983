#pragma once
// Groth16 proving the snarkjs way (snarkjs groth16_prove.js; rapidsnark groth16.cpp):
//   1. synthesis: a[i] = Σ_A coef·w, b[i] = Σ_B coef·w over the zkey coefficient section;
//   2. H: c = a ∘ b on the domain (formed by the backend, not synthesis: for a satisfied
//      R1CS ⟨C_i,w⟩ = a_i·b_i at every row, the padding and public-input rows too, so the C
//      matrix is never used and an unsatisfying witness silently gives an invalid proof:
//      check with the .r1cs or verify afterwards); for a, b, c: iNTT over the n-domain,
//      ×ω_2n^k, NTT → evaluations at the odd 2n-th roots; h_i = a'_i·b'_i − c'_i (no
//      division by Z: the key's H points absorb it);
//   3. MSMs: Σw·A, Σw·B1, Σw·B2, Σ_{j>nPublic} w·C, Σh·H;
//   4. assembly with blinding r, s:
//      πA = Σw·A + α1 + r·δ1,  πB = Σw·B2 + β2 + s·δ2,  b1 = Σw·B1 + β1 + s·δ1,
//      πC = Σw·C + Σh·H + s·πA + r·b1 − r·s·δ1.
// The stages are separate functions so the batch pipeline can put synthesis on CPU
// workers and steps 2–3 on a backend (CPU or GPU) with its own memory discipline.
// Everything is a template on the pairing engine E (the key's curve), instantiated for
// BLS12-381 and BN254 in prover.cpp; a Backend computes for either.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cuzk/groth16/witness.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/util/host_array.hpp"

namespace cuzk::groth16 {

template <class E>
struct Proof {
  using Engine = E;
  typename E::G1Affine a;
  typename E::G2Affine b;
  typename E::G1Affine c;
  friend bool operator==(const Proof& x, const Proof& y) { return x.a == y.a && x.b == y.b && x.c == y.c; }
};

// The prover's blinding factors. random() draws them from the OS CSPRNG (getrandom);
// from_seed() is for tests only: it makes proofs reproducible (and the CPU and CUDA
// backends comparable bit for bit). `label` distinguishes partitions under one seed.
template <class E>
struct Blinding {
  typename E::Fr r, s;
  static Blinding random();
  static Blinding from_seed(std::uint64_t seed, std::string_view label);
};

// The a and b evaluation vectors (Montgomery form), each domain_size long: what synthesis
// gives the backend. c = a ∘ b is not among them: the backend forms it when it computes H (the
// CPU in a buffer of compute_h's own, a GPU on the device after a and b went up), so it is
// neither written by synthesis, held between synthesis and the device, nor uploaded. (The
// name stays Abc: it is the a/b/c step's input, and lend_abc, AnyAbc and the `abc_from` event
// field are named after it.) Where a and b live is the backend's choice
// (CurveBackend::lend_abc): plain memory, or views into one page-locked set a GPU backend lent,
// which its upload reads in place (then lent() is true and the set goes back to the backend's
// pool once a and b are both released).
template <class E>
struct Abc {
  using Engine = E;
  using Fr = typename E::Fr;
  HostArray<Fr> a, b;
  bool lent() const { return a.lent(); }
  bool sized(std::size_t n) const { return a.size() == n && b.size() == n; }
  std::size_t size() const { return a.size(); }
  std::size_t bytes() const { return (a.size() + b.size()) * sizeof(Fr); }
  void release() {
    a.release();
    b.release();
  }
};

// Step 1. TBB-parallel over constraints, into `storage` when it is given (a and b of the key's
// domain each, e.g. lent by the backend; every element is overwritten), else into plain memory.
// Throws Error(BadInput) if the witness length is not the key's nVars.
template <class E>
Abc<E> synthesize(const ProvingKey<E>& pk, const std::vector<Scalar>& w, Abc<E> storage = {});

// The five MSM results.
template <class E>
struct MsmSums {
  using Engine = E;
  typename E::G1 a, b1, c, h;
  typename E::G2 b2;
};

// A sub-stage time that a backend may or may not measure: it is `measured` once the backend
// sets or adds to it (a backend that has no such stage leaves it alone).
struct StageTime {
  double s = 0;
  bool measured = false;
  StageTime& operator=(double x) {
    s = x;
    measured = true;
    return *this;
  }
  StageTime& operator+=(double x) {
    s += x;
    measured = true;
    return *this;
  }
  operator double() const { return s; }
};

// Seconds spent in the backend's sub-stages (what the `gpu` event reports). `lock_wait`: time
// waited for the device (every backend the batch runs is serialised per device: the GPU backend
// by its own device mutex, the CPU stand-in by pipeline::SerialBackend). Measured only by a
// backend with a device of its own: `h2d` (transfers to it; `d2h` is reported beside it) and
// `prep` (host work inside compute() before it took its device lock, e.g. staging copies; like
// `lock_wait` it precedes the device span).
struct StageTimes {
  double ntt = 0, msm_g1 = 0, msm_g2 = 0, lock_wait = 0;
  StageTime h2d, d2h, prep;
  // msm_g1's four MSMs one by one (wall seconds of each call; on a GPU they share the device with
  // the G2 MSM, so each is what it took in the proof, not alone): Σw·A, Σw·B1, Σ_{j>nPublic} w·C, Σh·H.
  StageTime msm_a, msm_b1, msm_c, msm_h;
  // Of those, the time the G1 chain waited for the key's sections to be on the device (a GPU
  // backend's first partitions of a key, while its upload runs; 0 once the key is resident).
  StageTime key_wait;
  std::optional<bool> h_table;  // CUDA backend with --msm-table-h: H's MSM used the key's window table
  // Backend with a device of its own: where a and b went up from: "lent" (written by synthesis into
  // memory the backend lent, no host copy), "staged" (copied into a page-locked set first) or
  // "pageable" (uploaded from plain memory).
  std::optional<std::string> abc_from;
};

// Steps 2–3 on some device, for one curve. compute() takes a and b by value (it forms c = a ∘ b
// itself) and releases them as soon as it no longer needs them when early_free is set (after
// the H computation on the CPU, after the upload on a GPU); otherwise they live until
// compute() returns.
template <class E>
class CurveBackend {
public:
  virtual ~CurveBackend() = default;
  virtual MsmSums<E> compute(const ProvingKey<E>& pk, Abc<E> abc, const std::vector<Scalar>& w, StageTimes& t,
                             bool early_free) = 0;
  // Called once per loaded key, before its first compute(), from a thread of its own: a GPU
  // backend uploads the key's points here so the upload overlaps synthesis. Optional (the
  // first compute() does it otherwise); errors may be thrown and are reported by compute().
  virtual void prepare(const ProvingKey<E>&) {}
  // Storage for one partition's a and b under this key that this backend computes from best (a GPU
  // backend: a page-locked set from its bounded pool, uploaded with no host copy), lent until the
  // Abc is released; empty when it has none to lend (then synthesis takes plain memory and
  // compute() takes that as before). Called by synthesis, possibly for another device's partition
  // (the memory is host memory: any backend computes from it). Never throws.
  virtual Abc<E> lend_abc(const ProvingKey<E>&) { return {}; }
  // Host memory this backend allocates for a key of this shape outside the partitions'
  // footprints and keeps for the run (a GPU backend: its pinned staging sets), when
  // `workers` call compute() at once. `--mem-budget auto` subtracts it. Only the header is read.
  virtual std::uint64_t host_reserved_bytes(const ProvingKey<E>&, unsigned /*workers*/) const { return 0; }
};

// A device that computes for every curve: one CurveBackend per curve, so a batch may mix keys
// of both (each partition is computed over its own key's curve).
class Backend : public CurveBackend<pairing::Bls12_381>, public CurveBackend<pairing::Bn254> {
public:
  using CurveBackend<pairing::Bls12_381>::compute;
  using CurveBackend<pairing::Bn254>::compute;
  using CurveBackend<pairing::Bls12_381>::prepare;
  using CurveBackend<pairing::Bn254>::prepare;
  using CurveBackend<pairing::Bls12_381>::lend_abc;
  using CurveBackend<pairing::Bn254>::lend_abc;
  using CurveBackend<pairing::Bls12_381>::host_reserved_bytes;
  using CurveBackend<pairing::Bn254>::host_reserved_bytes;
  virtual std::string name() const = 0;
};

class CpuBackend final : public Backend {
public:
  std::string name() const override { return "cpu"; }
  MsmSums<pairing::Bls12_381> compute(const ProvingKey<pairing::Bls12_381>& pk, Abc<pairing::Bls12_381> abc,
                                      const std::vector<Scalar>& w, StageTimes& t, bool early_free) override;
  MsmSums<pairing::Bn254> compute(const ProvingKey<pairing::Bn254>& pk, Abc<pairing::Bn254> abc,
                                  const std::vector<Scalar>& w, StageTimes& t, bool early_free) override;
};

// Steps 2–3 on the CPU (what CpuBackend runs).
template <class E>
MsmSums<E> compute_on_cpu(const ProvingKey<E>& pk, Abc<E> abc, const std::vector<Scalar>& w, StageTimes& t,
                          bool early_free);

// Step 2 alone, in place: c = a ∘ b into a buffer of its own (n elements, freed on return),
// then the three odd-coset NTTs; on return abc.a holds h (Montgomery form) and b is released
// when early_free is set. Exposed for tests against snarkjs's H.
template <class E>
void compute_h(const ProvingKey<E>& pk, Abc<E>& abc, bool early_free = true);

// Step 4.
template <class E>
Proof<E> assemble(const ProvingKey<E>& pk, const MsmSums<E>& m, const Blinding<E>& bl);

// All steps on one backend.
template <class E>
Proof<E> prove(const ProvingKey<E>& pk, const std::vector<Scalar>& w, const Blinding<E>& bl, Backend& be);

// The public signals w[1..nPublic] (outputs first, then public inputs).
template <class E>
std::vector<Scalar> public_signals(const ProvingKey<E>& pk, const std::vector<Scalar>& w) {
  return std::vector<Scalar>(w.begin() + 1, w.begin() + 1 + pk.header.n_public);
}

}  // namespace cuzk::groth16
