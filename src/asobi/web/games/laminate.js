// Laminate Rummy (ラミネートラミー): the papers (論文カード) left in the supply, every
// researcher's papers, complete (完成) or under review (査読中), the cards that can be cited
// (引用), the discards and your hand. Cards and papers carry the moves that name them.
import { card, line, playable } from "/static/games/cards.js";

const WORDS = {
  supply: ["Papers left", "残りの論文カード"], hand: ["Hand", "手札"], deck: ["Deck", "山札"],
  discards: ["Discards", "捨て札"], citable: ["Citable", "引用できるカード"],
  complete: ["complete", "完成"], review: ["under review", "査読中"], points: ["points", "点"],
  drawn: ["Drawn (keep one)", "引いたカード(1枚残す)"], end: ["End condition met by", "終了条件を満たした人:"],
  turnsLeft: ["turns left", "残りターン"], papers: ["papers", "論文"],
  keep: ["keep", "残す"], lay: ["lay", "出す"], cite: ["cite", "引用"], give: ["give", "お礼"],
  flag: ["flag", "旗"], discard: ["discard", "捨てる"], publish: ["publish", "発表"],
};
const word = (key, ctx) => (WORDS[key] ? WORDS[key][ctx.lang === "ja" ? 1 : 0] : key);
const VERBS = ["keep", "lay", "cite", "give", "flag", "discard", "review", "publish"];

export function handles(code) {
  return VERBS.includes(code.split(" ")[0]);
}

export function seatLine(s, ctx) {
  const seat = ctx.view.seats[s];
  return `${seat.points} ${word("points", ctx)} · ${word("hand", ctx)} ${seat.hand_size} · ` +
    `${word("papers", ctx)} ${seat.complete_papers}/${seat.papers.length}`;
}

function verbLabel(ctx) {
  return (move) => word(move.split(" ")[0], ctx);
}

export function render(el, ctx) {
  const { view, legal } = ctx;
  const parts = [];
  const end = view.end_condition_met_by !== null
    ? ` · ${word("end", ctx)} ${ctx.seatName(view.end_condition_met_by)} (${view.turns_left} ${word("turnsLeft", ctx)})` : "";
  const top = view.discards.length ? view.discards[view.discards.length - 1] : "—";
  parts.push(line(`${word("deck", ctx)} ${view.deck_size} · ${word("discards", ctx)} ${view.discards.length} (${top})${end}`));

  const supply = [];
  for (const [paper, count] of Object.entries(view.supply)) {
    const publish = `publish ${paper}`;
    const item = document.createElement(legal.includes(publish) ? "button" : "span");
    item.className = "card";
    item.textContent = `${paper} ×${count}`;
    if (legal.includes(publish)) {
      item.dataset.code = publish;
      item.addEventListener("click", () => ctx.act(publish));
    }
    supply.push(item);
  }
  parts.push(line(`${word("supply", ctx)}: `, ...supply));

  view.seats.forEach((seat, s) => {
    const box = document.createElement("div");
    box.className = "seat";
    box.append(`${ctx.seatName(s)} — ${seat.points} ${word("points", ctx)}`);
    for (const paper of seat.papers) {
      const cards = paper.cards.map((c) => playable(c, legal, ["review"], ctx, verbLabel(ctx)));
      box.append(line(`${paper.paper} (${word(paper.complete ? "complete" : "review", ctx)}): `, ...cards));
    }
    parts.push(box);
  });

  if (view.citable.length) {
    parts.push(line(`${word("citable", ctx)}: `,
      ...view.citable.map((c) => playable(c.card, legal, ["cite"], ctx, verbLabel(ctx)))));
  }
  if (view.drawn && view.drawn.length) {
    parts.push(line(`${word("drawn", ctx)}: `, ...view.drawn.map((c) => playable(c, legal, ["keep"], ctx, verbLabel(ctx)))));
  }
  const me = ctx.seat !== null ? view.seats[ctx.seat] : null;
  if (me && me.hand) {
    parts.push(line(`${word("hand", ctx)}: `,
      ...me.hand.map((c) => playable(c, legal, ["lay", "give", "flag", "discard"], ctx, verbLabel(ctx)))));
  }
  if (me && view.draft) {
    const d = view.draft;
    const laid = d.laid.map((c) => card(c));
    const cited = d.cited.map((c) => card(c.card));
    parts.push(line(`${word("publish", ctx)} ${d.paper}: `, ...laid, ...cited,
      ` ${word("give", ctx)} ${d.thanks.length}/${d.thanks_due}`));
  }
  el.replaceChildren(...parts);
}
