//! The lichess family's rules (a definition's `[rules]`) as a slow
//! reference, worded as `docs/definitions.md` words them and worked out
//! square by square from the definition, not from the library's own
//! tables. Shared by the tests' reference and the fuzz targets (`#[path]`):
//! it depends on nothing but `betza` and `std`.
//!
//! Two facts come from the library: the checks given so far (a position
//! carries them; they need the game's history) and whether a position
//! gives check (`Position::is_check`, checked against perft elsewhere).

use betza::variant::RulesDef;
use betza::{Color, Move, Position, Role, Square, VariantDef};

/// Whether this reference models every rule of `def`'s `[rules]`: those
/// it knows set back to their defaults leave nothing (a rule added to the
/// library later is unknown here until the reference learns it).
#[allow(dead_code)] // props and the fuzz targets use it; other tests include this module too
pub fn modelled(def: &VariantDef) -> bool {
    let r = &def.rules;
    let known = RulesDef {
        explosions: false,
        explosion_immune: Vec::new(),
        explosion_proof: Vec::new(),
        mutually_immune: Vec::new(),
        capture_forced: false,
        check_illegal: false,
        check_limit: 0,
        kingless: Default::default(),
        extinction: None,
        extinction_pieces: Vec::new(),
        extinction_count: RulesDef::default().extinction_count,
        extinction_opponent_count: RulesDef::default().extinction_opponent_count,
        extinction_pseudo_royal: false,
        duple_check: false,
        region_win: Vec::new(),
        region_reply: false,
        wall: None,
        wall_region: None,
        petrify: Vec::new(),
        gating: false,
        region_safe: false,
        ..r.clone()
    };
    known == RulesDef::default()
}

/// Whether the definition has any rule of `[rules]`.
pub fn has_rules(def: &VariantDef) -> bool {
    let r = &def.rules;
    r.explosions
        || r.capture_forced
        || r.check_illegal
        || r.check_limit != 0
        || r.kingless.of(Color::White)
        || r.kingless.of(Color::Black)
        || r.extinction.is_some()
        || !r.region_win.is_empty()
        || !r.mutually_immune.is_empty()
        || r.wall.is_some()
        || !r.petrify.is_empty()
        || r.gating
}

/// Whether every square strictly between `a` and `b`, on one Queen line,
/// is empty and not a wall (and `b` is on such a line).
fn queen_line_open(pos: &Position<'_>, a: Square, b: Square) -> bool {
    let s = pos.size();
    let (af, ar) = (s.file(a) as i32, s.rank(a) as i32);
    let (bf, br) = (s.file(b) as i32, s.rank(b) as i32);
    let (df, dr) = (bf - af, br - ar);
    if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return false;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let (mut f, mut r) = (af + sf, ar + sr);
    while (f, r) != (bf, br) {
        let sq = s.square(f, r).expect("between two squares of the board");
        if pos.piece_at(sq).is_some() || pos.is_wall(sq) {
            return false;
        }
        f += sf;
        r += sr;
    }
    true
}

/// Whether the turn `m` places its wall where `docs/definitions.md`
/// words `wall`: a square with no piece after the move that was no wall
/// before (the duck's own square is one), of the side's `wall-region`, and
/// by the rule. The arrow is worked out along Queen lines: the built-in
/// Amazons' piece (`mQ`) moves so.
fn wall_ok(def: &VariantDef, pos: &Position<'_>, m: &Move) -> bool {
    use betza::variant::WallRule;
    let (Some(rule), Some(w)) = (def.rules.wall, m.wall()) else {
        return def.rules.wall.is_none() && m.wall().is_none();
    };
    let after = pos.play_unchecked(m);
    let s = pos.size();
    let us = pos.side_to_move();
    if after.piece_at(w).is_some() || pos.is_wall(w) {
        return false;
    }
    if def.rules.wall_region.is_some_and(|g| !g.of(us).contains(w)) {
        return false;
    }
    let (f, r) = (s.file(w) as i32, s.rank(w) as i32);
    match rule {
        WallRule::Duck | WallRule::Static => true,
        WallRule::Past => !m.is_drop() && w == m.from(),
        WallRule::Edge => {
            f == 0
                || r == 0
                || f == s.files() as i32 - 1
                || r == s.ranks() as i32 - 1
                || [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .any(|(x, y)| s.square(f + x, r + y).is_some_and(|n| pos.is_wall(n)))
        }
        WallRule::Arrow => queen_line_open(&after, m.to(), w),
        _ => false,
    }
}

/// The squares of the board, as `Square`s.
fn squares(pos: &Position<'_>) -> impl Iterator<Item = Square> {
    (0..pos.size().squares()).map(|i| Square(i as u16))
}

/// How many pieces of royal types `color` has on the board.
fn royals(def: &VariantDef, pos: &Position<'_>, color: Color) -> usize {
    squares(pos)
        .filter_map(|sq| pos.piece_at(sq))
        .filter(|p| p.color == color && def.pieces[p.role.index()].royal)
        .count()
}

/// The square of `color`'s royal piece, if it has exactly one.
fn royal_square(def: &VariantDef, pos: &Position<'_>, color: Color) -> Option<Square> {
    let mut found = squares(pos).filter(|&sq| {
        pos.piece_at(sq)
            .is_some_and(|p| p.color == color && def.pieces[p.role.index()].royal)
    });
    let first = found.next();
    if found.next().is_some() { None } else { first }
}

/// Whether two squares touch (a King's step apart).
fn touch(pos: &Position<'_>, a: Square, b: Square) -> bool {
    let size = pos.size();
    let df = (size.file(a) as i32 - size.file(b) as i32).abs();
    let dr = (size.rank(a) as i32 - size.rank(b) as i32).abs();
    df <= 1 && dr <= 1
}

/// Whether, in `pos`, the side to move could take the royal piece of the
/// other side with one of its pseudo-legal moves; with explosions, royal
/// pieces side by side never attack each other.
fn royal_takeable(def: &VariantDef, pos: &Position<'_>) -> bool {
    let them = pos.side_to_move().opposite();
    let Some(target) = royal_square(def, pos, them) else {
        return false;
    };
    if def.rules.explosions
        && royal_square(def, pos, pos.side_to_move()).is_some_and(|own| touch(pos, own, target))
    {
        return false;
    }
    pos.pseudo_legal_moves()
        .iter()
        .any(|m| m.is_capture() && !m.is_en_passant() && m.to() == target)
}

/// How many pieces `color` has of the type with token `token` (of every
/// type: `None`), on the board and, with `hand`, in hand.
fn count_of(
    def: &VariantDef,
    pos: &Position<'_>,
    color: Color,
    token: Option<&str>,
    hand: bool,
) -> usize {
    let is = |r: Role| token.is_none_or(|t| def.pieces[r.index()].token == t);
    let board = squares(pos)
        .filter_map(|sq| pos.piece_at(sq))
        .filter(|p| p.color == color && is(p.role))
        .count();
    let held: usize = pos
        .hand(color)
        .filter(|&(r, _)| hand && is(r))
        .map(|(_, n)| usize::from(n))
        .sum();
    board + held
}

/// Whether `color` is extinct: of a listed type (of all its pieces when
/// none is listed) it has `extinction-count` or fewer while the opponent
/// has `extinction-opponent-count` or more.
fn extinct(def: &VariantDef, pos: &Position<'_>, color: Color) -> bool {
    let r = &def.rules;
    let types: Vec<Option<&str>> = if r.extinction_pieces.is_empty() {
        vec![None]
    } else {
        r.extinction_pieces
            .iter()
            .map(|t| Some(t.as_str()))
            .collect()
    };
    types.iter().any(|&t| {
        count_of(def, pos, color, t, true) <= usize::from(r.extinction_count)
            && count_of(def, pos, color.opposite(), t, true)
                >= usize::from(r.extinction_opponent_count)
    })
}

/// `extinction-pseudo-royal`: whether, in `pos`, the side to move could
/// take a piece of the other side of a listed type of which that side has
/// `extinction-count + 1` or fewer on the board, or with `duple-check`
/// every piece of the listed types it has.
fn pseudo_royal_takeable(def: &VariantDef, pos: &Position<'_>) -> bool {
    let r = &def.rules;
    if !r.extinction_pseudo_royal {
        return false;
    }
    let them = pos.side_to_move().opposite();
    let targets = |only_few: bool| -> Vec<Square> {
        squares(pos)
            .filter(|&sq| {
                pos.piece_at(sq).is_some_and(|p| {
                    let t = &def.pieces[p.role.index()].token;
                    p.color == them
                        && r.extinction_pieces.contains(t)
                        && (!only_few
                            || count_of(def, pos, them, Some(t), false)
                                <= usize::from(r.extinction_count) + 1)
                })
            })
            .collect()
    };
    let moves = pos.pseudo_legal_moves();
    // A capture that turns its own side's last pseudo-royal piece to stone
    // is no threat: that side would lose by it.
    let petrifies_own = |m: &Move| {
        r.petrify.contains(&def.pieces[m.role().index()].token)
            && extinct(def, &pos.play_unchecked(m), pos.side_to_move())
    };
    let takes = |sq: Square| {
        moves
            .iter()
            .any(|m| m.is_capture() && m.to() == sq && !petrifies_own(m))
    };
    if targets(true).into_iter().any(takes) {
        return true;
    }
    let all = targets(false);
    r.duple_check && !all.is_empty() && all.into_iter().all(takes)
}

/// Whether a piece of a region type of `color` stands on `color`'s squares
/// of its region (with `region-safe`, one the other side could not take
/// with a pseudo-legal move were it to move).
fn reached(def: &VariantDef, pos: &Position<'_>, color: Color) -> bool {
    def.rules.region_win.iter().any(|w| {
        squares(pos).any(|sq| {
            w.region.of(color).contains(sq)
                && pos.piece_at(sq).is_some_and(|p| {
                    p.color == color && def.pieces[p.role.index()].token == w.piece
                })
                && !(def.rules.region_safe && takeable_by(pos, sq, color.opposite()))
        })
    })
}

/// Whether `by` has a pseudo-legal capture onto `sq` in `pos`, as if it
/// were to move (the side field of the FEN turned).
fn takeable_by(pos: &Position<'_>, sq: Square, by: Color) -> bool {
    let takes = |p: &Position<'_>| {
        p.pseudo_legal_moves()
            .iter()
            .any(|m| m.is_capture() && m.to() == sq)
    };
    if pos.side_to_move() == by {
        return takes(pos);
    }
    let fen = pos.to_fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[1] = if by == Color::White { "w" } else { "b" };
    let turned = fields.join(" ");
    Position::from_fen(pos.variant(), &turned).is_ok_and(|p| takes(&p))
}

/// Whether the game is over in `pos` by a rule of `[rules]` (no legal move
/// then). `moves_of(p)` are the legal moves of `p` by this reference.
fn over(def: &VariantDef, pos: &Position<'_>) -> bool {
    let r = &def.rules;
    let both = [Color::White, Color::Black];
    if r.explosions
        && both
            .iter()
            .any(|&c| !r.kingless.of(c) && royals(def, pos, c) == 0)
    {
        return true;
    }
    // Pseudo-royal pieces are never taken: no extinction to judge.
    if r.extinction.is_some()
        && !r.extinction_pseudo_royal
        && both.iter().any(|&c| extinct(def, pos, c))
    {
        return true;
    }
    if r.check_limit != 0 && both.iter().any(|&c| pos.checks_given(c) >= r.check_limit) {
        return true;
    }
    if !r.region_win.is_empty() {
        let (w, b) = (
            reached(def, pos, Color::White),
            reached(def, pos, Color::Black),
        );
        if !r.region_reply {
            return w || b;
        }
        if b {
            return true;
        }
        if w {
            // Black, to move, plays on only if a move of a region type
            // takes it to its own region.
            return pos.side_to_move() == Color::White
                || !moves(def, pos).iter().any(|m| {
                    let role: Role = m.role();
                    r.region_win
                        .iter()
                        .any(|rw| def.pieces[role.index()].token == rw.piece)
                        && reached(def, &pos.play_unchecked(m), Color::Black)
                });
        }
    }
    false
}

/// The moves the rules allow, not asking whether the game is over.
/// Whether no square the castling King `m` stands on, crosses or lands on
/// is attacked: for each, the King alone moved there, the enemy to move,
/// may not take a royal piece.
fn castle_path_safe(def: &VariantDef, pos: &Position<'_>, m: &Move) -> bool {
    let s = pos.size();
    let (from, to) = (m.from(), m.to());
    let rank = s.rank(from) as i32;
    let (a, b) = (s.file(from) as i32, s.file(to) as i32);
    let Some(king) = pos.piece_at(from) else {
        return false;
    };
    (a.min(b)..=a.max(b)).all(|f| {
        let q = s.square(f, rank).expect("on the rank");
        if q != from && pos.piece_at(q).is_some_and(|p| p.color != king.color) {
            return false;
        }
        let mut setup = pos.setup();
        setup.set(from, None);
        // The partner may stand on a square the King crosses.
        setup.set(q, Some(king));
        setup.side = king.color.opposite();
        setup.ep_square = None;
        setup.castling = Default::default();
        match setup.position(pos.variant()) {
            Ok(p) => !royal_takeable(def, &p) && !pseudo_royal_takeable(def, &p),
            Err(_) => false,
        }
    })
}

/// The move of `turns` that `m` is without its gate (`m` itself if it
/// gates nothing).
fn ungated(turns: &[Move], m: &Move) -> Move {
    if m.gate().is_none() {
        return *m;
    }
    *turns
        .iter()
        .find(|x| {
            x.gate().is_none()
                && (x.from(), x.to(), x.promotion(), x.is_castle())
                    == (m.from(), m.to(), m.promotion(), m.is_castle())
        })
        .expect("a gated move is a pseudo-legal move with a gate")
}

fn moves(def: &VariantDef, pos: &Position<'_>) -> Vec<Move> {
    let r = &def.rules;
    let us = pos.side_to_move();
    let them = us.opposite();
    // With walls, a turn is legal only with its wall where the rule puts it.
    let turns: Vec<Move> = pos
        .pseudo_legal_moves()
        .into_iter()
        .filter(|m| wall_ok(def, pos, m))
        .collect();
    let allowed: Vec<Move> = turns
        .iter()
        .copied()
        .filter(|m| {
            // As Fairy-Stockfish judges a gate, the gated piece never
            // shields its King: a gated move is legal exactly when the same
            // move without the gate is.
            let m = &ungated(&turns, m);
            // A royal piece may not capture where captures explode.
            if r.explosions && m.is_capture() && def.pieces[m.role().index()].royal {
                return false;
            }
            // A piece of a mutually immune type never takes one of its type.
            let token = &def.pieces[m.role().index()].token;
            if r.mutually_immune.contains(token)
                && m.is_capture()
                && !m.is_en_passant()
                && pos
                    .piece_at(m.to())
                    .is_some_and(|p| def.pieces[p.role.index()].token == *token)
            {
                return false;
            }
            // A castling King, royal or pseudo-royal, may not start in,
            // cross or land on a square the enemy attacks.
            if m.is_castle() && !castle_path_safe(def, pos, m) {
                return false;
            }
            let next = pos.play_unchecked(m);
            // A capture that petrifies the mover's last pseudo-royal piece.
            if r.extinction_pseudo_royal
                && m.is_capture()
                && r.petrify.contains(token)
                && extinct(def, &next, us)
            {
                return false;
            }
            if !r.kingless.of(us) {
                if royals(def, &next, us) == 0 {
                    return false;
                }
                let won = r.explosions && !r.kingless.of(them) && royals(def, &next, them) == 0;
                if !won && royal_takeable(def, &next) {
                    return false;
                }
            }
            if pseudo_royal_takeable(def, &next) {
                return false;
            }
            !(r.check_illegal && next.is_check())
        })
        .collect();
    if r.capture_forced && allowed.iter().any(Move::is_capture) {
        return allowed.into_iter().filter(Move::is_capture).collect();
    }
    allowed
}

/// The legal moves of `pos` under `[rules]`: none when the game is over,
/// else the pseudo-legal moves the rules allow. `None` when the variant
/// has no such rule (the caller's reference applies).
pub fn rules_legal(pos: &Position<'_>) -> Option<Vec<Move>> {
    let def = pos.variant().definition();
    if !has_rules(def) {
        return None;
    }
    if over(def, pos) {
        return Some(Vec::new());
    }
    Some(moves(def, pos))
}
