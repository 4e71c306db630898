//! Move tables: each piece type's Betza terms compiled, per colour and square.
//!
//! For a piece on a square the tables hold
//! - leap masks: targets with nothing in between (`quiet`, `capture`, `ep`);
//! - a flattened trie of paths for everything that can be blocked (riders,
//!   lame leaps, multi-leg moves), walked with a skip index: when a square is
//!   occupied the walk jumps over every continuation through it;
//! - for attack tests, reverse leap masks (which squares a piece of this type
//!   captures *from*) and, for blockable captures, the mask of squares that must
//!   be empty for a capture from `a` onto `b`.

use crate::betza::{MoveTerm, Shape, Term};
use crate::bitboard::{Bitboard, BoardSize, Color, Square};

/// A trie node may end a non-capturing move.
pub(crate) const QUIET: u8 = 1;
/// A trie node may end a capture.
pub(crate) const CAPTURE: u8 = 2;
/// A trie node may end an en-passant capture.
pub(crate) const EP: u8 = 4;

/// A step of a blockable move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub sq: u8,
    pub flags: u8,
    /// Index (within this square's slice) of the first node after this one's
    /// subtree: where the walk goes when `sq` is occupied.
    pub skip: u16,
}

/// A chain of squares with a constant index step and the same modes on every
/// square (a slide, a Nightrider line, a Pawn's double step): the first
/// occupied square is the lowest (or highest) set bit of `all & occupied`,
/// found without walking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    pub all: Bitboard,
    /// May stop on each empty square.
    pub quiet: bool,
    /// May capture on the first occupied square.
    pub capture: bool,
    /// Whether square indices grow along the ray.
    pub ascending: bool,
}

/// The move data of one piece type of one colour on one square.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot {
    pub quiet: Bitboard,
    pub capture: Bitboard,
    /// Range in `rays`.
    pub rays: (u32, u32),
    /// Range in `nodes`.
    pub nodes: (u32, u32),
}

/// What one piece type (of one colour) needs compiled.
pub(crate) struct PieceSpec<'a> {
    pub terms: &'a [Term],
    pub confinement: Option<Bitboard>,
    pub initial: Option<Bitboard>,
}

pub(crate) struct Tables {
    n: usize,
    roles: usize,
    /// Per (colour, role, square): everything generation reads, in one line.
    slots: Vec<Slot>,
    /// En-passant targets, per (colour, role, square).
    ep: Vec<Bitboard>,
    rays: Vec<Ray>,
    nodes: Vec<Node>,
    rev_capture: Vec<Bitboard>,
    /// Per (colour, role): index into `path_start` blocks, if the type has
    /// blockable captures.
    path_slot: Vec<Option<u32>>,
    path_start: Vec<u32>,
    path_masks: Vec<Bitboard>,
    /// Per (colour, role): whether it has any leap capture.
    leap_attacker: Vec<bool>,
    /// Squares above / below each square on its file.
    file_up: Vec<Bitboard>,
    file_down: Vec<Bitboard>,
}

#[derive(Default)]
struct TrieNode {
    sq: u8,
    flags: u8,
    children: Vec<usize>,
}

impl Tables {
    /// Compiles `specs[colour][role]`.
    pub(crate) fn build(size: BoardSize, specs: &[Vec<PieceSpec<'_>>; 2]) -> Tables {
        let n = size.squares();
        let roles = specs[0].len();
        let slots = 2 * roles * n;
        let mut t = Tables {
            n,
            roles,
            slots: vec![Slot::default(); slots],
            ep: vec![Bitboard::EMPTY; slots],
            rays: Vec::new(),
            nodes: Vec::new(),
            rev_capture: vec![Bitboard::EMPTY; slots],
            path_slot: vec![None; 2 * roles],
            path_start: Vec::new(),
            path_masks: Vec::new(),
            leap_attacker: vec![false; 2 * roles],
            file_up: Vec::with_capacity(n),
            file_down: Vec::with_capacity(n),
        };
        for color in Color::ALL {
            for (role, spec) in specs[color.index()].iter().enumerate() {
                let mut attack_paths: Vec<(u8, u8, Bitboard)> = Vec::new();
                for from in 0..n {
                    let from_sq = Square(from as u8);
                    let idx = t.idx(color, role, from);
                    let mut trie = vec![TrieNode::default()];
                    for term in spec.terms {
                        if let Term::Move(m) = term {
                            if m.initial && !spec.initial.is_some_and(|r| r.contains(from_sq)) {
                                continue;
                            }
                            for path in term_paths(size, color, from_sq, m, spec.confinement) {
                                insert(&mut trie, &path, flags_of(m));
                            }
                        }
                    }
                    let mut slot = Slot::default();
                    let ray_start = t.rays.len() as u32;
                    let base = t.nodes.len();
                    for &c in &trie[0].children {
                        let node = &trie[c];
                        let bb = Square(node.sq).bb();
                        if node.flags & CAPTURE != 0 {
                            let ri = t.idx(color, role, node.sq as usize);
                            t.rev_capture[ri] |= Square(from as u8).bb();
                            t.leap_attacker[color.index() * roles + role] = true;
                        }
                        if node.children.is_empty() {
                            if node.flags & QUIET != 0 {
                                slot.quiet |= bb;
                            }
                            if node.flags & CAPTURE != 0 {
                                slot.capture |= bb;
                            }
                            if node.flags & EP != 0 {
                                t.ep[idx] |= bb;
                            }
                        } else if let Some(ray) = as_ray(&trie, c) {
                            t.rays.push(ray);
                        } else {
                            flatten(&trie, c, base, &mut t.nodes);
                        }
                    }
                    slot.rays = (ray_start, t.rays.len() as u32);
                    slot.nodes = (base as u32, t.nodes.len() as u32);
                    t.slots[idx] = slot;
                    // Blockable captures: the squares before them must be empty.
                    collect_paths(&trie, 0, Bitboard::EMPTY, &mut |to, mask| {
                        if !mask.is_empty() {
                            attack_paths.push((from as u8, to, mask));
                        }
                    });
                }
                if !attack_paths.is_empty() {
                    attack_paths.sort_by_key(|&(f, to, m)| (f, to, m.0));
                    attack_paths.dedup();
                    let slot = t.path_start.len() as u32;
                    t.path_slot[color.index() * roles + role] = Some(slot);
                    let mut k = 0;
                    for pair in 0..n * n {
                        t.path_start.push(t.path_masks.len() as u32);
                        while k < attack_paths.len() {
                            let (f, to, m) = attack_paths[k];
                            if f as usize * n + to as usize != pair {
                                break;
                            }
                            t.path_masks.push(m);
                            k += 1;
                        }
                    }
                    t.path_start.push(t.path_masks.len() as u32);
                }
            }
        }
        for sq in 0..n {
            let s = Square(sq as u8);
            let (f, r) = (size.file(s) as i32, size.rank(s) as i32);
            let up = (r + 1..size.ranks() as i32)
                .filter_map(|r| size.square(f, r))
                .collect();
            let down = (0..r).filter_map(|r| size.square(f, r)).collect();
            t.file_up.push(up);
            t.file_down.push(down);
        }
        t
    }

    #[inline]
    fn idx(&self, color: Color, role: usize, sq: usize) -> usize {
        (color.index() * self.roles + role) * self.n + sq
    }

    /// The move data of a piece on `sq`.
    #[inline]
    pub(crate) fn slot(&self, color: Color, role: usize, sq: Square) -> &Slot {
        &self.slots[self.idx(color, role, sq.index())]
    }

    /// The rays of a slot.
    #[inline]
    pub(crate) fn rays(&self, slot: &Slot) -> &[Ray] {
        &self.rays[slot.rays.0 as usize..slot.rays.1 as usize]
    }

    /// En-passant targets of a piece on `sq`.
    #[inline]
    pub(crate) fn ep(&self, color: Color, role: usize, sq: Square) -> Bitboard {
        self.ep[self.idx(color, role, sq.index())]
    }

    /// The path trie of a slot (what is not a leap or a ray).
    #[inline]
    pub(crate) fn nodes(&self, slot: &Slot) -> &[Node] {
        &self.nodes[slot.nodes.0 as usize..slot.nodes.1 as usize]
    }

    /// Every square the piece could reach from `sq` on an empty board.
    pub(crate) fn reach_on_empty_board(&self, color: Color, role: usize, sq: Square) -> Bitboard {
        let slot = self.slot(color, role, sq);
        let rays = self
            .rays(slot)
            .iter()
            .fold(Bitboard::EMPTY, |b, r| b | r.all);
        let nodes = self.nodes(slot).iter().map(|n| Square(n.sq));
        slot.quiet | slot.capture | rays | nodes.collect()
    }

    /// Squares from which a piece of `role` and `color` captures on `sq` by a leap.
    #[inline]
    pub(crate) fn leap_attackers(&self, color: Color, role: usize, sq: Square) -> Bitboard {
        self.rev_capture[self.idx(color, role, sq.index())]
    }

    /// Whether the type has leap captures at all.
    #[inline]
    pub(crate) fn is_leap_attacker(&self, color: Color, role: usize) -> bool {
        self.leap_attacker[color.index() * self.roles + role]
    }

    /// Whether the type has blockable captures.
    #[inline]
    pub(crate) fn is_path_attacker(&self, color: Color, role: usize) -> bool {
        self.path_slot[color.index() * self.roles + role].is_some()
    }

    /// Masks of squares that must be empty for a capture from `from` onto `to`
    /// along a blockable path (one mask per distinct path).
    #[inline]
    pub(crate) fn attack_paths(
        &self,
        color: Color,
        role: usize,
        from: Square,
        to: Square,
    ) -> &[Bitboard] {
        match self.path_slot[color.index() * self.roles + role] {
            None => &[],
            Some(slot) => {
                let i = slot as usize + from.index() * self.n + to.index();
                &self.path_masks[self.path_start[i] as usize..self.path_start[i + 1] as usize]
            }
        }
    }

    /// Squares strictly between two squares of one file (empty if not on one file).
    #[inline]
    pub(crate) fn file_between(&self, a: Square, b: Square) -> Bitboard {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        if self.file_up[lo.index()].contains(hi) {
            self.file_up[lo.index()] & self.file_down[hi.index()]
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether two squares share a file.
    #[inline]
    pub(crate) fn same_file(&self, a: Square, b: Square) -> bool {
        self.file_up[a.index()].contains(b) || self.file_down[a.index()].contains(b)
    }
}

fn flags_of(m: &MoveTerm) -> u8 {
    let mut f = 0;
    if m.modes.quiet {
        f |= QUIET;
    }
    if m.modes.capture {
        f |= CAPTURE;
    }
    if m.modes.en_passant {
        f |= EP;
    }
    f
}

fn insert(trie: &mut Vec<TrieNode>, path: &[Square], flags: u8) {
    let mut cur = 0;
    for sq in path {
        let found = trie[cur]
            .children
            .iter()
            .copied()
            .find(|&c| trie[c].sq == sq.0);
        cur = match found {
            Some(c) => c,
            None => {
                trie.push(TrieNode {
                    sq: sq.0,
                    flags: 0,
                    children: Vec::new(),
                });
                let c = trie.len() - 1;
                trie[cur].children.push(c);
                c
            }
        };
    }
    trie[cur].flags |= flags;
}

/// The subtree at `node` as a ray, if it is a single chain with a constant
/// index step and no en-passant stops.
fn as_ray(trie: &[TrieNode], node: usize) -> Option<Ray> {
    let flags = trie[node].flags;
    if flags & EP != 0 || flags == 0 {
        return None;
    }
    let mut ray = Ray {
        all: Bitboard::EMPTY,
        quiet: flags & QUIET != 0,
        capture: flags & CAPTURE != 0,
        ascending: true,
    };
    let mut cur = node;
    let mut prev: Option<u8> = None;
    loop {
        let n = &trie[cur];
        if n.flags != flags {
            return None;
        }
        if let Some(p) = prev {
            if n.sq == p || (n.sq > p) != ray.ascending {
                return None;
            }
        } else if let Some(&c) = n.children.first() {
            ray.ascending = trie[c].sq > n.sq;
        }
        ray.all |= Square(n.sq).bb();
        prev = Some(n.sq);
        match n.children.as_slice() {
            [] => return Some(ray),
            [c] => cur = *c,
            _ => return None,
        }
    }
}

fn flatten(trie: &[TrieNode], node: usize, base: usize, out: &mut Vec<Node>) {
    let at = out.len();
    out.push(Node {
        sq: trie[node].sq,
        flags: trie[node].flags,
        skip: 0,
    });
    for &c in &trie[node].children {
        flatten(trie, c, base, out);
    }
    out[at].skip = (out.len() - base) as u16;
}

fn collect_paths(trie: &[TrieNode], node: usize, mask: Bitboard, f: &mut impl FnMut(u8, Bitboard)) {
    for &c in &trie[node].children {
        let n = &trie[c];
        if n.flags & CAPTURE != 0 {
            f(n.sq, mask);
        }
        collect_paths(trie, c, mask.with(Square(n.sq)), f);
    }
}

/// Rotates a direction `turns` eighths of a circle clockwise (`shape` is the
/// direction's own shape; oblique directions turn only in quarters).
fn turn(dir: (i8, i8), eighths: u8, shape: Shape) -> (i8, i8) {
    if shape == Shape::Oblique {
        let mut d = dir;
        for _ in 0..eighths / 2 {
            d = (d.1, -d.0);
        }
        return d;
    }
    const UNITS: [(i8, i8); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let k = dir.0.abs().max(dir.1.abs());
    let unit = (dir.0.signum(), dir.1.signum());
    let u = UNITS.iter().position(|&x| x == unit).unwrap_or(0);
    let v = UNITS[(u + eighths as usize) % 8];
    (v.0 * k, v.1 * k)
}

fn shape_of(d: (i8, i8)) -> Shape {
    if d.0 == 0 || d.1 == 0 {
        Shape::Orthogonal
    } else if d.0.abs() == d.1.abs() {
        Shape::Diagonal
    } else {
        Shape::Oblique
    }
}

/// Every path (squares in order, the last one the target) of one term from `from`.
fn term_paths(
    size: BoardSize,
    color: Color,
    from: Square,
    m: &MoveTerm,
    confinement: Option<Bitboard>,
) -> Vec<Vec<Square>> {
    let sign = if color == Color::White { 1 } else { -1 };
    let mut out = Vec::new();
    let step = |sq: Square, d: (i8, i8)| -> Option<Square> {
        let s = size.square(
            size.file(sq) as i32 + d.0 as i32,
            size.rank(sq) as i32 + d.1 as i32,
        )?;
        match confinement {
            Some(r) if !r.contains(s) => None,
            _ => Some(s),
        }
    };
    for &(x, y) in &m.first {
        let dir = (x * sign, y * sign);
        if m.lame {
            // Step by step: straight for orthogonal and diagonal leaps,
            // orthogonally along the long side first for oblique ones.
            let (ax, ay) = (dir.0.abs(), dir.1.abs());
            let (sx, sy) = (dir.0.signum(), dir.1.signum());
            let mut steps = Vec::new();
            if ax == 0 || ay == 0 || ax == ay {
                for _ in 0..ax.max(ay) {
                    steps.push((sx, sy));
                }
            } else {
                let (long, short) = (ax.max(ay), ax.min(ay));
                let orth = if ax > ay { (sx, 0) } else { (0, sy) };
                for _ in 0..long - short {
                    steps.push(orth);
                }
                for _ in 0..short {
                    steps.push((sx, sy));
                }
            }
            let mut path = Vec::new();
            let mut sq = from;
            let mut ok = true;
            for s in steps {
                match step(sq, s) {
                    Some(n) => {
                        path.push(n);
                        sq = n;
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                out.push(path);
            }
            continue;
        }
        let mut path = Vec::new();
        leg(&step, from, dir, m.range, &m.later, &mut path, &mut out);
    }
    out
}

fn leg(
    step: &impl Fn(Square, (i8, i8)) -> Option<Square>,
    from: Square,
    dir: (i8, i8),
    range: u8,
    later: &[crate::betza::LaterLeg],
    path: &mut Vec<Square>,
    out: &mut Vec<Vec<Square>>,
) {
    let depth = path.len();
    let mut sq = from;
    let mut k = 0u32;
    while let Some(next) = step(sq, dir) {
        sq = next;
        k += 1;
        path.push(sq);
        match later.split_first() {
            None => out.push(path.clone()),
            Some((l, rest)) => {
                let shape = shape_of(dir);
                for e in 0..8u8 {
                    if l.turns & (1 << e) != 0 {
                        leg(step, sq, turn(dir, e, shape), l.range, rest, path, out);
                    }
                }
            }
        }
        if range != 0 && k >= range as u32 {
            break;
        }
    }
    path.truncate(depth);
}
