// A teams or Swiss event's standings table (VPs, then Swiss points, then IMPs), as the grid's
// matches panel and the results page show it. `who` gives the entrant's columns after the
// rank: their headings ([text, class]) and each standing's cells; `vps` writes a standing's
// VPs, `number` its Swiss points.
import { el } from "./common.js";
import { _ } from "./i18n.js";

export function standingsTable(section, who, vps, number) {
  const heads = [[_("Rank")], ...who.heads, [_("VPs")], [_("Swiss points")], [_("IMPs")]];
  const rows = section.standings.map((s) => el("tr", { "data-entrant": s.entrant },
    el("td", {}, `${s.rank}`), ...who.cells(s), el("td", {}, vps(s)),
    el("td", {}, number(s.swiss_points)), el("td", {}, `${s.imps}`)));
  return el("table", { class: "standings", "aria-label": _("Section {section} standings", { section: section.section }) },
    el("thead", {}, el("tr", {}, ...heads.map(([text, cls]) => el("th", { class: cls || null, scope: "col" }, text)))),
    el("tbody", {}, ...rows));
}
