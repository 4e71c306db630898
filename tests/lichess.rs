//! The lichess variants' rules (`[rules]`): end reasons, FEN check
//! counters, bad input. Their perft counts are in `tests/data/lichess.perft`
//! (run by `tests/perft.rs`).

use betza::{Color, EndReason, Position, Variant};

fn pos(variant: &str, fen: &str) -> Position<'static> {
    Position::from_fen(Variant::by_name(variant).unwrap(), fen).unwrap()
}

#[test]
fn three_check_counters_read_both_forms_and_write_the_remaining_one() {
    let p = pos("3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1");
    assert_eq!(p.checks_given(Color::White), 2);
    assert_eq!(p.checks_given(Color::Black), 2);
    assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1");
    let lichess = pos(
        "3check",
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0",
    );
    let remaining = pos(
        "3check",
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39",
    );
    assert_eq!(lichess, remaining);
    assert_eq!(lichess.checks_given(Color::White), 2);
}

fn play(p: &Position<'static>, uci: &str) -> Position<'static> {
    let m = p.parse_move(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    p.play_unchecked(&m)
}

#[test]
fn atomar_kings_are_proof_against_explosions_and_never_take_each_other() {
    // Kings side by side, a Queen beside both.
    let p = pos("atomar", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1");
    // The King takes the Queen and stays; the explosion spares Black's King.
    let next = play(&p, "e4e5");
    assert_eq!(next.to_fen(), "8/8/8/3kK3/8/8/8/8 b - - 0 1");
    assert_eq!(next.outcome(), None);
    // A King never takes a King (`mutually-immune`).
    assert!(next.parse_move("d5e5").is_err());
    assert!(!next.is_check(), "nothing is check");
    // Taking the King itself wins (`extinction-pieces = ["K"]`).
    let p = pos("atomar", "4k3/8/8/8/8/8/4r3/3QK3 b - - 0 1");
    let over = play(&p, "e2e1");
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason, EndReason::Extinction);
    assert!(over.legal_moves().is_empty());
}

#[test]
fn nocheckatomic_kings_explode_and_the_mover_loses_when_both_do() {
    // The King takes the Queen: it explodes with her, and so does Black's.
    let p = pos("nocheckatomic", "8/8/8/3kq3/4K3/8/8/8 w - - 0 1");
    let both = play(&p, "e4e5");
    assert_eq!(both.to_fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    let outcome = both.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), EndReason::Extinction)
    );
    // A move that leaves the King attacked is legal: nothing is check.
    let p = pos("nocheckatomic", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert!(p.parse_move("e1f1").is_ok() && p.parse_move("e1d2").is_ok());
    assert!(!p.is_check());
    // Exploding the own King alone loses too.
    let p = pos("nocheckatomic", "7k/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let lost = play(&p, "e1e2");
    assert_eq!(lost.outcome().unwrap().winner, Some(Color::Black));
}

#[test]
fn explosion_proof_and_mutually_immune_are_written_back_and_checked() {
    let def = Variant::by_name("atomar").unwrap().definition();
    let text = def.to_string();
    assert!(text.contains("explosion-proof = [\"K\"]"), "{text}");
    assert!(text.contains("mutually-immune = [\"K\"]"), "{text}");
    assert_eq!(Variant::from_definition(&text).unwrap().definition(), def);
    let bad = text
        .replace("explosions = true\n", "")
        .replace("explosion-immune = [\"P\"]\n", "");
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("explosion-proof needs explosions"), "{e}");
}
