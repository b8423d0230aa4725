// Starmine Rummy Pocket (スターマイン・ラミー ポケット): your hand as cards to click, the
// three rows (列) of each player, the deck (山札) and the discards (捨て札). Click cards, then
// the row to place them on or "discard"; click the deck or a discard to draw.

const ROWS = ["opening", "main", "finale"];
const WORDS = {
  opening: ["Opening", "オープニング"], main: ["Main", "メイン"], finale: ["Finale", "フィナーレ"],
  seq: ["sequence", "シーケンス"], three: ["three of a kind", "3カード"], pair: ["pair", "ペア"],
  deck: ["Deck", "山札"], discards: ["Discards", "捨て札"], hand: ["Hand", "手札"],
  discard: ["Discard", "捨てる"], place: ["Place on", "配置:"], cards: ["cards", "枚"],
  draw: ["drew", "引いた"], stop: ["stop", "ストップ"], pass: ["pass", "パス"],
  open: ["open", "オープン"], remove: ["remove", "廃棄"], points: ["pts", "点"],
  failed: ["failed launch", "打上げ失敗"],
};
const word = (key, ctx) => (WORDS[key] ? WORDS[key][ctx.lang === "ja" ? 1 : 0] : key);

let selected = [];  // hand cards picked, in the order clicked

function card(code, extra = "") {
  const el = document.createElement("span");
  el.className = `card ${code[0]} ${extra}`;
  el.textContent = code;
  el.dataset.card = code;
  return el;
}

function button(text, onClick, attrs = {}) {
  const el = document.createElement("button");
  el.textContent = text;
  Object.assign(el.dataset, attrs);
  el.addEventListener("click", onClick);
  return el;
}

function rowsOf(seat, ctx) {
  const box = document.createElement("div");
  for (const row of ROWS) {
    const line = document.createElement("div");
    line.className = "row";
    const melds = seat.rows[row];
    line.append(`${word(row, ctx)} (${seat.row_totals[row]}): `);
    for (const meld of melds) {
      const group = document.createElement("span");
      group.className = "cards";
      group.title = `${word(meld.kind, ctx)} ${meld.points} ${word("points", ctx)}`;
      meld.cards.forEach((c) => group.append(card(c)));
      line.append(group, " ");
    }
    box.append(line);
  }
  return box;
}

export function handles(code) {
  return /^(place|discard|draw) /.test(code);
}

export function label(code, ctx) {
  const [verb, ...rest] = code.split(" ");
  return [word(verb, ctx), ...rest].join(" ");
}

export function seatLine(s, ctx) {
  const seat = ctx.view.seats[s];
  const total = ROWS.map((r) => seat.row_totals[r]).join(" / ");
  return `${word("hand", ctx)} ${seat.hand_size} · ${total}`;
}

export function describe(event, ctx) {
  if (event.kind === "place") return `${word("place", ctx)} ${word(event.row, ctx)}: ${event.meld} (${event.points} ${word("points", ctx)})`;
  if (event.kind === "discard") return `${word("discard", ctx)} ${event.card}`;
  if (event.kind === "draw") return `${word("draw", ctx)} ${event.card || word(event.source || "deck", ctx)}`;
  return null;
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

export function render(el, ctx) {
  const { view, legal } = ctx;
  const parts = [];
  // The other players, then the middle of the table, then you.
  view.seats.forEach((seat, s) => {
    if (s === ctx.seat) return;
    const box = document.createElement("div");
    box.className = "seat";
    const backs = document.createElement("div");
    backs.className = "cards";
    for (let i = 0; i < seat.hand_size; i++) {
      const known = seat.known_cards[i];
      backs.append(known ? card(known) : card("?", "back"));
    }
    box.append(ctx.seatName(s), backs, rowsOf(seat, ctx));
    parts.push(box);
  });

  const middle = document.createElement("div");
  middle.className = "row";
  middle.style.margin = ".6rem 0";
  const deck = button(`${word("deck", ctx)} (${view.deck_size})`, () => ctx.act("draw deck"), { pile: "deck" });
  deck.className = "card back";
  deck.disabled = !legal.includes("draw deck");
  middle.append(deck, ` ${word("discards", ctx)}: `);
  for (const code of view.discards) {
    const take = `draw ${code}`;
    if (legal.includes(take)) {
      const b = button(code, () => ctx.act(take), { card: code, pile: "discards" });
      b.className = `card ${code[0]}`;
      middle.append(b);
    } else {
      middle.append(card(code));
    }
  }
  parts.push(middle);

  if (ctx.seat !== null && view.seats[ctx.seat]) {
    const me = view.seats[ctx.seat];
    const box = document.createElement("div");
    box.className = "seat";
    const hand = document.createElement("div");
    hand.className = "cards";
    hand.id = "hand";
    selected = selected.filter((c) => (me.hand || []).includes(c));
    const playable = legal.some((code) => /^(place|discard) /.test(code));
    for (const code of me.hand || []) {
      const b = button(code, () => {
        selected = selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
        render(el, ctx);
      }, { card: code });
      b.className = `card ${code[0]}${selected.includes(code) ? " selected" : ""}`;
      b.disabled = !playable;
      hand.append(b);
    }
    const choices = document.createElement("div");
    choices.className = "row";
    choices.id = "hand-moves";
    for (const code of legal) {
      const [verb, ...rest] = code.split(" ");
      if (verb === "place" && sameCards(rest.slice(2), selected)) {
        choices.append(button(`${word("place", ctx)} ${word(rest[0], ctx)} (${word(rest[1], ctx)})`,
          () => { selected = []; ctx.act(code); }, { code, row: rest[0] }));
      }
      if (verb === "discard" && selected.length === 1 && rest[0] === selected[0]) {
        choices.append(button(`${word("discard", ctx)} ${rest[0]}`, () => { selected = []; ctx.act(code); }, { code, discard: "1" }));
      }
    }
    box.append(`${word("hand", ctx)}: `, hand, choices, rowsOf(me, ctx));
    parts.push(box);
  }
  el.replaceChildren(...parts);
}
