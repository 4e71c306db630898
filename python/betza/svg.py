"""SVG pictures of boards of any size, for notebooks and web pages.

Pieces are drawn as their FEN tokens on discs (White: light disc, dark
letters; Black: dark disc, light letters), so every variant's pieces, one of
a definition file too, have a picture. ``Board._repr_svg_`` calls
:func:`board`, so Jupyter shows a board as this picture.
"""

from __future__ import annotations

from typing import Iterable, Optional, Tuple
from xml.sax.saxutils import escape

from ._betza import Board, Move

__all__ = ["board"]

LIGHT = "#f0d9b5"
DARK = "#b58863"
LASTMOVE_LIGHT = "#cdd26a"
LASTMOVE_DARK = "#aaa23a"
MARK = "#15781b"
MARGIN = 20


def _square_xy(name: str, files: int, ranks: int, flipped: bool) -> Tuple[int, int]:
    file = ord(name[0]) - ord("a")
    rank = int(name[1:]) - 1
    col = files - 1 - file if flipped else file
    row = rank if flipped else ranks - 1 - rank
    return col, row


def board(
    board: Board,
    squares: Optional[Iterable[str]] = None,
    lastmove: Optional[Move] = None,
    size: Optional[int] = None,
    orientation: bool = True,
    coordinates: bool = True,
) -> str:
    """The board as an SVG document (a ``str``).

    ``squares`` are square names to mark (a green ring, as for legal targets),
    ``lastmove`` a move whose two squares are shaded, ``size`` the picture's
    width in pixels (45 per square by default), ``orientation`` the side at
    the bottom (``betza.WHITE`` or ``betza.BLACK``), ``coordinates`` whether
    file letters and rank numbers are drawn in the margin.
    """
    variant = board.variant
    squares = list(squares or ())
    for name in squares:
        board.piece_at(name)  # a ValueError for a name that is no square of the board
    files, ranks = variant.files, variant.ranks
    sq = 45
    margin = MARGIN if coordinates else 0
    width = files * sq + 2 * margin
    height = ranks * sq + 2 * margin
    flipped = not orientation
    out = []
    px = size if size is not None else width
    py = round(px * height / width)
    out.append(
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
        f'viewBox="0 0 {width} {height}" width="{px}" height="{py}">'
    )
    out.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="#212121"/>')
    shaded = set()
    if lastmove is not None:
        shaded = {lastmove.from_square, lastmove.to_square}
    for rank in range(ranks):
        for file in range(files):
            name = f"{chr(ord('a') + file)}{rank + 1}"
            col, row = _square_xy(name, files, ranks, flipped)
            light = (file + rank) % 2 == 1
            if name in shaded:
                fill = LASTMOVE_LIGHT if light else LASTMOVE_DARK
            else:
                fill = LIGHT if light else DARK
            out.append(
                f'<rect class="square {name}" x="{margin + col * sq}" y="{margin + row * sq}" '
                f'width="{sq}" height="{sq}" fill="{fill}"/>'
            )
    if coordinates:
        for file in range(files):
            col = files - 1 - file if flipped else file
            x = margin + col * sq + sq / 2
            letter = chr(ord("a") + file)
            for y in (margin / 2, height - margin / 2):
                out.append(
                    f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="12" fill="#e5e5e5" '
                    f'text-anchor="middle" dominant-baseline="central">{letter}</text>'
                )
        for rank in range(ranks):
            row = rank if flipped else ranks - 1 - rank
            y = margin + row * sq + sq / 2
            for x in (margin / 2, width - margin / 2):
                out.append(
                    f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="12" fill="#e5e5e5" '
                    f'text-anchor="middle" dominant-baseline="central">{rank + 1}</text>'
                )
    for name, piece in board.piece_map().items():
        col, row = _square_xy(name, files, ranks, flipped)
        cx = margin + col * sq + sq / 2
        cy = margin + row * sq + sq / 2
        white = piece.color
        disc, ink = ("#ffffff", "#000000") if white else ("#1a1a1a", "#ffffff")
        token = escape(piece.symbol())
        font = 22 if len(token) == 1 else 16
        out.append(
            f'<g class="piece {"white" if white else "black"} {escape(piece.name)}">'
            f"<title>{escape(piece.name)} ({token}) on {name}</title>"
            f'<circle cx="{cx}" cy="{cy}" r="{sq * 0.42:.1f}" fill="{disc}" stroke="{ink}" stroke-width="1.5"/>'
            f'<text x="{cx}" y="{cy}" font-family="sans-serif" font-weight="bold" font-size="{font}" '
            f'fill="{ink}" text-anchor="middle" dominant-baseline="central">{token}</text></g>'
        )
    for name in squares:
        col, row = _square_xy(name, files, ranks, flipped)
        cx = margin + col * sq + sq / 2
        cy = margin + row * sq + sq / 2
        out.append(
            f'<circle class="mark {escape(name)}" cx="{cx}" cy="{cy}" r="{sq * 0.46:.1f}" fill="none" '
            f'stroke="{MARK}" stroke-width="3" stroke-opacity="0.8"/>'
        )
    out.append("</svg>")
    return "\n".join(out)
