// Shared by the card games' tables: a card, and a card that does what the legal moves
// naming it do (one button per move: "lay O7", "discard O7").

export function card(code, tag = "span") {
  const el = document.createElement(tag);
  el.className = "card";
  el.textContent = code;
  el.dataset.card = code;
  return el;
}

// The legal moves whose last word is ``code`` and whose verb is one of ``verbs``.
export function movesNaming(code, legal, verbs) {
  return legal.filter((m) => {
    const words = m.split(" ");
    return verbs.includes(words[0]) && words[words.length - 1] === code;
  });
}

// ``code`` as a card, with a button under it for each legal move naming it.
export function playable(code, legal, verbs, ctx, label = (m) => m.split(" ")[0]) {
  const moves = movesNaming(code, legal, verbs);
  const box = document.createElement("span");
  box.style.display = "inline-flex";
  box.style.flexDirection = "column";
  box.style.gap = ".15rem";
  box.append(card(code));
  for (const move of moves) {
    const b = document.createElement("button");
    b.textContent = label(move);
    b.dataset.code = move;
    b.style.fontSize = ".75rem";
    b.addEventListener("click", () => ctx.act(move));
    box.append(b);
  }
  return box;
}

export function line(label, ...children) {
  const row = document.createElement("div");
  row.className = "row";
  row.style.margin = ".3rem 0";
  if (label) row.append(label);
  row.append(...children);
  return row;
}
