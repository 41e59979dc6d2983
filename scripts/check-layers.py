#!/usr/bin/env python3
"""check-layers.py [ROOT]: the include layering of lib/, cuda/, analysis/, apps/ and tests/.

Every `#include "cuzk/<layer>/..."` (or <cuzk/...>) names a layer. A file under
lib/cuzk/<layer>/ may include its own layer and the layers below it (LIB_LAYERS: each
layer's direct dependencies, closed transitively). cuda/ may include any lib layer and
cuzk/cuda; analysis/ and apps/cuzk-stats only cuzk/util and cuzk/stats; the other apps/ and
tests/ any known layer. An unknown layer name is an error. lib/CMakeLists.txt must agree:
each cuzk_layer(<name> ...) links (transitively) exactly the layers declared here, and every
lib/cuzk/<layer>/*.cpp is listed in its own layer's call. Product code (lib/, cuda/ but
cuda/bench/, analysis/, apps/) includes no header of the lab (LAB_DIRS: built only with
-DCUZK_LAB=ON), by name or by path; tests may. Product code names no issue, device call
or PERF.md (a comment says why in its own words).

Exit 0 when clean, 1 with one line per problem (file:line: ...), 2 on a usage error.
--self-test plants a back-edge (and the other faults, a lab header in product code and a
comment naming an issue among them) in a temporary tree and expects each to be reported.
"""
import os
import re
import sys
import tempfile

# The declared layers, bottom first: name -> the layers it builds on directly.
LIB_LAYERS = {
    "util": [],
    "ff": ["util"],
    "ec": ["ff"],
    "ntt": ["ff"],
    "msm": ["ec"],
    "pairing": ["ec"],
    "groth16": ["ec", "msm", "ntt", "pairing"],
    "circuit": ["groth16"],
    "setup": ["groth16"],
    "pipeline": ["circuit"],
}
OTHER_LAYERS = ["cuda", "stats"]  # cuda/include/cuzk/cuda, analysis/include/cuzk/stats
SOURCE_EXT = (".hpp", ".cpp", ".h", ".cc", ".cu", ".cuh")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]cuzk/([A-Za-z0-9_]+)/')
ANY_INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
LAB_DIRS = ["cuda/bench"]  # the lab: built only with -DCUZK_LAB=ON
PRODUCT_DIRS = ["lib", "cuda", "analysis", "apps"]  # less LAB_DIRS
# Where product includes resolve besides the including file's folder.
PRODUCT_INCLUDE_ROOTS = ["lib", "cuda/include", "cuda/src", "analysis/include"]


def closure(layers):
    """name -> the set of layers it may include (itself and everything below it)."""
    out = {n: {n} for n in layers}
    changed = True
    while changed:  # a fixed point, so a cycle (a fault in the CMake file) still ends
        changed = False
        for n, deps in layers.items():
            new = out[n].union(*(out[d] for d in deps))
            if new != out[n]:
                out[n], changed = new, True
    return out


def rules():
    """(folder relative to the root, allowed layers; None: from the lib/cuzk/<layer>/ path), first match wins."""
    lib = set(LIB_LAYERS)
    every = lib | set(OTHER_LAYERS)
    return [
        ("lib", None),
        ("cuda", lib | {"cuda"}),
        ("analysis", {"util", "stats"}),
        ("apps/cuzk-stats", {"util", "stats"}),
        ("apps", every),
        ("tests", every),
    ]


def walk(root, rel):
    base = os.path.join(root, rel)
    for d, dirs, files in os.walk(base):
        dirs[:] = sorted(x for x in dirs if x not in ("node_modules", ".git") and not x.startswith("build"))
        for f in sorted(files):
            if f.endswith(SOURCE_EXT):
                yield os.path.relpath(os.path.join(d, f), root)


def includes(root, rel, regex):
    """(line number, match) of each line of rel that matches regex."""
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
        for no, line in enumerate(fh, 1):
            m = regex.match(line)
            if m:
                yield no, m


def check_includes(root, problems):
    allowed_lib = closure(LIB_LAYERS)
    known = set(LIB_LAYERS) | set(OTHER_LAYERS)
    done = set()
    for folder, allowed in rules():
        for rel in walk(root, folder):
            if rel in done:
                continue
            done.add(rel)
            parts = rel.split(os.sep)
            if folder == "lib":
                if len(parts) < 4 or parts[1] != "cuzk":
                    continue  # lib/CMakeLists.txt and the like
                own = parts[2]
                if own not in LIB_LAYERS:
                    problems.append(f"{rel}: folder lib/cuzk/{own} is not a declared layer")
                    continue
                ok, what = allowed_lib[own], f"layer {own}"
            else:
                ok, what = allowed, folder + "/"
            for no, m in includes(root, rel, INCLUDE_RE):
                inc = m.group(1)
                if inc not in known:
                    problems.append(f"{rel}:{no}: includes cuzk/{inc}/, an unknown layer")
                elif inc not in ok:
                    problems.append(f"{rel}:{no}: {what} may not include cuzk/{inc}/ "
                                    f"(allowed: {', '.join(sorted(ok))})")


def check_cmake(root, problems):
    """lib/CMakeLists.txt: the cuzk_layer() calls against LIB_LAYERS and the sources on disk."""
    path = os.path.join(root, "lib", "CMakeLists.txt")
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        problems.append(f"lib/CMakeLists.txt: cannot read: {e.strerror}")
        return
    text = re.sub(r"#[^\n]*", "", text)
    calls = {}
    for m in re.finditer(r"\bcuzk_layer\(\s*([A-Za-z0-9_]+)([^)]*)\)", text):
        calls[m.group(1)] = m.group(2)
    for name in LIB_LAYERS:
        if name not in calls:
            problems.append(f"lib/CMakeLists.txt: no cuzk_layer({name} ...)")
    for name in calls:
        if name not in LIB_LAYERS:
            problems.append(f"lib/CMakeLists.txt: cuzk_layer({name}) is not a declared layer")
    linked = {n: sorted(set(re.findall(r"\bcuzk::([A-Za-z0-9_]+)", body))) for n, body in calls.items()}
    if all(n in LIB_LAYERS for n in linked) and all(d in LIB_LAYERS for ds in linked.values() for d in ds):
        want, got = closure(LIB_LAYERS), closure({n: linked.get(n, []) for n in LIB_LAYERS})
        for n in LIB_LAYERS:
            if n in calls and want[n] != got[n]:
                problems.append(f"lib/CMakeLists.txt: cuzk_layer({n}) links {', '.join(sorted(got[n] - {n})) or 'nothing'}"
                                f" (transitively); declared: {', '.join(sorted(want[n] - {n})) or 'nothing'}")
    else:
        problems.append("lib/CMakeLists.txt: a cuzk_layer() links an undeclared cuzk:: target")
    for name, body in calls.items():
        for src in re.findall(r"\bcuzk/([A-Za-z0-9_]+)/[A-Za-z0-9_./-]+\.cpp\b", body):
            if src != name:
                problems.append(f"lib/CMakeLists.txt: cuzk_layer({name}) lists a source of layer {src}")
    listed = set(re.findall(r"\bcuzk/[A-Za-z0-9_]+/[A-Za-z0-9_./-]+\.cpp\b", "".join(calls.values())))
    for rel in walk(root, "lib"):
        parts = rel.split(os.sep)
        if rel.endswith(".cpp") and len(parts) >= 4 and parts[1] == "cuzk":
            if "/".join(parts[1:]) not in listed:
                problems.append(f"{rel}: not listed in its layer's sources in lib/CMakeLists.txt")
    for src in sorted(listed):
        if not os.path.isfile(os.path.join(root, "lib", src)):
            problems.append(f"lib/CMakeLists.txt: lists {src}, which does not exist")


def in_lab(rel):
    return any(rel == d or rel.startswith(d + "/") for d in LAB_DIRS)


def check_lab_includes(root, problems):
    """Product code includes no lab header: by a path into a lab folder, or by a name only a lab
    folder holds (the lab's include directory would resolve it)."""
    lab_names = set()
    for d in LAB_DIRS:
        for rel in walk(root, d):
            lab_names.add(os.path.relpath(rel, d).replace(os.sep, "/"))
    for folder in PRODUCT_DIRS:
        for rel in walk(root, folder):
            rel = rel.replace(os.sep, "/")
            if in_lab(rel):
                continue
            here = os.path.dirname(rel)
            for no, m in includes(root, rel, ANY_INCLUDE_RE):
                inc = m.group(1)
                by_path = in_lab(os.path.normpath(os.path.join(here, inc)).replace(os.sep, "/"))
                by_name = inc in lab_names and not any(
                    os.path.isfile(os.path.join(root, r, inc)) for r in [here] + PRODUCT_INCLUDE_ROOTS)
                if by_path or by_name:
                    problems.append(f"{rel}:{no}: product code includes a lab header ({inc}; the lab: "
                                    f"{', '.join(d + '/' for d in LAB_DIRS)}, built only with -DCUZK_LAB=ON)")


# Product code says why it is as it is in its own words: no issue or device-call numbers and no
# pointer into the performance log (they move; the reason stays). A model that checks the
# code's arithmetic may be named by its path.
BOOKKEEPING_RE = re.compile(r"\b[Ii]ssue\s*#?\d+|\b[Ii]ssue\d+|\bcall\s+\d+\b|PERF\.md")


def check_bookkeeping(root, problems):
    for folder in PRODUCT_DIRS:
        for rel in walk(root, folder):
            rel = rel.replace(os.sep, "/")
            if in_lab(rel):
                continue
            with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                for no, line in enumerate(fh, 1):
                    m = BOOKKEEPING_RE.search(line)
                    if m:
                        problems.append(f"{rel}:{no}: product code refers to project bookkeeping ({m.group(0)!r}): "
                                        "say why in the code's own words")


def check(root):
    problems = []
    check_includes(root, problems)
    check_lab_includes(root, problems)
    check_bookkeeping(root, problems)
    check_cmake(root, problems)
    return problems


def self_test():
    """Each planted fault must be reported, and the clean tree must pass."""
    cmake = "\n".join(
        f"cuzk_layer({n} SOURCES cuzk/{n}/{n}.cpp PUBLIC {' '.join('cuzk::' + d for d in ds)})"
        for n, ds in LIB_LAYERS.items())
    base = {"lib/CMakeLists.txt": cmake + "\n"}
    for n in LIB_LAYERS:
        deps = "".join(f'#include "cuzk/{d}/{d}.hpp"\n' for d in LIB_LAYERS[n])
        base[f"lib/cuzk/{n}/{n}.hpp"] = "#pragma once\n" + deps
        base[f"lib/cuzk/{n}/{n}.cpp"] = f'#include "cuzk/{n}/{n}.hpp"\n'
    base["cuda/src/k.cu"] = '#include "cuzk/pipeline/pipeline.hpp"\n#include "cuzk/cuda/x.hpp"\n'
    base["analysis/src/s.cpp"] = '#include "cuzk/util/util.hpp"\n#include "cuzk/stats/s.hpp"\n'
    base["apps/cuzk-prove/main.cpp"] = '#include "cuzk/pipeline/pipeline.hpp"\n#include "cuzk/stats/s.hpp"\n'
    base["cuda/bench/lab.hpp"] = '#include "cuzk/cuda/x.hpp"\n#include "ntt_kernel.cuh"\n'  # the lab uses the product
    base["cuda/src/ntt_kernel.cuh"] = "\n"
    base["cuda/src/k.hpp"] = "\n"
    base["cuda/bench/k.hpp"] = "\n"  # a lab header named like a product one: "k.hpp" in cuda/src is the product's
    base["tests/cuda/t.cpp"] = '#include "lab.hpp"\n#include "k.hpp"\n'  # tests may include the lab
    base["cuda/src/k.cu"] += '#include "k.hpp"\n'
    faults = {
        "back-edge ff -> ec": ("lib/cuzk/ff/ff.hpp", '#include "cuzk/ec/ec.hpp"\n', "layer ff may not include cuzk/ec/"),
        "sideways ntt -> msm": ("lib/cuzk/ntt/ntt.cpp", '#include <cuzk/msm/msm.hpp>\n', "layer ntt may not include cuzk/msm/"),
        "lib -> cuda": ("lib/cuzk/pipeline/pipeline.cpp", '#include "cuzk/cuda/x.hpp"\n', "may not include cuzk/cuda/"),
        "lib -> stats": ("lib/cuzk/util/util.cpp", '#  include "cuzk/stats/s.hpp"\n', "may not include cuzk/stats/"),
        "analysis -> groth16": ("analysis/src/s.cpp", '#include "cuzk/groth16/groth16.hpp"\n', "analysis/ may not include"),
        "cuzk-stats -> pipeline": ("apps/cuzk-stats/main.cpp", '#include "cuzk/pipeline/pipeline.hpp"\n', "apps/cuzk-stats/ may not"),
        "unknown layer": ("cuda/src/k.cu", '#include "cuzk/gpu/x.hpp"\n', "unknown layer"),
        "unlisted source": ("lib/cuzk/ec/extra.cpp", "\n", "not listed in its layer's sources"),
        "undeclared folder": ("lib/cuzk/misc/m.hpp", "\n", "not a declared layer"),
        "cmake link missing": ("lib/CMakeLists.txt", cmake.replace("PUBLIC cuzk::circuit", "PUBLIC") + "\n", "cuzk_layer(pipeline) links"),
        "lab header by name": ("cuda/src/k.cu", '#include "lab.hpp"\n', "product code includes a lab header"),
        "lab header by path": ("apps/cuzk-prove/main.cpp", '#include "../../cuda/bench/k.hpp"\n',
                               "product code includes a lab header"),
        "lab header in lib": ("lib/cuzk/util/util.cpp", '#include <lab.hpp>\n', "product code includes a lab header"),
        "issue number": ("lib/cuzk/util/util.hpp", "// as issue 45 asked\n", "refers to project bookkeeping"),
        "perf log": ("cuda/src/k.cu", "// measured: PERF.md\n", "refers to project bookkeeping"),
        "issue folder": ("apps/cuzk-prove/main.cpp", "// see docs/experiments/issue17-x\n", "refers to project bookkeeping"),
        "cmake link upward": ("lib/CMakeLists.txt", cmake.replace("PUBLIC cuzk::ff)", "PUBLIC cuzk::ff cuzk::msm)", 1) + "\n", "cuzk_layer(ec) links"),
    }
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        def plant(files):
            for rel, body in files.items():
                p = os.path.join(tmp, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "w", encoding="utf-8") as fh:
                    fh.write(body)

        plant(base)
        got = check(tmp)
        if got:
            print("self-test FAIL: the clean tree reports:\n  " + "\n  ".join(got))
            bad += 1
        for what, (rel, body, expect) in faults.items():
            p = os.path.join(tmp, rel)
            old = open(p, encoding="utf-8").read() if os.path.exists(p) else None
            plant({rel: body if rel == "lib/CMakeLists.txt" else (old or "") + body})
            got = check(tmp)
            hit = [g for g in got if expect in g]
            print(f"self-test {'ok' if hit else 'FAIL'}: {what}: {hit[0] if hit else got}")
            bad += not hit
            if old is None:
                os.remove(p)
            else:
                plant({rel: old})
        if check(tmp):
            print("self-test FAIL: the tree is not clean again after the faults were removed")
            bad += 1
    return 1 if bad else 0


def main(argv):
    for n, deps in LIB_LAYERS.items():
        bad = [d for d in deps if d not in LIB_LAYERS or list(LIB_LAYERS).index(d) >= list(LIB_LAYERS).index(n)]
        if bad:
            print(f"check-layers: LIB_LAYERS: {n} builds on {', '.join(bad)}, not declared before it", file=sys.stderr)
            return 2
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print("usage: check-layers.py [ROOT] | --self-test", file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.path.isdir(os.path.join(root, "lib", "cuzk")):
        print(f"check-layers: {root}: no lib/cuzk folder", file=sys.stderr)
        return 2
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"check-layers: ok ({' < '.join(LIB_LAYERS)}; cuda, stats)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
