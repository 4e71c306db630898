"""betza: the rules core for chess variants defined in Betza notation.

A python-chess-style :class:`Board` for Decimaka, Meiriqi, chess, Capablanca,
Xiangqi and the other built-in variants, and for any variant read from a
definition file at run time (:meth:`Variant.from_definition`). The rules are
the Rust library's; this package converts and delegates.

>>> import betza
>>> board = betza.Board("meiriqi")
>>> len(board.legal_moves), board.perft(3)
(44, 90313)
"""

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
from . import pgn, stateless, svg

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
