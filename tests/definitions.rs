//! Variant definition files: the built-ins round-trip, a variant read from
//! text plays, games of run-time variants own them, and every kind of
//! mistake gets its own error naming the line and the key (or the piece).

use std::sync::Arc;

use betza::{Game, Position, Variant, VariantDef, VariantError, VariantRef};

fn builtin_text(name: &str) -> &'static str {
    betza::builtin::definition_text(name).expect("built in")
}

#[test]
fn every_builtin_file_round_trips() {
    for name in Variant::builtin_names() {
        let def: VariantDef = builtin_text(name).parse().expect("valid");
        let written = def.to_string();
        let again: VariantDef = written
            .parse()
            .unwrap_or_else(|e| panic!("{name}: written form does not read back: {e}\n{written}"));
        assert_eq!(again, def, "{name}");
        assert_eq!(again.to_string(), written, "{name}: writing is stable");
        // The compiled variant keeps its definition.
        assert_eq!(Variant::by_name(name).unwrap().definition(), &def, "{name}");
    }
}

/// A Meiriqi written by hand in the format counts like the built-in.
#[test]
fn meiriqi_read_from_text_counts_like_the_builtin() {
    let text = builtin_text("meiriqi").replace("name = \"meiriqi\"", "name = \"my-meiriqi\"");
    let v = Variant::from_definition(&text).expect("valid");
    assert_eq!(v.name(), "my-meiriqi");
    let pos = Position::start(&v);
    assert_eq!(
        [1, 2, 3].map(|d| pos.perft(d)),
        [44, 1_934, 90_313],
        "RULES section 6"
    );
}

#[test]
fn a_custom_variant_from_text() {
    // 6x6: King, Rook, a Kirin (F and D leaps), Pawns promoting on the last
    // rank, optionally, to Rook or Kirin; stalemate loses.
    let text = r#"
name = "mini"
files = 6
ranks = 6
start = "ri2kr/pppppp/6/6/PPPPPP/RI2KR w - - 0 1"
stalemate = "loss"

[promotion]
scheme = "zone"
zone = { white = "a6-f6", black = "a1-f1" }

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Rook"
token = "R"
betza = "R"

[[piece]]
name = "Kirin"
token = "I"
betza = "FD"

[[piece]]
name = "Pawn"
token = "P"
betza = "fmWfcF"
pawn = true
promotes = ["R", "I"]
"#;
    let v = Variant::from_definition(text).expect("valid");
    let pos = Position::start(&v);
    assert_eq!(pos.legal_moves().len(), 6 + 2 + 1);
    // Optional promotion to two types: three moves, written with letters.
    let pos = Position::from_fen(&v, "4k1/P5/6/6/6/4K1 w - - 0 1").expect("valid");
    let mut texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_text(m))
        .filter(|t| t.starts_with("a5"))
        .collect();
    texts.sort();
    assert_eq!(texts, ["a5a6", "a5a6i", "a5a6r"]);
    // Stalemate loses.
    let stuck = Game::from_fen(Arc::new(v), "k1K3/5R/6/6/6/6 b - - 0 1").expect("valid");
    let outcome = stuck.outcome().expect("no move");
    assert_eq!(outcome.winner, Some(betza::Color::White));
    assert_eq!(outcome.reason, betza::EndReason::Stalemate);
}

#[test]
fn games_of_runtime_variants_are_send_and_static() {
    fn send_static<T: Send + 'static>(_: &T) {}
    let text = builtin_text("chess").replace("\"chess\"", "\"copy\"");
    let v: Arc<Variant> = Variant::from_definition(&text).expect("valid").into();
    let game = Game::new(v.clone());
    send_static(&game);
    // The game keeps its variant alive after every other handle is gone.
    drop(v);
    let count = std::thread::spawn(move || game.position().perft(3))
        .join()
        .expect("no panic");
    assert_eq!(count, 8_902);

    // Built-ins and Arcs go through the same constructors.
    struct Gui {
        games: Vec<Game>,
    }
    let shared: VariantRef = Variant::from_definition(&text).expect("valid").into();
    let gui = Gui {
        games: vec![
            Game::new(Variant::by_name("meiriqi").unwrap()),
            Game::new(shared.clone()),
            Game::from_fen(shared, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("valid"),
        ],
    };
    assert_eq!(gui.games[1].position().legal_moves().len(), 20);
    assert_eq!(gui.games[2].position().legal_moves().len(), 5);
}

fn refused(text: &str) -> VariantError {
    match Variant::from_definition(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// The chess file with `from` replaced by `to` (which must occur).
fn chess_with(from: &str, to: &str) -> String {
    let text = builtin_text("chess");
    assert!(text.contains(from), "{from:?} not in chess.toml");
    text.replacen(from, to, 1)
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in text"))
        + 1
}

#[test]
fn syntax_errors_name_the_line_and_the_key() {
    // Not TOML at all.
    let text = chess_with("files = 8", "files = = 8");
    let e = refused(&text);
    assert!(
        matches!(&e, VariantError::Syntax { line, .. } if *line == line_of(&text, "files = =")),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with(&format!("line {}", line_of(&text, "files")))
    );

    // An unknown (misspelt) key.
    let text = chess_with("en-passant = true", "en-pasant = true");
    let e = refused(&text);
    let msg = e.to_string();
    assert!(matches!(e, VariantError::Syntax { .. }), "{msg}");
    assert!(msg.contains("en-pasant"), "{msg}");
    assert!(
        msg.contains(&format!("line {}", line_of(&text, "en-pasant"))),
        "{msg}"
    );

    // An unknown key in a piece.
    let text = chess_with("betza = \"N\"", "betza = \"N\"\ncolour = \"red\"");
    let msg = refused(&text).to_string();
    assert!(msg.contains("colour"), "{msg}");
    assert!(
        msg.contains(&format!("line {}", line_of(&text, "colour"))),
        "{msg}"
    );

    // A value of the wrong type.
    let text = chess_with("files = 8", "files = \"eight\"");
    let e = refused(&text);
    let msg = e.to_string();
    assert!(
        matches!(&e, VariantError::Syntax { line, key: Some(k), .. } if *line == 3 && k == "files"),
        "{msg}"
    );

    // A required key missing.
    let text = chess_with("start = ", "# start = ");
    let msg = refused(&text).to_string();
    assert!(msg.contains("start"), "{msg}");
}

#[test]
fn value_errors_name_the_line_and_the_key() {
    let check = |text: &str, key: &str, needle: &str| {
        let e = refused(text);
        match &e {
            VariantError::Value { line, key: k, .. } => {
                assert_eq!(k, key, "{e}");
                assert_eq!(*line, line_of(text, needle), "{e}");
            }
            other => panic!("expected a value error at {key}, got {other:?}"),
        }
    };
    // A region square off the board.
    let text = chess_with("zone = { white = \"a8-h8\"", "zone = { white = \"a8-i8\"");
    check(&text, "promotion.zone.white", "zone = { white = \"a8-i8\"");
    let text = chess_with(
        "initial = { white = \"a2-h2\", black = \"a7-h7\" }",
        "initial = { white = \"a2-h2\", black = \"z7\" }",
    );
    check(&text, "initial.black", "z7");
    // Unknown rule names and out-of-range numbers.
    let text = chess_with(
        "en-passant = true",
        "en-passant = true\nstalemate = \"victory\"",
    );
    check(&text, "stalemate", "stalemate");
    let e = refused(&text).to_string();
    assert!(e.contains("\"victory\""), "{e}");
    let text = chess_with("scheme = \"zone\"", "scheme = \"drop\"");
    check(&text, "promotion.scheme", "drop");
    let text = chess_with("files = 8", "files = 17");
    check(&text, "files", "files = 17");
    let text = chess_with("name = \"chess\"", "name = \"Chess!\"");
    check(&text, "name", "Chess!");
    // A key of one scheme in the other.
    let text = chess_with(
        "scheme = \"zone\"",
        "scheme = \"zone\"\ncaptured-becomes = \"Q\"",
    );
    check(&text, "promotion.captured-becomes", "captured-becomes");
    // 12x12 = 144 squares.
    let text = chess_with("files = 8\nranks = 8", "files = 12\nranks = 12");
    check(&text, "ranks", "ranks = 12");
}

#[test]
fn rule_errors_name_the_piece_or_the_key() {
    // An unknown token in a piece's promotions.
    let e = refused(&chess_with("promotes = [\"Q\"", "promotes = [\"X\""));
    assert!(
        matches!(&e, VariantError::UnknownToken { place, token } if place.contains("Pawn") && token == "X"),
        "{e}"
    );
    // Bad Betza, with the piece's name and the position in the string.
    let e = refused(&chess_with("betza = \"N\"", "betza = \"N!\""));
    assert!(
        matches!(&e, VariantError::Betza { name, error } if name == "Knight" && error.position == 1),
        "{e}"
    );
    assert!(e.to_string().contains("\"Knight\""), "{e}");
    // A bad token, and two types with one token.
    let e = refused(&chess_with("token = \"N\"", "token = \"n\""));
    assert!(matches!(e, VariantError::BadToken { .. }), "{e}");
    let e = refused(&chess_with("token = \"N\"", "token = \"B\""));
    assert!(
        matches!(e, VariantError::DuplicateToken(ref t) if t == "B"),
        "{e}"
    );
    // Inconsistent promotion keys: forced squares outside the zone.
    let e = refused(&chess_with(
        "forced = { white = \"a8-h8\"",
        "forced = { white = \"a7-h8\"",
    ));
    assert!(
        matches!(e, VariantError::ForcedOutsideZone(betza::Color::White)),
        "{e}"
    );
    // Limits naming no piece type.
    let e = refused(&chess_with(
        "forced = { white = \"a8-h8\", black = \"a1-h1\" }",
        "forced = { white = \"a8-h8\", black = \"a1-h1\" }\nlimits = { X = 1 }",
    ));
    assert!(
        matches!(e, VariantError::UnknownToken { ref token, .. } if token == "X"),
        "{e}"
    );
    // Promotions without a scheme.
    let no_scheme = builtin_text("chess")
        .replace("[promotion]\nscheme = \"zone\"\n", "")
        .replace("zone = { white = \"a8-h8\", black = \"a1-h1\" }\n", "")
        .replace("forced = { white = \"a8-h8\", black = \"a1-h1\" }\n", "");
    let e = refused(&no_scheme);
    assert!(
        matches!(e, VariantError::PromotionWithoutScheme(ref p) if p == "Pawn"),
        "{e}"
    );
    // Two pawn types; no royal type.
    let e = refused(&chess_with("betza = \"N\"", "betza = \"N\"\npawn = true"));
    assert!(matches!(e, VariantError::PawnCount(2)), "{e}");
    let e = refused(&chess_with("royal = true", "royal = false"));
    assert!(matches!(e, VariantError::RoyalCount(0)), "{e}");
    // The start FEN refused by the variant itself.
    let e = refused(&chess_with("w KQkq", "x KQkq"));
    assert!(matches!(e, VariantError::StartFen(_)), "{e}");
    let e = refused(&chess_with("RNBQKBNR w", "RNBQ1BNR w"));
    assert!(matches!(e, VariantError::StartFen(_)), "{e}");
    // Castling without a distance.
    let e = refused(&chess_with("betza = \"KisO2\"", "betza = \"K\""));
    assert!(matches!(e, VariantError::CastlingIncomplete), "{e}");
    // Castling too far for the board.
    let e = refused(&chess_with("rook = \"R\"", "rook = \"R\"\nkingside = 3"));
    assert!(matches!(e, VariantError::CastlingDistance { .. }), "{e}");
}

#[test]
fn huge_and_hostile_texts_are_refused_quickly() {
    let big = "#".repeat(betza::variant::MAX_DEFINITION_BYTES + 1);
    assert!(matches!(refused(&big), VariantError::TooLarge { .. }));
    // Error messages quote at most a short prefix of what they name.
    let long_name = "x".repeat(10_000);
    let e = refused(&chess_with(
        "name = \"chess\"",
        &format!("name = \"{long_name}\""),
    ));
    assert!(e.to_string().len() < 300, "{}", e.to_string().len());
    for text in [
        "",
        "[[piece]]",
        "name = 1",
        "\u{0}",
        "files = 99999999999999999999",
    ] {
        let _ = refused(text).to_string();
    }
}

#[test]
fn per_side_castling_distances() {
    // Janus: four squares towards file j, three towards a.
    let v = Variant::by_name("janus").expect("built in");
    assert_eq!(v.castling_distances(), Some((4, 3)));
    let pos = Position::from_fen(v, "r3k4r/10/10/10/10/10/10/R3k4R w KQ - 0 1");
    assert!(pos.is_err(), "two black Kings");
    let pos = Position::from_fen(v, "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1").expect("valid");
    let mut castles: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| pos.move_text(m))
        .collect();
    castles.sort();
    assert_eq!(castles, ["e1b1", "e1i1"]);
    let after = pos.play(&pos.parse_move("e1i1").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "r3k4r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
}

/// Dressed tokens (`N'`, XBoard's way past 52 types) in every text: a
/// crazyhouse whose Knight is `N'` reads and writes it in FEN (with the
/// `~` of a promoted Pawn after it), hands, move text (drops and the
/// promotion suffix `n'`), SAN and USI-free move lists alike.
#[test]
fn dressed_tokens_read_and_write_in_every_text() {
    let text = builtin_text("crazyhouse")
        .replace("token = \"N\"", "token = \"N'\"")
        .replace("\"Q\", \"R\", \"B\", \"N\"", "\"Q\", \"R\", \"B\", \"N'\"")
        .replace(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rn'bqkbn'r/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBN'R",
        );
    let v = Variant::from_definition(&text).unwrap_or_else(|e| panic!("{e}"));
    let start = Position::start(&v);
    assert_eq!(
        start.to_fen(),
        "rn'bqkbn'r/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBN'R[] w KQkq - 0 1"
    );
    let m = start.parse_move("g1f3").expect("a Knight move");
    assert_eq!(start.san(&m), "N'f3");
    assert_eq!(start.parse_san("N'f3").expect("SAN"), m);
    // A Pawn about to promote, a Knight' promoted from a Pawn (marked), one in hand.
    let fen = "4k3/1P6/8/8/8/8/3N'~4/4K3[N'n'] w - - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(pos.to_fen(), fen);
    assert!(pos.is_marked(pos.square("d2").unwrap()));
    let promote = pos.parse_move("b7b8n'").expect("promotion to the Knight'");
    assert_eq!(pos.move_text(&promote), "b7b8n'");
    assert_eq!(pos.san(&promote), "b8=N'");
    assert_eq!(pos.parse_san("b8=N'").expect("SAN"), promote);
    assert!(
        pos.parse_move("b7b8n").is_err(),
        "no type has the plain letter n"
    );
    let drop = pos.parse_move("N'@e4").expect("a drop");
    assert_eq!(pos.move_text(&drop), "N'@e4");
    assert_eq!(pos.san(&drop), "N'@e4");
    let after = pos.play(&drop).expect("legal");
    assert_eq!(after.to_fen(), "4k3/1P6/8/8/4N'3/8/3N'~4/4K3[n'] b - - 1 1");
    for m in pos.legal_moves() {
        assert_eq!(pos.parse_move(&pos.move_text(&m)).expect("move text"), m);
        assert_eq!(pos.parse_san(&pos.san(&m)).expect("SAN"), m);
    }
    // Tokens: one prime after the letter, nothing else.
    for bad in ["N''", "'N", "N'+", "+'N"] {
        assert!(bad.parse::<betza::PieceToken>().is_err(), "{bad}");
        let e = refused(&text.replace("token = \"N'\"", &format!("token = \"{bad}\"")));
        assert!(
            e.to_string().contains("must be an uppercase letter"),
            "{bad}: {e}"
        );
    }
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K2N[] w - - 0 1").is_err());
}

/// A Pawn whose moves also go two squares straight forward outside its
/// initial region (`FaW`: a diagonal step, then an orthogonal one) gives an
/// en-passant right only from its initial region, the only one a FEN can
/// say: the position after either step writes a FEN that reads back
/// (found by fuzzing, on 17x17).
#[test]
fn only_a_double_step_from_the_initial_region_gives_en_passant() {
    let text = chess_with("betza = \"fmWfceFifmnD\"", "betza = \"FaWfceFifmnD\"");
    let v = Variant::from_definition(&text).unwrap_or_else(|e| panic!("{e}"));
    for (fen, step, ep) in [
        ("4k3/8/8/3p4/8/2P5/8/4K3 w - - 0 1", "c3c5", "-"),
        ("4k3/8/8/8/3p4/8/2P5/4K3 w - - 0 1", "c2c4", "c3"),
    ] {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let m = pos
            .parse_move(step)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
        assert!(m.is_double_step(), "{step}");
        let next = pos.play(&m).expect("legal");
        let written = next.to_fen();
        assert_eq!(written.split(' ').nth(3), Some(ep), "{written}");
        let back = Position::from_fen(&v, &written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(back, next);
        assert_eq!(back.hash(), next.hash());
        assert_eq!(pos.hash_after(&m, pos.hash()), next.hash());
    }
}

/// A game with dressed tokens (`N'`) writes PGN and reads it back.
#[test]
fn a_game_with_dressed_tokens_round_trips_through_pgn() {
    let text = builtin_text("crazyhouse")
        .replace("name = \"crazyhouse\"", "name = \"dressed-house\"")
        .replace("token = \"N\"", "token = \"N'\"")
        .replace("\"Q\", \"R\", \"B\", \"N\"", "\"Q\", \"R\", \"B\", \"N'\"")
        .replace(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rn'bqkbn'r/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBN'R",
        );
    let v: VariantRef =
        Arc::new(Variant::from_definition(&text).unwrap_or_else(|e| panic!("{e}"))).into();
    let mut game = Game::new(v.clone());
    for m in [
        "g1f3", "b8c6", "f3e5", "c6e5", "d2d4", "e5c4", "e2e4", "c4b2", "c1b2",
    ] {
        let mv = game
            .position()
            .parse_move(m)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        game.play(&mv).expect("legal");
    }
    let drop = game
        .position()
        .parse_move("N'@f3")
        .expect("a Knight' in hand");
    game.play(&drop).expect("legal");
    let pgn = game.to_pgn();
    assert!(pgn.contains("N'f3") && pgn.contains("N'@f3"), "{pgn}");
    let back = Game::from_pgn_in(v, &pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(back.position(), game.position());
}

/// Half-point komi is written as TOML reads it back, negative ones too.
#[test]
fn half_point_komi_is_written_and_read_back() {
    for (komi, text) in [(3, "1.5"), (-1, "-0.5"), (-5, "-2.5"), (4, "2"), (-4, "-2")] {
        let mut def: VariantDef = builtin_text("janggi").parse().unwrap();
        def.rules.material_komi = komi;
        let written = def.to_string();
        assert!(
            written.contains(&format!("\nmaterial-komi = {text}\n")),
            "{komi}: {written}"
        );
        assert_eq!(written.parse::<VariantDef>().unwrap(), def, "{komi}");
    }
}
