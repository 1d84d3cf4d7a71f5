// Card tiles: a card drawn in the project's own design (its face comes from Python, in
// `faces`), with what the question makes of it (an option, picked, dimmed with the reason,
// hinted, a good on it), and the fitting of each face's text into its tile.
import { esc } from "./util.js";

// Whether the hint on the board picks this option.
export function hinted(B, id) {
  const h = B.state().hint;
  return !!(h && h.ids.includes(id));
}

// A tile is one control: a button laid over the face (.rb-hit), named with what the face
// shows (the card's label from Python, what lies on it and whether it can be picked); the
// face is its picture (hidden from screen readers), and the i button sits beside the control,
// not inside it.
export function tileLabel(B, c, isPicked) {
  const face = B.faces()[c.n] || {};
  let text = face.label || c.n;
  if (c.g) text += face.good_name ? ` With a ${face.good_name} good on it.` : " With a good on it.";
  if (c.mark) text += ` ${c.mark}.`;
  if (c.why) text += ` Cannot be picked: ${c.why}.`;
  else if (c.o) text += isPicked ? " Picked." : " Can be picked.";
  return text;
}

export function cardTile(B, c, where) {
  const face = B.faces()[c.n];
  const isPicked = B.picked.includes(c.id);
  const cls = ["rb-card", where];
  if (c.o) cls.push("opt");
  if (isPicked) cls.push("picked");
  if (c.why) cls.push("dim");
  if (hinted(B, c.id)) cls.push("hinted");
  if (c.g) cls.push("good");
  if (c.mark) cls.push("marked");
  const good = c.g && face && face.good
    ? `<span class="rb-good" style="background:${face.good}" aria-hidden="true"></span>`
    : (c.g ? '<span class="rb-good" aria-hidden="true"></span>' : "");
  return `<div class="${cls.join(" ")}" data-id="${esc(c.id)}" data-name="${esc(c.n)}"
      title="${esc(c.why || (c.o ? "click to pick" : "click for the full text"))}">
      ${face ? face.html : `<div class="rf-face" aria-hidden="true"><div class="rf-top"><span class="rf-name">${esc(c.n)}</span></div></div>`}
      <span class="rb-hit" tabindex="0" role="button" ${c.o ? `aria-pressed="${isPicked}"` : ""}><span class="rb-sr">${esc(tileLabel(B, c, isPicked))}</span></span>
      ${good}${isPicked ? '<span class="rb-tick" aria-hidden="true">&#10003;</span>' : ""}${c.mark ? `<span class="rb-mark ${esc(c.mk || "")}" aria-hidden="true">${esc(c.mark)}</span>` : ""}<button class="rb-info" tabindex="-1" data-name="${esc(c.n)}" title="full text (or press i on the card)" aria-label="full text of ${esc(c.n)}">i</button>
      ${c.why ? `<div class="rb-why" aria-hidden="true">${esc(c.why)}</div>` : ""}</div>`;
}

// Focus a tile (its control) or any other element.
export function focusTile(el) {
  (el.querySelector(":scope > .rb-hit") || el).focus({ preventScroll: true });
}

// One row per tile (one element each, see drawRows in parts.js), or the word for none.
export const tileRows = (B, list, where) => list.map((c) => cardTile(B, c, where).trim());
export const noTiles = (empty) => `<div class="rb-empty">${esc(empty)}</div>`;
export function tiles(B, list, where, empty) {
  return list.length ? `<div class="rb-tiles">${tileRows(B, list, where).join("")}</div>` : noTiles(empty);
}
// A section of tiles as parts (see drawParts): its frame, its heading and its tiles as rows,
// so that a tile drawn as before stays on the page and a new heading leaves the tiles be.
export function tileParts(B, name, head, list, where, empty) {
  return { [name]: `<section class="rb-${name}"><div data-part="${name}.top"></div><div class="rb-tiles" data-part="${name}.cards"></div></section>`,
    [`${name}.top`]: head,
    [`${name}.cards`]: list.length ? tileRows(B, list, where) : [noTiles(empty)] };
}

// ---- fitting the text
// Each tile's text must fit its face with no word of the name broken: where it would not,
// the face's font is made smaller step by step (every size on the face is in em of it), and
// where even the smallest would not hold the powers, the last lines are cut at a word and
// end with "…" (the i shows the whole text). Run after every drawing (board.js's afterDraw);
// a tile not laid out yet (the board hidden) is fitted when it shows.
const FIT_STEPS = 8;        // sizes tried below the face's own, each 3.5% smaller
// No text on a tile is drawn under this size: where the powers would not fit at it, their
// last lines are cut at a word and end with "…" (the i shows the whole text).
export const MIN_TEXT_PX = 9;
const POWER_EM = 0.9;       // the smallest text of a face, in em of its font (board.css: .rf-flag)
// A tile drawn again as it was (same card, same room on its face, same board) takes the sizes
// found for it before, without measuring (B.fit.fitted: card name + tile classes -> what
// fitting it found): most redraws then read no layout at all. Only the classes that change a
// face's room (board.css: the tile size, the corner a good, the tick or a mark takes) tell two
// drawings of a card apart.
const FIT_CLASSES = ["large", "good", "picked", "marked"];
const fitKeyOf = (name, classes) => `${name}|${FIT_CLASSES.filter((k) => classes.includes(k)).join(" ")}`;
export const fitKey = (tile) => fitKeyOf(tile.dataset.name || "", [...tile.classList]);

export function newFits() {
  return { fitted: new Map(), warming: null };  // warming: names still to fit (warmFits)
}

function reuseFit(B, tile, face) {
  const f = B.fit.fitted.get(fitKey(tile));
  if (!f) return false;
  face.style.fontSize = f.face;
  const name = face.querySelector(".rf-name");
  if (name) { name.style.fontSize = f.name; name.style.overflowWrap = f.wrap; }
  const pws = face.querySelector(".rf-pws");
  if (f.pws !== null && pws) pws.innerHTML = f.pws;
  const flags = face.querySelector(".rf-flags");
  if (flags) flags.hidden = !!f.flagsOff;
  tile.dataset.fit = f.fit;
  return true;
}

function keepFit(B, t) {
  B.fit.fitted.set(fitKey(t.tile), {
    face: t.face.style.fontSize, name: t.name ? t.name.style.fontSize : "",
    wrap: t.name ? t.name.style.overflowWrap : "", fit: t.tile.dataset.fit,
    pws: t.tile.dataset.fit === "cut" && t.pws ? t.pws.innerHTML : null, flagsOff: !!t.flagsOff });
}

// While the page is idle, every card of the game's card set is fitted once out of sight, as
// the board draws it (in a hand, with a good, picked), so that a card seen for the first
// time (an Explore, a draw) costs no measuring when it comes. Each batch is put in, fitted
// and taken out in one task: nothing else ever sees it.
const WARM_BATCH = 12;
export const idle = (fn) => (window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 2000 })
  : setTimeout(fn, 50));

export function warmFits(B) {
  if (B.frame === "cards") return;  // the card browser fits its own tiles as it draws them
  if (B.frame === null) { setTimeout(() => warmFits(B), 500); return; }
  if (B.fit.warming === null) B.fit.warming = Object.keys(B.faces());
  if (!B.fit.warming.length) return;
  const batch = B.fit.warming.splice(0, WARM_BATCH);
  const variants = [];
  for (const n of batch) {
    const goods = !!(B.faces()[n] || {}).good;  // a world that makes goods may hold one
    for (const v of goods ? [{}, { g: 1 }, { o: 1, p: 1 }, { g: 1, o: 1, p: 1 }] : [{}, { o: 1, p: 1 }]) {
      const c = { n, id: `warm-${variants.length}`, g: v.g, o: v.o };
      if (!B.fit.fitted.has(fitKeyOf(n, [v.g && "good", v.p && "picked"]))) variants.push([c, v.p]);
    }
  }
  if (variants.length) {
    const box = document.createElement("div");
    box.className = "rb-warm";
    box.setAttribute("aria-hidden", "true");
    const before = B.picked;
    box.innerHTML = variants.map(([c, p]) => { B.picked = p ? [c.id] : []; return cardTile(B, c, "hand"); }).join("");
    B.picked = before;
    B.root.appendChild(box);
    fitTiles(B, box);
    box.remove();
  }
  idle(() => warmFits(B));
}

// The page's fonts or card faces changed: every size found is measured again.
export function forgetFits(B) {
  B.fit = newFits();
  idle(() => warmFits(B));
  for (const t of B.root.querySelectorAll(".rb-card[data-fit]")) delete t.dataset.fit;
}

export function fitTiles(B, scope = B.root) {
  // first only read (one layout for all the tiles), then fit the few that need it, a step at
  // a time for all of them together (a layout a step, not one per tile and step)
  const todo = [];
  const fresh = scope.querySelectorAll(".rb-card:not([data-fit])");
  if (!fresh.length) return;
  for (const tile of fresh) {
    const face = tile.querySelector(".rf-face");
    if (!face) { tile.dataset.fit = "none"; continue; }
    if (reuseFit(B, tile, face)) continue;
    if (!face.clientHeight) continue;
    const t = faceChecks(tile, face);
    if (!face.style.fontSize && !t.over()) { tile.dataset.fit = "as drawn"; keepFit(B, t); }
    else todo.push(t);
  }
  if (!todo.length) return;
  const px = (x) => `${x.toFixed(2)}px`;
  const shrink = (step) => 1 - 0.035 * step;
  // the most steps a size may take before its text would be under MIN_TEXT_PX
  const most = (size, at = shrink) => {
    let k = 0;
    while (k < FIT_STEPS && size * at(k + 1) >= MIN_TEXT_PX) k++;
    return k;
  };
  const steps = (live, write, still, limit) => {
    for (let step = 1; live.length && step <= FIT_STEPS; step++) {
      live = live.filter((t) => step <= limit(t));
      for (const t of live) write(t, step);
      live = live.filter(still);
    }
    return live;
  };
  for (const t of todo) {
    t.face.style.fontSize = "";
    if (t.name) { t.name.style.fontSize = ""; t.name.style.overflowWrap = ""; }
  }
  for (const t of todo) {
    t.base = parseFloat(getComputedStyle(t.face).fontSize);
    t.own = t.name ? parseFloat(getComputedStyle(t.name).fontSize) : 0;
    t.n = 0;
    t.k = 0;
  }
  // the name alone until its words fit (a word wider than the tile at the smallest size may
  // then break, the one case where it must) ...
  steps(todo.filter((t) => t.name && t.nameOver()),
    (t, step) => { t.n = step; t.name.style.fontSize = px(t.own * shrink(step)); }, (t) => t.nameOver(),
    (t) => most(t.own));
  for (const t of todo) if (t.name && t.nameOver()) t.name.style.overflowWrap = "anywhere";
  for (const t of todo) if (t.name) t.name.style.fontSize = px(t.own * shrink(t.n));
  // ... then the rest of the face until it all fits ...
  steps(todo.filter((t) => t.over()),
    (t, step) => { t.k = step; t.face.style.fontSize = px(t.base * shrink(step)); }, (t) => t.over(),
    (t) => most(t.base * POWER_EM));
  // ... and a name so long that it pushes the band into the i's corner, smaller still (never
  // under MIN_TEXT_PX)
  steps(todo.filter((t) => t.name && t.corner()),
    (t, step) => { t.name.style.fontSize = px(t.own * shrink(t.n) * (1 - 0.05 * step)); }, (t) => t.corner(),
    (t) => most(t.own * shrink(t.n), (step) => 1 - 0.05 * step));
  // where even the smallest name leaves the flags in the i's corner, the flags go to the i
  // (and the tile's name) as the cut powers do
  for (const t of todo) {
    const flags = t.face.querySelector(".rf-flags");
    if (flags && t.corner()) { flags.hidden = true; t.flagsOff = true; }
  }
  for (const t of todo) {
    if (t.pws && t.pws.scrollHeight > t.pws.clientHeight) {
      cutPowers(t.pws);
      t.tile.dataset.fit = "cut";
    } else {
      t.tile.dataset.fit = t.flagsOff ? "cut" : (t.n || t.k ? "smaller" : "as drawn");
    }
    keepFit(B, t);
  }
}

// What must hold on a face for its text to fit, as functions that only read the layout.
function faceChecks(tile, face) {
  const name = face.querySelector(".rf-name");
  const pws = face.querySelector(".rf-pws");
  const wide = (e) => e && e.scrollWidth > e.clientWidth;
  // a break at a hyphen ("Pre-|Sentient") splits a word too: such a name is made smaller
  const hyphened = name && name.firstChild && name.firstChild.nodeType === 3
    && name.textContent.includes("-") ? name.firstChild : null;
  const nameOver = () => wide(name) || [...face.querySelectorAll(".rf-band, .rf-flags")].some(wide)
    || (hyphened && splitWord(hyphened));
  // the band and flags (which do not wrap around the corner) must end above the i button
  const fixed = face.querySelector(".rf-flags") || face.querySelector(".rf-band");
  const corner = () => fixed && fixed.getBoundingClientRect().bottom
    > face.getBoundingClientRect().bottom - 21;
  const over = () => nameOver() || face.scrollHeight > face.clientHeight
    || (pws && pws.scrollHeight > pws.clientHeight) || corner();
  return { tile, face, name, pws, nameOver, corner, over };
}

// Is a word of this text node (words are between spaces) on two lines?
function splitWord(node) {
  const range = document.createRange();
  let i = 0;
  for (const word of node.textContent.split(" ")) {
    range.setStart(node, i);
    range.setEnd(node, i + word.length);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (tops.size > 1) return true;
    i += word.length + 1;
  }
  return false;
}

// The powers' last lines, shortened at a word (binary search on the words kept) until they fit.
function cutPowers(pws) {
  const over = () => pws.scrollHeight > pws.clientHeight;
  const lines = [...pws.querySelectorAll(".rf-pw")];
  while (over() && lines.length) {
    const line = lines.pop();
    const mark = line.querySelector("b");
    const words = line.textContent.slice(mark ? mark.textContent.length : 0).trim().split(/\s+/)
      .filter((w) => w !== "\u2026");
    const show = (n) => {
      line.textContent = "";
      if (mark) line.append(mark, " ");
      line.append(`${words.slice(0, n).join(" ")}\u2026`);
    };
    let lo = 0;             // words kept: none leaves the phase's mark and "…"
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      show(mid);
      if (over()) hi = mid - 1; else lo = mid;
    }
    show(lo);
    if (over()) {
      line.remove();
      const prev = lines[lines.length - 1];
      if (prev && !prev.textContent.endsWith("\u2026")) prev.append(" \u2026");
    }
  }
}
