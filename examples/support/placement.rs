//! Writes the placement field of a FEN for an edited board, so the examples
//! can ask the library about a position with a piece moved or removed.

use betza::{Piece, Position, Square};

/// The placement field of `pos` with each square's piece passed through `edit`.
pub fn placement(
    pos: &Position<'_>,
    edit: impl Fn(Square, Option<Piece>) -> Option<Piece>,
) -> String {
    let size = pos.size();
    let mut rows = Vec::new();
    for rank in (0..size.ranks() as i32).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on the board");
            match edit(sq, pos.piece_at(sq)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(&pos.variant().piece(p.role).token.fen(p.color));
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}
