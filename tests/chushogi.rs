//! Chu Shogi as a definition file on the large board
//! type, against shogiops's published counts (read as SFEN, whose third
//! field is Lion-trading rule 4's square), and the rules and text beyond
//! them: rule 4, the game end, USI two-step moves.

use betza::LargeVariant;

const DEFINITION: &str = include_str!("../variants/chushogi.toml");

fn chu() -> LargeVariant {
    LargeVariant::from_definition(DEFINITION).expect("chushogi.toml compiles")
}

#[test]
fn start_counts_are_shogiops_counts() {
    let v = chu();
    let pos = v.start();
    assert_eq!(pos.perft(1), 36);
    assert_eq!(pos.perft(2), 1_296);
}

#[test]
fn hand_written_positions() {
    let v = chu();
    let count = |sfen: &str| v.from_sfen(sfen).expect(sfen).perft(1);
    // A Lion was just taken on 8j (e3) by a non-Lion: Black's Rook may not
    // take White's Lion elsewhere (rule 4), so 7 moves, and 8 without it.
    assert_eq!(
        count("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1"),
        7
    );
    assert_eq!(count("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1"), 8);
    // Published for the White pieces alone (88 and 98); a King each in the
    // far corners keeps the game going, and White's adds its 3 moves.
    assert_eq!(
        count("11k/12/12/12/7g4/6n5/5N6/12/12/12/12/11K b - 1"),
        88 + 3
    );
    assert_eq!(
        count("11k/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/11K b - 1"),
        98 + 3
    );
}

#[test]
fn published_random_positions() {
    let v = chu();
    let data = include_str!("data/chushogi-random.txt");
    let (mut checked, mut with_square) = (0, 0);
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let depth: u32 = f[1].parse().expect("depth");
        let want: u64 = f[2].parse().expect("count");
        let pos = v
            .from_sfen(f[0])
            .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        assert_eq!(pos.perft(depth), want, "{}", f[0]);
        // SFEN round trip, the Lion square included.
        assert_eq!(pos.to_sfen(), f[0]);
        with_square += usize::from(pos.lion_square().is_some());
        checked += 1;
    }
    assert_eq!((checked, with_square), (140, 1));
}

/// The Lion captures of the side to move, as move text, sorted.
fn lion_captures(pos: &betza::Position<'_, betza::Large>) -> Vec<String> {
    let lion = |r: Option<betza::Role>| {
        r.is_some_and(|r| {
            ["Lion", "Promoted Kirin"].contains(&pos.piece_type(r).unwrap().name.as_str())
        })
    };
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| lion(m.captured()) || lion(m.via_captured()))
        .map(|m| pos.move_text(m))
        .collect();
    v.sort();
    v.dedup();
    v
}

// White: King a1, Rook c3, Gold e7, Lion g5. Black: King l12, Lions on c8,
// e8 (a promoted Kirin) and f6.
const TRADE: &str = "11k/12/12/12/2n1+o7/4G7/5n6/6N5/12/2R9/12/K11 w - {} 0 1";

#[test]
fn rule_4_limits_non_lions_to_the_square() {
    let v = chu();
    let at = |square: &str| {
        let fen = TRADE.replace("{}", square);
        v.from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    };
    // Without a square every capture of a Lion is there (rule 3: the Lion
    // g5 takes the adjacent f6, also through a first step).
    let free = lion_captures(&at("-"));
    for m in ["c3c8", "e7e8", "g5f6"] {
        assert!(free.contains(&m.to_string()), "{m} in {free:?}");
    }
    // e8 just saw a Lion taken by a non-Lion (the Kirin that took it
    // promoted there): the Gold may take on e8 and the Rook not on c8;
    // the Lion takes any Lion still.
    let e8 = lion_captures(&at("e8"));
    assert!(e8.contains(&"e7e8".to_string()) && e8.contains(&"g5f6".to_string()));
    assert!(!e8.contains(&"c3c8".to_string()), "{e8:?}");
    assert!(e8.iter().all(|m| !m.starts_with("c3")));
    // On c8 it is the other way round; a square no Lion stands on bars both.
    let c8 = lion_captures(&at("c8"));
    assert!(c8.contains(&"c3c8".to_string()) && !c8.contains(&"e7e8".to_string()));
    let h1 = lion_captures(&at("h1"));
    assert!(h1.iter().all(|m| m.starts_with("g5")), "{h1:?}");
    // Only Lion captures differ: the other moves are the same in all four.
    let others =
        |p: &betza::Position<'_, betza::Large>| p.legal_moves().len() - lion_captures(p).len();
    let n = others(&at("-"));
    assert!(["e8", "c8", "h1"].iter().all(|s| others(&at(s)) == n));
}

fn play<'v>(
    p: &betza::Position<'v, betza::Large>,
    text: &str,
) -> betza::Position<'v, betza::Large> {
    p.play(&p.parse_move(text).unwrap()).unwrap()
}

#[test]
fn rule_4_square_is_set_by_a_non_lion_and_lasts_one_move() {
    let v = chu();
    let pos = v.from_fen(&TRADE.replace("{}", "-")).unwrap();
    // A Rook takes a Lion: the square is c8, in FEN and SFEN (10e).
    let after = play(&pos, "c3c8");
    let c8 = after.square("c8").unwrap();
    assert_eq!(after.lion_square(), Some(c8));
    assert_eq!(
        after.to_fen(),
        "11k/12/12/12/2R1+o7/4G7/5n6/6N5/12/12/12/K11 b - c8 0 1"
    );
    assert_eq!(after.to_sfen().split(' ').nth(2), Some("10e"));
    assert_eq!(v.from_fen(&after.to_fen()).unwrap(), after);
    assert_eq!(
        v.from_sfen(&after.to_sfen()).unwrap().to_fen(),
        after.to_fen()
    );
    // Black may now take the Lion g5 only with a Lion (f6 adjacent, rule 3).
    let black = lion_captures(&after);
    assert!(black.contains(&"f6g5".to_string()));
    // The square lasts one move: after Black's King moves it is gone.
    let next = play(&after, "l12k12");
    assert_eq!(next.lion_square(), None);
    assert!(next.to_fen().contains(" w - - "));
    // A Lion taking a Lion sets nothing, nor does any other move.
    assert_eq!(play(&pos, "g5f6").lion_square(), None);
    assert_eq!(play(&pos, "g5f5g5").lion_square(), None);
    assert_eq!(play(&pos, "a1b1").lion_square(), None);
    // The Gold takes the promoted Kirin on e8, a Lion: e8.
    assert_eq!(
        play(&pos, "e7e8").lion_square(),
        Some(pos.square("e8").unwrap())
    );
}

#[test]
fn rule_4_square_from_a_capture_on_the_way() {
    // A Horned Falcon (not a Lion) takes a Lion on its first step: the
    // square is that first step, whether it goes on, comes back (igui) or
    // stops there, as shogiops sets it.
    let v = chu();
    let pos = v
        .from_fen("11k/12/12/12/12/12/7n4/7+H4/12/12/12/K11 w - - 0 1")
        .unwrap();
    let h6 = pos.square("h6").unwrap();
    for text in ["h5h6h7", "h5h6h5", "h5h6"] {
        let m = pos.parse_move(text).unwrap();
        let next = pos.play(&m).unwrap();
        assert_eq!(next.lion_square(), Some(h6), "{text}");
        // Taken back by perft's make/unmake: counts agree with a copy.
        assert_eq!(next.perft(1), v.from_fen(&next.to_fen()).unwrap().perft(1));
    }
    // Black's Lion next to the White Falcon, and rule 4 on Black's move: a
    // Black Pawn may not take a White Lion away from the square.
    let pos = v
        .from_fen("11k/12/12/12/12/5p6/5N1n4/7+H4/12/12/12/K11 w - - 0 1")
        .unwrap();
    let next = pos.play(&pos.parse_move("h5h6h5").unwrap()).unwrap();
    assert!(next.lion_square().is_some());
    assert!(
        !next
            .legal_moves()
            .iter()
            .any(|m| next.move_text(m) == "f7f6"),
        "the Pawn takes no Lion but on h6"
    );
    let free = v.from_fen(&next.to_fen().replace(" h6 ", " - ")).unwrap();
    assert!(
        free.legal_moves()
            .iter()
            .any(|m| free.move_text(m) == "f7f6")
    );
}

#[test]
fn lion_square_field_errors() {
    let v = chu();
    // Off the board, or not a square: errors, not panics.
    for bad in ["m1", "a13", "x", "e"] {
        let fen = TRADE.replace("{}", bad);
        assert!(v.from_fen(&fen).is_err(), "{fen}");
    }
    for bad in ["13a", "1m", "0a", "e8"] {
        let sfen = format!("11k/12/12/12/12/12/12/12/12/12/12/K11 b {bad} 1");
        assert!(v.from_sfen(&sfen).is_err(), "{sfen}");
    }
}

/// Plays USI moves from an SFEN.
fn after_usi<'v>(
    v: &'v LargeVariant,
    sfen: &str,
    moves: &[&str],
) -> betza::Position<'v, betza::Large> {
    let mut p = v.from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    for u in moves {
        let m = p.parse_usi(u).unwrap_or_else(|e| panic!("{u}: {e}"));
        assert_eq!(p.usi(&m), *u);
        p = p.play(&m).unwrap();
    }
    p
}

fn outcome(
    p: &betza::Position<'_, betza::Large>,
) -> Option<(Option<betza::Color>, betza::EndReason)> {
    p.outcome().map(|o| (o.winner, o.reason))
}

// The game-end cases of shogiops's tests, judged the same way; a game that
// has ended has no legal moves (perft 0), as shogiops's perft counts.
#[test]
fn bare_king_as_shogiops_judges_it() {
    use betza::{Color, EndReason};
    let v = chu();
    let bare = Some((Some(Color::White), EndReason::BareKing));
    // The Gold takes Black's last piece but the King: Black is bare.
    let s = "12/12/12/12/6k5/4g7/4G7/6K5/12/12/12/12 b - 1";
    assert_eq!(outcome(&after_usi(&v, s, &[])), None);
    let p = after_usi(&v, s, &["8g8f"]);
    assert_eq!(outcome(&p), bare);
    assert_eq!((p.perft(1), p.legal_moves().len()), (0, 0));
    // A Go-Between does not count for the side that bares, promoted it does;
    // a Black Tokin on h5 counts for Black.
    let s = "12/12/12/12/3I2k5/12/12/5+pK5/12/12/12/12 b - 1";
    assert_eq!(outcome(&after_usi(&v, s, &[])), None);
    assert_eq!(outcome(&after_usi(&v, s, &["6h7h"])), None);
    assert_eq!(outcome(&after_usi(&v, s, &["6h7h", "6e7d"])), None);
    let p = after_usi(&v, s, &["6h7h", "6e7d", "9e9d+"]);
    assert_eq!(outcome(&p), bare);
    assert_eq!(p.perft(2), 0);
    // The bared King next to the one piece left may take it: not yet; if
    // it does, two Kings alone, a draw; if it steps away, bare King.
    let s = "12/12/12/12/6k5/5g6/4G7/6K5/12/12/12/12 b - 1";
    let p = after_usi(&v, s, &["8g7f"]);
    assert_eq!(outcome(&p), None);
    assert!(p.perft(1) > 0);
    let draw = Some((None, EndReason::InsufficientMaterial));
    let p = after_usi(&v, s, &["8g7f", "6e7f"]);
    assert_eq!(outcome(&p), draw);
    assert_eq!(p.perft(1), 0);
    assert_eq!(outcome(&after_usi(&v, s, &["8g7f", "6e6d"])), bare);
    // A King attacked does not bare the other, whoever is to move.
    for side in ["b", "w"] {
        let s = format!("12/12/12/12/6k5/5K6/12/4G7/12/12/12/12 {side} - 1");
        let p = after_usi(&v, &s, &[]);
        assert_eq!(outcome(&p), None, "{s}");
        assert!(p.perft(1) > 0);
    }
}

#[test]
fn two_royals_alone_draw_stuck_pieces_aside() {
    use betza::EndReason;
    let v = chu();
    let draw = Some((None, EndReason::InsufficientMaterial));
    // White Pawns on the last rank and Black Lances on theirs cannot move:
    // they do not count; two Kings alone, neither attacked: a draw.
    let p = after_usi(
        &v,
        "1P3PP3P1/12/12/12/6k5/12/12/6K5/12/12/12/l10l b - 1",
        &[],
    );
    assert_eq!(outcome(&p), draw);
    assert_eq!(p.perft(1), 0);
    // A Pawn that can still move counts: play goes on.
    let p = after_usi(&v, "12/1P10/12/12/6k5/12/12/6K5/12/12/12/12 b - 1", &[]);
    assert_eq!(outcome(&p), None);
    assert!(p.perft(1) > 0);
    // Kings adjacent (one attacked): the side to move takes the other.
    let p = after_usi(&v, "12/12/12/12/6k5/6K5/12/12/12/12/12/12 b - 1", &[]);
    assert_eq!(outcome(&p), None);
    let take = p.parse_usi("6f6e").unwrap();
    let o = p.play(&take).unwrap().outcome().unwrap();
    assert_eq!(o.reason, EndReason::RoyalCaptured);
    // A King and a Crown Prince against a King: not royals alone.
    let p = after_usi(&v, "12/12/12/12/6k5/12/12/6K1+E3/12/12/12/12 b - 1", &[]);
    assert_eq!(outcome(&p), None);
    // A Lion and a King against a bare King with stuck Pawns: bare King.
    let p = after_usi(
        &v,
        "1P3PP3P1/12/12/12/6k5/12/12/6K5/2N9/12/12/12 b - 1",
        &[],
    );
    assert_eq!(outcome(&p).map(|o| o.1), Some(EndReason::BareKing));
}

#[test]
fn game_end_switches_read_write_and_errors() {
    // The definition's text reads back as the same definition.
    let v = chu();
    let again = LargeVariant::from_definition(&v.definition().to_string()).unwrap();
    assert_eq!(again.definition(), v.definition());
    let g = &v.definition().game_end;
    assert!(g.bare_king && g.ignore_stuck_pieces && g.royals_alone_draw);
    assert_eq!(g.bare_king_escape, betza::BareKingEscape::Attack);
    assert_eq!(g.bare_king_weak, ["P", "I"]);
    let with = |from: &str, to: &str| {
        assert!(DEFINITION.contains(from));
        LargeVariant::from_definition(&DEFINITION.replace(from, to))
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let e = with("bare-king = \"loss\"\n", "");
    assert!(e.contains("bare-king-escape") && e.contains("needs"), "{e}");
    let e = with(
        "bare-king-escape = \"attack\"",
        "bare-king-escape = \"never\"",
    );
    assert!(e.contains("\"to-move\" or \"attack\""), "{e}");
    let e = with("[\"P\", \"I\"]", "[\"P\", \"Z\"]");
    assert!(e.contains("bare-king-weak") && e.contains("Z"), "{e}");
    let e = with("[\"P\", \"I\"]", "[\"K\"]");
    assert!(e.contains("royal"), "{e}");
    let e = with("royals-alone = \"draw\"", "royals-alone = \"loss\"");
    assert!(e.contains("royals-alone") && e.contains("\"draw\""), "{e}");
    // Ignoring stuck pieces needs a rule that counts pieces.
    let e2 = with(
        "bare-king = \"loss\"\nbare-king-escape = \"attack\"\nbare-king-weak = [\"P\", \"I\"]\nignore-stuck-pieces = true\nroyals-alone = \"draw\"\n",
        "ignore-stuck-pieces = true\n",
    );
    assert!(e2.contains("ignore-stuck-pieces"), "{e2}");
}

/// Checks every `SFEN|depth|nodes` line of a data file up to `max_nodes`;
/// returns how many it checked.
fn check_counts(data: &str, max_nodes: u64) -> usize {
    let v = chu();
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let (depth, want): (u32, u64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        if want > max_nodes {
            continue;
        }
        let pos = v
            .from_sfen(f[0])
            .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        assert_eq!(pos.perft(depth), want, "{line}");
        checked += 1;
    }
    checked
}

#[test]
fn random_positions_at_depth_2_agree_with_shogiops() {
    let n = check_counts(include_str!("data/chushogi-random-depth2.txt"), u64::MAX);
    assert_eq!(n, 140);
}

/// The start to depth 4 and a position with both Lions out (depth 5 of the
/// start, 109,394,035, with `BETZA_SLOW=1`).
#[test]
fn deeper_start_counts() {
    let slow = std::env::var("BETZA_SLOW").is_ok_and(|s| s == "1");
    let n = check_counts(
        include_str!("data/chushogi-deep.txt"),
        if slow { u64::MAX } else { 3_000_000 },
    );
    assert_eq!(n, if slow { 6 } else { 5 });
    let v = chu();
    // The data's SFEN is the start.
    let sfen = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    assert_eq!(v.start(), v.from_sfen(sfen).unwrap());
    assert_eq!(v.start().to_sfen(), sfen);
}

/// Adds a Black King on 12a and a White King on 1l (USI squares; `a12` and
/// `l1`) to a King-less SFEN of shogiops's tests: this library ends a game
/// without a royal piece at once (shogiops's tests leave them out).
fn with_kings(sfen: &str) -> String {
    let (board, rest) = sfen.split_once(' ').unwrap();
    let mut ranks: Vec<String> = board.split('/').map(String::from).collect();
    let first = ranks[0].clone();
    let lead: usize = first
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    let tail = &first[lead.to_string().len()..];
    // And a Black Pawn on 11a, so that Black's King is not bare.
    assert!(lead >= 3, "{first}");
    ranks[0] = format!("kp{}{tail}", lead - 2);
    let last = ranks[11].clone();
    assert!(last.ends_with(|c: char| c.is_ascii_digit()), "{last}");
    let digits: String = last
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let n: usize = digits.parse().unwrap();
    let head = &last[..last.len() - digits.len()];
    ranks[11] = if n == 1 {
        format!("{head}K")
    } else {
        format!("{head}{}K", n - 1)
    };
    let rest = if rest.split(' ').count() == 1 {
        format!("{rest} - 1")
    } else {
        rest.to_string()
    };
    format!("{} {rest}", ranks.join("/"))
}

/// shogiops's legality cases (its tests' positions and USI moves, Kings
/// added where it has none): `legal` moves are read and written back as
/// the same USI text, the others refused.
fn usi_cases(sfen: &str, legal: &[&str], illegal: &[&str]) {
    let v = chu();
    let p = v.from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    for u in legal {
        let m = p
            .parse_usi(u)
            .unwrap_or_else(|e| panic!("{sfen}: {u}: {e}"));
        assert_eq!(p.usi(&m), *u, "{sfen}");
        assert!(p.legal_moves().contains(&m));
    }
    for u in illegal {
        assert!(p.parse_usi(u).is_err(), "{sfen}: {u} is not legal");
    }
}

#[test]
fn lion_power_as_shogiops_tests_it_in_usi() {
    usi_cases(
        &with_kings("12/12/12/12/12/6+O5/12/12/12/12/12/12 b"),
        &["6f5e", "6f7g", "6f7d", "6f4h", "6f6g6f", "6f5e6d", "6f7g8h"],
        &["6f6f"],
    );
    usi_cases(
        &with_kings("3l8/11p/10p1/3n5+D2/2i1f7/3N5G2/9+H2/2t2P1i4/2p3+D5/2+H9/12/12 b"),
        &[
            "3g3e",
            "6i4g",
            "6i8g",
            "6i5h",
            "6i5h6i",
            "6i5h4g",
            "3d2c",
            "3d1b",
            "3d2c1b",
            "10j10i",
            "10j10h",
            "10j10i10h",
            "9f10e",
            "9f8e",
            "9f8e9d",
        ],
        &[
            "3g3f",
            "6i7h",
            "3d1b2c",
            "10j10h10i",
            "9f9d",
            "9f10e9d",
            "9f9e9d",
        ],
    );
    usi_cases(
        &with_kings("11l/6l5/5Nn5/11n/9N2/12/1N10/9n2/1n7N2/4r7/4nN6/4r7 b"),
        &[
            "7c6c",
            "7c6b6c",
            "3i3h",
            "3i3h3g",
            "3i2h3h",
            "7k8k",
            "7k8j8k",
            "7k8l8k",
            "7k8k8j",
            "7k8k8l",
            "7k7j8k",
            "11g11i",
            "11g11h11i",
        ],
        &["3e1d", "3e2e1d"],
    );
    let wiki = [
        (
            "12/12/12/12/7g4/6n5/5N6/12/12/12/12/12 b",
            &["7g6f", "7g6f5e", "7g6f6e"][..],
            &[][..],
        ),
        (
            "12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 b",
            &["7g5e", "8e5h"],
            &["7g5h"],
        ),
        (
            "12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 w",
            &["5h5j"],
            &["5h7g"],
        ),
        (
            "12/12/12/12/3n8/12/5N6/5P6/7b4/12/12/12 b",
            &["7g5i"],
            &["7g9e"],
        ),
        (
            "12/12/12/12/3n8/12/5N6/5P6/7b4/12/12/12 w",
            &["9e10e", "5i7g"],
            &["9e7g"],
        ),
        (
            "12/12/12/12/12/4N7/4p7/4n7/12/12/12/12 b",
            &["8f8g"],
            &["8f8h", "8f8g8h"],
        ),
        (
            "12/12/12/12/6+o1r3/4gi6/6N5/7s4/8n3/12/12/12 b",
            &["6g5h4i", "6g7f", "6g7f8f"],
            &["6g4i", "6g6e", "6g7f6e", "6g6f6e"],
        ),
    ];
    for (sfen, legal, illegal) in wiki {
        usi_cases(&with_kings(sfen), legal, illegal);
    }
    // This one has Black's King already (11i).
    usi_cases(
        "12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/11K b - 1",
        &["7g9e"],
        &["7g8f9e"],
    );
}

#[test]
fn rule_4_as_shogiops_tests_it_in_usi() {
    let v = chu();
    // Black's Falcon (8i) takes White's Lion on 8j by igui, by a plain
    // step, or Black's Kirin takes it (promoting or not): White's Bishop
    // may not take the Lion on 3i next, but may take on 8j.
    let s = with_kings("12/12/12/12/12/12/12/12/4+ho3n2/4N7/12/6B5 w");
    for first in ["8i8j8i", "8i8j", "7i8j+", "7i8j"] {
        let p = after_usi(&v, &s, &[first]);
        assert!(p.parse_usi("6l3i").is_err(), "{first}");
        assert_eq!(p.usi(&p.parse_usi("6l8j").unwrap()), "6l8j");
        assert_eq!(p.to_sfen().split(' ').nth(2), Some("8j"));
    }
    let s = with_kings("12/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/6B5 w - 1");
    // The Rook takes the Lion: the Bishop may take the Rook, not the Lion.
    let p = after_usi(&v, &s, &["8f8j"]);
    assert!(p.parse_usi("6l8j").is_ok() && p.parse_usi("6l3i").is_err());
    // A Lion's pass sets nothing: the Bishop and the Pawn take Lions.
    let p = after_usi(&v, &s, &["3i4i3i"]);
    assert_eq!(p.lion_square(), None);
    assert!(p.parse_usi("6l3i").is_ok() && p.parse_usi("1j1i").is_ok());
    // Rule 1: the Lion on 6f is protected by the promoted Kirin on 4e.
    usi_cases(
        "k11/12/3l8/12/3b4+o3/6n5/4N7/6R5/7K4/12/12/12 b - 1",
        &["8g7f"],
        &["8g6f"],
    );
}

#[test]
fn usi_round_trips_every_move_of_the_random_positions() {
    let v = chu();
    let data = include_str!("data/chushogi-random.txt");
    let mut two_step = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let pos = v.from_sfen(line.split('|').next().unwrap()).unwrap();
        for m in pos.legal_moves() {
            let usi = pos.usi(&m);
            assert_eq!(pos.parse_usi(&usi).ok(), Some(m), "{usi}");
            let text = pos.move_text(&m);
            assert_eq!(pos.parse_move(&text).ok(), Some(m), "{text}");
            two_step += usize::from(m.via().is_some());
        }
    }
    assert!(two_step > 1000, "{two_step}");
    // The USI text of a two-step move names three squares: 6f5e6d is g7h8g9.
    let p = v
        .from_sfen(&with_kings("12/12/12/12/12/6+O5/12/12/12/12/12/12 b"))
        .unwrap();
    let m = p.parse_usi("6f5e6d").unwrap();
    assert_eq!(p.move_text(&m), "g7h8g9");
    assert_eq!(p.parse_move("g7h8g9").unwrap(), m);
    // Bad USI text is refused with a reason, never a panic.
    for bad in [
        "6f5e6", "13a1a", "6f5e6d6c", "6f+5e", "0a1a", "6f5e6d++", "",
    ] {
        assert!(p.parse_usi(bad).is_err(), "{bad:?}");
    }
}

/// Each type's single moves from f6 of an empty board (Kings on a12 and
/// l1), drawn for White in a 7x7 window: `*` a square it moves or captures
/// to, `.` one it cannot; the piece's token in the middle. Types with the
/// same Betza share a diagram. Three diagrams a row, as docs/chushogi.md
/// shows them.
fn piece_diagrams() -> String {
    let v = chu();
    let def = v.definition();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for p in &def.pieces {
        match groups.iter_mut().find(|(b, _)| *b == p.betza) {
            Some((_, tokens)) => tokens.push(p.token.clone()),
            None => groups.push((p.betza.clone(), vec![p.token.clone()])),
        }
    }
    let blocks: Vec<Vec<String>> = groups
        .iter()
        .map(|(_, tokens)| {
            let token = &tokens[0];
            let fen = format!("k11/12/12/12/12/12/5{token}6/12/12/12/12/11K w - - 0 1");
            let pos = v.from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let from = pos.square("f6").unwrap();
            let targets: Vec<_> = pos
                .pseudo_legal_moves()
                .iter()
                .filter(|m| m.from() == from)
                .map(|m| m.to())
                .collect();
            let mut lines = vec![format!("{:<24}", tokens.join(" "))];
            for rank in (2..9).rev() {
                let mut line = String::new();
                for file in 2..9 {
                    let sq = pos.size().square(file, rank).unwrap();
                    let cell = if sq == from {
                        token.clone()
                    } else if targets.contains(&sq) {
                        "*".into()
                    } else {
                        ".".into()
                    };
                    line.push_str(&format!("{cell:>3}"));
                }
                lines.push(format!("{line:<24}"));
            }
            lines
        })
        .collect();
    let mut out = String::new();
    for row in blocks.chunks(3) {
        for i in 0..row[0].len() {
            let line: String = row
                .iter()
                .map(|b| b[i].clone())
                .collect::<Vec<_>>()
                .join("");
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    out.trim_end().to_string() + "\n"
}

#[test]
#[ignore = "prints the diagrams of docs/chushogi.md"]
fn print_piece_diagrams() {
    print!("{}", piece_diagrams());
}

/// docs/chushogi.md shows the definition's pieces (token, name, Betza,
/// promotions) and the diagrams the library draws.
#[test]
fn docs_page_shows_the_engines_pieces() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/chushogi.md"))
        .expect("docs/chushogi.md");
    let diagrams = piece_diagrams();
    assert!(
        page.contains(&format!("```\n{diagrams}```")),
        "docs/chushogi.md's diagrams differ from the library's; they are now:\n{diagrams}"
    );
    let v = chu();
    let code = |c: &str| c.trim().trim_matches('`').to_string();
    let rows: Vec<Vec<String>> = page
        .lines()
        .skip_while(|l| !l.starts_with("| token | name | betza |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(str::trim)
                .map(String::from)
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), v.definition().pieces.len());
    for (row, p) in rows.iter().zip(&v.definition().pieces) {
        assert_eq!(code(&row[0]), p.token);
        assert_eq!(row[1], p.name);
        assert_eq!(code(&row[2]), p.betza);
        let promotes: Vec<String> = row[3]
            .split_whitespace()
            .filter(|t| *t != "—")
            .map(code)
            .collect();
        assert_eq!(promotes, p.promotions, "{}", p.name);
    }
}

/// Perft plays and takes back moves in place: the Lion square a capture
/// sets must be gone again for the next sibling. Its counts agree with
/// copying the position for each move.
#[test]
fn make_and_unmake_keep_the_lion_square() {
    let v = chu();
    for fen in [
        TRADE.replace("{}", "-"),
        TRADE.replace("{}", "e8"),
        "11k/12/12/12/12/5p6/5N1n4/7+H4/12/12/12/K11 w - - 0 1".to_string(),
    ] {
        let pos = v.from_fen(&fen).unwrap();
        let by_copy: u64 = pos
            .legal_moves()
            .iter()
            .map(|m| pos.play(m).unwrap().perft(2))
            .sum();
        assert_eq!(pos.perft(3), by_copy, "{fen}");
        let divide: u64 = pos.divide(3).iter().map(|(_, _, n)| n).sum();
        assert_eq!(divide, by_copy);
    }
}

/// A move in a position a rule has already ended is refused as such, not
/// as one that would expose the King: Black's King is bare here.
#[test]
fn a_move_after_a_bare_king_is_refused_as_game_over() {
    let v = chu();
    let pos = v
        .from_fen("11k/12/12/12/12/12/12/12/12/1N10/12/K11 w - - 0 1")
        .unwrap();
    assert!(pos.legal_moves().is_empty());
    let e = pos.parse_move("b3b4").unwrap_err();
    assert!(matches!(e, betza::MoveError::GameOver { .. }), "{e}");
    assert!(e.to_string().contains("the game is over"), "{e}");
}
