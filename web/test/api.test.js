// Every call of the package beyond ffish.js's ported tests: the GUI's calls
// (moves of one piece, promotion choices, drops, a Lion's double capture,
// the outcome with its rule, board size, tokens and names, perft), a
// variant defined at run time, PGN out and the loader.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import Module, * as betza from "../index.js";

describe("the loader", () => {
  it("Module() resolves to the same bindings as the named exports", async () => {
    const m = await Module();
    assert.equal(m.Board, betza.Board);
    assert.equal(m.variants(), betza.variants());
    assert.match(betza.info(), /^betza \d+\.\d+\.\d+/);
  });
  it("Notation holds ffish.js's values", () => {
    assert.equal(betza.Notation.DEFAULT, 0);
    assert.equal(betza.Notation.SAN, 1);
    assert.equal(betza.Notation.LAN, 2);
    assert.equal(betza.Notation.XIANGQI_WXF, 7);
  });
});

describe("Board(variant, fen, is960)", () => {
  it("is960 picks the variant named <variant>960", () => {
    const board = new betza.Board("chess", undefined, true);
    assert.equal(board.variant(), "chess960");
    assert.equal(board.is960(), true);
    board.delete();
  });
});

describe("a GUI's calls", () => {
  it("board size, squares, tokens and names", () => {
    const board = new betza.Board("meiriqi");
    assert.equal(board.files(), 10);
    assert.equal(board.ranks(), 10);
    assert.equal(board.squareName(0, 0), "a1");
    assert.equal(board.squareName(9, 9), "j10");
    const squares = board.squares();
    assert.equal(squares.length, 100);
    assert.equal(squares[0], board.pieceAt("a1"));
    assert.equal(board.pieceAt("e5"), "");
    const types = betza.pieceTypes("chess");
    assert.deepEqual(types.map((t) => t.token), ["K", "Q", "R", "B", "N", "P"]);
    assert.equal(types[4].name, "Knight");
    assert.equal(types[4].betza, "N");
    assert.ok(types[0].royal);
    assert.ok(types[4].description.length > 0);
    board.delete();
  });
  it("legalMovesFrom(square): the moves of one piece", () => {
    const board = new betza.Board("chess");
    assert.equal(board.legalMovesFrom("g1").split(" ").sort().join(" "), "g1f3 g1h3");
    assert.equal(board.legalMovesFrom("e4"), "");
    assert.equal(board.legalMovesFrom("e8"), "");
    board.delete();
  });
  it("promotion choices: movesBetween and legalMovesInfo", () => {
    const board = new betza.Board("chess", "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert.deepEqual(board.movesBetween("a7", "a8").split(" ").sort(), ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    const promos = board.legalMovesInfo().filter((m) => m.from === "a7");
    assert.deepEqual(promos.map((m) => m.promotion).sort(), ["B", "N", "Q", "R"]);
    assert.ok(promos.every((m) => m.to === "a8" && m.drop === undefined && m.via === undefined));
    assert.equal(board.sanMove("a7a8q"), "a8=Q");
    assert.equal(board.push("a7a8n"), true);
    assert.equal(board.pieceAt("a8"), "N");
    board.delete();
  });
  it("shogi: a capture goes to the hand and is dropped back", () => {
    const board = new betza.Board("shogi");
    assert.equal(betza.capturesToHand("shogi"), true);
    board.pushMoves("c3c4 g7g6");
    // The Bishop takes the Bishop: promote or not, both offered.
    const choices = board.movesBetween("b2", "h8").split(" ");
    assert.equal(choices.length, 2);
    assert.equal(board.push(choices.find((m) => m.endsWith("+"))), true);
    assert.deepEqual(board.hand(true), ["B"]);
    assert.equal(board.pocket(true), "b");
    board.pushMoves("g9h8");
    assert.deepEqual(board.hand(false), ["B"]);
    const drops = board.legalMovesInfo().filter((m) => m.drop === "B");
    assert.ok(drops.length > 40);
    const e5 = drops.find((m) => m.to === "e5");
    assert.equal(e5.from, "e5");
    assert.equal(board.push(e5.uci), true);
    assert.equal(board.pieceAt("e5"), "B");
    assert.deepEqual(board.hand(true), []);
    board.delete();
  });
  it("Chu Shogi (12x12): a Lion's double capture, with the square on the way", () => {
    const board = new betza.Board("chushogi", "11k/12/12/12/12/12/5p6/5p6/5N6/12/12/K11 w - - 0 1");
    assert.equal(board.files(), 12);
    const info = board.legalMovesInfo().filter((m) => m.from === "f4" && m.via === "f5");
    const double = info.find((m) => m.to === "f6");
    assert.ok(double, "f4xf5xf6 is legal");
    assert.equal(double.capture, true);
    assert.equal(board.push(double.uci), true);
    assert.equal(board.pieceAt("f5"), "");
    assert.equal(board.pieceAt("f6"), "N");
    assert.equal(board.moveStack(), double.uci);
    board.delete();
  });
  it("outcome with its rule", () => {
    const board = new betza.Board();
    assert.equal(board.outcome(), undefined);
    board.pushSanMoves("f3 e5 g4 Qh4#");
    const o = board.outcome();
    assert.equal(o.winner, false);
    assert.equal(o.termination, "checkmate");
    assert.equal(o.result, "0-1");
    board.setFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert.equal(board.outcome().termination, "stalemate");
    assert.equal(board.outcome().winner, undefined);
    board.reset();
    board.pushSanMoves("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert.equal(board.outcome(), undefined);
    assert.equal(board.outcome(true).termination, "threefold repetition");
    board.delete();
  });
  it("perft: chess from the start and Kiwipete", () => {
    assert.equal(betza.perft("chess", 3), 8902);
    const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert.equal(betza.perft("chess", 2, kiwipete), 2039);
    const board = new betza.Board("chess", kiwipete);
    assert.equal(board.perft(2), 2039);
    board.delete();
  });
  it("perft on a board past 128 squares (counted by playing each move): Chu Shogi", () => {
    // The library's counts (tests/chushogi.rs; perft 3 by examples/perft.rs).
    assert.equal(betza.perft("chushogi", 2), 1296);
    assert.equal(betza.perft("chushogi", 3), 52599);
    const board = new betza.Board("chushogi", "11k/12/12/12/12/12/5p6/5p6/5N6/12/12/K11 w - - 0 1");
    assert.equal(board.perft(1), board.numberLegalMoves());
    board.delete();
  });
  it("PGN out, read back", () => {
    const board = new betza.Board();
    board.pushSanMoves("e4 e5 Nf3 Nc6 Bb5");
    const pgn = board.pgn();
    assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5/);
    const game = betza.readGamePGN(pgn);
    assert.equal(game.mainlineMoves(), "e2e4 e7e5 g1f3 b8c6 f1b5");
    assert.equal(game.board().fen(), board.fen());
    board.delete();
    game.delete();
  });
  it("copy, toVerboseString, variantDefinition", () => {
    const board = new betza.Board();
    board.push("e2e4");
    const copy = board.copy();
    copy.push("e7e5");
    assert.equal(board.moveStack(), "e2e4");
    assert.equal(copy.moveStack(), "e2e4 e7e5");
    assert.match(board.toVerboseString(), /Fen: rnbqkbnr\/pppppppp\/8\/8\/4P3/);
    assert.match(board.variantDefinition(), /name = "chess"/);
    assert.equal(betza.variantDefinition("chess"), board.variantDefinition());
    board.delete();
    copy.delete();
  });
});

describe("a variant defined at run time", () => {
  const text = betza.variantDefinition("chess")
    .replace('name = "chess"', 'name = "knightmare"')
    .replace(/(name = "Bishop"\s*\ntoken = "B"\s*\nbetza = )"B"/, '$1"BN"')
    // Its Bishops reach both colours now: no longer dead material alone.
    .replace(/dead-color-bound = \["B"\]\n/, "");
  it("loadVariantConfig makes it known by name", () => {
    assert.notEqual(text, betza.variantDefinition("chess"));
    assert.equal(betza.loadVariantConfig(text), "knightmare");
    assert.ok(betza.variants().split(" ").includes("knightmare"));
    assert.equal(betza.startingFen("knightmare"), betza.startingFen("chess"));
    const board = new betza.Board("knightmare");
    assert.equal(board.variant(), "knightmare");
    assert.equal(board.pieceTypes().find((t) => t.token === "B").betza, "BN");
    // Its Bishops leap as Knights too: c1b3, c1d3, f1e3 and f1g3 from the start.
    assert.ok(board.legalMovesFrom("c1").split(" ").includes("c1b3"));
    assert.equal(board.perft(1), 20 + 2 * 2);
    board.delete();
  });
  it("loading it again replaces it", () => {
    assert.equal(betza.loadVariantConfig(text), "knightmare");
    assert.equal(betza.variants().split(" ").filter((n) => n === "knightmare").length, 1);
  });
});

describe("Fairy-Stockfish's configuration format (variants.ini)", () => {
  // A variant the library reads, one it has no rule for (line 12) and one with
  // an unknown key (line 15); sections inherit from earlier ones or from
  // Fairy-Stockfish's built-in variants.
  const ini = [
    "# from a variants.ini",
    "[minichess-fsf:chess]",
    "maxFile = 6",
    "maxRank = 6",
    "startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
    "doubleStep = false",
    "castling = false",
    "bishop = -",
    "promotionPieceTypes = qrn",
    "[blast-fsf:chess]",
    "",
    "blastOnCapture = true",
    "[typo-fsf:minichess-fsf]",
    "maxFile = 6",
    "fooBar = 1",
    "[knightless-fsf:minichess-fsf]",
    "knight = -",
    "promotionPieceTypes = qr",
    "startFen = rq1kr1/pppppp/6/6/PPPPPP/RQ1KR1 w - - 0 1",
  ].join("\n");

  it("loads the sections it can, then throws naming each refused one", () => {
    let thrown;
    try {
      betza.loadVariantConfig(ini);
    } catch (e) {
      thrown = e;
    }
    assert.ok(thrown instanceof Error, "it throws");
    assert.equal(
      thrown.message,
      "2 sections of the configuration refused (loaded: minichess-fsf knightless-fsf); " +
        "section [blast-fsf], line 12, key `blastOnCapture`: true with a king: Fairy-Stockfish's explosions take a commoner King (king = -, commoner = k) made royal by extinctionPseudoRoyal; " +
        "section [typo-fsf], line 15, key `fooBar`: not a Fairy-Stockfish option",
    );
    assert.deepEqual(thrown.loaded, ["minichess-fsf", "knightless-fsf"]);
    assert.deepEqual(
      thrown.refused.map((r) => [r.section, r.line, r.key]),
      [
        ["blast-fsf", 12, "blastOnCapture"],
        ["typo-fsf", 15, "fooBar"],
      ],
    );
    assert.match(thrown.refused[1].message, /^section \[typo-fsf\], line 15, key `fooBar`/);
    // The good sections were loaded all the same; the refused ones were not.
    const names = betza.variants().split(" ");
    assert.ok(names.includes("minichess-fsf") && names.includes("knightless-fsf"));
    assert.ok(!names.includes("blast-fsf") && !names.includes("typo-fsf"));
    assert.equal(betza.startingFen("minichess-fsf"), "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1");
    // Minichess's perft as the library's documentation of its reader gives it.
    assert.equal(betza.perft("minichess-fsf", 5), 191846);
    const board = new betza.Board("knightless-fsf");
    assert.equal(board.files(), 6);
    assert.ok(!board.pieceTypes().some((t) => t.token === "N"));
    board.pushSan("b3");
    assert.equal(board.fen(), "rq1kr1/pppppp/6/1P4/P1PPPP/RQ1KR1 b - - 0 1");
    board.delete();
  });

  it("returns the names when every section is read", () => {
    const text = "[gardner-fsf:chess]\nmaxFile = 5\nmaxRank = 5\n" +
      "startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ndoubleStep = false\ncastling = false\n";
    assert.equal(betza.loadVariantConfig(text), "gardner-fsf");
    assert.equal(betza.startingFen("gardner-fsf"), "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1");
    // The same rules as Fairy-Stockfish's `gardner`, which the library has built in.
    assert.equal(betza.perft("gardner-fsf", 1), 7); // five Pawns' steps, two Knight moves
    assert.equal(betza.perft("gardner-fsf", 3), betza.perft("gardner", 3));
  });

  it("a section of the same name replaces the one loaded", () => {
    betza.loadVariantConfig("[gardner-fsf:chess]\nmaxFile = 5\nmaxRank = 5\n" +
      "startFen = knbqr/ppppp/5/PPPPP/KNBQR w - - 0 1\ndoubleStep = false\ncastling = false\n");
    assert.equal(betza.startingFen("gardner-fsf"), "knbqr/ppppp/5/PPPPP/KNBQR w - - 0 1");
    assert.equal(betza.variants().split(" ").filter((n) => n === "gardner-fsf").length, 1);
  });
});
