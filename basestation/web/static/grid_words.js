// The grid's words: a table's, a unit's and a cell's state as the director says them, board
// ranges and "last heard". No page state, no requests.
import { boardRange } from "./boards.js";

export const STATE_WORDS = {
  not_logged_in: "not logged in", logged_in: "logged in", no_contact: "no contact",
  link_lost: "out of contact", locked: "locked by the director",
  replaced: "replaced", bad_mac: "bad MAC", sit_out: "sit out", not_started: "",
  current: "current", partial: "playing", complete: "complete", missing: "missing",
  flagged: "check", corrected: "director",
};
export const FLAG_WORDS = { LEAD_DECLARER_MISMATCH: "lead to check", SUSPECT_WRONG_SIDE: "score to check",
  WRONG_PAIRS: "pairs to check" };

// "A3", or null when the unit holds no table (never "nullnull").
export const tableLabel = (section, table) => (section && table ? `${section}${table}` : null);

// A table's state in words: a replaced pad says which unit took its table.
export function tableWords(row) {
  if (row.state === "replaced" && row.replaced_by) return `replaced by unit ${row.replaced_by}`;
  return STATE_WORDS[row.state] ?? row.state;
}

// A unit's state in the Units panel: a lock says whose it was.
export function unitWords(u) {
  if (u.locked === "UNIT_LOCKED") return "locked by the director";
  if (u.locked) return u.replaced_by ? `replaced by unit ${u.replaced_by}` : "replaced";
  return u.failing ? "failing check" : u.section ? "playing" : "free";
}

// A cell's state as the director says it: "complete", "missing 1 of 2", "being played".
export function cellWords(cell) {
  const left = cell.boards - cell.done;
  const rest = left && cell.done ? `, ${left} of ${cell.boards} still to come` : "";
  switch (cell.state) {
    case "sit_out": return "sit out";
    case "complete": return "complete";
    case "missing": return `missing ${left} of ${cell.boards}`;
    case "current": return "being played";
    case "partial": return `being played, ${cell.done} of ${cell.boards} in`;
    case "flagged": return `to check${rest}`;
    case "corrected": return `changed by the director${rest}`;
    default: return "not started";
  }
}

// Boards 5, 6, 7 as "B5-7"; boards that do not follow on as "B5,9".
export const boardTag = (boards) => (boards && boards.length ? `B${boardRange(boards, ",")}` : "");

export function ago(iso) {
  if (!iso) return "never";
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  return `${Math.round(seconds / 60)} min ago`;
}
