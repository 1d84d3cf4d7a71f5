// A replay's bar (state.replay, sent by rftg_nb/ui/replay_app.py): where in the game the board
// stands, buttons and a slider to move, the moment in one line and, for a finished game of
// players, the switch that shows every hand (the moment itself is the question box's banner). The board sends {do: "seek", by} or
// {do: "seek", to} (a stop's index, or "last") and {do: "all_hands", on}; the Left and Right
// keys move by one stop anywhere on the page but in a text field.
import { esc, handsList } from "./util.js";

const KINDS = { decision: "your question", move: "a move", end: "the end" };

export function drawReplay(s) {
  const r = s.replay;
  if (!r || s.static) return "";  // a shared page's boards do not move
  const last = r.of - 1;
  const hands = r.can_show_hands
    ? `<label class="rb-toggle" title="the game is over: every player's hand may be seen"><input type="checkbox" data-do="all_hands" ${r.all_hands ? "checked" : ""}> Show all hands</label>` : "";
  const shown = r.all_hands && r.hands ? `<div class="rb-all-hands">${handsList(r.hands)}</div>` : "";
  return `<div class="rb-replay" role="group" aria-label="replay of the game" data-at="${r.at}" data-of="${r.of}" data-kind="${esc(r.kind)}">
      <div class="rb-replay-bar">
        <span class="rb-replay-title">${r.title ? `${esc(r.title)} &middot; ` : ""}Replay</span>
        <button class="rb-btn small" data-do="seek" data-to="0" ${r.at ? "" : "disabled"} title="the start of the game" >Start</button>
        <button class="rb-btn small" data-do="seek" data-by="-1" ${r.at ? "" : "disabled"} title="the stop before (Left key)">&#9664; Back</button>
        <input class="rb-scrub" type="range" min="0" max="${last}" value="${r.at}" aria-label="stop in the game" aria-valuetext="stop ${r.at + 1} of ${r.of}">
        <button class="rb-btn small" data-do="seek" data-by="1" ${r.at < last ? "" : "disabled"} title="the next stop (Right key)">Next &#9654;</button>
        <button class="rb-btn small" data-do="seek" data-to="last" ${r.at < last ? "" : "disabled"} title="the end of the game" >End</button>
        <span class="rb-replay-at">Stop <b>${r.at + 1}</b> of ${r.of} &middot; round ${r.round} &middot; ${esc(KINDS[r.kind] || r.kind)}</span>
        ${hands}
      </div>
      ${shown}</div>`;
}

// What a replay does with the person's keys and the slider: true when the event was one.
export function replayKey(B, ev) {
  const s = B.state();
  if (!s.replay || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return false;
  if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return false;
  const t = ev.target;
  // a text field or menu keeps its keys; the slider moves itself (and says so on change)
  if (t && t.closest && t.closest("input, textarea, select, [contenteditable='true']")) return false;
  ev.preventDefault();
  B.send({ do: "seek", by: ev.key === "ArrowLeft" ? -1 : 1 });
  return true;
}
