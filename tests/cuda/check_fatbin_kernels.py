#!/usr/bin/env python3
"""Every kernel the CUDA backend's host code can launch has device code, checked without a GPU.

A kernel whose host side is compiled but whose device code nvcc never instantiated fails only at
launch, on a GPU ("invalid resource handle"): this happened to the NTT's tile kernel once the
product named it only through a function pointer in a constant expression. For each object of
cuzk_cuda (the arguments) this reads the device code's symbol names from its `.nv_fatbin`
section (objcopy) and checks:
  1. every launch stub the host code has (`__device_stub__<kernel>`, from nm) has its kernel
     among them;
  2. the kernels reached only through function pointers, listed in REQUIRED by the object's
     source name, are there too (those have no stub to check when their code is missing).
Exit 1 with one line per missing kernel; exit 2 if an object has no readable device code.
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# source file name -> substrings of mangled kernel names that must have device code
REQUIRED = {
    "ntt.cu": ["ntt_detail8dif_tile", "ntt_detail13dif_pass_smem"],
    # BN254's NTT (its own object): the same kernels over bn254::Fr (mangled with 5bn2545FrCfg)
    "ntt_bn254.cu": ["ntt_detail8dif_tileILj10ELj256ELj3ELi2ELi2ENS_2ff4MontINS_5bn2545FrCfg",
                     "ntt_detail13dif_pass_smemINS_2ff4MontINS_5bn2545FrCfg",
                     "18make_pass_twiddlesINS_2ff4MontINS_5bn2545FrCfg",
                     "16make_shoup_tableINS_2ff4MontINS_5bn2545FrCfg",
                     "7mul_subINS_2ff4MontINS_5bn2545FrCfg",
                     "13mul_pointwiseINS_2ff4MontINS_5bn2545FrCfg"],
    # BN254's MSM kernels over its G1 / G2 (launched directly: their stubs are checked too)
    "msm_g1_bn254.cu": ["accumulate_segmentsINS0_11DeviceCurveINS_5bn2547G1Curve"],
    "msm_g2_bn254.cu": ["accumulate_segments_pairsINS0_11DeviceCurveINS_5bn2547G2Curve"],
    # the lab's NTT variants (cuzk_cuda_lab, with -DCUZK_LAB_CUDA=ON), all through function pointers
    "ntt_lab.cu": ["ntt_detail8dif_tileILj10ELj128ELj6ELi0ELi0E", "ntt_detail8dif_tileILj11ELj256ELj2ELi0ELi0E",
                   "ntt_detail8dif_tileILj11ELj256ELj3ELi1ELi0E", "ntt_detail8dif_tileILj10ELj256ELj2ELi2ELi2E"],
}
MANGLED = re.compile(rb"_Z[A-Za-z0-9_]+")


def device_names(obj: Path) -> set[str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "fatbin"
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.nv_fatbin", str(obj), str(out)],
                       check=True, capture_output=True)
        data = out.read_bytes() if out.exists() else b""
    return {m.decode() for m in MANGLED.findall(data)}


def stubs(obj: Path) -> list[str]:
    nm = subprocess.run(["nm", str(obj)], check=True, capture_output=True, text=True).stdout
    out = []
    for line in nm.splitlines():
        name = line.split()[-1]
        i = name.find("__device_stub__")
        if i >= 0 and not name.endswith(".cold"):
            out.append(name[i + len("__device_stub__"):])
    return out


def main(objs: list[str]) -> int:
    missing, checked = [], 0
    for o in map(Path, objs):
        if not o.name.endswith(".cu.o"):
            continue
        dev = device_names(o)
        src = o.name[: -len(".o")]
        if not dev:
            print(f"{o}: no device code names found in .nv_fatbin (empty or compressed): cannot check")
            return 2
        for s in stubs(o):
            checked += 1
            if not any(s.startswith(d[1:]) for d in dev):
                missing.append(f"{o.name}: launch stub without device code: {s[:120]}")
        for want in REQUIRED.get(src, []):
            checked += 1
            if not any(want in d for d in dev):
                missing.append(f"{o.name}: no device code for the kernel {want!r} (reached through a function pointer?)")
    for m in missing:
        print(m)
    print(f"{checked} kernels checked, {len(missing)} without device code")
    return 1 if missing or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
