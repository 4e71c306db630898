//! The built-in variants: definition files in `variants/`, compiled into the
//! library and read by the same code as any user's file. No variant is
//! defined in Rust code.

use std::sync::OnceLock;

use crate::variant::{Variant, VariantDef, packed};

/// Declares the built-in variants once, by name: each is read from
/// `variants/NAME.toml` (stored compressed: [`super::packed`]), and the name
/// lists below come from the same line.
macro_rules! builtins {
    (small: [$($small:literal),* $(,)?], large: [$($large:literal),* $(,)?] $(,)?) => {
        /// How many built-ins are of small boards: the first of [`ALL_NAMES`].
        const SMALL: usize = [$($small),*].len();

        /// Every built-in name, small boards ([`NAMES`]) then large ones
        /// ([`LARGE_NAMES`]): [`crate::AnyVariant::builtin_names`]. The lists
        /// are `static` slices of one array: a `const` is copied, names and
        /// all, into each crate that inlines a function reading it (the web
        /// module held two copies).
        static ALL: [&str; SMALL + [$($large),*].len()] = [$($small,)* $($large),*];

        /// Every built-in name ([`ALL`]).
        pub(crate) static ALL_NAMES: &[&str] = &ALL;

        /// Names accepted by [`Variant::by_name`].
        pub(crate) static NAMES: &[&str] = ALL.split_at(SMALL).0;

        /// The built-in variants of large boards (more than 128 squares or 20
        /// piece types): reached through [`crate::LargeVariant::by_name`] and
        /// [`crate::AnyVariant::by_name`], never [`Variant::by_name`] (whose
        /// variants are all of small boards).
        static LARGE_NAMES: &[&str] = ALL.split_at(SMALL).1;

        /// Where each of [`ALL`]'s files is among the packed texts, found at
        /// compile time: a name without its file is a build error, not a
        /// variant missing at run time.
        static TEXT_INDEX: [u16; ALL.len()] = [
            $(packed::index_of($small, concat!("no file variants/", $small, ".toml")) as u16,)*
            $(packed::index_of($large, concat!("no file variants/", $large, ".toml")) as u16),*
        ];
    };
}

builtins! {
    small: [
        "decimaka",
        "meiriqi",
        "chess",
        "capablanca",
        "gothic",
        "embassy",
        "janus",
        "modern",
        "chancellor",
        "centaur",
        "courier",
        "shatranj",
        "makruk",
        "grand",
        "xiangqi",
        "nightrider",
        "amazon",
        "grasshopper",
        "shogi",
        "minishogi",
        "torishogi",
        "crazyhouse",
        "chess960",
        "caparandom",
        "kingofthehill",
        "3check",
        "5check",
        "racingkings",
        "horde",
        "antichess",
        "giveaway",
        "suicide",
        "atomic",
        "atomar",
        "nocheckatomic",
        "normal",
        "nocastle",
        "raazuvaa",
        "torpedo",
        "pawnsideways",
        "pawnback",
        "legan",
        "almost",
        "georgian",
        "hoppelpoppel",
        "newzealand",
        "knightmate",
        "paradigm",
        "gardner",
        "losalamos",
        "chaturanga",
        "ai-wok",
        "capahouse",
        "opulent",
        "tencubed",
        "minixiangqi",
        "manchu",
        "mini",
        "gorogoro",
        "judkins",
        "euroshogi",
        "okisakishogi",
        "yarishogi",
        "threekings",
        "breakthrough",
        "fox-and-hounds",
        "coregal",
        "extinction",
        "kinglet",
        "spartan",
        "codrus",
        "duck",
        "amazons",
        "isolation",
        "isolation7x7",
        "snailtrail",
        "joust",
        "seirawan",
        "shouse",
        "kyotoshogi",
        "dobutsu",
        "janggi",
        "janggitraditional",
        "janggimodern",
        "janggicasual",
        "placement",
        "sittuyin",
        "makpong",
        "asean",
        "cambodian",
        "karouk",
        "shatar",
        "fairy",
        "troitzky",
        "gustav3",
        "omicron",
        "shako",
        "misere",
        "losers",
        "sortofalmost",
        "chigorin",
        "armageddon",
        "clobber",
        "clobber10",
        "jesonmor",
        "pocketknight",
        "dragon",
        "perfect",
        "checkshogi",
        "berolina",
        "ataxx",
        "flipersi",
        "flipello",
        "flipello10",
        "loop",
        "chessgi",
        "bughouse",
        "koedem",
        "supply",
        "petrified",
        "shoshogi",
        "micro",
        "wolf",
    ],
    large: ["chushogi"],
}

/// Other names of built-in variants (Fairy-Stockfish's and XBoard's), each
/// with the name it stands for.
const ALIASES: &[(&str, &str)] = &[("fischerandom", "chess960")];

fn index(name: &str) -> Option<usize> {
    let name = ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(name))
        .map_or(name, |(_, to)| to);
    NAMES.iter().position(|n| n.eq_ignore_ascii_case(name))
}

fn large_index(name: &str) -> Option<usize> {
    LARGE_NAMES
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name))
}

/// The file of the built-in `ALL[i]`.
fn text(i: usize) -> &'static str {
    TEXT_INDEX
        .get(i)
        .map_or("", |&k| packed::definition(usize::from(k)))
}

/// The built-in variant of a large board of that name, compiled for
/// [`crate::Large`] once, on first use. (A third board type would keep its
/// built-ins in a list of its own, compiled for it.)
pub(crate) fn large_by_name(name: &str) -> Option<&'static Variant> {
    static CELLS: [OnceLock<Variant>; ALL.len() - SMALL] =
        [const { OnceLock::new() }; ALL.len() - SMALL];
    let i = large_index(name)?;
    Some(CELLS[i].get_or_init(|| {
        Variant::read_large(text(SMALL + i))
            .and_then(Variant::new_large)
            .expect("built-in definitions are valid")
    }))
}

pub(crate) fn by_name(name: &str) -> Option<&'static Variant> {
    static CELLS: [OnceLock<Variant>; SMALL] = [const { OnceLock::new() }; SMALL];
    let i = index(name)?;
    Some(
        CELLS[i].get_or_init(|| {
            Variant::from_definition(text(i)).expect("built-in definitions are valid")
        }),
    )
}

/// The definition file of a built-in variant, as shipped (a starting point
/// for custom variants), comments included. The files are stored compressed
/// and decompressed together on the first call of this or any function that
/// reads a built-in (about a millisecond).
///
/// ```
/// let text = betza::builtin::definition_text("chess").unwrap();
/// assert!(text.contains("name = \"chess\""));
/// ```
pub fn definition_text(name: &str) -> Option<&'static str> {
    index(name)
        .map(text)
        .or_else(|| large_index(name).map(|i| text(SMALL + i)))
}

/// The definition of a built-in variant (of either board type), as data.
pub fn definition(name: &str) -> Option<VariantDef> {
    match large_index(name) {
        Some(i) => {
            Some(Variant::read_large(text(SMALL + i)).expect("built-in definitions are valid"))
        }
        None => definition_text(name).map(|t| t.parse().expect("built-in definitions are valid")),
    }
}

/// The Rhino's Betza string: every zig-zag length up to `max_steps`. The
/// Meiriqi file writes it out; a test checks the two agree.
///
/// ```
/// assert_eq!(betza::builtin::rhino_betza(4), "WafsWafraflWaflafrWafraflafrWaflafraflW");
/// ```
pub fn rhino_betza(max_steps: usize) -> String {
    let mut s = String::from("W");
    if max_steps >= 2 {
        s.push_str("afsW");
    }
    for len in 3..=max_steps {
        for first in ["fr", "fl"] {
            let mut hand = first;
            for _ in 1..len {
                s.push('a');
                s.push_str(hand);
                hand = if hand == "fr" { "fl" } else { "fr" };
            }
            s.push('W');
        }
    }
    s
}

/// The message for a variant name that is not built in: the name quoted (in
/// part, if long) and the built-in names, as many as keep the message under
/// 300 bytes.
pub(crate) fn unknown_message(name: &str) -> String {
    if let Some(i) = large_index(name) {
        return format!(
            "{} is a built-in variant of a large board, which the API of small boards \
             (Variant, Game, Position) does not take: use LargeVariant::by_name or \
             AnyVariant::by_name",
            crate::quote::quoted(LARGE_NAMES[i])
        );
    }
    if let Some(i) = index(name) {
        // Only a lookup among the large boards' built-ins misses these.
        return format!(
            "{} is a built-in variant of a small board, not of a large one: use \
             Variant::by_name or AnyVariant::by_name",
            crate::quote::quoted(NAMES[i])
        );
    }
    let mut s = format!(
        "unknown variant {}: the built-in variants are ",
        crate::quote::quoted(name)
    );
    for (i, n) in NAMES.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        if s.len() + sep.len() + n.len() > 270 {
            s.push_str(&format!(" and {} more", NAMES.len() - i));
            break;
        }
        s.push_str(sep);
        s.push_str(n);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_files() {
        for name in NAMES {
            assert_eq!(by_name(name).expect("built in").name(), *name);
        }
    }

    /// The texts handed out are the files as shipped, byte for byte, and
    /// every file of `variants/` is a built-in (none packed for nothing).
    #[test]
    fn texts_are_the_files_on_disk() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
        let mut on_disk = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("variants/") {
            let path = entry.expect("an entry").path();
            let file = std::fs::read_to_string(&path).expect("a text file");
            match path.extension().and_then(|e| e.to_str()) {
                Some("toml") => {
                    let name = path.file_stem().and_then(|s| s.to_str()).expect("a name");
                    assert_eq!(definition_text(name), Some(file.as_str()), "{name}");
                    on_disk.push(name.to_string());
                }
                _ => assert_eq!(
                    path.file_name().and_then(|s| s.to_str()),
                    Some("fairy-stockfish.ini")
                ),
            }
        }
        on_disk.sort();
        let mut names = ALL_NAMES.to_vec();
        names.sort();
        assert_eq!(on_disk, names);
        let ini = std::fs::read_to_string(dir.join("fairy-stockfish.ini")).expect("the ini");
        assert_eq!(crate::variant::fsf::builtin_ini(), ini);
    }

    #[test]
    fn every_name_is_listed_once_and_large_ones_only_through_large_variant() {
        assert_eq!(ALL_NAMES, [NAMES, LARGE_NAMES].concat());
        for name in LARGE_NAMES {
            assert!(by_name(name).is_none());
            assert_eq!(large_by_name(name).expect("built in").name(), *name);
            assert_eq!(definition(name).expect("its definition").name, *name);
            let m = unknown_message(name);
            assert!(
                m.contains("large board") && m.contains("LargeVariant::by_name"),
                "{m}"
            );
        }
        let m = crate::LargeVariant::by_name("Chess")
            .unwrap_err()
            .to_string();
        assert!(
            m.contains("\"chess\" is a built-in variant of a small board"),
            "{m}"
        );
    }

    #[test]
    fn rhino_in_file_is_the_generated_form() {
        let v = by_name("meiriqi").unwrap();
        let rhino = v.pieces().iter().find(|p| p.name == "Rhino").unwrap();
        assert_eq!(rhino.betza, rhino_betza(9));
    }

    #[test]
    fn unknown_names_get_a_bounded_message_listing_the_built_ins() {
        // The names listed, then how many more there are: every built-in is counted.
        let m = unknown_message("no-such-chess");
        assert!(m.len() < 300, "{m}");
        let list = m.split_once("are ").expect("a list").1;
        let (names, more) = list.split_once(" and ").expect("a count of the rest");
        let listed: Vec<&str> = names.split(", ").collect();
        assert_eq!(listed, NAMES[..listed.len()], "{m}");
        let rest: usize = more.trim_end_matches(" more").parse().expect("a count");
        assert_eq!(listed.len() + rest, NAMES.len(), "{m}");
        let long = "q".repeat(1_000_000);
        let m = unknown_message(&long);
        assert!(m.len() < 300, "{m}");
        assert!(m.contains("(1000000 bytes)") && m.contains("decimaka") && m.contains(" more"));
    }
}
