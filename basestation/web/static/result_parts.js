// The results page's shared pieces, for the rankings and travellers (results.js) and a
// teams or Swiss event's matches (match_results.js): what the page shows now (`view`),
// number and result words, tables, and the deal diagrams.
import { el, dayText } from "./common.js";
import { boardFacts, cardWords, notation, signed } from "./padcore.js";
import { _, formatNumber, formatPercent, seatLetter, tag } from "./i18n.js";

// Numbers as the page's language writes them (a decimal comma in French); a text stays as is.
export const fmt = (value) => (value === null || value === undefined ? ""
  : typeof value === "number" ? new Intl.NumberFormat(tag(), { maximumFractionDigits: 2, useGrouping: false }).format(value)
    : String(value));
// Two decimals (VPs, percentages in a column headed %); `percent` with its sign (57,39 %).
export const pct = (value) => (value === null || value === undefined ? "" : formatNumber(value, 2));
export const percent = (value) => (value === null || value === undefined ? "" : formatPercent(value));
const SUITS = [["♠", "spades"], ["♥", "hearts"], ["♦", "diamonds"], ["♣", "clubs"]];
export const view = { events: [], chosen: null, document: null, card: null, match: null };

// A line's result as the pad writes it ("4S+1", "3NT=", "2H-2", "Pass"), or the ruling.
export function resultText(line) {
  if (line.kind === "adjusted") return _("adjusted {score}", { score: line.adjusted });
  if (line.kind === "not_played") return _("not played");
  return notation(line.contract, line.tricks);
}

// A lead as the pad shows it: "HK" is "\u2665K".
export const leadText = (card) => cardWords(card || "");

// A score as the pad shows it ("+420", "-100", "0"); nothing for a ruling without one.
export const scoreText = (score) => (score === null || score === undefined ? "" : signed(score));

export function eventLine(event) {
  return [event.name, dayText(event.date)].filter(Boolean).join(", ");
}

// On every printed piece (hidden on screen): which night this is.
export const printEvent = () => el("p", { class: "print-event" }, eventLine(view.document.event));

export function table(headers, rows, attrs) {
  return el("table", attrs || {},
    el("thead", {}, el("tr", {}, ...headers.map(([text, cls]) => el("th", { class: cls || null, scope: "col" }, text)))),
    el("tbody", {}, ...rows));
}

function hand(seat, text) {
  const suits = text.split(".");
  return el("div", { class: `hand ${seat}` }, el("b", {}, seatLetter(seat)),
    ...SUITS.map(([symbol, name], i) => el("div", { class: name }, `${symbol} ${suits[i] || "—"}`)));
}

export function dealDiagram(deal, board) {
  // The station gives deals North first: "N:<north> <east> <south> <west>".
  const hands = deal.slice(2).split(" ");
  // Dealer and vulnerability follow the board number, in the pad's words.
  return el("div", { class: "deal" },
    el("div", { class: "facts" }, boardFacts(board)),
    hand("N", hands[0]), hand("W", hands[3]), hand("E", hands[1]), hand("S", hands[2]));
}
