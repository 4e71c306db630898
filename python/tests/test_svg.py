"""betza.svg: a well-formed SVG of any board size, pieces as tokens."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import betza
from betza import svg

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("variant", ["chess", "decimaka", "xiangqi", "grand"])
def test_svg_is_well_formed_and_draws_every_piece(variant: str) -> None:
    b = betza.Board(variant)
    root = ET.fromstring(svg.board(b))
    assert root.tag == NS + "svg"
    v = b.variant
    squares = [r for r in root.iter(NS + "rect") if "square" in (r.get("class") or "")]
    assert len(squares) == v.files * v.ranks
    tokens = sorted(g.find(NS + "text").text for g in root.iter(NS + "g"))
    assert tokens == sorted(p.symbol() for p in b.piece_map().values())


def test_options() -> None:
    b = betza.Board("decimaka")
    m = b.push_san("e5")
    root = ET.fromstring(svg.board(b, squares=["e6", "e7"], lastmove=m, size=300, coordinates=False))
    assert root.get("width") == "300"
    marks = [c.get("class") for c in root.iter(NS + "circle") if "mark" in (c.get("class") or "")]
    assert marks == ["mark e6", "mark e7"]
    fills = {r.get("class"): r.get("fill") for r in root.iter(NS + "rect")}
    assert fills["square e3"] != fills["square e1"] and fills["square e5"] in (svg.LASTMOVE_LIGHT, svg.LASTMOVE_DARK)
    assert not [t for t in root.iter(NS + "text") if t.text == "j"]  # no coordinates
    flipped = svg.board(b, orientation=betza.BLACK)
    assert flipped != svg.board(b)
    with pytest.raises(ValueError):
        svg.board(b, squares=["k11"])


def test_repr_svg() -> None:
    b = betza.Board("meiriqi")
    assert b._repr_svg_() == svg.board(b)
