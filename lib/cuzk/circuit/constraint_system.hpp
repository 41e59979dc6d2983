#pragma once
// A circuit builder in the manner of bellperson's ConstraintSystem: circuit code
// allocates variables, forms linear combinations and calls enforce(a, b, c), meaning
// ⟨a,w⟩·⟨b,w⟩ = ⟨c,w⟩. The same templated circuit code runs against two systems:
//
//   ShapeCS  records the constraint matrices as groth16::Constraint rows (what
//            setup::generate_key needs) and, as a by-product, the witness;
//   ProveCS  records no matrices: it writes the witness and the a and b evaluation
//            vectors directly (a[i] = ⟨A_i,w⟩, b[i] = ⟨B_i,w⟩, Montgomery form), which
//            is what groth16::synthesize would compute from the key's coefficient
//            section, without reading it. No c: the prover's backend forms c = a∘b
//            (groth16/prover.hpp); ⟨C_i,w⟩ is only compared with a·b in check mode. With
//            null outputs it only counts rows and variables.
//
// Both are *windows*: they start at a given wire and row and write into storage sized
// beforehand, so a circuit whose parts have fixed sizes (porep-lite's challenges) can
// synthesize the parts in parallel, each into its own contiguous range of rows and
// wires. Wire order is circom's: 0 = the constant 1, then the public signals, then the
// private ones (see porep_lite.hpp for the layout of one circuit).
//
// Every value is tracked in both modes (Lc::val), so gadgets compute their witnesses
// from operand values in one place; ShapeCS additionally keeps the terms.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/groth16/r1cs.hpp"
#include "cuzk/groth16/witness.hpp"

namespace cuzk::circuit {

using bls12_381::Fr;
using groth16::Scalar;
// The circuits here are over BLS12-381's scalar field: their Groth16 types are that curve's.
using Engine = pairing::Bls12_381;
using Term = groth16::Term<Engine>;
using Constraint = groth16::Constraint<Engine>;
using R1cs = groth16::R1cs<Engine>;

// A wire and its value (Montgomery form).
struct Var {
  std::uint32_t index = 0;
  Fr value;
};

// A Boolean: a constant, an allocated bit, or the negation 1 − v of one
// (bellman's Boolean). Negation and constants cost no constraints.
struct Bit {
  enum class Kind : std::uint8_t { Const, Is, Not };
  Kind kind = Kind::Const;
  bool value = false;
  std::uint32_t index = 0;

  static Bit constant(bool b) { return {Kind::Const, b, 0}; }
  bool is_const() const { return kind == Kind::Const; }
  Bit operator!() const {
    Bit r = *this;
    r.value = !value;
    if (kind == Kind::Is) r.kind = Kind::Not;
    else if (kind == Kind::Not) r.kind = Kind::Is;
    return r;
  }
};

// 2^i as field elements, i < 256 (packing coefficients); pow2(1) = 2.
const Fr& pow2(unsigned i);

struct NoTerms {};

// Linear combination Σ c_k·w_k with its value. kTerms = false keeps only the value.
template <bool kTerms>
class Lc {
public:
  Fr val;
  [[no_unique_address]] std::conditional_t<kTerms, std::vector<Term>, NoTerms> terms;

  Lc() = default;
  explicit Lc(const Var& v) { add(v); }
  explicit Lc(const Bit& b) { add(b); }
  static Lc constant(const Fr& c) {
    Lc l;
    l.add_const(c);
    return l;
  }

  Lc& add_const(const Fr& c) {
    val += c;
    if constexpr (kTerms) terms.push_back({0, c});
    return *this;
  }
  Lc& add(const Var& v) {
    val += v.value;
    if constexpr (kTerms) terms.push_back({v.index, Fr::one()});
    return *this;
  }
  Lc& add(const Var& v, const Fr& c) {
    val += c * v.value;
    if constexpr (kTerms) terms.push_back({v.index, c});
    return *this;
  }
  Lc& sub(const Var& v) { return add(v, -Fr::one()); }
  // c·bit: a constant, c·v, or c − c·v.
  Lc& add(const Bit& b, const Fr& c = Fr::one()) {
    if (b.value) val += c;
    if constexpr (kTerms) {
      if (b.kind == Bit::Kind::Is) terms.push_back({b.index, c});
      else if (b.kind == Bit::Kind::Not) {
        terms.push_back({0, c});
        terms.push_back({b.index, -c});
      } else if (b.value) terms.push_back({0, c});
    }
    return *this;
  }
  Lc& add(const Lc& o) {
    val += o.val;
    if constexpr (kTerms) terms.insert(terms.end(), o.terms.begin(), o.terms.end());
    return *this;
  }
  Lc& add(const Lc& o, const Fr& c) {
    val += c * o.val;
    if constexpr (kTerms)
      for (const auto& t : o.terms) terms.push_back({t.wire, c * t.coef});
    return *this;
  }
  Lc& sub(const Lc& o) { return add(o, -Fr::one()); }
  Lc& scale(const Fr& c) {
    val *= c;
    if constexpr (kTerms)
      for (auto& t : terms) t.coef *= c;
    return *this;
  }
  // Sorts by wire, merges equal wires, drops zero coefficients (shape mode only).
  Lc& compact() {
    if constexpr (kTerms) {
      std::sort(terms.begin(), terms.end(), [](const auto& x, const auto& y) { return x.wire < y.wire; });
      std::size_t o = 0;
      for (std::size_t i = 0; i < terms.size();) {
        Term t = terms[i++];
        while (i < terms.size() && terms[i].wire == t.wire) t.coef += terms[i++].coef;
        if (!t.coef.is_zero()) terms[o++] = t;
      }
      terms.resize(o);
    }
    return *this;
  }
};

// What a circuit window consumed (or is sized to consume).
struct Extent {
  std::uint32_t vars = 0, rows = 0;
  friend bool operator==(const Extent&, const Extent&) = default;
};

// Shape mode: constraints into rows[first_row..], witness into w[first_var..].
class ShapeCS {
public:
  using LC = Lc<true>;
  static constexpr bool kRecordsShape = true;

  ShapeCS(std::vector<Constraint>& rows, std::vector<Scalar>& w, std::uint32_t first_var,
          std::uint32_t first_row)
      : rows_(rows), w_(w), var_(first_var), row_(first_row), var0_(first_var), row0_(first_row) {}

  Var alloc(const Fr& v) {
    w_[var_] = v.canonical();
    return {var_++, v};
  }
  // A wire holding b with no booleanity row (the caller's row forces it).
  Bit alloc_bit_free(bool b) {
    w_[var_] = Scalar{b ? 1u : 0u, 0, 0, 0};
    return {Bit::Kind::Is, b, var_++};
  }
  Bit alloc_bit(bool b) {
    Bit r = alloc_bit_free(b);
    LC x(r), y;  // b·(1 − b) = 0
    y.add_const(Fr::one()).add(r, -Fr::one());
    enforce(std::move(x), std::move(y), LC());
    return r;
  }
  void enforce(LC a, LC b, LC c) {
    auto& k = rows_[row_++];
    k.a.terms = std::move(a.compact().terms);
    k.b.terms = std::move(b.compact().terms);
    k.c.terms = std::move(c.compact().terms);
  }
  Extent used() const { return {var_ - var0_, row_ - row0_}; }

private:
  std::vector<Constraint>& rows_;
  std::vector<Scalar>& w_;
  std::uint32_t var_, row_, var0_, row0_;
};

// Prove mode: witness into w[first_var..], a and b into rows first_row.. . Null pointers
// count only. With check set, the first row whose a·b ≠ ⟨C,w⟩ is remembered (the one use
// of the C side's values here).
class ProveCS {
public:
  using LC = Lc<false>;
  static constexpr bool kRecordsShape = false;

  ProveCS(Scalar* w, Fr* a, Fr* b, std::uint32_t first_var, std::uint32_t first_row, bool check = false)
      : w_(w), a_(a), b_(b), var_(first_var), row_(first_row), var0_(first_var), row0_(first_row), check_(check) {}
  // Counting only.
  ProveCS() : ProveCS(nullptr, nullptr, nullptr, 0, 0) {}

  Var alloc(const Fr& v) {
    if (w_) w_[var_] = v.canonical();
    return {var_++, v};
  }
  Bit alloc_bit_free(bool b) {
    if (w_) w_[var_] = Scalar{b ? 1u : 0u, 0, 0, 0};
    return {Bit::Kind::Is, b, var_++};
  }
  Bit alloc_bit(bool b) {
    // b·(1 − b) = 0: a = b, b = 1 − b (c = 0, satisfied by construction).
    if (w_) {
      w_[var_] = Scalar{b ? 1u : 0u, 0, 0, 0};
      a_[row_] = b ? Fr::one() : Fr::zero();
      b_[row_] = b ? Fr::zero() : Fr::one();
    }
    ++row_;
    return {Bit::Kind::Is, b, var_++};
  }
  void enforce(const LC& a, const LC& b, const LC& c) {
    if (a_) {
      a_[row_] = a.val;
      b_[row_] = b.val;
      if (check_ && !bad_ && a.val * b.val != c.val) bad_ = row_;
    }
    ++row_;
  }
  // Fast paths for gadgets that know a row's values without forming linear combinations
  // (`if constexpr (!CS::kRecordsShape)` in the gadgets; ShapeCS keeps the general path,
  // which the tests compare against). They write exactly what enforce would: the values
  // are the same field elements, and Fr is kept fully reduced, so the same bytes.
  //   enforce_values: ⟨A,w⟩ = a, ⟨B,w⟩ = b, ⟨C,w⟩ = c.
  void enforce_values(const Fr& a, const Fr& b, const Fr& c) {
    if (a_) {
      a_[row_] = a;
      b_[row_] = b;
      if (check_ && !bad_ && a * b != c) bad_ = row_;
    }
    ++row_;
  }
  //   enforce_small: every value a small integer (Boolean gadgets: a, b, c in −2..2,
  //   so a·b in −4..4), a·b compared on integers.
  void enforce_small(int a, int b, int c) {
    if (a_) {
      a_[row_] = small(a);
      b_[row_] = small(b);
      if (check_ && !bad_ && a * b != c) bad_ = row_;
    }
    ++row_;
  }
  Extent used() const { return {var_ - var0_, row_ - row0_}; }
  std::optional<std::uint32_t> first_unsatisfied() const { return bad_; }

private:
  // i as a field element, −4 ≤ i ≤ 4.
  static const Fr& small(int i) {
    static constexpr std::array<Fr, 9> t = [] {
      std::array<Fr, 9> r;
      for (int k = 0; k < 9; ++k) r[k] = k >= 4 ? Fr::from_u64(std::uint64_t(k - 4)) : -Fr::from_u64(std::uint64_t(4 - k));
      return r;
    }();
    return t[unsigned(i + 4)];
  }

  Scalar* w_;
  Fr *a_, *b_;
  std::uint32_t var_, row_, var0_, row0_;
  bool check_;
  std::optional<std::uint32_t> bad_;
};

// The LC "1" (for constraints of the form x·1 = y).
template <class CS>
typename CS::LC one() {
  return CS::LC::constant(Fr::one());
}

}  // namespace cuzk::circuit
