//! The pages of `docs/` against the library, wherever the two could disagree.
//!
//! The pages are written for people, in a few machine-readable shapes:
//!
//! - a heading ending in a variant name in backticks, "## Chess (`chess`)", opens that
//!   variant's section, which lasts until a heading of the same or a higher level;
//! - in a section, a table whose header starts `| token | name | betza |` lists every piece
//!   type (an optional `promotes to` column gives the tokens it may become, `—` for none),
//!   a line `Start position: `FEN`` gives the start, a table `| board | castling | en passant
//!   | facing kings | stalemate | promotion suffix |` sums up the rules, and a table
//!   `| position | depth | nodes |` gives perft counts (`start`, a FEN in backticks with an
//!   optional name before it, or a name given so earlier);
//! - anywhere, tables of examples with a `variant` column: `| variant | FEN | error |` (FEN
//!   refusals), `| variant | FEN | move text | error |`, `| variant | FEN | move text | SAN |`
//!   and `| variant | FEN | SAN | error |`;
//! - in `betza.md`, `| betza | position | error |` (parse errors) and any table whose first
//!   column is `betza` (strings that must parse).
//!
//! Variants the pages describe but the library does not (yet) build in are skipped, and
//! named on standard error.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use betza::{Position, Variant};

/// Perft counts up to this many nodes are computed; deeper ones must be in `tests/data`.
const COMPUTE_LIMIT: u64 = 250_000;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

struct Page {
    name: String,
    text: String,
}

fn pages() -> Vec<Page> {
    let dir = Path::new(ROOT).join("docs");
    let mut out: Vec<Page> = fs::read_dir(&dir)
        .expect("docs/ exists")
        .map(|e| e.expect("readable docs/").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| Page {
            name: format!("docs/{}", p.file_name().unwrap().to_string_lossy()),
            text: fs::read_to_string(&p).expect("readable page"),
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(out.len() >= 7, "docs/ has only {} pages", out.len());
    out
}

/// A table of a page: its header cells, its rows (with line numbers) and the variant section
/// it stands in.
struct Table {
    header: Vec<String>,
    rows: Vec<(usize, Vec<String>)>,
    variant: Option<String>,
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_string()).collect()
}

/// Every code span of a cell, as Markdown reads them: a run of backticks opens one, the next
/// run of as many closes it, and one space just inside both ends is dropped.
fn codes(cell: &str) -> Vec<&str> {
    let b = cell.as_bytes();
    let run = |i: usize| b[i..].iter().take_while(|&&c| c == b'`').count();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'`' {
            i += 1;
            continue;
        }
        let n = run(i);
        let start = i + n;
        let mut j = start;
        let close = loop {
            match b[j..].iter().position(|&c| c == b'`') {
                None => break None,
                Some(k) if run(j + k) == n => break Some(j + k),
                Some(k) => j += k + run(j + k),
            }
        };
        let Some(end) = close else { break };
        let text = &cell[start..end];
        let trimmed = text
            .strip_prefix(' ')
            .and_then(|t| t.strip_suffix(' '))
            .filter(|t| !t.is_empty());
        out.push(trimmed.unwrap_or(text));
        i = end + n;
    }
    out
}

/// The text of the first code span of a cell, if it has one.
fn code(cell: &str) -> Option<&str> {
    codes(cell).into_iter().next()
}

/// The variant a heading line names, and the heading's level.
fn heading(line: &str) -> Option<(usize, Option<String>)> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    if level == 0 || !line[level..].starts_with(' ') {
        return None;
    }
    let text = line.trim_end();
    let name = text
        .strip_suffix("`)")
        .and_then(|t| t.rsplit_once("(`"))
        .map(|(_, name)| name.to_string());
    Some((level, name))
}

/// Walks a page: each line with the variant section it is in.
fn sections(text: &str) -> Vec<(usize, &str, Option<String>)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && let Some((level, name)) = heading(line) {
            match name {
                Some(n) => current = Some((level, n)),
                None if current.as_ref().is_some_and(|(l, _)| level <= *l) => current = None,
                None => {}
            }
        }
        out.push((i + 1, line, current.as_ref().map(|(_, n)| n.clone())));
    }
    out
}

fn tables(text: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut open = false;
    let mut prev: Option<(usize, &str)> = None;
    for (n, line, variant) in sections(text) {
        let is_row = line.trim_start().starts_with('|');
        if !is_row {
            open = false;
        } else if !open && line.contains("---") {
            let (_, header) = prev.expect("a separator row follows a header row");
            out.push(Table {
                header: cells(header).iter().map(|c| c.to_lowercase()).collect(),
                rows: Vec::new(),
                variant: variant.clone(),
            });
            open = true;
        } else if open {
            out.last_mut()
                .expect("open table")
                .rows
                .push((n, cells(line)));
        }
        prev = Some((n, line));
    }
    out
}

fn starts_with(header: &[String], names: &[&str]) -> bool {
    header.len() >= names.len() && header.iter().zip(names).all(|(h, n)| h == n)
}

/// Skipped variants, reported once per test.
#[derive(Default)]
struct Skips(BTreeSet<String>);

impl Skips {
    fn variant(&mut self, name: &str) -> Option<&'static Variant> {
        let v = Variant::by_name(name).ok();
        if v.is_none() {
            self.0.insert(name.to_string());
        }
        v
    }
}

impl Drop for Skips {
    fn drop(&mut self) {
        if !self.0.is_empty() {
            let names: Vec<&str> = self.0.iter().map(String::as_str).collect();
            eprintln!(
                "docs: not built in yet, so not checked: {}",
                names.join(", ")
            );
        }
    }
}

fn fail_if_any(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} disagreement(s) between docs/ and the library:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The position a `FEN` cell names: `start` or a FEN in backticks.
fn position<'v>(v: &'v Variant, cell: &str) -> Result<Position<'v>, String> {
    match code(cell) {
        None if cell == "start" => Ok(Position::start(v)),
        None => Err(format!(
            "FEN cell {cell:?} is neither `start` nor a FEN in backticks"
        )),
        Some(fen) => Position::from_fen(v, fen).map_err(|e| format!("FEN {fen:?} refused: {e}")),
    }
}

#[test]
fn every_built_in_variant_is_documented() {
    let mut pieces = BTreeSet::new();
    let mut starts = BTreeSet::new();
    let mut perfts = BTreeSet::new();
    let mut summaries = BTreeSet::new();
    for page in pages() {
        for t in tables(&page.text) {
            let Some(v) = t.variant.clone() else { continue };
            if starts_with(&t.header, &["board", "castling"]) {
                summaries.insert(v.clone());
            }
            if starts_with(&t.header, &["token", "name", "betza"]) {
                pieces.insert(v.clone());
            }
            if starts_with(&t.header, &["position", "depth", "nodes"]) && !t.rows.is_empty() {
                perfts.insert(v);
            }
        }
        for (_, line, v) in sections(&page.text) {
            if let Some(v) = v
                && line.starts_with("Start position: `")
            {
                starts.insert(v);
            }
        }
    }
    let mut missing = Vec::new();
    for name in Variant::builtin_names() {
        for (what, set) in [
            ("piece table", &pieces),
            ("start position", &starts),
            ("perft table", &perfts),
            ("rule summary", &summaries),
        ] {
            if !set.contains(*name) {
                missing.push(format!("{name}: no {what} in docs/"));
            }
        }
    }
    fail_if_any(missing);
}

#[test]
fn pieces_match_the_library() {
    let mut skips = Skips::default();
    let mut failures = Vec::new();
    for page in pages() {
        for t in tables(&page.text) {
            if !starts_with(&t.header, &["token", "name", "betza"]) {
                continue;
            }
            let Some(name) = &t.variant else {
                failures.push(format!(
                    "{}: a piece table outside a variant section",
                    page.name
                ));
                continue;
            };
            let Some(v) = skips.variant(name) else {
                continue;
            };
            let promotes = t.header.iter().position(|h| h == "promotes to");
            let mut seen = BTreeSet::new();
            for (line, row) in &t.rows {
                let at = format!("{}:{line} ({name})", page.name);
                let token = code(&row[0]).unwrap_or(&row[0]);
                let Some(role) = v.role_by_token(token) else {
                    failures.push(format!("{at}: the library has no piece {token:?}"));
                    continue;
                };
                seen.insert(role);
                let piece = v.piece(role);
                if row[1] != piece.name {
                    failures.push(format!(
                        "{at}: {token} is named {:?} on the page, {:?} in the library",
                        row[1], piece.name
                    ));
                }
                let betza = code(&row[2]).unwrap_or(&row[2]);
                if betza != piece.betza {
                    failures.push(format!(
                        "{at}: {token} {:?}: Betza {betza:?} on the page, {:?} in the library",
                        piece.name, piece.betza
                    ));
                }
                if let Some(col) = promotes {
                    let mut page_list: Vec<String> =
                        codes(&row[col]).into_iter().map(String::from).collect();
                    let mut lib: Vec<String> = piece
                        .promotions
                        .iter()
                        .map(|r| v.piece(*r).token.to_string())
                        .collect();
                    page_list.sort_unstable();
                    lib.sort_unstable();
                    if page_list != lib {
                        failures.push(format!(
                            "{at}: {token} promotes to {page_list:?} on the page, {lib:?} in the library"
                        ));
                    }
                }
            }
            for (i, p) in v.pieces().iter().enumerate() {
                if !seen.iter().any(|r| r.index() == i) {
                    failures.push(format!(
                        "{} ({name}): the piece {:?} ({}) is missing from the table",
                        page.name, p.name, p.token
                    ));
                }
            }
        }
    }
    fail_if_any(failures);
}

#[test]
fn start_positions_match_the_library() {
    let mut skips = Skips::default();
    let mut failures = Vec::new();
    for page in pages() {
        for (line, text, variant) in sections(&page.text) {
            let Some(rest) = text.strip_prefix("Start position: ") else {
                continue;
            };
            let at = format!("{}:{line}", page.name);
            let Some(name) = variant else {
                failures.push(format!("{at}: a start position outside a variant section"));
                continue;
            };
            let Some(v) = skips.variant(&name) else {
                continue;
            };
            let fen = code(rest).unwrap_or(rest);
            if fen != v.start_fen() {
                failures.push(format!(
                    "{at} ({name}): start {fen:?} on the page, {:?} in the library",
                    v.start_fen()
                ));
            }
        }
    }
    fail_if_any(failures);
}

/// `(variant, FEN, depth) -> nodes` from `tests/data/*.perft`.
fn perft_data() -> BTreeMap<(String, String, u32), u64> {
    let mut out = BTreeMap::new();
    let dir = Path::new(ROOT).join("tests/data");
    for entry in fs::read_dir(dir).expect("tests/data exists") {
        let path = entry.expect("readable tests/data").path();
        if path.extension().is_none_or(|e| e != "perft") {
            continue;
        }
        let (mut variant, mut fen) = (String::new(), String::new());
        for line in fs::read_to_string(&path).expect("readable").lines() {
            match line.trim().split_once(' ') {
                Some(("variant", v)) => variant = v.to_string(),
                Some(("fen", f)) => fen = f.to_string(),
                Some(("perft", rest)) => {
                    let (d, n) = rest.split_once(' ').expect("perft DEPTH NODES");
                    let key = (variant.clone(), fen.clone(), d.parse().expect("depth"));
                    out.insert(key, n.parse().expect("nodes"));
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn perft_counts_match_the_library() {
    let data = perft_data();
    let mut skips = Skips::default();
    let mut failures = Vec::new();
    let mut checked = 0;
    for page in pages() {
        for t in tables(&page.text) {
            if !starts_with(&t.header, &["position", "depth", "nodes"]) {
                continue;
            }
            let Some(name) = &t.variant else {
                failures.push(format!(
                    "{}: a perft table outside a variant section",
                    page.name
                ));
                continue;
            };
            let Some(v) = skips.variant(name) else {
                continue;
            };
            let mut named: BTreeMap<String, String> = BTreeMap::new();
            for (line, row) in &t.rows {
                let at = format!("{}:{line} ({name})", page.name);
                let cell = &row[0];
                let fen = match code(cell) {
                    Some(fen) => {
                        let label = cell[..cell.find('`').expect("a code span")].trim();
                        if !label.is_empty() {
                            named.insert(label.to_string(), fen.to_string());
                        }
                        fen.to_string()
                    }
                    None if cell == "start" => v.start_fen().to_string(),
                    None => match named.get(cell.as_str()) {
                        Some(fen) => fen.clone(),
                        None => {
                            failures.push(format!("{at}: position {cell:?} is not named above"));
                            continue;
                        }
                    },
                };
                let depth: u32 = row[1].parse().expect("a depth");
                let nodes: u64 = row[2].replace(',', "").parse().expect("a node count");
                checked += 1;
                if nodes <= COMPUTE_LIMIT {
                    let got = match Position::from_fen(v, &fen) {
                        Ok(pos) => pos.perft(depth),
                        Err(e) => {
                            failures.push(format!("{at}: FEN refused: {e}"));
                            continue;
                        }
                    };
                    if got != nodes {
                        failures.push(format!(
                            "{at}: perft {depth} is {nodes} on the page, {got} in the library"
                        ));
                    }
                } else {
                    match data.get(&(name.clone(), fen.clone(), depth)) {
                        Some(&n) if n == nodes => {}
                        Some(&n) => failures.push(format!(
                            "{at}: perft {depth} is {nodes} on the page, {n} in tests/data"
                        )),
                        None => failures.push(format!(
                            "{at}: perft {depth} = {nodes} is too deep to compute here and no \
                             tests/data/*.perft line checks it"
                        )),
                    }
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} perft rows found");
    fail_if_any(failures);
}

/// Runs `check(variant, row, at)` on the rows of every example table whose header is
/// `header`.
fn examples(
    header: &[&str],
    mut check: impl FnMut(&'static Variant, &[String], &str) -> Result<(), String>,
) {
    let mut skips = Skips::default();
    let mut failures = Vec::new();
    let mut rows = 0;
    for page in pages() {
        for t in tables(&page.text) {
            if t.header != header {
                continue;
            }
            for (line, row) in &t.rows {
                let at = format!("{}:{line}", page.name);
                let Some(v) = skips.variant(&row[0]) else {
                    continue;
                };
                rows += 1;
                if let Err(e) = check(v, row, &at) {
                    failures.push(format!("{at}: {e}"));
                }
            }
        }
    }
    assert!(rows > 0, "no example table {header:?} in docs/");
    fail_if_any(failures);
}

/// Compares a refusal with an `error` cell (its text, in backticks or not).
fn expect_error(got: Result<impl std::fmt::Debug, String>, cell: &str) -> Result<(), String> {
    let page = code(cell).unwrap_or(cell);
    match got {
        Ok(x) => Err(format!("accepted ({x:?}), the page says: {page}")),
        Err(e) if e == page => Ok(()),
        Err(e) => Err(format!("the library says {e:?}, the page {page:?}")),
    }
}

#[test]
fn fen_refusals_match_the_library() {
    examples(&["variant", "fen", "error"], |v, row, _| {
        let fen = code(&row[1]).ok_or("FEN not in backticks")?;
        let got = Position::from_fen(v, fen).map_err(|e| e.to_string());
        expect_error(got.map(|p| p.to_fen()), &row[2])
    });
}

#[test]
fn move_text_refusals_match_the_library() {
    examples(&["variant", "fen", "move text", "error"], |v, row, _| {
        let pos = position(v, &row[1])?;
        let text = code(&row[2]).ok_or("move text not in backticks")?;
        let got = pos.parse_move(text).map_err(|e| e.to_string());
        expect_error(got.map(|m| pos.move_text(&m)), &row[3])
    });
}

#[test]
fn san_examples_match_the_library() {
    examples(&["variant", "fen", "move text", "san"], |v, row, _| {
        let pos = position(v, &row[1])?;
        let text = code(&row[2]).ok_or("move text not in backticks")?;
        let san = code(&row[3]).ok_or("SAN not in backticks")?;
        let m = pos.parse_move(text).map_err(|e| e.to_string())?;
        if pos.san(&m) != san {
            return Err(format!(
                "{text} is {:?} in SAN, the page says {san:?}",
                pos.san(&m)
            ));
        }
        let back = pos.parse_san(san).map_err(|e| e.to_string())?;
        if back != m {
            return Err(format!("{san} reads as {}", pos.move_text(&back)));
        }
        Ok(())
    });
}

#[test]
fn san_refusals_match_the_library() {
    examples(&["variant", "fen", "san", "error"], |v, row, _| {
        let pos = position(v, &row[1])?;
        let san = code(&row[2]).ok_or("SAN not in backticks")?;
        let got = pos.parse_san(san).map_err(|e| e.to_string());
        expect_error(got.map(|m| pos.move_text(&m)), &row[3])
    });
}

/// The anchor GitHub gives a heading.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    sections(text)
        .into_iter()
        .filter(|(_, l, _)| heading(l).is_some())
        .map(|(_, l, _)| slug(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn links_between_pages_resolve() {
    let mut texts: BTreeMap<String, String> =
        pages().into_iter().map(|p| (p.name, p.text)).collect();
    let readme = fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    texts.insert("README.md".into(), readme);
    let mut failures = Vec::new();
    for (name, text) in &texts {
        let dir = Path::new(name).parent().unwrap_or(Path::new(""));
        for (i, _) in text.match_indices("](") {
            let rest = &text[i + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = &rest[..end];
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((target, ""));
            let path = if file.is_empty() {
                name.clone()
            } else {
                dir.join(file).to_string_lossy().replace("/./", "/")
            };
            let Some(to) = texts.get(&path) else {
                if !Path::new(ROOT).join(&path).exists() {
                    failures.push(format!("{name}: link to {target:?}: no such file"));
                }
                continue;
            };
            if !anchor.is_empty() && !anchors(to).contains(anchor) {
                failures.push(format!("{name}: link to {target:?}: no such heading"));
            }
        }
    }
    fail_if_any(failures);
}

/// The project's working notes live outside the repository; nothing here may send a reader
/// there.
#[test]
fn nothing_points_outside_the_repository() {
    let outside = [
        ["RULES", ".md"].concat(),
        ["NOTATION", ".md"].concat(),
        ["STYLE", ".md"].concat(),
        ["shared", "/"].concat(),
    ];
    let mut failures = Vec::new();
    let mut stack = vec![Path::new(ROOT).to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("readable directory") {
            let path = entry.expect("readable entry").path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                // node_modules: the web package's npm dependencies (tools/test-web).
                if ![".git", "target", "corpus", "artifacts", "node_modules"]
                    .contains(&name.as_str())
                {
                    stack.push(path);
                }
                continue;
            }
            let text_file = ["rs", "md", "toml", "perft", "c", "h", "cpp", "hpp", "sh"]
                .iter()
                .any(|e| path.extension().is_some_and(|x| x == *e))
                || path.parent().and_then(Path::file_name) == Some(".ci".as_ref());
            if !text_file {
                continue;
            }
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let rel = path.strip_prefix(ROOT).unwrap_or(&path);
            for (n, line) in text.lines().enumerate() {
                for o in &outside {
                    if line.contains(o.as_str()) {
                        failures.push(format!("{}:{}: mentions {o}", rel.display(), n + 1));
                    }
                }
            }
        }
    }
    fail_if_any(failures);
}

#[test]
fn betza_examples_match_the_parser() {
    let page = pages()
        .into_iter()
        .find(|p| p.name == "docs/betza.md")
        .expect("docs/betza.md");
    let mut failures = Vec::new();
    let (mut parsed, mut refused) = (0, 0);
    for t in tables(&page.text) {
        if t.header.first().is_none_or(|h| h != "betza") {
            continue;
        }
        let errors = t.header == ["betza", "position", "error"];
        for (line, row) in &t.rows {
            let at = format!("{}:{line}", page.name);
            let Some(text) = code(&row[0]) else {
                failures.push(format!("{at}: the Betza string is not in backticks"));
                continue;
            };
            match (betza::notation::parse(text), errors) {
                (Ok(_), false) => parsed += 1,
                (Err(e), false) => failures.push(format!("{at}: {text:?} is refused: {e}")),
                (Ok(_), true) => failures.push(format!("{at}: {text:?} is accepted")),
                (Err(e), true) => {
                    refused += 1;
                    let page_at = row[1].as_str();
                    let page_msg = code(&row[2]).unwrap_or(&row[2]);
                    if page_at != e.position.to_string() || page_msg != e.message {
                        failures.push(format!(
                            "{at}: {text:?} is refused at {} with {:?}, the page says {page_at} {page_msg:?}",
                            e.position, e.message
                        ));
                    }
                }
            }
        }
    }
    assert!(
        parsed >= 10 && refused >= 10,
        "{parsed} examples, {refused} refusals"
    );
    fail_if_any(failures);
}

/// Every fenced `pgn` block of a page, with its first line.
fn pgn_blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim() == "```pgn" => current = Some((i + 2, String::new())),
            None => {}
            Some(_) if line.trim() == "```" => out.extend(current.take()),
            Some((_, block)) => {
                block.push_str(line);
                block.push('\n');
            }
        }
    }
    out
}

#[test]
fn pgn_examples_read_and_write_back() {
    let mut blocks = 0;
    let mut failures = Vec::new();
    for page in pages() {
        for (line, pgn) in pgn_blocks(&page.text) {
            blocks += 1;
            match betza::Game::from_pgn(&pgn) {
                Ok(game) if game.to_pgn() == pgn => {}
                Ok(game) => failures.push(format!(
                    "{}:{line}: the game is written back as\n{}",
                    page.name,
                    game.to_pgn()
                )),
                Err(e) => failures.push(format!("{}:{line}: refused: {e}", page.name)),
            }
        }
    }
    assert!(blocks > 0, "no pgn example in docs/");
    fail_if_any(failures);
}

/// The complete example of `definitions.md`: its first `toml` block holding a `name`.
fn definition_example(text: &str) -> (usize, String) {
    let mut block: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut block {
            None if line.trim() == "```toml" => block = Some((i + 2, String::new())),
            None => {}
            Some((at, b)) if line.trim() == "```" => {
                if b.lines().any(|l| l.starts_with("name = ")) {
                    return (*at, b.clone());
                }
                block = None;
            }
            Some((_, b)) => {
                b.push_str(line);
                b.push('\n');
            }
        }
    }
    panic!("docs/definitions.md has no complete example");
}

#[test]
fn definition_example_is_the_built_in_meiriqi() {
    let page = fs::read_to_string(Path::new(ROOT).join("docs/definitions.md")).expect("page");
    let (line, example) = definition_example(&page);
    let v = Variant::from_definition(&example)
        .unwrap_or_else(|e| panic!("docs/definitions.md:{line}: the example is refused: {e}"));
    let built_in = Variant::by_name(v.name()).expect("the example is a built-in variant");
    assert_eq!(
        v.definition(),
        built_in.definition(),
        "docs/definitions.md:{line}: the example differs from the built-in {}",
        v.name()
    );
}

#[test]
fn definition_errors_match_the_library() {
    let page = fs::read_to_string(Path::new(ROOT).join("docs/definitions.md")).expect("page");
    let (_, example) = definition_example(&page);
    let mut failures = Vec::new();
    let mut rows = 0;
    for t in tables(&page) {
        if t.header != ["change", "error"] {
            continue;
        }
        for (line, row) in &t.rows {
            rows += 1;
            let at = format!("docs/definitions.md:{line}");
            let spans = codes(&row[0]);
            if spans.is_empty() || !spans.len().is_multiple_of(2) {
                failures.push(format!("{at}: a change is pairs of `old` → `new`"));
                continue;
            }
            let mut text = example.clone();
            for pair in spans.chunks(2) {
                let (old, new) = (pair[0].replace("\\n", "\n"), pair[1].replace("\\n", "\n"));
                if text.matches(old.as_str()).count() != 1 {
                    failures.push(format!("{at}: {old:?} is not in the example exactly once"));
                }
                text = text.replacen(old.as_str(), &new, 1);
            }
            let got = Variant::from_definition(&text).map(|v| v.name().to_string());
            if let Err(e) = expect_error(got.map_err(|e| e.to_string()), &row[1]) {
                failures.push(format!("{at}: {e}"));
            }
        }
    }
    assert!(rows >= 10, "only {rows} definition errors on the page");
    fail_if_any(failures);
}

/// A 9x9 lab: the Kings where no example reaches, the piece `X` of `betza` on e5, and the
/// pieces listed (`Oe6 of7`: a White and a Black piece that moves as `W`).
fn lab(betza: &str, pieces: &str) -> Result<Variant, String> {
    let mut board = [['.'; 9]; 9];
    let mut put = |item: &str| -> Result<(), String> {
        let (t, sq) = item.split_at(1);
        let (f, r) = (
            sq.as_bytes()[0].wrapping_sub(b'a'),
            sq[1..].parse::<usize>(),
        );
        match r {
            Ok(r) if f < 9 && (1..=9).contains(&r) => {
                board[9 - r][f as usize] = t.chars().next().unwrap_or('?');
                Ok(())
            }
            _ => Err(format!("{item:?} is not a piece on a square of the lab")),
        }
    };
    put("Ka2")?;
    put("ki8")?;
    put("Xe5")?;
    for item in pieces.split_whitespace() {
        put(item)?;
    }
    let ranks: Vec<String> = board
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let text = format!(
        "name = \"lab\"\nfiles = 9\nranks = 9\nstart = \"{} w - - 0 1\"\n\
         [[piece]]\nname = \"King\"\ntoken = \"K\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nname = \"Block\"\ntoken = \"O\"\nbetza = \"W\"\n\
         [[piece]]\nname = \"Test\"\ntoken = \"X\"\nbetza = \"{betza}\"\n",
        ranks.join("/")
    );
    Variant::from_definition(&text).map_err(|e| e.to_string())
}

#[test]
fn betza_targets_match_the_library() {
    let page = fs::read_to_string(Path::new(ROOT).join("docs/betza.md")).expect("page");
    let mut failures = Vec::new();
    let mut rows = 0;
    for t in tables(&page) {
        let (pieces_col, targets_col) = match &t.header[..] {
            [b, t] if b == "betza" && t == "targets from e5" => (None, 1),
            [b, p, t] if b == "betza" && p == "pieces" && t == "targets from e5" => (Some(1), 2),
            _ => continue,
        };
        for (line, row) in &t.rows {
            rows += 1;
            let at = format!("docs/betza.md:{line}");
            let betza = code(&row[0]).expect("Betza in backticks");
            let pieces = pieces_col.map_or("", |c| code(&row[c]).unwrap_or(&row[c]));
            let v = match lab(betza, pieces) {
                Ok(v) => v,
                Err(e) => {
                    failures.push(format!("{at}: {betza:?} refused: {e}"));
                    continue;
                }
            };
            let pos = Position::start(&v);
            let size = v.size();
            let e5 = size.parse_square("e5").expect("a square");
            let got: BTreeSet<String> = pos
                .legal_targets(e5)
                .squares()
                .map(|sq| size.square_name(sq))
                .collect();
            let want: BTreeSet<String> = row[targets_col]
                .split_whitespace()
                .map(String::from)
                .collect();
            if got != want {
                let got: Vec<&str> = got.iter().map(String::as_str).collect();
                failures.push(format!("{at}: {betza} reaches {}", got.join(" ")));
            }
        }
    }
    assert!(rows >= 15, "only {rows} target examples");
    fail_if_any(failures);
}

#[test]
fn rule_summaries_match_the_library() {
    let mut skips = Skips::default();
    let mut failures = Vec::new();
    let mut rows = 0;
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    for page in pages() {
        for t in tables(&page.text) {
            if !starts_with(
                &t.header,
                &["board", "castling", "en passant", "facing kings"],
            ) {
                continue;
            }
            let Some(name) = &t.variant else {
                failures.push(format!(
                    "{}: a rule summary outside a variant section",
                    page.name
                ));
                continue;
            };
            let Some(v) = skips.variant(name) else {
                continue;
            };
            for (line, row) in &t.rows {
                rows += 1;
                let size = v.size();
                let promotes = v.pieces().iter().any(|p| !p.promotions.is_empty());
                let suffix = match v.promotion_text() {
                    _ if !promotes => "—",
                    betza::PromotionText::Plus => "`+`",
                    betza::PromotionText::Letter => "letter",
                    other => panic!("{other:?}: a promotion text the docs do not name"),
                };
                let lib = [
                    format!("{}x{}", size.files(), size.ranks()),
                    yes_no(v.has_castling()).to_string(),
                    yes_no(v.en_passant()).to_string(),
                    yes_no(v.facing_kings()).to_string(),
                    match v.stalemate_rule() {
                        betza::StalemateRule::Draw => "draw".to_string(),
                        betza::StalemateRule::Loss => "loss".to_string(),
                        betza::StalemateRule::Win => "win".to_string(),
                        betza::StalemateRule::FewerPieces => "fewer pieces".to_string(),
                        betza::StalemateRule::MorePieces => "more pieces".to_string(),
                        other => panic!("{other:?}: a stalemate rule the docs do not name"),
                    },
                    suffix.to_string(),
                ];
                if row[..] != lib[..] {
                    failures.push(format!(
                        "{}:{line} ({name}): the page says {row:?}, the library {lib:?}",
                        page.name
                    ));
                }
            }
        }
    }
    assert!(rows >= 4, "only {rows} rule summaries");
    fail_if_any(failures);
}

/// The folders whose paths the pages name, and which must therefore exist.
const PATH_ROOTS: [&str; 9] = [
    "src/",
    "tests/",
    "examples/",
    "docs/",
    "python/",
    "include/",
    "tools/",
    "bench/",
    "variants/",
];

/// Every repository path a text names (`src/position/query.rs`, `../variants/`,
/// `tests/data/*.perft`), with its line; placeholders such as `src/...` are not paths.
fn named_paths(text: &str) -> Vec<(usize, String)> {
    let path_char = |c: char| c.is_ascii_alphanumeric() || "_./*-".contains(c);
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for token in line.split(|c: char| !path_char(c)) {
            let mut token = token;
            while let Some(rest) = token
                .strip_prefix("../")
                .or_else(|| token.strip_prefix("./"))
            {
                token = rest;
            }
            if token.contains("..") {
                continue;
            }
            let token = token.trim_end_matches('.');
            if PATH_ROOTS.iter().any(|r| token.starts_with(r)) {
                out.push((n + 1, token.to_string()));
            }
        }
    }
    out
}

/// `*` matches any run of characters within one name.
fn glob_match(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => name.strip_prefix(head).is_some_and(|rest| {
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| glob_match(tail, &rest[i..]))
        }),
    }
}

/// Whether a path relative to the repository's root names at least one file or folder.
fn path_exists(rel: &str) -> bool {
    let mut found = vec![Path::new(ROOT).to_path_buf()];
    for part in rel.trim_end_matches('/').split('/') {
        let mut next = Vec::new();
        for dir in &found {
            if !part.contains('*') {
                next.extend(Some(dir.join(part)).filter(|p| p.exists()));
                continue;
            }
            let Ok(entries) = fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                if glob_match(part, &entry.file_name().to_string_lossy()) {
                    next.push(entry.path());
                }
            }
        }
        found = next;
    }
    !found.is_empty()
}

#[test]
fn named_paths_are_read_as_a_reader_reads_them() {
    let text = "Queries (`src/query.rs`), [large](../src/variant/large.rs), in tests/data/*.perft.\n\
                Placeholders: `src/...`, `tests/...`; not ours: python3, `fuzz/run.sh`.";
    let got: Vec<String> = named_paths(text).into_iter().map(|(_, p)| p).collect();
    assert_eq!(
        got,
        ["src/query.rs", "src/variant/large.rs", "tests/data/*.perft"]
    );
    assert!(!path_exists("src/query.rs"), "a stale path is caught");
    assert!(path_exists("src/position/query.rs"));
    assert!(path_exists("tests/data/*.perft") && path_exists("tests/data/xboard/chu*.moves"));
    assert!(!path_exists("tests/data/*.nothing"));
}

#[test]
fn every_path_the_pages_name_exists() {
    let mut texts: Vec<(String, String)> = pages().into_iter().map(|p| (p.name, p.text)).collect();
    let readme = fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    texts.push(("README.md".into(), readme));
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, text) in &texts {
        for (line, path) in named_paths(text) {
            checked += 1;
            if !path_exists(&path) {
                failures.push(format!("{name}:{line}: {path} does not exist"));
            }
        }
    }
    assert!(checked >= 100, "only {checked} paths named");
    fail_if_any(failures);
}

/// The rows of the first table of `page` whose header is `header`, with their lines.
fn table_rows(page: &str, header: &[&str]) -> Vec<(usize, Vec<String>)> {
    let text = fs::read_to_string(Path::new(ROOT).join(page)).expect("page");
    tables(&text)
        .into_iter()
        .find(|t| t.header == header)
        .unwrap_or_else(|| panic!("{page} has no table {header:?}"))
        .rows
}

#[test]
fn fsf_refusals_match_the_reader() {
    let mut failures = Vec::new();
    let rows = table_rows("docs/fairy-stockfish.md", &["configuration", "error"]);
    for (line, row) in &rows {
        let at = format!("docs/fairy-stockfish.md:{line}");
        let Some(text) = code(&row[0]) else {
            failures.push(format!("{at}: the configuration is not in backticks"));
            continue;
        };
        let got = betza::VariantDef::from_fsf_ini(&text.replace("\\n", "\n"))
            .map(|d| d.len())
            .map_err(|e| e.to_string());
        if let Err(e) = expect_error(got, &row[1]) {
            failures.push(format!("{at}: {e}"));
        }
    }
    assert!(rows.len() >= 10, "only {} refusals", rows.len());
    fail_if_any(failures);
}

/// The two tables of Fairy-Stockfish's variants are the reader's lists: the
/// sections of `variants/fairy-stockfish.ini` and `NOT_EXPRESSIBLE`, with
/// its reasons, and what the library builds in under each name.
#[test]
fn fsf_variant_tables_match_the_reader() {
    use betza::variant::fsf;
    let page = "docs/fairy-stockfish.md";
    let mut failures = Vec::new();
    let sections = table_rows(
        page,
        &["section", "template", "the built-in variant of that name"],
    );
    let listed: Vec<String> = sections
        .iter()
        .map(|(_, r)| code(&r[0]).unwrap_or(&r[0]).to_string())
        .collect();
    if listed != fsf::builtin_names() {
        failures.push(format!(
            "{page}: the sections are {listed:?}, variants/fairy-stockfish.ini has {:?}",
            fsf::builtin_names()
        ));
    }
    for name in &listed {
        if Variant::by_name(name).is_err() {
            failures.push(format!("{page}: {name} is not built in"));
        }
    }
    let rows = table_rows(
        page,
        &[
            "fairy-stockfish variant",
            "what the library lacks",
            "built in here",
        ],
    );
    let mut page_list = Vec::new();
    for (line, row) in &rows {
        let name = code(&row[0]).unwrap_or(&row[0]).to_string();
        let built = if Variant::by_name(&name).is_ok() {
            "yes"
        } else {
            "no"
        };
        if row[2] != built {
            failures.push(format!(
                "{page}:{line}: {name} built in: {} on the page, {built} in the library",
                row[2]
            ));
        }
        page_list.push((name, row[1].clone()));
    }
    let lib: Vec<(String, String)> = fsf::NOT_EXPRESSIBLE
        .iter()
        .map(|(n, r)| (n.to_string(), r.to_string()))
        .collect();
    if page_list != lib {
        for (n, r) in &lib {
            if !page_list.contains(&(n.clone(), r.clone())) {
                failures.push(format!("{page}: no row `{n}` | {r}"));
            }
        }
        for (n, r) in &page_list {
            if !lib.contains(&(n.clone(), r.clone())) {
                failures.push(format!("{page}: `{n}` | {r} is not in NOT_EXPRESSIBLE"));
            }
        }
        if failures.is_empty() {
            failures.push(format!(
                "{page}: the rows are not in NOT_EXPRESSIBLE's order"
            ));
        }
        // The table as it should read, to paste.
        let table: Vec<String> = lib
            .iter()
            .map(|(n, r)| {
                let built = if Variant::by_name(n).is_ok() {
                    "yes"
                } else {
                    "no"
                };
                format!("| `{n}` | {r} | {built} |")
            })
            .collect();
        failures.push(format!("the rows should read:\n{}", table.join("\n")));
    }
    fail_if_any(failures);
}

/// `docs/variants.md` opens with an index of every built-in variant.
#[test]
fn variants_page_lists_every_built_in_variant() {
    let rows = table_rows("docs/variants.md", &["variant", "name", "board", "page"]);
    let listed: BTreeSet<String> = rows
        .iter()
        .map(|(_, r)| code(&r[1]).unwrap_or(&r[1]).to_string())
        .collect();
    let all: BTreeSet<String> = betza::AnyVariant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let missing: Vec<&String> = all.difference(&listed).collect();
    let extra: Vec<&String> = listed.difference(&all).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "docs/variants.md's index: missing {missing:?}, not built in {extra:?}"
    );
}

/// The table of Fairy-Stockfish's Betza dialect in `betza.md` is what the
/// reader's translation does.
#[test]
fn fsf_dialect_table_matches_the_translation() {
    use betza::variant::fsf::betza_to_xbetza;
    let rows = table_rows("docs/betza.md", &["fairy-stockfish", "xbetza here", "why"]);
    let mut failures = Vec::new();
    for (line, row) in &rows {
        let at = format!("docs/betza.md:{line}");
        let from = codes(&row[0]);
        match codes(&row[1]).as_slice() {
            [] if row[1] == "refused" => {
                for f in &from {
                    if let Ok(x) = betza_to_xbetza(f) {
                        failures.push(format!("{at}: {f} is read as {x}"));
                    }
                }
            }
            [] => {
                // Passed on, refused when the variant is built.
                for f in &from {
                    let x = betza_to_xbetza(f).map_err(|e| format!("{at}: {f}: {e}"));
                    match x.map(|x| betza::notation::parse(&x)) {
                        Ok(Err(_)) => {}
                        Ok(Ok(_)) => failures.push(format!("{at}: {f} is accepted")),
                        Err(e) => failures.push(e),
                    }
                }
            }
            to if to.len() == from.len() => {
                for (f, t) in from.iter().zip(to) {
                    match betza_to_xbetza(f) {
                        Ok(x) if x == *t => {}
                        other => failures.push(format!("{at}: {f} gives {other:?}, not {t}")),
                    }
                }
            }
            _ => failures.push(format!("{at}: the two columns do not pair up")),
        }
    }
    assert!(rows.len() >= 5, "only {} rows", rows.len());
    fail_if_any(failures);
}
