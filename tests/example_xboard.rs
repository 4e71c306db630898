//! The `xboard` example driven through its input: protocol sessions as XBoard
//! would hold them.

#[path = "../examples/xboard.rs"]
mod xboard;

use betza::{Color, Position, Variant};
use xboard::Options;

/// Runs the engine on `script` and returns its output lines.
fn session_with(opts: &Options, script: &str) -> Vec<String> {
    let mut out = Vec::new();
    xboard::run(opts, script.as_bytes(), &mut out).expect("no I/O error on memory buffers");
    String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

fn session(script: &str) -> Vec<String> {
    session_with(
        &Options {
            seed: Some(1),
            ranks_from_1: false,
            ..Options::default()
        },
        script,
    )
}

/// The engine's lines other than a variant's `setup` and `piece` lines.
fn answers(out: &[String]) -> Vec<&String> {
    out.iter()
        .filter(|l| !l.starts_with("setup") && !l.starts_with("piece"))
        .collect()
}

/// This library's move text for an XBoard move on a 10-rank board (ranks
/// 0-9 on the wire).
fn from_wire_10(text: &str) -> String {
    let b = text.as_bytes();
    let sq = |f: u8, r: u8| format!("{}{}", f as char, r - b'0' + 1);
    format!("{}{}{}", sq(b[0], b[1]), sq(b[2], b[3]), &text[4..])
}

/// The XBoard move for this library's move text on a 10-rank board.
fn to_wire_10(pos: &Position, text: &str) -> String {
    let m = pos.parse_move(text).unwrap();
    let size = pos.size();
    let sq = |s| {
        let name = size.square_name(s);
        let rank: u32 = name[1..].parse().unwrap();
        format!("{}{}", &name[..1], rank - 1)
    };
    format!("{}{}", sq(m.from()), sq(m.to()))
}

#[test]
fn handshake_announces_the_features() {
    let out = session("xboard\nprotover 2\nquit\n");
    assert_eq!(out.len(), 1, "{out:?}");
    let f = &out[0];
    assert!(f.starts_with("feature "), "{f}");
    // The built-ins in the library's order, each once, under XBoard's name
    // where it has one (`normal` chess, `fischerandom` Chess960; the
    // library's Fairy-Stockfish `normal` is chess again and not repeated).
    for part in [
        "variants=\"decimaka,meiriqi,normal,capablanca,gothic,embassy,janus,modern,chancellor,\
         centaur,courier,shatranj,makruk,grand,xiangqi,nightrider,amazon,grasshopper,shogi,\
         minishogi,torishogi,crazyhouse,fischerandom,caparandom,kingofthehill,3check,5check,\
         racingkings,horde,antichess,giveaway,suicide,atomic,atomar,nocheckatomic,nocastle,raazuvaa,torpedo,\
         pawnsideways,pawnback,legan,almost,georgian,hoppelpoppel,newzealand,knightmate,paradigm,\
         gardner,losalamos,chaturanga,ai-wok,capahouse,opulent,tencubed,minixiangqi,manchu,mini,\
         gorogoro,judkins,euroshogi,okisakishogi,yarishogi,threekings,breakthrough,\
         fox-and-hounds,coregal,extinction,kinglet,spartan,codrus,seirawan,shouse,kyotoshogi,\
         dobutsu,janggi,janggitraditional,janggimodern,janggicasual,makpong,asean,shatar,fairy,\
         troitzky,gustav3,omicron,shako,misere,losers,sortofalmost,chigorin,armageddon,clobber,\
         clobber10,jesonmor,pocketknight,dragon,perfect,checkshogi,berolina,ataxx,flipersi,flipello,\
         flipello10,loop,chessgi,bughouse,koedem,supply,petrified,shoshogi,micro,wolf,chu\"",
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "highlight=1",
        "myname=\"betza ",
    ] {
        assert!(f.contains(part), "{part} missing from {f}");
    }
    assert!(f.ends_with(" done=1"), "{f}");
    let variants = f.split('"').nth(3).expect("the variant list");
    let mut names: Vec<&str> = variants.split(',').collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "a name twice in {variants}");
}

#[test]
fn chess960_goes_by_xboards_name_fischerandom_and_by_its_own() {
    let start = Variant::by_name("chess960")
        .unwrap()
        .start_fen()
        .to_string();
    for name in ["fischerandom", "chess960"] {
        let out = session(&format!("new\nvariant {name}\nping 1\nquit\n"));
        // XBoard knows the variant: the engine sends only its start.
        assert_eq!(out, [format!("setup {start}"), "pong 1".into()], "{name}");
    }
}

/// The variants XBoard plays itself under these names (its `atomic`,
/// `3check`, `giveaway`, `suicide`, `losers`) get no `setup`, no piece
/// definitions, and no letter after a move to the last rank; XBoard's
/// `caparandom` gets the start, as `fischerandom` does.
#[test]
fn xboards_own_variants_of_the_lichess_and_fics_family_are_not_engine_defined() {
    for name in ["atomic", "3check", "giveaway", "suicide", "losers"] {
        let out = session(&format!("new\nvariant {name}\nping 1\nquit\n"));
        assert_eq!(out, ["pong 1"], "{name}");
    }
    // A Bishop's move to the last rank, its only moves here, as in XBoard's
    // atomic match (engine-defined, `h6c1b`, forfeited): the squares alone.
    let out = session(
        "new\nvariant atomic\nforce\nsetboard k7/PR6/8/8/8/p1p5/PbP5/4K3 b - - 0 1\ngo\nquit\n",
    );
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert!(moves == ["move b2a1"] || moves == ["move b2c1"], "{out:?}");
    let start = Variant::by_name("caparandom")
        .unwrap()
        .start_fen()
        .to_string();
    let out = session("new\nvariant caparandom\nping 1\nquit\n");
    assert_eq!(out, [format!("setup {start}"), "pong 1".into()]);
}

/// XBoard's `seirawan` (S-Chess) is the built-in: no `setup`, and gated
/// moves go each way with the piece's letter after them.
#[test]
fn seirawan_gates_each_way() {
    let out =
        session("new\nvariant seirawan\nforce\nusermove g1f3h\nusermove b8c6e\nping 1\nquit\n");
    assert_eq!(out, ["pong 1"]);
    let out = session("new\nvariant seirawan\nforce\nusermove e2e4q\nping 1\nquit\n");
    assert!(
        out[0].starts_with("Illegal move (") && out[0].contains("cannot gate"),
        "{out:?}"
    );
}

#[test]
fn meiriqi_setup_pieces_moves_each_way_and_an_illegal_move() {
    let out = session(
        "xboard\nprotover 2\naccepted setboard\nnew\nvariant meiriqi\nping 1\nusermove a2a4\nusermove a2a9\nusermove e2e5\nping 2\nquit\n",
    );
    let setup = out
        .iter()
        .find(|l| l.starts_with("setup "))
        .expect("a setup line");
    assert_eq!(
        setup,
        "setup (PN.RQMHJCWGO.FY..ELS.Kpn.rqmhjcwgo.fy..els.k) 10x10+0_fairy \
         1fyehw1mkm/ngslsgn3/p1p1p1p1s1/7ppp/10/10/7PPP/P1P1P1P1S1/NGSLSGN3/1FYEHW1MKM w - - 0 1"
    );
    let pieces: Vec<&String> = out.iter().filter(|l| l.starts_with("piece ")).collect();
    assert_eq!(pieces.len(), 17);
    assert!(pieces.contains(&&"piece K& K".to_string()));
    assert!(pieces.contains(&&"piece P& fsmWfcFifmnD".to_string()));
    assert!(pieces.contains(&&"piece Y& FyafsF".to_string()));
    // The (4,1) leap, which XBoard has no atom for, as a chain of legs.
    assert!(pieces.contains(&&"piece F& ZmpafmpafmpafmpasW".to_string()));
    assert!(
        pieces
            .iter()
            .any(|l| l.starts_with("piece H& WafsWafraflW"))
    );
    assert!(out.contains(&"pong 1".to_string()));

    // a2a4 on the wire is a3a5 here; the engine (Black) answers with a legal
    // move, and only that: the illegal moves change nothing.
    let v = Variant::by_name("meiriqi").unwrap();
    let mut pos = Position::start(v);
    pos = pos.play(&pos.parse_move("a3a5").unwrap()).unwrap();
    let replies: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(replies.len(), 1, "{out:?}");
    let reply = from_wire_10(&replies[0][5..]);
    assert!(pos.parse_move(&reply).is_ok(), "{reply}");
    // a2a9: nothing stands on a3 any more; e2e5 (e3e6 here): a Pawn's
    // triple step.
    assert!(
        out.contains(&"Illegal move (no piece there): a2a9".to_string()),
        "{out:?}"
    );
    assert!(
        out.contains(&"Illegal move (no such move): e2e5".to_string()),
        "{out:?}"
    );
    assert_eq!(out.last().unwrap(), "pong 2");
}

#[test]
fn force_go_undo_remove_and_a_mate_with_the_result() {
    // Meiriqi: 1. Fd4 Wi9 2. Fh3 Sh9 3. Fg7# entered in force mode.
    let v = Variant::by_name("meiriqi").unwrap();
    let mut pos = Position::start(v);
    let mut wire = Vec::new();
    for text in ["b1d4", "f10i9", "d4h3", "i8h9", "h3g7"] {
        wire.push(to_wire_10(&pos, text));
        pos = pos.play(&pos.parse_move(text).unwrap()).unwrap();
    }
    let script = format!(
        "new\nvariant meiriqi\nforce\nusermove {}\nusermove {}\nundo\nusermove {}\nusermove {}\nusermove {}\nremove\nusermove {}\nusermove {}\nusermove {}\nping 9\nusermove a2a3\nquit\n",
        wire[0], wire[1], wire[1], wire[2], wire[3], wire[2], wire[3], wire[4]
    );
    let out = session(&script);
    let tail: Vec<&String> = answers(&out);
    assert_eq!(
        tail,
        [
            "1-0 {White mates}",
            "pong 9",
            "Illegal move (the game is over): a2a3"
        ],
        "{out:?}"
    );
}

#[test]
fn go_makes_the_engine_move_and_it_finds_a_mate_in_one() {
    // Fool's mate: after 1. f3 e5 2. g4 the engine, told to play Black, mates.
    let out = session("new\nforce\nusermove f2f3\nusermove e7e5\nusermove g2g4\ngo\nquit\n");
    assert_eq!(out, ["move d8h4", "0-1 {Black mates}"]);
    // In Decimaka after 1. Bh1 Se6 2. Ti1, Sxh3 (or another mate) ends it.
    let v = Variant::by_name("decimaka").unwrap();
    let mut pos = Position::start(v);
    let mut wire = Vec::new();
    for text in ["g2h1", "e9e6", "i2i1"] {
        wire.push(to_wire_10(&pos, text));
        pos = pos.play(&pos.parse_move(text).unwrap()).unwrap();
    }
    let out = session(&format!(
        "new\nvariant decimaka\nforce\nusermove {}\nusermove {}\nusermove {}\ngo\nquit\n",
        wire[0], wire[1], wire[2]
    ));
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "{out:?}");
    let m = pos.parse_move(&from_wire_10(&moves[0][5..])).unwrap();
    let after = pos.play(&m).unwrap();
    assert!(after.outcome().is_some(), "{out:?}");
    assert_eq!(out.last().unwrap(), "0-1 {Black mates}");
}

#[test]
fn the_engine_plays_white_after_go_and_answers_each_user_move() {
    let out = session("new\ngo\nusermove e7e5\nusermove d7d5\nquit\n");
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 3, "{out:?}");
    // Replaying the game with the library proves every move legal.
    let v = Variant::by_name("chess").unwrap();
    let mut pos = Position::start(v);
    for text in [&moves[0][5..], "e7e5", &moves[1][5..]] {
        pos = pos.play(&pos.parse_move(text).unwrap()).unwrap();
    }
}

#[test]
fn stalemate_loses_in_meiriqi_and_draws_in_chess() {
    let out = session(
        "new\nvariant meiriqi\nsetboard 7k2/10/8r1/10/10/10/10/10/r9/9K w - - 0 1\ngo\nquit\n",
    );
    assert_eq!(
        out.last().unwrap(),
        "0-1 {White has no legal move and loses}"
    );
    let out = session("new\nsetboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\nquit\n");
    assert_eq!(out, ["1/2-1/2 {Stalemate}"]);
}

#[test]
fn decimaka_letters_promotions_and_setboard() {
    let out = session("new\nvariant decimaka\nquit\n");
    assert_eq!(
        out[0],
        "setup (PNBRQ...C.FOHIY..TLS.Kpnbrq...c.fohiy..tls.k) 10x10+0_fairy \
         r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1"
    );
    // One letter per type: the Queen (+F) is Q, the Nightrider (+N) H, the
    // Trident (+T) I and the Omni (+P) O.
    for line in [
        "piece Q& Q",
        "piece H& NN",
        "piece I& vRfB",
        "piece O& mWcF",
        "piece K& KisO3",
    ] {
        assert!(out.contains(&line.to_string()), "{line} missing: {out:?}");
    }
    // A Rook that takes the Queen must become a Queen: sent as a0a4q.
    let out = session(
        "new\nvariant decimaka\nsetboard 4k5/10/10/10/10/q9/10/10/10/R4K4 w - - 0 1\ngo\nquit\n",
    );
    assert_eq!(out.last().unwrap(), "move a0a4q");
    // A Knight taking a Pawn may promote (to the Nightrider, H) or not.
    let fen = "4k5/10/10/10/4p5/10/3N6/10/10/5K4 w - - 0 1";
    for (user, ok) in [
        ("d3e5h", true),
        ("d3e5+", true),
        ("d3e5", true),
        ("d3e5=", true),
        ("d3e5n", true),
        ("d3e5q", false),
    ] {
        let out = session(&format!(
            "new\nvariant decimaka\nsetboard {fen}\nforce\nusermove {user}\nquit\n"
        ));
        let refused = out.iter().any(|l| l.starts_with("Illegal move"));
        assert_eq!(!refused, ok, "{user}: {out:?}");
    }
    let out = session(&format!(
        "new\nvariant decimaka\nsetboard {fen}\nforce\nusermove d3e5q\nquit\n"
    ));
    assert_eq!(
        out.last().unwrap(),
        "Illegal move (this move becomes H or stays N): d3e5q"
    );
    // A FEN with a letter of no piece type, or without a King, is refused
    // when the game is to go on from it (not while XBoard's Edit Position
    // sends its unfinished boards).
    let out = session(
        "new\nvariant decimaka\nsetboard 4k5/10/10/10/10/z9/10/10/10/R4K4 w - - 0 1\ngo\n\
         setboard 10/10/10/10/10/10/10/10/10/10 w - - 0 1\nforce\nusermove a0a1\n\
         setboard 4k5/10/10/10/10/10/10/10/10/R4K4 w - - 0 1\nusermove a0a1\nquit\n",
    );
    assert_eq!(out.len(), 18, "{out:?}");
    assert!(
        out[16].starts_with(
            "tellusererror Illegal position: the letter 'z' names no piece of decimaka \
             (XBoard's letters here: K King, Q Queen,"
        ),
        "{out:?}"
    );
    assert!(
        out[17].starts_with("tellusererror Illegal position: placement: white has 0 royal"),
        "{out:?}"
    );
}

#[test]
fn lift_highlights_the_legal_targets() {
    // Meiriqi start: the King on i1 (i0 on the wire) may go to h2, i2, j2.
    let out = session("new\nvariant meiriqi\nlift i0\nlift a0\nquit\n");
    let hl: Vec<&String> = out.iter().filter(|l| l.starts_with("highlight ")).collect();
    assert_eq!(hl[0], "highlight 10/10/10/10/10/10/10/10/7YYY/10");
    assert_eq!(hl[1], "highlight 10/10/10/10/10/10/10/10/10/10");
    // A Pawn that may take and promote: magenta, and its choice at once
    // (the only promotion square); a plain move: yellow.
    let out = session(
        "new\nvariant decimaka\nsetboard 4k5/10/10/10/3p6/4P5/10/10/10/5K4 w - - 0 1\nlift e4\nquit\n",
    );
    assert_eq!(
        out[out.len() - 2..],
        ["highlight 10/10/10/10/3MY5/10/10/10/10/10", "choice OP"]
    );
}

#[test]
fn variants_by_protocol_name_and_unknown_commands() {
    let out = session(
        "new\nvariant capablanca\nusermove e1e2\nvariant normal\nvariant no-such-chess\nfoo bar\nlevel 40 5 0\ntime 30000\npost\nping 3\nquit\n",
    );
    // XBoard knows Capablanca and chess: no setup for them.
    assert!(!out.iter().any(|l| l.starts_with("setup")));
    assert_eq!(
        out,
        [
            "Illegal move (no such move): e1e2",
            "Error (unsupported variant): no-such-chess",
            "Error (unknown command): foo bar",
            "pong 3"
        ]
    );
}

#[test]
fn ranks_from_1_for_guis_that_write_a10() {
    let opts = Options {
        seed: Some(1),
        ranks_from_1: true,
        ..Options::default()
    };
    let out = session_with(
        &opts,
        "new\nvariant meiriqi\nforce\nlift i1\nusermove a3a5\nlift i10\nquit\n",
    );
    assert_eq!(
        out[out.len() - 2..],
        [
            "highlight 10/10/10/10/10/10/10/10/7YYY/10",
            "highlight 10/7YYY/10/10/10/10/10/10/10/10"
        ],
        "{out:?}"
    );
    let out = session_with(&opts, "new\nvariant meiriqi\ngo\nquit\n");
    let m = &out.last().unwrap()[5..];
    let pos = Position::start(Variant::by_name("meiriqi").unwrap());
    assert!(pos.parse_move(m).is_ok(), "{m}");
}

#[test]
fn result_stops_the_engine_and_new_starts_over() {
    let out = session(
        "new\nusermove e2e4\nresult 1-0 {White resigns}\nusermove d2d4\nnew\nusermove e2e4\nquit\n",
    );
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    // One reply before the result, none after it, one in the new game.
    assert_eq!(moves.len(), 2, "{out:?}");
}

#[test]
fn betza_for_xboard() {
    assert_eq!(xboard::xboard_betza("Z(4,1)"), "ZmpafmpafmpafmpasW");
    assert_eq!(xboard::xboard_betza("(1,4)"), "mpafmpafmpafmpasW");
    assert_eq!(xboard::xboard_betza("(3,0)N"), "mpafmpafWN");
    assert_eq!(xboard::xboard_betza("(2,2)"), "(2,2)");
    assert_eq!(xboard::xboard_betza("f(4,1)"), "f(4,1)");
    assert_eq!(xboard::xboard_betza("KisO3"), "KisO3");
}

#[test]
fn letters_are_one_a_type_and_the_table_has_every_letter_once() {
    for name in Variant::builtin_names() {
        let v = Variant::by_name(name).unwrap();
        // A King in hand (placement): the adapter does not play it.
        if xboard::royal_in_hand(v.definition()) {
            continue;
        }
        let l = xboard::Letters::new(v);
        let mut seen = l.letter.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), v.pieces().len(), "{name}: {:?}", l.letter);
        assert_eq!(l.table.len(), 44, "{name}");
        let (white, black) = l.table.split_at(22);
        assert_eq!(black, white.to_ascii_lowercase());
        // The King image, unless no type is royal or written K (breakthrough).
        // A King that may be in hand (Koedem's) stands among the holdings'
        // types, in their order, instead.
        let k_in_hand = v
            .hand_roles()
            .iter()
            .any(|&r| v.piece(r).token.to_string() == "K");
        let has_king = v.piece_type(v.royal()).is_some()
            || v.pieces().iter().any(|p| p.token.to_string() == "K");
        if !k_in_hand {
            assert_eq!(white.ends_with('K'), has_king, "{name}: {white}");
        }
        // Under shogi's drop rule a promoted type is its base's `+`
        // partner, 11 images on (XBoard's default pairing).
        let plus = v.definition().drops.is_some() && white.contains('+');
        for (i, c) in l.letter.iter().enumerate() {
            if plus && v.pieces()[i].token.plus() {
                continue;
            }
            assert_eq!(white.matches(*c).count(), 1, "{name}: {c} in {white}");
        }
        let promoted = v.pieces().iter().filter(|p| p.token.plus()).count();
        assert_eq!(
            white.matches('+').count(),
            if plus { promoted } else { 0 },
            "{name}"
        );
        if plus {
            for (k, _) in white.char_indices().filter(|&(_, c)| c == '+') {
                assert!(
                    k >= 11 && white.as_bytes()[k - 11] != b'.',
                    "{name}: {white}"
                );
            }
        }
    }
}

#[test]
fn command_line() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let o = xboard::parse_args(&args("--seed 5 --ranks-from-1"))
        .unwrap()
        .unwrap();
    assert_eq!((o.seed, o.ranks_from_1), (Some(5), true));
    assert!(xboard::parse_args(&args("--help")).unwrap().is_none());
    assert!(xboard::parse_args(&args("--seed")).is_err());
    assert!(xboard::parse_args(&args("meiriqi")).is_err());
}

#[test]
fn every_seed_gives_its_own_game() {
    // `go` again and again: the engine plays both sides.
    let script = format!("new\nvariant meiriqi\n{}quit\n", "go\n".repeat(12));
    let game = |seed| {
        let opts = Options {
            seed: Some(seed),
            ranks_from_1: false,
            ..Options::default()
        };
        let out = session_with(&opts, &script);
        let moves: Vec<String> = out.into_iter().filter(|l| l.starts_with("move ")).collect();
        assert_eq!(moves.len(), 12);
        moves
    };
    // Seeds once mixed as `seed ^ K | 1` made 2 and 3 (0 and 1, ...) the same.
    for (a, b) in [(0, 1), (2, 3), (100, 101)] {
        assert_ne!(game(a), game(b), "seeds {a} and {b}");
    }
    assert_eq!(game(2), game(2));
}

#[test]
fn a_last_rank_move_that_keeps_the_piece_carries_its_own_letter() {
    // Decimaka: the Pawn's push to the last rank is its only legal move, and
    // it stays a Pawn (dead wood). XBoard would draw a Queen for a bare
    // `e8e9`, so the engine sends `e8e9p` (ranks 0-9 on the wire).
    let fen = "1r8/4P5/7k2/10/10/10/10/10/9r/K9 w - - 0 1";
    let v = Variant::by_name("decimaka").unwrap();
    let pos = Position::from_fen(v, fen).unwrap();
    let only: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    assert_eq!(only, ["e9e10"]);
    let out = session(&format!(
        "new\nvariant decimaka\nsetboard {fen}\ngo\nquit\n"
    ));
    assert_eq!(out.last().unwrap(), "move e8e9p", "{out:?}");
    // A person: the target is blue, and the `put` on it is answered with
    // the one choice, the Pawn itself; XBoard then sends `e8e9p`.
    let out = session(&format!(
        "new\nvariant decimaka\nsetboard {fen}\nforce\nlift e8\nput e9\nusermove e8e9q\nusermove e8e9p\nping 1\nquit\n"
    ));
    assert_eq!(
        out[out.len() - 5..],
        [
            "highlight 4B5/10/10/10/10/10/10/10/10/10",
            "choice P",
            "choice P",
            "Illegal move (this move stays P): e8e9q",
            "pong 1",
        ],
        "{out:?}"
    );
    // With Ctrl held XBoard writes `put e9,`: the same answer.
    let out = session(&format!(
        "new\nvariant decimaka\nsetboard {fen}\nforce\nlift e8\nput e9,\nquit\n"
    ));
    assert_eq!(out.last().unwrap(), "choice P");
    // The move was played: Black is to move, and e9 (e10 here) holds the Pawn.
    let out = session(&format!(
        "new\nvariant decimaka\nsetboard {fen}\nforce\nusermove e8e9p\nlift e9\nquit\n"
    ));
    assert_eq!(
        out.last().unwrap(),
        "highlight 10/10/10/10/10/10/10/10/10/10"
    );

    // Meiriqi: a Black Lion jumping into the zone, to the last rank too, may
    // promote (to the Queen) or not: magenta, and the choice names both, the
    // Queen first (sent at `lift` too: every promotion square has that
    // choice). A `put` on a square that is no target gets no answer.
    let fen = "8k1/10/10/10/10/10/10/4l5/10/7K2 b - - 0 1";
    let out = session(&format!(
        "new\nvariant meiriqi\nsetboard {fen}\nforce\nlift e2\nput e0\nlift e2\nput e3\nusermove e2e0l\nping 2\nquit\n"
    ));
    assert_eq!(
        out[out.len() - 6..],
        [
            "highlight 10/10/10/10/10/2Y1Y1Y3/10/2M3M3/10/2M1M1M3",
            "choice QL",
            "choice QL",
            "highlight 10/10/10/10/10/2Y1Y1Y3/10/2M3M3/10/2M1M1M3",
            "choice QL",
            "pong 2",
        ]
        .map(String::from),
        "{out:?}"
    );

    // Chess, which XBoard knows: a Rook's move to the last rank is plain.
    let out =
        session("new\nsetboard 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nlift a1\nput a8\nping 3\nquit\n");
    assert_eq!(out, ["highlight Y7/Y7/Y7/Y7/Y7/Y7/Y7/1YYY4", "pong 3"]);
    // Engine-defined too (king of the hill): only what XBoard draws as its
    // Pawn promotes there, so another piece's move to the last rank goes
    // without a letter (XBoard 4.9.1, legality testing on, forfeited the
    // engine for a Knight's `g3f1n`).
    let out = session(
        "new\nvariant kingofthehill\nsetboard 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nlift a1\nput a8\nping 3\nquit\n",
    );
    assert_eq!(
        answers(&out),
        ["highlight Y7/Y7/Y7/Y7/Y7/Y7/Y7/1YYY4", "pong 3"]
    );
    // Black's only moves: the Rook along its last rank.
    let out = session(
        "new\nvariant kingofthehill\nforce\nsetboard k7/3N4/1K6/8/8/8/7p/7r b - - 0 1\ngo\nquit\n",
    );
    let last = out.last().unwrap();
    assert!(
        last.len() == 9 && last.starts_with("move h1") && last.ends_with('1'),
        "{out:?}"
    );
}

#[test]
fn a_variant_from_a_definition_file_is_announced_by_its_name() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/gardner.toml"
    );
    let o = xboard::parse_args(&["--variant-file".into(), path.into()])
        .unwrap()
        .unwrap();
    assert_eq!(o.variant_files, [std::path::PathBuf::from(path)]);
    let opts = Options { seed: Some(4), ..o };
    let out = session_with(
        &opts,
        "xboard\nprotover 2\nnew\nvariant gardner\nlift e1\ngo\nquit\n",
    );
    // The file's variant is announced last, once, in place of the
    // built-in of its name.
    let variants = out[0]
        .split("variants=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .unwrap();
    assert!(variants.ends_with(",gardner"), "{out:?}");
    assert_eq!(variants.matches("gardner").count(), 1, "{out:?}");
    let setup = &out[1];
    assert!(setup.starts_with("setup (PNBRQ"), "{setup}");
    assert!(
        setup.ends_with(") 5x5+0_fairy rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"),
        "{setup}"
    );
    assert_eq!(
        out[2..8],
        [
            "piece K& K",
            "piece Q& Q",
            "piece R& R",
            "piece B& B",
            "piece N& N",
            "piece P& fmWfcF"
        ]
    );
    // Ranks 1-5 on a board of 5 ranks; the King on e1 has no move yet.
    assert_eq!(out[8], "highlight 5/5/5/5/5");
    let m = out[9].strip_prefix("move ").expect("a move");
    let v = betza::Variant::from_definition(&std::fs::read_to_string(path).unwrap()).unwrap();
    let pos = Position::start(&v);
    assert!(pos.parse_move(m).is_ok(), "{m}");
    // A file that cannot be read stops the engine before the protocol.
    let bad = Options {
        variant_files: vec!["/nonexistent.toml".into()],
        ..Options::default()
    };
    let e = xboard::run(&bad, "quit\n".as_bytes(), Vec::new()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("--variant-file /nonexistent.toml: "),
        "{e}"
    );
}

#[test]
fn definition_files_past_128_squares_play_and_switch_board_types() {
    // A 16x16 board (the large board type; XBoard's own limit) and a 19x19
    // one (the huge type, past XBoard's board: other GUIs may show it),
    // then chess (the small type) again in one session.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/");
    let opts = Options {
        seed: Some(3),
        variant_files: vec![
            format!("{dir}rook-16x16.toml").into(),
            format!("{dir}huge-19x19.toml").into(),
        ],
        ..Options::default()
    };
    let out = session_with(
        &opts,
        "xboard\nprotover 2\nnew\nvariant rook-16x16\nusermove h8h16\nnew\nvariant huge-19x19\n\
         usermove a3a5\nnew\nusermove e2e4\nquit\n",
    );
    assert!(out[0].contains(",rook-16x16,huge-19x19\" "), "{out:?}");
    assert!(
        out[1].ends_with(
            ") 16x16+0_fairy 15k/16/16/16/16/16/16/16/7R8/16/16/16/16/16/16/K15 w - - 0 1"
        ),
        "{}",
        out[1]
    );
    let dir16 = betza::AnyVariant::from_definition(
        &std::fs::read_to_string(format!("{dir}rook-16x16.toml")).unwrap(),
    )
    .unwrap();
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 3, "{out:?}");
    // The engine's answer on 16x16 is legal there (two-digit ranks).
    let m = moves[0].strip_prefix("move ").unwrap();
    betza::with_board!(&dir16, |v| {
        let pos = v.start();
        let pos = pos.play(&pos.parse_move("h8h16").unwrap()).unwrap();
        assert!(pos.parse_move(m).is_ok(), "{m}");
    });
    let at19 = out
        .iter()
        .position(|l| l.contains(") 19x19+0_fairy "))
        .expect("19x19 setup");
    assert!(out[at19].starts_with("setup ("), "{}", out[at19]);
    // Past XBoard's board: the user is told what XBoard will do.
    assert!(
        out[at19 - 1].starts_with("tellusererror ") && out[at19 - 1].contains("19x19 board"),
        "{out:?}"
    );
    // Back to chess: the small board type, XBoard's own rules.
    let m = moves[2].strip_prefix("move ").unwrap();
    let chess = Variant::by_name("chess").unwrap();
    let pos = Position::start(chess);
    let pos = pos.play(&pos.parse_move("e2e4").unwrap()).unwrap();
    assert!(pos.parse_move(m).is_ok(), "{m}");
    assert!(
        !out.iter()
            .any(|l| l.starts_with("Illegal") || l.starts_with("Error")),
        "{out:?}"
    );
}

#[test]
fn xboards_own_variants_and_engine_defined_ones() {
    // XBoard plays these by itself: no setup, and its piece letters are the
    // library's (Makruk's Khon S and Met M, Shatranj's Fers Q and Alfil B).
    for name in [
        "gothic",
        "janus",
        "makruk",
        "shatranj",
        "capablanca",
        "normal",
    ] {
        let out = session(&format!("new\nvariant {name}\nping 1\nquit\n"));
        assert_eq!(out, ["pong 1"], "{name}");
    }
    let out = session(
        "new\nvariant makruk\nforce\nusermove d1e2\nusermove e8d7\nusermove e3e4\nping 1\nquit\n",
    );
    assert_eq!(out, ["pong 1"], "{out:?}");
    // Courier: XBoard's own, played from XBoard's start (no `setup`, which
    // XBoard ignores when it tests legality).
    let out = session("new\nvariant courier\nquit\n");
    assert!(out.is_empty(), "{out:?}");
    // Embassy, Modern, Chancellor and Centaur XBoard does not have: set up
    // as engine-defined variants.
    for (name, size) in [
        ("embassy", "10x8"),
        ("modern", "9x9"),
        ("chancellor", "9x9"),
        ("centaur", "10x8"),
    ] {
        let out = session(&format!("new\nvariant {name}\nquit\n"));
        let v = Variant::by_name(name).unwrap();
        assert!(out[0].starts_with("setup ("), "{name}: {out:?}");
        assert!(
            out[0].contains(&format!(") {size}+0_fairy ")),
            "{name}: {out:?}"
        );
        assert_eq!(out.len(), 1 + v.pieces().len(), "{name}: {out:?}");
    }
}

/// The legal move of `pos` that an XBoard wire move names (`c5d7j`, ranks
/// from 0 on a 10-rank board; a suffix letter is the type promoted to, the
/// piece's own letter "stays").
fn wire_move(pos: &Position, reader: &betza::pgn::XboardPgn, text: &str) -> betza::Move {
    let v = pos.variant();
    let size = pos.size();
    let zero = u8::from(size.ranks() == 10);
    let b = text.as_bytes();
    let mut squares = Vec::new();
    let mut i = 0;
    while squares.len() < 2 {
        let file = b[i] - b'a';
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let rank: u8 = text[i + 1..i + 1 + digits].parse().unwrap();
        squares.push(
            size.square(i32::from(file), i32::from(rank) + i32::from(zero) - 1)
                .unwrap(),
        );
        i += 1 + digits;
    }
    let suffix = text[i..].chars().next();
    let options: Vec<betza::Move> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == squares[0] && m.to() == squares[1])
        .copied()
        .collect();
    let chosen: Vec<&betza::Move> = options
        .iter()
        .filter(|m| match suffix {
            None => m.promotion().is_none() || options.len() == 1,
            Some(c) => {
                let r = reader.role(v, c);
                if r == Some(m.role()) {
                    m.promotion().is_none()
                } else {
                    m.promotion() == r
                }
            }
        })
        .collect();
    assert_eq!(chosen.len(), 1, "{text} in {}", pos.to_fen());
    *chosen[0]
}

/// Saved games of real engine-against-engine matches in XBoard 4.9.1 (two
/// games each, this engine on both sides): they read back with the
/// library's XBoard reading (ranks from 0, XBoard's letters, `j6` as the
/// straight push, `w 0 1` FENs) and end in the position that the engines'
/// own moves (XBoard's debug file, `.moves`) lead to.
#[test]
fn xboards_saved_games_read_back_and_replay_to_the_same_final_positions() {
    for name in ["courier", "meiriqi", "decimaka", "grand", "xiangqi"] {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
        let pgn = std::fs::read_to_string(format!("{dir}{name}.pgn")).unwrap();
        let moves = std::fs::read_to_string(format!("{dir}{name}.moves")).unwrap();
        let lines: Vec<&str> = moves.lines().filter(|l| !l.starts_with('#')).collect();
        let v = Variant::by_name(name).unwrap();
        let reader = xboard::xboard_letters(v).reader(v);
        let games = reader.read_all(None, &pgn);
        assert_eq!(games.len(), lines.len(), "{name}");
        assert_eq!(games.len(), 2, "{name}");
        for (game, line) in games.into_iter().zip(lines) {
            let game = game.unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut pos = *game.start_position();
            let wire: Vec<&str> = line.split_whitespace().collect();
            for w in &wire {
                let m = wire_move(&pos, &reader, w);
                pos = pos.play(&m).unwrap();
            }
            assert_eq!(game.ply_count(), wire.len(), "{name}");
            assert_eq!(game.position(), &pos, "{name}");
        }
        // The standard reading refuses them: XBoard's ranks, letters, FEN
        // fields or Pawn moves are not the library's.
        let first = betza::pgn::PgnGames::new(&pgn).next().unwrap();
        assert!(first.is_err(), "{name}");
    }
}

// Transcripts: the lines below are the exact commands XBoard 4.9.1 sent
// (its debug file, `-debug -nameOfDebugFile`), in the games and gestures
// described in the README's "Play in XBoard".

/// The engine's moves in `out`, checked legal from `fen` by replaying them.
fn replay(v: &'static Variant, fen: &str, out: &[String]) -> Position<'static> {
    let reader = xboard::xboard_letters(v).reader(v);
    let mut pos = Position::from_fen(v, fen).unwrap();
    for l in out.iter().filter(|l| l.starts_with("move ")) {
        let m = wire_move(&pos, &reader, &l[5..]);
        pos = pos.play(&m).unwrap();
    }
    pos
}

#[test]
fn courier_setboard_without_castling_and_en_passant_fields() {
    // The second engine of a Courier match: XBoard echoes the engine's own
    // start position in its FEN form, without the castling and e.p. fields.
    let out = session(
        "xboard\nprotover 2\naccepted setboard\nnew\nforce\nvariant courier\n\
         setboard rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w 0 1\n\
         go\nquit\n",
    );
    assert!(
        !out.iter().any(|l| l.starts_with("tellusererror")),
        "{out:?}"
    );
    let v = Variant::by_name("courier").unwrap();
    let moves = out.iter().filter(|l| l.starts_with("move ")).count();
    assert_eq!(moves, 1, "{out:?}");
    replay(v, v.start_fen(), &out);
    // Edit Position (the b-Pawn moved to b3), Edit Game, Machine White.
    let out = session(
        "new\nvariant courier\nforce\n\
         setboard rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/1P4F5/2PPPP1PPPP1/RNEBMK1WBENR w 0 1\n\
         go\nquit\n",
    );
    let edited =
        "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/1P4F5/2PPPP1PPPP1/RNEBMK1WBENR w - - 0 1";
    assert_eq!(
        out.iter().filter(|l| l.starts_with("move ")).count(),
        1,
        "{out:?}"
    );
    replay(v, edited, &out);
}

#[test]
fn xiangqi_position_pasted_in_xboards_letters() {
    // Edit > Paste Position, then Mode > Machine White: XBoard's letters
    // (Horse H, Elephant E), no castling or e.p. field, the counters reset.
    let out = session(
        "new\nvariant xiangqi\nforce\n\
         setboard r1eakaehr/9/1ch4c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RHEAKAEHR w 0 1\ngo\nquit\n",
    );
    assert_eq!(out.len(), 1, "{out:?}");
    let v = Variant::by_name("xiangqi").unwrap();
    let ours = "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR w - - 0 1";
    replay(v, ours, &out);
    // The library's own letters (N, B) are read too; a letter of no piece
    // is refused, saying which letters are XBoard's.
    let out = session(
        "new\nvariant xiangqi\nsetboard rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1\ngo\nquit\n",
    );
    replay(v, v.start_fen(), &out);
    let out = session(
        "new\nvariant xiangqi\nsetboard rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w 0 1\ngo\nquit\n",
    );
    assert_eq!(
        out,
        [
            "tellusererror Illegal position: the letter 'X' names no piece of xiangqi \
          (XBoard's letters here: K King, A Advisor, E Elephant, H Horse, R Chariot, \
          C Cannon, P Soldier)"
        ]
    );
}

#[test]
fn grand_position_with_xboards_holdings() {
    // Grand pasted with Black to move: XBoard adds its holdings (`[-]`: the
    // captured pieces a Pawn may promote to) and leaves out castling.
    let out = session(
        "new\nvariant grand\nforce\n\
         setboard r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R[-] b - 0 1\n\
         go\nquit\n",
    );
    assert_eq!(out.len(), 1, "{out:?}");
    let v = Variant::by_name("grand").unwrap();
    let ours = "r8r/1nbqkcabn1/pppppppppp/10/10/4P5/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1";
    replay(v, ours, &out);
}

#[test]
fn decimaka_start_from_xboard_with_castling() {
    let out = session(
        "new\nvariant decimaka\nforce\n\
         setboard r2ykfy2r/ctnbslbntc/pppppppppp/10/10/10/10/PPPPPPPPPP/CTNBLSBNTC/R2YFKY2R w KQkq - 0 1\n\
         go\nquit\n",
    );
    let moves: Vec<&String> = out.iter().filter(|l| l.starts_with("move ")).collect();
    assert_eq!(moves.len(), 1, "{out:?}");
}

const MEIRIQI_KNIGHT: &str = "7k2/10/10/10/2N7/10/10/10/10/8K1 w - - 0 1";

#[test]
fn meiriqi_promotion_dropped_by_drag_is_refused_with_the_way_to_choose() {
    // Debian's settings (sweep promotions on), the Knight dragged from c5 to
    // d7 (c6-d8 here): XBoard sends its default Queen at once, with `put`.
    let out = session(&format!(
        "new\nvariant meiriqi\nforce\nsetboard {MEIRIQI_KNIGHT}\n\
         lift c5\nhover d7\nput d7\nusermove c5d7q\nping 1\nquit\n"
    ));
    let tail = &out[out.len() - 6..];
    assert_eq!(tail[0], "highlight 10/10/1M1M6/Y3Y5/10/Y3Y5/1Y1Y6/10/10/10");
    assert_eq!(tail[1], "choice JN");
    assert_eq!(tail[2], "choice JN");
    assert!(
        tail[3].starts_with(
            "tellusererror \\\\The Knight may become Janus (J) or stay Knight (N) on d7; \
             XBoard sent 'q'.\\nTo choose: click the Knight, then press the mouse button on d7"
        ),
        "{}",
        tail[3]
    );
    assert_eq!(
        tail[4..],
        [
            "Illegal move (this move becomes J or stays N): c5d7q",
            "pong 1"
        ]
    );
}

#[test]
fn meiriqi_promotion_chosen_by_sweeping() {
    // Click the Knight, press on d7, pull the mouse down (the Knight shows),
    // release: XBoard sends the move without a letter (staying); with the
    // Janus showing, `c5d7j`.
    let v = Variant::by_name("meiriqi").unwrap();
    for (gesture, role) in [
        ("lift c5\nhover d7\nput d7\nput d6\nusermove c5d7", "N"),
        ("lift c5\nhover d7\nput d7\nput d7\nusermove c5d7j", "J"),
    ] {
        let out = session(&format!(
            "new\nvariant meiriqi\nforce\nsetboard {MEIRIQI_KNIGHT}\n{gesture}\nping 1\nquit\n"
        ));
        assert_eq!(out.last().unwrap(), "pong 1");
        assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:?}");
        // What stands on d7 now: after Black's King steps aside, the
        // highlight of d7 marks that piece's moves, a Janus's or a Knight's.
        let out = session(&format!(
            "new\nvariant meiriqi\nforce\nsetboard {MEIRIQI_KNIGHT}\n{gesture}\n\
             usermove h9h8\nlift d7\nquit\n"
        ));
        let pos = Position::from_fen(v, MEIRIQI_KNIGHT).unwrap();
        let m = pos.parse_move(if role == "N" { "c6d8" } else { "c6d8+" });
        let pos = pos.play(&m.unwrap()).unwrap();
        let pos = pos.play(&pos.parse_move("h10h9").unwrap()).unwrap();
        let d8 = pos.size().parse_square("d8").unwrap();
        assert_eq!(
            pos.piece_at(d8).unwrap().role,
            v.role_by_token(role).unwrap()
        );
        let mut targets: Vec<_> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == d8)
            .map(|m| m.to())
            .collect();
        targets.dedup();
        let targets = targets.len();
        let hl = out
            .iter()
            .rev()
            .find(|l| l.starts_with("highlight "))
            .unwrap();
        let marked = hl.chars().filter(char::is_ascii_uppercase).count();
        assert_eq!(marked, targets, "{role}: {hl}");
    }
}

#[test]
fn meiriqi_pawn_dragged_to_promote_takes_the_engines_choice() {
    // A piece XBoard draws as a Pawn previews its Queen when lifted; the
    // `choice CP` answering `lift` replaces it, so the drag sends `c`.
    let out = session(
        "new\nvariant meiriqi\nforce\nsetboard 7k2/2P7/10/10/10/10/10/10/10/8K1 w - - 0 1\n\
         lift c8\nhover c9\nput c9\nusermove c8c9c\ngo\nquit\n",
    );
    let i = out.iter().position(|l| l.starts_with("highlight")).unwrap();
    assert_eq!(
        out[i..i + 3],
        [
            "highlight 2M7/1M1M6/10/10/10/10/10/10/10/10",
            "choice CP",
            "choice CP"
        ]
    );
    assert!(!out.iter().any(|l| l.starts_with("Illegal")), "{out:?}");
    let v = Variant::by_name("meiriqi").unwrap();
    replay(v, "2C4k2/10/10/10/10/10/10/10/10/8K1 b - - 0 1", &out);
}

#[test]
fn decimaka_forced_promotion_is_blue_and_plays_by_drag() {
    // The Knight must become a Nightrider (H) taking the Omni: one way only,
    // so blue; the `choice H` comes with the highlight and the drag sends it.
    let out = session(
        "new\nvariant decimaka\nforce\nsetboard 4k5/10/10/10/10/4o5/10/3N1L4/10/5K4 w - - 0 1\n\
         lift d2\nput e4\nusermove d2e4h\ngo\nquit\n",
    );
    let i = out.iter().position(|l| l.starts_with("highlight")).unwrap();
    assert_eq!(
        out[i..i + 3],
        [
            "highlight 10/10/10/10/10/2Y1B5/1Y3Y4/10/1Y3Y4/2Y1Y5",
            "choice H",
            "choice H"
        ]
    );
    let v = Variant::by_name("decimaka").unwrap();
    replay(v, "4k5/10/10/10/10/4+N5/10/5L4/10/5K4 b - - 0 1", &out);
}

#[test]
fn locust_captures_in_xboard_syntax() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variants/lion.toml");
    let o = xboard::parse_args(&["--variant-file".into(), path.into()])
        .unwrap()
        .unwrap();
    let opts = Options {
        seed: Some(4),
        ranks_from_1: true,
        ..o
    };
    // XBoard sends a capture on the way as `<from><to>;<via>`.
    let out = session_with(
        &opts,
        "xboard\nprotover 2\nnew\nvariant liontest\nforce\nsetboard 7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1\nd4e6;d5\nd4e6\nquit\n",
    );
    // The first is played (the Lion leaves d4, taking d5 on its way), so the
    // plain jump from d4 finds no piece there.
    assert!(!out.iter().any(|l| l.contains("d4e6;d5")), "{out:?}");
    assert_eq!(
        out.last().map(String::as_str),
        Some("Illegal move (no piece there): d4e6")
    );
    // Without the via square the text is the plain jump, not a capture on the way.
    let out = session_with(
        &opts,
        "xboard\nprotover 2\nnew\nvariant liontest\nforce\nsetboard 7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1\nd4e6\nd5c5\nd5c5\nquit\n",
    );
    // The Wazir on d5 is still there and moves; then it has left.
    assert_eq!(
        out.last().map(String::as_str),
        Some("Illegal move (no piece there): d5c5"),
        "{out:?}"
    );
    assert_eq!(out.iter().filter(|l| l.starts_with("Illegal")).count(), 1);
}

// ---------------------------------------------------------------------------
// Hands and drops: crazyhouse and shogi as XBoard knows them, the others
// engine-defined with holdings
// ---------------------------------------------------------------------------

#[test]
fn crazyhouse_drops_each_way_and_holdings_in_setboard() {
    // Known to XBoard: no setup, drops `P@e4` read in either case.
    let out = session(
        "new\nvariant crazyhouse\nforce\nusermove e2e4\nusermove d7d5\nusermove e4d5\n\
         usermove d8d5\nusermove P@e4\nusermove p@e4\nusermove q@e4\nusermove P@@e4\nquit\n",
    );
    assert!(!out.iter().any(|l| l.starts_with("setup")), "{out:?}");
    assert_eq!(
        out,
        [
            "Illegal move (no such drop): p@e4",
            "Illegal move (no such piece in hand): q@e4",
            "Illegal move (not a move): P@@e4",
        ]
    );
    // Holdings in the FEN (XBoard writes `[-]` for empty ones); Kings
    // alone with a piece in hand play on, with empty hands the game is over.
    let out = session(
        "new\nvariant crazyhouse\nforce\nsetboard 2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1\n\
         usermove Q@c7\nusermove c8c7\nsetboard 2k5/8/8/8/8/8/8/4K3[-] w - - 0 1\n\
         usermove e1e2\nquit\n",
    );
    assert_eq!(out, ["Illegal move (the game is over): e1e2"], "{out:?}");
    // The engine drops when a drop mates: a Rook in hand, Black's King
    // boxed in by its own Pawns (a drop on a8-f8 mates).
    let out = session(
        "new\nvariant crazyhouse\nforce\nsetboard 7k/6pp/8/8/8/8/8/K7[R] w - - 0 1\ngo\nquit\n",
    );
    assert!(
        out[0].starts_with("move R@") && out[0].ends_with('8'),
        "{out:?}"
    );
    assert_eq!(out[1], "1-0 {White mates}");
}

#[test]
fn the_engine_sends_its_drops_as_xboard_writes_them() {
    // Black to move with only a Knight in hand and no other move of worth:
    // every move the engine sends replays as a legal move.
    let fen = "4k3/8/8/8/8/8/8/4K3[n] b - - 0 1";
    let out = session(&format!(
        "new\nvariant crazyhouse\nforce\nsetboard {fen}\ngo\nquit\n"
    ));
    let v = Variant::by_name("crazyhouse").unwrap();
    let pos = Position::from_fen(v, fen).unwrap();
    let text = out[0].strip_prefix("move ").expect("a move");
    let m = pos.parse_move(text).expect("legal in the library's text");
    let legal = pos.legal_moves();
    assert!(legal.contains(&m));
    // The library's drop text is XBoard's here: `N@e5` (uppercase).
    if m.is_drop() {
        assert!(text.starts_with("N@"), "{text}");
    }
}

#[test]
fn shogi_is_xboards_with_plus_promotions_and_drops() {
    let out = session(
        "new\nvariant shogi\nforce\nsetboard 4k4/R8/9/9/9/9/9/9/4K4[P] w 0 1\n\
         usermove a8a9+\nusermove e9e8\nusermove P@e7\nquit\n",
    );
    assert!(out.is_empty(), "{out:?}");
    // A Gold drop that mates, written `G@e8`.
    let out =
        session("new\nvariant shogi\nforce\nsetboard 4k4/9/4P4/9/9/9/9/9/4K4[G] w 0 1\ngo\nquit\n");
    assert_eq!(out[0], "move G@e8", "{out:?}");
    assert_eq!(out[1], "1-0 {White mates}");
    // The Pawn takes the Rook on the last rank, where it must promote:
    // XBoard's shogi writes that `+`.
    let out =
        session("new\nvariant shogi\nforce\nsetboard k3r4/4P4/9/9/9/9/9/9/4K4[] w 0 1\ngo\nquit\n");
    assert_eq!(out, ["move e8e9+"]);
    // A fourfold repetition ends the game, a draw.
    let out = session(
        "new\nvariant shogi\nforce\nusermove h2g2\nusermove b8c8\nusermove g2h2\nusermove c8b8\n\
         usermove h2g2\nusermove b8c8\nusermove g2h2\nusermove c8b8\n\
         usermove h2g2\nusermove b8c8\nusermove g2h2\nusermove c8b8\nusermove h2g2\nquit\n",
    );
    assert_eq!(
        out,
        [
            "1/2-1/2 {Draw by repetition}",
            "Illegal move (the game is over): h2g2"
        ]
    );
}

/// Sittuyin's promotion in place XBoard cannot show (its `ApplyMove`
/// ignores a move to its own square), nor a King in its holdings
/// (placement): both refused, saying so.
#[test]
fn placement_and_sittuyin_are_refused_saying_why() {
    let out = session("new\nvariant sittuyin\nquit\n");
    assert_eq!(
        out,
        [
            "tellusererror sittuyin: XBoard cannot show a promotion in place (a move to its own square), so this adapter does not play it",
            "Error (unsupported variant): sittuyin"
        ]
    );
    // Drops without captures to hand go under XBoard's bughouse parent,
    // whose captures fill no holding.
    let out = session("new\nvariant pocketknight\nquit\n");
    assert!(
        out[0].ends_with(
            ") 8x8+1_bughouse rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"
        ),
        "{out:?}"
    );
    let out = session("new\nvariant placement\nquit\n");
    assert_eq!(
        out,
        [
            "tellusererror placement: XBoard's holdings cannot hold the King (its last piece image), so this adapter does not play it",
            "Error (unsupported variant): placement"
        ]
    );
}

#[test]
fn minishogi_and_torishogi_go_with_holdings_and_a_shogi_parent() {
    let out = session("new\nvariant minishogi\nquit\n");
    // The hand types take XBoard's first images (its holdings count the
    // images in use before a piece's own), each promoted type the image 11
    // after its base, marked `+`; no `piece` line for those.
    assert_eq!(
        out[0].split(' ').nth(1).unwrap(),
        "(PGBRS......+.+++.....Kpgbrs......+.+++.....k)"
    );
    assert_eq!(out.iter().filter(|l| l.starts_with("piece ")).count(), 6);
    assert!(
        out[0].starts_with("setup (")
            && out[0].ends_with(") 5x5+5_shogi rbsgk/4p/5/P4/KGSBR[] w - - 0 1"),
        "{out:?}"
    );
    let out = session("new\nvariant torishogi\nquit\n");
    assert!(
        out[0].contains(") 7x7+6_shogi rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w - - 0 1"),
        "{out:?}"
    );
    // XBoard's shogi parent may mark a move into the zone `+` where the
    // piece has no promotion (a Tori shogi Crane): that is the plain move.
    let out = session(
        "new\nvariant torishogi\nforce\nsetboard 3k3/7/7/2C4/7/7/K6[] w 0 1\n\
         usermove c4c5\nusermove d7e7\nusermove c5c6+\nusermove e7e6\nusermove c6c7p\nquit\n",
    );
    let setup = out
        .iter()
        .filter(|l| l.starts_with("setup") || l.starts_with("piece"));
    assert_eq!(out.len() - setup.count(), 1, "{out:?}");
    assert!(out.last().unwrap().starts_with("Illegal move"), "{out:?}");
    // Drops in minishogi, and a setboard with holdings.
    let out = session(
        "new\nvariant minishogi\nforce\nsetboard 2k2/5/5/5/2K2[Pp] w 0 1\n\
         usermove P@c3\nusermove p@a2\nusermove P@c2\nquit\n",
    );
    assert_eq!(
        out[out.len() - 1],
        "Illegal move (no such piece in hand): P@c2",
        "{out:?}"
    );
    assert!(
        !out.iter()
            .any(|l| l.starts_with("Illegal move") && !l.ends_with("P@c2"))
    );
}

/// The legal move an XBoard wire move names in a variant with drops and
/// 1-based ranks: `P@e5`, or squares with an optional `+` (promote) or
/// promotion letter.
fn wire_move_with_drops(pos: &Position, reader: &betza::pgn::XboardPgn, text: &str) -> betza::Move {
    let v = pos.variant();
    if let Some((piece, square)) = text.split_once('@') {
        let role = reader.role(v, piece.chars().next().unwrap()).unwrap();
        let to = pos.square(square).unwrap();
        return *pos
            .legal_moves()
            .iter()
            .find(|m| m.is_drop() && m.role() == role && m.to() == to)
            .unwrap_or_else(|| panic!("{text} in {}", pos.to_fen()));
    }
    if let Some(plain) = text.strip_suffix('+') {
        let (from, to) = (
            pos.square(&plain[..2]).unwrap(),
            pos.square(&plain[2..]).unwrap(),
        );
        let options = pos.moves_between(from, to);
        let promoting: Vec<_> = options.iter().filter(|m| m.promotion().is_some()).collect();
        assert_eq!(promoting.len(), 1, "{text} in {}", pos.to_fen());
        return *promoting[0];
    }
    wire_move(pos, reader, text)
}

/// Real games in XBoard 4.9.1 with its own rules of crazyhouse and shogi
/// (legality testing on), and of minishogi set up by the engine (holdings
/// and `+` promoted partners from its piece table), this engine on both
/// sides: every drop, capture and promotion the engines sent was accepted,
/// and the game ended in the mate XBoard announced; the saved game reads
/// back to the same position.
#[test]
fn xboards_crazyhouse_and_shogi_games_replay() {
    for (name, result) in [
        ("crazyhouse", "0-1"),
        ("shogi", "1-0"),
        ("minishogi", "1-0"),
    ] {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
        let pgn = std::fs::read_to_string(format!("{dir}{name}.pgn")).unwrap();
        let moves = std::fs::read_to_string(format!("{dir}{name}.moves")).unwrap();
        let line = moves.lines().find(|l| !l.starts_with('#')).unwrap();
        let v = Variant::by_name(name).unwrap();
        let reader = xboard::xboard_letters(v).reader(v);
        let mut pos = Position::start(v);
        let wire: Vec<&str> = line.split_whitespace().collect();
        for w in &wire {
            let m = wire_move_with_drops(&pos, &reader, w);
            pos = pos.play(&m).unwrap();
        }
        assert!(wire.iter().any(|w| w.contains('@')), "{name}: drops");
        assert!(pos.is_checkmate(), "{name}: {}", pos.to_fen());
        assert!(pgn.contains(&format!("[Result \"{result}\"]")));
        let winner = if result == "1-0" {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(pos.side_to_move(), winner.opposite(), "{name}");
        let games = reader.read_all(None, &pgn);
        assert_eq!(games.len(), 1, "{name}");
        match &games[0] {
            Ok(game) => {
                assert_eq!(game.ply_count(), wire.len(), "{name}");
                assert_eq!(game.position(), &pos, "{name}");
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------
// Chu Shogi: XBoard 4.9's `variant chu`, on the large board type
// ---------------------------------------------------------------------------

/// The library's move text for an XBoard Chu move: the two legs of a Lion
/// move `f7f6,f6f5` are the library's `f7f6f5`.
fn chu_text(wire: &str) -> String {
    match wire.split_once(',') {
        Some((first, second)) => {
            // `first` is from and via, `second` via and to.
            let to_start = second[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
            format!("{first}{}", &second[to_start..])
        }
        None => wire.to_string(),
    }
}

/// Plays the library's `line` and then each engine `move` of `out` from
/// `fen` in Chu Shogi; the position's FEN at the end.
fn chu_replay(fen: &str, line: &[&str], out: &[String]) -> String {
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let mut game = chu.game_from_fen(fen).unwrap();
    for m in line {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    for l in out.iter().filter(|l| l.starts_with("move ")) {
        let text = chu_text(&l[5..]);
        game.play_text(&text)
            .unwrap_or_else(|e| panic!("the engine's {l} ({text}) is not legal: {e}"));
    }
    game.position().to_fen()
}

#[test]
fn chu_is_xboards_variant_with_its_letters_and_start() {
    let out = session("xboard\nprotover 2\nnew\nvariant chu\nusermove e4e5\nquit\n");
    assert!(out[0].contains(",chu\" "), "{out:?}");
    // XBoard knows Chu (its start array and letters are the library's):
    // no setup, and the engine answers a normal move with a legal one.
    assert!(
        !out.iter()
            .any(|l| l.starts_with("setup") || l.starts_with("piece")),
        "{out:?}"
    );
    assert_eq!(
        out.iter().filter(|l| l.starts_with("move ")).count(),
        1,
        "{out:?}"
    );
    let start = betza::LargeVariant::by_name("chushogi").unwrap();
    chu_replay(start.start_fen(), &["e4e5"], &out[1..]);
    // XBoard's Chu FEN (Edit Position > Copy): the same letters, promoted
    // pieces as `+` and the base letter, ranks 10-12 two digits in moves.
    let fen = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1";
    assert_eq!(fen, start.start_fen());
    let out = session(
        "new\nvariant chu\nforce\nsetboard 10gk/1+D10/12/12/12/12/12/12/12/12/12/K11 w - - 0 1\n\
         usermove b11b12\nusermove k12k11\nusermove b12b10\nping 1\nquit\n",
    );
    assert_eq!(
        out,
        ["pong 1"],
        "a promoted Dragon (Soaring Eagle) set up and moved: {out:?}"
    );
    assert_eq!(
        chu_replay(
            "10gk/1+D10/12/12/12/12/12/12/12/12/12/K11 w - - 0 1",
            &["b11b12", "k12k11", "b12b10"],
            &[]
        ),
        "11k/10g1/1+D10/12/12/12/12/12/12/12/12/K11 b - - 3 2"
    );
}

#[test]
fn chu_lion_moves_in_xboards_two_leg_syntax() {
    let fen = "11k/12/12/12/12/5p6/5N6/5g6/12/12/g11/K11 w - - 0 1";
    // XBoard sends a Lion's double capture as two legs, the first ending on
    // the square captured on the way (`f6f7,f7f8`); legs that do not meet
    // are refused.
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nusermove f6f5,f4f7\nusermove f6f5,f5f8\nping 1\nquit\n"
    ));
    assert_eq!(
        out,
        [
            "Illegal move (the second leg does not start where the first ends): f6f5,f4f7",
            "Illegal move (no such move): f6f5,f5f8",
            "pong 1"
        ]
    );
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nusermove f6f5,f5f6\nusermove a2a1\nping 1\nquit\n"
    ));
    // Igui: the Lion takes f5 and stays on f6; Black's Gold then takes the
    // King: the game ends by royal capture, with XBoard's result line.
    assert_eq!(
        out,
        ["0-1 {Black captures the last royal piece}", "pong 1"],
        "{out:?}"
    );
    // The double capture, then the engine (Black) answers.
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nplayother\nusermove f6f7,f7f8\nping 1\nquit\n"
    ));
    assert_eq!(out.last().map(String::as_str), Some("pong 1"));
    let end = chu_replay(fen, &["f6f7f8"], &out);
    // The pawn on f7 taken, the Lion on f8, and the engine's Gold takes the
    // King the Lion left alone (promoting as it enters the zone).
    assert!(
        end.starts_with("11k/12/12/12/5N6/12/12/5g6/"),
        "{end} {out:?}"
    );
    assert_eq!(
        out[..2],
        ["move a2a1+", "0-1 {Black captures the last royal piece}"]
    );
    // The pass: two legs out and back over an empty square.
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nusermove f6e6,e6f6\nping 1\nquit\n"
    ));
    assert_eq!(out, ["pong 1"], "{out:?}");
    // XBoard's null move is the Lion's pass (XBoard sends it for a pass,
    // and the engine writes a pass so): Black is then to move, and its Gold
    // takes the King.
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nusermove @@@@\nusermove a2a1\nquit\n"
    ));
    assert_eq!(
        out,
        ["0-1 {Black captures the last royal piece}"],
        "{out:?}"
    );
    // Without a piece that may pass, it is refused.
    let out = session(
        "new\nvariant chu\nforce\nsetboard 11k/12/12/12/12/12/12/12/12/12/g11/K11 w - - 0 1\nusermove @@@@\nquit\n",
    );
    assert_eq!(
        out,
        ["Illegal move (no piece may pass here): @@@@"],
        "{out:?}"
    );
}

#[test]
fn chu_engine_sends_lion_moves_as_two_legs_and_ends_by_royal_capture() {
    // Black's Lion takes both Golds in one move: sent as two legs.
    let fen = "11k/12/12/12/12/5n6/5G6/5G6/12/12/12/K11 b - - 0 1";
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\ngo\nquit\n"
    ));
    assert_eq!(out[0], "move f7f6,f6f5", "{out:?}");
    chu_replay(fen, &[], &out);
    // A Black Lion's capture two squares away: whether it jumps or steps
    // over the empty square, it is sent as the jump (XBoard 4.9.1 takes a
    // Black piece's two legs over an empty square for castling).
    let fen = "11k/12/12/12/12/5n6/12/4G7/12/12/12/K11 b - - 0 1";
    for seed in 1..6 {
        let opts = Options {
            seed: Some(seed),
            ..Options::default()
        };
        let out = session_with(
            &opts,
            &format!("new\nvariant chu\nforce\nsetboard {fen}\ngo\nquit\n"),
        );
        assert_eq!(out[0], "move f7e5", "{out:?}");
    }
    // The engine takes the last royal piece and says so.
    let fen = "11k/12/12/12/12/12/12/12/12/12/G11/Kr10 b - - 0 1";
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\ngo\nquit\n"
    ));
    assert_eq!(
        out,
        ["move b1a1+", "0-1 {Black captures the last royal piece}"],
        "{out:?}"
    );
}

/// The library's move for an XBoard Chu move: two legs, a single move, or
/// the null move `@@@@` (a pass).
fn chu_wire_move<B: betza::Board>(pos: &betza::Position<'_, B>, wire: &str) -> betza::Move {
    if wire == "@@@@" {
        return *pos
            .legal_moves()
            .iter()
            .find(|m| m.from() == m.to() && m.via().is_some_and(|v| pos.piece_at(v).is_none()))
            .expect("a pass");
    }
    pos.parse_move(&chu_text(wire))
        .unwrap_or_else(|e| panic!("{wire}: {e}"))
}

#[test]
fn chu_game_played_in_xboard_replays() {
    // A game of the engine against itself in XBoard 4.9.1 (legality testing
    // on): XBoard accepted every move, the passes as `@@@@`, and ended the
    // game by its own checkmate adjudication.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let moves = std::fs::read_to_string(format!("{dir}chu.moves")).unwrap();
    let line = moves.lines().find(|l| !l.starts_with('#')).unwrap();
    let wire: Vec<&str> = line.split_whitespace().collect();
    assert!(wire.contains(&"@@@@"), "passes");
    // The adapter takes every move as XBoard sent it, without a word.
    let script: String = wire.iter().map(|w| format!("usermove {w}\n")).collect();
    let out = session(&format!("new\nvariant chu\nforce\n{script}ping 1\nquit\n"));
    assert_eq!(out, ["pong 1"]);
    // The position at the end: Black has mated in XBoard's sense, every
    // move of White leaves a royal piece to be taken.
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let mut pos = chu.start();
    for w in &wire {
        pos = pos.play(&chu_wire_move(&pos, w)).unwrap();
    }
    assert_eq!(pos.side_to_move(), Color::White);
    assert!(pos.outcome().is_none(), "the rules play on");
    for m in pos.legal_moves().iter() {
        let next = pos.play(m).unwrap();
        let taken = next.legal_moves().iter().any(|r| {
            let after = next.play(r).unwrap();
            after
                .outcome()
                .is_some_and(|o| o.winner == Some(Color::Black))
        });
        assert!(taken, "{} escapes", pos.move_text(m));
    }
    // XBoard's saved game: the same number of moves (a pass is `--`).
    let pgn = std::fs::read_to_string(format!("{dir}chu.pgn")).unwrap();
    assert!(pgn.contains("[Variant \"chu\"]") && pgn.contains("[Result \"0-1\"]"));
    let body = &pgn[pgn.rfind(']').unwrap() + 1..pgn.find('{').unwrap()];
    let plies = body
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .count();
    assert_eq!(plies, wire.len());
}

#[test]
fn chu_game_xboard_forfeited_for_a_move_leaving_the_king_attacked() {
    // XBoard 4.9.1 with legality testing on forbids a move that leaves the
    // King attacked, as in chess; Chu Shogi's rules allow it (the King is
    // then taken, and the game ends). The game went on through 563 moves
    // XBoard accepted, and it forfeited Black's last one.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let moves = std::fs::read_to_string(format!("{dir}chu-forfeit.moves")).unwrap();
    let line = moves.lines().find(|l| !l.starts_with('#')).unwrap();
    let wire: Vec<&str> = line.split_whitespace().collect();
    let script: String = wire.iter().map(|w| format!("usermove {w}\n")).collect();
    let out = session(&format!("new\nvariant chu\nforce\n{script}ping 1\nquit\n"));
    assert_eq!(out, ["pong 1"]);
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let mut pos = chu.start();
    for w in &wire {
        pos = pos.play(&chu_wire_move(&pos, w)).unwrap();
    }
    // After the last move White takes the King (i5i11) and wins.
    let m = pos.parse_move("i5i11").unwrap();
    let end = pos.play(&m).unwrap();
    let o = end.outcome().expect("the game ends");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), betza::EndReason::RoyalCaptured)
    );
    let pgn = std::fs::read_to_string(format!("{dir}chu-forfeit.pgn")).unwrap();
    assert!(
        pgn.contains("Forfeit due to invalid move: b12b11"),
        "XBoard's verdict"
    );
}

#[test]
fn chu_game_in_xboard_ended_by_the_engines_on_a_bare_king() {
    // Legality testing and XBoard's checkmate adjudication off: the game
    // goes on until the engine reports the end by the rules, which XBoard
    // takes as the result.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let moves = std::fs::read_to_string(format!("{dir}chu-bare-king.moves")).unwrap();
    let line = moves.lines().find(|l| !l.starts_with('#')).unwrap();
    let wire: Vec<&str> = line.split_whitespace().collect();
    let (last, before) = wire.split_last().unwrap();
    let script: String = before.iter().map(|w| format!("usermove {w}\n")).collect();
    // The engine plays White here; XBoard's last move comes from Black.
    let out = session(&format!(
        "new\nvariant chu\nforce\n{script}usermove {last}\nquit\n"
    ));
    assert_eq!(out, ["0-1 {Black wins by bare king}"]);
    let pgn = std::fs::read_to_string(format!("{dir}chu-bare-king.pgn")).unwrap();
    assert!(pgn.contains("{Black wins by bare king} 0-1"));
    let body = &pgn[pgn.rfind(']').unwrap() + 1..pgn.find('{').unwrap()];
    let plies = body
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .count();
    assert_eq!(plies, wire.len());
}

#[test]
fn chu_lion_double_capture_accepted_by_xboard() {
    // XBoard 4.9.1 (legality testing on) took the engine's two legs,
    // forwarded them as they were, and wrote the move `Nxf6xf7`; it then
    // judged the engines' bare-King claim false (it knows no bare-King win)
    // and drew the game "but bare king".
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let pgn = std::fs::read_to_string(format!("{dir}chu-lion.pgn")).unwrap();
    let fen = "11k/12/12/12/12/5g6/5g6/5N6/12/12/12/K11 w - - 0 1";
    assert!(pgn.contains("1. Nxf6xf7") && pgn.contains("but bare king} 1/2-1/2"));
    let moves = std::fs::read_to_string(format!("{dir}chu-lion.moves")).unwrap();
    let wire = moves.lines().find(|l| !l.starts_with('#')).unwrap();
    // The engine sends the move, and another copy reads it.
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\ngo\nquit\n"
    ));
    assert_eq!(
        out,
        [
            format!("move {wire}"),
            "1-0 {White wins by bare king}".into()
        ]
    );
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nusermove {wire}\nquit\n"
    ));
    assert_eq!(out, ["1-0 {White wins by bare king}"]);
}

#[test]
fn chu_games_saved_by_xboard_read_back() {
    // XBoard's saved games of Chu (its `Variant "chu"` tag, `--` for a pass,
    // `Nxf6xf7` for a double capture, a FEN tag in XBoard's form) read with
    // `XboardPgn::read_in_board`, to the position of the moves XBoard sent.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let reader = betza::pgn::XboardPgn::new().variant_tag("chu");
    for (name, start) in [
        ("chu", None),
        ("chu-forfeit", None),
        ("chu-bare-king", None),
        (
            "chu-lion",
            Some("11k/12/12/12/12/5g6/5g6/5N6/12/12/12/K11 w - - 0 1"),
        ),
    ] {
        let pgn = std::fs::read_to_string(format!("{dir}{name}.pgn")).unwrap();
        let game = reader
            .read_in_board(&chu, &pgn)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let moves = std::fs::read_to_string(format!("{dir}{name}.moves")).unwrap();
        let line = moves.lines().find(|l| !l.starts_with('#')).unwrap();
        let mut wire: Vec<&str> = line.split_whitespace().collect();
        if name == "chu-forfeit" {
            wire.pop(); // the move XBoard refused is not in its game
        }
        let mut pos = match start {
            Some(fen) => chu.from_fen(fen).unwrap(),
            None => chu.start(),
        };
        for w in &wire {
            pos = pos.play(&chu_wire_move(&pos, w)).unwrap();
        }
        assert_eq!(game.ply_count(), wire.len(), "{name}");
        assert_eq!(game.position().to_fen(), pos.to_fen(), "{name}");
    }
    // Another variant's tag is still refused.
    let pgn = "[Variant \"shogi\"]\n\n1. e5 *\n";
    assert!(reader.read_in_board(&chu, pgn).is_err());
}

// ---------------------------------------------------------------------------
// Drops on a board past 128 squares: XBoard's holdings up to 12 files
// ---------------------------------------------------------------------------

/// A variant of `tests/data/variants/` on the large board type, and the
/// options that offer it to the engine.
fn large_drop_variant(name: &str) -> (betza::LargeVariant, Options) {
    let path = format!(
        "{}/tests/data/variants/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let v = betza::LargeVariant::from_definition(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let opts = Options {
        seed: Some(5),
        variant_files: vec![path.into()],
        ..Options::default()
    };
    (v, opts)
}

#[test]
fn a_12x12_variant_with_drops_gets_xboards_holdings_and_shogi_parent() {
    let (v, opts) = large_drop_variant("dodeca-shogi");
    assert!(v.size().squares() > 128);
    let hand = v.hand_roles();
    assert_eq!(hand.len(), 8);
    let out = session_with(&opts, "new\nvariant dodeca-shogi\nquit\n");
    // Fits XBoard's board: no word to the user, holdings announced with
    // shogi's drop rule (captured pieces return unpromoted).
    assert!(out[0].starts_with("setup ("), "{out:?}");
    assert!(
        out[0].ends_with(&format!(") 12x12+{}_shogi {}", hand.len(), v.start_fen())),
        "{out:?}"
    );
    // The table puts the hand types on XBoard's first images (the holding
    // XBoard files a captured piece into counts the images before its
    // own), each promoted type as its base's `+` partner 11 images on.
    let table = out[0].split(' ').nth(1).unwrap();
    let letters = xboard::Letters::for_board(&v);
    assert_eq!(format!("({})", letters.table), table);
    let white = &letters.table[..22];
    for &r in hand {
        let k = white.find(letters.of(r)).expect("an image");
        assert!(k < hand.len(), "{white}: {:?}", v.piece(r).name);
        for p in &v.piece(r).promotions {
            assert!(
                v.piece(*p).promoted && white.as_bytes()[k + 11] == b'+',
                "{white}"
            );
        }
    }
    // No `piece` line for the `+` partners XBoard knows by their base.
    let piece_lines = out.iter().filter(|l| l.starts_with("piece ")).count();
    let plus = v.pieces().iter().filter(|p| p.token.plus()).count();
    assert_eq!(piece_lines, v.pieces().len() - plus, "{out:?}");
}

#[test]
fn a_12x12_capture_then_drops_both_ways_in_xboards_syntax() {
    let (v, opts) = large_drop_variant("dodeca-shogi");
    // White's Bishop takes Black's on k11, Black's Silver takes back; each
    // side drops the Bishop it took (`B@f6`, Black's written either case),
    // White's takes Black's and is dropped again.
    let line = [
        "c3c4", "j10j9", "b2k11", "j12k11", "B@f6", "b@g7", "f6g7", "h12g11", "B@c3",
    ];
    let script = format!(
        "new\nvariant dodeca-shogi\nforce\n{}\nusermove P@e5\nquit\n",
        line.map(|m| format!("usermove {m}")).join("\n")
    );
    let out = session_with(&opts, &script);
    let answers: Vec<&String> = answers(&out);
    // Every move but the last is played: no Pawn in White's hand.
    assert_eq!(
        answers,
        ["Illegal move (no such piece in hand): P@e5"],
        "{out:?}"
    );
    let mut pos = v.start();
    for m in line {
        let m = pos.parse_move(&m.replace("b@", "B@")).unwrap();
        pos = pos.play(&m).unwrap();
    }
    // The library's FEN: the Bishops on c3 and g7, the hands empty again.
    let fen = pos.to_fen();
    assert!(fen.contains("[] b "), "{fen}");
    assert_eq!(
        pos.piece_at(pos.square("c3").unwrap()).unwrap().color,
        Color::White
    );
    assert_eq!(
        pos.piece_at(pos.square("g7").unwrap()).unwrap().color,
        Color::White
    );

    // The engine's own drop goes as XBoard writes it: a Gold dropped on
    // g11 mates (the Pawn guards it).
    let out = session_with(
        &opts,
        "new\nvariant dodeca-shogi\nforce\n\
         setboard 6k5/12/6P5/12/12/12/12/12/12/12/12/6K5[G] w 0 1\ngo\nquit\n",
    );
    let tail: Vec<&String> = out.iter().skip_while(|l| !l.starts_with("move")).collect();
    assert_eq!(tail, ["move G@g11", "1-0 {White mates}"], "{out:?}");
}

#[test]
fn a_12x12_setboard_with_holdings_and_a_captured_promoted_piece() {
    let (v, opts) = large_drop_variant("dodeca-shogi");
    // XBoard's FEN (no castling or en-passant field) with holdings; the
    // Rook takes a Dragon, which goes to White's hand as a Rook (XBoard
    // demotes a `+` partner on capture the same way), and is dropped.
    let fen = "6k5/12/12/12/12/12/12/12/12/12/1+r10/1R4K5[Pp] w 0 1";
    let out = session_with(
        &opts,
        &format!(
            "new\nvariant dodeca-shogi\nforce\nsetboard {fen}\nusermove b1b2\n\
             usermove p@e5\nusermove R@a12\nusermove g12g11\nusermove P@l11\nquit\n"
        ),
    );
    let answers: Vec<&String> = answers(&out);
    assert!(answers.is_empty(), "{out:?}");
    let pos = v
        .from_fen("6k5/12/12/12/12/12/12/12/12/12/1+r10/1R4K5[Pp] w - - 0 1")
        .unwrap();
    let mut pos = pos;
    for m in ["b1b2", "P@e5", "R@a12", "g12g11"] {
        pos = pos.play(&pos.parse_move(m).unwrap()).unwrap();
    }
    assert!(pos.parse_move("P@l11").is_ok(), "{}", pos.to_fen());
    // XBoard's empty holdings `[-]`: nothing to drop.
    let out = session_with(
        &opts,
        "new\nvariant dodeca-shogi\nforce\nsetboard 6k5/12/12/12/12/12/12/12/12/12/P11/6K5[-] w 0 1\n\
         usermove G@a1\nusermove a2a3\nquit\n",
    );
    assert_eq!(
        out[out.len() - 1],
        "Illegal move (no such piece in hand): G@a1",
        "{out:?}"
    );
}

#[test]
fn a_16x16_variant_with_drops_is_past_xboards_board_and_says_so() {
    let (v, opts) = large_drop_variant("drops-16x16");
    let out = session_with(
        &opts,
        "new\nvariant drops-16x16\nforce\nusermove a2a3\ngo\nquit\n",
    );
    // The user is told first; the setup still goes, with its holdings (XBoard
    // refuses it with its fatal error; another GUI may show it).
    assert!(out[0].starts_with("tellusererror "), "{out:?}");
    assert!(
        out[0].contains("this 16x16 board and 8 holdings") && out[0].contains("12 with drops"),
        "{}",
        out[0]
    );
    assert!(
        out[1].starts_with("setup (") && out[1].contains(") 16x16+8_shogi "),
        "{}",
        out[1]
    );
    // The engine plays on.
    let reply = out.last().unwrap().strip_prefix("move ").expect("a move");
    let pos = v.start();
    let pos = pos.play(&pos.parse_move("a2a3").unwrap()).unwrap();
    assert!(pos.parse_move(reply).is_ok(), "{reply}");
    // A board of 16 files without drops fits; 12 files with drops too.
    assert_eq!(xboard::xboard_limit(16, 16, 0), None);
    assert_eq!(xboard::xboard_limit(12, 16, 8), None);
    assert!(xboard::xboard_limit(13, 12, 1).is_some());
    assert!(xboard::xboard_limit(12, 17, 0).is_some());
    assert!(xboard::xboard_limit(19, 19, 0).is_some());
}

/// A real game in XBoard 4.9.1 of the 12x12 variant set up by the engine
/// (`12x12+8_shogi`, legality testing off), this engine on both sides:
/// XBoard took every capture into its holdings and every drop, and
/// announced the mate. The moves XBoard sent replay through the adapter to
/// the engines' result, and XBoard's saved game reads back to the mate.
#[test]
fn a_12x12_game_with_drops_played_in_xboard_replays() {
    let (v, opts) = large_drop_variant("dodeca-shogi");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let moves = std::fs::read_to_string(format!("{dir}dodeca-shogi.moves")).unwrap();
    let line = moves.lines().find(|l| !l.starts_with('#')).unwrap();
    let wire: Vec<&str> = line.split_whitespace().collect();
    assert!(wire.iter().filter(|w| w.contains('@')).count() > 20);
    let script: String = wire.iter().map(|w| format!("usermove {w}\n")).collect();
    let out = session_with(
        &opts,
        &format!("new\nvariant dodeca-shogi\nforce\n{script}quit\n"),
    );
    let answers: Vec<&String> = answers(&out);
    assert_eq!(answers, ["1-0 {White mates}"], "{out:?}");
    // XBoard's saved game: its letters, holdings `[-]` in the FEN tag.
    let pgn = std::fs::read_to_string(format!("{dir}dodeca-shogi.pgn")).unwrap();
    assert!(pgn.contains("[Result \"1-0\"]") && pgn.contains("{White mates}"));
    let reader = xboard::Letters::for_board(&v).reader_of(v.pieces());
    let game = reader.read_in_board(&v, &pgn).unwrap();
    assert_eq!(game.ply_count(), wire.len());
    assert!(game.position().is_checkmate());
    // XBoard's own final position, holdings included: the library's.
    let tag = "# XBoard's final position, its holdings included (-savePositionFile): ";
    let xboard_fen = moves.lines().find_map(|l| l.strip_prefix(tag)).unwrap();
    let ours = reader.fen_in(&v, xboard_fen).unwrap();
    assert!(xboard_fen.contains("[PPPPPPppppppgl]"), "{xboard_fen}");
    assert_eq!(
        v.from_fen(&ours).unwrap().to_fen(),
        game.position().to_fen()
    );
}

#[test]
fn a_plus_piece_reaching_the_last_rank_carries_no_letter() {
    // XBoard writes a Horse as `+B`: it has no letter of its own, so its
    // move to the last rank goes without one (XBoard 4.9.1 forfeited the
    // engine for `e9b12h`), and `lift` marks the square yellow, not blue.
    let (_, opts) = large_drop_variant("dodeca-shogi");
    let out = session_with(
        &opts,
        "new\nvariant dodeca-shogi\nforce\n\
         setboard 11k/12/12/12/12/12/12/12/12/12/+B11/6K5[-] w 0 1\nlift a2\nquit\n",
    );
    let highlight = out.last().unwrap();
    assert!(highlight.starts_with("highlight "), "{out:?}");
    // The Horse's targets: b1 and the diagonal up to k12 (ending on the
    // last rank), a1, a3, b2 (one step orthogonally).
    assert!(
        !highlight.contains('B') && highlight.contains('Y'),
        "{highlight}"
    );
    assert!(
        highlight.split(' ').nth(1).unwrap().starts_with("10Y1/"),
        "{highlight}"
    );
}

// ---------------------------------------------------------------------------
// Sessions of a real XBoard: its protocol lines replayed through the adapter
// ---------------------------------------------------------------------------

/// Replays a session kept from XBoard's debug file (`tests/data/xboard/`,
/// `>` lines XBoard sent, `<` lines the engine answered, with `--seed 1`):
/// the adapter, fed XBoard's lines, answers exactly what it answered then.
/// Returns XBoard's lines.
fn replay_xboard_log(name: &str) -> Vec<String> {
    replay_xboard_log_seeded(name, 1)
}

/// [`replay_xboard_log`] of a session whose engine ran with `--seed seed`.
fn replay_xboard_log_seeded(name: &str, seed: u64) -> Vec<String> {
    let path = format!("{}/tests/data/xboard/{name}", env!("CARGO_MANIFEST_DIR"));
    let log = std::fs::read_to_string(&path).unwrap();
    // Up to the engine's last answer (XBoard was stopped after it).
    let lines: Vec<&str> = log.lines().collect();
    let last = lines.iter().rposition(|l| l.starts_with("< ")).unwrap();
    let sent: Vec<String> = lines[..last]
        .iter()
        .filter_map(|l| l.strip_prefix("> "))
        .map(String::from)
        .collect();
    let answered: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("< "))
        .map(without_version_and_variants)
        .collect();
    let script: String = sent.iter().map(|l| format!("{l}\n")).collect();
    let opts = Options {
        seed: Some(seed),
        ranks_from_1: false,
        ..Options::default()
    };
    let out: Vec<String> = session_with(&opts, &script)
        .iter()
        .map(|l| without_version_and_variants(l))
        .collect();
    assert_eq!(out, answered, "{name}");
    sent
}

/// A line of the engine with the version and the variant list of its
/// `feature` line blanked: a kept session's point is the game, and both
/// grow with the library (`handshake_announces_the_features` checks them).
fn without_version_and_variants(line: &str) -> String {
    let blank = |line: &str, key: &str| -> String {
        let Some(start) = line.find(key).map(|i| i + key.len()) else {
            return line.to_string();
        };
        let end = line[start..].find('"').map_or(line.len(), |i| start + i);
        format!("{}…{}", &line[..start], &line[end..])
    };
    if !line.starts_with("feature ") {
        return line.to_string();
    }
    blank(&blank(line, "myname=\""), "variants=\"")
}

#[test]
fn chu_lion_double_move_entered_by_a_person_in_xboard() {
    // The first leg's square (a piece the Lion may take on the way) is
    // cyan; XBoard then sends `put` and `lift` of it, and the engine marks
    // the second leg's squares: the second square (red), the Lion's own
    // square (igui), and the square itself (a second click: the single
    // capture). Checked in XBoard 4.9.1 with legality testing off and on.
    let first = "highlight 12/12/12/12/12/3YYRYY4/3YYCYY4/3YYYYY4/3YYYYY4/3YYYYY4/12/12";
    let second = "highlight 12/12/12/12/12/4YRY5/4YRY5/4YYY5/12/12/12/12";
    for (log, sent) in [
        ("chu-lion-entry.log", "usermove f5f6,f6f7"),
        ("chu-lion-igui.log", "usermove f5f6,f6f5"),
        ("chu-lion-single.log", "usermove f5f6"),
    ] {
        let lines = replay_xboard_log(log);
        let text = std::fs::read_to_string(format!(
            "{}/tests/data/xboard/{log}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        for l in [first, second] {
            assert!(text.contains(&format!("< {l}\n")), "{log}: {l}");
        }
        let at = |s: &str| {
            lines
                .iter()
                .position(|l| l == s)
                .unwrap_or_else(|| panic!("{log}: {s}"))
        };
        assert!(at("lift f5") < at("put f6") && at("put f6") < at("lift f6"));
        assert!(at("lift f6") < at(sent), "{log}");
    }
    // The second leg is asked only after a `put` on the cyan square: a
    // `lift` of the Gold itself marks the Gold's moves.
    let fen = "11k/12/12/12/12/5g6/5g6/5N6/12/12/12/K11 w - 0 1";
    let out = session(&format!(
        "new\nvariant chu\nforce\nsetboard {fen}\nlift f5\nput e4\nlift f6\nquit\n"
    ));
    assert_eq!(out[0], first);
    assert_ne!(out[1], second, "{out:?}");
    // XBoard's saved games of those sessions read back, to the same end.
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let reader = betza::pgn::XboardPgn::new().variant_tag("chu");
    for (name, moves, result) in [
        ("chu-lion-entry", &["f5f6f7"][..], "1-0"),
        (
            "chu-lion-igui",
            &["f5f6f5", "f7f8", "f5f7", "f8f7"][..],
            "0-1",
        ),
        ("chu-lion-single", &["f5f6", "f7f6"][..], "0-1"),
    ] {
        let pgn = std::fs::read_to_string(format!(
            "{}/tests/data/xboard/{name}.pgn",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{name}");
        let game = reader.read_in_board(&chu, &pgn).unwrap();
        let mut expected = chu
            .game_from_fen("11k/12/12/12/12/5g6/5g6/5N6/12/12/12/K11 w - - 0 1")
            .unwrap();
        for m in moves {
            expected.play_text(m).unwrap();
        }
        assert_eq!(game.position(), expected.position(), "{name}");
        assert!(expected.outcome().is_some(), "{name}: the rules end it");
    }
}

#[test]
fn a_holdings_square_lifted_in_xboard_marks_the_pieces_drops() {
    // XBoard 4.9.1 sends `lift k1` when a person picks the Pawn from
    // White's holdings in shogi (`k7` the Gold); the engine marks where
    // it may be dropped (not the last rank for the Pawn, nor a square
    // taken), as it did in that session.
    let lines = replay_xboard_log("shogi-holdings.log");
    for l in ["lift k1", "usermove P@e5", "lift k7", "usermove G@e4"] {
        assert!(lines.iter().any(|s| s == l), "{l}");
    }
    let out = session(
        "new\nvariant shogi\nforce\nsetboard 4k4/9/9/9/9/9/9/9/4K4[PGp] w 0 1\n\
         lift k1\nlift k7\nlift _9\nlift k6\nlift k10\nlift j1\nquit\n",
    );
    let full = "YYYYYYYYY";
    assert_eq!(
        out,
        [
            format!("highlight 9/{}/YYYY1YYYY", [full; 7].join("/")),
            format!("highlight YYYY1YYYY/{}/YYYY1YYYY", [full; 7].join("/")),
            // Black's Pawn (Black's holding 0, top left), White to move.
            "highlight 9/9/9/9/9/9/9/9/9".into(),
            // White's holding 5 (the Silver): none in hand.
            "highlight 9/9/9/9/9/9/9/9/9".into(),
            // Past the holdings, and the counts' column.
            "Error (bad square): lift k10".into(),
            "Error (bad square): lift j1".into(),
        ]
    );
    // Black to move: its holdings are the left column, counted from the
    // top; without drops there are no holdings.
    let out = session(
        "new\nvariant shogi\nforce\nsetboard 4k4/9/9/9/9/9/9/9/4K4[Pp] b 0 1\nlift _9\nquit\n",
    );
    assert_eq!(
        out,
        [format!("highlight YYYY1YYYY/{}/9", [full; 7].join("/"))]
    );
    let out = session("new\nvariant chu\nlift m1\nquit\n");
    assert_eq!(out, ["Error (bad square): lift m1"]);
}

#[test]
fn a_bare_king_win_is_claimed_when_xboard_accepts_it() {
    // A real Shatranj match in XBoard 4.9.1 (legality testing and claim
    // testing on): White's Rook takes Black's last piece. The winner says
    // nothing after its move (XBoard marks a bare-King win one move later
    // and judged the claim made at once "False win claim", a draw); the
    // bared side says 1-0 at once, which XBoard accepts as the result.
    let first = replay_xboard_log("shatranj-bare-first.log");
    assert!(first.iter().any(|l| l == "computer"));
    let second = replay_xboard_log("shatranj-bare-second.log");
    assert!(second.iter().any(|l| l == "usermove d2d4"));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let pgn = std::fs::read_to_string(format!("{dir}shatranj-bare.pgn")).unwrap();
    assert!(pgn.contains("{White wins by bare king} 1-0"), "{pgn}");

    let start = "new\nvariant shatranj\nforce\nsetboard 4k3/8/8/8/3n4/8/3R4/R3K3 w 0 1\n";
    // Against another engine that plays on (its bared King moves), the
    // claim goes with that move, which XBoard has then marked a win.
    let out = session(&format!("{start}computer\ngo\nusermove e8d7\nquit\n"));
    assert_eq!(out, ["move d2d4", "1-0 {White wins by bare king}"]);
    // Once XBoard has said the result (the bared side's engine said it),
    // nothing more is claimed.
    let out = session(&format!(
        "{start}computer\ngo\nresult 1-0 {{White wins by bare king}}\nusermove e8d7\nquit\n"
    ));
    assert_eq!(out[0], "move d2d4");
    assert!(out[1..].iter().all(|l| !l.contains("bare king")), "{out:?}");
    // Against a person XBoard judges no claim: at once, as before.
    let out = session(&format!("{start}go\nquit\n"));
    assert_eq!(out, ["move d2d4", "1-0 {White wins by bare king}"]);
    // A checkmate XBoard sees at once: claimed at once against an engine.
    let out = session(
        "new\nvariant normal\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ncomputer\ngo\nquit\n",
    );
    assert_eq!(out, ["move a1a8", "1-0 {White mates}"]);
}

#[test]
fn courier_is_played_from_xboards_start() {
    // XBoard keeps its own Courier array when it tests legality (it ignores
    // an engine's `setup` then) and forfeited the engine's first move from
    // the traditional start ("Illegal move f1g1"): the engine plays from
    // XBoard's array, with legality testing on or off.
    let v = Variant::by_name("courier").unwrap();
    let start = xboard::XBOARD_COURIER_START;
    assert_ne!(start, v.start_fen());
    let out = session("new\nvariant courier\ngo\nquit\n");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("move "), "{out:?}");
    replay(v, start, &out);
    // The traditional start's King step is refused: g1 holds the Ferz.
    let out = session("new\nvariant courier\nforce\nusermove f1g1\nquit\n");
    assert!(out[0].starts_with("Illegal move"), "{out:?}");
    // A real match in XBoard 4.9.1 with legality testing (and its claim
    // testing) on: XBoard's array, 195 moves XBoard accepted, its saved game
    // read from XBoard's start (no FEN tag) to the engines' final position,
    // the result the rules' (a bare King: the bared side said so, which
    // XBoard accepts).
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let pgn = std::fs::read_to_string(format!("{dir}courier-xboard-start.pgn")).unwrap();
    assert!(!pgn.contains("[FEN "));
    let moves = std::fs::read_to_string(format!("{dir}courier-xboard-start.moves")).unwrap();
    let wire: Vec<&str> = moves
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .collect();
    let reader = xboard::xboard_reader_for_board(&betza::BoardVariant::from(v));
    let game = reader.read_in(v, &pgn).unwrap();
    let mut pos = Position::from_fen(v, start).unwrap();
    for w in &wire {
        let m = wire_move(&pos, &reader, w);
        pos = pos.play(&m).unwrap();
    }
    assert_eq!(game.ply_count(), wire.len());
    assert_eq!(game.position(), &pos);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, betza::EndReason::BareKing);
    assert_eq!(outcome.winner, Some(betza::Color::White));
    assert!(pgn.contains("{White wins by bare king} 1-0"), "{pgn}");
}

/// XBoard's saved game `name` (tests/data/xboard/), read as XBoard's PGN.
fn xboard_game(v: &'static Variant, name: &str) -> (betza::Game, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let pgn = std::fs::read_to_string(format!("{dir}{name}")).unwrap();
    let game = xboard::xboard_letters(v)
        .reader(v)
        .read_in(v, &pgn)
        .unwrap();
    (game, pgn)
}

#[test]
fn a_perpetual_check_in_xboard_ends_with_the_checkers_admission() {
    // A real Xiangqi match in XBoard 4.9.1 (claim testing on), the engine
    // against itself from the start position: White's Chariot checks from f8
    // and f7 while Black's General steps between d7 and d8. At the third
    // occurrence the checker (XBoard's first engine) says 0-1 at once, its
    // own loss; the checked side waits; XBoard saves the rules' result.
    let first = replay_xboard_log("xiangqi-perpetual-first.log");
    assert_eq!(first.iter().filter(|l| *l == "usermove d7d8").count(), 2);
    let second = replay_xboard_log("xiangqi-perpetual-second.log");
    assert!(second.iter().any(|l| l == "usermove f7f8"));
    let v = Variant::by_name("xiangqi").unwrap();
    let (game, pgn) = xboard_game(v, "xiangqi-perpetual.pgn");
    assert!(pgn.contains("{Black wins by perpetual check} 0-1"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"));
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), betza::EndReason::PerpetualCheck)
    );
}

#[test]
fn fischerandom_in_xboard_castles_as_o_o_each_way() {
    // A real Chess960 match in XBoard 4.9.1 (legality testing on), the
    // engine against itself from XBoard's shuffle (`setboard` in
    // Shredder-FEN): White sends its castling as `O-O`, XBoard passes it on
    // as `O-O`, Black answers `O-O-O`, and XBoard takes every move.
    let first = replay_xboard_log_seeded("fischerandom-first.log", 3);
    assert!(first.iter().any(|l| l == "usermove O-O-O"), "{first:?}");
    let second = replay_xboard_log_seeded("fischerandom-second.log", 3);
    assert!(second.iter().any(|l| l == "usermove O-O"), "{second:?}");
    let log = |name| {
        std::fs::read_to_string(format!(
            "{}/tests/data/xboard/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    assert!(log("fischerandom-first.log").contains("\n< move O-O\n"));
    assert!(log("fischerandom-second.log").contains("\n< move O-O-O\n"));
    let v = Variant::by_name("chess960").unwrap();
    let (game, pgn) = xboard_game(v, "fischerandom.pgn");
    assert!(pgn.contains("[FEN \"rqnkbrnb/pppppppp/8/8/8/8/PPPPPPPP/RQNKBRNB w FAfa - 0 1\"]"));
    let castles: Vec<String> = game
        .san_moves()
        .into_iter()
        .filter(|m| m.starts_with("O-O"))
        .collect();
    assert_eq!(castles, ["O-O", "O-O-O"]);
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), betza::EndReason::Checkmate)
    );
    // The move text both ways: `O-O` read, and written for any-start castling only.
    let out = session(
        "new\nvariant fischerandom\nforce\n\
         setboard rqnkbrnb/pppppppp/8/8/8/8/PPPPPPPP/RQNKBRNB w FAfa - 0 1\n\
         usermove g1h3\nusermove c8d6\nusermove d2d3\nusermove c7c6\nusermove e1d2\nusermove b8c7\n\
         usermove O-O\nusermove O-O-O\nping 1\nquit\n",
    );
    assert_eq!(answers(&out), ["pong 1"], "{out:?}");
    let out = session("new\nvariant normal\nforce\nusermove O-O\nping 1\nquit\n");
    assert!(
        out[0].starts_with("Illegal move (") && out[0].contains("O-O"),
        "{out:?}"
    );
}

#[test]
fn atomic_in_xboard_the_mated_side_says_so() {
    // A real atomic match in XBoard 4.9.1 (legality testing on; XBoard plays
    // atomic itself, explosions and all), the engine against itself: 54. Qe8
    // mates (the King may not take the Queen), but XBoard's own mate test
    // lets a King capture and forfeited a mating engine's claim ("False win
    // claim"). So White says nothing; Black, mated, says 1-0, and XBoard
    // takes it. Engine-defined, XBoard had forfeited the engine for a
    // Bishop's move to the last rank with its own letter (`h6c1b`).
    let first = replay_xboard_log("atomic-first.log");
    assert!(first.iter().any(|l| l == "variant atomic"));
    let second = replay_xboard_log("atomic-second.log");
    assert!(second.iter().any(|l| l == "usermove c8e8"));
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/xboard/atomic-second.log",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert!(text.contains("\n< 1-0 {White mates}\n"));
    assert!(!text.contains("\n< setup"), "XBoard knows atomic: no setup");
    let v = Variant::by_name("atomic").unwrap();
    let (game, pgn) = xboard_game(v, "atomic.pgn");
    assert!(pgn.contains("{White mates} 1-0"), "{pgn}");
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::White), betza::EndReason::Checkmate)
    );
    // The King's capture of the Queen is no move of atomic.
    assert!(game.position().parse_move("e7e8").is_err());
}

#[test]
fn makruk_in_xboard_ends_by_its_counting_with_the_documented_flags() {
    // One position (a Rook and a Khon against a Met: the board's honour,
    // 64 moves), three XBoard 4.9.1 matches of the engine against itself:
    let v = Variant::by_name("makruk").unwrap();
    // XBoard's defaults: its own 50-move rule ended the game first, 14
    // moves before the count ran out.
    let (game, pgn) = xboard_game(v, "makruk-50-move.pgn");
    assert!(pgn.contains("{Xboard adjudication: 50-move rule} 1/2-1/2"));
    assert_eq!(game.outcome(), None, "not over by Makruk's rules");
    // `-testClaims true` (Debian's) with `-lpf` of a shorter count (a Rook
    // against a bare King): the engine's claim of the counting draw, which
    // XBoard does not know, judged false and scored as a loss.
    let (game, pgn) = xboard_game(v, "makruk-false-claim.pgn");
    assert!(pgn.contains("{False draw claim: 'Draw by counting'} 1-0"));
    assert_eq!(game.outcome().unwrap().reason, betza::EndReason::Counting);
    // `-ruleMoves 0 -testClaims false` (docs/xboard.md): the game ends by
    // the count, with the rules' result.
    let (game, pgn) = xboard_game(v, "makruk-counting.pgn");
    assert!(pgn.contains("{Draw by counting} 1/2-1/2"));
    let o = game.outcome().unwrap();
    assert_eq!((o.reason, o.winner), (betza::EndReason::Counting, None));
    assert!(game.ply_count() > 100, "past XBoard's 50 moves");
}

#[test]
fn chu_in_xboard_without_its_50_move_rule_ends_by_the_rules() {
    // XBoard adjudicates every game by its own 50-move rule (`-ruleMoves`,
    // 51 by default), which Chu Shogi does not have. A match in XBoard 4.9.1
    // with the flags of docs/xboard.md (`-testLegality false -checkMates
    // false -ruleMoves 0`; seeds 2 and 3) went past 50 moves without a
    // capture or a Pawn move and ended by the rules: the last royal piece
    // captured, the engines' result XBoard saved.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xboard/");
    let pgn = std::fs::read_to_string(format!("{dir}chu-no-move-rule.pgn")).unwrap();
    let chu = betza::LargeVariant::by_name("chushogi").unwrap();
    let game = xboard::xboard_reader_for_board(&chu)
        .read_in_board(&chu, &pgn)
        .unwrap();
    let longest = (0..=game.ply_count())
        .map(|ply| game.position_at(ply).unwrap().halfmove_clock())
        .max()
        .unwrap();
    assert!(longest >= 102, "{longest} plies at most without a capture");
    let o = game.outcome().unwrap();
    assert_eq!(o.reason, betza::EndReason::RoyalCaptured);
    assert_eq!(o.winner, Some(betza::Color::White));
    assert!(pgn.contains("{White captures the last royal piece} 1-0"));
}

#[test]
fn which_ends_the_engine_reports_at_once() {
    use betza::{Color::*, EndReason::*, Outcome};
    let judge = |opponent_engine, known, drops, variant| xboard::ClaimJudge {
        opponent_engine,
        known,
        drops,
        variant,
    };
    let win = |reason| Outcome {
        winner: Some(White),
        reason,
    };
    let tested = judge(true, true, false, "shatranj");
    // XBoard accepts at once: a mate, a stalemate where it loses.
    assert!(xboard::claim_at_once(&tested, win(Checkmate), White));
    assert!(xboard::claim_at_once(&tested, win(Stalemate), White));
    // Not yet: a bare King (Shatranj's one move later), in Courier a
    // stalemate (XBoard's draw) too.
    assert!(!xboard::claim_at_once(&tested, win(BareKing), White));
    // Atomic's mate waits: XBoard's own lets the King capture.
    let atomic = judge(true, true, false, "atomic");
    assert!(!xboard::claim_at_once(&atomic, win(Checkmate), White));
    assert!(xboard::claim_at_once(&atomic, win(Checkmate), Black));
    let courier = judge(true, true, false, "courier");
    assert!(!xboard::claim_at_once(&courier, win(Stalemate), White));
    assert!(!xboard::claim_at_once(&courier, win(BareKing), White));
    // The engine's own loss (a perpetual check it gave) and draws: at once.
    let xiangqi = judge(true, true, false, "xiangqi");
    assert!(xboard::claim_at_once(&xiangqi, win(PerpetualCheck), Black));
    let draw = Outcome {
        winner: None,
        reason: Repetition,
    };
    assert!(xboard::claim_at_once(&xiangqi, draw, White));
    // No claim testing: against a person, in a variant XBoard does not
    // know, with drops.
    for j in [
        judge(false, true, false, "shatranj"),
        judge(true, false, false, "meiriqi"),
        judge(true, true, true, "shogi"),
    ] {
        assert!(xboard::claim_at_once(&j, win(BareKing), White));
    }
}
