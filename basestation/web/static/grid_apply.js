// Live events applied to the grid page as the events themselves say, without reading the grid
// again: a result paints its cell and its table, a table or unit event its row and the unit's
// line, a round moving on redraws its section from the section the event carries. Events come
// in batches, one a frame (grid_stream.js): each changes the grid as read (`last.grid`) and
// notes what it touched, then each table row, round clock and panel touched is drawn once for
// the batch. What an event may have raised or cleared of the standing alerts is read alone
// (/api/alerts, at most one read at a time and one every ALERTS_GAP_MS). Events a page cannot
// apply ask for a full read (grid.js).
import { api, coalesced } from "./common.js";
import { noteAlert, renderAlerts, renderLinkBanner } from "./alerts.js";
import { renderClock } from "./clock.js";
import { updateOpenCell } from "./cell_dialog.js";
import { last } from "./grid_state.js";
import { matchesChanged } from "./matches.js";
import { paintResult, paintTable, paintedSoFar, renderOverview, renderSection } from "./grid_table.js";
import { fillTable } from "./table_dialog.js";
import { renderUnit, renderUnits } from "./units.js";

const ALERTS_GAP_MS = 2000;
// The station's own state changed under every table (a link lost or back, the hub or the
// database): a full read, as these are rare and touch the whole room.
const WHOLE_ROOM = new Set(["link_down", "link_back", "hub_restarted", "database_unavailable",
  "database_back"]);
// Cell states that stand in the alerts: a board missing, a result to check (a result's flags
// make its cell "flagged", and a stream opened before the director logged in carries none).
const ALERTING = new Set(["missing", "flagged"]);

// The alerts a result's own flags raise (the station's ATTENTION_FLAGS, as the grid names them).
const FLAG_KINDS = new Set(["lead_declarer_mismatch", "suspect_wrong_side", "wrong_pairs"]);

const sectionOf = (letter) => last.grid?.sections.find((s) => s.section === letter);

// Stamped when it arrives, so the clock moves on between events (clock.js).
export function stampClock(section) { if (section?.clock) section.clock.at = Date.now(); }

// What a batch touched, drawn once at its end.
const touched = { tables: new Map(), clocks: new Set(), units: new Map(), cells: false,
  alerts: false, alertsPanel: false, matches: false, unitsRead: false };

// The rows of the tables an event touched, as they stand after it.
function patchTables(rows) {
  for (const row of rows || []) {
    const section = sectionOf(row.section);
    const table = section?.tables.find((t) => t.table === row.table);
    if (!table) continue;
    Object.assign(table, row);
    touched.tables.set(`${row.section}/${row.table}`, [section, table]);
  }
}

function patchClock(letter, clock) {
  const section = sectionOf(letter);
  if (!section || !clock) return;
  section.clock = clock;
  stampClock(section);
  touched.clocks.add(section);
}

export const readAlerts = coalesced(async () => {
  const answer = await api("GET", "/api/alerts");
  if (last.grid) {
    last.grid.alerts = answer.alerts;
    renderOverview(last.grid);
  }
  renderLinkBanner(answer.alerts);
  renderAlerts(answer.alerts);
  await new Promise((done) => setTimeout(done, ALERTS_GAP_MS));
});

// The table dialog reads its pad's "last heard" from the units too: refilled with them.
const readUnits = coalesced(async () => {
  last.units = await api("GET", "/api/units");
  renderUnits(last.units);
  fillTable();
});

// A result's flags (the director's stream carries them) kept in the alerts as read, as the
// grid's next read would have them: "needs the director" says what to check at once, not
// once /api/alerts is read again.
function patchFlags(event) {
  if (!last.grid || (!Array.isArray(event.flags) && !event.erased)) return;
  const same = (a) => FLAG_KINDS.has(a.kind) && a.section === event.section && a.table === event.table &&
    a.round === event.round && a.board === event.board;
  const kept = (last.grid.alerts || []).filter((a) => !same(a));
  if (!event.erased) {
    for (const kind of event.flags.map((flag) => String(flag).toLowerCase())) {
      if (FLAG_KINDS.has(kind)) kept.push({ kind, section: event.section, table: event.table, round: event.round, board: event.board });
    }
  }
  last.grid.alerts = kept;
}

function applyResult(event) {
  const table = sectionOf(event.section)?.tables.find((t) => t.table === event.table);
  const at = table?.cells.findIndex((c) => c.round === event.round) ?? -1;
  const before = at >= 0 ? table.cells[at] : null;
  if (event.cell) {
    paintResult(event);
    if (at >= 0) table.cells[at] = event.cell;
  }
  patchTables(event.rows);
  patchClock(event.section, event.clock);
  patchFlags(event);
  // An alert raised or cleared: read them again.
  if (ALERTING.has(before?.state) || ALERTING.has(event.cell?.state) || event.erased) touched.alerts = true;
  touched.cells = true;
}

// A unit's line from any event that names the unit.
function applyUnitRow(event) {
  if (!event.unit_row) return;
  const at = last.units.findIndex((u) => u.unit === event.unit);
  if (at >= 0) last.units[at] = event.unit_row;
  else last.units = [...last.units, event.unit_row].sort((a, b) => a.unit - b.unit);
  touched.units.set(event.unit, event.unit_row);
}

function applyRound(event) {
  const sections = last.grid?.sections || [];
  const at = sections.findIndex((s) => s.section === event.section);
  if (at < 0 || !event.grid) return false;
  sections[at] = event.grid;
  stampClock(event.grid);
  // Drawn now, whole: what the batch noted of this section before is older than this.
  for (const [key, [section]] of touched.tables) if (section.section === event.section) touched.tables.delete(key);
  touched.clocks.forEach((section) => { if (section.section === event.section) touched.clocks.delete(section); });
  renderSection(event.grid, paintedSoFar());
  touched.alerts = true;  // boards missing, tables behind
  return true;
}

// Applies `event` to the grid as read, noting what it touched; false if the page must read
// the grid afresh for it.
function applyEvent(event) {
  switch (event.type) {
    case "scores": touched.matches = true; return true;  // the grid itself shows no scores
    case "result": applyResult(event); touched.matches = true; return true;
    case "table":
      patchTables(event.rows);
      patchClock(event.section, event.clock);
      // A pad logged in: its unit's line from the event; a table freed: whose it was is
      // not in the event, so the units are read again.
      if (event.unit_row) applyUnitRow(event); else if ("unit" in event) touched.unitsRead = true;
      return true;
    case "unit":
      applyUnitRow(event);
      patchTables(event.rows);
      if (event.state !== "heard") touched.alerts = true;  // locked, reset, let back...
      return true;
    case "round": if (!applyRound(event)) return false; touched.matches = true; return true;
    case "alert":
      noteAlert(event);
      if (WHOLE_ROOM.has(event.kind)) return false;
      applyUnitRow(event);
      patchTables(event.rows);
      touched.alertsPanel = true;
      touched.alerts = true;
      return true;
    default: return false;  // a movement, the session's state, who plays, a new event
  }
}

// What the batch touched, drawn once: each table's row, each round clock, each unit's line.
function drawTouched() {
  for (const [section, table] of touched.tables.values()) paintTable(section, table);
  for (const section of touched.clocks) {
    const box = document.querySelector(`#section-${section.section} .clock`);
    if (box) renderClock(box, section);
  }
  for (const row of touched.units.values()) renderUnit(row, last.units);
  if (touched.alertsPanel) renderAlerts(last.grid.alerts);
  if (touched.alerts) readAlerts();
  if (touched.unitsRead) readUnits();
  if (touched.matches) matchesChanged();
  if (touched.cells) updateOpenCell();
  touched.tables.clear();
  touched.clocks.clear();
  touched.units.clear();
  Object.assign(touched, { cells: false, alerts: false, alertsPanel: false, matches: false, unitsRead: false });
}

// Applies a batch of events in order, then draws what they touched; false if one of them
// needs the grid read afresh (the others are applied all the same).
export function applyEvents(events) {
  if (!last.grid) return false;
  let applied = true;
  for (const event of events) if (!applyEvent(event)) applied = false;
  drawTouched();
  fillTable();
  renderOverview(last.grid);
  return applied;
}
