// Cards drawn as cards, for any deck a game declares (it comes with the game's assets:
// ``asobi.core.cards.Deck.to_json``): each suit names its symbol in the library below and its
// colour; a deck may name cards rank first ("7 of hearts"), write the rank large in the middle
// (Starmine's numbered fireworks), and hold wild cards (its boosts), drawn with a star. Every
// symbol is this project's own SVG. A card is built from DOM nodes only (never markup), and
// says its name to screen readers in the page's language.

const NS = "http://www.w3.org/2000/svg";

// Suit symbols, each on a 24 × 24 grid.
const SYMBOLS = {
  heart: "M12 21C5.2 15.4 2 11.9 2 8.2A4.9 4.9 0 0 1 12 5.6 4.9 4.9 0 0 1 22 8.2C22 11.9 18.8 15.4 12 21Z",
  onion: "M12 1.5C12.6 4.6 14.4 6.4 16.9 8.3 20.2 10.8 20.8 15.1 18.3 18.1 16.8 19.9 14.5 20.6 12 20.6S7.2 19.9 5.7 18.1C3.2 15.1 3.8 10.8 7.1 8.3 9.6 6.4 11.4 4.6 12 1.5ZM12 8.5C10.4 10.8 10 14.5 11 19.6H13C14 14.5 13.6 10.8 12 8.5ZM9 21.2 8 23M12 21.2V23.2M15 21.2 16 23",
  book: "M2 5.2C5.3 4 9 4.2 11.3 6.2V20.2C9 18.5 5.3 18.3 2 19.4ZM12.7 6.2C15 4.2 18.7 4 22 5.2V19.4C18.7 18.3 15 18.5 12.7 20.2Z",
  coin: "M12 2.5A9.5 9.5 0 1 1 11.99 2.5ZM9.6 9.6V14.4H14.4V9.6Z",
  star: "M12 1.8 14.9 8.6 22.2 9.2 16.6 14 18.3 21.2 12 17.4 5.7 21.2 7.4 14 1.8 9.2 9.1 8.6Z",
  time: "M12 2.2A9.8 9.8 0 1 1 11.99 2.2ZM12 4.6A7.4 7.4 0 1 0 12.01 4.6ZM11 6.5H13V11.4L16.6 13.5 15.6 15.2 11 12.6Z",
  coffin: "M8.2 1.5H15.8L19.5 7.6 15.8 22.5H8.2L4.5 7.6ZM11 5.5V9H8V11H11V17H13V11H16V9H13V5.5Z",
  spades: "M12 2C9 6 3.5 9.2 3.5 13.3A4.3 4.3 0 0 0 10.6 16.6C10.4 18.6 9.6 20.3 8 22H16C14.4 20.3 13.6 18.6 13.4 16.6A4.3 4.3 0 0 0 20.5 13.3C20.5 9.2 15 6 12 2Z",
  hearts: "M12 21C5.2 15.4 2 11.9 2 8.2A4.9 4.9 0 0 1 12 5.6 4.9 4.9 0 0 1 22 8.2C22 11.9 18.8 15.4 12 21Z",
  diamonds: "M12 1.5 20 12 12 22.5 4 12Z",
  clubs: "M12 2A4.4 4.4 0 0 0 8.3 8.9 4.4 4.4 0 1 0 10.7 16.4C10.5 18.6 9.7 20.4 8 22H16C14.3 20.4 13.5 18.6 13.3 16.4A4.4 4.4 0 1 0 15.7 8.9 4.4 4.4 0 0 0 12 2Z",
  burst: "M12 1 13.2 8.6 18.6 3.4 15.4 10.2 23 9.3 16.4 13.2 22.2 18.2 14.9 15.9 15.8 23 12 16.6 8.2 23 9.1 15.9 1.8 18.2 7.6 13.2 1 9.3 8.6 10.2 5.4 3.4 10.8 8.6Z",
};

let deck = null;          // the game's deck: {name, rank_first, numbered, suits, cards}
const known = new Map();  // code -> {suit, rank, label}

export function useDeck(json) {
  deck = json || null;
  known.clear();
  for (const c of deck ? deck.cards : []) known.set(c.code, c);
}

export function isCard(code) {
  return known.has(code);
}

function suitOf(code) {
  const c = known.get(code);
  return c && deck ? deck.suits.find((s) => s.letter === c.suit) : null;
}

// A card's name, as a screen reader says it: "Heart 7", "ハートの7", "red 4", "7 of hearts".
export function cardName(code, lang) {
  const c = known.get(code);
  const suit = suitOf(code);
  if (!c || !suit) return code;
  if (suit.wild) return lang === "ja" ? `${suit.ja}(${c.label})` : `${suit.en} ${c.label}`;
  if (lang === "ja") return `${suit.ja}の${c.label}`;
  if (deck.rank_first) return `${c.label} of ${suit.en}`;
  return `${suit.en} ${c.label}`;
}

export function symbol(name, colour, className = "symbol") {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", className);
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", SYMBOLS[name] || SYMBOLS.star);
  path.setAttribute("fill", colour);
  path.setAttribute("fill-rule", "evenodd");
  if (name === "onion") {  // its roots are lines
    path.setAttribute("stroke", colour);
    path.setAttribute("stroke-width", "1.2");
    path.setAttribute("stroke-linecap", "round");
  }
  svg.append(path);
  return svg;
}

function look(code) {
  return suitOf(code) || { symbol: "star", colour: "#475569", ink: "#475569", wild: false };
}

// The classes a card or chip of this deck carries, for the style sheet.
function deckClasses() {
  return deck && deck.numbered ? "numbered" : "";
}

function span(className, text = "") {
  const el = document.createElement("span");
  el.className = className;
  if (text) el.textContent = text;
  return el;
}

// The face of ``code``: corners with its rank, and its suit's symbol in the middle.
function face(el, code) {
  const c = known.get(code);
  const { symbol: name, colour, ink, wild } = look(code);
  el.style.setProperty("--suit", ink);
  const label = wild ? "★" : (c ? c.label : code);
  const corner = span("corner");
  corner.append(span("rank", label), symbol(name, colour, "pip"));
  const middle = span("middle");
  middle.append(symbol(name, colour, "symbol"));
  if (deck && deck.numbered) middle.append(span("number", wild ? "" : label));
  const low = span("corner low");
  low.append(span("rank", label), symbol(name, colour, "pip"));
  el.append(corner, middle, low);
  if (wild) el.classList.add("wild");
}

// A card. Options: size ("" normal, "small", "tiny"), move (a legal move's code: the card is
// then a button that makes it, labelled by ``label``), onClick (a button with its own
// action), selected, lang, label (the accessible name when it is a button).
export function cardEl(code, opts = {}) {
  const clickable = Boolean(opts.move || opts.onClick);
  const el = document.createElement(clickable ? "button" : "span");
  el.className = `card ${deckClasses()} ${opts.size || ""}`.replace(/\s+/g, " ").trim();
  el.dataset.card = code;
  const c = known.get(code);
  if (c) el.dataset.suit = c.suit;
  face(el, code);
  const name = cardName(code, opts.lang || "en");
  if (clickable) {
    el.type = "button";
    el.setAttribute("aria-label", opts.label || name);
    if (opts.move) el.dataset.code = opts.move;
    if (opts.selected !== undefined) el.setAttribute("aria-pressed", String(Boolean(opts.selected)));
    el.addEventListener("click", opts.onClick || (() => opts.act(opts.move)));
  } else {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", name);
  }
  if (opts.selected) el.classList.add("selected");
  if (opts.playable) el.classList.add("playable");
  return el;
}

// The back of a card (a hidden card, or the deck). ``count`` writes how many lie there.
export function backEl(opts = {}) {
  const clickable = Boolean(opts.move || opts.onClick);
  const el = document.createElement(clickable ? "button" : "span");
  el.className = `card back ${opts.size || ""}`.trim();
  const mark = span("mark");
  mark.append(symbol("star", "rgba(255,255,255,.55)", "symbol"));
  el.append(mark);
  if (opts.count !== undefined) el.append(span("count", String(opts.count)));
  const label = opts.label || (opts.lang === "ja" ? "伏せたカード" : "a face-down card");
  el.setAttribute("aria-label", label);
  if (clickable) {
    el.type = "button";
    if (opts.move) el.dataset.code = opts.move;
    el.addEventListener("click", opts.onClick || (() => opts.act(opts.move)));
  } else {
    el.setAttribute("role", "img");
  }
  if (opts.playable) el.classList.add("playable");
  return el;
}

// A small card inside a sentence (the log, a move's label): its rank and suit symbol.
export function chipEl(code, lang) {
  const el = span(`chip ${deckClasses()}`.trim());
  const { symbol: name, colour, ink, wild } = look(code);
  const c = known.get(code);
  el.style.setProperty("--suit", ink);
  el.append(symbol(name, colour, "pip"));
  if (!wild) el.append(span("rank", c ? c.label : code));
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code, lang));
  el.dataset.chip = code;
  return el;
}

// A row of cards fanned out, overlapping (a hand seen from across the table, a column).
export function fan(children, className = "") {
  const el = span(`fan ${className}`.trim());
  el.append(...children);
  return el;
}
