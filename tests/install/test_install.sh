#!/usr/bin/env bash
# test_install.sh BUILD CMAKE CXX LIBDIR VERSION HAVE_MAN(0|1), run from tests/install.
# Installs BUILD into a temporary prefix and checks what a user of the install relies on.
set -euo pipefail
build=$1 cmake=$2 cxx=$3 libdir=$4 version=$5 have_man=$6
src=$(cd ../.. && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cuzk-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset DESTDIR

prefix=$tmp/prefix
echo "== cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }

for f in bin/cuzk-prove bin/cuzk-stats; do [[ -x $prefix/$f ]] || fail "$f not installed"; done
# One static library per lib/ layer (ff is header-only), none named cuzk_core (an INTERFACE target).
for l in util ec ntt msm pairing groth16 circuit setup pipeline; do
  [[ -f $prefix/$libdir/libcuzk_$l.a ]] || fail "$libdir/libcuzk_$l.a not installed"
done
[[ ! -e $prefix/$libdir/libcuzk_core.a ]] || fail "$libdir/libcuzk_core.a installed (cuzk_core is an INTERFACE target)"
for f in "$libdir/libcuzk_analysis.a" \
         include/cuzk/ff/bls12_381.hpp include/cuzk/util/error.hpp include/cuzk/stats/descriptive.hpp \
         "$libdir/cmake/cuzk/cuzkConfig.cmake" "$libdir/cmake/cuzk/cuzkConfigVersion.cmake" \
         "$libdir/cmake/cuzk/cuzkTargets.cmake" "$libdir/pkgconfig/cuzk.pc" \
         share/bash-completion/completions/cuzk-prove share/bash-completion/completions/cuzk-stats; do
  [[ -f $prefix/$f ]] || fail "$f not installed"
done
if grep -rqsF -e "$build" -e "$src" "$prefix/$libdir/cmake" "$prefix/$libdir/pkgconfig"; then
  fail "the installed package names the build or source tree"
fi
got=$("$prefix/bin/cuzk-prove" --version)
[[ $got == "cuzk-prove $version" ]] || fail "installed cuzk-prove --version: '$got'"

# find_package(cuzk): a tiny CMake project, nothing but the prefix to find it by.
echo "== find_package(cuzk) consumer"
"$cmake" -S consumer -B "$tmp/cmake-consumer" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF >"$tmp/consumer.log" 2>&1 ||
  { cat "$tmp/consumer.log"; fail "configuring the find_package consumer"; }
"$cmake" --build "$tmp/cmake-consumer" >>"$tmp/consumer.log" 2>&1 || { cat "$tmp/consumer.log"; fail "building it"; }
"$tmp/cmake-consumer/consumer" || fail "the find_package consumer's checks"
"$tmp/cmake-consumer/consumer_layer" || fail "the consumer of cuzk::pairing alone"

# pkg-config: g++ -std=c++20 main.cpp $(pkg-config --cflags --libs cuzk).
echo "== pkg-config consumer"
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
[[ $(pkg-config --modversion cuzk) == "$version" ]] || fail "pkg-config --modversion cuzk"
# shellcheck disable=SC2046
"$cxx" -std=c++20 -O1 consumer/main.cpp -o "$tmp/pc-consumer" $(pkg-config --cflags --libs cuzk) ||
  fail "building the pkg-config consumer"
"$tmp/pc-consumer" || fail "the pkg-config consumer's checks"
# Relocatable: the .pc file finds its prefix from where it lies.
mv "$prefix" "$tmp/moved"
[[ $(PKG_CONFIG_PATH=$tmp/moved/$libdir/pkgconfig pkg-config --cflags-only-I cuzk) == *"$tmp/moved/"* ]] ||
  fail "cuzk.pc does not follow a moved prefix"
mv "$tmp/moved" "$prefix"

echo "== man pages"
if [[ $have_man == 1 ]]; then
  for cmd in cuzk-prove cuzk-stats; do
    page=$prefix/share/man/man1/$cmd.1
    [[ -f $page ]] || fail "man page $cmd.1 not installed"
    grep -q '^\.SH COMMANDS' "$page" || fail "$cmd.1 has no COMMANDS section"
  done
  grep -q '^\.SS "cuzk-prove batch"' "$prefix/share/man/man1/cuzk-prove.1" || fail "cuzk-prove.1 lacks batch"
  grep -q '^\.SS "cuzk-stats baseline save"' "$prefix/share/man/man1/cuzk-stats.1" || fail "cuzk-stats.1 lacks baseline save"
else
  echo "help2man was not found at configure time: no man pages to check"
fi

echo "== bash completion"
comp() {  # comp SCRIPT WORDS...: the completions for the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _cuzk; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$@"
}
c=$prefix/share/bash-completion/completions
# has WORD: the list on stdin holds WORD. grep reads it all (no -q): under pipefail, a grep
# that stopped at the first match could fail the pipeline with the writer's SIGPIPE.
has() { grep -xF -- "$1" >/dev/null; }
comp "$c/cuzk-prove" "$prefix/bin/cuzk-prove" "" | has batch || fail "completion: cuzk-prove subcommands"
comp "$c/cuzk-prove" "$prefix/bin/cuzk-prove" batch --ou | has --out || fail "completion: batch options"
comp "$c/cuzk-prove" "$prefix/bin/cuzk-prove" batch --backend "" | has cuda || fail "completion: --backend values"
comp "$c/cuzk-stats" "$prefix/bin/cuzk-stats" baseline "" | has save || fail "completion: cuzk-stats baseline"
comp "$c/cuzk-stats" "$prefix/bin/cuzk-stats" compare --fail | has --fail-on-regression ||
  fail "completion: compare options"
echo "install: all checks passed"
