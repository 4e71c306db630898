//! SFEN and USI move text, the formats of shogi GUIs and engines, for the
//! shogi family (any variant with drops; see `docs/notation.md`).
//!
//! SFEN is `<placement> <side> <hands> <move number>`: the placement as in
//! FEN (shogi's files 9..1 from left to right are this library's `a`..`i`),
//! `b` for the first player (White here) and `w` for the second, the hands
//! as counts before letters in the order R B G S N L P (then any other types
//! in the variant's order), `-` when both are empty, and the number of the
//! ply, from 1. USI squares are a file number counted from the right (`9` is
//! file `a` on 9 files) and a rank letter from the top (`a` is the highest
//! rank): `7g7f` is `c3c4`; a promotion ends in `+`; a drop is the token, `*`
//! and the square (`P*5e`).

use crate::bitboard::{Board, Color, Square};
use crate::fen::FenError;
use crate::moves::{Move, MoveError};
use crate::position::Position;
use crate::variant::{Role, Variant};

/// The hand types in SFEN order: R B G S N L P first, then the rest.
fn sfen_order(v: &Variant) -> Vec<Role> {
    let mut roles: Vec<Role> = v.hand_roles().to_vec();
    let rank = |r: &Role| {
        "RBGSNLP"
            .find(&v.pieces[r.index()].token.to_string())
            .unwrap_or(usize::MAX)
    };
    roles.sort_by_key(rank);
    roles
}

impl<'v> Position<'v> {
    /// Reads a position in SFEN (see the [`sfen`](crate::sfen) module).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("shogi").unwrap();
    /// let pos = Position::from_sfen(v, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")?;
    /// assert_eq!(pos, Position::start(v));
    /// let pos = Position::from_sfen(v, "8k/9/9/9/9/9/9/9/K8 w 2Pb 10")?;
    /// assert_eq!(pos.to_fen(), "8k/9/9/9/9/9/9/9/K8[PPb] b - - 0 5");
    /// assert_eq!(pos.to_sfen(), "8k/9/9/9/9/9/9/9/K8 w 2Pb 10");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn from_sfen(variant: &'v Variant, sfen: &str) -> Result<Position<'v>, FenError> {
        parse(variant, sfen)
    }
}

/// Reads an SFEN for either board type: as FEN, with the fields moved.
pub(crate) fn parse<'v, B: Board>(
    variant: &'v Variant,
    sfen: &str,
) -> Result<Position<'v, B>, FenError> {
    let fields: Vec<&str> = sfen.split(' ').collect();
    if fields.len() != 4 && fields.len() != 3 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let side = match fields[1] {
        "b" => "w",
        "w" => "b",
        s => return Err(FenError::Side(s.to_string())),
    };
    let hands = fields[2];
    // Without hands, a variant with Lions has Lion-trading rule 4's square
    // there (shogiops's Chu Shogi), in USI form; FEN's en-passant field
    // carries it.
    let mut ep = String::from("-");
    if hands != "-" && variant.drops.is_none() {
        let square = (variant.lions != 0)
            .then(|| usi_square(variant, hands.as_bytes()))
            .flatten()
            .filter(|&(_, n)| n == hands.len());
        match square {
            Some((sq, _)) => ep = variant.size.name(sq).to_string(),
            None if variant.lions != 0 => {
                return Err(FenError::EnPassantSyntax(hands.to_string()));
            }
            None => {
                return Err(FenError::Hands {
                    text: hands.to_string(),
                    reason: "this variant has no drops".into(),
                });
            }
        }
    }
    let ply: u32 = match fields.get(3) {
        None => 1,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if n >= 1 && n.to_string() == *text => n,
            _ => return Err(FenError::Fullmove(text.to_string())),
        },
    };
    let fullmove = (ply - 1) / 2 + 1;
    let placement = if variant.drops.is_some() {
        format!("{}[{}]", fields[0], hands)
    } else {
        fields[0].to_string()
    };
    let fen = format!("{placement} {side} - {ep} 0 {fullmove}");
    crate::fen::parse(variant, &fen)
}

/// A USI square at the start of `b` on `v`'s board (a file number from
/// the right, a rank letter from the top), and its length.
fn usi_square(v: &Variant, b: &[u8]) -> Option<(Square, usize)> {
    let size = v.size;
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 2 || b[0] == b'0' {
        return None;
    }
    let file: u8 = std::str::from_utf8(&b[..digits]).ok()?.parse().ok()?;
    let letter = *b.get(digits)?;
    if !letter.is_ascii_lowercase() || file == 0 || file > size.files() {
        return None;
    }
    let rank = letter - b'a';
    if rank >= size.ranks() {
        return None;
    }
    let sq = size.square(
        (size.files() - file) as i32,
        (size.ranks() - 1 - rank) as i32,
    )?;
    Some((sq, digits + 1))
}

impl<'v, B: Board> Position<'v, B> {
    /// Writes the position as SFEN (see the [`sfen`](crate::sfen) module).
    pub fn to_sfen(&self) -> String {
        let fen = self.to_fen();
        let placement = fen.split([' ', '[']).next().unwrap_or("");
        let mut hands = String::new();
        let order = sfen_order(self.variant);
        for color in Color::ALL {
            for &r in &order {
                let n = self.hand_count(color, r);
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                hands.push_str(&self.variant.pieces[r.index()].token.fen(color));
            }
        }
        if let Some(sq) = self.lion_square() {
            self.write_usi_square(sq, &mut hands);
        }
        if hands.is_empty() {
            hands.push('-');
        }
        let side = if self.side == Color::White { 'b' } else { 'w' };
        let ply = 2 * (self.fullmove.max(1) as u64 - 1) + 1 + (self.side == Color::Black) as u64;
        format!("{placement} {side} {hands} {ply}")
    }

    /// The move in USI text: `7g7f`, `8h2b+`, `P*5e`.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("shogi").unwrap());
    /// let m = pos.parse_usi("7g7f")?;
    /// assert_eq!(pos.move_text(&m), "c3c4");
    /// assert_eq!(pos.usi(&m), "7g7f");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn usi(&self, m: &Move) -> String {
        let mut s = String::with_capacity(8);
        if m.is_drop() {
            // A drop as the promoted type: `+P*5e`, as Fairy-Stockfish writes it.
            match self.variant.pieces.get(m.role_after().index()) {
                Some(p) => {
                    if p.token.plus() {
                        s.push('+');
                    }
                    s.push(p.token.letter());
                    if p.token.prime() {
                        s.push('\'');
                    }
                }
                None => s.push('?'),
            }
            s.push('*');
            self.write_usi_square(m.to, &mut s);
            return s;
        }
        self.write_usi_square(m.from, &mut s);
        if let Some(via) = m.via() {
            self.write_usi_square(via, &mut s);
        }
        self.write_usi_square(m.to, &mut s);
        if m.promotion.is_some() {
            // A promoted piece turning back (Kyoto shogi): `-`.
            s.push(if self.variant.demotes(m) { '-' } else { '+' });
        }
        s
    }

    fn write_usi_square(&self, sq: Square, s: &mut String) {
        let size = self.variant.size;
        let file = size.files() - size.file(sq);
        let rank = size.ranks() - 1 - size.rank(sq);
        s.push_str(&file.to_string());
        s.push((b'a' + rank) as char);
    }

    /// A USI square at the start of `b`, and its length.
    fn parse_usi_square(&self, b: &[u8]) -> Option<(Square, usize)> {
        usi_square(self.variant, b)
    }

    /// Reads a USI move (`7g7f`, `8h2b+`, `P*5e`) and finds the legal move it
    /// names; errors as [`parse_move`](Self::parse_move) gives them, quoting
    /// the USI text.
    pub fn parse_usi(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = |reason| MoveError::Syntax {
            text: text.to_string(),
            reason,
        };
        let b = text.as_bytes();
        if let Some((token, sq)) = text.split_once('*') {
            let (to, _) = self
                .parse_usi_square(sq.as_bytes())
                .filter(|&(_, n)| n == sq.len())
                .ok_or_else(|| {
                    syntax("a USI drop is a piece letter, '*' and a square, as in P*5e")
                })?;
            return self.parse_move(&format!("{token}@{}", self.name(to)));
        }
        let (from, n1) = self.parse_usi_square(b).ok_or_else(|| {
            syntax("a USI move is two squares, as in 7g7f, or a drop, as in P*5e")
        })?;
        let (to, n2) = self.parse_usi_square(&b[n1..]).ok_or_else(|| {
            syntax("a USI move is two squares, as in 7g7f, or a drop, as in P*5e")
        })?;
        // A third square: a two-step move, `<from><via><to>` (`6f5e6d`).
        let (via, to, n2) = match self.parse_usi_square(&b[n1 + n2..]) {
            Some((last, n3)) => (Some(to), last, n2 + n3),
            None => (None, to, n2),
        };
        let promote = match &text[n1 + n2..] {
            "" => false,
            "+" => true,
            "-" => {
                // A demotion: move text writes it the same way.
                let plain = match via {
                    Some(via) => format!("{}{}{}-", self.name(from), self.name(via), self.name(to)),
                    None => format!("{}{}-", self.name(from), self.name(to)),
                };
                return self.parse_move(&plain);
            }
            _ => {
                return Err(syntax(
                    "the only suffix of a USI move is '+', for a promotion ('-' for a promoted piece turning back)",
                ));
            }
        };
        let mut plain = match via {
            Some(via) => format!("{}{}{}", self.name(from), self.name(via), self.name(to)),
            None => format!("{}{}", self.name(from), self.name(to)),
        };
        if promote {
            // The variant's own suffix for the one promotion a shogi piece has.
            let choices = self.moves_between(from, to);
            match choices
                .iter()
                .find(|m| m.promotion.is_some() && m.via() == via && !self.variant.demotes(m))
            {
                Some(m) => return Ok(*m),
                None => plain.push('+'),
            }
        }
        self.parse_move(&plain)
    }
}
