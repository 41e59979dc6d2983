#include "cuzk/circuit/poseidon.hpp"

#include <bitset>

#include "cuzk/util/error.hpp"

namespace cuzk::circuit {

namespace {

namespace bi = ff::bi;

// The reference's Grain LFSR in self-shrinking mode (see poseidon.hpp).
class Grain {
public:
  Grain(unsigned field, unsigned sbox, unsigned n, unsigned t, unsigned r_f, unsigned r_p) {
    unsigned k = 0;
    auto put = [&](unsigned v, unsigned width) {
      for (unsigned i = width; i-- > 0;) s_[k++] = (v >> i) & 1;
    };
    put(field, 2);
    put(sbox, 4);
    put(n, 12);
    put(t, 12);
    put(r_f, 10);
    put(r_p, 10);
    while (k < 80) s_[k++] = 1;
    for (int i = 0; i < 160; ++i) step();
  }
  bool bit() {
    for (;;) {
      bool x = step(), y = step();
      if (x) return y;
    }
  }
  // n bits, MSB first, as an integer (n ≤ 256).
  Fr::Repr bits(unsigned n) {
    Fr::Repr v{};
    for (unsigned i = 0; i < n; ++i) {
      bool b = bit();
      for (unsigned l = Fr::N; l-- > 1;) v[l] = (v[l] << 1) | (v[l - 1] >> 63);
      v[0] = (v[0] << 1) | ff::u64(b);
    }
    return v;
  }

private:
  // s_[0] is the oldest bit; the new bit is appended at position 79.
  bool step() {
    bool nb = s_[(head_ + 62) % 80] ^ s_[(head_ + 51) % 80] ^ s_[(head_ + 38) % 80] ^ s_[(head_ + 23) % 80] ^
              s_[(head_ + 13) % 80] ^ s_[head_];
    s_[head_] = nb;  // the oldest bit leaves, the new one takes its slot at the end
    head_ = (head_ + 1) % 80;
    return nb;
  }
  std::bitset<80> s_;
  unsigned head_ = 0;
};

// x mod r for x < 2^255 (< 2r, since r > 2^254).
Fr reduce_255(Fr::Repr x) {
  static_assert(Fr::BITS == 255);
  if (!Fr::is_canonical(x)) bi::sub(x, Fr::P);
  return Fr::from_canonical(x);
}

Fr pow5(const Fr& x) {
  Fr x2 = x.sqr();
  return x2.sqr() * x;
}

}  // namespace

template <PoseidonSpec S>
Poseidon<S>::Poseidon() {
  Grain g(1, 0, S.field_bits, S.t, S.r_f, S.r_p);
  rc.reserve(std::size_t(S.rounds()) * T);
  for (unsigned i = 0; i < S.rounds() * T; ++i) {
    Fr::Repr v = g.bits(S.field_bits);
    while (!Fr::is_canonical(v)) v = g.bits(S.field_bits);
    rc.push_back(Fr::from_canonical(v));
  }
  std::array<Fr, 2 * T> xy;
  for (auto& v : xy) v = reduce_255(g.bits(S.field_bits));
  for (unsigned i = 0; i < 2 * T; ++i)
    for (unsigned j = 0; j < i; ++j)
      if (xy[i] == xy[j])
        fail(Error::Kind::Internal, "", "Poseidon MDS: repeated Cauchy point (the reference would redraw)");
  for (unsigned i = 0; i < T; ++i)
    for (unsigned j = 0; j < T; ++j) {
      Fr d = xy[i] + xy[T + j];
      if (d.is_zero()) fail(Error::Kind::Internal, "", "Poseidon MDS: x_i + y_j = 0");
      mds[i][j] = d.inverse();
    }
}

template <PoseidonSpec S>
const Poseidon<S>& Poseidon<S>::get() {
  static const Poseidon p;
  return p;
}

template <PoseidonSpec S>
void Poseidon<S>::permute(State& s) const {
  // Per full round: t S-boxes (3 mul each) + t² MDS mul; partial: 1 S-box + t².
  const Fr* c = rc.data();
  for (unsigned r = 0; r < S.rounds(); ++r, c += T) {
    for (unsigned i = 0; i < T; ++i) s[i] += c[i];
    if (full_round(r))
      for (auto& x : s) x = pow5(x);
    else
      s[0] = pow5(s[0]);
    State o;
    for (unsigned i = 0; i < T; ++i) {
      Fr acc = mds[i][0] * s[0];
      for (unsigned j = 1; j < T; ++j) acc += mds[i][j] * s[j];
      o[i] = acc;
    }
    s = o;
  }
}

template class Poseidon<kPoseidon255x3>;
template class Poseidon<kPoseidon255x5>;

Fr poseidon_hash2(const Fr& a, const Fr& b) {
  Poseidon3::State s{Fr::zero(), a, b};
  Poseidon3::get().permute(s);
  return s[0];
}

}  // namespace cuzk::circuit
