// Penalties: the procedural and disciplinary penalties of the open event, added and removed.
"use strict";

const refresh = coalesced(async () => {
  const [event, penalties] = await Promise.all([api("GET", "/api/event"), api("GET", "/api/penalties")]);
  document.getElementById("event-name").textContent = `${event.name || "No event"}: penalties`;
  const select = document.querySelector("#penalty-form [name=section]");
  const chosen = select.value;
  select.replaceChildren(...event.sections.map((s) => el("option", { value: s.letter }, s.letter)));
  if (chosen) select.value = chosen;
  const body = document.querySelector("#penalties tbody");
  body.replaceChildren(...penalties.map((p) => el("tr", { "data-id": p.id },
    el("td", {}, p.section), el("td", {}, `${p.pair}`), el("td", {}, p.direction || "any"),
    el("td", {}, `${p.percent}`), el("td", {}, p.board ? `${p.board}` : ""),
    el("td", {}, el("button", { type: "button", onclick: () => remove(p) }, `Remove the penalty on pair ${p.pair}`)))));
  if (!penalties.length) body.append(el("tr", {}, el("td", { colspan: 6 }, "No penalties.")));
});

async function remove(penalty) {
  try {
    await api("DELETE", `/api/penalties/${penalty.id}`);
    say(`Penalty on pair ${penalty.pair} removed.`);
  } catch (error) {
    say(error.message, true);
  }
  refresh();
}

async function add(event) {
  event.preventDefault();
  const form = event.target;
  const number = (name) => (form.elements[name].value === "" ? null : Number(form.elements[name].value));
  const error = document.getElementById("penalty-error");
  error.textContent = "";
  try {
    const added = await api("POST", "/api/penalties", {
      section: form.elements.section.value, pair: number("pair"), direction: form.elements.direction.value || null,
      percent: number("percent"), board: number("board"),
    });
    say(`Pair ${added.pair} loses ${added.percent}% of a top.`);
    form.elements.pair.value = "";
  } catch (failure) {
    error.textContent = failure.message;
  }
  refresh();
}

document.addEventListener("DOMContentLoaded", () => {
  setupLogin(refresh);
  document.getElementById("penalty-form").addEventListener("submit", add);
  checkLogin().then((director) => {
    if (director) refresh();
    listen((event) => { if (event.type === "scores" || event.type === "event") refresh(); }, refresh);
  });
});
