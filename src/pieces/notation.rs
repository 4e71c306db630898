//! Parsing Betza-like piece notation into a small syntax tree.
//!
//! A piece is a sequence of *terms*; each term is one kind of move. The grammar
//! accepted (a subset of H. G. Muller's extended Betza notation as XBoard reads
//! it, plus `(x,y)` atoms):
//!
//! ```text
//! piece     := term+
//! term      := group ('a' group)* atom range?     a move, one leg per group
//!            | ('i' | 's')* 'O' digits            castling, King moves n squares
//! group     := (direction | mode | 'n' | 'p' | 'g' | 'i' | 'y')*
//! direction := 'f' | 'b' | 'l' | 'r' | 'v' | 's'   (pairs such as "fl" combine)
//! mode      := 'm' (move only) | 'c' (capture only) | 'e' (may capture en passant)
//! atom      := 'W' | 'F' | 'D' | 'N' | 'A' | 'H' | 'C' | 'Z' | 'G'
//!            | 'K' | 'R' | 'B' | 'Q'                shorthands: WF, W0, F0, W0F0
//!            | '(' digits ',' digits ')'             any other leap
//! range     := digits (0 = unlimited) | the same atom letter again (a rider)
//! ```
//!
//! Meanings, in short (`docs/betza.md` is the full reference):
//!
//! - An atom `(x,y)` leaps to every rotation and reflection of `(x,y)`.
//! - Range `n` makes the atom a rider of at most `n` steps over empty squares.
//! - First-leg directions are absolute, seen from White; for Black they are
//!   rotated 180 degrees. On orthogonal atoms letters add up; on diagonal atoms
//!   one letter names a pair and two at right angles (`fl`) one move; on oblique
//!   atoms one letter names the pair nearest it, `fs`/`bs` the pair one rank
//!   forward/backward, and two letters (`fl`, `lf`, ...) one move, the second
//!   letter giving the long side (`lfN` from e5 is d7, `flN` is c6), as XBoard,
//!   H. G. Muller's documentation and Fairy-Stockfish read them.
//! - Modes: `m` move only, `c` capture only, `e` en passant; no mode = `mc`.
//! - `n` (lame): the leap is made step by step over empty squares (straight for
//!   orthogonal and diagonal atoms, orthogonally first then diagonally for
//!   oblique ones). Only on single-leg leapers.
//! - `p` (hopper): a slide over exactly one occupied square (the screen, of
//!   either side), then over empty squares; it may stop on those (`m`) or
//!   capture the first piece after them (`c`). The range counts every square
//!   from the start. Only on single-leg riders (the Cannon is `mRcpR`).
//! - `g` (grasshopper): a slide over empty squares to the first occupied
//!   square (the screen), landing on the square just beyond it; the range
//!   bounds the landing square, as in XBoard. Only on single-leg riders (`gQ`).
//! - `i`: only from the piece's initial region (the variant names it).
//! - Multi-leg terms: `a` starts the next leg, with the same atom. Later legs'
//!   directions are relative to the previous leg: `f` on, `b` back, `l`/`r`
//!   90 degrees, `s` = `l`+`r`, `v` = `f`+`b`, and `fl`/`fr`/`fs`, `bl`/`br`/`bs`
//!   45 and 135 degree turns, which swap an orthogonal atom for the diagonal one
//!   of the same length and back. An empty later group means every direction but
//!   back. A multi-leg `K` or `Q` term is its `W` and `F` (`R` and `B`) terms,
//!   each later leg turning by any multiple of 45 degrees (as XBoard reads it). A later leg has the previous leg's range; `y` in a group toggles the
//!   next leg between leaper and unlimited rider. Every leg but the last ends on
//!   an empty square, except one that captures (`c`, a locust capture: the
//!   move removes the piece there and goes on, see [`Locust`]); only the last
//!   leg may capture en passant.
//!
//! Anything else (`j`, `x`, ...) is rejected with the
//! position of the offending character, and so is a move of more than
//! [`MAX_LEGS`] legs or [`MAX_PATHS`] paths in one direction of its first leg.
//!
//! ```
//! use betza::notation::parse;
//! let gryphon = parse("FyafsF").unwrap();
//! assert_eq!(gryphon.terms.len(), 2);
//! let err = parse("WjR").unwrap_err();
//! assert_eq!(err.position, 1);
//! ```

/// A parse error, with the 0-based byte position of the offending character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// The string being parsed.
    pub text: String,
    /// 0-based byte position of the offending character.
    pub position: usize,
    /// What is wrong there.
    pub message: String,
}

/// A parsed piece: its terms, in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPiece {
    /// One entry per kind of move.
    pub terms: Vec<Term>,
}

/// One term of a piece: a kind of move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Term {
    /// An ordinary (possibly multi-leg) move.
    Move(MoveTerm),
    /// Castling: the King moves `distance` squares towards a Rook.
    Castle {
        /// How many squares the King moves.
        distance: u8,
    },
}

/// Which modes the final leg of a move allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Modes {
    /// May move to an empty square.
    pub quiet: bool,
    /// May capture on the target square.
    pub capture: bool,
    /// May capture en passant.
    pub en_passant: bool,
}

/// The shape of an atom, from its leap `(a, b)` with `a >= b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shape {
    /// `(a, 0)`: four moves.
    Orthogonal,
    /// `(a, a)`: four moves.
    Diagonal,
    /// `(a, b)`, `a > b > 0`: eight moves.
    Oblique,
}

/// A leap `(a, b)` with `a >= b >= 0`, `a > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The longer coordinate.
    pub a: u8,
    /// The shorter coordinate.
    pub b: u8,
}

impl Atom {
    /// The atom's shape.
    pub const fn shape(self) -> Shape {
        if self.b == 0 {
            Shape::Orthogonal
        } else if self.a == self.b {
            Shape::Diagonal
        } else {
            Shape::Oblique
        }
    }
}

/// One move term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTerm {
    /// The leap.
    pub atom: Atom,
    /// First-leg directions as absolute vectors `(dx, dy)` for White, each a
    /// multiple of the atom's leap (`dy > 0` is forward).
    pub first: Vec<(i8, i8)>,
    /// Range of the first leg: 1 for a leaper, `n` for at most `n` steps,
    /// 0 for unlimited.
    pub range: u8,
    /// The later legs, in order.
    pub later: Vec<LaterLeg>,
    /// Modes of the final leg.
    pub modes: Modes,
    /// Lame leap (`n`).
    pub lame: bool,
    /// Hopper (`p`): a slide over exactly one occupied square.
    pub hop: bool,
    /// Grasshopper (`g`): a slide to the first occupied square (the
    /// screen), landing on the square just beyond it; `range` bounds the
    /// landing square's distance, as in XBoard.
    pub grasshopper: bool,
    /// Crooked (`z`): each step turns to the next direction of the atom
    /// (in angular order) and back, alternately: a zig-zag (`zB`).
    pub crooked: bool,
    /// Circular (`q`): each step turns to the next direction of the atom,
    /// always the same way round, until the circle would close (`qN`, the Rose).
    pub circular: bool,
    /// Cylindrical (`o`): the move wraps from the last file to file `a` and back.
    pub cylinder: bool,
    /// Only from the initial region (`i`).
    pub initial: bool,
    /// A locust capture: a leg before the last that captures (`c`) and
    /// the move goes on.
    pub locust: Option<Locust>,
    /// Byte position of the term in the string.
    pub position: usize,
}

/// The leg of a multi-leg move that captures on its way (XBetza's `c` on a
/// leg before the last): the piece removes the enemy piece its end square
/// holds and makes the rest of the move from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Locust {
    /// Which leg (0 = the first) ends on the captured piece.
    pub leg: u8,
    /// Whether the leg may also end on an empty square (`mc`): then the
    /// move is also an ordinary multi-leg move.
    pub may_be_empty: bool,
    /// With `may_be_empty`, the piece's two-step moves through an empty
    /// square are moves of their own (`distinct-two-step`, Chu Shogi's
    /// Lion): set by the definition, never by the Betza text.
    pub distinct: bool,
}

/// A later leg of a multi-leg move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaterLeg {
    /// Bit `k` set: turn `45 * k` degrees clockwise from the previous leg's
    /// direction (0 = straight on, 4 = back).
    pub turns: u8,
    /// 1 for a single leap, 0 for an unlimited rider.
    pub range: u8,
}

/// The most paths one multi-leg term may have in each direction of its first
/// leg (before the board cuts them): far beyond any real piece, and quick to
/// compile. A path is one choice per leg: of the first leg's distance, then
/// of each later leg's turn and distance (a rider's distance counts as 15).
/// From a square that is at most 8 x 4,096 paths, one set per direction.
pub const MAX_PATHS: u64 = 1 << 12;

/// The most legs one move may have: more than any zig-zag a 16x16 board allows.
pub const MAX_LEGS: usize = 32;

/// Parses a Betza string.
pub fn parse(text: &str) -> Result<ParsedPiece, BetzaError> {
    Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    }
    .piece()
}

#[derive(Default)]
struct Group {
    dirs: Vec<(u8, usize)>,
    modes: Modes,
    mode_pos: Option<usize>,
    rider_toggle: bool,
    start: usize,
}

/// Where a term's `n`, `p`, `g` and `z` / `q` / `o` stand, if it has them.
struct Marks {
    lame: Option<usize>,
    hop: Option<usize>,
    grass: Option<usize>,
    curve: [Option<usize>; 3],
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err<T>(&self, position: usize, message: impl Into<String>) -> Result<T, BetzaError> {
        Err(BetzaError {
            text: self.text.to_string(),
            position,
            message: message.into(),
        })
    }

    fn piece(mut self) -> Result<ParsedPiece, BetzaError> {
        if self.bytes.is_empty() {
            return self.err(0, "empty string: a piece needs at least one move");
        }
        let mut terms = Vec::new();
        while self.pos < self.bytes.len() {
            self.term(&mut terms)?;
        }
        Ok(ParsedPiece { terms })
    }

    fn number(&mut self) -> Option<(u32, usize)> {
        let start = self.pos;
        let mut n: u32 = 0;
        while let Some(&c) = self.bytes.get(self.pos) {
            if !c.is_ascii_digit() {
                break;
            }
            n = n.saturating_mul(10).saturating_add((c - b'0') as u32);
            self.pos += 1;
        }
        (self.pos > start).then_some((n, start))
    }

    fn term(&mut self, out: &mut Vec<Term>) -> Result<(), BetzaError> {
        let term_start = self.pos;
        let mut groups = vec![Group {
            start: self.pos,
            ..Group::default()
        }];
        let mut lame = None;
        let mut hop = None;
        let mut grass = None;
        let mut curve: [Option<usize>; 3] = [None; 3];
        let mut initial = false;
        loop {
            let Some(&c) = self.bytes.get(self.pos) else {
                return self.err(self.pos, "modifiers without an atom at the end");
            };
            let at = self.pos;
            let g = groups.last_mut().expect("one group at least");
            match c {
                b'f' | b'b' | b'l' | b'r' | b'v' | b's' => g.dirs.push((c, at)),
                b'm' | b'c' | b'e' => {
                    match c {
                        b'm' => g.modes.quiet = true,
                        b'c' => g.modes.capture = true,
                        _ => g.modes.en_passant = true,
                    }
                    g.mode_pos.get_or_insert(at);
                }
                b'n' => lame = Some(at),
                b'p' => hop = Some(at),
                b'g' => grass = Some(at),
                b'z' => curve[0] = Some(at),
                b'q' => curve[1] = Some(at),
                b'o' => curve[2] = Some(at),
                b'i' => initial = true,
                b'y' => g.rider_toggle = true,
                b'a' if groups.len() >= MAX_LEGS => {
                    return self.err(at, format!("a move has at most {MAX_LEGS} legs"));
                }
                b'a' => groups.push(Group {
                    start: at + 1,
                    ..Group::default()
                }),
                b'O' => {
                    self.pos += 1;
                    return self.castle(groups, lame.or(hop).or(grass), term_start, at, out);
                }
                b'W' | b'F' | b'D' | b'N' | b'A' | b'H' | b'C' | b'Z' | b'G' | b'K' | b'R'
                | b'B' | b'Q' | b'(' => {
                    let marks = Marks {
                        lame,
                        hop,
                        grass,
                        curve,
                    };
                    return self.move_term(groups, marks, initial, term_start, out);
                }
                b'J' | b'L' => {
                    // XBoard reads J as (3,1) and L as (3,2), Fairy-Stockfish the
                    // other way round: refused rather than guessed.
                    return self.err(
                        at,
                        format!(
                            "atom '{}' is read differently by XBoard and Fairy-Stockfish; write C for (3,1) or Z for (3,2)",
                            c as char
                        ),
                    );
                }
                b'j' | b'x' | b'u' | b'k' | b'h' | b'd' | b't' | b'w' => {
                    return self.err(at, format!("modifier '{}' is not supported", c as char));
                }
                _ if c.is_ascii_digit() => {
                    return self.err(at, "a number must follow an atom");
                }
                _ => {
                    let ch = self.text[at..].chars().next().unwrap_or('?');
                    return self.err(at, format!("unexpected character '{ch}'"));
                }
            }
            self.pos += 1;
        }
    }

    fn castle(
        &mut self,
        groups: Vec<Group>,
        lame: Option<usize>,
        term_start: usize,
        at: usize,
        out: &mut Vec<Term>,
    ) -> Result<(), BetzaError> {
        if groups.len() > 1 || lame.is_some() {
            return self.err(term_start, "castling 'O' takes no legs, 'n' or 'p'");
        }
        let g = &groups[0];
        if let Some(p) = g.mode_pos {
            return self.err(p, "castling 'O' takes no mode letters");
        }
        if let Some(&(c, p)) = g.dirs.iter().find(|(c, _)| *c != b's') {
            return self.err(
                p,
                format!(
                    "castling is sideways; direction '{}' is not allowed",
                    c as char
                ),
            );
        }
        match self.number() {
            Some((n, _)) if (1..=25).contains(&n) => {
                out.push(Term::Castle { distance: n as u8 });
                Ok(())
            }
            Some((_, p)) => self.err(p, "castling distance must be 1 to 25"),
            None => self.err(at + 1, "'O' needs the King's distance, as in O2"),
        }
    }

    fn atom(&mut self) -> Result<(u8, Option<Atom>, usize), BetzaError> {
        let at = self.pos;
        let c = self.bytes[at];
        self.pos += 1;
        let atom = match c {
            b'W' => Some(Atom { a: 1, b: 0 }),
            b'F' => Some(Atom { a: 1, b: 1 }),
            b'D' => Some(Atom { a: 2, b: 0 }),
            b'N' => Some(Atom { a: 2, b: 1 }),
            b'A' => Some(Atom { a: 2, b: 2 }),
            b'H' => Some(Atom { a: 3, b: 0 }),
            b'C' => Some(Atom { a: 3, b: 1 }),
            b'Z' => Some(Atom { a: 3, b: 2 }),
            b'G' => Some(Atom { a: 3, b: 3 }),
            b'(' => {
                let Some((x, xp)) = self.number() else {
                    return self.err(self.pos, "expected a number in (x,y)");
                };
                if self.bytes.get(self.pos) != Some(&b',') {
                    return self.err(self.pos, "expected ',' in (x,y)");
                }
                self.pos += 1;
                let Some((y, _)) = self.number() else {
                    return self.err(self.pos, "expected a number in (x,y)");
                };
                if self.bytes.get(self.pos) != Some(&b')') {
                    return self.err(self.pos, "expected ')' to close (x,y)");
                }
                self.pos += 1;
                // 25: the longest leap of a 26x26 board.
                if x > 25 || y > 25 || (x == 0 && y == 0) {
                    return self.err(xp, "a leap (x,y) needs 0..25 each and not (0,0)");
                }
                let (a, b) = if x >= y { (x, y) } else { (y, x) };
                Some(Atom {
                    a: a as u8,
                    b: b as u8,
                })
            }
            // Shorthands (K R B Q) expand later.
            _ => None,
        };
        Ok((c, atom, at))
    }

    fn move_term(
        &mut self,
        groups: Vec<Group>,
        marks: Marks,
        initial: bool,
        term_start: usize,
        out: &mut Vec<Term>,
    ) -> Result<(), BetzaError> {
        let Marks {
            lame,
            hop,
            grass,
            curve,
        } = marks;
        let (letter, atom, _) = self.atom()?;
        // Range: digits, or the same letter again.
        let mut range: u8 = match letter {
            b'R' | b'B' | b'Q' => 0,
            _ => 1,
        };
        if letter != b'(' && self.bytes.get(self.pos) == Some(&letter) {
            self.pos += 1;
            range = 0;
            if self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
                return self.err(
                    self.pos,
                    "a doubled atom is already a rider; no range number",
                );
            }
        } else if let Some((n, p)) = self.number() {
            if n > 25 {
                return self.err(p, "range must be 0 (unlimited) to 25");
            }
            range = n as u8;
        }
        let atoms = atoms_of(letter, atom);
        // K and Q are W and F: a multi-leg K or Q move is read, as XBoard
        // reads it, as each component atom's move, its later legs turning by
        // any multiple of 45 degrees (empty: every direction but back).
        let compound = atoms.len() > 1;
        if let Some(p) = lame {
            if groups.len() > 1 {
                return self.err(p, "'n' is for single-leg leaps only");
            }
            if range != 1 {
                return self.err(p, "'n' is for leapers, not riders");
            }
        }
        if let Some(p) = hop {
            if groups.len() > 1 {
                return self.err(p, "'p' is for single-leg moves only");
            }
            if lame.is_some() {
                return self.err(p, "a move cannot be both 'n' and 'p'");
            }
            if range == 1 {
                return self.err(p, "'p' (hopper) needs a rider, as in pR");
            }
            if groups[0].modes.en_passant {
                return self.err(p, "a hopper cannot capture en passant");
            }
        }
        if let Some(g) = grass {
            if groups.len() > 1 {
                return self.err(g, "'g' is for single-leg moves only");
            }
            if let Some(p) = hop {
                return self.err(p.max(g), "a move cannot be both 'p' and 'g'");
            }
            if range == 1 {
                // XBoard's range counts up to the landing square: a leaper
                // would land on its screen.
                return self.err(g, "'g' (grasshopper) needs a rider, as in gQ");
            }
            if groups[0].modes.en_passant {
                return self.err(g, "a grasshopper cannot capture en passant");
            }
        }
        let [crooked, circular, cylinder] = curve;
        if let Some(c) = crooked.or(circular).or(cylinder) {
            let which = self.bytes[c] as char;
            if groups.len() > 1 {
                return self.err(c, format!("'{which}' is for single-leg moves only"));
            }
            if let Some(p) = lame.or(hop).or(grass) {
                return self.err(
                    p.max(c),
                    format!("'{which}' does not combine with 'n', 'p' or 'g'"),
                );
            }
            if groups[0].modes.en_passant {
                return self.err(c, format!("'{which}' does not combine with 'e'"));
            }
        }
        if let (Some(z), Some(q)) = (crooked, circular) {
            return self.err(z.max(q), "a move cannot be both 'z' and 'q'");
        }
        if let Some(c) = crooked.or(circular) {
            if atoms_of(letter, atom).len() > 1 {
                return self.err(c, "'z' and 'q' need a single atom, not K or Q");
            }
            // A one-step crooked or circular move is the plain leap: the
            // letters make a rider (XBetza's `qN` is the Rose).
            if range == 1 {
                range = 0;
            }
        }
        let mut locust = None;
        for (i, g) in groups[..groups.len() - 1].iter().enumerate() {
            let p = g.mode_pos.unwrap_or(g.start);
            if g.modes.en_passant {
                return self.err(p, "only the last leg may capture en passant");
            }
            if g.modes.capture {
                if locust.is_some() {
                    return self.err(
                        p,
                        "at most one leg before the last may capture (a move captures on at most two squares)",
                    );
                }
                locust = Some(Locust {
                    leg: i as u8,
                    may_be_empty: g.modes.quiet,
                    distinct: false,
                });
            }
        }
        let last = groups.last().expect("one group at least");
        let mut modes = last.modes;
        if !modes.quiet && !modes.capture && !modes.en_passant {
            modes.quiet = true;
            modes.capture = true;
        }
        if last.rider_toggle {
            return self.err(last.start, "'y' must be followed by 'a' and another leg");
        }
        // Each later leg's turns; a compound atom's leg splits into its
        // straight and right-angle turns and its 45-degree ones, a term for
        // each choice, so that every term knows its shape on every leg.
        let mut leg_turns: Vec<Vec<u8>> = Vec::with_capacity(groups.len() - 1);
        for g in &groups[1..] {
            let turns = later_turns(self, atoms[0].shape(), g, compound)?;
            leg_turns.push(if compound {
                [turns & 0b0101_0101, turns & 0b1010_1010]
                    .into_iter()
                    .filter(|&t| t != 0)
                    .collect()
            } else {
                vec![turns]
            });
        }
        let choices: usize = leg_turns.iter().map(Vec::len).product();
        for atom in atoms {
            let first = first_leg(self, atom, &groups[0])?;
            for choice in 0..choices {
                let mut later = Vec::new();
                let mut prev_range = range;
                let mut shape = atom.shape();
                // Paths from one square multiply with every branching leg; bound
                // them per direction of the first leg (what docs/betza.md says)
                // so that compiling a piece stays quick.
                let steps = |r: u8| if r == 0 { 15u64 } else { r as u64 };
                let mut ways = steps(range);
                let mut rest = choice;
                for (leg, w) in groups.windows(2).enumerate() {
                    let leg_range = if w[0].rider_toggle {
                        if prev_range == 1 { 0 } else { 1 }
                    } else {
                        prev_range
                    };
                    let options = &leg_turns[leg];
                    let turns = options[rest % options.len()];
                    rest /= options.len();
                    if turns & 0b1010_1010 != 0 && shape != Shape::Oblique {
                        // A 45-degree turn swaps orthogonal and diagonal; both
                        // turns of a group do, so the shape afterwards is known.
                        shape = if shape == Shape::Orthogonal {
                            Shape::Diagonal
                        } else {
                            Shape::Orthogonal
                        };
                    }
                    ways = ways.saturating_mul(turns.count_ones() as u64 * steps(leg_range));
                    if ways > MAX_PATHS {
                        return self.err(
                            w[1].start,
                            format!("this move has too many paths (over {MAX_PATHS}) to compile"),
                        );
                    }
                    later.push(LaterLeg {
                        turns,
                        range: leg_range,
                    });
                    prev_range = leg_range;
                }
                out.push(Term::Move(MoveTerm {
                    atom,
                    first: first.clone(),
                    range,
                    later,
                    modes,
                    lame: lame.is_some(),
                    hop: hop.is_some(),
                    grasshopper: grass.is_some(),
                    crooked: crooked.is_some(),
                    circular: circular.is_some(),
                    cylinder: cylinder.is_some(),
                    initial,
                    locust,
                    position: term_start,
                }));
            }
        }
        Ok(())
    }
}

/// The atoms a letter stands for (K and Q two).
fn atoms_of(letter: u8, atom: Option<Atom>) -> Vec<Atom> {
    match (letter, atom) {
        (_, Some(a)) => vec![a],
        (b'R', _) => vec![Atom { a: 1, b: 0 }],
        (b'B', _) => vec![Atom { a: 1, b: 1 }],
        _ => vec![Atom { a: 1, b: 0 }, Atom { a: 1, b: 1 }], // K, Q
    }
}

/// Every vector of an atom, White's view.
pub(crate) fn atom_vectors(atom: Atom) -> Vec<(i8, i8)> {
    let (a, b) = (atom.a as i8, atom.b as i8);
    let mut v = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let p = (x * sx, y * sy);
                if !v.contains(&p) {
                    v.push(p);
                }
            }
        }
    }
    v
}

/// Combines direction letters into tokens: a pair such as `fl` is one token.
fn dir_tokens(dirs: &[(u8, usize)]) -> Vec<([u8; 2], usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < dirs.len() {
        let (c, p) = dirs[i];
        let next = dirs.get(i + 1).map(|d| d.0);
        let pairs = match c {
            b'f' | b'b' => matches!(next, Some(b'l' | b'r' | b's')),
            b'l' | b'r' => matches!(next, Some(b'f' | b'b')),
            _ => false,
        };
        if pairs {
            out.push(([c, next.unwrap_or(0)], p));
            i += 2;
        } else {
            out.push(([c, 0], p));
            i += 1;
        }
    }
    out
}

fn first_leg(p: &Parser<'_>, atom: Atom, g: &Group) -> Result<Vec<(i8, i8)>, BetzaError> {
    let all = atom_vectors(atom);
    if g.dirs.is_empty() {
        return Ok(all);
    }
    let shape = atom.shape();
    let (a, b) = (atom.a as i8, atom.b as i8);
    // One letter on an orthogonal or diagonal atom.
    let letter = |c: u8, x: i8, y: i8| match c {
        b'f' => y > 0,
        b'b' => y < 0,
        b'l' => x < 0,
        b'r' => x > 0,
        b'v' => shape == Shape::Diagonal || x == 0,
        _ => shape == Shape::Diagonal || y == 0, // s
    };
    let mut chosen: Vec<(i8, i8)> = Vec::new();
    for (tok, pos) in dir_tokens(&g.dirs) {
        for &(x, y) in &all {
            let keep = match (shape, tok) {
                (Shape::Oblique, tok) => match tok {
                    [b'f', 0] => y == a,
                    [b'b', 0] => y == -a,
                    [b'l', 0] => x == -a,
                    [b'r', 0] => x == a,
                    [b'v', 0] => y.abs() == a,
                    [b's', 0] => x.abs() == a,
                    [b'f', b's'] => y == b && x.abs() == a,
                    [b'b', b's'] => y == -b && x.abs() == a,
                    // Two letters: the second gives the long side.
                    [b'l', b'f'] => y == a && x == -b,
                    [b'r', b'f'] => y == a && x == b,
                    [b'l', b'b'] => y == -a && x == -b,
                    [b'r', b'b'] => y == -a && x == b,
                    [b'f', b'l'] => x == -a && y == b,
                    [b'b', b'l'] => x == -a && y == -b,
                    [b'f', b'r'] => x == a && y == b,
                    [b'b', b'r'] => x == a && y == -b,
                    _ => return p.err(pos, "direction not understood on this atom"),
                },
                (_, [c, 0]) => letter(c, x, y),
                // On orthogonal atoms the letters of a pair add up ("fs" =
                // forward and sideways); on diagonal ones they intersect.
                (Shape::Orthogonal, [c1, c2]) => letter(c1, x, y) || letter(c2, x, y),
                (_, [c1, c2]) => letter(c1, x, y) && letter(c2, x, y),
            };
            if keep && !chosen.contains(&(x, y)) {
                chosen.push((x, y));
            }
        }
    }
    if chosen.is_empty() {
        return p.err(g.dirs[0].1, "these directions select no move of the atom");
    }
    // Keep the atom's own order so tables come out the same whatever the spelling.
    Ok(all.into_iter().filter(|v| chosen.contains(v)).collect())
}

/// The turns of a later leg (bit `i`: `45 * i` degrees clockwise). On a
/// compound atom (K, Q) a leg may mix 45-degree turns with the others, and
/// an empty group is all but back on both.
fn later_turns(p: &Parser<'_>, shape: Shape, g: &Group, compound: bool) -> Result<u8, BetzaError> {
    if g.dirs.is_empty() {
        // Straight on, 90 degrees either way (and on K or Q 45 and 135): all but back.
        return Ok(if compound { 0b1110_1111 } else { 0b0100_0101 });
    }
    let mut turns = 0u8;
    for (tok, pos) in dir_tokens(&g.dirs) {
        let t: u8 = match tok {
            [b'f', 0] => 1 << 0,
            [b'b', 0] => 1 << 4,
            [b'r', 0] => 1 << 2,
            [b'l', 0] => 1 << 6,
            [b'v', 0] => 1 << 0 | 1 << 4,
            [b's', 0] => 1 << 2 | 1 << 6,
            [b'f', b'r'] | [b'r', b'f'] => 1 << 1,
            [b'f', b'l'] | [b'l', b'f'] => 1 << 7,
            [b'f', b's'] => 1 << 1 | 1 << 7,
            [b'b', b'r'] | [b'r', b'b'] => 1 << 3,
            [b'b', b'l'] | [b'l', b'b'] => 1 << 5,
            [b'b', b's'] => 1 << 3 | 1 << 5,
            _ => return p.err(pos, "direction not understood in a later leg"),
        };
        if t & 0b1010_1010 != 0 && shape == Shape::Oblique {
            return p.err(pos, "a 45-degree turn needs an orthogonal or diagonal atom");
        }
        turns |= t;
    }
    if !compound && turns & 0b1010_1010 != 0 && turns & 0b0101_0101 != 0 {
        return p.err(
            g.dirs[0].1,
            "a leg cannot mix 45-degree turns with straight or square turns",
        );
    }
    Ok(turns)
}

impl std::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let BetzaError {
            text,
            position,
            message,
        } = self;
        write!(
            f,
            "Betza string {}, position {position}: {message}",
            crate::quote::quoted(text)
        )
    }
}

impl std::error::Error for BetzaError {}
