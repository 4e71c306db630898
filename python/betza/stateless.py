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
    extinction rule), a dead position (insufficient material), the capture
    of the last royal piece (Chu Shogi, lost by the side left without one),
    a region reached (Fairy-Stockfish's flag: racing kings, Dobutsu's Lion),
    the last check given, extinction and explosion, two passes, bikjang
    and a full board. pyffish has
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
    no legal move), unless a draw can be claimed (fifty moves, threefold
    repetition): then the value of that draw, claimed (pyffish's test of
    Armageddon's fifty moves: Black, with draw odds, wins it; also in
    :func:`is_optional_game_end`).
- ``chess960=True`` plays the variant's Chess960 form: castling from any
  start (the King and its partners anywhere on the first rank, X-FEN and
  Shredder-FEN letters read), castling written as the King taking its
  partner (``e1h1``) by :func:`legal_moves` and FENs written with
  Shredder-FEN letters (``HAha``), as pyffish does; a variant without
  castling is itself.
- ``notation``: ``NOTATION_SAN`` gives SAN as pyffish writes it, with each
  type's alias (Xiangqi's Horse ``H``, Elephant ``E``; the library's
  ``Notation.SanAlias``); ``NOTATION_DEFAULT`` is the variant's, as
  Fairy-Stockfish chooses it: Hodges' notation with numbers (``P-76``) in
  the shogi family (a variant with shogi-style promoted types, ``+X``
  tokens, no chess Pawn and no Lion: Shogi, Minishogi, Kyoto shogi,
  Dobutsu, Sho shogi...), SAN elsewhere (Chu Shogi too, whose Lion moves
  Hodges' notation does not write); the library's own default (``Board``,
  Rust, C) stays SAN. ``NOTATION_LAN`` long algebraic, with aliases;
  ``NOTATION_XIANGQI_WXF`` WXF as pyffish writes it (a sideways move
  written ``=``, where the library writes ``.``; tandem Pawns by their
  place on the file and the file, ``15=6``), the three western shogi notations
  (Hosking, Hodges, Hodges with numbers; for any variant), ``NOTATION_JANGGI``
  (``H02-83``) and the Thai notations ``NOTATION_THAI_SAN`` (``จ๔``) and
  ``NOTATION_THAI_LAN`` (``บ จ๓-จ๔``).
- A FEN cut short is read as pyffish reads it: the placement alone, without
  the counters or without the castling and en-passant fields
  (``betza::fen::complete_fen``); anything else is read by the library's
  rules (pyffish also drops castling rights it cannot place; here such a FEN
  is refused).
- :func:`validate_fen` returns pyffish's ``FEN_*`` codes (``FEN_OK``,
  ``FEN_EMPTY``, a negative code naming the field at fault:
  ``betza::fen::fen_code``).
- ``show_promoted=True`` marks promoted pieces ``~`` (Makruk's promoted
  Met: ``M~``); Makruk's counting fields are written while a count runs
  (``b - 88 8 1``: the limit and the plies counted, in plies) and read back;
  ``count_started`` moves the board's honour count as pyffish does (negative:
  not started; a ply: counted from it); ``sfen=True`` writes the library's SFEN
  (``b`` moves first, hands as ``2Pb``, a move count; any variant).
- :func:`info` names betza, not Fairy-Stockfish; :func:`version` is this
  package's version; :func:`set_option` takes Fairy-Stockfish's option
  names, of which only ``VariantPath`` (a file for
  :func:`load_variant_config`) and ``UCI_Variant`` (checked) mean anything
  without an engine.
"""

from __future__ import annotations

import warnings
from typing import Any, List, Tuple

from . import _betza

__all__ = [
    "FEN_EMPTY",
    "FEN_INVALID_BOARD_GEOMETRY",
    "FEN_INVALID_CASTLING_INFO",
    "FEN_INVALID_CHAR",
    "FEN_INVALID_CHECK_COUNT",
    "FEN_INVALID_COUNTING_RULE",
    "FEN_INVALID_EN_PASSANT_SQ",
    "FEN_INVALID_HALF_MOVE_COUNTER",
    "FEN_INVALID_MOVE_COUNTER",
    "FEN_INVALID_NB_PARTS",
    "FEN_INVALID_NUMBER_OF_KINGS",
    "FEN_INVALID_POCKET_INFO",
    "FEN_INVALID_PROMOTED_PIECE",
    "FEN_INVALID_SIDE_TO_MOVE",
    "FEN_OK",
    "FEN_TOUCHING_KINGS",
    "NOTATION_DEFAULT",
    "NOTATION_JANGGI",
    "NOTATION_LAN",
    "NOTATION_SAN",
    "NOTATION_SHOGI_HODGES",
    "NOTATION_SHOGI_HODGES_NUMBER",
    "NOTATION_SHOGI_HOSKING",
    "NOTATION_THAI_LAN",
    "NOTATION_THAI_SAN",
    "NOTATION_XIANGQI_WXF",
    "VALUE_DRAW",
    "VALUE_MATE",
    "captures_to_hand",
    "error",
    "game_result",
    "get_fen",
    "get_fog_fen",
    "get_san",
    "get_san_moves",
    "gives_check",
    "has_insufficient_material",
    "info",
    "is_capture",
    "is_immediate_game_end",
    "is_optional_game_end",
    "legal_moves",
    "load_variant_config",
    "piece_to_partner",
    "set_option",
    "start_fen",
    "two_boards",
    "validate_fen",
    "variants",
    "version",
]

VALUE_MATE: int = _betza.VALUE_MATE
"""The value of a won game (pyffish's ``VALUE_MATE``, 32000)."""
VALUE_DRAW: int = _betza.VALUE_DRAW
"""The value of a drawn game (0)."""

# pyffish's FEN_* codes, from the library (betza::fen::FenCode).
FEN_OK: int = _betza.FEN_OK
"""What :func:`validate_fen` returns for a valid FEN (1)."""
FEN_EMPTY: int = _betza.FEN_EMPTY
"""An empty FEN (0)."""
FEN_INVALID_MOVE_COUNTER: int = _betza.FEN_INVALID_MOVE_COUNTER
FEN_INVALID_HALF_MOVE_COUNTER: int = _betza.FEN_INVALID_HALF_MOVE_COUNTER
FEN_INVALID_NUMBER_OF_KINGS: int = _betza.FEN_INVALID_NUMBER_OF_KINGS
FEN_INVALID_EN_PASSANT_SQ: int = _betza.FEN_INVALID_EN_PASSANT_SQ
FEN_INVALID_CASTLING_INFO: int = _betza.FEN_INVALID_CASTLING_INFO
FEN_INVALID_SIDE_TO_MOVE: int = _betza.FEN_INVALID_SIDE_TO_MOVE
FEN_INVALID_POCKET_INFO: int = _betza.FEN_INVALID_POCKET_INFO
FEN_INVALID_BOARD_GEOMETRY: int = _betza.FEN_INVALID_BOARD_GEOMETRY
FEN_TOUCHING_KINGS: int = _betza.FEN_TOUCHING_KINGS
FEN_INVALID_CHAR: int = _betza.FEN_INVALID_CHAR
FEN_INVALID_NB_PARTS: int = _betza.FEN_INVALID_NB_PARTS
FEN_INVALID_PROMOTED_PIECE: int = _betza.FEN_INVALID_PROMOTED_PIECE
FEN_INVALID_CHECK_COUNT: int = _betza.FEN_INVALID_CHECK_COUNT
FEN_INVALID_COUNTING_RULE: int = _betza.FEN_INVALID_COUNTING_RULE

# pyffish's NOTATION_* values.
NOTATION_DEFAULT: int = _betza.NOTATION_DEFAULT
"""pyffish's default notation: Hodges' numbers in the shogi family, SAN elsewhere."""
NOTATION_SAN: int = _betza.NOTATION_SAN
"""SAN."""
NOTATION_LAN: int = _betza.NOTATION_LAN
"""Long algebraic notation (``Ng1-f3``, ``e7xd8=Q+``)."""
NOTATION_SHOGI_HOSKING: int = _betza.NOTATION_SHOGI_HOSKING
"""Western shogi notation as Hosking writes it (``P76``, ``G49-58``)."""
NOTATION_SHOGI_HODGES: int = _betza.NOTATION_SHOGI_HODGES
"""Western shogi notation as Hodges writes it (``P-7f``, ``B*3c``)."""
NOTATION_SHOGI_HODGES_NUMBER: int = _betza.NOTATION_SHOGI_HODGES_NUMBER
"""Hodges' notation with numbered ranks (``P-76``, ``B*33``)."""
NOTATION_JANGGI: int = _betza.NOTATION_JANGGI
"""Janggi's notation as pyffish writes it (``H02-83``)."""
NOTATION_XIANGQI_WXF: int = _betza.NOTATION_XIANGQI_WXF
"""Xiangqi's WXF notation (``H2+3``)."""
NOTATION_THAI_SAN: int = _betza.NOTATION_THAI_SAN
"""Thai SAN as pyffish writes it for Makruk (``จ๔``, ``ฉxจ๕``)."""
NOTATION_THAI_LAN: int = _betza.NOTATION_THAI_LAN
"""Thai long notation (``บ จ๓-จ๔``)."""

error = ValueError
"""pyffish's ``error``: every error here is a ``ValueError`` (the library's
:class:`betza.FenError`, :class:`betza.IllegalMoveError`...)."""

# Fairy-Stockfish's UCI options, which pyffish's set_option sets: an engine's
# search settings, with no meaning for a rules library, but for two.
_ENGINE_OPTIONS = frozenset(
    [
        "Debug Log File", "Threads", "Hash", "Clear Hash", "Ponder", "MultiPV",
        "Skill Level", "Move Overhead", "Slow Mover", "nodestime", "UCI_Chess960",
        "UCI_AnalyseMode", "UCI_LimitStrength", "UCI_Elo", "UCI_ShowWDL",
        "SyzygyPath", "SyzygyProbeDepth", "Syzygy50MoveRule", "SyzygyProbeLimit",
        "Use NNUE", "EvalFile", "TsumeMode", "Protocol", "usemillisec",
        "UCI_Variant", "VariantPath",
    ]
)


def version() -> Tuple[int, int, int]:
    """This package's version, as pyffish's ``version()``: three numbers."""
    return _betza._sl_version()


def info() -> str:
    """What answers: betza and its version (pyffish names Fairy-Stockfish)."""
    major, minor, patch = version()
    return f"betza {major}.{minor}.{patch}: the betza rules library with pyffish's stateless calls"


def set_option(name: str, value: Any) -> None:
    """pyffish's ``set_option`` for Fairy-Stockfish's option names:
    ``VariantPath`` loads the variants of that file (as
    :func:`load_variant_config`), ``UCI_Variant`` checks that the variant
    is known (:class:`betza.VariantError`); the engine's other options
    have no meaning here and are accepted. Any other name raises
    ``ValueError``, as in pyffish."""
    if name not in _ENGINE_OPTIONS:
        raise ValueError(f"No such option {name!r}")
    if name == "VariantPath" and str(value) not in ("", "<empty>"):
        with open(str(value), encoding="utf-8") as f:
            load_variant_config(f.read())
    elif name == "UCI_Variant":
        start_fen(str(value))


def two_boards(variant: str) -> bool:
    """Whether the variant is played on two boards (bughouse, Koedem, supply
    chess: one board of which this library plays, captures going to the
    partner's)."""
    return _betza._sl_two_boards(variant)


def captures_to_hand(variant: str) -> bool:
    """Whether captured pieces go to the capturer's hand (crazyhouse, shogi)."""
    return _betza._sl_captures_to_hand(variant)


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


def get_fog_fen(fen: str, variant: str, chess960: bool = False) -> str:
    """The FEN as the side to move sees it in fog of war (pyffish's
    ``get_fog_fen``): squares it neither occupies nor reaches with a legal
    move are written ``*``. Note pyffish's order: the FEN comes first."""
    return _betza._sl_get_fog_fen(fen, variant, chess960)


def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """``FEN_OK`` (1) if ``fen`` is a valid position of ``variant``,
    ``FEN_EMPTY`` (0) for no text, else the negative ``FEN_*`` code of the
    field at fault. Note pyffish's order: the FEN comes first."""
    return _betza._sl_validate_fen(fen, variant, chess960)


def game_result(variant: str, fen: str, moves: List[str], chess960: bool = False) -> int:
    """The result of a game the rules have ended, for the side to move:
    ``-VALUE_MATE`` (checkmated, stalemated where stalemate loses, bare King,
    perpetual check given), ``VALUE_DRAW``, or ``VALUE_MATE``; where a draw
    can be claimed (fifty moves, threefold repetition), the value of that
    draw (Armageddon: Black's win). ``ValueError`` while the game goes on
    otherwise."""
    return _betza._sl_game_result(variant, fen, moves, chess960)


def is_immediate_game_end(variant: str, fen: str, moves: List[str], chess960: bool = False) -> Tuple[bool, int]:
    """``(ended, value)`` for an end by a rule of the position other than
    checkmate and stalemate (a bare King, a dead position, the last royal
    piece captured, a region reached, the last check, extinction, two
    passes, a full board), the value for the side to move; ``(False, 0)``
    otherwise."""
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


def has_insufficient_material(
    variant: str, fen: str, moves: List[str], chess960: bool = False
) -> Tuple[bool, bool]:
    """``(white, black)``: whether each side can no longer win by any series
    of legal moves after ``moves`` (FIDE's rule for a game lost on time:
    a dead position, or nothing but the royal piece left where that cannot
    win; ``Position::has_insufficient_material``). Without ``moves``, a FEN
    whose side to move could take the enemy King (Xiangqi's Kings facing
    each other), which every other call refuses, is answered by its
    material, as pyffish answers it; :func:`validate_fen` still refuses
    it (``FEN_TOUCHING_KINGS``): no game reaches it."""
    return _betza._sl_has_insufficient_material(variant, fen, moves, chess960)


def piece_to_partner(variant: str, fen: str, moves: List[str], chess960: bool = False) -> str:
    """The piece the last of ``moves`` captured, as it would go to a bughouse
    partner: in the captured side's case (``"r"``: a black Rook), as it
    enters a hand (a promoted piece as the type it promoted from, in
    variants with hands); ``""`` when it captured nothing."""
    return _betza._sl_piece_to_partner(variant, fen, moves, chess960)
