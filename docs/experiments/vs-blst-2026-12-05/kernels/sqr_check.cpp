#include <cstdint>
#include <cstdio>
#include <chrono>
#include <random>
#include <cstring>
#include "cuzk/ff/bls12_381.hpp"
#include "sq.hpp"
using namespace cuzk::bls12_381;
template<class F> F rnd(std::mt19937_64& g){ for(;;){ cuzk::ff::Limbs<F::N> l; for(auto&x:l) x=g(); l[F::N-1] >>= 64-(F::BITS-64*(F::N-1)); if(F::is_canonical(l)) return F::from_raw(l);} }
template<class F> int check(const char* nm){
  std::mt19937_64 g(7); static constexpr auto Q = [](){ std::array<uint64_t,F::N+1> q{}; for(size_t i=0;i<F::N;i++) q[i]=F::P[i]; q[F::N]=F::INV; return q;}();
  long bad=0;
  for(int it=0;it<2000000;it++){
    F a=rnd<F>(g);
    int k=it%16; if(k==1) a=F::zero(); if(k==2){ for(size_t i=0;i<F::N;i++) a.v[i]=F::P[i]; a.v[0]-=1;} if(k==3) a=F::one();
    if(k==4){ for(size_t i=0;i<F::N-1;i++){a.v[i]=~0ull;} a.v[F::N-1]=F::P[F::N-1]-1; }
    if(k==5){ for(size_t i=0;i<F::N;i++) a.v[i]=0; a.v[it%F::N] = g(); if(!F::is_canonical(a.raw())) a.v[F::N-1]=0; }
    F r=F::mul_portable(a,a); F o; sq::mont_sqr<F::N>(o.v,a.v,Q.data());
    if(memcmp(o.v,r.v,8*F::N)) { if(bad++<3) printf("%s mismatch it %d\n",nm,it);} 
    F o2=a; sq::mont_sqr<F::N>(o2.v,o2.v,Q.data()); if(memcmp(o2.v,r.v,8*F::N)) bad++;
  }
  printf("%s: %ld bad\n",nm,bad);
  F a=rnd<F>(g);
  for(int rep=0;rep<3;rep++){
    auto t0=std::chrono::steady_clock::now();
    for(int i=0;i<1<<22;i++){ a*=a; asm volatile(""::"r"(&a):"memory"); }
    auto t1=std::chrono::steady_clock::now();
    for(int i=0;i<1<<22;i++){ sq::mont_sqr<F::N>(a.v,a.v,Q.data()); asm volatile(""::"r"(&a):"memory"); }
    auto t2=std::chrono::steady_clock::now();
    printf("%s mul(a,a) %.2f ns  sqr %.2f ns (%lx)\n",nm, std::chrono::duration<double,std::nano>(t1-t0).count()/(1<<22), std::chrono::duration<double,std::nano>(t2-t1).count()/(1<<22), (unsigned long)a.v[0]);
  }
  return bad!=0;
}
int main(){ return check<Fq>("Fq") | check<Fr>("Fr"); }
