#!/usr/bin/env bash
# Sets up a fresh machine and runs every test: cargo unit/integration tests, then lit
# (the project's suite, then the standalone example's).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --bins
cargo test
PTO_BIN_DIR="$PWD/target/debug" /usr/lib/llvm-22/bin/lit -sv lit-tests
# The out-of-tree dialect example (examples/standalone), with its own lit suite.
STANDALONE_BIN_DIR="$PWD/target/debug" /usr/lib/llvm-22/bin/lit -sv examples/standalone/test
