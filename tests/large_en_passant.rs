//! En passant on a board past 128 squares: the square a double step passes
//! over is found from squares numbered up to 255 (found by the `definition`
//! fuzz target: the sum of the two squares overflowed `u8`).

use betza::LargeVariant;

const DEFINITION: &str = r#"
name = "ep16"
files = 16
ranks = 16
start = "7k8/p15/16/16/16/16/16/16/16/16/16/16/16/16/P15/7K8 b - - 0 1"
en-passant = true

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Pawn"
token = "P"
betza = "fmWfceFifmnD"
pawn = true
initial = { white = "a2-p2", black = "a15-p15" }
"#;

#[test]
fn double_step_on_the_top_ranks_passes_over_the_square_between() {
    let v = LargeVariant::from_definition(DEFINITION).expect("compiles");
    let pos = v.start();
    let m = pos.parse_move("a15a13").expect("the double step");
    let next = pos.play(&m).expect("legal");
    assert_eq!(next.ep_square(), next.square("a14"));
    // White's double step, low squares, as before.
    let pos = v
        .from_fen("7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/P15/7K8 w - - 0 1")
        .expect("FEN");
    let next = pos
        .play(&pos.parse_move("a2a4").expect("the double step"))
        .expect("legal");
    assert_eq!(next.ep_square(), next.square("a3"));
}
