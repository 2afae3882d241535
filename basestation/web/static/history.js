// History: the audit log of an event, newest first, paged back on demand; live for the open one.
import { api, el, say, checkLogin, setupLogin, listen, coalesced, dayText } from "./common.js";
import { whenParsed } from "./i18n.js";

let shown = [];   // entries on the page, newest first
let openEvent = null;

function chosenEvent() {
  const value = document.getElementById("event").value;
  return value ? Number(value) : null;
}

function visible(entry) {
  const who = document.getElementById("who").value;
  if (who === "director") return entry.actor === "director" || entry.actor === "recovery";
  if (who === "unit") return entry.actor.startsWith("unit");
  return true;
}

function render(more) {
  const body = document.querySelector("#audit tbody");
  body.textContent = "";
  for (const entry of shown.filter(visible)) {
    const at = new Date(entry.at);
    body.append(el("tr", { "data-action": entry.action },
      el("td", { title: at.toISOString() }, at.toLocaleString()),
      el("td", {}, entry.who),
      el("td", { class: "text" }, entry.text)));
  }
  if (!body.children.length) {
    body.append(el("tr", { class: "empty" }, el("td", { colspan: "3" }, "Nothing recorded yet.")));
  }
  document.getElementById("older").hidden = !more;
}

async function loadEvents() {
  const events = await api("GET", "/api/events");
  const select = document.getElementById("event");
  const keep = select.value;
  select.textContent = "";
  for (const event of events) {
    // The day it is played; an event set up without one, the day it was set up.
    const when = dayText(event.date) || new Date(event.created_at).toLocaleDateString();
    select.append(el("option", { value: String(event.id) },
      `${event.name} (${when}, ${event.results} results${event.open ? ", open" : ""})`));
    if (event.open) openEvent = event.id;
  }
  select.value = keep || (openEvent === null ? "" : String(openEvent));
  const current = events.find((e) => String(e.id) === select.value);
  document.getElementById("event-name").textContent = current ? `History: ${current.name}` : "History";
}

async function load(before) {
  const event = chosenEvent();
  const query = new URLSearchParams({ limit: "200" });
  if (event !== null) query.set("event", String(event));
  if (before) query.set("before", String(before));
  const page = await api("GET", `/api/audit?${query}`);
  shown = before ? shown.concat(page.entries) : page.entries;
  render(page.more);
}

const refresh = coalesced(async () => {
  if (document.body.dataset.director !== "yes") return;  // the log is the director's
  await loadEvents();
  await load();
});

whenParsed(() => {
  setupLogin(refresh);
  checkLogin().then((director) => { if (director) refresh(); });
  document.getElementById("event").addEventListener("change", () => load().catch((e) => say(e.message, true)));
  document.getElementById("who").addEventListener("change", () => render(!document.getElementById("older").hidden));
  document.getElementById("older").addEventListener("click", () => {
    const last = shown[shown.length - 1];
    if (last) load(last.id).catch((e) => say(e.message, true));
  });
  // Only the open event grows, and pads' own results add nothing to the log.
  listen((event) => {
    if (event.type === "scores" || event.type === "stream" || (event.type === "result" && event.source === "pad")) return;
    if (chosenEvent() === openEvent) refresh();
  }, refresh);
});
