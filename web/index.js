// The npm package `betza`: loads the WebAssembly module once (in Node from
// the file beside this one, in a browser with fetch) and exports the
// bindings (ffish.js's interface, docs/web.md). An ES module with a
// top-level await: `import * as betza from "betza"` is ready to use.
// `Module()` (the default export) resolves to the same bindings, as
// ffish.js's loader does.
import init, * as bindings from "./pkg/betza.js";

const wasmUrl = new URL("./pkg/betza_bg.wasm", import.meta.url);
const inNode = typeof process !== "undefined" && !!process.versions?.node;
if (inNode && wasmUrl.protocol === "file:") {
  // Node's fetch reads no file: URLs.
  const { readFile } = await import("node:fs/promises");
  await init({ module_or_path: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

export {
  Board,
  Game,
  Notation,
  Outcome,
  PieceInfo,
  capturesToHand,
  fenError,
  info,
  memoryBytes,
  perft,
  pieceTypes,
  readGamePGN,
  startingFen,
  validateFen,
  variantDefinition,
  variants,
} from "./pkg/betza.js";

/**
 * Every legal move as a plain object: `uci` (what `push` takes), `san`,
 * `from`, `to`, `via` (the square captured on the way: a Lion's first
 * step), `promotion` and `drop` (tokens), `capture`.
 */
bindings.Board.prototype.legalMovesInfo = function legalMovesInfo() {
  return JSON.parse(this.legalMovesJson());
};

/**
 * Loads configuration text, as ffish.js's `loadVariantConfig`: the library's
 * TOML definition (one variant) or Fairy-Stockfish's `variants.ini` format
 * (every section the library can express). Each variant read is known by its
 * name from then on. Returns the names loaded, joined by spaces. Throws an
 * `Error` with the library's message when nothing can be read; when some
 * sections of an ini text are refused, the others are loaded first and then
 * an `Error` names each refused one (section, line, key), with `loaded`
 * (names) and `refused` (`{ section, line, key, message }`) on it.
 */
export function loadVariantConfig(text) {
  const report = JSON.parse(bindings.loadVariantConfigJson(text));
  if (report.refused.length > 0) {
    const error = new Error(report.error);
    error.loaded = report.loaded;
    error.refused = report.refused;
    throw error;
  }
  return report.loaded.join(" ");
}

/** ffish.js's loader: resolves to the module's bindings. */
export default async function Module() {
  return bindings;
}
