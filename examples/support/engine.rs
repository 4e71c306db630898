//! The computer opponent shared by the `play` and `xboard` examples: a 2-ply
//! material search with seeded tie-breaking.
//!
//! Piece values come from the variant's data alone, never from its name: a
//! piece is worth more the more squares it can reach on an otherwise empty
//! board (averaged over every square it may stand on).

use betza::{Board, BoardVariant, Color, Move, Position, Role, Square};

/// A small, seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", 2014), so a game can be
/// replayed from its seed. Its output function is a bijection of the state, and
/// the state starts at the seed itself, so different seeds give different
/// sequences (a xorshift seeded with `seed ^ K | 1` gave seeds 2 and 3 the same).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next pseudo-random number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A seed from the clock, for interactive use.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The value of each piece type of a variant, in points.
#[derive(Clone, Debug)]
pub struct Values(Vec<i32>);

/// The score of a won position, far above any material balance.
pub const WIN: i32 = 1_000_000;

impl Values {
    /// Values derived from the variant's pieces: `20 + 20 x` the mean number
    /// of squares a piece of the type reaches from the squares it may stand on,
    /// on a board holding nothing else but the two Kings. The royal piece is
    /// worth nothing (it is never captured).
    pub fn new<B: Board>(variant: &BoardVariant<B>) -> Values {
        let size = variant.size();
        let start = variant.start();
        let kings = king_squares(variant, &start);
        let values = (0..variant.pieces().len())
            .map(|i| {
                let role = Role(i as u8);
                if role == variant.royal() {
                    return 0;
                }
                let (mut total, mut squares) = (0u32, 0u32);
                if let Some((wk, bk)) = kings {
                    for sq in 0..size.squares() {
                        let sq = Square(sq as u16);
                        if sq == wk || sq == bk {
                            continue;
                        }
                        let fen = fen_of(
                            variant,
                            &[(wk, "K"), (bk, "k"), (sq, &token(variant, role))],
                        );
                        if let Ok(pos) = variant.from_fen(&fen) {
                            total += pos.legal_targets(sq).into_iter().count() as u32;
                            squares += 1;
                        }
                    }
                }
                let mean = if squares == 0 {
                    1.0
                } else {
                    total as f64 / squares as f64
                };
                (20.0 + 20.0 * mean).round() as i32
            })
            .collect();
        Values(values)
    }

    /// The value of a piece type.
    pub fn of(&self, role: Role) -> i32 {
        self.0.get(role.index()).copied().unwrap_or(0)
    }

    /// What the move gains in material for the side making it.
    pub fn gain(&self, m: &Move) -> i32 {
        let mut gain = m.captured().map_or(0, |r| self.of(r));
        if let Some(p) = m.promotion() {
            gain += self.of(p) - self.of(m.role());
        }
        gain
    }

    /// The material balance from `side`'s point of view.
    pub fn balance<B: Board>(&self, pos: &Position<'_, B>, side: Color) -> i32 {
        let size = pos.size();
        let mut score = 0;
        for sq in 0..size.squares() {
            if let Some(p) = pos.piece_at(Square(sq as u16)) {
                let v = self.of(p.role);
                score += if p.color == side { v } else { -v };
            }
        }
        score
    }
}

/// White's token of a piece type, as FEN writes it.
fn token<B: Board>(variant: &BoardVariant<B>, role: Role) -> String {
    variant.piece(role).token.to_string()
}

/// Squares for the two Kings on an otherwise empty board: their start squares
/// if the rules allow that (Meiriqi's Kings would face each other), else the
/// first pair that a FEN reader accepts.
fn king_squares<B: Board>(
    variant: &BoardVariant<B>,
    start: &Position<'_, B>,
) -> Option<(Square, Square)> {
    let all = (0..variant.size().squares()).map(|s| Square(s as u16));
    let whites: Vec<Square> = start
        .king(Color::White)
        .into_iter()
        .chain(all.clone())
        .collect();
    let blacks: Vec<Square> = start.king(Color::Black).into_iter().chain(all).collect();
    for &w in &whites {
        for &b in &blacks {
            if w != b
                && variant
                    .from_fen(&fen_of(variant, &[(w, "K"), (b, "k")]))
                    .is_ok()
            {
                return Some((w, b));
            }
        }
    }
    None
}

/// A FEN, White to move, with the given pieces on an empty board. The King
/// tokens `K` and `k` stand for the variant's royal piece.
pub fn fen_of<B: Board>(variant: &BoardVariant<B>, pieces: &[(Square, &str)]) -> String {
    let size = variant.size();
    // With no royal type (antichess), `K` is the King's own token.
    let royal = variant
        .piece_type(variant.royal())
        .map_or("K".to_string(), |p| p.token.to_string());
    let mut rows = Vec::new();
    for rank in (0..size.ranks() as i32).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on the board");
            match pieces.iter().find(|(s, _)| *s == sq) {
                None => empty += 1,
                Some((_, t)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let t = match *t {
                        "K" => royal.clone(),
                        "k" => royal.to_lowercase(),
                        t => t.to_string(),
                    };
                    row.push_str(&t);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

/// Picks a move for the side to move by a 2-ply material search: each legal
/// move is scored by the opponent's best material reply (a move that ends the
/// game scores by its result), and a random one of the best is chosen.
/// `None` when there is no legal move.
pub fn choose_move<B: Board>(
    pos: &Position<'_, B>,
    values: &Values,
    rng: &mut Rng,
) -> Option<Move> {
    let us = pos.side_to_move();
    let balance = values.balance(pos, us);
    let moves = pos.legal_moves();
    let mut best: Vec<Move> = Vec::new();
    let mut best_score = i32::MIN;
    for m in &moves {
        let score = score_move(pos, m, us, balance, values);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(*m);
        }
    }
    if best.is_empty() {
        None
    } else {
        Some(best[rng.below(best.len())])
    }
}

/// The score for `us` of playing `m`: the material balance (now `balance`)
/// after the opponent's best reply; a position whose game is over scores by its
/// result, a draw as 0.
fn score_move<B: Board>(
    pos: &Position<'_, B>,
    m: &Move,
    us: Color,
    balance: i32,
    values: &Values,
) -> i32 {
    let gain = balance + values.gain(m);
    let next = pos.play_unchecked(m);
    let replies = next.legal_moves();
    if replies.is_empty() {
        return result_score(&next, us);
    }
    let mut worst = i32::MAX;
    for r in &replies {
        let after = next.play_unchecked(r);
        let score = match after.outcome() {
            Some(_) => result_score(&after, us),
            None => gain - values.gain(r),
        };
        worst = worst.min(score);
    }
    worst
}

/// The score for `us` of a position whose game is over.
fn result_score<B: Board>(pos: &Position<'_, B>, us: Color) -> i32 {
    match pos.outcome().and_then(|o| o.winner) {
        Some(w) if w == us => WIN,
        Some(_) => -WIN,
        None => 0,
    }
}
