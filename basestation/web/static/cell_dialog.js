// The cell dialog on the grid: a table's round, board by board, with what the station holds,
// its history, and the director's forms (enter or correct, rule, move, not played, erase).
// A refresh brings the open dialog up to date without rebuilding it: what the director is
// typing or has chosen stays as it is.
import { api, el, say } from "./common.js";
import { FLAG_WORDS } from "./grid_words.js";
import { SEAT_NAMES, cardWords, notation, nsScore } from "./padcore.js";
import { pairsWithNames } from "./players.js";

let openCell = null;      // [section, table, round] of the open dialog

function place(section, table, round, board) {
  return `/api/sections/${section}/tables/${table}/rounds/${round}/boards/${board}`;
}

// An entry as the pad writes it: "4S+1 by South, lead \u2665K, NS +450", "passed out, NS 0".
function played(held) {
  if (held.contract === "PASS") return "passed out";
  const lead = held.lead ? `, lead ${cardWords(held.lead)}` : "";
  return `${notation(held.contract, held.tricks)} by ${SEAT_NAMES[held.declarer] ?? held.declarer ?? "?"}${lead}`;
}

function describe(held) {
  if (!held) return "no result";
  if (held.kind === "not_played") return "not played";
  let text = held.kind === "adjusted" ? `adjusted ${held.adjusted}` : played(held);
  if (held.kind === "result" && held.adjusted) text += ` (${held.adjusted})`;
  if (held.score_ns != null && held.kind === "result") text += `, ${nsScore(held.score_ns)}`;
  // The station's checks, as the grid's orange cell and the alerts say them.
  const checks = (held.flags || []).map((f) => FLAG_WORDS[f]).filter(Boolean);
  return checks.length ? `${text} (${checks.join(", ")})` : text;
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
  document.getElementById("cell-title").textContent = `Section ${section}, table ${table}, round ${round}`;
  document.getElementById("cell-pairs").textContent = data.sit_out ? "Sit-out" : pairsWithNames(section, data.ns, data.ew);
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
    correct.querySelector("button[type=submit]").textContent = `${b.held ? "Correct" : "Enter"} board ${b.board}`;
    panel.querySelector("button.erase").hidden = !b.held;
    panel.querySelector(".history summary").textContent = `History of board ${b.board} (${b.history.length})`;
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

const historyItems = (history) =>
  history.map((h) => el("li", {}, `${h.at.slice(11, 19)} ${h.source}: ${describe(h)} [${h.status}]`));

function boardPanel(section, table, round, b) {
  const held = b.held;
  const at = place(section, table, round, b.board);
  // `done`: what to say once stored, or a function of the station's answer.
  const run = (method, path, body, done) => async (event) => {
    if (event) event.preventDefault();
    // The button says it is waiting until the station has stored the change.
    const button = event && (event.submitter || event.currentTarget);
    const label = button ? button.textContent : "";
    if (button) { button.disabled = true; button.dataset.busy = "yes"; button.textContent = "waiting…"; }
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
        if (button.textContent === "waiting…") button.textContent = label;  // unless updated since
      }
    }
  };
  const correct = el("form", { class: "correct director-only", "data-board": b.board },
    el("input", { name: "contract", placeholder: "4SX", size: "5", "aria-label": "contract" }),
    el("select", { name: "declarer", "aria-label": "declarer" }, ...["", "N", "E", "S", "W"].map(
      (s) => el("option", { value: s }, s || "by"))),
    el("input", { name: "tricks", type: "number", min: "0", max: "13", placeholder: "tricks", "aria-label": "tricks" }),
    el("input", { name: "lead", placeholder: "lead", size: "3", "aria-label": "lead" }),
    el("button", { type: "submit" }, `${held ? "Correct" : "Enter"} board ${b.board}`));
  fillCorrect(correct, held);
  correct.addEventListener("submit", run("PUT", at, () => {
    const f = new FormData(correct);
    const tricks = f.get("tricks");
    return { contract: f.get("contract"), declarer: f.get("declarer") || null,
      tricks: tricks === "" ? null : Number(tricks), lead: f.get("lead") || null };
  }, (answer) => answer.done || `Board ${b.board}: result entered and sent to the pad`));

  const ruling = el("form", { class: "ruling director-only", "data-board": b.board },
    el("select", { name: "ruling", "aria-label": "ruling" },
      ...["AVE", "AVE+", "AVE-", "AVE+/AVE-", "AVE-/AVE+", "60/40", "40/60", "50/50", "NS%/EW%...", "weighted...", "split...", "arrowswitch", "fouled", "matchpoints..."].map(
        (r) => el("option", { value: r }, r))),
    el("input", { name: "detail", placeholder: "e.g. 70/30 or 420:60,-50:40", size: "14", "aria-label": "ruling detail" }),
    el("button", { type: "submit" }, `Rule on board ${b.board}`));
  ruling.addEventListener("submit", run("POST", `${at}/ruling`, () => rulingBody(new FormData(ruling)),
    `Board ${b.board}: ruling given`));

  const move = el("form", { class: "move director-only", "data-board": b.board },
    el("input", { name: "to_board", type: "number", min: "1", placeholder: "board", "aria-label": "move to board" }),
    el("input", { name: "ns", type: "number", min: "1", placeholder: "NS", "aria-label": "NS pair" }),
    el("input", { name: "ew", type: "number", min: "1", placeholder: "EW", "aria-label": "EW pair" }),
    el("button", { type: "submit" }, `Move board ${b.board}`));
  move.addEventListener("submit", run("POST", `${at}/move`, () => {
    const f = new FormData(move);
    const n = (k) => (f.get(k) ? Number(f.get(k)) : null);
    return { to_board: n("to_board"), ns: n("ns"), ew: n("ew") };
  }, `Board ${b.board}: moved`));

  const history = el("details", { class: "history" }, el("summary", {}, `History of board ${b.board} (${b.history.length})`),
    el("ul", {}, ...historyItems(b.history)));
  // One region per board, named by its heading: its repeated controls are told apart by it.
  const heading = `cell-board-${b.board}`;
  return el("section", { class: "board", "data-board": b.board, "data-source": held?.source ?? "", "aria-labelledby": heading },
    el("h3", { id: heading }, `Board ${b.board}`),
    el("p", {}, "Held: ", el("span", { class: "held" }, describe(held))),
    correct, ruling, move,
    el("p", { class: "director-only" },
      el("button", { type: "button", onclick: run("POST", `${at}/not-played`, null, `Board ${b.board}: not played`) },
        `Mark board ${b.board} not played`),
      " ",
      el("button", { type: "button", class: "erase", hidden: held ? null : true,
        onclick: (event) => confirm(`Erase the result on board ${b.board} at table ${table}?`) && run("DELETE", at, null, `Board ${b.board}: erased`)(event) },
        `Erase board ${b.board} at table ${table}`)),
    history);
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
