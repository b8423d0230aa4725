// The lobby: make a room (who sits where: you, friends with invite links, bots by level)
// and watch the games in play.
import { both, languageButton, t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

function translate() {
  document.documentElement.lang = localStorage.getItem("asobi-lang") || "en";
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  $("lang-slot").replaceChildren(languageButton(() => { translate(); fillGames(); showRooms(); }));
}

function fillGames() {
  const chosen = $("game").value;
  $("game").replaceChildren(...games.map((g) => new Option(both(g.name_en, g.name_ja), g.id)));
  if (chosen) $("game").value = chosen;
  fillPlayers();
}

function current() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

function fillPlayers() {
  const game = current();
  const counts = [...game.seat_counts].sort((a, b) => a - b);
  $("players").replaceChildren(...counts.map((n) => new Option(String(n), String(n))));
  $("players").value = String(game.default_players);
  fillSeats();
}

function fillSeats() {
  const n = Number($("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    const options = i === 0 ? [["you", t("you")]] : [];
    options.push(["friend", t("friend")]);
    for (const level of ["random", "easy", "normal", "hard"]) {
      options.push([`bot:${level}`, `${t("bot")}: ${t(level)}`]);
    }
    select.replaceChildren(...options.map(([v, label]) => new Option(label, v)));
    if (i > 0) select.value = "bot:normal";
    const box = document.createElement("label");
    box.className = "seat";
    box.append(`${t("seat")} ${i + 1} `, select);
    seats.push(box);
  }
  $("seats").replaceChildren(...seats);
}

async function create() {
  $("create-error").textContent = "";
  const n = Number($("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = $(`seat-${i}`).value;
    seats.push(v.startsWith("bot:") ? { bot: v.slice(4) } : { name: `player ${i + 1}` });
  }
  const body = { game: current().id, options: { players: n }, seats };
  const timer = Number($("timer").value);
  if (timer) body.turn_seconds = timer;
  const answer = await fetch("/api/rooms", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const room = await answer.json();
  if (!answer.ok) {
    $("create-error").textContent = typeof room.detail === "string" ? room.detail : JSON.stringify(room.detail);
    return;
  }
  const mine = room.invites.find((i) => i.seat === 0);
  const friends = room.invites.filter((i) => i.seat !== 0);
  if (!friends.length) {
    location.href = mine.link;
    return;
  }
  const box = $("invites");
  box.hidden = false;
  box.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = t("invites");
  box.append(h);
  for (const invite of friends) {
    const p = document.createElement("p");
    const url = new URL(invite.link, location.href).href;
    p.innerHTML = `${t("seat")} ${invite.seat + 1}: <input readonly size="60" value="${url}">`;
    box.append(p);
  }
  const go = document.createElement("button");
  go.className = "primary";
  go.textContent = `${t("seat")} 1 (${t("you")}) →`;
  go.addEventListener("click", () => { location.href = mine.link; });
  box.append(go);
}

async function showRooms() {
  const rooms = await (await fetch("/api/rooms")).json();
  if (!rooms.length) {
    $("rooms").textContent = t("noRooms");
    return;
  }
  const list = document.createElement("div");
  for (const room of rooms) {
    const row = document.createElement("div");
    row.className = "row";
    const who = room.seats.map((s) => s.bot ? `${t("bot")} ${s.bot}` : s.name).join(", ");
    const link = document.createElement("a");
    link.href = `/play/${room.room}`;
    link.textContent = t("watch");
    row.append(`${both(room.name_en, room.name_ja)} — ${who} — ${room.moves} `, link);
    list.append(row);
  }
  $("rooms").replaceChildren(list);
}

async function start() {
  games = await (await fetch("/api/games")).json();
  translate();
  fillGames();
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("create").addEventListener("click", create);
  showRooms();
  setInterval(showRooms, 5000);
}

start();
