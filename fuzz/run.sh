#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another.
#
#   fuzz/run.sh [SECONDS]
#
# Needs a nightly toolchain (`cargo +nightly`) and cargo-fuzz, which it
# installs when missing. Without nightly it says so and exits 0: the
# committed corpora are still replayed on stable by `cargo test`
# (tests/fuzz_replay.rs).
#
# The committed seeds in fuzz/corpus/<target>/ are only read; what the fuzzer
# learns goes to fuzz/target/work-corpus/<target>/ (git-ignored), so a run
# never dirties the repository. A failing input is saved by libFuzzer as
# fuzz/artifacts/<target>/crash-* (git-ignored too); `cargo test --test
# fuzz_replay` replays it. The script exits 1 if any target failed.
set -uo pipefail
cd "$(dirname "$0")"

seconds=${1:-60}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: fuzz/run.sh [SECONDS]   (seconds per target, default 60)" >&2
  exit 2
fi

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz/run.sh: fuzzing skipped: no nightly toolchain is present (cargo +nightly failed)."
  echo "fuzz/run.sh: the seed corpora are still replayed on stable by: cargo test --test fuzz_replay"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz/run.sh: cargo-fuzz is missing; installing it (cargo install cargo-fuzz --locked)"
  if ! cargo install cargo-fuzz --locked; then
    echo "fuzz/run.sh: fuzzing skipped: cargo-fuzz could not be installed."
    exit 0
  fi
fi

# No sanitizer: the targets run no unsafe code (the C API is not fuzzed), so
# AddressSanitizer would only halve the speed. Debug assertions and overflow
# checks stay on (cargo-fuzz's default), as in `cargo test`.
build_flags=(--sanitizer none)

echo "=== building the fuzz targets"
if ! cargo +nightly fuzz build "${build_flags[@]}"; then
  echo "fuzz/run.sh: the fuzz targets did not build" >&2
  exit 1
fi

# Longest input worth trying, per target: `play` uses at most 1 + 160 bytes
# (MAX_PLAY_PLIES in src/targets.rs); the texts need no more than a few lines.
max_len() {
  case "$1" in
    play) echo 256 ;;
    variant) echo 512 ;;
    definition) echo 8192 ;;
    *) echo 1024 ;;
  esac
}

failed=()
for target in $(cargo +nightly fuzz list); do
  work="target/work-corpus/$target"
  mkdir -p "$work" "corpus/$target" "artifacts/$target"
  echo "=== $target: ${seconds}s"
  # libFuzzer's progress lines ("#1234 NEW ...") are left out of the log.
  cargo +nightly fuzz run "${build_flags[@]}" "$target" "$work" "corpus/$target" -- \
      -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=30 \
      -print_final_stats=1 2>&1 | { grep -av '^#[0-9]' || true; }
  if [ "${PIPESTATUS[0]}" -ne 0 ]; then
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz/run.sh: failures in: ${failed[*]} (inputs in fuzz/artifacts/<target>/;"
  echo "  replay them with: cargo test --test fuzz_replay)"
  exit 1
fi
echo "fuzz/run.sh: every target ran ${seconds}s without a failure"
