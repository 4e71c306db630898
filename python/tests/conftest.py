"""Fixtures: the Rust library's own answers, from its example programs
(``examples/perft.rs`` and ``examples/play.rs``, built with cargo), to check
the bindings against."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Rust:
    """Runs the library's example programs."""

    def __init__(self, examples: Path) -> None:
        self.examples = examples

    def divide(self, variant: str, depth: int, fen: Optional[str] = None) -> Tuple[Dict[str, int], int]:
        """``perft VARIANT DEPTH --divide [--fen FEN]``: per root move text
        its count, and the total."""
        cmd = [str(self.examples / "perft"), variant, str(depth), "--divide"]
        if fen is not None:
            cmd += ["--fen", fen]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        per_move: Dict[str, int] = {}
        total = -1
        for line in out.splitlines():
            word, count = line.split()
            if word == "total":
                total = int(count)
            else:
                per_move[word] = int(count)
        return per_move, total

    def play(self, variant: str, moves: List[str], fen: Optional[str] = None) -> Tuple[str, str]:
        """Plays ``moves`` (move text) in the terminal game and returns what
        its ``fen`` and ``pgn`` commands print."""
        cmd = [str(self.examples / "play"), variant, "--white", "human", "--black", "human", "--no-color"]
        if fen is not None:
            cmd += ["--fen", fen]
        script = "".join(m + "\n" for m in moves) + "fen\npgn\nquit\n"
        out = subprocess.run(cmd, input=script, check=True, capture_output=True, text=True).stdout
        lines = out.splitlines()
        fen_at = next(i for i, l in enumerate(lines) if l.endswith("> fen"))
        pgn_start = fen_at + 2
        pgn_end = next(i for i in range(pgn_start, len(lines)) if lines[i].endswith("> quit"))
        return lines[fen_at + 1], "\n".join(lines[pgn_start:pgn_end])


@pytest.fixture(scope="session")
def rust() -> Rust:
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    # The test profile's builds, which `cargo test` (tools/test's first half) made already.
    subprocess.run(
        ["cargo", "build", "-q", "--profile", "test", "--example", "perft", "--example", "play"],
        cwd=ROOT,
        check=True,
    )
    return Rust(target / "debug" / "examples")
