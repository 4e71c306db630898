//! Variants as data: board, piece types and rule features, compiled once into
//! move tables.
//!
//! A [`VariantDef`] is plain data with public fields; [`Variant::new`] checks it
//! and compiles it. Move generation reads only these features: it has no
//! knowledge of which game it plays.

use std::fmt;

use thiserror::Error;

use crate::betza::{self, BetzaError, Term};
use crate::bitboard::{Bitboard, BoardSize, Color, Square};
use crate::position::Position;
use crate::tables::{PieceSpec, Tables};

/// The most piece types a variant may have.
pub const MAX_ROLES: usize = 20;

/// A piece type, as its index in its variant's piece list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Role(pub u8);

impl Role {
    /// The index into [`Variant::pieces`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of squares for each side, such as a fortress or a promotion zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Region {
    /// White's squares.
    pub white: Bitboard,
    /// Black's squares.
    pub black: Bitboard,
}

impl Region {
    /// The squares of `color`.
    #[inline]
    pub const fn of(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// A region from square names, such as `["h1", "i2"]`; `None` if a name is
    /// not a square of `size`.
    pub fn from_names(size: BoardSize, white: &[&str], black: &[&str]) -> Option<Region> {
        let set = |names: &[&str]| -> Option<Bitboard> {
            names
                .iter()
                .map(|n| size.parse_square(n))
                .collect::<Option<Vec<_>>>()
                .map(|v| v.into_iter().collect())
        };
        Some(Region {
            white: set(white)?,
            black: set(black)?,
        })
    }

    /// White's ranks `from..=to` (1-based, as written), and the same ranks
    /// counted from Black's side for Black.
    pub fn ranks(size: BoardSize, from: u8, to: u8) -> Region {
        let mut r = Region::default();
        for rank in from..=to {
            if rank >= 1 && rank <= size.ranks() {
                r.white |= size.rank_squares(rank - 1);
                r.black |= size.rank_squares(size.ranks() - rank);
            }
        }
        r
    }
}

/// One piece type of a [`VariantDef`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// Name for people, such as `"Rhino"`.
    pub name: String,
    /// FEN token: an uppercase letter, optionally preceded by `+` (`"+F"`).
    pub token: String,
    /// Moves in Betza notation.
    pub betza: String,
    /// The royal piece (exactly one type is).
    pub royal: bool,
    /// Tokens of the types it may promote to (in move-list order).
    pub promotions: Vec<String>,
    /// Whether the type counts as a promoted piece.
    pub promoted: bool,
    /// Squares it may never leave, if confined.
    pub confinement: Option<Region>,
    /// Where its `i` (initial-only) moves apply.
    pub initial: Option<Region>,
}

impl PieceDef {
    /// A plain unpromoted, unconfined, non-royal piece type.
    pub fn new(name: &str, token: &str, betza: &str) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            token: token.to_string(),
            betza: betza.to_string(),
            royal: false,
            promotions: Vec::new(),
            promoted: false,
            confinement: None,
            initial: None,
        }
    }

    /// The same, royal.
    pub fn royal(mut self) -> PieceDef {
        self.royal = true;
        self
    }

    /// The same, promoting to the types with these tokens.
    pub fn promotes_to(mut self, tokens: &[&str]) -> PieceDef {
        self.promotions = tokens.iter().map(|t| t.to_string()).collect();
        self
    }

    /// The same, counted as a promoted piece.
    pub fn promoted(mut self) -> PieceDef {
        self.promoted = true;
        self
    }

    /// The same, confined to `region`.
    pub fn confined(mut self, region: Region) -> PieceDef {
        self.confinement = Some(region);
        self
    }

    /// The same, with `i` moves from `region`.
    pub fn initial(mut self, region: Region) -> PieceDef {
        self.initial = Some(region);
        self
    }
}

/// How pieces promote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromotionDef {
    /// Never.
    None,
    /// On captures, anywhere (Decimaka): a non-royal capturing the type
    /// `captured_becomes` (if any) becomes that type, unless it already is;
    /// otherwise a type with a promotion must promote when it captures a
    /// promoted piece and may promote when it captures another.
    OnCapture {
        /// Token of the type whose capture turns the capturer into it.
        captured_becomes: Option<String>,
    },
    /// Moves ending in the zone promote, to each type the piece lists.
    Zone {
        /// The promotion zone of each side.
        zone: Region,
        /// Whether promotion there is forced (chess) or optional (shogi).
        mandatory: bool,
    },
}

/// How a promotion is written at the end of a move text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionText {
    /// `+`: the type it becomes is fixed by the rules.
    Plus,
    /// The lowercase letter of the type promoted to (`q`, `n`, ...).
    Letter,
}

/// What having no legal move (not in check) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    /// A draw.
    Draw,
    /// The side without a move loses.
    Loss,
}

/// A variant as plain data. [`Variant::new`] checks and compiles it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantDef {
    /// Name, such as `"meiriqi"`.
    pub name: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// The piece types; the FEN tokens must be distinct.
    pub pieces: Vec<PieceDef>,
    /// The start position.
    pub start_fen: String,
    /// The promotion scheme.
    pub promotion: PromotionDef,
    /// How promotions are written in move text.
    pub promotion_text: PromotionText,
    /// Token of the Pawn type: its two-step straight moves are double steps,
    /// it alone is captured en passant, and its moves reset the half-move clock.
    pub pawn: Option<String>,
    /// Whether double steps allow en-passant captures.
    pub en_passant: bool,
    /// Token of the type the royal piece castles with (needs `O<n>` on the royal).
    pub castling_rook: Option<String>,
    /// Whether the two royal pieces may not face each other on an open file.
    pub facing_kings: bool,
    /// What having no legal move without being in check means.
    pub stalemate: StalemateRule,
}

/// Why a [`VariantDef`] was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// The board is larger than 16x16 or 128 squares, or empty.
    #[error("board {files}x{ranks}: a board has 1-16 files and ranks and at most 128 squares")]
    BoardSize {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
    /// No piece types, or more than [`MAX_ROLES`].
    #[error("{0} piece types: a variant has 1 to 20")]
    PieceCount(usize),
    /// A token is not `[+]LETTER`.
    #[error("piece {name:?}: token {token:?} must be an uppercase letter, optionally after '+'")]
    BadToken {
        /// The piece's name.
        name: String,
        /// The token given.
        token: String,
    },
    /// Two piece types share a token.
    #[error("token {0:?} is used by two piece types")]
    DuplicateToken(String),
    /// A token named somewhere is not a piece type of the variant.
    #[error("{place}: no piece type has token {token:?}")]
    UnknownToken {
        /// Where it was named.
        place: String,
        /// The token.
        token: String,
    },
    /// A Betza string did not parse.
    #[error("piece {name:?}: {error}")]
    Betza {
        /// The piece's name.
        name: String,
        /// The parse error.
        error: BetzaError,
    },
    /// Not exactly one royal type.
    #[error("{0} royal piece types: a variant has exactly one")]
    RoyalCount(usize),
    /// A rule feature is inconsistent with the pieces.
    #[error("{0}")]
    Feature(String),
    /// The start position is not a valid position of the variant.
    #[error("start position: {0}")]
    StartFen(String),
    /// Compiling the moves would pass a limit that keeps compiling quick and
    /// small (hostile definitions).
    #[error("piece {name:?}: too many moves to compile: {limit}")]
    TooLarge {
        /// The piece's name.
        name: String,
        /// Which limit, in words.
        limit: String,
    },
}

/// A compiled piece type.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Name for people.
    pub name: String,
    /// FEN token (uppercase, as White).
    pub token: String,
    /// Betza string.
    pub betza: String,
    /// Whether it is the royal piece.
    pub royal: bool,
    /// The types it may promote to.
    pub promotions: Vec<Role>,
    /// Whether it counts as promoted.
    pub promoted: bool,
    /// Its confinement, if any.
    pub confinement: Option<Region>,
    /// Where its `i` moves apply, if anywhere.
    pub initial: Option<Region>,
    /// The castling distance of an `O<n>` term.
    pub castle_distance: Option<u8>,
}

/// Compiled promotion scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Promotion {
    None,
    OnCapture { captured_becomes: Option<Role> },
    Zone { zone: Region, mandatory: bool },
}

/// Compiled castling set-up.
#[derive(Clone, Debug)]
pub(crate) struct Castling {
    pub rook: Role,
    pub distance: u8,
    /// `[colour]`: where the King starts.
    pub king_start: [Square; 2],
    /// `[colour][side]` (side 0 = highest file, 1 = file a): the Rook's start square.
    pub rook_start: [[Square; 2]; 2],
    /// `[colour][side]`: the King's destination.
    pub king_to: [[Square; 2]; 2],
    /// `[colour][side]`: the Rook's destination.
    pub rook_to: [[Square; 2]; 2],
    /// Per square: the rights lost when a move starts or ends there.
    pub rights_lost: Vec<u8>,
}

/// A compiled variant: immutable, shareable, many may live in one process.
pub struct Variant {
    pub(crate) name: String,
    pub(crate) size: BoardSize,
    pub(crate) pieces: Vec<PieceType>,
    pub(crate) start_fen: String,
    pub(crate) promotion: Promotion,
    pub(crate) promotion_text: PromotionText,
    pub(crate) pawn: Option<Role>,
    pub(crate) en_passant: bool,
    pub(crate) castling: Option<Castling>,
    pub(crate) facing_kings: bool,
    pub(crate) stalemate: StalemateRule,
    pub(crate) royal: Role,
    pub(crate) tables: Tables,
    /// Roles with leap captures / blockable captures, per colour.
    pub(crate) leap_attackers: [Vec<u8>; 2],
    pub(crate) path_attackers: [Vec<u8>; 2],
    /// Per role, how many types it may promote to (hot in bulk counting).
    pub(crate) promotion_choices: [u8; MAX_ROLES],
    pub(crate) def: VariantDef,
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Variant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

fn check_token(token: &str) -> bool {
    let b = token.as_bytes();
    match b {
        [c] => c.is_ascii_uppercase(),
        [b'+', c] => c.is_ascii_uppercase(),
        _ => false,
    }
}

impl Variant {
    /// The built-in variant of that name: `decimaka`, `meiriqi`, `chess` or
    /// `capablanca`. Built once, on first use.
    ///
    /// ```
    /// let v = betza::Variant::by_name("meiriqi").unwrap();
    /// assert_eq!(v.size().files(), 10);
    /// assert!(betza::Variant::by_name("shogi").is_none());
    /// ```
    pub fn by_name(name: &str) -> Option<&'static Variant> {
        crate::builtin::by_name(name)
    }

    /// Names of the built-in variants.
    pub fn builtin_names() -> &'static [&'static str] {
        crate::builtin::NAMES
    }

    /// Checks and compiles a variant definition.
    pub fn new(def: VariantDef) -> Result<Variant, VariantError> {
        let size = BoardSize::new(def.files, def.ranks).ok_or(VariantError::BoardSize {
            files: def.files,
            ranks: def.ranks,
        })?;
        if def.pieces.is_empty() || def.pieces.len() > MAX_ROLES {
            return Err(VariantError::PieceCount(def.pieces.len()));
        }
        for (i, p) in def.pieces.iter().enumerate() {
            if !check_token(&p.token) {
                return Err(VariantError::BadToken {
                    name: p.name.clone(),
                    token: p.token.clone(),
                });
            }
            if def.pieces[..i].iter().any(|q| q.token == p.token) {
                return Err(VariantError::DuplicateToken(p.token.clone()));
            }
        }
        let role_of = |place: &str, token: &str| -> Result<Role, VariantError> {
            def.pieces
                .iter()
                .position(|p| p.token == token)
                .map(|i| Role(i as u8))
                .ok_or_else(|| VariantError::UnknownToken {
                    place: place.to_string(),
                    token: token.to_string(),
                })
        };
        let royals: Vec<usize> = (0..def.pieces.len())
            .filter(|&i| def.pieces[i].royal)
            .collect();
        if royals.len() != 1 {
            return Err(VariantError::RoyalCount(royals.len()));
        }
        let royal = Role(royals[0] as u8);

        let mut parsed = Vec::new();
        let mut pieces = Vec::new();
        for p in &def.pieces {
            let piece = betza::parse(&p.betza).map_err(|error| VariantError::Betza {
                name: p.name.clone(),
                error,
            })?;
            let mut castle_distance = None;
            for term in &piece.terms {
                match term {
                    Term::Castle { distance } => {
                        if !p.royal {
                            return Err(VariantError::Feature(format!(
                                "piece {:?}: only the royal piece may castle (O)",
                                p.name
                            )));
                        }
                        castle_distance = Some(*distance);
                    }
                    Term::Move(m) if m.initial && p.initial.is_none() => {
                        return Err(VariantError::Feature(format!(
                            "piece {:?}: its 'i' moves need an initial region",
                            p.name
                        )));
                    }
                    Term::Move(_) => {}
                }
            }
            let promotions = p
                .promotions
                .iter()
                .map(|t| role_of(&format!("promotions of {:?}", p.name), t))
                .collect::<Result<Vec<_>, _>>()?;
            if p.royal && !promotions.is_empty() {
                return Err(VariantError::Feature(format!(
                    "royal piece {:?} cannot promote",
                    p.name
                )));
            }
            pieces.push(PieceType {
                name: p.name.clone(),
                token: p.token.clone(),
                betza: p.betza.clone(),
                royal: p.royal,
                promotions,
                promoted: p.promoted,
                confinement: p.confinement,
                initial: p.initial,
                castle_distance,
            });
            parsed.push(piece);
        }

        let promotion = match &def.promotion {
            PromotionDef::None => Promotion::None,
            PromotionDef::OnCapture { captured_becomes } => Promotion::OnCapture {
                captured_becomes: captured_becomes
                    .as_deref()
                    .map(|t| role_of("captured_becomes", t))
                    .transpose()?,
            },
            PromotionDef::Zone { zone, mandatory } => Promotion::Zone {
                zone: *zone,
                mandatory: *mandatory,
            },
        };
        for (i, p) in pieces.iter().enumerate() {
            // A second King, or a "promotion" that changes nothing, would make
            // moves that no text can tell apart.
            if let Some(r) = p
                .promotions
                .iter()
                .find(|r| pieces[r.index()].confinement.is_some())
            {
                // It could appear outside the region it may never leave.
                return Err(VariantError::Feature(format!(
                    "piece {:?} may not promote to the confined {:?}",
                    p.name,
                    pieces[r.index()].name
                )));
            }
            if p.promotions.iter().any(|r| *r == royal || r.index() == i) {
                return Err(VariantError::Feature(format!(
                    "piece {:?} may not promote to the royal piece or to itself",
                    p.name
                )));
            }
        }
        if def.promotion_text == PromotionText::Letter {
            // The suffix letter must name one choice.
            for p in &pieces {
                let letters: Vec<&str> = p
                    .promotions
                    .iter()
                    .map(|r| pieces[r.index()].token.trim_start_matches('+'))
                    .collect();
                if (1..letters.len()).any(|i| letters[..i].contains(&letters[i])) {
                    return Err(VariantError::Feature(format!(
                        "piece {:?}: two promotion choices share a letter, so move text cannot tell them apart",
                        p.name
                    )));
                }
            }
        }
        if promotion == Promotion::None && pieces.iter().any(|p| !p.promotions.is_empty()) {
            return Err(VariantError::Feature(
                "pieces list promotions but the variant has no promotion scheme".into(),
            ));
        }
        if matches!(promotion, Promotion::OnCapture { .. })
            && pieces.iter().any(|p| p.promotions.len() > 1)
        {
            return Err(VariantError::Feature(
                "promotion on capture allows one promotion type per piece".into(),
            ));
        }
        if let Promotion::OnCapture {
            captured_becomes: Some(r),
        } = promotion
            && (r == royal || pieces[r.index()].confinement.is_some())
        {
            return Err(VariantError::Feature(format!(
                "captured_becomes: capturers may not turn into the royal or a confined piece ({:?})",
                pieces[r.index()].name
            )));
        }
        let pawn = def
            .pawn
            .as_deref()
            .map(|t| role_of("pawn", t))
            .transpose()?;
        if pawn == Some(royal) {
            // The King would be capturable en passant, which legality ignores.
            return Err(VariantError::Feature(
                "the royal piece cannot be the pawn type".into(),
            ));
        }
        if def.en_passant && pawn.is_none() {
            return Err(VariantError::Feature("en passant needs a pawn type".into()));
        }
        if def.en_passant && pawn.is_some_and(|p| pieces[p.index()].initial.is_none()) {
            return Err(VariantError::Feature(
                "en passant needs the pawn's initial region".into(),
            ));
        }
        let castling_rook = def
            .castling_rook
            .as_deref()
            .map(|t| role_of("castling_rook", t))
            .transpose()?;
        let distance = pieces[royal.index()].castle_distance;
        if castling_rook.is_some() != distance.is_some() {
            return Err(VariantError::Feature(
                "castling needs both a castling rook and an O<n> term on the royal piece".into(),
            ));
        }

        let specs: [Vec<PieceSpec<'_>>; 2] = Color::ALL.map(|c| {
            parsed
                .iter()
                .zip(&pieces)
                .map(|(b, p)| PieceSpec {
                    terms: &b.terms,
                    confinement: p.confinement.map(|r| r.of(c)),
                    initial: p.initial.map(|r| r.of(c)),
                })
                .collect()
        });
        let tables = Tables::build(size, &specs).map_err(|e| e.into_variant_error(&pieces))?;
        let leap_attackers = Color::ALL.map(|c| {
            (0..pieces.len() as u8)
                .filter(|&r| tables.is_leap_attacker(c, r as usize))
                .collect()
        });
        let path_attackers = Color::ALL.map(|c| {
            (0..pieces.len() as u8)
                .filter(|&r| tables.is_path_attacker(c, r as usize))
                .collect()
        });

        let mut promotion_choices = [0u8; MAX_ROLES];
        for (i, p) in pieces.iter().enumerate() {
            promotion_choices[i] = p.promotions.len().min(u8::MAX as usize) as u8;
        }
        let mut v = Variant {
            name: def.name.clone(),
            size,
            pieces,
            start_fen: def.start_fen.clone(),
            promotion,
            promotion_text: def.promotion_text,
            pawn,
            en_passant: def.en_passant,
            castling: None,
            facing_kings: def.facing_kings,
            stalemate: def.stalemate,
            royal,
            tables,
            leap_attackers,
            path_attackers,
            promotion_choices,
            def: def.clone(),
        };
        if let (Some(rook), Some(distance)) = (castling_rook, distance) {
            if rook == royal || Some(rook) == pawn {
                return Err(VariantError::Feature(
                    "the castling rook must be a type of its own".into(),
                ));
            }
            let c = castling_setup(&v, rook, distance)?;
            // Castling must land where no ordinary move goes: a move is named
            // by (from, to, promotion) alone.
            for color in Color::ALL {
                let from = c.king_start[color.index()];
                let reach = v.tables.reach_on_empty_board(color, royal.index(), from);
                if c.king_to[color.index()]
                    .iter()
                    .any(|&to| reach.contains(to))
                {
                    return Err(VariantError::Feature(format!(
                        "castling: the {color} King's castling square is also one of its ordinary moves"
                    )));
                }
            }
            v.castling = Some(c);
        }
        // The start position must be valid (castling rights included).
        Position::from_fen(&v, &v.start_fen).map_err(|e| VariantError::StartFen(e.to_string()))?;
        Ok(v)
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The piece types, indexed by [`Role`].
    pub fn pieces(&self) -> &[PieceType] {
        &self.pieces
    }

    /// One piece type.
    pub fn piece(&self, role: Role) -> &PieceType {
        &self.pieces[role.index()]
    }

    /// The type with this FEN token (uppercase, with `+` if it has one).
    pub fn role_by_token(&self, token: &str) -> Option<Role> {
        self.pieces
            .iter()
            .position(|p| p.token == token)
            .map(|i| Role(i as u8))
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The royal piece type.
    pub fn royal(&self) -> Role {
        self.royal
    }

    /// The Pawn type, if the variant has one.
    pub fn pawn(&self) -> Option<Role> {
        self.pawn
    }

    /// What a stalemate means.
    pub fn stalemate_rule(&self) -> StalemateRule {
        self.stalemate
    }

    /// Whether the royal pieces may not face each other on an open file.
    pub fn facing_kings(&self) -> bool {
        self.facing_kings
    }

    /// Whether double steps allow en passant.
    pub fn en_passant(&self) -> bool {
        self.en_passant
    }

    /// The promotion zone, for variants that promote in a zone.
    pub fn promotion_zone(&self) -> Option<Region> {
        match self.promotion {
            Promotion::Zone { zone, .. } => Some(zone),
            _ => None,
        }
    }

    /// Each confined piece type with the region it may never leave, for
    /// drawing: in Meiriqi the King's region is the fortress and the
    /// Mandarin's its five X squares.
    ///
    /// ```
    /// let v = betza::Variant::by_name("meiriqi").unwrap();
    /// let names: Vec<(&str, u32)> =
    ///     v.confinements().map(|(role, region)| (v.piece(role).name.as_str(), region.white.count())).collect();
    /// assert_eq!(names, [("King", 9), ("Mandarin", 5)]);
    /// let fortress = v.confinements().next().unwrap().1;
    /// assert!(fortress.black.contains(v.size().parse_square("i9").unwrap()));
    /// ```
    pub fn confinements(&self) -> impl Iterator<Item = (Role, Region)> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.confinement.map(|r| (Role(i as u8), r)))
    }

    /// Whether pieces promote by capturing (Decimaka).
    pub fn promotes_on_capture(&self) -> bool {
        matches!(self.promotion, Promotion::OnCapture { .. })
    }

    /// How promotions are written in move text.
    pub fn promotion_text(&self) -> PromotionText {
        self.promotion_text
    }

    /// The definition this variant was compiled from.
    pub fn definition(&self) -> &VariantDef {
        &self.def
    }

    /// Whether the royal piece castles.
    pub fn has_castling(&self) -> bool {
        self.castling.is_some()
    }

    /// The start position.
    pub fn start_position(&self) -> Position<'_> {
        Position::start(self)
    }
}

fn castling_setup(v: &Variant, rook: Role, distance: u8) -> Result<Castling, VariantError> {
    let start = crate::fen::parse_placement(v, v.start_fen.split(' ').next().unwrap_or(""))
        .map_err(|e| VariantError::StartFen(e.to_string()))?;
    let size = v.size;
    let mut king_start = [Square(0); 2];
    let mut rook_start = [[Square(0); 2]; 2];
    let mut king_to = [[Square(0); 2]; 2];
    let mut rook_to = [[Square(0); 2]; 2];
    let mut rights_lost = vec![0u8; size.squares()];
    for color in Color::ALL {
        let king = start
            .iter()
            .find(|(_, p)| p.role == v.royal && p.color == color)
            .map(|(s, _)| *s)
            .ok_or_else(|| VariantError::StartFen(format!("no {color} royal piece")))?;
        let (kf, kr) = (size.file(king) as i32, size.rank(king) as i32);
        king_start[color.index()] = king;
        rights_lost[king.index()] |= 0b11 << (2 * color.index());
        for side in 0..2 {
            let rf = if side == 0 {
                size.files() as i32 - 1
            } else {
                0
            };
            let dir = if rf > kf { 1 } else { -1 };
            let to_f = kf + dir * distance as i32;
            // The King must land strictly between its start and the Rook.
            if (rf - kf).abs() <= distance as i32 {
                return Err(VariantError::Feature(format!(
                    "castling: the {color} King on {} cannot move {distance} squares towards file {}",
                    size.square_name(king),
                    (b'a' + rf as u8) as char
                )));
            }
            let sq = |f: i32| size.square(f, kr).expect("on the King's rank");
            rook_start[color.index()][side] = sq(rf);
            king_to[color.index()][side] = sq(to_f);
            rook_to[color.index()][side] = sq(to_f - dir);
            rights_lost[sq(rf).index()] |= 1 << (2 * color.index() + side);
        }
    }
    Ok(Castling {
        rook,
        distance,
        king_start,
        rook_start,
        king_to,
        rook_to,
        rights_lost,
    })
}
