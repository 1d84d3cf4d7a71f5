// The board is drawn in parts, each into its own box of a fixed frame (SKELETONS), and a
// part is written again only when its HTML changed: an answer rebuilds the question and what
// it changed, a pick the question and the row of the card picked, not every tile of the page
// (each rebuilt tile costs a fitting of its text). Boxes that are not sections are
// display: contents, so the frame lays out as if they were not there.
//
// A part is HTML, or a list of rows (tiles, goals, log lines), each row one element. A part
// named "x.y" lives inside part "x" and is written again with it. B.frame is the skeleton on
// the page, B.drawn each part's HTML as drawn.
import { fitKey } from "./tiles.js";

const SKELETONS = {
  cards: '<div data-part="head"></div><div data-part="empty"></div><div data-part="groups"></div><div data-part="detail"></div>',
  solo: `<div class="rb-sr rb-live-moves" aria-live="polite"></div><div class="rb-sr rb-live-pick" aria-live="polite" aria-atomic="true"></div><div data-part="head"></div><div data-part="status" role="status"></div><div data-part="replay"></div><span class="rb-save-slot"></span>
      <div data-part="new"></div><div data-part="end"></div>
      <div class="rb-main"><div class="rb-left">
          <section class="rb-q" aria-label="the question" data-part="q"></section><div data-part="explored"></div>
          <div data-part="hand"></div><div data-part="tableau"></div><div data-part="after"></div>
        </div><div class="rb-right">
          <section class="rb-mat" aria-label="the robot's mat" data-part="mat"></section><section class="rb-log"><div data-part="logtop"></div><ol class="rb-moves" tabindex="0" aria-label="the robot's moves" data-part="moves"></ol><div data-part="latest"></div></section>
        </div></div><div data-part="detail"></div>`,
  table: `<div class="rb-sr rb-live-moves" aria-live="polite"></div><div class="rb-sr rb-live-pick" aria-live="polite" aria-atomic="true"></div><div data-part="head"></div><div data-part="status" role="status"></div><div data-part="replay"></div><span class="rb-save-slot"></span>
      <div data-part="new"></div><div data-part="end"></div>
      <div class="rb-main"><div class="rb-left">
          <section class="rb-q" aria-label="the question" data-part="q"></section><div data-part="mine"></div>
          <div data-part="hand"></div><div data-part="tableau"></div><div data-part="after"></div>
          <section class="rb-players" data-part="players"></section>
        </div><div class="rb-right">
          <section class="rb-goals-panel" data-part="goals"></section><section class="rb-log"><div data-part="logtop"></div><ol class="rb-moves" tabindex="0" aria-label="what happened" data-part="moves"></ol></section>
        </div></div><div data-part="detail"></div>`,
};

export const sameRows = (a, b) => !!a && !!b && a.length === b.length && a.every((row, i) => row === b[i]);

// Draw `parts` (part name -> HTML or rows) into the skeleton of `kind` ("solo", "table",
// "cards"), writing only what changed.
export function drawParts(B, kind, parts) {
  if (B.frame !== kind) {
    B.root.innerHTML = SKELETONS[kind];
    B.frame = kind;
    B.drawn = {};
  }
  for (const [part, html] of Object.entries(parts)) {
    const was = B.drawn[part];
    if (was === html) continue;
    const box = B.root.querySelector(`[data-part="${part}"]`);
    if (Array.isArray(html)) {
      if (sameRows(was, html)) continue;
      drawRows(box, was, html, part.endsWith(".cards") ? patchTile : null);
    } else {
      box.innerHTML = html;
      for (const inner of Object.keys(B.drawn)) if (inner.startsWith(`${part}.`)) delete B.drawn[inner];
    }
    B.drawn[part] = html;
  }
}

// A tile of the same card among the old rows from ``from`` on, with the same room on its
// face, drawn with other marks (an option now, dimmed, hinted): its face stays as it was
// fitted, its own attributes and what sits around the face (the good, the tick, the i, the
// reason) become the new drawing's. Returns the index of the tile patched, or -1 (the tile
// is to be drawn again).
function patchTile(old, from, row) {
  const id = (row.match(/^<[^>]*?\sdata-id="([^"]*)"/) || [])[1];
  const j = id === undefined ? -1 : old.findIndex((e, n) => n >= from && e.dataset.id === id);
  return j >= 0 && patchTileAt(old[j], row) ? j : -1;
}

function patchTileAt(el, row) {
  const t = document.createElement("template");
  t.innerHTML = row;
  const fresh = t.content.firstElementChild;
  if (!fresh || !el.classList.contains("rb-card") || fresh.dataset.id !== el.dataset.id
      || fresh.dataset.name !== el.dataset.name || fitKey(fresh) !== fitKey(el)
      || !el.firstElementChild || !el.firstElementChild.classList.contains("rf-face")) return false;
  for (const a of [...el.attributes]) if (a.name !== "data-fit" && !fresh.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of fresh.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  for (const k of [...el.children]) if (!k.classList.contains("rf-face")) k.remove();
  for (const k of [...fresh.children]) if (!k.classList.contains("rf-face")) el.appendChild(k);
  return true;
}

// Rows drawn as before stay on the page untouched, in their order (no styling, layout or
// fitting of them again); rows gone are taken out and new ones put in their place. A log
// that dropped its oldest lines and gained new ones thus only loses and adds those.
// ``patch(old, i, row)``: the index of an old row from i on changed in place into ``row``,
// or -1.
function drawRows(box, was, now, patch = null) {
  const kids = box.children;
  if (!was || kids.length !== was.length) { box.innerHTML = now.join(""); return; }
  const old = [...kids];
  let i = 0;        // the first old row not yet kept or taken out
  let run = [];     // new rows waiting to be put in before old[i]
  const flush = () => {
    if (!run.length) return;
    if (i < old.length) old[i].insertAdjacentHTML("beforebegin", run.join(""));
    else box.insertAdjacentHTML("beforeend", run.join(""));
    run = [];
  };
  for (const row of now) {
    const k = was.indexOf(row, i);
    if (k < 0) {
      // an old row still to come patched in place into this one (see patchTile)
      const j = patch ? patch(old, i, row) : -1;
      if (j >= 0) {
        flush();
        for (; i < j; i++) old[i].remove();
        i = j + 1;
        continue;
      }
      run.push(row);
      continue;
    }
    flush();
    for (; i < k; i++) old[i].remove();
    i = k + 1;
  }
  flush();
  for (; i < old.length; i++) old[i].remove();
}
