"""pyffish's stateless calls under pyffish's names and argument order.

Code written for pyffish (Fairy-Stockfish's Python module) switches with one
import::

    import betza.stateless as sf   # was: import pyffish as sf
    sf.legal_moves("meiriqi", sf.start_fen("meiriqi"), ["e3e5"])

Each call takes a variant name (of any board size: ``"chushogi"`` too), a FEN
(or ``"startpos"``) and a list of moves in the library's move text, replays
them and answers; nothing is kept between
calls except the variants loaded with :func:`load_variant_config`. The calls
are thread-safe.

Where the behaviour differs from pyffish:

- Move text is the library's (``e3e5``; a promotion adds ``+`` in Decimaka and
  Meiriqi, the new type's lowercase letter elsewhere; a drop is ``P@e5`` as in
  pyffish, also in the shogi family, where Fairy-Stockfish's own shogi
  coordinates are not used; a capture on the way is ``<from><via><to>``,
  ``d4d5e6``; see docs/notation.md).
- A bad variant, FEN or move raises :class:`betza.VariantError`,
  :class:`betza.FenError` or :class:`betza.IllegalMoveError` (all
  ``ValueError``, like pyffish's "Invalid move") with the library's message;
  pyffish skips a bad move in some calls.
- :func:`load_variant_config` takes one variant definition in this library's
  TOML format (docs/definitions.md), not Fairy-Stockfish's INI file.
- :func:`validate_fen` returns ``FEN_OK`` (1) or ``-1``; the reason is the
  :class:`betza.FenError` message of ``betza.Board(variant, fen)``.
- The game-end rules are the library's (``Game::status()``, RULES.md), placed
  where pyffish reports them. Values are from the side to move's view:
  ``-VALUE_MATE`` lost, ``VALUE_MATE`` won, ``VALUE_DRAW`` drawn (pyffish's
  ``convert_mate_value`` adds the distance in plies; these values do not).

  * :func:`is_immediate_game_end`: the rules of the position alone other than
    checkmate and stalemate: a bare King (Shatranj, Courier; Fairy-Stockfish's
    extinction rule), a dead position (insufficient material) and the capture
    of the last royal piece (Chu Shogi, lost by the side left without one). pyffish has
    no dead-position end in the engine (pychess-variants asks
    ``has_insufficient_material`` separately); here it ends the game, as the
    library's rules say.
  * :func:`is_optional_game_end`: the rules of the game's history, with their
    value: the n-fold repetition that ends the game (Xiangqi's), perpetual
    check lost by the checker, an n-move rule that ends the game, Makruk's
    counting; and, as ``(True, VALUE_DRAW)``, the draws that can only be
    claimed (chess's threefold repetition and fifty moves). pyffish reports
    both kinds here too and does not tell them apart; neither does this call
    (``betza.Board.outcome`` does). ``count_started`` is ignored: the
    library counts Makruk's count from the game's moves.
  * :func:`game_result`: the value of any end by the rules (checkmate and
    stalemate as in pyffish, and the ends above); ``ValueError`` when the
    game is not over by the rules (pyffish asserts that the side to move has
    no legal move).
- ``chess960=True`` raises ``ValueError``; ``notation`` accepts only
  ``NOTATION_DEFAULT`` and ``NOTATION_SAN`` (both give SAN); ``show_promoted``
  is ignored; ``sfen=True`` writes the library's SFEN (``b`` moves first,
  hands as ``2Pb``, a move count; any variant).
"""

from __future__ import annotations

import warnings
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
    """Reads variant definitions and makes each known by its name to every
    call here, to ``betza.Board(name)`` and ``betza.Variant(name)``; a
    definition of the same name replaces the earlier one. The text is this
    library's TOML (one variant, all or nothing: :class:`betza.VariantError`
    names the line and key) or Fairy-Stockfish's ``variants.ini`` format, as
    pyffish reads it: every section the library can express is loaded, and
    each one it refuses is named in a :class:`UserWarning` with the section,
    line and key (a text that cannot be read at all raises)."""
    for name, why in _betza._sl_load_variant_config(config):
        warnings.warn(f"variant {name!r} not loaded: {why}", stacklevel=2)


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
    """The FEN after ``moves`` from ``fen`` (SFEN with ``sfen=True``)."""
    return _betza._sl_get_fen(variant, fen, moves, chess960, sfen, show_promoted, count_started)


def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """``FEN_OK`` (1) if ``fen`` is a valid position of ``variant``, else ``-1``.
    Note pyffish's order: the FEN comes first."""
    return _betza._sl_validate_fen(fen, variant, chess960)


def game_result(variant: str, fen: str, moves: List[str], chess960: bool = False) -> int:
    """The result of a game the rules have ended, for the side to move:
    ``-VALUE_MATE`` (checkmated, stalemated where stalemate loses, bare King,
    perpetual check given), ``VALUE_DRAW``, or ``VALUE_MATE``. ``ValueError``
    while the game goes on."""
    return _betza._sl_game_result(variant, fen, moves, chess960)


def is_immediate_game_end(variant: str, fen: str, moves: List[str], chess960: bool = False) -> Tuple[bool, int]:
    """``(ended, value)`` for an end by a rule of the position other than
    checkmate and stalemate (a bare King, a dead position, the last royal
    piece captured), the value for the side to move; ``(False, 0)`` otherwise."""
    return _betza._sl_is_immediate_game_end(variant, fen, moves, chess960)


def is_optional_game_end(
    variant: str, fen: str, moves: List[str], chess960: bool = False, count_started: int = 0
) -> Tuple[bool, int]:
    """``(ended, value)`` for an end by a rule of the game's history after
    ``moves`` (repetition, perpetual check, the n-move rule, counting), the
    value for the side to move; ``(True, VALUE_DRAW)`` when a draw can be
    claimed (threefold repetition over ``moves``, fifty moves); else
    ``(False, 0)``."""
    return _betza._sl_is_optional_game_end(variant, fen, moves, chess960, count_started)


def gives_check(variant: str, fen: str, moves: List[str], chess960: bool = False) -> bool:
    """Whether the side to move is in check after ``moves`` (pyffish's meaning:
    the last move gave check)."""
    return _betza._sl_gives_check(variant, fen, moves, chess960)


def is_capture(variant: str, fen: str, moves: List[str], move: str, chess960: bool = False) -> bool:
    """Whether ``move`` (move text) captures, after ``moves`` from ``fen``."""
    return _betza._sl_is_capture(variant, fen, moves, move, chess960)
