# CUZK_SANITIZE: a comma-separated list of sanitizers for host code, e.g. "address,undefined".
# UB is fatal (-fno-sanitize-recover=undefined) so a test fails on the first finding.
# Used by scripts/test.sh for its second, CPU-only build folder (build-asan).
set(CUZK_SANITIZE "" CACHE STRING "Sanitizers for host code, e.g. address,undefined (empty: none)")
if(CUZK_SANITIZE)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    message(FATAL_ERROR "CUZK_SANITIZE needs GCC or Clang")
  endif()
  set(_cuzk_san -fsanitize=${CUZK_SANITIZE} -fno-omit-frame-pointer)
  if(CUZK_SANITIZE MATCHES "undefined")
    # -fno-sanitize=vptr: oneTBB's flow graph (tbb/detail/_flow_graph_impl.h:368) downcasts
    # a task to forward_task_bypass in its headers, which the vptr check reports in every
    # batch run; suppressions cannot apply to non-recoverable checks.
    list(APPEND _cuzk_san -fno-sanitize-recover=undefined -fno-sanitize=vptr)
  endif()
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:${_cuzk_san}>")
  add_link_options(-fsanitize=${CUZK_SANITIZE})
  message(STATUS "cuzk: sanitizers ${CUZK_SANITIZE}")
endif()
