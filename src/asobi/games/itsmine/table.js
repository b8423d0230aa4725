// It's Mine! (イッツマイン!): the seven mines (鉱山) in a row across the middle of the table, the
// other princess's columns above them and yours below, as across a real table; the citizens
// (国民カード) around the deck (山札) in a 3 × 3 square; the bonus pile (ボーナスの山) beside the
// Heart 7. At each place: the die (ダイス), with the face shown last round, a cup over a bid
// that is in but still secret, and the faces barred from the next bid; the hand (yours face
// up, the other's as backs with the citizens it was seen to take).
//
// What you may do is what you click: a die face to bid; a citizen to take it; cards of your
// hand, then the play they make; the bonus card's keep or remove in the tray.

const WORDS = {
  round: ["Round", "ラウンド"], finalRound: ["Final round", "最終ラウンド"],
  simple: ["Simple variant", "シンプル"], ties: ["Ties", "あいこ"],
  mines: ["Mines", "鉱山"], citizens: ["Citizens", "国民カード"], deck: ["Deck", "山札"],
  bonusPile: ["Bonus pile", "ボーナスの山"], bonusGone: ["3-card bonus taken", "3枚ボーナス獲得済み"],
  hand: ["Hand", "手札"], cards: ["cards", "枚"], removed: ["Removed", "除外"],
  removedMine: ["Removed face down (only you know them)", "裏向きで除外(あなただけが知っている)"],
  die: ["Die", "ダイス"], lastRound: ["shown last round", "前のラウンドの目"],
  // 準備: the dice start with 「1」 up, so round 1 has no last round's face.
  startFace: ["the face the dice start on", "はじめの目"],
  tiedFace: ["the tied face", "あいこの目"],
  choosing: ["choosing a face…", "目を選んでいます…"], bidIn: ["bid in, hidden", "出した目は伏せてある"],
  yourBid: ["your bid, hidden from the other", "あなたの目(相手には秘密)"],
  higher: ["higher face: lays first", "大きい目:先に出す"],
  lower: ["lower face: takes first", "小さい目:先に取る"],
  tied: ["tied auction", "あいこ"],
  barred: ["may not show", "出せない目"], barredFace: ["barred", "出せない"],
  pickFace: ["Choose your die face", "ダイスの目を選ぶ"],
  bidRule: ["The lower face takes exactly that many citizens, the higher 1 up to its face and lays first.",
    "小さい目はその数ちょうど、大きい目は1枚以上その数まで国民カードを取り、大きい目が先にカードを出す。"],
  // Why the final round came (the view's end_reason), as the status said it before.
  deckOut: ["the deck ran out", "山札がなくなった"], bonusOut: ["the bonus pile ran out", "ボーナスの山がなくなった"],
  limit: ["the round limit was reached", "ラウンドの上限に達した"], endNear: ["the end is near", "終わりが近い"],
  // The status of your own turn, said shorter: the rules are on the table.
  bidNow: ["Auction: choose a die face in secret", "オークション:ダイスの目をこっそり選ぶ"],
  tieAgain: ["Tie: bid again, the tied face barred. ", "あいこ:同じ目は出せずに再オークション。"],
  layNow: ["Lay cards in your columns", "自分の列にカードを出す"],
  layTogether: ["The auction ended tied: choose your play in secret", "あいこのままオークション終了:出すカードをこっそり選ぶ"],
  pick: ["Pick cards from your hand to lay: one card, a run of one suit, or one number in several suits.",
    "出すカードを手札から選んでください:1枚、同じスートの連続した数、または異なるスートの同じ数。"],
  noPlay: ["These cards do not make one play.", "この組み合わせでは出せません。"],
  clear: ["Clear", "選び直す"],
  yourPlay: ["Your play, hidden until both are in:", "あなたが出すカード(両方そろうまで秘密):"],
  yourPass: ["You pass; hidden until both are in.", "あなたはパス(両方そろうまで秘密)。"],
  playIn: ["play chosen, hidden", "出すカードは伏せてある"],
  bonusCard: ["Bonus card", "ボーナスカード"],
  lookingAt: ["looking at a bonus card", "ボーナスカードを見ている"],
  bonusTitle: ["3-card bonus: the top card of the bonus pile, seen by you alone",
    "3枚ボーナス:ボーナスの山の一番上のカード(あなただけが見ている)"],
  ascending: ["ascending", "昇順"], descending: ["descending", "降順"],
  column: ["column", "列"], empty: ["no cards", "カードなし"],
  yours: ["your", "あなたの"], takenBy: ["taken by", "獲得:"], points: ["points", "点"],
  // 勝敗 4: at the end each card left in hand goes out of the game with the top card of its
  // suit's column, one for one.
  cancelled: ["out with a card left in hand", "余った手札と一緒に除外"],
  emptied: ["nobody takes it: the cards laid here went out with cards left in hand",
    "獲得なし:並べたカードは余った手札と一緒に除外された"],
};
const FACES = [1, 2, 3, 4, 5, 6];
// Where each pip sits on a 24 × 24 die face.
const PIPS = {
  1: [[12, 12]], 2: [[7, 7], [17, 17]], 3: [[7, 7], [12, 12], [17, 17]],
  4: [[7, 7], [17, 7], [7, 17], [17, 17]], 5: [[7, 7], [17, 7], [12, 12], [7, 17], [17, 17]],
  6: [[7, 6.5], [17, 6.5], [7, 12], [17, 12], [7, 17.5], [17, 17.5]],
};
const NS = "http://www.w3.org/2000/svg";
const PLAY_PHASES = ["play", "play_together"];

let selected = [];  // hand cards picked for a play, in the order clicked

const word = (key, ctx) => ctx.word(WORDS[key] || [key, key]);

function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function svg(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// --- dice and the cup -----------------------------------------------------------------------
// A die showing ``face``, drawn in SVG (the 1 is the big red pip of Japanese dice).
function dieFace(face, className = "") {
  const box = svg("svg", { viewBox: "0 0 24 24", class: `im-die ${className}`.trim(), "aria-hidden": "true" });
  box.append(svg("rect", { x: 1.5, y: 1.5, width: 21, height: 21, rx: 4.5, class: "body" }));
  for (const [x, y] of PIPS[face] || []) {
    box.append(svg("circle", { cx: x, cy: y, r: face === 1 ? 3.6 : 2.1, class: face === 1 ? "pip one" : "pip" }));
  }
  if (className.includes("barred")) box.append(svg("line", { x1: 3, y1: 21, x2: 21, y2: 3, class: "slash" }));
  return box;
}

// The dice cup turned over a die: a bid that is in but not yet shown.
function cup() {
  const box = svg("svg", { viewBox: "0 0 24 24", class: "im-cup", "aria-hidden": "true" });
  box.append(svg("path", { d: "M4.5 21.5 7 4.2Q12 2.6 17 4.2L19.5 21.5Q12 23.6 4.5 21.5Z", class: "leather" }));
  box.append(svg("path", { d: "M4.9 18.6Q12 20.6 19.1 18.6L19.5 21.5Q12 23.6 4.5 21.5Z", class: "rim" }));
  box.append(svg("path", { d: "M9 6.2 8 16.5", class: "shine" }));
  return box;
}

function labelled(node, label) {
  const box = el("span", "im-die-box");
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", label);
  box.append(node);
  return box;
}

// One seat's die: what everyone may see of it now, and a caption saying what it means.
function dieOf(s, ctx) {
  const { view } = ctx;
  const seat = view.seats[s];
  const box = el("div", "im-dice");
  const caption = el("span", "im-die-caption");
  const name = word("die", ctx);
  if (view.phase === "bid" && seat.committed) {
    if (seat.bid !== undefined) {
      box.append(labelled(dieFace(seat.bid, "secret"), `${name} ${seat.bid}: ${word("yourBid", ctx)}`));
      caption.textContent = word("yourBid", ctx);
    } else {
      box.append(labelled(cup(), `${name}: ${word("bidIn", ctx)}`));
      caption.textContent = word("bidIn", ctx);
    }
    box.append(caption);
    return box;
  }
  if (view.phase === "bid") {
    // What the die shows: after a tie this round's tied face, else last round's (the start's
    // 1 in round 1): captioned by the round alone, a tied face read as the start's.
    const shown = view.ties ? "tiedFace" : view.round === 1 ? "startFace" : "lastRound";
    box.append(labelled(dieFace(seat.die, "last"), `${name} ${seat.die}: ${word(shown, ctx)}`));
    // The other is choosing; you see your own choice in the faces beside your die.
    caption.textContent = word(shown, ctx) + (s === ctx.seat ? "" : ` · ${word("choosing", ctx)}`);
    box.append(caption);
    const barred = seat.forbidden_faces || [];
    if (barred.length && s !== ctx.seat) {
      const bars = el("span", "im-barred");
      bars.append(`${word("barred", ctx)} `);
      for (const f of barred) bars.append(labelled(dieFace(f, "barred tiny"), `${f}`));
      box.append(bars);
    }
    return box;
  }
  box.append(labelled(dieFace(seat.die), `${name} ${seat.die}`));
  if (view.phase !== "over") {
    if (view.higher === null || view.higher === undefined) caption.textContent = word("tied", ctx);
    else caption.textContent = word(view.higher === s ? "higher" : "lower", ctx);
    box.append(caption);
  }
  return box;
}

// Your bid: the six faces, each a button for a face you may show, the barred ones crossed.
function facePicker(ctx) {
  const box = el("div", "im-faces");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", word("pickFace", ctx));
  const barred = ctx.view.seats[ctx.seat].forbidden_faces || [];
  for (const face of FACES) {
    const code = `bid ${face}`;
    if (ctx.legal.includes(code)) {
      const b = el("button", "im-face");
      b.type = "button";
      b.dataset.code = code;
      b.setAttribute("aria-label", ctx.labelText(code));
      b.append(dieFace(face));
      b.addEventListener("click", () => ctx.act(code));
      box.append(b);
    } else {
      const why = barred.includes(face) ? word("barredFace", ctx) : "";
      const shown = labelled(dieFace(face, "barred"), `${face}: ${why}`);
      shown.classList.add("im-face", "barred");
      box.append(shown);
    }
  }
  return box;
}

// --- cards ------------------------------------------------------------------------------------
function rankOf(code, ctx) {
  const found = (ctx.assets.deck?.cards || []).find((c) => c.code === code);
  return found ? found.rank : 0;
}

function suitName(letter, ctx) {
  const suit = (ctx.assets.deck?.suits || []).find((s) => s.letter === letter);
  return suit ? ctx.word([suit.en, suit.ja]) : letter;
}

// A column's direction once its second card is down (基本②): +1 ascending, -1 descending.
function direction(column, ctx) {
  if (column.length < 2) return 0;
  return rankOf(column[1], ctx) > rankOf(column[0], ctx) ? 1 : -1;
}

function zone(label, className, ...children) {
  const box = el("div", `zone ${className}`.trim());
  box.append(el("span", "zone-label", label), ...children);
  return box;
}

function pile(label, node) {
  const box = el("div", "pile");
  box.append(node, el("span", "", label));
  return box;
}

// --- the middle: mines, columns, citizens, the piles --------------------------------------------
function seatsAround(ctx) {
  const me = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  return { me, them: 1 - me };
}

// At the end, the cards of seat s's column at ``mine`` that count (勝敗 5), once its hand's
// last cards went out of the game with the column's top cards (勝敗 4); null before the end.
function counted(s, mine, ctx) {
  const scored = ctx.view.outcome?.details?.columns_scored;
  const at = ctx.view.mines.indexOf(mine);
  return scored && scored[s] && at >= 0 ? scored[s][at] : null;
}

// One seat's column under (or over) a mine: its cards fanned from the mine outwards, with
// how many lie there and the direction once set. At the end, the top cards that went out with
// cards left in hand are crossed out, and the count says how many are left to count.
function columnCell(s, mine, ctx, targets) {
  const column = ctx.view.seats[s].columns[mine] || [];
  const cell = el("div", "im-col");
  cell.dataset.seat = String(s);
  cell.dataset.mine = mine;
  if (targets.has(mine[0])) cell.classList.add("target");
  const way = direction(column, ctx);
  const left = counted(s, mine, ctx);
  const out = left === null ? 0 : column.length - left;
  const tag = el("span", "im-count");
  tag.textContent = column.length ? `${column.length}${way > 0 ? " ↑" : way < 0 ? " ↓" : ""}` : "";
  if (out > 0) tag.textContent = `${column.length} → ${left}`;
  const who = s === ctx.seat ? `${word("yours", ctx)} ` : `${ctx.seatName(s)}: `;
  const dir = way ? `, ${word(way > 0 ? "ascending" : "descending", ctx)}` : "";
  const gone = out > 0
    ? (ctx.lang === "ja" ? `、${out}枚は${word("cancelled", ctx)}、数えるのは${left}枚`
      : `, ${out} went out with cards left in hand, ${left} left to count`)
    : "";
  cell.setAttribute("aria-label",
    `${who}${suitName(mine[0], ctx)} ${word("column", ctx)}, ${column.length} ${word("cards", ctx)}${dir}${gone}`);
  cell.setAttribute("role", "group");
  const stack = el("div", "im-stack");
  stack.append(...column.map((code, i) => {
    const shown = ctx.card(code, { size: "small" });
    if (i >= column.length - out) {
      shown.classList.add("im-cancelled");
      shown.title = word("cancelled", ctx);
    }
    return shown;
  }));
  if (!column.length) stack.append(el("span", "im-slot"));
  cell.append(tag, stack);
  return cell;
}

function columnsRow(s, ctx, className, targets) {
  const row = el("div", `im-columns ${className}`);
  for (const mine of ctx.view.mines) row.append(columnCell(s, mine, ctx, targets));
  return row;
}

// Who took each mine, once the game is scored (勝敗 5).
function takers(ctx) {
  const won = ctx.view.outcome?.details?.mines || [];
  const owner = new Map();
  won.forEach((codes, s) => codes.forEach((code) => owner.set(code, s)));
  return owner;
}

// A mark on a mine (its points, who took it, emptied, bonus gone), named for a screen reader
// and on hover.
function sign(className, text, label) {
  const mark = el("span", className, text);
  mark.setAttribute("role", "img");
  mark.setAttribute("aria-label", label);
  mark.title = label;
  return mark;
}

function minesRow(ctx) {
  const row = el("div", "im-mines");
  const claimed = ctx.view.bonus_claimed || [];
  const owner = takers(ctx);
  const { me } = seatsAround(ctx);
  for (const mine of ctx.view.mines) {
    const cell = el("div", "im-mine");
    cell.append(ctx.card(mine));
    // 勝敗 6: a mine is worth its number (K 13); in the simple variant every mine is worth 10.
    const worth = ctx.view.variant === "simple" ? 10 : rankOf(mine, ctx);
    cell.append(sign("im-points", String(worth), `${worth} ${word("points", ctx)}`));
    if (owner.has(mine)) {
      const s = owner.get(mine);
      const label = `${word("takenBy", ctx)} ${ctx.seatName(s)}`;
      cell.append(sign(`im-taken ${s === me ? "ours" : "theirs"}`, s === me ? "↓" : "↑", label));
      cell.classList.add(s === me ? "won-ours" : "won-theirs");
    }
    const laid = ctx.view.seats.some((seat) => (seat.columns[mine] || []).length);
    const left = ctx.view.seats.map((_, s) => counted(s, mine, ctx));
    if (!owner.has(mine) && laid && left.every((n) => n === 0)) {
      cell.append(sign("im-emptied", "✕", word("emptied", ctx)));
      cell.classList.add("emptied");
    }
    if (claimed.includes(mine)) {
      cell.append(sign("im-star", "★", word("bonusGone", ctx)));
      cell.classList.add("claimed");
    }
    row.append(cell);
  }
  return row;
}

// The deck in the middle of the citizens, as the rulebook lays them (補足1: a 3 × 3 square).
function market(ctx) {
  const { view, legal } = ctx;
  const square = el("div", "im-square");
  const deck = ctx.back({ count: view.deck_size, size: "small", label: `${word("deck", ctx)}: ${view.deck_size}` });
  deck.dataset.pile = "deck";
  const citizens = view.citizens.map((code) => {
    const take = `take ${code}`;
    return legal.includes(take) ? ctx.card(code, { move: take, size: "small" }) : ctx.card(code, { size: "small" });
  });
  for (let i = 0; i < 9; i++) {
    if (i === 4) { square.append(deck); continue; }
    const card = citizens[i < 4 ? i : i - 1];
    square.append(card || el("span", "im-slot"));
  }
  const box = zone(`${word("citizens", ctx)} · ${word("deck", ctx)} ${view.deck_size}`, "im-market", square);
  if (legal.includes("done")) {
    const stop = ctx.moveButton("done", null, "im-done");
    box.append(stop);
  }
  return box;
}

function bonusPile(ctx) {
  const count = ctx.view.bonus_pile;
  const back = ctx.back({ count, size: "small", label: `${word("bonusPile", ctx)}: ${count}` });
  back.classList.add("im-bonus-back");
  const box = pile(word("bonusPile", ctx), back);
  box.classList.add("im-bonus");
  return box;
}

// The key of the words for why this is the final round (the view's end_reason, as words.py's
// END_REASONS says it).
const END_REASONS = { deck: "deckOut", bonus: "bonusOut", round_limit: "limit" };
function endReason(view) {
  return END_REASONS[view.end_reason] || "endNear";
}

// The status, the server's words said shorter where this table shows the rest: it stays at
// the window's top, and on a phone it took five lines (115 px) of the screen. Why the round is
// the last is beside its badge (heading); the rules of a bid under the die faces (bidRule);
// those of a play over the hand (pick); a tie's rebid there too (tieAgain), by the faces barred.
export function status(ctx, said) {
  const { view } = ctx;
  const both = (...keys) => ({ en: keys.map((k) => WORDS[k][0]).join(""), ja: keys.map((k) => WORDS[k][1]).join("") });
  const mine = ctx.seat !== null && view.active.includes(ctx.seat);
  if (mine && view.phase === "bid") return both("bidNow");
  if (mine && view.phase === "play") return both("layNow");
  if (mine && view.phase === "play_together") return both("layTogether");
  if (!view.final_round) return said;
  // Every status of the final round opens with it ("Final round (the deck ran out). "):
  // the badge on the table says it.
  return {
    en: said.en.replace(/^Final round \([^)]*\)\. /, ""),
    ja: said.ja.replace(/^最終ラウンド\([^)]*\)。/, ""),
  };
}

function heading(ctx) {
  const { view } = ctx;
  const line = el("div", "im-head");
  line.append(el("span", "im-round", `${word("round", ctx)} ${view.round}`));
  if (view.final_round && view.phase !== "over") {
    line.append(el("span", "badge im-final", word("finalRound", ctx)), el("span", "im-why", word(endReason(view), ctx)));
  }
  if (view.variant === "simple") line.append(el("span", "badge", word("simple", ctx)));
  if (view.phase === "bid" && view.ties) line.append(el("span", "badge im-ties", `${word("ties", ctx)} × ${view.ties}`));
  return line;
}

export function centre(ctx) {
  const { me, them } = seatsAround(ctx);
  const targets = new Set(selected.map((c) => c[0]));
  const board = el("div", "im-board");
  board.append(
    columnsRow(them, ctx, "theirs", new Set()),
    minesRow(ctx),
    columnsRow(me, ctx, "ours", targets),
    bonusPile(ctx),
    market(ctx),
  );
  board.setAttribute("aria-label", word("mines", ctx));
  return [heading(ctx), board];
}

// --- each place ---------------------------------------------------------------------------------
export function handles(code) {
  return /^(bid|take|play) /.test(code) || ["done", "pass", "keep", "remove"].includes(code);
}

export function summary(s, ctx) {
  const seat = ctx.view.seats[s];
  const parts = [`${word("hand", ctx)} ${seat.hand_size}${ctx.lang === "ja" ? "枚" : ""}`];
  if (seat.removed_count) parts.push(`${word("removed", ctx)} ${seat.removed_count}${ctx.lang === "ja" ? "枚" : ""}`);
  return parts.join(" · ");
}

function theirPlace(s, ctx) {
  const { view } = ctx;
  const seat = view.seats[s];
  const row = el("div", "im-place");
  row.append(dieOf(s, ctx));
  const known = seat.known_cards || [];
  const cards = [];
  for (let i = 0; i < seat.hand_size; i++) {
    cards.push(i < known.length ? ctx.card(known[i], { size: "small" }) : ctx.back({ size: "small" }));
  }
  if (cards.length) row.append(zone(word("hand", ctx), "im-hand-backs", ctx.fan(cards, "hand-backs")));
  if (view.phase === "play_together" && seat.committed) {
    row.append(zone(word("playIn", ctx), "im-secret", ctx.back({ size: "small", label: word("playIn", ctx) })));
  }
  if (view.phase === "bonus" && view.active.includes(s)) {
    const back = ctx.back({ size: "small", label: `${word("bonusCard", ctx)}: ${word("lookingAt", ctx)}` });
    row.append(zone(word("lookingAt", ctx), "im-secret", back));
  }
  if (seat.removed_count) {
    const back = ctx.back({ count: seat.removed_count, size: "tiny", label: `${word("removed", ctx)}: ${seat.removed_count}` });
    row.append(pile(word("removed", ctx), back));
  }
  return row;
}

// The plays your hand can make now, each with its cards.
function plays(ctx) {
  return ctx.legal.filter((code) => code.startsWith("play ")).map((code) => ({ code, cards: code.split(" ").slice(1) }));
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function yourPlace(ctx) {
  const { view, legal } = ctx;
  const seat = view.seats[ctx.seat];
  const box = el("div", "im-mine-place");
  const top = el("div", "im-place");
  top.append(dieOf(ctx.seat, ctx));
  if (legal.some((code) => code.startsWith("bid "))) {
    const bidding = el("div", "im-bidding");
    const rule = el("p", "im-hint im-rule", word("bidRule", ctx));
    if (ctx.view.ties) rule.prepend(el("b", "", word("tieAgain", ctx)));
    bidding.append(facePicker(ctx), rule);
    top.append(bidding);
  }
  if (seat.play) {
    const note = el("div", "im-pending");
    const laid = seat.play.split(" ").slice(1);
    if (laid.length) note.append(word("yourPlay", ctx), " ", ...laid.map((c) => ctx.chip(c)));
    else note.append(word("yourPass", ctx));
    top.append(note);
  }
  box.append(top);

  const options = plays(ctx);
  const laying = options.length > 0;
  selected = laying ? selected.filter((c) => seat.hand.includes(c)) : [];
  const usable = new Set(options.flatMap((p) => p.cards));
  const hand = el("div", `cards im-hand${laying ? " laying" : ""}`);
  hand.id = "hand";
  for (const code of seat.hand) {
    const picked = selected.includes(code);
    const canLay = usable.has(code);
    hand.append(ctx.card(code, {
      selected: laying && canLay ? picked : undefined,
      quiet: !canLay,
      onClick: laying && canLay ? () => {
        selected = picked ? selected.filter((c) => c !== code) : [...selected, code];
        ctx.rerender();
      } : undefined,
    }));
  }
  box.append(zone(word("hand", ctx), "im-hand-zone", hand));

  const bar = el("div", "hand-bar");
  bar.id = "hand-moves";
  for (const play of options) {
    if (!selected.length || !sameCards(play.cards, selected)) continue;
    const b = ctx.moveButton(play.code, null, "primary");
    b.addEventListener("click", () => { selected = []; });
    bar.append(b);
  }
  if (laying && !bar.children.length) {
    bar.append(el("span", "muted im-hint", word(selected.length ? "noPlay" : "pick", ctx)));
  }
  if (selected.length) {
    const clear = el("button", "", word("clear", ctx));
    clear.type = "button";
    clear.addEventListener("click", () => { selected = []; ctx.rerender(); });
    bar.append(clear);
  }
  if (legal.includes("pass")) bar.append(ctx.moveButton("pass", null, "primary"));
  if (bar.children.length) box.append(bar);

  const removed = seat.removed_bonus || [];
  if (removed.length) {
    box.append(zone(word("removedMine", ctx), "im-removed", ctx.fan(removed.map((c) => ctx.card(c, { size: "tiny" })), "loose")));
  }
  return box;
}

export function plate(s, ctx) {
  if (s === ctx.seat && ctx.view.seats[s].hand) return yourPlace(ctx);
  return theirPlace(s, ctx);
}

// The 3-card bonus (3枚ボーナス): the card you alone see, to keep or to remove face down.
export function tray(ctx) {
  const code = ctx.view.bonus_card;
  if (!code || !ctx.legal.includes("keep")) return null;
  const box = el("div", "im-tray");
  const text = el("div", "im-tray-text");
  text.append(el("strong", "", word("bonusTitle", ctx)));
  const choices = el("div", "hand-bar");
  choices.append(ctx.moveButton("keep", null, "primary"), ctx.moveButton("remove"));
  text.append(choices);
  box.append(ctx.card(code), text);
  return box;
}
