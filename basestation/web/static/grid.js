// The live grid page: puts its panels together. A refresh reads the grid, the units and (for
// the director) who plays, then redraws every panel in place: when the live stream
// (re)connects without catching up, for an event that cannot carry its change, and after
// the director's actions. Other events are applied as they come (grid_apply.js). Each panel
// is its own module:
//   grid_table.js    the sections' tables of rounds   cell_dialog.js  a cell's boards and forms
//   table_dialog.js  a table's pad and the way back   units.js        the units panel
//   alerts.js        the alerts panel, link banner    clock.js        the round clock
//   grid_actions.js  rounds and the session switches  movement.js     the movement dialog
//   players.js       who plays, seating               matches.js      teams and Swiss matches
//   pairing.js       pairing a pad                    grid_stream.js  the live event stream
//   grid_apply.js    a live event applied to the page grid_needs.js  "needs the director"
import { api, checkLogin, setupLogin } from "./common.js";
import { fillThresholds, renderAlerts, renderLinkBanner, setupAlerts } from "./alerts.js";
import { setupCellDialog, updateOpenCell } from "./cell_dialog.js";
import { setupSessionSwitches } from "./grid_actions.js";
import { last, onRefresh, refresh } from "./grid_state.js";
import { readAlerts, stampClock } from "./grid_apply.js";
import { renderClock } from "./clock.js";
import { followStream, readDone, readEnded, readStarting, reopenStream } from "./grid_stream.js";
import { paintedSoFar, renderGrid } from "./grid_table.js";
import { ago } from "./grid_words.js";
import { readMatches } from "./matches.js";
import { setupMovement } from "./movement.js";
import { setupPairing } from "./pairing.js";
import { renderSeats, whenSeated } from "./players.js";
import { fillTable, setupTableDialog } from "./table_dialog.js";
import { renderUnits } from "./units.js";
import { whenParsed } from "./i18n.js";

let loginChecked = Promise.resolve(false);

// A full read: when the page (re)connects, or for what an event cannot carry (grid_apply.js).
onRefresh(async () => {
  readStarting();
  const seen = paintedSoFar();
  // Who plays is the director's to see: asked for once the login check says who is looking
  // (the grid and the units are asked for meanwhile).
  const seatsRead = loginChecked.then(() =>
    (document.body.dataset.director === "yes" ? api("GET", "/api/seats") : null));
  const [grid, units, seats] = await Promise.all([api("GET", "/api/grid"), api("GET", "/api/units"),
    seatsRead]).finally(readEnded);
  last.grid = grid;
  last.units = units;
  for (const section of grid.sections) stampClock(section);
  renderSeats(document.getElementById("seats"), seats);  // before the grid: its rows name the players
  renderGrid(grid, seen);
  renderLinkBanner(grid.alerts);
  renderAlerts(grid.alerts);
  fillThresholds(grid.thresholds);
  renderUnits(units);
  fillTable();
  readDone(grid);
  readMatches();
  // The open dialog is brought up to date, never rebuilt: what the director is typing or
  // has chosen stays as it is.
  await updateOpenCell();
});

// Time moves on without events: the round clocks, and the alerts it raises (a pad silent).
function tickClocks() {
  for (const section of last.grid?.sections || []) {
    const box = document.querySelector(`#section-${section.section} .clock`);
    if (box) renderClock(box, section);
  }
  readAlerts();
}

// Each written only when its words change: a congress room's hundreds of unchanged lines
// cost no style or layout.
function tickLastSeen() {
  const write = (cell, text) => { if (cell.textContent !== text) cell.textContent = text; };
  for (const cell of document.querySelectorAll("#units .seen, #table-facts .seen")) write(cell, ago(cell.dataset.seen));
  for (const cell of document.querySelectorAll("th.table .heard")) write(cell, cell.dataset.seen ? ago(cell.dataset.seen) : "");
}

// The other events run on this computer tonight ([[console]] in the station's configuration).
async function showConsoles() {
  const consoles = await api("GET", "/api/consoles");
  const nav = document.getElementById("consoles");
  nav.replaceChildren(...consoles.map(({ name, url }) => {
    const link = document.createElement("a");
    link.href = url.startsWith(":") ? `${location.protocol}//${location.hostname}${url}` : url;
    link.textContent = name;
    return link;
  }));
  nav.hidden = consoles.length === 0;
}

whenParsed(() => {
  const lookerChanged = () => { reopenStream(); refresh(); };
  setupLogin(lookerChanged, lookerChanged);
  showConsoles();
  setupAlerts();
  setupTableDialog();
  whenSeated(refresh);
  loginChecked = checkLogin().catch(() => false);
  refresh();  // the first read
  setupSessionSwitches();
  setupCellDialog();
  followStream();
  setInterval(tickLastSeen, 5000);
  setInterval(tickClocks, 30000);
  setupMovement();
  setupPairing();
});
