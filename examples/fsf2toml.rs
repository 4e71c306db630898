//! Prints this library's TOML definition of every variant in a file of
//! Fairy-Stockfish's configuration format (its `variants.ini`), so that a
//! user sees what was read; refusals name the section, line and key.
//!
//! ```text
//! cargo run --example fsf2toml -- FILE            # every section of FILE
//! cargo run --example fsf2toml -- --builtin NAME  # one of Fairy-Stockfish's built-in variants
//! ```

use std::process::ExitCode;

use betza::VariantDef;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let defs = match args.as_slice() {
        [flag, name] if flag == "--builtin" => match VariantDef::fairy_stockfish(name) {
            Some(d) => vec![d],
            None => {
                eprintln!(
                    "fsf2toml: {name:?} is not a Fairy-Stockfish variant this library expresses"
                );
                return ExitCode::FAILURE;
            }
        },
        [path] => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("fsf2toml: {path}: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match VariantDef::from_fsf_ini(&text) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("fsf2toml: {path}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        _ => {
            eprintln!("usage: fsf2toml FILE | fsf2toml --builtin NAME");
            return ExitCode::FAILURE;
        }
    };
    for (i, d) in defs.iter().enumerate() {
        if let Err(e) = d.clone().build() {
            eprintln!("fsf2toml: variant {}: {e}", d.name);
            return ExitCode::FAILURE;
        }
        if i > 0 {
            println!("\n# ----------------------------------------------------------------\n");
        }
        print!("{d}");
    }
    ExitCode::SUCCESS
}
