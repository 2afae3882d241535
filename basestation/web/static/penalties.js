// Penalties: the procedural and disciplinary penalties of the open event, added and removed.
// A pairs event takes a percentage of a top; a teams or Swiss event VPs off a total or IMPs
// off one round's match.
import { api, el, say, checkLogin, setupLogin, listen, coalesced } from "./common.js";
import { _, decimalsOf as decimals, formatNumber, formatPercent, sideLetters, whenParsed } from "./i18n.js";

const MATCH_FORMATS = ["teams", "swiss-teams", "swiss-pairs"];
let pairsEntrants = false;  // a Swiss pairs event: its entrants are pairs, not teams

// A number as the page's language writes it, with the decimals it has (12.5: "12,5" in French).
const plain = (value) => formatNumber(value, decimals(value));

// The words of a match penalty's entrant: a team's, or a Swiss pairs event's pair's.
const entrantWords = () => (pairsEntrants ? {
  label: _("Pair"),
  note: _("In a Swiss pairs event a penalty takes VPs off the pair's total (fouled pairs: 10-10 and 2 VPs off each), or IMPs off its score in one round's match, which changes that match's VPs."),
  remove: (n) => _("Remove the penalty on pair {n}", { n }),
  removed: (n) => _("Penalty on pair {n} removed.", { n }),
  vps: (n, vps) => _("Pair {n} loses {vps} VPs.", { n, vps }),
  imps: (n, imps, round) => _("Pair {n} loses {imps} IMPs in round {round}.", { n, imps, round }),
} : {
  label: _("Team"),
  note: _("In a teams or Swiss event a penalty takes VPs off the team's total (fouled teams: 10-10 and 2 VPs off each), or IMPs off its score in one round's match, which changes that match's VPs."),
  remove: (n) => _("Remove the penalty on team {n}", { n }),
  removed: (n) => _("Penalty on team {n} removed.", { n }),
  vps: (n, vps) => _("Team {n} loses {vps} VPs.", { n, vps }),
  imps: (n, imps, round) => _("Team {n} loses {imps} IMPs in round {round}.", { n, imps, round }),
});

const refresh = coalesced(async () => {
  const event = await api("GET", "/api/event");
  document.getElementById("event-name").textContent = event.name ?
    _("{event}: penalties", { event: event.name }) : _("No event: penalties");
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
    pairsEntrants = event.format === "swiss-pairs";
    const words = entrantWords();
    document.getElementById("match-note").textContent = words.note;
    for (const word of document.querySelectorAll(".entrant-word-cap")) word.textContent = words.label;
    showMatchPenalties(await api("GET", "/api/match-penalties"));
  } else {
    showPenalties(await api("GET", "/api/penalties"));
  }
});

function showPenalties(penalties) {
  const body = document.querySelector("#penalties tbody");
  body.replaceChildren(...penalties.map((p) => el("tr", { "data-id": p.id },
    el("td", {}, p.section), el("td", {}, formatNumber(p.pair)),
    el("td", {}, p.direction ? sideLetters(p.direction) : _("any")),
    el("td", {}, plain(p.percent)), el("td", {}, p.board ? formatNumber(p.board) : ""),
    el("td", {}, el("button", { type: "button", onclick: () => remove(_("Penalty on pair {n} removed.", { n: p.pair }), p.id) },
      _("Remove the penalty on pair {n}", { n: p.pair }))))));
  if (!penalties.length) body.append(el("tr", {}, el("td", { colspan: 6 }, _("No penalties."))));
}

function showMatchPenalties(penalties) {
  const words = entrantWords();
  const body = document.querySelector("#match-penalties-table tbody");
  body.replaceChildren(...penalties.map((p) => el("tr", { "data-id": p.id },
    el("td", {}, p.section), el("td", {}, formatNumber(p.entrant)), el("td", {}, p.vps ? plain(p.vps) : ""),
    el("td", {}, p.imps ? plain(p.imps) : ""), el("td", {}, p.round ? formatNumber(p.round) : ""),
    el("td", {}, el("button", { type: "button", onclick: () => remove(words.removed(p.entrant), p.id) },
      words.remove(p.entrant))))));
  if (!penalties.length) body.append(el("tr", {}, el("td", { colspan: 6 }, _("No penalties."))));
}

async function remove(done, id) {
  try {
    await api("DELETE", `/api/penalties/${id}`);
    say(done);
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
    say(_("Pair {n} loses {percent} of a top.",
      { n: added.pair, percent: formatPercent(added.percent, decimals(added.percent)) }));
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
    const words = entrantWords();
    say(added.vps ? words.vps(added.entrant, plain(added.vps)) :
      words.imps(added.entrant, plain(added.imps), added.round));
    form.elements.entrant.value = "";
  } catch (failure) {
    error.textContent = failure.message;
  }
  refresh();
}

whenParsed(() => {
  for (const option of document.querySelectorAll("#penalty-form option.side")) option.textContent = sideLetters(option.value);
  setupLogin(refresh);
  document.getElementById("penalty-form").addEventListener("submit", add);
  document.getElementById("match-penalty-form").addEventListener("submit", addMatchPenalty);
  checkLogin().then((director) => {
    if (director) refresh();
    listen((event) => { if (event.type === "scores" || event.type === "event") refresh(); }, refresh);
  });
});
