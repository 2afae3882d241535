// The grid's words: a table's, a unit's and a cell's state as the director says them, board
// ranges and "last heard". No page state, no requests. The word tables are made once, in the
// page's language: this module imports i18n.js, so it runs once the catalog is loaded.
import { boardRange } from "./boards.js";
import { _ } from "./i18n.js";

export const STATE_WORDS = {
  not_logged_in: _("not logged in"), logged_in: _("logged in"), no_contact: _("no contact"),
  link_lost: _("out of contact"), locked: _("locked by the director"),
  replaced: _("replaced"), bad_mac: _("bad MAC"), sit_out: _("sit out"), not_started: "",
  current: _("current"), partial: _("playing"), complete: _("complete"), missing: _("missing"),
  flagged: _("check"), corrected: _("director"),
};
export const FLAG_WORDS = { LEAD_DECLARER_MISMATCH: _("lead to check"),
  SUSPECT_WRONG_SIDE: _("score to check"), WRONG_PAIRS: _("pairs to check") };
// A cell that has not started, in a cell's title.
export const NOT_STARTED = _("not started");

// "A3", or null when the unit holds no table (never "nullnull").
export const tableLabel = (section, table) => (section && table ? `${section}${table}` : null);

// A table's state in words: a replaced pad says which unit took its table.
export function tableWords(row) {
  if (row.state === "replaced" && row.replaced_by) return _("replaced by unit {unit}", { unit: row.replaced_by });
  return STATE_WORDS[row.state] ?? row.state;
}

// A unit's state in the Units panel: a lock says whose it was.
export function unitWords(u) {
  if (u.locked === "UNIT_LOCKED") return STATE_WORDS.locked;
  if (u.locked) return u.replaced_by ? _("replaced by unit {unit}", { unit: u.replaced_by }) : STATE_WORDS.replaced;
  return u.failing ? _("failing check") : u.section ? STATE_WORDS.partial : _("free");
}

// A cell's state as the director says it: "complete", "missing 1 of 2", "being played".
// Each said for every cell of a redraw: made once (`sentence`, below).
const CELL = {};
function cellSentences() {
  Object.assign(CELL, {
    missing: sentence(_("missing {left} of {boards}")),
    partial: sentence(_("being played, {done} of {boards} in")),
    flaggedRest: sentence(_("to check, {left} of {boards} still to come")),
    flagged: _("to check"),
    correctedRest: sentence(_("changed by the director, {left} of {boards} still to come")),
    corrected: _("changed by the director"),
    current: _("being played"),
  });
}
export function cellWords(cell) {
  if (!CELL.missing) cellSentences();
  const left = cell.boards - cell.done;
  const n = { left, boards: cell.boards, done: cell.done };
  const rest = left && cell.done;
  switch (cell.state) {
    case "sit_out": return STATE_WORDS.sit_out;
    case "complete": return STATE_WORDS.complete;
    case "missing": return CELL.missing(n);
    case "current": return CELL.current;
    case "partial": return CELL.partial(n);
    case "flagged": return rest ? CELL.flaggedRest(n) : CELL.flagged;
    case "corrected": return rest ? CELL.correctedRest(n) : CELL.corrected;
    default: return NOT_STARTED;
  }
}

// Boards 5, 6, 7 as "B5-7"; boards that do not follow on as "B5,9".
let BOARD_TAG = null;
export function boardTag(boards) {
  if (!boards || !boards.length) return "";
  BOARD_TAG ??= sentence(_("B{boards}"));
  return BOARD_TAG({ boards: boardRange(boards, ",") });
}

export function ago(iso) {
  if (!iso) return _("never");
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  // Whole numbers, written alike in every language: no Intl formatter made a table a redraw.
  if (seconds < 60) return _("{n}s ago", { n: seconds });
  return _("{n} min ago", { n: Math.round(seconds / 60) });
}

// A message made once into a function that fills its {placeholders}: the grid's per-cell
// words cost a few string joins, as the English template strings did, not a search each.
// `sentence(_("Table {table}"))({ table: 3 })`.
export function sentence(text) {
  const parts = text.split(/\{(\w+)\}/);
  const last = parts.length;
  return (values) => {
    let out = parts[0];
    for (let i = 1; i < last; i += 2) {
      const value = values[parts[i]];
      out += (value === undefined ? `{${parts[i]}}` : value) + parts[i + 1];
    }
    return out;
  };
}
