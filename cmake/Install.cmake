# `cmake --install`: the two programs, the libraries (one per lib/ layer,
# cuzk::util ... cuzk::pipeline, the INTERFACE cuzk::core linking them all, and cuzk_analysis)
# with their headers, a CMake package (find_package(cuzk) -> cuzk::core, cuzk::stats, and each
# layer), a relocatable pkg-config file (cuzk.pc), man pages made with help2man from --help
# (when help2man is found) and bash completion for both commands.
# Included at the end of the top CMakeLists.txt, once every target exists.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CUZK_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/cuzk)

install(TARGETS cuzk-prove cuzk-stats RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The layer targets: those cuzk_core links (lib/CMakeLists.txt), bottom first.
get_target_property(CUZK_LAYER_TARGETS cuzk_core INTERFACE_LINK_LIBRARIES)
install(TARGETS ${CUZK_LAYER_TARGETS} cuzk_core cuzk_analysis EXPORT cuzkTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# Public headers: lib/cuzk/**.hpp (cuzk/util/error.hpp is shared with the stats library) and
# analysis/include/cuzk/stats/*.hpp, both under include/cuzk/.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/cuzk ${PROJECT_SOURCE_DIR}/analysis/include/cuzk
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")

# CMake package.
install(EXPORT cuzkTargets NAMESPACE cuzk:: FILE cuzkTargets.cmake DESTINATION ${CUZK_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/cuzkConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/cuzkConfig.cmake INSTALL_DESTINATION ${CUZK_CMAKE_DIR})
# 0.x: a minor version may break the API, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cuzkConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cuzkConfig.cmake ${PROJECT_BINARY_DIR}/cuzkConfigVersion.cmake
        DESTINATION ${CUZK_CMAKE_DIR})

# pkg-config: paths relative to the .pc file itself (${pcfiledir}), so `--prefix` and DESTDIR
# at install time are honoured.
set(CUZK_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(CUZK_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _cuzk_up "/p/${CUZK_PC_DIR}" "/p")
  string(REGEX REPLACE "/$" "" _cuzk_up "${_cuzk_up}")
  set(CUZK_PC_PREFIX "\${pcfiledir}/${_cuzk_up}")
endif()
foreach(d INCLUDEDIR LIBDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${d}}")
    set(CUZK_PC_${d} "${CMAKE_INSTALL_${d}}")
  else()
    set(CUZK_PC_${d} "\${prefix}/${CMAKE_INSTALL_${d}}")
  endif()
endforeach()
# Static libraries top layer first, so each one's undefined symbols are met by those after it.
set(CUZK_PC_LIBS "")
foreach(t ${CUZK_LAYER_TARGETS})
  get_target_property(_cuzk_type ${t} TYPE)
  if(_cuzk_type STREQUAL "STATIC_LIBRARY")
    string(PREPEND CUZK_PC_LIBS " -l${t}")
  endif()
endforeach()
set(CUZK_PC_CFLAGS "")
if(CUZK_HAS_BMI2 AND NOT CUZK_NATIVE)
  set(CUZK_PC_CFLAGS " -mbmi2 -madx")  # the library's x86 field fast path (see lib/)
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/cuzk.pc.in ${PROJECT_BINARY_DIR}/cuzk.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cuzk.pc DESTINATION ${CUZK_PC_DIR})

# bash completion: one file per command name, as bash-completion loads them on demand.
foreach(cmd cuzk-prove cuzk-stats)
  install(FILES ${PROJECT_SOURCE_DIR}/completions/cuzk.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${cmd})
endforeach()

# Man pages from --help (help2man: Debian package help2man), built with the programs.
find_program(CUZK_HELP2MAN help2man)
if(CUZK_HELP2MAN)
  set(_cuzk_pages "")
  foreach(cmd cuzk-prove cuzk-stats)
    if(cmd STREQUAL "cuzk-prove")
      set(desc "Groth16 (BLS12-381) batch prover for snarkjs keys and witnesses")
      set(see cuzk-stats\(1\))
    else()
      set(desc "statistics, comparisons, CI gates and reports over cuzk-prove runs")
      set(see cuzk-prove\(1\))
    endif()
    set(page ${PROJECT_BINARY_DIR}/man/${cmd}.1)
    add_custom_command(OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -DHELP2MAN=${CUZK_HELP2MAN} -DPROG=$<TARGET_FILE:${cmd}> -DNAME=${cmd}
              -DVERSION=${PROJECT_VERSION} "-DDESC=${desc}" "-DSEE_ALSO=${see}" -DOUT=${page}
              -P ${CMAKE_CURRENT_LIST_DIR}/ManPage.cmake
      DEPENDS ${cmd} ${CMAKE_CURRENT_LIST_DIR}/ManPage.cmake
      COMMENT "help2man: ${cmd}.1" VERBATIM)
    list(APPEND _cuzk_pages ${page})
  endforeach()
  add_custom_target(cuzk_man ALL DEPENDS ${_cuzk_pages})
  install(FILES ${_cuzk_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  set(CUZK_HAVE_MAN ON)
else()
  set(CUZK_HAVE_MAN OFF)
  message(STATUS "cuzk: help2man not found: no man pages (apt-get install help2man)")
endif()
