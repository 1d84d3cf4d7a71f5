// A card's whole text in a box of its own (B.detail: the name of the card shown, or null).
// The box opens beside the card that opened it (a tile, or a name on the robot's mat or in a
// tableau), inside the window, and when it closes the focus goes back to that card. The
// opener (B.opener: {id, name, mini}) is noted when a click or a key reaches a card, before the
// board's own handlers redraw; placing the box and giving back the focus happen after each
// drawing (board.js's afterDraw).
import { esc } from "./util.js";

export function drawDetail(B) {
  if (!B.detail) return "";
  const f = B.faces()[B.detail];
  const text = f ? f.text : B.detail;
  const [head, ...lines] = text.split("\n");
  return `<div class="rb-detail" role="dialog" aria-label="card text"><button class="rb-close" data-do="close" aria-label="close">&times;</button>
      <b>${esc(head)}</b>${lines.map((l) => `<div>${esc(l)}</div>`).join("")}</div>`;
}

export function noteOpener(B, ev) {
  const el = ev.target.closest && ev.target.closest(".rb-card, .rb-mini[data-name]");
  if (!el || ev.target.closest(".rb-detail")) return;
  B.opener = { id: el.dataset.id || "", name: el.dataset.name || "", mini: el.classList.contains("rb-mini") };
}

// The card that opened the box, as it is on the page now (it may have been drawn again).
export function openerNow(B) {
  const o = B.opener;
  if (!o) return null;
  if (o.id) return B.root.querySelector(`.rb-card[data-id="${CSS.escape(o.id)}"]`);
  return B.root.querySelector(`${o.mini ? ".rb-mini" : ".rb-card"}[data-name="${CSS.escape(o.name)}"]`);
}

export function placeDetail(B, box) {
  const root = B.root;
  let card = openerNow(B);
  if (!card || card.dataset.name !== B.detail) {
    card = [...root.querySelectorAll(".rb-card, .rb-mini[data-name]")].find((x) => x.dataset.name === B.detail);
  }
  if (!card) return;
  const gap = 8;
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const r = card.getBoundingClientRect();
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  let left;
  let top;
  if (r.right + gap + w <= vw - gap) { left = r.right + gap; top = r.top; }          // right
  else if (r.left - gap - w >= gap) { left = r.left - gap - w; top = r.top; }        // left
  else {                                                                             // under
    left = Math.min(Math.max(gap, r.left), vw - gap - w);
    top = r.bottom + gap;
    if (top + h > vh - gap && r.top - gap - h >= gap) top = r.top - gap - h;         // or over
  }
  if (left === r.right + gap || left === r.left - gap - w) {
    top = Math.max(gap, Math.min(top, vh - gap - h));
  }
  // from the window's coordinates to the board's (the box is placed in the board)
  const b = root.getBoundingClientRect();
  box.style.left = `${left - b.left - root.clientLeft}px`;
  box.style.top = `${top - b.top - root.clientTop}px`;
  box.style.right = "auto";
  // the box may reach below the board (the card browser's last row): the board grows
  if (B.state().mode === "cards") root.style.minHeight = `${box.offsetTop + h + 8}px`;
}
