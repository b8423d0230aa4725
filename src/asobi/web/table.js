// A game table: one websocket to the server, which sends this seat's view, its legal moves
// with their words, and every move as this seat may know it. The page lays the table out the
// way card players expect (the other players across the top, the common area in the middle,
// your own place at the bottom), lets the game's module (the file its GameSpec.browser names,
// served as /static/games/<id>.js) draw each part, and sends back the move a player clicks.
// Illegal moves are never offered; if the server refuses one anyway, its reason and rule are
// shown.
//
// A game module exports:
//   centre(ctx)          the middle of the table (piles, the row, the mines, the mat)
//   plate(s, ctx)        what lies at seat s's place (its rows, its hand; yours face up)
//   handles(code, ctx)   true for the moves the table itself makes clickable; the others
//                        are buttons under the table, in the server's words
//   summary(s, ctx)      optional: a short line under a seat's name (points, cards in hand)
//   status(ctx, said)    optional: the status said shorter (words {en, ja}) where the table
//                        shows the rest; ``said`` is the server's
//   tray(ctx)            optional: a move of several steps in progress, with a way back
//   keydown(event, ctx)  optional: the game's own keys (true when it used the key)
//   logLine(li, entry, ctx)  optional: what a line of the log does beyond its words (its
//                        move's events are entry.events): a chip it placed, pointed at
//   dockHand             optional, true: on a phone, your plate is docked at the window's
//                        foot, your hand (its element of class "my-hand") first, while a
//                        long table scrolls above it
// Everything a person typed (names) and every word from the server is inserted as text.
import { both, languageButton, lang, markLang, numbered, pair, t } from "/static/i18n.js";
import { backEl, cardEl, cardName, chipEl, fan, useDeck } from "/static/cards.js";
import { rememberSeat, seatLink } from "/static/seats.js";
import { cardsNamed, plain, say } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const room = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token");
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

const game = { id: null, module: null, assets: {}, names: { en: "", ja: "" }, levels: {} };
let state = null;     // the last "state" message
let seats = [];       // names, bots, connection
let number = 0;       // moves seen
let mySeat = null;    // this page's seat (hello), before the first state comes
let happened = 0;     // takeovers, comebacks and take-backs told (the server counts them: ``at``)
let ws = null;
const log = [];       // {number, seat, said: [words], by, events}
let turnSeconds = null;  // the room's turn timer (hello), if it has one
let hints = false;  // whether the room offers the game's suggestions (hello; the insight's hint)
const clockStart = {};  // per person to move: when (performance.now()) their time began
let undoAsked = -1;  // the move number at which this page last asked for a take-back
let undoRefused = -1;  // and at which one was refused: not offered again for that move
let undoChecked = -1;  // the move number at which it asked whether one would work
let undoOk = -1;  // and at which the server said it would: only then is it offered
let waiting = -1;  // the move number at which this page sent a move, until the server answers
let lastMove = null;  // {seat, by, said, activeBefore} of the latest move
let named = false;    // this page has offered (or sent) a name for its seat

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

export function act(code) {
  // One move at a time: a second click (a double click) before the server's answer would
  // be refused, its refusal shown over a table that has already moved on.
  if (state && waiting === state.number) return;
  waiting = state ? state.number : -1;
  $("problem").textContent = "";
  send({ type: "act", action: code });
}

// --- names ------------------------------------------------------------------------------
// A bot by its level ("normal"), or by its name where it plays at none.
function levelWords(bot) {
  for (const [level, name] of Object.entries(game.levels)) if (name === bot) return pair(level);
  return { en: bot, ja: bot };
}

function levelOf(bot) {
  const words = levelWords(bot);
  return lang() === "ja" ? words.ja : words.en;
}

// "{s:2} took back a move": a sentence of the page's own, in both languages.
function about(s, key, extra = { en: "", ja: "" }) {
  const words = pair(key);
  return { en: `{s:${s}} ${words.en}${extra.en}`, ja: `{s:${s}}${words.ja}${extra.ja}` };
}

// A seat's name as the table shows it: the person's own, else "Player 2" / "Bot 3".
export function seatName(s) {
  const seat = seats[s];
  if (!seat) return numbered("seat", Number(s) + 1);
  if (seat.name) return seat.name;
  return numbered(seat.bot ? "botName" : "player", Number(s) + 1);
}

// In a sentence the reader's own seat is "you".
function nameInText(s) {
  return state && s === state.seat ? t("you") : seatName(s);
}

// A seat's name as a node for the table to show: a name may have 40 characters, and a long
// one is cut short with "…" (the style sheet's .who), the whole name in its tooltip.
function nameEl(s, inText = false) {
  const name = inText ? nameInText(s) : seatName(s);
  const el = document.createElement("span");
  el.className = "who";
  el.textContent = name;
  el.title = name;
  return el;
}

// --- what a game module is given ----------------------------------------------------------
function context() {
  const language = lang();
  const named = (code) => cardName(code, language);  // a card in an accessible name: "Coin 7"
  return {
    view: state.view, legal: state.legal, seat: state.seat, active: state.active,
    outcome: state.outcome, room, assets: game.assets, lang: language, number: state.number,
    hints, act, t, seatName, inView,
    rerender: () => draw(),
    // The server's words for a move, and a warning beside it where the game gives one.
    label: (code) => say(state.labels[code] || { en: code, ja: code }, language, nameInText),
    labelText: (code) => plain(state.labels[code] || { en: code, ja: code }, language, nameInText, named),
    caution: (code) => state.cautions[code] || null,
    say: (words) => say(words, language, nameInText),
    // A move as a button in the server's words; ``content`` replaces the words if given.
    moveButton: (code, content = null, className = "") => moveButton(code, content, className),
    card: (code, opts = {}) => cardEl(code, {
      lang: language, act,
      label: opts.move ? plain(state.labels[opts.move] || { en: opts.move, ja: opts.move }, language, nameInText, named) : undefined,
      playable: Boolean(opts.move || opts.onClick) && !opts.quiet,
      ...opts,
    }),
    back: (opts = {}) => backEl({
      act, lang: language, playable: Boolean(opts.move || opts.onClick), ...opts,
    }),
    chip: (code) => chipEl(code, language),
    fan,
    word: (pair) => (language === "ja" ? pair[1] : pair[0]),
    // The name that a seat goes by inside a sentence (yours: "you").
    nameInText,
    // A seat's name as a node, cut short if long (inText: yours is "you").
    nameEl,
  };
}

function moveButton(code, content, className) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.code = code;
  if (className) button.className = className;
  const language = lang();
  button.append(content || say(state.labels[code] || { en: code, ja: code }, language, nameInText));
  const caution = state.cautions[code];
  if (caution) {
    button.classList.add("cautioned");
    const note = document.createElement("span");
    note.className = "caution";
    note.append("⚠ ", say(caution, language, nameInText));
    button.append(note);
  }
  button.addEventListener("click", () => act(code));
  return button;
}

function parts(value) {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

// --- the table ----------------------------------------------------------------------------
function order() {
  // Your place at the bottom; the others from your left round the table across the top.
  const n = state.view && Array.isArray(state.view.seats) ? state.view.seats.length : seats.length;
  const me = state.seat === null ? 0 : state.seat;
  const others = [];
  for (let i = 1; i < n; i++) others.push((me + i) % n);
  return { me, others };
}

function plateOf(s, ctx, mine) {
  const box = document.createElement("section");
  box.className = "plate" + (state.active.includes(s) && !state.outcome ? " active" : "") + (mine ? " mine" : "");
  box.dataset.seat = String(s);
  box.setAttribute("aria-label", `${t("seatPlace")} ${s + 1}: ${seatName(s)}`);
  const head = document.createElement("div");
  head.className = "plate-head";
  const dot = document.createElement("span");
  const seat = seats[s] || {};
  dot.className = "dot" + (seat.connected || seat.bot ? " on" : "");
  dot.title = seat.bot ? `${t("bot")}: ${levelOf(seat.bot)}` : (seat.connected ? t("connected") : t("away"));
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = seatName(s);
  name.title = seatName(s);  // (cut short with "…" if long)
  head.append(dot, name);
  if (seat.bot) {
    const level = document.createElement("span");
    level.className = "badge";
    level.textContent = levelOf(seat.bot);
    head.append(level);
  }
  if (state.seat === s) {
    const you = document.createElement("span");
    you.className = "badge you";
    you.textContent = t("you");
    head.append(you);
    if (!seat.bot) head.append(renameButton());
  }
  if (state.active.includes(s) && !state.outcome) {
    const turn = document.createElement("span");
    turn.className = "turn-mark";
    turn.setAttribute("aria-hidden", "true");
    turn.textContent = "●";
    head.append(turn);
  }
  box.append(head);
  if (game.module.summary) {
    const line = document.createElement("div");
    line.className = "summary";
    line.append(...parts(game.module.summary(s, ctx)));
    box.append(line);
  }
  box.append(...parts(game.module.plate(s, ctx)));
  return box;
}

function drawTable(ctx) {
  const { me, others } = order();
  $("others").replaceChildren(...others.map((s) => plateOf(s, ctx, false)));
  $("others").hidden = !others.length;
  $("centre").replaceChildren(...parts(game.module.centre(ctx)));
  $("mine").replaceChildren(plateOf(me, ctx, state.seat !== null));
  const tray = game.module.tray ? game.module.tray(ctx) : null;
  const opened = Boolean(tray) && $("tray").hidden;
  $("tray").hidden = !tray;
  $("tray").replaceChildren(...parts(tray));
  // A move in progress (the tray) comes to where the player looks: on a phone it opens below
  // a long table, out of sight, and the player sees only the status change.
  if (opened) inView($("tray"));
}

// Scroll so that all of ``nodes`` are in sight if they fit the window, else from the first's
// top; not at all if they are in sight already. (A game module has it as ctx.inView.) In
// sight is below the status bar, which stays at the window's top (sticky, of varying height).
function inView(...nodes) {
  const boxes = nodes.filter((n) => n && n.isConnected && !n.hidden).map((n) => n.getBoundingClientRect());
  if (!boxes.length) return;
  const margin = 8;
  const top = Math.min(...boxes.map((b) => b.top)) - margin - $("bar").offsetHeight;
  // A plate docked at the window's foot (a game's phone layout: position sticky) hides what
  // scrolls under it, unless what is sought is in it.
  const mine = $("mine");
  const docked = getComputedStyle(mine).position === "sticky" && !nodes.some((n) => mine.contains(n));
  const bottom = Math.max(...boxes.map((b) => b.bottom)) + margin + (docked ? mine.offsetHeight : 0);
  if (top >= 0 && bottom <= innerHeight) return;
  const by = bottom - top > innerHeight || top < 0 ? top : bottom - innerHeight;
  window.scrollTo({ top: scrollY + by, behavior: reducedMotion.matches ? "auto" : "smooth" });
}

function drawStatus(ctx) {
  const status = $("status");
  // (The status stays at the window's top: a game may say it shorter, its table showing the rest.)
  const said = (game.module.status && game.module.status(ctx, state.status)) || state.status;
  const language = lang();
  status.replaceChildren();
  if (state.outcome) {
    // Who won, where the eye is; the whole table of scores is further down (a link to it).
    status.append(t("over"));
    if (state.outcome_table) status.append(" — ", say(state.outcome_table.headline, language, nameInText));
    const scores = document.createElement("a");
    scores.href = "#outcome";
    scores.id = "to-scores";
    scores.textContent = t("toScores");
    status.append(" · ", scores);
  } else if (state.legal.length) {
    const strong = document.createElement("strong");
    strong.textContent = t("yourTurn");
    status.append(strong, " — ", say(said, language, nameInText));
  } else {
    if (state.seat === null) status.append(t("spectating"), " ");
    status.append(say(said, language, nameInText));
    const mine = state.seat === null && !state.outcome ? seatLink(room) : null;
    if (mine) {  // watching a game this browser holds a seat in: the way back to it
      const back = document.createElement("a");
      back.href = mine;
      back.id = "back-to-seat";
      back.className = "button primary";
      back.textContent = t("backToSeat");
      status.append(" ", back);
    }
  }
  status.classList.toggle("mine", Boolean(state.legal.length));
  const title = `asobi · ${language === "ja" ? game.names.ja : game.names.en}`;
  document.title = state.legal.length ? `● ${t("yourTurn")} · ${title}` : title;
}

function drawMoves(ctx) {
  const shown = state.legal.filter((code) => !game.module.handles(code, ctx));
  $("moves-section").hidden = !shown.length;
  $("moves").replaceChildren(...shown.map((code) => moveButton(code, null, "")));
}

function drawOutcome() {
  const box = $("outcome");
  if (!state.outcome) { box.hidden = true; return; }
  box.hidden = false;
  const language = lang();
  const table = state.outcome_table;
  const h = document.createElement("h2");
  h.id = "outcome-title";
  // The reader is "you" here as in the status above ("You won", 「あなたの勝ち」), not their
  // name; the table's cells name every seat, and mark the reader's own.
  h.append(t("over"), " — ", say(table.headline, language, nameInText));
  const grid = document.createElement("table");
  grid.className = "score";
  const head = document.createElement("tr");
  for (const column of table.columns) {
    const th = document.createElement("th");
    th.scope = "col";
    th.append(say(column, language, seatName));
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  for (const row of table.rows) {
    const tr = document.createElement("tr");
    row.forEach((cell, i) => {
      const td = document.createElement(i === 0 ? "th" : "td");
      if (i === 0) td.scope = "row";
      td.append(say(cell, language, seatName));
      tr.append(td);
    });
    tbody.append(tr);
  }
  grid.append(thead, tbody);
  markYou(grid);
  // On a phone a wide table scrolls sideways in its own box, its headings and names whole.
  const wrap = document.createElement("div");
  wrap.className = "score-wrap";
  wrap.tabIndex = 0;  // a box that scrolls is reached by the keys too
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-labelledby", "outcome-title");
  wrap.append(grid);
  box.replaceChildren(h, wrap);
  const record = $("record");
  record.hidden = false;
  record.href = `/api/rooms/${room}/record`;
  record.setAttribute("download", `${game.id}-${room}.json`);
}

// The headings of the score table that name the reader's seat (its row, or its column where
// the players are the columns) get a "you" badge, and its row a mark.
function markYou(grid) {
  if (state.seat === null) return;
  for (const name of grid.querySelectorAll(`th .who[data-seat="${state.seat}"]`)) {
    const th = name.closest("th");
    if (th.querySelector(".badge.you")) continue;
    const you = document.createElement("span");
    you.className = "badge you";
    you.textContent = t("you");
    th.append(you);
    if (th.scope === "row") th.parentElement.classList.add("you");
  }
}

function drawLog() {
  const language = lang();
  const ctx = state && game.module?.logLine ? context() : null;
  const items = log.slice(-200).reverse().map((entry, i) => {
    const li = document.createElement("li");
    if (i === 0) li.classList.add("latest");
    // What settles a round (a challenge, a launch, a scoring) stands out from the turns between.
    if (entry.said.some((words) => words.milestone)) li.classList.add("milestone");
    if (entry.undone) li.classList.add("undone");
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = String(entry.number);
    li.append(n);
    const said = entry.said.length ? entry.said : [about(entry.seat, "moved")];
    said.forEach((words, k) => {
      if (k) li.append(" · ");
      li.append(say(words, language, nameInText));
    });
    // Your seat's move made by the bot that took it over: "You took…" was not you.
    if (state && entry.seat === state.seat && entry.by && entry.by !== "seat") {
      li.append(" ", t("byBot"));
    }
    if (ctx) game.module.logLine(li, entry, ctx);
    return li;
  });
  $("log").replaceChildren(...items);
}

// --- feedback: cards that move slide from where they were ---------------------------------
function positions() {
  const at = new Map();
  for (const el of $("felt").querySelectorAll("[data-card]")) {
    if (!at.has(el.dataset.card)) at.set(el.dataset.card, el.getBoundingClientRect());
  }
  const deck = $("felt").querySelector("[data-pile='deck']");
  return { at, deck: deck ? deck.getBoundingClientRect() : null };
}

function slide(before) {
  if (!before || reducedMotion.matches) return;
  const seen = new Set();
  for (const el of $("felt").querySelectorAll("[data-card]")) {
    const code = el.dataset.card;
    if (seen.has(code)) continue;
    seen.add(code);
    const now = el.getBoundingClientRect();
    const was = before.at.get(code) || before.deck;
    if (!was) continue;
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)`, opacity: before.at.has(code) ? 1 : 0.3 },
        { transform: "none", opacity: 1 }],
      { duration: 320, easing: "cubic-bezier(.2,.7,.3,1)" },
    );
  }
}

function markLastMove() {
  if (!lastMove) return;
  const cards = new Set(lastMove.said.flatMap(cardsNamed));
  for (const el of $("felt").querySelectorAll("[data-card]")) {
    el.classList.toggle("last", cards.has(el.dataset.card));
  }
  const plate = $("felt").querySelector(`.plate[data-seat='${lastMove.seat}']`);
  if (plate) plate.classList.add("acted");
}

// Keep the keyboard's place across a redraw: the same move, card or control.
const NEXT_MOVE = ["#felt button[data-code]", "#felt button[data-card]", "#moves button"]
  .map((at) => `${at}:not([disabled])`).join(", ");

function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  if (el.dataset.code) return `[data-code="${CSS.escape(el.dataset.code)}"]`;
  if (el.dataset.card) return `[data-card="${CSS.escape(el.dataset.card)}"]`;
  return null;
}

function draw(animate = false) {
  if (!state || !game.module) return;
  // What the page shows, for scripts that drive it (the browser tests): the move count and
  // this seat's own legal moves, nothing the view does not already hold.
  document.body.dataset.number = String(state.number);
  document.body.dataset.legal = JSON.stringify(state.legal);
  document.body.dataset.over = state.outcome ? "1" : "";
  if (seats[state.seat]?.joined !== false) delete document.body.dataset.joining;
  const key = focusKey();
  const before = animate ? positions() : null;
  const ctx = context();
  drawStatus(ctx);
  drawClock();
  drawTable(ctx);
  drawMoves(ctx);
  drawOutcome();
  drawLog();
  markLastMove();
  slide(before);
  if (key) {
    // Back where it was; a move's control that the move took away (a card discarded) hands
    // the focus to the first move on offer now, not to the top of the page.
    const again = document.querySelector(key)
      || (key.startsWith("[data-") ? document.querySelector(NEXT_MOVE) : null);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }
  const seated = state.seat !== null && !seats[state.seat]?.bot;
  $("leave").hidden = !seated || Boolean(state.outcome);
  // A bot took this seat over (its person left, or their time ran out, maybe before they
  // came): theirs again at a click.
  $("back").hidden = state.seat === null || !token || !seats[state.seat]?.bot || Boolean(state.outcome);
  const mayUndo = seated && !state.outcome && lastMove && lastMove.seat === state.seat &&
    lastMove.by === "seat" && stillMyTurn() && undoRefused !== state.number;
  if (mayUndo && undoChecked !== state.number) {
    // Whether the server would take it back (a card shown, a die rolled, a choice the rules
    // make final: no): asked once a move, and offered only if so.
    undoChecked = state.number;
    send({ type: "can_undo" });
  }
  $("undo").hidden = !mayUndo || undoOk !== state.number;
  $("rematch").hidden = state.seat === null || !state.outcome || !$("rematch-link").hidden;
  offerName();
}

// Whether the latest move, this seat's own, left it still deciding: the server's first test
// of a take-back (asobi.core.takeback), so that "Take back" is not offered for a move that
// ended the turn. Still this seat's turn, or a decision made together (a secret bid) that
// only others it waited for have still to make.
function stillMyTurn() {
  const now = state.active;
  if (now.includes(state.seat)) return true;
  const before = (lastMove.activeBefore || []).filter((s) => s !== state.seat);
  return now.length > 0 && now.every((s) => before.includes(s));
}

// --- a link to watch ------------------------------------------------------------------------
// The page's own address holds its seat's secret token: friends who copy it to say "come and
// see" would hand over their hand. The link to give is the room's, without it.
// Leaving hands the seat to a bot at once (at a table of bots it plays the game out in a
// second), and the button sits among others: a first click asks, a second within a few
// seconds leaves; not a double click's second, which comes before the words could be read.
const LEAVE_ASKS_MS = 5000;
const LEAVE_READ_MS = 600;
let leaveAsked = 0;
function leave() {
  const button = $("leave");
  const since = Date.now() - leaveAsked;
  if (since < LEAVE_READ_MS) return;
  const asking = since < LEAVE_ASKS_MS;
  leaveAsked = asking ? 0 : Date.now();
  button.classList.toggle("asking", !asking);
  button.textContent = t(asking ? "leave" : "leaveSure");
  if (asking) {
    send({ type: "leave" });
    return;
  }
  setTimeout(() => {
    if (leaveAsked && Date.now() - leaveAsked >= LEAVE_ASKS_MS) {
      leaveAsked = 0;
      button.classList.remove("asking");
      button.textContent = t("leave");
    }
  }, LEAVE_ASKS_MS + 50);
}

function shareWatching() {
  const link = `${location.origin}${location.pathname}`;
  const input = $("watch-link");
  input.value = link;
  $("shared").hidden = false;
  input.focus();
  input.select();
  navigator.clipboard?.writeText(link).then(
    () => {
      $("share").textContent = `${t("share")} ✓ ${t("copied")}`;
      setTimeout(() => { $("share").textContent = t("share"); }, 3000);
    },
    () => {},  // (not allowed here: the link is selected, to copy by hand)
  );
}

// --- your name ----------------------------------------------------------------------------
function sendName(name) {
  const clean = name.trim().slice(0, 40);
  if (!clean) return;
  localStorage.setItem("asobi-name", clean);
  send({ type: "name", name: clean });
}

// (Its words carry their keys, so that the page's language button changes them too.)
function nameForm(onDone, prompt, saveKey = "join") {
  const form = document.createElement("form");
  form.className = "name-form";
  const label = document.createElement("label");
  const input = document.createElement("input");
  input.id = "name-input";
  input.maxLength = 40;
  input.autocomplete = "nickname";
  input.dataset.tPlaceholder = "namePlaceholder";
  input.placeholder = t("namePlaceholder");
  input.value = localStorage.getItem("asobi-name") || "";
  const said = document.createElement("span");
  said.dataset.t = prompt;
  said.textContent = t(prompt);
  label.append(said, " ", input);
  const save = document.createElement("button");
  save.className = "primary";
  save.id = "name-save";
  save.dataset.t = saveKey;
  save.textContent = t(saveKey);
  const skip = document.createElement("button");
  skip.type = "button";
  skip.dataset.t = "skip";
  skip.textContent = t("skip");
  skip.addEventListener("click", () => onDone());
  form.append(label, save, skip);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    sendName(input.value);
    onDone();
  });
  return form;
}

// Joining the table: a seat's turn clock starts afresh when its person joins, so the form
// costs them no time (a name sent joins too; "Skip" joins without one).
// (Marked on the page until the server tells the seat joined, for scripts that drive it:
// the table is drawn again then.)
function join() {
  document.body.dataset.joining = "1";
  send({ type: "join" });
}

function offerName() {
  if (named || state.seat === null) return;
  const seat = seats[state.seat];
  if (!seat || seat.bot || seat.joined !== false) { named = true; return; }
  named = true;
  if (seat.name) { join(); return; }  // named as the room was made
  const stored = localStorage.getItem("asobi-name");
  if (stored) { sendName(stored); join(); return; }
  const box = $("join");
  box.hidden = false;
  const form = nameForm(() => { box.hidden = true; join(); }, "joinAs");
  if (turnSeconds) {
    const note = document.createElement("p");
    note.className = "muted";
    note.id = "clock-waits";
    note.dataset.t = "clockWaits";
    note.textContent = t("clockWaits");
    form.append(note);
  }
  box.replaceChildren(form);
}

function renameButton() {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "icon";
  b.id = "rename";
  b.textContent = "✎";
  b.title = t("rename");
  b.setAttribute("aria-label", t("rename"));
  b.addEventListener("click", () => {
    const box = $("join");
    box.hidden = false;
    const form = nameForm(() => { box.hidden = true; }, "yourName", "save");
    box.replaceChildren(form);
    form.querySelector("input").focus();
  });
  return b;
}

// --- messages -----------------------------------------------------------------------------
function remember(message) {
  let said = message.said || [];
  let step = false;
  // (A catch-up's moves come before the first state: the page's seat is hello's.)
  if (!said.length && message.seat === mySeat && message.code) {
    // Your own move that showed nothing (a step of a move of several): its words as a
    // button (none in a catch-up, which has no buttons yet: "You moved").
    const words = state?.labels[message.code];
    said = words ? [{ en: `{s:${message.seat}}: ${words.en}`, ja: `{s:${message.seat}}:${words.ja}` }] : [];
    step = true;
  } else if (!said.length && message.seat !== mySeat && message.state?.active.includes(message.seat)) {
    return;  // a step of another's move still in progress that shows you nothing: told when done
  } else {
    // The move that completes them says what they came to ("You published…"): the steps,
    // told as their buttons while it was in progress, give way to it.
    while (log.length && log[log.length - 1].step && log[log.length - 1].seat === message.seat) log.pop();
  }
  log.push({ number: message.number, seat: message.seat, said, by: message.by, step, events: message.events || [] });
}

// The log's line for a bot playing ``seat`` from now on, by the page's words ``key``: the
// seat's name inside the sentence ("A bot plays for you", not "You is played"), its level.
function tookOver(seat, bot, key, at = number) {
  const words = pair(key);
  const level = levelWords(bot);
  const who = `{s:${seat}}`;
  return { number: at, seat, botPlays: true, said: [{
    en: `${words.en.replace("{s}", who)} (${level.en})`,
    ja: `${words.ja.replace("{s}", who)}(${level.ja})`,
  }] };
}

// The log's line for ``seat``'s person playing it again, after move ``at``.
function cameBack(seat, at) {
  return { number: at, seat, botPlays: false, said: [about(seat, "cameBack")] };
}

// The log's line for ``seat``'s move taken back, leaving ``at`` moves (the next is at + 1).
function tookBack(seat, at) {
  return { number: at + 1, seat, said: [about(seat, "tookBack")] };
}

// Whether the log's last word on ``seat`` is that a bot plays it.
function botSaid(seat) {
  const last = log.findLast((entry) => entry.seat === seat && entry.botPlays !== undefined);
  return Boolean(last && last.botPlays);
}

function onMessage(message) {
  let animate = false;
  if (["move", "state", "undo", "error", "takeover"].includes(message.type)) waiting = -1;
  switch (message.type) {
    case "hello":
      // The link opened a seat (the server knows its token): this browser's way back to it.
      if (token && message.seat !== null) rememberSeat(room, location.pathname + location.search);
      mySeat = message.seat;
      seats = message.seats;
      turnSeconds = message.turn_seconds || null;
      hints = message.hints === true;
      break;
    case "presence":
      for (const [s, seat] of message.seats.entries()) {
        // (their clock starts afresh, as the server's does: the time left told before
        // no longer holds)
        if (seat.joined && seats[s]?.joined === false) {
          delete clockStart[s];
          if (state?.time_left) delete state.time_left[s];
        }
      }
      seats = message.seats;
      break;
    case "state":
      {
        const first = state === null;
        state = message;
        seats = message.seats;
        number = message.number;
        // Opened on a seat a bot plays (the person left, or their time ran out before they
        // came): the log, rebuilt from the moves, says so, or its "You…" would seem theirs.
        const bot = first && state.seat !== null ? seats[state.seat]?.bot : null;
        if (bot && !state.outcome && !botSaid(state.seat)) log.push(tookOver(state.seat, bot, "tookOver"));
      }
      break;
    case "move":
      // Each move once, in order: the moves before this page opened (the log's history),
      // then each new one with the state it leaves.
      if (message.number > number) {
        remember(message);
        number = message.number;
        lastMove = {
          seat: message.seat, by: message.by, said: message.said || [],
          activeBefore: message.state && state ? state.active : null,
        };
        if (message.state) {
          state = message.state;
          seats = state.seats;
          animate = true;
        }
        // A refusal is about the table as it was: your own move since, or the game's end,
        // leaves it behind.
        if (state && (message.seat === state.seat || state.outcome)) $("problem").textContent = "";
      }
      break;
    case "was":
      // Before this page opened (or while it was away): told where it happened, once.
      if (message.at > happened) {
        happened = message.at;
        if (message.kind === "takeover") {
          log.push(tookOver(message.seat, message.bot, message.why === "time" ? "tookOverTime" : "tookOver", message.number));
        } else if (message.kind === "back") {
          log.push(cameBack(message.seat, message.number));
        } else {
          log.push(tookBack(message.seat, message.number));
        }
      }
      break;
    case "takeover":
      happened = Math.max(happened, message.at || 0);
      log.push(tookOver(message.seat, message.bot, message.why === "time" ? "tookOverTime" : "tookOver"));
      state = message.state;
      seats = state.seats;
      break;
    case "back":
      happened = Math.max(happened, message.at || 0);
      log.push(cameBack(message.seat, number));
      state = message.state;
      seats = state.seats;
      break;
    case "undo":
      // The move number comes round again: what the server said of a take-back then no
      // longer holds (a card taken back from the discards, then a card drawn from the deck).
      undoChecked = undoOk = undoRefused = -1;
      // The move taken back stays in the log, struck through, above the line that says so.
      happened = Math.max(happened, message.at || 0);
      for (const entry of log) if (entry.number > message.number) entry.undone = true;
      log.push(tookBack(message.seat, message.number));
      lastMove = null;
      state = message.state;
      seats = state.seats;
      number = state.number;
      break;
    case "can_undo":
      if (message.ok) undoOk = message.number;
      else undoRefused = message.number;
      break;
    case "rematch": {
      const link = $("rematch-link");
      link.href = message.link;
      link.textContent = t("playAgain");
      link.hidden = false;
      break;
    }
    case "error":
      if (undoAsked === number) undoRefused = number;
      {
        // The server's refusals a person can meet come in both languages, moves in words.
        const language = lang();
        const said = message.said
          ? plain(message.said, language, nameInText, (code) => cardName(code, language))
          : message.message;
        const rule = message.rule ? ` (${t("rule")}: ${message.rule})` : "";
        $("problem").textContent = `${t("refused")}: ${said}${rule}`;
      }
      break;
    default:
      break;
  }
  if (state) {
    // (A seat's person joining, told by "presence", starts their clock afresh.)
    if (message.state || ["state", "presence"].includes(message.type)) {
      startClocks(message.type === "move" ? message.seat : null);
    }
    draw(animate);
  }
}

// --- the turn timer -------------------------------------------------------------------------
// As the server keeps it: a person's time starts when their turn does and runs on through
// their own moves in it, until someone else moves. The server says how much is left where it
// knows (the process that runs the room's timer); otherwise the page counts from when it
// heard of the turn.
function startClocks(mover) {
  if (!turnSeconds) return;
  const now = performance.now();
  for (const s of Object.keys(clockStart)) {
    const n = Number(s);
    if (!state.active.includes(n) || (mover !== null && n !== mover)) delete clockStart[s];
  }
  for (const s of state.active) {
    if (seats[s]?.bot) continue;
    const left = state.time_left?.[s];
    if (left !== undefined) clockStart[s] = now - (turnSeconds - left) * 1000;
    else if (clockStart[s] === undefined) clockStart[s] = now;
  }
}

function drawClock() {
  const clock = $("clock");
  const running = state && !state.outcome && turnSeconds
    ? state.active.filter((s) => clockStart[s] !== undefined) : [];
  clock.hidden = !running.length;
  if (!running.length) return;
  const s = running.includes(state.seat) ? state.seat : running[0];
  const left = Math.max(0, Math.ceil(turnSeconds - (performance.now() - clockStart[s]) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const who = s === state.seat ? [] : [nameEl(s), " "];
  clock.replaceChildren(...who, lang() === "ja" ? `${t("timeLeft")} ${time}` : `${time} ${t("timeLeft")}`);
  clock.classList.toggle("low", left <= 10);
}

// A link that opens nothing here: said in the page's words, with the way to the lobby.
function lost(key) {
  const lobby = document.createElement("a");
  lobby.href = "/";
  lobby.textContent = t("toLobby");
  $("problem").replaceChildren(t(key), " ", lobby);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  query.set("since", String(number));  // the moves this page has not seen, from the first
  ws = new WebSocket(`${proto}://${location.host}/api/rooms/${room}/ws?${query}`);
  ws.addEventListener("message", (e) => onMessage(JSON.parse(e.data)));
  ws.addEventListener("close", (e) => {
    if (e.code === 4403 || e.code === 4404) {  // a wrong link or room: nothing to retry
      lost(e.code === 4404 ? "noRoom" : "badLink");
      return;
    }
    // Too many connections from this address: its error stays shown, and a try now and then.
    if (e.code === 4429) { setTimeout(connect, 10000); return; }
    $("problem").textContent = t("reconnecting");
    setTimeout(connect, 1000);
  });
  ws.addEventListener("open", () => { $("problem").textContent = ""; });
}

function translate() {
  markLang();
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-t-label]").forEach((el) => el.setAttribute("aria-label", t(el.dataset.tLabel)));
  document.querySelectorAll("[data-t-placeholder]").forEach((el) => { el.placeholder = t(el.dataset.tPlaceholder); });
  $("lang-slot").replaceChildren(languageButton(() => { translate(); draw(); }));
  if (game.names.en) $("game-name").textContent = both(game.names.en, game.names.ja);
}

function keydown(event) {
  if (!state || !game.module.keydown) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
  if (game.module.keydown(event, context())) event.preventDefault();
}

// The game's own style sheet, loaded before its table is drawn (null: none).
function styled(href) {
  if (!href) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);  // the table is still playable unstyled
  });
  document.head.append(link);
  return loaded;
}

async function start() {
  const answer = await fetch(`/api/rooms/${room}`);
  if (!answer.ok) {
    translate();
    lost("noRoom");
    return;
  }
  const info = await answer.json();
  game.id = info.game;
  game.names = { en: info.name_en, ja: info.name_ja };
  const [assets, games] = await Promise.all([
    fetch(`/api/games/${info.game}/assets`).then((r) => r.json()),
    fetch("/api/games").then((r) => r.json()),
  ]);
  const entry = games.find((g) => g.id === info.game) || {};
  game.assets = assets;
  game.levels = entry.levels || {};
  useDeck(assets.deck);
  // A game without a module of its own is drawn from its view alone.
  const [module] = await Promise.all([import(entry.table || "/static/generic.js"), styled(entry.style)]);
  game.module = module;
  document.body.dataset.game = info.game;
  document.body.classList.toggle("dock-hand", module.dockHand === true);
  translate();
  $("leave").addEventListener("click", leave);
  $("back").addEventListener("click", () => send({ type: "back" }));
  $("share").addEventListener("click", shareWatching);
  setInterval(drawClock, 1000);
  $("undo").addEventListener("click", () => {
    undoAsked = number;
    send({ type: "undo" });
  });
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  document.addEventListener("keydown", keydown);
  connect();
}

start();
