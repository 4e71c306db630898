//! Hostile input on the newer surfaces (issue 40): PGN annotations read in
//! linear time and held to documented bounds, reads of files and streams
//! bounded, and messages that quote the caller's text short, with its real
//! length. Each test feeds the size that failed before the fix; the bounds
//! are listed in docs/reliability.md. The timings are generous (a busy
//! machine, a debug build), yet far below the quadratic times measured
//! (35.9 s for 800,000 NAGs, 14.7 s for 40,000 comments).

use std::time::{Duration, Instant};

use betza::pgn::{MAX_COMMENT_BYTES, MAX_GAME_BYTES, MAX_NAGS, PgnGames, PgnReader, XboardPgn};
use betza::{AnyVariant, Game, Position, Variant};

/// Runs `f`, asserting it takes less than `secs` seconds.
#[track_caller]
fn within<T>(secs: u64, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(secs), "took {took:?}");
    out
}

/// `1. e4 $1 $1 ... e5 *` with `n` NAGs on the first move.
fn nags_pgn(n: usize) -> String {
    format!("1. e4 {}e5 *\n", "$1 ".repeat(n))
}

/// The longest message any input here may give.
#[track_caller]
fn short(message: &str, says: &[&str]) {
    assert!(
        message.len() <= 300,
        "{} bytes: {}",
        message.len(),
        &message[..300]
    );
    for part in says {
        assert!(message.contains(part), "{message:?} does not say {part:?}");
    }
}

// ------------------------------------------------------------ 1. NAGs

#[test]
fn eight_hundred_thousand_nags_on_one_move_are_refused_at_once() {
    let text = nags_pgn(800_000);
    let e = within(5, || Game::from_pgn(&text)).expect_err("past the bound");
    short(
        &e.to_string(),
        &["line 1", "more than 255 NAGs on one move"],
    );
    // The streaming reader and the reader of many games say the same.
    let e = within(5, || PgnReader::new(text.as_bytes()).next())
        .expect("a game")
        .expect_err("past the bound");
    short(&e.to_string(), &["more than 255 NAGs"]);
    let games: Vec<_> = within(5, || PgnGames::new(&text).collect());
    assert!(games[0].is_err());
}

#[test]
fn the_most_nags_are_read_written_and_read_back() {
    let game = Game::from_pgn(&nags_pgn(MAX_NAGS)).expect("at the bound");
    assert_eq!(game.nags(1), vec![1; MAX_NAGS]);
    let again = Game::from_pgn(&game.to_pgn()).expect("written within the bound");
    assert_eq!(again.nags(1), game.nags(1));
    // Setting them holds the same bound, so a game written can be read.
    let mut game = again;
    assert!(game.set_nags(1, &[7; MAX_NAGS]));
    assert!(!game.set_nags(1, &[7; MAX_NAGS + 1]));
    assert_eq!(game.nags(1), [7; MAX_NAGS]);
    assert!(!game.set_nags(1, &vec![1; 1_000_000]));
    // Suffixes count as NAGs too.
    let text = format!("1. e4! {}e5 *", "$2 ".repeat(MAX_NAGS));
    let e = Game::from_pgn(&text).expect_err("256 with the suffix");
    assert!(e.to_string().contains("more than 255 NAGs"), "{e}");
}

#[test]
fn forty_thousand_comments_on_one_move_are_read_in_linear_time() {
    let text = format!("1. e4 {}e5 *\n", "{abcdefghi} ".repeat(40_000));
    let game = within(5, || Game::from_pgn(&text)).expect("within the bound");
    let comment = game.comment(1).expect("joined");
    assert_eq!(comment.len(), 40_000 * 10 - 1);
    assert!(comment.starts_with("abcdefghi abcdefghi"));
    let back = within(5, || Game::from_pgn(&game.to_pgn())).expect("written back");
    assert_eq!(back.comment(1), Some(comment));
}

// ------------------------------------------------------------ 5. comments

#[test]
fn a_comment_past_its_bound_is_refused_and_one_at_it_kept() {
    let at = "x".repeat(MAX_COMMENT_BYTES);
    let game = Game::from_pgn(&format!("1. e4 {{{at}}} e5 *")).expect("at the bound");
    assert_eq!(game.comment(1).map(str::len), Some(MAX_COMMENT_BYTES));
    let back = Game::from_pgn(&game.to_pgn()).expect("read back");
    assert_eq!(back.comment(1), game.comment(1));
    // One more byte, in one comment or joined from two.
    for text in [
        format!("1. e4 {{{at}x}} e5 *"),
        format!("1. e4 {{{at}}} {{x}} e5 *"),
    ] {
        let e = Game::from_pgn(&text).expect_err("past the bound");
        short(
            &e.to_string(),
            &["line 1", "comment of more than 1048576 bytes"],
        );
    }
    let mut game = game;
    assert!(!game.set_comment(1, &format!("{at}x")));
    assert!(game.set_comment(1, &format!("  {at}\n\n")));
}

#[test]
fn a_50_mb_comment_is_refused_by_the_game_bound_in_little_time() {
    let text = format!("1. e4 {{{}}} e5 *", "abcdefghi ".repeat(5_000_000));
    let e = within(5, || Game::from_pgn(&text)).expect_err("past the bound");
    short(
        &e.to_string(),
        &[&format!("a game of more than {MAX_GAME_BYTES} bytes")],
    );
    let e = within(5, || PgnReader::new(text.as_bytes()).next())
        .expect("an error")
        .expect_err("past the bound");
    short(&e.to_string(), &["a game of more than"]);
}

/// The heap a 50 MB comment costs in reading: near nothing beyond the text
/// (it cost 11 times the text before). Alone in its process for the peak:
/// `cargo test --release --test hostile_input -- --ignored`.
#[test]
#[ignore = "measures the process's peak memory: run alone, in release mode"]
fn a_50_mb_comment_costs_little_more_than_its_text() {
    let text = format!("1. e4 {{{}}} e5 *", "abcdefghi ".repeat(5_000_000));
    let before = peak_kib().expect("Linux");
    assert!(Game::from_pgn(&text).is_err());
    assert!(PgnReader::new(text.as_bytes()).next().is_some());
    let grown = peak_kib().expect("Linux") - before;
    // The reader holds at most MAX_GAME_BYTES of the stream (16 MiB).
    assert!(grown < 40 * 1024, "{grown} KiB");
}

/// The most memory this process has held (Linux: `VmHWM`), in KiB.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// ------------------------------------------------------------ 6. NAG range

#[test]
fn a_nag_out_of_range_is_refused_not_dropped() {
    for nag in [
        "$256",
        "$99999999999",
        "$",
        "$x",
        "$+1",
        &format!("${}", "9".repeat(100_000)),
    ] {
        let e = Game::from_pgn(&format!("1. e4 {nag} e5 *")).expect_err(nag);
        short(&e.to_string(), &["line 1", "is not $0 to $255"]);
    }
    let game = Game::from_pgn("1. e4 $255 $0 e5 $1 *").expect("in range");
    assert_eq!(game.nags(1), [255, 0]);
    assert_eq!(game.nags(2), [1]);
    // In a variation NAGs are skipped, whatever they are.
    assert!(Game::from_pgn("1. e4 (1. d4 $999) e5 *").is_ok());
}

// ------------------------------------------------------------ 7. BOM

#[test]
fn every_pgn_reader_takes_a_byte_order_mark() {
    let text = "\u{feff}[White \"Ann\"]\n\n1. e4 e5 *\n";
    let chess = Variant::by_name("chess").expect("built in");
    let read = [
        Game::from_pgn(text),
        Game::from_pgn_in(chess, text),
        PgnGames::new(text).next().expect("a game"),
        PgnReader::new(text.as_bytes()).next().expect("a game"),
        XboardPgn::new().read(text),
    ];
    for game in read {
        let game = game.expect("read");
        assert_eq!(game.tag("White"), Some("Ann"));
        assert_eq!(game.san_moves(), ["e4", "e5"]);
    }
    // Move text right after the mark too.
    assert_eq!(
        Game::from_pgn("\u{feff}1. d4 *").expect("read").san_moves(),
        ["d4"]
    );
    let AnyVariant::Large(chu) = AnyVariant::by_name("chushogi").expect("built in") else {
        panic!("Chu Shogi is large");
    };
    let game = chu
        .game_from_pgn("\u{feff}[Variant \"chushogi\"]\n\n*\n")
        .expect("read");
    assert_eq!(game.ply_count(), 0);
}

// ------------------------------------------------------------ 2. reads

#[test]
fn an_endless_stream_gives_one_error_and_ends() {
    // `/dev/zero`, or any stream without a line break.
    for byte in [0u8, b'x', b'{'] {
        let mut reader = PgnReader::new(std::io::BufReader::new(std::io::repeat(byte)));
        let e = within(10, || reader.next())
            .expect("an error")
            .expect_err("endless");
        short(
            &e.to_string(),
            &["line 1", &format!("more than {MAX_GAME_BYTES} bytes")],
        );
        assert!(reader.next().is_none());
        assert_eq!(reader.buffered(), 0);
    }
}

#[test]
fn a_stream_reader_keeps_a_character_the_bound_cuts() {
    // A whole game, then a line that runs to the bound and past it, cut by
    // the bound inside a two-byte character (27 bytes before the line, so
    // the bound falls after an odd count of its bytes): the game is read, the long
    // line's game refused as too long, not as text that is not UTF-8.
    let mut text = String::from("1. e4 e5 *\n[Event \"long!\"]\n{");
    while text.len() < MAX_GAME_BYTES {
        text.push('é');
    }
    text.push_str("}\n1. d4 *\n");
    let mut reader = PgnReader::new(text.as_bytes());
    let first = within(10, || reader.next()).expect("a game").expect("read");
    assert_eq!(first.san_moves(), ["e4", "e5"]);
    let e = within(10, || reader.next())
        .expect("an error")
        .expect_err("too long");
    short(&e.to_string(), &["more than"]);
}

#[test]
#[cfg(unix)]
fn dev_zero_is_refused_after_the_bound_and_a_byte() {
    use betza::limits::{MAX_DEFINITION_BYTES, read_text_file};
    let e = within(5, || read_text_file("/dev/zero", MAX_DEFINITION_BYTES)).expect_err("endless");
    assert!(e.to_string().contains("more than 65536 bytes"), "{e}");
    let reader = PgnReader::open("/dev/zero").expect("opens");
    let games: Vec<_> = within(10, || reader.collect());
    assert_eq!(games.len(), 1);
    assert!(
        games[0]
            .as_ref()
            .is_err_and(|e| e.to_string().contains("more than"))
    );
}

// ------------------------------------------------------------ 4. messages

#[test]
fn hand_counts_usi_and_sfen_fields_are_quoted_short_with_their_length() {
    let digits = "9".repeat(100_000);
    let shogi = Variant::by_name("shogi").expect("built in");
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    let e = Position::from_sfen(shogi, &format!("{start} b {digits}P 1")).expect_err("bad count");
    short(
        &e.to_string(),
        &["hands", "bad count", "(100000 bytes)", "(100001 bytes)"],
    );
    let crazy = Variant::by_name("crazyhouse").expect("built in");
    let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{digits}P] w KQkq - 0 1");
    let e = Position::from_fen(crazy, &fen).expect_err("bad count");
    short(&e.to_string(), &["hands", "bad count", "(100000 bytes)"]);
    // USI: the real length, not the length of a shortened quotation.
    let pos = Position::start(shogi);
    let long = "z".repeat(100_000);
    for (text, len) in [(long.clone(), 100_000), (format!("7g7f{long}"), 100_004)] {
        let e = pos.parse_usi(&text).expect_err("not USI");
        short(&e.to_string(), &["move text", &format!("({len} bytes)")]);
    }
    // Chu Shogi's SFEN (a Lion's en-passant field) and play past the end.
    let AnyVariant::Large(chu) = AnyVariant::by_name("chushogi").expect("built in") else {
        panic!("Chu Shogi is large");
    };
    let placement = chu.start().to_sfen();
    let placement = placement.split(' ').next().expect("a placement");
    let e = chu
        .from_sfen(&format!("{placement} b {long} 1"))
        .expect_err("not a square");
    short(&e.to_string(), &["(100000 bytes)"]);
    let mut game = Game::from_pgn("1. f3 e5 2. g4 Qh4# 0-1").expect("mate");
    for e in [
        game.play_text(&long).expect_err("over").to_string(),
        game.play_san(&long).expect_err("over").to_string(),
    ] {
        short(&e, &["(100000 bytes)"]);
    }
}

#[test]
fn toml_keys_and_values_are_quoted_short_with_their_length() {
    let chess = Variant::by_name("chess").expect("built in");
    let text = chess.definition().to_string();
    let key = "k".repeat(60_000);
    for (def, len) in [
        (format!("{text}\n{key} = 1\n"), 60_000),
        (
            text.replacen("name =", &format!("{key} = 1\nname ="), 1),
            60_000,
        ),
        (
            text.replacen("files = 8", &format!("files = \"{key}\""), 1),
            60_000,
        ),
    ] {
        let e = Variant::from_definition(&def).expect_err("refused");
        short(&e.to_string(), &[&format!("({len} bytes)")]);
    }
    // A token given where a piece's is expected, and a bad token.
    let def = text.replacen("token = \"Q\"", &format!("token = \"{key}\""), 1);
    let e = Variant::from_definition(&def).expect_err("refused");
    short(&e.to_string(), &["token", "(60000 bytes)"]);
}

// ------------------------------------------------------------ the C ABI

/// The same bounds through the C ABI, called as a C program calls it.
#[cfg(feature = "capi")]
mod capi {
    use std::ffi::{CString, c_char};
    use std::ptr;

    use betza::capi::*;

    use super::{nags_pgn, short, within};

    fn last_error() -> String {
        let mut buf = vec![0u8; 1024];
        // SAFETY: buf holds 1024 bytes.
        let n = unsafe { betza_last_error(buf.as_mut_ptr().cast::<c_char>(), buf.len()) };
        buf.truncate(n.min(1023));
        String::from_utf8(buf).expect("UTF-8")
    }

    /// The game of `text`, or the status and message that refused it.
    fn from_pgn(text: &str) -> Result<*mut BetzaGame, (BetzaStatus, String)> {
        let c = CString::new(text).expect("no NUL");
        let mut game = ptr::null_mut();
        // SAFETY: a C string and an out pointer.
        match unsafe { betza_game_from_pgn(c.as_ptr(), &mut game) } {
            BetzaStatus::BETZA_OK => Ok(game),
            s => Err((s, last_error())),
        }
    }

    #[test]
    fn c_reads_nags_comments_and_a_byte_order_mark_as_rust_does() {
        let (s, m) = within(5, || from_pgn(&nags_pgn(800_000))).expect_err("past the bound");
        assert_eq!(s, BetzaStatus::BETZA_INVALID_PGN);
        short(&m, &["more than 255 NAGs"]);
        let (_, m) = from_pgn("1. e4 $256 *").expect_err("out of range");
        short(&m, &["is not $0 to $255"]);
        let comments = format!("1. e4 {}e5 *", "{abcdefghi} ".repeat(40_000));
        let game = within(5, || from_pgn(&comments)).expect("read");
        // SAFETY: a game from the library, freed once.
        unsafe { betza_game_free(game) };
        let game = from_pgn("\u{feff}[White \"Ann\"]\n\n1. e4 e5 *\n").expect("a mark is read");
        let mut count = 0;
        // SAFETY: the game, and a count out pointer (buf NULL with cap 0).
        unsafe {
            assert_eq!(
                betza_game_ply_count(game, &mut count),
                BetzaStatus::BETZA_OK
            );
            betza_game_free(game);
        }
        assert_eq!(count, 2);
    }

    #[test]
    fn c_set_nags_and_set_comment_hold_the_bounds() {
        let game = from_pgn("1. e4 e5 *").expect("read");
        let nags = vec![1u8; 1_000_000];
        let text = CString::new("x".repeat(betza::pgn::MAX_COMMENT_BYTES + 1)).expect("no NUL");
        let at = CString::new("x".repeat(betza::pgn::MAX_COMMENT_BYTES)).expect("no NUL");
        // SAFETY: the game, arrays of the lengths given, C strings.
        unsafe {
            let s = betza_game_set_nags(game, 1, nags.as_ptr(), nags.len());
            assert_eq!(s, BetzaStatus::BETZA_INVALID_ARGUMENT);
            short(&last_error(), &["1000000 NAGs", "at most 255"]);
            let s = betza_game_set_nags(game, 1, nags.as_ptr(), 255);
            assert_eq!(s, BetzaStatus::BETZA_OK);
            let s = betza_game_set_comment(game, 1, text.as_ptr());
            assert_eq!(s, BetzaStatus::BETZA_INVALID_ARGUMENT);
            short(&last_error(), &["more than 1048576 bytes"]);
            let s = betza_game_set_comment(game, 1, at.as_ptr());
            assert_eq!(s, BetzaStatus::BETZA_OK);
            // What was set is written and read back (a NULL buffer of
            // capacity 0 asks for the length, docs/c.md).
            let mut len = 0;
            assert_eq!(
                betza_game_pgn(game, ptr::null_mut(), 0, &mut len),
                BetzaStatus::BETZA_OK
            );
            assert!(len > betza::pgn::MAX_COMMENT_BYTES, "{len}");
            let mut buf = vec![0u8; len + 1];
            let s = betza_game_pgn(game, buf.as_mut_ptr().cast::<c_char>(), buf.len(), &mut len);
            assert_eq!(s, BetzaStatus::BETZA_OK);
            betza_game_free(game);
            buf.truncate(len);
            let pgn = String::from_utf8(buf).expect("UTF-8");
            let again = from_pgn(&pgn).expect("read back");
            betza_game_free(again);
        }
    }
}
