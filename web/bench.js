// Speed of the package in Node (tools/bench-web prints it beside the native
// example): perft warm (the same count run once before timing), and the cost
// of one legalMoves() call on a middle-game position. Prints wall time and
// CPU time (user + system: on a loaded machine the fairer of the two).
// Usage: node web/bench.js [VARIANT:DEPTH ...]   (default chess:5 meiriqi:4)
import * as betza from "./index.js";

/** Runs `f`, returning [wall ms, CPU ms]. */
function timed(f) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return [wall, (cpu.user + cpu.system) / 1000];
}

const jobs = process.argv.length > 2 ? process.argv.slice(2) : ["chess:5", "meiriqi:4"];
for (const job of jobs) {
  const [variant, depth] = job.split(":");
  betza.perft(variant, Number(depth)); // warm
  let n = 0;
  const [wall, cpu] = timed(() => {
    n = betza.perft(variant, Number(depth));
  });
  console.log(`node   perft ${variant} ${depth}: ${n} nodes, ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU`);
}

// A middle game: Kiwipete (48 legal moves).
const board = new betza.Board("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
const calls = 20000;
let chars = 0;
for (let i = 0; i < 2000; i++) chars += board.legalMoves().length; // warm
const [wall, cpu] = timed(() => {
  for (let i = 0; i < calls; i++) chars += board.legalMoves().length;
});
console.log(
  `node   legalMoves() on Kiwipete (${board.numberLegalMoves()} moves): ` +
    `${((wall * 1000) / calls).toFixed(1)} us wall, ${((cpu * 1000) / calls).toFixed(1)} us CPU per call`,
);
board.delete();
