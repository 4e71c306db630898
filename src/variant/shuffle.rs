//! Shuffled start positions (`random-start = true`): the start position's
//! back rank rearranged, Chess960's 960 arrays and Capablanca random chess's,
//! numbered by one generic rule that gives Scharnagl's numbers for chess.
//!
//! The back rank is the rank of the White royal piece in the start position;
//! Black's pieces mirror White's file for file. The pieces are placed in
//! this order, each choice a digit of the number (the first the lowest):
//!
//! 1. each type of which the rank holds two pieces that keep to squares of
//!    one colour (a Bishop): one on a light square (a square of file `b` on
//!    rank 1's colour), then one on a dark square, counted from file `a`;
//! 2. every other type but the royal piece and its castling partner, in the
//!    definition's order: one piece by the free square it takes (counted from
//!    file `a`), several by the set of free squares, in lexicographic order;
//! 3. the castling partner, the royal piece and the partner again on the
//!    three squares left (the royal piece between its partners); without
//!    castling the royal piece is an ordinary type of step 2.
//!
//! For chess that is Scharnagl's numbering: light Bishop, dark Bishop,
//! Queen, Knights (the 10 pairs), then R K R; 518 is the standard array.

use crate::bitboard::{Color, Square};
use crate::variant::{Role, Variant};

/// The back rank's plan: what is placed, in order, and on which rank.
struct Plan {
    /// White's back rank (Black's is the mirror, `ranks - 1 - rank`).
    rank: u8,
    /// The colour-bound pairs, by type.
    pairs: Vec<Role>,
    /// The other types and how many of each, in the definition's order.
    others: Vec<(Role, usize)>,
    /// The castling partner, when the royal piece goes between two of them.
    partner: Option<Role>,
}

/// `n` choose `k`.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The `index`-th `k`-subset of `0..n` in lexicographic order.
fn unrank(mut index: u64, n: usize, k: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(k);
    let mut next = 0;
    for left in (1..=k).rev() {
        let mut a = next;
        loop {
            let c = choose((n - a - 1) as u64, (left - 1) as u64);
            if index < c {
                break;
            }
            index -= c;
            a += 1;
        }
        out.push(a);
        next = a + 1;
    }
    out
}

impl Variant {
    /// Whether every move of `role` keeps to squares of one colour.
    fn colour_bound(&self, role: Role) -> bool {
        let size = self.size;
        size.all().squares().all(|sq| {
            let parity = (size.file(sq) + size.rank(sq)) % 2;
            self.tables
                .reach_on_empty_board(Color::White, role.index(), sq)
                .squares()
                .all(|q: Square| (size.file(q) + size.rank(q)) % 2 == parity)
        })
    }

    /// The plan of a `random-start` variant's back rank, or why there is none.
    fn shuffle_plan(&self) -> Result<Plan, String> {
        if !self.def.random_start {
            return Err(format!("{} has no random-start", self.name));
        }
        let size = self.size;
        let placement = self.start_fen.split(' ').next().unwrap_or("");
        let start = crate::fen::parse_placement(self, placement).map_err(|e| e.to_string())?;
        let king = start
            .iter()
            .find(|(_, p)| p.role == self.royal && p.color == Color::White)
            .map(|(s, _)| *s)
            .ok_or("random-start: no White royal piece")?;
        let rank = size.rank(king);
        let mut counts = vec![0usize; self.pieces.len()];
        for (sq, p) in &start {
            if p.color == Color::White && size.rank(*sq) == rank {
                counts[p.role.index()] += 1;
            }
        }
        if counts.iter().sum::<usize>() != size.files() as usize {
            return Err("random-start: White's back rank must be full".into());
        }
        let partner = self.castling.as_ref().map(|c| c.rook);
        if let Some(r) = partner
            && counts[r.index()] != 2
        {
            return Err("random-start: the back rank needs two castling partners".into());
        }
        let mut pairs = Vec::new();
        let mut others = Vec::new();
        for (i, &n) in counts.iter().enumerate() {
            let role = Role(i as u8);
            if n == 0 || Some(role) == partner || (role == self.royal && partner.is_some()) {
                continue;
            }
            if n == 2 && self.colour_bound(role) {
                pairs.push(role);
            } else {
                others.push((role, n));
            }
        }
        Ok(Plan {
            rank,
            pairs,
            others,
            partner,
        })
    }

    /// Whether a `random-start` variant's back rank can be shuffled: a
    /// plan, a count that fits, and position 0 valid.
    pub(crate) fn random_start_check(&self) -> Result<(), String> {
        self.shuffle_plan()?;
        self.random_start_count()
            .filter(|&n| n > 0)
            .ok_or("random-start: too many arrangements to number")?;
        let fen = self.random_start_fen(0).unwrap_or_default();
        crate::Position::from_fen(self, &fen)
            .map(|_| ())
            .map_err(|e| format!("random-start: {e}"))
    }

    /// How many start positions a `random-start` variant numbers (960 for
    /// `chess960`), or `None` without the switch.
    ///
    /// ```
    /// use betza::Variant;
    /// assert_eq!(Variant::by_name("chess960")?.random_start_count(), Some(960));
    /// assert_eq!(Variant::by_name("caparandom")?.random_start_count(), Some(84000));
    /// assert_eq!(Variant::by_name("chess")?.random_start_count(), None);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn random_start_count(&self) -> Option<u64> {
        let plan = self.shuffle_plan().ok()?;
        let files = self.size.files() as u64;
        let light = (0..files)
            .filter(|f| (f + plan.rank as u64) % 2 == 1)
            .count() as u64;
        let dark = files - light;
        let mut count = 1u64;
        for i in 0..plan.pairs.len() as u64 {
            count = count.checked_mul(light.checked_sub(i)? * dark.checked_sub(i)?)?;
        }
        let mut free = files - 2 * plan.pairs.len() as u64;
        for &(_, n) in &plan.others {
            count = count.checked_mul(choose(free, n as u64))?;
            free = free.checked_sub(n as u64)?;
        }
        Some(count)
    }

    /// The FEN of start position number `n` (from 0, below
    /// [`random_start_count`](Self::random_start_count)) of a
    /// `random-start` variant: Scharnagl's number for `chess960` (518 is
    /// the standard array). Castling rights are all held.
    ///
    /// ```
    /// use betza::Variant;
    /// let v = Variant::by_name("chess960")?;
    /// assert_eq!(v.random_start_fen(518).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert_eq!(v.random_start_fen(0).unwrap(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(v.random_start_fen(960), None);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn random_start_fen(&self, n: u64) -> Option<String> {
        let plan = self.shuffle_plan().ok()?;
        if n >= self.random_start_count()? {
            return None;
        }
        let size = self.size;
        let files = size.files() as usize;
        let mut rank: Vec<Option<Role>> = vec![None; files];
        let mut n = n;
        for &role in &plan.pairs {
            // Light squares first (file b's on rank 1), then dark ones.
            for parity in [1, 0] {
                let mine: Vec<usize> = (0..files)
                    .filter(|&f| rank[f].is_none() && (f + plan.rank as usize) % 2 == parity)
                    .collect();
                let i = (n % mine.len() as u64) as usize;
                n /= mine.len() as u64;
                rank[mine[i]] = Some(role);
            }
        }
        for &(role, k) in &plan.others {
            let free: Vec<usize> = (0..files).filter(|&f| rank[f].is_none()).collect();
            let c = choose(free.len() as u64, k as u64);
            let subset = unrank(n % c, free.len(), k);
            n /= c;
            for i in subset {
                rank[free[i]] = Some(role);
            }
        }
        if let Some(partner) = plan.partner {
            let free: Vec<usize> = (0..files).filter(|&f| rank[f].is_none()).collect();
            for (i, f) in free.into_iter().enumerate() {
                rank[f] = Some(if i == 1 { self.royal } else { partner });
            }
        }
        Some(self.shuffled_fen(&plan, &rank))
    }

    /// A start position of a `random-start` variant chosen by `seed` (the
    /// same seed gives the same position).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess960")?;
    /// let fen = v.random_start_from_seed(7).unwrap();
    /// assert_eq!(Some(fen.clone()), v.random_start_from_seed(7));
    /// assert!(Position::from_fen(v, &fen).is_ok());
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn random_start_from_seed(&self, seed: u64) -> Option<String> {
        // SplitMix64: one well-mixed value per seed.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        self.random_start_fen(z % self.random_start_count()?)
    }

    /// The start position with White's back rank `rank` (Black's mirrored).
    fn shuffled_fen(&self, plan: &Plan, rank: &[Option<Role>]) -> String {
        let size = self.size;
        let placement = self.start_fen.split(' ').next().unwrap_or("");
        let start = crate::fen::parse_placement(self, placement).unwrap_or_default();
        let black_rank = size.ranks() - 1 - plan.rank;
        let mut setup = crate::Setup::empty();
        for (sq, p) in start {
            let r = size.rank(sq);
            if r != plan.rank && r != black_rank {
                setup.set(sq, Some(p));
            }
        }
        for (f, role) in rank.iter().enumerate() {
            if let Some(role) = *role {
                for (color, r) in [(Color::White, plan.rank), (Color::Black, black_rank)] {
                    if let Some(sq) = size.square(f as i32, r as i32) {
                        setup.set(sq, Some(crate::Piece { role, color }));
                    }
                }
            }
        }
        if plan.partner.is_some() {
            setup.castling = crate::CastlingRights::all();
        }
        match crate::Position::from_setup(self, &setup) {
            Ok(p) => p.to_fen(),
            Err(e) => format!("invalid shuffled start: {e}"),
        }
    }
}
