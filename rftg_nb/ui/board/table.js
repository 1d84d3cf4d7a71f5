// The 2-5 player table's own parts (state.mode "table"): the pass screen, the viewer's cards,
// every player's tableau, the goals, the log, the end sheet and the New game form.
import { drawAfter, drawQuestion } from "./question.js";
import { tileParts, tiles } from "./tiles.js";
import { LEVEL_WORDS, esc, handsList, headingAttrs, nameChips, plural, seedField } from "./util.js";

// The parts of the table skeleton (parts.js's SKELETONS.table): the question, the viewer's
// cards, the players, the goals and the log.
export function tableParts(B, s) {
  const c = s.counts || {};
  const pile = s.pile || {};
  const picks = (s.start_pair && s.start_pair.length
    ? `<div class="rb-picks"><b>Your start worlds (keep one after the draft):</b> ${nameChips(s.start_pair)}</div>` : "")
    + drawPicks(s);
  const q = s.question || s.banner ? drawQuestion(B, s) : drawPass(s);
  if (!s.viewer) {
    // the game over, every hand is public; before that, no hand while the screen is passed
    const hand = s.hands ? `<section class="rb-all-hands"><div class="rb-sub">Every hand, now the game is over</div>${handsList(s.hands)}</section>`
      : `<section class="rb-hidden-hand"><div class="rb-empty">No hand is shown while the screen is passed.
          ${piles(pile)}</div></section>`;
    return { q, mine: "", after: "", hand, tableau: "", ...drawPlayers(B, s), ...drawGoals(B, s), ...drawTableLog(s) };
  }
  // the viewer's cards in parts: a new hand does not rebuild the tableau's tiles, nor a
  // new count the tiles under it
  const mine = `${s.packet && s.packet.length ? `<section class="rb-explored rb-packet"><div class="rb-sub">${esc(s.packet_title)}</div>${tiles(B, s.packet, "packet", "")}</section>` : ""}${picks}
          ${s.explored && s.explored.length ? `<section class="rb-explored"><div class="rb-sub">Explored (${s.explored.length}): keep or discard</div>${tiles(B, s.explored, "explored", "")}</section>` : ""}`;
  return { q, mine, after: drawAfter(B, s),
    ...tileParts(B, "hand", `<div class="rb-sub">${esc(s.viewer)}'s hand (${plural((s.hand || []).length, "card")})</div>`,
      s.hand || [], "hand", "no cards"),
    ...tileParts(B, "tableau", `<div class="rb-sub">${esc(s.viewer)}'s tableau (${(s.tableau || []).length})
            <span class="rb-counts">Military <b>${c.military ?? 0}</b> &middot; goods <b>${c.goods ?? 0}</b> &middot; VP chips <b>${c.chips ?? 0}</b>
            &middot; ${piles(pile)}</span></div>`, s.tableau || [], "tableau", "no cards"),
    ...drawPlayers(B, s), ...drawGoals(B, s), ...drawTableLog(s) };
}

function drawPass(s) {
  if (s.pass_to) {
    return `<div class="rb-where" ${headingAttrs(s)}>Pass the screen to ${esc(s.pass_to)}</div>
        <div class="rb-prompt">Their hand and question are hidden until they take the screen.</div>
        <div class="rb-buttons"><button class="rb-btn primary" data-do="seat">I am ${esc(s.pass_to)}: show my question</button></div>`;
  }
  if (s.game && s.game.over) return `<div class="rb-where" ${headingAttrs(s)}>The game is over</div>`;
  return "";
}

function drawGoals(B, s) {
  const fixed = B.info().goals || [];
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
      const done = live.holders.includes(nm);
      const met = c >= g.need;
      const cls = done ? "held" : (live.lead.includes(k) || (g.kind === "first" && met) ? "near" : "");
      const shown = g.kind === "first" ? `${Math.min(c, g.need)}/${g.need}` : `${c}`;
      // held and in the lead are said in words too, not by colour alone
      const words = done ? ", holds it" : (cls === "near" ? (g.kind === "first" ? ", has met it" : ", in the lead") : "");
      return `<span class="rb-prog ${cls}" title="${esc(nm)}: ${c}">${esc(nm)} <b>${shown}</b>${done ? ' <span aria-hidden="true">&#9733;</span>' : ""}${words ? `<span class="rb-sr">${words}</span>` : ""}</span>`;
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
function drawPlayers(B, s) {
  const parts = { players: `<div class="rb-sub">Tableaux</div>${(s.players || []).map((p) => `<div data-part="players.${p.seat}"></div>`).join("")}` };
  for (const p of s.players || []) {
    const at = `players.${p.seat}`;
    const cards = p.you ? ['<span class="rb-empty">your tableau is on the left</span>']
      : (p.tableau.length ? p.tableau.map((c) => {
        const f = B.faces()[c.n] || {};
        // a good on the world: its colour, its kind's letter and its name in words
        const goodName = f.good_name || "";
        const dot = c.g ? `<span class="rb-dot" style="background:${f.good || "#888"}" aria-hidden="true" title="a ${esc(goodName)} good"></span><span class="rb-good-letter" aria-hidden="true">${esc(goodName.slice(0, 1))}</span><span class="rb-sr">a ${esc(goodName)} good on </span>` : "";
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

export function drawTableEnd(s) {
  const e = s.end;
  if (!e) return "";
  return `<div class="rb-end"><div class="rb-end-head" ${headingAttrs(s)}>Game over: ${esc(e.headline)}</div><div>${esc(e.reason)}</div>
      <table><tr><th></th>${e.names.map((n) => `<th>${esc(n)}</th>`).join("")}</tr>${e.rows.map((r) =>
    `<tr>${r.map((x) => `<td>${esc(x)}</td>`).join("")}</tr>`).join("")}</table></div>`;
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

export function drawNewTable(B, s) {
  const md = B.meta();
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
      ${seedField(st)}
      <div class="rb-seats">${seats.join("")}</div>
      <button class="rb-btn ${st.confirm ? "danger" : "primary"}" data-do="new">${st.confirm ? "Confirm new game" : "New game"}</button>
      <div class="rb-form-note">Each seat is a person or the computer; people pass the screen to each other.</div></div>`;
}

// What the New game form sends for a table game (`values`: the form's fields by name).
export function tableSettings(v) {
  const n = Number(v.players);
  const seats = [...Array(n).keys()];
  return { players: n, seed: v.seed, goals: v.goals, level: v.level, draft: v.draft,
    names: seats.map((i) => v[`name${i}`]), computer: seats.map((i) => v[`computer${i}`]) };
}

// Show the seat rows of the players chosen in the form, hide the rest.
export function showSeats(root) {
  const sel = root.querySelector(".rb-form select[name=players]");
  if (!sel) return;
  const n = Number(sel.value);
  for (const row of root.querySelectorAll(".rb-seat")) row.hidden = Number(row.dataset.seat) >= n;
}
