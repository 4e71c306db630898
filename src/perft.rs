//! Perft: counting the leaves of the legal-move tree, the standard test of a
//! move generator.

use crate::moves::Move;
use crate::position::Position;

impl Position<'_> {
    /// The number of leaves of the legal-move tree `depth` plies deep
    /// (depth 0 is 1). Promotion choices are distinct moves.
    ///
    /// ```
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// assert_eq!(pos.perft(3), 8902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            // Bulk counting: the last ply's moves are counted, not played.
            1 => self.count_legal(),
            _ => {
                let mut total = 0;
                self.generate(true, &mut |m| {
                    total += self.play_unchecked(&m).perft(depth - 1)
                });
                total
            }
        }
    }

    /// Perft of `depth - 1` below each legal move, sorted by move text.
    /// With `depth == 0` the list is empty.
    pub fn divide(&self, depth: u32) -> Vec<(Move, String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut out: Vec<(Move, String, u64)> = self
            .legal_moves()
            .into_iter()
            .map(|m| {
                (
                    m,
                    self.move_text(&m),
                    self.play_unchecked(&m).perft(depth - 1),
                )
            })
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out
    }
}
