#!/usr/bin/env bash
# Installs what pto-mlir needs on a fresh machine (Debian): LLVM/MLIR 22 with its tools
# (mlir-opt, FileCheck, lit), the libraries the melior/inkwell/tblgen crates link, and
# numpy for the Python that runs lit (tests regenerate their numpy reference data).
# Idempotent: does nothing when everything is present.
set -euo pipefail

PKGS=(llvm-22-dev libmlir-22-dev mlir-22-tools libclang1-22 libclang-common-22-dev
      libpolly-22-dev libzstd-dev zlib1g-dev libxml2-dev libz3-dev libffi-dev libncurses-dev g++
      python3-numpy)

missing=()
for p in "${PKGS[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

command -v cargo >/dev/null 2>&1 || { echo "setup: cargo (Rust) is required" >&2; exit 1; }
[ -x /usr/lib/llvm-22/bin/lit ] || { echo "setup: /usr/lib/llvm-22/bin/lit missing" >&2; exit 1; }
