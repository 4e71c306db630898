// Every built-in variant through the package: its start position (the FEN
// and the number of legal moves, checked against the library's perft 1 and
// against Board.legalMovesInfo), and a game of twelve plies played by SAN,
// written to PGN and read back to the same moves and position.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as betza from "../index.js";

const names = betza.variants().split(" ");

describe("every built-in variant", () => {
  it("the list holds the built-ins", () => {
    for (const n of ["chess", "decimaka", "meiriqi", "shogi", "xiangqi", "chushogi", "crazyhouse"]) {
      assert.ok(names.includes(n), n);
    }
    assert.ok(names.length >= 23);
  });

  for (const name of names) {
    it(`${name}: start position, legal moves, a game in SAN and PGN`, () => {
      const board = new betza.Board(name);
      assert.equal(board.variant(), name);
      // The start FEN as the definition gives it (Fairy-Stockfish's form for its variants,
      // `[-] w 0 1`) reads to the position the library writes.
      const fromStart = new betza.Board(name, betza.startingFen(name));
      assert.equal(fromStart.fen(), board.fen());
      fromStart.delete();
      assert.equal(betza.validateFen(board.fen(), name), 1);
      const files = board.files();
      const ranks = board.ranks();
      assert.equal(board.squares().length, files * ranks);
      assert.equal(board.toString().split("\n").length, ranks);
      const types = board.pieceTypes();
      assert.ok(types.length > 0);
      // A royal type exactly when the definition has one (antichess and its kin have none).
      assert.equal(types.some((t) => t.royal), /^royal = true$/m.test(betza.variantDefinition(name)));
      for (const t of types) {
        assert.ok(t.token.length > 0 && t.name.length > 0);
      }
      // Every occupied square holds a token of one of the types.
      const tokens = new Set(types.map((t) => t.token));
      for (const s of board.squares()) {
        if (s !== "") assert.ok(tokens.has(s.toUpperCase()) || tokens.has(s), `${name}: ${s}`);
      }

      const moves = board.legalMoves().split(" ");
      assert.ok(moves.length > 0);
      assert.equal(board.numberLegalMoves(), moves.length);
      assert.equal(board.perft(1), moves.length);
      assert.equal(betza.perft(name, 1), moves.length);
      assert.equal(board.legalMovesSan().split(" ").length, moves.length);
      const info = board.legalMovesInfo();
      assert.deepEqual(info.map((m) => m.uci).sort(), [...moves].sort());
      // The moves of each piece are the legal moves from its square (in a setup phase,
      // placement's and Sittuyin's, every first move is a drop: no piece moves yet).
      const first = info.find((m) => m.drop === undefined);
      if (first) {
        const from = first.from;
        assert.deepEqual(
          board.legalMovesFrom(from).split(" ").sort(),
          info.filter((m) => m.from === from && m.drop === undefined).map((m) => m.uci).sort(),
        );
      } else {
        assert.ok(info.every((m) => m.drop !== undefined), `${name}: only drops`);
      }

      // A game: the middle legal move in SAN, twelve plies (or to its end).
      const played = [];
      for (let ply = 0; ply < 12 && !board.isGameOver(); ply++) {
        const sans = board.legalMovesSan().split(" ");
        const san = sans[Math.floor(sans.length / 2)];
        assert.equal(board.pushSan(san), true, `${name}: ${san}`);
        played.push(san);
      }
      assert.deepEqual(board.sanMoves(), played);
      assert.equal(board.gamePly(), played.length);
      const fen = board.fen();
      const stack = board.moveStack();

      const pgn = board.pgn();
      const game = betza.readGamePGN(pgn);
      assert.equal(game.variant(), name);
      assert.equal(game.mainlineMoves(), stack);
      const again = game.board();
      assert.equal(again.fen(), fen);
      again.delete();
      game.delete();

      // Replayed from the start by move text, then taken back.
      const replay = new betza.Board(name);
      const startFen = replay.fen();
      replay.pushMoves(stack);
      assert.equal(replay.fen(), fen);
      for (let i = 0; i < played.length; i++) replay.pop();
      assert.equal(replay.fen(), startFen);
      replay.delete();
      board.delete();
    });
  }
});
