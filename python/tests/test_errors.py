"""Every exception is a ValueError carrying the library's message."""

from __future__ import annotations

import pytest

import betza

from test_variant import MINI


@pytest.mark.parametrize(
    "cls", [betza.FenError, betza.IllegalMoveError, betza.SanError, betza.VariantError, betza.PgnError]
)
def test_every_error_is_a_value_error(cls: type) -> None:
    assert issubclass(cls, ValueError) and cls.__module__ == "betza"


def test_fen_error() -> None:
    with pytest.raises(betza.FenError) as e:
        betza.Board("decimaka", "10/10 w - - 0 1")
    assert str(e.value) == "placement: 2 ranks, the board has 10"


def test_illegal_move_errors() -> None:
    b = betza.Board("chess")
    with pytest.raises(betza.IllegalMoveError) as e:
        b.push_uci("e2e5")
    assert str(e.value) == 'move "e2e5": the Pawn on e2 has no move to e5'
    with pytest.raises(betza.IllegalMoveError) as e:
        b.parse_uci("e7e5")
    assert "the piece on e7 is not the side to move's" in str(e.value)
    with pytest.raises(betza.IllegalMoveError) as e:
        b.push_uci("hello")
    assert str(e.value).startswith('move text "hello": ')
    p = betza.Board("chess", "7k/P7/8/8/8/8/8/K7 w - - 0 1")
    with pytest.raises(betza.IllegalMoveError, match="promotion"):
        p.push_uci("a7a8")
    m = betza.Board("chess").parse_uci("e2e4")
    with pytest.raises(betza.IllegalMoveError):
        b.push_uci("d2d4")
        b.san(m)  # e2e4 is not legal for Black


def test_san_errors() -> None:
    b = betza.Board("chess", "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1")
    with pytest.raises(betza.SanError) as e:
        b.push_san("Ra2")
    assert str(e.value) == 'SAN "Ra2": ambiguous, it could be R1a2 or R4a2'
    assert b.move_stack == []
    with pytest.raises(betza.SanError) as e:
        betza.Board("decimaka").push_san("Qz9")
    assert str(e.value) == 'SAN "Qz9": "z9" is not a square of the board'


def test_variant_errors() -> None:
    with pytest.raises(betza.VariantError) as e:
        betza.Board("nope")
    assert str(e.value).startswith('unknown variant "nope": the built-in variants are decimaka, meiriqi, chess')
    with pytest.raises(betza.VariantError) as e:
        betza.Variant.from_definition(MINI.replace("files = 6", "files = = 6"))
    assert str(e.value).startswith("line 3")
    with pytest.raises(betza.VariantError, match="en-pasant"):
        betza.Variant.from_definition(MINI + "\nen-pasant = true\n")
    with pytest.raises(TypeError):
        betza.Board(42)  # type: ignore[arg-type]


def test_pgn_errors() -> None:
    with pytest.raises(betza.PgnError) as e:
        betza.pgn.read_game('[Variant "nosuchvariant"]\n*')
    assert "nosuchvariant" in str(e.value)
    with pytest.raises(betza.PgnError) as e:
        betza.pgn.read_game("1. e4 Nf3 *")
    assert "line 1" in str(e.value) and "Nf3" in str(e.value)


def test_bad_square_names() -> None:
    b = betza.Board("chess")
    for bad in ["i1", "a9", "", "e"]:
        with pytest.raises(ValueError, match="is not a square of the 8x8 board"):
            b.legal_targets(bad)
    with pytest.raises(ValueError):
        b.moves_between("e2", "e9")
