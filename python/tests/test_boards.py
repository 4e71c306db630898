"""Bughouse's single board, Koedem, supply chess and fog of war in
``betza.stateless`` as pyffish answers them (two_boards, captures_to_hand,
piece_to_partner, get_fog_fen)."""

from __future__ import annotations

import pytest

import betza
import betza.stateless as sf

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FOG = """
[fogofwar:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
"""


def test_two_boards() -> None:
    for name in ("bughouse", "koedem", "supply"):
        assert sf.two_boards(name) is True, name
        assert sf.captures_to_hand(name) is False, name
    for name in ("chess", "crazyhouse", "loop", "chessgi", "placement"):
        assert sf.two_boards(name) is False, name
    assert sf.captures_to_hand("loop") is True
    assert sf.captures_to_hand("placement") is False


def test_bughouse_piece_to_partner_and_marks() -> None:
    fen = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert sf.piece_to_partner("bughouse", fen, ["b7a8q"]) == "r"
    # The promoted Queen goes to the partner as a Pawn.
    assert sf.piece_to_partner("bughouse", fen, ["b7a8q", "d8a8"]) == "P"
    assert sf.piece_to_partner("bughouse", fen, ["b7a8q", "d8b8"]) == ""
    # Captures fill no hand here; the promoted piece is marked in the FEN.
    after = sf.get_fen("bughouse", fen, ["b7a8q"])
    assert after.startswith("Q~2qkbnr/") and "[]" in after
    assert sf.get_fen("bughouse", fen, ["b7a8q", "d8a8"]).startswith("q3kbnr/")


def test_loop_keeps_promoted_pieces() -> None:
    fen = "r2qkbnr/1Ppppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert "[Rq]" in sf.get_fen("loop", fen, ["b7a8q", "d8a8"])
    assert "[Rp]" in sf.get_fen("crazyhouse", fen, ["b7a8q", "d8a8"])


def test_get_fog_fen() -> None:
    assert sf.get_fog_fen(START, "chess") == (
        "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    sf.load_variant_config(FOG)
    fen = "rnbqkbnr/p1p2ppp/8/Pp1pp3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq b6 0 1"
    assert sf.get_fog_fen(fen, "fogofwar") == (
        "********/********/2******/Pp*p***1/4P3/4*3/1PPP1PPP/RNBQKBNR w KQkq b6 0 1"
    )
    # Black's view after 1. e4: its own pieces and where they may go.
    black = sf.get_fog_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "chess")
    assert black.startswith("rnbqkbnr/pppppppp/8/8/********/")
    with pytest.raises(sf.error):
        sf.get_fog_fen("not a fen", "chess")
    with pytest.raises(betza.VariantError):
        sf.get_fog_fen(START, "no-such-variant")
