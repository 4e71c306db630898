//! `betza::pgn::PgnReader`: the games of a stream, read as `PgnGames` reads
//! a text, holding one game's text at a time (issue 30, item 5).
//!
//! The heap is measured by a counting allocator: this file has one test that
//! measures, and the others allocate little next to its bound.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};

use betza::Game;
use betza::pgn::{PgnGames, PgnReader};

/// Counts the bytes live on the heap, and the most there were.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One test at a time: the heap is measured across threads.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A game as the tests compare them: its PGN, or the error's message.
fn shown(r: &Result<Game, betza::PgnError>) -> String {
    match r {
        Ok(g) => g.to_pgn(),
        Err(e) => format!("error: {e}"),
    }
}

/// Every game of `text` by `PgnReader` (reading through a buffer of
/// `capacity` bytes) and by `PgnGames`: the same games and errors.
#[track_caller]
fn same_as_pgn_games(text: &str, capacity: usize) -> usize {
    let want: Vec<String> = PgnGames::new(text).map(|r| shown(&r)).collect();
    let got: Vec<String> = PgnReader::new(BufReader::with_capacity(capacity, text.as_bytes()))
        .map(|r| shown(&r))
        .collect();
    assert_eq!(got, want, "reading {text:?}");
    want.len()
}

const GAMES: &str = "[Event \"one\"]\n[White \"Ann\"]\n\n1. e4 e5 {a comment\n[not a tag]\nstill} 2. Nf3 1-0\n\n\
    [Event \"two\"]\n\n1. e4 Ke7 *\n\n\
    1. d4 d5 * 1. c4 *\n\
    [Event \"three\"]\n1. e4 (1. d4 d5 (1... Nf6)\n2. c4) e5 ; to the end\n% escape\n2. Nf3 $1 Nc6!? 1/2-1/2\n\
    [Event \"no result\"]\n\n1. e4 e5\n2. Nf3\n\n[Event \"bad tag\"\n1. e4 *\n\n\
    [Event \"last\"]\n\n1. e4 {never closed\n";

#[test]
fn the_reader_gives_what_pgn_games_gives() {
    let _one = serial();
    for capacity in [1, 7, 64, 8192] {
        assert!(same_as_pgn_games(GAMES, capacity) >= 7);
        same_as_pgn_games("", capacity);
        same_as_pgn_games("\n\n  {only a comment}\n", capacity);
        same_as_pgn_games("1. e4 e5 2. Nf3 *", capacity);
        same_as_pgn_games(
            "[Variant \"xiangqi\"]\n\n1. Ch3e3 Ch8e8 *\n\n[Variant \"nope\"]\n\n*\n",
            capacity,
        );
    }
    // Games longer than the first look (4 KB): the buffer grows to hold them.
    let long_game = format!(
        "[Event \"long\"]\n{{{}}}\n1. e4 e5 *\n\n[Event \"next\"]\n\n1. d4 *\n",
        "x\n".repeat(20_000)
    );
    assert_eq!(same_as_pgn_games(&long_game, 4096), 2);
    // A game and its errors are numbered by the line of the whole stream.
    let many = "[Event \"a\"]\n\n1. e4 *\n\n".repeat(500) + "[Event \"b\"]\n\n1. e5 *\n";
    let last = PgnReader::new(many.as_bytes()).last().expect("games");
    assert!(
        last.unwrap_err()
            .to_string()
            .starts_with("PGN line 2003, move 1"),
        "the line of the stream"
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let _one = serial();
    let text = "\u{feff}[White \"Ann\"]\n\n1. e4 e5 1-0\n";
    let games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().expect("read").tag("White"), Some("Ann"));
    // Only at the start: elsewhere it is text like any other.
    let text = "1. e4 *\n\u{feff}[White \"Bo\"]\n\n1. d4 *\n";
    assert_eq!(
        PgnReader::new(text.as_bytes())
            .map(|r| shown(&r))
            .collect::<Vec<_>>(),
        PgnGames::new(text).map(|r| shown(&r)).collect::<Vec<_>>()
    );
}

#[test]
fn games_in_a_given_variant() {
    let _one = serial();
    let text = "[Variant \"meiriqi\"]\n\n1. a5 *\n\n1. a5 a6 *\n\n[Variant \"chess\"]\n\n*\n";
    let v = betza::Variant::by_name("meiriqi").expect("built in");
    let games: Vec<_> = PgnReader::new_in(v, text.as_bytes()).collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].as_ref().expect("read").san_moves(), ["a5", "a6"]);
    assert!(
        games[2]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("Variant tag \"chess\""),
        "{:?}",
        games[2]
    );
}

#[test]
fn a_stream_that_is_not_utf8_or_fails_ends_with_an_error_naming_the_line() {
    let _one = serial();
    let mut bytes = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5\n".to_vec();
    bytes.extend_from_slice(b"2. Nf3 \xff\xfe *\n\n[Event \"c\"]\n\n1. d4 *\n");
    let games: Vec<_> = PgnReader::new(bytes.as_slice()).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(games[0].is_ok());
    assert_eq!(
        games[1].as_ref().unwrap_err().to_string(),
        "PGN line 8: the text is not UTF-8"
    );

    /// Gives a game, then fails.
    struct Failing(usize);
    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let text = b"[Event \"a\"]\n\n1. e4 *\n\n";
            if self.0 >= text.len() {
                return Err(std::io::Error::other("the disk is on fire"));
            }
            let n = (text.len() - self.0).min(buf.len());
            buf[..n].copy_from_slice(&text[self.0..self.0 + n]);
            self.0 += n;
            Ok(n)
        }
    }
    let games: Vec<_> = PgnReader::new(BufReader::new(Failing(0))).collect();
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0].as_ref().expect("read").san_moves(), ["e4"]);
    let e = games[1].as_ref().unwrap_err().to_string();
    assert!(
        e.contains("the input could not be read: the disk is on fire"),
        "{e}"
    );
}

#[test]
fn a_file_is_read_with_open() {
    let _one = serial();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pgn_reader_open.pgn");
    std::fs::write(
        &path,
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n",
    )
    .expect("written");
    let games: Vec<Game> = PgnReader::open(&path)
        .expect("opened")
        .collect::<Result<_, _>>()
        .expect("read");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert!(PgnReader::open(path.with_extension("missing")).is_err());
}

/// A PGN file of `count` games made on the fly: never more than one game's
/// text exists at once.
struct Generated {
    count: usize,
    next: usize,
    game: Vec<u8>,
    at: usize,
}

impl Generated {
    fn new(count: usize) -> Generated {
        Generated {
            count,
            next: 0,
            game: Vec::new(),
            at: 0,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Generated {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.game.len() && self.next < self.count {
            let i = self.next;
            self.next += 1;
            self.game.clear();
            self.game.extend_from_slice(
                format!(
                    "[Event \"game {i}\"]\n[Site \"generated\"]\n[Round \"{i}\"]\n[Result \"*\"]\n\n\
                     1. e4 e5 {{game {i}}} 2. Nf3 Nc6 *\n\n"
                )
                .as_bytes(),
            );
            self.at = 0;
        }
        Ok(&self.game[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

#[test]
fn memory_stays_bounded_by_one_game_over_100_000_games() {
    let _one = serial();
    const COUNT: usize = 100_000;
    let game_text = Generated::new(1).bytes().count();
    let base = LIVE.load(Ordering::SeqCst);
    PEAK.store(base, Ordering::SeqCst);
    let mut reader = PgnReader::new(Generated::new(COUNT));
    let (mut count, mut most_buffered) = (0, 0);
    while let Some(game) = reader.next() {
        let game = game.expect("read");
        assert_eq!(game.ply_count(), 4);
        assert_eq!(game.tag("Round"), Some(count.to_string().as_str()));
        most_buffered = most_buffered.max(reader.buffered());
        count += 1;
    }
    assert_eq!(count, COUNT);
    drop(reader);
    let peak = PEAK.load(Ordering::SeqCst) - base;
    let text = COUNT * game_text;
    eprintln!(
        "PgnReader: {COUNT} games of {game_text} bytes ({text} bytes of text): heap peak \
         {peak} bytes, at most {most_buffered} bytes of text held between games"
    );
    // The read-ahead (4 KB, doubled as needed) and the game being built:
    // far below the text's size, and the same for 10 games or 100,000.
    assert!(most_buffered < 8 * 1024, "{most_buffered} bytes held");
    assert!(
        peak < 64 * 1024,
        "heap peak {peak} bytes over {text} bytes of text"
    );
}

/// A game of 100,000 tag lines and a 100,000-line comment: the buffer is
/// read again only each time it has doubled, so reading stays linear (a
/// quadratic reader would take minutes here).
#[test]
fn a_huge_game_is_read_in_linear_time() {
    let _one = serial();
    let mut text = String::new();
    for i in 0..100_000 {
        text.push_str(&format!("[Tag{i} \"{i}\"]\n"));
    }
    text.push_str("\n1. e4 {");
    text.push_str(&"comment\n".repeat(100_000));
    text.push_str("} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    let games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let first = games[0].as_ref().expect("read");
    assert_eq!(first.tag("Tag99999"), Some("99999"));
    assert_eq!(first.san_moves(), ["e4", "e5"]);
    assert_eq!(games[1].as_ref().expect("read").san_moves(), ["d4"]);
}
