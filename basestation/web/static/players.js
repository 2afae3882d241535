// Who plays for each pair or team of the open event: a table per section with the names, and
// the director's dialog to seat a pair or team (numbers from the club's list, found by number
// or by name, or a visitor by name). Used by the grid and by the set-up page.
import { api, el, say } from "./common.js";
import { _, sideLetters } from "./i18n.js";

const seating = { data: null, club: [], section: null, row: null, done: null };

// What the page does once a pair or team is seated (the grid refreshes, set-up shows them again).
export function whenSeated(done) { seating.done = done; }

// "NS pair 3", "pair 4" (one field), "team 2"; capitalised, as a sentence begins ("NS pair 3",
// "Pair 4", "Team 2"). Two messages each, as not every language capitalises by a rule.
function entrantWords(section, row, start = false) {
  const v = { n: row.entrant, side: sideLetters(row.side) };
  if (section.entrant === "team") return start ? _("Team {n}", v) : _("team {n}", v);
  if (row.side) return _("{side} pair {n}", v);
  return start ? _("Pair {n}", v) : _("pair {n}", v);
}

// The names of the pair sitting `side` ("NS"/"EW") for `entrant` in a section: a team's pair
// at that side, a one-field pair whichever way it sits. "" when nobody said.
export function namesAt(letter, entrant, side) {
  const section = seating.data && seating.data.sections.find((s) => s.section === letter);
  if (!section || entrant == null) return "";
  if (section.entrant === "team") {
    const team = section.entrants.find((e) => e.entrant === entrant);
    return (team && team.pairs && team.pairs[side]) || "";
  }
  const row = section.entrants.find((e) => e.entrant === entrant && (e.side === side || e.side === ""));
  return row ? row.names : "";
}

// A team's or Swiss pair's names, as a whole.
export function entrantNames(letter, entrant) {
  const section = seating.data && seating.data.sections.find((s) => s.section === letter);
  const row = section && section.entrants.find((e) => e.entrant === entrant && e.side === "");
  return row ? row.names : "";
}

// "NS 1 (Ann Smith & Bob Jones) v EW 1 (...)": who plays at a table, with the names known.
export function pairsWithNames(letter, ns, ew) {
  const one = (side, n) => {
    const names = namesAt(letter, n, side);
    const v = { side: sideLetters(side), n, names };
    return names ? _("{side} {n} ({names})", v) : _("{side} {n}", v);
  };
  return _("{ns} v {ew}", { ns: one("NS", ns), ew: one("EW", ew) });
}

// How many times who plays was read: a grid cell drawn with older names is drawn again.
let seatsRead = 0;
export const seatsVersion = () => seatsRead;

export function renderSeats(box, data) {
  seating.data = data;
  seatsRead += 1;
  if (!data) {  // not logged in: the names are the director's
    box.replaceChildren(el("p", {}, _("Log in as the director to see who plays.")));
    return;
  }
  if (!data.sections.length) {
    box.replaceChildren(el("p", {}, _("No event is open: open one to seat its pairs.")));
    return;
  }
  box.replaceChildren(...data.sections.map((section) => {
    const who = section.entrant === "team" ? _("Team") : _("Pair");
    const rows = section.entrants.map((row) => {
      const words = entrantWords(section, row);
      return el("tr", { "data-entrant": row.entrant, "data-side": row.side },
        el("th", { scope: "row" }, entrantWords(section, row, true)),
        el("td", { class: "text names" }, row.names || _("not seated")),
        el("td", { class: "director-only" }, el("button", { type: "button", onclick: () => openSeatDialog(section, row) },
          _("Seat {who}", { who: words }))));
    });
    const v = { section: section.section };
    return el("table", { class: "seats", "aria-label": _("Section {section} players", v), "data-section": section.section },
      el("caption", {}, _("Section {section}", v)),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, who), el("th", { scope: "col", class: "text" }, _("Players")),
        el("th", { scope: "col", class: "director-only" }, _("Change")))),
      el("tbody", {}, ...rows));
  }));
}

// The seats' words, in the order the players are given.
function seatLabels(section, row) {
  if (section.entrant === "team") {
    return [_("Player 1 (North at home)"), _("Player 2 (South at home)"), _("Player 3 (East away)"), _("Player 4 (West away)"),
      _("Player 5 (reserve)"), _("Player 6 (reserve)")].slice(0, section.most);
  }
  if (row.side === "NS") return [_("North"), _("South")];
  if (row.side === "EW") return [_("East"), _("West")];
  return [_("First player"), _("Second player")];
}

function seatDialog() {
  let dialog = document.getElementById("seat-dialog");
  if (dialog) return dialog;
  const form = el("form", { id: "seat-form" },
    el("p", { class: "note" }, _("Give each player's number, or a name: a name on the club's list finds the number; any other name seats a visitor, who gets a number of their own.")),
    el("div", { id: "seat-lines" }),
    el("datalist", { id: "club-names" }),
    el("p", {}, el("button", { type: "submit", id: "seat-submit" }, _("Seat"))),
    el("p", { id: "seat-error", class: "message bad", role: "alert" }));
  dialog = el("dialog", { id: "seat-dialog", "aria-labelledby": "seat-title" },
    el("form", { method: "dialog", class: "dialog-head" }, el("h2", { id: "seat-title" }),
      el("button", { value: "close", "aria-label": _("Close the seating") }, _("Close"))),
    form);
  document.body.append(dialog);
  form.addEventListener("submit", (event) => { event.preventDefault(); seatNow(); });
  return dialog;
}

const clubName = (number) => { const p = seating.club.find((c) => c.number === number); return p ? p.name : ""; };
const clubNumber = (name) => {
  const wanted = name.trim().toLowerCase();
  const p = seating.club.find((c) => c.name.toLowerCase() === wanted);
  return p ? p.number : null;
};

function seatLine(label, player, index) {
  const number = el("input", { type: "number", min: "1", max: "10000000", name: `number-${index}`,
    value: player && player.number ? player.number : "" });
  const name = el("input", { name: `name-${index}`, list: "club-names", autocomplete: "off", maxlength: "100",
    value: player && player.number ? player.name : "" });
  const found = el("span", { class: "found", "aria-live": "polite" });
  // The number finds the name on the list; a name on the list finds the number.
  number.addEventListener("input", () => {
    const known = clubName(Number(number.value));
    name.value = known;
    found.textContent = number.value && !known ? _("{number} is not on the club's list", { number: number.value }) : "";
  });
  name.addEventListener("change", () => {
    const known = clubNumber(name.value);
    number.value = known ?? "";
    found.textContent = name.value.trim() && known === null ? _("not on the list: seated as a visitor") : "";
  });
  return el("fieldset", { class: "inline seat-line" }, el("legend", {}, label),
    el("label", {}, _("{seat}'s number", { seat: label }), " ", number), el("label", {}, _("{seat}'s name", { seat: label }), " ", name), found);
}

async function openSeatDialog(section, row) {
  seating.section = section;
  seating.row = row;
  const dialog = seatDialog();
  const words = entrantWords(section, row);
  seating.club = await api("GET", "/api/players");
  document.getElementById("club-names").replaceChildren(...seating.club.map((p) => el("option", { value: p.name }, `${p.number}`)));
  document.getElementById("seat-title").textContent = _("Who plays for {who} of section {section}", { who: words, section: section.section });
  document.getElementById("seat-lines").replaceChildren(...seatLabels(section, row).map((label, i) => seatLine(label, row.players[i], i)));
  document.getElementById("seat-submit").textContent = _("Seat {who}", { who: words });
  document.getElementById("seat-error").textContent = "";
  if (!dialog.open) dialog.showModal();
}

// Each seat as the API takes it: a number, or a visitor's name; seats left empty after the
// fewest a pair or team needs are left out.
function seatedPlayers() {
  const lines = [...document.querySelectorAll("#seat-lines .seat-line")].map((line) => {
    const number = line.querySelector("input[type=number]").value;
    const name = line.querySelector("input[list]").value.trim();
    if (number) return { number: Number(number) };
    if (name) return clubNumber(name) !== null ? { number: clubNumber(name) } : { visitor: name };
    return null;
  });
  while (lines.length > seating.section.fewest && lines[lines.length - 1] === null) lines.pop();
  return lines.map((p) => p || {});
}

async function seatNow() {
  const { section, row } = seating;
  const button = document.getElementById("seat-submit");
  const label = button.textContent;
  button.disabled = true;
  button.textContent = _("{action}: waiting for the station…", { action: label });
  try {
    const seated = await api("PUT", `/api/seats/${section.section}/${row.entrant}`,
      { players: seatedPlayers(), side: row.side || null });
    document.getElementById("seat-dialog").close();
    say(_("{who} of section {section}: {names}", { who: entrantWords(section, row, true), section: section.section, names: seated.names }));
    if (seating.done) await seating.done();
  } catch (e) {
    document.getElementById("seat-error").textContent = e.message;
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}
