#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another,
# and prints a table of what each did.
#
#   fuzz/run.sh [SECONDS]
#
# Two options, by environment variable:
#
#   FUZZ_TARGETS="a b"  runs only those targets (names as `cargo fuzz list`
#                       gives them, separated by spaces; default: all). An
#                       unknown name is a usage error (exit 2).
#   FUZZ_JOBS=N         runs up to N targets at once (default 1: one after
#                       another, each target's output printed as it ends).
#                       With N > 1 each target's output is kept until every
#                       target has ended, then printed in target order. Each
#                       target still gets SECONDS, and its rate is still
#                       taken per second of its own CPU time, so the floors
#                       hold as long as the machine has a core per job.
#
# Either way the table is printed once, at the end, in target order, and the
# failures are reported as below.
#
# Needs a nightly toolchain (`cargo +nightly`) and cargo-fuzz, which it
# installs when missing (`cargo install cargo-fuzz --locked`). Without
# nightly it says so and exits 0: the committed corpora are still replayed
# on stable by `cargo test` (tests/fuzz_replay.rs).
#
# The committed seeds in fuzz/corpus/<target>/ are only read; what the fuzzer
# learns goes to fuzz/target/work-corpus/<target>/ (git-ignored), so a run
# never dirties the repository. A failing input is saved by libFuzzer as
# fuzz/artifacts/<target>/crash-* or timeout-* (git-ignored too); `cargo test
# --test fuzz_replay` replays it. Each target's full log is kept in
# fuzz/target/run-logs/<target>.log.
#
# A target fails when libFuzzer fails (a panic, or an input running over 5 s:
# `-timeout=5`), when it runs no input, or when it runs fewer inputs per
# second of its own CPU time than its floor: 2,000 (`play`: 300). The rate is
# taken per CPU second, not per wall-clock second, so that a busy machine
# (other jobs on the same cores) does not fail the run; both are printed.
# With FUZZ_RATES=report a rate below its floor is reported in the table but
# fails nothing (for a run on a machine known to be slow). The script exits 1
# if any target failed.
set -uo pipefail
cd "$(dirname "$0")"

seconds=${1:-60}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: fuzz/run.sh [SECONDS]   (seconds per target, default 60)" >&2
  exit 2
fi

jobs=${FUZZ_JOBS:-1}
if ! [[ "$jobs" =~ ^[0-9]+$ ]] || [ "$jobs" -eq 0 ]; then
  echo "fuzz/run.sh: FUZZ_JOBS must be a positive number (got '$jobs')" >&2
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

# Fewest inputs per CPU second a target must run.
min_rate() {
  case "$1" in
    play) echo 300 ;;
    *) echo 2000 ;;
  esac
}

# Longest input worth trying, per target: `play` uses at most a name line and
# 160 bytes (MAX_PLAY_PLIES in src/targets.rs); the texts need no more than a
# few lines.
max_len() {
  case "$1" in
    play) echo 192 ;;
    variant) echo 512 ;;
    definition) echo 8192 ;;
    *) echo 1024 ;;
  esac
}

# No sanitizer: the targets run no unsafe code (the C API is not fuzzed), so
# AddressSanitizer would only halve the speed. Debug assertions and overflow
# checks stay on (cargo-fuzz's default), as in `cargo test`.
build_flags=(--sanitizer none)

# Targets built without comparison tracing, apart in target/plain/: tracing
# costs them two thirds of their time (`variant`: 2,800 execs/s traced,
# 6,300 untraced; `betza`: 3,500 and 8,700) for little: the bytes of `play`
# and `variant` are choices (a variant, moves by their index, a board size,
# pieces picked from a list, flags), not text, and a Betza string is single
# letters and digits, which `betza` gets from its dictionary (betza.dict)
# instead of from traced comparisons.
untraced="play variant betza"

# Extra libFuzzer options per target.
options() {
  case "$1" in
    betza) echo "-dict=betza.dict" ;;
  esac
}

all_targets=$(cargo +nightly fuzz list)
if [ -n "$(echo ${FUZZ_TARGETS:-})" ]; then
  targets=()
  for target in $FUZZ_TARGETS; do
    if ! printf '%s\n' $all_targets | grep -qx -- "$target"; then
      echo "fuzz/run.sh: FUZZ_TARGETS names no fuzz target '$target' (targets: $(echo $all_targets))" >&2
      exit 2
    fi
  done
  # In target order, each once, whatever the order given.
  for target in $all_targets; do
    case " $(echo $FUZZ_TARGETS) " in
      *" $target "*) targets+=("$target") ;;
    esac
  done
else
  read -r -a targets <<<"$(echo $all_targets)"
fi

echo "=== building the fuzz targets"
if ! cargo +nightly fuzz build "${build_flags[@]}"; then
  echo "fuzz/run.sh: the fuzz targets did not build" >&2
  exit 1
fi
for target in $untraced; do
  case " ${targets[*]} " in
    *" $target "*) ;;
    *) continue ;;
  esac
  if ! cargo +nightly fuzz build "${build_flags[@]}" --no-trace-compares \
      --target-dir target/plain "$target"; then
    echo "fuzz/run.sh: the fuzz target $target did not build" >&2
    exit 1
  fi
done
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
binary() {
  case " $untraced " in
    *" $1 "*) echo "target/plain/$host/release/$1" ;;
    *) echo "target/$host/release/$1" ;;
  esac
}

mkdir -p target/run-logs
# Runs one target; its table row goes to target/run-logs/<target>.row, and
# target/run-logs/<target>.failed marks a failure.
run_target() {
  local target=$1
  local work="target/work-corpus/$target"
  local log="target/run-logs/$target.log"
  local cpu status execs wall_rate real user sys cpu_rate floor verdict
  rm -f "target/run-logs/$target.row" "target/run-logs/$target.failed"
  mkdir -p "$work" "corpus/$target" "artifacts/$target"
  echo "=== $target: ${seconds}s"
  # The binary itself, not `cargo fuzz run`, so that the CPU time measured
  # is the fuzzer's alone.
  TIMEFORMAT='%R %U %S'
  cpu=$({ time "$(binary "$target")" "$work" "corpus/$target" \
      -artifact_prefix="artifacts/$target/" \
      -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=5 $(options "$target") \
      -print_final_stats=1 >"$log" 2>&1; echo "status $?" >>"$log"; } 2>&1)
  status=$(sed -n 's/^status //p' "$log" | tail -1)
  # libFuzzer's progress lines ("#1234 NEW ..."), notes and recommended
  # dictionary are left out of the output (they stay in the log).
  sed '/^###### Recommended dictionary/,/^###### End of recommended dictionary/d' "$log" |
    grep -av '^#[0-9]\|^status \|^INFO: \|^WARNING: Failed to find function' || true
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  wall_rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  read -r real user sys <<<"$cpu"
  execs=${execs:-0}
  wall_rate=${wall_rate:-0}
  cpu_rate=$(awk -v n="$execs" -v u="$user" -v s="$sys" \
    'BEGIN { t = u + s; printf "%d", (t > 0 ? n / t : 0) }')
  floor=$(min_rate "$target")
  verdict=ok
  if [ "$status" != 0 ]; then
    verdict="failed (libFuzzer exit $status)"
  elif [ "$execs" -eq 0 ]; then
    verdict="stalled (no input ran)"
  elif [ "$cpu_rate" -lt "$floor" ]; then
    verdict="too slow (floor $floor/s)"
  fi
  if [ "${FUZZ_RATES:-enforce}" = report ] && [[ "$verdict" == "too slow"* ]]; then
    verdict="$verdict, reported only"
  elif [ "$verdict" != ok ]; then
    : >"target/run-logs/$target.failed"
  fi
  echo "| $target | $execs | $wall_rate | $cpu_rate | $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }') | $floor | $verdict |" \
    >"target/run-logs/$target.row"
}

if [ "$jobs" -eq 1 ]; then
  for target in "${targets[@]}"; do
    run_target "$target"
  done
else
  # Up to $jobs at once, each one's output kept in target/run-logs/<target>.out
  # and printed in target order once all have ended.
  running=0
  for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
      wait -n
      running=$((running - 1))
    fi
    run_target "$target" >"target/run-logs/$target.out" 2>&1 &
    running=$((running + 1))
  done
  wait
  for target in "${targets[@]}"; do
    cat "target/run-logs/$target.out"
  done
fi

failed=()
rows=()
for target in "${targets[@]}"; do
  if [ -f "target/run-logs/$target.row" ]; then
    rows+=("$(cat "target/run-logs/$target.row")")
  else
    rows+=("| $target | 0 | 0 | 0 | 0.0 | $(min_rate "$target") | failed (no result) |")
    : >"target/run-logs/$target.failed"
  fi
  [ -f "target/run-logs/$target.failed" ] && failed+=("$target")
done

echo
echo "=== ${seconds}s per target ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'))"
echo "| target | execs | execs/s (wall) | execs/s (CPU) | CPU s | floor | result |"
echo "|---|--:|--:|--:|--:|--:|---|"
printf '%s\n' "${rows[@]}"

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz/run.sh: failures in: ${failed[*]} (inputs in fuzz/artifacts/<target>/;"
  echo "  replay them with: cargo test --test fuzz_replay; logs in fuzz/target/run-logs/)"
  exit 1
fi
if printf '%s\n' "${rows[@]}" | grep -q "reported only"; then
  echo "fuzz/run.sh: every target ran ${seconds}s without a failure; rates below their floors are reported only (FUZZ_RATES=report)"
else
  echo "fuzz/run.sh: every target ran ${seconds}s without a failure, each at its rate"
fi
