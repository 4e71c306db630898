//! An engine for XBoard (and other GUIs speaking the Chess Engine
//! Communication Protocol, version 2): it plays every built-in variant, and
//! those of `--variant-file`, with the 2-ply material search of
//! `support/engine.rs`.
//!
//! ```text
//! cargo build --release --example xboard
//! xboard -fcp "$PWD/target/release/examples/xboard" -variant meiriqi -testLegality false
//! ```
//!
//! (Legality testing off: XBoard would otherwise judge the engine's moves by
//! its own reading of the Betza strings, which knows no promotion on capture
//! nor zone promotions of pieces other than the Pawn; see the README.)
//!
//! The protocol followed is "Chess Engine Communication Protocol" version 2
//! by Tim Mann and H. G. Muller (XBoard's `engine-intf.html`): section 8 for
//! the commands from the GUI, section 9 for the engine's `feature`, `move`,
//! `Illegal move:`, `Error (...):` and `RESULT {comment}` lines, and its part
//! "Commands to configure the GUI for arbitrary Chess variants" for `setup`,
//! `piece` and `highlight`:
//!
//! - `setup (PIECETOCHAR) WxH+S_PARENTVARIANT FEN` answers a `variant`
//!   command with a name XBoard does not know (it treats such names as
//!   engine-defined variants since 4.8). PIECETOCHAR is a `-pieceToCharTable`
//!   value: for each of XBoard's piece images, in XBoard's fixed order
//!   `PNBRQFEACWMOHIJGDVLSUK` (White) and then the same for Black, the letter
//!   that stands for it in FENs and moves, `.` for images not used; the last
//!   letter of each colour is the King. Here: `10x10+0_fairy`, no holdings,
//!   rules otherwise inherited from XBoard's catch-all variant `fairy`; a
//!   variant with drops gets one holding per type a hand may hold and the
//!   parent `shogi` (captured pieces return unpromoted: minishogi is
//!   `5x5+5_shogi`, Tori shogi `7x7+6_shogi`) or `crazyhouse`. XBoard
//!   files a captured piece into the holding numbered by the images in use
//!   before its own (`moves.c`, `PieceToNumber`), so the hand types take the
//!   first images; under shogi's rule each promoted type takes the image 11
//!   after its base, written `+` in the table (XBoard's default pairing,
//!   demoted on capture), goes as `+` and the base letter in FENs and moves,
//!   and gets no `piece` line.
//! - Drops go both ways as XBoard writes them, the type's letter, `@` and
//!   the square (`P@e5`, either case read); holdings travel in FENs in
//!   brackets after the board (`[Qn]`, XBoard's empty `[-]` read too).
//!   XBoard knows `crazyhouse` and `shogi` itself (no `setup`); in its
//!   shogi, squares are chess-like (`a1`-`i9`, White/sente from rank 1), a
//!   promotion is sent as `+` (`e8e9+`) and a promoted piece is `+` and the
//!   unpromoted letter in FENs, as in the library.
//! - `piece ID PIECEDESC`: `ID` a capital letter followed by `&` (valid for
//!   both colours), `PIECEDESC` the piece's moves in Betza notation.
//! - `highlight COLORFEN`, the answer to `lift SQUARE` (feature
//!   `highlight=1`): a FEN-like board of colour letters marking the legal
//!   targets of the lifted piece, yellow for moves, red for captures,
//!   magenta where a promotion may be chosen, blue where a move goes to the
//!   last rank without promoting. XBoard then treats unmarked squares as
//!   illegal and asks about promotions on magenta ones, so the exact rules
//!   reach the GUI even where its own Betza reading falls short.
//! - `choice PIECES`, the answer to `put SQUARE` on a magenta or blue square:
//!   the letters the piece may become there, the default first. XBoard
//!   offers only those, and on a blue square completes the move with the one
//!   letter given (the piece's own: a Decimaka Pawn pushed to the last rank
//!   stays a Pawn, `e8e9p`).
//!
//! - Every board type: the adapter is generic over the board type and
//!   switches it once per game (`new`, `variant`) through `AnyVariant`.
//!   XBoard's `chu` (4.9) is the built-in `chushogi`: the same start, letters
//!   and `+` promoted pieces (`backend.c`, `ChuArray` and its piece table).
//!   A move that captures on the way goes as the protocol's two legs,
//!   `d4d5,d5e6` (the first ending on the square passed), and is read so or
//!   as `d4e6;d5` (XBoard's move list); one over an empty square goes as the
//!   single move with its result, the pass as XBoard's null move `@@@@`
//!   (XBoard 4.9.1 takes a Black piece's two legs over an empty square for
//!   castling).
//! - Drops on every board type: a variant with drops past 128 squares gets
//!   XBoard's holdings, its parent and its piece table exactly as a small
//!   one (`12x12+8_shogi`, the hand types on the first images, `P@e5`,
//!   `[Qn]`). XBoard's board array is 16 files by 16 ranks (`BOARD_FILES`,
//!   `BOARD_RANKS` in its `common.h`) and each side's holdings take two of
//!   its files (pieces and counts), so a variant with drops fits on at most
//!   12 files (holdings more than the ranks fit: XBoard 4.9.1 adds dead
//!   ranks above the board, and a hand holds at most 8 types). Past that
//!   (a 16x16 board with drops, a 19x19 board), the engine sends a
//!   `tellusererror` saying so and then its `setup` all the same (another
//!   GUI may show it), which XBoard refuses with its fatal error "Recompile
//!   to support this BOARD_RANKS or BOARD_FILES!"; the engine plays on.
//!   Announcing such a board without holdings would be worse: XBoard 4.9.1
//!   takes a drop there out of a holding that is a square of the board
//!   (its source: `ApplyMove`, `board[0][BOARD_WIDTH-2]`). XBoard also reads a variant
//!   name that begins with one of its own followed by a non-letter as its
//!   own (`StringToVariant`: `shogi-12x12` is its 9x9 `shogi`), so a file's
//!   variant wants another name (`dodeca-shogi`). Under the `shogi` parent
//!   XBoard's promotion zone is a third of the ranks (`backend.c`,
//!   `HasPromotionChoice`), which only its own legality testing uses.
//!
//! Two conventions of XBoard that differ from this library's:
//! - On a board of exactly 10 ranks XBoard numbers the ranks `0` to `9`
//!   (its `ONE` is `'1' - (BOARD_HEIGHT == 10)`), so Meiriqi's `a3a5` is
//!   `a2a4` on the wire, and the library's `j10` is XBoard's `j9`. The
//!   option `--ranks-from-1` keeps the library's numbering for GUIs that
//!   write `a10`.
//! - A promotion is written with the letter of the type promoted to, as in
//!   `e7e8q`. Decimaka's and Meiriqi's move text writes `+` instead (the
//!   type is fixed by the rules): this adapter sends the letter (XBoard then
//!   puts the right piece on the board) and reads the letter or `+`; `=`
//!   or the moving piece's own letter mean "do not promote". In the variants
//!   XBoard does not know, it reads a move to the last rank as a promotion
//!   (to a Queen, if no letter follows), so every such move that keeps the
//!   piece is sent with the piece's own letter (`e1e0p`, `e2e0l`).
//!
//! Decimaka's promoted types have two-character tokens (`+F`, `+T`, `+N`,
//! `+P`); XBoard needs one letter per type, so they get free letters of their
//! own (Queen `Q`, Nightrider `H`, Trident `I`, Omni `O`). Those letters are
//! what XBoard shows in its FENs and move lists, and what `setboard` reads;
//! in the variants XBoard knows, XBoard's own letters (Xiangqi's Horse `H`,
//! Elephant `E`). `setboard` reads every FEN form XBoard writes (without the
//! castling or en-passant field, `... w 0 1`; with holdings, `[-]`): the
//! library's `pgn::XboardPgn::fen`, which also reads XBoard's saved games.
//!
//! A promotion XBoard completes by itself before the engine's `choice`
//! arrives (a piece dragged to a magenta square carries XBoard's default
//! Queen, `c5d7q`) cannot be played as another type than the one XBoard
//! puts on its board: such a move is refused (`Illegal move`, which XBoard
//! takes back) after a `tellusererror` that says how to choose (click the
//! piece, press on the square and sweep). Squares with one way only are blue,
//! which XBoard completes with the engine's `choice`, by drag too, and the
//! `choice` is sent at `lift` where it is the same for every promotion
//! square, which replaces the Queen XBoard previews while a Pawn is dragged.
//!
//! Claims: the engine's `RESULT {comment}` lines are the rules' ends. XBoard
//! judges an engine's claim against another engine (`computer`) in the
//! variants it knows, accepting a win only where its own adjudication has
//! marked one; so a win XBoard does not mark yet (Shatranj's bare King,
//! which it marks one move later) is not claimed by the winner: the side
//! that lost says so, or the claim goes with the opponent's next move
//! (`claim_at_once`; docs/xboard.md, "Game ends and claims", gives the
//! XBoard flags for the rest: `-ruleMoves 0`, `-testClaims false`, ...).
//! Courier is played from XBoard's own array (`XBOARD_COURIER_START`),
//! which XBoard keeps when it tests legality.
//!
//! Sources followed: the protocol text above (`engine-intf.html` in XBoard's
//! sources, the "setup" and "piece" entries with their example
//! `setup (PN.RQKpn.rqk) 6x6+0_fairy rnqknr/...`); XBoard's `common.h` for
//! the piece order and the rank numbering, and its `moves.c` for how it reads
//! Betza strings (multi-leg `a`, the `mp` pass-through of a non-final leg);
//! Fairy-Stockfish's XBoard mode as an engine that sends the same `setup` and
//! `piece X& BETZA` lines. Checked against XBoard 4.9.1 under Xvfb: whole
//! engine-against-engine matches in Courier, Meiriqi, Decimaka, Grand,
//! Xiangqi and Capablanca, the highlights, user moves, promotions by drag and
//! by sweeping, Edit Position and Paste Position (the transcripts of
//! `tests/example_xboard.rs` are XBoard's lines from those sessions).

// The test `tests/example_xboard.rs` includes this file as a module and uses
// only part of it.
#![allow(dead_code)]

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use betza::pgn::XboardPgn;
use betza::{
    AnyVariant, Board, BoardVariant, CapturedRule, Color, EndReason, Game, Huge, Large, Move,
    PieceType, Position, Role, Small, Square, Variant, VariantDef, VariantRef,
};

#[path = "support/engine.rs"]
mod engine;

#[path = "support/load.rs"]
mod load;

use engine::{Rng, Values};

/// The command line, parsed.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The seed of the tie-breaking; `None` takes one from the clock.
    pub seed: Option<u64>,
    /// Number the ranks of a 10-rank board 1 to 10 (the library's move text)
    /// rather than XBoard's 0 to 9.
    pub ranks_from_1: bool,
    /// Files defining more variants, offered under their `name` (a file's
    /// variant of a built-in's name replaces it).
    pub variant_files: Vec<PathBuf>,
}

/// The usage text.
pub const USAGE: &str = "usage: xboard [--seed N] [--ranks-from-1] [--variant-file FILE]...
An engine speaking the XBoard protocol (CECP 2) on standard input and output.
Load it into XBoard with: xboard -fcp 'target/release/examples/xboard' -variant meiriqi";

/// Reads the command line (without the program name); `Ok(None)` for `--help`.
pub fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut opts = Options::default();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-h" | "--help" => return Ok(None),
            "--ranks-from-1" => opts.ranks_from_1 = true,
            "--variant-file" => {
                i += 1;
                let v = args.get(i).ok_or("--variant-file needs a FILE")?;
                opts.variant_files.push(PathBuf::from(v));
            }
            "--seed" => {
                i += 1;
                let v = args.get(i).ok_or("--seed needs a value")?;
                opts.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed {v:?}: not a whole number"))?,
                );
            }
            s => return Err(format!("unexpected argument {s:?}")),
        }
        i += 1;
    }
    Ok(Some(opts))
}

/// XBoard's name, the built-in's, the start played, and the tokens XBoard
/// writes with other letters (see `XBOARD_VARIANTS`).
type XboardVariant = (&'static str, &'static str, Start, &'static [(char, char)]);

/// The start of a variant XBoard knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    /// XBoard's is the variant's.
    Same,
    /// XBoard's differs; the engine sends the variant's (`setup FEN`), which
    /// XBoard takes (it shuffles its own Chess960 start).
    Engine,
    /// XBoard's differs and XBoard keeps it when it tests legality (it
    /// ignores `setup` then, `backend.c`: "allow first engine to define
    /// opening position" only without legality testing), so the engine plays
    /// from XBoard's start, this FEN (the library's tokens), in both modes:
    /// XBoard's Courier array, every Pawn on its second rank.
    Xboard(&'static str),
}

/// XBoard's Courier start (`backend.c`, `CourierArray`: Rook, Knight, Alfil,
/// Bishop, Man, King, Ferz, Wazir, Bishop, Alfil, Knight, Rook), which
/// lacks the traditional opening moves of the library's `courier`.
pub const XBOARD_COURIER_START: &str =
    "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";

/// The built-in variants XBoard plays by itself, under its own name (`normal`
/// for chess): the same board, start position, piece letters, moves and
/// promotions, checked against XBoard's `backend.c` (its start arrays and
/// `-pieceToCharTable` values) and `moves.c`. The third field: the start
/// played ([`Start`]). The fourth: the library's tokens XBoard writes with another
/// letter (its Xiangqi table `PH.R.AE..K.C.`: the Horse is `H`, the Elephant
/// `E`). Every other variant is engine-defined for XBoard: `setup` with the
/// piece table and board size, and a `piece` line per type.
const XBOARD_VARIANTS: &[XboardVariant] = &[
    ("normal", "chess", Start::Same, &[]),
    ("capablanca", "capablanca", Start::Same, &[]),
    ("gothic", "gothic", Start::Same, &[]),
    ("janus", "janus", Start::Same, &[]),
    ("makruk", "makruk", Start::Same, &[]),
    ("shatranj", "shatranj", Start::Same, &[]),
    (
        "courier",
        "courier",
        Start::Xboard(XBOARD_COURIER_START),
        &[],
    ),
    ("grand", "grand", Start::Same, &[]),
    ("xiangqi", "xiangqi", Start::Same, &[('N', 'H'), ('B', 'E')]),
    ("crazyhouse", "crazyhouse", Start::Same, &[]),
    ("shogi", "shogi", Start::Same, &[]),
    // XBoard's name of Chess960 (`fischerandom`): chess's pieces and
    // letters; the engine sends its start, as XBoard shuffles its own.
    ("fischerandom", "chess960", Start::Engine, &[]),
    // Capablanca random, XBoard's `caparandom`: the same, on 10x8.
    ("caparandom", "caparandom", Start::Engine, &[]),
    // XBoard's own variants of the lichess and FICS family: chess's start
    // and letters, rules XBoard plays itself (explosions, check counting,
    // compulsory capture; `backend.c`). Engine-defined, XBoard would read a
    // piece's own letter after a move to the last rank as a promotion to
    // it and forfeit the engine (`h6c1b`).
    ("atomic", "atomic", Start::Same, &[]),
    ("3check", "3check", Start::Same, &[]),
    ("giveaway", "giveaway", Start::Same, &[]),
    ("suicide", "suicide", Start::Same, &[]),
    ("losers", "losers", Start::Same, &[]),
    // XBoard 4.9's Chu Shogi (`backend.c`, `ChuArray` and its table
    // `P.BRQSEXOG...HD..^DLI^HNV...`): the same 12x12 start and the same
    // letters, a promoted piece `+` and its base letter.
    ("chu", "chushogi", Start::Same, &[]),
    // XBoard's S-Chess: the same start, Hawk `H` and Elephant `E` in hand,
    // gating sent as the piece's letter after the move (`b1c3h`; castling
    // gating on the Rook's square from it to the King's, `h1e1h`).
    ("seirawan", "seirawan", Start::Same, &[]),
];

/// XBoard's own piece tables (White's half) of the variants with drops it
/// knows, which number its holdings (`backend.c`, `InitPosition`): the
/// engine sends them no table of its own.
const XBOARD_DROP_TABLES: &[(&str, &str)] = &[
    ("shogi", "PNBRLS...G.++++++K"),
    ("crazyhouse", "PNBRQ.......~~~~K"),
];

/// The letters XBoard uses for a built-in variant's pieces in its FENs and
/// saved games when playing with this adapter, and a reader of those
/// (`XboardPgn`) that knows them.
pub fn xboard_letters(variant: &Variant) -> Letters {
    let mut letters = Letters::new(variant);
    let builtin = Variant::builtin_names().contains(&variant.name());
    if builtin {
        letters.rename(xboard_renames(variant.name()));
    }
    letters
}

/// The built-in variant XBoard names `name` (in its `variant` command and
/// its saved games' `Variant` tag): `chu` is `chushogi`, `normal` chess;
/// a built-in's own name, else `None`.
pub fn builtin_of_xboard_name(name: &str) -> Option<&'static str> {
    XBOARD_VARIANTS
        .iter()
        .find(|v| v.0.eq_ignore_ascii_case(name))
        .map(|v| v.1)
        .or_else(|| {
            AnyVariant::builtin_names()
                .iter()
                .find(|b| b.eq_ignore_ascii_case(name))
                .copied()
        })
}

/// A reader of the games XBoard saves in a variant of any board type
/// played with this adapter: its letters, and the name XBoard writes in
/// the `Variant` tag where it is not the variant's (`chu`).
pub fn xboard_reader_for_board<B: Board>(variant: &BoardVariant<B>) -> XboardPgn {
    let (name, known) = protocol_name(variant.name());
    let mut letters = Letters::for_board(variant);
    if known != Known::No {
        letters.rename(xboard_renames(variant.name()));
    }
    let reader = letters.reader_of(variant.pieces()).variant_tag(name);
    match known {
        Known::Yes {
            start: Start::Xboard(fen),
        } => reader.start_fen(fen),
        _ => reader,
    }
}

/// The start XBoard plays a built-in variant from, where the engine plays
/// XBoard's and not the variant's (Courier: [`XBOARD_COURIER_START`]); its
/// saved games, without a `FEN` tag, start there.
pub fn xboard_start(builtin: &str) -> Option<&'static str> {
    match protocol_name(builtin).1 {
        Known::Yes {
            start: Start::Xboard(fen),
        } => Some(fen),
        _ => None,
    }
}

/// The tokens of a built-in variant that XBoard writes with other letters.
fn xboard_renames(builtin: &str) -> &'static [(char, char)] {
    XBOARD_VARIANTS
        .iter()
        .find(|v| v.1 == builtin)
        .map_or(&[], |v| v.3)
}

/// How a variant goes to XBoard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// XBoard knows it under this name.
    Yes { start: Start },
    /// Engine-defined: `setup` and `piece`.
    No,
}

/// Why XBoard cannot play a variant whose promotions may stay in place
/// (`[rules] promotion-in-place`, Sittuyin): its `ApplyMove` (`backend.c`)
/// does nothing with a move to its own square, so the promoted piece would
/// never reach its board. `None` for every other variant.
/// Also a variant whose royal piece may be in hand (placement's setup
/// phase): XBoard's holdings hold the first images of its piece table
/// (`moves.c`, `PieceToNumber`) and its King is the table's last image.
fn in_place_refusal(v: &AnyVariant) -> Option<String> {
    if v.definition().rules.promotion_in_place {
        return Some(format!(
            "{}: XBoard cannot show a promotion in place (a move to its own square), so this adapter does not play it",
            v.name()
        ));
    }
    royal_in_hand(v.definition()).then(|| {
        format!(
            "{}: XBoard's holdings cannot hold the King (its last piece image), so this adapter does not play it",
            v.name()
        )
    })
}

/// Whether the start position holds the royal piece in a hand.
pub fn royal_in_hand(def: &betza::VariantDef) -> bool {
    let hands = def
        .start_fen
        .split(' ')
        .next()
        .and_then(|board| board.split_once('['))
        .map_or("", |(_, h)| h);
    def.pieces
        .iter()
        .any(|p| p.royal && hands.contains(&p.token.to_string()))
}

/// The protocol name of a built-in variant, and how XBoard knows it.
fn protocol_name(builtin: &str) -> (&str, Known) {
    match XBOARD_VARIANTS.iter().find(|v| v.1 == builtin) {
        Some(&(name, _, start, _)) => (name, Known::Yes { start }),
        None => (builtin, Known::No),
    }
}

/// XBoard's piece images in the order of its `-pieceToCharTable` (XBoard 4.8
/// and later, 22 a colour), each with the Betza moves of the piece usually
/// drawn with it and the names it is known by, so that a piece moving the
/// same way, or bearing the same name, gets its usual picture.
const XBOARD_IMAGES: [(char, &str, &[&str]); 22] = [
    ('P', "", &["Pawn"]),
    ('N', "N", &["Knight"]),
    ('B', "B", &["Bishop"]),
    ('R', "R", &["Rook"]),
    ('Q', "Q", &["Queen"]),
    ('F', "F", &["Ferz", "Fers"]),
    ('E', "A", &["Alfil", "Elephant"]),
    ('A', "BN", &["Archbishop", "Princess"]),
    ('C', "RN", &["Chancellor", "Marshall", "Empress"]),
    ('W', "W", &["Wazir"]),
    ('M', "K", &["Man", "Commoner"]),
    ('O', "", &["Cannon"]),
    ('H', "NN", &["Nightrider"]),
    ('I', "", &["Cardinal"]),
    ('J', "", &["Dragon"]),
    ('G', "", &["Grasshopper"]),
    ('D', "", &[]),
    ('V', "", &["Falcon", "Eagle"]),
    ('L', "", &["Lance"]),
    ('S', "", &["Cobra", "Snake"]),
    ('U', "", &["Unicorn"]),
    ('K', "", &["King"]),
];

/// XBoard's images that look like no orthodox piece: Ferz, Alfil
/// (elephant), Archbishop (crossed swords), Chancellor (star), Wazir, Man
/// (bell), Cannon, Cardinal (mitre), Dragon (tower), Falcon (eagle), Lance,
/// Cobra (snake); indices into `XBOARD_IMAGES`.
const NEUTRAL_IMAGES: [usize; 12] = [5, 6, 7, 8, 9, 10, 11, 13, 14, 17, 18, 19];

/// The order in which the remaining pieces get images: first the neutral
/// ones (those that stand for no standard moves first), then the knight- and
/// queen-like fairy images, the orthodox pieces last.
const FALLBACK_IMAGES: [usize; 20] = [
    11, 13, 14, 17, 18, 19, 5, 6, 7, 8, 9, 10, 16, 20, 12, 15, 1, 2, 3, 4,
];

/// How a variant's pieces are written for XBoard.
#[derive(Clone, Debug)]
pub struct Letters {
    /// For each piece type, its one-letter XBoard name (uppercase).
    pub letter: Vec<char>,
    /// The `-pieceToCharTable` value: 22 letters for White, 22 for Black.
    pub table: String,
}

impl Letters {
    /// Letters and images for a variant's pieces: a one-letter token is kept,
    /// a longer one (Decimaka's `+F`) gets the letter of the image that shows
    /// its moves if free, else the first free letter of its name, else any.
    /// The royal piece is drawn as the King, the Pawn as the Pawn, a piece
    /// that moves like one of XBoard's standard pieces as that piece, a piece
    /// bearing the name of a fairy image with it (the Eagle as the Falcon),
    /// then with the neutral image of its own letter, else with the first
    /// free image in `FALLBACK_IMAGES` order.
    pub fn new(variant: &Variant) -> Letters {
        Letters::from_parts(
            variant.pieces(),
            variant.definition(),
            variant.royal(),
            variant.pawn(),
            variant.hand_roles(),
        )
    }

    /// [`Letters::new`] for a variant of any board type: the hand types
    /// take XBoard's first images on every board type (where XBoard cannot
    /// show the holdings, see [`xboard_limit`], the table is the same).
    pub fn for_board<B: Board>(variant: &BoardVariant<B>) -> Letters {
        let def = variant.definition();
        let pawn = def
            .pieces
            .iter()
            .position(|p| p.pawn)
            .map(|i| Role(i as u8));
        let hand = variant.hand_roles();
        Letters::from_parts(variant.pieces(), def, variant.royal(), pawn, hand)
    }

    fn from_parts(
        pieces: &[PieceType],
        definition: &VariantDef,
        royal: Role,
        pawn: Option<Role>,
        hand: &[Role],
    ) -> Letters {
        let mut letter: Vec<Option<char>> = pieces
            .iter()
            .map(|p| {
                // Only a one-letter token (no '+') is a letter of its own.
                (!p.token.plus()).then(|| p.token.letter())
            })
            .collect();
        let standard_image = |betza: &str| {
            XBOARD_IMAGES
                .iter()
                .position(|(_, b, _)| !b.is_empty() && same_moves(b, betza))
        };
        for (i, p) in pieces.iter().enumerate() {
            if letter[i].is_some() {
                continue;
            }
            let taken = |c: char, letter: &[Option<char>]| letter.contains(&Some(c));
            let by_image = standard_image(&p.betza).map(|k| XBOARD_IMAGES[k].0);
            let by_name = p
                .name
                .chars()
                .map(|c| c.to_ascii_uppercase())
                .filter(char::is_ascii_uppercase);
            let choice = by_image
                .into_iter()
                .chain(by_name)
                .chain('A'..='Z')
                .find(|&c| !taken(c, &letter));
            letter[i] = choice;
        }
        let letter: Vec<char> = letter.into_iter().map(|c| c.unwrap_or('?')).collect();

        // Images: King, Pawn, standard movers, names, own letter, first free.
        let mut image_of: Vec<Option<usize>> = vec![None; pieces.len()];
        let mut used = [false; 22];
        // With drops, XBoard files a captured piece into holding n, where n
        // counts the images in use before its own (moves.c, PieceToNumber):
        // the hand types take the lowest images, and under shogi's rule each
        // promoted type the image 11 after its base, marked `+` in the
        // table, which XBoard demotes on capture.
        let mut plus_image = [false; 22];
        if let Some(d) = &definition.drops
            && hand.len() <= 11
        {
            let own = |r: usize| {
                standard_image(&pieces[r].betza)
                    .or_else(|| {
                        XBOARD_IMAGES
                            .iter()
                            .position(|(_, _, n)| n.contains(&pieces[r].name.as_str()))
                    })
                    .filter(|&k| k < hand.len())
            };
            for &r in hand {
                if let Some(k) = own(r.index()).filter(|&k| !used[k]) {
                    image_of[r.index()] = Some(k);
                    used[k] = true;
                }
            }
            for &r in hand {
                if image_of[r.index()].is_none()
                    && let Some(k) = (0..hand.len()).find(|&k| !used[k])
                {
                    image_of[r.index()] = Some(k);
                    used[k] = true;
                }
            }
            if d.captured == CapturedRule::Unpromoted {
                let def = definition;
                for (i, p) in def.pieces.iter().enumerate() {
                    let base = def
                        .pieces
                        .iter()
                        .position(|b| b.promotions.contains(&p.token));
                    if let Some(k) = base.and_then(|b| image_of[b]).map(|k| k + 11)
                        && p.promoted
                        && k < 21
                        && !used[k]
                    {
                        image_of[i] = Some(k);
                        used[k] = true;
                        plus_image[k] = true;
                    }
                }
            }
        }
        let mut assign = |role: usize, image: usize| {
            if image_of[role].is_none() && !used[image] {
                image_of[role] = Some(image);
                used[image] = true;
            }
        };
        // The King image goes to the royal type; in a variant without one
        // (antichess: `royal` is past the types) to the type named King, or
        // else written K.
        let king = Some(royal.index())
            .filter(|&r| r < pieces.len())
            .or_else(|| {
                pieces
                    .iter()
                    .position(|p| XBOARD_IMAGES[21].2.contains(&p.name.as_str()))
            })
            // Or the type written K (Three Kings' Commoner).
            .or_else(|| pieces.iter().position(|p| p.token.to_string() == "K"));
        if let Some(k) = king {
            assign(k, 21);
        }
        if let Some(p) = pawn {
            assign(p.index(), 0);
        }
        for (i, p) in pieces.iter().enumerate() {
            if let Some(k) = standard_image(&p.betza) {
                assign(i, k);
            }
        }
        // A fairy image goes to a piece of its name.
        for (i, p) in pieces.iter().enumerate() {
            if let Some(k) = (5..21).find(|&k| XBOARD_IMAGES[k].2.contains(&p.name.as_str())) {
                assign(i, k);
            }
        }
        // Then a neutral image to the piece of its letter (not the
        // Grasshopper, which looks like a Queen, nor the Nightrider, Dragon
        // Horse and Unicorn, which look like Knights).
        for (i, l) in letter.iter().enumerate() {
            if let Some(&k) = NEUTRAL_IMAGES.iter().find(|&&k| XBOARD_IMAGES[k].0 == *l) {
                assign(i, k);
            }
        }
        for i in 0..pieces.len() {
            for k in FALLBACK_IMAGES {
                assign(i, k);
            }
        }
        let mut white = ['.'; 22];
        for (i, image) in image_of.iter().enumerate() {
            if let Some(k) = image {
                white[*k] = if plus_image[*k] { '+' } else { letter[i] };
            }
        }
        let white: String = white.iter().collect();
        let table = format!("{white}{}", white.to_ascii_lowercase());
        Letters { letter, table }
    }

    /// Gives the types of the tokens in `pairs` (`(token, letter)`, both
    /// uppercase) XBoard's letters instead (a variant XBoard knows under
    /// other letters, Xiangqi's Horse `H`).
    pub fn rename(&mut self, pairs: &[(char, char)]) {
        let before = self.letter.clone();
        for &(token, xboard) in pairs {
            if let Some(i) = before.iter().position(|&l| l == token) {
                self.letter[i] = xboard;
            }
        }
        let mut table = String::new();
        for c in self.table.chars() {
            let i = before.iter().position(|&l| l == c.to_ascii_uppercase());
            let new = i.map_or(c, |i| self.letter[i]);
            table.push(if c.is_ascii_lowercase() {
                new.to_ascii_lowercase()
            } else {
                new
            });
        }
        self.table = table;
    }

    /// A reader of XBoard's FENs and saved games that knows these letters.
    pub fn reader(&self, variant: &Variant) -> XboardPgn {
        self.reader_of(variant.pieces())
    }

    /// [`Letters::reader`] from a variant's piece types.
    pub fn reader_of(&self, pieces: &[PieceType]) -> XboardPgn {
        pieces
            .iter()
            .zip(&self.letter)
            .fold(XboardPgn::new(), |r, (p, &l)| {
                r.letter(l, &p.token.to_string())
            })
    }

    /// The XBoard letter of a piece type (uppercase).
    pub fn of(&self, role: Role) -> char {
        self.letter[role.index()]
    }

    /// The piece type an XBoard letter names (either case).
    pub fn role(&self, c: char) -> Option<Role> {
        let c = c.to_ascii_uppercase();
        self.letter
            .iter()
            .position(|&l| l == c)
            .map(|i| Role(i as u8))
    }
}

/// Whether two Betza strings name the same moves, for the simple strings of
/// `XBOARD_IMAGES`: equal, or the same atoms in another order (`RN`, `NR`),
/// or a doubled atom for its `0` form (`NN`, `N0`).
fn same_moves(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        let s = match s.as_bytes() {
            [x, y] if x == y && x.is_ascii_uppercase() => format!("{}0", *x as char),
            _ => s.to_string(),
        };
        let mut v: Vec<char> = s.chars().collect();
        if v.iter().all(|c| c.is_ascii_uppercase()) {
            v.sort_unstable();
        }
        v
    };
    norm(a) == norm(b)
}

/// A Betza string as XBoard reads it. XBoard has no atom for a leap such as
/// Meiriqi's `(4,1)` (this library's extension, see `docs/betza.md`), so a bare
/// `(x,y)` atom becomes the same leap as a chain of one-square orthogonal legs
/// that may pass over anything (`mp` on a non-final leg: XBoard's `moves.c`
/// lets such a leg end on an empty or an occupied square and go on):
/// `(4,1)` is `mpafmpafmpafmpasW`, four steps straight on and one turned aside.
/// Everything else is passed through unchanged.
pub fn xboard_betza(betza: &str) -> String {
    let mut out = String::new();
    let mut rest = betza;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        let leap = rest[open + 1..close].split_once(',').and_then(|(a, b)| {
            Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?))
        });
        let prefixed = rest[..open].ends_with(|c: char| c.is_ascii_lowercase());
        out.push_str(&rest[..open]);
        match leap {
            Some((a, b)) if !prefixed && a.max(b) > 0 && a != b && a.max(b) <= 16 => {
                let (long, short) = (a.max(b), a.min(b));
                let mut legs: Vec<&str> = vec![""];
                legs.extend(std::iter::repeat_n("f", long as usize - 1));
                if short > 0 {
                    legs.push("s");
                    legs.extend(std::iter::repeat_n("f", short as usize - 1));
                }
                let last = legs.len() - 1;
                for (i, dir) in legs.iter().enumerate() {
                    out.push_str(dir);
                    out.push_str(if i == last { "W" } else { "mpa" });
                }
            }
            _ => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// XBoard's board array: 16 files (`BOARD_FILES` in its `common.h`), the
/// holdings included, and 17 ranks (`BOARD_RANKS`), the last one hidden
/// (castling and en-passant state).
const XBOARD_FILES: usize = 16;
const XBOARD_RANKS: usize = 16;

/// Why XBoard (4.9.1) cannot show a board of `files` x `ranks` with
/// `holdings` holdings, if it cannot: each side's holdings take two columns
/// (the pieces and their counts, `holdingsWidth` 2 in its `backend.c`) of
/// its 16, so a variant with drops fits on at most 12 files. A `setup`
/// past these limits makes XBoard stop with its fatal error "Recompile to
/// support this BOARD_RANKS or BOARD_FILES!" (`InitPosition`). Holdings
/// more than the ranks fit: XBoard adds dead ranks above the board
/// (`deadRanks`, 4.9.1), and a hand holds at most 8 types.
pub fn xboard_limit(files: usize, ranks: usize, holdings: usize) -> Option<String> {
    let width = files + if holdings > 0 { 4 } else { 0 };
    let with = if holdings > 0 {
        format!(" and {holdings} holdings (two columns a side)")
    } else {
        String::new()
    };
    (width > XBOARD_FILES || ranks.max(holdings) > XBOARD_RANKS).then(|| {
        format!(
            "XBoard shows at most {XBOARD_FILES} files, holdings included (12 with drops), \
             and {XBOARD_RANKS} ranks: this {files}x{ranks} board{with} does not fit, and \
             XBoard stops on the setup that follows (\"Recompile to support this \
             BOARD_RANKS or BOARD_FILES!\"). Play this variant in a GUI with a larger board."
        )
    })
}

/// What decides whether XBoard judges the engine's claims (see
/// [`claim_at_once`]).
pub struct ClaimJudge<'a> {
    /// XBoard said `computer`: the opponent is an engine.
    pub opponent_engine: bool,
    /// XBoard knows the variant by its name (no `setup` was sent).
    pub known: bool,
    /// The variant has drops (XBoard judges no win claim there).
    pub drops: bool,
    /// The built-in's name.
    pub variant: &'a str,
}

/// Whether the engine reports at once the end `o` that its own move (as
/// `mover`) gave. XBoard judges an engine's claims only against another
/// engine and in the variants it knows (with legality testing, `backend.c`,
/// `GameEnds`: "False win claim", the claimer losing), and accepts a win
/// only where its own adjudication marked one: a checkmate, a stalemate in
/// Shatranj and Xiangqi (a loss there, as here), and Shatranj's bare King
/// only after the bared side's next move (XBoard's rule that the bared side
/// may bare back at once, as here, checked one move later: its
/// `Adjudicate`, `--bare < 0`). Any other win of the engine (a bare King at
/// once, Courier's, which XBoard never marks) waits: the side that lost
/// says so (XBoard accepts a loss), or XBoard adjudicates, or the opponent
/// moves and the engine claims then. Draws and the engine's own losses (a
/// perpetual check it gave) go at once. In atomic XBoard's mate is not the
/// variant's (its King may capture, so a Queen beside it gives no mate:
/// "False win claim" in XBoard 4.9.1), so a mate waits there too.
pub fn claim_at_once(judge: &ClaimJudge<'_>, o: betza::Outcome, mover: Color) -> bool {
    let stalemate_loses = ["shatranj", "xiangqi"].contains(&judge.variant);
    let xboard_mates = judge.variant != "atomic";
    !judge.opponent_engine
        || !judge.known
        || judge.drops
        || o.winner != Some(mover)
        || (o.reason == EndReason::Checkmate && xboard_mates)
        || (o.reason == EndReason::Stalemate && stalemate_loses)
}

/// Plays the protocol from `input` to `output` until `quit` or the end of the
/// input.
pub fn run(opts: &Options, input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut extra = Vec::new();
    for path in &opts.variant_files {
        let v =
            load::variant_file(path).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        extra.push(v);
    }
    let chess: VariantRef = Variant::by_name("chess").expect("built in").into();
    let adapter = Adapter::new(opts, extra, output, chess.into());
    let mut session = Some(Session::Small(Box::new(adapter)));
    for line in input.lines() {
        let line = line?;
        let go_on = Session::command(&mut session, line.trim())?;
        session.as_mut().expect("a session").flush()?;
        if !go_on {
            break;
        }
    }
    session.as_mut().expect("a session").flush()
}

/// The adapter of the current game's board type: the one match on the
/// board type, at `new` and `variant` (a game of XBoard's Chu Shogi after
/// one of chess switches from the small board type to the large one).
enum Session<W> {
    Small(Box<Adapter<Small, W>>),
    Large(Box<Adapter<Large, W>>),
    Huge(Box<Adapter<Huge, W>>),
}

/// Runs a body on the adapter inside a [`Session`].
macro_rules! with_adapter {
    ($s:expr, |$a:ident| $body:expr) => {
        match $s {
            Session::Small($a) => $body,
            Session::Large($a) => $body,
            Session::Huge($a) => $body,
        }
    };
}

impl<W: Write> Session<W> {
    /// Handles one command, switching the board type where it asks to;
    /// `false` to stop.
    fn command(session: &mut Option<Session<W>>, line: &str) -> io::Result<bool> {
        let s = session.as_mut().expect("a session");
        match with_adapter!(s, |a| a.command(line))? {
            Next::Go => Ok(true),
            Next::Quit => Ok(false),
            Next::Switch(v, known, then) => {
                let old = session.take().expect("a session");
                let mut new = with_adapter!(old, |a| match v {
                    AnyVariant::Small(v) => Session::Small(Box::new(a.switch(v, known))),
                    AnyVariant::Large(v) => Session::Large(Box::new(a.switch(v, known))),
                    AnyVariant::Huge(v) => Session::Huge(Box::new(a.switch(v, known))),
                });
                let sent = with_adapter!(&mut new, |a| a.announce(then));
                *session = Some(new);
                sent.map(|()| true)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        with_adapter!(self, |a| a.out.flush())
    }
}

/// What a command asks of the [`Session`].
enum Next {
    Go,
    Quit,
    /// A new game of this variant (`known`: XBoard plays it by itself),
    /// then what to tell XBoard.
    Switch(AnyVariant, bool, Announce),
}

/// What the engine tells XBoard of a variant it switches to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Announce {
    Nothing,
    /// `setup` and `piece`: XBoard does not know the variant.
    Setup,
    /// `setup FEN`: XBoard knows it, with another start.
    Start,
    /// Nothing: the game starts from XBoard's start of the variant, this FEN.
    Play(&'static str),
}

struct Adapter<B: Board, W> {
    out: W,
    ranks_from_1: bool,
    rng: Rng,
    variant: BoardVariant<B>,
    /// The variants of `--variant-file`.
    extra: Vec<AnyVariant>,
    letters: Letters,
    values: Values,
    game: Game<B>,
    /// Force mode: the engine plays neither side.
    force: bool,
    /// The side the engine plays when not in force mode.
    engine_side: Color,
    /// The game's end has been reported (or the GUI said `result`).
    finished: bool,
    /// The opponent is an engine (XBoard's `computer`, sent in its Two
    /// Machines mode, the only one where it judges claims).
    opponent_engine: bool,
    /// The engine's own move won the game by a rule XBoard does not see
    /// yet, and the claim waits for the opponent's next move (see
    /// [`claim_at_once`]).
    claim_pending: bool,
    /// Why the last `setboard` was refused, if it was.
    bad_position: Option<String>,
    /// XBoard knows the variant's rules (no `setup` was sent).
    known: bool,
    /// What the user holds since the last `lift`, for the `put` that follows.
    held: Option<Held>,
}

/// What the user holds in XBoard between `lift` and `put`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Held {
    /// A piece lifted from this square of the board.
    Piece(Square),
    /// A piece of this type taken from a holding (a drop to come).
    Hand(Role),
    /// A piece lifted from `from` and put on `via`, a square it captures on
    /// the way (marked cyan): the second leg comes (XBoard then sends `lift`
    /// of `via`).
    Leg { from: Square, via: Square },
}

impl<B: Board, W: Write> Adapter<B, W> {
    fn new(opts: &Options, extra: Vec<AnyVariant>, out: W, variant: BoardVariant<B>) -> Self {
        Adapter {
            out,
            ranks_from_1: opts.ranks_from_1,
            rng: Rng::new(opts.seed.unwrap_or_else(engine::clock_seed)),
            letters: Letters::for_board(&variant),
            values: Values::new(&variant),
            game: variant.new_game(),
            variant,
            extra,
            force: false,
            engine_side: Color::Black,
            finished: false,
            opponent_engine: false,
            claim_pending: false,
            bad_position: None,
            known: true,
            held: None,
        }
    }

    /// The adapter of a new game of `variant`, keeping the session's state
    /// (output, seed, force mode, the engine's side); `known`: XBoard plays
    /// it by itself, with its own letters for the pieces.
    fn switch<C: Board>(self, variant: BoardVariant<C>, known: bool) -> Adapter<C, W> {
        let mut letters = Letters::for_board(&variant);
        if known {
            letters.rename(xboard_renames(variant.name()));
        }
        Adapter {
            out: self.out,
            ranks_from_1: self.ranks_from_1,
            rng: self.rng,
            letters,
            values: Values::new(&variant),
            game: variant.new_game(),
            variant,
            extra: self.extra,
            force: self.force,
            engine_side: self.engine_side,
            finished: false,
            opponent_engine: self.opponent_engine,
            claim_pending: false,
            bad_position: None,
            known,
            held: None,
        }
    }

    /// Tells XBoard what it needs of the variant just switched to.
    fn announce(&mut self, what: Announce) -> io::Result<()> {
        match what {
            Announce::Nothing => Ok(()),
            Announce::Setup => self.send_setup(),
            Announce::Start => {
                let fen = self.fen_to_xboard(self.variant.start_fen());
                writeln!(self.out, "setup {fen}")
            }
            Announce::Play(fen) => {
                self.game = self
                    .variant
                    .game_from_fen(fen)
                    .expect("XBoard's start is a position of the variant");
                Ok(())
            }
        }
    }

    /// Handles one command.
    fn command(&mut self, line: &str) -> io::Result<Next> {
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "quit" => return Ok(Next::Quit),
            "xboard" => {}
            "protover" => {
                // Each name once: a later built-in of a name already given
                // (Fairy-Stockfish's `normal`, chess under XBoard's name)
                // is what `variant NAME` could not reach.
                let mut names: Vec<&str> = Vec::new();
                // A turn with a wall (duck chess) has no XBoard move text;
                // a promotion in place (Sittuyin) or a King in hand
                // (placement) none that XBoard plays; first moves
                // (Cambodian's King leap) no `piece` line that XBoard's
                // legality test would follow.
                let builtins = AnyVariant::builtin_names()
                    .iter()
                    .filter(|&&b| {
                        AnyVariant::by_name(b).is_ok_and(|v| {
                            let r = &v.definition().rules;
                            r.wall.is_none()
                                && r.first_moves.is_empty()
                                && in_place_refusal(&v).is_none()
                        })
                    })
                    .filter(|&&b| !self.extra.iter().any(|e| e.name() == b))
                    .map(|&b| protocol_name(b).0)
                    .filter(|&p| !self.extra.iter().any(|e| e.name() == p));
                for name in builtins.chain(self.extra.iter().map(|e| e.name())) {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
                writeln!(
                    self.out,
                    "feature myname=\"betza {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 colors=0 \
                     san=0 time=0 draw=0 sigint=0 sigterm=0 highlight=1 done=1",
                    env!("CARGO_PKG_VERSION"),
                    names.join(",")
                )?;
            }
            "new" => {
                self.force = false;
                self.opponent_engine = false;
                self.engine_side = Color::Black;
                let chess = Variant::by_name("chess").expect("built in");
                return Ok(Next::Switch(chess.into(), true, Announce::Nothing));
            }
            "variant" => {
                let file = self.extra.iter().find(|e| e.name() == arg).cloned();
                let builtin = AnyVariant::builtin_names()
                    .iter()
                    .find(|&&b| b == arg || protocol_name(b).0 == arg);
                match (file, builtin) {
                    // XBoard knows no variant of a file: it gets `setup`.
                    (Some(v), _) => return Ok(Next::Switch(v, false, Announce::Setup)),
                    (None, Some(&name)) => {
                        let v = AnyVariant::by_name(name).expect("built in");
                        if let Some(why) = in_place_refusal(&v) {
                            writeln!(self.out, "tellusererror {why}")?;
                            writeln!(self.out, "Error (unsupported variant): {arg}")?;
                            return Ok(Next::Go);
                        }
                        let (known, then) = match protocol_name(name).1 {
                            Known::No => (false, Announce::Setup),
                            Known::Yes {
                                start: Start::Engine,
                            } => (true, Announce::Start),
                            Known::Yes { start: Start::Same } => (true, Announce::Nothing),
                            Known::Yes {
                                start: Start::Xboard(fen),
                            } => (true, Announce::Play(fen)),
                        };
                        return Ok(Next::Switch(v, known, then));
                    }
                    (None, None) => writeln!(self.out, "Error (unsupported variant): {arg}")?,
                }
            }
            "setboard" => self.setboard(arg),
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.game.position().side_to_move();
                self.think()?;
            }
            "playother" => {
                self.force = false;
                self.engine_side = self.game.position().side_to_move().opposite();
            }
            "usermove" => self.user_move(arg)?,
            "undo" => {
                self.game.undo();
                self.finished = false;
                self.claim_pending = false;
            }
            "remove" => {
                self.game.undo();
                self.game.undo();
                self.finished = false;
                self.claim_pending = false;
            }
            "computer" => self.opponent_engine = true,
            "result" => {
                self.finished = true;
                self.force = true;
                self.claim_pending = false;
            }
            "ping" => writeln!(self.out, "pong {arg}")?,
            "lift" => self.highlight(arg)?,
            "put" => self.put(arg)?,
            // Commands that need no answer from an engine that thinks for no
            // time, keeps no clock and has no options.
            "accepted" | "rejected" | "random" | "level" | "st" | "sd" | "nps" | "time"
            | "otim" | "post" | "nopost" | "hard" | "easy" | "name" | "rating" | "ics" | "?"
            | "draw" | "hint" | "bk" | "memory" | "cores" | "egtpath" | "option" | "hover"
            | "." => {}
            _ if self.looks_like_move(cmd) && arg.is_empty() => self.user_move(cmd)?,
            _ => writeln!(self.out, "Error (unknown command): {line}")?,
        }
        Ok(Next::Go)
    }

    /// The board size, start position and pieces of a variant XBoard does not
    /// know.
    fn send_setup(&mut self) -> io::Result<()> {
        let v = self.variant.clone();
        let size = v.size();
        let fen = self.fen_to_xboard(v.start_fen());
        // With drops: XBoard's holdings, one per type a hand may hold, and
        // the parent whose drop rules are closest (shogi: captured pieces
        // return unpromoted; crazyhouse: as they were).
        let hand = v.hand_roles().len();
        let (holdings, parent) = match &v.definition().drops {
            None => (0, "fairy"),
            Some(d) => (
                hand,
                match d.captured {
                    CapturedRule::Marked => "crazyhouse",
                    // XBoard's bughouse fills no holding with captures
                    // (`backend.c`, `ApplyMove`): placement's setup phase.
                    CapturedRule::Lost => "bughouse",
                    _ => "shogi",
                },
            ),
        };
        // Past XBoard's board the `setup` still goes (another GUI may show
        // it), after a word to the user on what XBoard will do.
        if let Some(why) = xboard_limit(size.files().into(), size.ranks().into(), holdings) {
            writeln!(self.out, "tellusererror {why}")?;
        }
        writeln!(
            self.out,
            "setup ({}) {}x{}+{holdings}_{parent} {fen}",
            self.letters.table,
            size.files(),
            size.ranks()
        )?;
        for (i, p) in v.pieces().iter().enumerate() {
            // A `+` type is its base's promoted partner: XBoard names it so.
            if p.token.plus() && self.plus_promotions() {
                continue;
            }
            writeln!(
                self.out,
                "piece {}& {}",
                self.letters.of(Role(i as u8)),
                xboard_betza(&p.betza)
            )?;
        }
        Ok(())
    }

    /// Sets up a position. A position refused is reported only when the game
    /// is to go on from it (`go`, a move): XBoard also sends the unfinished
    /// boards of its Edit Position mode, which would otherwise pop up errors
    /// while the user is still placing pieces.
    fn setboard(&mut self, fen: &str) {
        let game = self
            .fen_from_xboard(fen)
            .and_then(|ours| self.variant.game_from_fen(&ours).map_err(|e| e.to_string()));
        match game {
            Ok(game) => {
                self.game = game;
                self.finished = false;
                self.claim_pending = false;
                self.bad_position = None;
            }
            Err(e) => self.bad_position = Some(e),
        }
    }

    /// Says so, and `true`, if the last `setboard` was refused.
    fn refuse_bad_position(&mut self) -> io::Result<bool> {
        match &self.bad_position {
            Some(e) => {
                writeln!(self.out, "tellusererror Illegal position: {e}")?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Plays the opponent's move, then the engine's answer if it is to move.
    fn user_move(&mut self, text: &str) -> io::Result<()> {
        if self.refuse_bad_position()? {
            return Ok(());
        }
        // The opponent moved on after the engine's win that XBoard did not
        // see at once (a bare King in Shatranj): XBoard sees it now.
        if self.claim_pending {
            self.claim_pending = false;
            self.finished = false;
            self.report_end()?;
            return Ok(());
        }
        // Over by a rule of the game's history (a repetition), say.
        if self.game.outcome().is_some() {
            return writeln!(self.out, "Illegal move (the game is over): {text}");
        }
        let pos = *self.game.position();
        let m = match self.parse_move(&pos, text) {
            Ok(m) => m,
            Err(reason) => {
                if let Some(help) = self.promotion_help(&pos, text) {
                    writeln!(self.out, "tellusererror {help}")?;
                }
                return writeln!(self.out, "Illegal move ({reason}): {text}");
            }
        };
        self.game.play(&m).expect("a legal move");
        self.finished = false;
        if self.report_end()? {
            return Ok(());
        }
        if !self.force && self.game.position().side_to_move() == self.engine_side {
            self.think()?;
        }
        Ok(())
    }

    /// For a move refused for its promotion letter where the piece has a
    /// choice: what XBoard sent and how to choose in XBoard. A piece dropped
    /// by drag on a magenta square carries XBoard's default (its Queen,
    /// `q`), sent before the engine's `choice` can arrive; the engine cannot
    /// play another type than XBoard shows, so it refuses the move and XBoard
    /// takes it back.
    fn promotion_help(&self, pos: &Position<'_, B>, text: &str) -> Option<String> {
        let b = text.as_bytes();
        let (from, n1) = self.parse_square(b)?;
        let (to, n2) = self.parse_square(&b[n1..])?;
        let sent = text.get(n1 + n2..).filter(|s| !s.is_empty())?;
        let letters = self.choices(pos, from, to);
        if letters.len() < 2 || pos.moves_between(from, to).is_empty() {
            return None;
        }
        let v = &self.variant;
        let name = |c: char| {
            self.letters
                .role(c)
                .map_or(String::new(), |r| v.piece(r).name.clone())
        };
        let piece = pos.piece_at(from)?.role;
        let ways: Vec<String> = letters
            .chars()
            .map(|c| {
                if self.letters.role(c) == Some(piece) {
                    format!("stay {} ({c})", name(c))
                } else {
                    format!("become {} ({c})", name(c))
                }
            })
            .collect();
        // `\\` first: XBoard then expands the `\n`s (its `EscapeExpand`).
        let (name, to) = (&v.piece(piece).name, self.square_to_xboard(to));
        Some(format!(
            "\\\\The {name} may {} on {to}; XBoard sent '{sent}'.\\nTo choose: click the \
             {name}, then press the mouse button on {to} and hold it,\\nmove the mouse up or \
             down until the piece you want shows, and release\\n(Options > General > Almost \
             Always Queen must be on; its promotion box offers chess pieces only).",
            ways.join(" or "),
        ))
    }

    /// Chooses and plays the engine's move.
    fn think(&mut self) -> io::Result<()> {
        if self.refuse_bad_position()? || self.report_end()? {
            return Ok(());
        }
        let pos = *self.game.position();
        let Some(m) = engine::choose_move(&pos, &self.values, &mut self.rng) else {
            return Ok(());
        };
        let text = self.move_to_xboard(&pos, &m);
        self.game.play(&m).expect("a legal move");
        writeln!(self.out, "move {text}")?;
        match self.game.outcome() {
            Some(o) if !self.claim_now(o) => {
                self.claim_pending = true;
                self.finished = true;
            }
            _ => {
                self.report_end()?;
            }
        }
        Ok(())
    }

    /// Whether the end `o` that the engine's own move gave is reported at
    /// once ([`claim_at_once`]).
    fn claim_now(&self, o: betza::Outcome) -> bool {
        let mover = self.game.position().side_to_move().opposite();
        claim_at_once(
            &ClaimJudge {
                opponent_engine: self.opponent_engine,
                known: self.known,
                drops: self.variant.definition().drops.is_some(),
                variant: self.variant.name(),
            },
            o,
            mover,
        )
    }

    /// Sends `RESULT {comment}` once when the rules have ended the game;
    /// `true` if the game is over.
    fn report_end(&mut self) -> io::Result<bool> {
        let Some(outcome) = self.game.outcome() else {
            return Ok(false);
        };
        if self.finished {
            return Ok(true);
        }
        self.finished = true;
        let loser = self.game.position().side_to_move();
        let (result, comment) = match (outcome.winner, outcome.reason) {
            (Some(Color::White), EndReason::Checkmate) => ("1-0", "White mates".to_string()),
            (Some(Color::Black), EndReason::Checkmate) => ("0-1", "Black mates".to_string()),
            (None, EndReason::Stalemate) => ("1/2-1/2", "Stalemate".to_string()),
            // Every other rule, named: "Draw by perpetual check", ...
            (None, reason) => ("1/2-1/2", format!("Draw by {reason}")),
            (Some(w), EndReason::RoyalCaptured) => (
                if w == Color::White { "1-0" } else { "0-1" },
                format!("{} captures the last royal piece", side(w)),
            ),
            (Some(w), EndReason::Stalemate) => (
                if w == Color::White { "1-0" } else { "0-1" },
                format!("{} has no legal move and loses", side(loser)),
            ),
            // Every other rule, named: "Black wins by perpetual check", ...
            (Some(w), reason) => (
                if w == Color::White { "1-0" } else { "0-1" },
                format!("{} wins by {reason}", side(w)),
            ),
        };
        writeln!(self.out, "{result} {{{comment}}}")?;
        Ok(true)
    }

    /// Answers `lift SQUARE` with the legal targets of what the user picks
    /// up (`highlight`): the piece on a square of the board, a piece of a
    /// holding (its drops), or, after a `put` on a square the piece
    /// captures on the way, the ends of the moves through that square.
    fn highlight(&mut self, square: &str) -> io::Result<()> {
        let pos = *self.game.position();
        if let Some((color, role)) = self.parse_holding(square) {
            // XBoard's holdings are squares beside the board: drops, of the
            // side to move.
            self.held = role.map(Held::Hand);
            let mut marks = vec![None; pos.size().squares()];
            let ours = color == pos.side_to_move();
            for m in pos.legal_moves().iter() {
                if ours && m.is_drop() && Some(m.role()) == role {
                    marks[m.to().index()] = Some('Y');
                }
            }
            return writeln!(self.out, "highlight {}", self.color_fen(&marks));
        }
        let lifted = match self.parse_square(square.as_bytes()) {
            Some((sq, n)) if n == square.len() => sq,
            _ => return writeln!(self.out, "Error (bad square): lift {square}"),
        };
        // XBoard lifts the square of the first leg again after the `put`
        // there: the piece is still on its square, on its way through.
        if let Some(Held::Leg { from, via }) = self.held
            && via == lifted
        {
            let marks = self.second_leg_marks(&pos, from, via);
            return writeln!(self.out, "highlight {}", self.color_fen(&marks));
        }
        let from = lifted;
        self.held = Some(Held::Piece(from));
        let mut marks = vec![None; pos.size().squares()];
        // The `choice` of each promotion square; if they are all the same,
        // XBoard gets it now too (see below).
        let mut choices: Vec<String> = Vec::new();
        for m in pos.legal_moves().iter().filter(|m| m.from() == from) {
            // Cyan: a square captured on the way, the first leg of a
            // multi-leg move (XBoard waits there for the second leg, as in
            // its own Chu Shogi); a move over an empty square goes as the
            // single move to its end (see `move_to_xboard`).
            if let Some(via) = m.via().filter(|&v| pos.piece_at(v).is_some()) {
                marks[via.index()] = Some('C');
            }
            let mark = &mut marks[m.to().index()];
            if mark.is_some() || m.via().is_some_and(|v| pos.piece_at(v).is_some()) {
                continue;
            }
            // Magenta: a choice (promote or not, or to which type), made by
            // sweeping; blue: one way only (a promotion the rules impose,
            // or the piece's own letter where XBoard would take the move
            // for a promotion), which XBoard waits for on `put` and plays,
            // by drag too.
            let letters = self.choices(&pos, from, m.to());
            *mark = Some(match letters.len() {
                0 if m.is_capture() => 'R',
                0 => 'Y',
                1 => 'B',
                _ => 'M',
            });
            if !letters.is_empty() && !choices.contains(&letters) {
                choices.push(letters);
            }
        }
        writeln!(self.out, "highlight {}", self.color_fen(&marks))?;
        // A piece XBoard draws as a Pawn (or Lance) about to promote makes
        // it preview its default Queen while the piece is dragged, and a
        // drag then sends that letter. The choice sent now, while the
        // piece is still held, replaces that preview with the rules'
        // choices, so a drag sends a letter the move can take.
        if let [only] = choices.as_slice() {
            writeln!(self.out, "choice {only}")?;
        }
        Ok(())
    }

    /// The second leg's marks of a piece on `from` that captures on `via`:
    /// the ends of its moves through `via` (its own square for a capture
    /// and return, igui), and `via` itself where the piece may also stop
    /// there (XBoard takes a second click on `via` for that single move).
    fn second_leg_marks(
        &self,
        pos: &Position<'_, B>,
        from: Square,
        via: Square,
    ) -> Vec<Option<char>> {
        let mut marks = vec![None; pos.size().squares()];
        for m in pos.legal_moves().iter().filter(|m| m.from() == from) {
            let end = match m.via() {
                Some(v) if v == via => m.to(),
                None if m.to() == via => via,
                _ => continue,
            };
            let taken = end != from && pos.piece_at(end).is_some();
            let mark = &mut marks[end.index()];
            if mark.is_none() || taken {
                *mark = Some(if taken { 'R' } else { 'Y' });
            }
        }
        marks
    }

    /// A board of marks as XBoard's `highlight` writes it (a FEN of colour
    /// letters, the top rank first).
    fn color_fen(&self, marks: &[Option<char>]) -> String {
        let size = self.variant.size();
        let mut rows = Vec::new();
        for rank in (0..size.ranks() as i32).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..size.files() as i32 {
                let sq = size.square(file, rank).expect("on the board");
                match marks[sq.index()] {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
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

    /// Reads a square of XBoard's holdings (`lift k6`): `Some` with the
    /// side and the type of that holding (`None` for a holding no type of
    /// this variant fills); `None` for another square. XBoard numbers its board
    /// array's columns from the left holdings, so White's holdings are the
    /// second column right of the board (`k` beside shogi's 9 files, the
    /// first being the counts) and Black's the second left of it (`_`,
    /// two before `a`); White's holding `n` is on rank `n` from the bottom
    /// (counting from 0), Black's from the top (`backend.c`, `ReportClick`,
    /// `PieceToNumber`).
    fn parse_holding(&self, square: &str) -> Option<(Color, Option<Role>)> {
        let size = self.variant.size();
        if self.variant.hand_roles().is_empty() {
            return None;
        }
        let mut chars = square.chars();
        let file = chars.next()?;
        let white = file == char::from(b'a' + size.files() + 1);
        if !white && file != '_' {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        let y = rank.checked_sub(usize::from(!self.zero_based()))?;
        let ranks = usize::from(size.ranks());
        if y >= ranks {
            return None;
        }
        let n = if white { y } else { ranks - 1 - y };
        let color = if white { Color::White } else { Color::Black };
        Some((color, self.holding_role(n)))
    }

    /// The type in XBoard's holding `n`: holdings are numbered by the
    /// images in use in the piece table, in its order, skipping those
    /// written `.` (not used) and `+` (promoted partners), as XBoard's
    /// `PieceToNumber` does.
    fn holding_role(&self, n: usize) -> Option<Role> {
        let own = XBOARD_DROP_TABLES
            .iter()
            .find(|t| self.known && t.0 == self.variant.name())
            .map(|t| t.1);
        let table = own.unwrap_or(&self.letters.table);
        let white: Vec<char> = table.chars().take(XBOARD_IMAGES.len()).collect();
        let letter = white.into_iter().filter(|&c| c != '.' && c != '+').nth(n)?;
        self.letters
            .role(letter)
            .filter(|r| self.variant.hand_roles().contains(r))
    }

    /// Answers `put SQUARE` after a `lift`. On a square the piece captures
    /// on the way (marked cyan), the first leg of a multi-leg move: nothing
    /// yet, the `lift` of that square follows. Where the move may promote,
    /// or goes to the last rank without promoting, the pieces it may
    /// become, the default first (`choice JN`, `choice P`), so that XBoard
    /// offers exactly those and sends the letter with the move.
    fn put(&mut self, square: &str) -> io::Result<()> {
        let (from, first) = match self.held.take() {
            Some(Held::Piece(from)) => (from, true),
            Some(Held::Leg { from, .. }) => (from, false),
            Some(Held::Hand(_)) | None => return Ok(()),
        };
        // XBoard appends ',' when Ctrl is held (a request to go on entering
        // a multi-leg move).
        let square = square.strip_suffix(',').unwrap_or(square);
        let to = match self.parse_square(square.as_bytes()) {
            Some((sq, n)) if n == square.len() => sq,
            _ => return writeln!(self.out, "Error (bad square): put {square}"),
        };
        let pos = *self.game.position();
        let first_leg = first
            && pos
                .legal_moves()
                .iter()
                .any(|m| m.from() == from && m.via() == Some(to) && pos.piece_at(to).is_some());
        if first_leg {
            self.held = Some(Held::Leg { from, via: to });
            return Ok(());
        }
        let letters = self.choices(&pos, from, to);
        if letters.is_empty() {
            return Ok(());
        }
        writeln!(self.out, "choice {letters}")
    }

    /// The letters a piece may become moving from `from` to `to`, the
    /// default (promoting) first, the piece's own where it may stay; empty
    /// where XBoard needs no choice (no promotion, and not a last-rank move
    /// XBoard would take for one).
    fn choices(&self, pos: &Position<'_, B>, from: Square, to: Square) -> String {
        let options = pos.moves_between(from, to);
        let mut letters: String = options
            .iter()
            .filter_map(|m| m.promotion())
            .map(|r| self.letters.of(r))
            .collect();
        let plain = options.iter().find(|m| m.promotion().is_none());
        if let Some(m) = plain
            && (!letters.is_empty() || self.stays_on_last_rank(pos, m))
        {
            letters.push(self.letters.of(m.role()));
        }
        letters
    }

    /// Whether `m` goes to the mover's last rank without promoting, in a
    /// variant XBoard does not know, with a piece XBoard draws as its Pawn
    /// (the table's first image): XBoard would read it as a promotion (to a
    /// Queen) unless it carries the piece's own letter. Another piece's
    /// letter there is a promotion XBoard refuses (XBoard 4.9.1 forfeited
    /// the engine for a Knight's `g3f1n`, and for a Horse's `e9b12h`, a
    /// piece it writes as `+` and its base's letter).
    fn stays_on_last_rank(&self, pos: &Position<'_, B>, m: &Move) -> bool {
        let size = pos.size();
        let last = match pos.side_to_move() {
            Color::White => size.ranks() - 1,
            Color::Black => 0,
        };
        let letter = self.letters.of(m.role());
        let pawn_image = self.letters.table.starts_with(letter);
        let plus = self.plus_promotions() && self.variant.piece(m.role()).token.plus();
        !self.known && pawn_image && !plus && m.promotion().is_none() && size.rank(m.to()) == last
    }

    /// Whether ranks go over the wire as `0`..`9` (XBoard's 10-rank boards).
    fn zero_based(&self) -> bool {
        self.variant.size().ranks() == 10 && !self.ranks_from_1
    }

    /// A square as XBoard writes it.
    fn square_to_xboard(&self, sq: Square) -> String {
        let size = self.variant.size();
        let file = (b'a' + size.file(sq)) as char;
        let rank = u32::from(size.rank(sq)) + u32::from(!self.zero_based());
        format!("{file}{rank}")
    }

    /// Reads a square at the start of `b`; returns it and the bytes used.
    fn parse_square(&self, b: &[u8]) -> Option<(Square, usize)> {
        let size = self.variant.size();
        let file = b.first()?.checked_sub(b'a')?;
        let digit = |i: usize| {
            b.get(i)
                .filter(|c| c.is_ascii_digit())
                .map(|c| i32::from(c - b'0'))
        };
        let d1 = digit(1)?;
        if self.zero_based() {
            return size.square(i32::from(file), d1).map(|s| (s, 2));
        }
        if let Some(d2) = digit(2).filter(|_| d1 > 0)
            && let Some(s) = size.square(i32::from(file), d1 * 10 + d2 - 1)
        {
            return Some((s, 3));
        }
        size.square(i32::from(file), d1 - 1).map(|s| (s, 2))
    }

    fn looks_like_move(&self, text: &str) -> bool {
        self.parse_square(text.as_bytes())
            .is_some_and(|(_, n)| self.parse_square(&text.as_bytes()[n..]).is_some())
    }

    /// Finds the legal move an XBoard move names, or says why there is none.
    fn parse_move(&self, pos: &Position<'_, B>, text: &str) -> Result<Move, String> {
        if text == "@@@@" {
            // XBoard's null move, how its Chu Shogi writes a Lion's pass
            // (see `move_to_xboard`): a step out to an empty square and
            // back, the same for every piece that may pass.
            if pos.outcome().is_some() {
                return Err("the game is over".into());
            }
            return pos
                .legal_moves()
                .iter()
                .find(|m| m.from() == m.to() && m.via().is_some_and(|v| pos.piece_at(v).is_none()))
                .copied()
                .ok_or_else(|| "no piece may pass here".into());
        }
        if let Some((piece, square)) = text.split_once('@') {
            return self.parse_drop(pos, piece, square);
        }
        // Castling as XBoard sends it in its shuffled variants (`O-O`,
        // `O-O-O`), read in any variant with castling.
        if text.starts_with("O-O") {
            if pos.outcome().is_some() {
                return Err("the game is over".into());
            }
            return pos.parse_san(text).map_err(|e| e.to_string());
        }
        // Gating (XBoard's S-Chess): the library reads the gated piece's
        // letter after the move (`b1c3h`, and `h1e1h` for castling that
        // gates on the Rook's square), as XBoard writes it.
        if self.variant.definition().rules.gating {
            match pos.parse_move(text) {
                Ok(m) => return Ok(m),
                Err(e @ betza::MoveError::Gate { .. }) => return Err(e.to_string()),
                Err(_) => {}
            }
        }
        let b = text.as_bytes();
        let not_a_move = || "not a move".to_string();
        let (from, n1) = self.parse_square(b).ok_or_else(not_a_move)?;
        let (mut to, n2) = self.parse_square(&b[n1..]).ok_or_else(not_a_move)?;
        let mut suffix = &text[n1 + n2..];
        // XBoard names a square captured on the way after ';': `d4e6;d5`
        // (its saved games and internal move list).
        let mut via = None;
        if let Some(rest) = suffix.strip_prefix(';') {
            let (v, n3) = self.parse_square(rest.as_bytes()).ok_or_else(not_a_move)?;
            via = Some(v);
            suffix = &rest[n3..];
        } else if let Some(rest) = suffix.strip_prefix(',') {
            // The protocol's two legs, `d4d5,d5e6` (XBoard's `backend.c`,
            // SendMoveToProgram): the first leg's destination is the square
            // passed (captured, or empty for the Lion's pass `d4d5,d5d4`),
            // where the second leg starts.
            let (leg, n3) = self.parse_square(rest.as_bytes()).ok_or_else(not_a_move)?;
            let (end, n4) = self
                .parse_square(&rest.as_bytes()[n3..])
                .ok_or_else(not_a_move)?;
            if leg != to {
                return Err("the second leg does not start where the first ends".into());
            }
            via = Some(to);
            to = end;
            suffix = &rest[n3 + n4..];
        }
        if pos.outcome().is_some() {
            return Err("the game is over".into());
        }
        let piece = pos.piece_at(from).ok_or("no piece there")?;
        if piece.color != pos.side_to_move() {
            return Err("not the side to move".into());
        }
        let all = pos.moves_between(from, to);
        let mut options = all.clone();
        options.retain(|m| m.via() == via);
        // Two legs over an empty square where the rules count the one move
        // with that result once (no `distinct-two-step`): that move.
        if options.is_empty() && via.is_some_and(|v| pos.piece_at(v).is_none()) {
            options = all;
            options.retain(|m| m.via().is_none() || m.via() == via);
        }
        if options.is_empty() {
            let pseudo = pos.pseudo_legal_moves();
            let named = |m: &&Move| m.from() == from && m.to() == to && m.via() == via;
            return Err(if pseudo.iter().any(|m| named(&m)) {
                "the King would be attacked".into()
            } else {
                "no such move".into()
            });
        }
        let plain = options.iter().find(|m| m.promotion().is_none()).copied();
        let promoting: Vec<Move> = options
            .iter()
            .filter(|m| m.promotion().is_some())
            .copied()
            .collect();
        let mut chars = suffix.chars();
        let chosen = match (chars.next(), chars.next()) {
            (None, _) => plain.or(match promoting.as_slice() {
                [only] => Some(*only),
                _ => None,
            }),
            (Some(_), Some(_)) => return Err(not_a_move()),
            (Some('='), None) => plain,
            // XBoard's shogi, legality testing off, may mark any move
            // into the zone `+`: without a promotion there it is the move.
            (Some('+'), None) => match promoting.as_slice() {
                [only] => Some(*only),
                [] if self.plus_promotions() => plain,
                _ => None,
            },
            (Some(c), None) => promoting
                .iter()
                .find(|m| m.promotion().map(|r| self.letters.of(r)) == Some(c.to_ascii_uppercase()))
                .copied()
                .or_else(|| plain.filter(|_| self.letters.role(c) == Some(piece.role))),
        };
        chosen.ok_or_else(|| {
            let mut ways: Vec<String> = promoting
                .iter()
                .filter_map(|m| m.promotion())
                .map(|r| format!("becomes {}", self.letters.of(r)))
                .collect();
            if plain.is_some() {
                ways.push(format!("stays {}", self.letters.of(piece.role)));
            }
            format!("this move {}", ways.join(" or "))
        })
    }

    /// Finds the legal drop `P@e5` names (the piece's letter in either case).
    fn parse_drop(&self, pos: &Position<'_, B>, piece: &str, square: &str) -> Result<Move, String> {
        let not_a_move = || "not a move".to_string();
        let mut chars = piece.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(not_a_move());
        };
        let role = self.letters.role(c).ok_or_else(not_a_move)?;
        let to = match self.parse_square(square.as_bytes()) {
            Some((sq, n)) if n == square.len() => sq,
            _ => return Err(not_a_move()),
        };
        if pos.outcome().is_some() {
            return Err("the game is over".into());
        }
        if pos.hand_count(pos.side_to_move(), role) == 0 {
            return Err("no such piece in hand".into());
        }
        pos.legal_moves()
            .iter()
            .find(|m| m.is_drop() && m.role() == role && m.to() == to)
            .copied()
            .ok_or_else(|| "no such drop".into())
    }

    /// Whether the variant castles from any start (Chess960's rule).
    fn any_start_castling(&self) -> bool {
        self.variant
            .definition()
            .castling
            .as_ref()
            .is_some_and(|c| c.any_start)
    }

    /// Whether promotions go as `+` and promoted pieces as `+` and the
    /// letter of their unpromoted type (XBoard's own shogi).
    fn plus_promotions(&self) -> bool {
        (self.known || self.letters.table.contains('+'))
            && self.variant.pieces().iter().any(|p| p.token.plus())
    }

    /// A move as XBoard writes it: squares, and the letter of the type a
    /// promotion makes; in a variant XBoard does not know, a move to the
    /// last rank that keeps the piece carries the piece's own letter
    /// (`e1e0p`: XBoard would otherwise draw a Queen there).
    fn move_to_xboard(&self, pos: &Position<'_, B>, m: &Move) -> String {
        if m.gate().is_some() {
            // S-Chess's gate: the library's text is XBoard's (`b1c3h`, `h1e1h`).
            return pos.move_text(m);
        }
        if m.is_drop() {
            let to = self.square_to_xboard(m.to());
            return format!("{}@{to}", self.letters.of(m.role()));
        }
        // Castling from a shuffled start goes as XBoard sends it, `O-O` or
        // `O-O-O`: the King's squares (`f1g1` beside a Rook on g1) are
        // ambiguous there, and XBoard's `fischerandom` sends the other
        // engine `O-O` whatever it was given.
        if m.is_castle() && self.any_start_castling() {
            let san = pos.san(m);
            return san.trim_end_matches(['+', '#']).to_string();
        }
        let mut s = self.square_to_xboard(m.from());
        // Over an empty square XBoard 4.9.1 misreads a Black piece's two
        // legs as castling (`backend.c`, SendMoveToProgram: a kill square
        // "of the mover's colour", which an empty square is for Black) and
        // forwards garbage (`h8h7,h7g8` reaches the other engine as
        // `h8g8,h7f8`). Such a move has the result of a single move: the
        // pass is XBoard's null move `@@@@`, the rest the plain move from
        // start to end (the Lion's jump).
        let empty_via = m.via().filter(|&v| pos.piece_at(v).is_none());
        if empty_via.is_some() && m.from() == m.to() {
            return "@@@@".into();
        }
        // A capture on the way goes as two legs: `d4d5,d5e6`.
        if let Some(via) = m.via().filter(|_| empty_via.is_none()) {
            let via = self.square_to_xboard(via);
            s.push_str(&via);
            s.push(',');
            s.push_str(&via);
        }
        s.push_str(&self.square_to_xboard(m.to()));
        if m.promotion().is_some() && self.plus_promotions() {
            s.push('+');
        } else if let Some(p) = m.promotion() {
            s.push(self.letters.of(p).to_ascii_lowercase());
        } else if self.stays_on_last_rank(pos, m) {
            s.push(self.letters.of(m.role()).to_ascii_lowercase());
        }
        s
    }

    /// A FEN of this library turned into XBoard's letters and squares.
    fn fen_to_xboard(&self, fen: &str) -> String {
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        let mut placement = String::new();
        let mut chars = fields[0].chars().peekable();
        while let Some(c) = chars.next() {
            let mut token = if c == '+' {
                match chars.next() {
                    Some(n) => format!("+{n}"),
                    None => break,
                }
            } else if c.is_ascii_alphabetic() {
                c.to_string()
            } else {
                placement.push(c);
                continue;
            };
            // A dressed letter (`N'`) is one token.
            if chars.next_if_eq(&'\'').is_some() {
                token.push('\'');
            }
            let upper = token.to_ascii_uppercase();
            let role = self
                .variant
                .pieces()
                .iter()
                .position(|p| p.token.to_string() == upper)
                .map(|i| Role(i as u8));
            if token.starts_with('+') && self.plus_promotions() {
                // XBoard's shogi writes a promoted piece as `+` and the
                // letter of its unpromoted type, as the library does.
                placement.push_str(&token);
                continue;
            }
            let l = role.map_or('?', |r| self.letters.of(r));
            placement.push(
                if c.is_ascii_lowercase() || token.ends_with(|t: char| t.is_ascii_lowercase()) {
                    l.to_ascii_lowercase()
                } else {
                    l
                },
            );
        }
        fields[0] = placement;
        if let Some(ep) = fields.get_mut(3)
            && let Some(sq) = self.variant.size().parse_square(ep)
        {
            *ep = self.square_to_xboard(sq);
        }
        fields.join(" ")
    }

    /// An XBoard FEN turned into this library's (the library's
    /// [`XboardPgn::fen`] with this adapter's letters and rank numbering):
    /// XBoard leaves out the castling and en-passant fields where the
    /// variant has none (`... w 0 1`), writes holdings in brackets, and its
    /// own letters. Says what is wrong with a FEN it cannot read.
    fn fen_from_xboard(&self, fen: &str) -> Result<String, String> {
        self.letters
            .reader_of(self.variant.pieces())
            .ranks_from_0(!self.ranks_from_1)
            .fen_in(&self.variant, fen)
            .map_err(|e| format!("{e} (XBoard's letters here: {})", self.letter_list()))
    }

    /// XBoard's letters of the variant's pieces, as `K King, ...`.
    fn letter_list(&self) -> String {
        self.variant
            .pieces()
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} {}", self.letters.of(Role(i as u8)), p.name))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{USAGE}");
            return std::process::ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return std::process::ExitCode::from(2);
        }
    };
    match run(&opts, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
