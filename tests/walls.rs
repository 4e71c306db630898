//! Walls of confinement: Capablanca chess (10x8) defined on larger boards
//! with every type confined to the 10x8 part (tests/data/variants) counts
//! exactly as capablanca itself, on its start position (published numbers)
//! and on positions of random games, translated square by square. This is
//! how a small board is held inside a larger one, the check issue 24 asks
//! of boards past 128 squares.

use betza::{Position, Variant};

fn load(name: &str) -> Variant {
    let path = format!(
        "{}/tests/data/variants/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("test data");
    Variant::from_definition(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The cells of a FEN rank, one string per square ("" for empty).
fn cells(rank: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut digits = String::new();
    for c in rank.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            out.extend(std::iter::repeat_n(String::new(), digits.parse().unwrap()));
            digits.clear();
        }
        out.push(c.to_string());
    }
    if !digits.is_empty() {
        out.extend(std::iter::repeat_n(String::new(), digits.parse().unwrap()));
    }
    out
}

fn rank_text(cells: &[String]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in cells {
        if c.is_empty() {
            empty += 1;
        } else {
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out += c;
        }
    }
    if empty > 0 {
        out += &empty.to_string();
    }
    out
}

/// A capablanca FEN moved `df` files right and `dr` ranks up on a board of
/// `files` x `ranks`, castling rights kept or (`castling` false) dropped.
fn translate(
    fen: &str,
    files: usize,
    ranks: usize,
    df: usize,
    dr: usize,
    castling: bool,
) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let rows: Vec<Vec<String>> = f[0].split('/').map(cells).collect();
    let mut board = vec![vec![String::new(); files]; ranks];
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - 1 - i; // 0-based rank of the 10x8 board
        for (file, c) in row.iter().enumerate() {
            board[rank + dr][file + df] = c.clone();
        }
    }
    let placement: Vec<String> = board.iter().rev().map(|r| rank_text(r)).collect();
    let ep = match f[3] {
        "-" => "-".to_string(),
        sq => {
            let file = (sq.as_bytes()[0] + df as u8) as char;
            let rank: usize = sq[1..].parse().unwrap();
            format!("{file}{}", rank + dr)
        }
    };
    let rights = if castling { f[2] } else { "-" };
    format!(
        "{} {} {rights} {ep} {} {}",
        placement.join("/"),
        f[1],
        f[4],
        f[5]
    )
}

/// FENs along seeded random capablanca games, every fourth ply.
fn random_fens(games: u64, plies: usize) -> Vec<String> {
    let v = Variant::by_name("capablanca").expect("built in");
    let mut out = Vec::new();
    for seed in 1..=games {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut pos = Position::start(v);
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = moves[(x % moves.len() as u64) as usize];
            pos = pos.play(&m).expect("legal");
            if ply % 4 == 3 {
                out.push(pos.to_fen());
            }
        }
    }
    out
}

/// Hand-made positions: castling both ways, en passant, promotion.
const SPECIAL: [&str; 3] = [
    "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    "rnabqkbcnr/ppppp1pppp/10/10/4Pp4/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1",
    "4k5/1P8/10/10/10/10/6p3/4K5 w - - 0 1",
];

#[test]
fn capablanca_walled_in_by_ranks_counts_as_capablanca() {
    let walled = load("capablanca-walled");
    let start = Position::start(&walled);
    for (depth, nodes) in [(1, 28), (2, 784), (3, 25_228)] {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
    let v = Variant::by_name("capablanca").expect("built in");
    let mut fens: Vec<String> = SPECIAL.iter().map(|s| s.to_string()).collect();
    fens.extend(random_fens(6, 120));
    for fen in &fens {
        let small = Position::from_fen(v, fen).expect("capablanca FEN");
        let big_fen = translate(fen, 10, 10, 0, 1, true);
        let big =
            Position::from_fen(&walled, &big_fen).unwrap_or_else(|e| panic!("{big_fen}: {e}"));
        assert_eq!(big.to_fen(), big_fen, "the FEN survives");
        for depth in 1..=2 {
            assert_eq!(
                big.perft(depth),
                small.perft(depth),
                "{fen} / {big_fen} depth {depth}"
            );
        }
    }
}

#[test]
fn capablanca_walled_inside_12x10_counts_as_capablanca_without_castling() {
    let walled = load("capablanca-12x10");
    let start = Position::start(&walled);
    // No castling is possible before ply 7: the published counts hold.
    for (depth, nodes) in [(1, 28), (2, 784), (3, 25_228)] {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
    let v = Variant::by_name("capablanca").expect("built in");
    let mut fens: Vec<String> = SPECIAL.iter().map(|s| s.to_string()).collect();
    fens.extend(random_fens(6, 120));
    for fen in &fens {
        let no_castling = translate(fen, 10, 8, 0, 0, false);
        let small = Position::from_fen(v, &no_castling).expect("capablanca FEN");
        let big_fen = translate(fen, 12, 10, 1, 1, false);
        let big =
            Position::from_fen(&walled, &big_fen).unwrap_or_else(|e| panic!("{big_fen}: {e}"));
        assert_eq!(big.to_fen(), big_fen, "the FEN survives");
        for depth in 1..=2 {
            assert_eq!(
                big.perft(depth),
                small.perft(depth),
                "{fen} / {big_fen} depth {depth}"
            );
        }
    }
}

#[test]
fn a_promotion_to_a_confined_type_needs_the_zone_inside_its_region() {
    let path = format!(
        "{}/tests/data/variants/capablanca-12x10.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("test data");
    // The zone reaches the walled file a: a Queen could stand outside its region.
    let wide = text.replace(r#"zone = { white = "b9-k9""#, r#"zone = { white = "a9-k9""#);
    assert_ne!(wide, text);
    let e = Variant::from_definition(&wide).expect_err("zone outside the confinement");
    assert!(
        e.to_string().contains("may not promote to the confined"),
        "{e}"
    );
}
