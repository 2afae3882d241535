// Competitions and their ladders: the ladder as the rules rank it (shown, printed, CSV), the
// director's forms for a competition's rules and sessions, and a year's place-getters.
import { api, el, say, setupLogin, showLogin, dayText } from "./common.js";
import { _, n_, formatNumber, whenParsed } from "./i18n.js";

const state = { competitions: [], chosen: null, events: [] };
const two = (value) => (value === null || value === undefined ? "" : formatNumber(value, 2));

function rulesText(c) {
  const values = { sessions: c.sessions, qualify: c.qualify, count: c.count };
  if (c.kind === "individual") {
    return c.change_partner ?
      _("Individual ladder: {sessions} sessions in the competition, {qualify} to qualify, best {count} count; players must change partner at least once.", values) :
      _("Individual ladder: {sessions} sessions in the competition, {qualify} to qualify, best {count} count.", values);
  }
  return c.change_partner ?
    _("Pairs ladder: {sessions} sessions in the competition, {qualify} to qualify, best {count} count; players must change partner at least once.", values) :
    _("Pairs ladder: {sessions} sessions in the competition, {qualify} to qualify, best {count} count.", values);
}

// Why an entrant has not qualified, from the rules and what it played.
function whyText(c, played) {
  if (played.length < c.qualify) {
    return _("played {n} of the {qualify} sessions needed to qualify", { n: played.length, qualify: c.qualify });
  }
  return _("played every session with the same partner");
}

function table(caption, headers, rows) {
  return el("table", {},
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, ...headers.map(([text, cls]) => el("th", { scope: "col", class: cls || null }, text)))),
    el("tbody", {}, ...rows));
}

// A session's percentage: one that does not count is in brackets.
function sessionCells(events, played) {
  const byEvent = new Map(played.map((p) => [p.event, p]));
  return events.map((e) => {
    const p = byEvent.get(e.id);
    if (!p) return el("td", {}, "");
    const title = p.partners ?
      (p.counted ? _("counts, with {partners}", { partners: p.partners }) :
        _("does not count, with {partners}", { partners: p.partners })) :
      (p.counted ? _("counts") : _("does not count"));
    return el("td", { class: p.counted ? "counted" : "not-counted", title },
      p.counted ? two(p.pct) : `(${two(p.pct)})`);
  });
}

function renderLadder(ladder) {
  const box = document.querySelector("#ladder > div");
  const c = ladder.competition;
  document.getElementById("ladder-title").textContent = _("Ladder: {name}", { name: c.name });
  const said = [rulesText(c), _("{played} of {sessions} sessions played.",
    { played: ladder.sessions_played, sessions: c.sessions })];
  if (ladder.left_out) {
    said.push(n_("{n} session not published yet is not counted.",
      "{n} sessions not published yet are not counted.", ladder.left_out));
  }
  document.getElementById("ladder-rules").textContent = said.join(" ");
  const sessionHeads = ladder.events.map((e) => [dayText(e.date) || e.name]);
  const ranked = table(_("Ladder of {name}", { name: c.name }),
    [[_("Place")], [_("Names"), "text"], [_("Average %")], [_("Played")], ...sessionHeads],
    ladder.rows.map((r) => el("tr", {},
      el("td", {}, r.rank_label), el("td", { class: "text" }, r.names), el("td", {}, two(r.average)),
      el("td", {}, formatNumber(r.played.length)), ...sessionCells(ladder.events, r.played))));
  const parts = [ranked];
  if (!ladder.rows.length) parts.push(el("p", {}, _("Nobody has qualified yet.")));
  if (ladder.not_qualified.length) {
    parts.push(table(_("Not qualified"), [[_("Names"), "text"], [_("Why"), "text"], [_("Played")], ...sessionHeads],
      ladder.not_qualified.map((n) => el("tr", {},
        el("td", { class: "text" }, n.names), el("td", { class: "text" }, whyText(c, n.played)),
        el("td", {}, formatNumber(n.played.length)), ...sessionCells(ladder.events, n.played)))));
  }
  box.replaceChildren(...parts);
}

function rulesFields(prefix, c) {
  const number = (name, label, value) => el("label", {}, `${label} `,
    el("input", { id: `${prefix}-${name}`, name, type: "number", min: 1, max: 1000, required: true, value }));
  const kind = el("select", { id: `${prefix}-kind`, name: "kind" },
    el("option", { value: "pairs" }, _("Pairs")), el("option", { value: "individual" }, _("Individual")));
  kind.value = c.kind;
  return [
    el("label", {}, _("Ranking") + " ", kind),
    number("sessions", _("Sessions in the competition"), c.sessions),
    number("qualify", _("Sessions to qualify"), c.qualify),
    number("count", _("Sessions that count"), c.count),
    el("label", {}, el("input", { id: `${prefix}-change`, name: "change_partner", type: "checkbox",
      checked: c.change_partner ? "checked" : null }), " " + _("Players must change partner at least once")),
  ];
}

function readRules(form) {
  const data = new FormData(form);
  return { kind: data.get("kind"), sessions: Number(data.get("sessions")), qualify: Number(data.get("qualify")),
    count: Number(data.get("count")), change_partner: data.get("change_partner") === "on" };
}

function renderForms() {
  const c = state.chosen;
  const rules = document.getElementById("rules-form");
  const list = document.getElementById("competition-events");
  document.getElementById("rules-box").hidden = !c;
  if (c) {
    rules.replaceChildren(...rulesFields("rules", c), el("button", { type: "submit" },
      _("Save the rules of {name}", { name: c.name })));
    list.replaceChildren(...c.events.map((e) => el("li", {}, `${e.name}, ${dayText(e.date)} `,
      el("button", { type: "button", onclick: () => removeEvent(e) },
        _("Remove {event} from the competition", { event: e.name })))));
    if (!c.events.length) list.append(el("li", {}, _("No sessions yet.")));
    const inIt = new Set(c.events.map((e) => e.id));
    document.getElementById("add-event").replaceChildren(...state.events.filter((e) => !inIt.has(e.id))
      .map((e) => el("option", { value: e.id }, `${e.name}${e.date ? ", " + dayText(e.date) : ""}`)));
  }
  const fresh = document.getElementById("new-form");
  if (fresh.childElementCount) return;  // what the director is typing stays
  fresh.replaceChildren(el("label", {}, _("Name") + " ", el("input", { id: "new-name", name: "name", required: true, maxlength: 100 })),
    ...rulesFields("new", { kind: "pairs", sessions: 6, qualify: 5, count: 5, change_partner: false }),
    el("button", { type: "submit" }, _("Create the competition")));
}

async function loadCompetitions(chosenId) {
  state.competitions = await api("GET", "/api/competitions");
  const select = document.getElementById("competition-select");
  select.replaceChildren(...state.competitions.map((c) => el("option", { value: c.id }, c.name)));
  const wanted = chosenId || Number(new URLSearchParams(location.search).get("competition")) ||
    (state.competitions.length ? state.competitions[state.competitions.length - 1].id : null);
  state.chosen = state.competitions.find((c) => c.id === wanted) || null;
  if (state.chosen) select.value = state.chosen.id;
  await showChosen();
}

async function showChosen() {
  const c = state.chosen;
  document.getElementById("ladder").hidden = !c;
  const csv = document.getElementById("ladder-csv");
  csv.hidden = !c;
  if (c) {
    csv.href = `/api/competitions/${c.id}/ladder.csv`;
    history.replaceState(null, "", `/competitions?competition=${c.id}`);
    renderLadder(await api("GET", `/api/competitions/${c.id}/ladder`));
  } else {
    say(_("No competition yet: the director creates one below."));
  }
  renderForms();
}

async function attempt(job, done) {
  try {
    await job();
    say(done);
  } catch (error) {
    say(error.message, true);
  }
}

async function removeEvent(event) {
  const c = state.chosen;
  await attempt(async () => {
    await api("DELETE", `/api/competitions/${c.id}/events/${event.id}`);
    await loadCompetitions(c.id);
  }, _("{event} is no longer in {competition}.", { event: event.name, competition: c.name }));
}

async function renderSummary(year) {
  const box = document.querySelector("#summary > div");
  const found = await api("GET", `/api/competitions/summary?year=${year}`);
  document.getElementById("summary-title").textContent = _("Competition summary for {year}", { year });
  box.replaceChildren(...found.map((s) => table(s.competition.name, [[_("Place")], [_("Names"), "text"], [_("Average %")]],
    s.place_getters.map((p) => el("tr", {}, el("td", {}, p.rank_label), el("td", { class: "text" }, p.names),
      el("td", {}, two(p.average)))))));
  if (!found.length) box.append(el("p", {}, _("No competition was played in {year}.", { year })));
}

async function loadEvents() {
  state.events = (await api("GET", "/api/events")).filter((e) => (e.format || "pairs") === "pairs");
}

whenParsed(() => {
  setupLogin(() => loadEvents().then(() => loadCompetitions(state.chosen && state.chosen.id)));
  document.getElementById("director-login").addEventListener("click", showLogin);
  document.getElementById("competition-select").addEventListener("change", async (e) => {
    state.chosen = state.competitions.find((c) => c.id === Number(e.target.value)) || null;
    await showChosen().catch((error) => say(error.message, true));
  });
  document.getElementById("rules-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const c = state.chosen;
    attempt(async () => {
      await api("PUT", `/api/competitions/${c.id}/rules`, readRules(e.target));
      await loadCompetitions(c.id);
    }, _("The rules of {name} are saved.", { name: c.name }));
  });
  document.getElementById("add-event-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const c = state.chosen;
    const event = state.events.find((x) => x.id === Number(document.getElementById("add-event").value));
    if (!event) return;
    attempt(async () => {
      await api("PUT", `/api/competitions/${c.id}/events/${event.id}`);
      await loadCompetitions(c.id);
    }, _("{event} is in {competition}.", { event: event.name, competition: c.name }));
  });
  document.getElementById("new-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = document.getElementById("new-name").value;
    attempt(async () => {
      const made = await api("POST", "/api/competitions", { name, ...readRules(e.target) });
      e.target.replaceChildren();  // a fresh form for the next one
      await loadCompetitions(made.id);
    }, _("{name} is created.", { name }));
  });
  document.getElementById("summary-form").addEventListener("submit", (e) => {
    e.preventDefault();
    renderSummary(document.getElementById("summary-year").value).catch((error) => say(error.message, true));
  });
  for (const button of document.querySelectorAll(".prints button")) {
    button.addEventListener("click", () => { document.body.dataset.print = button.dataset.print; window.print(); });
  }
  window.addEventListener("afterprint", () => { document.body.dataset.print = "all"; });
  const year = new Date().getFullYear();
  document.getElementById("summary-year").value = year;
  api("GET", "/api/whoami").then(async (who) => {
    document.body.dataset.director = who.director ? "yes" : "no";
    if (who.director) await loadEvents();
    await loadCompetitions();
    await renderSummary(year);
  }).catch((error) => say(error.message, true));
});
