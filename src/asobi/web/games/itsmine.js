// It's Mine! (イッツマイン!): the seven mines (鉱山) in a row with each player's column under
// each, the citizens (国民カード) to take, the dice bids (simultaneous: a bid is secret until
// both are in), and your hand.

const MINES = {
  H7: ["Heart 7", "ハート 7"], O8: ["Onion 8", "オニオン 8"], B9: ["Book 9", "ブック 9"],
  C10: ["Coin 10", "コイン 10"], S11: ["Star 11", "スター 11"], T12: ["Time 12", "タイム 12"],
  KK: ["Coffin K", "コフィン K"],
};
const WORDS = {
  citizens: ["Citizens", "国民カード"], hand: ["Hand", "手札"], deck: ["Deck", "山札"],
  bonus: ["Bonus pile", "ボーナスの山"], round: ["Round", "ラウンド"], bid: ["Bid", "ダイスを出す"],
  die: ["die", "ダイス"], committed: ["bid in", "出した"], take: ["take", "取る"],
  ties: ["ties", "あいこ"], phase: ["phase", "フェーズ"], barred: ["may not show", "出せない目"],
  removed: ["removed", "除外"],
};
const word = (key, ctx) => (WORDS[key] ? WORDS[key][ctx.lang === "ja" ? 1 : 0] : key);
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

function card(code, tag = "span") {
  const el = document.createElement(tag);
  el.className = "card";
  el.textContent = code;
  el.dataset.card = code;
  return el;
}

export function handles(code) {
  return /^(take|bid) /.test(code);
}

export function seatLine(s, ctx) {
  const seat = ctx.view.seats[s];
  const bid = seat.committed ? ` · ${word("committed", ctx)}` : "";
  // Last round's face and a tied face are barred from the bid, for either seat (public).
  const bars = ctx.view.phase === "bid" && !seat.committed ? seat.forbidden_faces || [] : [];
  const barred = bars.length ? ` · ${word("barred", ctx)} ${bars.map((f) => FACES[f]).join(" ")}` : "";
  const removed = seat.removed_count ? ` · ${word("removed", ctx)} ${seat.removed_count}` : "";
  return `${word("hand", ctx)} ${seat.hand_size} · ${word("die", ctx)} ${FACES[seat.die] || seat.die}` +
    `${bid}${barred}${removed}`;
}

export function describe(event, ctx) {
  if (event.kind === "bid_committed") return word("committed", ctx);
  if (event.kind === "take") return `${word("take", ctx)} ${event.card}`;
  return null;
}

export function render(el, ctx) {
  const { view, legal } = ctx;
  const parts = [];
  const head = document.createElement("p");
  head.className = "muted";
  head.textContent = `${word("round", ctx)} ${view.round} · ${word("phase", ctx)} ${view.phase} · ` +
    `${word("deck", ctx)} ${view.deck_size} · ${word("bonus", ctx)} ${view.bonus_pile} · ${word("ties", ctx)} ${view.ties}`;
  parts.push(head);

  const table = document.createElement("table");
  table.className = "score";
  const header = document.createElement("tr");
  header.append(document.createElement("th"));
  for (const mine of view.mines) {
    const th = document.createElement("th");
    th.textContent = (MINES[mine] || [mine, mine])[ctx.lang === "ja" ? 1 : 0] +
      (view.bonus_claimed.includes(mine) ? " ★" : "");
    header.append(th);
  }
  table.append(header);
  view.seats.forEach((seat, s) => {
    const row = document.createElement("tr");
    const name = document.createElement("td");
    name.textContent = ctx.seatName(s);
    row.append(name);
    for (const mine of view.mines) {
      const td = document.createElement("td");
      const cards = document.createElement("div");
      cards.className = "cards";
      (seat.columns[mine] || []).forEach((c) => cards.append(card(c)));
      td.append(cards);
      row.append(td);
    }
    table.append(row);
  });
  const scroll = document.createElement("div");
  scroll.style.overflowX = "auto";
  scroll.append(table);
  parts.push(scroll);

  const citizens = document.createElement("div");
  citizens.className = "row";
  citizens.id = "citizens";
  citizens.append(`${word("citizens", ctx)}: `);
  for (const code of view.citizens) {
    const take = `take ${code}`;
    if (legal.includes(take)) {
      const b = card(code, "button");
      b.dataset.code = take;
      b.addEventListener("click", () => ctx.act(take));
      citizens.append(b);
    } else {
      citizens.append(card(code));
    }
  }
  parts.push(citizens);

  const bids = legal.filter((c) => c.startsWith("bid "));
  if (bids.length) {
    const row = document.createElement("div");
    row.className = "row";
    row.id = "bids";
    row.append(`${word("bid", ctx)}: `);
    for (const code of bids) {
      const face = Number(code.split(" ")[1]);
      const b = document.createElement("button");
      b.className = "card";
      b.style.fontSize = "1.6rem";
      b.textContent = FACES[face] || String(face);
      b.title = code;
      b.dataset.code = code;
      b.addEventListener("click", () => ctx.act(code));
      row.append(b);
    }
    parts.push(row);
  }

  const me = ctx.seat !== null ? view.seats[ctx.seat] : null;
  if (me && me.hand) {
    const hand = document.createElement("div");
    hand.className = "row";
    hand.append(`${word("hand", ctx)}: `);
    const cards = document.createElement("div");
    cards.className = "cards";
    me.hand.forEach((c) => cards.append(card(c)));
    hand.append(cards);
    parts.push(hand);
  }
  el.replaceChildren(...parts);
}
