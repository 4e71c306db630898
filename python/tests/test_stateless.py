"""betza.stateless: pyffish's calls, checked against the Rust programs."""

from __future__ import annotations

import pytest

import betza
from betza import stateless as sf

from test_variant import MINI

MEIRIQI_START = "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1"


def test_start_fen_and_variants() -> None:
    assert sf.start_fen("meiriqi") == MEIRIQI_START
    assert sf.variants()[: len(betza.variants())] == betza.variants()


@pytest.mark.parametrize("variant", ["meiriqi", "decimaka", "chess", "capablanca"])
def test_legal_moves_against_rust(rust, variant: str) -> None:
    per_move, _ = rust.divide(variant, 1)
    assert sorted(sf.legal_moves(variant, sf.start_fen(variant), [])) == sorted(per_move)
    assert sorted(sf.legal_moves(variant, "startpos", [])) == sorted(per_move)


def test_moves_replayed_against_rust(rust) -> None:
    moves = ["e3e5", "f8f6", "c2e3", "h9g7"]
    fen, pgn = rust.play("decimaka", moves)
    start = sf.start_fen("decimaka")
    assert sf.get_fen("decimaka", start, moves) == fen
    per_move, _ = rust.divide("decimaka", 1, fen)
    assert sorted(sf.legal_moves("decimaka", start, moves)) == sorted(per_move)
    sans = sf.get_san_moves("decimaka", start, moves)
    assert pgn.split("\n\n", 1)[1] == "1. {} {} 2. {} {} *".format(*sans)
    assert sf.get_san("decimaka", start, "e3e5") == sans[0]
    assert sf.get_san("decimaka", start, "e3e5", False, sf.NOTATION_SAN) == sans[0]


def test_checks_captures_results() -> None:
    mate = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert sf.gives_check("chess", "startpos", mate)
    assert not sf.gives_check("chess", "startpos", mate[:3])
    assert sf.game_result("chess", "startpos", mate) == -sf.VALUE_MATE
    assert sf.VALUE_MATE == 32000 and sf.VALUE_DRAW == 0
    with pytest.raises(ValueError, match="not over"):
        sf.game_result("chess", "startpos", [])
    stalemate = "7k2/10/8r1/10/10/10/10/10/r9/9K w - - 0 1"
    assert sf.game_result("meiriqi", stalemate, []) == -sf.VALUE_MATE
    assert sf.game_result("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []) == sf.VALUE_DRAW
    assert sf.is_capture("chess", "startpos", ["e2e4", "d7d5"], "e4d5")
    assert not sf.is_capture("chess", "startpos", ["e2e4", "d7d5"], "e4e5")
    # Checkmate is game_result's, as in pyffish.
    assert sf.is_immediate_game_end("chess", "startpos", mate) == (False, 0)
    knights = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    assert sf.is_optional_game_end("chess", "startpos", knights) == (True, sf.VALUE_DRAW)
    assert sf.is_optional_game_end("chess", "startpos", knights[:-1]) == (False, 0)
    assert sf.is_optional_game_end("chess", "4k3/8/8/8/8/8/8/4K2R w - - 100 80", []) == (True, 0)


def test_validate_fen() -> None:
    assert sf.validate_fen(MEIRIQI_START, "meiriqi") == sf.FEN_OK == 1
    assert sf.validate_fen("10/10 w - - 0 1", "meiriqi") == sf.FEN_INVALID_BOARD_GEOMETRY
    assert sf.validate_fen(MEIRIQI_START, "chess") < 0


def test_errors_carry_the_library_message() -> None:
    with pytest.raises(betza.IllegalMoveError, match='move "e2e5": the Pawn on e2 has no move to e5'):
        sf.legal_moves("chess", "startpos", ["e2e5"])
    with pytest.raises(betza.VariantError, match="unknown variant"):
        sf.start_fen("nope")
    with pytest.raises(betza.FenError):
        sf.get_fen("chess", "8/8 w - - 0 1", [])
    with pytest.raises(ValueError, match="no such NOTATION"):
        sf.get_san("shogi", "startpos", "c3c4", False, 10)


def test_load_variant_config() -> None:
    sf.load_variant_config(MINI.replace('"mini"', '"mini-sf"'))
    assert "mini-sf" in sf.variants()
    assert sf.start_fen("mini-sf") == "ri2kr/pppppp/6/6/PPPPPP/RI2KR w - - 0 1"
    assert len(sf.legal_moves("mini-sf", "startpos", [])) == 9
    assert betza.Board("mini-sf").perft(2) == 81
    with pytest.raises(betza.VariantError):
        sf.load_variant_config("name = 1")


def test_xiangqi_chasing_as_pyffish_judges_it() -> None:
    fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1"
    chase = ["c3a3"] + 2 * ["a8b8", "a3b3", "b8a8", "b3a3"]
    # White's Cannon chases Black's Chariot: Black, to move, wins.
    assert sf.is_optional_game_end("xiangqi", fen, chase) == (True, sf.VALUE_MATE)
    # Played on past that end, as pyffish replays a list: White to move loses.
    longer = chase + ["a8b8", "a3b3", "b8a8"]
    assert sf.is_optional_game_end("xiangqi", fen, longer) == (True, -sf.VALUE_MATE)
    # 100,001 plies: the claimable fifty-move rule comes first, a draw
    # (pyffish 0.0.90 answers the same).
    long = ["c3a3"] + 25_000 * ["a8b8", "a3b3", "b8a8", "b3a3"]
    assert sf.is_optional_game_end("xiangqi", fen, long) == (True, sf.VALUE_DRAW)


def test_janggimodern_moving_back_and_forth_as_pyffish_judges_it() -> None:
    # Fairy-Stockfish's moveRepetitionIllegal: the move that completes four
    # moves of one piece back and forth stays legal, and loses.
    before = ["a1a2", "a10a9", "a2a3", "i10i9", "a3a2", "a9a8", "a2a3", "i9i8"]
    assert "a3a2" in sf.legal_moves("janggimodern", "startpos", before)
    assert sf.is_optional_game_end("janggimodern", "startpos", before) == (False, 0)
    after = before + ["a3a2"]
    # Black, to move, wins; its moves are still listed.
    assert sf.is_optional_game_end("janggimodern", "startpos", after) == (True, sf.VALUE_MATE)
    assert sf.legal_moves("janggimodern", "startpos", after)
    assert sf.is_optional_game_end("janggi", "startpos", after) == (False, 0)


def test_janggi_move_rule_decided_by_material() -> None:
    # Fairy-Stockfish values its n-move rule's end by material counting in
    # Janggi: equal material, Black's komi wins; White is to move.
    fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 100 60"
    assert sf.is_optional_game_end("janggi", fen, []) == (True, -sf.VALUE_MATE)
    assert sf.is_optional_game_end("janggicasual", fen, []) == (True, sf.VALUE_DRAW)
    assert sf.is_optional_game_end("janggi", fen.replace(" 100 ", " 98 "), []) == (False, 0)
