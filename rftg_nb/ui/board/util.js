// Small helpers every part of the board uses.

// Text from Python or a person, made safe to put into HTML: never markup.
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
// what each die face shows besides its word: the phase's number, or a sign
export const DIE_MARKS = { explore: "I", develop: "II", settle: "III", trade: "$", x2: "x2", produce: "V",
  match: "=", robot: "R" };
export const LEVEL_WORDS = { random: "at random", fast: "well (AI, fast)", strong: "their best (AI, strong)" };
export const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + "s")}`;

// The same option ids, in any order.
export function same(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}
