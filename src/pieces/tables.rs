//! Move tables: each piece type's Betza terms compiled, per colour and square.
//!
//! For a piece on a square the tables hold
//! - leap masks: targets with nothing in between (`quiet`, `capture`, `ep`);
//! - a flattened trie of paths for everything that can be blocked (riders,
//!   lame leaps, multi-leg moves, crooked, circular and cylindrical moves),
//!   walked with a skip index: when a square is occupied the walk jumps over
//!   every continuation through it;
//! - hop rays for hoppers (`p`) and grasshoppers (`g`), and for attack tests
//!   their masks (a grasshopper's: the squares that must be empty and the
//!   screen);
//! - only for types with locust captures, their paths ([`LocustPath`]);
//! - for attack tests, reverse leap masks (which squares a piece of this type
//!   captures *from*), for blockable captures the mask of squares that must
//!   be empty for a capture from `a` onto `b`, and per square the squares any
//!   type could attack it from;
//! - for bulk counting, a type's moves as shifts of the board, when all its
//!   moves are leaps and lines of a constant step ([`Shift`]).
//!
//! Compiling merges a piece's terms into a program of legs (terms sharing
//! their first legs share them), traces it from every square into the path
//! trie without recursion, and reuses one scratch space throughout, so it
//! allocates a few hundred times per variant rather than per path. Black's
//! tables are White's when the piece's moves are the same turned around.
//! Hostile definitions meet limits, each a [`BuildError`]: steps of tracing
//! per variant, trie nodes per square (the walk's skip index is 16 bits) and
//! paths of blockable captures per variant.

use crate::bitboard::{BitWord, Bitboard, BoardSize, Color, MAX_HUGE_SQUARES, Square, SquareSet};
use crate::notation::{MoveTerm, Shape, Term};
use crate::variant::VariantError;

/// The word [`Builder`] traces in, whatever the board's: the widest, so
/// that tracing is compiled once, not once per board type (the tables are
/// built in the board's word from what it traced).
type TraceWord = <crate::bitboard::Huge as crate::bitboard::Board>::Word;
/// A set of squares in [`TraceWord`].
type Mask = Bitboard<TraceWord>;

/// `b` as a [`Mask`].
fn to_mask<W: BitWord>(b: Bitboard<W>) -> Mask {
    b.squares().fold(Mask::empty(), |m, s| m.with(s))
}

/// `m` in the board's word.
fn from_mask<W: BitWord>(m: Mask) -> Bitboard<W> {
    m.squares().fold(Bitboard::<W>::empty(), |b, s| b.with(s))
}

/// A traced ray in the board's word.
fn ray_in<W: BitWord>(r: Ray<TraceWord>) -> Ray<W> {
    Ray {
        all: from_mask(r.all),
        quiet: r.quiet,
        capture: r.capture,
        ascending: r.ascending,
        grass: r.grass,
    }
}

/// A trie node may end a non-capturing move.
pub(crate) const QUIET: u8 = 1;
/// A trie node may end a capture.
pub(crate) const CAPTURE: u8 = 2;
/// A trie node may end an en-passant capture.
pub(crate) const EP: u8 = 4;
/// A locust path may pass an empty first square too, as a move of its own
/// (`distinct-two-step`).
pub(crate) const VIA_EMPTY: u8 = 8;

/// A step of a blockable move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The square in the low [`Node::SQ_BITS`] bits, the flags above: four
    /// bytes a node as when squares were bytes, for boards up to 26x26.
    sq_flags: u16,
    /// Index (within this square's slice) of the first node after this one's
    /// subtree: where the walk goes when `sq` is occupied.
    pub skip: u16,
}

impl Node {
    /// Bits of `sq_flags` holding the square: 1,024 squares (26x26 has 676).
    const SQ_BITS: u32 = 10;

    fn new(sq: u16, flags: u8) -> Node {
        debug_assert!(sq < 1 << Self::SQ_BITS && flags < 1 << (16 - Self::SQ_BITS));
        Node {
            sq_flags: sq | (flags as u16) << Self::SQ_BITS,
            skip: 0,
        }
    }

    /// The node's square.
    #[inline(always)]
    pub fn sq(self) -> Square {
        Square(self.sq_flags & ((1 << Self::SQ_BITS) - 1))
    }

    /// The node's flags (`QUIET`, `CAPTURE`, `EP`).
    #[inline(always)]
    pub fn flags(self) -> u8 {
        (self.sq_flags >> Self::SQ_BITS) as u8
    }
}

const _: () = assert!(crate::bitboard::MAX_HUGE_SQUARES <= 1 << Node::SQ_BITS);

/// A chain of squares with a constant index step and the same modes on every
/// square (a slide, a Nightrider line, a Pawn's double step): the first
/// occupied square is the lowest (or highest) set bit of `all & occupied`,
/// found without walking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray<W: BitWord = u128> {
    pub all: Bitboard<W>,
    /// May stop on each empty square.
    pub quiet: bool,
    /// May capture on the first occupied square.
    pub capture: bool,
    /// Whether square indices grow along the ray.
    pub ascending: bool,
    /// A grasshopper's ray (hop rays only): it lands just beyond the first
    /// occupied square, if that square is on the ray.
    pub grass: bool,
}

/// A slot's rays by group: ascending and descending (both modes), the rest.
pub(crate) type RayGroups<'a, W> = (&'a [Ray<W>], &'a [Ray<W>], &'a [Ray<W>]);

/// The move data of one piece type of one colour on one square.
///
/// Its rays are grouped so that generation needs no per-ray branch: first the
/// ascending ones that both move and capture, then such descending ones, then
/// the rest (flags read per ray), then the hop rays.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot<W: BitWord = u128> {
    pub quiet: Bitboard<W>,
    pub capture: Bitboard<W>,
    /// Start in `rays` of the slot's rays.
    pub rays: u32,
    /// Start in `nodes` of the path trie.
    pub nodes: u32,
    pub nodes_len: u16,
    pub hops: u16,
    pub ascending: u8,
    pub descending: u8,
    pub other: u8,
    /// Whether the slot has only leaps (no rays, hops or trie): the common
    /// case, generated without looking at the rest.
    pub leaps_only: bool,
}

/// Moves of one piece type that are the same shift of the board from every
/// square of `from`: a leap (`steps == 1`) or a short line of `steps`
/// squares, each after the one before it is empty. Counting a type's moves
/// this way takes all its pieces at once (see `Tables::shifts`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift<W: BitWord = u128> {
    pub from: Bitboard<W>,
    /// The index step of one square along the move.
    pub delta: i16,
    /// The same as a left rotation of the board (a move never leaves it,
    /// so a rotation is the shift).
    pub rotate: u16,
    pub steps: u8,
    pub quiet: bool,
    pub capture: bool,
}

/// The most shifts a type may have for counting by shifts: beyond that,
/// piece by piece is cheaper for any number of pieces.
const MAX_SHIFTS: usize = 16;

/// What one piece type (of one colour) needs compiled.
pub(crate) struct PieceSpec<'a, W: BitWord = u128> {
    /// The royal type, whose moves are never counted by shifts.
    pub royal: bool,
    pub terms: &'a [Term],
    pub confinement: Option<Bitboard<W>>,
    pub initial: Option<Bitboard<W>>,
    /// Its moves in a diagonal direction start on, cross and end on these
    /// squares only (`diagonal-lines`).
    pub lines: Option<Bitboard<W>>,
}

pub(crate) struct Tables<W: BitWord = u128> {
    n: usize,
    roles: usize,
    /// Per (colour, role, square): everything generation reads, in one line.
    slots: Vec<Slot<W>>,
    /// En-passant targets, per (colour, role, square).
    ep: Vec<Bitboard<W>>,
    rays: Vec<Ray<W>>,
    nodes: Vec<Node>,
    rev_capture: Vec<Bitboard<W>>,
    /// Per (colour, role, square): where a blockable (hop) capture onto the
    /// square can start.
    rev_path: Vec<Bitboard<W>>,
    rev_hop: Vec<Bitboard<W>>,
    /// Per (colour, square): the unions over roles of `rev_capture`,
    /// `rev_path` and `rev_hop`, so that an attack test looks no further
    /// when no piece stands where one could attack from.
    leap_reach: Vec<Bitboard<W>>,
    path_reach: Vec<Bitboard<W>>,
    hop_reach: Vec<Bitboard<W>>,
    /// Per colour: whether any of its types captures by hopping.
    has_hops: [bool; 2],
    shift_list: Vec<Shift<W>>,
    /// Per colour: the roles whose moves are all shifts (not the royal one),
    /// with their range in `shift_list`.
    shift_roles: [Vec<(u8, u32, u32)>; 2],
    /// Per (colour, role, square): where an en-passant capture onto the
    /// square can start.
    rev_ep: Vec<Bitboard<W>>,
    /// Per colour: the roles with blockable / hop captures.
    path_roles: [Vec<u8>; 2],
    hop_roles: [Vec<u8>; 2],
    /// `rev_path` and `rev_hop` again, per (colour, square, role): the masks
    /// an attack test reads for one square, side by side.
    path_from: Vec<Bitboard<W>>,
    hop_from: Vec<Bitboard<W>>,
    /// Blockable captures: the squares that must be empty.
    paths: PathTable<W>,
    /// Hop captures: the squares of which exactly one must be occupied.
    hops: PathTable<W>,
    /// Grasshopper captures: pairs of masks, the squares that must be empty
    /// and the screen that must be occupied. Their starts are in `rev_hop`,
    /// and their roles in `hop_roles`, with the hoppers'.
    grass: PathTable<W>,
    /// Locust captures (`LocustPath`), per (colour, role, square) a range of
    /// `locust_paths`; both empty when no type has them.
    locust_range: Vec<(u32, u32)>,
    locust_paths: Vec<LocustPath<W>>,
    /// Per colour: the roles with locust captures.
    locust_roles: [Vec<u8>; 2],
    /// Squares above / below each square on its file.
    file_up: Vec<Bitboard<W>>,
    file_down: Vec<Bitboard<W>>,
}

/// Per (colour, role, from, to): a list of masks. Boards of up to 256
/// squares index them by (from, to) pair directly, stored by a counting
/// sort. Wider boards, where that index would be (squares)² entries a type
/// and colour (26x26: 1.8 MB each, most of a variant's compile time), index
/// them by `from` and then the sorted `to`s that have masks.
#[derive(Default)]
struct PathTable<W: BitWord = u128> {
    /// Per (colour, role): where its block of `start` begins, if it has any.
    slot: Vec<Option<u32>>,
    /// Direct: per block and (from, to) pair, the first of its masks
    /// (`n * n + 1` a block). By `from`: per block and from square, the
    /// first of its `keys` (`n + 1` a block).
    start: Vec<u32>,
    /// By `from` only: the `to` squares that have masks, sorted within each
    /// from square, and per key the first of its masks; a sentinel key
    /// closes each block.
    keys: Vec<u16>,
    key_start: Vec<u32>,
    masks: Vec<Bitboard<W>>,
}

impl<W: BitWord> PathTable<W> {
    /// Whether the masks are indexed by `from`, then `to` (boards past 256
    /// squares), rather than by pair: known when compiled.
    const BY_FROM: bool = W::BITS > 256;

    /// The index entries the table holds (`start`, `keys`, `key_start`).
    fn index_len(&self) -> usize {
        self.start.len() + self.keys.len() + self.key_start.len()
    }

    /// The index entries a block of `paths` paths on `n` squares adds
    /// (by `from`: at most two per path, a key and its start).
    fn block_len(n: usize, paths: usize) -> usize {
        match paths {
            0 => 0,
            _ if Self::BY_FROM => n + 1 + 2 * (paths + 1),
            _ => n * n + 1,
        }
    }

    /// Adds the paths (`from * n + to`, mask) of one (colour, role); masks
    /// of one pair keep their order.
    fn add(&mut self, cr: usize, n: usize, paths: &[(u32, Bitboard<W>)], cursor: &mut Vec<u32>) {
        if paths.is_empty() {
            return;
        }
        if Self::BY_FROM {
            return self.add_by_from(cr, n, paths, cursor);
        }
        let slot = self.start.len();
        self.slot[cr] = Some(slot as u32);
        self.start.resize(slot + n * n + 1, 0);
        let starts = &mut self.start[slot..];
        for &(pair, _) in paths {
            starts[pair as usize + 1] += 1;
        }
        let first = self.masks.len() as u32;
        let mut sum = first;
        for s in starts.iter_mut() {
            sum += *s;
            *s = sum;
        }
        cursor.clear();
        cursor.extend_from_slice(&starts[..n * n]);
        self.masks
            .resize(first as usize + paths.len(), Bitboard::<W>::empty());
        for &(pair, m) in paths {
            let at = &mut cursor[pair as usize];
            self.masks[*at as usize] = m;
            *at += 1;
        }
    }

    /// [`PathTable::add`] indexed by `from`, then the sorted `to`s.
    fn add_by_from(
        &mut self,
        cr: usize,
        n: usize,
        paths: &[(u32, Bitboard<W>)],
        order: &mut Vec<u32>,
    ) {
        self.slot[cr] = Some(self.start.len() as u32);
        order.clear();
        order.extend(0..paths.len() as u32);
        // Stable: the masks of one pair keep their order (a grasshopper's
        // come in pairs).
        order.sort_by_key(|&i| paths[i as usize].0);
        let mut k = 0;
        for from in 0..n {
            self.start.push(self.keys.len() as u32);
            let mut last = None;
            while let Some(&i) = order.get(k) {
                let (pair, m) = paths[i as usize];
                if pair as usize / n != from {
                    break;
                }
                let to = (pair as usize % n) as u16;
                if last != Some(to) {
                    self.keys.push(to);
                    self.key_start.push(self.masks.len() as u32);
                    last = Some(to);
                }
                self.masks.push(m);
                k += 1;
            }
        }
        self.start.push(self.keys.len() as u32);
        self.keys.push(u16::MAX);
        self.key_start.push(self.masks.len() as u32);
    }

    /// The masks of (colour and role `cr`, `from`, `to`) on a board of `n`
    /// squares.
    #[inline]
    fn get(&self, cr: usize, from: usize, to: usize, n: usize) -> &[Bitboard<W>] {
        let Some(slot) = self.slot[cr] else {
            return &[];
        };
        if !Self::BY_FROM {
            let i = slot as usize + from * n + to;
            return &self.masks[self.start[i] as usize..self.start[i + 1] as usize];
        }
        let i = slot as usize + from;
        let (lo, hi) = (self.start[i] as usize, self.start[i + 1] as usize);
        match self.keys[lo..hi].binary_search(&(to as u16)) {
            Ok(k) => {
                let k = lo + k;
                &self.masks[self.key_start[k] as usize..self.key_start[k + 1] as usize]
            }
            Err(_) => &[],
        }
    }
}

/// One way a locust capture can go from a square: the squares that must be
/// empty (neither the start, the captured square nor the destination), the
/// square captured on the way, the destination and its modes. A move along
/// it is legal when `empty` is empty, `via` holds an enemy piece and `to` is
/// empty, the start (`to == from`: capture and return) or, for `CAPTURE`,
/// an enemy piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LocustPath<W: BitWord = u128> {
    pub empty: Bitboard<W>,
    pub via: Square,
    pub to: Square,
    pub flags: u8,
}

/// Tracing one locust term from one square.
struct LocustWalk<'a> {
    size: BoardSize,
    allowed: Mask,
    from: Square,
    /// (turns from the previous leg, range) per leg; the first leg's turns are unused.
    legs: &'a [(u8, u8)],
    capture_leg: usize,
    flags: u8,
    out: &'a mut Vec<LocustPath<TraceWord>>,
}

impl LocustWalk<'_> {
    /// Leg `i` from `at` in direction `dir`, `empty` the squares passed so
    /// far and `via` the captured square once passed.
    fn leg(
        &mut self,
        b: &mut Builder,
        i: usize,
        at: Square,
        dir: (i8, i8),
        empty: Mask,
        via: Option<Square>,
    ) -> Result<(), Exceeded> {
        let range = self.legs[i].1;
        let last = i + 1 == self.legs.len();
        let (mut f, mut r) = (self.size.file(at) as i32, self.size.rank(at) as i32);
        let mut passed = empty;
        let mut k = 0u8;
        while let Some(s) = self.size.square(f + dir.0 as i32, r + dir.1 as i32) {
            if !self.allowed.contains(s) {
                break;
            }
            b.spend(1)?;
            (f, r) = (f + dir.0 as i32, r + dir.1 as i32);
            k += 1;
            // Squares the piece has left or captured on are empty when passed again.
            let free = s == self.from || Some(s) == via;
            if last {
                if let Some(v) = via
                    && s != v
                {
                    self.out.push(LocustPath {
                        empty: passed,
                        via: v,
                        to: s,
                        flags: self.flags & (QUIET | CAPTURE | VIA_EMPTY),
                    });
                }
            } else if i == self.capture_leg {
                if !free {
                    self.turn(b, i, s, dir, passed, Some(s))?;
                }
            } else {
                // An ordinary leg ends on an empty square.
                let ended = if free { passed } else { passed.with(s) };
                self.turn(b, i, s, dir, ended, via)?;
            }
            if !free {
                passed = passed.with(s);
            }
            if k == range {
                break;
            }
        }
        Ok(())
    }

    /// The next leg after leg `i` ended on `at`, in each of its turns.
    fn turn(
        &mut self,
        b: &mut Builder,
        i: usize,
        at: Square,
        dir: (i8, i8),
        empty: Mask,
        via: Option<Square>,
    ) -> Result<(), Exceeded> {
        let turns = self.legs[i + 1].0;
        let shape = shape_of(dir);
        for e in 0..8u8 {
            if turns & (1 << e) != 0 {
                b.spend(1)?;
                self.leg(b, i + 1, at, turn(dir, e, shape), empty, via)?;
            }
        }
        Ok(())
    }
}

/// A hopper's direction, from the terms with `p`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct HopLeg {
    dir: (i8, i8),
    range: u8,
    initial: bool,
    grass: bool,
    flags: u8,
}

/// The most compile steps (a square visited, a leg started or a path
/// compared while tracing moves) one variant may take: far beyond every real
/// piece (Meiriqi, the largest built-in, needs about 1/85 of it), and
/// compiled in well under a second.
pub(crate) const MAX_COMPILE_STEPS: u64 = 1 << 22;

/// The most steps of blockable moves one piece may have from one square (the
/// walk's skip index is 16 bits).
pub(crate) const MAX_SQUARE_NODES: usize = u16::MAX as usize;

/// The most blockable captures (a start, a target and the squares between)
/// one variant may have, for the attack tests: 16 MiB of masks on a small
/// board, 88 MiB on a [`crate::Huge`] one.
pub(crate) const MAX_ATTACK_PATHS: usize = 1 << 20;

/// The most bytes of the per (colour, type) indexes of blockable captures
/// (on boards of up to 256 squares, 4 bytes per pair of squares of the
/// board, for each colour and type that has such captures, riders
/// included; past 256 squares, 4 bytes per square and 6 per target with
/// masks): 128 MiB, which no board reaches within the other limits (64
/// types on 16x16 take 32 MiB).
pub(crate) const MAX_PATH_INDEX_BYTES: usize = 128 << 20;

/// Why a variant's tables could not be built: which limit, for which piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BuildError {
    /// The whole variant needs more than [`MAX_COMPILE_STEPS`].
    Steps { role: usize },
    /// One square has more than [`MAX_SQUARE_NODES`] blockable steps.
    SquareNodes { role: usize },
    /// The variant has more than [`MAX_ATTACK_PATHS`] blockable captures.
    AttackPaths { role: usize },
    /// The indexes of blockable captures need more than
    /// [`MAX_PATH_INDEX_BYTES`].
    PathIndex { role: usize },
}

impl BuildError {
    /// The error as the variant reports it, naming the piece.
    pub(crate) fn into_variant_error(self, pieces: &[crate::variant::PieceType]) -> VariantError {
        let (role, limit) = match self {
            BuildError::Steps { role } => (
                role,
                format!("the variant's moves take more than {MAX_COMPILE_STEPS} steps to trace"),
            ),
            BuildError::SquareNodes { role } => (
                role,
                format!("more than {MAX_SQUARE_NODES} steps of blockable moves from one square"),
            ),
            BuildError::AttackPaths { role } => (
                role,
                format!("the variant has more than {MAX_ATTACK_PATHS} paths of blockable captures"),
            ),
            BuildError::PathIndex { role } => (
                role,
                format!(
                    "the variant's blockable captures need more than {} MiB of tables \
                     (too many types with lame, hopping or multi-leg captures for the board)",
                    MAX_PATH_INDEX_BYTES >> 20
                ),
            ),
        };
        VariantError::TooManyMoves {
            name: pieces
                .get(role)
                .map_or_else(String::new, |p| p.name.clone()),
            limit,
        }
    }
}

/// A node of the path trie being built: its children are a linked list
/// through `next` (0 ends a list; node 0 is the root and never a child).
#[derive(Clone, Copy)]
struct TrieNode {
    sq: u16,
    flags: u8,
    first: u32,
    next: u32,
}

const ROOT: TrieNode = TrieNode {
    sq: 0,
    flags: 0,
    first: 0,
    next: 0,
};

/// A node of a piece's leg program: the terms' legs merged where they agree,
/// so that legs shared by several terms (the Rhino's zig-zags of every
/// length) are traced once. Node 0 is the root; its children are first legs.
#[derive(Clone, Copy)]
struct Leg {
    /// First legs: the direction (White's view).
    dir: (i8, i8),
    /// Later legs: the turns from the previous leg's direction.
    turns: u8,
    range: u8,
    lame: bool,
    initial: bool,
    /// The modes of the terms that end with this leg.
    flags: u8,
    first: u32,
    next: u32,
}

const BLANK_LEG: Leg = Leg {
    dir: (0, 0),
    turns: 0,
    range: 0,
    lame: false,
    initial: false,
    flags: 0,
    first: 0,
    next: 0,
};

/// A leg still to trace: program node `leg`, from `(file, rank)` in
/// direction `dir`, the trie node reached so far being `node`.
#[derive(Clone, Copy)]
struct Frame {
    leg: u32,
    file: i8,
    rank: i8,
    dir: (i8, i8),
    node: u32,
}

/// A fast hash for the program's (parent, leg) keys.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = (self.0 ^ k)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(26);
    }
}

type LegIndex = std::collections::HashMap<u64, u32, std::hash::BuildHasherDefault<KeyHasher>>;

/// What compiling one piece type needs, reused for every type and square so
/// that compiling allocates only while this scratch space grows.
struct Builder {
    prog: Vec<Leg>,
    prog_index: LegIndex,
    trie: Vec<TrieNode>,
    /// The root's child on each square (0: none), for O(1) merging of the
    /// many first steps of leapers.
    root_kids: [u32; MAX_HUGE_SQUARES],
    stack: Vec<Frame>,
    /// Open subtrees while flattening: (trie node, index in `nodes`, the
    /// squares before it).
    open: Vec<(u32, usize, Mask)>,
    /// Blockable captures from one square: (target, squares that must be empty).
    masks: Vec<(u16, Mask)>,
    /// The piece's hopper directions.
    hops: Vec<HopLeg>,
    /// Grasshopper captures from one square: (target, squares that must be
    /// empty, the screen).
    grass_masks: Vec<(u16, Mask, Mask)>,
    /// The piece's terms with a locust capture, traced apart into `LocustPath`s.
    locusts: Vec<MoveTerm>,
    /// The piece's crooked, circular and cylindrical terms, traced into the
    /// trie by `trace_curves`.
    curves: Vec<MoveTerm>,
    /// The piece's `diagonal-lines` (for the colour being traced).
    lines: Option<Mask>,
    steps_left: u64,
}

/// Whether a direction is diagonal: moves in it keep to `diagonal-lines`.
#[inline]
fn diagonal(dir: (i8, i8)) -> bool {
    dir.0 != 0 && dir.0.abs() == dir.1.abs()
}

/// A limit reached while tracing.
enum Exceeded {
    Steps,
    SquareNodes,
}

impl Builder {
    fn spend(&mut self, steps: u64) -> Result<(), Exceeded> {
        self.steps_left = self.steps_left.checked_sub(steps).ok_or(Exceeded::Steps)?;
        Ok(())
    }

    /// Loads a piece's terms as its leg program.
    fn load(&mut self, terms: &[Term]) {
        self.prog.clear();
        self.prog.push(BLANK_LEG);
        self.prog_index.clear();
        self.hops.clear();
        self.locusts.clear();
        self.curves.clear();
        for term in terms {
            let Term::Move(m) = term else { continue };
            if m.crooked || m.circular || m.cylinder {
                self.curves.push(m.clone());
                continue;
            }
            if let Some(l) = m.locust {
                self.locusts.push(m.clone());
                if !l.may_be_empty {
                    continue;
                }
                // `mc` on the capturing leg: also the plain move, below.
            }
            if m.hop || m.grasshopper {
                for &dir in &m.first {
                    let flags = flags_of(m);
                    let same = |h: &&mut HopLeg| {
                        h.dir == dir
                            && h.range == m.range
                            && h.initial == m.initial
                            && h.grass == m.grasshopper
                    };
                    match self.hops.iter_mut().find(same) {
                        Some(h) => h.flags |= flags,
                        None => self.hops.push(HopLeg {
                            dir,
                            range: m.range,
                            initial: m.initial,
                            grass: m.grasshopper,
                            flags,
                        }),
                    }
                }
                continue;
            }
            for &dir in &m.first {
                let first = Leg {
                    dir,
                    range: m.range,
                    lame: m.lame,
                    initial: m.initial,
                    ..BLANK_LEG
                };
                let mut at = self.leg(0, first);
                for l in &m.later {
                    let next = Leg {
                        turns: l.turns,
                        range: l.range,
                        ..BLANK_LEG
                    };
                    at = self.leg(at, next);
                }
                self.prog[at as usize].flags |= flags_of(m);
            }
        }
    }

    /// The child of program node `parent` equal to `leg`, made if new.
    fn leg(&mut self, parent: u32, leg: Leg) -> u32 {
        let key = (parent as u64) << 32
            | (leg.dir.0 as u8 as u64) << 24
            | (leg.dir.1 as u8 as u64) << 16
            | (leg.turns as u64) << 8
            | (leg.range as u64) << 2
            | (leg.lame as u64) << 1
            | leg.initial as u64;
        let next_id = self.prog.len() as u32;
        let id = *self.prog_index.entry(key).or_insert(next_id);
        if id == next_id {
            let p = &mut self.prog[parent as usize];
            let next = p.first;
            p.first = id;
            self.prog.push(Leg { next, ..leg });
        }
        id
    }

    /// Whether Black's moves are White's: every first-leg direction comes
    /// with its opposite in the same term (later legs are relative).
    fn colour_blind(terms: &[Term]) -> bool {
        terms.iter().all(|t| match t {
            Term::Move(m) => m.first.iter().all(|&(x, y)| m.first.contains(&(-x, -y))),
            Term::Castle { .. } => true,
        })
    }

    /// Empties the trie.
    fn clear(&mut self) {
        let mut c = self.trie.first().map_or(0, |r| r.first);
        while c != 0 {
            let n = self.trie[c as usize];
            self.root_kids[n.sq as usize] = 0;
            c = n.next;
        }
        self.trie.clear();
        self.trie.push(ROOT);
    }

    /// The child of trie node `parent` on `sq`, made if new: one compile
    /// step, plus one per sibling compared below the root.
    #[inline]
    fn child(&mut self, parent: u32, sq: Square) -> Result<u32, Exceeded> {
        self.spend(1)?;
        if parent == 0 {
            let c = self.root_kids[sq.index()];
            if c != 0 {
                return Ok(c);
            }
        } else {
            let mut c = self.trie[parent as usize].first;
            while c != 0 {
                let n = self.trie[c as usize];
                if n.sq == sq.0 {
                    return Ok(c);
                }
                self.spend(1)?;
                c = n.next;
            }
        }
        if self.trie.len() > MAX_SQUARE_NODES {
            return Err(Exceeded::SquareNodes);
        }
        let id = self.trie.len() as u32;
        let p = &mut self.trie[parent as usize];
        let next = p.first;
        p.first = id;
        self.trie.push(TrieNode {
            sq: sq.0,
            flags: 0,
            first: 0,
            next,
        });
        if parent == 0 {
            self.root_kids[sq.index()] = id;
        }
        Ok(id)
    }

    /// Traces the loaded program from `from` into the (cleared) trie.
    fn trace(
        &mut self,
        size: BoardSize,
        color: Color,
        from: Square,
        confinement: Option<Mask>,
        initial: bool,
    ) -> Result<(), Exceeded> {
        let sign = if color == Color::White { 1 } else { -1 };
        let (files, ranks) = (size.files() as i8, size.ranks() as i8);
        // The board, once: `all_of` in the wide word is a loop.
        let all = size.all_of();
        let all_allowed = confinement.unwrap_or(all);
        // The square one step `d` from (f, r), if on the board and in `allowed`.
        let step_in = |allowed: &Mask, f: i8, r: i8, d: (i8, i8)| -> Option<(i8, i8, Square)> {
            let (f, r) = (f + d.0, r + d.1);
            if f < 0 || r < 0 || f >= files || r >= ranks {
                return None;
            }
            let s = Square(r as u16 * files as u16 + f as u16);
            allowed.contains(s).then_some((f, r, s))
        };
        let (f0, r0) = (size.file(from) as i8, size.rank(from) as i8);
        let mut root = self.prog[0].first;
        while root != 0 {
            let id = root;
            let leg = self.prog[id as usize];
            root = leg.next;
            if leg.initial && !initial {
                continue;
            }
            self.spend(1)?;
            let dir = (leg.dir.0 * sign, leg.dir.1 * sign);
            // A diagonal move of a piece with `diagonal-lines` keeps to them.
            let mut allowed = all_allowed;
            // A lame leap's blocking squares need not lie in the confinement:
            // the piece never stands there (supply chess's Elephants).
            let mut path_allowed = all;
            if let Some(lines) = self.lines.filter(|_| diagonal(dir)) {
                if !lines.contains(from) {
                    continue;
                }
                allowed &= lines;
                path_allowed &= lines;
            }
            let step = |f: i8, r: i8, d: (i8, i8)| step_in(&allowed, f, r, d);
            if leg.lame {
                // Step by step: straight for orthogonal and diagonal leaps,
                // orthogonally along the long side first for oblique ones.
                let (ax, ay) = (dir.0.abs(), dir.1.abs());
                let (sx, sy) = (dir.0.signum(), dir.1.signum());
                let (long, short) = (ax.max(ay), ax.min(ay));
                let orth = if ax > ay { (sx, 0) } else { (0, sy) };
                let straight = ax == 0 || ay == 0 || ax == ay;
                let mut path = [Square(0); 16];
                let (mut f, mut r) = (f0, r0);
                let mut ok = true;
                for (k, slot) in path.iter_mut().enumerate().take(long as usize) {
                    let d = if straight || (k as i8) >= long - short {
                        (sx, sy)
                    } else {
                        orth
                    };
                    let within = if (k as i8) + 1 == long {
                        &allowed
                    } else {
                        &path_allowed
                    };
                    match step_in(within, f, r, d) {
                        Some((nf, nr, s)) => {
                            (f, r) = (nf, nr);
                            *slot = s;
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    let mut node = 0;
                    for &s in &path[..long as usize] {
                        node = self.child(node, s)?;
                    }
                    self.trie[node as usize].flags |= leg.flags;
                }
                continue;
            }
            if leg.range == 1 && leg.first == 0 {
                // A plain leap, the commonest case.
                if let Some((_, _, s)) = step(f0, r0, dir) {
                    let node = self.child(0, s)?;
                    self.trie[node as usize].flags |= leg.flags;
                }
                continue;
            }
            self.stack.push(Frame {
                leg: id,
                file: f0,
                rank: r0,
                dir,
                node: 0,
            });
            while let Some(fr) = self.stack.pop() {
                let leg = self.prog[fr.leg as usize];
                let (mut f, mut r, mut node, mut k) = (fr.file, fr.rank, fr.node, 0u8);
                while let Some((nf, nr, s)) = step(f, r, fr.dir) {
                    (f, r) = (nf, nr);
                    k += 1;
                    node = self.child(node, s)?;
                    self.trie[node as usize].flags |= leg.flags;
                    let mut c = leg.first;
                    while c != 0 {
                        let next = self.prog[c as usize];
                        let shape = shape_of(fr.dir);
                        for e in 0..8u8 {
                            if next.turns & (1 << e) != 0 {
                                self.spend(1)?;
                                self.stack.push(Frame {
                                    leg: c,
                                    file: f,
                                    rank: r,
                                    dir: turn(fr.dir, e, shape),
                                    node,
                                });
                            }
                        }
                        c = next.next;
                    }
                    // Range 0 is unlimited; a slide ends at the board's edge.
                    if k == leg.range {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    /// Traces the crooked (`z`), circular (`q`) and cylindrical (`o`) terms
    /// from `from` into the trie: paths whose step changes along the way, so
    /// that generation and attack tests read them as any other path.
    fn trace_curves(
        &mut self,
        size: BoardSize,
        color: Color,
        from: Square,
        confinement: Option<Mask>,
        initial: bool,
    ) -> Result<(), Exceeded> {
        let sign = if color == Color::White { 1 } else { -1 };
        let (files, ranks) = (size.files() as i32, size.ranks() as i32);
        let allowed = confinement.unwrap_or(size.all_of());
        let terms = std::mem::take(&mut self.curves);
        let mut result = Ok(());
        'terms: for m in &terms {
            if m.initial && !initial {
                continue;
            }
            // The atom's directions in angular order: a turn is one place on.
            let mut ring = crate::notation::atom_vectors(m.atom);
            ring.sort_by(|a, b| {
                let angle = |v: &(i8, i8)| (v.1 as f64).atan2(v.0 as f64);
                angle(a).total_cmp(&angle(b))
            });
            let hands: &[i32] = if m.crooked || m.circular {
                &[1, -1]
            } else {
                &[0]
            };
            let flags = flags_of(m);
            for &d0 in &m.first {
                let d0 = (d0.0 * sign, d0.1 * sign);
                let Some(i0) = ring.iter().position(|&v| v == d0) else {
                    continue;
                };
                for &hand in hands {
                    let (mut f, mut r) = (size.file(from) as i32, size.rank(from) as i32);
                    let mut node = 0;
                    let mut k: i32 = 0;
                    loop {
                        let turn = if m.circular {
                            hand * k
                        } else if k % 2 == 1 {
                            hand
                        } else {
                            0
                        };
                        let n = ring.len() as i32;
                        let d = ring[(i0 as i32 + turn).rem_euclid(n) as usize];
                        let (mut nf, nr) = (f + d.0 as i32, r + d.1 as i32);
                        if m.cylinder {
                            nf = nf.rem_euclid(files);
                        }
                        if nf < 0 || nr < 0 || nf >= files || nr >= ranks {
                            break;
                        }
                        let Some(s) = size.square(nf, nr) else { break };
                        // Back on the start: the piece itself stands there.
                        if s == from || !allowed.contains(s) {
                            break;
                        }
                        node = match self.child(node, s) {
                            Ok(c) => c,
                            Err(e) => {
                                result = Err(e);
                                break 'terms;
                            }
                        };
                        self.trie[node as usize].flags |= flags;
                        (f, r) = (nf, nr);
                        k += 1;
                        // A circle closes after one step per direction.
                        if k == m.range as i32 || (m.circular && k + 1 >= n) {
                            break;
                        }
                    }
                }
            }
        }
        self.curves = terms;
        result
    }

    /// Traces the locust terms from `from` into `out`, sorted by (via, to)
    /// with paths of the same squares and modes merged where one's squares
    /// are a subset of another's.
    fn trace_locusts(
        &mut self,
        size: BoardSize,
        color: Color,
        from: Square,
        confinement: Option<Mask>,
        initial: bool,
        out: &mut Vec<LocustPath<TraceWord>>,
    ) -> Result<(), Exceeded> {
        let sign = if color == Color::White { 1 } else { -1 };
        let allowed = confinement.unwrap_or(size.all_of());
        let terms = std::mem::take(&mut self.locusts);
        let mut result = Ok(());
        for m in &terms {
            if m.initial && !initial {
                continue;
            }
            let Some(l) = m.locust else { continue };
            // (leg, direction, range) of every leg, the first one's
            // directions apart.
            let mut legs: Vec<(u8, u8)> = vec![(0, m.range)];
            legs.extend(m.later.iter().map(|x| (x.turns, x.range)));
            for &dir in &m.first {
                let dir = (dir.0 * sign, dir.1 * sign);
                let mut walk = LocustWalk {
                    size,
                    allowed,
                    from,
                    legs: &legs,
                    capture_leg: l.leg as usize,
                    flags: flags_of(m) | if l.distinct { VIA_EMPTY } else { 0 },
                    out,
                };
                if let Err(e) = walk.leg(self, 0, from, dir, Mask::empty(), None) {
                    result = Err(e);
                    break;
                }
            }
            if result.is_err() {
                break;
            }
        }
        self.locusts = terms;
        result
    }

    /// The hop rays from `from` and, for captures, their (target, squares
    /// before it) into `masks`.
    fn hop_rays(
        &mut self,
        size: BoardSize,
        color: Color,
        from: Square,
        confinement: Option<Mask>,
        initial: bool,
        out: &mut Vec<Ray<TraceWord>>,
    ) -> Result<u16, Exceeded> {
        let sign = if color == Color::White { 1 } else { -1 };
        let allowed = confinement.unwrap_or(size.all_of());
        let mut count = 0u16;
        for i in 0..self.hops.len() {
            let h = self.hops[i];
            if h.initial && !initial {
                continue;
            }
            let dir = (h.dir.0 * sign, h.dir.1 * sign);
            let mut allowed = allowed;
            if let Some(lines) = self.lines.filter(|_| diagonal(dir)) {
                if !lines.contains(from) {
                    continue;
                }
                allowed &= lines;
            }
            let (mut f, mut r) = (size.file(from) as i32, size.rank(from) as i32);
            let mut all = Mask::empty();
            let mut k = 0u8;
            let mut last = from;
            while let Some(s) = size.square(f + dir.0 as i32, r + dir.1 as i32) {
                if !allowed.contains(s) {
                    break;
                }
                self.spend(1)?;
                (f, r) = (f + dir.0 as i32, r + dir.1 as i32);
                if h.grass {
                    // The screen is the square before `s`; the rest must be empty.
                    if h.flags & CAPTURE != 0 && last != from {
                        self.grass_masks
                            .push((s.0, all.without(last), Mask::of(last)));
                    }
                } else if h.flags & CAPTURE != 0 && all.count() >= 1 {
                    self.masks.push((s.0, all));
                }
                all = all.with(s);
                last = s;
                k += 1;
                if k == h.range {
                    break;
                }
            }
            // A hop needs a screen and a square after it.
            if all.count() >= 2 {
                out.push(Ray {
                    all,
                    quiet: h.flags & QUIET != 0,
                    capture: h.flags & CAPTURE != 0,
                    ascending: last > from,
                    grass: h.grass,
                });
                count += 1;
            }
        }
        Ok(count)
    }

    /// The chain at `node` as a ray, if it is a single chain with a constant
    /// index step and no en-passant stops.
    fn as_ray(&self, node: u32) -> Option<Ray<TraceWord>> {
        let flags = self.trie[node as usize].flags;
        if flags & EP != 0 || flags == 0 {
            return None;
        }
        let mut ray = Ray {
            all: Mask::empty(),
            quiet: flags & QUIET != 0,
            capture: flags & CAPTURE != 0,
            ascending: true,
            grass: false,
        };
        let mut cur = node;
        let mut prev: Option<u16> = None;
        loop {
            let n = self.trie[cur as usize];
            if n.flags != flags {
                return None;
            }
            if let Some(p) = prev {
                if n.sq == p || (n.sq > p) != ray.ascending {
                    return None;
                }
            } else if n.first != 0 {
                ray.ascending = self.trie[n.first as usize].sq > n.sq;
            }
            ray.all |= Mask::of(Square(n.sq));
            prev = Some(n.sq);
            match n.first {
                0 => return Some(ray),
                c if self.trie[c as usize].next == 0 => cur = c,
                _ => return None,
            }
        }
    }

    /// Appends the subtree at `top` to `out` in pre-order, each node's
    /// `skip` the index (from `base`) just past its subtree, and its
    /// blockable captures to `masks`.
    fn flatten(&mut self, top: u32, base: usize, out: &mut Vec<Node>) {
        let mut cur = top;
        let mut mask = Mask::empty();
        loop {
            if cur != 0 {
                let n = self.trie[cur as usize];
                if n.flags & CAPTURE != 0 && !mask.is_empty() {
                    self.masks.push((n.sq, mask));
                }
                self.open.push((cur, out.len(), mask));
                out.push(Node::new(n.sq, n.flags));
                mask = mask.with(Square(n.sq));
                cur = n.first;
                continue;
            }
            let Some((done, at, done_mask)) = self.open.pop() else {
                return;
            };
            // At most MAX_SQUARE_NODES nodes, checked before flattening.
            out[at].skip = (out.len() - base) as u16;
            if done == top {
                return;
            }
            cur = self.trie[done as usize].next;
            mask = done_mask;
        }
    }
}

impl<W: BitWord> Tables<W> {
    /// Compiles `specs[colour][role]`.
    pub(crate) fn build(
        size: BoardSize,
        specs: &[Vec<PieceSpec<'_, W>>; 2],
    ) -> Result<Tables<W>, BuildError> {
        let n = size.squares();
        let roles = specs[0].len();
        let slots = 2 * roles * n;
        let mut t = Tables {
            n,
            roles,
            slots: vec![Slot::default(); slots],
            ep: vec![Bitboard::<W>::empty(); slots],
            rays: Vec::new(),
            nodes: Vec::new(),
            rev_capture: vec![Bitboard::<W>::empty(); slots],
            rev_path: vec![Bitboard::<W>::empty(); slots],
            rev_hop: vec![Bitboard::<W>::empty(); slots],
            leap_reach: vec![Bitboard::<W>::empty(); 2 * n],
            path_reach: vec![Bitboard::<W>::empty(); 2 * n],
            hop_reach: vec![Bitboard::<W>::empty(); 2 * n],
            has_hops: [false; 2],
            shift_list: Vec::new(),
            shift_roles: [Vec::new(), Vec::new()],
            rev_ep: vec![Bitboard::<W>::empty(); slots],
            path_roles: [Vec::new(), Vec::new()],
            hop_roles: [Vec::new(), Vec::new()],
            path_from: vec![Bitboard::<W>::empty(); slots],
            hop_from: vec![Bitboard::<W>::empty(); slots],
            paths: PathTable {
                slot: vec![None; 2 * roles],
                ..PathTable::default()
            },
            hops: PathTable {
                slot: vec![None; 2 * roles],
                ..PathTable::default()
            },
            grass: PathTable {
                slot: vec![None; 2 * roles],
                ..PathTable::default()
            },
            locust_range: Vec::new(),
            locust_paths: Vec::new(),
            locust_roles: [Vec::new(), Vec::new()],
            file_up: Vec::with_capacity(n),
            file_down: Vec::with_capacity(n),
        };
        let mut b = Builder {
            prog: Vec::new(),
            prog_index: LegIndex::default(),
            trie: vec![ROOT],
            root_kids: [0; MAX_HUGE_SQUARES],
            stack: Vec::new(),
            open: Vec::new(),
            masks: Vec::new(),
            hops: Vec::new(),
            grass_masks: Vec::new(),
            locusts: Vec::new(),
            curves: Vec::new(),
            lines: None,
            steps_left: MAX_COMPILE_STEPS,
        };
        // The blockable captures of one piece type: (from * n + to, mask).
        let mut role_paths: Vec<(u32, Bitboard<W>)> = Vec::new();
        let mut role_hops: Vec<(u32, Bitboard<W>)> = Vec::new();
        // Grasshopper captures, two masks per path (see `Tables::grass`).
        let mut role_grass: Vec<(u32, Bitboard<W>)> = Vec::new();
        let mut cursor: Vec<u32> = Vec::new();
        // One square's rays, grouped as `Slot` keeps them.
        let mut square_rays: Vec<Ray<W>> = Vec::new();
        // What the builder traced from one square, in the board's word.
        let mut masks: Vec<(u16, Bitboard<W>)> = Vec::new();
        let mut grass_masks: Vec<(u16, Bitboard<W>, Bitboard<W>)> = Vec::new();
        let mut traced_rays: Vec<Ray<TraceWord>> = Vec::new();
        let mut traced_locusts: Vec<LocustPath<TraceWord>> = Vec::new();
        for (role, white) in specs[0].iter().enumerate() {
            let black = &specs[1][role];
            b.load(white.terms);
            let shared = Builder::colour_blind(white.terms)
                && white.confinement == black.confinement
                && white.initial == black.initial
                && white.lines == black.lines;
            for color in Color::ALL {
                let spec = &specs[color.index()][role];
                let cr = color.index() * roles + role;
                if color == Color::Black && shared {
                    // Black's tables are White's, already built.
                    let (w, bl) = (t.idx(Color::White, role, 0), t.idx(Color::Black, role, 0));
                    t.slots.copy_within(w..w + n, bl);
                    t.ep.copy_within(w..w + n, bl);
                    t.rev_capture.copy_within(w..w + n, bl);
                    t.rev_path.copy_within(w..w + n, bl);
                    t.rev_hop.copy_within(w..w + n, bl);
                    t.paths.slot[cr] = t.paths.slot[role];
                    t.hops.slot[cr] = t.hops.slot[role];
                    t.grass.slot[cr] = t.grass.slot[role];
                    if !t.locust_range.is_empty() {
                        t.locust_range.copy_within(w..w + n, bl);
                    }
                    continue;
                }
                role_paths.clear();
                role_hops.clear();
                role_grass.clear();
                let confinement = spec.confinement.map(to_mask);
                b.lines = spec.lines.map(to_mask);
                for from in 0..n {
                    let from_sq = Square(from as u16);
                    let idx = t.idx(color, role, from);
                    b.clear();
                    let initial = spec.initial.is_some_and(|r| r.contains(from_sq));
                    b.trace(size, color, from_sq, confinement, initial)
                        .and_then(|()| {
                            if b.curves.is_empty() {
                                Ok(())
                            } else {
                                b.trace_curves(size, color, from_sq, confinement, initial)
                            }
                        })
                        .map_err(|e| match e {
                            Exceeded::Steps => BuildError::Steps { role },
                            Exceeded::SquareNodes => BuildError::SquareNodes { role },
                        })?;
                    let mut slot = Slot::default();
                    square_rays.clear();
                    let base = t.nodes.len();
                    b.masks.clear();
                    let mut c = b.trie[0].first;
                    while c != 0 {
                        let node = b.trie[c as usize];
                        let bb = Bitboard::<W>::of(Square(node.sq));
                        if node.flags & CAPTURE != 0 {
                            let ri = t.idx(color, role, node.sq as usize);
                            t.rev_capture[ri] |= Bitboard::<W>::of(from_sq);
                        }
                        if node.first == 0 {
                            if node.flags & QUIET != 0 {
                                slot.quiet |= bb;
                            }
                            if node.flags & CAPTURE != 0 {
                                slot.capture |= bb;
                            }
                            if node.flags & EP != 0 {
                                t.ep[idx] |= bb;
                            }
                        } else if let Some(ray) = b.as_ray(c).map(ray_in::<W>) {
                            if ray.capture {
                                // Each square past the first: the ones before it.
                                let mut before = Bitboard::<W>::empty();
                                let mut rest = ray.all;
                                while !rest.is_empty() {
                                    let s = if ray.ascending {
                                        rest.0.lowest()
                                    } else {
                                        rest.0.highest()
                                    };
                                    let s = s.unwrap_or_default();
                                    let s = Square(s as u16);
                                    rest = rest.without(s);
                                    if !before.is_empty() {
                                        role_paths.push(((from * n + s.index()) as u32, before));
                                    }
                                    before = before.with(s);
                                }
                            }
                            square_rays.push(ray);
                        } else {
                            b.flatten(c, base, &mut t.nodes);
                        }
                        c = node.next;
                    }
                    // Group the rays: ascending, descending (both modes), the rest.
                    slot.rays = t.rays.len() as u32;
                    let both = |r: &Ray<W>| r.quiet && r.capture;
                    let group = |r: &Ray<W>| match (both(r), r.ascending) {
                        (true, true) => 0,
                        (true, false) => 1,
                        (false, _) => 2,
                    };
                    square_rays.sort_by_key(group);
                    let count = |g| square_rays.iter().filter(|r| group(r) == g).count() as u8;
                    (slot.ascending, slot.descending, slot.other) = (count(0), count(1), count(2));
                    t.rays.extend_from_slice(&square_rays);
                    let len = (t.nodes.len() - base) as u16;
                    // Two paths over the same squares in another order are one.
                    masks.clear();
                    masks.extend(b.masks.iter().map(|&(to, m)| (to, from_mask::<W>(m))));
                    masks.sort_unstable_by_key(|&(to, m)| (to, m.0));
                    masks.dedup();
                    role_paths.extend(
                        masks
                            .iter()
                            .map(|&(to, m)| ((from * n + to as usize) as u32, m)),
                    );
                    b.masks.clear();
                    b.grass_masks.clear();
                    traced_rays.clear();
                    let hops = b
                        .hop_rays(size, color, from_sq, confinement, initial, &mut traced_rays)
                        .map_err(|_| BuildError::Steps { role })?;
                    t.rays.extend(traced_rays.iter().map(|&r| ray_in::<W>(r)));
                    if !b.locusts.is_empty() {
                        if t.locust_range.is_empty() {
                            t.locust_range = vec![(0, 0); slots];
                        }
                        let first = t.locust_paths.len();
                        traced_locusts.clear();
                        b.trace_locusts(
                            size,
                            color,
                            from_sq,
                            confinement,
                            initial,
                            &mut traced_locusts,
                        )
                        .map_err(|_| BuildError::Steps { role })?;
                        let out = &mut t.locust_paths;
                        out.extend(traced_locusts.iter().map(|p| LocustPath {
                            empty: from_mask::<W>(p.empty),
                            via: p.via,
                            to: p.to,
                            flags: p.flags,
                        }));
                        out[first..]
                            .sort_unstable_by_key(|p| (p.via.0, p.to.0, p.flags, p.empty.0));
                        // The same (via, to, modes) twice over the same squares is one path.
                        let mut kept = first;
                        for i in first..out.len() {
                            let p = out[i];
                            if kept > first && out[kept - 1] == p {
                                continue;
                            }
                            out[kept] = p;
                            kept += 1;
                        }
                        out.truncate(kept);
                        if t.locust_paths.len() > MAX_ATTACK_PATHS {
                            return Err(BuildError::AttackPaths { role });
                        }
                        t.locust_range[idx] = (first as u32, t.locust_paths.len() as u32);
                    }
                    (slot.nodes, slot.nodes_len, slot.hops) = (base as u32, len, hops);
                    slot.leaps_only = square_rays.is_empty() && hops == 0 && len == 0;
                    t.slots[idx] = slot;
                    role_hops.extend(
                        b.masks
                            .iter()
                            .map(|&(to, m)| ((from * n + to as usize) as u32, from_mask::<W>(m))),
                    );
                    grass_masks.clear();
                    grass_masks.extend(
                        b.grass_masks
                            .iter()
                            .map(|&(to, m, s)| (to, from_mask::<W>(m), from_mask::<W>(s))),
                    );
                    grass_masks.sort_unstable_by_key(|&(to, m, s)| (to, m.0, s.0));
                    grass_masks.dedup();
                    for &(to, m, screen) in &grass_masks {
                        let pair = (from * n + to as usize) as u32;
                        role_grass.push((pair, m));
                        role_grass.push((pair, screen));
                    }
                    let stored = t.paths.masks.len() + t.hops.masks.len() + t.grass.masks.len();
                    let pending = role_paths.len() + role_hops.len() + role_grass.len();
                    if stored + pending > MAX_ATTACK_PATHS {
                        return Err(BuildError::AttackPaths { role });
                    }
                }
                for (paths, rev) in [(&role_paths, &mut t.rev_path), (&role_hops, &mut t.rev_hop)] {
                    for &(pair, _) in paths.iter() {
                        let (from, to) = (pair as usize / n, pair as usize % n);
                        rev[cr * n + to] |= Bitboard::<W>::of(Square(from as u16));
                    }
                }
                let index = |p: &PathTable<W>, pending: &[(u32, Bitboard<W>)]| {
                    p.index_len() + PathTable::<W>::block_len(n, pending.len())
                };
                let entries = index(&t.paths, &role_paths)
                    + index(&t.hops, &role_hops)
                    + index(&t.grass, &role_grass);
                if entries * std::mem::size_of::<u32>() > MAX_PATH_INDEX_BYTES {
                    return Err(BuildError::PathIndex { role });
                }
                t.paths.add(cr, n, &role_paths, &mut cursor);
                for &(pair, _) in &role_grass {
                    let (from, to) = (pair as usize / n, pair as usize % n);
                    t.rev_hop[cr * n + to] |= Bitboard::<W>::of(Square(from as u16));
                }
                t.hops.add(cr, n, &role_hops, &mut cursor);
                t.grass.add(cr, n, &role_grass, &mut cursor);
            }
        }
        for color in Color::ALL {
            let c = color.index();
            for role in 0..roles {
                let cr = c * roles + role;
                let hops = t.hops.slot[cr].is_some() || t.grass.slot[cr].is_some();
                t.has_hops[c] |= hops;
                if t.paths.slot[cr].is_some() {
                    t.path_roles[c].push(role as u8);
                }
                if !t.locust_range.is_empty()
                    && (0..n).any(|sq| {
                        let (a, b) = t.locust_range[cr * n + sq];
                        a != b
                    })
                {
                    t.locust_roles[c].push(role as u8);
                }
                if hops {
                    t.hop_roles[c].push(role as u8);
                }
                for sq in 0..n {
                    t.path_from[(c * n + sq) * roles + role] = t.rev_path[cr * n + sq];
                    t.hop_from[(c * n + sq) * roles + role] = t.rev_hop[cr * n + sq];
                    t.leap_reach[c * n + sq] |= t.rev_capture[cr * n + sq];
                    t.path_reach[c * n + sq] |= t.rev_path[cr * n + sq];
                    t.hop_reach[c * n + sq] |= t.rev_hop[cr * n + sq];
                }
            }
        }
        for sq in 0..n {
            let s = Square(sq as u16);
            let (f, r) = (size.file(s) as i32, size.rank(s) as i32);
            let up = (r + 1..size.ranks() as i32)
                .filter_map(|r| size.square(f, r))
                .collect();
            let down = (0..r).filter_map(|r| size.square(f, r)).collect();
            t.file_up.push(up);
            t.file_down.push(down);
        }
        t.build_shifts(specs);
        Ok(t)
    }

    /// Finds, for each (colour, role), whether all its moves are shifts
    /// (leaps and lines of constant index step, no trie and no hops), and
    /// groups them by (step, modes, length); and the reverse e.p. table.
    fn build_shifts(&mut self, specs: &[Vec<PieceSpec<'_, W>>; 2]) {
        let n = self.n;
        for color in Color::ALL {
            for (role, spec) in specs[color.index()].iter().enumerate() {
                for from in 0..n {
                    let idx = self.idx(color, role, from);
                    for e in self.ep[idx] {
                        let ri = self.idx(color, role, e.index());
                        self.rev_ep[ri] |= Bitboard::<W>::of(Square(from as u16));
                    }
                }
                let start = self.shift_list.len();
                if !spec.royal && self.role_shifts(color, role) {
                    let end = self.shift_list.len() as u32;
                    self.shift_roles[color.index()].push((role as u8, start as u32, end));
                } else {
                    self.shift_list.truncate(start);
                }
            }
        }
    }

    /// Appends the shifts of one (colour, role) to `shift_list`; `false`
    /// (leaving what it appended) if its moves are not all shifts or make
    /// more than [`MAX_SHIFTS`].
    fn role_shifts(&mut self, color: Color, role: usize) -> bool {
        let n = self.n;
        let start = self.shift_list.len();
        for from in 0..n {
            let slot = self.slots[self.idx(color, role, from)];
            if slot.hops != 0 || slot.nodes_len != 0 {
                return false;
            }
            let from_sq = Square(from as u16);
            let delta = |to: Square| (to.index() as i32 - from as i32) as i16;
            let add = |list: &mut Vec<Shift<W>>, d: i16, steps: u8, quiet: bool, capture: bool| {
                let key = (d, steps, quiet, capture);
                let have = list.len() - start;
                match list[start..]
                    .iter_mut()
                    .find(|s| (s.delta, s.steps, s.quiet, s.capture) == key)
                {
                    Some(s) => s.from = s.from.with(from_sq),
                    None if have < MAX_SHIFTS => list.push(Shift {
                        from: Bitboard::<W>::of(from_sq),
                        delta: d,
                        rotate: (d as i32).rem_euclid(W::BITS as i32) as u16,
                        steps,
                        quiet,
                        capture,
                    }),
                    None => return false,
                }
                true
            };
            for to in slot.quiet | slot.capture {
                let (q, c) = (slot.quiet.contains(to), slot.capture.contains(to));
                if !add(&mut self.shift_list, delta(to), 1, q, c) {
                    return false;
                }
            }
            let (start_ray, end_ray) = {
                let (asc, desc, other) = self.rays(&slot);
                let s = slot.rays as usize;
                (s, s + asc.len() + desc.len() + other.len())
            };
            for i in start_ray..end_ray {
                let ray = self.rays[i];
                // The squares in order: a constant step from `from`.
                let squares = ray.all.count();
                let first = if ray.ascending {
                    ray.all.first()
                } else {
                    ray.all.squares().last()
                };
                let Some(first) = first else { continue };
                let d = delta(first);
                let line = (1..=squares as i32)
                    .map(|k| from as i32 + k * d as i32)
                    .all(|i| (0..n as i32).contains(&i) && ray.all.contains(Square(i as u16)));
                if !line
                    || squares > u8::MAX as u32
                    || !add(
                        &mut self.shift_list,
                        d,
                        squares as u8,
                        ray.quiet,
                        ray.capture,
                    )
                {
                    return false;
                }
            }
        }
        true
    }

    /// The roles of `color` whose moves are all shifts, with their shifts.
    #[inline(always)]
    pub(crate) fn shift_roles(&self, color: Color) -> impl Iterator<Item = (usize, &[Shift<W>])> {
        self.shift_roles[color.index()]
            .iter()
            .map(|&(r, a, b)| (r as usize, &self.shift_list[a as usize..b as usize]))
    }

    /// Squares from which a piece of `role` captures en passant onto `sq`.
    #[inline(always)]
    pub(crate) fn ep_attackers(&self, color: Color, role: usize, sq: Square) -> Bitboard<W> {
        self.rev_ep[self.idx(color, role, sq.index())]
    }

    #[inline]
    fn idx(&self, color: Color, role: usize, sq: usize) -> usize {
        (color.index() * self.roles + role) * self.n + sq
    }

    /// The move data of a piece on `sq`.
    #[inline]
    pub(crate) fn slot(&self, color: Color, role: usize, sq: Square) -> &Slot<W> {
        &self.slots[self.idx(color, role, sq.index())]
    }

    /// The move data of one piece type on every square, indexed by square.
    #[inline(always)]
    pub(crate) fn slots(&self, color: Color, role: usize) -> &[Slot<W>] {
        let start = self.idx(color, role, 0);
        &self.slots[start..start + self.n]
    }

    /// The rays of a slot in their groups: ascending and descending ones
    /// that both move and capture, and the others.
    #[inline(always)]
    pub(crate) fn rays(&self, slot: &Slot<W>) -> RayGroups<'_, W> {
        let start = slot.rays as usize;
        let (a, d) = (slot.ascending as usize, slot.descending as usize);
        let end = start + a + d + slot.other as usize;
        let all = &self.rays[start..end];
        let (asc, rest) = all.split_at(a);
        let (desc, other) = rest.split_at(d);
        (asc, desc, other)
    }

    /// The hop rays of a slot.
    #[inline]
    pub(crate) fn hops(&self, slot: &Slot<W>) -> &[Ray<W>] {
        let start = slot.rays as usize
            + slot.ascending as usize
            + slot.descending as usize
            + slot.other as usize;
        &self.rays[start..start + slot.hops as usize]
    }

    /// En-passant targets of a piece on `sq`.
    #[inline]
    pub(crate) fn ep(&self, color: Color, role: usize, sq: Square) -> Bitboard<W> {
        self.ep[self.idx(color, role, sq.index())]
    }

    /// The path trie of a slot (what is not a leap or a ray).
    #[inline]
    pub(crate) fn nodes(&self, slot: &Slot<W>) -> &[Node] {
        let start = slot.nodes as usize;
        &self.nodes[start..start + slot.nodes_len as usize]
    }

    /// Every square the piece could reach from `sq` on an empty board.
    pub(crate) fn reach_on_empty_board(
        &self,
        color: Color,
        role: usize,
        sq: Square,
    ) -> Bitboard<W> {
        self.empty_board_reach(color, role, sq, false)
    }

    /// Every square the piece could reach from `sq` by a move that
    /// captures nothing, on an empty board (hops, which need a piece to
    /// jump, aside).
    pub(crate) fn quiet_reach_on_empty_board(
        &self,
        color: Color,
        role: usize,
        sq: Square,
    ) -> Bitboard<W> {
        self.empty_board_reach(color, role, sq, true)
    }

    /// [`reach_on_empty_board`](Self::reach_on_empty_board), or with
    /// `quiet_only` its non-capturing moves alone.
    #[inline(always)]
    fn empty_board_reach(
        &self,
        color: Color,
        role: usize,
        sq: Square,
        quiet_only: bool,
    ) -> Bitboard<W> {
        let slot = self.slot(color, role, sq);
        let (asc, desc, other) = self.rays(slot);
        let hops = if quiet_only { &[] } else { self.hops(slot) };
        let rays = asc
            .iter()
            .chain(desc)
            .chain(other)
            .chain(hops)
            .filter(|r| !quiet_only || r.quiet)
            .fold(Bitboard::<W>::empty(), |b, r| b | r.all);
        let nodes = self
            .nodes(slot)
            .iter()
            .filter(|n| !quiet_only || n.flags() & QUIET != 0)
            .map(|n| n.sq());
        let leaps = if quiet_only {
            slot.quiet
        } else {
            slot.quiet | slot.capture
        };
        leaps | rays | nodes.collect()
    }

    /// Squares from which a piece of `role` and `color` captures on `sq` by a leap.
    #[inline]
    pub(crate) fn leap_attackers(&self, color: Color, role: usize, sq: Square) -> Bitboard<W> {
        self.rev_capture[self.idx(color, role, sq.index())]
    }

    /// Squares from which some piece of `color` captures on `sq` by a leap.
    #[inline(always)]
    pub(crate) fn leap_reach(&self, color: Color, sq: Square) -> Bitboard<W> {
        self.leap_reach[color.index() * self.n + sq.index()]
    }

    /// Squares from which some piece of `color` has a blockable capture onto `sq`.
    #[inline(always)]
    pub(crate) fn path_reach(&self, color: Color, sq: Square) -> Bitboard<W> {
        self.path_reach[color.index() * self.n + sq.index()]
    }

    /// Squares from which some piece of `color` has a hop capture onto `sq`.
    #[inline(always)]
    pub(crate) fn hop_reach(&self, color: Color, sq: Square) -> Bitboard<W> {
        self.hop_reach[color.index() * self.n + sq.index()]
    }

    /// The roles of `color` with blockable captures.
    #[inline(always)]
    pub(crate) fn path_roles(&self, color: Color) -> &[u8] {
        &self.path_roles[color.index()]
    }

    /// The roles of `color` with hop captures.
    #[inline(always)]
    pub(crate) fn hop_roles(&self, color: Color) -> &[u8] {
        &self.hop_roles[color.index()]
    }

    /// Per role of `color`: the squares from which a piece of it has a
    /// blockable capture onto `sq`.
    #[inline(always)]
    pub(crate) fn path_from(&self, color: Color, sq: Square) -> &[Bitboard<W>] {
        let start = (color.index() * self.n + sq.index()) * self.roles;
        &self.path_from[start..start + self.roles]
    }

    /// Per role of `color`: the squares from which it has a hop capture onto `sq`.
    #[inline(always)]
    pub(crate) fn hop_from(&self, color: Color, sq: Square) -> &[Bitboard<W>] {
        let start = (color.index() * self.n + sq.index()) * self.roles;
        &self.hop_from[start..start + self.roles]
    }

    /// The roles of `color` with locust captures (usually none).
    #[inline(always)]
    pub(crate) fn locust_roles(&self, color: Color) -> &[u8] {
        &self.locust_roles[color.index()]
    }

    /// The locust capture paths of a piece of `role` on `sq`.
    #[inline]
    pub(crate) fn locust_paths(&self, color: Color, role: usize, sq: Square) -> &[LocustPath<W>] {
        let (a, b) = self.locust_range[self.idx(color, role, sq.index())];
        &self.locust_paths[a as usize..b as usize]
    }

    /// Whether any piece type of `color` captures by hopping.
    #[inline(always)]
    pub(crate) fn has_hops(&self, color: Color) -> bool {
        self.has_hops[color.index()]
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
    ) -> &[Bitboard<W>] {
        let cr = color.index() * self.roles + role;
        self.paths.get(cr, from.index(), to.index(), self.n)
    }

    /// Masks of squares of which exactly one must be occupied for a hop
    /// capture from `from` onto `to`.
    #[inline]
    pub(crate) fn hop_paths(
        &self,
        color: Color,
        role: usize,
        from: Square,
        to: Square,
    ) -> &[Bitboard<W>] {
        let cr = color.index() * self.roles + role;
        self.hops.get(cr, from.index(), to.index(), self.n)
    }

    /// Grasshopper captures from `from` onto `to`: pairs of masks, the
    /// squares that must be empty and the screen that must be occupied.
    #[inline]
    pub(crate) fn grass_paths(
        &self,
        color: Color,
        role: usize,
        from: Square,
        to: Square,
    ) -> &[Bitboard<W>] {
        let cr = color.index() * self.roles + role;
        self.grass.get(cr, from.index(), to.index(), self.n)
    }

    /// Squares strictly between two squares of one file (empty if not on one file).
    #[inline]
    pub(crate) fn file_between(&self, a: Square, b: Square) -> Bitboard<W> {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        if self.file_up[lo.index()].contains(hi) {
            self.file_up[lo.index()] & self.file_down[hi.index()]
        } else {
            Bitboard::<W>::empty()
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
