#!/bin/sh
# Instructions per node, counted by valgrind's callgrind: exact, so immune
# to the machine's load (unlike the wall-clock bench).
#
#   bench/ir.sh                          every row
#   bench/ir.sh chess shogi              the rows whose name has a word
#   FSF=/path/to/stockfish bench/ir.sh   Fairy-Stockfish measured too
#
# For each row, runs `bench --perft` (one perft, see bench/src/main.rs)
# under callgrind at depth D and at depth 1, and prints
# (Ir(D) - Ir(1)) / (nodes(D) - nodes(1)): start-up (variant construction,
# process set-up) cancels out. Built as the README builds (release profile).
# The targets are those of issue 29; a row without one is measured only.
#
# FSF, when set, names a Fairy-Stockfish binary (built with largeboards=yes
# for the boards over 8x8; this script never builds one). It is run the same
# way on the bulk rows it knows (UCI `go perft`, which counts the last ply
# without playing it, as our bulk perft does): its instructions per node go
# in their own column, and a row whose target asks for a margin over it is
# met only with that margin.
set -eu
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "ir.sh: needs valgrind" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Two binaries: shakmaty's lichess variants (feature `variants`) change its
# `Move`, so the chess rows run the plain one and the variant rows the other.
cargo build --quiet --release -p betza-bench --features variants
cp target/release/bench "$TMP/bench-variants"
cargo build --quiet --release -p betza-bench
BIN=target/release/bench
FSF=${FSF:-}
if [ -n "$FSF" ] && [ ! -x "$FSF" ]; then
    echo "ir.sh: FSF=$FSF is not an executable" >&2
    exit 1
fi
KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MISSED=0

# callgrind_total LOG: the Ir total callgrind wrote in LOG.
callgrind_total() {
    instr=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$1")
    [ -n "$instr" ] || { echo "ir.sh: no Ir total from callgrind" >&2; exit 1; }
    echo "$instr"
}

# ir ARGS...: "INSTRUCTIONS NODES" of `bench --perft ARGS`.
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$TMP/out" \
        "$BIN" --perft "$@" >"$TMP/nodes" 2>"$TMP/log" ||
        { cat "$TMP/log" >&2; exit 1; }
    echo "$(callgrind_total "$TMP/log") $(cat "$TMP/nodes")"
}

# fsf_ir VARIANT FEN DEPTH: "INSTRUCTIONS NODES" of Fairy-Stockfish's
# `go perft DEPTH` (FEN "-": the start position).
fsf_ir() {
    if [ "$2" = - ]; then pos="position startpos"; else pos="position fen $2"; fi
    printf 'uci\nsetoption name UCI_Variant value %s\n%s\ngo perft %s\nquit\n' \
        "$1" "$pos" "$3" >"$TMP/in"
    valgrind --tool=callgrind --callgrind-out-file="$TMP/out" \
        "$FSF" <"$TMP/in" >"$TMP/nodes" 2>"$TMP/log" ||
        { cat "$TMP/log" >&2; exit 1; }
    nodes=$(sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' "$TMP/nodes")
    [ -n "$nodes" ] || { echo "ir.sh: no node count from $FSF" >&2; exit 1; }
    echo "$(callgrind_total "$TMP/log") $nodes"
}

# per_node COMMAND DEPTH ARGS...: instructions per node between depth 1 and
# DEPTH of `COMMAND ARGS... D` ("IR_PER_NODE NODES").
per_node() {
    cmd=$1 depth=$2
    shift 2
    set -- $($cmd "$@" 1) $($cmd "$@" "$depth")
    echo "$1 $2 $3 $4" | awk '{ printf "%.1f %d\n", ($3 - $1) / ($4 - $2), $4 }'
}

# keep NAME: whether the row runs (no arguments: all; else those whose
# name contains one of them).
FILTERS="$*"
keep() {
    [ -z "$FILTERS" ] && return 0
    for w in $FILTERS; do
        case $1 in *"$w"*) return 0 ;; esac
    done
    return 1
}

printf '| position | depth | nodes | Ir/node | shakmaty Ir/node | FSF Ir/node | target | met |\n'
printf '|---|--:|--:|--:|--:|--:|--:|---|\n'
# row NAME DEPTH TARGET SHAKMATY FSF_VARIANT FSF_MARGIN ARGS...
#   TARGET: "N" (Ir per node at most), "Nx" (at most N times shakmaty's), or
#     "-" (measured only);
#   SHAKMATY: "yes" also counts ARGS with shakmaty; "variant" with the
#     binary built with shakmaty's lichess variants;
#   FSF_VARIANT: the UCI_Variant name for Fairy-Stockfish, or "-" (not run);
#   FSF_MARGIN: "N" asks for at least N times fewer Ir per node than FSF
#     (checked when FSF is given), or "-".
#   ARGS: `bench --perft` arguments before the depth, and FSF's position
#     from a `--fen FEN` among them.
row() {
    name=$1 depth=$2 target=$3 shak=$4 fsf_variant=$5 margin=$6
    shift 6
    keep "$name" || return 0
    set -- $(per_node ir "$depth" "$@") "$@"
    ours=$1 nodes=$2
    shift 2
    theirs= ratio= fsf=
    if [ "$shak" = yes ] || [ "$shak" = variant ]; then
        [ "$shak" = yes ] || BIN="$TMP/bench-variants"
        set -- $(per_node ir "$depth" --shakmaty "$@") "$@"
        BIN=target/release/bench
        [ "$2" = "$nodes" ] || { echo "ir.sh: $name: shakmaty counts $2, we count $nodes" >&2; exit 1; }
        theirs=$1
        shift 2
        ratio=$(echo "$ours $theirs" | awk '{ printf " (%.2fx)", $1 / $2 }')
    fi
    if [ -n "$FSF" ] && [ "$fsf_variant" != - ]; then
        fen=-
        prev=
        for a in "$@"; do
            [ "$prev" = --fen ] && fen=$a
            prev=$a
        done
        set -- $(per_node fsf_ir "$depth" "$fsf_variant" "$fen")
        [ "$2" = "$nodes" ] || { echo "ir.sh: $name: Fairy-Stockfish counts $2, we count $nodes" >&2; exit 1; }
        fsf=$(echo "$1 $ours" | awk '{ printf "%.1f (%.1fx ours)", $1, $1 / $2 }')
        fsf_ir_node=$1
    fi
    case $target in
    -)
        limit= shown="(measured)"
        ;;
    *x)
        limit=$(echo "$theirs ${target%x}" | awk '{ print $1 * $2 }')
        shown="<= ${target%x}x shakmaty ($limit)"
        ;;
    *)
        limit=$target shown="<= $target"
        ;;
    esac
    met=
    if [ -n "$limit" ]; then
        met=$(echo "$ours $limit" | awk '{ print ($1 <= $2) ? "yes" : "no" }')
    fi
    if [ "$margin" != - ]; then
        shown="$shown, >= ${margin}x fewer than FSF"
        if [ -n "$fsf" ]; then
            ok=$(echo "$fsf_ir_node $ours $margin" | awk '{ print ($1 >= $2 * $3) ? "yes" : "no" }')
            [ "$ok" = yes ] || met=no
        elif [ "$met" = yes ]; then
            met="yes (FSF not run)"
        fi
    fi
    [ "$met" = no ] && MISSED=$((MISSED + 1))
    printf '| %s | %s | %s | %s%s | %s | %s | %s | %s |\n' \
        "$name" "$depth" "$nodes" "$ours" "$ratio" "$theirs" "$fsf" "$shown" "$met"
}

row "chess start" 4 2.0x yes chess - chess
row "chess kiwipete" 3 1.6x yes chess - --fen "$KIWIPETE" chess
row "chess start, no bulk" 4 1.5x yes - - --no-bulk chess
row "meiriqi start" 3 110 no - - meiriqi
row "meiriqi start, no bulk" 3 260 no - - --no-bulk meiriqi
row "decimaka start" 3 75 no - - decimaka
row "capablanca start" 4 110 no capablanca - capablanca
row "xiangqi start" 4 110 no xiangqi - xiangqi
row "grand start" 3 - no grand - grand
row "shatranj start" 4 - no shatranj - shatranj
row "makruk start" 4 - no makruk - makruk
row "shogi start" 3 300 no shogi 4.5 shogi
row "crazyhouse start" 4 150 no crazyhouse 4.5 crazyhouse
# Janggi (issue 37): passing, bikjang and the Cannon's rule, on the [rules] path.
row "janggi start" 3 - no janggi - janggi
# Gating (S-chess), placement before play (Sittuyin) and walls (Duck chess):
# issue 37's turns that are more than a move.
row "seirawan start" 4 - no seirawan - seirawan
row "sittuyin start" 3 - no sittuyin - sittuyin
row "duck start" 2 - no duck - duck
# Chess960 (position 0 of shakmaty's chess960.perft) and the lichess
# variants (issue 35: at most 2.5x shakmaty's
# instructions per node, shakmaty's `variant` feature counting beside us).
CHESS960="bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
row "chess960 position 0" 4 2.5x yes - - --fen "$CHESS960" chess960
row "atomic start" 4 2.5x variant atomic - atomic
row "antichess start" 4 2.5x variant antichess - antichess
row "kingofthehill start" 4 2.5x variant kingofthehill - kingofthehill
row "3check start" 4 2.5x variant 3check - 3check
row "horde start" 4 2.5x variant horde - horde
row "racingkings start" 4 2.5x variant racingkings - racingkings
# Chu Shogi: 12x12, the large-board rows (a `Large` board, 4 x u64
# bitboards); issue 29 asks them measured and reported, no target.
row "chushogi start" 2 - no - - chushogi
row "chushogi start" 3 - no - - chushogi
# The engine's loop (see `bench --engine`): every node visited, is_check
# asked at each, every move played in place and taken back.
row "chess start, engine" 4 - yes - - --engine chess
row "meiriqi start, engine" 3 - no - - --engine meiriqi
row "decimaka start, engine" 3 - no - - --engine decimaka
row "shogi start, engine" 3 - no - - --engine shogi
row "chushogi start, engine" 3 - no - - --engine chushogi
echo
echo "Not a row: that boards over 128 squares cost boards of 128 squares or"
echo "fewer nothing (within 2%) is a comparison with the figures before the"
echo "large boards (README, performance section)."
[ -n "$FSF" ] || echo "Fairy-Stockfish not run: give FSF=/path/to/stockfish to measure it."
echo "Rows missed: $MISSED"
