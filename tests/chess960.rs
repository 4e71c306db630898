//! Castling from any start (Fischer random): shakmaty's published perft
//! files (`tests/data/shakmaty/`, source named there) in `chess960`, and the
//! castling rules one by one.
//!
//! `cargo test` counts every position up to 1,000,000 nodes (all 960 start
//! positions at depth 4); the full depths run in release mode:
//! `cargo test --release --test chess960 -- --ignored`.

use std::fs;

use betza::{CastlingNotation, Position, Variant};

struct Entry {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

/// Reads shakmaty's format: `id`, `epd`, then `perft DEPTH NODES` lines.
fn entries(file: &str) -> Vec<Entry> {
    let path = format!("{}/tests/data/shakmaty/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).expect("readable data file");
    let mut out: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => out.push(Entry {
                id: value.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => out.last_mut().expect("id first").fen = value.to_string(),
            "perft" => {
                let (d, n) = value.split_once(' ').expect("perft DEPTH NODES");
                out.last_mut()
                    .expect("id first")
                    .counts
                    .push((d.parse().expect("depth"), n.parse().expect("nodes")));
            }
            _ => {}
        }
    }
    out
}

/// Counts every entry's depths that `take` picks; returns how many ran.
fn run(file: &str, take: impl Fn(u32, u64) -> bool) -> usize {
    let v = Variant::by_name("chess960").expect("built in");
    let mut ran = 0;
    let mut failures = Vec::new();
    for e in entries(file) {
        let pos = match Position::from_fen(v, &e.fen) {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{}: {} refused: {err}", e.id, e.fen));
                continue;
            }
        };
        for &(depth, nodes) in e.counts.iter().filter(|(d, n)| take(*d, *n)) {
            let got = pos.perft(depth);
            if got != nodes {
                failures.push(format!(
                    "{} depth {depth}: expected {nodes}, got {got}",
                    e.id
                ));
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

const LIMIT: u64 = 1_000_000;

#[test]
fn tricky_every_position() {
    assert_eq!(entries("tricky.perft").len(), 26);
    let ran = run("tricky.perft", |d, n| n <= LIMIT && d < 10);
    assert!(ran >= 70, "only {ran} counts ran");
}

#[test]
fn chess960_every_position_to_depth_4() {
    let all = entries("chess960.perft");
    assert_eq!(all.len(), 960);
    let ran = run("chess960.perft", |d, _| d <= 4);
    assert_eq!(ran, 960 * 4);
}

#[test]
#[ignore = "deep: run in release mode (`cargo test --release --test chess960 -- --ignored`)"]
fn published_counts_to_full_depth() {
    run("tricky.perft", |d, n| n > LIMIT || d >= 10);
    run("chess960.perft", |d, _| d > 4);
}

fn chess960() -> &'static Variant {
    Variant::by_name("chess960").expect("built in")
}

fn pos(fen: &str) -> Position<'static> {
    Position::from_fen(chess960(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves as text, sorted.
fn texts(p: &Position) -> Vec<String> {
    let mut t: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    t.sort();
    t
}

fn castles(p: &Position) -> Vec<String> {
    let mut t: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| p.san(m))
        .collect();
    t.sort();
    t
}

#[test]
fn fischerandom_is_the_same_variant() {
    let a = Variant::by_name("fischerandom").expect("alias");
    assert_eq!(a.name(), "chess960");
    assert!(Variant::by_name("FischeRandom").is_ok());
    assert!(Variant::by_name("caparandom").is_ok());
}

/// A King on its castling square does not move; castling is still a move,
/// written as the King taking its partner (`g1h1`), SAN `O-O`.
#[test]
fn king_on_its_target_still_castles() {
    let p = pos("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1");
    assert_eq!(castles(&p), ["O-O", "O-O-O"]);
    let m = p.parse_move("g1h1").unwrap();
    assert!(m.is_castle());
    assert_eq!((m.from(), m.to()), (m.from(), m.from()));
    assert_eq!(p.move_text(&m), "g1h1");
    assert_eq!(p.san(&m), "O-O");
    let after = p.play(&m).unwrap();
    assert_eq!(
        after.to_fen(),
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
    // Queenside from g1: King to c1, Rook b1 to d1.
    let q = p.parse_move("g1c1").unwrap();
    assert_eq!(p.san(&q), "O-O-O");
    assert_eq!(p.move_text_king_takes_partner(&q), "g1b1");
    assert_eq!(p.parse_move("g1b1").unwrap(), q);
    assert_eq!(
        p.play(&q).unwrap().to_fen(),
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"
    );
}

/// No square the King stands on, crosses or reaches may be attacked; the
/// squares only the Rook crosses may.
#[test]
fn attacked_squares() {
    // e1, crossed by the King from g1 to c1, is attacked.
    let p = pos("4r1k1/8/8/8/8/8/8/1R4KR w KQ - 0 1");
    assert_eq!(castles(&p), ["O-O"]);
    // c1, where it lands, is attacked.
    let p = pos("2r3k1/8/8/8/8/8/8/1R4KR w KQ - 0 1");
    assert_eq!(castles(&p), ["O-O"]);
    // g1, where it stands, is attacked: no castling at all.
    let p = pos("k5r1/8/8/8/8/8/8/1R4KR w KQ - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    // d1 is crossed by the Rook (a1 to d1) only: the King steps b1 to c1.
    let p = pos("3r3k/8/8/8/8/8/8/RK6 w Q - 0 1");
    assert_eq!(castles(&p), ["O-O-O"]);
    let m = p.parse_move("b1a1").unwrap();
    assert_eq!(p.move_text(&m), "b1a1");
    // b1c1 is the King's ordinary step, not castling.
    assert!(!p.parse_move("b1c1").unwrap().is_castle());
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "3r3k/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
    // A Rook behind the partner: attacked through the partner's square
    // after the castling (a1 Rook of Black's x-rays c1 once b1 empties).
    let p = pos("7k/8/8/8/8/8/8/rRK5 w Q - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
}

/// Every square either piece crosses or lands on is empty but for the two.
#[test]
fn pieces_between() {
    // The other Rook on f1 blocks the King's way to g1 with h1...
    let p = pos("4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    // ...but castling with f1 itself (X-FEN 'F': not the outermost) only
    // moves the King: h1 is outside every path.
    let p = pos("4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    assert_eq!(castles(&p), ["O-O"]);
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    let m = p.parse_move("e1g1").unwrap();
    assert_eq!(
        p.play(&m).unwrap().to_fen(),
        "4k3/8/8/8/8/8/8/5RKR b - - 1 1"
    );
    // A Knight on the Rook's landing square d1 (the King from b1 to c1
    // crosses nothing) blocks.
    let p = pos("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    // A piece on the Rook's path beyond the King's blocks too.
    let p = pos("4k3/8/8/8/8/8/8/R1NK4 w Q - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    let p = pos("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1");
    assert_eq!(castles(&p), ["O-O-O"]);
}

/// Rights lost: a King move takes both, a partner's move or capture its own.
#[test]
fn rights_follow_the_partners() {
    let p = pos("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    assert_eq!(
        p.to_fen_with(CastlingNotation::Shredder),
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"
    );
    let after = p.play(&p.parse_move("g1g8").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "1r2k1R1/8/8/8/8/8/8/1R2K3 b Qq - 0 1");
    let after = p.play(&p.parse_move("e1d1").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "1r2k1r1/8/8/8/8/8/8/1R1K2R1 b kq - 1 1");
    // The hash tells two partners apart that X-FEN does.
    let a = pos("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    let b = pos("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.perft(1) + 1, b.perft(1)); // b1 castles over an empty d1
    assert_eq!(
        b.to_fen_with(CastlingNotation::Shredder),
        "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1"
    );
    assert_eq!(
        a.to_fen_with(CastlingNotation::Shredder),
        "4k3/8/8/8/8/8/8/RR2K3 w A - 0 1"
    );
}

/// Bad castling fields are refused with the field named.
#[test]
fn bad_rights() {
    let v = chess960();
    for (fen, wanted) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "castling: \"K\": castling right 'K' names no white Rook",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w B - 0 1",
            "castling: \"B\": castling right 'B' names no white Rook",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w Z - 0 1",
            "castling: \"Z\": \"Z\" names file z, which is off the board (8 files)",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w E - 0 1",
            "castling: \"E\": \"E\" names the file of the white King",
        ),
        (
            "4k3/8/8/8/8/8/4K3/R7 w A - 0 1",
            "castling: \"A\": \"A\" needs the white King on rank 1",
        ),
        (
            "4k3/8/8/8/8/8/4K3/R7 w Q - 0 1",
            "castling: \"Q\": castling right 'Q' names no white Rook",
        ),
    ] {
        let err = Position::from_fen(v, fen).unwrap_err().to_string();
        assert!(err.starts_with(wanted), "{fen}: {err}");
    }
    // Standard chess reads file letters naming its corners, and no other.
    let chess = Variant::by_name("chess").unwrap();
    let p = Position::from_fen(chess, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let err = Position::from_fen(chess, "r3k2r/8/8/8/8/8/8/RR2K2R w B - 0 1").unwrap_err();
    assert!(
        err.to_string().starts_with("castling: right 'Q' needs"),
        "{err}"
    );
}

/// Every legal move of every published position reads back from its move
/// text, its King-takes-partner text and its SAN.
#[test]
fn move_text_round_trips() {
    for e in entries("chess960.perft")
        .iter()
        .step_by(7)
        .chain(entries("tricky.perft").iter())
    {
        let p = pos(&e.fen);
        for m in p.legal_moves().iter() {
            assert_eq!(p.parse_move(&p.move_text(m)).unwrap(), *m, "{}", e.fen);
            assert_eq!(
                p.parse_move(&p.move_text_king_takes_partner(m)).unwrap(),
                *m
            );
            assert_eq!(p.parse_san(&p.san(m)).unwrap(), *m, "{}", e.fen);
        }
        assert_eq!(texts(&p).len(), p.legal_moves().len());
        // Both FEN notations read back to the same position.
        let shredder = p.to_fen_with(CastlingNotation::Shredder);
        assert_eq!(pos(&shredder).to_fen(), p.to_fen());
        assert_eq!(pos(&shredder).hash(), p.hash());
        assert_eq!(
            pos(&p.to_fen()).to_fen_with(CastlingNotation::Shredder),
            shredder
        );
    }
}

/// Standard chess reads UCI_Chess960's castling text too.
#[test]
fn chess_reads_king_takes_rook() {
    let p = Position::from_fen(
        Variant::by_name("chess").unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    for (text, san) in [
        ("e1h1", "O-O"),
        ("e1a1", "O-O-O"),
        ("e1g1", "O-O"),
        ("e1c1", "O-O-O"),
    ] {
        assert_eq!(p.san(&p.parse_move(text).unwrap()), san);
    }
}
