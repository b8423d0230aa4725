// Laminate Rummy (ラミネートラミー): researchers of the SEVEN world publish papers (論文).
// The middle of the table holds the deck (山札), the discard pile (捨て札: its top card face up,
// the whole pile browsable) and the supply of paper cards (論文カード), each drawn as a paper
// with its name in both languages, its points and the combination it needs. At each place lie
// that researcher's papers, complete (完成) or under review (査読中), each with its SEVEN cards;
// the card left on a complete paper can be cited (引用). Your hand is at the bottom.
//
// What you may do is what you can click: the deck and the top discard (研究 research), a card
// on a paper under review (査読 review), a paper of the supply (論文発表 publishing). A
// publication is a move of several steps, shown as a tray: the paper being written, the cards
// laid and cited so far, the thanks (お礼) due, and the next steps to click; so is research
// (keep one of the two cards drawn) and the End Flag (エンドフラグ).

const WORDS = {
  deck: ["Deck", "山札"], discards: ["Discard pile", "捨て札"], empty: ["empty", "なし"],
  allDiscards: ["See the whole pile", "捨て札をすべて見る"], hidePile: ["Hide the pile", "閉じる"],
  oldestFirst: ["oldest first; the last is the top", "古い順・最後が一番上"],
  supply: ["Papers to publish", "論文カード"], left: ["left", "残り"], noneLeft: ["none left", "品切れ"],
  yours: ["you have one", "発表済み"], pts: ["pts", "点"], pt: ["pt", "点"],
  paper: ["Paper", "論文"], complete: ["complete", "完成"], review: ["under review", "査読中"],
  citable: ["citable", "引用可"], hand: ["Hand", "手札"], cards: ["cards", "枚"],
  papers: ["papers", "論文"], noPapers: ["No papers yet", "論文はまだありません"],
  turn: ["Turn", "ターン"], goal: ["Complete papers worth {n}+ end the game", "完成した論文が{n}点以上でゲーム終了条件"],
  metBy: ["End condition met by", "ゲーム終了条件を満たした人:"],
  turnsLeft: ["more turns after this one", "この後あと{n}手番"], lastTurn: ["this is the last turn", "これが最後の手番"],
  passes: ["passes in a row", "連続パス"], choosing: ["choosing 1 of 2 cards", "2枚から1枚を選択中"],
  knownCards: ["cards seen going into this hand", "この手札に入るのが見えたカード"],
  // the trays
  research: ["Research (研究)", "研究"],
  keepOne: ["Keep one of the two cards you drew; the other goes face up on the discard pile.",
    "引いた2枚から手札に残す1枚を選んでください。もう1枚は表向きで捨て札になります。"],
  noBackDraw: ["A card drawn cannot be put back.", "引いたカードは戻せません。"],
  publishing: ["Publishing (論文発表)", "論文発表"],
  laid: ["Laid from your hand", "手札から出したカード"], cited: ["Cited", "引用したカード"],
  none: ["none yet", "まだなし"], free: ["your own paper: free", "自分の論文:お礼なし"],
  thanksTo: ["thanks to", "お礼:"], nextSteps: ["Next", "次の手"],
  layHint: ["lay a card from your hand (highlighted below)", "手札から出す(下の光っているカード)"],
  citeHint: ["or cite the card of a complete paper:", "または完成した論文のカードを引用:"],
  citeOnly: ["cite the card of a complete paper:", "完成した論文のカードを引用:"],
  thanksDue: ["Thanks due", "お礼"],
  thanksLater: ["one hand card per paper of another player cited, chosen once the paper's cards are complete",
    "他人の論文1つにつき手札1枚を渡す(論文のカードがそろってから選ぶ)"],
  giveHint: ["Choose a card of your hand to give (highlighted below).", "渡す手札を選んでください(下の光っているカード)。"],
  next: ["next", "次"], later: ["later", "あとで"],
  total: ["Total", "合計"],
  progress: ["cards", "枚"], of: ["of", "/"],
  stepBack: ["Until the paper is on the table, each step can be taken back (“Take back my last move”), the choice of paper too; any card offered leads to finishing it. The others see nothing until it is on the table.",
    "論文が場に出るまでは、一手ずつ取り消せます(「最後の手を取り消す」、論文の選択も)。示されるカードはどれを選んでも論文を完成できます。発表するまで、ほかの人には何も見えません。"],
  endFlag: ["End Flag (エンドフラグ)", "エンドフラグ"],
  flagHint: ["You met the end condition! Choose a card of your hand to lay with the End Flag (highlighted below); it cannot be refused.",
    "ゲーム終了条件を満たしました!エンドフラグと一緒に出す手札を1枚選んでください(下の光っているカード)。受け取り拒否はできません。"],
  dealHint: ["Dealing: choose a card of your hand to discard face up, down to 3.",
    "準備:手札が3枚になるまで、捨てるカードを選んでください。"],
  pickHint: ["Tap or click the deck or the top discard to research, a card of a paper under review to review it, or a paper to publish.",
    "山札か捨て札の一番上で研究、査読中の論文のカードで査読、論文カードで論文発表。"],
};

let showPile = false;  // the whole discard pile spread out

const word = (key, ctx) => ctx.word(WORDS[key] || [key, key]);
const mine = (ctx) => (ctx.seat !== null ? ctx.view.seats[ctx.seat] : null);
const myTurn = (ctx) => ctx.legal.length > 0;

function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// "Bot 2: choosing": a seat's name (cut short if long) and what follows it.
function who(ctx, s, after) {
  const line = el("span");
  line.append(ctx.nameEl(s), after);
  return line;
}

// Under a card cited: free (your own), or whose it is, to be thanked.
function thanksTo(author, ctx) {
  const by = el("span", "lam-by");
  if (author === ctx.seat) by.textContent = word("free", ctx);
  else by.append(`${word("thanksTo", ctx)} `, ctx.nameEl(author));
  return by;
}

function zone(label, className, ...children) {
  const box = el("div", `zone ${className}`.trim());
  box.append(el("span", "zone-label", label), ...children);
  return box;
}

function paperInfo(id, ctx) {
  return (ctx.assets.papers || []).find((p) => p.id === id) || {
    id, name: { en: id, ja: id }, need: { en: "", ja: "" }, points: 0, copies: 0,
  };
}

const say = (pair, ctx) => (ctx.lang === "ja" ? pair.ja : pair.en);
const other = (pair, ctx) => (ctx.lang === "ja" ? pair.en : pair.ja);

function pointsText(n, ctx) {
  return ctx.lang === "ja" ? `${n}点` : `${n} ${n === 1 ? word("pt", ctx) : word("pts", ctx)}`;
}

// A paper card (論文カード): its points, its name in both languages (the page's first), the
// combination it needs; in the supply, the copies left; on the table, complete or under review.
// With ``move`` it is a button that makes that move.
function paperCard(id, ctx, { move = null, size = "", state = "", count = null, note = "" } = {}) {
  const info = paperInfo(id, ctx);
  const box = el(move ? "button" : "div", `lam-paper ${size} ${state}`.trim());
  box.dataset.paper = id;
  if (id === "endflag") box.classList.add("flag");
  const head = el("span", "lam-paper-head");
  head.append(el("span", "lam-paper-kind", id === "endflag" ? "⚑" : word("paper", ctx)),
    el("span", "lam-paper-points", pointsText(info.points, ctx)));
  const name = el("span", "lam-paper-name", say(info.name, ctx));
  // A long katakana name (「トリプルスリー」) is one word: smaller, it stays on one line.
  if (ctx.lang === "ja" && say(info.name, ctx).length > 6) name.classList.add("long");
  const alt = el("span", "lam-paper-alt", other(info.name, ctx));
  if (other(info.name, ctx) === say(info.name, ctx)) alt.hidden = true;
  alt.lang = ctx.lang === "ja" ? "en" : "ja";
  box.append(head, name, alt);
  if (size !== "small") box.append(el("span", "lam-paper-need", say(info.need, ctx)));
  if (count !== null) {
    const foot = el("span", "lam-paper-foot");
    const dots = el("span", "lam-copies");
    dots.setAttribute("aria-hidden", "true");
    dots.textContent = "●".repeat(count) + "○".repeat(Math.max(0, info.copies - count));
    foot.append(dots, el("span", "", count ? `${word("left", ctx)} ${count}` : word("noneLeft", ctx)));
    box.append(foot);
  }
  const published = state === "complete" || state === "review";
  if (published) box.append(el("span", `lam-stamp ${state}`, word(state, ctx)));
  if (note) box.append(el("span", "lam-paper-note", note));
  const described = [say(info.name, ctx), pointsText(info.points, ctx), say(info.need, ctx)];
  if (published) described.push(word(state, ctx));
  if (count !== null) described.push(count ? `${word("left", ctx)} ${count}` : word("noneLeft", ctx));
  if (note) described.push(note);
  if (move) {
    box.type = "button";
    box.dataset.code = move;
    box.classList.add("playable");
    box.setAttribute("aria-label", `${ctx.labelText(move)} — ${described.join(", ")}`);
    box.addEventListener("click", () => ctx.act(move));
  } else {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", described.join(", "));
  }
  return box;
}

// The card for ``code``, a button making the first of ``moves`` that is legal.
function cardFor(code, ctx, moves, opts = {}) {
  const move = moves.map((verb) => `${verb} ${code}`).find((m) => ctx.legal.includes(m));
  return ctx.card(code, move ? { ...opts, move } : opts);
}

// --- what the table makes clickable -------------------------------------------------------
export function handles(code) {
  return code !== "pass";
}

export function summary(s, ctx) {
  const seat = ctx.view.seats[s];
  const complete = seat.papers.filter((p) => p.complete).length;
  // Your own hand as you hold it (as its heading counts it): the cards laid in a paper being
  // written, or chosen as thanks, are in the tray (the others count them in your hand until
  // the paper is on the table).
  const held = Array.isArray(seat.hand) ? inHand(seat, ctx).length : seat.hand_size;
  if (ctx.lang === "ja") {
    return `${seat.points}点・手札${held}枚・論文${seat.papers.length}(完成${complete})`;
  }
  return `${pointsText(seat.points, ctx)} · ${word("hand", ctx).toLowerCase()} ${held} · ` +
    `${seat.papers.length} ${word(seat.papers.length === 1 ? "paper" : "papers", ctx).toLowerCase()} (${complete} ${word("complete", ctx)})`;
}

// --- the middle: the end condition, the deck, the discard pile, the supply ---------------------
function banner(ctx) {
  const { view } = ctx;
  const line = el("div", "lam-banner");
  line.append(el("span", "lam-turn", `${word("turn", ctx)} ${view.turn_no}`));
  const end = el("span", "lam-end");
  if (view.end_condition_met_by !== null && view.end_condition_met_by !== undefined) {
    end.classList.add("met");
    end.append(`⚑ ${word("metBy", ctx)} `, ctx.nameEl(view.end_condition_met_by, true));
    if (view.phase !== "over") {
      const left = view.turns_left;
      const more = ctx.lang === "ja" ? word("turnsLeft", ctx).replace("{n}", String(left))
        : `${left} ${word("turnsLeft", ctx)}`;
      end.append(" · ", left ? more : word("lastTurn", ctx));
    }
  } else {
    end.textContent = word("goal", ctx).replace("{n}", String(view.end_points));
  }
  line.append(end);
  if (view.passes_in_row && view.phase !== "over") {
    line.append(el("span", "lam-passes", `${word("passes", ctx)} ${view.passes_in_row}/${view.players}`));
  }
  return line;
}

function piles(ctx) {
  const { view, legal } = ctx;
  const row = el("div", "lam-piles");
  const canDraw = legal.includes("draw");
  const deck = ctx.back({
    count: view.deck_size, move: canDraw ? "draw" : undefined,
    label: canDraw ? ctx.labelText("draw") : `${word("deck", ctx)}: ${view.deck_size}`,
    playable: canDraw,
  });
  deck.dataset.pile = "deck";
  const deckBox = el("div", "pile");
  deckBox.append(deck, el("span", "", `${word("deck", ctx)} ${view.deck_size}`));
  row.append(deckBox);

  // Another researcher choosing between the two cards drawn: two backs, nothing more.
  if (view.drawing && view.turn !== ctx.seat) {
    const drawing = el("div", "pile lam-drawing");
    drawing.append(ctx.fan([ctx.back({ size: "small" }), ctx.back({ size: "small" })]),
      who(ctx, view.turn, `: ${word("choosing", ctx)}`));
    row.append(drawing);
  }

  const pileBox = el("div", "pile lam-discards");
  const top = view.discards.length ? view.discards[view.discards.length - 1] : null;
  if (top) {
    const canTake = legal.includes("take");
    const topCard = ctx.card(top, canTake ? { move: "take" } : {});
    topCard.dataset.pile = "discards";
    // The cards under the top one show as an edge: the pile is face up, oldest at the bottom.
    const stack = el("span", "lam-stack");
    if (view.discards.length > 1) stack.append(el("span", "lam-edge"));
    stack.append(topCard);
    pileBox.append(stack);
  } else {
    pileBox.append(el("span", "lam-empty-pile", word("empty", ctx)));
  }
  const caption = el("span", "", `${word("discards", ctx)} ${view.discards.length}`);
  pileBox.append(caption);
  if (view.discards.length > 1) {
    const browse = el("button", "lam-browse", word(showPile ? "hidePile" : "allDiscards", ctx));
    browse.type = "button";
    browse.id = "lam-browse";
    browse.setAttribute("aria-expanded", String(showPile));
    browse.addEventListener("click", () => { showPile = !showPile; ctx.rerender(); });
    pileBox.append(browse);
  }
  row.append(pileBox);
  const out = [row];
  if (showPile && view.discards.length > 1) {
    const all = el("div", "cards lam-pile-spread");
    all.id = "lam-pile";
    all.append(...view.discards.map((c) => ctx.card(c, { size: "tiny" })));
    out.push(zone(`${word("discards", ctx)} (${word("oldestFirst", ctx)})`, "lam-pile-zone", all));
  }
  return out;
}

function supply(ctx) {
  const { view, legal } = ctx;
  const held = new Set((mine(ctx)?.papers || []).map((p) => p.paper));
  const grid = el("div", "lam-supply");
  grid.id = "lam-supply";
  for (const info of ctx.assets.papers || []) {
    const count = view.supply[info.id] ?? 0;
    const move = `publish ${info.id}`;
    const note = held.has(info.id) ? word("yours", ctx) : "";
    const card = paperCard(info.id, ctx, {
      move: legal.includes(move) ? move : null, state: "supply", count, note,
    });
    if (!count) card.classList.add("gone");
    if (held.has(info.id)) card.classList.add("held");
    grid.append(card);
  }
  return zone(word("supply", ctx), "lam-supply-zone", grid);
}

// On a phone your plate is docked at the window's foot, your hand first: the table above it
// is long (web/table.js).
export const dockHand = true;

export function centre(ctx) {
  return [banner(ctx), ...piles(ctx), supply(ctx)];
}

// --- a place: its papers, its hand -----------------------------------------------------------
function paperOnTable(paper, ctx) {
  const box = el("div", `lam-published ${paper.complete ? "complete" : "review"}`);
  box.dataset.paper = paper.paper;
  const cover = paperCard(paper.paper, ctx, { size: "small", state: paper.complete ? "complete" : "review" });
  const cards = paper.cards.map((code) => {
    const card = cardFor(code, ctx, paper.complete ? ["cite"] : ["review"], { size: "small" });
    if (paper.complete) card.classList.add("citable");
    return card;
  });
  const row = el("span", "lam-paper-cards");
  row.append(...cards);
  if (paper.complete) {
    // The card left on a complete paper can be cited by anyone (引用).
    const column = el("span", "lam-citable");
    column.append(row, el("span", "lam-citable-tag", word("citable", ctx)));
    box.append(cover, column);
  } else {
    box.append(cover, row);
  }
  return box;
}

function papersOf(seat, ctx) {
  const box = el("div", "lam-papers");
  if (!seat.papers.length) {
    box.append(el("span", "muted lam-none", word("noPapers", ctx)));
    return box;
  }
  // Under review first (they can be reviewed), then the complete ones (they can be cited).
  const order = [...seat.papers].sort((a, b) => Number(a.complete) - Number(b.complete));
  box.append(...order.map((p) => paperOnTable(p, ctx)));
  return box;
}

function handBacks(seat, ctx) {
  const known = seat.known_cards || [];
  const cards = [];
  for (let i = 0; i < seat.hand_size; i++) {
    cards.push(i < known.length ? ctx.card(known[i], { size: "tiny" }) : ctx.back({ size: "tiny" }));
  }
  const box = el("div", "lam-hand-backs");
  const fanned = ctx.fan(cards, "hand-backs");
  fanned.setAttribute("role", "img");
  fanned.setAttribute("aria-label", `${word("hand", ctx)}: ${seat.hand_size} ${word("cards", ctx)}` +
    (known.length ? ` (${word("knownCards", ctx)}: ${known.join(" ")})` : ""));
  box.append(fanned);
  return box;
}

// Your hand's cards but those laid in a paper being written, or chosen as thanks (the tray's).
function inHand(seat, ctx) {
  const draft = ctx.view.draft;
  const set = new Set(draft ? [...draft.laid, ...draft.thanks] : []);
  return seat.hand.filter((code) => !set.has(code));
}

// Your hand: the cards laid in a paper being written, or chosen as thanks, lie in the tray.
function myHand(seat, ctx) {
  const cards = el("div", "cards");
  cards.id = "hand";
  for (const code of inHand(seat, ctx)) {
    cards.append(cardFor(code, ctx, ["discard", "lay", "give", "flag"], { quiet: !myTurn(ctx) }));
  }
  const box = el("div", "lam-my-hand my-hand");
  const hint = handHint(ctx);
  box.append(zone(`${word("hand", ctx)} (${cards.children.length})`, "lam-hand-zone", cards));
  if (hint) box.append(el("p", "lam-hint", hint));
  return box;
}

function handHint(ctx) {
  const phase = ctx.view.phase;
  if (!myTurn(ctx)) return "";
  if (phase === "setup") return word("dealHint", ctx);
  if (phase === "turn") return word("pickHint", ctx);
  return "";
}

export function plate(s, ctx) {
  const seat = ctx.view.seats[s];
  if (s === ctx.seat && seat.hand) return [papersOf(seat, ctx), myHand(seat, ctx)];
  return [handBacks(seat, ctx), papersOf(seat, ctx)];
}

// --- the trays: research, a publication, the End Flag ----------------------------------------
function trayHead(title, ...more) {
  const head = el("div", "lam-tray-head");
  head.append(el("h2", "", title), ...more);
  return head;
}

function keepTray(ctx) {
  const box = el("div", "lam-tray lam-keep");
  const cards = el("div", "cards lam-drawn");
  cards.id = "lam-drawn";
  cards.append(...ctx.view.drawn.map((c) => cardFor(c, ctx, ["keep"])));
  box.append(trayHead(word("research", ctx)), el("p", "", word("keepOne", ctx)), cards,
    el("p", "lam-noback", word("noBackDraw", ctx)));
  return box;
}

function progressOf(draft, ctx) {
  const info = paperInfo(draft.paper, ctx);
  const chosen = [...draft.laid, ...draft.cited.map((c) => c.card)];
  if (info.shape === "sum") {
    const rank = (code) => rankOf(code, ctx);
    const total = chosen.reduce((sum, code) => sum + rank(code), 0);
    // 49 is exactly 49; 100+ is 100 or more (役の補足説明).
    const atLeast = info.id === "sum100";
    if (ctx.lang === "ja") return `合計 ${total}(${atLeast ? `${info.total}以上` : `ちょうど${info.total}`})`;
    return `${word("total", ctx)} ${total} (${atLeast ? `${info.total} or more` : `exactly ${info.total}`})`;
  }
  return ctx.lang === "ja" ? `${chosen.length}/${info.size}${word("progress", ctx)}`
    : `${chosen.length} ${word("of", ctx)} ${info.size} ${word("progress", ctx)}`;
}

function rankOf(code, ctx) {
  const card = (ctx.assets.deck?.cards || []).find((c) => c.code === code);
  return card ? card.rank : 0;
}

function slot(label, ...children) {
  const box = el("div", "lam-slot");
  box.append(el("span", "lam-slot-label", label), ...children);
  return box;
}

function publishTray(ctx) {
  const { view, legal } = ctx;
  const draft = view.draft;
  const box = el("div", "lam-tray lam-publishing");
  box.id = "lam-draft";
  box.append(trayHead(word("publishing", ctx), el("span", "lam-progress", progressOf(draft, ctx))));
  const body = el("div", "lam-draft");
  body.append(paperCard(draft.paper, ctx, { state: "draft" }));
  const chosen = el("div", "lam-chosen");

  const laid = el("div", "cards");
  laid.append(...draft.laid.map((c) => ctx.card(c, { size: "small" })));
  if (!draft.laid.length) laid.append(el("span", "muted", word("none", ctx)));
  chosen.append(slot(word("laid", ctx), laid));

  const cited = el("div", "cards");
  for (const entry of draft.cited) {
    const item = el("span", "lam-cited");
    item.append(ctx.card(entry.card, { size: "small" }),
      thanksTo(entry.author, ctx));
    cited.append(item);
  }
  if (!draft.cited.length) cited.append(el("span", "muted", word("none", ctx)));
  chosen.append(slot(word("cited", ctx), cited));

  const foreign = draft.cited.filter((c) => c.author !== ctx.seat);
  if (foreign.length) chosen.append(slot(word("thanksDue", ctx), thanksList(foreign, draft, ctx)));
  body.append(chosen);
  box.append(body);

  // The next steps: lay (the hand below), cite (here), give (the hand below), done.
  const next = el("div", "lam-next");
  next.id = "lam-next";
  const lays = legal.filter((c) => c.startsWith("lay "));
  const cites = legal.filter((c) => c.startsWith("cite "));
  const gives = legal.filter((c) => c.startsWith("give "));
  const steps = el("div", "lam-steps");
  if (view.phase === "gift") {
    steps.append(el("p", "", word("giveHint", ctx)));
  } else {
    if (lays.length) steps.append(el("p", "", `↓ ${word("layHint", ctx)}`));
    if (cites.length) {
      steps.append(el("p", "", word(lays.length ? "citeHint" : "citeOnly", ctx)));
      const row = el("div", "cards lam-cite-options");
      const authors = new Map(view.citable.map((c) => [c.card, c.author]));
      for (const code of cites) {
        const card = code.split(" ")[1];
        const author = authors.get(card);
        const item = el("span", "lam-cited");
        item.append(ctx.card(card, { move: code, size: "small" }),
          thanksTo(author, ctx));
        row.append(item);
      }
      steps.append(row);
    }
  }
  if (legal.includes("done")) steps.append(ctx.moveButton("done", null, "primary"));
  if (gives.length || lays.length || cites.length || legal.includes("done")) {
    next.append(el("span", "lam-slot-label", word("nextSteps", ctx)), steps);
    box.append(next);
  }
  box.append(el("p", "lam-noback", word("stepBack", ctx)));
  return box;
}

function thanksList(foreign, draft, ctx) {
  const list = el("ol", "lam-thanks");
  foreign.forEach((entry, i) => {
    const item = el("li");
    item.append(`${word("thanksTo", ctx)} `, ctx.nameEl(entry.author), " (", ctx.chip(entry.card), "): ");
    if (i < draft.thanks.length) item.append(ctx.card(draft.thanks[i], { size: "tiny" }));
    else if (i === draft.thanks.length && ctx.view.phase === "gift") item.append(el("strong", "", `← ${word("next", ctx)}`));
    else item.append(el("span", "muted", word("later", ctx)));
    list.append(item);
  });
  if (ctx.view.phase !== "gift") {
    const note = el("li", "muted lam-later", word("thanksLater", ctx));
    list.append(note);
  }
  return list;
}

function flagTray(ctx) {
  const box = el("div", "lam-tray lam-flagging");
  const body = el("div", "lam-draft");
  body.append(paperCard("endflag", ctx, { state: "draft" }), el("p", "", word("flagHint", ctx)));
  box.append(trayHead(word("endFlag", ctx)), body);
  return box;
}

export function tray(ctx) {
  const { view } = ctx;
  if (!myTurn(ctx)) return null;
  if (view.phase === "keep" && view.drawn) return keepTray(ctx);
  if ((view.phase === "publish" || view.phase === "gift") && view.draft) return publishTray(ctx);
  if (view.phase === "flag") return flagTray(ctx);
  return null;
}
