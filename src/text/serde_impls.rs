//! serde for the plain data types, behind the `serde` feature: what a
//! server stores and sends. Values with a text form travel as that text
//! (a square name `"e4"`, move text `"e7e8q"`, SAN `"Nf3"`, a piece token
//! `"+F"`, a variant definition as its TOML, a game as its PGN); indices
//! (`Square`, `Role`) as numbers; a [`Setup`] as a small record.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use betza::{Game, Setup, SquareName, UciMove, Variant};
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Record {
//!     square: SquareName,
//!     moves: Vec<UciMove>,
//!     setup: Setup,
//! }
//! let pos = betza::Position::start(Variant::by_name("chess").unwrap());
//! let record = Record {
//!     square: "e4".parse().unwrap(),
//!     moves: vec!["e2e4".parse().unwrap(), "e7e8q".parse().unwrap()],
//!     setup: pos.setup(),
//! };
//! let text = toml::to_string(&record).unwrap();
//! assert!(text.contains("square = \"e4\""));
//! assert!(text.contains("moves = [\"e2e4\", \"e7e8q\"]"));
//! let back: Record = toml::from_str(&text).unwrap();
//! assert_eq!(back, record);
//! # }
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Game;
use crate::bitboard::{Board, Color, MAX_HUGE_SQUARES, Square, SquareName};
use crate::position::Piece;
use crate::san::San;
use crate::setup::{CastlingRights, Setup};
use crate::uci::UciMove;
use crate::variant::{MAX_ROLES, PieceToken, Role, VariantDef};

/// Serialize through `Display`, deserialize through `FromStr`.
macro_rules! as_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                text.parse::<$t>().map_err(D::Error::custom)
            }
        }
    )*};
}

as_text!(SquareName, UciMove, San, PieceToken, VariantDef);

impl<B: Board> Serialize for Game<B> {
    /// The game as PGN.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_pgn())
    }
}

impl<'de, B: Board> Deserialize<'de> for Game<B> {
    /// A game from PGN of a built-in variant of the board type `B` (its
    /// `Variant` tag; chess without one).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game<B>, D::Error> {
        let text = String::deserialize(d)?;
        Game::from_pgn_builtin(&text).map_err(D::Error::custom)
    }
}

impl Serialize for Color {
    /// `"white"` or `"black"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(D::Error::custom(format!(
                "{other:?} is not a colour: white or black"
            ))),
        }
    }
}

impl Serialize for Square {
    /// Its index, `rank * width + file`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u16(self.0)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let i = u16::deserialize(d)?;
        if (i as usize) < MAX_HUGE_SQUARES {
            Ok(Square(i))
        } else {
            Err(D::Error::custom(format!(
                "square index {i} is beyond the largest board ({MAX_HUGE_SQUARES} squares)"
            )))
        }
    }
}

impl Serialize for Role {
    /// Its index in the variant's piece list.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        Ok(Role(u8::deserialize(d)?))
    }
}

impl Serialize for CastlingRights {
    /// The FEN letters, `"KQkq"` or `"-"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CastlingRights {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CastlingRights, D::Error> {
        let text = String::deserialize(d)?;
        if text == "-" {
            return Ok(CastlingRights::empty());
        }
        let mut r = CastlingRights::empty();
        for c in text.chars() {
            r |= match c {
                'K' => CastlingRights::WHITE_KING_SIDE,
                'Q' => CastlingRights::WHITE_QUEEN_SIDE,
                'k' => CastlingRights::BLACK_KING_SIDE,
                'q' => CastlingRights::BLACK_QUEEN_SIDE,
                _ => {
                    return Err(D::Error::custom(format!(
                        "{text:?} is not castling rights: letters of KQkq, or -"
                    )));
                }
            };
        }
        Ok(r)
    }
}

/// A piece as `{"role": 3, "color": "white"}`.
#[derive(Serialize, Deserialize)]
struct PieceData {
    role: Role,
    color: Color,
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PieceData {
            role: self.role,
            color: self.color,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        let p = PieceData::deserialize(d)?;
        Ok(Piece {
            role: p.role,
            color: p.color,
        })
    }
}

/// A setup as a record: the occupied squares only.
#[derive(Serialize, Deserialize)]
struct SetupData {
    pieces: Vec<(Square, Piece)>,
    side: Color,
    castling: CastlingRights,
    ep_square: Option<Square>,
    /// The en-passant victim a file aside (Berolina), when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ep_victim: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    /// Per colour, White's first: the types in hand with their counts.
    #[serde(default)]
    hands: [Vec<(Role, u8)>; 2],
    /// The pieces promoted from a Pawn (crazyhouse's `~`).
    #[serde(default)]
    marked: Vec<Square>,
    /// The wall squares (`[rules] wall`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    walls: Vec<Square>,
    /// Per colour, White's first: the gating rights, a bit per file
    /// (`[rules] gating`).
    #[serde(default, skip_serializing_if = "no_gates")]
    gates: [u32; 2],
}

fn no_gates(g: &[u32; 2]) -> bool {
    *g == [0, 0]
}

impl Serialize for Setup {
    /// `{"pieces": [[square, piece], ...], "side", "castling", "ep_square",
    /// (with a victim a file aside `"ep_victim"`)
    /// "halfmove_clock", "fullmove_number", "hands": [[[role, count], ...],
    /// [...]], "marked": [square, ...]}`, and with walls `"walls": [square,
    /// ...]`, with gating rights `"gates": [white, black]`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SetupData {
            pieces: self.pieces().collect(),
            side: self.side,
            castling: self.castling,
            ep_square: self.ep_square,
            ep_victim: self.ep_victim,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hands: [0, 1].map(|c| {
                (0..MAX_ROLES)
                    .filter(|&r| self.hands[c][r] > 0)
                    .map(|r| (Role(r as u8), self.hands[c][r]))
                    .collect()
            }),
            marked: self.marked.squares().collect(),
            walls: self.walls.squares().collect(),
            gates: self.gates,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Setup {
    /// Unchecked, as a `Setup` is: [`Setup::position`] checks it.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        let data = SetupData::deserialize(d)?;
        let mut setup = Setup::empty();
        for (sq, p) in data.pieces {
            setup.set(sq, Some(p));
        }
        setup.side = data.side;
        setup.castling = data.castling;
        setup.ep_square = data.ep_square;
        setup.ep_victim = data.ep_victim;
        setup.halfmove_clock = data.halfmove_clock;
        setup.fullmove_number = data.fullmove_number;
        for (c, hand) in data.hands.iter().enumerate() {
            for &(r, n) in hand {
                let slot = setup.hands[c]
                    .get_mut(r.index())
                    .ok_or_else(|| D::Error::custom(format!("no piece type {} in a hand", r.0)))?;
                *slot = n;
            }
        }
        for sq in data.marked {
            if sq.index() >= MAX_HUGE_SQUARES {
                return Err(D::Error::custom(format!("no square {}", sq.0)));
            }
            setup.marked = setup.marked.with(sq);
        }
        for sq in data.walls {
            if sq.index() >= MAX_HUGE_SQUARES {
                return Err(D::Error::custom(format!("no square {}", sq.0)));
            }
            setup.walls = setup.walls.with(sq);
        }
        setup.gates = data.gates;
        Ok(setup)
    }
}
