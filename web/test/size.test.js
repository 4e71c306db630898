// The module's size (issue 38 item 5; docs/web.md, "Size"): a ceiling, so
// that the WebAssembly module cannot grow back unnoticed. The goal
// is 1 MB after wasm-opt; the module was not there at first (1,997,650 bytes when
// this test was written, from 3,200,666 before the move generator's copies
// per caller were folded), so the ceiling is the size reached, with room for
// a few more built-in variants. The next merge (twelve variants, the lichess
// variants' fast paths) brought it to 2,285,577 bytes; compiling every board
// past 128 squares for the library's Huge board type only (no Large) brought
// it to 1,751,574; perft of those boards by playing each move (not the
// library's four copies of the generator for Huge), 1,598,943; the merge of
// Micro, Sho and Petrified and the configuration format's new keys,
// 1,657,522; the definitions read without serde's derived code (one
// deserializer of our own, then none), 1,364,732; perft of small boards
// compiled for speed (web/perft, opt-level 2: issue 38's speed goal) and
// SIMD, 1,385,447 after the merge; the built-in texts stored compressed,
// Huge compiled for size, smaller readers and a TOML parser of our own,
// 1,054,575; the Fairy-Stockfish reader, the definition reader and writer and
// the code compiled per board type made smaller, and wasm-opt's
// --low-memory-unused, 994,509. The ceiling is now the goal itself.
import { it } from "node:test";
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CEILING = 1_000_000;

it(`betza_bg.wasm is at most ${CEILING} bytes`, () => {
  const wasm = fileURLToPath(new URL("../pkg/betza_bg.wasm", import.meta.url));
  const bytes = statSync(wasm).size;
  assert.ok(bytes <= CEILING, `web/pkg/betza_bg.wasm is ${bytes} bytes, over ${CEILING}`);
});
