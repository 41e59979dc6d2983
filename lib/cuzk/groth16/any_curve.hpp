#pragma once
// The Groth16 types of either curve as one value, for code that knows a curve only at run
// time (the batch pipeline, where one batch may mix BLS12-381 and BN254 keys): PerCurve<T> is
// a std::variant of T<pairing::Bls12_381> and T<pairing::Bn254>, and visit_curve() hands the
// engine type and the alternative to a generic lambda. Nothing here computes: the templates
// in prover.hpp, verifier.hpp, zkey.hpp do, for the engine visit_curve() names.
#include <type_traits>
#include <utility>
#include <variant>

#include "cuzk/groth16/verifier.hpp"
#include "cuzk/groth16/zkey.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::groth16 {

template <template <class> class T>
using PerCurve = std::variant<T<pairing::Bls12_381>, T<pairing::Bn254>>;

using AnyKey = PerCurve<ProvingKey>;       // a proving key (or its header + IC only)
using AnyVerifyingKey = PerCurve<VerifyingKey>;
using AnyAbc = PerCurve<Abc>;
using AnySums = PerCurve<MsmSums>;
using AnyProof = PerCurve<Proof>;

// f(E{}, x) with x the alternative held by v (E its engine): f must accept both curves.
template <class V, class F>
decltype(auto) visit_curve(V&& v, F&& f) {
  return std::visit(
      [&](auto&& x) -> decltype(auto) {
        using X = std::remove_cvref_t<decltype(x)>;
        return f(typename X::Engine{}, std::forward<decltype(x)>(x));
      },
      std::forward<V>(v));
}

template <template <class> class T>
CurveId curve_of(const PerCurve<T>& v) {
  return v.index() == 0 ? CurveId::Bls12_381 : CurveId::Bn254;
}

// The alternative of engine E, or Error(Internal) when v holds the other curve (a caller
// mixed two curves' values: a bug, never a user's input).
template <class E, template <class> class T>
T<E>& get_curve(PerCurve<T>& v) {
  if (auto* p = std::get_if<T<E>>(&v)) return *p;
  fail(Error::Kind::Internal, "", std::string("a ") + pairing::display_name(curve_of(v)) + " value where a " +
                                      E::display_name + " one was expected");
}
template <class E, template <class> class T>
const T<E>& get_curve(const PerCurve<T>& v) {
  return get_curve<E>(const_cast<PerCurve<T>&>(v));
}

}  // namespace cuzk::groth16
