"""Hands and drops (crazyhouse, the shogi family), moves that capture on
the way (a Lion), and the game-end rules beyond checkmate, through the Board
and betza.stateless. Expected values come from the rules (RULES.md sections
8-11) and the library's documented examples, not from the bindings' output."""

from __future__ import annotations

from pathlib import Path

import pytest

import betza
from betza import stateless as sf

ROOT = Path(__file__).resolve().parents[2]
LION = ROOT / "tests" / "data" / "variants" / "lion.toml"

# A crazyhouse position with full hands.
HOUSE = "4k3/8/8/8/8/8/4P3/4K3[QNNp] w - - 0 1"

SHOGI_START_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


# ---------------------------------------------------------------- drops


def test_new_builtins_are_listed() -> None:
    for name in ["shogi", "minishogi", "torishogi", "crazyhouse"]:
        assert name in betza.variants()
        assert betza.Board(name).legal_moves.count() > 0


def test_hands_and_pockets() -> None:
    b = betza.Board("crazyhouse", HOUSE)
    assert b.hand(betza.WHITE) == {"Q": 1, "N": 2}
    assert b.hand(betza.BLACK) == {"P": 1}
    assert b.pockets[betza.WHITE] == {"Q": 1, "N": 2}
    assert b.pockets[betza.BLACK] == {"P": 1}
    assert betza.Board("chess").hand(betza.WHITE) == {}


def test_a_drop_move() -> None:
    b = betza.Board("crazyhouse", HOUSE)
    m = b.parse_uci("N@e5")
    assert m.is_drop and m.drop == "N" and m.promotion is None and m.via is None
    assert m.from_square == m.to_square == "e5"
    assert m.uci() == str(m) == b.uci(m) == "N@e5"
    assert not m.is_capture and b.is_legal(m)
    # Same squares, another type dropped: a different move.
    knight, queen = b.parse_uci("N@e5"), b.parse_uci("Q@e5")
    assert knight != queen and len({knight, queen, b.parse_uci("N@e5")}) == 2
    assert knight in b.legal_moves and "Q@e5" in b.legal_moves
    assert b.gives_check(queen)
    assert not b.gives_check(knight)
    step = b.parse_uci("e1d2")
    assert not step.is_drop and step.drop is None and step.via is None
    drops = [m for m in b.legal_moves if m.is_drop]
    # 61 empty squares for the Queen and for the Knight (no Pawn in White's hand).
    assert len(drops) == 2 * 61 and {m.drop for m in drops} == {"Q", "N"}
    with pytest.raises(betza.IllegalMoveError, match="no Pawn in hand"):
        b.parse_uci("P@e5")
    with pytest.raises(betza.IllegalMoveError):
        b.parse_uci("N@e2")


def test_playing_a_drop() -> None:
    b = betza.Board("crazyhouse", HOUSE)
    m = b.push_uci("N@e5")
    p = b.piece_at("e5")
    assert p is not None and p.symbol() == "N"
    assert b.hand(betza.WHITE) == {"Q": 1, "N": 1}
    assert b.peek() == m and b.move_stack == [m]
    assert b.pop() == m and b.hand(betza.WHITE) == {"Q": 1, "N": 2}
    b.push(b.parse_uci("Q@e5"))
    assert b.is_check() and b.hand(betza.WHITE) == {"N": 2}


def test_captured_pieces_go_to_the_hand() -> None:
    b = betza.Board("crazyhouse")
    for text in ["e2e4", "d7d5", "e4d5"]:
        b.push_uci(text)
    assert b.hand(betza.WHITE) == {"P": 1}
    assert b.push_san("Qxd5").is_capture
    assert b.hand(betza.BLACK) == {"P": 1}
    b.push_uci("b1c3")
    assert "P@e4" in b.legal_moves and b.parse_uci("P@e4").drop == "P"
    assert all(m.drop == "P" for m in b.legal_moves if m.is_drop)


def test_sfen_and_usi() -> None:
    b = betza.Board("shogi")
    assert b.sfen() == SHOGI_START_SFEN
    m = b.parse_usi("7g7f")
    assert m.uci() == "c3c4" and b.usi(m) == "7g7f"
    assert b.push_usi("7g7f") == m and b.move_stack == [m]
    with pytest.raises(betza.IllegalMoveError):
        b.parse_usi("7g7e")
    b.set_sfen("8k/9/9/9/9/9/9/9/K8 w 2Pb 10")
    assert b.fen() == "8k/9/9/9/9/9/9/9/K8[PPb] b - - 0 5"
    assert b.sfen() == "8k/9/9/9/9/9/9/9/K8 w 2Pb 10"
    assert b.move_stack == [] and b.turn == betza.BLACK
    assert b.hand(betza.WHITE) == {"P": 2} and b.hand(betza.BLACK) == {"B": 1}
    drop = b.parse_usi("B*5e")
    assert drop.is_drop and drop.drop == "B" and drop.uci() == "B@e5"
    assert b.usi(drop) == "B*5e" and b.usi(b.parse_uci("B@e5")) == drop.uci().replace("@e5", "*5e")
    with pytest.raises(betza.FenError):
        b.set_sfen("8k/9 w - 1")
    assert b.sfen() == "8k/9/9/9/9/9/9/9/K8 w 2Pb 10"


def test_shogi_drops_through_stateless() -> None:
    fen = "4k4/9/9/9/9/9/9/4P4/4K4[PPb] b - - 0 5"
    moves = sf.legal_moves("shogi", fen, [])
    assert "B@e5" in moves and "e9e8" in moves
    assert sf.get_fen("shogi", fen, [], sfen=True) == "4k4/9/9/9/9/9/9/4P4/4K4 w 2Pb 10"
    assert sf.get_fen("shogi", "startpos", [], False, True) == SHOGI_START_SFEN


def test_shogi_drop_played_through_stateless() -> None:
    fen = "4k4/9/9/9/9/9/9/4P4/4K4[PPb] b - - 0 5"
    assert sf.get_fen("shogi", fen, ["B@e5"], sfen=True).split(" ")[2] == "2P"


# ---------------------------------------------------------------- via


def test_a_capture_on_the_way() -> None:
    lion = betza.Variant.from_file(LION)
    b = betza.Board(lion, "7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1")
    m = b.parse_uci("d4d5e6")
    assert m.via == "d5" and m.via_captured == "W" and m.is_capture
    assert (m.from_square, m.to_square, m.drop, m.is_drop) == ("d4", "e6", None, False)
    assert m.uci() == b.uci(m) == "d4d5e6"
    back = b.parse_uci("d4d5d4")
    assert back.via == "d5" and back.from_square == back.to_square == "d4"
    # Same squares, not through d5: another move (if the Lion may jump there).
    plain = [x for x in b.legal_moves if (x.from_square, x.to_square) == ("d4", "e6")]
    assert m in plain and len(set(plain)) == len(plain)
    assert all(x == m for x in plain if x.via == "d5")
    assert b.is_legal(m) and b.is_capture(m) and not b.gives_check(m)
    b.push_uci("d4d5e6")
    assert b.piece_at("d5") is None and b.piece_at("e6") is not None
    assert b.move_stack[0].via == "d5"
    assert b.fen() == "7k/8/4L3/8/8/8/8/K7 b - - 0 1"
    betza.register_variant(lion)
    assert sf.legal_moves(lion.name, "7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1", []).count("d4d5e6") == 1


# ---------------------------------------------------------------- game end

BARE = "4q3/2n5/8/2r1p3/kp2n3/8/8/1K6 w - - 0 41"
DEAD = "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"
XQ = "5k3/R8/9/9/9/9/9/9/9/3K5 w - - 0 1"
XQ_CYCLE = ["a9a10", "f10f9", "a10a9", "f9f10"]


def test_bare_king() -> None:
    b = betza.Board("shatranj", BARE)
    o = b.outcome()
    assert o is not None and (o.winner, o.termination, o.result()) == (betza.BLACK, "bare_king", "0-1")
    assert b.is_game_over() and b.result() == "0-1"
    assert not b.is_checkmate() and not b.is_stalemate()
    assert sf.is_immediate_game_end("shatranj", BARE, []) == (True, -sf.VALUE_MATE)
    assert sf.is_optional_game_end("shatranj", BARE, []) == (False, 0)
    assert sf.game_result("shatranj", BARE, []) == -sf.VALUE_MATE


def test_insufficient_material() -> None:
    b = betza.Board("chess", DEAD)
    assert b.is_insufficient_material()
    o = b.outcome()
    assert o is not None and (o.winner, o.termination, o.result()) == (None, "insufficient_material", "1/2-1/2")
    assert b.is_game_over() and b.legal_moves.count() > 0
    assert not betza.Board("chess", "8/8/4k3/8/8/2NNK3/8/8 w - - 0 1").is_insufficient_material()
    assert not betza.Board("chess").is_insufficient_material()
    assert sf.is_immediate_game_end("chess", DEAD, []) == (True, sf.VALUE_DRAW)
    assert sf.game_result("chess", DEAD, []) == sf.VALUE_DRAW


def test_perpetual_check_loses() -> None:
    b = betza.Board("xiangqi", XQ)
    for text in XQ_CYCLE * 2:
        assert not b.is_game_over()
        assert sf.is_optional_game_end("xiangqi", XQ, [m.uci() for m in b.move_stack]) == (False, 0)
        b.push_uci(text)
    assert b.is_repetition(3) and not b.is_repetition(4)
    o = b.outcome()
    assert o is not None and (o.winner, o.termination) == (betza.BLACK, "perpetual_check")
    assert b.is_game_over() and b.result() == "0-1" and not b.can_claim_draw()
    moves = XQ_CYCLE * 2
    # White (to move) gave the checks: lost, from its view.
    assert sf.is_optional_game_end("xiangqi", XQ, moves) == (True, -sf.VALUE_MATE)
    assert sf.is_immediate_game_end("xiangqi", XQ, moves) == (False, 0)
    assert sf.game_result("xiangqi", XQ, moves) == -sf.VALUE_MATE
    b.pop()
    assert not b.is_game_over()


def test_repetition_ends_xiangqi_and_is_a_claim_in_chess() -> None:
    cycle = ["b1c3", "b10c8", "c3b1", "c8b10"] * 2
    b = betza.Board("xiangqi")
    for text in cycle:
        b.push_uci(text)
    o = b.outcome()
    assert o is not None and (o.winner, o.termination) == (None, "repetition")
    assert sf.is_optional_game_end("xiangqi", "startpos", cycle) == (True, sf.VALUE_DRAW)
    assert sf.game_result("xiangqi", "startpos", cycle) == sf.VALUE_DRAW
    c = betza.Board("chess")
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        c.push_uci(text)
    assert c.is_repetition() and c.can_claim_draw()
    assert not c.is_game_over() and c.outcome() is None
    assert c.is_game_over(claim_draw=True)
    assert c.outcome(claim_draw=True).termination == "threefold_repetition"  # type: ignore[union-attr]


def test_is_game_over_agrees_with_the_stateless_calls() -> None:
    # The same positions through both doors: an end by the rules is an end
    # that pyffish's calls report in one of its three places.
    cases = [("shatranj", BARE, []), ("chess", DEAD, []), ("xiangqi", XQ, XQ_CYCLE * 2),
             ("chess", "startpos", ["f2f3", "e7e5", "g2g4", "d8h4"]), ("chess", "startpos", ["e2e4"])]
    for variant, fen, moves in cases:
        b = betza.Board(variant, None if fen == "startpos" else fen)
        for m in moves:
            b.push_uci(m)
        reported = (sf.is_immediate_game_end(variant, fen, moves)[0]
                    or sf.is_optional_game_end(variant, fen, moves)[0]
                    or b.legal_moves.count() == 0)
        assert b.is_game_over() == reported, (variant, moves)


def test_move_rule_and_counting() -> None:
    # Shatranj: the 70-move rule ends the game (140 plies without capture);
    # a mate on the last ply still counts as mate.
    fen = "k7/8/1K6/8/8/8/p7/7R w - - 139 80"
    b = betza.Board("shatranj", fen)
    b.push_uci("h1h2")
    o = b.outcome()
    assert o is not None and (o.winner, o.termination) == (None, "move_rule")
    assert sf.is_optional_game_end("shatranj", fen, ["h1h2"]) == (True, sf.VALUE_DRAW)
    assert sf.is_immediate_game_end("shatranj", fen, ["h1h2"]) == (False, 0)
    mate = betza.Board("shatranj", fen)
    mate.push_uci("h1h8")
    assert mate.is_checkmate() and mate.outcome().termination == "checkmate"  # type: ignore[union-attr]
    # Makruk: a bare King against a Rook, the pieces' honour of 16 moves,
    # counted from the 3 pieces on the board: over after 28 more plies.
    fen = "7R/8/8/4k3/8/8/8/K7 w - - 0 1"
    cycle = ["h8h7", "e5d5", "h7h8", "d5e5"] * 7
    m = betza.Board("makruk", fen)
    for text in cycle[:27]:
        m.push_uci(text)
    assert not m.is_game_over()
    m.push_uci(cycle[27])
    o = m.outcome()
    assert o is not None and (o.winner, o.termination) == (None, "counting")
    assert sf.is_optional_game_end("makruk", fen, cycle) == (True, sf.VALUE_DRAW)
    assert sf.is_optional_game_end("makruk", fen, cycle[:27])[1] == sf.VALUE_DRAW
    assert sf.game_result("makruk", fen, cycle) == sf.VALUE_DRAW
