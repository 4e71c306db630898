//! Play a built-in variant in the terminal, against another person or the
//! computer.
//!
//! ```text
//! cargo run --release --example play -- [VARIANT] [--white human|computer]
//!     [--black human|computer] [--seed N] [--no-color]
//! ```
//!
//! The default is Meiriqi, you (White) against the computer (Black). Moves are
//! typed as move text (`e3e5`, `c7c8+`, `e7e8q`) or in SAN (`e5`, `Nf3`,
//! `Lxe5=+P`); when a move may promote or not, the program asks. Type `help`
//! for the commands. The board is drawn in colour when standard output is a
//! terminal and `NO_COLOR` is not set, else in plain ASCII. Lines are read
//! from standard input, so a script can be piped in; the program ends at
//! `quit` or at the end of the input.
//!
//! The computer opponent is a 2-ply material search (see `support/engine.rs`).

// The test `tests/example_play.rs` includes this file as a module and uses
// only part of it.
#![allow(dead_code)]

use std::io::{self, BufRead, IsTerminal, Write};

use betza::{BoardSize, Game, VariantRef};
use betza::{Color, GameResult, Move, Position, SanError, Square, StalemateRule, Variant};

#[path = "support/engine.rs"]
pub mod engine;

use engine::{Rng, Values};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person typing moves.
    Human,
    /// The built-in 2-ply search.
    Computer,
}

impl Player {
    fn parse(text: &str) -> Result<Player, String> {
        match text {
            "human" => Ok(Player::Human),
            "computer" => Ok(Player::Computer),
            _ => Err(format!("{text:?}: a player is human or computer")),
        }
    }
}

/// The command line, parsed.
#[derive(Clone, Debug)]
pub struct Options {
    /// The variant's name.
    pub variant: String,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// The computer's seed; `None` takes one from the clock.
    pub seed: Option<u64>,
    /// Draw the board with ANSI colours.
    pub color: bool,
    /// Echo each input line after the prompt (useful when the input is piped).
    pub echo: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: "meiriqi".into(),
            white: Player::Human,
            black: Player::Computer,
            seed: None,
            color: false,
            echo: false,
        }
    }
}

/// The usage text.
pub const USAGE: &str = "usage: play [VARIANT] [--white human|computer] [--black human|computer] [--seed N] [--no-color]
variants: decimaka, meiriqi (the default), chess, capablanca";

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// Play with these options (`color` still to be decided by the caller:
    /// `true` here unless `--no-color` was given).
    Play(Options),
    /// Print the usage and stop.
    Help,
}

/// Reads the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut opts = Options {
        color: true,
        ..Options::default()
    };
    let mut variant = None;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let mut value = || {
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg {
            "-h" | "--help" => return Ok(Command::Help),
            "--no-color" => opts.color = false,
            "--white" => opts.white = Player::parse(&value()?)?,
            "--black" => opts.black = Player::parse(&value()?)?,
            "--seed" => {
                let v = value()?;
                opts.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed {v:?}: not a whole number"))?,
                );
            }
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s if variant.is_none() => variant = Some(s.to_string()),
            s => return Err(format!("unexpected argument {s:?}")),
        }
        i += 1;
    }
    if let Some(v) = variant {
        if Variant::by_name(&v).is_none() {
            return Err(unknown_variant(&v));
        }
        opts.variant = v;
    }
    Ok(Command::Play(opts))
}

fn unknown_variant(name: &str) -> String {
    format!(
        "unknown variant {name:?}; the built-in variants are {}",
        Variant::builtin_names().join(", ")
    )
}

/// Plays games from `input` to `output` until `quit` or the end of the input.
pub fn run(opts: &Options, input: impl BufRead, output: impl Write) -> io::Result<()> {
    let variant = Variant::by_name(&opts.variant).ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, unknown_variant(&opts.variant))
    })?;
    let mut session = Session {
        input,
        out: output,
        color: opts.color,
        echo: opts.echo,
        players: [opts.white, opts.black],
        rng: Rng::new(opts.seed.unwrap_or_else(engine::clock_seed)),
        values: Values::new(variant),
        game: Game::new(variant),
        ended: None,
        announced: false,
    };
    session.main_loop()
}

/// The most plies a game between two computers runs before it is called a draw.
const COMPUTER_GAME_LIMIT: usize = 400;

struct Session<R, W> {
    input: R,
    out: W,
    color: bool,
    echo: bool,
    /// White's and Black's players.
    players: [Player; 2],
    rng: Rng,
    values: Values,
    game: Game,
    /// Why the game ended outside the rules (a claim, a resignation), if it did.
    ended: Option<String>,
    /// Whether the end of the game has been announced.
    announced: bool,
}

/// What a line of input asked for.
enum Flow {
    Continue,
    Quit,
}

const HELP: &str = "\
Moves: move text such as e3e5 (c7c8+ promotes in Decimaka and Meiriqi, e7e8q in chess),
       or SAN such as e5, Nf3, Lxe5=+P, O-O. When a move may promote or not, you are asked.
Commands:
  moves [SQUARE]   the legal moves (of the piece on SQUARE)
  board            draw the board again
  undo             take back your last move (and the computer's reply)
  fen              the position as FEN
  pgn              the game so far as PGN
  claim            claim a draw by threefold repetition or the fifty-move rule
  resign           give up the game
  new [VARIANT]    a new game in a built-in variant (meiriqi, decimaka, chess, ...)
  help             this text
  quit             leave";

impl<R: BufRead, W: Write> Session<R, W> {
    fn variant(&self) -> VariantRef {
        self.game.variant_ref().clone()
    }

    fn player(&self, side: Color) -> Player {
        self.players[side.index()]
    }

    fn main_loop(&mut self) -> io::Result<()> {
        self.welcome()?;
        loop {
            if self.is_over() {
                if !self.announced {
                    self.announce_end()?;
                }
            } else if self.player(self.game.position().side_to_move()) == Player::Computer {
                self.computer_turn()?;
                continue;
            }
            let Some(line) = self.prompt()? else {
                writeln!(self.out)?;
                return self.out.flush();
            };
            if let Flow::Quit = self.handle(line.trim())? {
                writeln!(self.out, "Bye.")?;
                return self.out.flush();
            }
        }
    }

    fn welcome(&mut self) -> io::Result<()> {
        let name = |p: Player| match p {
            Player::Human => "human",
            Player::Computer => "computer",
        };
        writeln!(
            self.out,
            "{}: White {}, Black {}. Type help for the commands.",
            self.variant().name(),
            name(self.players[0]),
            name(self.players[1]),
        )?;
        self.draw()
    }

    fn is_over(&self) -> bool {
        self.game.result() != GameResult::Undecided
    }

    /// Prints the prompt and reads a line; `None` at the end of the input.
    fn prompt(&mut self) -> io::Result<Option<String>> {
        let text = if self.is_over() {
            "Game over> ".to_string()
        } else {
            format!(
                "{} to move> ",
                side_name(self.game.position().side_to_move())
            )
        };
        self.ask(&text)
    }

    /// Prints `question`, reads a line; `None` at the end of the input.
    fn ask(&mut self, question: &str) -> io::Result<Option<String>> {
        write!(self.out, "{question}")?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }

    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(Flow::Continue);
        };
        let rest: Vec<&str> = words.collect();
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(Flow::Quit),
            "help" | "?" => writeln!(self.out, "{HELP}")?,
            "board" | "b" => self.draw()?,
            "fen" => writeln!(self.out, "{}", self.game.position().to_fen())?,
            "pgn" => self.pgn()?,
            "moves" | "m" => self.list_moves(rest.first().copied())?,
            "undo" | "u" => self.undo()?,
            "new" | "n" => self.new_game(rest.first().copied())?,
            "claim" => self.claim()?,
            "resign" => self.resign()?,
            _ if rest.is_empty() => self.user_move(first)?,
            _ => writeln!(
                self.out,
                "{line:?} is not a command or a move; type help for the commands."
            )?,
        }
        Ok(Flow::Continue)
    }

    fn new_game(&mut self, name: Option<&str>) -> io::Result<()> {
        let variant = match name {
            None => self.variant(),
            Some(n) => match Variant::by_name(&n.to_ascii_lowercase()) {
                Some(v) => v.into(),
                None => return writeln!(self.out, "{}.", capitalize(&unknown_variant(n))),
            },
        };
        if !variant.same(&self.variant()) {
            self.values = Values::new(&variant);
        }
        self.game = Game::new(variant);
        self.ended = None;
        self.announced = false;
        writeln!(self.out, "New game.")?;
        self.welcome()
    }

    fn undo(&mut self) -> io::Result<()> {
        if self.game.ply_count() == 0 {
            return writeln!(self.out, "Nothing to undo: no move has been played.");
        }
        let mut taken = Vec::new();
        loop {
            let before = self.game.ply_count() - 1;
            let pos = self
                .game
                .position_at(before)
                .expect("the position before the last move");
            let v = self.game.variant_ref().clone();
            let pos = pos.rebind(&v).expect("the game's variant");
            let m = self.game.undo().expect("a move to undo");
            taken.push(pos.san(&m));
            let side = self.game.position().side_to_move();
            if self.game.ply_count() == 0 || self.player(side) == Player::Human {
                break;
            }
        }
        self.ended = None;
        self.announced = false;
        taken.reverse();
        writeln!(self.out, "Took back {}.", taken.join(" "))?;
        self.draw()
    }

    fn claim(&mut self) -> io::Result<()> {
        if self.is_over() {
            return writeln!(self.out, "The game is already over.");
        }
        match claim_reason(&self.game) {
            Some(why) => {
                self.game.declare_result(GameResult::Draw);
                self.ended = Some(format!("draw claimed by {why}"));
            }
            None => writeln!(
                self.out,
                "No draw can be claimed: the position has not occurred three times and the fifty-move count is at {}.",
                self.game.position().halfmove_clock() / 2
            )?,
        }
        Ok(())
    }

    fn resign(&mut self) -> io::Result<()> {
        if self.is_over() {
            return writeln!(self.out, "The game is already over.");
        }
        let side = self.game.position().side_to_move();
        self.game.declare_result(match side {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        });
        self.ended = Some(format!("{} resigns", side_name(side)));
        Ok(())
    }

    fn pgn(&mut self) -> io::Result<()> {
        let name = |p: Player| match p {
            Player::Human => "Human",
            Player::Computer => "betza 2-ply search",
        };
        let (white, black) = (name(self.players[0]), name(self.players[1]));
        let mut game = self.game.clone();
        // Tag names and values here are valid: set_tag cannot fail.
        let _ = game.set_tag("Event", "betza play");
        let _ = game.set_tag("White", white);
        let _ = game.set_tag("Black", black);
        if let Some(why) = &self.ended {
            let _ = game.set_tag("Termination", why);
        }
        write!(self.out, "{}", game.to_pgn())
    }

    fn list_moves(&mut self, square: Option<&str>) -> io::Result<()> {
        let v = self.variant();
        let pos = self.game.position().rebind(&v).expect("the game's variant");
        let Some(name) = square else {
            let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.san(m)).collect();
            return writeln!(self.out, "{} legal moves: {}", moves.len(), moves.join(" "));
        };
        let Some(sq) = pos.size().parse_square(name) else {
            return writeln!(
                self.out,
                "{name:?} is not a square of the board (a1 to {}).",
                pos.size()
                    .square_name(Square(pos.size().squares() as u8 - 1))
            );
        };
        let Some(piece) = pos.piece_at(sq) else {
            return writeln!(self.out, "There is no piece on {name}.");
        };
        let piece_name = &v.piece(piece.role).name;
        if piece.color != pos.side_to_move() {
            return writeln!(
                self.out,
                "The {piece_name} on {name} is {}'s; it is {}'s turn.",
                side_name(piece.color),
                side_name(pos.side_to_move())
            );
        }
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| format!("{} ({})", pos.san(m), pos.move_text(m)))
            .collect();
        if moves.is_empty() {
            writeln!(self.out, "The {piece_name} on {name} has no legal move.")
        } else {
            writeln!(self.out, "{piece_name} on {name}: {}", moves.join(", "))
        }
    }

    /// Reads a move typed by a person, asks about a promotion left open, and
    /// plays it; a bad move gets a one-line explanation.
    fn user_move(&mut self, text: &str) -> io::Result<()> {
        if self.is_over() {
            return writeln!(
                self.out,
                "The game is over ({}); type undo, new, pgn or quit.",
                self.game.result()
            );
        }
        let v = self.game.variant_ref().clone();
        let pos = self.game.position().rebind(&v).expect("the game's variant");
        let chosen = if let Some((from, to, suffix)) = split_squares(pos.size(), text) {
            let options = pos.moves_between(from, to);
            if suffix.is_empty() && !options.is_empty() {
                self.choose_promotion(&pos, &options)?
            } else {
                match pos.parse_move(text) {
                    Ok(m) => Some(m),
                    Err(e) => return writeln!(self.out, "{}.", capitalize(&e.to_string())),
                }
            }
        } else {
            match pos.parse_san(text) {
                Ok(m) if !text.contains('=') && m.promotion().is_none() => {
                    let options = pos.moves_between(m.from(), m.to());
                    self.choose_promotion(&pos, &options)?
                }
                Ok(m) => Some(m),
                Err(SanError::Promotion { legal, .. }) if !text.contains('=') => {
                    let options: Vec<Move> =
                        legal.iter().filter_map(|s| pos.parse_san(s).ok()).collect();
                    self.choose_promotion(&pos, &options)?
                }
                Err(e @ SanError::Syntax { .. }) => {
                    return writeln!(
                        self.out,
                        "{text:?} is not a command, move text (e3e5) or SAN (e5, Nf3): {e}. Type help for the commands."
                    );
                }
                Err(e) => return writeln!(self.out, "{}.", capitalize(&e.to_string())),
            }
        };
        match chosen {
            Some(m) => self.play(m),
            None => Ok(()),
        }
    }

    /// Picks one of the legal moves between the same two squares: the only
    /// one, or the one the player names when they differ in promotion.
    /// `None` when the input ends first.
    fn choose_promotion(&mut self, pos: &Position, options: &[Move]) -> io::Result<Option<Move>> {
        if options.len() <= 1 {
            return Ok(options.first().copied());
        }
        let v = pos.variant();
        let plain = options.iter().find(|m| m.promotion().is_none()).copied();
        let promoting: Vec<Move> = options
            .iter()
            .filter(|m| m.promotion().is_some())
            .copied()
            .collect();
        let piece = &v.piece(options[0].role()).name;
        if let (Some(plain), [promo]) = (plain, promoting.as_slice()) {
            let new = &v.piece(promo.promotion().expect("promotes")).name;
            let question = format!("Promote the {piece} to {new}? (y/n) ");
            loop {
                let Some(answer) = self.ask(&question)? else {
                    return Ok(None);
                };
                match answer.trim().to_ascii_lowercase().as_str() {
                    "y" | "yes" => return Ok(Some(*promo)),
                    "n" | "no" => return Ok(Some(plain)),
                    _ => writeln!(self.out, "Answer y to promote or n not to.")?,
                }
            }
        }
        let letter = |m: &Move| {
            v.piece(m.promotion().expect("promotes"))
                .token
                .trim_start_matches('+')
                .to_ascii_lowercase()
        };
        let mut letters: Vec<String> = promoting.iter().map(letter).collect();
        if plain.is_some() {
            letters.push("-".into());
        }
        let question = format!("Promote to ({})? ", letters.join("/"));
        loop {
            let Some(answer) = self.ask(&question)? else {
                return Ok(None);
            };
            let answer = answer.trim().to_ascii_lowercase();
            if answer == "-" && plain.is_some() {
                return Ok(plain);
            }
            if let Some(m) = promoting.iter().find(|m| letter(m) == answer) {
                return Ok(Some(*m));
            }
            let names: Vec<String> = promoting
                .iter()
                .map(|m| {
                    format!(
                        "{} for {}",
                        letter(m),
                        v.piece(m.promotion().expect("promotes")).name
                    )
                })
                .collect();
            let none = if plain.is_some() { ", - for none" } else { "" };
            writeln!(self.out, "Answer {}{none}.", names.join(", "))?;
        }
    }

    /// Plays a legal move and shows it.
    fn play(&mut self, m: Move) -> io::Result<()> {
        let pos = *self.game.position();
        let side = pos.side_to_move();
        let san = pos.san(&m);
        let text = pos.move_text(&m);
        if let Err(e) = self.game.play(&m) {
            return writeln!(self.out, "{}.", capitalize(&e.to_string()));
        }
        writeln!(self.out, "{} plays {san} ({text}).", side_name(side))?;
        self.draw()?;
        if !self.is_over()
            && self.players.contains(&Player::Human)
            && let Some(why) = claim_reason(&self.game)
        {
            writeln!(self.out, "A draw by {why} can be claimed: type claim.")?;
        }
        Ok(())
    }

    fn computer_turn(&mut self) -> io::Result<()> {
        let pos = *self.game.position();
        let side = pos.side_to_move();
        if let Some(why) = claim_reason(&self.game)
            && self.values.balance(&pos, side) <= 0
        {
            writeln!(self.out, "{} claims a draw by {why}.", side_name(side))?;
            self.game.declare_result(GameResult::Draw);
            self.ended = Some(format!("draw claimed by {why}"));
            return Ok(());
        }
        if self.players == [Player::Computer; 2] && self.game.ply_count() >= COMPUTER_GAME_LIMIT {
            self.game.declare_result(GameResult::Draw);
            self.ended = Some(format!(
                "no result after {COMPUTER_GAME_LIMIT} plies, adjudicated a draw"
            ));
            return Ok(());
        }
        match engine::choose_move(&pos, &self.values, &mut self.rng) {
            Some(m) => self.play(m),
            None => Ok(()), // the game is over: the main loop announces it
        }
    }

    fn announce_end(&mut self) -> io::Result<()> {
        self.announced = true;
        let result = self.game.result();
        let why = match (&self.ended, self.game.outcome()) {
            (_, Some(outcome)) => {
                let mut why = outcome.to_string();
                if outcome.reason == betza::EndReason::Stalemate
                    && self.variant().stalemate_rule() == StalemateRule::Loss
                {
                    why.push_str(" (in this variant a player without a legal move loses)");
                }
                why
            }
            (Some(why), None) => why.clone(),
            (None, None) => "the game ended".to_string(),
        };
        writeln!(
            self.out,
            "Game over: {why}. Result {result}. Type new, undo, pgn or quit."
        )
    }

    fn draw(&mut self) -> io::Result<()> {
        let last = self.game.moves().last();
        let board = render_board(self.game.position(), last, self.color);
        write!(self.out, "{board}")
    }
}

/// Why a draw can be claimed now, if it can.
fn claim_reason(game: &Game) -> Option<&'static str> {
    let claims = game.claims();
    if claims.contains(betza::Claims::THREEFOLD_REPETITION) {
        Some("threefold repetition")
    } else if claims.contains(betza::Claims::FIFTY_MOVES) {
        Some("the fifty-move rule")
    } else {
        None
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Splits move text into its two squares and the rest, when it starts with
/// two square names (the longer rank number first, as in `a10a9`).
pub fn split_squares(size: BoardSize, text: &str) -> Option<(Square, Square, &str)> {
    for a in [3, 2] {
        let Some(from) = text.get(..a).and_then(|s| size.parse_square(s)) else {
            continue;
        };
        for b in [3, 2] {
            if let Some(to) = text.get(a..a + b).and_then(|s| size.parse_square(s)) {
                return Some((from, to, &text[a + b..]));
            }
        }
    }
    None
}

/// The board as text: highest rank first, with coordinates; in colour, the
/// squares are shaded and the last move's squares marked.
pub fn render_board(pos: &Position, last: Option<Move>, color: bool) -> String {
    const LIGHT: u8 = 180;
    const DARK: u8 = 137;
    const MARK: u8 = 143;
    const WHITE_PIECE: u8 = 231;
    const BLACK_PIECE: u8 = 16;
    let size = pos.size();
    let v = pos.variant();
    let mut s = String::new();
    for rank in (0..size.ranks() as i32).rev() {
        s.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on the board");
            let piece = pos.piece_at(sq);
            let token = piece.map(|p| {
                let t = &v.piece(p.role).token;
                match p.color {
                    Color::White => t.clone(),
                    Color::Black => t.to_ascii_lowercase(),
                }
            });
            if color {
                let marked = last.is_some_and(|m| m.from() == sq || m.to() == sq);
                let bg = if marked {
                    MARK
                } else if (file + rank) % 2 == 1 {
                    LIGHT
                } else {
                    DARK
                };
                let fg = match piece.map(|p| p.color) {
                    Some(Color::Black) => BLACK_PIECE,
                    _ => WHITE_PIECE,
                };
                let cell = token.map_or_else(|| "   ".to_string(), |t| format!("{t:^3}"));
                s.push_str(&format!("\x1b[48;5;{bg};38;5;{fg};1m{cell}\x1b[0m"));
            } else {
                let cell = token.unwrap_or_else(|| ".".to_string());
                s.push_str(&format!("{cell:>3}"));
            }
        }
        s.push('\n');
    }
    s.push_str("    ");
    for file in 0..size.files() {
        let f = (b'a' + file) as char;
        if color {
            s.push_str(&format!(" {f} "));
        } else {
            s.push_str(&format!("{f:>3}"));
        }
    }
    s.push('\n');
    s
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = match parse_args(&args) {
        Ok(Command::Play(opts)) => opts,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return std::process::ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return std::process::ExitCode::from(2);
        }
    };
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    opts.color = opts.color && io::stdout().is_terminal() && !no_color_env;
    opts.echo = !io::stdin().is_terminal();
    match run(&opts, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
