"""pyffish's stateless calls under pyffish's names and argument order.

Code written for pyffish (Fairy-Stockfish's Python module) switches with one
import::

    import betza.stateless as sf   # was: import pyffish as sf
    sf.legal_moves("meiriqi", sf.start_fen("meiriqi"), ["e3e5"])

Each call takes a variant name, a FEN (or ``"startpos"``) and a list of moves
in the library's move text, replays them and answers; nothing is kept between
calls except the variants loaded with :func:`load_variant_config`. The calls
are thread-safe.

Where the behaviour differs from pyffish:

- Move text is the library's (``e3e5``; a promotion adds ``+`` in Decimaka and
  Meiriqi, the new type's lowercase letter elsewhere; see docs/notation.md).
- A bad variant, FEN or move raises :class:`betza.VariantError`,
  :class:`betza.FenError` or :class:`betza.IllegalMoveError` (all
  ``ValueError``, like pyffish's "Invalid move") with the library's message;
  pyffish skips a bad move in some calls.
- :func:`load_variant_config` takes one variant definition in this library's
  TOML format (docs/definitions.md), not Fairy-Stockfish's INI file.
- :func:`validate_fen` returns ``FEN_OK`` (1) or ``-1``; the reason is the
  :class:`betza.FenError` message of ``betza.Board(variant, fen)``.
- :func:`game_result` raises ``ValueError`` when the side to move still has a
  legal move (pyffish asserts). Values are from the side to move's view:
  ``-VALUE_MATE`` lost, ``VALUE_MATE`` won, ``VALUE_DRAW`` drawn.
- :func:`is_immediate_game_end` is always ``(False, 0)``: the library's
  variants end a game only by checkmate and stalemate (:func:`game_result`).
- :func:`is_optional_game_end` is ``(True, VALUE_DRAW)`` when a draw can be
  claimed (threefold repetition, fifty moves); ``count_started`` is ignored.
- ``chess960=True`` and ``sfen=True`` raise ``ValueError``; ``notation``
  accepts only ``NOTATION_DEFAULT`` and ``NOTATION_SAN`` (both give SAN);
  ``show_promoted`` is ignored.
"""

from __future__ import annotations

from typing import List, Tuple

from . import _betza

__all__ = [
    "FEN_OK",
    "NOTATION_DEFAULT",
    "NOTATION_SAN",
    "VALUE_DRAW",
    "VALUE_MATE",
    "game_result",
    "get_fen",
    "get_san",
    "get_san_moves",
    "gives_check",
    "is_capture",
    "is_immediate_game_end",
    "is_optional_game_end",
    "legal_moves",
    "load_variant_config",
    "start_fen",
    "validate_fen",
    "variants",
]

VALUE_MATE: int = _betza.VALUE_MATE
"""The value of a won game (pyffish's ``VALUE_MATE``, 32000)."""
VALUE_DRAW: int = _betza.VALUE_DRAW
"""The value of a drawn game (0)."""
FEN_OK: int = 1
"""What :func:`validate_fen` returns for a valid FEN."""
NOTATION_DEFAULT: int = 0
"""pyffish's default notation: SAN here."""
NOTATION_SAN: int = 1
"""SAN."""


def variants() -> List[str]:
    """The built-in variants' names, then those loaded by :func:`load_variant_config`."""
    return _betza._sl_variants()


def load_variant_config(config: str) -> None:
    """Reads one variant definition (this library's TOML text) and makes it
    known by its ``name`` to every call here, to ``betza.Board(name)`` and
    ``betza.Variant(name)``. A definition of the same name replaces the
    earlier one. Raises :class:`betza.VariantError` naming the line and key."""
    _betza._sl_load_variant_config(config)


def start_fen(variant: str) -> str:
    """The variant's start position in FEN."""
    return _betza._sl_start_fen(variant)


def legal_moves(variant: str, fen: str, moves: List[str], chess960: bool = False) -> List[str]:
    """The legal moves, as move text, after ``moves`` from ``fen``."""
    return _betza._sl_legal_moves(variant, fen, moves, chess960)


def get_san(variant: str, fen: str, move: str, chess960: bool = False, notation: int = NOTATION_DEFAULT) -> str:
    """``move`` (move text) in SAN, in the position ``fen``."""
    return _betza._sl_get_san(variant, fen, move, chess960, notation)


def get_san_moves(
    variant: str, fen: str, moves: List[str], chess960: bool = False, notation: int = NOTATION_DEFAULT
) -> List[str]:
    """Each of ``moves`` (move text, played in turn from ``fen``) in SAN."""
    return _betza._sl_get_san_moves(variant, fen, moves, chess960, notation)


def get_fen(
    variant: str,
    fen: str,
    moves: List[str],
    chess960: bool = False,
    sfen: bool = False,
    show_promoted: bool = False,
    count_started: int = 0,
) -> str:
    """The FEN after ``moves`` from ``fen``."""
    return _betza._sl_get_fen(variant, fen, moves, chess960, sfen, show_promoted, count_started)


def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """``FEN_OK`` (1) if ``fen`` is a valid position of ``variant``, else ``-1``.
    Note pyffish's order: the FEN comes first."""
    return _betza._sl_validate_fen(fen, variant, chess960)


def game_result(variant: str, fen: str, moves: List[str], chess960: bool = False) -> int:
    """The result of a game the rules have ended (the side to move has no
    legal move), for the side to move: ``-VALUE_MATE`` (checkmated, or
    stalemated where stalemate loses), ``VALUE_DRAW``, or ``VALUE_MATE``."""
    return _betza._sl_game_result(variant, fen, moves, chess960)


def is_immediate_game_end(variant: str, fen: str, moves: List[str], chess960: bool = False) -> Tuple[bool, int]:
    """``(ended, value)`` for an end by a variant rule other than checkmate and
    stalemate; the library has none, so ``(False, 0)`` after checking the input."""
    return _betza._sl_is_immediate_game_end(variant, fen, moves, chess960)


def is_optional_game_end(
    variant: str, fen: str, moves: List[str], chess960: bool = False, count_started: int = 0
) -> Tuple[bool, int]:
    """``(True, VALUE_DRAW)`` when a draw can be claimed after ``moves``
    (threefold repetition over ``moves``, or fifty moves), else ``(False, 0)``."""
    return _betza._sl_is_optional_game_end(variant, fen, moves, chess960, count_started)


def gives_check(variant: str, fen: str, moves: List[str], chess960: bool = False) -> bool:
    """Whether the side to move is in check after ``moves`` (pyffish's meaning:
    the last move gave check)."""
    return _betza._sl_gives_check(variant, fen, moves, chess960)


def is_capture(variant: str, fen: str, moves: List[str], move: str, chess960: bool = False) -> bool:
    """Whether ``move`` (move text) captures, after ``moves`` from ``fen``."""
    return _betza._sl_is_capture(variant, fen, moves, move, chess960)
