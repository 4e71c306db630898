"""Boards past 128 squares: Chu Shogi (12x12, 39 piece types, the Lion's
two-step moves, royal capture) and a 16x16 variant read from text, through
every layer of the package."""

from __future__ import annotations

import io
from pathlib import Path
from typing import List

import pytest

import betza
import betza.stateless as sf
from betza import pgn, svg

ROOT = Path(__file__).resolve().parents[2]

START_FEN = (
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
    "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1"
)
# shogiops's start SFEN of Chu Shogi (b: the first player, Black in shogi's words, moves).
START_SFEN = (
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
    "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
)
# A White Lion on f5, a Black Pawn on f6 in front of it and one on g7; the
# Kings far away.
LION_FEN = "11k/12/12/12/12/6p5/5p6/5N6/12/12/12/K11 w - - 0 1"
# The same with Black's King on f7, behind the Pawn: the Lion takes both.
ROYAL_FEN = "12/12/12/12/12/5k5p/5p6/5N6/12/12/12/K11 w - - 0 1"


def test_variant_and_start_position() -> None:
    v = betza.Variant("chushogi")
    assert v == betza.Variant("ChuShogi") and hash(v) == hash(betza.Variant("chushogi"))
    assert v != betza.Variant("chess") and not betza.Variant("chess").is_large
    assert (v.name, v.files, v.ranks, v.is_large) == ("chushogi", 12, 12, True)
    assert v.start_fen == START_FEN and "chushogi" in betza.variants()
    by_token = {p.token: p for p in v.pieces}
    assert len(v.pieces) == 39 and len(by_token) == 39
    assert [p.name for p in v.pieces if p.royal] == ["King", "Crown Prince"]
    assert by_token["N"].name == "Lion" and by_token["E"].promotions == ["+E"]
    assert all(p.description() for p in v.pieces)
    b = betza.Board(v)
    assert b.fen() == START_FEN and b.variant == v and repr(b) == f'Board("chushogi", "{START_FEN}")'
    assert len(b.legal_moves) == 36 and b.legal_moves.count() == 36
    assert b.perft(1) == 36 and b.perft(2) == 1296 and b.perft(2, threads=2) == 1296
    pieces = b.piece_map()
    assert len(pieces) == 92
    assert str(pieces["f3"]) == "N" and pieces["f3"].name == "Lion" and pieces["f3"].color == betza.WHITE
    assert str(pieces["g10"]) == "n" and b.piece_at("l12") is not None and b.piece_at("f6") is None
    with pytest.raises(ValueError, match="l12"):
        b.piece_at("m1")  # no square of the 12x12 board; the message names its corner
    assert "12   l  f  c" in str(b)


def test_perft_shard_adds_up() -> None:
    parts = [betza.perft_shard("chushogi", None, 2, k, 3) for k in (1, 2, 3)]
    assert sum(parts) == 1296 and all(parts)
    v = betza.Variant("chushogi")
    assert sum(betza.perft_shard(v, LION_FEN, 2, k, 2, threads=2) for k in (1, 2)) == betza.Board(v, LION_FEN).perft(2)
    with pytest.raises(betza.FenError):
        betza.perft_shard(v, "12/12 w - - 0 1", 1, 1, 1)


def test_the_lion_two_step_move_and_igui() -> None:
    b = betza.Board("chushogi", LION_FEN)
    m = b.parse_uci("f5f6f7")
    assert (m.from_square, m.via, m.to_square) == ("f5", "f6", "f7")
    assert m.via_captured == "P" and m.is_capture and m.promotion is None and not m.is_drop
    assert m.uci() == str(m) == b.uci(m) == "f5f6f7" and repr(m) == "<Move f5f6f7>"
    assert m in b.legal_moves and "f5f6f7" in b.legal_moves
    assert b.is_legal(m) and b.is_capture(m)
    # Igui: capture on f6 and return to f5.
    igui = b.parse_uci("f5f6f5")
    assert (igui.from_square, igui.via, igui.to_square, igui.via_captured) == ("f5", "f6", "f5", "P")
    assert igui != m and len({m, igui, b.parse_uci("f5f6f7")}) == 2
    # Capturing twice: the Pawn on f6 on the way, the one on g7 at the end.
    double = b.parse_uci("f5f6g7")
    assert double.via_captured == "P" and b.piece_at("g7") is not None
    # SAN names both steps and reads back to the same move.
    for move in (m, igui, double):
        san = b.san(move)
        assert san.startswith("N") and "f6" in san and move.to_square in san
        assert b.parse_san(san) == move
    before = b.fen()
    b.push(igui)
    assert b.piece_at("f6") is None and str(b.piece_at("f5")) == "N" and b.turn == betza.BLACK
    assert b.peek() == igui and b.move_stack == [igui]
    assert b.pop() == igui and b.fen() == before
    played = b.push_uci("f5f6g7")
    assert played == double and b.piece_at("f6") is None and str(b.piece_at("g7")) == "N"
    b.pop()
    assert b.push_san(b.san(m)) == m and str(b.piece_at("f7")) == "N" and b.piece_at("f6") is None
    with pytest.raises(betza.IllegalMoveError):
        b.push_uci("f7f6f5")  # Black to move now


def test_game_to_royal_capture() -> None:
    b = betza.Board("chushogi", ROYAL_FEN)
    assert b.outcome() is None and not b.is_game_over() and b.result() == "*"
    # Royal capture: moves are not filtered for King safety, so the King may
    # stay where the Lion takes it.
    b.push_uci("a1b1")
    b.push_uci("l7l6")
    assert b.outcome() is None
    m = b.push_uci("f5f6f7")
    assert m.via_captured == "P"
    o = b.outcome()
    assert o is not None and (o.winner, o.termination) == (betza.WHITE, "royal_captured")
    assert o.result() == "1-0" and b.result() == "1-0" and b.is_game_over()
    assert repr(o) == 'Outcome(winner=True, termination="royal_captured")'
    # The game's PGN round-trips: its FEN, its moves (SAN of the two-step
    # move included) and its result.
    game = pgn.Game.from_board(b)
    game.headers["Event"] = "Chu test"
    text = game.to_pgn()
    assert '[Variant "chushogi"]' in text and f'[FEN "{ROYAL_FEN}"]' in text and "1-0" in text
    for again in (pgn.read_game(text), pgn.read_game(text, "chushogi"), pgn.read_game(io.StringIO(text))):
        assert again is not None and again.headers["Event"] == "Chu test"
        assert again.headers["Result"] == "1-0" and again.variant == b.variant
        end = again.end()
        assert end.fen() == b.fen() and end.move_stack == b.move_stack and end == b
        assert again.to_pgn() == text
    with pytest.raises(betza.PgnError):
        pgn.read_game(text, "chess")


def _random_game(plies: int) -> betza.Board:
    b = betza.Board("chushogi")
    for i in range(plies):
        legal = list(b.legal_moves)
        if not legal or b.is_game_over():
            break
        b.push(legal[(7 * i + 3) % len(legal)])
    return b


def test_pgn_of_games_from_the_start() -> None:
    b = _random_game(50)
    b.set_comment(1, "a comment")
    b.set_nags(2, [1])
    text = pgn.Game.from_board(b).to_pgn()
    assert "[FEN" not in text
    games = list(pgn.read_games(text + "\n" + text))
    assert len(games) == 2
    for g in games:
        end = g.end()
        assert end.move_stack == b.move_stack and end.fen() == b.fen()
        assert end.comment(1) == "a comment" and end.nags(2) == [1]


def test_sfen_and_usi() -> None:
    b = betza.Board("chushogi")
    assert b.sfen() == START_SFEN
    for m in b.legal_moves:
        usi = b.usi(m)
        assert b.parse_usi(usi) == m
    pawn = b.parse_uci("f4f5")
    assert b.usi(pawn) == "7i7h" and b.push_usi("7i7h") == pawn
    sfen = b.sfen()
    assert sfen == START_SFEN.replace("/3I4I3/PPPPPPPPPPPP/", "/3I1P2I3/PPPPP1PPPPPP/").replace(" b - 1", " w - 2")
    other = betza.Board("chushogi")
    other.set_sfen(sfen)
    # SFEN has no halfmove clock: the rest of the FEN is the same.
    assert other.fen().split(" ")[:4] == b.fen().split(" ")[:4] and other.sfen() == sfen
    other.set_sfen(START_SFEN)
    assert other.fen() == START_FEN and other.move_stack == []
    with pytest.raises(betza.FenError):
        other.set_sfen("lfcsgekgscfl/12 b - 1")
    with pytest.raises(betza.FenError):
        other.set_sfen(START_SFEN.replace(" b ", " x "))
    assert other.fen() == START_FEN  # unchanged by a refused SFEN


def test_usi_of_a_two_step_move() -> None:
    b = betza.Board("chushogi", LION_FEN)
    m = b.parse_uci("f5f6f7")
    assert b.usi(m) == "7h7g7f" and b.parse_usi("7h7g7f") == m


def _published_positions() -> List[str]:
    lines = (ROOT / "tests" / "data" / "chushogi-random.txt").read_text().splitlines()
    return [l for l in lines if l and not l.startswith("#")]


def test_published_positions_through_sfen() -> None:
    """shogiops's random positions (SFEN|depth|nodes), read with set_sfen:
    the legal move count is the published depth-1 count."""
    lines = _published_positions()
    assert len(lines) == 140
    checked = 0
    for line in lines:
        sfen, depth, nodes = line.split("|")
        if depth != "1":
            continue
        b = betza.Board("chushogi")
        b.set_sfen(sfen)
        assert b.sfen() == sfen
        assert len(b.legal_moves) == int(nodes), sfen
        checked += 1
    assert checked == 140


def test_stateless_calls() -> None:
    assert sf.start_fen("chushogi") == START_FEN and "chushogi" in sf.variants()
    moves = sf.legal_moves("chushogi", "startpos", [])
    assert len(moves) == 36 and moves == [m.uci() for m in betza.Board("chushogi").legal_moves]
    fen = sf.get_fen("chushogi", START_FEN, ["f4f5", "g9g8"])
    b = betza.Board("chushogi")
    b.push_uci("f4f5")
    b.push_uci("g9g8")
    assert fen == b.fen() and sf.get_fen("chushogi", "startpos", [], sfen=True) == START_SFEN
    assert sf.validate_fen(START_FEN, "chushogi") == sf.FEN_OK
    assert sf.validate_fen("lfcsgekgscfl/12 w - - 0 1", "chushogi") == sf.FEN_INVALID_BOARD_GEOMETRY
    lion = betza.Board("chushogi", LION_FEN)
    assert sf.get_san("chushogi", LION_FEN, "f5f6f7") == lion.san(lion.parse_uci("f5f6f7"))
    sans = sf.get_san_moves("chushogi", LION_FEN, ["f5f6f5", "l12l11", "f5f6"])
    assert len(sans) == 3 and sans[0] == lion.san(lion.parse_uci("f5f6f5"))
    assert sf.is_capture("chushogi", LION_FEN, [], "f5f6f7") and not sf.is_capture("chushogi", LION_FEN, [], "f5e5")
    assert sf.is_immediate_game_end("chushogi", LION_FEN, []) == (False, sf.VALUE_DRAW)
    line = ["a1b1", "l7l6", "f5f6f7"]
    assert sf.is_immediate_game_end("chushogi", ROYAL_FEN, line) == (True, -sf.VALUE_MATE)
    assert sf.game_result("chushogi", ROYAL_FEN, line) == -sf.VALUE_MATE
    assert sf.is_optional_game_end("chushogi", ROYAL_FEN, line) == (False, sf.VALUE_DRAW)
    with pytest.raises(ValueError):
        sf.game_result("chushogi", "startpos", [])
    with pytest.raises(betza.IllegalMoveError):
        sf.legal_moves("chushogi", "startpos", ["f5f6f7"])


def test_svg_of_the_12x12_board() -> None:
    b = betza.Board("chushogi")
    picture = svg.board(b, squares=b.legal_targets("f3"), lastmove=b.legal_moves[0])
    assert picture.count('class="square ') == 144 and 'class="square l12"' in picture
    assert picture.count('<g class="piece ') == 92 and "Lion (N) on f3" in picture
    promoted = betza.Board("chushogi", "11k/12/12/12/12/12/12/5+D6/12/12/12/K11 w - - 0 1")
    assert "Soaring Eagle (+D) on f5" in svg.board(promoted)
    assert b._repr_svg_() == svg.board(b)
    with pytest.raises(ValueError):
        svg.board(b, squares=["m13"])


BIG = """
name = "big16"
files = 16
ranks = 16
start = "15k/16/16/16/16/16/16/16/7R8/16/16/16/16/16/16/K15 w - - 0 1"

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Rook"
token = "R"
betza = "R"
"""


def test_a_16x16_variant_from_text(tmp_path: Path) -> None:
    v = betza.Variant.from_definition(BIG)
    assert (v.name, v.files, v.ranks, v.is_large) == ("big16", 16, 16, True)
    b = betza.Board(v)
    # The Rook on h8: 15 squares on its file, 15 on its rank; the King 3.
    assert len(b.legal_moves) == 33 and "h8p8" in b.legal_moves and "h8h16" in b.legal_moves
    # Black's King on p16 has 3 squares, fewer where the Rook reaches them:
    # h15 and o8 leave 1, h16 and p8 (check) leave 2; the other 29 moves 3.
    assert b.perft(2) == 29 * 3 + 2 * 1 + 2 * 2 == 93
    assert sum(betza.perft_shard(v, None, 2, k, 4) for k in (1, 2, 3, 4)) == 93
    m = b.push_san("Rh16")
    assert m.uci() == "h8h16" and b.is_check() and sorted(t for t in b.legal_targets("p16")) == ["o15", "p15"]
    assert b.san(b.parse_uci("p16o15")) == "Ko15"
    # A run-time variant registered by name is found by PGN's Variant tag.
    text = pgn.Game.from_board(b).to_pgn()
    with pytest.raises(betza.PgnError):
        pgn.read_game(text)
    betza.register_variant(v)
    again = pgn.read_game(text)
    assert again is not None and again.end() == b and again.headers["Variant"] == "big16"
    assert sorted(sf.legal_moves("big16", "startpos", ["h8h16"])) == ["p16o15", "p16p15"]
    path = tmp_path / "big16.toml"
    path.write_text(BIG)
    assert betza.Board(betza.Variant.from_file(path)).perft(2) == 93
    with pytest.raises(betza.VariantError):
        betza.Variant.from_definition(BIG.replace("files = 16", "files = 30"))


def test_a_26x26_variant_of_40_types() -> None:
    """The Huge board type (past 16x16) through the same package."""
    text = (ROOT / "tests" / "data" / "variants" / "huge-26x26.toml").read_text()
    v = betza.Variant.from_definition(text)
    assert (v.files, v.ranks, v.is_large) == (26, 26, True)
    b = betza.Board(v)
    moves = b.legal_moves
    assert len(moves) > 0 and b.perft(1) == len(moves)
    m = b.push_uci("a3a4")
    assert b.san(b.parse_uci("a24a23")) == "a23" and m.uci() == "a3a4"
    again = betza.Board(v, b.fen())
    assert again.fen() == b.fen() and len(again.legal_moves) == len(b.legal_moves)
