"""Board, Move, Piece, Outcome: every method, checked against the Rust
library's answers (its example programs) and the rules' documented cases."""

from __future__ import annotations

import copy
import random

import pytest

import betza


def test_the_issue_check() -> None:
    b = betza.Board("meiriqi")
    assert (len(b.legal_moves), b.perft(3)) == (44, 90313)


def test_default_board_is_chess() -> None:
    b = betza.Board()
    assert b.variant.name == "chess"
    assert b.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert betza.Board(betza.Variant("decimaka")).variant == betza.Variant("decimaka")


@pytest.mark.parametrize("variant", ["chess", "decimaka", "meiriqi", "xiangqi", "grand"])
def test_legal_moves_and_perft_match_rust(rust, variant: str) -> None:
    per_move, total = rust.divide(variant, 2)
    b = betza.Board(variant)
    assert sorted(m.uci() for m in b.legal_moves) == sorted(per_move)
    assert b.perft(2) == total
    for text, count in list(per_move.items())[:5]:
        b.push_uci(text)
        assert b.perft(1) == count
        b.pop()


def test_perft_after_moves_matches_rust(rust) -> None:
    b = betza.Board("decimaka")
    for text in ["e3e5", "f8f6", "d2f4"]:
        b.push_uci(text)
    _, total = rust.divide("decimaka", 3, b.fen())
    assert b.perft(3) == total
    assert b.perft(3, threads=2) == total


def test_legal_moves_is_a_sequence() -> None:
    b = betza.Board("chess")
    moves = b.legal_moves
    assert len(moves) == 20 and bool(moves) and moves.count() == 20 and moves.any()
    assert not betza.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").legal_moves.any()
    assert moves[0] == list(moves)[0] and moves[-1] == list(moves)[19]
    with pytest.raises(IndexError):
        moves[20]
    e4 = b.parse_uci("e2e4")
    assert e4 in moves and "e2e4" in moves and "e2e5" not in moves and 42 not in moves
    assert random.Random(1).choice(moves) in moves
    assert "e2e4" in repr(moves)


def test_push_pop_peek_move_stack() -> None:
    b = betza.Board("meiriqi")
    start = b.fen()
    m = b.legal_moves[0]
    b.push(m)
    assert b.peek() == m and b.move_stack == [m] and b.ply() == 1
    assert b.turn == betza.BLACK
    played = b.push_uci("a8a6")
    assert played.uci() == "a8a6" and played.from_square == "a8" and played.to_square == "a6"
    assert b.pop() == played
    assert b.pop() == m
    assert b.fen() == start and b.move_stack == [] and b.turn == betza.WHITE
    with pytest.raises(IndexError):
        b.pop()
    with pytest.raises(IndexError):
        b.peek()
    assert b.is_legal(m) and (b.halfmove_clock, b.fullmove_number) == (0, 1)
    legal = b.legal_moves
    b.push_uci("b2b3")  # a Gold's step: no Pawn move, no capture
    assert not b.is_legal(m) and (b.halfmove_clock, b.fullmove_number) == (1, 1)
    assert [x.uci() for x in legal] == [x.uci() for x in betza.Board("meiriqi").legal_moves]


def test_push_refuses_a_move_of_another_position() -> None:
    b = betza.Board("chess")
    e4 = b.push_uci("e2e4")
    with pytest.raises(betza.IllegalMoveError):
        b.push(e4)
    assert b.move_stack == [e4]


def test_san_and_uci(rust) -> None:
    moves = ["e3e5", "f8f6", "c2e3", "h9g7"]
    fen, pgn = rust.play("decimaka", moves)
    b = betza.Board("decimaka")
    sans = []
    for text in moves:
        m = b.parse_uci(text)
        assert b.uci(m) == text == m.uci() == str(m)
        sans.append(b.san(m))
        assert b.parse_san(sans[-1]) == m
        b.push(m)
    assert b.fen() == fen
    movetext = pgn.split("\n\n", 1)[1]
    assert movetext == "1. {} {} 2. {} {} *".format(*sans)
    b2 = betza.Board("decimaka")
    for san in sans:
        b2.push_san(san)
    assert b2 == b and b2.move_stack == b.move_stack


def test_check_checkmate_outcome_result() -> None:
    b = betza.Board("chess")
    for san in ["f3", "e5", "g4"]:
        b.push_san(san)
    assert not b.is_check() and not b.is_game_over() and b.outcome() is None and b.result() == "*"
    assert b.san(b.parse_uci("d8h4")) == "Qh4#"
    b.push_san("Qh4#")
    assert b.is_check() and b.is_checkmate() and not b.is_stalemate() and b.is_game_over()
    o = b.outcome()
    assert o is not None
    assert (o.winner, o.termination, o.result()) == (betza.BLACK, "checkmate", "0-1")
    assert b.result() == "0-1" and len(b.legal_moves) == 0
    assert "checkmate" in repr(o)


def test_stalemate_loses_in_meiriqi_and_draws_in_chess() -> None:
    m = betza.Board("meiriqi", "7k2/10/8r1/10/10/10/10/10/r9/9K w - - 0 1")
    assert m.is_stalemate() and not m.is_checkmate()
    o = m.outcome()
    assert o is not None and (o.winner, o.termination, o.result()) == (betza.BLACK, "stalemate", "0-1")
    c = betza.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    o = c.outcome()
    assert o is not None and (o.winner, o.result()) == (None, "1/2-1/2") and c.result() == "1/2-1/2"


def test_claimable_draws() -> None:
    b = betza.Board("chess")
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]:
        b.push_san(san)
    assert b.can_claim_threefold_repetition() and not b.can_claim_fifty_moves()
    assert not b.is_game_over() and b.is_game_over(claim_draw=True)
    o = b.outcome(claim_draw=True)
    assert o is not None and (o.winner, o.termination) == (None, "threefold_repetition")
    assert b.result() == "*" and b.result(claim_draw=True) == "1/2-1/2"
    f = betza.Board("chess", "4k3/8/8/8/8/8/8/4K2R w - - 100 80")
    assert f.can_claim_fifty_moves() and f.outcome(claim_draw=True).termination == "fifty_moves"


def test_piece_at_and_piece_map() -> None:
    b = betza.Board("decimaka")
    p = b.piece_at("e1")
    assert p is not None and (p.token, p.color, p.name, p.symbol()) == ("F", betza.WHITE, "Fiancee", "F")
    k = b.piece_at("e10")
    assert k is not None and (k.symbol(), k.color, str(k)) == ("k", betza.BLACK, "k")
    assert b.piece_at("e5") is None
    with pytest.raises(ValueError, match="not a square of the 10x10 board"):
        b.piece_at("k1")
    pm = b.piece_map()
    assert len(pm) == 52 and pm["j10"] == b.piece_at("j10") and "e5" not in pm
    assert hash(pm["a1"]) == hash(b.piece_at("a1"))
    q = betza.Board("decimaka", "4k5/10/10/10/10/4+f5/10/3N6/10/R4K4 w - - 0 1").piece_at("e5")
    assert q is not None and (q.symbol(), q.name) == ("+f", "Queen")


def test_legal_targets() -> None:
    b = betza.Board("chess")
    assert sorted(b.legal_targets("g1")) == ["f3", "h3"]
    assert b.legal_targets("e8") == [] and b.legal_targets("e4") == []
    p = betza.Board("chess", "r6k/1P6/8/8/8/8/8/7K w - - 0 1")
    assert sorted(p.legal_targets("b7")) == ["a8", "b8"]


def _choices(board: betza.Board, a: str, b: str) -> list:
    return sorted(((m.promotion or ""), m.is_forced_promotion) for m in board.moves_between(a, b))


def test_promotion_choices_decimaka() -> None:
    # A Knight takes an unpromoted Pawn: it may become a Nightrider or not.
    b = betza.Board("decimaka", "4k5/10/10/10/10/4p5/10/3N6/10/5K4 w - - 0 1")
    assert _choices(b, "d3", "e5") == [("", False), ("+N", False)]
    plain, promoted = sorted(b.moves_between("d3", "e5"), key=lambda m: m.promotion or "")
    assert (plain.uci(), promoted.uci()) == ("d3e5", "d3e5+")
    assert b.san(promoted) == "Nxe5=+N" and promoted.is_capture
    # Taking a promoted piece forces the promotion.
    b = betza.Board("decimaka", "4k5/10/10/10/10/4+p5/10/3N6/10/5K4 w - - 0 1")
    assert _choices(b, "d3", "e5") == [("+N", True)]
    # A Rook never promotes otherwise.
    b = betza.Board("decimaka", "4k5/10/10/10/10/n9/10/10/10/R4K4 w - - 0 1")
    assert _choices(b, "a1", "a5") == [("", False)]


def test_promotion_choices_meiriqi() -> None:
    b = betza.Board("meiriqi", "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1")
    assert _choices(b, "d7", "d8") == [("", False), ("R", False)]
    b.push_uci("d7d8+")
    assert b.piece_at("d8").name == "Rook"
    b = betza.Board("meiriqi", "7k2/10/10/10/10/10/3l6/10/10/8K1 b - - 0 1")
    assert _choices(b, "d4", "d2") == [("", False), ("Q", False)]
    assert b.moves_between("d4", "j4") == []


def test_promotion_choices_chess() -> None:
    b = betza.Board("chess", "r6k/1P6/8/8/8/8/8/7K w - - 0 1")
    assert _choices(b, "b7", "b8") == [(t, True) for t in "BNQR"]
    m = b.push_uci("b7a8n")
    assert m.promotion == "N" and m.uci() == "b7a8n"


def test_set_fen_reset_copy() -> None:
    b = betza.Board("capablanca")
    b.push_uci("e2e4")
    c = b.copy()
    assert c == b and c.move_stack == b.move_stack and c is not b
    c.push_uci("e7e5")
    assert c != b and len(b.move_stack) == 1
    s = b.copy(stack=False)
    assert s == b and s.move_stack == []
    assert copy.copy(b) == b and copy.deepcopy(b) == b
    b.set_fen("4k5/10/10/10/10/10/10/4K5 w - - 0 1")
    assert b.move_stack == [] and len(b.piece_map()) == 2
    with pytest.raises(betza.FenError):
        b.set_fen("4k5/10 w - - 0 1")
    b.reset()
    assert b == betza.Board("capablanca")


def test_eq_and_hash() -> None:
    a, b = betza.Board("chess"), betza.Board("chess")
    assert a == b and hash(a) == hash(b)
    a.push_san("Nf3")
    assert a != b and hash(a) != hash(b)
    for san in ["Nf6", "Ng1", "Ng8"]:
        a.push_san(san)
    # The same placement, side and rights, but not the same clocks.
    assert a != b and hash(a) == hash(b)
    assert a == betza.Board("chess", a.fen()) and {a: 1}[betza.Board("chess", a.fen())] == 1
    # An en-passant square counts only when a capture can use it (as in FEN).
    e4 = betza.Board("chess")
    e4.push_san("e4")
    assert e4 == e4.copy(stack=False) and hash(e4) == hash(e4.copy(stack=False))
    assert betza.Board("chess") != betza.Board("capablanca") and a != "chess"


def test_move_equality_and_hash() -> None:
    b = betza.Board("chess")
    x, y = b.parse_uci("g1f3"), b.parse_san("Nf3")
    assert x == y and hash(x) == hash(y) and len({x, y}) == 1
    assert x != b.parse_uci("g1h3") and x != "g1f3"
    assert repr(x) == "<Move g1f3>"
    assert (x.is_capture, x.is_castle, x.is_en_passant, x.is_forced_promotion, x.promotion) == (
        False, False, False, False, None)


def test_castling_and_en_passant_flags() -> None:
    b = betza.Board("chess", "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    assert b.parse_san("O-O").is_castle and b.parse_uci("e1g1").is_castle
    ep = b.parse_uci("e5d6")
    assert ep.is_en_passant and ep.is_capture and b.san(ep) == "exd6"
    assert b.is_capture(ep) and not b.is_capture(b.parse_uci("e1g1"))
    assert b.gives_check(b.parse_uci("a1a8")) and not b.gives_check(ep)


def test_str_and_repr() -> None:
    b = betza.Board("meiriqi")
    text = str(b)
    assert text.splitlines()[0].split() == ["10", "."] + list("fyehw") + [".", "m", "k", "m"]
    assert text.splitlines()[-1].split() == list("abcdefghij")
    assert repr(b) == "Board(\"meiriqi\", \"{}\")".format(b.fen())


def test_random_games_agree_with_rust(rust) -> None:
    # Every 5th ply of seeded random games: the legal moves and perft(2)
    # against the Rust program given the FEN.
    rng = random.Random(7)
    for variant in ["meiriqi", "decimaka", "xiangqi"]:
        b = betza.Board(variant)
        for ply in range(40):
            legal = b.legal_moves
            if not legal:
                break
            if ply % 5 == 0:
                per_move, total = rust.divide(variant, 2, b.fen())
                assert sorted(m.uci() for m in legal) == sorted(per_move)
                assert b.perft(2) == total
            b.push(rng.choice(legal))
