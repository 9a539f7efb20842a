#!/usr/bin/env bash
# Sets up a fresh machine and runs every test: cargo unit/integration tests, then lit.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --bins
cargo test
PTO_BIN_DIR="$PWD/target/debug" /usr/lib/llvm-22/bin/lit -sv lit-tests
