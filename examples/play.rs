//! Play a built-in variant in the terminal, against another person or the
//! computer.
//!
//! ```text
//! cargo run --release --example play -- [VARIANT | --variant-file FILE]
//!     [--white human|computer] [--black human|computer] [--seed N] [--fen FEN]
//!     [--pgn FILE [--game N]] [--no-color]
//! ```
//!
//! The default is Meiriqi, you (White) against the computer (Black). Moves are
//! typed as move text (`e3e5`, `c7c8+`, `e7e8q`) or in SAN (`e5`, `Nf3`,
//! `Lxe5=+P`); when a move may promote or not, the program asks. Type `help`
//! for the commands (`pieces` and `show X` teach the pieces). The board is
//! drawn in colour when standard output is a terminal and `NO_COLOR` is not
//! set, else in plain ASCII. Lines are read from standard input, so a script
//! can be piped in; the program ends at `quit` or at the end of the input.
//! Built with the feature `line-editing` (`--features line-editing`), a
//! terminal gets line editing and history at the prompt (rustyline).
//!
//! `--pgn FILE` goes on from the final position of a game of a PGN file
//! (the last one, or the `N`th with `--game N`), this library's PGN or the
//! PGN XBoard saves (`betza::pgn::XboardPgn`, with the letters the `xboard`
//! example gives the pieces).
//!
//! The computer opponent is a 2-ply material search (see `support/engine.rs`).

// The test `tests/example_play.rs` includes this file as a module and uses
// only part of it.
#![allow(dead_code)]

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use betza::{
    AnyVariant, Board, BoardSize, BoardVariant, Game, Notation, Role, VariantRef, with_board,
};
use betza::{Color, GameResult, Move, Position, SanError, Square, StalemateRule, Variant};

#[path = "support/engine.rs"]
pub mod engine;

#[path = "support/reach.rs"]
pub mod reach;

#[path = "support/load.rs"]
mod load;

// For the letters XBoard writes with the `xboard` engine (`--pgn`); it
// brings its own copies of `support/engine.rs` and `support/load.rs`.
#[allow(clippy::duplicate_mod)]
#[path = "xboard.rs"]
mod xboard;

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
    /// The file defining the variant, instead of a built-in's name.
    pub variant_file: Option<PathBuf>,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// The computer's seed; `None` takes one from the clock.
    pub seed: Option<u64>,
    /// The position to start from, when not the variant's start.
    pub fen: Option<String>,
    /// A PGN file whose game to go on from.
    pub pgn: Option<PathBuf>,
    /// Which game of the file (1 for the first); `None`: the last.
    pub game: Option<usize>,
    /// Draw the board with ANSI colours.
    pub color: bool,
    /// Echo each input line after the prompt (useful when the input is piped).
    pub echo: bool,
    /// The variant was named on the command line (a `--pgn` game is then
    /// read in it, whatever its `Variant` tag).
    pub variant_given: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: "meiriqi".into(),
            variant_file: None,
            white: Player::Human,
            black: Player::Computer,
            seed: None,
            fen: None,
            pgn: None,
            game: None,
            color: false,
            echo: false,
            variant_given: false,
        }
    }
}

/// The usage text.
pub const USAGE: &str = "usage: play [VARIANT | --variant-file FILE] [--white human|computer] [--black human|computer] [--seed N] [--fen FEN] [--pgn FILE [--game N]] [--no-color]";

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
            "--fen" => opts.fen = Some(value()?),
            "--pgn" => opts.pgn = Some(PathBuf::from(value()?)),
            "--game" => {
                let v = value()?;
                opts.game = Some(
                    v.parse()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| format!("--game {v:?}: not a game number (1, 2, ...)"))?,
                );
            }
            "--variant-file" => opts.variant_file = Some(PathBuf::from(value()?)),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            s if variant.is_none() => variant = Some(s.to_string()),
            s => return Err(format!("unexpected argument {s:?}")),
        }
        i += 1;
    }
    if opts.pgn.is_some() && opts.fen.is_some() {
        return Err("--pgn and --fen: give one of them".into());
    }
    if opts.game.is_some() && opts.pgn.is_none() {
        return Err("--game N needs --pgn FILE".into());
    }
    if let Some(v) = variant {
        if opts.variant_file.is_some() {
            return Err(format!("{v:?} and --variant-file: give one of them"));
        }
        if AnyVariant::by_name(&v).is_err() {
            return Err(unknown_variant(&v));
        }
        opts.variant = v;
        opts.variant_given = true;
    }
    if opts.pgn.is_some() {
        match pgn_variant(&opts)? {
            Some(v) => with_board!(&v, |v| load_pgn_of(&opts, v).map(|_| ()))?,
            None => load_pgn(&opts).map(|_| ())?,
        }
    }
    let variant = load_variant(&opts)?;
    if let Some(fen) = &opts.fen {
        with_board!(&variant, |v| v.from_fen(fen).map(|_| ()))
            .map_err(|e| format!("--fen: {e}"))?;
    }
    Ok(Command::Play(opts))
}

/// The variant the options name: a built-in or the one of the file.
pub fn load_variant(opts: &Options) -> Result<AnyVariant, String> {
    match &opts.variant_file {
        Some(path) => load::variant_file(path),
        None => AnyVariant::by_name(&opts.variant).map_err(|_| unknown_variant(&opts.variant)),
    }
}

/// The variant of a large board the game of `--pgn FILE` is read in: the
/// one named (or of `--variant-file`), else the built-in its `Variant` tag
/// names; `None` for a small board's (read by [`load_pgn`]).
pub fn pgn_variant(opts: &Options) -> Result<Option<AnyVariant>, String> {
    if opts.variant_given || opts.variant_file.is_some() {
        let v = load_variant(opts)?;
        return Ok(v.is_large().then_some(v));
    }
    let Some(path) = &opts.pgn else {
        return Ok(None);
    };
    let text = read_pgn_file(path)?;
    let tag = betza::pgn::PgnGames::new(&text).find_map(|g| match g {
        Err(betza::pgn::PgnError::UnknownVariant(name)) => Some(name),
        _ => None,
    });
    // XBoard's names too: its Chu Shogi is `chu`.
    Ok(tag
        .and_then(|name| xboard::builtin_of_xboard_name(&name))
        .and_then(|name| AnyVariant::by_name(name).ok())
        .filter(AnyVariant::is_large))
}

/// The text of the PGN file at `path`: at most
/// [`MAX_FILE_BYTES`](betza::pgn::MAX_FILE_BYTES) (and a byte, to tell a
/// larger file, which is refused) are read.
fn read_pgn_file(path: &std::path::Path) -> Result<String, String> {
    betza::limits::read_text_file(path, betza::pgn::MAX_FILE_BYTES)
        .map_err(|e| format!("--pgn {}: {e}", path.display()))
}

/// The game of `--pgn FILE` (`--game N`, else the file's last) in `variant`,
/// any board type, with a declared result set aside (as [`load_pgn`]).
pub fn load_pgn_of<B: Board>(opts: &Options, variant: &BoardVariant<B>) -> Result<Game<B>, String> {
    let Some(path) = &opts.pgn else {
        return Err("no --pgn FILE".into());
    };
    let text = read_pgn_file(path)?;
    let mut games: Vec<_> = variant.pgn_games(&text).collect();
    // A game this library's reading refuses is read as XBoard's (its
    // `Variant "chu"`, its letters and move forms), one game at a time.
    if games.iter().any(Result::is_err) {
        let reader = xboard::xboard_reader_for_board(variant);
        for (game, text) in games.iter_mut().zip(game_texts(&text)) {
            if game.is_err()
                && let Ok(g) = reader.read_in_board(variant, text)
            {
                *game = Ok(g);
            }
        }
    }
    let index = match opts.game {
        _ if games.is_empty() => {
            return Err(format!("--pgn {}: no game in the file", path.display()));
        }
        None => games.len() - 1,
        Some(n) if n <= games.len() => n - 1,
        Some(n) => {
            return Err(format!(
                "--game {n}: {} has {} games",
                path.display(),
                games.len()
            ));
        }
    };
    let mut game = games[index]
        .clone()
        .map_err(|e| format!("--pgn {}, game {}: {e}", path.display(), index + 1))?;
    if game.outcome().is_none() {
        game.declare_result(GameResult::Undecided);
    }
    Ok(game)
}

/// The text of each game of a PGN file, in order (as [`PgnGames`] splits
/// them).
///
/// [`PgnGames`]: betza::pgn::PgnGames
fn game_texts(text: &str) -> Vec<&str> {
    let mut games = betza::pgn::PgnGames::new(text);
    let mut texts = Vec::new();
    let mut start = 0;
    while games.next().is_some() {
        texts.push(&text[start..games.offset()]);
        start = games.offset();
    }
    texts
}

/// The game of `--pgn FILE` (`--game N`, else the file's last), with a
/// result declared outside the rules (a resignation, XBoard's adjudication)
/// set aside so that play goes on. Read as this library's PGN, else as
/// XBoard's (ranks from 0 on 10-rank boards, XBoard's letters), in the
/// variant named on the command line or else by the game's `Variant` tag.
pub fn load_pgn(opts: &Options) -> Result<Game, String> {
    let Some(path) = &opts.pgn else {
        return Err("no --pgn FILE".into());
    };
    let text = read_pgn_file(path)?;
    let given = if opts.variant_given || opts.variant_file.is_some() {
        match load_variant(opts)? {
            AnyVariant::Small(v) => Some(v.variant_ref().clone()),
            _ => return Err("--pgn: games of a board past 128 squares are not read yet".into()),
        }
    } else {
        None
    };
    let pick = |count: usize| -> Result<usize, String> {
        match opts.game {
            _ if count == 0 => Err(format!("--pgn {}: no game in the file", path.display())),
            None => Ok(count - 1),
            Some(n) if n <= count => Ok(n - 1),
            Some(n) => Err(format!(
                "--game {n}: {} has {count} game{}",
                path.display(),
                if count == 1 { "" } else { "s" }
            )),
        }
    };
    let standard: Vec<_> = match &given {
        Some(v) => betza::pgn::PgnGames::new_in(v.clone(), &text).collect(),
        None => betza::pgn::PgnGames::new(&text).collect(),
    };
    let index = pick(standard.len())?;
    let mut game = match &standard[index] {
        Ok(game) => game.clone(),
        Err(first) => {
            // XBoard's reading, with the letters of the game's variant:
            // each candidate variant reads the games of its own tag.
            let candidates: Vec<VariantRef> = match &given {
                Some(v) => vec![v.clone()],
                None => Variant::builtin_names()
                    .iter()
                    .map(|n| Variant::by_name(n).expect("built in").into())
                    .collect(),
            };
            let mut found = None;
            for v in candidates {
                let reader = xboard_reader(&v);
                let games = reader.read_all(Some(v.clone()), &text);
                match games.into_iter().nth(index) {
                    Some(Ok(g)) => {
                        found = Some(g);
                        break;
                    }
                    Some(Err(betza::pgn::PgnError::VariantMismatch { .. })) | None => {}
                    Some(Err(e)) => {
                        return Err(format!(
                            "--pgn {}, game {}: {first}; read as XBoard's PGN: {e}",
                            path.display(),
                            index + 1
                        ));
                    }
                }
            }
            found.ok_or_else(|| format!("--pgn {}, game {}: {first}", path.display(), index + 1))?
        }
    };
    if game.outcome().is_none() {
        game.declare_result(GameResult::Undecided);
    }
    Ok(game)
}

/// A reader of XBoard's PGN for a built-in variant, with the letters the
/// `xboard` engine gives its pieces and XBoard's start where the engine
/// plays XBoard's (Courier).
pub fn xboard_reader(v: &Variant) -> betza::pgn::XboardPgn {
    let reader = xboard::xboard_letters(v).reader(v);
    match xboard::xboard_start(v.name()) {
        Some(fen) => reader.start_fen(fen),
        None => reader,
    }
}

fn unknown_variant(name: &str) -> String {
    format!(
        "unknown variant {name:?}; the built-in variants are {}",
        AnyVariant::builtin_names().join(", ")
    )
}

/// Where the session's lines come from.
pub trait Input {
    /// Shows `prompt` (on `out`, or in its own way) and reads a line, without
    /// its line end; `None` at the end of the input.
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>>;
}

/// Plain reading from a `BufRead`, the prompt written to the output; with
/// `echo`, each line read is written after the prompt (for piped input).
pub struct Plain<R> {
    /// The lines.
    pub input: R,
    /// Echo each line read.
    pub echo: bool,
}

impl<R: BufRead> Input for Plain<R> {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        if self.echo {
            writeln!(out, "{line}")?;
        }
        Ok(Some(line))
    }
}

/// Line editing and history at a terminal (the `line-editing` feature).
#[cfg(feature = "line-editing")]
pub struct Editor(rustyline::DefaultEditor);

#[cfg(feature = "line-editing")]
impl Editor {
    /// An editor on the terminal, if one can be set up.
    pub fn new() -> Option<Editor> {
        rustyline::DefaultEditor::new().ok().map(Editor)
    }
}

#[cfg(feature = "line-editing")]
impl Input for Editor {
    fn read_line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        use rustyline::error::ReadlineError;
        out.flush()?;
        match self.0.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    // History is a convenience: a failure to keep it is not an error.
                    let _ = self.0.add_history_entry(line.as_str());
                }
                Ok(Some(line))
            }
            // Ctrl-D and Ctrl-C leave, as the end of the input does.
            Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
            Err(e) => Err(io::Error::other(e)),
        }
    }
}

/// Plays games from `input` to `output` until `quit` or the end of the input
/// (lines echoed when `opts.echo`).
pub fn run(opts: &Options, input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_with(
        opts,
        Plain {
            input,
            echo: opts.echo,
        },
        output,
    )
}

/// [`run`] with any [`Input`].
pub fn run_with<I: Input, W: Write>(opts: &Options, input: I, output: W) -> io::Result<()> {
    let invalid = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let mut next = if opts.pgn.is_some() {
        if let Some(v) = pgn_variant(opts).map_err(invalid)? {
            with_board!(&v, |v| {
                let game = load_pgn_of(opts, v).map_err(invalid)?;
                play_game(opts, input, output, game)
            })?
        } else {
            let game = load_pgn(opts).map_err(invalid)?;
            play_game(opts, input, output, game)?
        }
    } else {
        let variant = load_variant(opts).map_err(invalid)?;
        // The one dispatch on the board type: the session is written once.
        with_board!(&variant, |v| {
            let game = match &opts.fen {
                None => v.new_game(),
                Some(fen) => v
                    .game_from_fen(fen)
                    .map_err(|e| invalid(format!("--fen: {e}")))?,
            };
            play_game(opts, input, output, game)
        })?
    };
    // `new VARIANT` of another board type: a new session on its board.
    while let Some((variant, input, output)) = next {
        next = with_board!(&variant, |v| play_game(opts, input, output, v.new_game()))?;
    }
    Ok(())
}

/// What a session leaves when `new` names a variant of another board type:
/// the variant, and the input and output to go on with.
type Switch<I, W> = Option<(AnyVariant, I, W)>;

/// Plays from `game` on, on a board of the type `B`.
fn play_game<B: Board, I: Input, W: Write>(
    opts: &Options,
    input: I,
    output: W,
    game: Game<B>,
) -> io::Result<Switch<I, W>> {
    let values = Values::new(&game.board_variant());
    let mut session = Session {
        input,
        out: output,
        color: opts.color,
        players: [opts.white, opts.black],
        rng: Rng::new(opts.seed.unwrap_or_else(engine::clock_seed)),
        values,
        game,
        ended: None,
        announced: false,
        shown: false,
        notation: Notation::San,
    };
    Ok(session
        .main_loop()?
        .map(|v| (v, session.input, session.out)))
}

/// The most plies a game between two computers runs before it is called a draw.
const COMPUTER_GAME_LIMIT: usize = 400;

/// The most plies of the running move list shown under the board.
const MOVE_LIST_PLIES: usize = 24;

struct Session<I, W, B: Board> {
    input: I,
    out: W,
    color: bool,
    /// White's and Black's players.
    players: [Player; 2],
    rng: Rng,
    values: Values,
    game: Game<B>,
    /// Why the game ended outside the rules (a claim, a resignation), if it did.
    ended: Option<String>,
    /// Whether the end of the game has been announced.
    announced: bool,
    /// Whether the board of the current position has been drawn.
    shown: bool,
    /// How `moves` writes moves (the `notation` command).
    notation: Notation,
}

/// What a line of input asked for.
enum Flow {
    Continue,
    Quit,
    /// A new game in a variant of another board type.
    Switch(AnyVariant),
}

const HELP: &str = "\
Moves: move text such as e3e5 (c7c8+ promotes in Decimaka and Meiriqi, e7e8q in chess),
       or SAN such as e5, Nf3, Lxe5=+P, O-O. When a move may promote or not, you are asked
       (any answer but the ones offered takes the move back).
Commands:
  moves [SQUARE]   the legal moves (of the piece on SQUARE)
  notation NAME    how moves are listed: san, lan, wxf (Xiangqi) or move (move text)
  pieces           every piece type: its letter, name, promotion and moves in words
  show PIECE       the squares a piece (letter or name) reaches from the centre of an empty board
  board            draw the board again
  undo             take back your last move (and the computer's reply)
  fen              the position as FEN
  setup FEN        a new game from the position FEN
  pgn              the game so far as PGN
  claim            claim a draw by threefold repetition or the fifty-move rule
  resign           give up the game
  new [VARIANT]    a new game in a built-in variant (meiriqi, decimaka, chess, ...)
  help             this text
  quit             leave";

impl<I: Input, W: Write, B: Board> Session<I, W, B> {
    fn variant(&self) -> BoardVariant<B> {
        self.game.board_variant()
    }

    fn player(&self, side: Color) -> Player {
        self.players[side.index()]
    }

    /// Plays until `quit` or the end of the input (`None`), or until `new`
    /// names a variant of another board type (that variant).
    fn main_loop(&mut self) -> io::Result<Option<AnyVariant>> {
        self.welcome()?;
        loop {
            if self.is_over() {
                if !self.announced {
                    self.show()?;
                    self.announce_end()?;
                }
            } else if self.player(self.game.position().side_to_move()) == Player::Computer {
                self.computer_turn()?;
                continue;
            }
            self.show()?;
            let Some(line) = self.prompt()? else {
                writeln!(self.out)?;
                return self.out.flush().map(|()| None);
            };
            match self.handle(line.trim())? {
                Flow::Continue => {}
                Flow::Quit => {
                    writeln!(self.out, "Bye.")?;
                    return self.out.flush().map(|()| None);
                }
                Flow::Switch(v) => {
                    writeln!(self.out, "New game.")?;
                    return Ok(Some(v));
                }
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
            "{}: White {}, Black {}. Type help for the commands, pieces to learn the pieces.",
            self.variant().name(),
            name(self.players[0]),
            name(self.players[1]),
        )?;
        self.shown = false;
        Ok(())
    }

    fn is_over(&self) -> bool {
        self.game.result() != GameResult::Undecided
    }

    /// Draws the board, the move list and any check, once per position.
    fn show(&mut self) -> io::Result<()> {
        if self.shown {
            return Ok(());
        }
        self.shown = true;
        self.draw()?;
        if let Some(list) = move_list(&self.game, MOVE_LIST_PLIES) {
            writeln!(self.out, "Moves: {list}")?;
        }
        let pos = self.game.position();
        if pos.is_check() && !self.is_over() {
            let side = pos.side_to_move();
            let v = self.variant();
            let king = v.piece_type(v.royal()).map_or("King", |p| &p.name);
            writeln!(self.out, "Check! {}'s {king} is attacked.", side_name(side))?;
        }
        Ok(())
    }

    /// Prints the prompt and reads a line; `None` at the end of the input.
    fn prompt(&mut self) -> io::Result<Option<String>> {
        let pos = self.game.position();
        let text = if self.is_over() {
            "Game over> ".to_string()
        } else if pos.is_check() {
            format!("{} to move (check)> ", side_name(pos.side_to_move()))
        } else {
            format!("{} to move> ", side_name(pos.side_to_move()))
        };
        self.ask(&text)
    }

    /// Prints `question`, reads a line; `None` at the end of the input.
    fn ask(&mut self, question: &str) -> io::Result<Option<String>> {
        self.input.read_line(question, &mut self.out)
    }

    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(Flow::Continue);
        };
        let rest: Vec<&str> = words.collect();
        let after_first = line[first.len()..].trim();
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" | "q" => return Ok(Flow::Quit),
            "help" | "?" => writeln!(self.out, "{HELP}")?,
            "board" | "b" => self.draw()?,
            "fen" => writeln!(self.out, "{}", self.game.position().to_fen())?,
            "pgn" => self.pgn()?,
            "moves" | "m" => self.list_moves(rest.first().copied())?,
            "notation" => match rest.first().map(|n| n.parse::<Notation>()) {
                Some(Ok(n)) => self.notation = n,
                Some(Err(e)) => writeln!(self.out, "{e}.")?,
                None => writeln!(self.out, "Moves are listed in {:?}.", self.notation)?,
            },
            "pieces" => self.pieces()?,
            "show" => self.show_piece(after_first)?,
            "undo" | "u" => self.undo()?,
            "new" | "n" => {
                if let Some(v) = self.new_game(rest.first().copied())? {
                    return Ok(Flow::Switch(v));
                }
            }
            "setup" => self.setup(after_first)?,
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

    /// A new game, in the variant named or this one; a variant of another
    /// board type is returned for a session on its board.
    fn new_game(&mut self, name: Option<&str>) -> io::Result<Option<AnyVariant>> {
        let variant = match name {
            None => self.variant(),
            Some(n) => match AnyVariant::by_name(n) {
                Ok(v) => match v.get::<B>() {
                    Some(v) => v,
                    None => return Ok(Some(v)),
                },
                Err(_) => {
                    writeln!(self.out, "{}.", capitalize(&unknown_variant(n)))?;
                    return Ok(None);
                }
            },
        };
        self.start(variant.new_game()).map(|()| None)
    }

    fn setup(&mut self, fen: &str) -> io::Result<()> {
        if fen.is_empty() {
            return writeln!(
                self.out,
                "Type setup and a FEN, as in: setup {}",
                self.variant().start_fen()
            );
        }
        match self.variant().game_from_fen(fen) {
            Ok(game) => self.start(game),
            Err(e) => writeln!(self.out, "The position is refused: {e}."),
        }
    }

    fn start(&mut self, game: Game<B>) -> io::Result<()> {
        if !game.board_variant().same(&self.variant()) {
            self.values = Values::new(&game.board_variant());
        }
        self.game = game;
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
                .variant()
                .owned(
                    self.game
                        .position_at(before)
                        .expect("the position before the last move"),
                )
                .expect("the game's variant");
            let m = self.game.undo().expect("a move to undo");
            taken.push(pos.position().san(&m));
            let side = self.game.position().side_to_move();
            if self.game.ply_count() == 0 || self.player(side) == Player::Human {
                break;
            }
        }
        self.ended = None;
        self.announced = false;
        self.shown = false;
        taken.reverse();
        writeln!(self.out, "Took back {}.", taken.join(" "))
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

    /// Lists every piece type: token, name, promotions and moves in words.
    fn pieces(&mut self) -> io::Result<()> {
        let v = self.variant();
        writeln!(
            self.out,
            "The pieces of {} (White's letters; Black's are lower case):",
            v.name()
        )?;
        for (i, p) in v.pieces().iter().enumerate() {
            let words = v.describe_piece(Role(i as u8)).unwrap_or_default();
            let mut head = format!("{:>3}  {}", p.token, p.name);
            if p.royal && v.definition().game_end.royal_capture {
                head.push_str(" (royal: a side with no royal piece left has lost)");
            } else if p.royal {
                head.push_str(" (royal: the game is lost when it is mated)");
            }
            if !p.promotions.is_empty() {
                let to: Vec<String> = p
                    .promotions
                    .iter()
                    .map(|&r| format!("{} ({})", v.piece(r).name, v.piece(r).token))
                    .collect();
                head.push_str(&format!(", promotes to {}", to.join(" or ")));
            }
            let mut text = format!("{head}: {words}");
            if let Some(region) = p.confinement {
                let squares: Vec<String> = region
                    .of(Color::White)
                    .squares()
                    .map(|s| v.size().square_name(s))
                    .collect();
                text.push_str(&format!(" (White's: {})", squares.join(" ")));
            }
            text.push('.');
            writeln!(self.out, "{}", wrap(&text, 78, 7))?;
        }
        Ok(())
    }

    /// Draws where a piece type goes from the centre of an empty board.
    fn show_piece(&mut self, name: &str) -> io::Result<()> {
        let v = self.variant();
        if name.is_empty() {
            return writeln!(
                self.out,
                "Type show and a piece's letter or name, as in: show {}",
                v.pieces()[0].token
            );
        }
        let Some(role) = piece_by_name(&v, name) else {
            let tokens: Vec<String> = v.pieces().iter().map(|p| p.token.to_string()).collect();
            return writeln!(
                self.out,
                "{name:?} names no piece of {}; its pieces are {}.",
                v.name(),
                tokens.join(" ")
            );
        };
        let p = v.piece(role);
        let Some(r) = reach::reach(&v, role, &self.values) else {
            return writeln!(
                self.out,
                "The {} cannot stand on an empty board of {}.",
                p.name,
                v.name()
            );
        };
        let royal = v.piece_type(v.royal()).map_or("King", |p| &p.name);
        let others = if role == v.royal() {
            format!("the other {royal}")
        } else {
            format!("the two {royal}s")
        };
        let text = format!(
            "The {} ({}) on {}, on a board with only {others}: {}.",
            p.name,
            p.token,
            v.size().square_name(r.from),
            v.describe_piece(role).unwrap_or_default()
        );
        writeln!(self.out, "{}", wrap(&text, 78, 0))?;
        let board = render_marks(&v, &r, &p.token.to_string());
        write!(self.out, "{board}")?;
        writeln!(
            self.out,
            "o moves or captures, m moves only, x captures only;\ncapitals (O M X): jumps there, a piece between does not stop it."
        )
    }

    fn list_moves(&mut self, square: Option<&str>) -> io::Result<()> {
        let v = self.variant();
        let owned = self.game.owned_position();
        let pos = owned.position();
        let Some(name) = square else {
            let moves: Vec<String> = pos
                .legal_moves()
                .iter()
                .filter_map(|m| pos.notation(m, self.notation).ok())
                .collect();
            return writeln!(self.out, "{} legal moves: {}", moves.len(), moves.join(" "));
        };
        let Some(sq) = pos.size().parse_square(name) else {
            return writeln!(
                self.out,
                "{name:?} is not a square of the board (a1 to {}).",
                pos.size()
                    .square_name(Square(pos.size().squares() as u16 - 1))
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
            .map(|m| {
                let text = pos.notation(m, self.notation).unwrap_or_default();
                format!("{text} ({})", pos.move_text(m))
            })
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
        let owned = self.game.owned_position();
        let pos = owned.position();
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
                Ok(m) if m.is_drop() => Some(m),
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
    /// `None` when the player answers anything else (the move is taken back)
    /// or the input ends.
    fn choose_promotion(
        &mut self,
        _pos: &Position<'_, B>,
        options: &[Move],
    ) -> io::Result<Option<Move>> {
        if options.len() <= 1 {
            return Ok(options.first().copied());
        }
        let v = self.variant();
        let plain = options.iter().find(|m| m.promotion().is_none()).copied();
        let promoting: Vec<Move> = options
            .iter()
            .filter(|m| m.promotion().is_some())
            .copied()
            .collect();
        let piece = &v.piece(options[0].role()).name;
        let taken_back = "Move taken back.";
        if let (Some(plain), [promo]) = (plain, promoting.as_slice()) {
            let new = &v.piece(promo.promotion().expect("promotes")).name;
            let question =
                format!("Promote the {piece} to {new}? (y/n, anything else takes the move back) ");
            let Some(answer) = self.ask(&question)? else {
                return Ok(None);
            };
            return match answer.trim().to_ascii_lowercase().as_str() {
                "y" | "yes" => Ok(Some(*promo)),
                "n" | "no" => Ok(Some(plain)),
                _ => {
                    writeln!(self.out, "{taken_back}")?;
                    Ok(None)
                }
            };
        }
        let letter = |m: &Move| {
            v.piece(m.promotion().expect("promotes"))
                .token
                .suffix()
                .to_string()
        };
        let mut letters: Vec<String> = promoting.iter().map(letter).collect();
        if plain.is_some() {
            letters.push("-".into());
        }
        let names: Vec<String> = promoting
            .iter()
            .map(|m| {
                format!(
                    "{} {}",
                    letter(m),
                    v.piece(m.promotion().expect("promotes")).name
                )
            })
            .collect();
        let none = if plain.is_some() { ", - none" } else { "" };
        let question = format!(
            "Promote to ({})? ({}{none}; anything else takes the move back) ",
            letters.join("/"),
            names.join(", ")
        );
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
        writeln!(self.out, "{taken_back}")?;
        Ok(None)
    }

    /// Plays a legal move and says so.
    fn play(&mut self, m: Move) -> io::Result<()> {
        let pos = *self.game.position();
        let side = pos.side_to_move();
        let san = pos.san(&m);
        let text = pos.move_text(&m);
        if let Err(e) = self.game.play(&m) {
            return writeln!(self.out, "{}.", capitalize(&e.to_string()));
        }
        self.shown = false;
        writeln!(self.out, "{} plays {san} ({text}).", side_name(side))?;
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
                    && self.variant().definition().stalemate == StalemateRule::Loss
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

/// The piece type a player names: by token (`N`, `+F`, either case), else by
/// name (`knight`).
pub fn piece_by_name<B: Board>(v: &BoardVariant<B>, name: &str) -> Option<Role> {
    let pieces = v.pieces();
    pieces
        .iter()
        .position(|p| p.token.to_string().eq_ignore_ascii_case(name))
        .or_else(|| {
            pieces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(name))
        })
        .map(|i| Role(i as u8))
}

/// The game's moves in numbered SAN (`1. e5 a7 2. Nc6`), the last `plies` of
/// them (after `...`); `None` before the first move.
pub fn move_list<B: Board>(game: &Game<B>, plies: usize) -> Option<String> {
    let sans = game.san_moves();
    if sans.is_empty() {
        return None;
    }
    let start = game.start_position();
    let mut number = start.fullmove_number();
    let mut side = start.side_to_move();
    let first_shown = sans.len().saturating_sub(plies);
    let mut parts = Vec::new();
    if first_shown > 0 {
        parts.push("...".to_string());
    }
    for (i, san) in sans.iter().enumerate() {
        if i >= first_shown {
            match side {
                Color::White => parts.push(format!("{number}. {san}")),
                Color::Black if i == first_shown => parts.push(format!("{number}... {san}")),
                Color::Black => parts.push(san.clone()),
            }
        }
        if side == Color::Black {
            number += 1;
        }
        side = side.opposite();
    }
    Some(parts.join(" "))
}

/// `text` broken into lines of at most `width` characters where it has
/// spaces; lines after the first indented by `indent` spaces.
pub fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let body = text.trim_start_matches(' ');
    let mut line = " ".repeat(text.len() - body.len());
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
        } else if !line.trim().is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

/// The rank numbers' margin: four columns, or two (no space) where that
/// keeps a board of many files (26 of 3 columns each) within 80 columns.
fn margin(size: BoardSize) -> usize {
    if 4 + 3 * size.files() as usize <= 80 {
        4
    } else {
        2
    }
}

/// A rank's number in the board's margin.
fn rank_label(size: BoardSize, rank: i32) -> String {
    match margin(size) {
        4 => format!("{:>3} ", rank + 1),
        m => format!("{:>m$}", rank + 1),
    }
}

/// A piece's reach drawn as a board: the piece's token on its square, the
/// marks of [`reach::Mark::letter`] on the others.
pub fn render_marks<B: Board>(v: &BoardVariant<B>, r: &reach::Reach, token: &str) -> String {
    let size = v.size();
    let mut s = String::new();
    for rank in (0..size.ranks() as i32).rev() {
        s.push_str(&rank_label(size, rank));
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on the board");
            let cell = if sq == r.from {
                token.to_string()
            } else {
                r.marks[sq.index()]
                    .letter()
                    .map_or(".".to_string(), String::from)
            };
            s.push_str(&format!("{cell:>3}"));
        }
        s.push('\n');
    }
    s.push_str(&" ".repeat(margin(size)));
    for file in 0..size.files() {
        s.push_str(&format!("{:>3}", (b'a' + file) as char));
    }
    s.push('\n');
    s
}

/// Why a draw can be claimed now, if it can, with the variant's numbers.
fn claim_reason<B: Board>(game: &Game<B>) -> Option<String> {
    let claims = game.claims();
    let variant = game.board_variant();
    let rules = &variant.definition().game_end;
    if claims.contains(betza::Claims::THREEFOLD_REPETITION) {
        Some(match rules.repetition.count {
            3 => "threefold repetition".to_string(),
            n => format!("{n}-fold repetition"),
        })
    } else if claims.contains(betza::Claims::FIFTY_MOVES) {
        Some(match rules.move_rule.moves {
            50 => "the fifty-move rule".to_string(),
            n => format!("the {n}-move rule"),
        })
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

/// The board as text: highest rank first, with coordinates, the last move's
/// squares marked: shaded in colour, with a `*` before the token (or the `.`
/// of an empty square) in plain text.
pub fn render_board<B: Board>(pos: &Position<'_, B>, last: Option<Move>, color: bool) -> String {
    const LIGHT: u8 = 180;
    const DARK: u8 = 137;
    const MARK: u8 = 143;
    const WHITE_PIECE: u8 = 231;
    const BLACK_PIECE: u8 = 16;
    let size = pos.size();
    let token = |r: Role| {
        &pos.piece_type(r)
            .expect("a piece type of the variant")
            .token
    };
    let mut s = String::new();
    for rank in (0..size.ranks() as i32).rev() {
        s.push_str(&rank_label(size, rank));
        for file in 0..size.files() as i32 {
            let sq = size.square(file, rank).expect("on the board");
            let piece = pos.piece_at(sq);
            let token = piece.map(|p| token(p.role).fen(p.color));
            let marked = last.is_some_and(|m| m.from() == sq || m.to() == sq);
            if color {
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
                let mut cell = token.unwrap_or_else(|| ".".to_string());
                if marked {
                    cell.insert(0, '*');
                }
                s.push_str(&format!("{cell:>3}"));
            }
        }
        s.push('\n');
    }
    s.push_str(&" ".repeat(margin(size)));
    for file in 0..size.files() {
        let f = (b'a' + file) as char;
        if color {
            s.push_str(&format!(" {f} "));
        } else {
            s.push_str(&format!("{f:>3}"));
        }
    }
    s.push('\n');
    // The FEN writes hands (in brackets) for variants with drops only.
    if pos.to_fen().contains('[') {
        // Both hands, White's first: a drop is typed as N@e5.
        for color in [Color::White, Color::Black] {
            let held: Vec<String> = pos
                .hand(color)
                .map(|(r, n)| {
                    let t = token(r).fen(color);
                    if n > 1 { format!("{n}{t}") } else { t }
                })
                .collect();
            let held = if held.is_empty() {
                "-".to_string()
            } else {
                held.join(" ")
            };
            s.push_str(&format!("    {color} hand: {held}\n"));
        }
    }
    s
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = match parse_args(&args) {
        Ok(Command::Play(opts)) => opts,
        Ok(Command::Help) => {
            println!(
                "{USAGE}\nvariants: {} (meiriqi is the default)",
                AnyVariant::builtin_names().join(", ")
            );
            return std::process::ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!(
                "error: {e}\n{USAGE}\nvariants: {}",
                AnyVariant::builtin_names().join(", ")
            );
            return std::process::ExitCode::from(2);
        }
    };
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    opts.color = opts.color && io::stdout().is_terminal() && !no_color_env;
    let terminal = io::stdin().is_terminal();
    opts.echo = !terminal;
    #[cfg(feature = "line-editing")]
    let result = match Editor::new().filter(|_| terminal) {
        Some(editor) => run_with(&opts, editor, io::stdout().lock()),
        None => run(&opts, io::stdin().lock(), io::stdout().lock()),
    };
    #[cfg(not(feature = "line-editing"))]
    let result = run(&opts, io::stdin().lock(), io::stdout().lock());
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
