// The pad's language: the one its players chose (kept in this browser, across reloads, a new
// event and a reset), else the club's (station.toml's [club] language, on the page's <html>),
// else English. Tables in one room may each choose their own. This module loads the
// language's catalog (only that one) and puts the page's fixed words into it.
import { _, language, languages, tag, useCatalog } from "./i18n.js";

const CHOSEN = "bridgepad:language";
const $ = (selector) => document.querySelector(selector);

// The page's fixed text, element by element: [selector, words]. The rest is written by the
// scripts each time they show it.
const TEXT = [
  ["body[data-state=starting] #where, body[data-state=unpaired] #where", () => _("Table pad")],
  ["body[data-link=offline] #link", () => _("offline")],
  ["#language-label", () => _("Language")],
  ["#unpaired-title", () => _("Not paired")],
  ["#unpaired-text", () => _("Open this page with the pairing link or QR code from the director's Units panel.")],
  ["#other-screen-title", () => _("Opened on another screen")],
  ["#take-back", () => _("Use this screen")],
  ["#login-title", () => _("Log in to your table")],
  ["label[for=section]", () => _("Section")],
  ["label[for=table]", () => _("Table")],
  ["#takeover-text", () => _("Take over from another pad with the PIN below (not needed once the director has replaced that pad)")],
  ["label[for=pin]", () => _("Director's PIN (only the director types it, to take over)")],
  ["#login-send", () => _("Log in")],
  ["#players-help", () => _("Each player's number from the club's list. A visitor: tick \"visitor\" and type the name.")],
  ["#players-send", () => _("Send numbers")],
  ["#players-wait-title", () => _("Checking the numbers with the station")],
  ["#players-check-title", () => _("Is this who is playing?")],
  ["#players-yes", () => _("Yes, play")],
  ["#players-change", () => _("Change numbers")],
  ["#players-later", () => _("Play on, names later")],
  ["#stopped", () => _("Entry is stopped by the director: results wait on this pad.")],
  ["label[for=board]", () => _("Board")],
  ["#level legend", () => _("Level")],
  ["#strain legend", () => _("Suit")],
  ["#doubling legend", () => _("Doubled")],
  ["#declarer legend", () => _("Declarer")],
  ["#lead-suit legend", () => _("Lead: suit")],
  ["#lead-rank legend", () => _("Lead: card")],
  ["#entry-send", () => _("Send")],
  ["#not-played", () => _("Not played")],
  ["#accept", () => _("Accept")],
  ["#back", () => _("Change")],
  ["#this-round", () => _("This round")],
  ["#waiting-title", () => _("Waiting for the station")],
  ["#traveller-result", () => _("Result")],
  ["#traveller-by", () => _("By")],
  ["#traveller-lead", () => _("Lead")],
  ["#traveller-score", () => _("NS score")],
  ["#round-ranking-table .rank", () => _("Rank")],
  ["#round-ranking-table .pair", () => _("Pair")],
  ["#round-ranking-table .names", () => _("Names")],
  ["#finished-title", () => _("Session over")],
  ["#ranking-wait", () => _("The rankings show here once the director publishes them.")],
  ["#ranking .rank", () => _("Rank")],
  ["#ranking .pair", () => _("Pair")],
  ["#ranking .dir", () => _("Dir")],
  ["#logout-title", () => _("New night? Log out")],
  ["#logout-yes", () => _("Yes, log out")],
  ["#logout-no", () => _("Stay at the table")],
  ["#notices-title", () => _("Messages")],
];
const LABELS = [
  ["#link", () => _("Connection to the station")],
  ["#round-clock", () => _("Round clock")],
  ["#notice", () => _("Latest message")],
  ["#at-table", () => _("Who you play this round")],
  ["#out-of-order", () => _("Out of order")],
  ["#traveller", () => _("Traveller")],
];

function fixedWords() {
  document.title = _("Table pad - basestation");
  for (const [selector, words] of TEXT) {
    for (const el of document.querySelectorAll(selector)) el.textContent = words();
  }
  for (const [selector, words] of LABELS) $(selector).setAttribute("aria-label", words());
}

// The catalog of `code`, or English's when it cannot be had (a language no longer shipped).
async function load(code) {
  for (const wanted of [code, "en"]) {
    try {
      const answer = await fetch(`/static/i18n/${encodeURIComponent(wanted)}.json`);
      if (answer.ok) { useCatalog(await answer.json()); return; }
    } catch { /* the station is out of reach: English, until the next load */ }
  }
}

// The language button: each shipped language by its own name.
function fillChooser() {
  const select = $("#language");
  select.textContent = "";
  for (const [code, name] of Object.entries(languages())) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    select.append(option);
  }
  select.value = language();
}

export const chosen = () => localStorage.getItem(CHOSEN) || document.documentElement.dataset.club || "en";

// The page in `code`: its catalog loaded, `lang` set, its fixed words and the button.
export async function speak(code) {
  await load(code);
  document.documentElement.lang = tag();
  fixedWords();
  fillChooser();
}

// The players chose a language: kept, then the page in it; `then` writes the rest again.
export function watchChooser(then) {
  $("#language").addEventListener("change", async (event) => {
    localStorage.setItem(CHOSEN, event.target.value);
    await speak(event.target.value);
    then();
  });
}
