// The page that plays every variant (web/index.html): an SVG board of any
// size up to 26x26 drawn from Board.squares(), moves by clicks from
// Board.legalMovesInfo() (promotion choices, drops from the hands, a Lion's
// two steps: the square captured on the way, then the destination).
import * as betza from "./index.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const S = 60; // a square, in SVG units

// Chess glyphs for the types of those names; other types show their token.
const GLYPHS = {
  King: ["\u2654", "\u265A"], Queen: ["\u2655", "\u265B"], Rook: ["\u2656", "\u265C"],
  Bishop: ["\u2657", "\u265D"], Knight: ["\u2658", "\u265E"], Pawn: ["\u2659", "\u265F"],
};

let board = null;
let names = new Map(); // token -> type name
let infos = []; // the legal moves with their squares
let selected = null; // { from } or { drop } while a move is being made
let via = null; // the square of a Lion's first step
let flipped = false;
let lastMove = null;

function fillVariants(choose) {
  const select = $("variant");
  select.replaceChildren();
  for (const name of betza.variants().split(" ")) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.append(option);
  }
  select.value = choose;
}

function newGame(variant, fen) {
  const next = new betza.Board(variant, fen || undefined);
  if (board) board.delete();
  board = next;
  names = new Map(board.pieceTypes().map((t) => [t.token, t.name]));
  lastMove = null;
  render();
}

function error(e) {
  $("error").textContent = e ? String(e.message ?? e) : "";
}

function clearSelection() {
  selected = null;
  via = null;
  $("promotion").hidden = true;
}

/** The moves that may follow the current selection onto `square`. */
function candidates(square) {
  if (selected?.drop) return infos.filter((m) => m.drop === selected.drop && m.to === square);
  if (via) {
    return infos.filter((m) => m.from === selected.from && m.drop === undefined &&
      ((m.via === via && m.to === square) || (square === via && m.to === via && m.via === undefined)));
  }
  return infos.filter((m) => m.from === selected.from && m.drop === undefined && m.to === square && m.via === undefined);
}

function targets() {
  if (!selected) return new Set();
  if (selected.drop) return new Set(infos.filter((m) => m.drop === selected.drop).map((m) => m.to));
  const mine = infos.filter((m) => m.from === selected.from && m.drop === undefined);
  if (via) {
    const t = new Set(mine.filter((m) => m.via === via).map((m) => m.to));
    if (mine.some((m) => m.to === via && m.via === undefined)) t.add(via);
    return t;
  }
  return new Set(mine.flatMap((m) => (m.via ? [m.via] : [m.to])));
}

function play(move) {
  clearSelection();
  if (!board.push(move.uci)) {
    error(`${move.uci} was refused`);
    return;
  }
  lastMove = move;
  error(null);
  render();
}

function choosePromotion(moves) {
  const box = $("choices");
  box.replaceChildren();
  for (const m of moves) {
    const b = document.createElement("button");
    const token = m.promotion ?? "";
    b.dataset.promotion = token || "none";
    b.textContent = token ? `${names.get(token) ?? token} (${token})` : "No promotion";
    b.addEventListener("click", () => play(m));
    box.append(b);
  }
  $("promotion").hidden = false;
}

function clickSquare(square) {
  if (board.isGameOver()) return;
  if (selected) {
    if (!selected.drop && !via && infos.some((m) => m.from === selected.from && m.via === square)) {
      // A Lion's first step: the destination comes next.
      via = square;
      render();
      return;
    }
    const moves = candidates(square);
    if (moves.length === 1) return play(moves[0]);
    if (moves.length > 1) return choosePromotion(moves);
  }
  clearSelection();
  if (infos.some((m) => m.from === square && m.drop === undefined)) selected = { from: square };
  render();
}

function clickHand(token) {
  if (board.isGameOver()) return;
  clearSelection();
  if (infos.some((m) => m.drop === token)) selected = { drop: token };
  render();
}

function drawBoard() {
  const files = board.files();
  const ranks = board.ranks();
  const squares = board.squares();
  const svg = $("board");
  const margin = 14;
  svg.setAttribute("viewBox", `${-margin} 0 ${files * S + margin} ${ranks * S + margin}`);
  svg.replaceChildren();
  const checked = new Set(board.checkedPieces().split(" ").filter(Boolean));
  const marks = targets();
  const checkered = files <= 10 && ranks <= 10 && !betza.capturesToHand(board.variant());
  for (let rank = 0; rank < ranks; rank++) {
    for (let file = 0; file < files; file++) {
      const name = board.squareName(file, rank);
      const x = (flipped ? files - 1 - file : file) * S;
      const y = (flipped ? rank : ranks - 1 - rank) * S;
      const rect = document.createElementNS(SVG, "rect");
      Object.entries({ x, y, width: S, height: S }).forEach(([k, v]) => rect.setAttribute(k, v));
      rect.setAttribute("class", checkered ? ((file + rank) % 2 ? "light" : "dark") : "plain");
      rect.dataset.square = name;
      svg.append(rect);
      const overlay = (cls) => {
        const o = rect.cloneNode();
        o.setAttribute("class", cls);
        o.style.pointerEvents = "none";
        delete o.dataset.square;
        svg.append(o);
      };
      if (lastMove && (lastMove.to === name || (lastMove.from === name && !lastMove.drop))) overlay("last");
      if (selected?.from === name || via === name) overlay("selected");
      if (marks.has(name)) overlay("target");
      if (checked.has(name)) overlay("check");
      const token = squares[rank * files + file];
      if (token) svg.append(pieceGlyph(token, x, y));
      if (file === (flipped ? files - 1 : 0)) svg.append(label(String(rank + 1), -margin + 2, y + S / 2 + 3));
      if (rank === (flipped ? ranks - 1 : 0)) svg.append(label(name.replace(/[0-9]+$/, ""), x + S / 2 - 3, ranks * S + 11));
    }
  }
}

function label(text, x, y) {
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", x);
  t.setAttribute("y", y);
  t.setAttribute("class", "coord");
  t.textContent = text;
  return t;
}

function pieceGlyph(token, x, y) {
  const white = token === token.toUpperCase();
  const upper = token.toUpperCase();
  const glyph = GLYPHS[names.get(upper)];
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "piece");
  g.dataset.piece = token;
  if (glyph) {
    const t = document.createElementNS(SVG, "text");
    t.setAttribute("x", x + S / 2);
    t.setAttribute("y", y + S * 0.78);
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("font-size", S * 0.8);
    t.textContent = glyph[white ? 0 : 1];
    g.append(t);
    return g;
  }
  const c = document.createElementNS(SVG, "circle");
  c.setAttribute("cx", x + S / 2);
  c.setAttribute("cy", y + S / 2);
  c.setAttribute("r", S * 0.42);
  c.setAttribute("fill", white ? "#fffdf5" : "#2b2b2b");
  c.setAttribute("stroke", white ? "#333" : "#000");
  c.setAttribute("stroke-width", 1.5);
  const t = document.createElementNS(SVG, "text");
  t.setAttribute("x", x + S / 2);
  t.setAttribute("y", y + S / 2 + S * 0.13);
  t.setAttribute("text-anchor", "middle");
  t.setAttribute("font-size", upper.length > 1 ? S * 0.32 : S * 0.4);
  t.setAttribute("font-weight", "bold");
  t.setAttribute("fill", white ? "#000" : "#fff");
  t.textContent = upper;
  g.append(c, t);
  return g;
}

function drawHands() {
  for (const [id, white] of [["hand-bottom", !flipped], ["hand-top", flipped]]) {
    const box = $(id);
    box.replaceChildren();
    box.dataset.side = white ? "white" : "black";
    const counts = new Map();
    for (const t of board.hand(white)) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [token, n] of counts) {
      const b = document.createElement("button");
      b.dataset.hand = white ? "white" : "black";
      b.dataset.token = token;
      b.title = names.get(token) ?? token;
      b.textContent = `${white ? token : token.toLowerCase()}${n > 1 ? ` \u00D7${n}` : ""}`;
      if (selected?.drop === token && board.turn() === white) b.classList.add("selected");
      b.addEventListener("click", () => (board.turn() === white ? clickHand(token) : null));
      box.append(b);
    }
  }
}

function render() {
  infos = board.legalMovesInfo();
  drawBoard();
  drawHands();
  const list = $("moves");
  list.replaceChildren();
  const sans = board.sanMoves();
  for (let i = 0; i < sans.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = sans.slice(i, i + 2).join(" ");
    list.append(li);
  }
  list.dataset.san = sans.join(" ");
  list.scrollTop = list.scrollHeight;
  const outcome = board.outcome();
  $("result").textContent = outcome ? `${outcome.result} (${outcome.termination})` : "";
  $("result").dataset.result = outcome ? outcome.result : "*";
  $("status").textContent = outcome ? "Game over" :
    `${board.turn() ? "White" : "Black"} to move${board.isCheck() ? ", in check" : ""}`;
  $("fen").value = board.fen();
}

$("board").addEventListener("click", (e) => {
  const square = e.target.closest("[data-square]")?.dataset.square;
  if (square) clickSquare(square);
});
$("variant").addEventListener("change", () => {
  try {
    newGame($("variant").value);
    error(null);
  } catch (e) {
    error(e);
  }
});
$("new").addEventListener("click", () => newGame(board.variant()));
$("undo").addEventListener("click", () => {
  clearSelection();
  if (board.moveStack() !== "") board.pop();
  lastMove = null;
  render();
});
$("flip").addEventListener("click", () => {
  flipped = !flipped;
  render();
});
$("set-fen").addEventListener("click", () => {
  try {
    board.setFen($("fen").value);
    clearSelection();
    lastMove = null;
    error(null);
    render();
  } catch (e) {
    error(e);
  }
});
$("show-pgn").addEventListener("click", () => {
  $("pgn").value = board.pgn();
});
$("load").addEventListener("click", () => {
  try {
    const loaded = betza.loadVariantConfig($("definition").value).split(" ");
    fillVariants(loaded[0]);
    newGame(loaded[0]);
    error(null);
  } catch (e) {
    // A variants.ini text with refused sections: the others were loaded.
    if (e.loaded?.length) {
      fillVariants(e.loaded[0]);
      newGame(e.loaded[0]);
    }
    error(e);
  }
});

const start = new URLSearchParams(location.search).get("variant") ?? "chess";
fillVariants(start);
newGame(start);
document.body.dataset.ready = "1";
