// The page (web/index.html) in a real headless Chromium (Debian's, at
// /usr/bin/chromium or $CHROMIUM), driven by playwright-core: short games in
// chess (with a promotion choice), shogi (with a drop) and Chu Shogi (a
// Lion's double capture), played by clicks; the move list and the result are
// read back from the page and checked against the package run in Node.
// Screenshots go to $BETZA_WEB_ARTIFACTS (target/web-artifacts by default).
// The page is served by Python's http.server on 127.0.0.1.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import * as betza from "../index.js";

const webDir = dirname(dirname(fileURLToPath(import.meta.url)));
const artifacts = process.env.BETZA_WEB_ARTIFACTS ?? join(webDir, "..", "target", "web-artifacts");
mkdirSync(artifacts, { recursive: true });

let server;
let browser;
let page;
let profile;
let base;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the static server did not answer at ${url}`);
}

/** Opens the page on `variant` and waits for the module to be loaded. */
async function open(variant) {
  await page.goto(`${base}/index.html?variant=${variant}`);
  await page.waitForSelector("body[data-ready='1']", { timeout: 30000 });
}

async function click(...squares) {
  for (const sq of squares) await page.click(`#board [data-square='${sq}']`);
}

const sanList = () => page.getAttribute("#moves", "data-san");
const result = async () => [await page.getAttribute("#result", "data-result"), await page.textContent("#result")];

/** The SAN the package gives for move texts played from `fen` in `variant`. */
function expectedSan(variant, fen, moves) {
  const board = new betza.Board(variant, fen);
  board.pushMoves(moves);
  const sans = board.sanMoves().join(" ");
  board.delete();
  return sans;
}

async function setFen(fen) {
  await page.fill("#fen", fen);
  await page.click("#set-fen");
  assert.equal(await page.inputValue("#fen"), fen);
}

describe("the page in headless Chromium", () => {
  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", webDir], {
      stdio: "ignore",
    });
    await waitForServer(`${base}/index.html`);
    profile = mkdtempSync(join(tmpdir(), "betza-chromium-"));
    // A fresh profile, as --user-data-dir (playwright passes it so).
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ],
    });
    page = await browser.newPage();
    page.on("pageerror", (e) => {
      throw e;
    });
  });

  after(async () => {
    await browser?.close();
    server?.kill();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("chess: Fool's mate by clicks, the result with its rule", async () => {
    await open("chess");
    assert.equal(await page.$$eval("#board rect[data-square]", (r) => r.length), 64);
    await click("f2", "f3", "e7", "e5", "g2", "g4", "d8", "h4");
    assert.equal(await sanList(), "f3 e5 g4 Qh4#");
    assert.deepEqual(await result(), ["0-1", "0-1 (checkmate)"]);
    assert.equal(await page.$$eval("#moves li", (l) => l.map((x) => x.textContent).join(" | ")), "f3 e5 | g4 Qh4#");
    await page.screenshot({ path: join(artifacts, "chess.png") });
    // Undo, then PGN out.
    await page.click("#undo");
    assert.equal(await sanList(), "f3 e5 g4");
    assert.deepEqual(await result(), ["*", ""]);
    await page.click("#show-pgn");
    assert.match(await page.inputValue("#pgn"), /1\. f3 e5 2\. g4 \*/);
  });

  it("chess: a promotion offers its choices", async () => {
    await open("chess");
    const fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    await setFen(fen);
    await click("a7", "a8");
    assert.equal(await page.isVisible("#promotion"), true);
    const offered = await page.$$eval("#choices button", (b) => b.map((x) => x.dataset.promotion).sort());
    assert.deepEqual(offered, ["B", "N", "Q", "R"]);
    await page.click("#choices [data-promotion='N']");
    assert.equal(await sanList(), expectedSan("chess", fen, "a7a8n"));
    assert.equal(await page.isVisible("#promotion"), false);
  });

  it("shogi: a capture to the hand, promotion chosen, and a drop", async () => {
    await open("shogi");
    await click("c3", "c4", "g7", "g6", "b2", "h8");
    // The Bishop may promote or not.
    const offered = await page.$$eval("#choices button", (b) => b.map((x) => x.dataset.promotion));
    assert.equal(offered.length, 2);
    assert.ok(offered.includes("none"));
    const promoted = offered.find((t) => t !== "none");
    await page.click(`#choices [data-promotion='${promoted}']`);
    await click("g9", "h8");
    assert.equal(await page.$$eval("[data-hand='white']", (b) => b.map((x) => x.dataset.token).join()), "B");
    await page.click("[data-hand='white'][data-token='B']");
    await click("e5");
    const board = new betza.Board("shogi");
    board.pushMoves("c3c4 g7g6");
    const capture = board.movesBetween("b2", "h8").split(" ").find((m) => m.endsWith("+"));
    board.delete();
    assert.equal(await sanList(), expectedSan("shogi", undefined, `c3c4 g7g6 ${capture} g9h8 B@e5`));
    assert.equal((await sanList()).split(" ").length, 5);
    assert.equal(await page.$$eval("[data-hand='white']", (b) => b.length), 0);
    assert.equal(await page.getAttribute("#board [data-piece='B']", "data-piece"), "B");
    await page.screenshot({ path: join(artifacts, "shogi.png") });
  });

  it("Chu Shogi (12x12): a Lion's double capture in two clicks after the Lion", async () => {
    await open("chushogi");
    assert.equal(await page.$$eval("#board rect[data-square]", (r) => r.length), 144);
    await page.screenshot({ path: join(artifacts, "chushogi-start.png") });
    const fen = "11k/12/12/12/12/12/5p6/5p6/5N6/12/12/K11 w - - 0 1";
    await setFen(fen);
    // The Lion on f4, the Pawn on f5 (the first step), the Pawn on f6.
    await click("f4", "f5", "f6");
    const board = new betza.Board("chushogi", fen);
    const double = board.legalMovesInfo().find((m) => m.from === "f4" && m.via === "f5" && m.to === "f6");
    board.delete();
    assert.ok(double);
    assert.equal(await sanList(), expectedSan("chushogi", fen, double.uci));
    assert.equal(await page.$$eval("#board [data-piece]", (p) => p.map((x) => x.dataset.piece).sort().join()), "K,N,k");
    await page.screenshot({ path: join(artifacts, "chushogi-lion.png") });
  });

  it("a definition pasted into the page is played", async () => {
    await open("chess");
    const text = betza.variantDefinition("chess").replace('name = "chess"', 'name = "pasted"');
    await page.fill("#definition", text);
    await page.click("#load");
    assert.equal(await page.inputValue("#variant"), "pasted");
    assert.equal(await page.textContent("#error"), "");
    await click("e2", "e4");
    assert.equal(await sanList(), "e4");
    // A broken one shows the library's message and changes nothing.
    await page.fill("#definition", "name = ");
    await page.click("#load");
    assert.notEqual(await page.textContent("#error"), "");
    assert.equal(await sanList(), "e4");
  });

  it("Fairy-Stockfish's variants.ini pasted: the sections read are played, the refused named", async () => {
    await open("chess");
    const ini = "[pasted-gardner:chess]\nmaxFile = 5\nmaxRank = 5\n" +
      "startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ndoubleStep = false\ncastling = false\n" +
      "[pasted-blast:chess]\nblastOnCapture = true\n";
    await page.fill("#definition", ini);
    await page.click("#load");
    assert.equal(await page.inputValue("#variant"), "pasted-gardner");
    assert.match(await page.textContent("#error"), /^1 section of the configuration refused \(loaded: pasted-gardner\); section \[pasted-blast\], line 8, key `blastOnCapture`/);
    assert.equal(await page.$$eval("#board rect[data-square]", (r) => r.length), 25);
    await click("b1", "c3");
    assert.equal(await sanList(), "Nc3");
  });

  it("a 26x26 board from a pasted definition, and a move on it", async () => {
    const text = readFileSync(join(webDir, "..", "tests", "data", "variants", "huge-26x26.toml"), "utf8");
    const name = betza.loadVariantConfig(text);
    const board = new betza.Board(name);
    const move = board.legalMovesInfo().find((m) => m.drop === undefined && m.via === undefined && !m.promotion);
    const san = board.sanMove(move.uci);
    board.delete();
    await open("chess");
    await page.fill("#definition", text);
    await page.click("#load");
    assert.equal(await page.textContent("#error"), "");
    assert.equal(await page.inputValue("#variant"), name);
    assert.equal(await page.$$eval("#board rect[data-square]", (r) => r.length), 26 * 26);
    await click(move.from, move.to);
    assert.equal(await sanList(), san);
    await page.screenshot({ path: join(artifacts, "huge-26x26.png") });
  });
});
