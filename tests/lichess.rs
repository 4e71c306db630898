//! The lichess variants' rules (`[rules]`): end reasons, FEN check
//! counters, bad input. Their perft counts are in `tests/data/lichess.perft`
//! (run by `tests/perft.rs`).

use betza::{Color, Position, Variant};

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
