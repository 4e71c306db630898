//! The bodies of the fuzz targets, as plain functions of the input bytes.
//!
//! Each `fuzz/fuzz_targets/<name>.rs` is a one-line wrapper around the
//! function of the same name here, and `tests/fuzz_replay.rs` includes this
//! file too (`#[path]`), so plain `cargo test` on stable replays every
//! committed seed and crash file through exactly the code the fuzzer runs.
//! A function returns normally when the input is uninteresting or fine, and
//! panics (with a message naming the broken invariant) otherwise.
//!
//! This file depends on nothing but `betza` and `std`: it must compile both
//! inside the fuzz crate and inside the main crate's tests.

use std::cell::RefCell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use betza::bitboard::SquareSet;

// The Lion-trading reference, shared with the tests' reference.
#[path = "../../tests/common/lion.rs"]
mod lion;
use lion::lion_ok;

// The `[rules]` reference (atomic, antichess...), shared with the tests'.
#[path = "../../tests/common/rules.rs"]
mod rules;

use betza::{
    AnyVariant, Board, BoardVariant, CastlingDef, Color, EndReason, Game, Huge, HugeVariant, Large,
    LargeVariant, Move, PieceDef, Position, PromotionDef, Region, Role, Small, StalemateRule,
    Variant, VariantDef, VariantRef, with_board,
};

/// A target's body: returns, or panics naming the broken invariant.
pub type Target = fn(&[u8]);

/// Every target, by the name of its corpus folder.
pub const TARGETS: &[(&str, Target)] = &[
    ("fen", fen),
    ("move_text", move_text),
    ("san", san),
    ("betza", betza),
    ("variant", variant),
    ("play", play),
    ("definition", definition),
    ("stateless", stateless),
    ("pgn", pgn),
    ("fsf_ini", fsf_ini),
];

/// The built-in variants, in the order a selector byte picks them.
pub fn variants() -> &'static [&'static str] {
    Variant::builtin_names()
}

/// Most plies `play` makes: every ply costs a move generation, a checked
/// one (see [`CHECK_EVERY`]) a dozen, and the PGN round trip a few per ply,
/// so longer inputs would only slow the fuzzer down.
pub const MAX_PLAY_PLIES: usize = 160;

/// Most plies `variant` plays in a generated variant after its checks.
const MAX_VARIANT_PLIES: usize = 12;

fn builtin(index: u8) -> &'static Variant {
    let names = variants();
    Variant::by_name(names[index as usize % names.len()]).expect("built in")
}

/// The input as text, or `None` if it is not UTF-8.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

// ---------------------------------------------------------------------------
// The invariants every reachable position must satisfy.

/// Whether the side to move could take the other side's royal piece: by a
/// pseudo-legal capture or, where the rule exists, because the two royal
/// pieces face each other on an open file. Built only on
/// `pseudo_legal_moves`, not on the library's attack tests.
///
/// A piece with no promotion left still attacks the squares where it would
/// have to promote (Grand's Pawn on the last rank): that capture is no move,
/// so in a variant with promotion limits the question is asked of the same
/// position in the variant without them ([`with_unlimited_twin`]).
pub fn king_capturable(pos: &Position<'_>) -> bool {
    with_unlimited_twin(pos, |twin| match twin {
        Some(twin) => capturable_by_moves(twin),
        // Refused as "the side to move could capture the enemy King".
        None if has_limits(pos.variant()) => true,
        None => capturable_by_moves(pos),
    })
}

/// Whether `v` limits promotion (and so needs a twin without limits).
fn has_limits(v: &Variant) -> bool {
    matches!(&v.definition().promotion, PromotionDef::Zone { limits, .. } if !limits.is_empty())
}

/// Runs `f` on `pos` read in the variant without promotion limits, or on
/// `None` when `pos`'s variant has none or the twin variant refuses the
/// position. Limits only take moves away, so a move of `pos` is a move of
/// the twin too and plays there to the twin of the position it plays to:
/// [`check_position`] converts a position once and plays every move in the
/// twin, instead of converting each position a move leads to.
fn with_unlimited_twin<R>(pos: &Position<'_>, f: impl FnOnce(Option<&Position<'_>>) -> R) -> R {
    if !has_limits(pos.variant()) {
        return f(None);
    }
    let unlimited = without_limits(pos.variant());
    // By `Setup`, not FEN: the same data, without writing and reading text.
    match Position::from_setup(&unlimited, &pos.setup()) {
        Ok(twin) => f(Some(&twin)),
        Err(_) => f(None),
    }
}

/// [`king_capturable`] in a variant without promotion limits.
fn capturable_by_moves(pos: &Position<'_>) -> bool {
    let v = pos.variant();
    capturable_in(pos, v.royal(), v.facing_kings())
}

/// [`capturable_by_moves`] on either board type, given the royal type and
/// the facing-Kings rule (a [`Position<'_, Large>`] has no `variant()`).
fn capturable_in<B: Board>(pos: &Position<'_, B>, royal: Role, facing_kings: bool) -> bool {
    if pos
        .pseudo_legal_moves()
        .iter()
        .any(|m| m.captured() == Some(royal) || m.via_captured() == Some(royal))
    {
        return true;
    }
    if !facing_kings {
        return false;
    }
    let (Some(a), Some(b)) = (pos.king(Color::White), pos.king(Color::Black)) else {
        return false;
    };
    let size = pos.size();
    if size.file(a) != size.file(b) {
        return false;
    }
    let file = i32::from(size.file(a));
    let (lo, hi) = (
        size.rank(a).min(size.rank(b)),
        size.rank(a).max(size.rank(b)),
    );
    (lo + 1..hi).all(|rank| {
        let sq = size
            .square(file, i32::from(rank))
            .expect("between two squares");
        pos.piece_at(sq).is_none()
    })
}

/// `v` without promotion limits, built once per definition and kept: a
/// variant costs milliseconds to build, a reference question microseconds.
/// The few most recent definitions are kept (the fuzz targets build new
/// variants all the time; the built-ins come back again and again).
fn without_limits(v: &Variant) -> Rc<Variant> {
    thread_local! {
        static CACHE: Built<Variant> = const { RefCell::new(Vec::new()) };
    }
    cached_without_limits(&CACHE, 8, v.definition(), Variant::new)
}

/// Variants built from definitions, the most recent last.
type Built<T> = RefCell<Vec<(VariantDef, Rc<T>)>>;

/// The variant of `def` with its promotion limits cleared, built by `build`
/// and kept in `cache` (the most recent `kept`), so that each is built once.
fn cached_without_limits<T, E: std::fmt::Debug>(
    cache: &'static std::thread::LocalKey<Built<T>>,
    kept: usize,
    def: &VariantDef,
    build: impl FnOnce(VariantDef) -> Result<T, E>,
) -> Rc<T> {
    if let Some(hit) = cache.with(|c| {
        c.borrow()
            .iter()
            .find(|(d, _)| d == def)
            .map(|(_, u)| Rc::clone(u))
    }) {
        return hit;
    }
    let mut unlimited = def.clone();
    if let PromotionDef::Zone { limits, .. } = &mut unlimited.promotion {
        limits.clear();
    }
    let built = Rc::new(build(unlimited).expect("the same variant without limits"));
    cache.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() == kept {
            c.remove(0);
        }
        c.push((def.clone(), Rc::clone(&built)));
    });
    built
}

/// Which legal moves [`check_position`] checks one by one.
#[derive(Clone, Copy, Debug)]
pub enum Moves {
    /// Every legal move, each also against the king-capture reference.
    All,
    /// This one only.
    Only(Move),
    /// None: only the list as a whole.
    None,
}

/// A set with a cheap multiplicative hash: SipHash costs more than the move
/// generations it would index, once the fuzzer instruments it.
type Set<T> = HashSet<T, BuildHasherDefault<QuickHash>>;

/// The hash of [`Set`] (FxHash's scheme; no defence against chosen keys is
/// needed for moves).
#[derive(Default)]
struct QuickHash(u64);

impl Hasher for QuickHash {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Checks `pos` and its legal moves:
///
/// - its FEN reads back to the same FEN, hash and legal moves;
/// - the position has an outcome exactly when it has no legal move, and no
///   two legal moves share a move text;
/// - every legal move is pseudo-legal, and every pseudo-legal move left out
///   of the list leaves the mover's royal piece capturable
///   ([`king_capturable`]);
/// - for each legal move chosen by `moves`: the reference finds that it does
///   not leave the royal piece capturable, `is_legal` and `play` accept it,
///   its move text and its SAN read back to it, `moves_between` and
///   `legal_targets` list it, and `hash_after` equals the next position's
///   `hash`.
///
/// With [`Moves::All`] the legal list is exactly the reference's. The other
/// modes check the moves left out and the chosen move only: that costs a few
/// move generations instead of one per move, so `play` can afford it at
/// every ply (and every listed move gets checked when some input plays it).
pub fn check_position(pos: &Position<'_>, moves: Moves) {
    check_listed(pos, &pos.legal_moves(), moves);
}

/// Whether an outcome ends the game with pseudo-legal moves left and no
/// legal one (a bare King, a side without royal pieces under royal capture).
fn ends_at_once(reason: EndReason) -> bool {
    matches!(
        reason,
        EndReason::BareKing
            | EndReason::RoyalCaptured
            | EndReason::Extinction
            | EndReason::Region
            | EndReason::Explosion
            | EndReason::Checks
    )
}

/// What [`check_move`] made while checking a move, for [`play_game`] to use
/// instead of making it again.
struct Checked<'v> {
    next: Position<'v>,
    text: String,
    san: String,
    /// The hashes of the position and of the next one (a hash is computed
    /// from the whole board).
    hash: u64,
    next_hash: u64,
}

/// The hash of a move text, for [`check_listed`]'s set of texts: a set of
/// `u64` instead of a set of strings (a shared hash is then compared as
/// text).
fn text_key(text: &str) -> u64 {
    let mut h = QuickHash::default();
    h.write(text.as_bytes());
    h.finish()
}

/// [`check_position`] given `legal`, the position's `legal_moves()` (which
/// [`play_game`] has made already). With [`Moves::Only`], returns what
/// [`check_move`] made of that move.
fn check_listed<'v>(pos: &Position<'v>, legal: &[Move], moves: Moves) -> Option<Checked<'v>> {
    let v = pos.variant();
    let fen = pos.to_fen();
    let back = Position::from_fen(v, &fen)
        .unwrap_or_else(|e| panic!("{}: own FEN {fen:?} refused: {e}", v.name()));
    assert_eq!(back.to_fen(), fen, "{}: FEN write, read, write", v.name());
    let hash = pos.hash();
    assert_eq!(
        back.hash(),
        hash,
        "{}: hash after FEN round trip of {fen:?}",
        v.name()
    );
    assert_eq!(
        back.legal_moves().as_slice(),
        legal,
        "{}: legal moves after FEN round trip of {fen:?}",
        v.name()
    );
    // Every end but a dead position leaves no legal move.
    let outcome = pos.outcome();
    let ended = outcome.is_some_and(|o| o.reason != EndReason::InsufficientMaterial);
    assert_eq!(
        ended,
        legal.is_empty(),
        "{}: outcome {outcome:?} with {} legal moves in {fen:?}",
        v.name(),
        legal.len()
    );
    // Two legal moves never share a move text (whatever the move carries:
    // a promotion, a drop, a square passed through). A set of the texts'
    // hashes, not nested loops (the fuzzer traces every comparison); two
    // texts of one hash are compared as text.
    let mut seen: Set<u64> = Set::with_capacity_and_hasher(legal.len(), Default::default());
    for a in legal {
        let text = pos.move_text(a);
        if !seen.insert(text_key(&text))
            && let Some(b) = legal.iter().find(|b| *b != a && pos.move_text(b) == text)
        {
            panic!(
                "{}: two legal moves share the move text {text}, in {fen:?}: {b:?} and {a:?}",
                v.name()
            );
        }
    }

    // Which pseudo-legal moves are listed. The legal list is the
    // pseudo-legal one filtered (one generator), in its order: one walk
    // finds every listed move. A list in another order (or a legal move that
    // is not pseudo-legal) is searched through sets.
    let pseudo = pos.pseudo_legal_moves();
    let mut listed = vec![false; pseudo.len()];
    let mut found = 0;
    for (i, m) in pseudo.iter().enumerate() {
        if legal.get(found) == Some(m) {
            listed[i] = true;
            found += 1;
        }
    }
    // Rules the reference does not model add moves of their own
    // (Sittuyin's promotions by a step) to the legal ones.
    if found < legal.len() && rules::modelled(v.definition()) {
        let pseudo_set: Set<Move> = pseudo.iter().copied().collect();
        for m in legal {
            assert!(
                pseudo_set.contains(m),
                "{}: legal {} ({m:?}) is not pseudo-legal in {fen:?}",
                v.name(),
                pos.move_text(m)
            );
        }
        let legal_set: Set<Move> = legal.iter().copied().collect();
        for (i, m) in pseudo.iter().enumerate() {
            listed[i] = legal_set.contains(m);
        }
    }
    // The pseudo-legal moves the reference judges: those left out, and the
    // chosen listed ones.
    let judged: Vec<(&Move, bool)> = pseudo
        .iter()
        .zip(listed.iter().copied())
        .filter(|&(m, listed)| match moves {
            Moves::All => true,
            Moves::Only(only) => !listed || *m == only,
            Moves::None => !listed,
        })
        .collect();
    // A game over at once (a bare King, a side without royal pieces) has
    // pseudo-legal moves but no legal one.
    let over = outcome.is_some_and(|o| ends_at_once(o.reason));
    // Under royal capture no move is filtered for the royal pieces' safety.
    let royal_capture = v.royal_capture();
    // A drop of a type that may not mate (shogi's Pawn) is illegal when it
    // mates; otherwise legal means the King is not left capturable.
    let mates = |m: &Move| {
        m.is_drop() && v.definition().pieces[m.role().index()].drop_mate_illegal && {
            let next = pos.play_unchecked(m);
            next.is_check() && next.legal_moves().is_empty()
        }
    };
    // Under `[rules]` the rules' reference judges every move.
    let by_rules = rules::rules_legal(pos);
    // Rules the reference does not model (Janggi's Cannons, passes, ...)
    // are checked by their counts (Fairy-Stockfish's, in tests/data).
    let modelled = rules::modelled(v.definition());
    with_unlimited_twin(pos, |twin| {
        if !modelled {
            return;
        }
        for &(m, listed) in &judged {
            let safe = if let Some(by_rules) = &by_rules {
                by_rules.contains(m)
            } else {
                !over
                    && !mates(m)
                    && (if royal_capture {
                        lion_ok(v.definition(), pos, m)
                    } else {
                        match twin {
                            Some(twin) => !capturable_by_moves(&twin.play_unchecked(m)),
                            None => !king_capturable(&pos.play_unchecked(m)),
                        }
                    })
            };
            // A move the walk missed because the pseudo-legal list has it
            // twice is listed all the same.
            if listed != safe && legal.contains(m) != safe {
                panic!(
                    "{}: pseudo-legal {} ({m:?}) is {} but {} the King capturable, in {fen:?}",
                    v.name(),
                    pos.move_text(m),
                    if listed { "listed" } else { "not listed" },
                    if safe { "does not leave" } else { "leaves" },
                );
            }
        }
    });

    match moves {
        Moves::All => {
            for m in legal {
                check_move(pos, m, hash, &fen);
            }
            None
        }
        Moves::Only(m) => {
            assert!(
                legal.contains(&m),
                "{}: {m:?} is not a legal move of {fen:?}",
                v.name()
            );
            Some(check_move(pos, &m, hash, &fen))
        }
        Moves::None => None,
    }
}

fn check_move<'v>(pos: &Position<'v>, m: &Move, hash: u64, fen: &str) -> Checked<'v> {
    let name = pos.variant().name();
    let text = pos.move_text(m);
    assert!(
        pos.is_legal(m),
        "{name}: listed {text} is not is_legal in {fen:?}"
    );
    let next = pos
        .play(m)
        .unwrap_or_else(|e| panic!("{name}: listed {text} refused by play in {fen:?}: {e}"));
    assert_eq!(
        next,
        pos.play_unchecked(m),
        "{name}: play and play_unchecked differ on {text}"
    );
    match pos.parse_move(&text) {
        Ok(back) => assert_eq!(
            back, *m,
            "{name}: move text {text:?} reads back as another move in {fen:?}"
        ),
        Err(e) => panic!("{name}: own move text {text:?} refused in {fen:?}: {e}"),
    }
    let san = pos.san(m);
    match pos.parse_san(&san) {
        Ok(back) => assert_eq!(
            back, *m,
            "{name}: SAN {san:?} reads back as another move in {fen:?}"
        ),
        Err(e) => panic!("{name}: own SAN {san:?} refused in {fen:?}: {e}"),
    }
    // A drop moves no piece: it has no from-square to ask about.
    assert!(
        m.is_drop() || pos.moves_between(m.from(), m.to()).contains(m),
        "{name}: moves_between misses {text} in {fen:?}"
    );
    assert!(
        m.is_drop() || pos.legal_targets(m.from()).contains(m.to()),
        "{name}: legal_targets misses {text} in {fen:?}"
    );
    let next_hash = next.hash();
    assert_eq!(
        pos.hash_after(m, hash),
        next_hash,
        "{name}: hash_after {text} differs from the hash of the next position, from {fen:?}"
    );
    Checked {
        next,
        text,
        san,
        hash,
        next_hash,
    }
}

/// One ply in this many gets [`play_game`]'s checks (the others are only
/// played), and the last ply always: see [`play_game`].
pub const CHECK_EVERY: usize = 8;

/// Plays a game from `start`, each byte choosing a legal move (its value
/// modulo the number of moves), at most `max_plies` plies. Checked plies get
/// [`check_position`] (for every legal move if `every_move`, else for the
/// move played) and the `Game` history around the move: the game's
/// position and hash follow the moves, and `undo` restores the exact
/// previous position and hash; their moves go into the game by move, move
/// text and SAN in turn. The final position is checked for every legal
/// move, and the game's PGN must read back to the same position.
///
/// Which plies are checked: every ply if `every_move`; else one in
/// [`CHECK_EVERY`], from a phase that the number of plies picks, and the
/// last ply; the other plies are only played (`Game::play`, whose refusal
/// after the game's end must agree with `Game::status`). A ply's checks
/// cost a dozen move generations (FEN, move text and SAN round trips, the
/// king-capture reference), so checking every ply made `play` spend most of
/// its time re-checking positions much like the last; checked one in eight,
/// `play` runs 2.4 times fewer instructions per input on its corpus.
/// Nothing goes unchecked for lack of an input: every invariant is checked
/// at least once per game (the final position gets all of them, a played
/// move's at the last ply, the PGN the whole game), and any position a game
/// passes through is the final position (and any move the last one) of the
/// input cut after it, which the fuzzer's mutations try as readily as the
/// input itself.
pub fn play_game(
    variant: impl Into<VariantRef>,
    bytes: &[u8],
    max_plies: usize,
    every_move: bool,
) -> Game {
    let mut game = Game::new(variant);
    let v = game.variant_ref().clone();
    let plies = bytes.len().min(max_plies);
    let phase = plies % CHECK_EVERY;
    // Checked plies so far: picks how the next checked move goes in.
    let mut checked = 0;
    for (ply, &b) in bytes.iter().take(max_plies).enumerate() {
        let pos = game.position().rebind(&v).expect("the game's variant");
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[b as usize % legal.len()];
        if !(every_move || ply % CHECK_EVERY == phase || ply + 1 == plies) {
            // Over by the rules (a repetition, a dead position): the game
            // refuses the move, and says so.
            match game.play(&m) {
                Ok(got) => assert_eq!(got, m, "Game::play {m:?} in {:?}", pos.to_fen()),
                Err(betza::MoveError::GameOver { .. }) => {
                    assert!(
                        game.status().is_over(),
                        "Game::play refuses {m:?} as after the game's end, in {:?}",
                        pos.to_fen()
                    );
                    break;
                }
                Err(e) => panic!("Game::play {m:?} in {:?}: {e}", pos.to_fen()),
            }
            continue;
        }
        if game.status().is_over() {
            assert!(
                matches!(game.play(&m), Err(betza::MoveError::GameOver { .. })),
                "Game::play accepts {m:?} after the game's end, in {:?}",
                pos.to_fen()
            );
            break;
        }
        // The next position, move text and SAN that check_move made, or
        // (every move checked) made here.
        let Checked {
            next,
            text,
            san,
            hash,
            next_hash,
        } = if every_move {
            check_listed(&pos, &legal, Moves::All);
            let next = pos.play(&m).expect("a listed move is legal");
            Checked {
                text: pos.move_text(&m),
                san: pos.san(&m),
                hash: pos.hash(),
                next_hash: next.hash(),
                next,
            }
        } else {
            check_listed(&pos, &legal, Moves::Only(m)).expect("the move checked")
        };
        // Written only when a check fails: the FEN costs a move generation.
        let fen = || pos.to_fen();
        let how = checked % 3;
        checked += 1;
        match how {
            0 => {
                let got = game
                    .play(&m)
                    .unwrap_or_else(|e| panic!("Game::play {text} in {:?}: {e}", fen()));
                assert_eq!(got, m, "Game::play {text} in {:?}", fen());
            }
            1 => {
                let got = game
                    .play_text(&text)
                    .unwrap_or_else(|e| panic!("Game::play_text {text} in {:?}: {e}", fen()));
                assert_eq!(got, m, "Game::play_text {text} in {:?}", fen());
            }
            _ => {
                let got = game
                    .play_san(&san)
                    .unwrap_or_else(|e| panic!("Game::play_san {san} in {:?}: {e}", fen()));
                assert_eq!(got, m, "Game::play_san {san} in {:?}", fen());
            }
        }
        assert_eq!(
            *game.position(),
            next,
            "game position after {text} from {:?}",
            fen()
        );
        assert_eq!(
            game.hash(),
            next_hash,
            "game hash after {text} from {:?}",
            fen()
        );
        assert_eq!(
            game.undo(),
            Some(m),
            "Game::undo after {text} from {:?}",
            fen()
        );
        assert_eq!(
            *game.position(),
            pos,
            "Game::undo of {text} from {:?}: position",
            fen()
        );
        assert_eq!(
            game.hash(),
            hash,
            "Game::undo of {text} from {:?}: hash",
            fen()
        );
        game.play(&m).expect("played once already");
    }
    check_position(game.position(), Moves::All);
    let pgn = game.to_pgn();
    match Game::from_pgn_in(v.clone(), &pgn) {
        Ok(back) => {
            assert_eq!(
                back.position(),
                game.position(),
                "{}: PGN round trip of {pgn:?}",
                v.name()
            );
            assert_eq!(
                back.hash(),
                game.hash(),
                "{}: PGN round trip of {pgn:?}",
                v.name()
            );
        }
        Err(e) => panic!("{}: own PGN refused: {e}\n{pgn}", v.name()),
    }
    game
}

// ---------------------------------------------------------------------------
// The targets.

/// `fen`: the input as text is read as a FEN of every built-in variant; a FEN
/// that is accepted must satisfy [`check_position`], and a refusal has a short
/// message.
pub fn fen(data: &[u8]) {
    let Some(text) = text(data) else { return };
    for i in 0..variants().len() as u8 {
        match Position::from_fen(builtin(i), text) {
            Ok(pos) => check_position(&pos, Moves::All),
            // A refusal quotes the text short, however long (issue 40).
            Err(e) => assert!(
                e.to_string().len() <= 400,
                "a message of {} bytes",
                e.to_string().len()
            ),
        }
    }
}

/// The position a `move_text` or `san` input starts from: the first line is
/// a built-in variant's name (see [`variants`]) and optionally a FEN after
/// it (without one, the start position). A line that does not start with a
/// name is read whole as a FEN of the first built-in. `None` when the FEN is
/// refused.
fn first_line_position(line: &str) -> Option<Position<'static>> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let (variant, fen) = match Variant::by_name(word) {
        Ok(v) => (v, rest.trim()),
        Err(_) => (builtin(0), line),
    };
    if fen.is_empty() {
        Some(Position::start(variant))
    } else {
        Position::from_fen(variant, fen).ok()
    }
}

/// The body of `move_text` and `san`: the first line picks a variant and a
/// position ([`first_line_position`]); the rest is whitespace-separated
/// words, each given to `read`. A word read as a move must name a legal move
/// that the king-capture reference accepts and that passes every check of
/// [`check_position`] for one move (its own move text and SAN read back to
/// it, and so on); it is played and the next word applies to the new
/// position. Refused words are skipped. The final position must satisfy
/// [`check_position`] as a list.
fn read_moves(data: &[u8], read: fn(&Position<'_>, &str) -> Option<Move>) {
    let Some(text) = text(data) else { return };
    let (line, words) = text.split_once('\n').unwrap_or((text, ""));
    let Some(mut pos) = first_line_position(line) else {
        return;
    };
    for word in words.split_whitespace() {
        let Some(m) = read(&pos, word) else { continue };
        let fen = pos.to_fen();
        assert!(
            pos.is_legal(&m) && pos.legal_moves().contains(&m),
            "{word:?} was read as the illegal {m:?} in {fen:?}"
        );
        check_position(&pos, Moves::Only(m));
        pos = pos.play(&m).expect("legal");
    }
    check_position(&pos, Moves::None);
}

/// `move_text`: [`read_moves`] with move texts (`Position::parse_move`);
/// an input whose first line starts with the name of a variant of
/// [`BOARD_DEFINITIONS`] (`chushogi`, `huge-19x19`, `huge-26x26`) is read by
/// [`read_board_moves`] on its board type.
pub fn move_text(data: &[u8]) {
    if let Some(text) = text(data)
        && read_named_board_moves(text)
    {
        return;
    }
    read_moves(data, |pos, word| pos.parse_move(word).ok());
}

/// [`read_board_moves`] on the variant of [`BOARD_DEFINITIONS`] that the
/// first line names (else `false`, nothing done): the rest of the line is
/// a FEN (none: the start position), the other lines move texts.
fn read_named_board_moves(text: &str) -> bool {
    let (line, words) = text.split_once('\n').unwrap_or((text, ""));
    let line = line.trim();
    let (word, fen) = line.split_once(' ').unwrap_or((line, ""));
    let Some(v) = board_by_name(word) else {
        return false;
    };
    with_board!(v, |v| read_board_moves(v, fen.trim(), words));
    true
}

/// [`read_moves`] on a variant of any board type, from `fen` (empty: the
/// start position; a refused FEN ends the input) and the whitespace-separated
/// `words` (Chu Shogi's Lion: `<from><via><to>`, igui `<from><via><from>`,
/// pass). A word read as a move must name a move that `play` accepts; it is
/// played. The last move read gets [`check_board`] for that move (which
/// asks `is_legal`, the reference and the round trips of it), and the final
/// position [`check_board`] for its list. The other moves are only played:
/// a huge board's checks cost a millisecond per ply (the reference's
/// generations over up to 676 squares and 40 piece types, a Lion's attacks
/// looked for at each), and any move read is the last one of the input cut
/// after it, which the fuzzer tries as readily as the input itself (as
/// [`play_game`] checks one ply in [`CHECK_EVERY`]).
fn read_board_moves<B: Cached>(v: &BoardVariant<B>, fen: &str, words: &str) {
    let Ok(mut pos) = (if fen.is_empty() {
        Ok(v.start())
    } else {
        v.from_fen(fen)
    }) else {
        return;
    };
    let rules = BoardRules::new(v);
    // The last move read and the position it was read in.
    let mut last = None;
    for word in words.split_whitespace() {
        let Ok(m) = pos.parse_move(word) else {
            continue;
        };
        let next = pos.play(&m).unwrap_or_else(|e| {
            panic!(
                "{word:?} was read as {m:?}, which play refuses in {:?}: {e}",
                pos.to_fen()
            )
        });
        last = Some((pos, m));
        pos = next;
    }
    if let Some((before, m)) = last {
        check_board(&rules, &before, Moves::Only(m));
    }
    check_board(&rules, &pos, Moves::None);
}

/// `san`: [`read_moves`] with SAN (`Position::parse_san`).
pub fn san(data: &[u8]) {
    read_moves(data, |pos, word| pos.parse_san(word).ok());
}

/// `betza`: the input as text is parsed as a Betza string. A refusal must
/// point at a character of the text (a byte position on a character
/// boundary, or the end). An accepted string is compiled as a piece `X` on
/// an 8x8 board, and again as the royal piece (castling with Rooks when it
/// has an `O` term); each variant that builds must satisfy
/// [`check_position`] on its start position and count perft(2).
pub fn betza(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let parsed = match betza::notation::parse(text) {
        Ok(parsed) => parsed,
        Err(e) => {
            assert!(
                e.position <= text.len() && text.is_char_boundary(e.position),
                "Betza error position {} is not a character of {text:?}: {e}",
                e.position
            );
            let _ = e.to_string();
            return;
        }
    };
    let castles = parsed
        .terms
        .iter()
        .any(|t| matches!(t, betza::notation::Term::Castle { .. }));
    let size = betza::BoardSize::new(8, 8).expect("8x8");
    let initial = Region::ranks(size, 1, 4);
    let base = |pieces: Vec<PieceDef>, start: &str, rook: bool| VariantDef {
        name: "betza-fuzz".into(),
        files: 8,
        ranks: 8,
        pieces,
        start_fen: start.into(),
        promotion: PromotionDef::None,
        en_passant: false,
        castling: rook.then(|| CastlingDef {
            rook: "R".into(),
            kingside: None,
            queenside: None,
            any_start: false,
            king: None,
            partner_files: [None; 2],
            other_rooks: Vec::new(),
        }),
        facing_kings: false,
        stalemate: StalemateRule::Draw,
        ..VariantDef::default()
    };
    let as_piece = base(
        vec![
            PieceDef::new("King", "K", "K").royal(),
            PieceDef::new("X", "X", text).initial(initial),
        ],
        "4k3/8/2x5/8/3X4/8/1X6/4K3 w - - 0 1",
        false,
    );
    let as_royal = base(
        vec![
            PieceDef::new("King", "K", text).royal().initial(initial),
            PieceDef::new("Rook", "R", "R"),
        ],
        if castles {
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        } else {
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"
        },
        castles,
    );
    for def in [as_piece, as_royal] {
        if let Ok(v) = Variant::new(def) {
            let pos = Position::start(&v);
            check_position(&pos, Moves::All);
            let _ = pos.perft(2);
        }
    }
}

/// Reads the bytes of a structured input one at a time; zeros after the end.
struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// A length byte (modulo `max + 1`), then that many bytes as text.
    fn text(&mut self, max: usize) -> String {
        let n = (self.byte() as usize % (max + 1)).min(self.0.len());
        let (t, rest) = self.0.split_at(n);
        self.0 = rest;
        String::from_utf8_lossy(t).into_owned()
    }

    /// A square of a board of `squares` squares: one byte, or two (high
    /// byte first) past 256 squares, where one byte would reach only the
    /// first 256.
    fn square(&mut self, squares: usize) -> usize {
        let mut n = usize::from(self.byte());
        if squares > 256 {
            n = n << 8 | usize::from(self.byte());
        }
        n % squares
    }

    fn rest(&self) -> &'a [u8] {
        self.0
    }
}

/// The Betza strings a `variant` input picks from: every built-in piece, and
/// a few more shapes. Made once: it reads every built-in definition.
fn betza_list() -> &'static [String] {
    static LIST: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LIST.get_or_init(make_betza_list)
}

fn make_betza_list() -> Vec<String> {
    let mut list: Vec<String> = variants()
        .iter()
        .flat_map(|name| builtin_betza(name))
        .collect();
    for s in [
        "W", "F", "D", "A", "H", "C", "G", "Z", "WW", "FF", "(3,2)", "(0,1)", "mRcB", "fR", "bsK",
        "nN", "nA", "WafsW", "FaW", "mafW", "yafsF", "K3", "R2", "O1", "KO2", "iK",
    ] {
        list.push(s.to_string());
    }
    list.sort();
    list.dedup();
    // Locust (multi-capture) pieces, appended so that the committed seeds
    // keep their picks: a checker's jump, `mc` on the capturing leg, capture
    // and return, and a Lion.
    for s in ["cafmW", "mcafW", "cavW", "KNADcavsWcafsbsWcavsFcafsbsF"] {
        if !list.iter().any(|l| l == s) {
            list.push(s.to_string());
        }
    }
    list
}

fn builtin_betza(name: &str) -> Vec<String> {
    let v = Variant::by_name(name).expect("built in");
    v.definition()
        .pieces
        .iter()
        .map(|p| p.betza.clone())
        .collect()
}

/// A board's number of files or ranks from a byte: 1..=16 (the small and
/// large board types, `1 + byte % 16` as before the huge type) for the
/// bytes below 0xf6, 17..=26 (the huge board type) for the ten above.
fn board_side(byte: u8) -> u8 {
    if byte < 0xf6 {
        1 + byte % 16
    } else {
        17 + (byte - 0xf6)
    }
}

/// Most squares of a board `variant` makes past 16 files or ranks. A
/// variant's compile time grows with its squares (a 26x26 King, Queen and
/// Pawn takes several times a 16x16 one, and full 26x26 boards took
/// `variant` under its rate floor), so a huge board here is
/// long and narrow, 17x17 or 26x11: the huge board type's code all the
/// same (words past 256 squares, files to `z`, ranks to 26). Full 19x19 and
/// 26x26 boards come in by the `definition` and `move_text` seeds.
const MAX_HUGE_FUZZ_SQUARES: u16 = 289;

/// Files and ranks from two bytes ([`board_side`]), the narrower side of a
/// huge board cut to keep it within [`MAX_HUGE_FUZZ_SQUARES`].
fn board_size(files: u8, ranks: u8) -> (u8, u8) {
    let (files, ranks) = (board_side(files), board_side(ranks));
    if files.max(ranks) <= 16 {
        return (files, ranks);
    }
    let long = files.max(ranks);
    let short = files
        .min(ranks)
        .min((MAX_HUGE_FUZZ_SQUARES / u16::from(long)) as u8);
    if files >= ranks {
        (long, short)
    } else {
        (short, long)
    }
}

/// `variant`: the bytes build a [`VariantDef`]: board size (1..=26 files
/// and ranks, [`board_size`]), up to six piece
/// types (tokens, Betza strings from [`betza_list`] (a selector byte below
/// 0x80) or fuzzed text (0x80 and above), royal,
/// promoted, initial and confinement regions, promotion targets), the
/// promotion scheme and the other features, and a start position (the two
/// royal pieces and a few more, optionally in a castling layout). When
/// `Variant::new` accepts it, its start position must list its moves, count
/// perft(2) and satisfy [`check_position`], and a short game played by the
/// remaining bytes must satisfy [`play_game`]'s checks. A board past 128
/// squares is compiled for the board type it needs (`AnyVariant::new`:
/// `Large` up to 16x16, `Huge` up to 26x26) and played by [`play_board`].
/// A square is one byte, two past 256 squares.
pub fn variant(data: &[u8]) {
    let mut b = Bytes(data);
    let (files, ranks) = board_size(b.byte(), b.byte());
    let n = 1 + usize::from(b.byte() % 6);
    let list = betza_list();
    // The huge board type's size names every board of 1..=26 files and
    // ranks, with its squares where every board type has them.
    let size = betza::BoardSize::new_huge(files, ranks).expect("1..=26 files and ranks");
    let rank_region = |b: &mut Bytes<'_>| {
        let from = 1 + b.byte() % ranks;
        let to = from + b.byte() % ranks;
        Region::ranks(size, from, to)
    };

    let mut pieces = Vec::new();
    let mut promotion_targets = Vec::new();
    for i in 0..n {
        let t = b.byte();
        let token = match t {
            0xff => "x1".to_string(), // refused
            _ if t & 0x80 != 0 => format!("+{}", (b'A' + (t & 0x7f) % 26) as char),
            _ => ((b'A' + t % 26) as char).to_string(),
        };
        let pick = b.byte() as usize;
        let betza = if pick < 0x80 {
            list[pick % list.len()].clone()
        } else {
            b.text(24)
        };
        let flags = b.byte();
        let mut p = PieceDef::new(&format!("P{i}"), &token, &betza);
        p.royal = (i == 0) != (flags & 1 != 0);
        p.promoted = flags & 2 != 0;
        if flags & 4 != 0 {
            p.initial = Some(rank_region(&mut b));
        }
        if flags & 8 != 0 {
            p.confinement = Some(rank_region(&mut b));
        }
        if flags & 16 != 0 {
            promotion_targets.push((i, b.byte() as usize % n));
        }
        pieces.push(p);
    }
    let token_of = |pieces: &[PieceDef], x: u8| pieces[x as usize % pieces.len()].token.clone();
    for (i, j) in promotion_targets {
        let t = pieces[j].token.clone();
        pieces[i].promotions.push(t);
    }

    let features = b.byte();
    let promotion = match features % 3 {
        0 => PromotionDef::None,
        1 => PromotionDef::OnCapture {
            captured_becomes: (features & 4 != 0).then(|| token_of(&pieces, b.byte())),
        },
        _ => {
            let zone = rank_region(&mut b);
            PromotionDef::Zone {
                zone,
                forced: if features & 4 != 0 {
                    zone
                } else {
                    Region::default()
                },
                limits: Default::default(),
                from_zone: false,
                from_zone_captures: false,
                captures_only: false,
            }
        }
    };
    if features & 8 != 0 {
        let i = b.byte() as usize % pieces.len();
        pieces[i].pawn = true;
    }
    let castling_layout = features & 16 != 0;
    let castling_rook = castling_layout.then(|| token_of(&pieces, b.byte()));
    let more = b.byte();
    let royal = pieces.iter().position(|p| p.royal).unwrap_or(0);
    if castling_layout && !pieces[royal].betza.contains('O') {
        pieces[royal].betza.push_str(&format!("O{}", 2 + more % 3));
    }

    // The start position.
    let (w, h) = (usize::from(files), usize::from(ranks));
    let mut board: Vec<Option<(usize, Color)>> = vec![None; w * h];
    let mut castling = "-";
    if castling_layout && w >= 1 && h >= 1 {
        let rook = castling_rook
            .as_deref()
            .and_then(|t| pieces.iter().position(|p| p.token == t))
            .unwrap_or(0);
        for (rank, color) in [(0, Color::White), (h - 1, Color::Black)] {
            board[rank * w] = Some((rook, color));
            board[rank * w + w - 1] = Some((rook, color));
            board[rank * w + w / 2] = Some((royal, color));
        }
        castling = "KQkq";
    } else {
        let sq = b.square(board.len());
        board[sq] = Some((royal, Color::White));
        let sq = b.square(board.len());
        board[sq] = Some((royal, Color::Black));
    }
    for _ in 0..b.byte() % 8 {
        let sq = b.square(board.len());
        let what = b.byte();
        let color = if what & 0x80 != 0 {
            Color::Black
        } else {
            Color::White
        };
        if board[sq].is_none() {
            board[sq] = Some((usize::from(what & 0x7f) % n, color));
        }
    }
    let mut placement = String::new();
    for rank in (0..h).rev() {
        let mut empty = 0;
        for file in 0..w {
            match board[rank * w + file] {
                None => empty += 1,
                Some((role, color)) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let t = &pieces[role].token;
                    placement.push_str(&match color {
                        Color::White => t.clone(),
                        Color::Black => t.to_ascii_lowercase(),
                    });
                }
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let side = if more & 8 != 0 { "b" } else { "w" };

    let def = VariantDef {
        name: "fuzz".into(),
        files,
        ranks,
        pieces,
        start_fen: format!("{placement} {side} {castling} - 0 1"),
        promotion,
        en_passant: more & 32 != 0,
        castling: castling_rook.map(|rook| CastlingDef {
            rook,
            kingside: None,
            queenside: None,
            any_start: false,
            king: None,
            partner_files: [None; 2],
            other_rooks: Vec::new(),
        }),
        facing_kings: more & 64 != 0,
        stalemate: if more & 128 != 0 {
            StalemateRule::Loss
        } else {
            StalemateRule::Draw
        },
        ..VariantDef::default()
    };
    // Past 128 squares only a larger board type compiles it: `Large` up to
    // 16x16, `Huge` past it (`AnyVariant::new` picks the type).
    if usize::from(files) * usize::from(ranks) > 128 {
        match AnyVariant::new(def) {
            Ok(v) => with_board!(&v, |v| play_board(
                v,
                b.rest().iter().copied(),
                MAX_LARGE_PLIES
            )),
            Err(e) => assert!(!e.to_string().is_empty(), "an error without a message"),
        }
        return;
    }
    let Ok(v) = Variant::new(def) else { return };
    let pos = Position::start(&v);
    let _ = pos.legal_moves();
    let _ = pos.perft(2);
    play_game(v, b.rest(), MAX_VARIANT_PLIES, false);
}

/// `play`: the input picks a built-in variant, then each later byte a legal
/// move (see [`play_game`]): at each checked step (one in [`CHECK_EVERY`]
/// and the last) the legal list as a whole, the FEN and the move played are
/// checked by [`check_position`], and the final position for every legal
/// move. The variant is named by the input's first
/// line (`grand\n` then the move bytes: seeds stay with their variant when
/// built-ins are added) or, when the input does not start with a built-in's
/// name and a newline, picked by the first byte (its value modulo the number
/// of built-ins).
pub fn play(data: &[u8]) {
    let (variant, moves) = match named_line(data) {
        Some(picked) => picked,
        None => {
            let Some((&first, moves)) = data.split_first() else {
                return;
            };
            (builtin(first), moves)
        }
    };
    play_game(variant, moves, MAX_PLAY_PLIES, false);
}

/// The built-in variant `data`'s first line names, and the bytes after it.
fn named_line(data: &[u8]) -> Option<(&'static Variant, &[u8])> {
    // A name is short: no need to look far for the newline.
    let end = data.iter().take(32).position(|&b| b == b'\n')?;
    let name = std::str::from_utf8(&data[..end]).ok()?;
    let v = Variant::by_name(name.trim()).ok()?;
    Some((v, &data[end + 1..]))
}

/// `definition`: arbitrary text read as a variant definition file. Reading
/// never panics and every refusal has a message; an accepted definition
/// writes back to text that reads to the same definition, and its start
/// position and a short game played by the input's bytes pass
/// [`check_position`] (legal moves against the king-capture reference) and
/// [`play_game`]'s checks. The text is compiled for the large board type
/// (`LargeVariant`) too: a definition the small type accepts gives the same
/// start position and legal moves there. One it refuses (a board past 128
/// squares, more than 20 piece types) goes to [`larger_definition`]: when
/// the large type accepts it, it plays a few moves picked by the input's
/// last bytes through `Position<'_, Large>` ([`play_board`]) and the huge
/// type gives the same start; when only the huge type accepts it (a board
/// past 16 files or ranks, up to 26x26), it plays them through
/// `Position<'_, Huge>`.
pub fn definition(data: &[u8]) {
    let Some(text) = text(data) else { return };
    // The large board type's moves are picked from the input's end.
    let from_end = data.iter().rev().copied();
    let v = match Variant::from_definition(text) {
        Ok(v) => v,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an error without a message");
            larger_definition(text, from_end);
            return;
        }
    };
    let small = StartOf::of(v.name(), &Position::start(&v), "small");
    board_definition(
        LargeVariant::from_definition(text),
        "large",
        Some(&small),
        from_end,
    );
    let def = v.definition().clone();
    let written = def.to_string();
    assert_eq!(
        written.parse::<VariantDef>().as_ref(),
        Ok(&def),
        "the written definition reads back differently:\n{written}"
    );
    let pos = Position::start(&v);
    check_position(&pos, Moves::All);
    let _ = pos.perft(2);
    play_game(v, data, MAX_VARIANT_PLIES, false);
}

/// The longest message a refused PGN text may give: its quotations of the
/// caller's text are short (issue 40).
const MAX_PGN_MESSAGE: usize = 400;

/// `pgn`: the input as PGN text, read by every reader: one game
/// (`Game::from_pgn`), the games of a text (`PgnGames`), of a stream
/// (`PgnReader`, line by line) and XBoard's reading. The text and stream
/// readers agree game by game (the same moves, comments, NAGs and tags, or
/// both refuse); a text of one game reads as its first game; every message
/// is short; and every game read is written and read back the same, within
/// the bounds on NAGs and comments.
pub fn pgn(data: &[u8]) {
    use betza::pgn::{MAX_COMMENT_BYTES, MAX_NAGS, PgnGames, PgnReader, XboardPgn};
    let Some(text) = text(data) else { return };
    let short = |e: &betza::PgnError| {
        let m = e.to_string();
        assert!(!m.is_empty(), "an error without a message");
        assert!(m.len() <= MAX_PGN_MESSAGE, "a message of {} bytes", m.len());
    };
    let same = |a: &Game, b: &Game, what: &str| {
        assert!(a.moves().eq(b.moves()), "{what}: moves");
        assert_eq!(
            a.tags().collect::<Vec<_>>(),
            b.tags().collect::<Vec<_>>(),
            "{what}: tags"
        );
        for ply in 0..=a.ply_count() {
            assert_eq!(a.comment(ply), b.comment(ply), "{what}: comment {ply}");
            assert_eq!(a.nags(ply), b.nags(ply), "{what}: NAGs {ply}");
        }
    };
    let games: Vec<_> = PgnGames::new(text).take(8).collect();
    let streamed: Vec<_> = PgnReader::new(text.as_bytes()).take(8).collect();
    assert_eq!(
        games.len(),
        streamed.len(),
        "games of the text and of the stream"
    );
    for (i, (a, b)) in games.iter().zip(&streamed).enumerate() {
        match (a, b) {
            (Ok(a), Ok(b)) => same(a, b, &format!("game {i}: text and stream")),
            (Err(a), Err(b)) => {
                short(a);
                short(b);
            }
            _ => panic!("game {i}: the text's reading {a:?}, the stream's {b:?}"),
        }
    }
    match Game::from_pgn(text) {
        Ok(game) => {
            let first = games.first().and_then(|g| g.as_ref().ok());
            same(
                &game,
                first.expect("the text's first game"),
                "from_pgn and PgnGames",
            );
        }
        Err(e) => short(&e),
    }
    if let Err(e) = XboardPgn::new().read(text) {
        short(&e);
    }
    for game in games.iter().flatten() {
        for ply in 0..=game.ply_count() {
            assert!(game.nags(ply).len() <= MAX_NAGS, "NAGs past the bound");
            assert!(game.comment(ply).map_or(0, str::len) <= MAX_COMMENT_BYTES);
        }
        let written = game.to_pgn();
        let back = Game::from_pgn_in(game.variant_ref().clone(), &written)
            .unwrap_or_else(|e| panic!("own PGN refused: {e}\n{written}"));
        same(game, &back, "written and read back");
    }
}

/// Most moves a `stateless` input plays.
const MAX_STATELESS_MOVES: usize = 48;

/// `stateless`: the calls behind the Python package's pyffish-like
/// stateless functions (`python/src/stateless.rs`), which take a variant,
/// a start (`startpos`, a FEN or, for variants with drops, an SFEN) and
/// moves. The input's first line names a built-in variant (else the first
/// built-in), its second line is the start, and the rest are words, each
/// read as move text, else USI, else SAN. A start that is refused is done
/// with. Each word read as a move must name a legal move that passes
/// [`check_position`]'s checks for that move; its USI reads back to it
/// (where USI tells it from the other legal moves), the
/// game (`Game::from_fen` / `Game::from_position`) plays its move text, and
/// what the stateless calls answer of the new position agrees with the
/// position: `gives_check` is `is_check`, the game is over exactly when its
/// status says so, and, with drops, the SFEN (`get_fen(sfen=True)`) writes,
/// reads and writes the same. A refused word is refused by the game too.
pub fn stateless(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let mut lines = text.splitn(3, '\n');
    let name = lines.next().unwrap_or("").trim();
    let start = lines.next().unwrap_or("").trim();
    let words = lines.next().unwrap_or("");
    let v = Variant::by_name(name).unwrap_or_else(|_| builtin(0));
    let drops = v.has_drops();
    let mut game = if start.is_empty() || start == "startpos" {
        Game::new(v)
    } else {
        match Game::from_fen(v, start) {
            Ok(game) => game,
            Err(_) if drops => match Position::from_sfen(v, start) {
                Ok(pos) => Game::from_position(pos),
                Err(_) => return,
            },
            Err(_) => return,
        }
    };
    for word in words.split_whitespace().take(MAX_STATELESS_MOVES) {
        // Over by the rules (a repetition, a dead position): no more moves.
        if game.status().is_over() {
            break;
        }
        let pos = game.position().rebind(v).expect("the game's variant");
        let read = pos
            .parse_move(word)
            .or_else(|_| pos.parse_usi(word))
            .ok()
            .or_else(|| pos.parse_san(word).ok());
        let Some(m) = read else {
            // Not a move here in any notation: the game refuses it as text.
            assert!(
                game.play_text(word).is_err(),
                "{}: Game::play_text accepts {word:?}, which parse_move refuses",
                v.name()
            );
            continue;
        };
        let legal = pos.legal_moves();
        let Checked { next, text, .. } =
            check_listed(&pos, &legal, Moves::Only(m)).expect("the move checked");
        // USI names a move by its squares, `+` and, for a drop, the token: a
        // move it can tell apart from the others reads back to itself (a
        // chess promotion's four choices, or a locust's squares on the way,
        // it cannot: USI is the shogi family's notation).
        let same_usi = |o: &Move| {
            if m.is_drop() {
                o.is_drop() && o.role() == m.role() && o.to() == m.to()
            } else {
                !o.is_drop()
                    && o.from() == m.from()
                    && o.to() == m.to()
                    && o.promotion().is_some() == m.promotion().is_some()
            }
        };
        if legal.iter().filter(|o| same_usi(o)).count() == 1 {
            let usi = pos.usi(&m);
            assert_eq!(
                pos.parse_usi(&usi).ok(),
                Some(m),
                "{}: USI {usi:?} does not read back to {text} in {:?}",
                v.name(),
                pos.to_fen()
            );
        }
        let played = game
            .play_text(&text)
            .unwrap_or_else(|e| panic!("{}: Game::play_text {text}: {e}", v.name()));
        assert_eq!(played, m, "{}: Game::play_text {text}", v.name());
        assert_eq!(
            *game.position(),
            next,
            "{}: the game after {text}",
            v.name()
        );
        assert_eq!(
            game.position().is_check(),
            pos.gives_check(&m),
            "{}: gives_check of {text}",
            v.name()
        );
        assert_eq!(
            m.is_capture(),
            pos.is_capture(&m),
            "{}: is_capture of {text}",
            v.name()
        );
    }
    let status = game.status();
    assert_eq!(
        status.is_over(),
        game.outcome().is_some(),
        "{}: status and outcome",
        v.name()
    );
    if drops {
        let pos = game.position();
        let sfen = pos.to_sfen();
        match Position::from_sfen(v, &sfen) {
            Ok(back) => assert_eq!(
                back.to_sfen(),
                sfen,
                "{}: SFEN write, read, write",
                v.name()
            ),
            Err(e) => panic!("{}: own SFEN {sfen:?} refused: {e}", v.name()),
        }
    }
}

// ---------------------------------------------------------------------------
// Large and huge boards (`BoardVariant<B>`, `Position<'_, B>`: `Large` up
// to 16x16, `Huge` up to 26x26), written once over the board type.

/// Chu Shogi's definition file (12x12, Lions with two-step moves, igui and
/// pass): not a built-in variant, so read here as text, through this one
/// constant (the file may move). `move_text` inputs whose first line starts
/// with `chushogi` play on it ([`BOARD_DEFINITIONS`]).
pub const CHUSHOGI_DEFINITION: &str = include_str!("../../variants/chushogi.toml");

/// A 19x19 variant of the `Huge` board type with 40 piece types (riders,
/// long leapers, hoppers, locusts, a Lion, palaces, castling over seven
/// squares, en passant, a promotion zone), through this one constant.
pub const HUGE_19X19_DEFINITION: &str = include_str!("../../tests/data/variants/huge-19x19.toml");

/// The same kinds of pieces on 26x26, the largest board of the `Huge` type.
pub const HUGE_26X26_DEFINITION: &str = include_str!("../../tests/data/variants/huge-26x26.toml");

/// The variants past the small board type that a `move_text` input may name
/// on its first line, by name and definition text. Each is compiled for the
/// board type it needs (`AnyVariant::from_definition`: `Large` up to 16x16,
/// `Huge` past it).
pub const BOARD_DEFINITIONS: &[(&str, &str)] = &[
    ("chushogi", CHUSHOGI_DEFINITION),
    ("huge-19x19", HUGE_19X19_DEFINITION),
    ("huge-26x26", HUGE_26X26_DEFINITION),
];

/// The variant of [`BOARD_DEFINITIONS`] named `name`, compiled once.
fn board_by_name(name: &str) -> Option<&'static AnyVariant> {
    static COMPILED: std::sync::OnceLock<Vec<AnyVariant>> = std::sync::OnceLock::new();
    let compiled = COMPILED.get_or_init(|| {
        BOARD_DEFINITIONS
            .iter()
            .map(|(name, text)| {
                AnyVariant::from_definition(text)
                    .unwrap_or_else(|e| panic!("{name}'s definition refused: {e}"))
            })
            .collect()
    });
    let i = BOARD_DEFINITIONS.iter().position(|(n, _)| *n == name)?;
    Some(&compiled[i])
}

/// Most plies a large or huge variant compiled by `definition` or `variant`
/// plays: a few random legal moves (a 16x16 board's move generation costs
/// four times an 8x8 one's, a 26x26 one's more again).
const MAX_LARGE_PLIES: usize = 6;

/// A board type whose variants without promotion limits are kept in a cache
/// of its own ([`board_without_limits`]).
trait Cached: Board {
    /// The cache of this board type's variants without limits.
    fn cache() -> &'static std::thread::LocalKey<Built<BoardVariant<Self>>>;
}

impl Cached for Small {
    fn cache() -> &'static std::thread::LocalKey<Built<BoardVariant<Self>>> {
        thread_local! {
            static CACHE: Built<BoardVariant<Small>> = const { RefCell::new(Vec::new()) };
        }
        &CACHE
    }
}

impl Cached for Large {
    fn cache() -> &'static std::thread::LocalKey<Built<BoardVariant<Self>>> {
        thread_local! {
            static CACHE: Built<BoardVariant<Large>> = const { RefCell::new(Vec::new()) };
        }
        &CACHE
    }
}

impl Cached for Huge {
    fn cache() -> &'static std::thread::LocalKey<Built<BoardVariant<Self>>> {
        thread_local! {
            static CACHE: Built<BoardVariant<Huge>> = const { RefCell::new(Vec::new()) };
        }
        &CACHE
    }
}

/// [`without_limits`] for the board type `B`: the most recent few kept.
fn board_without_limits<B: Cached>(def: &VariantDef) -> Rc<BoardVariant<B>> {
    cached_without_limits(B::cache(), 4, def, BoardVariant::<B>::new_for)
}

/// What the king-capture reference needs of a variant of the board type `B`
/// (a [`Position<'_, B>`] past the small type has no `variant()`), read
/// from its definition.
struct BoardRules<'a, B: Board> {
    v: &'a BoardVariant<B>,
    /// The first royal type (the only one but under royal capture).
    royal: Role,
    facing_kings: bool,
    royal_capture: bool,
    /// The same variant without promotion limits, where it has limits.
    unlimited: Option<Rc<BoardVariant<B>>>,
}

impl<'a, B: Cached> BoardRules<'a, B> {
    fn new(v: &'a BoardVariant<B>) -> BoardRules<'a, B> {
        let def = v.definition();
        let royal = def.pieces.iter().position(|p| p.royal).unwrap_or(0);
        BoardRules {
            v,
            royal: Role(royal as u8),
            facing_kings: def.facing_kings,
            royal_capture: def.game_end.royal_capture,
            unlimited:
                matches!(&def.promotion, PromotionDef::Zone { limits, .. } if !limits.is_empty())
                    .then(|| board_without_limits(def)),
        }
    }
}

/// [`check_listed`] on a large or huge board, with what `Position<'_, B>`
/// offers for every board type: the FEN reads back to the same FEN and
/// legal moves; an outcome exactly when there is no legal move
/// (but a dead position); no two legal moves share a move text; the legal
/// moves are pseudo-legal, and a pseudo-legal move is left out exactly when
/// it leaves a royal piece capturable (under royal capture: never, but when
/// the game is over). Each legal move `moves` picks ([`Moves::All`]: every
/// one) is judged by the reference too and then [`check_board_move`]d.
fn check_board<B: Board>(rules: &BoardRules<'_, B>, pos: &Position<'_, B>, moves: Moves) {
    let v = rules.v;
    let name = v.name();
    let legal = pos.legal_moves();
    let fen = pos.to_fen();
    let back = v
        .from_fen(&fen)
        .unwrap_or_else(|e| panic!("{name}: own FEN {fen:?} refused: {e}"));
    assert_eq!(back.to_fen(), fen, "{name}: FEN write, read, write");
    assert_eq!(
        back.legal_moves().as_slice(),
        legal.as_slice(),
        "{name}: legal moves after FEN round trip of {fen:?}"
    );
    let outcome = pos.outcome();
    let ended = outcome.is_some_and(|o| o.reason != EndReason::InsufficientMaterial);
    assert_eq!(
        ended,
        legal.is_empty(),
        "{name}: outcome {outcome:?} with {} legal moves in {fen:?}",
        legal.len()
    );
    let mut seen: Set<u64> = Set::with_capacity_and_hasher(legal.len(), Default::default());
    for a in &legal {
        let text = pos.move_text(a);
        if !seen.insert(text_key(&text))
            && let Some(b) = legal.iter().find(|b| *b != a && pos.move_text(b) == text)
        {
            panic!(
                "{name}: two legal moves share the move text {text}, in {fen:?}: {b:?} and {a:?}"
            );
        }
    }
    let pseudo = pos.pseudo_legal_moves();
    let pseudo_set: Set<Move> = pseudo.iter().copied().collect();
    let legal_set: Set<Move> = legal.iter().copied().collect();
    for m in &legal {
        assert!(
            pseudo_set.contains(m),
            "{name}: legal {} ({m:?}) is not pseudo-legal in {fen:?}",
            pos.move_text(m)
        );
    }
    let over = outcome.is_some_and(|o| ends_at_once(o.reason));
    let twin = rules.unlimited.as_ref().map(|u| {
        u.from_fen(&fen)
            .unwrap_or_else(|e| panic!("{name}: {fen:?} refused without promotion limits: {e}"))
    });
    let def = v.definition();
    for m in pseudo.iter() {
        let listed = legal_set.contains(m);
        let judged = match moves {
            Moves::All => true,
            Moves::Only(only) => !listed || *m == only,
            Moves::None => !listed,
        };
        if !judged {
            continue;
        }
        let mates = m.is_drop() && def.pieces[m.role().index()].drop_mate_illegal && {
            let next = pos.play_unchecked(m);
            next.is_check() && next.legal_moves().is_empty()
        };
        let safe = !over
            && !mates
            && (if rules.royal_capture {
                lion_ok(def, pos, m)
            } else {
                match &twin {
                    Some(twin) => {
                        !capturable_in(&twin.play_unchecked(m), rules.royal, rules.facing_kings)
                    }
                    None => !capturable_in(&pos.play_unchecked(m), rules.royal, rules.facing_kings),
                }
            });
        if listed != safe {
            panic!(
                "{name}: pseudo-legal {} ({m:?}) is {} but {} the King capturable, in {fen:?}",
                pos.move_text(m),
                if listed { "listed" } else { "not listed" },
                if safe { "does not leave" } else { "leaves" },
            );
        }
    }
    match moves {
        Moves::All => {
            for m in &legal {
                check_board_move(name, pos, m, &fen);
            }
        }
        Moves::Only(m) => {
            assert!(
                legal_set.contains(&m),
                "{name}: {m:?} is not a legal move of {fen:?}"
            );
            check_board_move(name, pos, &m, &fen);
        }
        Moves::None => {}
    }
}

/// [`check_move`] on a large or huge board: `is_legal` and `play` accept
/// the move, `play` is `play_unchecked`, its move text reads back to it,
/// `moves_between` and `legal_targets` list it, and making it in place and
/// taking it back (`play_in_place`, `undo_move`) gives the next position and
/// then the position itself again.
fn check_board_move<B: Board>(name: &str, pos: &Position<'_, B>, m: &Move, fen: &str) {
    let text = pos.move_text(m);
    assert!(
        pos.is_legal(m),
        "{name}: listed {text} is not is_legal in {fen:?}"
    );
    let next = pos
        .play(m)
        .unwrap_or_else(|e| panic!("{name}: listed {text} refused by play in {fen:?}: {e}"));
    assert!(
        next == pos.play_unchecked(m),
        "{name}: play and play_unchecked differ on {text} in {fen:?}"
    );
    match pos.parse_move(&text) {
        Ok(back) => assert_eq!(
            back, *m,
            "{name}: move text {text:?} reads back as another move in {fen:?}"
        ),
        Err(e) => panic!("{name}: own move text {text:?} refused in {fen:?}: {e}"),
    }
    assert!(
        m.is_drop() || pos.moves_between(m.from(), m.to()).contains(m),
        "{name}: moves_between misses {text} in {fen:?}"
    );
    assert!(
        m.is_drop() || pos.legal_targets(m.from()).contains(m.to()),
        "{name}: legal_targets misses {text} in {fen:?}"
    );
    let mut made = *pos;
    let undo = made
        .play_in_place(m)
        .unwrap_or_else(|e| panic!("{name}: play_in_place {text} in {fen:?}: {e}"));
    assert!(
        made == next,
        "{name}: play_in_place {text} differs from play, from {fen:?}"
    );
    made.undo_move(&undo)
        .unwrap_or_else(|e| panic!("{name}: undo_move of {text} in {fen:?}: {e}"));
    assert!(
        made == *pos && made.to_fen() == fen,
        "{name}: undo_move of {text} does not restore {fen:?}"
    );
}

/// Plays up to `max_plies` legal moves on a large or huge variant from its
/// start, each picked by a byte of `bytes`: each ply gets [`check_board`]
/// for the move played, the final position for every move (as
/// [`play_game`]'s final position; a 16x16 board's checks cost several
/// times an 8x8 one's).
fn play_board<B: Cached>(v: &BoardVariant<B>, bytes: impl Iterator<Item = u8>, max_plies: usize) {
    let rules = BoardRules::new(v);
    let mut pos = v.start();
    for b in bytes.take(max_plies) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[b as usize % legal.len()];
        check_board(&rules, &pos, Moves::Only(m));
        pos = pos.play(&m).expect("legal");
    }
    check_board(&rules, &pos, Moves::All);
}

/// What a compiled variant is at its start, for comparing board types: the
/// start position's FEN and its legal moves' texts, sorted.
struct StartOf {
    name: String,
    board: &'static str,
    fen: String,
    moves: Vec<String>,
}

impl StartOf {
    fn new<B: Board>(v: &BoardVariant<B>, board: &'static str) -> StartOf {
        StartOf::of(v.name(), &v.start(), board)
    }

    /// The start position `pos` of the variant `name`.
    fn of<B: Board>(name: &str, pos: &Position<'_, B>, board: &'static str) -> StartOf {
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
        moves.sort();
        StartOf {
            name: name.to_string(),
            board,
            fen: pos.to_fen(),
            moves,
        }
    }
}

/// The path of `definition` and `variant` on a board type past the small
/// one: a definition a smaller board type compiled (`smaller`) compiles for
/// this one too, to the same start position and moves; one no smaller type
/// compiled is compiled for this type, whose refusal must say what is
/// wrong, and played by [`play_board`]. Returns the variant when it was
/// compiled and played.
fn board_definition<B: Cached>(
    compiled: Result<BoardVariant<B>, betza::VariantError>,
    board: &'static str,
    smaller: Option<&StartOf>,
    bytes: impl Iterator<Item = u8>,
) -> Option<BoardVariant<B>> {
    let v = match (compiled, smaller) {
        (Ok(v), None) => v,
        (Ok(v), Some(smaller)) => {
            let this = StartOf::new(&v, board);
            assert_eq!(
                this.fen, smaller.fen,
                "{}: the {board} board type's start position differs from the {} one's",
                smaller.name, smaller.board
            );
            assert_eq!(
                this.moves, smaller.moves,
                "{}: the {board} board type's legal moves at the start differ from the {} one's",
                smaller.name, smaller.board
            );
            return None;
        }
        (Err(e), Some(smaller)) => panic!(
            "{}: compiled for the {} board type, refused for the {board} one: {e}",
            smaller.name, smaller.board
        ),
        (Err(e), None) => {
            assert!(!e.to_string().is_empty(), "an error without a message");
            return None;
        }
    };
    play_board(&v, bytes, MAX_LARGE_PLIES);
    Some(v)
}

/// The definition text's path past the small board type, when the small
/// type refused it: compiled for `Large`, and played there when it
/// compiles ([`board_definition`]); then for `Huge`, which must give the
/// same start when `Large` compiled it, and which is played when it is the
/// only one to compile it: a board past 16 files or ranks (the only reason
/// `Large` may refuse what `Huge` accepts).
fn larger_definition(text: &str, bytes: impl Iterator<Item = u8> + Clone) {
    let large = board_definition(
        LargeVariant::from_definition(text),
        "large",
        None,
        bytes.clone(),
    );
    let smaller = large.as_ref().map(|v| StartOf::new(v, "large"));
    let huge = board_definition(
        HugeVariant::from_definition_for(text),
        "huge",
        smaller.as_ref(),
        bytes,
    );
    if let Some(v) = huge {
        let def = v.definition();
        assert!(
            def.files > 16 || def.ranks > 16,
            "{}: {}x{} refused by the large board type, compiled by the huge one",
            v.name(),
            def.files,
            def.ranks
        );
    }
}

/// Most sections of one input `fsf_ini` builds and plays: each costs a
/// compilation and a perft.
const MAX_FSF_SECTIONS: usize = 6;

/// Fairy-Stockfish's configuration format (`VariantDef::from_fsf_ini_each`,
/// issue 36): any text is read or refused with a message, never a panic;
/// the whole-text reader (`from_fsf_ini`) reads exactly the texts whose
/// every section is read, to the same definitions; a section refused names
/// its reason; a definition read writes TOML that reads back to itself, and
/// builds a variant (or is refused with a message) whose start position
/// keeps the invariants and plays perft(2).
pub fn fsf_ini(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let all = VariantDef::from_fsf_ini(text);
    let each = match VariantDef::from_fsf_ini_each(text) {
        Ok(each) => each,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "an error without a message");
            assert!(
                all.is_err(),
                "the text is refused section by section but read whole"
            );
            return;
        }
    };
    let read: Vec<&VariantDef> = each.iter().filter_map(|(_, d)| d.as_ref().ok()).collect();
    match &all {
        Ok(defs) if read.len() == each.len() => {
            assert_eq!(
                defs.iter().collect::<Vec<_>>(),
                read,
                "the two readers disagree"
            );
        }
        Ok(_) => panic!("the text is read whole but a section is refused"),
        Err(e) => assert!(!e.to_string().is_empty(), "an error without a message"),
    }
    for (name, def) in each.iter().take(MAX_FSF_SECTIONS) {
        let def = match def {
            Ok(def) => def,
            Err(e) => {
                assert!(
                    !e.to_string().is_empty(),
                    "section {name}: an error without a message"
                );
                continue;
            }
        };
        let written = def.to_string();
        assert_eq!(
            written.parse::<VariantDef>().as_ref(),
            Ok(def),
            "section {name}: the written definition reads back differently:\n{written}"
        );
        match AnyVariant::new(def.clone()) {
            Ok(v) => with_board!(&v, |b| {
                let pos = b.start();
                let _ = pos.perft(2);
            }),
            Err(e) => assert!(
                !e.to_string().is_empty(),
                "section {name}: an error without a message"
            ),
        }
    }
}
