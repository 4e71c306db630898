//! Helpers shared by the integration tests: a seeded PRNG and random games.

#![allow(dead_code)]

use betza::{Game, Position, Square, Variant};

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

pub fn variant(name: &str) -> &'static Variant {
    Variant::by_name(name).expect("built-in variant")
}

pub fn sq(pos: &Position<'_>, name: &str) -> Square {
    pos.size()
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name} is not a square"))
}

/// A game of random legal moves from `seed`, until `plies` or the end.
pub fn random_game(v: &'static Variant, seed: u64, plies: usize) -> Game<'static> {
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
pub fn long_random_game(v: &'static Variant, seed: u64, min: usize) -> Game<'static> {
    (seed..seed + 1000)
        .map(|s| random_game(v, s, min + 50))
        .find(|g| g.ply_count() >= min)
        .expect("some random game lasts long enough")
}

pub const VARIANTS: [&str; 4] = ["decimaka", "meiriqi", "chess", "capablanca"];
