// The solitaire board's own parts (state.mode "solo", the dashboard and the lessons): your
// cards, the robot's mat, the robot's moves, the end sheet and the New game form.
import { drawAfter, drawQuestion } from "./question.js";
import { tileParts } from "./tiles.js";
import { esc, headingAttrs, plural, same, seedField } from "./util.js";

// The parts of the solo skeleton that are the solitaire game's (parts.js's SKELETONS.solo).
export function soloParts(B, s) {
  const c = s.counts || {};
  return {
    q: drawQuestion(B, s),
    after: drawAfter(B, s),
    ...(s.explored && s.explored.length
      ? tileParts(B, "explored", `<div class="rb-sub">Explored (${s.explored.length}): keep or discard</div>`, s.explored, "explored", "")
      : { explored: "" }),
    ...tileParts(B, "hand", `<div class="rb-sub">Your hand (${plural((s.hand || []).length, "card")})</div>`,
      s.hand || [], "hand", "no cards"),
    ...tileParts(B, "tableau", `<div class="rb-sub">Your tableau (${(s.tableau || []).length})
            <span class="rb-counts">Military <b>${c.military ?? 0}</b> &middot; goods <b>${c.goods ?? 0}</b> &middot; VP chips <b>${c.chips ?? 0}</b>
            &middot; cards in hand <b>${c.hand ?? 0}</b> &middot; draw pile <b>${c.deck ?? 0}</b> &middot; discards <b>${c.discard ?? 0}</b></span></div>`,
      s.tableau || [], "tableau", "no cards"),
    ...drawMat(B, s),
    ...drawMoves(B, s),
  };
}

function drawMat(B, s) {
  const m = s.mat;
  if (!m) return { mat: "" };
  const ghosts = {};
  const q = s.question;
  if (q && q.kind === KIND.DICE && B.checked && same(B.checked.ids, B.picked) && B.checked.preview) {
    for (const p of B.checked.preview) (ghosts[p.space_id] = ghosts[p.space_id] || []).push(p);
  }
  const fixed = B.info().spaces || [];
  // each space a named group: its dice, your marker and its two rows, the one in use said so
  // (the board lights it); the hover texts are in the words a screen reader reads
  const cells = m.spaces.map((sp, i) => Object.assign({ dice: [] }, fixed[i] || {}, sp)).map((sp) => `<div class="rb-space ${sp.lit ? "lit-" + sp.lit : ""}" data-space="${sp.id}" role="group" aria-label="${esc(sp.label)}">
        <div class="rb-space-name" title="${esc(sp.label)}" aria-hidden="true">${esc(sp.short)}</div>
        <div class="rb-space-dice">${sp.dice.map((d) => `<span class="rb-die"><span class="rb-sr">die </span>${esc(d.die)}: ${esc(d.face)}</span>`).join("")}
        ${(ghosts[sp.id] || []).map((d) => `<span class="rb-die ghost"><span class="rb-sr">die </span>${esc(d.die)} would go here: ${esc(d.face)}</span>`).join("")}
        ${sp.you ? '<span class="rb-you" title="your action marker"><span aria-hidden="true">&#9650; you</span><span class="rb-sr">your action marker</span></span>' : ""}</div>
        <div class="rb-row act ${sp.lit === "act" ? "on" : ""}" title="action row: what the robot does with a die here"><span class="rb-sr">Action row${sp.lit === "act" ? ", in use" : ""}: </span>${esc(sp.act)}</div>
        <div class="rb-row resp ${sp.lit === "resp" ? "on" : ""}" title="response row: what the robot does when only you chose this"><span class="rb-sr">Response row${sp.lit === "resp" ? ", in use" : ""}: </span>${esc(sp.resp)}</div>
      </div>`.trim());
  // a track is a meter: its value and its range, not a row of numbers
  const track = (v, top, name) => `<span class="rb-track" role="meter" aria-label="${name}" aria-valuemin="0" aria-valuemax="${top}" aria-valuenow="${v}" aria-valuetext="${v} of ${top}">${
    Array.from({ length: top + 1 }, (_, i) => `<span class="${i === v ? "on" : ""}" aria-hidden="true">${i}</span>`).join("")}</span>`;
  const robotCards = m.tableau.map((c) => `<span class="rb-mini ${c.face ? "" : "counter"}" ${c.face ? `data-name="${esc(c.n)}" tabindex="0" role="button"` : ""}
      title="${c.face ? "click for the full text" : "a 6-cost counter"}">${esc(c.n)} <b>${c.vp}</b></span>`).join("");
  // in parts: the frame, its heading, the nine spaces and the lines under them as rows
  return { mat: '<div data-part="mat.top"></div><div class="rb-spaces" data-part="mat.spaces"></div><div data-part="mat.lines"></div>',
    "mat.top": `<div class="rb-mat-head"><b>Robot</b> &middot; start world ${esc(m.start)}${m.start_gone ? " (discarded)" : ""}</div>`,
    "mat.spaces": cells, "mat.lines": [`<div class="rb-mat-line"><span aria-hidden="true">credit</span> ${track(m.credit, m.credit_max, "credit")}
        <span aria-hidden="true">economy</span> ${track(m.economy, m.economy_max, "economy")}</div>`,
    `<div class="rb-mat-line">"robot =" <b>${esc(m.face)}</b>${m.face_assumed ? ` <span class="rb-assumed rb-tip" tabindex="0" data-tip="${esc(m.face_assumed)}">(assumed<span class="rb-sr">: ${esc(m.face_assumed)}</span>)</span>` : ""}
        &middot; VP chips <b>${m.chips}</b> &middot; counters left <b>${m.counters}</b> (${m.counter_vp} VP)
        &middot; draw stack <b>${m.stack}</b></div>`,
    `<div class="rb-mat-line rb-robot-cards">Tableau (${m.tableau.length}): ${robotCards}</div>`] };
}

// The robot's moves: a heading, the list (rows, added to at its end when only new moves
// came) and the latest rule.
function drawMoves(B, s) {
  const rules = B.info().rules || {};
  const rows = s.moves.map((mv) => `<li><span class="rb-r"><span aria-hidden="true">R${mv.r}</span><span class="rb-sr">Round ${mv.r}:</span></span> ${esc(mv.t)}
      ${mv.rule ? `<span class="rb-rule" title="${esc(rules[mv.rule] || "")}">[${esc(mv.rule)}]<span class="rb-sr">: ${esc(rules[mv.rule] || "")}</span></span>` : ""}</li>`);
  const latest = s.latest_rule && rules[s.latest_rule]
    ? `<div class="rb-latest"><b>${esc(s.latest_rule)}:</b> ${esc(rules[s.latest_rule])}</div>` : "";
  return { logtop: `<div class="rb-sub">The robot's moves${s.pending ? ` (${s.pending} more to step through)` : ""}</div>`,
    moves: rows.length ? rows : ["<li class='rb-empty'>none yet</li>"], latest };
}

export function drawEnd(s) {
  const e = s.end;
  if (!e) return "";
  return `<div class="rb-end"><div class="rb-end-head" ${headingAttrs(s)}>Game over: ${esc(e.headline)}</div><div>${esc(e.reason)}</div>
      <table><tr><th></th><th>You</th><th>Robot</th></tr>${e.rows.map((r) =>
    `<tr><td>${esc(r[0])}</td><td>${esc(r[1])}</td><td>${esc(r[2])}</td></tr>`).join("")}</table>
      ${e.bonuses.length ? `<div>Your 6-cost bonuses: ${e.bonuses.map(esc).join("; ")}</div>` : ""}</div>`;
}

export function drawNew(B, s) {
  const md = B.meta();
  const st = s.settings || {};
  const opt = (list, value) => list.map(([label, v]) =>
    `<option value="${esc(v)}" ${v === value ? "selected" : ""}>${esc(label)}</option>`).join("");
  const starts = [["random", ""], ...(md.starts || []).map((n) => [n, n])];
  return `<summary>New game</summary><div class="rb-form">
      <label>Difficulty <select name="difficulty">${opt((md.difficulties || []).map((d) => [d, d]), st.difficulty)}</select></label>
      ${seedField(st)}
      <label>Your start <select name="player_start">${opt(starts, st.player_start || "")}</select></label>
      <label>Robot start <select name="robot_start">${opt(starts, st.robot_start || "")}</select></label>
      <label><input name="manual_dice" type="checkbox" ${st.manual_dice ? "checked" : ""}> I roll real dice</label>
      <button class="rb-btn ${st.confirm ? "danger" : "primary"}" data-do="new">${st.confirm ? "Confirm new game" : "New game"}</button>
      <div class="rb-form-note">Easy: one 6-cost counter worth 6 VP; medium: two at 6; hard: three at 9.</div></div>`;
}

// What the New game form sends for a solitaire game.
export function soloSettings(form) {
  const val = (n) => form.querySelector(`[name=${n}]`);
  return { difficulty: val("difficulty").value, seed: val("seed").value,
    player_start: val("player_start").value, robot_start: val("robot_start").value,
    manual_dice: val("manual_dice").checked };
}
