//! A perftree-style engine on this library, for trying `perft_diff` and for
//! its tests: `perft_engine (--variant V | --variant-file F) [--break RULE] DEPTH FEN [MOVES]`.
//!
//! It plays MOVES (one argument, move texts separated by spaces) from FEN,
//! then prints one `MOVE COUNT` line per move (COUNT: the leaves DEPTH-1 plies
//! below it), a blank line and the total, as perftree expects of an engine.
//!
//! Without `--break` it is honest: the library's legal moves. Each RULE makes
//! it wrong in one way, on purpose, by wrapping the library's own generation:
//!
//! - `en-passant`: never captures en passant;
//! - `optional-promotion`: never makes a promotion that is optional;
//! - `castling-through-check`: castles across attacked squares (it checks
//!   only the square the King lands on);
//! - `facing-kings`: ignores the rule that the Kings may not face each other;
//!   its own legality check filters the pseudo-legal moves;
//! - `drop-mate`: drops a Pawn (any type that may not mate by a drop) to
//!   give checkmate, as if the rule did not exist;
//! - `deep-en-passant`: lists en-passant captures of the position it is asked
//!   about, but forgets them in the plies below (an engine whose perft and
//!   move list disagree);
//! - `garbage`, `crash`, `hang`, `flood`, `bad-total`: misbehaves as an
//!   engine (output that is not perft, a panic, no end, endless output, a
//!   total that is not the sum of its lines).

#![allow(dead_code)]

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use betza::{
    AnyVariant, Board, BoardVariant, Color, Huge, Large, Move, Position, Small, with_board,
};

#[path = "support/placement.rs"]
mod placement;

/// The ways this engine can be made wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Break {
    /// Honest.
    None,
    /// No en-passant captures.
    EnPassant,
    /// No optional promotions.
    OptionalPromotion,
    /// Castling is checked only on the landing square.
    CastlingThroughCheck,
    /// No facing-Kings rule.
    FacingKings,
    /// Drops that checkmate are allowed for every type.
    DropMate,
    /// No en-passant captures below the first ply.
    DeepEnPassant,
    /// Prints text that is not perft output.
    Garbage,
    /// Panics after its first line.
    Crash,
    /// Never ends.
    Hang,
    /// Prints without end.
    Flood,
    /// Prints a wrong total.
    BadTotal,
}

impl Break {
    const NAMES: [(&'static str, Break); 12] = [
        ("none", Break::None),
        ("en-passant", Break::EnPassant),
        ("optional-promotion", Break::OptionalPromotion),
        ("castling-through-check", Break::CastlingThroughCheck),
        ("facing-kings", Break::FacingKings),
        ("drop-mate", Break::DropMate),
        ("deep-en-passant", Break::DeepEnPassant),
        ("garbage", Break::Garbage),
        ("crash", Break::Crash),
        ("hang", Break::Hang),
        ("flood", Break::Flood),
        ("bad-total", Break::BadTotal),
    ];
}

/// The engine's moves in `pos`, with its one fault.
pub fn moves(pos: &Position<'_>, fault: Break) -> Vec<Move> {
    let legal = pos.legal_moves();
    match fault {
        Break::EnPassant => legal.into_iter().filter(|m| !m.is_en_passant()).collect(),
        Break::OptionalPromotion => legal
            .into_iter()
            .filter(|m| m.promotion().is_none() || m.is_forced_promotion())
            .collect(),
        Break::FacingKings => pos
            .pseudo_legal_moves()
            .into_iter()
            .filter(|m| !king_capturable(&pos.play_unchecked(m)))
            .collect(),
        Break::DropMate => pos
            .pseudo_legal_moves()
            .into_iter()
            .filter(|m| {
                legal.contains(m) || (m.is_drop() && !king_capturable(&pos.play_unchecked(m)))
            })
            .collect(),
        Break::CastlingThroughCheck => {
            let mut list = legal.to_vec();
            list.extend(castles_through_check(pos));
            list
        }
        _ => legal.to_vec(),
    }
}

/// A board type the engine plays on: its moves with the one fault.
pub trait Faulty: Board {
    /// The engine's moves in `pos`.
    fn engine_moves(pos: &Position<'_, Self>, fault: Break) -> Vec<Move>;
}

impl Faulty for Small {
    fn engine_moves(pos: &Position<'_, Small>, fault: Break) -> Vec<Move> {
        moves(pos, fault)
    }
}

/// On a large board the engine is honest about the moves (its rule faults
/// ask the rules of small boards); the faults of its output stay.
impl Faulty for Large {
    fn engine_moves(pos: &Position<'_, Large>, _: Break) -> Vec<Move> {
        pos.legal_moves().to_vec()
    }
}

/// As on a large board.
impl Faulty for Huge {
    fn engine_moves(pos: &Position<'_, Huge>, _: Break) -> Vec<Move> {
        pos.legal_moves().to_vec()
    }
}

/// Whether the side to move has a pseudo-legal capture of the other King.
fn king_capturable(pos: &Position<'_>) -> bool {
    let royal = pos.variant().royal();
    pos.pseudo_legal_moves()
        .iter()
        .any(|m| m.captured() == Some(royal))
}

/// Castling moves that the library refuses only because the King crosses an
/// attacked square (or starts in check): those it makes with the enemy's
/// pieces other than the King taken off, whose path is empty on the real
/// board and whose landing square is safe.
fn castles_through_check(pos: &Position<'_>) -> Vec<Move> {
    let us = pos.side_to_move();
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let royal = pos.variant().royal();
    let board = placement::placement(pos, |_, p| p.filter(|p| p.color == us || p.role == royal));
    let rights: String = fields[2]
        .chars()
        .filter(|c| c.is_ascii_uppercase() == (us == Color::White))
        .collect();
    let rights = if rights.is_empty() {
        "-".into()
    } else {
        rights
    };
    let text = format!("{board} {} {rights} - 0 1", fields[1]);
    let Ok(bare) = Position::from_fen(pos.variant(), &text) else {
        return Vec::new(); // the bare board opens a line to the enemy King
    };
    let size = pos.size();
    let already = pos.legal_moves();
    bare.legal_moves()
        .into_iter()
        .filter(|m| m.is_castle() && !already.contains(m))
        .filter(|m| {
            // The Rook is the square besides the King's that the move empties.
            let after = bare.play_unchecked(m);
            let Some(rook) = size.all().into_iter().find(|&q| {
                q != m.from() && bare.piece_at(q).is_some() && after.piece_at(q).is_none()
            }) else {
                return false;
            };
            let rank = size.rank(m.from()) as i32;
            let (a, b) = (
                size.file(m.from()).min(size.file(rook)),
                size.file(m.from()).max(size.file(rook)),
            );
            let path_empty = (a + 1..b).all(|f| {
                pos.piece_at(size.square(f as i32, rank).expect("on the board"))
                    .is_none()
            });
            path_empty && !king_capturable(&pos.play_unchecked(m))
        })
        .collect()
}

/// Leaves `depth` plies below `pos`, by this engine's moves.
fn perft<B: Faulty>(pos: &Position<'_, B>, depth: u32, fault: Break) -> u64 {
    if depth == 0 {
        return 1;
    }
    B::engine_moves(pos, fault)
        .iter()
        .map(|m| perft(&pos.play_unchecked(m), depth - 1, fault))
        .sum()
}

fn fail(message: &str) -> ExitCode {
    eprintln!("perft_engine: {message}");
    eprintln!(
        "usage: perft_engine (--variant V | --variant-file F) [--break RULE] DEPTH FEN [MOVES]"
    );
    ExitCode::from(2)
}

/// Runs the engine on its arguments (without the program name).
pub fn run(args: Vec<OsString>) -> ExitCode {
    let mut args: Vec<String> = match args.into_iter().map(|a| a.into_string()).collect() {
        Ok(a) => a,
        Err(_) => return fail("an argument is not valid UTF-8"),
    };
    let mut variant = None;
    let mut fault = Break::None;
    while args.first().is_some_and(|a| a.starts_with("--")) {
        let flag = args.remove(0);
        if args.is_empty() {
            return fail(&format!("{flag} needs a value"));
        }
        let value = args.remove(0);
        match flag.as_str() {
            "--variant" => match AnyVariant::by_name(&value) {
                Ok(v) => variant = Some(v),
                Err(_) => return fail(&format!("unknown variant {value:?}")),
            },
            "--variant-file" => {
                let read =
                    betza::limits::read_text_file(&value, betza::limits::MAX_DEFINITION_BYTES)
                        .map_err(|e| e.to_string())
                        .and_then(|t| AnyVariant::from_definition(&t).map_err(|e| e.to_string()));
                match read {
                    Ok(v) => variant = Some(v),
                    Err(e) => return fail(&format!("{value}: {e}")),
                }
            }
            "--break" => match Break::NAMES.iter().find(|(n, _)| *n == value) {
                Some((_, b)) => fault = *b,
                None => return fail(&format!("unknown rule {value:?}")),
            },
            _ => return fail(&format!("unknown option {flag}")),
        }
    }
    let Some(variant) = variant else {
        return fail("--variant or --variant-file is required");
    };
    let (depth, fen, played) = match args.as_slice() {
        [d, f] => (d, f, ""),
        [d, f, m] => (d, f, m.as_str()),
        _ => return fail("expected DEPTH FEN [MOVES]"),
    };
    let Ok(depth) = depth.parse::<u32>() else {
        return fail(&format!("depth {depth:?} is not a whole number"));
    };
    // The one dispatch on the board type.
    with_board!(&variant, |v| answer(v, depth, fen, played, fault))
}

/// Plays `played` from `fen` and prints the divide, on a board of type `B`.
fn answer<B: Faulty>(
    variant: &BoardVariant<B>,
    depth: u32,
    fen: &str,
    played: &str,
    fault: Break,
) -> ExitCode {
    let mut pos = match variant.from_fen(fen) {
        Ok(p) => p,
        Err(e) => return fail(&format!("bad FEN: {e}")),
    };
    for text in played.split_whitespace() {
        match B::engine_moves(&pos, fault)
            .iter()
            .find(|m| pos.move_text(m) == text)
        {
            Some(m) => pos = pos.play_unchecked(m),
            None => return fail(&format!("{text} is not a move in {}", pos.to_fen())),
        }
    }
    let mut out = io::stdout().lock();
    let result = match fault {
        Break::Garbage => writeln!(out, "Hello! I have no idea what perft is."),
        Break::Hang => loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        },
        Break::Flood => loop {
            if writeln!(out, "a1a2 1").is_err() {
                return ExitCode::FAILURE;
            }
        },
        _ => print_divide(&mut out, &pos, depth.max(1), fault),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn print_divide<B: Faulty>(
    out: &mut impl Write,
    pos: &Position<'_, B>,
    depth: u32,
    fault: Break,
) -> io::Result<()> {
    let mut total = 0;
    for (i, m) in B::engine_moves(pos, fault).iter().enumerate() {
        let below = if fault == Break::DeepEnPassant {
            Break::EnPassant
        } else {
            fault
        };
        let n = perft(&pos.play_unchecked(m), depth - 1, below);
        writeln!(out, "{} {n}", pos.move_text(m))?;
        if fault == Break::Crash && i == 0 {
            out.flush()?;
            panic!("deliberate crash after the first move");
        }
        total += n;
    }
    if fault == Break::BadTotal {
        total += 1;
    }
    write!(out, "\n{total}\n")?;
    out.flush()
}

fn main() -> ExitCode {
    run(std::env::args_os().skip(1).collect())
}
