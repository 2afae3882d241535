// Penalties: the procedural and disciplinary penalties of the open event, added and removed.
// A pairs event takes a percentage of a top; a teams or Swiss event VPs off a total or IMPs
// off one round's match.
import { api, el, say, checkLogin, setupLogin, listen, coalesced } from "./common.js";
import { whenParsed } from "./i18n.js";

const MATCH_FORMATS = ["teams", "swiss-teams", "swiss-pairs"];
let entrantWord = "team";

const refresh = coalesced(async () => {
  const event = await api("GET", "/api/event");
  document.getElementById("event-name").textContent = `${event.name || "No event"}: penalties`;
  const matchEvent = MATCH_FORMATS.includes(event.format);
  document.getElementById("pairs-penalties").hidden = matchEvent;
  document.getElementById("match-penalties").hidden = !matchEvent;
  for (const form of ["#penalty-form", "#match-penalty-form"]) {
    const select = document.querySelector(`${form} [name=section]`);
    const chosen = select.value;
    select.replaceChildren(...event.sections.map((s) => el("option", { value: s.letter }, s.letter)));
    if (chosen) select.value = chosen;
  }
  if (matchEvent) {
    entrantWord = event.format === "swiss-pairs" ? "pair" : "team";
    for (const word of document.querySelectorAll(".entrant-word")) word.textContent = entrantWord;
    const capital = entrantWord[0].toUpperCase() + entrantWord.slice(1);
    for (const word of document.querySelectorAll(".entrant-word-cap")) word.textContent = capital;
    showMatchPenalties(await api("GET", "/api/match-penalties"));
  } else {
    showPenalties(await api("GET", "/api/penalties"));
  }
});

function showPenalties(penalties) {
  const body = document.querySelector("#penalties tbody");
  body.replaceChildren(...penalties.map((p) => el("tr", { "data-id": p.id },
    el("td", {}, p.section), el("td", {}, `${p.pair}`), el("td", {}, p.direction || "any"),
    el("td", {}, `${p.percent}`), el("td", {}, p.board ? `${p.board}` : ""),
    el("td", {}, el("button", { type: "button", onclick: () => remove(`pair ${p.pair}`, p.id) }, `Remove the penalty on pair ${p.pair}`)))));
  if (!penalties.length) body.append(el("tr", {}, el("td", { colspan: 6 }, "No penalties.")));
}

function showMatchPenalties(penalties) {
  const body = document.querySelector("#match-penalties-table tbody");
  body.replaceChildren(...penalties.map((p) => el("tr", { "data-id": p.id },
    el("td", {}, p.section), el("td", {}, `${p.entrant}`), el("td", {}, p.vps ? `${p.vps}` : ""),
    el("td", {}, p.imps ? `${p.imps}` : ""), el("td", {}, p.round ? `${p.round}` : ""),
    el("td", {}, el("button", { type: "button", onclick: () => remove(`${entrantWord} ${p.entrant}`, p.id) },
      `Remove the penalty on ${entrantWord} ${p.entrant}`)))));
  if (!penalties.length) body.append(el("tr", {}, el("td", { colspan: 6 }, "No penalties.")));
}

async function remove(who, id) {
  try {
    await api("DELETE", `/api/penalties/${id}`);
    say(`Penalty on ${who} removed.`);
  } catch (error) {
    say(error.message, true);
  }
  refresh();
}

const number = (form, name) => (form.elements[name].value === "" ? null : Number(form.elements[name].value));

async function add(event) {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById("penalty-error");
  error.textContent = "";
  try {
    const added = await api("POST", "/api/penalties", {
      section: form.elements.section.value, pair: number(form, "pair"), direction: form.elements.direction.value || null,
      percent: number(form, "percent"), board: number(form, "board"),
    });
    say(`Pair ${added.pair} loses ${added.percent}% of a top.`);
    form.elements.pair.value = "";
  } catch (failure) {
    error.textContent = failure.message;
  }
  refresh();
}

async function addMatchPenalty(event) {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById("match-penalty-error");
  error.textContent = "";
  const unit = form.elements.unit.value;
  try {
    const added = await api("POST", "/api/match-penalties", {
      section: form.elements.section.value, entrant: number(form, "entrant"),
      [unit]: number(form, "amount"), round: unit === "imps" ? number(form, "round") : null,
    });
    say(added.vps ? `${entrantWord[0].toUpperCase()}${entrantWord.slice(1)} ${added.entrant} loses ${added.vps} VPs.`
      : `${entrantWord[0].toUpperCase()}${entrantWord.slice(1)} ${added.entrant} loses ${added.imps} IMPs in round ${added.round}.`);
    form.elements.entrant.value = "";
  } catch (failure) {
    error.textContent = failure.message;
  }
  refresh();
}

whenParsed(() => {
  setupLogin(refresh);
  document.getElementById("penalty-form").addEventListener("submit", add);
  document.getElementById("match-penalty-form").addEventListener("submit", addMatchPenalty);
  checkLogin().then((director) => {
    if (director) refresh();
    listen((event) => { if (event.type === "scores" || event.type === "event") refresh(); }, refresh);
  });
});
