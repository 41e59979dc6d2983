#include <cstdint>
#include <cstdio>
#include <chrono>
#include <random>
#include <cstring>
#include "cuzk/ff/bls12_381.hpp"
using namespace cuzk::bls12_381;
using u64=uint64_t;
namespace newk {
#include "mx_ns.hpp"
}
template<class F> constexpr auto NEGP = [](){ std::array<u64,F::N> k{}; unsigned __int128 c=1; for(size_t i=0;i<F::N;i++){ c += (u64)~F::P[i]; k[i]=(u64)c; c>>=64;} return k; }();
template <std::size_t N> __attribute__((noinline)) void sub_old(u64* r, const u64* a, const u64* b, const u64* p) { cuzk::ff::x86::sub_mod<N>(r,a,b,p); }
template <std::size_t N> __attribute__((noinline)) void add_old(u64* r, const u64* a, const u64* b, const u64* p) { cuzk::ff::x86::add_mod<N>(r,a,b,p); }
template <std::size_t N> __attribute__((noinline)) void sub_new(u64* r, const u64* a, const u64* b, const u64* p) { newk::cuzk::ff::x86::sub_mod_asm<N>(r,a,b,p); }
template <std::size_t N> __attribute__((noinline)) void add_new(u64* r, const u64* a, const u64* b, const u64* k) { newk::cuzk::ff::x86::add_mod_asm<N>(r,a,b,k); }
template <std::size_t N> __attribute__((noinline)) void add_gen(u64* r, const u64* a, const u64* b, const u64* p) { newk::cuzk::ff::x86::add_mod<N>(r,a,b,p); }
template<class F, class Fn> double bench(Fn f, F* xs, const u64* p){
  auto t0=std::chrono::steady_clock::now();
  for(int it=0;it<1<<20;it++){ for(int k=0;k<8;k++){ f(xs[k].v, xs[k].v, xs[(k+3)&7].v, p);} asm volatile(""::"r"(xs):"memory"); }
  auto t1=std::chrono::steady_clock::now(); return std::chrono::duration<double,std::nano>(t1-t0).count()/(8<<20);
}
template<class F> int run(const char* nm){
  std::mt19937_64 g(5); F xs[8]; for(auto& x: xs) x = F::from_u64(g()) * F::from_u64(g()) ;
  const u64* p = F::P.data(); const u64* k = NEGP<F>.data();
  long bad=0;
  for(int i=0;i<2000000;i++){ F a=F::from_u64(g())*F::from_u64(g()), b=F::from_u64(g())*F::from_u64(g()); int m=i%13; if(m==0) b=a; if(m==1) a=F::zero(); if(m==2) b=F::zero(); if(m==3){a=-F::one(); b=a;} if(m==4){a=-F::one();}
    F r1,r2,r3,r4,r5; sub_old<F::N>(r1.v,a.v,b.v,p); sub_new<F::N>(r2.v,a.v,b.v,p); add_old<F::N>(r3.v,a.v,b.v,p); add_new<F::N>(r4.v,a.v,b.v,k); add_gen<F::N>(r5.v,a.v,b.v,p);
    F r6=a; sub_new<F::N>(r6.v,r6.v,b.v,p); F r7=b; add_new<F::N>(r7.v,a.v,r7.v,k); F r8=a; add_new<F::N>(r8.v,r8.v,r8.v,k); F r9; add_old<F::N>(r9.v,a.v,a.v,p);
    if(memcmp(r1.v,r2.v,8*F::N)||memcmp(r3.v,r4.v,8*F::N)||memcmp(r3.v,r5.v,8*F::N)||memcmp(r1.v,r6.v,8*F::N)||memcmp(r3.v,r7.v,8*F::N)||memcmp(r8.v,r9.v,8*F::N)) { if(bad++<3) printf("mismatch %d\n",i);} }
  printf("%s: %ld bad\n",nm,bad);
  for(int rep=0;rep<3;rep++) printf("%s sub old %.2f new %.2f | add old %.2f new %.2f generic-mask %.2f\n", nm, bench<F>(sub_old<F::N>,xs,p), bench<F>(sub_new<F::N>,xs,p), bench<F>(add_old<F::N>,xs,p), bench<F>(add_new<F::N>,xs,k), bench<F>(add_gen<F::N>,xs,p));
  return bad!=0;
}
int main(){ return run<Fq>("Fq") | run<Fr>("Fr"); }
