//! Property tests over positions reached by random legal play in every
//! built-in variant (the `betza::testing` strategies), and over arbitrary
//! strings. Needs the `proptest` feature: `cargo test --features proptest --test props`.

use betza::testing::{self, FenField};
use betza::{Game, Move, Position, Variant};
use proptest::prelude::*;

mod common;
use common::king_capturable;

/// Every built-in variant.
static VARIANTS: std::sync::LazyLock<&'static [&'static str]> =
    std::sync::LazyLock::new(Variant::builtin_names);

/// A slow reference: every pseudo-legal move whose result does not let the
/// opponent take the King.
fn reference_legal(pos: &Position<'_>) -> Vec<Move> {
    pos.pseudo_legal_moves()
        .into_iter()
        .filter(|m| !king_capturable(&pos.play_unchecked(m)))
        .collect()
}

fn reference_perft(pos: &Position<'_>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    reference_legal(pos)
        .iter()
        .map(|m| reference_perft(&pos.play_unchecked(m), depth - 1))
        .sum()
}

/// Whether the variant's Black is White rotated 180 degrees (Decimaka)
/// rather than flipped: its start position is not its own flipped mirror.
fn rotated(v: &Variant) -> bool {
    let start = Position::start(v);
    let placement = |fen: String| fen.split(' ').next().unwrap_or("").to_string();
    placement(mirror_fen_as(&start, false)) != placement(start.to_fen())
}

/// The colour-flipped mirror of a position as FEN: ranks flipped (or the
/// board rotated, where the variant's Black is White rotated), colours
/// swapped.
fn mirror_fen(pos: &Position<'_>) -> String {
    mirror_fen_as(pos, rotated(pos.variant()))
}

fn mirror_fen_as(pos: &Position<'_>, rotate: bool) -> String {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let size = pos.size();
    let mut rows: Vec<String> = Vec::new();
    for rank in 0..size.ranks() as i32 {
        // Rank order of the mirror: old rank 1 becomes the top rank.
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size.files() as i32 {
            let src_file = if rotate {
                size.files() as i32 - 1 - file
            } else {
                file
            };
            let sq = size.square(src_file, rank).expect("on board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    // Swap colours.
                    row.push_str(&pos.variant().piece(p.role).token.fen(!p.color));
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling: String = if fields[2] == "-" {
        "-".into()
    } else {
        let map = |c: char| match (c, rotate) {
            ('K', false) => 'k',
            ('Q', false) => 'q',
            ('k', false) => 'K',
            ('q', false) => 'Q',
            ('K', true) => 'q',
            ('Q', true) => 'k',
            ('k', true) => 'Q',
            (_, true) => 'K',
            (c, _) => c,
        };
        let mut cs: Vec<char> = fields[2].chars().map(map).collect();
        cs.sort_by_key(|c| "KQkq".find(*c));
        cs.into_iter().collect()
    };
    let ep = match size.parse_square(fields[3]) {
        None => "-".to_string(),
        Some(sq) => {
            let f = size.file(sq) as i32;
            let r = size.ranks() as i32 - 1 - size.rank(sq) as i32;
            let f = if rotate {
                size.files() as i32 - 1 - f
            } else {
                f
            };
            size.square_name(size.square(f, r).expect("on board"))
        }
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        rows.join("/"),
        fields[4],
        fields[5]
    )
}

fn variant(i: usize) -> &'static Variant {
    Variant::by_name(VARIANTS[i]).expect("built in")
}

fn position_strategy() -> impl Strategy<Value = Position<'static>> {
    (0..VARIANTS.len()).prop_flat_map(|v| testing::positions(variant(v), 0usize..120))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn legal_moves_are_exactly_the_safe_pseudo_legal_ones(pos in position_strategy()) {
        let legal = pos.legal_moves();
        for m in pos.pseudo_legal_moves() {
            let listed = legal.contains(&m);
            let safe = !king_capturable(&pos.play_unchecked(&m));
            prop_assert_eq!(listed, safe, "{} in {}", pos.move_text(&m), pos.to_fen());
        }
        for m in &legal {
            prop_assert!(pos.pseudo_legal_moves().contains(m));
        }
        // No duplicates: a move is (from, to, promotion).
        let mut keys: Vec<_> = legal.iter().map(|m| (m.from(), m.to(), m.promotion())).collect();
        keys.sort();
        keys.dedup();
        prop_assert_eq!(keys.len(), legal.len());
    }

    #[test]
    fn fen_round_trips(pos in position_strategy()) {
        let fen = pos.to_fen();
        let back = Position::from_fen(pos.variant(), &fen).expect("the writer's FEN reads back");
        prop_assert_eq!(back.to_fen(), fen);
        prop_assert_eq!(back.legal_moves(), pos.legal_moves());
    }

    #[test]
    fn move_text_round_trips(pos in position_strategy()) {
        for m in pos.legal_moves() {
            let text = pos.move_text(&m);
            prop_assert_eq!(pos.parse_move(&text).expect("own text reads back"), m, "{}", text);
        }
    }

    #[test]
    fn perft_matches_divide_and_the_reference(pos in position_strategy()) {
        let divide: u64 = pos.divide(2).iter().map(|(_, _, n)| n).sum();
        let perft = pos.perft(2);
        prop_assert_eq!(divide, perft);
        prop_assert_eq!(reference_perft(&pos, 2), perft, "{}", pos.to_fen());
    }

    #[test]
    fn mirrored_positions_have_as_many_moves(pos in position_strategy()) {
        let fen = mirror_fen(&pos);
        let mirror = Position::from_fen(pos.variant(), &fen).expect("the mirror is a valid position");
        prop_assert_eq!(mirror.legal_moves().len(), pos.legal_moves().len(), "{} vs {}", pos.to_fen(), fen);
        prop_assert_eq!(mirror.perft(2), pos.perft(2));
        prop_assert_eq!(mirror_fen(&mirror), pos.to_fen());
    }

    #[test]
    fn san_round_trips(pos in position_strategy()) {
        let mut seen = std::collections::HashSet::new();
        for m in pos.legal_moves() {
            let san = pos.san(&m);
            prop_assert!(seen.insert(san.clone()), "two moves share the SAN {}", san);
            prop_assert_eq!(pos.parse_san(&san).expect("own SAN reads back"), m, "{}", san);
        }
    }

    #[test]
    fn incremental_hash_and_undo(played in (0..VARIANTS.len()).prop_flat_map(|v| testing::games(variant(v), 1usize..160))) {
        let variant = played.variant_ref().clone();
        let mut game = Game::from_fen(variant.clone(), &played.start_position().to_fen()).expect("the start reads back");
        let here = |g: &Game| g.position().rebind(&variant).expect("the game's variant");
        let mut trail = vec![(here(&game), game.hash())];
        for m in played.moves() {
            let pos = *game.position();
            let next = pos.play_unchecked(&m);
            prop_assert_eq!(pos.hash_after(&m, pos.hash()), next.hash(), "{} in {}", pos.move_text(&m), pos.to_fen());
            game.play(&m).expect("legal");
            prop_assert_eq!(game.hash(), game.position().hash());
            trail.push((here(&game), game.hash()));
        }
        prop_assert_eq!(game.position(), played.position());
        trail.pop();
        while let Some((pos, hash)) = trail.pop() {
            game.undo().expect("a move to undo");
            prop_assert_eq!(game.position(), &pos);
            prop_assert_eq!(game.hash(), hash);
        }
        prop_assert!(game.undo().is_none());
    }

    #[test]
    fn legal_moves_of_a_position_play(
        (pos, m) in (0..VARIANTS.len()).prop_flat_map(|v| testing::moves(variant(v), 0usize..120)),
    ) {
        prop_assert!(pos.legal_moves().contains(&m));
        let next = pos.play(&m).expect("a drawn move is legal");
        prop_assert_eq!(next.side_to_move(), pos.side_to_move().opposite());
        prop_assert!(testing::moves_of(&pos).is_some());
    }

    #[test]
    fn fen_cases_are_read_as_labelled(
        case in (0..VARIANTS.len()).prop_flat_map(|v| (Just(v), testing::fens(variant(v), 0usize..120))),
    ) {
        let (v, case) = case;
        match (Position::from_fen(variant(v), &case.fen), case.corrupted) {
            (Ok(pos), None) => {
                // All six fields, or the first four when the counters are left out.
                let n = case.fen.split(' ').count();
                let fen = pos.to_fen();
                let back: Vec<&str> = fen.split(' ').take(n).collect();
                prop_assert_eq!(back.join(" "), case.fen.as_str());
            }
            (Err(e), Some(field)) => {
                let message = e.to_string();
                prop_assert!(message.starts_with(&field.to_string()), "{}: {} for {:?}", case.fen, message, field);
            }
            (Ok(_), Some(field)) => prop_assert!(false, "{} is read, but its {:?} field is corrupted", case.fen, field),
            (Err(e), None) => prop_assert!(false, "{} is refused: {}", case.fen, e),
        }
        if let Some(field) = case.corrupted {
            // Only that field differs from the original.
            let a: Vec<&str> = case.fen.split(' ').collect();
            let b: Vec<&str> = case.original.split(' ').collect();
            prop_assert_eq!(a.len(), 6);
            for i in 0..6 {
                prop_assert_eq!(a[i] == b[i], i != field.index(), "{} field {}", case.fen, FenField::ALL[i]);
            }
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in ".{0,80}", v in 0..VARIANTS.len()) {
        let variant = Variant::by_name(VARIANTS[v]).expect("built in");
        let _ = Position::from_fen(variant, &text);
        let _ = betza::notation::parse(&text);
        let _ = Position::start(variant).parse_move(&text);
        let _ = Position::start(variant).parse_san(&text);
        let _ = Game::from_pgn(&text);
    }

    #[test]
    fn parsing_fen_like_text_never_panics(
        text in "[rnbqkpRNBQKPcCtTsSlLyYfFmMeEhHwWgGjJoO+/0-9 -]{0,90}",
        v in 0..VARIANTS.len(),
    ) {
        let variant = Variant::by_name(VARIANTS[v]).expect("built in");
        if let Ok(pos) = Position::from_fen(variant, &text) {
            let _ = pos.perft(1);
            let _ = pos.to_fen();
        }
    }

    #[test]
    fn parsing_move_like_text_never_panics(text in "[a-p]{1,2}[0-9]{0,3}[a-p]?[0-9]{0,3}[+a-z]{0,2}", pos in position_strategy()) {
        if let Ok(m) = pos.parse_move(&text) {
            prop_assert!(pos.is_legal(&m));
        }
    }
}
