// The lobby: make a room (your name; who sits where: you, friends with invite links, bots by
// level; a turn timer) and watch the games in play. Names are only ever inserted as text.
import { both, lang, languageButton, markLang, numbered, t } from "/static/i18n.js";
import { rememberSeat, seatLink } from "/static/seats.js";

const TIMER_MIN = 10;  // seconds a turn at least, when the lobby sets a timer
const TIMER_MAX = 3600;

const $ = (id) => document.getElementById(id);
let games = [];

function translate() {
  markLang();
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  $("name").placeholder = t("namePlaceholder");
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
  // One player is the game's solo mode: said so, where "1" alone hides it.
  const label = (n) => (n === 1 ? `1 (${t("solo")})` : String(n));
  $("players").replaceChildren(...counts.map((n) => new Option(label(n), String(n))));
  // Each game's own default, not the count kept from the game chosen before.
  $("players").value = String(game.default_players);
  describe($("players"), game.options.properties?.players);
  fillChoices();
  fillSeats();
}

// The rules a game lets the table choose (a variant, a house rule): the options its schema
// marks for the lobby, each value named in both languages (core.protocol.lobby_choice).
function fillChoices() {
  const language = lang();
  const kept = Object.fromEntries([...document.querySelectorAll("#choices select")].map((s) => [s.id, s.value]));
  const choices = Object.entries(current().options.properties || {}).filter(([, p]) => p.lobby && p.enum);
  $("choices").replaceChildren(...choices.map(([key, p]) => {
    const select = document.createElement("select");
    select.id = `option-${key}`;
    select.dataset.option = key;
    select.replaceChildren(...p.enum.map((value) => {
      const words = p.lobby.labels[value] || { en: value, ja: value };
      return new Option(language === "ja" ? words.ja : words.en, value);
    }));
    select.value = p.enum.includes(kept[select.id]) ? kept[select.id] : p.default;
    const box = document.createElement("label");
    const name = document.createElement("span");
    name.textContent = language === "ja" ? p.lobby.ja : p.lobby.en;
    box.append(name, " ", select);
    describe(select, p);
    return box;
  }));
}

// An option's description under its control, in the page's language: each option carries
// both with its definition (its schema's ``description`` and ``description_ja``), as text.
function describe(control, property) {
  const id = `${control.id}-about`;
  let about = control.nextElementSibling;  // (a choice's control is new with each game)
  if (about?.id !== id) {
    about = document.createElement("span");
    about.id = id;
    about.className = "about muted";
    about.setAttribute("aria-hidden", "true");  // (told as the control's description, not its name)
    control.after(about);
    control.setAttribute("aria-describedby", id);
  }
  const words = property ? (lang() === "ja" ? property.description_ja : property.description) : "";
  about.textContent = words || property?.description || "";
  about.hidden = !about.textContent;
}

function fillSeats() {
  const n = Number($("players").value);
  const kept = [];
  for (let i = 0; i < n; i++) kept.push($(`seat-${i}`)?.value);
  const legend = document.createElement("legend");
  legend.textContent = t("whoSits");
  const seats = [legend];
  for (let i = 0; i < n; i++) {
    const select = document.createElement("select");
    select.id = `seat-${i}`;
    const options = i === 0 ? [["you", t("you")]] : [];
    options.push(["friend", t("friend")]);
    for (const level of ["random", "easy", "normal", "hard"]) {
      options.push([`bot:${level}`, `${t("bot")}: ${t(level)}`]);
    }
    select.replaceChildren(...options.map(([v, label]) => new Option(label, v)));
    select.value = kept[i] || (i > 0 ? "bot:normal" : "you");
    const box = document.createElement("label");
    box.className = "seat-choice";
    const title = document.createElement("span");
    title.textContent = numbered("seat", i + 1);
    box.append(title, select);
    seats.push(box);
  }
  $("seats").replaceChildren(...seats);
  showHints();
}

// Among several people a hint would play for whoever asks: offered only if the table
// chooses it here (one person against bots has the game's hints anyway).
function showHints() {
  const people = [...document.querySelectorAll("#seats select")].filter((s) => !s.value.startsWith("bot:"));
  $("hints-row").hidden = !current().hints || people.length < 2;
}

// One room a click: a double click made two (the second a stray in "Games in play"). The
// button waits for the server's answer; a room made keeps it off until the form changes.
async function create() {
  const button = $("create");
  if (button.disabled) return;
  button.disabled = true;
  const made = await makeRoom().catch(() => { $("create-error").textContent = t("refused"); return false; });
  if (!made) button.disabled = false;
}

async function makeRoom() {
  $("create-error").textContent = "";
  const n = Number($("players").value);
  const me = $("name").value.trim();
  if (me) localStorage.setItem("asobi-name", me);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = $(`seat-${i}`).value;
    if (v.startsWith("bot:")) seats.push({ bot: v.slice(4) });
    else seats.push(v === "you" && me ? { name: me } : {});
  }
  const options = { players: n };
  for (const select of document.querySelectorAll("#choices select")) options[select.dataset.option] = select.value;
  const body = { game: current().id, options, seats };
  if (!$("hints-row").hidden) body.hints = $("hints").checked;
  const typed = $("timer").value.trim();
  if (typed || $("timer").validity.badInput) {  // ("1e" reads as empty: no timer, silently)
    // Checked here, in the reader's language: a timer too short to read the table by is no
    // game (the server's own bound, 1 s, is for programs).
    const timer = Number(typed);
    if (!Number.isInteger(timer) || timer < TIMER_MIN || timer > TIMER_MAX) {
      $("create-error").textContent = t("timerRange");
      $("timer").focus();
      return false;
    }
    body.turn_seconds = timer;
  }
  const answer = await fetch("/api/rooms", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const room = await answer.json();
  if (!answer.ok) {
    const detail = room.detail;
    $("create-error").textContent = typeof detail === "string"
      ? detail : (Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : t("refused"));
    return false;
  }
  const mine = room.invites.find((i) => i.seat === 0);
  rememberSeat(room.room, mine.link);
  const friends = room.invites.filter((i) => i.seat !== 0);
  if (!friends.length) {
    location.href = mine.link;
    return true;
  }
  const box = $("invites");
  box.hidden = false;
  const h = document.createElement("h3");
  h.textContent = t("invites");
  const parts = [h];
  for (const invite of friends) {
    const row = document.createElement("p");
    row.className = "invite";
    const url = new URL(invite.link, location.href).href;
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = url;
    input.id = `invite-${invite.seat}`;
    label.append(`${numbered("seat", invite.seat + 1)} `, input);
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = t("copy");
    copy.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); copy.textContent = t("copied"); } catch { /* selected: copy by hand */ }
    });
    row.append(label, copy);
    parts.push(row);
  }
  const go = document.createElement("button");
  go.type = "button";
  go.className = "primary";
  go.id = "go";
  go.textContent = `${numbered("seat", 1)} (${t("you")}) →`;
  go.addEventListener("click", () => { location.href = mine.link; });
  parts.push(go);
  box.replaceChildren(...parts);
  return true;
}

function seatLabel(seat, i) {
  if (seat.bot) return numbered("botName", i + 1);
  return seat.name || numbered("player", i + 1);
}

async function showRooms() {
  const rooms = await (await fetch("/api/rooms")).json();
  if (!rooms.length) {
    $("rooms").textContent = t("noRooms");
    return;
  }
  const list = document.createElement("ul");
  list.className = "room-list";
  for (const room of rooms) {
    const item = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = both(room.name_en, room.name_ja);
    const who = document.createElement("span");
    who.className = "muted";
    who.textContent = room.seats.map(seatLabel).join(" · ");
    const moves = document.createElement("span");
    moves.className = "muted";
    moves.textContent = `${room.moves} ${t(room.moves === 1 ? "moveSoFar" : "movesSoFar")}`;
    // Back to this browser's own seat where it holds one, else to watch.
    const link = document.createElement("a");
    const seat = seatLink(room.room);
    link.href = seat || `/play/${encodeURIComponent(room.room)}`;
    link.textContent = t(seat ? "yourSeat" : "watch");
    if (seat) link.className = "button primary";
    item.append(name, who, moves, link);
    list.append(item);
  }
  $("rooms").replaceChildren(list);
}

async function start() {
  games = await (await fetch("/api/games")).json();
  $("name").value = localStorage.getItem("asobi-name") || "";
  translate();
  fillGames();
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("seats").addEventListener("change", showHints);
  $("create").addEventListener("click", create);
  // Another room wanted after one was made: a change to the form offers the button again.
  $("create").closest("form, main, body").addEventListener("change", () => { $("create").disabled = false; });
  showRooms();
  setInterval(showRooms, 5000);
}

start();
