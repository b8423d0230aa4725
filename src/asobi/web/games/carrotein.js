// Carrotein (星をなくしたキャロテイン): the night-sky mat (夜空のマット) drawn to scale in mm.
// Scatter time (散らかしタイム): click the mat to place a star chip (星チップ). As the
// challenger (星座作成タイム): pick two constellation boards (星座ボード), then drag, turn and
// flip them over the stars, watching which centre points (中心点) they hide, and lay them.
// The preview is this page's geometry; the server's judge decides.

const NS = "http://www.w3.org/2000/svg";
const WORDS = {
  place: ["Click the mat to place a chip.", "マットをクリックして星チップを置きます。"],
  choose: ["Choose two boards", "星座ボードを2枚選ぶ"],
  chooseThese: ["Choose these two", "この2枚に決める"],
  lay: ["Lay the boards", "星座ボードを置く"],
  turn: ["turn", "回転"], flip: ["flip", "裏返す"],
  shown: ["centre points showing", "見えている中心点"],
  succeeds: ["(2 or fewer: success)", "(2つ以下なら成功)"],
  dragHint: ["Drag a board to move it; the buttons turn or flip the one picked.",
    "ボードはドラッグで動かせます。ボタンで選んだボードを回転・裏返しできます。"],
  success: ["success", "成功"], failure: ["failure", "失敗"],
  passed: ["passed", "パス"], inHand: ["chips in hand", "手元の星チップ"],
  boards: ["boards", "ボード"], chips: ["scored chips", "獲得チップ"],
  challenge: ["challenge", "チャレンジ"],
  hindsight: ["Show a placement that would have worked", "成功していた置き方を見る"],
  noneWorked: ["The solver finds no placement that would have worked either.",
    "ソルバーにも成功する置き方は見つかりませんでした。"],
  wouldHave: ["would have worked", "なら成功していました"],
};
const COLOURS = { red: "#ef4444", blue: "#3b82f6", green: "#22c55e", yellow: "#eab308",
  purple: "#a855f7", orange: "#f97316", white: "#f8fafc", first: "#fde047", spare: "#94a3b8" };
const word = (key, ctx) => (WORDS[key] ? WORDS[key][ctx.lang === "ja" ? 1 : 0] : key);

let picked = [];        // boards picked in the choose phase
let poses = null;       // [{x, y, angle, mirrored}] of the two boards while laying
let active = 0;         // which of the two the turn buttons move
let layingFor = "";     // the chosen pair the poses belong to
let shownInsight = null; // {round, hindsight} fetched after a failed challenge

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.append(node);
  return node;
}

function boardOf(ctx, id) {
  return ctx.assets.boards.find((b) => b.id === id);
}

function boardName(ctx, id) {
  const b = boardOf(ctx, id);
  return b ? (ctx.lang === "ja" ? `${b.ja}` : `${b.en}`) : id;
}

function points(ring) {
  return ring.map(([x, y]) => `${x},${y}`).join(" ");
}

function drawBoard(parent, board, pose, attrs = {}) {
  const g = el("g", { transform: `translate(${pose.x} ${pose.y}) rotate(${pose.angle}) scale(${pose.mirrored ? -1 : 1} 1)`, ...attrs }, parent);
  el("polygon", { points: points(board.plate), fill: "rgba(255,255,255,.18)", stroke: "#e2e8f0", "stroke-width": 1 }, g);
  for (const part of board.figure) {
    const d = [part.exterior, ...part.holes].map((ring) => `M${points(ring)}Z`).join(" ");
    el("path", { d, fill: "rgba(253, 230, 138, .55)", "fill-rule": "evenodd", stroke: "#fbbf24", "stroke-width": .8 }, g);
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

// The whole centre disc under the board's figure ("中心点" hidden), as the judge has it.
export function hides(board, pose, x, y, radius) {
  const a = (-pose.angle * Math.PI) / 180;
  let px = x - pose.x, py = y - pose.y;
  [px, py] = [px * Math.cos(a) - py * Math.sin(a), px * Math.sin(a) + py * Math.cos(a)];
  if (pose.mirrored) px = -px;
  return board.figure.some((part) => {
    const rings = [part.exterior, ...part.holes];
    const inside = rings.reduce((acc, ring) => acc !== inRing(px, py, ring), false);
    return inside && Math.min(...rings.map((r) => edgeDistance(px, py, r))) >= radius - 1e-6;
  });
}

function poseCode(p) {
  const r = (v) => Math.round(v * 10) / 10;
  const angle = r(((p.angle % 360) + 360) % 360);
  return `${r(p.x)},${r(p.y)},${angle}${p.mirrored ? ",flip" : ""}`;
}

export function handles(code) {
  return /^(place|choose|lay) /.test(code);
}

export function seatLine(s, ctx) {
  const seat = ctx.view.seats[s];
  const passed = seat.passed ? ` · ${word("passed", ctx)}` : "";
  return `${seat.colour_ja} ${seat.colour} · ${word("inHand", ctx)} ${seat.in_hand} · ${word("boards", ctx)} ${seat.boards.length} · ${word("chips", ctx)} ${seat.scored_chips}${passed}`;
}

export function describe(event, ctx) {
  if (event.kind === "place") return `★ (${event.x}, ${event.y})`;
  if (event.kind === "challenge") return `${word("challenge", ctx)}: ${event.boards.map((b) => boardName(ctx, b)).join(" + ")} — ${word(event.success ? "success" : "failure", ctx)}`;
  return null;
}

function matPoint(evt) {
  // The mat as drawn now (a drag redraws it): screen to mat millimetres.
  const point = new DOMPoint(evt.clientX, evt.clientY);
  const sky = document.querySelector("#mat g.sky");
  return point.matrixTransform(sky.getScreenCTM().inverse());
}

export function render(root, ctx) {
  const { view, legal, assets } = ctx;
  const mat = assets.mat;
  const parts = [];
  const svg = el("svg", { class: "mat", viewBox: `-10 -10 ${mat.width + 20} ${mat.height + 20}`, id: "mat" });
  // Mat coordinates have y upwards; the picture is not mirrored.
  const sky = el("g", { class: "sky", transform: `translate(0 ${mat.height}) scale(1 -1)` }, svg);
  el("rect", { x: 0, y: 0, width: mat.width, height: mat.height, fill: "#0f1d40", stroke: "#334155" }, sky);
  const canPlace = legal.some((c) => c.startsWith("place "));
  const laying = view.phase === "lay" && legal.some((c) => c.startsWith("lay "));

  // The last challenge's boards, faintly, while its round is shown.
  const last = view.challenges[view.challenges.length - 1];
  if (last && last.round === view.round - 1 && view.chips.length <= 1) {
    last.boards.forEach((id, i) => drawBoard(sky, boardOf(ctx, id), last.poses[i], { opacity: 0.35 }));
  }

  let laid = [];
  if (laying) {
    const key = view.chosen.join(" ");
    if (!poses || layingFor !== key) {
      layingFor = key;
      poses = [
        { x: mat.width * 0.3, y: mat.height / 2, angle: 0, mirrored: false },
        { x: mat.width * 0.7, y: mat.height / 2, angle: 0, mirrored: false },
      ];
      active = 0;
    }
    laid = view.chosen.map((id, i) => {
      const g = drawBoard(sky, boardOf(ctx, id), poses[i], { "data-board": id, cursor: "grab" });
      g.addEventListener("pointerdown", (evt) => {
        evt.preventDefault();
        active = i;
        const start = matPoint(evt);
        const from = { ...poses[i] };
        const move = (e) => {
          const p = matPoint(e);
          poses[i] = { ...from, x: from.x + p.x - start.x, y: from.y + p.y - start.y };
          render(root, ctx);
        };
        const up = () => { window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up); };
        window.addEventListener("pointermove", move);
        window.addEventListener("pointerup", up);
      });
      return g;
    });
  }

  const radius = mat.centre_diameter / 2;
  let showing = 0;
  for (const chip of view.chips) {
    el("circle", { cx: chip.x, cy: chip.y, r: mat.chip_diameter / 2, fill: COLOURS[chip.kind] || "#cbd5e1", opacity: laying ? 0.5 : 0.95 }, sky);
    let hidden = false;
    if (laying) hidden = view.chosen.some((id, i) => hides(boardOf(ctx, id), poses[i], chip.x, chip.y, radius));
    if (laying && !hidden) showing += 1;
    el("circle", {
      cx: chip.x, cy: chip.y, r: radius, fill: hidden ? "#111827" : "#ffffff",
      stroke: laying && !hidden ? "#dc2626" : "none", "stroke-width": 1.5,
      class: laying ? (hidden ? "centre hidden" : "centre shown") : "centre",
    }, sky);
  }
  if (laid.length) laid.forEach((g) => sky.append(g));  // boards above the chips: drag them

  if (canPlace) {
    svg.style.cursor = "crosshair";
    svg.addEventListener("click", (evt) => {
      const p = matPoint(evt);
      ctx.act(`place ${Math.round(p.x * 10) / 10} ${Math.round(p.y * 10) / 10}`);
    });
  }
  parts.push(svg);

  const below = document.createElement("div");
  below.className = "row";
  below.style.marginTop = ".5rem";
  if (canPlace) below.append(word("place", ctx));

  if (view.phase === "choose" && legal.some((c) => c.startsWith("choose "))) {
    const list = document.createElement("div");
    list.className = "board-list";
    list.append(`${word("choose", ctx)}: `);
    for (const id of view.boards) {
      const b = document.createElement("button");
      b.textContent = boardName(ctx, id);
      b.dataset.board = id;
      if (picked.includes(id)) b.classList.add("selected");
      b.addEventListener("click", () => {
        picked = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id].slice(-2);
        render(root, ctx);
      });
      list.append(b);
    }
    const code = legal.find((c) => c.startsWith("choose ") && picked.length === 2 &&
      [...c.split(" ").slice(1)].sort().join() === [...picked].sort().join());
    const go = document.createElement("button");
    go.className = "primary";
    go.id = "choose";
    go.textContent = word("chooseThese", ctx);
    go.disabled = !code;
    go.addEventListener("click", () => { picked = []; ctx.act(code); });
    list.append(go);
    below.append(list);
  }

  if (laying) {
    const tools = document.createElement("div");
    tools.className = "row";
    view.chosen.forEach((id, i) => {
      const pick = document.createElement("button");
      pick.textContent = boardName(ctx, id);
      pick.dataset.pick = String(i);
      if (i === active) pick.classList.add("selected");
      pick.addEventListener("click", () => { active = i; render(root, ctx); });
      tools.append(pick);
    });
    for (const [labelText, change] of [["−15°", -15], ["−1°", -1], ["+1°", 1], ["+15°", 15]]) {
      const b = document.createElement("button");
      b.textContent = `${word("turn", ctx)} ${labelText}`;
      b.dataset.turn = String(change);
      b.addEventListener("click", () => { poses[active].angle += change; render(root, ctx); });
      tools.append(b);
    }
    const flip = document.createElement("button");
    flip.textContent = word("flip", ctx);
    flip.dataset.flip = "1";
    flip.addEventListener("click", () => { poses[active].mirrored = !poses[active].mirrored; render(root, ctx); });
    tools.append(flip);
    const count = document.createElement("span");
    count.id = "showing";
    count.textContent = `${word("shown", ctx)}: ${showing} ${word("succeeds", ctx)}`;
    count.className = showing <= 2 ? "ok" : "error";
    const lay = document.createElement("button");
    lay.className = "primary";
    lay.id = "lay";
    lay.textContent = word("lay", ctx);
    lay.addEventListener("click", () => ctx.act(`lay ${poseCode(poses[0])} ${poseCode(poses[1])}`));
    tools.append(count, lay);
    const hint = document.createElement("p");
    hint.className = "muted";
    hint.textContent = word("dragHint", ctx);
    below.append(tools, hint);
  }
  const last2 = view.challenges[view.challenges.length - 1];
  if (last2 && !last2.success) below.append(hindsightPanel(root, ctx, last2));
  parts.push(below);
  root.replaceChildren(...parts);
}

// After a failed challenge: ask the server's solver for a placement that would have worked,
// and draw it over that challenge's stars.
function hindsightPanel(root, ctx, challenge) {
  const box = document.createElement("div");
  box.id = "hindsight";
  if (!shownInsight || shownInsight.round !== challenge.round) {
    const ask = document.createElement("button");
    ask.textContent = word("hindsight", ctx);
    ask.addEventListener("click", async () => {
      ask.disabled = true;
      shownInsight = await (await fetch(`/api/rooms/${ctx.room}/insight`)).json();
      render(root, ctx);
    });
    box.append(ask);
    return box;
  }
  const found = shownInsight.hindsight;
  if (!found) {
    box.textContent = word("noneWorked", ctx);
    return box;
  }
  const mat = ctx.assets.mat;
  const svg = el("svg", { class: "mat", viewBox: `-10 -10 ${mat.width + 20} ${mat.height + 20}` });
  const sky = el("g", { transform: `translate(0 ${mat.height}) scale(1 -1)` }, svg);
  el("rect", { x: 0, y: 0, width: mat.width, height: mat.height, fill: "#0f1d40" }, sky);
  found.boards.forEach((id, i) => drawBoard(sky, boardOf(ctx, id), found.poses[i]));
  challenge.chips.forEach((chip, i) => {
    el("circle", { cx: chip.x, cy: chip.y, r: mat.chip_diameter / 2, fill: COLOURS[chip.kind] || "#cbd5e1", opacity: 0.6 }, sky);
    el("circle", { cx: chip.x, cy: chip.y, r: mat.centre_diameter / 2, fill: found.hidden[i] ? "#111827" : "#fff" }, sky);
  });
  const caption = document.createElement("p");
  caption.textContent = `${found.boards.map((b) => boardName(ctx, b)).join(" + ")} ${word("wouldHave", ctx)}`;
  box.append(caption, svg);
  return box;
}
