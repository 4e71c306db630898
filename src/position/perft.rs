//! Perft: counting the leaves of the legal-move tree, the standard test of a
//! move generator; with bulk counting or without, on several threads, and over
//! one of several disjoint parts of the tree (to spread a deep count over
//! machines).
//!
//! Threads come from `std::thread::scope` and share an atomic index into a
//! list of subtrees (the root moves, or the depth-2 move pairs when the root
//! has few moves): no thread-pool crate is needed for this one loop.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::bitboard::{Board, Small};
use crate::moves::Move;
use crate::position::Position;

/// One of `count` disjoint parts of a perft tree: see [`PerftOptions::shard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::whole()
    }
}

impl Shard {
    /// The whole tree (part 1 of 1), also the default.
    pub const fn whole() -> Shard {
        Shard { index: 1, count: 1 }
    }

    /// Part `index` of `count`, numbered from 1; `None` unless
    /// `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index >= 1 && index <= count).then_some(Shard { index, count })
    }

    /// The part's number, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// How many parts the tree is cut into.
    pub fn count(self) -> u32 {
        self.count
    }
}

/// How [`Position::perft_with`] counts. The default is what
/// [`Position::perft`] does: bulk counting on one thread over the whole tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// Count the last ply's moves without playing them (the usual speed-up).
    /// `false` plays every leaf move, which also exercises `play_unchecked`.
    pub bulk: bool,
    /// How many threads count (0 and 1 both mean the calling thread alone).
    pub threads: usize,
    /// Which part of the tree to count. The parts are the depth-2 move pairs
    /// (the root moves at depth 1, the root itself at depth 0), ordered by move
    /// text and dealt out in turn: pair `i` (from 0) belongs to part
    /// `i % count + 1`. The parts are disjoint and together make the tree, so
    /// their counts add up to the whole perft.
    pub shard: Shard,
}

impl Default for PerftOptions {
    fn default() -> PerftOptions {
        PerftOptions {
            bulk: true,
            threads: 1,
            shard: Shard::whole(),
        }
    }
}

/// A subtree to count: below root move `root` (an index into the sorted root
/// moves), `depth` plies deep.
struct Unit<'v, B: Board = Small> {
    root: usize,
    pos: Position<'v, B>,
    depth: u32,
}

impl<'v, B: Board> Position<'v, B> {
    /// The number of leaves of the legal-move tree `depth` plies deep
    /// (depth 0 is 1). Promotion choices are distinct moves.
    ///
    /// ```
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// assert_eq!(pos.perft(3), 8902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            // Bulk counting: the last ply's moves are counted, not played.
            1 => self.count_legal(),
            _ => {
                let mut pos = *self;
                pos.perft_in_place_any(depth, true)
            }
        }
    }

    /// [`perft`](Self::perft) without bulk counting: every leaf move is
    /// generated and played. Slower; the same count.
    pub fn perft_no_bulk(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => {
                let mut pos = *self;
                pos.perft_in_place_any(depth, false)
            }
        }
    }

    /// `perft_in_place`, compiled for the variant having hands or not.
    fn perft_in_place_any(&mut self, depth: u32, bulk: bool) -> u64 {
        let r = &self.variant.rules;
        if r.any
            && !r.plain
            && !r.forced_plain
            && !r.no_check_plain
            && !r.explosions_plain
            && !r.gating_plain
        {
            return self.perft_rules(depth, bulk);
        }
        match (self.variant.drops.is_some(), r.applies) {
            (true, false) => self.perft_in_place::<true, false>(depth, bulk),
            (false, false) => self.perft_in_place::<false, false>(depth, bulk),
            (true, true) => self.perft_in_place::<true, true>(depth, bulk),
            (false, true) => self.perft_in_place::<false, true>(depth, bulk),
        }
    }

    /// Perft by playing each move in place and taking it back (no copy of
    /// the position per move); `depth >= 1`, and `>= 2` with `bulk`.
    /// `HANDS`: whether the variant has hands (see `Position::make_with`);
    /// `RULES`: whether it has `[rules]` that change the position or keep a
    /// state (check counts; plain ones: see `perft_in_place_any`), applied
    /// after each move.
    fn perft_in_place<const HANDS: bool, const RULES: bool>(
        &mut self,
        depth: u32,
        bulk: bool,
    ) -> u64 {
        if depth == 1 {
            // The leaves, each played on a copy and taken back; the copy is
            // looked at after each move, so that playing cannot be left out.
            let mut leaf = *self;
            let mut total = 0;
            self.generate(true, &mut |m| {
                let undo = leaf.make_with::<HANDS>(&m);
                std::hint::black_box(&leaf);
                leaf.unmake_with::<HANDS>(&undo);
                total += 1;
            });
            return total;
        }
        let moves = self.legal_moves();
        let mut total = 0;
        for m in &moves {
            let mover = self.side;
            let undo = self.make_with::<HANDS>(m);
            let rules = RULES.then(|| self.apply_rules(m, mover));
            total += match depth {
                2 if bulk => self.count_legal(),
                _ => self.perft_in_place::<HANDS, RULES>(depth - 1, bulk),
            };
            if let Some(rules) = &rules {
                self.undo_rules(rules);
            }
            self.unmake_with::<HANDS>(&undo);
        }
        total
    }

    /// [`perft`](Self::perft) on `threads` threads (0 or 1: this thread
    /// alone). The same count, sooner on a machine with cores to spare.
    ///
    /// ```
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// assert_eq!(pos.perft_parallel(3, 2), 8902);
    /// ```
    pub fn perft_parallel(&self, depth: u32, threads: usize) -> u64 {
        self.perft_with(
            depth,
            PerftOptions {
                threads,
                ..PerftOptions::default()
            },
        )
    }

    /// Perft counted as `options` say (bulk or not, threads, one part of the
    /// tree).
    ///
    /// ```
    /// use betza::perft::{PerftOptions, Shard};
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// let part = |k| {
    ///     let shard = Shard::new(k, 3).unwrap();
    ///     pos.perft_with(3, PerftOptions { shard, ..PerftOptions::default() })
    /// };
    /// assert_eq!(part(1) + part(2) + part(3), 8902);
    /// ```
    pub fn perft_with(&self, depth: u32, options: PerftOptions) -> u64 {
        let (root, list) = self.divide_with(depth, options);
        root + list.iter().map(|r| r.2).sum::<u64>()
    }

    /// [`perft_with`](Self::perft_with) that another thread can stop: it
    /// looks at `stop` before each subtree of more than three plies (every
    /// few milliseconds in chess), and gives `None` once `stop` is set. For
    /// a binding that lets a long count be interrupted (Python's Ctrl-C);
    /// the subtrees below are counted as fast as by `perft_with`.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use betza::perft::PerftOptions;
    /// let pos = betza::Position::start(betza::Variant::by_name("chess").unwrap());
    /// let go_on = AtomicBool::new(false);
    /// assert_eq!(pos.perft_until(4, PerftOptions::default(), &go_on), Some(197_281));
    /// let stopped = AtomicBool::new(true);
    /// assert_eq!(pos.perft_until(30, PerftOptions::default(), &stopped), None);
    /// ```
    pub fn perft_until(&self, depth: u32, options: PerftOptions, stop: &AtomicBool) -> Option<u64> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let roots = self.sorted_moves();
        let units = self.units(&roots, depth, options.shard, options.threads);
        let counts = count_units_until(&units, options, Some(stop));
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let at_root = u64::from(depth == 0 && options.shard.index == 1);
        Some(at_root + counts.iter().sum::<u64>())
    }

    /// Perft (bulk or not) that stops (giving a partial count) once `stop`
    /// is set, looked at before each subtree deeper than 3 plies.
    fn perft_stoppable(&self, depth: u32, bulk: bool, stop: &AtomicBool) -> u64 {
        if stop.load(Ordering::Relaxed) {
            return 0;
        }
        if depth <= 3 {
            return if bulk {
                self.perft(depth)
            } else {
                self.perft_no_bulk(depth)
            };
        }
        let mut total = 0;
        for m in &self.legal_moves() {
            total += self
                .play_unchecked(m)
                .perft_stoppable(depth - 1, bulk, stop);
        }
        total
    }

    /// Perft of `depth - 1` below each legal move, sorted by move text.
    /// With `depth == 0` the list is empty.
    pub fn divide(&self, depth: u32) -> Vec<(Move, String, u64)> {
        self.divide_with(depth, PerftOptions::default()).1
    }

    /// [`divide`](Self::divide) counted as `options` say. Returns the count of
    /// the root itself when `depth == 0` (1 if the shard holds it, else 0; the
    /// list is then empty), and the list: with a shard, only the root moves
    /// with a part of their subtree in the shard, each with that part's count.
    pub fn divide_with(
        &self,
        depth: u32,
        options: PerftOptions,
    ) -> (u64, Vec<(Move, String, u64)>) {
        let roots = self.sorted_moves();
        let units = self.units(&roots, depth, options.shard, options.threads);
        let counts = count_units(&units, options);
        let mut per_root: Vec<Option<u64>> = vec![None; roots.len()];
        for (unit, n) in units.iter().zip(counts) {
            *per_root[unit.root].get_or_insert(0) += n;
        }
        // Depth 0: the root is the one leaf, in the first part.
        let at_root = u64::from(depth == 0 && options.shard.index == 1);
        let list = roots
            .into_iter()
            .zip(per_root)
            // Unsharded, a root with no replies (split by pairs, it has
            // no unit) is still listed, with 0 (at depth 0 none is listed).
            .filter_map(|((m, text), n)| {
                Some((
                    m,
                    text,
                    n.or((options.shard.count == 1 && depth > 0).then_some(0))?,
                ))
            })
            .collect();
        (at_root, list)
    }

    /// The legal moves with their text, sorted by it.
    fn sorted_moves(&self) -> Vec<(Move, String)> {
        let mut moves: Vec<(Move, String)> = self
            .legal_moves()
            .into_iter()
            .map(|m| (m, self.move_text(&m)))
            .collect();
        moves.sort_by(|a, b| a.1.cmp(&b.1));
        moves
    }

    /// The subtrees of the shard, in the shard's order. With more than one
    /// thread or part, the tree is cut at depth 2 when the root has fewer
    /// moves than four per thread, so that every thread has work.
    fn units(
        &self,
        roots: &[(Move, String)],
        depth: u32,
        shard: Shard,
        threads: usize,
    ) -> Vec<Unit<'v, B>> {
        if depth == 0 {
            return Vec::new();
        }
        let by_pairs = depth >= 2 && (shard.count > 1 || roots.len() < 4 * threads.max(1));
        let mut units = Vec::new();
        let mut i = 0usize;
        let keep = |i: &mut usize| {
            let k = *i % shard.count as usize + 1 == shard.index as usize;
            *i += 1;
            k
        };
        for (root, (m, _)) in roots.iter().enumerate() {
            let after = self.play_unchecked(m);
            if !by_pairs {
                if keep(&mut i) {
                    units.push(Unit {
                        root,
                        pos: after,
                        depth: depth - 1,
                    });
                }
                continue;
            }
            for (reply, _) in after.sorted_moves() {
                if keep(&mut i) {
                    units.push(Unit {
                        root,
                        pos: after.play_unchecked(&reply),
                        depth: depth - 2,
                    });
                }
            }
        }
        units
    }
}

/// The perft of each unit, in order, on up to `options.threads` threads
/// taking units from a shared counter.
fn count_units<B: Board>(units: &[Unit<'_, B>], options: PerftOptions) -> Vec<u64> {
    count_units_until(units, options, None)
}

/// [`count_units`], stopping early once `stop` (if any) is set.
fn count_units_until<B: Board>(
    units: &[Unit<'_, B>],
    options: PerftOptions,
    stop: Option<&AtomicBool>,
) -> Vec<u64> {
    let count = |u: &Unit<'_, B>| match stop {
        Some(stop) => u.pos.perft_stoppable(u.depth, options.bulk, stop),
        None if options.bulk => u.pos.perft(u.depth),
        None => u.pos.perft_no_bulk(u.depth),
    };
    let threads = options.threads.clamp(1, units.len().max(1));
    if threads == 1 {
        return units.iter().map(count).collect();
    }
    let next = AtomicUsize::new(0);
    let mut counts = vec![0; units.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(u) = units.get(i) else { break };
                        done.push((i, count(u)));
                    }
                    done
                })
            })
            .collect();
        for w in workers {
            // A panic in a worker is a bug in the counting: pass it on.
            for (i, n) in w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)) {
                counts[i] = n;
            }
        }
    });
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    fn positions() -> Vec<Position<'static>> {
        let v = |n| Variant::by_name(n).unwrap();
        vec![
            Position::start(v("chess")),
            // Kiwipete: castling, e.p., promotions, pins.
            Position::from_fen(
                v("chess"),
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .unwrap(),
            Position::start(v("decimaka")),
            Position::start(v("meiriqi")),
            Position::start(v("capablanca")),
            // A position with one legal move: the root has few moves.
            Position::from_fen(v("chess"), "7k/8/8/8/8/8/6q1/7K w - - 0 1").unwrap(),
        ]
    }

    #[test]
    fn no_bulk_threads_and_shards_agree_with_perft() {
        for pos in positions() {
            for depth in 0..=3 {
                let want = pos.perft(depth);
                assert_eq!(pos.perft_no_bulk(depth), want, "{} {depth}", pos.to_fen());
                for threads in [0, 1, 2, 3] {
                    assert_eq!(pos.perft_parallel(depth, threads), want);
                    let opts = PerftOptions {
                        bulk: false,
                        threads,
                        shard: Shard::whole(),
                    };
                    assert_eq!(pos.perft_with(depth, opts), want);
                }
                for n in [1, 2, 3, 7, 64] {
                    let parts: Vec<u64> = (1..=n)
                        .map(|k| {
                            let shard = Shard::new(k, n).unwrap();
                            let opts = PerftOptions {
                                shard,
                                threads: (k % 3) as usize,
                                ..PerftOptions::default()
                            };
                            pos.perft_with(depth, opts)
                        })
                        .collect();
                    assert_eq!(
                        parts.iter().sum::<u64>(),
                        want,
                        "{} {depth} {n}",
                        pos.to_fen()
                    );
                    // With several parts, no part holds the whole tree.
                    if n > 1 && depth >= 2 && want > 0 {
                        assert!(parts.iter().all(|&p| p < want), "{parts:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn perft_until_counts_as_perft_with_and_stops_when_told() {
        let go_on = AtomicBool::new(false);
        let chess = Variant::by_name("chess").unwrap();
        // Few pieces, so that subtrees past 3 plies (where `stop` is looked
        // at) are counted in a debug build too.
        let endgame = Position::from_fen(chess, "4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1").unwrap();
        let cases = positions()
            .into_iter()
            .flat_map(|p| (0..=3).map(move |d| (p, d)))
            .chain((4..=6).map(|d| (endgame, d)));
        for (pos, depth) in cases {
            for (threads, k, n) in [(1, 1, 1), (2, 1, 1), (2, 2, 3)] {
                let opts = PerftOptions {
                    threads,
                    shard: Shard::new(k, n).unwrap(),
                    bulk: depth % 2 == 0,
                };
                let want = pos.perft_with(depth, opts);
                assert_eq!(pos.perft_until(depth, opts, &go_on), Some(want));
            }
        }
        // A count of years, stopped by another thread after 50 ms.
        let pos = Position::start(Variant::by_name("chess").unwrap());
        let stop = AtomicBool::new(false);
        let started = std::time::Instant::now();
        let got = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            pos.perft_until(20, PerftOptions::default(), &stop)
        });
        assert_eq!(got, None);
        assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    }

    #[test]
    fn divide_with_a_shard_lists_that_part_of_each_root_move() {
        let pos = Position::start(Variant::by_name("meiriqi").unwrap());
        let whole = pos.divide(3);
        let mut summed: Vec<(String, u64)> = Vec::new();
        for k in 1..=4 {
            let shard = Shard::new(k, 4).unwrap();
            let (root, list) = pos.divide_with(
                3,
                PerftOptions {
                    shard,
                    threads: 2,
                    ..PerftOptions::default()
                },
            );
            assert_eq!(root, 0);
            for (_, text, n) in list {
                match summed.iter_mut().find(|(t, _)| *t == text) {
                    Some((_, s)) => *s += n,
                    None => summed.push((text, n)),
                }
            }
        }
        summed.sort();
        let whole: Vec<(String, u64)> = whole.into_iter().map(|(_, t, n)| (t, n)).collect();
        assert_eq!(summed, whole);
        // Depth 0: the root is the one leaf, in the first part only.
        let opts = |k| PerftOptions {
            shard: Shard::new(k, 2).unwrap(),
            ..PerftOptions::default()
        };
        assert_eq!(pos.divide_with(0, opts(1)), (1, Vec::new()));
        assert_eq!(pos.divide_with(0, opts(2)), (0, Vec::new()));
    }

    #[test]
    fn shards_are_numbered_from_one() {
        assert!(Shard::new(0, 3).is_none());
        assert!(Shard::new(4, 3).is_none());
        assert!(Shard::new(1, 0).is_none());
        assert_eq!(
            Shard::new(3, 3).map(|s| (s.index(), s.count())),
            Some((3, 3))
        );
    }
}
