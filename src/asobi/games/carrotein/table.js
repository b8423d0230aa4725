// Carrotein (星をなくしたキャロテイン): the night-sky mat (夜空のマット) in the middle, drawn to
// scale in mm from the game's assets, with its star chips (星チップ) and the constellation
// boards (星座ボード) still on the mat beside it; each player's chips at hand, chips scored and
// boards won at their place.
// Scatter time (散らかしタイム): click the mat, or move the spot with the arrow keys and press
// Enter, to place a chip; pass is a button. Constellation time (星座作成タイム): the challenger
// picks two boards, then drags, turns and flips them over the stars (or moves them with keys),
// watching which centre points (中心点) they hide, and lays them. The preview is this page's
// geometry; the server's judge decides.
// The latest challenge stays beside the mat ("Last challenge (round N)"): its boards and chips
// as judged, its verdict and, after a failure, a placement the server's solver finds that would
// have worked. It opens when a challenge is judged (a bot's too: the next round starts at once)
// and folds to one line when the player closes it or makes their next move.

const NS = "http://www.w3.org/2000/svg";
const WORDS = {
  round: ["Round", "ラウンド"],
  scatter: ["Scatter time", "散らかしタイム"],
  constellation: ["Constellation time", "星座作成タイム"],
  over: ["Game over", "ゲーム終了"],
  boardsLeft: ["Boards on the mat", "夜空のマットの星座ボード"],
  spares: ["spare chips in the box", "箱の予備の星チップ"],
  mat: ["The night-sky mat", "夜空のマット"],
  matChips: ["star chips on it", "星チップ"],
  placeHere: ["Place a star chip at", "星チップを置く位置"],
  placeHint: ["Tap or click the mat to place your chip, or pass.", "マットをタップ(クリック)して星チップを置くか、パスします。"],
  placeKeys: ["Keys: Tab to the mat, ←↑↓→ move the spot (Shift: 1 mm), Enter places.",
    "キー操作:Tabでマットへ、←↑↓→で位置を動かす(Shift:1 mm)、Enterで置く。"],
  touching: ["A chip may not touch another chip: choose another spot.",
    "星チップはほかの星チップに触れてはいけません。別の場所を選んでください。"],
  offMat: ["A chip lies wholly on the mat: choose a spot further in.",
    "星チップはマットの内側に置きます。もう少し内側を選んでください。"],
  pick: ["Pick two boards on the mat for your constellation.", "星座を作る星座ボードを2枚選んでください。"],
  picked: ["Your two boards", "選んだ星座ボード"],
  final: ["The boards chosen are final.", "選んだ星座ボードは変更できません。"],
  chooseThese: ["Choose these two", "この2枚に決める"],
  lay: ["Lay the boards", "星座ボードを置く"],
  layTitle: ["Lay your two boards over the stars", "2枚の星座ボードを星チップの上に置く"],
  moving: ["Board to move", "動かすボード"],
  turnLeft: ["Turn anticlockwise", "左に回転"], turnRight: ["Turn clockwise", "右に回転"],
  flip: ["Turn over", "裏返す"],
  left: ["Move left", "左へ"], right: ["Move right", "右へ"], up: ["Move up", "上へ"], down: ["Move down", "下へ"],
  shown: ["centre points showing", "見えている中心点"],
  succeeds: ["(2 or fewer: success)", "(2つ以下なら成功)"],
  overlap: ["The boards overlap: move one off the other.", "星座ボードが重なっています。離してください。"],
  dragHint: ["Drag a board to move it; the buttons turn or flip the board picked.",
    "ボードはドラッグで動かせます。ボタンで選んだボードを回転・裏返しできます。"],
  layKeys: ["Keys: ←↑↓→ move (Shift: 1 mm), Q / E turn 15° (Shift: 1°), F turns over, 1 / 2 picks the board, Enter lays.",
    "キー操作:←↑↓→で移動(Shift:1 mm)、Q / Eで15°回転(Shift:1°)、Fで裏返す、1 / 2でボードを選ぶ、Enterで置く。"],
  layMat: ["The night-sky mat with your two boards", "夜空のマットと2枚の星座ボード"],
  suggest: ["Suggest a placement", "置き方のヒント"],
  suggesting: ["The solver is looking…", "ソルバーが探しています…"],
  suggested: ["The solver's placement: lay it, or move the boards on.",
    "ソルバーの置き方です。このまま置くことも、動かすこともできます。"],
  suggestedShort: ["The solver found no placement that does it; its closest is laid out: move the boards on, or lay them.",
    "ソルバーには成功する置き方が見つかりませんでした。いちばん近い置き方を並べました。動かすか、このまま置けます。"],
  atHand: ["at hand", "手元"], scored: ["scored", "得点"], boardsWon: ["boards", "星座ボード"],
  passed: ["Passed", "パス"], challenger: ["Challenger", "挑戦プレイヤー"],
  points: ["points", "点"],
  success: ["success", "成功"], failure: ["failure", "失敗"],
  hindsight: ["Show a placement that would have worked", "成功していた置き方を見る"],
  noneWorked: ["The solver finds no placement that would have worked either.",
    "ソルバーにも成功する置き方は見つかりませんでした。"],
  wouldHave: ["would have worked", "なら成功していました"],
  chipAt: ["chip", "チップ"],
  close: ["Close", "閉じる"],
  chipsScored: ["Chips scored", "得点した星チップ"],
  nobody: ["none", "なし"],
  showingRing: ["Red rings: centre points left showing.", "赤い輪:見えている中心点"],
  // Where a board lies against the mat (as the terminal says it): allowed either way, for the
  // rulebook bounds the boards by nothing but each other (docs/rules/carrotein.md ruling 8).
  pastEdge: ["reaches past the mat's edge (allowed: it hides only what lies under it)",
    "はマットの端からはみ出しています(置けます。隠すのは下にある中心点だけです)"],
  boardOff: ["lies off the mat, hiding nothing (allowed)", "は夜空のマットの外です。何も隠しません(置けます)"],
  laidPast: ["reached past the mat's edge", "はマットの端からはみ出していました"],
  laidOff: ["lay off the mat, hiding nothing", "は夜空のマットの外で、何も隠していませんでした"],
  laidAs: ["The boards as laid", "置かれた星座ボード"],
};
const KINDS = {
  red: ["red", "赤"], blue: ["blue", "青"], green: ["green", "緑"], purple: ["purple", "紫"],
  orange: ["orange", "橙"], pink: ["pink", "桃"], first: ["first star", "いちばん星"],
  colourless: ["colourless", "無色"],
};
const COLOURS = { red: "#ef4444", blue: "#3b82f6", green: "#22c55e", purple: "#a855f7",
  orange: "#f97316", pink: "#ec4899", first: "#fde047", colourless: "#cbd5e1" };
const HOLED = new Set(["first", "colourless"]);  // their centre point is a hole
const STEP = 10;         // mm an arrow key moves the spot; 1 with Shift
const APRON = 10;        // mm of night drawn round the mat
const REACH = 240;       // mm past the mat's edge a picture grows at most to take in a board
const BOARD_STEP = 5;    // mm an arrow key moves a board; 1 with Shift

let cursor = null;       // {x, y}: the spot the keys move and Enter places on (scatter time)
let refusal = "";        // why the last spot tried was not placed
let refusedAt = -1;      // at which move: a refusal is about that table only
let refusedLow = false;  // the spot refused lay in the mat's lower half (the note goes up)
let picked = [];         // boards picked in the choose phase
let poses = null;        // [{x, y, angle, mirrored}] of the two boards while laying
let active = 0;          // which of the two the keys and buttons move
let layingFor = "";      // the chosen pair the poses belong to
let shownInsight = null; // {round, hindsight} fetched after a failed challenge
let closedRound = null;  // the round whose challenge's panel the player closed (or moved on from)
let pickerShown = "";    // the choose step whose board picker was brought into view
let dragFrame = null;    // the part of the table shown while a board is dragged (it only grows)

const word = (key, ctx) => ctx.word(WORDS[key] || [key, key]);
const kindName = (kind, ctx) => ctx.word(KINDS[kind] || [kind, kind]);
const round1 = (v) => Math.round(v * 10) / 10;

function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.append(node);
  return node;
}

function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function button(text, className = "") {
  const b = el("button", className, text);
  b.type = "button";
  return b;
}

function boardOf(ctx, id) {
  return ctx.assets.boards.find((b) => b.id === id);
}

function boardName(ctx, id) {
  const b = boardOf(ctx, id);
  return b ? ctx.word([b.en, b.ja]) : id;
}

function points(ring) {
  return ring.map(([x, y]) => `${x},${y}`).join(" ");
}

function transformOf(pose) {
  return `translate(${pose.x} ${pose.y}) rotate(${pose.angle}) scale(${pose.mirrored ? -1 : 1} 1)`;
}

// A board: the clear acrylic plate and its rabbit (the figure that hides centre points).
function drawBoard(parent, board, pose, attrs = {}) {
  const g = svg("g", { transform: transformOf(pose), ...attrs }, parent);
  svg("polygon", { points: points(board.plate), class: "cr-plate" }, g);
  for (const part of board.figure) {
    const d = [part.exterior, ...part.holes].map((ring) => `M${points(ring)}Z`).join(" ");
    svg("path", { d, class: "cr-figure", "fill-rule": "evenodd" }, g);
  }
  return g;
}

// --- the judge's geometry, for the preview ------------------------------------------------
function inRing(x, y, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function edgeDistance(x, y, ring) {
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [ax, ay] = ring[j];
    const [bx, by] = ring[i];
    const dx = bx - ax, dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

// A point of the mat in the board's own frame (the pose undone).
function local(pose, x, y) {
  const a = (-pose.angle * Math.PI) / 180;
  const px = x - pose.x, py = y - pose.y;
  const lx = px * Math.cos(a) - py * Math.sin(a);
  return [pose.mirrored ? -lx : lx, px * Math.sin(a) + py * Math.cos(a)];
}

// A point of the board's frame on the mat (the pose applied).
function onMat(pose, [x, y]) {
  const a = (pose.angle * Math.PI) / 180;
  const mx = pose.mirrored ? -x : x;
  return [pose.x + mx * Math.cos(a) - y * Math.sin(a), pose.y + mx * Math.sin(a) + y * Math.cos(a)];
}

// --- the part of the table a picture shows --------------------------------------------------
// A board may lie past the mat's edge, or off it (the rulebook bounds it by nothing but the
// other board): the picture grows to take it in, so that no board laid or being laid is ever
// out of sight. It keeps the mat's own shape (and so its size on the page), the mat drawn
// smaller; a board further than REACH past the edge (typed, not dragged: the page keeps the
// boards it lays within it) is drawn at that distance, dashed, and said in words.

// The plate's corners on the mat (mm, y up).
function plateOnMat(board, pose) {
  return board.plate.map((p) => onMat(pose, p));
}

function boxOf(points) {
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

// The pose moved (as little as it takes) so that its plate lies within REACH of the mat.
function withinReach(mat, board, pose) {
  const box = boxOf(plateOnMat(board, pose));
  const shift = (lo, hi, min, max) => (lo < min ? min - lo : hi > max ? max - hi : 0);
  const dx = shift(box.x0, box.x1, -REACH, mat.width + REACH);
  const dy = shift(box.y0, box.y1, -REACH, mat.height + REACH);
  return dx || dy ? { ...pose, x: pose.x + dx, y: pose.y + dy } : pose;
}

// "past": the plate reaches past the mat's edge; "off": it lies wholly off the mat (touching
// it at most), hiding nothing; "": on the mat.
function whereOnMat(mat, board, pose) {
  const plate = plateOnMat(board, pose);
  const rect = [[0, 0], [mat.width, 0], [mat.width, mat.height], [0, mat.height]];
  if (!overlap(plate, rect)) return "off";
  const out = (x, y) => x < -1e-6 || y < -1e-6 || x > mat.width + 1e-6 || y > mat.height + 1e-6;
  return plate.some(([x, y]) => out(x, y)) ? "past" : "";
}

// The mat with its border, grown to take in each plate's box (and ``least``, a frame it must
// keep), then widened or heightened about its middle to the mat's own shape. Mat mm, y up.
function frameFor(mat, boxes, least = null) {
  const margin = 6;
  let f = { x0: -APRON, x1: mat.width + APRON, y0: -APRON, y1: mat.height + APRON };
  for (const b of boxes) {
    f = {
      x0: Math.max(-REACH - margin, Math.min(f.x0, b.x0 - margin)),
      x1: Math.min(mat.width + REACH + margin, Math.max(f.x1, b.x1 + margin)),
      y0: Math.max(-REACH - margin, Math.min(f.y0, b.y0 - margin)),
      y1: Math.min(mat.height + REACH + margin, Math.max(f.y1, b.y1 + margin)),
    };
  }
  if (least) {
    f = { x0: Math.min(f.x0, least.x0), x1: Math.max(f.x1, least.x1), y0: Math.min(f.y0, least.y0), y1: Math.max(f.y1, least.y1) };
  }
  const shape = (mat.width + 2 * APRON) / (mat.height + 2 * APRON);
  const w = f.x1 - f.x0, h = f.y1 - f.y0;
  if (w < h * shape) {
    const more = (h * shape - w) / 2;
    f = { ...f, x0: f.x0 - more, x1: f.x1 + more };
  } else if (w > h * shape) {
    const more = (w / shape - h) / 2;
    f = { ...f, y0: f.y0 - more, y1: f.y1 + more };
  }
  return f;
}

// The frame as an SVG viewBox (the picture's y runs down from the mat's top edge).
function viewBoxOf(mat, f) {
  const r = (v) => Math.round(v * 100) / 100;
  return `${r(f.x0)} ${r(mat.height - f.y1)} ${r(f.x1 - f.x0)} ${r(f.y1 - f.y0)}`;
}

// The whole centre disc under the board's figure ("中心点" hidden), as the judge has it.
export function hides(board, pose, x, y, radius) {
  const [px, py] = local(pose, x, y);
  return board.figure.some((part) => {
    const rings = [part.exterior, ...part.holes];
    const inside = rings.reduce((acc, ring) => acc !== inRing(px, py, ring), false);
    return inside && Math.min(...rings.map((r) => edgeDistance(px, py, r))) >= radius - 1e-6;
  });
}

// Two convex plates lie on each other (touching is allowed): no axis of either separates them.
function overlap(a, b) {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i];
      const [x2, y2] = poly[(i + 1) % poly.length];
      const nx = y1 - y2, ny = x2 - x1;
      const span = (p) => p.map(([x, y]) => x * nx + y * ny);
      const sa = span(a), sb = span(b);
      const gap = Math.min(Math.max(...sa), Math.max(...sb)) - Math.max(Math.min(...sa), Math.min(...sb));
      if (gap <= 1e-6 * Math.hypot(nx, ny)) return false;
    }
  }
  return true;
}

function poseCode(p) {
  const angle = round1(((p.angle % 360) + 360) % 360) % 360;
  return `${round1(p.x)},${round1(p.y)},${angle}${p.mirrored ? ",flip" : ""}`;
}

// Why a chip may not lie at (x, y) (the rules' chip_refusal), or "".
function spotRefusal(ctx, x, y) {
  const mat = ctx.assets.mat;
  const r = mat.chip_diameter / 2;
  if (x < r || x > mat.width - r || y < r || y > mat.height - r) return "offMat";
  if (ctx.view.chips.some((c) => Math.hypot(c.x - x, c.y - y) <= 2 * r + 1e-9)) return "touching";
  return "";
}

// --- what the table handles ------------------------------------------------------------------
export function handles(code) {
  return /^(place|choose|lay) /.test(code) || code === "pass";
}

const mine = (ctx) => ctx.legal.length > 0;
const placing = (ctx) => ctx.legal.some((c) => c.startsWith("place "));
const choosing = (ctx) => ctx.legal.some((c) => c.startsWith("choose "));
const laying = (ctx) => ctx.view.phase === "lay" && ctx.legal.some((c) => c.startsWith("lay "));

function myColour(ctx) {
  const seat = ctx.view.seats[ctx.seat];
  return seat && seat.in_hand > 0 ? seat.colour : "colourless";
}

// --- the seats ----------------------------------------------------------------------------
export function summary(s, ctx) {
  const seat = ctx.view.seats[s];
  return `${kindName(seat.colour, ctx)} · ${seat.score} ${word("points", ctx)}`;
}

// A chip as a small picture: its colour, its centre point; turned over (scored) it is plain.
function chipIcon(kind, { over = false, size = 18 } = {}) {
  const box = svg("svg", { viewBox: "-11 -11 22 22", width: size, height: size, class: "cr-chip-icon", "aria-hidden": "true" });
  if (over) {
    svg("circle", { r: 10, class: "cr-chip-back" }, box);
    svg("circle", { r: 6.5, class: "cr-chip-back-ring" }, box);
    return box;
  }
  svg("circle", { r: 10, fill: COLOURS[kind] || COLOURS.colourless, class: "cr-chip-body" }, box);
  svg("circle", { r: 3, class: HOLED.has(kind) ? "cr-hole" : "cr-dot" }, box);
  return box;
}

function boardThumb(ctx, id, size = "") {
  const board = boardOf(ctx, id);
  const xs = board.plate.map((p) => p[0]), ys = board.plate.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const box = svg("svg", {
    viewBox: `${x0 - 4} ${-y1 - 4} ${x1 - x0 + 8} ${y1 - y0 + 8}`,
    class: `cr-thumb${size ? ` ${size}` : ""}`, "aria-hidden": "true",
  });
  const g = svg("g", { transform: "scale(1 -1)" }, box);
  drawBoard(g, board, { x: 0, y: 0, angle: 0, mirrored: false });
  return box;
}

function stat(icon, count, label) {
  const box = el("span", "cr-stat");
  box.title = label;
  const n = el("b", "", String(count));
  const text = el("span", "cr-stat-label", label);
  box.append(icon, n, text);
  return box;
}

export function plate(s, ctx) {
  const { view } = ctx;
  const seat = view.seats[s];
  const box = el("div", "cr-place");
  const chips = el("div", "cr-stats");
  chips.append(
    stat(chipIcon(seat.colour), seat.in_hand, word("atHand", ctx)),
    stat(chipIcon(seat.colour, { over: true }), seat.scored_chips, word("scored", ctx)),
  );
  if (seat.passed && view.phase === "scatter") {
    chips.append(el("span", "cr-pass-card", word("passed", ctx)));
  }
  if ((view.phase === "choose" || view.phase === "lay") && view.turn === s) {
    chips.append(el("span", "cr-tag", word("challenger", ctx)));
  }
  box.append(chips);
  if (seat.boards.length) {
    const won = el("div", "cr-won");
    for (const id of seat.boards) {
      const item = el("span", "cr-won-board");
      item.title = boardName(ctx, id);
      item.append(boardThumb(ctx, id, "tiny"), el("span", "cr-won-name", boardName(ctx, id)));
      won.append(item);
    }
    box.append(won);
  }
  return box;
}

// --- the middle: the mat and the boards on it ------------------------------------------------
function banner(ctx) {
  const { view } = ctx;
  const box = el("div", "cr-banner");
  const phase = view.phase === "over" ? "over" : view.phase === "scatter" ? "scatter" : "constellation";
  box.append(el("span", "cr-round", `${word("round", ctx)} ${view.round}`));
  box.append(el("span", `cr-phase ${phase}`, word(phase, ctx)));
  if (view.spares_left < 40 || view.phase === "scatter") {
    box.append(el("span", "cr-spares", `${word("spares", ctx)}: ${view.spares_left}`));
  }
  return box;
}

// Faint far stars behind the chips: the same sky every time (a fixed sequence).
function backdrop(parent, mat) {
  let seed = 7;
  const next = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  const g = svg("g", { class: "cr-far" }, parent);
  for (let i = 0; i < 90; i++) {
    svg("circle", { cx: next() * mat.width, cy: next() * mat.height, r: 0.5 + next() * 1.1 }, g);
  }
}

function drawChip(parent, chip, mat, className = "", index = -1) {
  const g = svg("g", { class: `cr-chip ${className}`.trim() }, parent);
  svg("circle", { cx: chip.x, cy: chip.y, r: mat.chip_diameter / 2, fill: COLOURS[chip.kind] || COLOURS.colourless, class: "cr-chip-body" }, g);
  const centre = svg("circle", {
    cx: chip.x, cy: chip.y, r: mat.centre_diameter / 2,
    class: HOLED.has(chip.kind) ? "cr-hole" : "cr-dot",
  }, g);
  if (index >= 0) {
    centre.classList.add("centre");
    centre.dataset.i = String(index);
  }
  return g;
}

// The ring round a chip whose centre point is left showing: a dark band with a bright line
// inside it, so that it reads on every chip's colour (a red ring alone vanishes on a red
// chip) and on the night between them. Its strokes keep their width however small the
// picture is drawn (the last challenge's mat is a few centimetres across).
function showingRing(parent, x, y, r, attrs = {}) {
  const g = svg("g", { class: "cr-ring", ...attrs }, parent);
  svg("circle", { cx: x, cy: y, r, class: "cr-ring-dark" }, g);
  svg("circle", { cx: x, cy: y, r, class: "cr-ring-light" }, g);
  return g;
}

function matPoint(evt) {
  // The mat as drawn now: screen to mat millimetres.
  const point = new DOMPoint(evt.clientX, evt.clientY);
  const sky = document.querySelector("#mat g.sky");
  return point.matrixTransform(sky.getScreenCTM().inverse());
}

function placeCode(spot) {
  return `place ${round1(spot.x)} ${round1(spot.y)}`;
}

function freeSpot(ctx) {
  const mat = ctx.assets.mat;
  for (let ring = 3; ring < 30; ring++) {
    for (let k = 0; k < 12; k++) {
      const a = (k / 12) * 2 * Math.PI;
      const spot = { x: round1(mat.width / 2 + ring * 10 * Math.cos(a)), y: round1(mat.height / 2 + ring * 8 * Math.sin(a)) };
      if (!spotRefusal(ctx, spot.x, spot.y)) return spot;
    }
  }
  return { x: mat.width / 2, y: mat.height / 2 };
}

// The spot chip (scatter time) follows the pointer and the keys: green where a chip may lie.
function showSpot(ctx) {
  const ghost = document.querySelector("#mat .cr-ghost");
  if (!ghost || !cursor) return;
  const why = spotRefusal(ctx, round1(cursor.x), round1(cursor.y));
  ghost.setAttribute("transform", `translate(${cursor.x} ${cursor.y})`);
  ghost.classList.toggle("refused", Boolean(why));
  const place = document.getElementById("mat-place");
  if (place) {
    const code = placeCode(cursor);
    place.dataset.code = code;
    place.setAttribute("aria-label", spotLabel(ctx));
  }
}

function spotLabel(ctx) {
  // Whole millimetres, as the log says a chip's place (a key moves the spot 1 or 5 mm).
  const where = `(${Math.round(cursor.x)}, ${Math.round(cursor.y)}) mm`;
  return `${word("mat", ctx)}: ${word("placeHere", ctx)} ${where}. ${word("placeKeys", ctx)}`;
}

function tryPlace(ctx, spot) {
  const x = round1(spot.x), y = round1(spot.y);
  const why = spotRefusal(ctx, x, y);
  if (why) {
    refusal = why;
    refusedAt = ctx.number;
    refusedLow = y < ctx.assets.mat.height / 2;
    const note = document.getElementById("cr-note");
    if (note) {
      note.textContent = word(why, ctx);
      note.hidden = false;
      note.classList.toggle("high", refusedLow);
      // Each refused try flashes the note again: the words alone would not change.
      note.classList.remove("again");
      void note.offsetWidth;
      note.classList.add("again");
    }
    return;
  }
  refusal = "";
  cursor = { x, y };
  closeLast(ctx);  // a move: the last challenge folds away
  ctx.act(`place ${x} ${y}`);
}

// The boards laid so far: move them on the mat and refresh what they hide, in place (a drag
// or a key would otherwise redraw the whole table at every step).
function refreshLaid(ctx) {
  const { view, assets } = ctx;
  const mat = assets.mat;
  const radius = mat.centre_diameter / 2;
  const boards = view.chosen.map((id) => boardOf(ctx, id));
  poses = poses.map((pose, i) => withinReach(mat, boards[i], pose));
  // The picture takes in both boards (while one is dragged it only grows: the pointer's
  // steps are read at the scale of the moment).
  const frame = frameFor(mat, boards.map((b, i) => boxOf(plateOnMat(b, poses[i]))), dragFrame);
  if (dragFrame) dragFrame = frame;
  const picture = document.getElementById("mat");
  if (picture) picture.setAttribute("viewBox", viewBoxOf(mat, frame));
  view.chosen.forEach((id, i) => {
    const g = document.querySelector(`#mat g[data-board="${id}"]`);
    if (g) {
      g.setAttribute("transform", transformOf(poses[i]));
      g.classList.toggle("active", i === active);
    }
  });
  let showing = 0;
  view.chips.forEach((chip, i) => {
    const hidden = view.chosen.some((id, k) => hides(boardOf(ctx, id), poses[k], chip.x, chip.y, radius));
    if (!hidden) showing += 1;
    const dot = document.querySelector(`#mat circle.centre[data-i="${i}"]`);
    if (dot) {
      dot.classList.toggle("hidden", hidden);
      dot.classList.toggle("shown", !hidden);
    }
    const ring = document.querySelector(`#mat .cr-ring[data-ring="${i}"]`);
    if (ring) ring.classList.toggle("on", !hidden);
  });
  const off = document.getElementById("cr-off-mat");
  if (off) {
    const said = view.chosen
      .map((id, i) => [id, whereOnMat(mat, boards[i], poses[i])])
      .filter(([, where]) => where)
      .map(([id, where]) => boardAt(ctx, id, where));
    off.textContent = said.join(" ");
    off.hidden = !said.length;
  }
  const plates = view.chosen.map((id, i) => boardOf(ctx, id).plate.map((p) => onMat(poses[i], p)));
  const clash = overlap(plates[0], plates[1]);
  const count = document.getElementById("showing");
  if (count) {
    count.textContent = `${word("shown", ctx)}: ${showing} ${word("succeeds", ctx)}`;
    count.className = showing <= 2 ? "cr-ok" : "cr-bad";
  }
  const warn = document.getElementById("cr-overlap");
  if (warn) warn.hidden = !clash;
  const lay = document.getElementById("lay");
  if (lay) {
    lay.disabled = clash;
    lay.dataset.code = `lay ${poseCode(poses[0])} ${poseCode(poses[1])}`;
  }
  document.querySelectorAll("[data-pick]").forEach((b) => b.setAttribute("aria-pressed", String(Number(b.dataset.pick) === active)));
  keepPoses(ctx);
}

// The boards being laid survive a reload: kept for this room and this move (a stored step of
// another move, or another game's, is not this one's).
const posesKey = (ctx) => `carrotein-lay:${ctx.room}`;

// "Leaping rabbit reaches past the mat's edge (…)" / 「跳ねるうさぎ」はマットの端から…; of
// a challenge judged (``laid``), in the past tense.
function boardAt(ctx, id, where, laid = false) {
  const name = boardName(ctx, id);
  const said = word(where === "off" ? (laid ? "laidOff" : "boardOff") : (laid ? "laidPast" : "pastEdge"), ctx);
  return ctx.lang === "ja" ? `「${name}」${said}` : `${name} ${said}.`;
}

function keepPoses(ctx) {
  try {
    sessionStorage.setItem(posesKey(ctx), JSON.stringify({ number: ctx.number, chosen: layingFor, poses, active }));
  } catch { /* storage full or refused: the boards start apart again after a reload */ }
}

function keptPoses(ctx, chosen) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(posesKey(ctx)) || "null");
    if (kept && kept.number === ctx.number && kept.chosen === chosen && kept.poses?.length === 2) return kept;
  } catch { /* unreadable: start afresh */ }
  return null;
}

function startLaying(ctx) {
  const key = ctx.view.chosen.join(" ");
  if (poses && layingFor === key) return;
  const mat = ctx.assets.mat;
  layingFor = key;
  const kept = keptPoses(ctx, key);
  if (kept) {
    poses = kept.poses.map((p) => ({ x: Number(p.x), y: Number(p.y), angle: Number(p.angle), mirrored: Boolean(p.mirrored) }));
    active = kept.active === 1 ? 1 : 0;
    return;
  }
  poses = [
    { x: mat.width * 0.3, y: mat.height / 2, angle: 0, mirrored: false },
    { x: mat.width * 0.7, y: mat.height / 2, angle: 0, mirrored: false },
  ];
  active = 0;
}

function dragBoard(ctx, g, i) {
  g.addEventListener("pointerdown", (evt) => {
    evt.preventDefault();
    active = i;
    let last = [evt.clientX, evt.clientY];
    dragFrame = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
    const move = (e) => {
      // The pointer's step on the screen, in mm at the picture's scale now: a board dragged
      // past the mat's edge makes the picture grow (the mat drawn smaller), and the board
      // stays in sight, a little behind the pointer.
      const sky = document.querySelector("#mat g.sky");
      if (!sky) return;
      const m = sky.getScreenCTM().inverse();
      const dx = e.clientX - last[0], dy = e.clientY - last[1];
      last = [e.clientX, e.clientY];
      poses[i] = { ...poses[i], x: poses[i].x + m.a * dx + m.c * dy, y: poses[i].y + m.b * dx + m.d * dy };
      refreshLaid(ctx);
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      dragFrame = null;  // dropped: the picture fits the boards again
      refreshLaid(ctx);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    refreshLaid(ctx);
  });
}

function lastChallenge(ctx) {
  const { view } = ctx;
  return view.challenges[view.challenges.length - 1] || null;
}

function drawMat(ctx) {
  const { view, assets } = ctx;
  const mat = assets.mat;
  const isPlacing = placing(ctx);
  const isLaying = laying(ctx);
  if (isLaying) startLaying(ctx);
  const frame = isLaying
    ? frameFor(mat, view.chosen.map((id, i) => boxOf(plateOnMat(boardOf(ctx, id), poses[i]))))
    : frameFor(mat, []);
  const picture = svg("svg", { class: "mat", id: "mat", viewBox: viewBoxOf(mat, frame) });
  const defs = svg("defs", {}, picture);
  const gradient = svg("radialGradient", { id: "cr-night", cx: "50%", cy: "45%", r: "75%" }, defs);
  svg("stop", { offset: "0%", "stop-color": "#1e3a78" }, gradient);
  svg("stop", { offset: "100%", "stop-color": "#0b1430" }, gradient);
  // Mat coordinates have y upwards; the picture is not mirrored.
  const sky = svg("g", { class: "sky", transform: `translate(0 ${mat.height}) scale(1 -1)` }, picture);
  svg("rect", { x: 0, y: 0, width: mat.width, height: mat.height, rx: 8, fill: "url(#cr-night)", class: "cr-night" }, sky);
  backdrop(sky, mat);
  // The mat's edge, over its stars: a board may lie past it, and the player sees where.
  svg("rect", { x: 0, y: 0, width: mat.width, height: mat.height, rx: 8, class: "cr-mat-edge" }, sky);
  svg("circle", { cx: mat.width / 2, cy: mat.height / 2, r: mat.chip_diameter * 0.9, class: "cr-middle" }, sky);

  view.chips.forEach((chip, i) => {
    // The chip placed last glows a moment (the first star is never one).
    const latest = i > 0 && i === view.chips.length - 1 && view.phase === "scatter";
    drawChip(sky, chip, mat, latest ? "cr-latest" : "", i);
  });

  if (isLaying) {
    view.chosen.forEach((id, i) => {
      const g = drawBoard(sky, boardOf(ctx, id), poses[i], { "data-board": id, class: "cr-laid" });
      dragBoard(ctx, g, i);
    });
    // A ring over the boards round each centre point the boards leave showing (the count
    // under the mat says how many; the rings say which).
    const rings = svg("g", { class: "cr-rings" }, sky);
    view.chips.forEach((chip, i) => showingRing(rings, chip.x, chip.y, mat.chip_diameter / 2 + 3, { "data-ring": i }));
  }

  if (isPlacing) {
    if (!cursor || spotRefusal(ctx, cursor.x, cursor.y)) cursor = freeSpot(ctx);
    const ghost = svg("g", { class: "cr-ghost" }, sky);
    svg("circle", { r: mat.chip_diameter / 2, fill: COLOURS[myColour(ctx)] }, ghost);
    svg("circle", { r: mat.chip_diameter / 2 + 3, class: "cr-ghost-ring" }, ghost);
    picture.setAttribute("aria-hidden", "true");
    picture.addEventListener("pointermove", (evt) => {
      const p = matPoint(evt);
      cursor = { x: p.x, y: p.y };
      showSpot(ctx);
    });
    const press = button("", "cr-mat-button");
    press.id = "mat-place";
    press.dataset.code = placeCode(cursor);
    press.setAttribute("aria-label", spotLabel(ctx));
    press.append(picture);
    press.addEventListener("click", (evt) => {
      // A click places where it points; Enter or Space (no pointer), at the spot shown.
      tryPlace(ctx, evt.detail === 0 ? cursor : matPoint(evt));
    });
    queueMicrotask(() => showSpot(ctx));
    return press;
  }
  const count = view.chips.length;
  if (isLaying) {
    picture.setAttribute("tabindex", "0");
    picture.setAttribute("role", "application");
    picture.setAttribute("aria-label", `${word("layMat", ctx)}. ${word("layKeys", ctx)}`);
    queueMicrotask(() => refreshLaid(ctx));
  } else {
    picture.setAttribute("role", "img");
    picture.setAttribute("aria-label", `${word("mat", ctx)}: ${count} ${word("matChips", ctx)}`);
  }
  return picture;
}

function boardsOnMat(ctx) {
  const { view } = ctx;
  const picking = choosing(ctx);
  picked = picked.filter((id) => view.boards.includes(id));
  const box = el("div", "cr-boards zone");
  box.append(el("span", "zone-label", `${word("boardsLeft", ctx)} (${view.boards.length})`));
  const list = el("div", "cr-board-row board-list");
  for (const id of view.boards) {
    const name = boardName(ctx, id);
    const item = picking ? button("", "cr-board pickable") : el("div", "cr-board");
    item.dataset.board = id;
    item.append(boardThumb(ctx, id), el("span", "cr-board-name", name));
    if (view.chosen && view.chosen.includes(id)) item.classList.add("chosen");
    if (picking) {
      item.id = `cr-board-${id}`;  // the keyboard's place survives the redraw
      item.setAttribute("aria-pressed", String(picked.includes(id)));
      item.addEventListener("click", () => {
        picked = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id].slice(-2);
        ctx.rerender();
      });
    }
    list.append(item);
  }
  box.append(list);
  // The challenge has come to this player: the picker (and the tray under the table, which
  // the page brings into view) where the player looks, once a choice.
  const step = `${ctx.room}:${ctx.number}`;
  if (picking && pickerShown !== step) {
    pickerShown = step;
    requestAnimationFrame(() => ctx.inView(box, document.getElementById("tray")));
  }
  return box;
}

// --- the last challenge: a panel beside the mat ---------------------------------------------
const closedKey = (ctx) => `carrotein-closed:${ctx.room}`;

function lastClosed(ctx, last) {
  if (closedRound === null) {
    try { closedRound = Number(sessionStorage.getItem(closedKey(ctx)) || "-1"); } catch { closedRound = -1; }
  }
  return closedRound === last.round;
}

// The player closed the panel, or moved on (a chip placed, a pass, boards chosen or laid).
function closeLast(ctx, round = null) {
  const last = lastChallenge(ctx);
  const which = round ?? (last ? last.round : -1);
  if (closedRound === which) return;
  closedRound = which;
  try { sessionStorage.setItem(closedKey(ctx), String(which)); } catch { /* kept for this page only */ }
}

function openLast(ctx) {
  closedRound = -1;
  try { sessionStorage.removeItem(closedKey(ctx)); } catch { /* kept for this page only */ }
}

function verdictWord(ctx, challenge) {
  return el("b", `cr-verdict-word ${challenge.success ? "good" : "bad"}`, word(challenge.success ? "success" : "failure", ctx));
}

// A small night-sky mat with two boards laid over a challenge's chips; a red ring round each
// centre point left showing (``hidden`` per chip, when known).
function smallMat(ctx, chips, boards, poses, hidden, label) {
  const mat = ctx.assets.mat;
  // Each board where it was laid, past the mat's edge too (one further than REACH drawn at
  // that distance, dashed: the words beside the picture say where it lay).
  const laid = boards.map((id, i) => {
    const board = boardOf(ctx, id);
    const shown = withinReach(mat, board, poses[i]);
    return { board, pose: shown, far: shown !== poses[i] };
  });
  const frame = frameFor(mat, laid.map(({ board, pose }) => boxOf(plateOnMat(board, pose))));
  const picture = svg("svg", { class: "mat cr-small-mat", viewBox: viewBoxOf(mat, frame), role: "img" });
  picture.setAttribute("aria-label", label);
  const sky = svg("g", { transform: `translate(0 ${mat.height}) scale(1 -1)` }, picture);
  svg("rect", { x: 0, y: 0, width: mat.width, height: mat.height, rx: 8, class: "cr-night-plain cr-mat-edge" }, sky);
  chips.forEach((chip) => drawChip(sky, chip, mat));
  laid.forEach(({ board, pose, far }) => drawBoard(sky, board, pose, far ? { class: "cr-far-board" } : {}));
  // The rings over the boards: what the verdict counted must not hide under a rabbit. The
  // picture is small: the ring stands clear of its chip by a share of the picture's width.
  if (hidden) {
    const r = mat.chip_diameter / 2 + Math.max(3, 0.012 * (frame.x1 - frame.x0));
    chips.forEach((chip, i) => {
      if (!hidden[i]) showingRing(sky, chip.x, chip.y, r);
    });
  }
  return picture;
}

// Where the boards of a challenge lay against the mat, where that is worth saying: a line
// each for a board past the mat's edge or off it.
function boardsAt(ctx, boards, poses) {
  const mat = ctx.assets.mat;
  return boards
    .map((id, i) => [id, whereOnMat(mat, boardOf(ctx, id), poses[i])])
    .filter(([, where]) => where)
    .map(([id, where]) => el("p", "cr-board-at", boardAt(ctx, id, where, true)));
}

function verdictLine(ctx, last) {
  const line = el("p", "cr-verdict");
  const names = last.boards.map((b) => boardName(ctx, b));
  line.append(ctx.nameEl(last.challenger), ctx.lang === "ja"
    ? `が「${names.join("」と「")}」を置いた — `
    : ` laid ${names.join(" + ")} — `);
  line.append(verdictWord(ctx, last), ` (${word("shown", ctx)}: ${last.shown})`);
  return line;
}

function scoredLine(ctx, last) {
  const scorers = last.scored.map((n, s) => [n, s]).filter(([n]) => n > 0);
  const sep = ctx.lang === "ja" ? "、" : ", ";
  const colon = ctx.lang === "ja" ? ":" : ": ";
  const line = el("p", "cr-scored", `${word("chipsScored", ctx)}${colon}`);
  if (!scorers.length) line.append(word("nobody", ctx));
  scorers.forEach(([n, s], i) => line.append(i ? sep : "", ctx.nameEl(s), ` +${n}`));
  if (last.success) {
    line.append(ctx.lang === "ja" ? "。" : "; ", ctx.nameEl(last.challenger),
      ctx.lang === "ja" ? "が星座ボード2枚を獲得" : " took the two boards");
  }
  return line;
}

// The latest challenge, as judged: open when it is new, folded to its title line when the
// player closed it or has moved since; the title line opens it again.
function lastPanel(ctx) {
  const last = lastChallenge(ctx);
  if (!last) return null;
  const me = ctx.seat === null ? null : ctx.view.seats[ctx.seat];
  // A pass is a move too (the table's own button, under it): seen in the view.
  if (me && me.passed && ctx.view.round > last.round) closeLast(ctx, last.round);
  const open = !lastClosed(ctx, last);
  const box = el("details", "cr-last");
  box.id = "cr-last";
  box.open = open;
  const title = ctx.lang === "ja" ? `前回の挑戦(ラウンド${last.round})` : `Last challenge (round ${last.round})`;
  const summary = el("summary", "cr-last-head");
  summary.id = "cr-last-summary";
  summary.append(el("span", "cr-last-title", title), " ", ctx.nameEl(last.challenger), " — ", verdictWord(ctx, last));
  box.append(summary);
  box.addEventListener("toggle", () => {
    // Only the player's own opening or closing counts (not the panel being drawn).
    if (!box.isConnected || box.open === open) return;
    if (box.open) openLast(ctx); else closeLast(ctx, last.round);
  });
  const body = el("div", "cr-last-body");
  const close = button("×", "cr-close icon");
  close.id = "cr-last-close";
  close.title = word("close", ctx);
  close.setAttribute("aria-label", `${word("close", ctx)}: ${title}`);
  close.addEventListener("click", () => {
    box.open = false;
    summary.focus();
  });
  const names = last.boards.map((b) => boardName(ctx, b)).join(" + ");
  const picture = smallMat(ctx, last.chips, last.boards, last.poses, last.hidden,
    `${word("laidAs", ctx)}: ${names}. ${word("shown", ctx)}: ${last.shown}`);
  const words = el("div", "cr-last-words");
  words.append(verdictLine(ctx, last), scoredLine(ctx, last), ...boardsAt(ctx, last.boards, last.poses),
    el("p", "cr-legend", word("showingRing", ctx)));
  if (!last.success) words.append(hindsightPanel(ctx, last));
  body.append(close, picture, words);
  box.append(body);
  return box;
}

export function centre(ctx) {
  const box = el("div", "cr-table");
  box.append(banner(ctx));
  // The mat (with what the player is told about a spot) and, beside it on a wide screen,
  // under it on a narrow one: the last challenge and the boards still on the mat.
  const layout = el("div", "cr-layout");
  const main = el("div", "cr-main");
  const matBox = el("div", "cr-mat-box");
  matBox.append(drawMat(ctx));
  main.append(matBox);
  if (placing(ctx)) {
    // A refused spot is said over the mat itself, where the player clicked.
    if (refusedAt !== ctx.number) refusal = "";
    const note = el("p", "cr-note", refusal ? word(refusal, ctx) : "");
    note.id = "cr-note";
    note.setAttribute("role", "status");
    note.hidden = !refusal;
    note.classList.toggle("high", refusedLow);  // clear of the spot refused
    matBox.append(note);
    const hint = el("div", "cr-hint");
    hint.append(el("span", "", word("placeHint", ctx)), " ", el("span", "cr-keys", word("placeKeys", ctx)));
    main.append(hint);
  }
  // Passing is the other half of scatter time: right under the mat, not below the table
  // (with five or six players the table's own moves fall under a laptop's window).
  if (ctx.legal.includes("pass")) {
    const pass = el("p", "cr-pass");
    pass.append(ctx.moveButton("pass"));
    main.append(pass);
  }
  layout.append(main);
  const side = el("div", "cr-side");
  const last = lastPanel(ctx);
  if (last) side.append(last);
  // The challenger laying its boards has them in the tray, right under the mat.
  if (!laying(ctx)) side.append(boardsOnMat(ctx));
  if (side.childElementCount) layout.append(side);
  else layout.classList.add("solo");
  box.append(layout);
  return box;
}

// --- the tray: the challenger's two boards, chosen then laid --------------------------------
function chooseTray(ctx) {
  const box = el("div", "cr-tray");
  box.append(el("h2", "", word("picked", ctx)));
  const row = el("div", "cr-picked");
  for (let i = 0; i < 2; i++) {
    const id = picked[i];
    const slot = el("span", `cr-slot${id ? "" : " empty"}`);
    if (id) slot.append(boardThumb(ctx, id, "small"), el("span", "", boardName(ctx, id)));
    else slot.textContent = "?";
    row.append(slot);
  }
  const code = picked.length === 2 && ctx.legal.find((c) => {
    const pair = c.split(" ").slice(1);
    return c.startsWith("choose ") && [...pair].sort().join() === [...picked].sort().join();
  });
  let go;
  if (code) {
    go = ctx.moveButton(code, document.createTextNode(word("chooseThese", ctx)), "primary");
    go.addEventListener("click", () => { picked = []; closeLast(ctx); });
  } else {
    go = button(word("chooseThese", ctx), "primary");
    go.disabled = true;
  }
  go.id = "choose";
  row.append(go);
  box.append(row, el("p", "cr-small", `${word("pick", ctx)} ${word("final", ctx)}`));
  return box;
}

function toolButton(text, label, onClick, data = {}) {
  const b = button(text);
  b.setAttribute("aria-label", label);
  b.title = label;
  for (const [k, v] of Object.entries(data)) b.dataset[k] = v;
  b.addEventListener("click", onClick);
  return b;
}

function turn(ctx, degrees) {
  poses[active].angle += degrees;
  refreshLaid(ctx);
}

function move(ctx, dx, dy) {
  poses[active].x += dx;
  poses[active].y += dy;
  refreshLaid(ctx);
}

function flip(ctx) {
  poses[active].mirrored = !poses[active].mirrored;
  refreshLaid(ctx);
}

function layTray(ctx) {
  const { view } = ctx;
  startLaying(ctx);
  const box = el("div", "cr-tray");
  box.append(el("h2", "", word("layTitle", ctx)));
  const which = el("div", "cr-tools");
  which.append(el("span", "cr-small", `${word("moving", ctx)}:`));
  view.chosen.forEach((id, i) => {
    const b = button("", "cr-pick");
    b.id = `cr-pick-${i}`;
    b.dataset.pick = String(i);
    b.setAttribute("aria-pressed", String(i === active));
    b.append(el("span", "cr-key", String(i + 1)), boardThumb(ctx, id, "small"), el("span", "", boardName(ctx, id)));
    b.addEventListener("click", () => { active = i; refreshLaid(ctx); });
    which.append(b);
  });
  const tools = el("div", "cr-tools");
  const arrows = [["←", "left", -1, 0], ["↑", "up", 0, 1], ["↓", "down", 0, -1], ["→", "right", 1, 0]];
  for (const [glyph, key, dx, dy] of arrows) {
    const b = toolButton(glyph, word(key, ctx), () => move(ctx, dx * BOARD_STEP, dy * BOARD_STEP), { move: key });
    b.id = `cr-move-${key}`;
    tools.append(b);
  }
  for (const [glyph, change] of [["↺ 15°", 15], ["↺ 1°", 1], ["↻ 1°", -1], ["↻ 15°", -15]]) {
    const label = `${word(change > 0 ? "turnLeft" : "turnRight", ctx)} ${Math.abs(change)}°`;
    const b = toolButton(glyph, label, () => turn(ctx, change), { turn: String(change) });
    b.id = `cr-turn-${change}`;
    tools.append(b);
  }
  const over = toolButton(`⇋ ${word("flip", ctx)}`, word("flip", ctx), () => flip(ctx), { flip: "1" });
  over.id = "cr-flip";
  tools.append(over);
  const result = el("div", "cr-tools");
  const count = el("span", "cr-ok");
  count.id = "showing";
  count.setAttribute("role", "status");
  const warn = el("span", "cr-bad", word("overlap", ctx));
  warn.id = "cr-overlap";
  warn.hidden = true;
  const lay = button(word("lay", ctx), "primary");
  lay.id = "lay";
  lay.addEventListener("click", () => {
    if (lay.disabled) return;
    closeLast(ctx);
    ctx.act(`lay ${poseCode(poses[0])} ${poseCode(poses[1])}`);
  });
  const suggest = button(word("suggest", ctx));
  suggest.id = "cr-suggest";
  const said = el("span", "cr-small");
  said.id = "cr-suggested";
  said.setAttribute("role", "status");
  suggest.addEventListener("click", () => suggestLay(ctx, suggest, said));
  // (Among several people the solver would lay the boards for whoever asks: offered only
  // where the room offers hints, as one against bots does.)
  result.append(count, warn, ...(ctx.hints ? [suggest] : []), lay, said);
  // A board past the mat's edge, or off it, is said under the mat (the picture shows it).
  const off = el("p", "cr-small cr-off-mat");
  off.id = "cr-off-mat";
  off.setAttribute("role", "status");
  off.hidden = true;
  const hint = el("p", "cr-small", `${word("dragHint", ctx)} `);
  hint.append(el("span", "cr-keys", word("layKeys", ctx)));
  box.append(which, tools, result, off, hint);
  return box;
}

// The game's solver's placement (the server's insight, worked out from the public table): the
// boards move there, and the player lays them or moves them on.
async function suggestLay(ctx, suggest, said) {
  suggest.disabled = true;
  said.textContent = word("suggesting", ctx);
  const key = layingFor;
  const found = await (await fetch(`/api/rooms/${ctx.room}/insight`)).json();
  if (!found.hint || key !== layingFor) return;  // the step is over by now
  poses = found.hint.poses.map((p) => ({ x: p.x, y: p.y, angle: p.angle, mirrored: p.mirrored }));
  suggest.disabled = false;
  said.textContent = word(found.hint.success ? "suggested" : "suggestedShort", ctx);
  refreshLaid(ctx);
}

export function tray(ctx) {
  if (choosing(ctx)) return chooseTray(ctx);
  if (laying(ctx)) return layTray(ctx);
  return null;
}

// --- the log ------------------------------------------------------------------------------
// A line of the log that placed a chip points at where it lies while the pointer is over it
// (a tap, on a phone): its millimetres alone tell a player little, the mat tells them which
// chip that was. (After the round the mat is cleared: the ring then shows where it lay.)
function pointAt(spot, mat) {
  document.querySelectorAll("#mat .cr-pointed").forEach((node) => node.remove());
  const sky = document.querySelector("#mat g.sky");
  if (!spot || !sky) return;
  svg("circle", { cx: spot.x, cy: spot.y, r: mat.chip_diameter / 2 + 4, class: "cr-pointed" }, sky);
}

export function logLine(li, entry, ctx) {
  const placed = (entry.events || []).find((event) => event.kind === "place");
  if (!placed) return;
  const mat = ctx.assets.mat;
  li.classList.add("cr-points");
  li.addEventListener("pointerenter", () => pointAt(placed, mat));
  li.addEventListener("pointerleave", () => pointAt(null, mat));
  li.addEventListener("click", () => pointAt(placed, mat));
}

// --- keys ---------------------------------------------------------------------------------
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

export function keydown(event, ctx) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const at = document.activeElement;
  const onTable = !at || at === document.body || Boolean(at.closest("#felt"));
  if (!onTable) return false;
  const onMat = !at || at === document.body || at.id === "mat" || at.id === "mat-place";
  if (placing(ctx)) {
    if (ARROWS[event.key]) {
      const [dx, dy] = ARROWS[event.key];
      const step = event.shiftKey ? 1 : STEP;
      const mat = ctx.assets.mat;
      const r = mat.chip_diameter / 2;
      cursor = cursor || freeSpot(ctx);
      cursor = {
        x: Math.min(mat.width - r, Math.max(r, round1(cursor.x + dx * step))),
        y: Math.min(mat.height - r, Math.max(r, round1(cursor.y + dy * step))),
      };
      showSpot(ctx);
      return true;
    }
    if (event.key === "Enter" && onMat) {
      tryPlace(ctx, cursor || freeSpot(ctx));
      return true;
    }
    return false;
  }
  if (!laying(ctx) || !poses) return false;
  const fine = event.shiftKey;
  if (ARROWS[event.key]) {
    const [dx, dy] = ARROWS[event.key];
    const step = fine ? 1 : BOARD_STEP;
    move(ctx, dx * step, dy * step);
    return true;
  }
  const key = event.key.toLowerCase();
  if (key === "q") { turn(ctx, fine ? 1 : 15); return true; }
  if (key === "e") { turn(ctx, fine ? -1 : -15); return true; }
  if (key === "f") { flip(ctx); return true; }
  if (key === "1" || key === "2") { active = Number(key) - 1; refreshLaid(ctx); return true; }
  if (event.key === "Enter" && onMat) {
    const lay = document.getElementById("lay");
    if (lay && !lay.disabled) lay.click();
    return true;
  }
  return false;
}

// --- after a failed challenge: a placement that would have worked -----------------------------
function hindsightPanel(ctx, challenge) {
  const box = el("div", "cr-hindsight");
  box.id = "hindsight";
  if (!shownInsight || shownInsight.round !== challenge.round) {
    const ask = button(word("hindsight", ctx));
    ask.id = "cr-ask";
    ask.addEventListener("click", async () => {
      ask.disabled = true;
      shownInsight = await (await fetch(`/api/rooms/${ctx.room}/insight`)).json();
      ctx.rerender();
    });
    box.append(ask);
    return box;
  }
  const found = shownInsight.hindsight;
  if (!found) {
    box.textContent = word("noneWorked", ctx);
    return box;
  }
  const caption = el("p", "", `${found.boards.map((b) => boardName(ctx, b)).join(" + ")} ${word("wouldHave", ctx)}`);
  const picture = smallMat(ctx, challenge.chips, found.boards, found.poses, found.hidden, caption.textContent);
  picture.classList.add("cr-hindsight-mat");
  box.append(caption, picture, ...boardsAt(ctx, found.boards, found.poses));
  return box;
}
