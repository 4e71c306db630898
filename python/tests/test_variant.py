"""Variants: built-ins, metadata, run-time variants from definition text."""

from __future__ import annotations

from pathlib import Path

import pytest

import betza

MINI = '''
name = "mini"
files = 6
ranks = 6
start = "ri2kr/pppppp/6/6/PPPPPP/RI2KR w - - 0 1"
stalemate = "loss"

[promotion]
scheme = "zone"
zone = { white = "a6-f6", black = "a1-f1" }

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Rook"
token = "R"
betza = "R"

[[piece]]
name = "Kirin"
token = "I"
betza = "FD"

[[piece]]
name = "Pawn"
token = "P"
betza = "fmWfcF"
pawn = true
promotes = ["R", "I"]
'''


def test_builtin_names() -> None:
    names = betza.variants()
    assert names[:3] == ["decimaka", "meiriqi", "chess"] and len(names) == len(set(names)) >= 19
    assert {"shogi", "minishogi", "torishogi", "crazyhouse"} <= set(names)
    for name in names:
        v = betza.Variant(name)
        assert v.name == name and betza.Board(v).fen() == v.start_fen


def test_variant_metadata() -> None:
    v = betza.Variant("Meiriqi")  # any case
    assert (v.name, v.files, v.ranks) == ("meiriqi", 10, 10)
    assert v.start_fen == "1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1"
    by_token = {p.token: p for p in v.pieces}
    king = by_token["K"]
    assert king.royal and king.name == "King" and king.promotions == []
    assert [p.name for p in v.pieces if p.royal] == ["King"]
    knight = by_token["N"]
    assert knight.betza == "N" and knight.promotions == ["J"]
    assert by_token["F"].description() == "leaps (3,2) or (4,1)"
    assert all(p.description() for p in v.pieces)
    assert v == betza.Variant("meiriqi") and hash(v) == hash(betza.Variant("meiriqi"))
    assert v != betza.Variant("chess") and repr(v) == 'Variant("meiriqi")'
    d = betza.Variant("decimaka")
    assert {p.token for p in d.pieces} >= {"+F", "+N", "+T", "+P"}


def test_runtime_variant_from_definition(tmp_path: Path) -> None:
    v = betza.Variant.from_definition(MINI)
    assert (v.name, v.files, v.ranks) == ("mini", 6, 6)
    b = betza.Board(v)
    assert len(b.legal_moves) == 6 + 2 + 1
    p = betza.Board(v, "4k1/P5/6/6/6/4K1 w - - 0 1")
    assert sorted(m.uci() for m in p.legal_moves if m.from_square == "a5") == ["a5a6", "a5a6i", "a5a6r"]
    stuck = betza.Board(v, "k1K3/5R/6/6/6/6 b - - 0 1")
    o = stuck.outcome()
    assert o is not None and (o.winner, o.termination) == (betza.WHITE, "stalemate")
    path = tmp_path / "mini.toml"
    path.write_text(MINI)
    w = betza.Variant.from_file(path)
    assert w.name == "mini" and w != v  # another compiled object
    assert betza.Board(w).perft(3) == betza.Board(v).perft(3)
    # The definition reads back to a variant that counts the same.
    again = betza.Variant.from_definition(v.definition())
    assert betza.Board(again).perft(3) == betza.Board(v).perft(3)
    with pytest.raises(OSError):
        betza.Variant.from_file(tmp_path / "missing.toml")


def test_runtime_copy_of_a_builtin_counts_like_it() -> None:
    text = betza.Variant("xiangqi").definition().replace('name = "xiangqi"', 'name = "my-xiangqi"')
    v = betza.Variant.from_definition(text)
    assert v.name == "my-xiangqi" and betza.Board(v).perft(3) == 79666


def test_register_variant_makes_it_known_by_name() -> None:
    v = betza.Variant.from_definition(MINI.replace('"mini"', '"mini-registered"'))
    with pytest.raises(betza.VariantError):
        betza.Board("mini-registered")
    betza.register_variant(v)
    assert betza.Board("mini-registered").variant == v
    assert betza.Variant("MINI-registered") == v
    assert "mini-registered" not in betza.variants()  # the built-ins only
    assert "mini-registered" in betza.stateless.variants()
