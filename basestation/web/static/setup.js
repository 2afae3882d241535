// Set-up: a new event from the browser. Each section's movement is previewed (table by round)
// with its balance check as it is typed; files are read by the station as they are chosen, so
// a bad one is refused at once; the event is opened in one request, which changes nothing if
// anything in it is refused.
import { api, el, say, checkLogin, setupLogin } from "./common.js";
import { renderSeats, whenSeated } from "./players.js";
import { boardRange } from "./boards.js";
import { _, n_, formatNumber, whenParsed } from "./i18n.js";

const setup = { kinds: [], pbn: null, players: new Map() };
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// The phantom pair's short name in a movement's cell.
const pairText = (n) => (n === null ? _("PH") : `${n}`);

// The event's format: pairs play a movement; teams and Swiss events play matches, and a
// section counts its teams (pairs in Swiss pairs) instead of its tables.
function eventFormat() {
  const form = document.getElementById("event-form");
  const format = form.elements.format.value;
  return { format, swiss: format.startsWith("swiss"), rounds: format.startsWith("swiss") ? Number(form.elements.rounds.value) : 0,
    who: format === "pairs" ? "tables" : format === "swiss-pairs" ? "pairs" : "teams" };
}

const COUNT_WORDS = { tables: () => _("Tables"), pairs: () => _("Pairs"), teams: () => _("Teams") };

function matchesTable(shown) {
  const pairs = eventFormat().who === "pairs";
  const versus = (a, b) => (pairs ? _("Pair {a} v Pair {b}", { a, b }) : _("Team {a} v Team {b}", { a, b }));
  const rows = shown.matches.map((m) => el("tr", { class: "match" },
    el("td", {}, m.tables.map((t, i) => (m.rounds[i] === 1 ? `${t}` : _("{table} (round {round})", { table: t, round: m.rounds[i] }))).join(" & ")),
    el("td", {}, versus(m.a, m.b))));
  if (shown.troika.length) {
    rows.push(el("tr", { class: "troika" }, el("td", {}, _("last three")), el("td", {}, _("Troika: teams {teams}", { teams: shown.troika.join(", ") }))));
  }
  return el("table", { class: "match-preview", "aria-label": _("Round 1 matches") },
    el("caption", {}, _("Round {round}", { round: 1 })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, _("Tables")), el("th", { scope: "col" }, _("Match")))),
    el("tbody", {}, ...rows));
}

// The words and inputs each section shows for the event's format.
function showFormat() {
  const plan = eventFormat();
  document.getElementById("rounds-choice").hidden = !plan.swiss;
  document.getElementById("scoring-choice").hidden = plan.format !== "pairs";
  for (const row of document.querySelectorAll(".section-setup")) {
    row.querySelector(".count-word").textContent = COUNT_WORDS[plan.who]();
    row.querySelector(".boards-word").textContent = plan.format === "pairs" ? _("Boards") : _("Boards a match");
    for (const part of row.querySelectorAll(".pairs-only")) part.hidden = plan.format !== "pairs";
    preview(row);
  }
}

function movementTable(movement) {
  const at = new Map(movement.assignments.map((a) => [`${a.round}/${a.table}`, a]));
  const rounds = Array.from({ length: movement.rounds }, (_, i) => i + 1);
  const rows = [];
  for (let table = 1; table <= movement.tables; table += 1) {
    rows.push(el("tr", {}, el("th", { scope: "row" }, _("Table {table}", { table })), ...rounds.map((round) => {
      const a = at.get(`${round}/${table}`);
      if (!a) return el("td", { class: "sit-out" }, "");
      return el("td", { "data-round": round, "data-table": table },
        _("{ns} v {ew}", { ns: pairText(a.ns), ew: pairText(a.ew) }), el("br"), el("small", {}, _("bd {boards}", { boards: boardRange(a.boards) })));
    })));
  }
  return el("table", { class: "movement-preview" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), ...rounds.map((r) => el("th", { scope: "col" }, _("Round {round}", { round: r }))))),
    el("tbody", {}, ...rows));
}

function sectionQuery(row) {
  const field = (name) => row.querySelector(`[name=${name}]`);
  const plan = eventFormat();
  return new URLSearchParams({
    letter: field("letter").value.trim().toUpperCase(), movement: field("movement").value,
    tables: field("tables").value, boards: field("boards").value, phantom: field("phantom").checked,
    format: plan.format, rounds: plan.rounds,
  });
}

function sectionBody(row) {
  const q = sectionQuery(row);
  return { letter: q.get("letter"), movement: q.get("movement"), tables: Number(q.get("tables")),
    boards: Number(q.get("boards")), phantom: q.get("phantom") === "true",
    player_numbers: row.querySelector("[name=player_numbers]").value,
    result_entry: row.querySelector("[name=result_entry]").value,
    round_rankings: row.querySelector("[name=round_rankings]").value === "after",
    rankings_hide_first: Number(row.querySelector("[name=rankings_hide_first]").value || 0),
    rankings_hide_last: Number(row.querySelector("[name=rankings_hide_last]").value || 0),
    pads: row.querySelector("[name=pads]").value };
}

// Each row keeps the number of its newest request, so a slow answer never paints over a newer one.
async function preview(row) {
  const asked = (Number(row.dataset.asked || 0) + 1);
  row.dataset.asked = asked;
  const balance = row.querySelector(".balance");
  const box = row.querySelector(".preview");
  const query = sectionQuery(row);
  row.querySelector("a.cards").href = `/api/setup/cards?${query}&title=${encodeURIComponent(eventName())}`;
  try {
    const shown = await api("GET", `/api/setup/movement?${query}`);
    if (Number(row.dataset.asked) !== asked) return;
    row.dataset.valid = "yes";
    row.dataset.balanced = shown.balanced ? "yes" : "no";
    balance.className = shown.balanced ? "balance good" : "balance bad";
    if (shown.matches.length) {
      const plan = eventFormat();
      const rounds = plan.swiss ? plan.rounds : shown.rounds;
      balance.textContent = n_("{n} round of {boards} boards a match.", "{n} rounds of {boards} boards a match.", rounds,
        { boards: formatNumber(shown.movement.assignments[0].boards.length) });
      box.replaceChildren(matchesTable(shown));
    } else {
      balance.textContent = balanceText(shown);
      box.replaceChildren(movementTable(shown.movement));
    }
  } catch (error) {
    if (Number(row.dataset.asked) !== asked) return;
    row.dataset.valid = "no";
    balance.className = "balance bad";
    balance.textContent = error.message;
    box.replaceChildren();
  }
}

// The balance check in the page's words: balanced or how many problems, the boards each pair
// plays and how often couples meet (the checker's figures, not its English report).
function balanceText(shown) {
  const rounds = n_("{n} round.", "{n} rounds.", shown.rounds);
  const lines = [];
  lines.push(shown.balanced ? _("Balanced: no pair plays a board twice; every shared board is shared by whole sets")
    : n_("Not balanced: {n} problem", "Not balanced: {n} problems", shown.problems));
  const byNumber = (figures) => Object.entries(figures).map(([k, v]) => [Number(k), v]).sort((a, b) => a[0] - b[0]);
  const played = byNumber(shown.boards_per_pair).map(([boards, pairs]) => n_("{n} pair plays {boards} boards", "{n} pairs play {boards} boards", pairs, { boards: formatNumber(boards) }));
  if (played.length) lines.push(_("Boards per pair: {list}", { list: played.join(", ") }));
  const met = byNumber(shown.meetings).map(([times, couples]) => n_("{n} couple meets {times} times", "{n} couples meet {times} times", couples, { times: formatNumber(times) }));
  if (met.length) lines.push(_("Meetings: {list}", { list: met.join(", ") }));
  return `${rounds} ${lines.join("\n")}`;
}

function eventName() {
  return document.querySelector("#event-form [name=name]").value.trim();
}

// The movements by the names directors know them by (the station's codes are the values).
const MOVEMENT_NAMES = { mitchell: () => _("Mitchell"), howell: () => _("Howell"),
  hesitation: () => _("Hesitation Mitchell"), "fat-mitchell": () => _("Fat Mitchell"),
  web: () => _("Web"), "bowman-ewing": () => _("Bowman-Ewing"), rover: () => _("Rover Mitchell"),
  "skip-mitchell": () => _("Skip Mitchell") };

// Word tables as functions: said in the page's language when a section is added.
const PLAYER_NUMBERS = () => [["never", _("Never")], ["first", _("At the first round")], ["every", _("Every round")]];
const RESULT_ENTRIES = () => [["result", "=, +1, -1"], ["tricks", _("tricks taken")]];
// Where the pads go (SPEC 14.10): each stays at its table, or moves with a pair (own phones).
const PAD_PLACES = () => [["tables", _("stay at their tables")], ["ns", _("move with the NS pairs")],
  ["ew", _("move with the EW pairs")]];

function addSection(spec) {
  const box = document.getElementById("sections");
  const used = new Set([...box.querySelectorAll("[name=letter]")].map((i) => i.value.toUpperCase()));
  const letter = spec.letter || [...LETTERS].find((l) => !used.has(l)) || "";
  const kinds = setup.kinds.map((k) => el("option", { value: k, selected: k === spec.movement ? "" : null },
    (MOVEMENT_NAMES[k] || (() => k))()));
  const row = el("div", { class: "section-setup", "data-valid": "no" },
    el("div", { class: "inline" },
      el("label", {}, _("Section"), " ", el("input", { name: "letter", value: letter, size: 2, maxlength: 1, required: "" })),
      el("label", { class: "pairs-only" }, _("Movement"), " ", el("select", { name: "movement" }, ...kinds)),
      el("label", {}, el("span", { class: "count-word" }, _("Tables")), " ", el("input", { name: "tables", type: "number", min: 1, max: 255, value: spec.tables })),
      el("label", {}, el("span", { class: "boards-word" }, _("Boards")), " ", el("input", { name: "boards", type: "number", min: 1, max: 127, value: spec.boards })),
      el("label", { class: "pairs-only" }, el("input", { name: "phantom", type: "checkbox" }), " ", _("Phantom pair")),
      // When the pads ask the players for their numbers (SPEC 14): at the first round unless said.
      el("label", {}, _("Ask player numbers"), " ", el("select", { name: "player_numbers" },
        ...PLAYER_NUMBERS().map(([value, text]) => el("option", { value, selected: value === (spec.player_numbers || "first") ? "" : null }, text)))),
      // How the pads take a board's result (SPEC 14.8): as players write it unless said.
      el("label", {}, _("Pads take the result as"), " ", el("select", { name: "result_entry" },
        ...RESULT_ENTRIES().map(([value, text]) => el("option", { value, selected: value === (spec.result_entry || "result") ? "" : null }, text)))),
      // Rankings on the pads (SPEC 14.9): only once published unless said; some rounds hidden.
      el("label", {}, _("Rankings on the pads"), " ", el("select", { name: "round_rankings" },
        el("option", { value: "published", selected: spec.round_rankings ? null : "" }, _("once published")),
        el("option", { value: "after", selected: spec.round_rankings ? "" : null }, _("after each round")))),
      el("label", {}, _("Hide after the first"), " ", el("input", { name: "rankings_hide_first", type: "number", min: 0, max: 255, value: spec.rankings_hide_first || 0 }), " ", _("rounds")),
      el("label", {}, _("and the last"), " ", el("input", { name: "rankings_hide_last", type: "number", min: 0, max: 255, value: spec.rankings_hide_last || 0 }), " ", _("rounds")),
      el("label", {}, _("The pads"), " ", el("select", { name: "pads" },
        ...PAD_PLACES().map(([value, text]) => el("option", { value, selected: value === (spec.pads || "tables") ? "" : null }, text)))),
      el("a", { class: "cards", target: "_blank", rel: "noopener" }, _("Guide cards")),
      el("button", { type: "button", class: "remove" }, _("Remove section {section}", { section: letter }))),
    el("p", { class: "balance" }, ""),
    el("div", { class: "preview scroll" }));
  let timer = null;
  row.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => preview(row), 200); });
  // The button names the section it removes, as its letter now reads.
  row.querySelector("[name=letter]").addEventListener("input", (event) => {
    row.querySelector(".remove").textContent = _("Remove section {section}", { section: event.target.value.trim().toUpperCase() });
  });
  row.querySelector(".remove").addEventListener("click", () => {
    if (box.children.length > 1) row.remove();
  });
  box.append(row);
  showFormat();
}

const FILE_BYTES = 2000000;  // the largest hand-record or player file the station reads

async function readFile(input) {
  const file = input.files[0];
  if (file && file.size > FILE_BYTES) {
    throw new Error(_("{file}: the file is too large: the station takes files of up to 2 MB", { file: file.name }));
  }
  return file ? { name: file.name, text: await file.text() } : null;
}

async function chooseHandRecords(input) {
  const state = document.getElementById("pbn-state");
  setup.pbn = null;
  let file = null;
  try {
    file = await readFile(input);
    if (!file) return;
    const seen = await api("POST", "/api/setup/hand-records", { pbn: file.text });
    setup.pbn = file.text;
    state.className = "note good";
    state.textContent = n_("{n} board read from {file} ({boards}).", "{n} boards read from {file} ({boards}).", seen.boards.length,
      { file: file.name, boards: boardRange(seen.boards) });
  } catch (error) {
    state.className = "note bad";
    state.textContent = file ? _("{file}: {problem}", { file: file.name, problem: error.message }) : error.message;
  }
}

async function chooseRoster(input) {
  const state = document.getElementById("roster-state");
  let file = null;
  try {
    file = await readFile(input);
    if (!file) return;
    const roster = await api("POST", "/api/setup/players", { csv: file.text });
    for (const p of roster) setup.players.set(p.number, { name: p.name, national: p.national || null, handicap: p.handicap ?? null });
    const numbered = roster.filter((p) => p.national).length;
    state.className = "note good";
    state.textContent = numbered
      ? n_("{n} player read from {file}, {numbered} with a national number.", "{n} players read from {file}, {numbered} with a national number.",
        roster.length, { file: file.name, numbered })
      : n_("{n} player read from {file}.", "{n} players read from {file}.", roster.length, { file: file.name });
  } catch (error) {
    state.className = "note bad";
    state.textContent = file ? _("{file}: {problem}", { file: file.name, problem: error.message }) : error.message;
  }
  showPlayers();
}

function addVisitor() {
  const number = Number(document.getElementById("visitor-number").value);
  const name = document.getElementById("visitor-name").value.trim();
  const state = document.getElementById("roster-state");
  state.className = "note bad";
  if (!Number.isInteger(number) || number < 1 || !name) {
    state.textContent = _("A visitor needs a number (1 or more) and a name.");
    return;
  }
  if (setup.players.has(number)) {
    state.textContent = _("Number {number} is {name} already.", { number, name: setup.players.get(number).name });
    return;
  }
  setup.players.set(number, { name, national: null });
  state.className = "note good";
  state.textContent = _("{name} added as number {number}.", { name, number });
  document.getElementById("visitor-number").value = "";
  document.getElementById("visitor-name").value = "";
  showPlayers();
}

function showPlayers() {
  const body = document.querySelector("#players tbody");
  const sorted = [...setup.players].sort((a, b) => a[0] - b[0]);
  body.replaceChildren(...sorted.map(([number, { name, national, handicap }]) => el("tr", { "data-number": number },
    el("td", {}, `${number}`), el("td", { class: "text" }, name), el("td", { class: "text" }, national || ""),
    el("td", {}, handicap === null || handicap === undefined ? "" : formatNumber(handicap, Number.isInteger(handicap) ? 0 : 1)),
    el("td", {}, el("button", { type: "button", onclick: () => { setup.players.delete(number); showPlayers(); } }, _("Remove {name}", { name }))))));
}

function eventBody(closeOpen) {
  const form = document.getElementById("event-form");
  return {
    name: eventName(), date: form.elements.date.value || null, regulations: form.elements.regulations.value,
    format: eventFormat().format, rounds: eventFormat().rounds,
    // A pairs event's boards matchpointed across every section; its pairs' places (both are shown).
    across_the_field: form.elements.across_the_field.checked, places: form.elements.places.value,
    sections: [...document.querySelectorAll(".section-setup")].map(sectionBody),
    hand_records: setup.pbn, close_open: closeOpen,
    players: [...setup.players].map(([number, { name, national, handicap }]) => ({ number, name, national, handicap: handicap ?? null })),
    handicap: form.elements.handicap.checked,
  };
}

async function openEvent(closeOpen) {
  const error = document.getElementById("setup-error");
  const button = document.getElementById("open-event");
  if (button.disabled) return;  // a double click must not open the event twice
  button.disabled = true;
  error.textContent = "";
  try {
    const opened = await api("POST", "/api/setup/event", eventBody(closeOpen));
    const sections = opened.sections.map((s) => _("{section}: {tables} tables, {boards} boards", { section: s.letter, tables: s.tables, boards: s.boards }));
    say(_("{event} ({date}) is open. Sections {sections}.", { event: opened.name, date: opened.date, sections: sections.join("; ") }));
    showOpenNow();
    await showSeating();
    // Two sentences, so that no message is cut around the link.
    document.getElementById("message").append(" ", el("a", { href: "/" }, _("Go to the grid.")), " ",
      _("Or seat the pairs below."));
  } catch (failure) {
    if (failure.status === 409) {
      document.getElementById("confirm-text").textContent = failure.message;
      const dialog = document.getElementById("confirm");
      dialog.returnValue = "";  // Escape leaves the last answer standing otherwise
      dialog.showModal();
      return;
    }
    error.textContent = failure.message;
  } finally {
    button.disabled = false;
  }
}

// The open event's pairs or teams, to seat once it is open (players.js).
async function showSeating() {
  const data = await api("GET", "/api/seats");
  const part = document.getElementById("seating");
  part.hidden = !data.sections.length;
  const teams = data.sections.some((s) => s.entrant === "team");
  document.getElementById("seating-title").textContent = teams ? _("Seat the teams") : _("Seat the pairs");
  renderSeats(document.getElementById("setup-seats"), data);
}

async function showOpenNow() {
  const status = await api("GET", "/api/status");
  const values = { event: status.event };
  const said = status.ended ? _("Open now: {event} (its session has ended). Opening a new event closes it.", values)
    : status.running ? _("Open now: {event} (in play). Opening a new event closes it.", values)
      : _("Open now: {event} (paused). Opening a new event closes it.", values);
  document.getElementById("open-now").textContent = status.event ? said : _("No event is open.");
}

// The club's language (issue 52): the station keeps it across restarts; station.toml's is the
// first. The languages are named in their own words.
async function showClubLanguage() {
  const club = await api("GET", "/api/setup/language");
  const select = document.getElementById("club-language");
  select.replaceChildren(...Object.entries(club.languages).map(([code, name]) =>
    el("option", { value: code, lang: code, selected: code === club.language ? "" : null }, name)));
  select.value = club.language;
  select.dataset.kept = club.language;
}

async function setClubLanguage(select) {
  const state = document.getElementById("club-language-state");
  try {
    const club = await api("PUT", "/api/setup/language", { language: select.value });
    select.dataset.kept = club.language;
    state.className = "note good";
    state.textContent = _("The club's language is now {language}.", { language: club.languages[club.language] || club.language });
  } catch (error) {
    select.value = select.dataset.kept || "";  // refused: the station's stays, and so does the choice shown
    state.className = "note bad";
    state.textContent = error.message;
  }
}

async function init() {
  showClubLanguage();
  showOpenNow();
  whenSeated(showSeating);
  showSeating();
  const choices = await api("GET", "/api/setup/choices");
  setup.kinds = choices.kinds;
  const regulations = document.querySelector("[name=regulations]");
  regulations.replaceChildren(...choices.regulations.map((r) => el("option", { value: r }, r.toUpperCase())));
  const form = document.getElementById("event-form");
  if (!form.elements.date.value) form.elements.date.value = new Date().toLocaleDateString("en-CA");
  if (!document.querySelector(".section-setup")) addSection({ movement: "mitchell", tables: 7, boards: 28 });
}

whenParsed(() => {
  setupLogin(() => init().catch((e) => say(e.message, true)));
  document.getElementById("add-section").addEventListener("click",
    () => addSection({ movement: "mitchell", tables: 7, boards: 28 }));
  document.getElementById("pbn-file").addEventListener("change", (e) => chooseHandRecords(e.target));
  document.getElementById("roster-file").addEventListener("change", (e) => chooseRoster(e.target));
  document.getElementById("add-visitor").addEventListener("click", addVisitor);
  document.getElementById("club-language").addEventListener("change", (e) => setClubLanguage(e.target));
  const form = document.getElementById("event-form");
  form.elements.format.addEventListener("change", showFormat);
  form.elements.rounds.addEventListener("input", showFormat);
  // A refusal speaks of the form as it was sent: it goes once the form is changed.
  form.addEventListener("input", () => { document.getElementById("setup-error").textContent = ""; });
  form.addEventListener("change", () => { document.getElementById("setup-error").textContent = ""; });
  document.getElementById("event-form").addEventListener("submit", (event) => {
    event.preventDefault();
    openEvent(false);
  });
  document.getElementById("confirm").addEventListener("close", (event) => {
    if (event.target.returnValue === "close") openEvent(true);
  });
  checkLogin().then((director) => { if (director) return init(); }).catch((e) => say(e.message, true));
});
