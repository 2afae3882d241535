// The table dialog on the grid: a table's pad, when it was last heard, and the way back for
// an orphaned table (its pad gone or silent): authorise a takeover, withdraw it, ask the pad
// to resend, lock it out. Every action asks first and shows it is pending until the station
// says it is done.
import { api, el, say } from "./common.js";
import { linkSentence } from "./alert_words.js";
import { _, formatPercent } from "./i18n.js";
import { last, refresh } from "./grid_state.js";
import { ago, tableLabel, tableWords } from "./grid_words.js";
import { pairsWithNames } from "./players.js";

let openTable = null;         // [section, table] of the open dialog
const resendAsked = new Map(); // "A3" -> {unit, at}: a resend waiting for the pad's answer

function tableRow(section, table) {
  const grid = last.grid && last.grid.sections.find((s) => s.section === section);
  return grid ? grid.tables.find((t) => t.table === table) : null;
}

export function showTable(section, table) {
  if (!tableLabel(section, table)) return;  // an alert about a unit with no table
  openTable = [section, table];
  document.getElementById("table-error").textContent = "";
  fillTable();
  const dialog = document.getElementById("table-dialog");
  if (!dialog.open) dialog.showModal();
}

// Kept up to date from each grid refresh; the buttons are rebuilt only when not pending.
export function fillTable() {
  if (!openTable) return;
  const [section, table] = openTable;
  const row = tableRow(section, table);
  if (!row) return;
  const where = tableLabel(section, table);
  document.getElementById("table-title").textContent = _("Table {table}", { table: where });
  // Last heard: the pad's, read as the Units panel reads it and in the same words.
  const pad = row.unit ? last.units.find((u) => u.unit === row.unit) : null;
  const seen = pad ? pad.last_seen : row.last_contact;
  const down = row.state === "link_lost" &&
    last.grid.alerts.find((a) => a.kind === "link_down" && a.link === row.link);
  const facts = document.getElementById("table-facts");
  // The last-heard time is a live span (grid.js keeps it ticking): the words before it end
  // with "last heard", the battery is a clause of its own after it.
  const values = { unit: row.unit, state: tableWords(row),
    battery: row.battery != null ? formatPercent(row.battery, 0) : "" };
  facts.replaceChildren(row.unit ? _("unit {unit}, {state}; last heard", values) : _("no pad, {state}; last heard", values),
    " ", el("span", { class: "seen", "data-seen": seen || "" }, ago(seen)),
    row.battery != null ? _("; battery {battery}", values) : "",
    down ? el("span", { class: "link-down" }, `. ${linkSentence(down)}`) : "");
  // Who plays there in the section's round, by name once seated.
  const grid = last.grid.sections.find((s) => s.section === section);
  const now = grid && row.cells.find((c) => c.round === grid.round);
  if (now && now.state !== "sit_out" && now.ns != null) {
    facts.append(el("br"), _("Round {round}: {pairs}", { round: now.round, pairs: pairsWithNames(section, now.ns, now.ew) }));
  }
  const pending = [];
  if (row.takeover) pending.push(_("Takeover authorised: waiting for a pad to log in to this table."));
  const asked = resendAsked.get(where);
  let answered = false;
  if (asked) {
    const units = last.units.find((u) => u.unit === asked.unit);
    const heard = units && units.last_seen && Date.parse(units.last_seen) > asked.at;
    pending.push(heard ? _("Resend asked at {asked}; the pad answered at {answered}.", { asked: clock(asked.at), answered: clock(Date.parse(units.last_seen)) })
      : _("Resend asked at {asked}: waiting for the pad to answer.", { asked: clock(asked.at) }));
    if (heard) resendAsked.delete(where);
    answered = !!heard;
  }
  const state = document.getElementById("table-pending");
  state.textContent = pending.join(" ");
  state.dataset.pending = row.takeover || (asked && !answered) ? "yes" : "no";
  const buttons = document.getElementById("table-actions");
  if (buttons.querySelector("[data-busy]")) return;
  // Only the buttons that apply: replaceChildren would write a null as the text "null".
  const locked = row.state === "replaced" || row.state === "locked";
  const v = { table: where, unit: row.unit };
  buttons.replaceChildren(...[
    row.takeover
      ? tableButton("withdraw-takeover", _("Withdraw the takeover of table {table}", v), _("Withdraw the takeover of table {table}? The next pad that asks is refused again.", v),
        "DELETE", `/api/sections/${section}/tables/${table}/takeover`, _("Table {table}: takeover withdrawn", v))
      : tableButton("takeover", _("Authorise a takeover of table {table}", v), row.unit
        ? _("Let the next pad that asks take over table {table} (a plain log in will do)? Unit {unit} is then locked out; results still on it come to you to decide.", v)
        : _("Let the next pad that asks take over table {table} (a plain log in will do)?", v),
        "POST", `/api/sections/${section}/tables/${table}/takeover`, _("Table {table}: the next pad that asks takes over", v)),
    row.unit && !locked ? tableButton("resend", _("Ask unit {unit} to resend", v), _("Ask unit {unit} at table {table} to send everything it holds again?", v),
      "POST", `/api/sections/${section}/tables/${table}/resend`, _("Table {table}: resend asked", v),
      (at) => resendAsked.set(where, { unit: row.unit, at })) : null,
    row.unit && !locked ? tableButton("lock", _("Lock unit {unit} out", v), _("Lock unit {unit} out? Table {table} is freed for another pad; the pad takes no more results, and results still on it come to you to decide.", v),
      "POST", `/api/units/${row.unit}/lock`, _("Unit {unit} locked out", v)) : null,
  ].filter(Boolean));
}

function tableButton(action, label, question, method, path, done, before) {
  const button = el("button", { type: "button", "data-action": action }, label);
  button.addEventListener("click", async () => {
    if (!confirm(question)) return;
    button.dataset.busy = "yes";
    button.disabled = true;
    button.textContent = _("{action}: waiting for the station…", { action: label });
    const started = Date.now();
    try {
      await api(method, path);
      if (before) before(started);
      document.getElementById("table-error").textContent = "";
      say(done);
    } catch (e) {
      document.getElementById("table-error").textContent = e.message;
    } finally {
      delete button.dataset.busy;
      await refresh();
      fillTable();
    }
  });
  return button;
}

const clock = (ms) => new Date(ms).toTimeString().slice(0, 8);

export function setupTableDialog() {
  document.getElementById("table-dialog").addEventListener("close", () => { openTable = null; });
}
