#!/usr/bin/env bash
# Runs the coverage-guided fuzz targets of fuzz/ (cargo-fuzz, libFuzzer, nightly Rust),
# each for SECONDS (default 1800), seeded with the lit tests and examples, growing the
# committed corpus fuzz/corpus/<target> and minimizing it afterwards.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# A crash, leak, timeout or out-of-memory stops the target and leaves its input in
# fuzz/artifacts/<target>/; the summary line per target goes to fuzz/runs.log too.
# Reproduce one with `cargo +nightly fuzz run -O <target> <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(mlir_roundtrip pass_pipeline pypto_import deepx_import npy_read ecl_import harp_ir_import wsp_import)
fi
command -v cargo-fuzz > /dev/null || cargo install cargo-fuzz --locked
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
(cd fuzz && cargo +nightly fuzz build -O --debug-assertions)
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
python3 scripts/fuzz_seeds.py "$seeds" > /dev/null
status=0
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t" "$seeds/$t"
  log="fuzz/artifacts/$t.log"
  mkdir -p fuzz/artifacts
  echo "== $t: ${seconds}s"
  # One worker (the machine has two cores; the other stays free). The limits are the
  # tools' own: inputs of 64 KiB, 2 GiB of memory, 20 s per input.
  if (cd fuzz && cargo +nightly fuzz run -O --debug-assertions "$t" "corpus/$t" "$seeds/$t" -- \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=20 \
        -print_final_stats=1) > "$log" 2>&1; then
    result=ok
  else
    result="FINDING (see $log and fuzz/artifacts/$t/)"
    status=1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  (cd fuzz && cargo +nightly fuzz cmin -O --debug-assertions "$t" "corpus/$t" > /dev/null 2>&1) || true
  line="$(date -u +%Y-%m-%d) $t ${seconds}s runs=$runs cov=$cov corpus=$(ls "fuzz/corpus/$t" | wc -l) $result"
  echo "$line"
  echo "$line" >> fuzz/runs.log
done
exit $status
