"""Type stubs of the native module ``betza._betza`` (Rust, PyO3).

Every name here is re-exported by ``betza``; squares are names (``"e4"``,
``"j10"``, ``"l12"``) wherever one is given or returned. Every class and
function works for variants of every board size the library has: up to 128
squares and 20 piece types (the small board type), and beyond it (the large
one: Chu Shogi's 12x12 board with 39 types, definitions up to 16x16).
"""

from typing import Dict, Iterator, List, Optional, Tuple, Union
import os

WHITE: bool
"""White's side: ``True`` (as in python-chess)."""
BLACK: bool
"""Black's side: ``False``."""

class FenError(ValueError):
    """A FEN was refused; the message names the field at fault
    (``placement: 2 ranks, the board has 8``)."""

class IllegalMoveError(ValueError):
    """A move or move text was refused: not legal in the position, or not
    move text (``move "e2e5": the Pawn on e2 has no move to e5``)."""

class SanError(ValueError):
    """A SAN move was refused: unreadable, illegal or ambiguous."""

class VariantError(ValueError):
    """A variant definition was refused (the message names the line and the
    key), or no variant has the name asked for."""

class PgnError(ValueError):
    """A PGN text was refused; the message names the line."""

def variants() -> List[str]:
    """The built-in variants' names (``decimaka``, ``meiriqi``, ``chess``, ...,
    ``chushogi``): of every board type."""

def register_variant(variant: Variant) -> None:
    """Makes a run-time variant known by its name to ``Board(name)``,
    ``Variant(name)`` and ``betza.stateless`` (replacing one of the same name)."""

def perft_shard(
    variant: Union[Variant, str], fen: Optional[str], depth: int, k: int, n: int, threads: int = 1
) -> int:
    """Perft of part ``k`` of ``n`` (numbered from 1) of the tree ``depth``
    plies deep below ``fen`` (the variant's start when ``None``), as the
    library's ``--shard K/N``: the parts are disjoint and add up to the whole
    count. Counts with the GIL released; ``depth`` is at most 20, and Ctrl-C
    interrupts a long count (``KeyboardInterrupt``)."""

class PieceType:
    """One piece type of a variant."""

    @property
    def name(self) -> str:
        """The name for people (``Knight``)."""
    @property
    def token(self) -> str:
        """The FEN token, uppercase (``N``, ``+F``)."""
    @property
    def betza(self) -> str:
        """Its moves in Betza notation."""
    @property
    def royal(self) -> bool:
        """Whether it is the royal piece (the King)."""
    @property
    def promotions(self) -> List[str]:
        """The tokens of the types it may promote to."""
    def description(self) -> str:
        """Its moves in words, generated from the Betza string
        (``leaps (3,2) or (4,1)``)."""

class Variant:
    """A compiled variant: built in, or read from definition text at run time;
    of any board type."""

    def __init__(self, name: str) -> None:
        """The built-in (or registered) variant of this name, in any case
        (``chushogi`` too). Raises :class:`VariantError` listing the built-ins."""
    @staticmethod
    def from_definition(text: str) -> Variant:
        """Reads, checks and compiles a definition (TOML, the format of the
        built-ins' ``variants/*.toml``, docs/definitions.md), for the board
        type it needs (past 128 squares or 20 piece types, the large one).
        Raises :class:`VariantError` naming the line and key."""
    @staticmethod
    def from_fsf_ini(text: str) -> List[Variant]:
        """Every variant of a text in Fairy-Stockfish's configuration format
        (``variants.ini``), in file order; :class:`VariantError` names the
        section, line and key of what is refused."""
    @staticmethod
    def from_file(path: Union[str, os.PathLike[str]]) -> Variant:
        """:meth:`from_definition` of a file's text (``OSError`` if unreadable).
        At most 64 KiB (and a byte, to tell) is read: a larger file (or
        ``/dev/zero``) raises :class:`VariantError` at once."""
    @property
    def name(self) -> str:
        """The variant's name."""
    @property
    def files(self) -> int:
        """The board's number of files (columns)."""
    @property
    def ranks(self) -> int:
        """The board's number of ranks (rows)."""
    @property
    def is_large(self) -> bool:
        """Whether the variant is compiled for the large board type (more than
        128 squares or 20 piece types)."""
    @property
    def start_fen(self) -> str:
        """The start position in FEN."""
    @property
    def pieces(self) -> List[PieceType]:
        """The piece types, in the definition's order."""
    def definition(self) -> str:
        """The definition as TOML text (reads back to the same variant)."""
    def __eq__(self, other: object) -> bool:
        """The same compiled variant object."""
    def __hash__(self) -> int: ...

class Move:
    """A legal move of a position. Moves come from a board
    (``legal_moves``, ``parse_uci``, ``parse_san``, ``push_*``); equal when
    their squares, promotion, dropped type and ``via`` square are."""

    @property
    def from_square(self) -> str:
        """The square the piece leaves (for a drop, the drop square, as
        python-chess has it)."""
    @property
    def to_square(self) -> str:
        """The square it lands on (for castling, the King's)."""
    @property
    def promotion(self) -> Optional[str]:
        """The token of the type it becomes, ``None`` without promotion."""
    @property
    def drop(self) -> Optional[str]:
        """The token of the type dropped from the hand (``P`` for ``P@e5``),
        ``None`` for a move of a piece on the board (python-chess's
        ``Move.drop``)."""
    @property
    def is_drop(self) -> bool:
        """Whether it drops a piece from the hand."""
    @property
    def via(self) -> Optional[str]:
        """The square the move captures on before its destination (a locust
        capture, move text ``<from><via><to>``), ``None`` otherwise."""
    @property
    def via_captured(self) -> Optional[str]:
        """The token of the type captured on :attr:`via`, ``None`` if none."""
    @property
    def wall(self) -> Optional[str]:
        """The square the turn places a wall on after the move (duck chess's
        duck, Amazons' arrow; move text ``e2e4,e4d5``), ``None`` otherwise."""
    @property
    def is_capture(self) -> bool:
        """Whether it captures (on its destination or on the way)."""
    @property
    def is_castle(self) -> bool:
        """Whether the King castles."""
    @property
    def is_en_passant(self) -> bool:
        """Whether it captures en passant."""
    @property
    def is_forced_promotion(self) -> bool:
        """Whether it promotes because it must (no non-promoting move has
        these squares)."""
    def uci(self) -> str:
        """The library's move text: ``e3e5``, ``c6d8+`` (a promotion in
        Decimaka and Meiriqi), ``e7e8q``, ``P@e5`` (a drop), ``d4d5e6`` (a
        capture on ``d5`` on the way)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class LegalMoveList:
    """The legal moves of a position (each promotion choice separately): a
    sequence supporting ``len()``, ``in`` (a :class:`Move` or move text),
    iteration and indexing. A snapshot: it does not change with the board."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def count(self) -> int:
        """The number of legal moves (python-chess's ``legal_moves.count()``)."""
    def any(self) -> bool:
        """Whether there is a legal move (python-chess's ``legal_moves.any()``)."""
    def __getitem__(self, index: int) -> Move: ...
    def __contains__(self, item: object) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...

class Piece:
    """A piece: its type's token and name, and its side."""

    @property
    def token(self) -> str:
        """The type's token, uppercase (``N``)."""
    @property
    def color(self) -> bool:
        """``WHITE`` (``True``) or ``BLACK`` (``False``)."""
    @property
    def name(self) -> str:
        """The type's name (``Knight``)."""
    def symbol(self) -> str:
        """The FEN token: uppercase for White, lowercase for Black."""

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[bool]:
        """``WHITE``, ``BLACK``, or ``None`` for a draw."""
    @property
    def termination(self) -> str:
        """The rule that ended the game, in the library's words with ``_`` for
        spaces: ``"checkmate"``, ``"stalemate"``, ``"bare_king"``,
        ``"insufficient_material"``, ``"repetition"``, ``"perpetual_check"``,
        ``"move_rule"``, ``"counting"``, ``"royal_captured"`` (the side to move
        has no royal piece left: Chu Shogi); with ``claim_draw`` also
        ``"threefold_repetition"`` or ``"fifty_moves"`` (a claimable draw)."""
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""

class Board:
    """A game of any variant: the position, the moves played (the move
    stack) and undo. Usable from any thread."""

    def __init__(self, variant: Union[Variant, str, None] = "chess", fen: Optional[str] = None) -> None:
        """The variant (a :class:`Variant` or a name) from ``fen``, or from its
        start position. Raises :class:`VariantError` or :class:`FenError`."""
    @property
    def variant(self) -> Variant:
        """The board's variant."""
    @property
    def legal_moves(self) -> LegalMoveList:
        """The legal moves, each promotion choice separately."""
    @property
    def turn(self) -> bool:
        """The side to move: ``WHITE`` or ``BLACK``."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves played since the start position, in order."""
    @property
    def fullmove_number(self) -> int:
        """The move number (from 1, counted up after Black's move)."""
    @property
    def halfmove_clock(self) -> int:
        """Plies since the last capture or Pawn move."""
    def ply(self) -> int:
        """How many moves have been pushed."""
    def comment(self, ply: int) -> Optional[str]:
        """The comment at ``ply`` (0: before the first move; k: after the k-th
        move), as PGN keeps it, or ``None``; ``ValueError`` beyond the game."""
    def set_comment(self, ply: int, text: str) -> None:
        """Sets the comment at ``ply`` (an empty text removes it); written with
        the game's PGN. Popping the move before it removes it. At most 1 MiB
        (its white space made single spaces), as PGN reading allows;
        ``ValueError`` if longer."""
    def nags(self, ply: int) -> List[int]:
        """The numeric annotation glyphs of the ``ply``-th move (1 for the
        first): PGN's ``$n``, with ``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``
        read as 1 to 6."""
    def set_nags(self, ply: int, nags: List[int]) -> None:
        """Sets the NAGs of the ``ply``-th move (each 0 to 255, at most 255 of
        them, as PGN reading allows; ``ValueError`` otherwise)."""
    def push(self, move: Move) -> None:
        """Plays a legal move; :class:`IllegalMoveError` otherwise."""
    def push_uci(self, text: str) -> Move:
        """Plays a move given as the library's move text (``e3e5``, ``c6d8+``,
        ``P@e5``, ``d4d5e6``) and returns it; :class:`IllegalMoveError` with
        the reason otherwise."""
    def push_usi(self, text: str) -> Move:
        """Plays a move given in USI text and returns it
        (:class:`IllegalMoveError` otherwise)."""
    def push_san(self, san: str) -> Move:
        """Plays a move given in SAN (``Nf3``, ``Lxe5=+P``) and returns it;
        :class:`SanError` otherwise."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (``IndexError`` at the start)."""
    def peek(self) -> Move:
        """The last move played (``IndexError`` at the start)."""
    def san(self, move: Move) -> str:
        """The move in SAN (:class:`IllegalMoveError` if it is not legal here)."""
    def uci(self, move: Move) -> str:
        """The move as the library's move text."""
    def parse_san(self, san: str) -> Move:
        """The legal move a SAN text names (:class:`SanError` otherwise)."""
    def parse_uci(self, text: str) -> Move:
        """The legal move a move text names (:class:`IllegalMoveError` otherwise)."""
    def is_capture(self, move: Move) -> bool:
        """Whether the legal move captures (:class:`IllegalMoveError` if not legal)."""
    def gives_check(self, move: Move) -> bool:
        """Whether the legal move puts the opponent in check."""
    def is_legal(self, move: Move) -> bool:
        """Whether the move is legal in the position."""
    def fen(self) -> str:
        """The position in FEN."""
    def set_fen(self, fen: str) -> None:
        """Sets up the position ``fen`` (same variant) and clears the move stack."""
    def sfen(self) -> str:
        """The position in SFEN (shogi's notation: ``b`` moves first, hands as
        ``2Pb``, a move count); for any variant, most useful for the shogi
        family."""
    def set_sfen(self, sfen: str) -> None:
        """Sets up the position of an SFEN (same variant) and clears the move
        stack; :class:`FenError` naming the field at fault otherwise."""
    def usi(self, move: Move) -> str:
        """The move in USI text (``7g7f``, ``8h2b+``, ``P*5e``)."""
    def parse_usi(self, text: str) -> Move:
        """The legal move a USI text names (:class:`IllegalMoveError` otherwise)."""
    def hand(self, color: bool) -> Dict[str, int]:
        """The pieces ``color`` holds in hand, by token (``{"P": 2, "N": 1}``;
        types held only). Empty in variants without drops."""
    @property
    def pockets(self) -> Tuple[Dict[str, int], Dict[str, int]]:
        """Both hands, indexed by colour as python-chess's crazyhouse
        ``board.pockets[color]``: ``pockets[WHITE]`` is :meth:`hand` of
        White (a dict token -> count, a copy)."""
    def reset(self) -> None:
        """Back to the variant's start position, with an empty move stack."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated."""
    def is_stalemate(self) -> bool:
        """Whether the side to move has no legal move and is not in check
        (a draw or, in Meiriqi, a loss: see :meth:`outcome`)."""
    def is_insufficient_material(self) -> bool:
        """Whether neither side can win: only royal pieces are left, or
        material the variant lists as dead. The rules then end the game
        as a draw (``outcome().termination == "insufficient_material"``)."""
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the current position has occurred at least ``count`` times
        in this game, counting now (positions compared by placement, hands,
        side to move, rights and usable en-passant square)."""
    def can_claim_draw(self) -> bool:
        """Whether a draw could be claimed now by the variant's claimable
        rules (threefold repetition, fifty moves); never once the game is
        over by the rules."""
    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        """Whether the rules end the game (the library's ``Game::status()``:
        checkmate, stalemate, bare King, insufficient material, the capture
        of the last royal piece, and the repetition, move-count and counting
        rules the variant turns on) or, with ``claim_draw``, a draw could be
        claimed."""
    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
        """The end by the variant's rules (the library's ``Game::status()``),
        ``None`` while the game goes on; ``termination`` names the rule. With
        ``claim_draw``, a claimable draw (threefold repetition, fifty moves)
        counts as an end."""
    def result(self, *, claim_draw: bool = False) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"`` (not over)."""
    def can_claim_threefold_repetition(self) -> bool:
        """Whether the position has occurred three times."""
    def can_claim_fifty_moves(self) -> bool:
        """Whether fifty moves by each side passed without capture or Pawn move."""
    def piece_at(self, square: str) -> Optional[Piece]:
        """The piece on the square, ``None`` if it is empty (``ValueError`` if
        the name is not a square of the board)."""
    def piece_map(self) -> Dict[str, Piece]:
        """Every piece by its square's name."""
    def legal_targets(self, square: str) -> List[str]:
        """The squares the piece on ``square`` may legally move to (empty if
        it is empty or not the side to move's)."""
    def moves_between(self, from_square: str, to_square: str) -> List[Move]:
        """The legal moves from one square to another: none, one, or several
        (the promotion choices to offer)."""
    def copy(self, stack: bool = True) -> Board:
        """A copy, with the move stack unless ``stack`` is false."""
    def perft(self, depth: int, threads: int = 1) -> int:
        """The number of leaves of the legal-move tree ``depth`` plies deep
        (promotion choices count separately), on ``threads`` threads, with
        the GIL released. ``depth`` is at most 20 (``ValueError``); Ctrl-C
        interrupts a long count (``KeyboardInterrupt``)."""
    def __str__(self) -> str:
        """The board as text, highest rank first, ``.`` for empty squares."""
    def __eq__(self, other: object) -> bool:
        """Same variant and same position (placement, side, rights,
        en passant, clocks); the move stacks are not compared."""
    def __hash__(self) -> int:
        """The position's Zobrist hash (changes as moves are pushed)."""
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: object) -> Board: ...
    def _repr_svg_(self) -> str:
        """The board as SVG (``betza.svg.board``), for Jupyter."""

class PgnReader:
    """Reads a PGN text's games one by one (internal to ``betza.pgn``)."""

    def __iter__(self) -> PgnReader: ...
    def __next__(self) -> Tuple[Board, Dict[str, str]]: ...

VALUE_MATE: int
VALUE_DRAW: int
FEN_INVALID_COUNTING_RULE: int
FEN_INVALID_CHECK_COUNT: int
FEN_INVALID_PROMOTED_PIECE: int
FEN_INVALID_NB_PARTS: int
FEN_INVALID_CHAR: int
FEN_TOUCHING_KINGS: int
FEN_INVALID_BOARD_GEOMETRY: int
FEN_INVALID_POCKET_INFO: int
FEN_INVALID_SIDE_TO_MOVE: int
FEN_INVALID_CASTLING_INFO: int
FEN_INVALID_EN_PASSANT_SQ: int
FEN_INVALID_NUMBER_OF_KINGS: int
FEN_INVALID_HALF_MOVE_COUNTER: int
FEN_INVALID_MOVE_COUNTER: int
FEN_EMPTY: int
FEN_OK: int
NOTATION_DEFAULT: int
NOTATION_SAN: int
NOTATION_LAN: int
NOTATION_SHOGI_HOSKING: int
NOTATION_SHOGI_HODGES: int
NOTATION_SHOGI_HODGES_NUMBER: int
NOTATION_JANGGI: int
NOTATION_XIANGQI_WXF: int
NOTATION_THAI_SAN: int
NOTATION_THAI_LAN: int

_PGN_FILE_CHARS: int
_PGN_GAME_CHARS: int

def _pgn_reader(text: str, variant: Union[Variant, str, None] = None) -> PgnReader: ...
def _pgn_write(board: Board, headers: Dict[str, str]) -> str: ...
def _pgn_headers(board: Board) -> Dict[str, str]: ...
def _sl_variants() -> List[str]: ...
def _sl_load_variant_config(config: str) -> List[Tuple[str, str]]: ...
def _sl_start_fen(variant: str) -> str: ...
def _sl_legal_moves(variant: str, fen: str, moves: List[str], chess960: bool = False) -> List[str]: ...
def _sl_get_san(variant: str, fen: str, move: str, chess960: bool = False, notation: int = 0) -> str: ...
def _sl_get_san_moves(
    variant: str, fen: str, moves: List[str], chess960: bool = False, notation: int = 0
) -> List[str]: ...
def _sl_get_fen(
    variant: str,
    fen: str,
    moves: List[str],
    chess960: bool = False,
    sfen: bool = False,
    show_promoted: bool = False,
    count_started: int = 0,
) -> str: ...
def _sl_validate_fen(fen: str, variant: str, chess960: bool = False) -> int: ...
def _sl_get_fog_fen(fen: str, variant: str, chess960: bool = False) -> str: ...
def _sl_game_result(variant: str, fen: str, moves: List[str], chess960: bool = False) -> int: ...
def _sl_is_immediate_game_end(
    variant: str, fen: str, moves: List[str], chess960: bool = False
) -> Tuple[bool, int]: ...
def _sl_is_optional_game_end(
    variant: str, fen: str, moves: List[str], chess960: bool = False, count_started: int = 0
) -> Tuple[bool, int]: ...
def _sl_gives_check(variant: str, fen: str, moves: List[str], chess960: bool = False) -> bool: ...
def _sl_is_capture(variant: str, fen: str, moves: List[str], move: str, chess960: bool = False) -> bool: ...
def _sl_has_insufficient_material(
    variant: str, fen: str, moves: List[str], chess960: bool = False
) -> Tuple[bool, bool]: ...
def _sl_piece_to_partner(variant: str, fen: str, moves: List[str], chess960: bool = False) -> str: ...
def _sl_two_boards(variant: str) -> bool: ...
def _sl_captures_to_hand(variant: str) -> bool: ...
def _sl_version() -> Tuple[int, int, int]: ...
