// Fairy-Stockfish's own ffish.js tests (tests/js/test.js in its repository),
// ported: the cases whose variants the library has (chess, crazyhouse,
// xiangqi), with Fairy-Stockfish's expected values. Cases of variants the
// library lacks (atomic, spartan, shako, janggi, seirawan, 3check-crazyhouse,
// armageddon, sittuyin), of atomic in Chess960 and of ffish.js calls this
// package leaves out (hasInsufficientMaterial, isBikjang, toVerboseString's
// exact text, setOption) are not ported. The PGN files in data/ are
// Fairy-Stockfish's tests/pgn/ game records.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import Module from "../index.js";

const ffish = await Module();
const WHITE = true;
const BLACK = false;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_NF3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const sorted = (moves) => moves.split(" ").sort().join(" ");
// Fairy-Stockfish resets the halfmove clock at every drop; the library, as
// python-chess does, at a Pawn's drop only (the 50-move rule's resets are a
// Pawn move and a capture). In crazyhouse games the clock is left out of
// the comparison.
const withoutClock = (fen) => fen.replace(/ \d+ (\d+)$/, " _ $1");
const data = (name) => readFileSync(new URL(`data/${name}`, import.meta.url), "utf8");

describe("Board constructors", () => {
  it("Board() is chess from its start", () => {
    const board = new ffish.Board();
    assert.equal(board.fen(), START);
    assert.equal(board.is960(), false);
    board.delete();
  });
  it("Board('chess')", () => {
    const board = new ffish.Board("chess");
    assert.equal(board.fen(), START);
    board.delete();
  });
  it("Board('xiangqi'), a larger board", () => {
    const board = new ffish.Board("xiangqi");
    assert.equal(board.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    board.delete();
  });
  it("Board('chess', fen, is960): Chess960 (its castling field in X-FEN, not Shredder-FEN)", () => {
    const fen = "rnknb1rq/pp2ppbp/3p2p1/2p5/4PP2/2N1N1P1/PPPP3P/R1K1BBRQ b KQkq - 1 5";
    const board = new ffish.Board("chess", fen, true);
    assert.equal(board.is960(), true);
    // Fairy-Stockfish writes the rights as the Rooks' files, "GAga"; the library as
    // X-FEN's KQkq, which names the same Rooks (the outermost on each side).
    assert.equal(board.fen(), fen);
    assert.ok(board.legalMoves().split(" ").length > 0);
    board.delete();
  });
  it("Board('crazyhouse', fen) writes the hand in brackets", () => {
    const board = new ffish.Board("crazyhouse", "rnbqkb1r/pp3ppp/5p2/2pp4/8/5N2/PPPP1PPP/RNBQKB1R[Np] w KQkq - 0 5");
    assert.equal(board.fen(), "rnbqkb1r/pp3ppp/5p2/2pp4/8/5N2/PPPP1PPP/RNBQKB1R[Np] w KQkq - 0 5");
    board.delete();
  });
});

describe("legal moves", () => {
  const FEN = "r1b3nr/pppp1kpp/2n5/2b1p3/4P3/2N5/PPPP1PPP/R1B1K1NR[QPbq] w KQ - 0 7";
  it("legalMoves() in crazyhouse, drops included", () => {
    const board = new ffish.Board("crazyhouse", FEN);
    const expected = "a2a3 b2b3 d2d3 f2f3 g2g3 h2h3 a2a4 b2b4 d2d4 f2f4 g2g4 h2h4 c3b1 c3d1 c3e2 c3a4 c3b5 c3d5" +
      " g1e2 g1f3 g1h3 a1b1 P@e2 P@a3 P@b3 P@d3 P@e3 P@f3 P@g3 P@h3 P@a4 P@b4 P@c4 P@d4 P@f4 P@g4 P@h4 P@a5 P@b5" +
      " P@d5 P@f5 P@g5 P@h5 P@a6 P@b6 P@d6 P@e6 P@f6 P@g6 P@h6 P@e7 Q@b1 Q@d1 Q@f1 Q@e2 Q@a3 Q@b3 Q@d3 Q@e3 Q@f3" +
      " Q@g3 Q@h3 Q@a4 Q@b4 Q@c4 Q@d4 Q@f4 Q@g4 Q@h4 Q@a5 Q@b5 Q@d5 Q@f5 Q@g5 Q@h5 Q@a6 Q@b6 Q@d6 Q@e6 Q@f6 Q@g6" +
      " Q@h6 Q@e7 Q@b8 Q@d8 Q@e8 Q@f8 e1d1 e1f1 e1e2";
    assert.equal(sorted(board.legalMoves()), sorted(expected));
    board.delete();
  });
  it("legalMovesSan() in crazyhouse", () => {
    const board = new ffish.Board("crazyhouse", FEN);
    const expected = "a3 b3 d3 f3 g3 h3 a4 b4 d4 f4 g4 h4 Nb1 Nd1 Nce2 Na4 Nb5 Nd5 Nge2 Nf3 Nh3 Rb1 P@e2 P@a3" +
      " P@b3 P@d3 P@e3 P@f3 P@g3 P@h3 P@a4 P@b4 P@c4 P@d4 P@f4 P@g4 P@h4 P@a5 P@b5 P@d5 P@f5 P@g5 P@h5 P@a6 P@b6" +
      " P@d6 P@e6+ P@f6 P@g6+ P@h6 P@e7 Q@b1 Q@d1 Q@f1 Q@e2 Q@a3 Q@b3+ Q@d3 Q@e3 Q@f3+ Q@g3 Q@h3 Q@a4 Q@b4 Q@c4+" +
      " Q@d4 Q@f4+ Q@g4 Q@h4 Q@a5 Q@b5 Q@d5+ Q@f5+ Q@g5 Q@h5+ Q@a6 Q@b6 Q@d6 Q@e6+ Q@f6+ Q@g6+ Q@h6 Q@e7+ Q@b8" +
      " Q@d8 Q@e8+ Q@f8+ Kd1 Kf1 Ke2";
    assert.equal(sorted(board.legalMovesSan()), sorted(expected));
    board.delete();
  });
  it("numberLegalMoves() in crazyhouse", () => {
    const board = new ffish.Board("crazyhouse", FEN);
    assert.equal(board.numberLegalMoves(), 90);
    board.delete();
  });
});

describe("push, pushSan, pop, reset", () => {
  it("push(uciMove); an illegal move is refused with false", () => {
    const board = new ffish.Board();
    board.push("e2e4");
    board.push("e7e5");
    board.push("g1f3");
    assert.equal(board.fen(), AFTER_NF3);
    assert.equal(board.push("q2q7"), false);
    assert.equal(board.fen(), AFTER_NF3);
    board.delete();
  });
  it("pushSan(sanMove) with and without a notation", () => {
    const board = new ffish.Board();
    board.pushSan("e4");
    board.pushSan("e5", ffish.Notation.SAN);
    board.pushSan("Nf3");
    assert.equal(board.fen(), AFTER_NF3);
    assert.equal(board.pushSan("Nf3"), false);
    assert.equal(board.fen(), AFTER_NF3);
    board.delete();
  });
  it("pop()", () => {
    const board = new ffish.Board();
    board.push("e2e4");
    board.push("e7e5");
    board.pop();
    board.push("e7e5");
    board.push("g1f3");
    board.push("b8c6");
    board.push("f1b5");
    board.pop();
    board.pop();
    assert.equal(board.fen(), AFTER_NF3);
    board.delete();
  });
  it("reset()", () => {
    const board = new ffish.Board();
    board.pushSanMoves("e4 e5 Nf3");
    board.reset();
    assert.equal(board.fen(), START);
    board.delete();
  });
  it("setFen(fen)", () => {
    const board = new ffish.Board();
    board.setFen("r1bqkbnr/ppp2ppp/2np4/1B6/3NP3/8/PPP2PPP/RNBQK2R b KQkq - 0 5");
    assert.equal(board.fen(), "r1bqkbnr/ppp2ppp/2np4/1B6/3NP3/8/PPP2PPP/RNBQK2R b KQkq - 0 5");
    board.delete();
  });
  it("pushMoves and pushSanMoves", () => {
    const a = new ffish.Board();
    a.pushMoves("e2e4 e7e5 g1f3");
    assert.equal(a.fen(), AFTER_NF3);
    const b = new ffish.Board();
    b.pushSanMoves("e4 e5 Nf3", ffish.Notation.SAN);
    assert.equal(b.fen(), AFTER_NF3);
    a.delete();
    b.delete();
  });
});

describe("notation", () => {
  it("sanMove(uciMove) and its notations", () => {
    const board = new ffish.Board();
    assert.equal(board.sanMove("g1f3"), "Nf3");
    assert.equal(board.sanMove("g1f3", ffish.Notation.DEFAULT), "Nf3");
    assert.equal(board.sanMove("g1f3", ffish.Notation.SAN), "Nf3");
    assert.equal(board.sanMove("g1f3", ffish.Notation.LAN), "Ng1-f3");
    board.delete();
  });
  it("variationSan(uciMoves[, notation[, moveNumbers]])", () => {
    const board = new ffish.Board();
    board.push("e2e4");
    assert.equal(board.variationSan("e7e5 g1f3 b8c6 f1c4"), "1...e5 2. Nf3 Nc6 3. Bc4");
    assert.equal(board.variationSan("e7e5 g1f3 b8c6 f1c7"), "");
    assert.equal(board.variationSan("e7e5 g1f3 b8c6 f1c4", ffish.Notation.LAN), "1...e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4");
    assert.equal(board.variationSan("e7e5 g1f3 b8c6 f1c4", ffish.Notation.SAN, false), "e5 Nf3 Nc6 Bc4");
    assert.equal(board.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    board.delete();
  });
});

describe("counters", () => {
  it("turn()", () => {
    const board = new ffish.Board();
    assert.equal(board.turn(), WHITE);
    board.push("e2e4");
    assert.equal(board.turn(), BLACK);
    board.delete();
  });
  it("fullmoveNumber(), halfmoveClock(), gamePly()", () => {
    const board = new ffish.Board();
    assert.equal(board.fullmoveNumber(), 1);
    assert.equal(board.halfmoveClock(), 0);
    assert.equal(board.gamePly(), 0);
    board.push("e2e4");
    assert.equal(board.fullmoveNumber(), 1);
    assert.equal(board.gamePly(), 1);
    board.push("e7e5");
    assert.equal(board.halfmoveClock(), 0);
    board.push("g1f3");
    board.push("g8f6");
    assert.equal(board.halfmoveClock(), 2);
    board.push("f3e5");
    assert.equal(board.halfmoveClock(), 0);
    assert.equal(board.fullmoveNumber(), 3);
    assert.equal(board.gamePly(), 5);
    board.delete();
  });
});

describe("game end", () => {
  it("isInsufficientMaterial()", () => {
    const board = new ffish.Board();
    assert.equal(board.isInsufficientMaterial(), false);
    board.setFen("8/5k2/8/8/8/2K5/6R1/8 w - - 0 1");
    assert.equal(board.isInsufficientMaterial(), false);
    board.setFen("8/5k2/8/8/8/2K5/6q1/8 w - - 0 1");
    assert.equal(board.isInsufficientMaterial(), false);
    board.setFen("8/5k2/8/8/8/2K5/6B1/8 w - - 0 1");
    assert.equal(board.isInsufficientMaterial(), true);
    board.delete();
  });
  it("isGameOver([claimDraw])", () => {
    const board = new ffish.Board();
    assert.equal(board.isGameOver(), false);
    board.setFen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    board.pushSan("Qxf7#");
    assert.equal(board.isGameOver(), true);
    board.setFen("3Rk3/8/8/8/8/8/2N5/3K4 b - - 0 1");
    assert.equal(board.isGameOver(), false);
    board.pushSan("Kxd8");
    assert.equal(board.isGameOver(), true);
    board.reset();
    board.pushSanMoves("Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1");
    assert.equal(board.isGameOver(false), false);
    assert.equal(board.isGameOver(true), false);
    board.pushSan("Nb8");
    assert.equal(board.isGameOver(false), false);
    assert.equal(board.isGameOver(true), true);
    board.delete();
  });
  it("result([claimDraw])", () => {
    const board = new ffish.Board();
    assert.equal(board.result(), "*");
    board.pushSanMoves("e4 e5 Bc4 Nc6 Qh5 Nf6");
    assert.equal(board.result(), "*");
    board.pushSan("Qxf7#");
    assert.equal(board.result(), "1-0");
    board.reset();
    board.pushSanMoves("f3 e5 g4");
    assert.equal(board.result(), "*");
    board.pushSan("Qh4#");
    assert.equal(board.result(), "0-1");
    board.setFen("2Q2bnr/4p1pq/5pkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR w KQ - 1 10");
    assert.equal(board.result(), "*");
    board.pushSan("Qe6");
    assert.equal(board.result(), "1/2-1/2");
    board.reset();
    board.pushSanMoves("Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1");
    assert.equal(board.result(false), "*");
    assert.equal(board.result(true), "*");
    board.pushSan("Nb8");
    assert.equal(board.result(false), "*");
    assert.equal(board.result(true), "1/2-1/2");
    board.setFen("rnbqkbn1/ppppppp1/6r1/7p/2R4P/8/PPPPPPP1/RNBQKBN1 b Qq - 99 51");
    assert.equal(board.result(false), "*");
    assert.equal(board.result(true), "*");
    board.pushSan("Rh6");
    assert.equal(board.result(false), "*");
    assert.equal(board.result(true), "1/2-1/2");
    board.setFen("3Rk3/8/8/8/8/8/2N5/3K4 b - - 0 1");
    assert.equal(board.result(), "*");
    board.pushSan("Kxd8");
    assert.equal(board.result(), "1/2-1/2");
    board.delete();
  });
  it("checkedPieces() and isCheck()", () => {
    const board = new ffish.Board();
    assert.equal(board.checkedPieces(), "");
    assert.equal(board.isCheck(), false);
    board.setFen("rnbqkb1r/pppp1Bpp/5n2/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 3");
    assert.equal(board.checkedPieces(), "e8");
    assert.equal(board.isCheck(), true);
    board.setFen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    board.pushSan("Qxf7#");
    assert.equal(board.checkedPieces(), "e8");
    assert.equal(board.isCheck(), true);
    board.delete();
  });
  it("isCapture(move), en passant included", () => {
    const board = new ffish.Board();
    assert.equal(board.isCapture("e2e4"), false);
    board.pushMoves("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5");
    assert.equal(board.isCapture("e1g1"), false);
    board.reset();
    board.pushMoves("e2e4 g8f6 e4e5 d7d5");
    assert.equal(board.isCapture("e5f6"), true);
    assert.equal(board.isCapture("e5d6"), true);
    board.delete();
  });
});

describe("state as text", () => {
  it("moveStack()", () => {
    const board = new ffish.Board();
    board.push("e2e4");
    board.push("e7e5");
    board.push("g1f3");
    assert.equal(board.moveStack(), "e2e4 e7e5 g1f3");
    board.setFen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    board.pushSan("Qxf7#");
    assert.equal(board.moveStack(), "h5f7");
    board.delete();
  });
  it("pocket(turn): lowercase tokens", () => {
    const board = new ffish.Board("crazyhouse", "rnb1kbnr/ppp1pppp/8/8/8/5q2/PPPP1PPP/RNBQKB1R[Pnp] w KQkq - 0 4");
    assert.equal(board.pocket(WHITE), "p");
    assert.equal(board.pocket(BLACK), "np");
    board.delete();
  });
  it("toString()", () => {
    const board = new ffish.Board("chess", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert.equal(board.toString(), [
      "r n b . k b n r",
      "p p p . p p p p",
      ". . . . . . . .",
      ". . . q . . . .",
      ". . . . . . . .",
      ". . . . . . . .",
      "P P P P . P P P",
      "R N B Q K B N R",
    ].join("\n"));
    board.delete();
    const xiangqi = new ffish.Board("xiangqi");
    assert.equal(xiangqi.toString(), [
      "r n b a k a b n r",
      ". . . . . . . . .",
      ". c . . . . . c .",
      "p . p . p . p . p",
      ". . . . . . . . .",
      ". . . . . . . . .",
      "P . P . P . P . P",
      ". C . . . . . C .",
      ". . . . . . . . .",
      "R N B A K A B N R",
    ].join("\n"));
    xiangqi.delete();
  });
  it("variant(): chess's other names", () => {
    for (const name of ["chess", "", "standard", "Standard"]) {
      const board = new ffish.Board(name);
      assert.equal(board.variant(), "chess");
      board.delete();
    }
    const atomic = new ffish.Board("atomic");
    assert.equal(atomic.variant(), "atomic");
    atomic.delete();
  });
});

describe("module functions", () => {
  it("info()", () => {
    assert.equal(typeof ffish.info(), "string");
  });
  it("capturesToHand(variant)", () => {
    assert.equal(ffish.capturesToHand("chess"), false);
    assert.equal(ffish.capturesToHand("crazyhouse"), true);
  });
  it("startingFen(variant)", () => {
    assert.equal(ffish.startingFen("chess"), START);
  });
  it("validateFen(fen)", () => {
    assert.equal(ffish.validateFen(START), 1);
    assert.equal(ffish.validateFen("6k1/R7/2p4p/2P2p1P/PPb2Bp1/2P1K1P1/5r2/8 b - - 4 39"), 1);
    assert.equal(ffish.validateFen("", "chess"), 0);
  });
  it("validateFen(fen, v, chess960): Shredder-FEN castling rights", () => {
    // Written King's side first, the library reads them; Fairy-Stockfish's
    // own cases (below) write the Queen's side first.
    assert.equal(ffish.validateFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "chess", true), 1);
    assert.equal(ffish.validateFen("nrbqbkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQBKRN w GBgb - 0 1", "chess", true), 1);
  });
  it("validateFen(fen, v, chess960): Fairy-Stockfish's cases", () => {
    assert.equal(ffish.validateFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1", "chess", true), 1);
    assert.equal(ffish.validateFen("nrbqbkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQBKRN w BGbg - 0 1", "chess", true), 1);
  });
  it("validateFen(startingFen(v), v) and of a new board, for every variant", () => {
    for (const v of ffish.variants().split(" ")) {
      assert.equal(ffish.validateFen(ffish.startingFen(v), v), 1, v);
      const board = new ffish.Board(v);
      assert.equal(ffish.validateFen(board.fen(), v), 1, v);
      board.delete();
    }
  });
  it("variants()", () => {
    const names = ffish.variants().split(" ");
    assert.ok(names.includes("chess"));
    assert.ok(names.includes("crazyhouse"));
  });
});

describe("readGamePGN(pgn)", () => {
  const games = [
    ["deep_blue_kasparov_1997.pgn", "1r6/5kp1/RqQb1p1p/1p1PpP2/1Pp1B3/2P4P/6P1/5K2 b - - 14 45"],
    ["lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn",
      "3r2kr/2pb1Q2/4ppp1/3pN2p/1P1P4/3PbP2/P1P3PP/6NK[PPqrrbbnn] b - - 0 37"],
    ["c60_ruy_lopez.pgn", "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"],
  ];
  for (const [file, expected] of games) {
    it(`replays ${file} move by move to Fairy-Stockfish's FEN`, () => {
      const game = ffish.readGamePGN(data(file));
      const variant = (game.headers("Variant") || "chess").toLowerCase();
      const board = new ffish.Board(variant, game.headers("FEN"));
      for (const m of game.mainlineMoves().split(" ")) {
        assert.equal(board.push(m), true, m);
        assert.equal(ffish.validateFen(board.fen(), variant), 1);
      }
      const drops = variant === "crazyhouse";
      assert.equal(drops ? withoutClock(board.fen()) : board.fen(), drops ? withoutClock(expected) : expected);
      board.delete();
      game.delete();
    });
  }
  it("headerKeys() lists every tag", () => {
    const game = ffish.readGamePGN(data("lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn"));
    const expected = "Annotator Termination Variant ECO WhiteTitle BlackRatingDiff UTCTime Result WhiteElo Black " +
      "UTCDate TimeControl BlackElo Event WhiteRatingDiff BlackTitle White Date Opening Site";
    assert.equal(sorted(game.headerKeys()), sorted(expected));
    assert.equal(game.headers("White"), "JannLee");
    assert.equal(game.headers("Black"), "CrazyAra");
    game.delete();
  });
  it("mainlineMoves() in move text", () => {
    const game = ffish.readGamePGN(data("lichess_pgn_2018.12.21_JannLee_vs_CrazyAra.j9eQS4TF.pgn"));
    assert.equal(game.mainlineMoves(), "e2e4 b8c6 b1c3 g8f6 d2d4 d7d5 e4e5 f6e4 f1b5 a7a6 b5c6 b7c6 g1e2 c8f5 " +
      "e1g1 e7e6 f2f3 e4c3 b2c3 h7h5 N@e3 N@h4 N@a5 B@d7 e3f5 h4f5 B@b7 N@e3 a5c6 e3d1 c6d8 a8d8 f1d1 Q@b5 " +
      "b7a6 b5a6 P@d3 N@e3 c1e3 f5e3 P@d6 e3d1 a1d1 B@e3 g1h1 f8d6 e5d6 a6d6 B@b4 d6b4 c3b4 P@f2 Q@f1 R@g1 " +
      "f1g1 f2g1q d1g1 P@f2 N@g6 f2g1q e2g1 Q@e7 Q@d6 f7g6 d6e7 e8e7 R@f7 e7f7 N@e5 f7g8 N@f6 g7f6 Q@f7");
    game.delete();
  });
});
