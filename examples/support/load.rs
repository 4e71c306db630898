//! Reading a variant definition file (`--variant-file FILE`) for the
//! `perft`, `play` and `xboard` examples.

use std::path::Path;

use betza::AnyVariant;

/// The variant defined in the file at `path`, on the board type its size
/// needs ([`AnyVariant::from_definition`]: past 128 squares or 20 piece
/// types a large one), or what is wrong, naming the file: it cannot be
/// read, is too large, or the definition is refused (the library's message
/// names the line and the key).
pub fn variant_file(path: &Path) -> Result<AnyVariant, String> {
    let shown = path.display();
    // At most the library's bound on a definition (and a byte) is read:
    // `/dev/zero` or a pipe is refused at once, whatever its size says.
    let text = betza::limits::read_text_file(path, betza::limits::MAX_DEFINITION_BYTES)
        .map_err(|e| format!("--variant-file {shown}: {e}"))?;
    AnyVariant::from_definition(&text).map_err(|e| format!("--variant-file {shown}: {e}"))
}
