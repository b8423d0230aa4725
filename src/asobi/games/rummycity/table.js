// Rummy City (ラミーシティ): two neighbouring towns build with rummy combinations.
// The middle of the table: the round, the settlements so far, the row (山札) top first (click
// the n-th card to draw n; face-down cards as backs, those you looked at with the School shown
// face up and marked "seen"), the solo discards, and the supply (場) of building cards. Each
// town's place: its buildings as cards (mark, name in both languages, recipe, effect, income,
// the card on a Bank or Police station), this round's combinations (組み合わせ), its hand.
// A building is built step by step in the tray: the building, the cards laid so far, what the
// recipe still needs; the hand's cards that fit are the next to click. The other town's
// building carries "Take" when your hand makes its recipe; lay-offs (付け札) sit under the other
// town's combinations at settlement; a hand card picked can go on your Bank or Police station.

const WORDS = {
  row: ["Row", "山札"], cards: ["cards", "枚"], faceDown: ["face down", "裏向き"],
  supply: ["Supply", "場"], buildings: ["Buildings", "建物"], none: ["none yet", "まだなし"],
  combinations: ["Combinations this round", "このラウンドの組み合わせ"],
  hand: ["Hand", "手札"], tepu: ["tepu", "テプ"], limit: ["draw limit", "引ける上限"],
  round: ["Round", "ラウンド"], of: ["of", "/"], firstPlayer: ["first", "先手"],
  target: ["wins at", "目標"], overtime: ["Extra round (延長戦)", "延長戦"],
  finalTurns: ["Final turns (最後の手番)", "最後の手番"], settlement: ["Settlement (決算)", "決算"],
  settlements: ["Settlements", "決算の記録"],
  settleHead: ["−cards +combinations +income → tepu", "−手札 +組み合わせ +収入 → テプ"],
  settleHeadDuring: ["gained in the round; −cards +combinations +income → tepu",
    "ラウンド中に得たテプ、−手札 +組み合わせ +収入 → テプ"],
  draw: ["Draw", "引く"], look: ["Look", "見る"], pass: ["Pass ♠", "パス ♠"],
  build: ["Build", "建てる"], take: ["Take", "奪う"], giveBack: ["Return", "返す"],
  seen: ["seen", "見た"], lookedAt: ["looked at", "見られた"], taken: ["taken", "取った"],
  discards: ["Discards", "捨て札"], known: ["known", "判明"],
  noBuilding: ["no building (final turn)", "建物なし(最後の手番)"],
  wild: ["wild", "ジョーカー"], anySuit: ["any suit", "どのマークにも"],
  deposit: ["Pick a card in your hand to put on it for good", "手札から置くカードを選んでください"],
  complete: ["Complete: done, or lay more", "完成:完了するか、さらに出す"],
  completeExact: ["Complete", "完成"],
  fromHand: ["Tap or click a highlighted card in your hand to lay it.", "手札の光っているカードをタップ(クリック)して出してください。"],
  builtOf: ["Built this turn", "この手番に建てた数"],
  buildMore: ["Tap or click a building to build another, or end the turn.", "建物をタップ(クリック)してさらに建てるか、手番を終えてください。"],
  finalHelp: ["Final turn: lay any combinations (a building's, or one for no building), then “End the final turn”.",
    "最後の手番:組み合わせをいくつでも出せます(建物なしも可)。終えたら「最後の手番を終える」。"],
  meldFor: ["No building:", "建物なし:"],
  endTurn: ["End the turn", "手番を終える"], endFinal: ["End the final turn", "最後の手番を終える"],
  endLayoffs: ["Finish the lay-offs", "付け札を終える"],
  layoffHelp: ["Lay off cards onto the other town's combinations (the cards under each), then finish.",
    "相手の組み合わせに付け札できます(各組み合わせの下のカード)。終えたら「付け札を終える」。"],
  layoffOnto: ["Lay off:", "付け札:"],
  returnHelp: ["Solo: 6 buildings at most. Return one of yours to the supply.",
    "ソロ:建物は6つまで。自分の建物を1つ場に返してください。"],
  schoolHelp: ["take the cards you want from the top of the row, then done.",
    "山札の上から要るカードを取り、「完了」。"],
  looking: ["is looking at the top", "が山札の上から見ている:"],
  done: ["Done", "完了"],
  run: ["Run", "ラン"], mix: ["MIX Run", "ミックスラン"], set: ["Set", "セット"],
  runRule: ["consecutive, one suit", "同じマークで連番"],
  mixRule: ["consecutive, every suit different", "すべて違うマークで連番"],
  setRule: ["one rank", "同じ数字"],
  you: ["you", "あなた"],
  drawHint: ["Tap or click the n-th card of the row to draw n.", "山札のn枚目をタップ(クリック)するとn枚引きます。"],
  settledOf: ["Settlement of round {n}", "第{n}ラウンドの決算"],
  handLeft: ["{n} cards left in hand", "手札の残り{n}枚"],
  allHeld: [" (all the tepu held)", "(手持ちのテプすべて)"],
  combosCounted: ["{n} combinations, 1 tepu each (not per card)", "組み合わせ{n}つ、1つにつき1テプ(枚数ではない)"],
  incomeFrom: ["income", "収入"], noIncome: ["no income", "収入なし"],
  cleared: ["Round {n}'s combinations were counted here and cleared for round {m}; the buildings stay.",
    "第{n}ラウンドの組み合わせはここで数えられ、第{m}ラウンドのために片付けられました。建物はそのまま残ります。"],
  clearedHere: ["none yet: round {n}'s {k} went to its settlement (+{k} tepu)",
    "まだなし:第{n}ラウンドの{k}つは決算で+{k}テプになった"],
};

const SUITS = { "♠": "spade", "♥": "heart", "♦": "diamond", "♣": "club" };
const RANK = { A: 1, J: 11, Q: 12, K: 13 };
const SUIT_ORDER = "SHDC";

let picked = null;  // a hand card picked to put on your Bank or Police station
let reachable = new Set();  // the moves this drawing of the table lets a person click
let drawnFor = null;

const word = (key, ctx) => ctx.word(WORDS[key] || [key, key]);
const solo = (ctx) => ctx.view.mode === "solo";
const mine = (s, ctx) => s === ctx.seat && Boolean(ctx.view.seats[s].hand);

function el(tag, className = "", ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

// The moves drawn this time (``ctx`` is new at every drawing): only those leave the moves
// section under the table, so a move the table failed to draw is still a button there.
function offer(ctx, code) {
  if (drawnFor !== ctx) {
    drawnFor = ctx;
    reachable = new Set();
  }
  reachable.add(code);
  return code;
}

export function handles(code, ctx) {
  return drawnFor === ctx && reachable.has(code);
}

function legal(ctx, code) {
  return ctx.legal.includes(code);
}

function catalogue(ctx) {
  const byId = {};
  for (const b of ctx.view.catalogue) byId[b.id] = b;
  return byId;
}

function nameOf(b, ctx) {
  return ctx.lang === "ja" ? b.ja : b.en;
}

function otherName(b, ctx) {
  return ctx.lang === "ja" ? b.en : b.ja;
}

// The building with the School's effect in this game's catalogue, by name.
function schoolName(ctx) {
  const school = ctx.view.catalogue.find((b) => b.effect === "school");
  return school ? nameOf(school, ctx) : "";
}

function rankOf(code) {
  const r = code.slice(1);
  return RANK[r] || Number(r);
}

// --- what a building does, in the server's words (the game's assets) --------------------
function effectText(b, ctx) {
  const words = ctx.assets.building_words || {};
  const parts = [];
  const mark = (words.marks || {})[b.mark];
  if (mark) parts.push(mark);
  if (b.effect) parts.push((words.effects || {})[b.effect] || { en: b.text, ja: b.text });
  if (!parts.length) return b.income ? "" : ctx.word([words.none?.en || "no effect", words.none?.ja || "効果なし"]);
  return parts.map((p) => (ctx.lang === "ja" ? p.ja : p.en)).join(ctx.lang === "ja" ? "、" : "; ");
}

// "+4 tepu at each settlement", the number on a coin (the server's words around it). The
// words touching the coin go with it, unbroken: 「+④テプ」, never 「テプ」 alone on a line.
function incomeEl(b, ctx) {
  const template = (ctx.assets.building_words || {}).income || { en: "+{n} tepu", ja: "+{n}テプ" };
  const [before, after = ""] = (ctx.lang === "ja" ? template.ja : template.en).split("{n}");
  const [, lead, plus] = /^(.*?)(\S*)$/s.exec(before);
  const [, unit, rest] = /^(\s?\S*)(.*)$/s.exec(after);
  const amount = el("span", "rc-b-amount", plus, el("span", "rc-b-coin", String(b.income)), unit);
  return el("div", "rc-b-income", lead, amount, rest);
}

// A recipe as printed ("♠4Run", "♣5+Run", "MIX3", "Set4"), its suit in its colour.
function parseRecipe(text) {
  const run = /^([♠♥♦♣])?(\d+)(\+)?Run$/.exec(text);
  if (run) return { kind: "run", suit: run[1] || null, size: Number(run[2]), more: Boolean(run[3]) };
  const fixed = /^(MIX|Set)(\d+)$/.exec(text);
  if (fixed) return { kind: fixed[1] === "MIX" ? "mix" : "set", suit: null, size: Number(fixed[2]), more: false };
  return { kind: "run", suit: null, size: 3, more: true };
}

function recipeEl(text, ctx) {
  const r = parseRecipe(text);
  const box = el("span", "rc-recipe");
  if (r.suit) box.append(el("span", `rc-suit ${SUITS[r.suit]}`, r.suit));
  box.append(text.replace(/^[♠♥♦♣]/, ""));
  const size = `${r.size}${r.more ? `+` : ""}`;
  const rule = word(`${r.kind}Rule`, ctx);
  box.title = ctx.lang === "ja"
    ? `${r.suit || ""}${size}枚の${word(r.kind, ctx)}(${rule})`
    : `${word(r.kind, ctx)} of ${size}${r.suit ? ` ${r.suit}` : ""} (${rule})`;
  return box;
}

// --- building cards -------------------------------------------------------------------------
// ``action``: {code, text, label} a move this card makes (build, take, return).
function buildingCard(b, ctx, action = null, extra = null) {
  const card = el("div", `rc-building ${SUITS[b.mark] || "club"}`);
  card.dataset.building = b.id;
  const head = el("div", "rc-b-head",
    el("span", "rc-b-mark", b.mark),
    el("span", "rc-b-name", nameOf(b, ctx)));
  const name2 = el("span", "rc-b-name2", otherName(b, ctx));
  name2.lang = ctx.lang === "ja" ? "en" : "ja";
  card.append(head, el("div", "rc-b-sub", name2, recipeEl(b.recipe, ctx)));
  const effect = effectText(b, ctx);
  if (effect) card.append(el("div", "rc-b-effect", effect));
  if (b.income) card.append(incomeEl(b, ctx));
  if (ctx.view.making && ctx.view.making.building === b.id) card.classList.add("rc-target");
  const deposit = ctx.view.deposits[b.id];
  if (deposit) {
    const power = b.effect === "police" ? word("wild", ctx) : word("anySuit", ctx);
    card.append(el("div", "rc-b-deposit", ctx.card(deposit, { size: "tiny" }),
      el("span", "", `${deposit.slice(1)}: ${power}`)));
  }
  if (extra) card.append(extra);
  if (action) {
    const button = ctx.moveButton(offer(ctx, action.code), el("span", "", action.text), "rc-b-act");
    button.setAttribute("aria-label", action.label || ctx.labelText(action.code));
    card.append(button);
    card.classList.add("actionable", action.kind || "");
    // The whole card answers a pointer; the keyboard has the button.
    card.addEventListener("click", (e) => { if (e.target === card || !e.target.closest("button")) button.click(); });
  }
  return card;
}

// Your Bank / Police station without a card yet: pick a hand card, then put it here.
function depositSpot(b, ctx) {
  const codes = ctx.legal.filter((c) => c.startsWith(`place ${b.id} `));
  if (!codes.length) return null;
  codes.forEach((c) => offer(ctx, c));
  const box = el("div", "rc-b-place");
  const chosen = picked && codes.includes(`place ${b.id} ${picked}`) ? `place ${b.id} ${picked}` : null;
  if (chosen) {
    box.append(ctx.moveButton(chosen, null, "primary"));
  } else {
    box.append(el("span", "rc-hint", word("deposit", ctx)));
  }
  return box;
}

function townBuildings(s, ctx) {
  const cat = catalogue(ctx);
  const seat = ctx.view.seats[s];
  const me = mine(s, ctx);
  const cards = seat.buildings.map((id) => {
    const b = cat[id];
    if (!b) return el("span", "", id);
    let action = null;
    if (me && legal(ctx, `return ${id}`)) {
      action = { code: `return ${id}`, text: word("giveBack", ctx), kind: "give-back" };
    } else if (!me && ctx.seat !== null && legal(ctx, `build ${id}`)) {
      action = {
        code: `build ${id}`, text: `${word("take", ctx)} ⇦`, kind: "take",
        label: ctx.lang === "ja" ? `${ctx.seatName(s)}から${b.ja}を奪う(${b.recipe})` : `Take the ${b.en} from ${ctx.seatName(s)} (${b.recipe})`,
      };
    }
    const spot = me && ["bank", "police"].includes(b.effect) && !ctx.view.deposits[id] ? depositSpot(b, ctx) : null;
    return buildingCard(b, ctx, action, spot);
  });
  const row = el("div", "rc-buildings");
  if (cards.length) row.append(...cards);
  else row.append(el("span", "rc-empty", word("none", ctx)));
  return el("div", "rc-town-buildings", el("span", "zone-label", `${word("buildings", ctx)} · ${seat.buildings.length}`), row);
}

// --- combinations -----------------------------------------------------------------------------
function standingOf(combo, code) {
  const s = (combo.standing || {})[code] || "";
  if (s.includes("警察署") || s.startsWith("wild")) return "wild";
  if (s) return "anySuit";
  return "";
}

// A combination's cards in reading order: a Set by suit, a run by rank (A high when the run
// reaches past it), the wild cards in the gaps, then at the end.
function ordered(combo) {
  const cards = [...combo.cards];
  const wild = cards.filter((c) => standingOf(combo, c) === "wild");
  const natural = cards.filter((c) => !wild.includes(c));
  if (combo.kind === "set") {
    return [...natural.sort((a, b) => SUIT_ORDER.indexOf(a[0]) - SUIT_ORDER.indexOf(b[0])), ...wild];
  }
  const high = natural.some((c) => rankOf(c) !== 1 && rankOf(c) > cards.length);
  const at = (c) => (rankOf(c) === 1 && high ? 14 : rankOf(c));
  natural.sort((a, b) => at(a) - at(b));
  const out = [];
  const jokers = [...wild];
  natural.forEach((c, i) => {
    if (i) for (let gap = at(c) - at(natural[i - 1]) - 1; gap > 0 && jokers.length; gap--) out.push(jokers.shift());
    out.push(c);
  });
  return [...out, ...jokers];
}

function comboCards(combo, ctx) {
  return ordered(combo).map((c) => {
    const card = ctx.card(c, { size: "tiny" });
    const standing = standingOf(combo, c);
    if (standing) {
      card.classList.add("rc-standing", standing);
      card.title = word(standing, ctx);
    }
    return card;
  });
}

function combinations(s, ctx) {
  const seat = ctx.view.seats[s];
  if (!seat.combinations.length) return clearedCombinations(s, ctx);
  const cat = catalogue(ctx);
  const list = el("ol", "rc-combos");
  seat.combinations.forEach((combo, i) => {
    const n = i + 1;
    const item = el("li", "rc-combo");
    const b = combo.building ? cat[combo.building] : null;
    const label = el("span", "rc-combo-label",
      el("span", "rc-combo-no", String(n)),
      `${word(combo.kind, ctx)} → ${b ? nameOf(b, ctx) : word("noBuilding", ctx)}`);
    item.append(label, el("span", "rc-combo-cards", ...comboCards(combo, ctx)));
    const offs = ctx.legal.filter((c) => c.startsWith("layoff ") && c.endsWith(` ${n}`));
    if (offs.length && !mine(s, ctx)) {
      const bar = el("div", "rc-layoffs", el("span", "rc-hint", word("layoffOnto", ctx)));
      for (const code of offs) {
        const card = ctx.card(code.split(" ")[1], { size: "small", move: offer(ctx, code) });
        bar.append(card);
      }
      item.append(bar);
      item.classList.add("target");
    }
    list.append(item);
  });
  return el("div", "rc-town-combos", el("span", "zone-label", word("combinations", ctx)), list);
}

// A town's combinations of the round before, gone at its settlement: the empty place says where
// they went (they vanished with the new deal, and a player wondered why).
function clearedCombinations(s, ctx) {
  const record = latestSettlement(ctx);
  const before = ctx.view.seats[s].last_round_combinations || [];
  if (!record || ctx.view.phase === "over" || !before.length) return null;
  const said = fill(word("clearedHere", ctx), { n: record.round, k: before.length });
  return el("div", "rc-town-combos", el("span", "zone-label", word("combinations", ctx)), " ",
    el("span", "rc-hint rc-cleared", said));
}

// --- the latest settlement (決算), on the table ---------------------------------------------------
// A round ends in its settlement: each town pays 1 tepu a card left in hand, gains 1 a
// combination it laid ("枚数ではありません!") and its buildings' income; then the next round is
// dealt and the combinations are gone. The log said it in one line and the combinations
// vanished unexplained: here the table says what each town settled, from which combinations and
// buildings, and why they left. Open while it is news; folded to its line when the player folds
// it or has played on (drawn, laid or passed) in the new round.
let folded = null;  // the round whose settlement the player folded
let askedAt = null;  // {round, number}: the move number at the player's first move of that round

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

// The settlement just made: in the round after it, or at the end of the game it ended.
function latestSettlement(ctx) {
  const { view } = ctx;
  const record = view.settlements[view.settlements.length - 1];
  if (!record) return null;
  return record.round === (view.phase === "over" ? view.round : view.round - 1) ? record : null;
}

function settledTown(town, s, ctx, combos) {
  const cat = catalogue(ctx);
  const tepu = ctx.lang === "ja" ? "テプ" : " tepu";
  const line = (amount, ...what) => el("li", "", el("b", "rc-settled-n", amount), " ", ...what);
  const list = el("ul", "rc-settled-lines");
  const short = town.paid < town.hand ? word("allHeld", ctx) : "";
  list.append(line(signed(-town.paid), fill(word("handLeft", ctx), { n: town.hand }), short));
  const laid = combos.map((combo) => {
    const b = combo.building ? cat[combo.building] : null;
    return el("span", "rc-settled-combo", `${word(combo.kind, ctx)} → ${b ? nameOf(b, ctx) : word("noBuilding", ctx)} `,
      ...ordered(combo).map((c) => ctx.chip(c)));
  });
  const counted = line(signed(town.combinations), fill(word("combosCounted", ctx), { n: town.combinations }));
  if (laid.length) counted.append(ctx.lang === "ja" ? ":" : ": ", el("span", "rc-settled-combos", ...laid));
  list.append(counted);
  const earners = Object.entries(town.income_from || {}).map(([id, n]) => `${cat[id] ? nameOf(cat[id], ctx) : id} +${n}`);
  list.append(line(signed(town.income), earners.length
    ? `${word("incomeFrom", ctx)}${ctx.lang === "ja" ? ":" : ": "}${earners.join(ctx.lang === "ja" ? "、" : ", ")}`
    : word("noIncome", ctx)));
  const head = el("div", "rc-settled-town", ctx.nameEl(s), ` → `, el("b", "", `${town.tepu}${tepu}`));
  return el("div", "rc-settled-seat", head, list);
}

function settledPanel(ctx) {
  const record = latestSettlement(ctx);
  if (!record) return null;
  const { view } = ctx;
  const over = view.phase === "over";
  const me = ctx.seat === null ? null : view.seats[ctx.seat];
  if (ctx.legal.length && askedAt?.round !== record.round) askedAt = { round: record.round, number: ctx.number };
  // Played on: a move since the round first asked one of the player (a pass shows nowhere
  // else), or, on a page opened later, cards drawn or laid.
  const moved = askedAt?.round === record.round && ctx.number > askedAt.number;
  const playedOn = !over && (moved || (me && me.hand && (me.hand.length > 2 || me.combinations.length > 0)));
  const box = el("details", "rc-settled");
  box.id = "rc-settled";
  box.open = folded !== record.round && !playedOn;
  const tepu = ctx.lang === "ja" ? "テプ" : " tepu";
  const summary = el("summary", "rc-settled-head", el("b", "", fill(word("settledOf", ctx), { n: record.round })));
  record.towns.forEach((town, s) => {
    const change = town.combinations + town.income - town.paid;
    summary.append(s ? " · " : (ctx.lang === "ja" ? ":" : ": "), ctx.nameEl(s), ` ${signed(change)} → ${town.tepu}${tepu}`);
  });
  box.append(summary);
  box.addEventListener("toggle", () => {
    // Only the player's own folding counts (not the panel being drawn open).
    if (box.isConnected && !box.open) folded = record.round;
  });
  // In the round after, each town's combinations are those it had (lay-offs and all); at the
  // game's end they are still on the table.
  const combos = (s) => (over ? view.seats[s].combinations : view.seats[s].last_round_combinations || []);
  if (!over) box.append(el("p", "rc-settled-why", fill(word("cleared", ctx), { n: record.round, m: view.round })));
  const towns = el("div", "rc-settled-towns");
  record.towns.forEach((town, s) => towns.append(settledTown(town, s, ctx, combos(s))));
  box.append(towns);
  return box;
}

// --- each town's place -------------------------------------------------------------------------
export function summary(s, ctx) {
  const seat = ctx.view.seats[s];
  const out = [el("span", "rc-stat tepu", el("b", "", String(seat.tepu)), ` ${word("tepu", ctx)}`)];
  out.push(el("span", "rc-stat", `${word("hand", ctx)} ${seat.hand_size}`));
  out.push(el("span", "rc-stat", `${word("limit", ctx)} ${seat.draw_limit}`));
  return out;
}

function hiddenHand(s, ctx) {
  const seat = ctx.view.seats[s];
  const known = seat.known_cards || [];
  const cards = [];
  for (let i = 0; i < seat.hand_size; i++) {
    cards.push(i < known.length ? ctx.card(known[i], { size: "tiny" }) : ctx.back({ size: "tiny" }));
  }
  const box = el("div", "rc-hidden-hand", el("span", "zone-label", `${word("hand", ctx)} · ${seat.hand_size}`));
  if (cards.length) box.append(ctx.fan(cards, "hand-backs"));
  if (known.length) box.append(el("span", "rc-hint", `${word("known", ctx)}: ${known.length}`));
  return box;
}

function myHand(s, ctx) {
  const seat = ctx.view.seats[s];
  const laying = ctx.legal.some((c) => c.startsWith("lay "));
  const placing = !laying && ctx.legal.some((c) => c.startsWith("place "));
  const cards = seat.hand.map((code) => {
    if (laying && legal(ctx, `lay ${code}`)) return ctx.card(code, { move: offer(ctx, `lay ${code}`) });
    if (placing && ctx.legal.some((c) => c.startsWith("place ") && c.endsWith(` ${code}`))) {
      return ctx.card(code, {
        selected: picked === code,
        onClick: () => { picked = picked === code ? null : code; ctx.rerender(); },
      });
    }
    return ctx.card(code, { quiet: true });
  });
  const row = el("div", "cards rc-hand");
  row.id = "hand";
  row.append(...cards);
  return el("div", "rc-my-hand my-hand", el("span", "zone-label", `${word("hand", ctx)} · ${seat.hand.length}`), row);
}

// A card picked for the Bank or Police station stays picked while it can still go there.
function keepPicked(ctx) {
  if (picked && !ctx.legal.some((c) => c.startsWith("place ") && c.endsWith(` ${picked}`))) picked = null;
}

export function plate(s, ctx) {
  if (mine(s, ctx)) keepPicked(ctx);
  const out = [];
  if (!mine(s, ctx) && !solo(ctx)) out.push(hiddenHand(s, ctx));
  out.push(townBuildings(s, ctx));
  const combos = combinations(s, ctx);
  if (combos) out.push(combos);
  if (mine(s, ctx)) out.push(myHand(s, ctx));
  return out;
}

// --- the middle: the round, the row, the supply ---------------------------------------------
function roundBar(ctx) {
  const { view } = ctx;
  const bar = el("div", "rc-round");
  const round = solo(ctx)
    ? `${word("round", ctx)} ${view.round} ${word("of", ctx)} ${view.rounds}`
    : `${word("round", ctx)} ${view.round}`;
  bar.append(el("b", "", round));
  if (!solo(ctx)) {
    bar.append(el("span", "", `${word("firstPlayer", ctx)}: `, ctx.nameEl(view.first_player)));
    bar.append(el("span", "", `${word("target", ctx)} ${view.target} ${word("tepu", ctx)}`));
  }
  if (view.overtime) bar.append(el("span", "rc-tag", word("overtime", ctx)));
  if (view.phase === "settle") bar.append(el("span", "rc-tag", word("settlement", ctx)));
  else if (view.phase !== "over" && (view.final_turn || view.last_drawer !== null)) bar.append(el("span", "rc-tag", word("finalTurns", ctx)));
  return bar;
}

function settlementsTable(ctx) {
  const records = ctx.view.settlements;
  if (!records.length) return null;
  const table = el("table", "rc-settlements");
  const head = el("tr", "", el("td"));
  ctx.view.seats.forEach((_, s) => {
    const th = el("th", "", ctx.nameEl(s));
    th.scope = "col";
    head.append(th);
  });
  // What each town gained or paid during a round (buildings' effects, the Station's fares),
  // before its settlement: without it a row does not follow from the one before.
  const moved = records.some((record) => record.towns.some((town) => town.gained));
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0") + (ctx.lang === "ja" ? "、" : "; ");
  const body = el("tbody");
  for (const record of records) {
    const tr = el("tr");
    const th = el("th", "", `${word("round", ctx)} ${record.round}`);
    th.scope = "row";
    tr.append(th);
    for (const town of record.towns) {
      tr.append(el("td", "", moved ? signed(town.gained) : "",
        `−${town.paid} +${town.combinations} +${town.income} → `, el("b", "", String(town.tepu))));
    }
    body.append(tr);
  }
  table.append(el("thead", "", head), body);
  const title = el("div", "", el("span", "zone-label", word("settlements", ctx)), " ",
    el("span", "rc-hint", word(moved ? "settleHeadDuring" : "settleHead", ctx)));
  return el("div", "rc-settle-box", title, table);
}

// The row, top first. The cards in reach are bigger; clicking the n-th draws n (with the
// School, looks); hovering shows which would come.
function theRow(ctx) {
  const { view } = ctx;
  const seatNo = ctx.seat;
  const me = seatNo !== null ? view.seats[seatNo] : null;
  const draws = ctx.legal.filter((c) => /^draw \d+$/.test(c));
  const canLook = legal(ctx, "look");
  const reach = me ? Math.min(me.draw_limit, view.row.length) : 0;
  const looking = view.looking || null;
  const row = el("div", "rc-row");
  row.id = "row";
  row.dataset.pile = "deck";  // where drawn cards slide from
  const slots = [];
  view.row.forEach((entry, i) => {
    const n = i + 1;
    const code = draws.includes(`draw ${n}`) ? `draw ${n}` : (canLook && n <= reach ? "look" : null);
    const size = (code || (looking && n <= looking.count)) ? "" : "small";
    let card;
    const label = code ? ctx.labelText(code) : undefined;
    if (entry.card) {
      card = ctx.card(entry.card, { size, move: code ? offer(ctx, code) : undefined, label });
    } else {
      card = ctx.back({ size, move: code ? offer(ctx, code) : undefined, label, playable: Boolean(code) });
    }
    if (!entry.face_up && entry.card) {
      card.classList.add("rc-seen");
      card.append(el("span", "rc-badge", word("seen", ctx)));
    } else if (!entry.face_up && entry.looked_at_by.some((s) => s !== seatNo)) {
      card.append(el("span", "rc-badge other", word("lookedAt", ctx)));
    }
    if (looking && n <= looking.count) {
      card.classList.add("rc-range");
      if (looking.taken.includes(n)) card.classList.add("rc-taken");
    }
    const slot = el("span", "rc-slot", card);
    slot.dataset.n = String(n);
    if (code && code.startsWith("draw ")) {
      const preview = (on) => slots.forEach((other, k) => other.classList.toggle("preview", on && k < n));
      card.addEventListener("pointerenter", () => preview(true));
      card.addEventListener("pointerleave", () => preview(false));
      card.addEventListener("focus", () => preview(true));
      card.addEventListener("blur", () => preview(false));
    }
    slots.push(slot);
    row.append(slot);
  });
  const down = view.row.filter((e) => !e.face_up).length;
  const head = el("div", "rc-row-head",
    el("span", "zone-label", word("row", ctx)),
    el("span", "rc-count", `${view.row.length} ${word("cards", ctx)} · ${word("faceDown", ctx)} ${down}`));
  const controls = el("div", "rc-draw-bar");
  if (draws.length) {
    controls.append(el("span", "rc-hint", word("draw", ctx)));
    for (const code of draws) {
      const b = ctx.moveButton(offer(ctx, code), el("span", "", code.split(" ")[1]), "rc-draw-n");
      b.setAttribute("aria-label", ctx.labelText(code));
      controls.append(b);
    }
  }
  if (canLook) {
    const look = `${word("look", ctx)} (${schoolName(ctx)})`;
    controls.append(ctx.moveButton(offer(ctx, "look"), el("span", "", look), "primary"));
  }
  if (legal(ctx, "pass")) controls.append(ctx.moveButton(offer(ctx, "pass"), el("span", "", word("pass", ctx))));
  if (controls.children.length) head.append(controls);
  const box = el("section", "rc-row-zone", head, row);
  box.setAttribute("aria-label", word("row", ctx));
  if (draws.length) box.append(el("p", "rc-hint", word("drawHint", ctx)));
  return box;
}

function discards(ctx) {
  if (!solo(ctx) || !ctx.view.discards.length) return null;
  const cards = ctx.view.discards.map((c) => ctx.card(c, { size: "tiny" }));
  return el("div", "rc-discards", el("span", "zone-label", `${word("discards", ctx)} · ${cards.length}`),
    ctx.fan(cards.slice(-24), "loose"));
}

function supply(ctx) {
  const cat = catalogue(ctx);
  const cards = ctx.view.supply.map((id) => {
    const b = cat[id];
    const code = `build ${id}`;
    const action = legal(ctx, code) ? { code, text: word("build", ctx), kind: "build" } : null;
    return buildingCard(b, ctx, action);
  });
  const row = el("div", "rc-buildings rc-supply");
  row.append(...cards);
  if (!cards.length) row.append(el("span", "rc-empty", "—"));
  const box = el("section", "rc-supply-zone",
    el("span", "zone-label", `${word("supply", ctx)} · ${word("buildings", ctx)} ${cards.length}`), row);
  box.setAttribute("aria-label", `${word("supply", ctx)} (${word("buildings", ctx)})`);
  return box;
}

// On a phone your plate is docked at the window's foot, your hand first: the table above it
// is long (web/table.js).
export const dockHand = true;

export function centre(ctx) {
  return [roundBar(ctx), settledPanel(ctx), settlementsTable(ctx), theRow(ctx), discards(ctx), supply(ctx)].filter(Boolean);
}

// --- the tray: a move of several steps ------------------------------------------------------
function needs(making, ctx) {
  const cat = catalogue(ctx);
  const b = making.building ? cat[making.building] : null;
  const recipe = b ? parseRecipe(b.recipe) : { kind: making.kind, size: 3, more: true, suit: null };
  const laid = making.cards.length;
  const missing = Math.max(recipe.size - laid, 0);
  return { b, recipe, missing };
}

function layTray(ctx) {
  const { view } = ctx;
  const making = view.making;
  const { b, recipe, missing } = needs(making, ctx);
  // The names as nodes (a long one cut short); "you" first in a sentence is "You".
  const who = view.turn === ctx.seat ? (ctx.lang === "ja" ? word("you", ctx) : "You") : ctx.nameEl(view.turn);
  const kind = word(recipe.kind, ctx);
  const owner = b ? view.seats.findIndex((seat) => seat.buildings.includes(b.id)) : -1;
  const from = owner >= 0 ? (owner === ctx.seat ? word("you", ctx) : ctx.nameEl(owner)) : null;
  let doing;
  if (!b) doing = ctx.lang === "ja" ? [who, `が建物なしの${kind}を出している(最後の手番)`] : [who, `: a ${kind} for no building (final turn)`];
  else if (from) doing = ctx.lang === "ja" ? [who, "が", from, `から${b.ja}(${b.recipe})を奪おうとしている`] : [who, `: taking the ${b.en} (${b.recipe}) from `, from];
  else doing = ctx.lang === "ja" ? [who, `が${b.ja}(${b.recipe})を建設中`] : [who, `: building the ${b.en} (${b.recipe})`];
  const title = el("div", "rc-tray-title", el("b", "", ...doing));
  const laid = making.cards.map((c) => ctx.card(c, { size: "small" }));
  for (let i = 0; i < missing; i++) laid.push(el("span", "rc-slot-empty", recipe.suit || "?"));
  if (recipe.more && !missing) laid.push(el("span", "rc-slot-empty more", "+"));
  const rule = `${kind}: ${word(`${recipe.kind}Rule`, ctx)}`;
  let state;
  if (missing) {
    state = ctx.lang === "ja" ? `あと${missing}枚` : `${missing} more card${missing === 1 ? "" : "s"} needed`;
  } else {
    state = word(recipe.more ? "complete" : "completeExact", ctx);
  }
  const tray = el("div", "rc-tray rc-laying");
  if (b) tray.append(buildingCard(b, ctx));
  const body = el("div", "rc-tray-body", title,
    el("div", "rc-tray-cards", ...laid),
    el("div", "rc-tray-need", el("b", "", state), ` · ${rule}`));
  const moves = el("div", "hand-bar");
  if (legal(ctx, "done")) moves.append(ctx.moveButton(offer(ctx, "done"), el("span", "", word("done", ctx)), "primary"));
  if (ctx.legal.some((c) => c.startsWith("lay "))) moves.append(el("span", "rc-hint", word("fromHand", ctx)));
  if (moves.children.length) body.append(moves);
  tray.append(body);
  return tray;
}

function pickTray(ctx) {
  const { view } = ctx;
  const looking = view.looking;
  if (!looking.cards) {
    return el("div", "rc-tray", el("div", "rc-tray-title",
      el("b", "", ctx.nameEl(view.turn)), ` ${word("looking", ctx)} ${looking.count}`));
  }
  const cards = looking.cards.map((code, i) => {
    const n = i + 1;
    const take = `take ${n}`;
    const card = legal(ctx, take) ? ctx.card(code, { move: offer(ctx, take) }) : ctx.card(code, { quiet: true });
    if (looking.taken.includes(n)) {
      card.classList.add("rc-taken");
      card.append(el("span", "rc-badge", word("taken", ctx)));
    }
    return card;
  });
  const moves = el("div", "hand-bar");
  if (legal(ctx, "done")) moves.append(ctx.moveButton(offer(ctx, "done"), el("span", "", word("done", ctx)), "primary"));
  return el("div", "rc-tray", el("div", "rc-tray-body",
    el("div", "rc-tray-title", el("b", "", `${schoolName(ctx)}: ${word("schoolHelp", ctx)}`)),
    el("div", "cards rc-tray-cards", ...cards), moves));
}

function buildTray(ctx) {
  const { view } = ctx;
  const help = view.final_turn ? word("finalHelp", ctx) : word("buildMore", ctx);
  const body = el("div", "rc-tray-body",
    el("div", "rc-tray-title", el("b", "", `${word("builtOf", ctx)}: ${view.builds_this_turn} / 3`)),
    el("p", "rc-hint", help));
  const moves = el("div", "hand-bar");
  const melds = ctx.legal.filter((c) => c.startsWith("meld "));
  if (melds.length) {
    moves.append(el("span", "rc-hint", word("meldFor", ctx)));
    for (const code of melds) moves.append(ctx.moveButton(offer(ctx, code), el("span", "", word(code.split(" ")[1], ctx))));
  }
  if (legal(ctx, "end")) {
    moves.append(ctx.moveButton(offer(ctx, "end"), el("span", "", word(view.final_turn ? "endFinal" : "endTurn", ctx)), "primary"));
  }
  body.append(moves);
  return el("div", "rc-tray", body);
}

function settleTray(ctx) {
  const moves = el("div", "hand-bar");
  if (legal(ctx, "end")) moves.append(ctx.moveButton(offer(ctx, "end"), el("span", "", word("endLayoffs", ctx)), "primary"));
  return el("div", "rc-tray", el("div", "rc-tray-body",
    el("div", "rc-tray-title", el("b", "", word("settlement", ctx))),
    el("p", "rc-hint", word("layoffHelp", ctx)), moves));
}

export function tray(ctx) {
  const { view } = ctx;
  if (view.phase === "lay" && view.making) return layTray(ctx);
  if (view.phase === "pick" && view.looking) return pickTray(ctx);
  if (!ctx.legal.length) return null;
  if (view.phase === "build") return buildTray(ctx);
  if (view.phase === "settle") return settleTray(ctx);
  if (view.phase === "return") {
    return el("div", "rc-tray", el("div", "rc-tray-body", el("p", "rc-hint", word("returnHelp", ctx))));
  }
  return null;
}
