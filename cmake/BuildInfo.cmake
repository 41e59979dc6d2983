# Build stamp: the commit and dirty state of the SOURCE tree, taken at
# configure time with `git describe --always --dirty`, in CUZK_GIT_REV ("unknown" when the
# sources are not a git checkout of their own, e.g. a release tarball unpacked anywhere).
# Configure re-runs when HEAD moves (HEAD, its branch's ref, the HEAD reflog), so a commit or
# checkout re-stamps; edits made after the last configure are not seen until it re-runs.
set(CUZK_GIT_REV "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(
    COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" rev-parse --show-toplevel --git-dir --git-common-dir
    OUTPUT_VARIABLE _cuzk_git OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _cuzk_rc)
  if(_cuzk_rc EQUAL 0)
    string(REPLACE "\n" ";" _cuzk_git "${_cuzk_git}")
    list(GET _cuzk_git 0 _cuzk_top)
    list(GET _cuzk_git 1 _cuzk_gitdir)
    list(GET _cuzk_git 2 _cuzk_common)
    file(REAL_PATH "${_cuzk_top}" _cuzk_top)
    file(REAL_PATH "${PROJECT_SOURCE_DIR}" _cuzk_src)
  endif()
  # Only the sources' own checkout: not an enclosing repository they happen to sit in.
  if(_cuzk_rc EQUAL 0 AND _cuzk_top STREQUAL _cuzk_src)
    execute_process(
      COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" describe --always --dirty
      OUTPUT_VARIABLE _cuzk_rev OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _cuzk_rc)
    if(_cuzk_rc EQUAL 0 AND _cuzk_rev MATCHES "^[A-Za-z0-9._/+-]+$")
      set(CUZK_GIT_REV "${_cuzk_rev}")
    endif()
    # Re-stamp when HEAD changes: HEAD itself (checkout), the branch's ref (commit), packed-refs.
    foreach(_cuzk_dir _cuzk_gitdir _cuzk_common)
      if(NOT IS_ABSOLUTE "${${_cuzk_dir}}")
        set(${_cuzk_dir} "${PROJECT_SOURCE_DIR}/${${_cuzk_dir}}")
      endif()
    endforeach()
    set(_cuzk_deps "${_cuzk_gitdir}/HEAD")
    execute_process(
      COMMAND "${GIT_EXECUTABLE}" -C "${PROJECT_SOURCE_DIR}" symbolic-ref -q HEAD
      OUTPUT_VARIABLE _cuzk_ref OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    # The branch's loose ref (absent while packed: then its folder, whose mtime a commit
    # changes) and the HEAD reflog, which every commit, checkout and reset appends to.
    if(_cuzk_ref)
      if(EXISTS "${_cuzk_common}/${_cuzk_ref}")
        list(APPEND _cuzk_deps "${_cuzk_common}/${_cuzk_ref}")
      else()
        get_filename_component(_cuzk_refdir "${_cuzk_common}/${_cuzk_ref}" DIRECTORY)
        if(IS_DIRECTORY "${_cuzk_refdir}")
          list(APPEND _cuzk_deps "${_cuzk_refdir}")
        endif()
      endif()
    endif()
    if(EXISTS "${_cuzk_gitdir}/logs/HEAD")
      list(APPEND _cuzk_deps "${_cuzk_gitdir}/logs/HEAD")
    endif()
    set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_cuzk_deps})
  endif()
endif()
message(STATUS "cuzk: build revision ${CUZK_GIT_REV}")
