// "Needs the director": only what wants the director's action, each entry saying where to
// walk (section and table) and opening what settles it. Read from what the page already
// holds (the grid's cells and rows, the standing alerts, the units), which the live stream
// keeps up to date: drawing it asks the station for nothing (grid_table.js draws it with
// the overview, at most once a frame).
import { el } from "./common.js";
import { alertText, offerOrigin } from "./alert_words.js";
import { decideMerge, showConflict, showUnit } from "./alerts.js";
import { showCell } from "./cell_dialog.js";
import { last } from "./grid_state.js";
import { _, n_ } from "./i18n.js";
import { showTable } from "./table_dialog.js";

// A pad's battery at or below this is flagged: a pad lasts a session on a charge, so a
// low one is swapped or charged before the next round rather than lost mid-board.
export const LOW_BATTERY = 20;

// Headings with their counts ("Results to check (2)").
const GROUPS = [
  ["missing", (n) => _("Boards missing at the round's end ({n})", { n })],
  ["check", (n) => _("Results to check ({n})", { n })],
  ["merge", (n) => _("Results to merge or compare ({n})", { n })],
  ["pads", (n) => _("Pads in trouble ({n})", { n })],
];
// Made once, in the page's language (this module runs once its catalog is loaded).
const FLAG_WORDS = {
  lead_declarer_mismatch: _("the lead does not fit the declarer"),
  suspect_wrong_side: _("the score may be given to the wrong side"),
  wrong_pairs: _("the pairs entered are not the ones seated there"),
};
// Alerts about a pad or its people that the director settles at the unit or the table.
const PAD_KINDS = new Set(["silent_table", "no_contact", "bad_mac", "flooding", "wrong_pin",
  "too_many_visitors", "number_sweep", "many_offers", "unit_locked"]);

// "round 2, 1 board of 3 missing": a congress room's end of round says it of many cells,
// each redraw, so each is made once (n_ makes the language's number and plural rules anew).
const missingSaid = new Map();
function missingWords(round, left, boards) {
  const key = `${round}/${left}/${boards}`;
  let words = missingSaid.get(key);
  if (words === undefined) {
    words = n_("round {round}, {n} board of {boards} missing", "round {round}, {n} boards of {boards} missing",
      left, { round, boards });
    missingSaid.set(key, words);
  }
  return words;
}

const where = (section, table) => _("Section {section}, table {table}", { section, table });

// Every entry: `key` (one a thing), `group`, `section`/`table` to sort by and jump to,
// `place` (where to walk), `words`, `open` (what settles it) and its button's `label`.
function entries(grid, units) {
  const found = new Map();
  const add = (entry) => { if (!found.has(entry.key)) found.set(entry.key, entry); };
  const alerts = grid.alerts || [];
  const byUnit = new Map(units.map((u) => [u.unit, u]));
  const flags = new Map();  // "A-3-2" -> the flagged boards' words
  for (const a of alerts) {
    if (!FLAG_WORDS[a.kind]) continue;
    const key = `${a.section}-${a.table}-${a.round}`;
    flags.set(key, [...(flags.get(key) || []), _("board {board}: {check}", { board: a.board, check: FLAG_WORDS[a.kind] })]);
  }
  for (const section of grid.sections) {
    for (const table of section.tables) {
      const past = Math.max(table.round || 0, section.round);
      for (const cell of table.cells) {
        const left = cell.boards - cell.done;
        const short = cell.state !== "sit_out" && left > 0 && cell.round < past;
        if (cell.state !== "flagged" && !short) continue;  // most cells: nothing to say
        const at = { section: section.section, table: table.table, round: cell.round,
          place: where(section.section, table.table), open: () => showCell(section.section, table.table, cell.round) };
        if (cell.state === "flagged") {
          const said = flags.get(`${section.section}-${table.table}-${cell.round}`);
          add({ ...at, key: `check-${section.section}-${table.table}-${cell.round}`, group: "check",
            words: said ? _("round {round}, {checks}", { round: cell.round, checks: said.join("; ") }) :
              _("round {round}, a result to check", { round: cell.round }),
            label: _("Open round {round} at table {table} to check it", { round: cell.round, table: `${section.section}${table.table}` }) });
        }
        // Not only a "missing" cell: one flagged or changed by the director may lack boards too.
        if (short) {
          add({ ...at, key: `missing-${section.section}-${table.table}-${cell.round}`, group: "missing",
            words: missingWords(cell.round, left, cell.boards),
            label: _("Open round {round} at table {table} to enter its missing boards", { round: cell.round, table: `${section.section}${table.table}` }) });
        }
      }
      padEntries(section.section, table, byUnit, add);
    }
  }
  for (const a of alerts) alertEntry(a, add);
  return [...found.values()];
}

// A table's own pad: out of contact, failing its check, its battery low.
function padEntries(letter, table, byUnit, add) {
  const at = { section: letter, table: table.table, place: where(letter, table.table),
    open: () => showTable(letter, table.table), label: _("Open table {table}", { table: `${letter}${table.table}` }) };
  const unit = { unit: table.unit };
  if (table.state === "no_contact") {
    add({ ...at, key: `pads-contact-${letter}-${table.table}`, group: "pads", words: table.unit ?
      _("its pad (unit {unit}) has not been heard for a while", unit) : _("its pad has not been heard for a while") });
  }
  if (table.state === "link_lost") {
    add({ ...at, key: `pads-link-${letter}-${table.table}`, group: "pads", words: table.unit ?
      _("its pad (unit {unit}) is out of contact: its link is down", unit) : _("its pad is out of contact: its link is down") });
  }
  if (table.state === "bad_mac") {
    add({ ...at, key: `pads-check-${letter}-${table.table}`, group: "pads", words: table.unit ?
      _("its pad (unit {unit}) keeps failing the security check", unit) : _("its pad keeps failing the security check") });
  }
  const row = table.unit ? byUnit.get(table.unit) : null;
  const battery = row?.battery ?? table.battery;
  if (table.unit && !row?.locked && battery != null && battery <= LOW_BATTERY) {
    add({ ...at, key: `pads-battery-${letter}-${table.table}`, group: "pads", words: _("unit {unit}'s battery is at {battery}%", { unit: table.unit, battery }) });
  }
}

function alertEntry(a, add) {
  const label = a.section && a.table ? `${a.section}${a.table}` : null;
  if (a.kind === "merge_offer" && a.id != null) {
    add({ key: `merge-${a.id}`, group: "merge", section: a.section, table: a.table, round: a.round,
      place: where(a.section, a.table), words: _("board {board} of round {round}, {origin}", { board: a.board, round: a.round, origin: offerOrigin(a) }),
      actions: [[_("Merge board {board} into table {table}", { board: a.board, table: label }), () => decideMerge(a.id, true)],
        [_("Drop the offer of board {board} at table {table}", { board: a.board, table: label }), () => decideMerge(a.id, false)]] });
  } else if (a.kind === "merge_conflict" && a.id != null) {
    add({ key: `merge-${a.id}`, group: "merge", section: a.section, table: a.table, round: a.round,
      place: where(a.section, a.table), words: conflictWords(a),
      open: () => showConflict(a), label: _("Compare the two results for board {board} at table {table}", { board: a.board, table: label }) });
  } else if (PAD_KINDS.has(a.kind) && !(a.kind === "flooding" && a.unit == null)) {
    // A locked unit holds no table: it says where it played tonight.
    const played = a.kind === "unit_locked" && a.tables?.length ? a.tables : null;
    const byTable = a.section && a.table && a.kind !== "many_offers";
    const contact = a.kind === "no_contact" || a.kind === "silent_table";
    // Said once a table: its row's state may have said it already (grid_table's colours).
    const same = contact ? "contact" : a.kind === "bad_mac" ? "check" : null;
    add({ key: same && byTable ? `pads-${same}-${a.section}-${a.table}` : `pads-${a.kind}-${a.unit ?? ""}-${a.section ?? ""}-${a.table ?? ""}`,
      group: "pads", section: a.section ?? played?.[0]?.[0], table: a.table ?? (played ? Number(played[0].slice(1)) : null),
      place: byTable ? where(a.section, a.table) : played ?
        _("Unit {unit} (played at table {tables})", { unit: a.unit, tables: played.join(", ") }) : _("Unit {unit}", { unit: a.unit }),
      words: padWords(a),
      open: byTable ? () => showTable(a.section, a.table) : () => showUnit(a.unit, true),
      label: byTable ? _("Open table {table}", { table: label }) : _("Find unit {unit} in the units panel", { unit: a.unit }) });
  }
}

// "board 3 of round 2: two results, 4♠= and 4♠-1" (an older alert may not say them).
function conflictWords(a) {
  const held = a.held ?? _("one held");
  const offered = a.offered ?? _("one offered");
  return _("board {board} of round {round}: two results, {held} and {offered}", { board: a.board, round: a.round, held, offered });
}

// A pad's trouble after its place ("Section A, table 3: ..."), so the place is not said twice.
function padWords(a) {
  switch (a.kind) {
    case "unit_locked": return _("locked out by the director: reset it to let it back in");
    case "silent_table": return n_("nothing sent for {n} round: is its pad working?", "nothing sent for {n} rounds: is its pad working?", a.rounds);
    case "no_contact": return a.minutes < 1 ? _("its pad (unit {unit}) not heard for less than a minute", { unit: a.unit }) :
      n_("its pad (unit {unit}) not heard for {n} minute", "its pad (unit {unit}) not heard for {n} minutes", Math.floor(a.minutes), { unit: a.unit });
    default: return alertText(a);
  }
}

// Section letters compared as plain strings (localeCompare costs a congress room's redraw
// most of its time); entries with no section last.
const bySection = (a, b) => {
  const x = a.section || "~", y = b.section || "~";
  return x < y ? -1 : x > y ? 1 : 0;
};
const order = (a, b) => bySection(a, b) || (a.table || 0) - (b.table || 0) || (a.round || 0) - (b.round || 0);

// Jump to the table's row in the grid, its table button focused.
function toRow(section, table) {
  const row = document.getElementById(`t-${section}-${table}`);
  if (!row) return;
  row.scrollIntoView({ block: "center" });
  row.querySelector("th button")?.focus({ preventScroll: true });
  row.classList.add("pointed");
  setTimeout(() => row.classList.remove("pointed"), 2000);
}

function entryItem(entry) {
  const item = el("li", { "data-key": entry.key }, el("strong", {}, entry.place), ": ");
  if (entry.open) {
    item.append(el("button", { type: "button", class: "need", "aria-label": _("{place}: {what}. {action}", { place: entry.place, what: entry.words, action: entry.label }),
      onclick: entry.open }, entry.words));
  } else item.append(entry.words);
  for (const [name, act] of entry.actions || []) {
    item.append(" ", el("button", { type: "button", class: "director-only", onclick: act }, name));
  }
  if (entry.section && entry.table) {
    const label = `${entry.section}${entry.table}`;
    const jump = el("a", { href: `#t-${entry.section}-${entry.table}`, class: "to-row", "aria-label": _("Table {table} in the grid", { table: label }) }, _("in the grid"));
    jump.addEventListener("click", (event) => { event.preventDefault(); toRow(entry.section, entry.table); });
    item.append(" ", jump);
  }
  return item;
}

let drawn = "";  // what the view shows: drawn again only when that changes
const groupsDrawn = new Map();  // group -> [what it shows, its box]: each redrawn alone

export function renderNeeds() {
  if (!last.grid) return;
  const found = entries(last.grid, last.units || []).sort(order);
  const said = (mine) => JSON.stringify(mine.map((e) => [e.key, e.place, e.words]));
  const shown = said(found);
  const link = document.getElementById("needs-link");
  const words = found.length ? _("Needs the director: {n}", { n: found.length }) : _("Needs the director: nothing");
  if (link.textContent !== words) link.textContent = words;
  if (link.dataset.needs !== (found.length ? "yes" : "no")) link.dataset.needs = found.length ? "yes" : "no";
  if (shown === drawn) return;
  drawn = shown;
  document.getElementById("needs-count").textContent = found.length ? `(${found.length})` : "";
  const box = document.getElementById("needs-list");
  // What the director had focused stays focused, if it is still there.
  const focused = box.contains(document.activeElement) ? document.activeElement.closest("li")?.dataset.key : null;
  const lists = GROUPS.map(([group, heading]) => {
    const mine = found.filter((e) => e.group === group);
    if (!mine.length) { groupsDrawn.delete(group); return null; }
    const text = said(mine);
    const before = groupsDrawn.get(group);
    if (before && before[0] === text) return before[1];
    const id = `needs-${group}`;
    const list = el("section", { class: "needs-group", "aria-labelledby": id },
      el("h3", { id }, heading(mine.length)), el("ul", {}, ...mine.map(entryItem)));
    groupsDrawn.set(group, [text, list]);
    return list;
  }).filter(Boolean);
  box.replaceChildren(...(lists.length ? lists : [el("p", { class: "quiet" }, _("Nothing needs you now."))]));
  if (focused && !box.contains(document.activeElement)) {
    box.querySelector(`li[data-key="${CSS.escape(focused)}"] button`)?.focus({ preventScroll: true });
  }
}
