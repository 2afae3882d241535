// Results: rankings per field, travellers with matchpoints, personal score cards; kept live.
"use strict";

const fmt = (value) => (value === null || value === undefined ? "" : String(value));
const pct = (value) => (value === null || value === undefined ? "" : value.toFixed(2));

function resultText(line) {
  if (line.kind === "adjusted") return `adj ${line.adjusted}`;
  if (line.kind === "not_played") return "not played";
  return `${fmt(line.contract)} ${fmt(line.declarer)}`;
}

function table(headers, rows, attrs) {
  return el("table", attrs || {},
    el("thead", {}, el("tr", {}, ...headers.map(([text, cls]) => el("th", { class: cls || null, scope: "col" }, text)))),
    el("tbody", {}, ...rows));
}

function renderRankings(entries) {
  const box = document.querySelector("#rankings > div");
  box.textContent = "";
  const fields = new Map();
  for (const entry of entries) {
    const key = `${entry.section || ""} ${entry.direction || ""}`.trim();
    if (!fields.has(key)) fields.set(key, []);
    fields.get(key).push(entry);
  }
  for (const [field, rows] of fields) {
    box.append(el("div", { class: "ranking" }, el("h3", {}, `Section ${field}`),
      table([["Rank"], ["Pair"], ["Names", "text"], ["Total"], ["%"], ["Boards"]],
        rows.map((r) => el("tr", { "data-pair": r.pair },
          el("td", {}, r.rank_label), el("td", {}, `${r.pair}`), el("td", { class: "text" }, r.names || ""),
          el("td", {}, fmt(r.total)), el("td", {}, pct(r.pct)), el("td", {}, fmt(r.boards)))))));
  }
  if (!entries.length) box.append(el("p", {}, "No results yet."));
}

function renderTravellers(boards) {
  const box = document.getElementById("travellers");
  box.textContent = "";
  for (const board of boards) {
    box.append(el("div", { class: "traveller", "data-board": board.board },
      el("h3", {}, `Board ${board.board}${board.section ? " (" + board.section + ")" : ""}`, el("small", {}, ` top ${fmt(board.top)}`)),
      table([["NS"], ["EW"], ["Contract", "text"], ["Tricks"], ["Lead", "text"], ["NS score"], ["EW score"], ["NS MP"], ["EW MP"]],
        board.results.map((line) => el("tr", { class: line.source === "director" ? "director" : null },
          el("td", {}, `${line.ns}`), el("td", {}, `${line.ew}`),
          el("td", { class: "text" }, resultText(line)), el("td", {}, fmt(line.tricks)),
          el("td", { class: "text" }, fmt(line.lead)),
          el("td", {}, line.score_ns > 0 ? `${line.score_ns}` : ""),
          el("td", {}, line.score_ns < 0 ? `${-line.score_ns}` : ""),
          el("td", {}, fmt(line.mp_ns)), el("td", {}, fmt(line.mp_ew)))))));
  }
}

async function showScorecard() {
  const form = new FormData(document.getElementById("scorecard-form"));
  const direction = form.get("direction");
  const query = direction ? `?direction=${direction}` : "";
  const card = await api("GET", `/api/sections/${form.get("section")}/pairs/${form.get("pair")}/scorecard${query}`);
  const box = document.querySelector("#scorecard > div");
  box.textContent = "";
  box.append(el("h3", {}, `Pair ${card.pair}${card.direction ? " " + card.direction : ""}, section ${card.section}`),
    table([["Round"], ["Board"], ["Dir"], ["Opps"], ["Contract", "text"], ["Score"], ["MP"], ["%"]],
      card.boards.map((b) => el("tr", { class: b.source === "director" ? "director" : null },
        el("td", {}, `${b.round}`), el("td", {}, `${b.board}`), el("td", {}, b.direction),
        el("td", {}, fmt(b.opponents)), el("td", { class: "text" }, resultText(b)),
        el("td", {}, b.score_ns === null ? "" : `${b.direction === "NS" ? b.score_ns : -b.score_ns}`),
        el("td", {}, fmt(b.mp)), el("td", {}, pct(b.pct))))));
}

const refresh = coalesced(async () => {
  const status = await api("GET", "/api/status");
  document.body.dataset.published = status.results_public ? "yes" : "no";
  if (!status.results_public && document.body.dataset.director !== "yes") {
    say("The results are not published yet: the director publishes them once the session is over.");
    return;
  }
  say("");
  const [event, rankings, travellers] = await Promise.all([
    api("GET", "/api/event"), api("GET", "/api/rankings"), api("GET", "/api/travellers")]);
  document.getElementById("event-name").textContent = `${event.name || "Results"}: results`;
  renderRankings(rankings);
  renderTravellers(travellers);
  if (document.querySelector("#scorecard > div").childElementCount) await showScorecard();
});

document.addEventListener("DOMContentLoaded", () => {
  setupLogin(refresh);
  document.getElementById("director-login").addEventListener("click", showLogin);
  document.getElementById("print").addEventListener("click", () => window.print());
  document.getElementById("scorecard-form").addEventListener("submit", (event) => {
    event.preventDefault();
    showScorecard().catch((e) => say(e.message, true));
  });
  // Scores change as results come in; a stop or the last board in publishes the results.
  const publishing = new Set(["scores", "status", "complete"]);
  api("GET", "/api/whoami").then((who) => {
    document.body.dataset.director = who.director ? "yes" : "no";
    listen((event) => { if (publishing.has(event.type)) refresh(); }, refresh);
  });
});
