// The solitaire board, drawn in the page from the widget's `state` and `faces` traits.
// Python decides everything; this script draws and sends back what the person did:
//   {do: "answer", ids}, {do: "check", serial, ids}, {do: "next"}, {do: "all"},
//   {do: "step", on}, {do: "undo"}, {do: "save"}, {do: "load", text}, {do: "new", settings}.
// After each drawing the root carries data-serial (the state's serial) and data-qserial (the
// question's), so tests and the timing benchmark know when a state is fully on the page.

const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
// what each die face shows besides its word: the phase's number, or a sign
const DIE_MARKS = { explore: "I", develop: "II", settle: "III", trade: "$", x2: "x2", produce: "V",
  match: "=", robot: "R" };
const LEVEL_WORDS = { random: "at random", fast: "well (AI, fast)", strong: "their best (AI, strong)" };
const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + "s")}`;

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rftg-board";
  root.lang = "en";
  el.appendChild(root);
  // What the person is doing that Python does not need to know yet.
  let picked = [];          // option ids picked for the current question
  let forQuestion = null;   // serial of the question `picked` belongs to
  let checked = null;       // Python's verdict on `picked`: {ids, ok, why, preview}
  let detail = null;        // card name whose full text is shown
  let lastMoves = -1;
  let newPanel = null;      // the New game panel: null = open only before the game starts
  let gameSeed = null;

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
    const good = c.g && face && face.good
      ? `<span class="rb-good" style="background:${face.good}" title="a good on this world"></span>`
      : (c.g ? '<span class="rb-good" title="a good on this world"></span>' : "");
    const label = c.o ? (isPicked ? "picked: " : "can be picked: ") : (c.why ? `cannot be picked, ${c.why}: ` : "");
    return `<div class="${cls.join(" ")}" data-id="${esc(c.id)}" data-name="${esc(c.n)}"
      tabindex="0" role="button" ${c.o ? `aria-pressed="${isPicked}"` : ""}
      aria-label="${esc(label + c.n)}" title="${esc(c.why || (c.o ? "click to pick" : "click for the full text"))}">
      ${face ? face.html : `<div class="rf-face"><div class="rf-top"><span class="rf-name">${esc(c.n)}</span></div></div>`}
      ${good}${c.mark ? `<span class="rb-mark ${esc(c.mk || "")}">${esc(c.mark)}</span>` : ""}<button class="rb-info" tabindex="-1" title="full text" aria-label="full text of ${esc(c.n)}">i</button>
      ${c.why ? `<div class="rb-why">${esc(c.why)}</div>` : ""}</div>`;
  }

  function hinted(id) {
    const h = state().hint;
    return !!(h && h.ids.includes(id));
  }

  function tiles(list, where, empty) {
    if (!list.length) return `<div class="rb-empty">${esc(empty)}</div>`;
    return `<div class="rb-tiles">${list.map((c) => cardTile(c, where)).join("")}</div>`;
  }

  function pickNote(q) {
    const want = q.min === q.max ? `${q.min}` : `${q.min} to ${q.max}`;
    const ok = checked && same(checked.ids, picked) && checked.ok;
    const why = checked && same(checked.ids, picked) && !checked.ok && picked.length >= q.min
      ? ` <span class="rb-warn">${esc(checked.why)}</span>` : "";
    const known = checked && same(checked.ids, picked) ? 1 : 0;  // the kernel's verdict is in
    return `<span class="rb-pick" data-picked="${picked.length}" data-ok="${ok ? 1 : 0}" data-checked="${known}">
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
          <div class="rb-prompt">${plural(s.pending, "step")} to go. Read each move on the right.</div>
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
      body = `<div class="rb-buttons">${q.options.map((o) => `<button class="rb-btn opt ${picked.includes(o.id) ? "picked" : ""} ${hinted(o.id) ? "hinted" : ""}"
        data-opt="${esc(o.id)}" ${multi ? `aria-pressed="${picked.includes(o.id)}"` : ""}>${esc(o.label)}</button>`).join("")}
        ${!multi && q.min === 0 ? '<button class="rb-btn" data-do="none">None</button>' : ""}</div>`;
    }
    const needsSubmit = q.kind === "dice" || q.cards || q.max > 1;
    let foot = "";
    if (needsSubmit) {
      const ok = checked && same(checked.ids, picked) && checked.ok;
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
    if (!m) return "";
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
      </div>`).join("");
    const track = (v, top) => Array.from({ length: top + 1 }, (_, i) =>
      `<span class="${i === v ? "on" : ""}">${i}</span>`).join("");
    const robotCards = m.tableau.map((c) => `<span class="rb-mini ${c.face ? "" : "counter"}" ${c.face ? `data-name="${esc(c.n)}" tabindex="0" role="button"` : ""}
      title="${c.face ? "click for the full text" : "a 6-cost counter"}">${esc(c.n)} <b>${c.vp}</b></span>`).join("");
    return `<div class="rb-mat-head"><b>Robot</b> &middot; start world ${esc(m.start)}${m.start_gone ? " (discarded)" : ""}</div>
      <div class="rb-spaces">${cells}</div>
      <div class="rb-mat-line">credit <span class="rb-track">${track(m.credit, m.credit_max)}</span>
        economy <span class="rb-track">${track(m.economy, m.economy_max)}</span></div>
      <div class="rb-mat-line">"robot =" <b>${esc(m.face)}</b>${m.face_assumed ? ` <span class="rb-assumed" title="${esc(m.face_assumed)}">(assumed)</span>` : ""}
        &middot; VP chips <b>${m.chips}</b> &middot; counters left <b>${m.counters}</b> (${m.counter_vp} VP)
        &middot; draw stack <b>${m.stack}</b></div>
      <div class="rb-mat-line rb-robot-cards">Tableau (${m.tableau.length}): ${robotCards}</div>`;
  }

  function drawMoves(s) {
    const rules = info().rules || {};
    const rows = s.moves.map((mv) => `<li><span class="rb-r">R${mv.r}</span> ${esc(mv.t)}
      ${mv.rule ? `<span class="rb-rule" title="${esc(rules[mv.rule] || "")}">[${esc(mv.rule)}]</span>` : ""}</li>`).join("");
    const latest = s.latest_rule && rules[s.latest_rule]
      ? `<div class="rb-latest"><b>${esc(s.latest_rule)}:</b> ${esc(rules[s.latest_rule])}</div>` : "";
    return `<div class="rb-sub">The robot's moves${s.pending ? ` (${s.pending} more to step through)` : ""}</div>
      <ol class="rb-moves">${rows || "<li class='rb-empty'>none yet</li>"}</ol>${latest}`;
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
    if (!fixed.length) return '<div class="rb-sub">Goals</div><div class="rb-empty">no goals in this game</div>';
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
    }).join("");
    return `<div class="rb-sub">Goals</div><ul class="rb-goals">${rows}</ul>`;
  }

  function drawPlayers(s) {
    const rows = (s.players || []).map((p) => {
      const cards = p.you ? '<span class="rb-empty">your tableau is on the left</span>'
        : (p.tableau.length ? p.tableau.map((c) => {
          const f = faces()[c.n] || {};
          const dot = c.g ? `<span class="rb-dot" style="background:${f.good || "#888"}" title="a good"></span>` : "";
          return `<span class="rb-mini ${f.world ? "world" : "dev"}" data-name="${esc(c.n)}" tabindex="0" role="button" title="click for the full text">${dot}${esc(c.n)} <b>${c.six ? "?" : c.vp}</b></span>`;
        }).join("") : '<span class="rb-empty">no cards</span>');
      return `<div class="rb-player ${p.you ? "you" : ""}" data-seat="${p.seat}">
        <div class="rb-player-head"><b>${esc(p.name)}</b>${p.computer ? ' <span class="rb-tag">computer</span>' : ""}${p.you ? ' <span class="rb-tag you">you</span>' : ""}
          &middot; score <b>${p.score}</b> &middot; chips ${p.chips} &middot; Military ${p.military} &middot; goods ${p.goods} &middot; hand ${p.hand}${p.deck !== null && p.deck !== undefined ? ` &middot; own deck ${p.deck}` : ""}
          ${p.actions.length ? `&middot; <span class="rb-acts">${p.actions.map(esc).join(" + ")}</span>` : ""}
          ${p.goals.length ? `&middot; <span class="rb-held">&#9733; ${p.goals.map(esc).join(", ")}</span>` : ""}</div>
        <div class="rb-mini-row">${cards}</div></div>`;
    }).join("");
    return `<div class="rb-sub">Tableaux</div>${rows}`;
  }

  function drawTableLog(s) {
    const rows = (s.moves || []).map((mv) => `<li class="${mv.goal ? "goal" : ""}"><span class="rb-r">R${mv.r}</span> ${esc(mv.t)}</li>`).join("");
    return `<div class="rb-sub">What happened</div><ol class="rb-moves">${rows || "<li class='rb-empty'>nothing yet</li>"}</ol>`;
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

  function tableMain(s) {
    const c = s.counts || {};
    const pile = s.pile || {};
    const chips = (names) => names.map((n) => `<span class="rb-mini" data-name="${esc(n)}" tabindex="0" role="button">${esc(n)}</span>`).join("");
    const picks = (s.start_pair && s.start_pair.length
      ? `<div class="rb-picks"><b>Your start worlds (keep one after the draft):</b> ${chips(s.start_pair)}</div>` : "")
      + (s.picks && s.picks.length ? `<div class="rb-picks"><b>Your picks (${s.picks.length}):</b> ${chips(s.picks)}</div>` : "");
    const mine = s.viewer ? `
          ${s.packet && s.packet.length ? `<section class="rb-explored rb-packet"><div class="rb-sub">${esc(s.packet_title)}</div>${tiles(s.packet, "packet", "")}</section>` : ""}${picks}
          ${s.explored && s.explored.length ? `<section class="rb-explored"><div class="rb-sub">Explored (${s.explored.length}): keep or discard</div>${tiles(s.explored, "explored", "")}</section>` : ""}
          <section class="rb-hand"><div class="rb-sub">${esc(s.viewer)}'s hand (${plural((s.hand || []).length, "card")})</div>${tiles(s.hand || [], "hand", "no cards")}</section>
          <section class="rb-tableau"><div class="rb-sub">${esc(s.viewer)}'s tableau (${(s.tableau || []).length})
            <span class="rb-counts">Military <b>${c.military ?? 0}</b> &middot; goods <b>${c.goods ?? 0}</b> &middot; VP chips <b>${c.chips ?? 0}</b>
            &middot; ${piles(pile)}</span></div>
            ${tiles(s.tableau || [], "tableau", "no cards")}</section>`
      : `<section class="rb-hidden-hand"><div class="rb-empty">No hand is shown while the screen is passed.
          ${piles(pile)}</div></section>`;
    return `<div class="rb-main">
        <div class="rb-left">
          <section class="rb-q" aria-live="polite">${s.question ? drawQuestion(s) : drawPass(s)}</section>
          ${mine}
          <section class="rb-players">${drawPlayers(s)}</section>
        </div>
        <div class="rb-right">
          <section class="rb-goals-panel">${drawGoals(s)}</section>
          <section class="rb-log">${drawTableLog(s)}</section>
        </div>
      </div>`;
  }

  function drawDetail() {
    if (!detail) return "";
    const f = faces()[detail];
    const text = f ? f.text : detail;
    const [head, ...lines] = text.split("\n");
    return `<div class="rb-detail" role="dialog" aria-label="card text"><button class="rb-close" data-do="close" aria-label="close">&times;</button>
      <b>${esc(head)}</b>${lines.map((l) => `<div>${esc(l)}</div>`).join("")}</div>`;
  }

  // The card browser (state.mode === "cards"): groups of tiles, no game. A click on a tile
  // shows its text just under it, as the board's text box.
  function drawCatalogue(s) {
    const groups = (s.sections || []).map((g) => `<section class="rb-cat">
      <div class="rb-sub">${esc(g.title)}</div>${tiles(g.cards || [], "cat", g.empty || "")}</section>`).join("");
    root.innerHTML = `<div class="rb-head"><span class="rb-title">${esc(s.title)}</span>
      <span class="rb-score rb-count" role="status">${esc(s.count)}</span></div>
      ${s.count && s.count.startsWith("0 ") ? `<div class="rb-empty">${esc(s.empty)}</div>` : ""}${groups}${drawDetail()}`;
    const box = root.querySelector(".rb-detail");
    const tile = detail && [...root.querySelectorAll(".rb-card")].find((x) => x.dataset.name === detail);
    if (box && tile) {
      box.style.top = `${tile.offsetTop + tile.offsetHeight + 4}px`;
      box.style.left = `${Math.max(4, Math.min(tile.offsetLeft, root.clientWidth - box.offsetWidth - 4))}px`;
      box.style.right = "auto";
      const close = box.querySelector(".rb-close");
      if (close) close.focus({ preventScroll: true });
    }
    // the text box may reach below the last row of tiles: the board grows to hold it
    root.style.minHeight = box && tile ? `${box.offsetTop + box.offsetHeight + 8}px` : "";
    root.classList.add("rb-catalogue");
    root.dataset.serial = s.serial;
    root.dataset.kind = "cards";
  }

  function draw() {
    const s = state();
    if (s.mode === "cards") { drawCatalogue(s); return; }
    const q = s.question;
    const qserial = q ? `${s.serial}` : "";
    if (forQuestion !== qserial) {
      picked = [];
      checked = q ? { ids: [], ok: q.none_ok, why: "" } : null;
      forQuestion = qserial;
    }
    const focusId = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.dataset.id || document.activeElement.dataset.opt : null;
    const newOpen = root.querySelector("details.rb-new");
    const gameChanged = !!(s.game && s.game.seed !== gameSeed);
    if (gameChanged) { gameSeed = s.game.seed; newPanel = null; }
    const keepOpen = newPanel === null ? !(s.game && s.game.started) || !!(s.settings && s.settings.confirm) : newPanel;
    const sameGame = !!(s.game && s.game.seed === gameSeed && !gameChanged);
    const form = {};
    if (newOpen) for (const x of newOpen.querySelectorAll("input[name=seed]")) form.seed = x.value;
    const formValues = newOpen ? readForm(newOpen) : null;
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
    const main = table ? tableMain(s) : `<div class="rb-main">
        <div class="rb-left">
          <section class="rb-q" aria-live="polite">${drawQuestion(s)}</section>
          ${s.explored && s.explored.length ? `<section class="rb-explored"><div class="rb-sub">Explored (${s.explored.length}): keep or discard</div>${tiles(s.explored, "explored", "")}</section>` : ""}
          <section class="rb-hand"><div class="rb-sub">Your hand (${plural((s.hand || []).length, "card")})</div>${tiles(s.hand || [], "hand", "no cards")}</section>
          <section class="rb-tableau"><div class="rb-sub">Your tableau (${(s.tableau || []).length})
            <span class="rb-counts">Military <b>${c.military ?? 0}</b> &middot; goods <b>${c.goods ?? 0}</b> &middot; VP chips <b>${c.chips ?? 0}</b>
            &middot; cards in hand <b>${c.hand ?? 0}</b> &middot; draw pile <b>${c.deck ?? 0}</b> &middot; discards <b>${c.discard ?? 0}</b></span></div>
            ${tiles(s.tableau || [], "tableau", "no cards")}</section>
        </div>
        <div class="rb-right">
          <section class="rb-mat">${drawMat(s)}</section>
          <section class="rb-log">${drawMoves(s)}</section>
        </div>
      </div>`;
    const moves = root.querySelector(".rb-moves");
    const wasAtBottom = !moves || moves.scrollTop + moves.clientHeight >= moves.scrollHeight - 4;
    root.innerHTML = `
      <div class="rb-head"><span class="rb-title">${title}</span>
        <span class="rb-score" title="score so far: VP chips, printed VP, 6-cost bonuses${table ? " and goals" : ""}">${score}</span>
        <span class="rb-tools" ${s.lesson ? "hidden" : ""}>
          <label class="rb-toggle" title="a sentence on what each phase does for you"><input type="checkbox" data-do="explain" ${s.explain ? "checked" : ""}> Explain</label>
          ${table ? "" : `<label class="rb-toggle" title="reveal the robot's moves one at a time"><input type="checkbox" data-do="step" ${s.step_through ? "checked" : ""}> Step through robot</label>`}
          <button class="rb-btn" data-do="undo" ${s.undo ? "" : "disabled"} title="${table ? "take back the last person's decision" : "back to your previous decision"}">Undo</button>
          <button class="rb-btn" data-do="save" title="download this game as a JSON file">Save</button>
          <label class="rb-btn rb-load" title="load a saved game">Load<input type="file" accept=".json,application/json" hidden></label>
        </span></div>
      ${s.status && s.status.text ? `<div class="rb-status ${s.status.error ? "err" : ""}" role="status">${esc(s.status.text)}</div>` : ""}
      <span class="rb-save-slot"></span>
      ${s.lesson ? "" : `<details class="rb-new" ${keepOpen ? "open" : ""}>${table ? drawNewTable(s) : drawNew(s)}</details>`}
      ${table ? drawTableEnd(s) : drawEnd(s)}
      ${main}${drawDetail()}`;
    if (table && newOpen && sameGame) restoreForm(formValues);
    if (form.seed) root.querySelector("input[name=seed]").value = form.seed;
    const list = root.querySelector(".rb-moves");
    if (list && (wasAtBottom || lastMoves !== (s.moves || []).length)) list.scrollTop = list.scrollHeight;
    lastMoves = (s.moves || []).length;
    if (detail) {
      const close = root.querySelector(".rb-close");
      if (close && !root.contains(document.activeElement)) close.focus();
    } else if (focusId) {
      const again = root.querySelector(`[data-id="${CSS.escape(focusId)}"], [data-opt="${CSS.escape(focusId)}"]`);
      if (again) again.focus();
    }
    root.dataset.serial = s.serial;
    root.dataset.qserial = qserial;
    root.dataset.kind = q ? q.kind : (s.pending ? "moving" : "");
  }

  // The table's New game form keeps what the person typed across redraws of the same game.
  function readForm(box) {
    const out = {};
    for (const x of box.querySelectorAll("input[name], select[name]")) out[x.name] = x.type === "checkbox" ? x.checked : x.value;
    return out;
  }

  function restoreForm(values) {
    const box = root.querySelector("details.rb-new");
    if (!box || !values) return;
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
    checked = picked.length ? null : { ids: [], ok: q.none_ok, why: "" };
    send({ do: "check", ids: picked });
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
      case "submit": if (q) send({ do: "answer", ids: picked }); break;
      case "none": send({ do: "answer", ids: [] }); break;
      case "next": case "all": case "undo": case "save": case "seat": case "hint": send({ do: what }); break;
      case "auto": send({ do: "auto", until: el.dataset.until }); break;
      case "close": detail = null; draw(); break;
      case "new": {
        const f = root.querySelector(".rb-form");
        if (state().mode === "table") {
          const v = readForm(f);
          const n = Number(v.players);
          const seats = [...Array(n).keys()];
          send({ do: "new", settings: { players: n, seed: v.seed, goals: v.goals, level: v.level, draft: v.draft,
            names: seats.map((i) => v[`name${i}`]), computer: seats.map((i) => v[`computer${i}`]) } });
          break;
        }
        const val = (n) => f.querySelector(`[name=${n}]`);
        send({ do: "new", settings: {
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
      if (q && !q.cards && q.kind !== "dice" && q.max === 1) send({ do: "answer", ids: [opt.dataset.opt] });
      else toggle(opt.dataset.opt);
      return;
    }
    const card = ev.target.closest(".rb-card, .rb-mini[data-name]");
    if (card) pickCard(card);
  });
  root.addEventListener("change", (ev) => {
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
  model.on("change:state", onState);
  model.on("change:faces", onState);
  model.on("change:info", onState);
  model.on("msg:custom", onMsg);
  draw();
  return () => {
    model.off("change:state", onState);
    model.off("change:faces", onState);
    model.off("change:info", onState);
    model.off("msg:custom", onMsg);
    document.removeEventListener("keydown", onEscape);
  };
}

export default { render };
