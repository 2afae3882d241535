// A player's results over a chosen period (the past year unless changed): each session's date,
// event, partner, percentage and place; shown and printed.
import { api, el, say, setupLogin, showLogin, dayText } from "./common.js";
import { _, n_, formatNumber, formatPercent, whenParsed } from "./i18n.js";

const twoPlaces = (value) => (value === null || value === undefined ? "" : formatNumber(value, 2));
const isoDay = (date) => date.toISOString().slice(0, 10);

const isDirector = () => document.body.dataset.director === "yes";

async function showHistory() {
  const number = document.getElementById("player").value;
  const since = document.getElementById("since").value;
  const until = document.getElementById("until").value;
  if (!number || !isDirector()) return;
  history.replaceState(null, "", `/player-history?player=${number}&since=${since}&until=${until}`);
  const found = await api("GET", `/api/players/${number}/history?since=${since}&until=${until}`);
  const who = found.player.national ? `${found.player.name} (${found.player.national})` : found.player.name;
  document.getElementById("player-title").textContent = _("Results of {player}, {since} to {until}",
    { player: who, since: dayText(found.since), until: dayText(found.until) });
  const rows = found.sessions.map((s) => el("tr", {},
    el("td", { class: "text" }, dayText(s.date)), el("td", { class: "text" }, s.event_name),
    el("td", { class: "text" }, s.partners), el("td", {}, twoPlaces(s.pct)),
    el("td", {}, _("{place} of {pairs}", { place: s.rank_label, pairs: formatNumber(s.pairs) }))));
  const box = document.querySelector("#player-results > div");
  box.replaceChildren(el("table", {},
    el("caption", {}, found.average === undefined || found.average === null ?
      n_("{n} session(s)", "{n} session(s)", found.sessions.length) :
      n_("{n} session(s), average {average}", "{n} session(s), average {average}", found.sessions.length,
        { average: formatPercent(found.average) })),
    el("thead", {}, el("tr", {}, ...[_("Date"), _("Event"), _("Partner"), "%", _("Place")].map((t, i) =>
      el("th", { scope: "col", class: i < 3 ? "text" : null }, t)))),
    el("tbody", {}, ...rows)));
  if (!rows.length) box.append(el("p", {}, _("No sessions in this period.")));
  say("");
}

// The club's list and a player's results are the director's.
async function loadPlayers() {
  const select = document.getElementById("player");
  const kept = select.value || new URLSearchParams(location.search).get("player");
  if (!isDirector()) return;
  const players = await api("GET", "/api/players");
  select.replaceChildren(...players.map((p) => el("option", { value: p.number }, `${p.name} (${p.number})`)));
  if (kept) select.value = kept;
}

whenParsed(() => {
  setupLogin(() => loadPlayers().then(showHistory).catch((error) => say(error.message, true)),
    () => {  // what the director was shown goes with the login
      document.getElementById("player-title").textContent = _("A player's results");
      document.querySelector("#player-results > div").replaceChildren();
    });
  document.getElementById("director-login").addEventListener("click", showLogin);
  const params = new URLSearchParams(location.search);
  const today = new Date();
  document.getElementById("until").value = params.get("until") || isoDay(today);
  document.getElementById("since").value = params.get("since") ||
    isoDay(new Date(today.getTime() - 365 * 24 * 3600 * 1000));
  document.getElementById("history-form").addEventListener("submit", (e) => {
    e.preventDefault();
    showHistory().catch((error) => say(error.message, true));
  });
  document.getElementById("print-history").addEventListener("click", () => window.print());
  api("GET", "/api/whoami").then(async (who) => {
    document.body.dataset.director = who.director ? "yes" : "no";
    await loadPlayers();
    if (params.get("player")) await showHistory();
  }).catch((error) => say(error.message, true));
});
