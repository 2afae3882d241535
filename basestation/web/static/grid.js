// The live grid: tables by rounds per section, redrawn in place on every station event.
"use strict";

const STATE_WORDS = {
  not_logged_in: "not logged in", logged_in: "logged in", no_contact: "no contact",
  link_lost: "out of contact", locked: "locked by the director",
  replaced: "replaced", bad_mac: "bad MAC", sit_out: "sit out", not_started: "",
  current: "current", partial: "playing", complete: "complete", missing: "missing",
  flagged: "check", corrected: "director",
};
const FLAG_WORDS = { LEAD_DECLARER_MISMATCH: "lead to check", SUSPECT_WRONG_SIDE: "score to check",
  WRONG_PAIRS: "pairs to check" };
const recentAlerts = [];  // passing alerts from the stream (table in use, replaced, ...)
let openCell = null;      // [section, table, round] of the open dialog
let lastGrid = null;      // the grid and units as last read (the table dialog reads them)
let lastUnits = [];
const STANDING_KINDS = new Set(["bad_mac", "link_down", "unit_replaced", "unit_locked", "merge_offer",
  "merge_conflict", "wrong_pin", "flooding"]);

const cellId = (section, table, round) => `c-${section}-${table}-${round}`;

// "A3", or null when the unit holds no table (never "nullnull").
const tableLabel = (section, table) => (section && table ? `${section}${table}` : null);

// A table's state in words: a replaced pad says which unit took its table.
function tableWords(row) {
  if (row.state === "replaced" && row.replaced_by) return `replaced by unit ${row.replaced_by}`;
  return STATE_WORDS[row.state] ?? row.state;
}

// A unit's state in the Units panel: a lock says whose it was.
function unitWords(u) {
  if (u.locked === "UNIT_LOCKED") return "locked by the director";
  if (u.locked) return u.replaced_by ? `replaced by unit ${u.replaced_by}` : "replaced";
  return u.failing ? "failing check" : u.section ? "playing" : "free";
}

function sectionTable(section) {
  const id = `section-${section.section}`;
  let box = document.getElementById(id);
  const shape = `${section.rounds}x${section.tables.length}`;
  if (box && box.dataset.shape === shape) return box;
  const old = box;  // the movement changed: rounds or tables differ, so build it again
  const head = el("tr", {}, el("th", { scope: "col" }, "Table"));
  for (let r = 1; r <= section.rounds; r++) head.append(el("th", { scope: "col", id: `${id}-r${r}` }, `R${r}`));
  // Each button names the section it acts on, as a screen reader reads it out of context.
  const close = el("button", { type: "button", class: "director-only", onclick: () => closeRound(section.section) }, `Close the round in section ${section.section}`);
  const length = el("button", { type: "button", class: "director-only round-length", onclick: () => setRoundLength(section.section) }, `Round clock in section ${section.section}`);
  const change = el("button", { type: "button", class: "director-only", onclick: () => showMovement(section.section) }, `Change the movement of section ${section.section}`);
  const rankings = el("button", { type: "button", class: "director-only round-rankings", onclick: () => setRoundRankings(section.section) }, `Rankings on the pads in section ${section.section}`);
  box = el("section", { id, class: "section", "data-shape": shape, "aria-label": `Section ${section.section}` },
    el("h2", {}, `Section ${section.section} `, el("span", { class: "round" }), " ", close, " ", change, " ", length, " ", rankings),
    el("p", { class: "clock", "aria-live": "polite" }),
    el("div", { class: "scroll" }, el("table", { class: "grid" }, el("thead", {}, head), el("tbody"))));
  if (old) old.replaceWith(box); else document.getElementById("sections").append(box);
  return box;
}

// `seen`: the result events painted when `data` was asked for. A cell an event painted since
// is newer than `data`, so it is left as it is (the refresh that event asked for follows).
function renderGrid(data, seen) {
  document.getElementById("event-name").textContent =
    (data.event || "Live grid") + (data.complete ? ": all results in" : "");
  document.body.dataset.running = data.running ? "yes" : "no";
  document.body.dataset.ended = data.ended ? "yes" : "no";
  document.body.dataset.published = data.published ? "yes" : "no";
  document.getElementById("running").textContent = data.running ? "Pause entry" : "Resume entry";
  document.getElementById("end-session").disabled = !!data.ended;
  document.getElementById("publish").textContent = data.published ? "Withdraw results" : "Publish results";
  document.getElementById("session-state").textContent =
    (data.ended ? "session ended" : data.running ? "in play" : "paused") +
    (data.published ? ", results published" : ", results not published");
  for (const section of data.sections) {
    const box = sectionTable(section);
    box.querySelector(".round").textContent = `round ${section.round} of ${section.rounds}`;
    renderClock(box.querySelector(".clock"), section);
    for (let r = 1; r <= section.rounds; r++) {
      document.getElementById(`section-${section.section}-r${r}`).classList.toggle("now", r === section.round);
    }
    const body = box.querySelector("tbody");
    for (const table of section.tables) {
      const rowId = `t-${section.section}-${table.table}`;
      let row = document.getElementById(rowId);
      if (!row) {
        // The table number and each cell are buttons, named with what they show.
        row = el("tr", { id: rowId }, el("th", { scope: "row", class: "table" },
          el("button", { type: "button", class: "open", onclick: () => showTable(section.section, table.table) })));
        for (const cell of table.cells) {
          row.append(el("td", { id: cellId(section.section, table.table, cell.round), class: "cell" },
            el("button", { type: "button", class: "open", onclick: () => showCell(section.section, table.table, cell.round) })));
        }
        body.append(row);
      }
      const head = row.firstChild;
      head.dataset.state = table.state;
      head.dataset.takeover = table.takeover ? "yes" : "no";
      const open = head.firstChild;  // kept, so a focused button stays focused
      open.textContent = "";
      open.append(`${table.table}`, el("small", {}, table.unit ? `#${table.unit}` : ""),
        el("small", {}, tableWords(table)),
        el("small", { class: "heard", "data-seen": table.last_contact || "" }, table.last_contact ? ago(table.last_contact) : ""));
      if (table.takeover) open.append(el("small", { class: "takeover" }, "takeover waiting"));
      // Who plays at the table in the section's round, by name once seated.
      const now = table.cells.find((c) => c.round === section.round);
      if (now && now.state !== "sit_out" && now.ns != null && now.ew != null &&
          (namesAt(section.section, now.ns, "NS") || namesAt(section.section, now.ew, "EW"))) {
        open.append(el("small", { class: "who" }, pairsWithNames(section.section, now.ns, now.ew)));
      }
      head.title = `Table ${table.table}: ${tableWords(table)}` + (table.battery != null ? `, battery ${table.battery}%` : "") +
        `, last heard ${ago(table.last_contact)}`;
      open.setAttribute("aria-label", `Table ${table.table}: ` + (table.unit ? `unit ${table.unit}, ` : "no pad, ") +
        tableWords(table) + (table.takeover ? ", takeover waiting" : ""));
      for (const cell of table.cells) {
        const id = cellId(section.section, table.table, cell.round);
        if ((paintedAt.get(id) || 0) <= seen) paintCell(section.section, table.table, cell);
      }
    }
  }
  renderLinkBanner(data.alerts.filter((a) => a.kind === "link_down"));
  renderAlerts(data.alerts, recentAlerts);
  fillThresholds(data.thresholds);
}

// Links down (broker lost, receiver unplugged) across the top of the page until they are back.
function renderLinkBanner(down) {
  const banner = document.getElementById("link-banner");
  banner.replaceChildren(...down.map((a) => el("p", { "data-link": a.link }, linkSentence(a))));
  banner.hidden = down.length === 0;
}

// The round clock: when the round began, minutes gone of the round's length, who still plays.
function renderClock(box, section) {
  const c = section.clock;
  const began = new Date(c.started).toTimeString().slice(0, 5);
  const playing = c.playing.length ? `still playing: ${c.playing.length === 1 ? "table" : "tables"} ${c.playing.join(", ")}` : "every table has finished the round";
  box.textContent = `Round ${section.round} began ${began}, ${Math.floor(c.minutes)} of ${c.round_minutes} min (${c.minutes_per_board} a board, ${c.minutes_per_round} for the move); ${playing}`;
  box.dataset.late = c.minutes > c.round_minutes && c.playing.length ? "yes" : "no";
  box.dataset.playing = c.playing.length;
}

// The round clock: minutes per board plus minutes per round (the move), e.g. "7 1".
async function setRoundLength(section) {
  const grid = lastGrid && lastGrid.sections.find((s) => s.section === section);
  const now = grid ? `${grid.clock.minutes_per_board} ${grid.clock.minutes_per_round}` : "";
  const answer = prompt(`Round clock in section ${section}: minutes per board, then minutes per round for the move (e.g. 7 1):`, now);
  if (answer === null) return;
  const numbers = answer.trim().split(/[\s,]+/);
  if (numbers.length !== 2 || !numbers.every((n) => /^\d+(\.\d+)?$/.test(n))) {
    say(`Section ${section}: type two numbers, minutes per board and minutes per round, e.g. 7 1`, true);
    return;
  }
  try {
    await api("PUT", `/api/sections/${section}/clock`, { minutes_per_board: Number(numbers[0]), minutes_per_round: Number(numbers[1]) });
    say(`Section ${section}: ${numbers[0]} minutes per board and ${numbers[1]} per round`);
    refresh();
  } catch (e) { say(e.message, true); }
}

// Rankings on the pads after each round (SPEC 14.9): "off" (only once published), or the
// first and last rounds to hide, e.g. "0 2" for none first and the last two.
async function setRoundRankings(section) {
  let now = "off";
  try {
    const shown = (await api("GET", "/api/event")).sections.find((s) => s.letter === section);
    if (shown && shown.rankings) now = `${shown.rankings.hide_first} ${shown.rankings.hide_last}`;
  } catch { /* asked with "off" */ }
  const answer = prompt(`Rankings on the pads after each round in section ${section}: "off" ` +
    "(only once published), or the first and last rounds to hide, e.g. 0 2:", now);
  if (answer === null) return;
  const words = answer.trim().toLowerCase();
  const numbers = words.split(/[\s,]+/);
  const off = words === "off" || words === "";
  if (!off && (numbers.length !== 2 || !numbers.every((n) => /^\d+$/.test(n)))) {
    say(`Section ${section}: type "off", or two numbers of rounds to hide (first and last), e.g. 0 2`, true);
    return;
  }
  try {
    await api("PUT", `/api/sections/${section}/rankings`, off ? { after_each_round: false } :
      { after_each_round: true, hide_first: Number(numbers[0]), hide_last: Number(numbers[1]) });
    say(off ? `Section ${section}: rankings on the pads only once published` :
      `Section ${section}: rankings on the pads after each round, the first ${numbers[0]} and the last ${numbers[1]} hidden`);
  } catch (e) { say(e.message, true); }
}

// A cell's state as the director says it: "complete", "missing 1 of 2", "being played".
function cellWords(cell) {
  const left = cell.boards - cell.done;
  const rest = left && cell.done ? `, ${left} of ${cell.boards} still to come` : "";
  switch (cell.state) {
    case "sit_out": return "sit out";
    case "complete": return "complete";
    case "missing": return `missing ${left} of ${cell.boards}`;
    case "current": return "being played";
    case "partial": return `being played, ${cell.done} of ${cell.boards} in`;
    case "flagged": return `to check${rest}`;
    case "corrected": return `changed by the director${rest}`;
    default: return "not started";
  }
}

function paintCell(section, table, cell) {
  const td = document.getElementById(cellId(section, table, cell.round));
  if (!td) return;
  td.dataset.state = cell.state;
  td.dataset.done = cell.done;
  const open = td.firstChild;  // kept, so a focused button stays focused
  open.textContent = "";
  if (cell.state === "sit_out") open.textContent = "-";
  else open.append(`${cell.ns ?? ""}v${cell.ew ?? ""} ${cell.done}/${cell.boards}`, el("small", { class: "bds" }, boardRange(cell.board_numbers)));
  const boards = boardRange(cell.board_numbers).slice(1);
  open.setAttribute("aria-label", `Table ${table}, round ${cell.round}: ${cellWords(cell)}` +
    (boards ? `, boards ${boards}` : "") +
    (cell.state !== "sit_out" && cell.ns != null ? `; ${pairsWithNames(section, cell.ns, cell.ew)}` : ""));
  td.title = `Table ${table}, round ${cell.round}: ${STATE_WORDS[cell.state] || "not started"}` +
    (cell.board_numbers?.length ? `, boards ${cell.board_numbers.join(", ")}` : "") +
    (cell.state !== "sit_out" && cell.ns != null ? `; ${pairsWithNames(section, cell.ns, cell.ew)}` : "");
}

// Boards 5, 6, 7 as "B5-7"; boards that do not follow on as "B5,9".
function boardRange(boards) {
  if (!boards || !boards.length) return "";
  const runs = [];
  for (const b of boards) {
    const last = runs[runs.length - 1];
    if (last && b === last[1] + 1) last[1] = b; else runs.push([b, b]);
  }
  return "B" + runs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(",");
}

function ago(iso) {
  if (!iso) return "never";
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  return `${Math.round(seconds / 60)} min ago`;
}

function renderUnits(units) {
  const body = document.querySelector("#units tbody");
  // A row waiting for the station's answer stays as it is, showing what is pending.
  const pending = new Map([...body.querySelectorAll("tr[data-pending]")].map((row) => [row.id, row]));
  body.textContent = "";
  for (const u of units) {
    if (pending.has(`unit-${u.unit}`)) { body.append(pending.get(`unit-${u.unit}`)); continue; }
    const state = u.locked ? "locked" : u.failing ? "failing check" : u.section ? "playing" : "free";
    const where = tableLabel(u.section, u.table);
    // Each button says which unit it acts on ("Withdraw unit 17"), as a screen reader reads it.
    const act = (what) => el("button", { type: "button", class: "director-only", "data-action": what,
      onclick: (event) => unitAction(u.unit, what, event.currentTarget) },
      `${what[0].toUpperCase()}${what.slice(1)} unit ${u.unit}`);
    body.append(el("tr", { id: `unit-${u.unit}`, "data-state": state },
      el("td", {}, `${u.unit}`), el("td", {}, where ?? "-"),
      el("td", {}, u.battery != null ? `${u.battery}%` : "?"),
      el("td", { class: "seen", "data-seen": u.last_seen || "" }, ago(u.last_seen)),
      el("td", { class: "unit-state" }, unitWords(u)),
      el("td", {}, u.section ? act("replace") : null, u.locked ? act("reset") : act("withdraw"))));
  }
}

let painted = 0;                // result events painted so far
const paintedAt = new Map();    // cell id -> the count when an event last painted it

const refresh = coalesced(async () => {
  const seen = painted;
  // Who plays is the director's to see: asked for only once logged in.
  const director = document.body.dataset.director === "yes";
  const [grid, units, seats] = await Promise.all([api("GET", "/api/grid"), api("GET", "/api/units"),
    director ? api("GET", "/api/seats") : null]);
  lastGrid = grid;
  lastUnits = units;
  renderSeats(document.getElementById("seats"), seats);  // before the grid: its rows name the players
  renderGrid(grid, seen);
  renderUnits(units);
  fillTable();
  // The open dialog is brought up to date, never rebuilt: what the director is typing or
  // has chosen stays as it is.
  if (openCell) await updateCell(...openCell);
});

async function closeRound(section) {
  if (!confirm(`Close the round in section ${section}?`)) return;
  try { await api("POST", `/api/sections/${section}/close-round`); } catch (e) { say(e.message, true); }
}

async function decideMerge(id, accept) {
  try {
    await api("POST", `/api/merge-offers/${id}`, { accept });
    say(accept ? "Merged into the session as recovered" : "Offer dropped");
    refresh();
  } catch (e) { say(e.message, true); }
}

const UNIT_QUESTIONS = {
  replace: (u) => `Replace unit ${u}? The next pad that asks takes over its table, and unit ${u} is locked out.`,
  withdraw: (u) => `Withdraw unit ${u}? It is locked out and can no longer log in; its table is freed for another pad.`,
  reset: (u) => `Reset unit ${u}? Its table is freed, it is unlocked, and the pad forgets its session and shows the login form.`,
};

async function unitAction(unit, what, button) {
  if (!confirm(UNIT_QUESTIONS[what](unit))) return;
  const row = document.getElementById(`unit-${unit}`);
  row.dataset.pending = what;
  if (button) { button.disabled = true; button.textContent = `${what}: waiting for the station…`; }
  try {
    const answer = await api("POST", `/api/units/${unit}/${what}`);
    // Withdraw and reset say in a sentence what they did (table freed, lock lifted, pad told).
    say(answer.done || answer.detail || (what === "replace" ? `Unit ${unit}: the next pad that asks takes over its table` : `Unit ${unit}: ${what} done`));
  } catch (e) { say(e.message, true); }
  delete row.dataset.pending;
  refresh();
}

function place(section, table, round, board) {
  return `/api/sections/${section}/tables/${table}/rounds/${round}/boards/${board}`;
}

function describe(held) {
  if (!held) return "no result";
  if (held.kind === "not_played") return "not played";
  let text = held.kind === "adjusted" ? `adjusted ${held.adjusted}` :
    `${held.contract} ${held.declarer ?? ""} ${held.tricks ?? ""} ${held.lead ? "lead " + held.lead : ""}`;
  if (held.kind === "result" && held.adjusted) text += ` (${held.adjusted})`;
  if (held.score_ns != null && held.kind === "result") text += ` = ${held.score_ns}`;
  // The station's checks, as the grid's orange cell and the alerts say them.
  const checks = (held.flags || []).map((f) => FLAG_WORDS[f]).filter(Boolean);
  return checks.length ? `${text} (${checks.join(", ")})` : text;
}

// The dialog's one message region: the station's last sentence replaces the one before.
function cellMessage(text, bad) {
  const box = document.getElementById("cell-message");
  box.textContent = text;
  box.className = bad ? "message bad" : "message";
}

async function showCell(section, table, round) {
  openCell = [section, table, round];
  cellMessage("");
  await fillCell(section, table, round);
  const dialog = document.getElementById("cell");
  if (!dialog.open) dialog.showModal();
}

async function fillCell(section, table, round) {
  const data = await api("GET", `/api/sections/${section}/tables/${table}/rounds/${round}`);
  if (!sameCell(openCell, [section, table, round])) return;
  document.getElementById("cell-title").textContent = `Section ${section}, table ${table}, round ${round}`;
  document.getElementById("cell-pairs").textContent = data.sit_out ? "Sit-out" : pairsWithNames(section, data.ns, data.ew);
  const boards = document.getElementById("cell-boards");
  boards.textContent = "";
  for (const b of data.boards) boards.append(boardPanel(section, table, round, b));
}

const sameCell = (a, b) => !!a && !!b && a.every((v, i) => v === b[i]);

// What the station holds now, written into the panels already open: the held result, who
// changed it, the history and the buttons that depend on it. Forms are not touched.
async function updateCell(section, table, round) {
  const data = await api("GET", `/api/sections/${section}/tables/${table}/rounds/${round}`);
  if (!sameCell(openCell, [section, table, round])) return;
  if (!data.sit_out) document.getElementById("cell-pairs").textContent = pairsWithNames(section, data.ns, data.ew);
  for (const b of data.boards) {
    const panel = document.querySelector(`#cell-boards .board[data-board='${b.board}']`);
    if (!panel) continue;
    panel.dataset.source = b.held?.source ?? "";
    panel.querySelector(".held").textContent = describe(b.held);
    panel.querySelector("form.correct button[type=submit]").textContent = `${b.held ? "Correct" : "Enter"} board ${b.board}`;
    panel.querySelector("button.erase").hidden = !b.held;
    panel.querySelector(".history summary").textContent = `History of board ${b.board} (${b.history.length})`;
    panel.querySelector(".history ul").replaceChildren(...historyItems(b.history));
  }
}

const historyItems = (history) =>
  history.map((h) => el("li", {}, `${h.at.slice(11, 19)} ${h.source}: ${describe(h)} [${h.status}]`));

function boardPanel(section, table, round, b) {
  const held = b.held;
  const at = place(section, table, round, b.board);
  // `done`: what to say once stored, or a function of the station's answer.
  const run = (method, path, body, done) => async (event) => {
    if (event) event.preventDefault();
    // The button says it is waiting until the station has stored the change.
    const button = event && (event.submitter || event.currentTarget);
    const label = button ? button.textContent : "";
    if (button) { button.disabled = true; button.dataset.busy = "yes"; button.textContent = "waiting…"; }
    try {
      const answer = await api(method, path, body ? body() : undefined);
      const said = typeof done === "function" ? done(answer) : done;
      cellMessage(said);
      say(said);
      await updateCell(section, table, round);
    } catch (e) {
      cellMessage(e.message, true);
    } finally {
      if (button) {
        button.disabled = false;
        delete button.dataset.busy;
        if (button.textContent === "waiting…") button.textContent = label;  // unless updated since
      }
    }
  };
  const correct = el("form", { class: "correct director-only", "data-board": b.board },
    el("input", { name: "contract", placeholder: "4SX", size: "5", value: held?.contract ?? "", "aria-label": "contract" }),
    el("select", { name: "declarer", "aria-label": "declarer" }, ...["", "N", "E", "S", "W"].map(
      (s) => el("option", { value: s, selected: held?.declarer === s ? "selected" : null }, s || "by"))),
    el("input", { name: "tricks", type: "number", min: "0", max: "13", placeholder: "tricks", value: held?.tricks ?? "", "aria-label": "tricks" }),
    el("input", { name: "lead", placeholder: "lead", size: "3", value: held?.lead ?? "", "aria-label": "lead" }),
    el("button", { type: "submit" }, `${held ? "Correct" : "Enter"} board ${b.board}`));
  correct.addEventListener("submit", run("PUT", at, () => {
    const f = new FormData(correct);
    const tricks = f.get("tricks");
    return { contract: f.get("contract"), declarer: f.get("declarer") || null,
      tricks: tricks === "" ? null : Number(tricks), lead: f.get("lead") || null };
  }, (answer) => answer.done || `Board ${b.board}: result entered and sent to the pad`));

  const ruling = el("form", { class: "ruling director-only", "data-board": b.board },
    el("select", { name: "ruling", "aria-label": "ruling" },
      ...["AVE", "AVE+", "AVE-", "AVE+/AVE-", "AVE-/AVE+", "60/40", "40/60", "50/50", "NS%/EW%...", "weighted...", "split...", "arrowswitch", "fouled", "matchpoints..."].map(
        (r) => el("option", { value: r }, r))),
    el("input", { name: "detail", placeholder: "e.g. 70/30 or 420:60,-50:40", size: "14", "aria-label": "ruling detail" }),
    el("button", { type: "submit" }, `Rule on board ${b.board}`));
  ruling.addEventListener("submit", run("POST", `${at}/ruling`, () => rulingBody(new FormData(ruling)),
    `Board ${b.board}: ruling given`));

  const move = el("form", { class: "move director-only", "data-board": b.board },
    el("input", { name: "to_board", type: "number", min: "1", placeholder: "board", "aria-label": "move to board" }),
    el("input", { name: "ns", type: "number", min: "1", placeholder: "NS", "aria-label": "NS pair" }),
    el("input", { name: "ew", type: "number", min: "1", placeholder: "EW", "aria-label": "EW pair" }),
    el("button", { type: "submit" }, `Move board ${b.board}`));
  move.addEventListener("submit", run("POST", `${at}/move`, () => {
    const f = new FormData(move);
    const n = (k) => (f.get(k) ? Number(f.get(k)) : null);
    return { to_board: n("to_board"), ns: n("ns"), ew: n("ew") };
  }, `Board ${b.board}: moved`));

  const history = el("details", { class: "history" }, el("summary", {}, `History of board ${b.board} (${b.history.length})`),
    el("ul", {}, ...historyItems(b.history)));
  // One region per board, named by its heading: its repeated controls are told apart by it.
  const heading = `cell-board-${b.board}`;
  return el("section", { class: "board", "data-board": b.board, "data-source": held?.source ?? "", "aria-labelledby": heading },
    el("h3", { id: heading }, `Board ${b.board}`),
    el("p", {}, "Held: ", el("span", { class: "held" }, describe(held))),
    correct, ruling, move,
    el("p", { class: "director-only" },
      el("button", { type: "button", onclick: run("POST", `${at}/not-played`, null, `Board ${b.board}: not played`) },
        `Mark board ${b.board} not played`),
      " ",
      el("button", { type: "button", class: "erase", hidden: held ? null : true,
        onclick: (event) => confirm(`Erase the result on board ${b.board} at table ${table}?`) && run("DELETE", at, null, `Board ${b.board}: erased`)(event) },
        `Erase board ${b.board} at table ${table}`)),
    history);
}

function rulingBody(form) {
  const choice = form.get("ruling");
  const detail = (form.get("detail") || "").trim();
  if (choice === "NS%/EW%...") return { adjusted: detail };
  if (choice === "weighted...") {
    return { weighted: detail.split(",").map((part) => {
      const [score, weight] = part.split(":").map(Number);
      return { score_ns: score, weight };
    }) };
  }
  if (choice === "split...") {
    const [ns, ew] = detail.split(/[,/ ]+/).map(Number);
    return { split: { ns, ew } };
  }
  if (choice === "arrowswitch") return { arrowswitch: true };
  if (choice === "fouled") return { fouled: Number(detail || 1) };
  if (choice === "matchpoints...") return { mp_override: detail.split(/[,/ ]+/).map(Number) };
  return { adjusted: choice };
}

function tickLastSeen() {
  for (const cell of document.querySelectorAll("#units .seen, #table-facts .seen")) cell.textContent = ago(cell.dataset.seen);
  for (const cell of document.querySelectorAll("th.table .heard")) cell.textContent = cell.dataset.seen ? ago(cell.dataset.seen) : "";
}

document.addEventListener("DOMContentLoaded", () => {
  setupLogin(refresh, refresh);
  setupAlerts();
  setupTables();
  seating.done = refresh;
  checkLogin().then((director) => { if (director) refresh(); });
  document.getElementById("running").addEventListener("click", async () => {
    const running = document.body.dataset.running !== "yes";
    const question = running ? (document.body.dataset.ended === "yes" ?
      "Open the ended session again? Pads can enter results again." : "Resume entry on every pad?") :
      "Pause entry? Pads are told the station is stopped until you resume.";
    if (!confirm(question)) return;
    try {
      await api("POST", "/api/running", { running });
      say(running ? "Entry resumed" : "Paused: pads cannot enter results until you resume");
    } catch (e) { say(e.message, true); }
  });
  document.getElementById("end-session").addEventListener("click", async () => {
    if (!confirm("End the session? Pads stop taking results and a backup is taken. Results stay private until you publish them.")) return;
    try {
      await api("POST", "/api/session/end");
      say("Session ended: publish the results once they are checked");
    } catch (e) { say(e.message, true); }
  });
  document.getElementById("publish").addEventListener("click", async () => {
    const published = document.body.dataset.published !== "yes";
    if (!confirm(published ? "Publish the results? Anyone on the network can then see travellers and rankings." :
      "Withdraw the results? Only the director sees them again.")) return;
    try {
      await api("POST", "/api/session/publish", { published });
      say(published ? "Results published" : "Results withdrawn");
    } catch (e) { say(e.message, true); }
  });
  document.getElementById("cell").addEventListener("close", () => { openCell = null; });
  listen((event) => {
    // Passing alerts, once each. Bad frames, links down and locked-out units are standing
    // alerts instead, for as long as they last.
    if (event.type === "alert" && !STANDING_KINDS.has(event.kind) &&
        !recentAlerts.some((a) => alertKey(a) === alertKey(event))) {
      recentAlerts.unshift(event);
      recentAlerts.length = Math.min(recentAlerts.length, 20);
    }
    // A result carries its cell: paint it now, then resync the rest of the grid.
    if (event.type === "result" && event.cell) {
      painted += 1;
      paintedAt.set(cellId(event.section, event.table, event.cell.round), painted);
      paintCell(event.section, event.table, event.cell);
    }
    if (event.type !== "scores") refresh();
  }, refresh);
  setInterval(tickLastSeen, 5000);
  setInterval(refresh, 30000);  // the round clock and silent pads move on without events
});
