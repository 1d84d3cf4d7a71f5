// The card browser (state.mode "cards"): groups of tiles, no game. A click on a tile shows
// its text just under it, as the board's text box.
import { drawDetail } from "./detail.js";
import { drawParts } from "./parts.js";
import { tiles } from "./tiles.js";
import { esc, markHeadings } from "./util.js";

export function drawCatalogue(B, s) {
  const root = B.root;
  // drawn in parts as the game pages are: a card's text opened rebuilds no tile
  const groups = (s.sections || []).map((g) => `<section class="rb-cat">
      <div class="rb-sub">${esc(g.title)}</div>${tiles(B, g.cards || [], s.size === "board" ? "cat" : "cat large", g.empty || "")}</section>`);
  const detailBefore = B.drawn.detail;
  drawParts(B, "cards", {
    head: `<div class="rb-head"><span class="rb-title">${esc(s.title)}</span>
      <span class="rb-score rb-count" role="status">${esc(s.count)}</span></div>`,
    empty: s.count && s.count.startsWith("0 ") ? `<div class="rb-empty">${esc(s.empty)}</div>` : "",
    groups, detail: drawDetail(B) });
  markHeadings(root, 2);  // under the page's own title
  const close = root.querySelector(".rb-detail .rb-close");
  if (close && B.drawn.detail !== detailBefore) close.focus({ preventScroll: true });
  if (!close) root.style.minHeight = "";  // placeDetail sets it while a text box is open
  root.classList.add("rb-catalogue");
  root.dataset.serial = s.serial;
  root.dataset.kind = "cards";
}
