//! Unvalidated position data: [`Setup`], what a board editor fills in, and its
//! checked conversion into a [`Position`].
//!
//! A `Setup` has public fields and may hold anything: two Kings a side, a
//! Pawn off its rank, rights without their Rook. [`Position::from_setup`]
//! checks it against a variant's rules and either gives the position or a
//! [`SetupError`] listing every rule broken, each a [`SetupProblem`] with
//! typed data (squares as [`Square`]s), so an editor can mark every fault at
//! once. FEN reading fills a `Setup` and converts it the same way.

use crate::position::hands::HandCounts;
use std::fmt;

use bitflags::bitflags;

use crate::bitboard::{Bitboard, Board, Color, MAX_HUGE_SQUARES, OptSquare, Square, SquareSet};
use crate::fen::FenError;
use crate::position::{MARKED, Piece, Position, code_marked, code_role};
use crate::variant::{MAX_HAND_COUNT, MAX_ROLES, NO_SLOT, Role, Variant};

bitflags! {
    /// Castling rights: which side may still castle which way. "King side"
    /// is towards the highest file (the FEN letter `K`/`k`), "queen side"
    /// towards file a (`Q`/`q`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct CastlingRights: u8 {
        /// White towards the highest file (`K`).
        const WHITE_KING_SIDE = 1;
        /// White towards file a (`Q`).
        const WHITE_QUEEN_SIDE = 2;
        /// Black towards the highest file (`k`).
        const BLACK_KING_SIDE = 4;
        /// Black towards file a (`q`).
        const BLACK_QUEEN_SIDE = 8;
    }
}

impl CastlingRights {
    /// The right of `color` towards the highest file (`king_side`) or file a.
    pub const fn of(color: Color, king_side: bool) -> CastlingRights {
        CastlingRights::from_bits_truncate(1 << (2 * color.index() + if king_side { 0 } else { 1 }))
    }
}

/// A set of squares of any board up to 26x26: [`Setup::marked`].
pub type Marks = Bitboard<<crate::Huge as Board>::Word>;

/// A position's data, unchecked: placement, side to move, castling rights,
/// en-passant square and counters. Every field is public; make a
/// [`Position`] of it with [`Position::from_setup`] (or
/// [`Setup::position`]), and get one back with [`Position::setup`].
///
/// ```
/// use betza::{CastlingRights, Color, Piece, Position, Setup, SetupProblem, Variant};
/// let v = Variant::by_name("chess").unwrap();
/// let mut setup = Setup::empty();
/// let king = v.role_by_token("K").unwrap();
/// let sq = |s| v.size().parse_square(s).unwrap();
/// setup.set(sq("e1"), Some(Piece { role: king, color: Color::White }));
/// setup.castling = CastlingRights::WHITE_KING_SIDE;
/// // No Black King, and no Rook on h1 for the right: both are reported.
/// let err = Position::from_setup(v, &setup).unwrap_err();
/// assert_eq!(err.problems().len(), 2);
/// assert!(matches!(err.problems()[0], SetupProblem::RoyalCount { color: Color::Black, count: 0 }));
/// setup.castling = CastlingRights::empty();
/// setup.set(sq("e8"), Some(Piece { role: king, color: Color::Black }));
/// let pos = setup.position(v)?;
/// assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// assert_eq!(pos.setup(), setup);
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, by [`Square`] index; squares beyond the
    /// variant's board must stay empty.
    pub board: [Option<Piece>; MAX_HUGE_SQUARES],
    /// The side to move.
    pub side: Color,
    /// The castling rights.
    pub castling: CastlingRights,
    /// Per right, in the order of [`CastlingRights`]' bits (white towards
    /// the highest file, white towards file `a`, then black): the file of
    /// its partner, or `None` for the outermost partner on that side (X-FEN's
    /// `KQkq`). Only castling from any start has a choice.
    pub castling_files: [Option<u8>; 4],
    /// The square the last move's double step skipped, if any; in a
    /// variant with Lions, Lion-trading rule 4's square
    /// ([`Position::lion_square`]).
    pub ep_square: Option<Square>,
    /// The square of the pawn an en-passant capture on `ep_square` takes,
    /// when it is not the square straight beyond it: a diagonal double
    /// step's (Berolina; FEN writes both squares, `c5d6`). `None`: straight
    /// beyond.
    pub ep_victim: Option<Square>,
    /// Plies since the last capture or Pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// In a variant with drops: `hands[colour][role]` is how many pieces of
    /// that type the side holds in hand.
    pub hands: [[u8; MAX_ROLES]; 2],
    /// Squares whose piece was promoted from a pawn, in a variant that marks
    /// them (crazyhouse; FEN `Q~`): captured, it enters the hand as a pawn.
    /// A set of the [`Huge`](crate::Huge) board's width, as `board` is.
    pub marked: Marks,
    /// `[colour]`: checks given, in a variant that counts them
    /// (`[rules] check-limit`); ignored by others.
    pub checks: [u8; 2],
    /// Wall squares (FEN `*`), in a variant with walls (`[rules] wall`).
    pub walls: Marks,
    /// `[colour]`: in a variant with gating (`[rules] gating`), bit `f` set
    /// when the piece on file `f` of that side's first rank may still gate
    /// (FEN's castling field, `KQBCDFGkqbcdfg`). A right on a square not
    /// holding one of the side's pieces, or of a side whose hand is empty
    /// and cannot fill, means nothing and is dropped, as Fairy-Stockfish
    /// does; other variants ignore it.
    pub gates: [u32; 2],
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, White to move, no rights, no en passant, clocks at
    /// 0 and move 1.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; MAX_HUGE_SQUARES],
            side: Color::White,
            castling: CastlingRights::empty(),
            castling_files: [None; 4],
            ep_square: None,
            ep_victim: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hands: [[0; MAX_ROLES]; 2],
            marked: <crate::Huge as Board>::EMPTY,
            checks: [0; 2],
            walls: <crate::Huge as Board>::EMPTY,
            gates: [0; 2],
        }
    }

    /// Reads a FEN's syntax into a setup without checking the rules (a
    /// placement with no King is read): for board editors that load a
    /// position to repair it. [`Position::from_fen`] checks the rules too.
    ///
    /// ```
    /// use betza::{Position, Setup, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let setup = Setup::from_fen(v, "8/8/8/8/8/8/8/4K3 w - - 0 1")?;
    /// assert_eq!(setup.pieces().count(), 1);
    /// let err = Position::from_setup(v, &setup).unwrap_err();
    /// assert_eq!(err.to_string(), "black has 0 royal pieces (K), needs exactly one");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Setup, FenError> {
        crate::fen::read_setup(variant, fen, None)
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Puts `piece` on `sq` (or empties it); squares beyond 128 are ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self.board.get_mut(sq.index()) {
            *slot = piece;
        }
    }

    /// Every piece with its square, lowest square first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square(i as u16), p)))
    }

    /// The position of this setup in `variant`, if it keeps every rule;
    /// the same as [`Position::from_setup`].
    pub fn position<'v>(&self, variant: &'v Variant) -> Result<Position<'v>, SetupError> {
        Position::from_setup(variant, self)
    }
}

/// One rule a [`Setup`] breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupProblem {
    /// A piece stands on a square beyond the variant's board.
    OffBoard {
        /// The square.
        square: Square,
    },
    /// A piece's role is not a piece type of the variant.
    UnknownRole {
        /// Its square.
        square: Square,
        /// The role.
        role: Role,
    },
    /// A side has not exactly one royal piece.
    RoyalCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A confined piece stands outside its region.
    Confinement {
        /// Its side.
        color: Color,
        /// Its type.
        role: Role,
        /// Its square.
        square: Square,
    },
    /// Castling rights are given but the variant has no castling.
    NoCastling,
    /// A castling right without its King and Rook on their start squares.
    CastlingPieces {
        /// The side.
        color: Color,
        /// Whether the right is towards the highest file.
        king_side: bool,
        /// The King's start square.
        king: Square,
        /// The Rook's start square.
        rook: Square,
    },
    /// Castling from any start: a right without the King on its start
    /// rank and a partner on that side of it (on the file named, if one is).
    CastlingPartner {
        /// The side.
        color: Color,
        /// Whether the right is towards the highest file.
        king_side: bool,
        /// The partner's file the right names, if it names one.
        file: Option<u8>,
    },
    /// An en-passant square is given but the variant has no en passant.
    NoEnPassant,
    /// The en-passant square cannot have been skipped by a double step of
    /// the side that just moved (or is off the board).
    EnPassantSquare {
        /// The square.
        square: Square,
        /// The side that just moved.
        color: Color,
    },
    /// The move number is 0.
    FullmoveZero,
    /// The side to move could capture the enemy royal piece.
    OpponentInCheck,
    /// The royal pieces face each other on an open file, in a variant that
    /// forbids it, and the side to move could "capture" across.
    KingsFacing,
    /// A piece in hand, in a variant without drops or of a type that never
    /// enters a hand (the royal piece, a promoted type).
    HandRole {
        /// The side.
        color: Color,
        /// The type.
        role: Role,
    },
    /// More pieces of a type in hand than the variant has in all (or than a
    /// hand holds, [`MAX_HAND_COUNT`]).
    HandCount {
        /// The side.
        color: Color,
        /// The type.
        role: Role,
        /// How many.
        count: u8,
        /// The most allowed.
        max: u8,
    },
    /// More pieces that would enter a hand as one type (those of both
    /// hands and those on the board that a capture turns into it) than a
    /// hand holds, [`MAX_HAND_COUNT`]: a hand could overflow during play.
    HandTotal {
        /// The type.
        role: Role,
        /// How many (at most 255 said).
        count: u8,
        /// The most allowed.
        max: u8,
    },
    /// A piece marked as promoted from a pawn where the variant does not
    /// mark promotions, or that is not a type a pawn promotes to.
    Marked {
        /// Its square.
        square: Square,
    },
    /// A wall in a variant without walls (no `[rules] wall` or
    /// `petrify`), or beyond the board.
    WallsOff {
        /// The wall's square.
        square: Square,
    },
    /// A wall and a piece on one square.
    WallOnPiece {
        /// The square.
        square: Square,
    },
    /// More than one wall where walls move (`wall = "duck"`: one duck).
    WallCount {
        /// How many walls.
        count: u32,
    },
}

/// Why a [`Setup`] is not a valid position: every rule it breaks, in the
/// order placement, castling, en passant, counters, check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    problems: Vec<SetupProblem>,
    messages: Vec<String>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages.join("; "))
    }
}

impl std::error::Error for SetupError {}

impl SetupError {
    /// The rules broken, each once, in order.
    pub fn problems(&self) -> &[SetupProblem] {
        &self.problems
    }

    /// One message per problem, squares and pieces named.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// Whether `problem` is among the problems.
    pub fn contains(&self, problem: &SetupProblem) -> bool {
        self.problems.contains(problem)
    }
}

/// Which part of a setup a problem concerns: FEN reading reports the first
/// problem of each field as it reads that field.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Placement,
    Hands,
    Castling,
    EnPassant,
    Counters,
    Check,
}

impl SetupProblem {
    pub(crate) fn part(&self) -> Part {
        match self {
            SetupProblem::OffBoard { .. }
            | SetupProblem::UnknownRole { .. }
            | SetupProblem::RoyalCount { .. }
            | SetupProblem::Confinement { .. }
            | SetupProblem::WallsOff { .. }
            | SetupProblem::WallOnPiece { .. }
            | SetupProblem::WallCount { .. } => Part::Placement,
            SetupProblem::NoCastling
            | SetupProblem::CastlingPieces { .. }
            | SetupProblem::CastlingPartner { .. } => Part::Castling,
            SetupProblem::NoEnPassant | SetupProblem::EnPassantSquare { .. } => Part::EnPassant,
            SetupProblem::FullmoveZero => Part::Counters,
            SetupProblem::OpponentInCheck | SetupProblem::KingsFacing => Part::Check,
            SetupProblem::HandRole { .. }
            | SetupProblem::HandCount { .. }
            | SetupProblem::HandTotal { .. }
            | SetupProblem::Marked { .. } => Part::Hands,
        }
    }

    fn message(&self, v: &Variant) -> String {
        let size = v.size;
        let name = |s: Square| size.name(s);
        let type_name = |r: Role| v.piece_type(r).map_or("?", |t| t.name.as_str());
        match *self {
            SetupProblem::OffBoard { square } => {
                format!("a piece stands on square {}, beyond the board", square.0)
            }
            SetupProblem::UnknownRole { square, role } => format!(
                "the piece on {} has role {}, not a piece type of {}",
                name(square),
                role.0,
                v.name
            ),
            SetupProblem::RoyalCount { color, count } if v.rules.kingless[color.index()] => {
                format!(
                    "{color} has {count} royal pieces ({}), needs none: {color} plays without one in {}",
                    v.pieces
                        .get(v.royal.index())
                        .map_or(String::from("?"), |p| p.token.to_string()),
                    v.name
                )
            }
            SetupProblem::RoyalCount { color, count } => format!(
                "{color} has {count} royal pieces ({}), needs exactly one",
                v.pieces[v.royal.index()].token
            ),
            SetupProblem::Confinement {
                color,
                role,
                square,
            } => format!(
                "the {color} {} on {} is outside its confinement",
                type_name(role),
                name(square)
            ),
            SetupProblem::WallsOff { square } if size.contains(square) => format!(
                "a wall on {}, but {} has no walls",
                name(square),
                v.name
            ),
            SetupProblem::WallsOff { square } => {
                format!("a wall on square {}, beyond the board", square.0)
            }
            SetupProblem::WallOnPiece { square } => {
                format!("a wall and a piece on {}", name(square))
            }
            SetupProblem::WallCount { count } => format!(
                "{count} walls, but {} has one (its wall moves each turn)",
                v.name
            ),
            SetupProblem::NoCastling => "castling rights given, but this variant has no castling".into(),
            SetupProblem::CastlingPieces {
                color,
                king_side,
                king,
                rook,
            } => format!(
                "castling right '{}' needs the {color} King on {} and a Rook on {}",
                right_letter(color, king_side),
                name(king),
                name(rook)
            ),
            SetupProblem::CastlingPartner {
                color,
                king_side,
                file,
            } => castling_partner_message(v, color, king_side, file),
            SetupProblem::NoEnPassant => {
                "en-passant square given, but this variant has no en passant".into()
            }
            SetupProblem::EnPassantSquare { square, color } => format!(
                "en passant: {} cannot be the square skipped by a double step of {color}, who just moved",
                name(square)
            ),
            SetupProblem::FullmoveZero => "the move number must be at least 1".into(),
            SetupProblem::OpponentInCheck => {
                "the side to move could capture the enemy King".into()
            }
            SetupProblem::KingsFacing => {
                "the side to move could capture the enemy King (the Kings face each other on an open file)".into()
            }
            SetupProblem::HandRole { color, role } => match v.drops {
                None => "pieces in hand given, but this variant has no drops".into(),
                Some(_) => format!(
                    "{color} holds a {} in hand, a type that never enters a hand",
                    type_name(role)
                ),
            },
            SetupProblem::HandCount {
                color,
                role,
                count,
                max,
            } => format!(
                "{color} holds {count} of {} in hand: at most {max}",
                type_name(role)
            ),
            SetupProblem::HandTotal { role, count, max } => format!(
                "{count} pieces in the hands and on the board would enter a hand as {}: a hand holds at most {max}",
                type_name(role)
            ),
            SetupProblem::Marked { square } => format!(
                "the piece on {} is marked as promoted from a pawn ('~'), which this variant or piece type does not allow",
                name(square)
            ),
        }
    }
}

/// Why a right from any start has no partner (after `castling right `).
pub(crate) fn castling_partner_message(
    v: &Variant,
    color: Color,
    king_side: bool,
    file: Option<u8>,
) -> String {
    let partner = v
        .castling
        .as_ref()
        .and_then(|c| v.piece_type(c.rook))
        .map_or("partner", |t| t.name.as_str());
    let rank = v
        .castling
        .as_ref()
        .map_or(0, |c| v.size.rank(c.king_start[color.index()]) + 1);
    let side = if king_side { "highest file" } else { "file a" };
    match file {
        None => format!(
            "castling right '{}' names no {color} {partner}: it needs the {color} King on rank {rank} and a {partner} beside it towards the {side}",
            right_letter(color, king_side)
        ),
        Some(f) => {
            let letter = (b'a' + f) as char;
            format!(
                "castling right '{}' names no {color} {partner}: it needs a {color} {partner} on {letter}{rank} and the {color} King on rank {rank} on the other side of it from the {side}",
                if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            )
        }
    }
}

pub(crate) fn right_letter(color: Color, king_side: bool) -> char {
    match (color, king_side) {
        (Color::White, true) => 'K',
        (Color::White, false) => 'Q',
        (Color::Black, true) => 'k',
        (Color::Black, false) => 'q',
    }
}

/// Builds the position of `setup` (whatever it holds) and lists every rule
/// it breaks. Placement problems that make the board unusable (a piece off
/// the board, an unknown role) leave the piece off.
pub(crate) fn build<'v, B: Board>(
    v: &'v Variant,
    setup: &Setup,
) -> (Position<'v, B>, Vec<SetupProblem>) {
    let size = v.size;
    let mut problems = Vec::new();
    let mut pos = Position::<B>::empty(v);
    for (sq, piece) in setup.pieces() {
        if !size.contains(sq) {
            problems.push(SetupProblem::OffBoard { square: sq });
        } else if piece.role.index() >= v.pieces.len().min(B::MAX_ROLES) {
            problems.push(SetupProblem::UnknownRole {
                square: sq,
                role: piece.role,
            });
        } else {
            pos.put(sq, Some(piece));
        }
    }
    walls(v, setup, &mut pos, &mut problems);
    hands(v, setup, &mut pos, &mut problems);
    let royal = v.royal.index();
    // Royal capture: any number of royal pieces (none: that side has
    // lost), and the side not to move may stand attacked.
    let mut royals_ok = !v.end.royal_capture;
    let mut side_exploded = false;
    for color in Color::ALL {
        if v.end.royal_capture {
            break;
        }
        // A setup phase (`must-drop`): the royal piece may be in hand.
        let in_hand = if v.rules.must_drop {
            u32::from(pos.hand_count(color, v.royal))
        } else {
            0
        };
        let count = (pos.roles[royal] & pos.colors[color.index()]).count() + in_hand;
        // `[rules] kingless`: that side has none (horde's White).
        let wanted = u32::from(!v.rules.kingless[color.index()]);
        // `[rules] explosions`: the side to move may have lost its royal
        // piece to the last capture's explosion (the game is over).
        let exploded = v.rules.explosions && color == setup.side && count == 0;
        side_exploded |= exploded;
        if count != wanted && !exploded {
            royals_ok = false;
            problems.push(SetupProblem::RoyalCount { color, count });
        }
    }
    for (i, p) in v.pieces.iter().enumerate() {
        if let Some(region) = p.confinement {
            for color in Color::ALL {
                let outside =
                    pos.roles[i] & pos.colors[color.index()] & !B::from_region(region.of(color));
                for square in outside.squares() {
                    problems.push(SetupProblem::Confinement {
                        color,
                        role: Role(i as u8),
                        square,
                    });
                }
            }
        }
    }
    pos.side = setup.side;

    if !setup.castling.is_empty() {
        match &v.castling {
            None => problems.push(SetupProblem::NoCastling),
            Some(cs) => crate::castling::resolve_rights(v, cs, setup, &mut pos, &mut problems),
        }
    }
    if v.rules.gating || v.rules.first_moves.is_some() {
        crate::gating::resolve_gates(v, setup, &mut pos);
    }

    if let Some(sq) = setup.ep_square {
        match ep_squares(v, setup, sq) {
            Ok((ep, victim)) => {
                pos.ep = OptSquare::new(Some(ep));
                if victim.is_some() {
                    pos.ep_victim = OptSquare::new(victim);
                }
            }
            Err(problem) => problems.push(problem),
        }
    }

    pos.halfmove = setup.halfmove_clock;
    pos.fullmove = setup.fullmove_number;
    if setup.fullmove_number == 0 {
        problems.push(SetupProblem::FullmoveZero);
    }

    // The side not to move must not be in check (facing Kings included).
    if v.rules.check_limit != 0 {
        pos.checks = setup.checks;
    }
    // A side whose King exploded lost: the winner's King may stand attacked
    // (an explosion that wins is legal with the own King in check).
    if royals_ok && v.rules.any {
        // The rules' own test: no King to attack, Kings side by side.
        if !side_exploded && pos.royal_attacked(pos.side.opposite()) {
            // Under bikjang a pass is legal in check while the royal pieces
            // face, and that pass ends the game: the one way to such a
            // position, read as reached by it.
            if v.rules.bikjang && pos.kings_face() {
                pos.passes = 1;
            } else {
                problems.push(SetupProblem::OpponentInCheck);
            }
        }
    } else if royals_ok {
        let them = pos.side.opposite();
        let their_king = pos.king(them).expect("royal count checked");
        let occ = pos.occupied();
        if pos.attacked(their_king, pos.side, occ, pos.colors[pos.side.index()]) {
            let facing = v.facing_kings && {
                let k = pos.king(pos.side).expect("royal count checked");
                B::tables(v).same_file(k, their_king)
                    && (B::tables(v).file_between(k, their_king) & occ).is_empty()
            };
            problems.push(if facing {
                SetupProblem::KingsFacing
            } else {
                SetupProblem::OpponentInCheck
            });
        }
    }
    (pos, problems)
}

/// Marks and hands: what the variant allows, within what a hand holds.
fn hands<B: Board>(
    v: &Variant,
    setup: &Setup,
    pos: &mut Position<'_, B>,
    problems: &mut Vec<SetupProblem>,
) {
    for sq in setup.marked.squares() {
        let ok = v.promotion_mark != 0
            && pos.piece_at(sq).is_some_and(|p| {
                v.pawn
                    .is_some_and(|pawn| v.pieces[pawn.index()].promotions.contains(&p.role))
            });
        if ok {
            pos.board[sq.index()] |= MARKED;
        } else {
            problems.push(SetupProblem::Marked { square: sq });
        }
    }
    if v.rules.free_drops
        && let Some(d) = &v.drops
    {
        // Free drops take nothing from a hand: each holds one of every
        // type for good, and FEN's hands (never written) are not read.
        for color in Color::ALL {
            for slot in 0..d.roles.len() {
                pos.hands.set(color, slot as u8, 1);
            }
        }
        return;
    }
    for color in Color::ALL {
        for (i, &n) in setup.hands[color.index()].iter().enumerate() {
            if n == 0 {
                continue;
            }
            let role = Role(i as u8);
            let slot = v.drops.as_ref().map_or(NO_SLOT, |d| d.slot[i]);
            if slot == NO_SLOT || i >= v.pieces.len() {
                problems.push(SetupProblem::HandRole { color, role });
                continue;
            }
            let max = v.hand_limit(role);
            if n > max {
                problems.push(SetupProblem::HandCount {
                    color,
                    role,
                    count: n,
                    max,
                });
                continue;
            }
            pos.hands.set(color, slot, n);
        }
    }
    // The pieces that could end in one hand must fit a count.
    if let Some(d) = &v.drops {
        for (slot, &role) in d.roles.iter().enumerate() {
            let slot = slot as u8;
            // Where no capture enters this slot, a hand only shrinks.
            let filled = d.into_hand.contains(&slot) || (d.marked && d.pawn_slot == slot);
            if !filled {
                continue;
            }
            let mut all = pos.hands.count(Color::White, slot) as u32
                + pos.hands.count(Color::Black, slot) as u32;
            for sq in pos.pieces_bb() {
                let code = pos.board[sq.index()];
                let into = if code_marked(code) {
                    d.pawn_slot
                } else {
                    d.into_hand[code_role(code)]
                };
                all += u32::from(into == slot);
            }
            if all > MAX_HAND_COUNT as u32 {
                problems.push(SetupProblem::HandTotal {
                    role,
                    count: all.min(255) as u8,
                    max: MAX_HAND_COUNT,
                });
            }
        }
    }
}

/// The en-passant square a setup gives, and the square of the piece a
/// capture there takes (none for Lion-trading rule 4's square), or why not.
/// Free of the board type: compiled once.
fn ep_squares(
    v: &Variant,
    setup: &Setup,
    sq: Square,
) -> Result<(Square, Option<Square>), SetupProblem> {
    let size = v.size;
    let mover = setup.side.opposite();
    let bad = SetupProblem::EnPassantSquare {
        square: sq,
        color: mover,
    };
    if v.lions != 0 {
        // Lion-trading rule 4's square (such a variant has no en
        // passant): any square of the board.
        if size.contains(sq) {
            Ok((sq, None))
        } else {
            Err(bad)
        }
    } else if !v.en_passant {
        Err(SetupProblem::NoEnPassant)
    } else {
        // The side that just moved double-stepped from its Pawns'
        // initial region over `sq`; docs/notation.md accepts any such square
        // (the capture itself needs the Pawn on the landing square).
        let fwd: i32 = if mover == Color::White { 1 } else { -1 };
        let on_board = size.contains(sq);
        let (f, r) = (size.file(sq) as i32, size.rank(sq) as i32);
        // A diagonal double step's victim is a file aside (Berolina).
        let df = match setup.ep_victim {
            None => Some(0),
            Some(l) => Some(size.file(l) as i32 - f).filter(|df| {
                v.ep_diagonal && size.contains(l) && size.rank(l) as i32 == r + fwd && df.abs() == 1
            }),
        };
        let origin = df
            .and_then(|d| size.square(f - d, r - fwd))
            .filter(|_| on_board);
        let landing = df
            .and_then(|d| size.square(f + d, r + fwd))
            .filter(|_| on_board);
        match (origin, landing) {
            (Some(o), Some(l)) if v.double_step_from(mover, o) => Ok((sq, Some(l))),
            _ => Err(bad),
        }
    }
}

/// Places the setup's walls: only in a variant with walls, on empty
/// squares of the board, one where the wall moves.
fn walls<B: Board>(
    v: &Variant,
    setup: &Setup,
    pos: &mut Position<'_, B>,
    problems: &mut Vec<SetupProblem>,
) {
    if setup.walls.is_empty() {
        return;
    }
    let r = &v.rules;
    let on = r.wall.is_some() || r.petrify != 0 || r.fixed_walls;
    for square in setup.walls.squares() {
        if !on || !v.size.contains(square) {
            problems.push(SetupProblem::WallsOff { square });
        } else if setup.piece_at(square).is_some() {
            problems.push(SetupProblem::WallOnPiece { square });
        } else {
            pos.set_wall(square, true);
        }
    }
    let count = setup.walls.count();
    if r.wall == Some(crate::variant::WallRule::Duck) && r.petrify == 0 && count > 1 {
        problems.push(SetupProblem::WallCount { count });
    }
}

pub(crate) fn error(v: &Variant, problems: Vec<SetupProblem>) -> SetupError {
    SetupError {
        messages: problems.iter().map(|p| p.message(v)).collect(),
        problems,
    }
}

impl<'v> Position<'v> {
    /// The position of `setup` in `variant`, if it keeps every rule (one
    /// royal piece a side, confinement, castling rights backed by King and
    /// Rook, a possible en-passant square, the side not to move not in
    /// check); otherwise an error listing every rule broken.
    ///
    /// ```
    /// use betza::{Position, Setup, SetupProblem, Variant};
    /// let v = Variant::by_name("meiriqi").unwrap();
    /// let start = Position::start(v);
    /// let mut setup = start.setup();
    /// let king = setup.piece_at(start.king(betza::Color::White).unwrap());
    /// setup.set(v.size().parse_square("a5").unwrap(), king); // a second King, outside the fortress
    /// setup.fullmove_number = 0;
    /// let err = Position::from_setup(v, &setup).unwrap_err();
    /// assert_eq!(err.problems().len(), 3);
    /// assert!(err.contains(&SetupProblem::FullmoveZero));
    /// assert!(err.to_string().contains("white has 2 royal pieces"));
    /// ```
    pub fn from_setup(variant: &'v Variant, setup: &Setup) -> Result<Position<'v>, SetupError> {
        let (pos, problems) = build(variant, setup);
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(error(variant, problems))
        }
    }

    /// The position's data as a [`Setup`], for editing;
    /// [`Position::from_setup`] turns it back into this position.
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in self.size().all().squares() {
            setup.board[sq.index()] = self.piece_at(sq);
        }
        setup.side = self.side;
        setup.castling = CastlingRights::from_bits_truncate(self.castling);
        setup.castling_files = self.castling_files_named();
        setup.ep_square = self.ep.get();
        setup.ep_victim = self.ep_victim_aside();
        setup.halfmove_clock = self.halfmove;
        setup.fullmove_number = self.fullmove;
        setup.checks = self.checks;
        for sq in self.walls() {
            setup.walls = setup.walls.with(sq);
        }
        setup.gates = self.gates.map(u32::from);
        for sq in self.pieces_bb() {
            if code_marked(self.board[sq.index()]) {
                setup.marked = setup.marked.with(sq);
            }
        }
        if let Some(d) = &self.variant.drops {
            for color in Color::ALL {
                for (slot, r) in d.roles.iter().enumerate() {
                    setup.hands[color.index()][r.index()] = self.hands.count(color, slot as u8);
                }
            }
        }
        setup
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, `-` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::fen::castling_text(self.bits()))
    }
}
