// Speed of the package in Node (tools/bench-web prints it beside the native
// example): perft warm (the same count run once before timing, then RUNS
// times, the fastest kept), and the cost of one legalMoves() call on a
// middle-game position. Prints wall and CPU times (user + system: on a loaded
// machine the fairer of the two) and, given the native example's CPU time
// for a count, the ratio (issue 38: at most 1.6x; legalMoves under 20 us).
// Usage: node web/bench.js [--runs N] [--native VARIANT:DEPTH=MS ...] [VARIANT:DEPTH ...]
//   (default chess:5 meiriqi:4, 5 runs)
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

const args = process.argv.slice(2);
let runs = 5;
const native = new Map();
const jobs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Number(args[++i]);
  else if (args[i] === "--native") {
    const [job, ms] = args[++i].split("=");
    native.set(job, Number(ms));
  } else jobs.push(args[i]);
}
if (jobs.length === 0) jobs.push("chess:5", "meiriqi:4");

for (const job of jobs) {
  const [variant, depth] = job.split(":");
  betza.perft(variant, Number(depth)); // warm
  let n = 0;
  let best = [Infinity, Infinity];
  for (let r = 0; r < runs; r++) {
    const t = timed(() => {
      n = betza.perft(variant, Number(depth));
    });
    if (t[1] < best[1]) best = t;
  }
  const [wall, cpu] = best;
  const ratio = native.has(job) ? `, ${(cpu / native.get(job)).toFixed(2)}x native (${native.get(job)} ms CPU)` : "";
  console.log(
    `node   perft ${variant} ${depth}: ${n} nodes, best of ${runs}: ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU${ratio}`,
  );
}

// A middle game: Kiwipete (48 legal moves).
const board = new betza.Board("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
const calls = 20000;
let chars = 0;
for (let i = 0; i < 2000; i++) chars += board.legalMoves().length; // warm
let best = [Infinity, Infinity];
for (let r = 0; r < runs; r++) {
  const t = timed(() => {
    for (let i = 0; i < calls; i++) chars += board.legalMoves().length;
  });
  if (t[1] < best[1]) best = t;
}
const [wall, cpu] = best;
console.log(
  `node   legalMoves() on Kiwipete (${board.numberLegalMoves()} moves), best of ${runs}: ` +
    `${((wall * 1000) / calls).toFixed(1)} us wall, ${((cpu * 1000) / calls).toFixed(1)} us CPU per call (goal: under 20)`,
);
board.delete();
