"""Hostile input through Python (issue 40): perft's depth bound and Ctrl-C,
bounded reads of files, PGN annotations in linear time within their bounds,
the byte-order mark, and short messages (docs/reliability.md)."""

from __future__ import annotations

import _thread
import io
import os
import threading
import time
from pathlib import Path

import pytest

import betza
from betza import pgn


def test_perft_depth_is_at_most_20() -> None:
    with pytest.raises(ValueError, match="depth 21 is over 20"):
        betza.Board().perft(21)
    with pytest.raises(ValueError, match="depth 21 is over 20"):
        betza.perft_shard("chess", None, 21, 1, 1)
    assert betza.Board().perft(3) == 8902
    assert betza.perft_shard("chess", None, 3, 1, 1) == 8902


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_long_perft(threads: int) -> None:
    # `interrupt_main` trips SIGINT's flag as Ctrl-C does; the count (years
    # long) must raise KeyboardInterrupt soon after.
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        betza.Board().perft(20, threads)
    assert time.monotonic() - started < 10
    timer.cancel()
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        betza.perft_shard("chess", None, 20, 1, 2, threads)
    timer.cancel()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_endless_files_are_refused_at_the_bound() -> None:
    started = time.monotonic()
    with pytest.raises(betza.VariantError, match="more than 65536 bytes"):
        betza.Variant.from_file("/dev/zero")
    with open("/dev/zero") as f, pytest.raises(betza.PgnError, match="more than"):
        list(pgn.read_games(f))
    assert time.monotonic() - started < 60


def test_a_long_line_in_a_seekable_file_is_refused_at_the_game_bound(tmp_path: Path) -> None:
    path = tmp_path / "long.pgn"
    path.write_text("1. e4 {" + "x" * (betza._betza._PGN_GAME_CHARS + 10) + "} *\n")
    with open(path) as f, pytest.raises(betza.PgnError, match="a game of more than"):
        pgn.read_game(f)


def test_many_nags_are_refused_at_once_and_the_most_read_back() -> None:
    text = "1. e4 " + "$1 " * 800_000 + "e5 *"
    started = time.monotonic()
    with pytest.raises(betza.PgnError, match="more than 255 NAGs"):
        pgn.read_game(text)
    assert time.monotonic() - started < 10
    game = pgn.read_game("1. e4 " + "$1 " * 255 + "e5 *")
    assert game is not None
    board = game.board()
    assert board.nags(1) == [1] * 255
    with pytest.raises(ValueError, match="at most 255"):
        board.set_nags(1, [1] * 256)
    with pytest.raises(betza.PgnError, match=r"\$256.*is not \$0 to \$255"):
        pgn.read_game("1. e4 $256 e5 *")


def test_many_comments_are_read_in_linear_time_within_their_bound() -> None:
    started = time.monotonic()
    game = pgn.read_game("1. e4 " + "{abcdefghi} " * 40_000 + "e5 *")
    assert time.monotonic() - started < 10
    assert game is not None
    assert len(game.board().comment(1) or "") == 40_000 * 10 - 1
    board = betza.Board()
    board.push_san("e4")
    with pytest.raises(ValueError, match="more than 1048576 bytes"):
        board.set_comment(1, "x" * (1 << 20 | 1))
    with pytest.raises(betza.PgnError, match="more than 1048576 bytes"):
        pgn.read_game("1. e4 {" + "x" * (1 << 20 | 1) + "} *")


def test_a_byte_order_mark_is_read_from_a_text_and_a_file(tmp_path: Path) -> None:
    text = "\ufeff[White \"Ann\"]\n\n1. e4 e5 *\n\n[White \"Bo\"]\n\n1. d4 *\n"
    game = pgn.read_game(text)
    assert game is not None and game.headers["White"] == "Ann"
    assert [g.headers["White"] for g in pgn.read_games(text)] == ["Ann", "Bo"]
    path = tmp_path / "bom.pgn"
    path.write_text(text, encoding="utf-8")
    with open(path, encoding="utf-8") as f:
        first = pgn.read_game(f)
        second = pgn.read_game(f)
    assert first is not None and first.headers["White"] == "Ann"
    assert second is not None and second.headers["White"] == "Bo"
    with open(path, encoding="utf-8") as f:
        assert len(list(pgn.read_games(f))) == 2
    assert len(list(pgn.read_games(io.StringIO(text)))) == 2


def test_messages_quote_the_caller_short_with_its_length() -> None:
    digits = "9" * 100_000
    shogi = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
    cases = [
        (betza.FenError, lambda: betza.Board("shogi").set_sfen(f"{shogi} b {digits}P 1"), "(100000 bytes)"),
        (
            betza.FenError,
            lambda: betza.Board("crazyhouse", f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{digits}P] w KQkq - 0 1"),
            "(100000 bytes)",
        ),
        (ValueError, lambda: betza.Board("shogi").parse_usi("z" * 100_000), "(100000 bytes)"),
        (
            betza.VariantError,
            lambda: betza.Variant.from_definition(betza.Variant("chess").definition() + "\n" + "k" * 60_000 + " = 1\n"),
            "(60000 bytes)",
        ),
        (betza.SanError, lambda: betza.Board().push_san("z" * 100_000), "(100000 bytes)"),
        (ValueError, lambda: betza.Board().piece_at("z" * 100_000), "(100000 bytes)"),
        (betza.PgnError, lambda: pgn.Game(headers={"Result": "z" * 100_000}).to_pgn(), "(100000 bytes)"),
    ]
    for error, call, says in cases:
        with pytest.raises(error) as info:
            call()
        message = str(info.value)
        assert len(message) <= 300, message[:400]
        assert says in message, message
