// A live event applied to the grid page as the event itself says it, without reading the grid
// again: a result paints its cell and its table, a table or unit event its row and the unit's
// line, a round moving on redraws its section from the section the event carries. What an
// event may have raised or cleared of the standing alerts is read alone (/api/alerts, at most
// one read at a time and one every ALERTS_GAP_MS). Events a page cannot apply ask for a full
// read (grid.js).
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

const sectionOf = (letter) => last.grid?.sections.find((s) => s.section === letter);

// Stamped when it arrives, so the clock moves on between events (clock.js).
export function stampClock(section) { if (section?.clock) section.clock.at = Date.now(); }

// The rows of the tables an event touched, as they stand after it.
function patchTables(rows) {
  for (const row of rows || []) patchTable(row.section, row);
}

function patchTable(letter, row) {
  const section = sectionOf(letter);
  const table = section?.tables.find((t) => t.table === row.table);
  if (!table) return;
  Object.assign(table, row);
  paintTable(section, table);
}

function patchClock(letter, clock) {
  const section = sectionOf(letter);
  const box = document.querySelector(`#section-${letter} .clock`);
  if (!section || !clock || !box) return;
  section.clock = clock;
  stampClock(section);
  renderClock(box, section);
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

const readUnits = coalesced(async () => {
  last.units = await api("GET", "/api/units");
  renderUnits(last.units);
});

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
  // An alert raised or cleared: read them again.
  if (ALERTING.has(before?.state) || ALERTING.has(event.cell?.state) || event.erased) readAlerts();
  updateOpenCell();
}

// A unit's line from any event that names the unit.
function applyUnitRow(event) {
  if (event.unit_row) {
    const at = last.units.findIndex((u) => u.unit === event.unit);
    if (at >= 0) last.units[at] = event.unit_row;
    else last.units = [...last.units, event.unit_row].sort((a, b) => a.unit - b.unit);
    renderUnit(event.unit_row, last.units);
  }
}

function applyRound(event) {
  const sections = last.grid?.sections || [];
  const at = sections.findIndex((s) => s.section === event.section);
  if (at < 0 || !event.grid) return false;
  sections[at] = event.grid;
  stampClock(event.grid);
  renderSection(event.grid, paintedSoFar());
  readAlerts();  // boards missing, tables behind
  return true;
}

// Applies `event`; false if the page must read the grid afresh for it.
export function applyEvent(event) {
  if (!last.grid) return false;
  switch (event.type) {
    case "scores": matchesChanged(); return true;  // the grid itself shows no scores
    case "result": applyResult(event); matchesChanged(); break;
    case "table":
      patchTables(event.rows);
      patchClock(event.section, event.clock);
      // A pad logged in: its unit's line from the event; a table freed: whose it was is
      // not in the event, so the units are read again.
      if (event.unit_row) applyUnitRow(event); else if ("unit" in event) readUnits();
      break;
    case "unit":
      applyUnitRow(event);
      patchTables(event.rows);
      if (event.state !== "heard") readAlerts();  // locked, reset, let back...
      break;
    case "round": if (!applyRound(event)) return false; matchesChanged(); break;
    case "alert":
      noteAlert(event);
      if (WHOLE_ROOM.has(event.kind)) return false;
      applyUnitRow(event);
      patchTables(event.rows);
      renderAlerts(last.grid.alerts);
      readAlerts();
      break;
    default: return false;  // a movement, the session's state, who plays, a new event
  }
  fillTable();
  renderOverview(last.grid);
  return true;
}
