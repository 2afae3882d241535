// The club's list of players, with their national numbers and handicaps: the director edits
// the handicaps here (for handicap events), imports a list (CSV) and exports it.
import { api, el, say, setupLogin, showLogin } from "./common.js";
import { _, n_, formatNumber, whenParsed } from "./i18n.js";

const isDirector = () => document.body.dataset.director === "yes";
let shown = [];  // the list as last read: [{number, name, national, handicap}]

function handicapText(value) {
  return value === null || value === undefined ? "" : `${value}`;  // an input's value: digits and a point
}

async function loadList() {
  if (!isDirector()) return;
  shown = await api("GET", "/api/players");
  const body = document.querySelector("#club-list tbody");
  body.replaceChildren(...shown.map((p) => el("tr", { "data-number": p.number },
    el("td", {}, formatNumber(p.number)), el("td", { class: "text" }, p.name), el("td", { class: "text" }, p.national || ""),
    el("td", {}, el("input", { type: "number", step: "0.5", min: -50, max: 50, name: `handicap-${p.number}`,
      value: handicapText(p.handicap), "aria-label": _("Handicap of {name}", { name: p.name }) })))));
  if (!shown.length) body.append(el("tr", {}, el("td", { colspan: 4 }, _("No players yet: import the club's list."))));
}

// Only the handicaps changed are sent; an empty box takes a player's handicap away.
async function saveHandicaps(event) {
  event.preventDefault();
  const changed = [];
  for (const player of shown) {
    const box = document.querySelector(`[name="handicap-${player.number}"]`);
    if (!box || box.value === handicapText(player.handicap)) continue;
    if (box.value !== "" && !box.checkValidity()) {
      say(_("The handicap of {name} must be a number from {low} to {high}.",
        { name: player.name, low: formatNumber(-50), high: formatNumber(50) }), true);
      box.focus();
      return;
    }
    changed.push({ number: player.number, name: player.name, handicap: box.value === "" ? null : Number(box.value) });
  }
  if (!changed.length) {
    say(_("No handicap was changed."));
    return;
  }
  try {
    await api("PUT", "/api/players", changed);
    await loadList();
    say(_("Saved the handicaps of {names}.", { names: changed.map((p) => p.name).join(", ") }));
  } catch (error) {
    say(error.message, true);
  }
}

async function importList(input) {
  const file = input.files[0];
  if (!file) return;
  try {
    const stored = await api("POST", "/api/players/csv", { csv: await file.text() });
    await loadList();
    say(n_("{n} player read from {file}; the club's list holds {players}.",
      "{n} players read from {file}; the club's list holds {players}.", stored.stored,
      { file: file.name, players: formatNumber(stored.players) }));
  } catch (error) {
    say(_("{file}: {error} Nothing of the file was stored.", { file: file.name, error: error.message }), true);
  }
  input.value = "";
}

whenParsed(() => {
  setupLogin(() => loadList().catch((error) => say(error.message, true)),
    () => document.querySelector("#club-list tbody").replaceChildren());
  document.getElementById("director-login").addEventListener("click", showLogin);
  document.getElementById("players-form").addEventListener("submit", saveHandicaps);
  document.getElementById("list-file").addEventListener("change", (e) => importList(e.target));
  api("GET", "/api/whoami").then(async (who) => {
    document.body.dataset.director = who.director ? "yes" : "no";
    await loadList();
  }).catch((error) => say(error.message, true));
});
