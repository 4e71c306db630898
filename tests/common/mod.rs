//! Helpers shared by the rule and FEN tests.
//!
//! Every position a test builds goes through [`pos`], which also asserts the
//! FEN round trip `to_fen(from_fen(x)) == x`: each test position is a canonical
//! FEN, so each one doubles as a round-trip test.
#![allow(dead_code)]

use std::collections::BTreeSet;

pub mod lion;
pub mod rules;

use betza::{Board, Color, Game, Move, MoveList, Position, Role, Square, Variant, VariantDef};

/// A built-in variant by name.
pub fn variant(name: &str) -> &'static Variant {
    Variant::by_name(name).unwrap_or_else(|_| panic!("no built-in variant {name:?}"))
}

/// The role with FEN token `token` (uppercase, `+` included).
pub fn role(name: &str, token: &str) -> Role {
    variant(name)
        .role_by_token(token)
        .unwrap_or_else(|| panic!("{name} has no piece {token:?}"))
}

/// Builds the placement field from a list such as `"Kf1 ke10 +Fa5 +fa8"`
/// (token, then square; uppercase White, lowercase Black).
pub fn placement(name: &str, pieces: &str) -> String {
    let v = variant(name);
    let size = v.size();
    let (w, h) = (size.files() as usize, size.ranks() as usize);
    let mut board: Vec<Vec<Option<String>>> = vec![vec![None; w]; h];
    for item in pieces.split_whitespace() {
        let letter_at = usize::from(item.starts_with('+'));
        let token = &item[..letter_at + 1];
        let square = &item[letter_at + 1..];
        let sq = size
            .parse_square(square)
            .unwrap_or_else(|| panic!("bad square in {item:?}"));
        let (f, r) = (size.file(sq) as usize, size.rank(sq) as usize);
        assert!(board[r][f].is_none(), "{square} used twice in {pieces:?}");
        board[r][f] = Some(token.to_string());
    }
    let mut out = String::new();
    for r in (0..h).rev() {
        let mut empty = 0;
        for cell in &board[r] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(t);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

/// Reads a canonical FEN and asserts that writing it back gives the same text.
#[track_caller]
pub fn pos(name: &str, fen: &str) -> Position<'static> {
    let p = Position::from_fen(variant(name), fen)
        .unwrap_or_else(|e| panic!("{name}: FEN {fen:?} refused: {e}"));
    assert_eq!(p.to_fen(), fen, "{name}: FEN round trip");
    p
}

/// A position from a piece list (see [`placement`]) and the other fields
/// (`"w - - 0 1"`).
#[track_caller]
pub fn setup(name: &str, pieces: &str, rest: &str) -> Position<'static> {
    pos(name, &format!("{} {rest}", placement(name, pieces)))
}

/// A square of the position's board.
pub fn sq(p: &Position<'_>, name: &str) -> Square {
    p.size()
        .parse_square(name)
        .unwrap_or_else(|| panic!("no square {name:?}"))
}

/// The square's name.
pub fn name(p: &Position<'_>, s: Square) -> String {
    p.size().square_name(s)
}

/// Every legal move as text, sorted (duplicates kept).
pub fn texts(p: &Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The legal moves of the piece on `from` as text, sorted (duplicates kept).
pub fn texts_from(p: &Position<'_>, from: &str) -> Vec<String> {
    let f = sq(p, from);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == f)
        .map(|m| p.move_text(m))
        .collect();
    v.sort();
    v
}

/// The legal moves from `from` to `to`.
pub fn between(p: &Position<'_>, from: &str, to: &str) -> MoveList<8> {
    p.moves_between(sq(p, from), sq(p, to))
}

/// The legal target squares of the piece on `from`, by name.
pub fn targets(p: &Position<'_>, from: &str) -> BTreeSet<String> {
    p.legal_targets(sq(p, from))
        .squares()
        .map(|s| name(p, s))
        .collect()
}

/// A set of square names or move texts from a space-separated list.
pub fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(str::to_string).collect()
}

/// A sorted list of move texts from a space-separated list.
pub fn list(items: &str) -> Vec<String> {
    let mut v: Vec<String> = items.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Parses a move text (which must be legal) and returns it.
#[track_caller]
pub fn mv(p: &Position<'_>, text: &str) -> Move {
    p.parse_move(text)
        .unwrap_or_else(|e| panic!("{} : {text} refused: {e}", p.to_fen()))
}

/// Plays a move given as text.
#[track_caller]
pub fn play<'v>(p: &Position<'v>, text: &str) -> Position<'v> {
    let m = mv(p, text);
    let next = p
        .play(&m)
        .unwrap_or_else(|e| panic!("{} : {text} not playable: {e}", p.to_fen()));
    // Every position reached is canonical too.
    assert_eq!(
        Position::from_fen(next.variant(), &next.to_fen())
            .expect("written FEN reads back")
            .to_fen(),
        next.to_fen()
    );
    next
}

/// The token of the piece on `square` as FEN writes it (`None` if empty).
pub fn token_at(p: &Position<'_>, square: &str) -> Option<String> {
    p.piece_at(sq(p, square))
        .map(|pc| p.variant().piece(pc.role).token.fen(pc.color))
}

/// Squares reached on an empty board from `(file, rank)` (0-based) by the given
/// vectors, each with its range (`0` = unlimited, `1` = a single leap).
pub fn geometry(name: &str, from: (i32, i32), vectors: &[((i32, i32), usize)]) -> BTreeSet<String> {
    let size = variant(name).size();
    let mut out = BTreeSet::new();
    for &((dx, dy), range) in vectors {
        let mut n = 1;
        while let Some(s) = size.square(from.0 + dx * n as i32, from.1 + dy * n as i32) {
            out.insert(size.square_name(s));
            if range != 0 && n >= range {
                break;
            }
            n += 1;
        }
    }
    out
}

/// The eight (or four) vectors `(±a, ±b)` and `(±b, ±a)`.
pub fn sym(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !v.contains(&d) {
                    v.push(d);
                }
            }
        }
    }
    v
}

/// `vectors` each with the same range.
pub fn ranged(vectors: &[(i32, i32)], range: usize) -> Vec<((i32, i32), usize)> {
    vectors.iter().map(|&d| (d, range)).collect()
}

/// A move described for comparisons: its text, then `=<token>` for the type it
/// becomes, then the flags (`forced`, `ep`, `castle`, `double`, `x<token>` for a
/// capture).
pub fn desc(p: &Position<'_>, m: &Move) -> String {
    let v = p.variant();
    let mut s = p.move_text(m);
    if let Some(c) = m.captured() {
        s.push_str(&format!(" x{}", v.piece(c).token));
    }
    if let Some(c) = m.via_captured() {
        s.push_str(&format!(" via-x{}", v.piece(c).token));
    }
    if let Some(r) = m.promotion() {
        s.push_str(&format!(" ={}", v.piece(r).token));
    }
    if m.is_forced_promotion() {
        s.push_str(" forced");
    }
    if m.is_en_passant() {
        s.push_str(" ep");
    }
    if m.is_castle() {
        s.push_str(" castle");
    }
    if m.is_double_step() {
        s.push_str(" double");
    }
    s
}

/// The legal moves from `from` to `to`, described (see [`desc`]), sorted.
pub fn descs_between(p: &Position<'_>, from: &str, to: &str) -> Vec<String> {
    let mut v: Vec<String> = between(p, from, to).iter().map(|m| desc(p, m)).collect();
    v.sort();
    v
}

// Seeded random play (the game-flow tests).

/// splitmix64: a tiny seeded PRNG, enough to pick random moves.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// A game of random legal moves from `seed`, until `plies` or the end.
pub fn random_game(v: &'static Variant, seed: u64, plies: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(v);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        game.play(&m).expect("a legal move");
    }
    game
}

/// A random game of at least `min` plies (trying seeds from `seed` on).
pub fn long_random_game(v: &'static Variant, seed: u64, min: usize) -> Game {
    (seed..seed + 1000)
        .map(|s| random_game(v, s, min + 50))
        .find(|g| g.ply_count() >= min)
        .expect("some random game lasts long enough")
}

pub const VARIANTS: [&str; 4] = ["decimaka", "meiriqi", "chess", "capablanca"];

// The king-capture legality reference, independent of the attack tables.

/// Whether the side to move could take the other side's King: by a
/// pseudo-legal capture (the generator's own moves, not the attack tables),
/// or (where the rule exists) because the Kings face each other on an open
/// file.
pub fn king_capturable(pos: &Position<'_>) -> bool {
    let v = pos.variant();
    capturable_in(pos, v.royal(), v.facing_kings())
}

/// [`king_capturable`] on any board type, given the royal type and the
/// facing-Kings rule (a position of a large board has no `variant()`).
pub fn capturable_in<B: Board>(pos: &Position<'_, B>, royal: Role, facing_kings: bool) -> bool {
    if pos
        .pseudo_legal_moves()
        .iter()
        .any(|m| m.captured() == Some(royal) || m.via_captured() == Some(royal))
    {
        return true;
    }
    if facing_kings {
        let (Some(a), Some(b)) = (pos.king(betza::Color::White), pos.king(betza::Color::Black))
        else {
            return false;
        };
        let size = pos.size();
        if size.file(a) == size.file(b) {
            let (lo, hi) = (
                size.rank(a).min(size.rank(b)),
                size.rank(a).max(size.rank(b)),
            );
            let f = size.file(a) as i32;
            return (lo + 1..hi).all(|r| {
                pos.piece_at(size.square(f, r as i32).expect("on board"))
                    .is_none()
            });
        }
    }
    false
}

/// The legal moves by the reference: every pseudo-legal move after which
/// the opponent cannot take the King.
pub fn reference_legal(pos: &Position<'_>) -> Vec<Move> {
    reference_legal_with(pos, &|_| false)
}

/// [`reference_legal`] where `also(p)` tells of more ways the side to move
/// in `p` could take the King (attacks that are no move, such as a Pawn's
/// when no promotion is left).
pub fn reference_legal_with(pos: &Position<'_>, also: &dyn Fn(&Position<'_>) -> bool) -> Vec<Move> {
    if reference_bare_king_end(pos) {
        return Vec::new();
    }
    if let Some(moves) = rules::rules_legal(pos) {
        return moves;
    }
    if pos.variant().definition().game_end.royal_capture {
        // Royal capture: the game is over when a side has no royal piece;
        // otherwise every pseudo-legal move is legal.
        if reference_royal_count(pos, Color::White) == 0
            || reference_royal_count(pos, Color::Black) == 0
        {
            return Vec::new();
        }
        return pos
            .pseudo_legal_moves()
            .into_iter()
            .filter(|m| reference_lion_ok(pos, m))
            .collect();
    }
    pos.pseudo_legal_moves()
        .into_iter()
        .filter(|m| {
            let next = pos.play_unchecked(m);
            !king_capturable(&next) && !also(&next) && !illegal_drop_mate(pos, m, &next, also)
        })
        .collect()
}

/// The Lion-trading rules 1-4 of Chu Shogi (see [`lion::lion_ok`]).
pub fn reference_lion_ok(pos: &Position<'_>, m: &Move) -> bool {
    lion::lion_ok(pos.variant().definition(), pos, m)
}

/// The number of `color`'s pieces of a type the definition marks royal,
/// found square by square.
pub fn reference_royal_count(pos: &Position<'_>, color: Color) -> usize {
    royal_count_in(pos.variant().definition(), pos, color)
}

/// [`reference_royal_count`] on any board type, given the definition.
pub fn royal_count_in<B: Board>(def: &VariantDef, pos: &Position<'_, B>, color: Color) -> usize {
    let size = pos.size();
    (0..size.squares())
        .filter_map(|i| pos.piece_at(betza::Square(i as u16)))
        .filter(|p| p.color == color && def.pieces[p.role.index()].royal)
        .count()
}

/// The bare-King rule as `docs/definitions.md` words it: the game is over
/// at once (no legal move) when the side that just moved has its King
/// alone and we have more, or we have ours alone against three pieces or
/// more. Pieces in hand count: a King with a piece in hand is not alone.
pub fn reference_bare_king_end(pos: &Position<'_>) -> bool {
    bare_king_end_in(pos.variant().definition(), pos)
}

/// [`reference_bare_king_end`] on any board type, given the definition.
pub fn bare_king_end_in<B: Board>(def: &VariantDef, pos: &Position<'_, B>) -> bool {
    if !def.game_end.bare_king {
        return false;
    }
    let pieces = |c: Color| {
        pos.occupied_by(c).squares().count() + pos.hand(c).map(|(_, n)| n as usize).sum::<usize>()
    };
    let us = pieces(pos.side_to_move());
    let them = pieces(pos.side_to_move().opposite());
    (them <= 1 && us >= 2) || (us <= 1 && them >= 3)
}

/// Whether `m` drops a type whose drops may not checkmate (shogi's Pawn)
/// and checkmates: the opponent is in check (with the turn passed back, the
/// dropper could take the King) and has no move by the reference.
fn illegal_drop_mate(
    pos: &Position<'_>,
    m: &Move,
    next: &Position<'_>,
    also: &dyn Fn(&Position<'_>) -> bool,
) -> bool {
    let v = pos.variant();
    if !m.is_drop() || !v.definition().pieces[m.role().index()].drop_mate_illegal {
        return false;
    }
    let mut passed = next.setup();
    passed.side = pos.side_to_move();
    let in_check = match Position::from_setup(v, &passed) {
        Ok(p) => king_capturable(&p),
        Err(e) => e.contains(&betza::SetupProblem::OpponentInCheck),
    };
    in_check && reference_legal_with(next, also).is_empty()
}

/// Asserts that the library's legal moves are the reference's, and that
/// bulk counting agrees.
#[track_caller]
pub fn assert_reference(pos: &Position<'_>, also: &dyn Fn(&Position<'_>) -> bool) {
    let mut got: Vec<String> = pos.legal_moves().iter().map(|m| desc(pos, m)).collect();
    let mut want: Vec<String> = reference_legal_with(pos, also)
        .iter()
        .map(|m| desc(pos, m))
        .collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "{}", pos.to_fen());
    assert_eq!(
        pos.perft(1),
        got.len() as u64,
        "bulk count, {}",
        pos.to_fen()
    );
}
