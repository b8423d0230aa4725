// The server's words ({en, ja} texts from each game's phrasebook) made into page nodes. A text
// names seats and cards by marks: {s:N} is seat N's name ("you" for the reader's own seat),
// {c:CODE} a card, drawn as a small card. Everything is inserted as text, never as markup.
import { chipEl, isCard } from "/static/cards.js";

const MARK = /\{([sc]):([^{}]*)\}/g;

// ``words`` ({en, ja}) in ``lang`` as a fragment; ``name(s)`` gives seat s's name.
export function say(words, lang, name) {
  const text = words ? (lang === "ja" ? words.ja : words.en) || words.en || "" : "";
  const out = document.createDocumentFragment();
  let at = 0;
  let first = true;
  for (const match of text.matchAll(MARK)) {
    if (match.index > at) out.append(text.slice(at, match.index));
    const [, kind, value] = match;
    if (kind === "c") {
      out.append(isCard(value) ? chipEl(value, lang) : value);
    } else {
      let who = name(Number(value));
      if (first && match.index === 0 && lang !== "ja") who = who.charAt(0).toUpperCase() + who.slice(1);
      const b = document.createElement("b");
      b.className = "who";  // cut short with "…" if long (a name has up to 40 characters)
      b.textContent = who;
      b.title = who;
      b.dataset.seat = value;
      out.append(b);
    }
    at = match.index + match[0].length;
    first = false;
  }
  if (at < text.length) out.append(text.slice(at));
  return out;
}

// The same words as plain text (a button's accessible name, the page's title).
export function plain(words, lang, name, card = (code) => code) {
  const text = words ? (lang === "ja" ? words.ja : words.en) || words.en || "" : "";
  return text.replace(MARK, (_, kind, value) => (kind === "c" ? card(value) : name(Number(value))));
}

// The cards a text names (to mark them on the table as the last move's).
export function cardsNamed(words) {
  const text = words ? words.en || "" : "";
  return [...text.matchAll(MARK)].filter((m) => m[1] === "c").map((m) => m[2]);
}
