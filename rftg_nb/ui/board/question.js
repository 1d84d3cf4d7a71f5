// The question box: the question with its options (card questions pick the tiles below it),
// the pick's count and verdict, Confirm, the computer's help, and the busy sign laid over it.
// B.picked holds the option ids picked for the question shown, B.checked the kernel's reply
// on a pick ({ids, ok, why, preview}), B.busy what the kernel is computing for the page.
import { judgePick } from "./judge.js";
import { hinted } from "./tiles.js";
import { DIE_MARKS, esc, headingAttrs, plural, same } from "./util.js";

// The verdict on the pick now: judged in the page from the question's data, or (for a
// question too large to list its legal picks) the kernel's reply once it is in.
function verdict(B, q) {
  const v = judgePick(q, B.picked);
  if (v.known || !B.checked || !same(B.checked.ids, B.picked)) return v;
  return { ok: !!B.checked.ok, why: B.checked.why || "", known: true };
}

// data-checked is 1 once the verdict shown is final: at once for a question judged in the
// page, after the kernel's reply for one it must be asked about.
function pickNote(B, q) {
  const want = q.min === q.max ? `${q.min}` : `${q.min} to ${q.max}`;
  const v = verdict(B, q);
  const why = v.known && !v.ok && v.why && B.picked.length >= q.min
    ? ` <span class="rb-warn">${esc(v.why)}</span>` : "";
  return `<span class="rb-pick" data-picked="${B.picked.length}" data-ok="${v.ok ? 1 : 0}" data-checked="${v.known ? 1 : 0}">
      Pick ${want}: ${B.picked.length} picked.${why}</span>`;
}

function submitLabel(B, q) {
  if (q.kind === KIND.DICE) return "Confirm the roll";
  if (!B.picked.length && q.min === 0) return "None";
  return "Confirm";
}

export function drawQuestion(B, s) {
  const q = s.question;
  const picked = B.picked;
  if (!q) {
    if (s.banner && !s.pending) {
      return `<div class="rb-where" ${headingAttrs(s)}>${esc(s.banner[0])}</div><div class="rb-prompt">${esc(s.banner[1])}</div>`;
    }
    if (s.pending) {
      return `<div class="rb-where" ${headingAttrs(s)}>The robot is moving</div>
          <div class="rb-prompt">${plural(s.pending, "step")} to go. Each move shows in the robot's moves, with its rule.</div>
          <div class="rb-buttons"><button class="rb-btn primary" data-do="next">Next step</button>
          <button class="rb-btn" data-do="all">Show all</button></div>`;
    }
    if (s.game && s.game.over) return `<div class="rb-where" ${headingAttrs(s)}>The game is over</div>`;
    return "";
  }
  let body = "";
  if (q.kind === KIND.DICE) {
    body = ["A", "B"].map((die) => `<div class="rb-dice-row"><span class="rb-die-name">Die ${die}</span>
        ${q.dice[die].map((f) => `<button class="rb-face face-${esc(f.face)} ${picked.includes(f.id) ? "picked" : ""}"
          data-opt="${esc(f.id)}" aria-pressed="${picked.includes(f.id)}" aria-label="die ${die}: ${esc(f.label)}"><span class="pip">${esc(DIE_MARKS[f.face] || "")}</span>${esc(f.label)}</button>`).join("")}</div>`).join("");
    const pv = B.checked && same(B.checked.ids, picked) && B.checked.preview;
    body += `<div class="rb-preview">${pv ? "Where the dice go: " + pv.map((p) => `die ${esc(p.die)} on ${esc(p.space)}`).join("; ")
      : "Pick one face on each die to see where they go."}</div>`;
  } else if (!q.cards) {
    const multi = q.max > 1;
    // with Explain on, an option may carry a note (solitaire actions: the robot's response row)
    const noted = q.options.some((o) => o.note);
    body = `<div class="rb-buttons ${noted ? "noted" : ""}">${q.options.map((o) => {
      const button = `<button class="rb-btn opt ${picked.includes(o.id) ? "picked" : ""} ${hinted(B, o.id) ? "hinted" : ""}"
        data-opt="${esc(o.id)}" ${s.replay ? "disabled" : ""} ${multi ? `aria-pressed="${picked.includes(o.id)}"` : ""}>${esc(o.label)}</button>`;
      return noted ? `<div class="rb-opt-row">${button}<span class="rb-opt-note">${esc(o.note || "")}</span></div>` : button;
    }).join("")}
        ${!multi && q.min === 0 ? '<button class="rb-btn" data-do="none">None</button>' : ""}</div>`;
  }
  const needsSubmit = q.kind === KIND.DICE || q.cards || q.max > 1;
  let foot = "";
  if (s.replay) {
    const said = (q.answered_labels || []).length ? q.answered_labels.map(esc).join("; ") : "none";
    foot = `<div class="rb-foot rb-answered" role="note">Answered: <b>${said}</b></div>${judged(q.judged)}`;
  } else if (needsSubmit) {
    const ok = verdict(B, q).ok;
    // for a question about cards, the keyboard's Confirm is the one after the cards (drawAfter)
    foot = `<div class="rb-foot"><button class="rb-btn go" data-do="submit" ${ok ? "" : "disabled"} ${q.cards ? 'tabindex="-1"' : ""}>${esc(submitLabel(B, q))}</button>
        ${pickNote(B, q)}${q.cards ? '<span class="rb-hint">Click the outlined cards.</span>' : ""}</div>`;
  }
  const coach = q.coach ? `<div class="rb-coach">${esc(q.coach)}${q.cards && (s.hand || []).concat(s.tableau || []).some((c) => c.why)
    ? " Dimmed cards say why they cannot be picked." : ""}</div>` : "";
  return `<div class="rb-where" ${headingAttrs(s)}>${esc(q.where)}</div><div class="rb-prompt">${esc(q.prompt)}</div>${coach}${body}${foot}${drawHelp(s)}`;
}

// After the tiles a question about cards picks (the hand, the tableau): its Confirm again,
// so that by keyboard the answer follows the picks (the question box's own comes before the
// cards). Out of sight until the focus reaches it.
export function drawAfter(B, s) {
  const q = s.question;
  if (!q || !q.cards || s.replay) return "";
  const ok = verdict(B, q).ok;
  return `<div class="rb-after"><button class="rb-btn go" data-do="submit" ${ok ? "" : "disabled"}>${esc(submitLabel(B, q))}</button>
      <span class="rb-after-note">${esc(pickWords(B, q))}</span></div>`;
}

// How many of how many are picked, in words (what the live region says after a pick).
export function pickWords(B, q) {
  const want = q.min === q.max ? `${q.min}` : `${q.min} to ${q.max}`;
  const v = verdict(B, q);
  const why = v.known && !v.ok && v.why && B.picked.length >= q.min ? `: ${v.why}` : "";
  return `${B.picked.length} picked, of ${want}${why}`;
}

// A replay's question with the computer's review: what the AI would answer, and each answer's
// chance of winning (the AI's answer is ringed as a hint is).
function judged(j) {
  if (!j) return "";
  const win = j.win || "winning";  // at a table: of ending first
  const chances = j.same ? `your chance of ${win} after it: ${j.after}%`
    : `your chance of ${win} after yours: ${j.after}%, after the AI's: ${j.ai_after}%`;
  const ai = (j.ai_labels || []).length ? j.ai_labels.map(esc).join("; ") : "none";
  return `<div class="rb-judged" role="note"><b>${j.same ? "The AI agrees" : `The AI would choose ${ai}`}</b> (${esc(chances)}). ${esc(j.reason)}</div>`;
}

// The computer's help under the question: a hint (marked on the cards or buttons it would
// pick, with its reason) and autoplay.
function drawHelp(s) {
  const q = s.question;
  if (!s.assist || s.lesson || s.replay || !q || q.kind === KIND.DICE) return "";
  const h = s.hint;
  const line = h ? `<div class="rb-hintline" role="note"><b>Hint:</b> ${esc(h.reason)}
      ${h.labels.length ? `<span class="rb-hint-picks">(${h.labels.map(esc).join("; ")})</span>` : ""}</div>` : "";
  return `${line}<div class="rb-help"><button class="rb-btn small" data-do="hint" ${h ? "disabled" : ""} title="what the computer would pick here, and why">Hint</button>
      <span class="rb-help-label">Let the computer play for ${s.mode === "table" ? esc(s.viewer) : "you"}:</span>
      <button class="rb-btn small" data-do="auto" data-until="round" title="the computer answers the questions to the end of this round">to the round's end</button>
      <button class="rb-btn small" data-do="auto" data-until="game" title="the computer answers the questions to the end of the game">to the game's end</button></div>`;
}

// ---- the busy sign
// Drawn at once when the page sends what makes the kernel compute, kept over redraws in the
// page and taken away by the kernel's next state (or an "idle" reply). The table's kernel
// names the computer seat thinking ({kind: "busy", who}) when it takes long.
export function setBusy(B, text) {
  B.busy = text;
  paintBusy(B);
}

export function paintBusy(B) {
  for (const old of B.root.querySelectorAll(".rb-busy")) old.remove();
  const box = B.root.querySelector(".rb-q");
  // marked on the question box only: a class on the board would restyle every tile
  if (box) box.classList.toggle("rb-is-busy", !!B.busy);
  if (!B.busy || !box) return;
  box.insertAdjacentHTML("afterbegin", `<div class="rb-busy" role="status" aria-live="polite"><span class="rb-spinner" aria-hidden="true"></span> ${esc(B.busy)}</div>`);
}

// Whether New game, pressed now, only asks to confirm giving up the game in play.
export const asksToConfirm = (s) => !!(s.game && s.game.started && !s.game.over && !(s.settings || {}).confirm);

// What the kernel is about to compute for a message, in words (null: nothing worth a sign).
export function busyText(B, what) {
  const s = B.state();
  // over a game in play the first press only asks to confirm: nothing to compute
  if (what === "new" && asksToConfirm(s)) return null;
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
