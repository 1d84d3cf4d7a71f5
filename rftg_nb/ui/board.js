// The solitaire board, drawn in the page from the widget's `state` and `faces` traits.
// Python decides everything; this script draws and sends back what the person did:
//   {do: "answer", ids}, {do: "check", serial, ids}, {do: "next"}, {do: "all"},
//   {do: "step", on}, {do: "undo"}, {do: "save"}, {do: "load", text}, {do: "new", settings}.
// Python's replies that are not state: {kind: "check"} (a pick's verdict, asked only where the
// question's data leaves it open, and a roll's preview), {kind: "save"}, {kind: "busy", who}
// (a computer seat is thinking) and {kind: "idle"} (a message came to nothing).
// After each drawing the root carries data-serial (the state's serial) and data-qserial (the
// question's), so tests and the timing benchmark know when a state is fully on the page.

const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
// what each die face shows besides its word: the phase's number, or a sign
const DIE_MARKS = { explore: "I", develop: "II", settle: "III", trade: "$", x2: "x2", produce: "V",
  match: "=", robot: "R" };
const LEVEL_WORDS = { random: "at random", fast: "well (AI, fast)", strong: "their best (AI, strong)" };
const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + "s")}`;

// Whether a pick (option ids, in any order) answers the question `q`, judged from the data
// sent with it (`q.legal`, made by Decision.legality) as the game's Decision.check judges it:
// {ok, why, known}. `known` is false when the data leaves the verdict to the game, which the
// page then asks ({do: "check"}). The legal picks are keyed by their option indices in
// `q.options`, ascending, joined by ","; each question's lookup tables are built once.
const PICK_TABLES = new WeakMap();
function judgePick(q, ids) {
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

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rftg-board";
  root.lang = "en";
  el.appendChild(root);
  // What the person is doing that Python does not need to know yet.
  let picked = [];          // option ids picked for the current question
  let forQuestion = null;   // which question `picked` belongs to (see draw)
  let checked = null;       // the kernel's reply on a pick: {ids, ok, why, preview}
  let detail = null;        // card name whose full text is shown
  let lastMoves = -1;
  let newPanel = null;      // the New game panel: null = open only before the game starts
  let gameKey = null;       // which game the board shows (its settings' id and seed)
  let formDraft = {};       // what the person set in the New game form, field by field: kept
                            // over every redraw until a game is started (the seed even then)
  let busy = null;          // what the kernel is computing for the page, until its next state

  const state = () => model.get("state") || {};
  const faces = () => model.get("faces") || {};
  const meta = () => model.get("meta") || {};
  const info = () => model.get("info") || {};
  const send = (msg) => model.send(msg);

  function cardTile(c, where) {
    const face = faces()[c.n];
    const isPicked = picked.includes(c.id);
    const cls = ["rb-card", where];
    if (c.o) cls.push("opt");
    if (isPicked) cls.push("picked");
    if (c.why) cls.push("dim");
    if (hinted(c.id)) cls.push("hinted");
    if (c.g) cls.push("good");
    if (c.mark) cls.push("marked");
    const good = c.g && face && face.good
      ? `<span class="rb-good" style="background:${face.good}" title="a good on this world"></span>`
      : (c.g ? '<span class="rb-good" title="a good on this world"></span>' : "");
    const label = c.o ? (isPicked ? "picked: " : "can be picked: ") : (c.why ? `cannot be picked, ${c.why}: ` : "");
    return `<div class="${cls.join(" ")}" data-id="${esc(c.id)}" data-name="${esc(c.n)}"
      tabindex="0" role="button" ${c.o ? `aria-pressed="${isPicked}"` : ""}
      aria-label="${esc(label + c.n)}" title="${esc(c.why || (c.o ? "click to pick" : "click for the full text"))}">
      ${face ? face.html : `<div class="rf-face"><div class="rf-top"><span class="rf-name">${esc(c.n)}</span></div></div>`}
      ${good}${isPicked ? '<span class="rb-tick" aria-hidden="true">&#10003;</span>' : ""}${c.mark ? `<span class="rb-mark ${esc(c.mk || "")}">${esc(c.mark)}</span>` : ""}<button class="rb-info" tabindex="-1" title="full text" aria-label="full text of ${esc(c.n)}">i</button>
      ${c.why ? `<div class="rb-why">${esc(c.why)}</div>` : ""}</div>`;
  }

  function hinted(id) {
    const h = state().hint;
    return !!(h && h.ids.includes(id));
  }

  // Each tile's text must fit its face with no word of the name broken: where it would not,
  // the face's font is made smaller step by step (every size on the face is in em of it), and
  // where even the smallest would not hold the powers, the last lines are cut at a word and
  // end with "…" (the i shows the whole text). Run after every drawing (see the observer below
  // render's first draw); a tile not laid out yet (the board hidden) is fitted when it shows.
  const FIT_STEPS = 8;        // sizes tried below the face's own, each 3.5% smaller
  // A tile drawn again as it was (same card, same room on its face, same board) takes the sizes
  // found for it before, without measuring: most redraws then read no layout at all.
  let fitted = new Map();   // card name + tile classes -> what fitting it found
  // only the classes that change a face's room (board.css: the tile size, the corner a good,
  // the tick or a mark takes) tell two drawings of a card apart
  const FIT_CLASSES = ["large", "good", "picked", "marked"];
  const fitKeyOf = (name, classes) => `${name}|${FIT_CLASSES.filter((k) => classes.includes(k)).join(" ")}`;
  const fitKey = (tile) => fitKeyOf(tile.dataset.name || "", [...tile.classList]);
  function reuseFit(tile, face) {
    const f = fitted.get(fitKey(tile));
    if (!f) return false;
    face.style.fontSize = f.face;
    const name = face.querySelector(".rf-name");
    if (name) { name.style.fontSize = f.name; name.style.overflowWrap = f.wrap; }
    const pws = face.querySelector(".rf-pws");
    if (f.pws !== null && pws) pws.innerHTML = f.pws;
    tile.dataset.fit = f.fit;
    return true;
  }
  function keepFit(t) {
    fitted.set(fitKey(t.tile), {
      face: t.face.style.fontSize, name: t.name ? t.name.style.fontSize : "",
      wrap: t.name ? t.name.style.overflowWrap : "", fit: t.tile.dataset.fit,
      pws: t.tile.dataset.fit === "cut" && t.pws ? t.pws.innerHTML : null });
  }
  // While the page is idle, every card of the game's card set is fitted once out of sight, as
  // the board draws it (in a hand, with a good, picked), so that a card seen for the first
  // time (an Explore, a draw) costs no measuring when it comes. Each batch is put in, fitted
  // and taken out in one task: nothing else ever sees it.
  let warming = null;       // the names still to fit, or null before the first drawing
  const WARM_BATCH = 12;
  const idle = (fn) => (window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 2000 })
    : setTimeout(fn, 50));
  function warmFits() {
    if (frame === "cards") return;  // the card browser fits its own tiles as it draws them
    if (frame === null) { setTimeout(warmFits, 500); return; }
    if (warming === null) warming = Object.keys(faces());
    if (!warming.length) return;
    const batch = warming.splice(0, WARM_BATCH);
    const variants = [];
    for (const n of batch) {
      const goods = !!(faces()[n] || {}).good;  // a world that makes goods may hold one
      for (const v of goods ? [{}, { g: 1 }, { o: 1, p: 1 }, { g: 1, o: 1, p: 1 }] : [{}, { o: 1, p: 1 }]) {
        const c = { n, id: `warm-${variants.length}`, g: v.g, o: v.o };
        if (!fitted.has(fitKeyOf(n, [v.g && "good", v.p && "picked"]))) variants.push([c, v.p]);
      }
    }
    if (variants.length) {
      const box = document.createElement("div");
      box.className = "rb-warm";
      box.setAttribute("aria-hidden", "true");
      const before = picked;
      box.innerHTML = variants.map(([c, p]) => { picked = p ? [c.id] : []; return cardTile(c, "hand"); }).join("");
      picked = before;
      root.appendChild(box);
      fitTiles(box);
      box.remove();
    }
    idle(warmFits);
  }

  function forgetFits() {
    fitted = new Map();
    warming = null;
    idle(warmFits);
    for (const t of root.querySelectorAll(".rb-card[data-fit]")) delete t.dataset.fit;
  }

  function fitTiles(scope = root) {
    // first only read (one layout for all the tiles), then fit the few that need it, a step at
    // a time for all of them together (a layout a step, not one per tile and step)
    const todo = [];
    const fresh = scope.querySelectorAll(".rb-card:not([data-fit])");
    if (!fresh.length) return;
    for (const tile of fresh) {
      const face = tile.querySelector(".rf-face");
      if (!face) { tile.dataset.fit = "none"; continue; }
      if (reuseFit(tile, face)) continue;
      if (!face.clientHeight) continue;
      const t = faceChecks(tile, face);
      if (!face.style.fontSize && !t.over()) { tile.dataset.fit = "as drawn"; keepFit(t); }
      else todo.push(t);
    }
    if (!todo.length) return;
    const px = (x) => `${x.toFixed(2)}px`;
    const shrink = (step) => 1 - 0.035 * step;
    const steps = (live, write, still) => {
      for (let step = 1; live.length && step <= FIT_STEPS; step++) {
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
    const wide = steps(todo.filter((t) => t.name && t.nameOver()),
      (t, step) => { t.n = step; t.name.style.fontSize = px(t.own * shrink(step)); }, (t) => t.nameOver());
    for (const t of wide) t.name.style.overflowWrap = "anywhere";
    for (const t of todo) if (t.name) t.name.style.fontSize = px(t.own * shrink(t.n));
    // ... then the rest of the face until it all fits ...
    steps(todo.filter((t) => t.over()),
      (t, step) => { t.k = step; t.face.style.fontSize = px(t.base * shrink(step)); }, (t) => t.over());
    // ... and a name so long that it pushes the band into the i's corner, smaller still
    steps(todo.filter((t) => t.name && t.corner()),
      (t, step) => { t.name.style.fontSize = px(t.own * shrink(t.n) * (1 - 0.05 * step)); }, (t) => t.corner());
    for (const t of todo) {
      if (t.pws && t.pws.scrollHeight > t.pws.clientHeight) {
        cutPowers(t.pws);
        t.tile.dataset.fit = "cut";
      } else {
        t.tile.dataset.fit = t.n || t.k ? "smaller" : "as drawn";
      }
      keepFit(t);
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

  // One row per tile (one element each, see drawRows), or the word for none.
  const tileRows = (list, where) => list.map((c) => cardTile(c, where).trim());
  const noTiles = (empty) => `<div class="rb-empty">${esc(empty)}</div>`;
  function tiles(list, where, empty) {
    return list.length ? `<div class="rb-tiles">${tileRows(list, where).join("")}</div>` : noTiles(empty);
  }
  // A section of tiles as parts (see drawParts): its frame, its heading and its tiles as rows,
  // so that a tile drawn as before stays on the page and a new heading leaves the tiles be.
  function tileParts(name, head, list, where, empty) {
    return { [name]: `<section class="rb-${name}"><div data-part="${name}.top"></div><div class="rb-tiles" data-part="${name}.cards"></div></section>`,
      [`${name}.top`]: head,
      [`${name}.cards`]: list.length ? tileRows(list, where) : [noTiles(empty)] };
  }

  // The verdict on the pick now: judged in the page from the question's data, or (for a
  // question too large to list its legal picks) the kernel's reply once it is in.
  function verdict(q) {
    const v = judgePick(q, picked);
    if (v.known || !checked || !same(checked.ids, picked)) return v;
    return { ok: !!checked.ok, why: checked.why || "", known: true };
  }

  // data-checked is 1 once the verdict shown is final: at once for a question judged in the
  // page, after the kernel's reply for one it must be asked about.
  function pickNote(q) {
    const want = q.min === q.max ? `${q.min}` : `${q.min} to ${q.max}`;
    const v = verdict(q);
    const why = v.known && !v.ok && v.why && picked.length >= q.min
      ? ` <span class="rb-warn">${esc(v.why)}</span>` : "";
    return `<span class="rb-pick" data-picked="${picked.length}" data-ok="${v.ok ? 1 : 0}" data-checked="${v.known ? 1 : 0}">
      Pick ${want}: ${picked.length} picked.${why}</span>`;
  }

  function submitLabel(q) {
    if (q.kind === "dice") return "Confirm the roll";
    if (!picked.length && q.min === 0) return "None";
    return "Confirm";
  }

  function drawQuestion(s) {
    const q = s.question;
    if (!q) {
      if (s.banner && !s.pending) {
        return `<div class="rb-where">${esc(s.banner[0])}</div><div class="rb-prompt">${esc(s.banner[1])}</div>`;
      }
      if (s.pending) {
        return `<div class="rb-where">The robot is moving</div>
          <div class="rb-prompt">${plural(s.pending, "step")} to go. Each move shows in the robot's moves, with its rule.</div>
          <div class="rb-buttons"><button class="rb-btn primary" data-do="next">Next step</button>
          <button class="rb-btn" data-do="all">Show all</button></div>`;
      }
      if (s.game && s.game.over) return '<div class="rb-where">The game is over</div>';
      return "";
    }
    let body = "";
    if (q.kind === "dice") {
      body = ["A", "B"].map((die) => `<div class="rb-dice-row"><span class="rb-die-name">Die ${die}</span>
        ${q.dice[die].map((f) => `<button class="rb-face face-${esc(f.face)} ${picked.includes(f.id) ? "picked" : ""}"
          data-opt="${esc(f.id)}" aria-pressed="${picked.includes(f.id)}" aria-label="die ${die}: ${esc(f.label)}"><span class="pip">${esc(DIE_MARKS[f.face] || "")}</span>${esc(f.label)}</button>`).join("")}</div>`).join("");
      const pv = checked && same(checked.ids, picked) && checked.preview;
      body += `<div class="rb-preview">${pv ? "Where the dice go: " + pv.map((p) => `die ${esc(p.die)} on ${esc(p.space)}`).join("; ")
        : "Pick one face on each die to see where they go."}</div>`;
    } else if (!q.cards) {
      const multi = q.max > 1;
      // with Explain on, an option may carry a note (solitaire actions: the robot's response row)
      const noted = q.options.some((o) => o.note);
      body = `<div class="rb-buttons ${noted ? "noted" : ""}">${q.options.map((o) => {
        const button = `<button class="rb-btn opt ${picked.includes(o.id) ? "picked" : ""} ${hinted(o.id) ? "hinted" : ""}"
        data-opt="${esc(o.id)}" ${multi ? `aria-pressed="${picked.includes(o.id)}"` : ""}>${esc(o.label)}</button>`;
        return noted ? `<div class="rb-opt-row">${button}<span class="rb-opt-note">${esc(o.note || "")}</span></div>` : button;
      }).join("")}
        ${!multi && q.min === 0 ? '<button class="rb-btn" data-do="none">None</button>' : ""}</div>`;
    }
    const needsSubmit = q.kind === "dice" || q.cards || q.max > 1;
    let foot = "";
    if (needsSubmit) {
      const ok = verdict(q).ok;
      foot = `<div class="rb-foot"><button class="rb-btn go" data-do="submit" ${ok ? "" : "disabled"}>${esc(submitLabel(q))}</button>
        ${pickNote(q)}${q.cards ? '<span class="rb-hint">Click the outlined cards.</span>' : ""}</div>`;
    }
    const coach = q.coach ? `<div class="rb-coach">${esc(q.coach)}${q.cards && (s.hand || []).concat(s.tableau || []).some((c) => c.why)
      ? " Dimmed cards say why they cannot be picked." : ""}</div>` : "";
    return `<div class="rb-where">${esc(q.where)}</div><div class="rb-prompt">${esc(q.prompt)}</div>${coach}${body}${foot}${drawHelp(s)}`;
  }

  // The computer's help under the question: a hint (marked on the cards or buttons it would
  // pick, with its reason) and autoplay.
  function drawHelp(s) {
    const q = s.question;
    if (!s.assist || s.lesson || !q || q.kind === "dice") return "";
    const h = s.hint;
    const line = h ? `<div class="rb-hintline" role="note"><b>Hint:</b> ${esc(h.reason)}
      ${h.labels.length ? `<span class="rb-hint-picks">(${h.labels.map(esc).join("; ")})</span>` : ""}</div>` : "";
    return `${line}<div class="rb-help"><button class="rb-btn small" data-do="hint" ${h ? "disabled" : ""} title="what the computer would pick here, and why">Hint</button>
      <span class="rb-help-label">Let the computer play for ${s.mode === "table" ? esc(s.viewer) : "you"}:</span>
      <button class="rb-btn small" data-do="auto" data-until="round" title="the computer answers the questions to the end of this round">to the round's end</button>
      <button class="rb-btn small" data-do="auto" data-until="game" title="the computer answers the questions to the end of the game">to the game's end</button></div>`;
  }

  function drawMat(s) {
    const m = s.mat;
    if (!m) return { mat: "" };
    const ghosts = {};
    const q = s.question;
    if (q && q.kind === "dice" && checked && same(checked.ids, picked) && checked.preview) {
      for (const p of checked.preview) (ghosts[p.space_id] = ghosts[p.space_id] || []).push(p);
    }
    const fixed = info().spaces || [];
    const cells = m.spaces.map((sp, i) => Object.assign({ dice: [] }, fixed[i] || {}, sp)).map((sp) => `<div class="rb-space ${sp.lit ? "lit-" + sp.lit : ""}" data-space="${sp.id}">
        <div class="rb-space-name" title="${esc(sp.label)}">${esc(sp.short)}</div>
        <div class="rb-space-dice">${sp.dice.map((d) => `<span class="rb-die">${esc(d.die)}: ${esc(d.face)}</span>`).join("")}
        ${(ghosts[sp.id] || []).map((d) => `<span class="rb-die ghost">${esc(d.die)}: ${esc(d.face)}</span>`).join("")}
        ${sp.you ? '<span class="rb-you" title="your action marker">&#9650; you</span>' : ""}</div>
        <div class="rb-row act ${sp.lit === "act" ? "on" : ""}" title="action row: what the robot does with a die here">${esc(sp.act)}</div>
        <div class="rb-row resp ${sp.lit === "resp" ? "on" : ""}" title="response row: what the robot does when only you chose this">${esc(sp.resp)}</div>
      </div>`.trim());
    const track = (v, top) => Array.from({ length: top + 1 }, (_, i) =>
      `<span class="${i === v ? "on" : ""}">${i}</span>`).join("");
    const robotCards = m.tableau.map((c) => `<span class="rb-mini ${c.face ? "" : "counter"}" ${c.face ? `data-name="${esc(c.n)}" tabindex="0" role="button"` : ""}
      title="${c.face ? "click for the full text" : "a 6-cost counter"}">${esc(c.n)} <b>${c.vp}</b></span>`).join("");
    // in parts: the frame, its heading, the nine spaces and the lines under them as rows
    return { mat: '<div data-part="mat.top"></div><div class="rb-spaces" data-part="mat.spaces"></div><div data-part="mat.lines"></div>',
      "mat.top": `<div class="rb-mat-head"><b>Robot</b> &middot; start world ${esc(m.start)}${m.start_gone ? " (discarded)" : ""}</div>`,
      "mat.spaces": cells, "mat.lines": [`<div class="rb-mat-line">credit <span class="rb-track">${track(m.credit, m.credit_max)}</span>
        economy <span class="rb-track">${track(m.economy, m.economy_max)}</span></div>`,
      `<div class="rb-mat-line">"robot =" <b>${esc(m.face)}</b>${m.face_assumed ? ` <span class="rb-assumed" title="${esc(m.face_assumed)}">(assumed)</span>` : ""}
        &middot; VP chips <b>${m.chips}</b> &middot; counters left <b>${m.counters}</b> (${m.counter_vp} VP)
        &middot; draw stack <b>${m.stack}</b></div>`,
      `<div class="rb-mat-line rb-robot-cards">Tableau (${m.tableau.length}): ${robotCards}</div>`] };
  }

  // The robot's moves: a heading, the list (rows, added to at its end when only new moves
  // came) and the latest rule.
  function drawMoves(s) {
    const rules = info().rules || {};
    const rows = s.moves.map((mv) => `<li><span class="rb-r">R${mv.r}</span> ${esc(mv.t)}
      ${mv.rule ? `<span class="rb-rule" title="${esc(rules[mv.rule] || "")}">[${esc(mv.rule)}]</span>` : ""}</li>`);
    const latest = s.latest_rule && rules[s.latest_rule]
      ? `<div class="rb-latest"><b>${esc(s.latest_rule)}:</b> ${esc(rules[s.latest_rule])}</div>` : "";
    return { logtop: `<div class="rb-sub">The robot's moves${s.pending ? ` (${s.pending} more to step through)` : ""}</div>`,
      moves: rows.length ? rows : ["<li class='rb-empty'>none yet</li>"], latest };
  }

  function drawEnd(s) {
    const e = s.end;
    if (!e) return "";
    return `<div class="rb-end"><h3>Game over: ${esc(e.headline)}</h3><div>${esc(e.reason)}</div>
      <table><tr><th></th><th>You</th><th>Robot</th></tr>${e.rows.map((r) =>
        `<tr><td>${esc(r[0])}</td><td>${esc(r[1])}</td><td>${esc(r[2])}</td></tr>`).join("")}</table>
      ${e.bonuses.length ? `<div>Your 6-cost bonuses: ${e.bonuses.map(esc).join("; ")}</div>` : ""}</div>`;
  }

  function drawNew(s) {
    const md = meta();
    const st = s.settings || {};
    const opt = (list, value) => list.map(([label, v]) =>
      `<option value="${esc(v)}" ${v === value ? "selected" : ""}>${esc(label)}</option>`).join("");
    const starts = [["random", ""], ...(md.starts || []).map((n) => [n, n])];
    return `<summary>New game</summary><div class="rb-form">
      <label>Difficulty <select name="difficulty">${opt((md.difficulties || []).map((d) => [d, d]), st.difficulty)}</select></label>
      <label>Seed <input name="seed" type="text" inputmode="numeric" placeholder="${esc(st.seed_hint || "blank = random")}"></label>
      <label>Your start <select name="player_start">${opt(starts, st.player_start || "")}</select></label>
      <label>Robot start <select name="robot_start">${opt(starts, st.robot_start || "")}</select></label>
      <label><input name="manual_dice" type="checkbox" ${st.manual_dice ? "checked" : ""}> I roll real dice</label>
      <button class="rb-btn ${st.confirm ? "danger" : "primary"}" data-do="new">${st.confirm ? "Confirm new game" : "New game"}</button>
      <div class="rb-form-note">Easy: one 6-cost counter worth 6 VP; medium: two at 6; hard: three at 9.</div></div>`;
  }


  // ---- the 2-5 player table (state.mode === "table") --------------------------------------
  function drawNewTable(s) {
    const md = meta();
    const st = s.settings || {};
    const n = st.players || 3;
    const counts = [];
    for (let k = md.min_players || 2; k <= (md.max_players || 5); k++) counts.push(k);
    const seats = [];
    for (let i = 0; i < (md.max_players || 5); i++) {
      const name = (st.names || [])[i] ?? `Player ${i + 1}`;
      const comp = !!(st.computer || [])[i];
      seats.push(`<div class="rb-seat" data-seat="${i}" ${i >= n ? "hidden" : ""}>Seat ${i + 1}
        <input name="name${i}" type="text" value="${esc(name)}" aria-label="name of seat ${i + 1}">
        <label><input name="computer${i}" type="checkbox" ${comp ? "checked" : ""}> computer</label></div>`);
    }
    return `<summary>New game</summary><div class="rb-form">
      <label>Players <select name="players">${counts.map((k) => `<option value="${k}" ${k === n ? "selected" : ""}>${k}</option>`).join("")}</select></label>
      <label><input name="goals" type="checkbox" ${st.goals === false ? "" : "checked"}> goals (2 "most", 4 "first")</label>
      <label title="2 or 3 players: draft the cards into private decks"><input name="draft" type="checkbox" ${st.draft ? "checked" : ""}> drafting variant</label>
      <label>Computer seats play <select name="level">${(md.levels || []).map((l) => `<option value="${esc(l)}" ${l === st.level ? "selected" : ""}>${esc(LEVEL_WORDS[l] || l)}</option>`).join("")}</select></label>
      <label>Seed <input name="seed" type="text" inputmode="numeric" placeholder="${esc(st.seed_hint || "blank = random")}"></label>
      <div class="rb-seats">${seats.join("")}</div>
      <button class="rb-btn ${st.confirm ? "danger" : "primary"}" data-do="new">${st.confirm ? "Confirm new game" : "New game"}</button>
      <div class="rb-form-note">Each seat is a person or the computer; people pass the screen to each other.</div></div>`;
  }

  function drawPass(s) {
    if (s.pass_to) {
      return `<div class="rb-where">Pass the screen to ${esc(s.pass_to)}</div>
        <div class="rb-prompt">Their hand and question are hidden until they take the screen.</div>
        <div class="rb-buttons"><button class="rb-btn primary" data-do="seat">I am ${esc(s.pass_to)}: show my question</button></div>`;
    }
    if (s.game && s.game.over) return '<div class="rb-where">The game is over</div>';
    return "";
  }

  function drawGoals(s) {
    const fixed = info().goals || [];
    if (!fixed.length) return { goals: '<div class="rb-sub">Goals</div><div class="rb-empty">no goals in this game</div>' };
    const names = (s.score || {}).names || [];
    const rows = fixed.map((g, i) => {
      const live = (s.goals || [])[i] || { holders: [], end_chips: [], counts: [], lead: [] };
      const kind = g.kind === "first" ? `first &middot; ${g.vp} VP` : `most &middot; ${g.vp} VP, at least ${g.need}`;
      let holder;
      if (g.kind === "first") holder = live.holders.length ? `scored by ${live.holders.map(esc).join(", ")}` : "open";
      else holder = live.holders.length ? `held by ${esc(live.holders[0])}` : "in the centre";
      if (live.end_chips.length) holder += `; 3 VP chip: ${live.end_chips.map(esc).join(", ")}`;
      const progress = names.map((nm, k) => {
        const c = live.counts[k] ?? 0;
        const done = g.kind === "first" ? live.holders.includes(nm) : live.holders.includes(nm);
        const met = c >= g.need;
        const cls = done ? "held" : (live.lead.includes(k) || (g.kind === "first" && met) ? "near" : "");
        const shown = g.kind === "first" ? `${Math.min(c, g.need)}/${g.need}` : `${c}`;
        return `<span class="rb-prog ${cls}" title="${esc(nm)}: ${c}">${esc(nm)} <b>${shown}</b>${done ? " &#9733;" : ""}</span>`;
      }).join("");
      return `<li class="rb-goal ${live.holders.length ? "taken" : ""}" data-goal="${esc(g.name)}">
        <div><b>${esc(g.name)}</b> <span class="rb-kind ${g.kind}">${kind}</span> <span class="rb-holder">${holder}</span></div>
        <div class="rb-goal-text">${esc(g.text)} <span class="rb-phases">Checked: ${g.phases.map(esc).join(", ")}.</span></div>
        <div class="rb-progress">${progress}</div></li>`;
    });
    return { goals: '<div class="rb-sub">Goals</div><ul class="rb-goals" data-part="goals.rows"></ul>', "goals.rows": rows };
  }

  // The other players, each seat a part of its own (drawParts writes the frame first), its
  // line of counts and its cards parts inside it: the counts change with most answers, the
  // cards only when a card is placed.
  function drawPlayers(s) {
    const parts = { players: `<div class="rb-sub">Tableaux</div>${(s.players || []).map((p) => `<div data-part="players.${p.seat}"></div>`).join("")}` };
    for (const p of s.players || []) {
      const at = `players.${p.seat}`;
      const cards = p.you ? ['<span class="rb-empty">your tableau is on the left</span>']
        : (p.tableau.length ? p.tableau.map((c) => {
          const f = faces()[c.n] || {};
          const dot = c.g ? `<span class="rb-dot" style="background:${f.good || "#888"}" title="a good"></span>` : "";
          return `<span class="rb-mini ${f.world ? "world" : "dev"}" data-name="${esc(c.n)}" tabindex="0" role="button" title="click for the full text">${dot}${esc(c.n)} <b>${c.six ? "?" : c.vp}</b></span>`;
        }) : ['<span class="rb-empty">no cards</span>']);
      parts[at] = `<div class="rb-player ${p.you ? "you" : ""}" data-seat="${p.seat}"><div data-part="${at}.head"></div><div class="rb-mini-row" data-part="${at}.cards"></div></div>`;
      parts[`${at}.head`] = `<div class="rb-player-head"><b>${esc(p.name)}</b>${p.computer ? ' <span class="rb-tag">computer</span>' : ""}${p.you ? ' <span class="rb-tag you">you</span>' : ""}
          &middot; score <b>${p.score}</b> &middot; chips ${p.chips} &middot; Military ${p.military} &middot; goods ${p.goods} &middot; hand ${p.hand}${p.deck !== null && p.deck !== undefined ? ` &middot; own deck ${p.deck}` : ""}
          ${p.actions.length ? `&middot; <span class="rb-acts">${p.actions.map(esc).join(" + ")}</span>` : ""}
          ${p.goals.length ? `&middot; <span class="rb-held">&#9733; ${p.goals.map(esc).join(", ")}</span>` : ""}</div>`;
      parts[`${at}.cards`] = cards;
    }
    return parts;
  }

  function drawTableLog(s) {
    const rows = (s.moves || []).map((mv) => `<li class="${mv.goal ? "goal" : ""}"><span class="rb-r">R${mv.r}</span> ${esc(mv.t)}</li>`);
    return { logtop: '<div class="rb-sub">What happened</div>', moves: rows.length ? rows : ["<li class='rb-empty'>nothing yet</li>"] };
  }

  function drawTableEnd(s) {
    const e = s.end;
    if (!e) return "";
    return `<div class="rb-end"><h3>Game over: ${esc(e.headline)}</h3><div>${esc(e.reason)}</div>
      <table><tr><th></th>${e.names.map((n) => `<th>${esc(n)}</th>`).join("")}</tr>${e.rows.map((r) =>
        `<tr>${r.map((x, i) => i ? `<td>${esc(x)}</td>` : `<td>${esc(x)}</td>`).join("")}</tr>`).join("")}</table></div>`;
  }

  function piles(pile) {
    const own = pile.own ? "your own " : "";
    const counts = pile.deck !== undefined
      ? `${own}draw pile <b>${pile.deck}</b> &middot; ${own}discards <b>${pile.discard}</b>` : "";
    return [counts, pile.draft ? esc(pile.draft) : ""].filter((x) => x).join(" &middot; ");
  }

  // The drafting variant's picks so far: worlds and developments apart, by cost, a design
  // picked more than once shown once with its count.
  function drawPicks(s) {
    const groups = s.pick_groups || [];
    if (!groups.length) return "";
    const chip = (c) => `<span class="rb-mini ${c.mil ? "mil" : ""} ${c.start ? "start" : ""}" data-name="${esc(c.n)}" tabindex="0" role="button"
      title="${c.mil ? "defence" : "cost"} ${c.cost}${c.start ? ", a start world" : ""}: click for the full text"><span class="rb-pick-cost">${c.cost}</span>${esc(c.n)}${c.count > 1 ? ` <b class="rb-pick-n">&times;${c.count}</b>` : ""}</span>`;
    const rows = groups.map((g) => `<div class="rb-pick-group" data-kind="${esc(g.kind)}"><span class="rb-pick-title">${esc(g.title)} (${g.total}${g.starts ? `, ${plural(g.starts, "start world")}` : ""}):</span>
      ${g.cards.map(chip).join("")}</div>`).join("");
    const total = groups.reduce((n, g) => n + g.total, 0);
    return `<div class="rb-picks"><b>Your picks (${total}), by cost:</b>${rows}</div>`;
  }

  // The table's own parts (see SKELETONS.table): the question, the viewer's cards, the players,
  // the goals and the log.
  function tableParts(s) {
    const c = s.counts || {};
    const pile = s.pile || {};
    const chips = (names) => names.map((n) => `<span class="rb-mini" data-name="${esc(n)}" tabindex="0" role="button">${esc(n)}</span>`).join("");
    const picks = (s.start_pair && s.start_pair.length
      ? `<div class="rb-picks"><b>Your start worlds (keep one after the draft):</b> ${chips(s.start_pair)}</div>` : "")
      + drawPicks(s);
    const q = s.question ? drawQuestion(s) : drawPass(s);
    if (!s.viewer) {
      return { q, mine: "", hand: `<section class="rb-hidden-hand"><div class="rb-empty">No hand is shown while the screen is passed.
          ${piles(pile)}</div></section>`, tableau: "", ...drawPlayers(s), ...drawGoals(s), ...drawTableLog(s) };
    }
    // the viewer's cards in parts: a new hand does not rebuild the tableau's tiles, nor a
    // new count the tiles under it
    const mine = `${s.packet && s.packet.length ? `<section class="rb-explored rb-packet"><div class="rb-sub">${esc(s.packet_title)}</div>${tiles(s.packet, "packet", "")}</section>` : ""}${picks}
          ${s.explored && s.explored.length ? `<section class="rb-explored"><div class="rb-sub">Explored (${s.explored.length}): keep or discard</div>${tiles(s.explored, "explored", "")}</section>` : ""}`;
    return { q, mine,
      ...tileParts("hand", `<div class="rb-sub">${esc(s.viewer)}'s hand (${plural((s.hand || []).length, "card")})</div>`,
        s.hand || [], "hand", "no cards"),
      ...tileParts("tableau", `<div class="rb-sub">${esc(s.viewer)}'s tableau (${(s.tableau || []).length})
            <span class="rb-counts">Military <b>${c.military ?? 0}</b> &middot; goods <b>${c.goods ?? 0}</b> &middot; VP chips <b>${c.chips ?? 0}</b>
            &middot; ${piles(pile)}</span></div>`, s.tableau || [], "tableau", "no cards"),
      ...drawPlayers(s), ...drawGoals(s), ...drawTableLog(s) };
  }

  function drawDetail() {
    if (!detail) return "";
    const f = faces()[detail];
    const text = f ? f.text : detail;
    const [head, ...lines] = text.split("\n");
    return `<div class="rb-detail" role="dialog" aria-label="card text"><button class="rb-close" data-do="close" aria-label="close">&times;</button>
      <b>${esc(head)}</b>${lines.map((l) => `<div>${esc(l)}</div>`).join("")}</div>`;
  }

  // The text box of a card opens beside the card that opened it (a tile, or a name on the
  // robot's mat or in a tableau), inside the window, and when it closes the focus goes back to
  // that card. The opener is noted when a click or a key reaches a card, before the board's
  // own handlers redraw; placing and giving back the focus happen after each drawing.
  let opener = null;     // {id, name, mini}: the card last clicked or keyed
  let hadDetail = false; // was a text box on the board at the last drawing
  function noteOpener(ev) {
    const el = ev.target.closest && ev.target.closest(".rb-card, .rb-mini[data-name]");
    if (!el || ev.target.closest(".rb-detail")) return;
    opener = { id: el.dataset.id || "", name: el.dataset.name || "", mini: el.classList.contains("rb-mini") };
  }

  function openerNow() {
    if (!opener) return null;
    if (opener.id) return root.querySelector(`.rb-card[data-id="${CSS.escape(opener.id)}"]`);
    return root.querySelector(`${opener.mini ? ".rb-mini" : ".rb-card"}[data-name="${CSS.escape(opener.name)}"]`);
  }

  function placeDetail(box) {
    let card = openerNow();
    if (!card || card.dataset.name !== detail) {
      card = [...root.querySelectorAll(".rb-card, .rb-mini[data-name]")].find((x) => x.dataset.name === detail);
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
    if (state().mode === "cards") root.style.minHeight = `${box.offsetTop + h + 8}px`;
  }

  let scrollMoves = false;   // the moves list is to show its newest move (after fitting)
  let refocus = null;        // the option or card whose focus the last drawing took away
  function afterDraw() {
    fitTiles();
    const list = scrollMoves && root.querySelector(".rb-moves");
    scrollMoves = false;
    if (list) list.scrollTop = list.scrollHeight;
    if (refocus) {
      const again = root.querySelector(`[data-id="${CSS.escape(refocus)}"], [data-opt="${CSS.escape(refocus)}"]`);
      refocus = null;
      if (again) again.focus({ preventScroll: true });
    }
    const box = root.querySelector(".rb-detail");
    if (box) {
      placeDetail(box);
    } else if (hadDetail) {
      const card = openerNow();
      if (card) card.focus({ preventScroll: true });
    }
    hadDetail = !!box;
  }

  // The card browser (state.mode === "cards"): groups of tiles, no game. A click on a tile
  // shows its text just under it, as the board's text box.
  function drawCatalogue(s) {
    // drawn in parts as the game pages are: a card's text opened rebuilds no tile
    const groups = (s.sections || []).map((g) => `<section class="rb-cat">
      <div class="rb-sub">${esc(g.title)}</div>${tiles(g.cards || [], s.size === "board" ? "cat" : "cat large", g.empty || "")}</section>`);
    const detailBefore = drawn.detail;
    drawParts("cards", {
      head: `<div class="rb-head"><span class="rb-title">${esc(s.title)}</span>
      <span class="rb-score rb-count" role="status">${esc(s.count)}</span></div>`,
      empty: s.count && s.count.startsWith("0 ") ? `<div class="rb-empty">${esc(s.empty)}</div>` : "",
      groups, detail: drawDetail() });
    const close = root.querySelector(".rb-detail .rb-close");
    if (close && drawn.detail !== detailBefore) close.focus({ preventScroll: true });
    if (!close) root.style.minHeight = "";  // placeDetail sets it while a text box is open
    root.classList.add("rb-catalogue");
    root.dataset.serial = s.serial;
    root.dataset.kind = "cards";
  }

  // The board is drawn in parts, each into its own box of a fixed frame (SKELETONS), and a
  // part is written again only when its HTML changed: an answer rebuilds the question and what
  // it changed, a pick the question and the row of the card picked, not every tile of the page
  // (each rebuilt tile costs a fitting of its text). Boxes that are not sections are
  // display: contents, so the frame lays out as if they were not there.
  const SKELETONS = {
    cards: '<div data-part="head"></div><div data-part="empty"></div><div data-part="groups"></div><div data-part="detail"></div>',
    solo: `<div data-part="head"></div><div data-part="status"></div><span class="rb-save-slot"></span>
      <div data-part="new"></div><div data-part="end"></div>
      <div class="rb-main"><div class="rb-left">
          <section class="rb-q" aria-live="polite" data-part="q"></section><div data-part="explored"></div>
          <div data-part="hand"></div><div data-part="tableau"></div>
        </div><div class="rb-right">
          <section class="rb-mat" data-part="mat"></section><section class="rb-log"><div data-part="logtop"></div><ol class="rb-moves" data-part="moves"></ol><div data-part="latest"></div></section>
        </div></div><div data-part="detail"></div>`,
    table: `<div data-part="head"></div><div data-part="status"></div><span class="rb-save-slot"></span>
      <div data-part="new"></div><div data-part="end"></div>
      <div class="rb-main"><div class="rb-left">
          <section class="rb-q" aria-live="polite" data-part="q"></section><div data-part="mine"></div>
          <div data-part="hand"></div><div data-part="tableau"></div>
          <section class="rb-players" data-part="players"></section>
        </div><div class="rb-right">
          <section class="rb-goals-panel" data-part="goals"></section><section class="rb-log"><div data-part="logtop"></div><ol class="rb-moves" data-part="moves"></ol></section>
        </div></div><div data-part="detail"></div>`,
  };
  let frame = null;   // which skeleton is on the page
  let drawn = {};     // part -> the HTML it shows

  // A part is HTML, or a list of rows (tiles, goals, log lines), each row one element. A part
  // named "x.y" lives inside part "x" and is written again with it.
  const sameRows = (a, b) => !!a && !!b && a.length === b.length && a.every((row, i) => row === b[i]);
  function drawParts(kind, parts) {
    if (frame !== kind) {
      root.innerHTML = SKELETONS[kind];
      frame = kind;
      drawn = {};
    }
    for (const [part, html] of Object.entries(parts)) {
      const was = drawn[part];
      if (was === html) continue;
      const box = root.querySelector(`[data-part="${part}"]`);
      if (Array.isArray(html)) {
        if (sameRows(was, html)) continue;
        drawRows(box, was, html, part.endsWith(".cards") ? patchTile : null);
      } else {
        box.innerHTML = html;
        for (const inner of Object.keys(drawn)) if (inner.startsWith(`${part}.`)) delete drawn[inner];
      }
      drawn[part] = html;
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

  function draw() {
    const s = state();
    if (s.mode === "cards") { drawCatalogue(s); return; }
    const q = s.question;
    const qserial = q ? `${s.serial}` : "";
    // a pick stays over redraws of the same question (a state the kernel sends for another
    // reason, a tab): the same game, seat, number of answers so far, prompt and options
    const qkey = q ? JSON.stringify([s.game && s.game.seed, s.viewer, q.asked, q.where, q.prompt,
      q.kind, q.options.map((o) => o.id)]) : "";
    if (forQuestion !== qkey) {
      picked = [];
      checked = null;
      forQuestion = qkey;
    }
    const focusId = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.dataset.id || document.activeElement.dataset.opt : null;
    const key = s.game ? `${(s.settings || {}).game ?? ""}:${s.game.seed}` : null;
    if (key !== null && key !== gameKey) {
      // a game was started or loaded: the form shows its settings (and the seed typed)
      if (gameKey !== null) formDraft = "seed" in formDraft ? { seed: formDraft.seed } : {};
      gameKey = key;
      newPanel = null;
    }
    const keepOpen = newPanel === null ? !(s.game && s.game.started) || !!(s.settings && s.settings.confirm) : newPanel;
    const table = s.mode === "table";
    const c = s.counts || {};
    let score = "";
    if (table && s.score) {
      score = s.score.names.map((n, i) => `${esc(n)} <b>${s.score.scores[i]}</b>`).join(" &middot; ")
        + ` &middot; VP pool <b>${s.score.pool >= 0 ? s.score.pool : `0 (${-s.score.pool} extra)`}</b>`;
    } else if (s.score) {
      score = `You <b>${s.score.you}</b> &middot; Robot <b>${s.score.robot}</b> &middot; VP pool <b>${s.score.pool >= 0 ? s.score.pool : `0 (${-s.score.pool} extra)`}</b>`;
    }
    const title = table
      ? `Race for the Galaxy: The Gathering Storm &middot; ${(s.players || []).length} players${s.game && s.game.round ? ` &middot; round ${s.game.round}` : ""}`
      : "Race for the Galaxy: The Gathering Storm &middot; solitaire";
    const parts = {
      head: `<div class="rb-head"><span class="rb-title">${title}</span>
        <span class="rb-score" title="score so far: VP chips, printed VP, 6-cost bonuses${table ? " and goals" : ""}">${score}</span>
        <span class="rb-tools" ${s.lesson ? "hidden" : ""}>
          <label class="rb-toggle" title="a sentence on what each phase does for you"><input type="checkbox" data-do="explain" ${s.explain ? "checked" : ""}> Explain</label>
          ${table ? "" : `<label class="rb-toggle" title="reveal the robot's moves one at a time"><input type="checkbox" data-do="step" ${s.step_through ? "checked" : ""}> Step through robot</label>`}
          <button class="rb-btn" data-do="undo" ${s.undo ? "" : "disabled"} title="${table ? "take back the last person's decision" : "back to your previous decision"}">Undo</button>
          <button class="rb-btn" data-do="save" title="download this game as a JSON file">Save</button>
          <label class="rb-btn rb-load" title="load a saved game">Load<input type="file" accept=".json,application/json" hidden></label>
        </span></div>`,
      status: s.status && s.status.text ? `<div class="rb-status ${s.status.error ? "err" : ""}" role="status">${esc(s.status.text)}</div>` : "",
      new: s.lesson ? "" : `<details class="rb-new" ${keepOpen ? "open" : ""}>${table ? drawNewTable(s) : drawNew(s)}</details>`,
      end: table ? drawTableEnd(s) : drawEnd(s),
      detail: drawDetail(),
    };
    if (table) {
      Object.assign(parts, tableParts(s));
    } else {
      parts.q = drawQuestion(s);
      Object.assign(parts, s.explored && s.explored.length
        ? tileParts("explored", `<div class="rb-sub">Explored (${s.explored.length}): keep or discard</div>`, s.explored, "explored", "")
        : { explored: "" });
      Object.assign(parts, tileParts("hand", `<div class="rb-sub">Your hand (${plural((s.hand || []).length, "card")})</div>`,
        s.hand || [], "hand", "no cards"));
      Object.assign(parts, tileParts("tableau", `<div class="rb-sub">Your tableau (${(s.tableau || []).length})
            <span class="rb-counts">Military <b>${c.military ?? 0}</b> &middot; goods <b>${c.goods ?? 0}</b> &middot; VP chips <b>${c.chips ?? 0}</b>
            &middot; cards in hand <b>${c.hand ?? 0}</b> &middot; draw pile <b>${c.deck ?? 0}</b> &middot; discards <b>${c.discard ?? 0}</b></span></div>`,
        s.tableau || [], "tableau", "no cards"));
      Object.assign(parts, drawMat(s));
      Object.assign(parts, drawMoves(s));
    }
    // the moves list follows its newest move, unless the person scrolled up in it (read only
    // when it is redrawn: a read of the layout here would lay out the whole board)
    const logChanged = !sameRows(drawn.moves, parts.moves);
    const moves = logChanged && root.querySelector(".rb-moves");
    const wasAtBottom = !moves || moves.scrollTop + moves.clientHeight >= moves.scrollHeight - 4;
    const detailBefore = drawn.detail;
    drawParts(table ? "table" : "solo", parts);
    restoreForm(formDraft);
    paintBusy();
    // scrolled once the tiles are fitted (afterDraw), so that the page is laid out once
    scrollMoves = scrollMoves || (logChanged && (wasAtBottom || lastMoves !== (s.moves || []).length));
    lastMoves = (s.moves || []).length;
    if (detail) {  // the text box just opened (or the focus left the board): its close button
      const close = root.querySelector(".rb-close");
      if (close && (drawn.detail !== detailBefore || !root.contains(document.activeElement))) close.focus();
    } else {
      // if the drawing took the focused option or card away, the focus goes to its new
      // drawing after the tiles are fitted (afterDraw): a focus asks for the page's style,
      // which would otherwise be worked out once here and again for the fitting
      refocus = focusId && !root.contains(document.activeElement) ? focusId : null;
    }
    root.dataset.serial = s.serial;
    root.dataset.qserial = qserial;
    root.dataset.kind = q ? q.kind : (s.pending ? "moving" : "");
  }

  // The New game form keeps what the person set (formDraft) across redraws of the same game.
  function readForm(box) {
    const out = {};
    for (const x of box.querySelectorAll("input[name], select[name]")) out[x.name] = x.type === "checkbox" ? x.checked : x.value;
    return out;
  }

  function restoreForm(values) {
    const box = root.querySelector("details.rb-new");
    if (!box || !values || !Object.keys(values).length) return;
    for (const x of box.querySelectorAll("input[name], select[name]")) {
      if (!(x.name in values)) continue;
      if (x.type === "checkbox") x.checked = values[x.name]; else x.value = values[x.name];
    }
    showSeats();
  }

  function showSeats() {
    const sel = root.querySelector(".rb-form select[name=players]");
    if (!sel) return;
    const n = Number(sel.value);
    for (const row of root.querySelectorAll(".rb-seat")) row.hidden = Number(row.dataset.seat) >= n;
  }

  // The busy sign: drawn at once when the page sends what makes the kernel compute, kept over
  // redraws in the page and taken away by the kernel's next state (or an "idle" reply). The
  // table's kernel names the computer seat thinking ({kind: "busy", who}) when it takes long.
  function setBusy(text) {
    busy = text;
    paintBusy();
  }

  function paintBusy() {
    for (const old of root.querySelectorAll(".rb-busy")) old.remove();
    const box = root.querySelector(".rb-q");
    // marked on the question box only: a class on the board would restyle every tile
    if (box) box.classList.toggle("rb-is-busy", !!busy);
    if (!busy || !box) return;
    box.insertAdjacentHTML("afterbegin", `<div class="rb-busy" role="status" aria-live="polite"><span class="rb-spinner" aria-hidden="true"></span> ${esc(busy)}</div>`);
  }

  // What the kernel is about to compute for a message, in words (null: nothing worth a sign).
  function busyText(what) {
    const s = state();
    // over a game in play the first press only asks to confirm: nothing to compute
    if (what === "new" && s.game && s.game.started && !s.game.over && !(s.settings || {}).confirm) return null;
    if (s.mode === "table") {
      const computers = (s.players || []).some((p) => p.computer);
      if (what === "answer" || what === "none") return computers ? "The computer seats are thinking…" : null;
      if (what === "new") return "Dealing the new game; the computer seats are thinking…";
    } else if (what === "new") {
      return "Dealing the new game; the robot is thinking…";
    } else if (what === "next" || what === "all") {
      return "The robot is thinking…";
    }
    if (what === "hint") return "The computer is thinking of a hint…";
    if (what === "auto") return "The computer is thinking: it plays your questions…";
    return null;
  }

  // Send a message that makes the kernel compute, with the busy sign up in the same task.
  function sendBusy(what, msg) {
    const text = busyText(what);
    if (text) setBusy(text);
    send(msg);
  }

  function same(a, b) {
    return a.length === b.length && a.every((x) => b.includes(x));
  }

  function toggle(id) {
    const q = state().question;
    if (!q) return;
    if (q.kind === "dice") {
      const die = id.slice(0, 2);
      picked = picked.filter((x) => !x.startsWith(die));
      picked.push(id);
    } else if (picked.includes(id)) {
      picked = picked.filter((x) => x !== id);
    } else if (q.max === 1) {
      picked = [id];
    } else {
      picked = [...picked, id];
    }
    checked = null;
    // The page judges the pick itself; the kernel is asked only where the question's data
    // leaves the verdict to it, and for where a legal roll's dice would go (the preview).
    const v = judgePick(q, picked);
    if (!v.known || (q.kind === "dice" && v.ok)) send({ do: "check", ids: picked });
    draw();
  }

  function pickCard(el) {
    const id = el.dataset.id;
    const q = state().question;
    if (q && q.cards && el.classList.contains("opt")) toggle(id);
    else if (el.dataset.name) { detail = el.dataset.name; draw(); }
  }

  function act(what, el) {
    const q = state().question;
    switch (what) {
      case "submit": if (q) sendBusy("answer", { do: "answer", ids: picked }); break;
      case "none": sendBusy("none", { do: "answer", ids: [] }); break;
      case "next": case "all": case "hint": sendBusy(what, { do: what }); break;
      case "undo": case "save": case "seat": send({ do: what }); break;
      case "auto": sendBusy("auto", { do: "auto", until: el.dataset.until }); break;
      case "close": detail = null; draw(); break;
      case "new": {
        const f = root.querySelector(".rb-form");
        if (state().mode === "table") {
          const v = readForm(f);
          const n = Number(v.players);
          const seats = [...Array(n).keys()];
          sendBusy("new", { do: "new", settings: { players: n, seed: v.seed, goals: v.goals, level: v.level, draft: v.draft,
            names: seats.map((i) => v[`name${i}`]), computer: seats.map((i) => v[`computer${i}`]) } });
          break;
        }
        const val = (n) => f.querySelector(`[name=${n}]`);
        sendBusy("new", { do: "new", settings: {
          difficulty: val("difficulty").value, seed: val("seed").value,
          player_start: val("player_start").value, robot_start: val("robot_start").value,
          manual_dice: val("manual_dice").checked } });
        break;
      }
      default: break;
    }
  }

  root.addEventListener("click", (ev) => {
    const summary = ev.target.closest("details.rb-new > summary");
    if (summary) { newPanel = !summary.parentElement.open; return; }
    const info = ev.target.closest(".rb-info");
    if (info) { detail = info.closest(".rb-card").dataset.name; draw(); return; }
    const btn = ev.target.closest("[data-do]");
    if (btn && btn.tagName !== "INPUT") { if (!btn.disabled) act(btn.dataset.do, btn); return; }
    const opt = ev.target.closest("[data-opt]");
    if (opt) {
      const q = state().question;
      if (q && !q.cards && q.kind !== "dice" && q.max === 1) sendBusy("answer", { do: "answer", ids: [opt.dataset.opt] });
      else toggle(opt.dataset.opt);
      return;
    }
    const card = ev.target.closest(".rb-card, .rb-mini[data-name]");
    if (card) pickCard(card);
  });
  // the person's own settings in the New game form, kept over redraws (see formDraft)
  const noteForm = (ev) => {
    const t = ev.target;
    if (t.name && t.closest && t.closest(".rb-form")) formDraft[t.name] = t.type === "checkbox" ? t.checked : t.value;
  };
  root.addEventListener("input", noteForm);
  root.addEventListener("change", (ev) => {
    noteForm(ev);
    const t = ev.target;
    if (t.dataset.do === "step") send({ do: "step", on: t.checked });
    if (t.dataset.do === "explain") send({ do: "explain", on: t.checked });
    if (t.name === "players") showSeats();
    if (t.type === "file" && t.files.length) {
      const reader = new FileReader();
      reader.onload = () => send({ do: "load", text: String(reader.result) });
      reader.readAsText(t.files[0]);
    }
  });
  root.addEventListener("keydown", (ev) => {
    const card = ev.target.closest && ev.target.closest(".rb-card, .rb-mini[data-name]");
    if (!card) return;
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pickCard(card); }
    if (ev.key === "i" || ev.key === "?") { detail = card.dataset.name; draw(); }
  });

  const onMsg = (msg) => {
    if (msg.kind === "check") {
      if (same(msg.ids, picked)) { checked = msg; draw(); }
    } else if (msg.kind === "busy") {
      setBusy(`${msg.who} is thinking…`);
    } else if (msg.kind === "idle") {
      setBusy(null);
    } else if (msg.kind === "save") {
      const url = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
      const slot = root.querySelector(".rb-save-slot");
      slot.innerHTML = `<a class="rb-save-link" download="${esc(msg.name)}" href="${url}">Download ${esc(msg.name)}</a>`;
      slot.querySelector("a").click();
    }
  };
  const onEscape = (ev) => { if (ev.key === "Escape" && detail) { detail = null; draw(); } };
  document.addEventListener("keydown", onEscape);
  const onState = () => draw();
  const onFaces = () => { drawn = {}; forgetFits(); draw(); };
  const onNewState = () => { busy = null; draw(); };
  model.on("change:state", onNewState);
  model.on("change:faces", onFaces);
  model.on("change:info", onState);
  model.on("msg:custom", onMsg);
  // after every drawing: fit the tiles' text, place the card text box or give the focus back;
  // fit again when the board is first laid out (drawn while hidden) or the page's fonts arrive
  root.addEventListener("click", noteOpener, true);
  root.addEventListener("keydown", noteOpener, true);
  const refit = new MutationObserver(() => afterDraw());
  refit.observe(root, { childList: true, subtree: true });
  const shown = new ResizeObserver(() => fitTiles());
  shown.observe(root);
  if (document.fonts) document.fonts.ready.then(() => {
    forgetFits();
    fitTiles();
  });
  draw();
  idle(warmFits);
  return () => {
    model.off("change:state", onNewState);
    model.off("change:faces", onFaces);
    model.off("change:info", onState);
    model.off("msg:custom", onMsg);
    refit.disconnect();
    shown.disconnect();
    document.removeEventListener("keydown", onEscape);
  };
}

export default { render };
