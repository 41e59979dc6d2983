#include <cstdint>
#include <cstdio>
#include <chrono>
#include <random>
#include <cstring>
#include <x86intrin.h>
#include "cuzk/ff/bls12_381.hpp"
using namespace cuzk::bls12_381;
using u64=uint64_t;
template <std::size_t N>
__attribute__((noinline)) void sub_v2(u64* r, const u64* a, const u64* b, const u64* p) {
  unsigned long long t[N], m[N];
  unsigned char c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) c = _subborrow_u64(c, a[i], b[i], &t[i]);
  const u64 mask = u64(0) - c;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) m[i] = p[i] & mask;
  c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) { unsigned long long o; c = _addcarry_u64(c, t[i], m[i], &o); r[i] = o; }
}
// select form: s = t + p, r = borrow ? s : t
template <std::size_t N>
__attribute__((noinline)) void sub_v3(u64* r, const u64* a, const u64* b, const u64* p) {
  unsigned long long t[N], s[N];
  unsigned char c = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) c = _subborrow_u64(c, a[i], b[i], &t[i]);
  unsigned char d = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) d = _addcarry_u64(d, t[i], p[i], &s[i]);
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) r[i] = c ? s[i] : t[i];
}
template <std::size_t N>
__attribute__((noinline)) void sub_v1(u64* r, const u64* a, const u64* b, const u64* p) { cuzk::ff::x86::sub_mod<N>(r,a,b,p); }
template <std::size_t N>
__attribute__((noinline)) void add_v1(u64* r, const u64* a, const u64* b, const u64* p) { cuzk::ff::x86::add_mod<N>(r,a,b,p); }
template<class F, class Fn> double bench(Fn f, F* xs, const u64* p){
  auto t0=std::chrono::steady_clock::now();
  for(int it=0;it<1<<20;it++){ for(int k=0;k<8;k++){ f(xs[k].v, xs[k].v, xs[(k+3)&7].v, p);} asm volatile(""::"r"(xs):"memory"); }
  auto t1=std::chrono::steady_clock::now(); return std::chrono::duration<double,std::nano>(t1-t0).count()/(8<<20);
}
template<class F> void run(const char* nm){
  std::mt19937_64 g(5); F xs[8]; for(auto& x: xs) x = F::from_u64(g()) * F::from_u64(g()) ;
  const u64* p = F::P.data();
  // correctness
  for(int i=0;i<1000000;i++){ F a=F::from_u64(g())*F::from_u64(g()), b=F::from_u64(g())*F::from_u64(g()); if(i%7==0) b=a; if(i%11==0) a=F::zero();
    F r1,r2,r3; sub_v1<F::N>(r1.v,a.v,b.v,p); sub_v2<F::N>(r2.v,a.v,b.v,p); sub_v3<F::N>(r3.v,a.v,b.v,p);
    if(memcmp(r1.v,r2.v,8*F::N)||memcmp(r1.v,r3.v,8*F::N)){printf("mismatch\n");return;} }
  for(int rep=0;rep<3;rep++) printf("%s sub v1 %.2f ns  v2 %.2f  v3 %.2f  add v1 %.2f\n", nm, bench<F>(sub_v1<F::N>,xs,p), bench<F>(sub_v2<F::N>,xs,p), bench<F>(sub_v3<F::N>,xs,p), bench<F>(add_v1<F::N>,xs,p));
}
int main(){ run<Fq>("Fq"); run<Fr>("Fr"); }
