// The table pad page: pairing from the link's fragment, the MQTT-over-WebSockets link, and
// what the players see and touch. The protocol itself is in padcore.js and padwire.js.
import { PAIRING_LINK } from "./padlink.js";
import * as PadMqtt from "./padmqtt.js";
import * as PadCore from "./padcore.js";
import * as PadWire from "./padwire.js";
import * as PadWords from "./padwords.js";
import * as PadText from "./padtext.js";
import { _, bridge, contractText, formatNumber, language, n_, seatLetter, sideLetters, whenParsed } from "./i18n.js";

const CURRENT = "bridgepad:current";  // which pad this browser is, for a reload without the link
const $ = (id) => document.getElementById(id);
let pad = null;
let pending = null;  // the entry waiting for East-West's Accept
let rankingTimer = null;
let rankingEvent = null;  // the event whose rankings the page shows or fetches
let brokerRefused = false;  // the broker said no to this pad's login (CONNACK refused)

function node(tag, text, attrs) {
  const el = document.createElement(tag);
  if (text !== undefined && text !== null) el.textContent = String(text);
  for (const [name, value] of Object.entries(attrs || {})) el.setAttribute(name, value);
  return el;
}

// Pairing (SPEC 10.5): the link's one-time code (padlink.js took it out of the address bar)
// is exchanged, in one call, for the unit's key, kept in this browser's storage. Without a
// code, the pad this browser already is. A refused code is said in a sentence; a station out
// of reach is asked again (the code is only spent once the station answers with the key).
const PAIRING_RETRY = 3000;

async function pairing() {
  const saved = localStorage.getItem(CURRENT);
  const kept = saved ? JSON.parse(saved) : null;
  if (!PAIRING_LINK) return kept ? { paired: kept } : keptByStation();
  if (!PAIRING_LINK.code) return { paired: kept, refused: PadWords.OLD_LINK() };
  for (;;) {
    let answer;
    try {
      answer = await fetch("/api/pairing", { method: "POST", cache: "no-store",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(PAIRING_LINK.broker ? { code: PAIRING_LINK.code,
          broker: PAIRING_LINK.broker } : { code: PAIRING_LINK.code }) });
    } catch (e) {
      $("pairing").textContent = PadWords.PAIRING_UNREACHABLE();
      show("pairing", true);
      await new Promise((resolve) => setTimeout(resolve, PAIRING_RETRY));
      continue;
    }
    show("pairing", false);
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      return { paired: kept, refused: PadWords.pairingRefused(data.key, data.values) };
    }
    const paired = keyOf(data, PAIRING_LINK.broker);
    if (!paired) return { paired: kept, refused: PadWords.PAIRING_REFUSED() };
    localStorage.setItem(CURRENT, JSON.stringify(paired));
    return { paired };
  }
}

// The station's answer as the pad keeps it, or null when it is not a unit and a key.
function keyOf(data, broker) {
  const paired = { unit: data.unit, key: String(data.key).toLowerCase(), station: data.station,
    broker: broker || `${location.protocol === "https:" ? "wss" : "ws"}://${location.hostname}:9001` };
  if (!Number.isInteger(paired.unit) || paired.unit < 1 || paired.unit > 65535 ||
      !/^[0-9a-f]{32}$/.test(paired.key)) return null;
  return paired;
}

// No key in this browser's storage (Safari erases a site's after 7 days without a visit):
// the key the pairing left in a cookie, if the station still knows it as the unit's (SPEC
// 10.5). The pad is then what it was, with its memory (counters included) started afresh.
async function keptByStation() {
  let answer;
  try {
    answer = await fetch("/api/pairing/kept", { cache: "no-store" });
  } catch (e) {
    return { paired: null };
  }
  const data = await answer.json().catch(() => ({}));
  if (answer.status === 410) return { paired: null, refused: PadWords.pairingRefused(data.key, data.values) };
  const paired = answer.ok ? keyOf(data, data.broker) : null;
  if (!paired) return { paired: null };
  localStorage.setItem(CURRENT, JSON.stringify(paired));
  return { paired, restored: true };
}

// CONNACK codes of a refused login: MQTT 3.1.1 (4 bad user name or password, 5 not authorised)
// and MQTT 5 (134, 135).
const REFUSED = [4, 5, 134, 135];
const RETRY_FIRST = 1000, RETRY_MOST = 5000;
// MQTT keepalive in seconds: the client pings after this long without a packet and drops the
// link 1.5 times this long after the last one, so the badge says "offline" within 5 s of a
// network that went silent (no close ever comes from a pulled cable or a dead Wi-Fi).
const KEEPALIVE = 2;

function connect(paired) {
  const base = `bridge/${paired.station}/pad/${paired.unit}`;
  const login = PadWire.mqttLogin(paired.unit, paired.key);
  // The client tries again after a refused login too: the pad never stops trying,
  // since the director may pair it (or fix the broker) at any time.
  const client = PadMqtt.connect(paired.broker, {
    clientId: `webpad-${paired.unit}-${Math.random().toString(16).slice(2, 10)}`,
    username: login.username, password: login.password, clean: true, keepalive: KEEPALIVE,
    reconnectPeriod: RETRY_FIRST, connectTimeout: 5000, reconnectOnConnackError: true,
    will: { topic: `${base}/availability`, payload: "offline", qos: 1, retain: true },
  });
  pad = new PadCore.Pad({ station: paired.station, unit: paired.unit, key: paired.key,
    storage: localStorage, changed: render,
    transmit: (payload) => client.publish(`${base}/up`, payload, { qos: 1 }) });
  client.on("connect", () => {
    brokerRefused = false;
    client.options.reconnectPeriod = RETRY_FIRST;
    client.subscribe(`${base}/down`, { qos: 1 }, () => {
      client.publish(`${base}/availability`, "online", { qos: 1, retain: true });
      pad.connected();
    });
  });
  client.on("close", () => pad.disconnected());
  client.on("error", (error) => {
    if (!REFUSED.includes(error.code)) return;  // the link's own troubles: it reconnects
    brokerRefused = true;  // tried again, less often, up to every few seconds
    client.options.reconnectPeriod = Math.min(client.options.reconnectPeriod * 2, RETRY_MOST);
    render();
  });
  // Whatever stopped the client (a refusal, an error it did not retry), it starts again.
  setInterval(() => {
    if (pad.elsewhere) return;  // another screen holds the unit
    if (!client.connected && !client.reconnecting && !client.disconnecting) client.reconnect();
  }, RETRY_MOST);
  const stationTopic = `bridge/${paired.station}/status`;
  client.on("message", (topic, payload) => {
    if (topic === stationTopic) stationSaid(payload.toString());
    else pad.receive(payload.toString());
  });
  if (navigator.getBattery) {  // Chromium tells it; the station shows it in the units panel
    navigator.getBattery().then((battery) => {
      const read = () => { pad.battery = Math.round(battery.level * 100); };
      read();
      battery.addEventListener("levelchange", read);
    }).catch(() => {});
  }
  watchNetwork(client, stationTopic);
  watchOtherScreens(paired, client);
  window.padClient = client;  // for the director's console and the tests
  window.pad = pad;
  pad.powerOn();
  setInterval(() => pad.tick(), 250);
  setInterval(renderClock, 1000);
}

// -- the connection badge ---------------------------------------------------------------------

let browserOffline = false;  // the browser says it has no network (Wi-Fi off, flight mode)
let stationGone = false;  // the broker says the station is offline (its last will, SPEC 10.1)

// The station's retained status topic: "offline" when the station's own link is gone.
function stationSaid(text) {
  stationGone = text === "offline";
  render();
}

// The browser knows at once when its network goes: the badge says so without waiting for the
// keepalive, and the link is tried again as soon as the network is back. The station's
// status topic tells when the broker is there but the station is not.
function watchNetwork(client, stationTopic) {
  client.on("connect", () => client.subscribe(stationTopic, { qos: 1 }));
  window.addEventListener("offline", () => {
    browserOffline = true;
    pad.disconnected();
  });
  window.addEventListener("online", () => {
    browserOffline = false;
    if (pad.elsewhere) return;
    if (client.connected) pad.connected();
    else if (!client.reconnecting) client.reconnect();
    render();
  });
  if (navigator.onLine === false) browserOffline = true;
}

// -- one screen per unit (SPEC 15) --------------------------------------------------------------

// A tab of this browser opened on the same unit says so at once (the station tells a phone):
// the newest screen holds the unit; this one stops.
function watchOtherScreens(paired, client) {
  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel(`bridgepad:${paired.station}:${paired.unit}`);
    channel.onmessage = (event) => {
      if (event.data && event.data.opened && event.data.opened !== pad.screen) pad.leave();
    };
    channel.postMessage({ opened: pad.screen });
  }
  let stopped = false;
  const stop = () => {
    if (!pad.elsewhere || stopped) return;
    stopped = true;
    client.options.reconnectPeriod = 0;
    client.end(false);  // a clean DISCONNECT: no "offline" will for the other screen's unit
  };
  const changed = pad.changed;
  pad.changed = () => { stop(); changed(); };
}

// "This pad was opened on another screen": nothing else shows, nothing can be entered; the
// players may take the unit back here (a reload: the newest screen holds the unit).
function renderElsewhere() {
  show("other-screen", pad.elsewhere);
  if (!pad.elsewhere) return false;
  document.body.dataset.state = "elsewhere";
  document.body.dataset.link = "offline";
  $("link").textContent = _("offline");
  $("other-screen-text").textContent = PadWords.OTHER_SCREEN();
  for (const id of ["login-table", "players", "play", "moves", "waiting", "feedback", "round-ranking", "finished",
    "leave", "logout-confirm", "locked", "key-replaced", "stopped", "round-clock"]) show(id, false);
  return true;
}

function renderLink() {
  const online = pad.online && !browserOffline;
  const linkState = online ? (pad.contact && !stationGone ? "online" : "no-contact") :
    brokerRefused ? "refused" : "offline";
  document.body.dataset.link = linkState;
  $("link").textContent = { offline: () => _("offline"), online: () => _("connected"),
    "no-contact": () => _("no contact"), refused: () => _("refused") }[linkState]();
  show("broker-refused", linkState === "refused");
  $("broker-refused").textContent = linkState === "refused" ? PadWords.brokerRefused(pad.unit) : "";
}

// -- the round clock and the move (SPEC 14.6, 14.7) -------------------------------------------

// "Round 3: 12:40 left", counted down from what the station last said.
function renderClock() {
  // Gone once the table has played its last round (the session is over for it).
  const finished = pad && Object.keys(pad.mem.rounds).length > 0 && !pad.playRound();
  const clock = pad && !pad.elsewhere && pad.mem.table !== null && !pad.mem.locked &&
    !finished ? pad.mem.clock : null;
  show("round-clock", Boolean(clock));
  if (!clock) { $("round-clock").textContent = ""; return; }
  // The clock times the section's round; a table still playing an earlier one (it logged in
  // late) is told that, not another round's time above its own round (SPEC 14.6).
  const shown = pad.leaving() || pad.playRound();
  $("round-clock").textContent = shown && shown.round < clock.round ?
    PadWords.sectionAhead(shown.round, clock.round) :
    PadWords.clock(clock.round, Math.round((clock.endsAt - Date.now()) / 1000));
}

// At the end of a round: where the pairs and the boards go, as the station said.
function renderMoves() {
  const done = pad.mem.table !== null && !pad.mem.locked ? pad.finishedRound() : null;
  const list = $("moves-list");
  list.textContent = "";
  show("moves", Boolean(done));
  if (!done) return;
  $("moves-title").textContent = _("Round {round} is over: where to go", { round: done.round });
  const going = pad.pairMove();
  if (going) {
    list.append(node("li", PadWords.pairGoes(going.side, going.pair, pad.mem.table, going.move, sideLetters),
      { class: "pair-goes" }));
  }
  if (going && pad.mem.followWait !== null) list.append(node("li", PadWords.tableBusy(pad.mem.followWait)));
  for (const line of PadWords.moves(pad.mem.table, done.seating, done.boards, sideLetters)) {
    list.append(node("li", line));
  }
}

// -- what the players see -------------------------------------------------------------------

function show(id, visible) { $(id).hidden = !visible; }

function render() {
  if (renderElsewhere()) return;
  const mem = pad.mem;
  renderLink();
  // What the players keyed and the station has not taken (not the pad's own hello or login).
  const unsent = pad.unsent();
  $("queue").textContent = unsent ? n_("{n} waiting", "{n} waiting", unsent) : _("all sent");
  $("where").textContent = mem.table ? _("Unit {unit}, table {table}", { unit: mem.unit,
    table: `${mem.section}${mem.table}` }) : _("Unit {unit}", { unit: mem.unit });
  show("locked", Boolean(mem.locked));
  show("key-replaced", mem.keyReplaced);
  $("key-replaced").textContent = mem.keyReplaced ? PadWords.KEY_REPLACED() : "";
  renderLocked(mem);
  // An entry of another event (or one before a log out) is never accepted into this one.
  if (pending && (pending.event !== mem.event || mem.table === null)) closeConfirm();
  // While its pair waits to move on, the round it just played (to correct), not the next
  // round of the table it is leaving.
  const leaving = pad.leaving();
  const round = leaving || pad.playRound();
  const hasTable = mem.table !== null && Object.keys(mem.rounds).length > 0;
  document.body.dataset.state = mem.locked ? "locked" : !hasTable ? "login" : round ? "play" : "finished";
  const asking = hasTable && Boolean(round) && !mem.locked && !leaving &&
    pad.needsPlayers(round.round);
  // Locked, a login would be refused: the lock's message says what to do instead.
  show("login-table", !hasTable && !mem.locked);
  show("players", asking);
  show("play", hasTable && Boolean(round) && !mem.locked && !asking);
  if (asking) renderPlayers(round.round);
  show("stopped", !mem.running || mem.paused);
  if (round) renderRound(round);
  renderClock();
  renderMoves();
  renderWaiting();
  renderFeedback();
  // The final screen shows one ranking, the published one (below), not a round's.
  renderRoundRanking(hasTable && Boolean(round));
  renderNotices();
  renderLeave();
  const finished = hasTable && !round;
  show("finished", finished);
  if (rankingEvent !== mem.event || !finished) forgetRanking();
  rankingEvent = mem.event;
  if (finished && !rankingTimer) { fetchRanking(); rankingTimer = setInterval(fetchRanking, 5000); }
  if (mem.ranking) renderRanking(mem.ranking.map(([rank, pair, dir, , pct]) => [rank, pair, dir, pct / 100]));
}

// A locked pad's one message (SPEC 6.5): why, then each result still on it and where it
// went; no entry form.
function renderLocked(mem) {
  const lock = mem.locked ? PadWords.lock(mem.locked) : null;
  const box = $("locked");
  box.textContent = "";
  box.dataset.reason = mem.locked ? (mem.locked === "UNIT_REPLACED" ? "replaced" : "locked") : "";
  if (!lock) return;
  box.append(node("p", _("{word}. {sentence}.", lock)));
  box.append(node("p", PadWords.lockedNext(mem.unit)));
  const lines = Object.values(mem.entries).filter((e) => e.handed)
    .map((e) => PadWords.handed(e.body.board, "director"))
    .concat(mem.queue.filter((m) => ["result", "not_played", "correction"].includes(m.type))
      .map((m) => _("Board {board}: being sent to the director", { board: m.body.board })));
  if (!lines.length) return;
  const list = node("ul", null, { "aria-label": _("Results still on this pad") });
  for (const line of lines) list.append(node("li", line));
  box.append(list);
}

// Another event (or no longer finished): nothing of the rankings shown stays on the page.
function forgetRanking() {
  if (rankingTimer !== null && rankingTimer !== true) clearInterval(rankingTimer);
  rankingTimer = null;
  if (rankingEvent !== pad.mem.event) renderRanking([]);
}

// "Log out of table A3": offered whenever the pad holds a table.
function renderLeave() {
  const mem = pad.mem;
  show("leave", mem.table !== null && $("logout-confirm").hidden);
  if (mem.table !== null) {
    $("logout").textContent = _("Log out of table {table}", { table: `${mem.section}${mem.table}` });
  }
  else show("logout-confirm", false);
}

function askLogOut() {
  const mem = pad.mem;
  const unsent = pad.unsent();
  const table = `${mem.section}${mem.table}`;
  $("logout-text").textContent = unsent ?
    n_("Log out of table {table}? {n} result not yet sent to the station will be dropped from this pad. Stay to keep it, until the pad says \"all sent\".", "Log out of table {table}? {n} results not yet sent to the station will be dropped from this pad. Stay to keep them, until the pad says \"all sent\".", unsent, { table }) :
    _("Log out of table {table}? Every result entered here is with the station: nothing is lost.", { table });
  show("leave", false);
  show("logout-confirm", true);
  $("logout-yes").focus();
}

// -- who plays (SPEC 14) ----------------------------------------------------------------------

// Each seat and its name in the pad's language (a function: the language may change).
const SEATS = [["north", () => _("North")], ["east", () => _("East")], ["south", () => _("South")],
  ["west", () => _("West")]];

// Four number fields, each with a visitor box and, for a visitor, a name.
function seatFields() {
  const box = $("seats");
  for (const [seat] of SEATS) {
    const name = node("div", null, { class: "visitor-name", hidden: "" });
    name.append(node("label", null, { for: `${seat}-name` }),
      node("input", null, { id: `${seat}-name`, maxlength: "24", autocomplete: "off" }));
    const visitor = node("label", null, { class: "check" });
    visitor.append(node("input", null, { id: `${seat}-visitor`, type: "checkbox" }), " ",
      node("span", null, { id: `${seat}-visitor-text` }));
    const row = node("div", null, { class: "seat", "data-seat": seat });
    row.append(node("label", null, { for: seat }),
      node("input", null, { id: seat, inputmode: "numeric", autocomplete: "off" }), visitor, name);
    box.append(row);
    $(`${seat}-visitor`).addEventListener("change", (event) => {
      name.hidden = !event.target.checked;
      $(seat).disabled = event.target.checked;
    });
  }
  seatWords();
}

function seatWords() {
  for (const [seat, word] of SEATS) {
    document.querySelector(`label[for=${seat}-name]`).textContent = _("{seat}'s visitor name", { seat: word() });
    $(`${seat}-visitor-text`).textContent = _("{seat} is a visitor", { seat: word() });
    document.querySelector(`label[for=${seat}]`).textContent = word();
    $(seat).placeholder = _("player number");
  }
}

// A seat's player in words: "Ann Smith (10234)", "a visitor", "55555, not on the club's list"
// (when the station flagged it: SPEC 14.3), else "player 55555".
function playerText(player, flagged) {
  if (!player || player.number == null) return null;
  if (player.number === 0) return player.name ? _("{name} (visitor)", { name: player.name }) : _("a visitor");
  if (player.name) return `${player.name} (${player.number})`;
  return flagged ? _("{number}, not on the club's list", { number: player.number }) :
    _("player {number}", { number: player.number });
}

function renderPlayers(round) {
  const lineup = pad.lineup(round);
  const state = lineup ? lineup.state : "typing";
  show("players-form", state === "typing");
  show("players-wait", state === "waiting");
  show("players-check", state === "check");
  show("players-later", state !== "check");  // the players may always give names later
  $("players-title").textContent = _("Round {round}: who is playing?", { round });
  const info = pad.mem.rounds[round];
  $("players-pairs").textContent = info ? PadWords.pairsExpected(info.ns, info.ew) : "";
  const seating = pad.mem.seatings[round];
  const form = $("players-form");
  // Filled afresh for each event, table and round: never another night's numbers.
  const filled = `${pad.mem.event}/${pad.mem.section}${pad.mem.table}/${round}`;
  if (state === "typing" && form.dataset.filled !== filled) {
    form.dataset.filled = filled;  // the numbers the station knows, to confirm or change
    form.dataset.round = String(round);
    for (const [seat] of SEATS) {
      const known = seating && seating[seat] && seating[seat].number;
      $(seat).value = known ? String(known) : "";
      $(seat).disabled = false;
      $(`${seat}-visitor`).checked = false;
      $(`${seat}-name`).value = "";
      $(`${seat}-name`).parentElement.hidden = true;
    }
    $("players-error").textContent = "";
  }
  if (state !== "check" || !seating) return;
  const names = $("players-names");
  const unknown = $("players-unknown");
  names.textContent = "";
  unknown.textContent = "";
  const flagged = Boolean(lineup && lineup.unknown);
  for (const [seat, word] of SEATS) {
    const player = seating[seat];
    names.append(node("li", _("{seat}: {player}", { seat: word(), player: playerText(player, flagged) || _("not given") }), { "data-seat": seat }));
    if (flagged && player && player.number && !player.name) unknown.append(node("p", PadWords.unknownPlayer(player.number)));
  }
}

// "North-South, pair 3: Ann Smith & Cat Brown": who plays at the table this round.
function renderAtTable(round) {
  const seating = pad.mem.seatings[round.round];
  const list = $("at-table");
  list.textContent = "";
  if (!seating) return;
  for (const [side, pair, seats] of [[_("North-South"), round.ns, ["north", "south"]],
    [_("East-West"), round.ew, ["east", "west"]]]) {
    const names = seats.map((s) => seating[s]).filter((p) => p && p.number != null)
      .map((p) => p.name || (p.number ? _("player {number}", { number: p.number }) : _("a visitor")));
    if (names.length) {
      list.append(node("li", _("{side}, pair {pair}: {names}", { side, pair, names: names.join(" & ") })));
    }
  }
}

function sendPlayers(event) {
  event.preventDefault();
  const round = Number($("players-form").dataset.round);
  const numbers = [];
  const visitors = {};
  for (const [seat, word] of SEATS) {
    const visitor = $(`${seat}-visitor`).checked;
    const text = $(seat).value.trim();
    const problem = PadWords.playerNumber(word(), text, visitor);
    if (problem) { $("players-error").textContent = problem; $(seat).focus(); return; }
    const name = $(`${seat}-name`).value.trim().replace(/\s+/g, " ");
    if (visitor && new TextEncoder().encode(name).length > 24) {
      $("players-error").textContent = _("{seat}: a visitor's name of at most 24 letters", { seat: word() });
      return;
    }
    if (visitor && name) visitors[seat] = name;
    numbers.push(visitor ? 0 : Number(text));
  }
  $("players-error").textContent = "";
  pad.players(round, numbers, visitors);
}

function renderRound(round) {
  $("round-title").textContent = _("Round {round}: {ns} {nsPair} v {ew} {ewPair}", { round: round.round,
    ns: sideLetters("NS"), nsPair: round.ns, ew: sideLetters("EW"), ewPair: round.ew });
  renderAtTable(round);
  const select = $("board");
  const open = round.boards.filter((b) => !pad.mem.entries[PadCore.boardKey(round.round, b)])
    .map((b) => [PadCore.boardKey(round.round, b), _("Board {board}", { board: b })]);
  const fixable = pad.correctable()
    .map((e) => [PadCore.boardKey(e.round, e.board), _("Board {board} (round {round}): correct it", { board: e.board, round: e.round })]);
  // No board left to play here (the round is over, the pair waits to move): nothing is
  // chosen until the players pick a board to correct, on purpose.
  const none = open.length ? [] : [["", fixable.length ? PadWords.CHOOSE_CORRECTION() : PadWords.NOTHING_TO_ENTER()]];
  const choices = [...none, ...open, ...fixable];
  // Made again in a new language too.
  const wanted = choices.map(([value]) => value).join(",") + language();
  if (select.dataset.choices !== wanted) {
    const picked = select.dataset.picked;  // the players' choice stays while it is there
    select.textContent = "";
    for (const [value, text] of choices) select.append(node("option", text, { value }));
    if (choices.some(([value]) => value === picked)) select.value = picked;
    select.dataset.choices = wanted;
    boardChosen(false);
  }
  renderKeys();
  const list = $("boards");
  list.textContent = "";
  for (const b of round.boards) {
    const entry = pad.mem.entries[PadCore.boardKey(round.round, b)];
    let text = _("to play");
    if (entry) {
      text = PadCore.describe({ type: entry.type, ...entry.body });
      const score = PadCore.entryScore(entry);
      if (!entry.acked) text = _("{result} (waiting for the station)", { result: text });
      else if (score !== null) text = _("{result}, {score}", { result: text, score: nsScore(score) });
    }
    text = PadWords.onBoard(b, text);
    list.append(node("li", text, { "data-board": b, "data-acked": entry ? String(entry.acked) : "" }));
  }
}

// Entries kept on the pad until the station stores them (stopped, offline, no contact).
function renderWaiting() {
  const list = $("waiting-list");
  list.textContent = "";
  // A locked pad says where its results went in its one message (renderLocked).
  const waiting = pad.mem.locked ? [] : Object.values(pad.mem.entries).filter((e) => !e.acked && !e.handed)
    .sort((a, b) => a.body.round - b.body.round || a.body.board - b.body.board);
  for (const e of waiting) {
    list.append(node("li", _("Round {round}, board {board}: {result}", { round: e.body.round,
      board: e.body.board, result: PadCore.describe({ type: e.type, ...e.body }) }), { "data-board": e.body.board }));
  }
  show("waiting", waiting.length > 0);
}

function renderFeedback() {
  const [board, shown] = Object.entries(pad.mem.feedback)[0] || [];
  show("feedback", Boolean(shown && (shown.traveller || shown.par || shown.frequency)));
  if (!shown) return;
  $("feedback-title").textContent = _("Board {board}", { board });
  $("feedback-facts").textContent = Number(board) > 0 ? PadCore.boardFacts(Number(board)) : "";
  const body = $("traveller").querySelector("tbody");
  body.textContent = "";
  for (const row of shown.traveller || []) {
    const tr = node("tr");
    for (const cell of travellerLine(row)) tr.append(node("td", cell ?? "-"));
    body.append(tr);
  }
  show("traveller", Boolean(shown.traveller));
  $("par").textContent = shown.par ? parWords(shown.par) : "";
}

// "Par: 4\u2660 by N, NS 420" in the pad's bridge words.
function parWords(par) {
  const contracts = par.map(([contract, by]) =>
    _("{contract} by {by}", { contract: contractText(contract), by: seatLetters(by) }));
  if (par.length) contracts.push(`${sideLetters("NS")} ${par[0][2]}`);
  return _("Par: {contracts}", { contracts: contracts.join(", ") });
}

function renderNotices() {
  const list = $("notices");
  list.textContent = "";
  for (const n of [...pad.mem.notices].reverse()) list.append(node("li", n.text, { "data-kind": n.kind }));
  const last = pad.mem.notices[pad.mem.notices.length - 1];
  $("notice").textContent = last ? last.text : "";
}

// "Rankings after round 3" (SPEC 14.9): rank, pair, names and percentage, as the station
// last sent them; North-South first, then East-West, when each direction is ranked apart.
function renderRoundRanking(hasTable) {
  const after = hasTable && !pad.mem.locked && pad.mem.rankingsAfter ? pad.mem.roundRanking : null;
  show("round-ranking", Boolean(after && after.rows.length));
  if (!after) return;
  // A handicap event's rankings say so (SPEC 14.9).
  $("round-ranking-title").textContent = after.handicapped ?
    _("Handicapped rankings after round {round}", { round: after.round }) :
    _("Rankings after round {round}", { round: after.round });
  const body = $("round-ranking-table").querySelector("tbody");
  const wanted = JSON.stringify(after) + language();  // made again in a new language too
  if (body.dataset.shown === wanted) return;
  body.dataset.shown = wanted;
  body.textContent = "";
  const order = { NS: 0, EW: 1 };
  const rows = [...after.rows].sort((a, b) => (order[a[2]] ?? 0) - (order[b[2]] ?? 0) || a[0] - b[0]);
  for (const [rank, pair, direction, , pct, names] of rows) {
    const tr = node("tr");
    for (const cell of [rank, direction ? `${pair} ${sideLetters(direction)}` : pair, names || "",
      pct === null ? "" : formatNumber(pct / 100, 2)]) tr.append(node("td", cell));
    body.append(tr);
  }
}

function renderRanking(rows, handicapped = false) {
  $("ranking").setAttribute("aria-label", handicapped ? _("Handicapped rankings") : _("Rankings"));
  $("ranking-kind").textContent = handicapped ? _("Handicapped rankings: each pair's percentage plus its handicap allowance.") : "";
  $("ranking-kind").hidden = !handicapped;
  const body = $("ranking").querySelector("tbody");
  body.textContent = "";
  for (const [rank, pair, direction, pct] of rows) {
    const tr = node("tr");
    for (const cell of [rank, pair, direction ? sideLetters(direction) : "", formatNumber(Number(pct), 2)]) {
      tr.append(node("td", cell));
    }
    body.append(tr);
  }
  show("ranking", rows.length > 0);
  show("ranking-wait", rows.length === 0);
}

// The station sends no ranking to pads yet: the pad reads the published rankings instead.
async function fetchRanking() {
  try {
    const response = await fetch("/api/rankings", { credentials: "omit" });
    if (!response.ok) return;  // not published yet
    const event = pad.mem.event;
    // Only this pad's event's (an older station names none: then only a version 1 pad's).
    const ours = (r) => ("event" in r ? r.event === event : pad.mem.protocol === 1);
    const rows = (await response.json()).filter((r) => r.section === pad.mem.section && ours(r));
    if (pad.mem.event !== event || rankingTimer === null) return;  // moved on meanwhile
    const handicapped = rows.some((r) => r.ranking === "handicapped");
    renderRanking(rows.map((r) => [r.rank, r.pair, r.direction,
      handicapped && r.handicapped_pct != null ? r.handicapped_pct : r.pct]), handicapped);
    if (rows.length) { clearInterval(rankingTimer); rankingTimer = true; }
  } catch { /* the station is out of reach: next time */ }
}

// -- what the players do --------------------------------------------------------------------

// -- the entry keys: contract, declarer, result, lead ----------------------------------------
// Toggle buttons in groups (aria-pressed); `choice` is what is pressed. The result is "=",
// "+1", "-2" against the level, or, when the section enters tricks, the tricks taken.

const SUIT_NAMES = { C: () => _("clubs"), D: () => _("diamonds"), H: () => _("hearts"),
  S: () => _("spades"), NT: () => _("no trump") };
const STRAINS = ["C", "D", "H", "S", "NT"];
const LEAD_SUITS = ["S", "H", "D", "C"];
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const emptyChoice = () => ({ level: null, strain: null, doubling: "", pass: false,
  declarer: null, result: null, leadSuit: null, leadRank: null });
let choice = emptyChoice();

const byTricks = () => Boolean(pad) && pad.resultEntry() === "tricks";
const strainText = (strain) => (strain === "NT" ? bridge().nt : PadCore.SUITS[strain]);

// The results a player can press: "=" first, then the overtricks, then the undertricks.
function resultKeys(level) {
  if (byTricks()) return Array.from({ length: 14 }, (_, t) => [String(t), String(t)]);
  if (!level) return [];
  const marks = PadCore.possibleResults(level);
  const order = (m) => (m === "=" ? 0 : m[0] === "+" ? Number(m) : 100 - Number(m));
  return marks.sort((a, b) => order(a) - order(b)).map((m) => [m, m]);
}

// A group's buttons, made again only when the set changes (so focus stays where it is).
function fillKeys(group, keys) {
  const box = $(group);
  const wanted = keys.map(([value]) => value).join(" ") + language();  // ... in a new language too
  if (box.dataset.keys !== wanted) {
    box.querySelectorAll("button").forEach((b) => b.remove());
    for (const [value, text, name] of keys) {
      const attrs = { type: "button", "data-value": value, "aria-pressed": "false" };
      if (name) attrs["aria-label"] = name;
      box.append(node("button", text, attrs));
    }
    box.dataset.keys = wanted;
  }
  return box;
}

const CHOSEN = { level: (v) => (v === "PASS" ? choice.pass : String(choice.level) === v),
  strain: (v) => choice.strain === v, doubling: (v) => choice.doubling === v,
  declarer: (v) => choice.declarer === v, result: (v) => String(choice.result) === v,
  "lead-suit": (v) => choice.leadSuit === v, "lead-rank": (v) => choice.leadRank === v };

function renderKeys() {
  fillKeys("level", [..."1234567"].map((l) => [l, l]).concat([["PASS", bridge().pass, _("Pass")]]));
  fillKeys("strain", STRAINS.map((s) => [s, strainText(s), SUIT_NAMES[s]()]));
  fillKeys("doubling", [["X", bridge().doubled, _("Double")], ["XX", bridge().redoubled, _("Redouble")]]);
  fillKeys("declarer", "NESW".split("").map((s) => [s, seatLetter(s), PadCore.seatName(s)]));
  fillKeys("result", resultKeys(choice.level));
  fillKeys("lead-suit", LEAD_SUITS.map((s) => [s, PadCore.SUITS[s], SUIT_NAMES[s]()]));
  fillKeys("lead-rank", RANKS.map((r) => [r, r]));
  $("result").dataset.by = byTricks() ? "tricks" : "result";
  $("result-legend").textContent = byTricks() ? _("Tricks taken") : _("Result");
  $("result-hint").textContent = !byTricks() && !choice.level ? _("Choose the level first") : "";
  for (const [group, chosen] of Object.entries(CHOSEN)) {
    for (const button of $(group).querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(chosen(button.dataset.value)));
    }
  }
  for (const group of ["strain", "doubling", "declarer", "result", "lead-suit", "lead-rank"]) {
    show(group, !choice.pass);
  }
  $("entry-summary").textContent = choiceWords();
}

// What is pressed, in words: "4\u2660X by North, made 5".
function choiceWords() {
  if (choice.pass) return _("Passed out");
  const made = chosenEntry();
  if (made) return PadCore.describe({ type: "result", ...made });
  return "";
}

// The pressed keys as the protocol's fields, or null while the contract is not whole.
function chosenEntry() {
  if (choice.pass) return { contract: "PASS", declarer: null, tricks: null, lead: null };
  if (!choice.level || !choice.strain || !choice.declarer || choice.result === null) return null;
  const tricks = byTricks() ? Number(choice.result) : PadCore.tricksOf(choice.level, choice.result);
  return { contract: `${choice.level}${choice.strain}${choice.doubling}`, declarer: choice.declarer,
    tricks, lead: choice.leadSuit && choice.leadRank ? choice.leadSuit + choice.leadRank : null };
}

// A key pressed: it is chosen, or unchosen when it was.
function press(group, value) {
  const toggle = (field, v) => { choice[field] = choice[field] === v ? null : v; };
  if (group === "level") {
    if (value === "PASS") { choice = { ...emptyChoice(), pass: !choice.pass }; return; }
    choice.pass = false;
    toggle("level", Number(value));
    const possible = resultKeys(choice.level).map(([v]) => v);
    if (!possible.includes(String(choice.result))) choice.result = null;
  } else if (group === "strain") toggle("strain", value);
  else if (group === "doubling") choice.doubling = choice.doubling === value ? "" : value;
  else if (group === "declarer") toggle("declarer", value);
  else if (group === "result") toggle("result", value);
  else if (group === "lead-suit") toggle("leadSuit", value);
  else if (group === "lead-rank") toggle("leadRank", value);
}

function sendEntry(event) {
  event.preventDefault();
  const [round, board] = chosenBoard();
  if (!board || !$("out-of-order").hidden) return;
  const problem = PadWords.entryProblem(choice, byTricks());
  $("entry-error").textContent = problem || "";
  if (problem) return;
  const e = chosenEntry();
  askAccept("result", PadWire.bodies.result(pad.place(round, board), e.contract, e.declarer,
    e.tricks, e.lead));
}

function clearKeys() {
  choice = emptyChoice();
  $("entry-error").textContent = "";
  renderKeys();
}

// The board chosen: its dealer and vulnerability; asked first when it is not the next board.
function boardChosen(ask) {
  const [round, board] = chosenBoard();
  $("board-facts").textContent = board ? PadWords.onBoard(board, PadCore.boardFacts(board)) : "";
  const info = pad.mem.rounds[round];
  const next = info && info.boards.find((b) => !pad.mem.entries[PadCore.boardKey(round, b)]);
  const open = info && !pad.mem.entries[PadCore.boardKey(round, board)];
  const asking = Boolean(ask && open && next && next !== board);
  show("out-of-order", asking);
  show("entry-fields", Boolean(board) && !asking);  // no keys before a board is chosen
  show("not-played", Boolean(open));  // a correction is a result
  if (!asking) return;
  $("out-of-order-text").textContent = PadWords.outOfOrder(board, next);
  $("out-of-order-yes").textContent = _("Yes, enter board {board}", { board });
  $("out-of-order-no").textContent = _("No, board {board}", { board: next });
  $("out-of-order-no").dataset.board = PadCore.boardKey(round, next);
  $("out-of-order-yes").focus();
}

// A traveller's line: NS, EW, "4S=", by, lead, NS score.
function travellerLine([ns, ew, contract, declarer, tricks, lead, score]) {
  const parsed = PadCore.parseContract(contract);
  const made = parsed ? contractText(contract) + PadCore.resultMark(parsed.level, tricks) :
    contractText(contract);
  return [ns, ew, made, declarer ? seatLetter(declarer) : declarer,
    PadCore.cardWords(lead) || null, score == null ? null : signedNumber(score)];
}

// [round, board] of the board chosen to enter or correct.
function chosenBoard() {
  const [round, board] = ($("board").value || "/").split("/").map(Number);
  return [round, board];
}

function askAccept(type, body) {
  pending = { type, body, event: pad.mem.event };
  const held = pad.mem.entries[PadCore.boardKey(body.round, body.board)];
  const score = type === "result" ?
    nsScore(PadCore.scoreNs(body.board, body.contract, body.declarer, body.tricks)) : null;
  const described = PadCore.describe({ type, ...body });
  const entered = score ? _("{result}: {score}", { result: described, score }) : described;
  // A correction says plainly what it replaces (SPEC 6.3).
  $("confirm-title").textContent = held && held.acked ? PadWords.CORRECTION_TITLE() : PadWords.ACCEPT_TITLE();
  $("confirm-text").textContent = held && held.acked ?
    PadWords.replaces(body.board, body.round, PadCore.describe({ type: held.type, ...held.body }) +
      scoreWords(held), entered) : PadWords.onBoard(body.board, entered);
  show("entry", false);
  show("confirm", true);
  $("accept").focus();
}

// " (NS +420)" for an entry held, or nothing when it has no score (not played).
function scoreWords(entry) {
  const score = PadCore.entryScore(entry);
  return score === null ? "" : ` (${nsScore(score)})`;
}

function closeConfirm() {
  pending = null;
  show("confirm", false);
  show("entry", true);
}

// "NS +420" in the pad's side letters, the number as the language writes it.
const signedNumber = (score) => (score > 0 ? "+" : score < 0 ? "-" : "") + formatNumber(Math.abs(score));
const nsScore = (score) => `${sideLetters("NS")} ${signedNumber(score)}`;
const seatLetters = (seats) => String(seats).split("").map(seatLetter).join("");

function sideWords() {
  $("traveller-ns").textContent = sideLetters("NS");
  $("traveller-ew").textContent = sideLetters("EW");
}

async function setup() {
  await PadText.speak(PadText.chosen());
  sideWords();
  PadText.watchChooser(() => {
    sideWords();
    if (!pad) return;
    seatWords();
    render();
    if (pending) askAccept(pending.type, pending.body);  // its words again, in the new language
  });
  const { paired, refused, restored } = await pairing();
  if (!paired) {
    if (refused) { $("pairing-refused").textContent = refused; show("pairing-refused", true); }
    show("unpaired", true);
    document.body.dataset.state = "unpaired";
    return;
  }
  seatFields();
  connect(paired);
  // A spent link opened again in a browser already paired: it stays the pad it is, and says so.
  if (refused) { pad.notice(PadWords.stillUnit(refused, paired.unit), "bad"); render(); }
  if (restored) { pad.notice(PadWords.restored(paired.unit), "info", "login"); render(); }
  $("login-table").addEventListener("submit", (event) => {
    event.preventDefault();
    const section = $("section").value.trim().toUpperCase();
    const table = Number($("table").value);
    if (!/^[A-Z]$/.test(section) || !Number.isInteger(table) || table < 1 || table > 255) {
      pad.notice(PadWords.TABLE_FORM(), "bad", "login");
      render();
      return;
    }
    // The director's PIN (SPEC 2: printable ASCII, 1 to 8 characters) asks for a takeover.
    const pin = $("pin").value;
    $("pin").value = "";
    if (pin && !/^[\x20-\x7e]{1,8}$/.test(pin)) {
      pad.notice(PadWords.PIN_FORM(), "bad", "login");
      render();
      return;
    }
    pad.login(section, table, $("takeover").checked || pin !== "", pin || null);
  });
  $("entry").addEventListener("submit", sendEntry);
  for (const group of Object.keys(CHOSEN)) {
    $(group).addEventListener("click", (event) => {
      const button = event.target.closest("button[data-value]");
      if (!button) return;
      press(group, button.dataset.value);
      $("entry-error").textContent = "";
      renderKeys();
    });
  }
  $("board").addEventListener("change", () => {
    $("board").dataset.picked = $("board").value;
    clearKeys();
    boardChosen(true);
  });
  $("out-of-order-yes").addEventListener("click", () => { boardChosen(false); });
  $("out-of-order-no").addEventListener("click", () => {
    $("board").value = $("out-of-order-no").dataset.board;
    $("board").dataset.picked = $("board").value;
    boardChosen(false);
  });
  $("not-played").addEventListener("click", () => {
    const [round, board] = chosenBoard();
    if (board) askAccept("not_played", PadWire.bodies.notPlayed(pad.place(round, board)));
  });
  $("accept").addEventListener("click", () => {
    if (!pending) return;
    const { type, body } = pending;
    closeConfirm();
    clearKeys();
    delete $("board").dataset.picked;  // the next board to play comes up
    delete $("board").dataset.choices;  // ... after a correction too (the choices stay the same)
    pad.enter(type, body);
  });
  $("back").addEventListener("click", closeConfirm);
  $("players-form").addEventListener("submit", sendPlayers);
  const asked = () => pad.playRound() && pad.playRound().round;
  $("players-yes").addEventListener("click", () => pad.confirmPlayers(asked()));
  $("players-later").addEventListener("click", () => pad.confirmPlayers(asked()));
  $("players-change").addEventListener("click", () => {
    delete $("players-form").dataset.filled;  // filled again with what the station found
    pad.changePlayers(asked());
  });
  $("take-back").addEventListener("click", () => location.reload());
  $("logout").addEventListener("click", askLogOut);
  $("logout-no").addEventListener("click", () => { show("logout-confirm", false); render(); });
  $("logout-yes").addEventListener("click", () => {
    show("logout-confirm", false);
    closeConfirm();
    pad.logOut();
  });
}

whenParsed(setup);
