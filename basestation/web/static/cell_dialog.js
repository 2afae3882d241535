// The cell dialog on the grid: a table's round, board by board, with what the station holds,
// its history, and the director's forms (enter or correct, rule, move, not played, erase).
// A refresh brings the open dialog up to date without rebuilding it: what the director is
// typing or has chosen stays as it is.
import { api, el, say } from "./common.js";
import { entryWords as describe } from "./alert_words.js";
import { _, n_, seatLetter, sideLetters } from "./i18n.js";
import { pairsWithNames } from "./players.js";

let openCell = null;      // [section, table, round] of the open dialog

function place(section, table, round, board) {
  return `/api/sections/${section}/tables/${table}/rounds/${round}/boards/${board}`;
}

// The dialog's one message region: the station's last sentence replaces the one before.
function cellMessage(text, bad) {
  const box = document.getElementById("cell-message");
  box.textContent = text;
  box.className = bad ? "message bad" : "message";
}

export async function showCell(section, table, round) {
  openCell = [section, table, round];
  cellMessage("");
  await fillCell(section, table, round);
  const dialog = document.getElementById("cell");
  if (!dialog.open) dialog.showModal();
}

async function fillCell(section, table, round) {
  const data = await api("GET", `/api/sections/${section}/tables/${table}/rounds/${round}`);
  if (!sameCell(openCell, [section, table, round])) return;
  document.getElementById("cell-title").textContent = _("Section {section}, table {table}, round {round}", { section, table, round });
  document.getElementById("cell-pairs").textContent = data.sit_out ? _("Sit-out") : pairsWithNames(section, data.ns, data.ew);
  const boards = document.getElementById("cell-boards");
  boards.textContent = "";
  for (const b of data.boards) boards.append(boardPanel(section, table, round, b));
}

const sameCell = (a, b) => !!a && !!b && a.every((v, i) => v === b[i]);

// What the station holds now, written into the panels already open: the held result, who
// changed it, the history and the buttons that depend on it. Forms are not touched.
async function updateCell(section, table, round) {
  const data = await api("GET", `/api/sections/${section}/tables/${table}/rounds/${round}`);
  if (!sameCell(openCell, [section, table, round])) return;
  if (!data.sit_out) document.getElementById("cell-pairs").textContent = pairsWithNames(section, data.ns, data.ew);
  for (const b of data.boards) {
    const panel = document.querySelector(`#cell-boards .board[data-board='${b.board}']`);
    if (!panel) continue;
    panel.dataset.source = b.held?.source ?? "";
    panel.querySelector(".held").textContent = describe(b.held);
    const correct = panel.querySelector("form.correct");
    if (formValues(correct) === correct.dataset.filled) fillCorrect(correct, b.held);
    correct.querySelector("button[type=submit]").textContent = correctLabel(b);
    panel.querySelector("button.erase").hidden = !b.held;
    panel.querySelector(".history summary").textContent = historyLabel(b);
    panel.querySelector(".history ul").replaceChildren(...historyItems(b.history));
  }
}

// The Correct form holds what the station holds now (a ruling's result too, not the contract
// it replaced), unless the director has typed in it since it was last filled.
const CORRECT_FIELDS = ["contract", "declarer", "tricks", "lead"];
const formValues = (form) => JSON.stringify(CORRECT_FIELDS.map((name) => form.elements[name].value));

function fillCorrect(form, held) {
  const played = held && held.kind === "result" && held.contract ? held : {};
  for (const name of CORRECT_FIELDS) form.elements[name].value = played[name] ?? "";
  form.dataset.filled = formValues(form);
}

// Who changed a board and what it became; sources and statuses the station names.
const SOURCE_WORDS = { pad: () => _("pad"), director: () => _("director"), recovery: () => _("recovered"),
  import: () => _("imported") };
const STATUS_WORDS = { active: () => _("held"), superseded: () => _("replaced"), erased: () => _("erased"),
  declined: () => _("declined") };
const said = (table, code) => (table[code] ? table[code]() : code);
const historyItems = (history) =>
  history.map((h) => el("li", {}, _("{time} {source}: {result} [{status}]", { time: h.at.slice(11, 19),
    source: said(SOURCE_WORDS, h.source), result: describe(h), status: said(STATUS_WORDS, h.status) })));
const correctLabel = (b) => (b.held ? _("Correct board {board}", b) : _("Enter board {board}", b));
const historyLabel = (b) => n_("History of board {board} ({n})", "History of board {board} ({n})", b.history.length, { board: b.board });

function boardPanel(section, table, round, b) {
  const held = b.held;
  const at = place(section, table, round, b.board);
  // `done`: what to say once stored, or a function of the station's answer.
  const run = (method, path, body, done) => async (event) => {
    if (event) event.preventDefault();
    // The button says it is waiting until the station has stored the change.
    const button = event && (event.submitter || event.currentTarget);
    const label = button ? button.textContent : "";
    if (button) { button.disabled = true; button.dataset.busy = "yes"; button.textContent = _("waiting…"); }
    try {
      const answer = await api(method, path, body ? body() : undefined);
      const said = typeof done === "function" ? done(answer) : done;
      cellMessage(said);
      say(said);
      correct.dataset.filled = formValues(correct);  // the director's own change: refilled
      await updateCell(section, table, round);
    } catch (e) {
      cellMessage(e.message, true);
    } finally {
      if (button) {
        button.disabled = false;
        delete button.dataset.busy;
        if (button.textContent === _("waiting…")) button.textContent = label;  // unless updated since
      }
    }
  };
  const correct = el("form", { class: "correct director-only", "data-board": b.board },
    // The contract as typed: the station reads the letters (S H D C NT, X XX), as exports write.
    el("input", { name: "contract", placeholder: _("4SX"), size: "5", "aria-label": _("contract") }),
    el("select", { name: "declarer", "aria-label": _("declarer") }, ...["", "N", "E", "S", "W"].map(
      (s) => el("option", { value: s }, s ? seatLetter(s) : _("by")))),
    el("input", { name: "tricks", type: "number", min: "0", max: "13", placeholder: _("tricks"), "aria-label": _("tricks") }),
    el("input", { name: "lead", placeholder: _("lead"), size: "3", "aria-label": _("lead") }),
    el("button", { type: "submit" }, correctLabel(b)));
  fillCorrect(correct, held);
  correct.addEventListener("submit", run("PUT", at, () => {
    const f = new FormData(correct);
    const tricks = f.get("tricks");
    return { contract: f.get("contract"), declarer: f.get("declarer") || null,
      tricks: tricks === "" ? null : Number(tricks), lead: f.get("lead") || null };
  }, (answer) => answer.done || _("Board {board}: result entered and sent to the pad", b)));

  const ruling = el("form", { class: "ruling director-only", "data-board": b.board },
    el("select", { name: "ruling", "aria-label": _("ruling") },
      ...RULINGS.map((r) => el("option", { value: r }, rulingWords(r)))),
    el("input", { name: "detail", placeholder: _("e.g. 70/30 or 420:60,-50:40"), size: "14", "aria-label": _("ruling detail") }),
    el("button", { type: "submit" }, _("Rule on board {board}", b)));
  ruling.addEventListener("submit", run("POST", `${at}/ruling`, () => rulingBody(new FormData(ruling)),
    _("Board {board}: ruling given", b)));

  const move = el("form", { class: "move director-only", "data-board": b.board },
    el("input", { name: "to_board", type: "number", min: "1", placeholder: _("board"), "aria-label": _("move to board") }),
    el("input", { name: "ns", type: "number", min: "1", placeholder: sideLetters("NS"), "aria-label": _("{side} pair", { side: sideLetters("NS") }) }),
    el("input", { name: "ew", type: "number", min: "1", placeholder: sideLetters("EW"), "aria-label": _("{side} pair", { side: sideLetters("EW") }) }),
    el("button", { type: "submit" }, _("Move board {board}", b)));
  move.addEventListener("submit", run("POST", `${at}/move`, () => {
    const f = new FormData(move);
    const n = (k) => (f.get(k) ? Number(f.get(k)) : null);
    return { to_board: n("to_board"), ns: n("ns"), ew: n("ew") };
  }, _("Board {board}: moved", b)));

  const history = el("details", { class: "history" }, el("summary", {}, historyLabel(b)),
    el("ul", {}, ...historyItems(b.history)));
  // One region per board, named by its heading: its repeated controls are told apart by it.
  const heading = `cell-board-${b.board}`;
  return el("section", { class: "board", "data-board": b.board, "data-source": held?.source ?? "", "aria-labelledby": heading },
    el("h3", { id: heading }, _("Board {board}", b)),
    el("p", {}, _("Held:"), " ", el("span", { class: "held" }, describe(held))),
    correct, ruling, move,
    el("p", { class: "director-only" },
      el("button", { type: "button", onclick: run("POST", `${at}/not-played`, null, _("Board {board}: not played", b)) },
        _("Mark board {board} not played", b)),
      " ",
      el("button", { type: "button", class: "erase", hidden: held ? null : true,
        onclick: (event) => confirm(_("Erase the result on board {board} at table {table}?", { board: b.board, table })) &&
          run("DELETE", at, null, _("Board {board}: erased", b))(event) },
        _("Erase board {board} at table {table}", { board: b.board, table }))),
    history);
}

// The rulings offered: their values are the station's (AVE+, 60/40), their words the page's.
const RULINGS = ["AVE", "AVE+", "AVE-", "AVE+/AVE-", "AVE-/AVE+", "60/40", "40/60", "50/50", "NS%/EW%...",
  "weighted...", "split...", "arrowswitch", "fouled", "matchpoints..."];
function rulingWords(r) {
  switch (r) {
    case "AVE": return _("average");
    case "AVE+": return _("average plus");
    case "AVE-": return _("average minus");
    case "AVE+/AVE-": return _("average plus to NS, average minus to EW");
    case "AVE-/AVE+": return _("average minus to NS, average plus to EW");
    case "NS%/EW%...": return _("NS%/EW%…");
    case "weighted...": return _("weighted…");
    case "split...": return _("split…");
    case "arrowswitch": return _("arrow switch");
    case "fouled": return _("fouled board");
    case "matchpoints...": return _("matchpoints…");
    default: return r;  // 60/40: numbers
  }
}

function rulingBody(form) {
  const choice = form.get("ruling");
  const detail = (form.get("detail") || "").trim();
  if (choice === "NS%/EW%...") return { adjusted: detail };
  if (choice === "weighted...") {
    return { weighted: detail.split(",").map((part) => {
      const [score, weight] = part.split(":").map(Number);
      return { score_ns: score, weight };
    }) };
  }
  if (choice === "split...") {
    const [ns, ew] = detail.split(/[,/ ]+/).map(Number);
    return { split: { ns, ew } };
  }
  if (choice === "arrowswitch") return { arrowswitch: true };
  if (choice === "fouled") return { fouled: Number(detail || 1) };
  if (choice === "matchpoints...") return { mp_override: detail.split(/[,/ ]+/).map(Number) };
  return { adjusted: choice };
}

// The open dialog, if any, brought up to date with what the station holds now.
export async function updateOpenCell() {
  if (openCell) await updateCell(...openCell);
}

export function setupCellDialog() {
  document.getElementById("cell").addEventListener("close", () => { openCell = null; });
}
