// The board, drawn in the page from the widget's `state` and `faces` traits.
// Python decides everything; this script draws and sends back what the person did:
//   {do: "answer", ids}, {do: "check", serial, ids}, {do: "next"}, {do: "all"},
//   {do: "step", on}, {do: "undo"}, {do: "save"}, {do: "load", text}, {do: "new", settings}.
// Python's replies that are not state: {kind: "check"} (a pick's verdict, asked only where the
// question's data leaves it open, and a roll's preview), {kind: "save"}, {kind: "busy", who}
// (a computer seat is thinking) and {kind: "idle"} (a message came to nothing).
// After each drawing the root carries data-serial (the state's serial) and data-qserial (the
// question's), so tests and the timing benchmark know when a state is fully on the page.
//
// The board's modules, each a concern (rftg_nb/ui/board.py joins them into the widget's one
// module, in the order of its BOARD_MODULES): util.js (escaping, words), judge.js (a pick's
// verdict in the page), tiles.js (card tiles and the fitting of their text), parts.js (the
// page's frame and drawing only what changed), question.js (the question box and the busy
// sign), detail.js (a card's whole text), solo.js (the solitaire mode's parts), table.js (the
// table mode's), catalogue.js (the card browser), and this one: the board's state, the
// drawing of a state and the person's clicks, keys and form.
//
// Every function of the other modules takes the board `B` first: the widget's traits
// (B.state(), B.faces(), B.info(), B.meta()), the root element, and what the person is doing
// that Python does not need to know yet (B.picked, B.checked, B.detail, B.busy, ...).
import { drawCatalogue } from "./catalogue.js";
import { drawDetail, noteOpener, openerNow, placeDetail } from "./detail.js";
import { judgePick } from "./judge.js";
import { drawParts, sameRows } from "./parts.js";
import { asksToConfirm, busyText, paintBusy, pickWords, setBusy } from "./question.js";
import { drawReplay, replayKey } from "./replay.js";
import { drawEnd, drawNew, soloParts, soloSettings } from "./solo.js";
import { drawNewTable, drawTableEnd, showSeats, tableParts, tableSettings } from "./table.js";
import { fitTiles, focusTile, forgetFits, idle, newFits, warmFits } from "./tiles.js";
import { esc, markHeadings, same, titleLevel } from "./util.js";

// the largest save the kernel takes (rftg_nb.engine.saves.MAX_SAVE_BYTES; a test compares them)
const MAX_SAVE_BYTES = 1000000;

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rftg-board";
  root.lang = "en";
  el.appendChild(root);
  const B = {
    model, root,
    state: () => model.get("state") || {},
    faces: () => model.get("faces") || {},
    meta: () => model.get("meta") || {},
    info: () => model.get("info") || {},
    send: (msg) => model.send(msg),
    picked: [],          // option ids picked for the current question
    checked: null,       // the kernel's reply on a pick: {ids, ok, why, preview}
    detail: null,        // card name whose full text is shown
    opener: null,        // {id, name, mini}: the card last clicked or keyed (detail.js)
    busy: null,          // what the kernel is computing for the page, until its next state
    frame: null,         // which skeleton is on the page (parts.js)
    drawn: {},           // part -> the HTML it shows (parts.js)
    fit: newFits(),      // what fitting each tile's text found (tiles.js)
  };
  let forQuestion = null;   // which question B.picked belongs to (see draw)
  let lastMoves = -1;
  let newPanel = null;      // the New game panel: null = open only before the game starts
  let foldNew = false;      // New game was pressed: the game it deals folds the panel
  let gameKey = null;       // which game the board shows (its settings' id and seed)
  let formDraft = {};       // what the person set in the New game form, field by field: kept
                            // over every redraw until a game is started (the seed even then)
  let scrollMoves = false;  // the moves list is to show its newest move (after fitting)
  let refocus = null;       // the option or card whose focus the last drawing took away
  let hadDetail = false;    // was a text box on the board at the last drawing
  let toQuestion = false;   // a new question came after the person acted: focus goes to it
  let shownQuestion = null; // the question (its key) the focus last went to
  let said = null;          // {game, moves}: what the robot's moves announced so far cover
  let acted = false;        // the person acted (an answer, New game, Load, Undo...): the next
                            // new question takes the focus

  // After every drawing: fit the tiles' text, scroll the moves, place the card text box or
  // give the focus back.
  function afterDraw() {
    fitTiles(B);
    const list = scrollMoves && root.querySelector(".rb-moves");
    scrollMoves = false;
    if (list) list.scrollTop = list.scrollHeight;
    if (toQuestion) {
      toQuestion = false;
      refocus = null;
      focusQuestion();
    } else if (refocus) {
      const again = root.querySelector(refocus);
      refocus = null;
      if (again) focusTile(again);
    }
    const box = root.querySelector(".rb-detail");
    if (box) {
      placeDetail(B, box);
    } else if (hadDetail) {
      const card = openerNow(B);
      if (card) focusTile(card);
    }
    hadDetail = !!box;
  }

  // The focus follows the game: to the new question's first option (a card or a button), or
  // to what there is to do (Next step, the end of the game), else the question's heading.
  function focusQuestion() {
    const target = root.querySelector(".rb-card.opt .rb-hit, .rb-q button[data-opt]:not([disabled]), "
      + ".rb-q button[data-do=next], .rb-q button[data-do=seat], .rb-q button[data-do=none]")
      || root.querySelector(".rb-end [tabindex='-1'], .rb-q .rb-where");
    if (target) target.focus({ preventScroll: inView(target) });
  }

  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  };

  // Each of the robot's (or the other players') new moves is said once, as it appears, in the
  // board's own live region; a new game or a list that was written again says nothing.
  function announceMoves(s) {
    const moves = s.moves || [];
    const game = s.game ? `${s.game.seed}:${(s.settings || {}).game ?? ""}` : null;
    const before = said;
    said = { game, moves: moves.length, first: moves.length ? moves[0].t : null };
    if (!before || before.game !== game || moves.length <= before.moves
        || (moves.length && before.first !== null && moves[0].t !== before.first)) return;
    const news = moves.slice(before.moves).map((mv) => mv.t);
    if (news.length) say(".rb-live-moves", news.join(" "));
  }

  function say(where, text) {
    const region = root.querySelector(where);
    if (!region) return;
    region.textContent = "";
    // a fresh text node, a frame later: read as news even when the words repeat
    requestAnimationFrame(() => { region.textContent = text; });
  }

  function draw() {
    const s = B.state();
    if (s.mode === "cards") { drawCatalogue(B, s); return; }
    const q = s.question;
    const qserial = q ? `${s.serial}` : "";
    // a pick stays over redraws of the same question (a state the kernel sends for another
    // reason, a tab): the same game, seat, number of answers so far, prompt and options
    const qkey = q ? JSON.stringify([s.game && s.game.seed, s.viewer, q.asked, q.where, q.prompt,
      q.kind, q.options.map((o) => o.id)]) : "";
    if (forQuestion !== qkey) {
      B.picked = [];
      B.checked = null;
      forQuestion = qkey;
    }
    // a replay's question shows the answer that was given, and nothing else can be picked
    if (q && s.replay) B.picked = [...(q.answered || [])];
    const quiet = !!(s.lesson || s.replay);  // no tools, form or help: a lesson, a replay
    // what has the focus, as a selector that finds its new drawing (a card, an option, a
    // control of the board such as Load or Hint)
    const active = document.activeElement && root.contains(document.activeElement) ? document.activeElement : null;
    const focused = active ? active.closest("[data-id], [data-opt], [data-do]") : null;
    const keys = !focused ? [] : focused.dataset.id !== undefined ? ["id"]
      : focused.dataset.opt !== undefined ? ["opt"] : ["do", "until"];
    const focusId = focused ? keys.filter((k) => focused.dataset[k] !== undefined)
      .map((k) => `[data-${k}="${CSS.escape(focused.dataset[k])}"]`).join("") : null;
    const key = s.game ? `${(s.settings || {}).game ?? ""}:${s.game.seed}` : null;
    if (key !== null && key !== gameKey) {
      // a game was started or loaded: the form shows its settings (and the seed typed)
      if (gameKey !== null) formDraft = "seed" in formDraft ? { seed: formDraft.seed } : {};
      gameKey = key;
      newPanel = foldNew ? false : null;
      foldNew = false;
    }
    const keepOpen = newPanel === null ? !(s.game && s.game.started) || !!(s.settings && s.settings.confirm) : newPanel;
    const table = s.mode === "table";
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
      head: `<div class="rb-head"><span class="rb-title" role="heading" aria-level="${titleLevel(s)}">${title}</span>
        <span class="rb-score rb-tip" tabindex="0" data-tip="score so far: VP chips, printed VP, 6-cost bonuses${table ? " and goals" : ""}"><span class="rb-sr">Score so far (VP chips, printed VP, 6-cost bonuses${table ? " and goals" : ""}): </span>${score}</span>
        <span class="rb-tools" ${quiet ? "hidden" : ""}>
          <label class="rb-toggle" title="a sentence on what each phase does for you"><input type="checkbox" data-do="explain" ${s.explain ? "checked" : ""}> Explain</label>
          ${table ? "" : `<label class="rb-toggle" title="reveal the robot's moves one at a time"><input type="checkbox" data-do="step" ${s.step_through ? "checked" : ""}> Step through robot</label>`}
          <button class="rb-btn" data-do="undo" ${s.undo ? "" : "disabled"} title="${table ? "take back the last person's decision" : "back to your previous decision"}">Undo</button>
          <button class="rb-btn" data-do="save" title="download this game as a JSON file">Save</button>
          <button class="rb-btn" data-do="load" title="load a saved game">Load</button><input class="rb-load-file" type="file" accept=".json,application/json" hidden tabindex="-1" aria-label="a saved game to load">
        </span></div>`,
      // the status part's box is the live region (role=status, in the skeleton), there before
      // any text is written into it
      status: s.status && s.status.text ? `<div class="rb-status ${s.status.error ? "err" : ""}">${esc(s.status.text)}</div>` : "",
      replay: drawReplay(s),
      new: quiet ? "" : `<details class="rb-new" ${keepOpen ? "open" : ""}>${table ? drawNewTable(B, s) : drawNew(B, s)}</details>`,
      end: table ? drawTableEnd(s) : drawEnd(s),
      detail: drawDetail(B),
      ...(table ? tableParts(B, s) : soloParts(B, s)),
    };
    // the moves list follows its newest move, unless the person scrolled up in it (read only
    // when it is redrawn: a read of the layout here would lay out the whole board)
    const logChanged = !sameRows(B.drawn.moves, parts.moves);
    const moves = logChanged && root.querySelector(".rb-moves");
    const wasAtBottom = !moves || moves.scrollTop + moves.clientHeight >= moves.scrollHeight - 4;
    const detailBefore = B.drawn.detail;
    drawParts(B, table ? "table" : "solo", parts);
    markHeadings(root, titleLevel(s) + 1);
    announceMoves(s);
    restoreForm(formDraft);
    paintBusy(B);
    // scrolled once the tiles are fitted (afterDraw), so that the page is laid out once
    scrollMoves = scrollMoves || (logChanged && (wasAtBottom || lastMoves !== (s.moves || []).length));
    lastMoves = (s.moves || []).length;
    if (B.detail) {  // the text box just opened (or the focus left the board): its close button
      const close = root.querySelector(".rb-close");
      if (close && (B.drawn.detail !== detailBefore || !root.contains(document.activeElement))) close.focus();
    } else {
      // if the drawing took the focused option or card away, the focus goes to its new
      // drawing after the tiles are fitted (afterDraw): a focus asks for the page's style,
      // which would otherwise be worked out once here and again for the fitting
      refocus = focusId && !root.contains(document.activeElement) ? focusId : null;
      // a new question (or the robot's turn, or the end) after the person acted on the board:
      // the focus goes to it, unless the person is elsewhere on the page
      const shown = `${qkey}|${q ? q.kind : (s.pending ? "moving" : "")}|${s.pending || 0}|${!!s.end}`;
      const here = !document.activeElement || document.activeElement === document.body
        || root.contains(document.activeElement);
      if (acted && shown !== shownQuestion && here && !B.detail) toQuestion = true;
      if (acted && shown !== shownQuestion) acted = false;
      shownQuestion = shown;
    }
    root.dataset.serial = s.serial;
    root.dataset.qserial = qserial;
    root.dataset.kind = q ? q.kind : (s.pending ? "moving" : "");
  }

  // ---- the New game form: what the person set (formDraft) is kept across redraws of the
  // same game
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
    showSeats(root);
  }

  // ---- what the person does
  // Send a message that makes the kernel compute, with the busy sign up in the same task.
  function sendBusy(what, msg) {
    acted = true;
    const text = busyText(B, what);
    if (text) setBusy(B, text);
    B.send(msg);
  }

  function toggle(id) {
    const q = B.state().question;
    if (!q) return;
    if (q.kind === KIND.DICE) {
      const die = id.slice(0, 2);
      B.picked = B.picked.filter((x) => !x.startsWith(die));
      B.picked.push(id);
    } else if (B.picked.includes(id)) {
      B.picked = B.picked.filter((x) => x !== id);
    } else if (q.max === 1) {
      B.picked = [id];
    } else {
      B.picked = [...B.picked, id];
    }
    B.checked = null;
    // The page judges the pick itself; the kernel is asked only where the question's data
    // leaves the verdict to it, and for where a legal roll's dice would go (the preview).
    const v = judgePick(q, B.picked);
    if (!v.known || (q.kind === KIND.DICE && v.ok)) B.send({ do: "check", ids: B.picked });
    draw();
    say(".rb-live-pick", pickWords(B, q));  // the count, not the whole question again
  }

  function pickCard(el) {
    const id = el.dataset.id;
    const q = B.state().question;
    if (q && q.cards && el.classList.contains("opt") && !B.state().replay) toggle(id);
    else if (el.dataset.name) { B.detail = el.dataset.name; draw(); }
  }

  function act(what, el) {
    const q = B.state().question;
    switch (what) {
      case "submit": if (q) sendBusy("answer", { do: "answer", ids: B.picked }); break;
      case "none": sendBusy("none", { do: "answer", ids: [] }); break;
      case "next": case "all": case "hint": sendBusy(what, { do: what }); break;
      case "undo": case "seat": sendBusy(what, { do: what }); break;  // no sign: nothing to compute
      case "save": B.send({ do: what }); break;
      case "load": { const f = root.querySelector(".rb-load-file"); if (f) f.click(); break; }
      case "auto": sendBusy("auto", { do: "auto", until: el.dataset.until }); break;
      case "seek": B.send(el.dataset.by !== undefined ? { do: "seek", by: Number(el.dataset.by) }
        : { do: "seek", to: el.dataset.to === "last" ? "last" : Number(el.dataset.to) }); break;
      case "close": B.detail = null; draw(); break;
      case "new": {
        const f = root.querySelector(".rb-form");
        const settings = B.state().mode === "table" ? tableSettings(readForm(f)) : soloSettings(f);
        // the form folds away once the game starts (it comes back with New game's summary)
        if (!asksToConfirm(B.state())) foldNew = true;
        sendBusy("new", { do: "new", settings });
        break;
      }
      default: break;
    }
  }

  root.addEventListener("click", (ev) => {
    const summary = ev.target.closest("details.rb-new > summary");
    if (summary) { newPanel = !summary.parentElement.open; return; }
    const info = ev.target.closest(".rb-info");
    if (info) { B.detail = info.closest(".rb-card").dataset.name; draw(); return; }
    const btn = ev.target.closest("[data-do]");
    if (btn && btn.tagName !== "INPUT") { if (!btn.disabled) act(btn.dataset.do, btn); return; }
    const opt = ev.target.closest("[data-opt]");
    if (opt && B.state().replay) return;  // a replay's answer was given long ago
    if (opt) {
      const q = B.state().question;
      if (q && !q.cards && q.kind !== KIND.DICE && q.max === 1) sendBusy("answer", { do: "answer", ids: [opt.dataset.opt] });
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
    if (t.dataset.do === "step") B.send({ do: "step", on: t.checked });
    if (t.dataset.do === "explain") B.send({ do: "explain", on: t.checked });
    if (t.dataset.do === "all_hands") B.send({ do: "all_hands", on: t.checked });
    if (t.classList.contains("rb-scrub")) B.send({ do: "seek", to: Number(t.value) });
    if (t.name === "players") showSeats(root);
    if (t.type === "file" && t.files.length) {
      // never more than a save may be (a larger message would be dropped by the server in
      // silence): the kernel refuses a file over it in words, from its size
      const file = t.files[0];
      const reader = new FileReader();
      reader.onload = () => { acted = true; B.send({ do: "load", text: String(reader.result), size: file.size }); };
      reader.readAsText(file.slice(0, MAX_SAVE_BYTES + 1));
      t.value = "";
    }
  });
  root.addEventListener("keydown", (ev) => {
    const card = ev.target.closest && ev.target.closest(".rb-card, .rb-mini[data-name]");
    if (!card) return;
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pickCard(card); }
    if (ev.key === "i" || ev.key === "?") { B.detail = card.dataset.name; draw(); }
  });

  // ---- what the kernel sends
  const onMsg = (msg) => {
    if (msg.kind === "check") {
      if (same(msg.ids, B.picked)) { B.checked = msg; draw(); }
    } else if (msg.kind === "busy") {
      setBusy(B, `${msg.who} is thinking…`);
    } else if (msg.kind === "idle") {
      setBusy(B, null);
    } else if (msg.kind === "save") {
      const url = URL.createObjectURL(new Blob([msg.text], { type: msg.type || "application/json" }));
      const slot = root.querySelector(".rb-save-slot");
      slot.innerHTML = `<a class="rb-save-link" download="${esc(msg.name)}" href="${url}">Download ${esc(msg.name)}</a>`;
      slot.querySelector("a").click();
    }
  };
  const onEscape = (ev) => {
    if (ev.key === "Escape" && B.detail) { B.detail = null; draw(); return; }
    // a replay's Left and Right keys, for the board on the page (not one kept off it)
    if (root.isConnected && root.offsetParent !== null) replayKey(B, ev);
  };
  document.addEventListener("keydown", onEscape);
  const onState = () => draw();
  const onFaces = () => { B.drawn = {}; forgetFits(B); draw(); };
  const onNewState = () => { B.busy = null; draw(); };
  model.on("change:state", onNewState);
  model.on("change:faces", onFaces);
  model.on("change:info", onState);
  model.on("msg:custom", onMsg);
  // after every drawing: fit the tiles' text, place the card text box or give the focus back;
  // fit again when the board is first laid out (drawn while hidden) or the page's fonts arrive
  const onOpener = (ev) => noteOpener(B, ev);
  root.addEventListener("click", onOpener, true);
  root.addEventListener("keydown", onOpener, true);
  const refit = new MutationObserver(() => afterDraw());
  refit.observe(root, { childList: true, subtree: true });
  const shown = new ResizeObserver(() => fitTiles(B));
  shown.observe(root);
  if (document.fonts) document.fonts.ready.then(() => {
    forgetFits(B);
    fitTiles(B);
  });
  draw();
  idle(() => warmFits(B));
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
