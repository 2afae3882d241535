// "Needs the director": only what wants the director's action, each entry saying where to
// walk (section and table) and opening what settles it. Read from what the page already
// holds (the grid's cells and rows, the standing alerts, the units), which the live stream
// keeps up to date: drawing it asks the station for nothing (grid_table.js draws it with
// the overview, at most once a frame).
import { el } from "./common.js";
import { alertText, offerOrigin, plural } from "./alert_words.js";
import { decideMerge, showConflict, showUnit } from "./alerts.js";
import { showCell } from "./cell_dialog.js";
import { last } from "./grid_state.js";
import { showTable } from "./table_dialog.js";

// A pad's battery at or below this is flagged: a pad lasts a session on a charge, so a
// low one is swapped or charged before the next round rather than lost mid-board.
export const LOW_BATTERY = 20;

const GROUPS = [
  ["missing", "Boards missing at the round's end"],
  ["check", "Results to check"],
  ["merge", "Results to merge or compare"],
  ["pads", "Pads in trouble"],
];
const FLAG_WORDS = {
  lead_declarer_mismatch: "the lead does not fit the declarer",
  suspect_wrong_side: "the score may be given to the wrong side",
  wrong_pairs: "the pairs entered are not the ones seated there",
};
// Alerts about a pad or its people that the director settles at the unit or the table.
const PAD_KINDS = new Set(["silent_table", "no_contact", "bad_mac", "flooding", "wrong_pin",
  "too_many_visitors", "number_sweep", "many_offers", "unit_locked"]);

const where = (section, table) => `Section ${section}, table ${table}`;

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
    flags.set(key, [...(flags.get(key) || []), `board ${a.board}: ${FLAG_WORDS[a.kind]}`]);
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
            words: `round ${cell.round}, ${said ? said.join("; ") : "a result to check"}`,
            label: `Open round ${cell.round} at table ${section.section}${table.table} to check it` });
        }
        // Not only a "missing" cell: one flagged or changed by the director may lack boards too.
        if (short) {
          add({ ...at, key: `missing-${section.section}-${table.table}-${cell.round}`, group: "missing",
            words: `round ${cell.round}, ${plural(left, "board", "boards")} of ${cell.boards} missing`,
            label: `Open round ${cell.round} at table ${section.section}${table.table} to enter its missing boards` });
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
    open: () => showTable(letter, table.table), label: `Open table ${letter}${table.table}` };
  const pad = table.unit ? `its pad (unit ${table.unit})` : "its pad";
  if (table.state === "no_contact") add({ ...at, key: `pads-contact-${letter}-${table.table}`, group: "pads", words: `${pad} has not been heard for a while` });
  if (table.state === "link_lost") add({ ...at, key: `pads-link-${letter}-${table.table}`, group: "pads", words: `${pad} is out of contact: its link is down` });
  if (table.state === "bad_mac") add({ ...at, key: `pads-check-${letter}-${table.table}`, group: "pads", words: `${pad} keeps failing the security check` });
  const unit = table.unit ? byUnit.get(table.unit) : null;
  const battery = unit?.battery ?? table.battery;
  if (table.unit && !unit?.locked && battery != null && battery <= LOW_BATTERY) {
    add({ ...at, key: `pads-battery-${letter}-${table.table}`, group: "pads", words: `unit ${table.unit}'s battery is at ${battery}%` });
  }
}

function alertEntry(a, add) {
  const label = a.section && a.table ? `${a.section}${a.table}` : null;
  if (a.kind === "merge_offer" && a.id != null) {
    add({ key: `merge-${a.id}`, group: "merge", section: a.section, table: a.table, round: a.round,
      place: where(a.section, a.table), words: `board ${a.board} of round ${a.round}, ${offerOrigin(a)}`,
      actions: [[`Merge board ${a.board} into table ${label}`, () => decideMerge(a.id, true)],
        [`Drop the offer of board ${a.board} at table ${label}`, () => decideMerge(a.id, false)]] });
  } else if (a.kind === "merge_conflict" && a.id != null) {
    add({ key: `merge-${a.id}`, group: "merge", section: a.section, table: a.table, round: a.round,
      place: where(a.section, a.table), words: `board ${a.board} of round ${a.round}: two results, ${a.held ?? "one held"} and ${a.offered ?? "one offered"}`,
      open: () => showConflict(a), label: `Compare the two results for board ${a.board} at table ${label}` });
  } else if (PAD_KINDS.has(a.kind) && !(a.kind === "flooding" && a.unit == null)) {
    // A locked unit holds no table: it says where it played tonight.
    const played = a.kind === "unit_locked" && a.tables?.length ? a.tables : null;
    const byTable = a.section && a.table && a.kind !== "many_offers";
    const contact = a.kind === "no_contact" || a.kind === "silent_table";
    // Said once a table: its row's state may have said it already (grid_table's colours).
    const same = contact ? "contact" : a.kind === "bad_mac" ? "check" : null;
    add({ key: same && byTable ? `pads-${same}-${a.section}-${a.table}` : `pads-${a.kind}-${a.unit ?? ""}-${a.section ?? ""}-${a.table ?? ""}`,
      group: "pads", section: a.section ?? played?.[0]?.[0], table: a.table ?? (played ? Number(played[0].slice(1)) : null),
      place: byTable ? where(a.section, a.table) : `Unit ${a.unit}` + (played ? ` (played at table ${played.join(", ")})` : ""),
      words: padWords(a),
      open: byTable ? () => showTable(a.section, a.table) : () => showUnit(a.unit, true),
      label: byTable ? `Open table ${label}` : `Find unit ${a.unit} in the units panel` });
  }
}

// A pad's trouble after its place ("Section A, table 3: ..."), so the place is not said twice.
function padWords(a) {
  switch (a.kind) {
    case "unit_locked": return "locked out by the director: reset it to let it back in";
    case "silent_table": return `nothing sent for ${plural(a.rounds, "round", "rounds")}: is its pad working?`;
    case "no_contact": return `its pad (unit ${a.unit}) not heard for ` +
      (a.minutes < 1 ? "less than a minute" : plural(Math.floor(a.minutes), "minute", "minutes"));
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
    item.append(el("button", { type: "button", class: "need", "aria-label": `${entry.place}: ${entry.words}. ${entry.label}`,
      onclick: entry.open }, entry.words));
  } else item.append(entry.words);
  for (const [name, act] of entry.actions || []) {
    item.append(" ", el("button", { type: "button", class: "director-only", onclick: act }, name));
  }
  if (entry.section && entry.table) {
    const label = `${entry.section}${entry.table}`;
    const jump = el("a", { href: `#t-${entry.section}-${entry.table}`, class: "to-row", "aria-label": `Table ${label} in the grid` }, "in the grid");
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
  const words = `Needs the director: ${found.length || "nothing"}`;
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
      el("h3", { id }, `${heading} (${mine.length})`), el("ul", {}, ...mine.map(entryItem)));
    groupsDrawn.set(group, [text, list]);
    return list;
  }).filter(Boolean);
  box.replaceChildren(...(lists.length ? lists : [el("p", { class: "quiet" }, "Nothing needs you now.")]));
  if (focused && !box.contains(document.activeElement)) {
    box.querySelector(`li[data-key="${CSS.escape(focused)}"] button`)?.focus({ preventScroll: true });
  }
}
