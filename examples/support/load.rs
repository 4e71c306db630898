//! Reading a variant definition file (`--variant-file FILE`) for the
//! `perft`, `play` and `xboard` examples.

use std::path::Path;

use betza::AnyVariant;

/// The largest definition file read (the library's own bound on a definition).
const MAX_BYTES: u64 = 64 * 1024;

/// The variant defined in the file at `path`, on the board type its size
/// needs ([`AnyVariant::from_definition`]: past 128 squares or 20 piece
/// types a large one), or what is wrong, naming the file: it cannot be
/// read, is too large, or the definition is refused (the library's message
/// names the line and the key).
pub fn variant_file(path: &Path) -> Result<AnyVariant, String> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("--variant-file {shown}: {e}"))?
        .len();
    if size > MAX_BYTES {
        return Err(format!(
            "--variant-file {shown}: {size} bytes; a definition has at most {MAX_BYTES}"
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("--variant-file {shown}: {e}"))?;
    AnyVariant::from_definition(&text).map_err(|e| format!("--variant-file {shown}: {e}"))
}
