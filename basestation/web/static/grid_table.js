// The grid itself: tables by rounds per section, redrawn in place on every refresh (a focused
// button stays focused), the session's state in the header, and a result's cell painted as
// soon as the live stream brings it.
import { el } from "./common.js";
import { showCell } from "./cell_dialog.js";
import { renderClock, setRoundLength } from "./clock.js";
import { closeRound, setRoundRankings } from "./grid_actions.js";
import { renderNeeds } from "./grid_needs.js";
import { STATE_WORDS, ago, boardTag, cellWords, tableWords } from "./grid_words.js";
import { boardRange } from "./boards.js";
import { showMovement } from "./movement.js";
import { namesAt, pairsWithNames } from "./players.js";
import { showTable } from "./table_dialog.js";

// A room of more tables than this is shown compact (style.css): a congress on one screen.
const COMPACT_TABLES = 16;

const cellId = (section, table, round) => `c-${section}-${table}-${round}`;

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
    el("div", { class: "scroll" }, el("table", { class: "grid", onclick: opened }, el("thead", {}, head), el("tbody"))));
  if (old) old.replaceWith(box); else document.getElementById("sections").append(box);
  return box;
}

// `seen`: the result events painted when `data` was asked for. A cell an event painted since
// is newer than `data`, so it is left as it is (the refresh that event asked for follows).
export function renderGrid(data, seen) {
  document.getElementById("event-name").textContent =
    (data.event || "Live grid") + (data.complete ? ": all results in" : "");
  document.body.dataset.running = data.running ? "yes" : "no";
  document.body.dataset.ended = data.ended ? "yes" : "no";
  document.body.dataset.published = data.published ? "yes" : "no";
  // After End, the switch opens the session again: it says so, not "Resume entry".
  document.getElementById("running").textContent = data.ended ? "Open the session again" :
    data.running ? "Pause entry" : "Resume entry";
  const ending = data.ending || [];
  document.getElementById("end-session").disabled = !!data.ended || ending.length > 0;
  document.getElementById("publish").textContent = data.published ? "Withdraw results" : "Publish results";
  // With no event open there is nothing in play, paused or to publish.
  document.getElementById("session-state").textContent = !data.event ? "no event open" :
    (data.ended ? "session ended" : ending.length ? `ending once ${ending.join(", ")} ${ending.length === 1 ? "has" : "have"} finished` +
      (data.running ? "" : " (paused)") : data.running ? "in play" : "paused") +
    (data.published ? ", results published" : ", results not published");
  const tables = data.sections.reduce((n, s) => n + s.tables.length, 0);
  document.body.dataset.compact = tables > COMPACT_TABLES ? "yes" : "no";
  for (const section of data.sections) renderSection(section, seen);
  renderOverview(data);
}

// One line a section, above the grid: its round, the tables still playing, the boards
// missing and its alerts; each jumps to its section. Drawn at most once a frame, with the
// "needs the director" view (grid_needs.js), which sums up the same room.
let overviewDue = false;
export function renderOverview(data) {
  if (overviewDue) return;
  overviewDue = true;
  requestAnimationFrame(() => {
    overviewDue = false;
    const list = document.querySelector("#overview ul");
    const alerts = data.alerts || [];
    const lines = data.sections.map((section) => {
      const missing = section.tables.reduce((n, t) => n + t.cells.filter((c) => c.state === "missing")
        .reduce((m, c) => m + c.boards - c.done, 0), 0);
      const raised = alerts.filter((a) => a.section === section.section).length;
      const playing = section.clock.playing.length;
      const words = [`Section ${section.section}: round ${section.round} of ${section.rounds}`,
        playing ? `${playing} ${playing === 1 ? "table" : "tables"} playing` : "round finished",
        `${missing} ${missing === 1 ? "board" : "boards"} missing`,
        `${raised} ${raised === 1 ? "alert" : "alerts"}`];
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
  });
}

// One section's tables and round, from the grid or from a live event that moved its round.
export function renderSection(section, seen) {
  const box = sectionTable(section);
  box.querySelector(".round").textContent = `round ${section.round} of ${section.rounds}`;
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
      `aria-label="${escaped(head.label)}">${head.html}</button></th>` + table.cells.map((cell) => {
      const shown = cellParts(letter, table.table, cell);
      drawnNow.push(shown.shown);
      return `<td id="${escaped(cellId(letter, table.table, cell.round))}" class="cell" data-state="${escaped(cell.state)}" ` +
        `data-done="${cell.done}" title="${escaped(shown.title)}"><button type="button" class="open" ` +
        `aria-label="${escaped(shown.label)}">${shown.html}</button></td>`;
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
  const words = tableWords(table);
  const now = table.cells.find((c) => c.round === section.round);
  const who = now && now.state !== "sit_out" && now.ns != null && now.ew != null &&
    (namesAt(section.section, now.ns, "NS") || namesAt(section.section, now.ew, "EW")) ?
    pairsWithNames(section.section, now.ns, now.ew) : "";
  const seen = table.last_contact || "";
  return {
    shown: [table.state, table.takeover, table.unit, table.battery, seen, words, who].join("|"),
    state: table.state, takeover: table.takeover ? "yes" : "no",
    html: `${table.table}<small>${table.unit ? `#${table.unit}` : ""}</small><small>${escaped(words)}</small>` +
      `<small class="heard" data-seen="${escaped(seen)}">${seen ? ago(seen) : ""}</small>` +
      (table.takeover ? '<small class="takeover">takeover waiting</small>' : "") +
      (who ? `<small class="who">${escaped(who)}</small>` : ""),
    title: `Table ${table.table}: ${words}` + (table.battery != null ? `, battery ${table.battery}%` : "") +
      `, last heard ${ago(table.last_contact)}`,
    label: `Table ${table.table}: ` + (table.unit ? `unit ${table.unit}, ` : "no pad, ") + words +
      (table.takeover ? ", takeover waiting" : ""),
  };
}

function cellParts(section, table, cell) {
  const boards = boardRange(cell.board_numbers, ",");
  const pairs = cell.state !== "sit_out" && cell.ns != null ? `; ${pairsWithNames(section, cell.ns, cell.ew)}` : "";
  const label = `Table ${table}, round ${cell.round}: ${cellWords(cell)}` + (boards ? `, boards ${boards}` : "") + pairs;
  return {
    shown: `${cell.state}|${cell.done}|${label}`,  // the label says the rest it shows
    label,
    html: cell.state === "sit_out" ? "-" : `${cell.ns ?? ""}v${cell.ew ?? ""} ${cell.done}/${cell.boards}` +
      `<small class="bds">${escaped(boardTag(cell.board_numbers))}</small>`,
    title: `Table ${table}, round ${cell.round}: ${STATE_WORDS[cell.state] || "not started"}` +
      (cell.board_numbers?.length ? `, boards ${cell.board_numbers.join(", ")}` : "") + pairs,
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
  open.innerHTML = shown.html;
  open.setAttribute("aria-label", shown.label);
}

function paintCell(section, table, cell) {
  const td = document.getElementById(cellId(section, table, cell.round));
  if (!td) return;
  const shown = cellParts(section, table, cell);
  if (drawn.get(td) === shown.shown) return;
  drawn.set(td, shown.shown);
  td.dataset.state = cell.state;
  td.dataset.done = cell.done;
  td.title = shown.title;
  const open = td.firstChild;  // kept, so a focused button stays focused
  open.innerHTML = shown.html;
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
