// History: the audit log of an event, newest first, paged back on demand; live for the open one.
// Each entry is put into the page's words here, from its action and detail (the API's `text`
// is the English of basestation/api/audit_words.py, which this follows).
import { api, el, say, checkLogin, setupLogin, listen, coalesced, dayText } from "./common.js";
import { _, n_, contractText, formatNumber, formatPercent, refusal, sideLetters, tag, whenParsed } from "./i18n.js";

// Word tables are functions: the catalog is read when the page speaks, not when this loads.
const LABELS = {
  start: () => _("Session started"), stop: () => _("Session paused"), end: () => _("Session ended"),
  end_waits: () => _("Session ending: tables still playing"),
  publish: () => _("Results published"), unpublish: () => _("Results withdrawn"),
  enter: () => _("Result entered"), erase: () => _("Result erased"), ruling: () => _("Ruling"),
  move_result: () => _("Result moved"), close_round: () => _("Round closed"), penalty: () => _("Penalty"),
  remove_penalty: () => _("Penalty removed"), hand_records: () => _("Hand records loaded"),
  players: () => _("Player list changed"), pair: () => _("Unit paired"),
  command: () => _("Command sent to unit"), lock: () => _("Unit locked out"), reset: () => _("Unit reset"),
  paired: () => _("New unit heard"), login: () => _("Logged in to a table"), replace: () => _("Unit replaced"),
  authorise_takeover: () => _("Takeover authorised"), cancel_takeover: () => _("Takeover withdrawn"),
  wrong_pin: () => _("Wrong director's PIN"), visitor: () => _("Visitor added"),
  too_many_visitors: () => _("Pad's visitors refused: too many"),
  number_sweep: () => _("Pad tried many player numbers"),
  pairing_code: () => _("Pad took its key by its pairing link"),
  wrong_pairing_code: () => _("Wrong pairing code"),
  pairing_codes_limited: () => _("Pairing codes refused unchecked for a minute"),
  merge: () => _("Pad's entry held for the director"), movement: () => _("Movement changed"),
  open_event: () => _("Event opened"), close_event: () => _("Event closed"),
  import: () => _("Past event imported"), seat: () => _("Players seated"),
  reseat: () => _("The director's seating changed by a pad"), thresholds: () => _("Alerts changed"),
  round_minutes: () => _("Round clock set"), player_numbers: () => _("Player numbers asked"),
  result_entry: () => _("Result entry set"), pads: () => _("Pads' places set"),
  round_rankings: () => _("Rankings on the pads set"),
  pair_moved: () => _("Table taken by a pad following its pair"),
  other_screen: () => _("A second screen took the unit"),
  competition: () => _("Competition created"), "competition rules": () => _("Competition's rules changed"),
  "competition event": () => _("Event's competition changed"),
};
const PLACE = {
  section: (v) => _("section {section}", { section: v }), table: (v) => _("table {table}", { table: v }),
  round: (v) => _("round {round}", { round: v }), board: (v) => _("board {board}", { board: v }),
};
const SEATS = { N: () => _("North"), E: () => _("East"), S: () => _("South"), W: () => _("West") };
const COMMANDS = {
  reset: (unit) => _("unit {unit} told to start afresh", { unit }),
  stop: (unit) => _("unit {unit} told to stop taking entries", { unit }),
  start: (unit) => _("unit {unit} told to take entries again", { unit }),
  relogin: (unit) => _("unit {unit} told to log in again", { unit }),
  resend: (unit) => _("unit {unit} told to send again every result it holds", { unit }),
};
const ASKED = { never: () => _("never"), first: () => _("at the first round a table plays"), every: () => _("every round") };
const ENTRY = { result: () => _("against the contract (=, +1, -1)"), tricks: () => _("as the tricks declarer took") };
const PADS = { tables: () => _("each stays at its table"), ns: () => _("each moves with its North-South pair"),
  ew: () => _("each moves with its East-West pair") };
const RULINGS = { weighted: () => _("a weighted score"), split: () => _("a split score"),
  mp_override: () => _("matchpoints set by the director"), arrowswitch: () => _("arrow-switched"),
  fouled: () => _("a fouled board") };
const ALERTS = {
  silent_minutes: (n) => n_("a unit silent for {n} minute", "a unit silent for {n} minutes", n),
  bad_mac_run: (n) => n_("{n} message in a row from a unit that fails its check",
    "{n} messages in a row from a unit that fail their check", n),
  rounds_behind: (n) => n_("a table {n} round behind", "a table {n} rounds behind", n),
};
// The reasons the station itself gives (in English, in the detail's "why").
const REASONS = [
  [/^new event (.*)$/, (m) => _("new event {name}", { name: m[1] })],
  [/^spent, expired or replaced$/, () => _("spent, expired or replaced")],
  [/^never given$/, () => _("never given")],
  [/^(\d+) wrong codes in a minute$/, (m) => n_("{n} wrong code in a minute", "{n} wrong codes in a minute", Number(m[1]))],
];
// Other details' names, as words (the rest of a detail that has no words of its own).
const KEYS = {
  unit: (v) => _("unit {unit}", { unit: v }),
  tables: (v) => (Array.isArray(v) ? _("tables {tables}", { tables: v.join(", ") }) : n_("{n} table", "{n} tables", v)),
  boards: (v) => (Array.isArray(v) ? _("boards {boards}", { boards: boardRuns(v) }) : n_("{n} board", "{n} boards", v)),
  "wrong PINs": (v) => n_("{n} wrong PIN", "{n} wrong PINs", Number(v)),
  waits: (v) => _("waits {n} s", { n: formatNumber(parseFloat(v)) }),
  id: () => "",
  offer: () => "",
};

const number = (value) => (typeof value === "number" ? formatNumber(value, Number.isInteger(value) ? 0 : 2) : value);

function reason(why) {
  for (const [pattern, words] of REASONS) {
    const m = pattern.exec(String(why));
    if (m) return words(m);
  }
  return String(why);  // the director's own words
}

// The director's reason first, then the rest of the detail.
function plain(detail) {
  const said = detail.why ? [reason(detail.why)] : [];
  for (const [key, value] of Object.entries(detail)) {
    if (key in PLACE || key === "why" || value === null || value === "" || (Array.isArray(value) && !value.length)) continue;
    said.push(key in KEYS ? KEYS[key](value) : `${key.replace(/_/g, " ")} ${value}`);
  }
  return said;
}

// 1, 2, 3, 5 as "1-3, 5".
function boardRuns(numbers) {
  const runs = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    if (runs.length && n === runs[runs.length - 1][runs[runs.length - 1].length - 1] + 1) runs[runs.length - 1].push(n);
    else runs.push([n]);
  }
  return runs.map((r) => (r.length > 1 ? `${r[0]}-${r[r.length - 1]}` : `${r[0]}`)).join(", ");
}

// "4S" and 11 tricks: "4♠+1", in the page's bridge words.
function resultText(contract, tricks) {
  const m = /^([1-7])(NT|C|D|H|S)(XX|X)?$/.exec(contract || "");
  if (!m) return contractText(contract);
  const made = (tricks || 0) - 6 - Number(m[1]);
  return `${contractText(contract)}${made === 0 ? "=" : made > 0 ? `+${made}` : `${made}`}`;
}

function entered(d) {
  if (d.kind === "not_played") return [_("not played")];
  if (!d.contract || d.contract === "PASS" || d.declarer === null || d.declarer === undefined) {
    return [d.contract === "PASS" ? _("passed out") : d.contract ? contractText(d.contract) : _("no contract")];
  }
  const seat = SEATS[d.declarer] ? SEATS[d.declarer]() : d.declarer;
  return [_("{result} by {seat}", { result: resultText(d.contract, d.tricks), seat })];
}

function ruled(d) {
  const ruling = d.ruling || {};
  const said = ruling.adjusted ? [_("adjusted score {score}", { score: ruling.adjusted })] : [];
  for (const [name, words] of Object.entries(RULINGS)) if (ruling[name]) said.push(words());
  if (ruling.fault) said.push(_("at fault: {side}", { side: sideLetters(ruling.fault) }));
  return said;
}

function seated(d) {
  const players = (d.players || []).join(", ");
  return [d.side ? _("{side} pair {entrant}", { side: sideLetters(d.side), entrant: d.entrant }) :
    _("pair or team {entrant}", { entrant: d.entrant }), _("players {players}", { players })];
}

function penalised(d) {
  if (d.percent !== null && d.percent !== undefined) {
    return [_("{percent} to pair {pair}", { percent: formatPercent(d.percent, Number.isInteger(d.percent) ? 0 : 1), pair: d.pair })];
  }
  return [d.vps ? _("{vps} VPs to number {entrant}", { vps: number(d.vps), entrant: d.entrant }) :
    _("{imps} IMPs to number {entrant}", { imps: number(d.imps), entrant: d.entrant })];
}

function rankings(d) {
  if (!d.shown) return [_("only once the results are published")];
  return [_("after each round"),
    d.hide_first ? _("not after the first {n}", { n: d.hide_first }) : "",
    d.hide_last ? _("not after the last {n}", { n: d.hide_last }) : ""];
}

// The competition's rules as the station stored them (refusals' "ladder.rules"), in words.
function ladderRules(text) {
  const m = /^(pairs|individual), (\d+) sessions, (\d+) to qualify, (\d+) to count(, partners must change)?$/.exec(text || "");
  if (!m) return String(text || "");
  const values = { kind: m[1] === "pairs" ? _("pairs") : _("individual"), sessions: m[2], qualify: m[3], count: m[4] };
  return refusal(m[5] ? "ladder.rules_change" : "ladder.rules", values, text);
}

const DETAIL = {
  enter: entered, ruling: ruled, seat: seated, penalty: penalised, round_rankings: rankings,
  replace: (d) => [_("unit {old} by unit {new}", { old: d.old, new: d.new }),
    d.authorised ? _("authorised by the director's PIN") : ""],
  round_minutes: (d) => [_("{board} minutes a board and {round} a round, {all} minutes in all",
    { board: number(d.minutes_per_board || 0), round: number(d.minutes_per_round || 0), all: number(d.minutes || 0) })],
  thresholds: (d) => [_("raised for {alerts}", { alerts: new Intl.ListFormat(tag(), { type: "disjunction" })
    .format(Object.entries(ALERTS).filter(([name]) => name in d).map(([name, words]) => words(d[name]))) })],
  pair: (d) => [_("unit {unit}", { unit: d.unit })],
  command: (d) => [COMMANDS[d.command] ? COMMANDS[d.command](d.unit) : _("unit {unit}", { unit: d.unit })],
  merge: (d) => [d.accepted ? _("accepted") : _("declined")],
  move_result: (d) => [_("to board {board}", { board: d.to_board }), _("pairs {ns} and {ew}", { ns: d.ns, ew: d.ew })],
  remove_penalty: () => [],
  hand_records: (d) => [_("boards {boards}", { boards: boardRuns(d.boards || []) })],
  players: (d) => [n_("{n} player", "{n} players", d.count || 0)],
  open_event: (d) => [String(d.name || ""), n_("{n} deal", "{n} deals", d.deals || 0),
    n_("{n} player on the club's list", "{n} players on the club's list", d.players || 0)],
  import: (d) => [String(d.name || ""), dayText(d.day), n_("{n} result", "{n} results", d.results || 0),
    n_("{n} visitor", "{n} visitors", d.visitors || 0)],
  player_numbers: (d) => [ASKED[d.ask] ? ASKED[d.ask]() : String(d.ask)],
  result_entry: (d) => [ENTRY[d.entry] ? ENTRY[d.entry]() : String(d.entry)],
  pads: (d) => [PADS[d.pads] ? PADS[d.pads]() : String(d.pads)],
  pair_moved: (d) => [_("unit {unit}'s pair had moved on", { unit: d.left })],
  visitor: (d) => [_("{name}, number {number}", { name: d.name, number: d.number })],
  reseat: (d) => [d.side ? _("{side} pair {entrant}", { side: sideLetters(d.side), entrant: d.entrant }) :
    _("pair or team {entrant}", { entrant: d.entrant }), _("players {was} now {now}", { was: d.was || "-", now: d.now || "-" })],
  end_waits: (d) => [_("tables {tables}", { tables: (d.tables || []).join(", ") })],
  competition: (d) => [String(d.name || ""), ladderRules(d.rules)],
  "competition rules": (d) => [String(d.competition || ""), ladderRules(d.rules)],
  "competition event": (d) => [d.added ? _("added to {competition}", { competition: d.competition || "" }) :
    _("taken out of {competition}", { competition: d.competition || "" })],
};

// One line a director reads: what was done, where, and the rest of the detail.
function auditLine(action, detail) {
  const label = LABELS[action] ? LABELS[action]() : _("Other action ({action})", { action });
  const place = Object.entries(PLACE).filter(([key]) => detail[key] !== null && detail[key] !== undefined)
    .map(([key, words]) => words(detail[key]));
  const rest = (DETAIL[action] || plain)(detail).filter((w) => w);
  let line = label;
  if (place.length) line += `: ${place.join(", ")}`;
  if (rest.length) line += `${place.length ? "; " : ": "}${rest.join(", ")}`;
  return line;
}

// Who acted, as the log's Who column says it.
function whoText(actor) {
  if (actor === "director") return _("director");
  if (actor === "recovery") return _("director (a pad's entry accepted)");
  if (actor === "import") return _("imported");
  let m = /^unit (\d+)$/.exec(actor);
  if (m) return _("unit {unit}", { unit: m[1] });
  m = /^address (.+)$/.exec(actor);
  if (m) return _("address {address}", { address: m[1] });
  return actor;
}

let shown = [];   // entries on the page, newest first
let openEvent = null;

function chosenEvent() {
  const value = document.getElementById("event").value;
  return value ? Number(value) : null;
}

function visible(entry) {
  const who = document.getElementById("who").value;
  if (who === "director") return entry.actor === "director" || entry.actor === "recovery";
  if (who === "unit") return entry.actor.startsWith("unit");
  return true;
}

function render(more) {
  const body = document.querySelector("#audit tbody");
  body.textContent = "";
  for (const entry of shown.filter(visible)) {
    const at = new Date(entry.at);
    body.append(el("tr", { "data-action": entry.action },
      el("td", { title: _("{time} UTC", { time: at.toISOString().replace("T", " ").slice(0, 23) }) },
        at.toLocaleString(tag() === "en" ? undefined : tag())),
      el("td", {}, whoText(entry.actor)),
      el("td", { class: "text" }, auditLine(entry.action, entry.detail || {}))));
  }
  if (!body.children.length) {
    body.append(el("tr", { class: "empty" }, el("td", { colspan: "3" }, _("Nothing recorded yet."))));
  }
  document.getElementById("older").hidden = !more;
}

async function loadEvents() {
  const events = await api("GET", "/api/events");
  const select = document.getElementById("event");
  const keep = select.value;
  select.textContent = "";
  for (const event of events) {
    // The day it is played; an event set up without one, the day it was set up.
    const when = dayText(event.date) || new Date(event.created_at).toLocaleDateString(tag() === "en" ? undefined : tag());
    const values = { name: event.name, when, n: formatNumber(event.results) };
    select.append(el("option", { value: String(event.id) }, event.open ?
      n_("{name} ({when}, {n} result, open)", "{name} ({when}, {n} results, open)", event.results, values) :
      n_("{name} ({when}, {n} result)", "{name} ({when}, {n} results)", event.results, values)));
    if (event.open) openEvent = event.id;
  }
  select.value = keep || (openEvent === null ? "" : String(openEvent));
  const current = events.find((e) => String(e.id) === select.value);
  document.getElementById("event-name").textContent = current ? _("History: {event}", { event: current.name }) : _("History");
}

async function load(before) {
  const event = chosenEvent();
  const query = new URLSearchParams({ limit: "200" });
  if (event !== null) query.set("event", String(event));
  if (before) query.set("before", String(before));
  const page = await api("GET", `/api/audit?${query}`);
  shown = before ? shown.concat(page.entries) : page.entries;
  render(page.more);
}

const refresh = coalesced(async () => {
  if (document.body.dataset.director !== "yes") return;  // the log is the director's
  await loadEvents();
  await load();
});

whenParsed(() => {
  setupLogin(refresh);
  checkLogin().then((director) => { if (director) refresh(); });
  document.getElementById("event").addEventListener("change", () => load().catch((e) => say(e.message, true)));
  document.getElementById("who").addEventListener("change", () => render(!document.getElementById("older").hidden));
  document.getElementById("older").addEventListener("click", () => {
    const last = shown[shown.length - 1];
    if (last) load(last.id).catch((e) => say(e.message, true));
  });
  // Only the open event grows, and pads' own results add nothing to the log.
  listen((event) => {
    if (event.type === "scores" || event.type === "stream" || (event.type === "result" && event.source === "pad")) return;
    if (chosenEvent() === openEvent) refresh();
  }, refresh);
});
