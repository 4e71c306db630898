//! Move notations a GUI shows besides move text and SAN: long algebraic
//! (LAN) and Xiangqi's WXF notation, chosen by [`Notation`]; a line of
//! moves written or played in one call. See `docs/notation.md`.
//!
//! The western shogi notations (Hosking's, Hodges', Hodges' with numbers)
//! are written by [`Position::shogi_western`].

use crate::bitboard::{Board, Color};
use crate::moves::{Move, MoveError};
use crate::position::Position;
use crate::variant::Variant;

/// A way to write a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// Move text, as UCI writes it: `e2e4`, `c9c10+`, `e7e8q`.
    MoveText,
    /// Standard algebraic notation: `Nf3`, `exd5`, `O-O`, `e8=Q#`.
    San,
    /// Long algebraic notation: the piece token (none for a Pawn), both
    /// squares joined by `-` or `x`, then `=` and the promotion type and the
    /// check mark: `Ng1-f3`, `e4xd5`, `e7-e8=Q+`, `O-O`.
    Lan,
    /// Xiangqi's WXF notation: `C2.5`, `H8+7`, `R+.3`, `P-.4` (see
    /// [`Position::wxf`]).
    Wxf,
    /// Move text with castling written as the King taking its partner, as
    /// UCI engines in `UCI_Chess960` mode write it: `e1h1` (see
    /// [`Position::move_text_king_takes_partner`]).
    MoveTextChess960,
    /// Western shogi notation as Hosking writes it: `P76`, `G49-58` (the
    /// square left only when another piece of the type could go there),
    /// `Bx22+`, `B'33` (a drop); see [`Position::shogi_western`].
    ShogiHosking,
    /// Western shogi notation as Hodges writes it, ranks as letters:
    /// `P-7f`, `G4i-5h`, `Bx2b=` (promotion declined), `B*3c`.
    ShogiHodges,
    /// Hodges' notation with ranks as numbers: `P-76`, `G49-58`, `B*33`.
    ShogiHodgesNumber,
    /// SAN with each type's alias in place of its token where it has one
    /// ([`crate::PieceDef::alias`]), as Fairy-Stockfish and pyffish write
    /// SAN: Xiangqi's `Hg3`, `Ece3` (SAN: `Ng3`, `Bce3`). Reading SAN
    /// takes either letter.
    SanAlias,
    /// LAN with each type's alias in place of its token, as [`Notation::SanAlias`]
    /// does for SAN: Xiangqi's `Hh1-g3`.
    LanAlias,
    /// Janggi's notation as Fairy-Stockfish writes it: the piece's alias
    /// or token (the Soldier's too), the square left, `x` or `-`, the
    /// square reached; a square is its rank counted from the top (10 is
    /// `0`) then its file counted from the left: `H02-83` (see
    /// [`Position::fsf_notation`]).
    Janggi,
    /// Thai SAN as Fairy-Stockfish writes it for Makruk: the piece's Thai
    /// letter (none for a Pawn's move), Thai files and digits, `-` after a
    /// piece: `จ๔`, `ฉxจ๕`, `คจ-ง๔`; a promoted Met (`mark-promoted`) is
    /// `ง`, a Met of the start `ม็` (see [`Position::fsf_notation`]).
    ThaiSan,
    /// Thai long notation: the Thai letter (the Pawn's too), a space, both
    /// squares: `บ จ๓-จ๔`, `ค ฉ๘-ฉ๗`.
    ThaiLan,
}

impl std::str::FromStr for Notation {
    type Err = String;

    /// `move`/`uci`, `san`, `lan`, `wxf`, `uci960`, `hosking`, `hodges`,
    /// `hodges-number`, in any case.
    fn from_str(s: &str) -> Result<Notation, String> {
        match s.to_ascii_lowercase().as_str() {
            "move" | "uci" | "text" => Ok(Notation::MoveText),
            "san" => Ok(Notation::San),
            "lan" => Ok(Notation::Lan),
            "wxf" => Ok(Notation::Wxf),
            "uci960" | "uci_chess960" | "chess960" => Ok(Notation::MoveTextChess960),
            "hosking" => Ok(Notation::ShogiHosking),
            "hodges" => Ok(Notation::ShogiHodges),
            "hodges-number" | "hodges_number" => Ok(Notation::ShogiHodgesNumber),
            "san-alias" | "san_alias" => Ok(Notation::SanAlias),
            "lan-alias" | "lan_alias" => Ok(Notation::LanAlias),
            "janggi" => Ok(Notation::Janggi),
            "thai-san" | "thai_san" | "thai" => Ok(Notation::ThaiSan),
            "thai-lan" | "thai_lan" => Ok(Notation::ThaiLan),
            _ => Err(format!(
                "unknown notation {s:?}: the notations are move, san, lan, wxf, uci960, hosking, hodges, hodges-number, san-alias, lan-alias, janggi, thai-san and thai-lan"
            )),
        }
    }
}

/// The WXF letter of a piece type, from its name (King K, Advisor A,
/// Elephant E, Horse H, Chariot R, Cannon C, Soldier or Pawn P); a type of
/// another name is written with its token.
fn wxf_letter(name: &str, token: crate::PieceToken) -> String {
    let letter = match name.to_ascii_lowercase().as_str() {
        "king" | "general" => "K",
        "advisor" | "guard" => "A",
        "elephant" | "minister" => "E",
        "horse" | "knight" => "H",
        "chariot" | "rook" => "R",
        "cannon" => "C",
        "soldier" | "pawn" => "P",
        _ => return token.to_string(),
    };
    letter.to_string()
}

/// Thai chess's files, left to right (Fairy-Stockfish's, for up to 12).
const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];

/// A number in Thai digits (`๑๐` for 10).
fn thai_digits(n: usize) -> String {
    const DIGITS: [char; 10] = ['๐', '๑', '๒', '๓', '๔', '๕', '๖', '๗', '๘', '๙'];
    n.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

/// The Thai letter of a piece type, from its name; `promoted`: a piece
/// promoted from a pawn (a Met so is `ง`, Bia Ngai). A type of another
/// name is written with its token.
fn thai_letter(name: &str, token: crate::PieceToken, promoted: bool) -> String {
    let letter = match name.to_ascii_lowercase().as_str() {
        "king" | "khun" => "ข",
        "khon" | "silver" => "ค",
        "met" | "fers" | "queen" if promoted => "ง",
        "met" | "fers" | "queen" => "ม็",
        "knight" | "ma" => "ม",
        "rook" | "rua" => "ร",
        "pawn" | "bia" => "บ",
        "aiwok" | "ai-wok" => "ว",
        _ => return token.to_string(),
    };
    letter.to_string()
}

impl<'v, B: Board> Position<'v, B> {
    /// The legal move `m` in `notation`, or [`MoveError::Illegal`] for a
    /// move that is not legal here.
    ///
    /// ```
    /// use betza::{Notation, Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// let m = pos.parse_move("g1f3")?;
    /// assert_eq!(pos.notation(&m, Notation::San)?, "Nf3");
    /// assert_eq!(pos.notation(&m, Notation::Lan)?, "Ng1-f3");
    /// assert_eq!(pos.notation(&m, Notation::MoveText)?, "g1f3");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn notation(&self, m: &Move, notation: Notation) -> Result<String, MoveError> {
        match notation {
            Notation::MoveText if self.is_legal(m) => Ok(self.move_text(m)),
            Notation::MoveText => Err(MoveError::Illegal {
                text: self.move_text(m),
            }),
            Notation::MoveTextChess960 if self.is_legal(m) => {
                Ok(self.move_text_king_takes_partner(m))
            }
            Notation::MoveTextChess960 => Err(MoveError::Illegal {
                text: self.move_text(m),
            }),
            Notation::San => self.try_san(m),
            Notation::Lan => self.lan(m),
            Notation::Wxf => self.wxf(m),
            Notation::ShogiHosking | Notation::ShogiHodges | Notation::ShogiHodgesNumber => {
                self.shogi_western(m, notation)
            }
            Notation::SanAlias => Ok(self.with_aliases(m, self.try_san(m)?)),
            Notation::LanAlias => Ok(self.with_aliases(m, self.lan(m)?)),
            Notation::Janggi | Notation::ThaiSan | Notation::ThaiLan => {
                self.fsf_notation(m, notation)
            }
        }
    }

    /// The legal move `m` in Janggi's notation or Thai SAN or LAN
    /// ([`Notation::Janggi`], [`Notation::ThaiSan`], [`Notation::ThaiLan`];
    /// any other is taken as Thai SAN), as Fairy-Stockfish writes them:
    /// the piece, the square left (always in Janggi's and Thai LAN; in Thai
    /// SAN as SAN tells pieces apart, a Pawn's capture by its file), `@`
    /// for a drop, `x` for a capture, `-` otherwise (not after a Pawn in
    /// Thai SAN), the square reached, `=` and the new type's token for a
    /// promotion, then SAN's check mark. Thai letters come from the type's
    /// name (King `ข`, Khon or Silver `ค`, Met `ม็`, promoted Met `ง`,
    /// Knight `ม`, Rook `ร`, Pawn `บ`, Aiwok `ว`; another type is written
    /// with its token); Thai files are `ก` to `น` (past the twelfth, the
    /// Latin letter), ranks Thai digits.
    ///
    /// ```
    /// use betza::{Notation, Position, Variant};
    /// let pos = Position::start(Variant::by_name("makruk").unwrap());
    /// let m = pos.parse_move("e3e4")?;
    /// assert_eq!(pos.notation(&m, Notation::ThaiSan)?, "จ๔");
    /// assert_eq!(pos.notation(&m, Notation::ThaiLan)?, "บ จ๓-จ๔");
    /// let pos = Position::start(Variant::by_name("xiangqi").unwrap());
    /// assert_eq!(pos.notation(&pos.parse_move("h1g3")?, Notation::Janggi)?, "H08-87");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn fsf_notation(&self, m: &Move, notation: Notation) -> Result<String, MoveError> {
        // SAN checks legality and gives the check mark.
        let san = self.try_san(m)?;
        if m.is_castle() {
            return Ok(san);
        }
        let v = self.variant;
        let size = v.size;
        let janggi = notation == Notation::Janggi;
        let lan = notation == Notation::ThaiLan;
        let is_pawn = Some(m.role) == v.pawn;
        let thai_file = |sq: crate::bitboard::Square| {
            let f = size.file(sq);
            THAI_FILES
                .get(f as usize)
                .map_or_else(|| char::from(b'a' + f).to_string(), |c| c.to_string())
        };
        let thai_rank = |sq: crate::bitboard::Square| thai_digits(size.rank(sq) as usize + 1);
        let square = |sq: crate::bitboard::Square| {
            if janggi {
                let (f, r) = (size.file(sq) as usize, size.rank(sq) as usize);
                format!("{}{}", (size.ranks() as usize - r) % 10, f + 1)
            } else {
                format!("{}{}", thai_file(sq), thai_rank(sq))
            }
        };
        let piece = &v.pieces[m.role.index()];
        let mut s = String::with_capacity(24);
        if janggi {
            s.push_str(
                &piece
                    .alias
                    .unwrap_or(piece.token)
                    .to_string()
                    .to_ascii_uppercase(),
            );
        } else if lan || !is_pawn || m.is_drop() {
            s.push_str(&thai_letter(
                &piece.name,
                piece.token,
                self.is_marked(m.from),
            ));
        }
        if lan {
            s.push(' ');
        }
        if !m.is_drop() {
            if janggi || lan {
                s.push_str(&square(m.from));
            } else {
                let (mut others, mut same_file, mut same_rank) = (false, false, false);
                for x in self.legal_moves().iter() {
                    if x.role == m.role && x.to == m.to && x.from != m.from && !x.is_drop() {
                        others = true;
                        same_file |= size.file(x.from) == size.file(m.from);
                        same_rank |= size.rank(x.from) == size.rank(m.from);
                    }
                }
                if is_pawn && m.is_capture() || others && !same_file {
                    s.push_str(&thai_file(m.from));
                } else if others && !same_rank {
                    s.push_str(&thai_rank(m.from));
                } else if others {
                    s.push_str(&square(m.from));
                }
            }
        }
        if m.is_drop() {
            s.push('@');
        } else if m.is_capture() {
            s.push('x');
        } else if janggi || lan || !is_pawn {
            s.push('-');
        }
        s.push_str(&square(m.to));
        push_promotion_and_mark(v, m, &san, &mut s);
        Ok(s)
    }

    /// SAN or LAN text of the legal move `m` with the moving type's alias
    /// in place of its token at the start, and the new type's after `=`.
    fn with_aliases(&self, m: &Move, text: String) -> String {
        let v = self.variant;
        let alias = |role: crate::Role| {
            let t = &v.pieces[role.index()];
            t.alias.map(|a| (t.token.to_string(), a.to_string()))
        };
        let mut text = text;
        if !m.is_castle()
            && (Some(m.role) != v.pawn || m.is_drop())
            && let Some((token, a)) = alias(m.role)
            && let Some(rest) = text.strip_prefix(&token)
        {
            text = format!("{a}{rest}");
        }
        if let Some(p) = m.promotion()
            && let Some((token, a)) = alias(p)
            && let Some(at) = text.rfind(&format!("={token}"))
        {
            text.replace_range(at + 1..at + 1 + token.len(), &a);
        }
        text
    }

    /// The legal move `m` in western shogi notation, `style` one of
    /// [`Notation::ShogiHosking`], [`Notation::ShogiHodges`] and
    /// [`Notation::ShogiHodgesNumber`] (any other is taken as Hodges'): the
    /// piece's token in capitals (a promoted type's token keeps its `+`:
    /// `+B`), the square it leaves when another piece of its type could
    /// make the same move to the same square, `x` for a capture, `*` for a
    /// drop (Hosking: `'`), `-` for another move (Hosking: only after the
    /// square left), the square reached, then `+` for a promotion and `=`
    /// for a move that could have promoted and did not. Files are numbered
    /// from the right (Black's, the first player's, view: file `a` is 9 on
    /// a 9-wide board), ranks from the top, as letters (`a`) in Hodges'
    /// notation and as numbers otherwise. No check mark, as in shogi.
    ///
    /// ```
    /// use betza::{Notation, Position, Variant};
    /// let pos = Position::start(Variant::by_name("shogi").unwrap());
    /// let m = pos.parse_move("g3g4")?;
    /// assert_eq!(pos.notation(&m, Notation::ShogiHodges)?, "P-3f");
    /// assert_eq!(pos.notation(&m, Notation::ShogiHodgesNumber)?, "P-36");
    /// assert_eq!(pos.notation(&m, Notation::ShogiHosking)?, "P36");
    /// // Two Golds can reach 5h: the square left is written.
    /// let m = pos.parse_move("f1e2")?;
    /// assert_eq!(pos.notation(&m, Notation::ShogiHosking)?, "G49-58");
    /// assert_eq!(pos.notation(&m, Notation::ShogiHodges)?, "G4i-5h");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn shogi_western(&self, m: &Move, style: Notation) -> Result<String, MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError::Illegal {
                text: self.move_text(m),
            });
        }
        let v = self.variant;
        let size = v.size;
        let letters = style == Notation::ShogiHodges;
        let square = |sq: crate::bitboard::Square| {
            let file = size.files() as u32 - size.file(sq) as u32;
            let rank = size.ranks() as u32 - size.rank(sq) as u32;
            match char::from_u32('a' as u32 + rank - 1).filter(|_| letters) {
                Some(c) => format!("{file}{c}"),
                None => format!("{file}{rank}"),
            }
        };
        let mut s = v.pieces[m.role.index()]
            .token
            .to_string()
            .to_ascii_uppercase();
        if m.is_drop() {
            s.push(if style == Notation::ShogiHosking {
                '\''
            } else {
                '*'
            });
            s.push_str(&square(m.to));
            return Ok(s);
        }
        let legal = self.legal_moves();
        let promotes = m.promotion().is_some();
        let twin = legal.iter().any(|o| {
            !o.is_drop()
                && o.to == m.to
                && o.from != m.from
                && o.role == m.role
                && o.promotion().is_some() == promotes
        });
        if twin {
            s.push_str(&square(m.from));
        }
        if m.is_capture() {
            s.push('x');
        } else if style != Notation::ShogiHosking || twin {
            s.push('-');
        }
        s.push_str(&square(m.to));
        if promotes {
            s.push('+');
        } else if legal
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o.promotion().is_some())
        {
            s.push('=');
        }
        Ok(s)
    }

    /// The legal move `m` in long algebraic notation (see [`Notation::Lan`]).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "4k3/P7/8/8/8/8/3n4/R3K3 w Q - 0 1")?;
    /// assert_eq!(pos.lan(&pos.parse_move("a7a8q")?)?, "a7-a8=Q+");
    /// assert_eq!(pos.lan(&pos.parse_move("e1d2")?)?, "Ke1xd2");
    /// assert_eq!(pos.lan(&pos.parse_move("e1c1")?)?, "O-O-O");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn lan(&self, m: &Move) -> Result<String, MoveError> {
        // The SAN checks legality and gives the check mark.
        let san = self.try_san(m)?;
        if m.is_castle() {
            return Ok(san);
        }
        let v = self.variant;
        let size = v.size;
        let mut s = String::with_capacity(12);
        if Some(m.role) != v.pawn {
            s.push_str(&v.pieces[m.role.index()].token.to_string());
        }
        size.write_square(m.from, &mut s);
        s.push(if m.is_capture() { 'x' } else { '-' });
        size.write_square(m.to, &mut s);
        push_promotion_and_mark(v, m, &san, &mut s);
        Ok(s)
    }

    /// The legal move `m` in WXF notation, Xiangqi's, as Fairy-Stockfish
    /// (pyffish's `NOTATION_XIANGQI_WXF`) writes it: the piece's letter
    /// (from its name: K, A, E, H, R, C, P), the file it leaves, `+`
    /// (forward), `-` (backward) or `.` (sideways; pyffish writes `=`),
    /// then for a move along its file the number of ranks, otherwise the
    /// file reached. Files are numbered 1 to 9 from the mover's right.
    /// Two pieces of the type on one file are told apart by `+` (front)
    /// and `-` (rear) in place of the file when the same step from the
    /// other one lands on the board, in the type's confinement if it has
    /// one (else the file names the piece: two Elephants on a file,
    /// `E7-5`). Tandem pieces (three or more of the type on one file, or
    /// two or more on each of two files or more) are written with their
    /// place on the file counted from the front (`1` the foremost) in
    /// place of the letter, then the file: `15.6`, `25.6`, `35+1`. A drop
    /// is the letter, `@` and the square (file, then rank counted from the
    /// mover's side); a promotion is written `=` and its type's letter.
    /// Any board works.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("xiangqi").unwrap());
    /// assert_eq!(pos.wxf(&pos.parse_move("h3e3")?)?, "C2.5");
    /// assert_eq!(pos.wxf(&pos.parse_move("h1g3")?)?, "H2+3");
    /// assert_eq!(pos.wxf(&pos.parse_move("i1i3")?)?, "R1+2");
    /// let pos = pos.play(&pos.parse_move("h3e3")?)?;
    /// assert_eq!(pos.wxf(&pos.parse_move("b8e8")?)?, "C2.5");
    /// // Elephants on c5 and c1: the same step from c1 leaves the board.
    /// let v = Variant::by_name("xiangqi").unwrap();
    /// let pos = Position::from_fen(v, "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1")?;
    /// assert_eq!(pos.wxf(&pos.parse_move("c5e3")?)?, "E7-5");
    /// // Three Soldiers on file 5 (e): their places, then the file.
    /// let pos = Position::from_fen(v, "3k5/9/9/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1")?;
    /// assert_eq!(pos.wxf(&pos.parse_move("e7d7")?)?, "15.6");
    /// assert_eq!(pos.wxf(&pos.parse_move("e6d6")?)?, "25.6");
    /// assert_eq!(pos.wxf(&pos.parse_move("e7e8")?)?, "15+1");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn wxf(&self, m: &Move) -> Result<String, MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError::Illegal {
                text: self.move_text(m),
            });
        }
        let v = self.variant;
        let size = v.size;
        let us = self.side;
        let files = size.files() as i32;
        // Files from the mover's right, 1-based; ranks forward for the mover.
        let file_no = |f: u8| match us {
            Color::White => files - f as i32,
            Color::Black => f as i32 + 1,
        };
        let fwd = |r: u8| match us {
            Color::White => r as i32,
            Color::Black => size.ranks() as i32 - 1 - r as i32,
        };
        let letter_of = |role: crate::Role| {
            let t = &v.pieces[role.index()];
            wxf_letter(&t.name, t.token)
        };
        let (ff, fr) = (size.file(m.from), size.rank(m.from));
        let (tf, tr) = (size.file(m.to), size.rank(m.to));
        if m.is_drop() {
            let placed = m.promotion().unwrap_or(m.role);
            return Ok(format!(
                "{}@{}{}",
                letter_of(placed),
                file_no(tf),
                fwd(tr) + 1
            ));
        }
        let ours = self.roles[m.role.index()] & self.colors[us.index()];
        let on_file = |f: u8| ours.squares().filter(|&s| size.file(s) == f).count();
        // Tandems on two files or more.
        let multi = (0..size.files()).filter(|&f| on_file(f) >= 2).count() >= 2;
        let here = on_file(ff);
        let mut s = String::with_capacity(8);
        if here >= 3 || here == 2 && multi {
            // Its place on the file, the foremost 1, then the file.
            let ahead = ours
                .squares()
                .filter(|&x| size.file(x) == ff && fwd(size.rank(x)) > fwd(fr))
                .count();
            s.push_str(&(ahead + 1).to_string());
            s.push_str(&file_no(ff).to_string());
        } else {
            s.push_str(&letter_of(m.role));
            // Two on the file: front (`+`) and rear (`-`) when the same
            // step from the other one stays on the board (and in the
            // type's confinement).
            let confinement = v.pieces[m.role.index()].confinement;
            let other_could = here == 2
                && ours
                    .squares()
                    .find(|&x| size.file(x) == ff && x != m.from)
                    .and_then(|o| {
                        let (df, dr) = (tf as i32 - ff as i32, tr as i32 - fr as i32);
                        size.square(size.file(o) as i32 + df, size.rank(o) as i32 + dr)
                    })
                    .is_some_and(|t| confinement.is_none_or(|c| c.of(us).contains(t)));
            if other_could {
                let rear = ours
                    .squares()
                    .any(|x| size.file(x) == ff && fwd(size.rank(x)) > fwd(fr));
                s.push(if rear { '-' } else { '+' });
            } else {
                s.push_str(&file_no(ff).to_string());
            }
        }
        if fr == tr {
            s.push('.');
            s.push_str(&file_no(tf).to_string());
        } else {
            s.push(if fwd(tr) > fwd(fr) { '+' } else { '-' });
            let rest = if ff == tf {
                (fwd(tr) - fwd(fr)).abs()
            } else {
                file_no(tf)
            };
            s.push_str(&rest.to_string());
        }
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push_str(&letter_of(p));
        }
        Ok(s)
    }

    /// The SAN of each move of a line played from here, each move legal
    /// in the position the ones before it leave; the first move that is not
    /// is refused ([`MoveError::Illegal`]).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// let after_e4 = pos.play(&pos.parse_move("e2e4")?)?;
    /// let line = [pos.parse_move("e2e4")?, after_e4.parse_move("e7e5")?];
    /// assert_eq!(pos.san_line(&line)?, ["e4", "e5"]);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn san_line(&self, moves: &[Move]) -> Result<Vec<String>, MoveError> {
        self.notation_line(moves, Notation::San)
    }

    /// A line of moves played from here written in `notation`, as
    /// [`san_line`](Self::san_line) writes SAN.
    pub fn notation_line(
        &self,
        moves: &[Move],
        notation: Notation,
    ) -> Result<Vec<String>, MoveError> {
        let mut pos = *self;
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            out.push(pos.notation(m, notation)?);
            pos = pos.play_unchecked(m);
        }
        Ok(out)
    }

    /// The position after a line of moves, each legal where it is played.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// let moves = [pos.parse_move("g1f3")?];
    /// assert_eq!(pos.play_line(&moves)?, pos.play(&moves[0])?);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn play_line(&self, moves: &[Move]) -> Result<Position<'v, B>, MoveError> {
        let mut pos = *self;
        for m in moves {
            pos = pos.play(m)?;
        }
        Ok(pos)
    }

    /// The position after moves given as text, separated by white space:
    /// each is move text (`e2e4`) or SAN (`Nf3`); move numbers (`1.`,
    /// `12...`) are skipped. The error names the first text refused.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let pos = Position::start(Variant::by_name("chess").unwrap());
    /// let after = pos.play_text_line("1. e4 e7e5 2. Nf3")?;
    /// assert_eq!(after.fullmove_number(), 2);
    /// assert!(pos.play_text_line("e4 e4").is_err());
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn play_text_line(&self, text: &str) -> Result<Position<'v, B>, crate::Error> {
        let mut pos = *self;
        for word in text.split_whitespace() {
            let is_number = word
                .trim_end_matches('.')
                .bytes()
                .all(|b| b.is_ascii_digit())
                && word.ends_with('.');
            if is_number {
                continue;
            }
            let m = match pos.parse_move(word) {
                Ok(m) => m,
                Err(e) => match pos.parse_san(word) {
                    Ok(m) => m,
                    // Not move text at all: the SAN reader's word on it.
                    Err(s) if matches!(e, MoveError::Syntax { .. }) => return Err(s.into()),
                    Err(_) => return Err(e.into()),
                },
            };
            pos = pos.play(&m)?;
        }
        Ok(pos)
    }
}

/// The tail of a SAN-like text: `=` and the new type's token for a
/// promotion, then the check or mate mark the move's SAN carries.
fn push_promotion_and_mark(v: &Variant, m: &Move, san: &str, s: &mut String) {
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push_str(&v.pieces[p.index()].token.to_string());
    }
    if san.ends_with('#') {
        s.push('#');
    } else if san.ends_with('+') {
        s.push('+');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn lan_agrees_with_san_and_move_text_on_random_games() {
        for name in Variant::builtin_names() {
            let v = Variant::by_name(name).unwrap();
            let mut pos = Position::start(v);
            for i in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    let lan = pos.lan(m).unwrap();
                    let san = pos.try_san(m).unwrap();
                    if m.is_castle() {
                        assert_eq!(lan, san);
                        continue;
                    }
                    let (from, to) = (pos.name(m.from()).to_string(), pos.name(m.to()).to_string());
                    assert!(lan.contains(&from) && lan.contains(&to), "{lan}");
                    assert_eq!(lan.contains('x'), m.is_capture(), "{lan}");
                    assert_eq!(lan.ends_with('+'), san.ends_with('+'), "{lan} {san}");
                    assert_eq!(lan.ends_with('#'), san.ends_with('#'), "{lan} {san}");
                }
                pos = pos.play_unchecked(&moves[(i * 7 + 3) % moves.len()]);
            }
        }
    }

    #[test]
    fn wxf_names_each_move_once() {
        // In every position of random Xiangqi games no two legal moves
        // share a WXF text, and each text's parts match the move.
        let v = Variant::by_name("xiangqi").unwrap();
        for seed in 0..8 {
            let mut pos = Position::start(v);
            for i in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut texts: Vec<String> = moves.iter().map(|m| pos.wxf(m).unwrap()).collect();
                texts.sort();
                let n = texts.len();
                texts.dedup();
                assert_eq!(texts.len(), n, "{} {texts:?}", pos.to_fen());
                pos = pos.play_unchecked(&moves[(i * 13 + seed * 5 + 1) % moves.len()]);
            }
        }
    }

    #[test]
    fn wxf_tandem_pieces() {
        let v = Variant::by_name("xiangqi").unwrap();
        // Two Red Chariots on file e (5): front one sideways to c (7).
        let pos = Position::from_fen(v, "3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1").unwrap();
        assert_eq!(pos.wxf(&pos.parse_move("e5c5").unwrap()).unwrap(), "R+.7");
        assert_eq!(pos.wxf(&pos.parse_move("e3e2").unwrap()).unwrap(), "R--1");
        // Black counts files from its right: file a is 1; forward is down.
        let pos = Position::from_fen(v, "r2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(pos.wxf(&pos.parse_move("a10a7").unwrap()).unwrap(), "R1+3");
        assert_eq!(pos.wxf(&pos.parse_move("a10c10").unwrap()).unwrap(), "R1.3");
    }

    /// Tandem pieces as pyffish 0.0.90 writes them (its `NOTATION_XIANGQI_WXF`,
    /// `=` for sideways where the library writes `.`): pyffish's test.py and
    /// random positions checked against pyffish, both sides, up to five
    /// Soldiers on a file, tandems on two and three files.
    #[test]
    fn wxf_tandems_as_pyffish_writes_them() {
        let v = Variant::by_name("xiangqi").unwrap();
        let cases = [
            // pyffish's test.py: three Soldiers on file 5.
            (
                "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1",
                &[("e7d7", "15.6"), ("e6d6", "25.6"), ("e4e5", "35+1")][..],
            ),
            // Two on each of two files: their places too.
            (
                "5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1",
                &[
                    ("d7e7", "26.5"),
                    ("f6e6", "24.5"),
                    ("d8d9", "16+1"),
                    ("h7h8", "P2+1"),
                ],
            ),
            // Two Horses, two Soldiers on a file: front and rear; Elephants,
            // Advisors: the file, the same step from the other one being off
            // the board or out of its confinement.
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1",
                &[
                    ("c5e3", "E7-5"),
                    ("d1e2", "A6+5"),
                    ("b5c7", "H++7"),
                    ("e6e7", "P++1"),
                    ("e4e5", "P-+1"),
                ],
            ),
            // Random positions, pyffish's text: five, four and three on a file.
            (
                "P8/9/P2k1a3/P3c4/PR3Cp2/6C2/P4R2r/6p2/5r3/4KA3 w - - 0 1",
                &[
                    ("a4a5", "59+1"),
                    ("a10b10", "19.8"),
                    ("a7b7", "39.8"),
                    ("f4f5", "R4+1"),
                ],
            ),
            (
                "P1b2ab2/3k5/5a3/5PC2/4c2p1/3C1PB2/P4P1p1/7pR/3r3p1/1rBcK2pR b - - 0 1",
                &[("h6h5", "58+1"), ("h4g4", "48.7"), ("h1g1", "18.7")],
            ),
            (
                "RnPP5/3k5/1c2b3b/2RP2rp1/9/2P6/3P5/Br1A3pB/4K2p1/2np5 w - - 0 1",
                &[
                    ("d4d5", "36+1"),
                    ("c5c6", "27+1"),
                    ("d10e10", "16.5"),
                    ("a3c1", "E9-7"),
                ],
            ),
            (
                "P3ra3/P2k5/3ab3c/5R1R1/P2p5/P2p3p1/7p1/5AN1B/4A2p1/2B1K4 b - - 0 1",
                &[("h5g5", "38.7"), ("h4h3", "28+1"), ("e8c6", "E5+3")],
            ),
            (
                "9/4k4/b5PR1/6P2/2b5c/4c1r1p/8p/5N2p/4K3p/2B3B2 w - - 0 1",
                &[("g7f7", "P-.4")],
            ),
            (
                "6b2/4k4/5a3/r5pPC/5P1C1/5PpP1/N4P2p/Bn3K2B/4Ap3/7r1 b - - 0 1",
                &[("g5g4", "P++1")],
            ),
        ];
        for (fen, moves) in cases {
            let pos = Position::from_fen(v, fen).unwrap();
            for (text, want) in moves {
                let m = pos.parse_move(text).unwrap();
                assert_eq!(pos.wxf(&m).unwrap(), *want, "{fen} {text}");
                assert_eq!(pos.notation(&m, Notation::Wxf).unwrap(), *want);
            }
        }
        // A drop: the letter, `@`, the file and the rank from the mover's
        // side (files counted from its right).
        let v = Variant::by_name("crazyhouse").unwrap();
        for (fen, text, want) in [
            ("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", "P@e4", "P@44"),
            ("4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1", "P@e4", "P@55"),
        ] {
            let pos = Position::from_fen(v, fen).unwrap();
            let m = pos.parse_move(text).unwrap();
            assert_eq!(pos.wxf(&m).unwrap(), want, "{fen}");
        }
    }

    /// The tables of docs/notation.md's "LAN and WXF" section hold.
    #[test]
    fn documented_examples_hold() {
        let doc = include_str!("../../docs/notation.md");
        let start = doc.find("## LAN and WXF").expect("the section");
        let end = start + doc[start..].find("\n## PGN").expect("the next section");
        let mut rows = 0;
        for line in doc[start..end].lines() {
            let cells: Vec<&str> = line
                .split('|')
                .map(|c| c.trim().trim_matches('`'))
                .collect();
            if cells.len() != 6 || cells[1] == "variant" || cells[1].starts_with('-') {
                continue;
            }
            let v = Variant::by_name(cells[1]).unwrap();
            let pos = match cells[2] {
                "start" => Position::start(v),
                fen => Position::from_fen(v, fen).unwrap(),
            };
            let m = pos.parse_move(cells[3]).unwrap();
            // Xiangqi's rows are WXF (tandem Pawns start with a digit).
            let text = if v.name() == "xiangqi" {
                pos.wxf(&m).unwrap()
            } else {
                pos.lan(&m).unwrap()
            };
            assert_eq!(text, cells[4], "{line}");
            rows += 1;
        }
        assert_eq!(rows, 12);
    }

    /// pyffish's Xiangqi SAN (its test.py): the Horse H, the Elephant E;
    /// plain SAN keeps the FEN tokens; both are read back.
    #[test]
    fn san_with_aliases() {
        let v = Variant::by_name("xiangqi").unwrap();
        let pos = Position::start(v);
        let cases = [
            ("h1g3", Notation::SanAlias, "Hg3"),
            ("h1g3", Notation::San, "Ng3"),
            ("c1e3", Notation::SanAlias, "Ece3"),
            ("h3h10", Notation::SanAlias, "Cxh10"),
            ("h3h5", Notation::SanAlias, "Ch5"),
            ("h1g3", Notation::LanAlias, "Hh1-g3"),
            // The Soldier is no pawn type: its letter is written, as pyffish does.
            ("e4e5", Notation::SanAlias, "Pe5"),
        ];
        for (text, notation, want) in cases {
            let m = pos.parse_move(text).unwrap();
            assert_eq!(pos.notation(&m, notation).unwrap(), want, "{text}");
            if notation != Notation::LanAlias {
                assert_eq!(pos.parse_san(want).unwrap(), m, "{want}");
            }
        }
        let fen = "1rb1ka2r/4a4/2ncb1nc1/p1p1p1p1p/9/2P6/P3PNP1P/2N1C2C1/9/R1BAKAB1R w - - 1 7";
        let pos = Position::from_fen(v, fen).unwrap();
        for (text, want) in [("c3e2", "Hce2"), ("c3d5", "Hd5")] {
            let m = pos.parse_move(text).unwrap();
            assert_eq!(pos.notation(&m, Notation::SanAlias).unwrap(), want);
        }
        // Chess has no aliases: the same SAN.
        let chess = Position::start(Variant::by_name("chess").unwrap());
        let m = chess.parse_move("g1f3").unwrap();
        assert_eq!(chess.notation(&m, Notation::SanAlias).unwrap(), "Nf3");
    }

    /// pyffish's test.py: Thai SAN and LAN in Makruk.
    #[test]
    fn thai_notation() {
        let v = Variant::by_name("makruk").unwrap();
        let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
        let cases = [
            (start, "e3e4", "e4", "จ๔", "บ จ๓-จ๔"),
            (
                "r1smksnr/3n4/pppp1ppp/4p3/4PP2/PPPP2PP/8/RNSKMSNR w - - 0 1",
                "f4e5",
                "fxe5",
                "ฉxจ๕",
                "บ ฉ๔xจ๕",
            ),
            (
                "rnsm1s1r/4n1k1/1ppppppp/p7/2PPP3/PP3PPP/4N2R/RNSKMS2 b - - 1 5",
                "f8f7",
                "Sf7",
                "ค-ฉ๗",
                "ค ฉ๘-ฉ๗",
            ),
            (
                "4k3/8/8/4S3/8/2S5/8/4K3 w - - 0 1",
                "e5d4",
                "Sed4",
                "คจ-ง๔",
                "ค จ๕-ง๔",
            ),
            (
                "4k3/8/8/4S3/8/2S5/8/4K3 w - - 0 1",
                "c3d4",
                "Scd4",
                "คค-ง๔",
                "ค ค๓-ง๔",
            ),
            (
                "4k3/8/8/3S4/8/3S4/8/4K3 w - - 0 1",
                "d3d4",
                "Sd4",
                "ค-ง๔",
                "ค ง๓-ง๔",
            ),
        ];
        for (fen, text, san, thai, thai_lan) in cases {
            let pos = Position::from_fen(v, fen).unwrap();
            let m = pos.parse_move(text).unwrap();
            assert_eq!(pos.notation(&m, Notation::San).unwrap(), san, "{text}");
            assert_eq!(pos.notation(&m, Notation::ThaiSan).unwrap(), thai, "{text}");
            assert_eq!(
                pos.notation(&m, Notation::ThaiLan).unwrap(),
                thai_lan,
                "{text}"
            );
        }
        // A Met of the start and a promoted one (FEN `M~`).
        for (fen, thai) in [
            ("4k3/8/4M3/4S3/8/2S5/8/4K3 w - - 0 1", "ม็-ง๕"),
            ("4k3/8/4M~3/4S3/8/2S5/8/4K3 w - - 0 1", "ง-ง๕"),
        ] {
            let pos = Position::from_fen(v, fen).unwrap();
            let m = pos.parse_move("e6d5").unwrap();
            assert_eq!(pos.notation(&m, Notation::ThaiSan).unwrap(), thai);
        }
        // A promotion and a check: `=` and the token, SAN's check mark.
        let pos = Position::from_fen(v, "3k4/8/4P3/8/8/8/8/4K3 w - - 0 1").unwrap();
        let m = pos.parse_move("e6e7m").unwrap();
        assert_eq!(pos.notation(&m, Notation::ThaiSan).unwrap(), "จ๗=M+");
    }

    /// pyffish's test.py writes Janggi's `H02-83` for the Horse's b1c3 from
    /// Janggi's start; Xiangqi's board and pieces give the same text.
    #[test]
    fn janggi_notation() {
        let v = Variant::by_name("xiangqi").unwrap();
        let fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
        let pos = Position::from_fen(v, fen).unwrap();
        for (text, want) in [
            ("b1c3", "H02-83"),
            ("a1a2", "R01-91"),
            ("a4a5", "P71-61"),
            ("b3b10", "C82x12"),
            ("c1e3", "E03-85"),
        ] {
            let m = pos.parse_move(text).unwrap();
            assert_eq!(pos.notation(&m, Notation::Janggi).unwrap(), want, "{text}");
        }
    }

    #[test]
    fn an_alias_is_one_types_only() {
        let def = |alias: &str| {
            format!(
                "name = \"t\"\nfiles = 8\nranks = 8\nstart = \"4k3/8/8/8/8/8/8/3NK3 w - - 0 1\"\n\
                 [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\
                 [[piece]]\nname = \"Knight\"\ntoken = \"N\"\nalias = \"{alias}\"\nbetza = \"N\"\n"
            )
        };
        let v = Variant::from_definition(&def("H")).unwrap();
        assert!(v.definition().to_string().contains("alias = \"H\""));
        let err = Variant::from_definition(&def("K")).unwrap_err().to_string();
        assert!(err.contains("\"K\""), "{err}");
        let err = Variant::from_definition(&def("1")).unwrap_err().to_string();
        assert!(err.contains("\"1\""), "{err}");
    }

    #[test]
    fn lines_are_played_and_written() {
        let v = Variant::by_name("chess").unwrap();
        let pos = Position::start(v);
        let after = pos.play_text_line("1. e4 e5 2. Nf3 Nc6").unwrap();
        let direct = pos.play_text_line("e2e4 e7e5 g1f3 b8c6").unwrap();
        assert_eq!(after, direct);
        let err = pos.play_text_line("e4 e5 Ke3").unwrap_err().to_string();
        assert!(err.contains("Ke3"), "{err}");
        assert_ne!(after, pos);
    }
}
