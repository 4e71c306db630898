//! Fog of war: the position as the side to move sees it (pyffish's
//! `get_fog_fen`, Fairy-Stockfish's `fog_area`).

use crate::bitboard::{Bitboard, Board, SquareSet};
use crate::position::Position;

impl<'v, B: Board> Position<'v, B> {
    /// The squares the side to move sees in fog of war, as Fairy-Stockfish
    /// judges them: those of its own pieces and every square a legal move
    /// ends on (a drop's, an en-passant capture's empty square included).
    /// Castling shows nothing more: Fairy-Stockfish writes it as the King
    /// taking its own partner. A position whose game has ended (no legal
    /// moves) shows only the own pieces.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// // Its own 16 pieces and the 16 squares of ranks 3 and 4.
    /// assert_eq!(pos.visible_squares().count(), 32);
    /// ```
    pub fn visible_squares(&self) -> Bitboard<B::Word> {
        let mut seen = self.occupied_by(self.side);
        self.for_each_legal_move(|m| {
            if !m.is_castle() {
                seen = seen.with(m.to);
            }
        });
        seen
    }

    /// The position in FEN as the side to move sees it in fog of war
    /// (pyffish's `get_fog_fen`): every square it does not see
    /// ([`visible_squares`](Self::visible_squares)) is written as a wall,
    /// `*`, whether empty or not; the hands, side to move, castling rights,
    /// en-passant square and clocks as [`to_fen`](Self::to_fen) writes them.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// assert_eq!(
    ///     pos.to_fog_fen(),
    ///     "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// ```
    pub fn to_fog_fen(&self) -> String {
        self.to_fog_fen_with(crate::CastlingNotation::XFen)
    }

    /// [`to_fog_fen`](Self::to_fog_fen) with the castling field in
    /// `notation` (pyffish's Chess960 FEN: Shredder-FEN).
    pub fn to_fog_fen_with(&self, notation: crate::CastlingNotation) -> String {
        let seen = self.visible_squares();
        crate::fen::write_hiding(self, notation, false, &|sq| !seen.contains(sq))
    }
}
