// Results of the open event (kept live) or of a past one: rankings with the pairs' names, each
// row opening that pair's score card; travellers with the hand records; prints of each, with
// the event's name and date on every printed piece.
import { api, coalesced, el, listen, say, setupLogin, showLogin } from "./common.js";
import { clearMatchResults, renderMatchResults } from "./match_results.js";
import { dealDiagram, eventLine, fmt, leadText, percent, printEvent, resultText, scoreText, table, view } from "./result_parts.js";
import { _, n_, seatLetter, sideLetters, whenParsed } from "./i18n.js";

// A ranking's field: "Section A NS", or "Section B" for a one-field movement.
function fieldKey(entry) {
  return entry.direction ? _("Section {section} {side}", { section: entry.section, side: sideLetters(entry.direction) })
    : _("Section {section}", { section: entry.section });
}

// Pairs placed across the room are listed by direction across the sections (a Howell's pairs
// apart); otherwise by section and direction. With several sections both places are shown.
function roomKey(entry) {
  return entry.direction ? _("Placed across the room: all sections {side}", { side: sideLetters(entry.direction) })
    : _("Placed across the room: all sections, {section} (one field)", { section: entry.section });
}

// Which ranking a table is, said whole: "Handicapped ranking, Section A NS".
function rankingTitle(kind, field) {
  if (kind === "raw") return _("Raw ranking, {field}", { field });
  if (kind === "handicapped") return _("Handicapped ranking, {field}", { field });
  return field;
}

// In a handicap event two rankings: the handicapped one (the pairs' places: the percentage plus
// half the pair's handicap) and the raw one, each table saying which it is.
function rankingTables(entries, event, raw) {
  const byRoom = event.places === "room";
  const several = new Set(entries.map((e) => e.section)).size > 1;
  const fields = new Map();
  for (const entry of entries) {
    const key = byRoom ? roomKey(entry) : fieldKey(entry);
    if (!fields.has(key)) fields.set(key, []);
    fields.get(key).push(entry);
  }
  const other = byRoom ? [_("In section"), (r) => r.section_place] : [_("In the room"), (r) => r.room_place];
  const handicapped = event.handicap && !raw;
  const columns = [[raw ? _("Raw place") : _("Rank")], [_("Pair")], [_("Names"), "text"], [_("Total")], [handicapped ? _("Raw %") : "%"]];
  if (handicapped) columns.push([_("Handicap")], [_("Handicapped %")], [_("Raw place")]);
  columns.push([_("Boards")]);
  // A pair that sat out boards against the phantom: its total factored up to them, of the maximum.
  const satOut = entries.some((e) => e.sat_out);
  if (satOut) columns.push([_("Factored total")]);
  if (several) columns.push([other[0]]);
  const kind = raw ? "raw" : handicapped ? "handicapped" : "";
  const place = (label) => Number(String(label).replace("=", ""));
  return [...fields].map(([field, members]) => {
    const heading = rankingTitle(kind, field);  // says which ranking it is
    const rows = raw ? [...members].sort((a, b) => place(a.raw_place) - place(b.raw_place)) : members;
    return el("div", { class: "ranking" }, el("h3", {}, heading), table(columns,
      rows.map((r) => {
        const row = el("tr", { class: "pick", tabindex: 0, "data-section": r.section, "data-pair": r.pair,
          "data-direction": r.direction || "", title: _("Show this pair's score card") },
        el("td", {}, raw ? r.raw_place : r.rank_label), el("td", {}, byRoom ? `${r.section}${r.pair}` : `${r.pair}`),
        el("td", { class: "text" }, r.names || ""), el("td", {}, fmt(r.total)), el("td", {}, percent(r.pct)),
        handicapped ? el("td", {}, fmt(r.handicap)) : null, handicapped ? el("td", {}, percent(r.handicapped_pct)) : null,
        handicapped ? el("td", {}, r.raw_place) : null,
        el("td", {}, fmt(r.boards)),
        satOut ? el("td", {}, r.sat_out ? _("{total} of {maximum}", { total: fmt(r.factored_total), maximum: fmt(r.factored_maximum) }) : "") : null,
        several ? el("td", {}, other[1](r) || "") : null);
        row.addEventListener("click", () => showCard(r));
        row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); showCard(r); } });
        return row;
      }), { "aria-label": heading }));
  });
}

function renderRankings(entries, event) {
  const box = document.querySelector("#rankings > div");
  box.replaceChildren(...rankingTables(entries, event, false), ...(event.handicap ? rankingTables(entries, event, true) : []));
  if (!entries.length) box.append(el("p", {}, _("No results yet.")));
}

// A pair's names under its number, on screen and in print; nothing when nobody said.
const named = (names) => (names ? el("small", { class: "names" }, names) : null);

function travellerBox(board) {
  const label = board.section ? _("Results of board {board}, section {section}", { board: board.board, section: board.section })
    : _("Results of board {board}", { board: board.board });
  return el("div", { class: "traveller", "data-board": board.board, "data-section": board.section },
    printEvent(),
    el("h3", {}, board.section ? _("Board {board} (section {section})", { board: board.board, section: board.section })
      : _("Board {board}", { board: board.board }), " ", el("small", {}, _("top {top}", { top: fmt(board.top) }))),
    board.deal ? dealDiagram(board.deal, board.board) : null,
    table([[sideLetters("NS")], [sideLetters("EW")], [_("Result"), "text"], [_("By"), "text"], [_("Lead"), "text"], [_("NS score")], [_("NS MP")], [_("EW MP")]],
      board.results.map((line) => el("tr", { class: line.source === "director" ? "director" : null },
        el("td", { class: "pair" }, `${line.ns}`, named(line.ns_names)), el("td", { class: "pair" }, `${line.ew}`, named(line.ew_names)),
        el("td", { class: "text" }, resultText(line)), el("td", { class: "text" }, line.declarer ? seatLetter(line.declarer) : ""),
        el("td", { class: "text" }, leadText(line.lead)), el("td", {}, scoreText(line.score_ns)),
        el("td", {}, fmt(line.mp_ns)), el("td", {}, fmt(line.mp_ew)))), { "aria-label": label }));
}

function cardBox(card) {
  const values = { pair: card.pair, side: card.direction ? sideLetters(card.direction) : "", section: card.section, names: card.names };
  const title = card.direction
    ? (card.names ? _("Pair {pair} {side}, section {section}: {names}", values) : _("Pair {pair} {side}, section {section}", values))
    : (card.names ? _("Pair {pair}, section {section}: {names}", values) : _("Pair {pair}, section {section}", values));
  return el("div", { class: "card-sheet", "data-section": card.section, "data-pair": card.pair, "data-direction": card.direction || "" },
    printEvent(),
    el("h3", {}, title),
    cardTotal(card),
    table([[_("Round")], [_("Board")], [_("Dir")], [_("Opps")], [_("Result"), "text"], [_("By"), "text"], [_("Lead"), "text"], [_("Score")], [_("MP")], ["%"]],
      card.boards.map((b) => el("tr", { class: b.source === "director" ? "director" : null },
        el("td", {}, `${b.round}`), el("td", {}, `${b.board}`), el("td", {}, b.direction ? sideLetters(b.direction) : ""),
        el("td", { class: "pair" }, fmt(b.opponents), named(b.opponents_names)), el("td", { class: "text" }, resultText(b)),
        el("td", { class: "text" }, b.declarer ? seatLetter(b.declarer) : ""), el("td", { class: "text" }, leadText(b.lead)),
        el("td", {}, b.score_ns === null ? "" : scoreText(b.direction === "NS" ? b.score_ns : -b.score_ns)),
        el("td", {}, fmt(b.mp)), el("td", {}, percent(b.pct))))));
}

function cardTotal(card) {
  const entry = view.document.rankings.find((r) => sameCard(r, card));
  if (!entry) return null;
  const values = { rank: entry.rank_label, total: fmt(entry.total), percent: percent(entry.pct) };
  if (entry.handicapped_pct === null || entry.handicapped_pct === undefined) {
    return el("p", { class: "card-total" }, _("Rank {rank}: {total} MP, {percent}", values));
  }
  return el("p", { class: "card-total" }, _("Rank {rank}: {total} MP, {percent}; handicap {handicap}, {handicapped} handicapped (raw place {raw})",
    { ...values, handicap: fmt(entry.handicap), handicapped: percent(entry.handicapped_pct), raw: entry.raw_place }));
}

const sameCard = (a, b) => a && b && a.section === b.section && a.pair === b.pair && (a.direction || "") === (b.direction || "");

function showCard(entry) {
  view.card = entry;
  const card = view.document.scorecards.find((c) => sameCard(c, entry));
  const box = document.getElementById("scorecard");
  box.hidden = !card;
  if (!card) return;
  box.querySelector("div").replaceChildren(cardBox(card));
  for (const row of document.querySelectorAll("#rankings tr.pick")) {
    row.classList.toggle("chosen", sameCard({ section: row.dataset.section, pair: Number(row.dataset.pair), direction: row.dataset.direction }, entry));
  }
  box.scrollIntoView({ block: "nearest" });
}

function render(documentData) {
  view.document = documentData;
  const event = documentData.event;
  document.body.dataset.openEvent = event.open ? "yes" : "no";
  document.getElementById("publish-event").hidden = event.published;
  // The Scorer's XML (NZ Bridge) of the event shown, with its hand records, for the club's website.
  document.getElementById("scorer-xml").href = `/api/events/${event.id}/scorer.xml`;
  document.getElementById("event-name").textContent = _("{event}: results", { event: eventLine(event) });
  document.title = `${_("{event}: results", { event: event.name })} - basestation`;
  document.querySelector("#rankings .print-event").textContent = eventLine(event);
  renderRankings(documentData.rankings, event);
  document.getElementById("travellers").replaceChildren(...documentData.travellers.map(travellerBox));
  document.getElementById("scorecards").replaceChildren(...documentData.scorecards.map(cardBox));
  if (view.card) showCard(view.card);
  renderMatchResults(documentData);  // a teams or Swiss event's standings and matches
}

// "(in play)" only while the open event's session runs; once ended, "(ended)" until published.
function eventState(event) {
  if (!event.open || event.published && event.ended) return "";
  return event.ended ? _("ended") : _("in play");
}

function eventOption(event) {
  const state = eventState(event);
  const values = { event: event.name, date: event.date || "", state };  // ISO: short and the same everywhere
  const label = event.date ? (state ? _("{event}, {date} ({state})", values) : _("{event}, {date}", values))
    : (state ? _("{event} ({state})", values) : event.name);
  return el("option", { value: event.id }, label);
}

async function loadEvents() {
  view.events = await api("GET", "/api/events");
  const wanted = Number(new URLSearchParams(location.search).get("event"));
  const open = view.events.find((e) => e.open) || view.events[0];
  view.chosen = view.events.find((e) => e.id === wanted) || open || null;
  const select = document.getElementById("event-select");
  select.replaceChildren(...view.events.map(eventOption));
  if (view.chosen) select.value = view.chosen.id;
}

const refresh = coalesced(async () => {
  if (!view.chosen) {
    say(_("No event has been held yet."));
    return;
  }
  let published = view.chosen.published;
  if (view.chosen.open) {
    published = (await api("GET", "/api/status")).results_public;
    document.body.dataset.published = published ? "yes" : "no";
  }
  if (!published && document.body.dataset.director !== "yes") {
    say(_("The results are not published yet: the director publishes them once the session is over."));
    clearResults();
    return;
  }
  say("");
  render(await api("GET", `/api/events/${view.chosen.id}/results`));
});

function clearResults() {
  for (const id of ["travellers", "scorecards"]) document.getElementById(id).replaceChildren();
  document.querySelector("#rankings > div").replaceChildren();
  document.getElementById("scorecard").hidden = true;
  clearMatchResults();
}

function choose(id) {
  view.chosen = view.events.find((e) => e.id === Number(id)) || null;
  view.card = null;
  view.match = null;
  document.getElementById("scorecard").hidden = true;
  history.replaceState(null, "", `/results?event=${id}`);
  refresh();
}

async function publishEvent() {
  try {
    await api("POST", `/api/events/${view.chosen.id}/publish`, { published: true });
    view.chosen.published = true;
    await refresh();
    say(_("{event}: the results are published.", { event: view.document.event.name }));
  } catch (error) {
    say(error.message, true);
  }
}

// The event's results as a website (plain pages and the USEBIO XML with the hand records), as a
// zip to unpack onto the club's web host; a refusal is the station's sentence.
async function publishWebsite() {
  const event = view.chosen;
  if (!event) return;
  const response = await fetch(`/api/events/${event.id}/website.zip`, { credentials: "same-origin" });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    say(typeof data.detail === "string" ? data.detail : _("The website could not be made ({status}).", { status: response.status }), true);
    return;
  }
  const name = `results-${event.id}.zip`;
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  say(_("The website of {event} is downloaded as {file}: unpack it onto the club's web host, or open its index.html.", { event: event.name, file: name }));
}

// A session of the years before, from another scoring program's file, joins the history as a
// past event; a refusal is the station's sentence (the line and the reason).
async function importPast(input) {
  const file = input.files[0];
  if (!file) return;
  const state = document.getElementById("import-state");  // its own: a refresh clears the page's
  try {
    const done = await api("POST", "/api/history/import", { text: await file.text() });
    await loadEvents();
    const values = { file: file.name, event: done.name, date: done.date, results: done.results, visitors: done.visitors.length };
    state.textContent = done.visitors.length
      ? n_("{file}: {event} ({date}) is in the history, {results} results; {n} player joined the club's list as a visitor.",
        "{file}: {event} ({date}) is in the history, {results} results; {n} players joined the club's list as visitors.", done.visitors.length, values)
      : _("{file}: {event} ({date}) is in the history, {results} results.", values);
    state.classList.remove("bad");
  } catch (error) {
    state.textContent = _("{file}: {problem}", { file: file.name, problem: error.message });
    state.classList.add("bad");
  }
  input.value = "";
}

function printOnly(what) {
  document.body.dataset.print = what;
  window.print();
}

whenParsed(() => {
  setupLogin(refresh);
  document.getElementById("director-login").addEventListener("click", showLogin);
  document.getElementById("event-select").addEventListener("change", (e) => choose(e.target.value));
  document.getElementById("publish-event").addEventListener("click", publishEvent);
  document.getElementById("publish-website").addEventListener("click", publishWebsite);
  document.getElementById("past-file").addEventListener("change", (e) => importPast(e.target));
  for (const button of document.querySelectorAll(".prints button")) {
    button.addEventListener("click", () => printOnly(button.dataset.print));
  }
  window.addEventListener("afterprint", () => { document.body.dataset.print = "all"; });
  // Scores change as results come in, names as pairs are seated; a stop or the last board in publishes the results;
  // a new event opened from the set-up page joins the list.
  // Who plays for a pair changes its names (a seat, or a visitor added by name).
  const publishing = new Set(["scores", "status", "complete", "seats", "player"]);
  api("GET", "/api/whoami").then(async (who) => {
    document.body.dataset.director = who.director ? "yes" : "no";
    await loadEvents();
    listen(async (event) => {
      if (event.type === "event") { await loadEvents(); refresh(); } else if (publishing.has(event.type) && view.chosen && view.chosen.open) refresh();
    }, refresh);
  }).catch((e) => say(e.message, true));
});
