"""PGN: read games (:func:`read_game`, :func:`read_games`) and write them
(:meth:`Game.to_pgn`), in the Rust library's PGN format.

Comments, variations, NAGs and move annotations are skipped when reading; a
game is read in the variant its ``Variant`` tag names (chess without one; a
built-in of any board type, Chu Shogi's too, or a variant made known with
``betza.register_variant``), or in the ``variant`` given.

A UTF-8 byte-order mark before the first game is skipped. The bounds of the
Rust library's PGN reading hold (docs/reliability.md): at most 255 NAGs on a
move, 1 MiB of comment at one point, 16 MiB for one game; and from a file,
at most 256 Mi characters are read at once (:func:`read_games`) and 16 Mi for
one game (:func:`read_game` of a seekable file): a longer file or game raises
:class:`PgnError` without being read to its end.
"""

from __future__ import annotations

from typing import IO, Dict, Iterator, List, Mapping, Optional, Union

from ._betza import (
    _PGN_FILE_CHARS,
    _PGN_GAME_CHARS,
    Board,
    Move,
    PgnError,
    Variant,
    _pgn_headers,
    _pgn_reader,
    _pgn_write,
)

__all__ = ["Game", "read_game", "read_games", "PgnError"]

TextOrFile = Union[str, IO[str]]
VariantLike = Union[Variant, str, None]


class Game:
    """A game: its headers (a ``dict``) and its board with the moves played.

    ``headers`` holds the seven-tag roster, ``Result``, ``Variant`` and, for a
    game that does not start from the variant's start position, ``SetUp`` and
    ``FEN``, then the other tags; edit it freely. ``Variant``, ``SetUp`` and
    ``FEN`` are always written from the board itself, and ``Result`` from the
    rules when the game is over by them.
    """

    headers: Dict[str, str]

    def __init__(self, board: Optional[Board] = None, headers: Optional[Mapping[str, str]] = None) -> None:
        """A game of ``board`` (a copy, with its moves; chess's start when
        ``None``) and ``headers`` added to the ones the board implies."""
        self._board = board.copy() if board is not None else Board()
        self.headers = dict(_pgn_headers(self._board))
        if headers:
            self.headers.update(headers)

    @classmethod
    def from_board(cls, board: Board) -> "Game":
        """The game of ``board``: its start position and its move stack."""
        return cls(board)

    @classmethod
    def _read(cls, board: Board, headers: Dict[str, str]) -> "Game":
        game = cls.__new__(cls)
        game._board = board
        game.headers = headers
        return game

    @property
    def variant(self) -> Variant:
        """The game's variant."""
        return self._board.variant

    def board(self) -> Board:
        """A copy of the board after the last move, with the move stack."""
        return self._board.copy()

    def mainline_moves(self) -> List[Move]:
        """The moves of the game, in order."""
        return self._board.move_stack

    def end(self) -> Board:
        """The same as :meth:`board` (python-chess's name for the final node)."""
        return self.board()

    def to_pgn(self) -> str:
        """The game as PGN text (tags, a blank line, the moves in SAN, the result)."""
        return _pgn_write(self._board, self.headers)

    def __str__(self) -> str:
        return self.to_pgn()

    def __repr__(self) -> str:
        return "<Game {} {!r} vs {!r}, {} plies, {}>".format(
            self._board.variant.name,
            self.headers.get("White", "?"),
            self.headers.get("Black", "?"),
            self._board.ply(),
            self.headers.get("Result", "*"),
        )


def _read_file(handle: IO[str]) -> str:
    """The rest of a file, at most ``_PGN_FILE_CHARS`` characters (one more is
    read to tell a longer file, which raises :class:`PgnError`)."""
    text = handle.read(_PGN_FILE_CHARS + 1)
    if len(text) > _PGN_FILE_CHARS:
        raise PgnError(f"a PGN file of more than {_PGN_FILE_CHARS} characters: read it game by game")
    return text


def _one_game_text(handle: IO[str]) -> str:
    """The text of the next game of a seekable file, leaving the file at the
    start of the game after it; the rest of the file otherwise. At most
    ``_PGN_GAME_CHARS`` characters are read: a longer game raises
    :class:`PgnError`."""
    if not handle.seekable():
        return _read_file(handle)
    lines: List[str] = []
    seen_moves = False
    depth = 0  # inside a {comment} that spans lines
    size = 0
    while True:
        at = handle.tell()
        line = handle.readline(_PGN_GAME_CHARS + 1 - size)
        if not line:
            break
        size += len(line)
        if size > _PGN_GAME_CHARS:
            raise PgnError(f"a game of more than {_PGN_GAME_CHARS} characters")
        # A byte-order mark before the first tag is no move text.
        text = line.strip().lstrip("\ufeff")
        if depth == 0 and seen_moves and text.startswith("["):
            handle.seek(at)
            break
        if depth == 0 and text and not text.startswith(("[", "%", ";")):
            seen_moves = True
        depth = max(0, depth + line.count("{") - line.count("}"))
        lines.append(line)
    return "".join(lines)


def read_game(text_or_file: TextOrFile, variant: VariantLike = None) -> Optional[Game]:
    """Reads one game: the first of a text, or the next of a file.

    From a seekable file, repeated calls return the file's games one by one
    (the file is left at the start of the next game), and ``None`` at its end,
    as in python-chess. From a text, the text's first game, ``None`` if it
    holds none. Raises :class:`betza.PgnError` (with the library's message,
    naming the line) when the game is refused.
    """
    text = text_or_file if isinstance(text_or_file, str) else _one_game_text(text_or_file)
    for board, headers in _pgn_reader(text, variant):
        return Game._read(board, headers)
    return None


def read_games(text_or_file: TextOrFile, variant: VariantLike = None, on_error: str = "raise") -> Iterator[Game]:
    """The games of a PGN text or file, one by one.

    A refused game raises :class:`betza.PgnError` (``on_error="raise"``, the
    default) or is skipped (``on_error="skip"``); reading goes on with the
    next game either way, so after catching the error the iterator may be
    resumed with a new ``read_games`` over the rest. Line numbers in messages
    count from the start of the text.
    """
    if on_error not in ("raise", "skip"):
        raise ValueError("on_error must be 'raise' or 'skip'")
    text = text_or_file if isinstance(text_or_file, str) else _read_file(text_or_file)
    reader = _pgn_reader(text, variant)
    while True:
        try:
            item = next(reader)
        except StopIteration:
            return
        except PgnError:
            if on_error == "raise":
                raise
            continue
        yield Game._read(*item)
