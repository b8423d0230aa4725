// Any game, drawn from its view alone: every field in words, every legal move a button.
// A game's own module (games/<id>.js) draws a real table and may reuse these helpers.

export function describeValue(value) {
  if (Array.isArray(value)) {
    const span = document.createElement("span");
    span.textContent = value.length && typeof value[0] === "object"
      ? "" : value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(" ");
    if (value.length && typeof value[0] === "object") {
      value.forEach((item, i) => {
        const block = document.createElement("div");
        block.append(`${i + 1}. `, describeValue(item));
        span.append(block);
      });
    }
    return span;
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

export function describeEvent(event) {
  const { kind, seat, ...data } = event;
  const parts = Object.entries(data).map(([k, v]) => `${k.replaceAll("_", " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return [kind.replaceAll("_", " "), ...parts].join(" ");
}

export function render(el, ctx) {
  const box = document.createElement("div");
  box.className = "view";
  box.append(describeValue(ctx.view));
  el.replaceChildren(box);
}
