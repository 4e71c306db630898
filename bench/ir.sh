#!/bin/sh
# Instructions per perft node, counted by valgrind's callgrind: exact, so
# immune to the machine's load (unlike the wall-clock bench).
#
#   bench/ir.sh
#
# For each case, runs `bench --perft` (one perft of the start position, see
# bench/src/main.rs) under callgrind at depth D and at depth 1, and prints
# (Ir(D) - Ir(1)) / (nodes(D) - nodes(1)): start-up (variant construction,
# process set-up) cancels out. Built as the README builds (release profile).
# The targets are those of issue 14.
set -eu
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "ir.sh: needs valgrind" >&2; exit 1; }
cargo build --quiet --release -p betza-bench
BIN=target/release/bench
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ir ARGS...: "INSTRUCTIONS NODES" of `bench --perft ARGS`.
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$TMP/out" \
        "$BIN" --perft "$@" >"$TMP/nodes" 2>"$TMP/log" ||
        { cat "$TMP/log" >&2; exit 1; }
    instr=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$TMP/log")
    [ -n "$instr" ] || { echo "ir.sh: no Ir total from callgrind" >&2; exit 1; }
    echo "$instr $(cat "$TMP/nodes")"
}

# per_node DEPTH ARGS...: instructions per node between depth 1 and DEPTH.
per_node() {
    depth=$1
    shift
    set -- $(ir "$@" 1) $(ir "$@" "$depth")
    echo "$1 $2 $3 $4" | awk '{ printf "%.1f %d\n", ($3 - $1) / ($4 - $2), $4 }'
}

printf '| position | depth | nodes | Ir/node | shakmaty Ir/node | target | met |\n'
printf '|---|--:|--:|--:|--:|--:|---|\n'
# row NAME DEPTH TARGET SHAKMATY ARGS...: TARGET is "N" (Ir per node) or
# "Nx" (times shakmaty's); SHAKMATY "yes" also counts ARGS with shakmaty.
row() {
    name=$1 depth=$2 target=$3 shak=$4
    shift 4
    set -- $(per_node "$depth" "$@") "$@"
    ours=$1 nodes=$2
    shift 2
    theirs= ratio=
    if [ "$shak" = yes ]; then
        set -- $(per_node "$depth" --shakmaty "$@")
        [ "$2" = "$nodes" ] || { echo "ir.sh: $name: shakmaty counts $2, we count $nodes" >&2; exit 1; }
        theirs=$1
        ratio=$(echo "$ours $theirs" | awk '{ printf " (%.2fx)", $1 / $2 }')
    fi
    case $target in
    *x)
        limit=$(echo "$theirs ${target%x}" | awk '{ print $1 * $2 }')
        shown="<= ${target%x}x shakmaty ($limit)"
        ;;
    *)
        limit=$target
        shown="<= $target"
        ;;
    esac
    met=$(echo "$ours $limit" | awk '{ print ($1 <= $2) ? "yes" : "no" }')
    printf '| %s | %s | %s | %s%s | %s | %s | %s |\n' \
        "$name" "$depth" "$nodes" "$ours" "$ratio" "$theirs" "$shown" "$met"
}

row "chess start" 4 2.5x yes chess
row "chess start, no bulk" 4 350 yes --no-bulk chess
row "meiriqi start" 3 120 no meiriqi
row "decimaka start" 3 90 no decimaka
row "capablanca start" 4 130 no capablanca
# Variants with drops: guards about 10% above what was measured when added
# (207.5 and 164.7 Ir per node).
row "shogi start" 4 230 no shogi
row "crazyhouse start" 4 180 no crazyhouse
