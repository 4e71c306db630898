//! SAN: writing, reading, disambiguation and the errors.

mod common;

use betza::{Position, SanError};
use common::{VARIANTS, random_game, sq, variant};

fn pos(name: &str, fen: &str) -> Position<'static> {
    Position::from_fen(variant(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The SAN of every legal move from `from` to `to`.
fn sans(p: &Position<'_>, from: &str, to: &str) -> Vec<String> {
    p.moves_between(sq(p, from), sq(p, to))
        .iter()
        .map(|m| p.san(m))
        .collect()
}

fn san_of(p: &Position<'_>, text: &str) -> String {
    p.san(&p.parse_move(text).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn chess_basics() {
    let p = Position::start(variant("chess"));
    assert_eq!(san_of(&p, "e2e4"), "e4");
    assert_eq!(san_of(&p, "g1f3"), "Nf3");
    let p = pos("chess", "r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&p, "e4d5"), "exd5");
    assert_eq!(san_of(&p, "e1g1"), "O-O");
    assert_eq!(san_of(&p, "e1c1"), "O-O-O");
    assert_eq!(sans(&p, "b7", "b8"), ["b8=Q+", "b8=R+", "b8=B", "b8=N"]);
    assert_eq!(
        sans(&p, "b7", "a8"),
        ["bxa8=Q+", "bxa8=R+", "bxa8=B", "bxa8=N"]
    );
    // En passant is a capture.
    let p = pos("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(san_of(&p, "e5d6"), "exd6");
    assert_eq!(p.move_text(&p.parse_san("exd6").unwrap()), "e5d6");
}

#[test]
fn check_and_mate_suffixes() {
    let mut p = Position::start(variant("chess"));
    for (text, san) in [
        ("f2f3", "f3"),
        ("e7e5", "e5"),
        ("g2g4", "g4"),
        ("d8h4", "Qh4#"),
    ] {
        assert_eq!(san_of(&p, text), san);
        p = p.play(&p.parse_san(san).unwrap()).unwrap();
    }
    let p = pos("chess", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san_of(&p, "a1a8"), "Ra8+");
    assert_eq!(san_of(&p, "e1c1"), "O-O-O");
    // Reading: with or without the suffix; a wrong suffix is refused.
    assert_eq!(p.parse_san("Ra8+").unwrap(), p.parse_san("Ra8").unwrap());
    let err = p.parse_san("Ra8#").unwrap_err();
    assert_eq!(
        err,
        SanError::CheckSuffix {
            text: "Ra8#".into(),
            expected: "Ra8+".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "SAN \"Ra8#\": wrong check suffix, the move is written Ra8+"
    );
    assert!(matches!(
        p.parse_san("Ra7+"),
        Err(SanError::CheckSuffix { .. })
    ));
}

#[test]
fn disambiguation_by_file_then_rank_then_both() {
    // By file: two Rooks on rank 1.
    let p = pos("chess", "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    assert_eq!(sans(&p, "a1", "d1"), ["Rad1"]);
    assert_eq!(sans(&p, "f1", "d1"), ["Rfd1"]);
    assert_eq!(sans(&p, "f1", "f5"), ["Rf5"], "only one Rook reaches f5");
    // By rank: two Rooks on the a-file.
    let p = pos("chess", "4k3/8/8/R7/8/8/8/R5K1 w - - 0 1");
    assert_eq!(sans(&p, "a1", "a3"), ["R1a3"]);
    assert_eq!(sans(&p, "a5", "a3"), ["R5a3"]);
    // Both: three Queens reach e1.
    let p = pos("chess", "1k6/8/K7/8/4Q2Q/8/8/7Q w - - 0 1");
    assert_eq!(sans(&p, "h4", "e1"), ["Qh4e1"]);
    assert_eq!(sans(&p, "e4", "e1"), ["Qee1"]);
    assert_eq!(sans(&p, "h1", "e1"), ["Q1e1"]);
    for san in ["Qh4e1", "Qee1", "Q1e1"] {
        assert_eq!(p.san(&p.parse_san(san).unwrap()), san);
    }
    let err = p.parse_san("Qe1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN \"Qe1\": ambiguous, it could be Q1e1 or Qee1 or Qh4e1"
    );
    let err = p.parse_san("Qhe1").unwrap_err();
    assert!(
        matches!(&err, SanError::Ambiguous { candidates, .. } if candidates == &["Q1e1", "Qh4e1"]),
        "{err}"
    );
    assert!(matches!(
        p.parse_san("Q4e1"),
        Err(SanError::Ambiguous { .. })
    ));
    // Pawn captures always name the file.
    let p = pos("chess", "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(sans(&p, "c4", "d5"), ["cxd5"]);
    assert_eq!(sans(&p, "e4", "d5"), ["exd5"]);
    assert_eq!(sans(&p, "e4", "e5"), ["e5"]);
    // Decimaka Knights, promoting or not.
    let p = pos("decimaka", "4k5/10/10/10/10/4p5/10/3N1N4/10/5K4 w - - 0 1");
    assert_eq!(sans(&p, "d3", "e5"), ["Ndxe5", "Ndxe5=+N"]);
    assert_eq!(sans(&p, "f3", "e5"), ["Nfxe5", "Nfxe5=+N"]);
    let err = p.parse_san("Nxe5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN \"Nxe5\": ambiguous, it could be Ndxe5 or Nfxe5"
    );
    // Meiriqi Pawns step sideways: three Pawns reach d4.
    let p = pos("meiriqi", "7k2/10/10/10/10/10/2P1P5/3P6/10/8K1 w - - 0 1");
    assert_eq!(sans(&p, "c4", "d4"), ["cd4"]);
    assert_eq!(sans(&p, "e4", "d4"), ["ed4"]);
    assert_eq!(sans(&p, "d3", "d4"), ["dd4"]);
    assert!(matches!(p.parse_san("d4"), Err(SanError::Ambiguous { .. })));
    assert_eq!(p.move_text(&p.parse_san("dd4").unwrap()), "d3d4");
}

#[test]
fn decimaka_tokens_and_promotions() {
    let p = pos(
        "decimaka",
        "4k5/10/10/10/10/4+p5/10/3N1L4/10/+F4K4 w - - 0 1",
    );
    assert_eq!(sans(&p, "d3", "e5"), ["Nxe5=+N"]);
    assert_eq!(sans(&p, "f3", "e5"), ["Lxe5=+P"]);
    assert_eq!(sans(&p, "a1", "a5"), ["+Fa5"]);
    assert_eq!(sans(&p, "a1", "e5"), ["+Fxe5+"]);
    // The mandatory promotion cannot be left out.
    let err = p.parse_san("Nxe5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN \"Nxe5\": promotion is mandatory here; legal: Nxe5=+N"
    );
    let err = p.parse_san("Lxe5=+N").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN \"Lxe5=+N\": this move cannot promote to +N; legal: Lxe5=+P"
    );
    // Optional: both forms name a move.
    let p = pos("decimaka", "4k5/10/10/10/10/4l5/10/4L5/10/5K4 w - - 0 1");
    assert_eq!(sans(&p, "e3", "e5"), ["Lxe5", "Lxe5=+P"]);
    let a = p.parse_san("Lxe5").unwrap();
    let b = p.parse_san("Lxe5=+P").unwrap();
    assert_eq!(
        (
            a.promotion(),
            b.promotion().map(|r| p.variant().piece(r).token)
        ),
        (None, Some("+P".parse().unwrap()))
    );
    // Anything taking a Queen becomes one; a Queen taking a Queen stays one.
    let p = pos("decimaka", "4k5/10/10/10/10/+f9/10/10/10/R4K4 w - - 0 1");
    assert_eq!(sans(&p, "a1", "a5"), ["Rxa5=+F"]);
    let p = pos("decimaka", "4k5/10/10/10/10/+f9/10/10/10/+F4K4 w - - 0 1");
    assert_eq!(sans(&p, "a1", "a5"), ["+Fxa5"]);
    assert!(matches!(
        p.parse_san("+Fxa5=+F"),
        Err(SanError::Promotion { .. })
    ));
    // A check suffix after a `+` token and after a promotion.
    let p = pos("decimaka", "4k5/10/10/10/10/10/10/10/10/+F4K4 w - - 0 1");
    assert_eq!(sans(&p, "a1", "a10"), ["+Fa10+"]);
    assert_eq!(p.move_text(&p.parse_san("+Fa10+").unwrap()), "a1a10");
    let p = pos("decimaka", "4k5/10/10/3+f6/4L5/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(sans(&p, "e6", "d7"), ["Lxd7=+F"]);
    let p = pos("decimaka", "4k5/10/10/5p4/4P5/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(sans(&p, "e6", "f7"), ["exf7", "exf7=+P"]);
    let p = pos("decimaka", "4k5/5p4/4P5/10/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(sans(&p, "e8", "f9"), ["exf9+", "exf9=+P+"]);
    assert_eq!(p.move_text(&p.parse_san("exf9=+P+").unwrap()), "e8f9+");
    // Castling, with the Rook on the j-file and on the a-file.
    let p = Position::start(variant("decimaka"));
    let p = pos("decimaka", &p.to_fen().replace("R2YFKY2R", "R4K3R"));
    assert_eq!(san_of(&p, "f1i1"), "O-O");
    assert_eq!(san_of(&p, "f1c1"), "O-O-O");
    let err = p.parse_san("Ki1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN \"Ki1\": illegal, no white King can move to i1 (castling is written O-O or O-O-O)"
    );
}

#[test]
fn meiriqi_zone_promotions() {
    let p = pos("meiriqi", "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1");
    assert_eq!(sans(&p, "d7", "d8"), ["Gd8", "Gd8=R"]);
    let p = pos("meiriqi", "7k2/10/10/10/10/10/3l6/10/10/8K1 b - - 0 1");
    assert_eq!(sans(&p, "d4", "d2"), ["Ld2", "Ld2=Q"]);
    assert!(matches!(
        p.parse_san("Ld2=C"),
        Err(SanError::Promotion { .. })
    ));
    assert!(
        matches!(p.parse_san("Ld6=Q"), Err(SanError::Promotion { .. })),
        "d6 is outside the zone"
    );
    // Pegasus is F in Meiriqi.
    let p = Position::start(variant("meiriqi"));
    assert_eq!(san_of(&p, "b1d4"), "Fd4");
}

#[test]
fn errors_say_what_is_wrong() {
    let p = Position::start(variant("chess"));
    let e = |t: &str| p.parse_san(t).unwrap_err().to_string();
    assert_eq!(
        e("Nf4"),
        "SAN \"Nf4\": illegal, no white Knight can move to f4"
    );
    assert_eq!(
        e("Nbd2"),
        "SAN \"Nbd2\": illegal, no white Knight on b? can move to d2"
    );
    assert_eq!(e("e5"), "SAN \"e5\": illegal, no white Pawn can move to e5");
    assert_eq!(
        e("Nxf3"),
        "SAN \"Nxf3\": the move captures nothing, drop the x"
    );
    assert_eq!(
        e("O-O"),
        "SAN \"O-O\": illegal, castling with the Rook on the higher file is not legal here"
    );
    assert_eq!(e("Zf3"), "SAN \"Zf3\": \"Z\" is not a piece token of chess");
    assert_eq!(e("e9"), "SAN \"e9\": \"e9\" is not a square of the board");
    assert_eq!(
        e("Nf"),
        "SAN \"Nf\": it must name the to-square, as in Nf3 or exd5"
    );
    assert_eq!(
        e(""),
        "SAN \"\": it must name the to-square, as in Nf3 or exd5"
    );
    assert!(matches!(p.parse_san("N?f3"), Err(SanError::Syntax { .. })));
    assert!(matches!(
        p.parse_san("e4=Q"),
        Err(SanError::Promotion { .. })
    ));
    // In check: a move that does not answer it.
    let p = pos("chess", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert_eq!(
        p.parse_san("Rh8").unwrap_err(),
        SanError::KingExposed { text: "Rh8".into() }
    );
    let p = pos("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(
        p.parse_san("Bd3").unwrap_err().to_string(),
        "SAN \"Bd3\": illegal, it would leave the King attacked or the Kings facing"
    );
    let p = pos("chess", "4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert_eq!(
        p.parse_san("Kf1").unwrap_err(),
        SanError::KingExposed { text: "Kf1".into() }
    );
    let p = pos("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(
        p.parse_san("ed5").unwrap_err().to_string(),
        "SAN \"ed5\": the move captures, write x before the square"
    );
    // Meiriqi: the facing Kings.
    let p = pos("meiriqi", "8k1/10/10/10/10/10/10/10/10/7K2 w - - 0 1");
    assert_eq!(
        p.parse_san("Ki1").unwrap_err(),
        SanError::KingExposed { text: "Ki1".into() }
    );
    // No legal move at all.
    let p = pos("chess", "7k/5Q2/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(
        p.parse_san("Kg8").unwrap_err(),
        SanError::GameOver { text: "Kg8".into() }
    );
}

#[test]
fn lenient_reading() {
    let p = Position::start(variant("chess"));
    let nf3 = p.parse_san("Nf3").unwrap();
    for text in ["Ng1f3", "Ngf3", "N1f3"] {
        assert_eq!(p.parse_san(text).unwrap(), nf3, "{text}");
    }
    assert_eq!(p.parse_san("Pe4").unwrap(), p.parse_san("e4").unwrap());
    assert_eq!(p.parse_san("e2e4").unwrap(), p.parse_san("e4").unwrap());
    let p = pos("chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(p.parse_san("0-0").unwrap(), p.parse_san("O-O").unwrap());
    assert_eq!(p.parse_san("0-0-0").unwrap(), p.parse_san("O-O-O").unwrap());
}

#[test]
fn every_legal_move_round_trips_and_is_unique() {
    for name in VARIANTS {
        for seed in 0..8 {
            let game = random_game(variant(name), seed, 200);
            for ply in 0..=game.ply_count() {
                let p = game.position_at(ply).unwrap();
                let moves = p.legal_moves();
                let texts: Vec<String> = moves.iter().map(|m| p.san(m)).collect();
                for (m, text) in moves.iter().zip(&texts) {
                    assert_eq!(
                        p.parse_san(text).as_ref(),
                        Ok(m),
                        "{name} {} {text}",
                        p.to_fen()
                    );
                    let bare = text.trim_end_matches(['+', '#']);
                    if bare.len() < text.len() {
                        assert_eq!(
                            p.parse_san(bare).as_ref(),
                            Ok(m),
                            "{name} {} {bare}",
                            p.to_fen()
                        );
                    }
                }
                let mut sorted = texts.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(
                    sorted.len(),
                    texts.len(),
                    "{name} {}: SAN texts must differ",
                    p.to_fen()
                );
            }
        }
    }
}

#[test]
fn non_ascii_text_is_an_error_not_a_panic() {
    let pos = betza::Position::start(betza::Variant::by_name("decimaka").unwrap());
    for text in ["¡0", "N¡3", "é10", "e¡", "Kxé1", "=+¡"] {
        assert!(pos.parse_san(text).is_err(), "{text}");
    }
}

#[test]
fn drops_are_never_a_second_way_to_a_square() {
    // Fairy-Stockfish's ffish.js test position: P@a3 and a2a3 are both
    // legal; a drop is written with `@`, so the Pawn's step is plain "a3".
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR[Pq] w KQkq - 0 3";
    let p = pos("crazyhouse", fen);
    assert_eq!(san_of(&p, "a2a3"), "a3");
    assert_eq!(san_of(&p, "P@a3"), "P@a3");
    assert_eq!(p.move_text(&p.parse_san("a3").unwrap()), "a2a3");
    assert_eq!(p.move_text(&p.parse_san("P@a3").unwrap()), "P@a3");
    // lichess's "Bf5": the Bishop's move, though B@f5 is legal too.
    let p = pos(
        "crazyhouse",
        "r2qkbnr/ppp2ppp/2n5/3pp3/4P1b1/2N2N2/PPPP1PPP/R1BQKB1R[Bb] b KQkq - 1 5",
    );
    assert_eq!(p.move_text(&p.parse_san("Bf5").unwrap()), "g4f5");
    assert_eq!(san_of(&p, "g4f5"), "Bf5");
    assert_eq!(san_of(&p, "B@f5"), "B@f5");
    // Two board moves to one square are still told apart.
    let p = pos("crazyhouse", "4k3/8/8/8/8/8/4K3/R6R[R] w - - 0 1");
    assert_eq!(san_of(&p, "a1d1"), "Rad1");
    assert_eq!(san_of(&p, "R@d1"), "R@d1");
}
