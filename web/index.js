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
  loadVariantConfig,
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

/** ffish.js's loader: resolves to the module's bindings. */
export default async function Module() {
  return bindings;
}
