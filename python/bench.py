"""Benchmark: betza's Python binding against python-chess and the Rust perft.

    pip install ./python chess          # python-chess only for this benchmark
    cargo build --release --example perft
    python python/bench.py [--games N] [--runs N] [--rust PATH]

Two measurements, side by side in one run:

1. A seeded random-game loop: ``legal = board.legal_moves``, pick one with
   ``random.Random(seed)``, ``board.push(move)``, until the game ends or 200
   plies; moves played per second. python-chess runs the same loop on chess
   (``list(board.legal_moves)``, since its ``legal_moves`` is a lazy
   generator and ours a ready list).
2. ``perft(4)`` from the start position: ``Board.perft(4)`` timed from
   Python, python-chess's usual Python perft (``legal_moves.count()`` at the
   last ply) on chess, and the Rust example ``perft VARIANT 4`` timed by
   itself (its timer also covers compiling the variant, well under a
   millisecond, and prints whole milliseconds). ``Board.perft`` is the same Rust function with
   the GIL released; what it adds is the call, which the line "call
   overhead" measures with ``perft(1)``.

And, since ``perft`` releases the GIL: two threads counting at once against
one (on a machine with two free cores, about the same time).

Random-game times are the median of ``--runs`` runs (default 7); perft
times the fastest of ``--runs`` runs (the least disturbed by other
processes, on both sides). Compare figures of one run of this script, not
across runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, List, Optional

import betza

ROOT = Path(__file__).resolve().parents[1]


def median_time(f: Callable[[], Any], runs: int) -> float:
    return statistics.median(times_of(f, runs))


def times_of(f: Callable[[], Any], runs: int) -> List[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return times


def random_games_betza(variant: str, games: int, seed: int) -> int:
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = betza.Board(variant)
        for _ in range(200):
            legal = board.legal_moves
            if not legal:
                break
            board.push(rng.choice(legal))
            plies += 1
    return plies


def random_games_chess(games: int, seed: int) -> int:
    import chess

    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        for _ in range(200):
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
            plies += 1
    return plies


def perft_chess(board: Any, depth: int) -> int:
    if depth == 1:
        return int(board.legal_moves.count())
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft_chess(board, depth - 1)
        board.pop()
    return total


def rust_perft_seconds(binary: Path, variant: str, depth: int, runs: int) -> Optional[float]:
    if not binary.exists():
        return None
    times = []
    for _ in range(runs):
        out = subprocess.run([str(binary), variant, str(depth)], check=True, capture_output=True, text=True)
        times.append(float(out.stderr.split()[0]))  # "0.004 s, 45.10 million nodes/s"
    return min(times)


def main(argv: Optional[List[str]] = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--rust", type=Path, default=ROOT / "target" / "release" / "examples" / "perft")
    args = p.parse_args(argv)
    try:
        import chess
    except ImportError:
        chess = None  # type: ignore[assignment]
        print("python-chess is not installed (pip install chess): its columns stay empty")

    import os
    import platform

    print(f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f} at the start\n")
    print("## Random games (moves per second)\n")
    print("| variant | betza moves/s | python-chess moves/s | ratio |")
    print("|---|--:|--:|--:|")
    for variant in ["chess", "meiriqi", "decimaka"]:
        n = random_games_betza(variant, args.games, args.seed)
        t = median_time(lambda: random_games_betza(variant, args.games, args.seed), args.runs)
        ours = n / t
        theirs = ratio = ""
        if variant == "chess" and chess is not None:
            m = random_games_chess(args.games, args.seed)
            tc = median_time(lambda: random_games_chess(args.games, args.seed), args.runs)
            theirs = f"{m / tc:,.0f}"
            ratio = f"{ours / (m / tc):.1f}x"
        print(f"| {variant} | {ours:,.0f} | {theirs} | {ratio} |")

    print("\n## perft(4) from the start (milliseconds, fastest run)\n")
    print("| variant | nodes | betza Board.perft | Rust example | python-chess |")
    print("|---|--:|--:|--:|--:|")
    for variant in ["chess", "meiriqi", "decimaka"]:
        board = betza.Board(variant)
        nodes = board.perft(4)
        t = min(times_of(lambda: board.perft(4), args.runs))
        rust = rust_perft_seconds(args.rust, variant, 4, args.runs)
        rust_text = f"{rust * 1000:.0f}" if rust is not None else "(not built)"
        theirs = ""
        if variant == "chess" and chess is not None:
            cb = chess.Board()
            assert perft_chess(cb, 3) == 8902
            tc = median_time(lambda: perft_chess(cb, 4), max(1, args.runs // 3))
            theirs = f"{tc * 1000:,.0f}"
        print(f"| {variant} | {nodes} | {t * 1000:.1f} | {rust_text} | {theirs} |")
    import threading

    def in_threads(n: int) -> None:
        boards = [betza.Board("meiriqi") for _ in range(n)]
        threads = [threading.Thread(target=b.perft, args=(4,)) for b in boards]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    one = min(times_of(lambda: in_threads(1), args.runs))
    two = min(times_of(lambda: in_threads(2), args.runs))
    print(f"\nthreads: meiriqi perft(4) once in one thread {one * 1000:.0f} ms, "
          f"twice in two threads at once {two * 1000:.0f} ms ({two / one:.2f}x the time of one)")
    board = betza.Board("chess")
    calls = 10000
    t = median_time(lambda: [board.perft(1) for _ in range(calls)], 3)
    print(f"\ncall overhead: Board.perft(1) on chess takes {t / calls * 1e6:.2f} µs a call (counting included)")


if __name__ == "__main__":
    main()
