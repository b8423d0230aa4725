// Rummy City (ラミーシティ): the row (山札) top first, face-down cards as ??, each town's tepu
// (テプ), buildings (建物) and combinations (組み合わせ), the buildings left to build, and
// your hand. Cards and buildings carry the moves that name them.
import { card, line, playable } from "/static/games/cards.js";

const WORDS = {
  row: ["Row", "山札"], hand: ["Hand", "手札"], tepu: ["tepu", "テプ"], round: ["Round", "ラウンド"],
  buildings: ["Buildings", "建物"], supply: ["To build", "建てられる建物"],
  combinations: ["combinations", "組み合わせ"], lay: ["lay", "出す"], build: ["build", "建てる"],
  place: ["place", "置く"], layoff: ["lay off", "付け札"],
};
const word = (key, ctx) => (WORDS[key] ? WORDS[key][ctx.lang === "ja" ? 1 : 0] : key);

export function handles(code) {
  return /^(lay|build) /.test(code);
}

export function seatLine(s, ctx) {
  const seat = ctx.view.seats[s];
  return `${seat.tepu} ${word("tepu", ctx)} · ${word("hand", ctx)} ${seat.hand_size} · ` +
    `${word("buildings", ctx)} ${seat.buildings.length}`;
}

export function render(el, ctx) {
  const { view, legal } = ctx;
  const parts = [];
  parts.push(line(`${word("round", ctx)} ${view.round} · ${view.phase} · ${view.target} ${word("tepu", ctx)}`));
  const row = document.createElement("div");
  row.className = "cards";
  view.row.forEach((slot) => row.append(card(slot.card || "??")));
  parts.push(line(`${word("row", ctx)}: `, row));

  const supply = view.supply.map((b) => {
    const move = `build ${b}`;
    const item = document.createElement(legal.includes(move) ? "button" : "span");
    item.className = "card";
    item.textContent = b.replaceAll("_", " ");
    if (legal.includes(move)) {
      item.dataset.code = move;
      item.addEventListener("click", () => ctx.act(move));
    }
    return item;
  });
  parts.push(line(`${word("supply", ctx)}: `, ...supply));

  view.seats.forEach((seat, s) => {
    const box = document.createElement("div");
    box.className = "seat";
    box.append(`${ctx.seatName(s)} — ${seat.tepu} ${word("tepu", ctx)} · ${seat.buildings.map((b) => b.replaceAll("_", " ")).join(", ")}`);
    seat.combinations.forEach((combo, i) => {
      const cards = document.createElement("span");
      cards.className = "cards";
      combo.cards.forEach((c) => cards.append(card(c)));
      box.append(line(`${i + 1}. ${combo.kind}${combo.building ? ` → ${combo.building.replaceAll("_", " ")}` : ""}: `, cards));
    });
    parts.push(box);
  });

  const me = ctx.seat !== null ? view.seats[ctx.seat] : null;
  if (me && me.hand) {
    parts.push(line(`${word("hand", ctx)}: `,
      ...me.hand.map((c) => playable(c, legal, ["lay"], ctx, (m) => word(m.split(" ")[0], ctx)))));
  }
  el.replaceChildren(...parts);
}
