#include "cuzk/circuit/porep_lite.hpp"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>

#include "cuzk/circuit/poseidon_gadget.hpp"
#include "cuzk/circuit/sha256_gadget.hpp"
#include "cuzk/util/error.hpp"
#include "cuzk/util/first_touch_allocator.hpp"  // resize_prefaulted, first_touch

namespace cuzk::circuit::porep_lite {

namespace {

// SplitMix64 (Vigna): output n (0-based) of the stream seeded with s.
std::uint64_t splitmix64(std::uint64_t s, std::uint64_t n) {
  std::uint64_t z = s + (n + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct ChallengeInput {
  const Sha256Block* block;
  const Fr* siblings;  // depth of them
  std::uint64_t index;
};

// One challenge's constraints (see porep_lite.hpp).
template <class CS>
void challenge_circuit(CS& cs, const Var& root, const Var& index, const ChallengeInput& in, unsigned depth) {
  using LC = typename CS::LC;
  const auto block = alloc_sha256_block(cs, *in.block);
  const auto h = sha256_compress_gadget(cs, sha256_state_constant(sha256_iv()), block);
  // Fr32: digest byte k (word k/4, bits 24−8(k%4) .. +7 of it) has weight 256^k.
  LC packed;
  for (unsigned k = 0; k < 32; ++k)
    for (unsigned b = 0; b < 8 && 8 * k + b < 254; ++b) packed.add(h[k / 4][24 - 8 * (k % 4) + b], pow2(8 * k + b));
  Var leaf = cs.alloc(packed.val);
  cs.enforce(std::move(packed), one<CS>(), LC(leaf));

  LC cur(leaf), idx;
  for (unsigned l = 0; l < depth; ++l) {
    Bit d = cs.alloc_bit((in.index >> l) & 1);
    idx.add(d, pow2(l));
    Var s = cs.alloc(in.siblings[l]);
    // Conditional swap: left = cur + d·(s − cur), right = cur + s − left (1 row).
    Var left = cs.alloc(d.value ? s.value : cur.val);
    LC y(s), z(left), right(s);
    y.sub(cur);
    z.sub(cur);
    cs.enforce(LC(d), std::move(y), std::move(z));
    right.add(cur).sub(left);
    cur = poseidon_hash2_gadget(cs, LC(left), std::move(right));
  }
  cs.enforce(std::move(idx), one<CS>(), LC(index));
  cs.enforce(std::move(cur), one<CS>(), LC(root));
}

Extent measure(unsigned depth) {
  Sha256Block zero{};
  std::vector<Fr> sib(depth);
  ProveCS cs;  // counting only
  challenge_circuit(cs, Var{1, Fr::zero()}, Var{2, Fr::zero()}, ChallengeInput{&zero, sib.data(), 0}, depth);
  return cs.used();
}

void check_extent(const Extent& got, const Layout& L, std::uint32_t j) {
  if (!(got == L.per_challenge))
    fail(Error::Kind::Internal, "",
         "porep-lite challenge " + std::to_string(j) + " used " + std::to_string(got.vars) + " wires / " +
             std::to_string(got.rows) + " rows, layout says " + std::to_string(L.per_challenge.vars) + " / " +
             std::to_string(L.per_challenge.rows));
}

// Per-challenge inputs (paths computed in parallel).
struct Instance {
  std::vector<std::vector<Fr>> paths;
  std::vector<ChallengeInput> inputs;
};
Instance instance(const Replica& rep, std::span<const std::uint64_t> ch) {
  Instance I;
  I.paths.resize(ch.size());
  I.inputs.resize(ch.size());
  for (std::size_t j = 0; j < ch.size(); ++j)
    if (ch[j] >= rep.nodes())
      fail(Error::Kind::BadInput, "",
           "porep-lite challenge " + std::to_string(j) + " = " + std::to_string(ch[j]) + " is not below 2^" +
               std::to_string(rep.depth()));
  tbb::parallel_for(std::size_t(0), ch.size(), [&](std::size_t j) {
    I.paths[j] = rep.path(ch[j]);
    I.inputs[j] = {&rep.node(ch[j]), I.paths[j].data(), ch[j]};
  });
  return I;
}

void fill_publics(std::vector<Scalar>& w, const Fr& root, std::span<const std::uint64_t> ch) {
  w[0] = Fr::one().canonical();
  w[1] = root.canonical();
  for (std::size_t j = 0; j < ch.size(); ++j) w[2 + j] = Scalar{ch[j], 0, 0, 0};
}

R1cs shape(const Layout& L, std::span<const ChallengeInput> in, const Fr& root,
                    std::span<const std::uint64_t> ch, std::vector<Scalar>& w) {
  R1cs r;
  r.n_wires = L.n_wires;
  r.n_outputs = 0;
  r.n_pub_inputs = L.n_public;
  r.n_prv_inputs = 0;  // no circom-style private *inputs*; all private wires are internal
  r.n_labels = L.n_wires;
  r.n_constraints = L.n_constraints;
  r.path = "<porep-lite depth=" + std::to_string(L.depth) + " challenges=" + std::to_string(L.challenges) + ">";
  r.constraints.resize(L.n_constraints);
  w.assign(L.n_wires, Scalar{});
  fill_publics(w, root, ch);
  tbb::parallel_for(std::uint32_t(0), L.challenges, [&](std::uint32_t j) {
    ShapeCS cs(r.constraints, w, L.first_var(j), L.first_row(j));
    challenge_circuit(cs, Var{1, root}, Var{2 + j, Fr::from_u64(ch[j])}, in[j], L.depth);
    check_extent(cs.used(), L, j);
  });
  return r;
}

}  // namespace

Layout layout(unsigned depth, std::uint32_t challenges) {
  if (depth == 0 || depth > kMaxDepth)
    fail(Error::Kind::BadInput, "", "porep-lite depth must be 1.." + std::to_string(kMaxDepth));
  if (challenges == 0) fail(Error::Kind::BadInput, "", "porep-lite needs at least one challenge");
  static thread_local std::vector<Extent> cache(kMaxDepth + 1);
  if (cache[depth].rows == 0) cache[depth] = measure(depth);
  Layout L;
  L.depth = depth;
  L.challenges = challenges;
  L.n_public = 1 + challenges;
  L.per_challenge = cache[depth];
  const std::uint64_t wires = 1 + std::uint64_t(L.n_public) + std::uint64_t(challenges) * L.per_challenge.vars;
  const std::uint64_t rows = std::uint64_t(challenges) * L.per_challenge.rows;
  std::uint32_t log_n = 0;
  while ((std::uint64_t(1) << log_n) < rows + L.n_public + 1) ++log_n;
  if (wires > 0xffffffffull || log_n > 31)
    fail(Error::Kind::BadInput, "", "porep-lite with " + std::to_string(challenges) + " challenges is too large");
  L.n_wires = std::uint32_t(wires);
  L.n_constraints = std::uint32_t(rows);
  L.log_domain = log_n;
  L.domain_size = std::uint32_t(1) << log_n;
  return L;
}

std::uint32_t max_challenges(unsigned depth, unsigned log_domain) {
  const Extent e = layout(depth, 1).per_challenge;
  // k·rows + (1 + k) + 1 ≤ 2^log_domain, and the wires fit in 32 bits.
  const std::uint64_t n = std::uint64_t(1) << log_domain;
  if (n < e.rows + 3) return 0;
  std::uint64_t k = (n - 2) / (std::uint64_t(e.rows) + 1);
  const std::uint64_t k_wires = (0xffffffffull - 2) / (std::uint64_t(e.vars) + 1);
  return std::uint32_t(std::min({k, k_wires, std::uint64_t(0xffffffffull)}));
}

Fr leaf_from_digest(const Sha256State& h) {
  Sha256Digest d = sha256_digest_bytes(h);
  d[31] &= 0x3f;
  return Fr::from_canonical(Fr::repr_from_bytes_le(d.data()));
}

Replica Replica::generate(unsigned depth, std::uint64_t seed) {
  if (depth > kMaxDepth) fail(Error::Kind::BadInput, "", "porep-lite depth too large");
  std::vector<Sha256Block> data(std::size_t(1) << depth);
  tbb::parallel_for(std::size_t(0), data.size(), [&](std::size_t i) {
    for (unsigned k = 0; k < 8; ++k) {
      std::uint64_t v = splitmix64(seed, 8 * std::uint64_t(i) + k);
      for (unsigned b = 0; b < 8; ++b) data[i][8 * k + b] = std::uint8_t(v >> (8 * b));
    }
  });
  return from_data(depth, std::move(data));
}

Replica Replica::from_data(unsigned depth, std::vector<Sha256Block> data) {
  if (depth == 0 || depth > kMaxDepth || data.size() != (std::size_t(1) << depth))
    fail(Error::Kind::BadInput, "",
         "porep-lite replica: " + std::to_string(data.size()) + " nodes for depth " + std::to_string(depth));
  Replica r;
  r.depth_ = depth;
  r.data_ = std::move(data);
  r.build_tree();
  return r;
}

void Replica::build_tree() {
  levels_.assign(depth_ + 1, {});
  levels_[0].resize(data_.size());
  tbb::parallel_for(std::size_t(0), data_.size(), [&](std::size_t i) {
    Sha256State st = sha256_iv();
    sha256_compress(st, data_[i]);
    levels_[0][i] = leaf_from_digest(st);
  });
  for (unsigned l = 0; l < depth_; ++l) {
    const auto& lo = levels_[l];
    auto& hi = levels_[l + 1];
    hi.resize(lo.size() / 2);
    tbb::parallel_for(std::size_t(0), hi.size(), [&](std::size_t i) { hi[i] = poseidon_hash2(lo[2 * i], lo[2 * i + 1]); });
  }
}

std::vector<Fr> Replica::path(std::uint64_t i) const {
  std::vector<Fr> p(depth_);
  for (unsigned l = 0; l < depth_; ++l, i >>= 1) p[l] = levels_[l][i ^ 1];
  return p;
}

std::vector<std::uint64_t> draw_challenges(std::uint64_t seed, std::uint32_t count, unsigned depth) {
  std::vector<std::uint64_t> c(count);
  const std::uint64_t mask = depth >= 64 ? ~0ull : (std::uint64_t(1) << depth) - 1;
  for (std::uint32_t j = 0; j < count; ++j) c[j] = splitmix64(seed ^ 0x6368616c6c656e67ull /* "challeng" */, j) & mask;
  return c;
}

std::vector<Scalar> public_inputs(const Replica& rep, std::span<const std::uint64_t> ch) {
  std::vector<Scalar> p(1 + ch.size());
  p[0] = rep.root().canonical();
  for (std::size_t j = 0; j < ch.size(); ++j) p[1 + j] = Scalar{ch[j], 0, 0, 0};
  return p;
}

R1cs build_r1cs(unsigned depth, std::uint32_t challenges) {
  const Layout L = layout(depth, challenges);
  Sha256Block zero{};
  std::vector<Fr> sib(depth);
  std::vector<ChallengeInput> in(challenges, ChallengeInput{&zero, sib.data(), 0});
  std::vector<std::uint64_t> ch(challenges, 0);
  std::vector<Scalar> w;
  return shape(L, in, Fr::zero(), ch, w);
}

R1cs build_r1cs(const Replica& rep, std::span<const std::uint64_t> ch, std::vector<Scalar>& witness) {
  const Layout L = layout(rep.depth(), std::uint32_t(ch.size()));
  Instance I = instance(rep, ch);
  return shape(L, I.inputs, rep.root(), ch, witness);
}

Synthesis synthesize(const Replica& rep, std::span<const std::uint64_t> ch, const SynthesisOptions& opt,
                     groth16::Abc<Engine> storage) {
  const Layout L = layout(rep.depth(), std::uint32_t(ch.size()));
  Instance I = instance(rep, ch);
  const Fr root = opt.root ? *opt.root : rep.root();
  Synthesis s;
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  // std::vector value-initialises (zeroes) serially; the three vectors at least in parallel,
  // their pages faulted in beforehand by all threads. Lent a/b storage is resident already
  // (page-locked) and holds an earlier partition's values: the challenges overwrite their
  // rows, and only the rows past the constraints are zeroed here.
  if (storage.a.empty()) {
    tbb::parallel_invoke([&] { resize_prefaulted(s.witness, L.n_wires); },
                         [&] { s.abc.a = HostArray<Fr>::plain(L.domain_size); },
                         [&] { s.abc.b = HostArray<Fr>::plain(L.domain_size); });
  } else {
    if (!storage.sized(L.domain_size))
      fail(Error::Kind::Internal, "", "porep-lite: a/b storage of the wrong size for the domain");
    s.abc = std::move(storage);
    const std::size_t tail = L.domain_size - L.n_constraints;
    // (the field's zero is all-zero bytes in Montgomery form: first_touch writes zeros)
    const std::size_t bytes = tail * sizeof(Fr);
    tbb::parallel_invoke([&] { resize_prefaulted(s.witness, L.n_wires); },
                         [&] { first_touch(s.abc.a.data() + L.n_constraints, bytes); },
                         [&] { first_touch(s.abc.b.data() + L.n_constraints, bytes); });
  }
  fill_publics(s.witness, root, ch);
  const auto t1 = Clock::now();
  std::vector<std::optional<std::uint32_t>> bad(L.challenges);
  tbb::parallel_for(std::uint32_t(0), L.challenges, [&](std::uint32_t j) {
    ProveCS cs(s.witness.data(), s.abc.a.data(), s.abc.b.data(), L.first_var(j), L.first_row(j), opt.check);
    challenge_circuit(cs, Var{1, root}, Var{2 + j, Fr::from_u64(ch[j])}, I.inputs[j], L.depth);
    check_extent(cs.used(), L, j);
    bad[j] = cs.first_unsatisfied();
  });
  s.alloc_s = std::chrono::duration<double>(t1 - t0).count();
  s.challenges_s = std::chrono::duration<double>(Clock::now() - t1).count();
  // The zkey's extra A rows (nConstraints + s, signal s, 1), s = 0..nPublic.
  for (std::uint32_t k = 0; k <= L.n_public; ++k) s.abc.a[L.n_constraints + k] = Fr::from_canonical(s.witness[k]);
  for (const auto& b : bad)
    if (b && (!s.first_unsatisfied || *b < *s.first_unsatisfied)) s.first_unsatisfied = b;
  return s;
}

}  // namespace cuzk::circuit::porep_lite
