//! A variant as plain data: what a definition file says, before any check.

use std::collections::BTreeMap;
use std::fmt;

use crate::bitboard::{BitWord, Bitboard, BoardSize, Color, SquareSet};

/// The word a definition's regions are held in: that of the largest board
/// type, so that a region names any square of any board a definition may
/// have (issue 24). A board of at most 128 squares narrows them to `u128`
/// when it is compiled.
pub type RegionWord = <crate::bitboard::Huge as crate::bitboard::Board>::Word;
/// A region of a definition ([`PieceDef`], [`PromotionDef`]) or a compiled
/// [`crate::PieceType`]: a [`Region`] held in [`RegionWord`].
pub type WideRegion = Region<RegionWord>;

/// A set of squares for each side, such as a fortress or a promotion zone.
///
/// As text (in definition files) a region is a comma-separated list of
/// squares (`h1`) and rectangles given by two opposite corners (`h1-j3`);
/// the empty string is the empty region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Region<W: BitWord = u128> {
    /// White's squares.
    pub white: Bitboard<W>,
    /// Black's squares.
    pub black: Bitboard<W>,
}

impl<W: BitWord> Region<W> {
    /// The squares of `color`.
    #[inline]
    pub const fn of(&self, color: Color) -> Bitboard<W> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The same squares in another word, each side through `f`.
    pub(crate) fn map_word<X: BitWord>(self, f: impl Fn(Bitboard<W>) -> Bitboard<X>) -> Region<X> {
        Region {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// White's ranks `from..=to` (1-based, as written), and the same ranks
    /// counted from Black's side for Black.
    pub fn ranks(size: BoardSize, from: u8, to: u8) -> Region<W> {
        let mut r = Region::<W>::default();
        for rank in from..=to {
            if rank >= 1 && rank <= size.ranks() {
                for file in 0..size.files() {
                    let at = |rank: u8| size.square(file as i32, rank as i32).expect("on board");
                    r.white = r.white.with(at(rank - 1));
                    r.black = r.black.with(at(size.ranks() - rank));
                }
            }
        }
        r
    }
}

impl Region {
    /// The same squares in the word of definitions' regions.
    pub fn wide(self) -> WideRegion {
        let w = <crate::bitboard::Huge as crate::bitboard::Board>::widen;
        Region {
            white: w(self.white),
            black: w(self.black),
        }
    }
}

impl WideRegion {
    /// The squares below 128 in a `u128`: the region of a board of at most
    /// 128 squares, which is all it holds.
    pub fn narrow(self) -> Region {
        let n = |b: Bitboard<RegionWord>| {
            let w = (b.0).0;
            Bitboard(((w[1] as u128) << 64) | w[0] as u128)
        };
        Region {
            white: n(self.white),
            black: n(self.black),
        }
    }
}

impl Region {
    /// A region from square names, such as `["h1", "i2"]`; `None` if a name is
    /// not a square of `size`.
    pub fn from_names(size: BoardSize, white: &[&str], black: &[&str]) -> Option<Region> {
        let set = |names: &[&str]| -> Option<Bitboard> {
            names.iter().map(|n| size.parse_square(n)).collect()
        };
        Some(Region {
            white: set(white)?,
            black: set(black)?,
        })
    }

    /// Reads one side's squares in the text form (`"h1-j3,a5"`).
    ///
    /// ```
    /// use betza::{BoardSize, Region};
    /// let size = BoardSize::new(10, 10).unwrap();
    /// let fortress = Region::parse_squares(size, "h1-j3").unwrap();
    /// assert_eq!(fortress.count(), 9);
    /// assert!(Region::parse_squares(size, "h1-k3").is_err());
    /// ```
    pub fn parse_squares(size: BoardSize, text: &str) -> Result<Bitboard, String> {
        Region::parse_squares_in(size, text)
    }

    /// [`Region::parse_squares`] in any word: squares past the word are
    /// refused.
    pub(crate) fn parse_squares_in<W: BitWord>(
        size: BoardSize,
        text: &str,
    ) -> Result<Bitboard<W>, String> {
        let mut set = Bitboard::<W>::empty();
        if text.trim().is_empty() {
            return Ok(set);
        }
        let square = |s: &str| {
            let sq = size.parse_square(s.trim()).ok_or_else(|| {
                format!(
                    "{} is not a square of the {}x{} board",
                    crate::quote::quoted(s.trim()),
                    size.files(),
                    size.ranks()
                )
            })?;
            // Only `parse_squares` (a `u128`) meets it: a definition's
            // regions hold every square of the largest board.
            if sq.index() >= W::BITS {
                return Err(format!(
                    "{}: a region in {} bits holds squares up to {}",
                    crate::quote::quoted(s.trim()),
                    W::BITS,
                    W::BITS - 1
                ));
            }
            Ok(sq)
        };
        for item in text.split(',') {
            match item.split_once('-') {
                None => set = set.with(square(item)?),
                Some((a, b)) => {
                    let (a, b) = (square(a)?, square(b)?);
                    let (f0, f1) = min_max(size.file(a), size.file(b));
                    let (r0, r1) = min_max(size.rank(a), size.rank(b));
                    for r in r0..=r1 {
                        for f in f0..=f1 {
                            set = set.with(size.square(f as i32, r as i32).expect("on board"));
                        }
                    }
                }
            }
        }
        Ok(set)
    }

    /// Writes one side's squares in the text form, as few items as a greedy
    /// cover by rectangles gives (`parse_squares` reads it back).
    pub fn format_squares<W: BitWord>(size: BoardSize, set: Bitboard<W>) -> String {
        let mut left = set & size.all_of::<W>();
        let mut items = Vec::new();
        let at = |f: u8, r: u8| size.square(f as i32, r as i32).expect("on board");
        for r in 0..size.ranks() {
            for f in 0..size.files() {
                if !left.contains(at(f, r)) {
                    continue;
                }
                let mut f1 = f;
                while f1 + 1 < size.files() && left.contains(at(f1 + 1, r)) {
                    f1 += 1;
                }
                let row = |rank: u8| (f..=f1).all(|x| left.contains(at(x, rank)));
                let mut r1 = r;
                while r1 + 1 < size.ranks() && row(r1 + 1) {
                    r1 += 1;
                }
                for y in r..=r1 {
                    for x in f..=f1 {
                        left = left.without(at(x, y));
                    }
                }
                let (a, b) = (at(f, r), at(f1, r1));
                items.push(if a == b {
                    size.square_name(a)
                } else {
                    format!("{}-{}", size.square_name(a), size.square_name(b))
                });
            }
        }
        items.join(",")
    }
}

fn min_max(a: u8, b: u8) -> (u8, u8) {
    (a.min(b), a.max(b))
}

/// What having no legal move (not in check) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum StalemateRule {
    /// A draw.
    #[default]
    Draw,
    /// The side without a move loses.
    Loss,
    /// The side without a move wins (antichess).
    Win,
    /// The side with fewer pieces wins, equal numbers draw (Fairy-Stockfish's
    /// `suicide`).
    FewerPieces,
    /// The side with more pieces on the board wins, equal numbers draw
    /// (Fairy-Stockfish's `stalematePieceCount` with a lost stalemate:
    /// Reversi, Ataxx).
    MorePieces,
}

/// How a promotion is written at the end of a move text. Derived from the
/// promotion rules, see [`crate::Variant::promotion_text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PromotionText {
    /// `+`: the type it becomes is fixed by the rules.
    Plus,
    /// The lowercase letter of the type promoted to (`q`, `n`, ...).
    Letter,
}

/// One piece type of a [`VariantDef`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PieceDef {
    /// Name for people, such as `"Rhino"`.
    pub name: String,
    /// FEN token: an uppercase letter, optionally preceded by `+` (`"+F"`).
    pub token: String,
    /// Another token for the type in move notation (`alias`), as
    /// Fairy-Stockfish's piece-letter synonyms give one: Xiangqi's Horse
    /// `H` and Elephant `E` beside their FEN tokens `N` and `B`. Written in
    /// place of the token by [`crate::Notation::SanAlias`] and
    /// [`crate::Notation::LanAlias`] (pyffish's SAN and LAN).
    pub alias: Option<String>,
    /// Moves in Betza notation.
    pub betza: String,
    /// The royal piece (exactly one type is).
    pub royal: bool,
    /// The pawn type (at most one): its two-step straight moves are double
    /// steps, it alone is captured en passant, and its moves reset the
    /// half-move clock.
    pub pawn: bool,
    /// Tokens of the types it may promote to (in move-list order).
    pub promotions: Vec<String>,
    /// Per side (White, Black), the tokens of `promotions` that side's
    /// pieces may promote to, where the sides differ (`promotes-white`,
    /// `promotes-black`; Fairy-Stockfish's `promotionPieceTypesWhite` and
    /// `Black`: Chigorin chess's White promotes to a Chancellor, Black to a
    /// Queen). `None`: all of `promotions`.
    pub promotions_by_side: [Option<Vec<String>>; 2],
    /// Whether the type counts as a promoted piece.
    pub promoted: bool,
    /// Squares it may never leave, if confined.
    pub confinement: Option<WideRegion>,
    /// Where its `i` (initial-only) moves apply.
    pub initial: Option<WideRegion>,
    /// Its moves in a diagonal direction (`F`, `B`, `pB`, `fF`...) start on,
    /// cross and end on these squares only (`diagonal-lines`,
    /// Fairy-Stockfish's `diagonalLines`: Janggi's palace diagonals).
    pub diagonal_lines: Option<WideRegion>,
    /// The pawn type: where a double step must start to give an en-passant
    /// right (`None`: `initial`). Horde: rank 2 only, not rank 1.
    pub en_passant_from: Option<WideRegion>,
    /// Not the pawn type: its two-square straight forward moves (its `i`
    /// moves from its `initial` region) are double steps as the pawn's
    /// are, giving an en-passant right, and it is taken en passant
    /// (`double-step = true`; Fairy-Stockfish's initial moves of a piece
    /// that is not its pawn: Wolf chess's Sergeant). Which types capture
    /// en passant their Betza says (`e`).
    pub double_step: bool,
    /// In a variant with drops: where it may be dropped (`None`: anywhere).
    pub drop_region: Option<WideRegion>,
    /// In a variant with drops: it may not be dropped on a file that holds
    /// this many unpromoted pieces of its type and side (shogi's Pawn: 1).
    pub drops_per_file: Option<u8>,
    /// In a variant with drops: a drop of this type that checkmates is
    /// illegal (shogi's Pawn).
    pub drop_mate_illegal: bool,
    /// Its two-step moves (`mca` locust terms) through an empty first square
    /// are moves of their own, a [`crate::Move::via`] with nothing
    /// captured, even where a single move has the same result; back to the
    /// start so is a pass (Chu Shogi's Lion, `distinct-two-step = true`).
    pub distinct_two_step: bool,
    /// A Lion for the Lion-trading rules (Chu Shogi's Lion and promoted
    /// Kirin, `lion = true`; with royal capture only): a Lion may not take a
    /// protected, non-adjacent enemy Lion by a single move, nor by a
    /// two-step move whose first step took nothing or a `lion-bait` piece.
    pub lion: bool,
    /// A piece whose capture on a Lion's first step does not let it take a
    /// protected Lion two squares away (Chu Shogi's Pawn and Go-Between,
    /// `lion-bait = true`).
    pub lion_bait: bool,
}

impl PieceDef {
    /// A plain unpromoted, unconfined, non-royal piece type.
    pub fn new(name: &str, token: &str, betza: &str) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            token: token.to_string(),
            betza: betza.to_string(),
            ..PieceDef::default()
        }
    }

    /// The same, royal.
    pub fn royal(mut self) -> PieceDef {
        self.royal = true;
        self
    }

    /// The same, as the pawn type.
    pub fn pawn(mut self) -> PieceDef {
        self.pawn = true;
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
    pub fn confined(mut self, region: WideRegion) -> PieceDef {
        self.confinement = Some(region);
        self
    }

    /// The same, with `i` moves from `region`.
    pub fn initial(mut self, region: WideRegion) -> PieceDef {
        self.initial = Some(region);
        self
    }

    /// The same, dropped only in `region` (with drops).
    pub fn drop_region(mut self, region: WideRegion) -> PieceDef {
        self.drop_region = Some(region);
        self
    }

    /// The same, not dropped on a file holding `n` unpromoted pieces of its
    /// type and side (with drops).
    pub fn drops_per_file(mut self, n: u8) -> PieceDef {
        self.drops_per_file = Some(n);
        self
    }

    /// The same, never dropped to give checkmate (with drops).
    pub fn drop_mate_illegal(mut self) -> PieceDef {
        self.drop_mate_illegal = true;
        self
    }
}

/// How pieces promote.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
// The zones hold every square of 26x26 (352 bytes): a definition is built
// once per variant, and boxing them would change the public fields.
#[allow(clippy::large_enum_variant)]
pub enum PromotionDef {
    /// Never.
    #[default]
    None,
    /// On captures, anywhere (Decimaka): a non-royal capturing the type
    /// `captured_becomes` (if any) becomes that type, unless it already is;
    /// otherwise a type with a promotion must promote when it captures a
    /// promoted piece and may promote when it captures another.
    OnCapture {
        /// Token of the type whose capture turns the capturer into it.
        captured_becomes: Option<String>,
    },
    /// Moves ending in the zone may promote, to each type the piece lists;
    /// ending in `forced` they must.
    Zone {
        /// The promotion zone of each side.
        zone: WideRegion,
        /// Where promotion is forced (chess: the whole zone; shogi: none).
        forced: WideRegion,
        /// Per token: a side may promote to that type only while it has
        /// fewer than this many on the board.
        limits: BTreeMap<String, u8>,
        /// Moves that start in the zone may promote too (shogi); there,
        /// starting in `forced` forces promotion as ending there does.
        from_zone: bool,
        /// Chu Shogi's rule (`from-zone-captures`, not with `from_zone`): a
        /// move that starts in the zone may promote only when it captures
        /// on its destination, or when it ends where the piece could never
        /// move again (a Pawn or Lance on the last rank).
        from_zone_captures: bool,
        /// Only a capture may promote (`captures-only`; Fairy-Stockfish's
        /// `piecePromotionOnCapture`, Micro shogi): a move that takes
        /// nothing never promotes, wherever it goes.
        captures_only: bool,
    },
}

/// What a captured piece becomes in the capturer's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum CapturedRule {
    /// The type that promotes to it, or itself if none does (shogi: a
    /// Dragon enters the hand as a Rook).
    #[default]
    Unpromoted,
    /// Itself, unless it was promoted from the pawn type: promotions are
    /// marked (FEN `Q~`) and a marked piece enters as a pawn (crazyhouse).
    Marked,
    /// Nothing: a captured piece leaves the game (Fairy-Stockfish's
    /// `capturesToHand = false` with drops). The hands hold the types of
    /// the start position's hands and those with drop settings
    /// (placement, Sittuyin).
    Lost,
    /// Itself, promoted or not: a Queen promoted from a Pawn enters as a
    /// Queen (Fairy-Stockfish's `dropLoop`: loop chess, chessgi). Any type
    /// but a royal one may enter a hand.
    AsIs,
    /// Nothing here: the captured piece goes to a partner's hand on a
    /// second board (Fairy-Stockfish's `twoBoards`: bughouse played on one
    /// board, as its single-board perft counts). The hands hold any type
    /// but a royal one, filled only by the position (FEN); pieces promoted
    /// from the pawn type are marked (FEN `Q~`), as they would reach the
    /// partner as pawns.
    Partner,
}

/// Hands and drops: captured pieces change sides and may be dropped back
/// onto empty squares (the definition file's `[drops]` table). Where each
/// type may be dropped is a per-piece setting ([`PieceDef::drop_region`],
/// [`PieceDef::drops_per_file`], [`PieceDef::drop_mate_illegal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct DropsDef {
    /// What a captured piece becomes in hand.
    pub captured: CapturedRule,
    /// A piece in hand may also be dropped as the type it promotes to (its
    /// first promotion), a move written `+P@c3` (Kyoto shogi;
    /// Fairy-Stockfish's `dropPromoted`).
    pub promoted: bool,
}

/// Castling: the royal piece moves towards a partner piece on its rank's
/// end, which lands on the square the King crossed last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingDef {
    /// The partner's token (`"R"`).
    pub rook: String,
    /// Squares the King moves towards the partner on the highest file;
    /// `None`: the royal piece's `O<n>`.
    pub kingside: Option<u8>,
    /// The same towards file `a`.
    pub queenside: Option<u8>,
    /// Castling from any start (Fischer random, `any-start = true`): the
    /// King and its partners anywhere on the start rank, the King between
    /// them; castling still ends on the squares the start position's
    /// castling gives.
    pub any_start: bool,
    /// The piece that castles when no type is royal (`king`; Fairy-Stockfish's
    /// `castlingKingPiece`: Extinction's and Kinglet's King, a commoner):
    /// its token, with `[rules] kingless = "both"` only. Not being royal,
    /// it castles out of, through and into attack. `None`: the royal piece.
    pub king: Option<String>,
    /// The partners' files, kingside then queenside (`kingside-partner`,
    /// `queenside-partner`; Fairy-Stockfish's `castlingRookKingsideFile`
    /// and `castlingRookQueensideFile`: Shako's Rooks on b and i, inside
    /// the corners' Elephants). `None`: the corner of that side.
    pub partner_files: [Option<u8>; 2],
    /// Other types that castle as the partner does, when one stands where
    /// the partner would (`other-rooks`; Fairy-Stockfish's
    /// `castlingRookPieces` beyond the first: Perfect chess's Chancellor in
    /// the corner). Not with `any_start`.
    pub other_rooks: Vec<String>,
}

/// A variant as plain data, as a definition file holds it (see the crate's
/// `docs/definitions.md`). [`crate::Variant::new`] checks and compiles it;
/// `Display` writes it as a definition and `FromStr` reads one.
///
/// ```
/// use betza::VariantDef;
/// let def = betza::Variant::by_name("chess").unwrap().definition().clone();
/// let text = def.to_string();
/// assert_eq!(text.parse::<VariantDef>()?, def);
/// # Ok::<_, betza::VariantError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct VariantDef {
    /// Name: lowercase letters, digits and `-`, such as `"meiriqi"`.
    pub name: String,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// The piece types; the FEN tokens must be distinct.
    pub pieces: Vec<PieceDef>,
    /// The start position.
    pub start_fen: String,
    /// What a stalemate means.
    pub stalemate: StalemateRule,
    /// Whether the two royal pieces may not face each other on an open file.
    pub facing_kings: bool,
    /// Whether a piece promoted from the pawn type stays marked as such
    /// (`mark-promoted = true`; Makruk's promoted Met, as Fairy-Stockfish
    /// tracks it): read from a FEN's `~`, written with `~` by
    /// [`crate::Position::to_fen_promoted`] and told apart by
    /// [`crate::Notation::ThaiSan`]. Variants whose captured pieces go to a
    /// hand as pawns (`captured = "marked"`) mark them anyway.
    pub mark_promoted: bool,
    /// Whether double steps of the pawn type allow en-passant captures.
    pub en_passant: bool,
    /// The promotion scheme.
    pub promotion: PromotionDef,
    /// Castling, if the royal piece castles.
    pub castling: Option<CastlingDef>,
    /// Game-end rules beyond mate (`[game-end]`).
    pub game_end: super::GameEndDef,
    /// Hands and drops, if captured pieces change sides.
    pub drops: Option<DropsDef>,
    /// No move or drop may leave a piece where it could never move again
    /// (on an empty board); a promotion that avoids it is forced (shogi).
    pub immobility_illegal: bool,
    /// The lichess family's rules (`[rules]`): explosions, compulsory
    /// capture, check counting, regions that win, sides without a King.
    pub rules: super::RulesDef,
    /// The start position's back rank may be shuffled
    /// ([`crate::Variant::random_start_fen`]: Chess960's 960 arrays).
    pub random_start: bool,
}

impl VariantDef {
    /// The board size, if `files` and `ranks` make one.
    pub fn size(&self) -> Option<BoardSize> {
        BoardSize::new(self.files, self.ranks)
    }

    /// A definition of a `files` x `ranks` board with no pieces yet and the
    /// defaults of a definition file (stalemate a draw, no promotion, no
    /// castling, no en passant); the methods below fill it in, and
    /// [`build`](Self::build) checks and compiles it.
    ///
    /// ```
    /// use betza::{PieceDef, VariantDef};
    /// let v = VariantDef::new("kings-and-rooks", 4, 4)
    ///     .piece(PieceDef::new("King", "K", "K").royal())
    ///     .piece(PieceDef::new("Rook", "R", "R"))
    ///     .start("1k2/4/4/R2K w - - 0 1")
    ///     .build()?;
    /// assert_eq!(v.start_position().to_fen(), "1k2/4/4/R2K w - - 0 1");
    /// assert!(!v.start_position().legal_moves().is_empty());
    /// # Ok::<_, betza::VariantError>(())
    /// ```
    pub fn new(name: &str, files: u8, ranks: u8) -> VariantDef {
        VariantDef {
            name: name.to_string(),
            files,
            ranks,
            ..VariantDef::default()
        }
    }

    /// Adds a piece type.
    pub fn piece(mut self, piece: PieceDef) -> VariantDef {
        self.pieces.push(piece);
        self
    }

    /// Sets the start position (FEN).
    pub fn start(mut self, fen: &str) -> VariantDef {
        self.start_fen = fen.to_string();
        self
    }

    /// Sets what a stalemate means.
    pub fn stalemate(mut self, rule: StalemateRule) -> VariantDef {
        self.stalemate = rule;
        self
    }

    /// Forbids the royal pieces to face each other on an open file.
    pub fn facing_kings(mut self) -> VariantDef {
        self.facing_kings = true;
        self
    }

    /// Lets double steps of the pawn type be taken en passant.
    pub fn en_passant(mut self) -> VariantDef {
        self.en_passant = true;
        self
    }

    /// Sets the promotion scheme.
    pub fn promotion(mut self, promotion: PromotionDef) -> VariantDef {
        self.promotion = promotion;
        self
    }

    /// Sets castling.
    pub fn castling(mut self, castling: CastlingDef) -> VariantDef {
        self.castling = Some(castling);
        self
    }

    /// Sets the game-end rules beyond mate.
    pub fn game_end(mut self, rules: super::GameEndDef) -> VariantDef {
        self.game_end = rules;
        self
    }

    /// Gives the variant hands and drops.
    ///
    /// ```
    /// use betza::{CapturedRule, DropsDef, PieceDef, VariantDef};
    /// let v = VariantDef::new("kings-and-rooks-in-hand", 4, 4)
    ///     .piece(PieceDef::new("King", "K", "K").royal())
    ///     .piece(PieceDef::new("Rook", "R", "R"))
    ///     .start("1k2/4/4/R2K[r] w - - 0 1")
    ///     .drops(DropsDef { captured: CapturedRule::Unpromoted, ..Default::default() })
    ///     .build()?;
    /// let pos = v.start_position();
    /// assert!(pos.legal_moves().iter().all(|m| !m.is_drop())); // White has none
    /// assert_eq!(pos.to_fen(), "1k2/4/4/R2K[r] w - - 0 1");
    /// # Ok::<_, betza::VariantError>(())
    /// ```
    pub fn drops(mut self, drops: DropsDef) -> VariantDef {
        self.drops = Some(drops);
        self
    }

    /// Makes moves and drops illegal that leave a piece where it could never
    /// move again (promotion there is then forced).
    pub fn immobility_illegal(mut self) -> VariantDef {
        self.immobility_illegal = true;
        self
    }

    /// Checks and compiles the definition: [`crate::Variant::new`].
    pub fn build(self) -> Result<crate::Variant, super::VariantError> {
        crate::Variant::new(self)
    }
}

/// A region's two sides in the text form, for writing definitions.
pub(crate) struct RegionText<'a>(pub BoardSize, pub &'a WideRegion);

impl fmt::Display for RegionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let RegionText(size, r) = *self;
        write!(
            f,
            "{{ white = {}, black = {} }}",
            super::text::quoted(&Region::format_squares(size, r.white)),
            super::text::quoted(&Region::format_squares(size, r.black))
        )
    }
}
