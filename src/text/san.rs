//! Moves for people: Standard Algebraic Notation, generalised to every variant.
//!
//! A move is written `<token><disambiguation><x if capture><to-square>[=<new token>][+ or #]`:
//!
//! - `token`: the moving piece's FEN token, uppercase for both sides (`N`,
//!   Decimaka's Queen `+F`); nothing for the variant's Pawn.
//! - disambiguation, only when another piece of the same type can legally go
//!   to the same square: the from-file if that tells them apart, else the
//!   from-rank, else both (`Rad1`, `R1a3`, `Qh4e1`). A Pawn's capture always
//!   names its file (`exd5`), with the rank added if that is not enough.
//! - `x` when the move captures (en passant too); then the to-square.
//! - `=` and the new token when the piece changes type: `e8=Q`, Decimaka's
//!   `Lxe5=+P`, Meiriqi's `Gd8=R`. A Decimaka Queen taking a Queen stays one,
//!   so `+Fxe5` has no promotion.
//! - castling: `O-O` with the Rook on the higher file, `O-O-O` with the other.
//! - a move that captures on its way (a locust capture, [`Move::via`]):
//!   `x`, the square captured on, then `x` and the destination if it captures
//!   there too, else `-` and the destination: `Lxd5xe6`, `Lxd5-c4`, and
//!   `Lxd5-d4` for capturing and returning. A two-step move whose first step
//!   captures nothing (Chu Shogi's Lion) has `-` before that square:
//!   `N-f4xe5`, `N-f4-e5`, and `N-f4-f3` for a pass. Disambiguation as above,
//!   among the moves with the same two squares.
//! - a drop from the hand: the type's token, `@` and the square (`P@e5`).
//! - a gated move (`[rules] gating`, S-chess): `/` and the gated type's
//!   token after the rest (`Nc3/H`); castling adds the square it gates on
//!   (`O-O/He1`, `O-O/Eh1`), as Fairy-Stockfish and pyffish write them. A
//!   gated move needs no disambiguation (its gate square is its from-square).
//! - `+` when the move gives check, `#` when it gives checkmate, or when it
//!   ends a game of the lichess family's rules (`[rules]`) with a winner: an
//!   atomic capture that explodes a King, a King reaching the hill, the last
//!   check, antichess's last piece lost (as python-chess writes). This suffix is
//!   always the last character; tokens never end in `+`, so a trailing `+` is
//!   always a check.
//!
//! Reading ([`Position::parse_san`]) accepts what [`Position::san`] writes,
//! and also, as chess SAN readers do: the text without its check suffix, more
//! disambiguation than needed (`Ng1f3`), the Pawn's token (`Pe4`), and `0-0`
//! for `O-O`. It refuses, each with its own [`SanError`]: a text that names
//! two moves (ambiguous), no legal move (naming why: no such piece move, the
//! King left attacked, a missing or impossible promotion), a missing or
//! extra `x`, and a wrong check suffix.

use crate::bitboard::{Board, Square, SquareName};
use crate::moves::{Move, MoveError, MoveList};
use crate::position::Position;
use crate::variant::{PieceToken, Role};

/// Why a SAN text was refused. Every message quotes the text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SanError {
    /// The text is not a SAN move at all.
    Syntax {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text names more than one legal move.
    Ambiguous {
        /// The text.
        text: String,
        /// The unambiguous texts of the moves it could mean.
        candidates: Vec<String>,
    },
    /// No piece of that type has such a move.
    NoSuchMove {
        /// The text.
        text: String,
        /// Why, in words (which piece, which square).
        reason: String,
    },
    /// The move exists but would leave the own King attacked (or the Kings facing).
    KingExposed {
        /// The text.
        text: String,
    },
    /// The move captures but the text has no `x`, or the other way round.
    CaptureMark {
        /// The text.
        text: String,
        /// Whether the move captures.
        captures: bool,
    },
    /// The text omits a promotion that is mandatory, or names one the move
    /// cannot make.
    Promotion {
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
        /// The legal texts for this piece and square.
        legal: Vec<String>,
    },
    /// The check suffix does not match what the move does.
    CheckSuffix {
        /// The text.
        text: String,
        /// The move's correct text.
        expected: String,
    },
    /// The game is over: the side to move has no legal move.
    GameOver {
        /// The text.
        text: String,
    },
}

/// A SAN text taken apart, not yet matched against the legal moves.
struct Parsed {
    castle: Option<bool>,
    role: Option<Role>,
    file: Option<u8>,
    rank: Option<u8>,
    capture: bool,
    /// The square captured on the way, for a locust capture.
    via: Option<Square>,
    /// Whether the text has `x` (not `-`) before the via square.
    via_capture: bool,
    to: Square,
    promotion: Option<Role>,
    suffix: Option<char>,
    /// `/` and a token (and for castling a square): the gated type.
    gate: Option<(Role, Option<Square>)>,
}

impl<'v, B: Board> Position<'v, B> {
    /// The move in SAN (see the [`san`](crate::san) module), for a legal
    /// move of this position. Any other move (hand-made, of another
    /// position or variant) is written as its move text (`e2e5`), never a
    /// panic: [`try_san`](Self::try_san) refuses it instead.
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let v = Variant::by_name("decimaka").unwrap();
    /// let pos = Position::from_fen(v, "4k5/10/10/10/10/4+p5/10/3N1L4/10/5K4 w - - 0 1")?;
    /// let sq = |s| pos.size().parse_square(s).unwrap();
    /// // Knight and Lion both take the Omni, a promoted piece: the Knight must
    /// // promote to Nightrider (+N), the Lion to Omni (+P).
    /// let texts: Vec<String> =
    ///     pos.legal_moves().iter().filter(|m| m.to() == sq("e5")).map(|m| pos.san(m)).collect();
    /// assert_eq!(texts, ["Lxe5=+P", "Nxe5=+N"]);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn san(&self, m: &Move) -> String {
        self.try_san(m).unwrap_or_else(|_| self.move_text(m))
    }

    /// The move in SAN, or [`MoveError::Illegal`] for a move that is not a
    /// legal move of this position (hand-made, or of another position or
    /// variant).
    ///
    /// ```
    /// use betza::{Position, Variant};
    /// let chess = Position::start(Variant::by_name("chess").unwrap());
    /// let meiriqi = Position::start(Variant::by_name("meiriqi").unwrap());
    /// let m = meiriqi.parse_move("a3a5")?;
    /// assert!(chess.try_san(&m).is_err());
    /// assert_eq!(meiriqi.try_san(&m)?, "a5");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn try_san(&self, m: &Move) -> Result<String, MoveError> {
        if !self.is_legal(m) {
            return Err(MoveError::Illegal {
                text: self.move_text(m),
            });
        }
        let mut s = self.san_without_suffix(m);
        s.push_str(self.check_suffix(m));
        Ok(s)
    }

    /// The SAN of `m` without the check suffix.
    fn san_without_suffix(&self, m: &Move) -> String {
        if let Some(w) = m.wall() {
            // Fairy-Stockfish's SAN of a turn with a wall: `e4,d5`.
            let mut s = self.san_without_suffix(&self.piece_move(m));
            s.push(',');
            self.variant.size.write_square(w, &mut s);
            return s;
        }
        if m.is_drop() {
            // As move text: the type's token, `@`, the square (`P@e5`).
            return self.move_text(m);
        }
        let v = self.variant;
        let size = v.size;
        if m.is_castle() {
            return san_text(v, m, Self::castles_king_side(m), (false, false, false));
        }
        let (mut others, mut same_file, mut same_rank) = (false, false, false);
        self.generate_dyn(true, &mut |x| {
            if x.role == m.role
                && x.to == m.to
                && x.via() == m.via()
                && x.from != m.from
                && !x.is_castle()
                // A drop is written with `@`: never a second way there.
                && !x.is_drop()
                && !x.is_gating()
                && !m.is_gating()
            {
                others = true;
                same_file |= size.file(x.from) == size.file(m.from);
                same_rank |= size.rank(x.from) == size.rank(m.from);
            }
        });
        san_text(v, m, false, (others, same_file, same_rank))
    }

    /// `"#"`, `"+"` or `""`: what the legal move `m` does to the enemy King,
    /// and `"#"` after a move that ends a game of `[rules]` with a winner
    /// (an explosion, a region reached, a side extinct, a stalemate that
    /// wins), as python-chess writes it.
    fn check_suffix(&self, m: &Move) -> &'static str {
        let next = self.play_unchecked(m);
        if !next.is_check() {
            let won = self.variant.rules.any && next.outcome().is_some_and(|o| o.winner.is_some());
            if won { "#" } else { "" }
        } else if next.has_legal_move() {
            "+"
        } else {
            "#"
        }
    }

    /// Reads a SAN move (see the [`san`](crate::san) module for what is
    /// accepted) and finds the legal move it names.
    ///
    /// ```
    /// use betza::{Position, SanError, Variant};
    /// let v = Variant::by_name("chess").unwrap();
    /// let pos = Position::from_fen(v, "4k3/8/8/8/R7/8/8/R3K2R w KQ - 0 1")?;
    /// let m = pos.parse_san("R1a2")?;
    /// assert_eq!(pos.move_text(&m), "a1a2");
    /// assert_eq!(pos.move_text(&pos.parse_san("Ra1a2")?), "a1a2"); // more than needed is fine
    /// assert_eq!(pos.san(&pos.parse_san("O-O")?), "O-O");
    /// let err = pos.parse_san("Ra2").unwrap_err();
    /// assert!(matches!(err, SanError::Ambiguous { .. }));
    /// assert_eq!(err.to_string(), "SAN \"Ra2\": ambiguous, it could be R1a2 or R4a2");
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        // Surrounding white space is no error.
        let text = text.trim();
        if text.contains('@') {
            return self.parse_san_drop(text);
        }
        let mut legal = self.legal_moves();
        if legal.is_empty() {
            return Err(SanError::GameOver {
                text: text.to_string(),
            });
        }
        let p = match self.san_wall(text)? {
            Some((base, wall)) => {
                // The turns placing that wall; the move as SAN reads it.
                legal.retain(|m| m.wall() == Some(wall));
                if legal.is_empty() {
                    return Err(SanError::NoSuchMove {
                        text: text.to_string(),
                        reason: format!(
                            "no legal turn places a wall on {}",
                            self.variant.size.name(wall)
                        ),
                    });
                }
                Parsed::split_san(self.variant, &base)?
            }
            None => Parsed::split_san(self.variant, text)?,
        };
        let m = match p.castle {
            Some(king_side) => self.find_castle(text, &legal, king_side, p.gate)?,
            None => (self as &dyn SanMoves).find_move(text, &legal, &p)?,
        };
        if let Some(c) = p.suffix {
            let actual = self.check_suffix(&m);
            if !actual.starts_with(c) {
                return Err(SanError::CheckSuffix {
                    text: text.to_string(),
                    expected: self.san(&m),
                });
            }
        }
        Ok(m)
    }

    /// The wall of a turn in SAN (`e4,d5`, Fairy-Stockfish's form): the
    /// move's text (with the check suffix, written after the wall) and the
    /// wall's square; `None` in a variant without walls and no comma.
    fn san_wall(&self, text: &str) -> Result<Option<(String, Square)>, SanError> {
        let syntax = |reason: String| SanError::Syntax {
            text: text.to_string(),
            reason,
        };
        let walls = self.variant.rules.wall.is_some();
        let Some((base, rest)) = text.split_once(',') else {
            if walls {
                return Err(syntax(format!(
                    "a turn of {} places a wall: write its square after a comma, as in e4,d5",
                    self.variant.name
                )));
            }
            return Ok(None);
        };
        if !walls {
            return Err(syntax(format!("{} places no walls", self.variant.name)));
        }
        // A check suffix after the wall belongs to the whole turn.
        let (sq, suffix) = match rest.find(['+', '#']) {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let wall = self
            .variant
            .size
            .parse_square(sq)
            .ok_or_else(|| syntax(format!("{}: not a square of the board", quoted(sq))))?;
        Ok(Some((format!("{base}{suffix}"), wall)))
    }

    /// A drop in SAN: `P@e5`, with `+`/`#` if it checks.
    fn parse_san_drop(&self, text: &str) -> Result<Move, SanError> {
        let (body, suffix) = match text.as_bytes().last() {
            Some(b'+') => (&text[..text.len() - 1], Some('+')),
            Some(b'#') => (&text[..text.len() - 1], Some('#')),
            _ => (text, None),
        };
        let m = self.parse_move(body).map_err(|e| match e {
            crate::MoveError::Syntax { reason, .. } => SanError::Syntax {
                text: text.to_string(),
                reason: reason.to_string(),
            },
            e => SanError::NoSuchMove {
                text: text.to_string(),
                reason: match e {
                    crate::MoveError::Drop { reason, .. } => reason,
                    e => e.to_string(),
                },
            },
        })?;
        if let Some(c) = suffix
            && !self.check_suffix(&m).starts_with(c)
        {
            return Err(SanError::CheckSuffix {
                text: text.to_string(),
                expected: self.san(&m),
            });
        }
        Ok(m)
    }

    fn find_castle(
        &self,
        text: &str,
        legal: &MoveList,
        king_side: bool,
        gate: Option<(Role, Option<Square>)>,
    ) -> Result<Move, SanError> {
        let castle = legal
            .iter()
            .find(|m| m.is_castle() && Self::castles_king_side(m) == king_side && !m.is_gating())
            .copied()
            .ok_or_else(|| {
                let side = if king_side {
                    "with the Rook on the higher file"
                } else {
                    "with the Rook on file a"
                };
                SanError::NoSuchMove {
                    text: text.to_string(),
                    reason: format!("castling {side} is not legal here"),
                }
            })?;
        let Some((role, square)) = gate else {
            return Ok(castle);
        };
        let gated: MoveList = legal
            .iter()
            .filter(|m| {
                m.is_castle()
                    && Self::castles_king_side(m) == king_side
                    && m.gate() == Some(role)
                    && square.is_none_or(|sq| m.gate_square() == Some(sq))
            })
            .copied()
            .collect();
        match gated[..] {
            [m] => Ok(m),
            [] => Err(SanError::NoSuchMove {
                text: text.to_string(),
                reason: self.gate_problem(&castle, role, square.unwrap_or(castle.from)),
            }),
            _ => Err(SanError::Ambiguous {
                text: text.to_string(),
                candidates: gated.iter().map(|m| self.san(m)).collect(),
            }),
        }
    }
}

/// The SAN of `m` without the check suffix once the other moves of its
/// type to its square are known (whether there are some, on its file, on
/// its rank); `king_side` for castling. The same for every board type.
fn san_text(
    v: &crate::Variant,
    m: &Move,
    king_side: bool,
    (others, same_file, same_rank): (bool, bool, bool),
) -> String {
    let size = v.size;
    if m.is_castle() {
        let mut s = if king_side { "O-O" } else { "O-O-O" }.to_string();
        if let (Some(g), Some(sq)) = (m.gate(), m.gate_square()) {
            s.push('/');
            s.push_str(&v.pieces[g.index()].token.to_string());
            size.write_square(sq, &mut s);
        }
        return s;
    }
    let mut s = String::with_capacity(10);
    let is_pawn = Some(m.role) == v.pawn;
    if !is_pawn {
        s.push_str(&v.pieces[m.role.index()].token.to_string());
    }
    // A promotion that is a move of its own and steps (Sittuyin) names
    // its square, as Fairy-Stockfish writes it (`e5f6=F`).
    let stepped = m.from != m.to && m.promotion().is_some() && v.rules.promotion_in_place;
    let (file, rank) = if is_pawn && stepped {
        (true, true)
    } else if is_pawn && m.is_capture() {
        (true, others && same_file)
    } else if !others {
        (false, false)
    } else if !same_file {
        (true, false)
    } else if !same_rank {
        (false, true)
    } else {
        (true, true)
    };
    // On 24 files or more, a quiet move told apart by file `x` alone
    // would read as a capture (`Rxu17`): the rank goes with it (`Rx17u17`).
    let rank = rank || (file && size.file(m.from) == b'x' - b'a' && !m.is_capture());
    let from = size.square_name(m.from);
    if file {
        s.push_str(&from[..1]);
    }
    if rank {
        s.push_str(&from[1..]);
    }
    if let Some(via) = m.via() {
        s.push(if m.via_captured().is_some() { 'x' } else { '-' });
        size.write_square(via, &mut s);
        s.push(if m.captured.is_some() { 'x' } else { '-' });
    } else if m.is_capture() {
        s.push('x');
    }
    size.write_square(m.to, &mut s);
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push_str(&v.pieces[p.index()].token.to_string());
    }
    if let Some(g) = m.gate() {
        s.push('/');
        s.push_str(&v.pieces[g.index()].token.to_string());
    }
    s
}

/// What choosing the move a SAN text names asks of its position, for
/// `find_move`: written once for every board type (on a `&dyn`), not once
/// per board type.
trait SanMoves {
    fn variant(&self) -> &crate::Variant;
    fn side(&self) -> crate::Color;
    fn san(&self, m: &Move) -> String;
    fn gate_problem(&self, m: &Move, role: Role, square: Square) -> String;
    /// Whether some pseudo-legal move `fits`, and why the rules refuse
    /// such moves (the first refused, unless the game is over).
    fn pseudo_fitting(&self, fits: &dyn Fn(&Move) -> bool) -> (bool, Option<&'static str>);
}

impl<B: Board> SanMoves for Position<'_, B> {
    fn variant(&self) -> &crate::Variant {
        self.variant
    }
    fn side(&self) -> crate::Color {
        self.side
    }
    fn san(&self, m: &Move) -> String {
        Position::san(self, m)
    }
    fn gate_problem(&self, m: &Move, role: Role, square: Square) -> String {
        Position::gate_problem(self, m, role, square)
    }
    fn pseudo_fitting(&self, fits: &dyn Fn(&Move) -> bool) -> (bool, Option<&'static str>) {
        let mut pseudo = false;
        let mut forbidden = None;
        let any = self.variant.rules.any;
        self.generate_dyn(false, &mut |m| {
            if fits(&m) {
                pseudo = true;
                if any && forbidden.is_none() {
                    forbidden = self.rules_refusal(&m);
                }
            }
        });
        (pseudo, forbidden.filter(|_| self.outcome().is_none()))
    }
}

impl dyn SanMoves + '_ {
    fn find_move(&self, text: &str, legal: &MoveList, p: &Parsed) -> Result<Move, SanError> {
        let v = self.variant();
        let size = v.size;
        let err_text = || text.to_string();
        let role = match p.role.or(v.pawn) {
            Some(r) => r,
            None => {
                return Err(SanError::Syntax {
                    text: err_text(),
                    reason:
                        "a move without a piece token is a Pawn move, and this variant has no Pawn"
                            .into(),
                });
            }
        };
        let fits = |m: &Move| {
            m.role == role
                && m.to == p.to
                && m.via() == p.via
                && !m.is_castle()
                && !m.is_drop()
                && p.file.is_none_or(|f| size.file(m.from) == f)
                && p.rank.is_none_or(|r| size.rank(m.from) == r)
        };
        let base: MoveList = legal.iter().filter(|m| fits(m)).copied().collect();
        if base.is_empty() {
            let (pseudo, forbidden) = self.pseudo_fitting(&fits);
            if let Some(reason) = forbidden {
                return Err(SanError::NoSuchMove {
                    text: err_text(),
                    reason: reason.to_string(),
                });
            }
            if pseudo {
                return Err(SanError::KingExposed { text: err_text() });
            }
            let piece = &v.pieces[role.index()];
            let mut which = piece.name.clone();
            if p.file.is_some() || p.rank.is_some() {
                which.push_str(" on ");
                which.push(p.file.map_or('?', |f| (b'a' + f) as char));
                match p.rank {
                    Some(r) => which.push_str(&(r + 1).to_string()),
                    None => which.push('?'),
                }
            }
            let to = size.square_name(p.to);
            let mut reason = format!("no {} {which} can move to {to}", self.side());
            if legal
                .iter()
                .any(|m| m.is_castle() && m.to == p.to && m.role == role)
            {
                reason.push_str(" (castling is written O-O or O-O-O)");
            }
            return Err(SanError::NoSuchMove {
                text: err_text(),
                reason,
            });
        }
        // All moves to one square capture or all do not (for locust
        // captures: on the destination).
        let captures = if p.via.is_some() {
            base[0].captured.is_some()
        } else {
            base[0].is_capture()
        };
        if captures != p.capture {
            return Err(SanError::CaptureMark {
                text: err_text(),
                captures,
            });
        }
        let via_captures = base[0].via_captured().is_some();
        if p.via.is_some() && via_captures != p.via_capture {
            return Err(SanError::CaptureMark {
                text: err_text(),
                captures: via_captures,
            });
        }
        let chosen: MoveList = base
            .iter()
            .filter(|m| m.promotion() == p.promotion && m.gate() == p.gate.map(|g| g.0))
            .copied()
            .collect();
        if let (true, Some((role, _))) = (chosen.is_empty(), p.gate) {
            // The move exists without that gate: say why it cannot gate.
            if let Some(m) = base.iter().find(|m| m.promotion() == p.promotion) {
                return Err(SanError::NoSuchMove {
                    text: err_text(),
                    reason: self.gate_problem(m, role, m.from),
                });
            }
        }
        if chosen.is_empty() {
            let legal_texts = base.iter().map(|m| self.san(m)).collect();
            let reason = match p.promotion {
                None => "promotion is mandatory here".to_string(),
                Some(r) => format!("this move cannot promote to {}", v.pieces[r.index()].token),
            };
            return Err(SanError::Promotion {
                text: err_text(),
                reason,
                legal: legal_texts,
            });
        }
        if chosen.len() > 1 {
            return Err(SanError::Ambiguous {
                text: err_text(),
                candidates: chosen.iter().map(|m| self.san(m)).collect(),
            });
        }
        Ok(chosen[0])
    }
}

impl Parsed {
    /// Takes a SAN text apart: the same for every board type (compiled
    /// once, not per board type).
    fn split_san(v: &crate::Variant, text: &str) -> Result<Parsed, SanError> {
        let size = v.size;
        let syntax = |reason: &str| SanError::Syntax {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (body, suffix) = match text.as_bytes().last() {
            Some(&c @ (b'+' | b'#')) => (&text[..text.len() - 1], Some(c as char)),
            _ => (text, None),
        };
        let mut parsed = Parsed {
            castle: None,
            role: None,
            file: None,
            rank: None,
            capture: false,
            via: None,
            via_capture: false,
            to: Square(0),
            promotion: None,
            suffix,
            gate: None,
        };
        let token_role = |token: &str| {
            v.role_by_exact_token(token).ok_or_else(|| {
                syntax(&format!(
                    "{} is not a piece token of {}",
                    quoted(token),
                    v.name
                ))
            })
        };
        // A gate: `/`, a token and (castling) a square.
        let body = match body.split_once('/') {
            Some((main, gate)) => {
                let n = san_token_len(gate.as_bytes());
                if n == 0 {
                    return Err(syntax("a gate is '/' and a piece token, as in Nc3/H"));
                }
                let role = token_role(&gate[..n])?;
                let square = match &gate[n..] {
                    "" => None,
                    sq => Some(size.parse_square(sq).ok_or_else(|| {
                        syntax(&format!("{} is not a square of the board", quoted(sq)))
                    })?),
                };
                parsed.gate = Some((role, square));
                main
            }
            None => body,
        };
        match body {
            "O-O" | "0-0" => {
                parsed.castle = Some(true);
                return Ok(parsed);
            }
            "O-O-O" | "0-0-0" => {
                parsed.castle = Some(false);
                return Ok(parsed);
            }
            _ => {}
        }
        let (main, promotion) = match body.split_once('=') {
            Some((main, token)) => (main, Some(token_role(token)?)),
            None => (body, None),
        };
        parsed.promotion = promotion;
        let bytes = main.as_bytes();
        let digits = bytes
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let sq_start = bytes
            .len()
            .checked_sub(digits + 1)
            .filter(|&i| digits > 0 && main.is_char_boundary(i));
        let Some(sq_start) = sq_start else {
            return Err(syntax("it must name the to-square, as in Nf3 or exd5"));
        };
        parsed.to = size.parse_square(&main[sq_start..]).ok_or_else(|| {
            syntax(&format!(
                "{} is not a square of the board",
                quoted(&main[sq_start..])
            ))
        })?;
        let mut rest = &main[..sq_start];
        if let Some((before, via, via_capture, capture)) = split_via(rest) {
            parsed.via = Some(
                size.parse_square(via)
                    .ok_or_else(|| syntax(&format!("{via:?} is not a square of the board")))?,
            );
            parsed.via_capture = via_capture;
            parsed.capture = capture;
            rest = before;
        } else if rest.ends_with('-') {
            return Err(syntax(
                "'-' stands only between the two squares of a capture on the way, as in Lxd5-c4",
            ));
        } else if let Some(r) = rest.strip_suffix('x') {
            parsed.capture = true;
            rest = r;
        }
        let token_len = san_token_len(rest.as_bytes());
        if token_len > 0 {
            parsed.role = Some(token_role(&rest[..token_len])?);
            if parsed.role == v.pawn {
                parsed.role = None;
            }
        }
        let mut dis = &rest.as_bytes()[token_len..];
        if let [f, tail @ ..] = dis
            && f.is_ascii_lowercase()
        {
            let file = f - b'a';
            if file >= size.files() {
                return Err(syntax(&format!("file {} is not on the board", *f as char)));
            }
            parsed.file = Some(file);
            dis = tail;
        }
        if !dis.is_empty() {
            let rank = std::str::from_utf8(dis)
                .ok()
                .filter(|d| d.bytes().all(|b| b.is_ascii_digit()) && !d.starts_with('0'))
                .and_then(|d| d.parse::<u8>().ok())
                .filter(|&r| r >= 1 && r <= size.ranks())
                .ok_or_else(|| {
                    syntax("before the to-square only a piece token, a from-file, a from-rank and x may stand")
                })?;
            parsed.rank = Some(rank - 1);
        }
        Ok(parsed)
    }
}

/// A locust capture's part before its destination, `...x<via>x` or
/// `...x<via>-` (or `-<via>` for a first step that captures nothing): (what
/// precedes the mark before `<via>`, the via square's text, whether `via` is
/// captured, whether the destination is captured too).
fn split_via(rest: &str) -> Option<(&str, &str, bool, bool)> {
    let (rest, capture) = match rest.as_bytes().last()? {
        b'x' => (&rest[..rest.len() - 1], true),
        b'-' => (&rest[..rest.len() - 1], false),
        _ => return None,
    };
    let bytes = rest.as_bytes();
    let digits = bytes
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let start = bytes.len().checked_sub(digits + 1)?;
    if digits == 0
        || !bytes[start].is_ascii_lowercase()
        || start == 0
        || !matches!(bytes[start - 1], b'x' | b'-')
    {
        return None;
    }
    let via_capture = bytes[start - 1] == b'x';
    Some((&rest[..start - 1], &rest[start..], via_capture, capture))
}

/// The check mark at the end of a SAN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CheckMark {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

/// A SAN text taken apart but not checked against any position (as
/// shakmaty's `San`): the syntax of the [`san`](crate::san) module, with
/// square names up to `z26`, with piece tokens as [`PieceToken`]s.
///
/// ```
/// use betza::{Position, San, Variant};
/// let san: San = "Nxe5+".parse()?;
/// assert!(matches!(san, San::Normal { capture: true, .. }));
/// assert_eq!(san.to_string(), "Nxe5+");
/// assert_eq!("0-0".parse::<San>()?.to_string(), "O-O");
/// let pos = Position::start(Variant::by_name("chess").unwrap());
/// let m = "Nf3".parse::<San>()?.resolve(&pos)?;
/// assert_eq!(pos.move_text(&m), "g1f3");
/// assert_eq!(San::from_move(&pos, &m).to_string(), "Nf3");
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum San {
    /// A move of a piece.
    Normal {
        /// The moving piece's token; `None` for a Pawn move written without one.
        token: Option<PieceToken>,
        /// The from-file given to disambiguate (0-based).
        file: Option<u8>,
        /// The from-rank given to disambiguate (0-based).
        rank: Option<u8>,
        /// Whether the text has `x`.
        capture: bool,
        /// The to-square.
        to: SquareName,
        /// The token after `=`, if any.
        promotion: Option<PieceToken>,
        /// `/` and the gated type (`Nc3/H`), if any.
        gate: Option<SanGate>,
        /// `+` or `#`, if written.
        check: Option<CheckMark>,
    },
    /// A move that captures on its way (a locust capture): `Lxd5xe6`
    /// (capturing on the destination too) or `Lxd5-c4`.
    Locust {
        /// The moving piece's token; `None` for a Pawn.
        token: Option<PieceToken>,
        /// The from-file given to disambiguate (0-based).
        file: Option<u8>,
        /// The from-rank given to disambiguate (0-based).
        rank: Option<u8>,
        /// The square captured on the way (or, for a two-step move whose
        /// first step captures nothing, stepped on: `-` before it).
        via: SquareName,
        /// Whether `via` is captured (`x` before it, else `-`).
        via_capture: bool,
        /// Whether the destination is captured too (`x` before it, else `-`).
        capture: bool,
        /// The destination.
        to: SquareName,
        /// The token after `=`, if any.
        promotion: Option<PieceToken>,
        /// `+` or `#`, if written.
        check: Option<CheckMark>,
    },
    /// Castling: `O-O` (towards the highest file) or `O-O-O`.
    Castle {
        /// Whether towards the highest file (`O-O`).
        king_side: bool,
        /// `/`, the gated type and its square (`O-O/He1`), if any.
        gate: Option<SanGate>,
        /// `+` or `#`, if written.
        check: Option<CheckMark>,
    },
    /// A drop from the hand: `P@e5`.
    Drop {
        /// The dropped type's token.
        token: PieceToken,
        /// The square.
        to: SquareName,
        /// `+` or `#`, if written.
        check: Option<CheckMark>,
    },
}

/// A gated move's part of its SAN (`[rules] gating`): `/`, the token of the
/// type that enters, and for castling the square it enters on (`/H`,
/// `/He1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanGate {
    /// The gated type's token.
    pub token: PieceToken,
    /// The square (castling only), if written.
    pub square: Option<SquareName>,
}

impl std::fmt::Display for SanGate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/{}", self.token)?;
        match self.square {
            Some(sq) => write!(f, "{sq}"),
            None => Ok(()),
        }
    }
}

impl San {
    /// The legal move this text names in `pos`: the same as
    /// [`Position::parse_san`] on the text, with the same errors.
    pub fn resolve<B: Board>(&self, pos: &Position<'_, B>) -> Result<Move, SanError> {
        pos.parse_san(&self.to_string())
    }

    /// The SAN of `m`, a legal move of `pos`. A move that is not legal
    /// there is written by its squares (`e2e5`, as a fully disambiguated
    /// Pawn move), never a panic; [`San::try_from_move`] refuses it.
    pub fn from_move<B: Board>(pos: &Position<'_, B>, m: &Move) -> San {
        San::try_from_move(pos, m).unwrap_or_else(|_| San::Normal {
            token: None,
            file: Some(pos.size().file(m.from())),
            rank: Some(pos.size().rank(m.from())),
            capture: false,
            to: pos.name(m.to()),
            promotion: None,
            gate: None,
            check: None,
        })
    }

    /// The SAN of `m`, or [`MoveError::Illegal`] if it is not a legal move
    /// of `pos`.
    pub fn try_from_move<B: Board>(pos: &Position<'_, B>, m: &Move) -> Result<San, MoveError> {
        let text = pos.try_san(m)?;
        text.parse().map_err(|_| MoveError::Illegal { text })
    }
}

/// The start of a piece move's SAN: the token (none for a Pawn) and the
/// disambiguating file and rank.
fn write_origin(
    f: &mut std::fmt::Formatter<'_>,
    token: Option<PieceToken>,
    file: Option<u8>,
    rank: Option<u8>,
) -> std::fmt::Result {
    if let Some(t) = token {
        write!(f, "{t}")?;
    }
    if let Some(file) = file {
        write!(f, "{}", (b'a' + file) as char)?;
    }
    if let Some(rank) = rank {
        write!(f, "{}", rank as u32 + 1)?;
    }
    Ok(())
}

impl std::fmt::Display for San {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let check = match self {
            San::Drop { token, to, check } => {
                write!(f, "{token}@{to}")?;
                check
            }
            San::Castle {
                king_side,
                gate,
                check,
            } => {
                f.write_str(if *king_side { "O-O" } else { "O-O-O" })?;
                if let Some(g) = gate {
                    write!(f, "{g}")?;
                }
                check
            }
            San::Normal {
                token,
                file,
                rank,
                capture,
                to,
                promotion,
                gate,
                check,
            } => {
                write_origin(f, *token, *file, *rank)?;
                if *capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={p}")?;
                }
                if let Some(g) = gate {
                    write!(f, "{g}")?;
                }
                check
            }
            San::Locust {
                token,
                file,
                rank,
                via,
                via_capture,
                capture,
                to,
                promotion,
                check,
            } => {
                write_origin(f, *token, *file, *rank)?;
                let mark = |c: bool| if c { 'x' } else { '-' };
                write!(f, "{}{via}{}{to}", mark(*via_capture), mark(*capture))?;
                if let Some(p) = promotion {
                    write!(f, "={p}")?;
                }
                check
            }
        };
        match check {
            None => Ok(()),
            Some(CheckMark::Check) => f.write_str("+"),
            Some(CheckMark::Checkmate) => f.write_str("#"),
        }
    }
}

use crate::quote::{quoted, some_of};

impl std::fmt::Display for SanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SanError::Syntax { text, reason } => write!(f, "SAN {}: {reason}", quoted(text)),
            SanError::Ambiguous { text, candidates } => write!(
                f,
                "SAN {}: ambiguous, it could be {}",
                quoted(text),
                some_of(candidates, " or ", 12)
            ),
            SanError::NoSuchMove { text, reason } => {
                write!(f, "SAN {}: illegal, {reason}", quoted(text))
            }
            SanError::KingExposed { text } => write!(
                f,
                "SAN {}: illegal, it would leave the King attacked or the Kings facing",
                quoted(text)
            ),
            SanError::CaptureMark { text, captures } => write!(
                f,
                "SAN {}: {}",
                quoted(text),
                if *captures {
                    "the move captures, write x before the square"
                } else {
                    "the move captures nothing, drop the x"
                }
            ),
            SanError::Promotion {
                text,
                reason,
                legal,
            } => write!(
                f,
                "SAN {}: {reason}; legal: {}",
                quoted(text),
                some_of(legal, ", ", 12)
            ),
            SanError::CheckSuffix { text, expected } => write!(
                f,
                "SAN {}: wrong check suffix, the move is written {expected}",
                quoted(text)
            ),
            SanError::GameOver { text } => write!(f, "SAN {}: the game is over", quoted(text)),
        }
    }
}

impl std::str::FromStr for San {
    type Err = SanError;

    /// Reads the SAN syntax alone (no position); the errors are
    /// [`SanError::Syntax`].
    fn from_str(text: &str) -> Result<San, SanError> {
        let syntax = |reason: &str| SanError::Syntax {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (body, check) = match text.as_bytes().last() {
            Some(b'+') => (&text[..text.len() - 1], Some(CheckMark::Check)),
            Some(b'#') => (&text[..text.len() - 1], Some(CheckMark::Checkmate)),
            _ => (text, None),
        };
        // Tokens are uppercase in SAN: lowercase letters are files.
        let token = |t: &str| {
            t.parse::<PieceToken>()
                .ok()
                .filter(|_| t.bytes().all(|b| !b.is_ascii_lowercase()))
                .ok_or_else(|| syntax(&format!("{} is not a piece token", quoted(t))))
        };
        let (body, gate) = match body.split_once('/') {
            Some((main, g)) => {
                let n = san_token_len(g.as_bytes());
                if n == 0 {
                    return Err(syntax("a gate is '/' and a piece token, as in Nc3/H"));
                }
                let square = match &g[n..] {
                    "" => None,
                    sq => Some(sq.parse::<SquareName>().map_err(|_| {
                        syntax(&format!("{} is not a square of the board", quoted(sq)))
                    })?),
                };
                let gate = SanGate {
                    token: token(&g[..n])?,
                    square,
                };
                (main, Some(gate))
            }
            None => (body, None),
        };
        match body {
            "O-O" | "0-0" => {
                return Ok(San::Castle {
                    king_side: true,
                    gate,
                    check,
                });
            }
            "O-O-O" | "0-0-0" => {
                return Ok(San::Castle {
                    king_side: false,
                    gate,
                    check,
                });
            }
            _ => {}
        }
        if let Some((t, sq)) = body.split_once('@') {
            let token = t
                .parse::<PieceToken>()
                .map_err(|_| syntax(&format!("{t:?} is not a piece token")))?;
            let to: SquareName = sq
                .parse()
                .map_err(|_| syntax(&format!("{sq:?} is not a square of the board")))?;
            return Ok(San::Drop { token, to, check });
        }
        let (main, promotion) = match body.split_once('=') {
            Some((main, t)) => (main, Some(token(t)?)),
            None => (body, None),
        };
        let bytes = main.as_bytes();
        let digits = bytes
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let Some(sq_start) = bytes
            .len()
            .checked_sub(digits + 1)
            .filter(|&i| digits > 0 && main.is_char_boundary(i))
        else {
            return Err(syntax("it must name the to-square, as in Nf3 or exd5"));
        };
        let to: SquareName = main[sq_start..].parse().map_err(|_| {
            syntax(&format!(
                "{} is not a square of the board",
                quoted(&main[sq_start..])
            ))
        })?;
        let mut rest = &main[..sq_start];
        let mut capture = false;
        let mut via = None;
        let mut via_capture = true;
        if let Some((before, v, vc, c)) = split_via(rest) {
            via = Some(
                v.parse::<SquareName>()
                    .map_err(|_| syntax(&format!("{v:?} is not a square of the board")))?,
            );
            via_capture = vc;
            capture = c;
            rest = before;
        } else if let Some(r) = rest.strip_suffix('x') {
            capture = true;
            rest = r;
        }
        let token_len = san_token_len(rest.as_bytes());
        let piece = if token_len > 0 {
            Some(token(&rest[..token_len])?)
        } else {
            None
        };
        let mut dis = &rest.as_bytes()[token_len..];
        let mut file = None;
        if let [f, tail @ ..] = dis
            && f.is_ascii_lowercase()
        {
            if *f >= b'a' + crate::bitboard::MAX_NAME_FILES {
                return Err(syntax(&format!("file {} is not on the board", *f as char)));
            }
            file = Some(f - b'a');
            dis = tail;
        }
        let mut rank = None;
        if !dis.is_empty() {
            let r = std::str::from_utf8(dis)
                .ok()
                .filter(|d| d.bytes().all(|b| b.is_ascii_digit()) && !d.starts_with('0'))
                .and_then(|d| d.parse::<u8>().ok())
                .filter(|&r| (1..=crate::bitboard::MAX_NAME_RANKS).contains(&r))
                .ok_or_else(|| {
                    syntax("before the to-square only a piece token, a from-file, a from-rank and x may stand")
                })?;
            rank = Some(r - 1);
        }
        if let Some(via) = via {
            if gate.is_some() {
                return Err(syntax("a capture on the way does not gate"));
            }
            return Ok(San::Locust {
                token: piece,
                file,
                rank,
                via,
                via_capture,
                capture,
                to,
                promotion,
                check,
            });
        }
        Ok(San::Normal {
            token: piece,
            file,
            rank,
            capture,
            to,
            promotion,
            gate,
            check,
        })
    }
}

impl std::error::Error for SanError {}

/// The length of the uppercase piece token that starts a SAN body (`N`,
/// `+N`, `N'`, `+N'`), or 0.
fn san_token_len(b: &[u8]) -> usize {
    match PieceToken::read_prefix(b) {
        Some((_, true, n)) => n,
        _ => 0,
    }
}
