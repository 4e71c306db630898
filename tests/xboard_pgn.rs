//! `pgn::XboardPgn`: XBoard's FENs and saved games (its numbering of ranks,
//! its letters, its Pawn moves, its FEN fields). Real saved games are in
//! `tests/example_xboard.rs` (`tests/data/xboard/`).

use betza::pgn::{PgnError, XboardPgn};
use betza::{Position, Variant};

#[test]
fn a_pawn_move_without_its_file_is_the_straight_push() {
    // Meiriqi: the Pawn on j4 pushes to j5, the one on i5 may step sideways
    // to j5. XBoard writes the push `j4` (ranks from 0), the step `ij4`.
    let v = Variant::by_name("meiriqi").unwrap();
    let pos = Position::from_fen(v, "7k2/10/10/10/10/8P1/9P/10/10/8K1 w - - 0 1").unwrap();
    let sq = |s| pos.size().parse_square(s).unwrap();
    assert!(
        pos.parse_san("j5").is_err(),
        "ambiguous in the library's SAN"
    );
    let x = XboardPgn::new();
    let push = x.read_move(&pos, "j4").unwrap();
    assert_eq!((push.from(), push.to()), (sq("j4"), sq("j5")));
    let step = x.read_move(&pos, "ij4").unwrap();
    assert_eq!((step.from(), step.to()), (sq("i5"), sq("j5")));
    // With ranks from 1 the same texts are the library's squares.
    let x1 = XboardPgn::new().ranks_from_0(false);
    assert_eq!(x1.read_move(&pos, "j5").unwrap(), push);
}

#[test]
fn xboards_fen_forms() {
    let x = XboardPgn::new();
    let courier = Variant::by_name("courier").unwrap();
    let fen = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w 0 1";
    assert_eq!(x.fen(courier, fen).unwrap(), courier.start_fen());
    // Without the counters.
    let fen = "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w";
    assert_eq!(x.fen(courier, fen).unwrap(), courier.start_fen());
    // Grand's holdings, and an e.p. field without castling.
    let grand = Variant::by_name("grand").unwrap();
    let fen = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[-] w - 0 1";
    assert_eq!(x.fen(grand, fen).unwrap(), grand.start_fen());
    // Xiangqi in XBoard's letters, and castling rights XBoard may give a
    // variant without castling.
    let xq = Variant::by_name("xiangqi").unwrap();
    let fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w KQkq - 0 1";
    assert_eq!(x.fen(xq, fen).unwrap(), xq.start_fen());
    // An e.p. square in XBoard's numbering (from 0 on 10 ranks).
    let fen = "4k5/10/10/10/3p6/10/10/10/10/4K5 b - e1 3 20";
    let ours = x.fen(Variant::by_name("decimaka").unwrap(), fen).unwrap();
    assert_eq!(ours, "4k5/10/10/10/3p6/10/10/10/10/4K5 b - e2 3 20");
    // Decimaka's promoted types by the letters given.
    let d = Variant::by_name("decimaka").unwrap();
    let with = XboardPgn::new().letter('O', "+P").letter('h', "+N");
    let fen = "4k5/10/10/10/10/4o5/10/3H6/10/5K4 w - - 0 1";
    assert_eq!(
        with.fen(d, fen).unwrap(),
        "4k5/10/10/10/10/4+p5/10/3+N6/10/5K4 w - - 0 1"
    );
    // What is refused, and why.
    let e = x.fen(d, fen).unwrap_err();
    assert_eq!(e, "the letter 'H' names no piece of decimaka");
    let e = x.fen(courier, "8/8 w x3y 0 1").unwrap_err();
    assert!(e.contains("\"x3y\" is neither castling rights nor"), "{e}");
    assert_eq!(x.fen(courier, "").unwrap_err(), "an empty FEN");
    assert_eq!(
        x.fen(courier, "12/12").unwrap_err(),
        "no side to move after the board"
    );
}

#[test]
fn letters_by_token_by_name_and_given() {
    let x = XboardPgn::new();
    let xq = Variant::by_name("xiangqi").unwrap();
    let token = |r: Option<betza::Role>| r.map(|r| xq.piece(r).token.to_string());
    assert_eq!(token(x.role(xq, 'h')), Some("N".to_string()));
    assert_eq!(token(x.role(xq, 'E')), Some("B".to_string()));
    assert_eq!(token(x.role(xq, 'N')), Some("N".to_string()));
    assert_eq!(x.role(xq, 'z'), None);
    // Decimaka: `Q` the Queen by its name, the Nightrider only when given.
    let d = Variant::by_name("decimaka").unwrap();
    assert_eq!(x.role(d, 'Q'), d.role_by_token("+F"));
    assert_eq!(x.role(d, 'H'), None);
    assert_eq!(
        XboardPgn::new().letter('H', "+N").role(d, 'h'),
        d.role_by_token("+N")
    );
}

#[test]
fn a_game_with_xboards_fen_tag_ranks_and_a_promotion_letter() {
    // Decimaka from a set-up position: the Pawn takes the Omni on e4 (e5
    // here) and must promote to an Omni, written `=O` by XBoard.
    let text = "[Variant \"decimaka\"]\n[FEN \"4k5/10/10/10/10/4o5/3P6/10/10/5K4 w - - 0 1\"]\n\
                [SetUp \"1\"]\n\n1. dxe4=O Kd9 *\n";
    let x = XboardPgn::new().letter('O', "+P");
    let game = x.read(text).unwrap();
    assert_eq!(game.san_moves(), ["dxe5=+P", "Kd10"]);
    // The standard reader refuses the same text.
    assert!(betza::Game::from_pgn(text).is_err());
    // A move that names nothing: where and why.
    let bad = text.replace("Kd9", "Kd7");
    let e = x.read(&bad).unwrap_err();
    assert!(
        matches!(&e, PgnError::Move { line: 5, number, .. } if number == "1..."),
        "{e}"
    );
    assert!(
        e.to_string().contains("no black King can move to d8"),
        "{e}"
    );
}

#[test]
fn every_game_of_a_file() {
    let text = "[Variant \"xiangqi\"]\n\n1. Hc2 Hc7 1/2-1/2\n\n[Variant \"xiangqi\"]\n\n1. Hc9 *\n\n\
                [Variant \"xiangqi\"]\n\n1. Ei2 *\n";
    let games = XboardPgn::new().read_all(None, text);
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].as_ref().unwrap().san_moves(), ["Nc3", "Nc8"]);
    assert!(games[1].is_err());
    assert_eq!(games[2].as_ref().unwrap().san_moves(), ["Bi3"]);
    let xq = Variant::by_name("xiangqi").unwrap();
    let games = XboardPgn::new().read_all(Some(xq.into()), text);
    assert_eq!(games.len(), 3);
}

#[test]
fn xboards_result_for_an_end_the_rules_see_otherwise() {
    // Courier: XBoard draws a stalemate, the rules make it a loss. The
    // standard reader refuses the contradiction; XBoard's reading keeps the
    // rules' result. (Black's blocked Pawn keeps its King from being bare.)
    let text = "[Variant \"courier\"]\n[FEN \"k11/2K9/12/1P5p4/7P4/12/12/12 w 0 1\"]\n[SetUp \"1\"]\n\n\
                1. b6 {Stalemate} 1/2-1/2\n";
    let game = XboardPgn::new().read(text).unwrap();
    assert_eq!(game.result(), betza::GameResult::WhiteWins);
    let standard = text.replace(" w 0 1", " w - - 0 1");
    let e = betza::Game::from_pgn(&standard).unwrap_err();
    assert!(matches!(e, PgnError::ResultMismatch { .. }), "{e}");
}

#[test]
fn bad_text_is_refused_without_a_panic() {
    // Every prefix and a scramble of real moves and FENs, in each variant.
    let words = [
        "f7xg6=O", "Nxg7", "O-O", "O-O-O", "0-0", "j5", "ij4", "Rac0", "e9=", "=Q", "x", "a",
        "a99999", "Kx", "+", "Q@e4", "é4", "e4e5e6", "a0a1a2", "h", "9", "0", "a-1", "Lxc0=L",
    ];
    let fens = [
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[-] w - 0 1",
        "k w - - - - - 1 1",
        "[[[ w",
        "8/8/8/8/8/8/8/8 b KQkq e9 0 1",
    ];
    let x = XboardPgn::new();
    for name in Variant::builtin_names() {
        let v = Variant::by_name(name).unwrap();
        let pos = Position::start(v);
        for w in words {
            for end in 0..=w.len() {
                if w.is_char_boundary(end) {
                    let _ = x.read_move(&pos, &w[..end]);
                }
            }
        }
        for f in fens {
            for end in 0..=f.len() {
                let _ = x.fen(v, &f[..end]);
            }
        }
    }
}

#[test]
fn going_back_over_unwritten_promotions_is_bounded() {
    // Meiriqi: a Knight shuttling inside the zone may promote on every move
    // (XBoard would not write it); an impossible last move makes the
    // reader go back over those choices, within a bound.
    let mut moves = String::new();
    for i in 0..150 {
        let (w, b) = if i % 2 == 0 {
            ("Nd7", "Kh8")
        } else {
            ("Nc5", "Kh9")
        };
        moves.push_str(&format!("{}. {w} {b} ", i + 1));
    }
    moves.push_str("151. Zz9 *\n");
    let text = format!(
        "[Variant \"meiriqi\"]\n[FEN \"7k2/10/10/10/2N7/10/10/10/10/8K1 w - - 0 1\"]\n\n{moves}"
    );
    let t = std::time::Instant::now();
    let e = XboardPgn::new().read(&text).unwrap_err();
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    assert!(e.to_string().contains("move 151."), "{e}");
}

#[test]
fn a_game_without_a_fen_tag_starts_where_xboard_starts_it() {
    // XBoard's Courier has every Pawn on its second rank and writes no FEN
    // tag for its own start: `start_fen` names it; a FEN tag still wins.
    let courier = Variant::by_name("courier").unwrap();
    let xboard_start = "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";
    let x = XboardPgn::new().start_fen(xboard_start);
    let text = "[Variant \"courier\"]\n\n1. g3 g6 *\n";
    let game = x.read_in(courier, text).unwrap();
    assert_eq!(game.start_position().to_fen(), xboard_start);
    assert_eq!(game.ply_count(), 2);
    // Without it, the variant's start (the traditional one): g2 is empty
    // there, so XBoard's first move is refused.
    assert!(XboardPgn::new().read_in(courier, text).is_err());
    let tagged = format!(
        "[Variant \"courier\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n1. i3 *\n",
        courier.start_fen()
    );
    let game = x.read_in(courier, &tagged).unwrap();
    assert_eq!(game.start_position().to_fen(), courier.start_fen());
}
