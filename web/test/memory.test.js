// Memory: 10,000 boards created, played on and freed leave the module's
// linear memory where a first round of the same work left it (freed memory
// is reused, nothing grows without bound).
import { it } from "node:test";
import assert from "node:assert/strict";
import * as betza from "../index.js";

function round(n, variant) {
  for (let i = 0; i < n; i++) {
    const board = new betza.Board(variant);
    board.pushMoves(board.legalMoves().split(" ")[i % 10]);
    board.legalMovesInfo();
    board.delete();
  }
}

it("10,000 boards created and freed: the memory does not grow", () => {
  round(1000, "chess");
  round(100, "chushogi");
  const before = betza.memoryBytes();
  assert.ok(before > 0);
  round(10000, "chess");
  round(1000, "chushogi");
  const after = betza.memoryBytes();
  assert.equal(after, before, `memory grew from ${before} to ${after} bytes`);
});
