// Bad input of every kind: each is a JavaScript exception carrying the
// library's message (or ffish.js's false / error code), and the module
// works on afterwards (no panic has killed it).
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import * as betza from "../index.js";

/** Asserts that `f` throws an Error whose message matches `pattern`. */
function throwsWith(f, pattern) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Error, `an Error, not ${typeof e}`);
    assert.match(e.message, pattern);
    return true;
  });
}

describe("bad input", () => {
  it("unknown variants", () => {
    throwsWith(() => new betza.Board("nosuchvariant"), /nosuchvariant/);
    throwsWith(() => betza.startingFen("nosuchvariant"), /nosuchvariant/);
    throwsWith(() => betza.capturesToHand("nosuchvariant"), /nosuchvariant/);
    throwsWith(() => betza.perft("nosuchvariant", 1), /nosuchvariant/);
    throwsWith(() => betza.pieceTypes("nosuchvariant"), /nosuchvariant/);
    throwsWith(() => betza.validateFen("8/8/8/8/8/8/8/8 w - - 0 1", "nosuchvariant"), /nosuchvariant/);
    // is960 names the variant `<name>960`: chess has one, shogi none.
    throwsWith(() => new betza.Board("shogi", undefined, true), /no Chess960 form of shogi/);
  });
  it("bad FENs: an exception naming the field, or ffish.js's code", () => {
    throwsWith(() => new betza.Board("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"), /X/);
    const board = new betza.Board();
    throwsWith(() => board.setFen("not a fen"), /./);
    throwsWith(() => board.setFen("8/8/8/8/8/8/8/8 w - - 0 1"), /./);
    assert.equal(board.fen(), betza.startingFen("chess"));
    const bad = [
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", -6],
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", -10],
      ["rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -8],
      ["rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -8],
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", -4],
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", -2],
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", -1],
      ["rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", -3],
    ];
    for (const [fen, code] of bad) {
      const got = betza.validateFen(fen, "chess");
      assert.ok(got < 0, `${fen}: ${got}`);
      assert.equal(got, code, fen);
      assert.notEqual(betza.fenError(fen, "chess"), "");
    }
    assert.equal(betza.fenError(betza.startingFen("chess"), "chess"), "");
    assert.equal(betza.validateFen("   "), 0);
    board.delete();
  });
  it("illegal and unreadable moves", () => {
    const board = new betza.Board();
    for (const m of ["", "e2e5", "e7e5", "z9z9", "e2", "P@e4", "e2e4e5e6", "\u00e9\u00e9", "e2e4".repeat(1000)]) {
      assert.equal(board.push(m), false, m);
    }
    for (const san of ["", "Nf6", "Ke2", "O-O", "Qxd7#", "e5", "???"]) {
      assert.equal(board.pushSan(san), false, san);
    }
    throwsWith(() => board.sanMove("e2e5"), /./);
    throwsWith(() => board.isCapture("a1a8"), /./);
    throwsWith(() => board.pushMoves("e2e4 e7e4"), /e7e4/);
    assert.equal(board.moveStack(), "e2e4");
    throwsWith(() => board.pushSanMoves("e5 Nf9"), /Nf9/);
    assert.equal(board.variationSan("e7e5 e2e4"), "");
    throwsWith(() => board.sanMove("g1f3", betza.Notation.JANGGI), /notation 6/);
    throwsWith(() => board.pushSan("e5", betza.Notation.LAN), /SAN only/);
    board.delete();
  });
  it("pop at the start", () => {
    const board = new betza.Board();
    throwsWith(() => board.pop(), /empty move stack/);
    board.delete();
  });
  it("bad squares", () => {
    const board = new betza.Board();
    for (const sq of ["", "i1", "a9", "a0", "zz", "a1a"]) {
      throwsWith(() => board.legalMovesFrom(sq), /not a square of the 8x8 board/);
      throwsWith(() => board.pieceAt(sq), /not a square/);
    }
    throwsWith(() => board.movesBetween("a1", "q9"), /not a square/);
    throwsWith(() => board.squareName(8, 0), /off the 8x8 board/);
    board.delete();
  });
  it("bad definitions: the library's message", () => {
    throwsWith(() => betza.loadVariantConfig(""), /./);
    throwsWith(() => betza.loadVariantConfig("name = "), /./);
    throwsWith(() => betza.loadVariantConfig('name = "x"\nfiles = 99\nranks = 8'), /./);
    const chess = betza.variantDefinition("chess");
    throwsWith(() => betza.loadVariantConfig(chess.replace('betza = "N"', 'betza = "N(((("')), /./);
    throwsWith(() => betza.loadVariantConfig(chess.replace(/files = 8/, "files = 27")), /./);
    // Fairy-Stockfish's format: a text that cannot be read at all, a refused section.
    throwsWith(() => betza.loadVariantConfig("[x:chess]\nmaxFile\n"), /section \[x\], line 2: expected `key = value`/);
    throwsWith(() => betza.loadVariantConfig("[x:nosuch]\n"), /section \[x\], line 1.*unknown template `nosuch`/);
    throwsWith(() => betza.loadVariantConfig("[x:chess]\nmaxFile = 27\n"), /section \[x\], line 2, key `maxFile`/);
    throwsWith(() => betza.loadVariantConfig("[x]\n".repeat(1001)), /1000/);
    assert.ok(!betza.variants().split(" ").includes("x"));
  });
  it("bad PGN", () => {
    throwsWith(() => betza.readGamePGN(""), /no game/);
    throwsWith(() => betza.readGamePGN("1. e4 e4 *"), /./);
    throwsWith(() => betza.readGamePGN('[Variant "nosuch"]\n\n1. e4 *'), /nosuch/);
    throwsWith(() => betza.readGamePGN("[Event \"unterminated\n1. e4"), /./);
  });
  it("wrong argument types are refused by the bindings", () => {
    const board = new betza.Board();
    assert.throws(() => board.push(42));
    assert.throws(() => betza.startingFen(null));
    board.delete();
  });
  it("a freed board is refused, not read", () => {
    const board = new betza.Board();
    board.delete();
    assert.throws(() => board.fen());
  });
  after(() => {
    // The module still works after every refusal.
    const board = new betza.Board();
    assert.equal(board.numberLegalMoves(), 20);
    board.delete();
  });
});
