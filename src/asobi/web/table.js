// A game table: one websocket to the server, which sends this seat's view and legal moves;
// the page draws them (through the game's own module, games/<id>.js, where there is one)
// and sends back the move a player clicks. Illegal choices are not offered; if the server
// refuses one anyway, its reason is shown.
import { both, languageButton, t } from "/static/i18n.js";
import * as generic from "/static/games/generic.js";

const $ = (id) => document.getElementById(id);
const room = location.pathname.split("/").pop();
const token = new URLSearchParams(location.search).get("token");

const game = { id: null, module: generic, assets: {}, names: { en: "", ja: "" } };
let hello = null;
let state = null;   // the last "state" message
let seats = [];     // names, bots, connection
let number = 0;     // moves seen
let ws = null;
const log = [];     // [number, seat, text]
let lastMove = null; // {seat, by} of the latest move, for "take back"

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

export function act(code) {
  $("problem").textContent = "";
  send({ type: "act", action: code });
}

function seatName(s) {
  if (s === null || s === undefined) return "";
  const seat = seats[s];
  const name = seat ? (seat.bot ? `${seat.name} (${seat.bot})` : seat.name) : `${t("seat")} ${s + 1}`;
  return state && s === state.seat ? `${name} — ${t("you")}` : name;
}

function context() {
  return {
    view: state.view, legal: state.legal, seat: state.seat, active: state.active,
    act, t, seatName, assets: game.assets, lang: localStorage.getItem("asobi-lang") === "ja" ? "ja" : "en",
    outcome: state.outcome, room,
  };
}

function drawSeats() {
  const boxes = seats.map((s, i) => {
    const box = document.createElement("div");
    box.className = "seat" + (state && state.active.includes(i) ? " active" : "");
    box.dataset.seat = String(i);
    const dot = document.createElement("span");
    dot.className = "dot" + (s.connected || s.bot ? " on" : "");
    dot.title = s.bot ? `${t("bot")} ${s.bot}` : (s.connected ? t("connected") : t("away"));
    box.append(dot, seatName(i));
    if (state && game.module.seatLine) {
      const line = document.createElement("div");
      line.className = "muted";
      line.textContent = game.module.seatLine(i, context());
      box.append(line);
    }
    return box;
  });
  $("seats").replaceChildren(...boxes);
}

function drawStatus() {
  if (!state) return;
  const status = $("status");
  if (state.outcome) status.textContent = t("over");
  else if (state.seat === null) status.textContent = `${t("spectating")} ${t("waiting")} ${state.active.map(seatName).join(", ")}`;
  else if (state.legal.length) status.textContent = t("yourTurn");
  else status.textContent = `${t("waiting")} ${state.active.map(seatName).join(", ")}`;
  status.classList.toggle("ok", Boolean(state.legal.length));
}

function drawMoves() {
  const box = $("moves");
  const shown = state.legal.filter((code) => !(game.module.handles && game.module.handles(code, context())));
  $("moves-section").hidden = !shown.length;
  box.replaceChildren(...shown.map((code) => {
    const button = document.createElement("button");
    button.dataset.code = code;
    button.textContent = game.module.label ? game.module.label(code, context()) : code;
    button.addEventListener("click", () => act(code));
    return button;
  }));
}

function drawOutcome() {
  const box = $("outcome");
  if (!state.outcome) { box.hidden = true; return; }
  box.hidden = false;
  const rows = state.outcome.scores.map((score, s) =>
    `<tr><td>${seatName(s)}</td><td>${score}</td><td>${state.outcome.ranks[s]}</td></tr>`).join("");
  box.innerHTML = `<h2>${t("over")}</h2><table class="score"><tr><th>${t("seat")}</th><th>${t("score")}</th><th>${t("rank")}</th></tr>${rows}</table>`;
  const details = document.createElement("div");
  details.className = "view";
  details.append(generic.describeValue(state.outcome.details));
  box.append(details);
  const record = $("record");
  record.hidden = false;
  record.href = `/api/rooms/${room}/record`;
  record.setAttribute("download", `${game.id}-${room}.json`);
}

function drawLog() {
  $("log").replaceChildren(...log.slice(-200).reverse().map(([n, s, text]) => {
    const line = document.createElement("div");
    line.textContent = `${n}. ${seatName(s)}: ${text}`;
    return line;
  }));
}

function draw() {
  if (!state) return;
  // What the page shows, for scripts that drive it (the browser tests): the move count and
  // this seat's own legal moves, nothing the view does not already hold.
  document.body.dataset.number = String(state.number);
  document.body.dataset.legal = JSON.stringify(state.legal);
  document.body.dataset.over = state.outcome ? "1" : "";
  drawStatus();
  drawSeats();
  game.module.render($("table"), context());
  drawMoves();
  drawOutcome();
  drawLog();
  const seated = state.seat !== null && !seats[state.seat]?.bot;
  $("leave").hidden = !seated || Boolean(state.outcome);
  $("undo").hidden = !seated || Boolean(state.outcome) || !lastMove ||
    lastMove.seat !== state.seat || lastMove.by !== "seat";
  $("rematch").hidden = state.seat === null || !state.outcome || !$("rematch-link").hidden;
}

function remember(message) {
  const events = message.events || [];
  const words = events.map((e) => (game.module.describe ? game.module.describe(e, context()) : null) || generic.describeEvent(e))
    .filter(Boolean);
  const text = words.length ? words.join("; ") : (message.code || "…");
  log.push([message.number, message.seat, text]);
}

function onMessage(message) {
  switch (message.type) {
    case "hello":
      hello = message;
      seats = message.seats;
      break;
    case "presence":
      seats = message.seats;
      break;
    case "state":
      state = message;
      seats = message.seats;
      number = message.number;
      break;
    case "move":
      if (message.number > number || !state) {
        if (state) remember(message);
        lastMove = { seat: message.seat, by: message.by };
        if (message.state) { state = message.state; seats = state.seats; number = state.number; }
      }
      break;
    case "takeover":
      log.push([number, message.seat, `${t("took")}: ${message.bot} (${message.why})`]);
      state = message.state;
      seats = state.seats;
      break;
    case "undo":
      log.push([message.number + 1, message.seat, t("tookBack")]);
      lastMove = null;
      state = message.state;
      seats = state.seats;
      number = state.number;
      break;
    case "rematch": {
      const link = $("rematch-link");
      link.href = message.link;
      link.textContent = t("playAgain");
      link.hidden = false;
      break;
    }
    case "error":
      $("problem").textContent = `${t("refused")}: ${message.message}${message.rule ? ` [${message.rule}]` : ""}`;
      break;
    default:
      break;
  }
  if (state) draw();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if (state) query.set("since", String(number));
  ws = new WebSocket(`${proto}://${location.host}/api/rooms/${room}/ws?${query}`);
  ws.addEventListener("message", (e) => onMessage(JSON.parse(e.data)));
  ws.addEventListener("close", (e) => {
    if (e.code === 4403 || e.code === 4404) return;  // a wrong link or room: nothing to retry
    // Too many connections from this address: its error stays shown, and a try now and then.
    if (e.code === 4429) { setTimeout(connect, 10000); return; }
    $("problem").textContent = t("reconnecting");
    setTimeout(connect, 1000);
  });
  ws.addEventListener("open", () => { $("problem").textContent = ""; });
}

function translate() {
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  $("lang-slot").replaceChildren(languageButton(() => { translate(); draw(); }));
  if (game.names.en) $("game-name").textContent = both(game.names.en, game.names.ja);
}

async function start() {
  const info = await (await fetch(`/api/rooms/${room}`)).json();
  game.id = info.game;
  game.names = { en: info.name_en, ja: info.name_ja };
  document.title = `asobi · ${info.name_en}`;
  game.assets = await (await fetch(`/api/games/${info.game}/assets`)).json();
  try {
    game.module = await import(`/static/games/${info.game}.js`);
  } catch {
    game.module = generic;
  }
  translate();
  $("leave").addEventListener("click", () => send({ type: "leave" }));
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  connect();
}

start();
