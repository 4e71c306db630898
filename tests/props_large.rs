//! Property tests on the large and huge board types (issue 24), over
//! positions reached by seeded random legal play: on 12x12 (the built-in
//! `chushogi`, `chu-like-12x12`, `capablanca-12x12`), 16x16 (`rook-16x16`,
//! `drops-16x16`), 19x19 (`huge-19x19`) and 26x26 (`huge-26x26`), the test
//! definitions of `tests/data/variants`. Between them: riders of range 2 to
//! 25 and unlimited, leapers up to (25,1), lame leaps, hoppers, a
//! grasshopper, bent and crooked riders, circular and cylindrical pieces,
//! multi-leg and locust moves, the Lion power and the Lion-trading rules,
//! royal capture and the bare King, confinement, promotion zones (forced,
//! by choice, Chu's), castling over six and seven squares, en passant,
//! facing Kings and drops (a Pawn not on a file of its own Pawns, nor to
//! mate). Each variant starts from its start position and from a few open
//! ones where castling, en passant and promotion come early.
//!
//! Case counts (each case first walks up to 80 random plies): 256 for the
//! legal moves against the king-capture reference, 128 for each of the
//! FEN, move text and SAN, and hash and undo properties, 64 for perft
//! (depth 2 against divide and the unbulked count everywhere; against the
//! reference at depth 2 on 12x12 and 16x16, at depth 1 on 19x19 and 26x26,
//! whose 40 types make the reference's depth 2 too slow). The whole file
//! runs in about 5 seconds once built (`cargo test --features proptest
//! --test props_large`; the test profile is optimised), 60 with 16 times
//! as many cases.

use std::sync::LazyLock;

use betza::{
    Board, BoardVariant, Color, EndReason, FenError, Game, Huge, Large, LargeVariant, Move,
    Position, PromotionDef, Role,
};
use proptest::prelude::*;

mod common;

/// A variant and the positions its random games start from.
struct Case<B: Board> {
    v: BoardVariant<B>,
    starts: Vec<String>,
}

fn text(name: &str) -> String {
    let path = format!(
        "{}/tests/data/variants/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn case<B: Board>(v: BoardVariant<B>, more: &[String]) -> Case<B> {
    let mut starts = vec![v.start_fen().to_string()];
    starts.extend(more.iter().cloned());
    for fen in &starts {
        v.from_fen(fen)
            .unwrap_or_else(|e| panic!("{}: {fen}: {e}", v.name()));
    }
    Case { v, starts }
}

/// `rows` empty ranks of `files` squares, each followed by `/`.
fn empty(files: usize, rows: usize) -> String {
    format!("{files}/").repeat(rows)
}

/// The 12x12 and 16x16 variants (the `Large` board type).
static LARGE: LazyLock<Vec<Case<Large>>> = LazyLock::new(|| {
    let large = |name: &str| LargeVariant::from_definition(&text(name)).expect(name);
    vec![
        case(
            LargeVariant::by_name("chushogi").expect("built in"),
            // Lions face to face, a Kirin and a Phoenix near promotion.
            &["11k/12/4o7/5n6/12/4N7/5n6/6N5/12/4O7/12/K11 w - - 0 1".into()],
        ),
        case(large("chu-like-12x12"), &[]),
        case(
            large("capablanca-12x12"),
            // Pawns a step from promotion, a double step to take en passant.
            &["2r2k6/1P8p1/12/12/4p7/12/3P6P1/1R3K4R1/12/12/12/12 w - - 0 1".into()],
        ),
        case(large("rook-16x16"), &[]),
        case(
            large("drops-16x16"),
            &[
                // An open back rank to castle over, Pawns to promote and to
                // take en passant, pieces in hand.
                format!(
                    "r6k7r/2P4h8/{}4p11/{}5P10/R6K7R[PUXpy] w KQkq - 0 1",
                    empty(16, 10),
                    empty(16, 1)
                ),
                // A double step just played, to take en passant.
                format!(
                    "r6k7r/2P4h8/{}4pP10/{}R6K7R[PUXpy] b KQkq f3 0 1",
                    empty(16, 10),
                    empty(16, 2)
                ),
                // A Pawn dropped on b15 would mate: it may not be.
                format!("kh14/p15/{}1R14/7K8[P] w - - 0 1", empty(16, 12)),
                // Kings on one file with a Cannon between them.
                format!(
                    "7k8/{}7x8/{}1P14/{}7K8[Pp] b - - 0 1",
                    empty(16, 5),
                    empty(16, 5),
                    empty(16, 2)
                ),
            ],
        ),
    ]
});

/// The 19x19 and 26x26 variants (the `Huge` board type).
static HUGE: LazyLock<Vec<Case<Huge>>> = LazyLock::new(|| {
    let huge = |name: &str| BoardVariant::<Huge>::from_definition_for(&text(name)).expect(name);
    vec![
        case(
            huge("huge-19x19"),
            &[
                // Castling over seven squares; a double step just played,
                // to take en passant (e4 is in Black's promotion zone).
                format!(
                    "r8k8r/{}3pP14/{}R8K8R b KQkq e4 0 1",
                    empty(19, 13),
                    empty(19, 3)
                ),
                "r8k8r/2P5+g10/19/4u9P4/19/19/19/19/19/3Q5x5I3/19/19/19/19/19/4p9U4/19/2p5+G10/R8K8R w KQkq - 0 1".into(),
            ],
        ),
        case(
            huge("huge-26x26"),
            &[format!(
                "r8k15r/2P21+g1/{}4p21/{}R8K15R w KQkq - 0 1",
                empty(26, 10),
                empty(26, 12)
            )],
        ),
    ]
});

fn cases() -> usize {
    LARGE.len() + HUGE.len()
}

/// The game after up to `plies` random legal moves from the start chosen by
/// `start` (fewer if it ends): a capture, promotion or castling a third of
/// the time when there is one, to reach the rarer rules sooner.
fn walk<B: Board>(c: &Case<B>, start: usize, seed: u64, plies: usize) -> Game<B> {
    let mut rng = common::Rng::new(seed);
    let fen = &c.starts[start % c.starts.len()];
    let mut game = c.v.game_from_fen(fen).expect("a start position");
    while game.ply_count() < plies && !game.status().is_over() {
        let moves = game.position().legal_moves();
        let Some(&any) = moves.get(rng.below(moves.len().max(1))) else {
            break;
        };
        let rare: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_capture() || m.promotion().is_some() || m.is_castle() || m.is_drop())
            .collect();
        let m = match rare.get(rng.below(rare.len().max(1))) {
            Some(&r) if rng.below(3) == 0 => r,
            _ => any,
        };
        game.play(&m).expect("a listed move is legal");
    }
    game
}

/// Runs a generic property on the case `i` (the large variants, then the
/// huge ones) after a random walk.
macro_rules! on_case {
    ($i:expr, $start:expr, $seed:expr, $plies:expr, $check:ident) => {{
        let i = $i % cases();
        if i < LARGE.len() {
            let c = &LARGE[i];
            $check(c, &walk(c, $start, $seed, $plies))
        } else {
            let c = &HUGE[i - LARGE.len()];
            $check(c, &walk(c, $start, $seed, $plies))
        }
    }};
}

// The king-capture reference, written over any board type.

/// Whether the game is over at once, with pseudo-legal moves left: a side
/// without royal pieces under royal capture, a bare King. The bare-King
/// rule is judged square by square as `docs/definitions.md` words it;
/// its Chu Shogi forms (escape by attack, weak pieces, stuck pieces,
/// royals alone), and the royals-alone draw, are taken from the library's
/// outcome (a game so ended has no legal moves either way).
fn reference_over<B: Board>(c: &Case<B>, pos: &Position<'_, B>) -> bool {
    let def = c.v.definition();
    let end = &def.game_end;
    if end.royal_capture
        && Color::ALL
            .iter()
            .any(|&color| common::royal_count_in(def, pos, color) == 0)
    {
        return true;
    }
    let plain = end.bare_king_escape == betza::BareKingEscape::default()
        && end.bare_king_weak.is_empty()
        && !end.ignore_stuck_pieces
        && !end.royals_alone_draw;
    if plain {
        return common::bare_king_end_in(def, pos);
    }
    pos.outcome().is_some_and(|o| {
        o.reason == EndReason::BareKing
            || (end.royals_alone_draw && o.reason == EndReason::InsufficientMaterial)
    })
}

/// Whether the side to move in `pos` could take the other side's King.
fn capturable<B: Board>(c: &Case<B>, pos: &Position<'_, B>) -> bool {
    common::capturable_in(pos, c.v.royal(), c.v.definition().facing_kings)
}

/// Whether `m`, a drop of a type that may not mate, mates: with the turn
/// passed back the dropper could take the King (the position with the
/// other side to move is refused as such), and the opponent has no move by
/// the reference.
fn illegal_drop_mate<B: Board>(c: &Case<B>, pos: &Position<'_, B>, m: &Move) -> bool {
    if !m.is_drop() || !c.v.definition().pieces[m.role().index()].drop_mate_illegal {
        return false;
    }
    let next = pos.play_unchecked(m);
    let fen = next.to_fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[1] = if fields[1] == "w" { "b" } else { "w" };
    fields[3] = "-";
    let in_check = match c.v.from_fen(&fields.join(" ")) {
        Ok(passed) => capturable(c, &passed),
        Err(FenError::OpponentInCheck | FenError::KingsFacing) => true,
        Err(e) => panic!("{fen} with the turn passed: {e}"),
    };
    in_check && reference_legal(c, &next).is_empty()
}

/// The legal moves by the reference: none when the game is over; under
/// royal capture every pseudo-legal move the Lion-trading rules allow;
/// otherwise every pseudo-legal move after which the opponent cannot take
/// the King, but a drop that mates where that is illegal.
fn reference_legal<B: Board>(c: &Case<B>, pos: &Position<'_, B>) -> Vec<Move> {
    let def = c.v.definition();
    // A piece with no promotion left still attacks where it would have to
    // promote: that capture is no move, so limits would need a twin.
    assert!(
        !matches!(&def.promotion, PromotionDef::Zone { limits, .. } if !limits.is_empty()),
        "the reference does not know promotion limits"
    );
    if reference_over(c, pos) {
        return Vec::new();
    }
    pos.pseudo_legal_moves()
        .into_iter()
        .filter(|m| {
            if def.game_end.royal_capture {
                common::lion::lion_ok(def, pos, m)
            } else {
                !capturable(c, &pos.play_unchecked(m)) && !illegal_drop_mate(c, pos, m)
            }
        })
        .collect()
}

fn reference_perft<B: Board>(c: &Case<B>, pos: &Position<'_, B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = reference_legal(c, pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| reference_perft(c, &pos.play_unchecked(m), depth - 1))
        .sum()
}

/// A move as text with what it carries, for messages and comparisons.
fn desc<B: Board>(pos: &Position<'_, B>, m: &Move) -> String {
    format!("{} {m:?}", pos.move_text(m))
}

// The properties, generic over the board type.

type Checked = Result<(), TestCaseError>;

fn legal_moves_are_the_reference<B: Board>(c: &Case<B>, game: &Game<B>) -> Checked {
    let pos = game.position();
    let fen = pos.to_fen();
    let legal = pos.legal_moves();
    let pseudo = pos.pseudo_legal_moves();
    for m in &legal {
        prop_assert!(
            pseudo.contains(m),
            "{} not pseudo-legal in {}",
            desc(pos, m),
            fen
        );
    }
    let reference = reference_legal(c, pos);
    let missing: Vec<String> = reference
        .iter()
        .filter(|m| !legal.contains(m))
        .map(|m| desc(pos, m))
        .collect();
    let extra: Vec<String> = legal
        .iter()
        .filter(|m| !reference.contains(m))
        .map(|m| desc(pos, m))
        .collect();
    prop_assert!(
        missing.is_empty() && extra.is_empty(),
        "{}: {}: legal by the reference but not listed {:?}, listed but not legal {:?}",
        c.v.name(),
        fen,
        missing,
        extra
    );
    prop_assert_eq!(reference.len(), legal.len(), "{}", fen);
    // No duplicates: a move is (from, to, promotion, via), a drop (type, square).
    let mut keys: Vec<_> = legal
        .iter()
        .map(|m| {
            (
                m.from(),
                m.to(),
                m.promotion(),
                m.via(),
                m.is_drop().then(|| m.role()),
            )
        })
        .collect();
    keys.sort();
    keys.dedup();
    prop_assert_eq!(keys.len(), legal.len(), "duplicates in {}", fen);
    prop_assert_eq!(pos.perft(1), legal.len() as u64, "bulk count, {}", fen);
    // A game that has ended has no legal move, and one without a legal
    // move has ended (a dead position keeps its moves).
    match pos.outcome() {
        Some(o) if o.reason != EndReason::InsufficientMaterial => {
            prop_assert!(legal.is_empty(), "{} ended by {} with moves", fen, o)
        }
        Some(_) => {}
        None => prop_assert!(!legal.is_empty(), "{} has no move but no outcome", fen),
    }
    prop_assert_eq!(game.status().outcome, pos.outcome());
    Ok(())
}

fn fen_round_trips<B: Board>(c: &Case<B>, game: &Game<B>) -> Checked {
    let pos = game.position();
    let fen = pos.to_fen();
    let back = c.v.from_fen(&fen).expect("the writer's FEN reads back");
    prop_assert_eq!(back.to_fen(), fen.clone());
    // The same position, but an en-passant square no capture can use
    // (FEN writes only one that a legal capture uses).
    prop_assert_eq!(back.legal_ep_square(), pos.legal_ep_square(), "{}", fen);
    if pos.ep_square() == back.ep_square() {
        prop_assert_eq!(&back, pos, "{}", fen);
    }
    prop_assert_eq!(back.hash(), pos.hash(), "{}", fen);
    prop_assert_eq!(back.legal_moves(), pos.legal_moves(), "{}", fen);
    Ok(())
}

/// A move notation: its name, its writer and its reader.
type Notation<B> = (
    &'static str,
    fn(&Position<'_, B>, &Move) -> String,
    fn(&Position<'_, B>, &str) -> Option<Move>,
);

fn move_text_and_san_round_trip<B: Board>(_c: &Case<B>, game: &Game<B>) -> Checked {
    let pos = game.position();
    let fen = pos.to_fen();
    let notations: [Notation<B>; 2] = [
        ("text", |p, m| p.move_text(m), |p, t| p.parse_move(t).ok()),
        ("SAN", |p, m| p.san(m), |p, t| p.parse_san(t).ok()),
    ];
    for (name, write, read) in notations {
        let mut seen = std::collections::HashSet::new();
        for m in pos.legal_moves() {
            let text = write(pos, &m);
            prop_assert!(
                seen.insert(text.clone()),
                "two moves share the {} {} in {}",
                name,
                text,
                fen
            );
            prop_assert_eq!(read(pos, &text), Some(m), "{} {} in {}", name, text, fen);
        }
    }
    Ok(())
}

fn perft_matches_divide_and_the_reference<B: Board>(c: &Case<B>, game: &Game<B>) -> Checked {
    let pos = game.position();
    let divide: u64 = pos.divide(2).iter().map(|(_, _, n)| n).sum();
    let perft = pos.perft(2);
    prop_assert_eq!(divide, perft, "{}", pos.to_fen());
    prop_assert_eq!(pos.perft_no_bulk(2), perft, "{}", pos.to_fen());
    // Past 16x16 (the 40 types of 19x19 and 26x26), depth 1.
    let depth = if c.v.size().squares() > 256 { 1 } else { 2 };
    prop_assert_eq!(
        reference_perft(c, pos, depth),
        pos.perft(depth),
        "{} depth {}",
        pos.to_fen(),
        depth
    );
    Ok(())
}

fn incremental_hash_and_undo<B: Board>(c: &Case<B>, played: &Game<B>) -> Checked {
    let start = played.start_position().to_fen();
    let mut game = c.v.game_from_fen(&start).expect("the start reads back");
    let mut trail = vec![(game.owned_position(), game.hash())];
    for m in played.moves() {
        let pos = *game.position();
        let next = pos.play_unchecked(&m);
        prop_assert_eq!(
            pos.hash_after(&m, pos.hash()),
            next.hash(),
            "{} in {}",
            pos.move_text(&m),
            pos.to_fen()
        );
        // The hash of the position built from scratch (its FEN read back).
        let fresh = c.v.from_fen(&next.to_fen()).expect("reads back");
        prop_assert_eq!(fresh.hash(), next.hash(), "{}", next.to_fen());
        game.play(&m).expect("legal");
        prop_assert_eq!(game.hash(), game.position().hash());
        trail.push((game.owned_position(), game.hash()));
    }
    prop_assert_eq!(game.position(), played.position());
    trail.pop();
    while let Some((pos, hash)) = trail.pop() {
        game.undo().expect("a move to undo");
        prop_assert_eq!(game.owned_position(), pos);
        prop_assert_eq!(game.hash(), hash);
    }
    prop_assert!(game.undo().is_none());
    Ok(())
}

/// A case: which variant, which start, the seed and the number of plies.
fn walk_args() -> impl Strategy<Value = (usize, usize, u64, usize)> {
    (0..cases(), 0usize..5, any::<u64>(), 0usize..80)
}

/// A property test of `cases` cases running `check` after a random walk.
macro_rules! property {
    ($name:ident, $cases:expr, $check:ident) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: $cases, ..ProptestConfig::default() })]

            #[test]
            fn $name((i, s, seed, n) in walk_args()) {
                on_case!(i, s, seed, n, $check)?;
            }
        }
    };
}

property!(
    legal_moves_are_exactly_the_safe_pseudo_legal_ones,
    256,
    legal_moves_are_the_reference
);
property!(fen_writes_reads_and_writes_the_same, 128, fen_round_trips);
property!(
    move_text_and_san_read_back_as_the_move,
    128,
    move_text_and_san_round_trip
);
property!(
    the_incremental_hash_is_the_hash_and_undo_restores,
    128,
    incremental_hash_and_undo
);
property!(
    perft_is_divide_and_the_reference,
    64,
    perft_matches_divide_and_the_reference
);

/// What the legal moves along `c`'s random walks (every start, `seeds`
/// seeds of 80 plies) include: castling, en passant, promotion, drop and
/// multi-leg moves, counted.
fn kinds_seen<B: Board>(c: &Case<B>, seeds: u64) -> [usize; 5] {
    let mut seen = [0; 5];
    for start in 0..c.starts.len() {
        for seed in 0..seeds {
            let game = walk(c, start, seed, 80);
            for ply in 0..=game.ply_count() {
                let pos = game.position_at(ply).expect("a ply");
                for m in pos.legal_moves().iter() {
                    seen[0] += usize::from(m.is_castle());
                    seen[1] += usize::from(m.is_en_passant());
                    seen[2] += usize::from(m.promotion().is_some());
                    seen[3] += usize::from(m.is_drop());
                    seen[4] += usize::from(m.via().is_some());
                }
            }
        }
    }
    seen
}

/// The random walks the properties start from reach the rarer rules: each
/// variant's special moves are among the legal moves the properties see.
#[test]
fn the_walks_reach_castling_en_passant_promotion_drops_and_multi_leg_moves() {
    let mut seen = std::collections::BTreeMap::new();
    for c in LARGE.iter() {
        seen.insert(c.v.name().to_string(), kinds_seen(c, 3));
    }
    for c in HUGE.iter() {
        seen.insert(c.v.name().to_string(), kinds_seen(c, 2));
    }
    let has = |name: &str, kinds: &[usize]| {
        let s = seen[name];
        assert!(kinds.iter().all(|&k| s[k] > 0), "{name}: {s:?}");
    };
    has("chushogi", &[2, 4]);
    has("capablanca-12x12", &[1, 2]);
    has("drops-16x16", &[0, 1, 2, 3, 4]);
    has("huge-19x19", &[0, 1, 2, 4]);
    has("huge-26x26", &[0, 2, 4]);
}

/// The four board sizes are there, and the 16x16 variant's open start has
/// the rules the others lack: castling, drops (a Pawn not on a file of its
/// own Pawns), promotion.
#[test]
fn the_variants_cover_the_piece_kinds() {
    let sizes: Vec<(u8, u8)> = LARGE
        .iter()
        .map(|c| (c.v.size().files(), c.v.size().ranks()))
        .chain(
            HUGE.iter()
                .map(|c| (c.v.size().files(), c.v.size().ranks())),
        )
        .collect();
    for size in [(12, 12), (16, 16), (19, 19), (26, 26)] {
        assert!(sizes.contains(&size), "{size:?}");
    }
    let drops = &LARGE[4];
    assert_eq!(drops.v.name(), "drops-16x16");
    let def = drops.v.definition();
    assert!(def.drops.is_some() && def.castling.is_some() && def.en_passant && def.facing_kings);
    let open = drops.v.from_fen(&drops.starts[1]).expect("FEN");
    let moves = open.legal_moves();
    assert!(moves.iter().any(|m| m.is_castle()));
    assert!(moves.iter().any(|m| m.is_drop()));
    assert!(moves.iter().any(|m| m.promotion().is_some()));
    // A Pawn drop is refused on a file of White's Pawns (d and f here).
    let pawn = Role(1);
    let files: Vec<u8> = moves
        .iter()
        .filter(|m| m.is_drop() && m.role() == pawn)
        .map(|m| open.size().file(m.to()))
        .collect();
    assert!(
        !files.is_empty() && !files.contains(&2) && !files.contains(&5),
        "{files:?}"
    );
    // The drop that would mate is pseudo-legal, not legal.
    let mate = drops.v.from_fen(&drops.starts[3]).expect("FEN");
    let b15 = mate.size().parse_square("b15").expect("a square");
    let is_drop_b15 = |m: &&Move| m.is_drop() && m.to() == b15;
    assert!(mate.pseudo_legal_moves().iter().any(|m| is_drop_b15(&m)));
    assert!(!mate.legal_moves().iter().any(|m| is_drop_b15(&m)));
    assert!(
        reference_legal(drops, &mate)
            .iter()
            .all(|m| !is_drop_b15(&m))
    );
}

/// A Pawn promoted on a square past 127 in a variant that marks promoted
/// pieces is written `Q~` and read back (a fault found here: the FEN
/// reader refused every mark past square 128).
#[test]
fn a_marked_piece_past_square_128_reads_back() {
    let def = "name = \"marked-16x16\"\nfiles = 16\nranks = 16\n\
               start = \"16/P6k8/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8[] w - - 0 1\"\n\n\
               [promotion]\nscheme = \"zone\"\n\
               zone = { white = \"a16-p16\", black = \"a1-p1\" }\n\
               forced = { white = \"a16-p16\", black = \"a1-p1\" }\n\n\
               [drops]\ncaptured = \"marked\"\n\n\
               [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\n\
               [[piece]]\nname = \"Pawn\"\ntoken = \"P\"\nbetza = \"fmWfcF\"\npawn = true\n\
               promotes = [\"Q\"]\n\n\
               [[piece]]\nname = \"Queen\"\ntoken = \"Q\"\nbetza = \"Q\"\n";
    let v = LargeVariant::from_definition(def).expect("a 16x16 variant with drops");
    let start = v.start();
    let next = start
        .play(&start.parse_move("a15a16q").expect("a promotion"))
        .expect("legal");
    let fen = next.to_fen();
    assert!(fen.starts_with("Q~15/"), "{fen}");
    let back = v
        .from_fen(&fen)
        .unwrap_or_else(|e| panic!("{fen} refused: {e}"));
    assert_eq!(back.to_fen(), fen);
}

/// On a board of 24 files or more, a quiet move that SAN tells apart by
/// file `x` alone also names its rank, or the `x` would read as the capture
/// mark (a fault found here: `Rxu17` was written, and refused). Huge-26x26,
/// Black Rooks on u18 and x17: the one on x17 to u17 is `Rx17u17`.
#[test]
fn a_san_disambiguated_by_the_x_file_reads_back() {
    let v = &HUGE[1].v;
    assert_eq!(v.name(), "huge-26x26");
    let fen = "26/26/8k17/26/17+g8/26/26/26/20r5/23r2/26/26/4p21/26/26/26/26/26/26/26/26/26/26/26/10K15/26 b - - 19 34";
    let pos = v.from_fen(fen).expect("FEN");
    let m = pos.parse_move("x17u17").expect("a Rook move");
    assert!(!pos.is_capture(&m));
    let san = pos.san(&m);
    assert_eq!(san, "Rx17u17");
    assert_eq!(pos.parse_san(&san).ok(), Some(m), "{san} in {fen}");
}
