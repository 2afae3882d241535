// Results of a teams or Swiss event: the standings (VPs, then Swiss points, then IMPs) with
// the teams' names, each round's matches with IMPs and VPs, a match's boards on a click (each
// table's result and the IMPs), and every match's sheet to print with the event's name and date.
import { el } from "./common.js";
import { dealDiagram, eventLine, fmt, pct, printEvent, resultText, scoreText, table, view } from "./result_parts.js";
import { standingsTable } from "./standings.js";
import { _, n_, seatLetter } from "./i18n.js";

const swissPairs = (format) => format === "swiss-pairs";
// "Team 3" or "Pair 3" (Swiss pairs), as one message each.
const entrantName = (format, entrant) => (swissPairs(format) ? _("Pair {pair}", { pair: entrant }) : _("Team {team}", { team: entrant }));
const FORMAT_WORDS = { pairs: () => _("Pairs"), teams: () => _("Teams round robin"), "swiss-teams": () => _("Swiss teams"),
  "swiss-pairs": () => _("Swiss pairs") };
const matchKey = (section, m) => ({ section: section.section, round: m.round, a: m.a, b: m.b });
const sameMatch = (key, section, m) => key && key.section === section.section && key.round === m.round && key.a === m.a && key.b === m.b;

function entrantText(format, section, entrant) {
  const standing = section.standings.find((s) => s.entrant === entrant);
  const name = entrantName(format, entrant);
  return standing && standing.names ? _("{entrant} ({names})", { entrant: name, names: standing.names }) : name;
}

function standingsPart(format, section) {
  const who = { heads: [[swissPairs(format) ? _("Pair") : _("Team")], [_("Names"), "text"]],
    cells: (s) => [el("td", {}, `${s.entrant}`), el("td", { class: "text" }, s.names)] };
  const vps = (s) => (s.vp_penalty ? _("{vps} (penalty {penalty})", { vps: pct(s.vps), penalty: pct(s.vp_penalty) }) : pct(s.vps));
  return el("div", { class: "ranking" }, el("h3", {}, _("Section {section}", { section: section.section })),
    standingsTable(section, who, vps, pct));
}

const vpPair = (m) => (m.vp_a === null ? "-" : `${pct(m.vp_a)}-${pct(m.vp_b)}`);

function roundMatches(format, section, round) {
  const rows = section.matches.filter((m) => m.round === round).map((m) => {
    const row = el("tr", { class: "pick", tabindex: 0, "data-a": m.a, "data-b": m.b,
      "data-finished": m.finished ? "yes" : "no", title: _("Show this match's boards") },
    el("td", {}, m.tables.join(" & ")), el("td", { class: "text" }, versus(format, section, m)),
    el("td", {}, `${m.compared}/${m.boards.length}`), el("td", {}, `${m.imps_a}-${m.imps_b}`),
    el("td", {}, vpPair(m)));
    const open = () => showMatch(matchKey(section, m));
    row.addEventListener("click", open);
    row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(); } });
    return row;
  });
  return el("div", { class: "round-matches", "data-section": section.section, "data-round": round },
    el("h4", {}, _("Round {round}", { round })),
    table([[_("Tables")], [_("Match"), "text"], [_("Boards")], [_("IMPs")], [_("VPs")]], rows,
      { "aria-label": _("Section {section} round {round} matches", { section: section.section, round }) }));
}

// "Team 1 (Ann & Bob) v Team 3"
const versus = (format, section, m) => _("{a} v {b}", { a: entrantText(format, section, m.a), b: entrantText(format, section, m.b) });

// IMP penalties the director gave in this match, as the sheet says them.
function impPenalties(format, m) {
  const off = [[m.a, m.imp_penalty_a], [m.b, m.imp_penalty_b]].filter(([, imps]) => imps);
  return off.map(([team, imps]) => _("; {entrant} penalised {imps} IMPs", { entrant: entrantName(format, team), imps })).join("");
}

// One match board by board: each table's result as the pad writes it ("4S+1 N") and NS
// score, then the IMPs won.
function matchSheet(format, section, m) {
  const tableHeads = m.tables.flatMap((t, i) => [
    [m.rounds[i] === m.round ? _("Table {table}", { table: t }) : _("Table {table} (round {round})", { table: t, round: m.rounds[i] }), "text"],
    [_("NS score")]]);
  const rows = m.board_results.map((b) => el("tr", { "data-board": b.board },
    el("td", {}, `${b.board}`),
    ...b.tables.flatMap((h) => (h ? [el("td", { class: "text" }, [resultText(h), h.declarer && seatLetter(h.declarer)].filter(Boolean).join(" ")), el("td", {}, scoreText(h.score_ns))]
      : [el("td", { class: "text" }, ""), el("td", {}, "")])),
    el("td", {}, b.compared ? `${Math.max(b.imps_a, 0)}` : ""),
    el("td", {}, b.compared ? `${Math.max(b.imps_b ?? -b.imps_a, 0)}` : "")));
  return el("div", { class: "match-sheet", "data-section": section.section, "data-round": m.round, "data-a": m.a, "data-b": m.b },
    printEvent(),
    el("h3", {}, _("Round {round}, section {section}: {match}", { round: m.round, section: section.section, match: versus(format, section, m) })),
    el("p", { class: "match-total" }, _("IMPs {imps}, VPs {vps} ({compared} of {boards} boards compared){penalties}",
      { imps: `${m.imps_a}-${m.imps_b}`, vps: vpPair(m), compared: m.compared, boards: m.boards.length, penalties: impPenalties(format, m) })),
    table([[_("Board")], ...tableHeads, [_("{entrant} IMPs", { entrant: entrantName(format, m.a) })],
      [_("{entrant} IMPs", { entrant: entrantName(format, m.b) })]], rows, { class: "match-boards" }));
}

// The hand records of the match's boards, where the station has them.
function matchDeals(section, m) {
  const deals = m.boards.map((board) => view.document.travellers.find((t) => t.section === section.section && t.board === board))
    .filter((t) => t && t.deal);
  return el("div", { class: "travellers" }, ...deals.map((t) => el("div", { class: "traveller", "data-board": t.board },
    el("h3", {}, _("Board {board}", { board: t.board })), dealDiagram(t.deal, t.board))));
}

function showMatch(key) {
  view.match = key;
  const data = view.document && view.document.matches;
  const section = data && data.sections.find((s) => s.section === key.section);
  const m = section && section.matches.find((x) => sameMatch(key, section, x));
  const box = document.getElementById("match-boards");
  box.hidden = !m;
  if (!m) return;
  box.querySelector("div").replaceChildren(matchSheet(data.format, section, m), matchDeals(section, m));
  for (const part of document.querySelectorAll("#standings .round-matches")) {
    for (const row of part.querySelectorAll("tr.pick")) {
      row.classList.toggle("chosen", part.dataset.section === key.section && Number(part.dataset.round) === key.round
        && Number(row.dataset.a) === key.a && Number(row.dataset.b) === key.b);
    }
  }
  box.scrollIntoView({ block: "nearest" });
}

// Called by results.js with each document; a pairs event has no `matches`.
export function renderMatchResults(documentData) {
  const data = documentData.matches;
  document.body.dataset.format = data ? "match" : "pairs";
  const box = document.querySelector("#standings > div");
  const sheets = document.getElementById("match-sheets");
  if (!data) {
    clearMatchResults();
    return;
  }
  document.querySelector("#standings .print-event").textContent = eventLine(documentData.event);
  const format = (FORMAT_WORDS[data.format] || (() => data.format))();
  document.getElementById("standings-title").textContent = n_("Standings ({format}, {n} round)", "Standings ({format}, {n} rounds)", data.rounds, { format });
  box.replaceChildren(...data.sections.flatMap((section) => {
    const rounds = [...new Set(section.matches.map((m) => m.round))].sort((a, b) => a - b);
    return [standingsPart(data.format, section), ...rounds.map((r) => roundMatches(data.format, section, r))];
  }));
  sheets.replaceChildren(...data.sections.flatMap((section) => section.matches.map((m) => matchSheet(data.format, section, m))));
  if (view.match) showMatch(view.match);
}

export function clearMatchResults() {
  document.querySelector("#standings > div").replaceChildren();
  document.getElementById("match-sheets").replaceChildren();
  document.getElementById("match-boards").hidden = true;
}
