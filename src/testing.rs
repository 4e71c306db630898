//! [proptest](https://docs.rs/proptest) strategies for testing a move
//! generator, a FEN reader or a whole engine against this library, in any
//! variant. Behind the `proptest` feature:
//!
//! ```toml
//! [dev-dependencies]
//! betza = { version = "0.1", features = ["proptest"] }
//! proptest = "1"
//! ```
//!
//! Every strategy walks a seeded random game from the variant's start
//! position, so a failure shrinks towards a shorter game (and a smaller seed).
//! The walk prefers captures and promotions now and then, to reach the rarer
//! rules sooner.
//!
//! ```
//! use betza::{Position, Variant};
//! use proptest::prelude::*;
//!
//! // Stand-in for your engine: its number of legal moves in a FEN.
//! fn my_engine_move_count(fen: &str) -> usize {
//!     let v = Variant::by_name("meiriqi").unwrap();
//!     Position::from_fen(v, fen).unwrap().legal_moves().len()
//! }
//!
//! proptest! {
//!     // In your tests, put #[test] here.
//!     fn my_engine_agrees(pos in betza::testing::positions(Variant::by_name("meiriqi").unwrap(), 0..80)) {
//!         prop_assert_eq!(my_engine_move_count(&pos.to_fen()), pos.legal_moves().len());
//!     }
//! }
//! # my_engine_agrees();
//! ```
//!
//! [`positions`] and [`moves`] produce [`Position`]s, which borrow their
//! variant: they take a `&'static Variant` (a built-in from
//! [`Variant::by_name`]). [`games`] and [`fens`] take any variant, built in or
//! read at run time (anything that is `Into<VariantRef>`, such as an
//! `Arc<Variant>`): a [`Game`] owns its variant, and its start position and
//! moves are what a perftree-style engine is given (`FEN` and `MOVES`).
//!
//! ```
//! use std::sync::Arc;
//! use betza::{Variant, VariantRef};
//! use proptest::prelude::*;
//!
//! let text = betza::builtin::definition_text("chess").unwrap();
//! let mine: VariantRef = Arc::new(Variant::from_definition(text).unwrap()).into();
//! proptest!(|(game in betza::testing::games(mine.clone(), 0..60))| {
//!     let pos = game.position();
//!     prop_assert_eq!(pos.legal_moves().is_empty(), pos.is_checkmate() || pos.is_stalemate());
//! });
//! ```

use std::fmt;
use std::ops::Range;

use proptest::prelude::*;

use crate::{Color, Game, Move, Position, Variant, VariantRef};

/// A small, seeded generator (SplitMix64) for the random walks.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The game after up to `plies` random legal moves from the start (fewer if it
/// ends by the rules).
fn walk(variant: VariantRef, seed: u64, plies: usize) -> Game {
    let mut rng = Rng(seed);
    let mut game = Game::new(variant);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.status().is_over() {
            break;
        }
        let special: Vec<&Move> = moves
            .iter()
            .filter(|m| m.is_capture() || m.promotion().is_some() || m.is_castle())
            .collect();
        let m = if !special.is_empty() && rng.below(3) == 0 {
            *special[rng.below(special.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        game.play(&m).expect("a listed move is legal");
    }
    game
}

/// Games of `variant` of a number of plies drawn from `plies` (fewer when one
/// ends sooner), by seeded random legal play from the start position.
/// `plies` must not be empty (proptest refuses an empty range).
///
/// ```
/// use betza::Variant;
/// use proptest::prelude::*;
///
/// proptest! {
///     fn replaying_the_moves_gives_the_position(
///         game in betza::testing::games(Variant::by_name("decimaka").unwrap(), 0..40),
///     ) {
///         let mut pos = *game.start_position();
///         for m in game.moves() {
///             pos = pos.play(&m).unwrap();
///         }
///         prop_assert_eq!(&pos, game.position());
///     }
/// }
/// # replaying_the_moves_gives_the_position();
/// ```
pub fn games(variant: impl Into<VariantRef>, plies: Range<usize>) -> impl Strategy<Value = Game> {
    let variant = variant.into();
    (any::<u64>(), plies).prop_map(move |(seed, n)| walk(variant.clone(), seed, n))
}

/// Positions of `variant` reached by a number of random legal plies drawn
/// from `plies` (see the [module example](self)).
pub fn positions(
    variant: &'static Variant,
    plies: Range<usize>,
) -> impl Strategy<Value = Position<'static>> {
    games(variant, plies).prop_map(move |g| rebind(&g, variant))
}

/// The game's current position, borrowing the `'static` variant it was made with.
fn rebind(game: &Game, variant: &'static Variant) -> Position<'static> {
    game.position()
        .rebind(variant)
        .expect("the game was made with this variant")
}

/// A position reached as in [`positions`] that has a legal move, with one of
/// its legal moves. When the random game ends (no legal move), the position
/// before its last move is taken.
///
/// ```
/// use betza::Variant;
/// use proptest::prelude::*;
///
/// proptest! {
///     fn move_text_reads_back((pos, m) in betza::testing::moves(Variant::by_name("chess").unwrap(), 0..60)) {
///         prop_assert_eq!(pos.parse_move(&pos.move_text(&m)).unwrap(), m);
///     }
/// }
/// # move_text_reads_back();
/// ```
pub fn moves(
    variant: &'static Variant,
    plies: Range<usize>,
) -> impl Strategy<Value = (Position<'static>, Move)> {
    games(variant, plies)
        .prop_filter_map("the start position has no legal move", move |g| {
            // The last position of the game that has a move (one back at most).
            (0..=g.ply_count())
                .rev()
                .filter_map(|ply| g.position_at(ply)?.rebind(variant))
                .find(|p| !p.legal_moves().is_empty())
        })
        .prop_flat_map(|pos| {
            let list = pos.legal_moves().to_vec();
            (Just(pos), proptest::sample::select(list))
        })
}

/// The legal moves of `pos`, one drawn at a time; `None` when it has none
/// (checkmate, stalemate).
pub fn moves_of(pos: &Position<'_>) -> Option<impl Strategy<Value = Move> + use<>> {
    let list = pos.legal_moves().to_vec();
    (!list.is_empty()).then(|| proptest::sample::select(list))
}

/// A field of a FEN (see `docs/notation.md`), in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// Piece placement.
    Placement,
    /// Side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En-passant square.
    EnPassant,
    /// Half-move clock.
    HalfmoveClock,
    /// Full-move number.
    FullmoveNumber,
}

impl FenField {
    /// Every field, in FEN order.
    pub const ALL: [FenField; 6] = [
        FenField::Placement,
        FenField::Side,
        FenField::Castling,
        FenField::EnPassant,
        FenField::HalfmoveClock,
        FenField::FullmoveNumber,
    ];

    /// The field's position in a FEN, from 0.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "placement",
            FenField::Side => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "move number",
        })
    }
}

/// A FEN-like text: a valid FEN of a reached position, or one with a single
/// field corrupted so that `docs/notation.md` makes every reader refuse it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenCase {
    /// The text.
    pub fen: String,
    /// The corrupted field, or `None` when the text is a valid FEN.
    pub corrupted: Option<FenField>,
    /// The FEN of the position the text was made from (this library's
    /// writing, all six fields).
    pub original: String,
}

/// FEN-like texts of `variant`: the FEN of a position reached as in
/// [`positions`] (sometimes without its two counters, which readers accept),
/// or that FEN with one field corrupted. A corrupted field is one that no
/// position allows: a rank of the wrong width, a missing rank, an unknown or a
/// missing royal token, a bad empty-square count, a side other than `w`/`b`,
/// castling rights out of order or unknown, an en-passant square that is
/// off the board or on the first rank, a clock that is not a whole number, a
/// move number of 0.
///
/// ```
/// use betza::{Position, Variant};
/// use proptest::prelude::*;
///
/// proptest! {
///     fn my_reader_agrees(case in betza::testing::fens(Variant::by_name("meiriqi").unwrap(), 0..40)) {
///         let mine_accepts = Position::from_fen(Variant::by_name("meiriqi").unwrap(), &case.fen).is_ok();
///         prop_assert_eq!(mine_accepts, case.corrupted.is_none(), "{}", case.fen);
///     }
/// }
/// # my_reader_agrees();
/// ```
pub fn fens(variant: &'static Variant, plies: Range<usize>) -> impl Strategy<Value = FenCase> {
    let field = proptest::option::of(proptest::sample::select(FenField::ALL.to_vec()));
    (positions(variant, plies), field, any::<u32>())
        .prop_map(|(pos, field, k)| corrupt(&pos, field, k))
}

/// The FEN of `pos`, with `field` corrupted (the kind of corruption chosen by `k`).
fn corrupt(pos: &Position<'_>, field: Option<FenField>, k: u32) -> FenCase {
    let original = pos.to_fen();
    let mut fields: Vec<String> = original.split(' ').map(str::to_string).collect();
    let pick = |options: &[&str]| options[k as usize % options.len()].to_string();
    let size = pos.size();
    match field {
        None => {
            if k.is_multiple_of(4) {
                fields.truncate(4);
            }
        }
        Some(FenField::Placement) => fields[0] = corrupt_placement(pos, &fields[0], k),
        Some(FenField::Side) => fields[1] = pick(&["x", "W", "B", "-", "wb"]),
        Some(FenField::Castling) => {
            fields[2] = if pos.variant().has_castling() {
                pick(&["x", "KX", "qk", "kK", "KQkqK", "?"])
            } else {
                pick(&["K", "q", "x"])
            }
        }
        Some(FenField::EnPassant) => {
            // No double step skips a square of the first or last rank.
            let first = size.square_name(size.square(0, 0).expect("a1 is on every board"));
            let off = format!("{}1", (b'a' + size.files()) as char);
            fields[3] = pick(&[&first, &off, "?", "a0", "--"]);
        }
        // The counters are the last two fields: a variant's own field (a
        // check count) may come before them.
        Some(FenField::HalfmoveClock) => {
            let at = fields.len() - 2;
            fields[at] = pick(&["-1", "x", "1.5", "0x1", "99999999999"])
        }
        Some(FenField::FullmoveNumber) => {
            let at = fields.len() - 1;
            fields[at] = pick(&["0", "-1", "x", "2.5"])
        }
    }
    FenCase {
        fen: fields.join(" "),
        corrupted: field,
        original,
    }
}

/// A placement field corrupted in one of five ways, all refused by any reader.
fn corrupt_placement(pos: &Position<'_>, placement: &str, k: u32) -> String {
    let mut ranks: Vec<String> = placement.split('/').map(str::to_string).collect();
    let r = (k as usize / 8) % ranks.len();
    match k % 5 {
        // One square too many.
        0 => ranks[r].push('1'),
        // A rank missing (or, on a one-rank board, an empty rank).
        1 => {
            if ranks.len() > 1 {
                ranks.remove(r);
            } else {
                ranks[0].clear();
            }
        }
        // A count of zero, or with a leading zero.
        2 => ranks[r].insert(0, '0'),
        // A letter that is no piece type's token.
        3 => {
            let v = pos.variant();
            let used = |c: u8| v.pieces().iter().any(|p| p.token.letter() as u8 == c);
            let free = (b'A'..=b'Z')
                .find(|&c| !used(c))
                .expect("at most 20 piece types");
            // Replace the first token (with its '+', if any) of the board;
            // on an empty board (Reversi's start) put the letter before a rank.
            let text = ranks.join("/");
            let board = text.split('[').next().unwrap_or_default();
            let Some(at) = board.find(|c: char| c.is_ascii_alphabetic() || c == '+') else {
                ranks[r].insert(0, free as char);
                return ranks.join("/");
            };
            let len = crate::variant::PieceToken::read_prefix(&text.as_bytes()[at..])
                .map_or(1, |(_, _, n)| n);
            let mut out = text;
            out.replace_range(at..at + len, &(free as char).to_string());
            return out;
        }
        // A royal piece taken off the board: the side to move's, or the
        // other's where the side to move may lack one (it has none, or an
        // explosion may just have taken it); one square too many where
        // neither side has one.
        _ => {
            let rules = &pos.variant().rules;
            let us = pos.side_to_move();
            let needs = |c: Color| !rules.kingless[c.index()] && pos.king(c).is_some();
            if needs(us) && !rules.explosions {
                return placement_without_king(pos, us);
            }
            if needs(!us) {
                return placement_without_king(pos, !us);
            }
            ranks[r].push('1');
        }
    }
    ranks.join("/")
}

/// The placement of `pos` without `color`'s royal piece.
fn placement_without_king(pos: &Position<'_>, color: Color) -> String {
    let size = pos.size();
    let king = pos.king(color);
    let mut rows = Vec::new();
    for rank in (0..size.ranks() as i32).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on the board");
            match pos.piece_at(sq).filter(|_| Some(sq) != king) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of corruption of every field is refused, in every built-in,
    /// from positions with and without castling rights and en passant.
    #[test]
    fn every_corruption_is_refused_by_the_field_it_names() {
        for &name in Variant::builtin_names() {
            let v = Variant::by_name(name).expect("built in");
            let game = walk(v.into(), 7, 30);
            let mut samples = vec![Position::start(v), rebind(&game, v)];
            if name == "chess" {
                samples.push(
                    Position::from_fen(v, "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1").expect("valid"),
                );
            }
            for pos in samples {
                for field in FenField::ALL {
                    for k in 0..120 {
                        let case = corrupt(&pos, Some(field), k);
                        let err = Position::from_fen(v, &case.fen)
                            .expect_err(&format!("{name}: {} must be refused", case.fen));
                        assert!(
                            err.to_string().starts_with(&field.to_string()),
                            "{name}: {} refused for {err}, not its {field}",
                            case.fen
                        );
                    }
                }
                for k in 0..8 {
                    let case = corrupt(&pos, None, k);
                    assert!(Position::from_fen(v, &case.fen).is_ok(), "{}", case.fen);
                }
            }
        }
    }
}
