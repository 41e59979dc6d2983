#pragma once
// CUZK_HD marks code shared between host and device (CUDA) compilation units.
// Host-only translation units see plain functions; nvcc sees __host__ __device__.
#if defined(__CUDACC__)
#define CUZK_HD __host__ __device__
#define CUZK_HD_INLINE __host__ __device__ __forceinline__
#else
#define CUZK_HD
#define CUZK_HD_INLINE inline __attribute__((always_inline))
#endif
