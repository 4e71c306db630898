//! Hands and drops (docs/variants.md, "Variants with drops"): each drop
//! restriction removes exactly the moves it should, and with its definition
//! switch off the moves come back; promotion under shogi's rule; captures
//! into the hand (crazyhouse's promoted Pawns back as Pawns); FEN, SFEN and
//! USI forms; PGN with drops.

mod common;

use std::collections::BTreeSet;

use betza::{Color, Game, Position, Variant};
use common::{assert_reference, pos, variant};

/// The squares the side to move may drop `token` on, sorted.
fn drops(p: &Position<'_>, token: &str) -> BTreeSet<String> {
    p.legal_moves()
        .iter()
        .filter(|m| m.is_drop() && p.variant().piece(m.role()).token.to_string() == token)
        .map(|m| p.name(m.to()).to_string())
        .collect()
}

/// Every empty square of `p` except those `skip` rejects.
fn empty_except(p: &Position<'_>, skip: impl Fn(u8, u8) -> bool) -> BTreeSet<String> {
    let size = p.size();
    size.all()
        .squares()
        .filter(|&s| p.piece_at(s).is_none() && !skip(size.file(s), size.rank(s) + 1))
        .map(|s| p.name(s).to_string())
        .collect()
}

/// A built-in definition with one line replaced (a switch turned off).
fn changed(name: &str, from: &str, to: &str) -> Variant {
    let text = variant(name).definition().to_string();
    assert!(
        text.contains(from),
        "{name}: {from:?} not in the definition"
    );
    let text = text.replacen(from, to, 1).replacen(
        &format!("name = \"{name}\""),
        &format!("name = \"{name}-changed\""),
        1,
    );
    Variant::from_definition(&text).expect("still a valid definition")
}

#[test]
fn shogi_pawn_drops_avoid_the_last_rank_and_files_with_an_unpromoted_pawn() {
    // An unpromoted Pawn on e5 closes file e; a Tokin on c5 does not close c.
    let p = pos("shogi", "4k4/9/9/9/2+P1P4/9/9/9/4K4[P] w - - 0 1");
    let want = empty_except(&p, |f, r| r == 9 || f == 4);
    assert_eq!(drops(&p, "P"), want);
    assert!(want.contains("c4") && !want.contains("e4"));
    assert_reference(&p, &|_| false);
    // Without the per-file limit the e-file comes back.
    let v = changed("shogi", "drops-per-file = 1\n", "");
    let q = Position::from_fen(&v, &p.to_fen()).unwrap();
    assert_eq!(drops(&q, "P"), empty_except(&q, |_, r| r == 9));
    // Without the immobility rule the last rank comes back as well.
    let v = changed("shogi", "immobility-illegal = true\n", "");
    let q = Position::from_fen(&v, &p.to_fen()).unwrap();
    assert_eq!(drops(&q, "P"), empty_except(&q, |f, _| f == 4));
}

#[test]
fn knights_and_lances_are_never_dropped_where_they_could_not_move() {
    let p = pos("shogi", "4k4/9/9/9/9/9/9/9/4K4[NLnl] w - - 0 1");
    assert_eq!(drops(&p, "N"), empty_except(&p, |_, r| r >= 8));
    assert_eq!(drops(&p, "L"), empty_except(&p, |_, r| r == 9));
    // Black's last ranks are 1 and 2.
    let b = pos("shogi", "4k4/9/9/9/9/9/9/9/4K4[NLnl] b - - 0 1");
    assert_eq!(drops(&b, "N"), empty_except(&b, |_, r| r <= 2));
    assert_eq!(drops(&b, "L"), empty_except(&b, |_, r| r == 1));
}

#[test]
fn a_pawn_drop_that_checkmates_is_illegal() {
    // P@a8 would mate the King on a9: the Silver guards a8, the Gold b8 and b9.
    let p = pos("shogi", "k8/2G6/1S7/9/9/9/9/9/8K[P] w - - 0 1");
    let squares = drops(&p, "P");
    assert!(!squares.contains("a8"));
    assert_eq!(squares, empty_except(&p, |f, r| r == 9 || (f, r) == (0, 8)));
    assert_reference(&p, &|_| false);
    assert!(p.parse_move("P@a8").is_err());
    // Without the rule the drop is legal, and it is mate.
    let v = changed("shogi", "drop-mate-illegal = true\n", "");
    let q = Position::from_fen(&v, &p.to_fen()).unwrap();
    let m = q.parse_move("P@a8").expect("legal without the rule");
    assert_eq!(q.san(&m), "P@a8#");
    assert!(q.play(&m).unwrap().outcome().is_some());
}

#[test]
fn a_pawn_drop_that_checks_but_can_be_captured_is_legal() {
    // Without the Silver the King takes the Pawn on a8.
    let p = pos("shogi", "k8/2G6/9/9/9/9/9/9/8K[P] w - - 0 1");
    let m = p.parse_move("P@a8").expect("a check, not a mate");
    assert_eq!(p.san(&m), "P@a8+");
    let next = p.play(&m).unwrap();
    assert!(next.parse_move("a9a8").is_ok());
    assert_reference(&p, &|_| false);
}

#[test]
fn other_drops_may_checkmate() {
    // A Gold dropped on a8, guarded by the Silver, mates: only the Pawn's
    // drop mate is illegal.
    let p = pos("shogi", "k8/2G6/1S7/9/9/9/9/9/8K[G] w - - 0 1");
    let m = p.parse_move("G@a8").expect("legal");
    assert_eq!(p.san(&m), "G@a8#");
    // Crazyhouse: a Pawn drop may mate.
    let p = pos("crazyhouse", "7k/4N2p/4N3/8/8/8/8/K7[P] w - - 0 1");
    let m = p.parse_move("P@g7").expect("legal");
    assert_eq!(p.san(&m), "P@g7#");
}

#[test]
fn tori_shogi_allows_two_swallows_on_a_file_but_not_three() {
    // Two Swallows on c close it; one on d leaves it open.
    let p = pos("torishogi", "3k3/7/2S4/2S4/3S3/7/3K3[S] w - - 0 1");
    let want = empty_except(&p, |f, r| r == 7 || f == 2);
    assert_eq!(drops(&p, "S"), want);
    assert!(want.contains("d6"));
    assert_reference(&p, &|_| false);
    let v = changed("torishogi", "drops-per-file = 2", "drops-per-file = 3");
    let q = Position::from_fen(&v, &p.to_fen()).unwrap();
    assert_eq!(drops(&q, "S"), empty_except(&q, |_, r| r == 7));
}

#[test]
fn crazyhouse_pawns_are_not_dropped_on_the_first_or_last_rank() {
    let p = pos("crazyhouse", "4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1");
    assert_eq!(drops(&p, "P"), empty_except(&p, |_, r| r == 1 || r == 8));
    assert_eq!(drops(&p, "N"), empty_except(&p, |_, _| false));
    let v = changed(
        "crazyhouse",
        "drop-region = { white = \"a2-h7\", black = \"a2-h7\" }\n",
        "",
    );
    let q = Position::from_fen(&v, &p.to_fen()).unwrap();
    assert_eq!(drops(&q, "P"), empty_except(&q, |_, _| false));
}

#[test]
fn a_drop_must_answer_a_check_and_may_block_one() {
    // The Rook on a1 checks along the first rank: a Knight may only block.
    let p = pos("crazyhouse", "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    assert_eq!(drops(&p, "N"), common::set("b1 c1 d1"));
    assert_reference(&p, &|_| false);
    // A Knight's check cannot be blocked: no drop at all.
    let p = pos("crazyhouse", "4k3/8/8/8/8/3n4/8/4K3[N] w - - 0 1");
    assert!(drops(&p, "N").is_empty());
    assert_reference(&p, &|_| false);
}

#[test]
fn captures_go_to_the_hand_unpromoted_in_shogi() {
    // The Bishop takes the Dragon: a Rook enters White's hand.
    let p = pos("shogi", "4k4/9/9/9/4+r4/9/9/1B7/4K4[] w - - 0 1");
    let next = common::play(&p, "b2e5");
    assert_eq!(next.to_fen(), "4k4/9/9/9/4B4/9/9/9/4K4[R] b - - 0 1");
    let rook = next.variant().role_by_token("R").unwrap();
    assert_eq!(next.hand_count(Color::White, rook), 1);
    assert_eq!(next.hand(Color::Black).count(), 0);
}

#[test]
fn a_crazyhouse_pawn_promoted_and_captured_returns_as_a_pawn() {
    let p = pos("crazyhouse", "r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    let q = common::play(&p, "b7b8q");
    assert_eq!(q.to_fen(), "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert!(q.is_marked(q.square("b8").unwrap()));
    let r = common::play(&q, "a8b8");
    assert_eq!(r.to_fen(), "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2");
    // An unmarked Queen enters as a Queen.
    let q = pos("crazyhouse", "rQ2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    let r = common::play(&q, "a8b8");
    assert_eq!(r.to_fen(), "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2");
    // Taking the move back restores hands and marks.
    let mut game = Game::from_fen(variant("crazyhouse"), &p.to_fen()).unwrap();
    game.play_text("b7b8q").unwrap();
    game.play_text("a8b8").unwrap();
    game.play_text("e1d2").unwrap();
    game.play_text("p@c3").unwrap();
    assert_eq!(
        game.position().to_fen(),
        "1r2k3/8/8/8/8/2p5/3K4/8[] w - - 0 3"
    );
    game.undo();
    game.undo();
    game.undo();
    assert_eq!(game.position().to_fen(), q_fen());
}

fn q_fen() -> &'static str {
    "rQ~2k3/8/8/8/8/8/8/4K3[] b - - 0 1"
}

#[test]
fn shogi_promotes_on_moves_that_start_or_end_in_the_zone() {
    // A Silver on c7 (in the zone) stepping back out of it may promote.
    let p = pos("shogi", "4k4/9/2S6/9/9/9/9/9/4K4[] w - - 0 1");
    let out = common::between(&p, "c7", "b6");
    assert_eq!(out.len(), 2);
    assert!(out.iter().all(|m| !m.is_forced_promotion()));
    assert_eq!(
        common::texts_from(&p, "c7"),
        common::list("c7b6 c7b6+ c7b8 c7b8+ c7c8 c7c8+ c7d6 c7d6+ c7d8 c7d8+")
    );
    // Pawn to the last rank and Knight to the last two must promote.
    let p = pos("shogi", "4k4/P8/2N6/9/9/9/9/9/4K4[] w - - 0 1");
    assert_eq!(common::texts_from(&p, "a8"), common::list("a8a9+"));
    assert_eq!(common::texts_from(&p, "c7"), common::list("c7b9+ c7d9+"));
    assert_eq!(p.parse_move("a8a9").unwrap_err().to_string(), {
        "move \"a8a9\": promotion is mandatory here; write a8a9+"
    });
    // A Knight reaching the zone's first rank may choose.
    let p = pos("shogi", "4k4/9/9/9/2N6/9/9/9/4K4[] w - - 0 1");
    assert_eq!(
        common::texts_from(&p, "c5"),
        common::list("c5b7 c5b7+ c5d7 c5d7+")
    );
    // Gold and King never promote; outside the zone nothing does.
    let p = pos("shogi", "4k4/9/2G6/9/9/9/9/9/4K4[] w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.promotion().is_none()));
}

#[test]
fn tori_shogi_forces_promotion_entering_and_leaving_the_zone() {
    // The Swallow entering rank 6 must promote; below the zone it may not.
    let p = pos("torishogi", "k6/7/7/2S4/7/7/3K3[] w - - 0 1");
    assert_eq!(common::texts_from(&p, "c4"), common::list("c4c5"));
    let p = pos("torishogi", "k6/7/2S4/7/7/7/3K3[] w - - 0 1");
    assert_eq!(common::texts_from(&p, "c5"), common::list("c5c6+"));
    // A Falcon in the zone promotes on every move, leaving it too.
    let p = pos("torishogi", "k6/3F3/7/7/7/7/3K3[] w - - 0 1");
    assert_eq!(
        common::texts_from(&p, "d6"),
        common::list("d6c5+ d6c6+ d6c7+ d6d7+ d6e5+ d6e6+ d6e7+")
    );
}

/// Tori shogi has no facing rule (docs/variants.md): the Phoenixes may
/// stand on one open file, and a Phoenix may step onto the other's file.
#[test]
fn tori_shogi_phoenixes_may_face_each_other() {
    assert!(!variant("torishogi").facing_kings());
    let p = pos("torishogi", "3k3/7/7/7/7/7/3K3[] w - - 0 1");
    assert_eq!(p.legal_moves().len(), 5);
    let p = pos("torishogi", "2k4/7/7/7/7/7/3K3[] w - - 0 1");
    assert!(common::texts_from(&p, "d1").contains(&"d1c2".to_string()));
}

#[test]
fn fen_reads_every_form_of_the_hands() {
    let v = variant("crazyhouse");
    let want = "4k3/8/8/8/8/8/8/4K3[PPn] w - - 0 1";
    for fen in [
        "4k3/8/8/8/8/8/8/4K3[PPn] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[2Pn] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[nPP] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3/PPn w - - 0 1",
    ] {
        assert_eq!(Position::from_fen(v, fen).unwrap().to_fen(), want, "{fen}");
    }
    for fen in [
        "4k3/8/8/8/8/8/8/4K3[-] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(
            Position::from_fen(v, fen).unwrap().to_fen(),
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
        );
    }
    // Fairy-Stockfish's shogi fields: no castling and en-passant fields.
    let s = variant("shogi");
    let start = Position::start(s);
    let fsf = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    assert_eq!(Position::from_fen(s, fsf).unwrap(), start);
    // Refusals name what is wrong.
    let err = |v, fen| Position::from_fen(v, fen).unwrap_err().to_string();
    assert!(err(v, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").contains("never enters a hand"));
    assert!(err(v, "4k3/8/8/8/8/8/8/4K3[3Q] w - - 0 1").contains("at most 2"));
    assert!(err(v, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1").contains("unknown piece token"));
    assert!(err(v, "4k3/8/8/8/8/8/8/4K~3[] w - - 0 1").contains("marked"));
    let chess = variant("chess");
    assert!(err(chess, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").contains("no drops"));
}

#[test]
fn sfen_and_usi_round_trip() {
    let v = variant("shogi");
    let start = Position::start(v);
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(start.to_sfen(), sfen);
    assert_eq!(Position::from_sfen(v, sfen).unwrap(), start);
    // A position with hands on both sides, Black (gote) to move.
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 w RB2Pb3p 10";
    let p = Position::from_sfen(v, sfen).unwrap();
    assert_eq!(p.to_sfen(), sfen);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(Position::from_fen(v, &p.to_fen()).unwrap(), p);
    for m in p.legal_moves() {
        let usi = p.usi(&m);
        assert_eq!(p.parse_usi(&usi).unwrap(), m, "{usi}");
    }
    assert_eq!(p.usi(&p.parse_move("B@e5").unwrap()), "B*5e");
    let m = start.parse_usi("7g7f").unwrap();
    assert_eq!(start.move_text(&m), "c3c4");
    let q = Position::from_sfen(v, "7k1/9/9/9/9/9/9/1B7/K8 b - 1").unwrap();
    assert_eq!(q.move_text(&q.parse_usi("8h2b+").unwrap()), "b2h8+");
    assert!(start.parse_usi("7g7").is_err());
    // Minishogi and Tori shogi read and write SFEN too, promoted pieces
    // included.
    let mini = variant("minishogi");
    assert_eq!(Position::start(mini).to_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
    let sfen = "rb1gk/5/5/P2+P1/KGSB1 w RS 8";
    assert_eq!(Position::from_sfen(mini, sfen).unwrap().to_sfen(), sfen);
    let tori = Position::start(variant("torishogi"));
    assert_eq!(
        tori.to_sfen(),
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1"
    );
    assert!(Position::from_sfen(v, "9/9/9 b - 1").is_err());
}

#[test]
fn crazyhouse_pgn_with_drops_round_trips() {
    let mut game = Game::new(variant("crazyhouse"));
    for san in [
        "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "Nf3", "P@e4", "Ng5", "Nf6", "P@d5", "Bf5",
        "Qe2", "Qxd5",
    ] {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    let pgn = game.to_pgn();
    assert!(pgn.contains("P@e4") && pgn.contains("P@d5"), "{pgn}");
    let again = Game::from_pgn(&pgn).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.san_moves(), game.san_moves());
    // As lichess writes it.
    let lichess = "[Event \"Rated Crazyhouse game\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 P@e4 *\n";
    let g = Game::from_pgn(lichess).unwrap();
    assert_eq!(
        g.position().to_fen(),
        "rnb1kbnr/ppp1pppp/8/q7/4p3/2N2N2/PPPP1PPP/R1BQKB1R[P] w KQkq - 0 5"
    );
}

#[test]
fn hands_count_in_equality_hash_and_repetition() {
    let v = variant("crazyhouse");
    let a = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    let b = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    let c = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    let marked = Position::from_fen(v, "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1").unwrap();
    let plain = Position::from_fen(v, "4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1").unwrap();
    assert_ne!(marked, plain);
    assert_ne!(marked.hash(), plain.hash());
    for p in [a, b, marked] {
        for m in p.legal_moves() {
            assert_eq!(p.hash_after(&m, p.hash()), p.play(&m).unwrap().hash());
        }
    }
}

#[test]
fn make_and_unmake_agree_with_copying_along_random_games() {
    // play_unchecked and perft's make/unmake must agree; perft without bulk
    // counting plays every leaf.
    for name in ["shogi", "minishogi", "torishogi", "crazyhouse"] {
        let p = Position::start(variant(name));
        assert_eq!(p.perft(3), p.perft_no_bulk(3), "{name}");
        let p = Position::from_fen(
            variant("crazyhouse"),
            "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
        )
        .unwrap();
        assert_eq!(p.perft(2), p.perft_no_bulk(2));
    }
}

#[test]
fn definitions_with_drops_round_trip_and_bad_ones_are_refused() {
    for name in ["shogi", "minishogi", "torishogi", "crazyhouse"] {
        let v = variant(name);
        let text = v.definition().to_string();
        let again: betza::VariantDef = text.parse().unwrap();
        assert_eq!(&again, v.definition(), "{name}");
    }
    let err = |from: &str, to: &str| {
        let text = variant("shogi")
            .definition()
            .to_string()
            .replacen(from, to, 1);
        Variant::from_definition(&text).unwrap_err().to_string()
    };
    assert!(err("captured = \"unpromoted\"", "captured = \"kept\"").contains("drops.captured"));
    assert!(err("[drops]\ncaptured = \"unpromoted\"\n", "").contains("no [drops] table"));
    // A Pawn that could never move from the last rank must be able to promote there.
    assert!(err("promotes = [\"+P\"]\n", "").contains("immobility-illegal"));
}

#[test]
fn a_setup_keeps_hands_and_marks() {
    let p = pos("crazyhouse", "4k3/8/8/8/8/8/8/Q~3K3[NPqq] w - - 0 1");
    let setup = p.setup();
    let knight = p.variant().role_by_token("N").unwrap();
    let queen = p.variant().role_by_token("Q").unwrap();
    assert_eq!(setup.hands[Color::White.index()][knight.index()], 1);
    assert_eq!(setup.hands[Color::Black.index()][queen.index()], 2);
    assert!(setup.marked.contains(p.square("a1").unwrap()));
    assert_eq!(Position::from_setup(p.variant(), &setup).unwrap(), p);
    // A mark on a piece no Pawn promotes to is refused.
    let mut bad = setup;
    bad.marked = bad.marked.with(p.square("e1").unwrap());
    assert!(Position::from_setup(p.variant(), &bad).is_err());
}

#[test]
fn repetition_counts_the_hands() {
    // Knights shuffle back and forth: the placement repeats, and so do the
    // hands, so the position repeats; after a drop only the positions after
    // it repeat.
    let mut game = Game::from_fen(
        variant("crazyhouse"),
        "4k1n1/8/8/8/8/8/8/4K1N1[Pp] w - - 0 1",
    )
    .unwrap();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    let before = game.hash();
    game.play_text("P@e4").unwrap();
    assert_ne!(game.hash(), before);
    for text in ["g8f6", "g1f3", "f6g8", "f3g1"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.repetitions(), 2, "the position after the drop, twice");
}

#[test]
fn a_drop_onto_an_empty_cannon_line_would_make_a_screen_and_is_illegal() {
    let text = r#"
name = "cannon-drops"
files = 5
ranks = 5
start = "c3k/5/5/5/2K2[Ww] w - - 0 1"

[drops]

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Cannon"
token = "C"
betza = "mRcpR"

[[piece]]
name = "Wazir"
token = "W"
betza = "W"
"#;
    let v = Variant::from_definition(text).unwrap();
    // The Cannon on c5 faces the King on c1 over an empty line.
    let p = Position::from_fen(&v, "2c1k/5/5/5/2K2[W] w - - 0 1").unwrap();
    let want = empty_except(&p, |f, r| f == 2 && (2..=4).contains(&r));
    assert_eq!(drops(&p, "W"), want);
    assert_reference(&p, &|_| false);
    // With a screen already there the King is in check: a second piece
    // between blocks it, so only the two empty squares of the line are legal.
    let p = Position::from_fen(&v, "2c1k/5/2W2/5/2K2[W] w - - 0 1").unwrap();
    assert!(p.is_check());
    assert_eq!(drops(&p, "W"), common::set("c2 c4"));
    assert_reference(&p, &|_| false);
}

#[test]
fn refused_drops_say_why() {
    let err = |p: &Position<'_>, text: &str| p.parse_move(text).unwrap_err().to_string();
    let p = pos("shogi", "k8/2G6/1S7/9/9/9/4P4/9/8K[NPp] w - - 0 1");
    assert_eq!(
        err(&p, "P@a8"),
        "drop \"P@a8\": a Pawn may not be dropped to give checkmate"
    );
    assert_eq!(
        err(&p, "P@e5"),
        "drop \"P@e5\": file e already holds 1 unpromoted Pawn of the side to move"
    );
    assert_eq!(
        err(&p, "N@d8"),
        "drop \"N@d8\": a Knight on d8 could never move again"
    );
    assert_eq!(err(&p, "P@c8"), "drop \"P@c8\": c8 is not empty");
    assert_eq!(
        err(&p, "G@d4"),
        "drop \"G@d4\": the side to move has no Gold in hand"
    );
    let c = pos("crazyhouse", "4k3/8/8/8/8/8/8/r3K3[P] w - - 0 1");
    assert_eq!(
        err(&c, "P@a8"),
        "drop \"P@a8\": a8 is outside the Pawn's drop region"
    );
    assert_eq!(
        err(&c, "P@e4"),
        "drop \"P@e4\": it would leave the King attacked"
    );
    let chess = pos("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        err(&chess, "P@e4"),
        "drop \"P@e4\": this variant has no drops"
    );
}

#[test]
fn at_most_eight_types_may_be_in_hand() {
    let mut def = betza::VariantDef::new("many-hands", 10, 2)
        .piece(betza::PieceDef::new("King", "K", "K").royal())
        .drops(betza::DropsDef::default());
    let letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
    for l in letters {
        def = def.piece(betza::PieceDef::new(l, l, "W"));
    }
    let nine = def.clone().start("k9/9K w - - 0 1");
    let err = nine.clone().build().unwrap_err().to_string();
    assert_eq!(
        err,
        "drops: 9 types can be in hand: at most 8 (LargeVariant holds more)"
    );
    // The large board's positions hold them (AnyVariant picks it).
    let any = betza::AnyVariant::new(nine).unwrap();
    assert!(matches!(any, betza::AnyVariant::Large(_)), "{any:?}");
    // Eight are fine.
    let mut eight = betza::VariantDef::new("eight-hands", 10, 2)
        .piece(betza::PieceDef::new("King", "K", "K").royal())
        .drops(betza::DropsDef::default())
        .start("k9/9K w - - 0 1");
    for l in &letters[..8] {
        eight = eight.piece(betza::PieceDef::new(l, l, "W"));
    }
    assert_eq!(eight.build().unwrap().hand_roles().len(), 8);
}

#[test]
fn is_legal_agrees_with_the_legal_moves_on_drops() {
    for (name, fen) in [
        ("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"),
        ("shogi", "k8/2G6/1S7/9/9/9/9/9/8K[PNL] w - - 0 1"),
        ("minishogi", "rbsgk/4p/5/P4/KGSBR[Pp] b - - 0 1"),
    ] {
        let p = Position::from_fen(Variant::by_name(name).unwrap(), fen).unwrap();
        let legal = p.legal_moves();
        assert!(legal.iter().any(|m| m.is_drop()), "{name}");
        for m in legal.iter() {
            assert!(p.is_legal(m), "{name}: {}", p.move_text(m));
            assert!(p.play(m).is_ok(), "{name}: {}", p.move_text(m));
        }
        // A drop of a type not in hand, or onto a piece, is not legal.
        let pseudo = p.pseudo_legal_moves();
        for m in pseudo.iter().filter(|m| !legal.contains(m)) {
            assert!(!p.is_legal(m), "{name}: {}", p.move_text(m));
        }
    }
}

/// More pieces that could end in one hand as a type than a hand holds (127)
/// is refused, saying how many and where they are. No built-in board is large
/// enough for that: a 12x10 board full of Wazirs is.
#[test]
fn more_pieces_than_a_hand_holds_are_refused_with_the_total() {
    let full = |white: &str, black: &str| {
        let rank = |c: &str| c.repeat(12);
        let mut ranks = vec![format!("k{}", "w".repeat(11))];
        ranks.extend((0..4).map(|_| rank("w")));
        ranks.extend((0..4).map(|_| rank("W")));
        ranks.push(format!("{}K", "W".repeat(11)));
        format!("{}[{white}{black}] w - - 0 1", ranks.join("/"))
    };
    let start = full("", "");
    let v = betza::VariantDef::new("wazir-house", 12, 10)
        .piece(betza::PieceDef::new("King", "K", "K").royal())
        .piece(betza::PieceDef::new("Wazir", "W", "W"))
        .drops(betza::DropsDef::default())
        .start(&start)
        .build()
        .expect("a valid definition");
    let v: &'static betza::Variant = Box::leak(Box::new(v));
    // 118 Wazirs on the board and 10 in hand: 128 could end in one hand.
    let e = Position::from_fen(v, &full("WWWWWWWWWW", "")).expect_err("128 Wazirs");
    assert!(
        e.to_string().contains(
            "128 pieces in the hands and on the board would enter a hand as Wazir: a hand holds at most 127"
        ),
        "{e}"
    );
    // 127 fit.
    let ok = full("WWWWWWWWW", "");
    assert_eq!(Position::from_fen(v, &ok).expect("127 fit").to_fen(), ok);
}

/// A hand holds at most as many of a type as could be captured as it: where
/// promoted pieces keep their type in hand (Loop, Chessgi), every Pawn that
/// could promote to a Queen counts; where they are marked and go back as
/// Pawns (crazyhouse), only the Queens of the start do.
#[test]
fn promoted_pieces_that_keep_their_type_count_towards_a_hand() {
    let queen = |name: &str| {
        let v = variant(name);
        let role = (0..v.pieces().len())
            .map(|i| betza::Role(i as u8))
            .find(|&r| v.piece(r).token.to_string() == "Q")
            .expect("a Queen");
        (v, role)
    };
    let three = "r1b1kb1r/pppp1ppp/8/8/8/8/PPPP1PPP/R1B1KB1R[QQQ] w KQkq - 0 1";
    for name in ["loop", "chessgi"] {
        let (v, q) = queen(name);
        // Two Queens and sixteen Pawns that may promote to one.
        assert_eq!(v.hand_limit(q), 18, "{name}");
        let p = Position::from_fen(v, three).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.to_fen(), three, "{name}");
    }
    let (v, q) = queen("crazyhouse");
    assert_eq!(v.hand_limit(q), 2);
    let e = Position::from_fen(v, three).expect_err("crazyhouse: three Queens in hand");
    assert!(
        e.to_string()
            .contains("white holds 3 of Queen in hand: at most 2"),
        "{e}"
    );
}
