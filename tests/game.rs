//! Game flow: promotion choices, metadata, history with undo, hashes,
//! outcomes and claimable draws.

mod common;

use betza::{Claims, Color, EndReason, Game, GameResult, MoveError, Position, Role, StalemateRule};
use common::{VARIANTS, long_random_game, random_game, sq, variant};

/// `(promotion token or "", forced)` of each legal move from `from` to `to`.
fn choices(pos: &Position<'_>, from: &str, to: &str) -> Vec<(String, bool)> {
    let v = pos.variant();
    let mut out: Vec<(String, bool)> = pos
        .moves_between(sq(pos, from), sq(pos, to))
        .iter()
        .map(|m| {
            assert_eq!((m.from(), m.to()), (sq(pos, from), sq(pos, to)));
            (
                m.promotion()
                    .map_or(String::new(), |r| v.piece(r).token.to_string()),
                m.is_forced_promotion(),
            )
        })
        .collect();
    out.sort();
    out
}

fn pos(name: &str, fen: &str) -> Position<'static> {
    Position::from_fen(variant(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn plain() -> (String, bool) {
    (String::new(), false)
}

fn opt(token: &str) -> (String, bool) {
    (token.to_string(), false)
}

fn forced(token: &str) -> (String, bool) {
    (token.to_string(), true)
}

#[test]
fn decimaka_optional_promotion_on_capture_gives_two_moves() {
    // Knight d3 takes an unpromoted Pawn: it may become a Nightrider or not.
    let p = pos("decimaka", "4k5/10/10/10/10/4p5/10/3N6/10/5K4 w - - 0 1");
    assert_eq!(choices(&p, "d3", "e5"), [plain(), opt("+N")]);
    // A Lion taking a Lion may become an Omni.
    let p = pos("decimaka", "4k5/10/10/10/10/4l5/10/4L5/10/5K4 w - - 0 1");
    assert_eq!(choices(&p, "e3", "e5"), [plain(), opt("+P")]);
}

#[test]
fn decimaka_mandatory_promotions_give_one_forced_move() {
    // Taking a promoted piece (Omni, Trident, Nightrider) forces the promotion.
    for victim in ["+p", "+t", "+n"] {
        let p = pos(
            "decimaka",
            &format!("4k5/10/10/10/10/4{victim}5/10/3N6/10/5K4 w - - 0 1"),
        );
        assert_eq!(
            choices(&p, "d3", "e5"),
            [forced("+N")],
            "Knight takes {victim}"
        );
    }
    // Taking a Queen makes every capturer a Queen, a Rook too.
    let p = pos("decimaka", "4k5/10/10/10/10/4+f5/10/3N6/10/R4K4 w - - 0 1");
    assert_eq!(choices(&p, "d3", "e5"), [forced("+F")]);
    let p = pos("decimaka", "4k5/10/10/10/10/+f9/10/3N6/10/R4K4 w - - 0 1");
    assert_eq!(choices(&p, "a1", "a5"), [forced("+F")]);
    // A Queen taking a Queen stays one: a single move, no promotion.
    let p = pos("decimaka", "4k5/10/10/10/10/+f9/10/10/10/+F4K4 w - - 0 1");
    assert_eq!(choices(&p, "a1", "a5"), [plain()]);
    // Rook and Bishop never promote otherwise; the King never does.
    let p = pos("decimaka", "4k5/10/10/10/10/n9/10/10/10/R4K4 w - - 0 1");
    assert_eq!(choices(&p, "a1", "a5"), [plain()]);
    let p = pos("decimaka", "4k5/10/10/10/10/10/10/10/4+p5/5K4 w - - 0 1");
    assert_eq!(choices(&p, "f1", "e2"), [plain()]);
}

#[test]
fn decimaka_en_passant_may_promote() {
    // Black just played d8-d6; the e6 Pawn takes en passant, promoting or not.
    let p = pos("decimaka", "4k5/10/10/10/3pP5/10/10/10/10/5K4 w - d7 0 1");
    let moves = p.moves_between(sq(&p, "e6"), sq(&p, "d7"));
    assert_eq!(moves.len(), 2);
    assert!(
        moves
            .iter()
            .all(|m| m.is_en_passant() && !m.is_forced_promotion())
    );
    assert_eq!(choices(&p, "e6", "d7"), [plain(), opt("+P")]);
}

#[test]
fn meiriqi_zone_promotion_is_optional() {
    // Entering the zone, and moving inside it: promote or not.
    let p = pos("meiriqi", "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1");
    assert_eq!(choices(&p, "d7", "d8"), [plain(), opt("R")]);
    assert_eq!(choices(&p, "d7", "c8"), [plain(), opt("R")]);
    let p = pos("meiriqi", "7k2/10/3G6/10/10/10/10/10/10/8K1 w - - 0 1");
    assert_eq!(choices(&p, "d8", "d9"), [plain(), opt("R")]);
    // Leaving the zone gives no promotion; nor does a piece without one.
    assert_eq!(choices(&p, "d8", "d7"), [plain()]);
    let p = pos("meiriqi", "7k2/10/10/3E6/10/10/10/10/10/8K1 w - - 0 1");
    assert_eq!(choices(&p, "d7", "d8"), [plain()]);
    // Black's zone is ranks 1-3: a Lion may become a Queen there.
    let p = pos("meiriqi", "7k2/10/10/10/10/10/3l6/10/10/8K1 b - - 0 1");
    assert_eq!(choices(&p, "d4", "d2"), [plain(), opt("Q")]);
}

#[test]
fn chess_and_capablanca_offer_every_type() {
    let p = pos("chess", "r6k/1P6/8/8/8/8/8/7K w - - 0 1");
    let four = ["B", "N", "Q", "R"].map(forced);
    assert_eq!(choices(&p, "b7", "b8"), four);
    assert_eq!(choices(&p, "b7", "a8"), four);
    let p = pos("capablanca", "r8k/1P8/10/10/10/10/10/9K w - - 0 1");
    let six = ["A", "B", "C", "N", "Q", "R"].map(forced);
    assert_eq!(choices(&p, "b7", "b8"), six);
    assert_eq!(choices(&p, "b7", "a8"), six);
    // No move at all: an empty list.
    assert!(choices(&p, "b7", "b6").is_empty());
    assert!(
        choices(&p, "a8", "a1").is_empty(),
        "not the side to move's piece"
    );
}

#[test]
fn legal_targets_are_the_squares_to_highlight() {
    let p = Position::start(variant("chess"));
    let names = |from: &str| {
        let mut v: Vec<String> = p
            .legal_targets(sq(&p, from))
            .into_iter()
            .map(|s| p.size().square_name(s))
            .collect();
        v.sort();
        v
    };
    assert_eq!(names("g1"), ["f3", "h3"]);
    assert_eq!(names("e2"), ["e3", "e4"]);
    assert!(names("e1").is_empty());
    assert!(names("e7").is_empty(), "Black's piece, White to move");
    assert!(names("e4").is_empty(), "empty square");
    // A promotion choice is one target square.
    let p = pos("chess", "r6k/1P6/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(p.legal_targets(sq(&p, "b7")).count(), 2);
    // Every target has moves_between, and nothing else has.
    for name in VARIANTS {
        let game = random_game(variant(name), 7, 40);
        let p = game.position();
        for from in p.occupied_by(p.side_to_move()) {
            let targets = p.legal_targets(from);
            for to in p.size().all() {
                assert_eq!(targets.contains(to), !p.moves_between(from, to).is_empty());
            }
        }
    }
}

#[test]
fn piece_and_variant_metadata() {
    let v = variant("decimaka");
    assert_eq!(
        (v.name(), v.size().files(), v.size().ranks()),
        ("decimaka", 10, 10)
    );
    assert_eq!(
        v.start_fen(),
        "r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1"
    );
    let tokens: Vec<String> = v.pieces().iter().map(|p| p.token.to_string()).collect();
    assert_eq!(
        tokens,
        [
            "K", "+F", "L", "S", "+T", "+N", "R", "B", "N", "F", "Y", "C", "T", "+P", "P"
        ]
    );
    let king = v.piece(v.royal());
    assert!(king.royal && king.promotions.is_empty() && !king.promoted);
    assert_eq!((king.name.as_str(), king.betza.as_str()), ("King", "KisO3"));
    let knight = v.piece(v.role_by_token("N").unwrap());
    assert_eq!(knight.promotions, [v.role_by_token("+N").unwrap()]);
    assert!(v.piece(v.role_by_token("+N").unwrap()).promoted);
    assert_eq!(v.piece(v.role_by_token("+F").unwrap()).name, "Queen");
    assert!(v.promotes_on_capture() && v.promotion_zone().is_none());
    assert_eq!(v.confinements().count(), 0);
    assert_eq!(v.stalemate_rule(), StalemateRule::Draw);

    let v = variant("meiriqi");
    assert_eq!(v.stalemate_rule(), StalemateRule::Loss);
    let regions: Vec<(&str, Vec<String>, Vec<String>)> = v
        .confinements()
        .map(|(role, r)| {
            let names = |b: betza::Bitboard| {
                b.into_iter()
                    .map(|s| v.size().square_name(s))
                    .collect::<Vec<_>>()
            };
            (v.piece(role).name.as_str(), names(r.white), names(r.black))
        })
        .collect();
    assert_eq!(regions[0].0, "King");
    assert_eq!(
        regions[0].1,
        ["h1", "i1", "j1", "h2", "i2", "j2", "h3", "i3", "j3"]
    );
    assert_eq!(
        regions[0].2,
        ["h8", "i8", "j8", "h9", "i9", "j9", "h10", "i10", "j10"]
    );
    assert_eq!(regions[1].0, "Mandarin");
    assert_eq!(regions[1].1, ["h1", "j1", "i2", "h3", "j3"]);
    assert_eq!(regions[1].2, ["h8", "j8", "i9", "h10", "j10"]);
    let zone = v.promotion_zone().expect("Meiriqi promotes in a zone");
    assert_eq!(
        zone.white,
        (7..10)
            .map(|r| v.size().rank_squares(r))
            .fold(Default::default(), |a, b| a | b)
    );
    assert_eq!(
        zone.black,
        (0..3)
            .map(|r| v.size().rank_squares(r))
            .fold(Default::default(), |a, b| a | b)
    );
    let gold = v.piece(v.role_by_token("G").unwrap());
    assert_eq!((gold.name.as_str(), gold.betza.as_str()), ("Gold", "WfF"));
    assert_eq!(gold.promotions, [v.role_by_token("R").unwrap()]);
    assert!(v.piece(v.role_by_token("R").unwrap()).promoted);
    assert_eq!(v.piece(v.role_by_token("F").unwrap()).name, "Pegasus");
    assert!(v.piece(Role(0)).royal);
}

#[test]
fn knight_shuffle_repeats_threefold() {
    let cases: [(&str, [&str; 4]); 4] = [
        ("chess", ["g1f3", "g8f6", "f3g1", "f6g8"]),
        ("capablanca", ["b1c3", "b8c6", "c3b1", "c6b8"]),
        ("decimaka", ["c2b4", "c9b7", "b4c2", "b7c9"]),
        ("meiriqi", ["a2b4", "a9b7", "b4a2", "b7a9"]),
    ];
    for (name, shuffle) in cases {
        let mut game = Game::new(variant(name));
        let start_hash = game.hash();
        for round in 1..=2 {
            for (i, text) in shuffle.iter().enumerate() {
                assert!(
                    game.claims().is_empty(),
                    "{name}: no claim before ply {}",
                    4 * (round - 1) + i
                );
                game.play_text(text).unwrap();
            }
            assert_eq!(game.hash(), start_hash);
            assert_eq!(game.repetitions(), round + 1);
        }
        let status = game.status();
        assert_eq!(status.claims, Claims::THREEFOLD_REPETITION, "{name}");
        assert!(
            !status.is_over(),
            "{name}: a repetition never ends the game"
        );
        assert!(game.position().legal_moves().len() > 1);
        game.undo();
        assert!(game.claims().is_empty());
        assert_eq!(
            game.repetitions(),
            2,
            "{name}: the position after Black's knight move, seen twice"
        );
    }
}

#[test]
fn fifty_move_count_resets_on_captures_and_pawn_moves() {
    let v = variant("chess");
    let mut game = Game::from_fen(v, "4k3/8/8/8/3p4/8/4P3/R3K3 w - - 98 60").unwrap();
    game.play_text("a1a2").unwrap();
    assert_eq!(game.position().halfmove_clock(), 99);
    assert!(game.claims().is_empty());
    game.play_text("e8d8").unwrap();
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.claims(), Claims::FIFTY_MOVES);
    assert!(
        game.outcome().is_none(),
        "the fifty-move rule never ends a game"
    );
    // A Pawn move resets the count.
    game.play_text("e2e4").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
    assert!(game.claims().is_empty());
    game.undo();
    assert_eq!(game.claims(), Claims::FIFTY_MOVES);
    // A capture resets it.
    game.play_text("a2a4").unwrap();
    game.play_text("d8e8").unwrap();
    game.play_text("a4d4").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);

    // Decimaka: a capture resets; an Omni's move does not (docs/decimaka.md), a Pawn's does.
    let v = variant("decimaka");
    let mut game = Game::from_fen(v, "4k5/10/10/10/10/10/5n4/4+P5/3P6/5K4 w - - 120 80").unwrap();
    assert_eq!(game.claims(), Claims::FIFTY_MOVES);
    game.play_text("e3e4").unwrap();
    assert_eq!(
        game.position().halfmove_clock(),
        121,
        "an Omni is not a Pawn"
    );
    game.undo();
    game.play_text("d2d3").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0, "a Pawn move");
    game.undo();
    game.play_text("e3f4").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0, "a capture");

    // Meiriqi: a Pawn's sideways step resets the count too.
    let v = variant("meiriqi");
    let mut game = Game::from_fen(v, "7k2/10/10/10/10/3P6/10/10/10/8K1 w - - 77 50").unwrap();
    game.play_text("d5e5").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
}

#[test]
fn undo_restores_the_exact_position_and_hash() {
    for (i, name) in VARIANTS.iter().enumerate() {
        let mut game = long_random_game(variant(name), 100 * i as u64, 150);
        let n = game.ply_count();
        let before: Vec<(Position<'_>, u64)> = (0..=n)
            .map(|ply| {
                let p = game
                    .position_at(ply)
                    .unwrap()
                    .rebind(variant(name))
                    .unwrap();
                (p, p.hash())
            })
            .collect();
        assert_eq!(before[n].1, game.hash());
        let moves: Vec<_> = game.moves().collect();
        for ply in (0..n).rev() {
            let m = game.undo().unwrap();
            assert_eq!(m, moves[ply]);
            assert_eq!(*game.position(), before[ply].0, "{name} ply {ply}");
            assert_eq!(game.hash(), before[ply].1, "{name} ply {ply}");
            assert_eq!(game.ply_count(), ply);
        }
        assert!(game.undo().is_none());
        assert_eq!(game.position(), game.start_position());
        // Replaying gives the same game again.
        for m in &moves {
            game.play(m).unwrap();
        }
        assert_eq!(*game.position(), before[n].0);
    }
}

#[test]
fn incremental_hash_matches_hash_from_scratch() {
    for name in VARIANTS {
        for seed in 0..6 {
            let v = variant(name);
            let mut rng = common::Rng::new(seed);
            let mut game = Game::new(v);
            for _ in 0..300 {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Every move's incremental hash, not only the one played.
                let p = *game.position();
                for m in &moves {
                    assert_eq!(
                        p.hash_after(m, game.hash()),
                        p.play(m).unwrap().hash(),
                        "{name} {}",
                        p.to_fen()
                    );
                }
                game.play(&moves[rng.below(moves.len())]).unwrap();
                assert_eq!(game.hash(), game.position().hash());
            }
        }
    }
}

#[test]
fn hash_covers_side_castling_and_usable_en_passant_only() {
    let v = variant("chess");
    let h = |fen: &str| Position::from_fen(v, fen).unwrap().hash();
    let start = Position::start(v).hash();
    assert_eq!(
        h("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30"),
        start,
        "counters are not hashed"
    );
    assert_ne!(
        h("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        start
    );
    assert_ne!(
        h("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1"),
        start
    );
    assert_ne!(
        h("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        start
    );
    // No Black Pawn can take en passant: the square does not count.
    assert_eq!(
        h("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"),
        h("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")
    );
    // One can: it does.
    assert_ne!(
        h("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"),
        h("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
    );
    // One could, but it is pinned against its King: it does not.
    assert_eq!(
        h("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"),
        h("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1")
    );
}

#[test]
fn outcomes_by_each_variants_rules() {
    // Checkmate wins everywhere.
    let mut game = Game::new(variant("chess"));
    for san in ["f3", "e5", "g4", "Qh4#"] {
        game.play_san(san).unwrap();
    }
    let status = game.status();
    assert!(status.is_over());
    let o = status.outcome.unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Checkmate)
    );
    assert_eq!(game.result(), GameResult::BlackWins);
    let m = Position::start(variant("chess")).legal_moves()[0];
    assert!(matches!(game.play(&m), Err(MoveError::GameOver { .. })));
    assert!(matches!(
        game.play_text("a2a3"),
        Err(MoveError::GameOver { .. })
    ));
    assert!(matches!(
        game.play_san("a3"),
        Err(betza::SanError::GameOver { .. })
    ));
    game.undo();
    assert!(!game.status().is_over());

    // Stalemate: a draw in chess and Decimaka, a loss in Meiriqi.
    let stalemate = |name: &str, fen: &str| {
        let game = Game::from_fen(variant(name), fen).unwrap();
        let o = game
            .outcome()
            .unwrap_or_else(|| panic!("{name} {fen} is over"));
        assert_eq!(o.reason, EndReason::Stalemate);
        (o.winner, game.result())
    };
    assert_eq!(
        stalemate("chess", "7k/5Q2/8/8/8/8/8/K7 b - - 0 1"),
        (None, GameResult::Draw)
    );
    assert_eq!(
        stalemate("decimaka", "9k/7+F2/10/10/10/10/10/10/10/K9 b - - 0 1"),
        (None, GameResult::Draw)
    );
    assert_eq!(
        stalemate("meiriqi", "7k2/10/8r1/10/10/10/10/10/r9/9K w - - 0 1"),
        (Some(Color::Black), GameResult::BlackWins)
    );
    let g = Game::from_fen(variant("capablanca"), "9k/7Q2/10/10/10/10/10/K9 b - - 0 1").unwrap();
    assert_eq!(g.result(), GameResult::Draw);

    // Meiriqi checkmate: the King cannot leave its fortress.
    let g = Game::from_fen(
        variant("meiriqi"),
        "7k2/10/10/10/10/8rr/10/10/10/9K w - - 0 1",
    )
    .unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), EndReason::Checkmate)
    );
}

#[test]
fn declared_results_and_tags() {
    let mut game = Game::new(variant("decimaka"));
    assert_eq!(game.result(), GameResult::Undecided);
    game.declare_result(GameResult::Draw);
    assert_eq!(game.result(), GameResult::Draw);
    assert!(
        game.outcome().is_none(),
        "a declaration is not an outcome by the rules"
    );
    game.play_text("e3e5").unwrap();
    assert_eq!(game.result(), GameResult::Undecided, "playing clears it");
    game.declare_result(GameResult::WhiteWins);
    game.undo();
    assert_eq!(game.result(), GameResult::Undecided, "undoing clears it");

    game.set_tag("White", "Ann").unwrap();
    game.set_tag("White", "Bea").unwrap();
    assert_eq!(game.tag("White"), Some("Bea"));
    assert_eq!(game.tags().count(), 1);
    assert!(game.set_tag("Result", "1-0").is_err());
    assert!(game.set_tag("FEN", "x").is_err());
    assert!(game.set_tag("Bad Name", "x").is_err());
    assert!(game.set_tag("Event", "two\nlines").is_err());
}

#[test]
fn play_refuses_illegal_moves_and_keeps_the_game() {
    let mut game = Game::new(variant("meiriqi"));
    let before = game.position().rebind(variant("meiriqi")).unwrap();
    let err = game.play_text("i1i4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move \"i1i4\": the King on i1 has no move to i4"
    );
    assert!(game.play_text("a3a6").is_err());
    assert!(game.play_san("Kh4").is_err());
    assert_eq!(*game.position(), before);
    assert_eq!(game.ply_count(), 0);
    // A move of another position is refused.
    let other = random_game(variant("meiriqi"), 3, 11);
    let foreign = other
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| !before.is_legal(m))
        .unwrap();
    assert!(matches!(
        game.play(&foreign),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn incremental_hash_of_castling_en_passant_and_promotions() {
    let cases = [
        ("chess", "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1"),
        ("chess", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
        (
            "decimaka",
            "r3k4r/10/10/10/3pP5/10/10/10/10/R4K3R w KQkq d7 0 1",
        ),
        ("decimaka", "4k5/10/10/10/10/4+f5/10/3N6/10/R4K4 w - - 0 1"),
        ("meiriqi", "7k2/10/10/3G6/10/10/10/10/10/8K1 w - - 0 1"),
    ];
    for (name, fen) in cases {
        let p = Position::from_fen(variant(name), fen).unwrap();
        let moves = p.legal_moves();
        assert!(
            moves
                .iter()
                .any(|m| m.is_castle() || m.is_en_passant() || m.promotion().is_some()),
            "{fen}"
        );
        for m in &moves {
            let next = p.play(m).unwrap();
            assert_eq!(
                p.hash_after(m, p.hash()),
                next.hash(),
                "{name} {fen} {}",
                p.move_text(m)
            );
            // And from there, the replies (en passant after a double step).
            for r in next.legal_moves() {
                assert_eq!(
                    next.hash_after(&r, next.hash()),
                    next.play(&r).unwrap().hash()
                );
            }
        }
    }
}

/// A long cycling game stays linear: 100,000 plies of a Knight shuffle,
/// each followed by the status a GUI asks (the old scan of the whole
/// history for repetitions made that 5 * 10^9 comparisons, twenty times
/// this test's time). The counts are exact at every ply, and after undo.
#[test]
fn a_long_cycling_game_counts_repetitions_in_linear_time() {
    const PLIES: usize = 100_000;
    let mut game = Game::new(variant("chess"));
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<_> = {
        let mut g = game.clone();
        cycle.iter().map(|t| g.play_text(t).unwrap()).collect()
    };
    for k in 0..PLIES {
        game.play(&moves[k % 4]).unwrap();
        // Ply j's position is the one of plies j % 4, j % 4 + 4, ..., j.
        let seen = (k + 1) / 4 + 1;
        assert_eq!(game.repetitions(), seen, "ply {}", k + 1);
        let status = game.status();
        assert!(!status.is_over());
        assert_eq!(
            status.claims.contains(Claims::THREEFOLD_REPETITION),
            seen >= 3
        );
    }
    for _ in 0..8 {
        game.undo();
    }
    assert_eq!(game.repetitions(), (PLIES - 8) / 4 + 1);

    // Past the end of a game that a repetition ends (what a stateless call
    // replaying a list does), each status judges only the repetition's span.
    let mut game = Game::new(variant("xiangqi"));
    let cycle = ["b1c3", "b10c8", "c3b1", "c8b10"];
    let moves: Vec<_> = {
        let mut g = game.clone();
        cycle.iter().map(|t| g.play_text(t).unwrap()).collect()
    };
    for k in 0..PLIES / 10 {
        game.play_past_end(&moves[k % 4]).unwrap();
        let over = game.status().outcome.map(|o| (o.winner, o.reason));
        assert_eq!(over.is_some(), k >= 7, "ply {}", k + 1);
    }
    assert_eq!(
        game.status().outcome.map(|o| (o.winner, o.reason)),
        Some((None, EndReason::Repetition))
    );
}
