"""Type stubs of the betza package (PEP 561, with py.typed): the names
``betza/__init__.py`` exports, typed by ``_betza.pyi`` and the pure-Python
modules. ``python/tests/test_typing_stubs.py`` checks that every public name
of the package is here."""

from ._betza import (
    BLACK,
    WHITE,
    Board,
    FenError,
    IllegalMoveError,
    LegalMoveList,
    Move,
    Outcome,
    PgnError,
    Piece,
    PieceType,
    SanError,
    Variant,
    VariantError,
    perft_shard,
    register_variant,
    variants,
)
from . import pgn as pgn, stateless as stateless, svg as svg

__all__ = [
    "BLACK",
    "WHITE",
    "Board",
    "FenError",
    "IllegalMoveError",
    "LegalMoveList",
    "Move",
    "Outcome",
    "PgnError",
    "Piece",
    "PieceType",
    "SanError",
    "Variant",
    "VariantError",
    "perft_shard",
    "pgn",
    "register_variant",
    "stateless",
    "svg",
    "variants",
]
