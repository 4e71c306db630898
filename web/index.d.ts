// The npm package `betza`: the bindings that wasm-bindgen declares in
// pkg/betza.d.ts (built by tools/build-web), loaded on import.
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
import * as bindings from "./pkg/betza.js";

/** A legal move with what a GUI needs to show it. */
export interface MoveInfo {
  /** The move text (`e2e4`, `e7e8q`, `P@e5`, `d4d5e6`): what `push` takes. */
  uci: string;
  /** The move in SAN. */
  san: string;
  /** The square the piece leaves (for a drop, the drop square). */
  from: string;
  /** The square it lands on (for castling, the King's). */
  to: string;
  /** The square captured on the way (a Lion's first step). */
  via?: string;
  /** The token of the type it becomes. */
  promotion?: string;
  /** The token of the type dropped from the hand. */
  drop?: string;
  /** Whether it captures (on its destination or on the way). */
  capture: boolean;
}

/** A section of a Fairy-Stockfish configuration that was not loaded. */
export interface RefusedSection {
  /** The section's name (the variant's). */
  section: string;
  /** The 1-based line at fault, `null` when none is named. */
  line: number | null;
  /** The key at fault, `null` when none is named. */
  key: string | null;
  /** The library's message, naming the section, line and key. */
  message: string;
}

/** What `loadVariantConfig` throws when it refused sections of an ini text. */
export interface ConfigError extends Error {
  /** The names of the variants it loaded all the same. */
  loaded: string[];
  /** Each section refused. */
  refused: RefusedSection[];
}

/**
 * Loads configuration text: the library's TOML definition or
 * Fairy-Stockfish's `variants.ini` format. Returns the names loaded, joined
 * by spaces. Throws an `Error` when nothing can be read, and a
 * {@link ConfigError} after loading the rest when sections are refused.
 */
export function loadVariantConfig(text: string): string;

declare module "./pkg/betza.js" {
  interface Board {
    /** Every legal move as a plain object (parsed from `legalMovesJson()`). */
    legalMovesInfo(): MoveInfo[];
  }
}

/** ffish.js's loader: resolves to the module's bindings. */
export default function Module(): Promise<typeof bindings>;
