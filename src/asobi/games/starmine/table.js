// Starmine Rummy Pocket (スターマイン・ラミー ポケット): the deck (山札) and the discards (捨て札;
// in the solo contest the open cards オープン札 and the removed cards 廃棄札) in the middle; at
// each place the three rows (列: オープニング, メイン, フィナーレ) of melds (役); your hand at the
// bottom. Pick cards (or one of the melds your hand holds, best first, with their points),
// then the row of your plate to place them on (the row itself, or its "+ Place here"), or
// discard one; click the deck or a discard to draw. In the solo contest each turn opens with
// the card turned up from the deck, sent to the open cards or removed, in the tray.

const ROWS = ["opening", "main", "finale"];
const WORDS = {
  opening: ["Opening", "オープニング"], main: ["Main", "メイン"], finale: ["Finale", "フィナーレ"],
  deck: ["Deck", "山札"], discards: ["Discards", "捨て札"], open: ["Open cards", "オープン札"],
  removed: ["Removed", "廃棄札"], hand: ["Hand", "手札"], rows: ["rows", "列"],
  flipped: ["Turned up", "めくったカード"], melds: ["Melds in your hand", "手札でできる役"],
  pick: ["Pick cards from your hand: a meld to place, or one card to discard.",
    "手札からカードを選んでください:配置する役か、捨てる1枚。"],
  pickSolo: ["Pick cards from your hand: a meld to place, or one card to remove.",
    "手札からカードを選んでください:配置する役か、廃棄する1枚。"],
  pickLast: ["Pick the cards of a meld to place from your hand, or pass.",
    "配置する役のカードを手札から選ぶか、パスしてください。"],
  clear: ["Clear", "選び直す"], building: ["building now", "配置中"], closed: ["closed", "完成"],
  points: ["pts", "点"], empty: ["empty", "空"], cards: ["cards", "枚"],
  seq: ["sequence", "シーケンス"], three: ["three of a kind", "3カード"], pair: ["pair", "ペア"],
  here: ["Place here", "ここに配置"],
  pickRow: ["Now choose its row: click one of your rows in gold above.",
    "次に、配置する列を選んでください(上の金色の枠の列)。"],
  // Solo §3 A: 「補充可能なオープン札」か「ゲームから除外する廃棄札」か; the second card turned up
  // goes to the other.
  flipTitle: ["Turned up from the deck: to the open cards, or removed?",
    "山札からめくったカード:オープン札にするか、廃棄札にするか?"],
  flipRule: ["Open cards may be drawn; removed cards leave the game. The next card turned up goes to the other.",
    "オープン札は補充に使えます。廃棄札はゲームから除外されます。次にめくるカードはもう一方になります。"],
};

let selected = [];  // hand cards picked, in the order clicked
// The kind of the meld picked from the hand's melds: the same cards can read as two kinds
// (R4 W1 W2: a sequence or three of a kind, ruling 3), and a row of your plate places the
// kind you picked. null when the cards were picked one by one.
let chosenKind = null;

// A meld's points (評価点), to rank the hand's melds and show them: its kind's less what its
// boosts cost under the game's boost_penalty (§5: −1 a meld made with boosts; house rule H1:
// −1 each boost), both as the server's assets give them (words.assets).
const MELD_ORDER = ["seq", "three", "pair"];
const isBoost = (code) => code.startsWith("W");

function meldPoints(kind, cards, ctx) {
  const boosts = cards.filter(isBoost).length;
  return ctx.assets.meld_points[kind] - ctx.assets.boost_cost[boosts];
}

// Whether ``code`` is a move of the cards picked: their placement (as the kind picked, if a
// meld was: R4 W1 W2 is a sequence or three of a kind), or the discard of the one card.
function ofPicked(code) {
  const [verb, ...rest] = code.split(" ");
  if (verb === "place") return sameCards(rest.slice(2), selected) && (chosenKind === null || rest[1] === chosenKind);
  return verb === "discard" && selected.length === 1 && rest[0] === selected[0];
}

// The legal placements of the cards picked onto ``row``: none, one, or (cards picked one by
// one that read as two kinds, R4 W1 W2) one for each kind.
function placementsOn(row, ctx) {
  if (!selected.length) return [];
  return ctx.legal.filter((code) => code.startsWith(`place ${row} `) && ofPicked(code));
}

const word = (key, ctx) => ctx.word(WORDS[key] || [key, key]);
const solo = (ctx) => ctx.view.mode === "solo";

function zone(label, ...children) {
  const box = document.createElement("div");
  box.className = "zone";
  const title = document.createElement("span");
  title.className = "zone-label";
  title.textContent = label;
  box.append(title, ...children);
  return box;
}

function pile(label, ...children) {
  const box = document.createElement("div");
  box.className = "pile";
  const title = document.createElement("span");
  title.textContent = label;
  box.append(...children, title);
  return box;
}

export function handles(code) {
  return /^(place|discard|draw) /.test(code) || ["pass", "open", "remove"].includes(code);
}

export function summary(s, ctx) {
  const seat = ctx.view.seats[s];
  const totals = ROWS.map((r) => seat.row_totals[r]).join(" / ");
  const hand = solo(ctx) ? "" : `${word("hand", ctx)} ${seat.hand_size} · `;
  return `${hand}${word("rows", ctx)} ${totals}`;
}

function rowsOf(seat, ctx, mine = false) {
  const box = document.createElement("div");
  box.className = "star-rows";
  if (mine) box.id = "my-rows";
  const notes = [];
  const current = ctx.view.current_row;
  for (const row of ROWS) {
    const melds = seat.rows[row];
    const slot = document.createElement("div");
    slot.className = "star-row";
    slot.dataset.row = row;
    const title = document.createElement("span");
    title.className = "zone-label";
    let note = "";
    if (solo(ctx) && current) {
      const at = ROWS.indexOf(row) - ROWS.indexOf(current);
      if (at < 0) note = ` · ${word("closed", ctx)}`;
      else if (at === 0 && ctx.view.phase !== "over") {
        note = ` · ${word("building", ctx)}`;
        slot.classList.add("current");
      }
    }
    const total = document.createElement("span");
    total.className = "row-total";
    total.textContent = String(seat.row_totals[row]);
    title.append(`${word(row, ctx)}${note}`);
    const head = document.createElement("div");
    head.className = "row-head";
    head.append(title, total);
    slot.append(head);
    for (const meld of melds) {
      const stands = boostStands(meld);
      const group = ctx.fan(meld.cards.map((c) => {
        const card = ctx.card(c, { size: "small" });
        if (stands && stands.values.has(c)) standsFor(card, stands.colour, stands.values.get(c), ctx);
        return card;
      }), "loose meld");
      group.title = `${word(meld.kind, ctx)} ${meld.points} ${word("points", ctx)}`;
      slot.append(group);
    }
    const codes = mine ? placementsOn(row, ctx) : [];
    if (codes.length) notes.push(...target(slot, row, codes, ctx));
    box.append(slot);
  }
  box.append(...notes);
  return box;
}

// With a meld picked, each of your rows where it may go places it there at a click: the whole
// row is the target for a pointer, and a button in it for the keyboard and screen readers;
// these are the only place buttons (the same three under the hand offered each placement
// twice). A button says what it places in its accessible name; where the cards picked one by
// one read as two kinds (R4 W1 W2: a sequence or three of a kind, ruling 3), the row holds a
// button for each kind and places only from them. A move with a caution is marked ⚠ on its
// button and written out in full under the rows: the notes returned.
function target(slot, row, codes, ctx) {
  slot.classList.add("target");
  const place = (code) => { selected = []; chosenKind = null; ctx.act(code); };
  const notes = [];
  for (const code of codes) {
    const kind = code.split(" ")[2];
    const b = document.createElement("button");
    b.type = "button";
    // (An id keeps the keyboard's place across a redraw.)
    b.id = codes.length === 1 ? `place-on-${row}` : `place-on-${row}-${kind}`;
    b.className = "row-place";
    b.dataset.code = code;
    const caution = ctx.caution(code);
    b.append(`${caution ? "⚠" : "+"}\u00a0${word(codes.length === 1 ? "here" : kind, ctx)}`);
    const said = document.createElement("span");
    said.className = "sr-only";  // read, not shown: the meld and row are in sight around it
    said.append(` — ${ctx.labelText(code)}`);
    b.append(said);
    if (caution) {
      b.classList.add("cautioned");
      said.append(" ⚠ ", ctx.say(caution));
      const note = document.createElement("p");
      note.className = "star-caution";
      note.dataset.code = code;
      note.setAttribute("aria-hidden", "true");  // the button's name says it
      const where = document.createElement("b");
      where.textContent = `${word(row, ctx)}${codes.length === 1 ? "" : ` (${word(kind, ctx)})`}`;
      note.append("⚠ ", where, ": ", ctx.say(caution));
      notes.push(note);
    }
    b.addEventListener("click", (event) => { event.stopPropagation(); place(code); });
    slot.append(b);
  }
  if (codes.length === 1) slot.addEventListener("click", () => place(codes[0]));
  return notes;
}

// What each boost of a placed meld stands for (§5: "好きな色・数字の花火カードとして使える"):
// in three of a kind or a pair, their number; in a sequence, the number it fills, or where
// the run could go either way, every number it may be (the rulebook's "青4 or 青7として使用").
// {colour: a sequence's colour letter (null for a set), values: boost code -> its numbers}.
function boostStands(meld) {
  const boosts = meld.cards.filter(isBoost);
  if (!boosts.length) return null;
  const fireworks = meld.cards.filter((c) => !isBoost(c));
  const numbers = fireworks.map((c) => Number(c.slice(1)));
  const values = new Map(boosts.map((b) => [b, []]));
  if (meld.kind !== "seq") {
    for (const b of boosts) values.get(b).push(numbers[0]);
    return { colour: null, values };
  }
  // Every run of three (1 to 7; 1 and 7 do not connect) that holds the fireworks: the boosts
  // fill the numbers it lacks, the first boost the lower.
  for (let low = 1; low + 2 <= 7; low++) {
    const run = [low, low + 1, low + 2];
    if (!numbers.every((n) => run.includes(n))) continue;
    const lacking = run.filter((n) => !numbers.includes(n));
    boosts.forEach((b, i) => { if (!values.get(b).includes(lacking[i])) values.get(b).push(lacking[i]); });
  }
  return { colour: fireworks[0][0], values };
}

// A boost card marked with what it stands for: "=5", "=4/7" (either end of a run), in the
// sequence's colour; its accessible name says it in words.
function standsFor(card, colour, numbers, ctx) {
  const suit = colour ? (ctx.assets.deck?.suits || []).find((x) => x.letter === colour) : null;
  const badge = document.createElement("span");
  badge.className = "star-stands";
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = `=${numbers.join("/")}`;
  if (suit) badge.style.setProperty("--stands", suit.ink || suit.colour);
  card.append(badge);
  const or = numbers.join(ctx.lang === "ja" ? "か" : " or ");
  const as = ctx.lang === "ja"
    ? `${suit ? `${suit.ja}の` : ""}${or}として`
    : `as ${suit ? `${suit.en} ` : ""}${or}`;
  card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, ${as}`);
  card.title = as;
}

export function plate(s, ctx) {
  const seat = ctx.view.seats[s];
  const out = [];
  if (s === ctx.seat && seat.hand) {
    selected = selected.filter((c) => seat.hand.includes(c));  // before the rows ask for it
    if (!selected.length) chosenKind = null;
    out.push(rowsOf(seat, ctx, true), hand(seat, ctx));
  } else {
    if (!solo(ctx)) {
      const known = seat.known_cards || [];
      const cards = [];
      for (let i = 0; i < seat.hand_size; i++) {
        cards.push(i < known.length ? ctx.card(known[i], { size: "small" }) : ctx.back({ size: "small" }));
      }
      out.push(ctx.fan(cards, "hand-backs"));
    }
    out.push(rowsOf(seat, ctx));
  }
  return out;
}

export function centre(ctx) {
  const { view, legal } = ctx;
  const middle = document.createElement("div");
  middle.className = "zone piles";
  const draw = legal.includes("draw deck");
  const deck = ctx.back({
    count: view.deck_size, move: draw ? "draw deck" : undefined,
    label: draw ? ctx.labelText("draw deck") : `${word("deck", ctx)}: ${view.deck_size}`,
  });
  deck.dataset.pile = "deck";
  middle.append(pile(word("deck", ctx), deck));
  if (solo(ctx) && view.flipped && !legal.includes("open")) {  // (yours to send: in the tray)
    middle.append(pile(word("flipped", ctx), ctx.card(view.flipped)));
  }
  const discards = solo(ctx) ? view.open_cards : view.discards;
  const cards = discards.map((code) => {
    const take = `draw ${code}`;
    const el = legal.includes(take) ? ctx.card(code, { move: take }) : ctx.card(code);
    el.dataset.pile = "discards";
    return el;
  });
  const row = document.createElement("div");
  row.className = "cards";
  row.append(...cards);
  middle.append(pile(word(solo(ctx) ? "open" : "discards", ctx), row));
  if (solo(ctx) && view.removed_cards.length) {
    middle.append(pile(word("removed", ctx), ctx.fan(view.removed_cards.map((c) => ctx.card(c, { size: "small" })))));
  }
  return middle;
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

// The melds the hand holds, as quick picks that select their cards: best first, one line for
// each kind and points ("3カード 5点", then the ones the boost makes, worth 1 less), each pick
// showing only its cards. Three of a kind and a boost hold ten melds: as ten wide buttons they
// filled a phone's screen. null when the hand holds none that may be placed now.
function meldPicks(ctx) {
  const melds = new Map();
  for (const code of ctx.legal) {
    const [verb, , kind, ...cards] = code.split(" ");
    if (verb !== "place") continue;
    const key = `${kind} ${[...cards].sort().join(" ")}`;
    if (!melds.has(key)) melds.set(key, { kind, cards, points: meldPoints(kind, cards, ctx) });
  }
  if (!melds.size) return null;
  const ranked = [...melds.values()].sort((a, b) => b.points - a.points
    || MELD_ORDER.indexOf(a.kind) - MELD_ORDER.indexOf(b.kind)
    || a.cards.filter(isBoost).length - b.cards.filter(isBoost).length);
  const picks = document.createElement("div");
  picks.className = "meld-picks";
  let line = null;
  for (const meld of ranked) {
    const worth = `${meld.points}${ctx.lang === "ja" ? "" : " "}${word("points", ctx)}`;
    const heading = `${word(meld.kind, ctx)} ${worth}`;
    if (!line || line.dataset.heading !== heading) {
      line = document.createElement("div");
      line.className = "meld-line";
      line.dataset.heading = heading;
      line.setAttribute("role", "group");
      line.setAttribute("aria-label", heading);
      const name = document.createElement("span");
      name.className = "meld-name";
      name.setAttribute("aria-hidden", "true");  // the group's name says it
      const points = document.createElement("b");
      points.textContent = worth;
      name.append(`${word(meld.kind, ctx)} `, points);
      line.append(name);
      picks.append(line);
    }
    line.append(meldPick(meld, ctx));
  }
  return picks;
}

function meldPick(meld, ctx) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "meld-pick";
  const sorted = [...meld.cards].sort();
  b.dataset.meld = sorted.join(" ");
  b.dataset.kind = meld.kind;
  b.id = `meld-${meld.kind}-${sorted.join("-")}`;  // keeps the keyboard's place across a redraw
  b.append(...meld.cards.map((c) => ctx.chip(c)));
  const pressed = sameCards(meld.cards, selected) && (chosenKind === null || chosenKind === meld.kind);
  b.setAttribute("aria-pressed", String(pressed));
  b.addEventListener("click", () => {
    selected = [...meld.cards];
    chosenKind = meld.kind;
    ctx.rerender();
    // The rows that take it lie above the hand's melds, on a phone out of sight: the page
    // seemed not to answer. Both the rows and the meld picked in sight.
    ctx.inView(document.getElementById("my-rows"), document.getElementById(b.id));
  });
  return b;
}

// Your hand: pick cards, then the row for the meld (or discard one card).
function hand(seat, ctx) {
  const { legal } = ctx;
  const playing = legal.some((code) => /^(place|discard) /.test(code));
  const box = document.createElement("div");
  box.className = "my-hand";
  const cards = document.createElement("div");
  cards.className = "cards";
  cards.id = "hand";
  for (const code of seat.hand) {
    const picked = selected.includes(code);
    cards.append(ctx.card(code, {
      selected: playing ? picked : undefined,
      quiet: !playing,
      onClick: playing ? () => {
        selected = picked ? selected.filter((c) => c !== code) : [...selected, code];
        chosenKind = null;
        ctx.rerender();
        if (ctx.legal.some(ofPicked)) {
          const rows = ctx.legal.some((c) => c.startsWith("place ") && ofPicked(c));
          ctx.inView(document.getElementById(rows ? "my-rows" : "hand-moves"), document.getElementById("hand-moves"));
        }
      } : undefined,
    }));
  }
  box.append(zone(word("hand", ctx), cards));
  if (!playing && !legal.includes("pass")) return box;  // (no meld to place: Pass alone)
  const picks = meldPicks(ctx);
  if (picks) box.append(zone(word("melds", ctx), picks));
  const choices = document.createElement("div");
  choices.className = "hand-bar";
  choices.id = "hand-moves";
  // The cards picked are placed from the rows above (they are the targets); one card picked
  // is discarded from here.
  for (const code of legal.filter((c) => c.startsWith("discard ") && ofPicked(c))) {
    const b = ctx.moveButton(code);
    b.dataset.discard = "1";
    b.addEventListener("click", () => { selected = []; chosenKind = null; });
    choices.append(b);
  }
  // The final phase and the chase (追い打ち) place a meld or pass: nothing is discarded.
  const last = legal.includes("pass");
  const placing = legal.some((c) => c.startsWith("place ") && ofPicked(c));
  if (!choices.children.length) {
    const hint = document.createElement("span");
    hint.className = placing ? "star-next" : "muted";
    hint.textContent = word(placing ? "pickRow" : last ? "pickLast" : solo(ctx) ? "pickSolo" : "pick", ctx);
    choices.append(hint);
  }
  if (last) choices.append(ctx.moveButton("pass"));
  if (selected.length) {
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = word("clear", ctx);
    clear.addEventListener("click", () => { selected = []; chosenKind = null; ctx.rerender(); });
    choices.append(clear);
  }
  box.append(choices);
  return box;
}

// Solo §3 A, at the start of each turn: the card turned up from the deck, to send to the open
// cards (which may be drawn) or remove from the game; the next card turned up goes to the
// other. A choice at the table, beside the card, not a form under it.
export function tray(ctx) {
  const { view, legal } = ctx;
  if (!solo(ctx) || !view.flipped || !legal.includes("open")) return null;
  const box = document.createElement("div");
  box.className = "star-flip";
  box.setAttribute("role", "group");
  box.setAttribute("aria-labelledby", "flip-title");
  const text = document.createElement("div");
  text.className = "star-flip-text";
  const title = document.createElement("strong");
  title.id = "flip-title";
  title.textContent = word("flipTitle", ctx);
  const rule = document.createElement("p");
  rule.className = "star-flip-rule";
  rule.textContent = word("flipRule", ctx);
  const choices = document.createElement("div");
  choices.className = "hand-bar";
  // (Two choices alike: neither is the one to take.)
  choices.append(ctx.moveButton("open", null, "primary"), ctx.moveButton("remove", null, "primary"));
  text.append(title, rule, choices);
  box.append(ctx.card(view.flipped), text);
  return box;
}
