"""PGN: round trips, headers, files of many games, run-time variants."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import betza
from betza import pgn

from test_variant import MINI


def _random_board(variant: str, plies: int, seed: int) -> betza.Board:
    rng = random.Random(seed)
    b = betza.Board(variant)
    for _ in range(plies):
        legal = b.legal_moves
        if not legal or b.is_game_over():
            break
        b.push(rng.choice(legal))
    return b


EVERY_VARIANT = betza.variants()


LICHESS_TAGS = {
    "chess960": "Chess960",
    "atomic": "Atomic",
    "antichess": "Antichess",
    "kingofthehill": "King of the Hill",
    "3check": "Three-check",
    "racingkings": "Racing Kings",
    "horde": "Horde",
    "crazyhouse": "Crazyhouse",
}


@pytest.mark.parametrize("variant", EVERY_VARIANT)
def test_round_trip_every_variant(variant: str) -> None:
    b = _random_board(variant, 60, seed=len(variant))
    game = pgn.Game.from_board(b)
    game.headers["White"] = 'Ann "the Rook" Smith'
    game.headers["Site"] = 'C:\\games\\"x"\\'
    game.headers["Event"] = "Test"
    game.headers["Annotator"] = "pytest"
    text = game.to_pgn()
    again = pgn.read_game(text)
    assert again is not None
    assert again.board() == b and again.mainline_moves() == b.move_stack
    assert again.headers["White"] == 'Ann "the Rook" Smith'
    assert again.headers["Annotator"] == "pytest"
    assert again.headers["Site"] == 'C:\\games\\"x"\\'
    # lichess's spelling for the variants lichess plays, else the name.
    assert again.headers["Variant"] == LICHESS_TAGS.get(variant, variant)
    assert again.headers["Result"] == b.result()
    assert again.to_pgn() == text and str(again) == text
    assert again.variant == betza.Variant(variant)


def test_headers_order_and_derived_tags() -> None:
    b = betza.Board("meiriqi", "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1")
    b.push_uci("d7d8+")
    game = pgn.Game(b, {"Black": "Bo"})
    assert list(game.headers) == [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "FEN"]
    assert game.headers["FEN"] == "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1"
    game.headers["FEN"] = "ignored: written from the board"
    game.headers["Result"] = "1-0"  # a decision outside the rules (resignation)
    text = game.to_pgn()
    assert '[FEN "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1"]' in text
    assert text.endswith("1. Gd8=R 1-0\n") and '[Black "Bo"]' in text
    again = pgn.read_game(text)
    assert again is not None and again.headers["Result"] == "1-0" and again.board().fen() == b.fen()
    assert "1 plies" in repr(again)
    game.headers["Bad name!"] = "x"
    with pytest.raises(betza.PgnError):
        game.to_pgn()


def test_read_games_of_a_file(tmp_path: Path) -> None:
    text = '[White "Ann"]\n\n1. e4 e5 1-0\n\n[White "Bo"]\n\n1. e4 Ke7 *\n\n1. d4 *\n'
    with pytest.raises(betza.PgnError, match="line 7"):
        list(pgn.read_games(text))
    games = list(pgn.read_games(text, on_error="skip"))
    assert [g.headers["White"] for g in games] == ["Ann", "?"]
    assert [m.uci() for m in games[1].mainline_moves()] == ["d2d4"]
    assert games[0].headers["Result"] == "1-0"
    path = tmp_path / "games.pgn"
    good = '[White "Ann"]\n\n1. e4 e5 {a comment\n[not a tag]} 1-0\n\n[White "Cy"]\n\n1. d4 *\n'
    path.write_text(good)
    with open(path) as f:
        first, second, third = pgn.read_game(f), pgn.read_game(f), pgn.read_game(f)
    assert first is not None and second is not None and third is None
    assert (first.headers["White"], second.headers["White"]) == ("Ann", "Cy")
    with open(path) as f:
        assert len(list(pgn.read_games(f))) == 2
    assert pgn.read_game("") is None
    assert len(list(pgn.read_games(io.StringIO(good)))) == 2
    with pytest.raises(ValueError):
        list(pgn.read_games(good, on_error="ignore"))


def test_pgn_of_a_runtime_variant() -> None:
    v = betza.Variant.from_definition(MINI)
    b = betza.Board(v)
    for text in ["a2a3", "f5f4", "b1b3"]:
        b.push_uci(text)
    text = pgn.Game.from_board(b).to_pgn()
    assert '[Variant "mini"]' in text
    with pytest.raises(betza.PgnError):
        pgn.read_game(text)  # not a built-in
    again = pgn.read_game(text, variant=v)
    assert again is not None and again.board() == b
    assert len(list(pgn.read_games(text + "\n" + text, variant=v))) == 2


def test_game_defaults() -> None:
    g = pgn.Game()
    assert g.headers["Variant"] == "chess" and g.mainline_moves() == [] and g.end() == betza.Board()
    assert g.to_pgn().endswith("\n\n*\n")


def test_comments_and_nags_round_trip() -> None:
    game = pgn.read_game(io.StringIO("{A game} 1. e4! {best by test} e5 $14 2. Nf3 *\n"))
    assert game is not None
    b = game.board()
    assert b.comment(0) == "A game"
    assert b.comment(1) == "best by test"
    assert b.comment(2) is None
    assert b.nags(1) == [1] and b.nags(2) == [14] and b.nags(3) == []
    b.set_comment(3, "after  Nf3")
    b.set_nags(3, [5])
    with pytest.raises(ValueError):
        b.nags(0)
    with pytest.raises(ValueError):
        b.set_comment(4, "beyond")
    text = pgn.Game(b).to_pgn()
    assert "1. e4 $1 {best by test} 1... e5 $14 2. Nf3 $5 {after Nf3} *" in text
    back = pgn.read_game(io.StringIO(text))
    assert back is not None
    assert back.board().comment(3) == "after Nf3" and back.board().nags(3) == [5]
    b.pop()
    b.push_san("Nf3")
    assert b.comment(3) is None and b.nags(3) == []
