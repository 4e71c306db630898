//! Performance guards: move generation and perft allocate nothing on the
//! heap, and a position stays small enough to copy per move.
//!
//! This is its own test binary because it installs a counting global
//! allocator. The count is per thread, so tests running in parallel (and the
//! test harness) do not disturb each other.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use betza::{Position, Variant};

struct CountingAlloc;

thread_local! {
    /// Heap allocations (alloc, alloc_zeroed, realloc) made by this thread.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the thread-local may be gone while the thread shuts down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to `System`; counting only touches
// a const-initialised thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// The heap allocations `f` makes on this thread, and its result.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = std::hint::black_box(f());
    (ALLOCATIONS.with(Cell::get) - before, out)
}

/// Every built-in start position, and middlegames (from `bench/src/main.rs`:
/// seeded random play 20 and 40 plies in) with promoted pieces, castling
/// rights and en passant among them.
const POSITIONS: &[(&str, Option<&str>)] = &[
    ("decimaka", None),
    ("meiriqi", None),
    ("chess", None),
    ("capablanca", None),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ),
    // Kiwipete's sister with promotions and en passant ("position 4" / 3).
    (
        "chess",
        Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    ),
    ("chess", Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")),
    (
        "decimaka",
        Some(
            "r2yk1y2r/ctnbf1b1tc/pp1pppp1pp/6n3/2p4p2/3l1S4/YBPN1PP3/PP1PsN1PPP/CT4B1TC/1RL1FKY2R w Kkq - 0 11",
        ),
    ),
    (
        "decimaka",
        Some(
            "1r1yk4r/ct1bf3tc/np1+Pppp1pp/6n2y/p6p1b/1p2N5/YBP2PP2P/P1+pP3PP1/C3FY2TC/1RL2K1B1R w Kk - 3 21",
        ),
    ),
    (
        "meiriqi",
        Some(
            "2yehg1mkm/ngsls1nw2/2p1p2ps1/p4p2p1/4N3p1/4P5/7PPP/P1fS1P2S1/NG1LSG1WM1/1FYEH2M1K w - - 0 11",
        ),
    ),
    (
        "meiriqi",
        Some(
            "1gyNh2m1m/n1s1s1nw1k/3pg1p1s1/p2l4p1/5p2p1/4P4P/P1F4P1P/1GfSGP2S1/N2LS2WM1/2YEH2M1K w - - 3 21",
        ),
    ),
];

fn position(variant: &'static str, fen: Option<&str>) -> Position<'static> {
    let v = Variant::by_name(variant).expect("a built-in variant");
    match fen {
        None => Position::start(v),
        Some(f) => Position::from_fen(v, f).expect("a valid FEN"),
    }
}

#[test]
fn move_generation_does_not_allocate() {
    let mut failures = Vec::new();
    for &(variant, fen) in POSITIONS {
        // Built (and the variant compiled) before counting starts.
        let pos = position(variant, fen);
        let name = format!("{variant} {}", fen.unwrap_or("start"));
        let (n, moves) = allocations(|| pos.legal_moves());
        assert!(!moves.is_empty(), "{name}: no legal moves");
        if n != 0 {
            failures.push(format!(
                "{name}: legal_moves() made {n} heap allocations ({} moves)",
                moves.len()
            ));
        }
        let (n, nodes) = allocations(|| pos.perft(3));
        assert!(nodes > 0);
        if n != 0 {
            failures.push(format!("{name}: perft(3) made {n} heap allocations"));
        }
        let (n, _) = allocations(|| pos.outcome());
        if n != 0 {
            failures.push(format!("{name}: outcome() made {n} heap allocations"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Drops (crazyhouse and shogi with pieces in hand, shogi's drop-mate test
/// included) and multi-capture moves (the Lion of `tests/data/variants/lion.toml`
/// capturing twice) generate, play in place, take back and count without a
/// heap allocation, as the ordinary moves above do.
#[test]
fn drops_and_multi_captures_do_not_allocate() {
    let lion_text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/variants/lion.toml"
    ))
    .expect("lion.toml");
    let lion = Variant::from_definition(&lion_text).expect("a valid definition");
    let cases = [
        (
            Position::from_fen(
                Variant::by_name("crazyhouse").unwrap(),
                "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R[BPp] w KQkq - 0 6",
            )
            .expect("a valid FEN"),
            "a drop",
        ),
        (
            // Pawns in both hands: a Pawn drop giving check is tried for mate.
            Position::from_sfen(
                Variant::by_name("shogi").unwrap(),
                "lnsgkgsnl/1r5b1/pppp1pppp/9/4p4/9/PPPP1PPPP/1B5R1/LNSGKGSNL b Pp 5",
            )
            .expect("a valid SFEN"),
            "a drop",
        ),
        (
            Position::from_fen(&lion, "7k/8/4w3/3w4/3L4/8/8/K7 w - - 0 1").expect("a valid FEN"),
            "a multi-capture move",
        ),
    ];
    let mut failures = Vec::new();
    for (pos, kind) in cases {
        let name = pos.to_fen();
        let (n, moves) = allocations(|| pos.legal_moves());
        let has_kind = |m: &betza::Move| {
            if kind == "a drop" {
                m.is_drop()
            } else {
                m.via().is_some()
            }
        };
        assert!(moves.iter().any(has_kind), "{name}: no {kind} to test");
        if n != 0 {
            failures.push(format!("{name}: legal_moves() made {n} heap allocations"));
        }
        let (n, _) = allocations(|| {
            let mut p = pos;
            for m in &moves {
                let undo = p.play_in_place_unchecked(m);
                assert!(p.legal_moves().len() < 1000);
                p.undo_move(&undo).expect("taken back in order");
            }
            assert_eq!(p, pos);
        });
        if n != 0 {
            failures.push(format!(
                "{name}: playing and taking back made {n} heap allocations"
            ));
        }
        for (what, count) in [
            ("perft(3)", &(|| pos.perft(3)) as &dyn Fn() -> u64),
            ("perft_no_bulk(2)", &|| pos.perft_no_bulk(2)),
        ] {
            let (n, nodes) = allocations(count);
            assert!(nodes > 0);
            if n != 0 {
                failures.push(format!("{name}: {what} made {n} heap allocations"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Compiling a variant allocates a bounded, small number of times (not once
/// per path or trie node): Meiriqi, the largest built-in, at most 2,000.
#[test]
fn compiling_meiriqi_allocates_little() {
    let def = betza::builtin::definition("meiriqi").expect("a built-in");
    let (n, v) = allocations(|| Variant::new(def).expect("valid"));
    assert_eq!(Position::start(&v).legal_moves().len(), 44);
    assert!(
        n <= 2_000,
        "Variant::new(meiriqi) made {n} heap allocations"
    );
}

/// The counter itself works: a `Vec` is seen.
#[test]
fn the_allocation_counter_counts() {
    let (n, v) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1);
}

#[test]
fn position_is_at_most_528_bytes() {
    // 512 until the partner files of Chess960 and the check counters (six
    // bytes, sixteen with the `u128` alignment).
    let size = std::mem::size_of::<Position<'static>>();
    assert!(size <= 528, "size_of::<Position>() is {size} bytes");
}

/// The positions of the larger boards, whose sizes docs/performance.md
/// documents: still a plain `Copy` value, bounded so that a change that
/// makes them grow is seen and the page updated.
#[test]
fn large_and_huge_positions_stay_within_their_documented_sizes() {
    let large = std::mem::size_of::<Position<'static, betza::Large>>();
    let huge = std::mem::size_of::<Position<'static, betza::Huge>>();
    println!("size_of Position<Large> {large}, Position<Huge> {huge}");
    assert!(
        large <= LARGE_BOUND,
        "size_of::<Position<Large>>() is {large} bytes"
    );
    assert!(
        huge <= HUGE_BOUND,
        "size_of::<Position<Huge>>() is {huge} bytes"
    );
}

/// Upper bounds of the two sizes: 2,400 and 6,520 bytes when written (64
/// piece types' bitboards of 4 and 11 words, and a mailbox of 256 and 676
/// bytes, make most of them), with a little room.
const LARGE_BOUND: usize = 2560;
const HUGE_BOUND: usize = 6656;

/// The large board type (issue 24): generation and perft on a 12x12 and a
/// 16x16 board allocate nothing per move either.
#[test]
fn large_board_generation_does_not_allocate() {
    for name in ["chu-like-12x12", "rook-16x16"] {
        let path = format!(
            "{}/tests/data/variants/{name}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("test data");
        let v = betza::LargeVariant::from_definition(&text).expect("a large variant");
        let pos = v.start();
        let (n, moves) = allocations(|| pos.legal_moves());
        assert!(!moves.is_empty());
        assert_eq!(n, 0, "{name}: legal_moves() made {n} heap allocations");
        let (n, nodes) = allocations(|| pos.perft(3));
        assert!(nodes > 0);
        assert_eq!(n, 0, "{name}: perft(3) made {n} heap allocations");
    }
}

/// Built-in Chu Shogi (12x12, its Lion-power attack tests in `is_check`):
/// generation, perft and an engine's loop (make, `is_check`, unmake, as
/// `bench --engine` walks) allocate nothing.
#[test]
fn chushogi_generation_make_and_unmake_do_not_allocate() {
    let v = betza::LargeVariant::by_name("chushogi").expect("a built-in");
    let pos = v.start();
    let (n, nodes) = allocations(|| pos.perft(3));
    assert!(nodes > 0);
    assert_eq!(n, 0, "chushogi: perft(3) made {n} heap allocations");
    let mut outer: betza::MoveList = betza::MoveList::new();
    let mut inner: betza::MoveList = betza::MoveList::new();
    let mut walk = pos;
    let (n, visited) = allocations(|| {
        let mut visited = 0u64;
        walk.legal_moves_into(&mut outer);
        for m in outer.iter() {
            let undo = walk.play_in_place_unchecked(m);
            visited += 1;
            std::hint::black_box(walk.is_check());
            walk.legal_moves_into(&mut inner);
            for r in inner.iter() {
                let back = walk.play_in_place_unchecked(r);
                visited += 1;
                std::hint::black_box(walk.is_check());
                walk.undo_move(&back).expect("taken back in order");
            }
            walk.undo_move(&undo).expect("taken back in order");
        }
        visited
    });
    assert_eq!(visited, pos.perft(1) + pos.perft(2), "the walk's nodes");
    assert_eq!(n, 0, "chushogi: the engine loop made {n} heap allocations");
    assert_eq!(walk, pos, "make and unmake give the start back");
}

/// The huge board type (issue 24): generation and perft on the 19x19 board
/// of 40 types (tests/data/variants/huge-19x19.toml) allocate nothing per
/// move, from its start and from a middlegame of riders, hoppers and
/// multi-leg pieces.
#[test]
fn huge_board_generation_does_not_allocate() {
    let path = format!(
        "{}/tests/data/variants/huge-19x19.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("test data");
    let v = betza::HugeVariant::from_definition_for(&text).expect("a huge variant");
    let open = "r8k8r/2P5+g10/19/4u9P4/19/19/19/19/19/3Q5x5I3/19/19/19/19/19/4p9U4/19/2p5+G10/R8K8R w KQkq - 0 1";
    for pos in [v.start(), v.from_fen(open).expect("FEN")] {
        let (n, moves) = allocations(|| pos.legal_moves());
        assert!(!moves.is_empty() && moves.len() <= 256, "{}", moves.len());
        assert_eq!(n, 0, "legal_moves() made {n} heap allocations");
        let (n, nodes) = allocations(|| pos.perft(2));
        assert!(nodes > 0);
        assert_eq!(n, 0, "perft(2) made {n} heap allocations");
        let (n, nodes) = allocations(|| pos.perft_no_bulk(2));
        assert!(nodes > 0);
        assert_eq!(n, 0, "perft_no_bulk(2) made {n} heap allocations");
    }
}
