// The grid's matches panel for a teams or Swiss event: who plays whom each round, live IMPs
// and VPs, the standings (VPs, then Swiss points, then IMPs), and the director's early draw.
import { api, coalesced, el, say } from "./common.js";
import { _, formatNumber } from "./i18n.js";
import { entrantNames } from "./players.js";
import { standingsTable } from "./standings.js";

function vpText(value) { return formatNumber(value, 2); }

// The team's names beside its number, small.
const teamCells = (section) => ({ heads: [[_("Team")]], cells: (s) => [el("td", {}, String(s.entrant),
  entrantNames(section.section, s.entrant) ? el("small", { class: "names" }, ` ${entrantNames(section.section, s.entrant)}`) : null)] });

function roundTable(section, round) {
  const matches = section.matches.filter((m) => m.round === round);
  const head = el("tr", {}, ...[_("Tables"), _("Match"), _("Boards"), _("IMPs"), _("VPs")].map((h) => el("th", {}, h)));
  const rows = matches.map((m) => el("tr", { class: "match", "data-round": round, "data-finished": m.finished ? "yes" : "no" },
    el("td", {}, m.tables.join(" & ")), el("td", {}, _("{a} v {b}", { a: m.a, b: m.b })),
    el("td", {}, `${m.compared}/${m.boards.length}`), el("td", {}, `${m.imps_a}-${m.imps_b}`),
    el("td", {}, m.vp_a === null ? "-" : `${vpText(m.vp_a)}-${vpText(m.vp_b)}`)));
  return el("table", { class: "round-matches", "aria-label": _("Round {round} matches", { round }) },
    el("caption", {}, _("Round {round}", { round })), el("thead", {}, head), el("tbody", {}, ...rows));
}

async function drawNext(section) {
  if (!confirm(_("Close the round in section {section} and draw the next from the standings now? Boards still missing stay red.", { section }))) return;
  try {
    const drawn = await api("POST", `/api/sections/${section}/draw`);
    say(_("Round {round} drawn: the pads log in again for it", { round: drawn.round }));
  } catch (e) { say(e.message, true); }
}

// The event's format as the director says it ("swiss-teams": "Swiss teams").
function formatWords(format) {
  const words = { teams: _("teams"), "swiss-teams": _("Swiss teams"), "swiss-pairs": _("Swiss pairs"),
    "american-whist": _("American whist") };
  return words[format] ?? format;
}

function renderMatches(data) {
  const panel = document.getElementById("matches");
  panel.hidden = data.format === "pairs";
  if (panel.hidden) return;
  const swiss = data.format.startsWith("swiss");
  const parts = [el("h2", { id: "matches-title" }, _("Matches ({format})", { format: formatWords(data.format) }))];
  for (const section of data.sections) {
    const rounds = [...new Set(section.matches.map((m) => m.round))].sort((a, b) => b - a);
    parts.push(el("p", { class: "matches-state" },
      _("Section {section}: {drawn} of {rounds} rounds drawn", { section: section.section, drawn: section.rounds_drawn, rounds: data.rounds })));
    if (swiss && section.rounds_drawn < data.rounds) {
      parts.push(el("button", { type: "button", class: "director-only draw-next",
        onclick: () => drawNext(section.section) }, _("Close the round and draw the next")));
    }
    parts.push(standingsTable(section, teamCells(section), (s) => vpText(s.vps), vpText), ...rounds.map((r) => roundTable(section, r)));
  }
  panel.replaceChildren(...parts);
}

let pairs = false;  // a pairs event has no matches: nothing to read again

// Read with the grid (grid.js), and again after a live event that may change them.
export const readMatches = coalesced(async () => {
  if (document.body.dataset.director !== "yes") return;
  const data = await api("GET", "/api/matches");
  pairs = data.format === "pairs";
  renderMatches(data);
});

// A result, a score or a round drawn: a teams or Swiss event's matches are read again.
export function matchesChanged() { if (!pairs) readMatches(); }
