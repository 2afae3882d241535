// The grid itself: tables by rounds per section, redrawn in place on every refresh (a focused
// button stays focused), the session's state in the header, and a result's cell painted as
// soon as the live stream brings it.
import { el } from "./common.js";
import { showCell } from "./cell_dialog.js";
import { renderClock, setRoundLength } from "./clock.js";
import { closeRound, setRoundRankings } from "./grid_actions.js";
import { renderNeeds } from "./grid_needs.js";
import { NOT_STARTED, STATE_WORDS, ago, boardTag, cellWords, sentence, tableWords } from "./grid_words.js";
import { _, n_ } from "./i18n.js";
import { boardRange } from "./boards.js";
import { showMovement } from "./movement.js";
import { namesAt, pairsWithNames, seatsVersion } from "./players.js";
import { showTable } from "./table_dialog.js";

// A room of more tables than this is shown compact (style.css): a congress on one screen.
const COMPACT_TABLES = 16;

const cellId = (section, table, round) => `c-${section}-${table}-${round}`;

// The words said for every table and cell of a redraw, made once (grid_words.js `sentence`).
let W = null;
function words() {
  W ??= {
    roundHead: sentence(_("R{round}")),
    cellLabel: sentence(_("Table {table}, round {round}: {state}")),
    cellLabelBoards: sentence(_("Table {table}, round {round}: {state}, boards {boards}")),
    cellShows: sentence(_("{ns}v{ew} {done}/{boards}")),
    tableTitle: sentence(_("Table {table}: {state}, last heard {heard}")),
    tableTitleBattery: sentence(_("Table {table}: {state}, battery {battery}%, last heard {heard}")),
    tableLabel: sentence(_("Table {table}: unit {unit}, {state}")),
    tableLabelNoPad: sentence(_("Table {table}: no pad, {state}")),
    takeover: sentence(_("{state}, takeover waiting")),
    takeoverWaiting: _("takeover waiting"),
  };
  return W;
}

function sectionTable(section) {
  const id = `section-${section.section}`;
  let box = document.getElementById(id);
  const shape = `${section.rounds}x${section.tables.length}`;
  if (box && box.dataset.shape === shape) return box;
  const old = box;  // the movement changed: rounds or tables differ, so build it again
  const head = el("tr", {}, el("th", { scope: "col" }, _("Table")));
  const roundHead = words().roundHead;
  for (let r = 1; r <= section.rounds; r++) head.append(el("th", { scope: "col", id: `${id}-r${r}` }, roundHead({ round: r })));
  // Each button names the section it acts on, as a screen reader reads it out of context.
  const letter = { section: section.section };
  const close = el("button", { type: "button", class: "director-only", onclick: () => closeRound(section.section) }, _("Close the round in section {section}", letter));
  const length = el("button", { type: "button", class: "director-only round-length", onclick: () => setRoundLength(section.section) }, _("Round clock in section {section}", letter));
  const change = el("button", { type: "button", class: "director-only", onclick: () => showMovement(section.section) }, _("Change the movement of section {section}", letter));
  const rankings = el("button", { type: "button", class: "director-only round-rankings", onclick: () => setRoundRankings(section.section) }, _("Rankings on the pads in section {section}", letter));
  box = el("section", { id, class: "section", "data-shape": shape, "aria-label": _("Section {section}", letter) },
    el("h2", {}, `${_("Section {section}", letter)} `, el("span", { class: "round" }), " ", close, " ", change, " ", length, " ", rankings),
    el("p", { class: "clock", "aria-live": "polite" }),
    el("div", { class: "scroll" }, el("table", { class: "grid", onclick: opened }, el("thead", {}, head), el("tbody"))));
  if (old) old.replaceWith(box); else document.getElementById("sections").append(box);
  return box;
}

const LIVE_GRID = () => _("Live grid");

// `seen`: the result events painted when `data` was asked for. A cell an event painted since
// is newer than `data`, so it is left as it is (the refresh that event asked for follows).
export function renderGrid(data, seen) {
  document.getElementById("event-name").textContent =
    data.complete ? _("{event}: all results in", { event: data.event || LIVE_GRID() }) : data.event || LIVE_GRID();
  document.body.dataset.running = data.running ? "yes" : "no";
  document.body.dataset.ended = data.ended ? "yes" : "no";
  document.body.dataset.published = data.published ? "yes" : "no";
  // After End, the switch opens the session again: it says so, not "Resume entry".
  document.getElementById("running").textContent = data.ended ? _("Open the session again") :
    data.running ? _("Pause entry") : _("Resume entry");
  const ending = data.ending || [];
  document.getElementById("end-session").disabled = !!data.ended || ending.length > 0;
  document.getElementById("publish").textContent = data.published ? _("Withdraw results") : _("Publish results");
  // With no event open there is nothing in play, paused or to publish.
  document.getElementById("session-state").textContent = !data.event ? _("no event open") :
    sessionWords(data, ending);
  const tables = data.sections.reduce((n, s) => n + s.tables.length, 0);
  document.body.dataset.compact = tables > COMPACT_TABLES ? "yes" : "no";
  for (const section of data.sections) renderSection(section, seen);
  renderOverview(data);
}

// The session's state in the header: "in play, results not published".
function sessionWords(data, ending) {
  const tables = ending.join(", ");
  if (data.published) {
    if (data.ended) return _("session ended, results published");
    if (ending.length) {
      return data.running ? n_("ending once {tables} has finished, results published",
        "ending once {tables} have finished, results published", ending.length, { tables }) :
        n_("ending once {tables} has finished (paused), results published",
          "ending once {tables} have finished (paused), results published", ending.length, { tables });
    }
    return data.running ? _("in play, results published") : _("paused, results published");
  }
  if (data.ended) return _("session ended, results not published");
  if (ending.length) {
    return data.running ? n_("ending once {tables} has finished, results not published",
      "ending once {tables} have finished, results not published", ending.length, { tables }) :
      n_("ending once {tables} has finished (paused), results not published",
        "ending once {tables} have finished (paused), results not published", ending.length, { tables });
  }
  return data.running ? _("in play, results not published") : _("paused, results not published");
}

// Counts in words, each made once: n_ makes the language's number and plural rules anew, and
// the overview is drawn every frame of a burst.
const counted = new Map();
function once(key, make) {
  if (!counted.has(key)) counted.set(key, make());
  return counted.get(key);
}

// One line a section, above the grid: its round, the tables still playing, the boards
// missing and its alerts; each jumps to its section. Drawn with the "needs the director"
// view (grid_needs.js), which sums up the same room, at most once every OVERVIEW_GAP_MS: a
// burst's frames then carry only the cells, and the sums follow within a quarter second.
const OVERVIEW_GAP_MS = 250;
let overviewDue = null;   // the grid to sum up once the gap has passed
let overviewAt = -Infinity;
export function renderOverview(data) {
  if (!data) return;
  const due = overviewDue;
  overviewDue = data;
  if (due) return;
  setTimeout(() => requestAnimationFrame(() => {
    data = overviewDue;
    overviewDue = null;
    overviewAt = performance.now();
    const list = document.querySelector("#overview ul");
    const alerts = data.alerts || [];
    const lines = data.sections.map((section) => {
      const missing = section.tables.reduce((n, t) => n + t.cells.filter((c) => c.state === "missing")
        .reduce((m, c) => m + c.boards - c.done, 0), 0);
      const raised = alerts.filter((a) => a.section === section.section).length;
      const playing = section.clock.playing.length;
      const values = { section: section.section, round: section.round, rounds: section.rounds };
      const words = [_("Section {section}: round {round} of {rounds}", values),
        playing ? once(`p${playing}`, () => n_("{n} table playing", "{n} tables playing", playing)) : _("round finished"),
        once(`m${missing}`, () => n_("{n} board missing", "{n} boards missing", missing)),
        once(`a${raised}`, () => n_("{n} alert", "{n} alerts", raised))];
      return [`#section-${section.section}`, missing || raised ? "yes" : "no", words.join(", ")];
    });
    // Each line written only when it changes: most frames change none, and a line rewritten
    // lays out the page below it again.
    while (list.children.length > lines.length) list.lastChild.remove();
    lines.forEach(([href, needs, words], at) => {
      const link = list.children[at]?.firstChild ?? list.appendChild(el("li", {}, el("a", {}))).firstChild;
      if (link.getAttribute("href") !== href) link.setAttribute("href", href);
      if (link.dataset.needs !== needs) link.dataset.needs = needs;
      if (link.textContent !== words) link.textContent = words;
    });
    renderNeeds();
  }), Math.max(0, overviewAt + OVERVIEW_GAP_MS - performance.now()));
}

// One section's tables and round, from the grid or from a live event that moved its round.
export function renderSection(section, seen) {
  const box = sectionTable(section);
  box.querySelector(".round").textContent = _("round {round} of {rounds}", { round: section.round, rounds: section.rounds });
  renderClock(box.querySelector(".clock"), section);
  for (let r = 1; r <= section.rounds; r++) {
    document.getElementById(`section-${section.section}-r${r}`).classList.toggle("now", r === section.round);
  }
  const body = box.querySelector("tbody");
  if (!body.rows.length) { buildRows(body, section); return; }
  for (const table of section.tables) {
    paintTable(section, table);
    for (const cell of table.cells) {
      const id = cellId(section.section, table.table, cell.round);
      if ((paintedAt.get(id) || 0) <= seen) paintCell(section.section, table.table, cell);
    }
  }
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escaped = (text) => String(text).replace(/[&<>"]/g, (c) => ESCAPES[c]);

// A button's words: its first text, then small parts, each [class, words] or, for the last
// heard, [class, words, when]. As HTML for a new section's rows (buildRows)...
function partsHtml(text, smalls) {
  return escaped(text) + smalls.map(([kind, words, seen]) => `<small${kind ? ` class="${kind}"` : ""}` +
    `${seen === undefined ? "" : ` data-seen="${escaped(seen)}"`}>${escaped(words)}</small>`).join("");
}

// ...and written into a drawn button in place, each node kept where it is there already: a
// burst of results parses no HTML, and a congress room's rows cost only what changed.
function writeParts(open, text, smalls) {
  const nodes = open.childNodes;
  const same = nodes.length === smalls.length + 1 && nodes[0].nodeType === Node.TEXT_NODE &&
    smalls.every(([kind], at) => (nodes[at + 1].className ?? null) === kind);
  if (!same) {
    open.replaceChildren(text, ...smalls.map(([kind, words, seen]) =>
      el("small", { class: kind || null, "data-seen": seen }, words)));
    return;
  }
  if (nodes[0].nodeValue !== text) nodes[0].nodeValue = text;
  smalls.forEach(([, words, seen], at) => {
    const small = nodes[at + 1];
    if (small.textContent !== words) small.textContent = words;
    if (seen !== undefined && small.dataset.seen !== seen) small.dataset.seen = seen;
  });
}

// A new section's rows, written as one piece of HTML: a congress room's thousands of cells
// cost the browser one parse, not a call each. The table number and each cell are buttons,
// named with what they show; a press on one is the table's (sectionTable).
function buildRows(body, section) {
  const letter = section.section;
  const drawnNow = [];
  body.innerHTML = section.tables.map((table) => {
    const head = tableParts(section, table);
    drawnNow.push(head.shown);
    return `<tr id="t-${escaped(letter)}-${table.table}"><th scope="row" class="table" data-state="${escaped(head.state)}" ` +
      `data-takeover="${head.takeover}" title="${escaped(head.title)}"><button type="button" class="open" ` +
      `aria-label="${escaped(head.label)}">${partsHtml(head.text, head.smalls)}</button></th>` + table.cells.map((cell) => {
      const shown = cellParts(letter, table.table, cell);
      drawnNow.push(shown.shown);
      drawnFrom.set(cellId(letter, table.table, cell.round), cellKey(cell));
      return `<td id="${escaped(cellId(letter, table.table, cell.round))}" class="cell" data-state="${escaped(cell.state)}" ` +
        `data-done="${cell.done}" title="${escaped(shown.title)}"><button type="button" class="open" ` +
        `aria-label="${escaped(shown.label)}">${partsHtml(shown.text, shown.smalls)}</button></td>`;
    }).join("") + "</tr>";
  }).join("");
  let at = 0;
  for (const row of body.rows) for (const cell of row.cells) drawn.set(cell, drawnNow[at++]);
}

// A press on a table's number or a cell, in any section's table: its dialog.
function opened(event) {
  const open = event.target.closest("button.open");
  if (!open) return;
  const cell = open.closest("td.cell");
  if (cell) {
    const [, letter, table, round] = cell.id.split("-");
    showCell(letter, Number(table), Number(round));
  } else {
    const [, letter, table] = open.closest("tr").id.split("-");
    showTable(letter, Number(table));
  }
}

// What each table's and cell's button shows now: one unchanged is not drawn again (a round
// moving on, or a full read, redraws only what changed).
const drawn = new WeakMap();

// A table's own cell, in words: its number, pad, state, last contact and who plays in the
// section's round (by name once seated).
function tableParts(section, table) {
  const w = words();
  const state = tableWords(table);
  const now = table.cells.find((c) => c.round === section.round);
  const who = now && now.state !== "sit_out" && now.ns != null && now.ew != null &&
    (namesAt(section.section, now.ns, "NS") || namesAt(section.section, now.ew, "EW")) ?
    pairsWithNames(section.section, now.ns, now.ew) : "";
  const seen = table.last_contact || "";
  return {
    shown: [table.state, table.takeover, table.unit, table.battery, seen, state, who].join("|"),
    state: table.state, takeover: table.takeover ? "yes" : "no",
    text: `${table.table}`,
    smalls: [["", table.unit ? `#${table.unit}` : ""], ["", state], ["heard", seen ? ago(seen) : "", seen],
      ...(table.takeover ? [["takeover", w.takeoverWaiting]] : []), ...(who ? [["who", who]] : [])],
    title: (table.battery != null ? w.tableTitleBattery : w.tableTitle)({ table: table.table, state,
      battery: table.battery, heard: ago(table.last_contact) }),
    label: (table.unit ? w.tableLabel : w.tableLabelNoPad)({ table: table.table, unit: table.unit,
      state: table.takeover ? w.takeover({ state }) : state }),
  };
}

function cellParts(section, table, cell) {
  const boards = boardRange(cell.board_numbers, ",");
  const pairs = cell.state !== "sit_out" && cell.ns != null ? `; ${pairsWithNames(section, cell.ns, cell.ew)}` : "";
  const w = words();
  const label = (boards ? w.cellLabelBoards : w.cellLabel)({ table, round: cell.round, state: cellWords(cell), boards }) + pairs;
  return {
    shown: `${cell.state}|${cell.done}|${label}`,  // the label says the rest it shows
    label,
    text: cell.state === "sit_out" ? "-" : w.cellShows({ ns: cell.ns ?? "", ew: cell.ew ?? "", done: cell.done, boards: cell.boards }),
    smalls: cell.state === "sit_out" ? [] : [["bds", boardTag(cell.board_numbers)]],
    title: (cell.board_numbers?.length ? w.cellLabelBoards : w.cellLabel)({ table, round: cell.round,
      state: STATE_WORDS[cell.state] || NOT_STARTED, boards: cell.board_numbers?.join(", ") }) + pairs,
  };
}

// A table's own cell, from the grid or a live event.
export function paintTable(section, table) {
  const row = document.getElementById(`t-${section.section}-${table.table}`);
  if (!row) return;
  const head = row.firstChild;
  const shown = tableParts(section, table);
  if (drawn.get(head) === shown.shown) return;
  drawn.set(head, shown.shown);
  head.dataset.state = shown.state;
  head.dataset.takeover = shown.takeover;
  head.title = shown.title;
  const open = head.firstChild;  // kept, so a focused button stays focused
  writeParts(open, shown.text, shown.smalls);
  open.setAttribute("aria-label", shown.label);
}

// What each cell was drawn from (cellKey), by its id: a round moving on redraws its section
// from the event, and the cells that did not change (most of a congress room's) cost no
// words worked out and no look-up.
const drawnFrom = new Map();
const cellKey = (cell) => `${seatsVersion()}|${cell.state}|${cell.done}|${cell.boards}|${cell.ns}|${cell.ew}|${cell.board_numbers}`;

function paintCell(section, table, cell) {
  const id = cellId(section, table, cell.round);
  const key = cellKey(cell);
  if (drawnFrom.get(id) === key) return;
  const td = document.getElementById(id);
  if (!td) return;
  drawnFrom.set(id, key);
  const shown = cellParts(section, table, cell);
  if (drawn.get(td) === shown.shown) return;
  drawn.set(td, shown.shown);
  td.dataset.state = cell.state;
  td.dataset.done = cell.done;
  td.title = shown.title;
  const open = td.firstChild;  // kept, so a focused button stays focused
  writeParts(open, shown.text, shown.smalls);
  open.setAttribute("aria-label", shown.label);
}

let painted = 0;                // result events painted so far
const paintedAt = new Map();    // cell id -> the count when an event last painted it

// How many result events were painted so far: a refresh notes it before it reads the grid.
export const paintedSoFar = () => painted;

// A result from the live stream carries its cell: painted now, before the grid is read again.
export function paintResult(event) {
  painted += 1;
  paintedAt.set(cellId(event.section, event.table, event.cell.round), painted);
  paintCell(event.section, event.table, event.cell);
}
