// Any game without a module of its own, drawn from its view alone: every field in words (its
// keys read aloud), every legal move a button in the server's words. A new game is playable
// in the browser the moment it is registered; a real game draws its own table (GameSpec.browser).

export function describeValue(value) {
  if (Array.isArray(value)) {
    const list = document.createElement("div");
    value.forEach((item) => {
      const block = document.createElement("div");
      block.append(describeValue(item));
      list.append(block);
    });
    return list;
  }
  if (value && typeof value === "object") {
    const dl = document.createElement("dl");
    for (const [key, inner] of Object.entries(value)) {
      const dt = document.createElement("dt");
      dt.textContent = key.replaceAll("_", " ");
      const dd = document.createElement("dd");
      dd.append(describeValue(inner));
      dl.append(dt, dd);
    }
    return dl;
  }
  const span = document.createElement("span");
  span.textContent = value === null || value === undefined ? "—" : String(value);
  return span;
}

export function handles() {
  return false;
}

export function plate(s, ctx) {
  const seat = Array.isArray(ctx.view.seats) ? ctx.view.seats[s] : null;
  return seat ? describeValue(seat) : [];
}

export function centre(ctx) {
  const box = document.createElement("div");
  box.className = "view";
  const { seats, ...table } = ctx.view;
  box.append(describeValue(table));
  return box;
}
