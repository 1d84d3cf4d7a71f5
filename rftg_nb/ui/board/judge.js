// Whether a pick (option ids, in any order) answers the question `q`, judged from the data
// sent with it (`q.legal`, made by Decision.legality) as the game's Decision.check judges it:
// {ok, why, known}. `known` is false when the data leaves the verdict to the game, which the
// page then asks ({do: "check"}). The legal picks are keyed by their option indices in
// `q.options`, ascending, joined by ","; each question's lookup tables are built once.
const PICK_TABLES = new WeakMap();
export function judgePick(q, ids) {
  const legal = q && q.legal;
  if (!legal) return { ok: false, why: "", known: false };
  const n = ids.length;
  if (n < legal.min || n > legal.max) return { ok: false, why: `pick ${legal.want}, not ${n}`, known: true };
  if (legal.sets) {
    let t = PICK_TABLES.get(legal);
    if (!t) {
      t = { sets: new Set(legal.sets), at: new Map(q.options.map((o, i) => [o.id, i])) };
      PICK_TABLES.set(legal, t);
    }
    const key = ids.map((x) => t.at.get(x)).sort((a, b) => a - b).join(",");
    if (t.sets.has(key)) return { ok: true, why: "", known: true };
    return { ok: false, why: String(legal.why[legal.bad[key] ?? 0] ?? ""), known: true };
  }
  if (legal.ask) return { ok: false, why: "", known: false };
  return { ok: true, why: "", known: true };
}
