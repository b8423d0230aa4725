// Starmine Rummy Pocket (スターマイン・ラミー ポケット): the deck (山札) and the discards (捨て札;
// in the solo contest the open cards オープン札 and the removed cards 廃棄札) in the middle; at
// each place the three rows (列: オープニング, メイン, フィナーレ) of melds (役); your hand at the
// bottom. Pick cards (or one of the melds your hand holds), then the row to place them on, or
// discard one; click the deck or a discard to draw.

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
  clear: ["Clear", "選び直す"], building: ["building now", "配置中"], closed: ["closed", "完成"],
  points: ["pts", "点"], empty: ["empty", "空"], cards: ["cards", "枚"],
  seq: ["sequence", "シーケンス"], three: ["three of a kind", "3カード"], pair: ["pair", "ペア"],
};

let selected = [];  // hand cards picked, in the order clicked

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
  return /^(place|discard|draw) /.test(code);
}

export function summary(s, ctx) {
  const seat = ctx.view.seats[s];
  const totals = ROWS.map((r) => seat.row_totals[r]).join(" / ");
  const hand = solo(ctx) ? "" : `${word("hand", ctx)} ${seat.hand_size} · `;
  return `${hand}${word("rows", ctx)} ${totals}`;
}

function rowsOf(seat, ctx) {
  const box = document.createElement("div");
  box.className = "star-rows";
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
      const group = ctx.fan(meld.cards.map((c) => ctx.card(c, { size: "small" })), "loose meld");
      group.title = `${word(meld.kind, ctx)} ${meld.points} ${word("points", ctx)}`;
      slot.append(group);
    }
    box.append(slot);
  }
  return box;
}

export function plate(s, ctx) {
  const seat = ctx.view.seats[s];
  const out = [];
  if (s === ctx.seat && seat.hand) {
    out.push(rowsOf(seat, ctx), hand(seat, ctx));
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
  if (solo(ctx) && view.flipped) {
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

// Your hand: pick cards, then the row for the meld (or discard one card).
function hand(seat, ctx) {
  const { legal } = ctx;
  selected = selected.filter((c) => seat.hand.includes(c));
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
        ctx.rerender();
      } : undefined,
    }));
  }
  box.append(zone(word("hand", ctx), cards));
  if (!playing) return box;

  // The melds the hand holds, as quick picks: each selects its cards.
  const melds = new Map();
  for (const code of legal) {
    if (!code.startsWith("place ")) continue;
    const cardsOf = code.split(" ").slice(3);
    const key = [...cardsOf].sort().join(" ");
    if (!melds.has(key)) melds.set(key, { kind: code.split(" ")[2], cards: cardsOf });
  }
  if (melds.size) {
    const picks = document.createElement("div");
    picks.className = "hand-bar meld-picks";
    for (const [key, meld] of melds) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.meld = key;
      b.append(`${word(meld.kind, ctx)} `, ...meld.cards.map((c) => ctx.chip(c)));
      if (sameCards(meld.cards, selected)) b.setAttribute("aria-pressed", "true");
      b.addEventListener("click", () => { selected = [...meld.cards]; ctx.rerender(); });
      picks.append(b);
    }
    box.append(zone(word("melds", ctx), picks));
  }

  const choices = document.createElement("div");
  choices.className = "hand-bar";
  choices.id = "hand-moves";
  for (const code of legal) {
    const [verb, ...rest] = code.split(" ");
    if (verb === "place" && sameCards(rest.slice(2), selected)) {
      const b = ctx.moveButton(code, null, "primary");
      b.dataset.row = rest[0];
      b.addEventListener("click", () => { selected = []; });
      choices.append(b);
    }
    if (verb === "discard" && selected.length === 1 && rest[0] === selected[0]) {
      const b = ctx.moveButton(code);
      b.dataset.discard = "1";
      b.addEventListener("click", () => { selected = []; });
      choices.append(b);
    }
  }
  if (!choices.children.length) {
    const hint = document.createElement("span");
    hint.className = "muted";
    hint.textContent = word(solo(ctx) ? "pickSolo" : "pick", ctx);
    choices.append(hint);
  }
  if (selected.length) {
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = word("clear", ctx);
    clear.addEventListener("click", () => { selected = []; ctx.rerender(); });
    choices.append(clear);
  }
  box.append(choices);
  return box;
}
