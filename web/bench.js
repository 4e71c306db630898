// Speed of the package in Node (tools/bench-web prints it beside the native
// example): perft warm (the same count run once before timing), and the cost
// of one legalMoves() call on a middle-game position.
// Usage: node web/bench.js [VARIANT:DEPTH ...]   (default chess:5 meiriqi:4)
import * as betza from "./index.js";

const jobs = process.argv.length > 2 ? process.argv.slice(2) : ["chess:5", "meiriqi:4"];
for (const job of jobs) {
  const [variant, depth] = job.split(":");
  betza.perft(variant, Number(depth)); // warm
  const t0 = performance.now();
  const n = betza.perft(variant, Number(depth));
  const ms = performance.now() - t0;
  console.log(`node perft ${variant} ${depth}: ${n} nodes in ${ms.toFixed(0)} ms`);
}

// A middle game: Kiwipete (48 legal moves).
const board = new betza.Board("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
const calls = 20000;
let chars = 0;
for (let i = 0; i < 2000; i++) chars += board.legalMoves().length; // warm
const t0 = performance.now();
for (let i = 0; i < calls; i++) chars += board.legalMoves().length;
const us = ((performance.now() - t0) * 1000) / calls;
console.log(`node legalMoves (Kiwipete, ${board.numberLegalMoves()} moves): ${us.toFixed(1)} us per call`);
board.delete();
