//! Pieces that turn over on every move (Kyoto shogi, Fairy-Stockfish's
//! `kyotoshogi`): a promoted type listing its unpromoted type as its
//! promotion demotes, `[drops] promoted` drops a piece from the hand either
//! side up. Move texts as the built Fairy-Stockfish writes them (its `go
//! perft 1` lists). Counts: tests/data/fairy-stockfish*.perft (tests/fsf.rs).

use std::collections::BTreeSet;

use betza::{MoveError, Position, UciMove, Variant};

fn kyoto() -> &'static Variant {
    Variant::by_name("kyotoshogi").unwrap()
}

fn texts(p: &Position<'_>) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| p.move_text(m)).collect()
}

fn set(s: &[&str]) -> BTreeSet<String> {
    s.iter().map(|x| x.to_string()).collect()
}

#[test]
fn every_move_turns_the_piece_over() {
    let p = Position::start(kyoto());
    assert_eq!(p.to_fen(), "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    assert_eq!(p.to_sfen(), "p+nks+l/5/5/5/+LSK+NP b - 1");
    // The built Fairy-Stockfish's list from the start position.
    assert_eq!(
        texts(&p),
        set(&[
            "b1a2+", "b1b2+", "b1c2+", "e1e2+", "a1a2-", "a1b2-", "d1c2-", "d1d2-", "d1e2-",
            "c1b2", "c1c2", "c1d2",
        ])
    );
    // The Pawn becomes a Rook-moving +P, the +N a Knight.
    let after = p.play(&p.parse_move("e1e2+").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "p+nks+l/5/5/4+P/+LSK+N1[] b - - 1 1");
    let after = p.play(&p.parse_move("d1e2-").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "p+nks+l/5/5/4N/+LSK1P[] b - - 1 1");
    // USI writes the same suffixes.
    let m = p.parse_move("a1a2-").unwrap();
    assert_eq!(p.usi(&m), "5e5d-");
    assert_eq!(p.parse_usi("5e5d-").unwrap(), m);
    assert_eq!(UciMove::from_move(&p, &m).to_string(), "a1a2-");
    assert_eq!("a1a2-".parse::<UciMove>().unwrap().resolve(&p).unwrap(), m);
}

#[test]
fn a_flip_must_be_written_and_with_its_own_sign() {
    let p = Position::start(kyoto());
    // No move of a two-sided piece keeps its side.
    assert!(matches!(
        p.parse_move("e1e2"),
        Err(MoveError::PromotionRequired { .. })
    ));
    // `-` for a promotion, `+` for a demotion: no such move.
    assert!(matches!(
        p.parse_move("e1e2-"),
        Err(MoveError::BadPromotion { .. })
    ));
    assert!(matches!(
        p.parse_move("a1a2+"),
        Err(MoveError::BadPromotion { .. })
    ));
    // The King has no other side.
    assert!(p.parse_move("c1c2").is_ok());
    assert!(p.parse_move("c1c2+").is_err());
    assert!(matches!(
        p.parse_move("e1e2x"),
        Err(MoveError::Syntax { .. })
    ));
}

#[test]
fn drops_either_side_up() {
    let p = Position::from_fen(kyoto(), "4k/5/5/5/4K[Pp] w - - 0 1").unwrap();
    let all = texts(&p);
    // 23 empty squares, each as a Pawn and as a +P, and three King moves:
    // the built Fairy-Stockfish's 49.
    assert_eq!(all.len(), 49);
    assert!(all.contains("+P@a1") && all.contains("P@a5") && all.contains("+P@d5"));
    let m = p.parse_move("+P@c3").unwrap();
    assert_eq!(m.promotion(), kyoto().role_by_token("+P"));
    assert_eq!(kyoto().piece(m.role()).token.to_string(), "P");
    let after = p.play(&m).unwrap();
    // Every drop restarts the move clock, as Fairy-Stockfish counts it.
    assert_eq!(after.to_fen(), "4k/5/2+P2/5/4K[p] b - - 0 1");
    assert_eq!(p.usi(&m), "+P*3c");
    assert_eq!(p.parse_usi("+P*3c").unwrap(), m);
    let pawn = kyoto().role_by_token("P").unwrap();
    assert!(
        kyoto()
            .describe_piece(pawn)
            .unwrap()
            .ends_with("from the hand, dropped onto an empty square, or as +P"),
        "{:?}",
        kyoto().describe_piece(pawn)
    );
    // A +P in the hand is no text: the hand holds the Pawn.
    let none = Position::from_fen(kyoto(), "4k/5/5/5/4K[p] w - - 0 1").unwrap();
    assert!(matches!(
        none.parse_move("+P@c3"),
        Err(MoveError::Drop { .. })
    ));
}

#[test]
fn a_captured_promoted_piece_enters_the_hand_unpromoted() {
    // White's Silver takes Black's +P (a Rook-mover) and turns into +S.
    let p = Position::from_fen(kyoto(), "4k/5/2+p2/1S3/4K[] w - - 0 1").unwrap();
    let m = p.parse_move("b2c3+").unwrap();
    let after = p.play(&m).unwrap();
    assert_eq!(after.to_fen(), "4k/5/2+S2/5/4K[P] b - - 0 1");
    // And the +S turns back into a Silver when it moves.
    let again = Position::from_fen(kyoto(), "1k3/5/2+S2/5/4K[P] w - - 0 1").unwrap();
    assert_eq!(
        again
            .play(&again.parse_move("c3d4-").unwrap())
            .unwrap()
            .to_fen(),
        "1k3/3S1/5/5/4K[P] b - - 1 1"
    );
}

/// The definition format's switches: without `[drops] promoted` no drop is
/// promoted; without the promoted types' `promotes`, they keep their side.
#[test]
fn switches_off_take_the_rule_away() {
    let text = kyoto().definition().to_string();
    assert!(text.contains("promoted = true\n"));
    let no_promoted_drops = text.replacen(
        "[drops]\ncaptured = \"unpromoted\"\npromoted = true",
        "[drops]\ncaptured = \"unpromoted\"",
        1,
    );
    assert_ne!(no_promoted_drops, text);
    let v = Variant::from_definition(&no_promoted_drops).unwrap();
    let p = Position::from_fen(&v, "4k/5/5/5/4K[Pp] w - - 0 1").unwrap();
    assert_eq!(p.legal_moves().len(), 23 + 3);
    let no_demotion = text
        .replace("promotes = [\"P\"]\n", "")
        .replace("promotes = [\"S\"]\n", "")
        .replace("promotes = [\"L\"]\n", "")
        .replace("promotes = [\"N\"]\n", "");
    let v = Variant::from_definition(&no_demotion).unwrap();
    let p = Position::start(&v);
    assert!(p.parse_move("a1a2").is_ok());
    assert!(p.parse_move("a1a2-").is_err());
}

// Dobutsu shogi (Fairy-Stockfish's `dobutsu`): the Lion is no royal piece;
// it wins by reaching the last rank where it is not taken (`[rules]
// region-safe`, Fairy-Stockfish's `flagPieceSafe`), and taking it wins.

use betza::{Color, EndReason, Game};

fn dobutsu() -> &'static Variant {
    Variant::by_name("dobutsu").unwrap()
}

fn after(
    v: impl Into<betza::VariantRef>,
    fen: &str,
    moves: &[&str],
) -> Option<(Option<Color>, EndReason)> {
    let mut g = Game::from_fen(v, fen).unwrap();
    for m in moves {
        g.play_text(m).unwrap();
    }
    g.status().outcome.map(|o| (o.winner, o.reason))
}

#[test]
fn a_lion_on_the_last_rank_unattacked_wins_at_once() {
    let fen = "3/L1l/3/3[] w - - 0 1";
    assert_eq!(
        after(dobutsu(), fen, &["a3a4"]),
        Some((Some(Color::White), EndReason::Region))
    );
    assert_eq!(
        Game::from_fen(dobutsu(), fen).unwrap().status().outcome,
        None
    );
}

#[test]
fn an_attacked_lion_on_the_last_rank_must_survive_the_reply() {
    let fen = "3/L1l/3/3[] w - - 0 1";
    // b4 is attacked by the Lion on c3: the game goes on.
    assert_eq!(after(dobutsu(), fen, &["a3b4"]), None);
    // Taken: Black wins (extinction of the Lion).
    assert_eq!(
        after(dobutsu(), fen, &["a3b4", "c3b4"]),
        Some((Some(Color::Black), EndReason::Extinction))
    );
    // Left alone and no longer attacked: White wins.
    assert_eq!(
        after(dobutsu(), fen, &["a3b4", "c3c2"]),
        Some((Some(Color::White), EndReason::Region))
    );
    // Still attacked after the reply: the game goes on.
    assert_eq!(after(dobutsu(), fen, &["a3b4", "c3b3"]), None);
    // Without `region-safe` reaching the rank is enough.
    let text = dobutsu().definition().to_string();
    assert!(text.contains("region-safe = true\n"));
    let plain = Variant::from_definition(&text.replace("region-safe = true\n", "")).unwrap();
    assert_eq!(
        after(plain, fen, &["a3b4"]),
        Some((Some(Color::White), EndReason::Region))
    );
}

#[test]
fn the_chick_becomes_a_hen_on_the_last_rank() {
    let p = Position::from_fen(dobutsu(), "1l1/C2/3/1L1[] w - - 0 1").unwrap();
    // The built Fairy-Stockfish's list and FEN.
    assert_eq!(
        texts(&p),
        set(&["a3a4+", "b1a1", "b1c1", "b1a2", "b1b2", "b1c2"])
    );
    let next = p.play(&p.parse_move("a3a4+").unwrap()).unwrap();
    // The half-move clock restarts at a promotion (the Chick is no
    // `pawn = true` type), as Fairy-Stockfish writes it.
    assert_eq!(next.to_fen(), "+Cl1/3/3/1L1[] b - - 0 1");
    assert_eq!(next.to_sfen(), "+Cl1/3/3/1L1 w - 2");
}

#[test]
fn region_safe_needs_a_region_win() {
    let text = dobutsu().definition().to_string();
    let bad = text.replace(
        "region-win = [{ piece = \"L\", white = \"a4-c4\", black = \"a1-c1\" }]\n",
        "",
    );
    assert_ne!(bad, text);
    let e = Variant::from_definition(&bad).unwrap_err().to_string();
    assert!(e.contains("region-safe needs a region-win"), "{e}");
    let e =
        betza::VariantDef::from_fsf_ini("[a:dobutsu]\nflagRegionWhite = -\nflagRegionBlack = -\n")
            .unwrap_err()
            .to_string();
    assert!(
        e.contains("flagPieceSafe") && e.contains("needs a flag region"),
        "{e}"
    );
}

/// pyffish's test suite's four Dobutsu cases (`is_immediate_game_end`):
/// both Lions on their last ranks, each safe or not after White's move.
#[test]
fn both_lions_on_their_last_ranks_as_pyffish_judges() {
    let fen = "1L1/1g1/1G1/1l1[] w - - 0 1";
    // Black's Lion no longer attacked, White's attacked: Black wins.
    assert_eq!(
        after(dobutsu(), fen, &["b2a2"]),
        Some((Some(Color::Black), EndReason::Region))
    );
    // White's Lion moves out of reach, Black's still attacked: White wins.
    assert_eq!(
        after(dobutsu(), fen, &["b4a4"]),
        Some((Some(Color::White), EndReason::Region))
    );
    // Both safe at once: a draw.
    assert_eq!(
        after(dobutsu(), fen, &["b2b3"]),
        Some((None, EndReason::Region))
    );
    // White's Lion leaves the rank, Black's is attacked: play goes on.
    assert_eq!(after(dobutsu(), fen, &["b4b3"]), None);
}
