// The grid itself: tables by rounds per section, redrawn in place on every refresh (a focused
// button stays focused), the session's state in the header, and a result's cell painted as
// soon as the live stream brings it.
import { el } from "./common.js";
import { showCell } from "./cell_dialog.js";
import { renderClock, setRoundLength } from "./clock.js";
import { closeRound, setRoundRankings } from "./grid_actions.js";
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
    el("div", { class: "scroll" }, el("table", { class: "grid" }, el("thead", {}, head), el("tbody"))));
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
// missing and its alerts; each jumps to its section. Drawn at most once a frame.
let overviewDue = false;
export function renderOverview(data) {
  if (overviewDue) return;
  overviewDue = true;
  requestAnimationFrame(() => {
    overviewDue = false;
    const list = document.querySelector("#overview ul");
    const alerts = data.alerts || [];
    list.replaceChildren(...data.sections.map((section) => {
      const missing = section.tables.reduce((n, t) => n + t.cells.filter((c) => c.state === "missing")
        .reduce((m, c) => m + c.boards - c.done, 0), 0);
      const raised = alerts.filter((a) => a.section === section.section).length;
      const playing = section.clock.playing.length;
      const words = [`Section ${section.section}: round ${section.round} of ${section.rounds}`,
        playing ? `${playing} ${playing === 1 ? "table" : "tables"} playing` : "round finished",
        `${missing} ${missing === 1 ? "board" : "boards"} missing`,
        `${raised} ${raised === 1 ? "alert" : "alerts"}`];
      return el("li", {}, el("a", { href: `#section-${section.section}`,
        "data-needs": missing || raised ? "yes" : "no" }, words.join(", ")));
    }));
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
  for (const table of section.tables) {
    const rowId = `t-${section.section}-${table.table}`;
    if (!document.getElementById(rowId)) {
      // The table number and each cell are buttons, named with what they show.
      const row = el("tr", { id: rowId }, el("th", { scope: "row", class: "table" },
        el("button", { type: "button", class: "open", onclick: () => showTable(section.section, table.table) })));
      for (const cell of table.cells) {
        row.append(el("td", { id: cellId(section.section, table.table, cell.round), class: "cell" },
          el("button", { type: "button", class: "open", onclick: () => showCell(section.section, table.table, cell.round) })));
      }
      body.append(row);
    }
    paintTable(section, table);
    for (const cell of table.cells) {
      const id = cellId(section.section, table.table, cell.round);
      if ((paintedAt.get(id) || 0) <= seen) paintCell(section.section, table.table, cell);
    }
  }
}

// What each table's and cell's button shows now: one unchanged is not drawn again (a round
// moving on, or a full read, redraws only what changed).
const drawn = new WeakMap();

// A table's own cell (its number, pad, state and who plays), from the grid or a live event.
export function paintTable(section, table) {
  const row = document.getElementById(`t-${section.section}-${table.table}`);
  if (!row) return;
  const head = row.firstChild;
  const words = tableWords(table);
  // Who plays at the table in the section's round, by name once seated.
  const now = table.cells.find((c) => c.round === section.round);
  const who = now && now.state !== "sit_out" && now.ns != null && now.ew != null &&
    (namesAt(section.section, now.ns, "NS") || namesAt(section.section, now.ew, "EW")) ?
    pairsWithNames(section.section, now.ns, now.ew) : "";
  const shown = [table.state, table.takeover, table.unit, table.battery, table.last_contact, words, who].join("|");
  if (drawn.get(head) === shown) return;
  drawn.set(head, shown);
  head.dataset.state = table.state;
  head.dataset.takeover = table.takeover ? "yes" : "no";
  const open = head.firstChild;  // kept, so a focused button stays focused
  open.textContent = "";
  open.append(`${table.table}`, el("small", {}, table.unit ? `#${table.unit}` : ""),
    el("small", {}, words),
    el("small", { class: "heard", "data-seen": table.last_contact || "" }, table.last_contact ? ago(table.last_contact) : ""));
  if (table.takeover) open.append(el("small", { class: "takeover" }, "takeover waiting"));
  if (who) open.append(el("small", { class: "who" }, who));
  head.title = `Table ${table.table}: ${words}` + (table.battery != null ? `, battery ${table.battery}%` : "") +
    `, last heard ${ago(table.last_contact)}`;
  open.setAttribute("aria-label", `Table ${table.table}: ` + (table.unit ? `unit ${table.unit}, ` : "no pad, ") +
    words + (table.takeover ? ", takeover waiting" : ""));
}

function paintCell(section, table, cell) {
  const td = document.getElementById(cellId(section, table, cell.round));
  if (!td) return;
  const boards = boardRange(cell.board_numbers, ",");
  const pairs = cell.state !== "sit_out" && cell.ns != null ? `; ${pairsWithNames(section, cell.ns, cell.ew)}` : "";
  const label = `Table ${table}, round ${cell.round}: ${cellWords(cell)}` + (boards ? `, boards ${boards}` : "") + pairs;
  const shown = `${cell.state}|${cell.done}|${label}`;  // the label says the rest it shows
  if (drawn.get(td) === shown) return;
  drawn.set(td, shown);
  td.dataset.state = cell.state;
  td.dataset.done = cell.done;
  const open = td.firstChild;  // kept, so a focused button stays focused
  open.textContent = "";
  if (cell.state === "sit_out") open.textContent = "-";
  else open.append(`${cell.ns ?? ""}v${cell.ew ?? ""} ${cell.done}/${cell.boards}`, el("small", { class: "bds" }, boardTag(cell.board_numbers)));
  open.setAttribute("aria-label", label);
  td.title = `Table ${table}, round ${cell.round}: ${STATE_WORDS[cell.state] || "not started"}` +
    (cell.board_numbers?.length ? `, boards ${cell.board_numbers.join(", ")}` : "") + pairs;
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
