// Small helpers every part of the board uses.

// Text from Python or a person, made safe to put into HTML: never markup.
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
// what each die face shows besides its word: the phase's number, or a sign
export const DIE_MARKS = { explore: "I", develop: "II", settle: "III", trade: "$", x2: "x2", produce: "V",
  match: "=", robot: "R" };
export const LEVEL_WORDS = { random: "at random", fast: "well (AI, fast)", strong: "their best (AI, strong)" };
// The heading level of the board's title: 1 on a page of its own (play, table), 2 in the
// history's replay (under the page's "Your games"), 3 in a lesson (under the page's title and
// the lesson's); the board's sections are one level under it.
export const titleLevel = (s) => (s.lesson ? 3 : s.replay ? 2 : 1);

// Give every section heading of the board (.rb-sub) its level, one under the title's.
export function markHeadings(root, level) {
  for (const h of root.querySelectorAll(".rb-sub")) {
    if (h.getAttribute("aria-level") !== String(level)) {
      h.setAttribute("role", "heading");
      h.setAttribute("aria-level", String(level));
    }
  }
}

// A heading of the board `below` levels under its title, that the focus may be given to
// (board.js's focusQuestion).
export const headingAttrs = (s, below = 1) =>
  `role="heading" aria-level="${titleLevel(s) + below}" tabindex="-1"`;

// Card names as the small buttons a click opens the card's text from.
export const nameChips = (names) => names.map((n) =>
  `<span class="rb-mini" data-name="${esc(n)}" tabindex="0" role="button">${esc(n)}</span>`).join("");

// Every player's hand, once the game is over (the table's end, a replay's last stop).
export const handsList = (hands) => hands.map((h) => `<div><b>${esc(h.name)}</b>: ${h.cards.length
  ? nameChips(h.cards) : '<span class="rb-empty">no cards</span>'}</div>`).join("");

// The New game form's seed: blank for a random one, this game's seed beside it.
export const seedField = (st) => `<label>Seed <input name="seed" type="text" inputmode="numeric" placeholder="${esc(st.seed_hint || "blank = random")}"></label>${
  st.seed_now !== null && st.seed_now !== undefined ? `<span class="rb-seed-now">this game's seed: ${esc(st.seed_now)}</span>` : ""}`;

export const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + "s")}`;

// The same option ids, in any order.
export function same(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}
