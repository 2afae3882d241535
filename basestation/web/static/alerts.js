// The grid's alerts panel: each alert in plain words, counted by kind, with a link to the
// cell, table or unit it is about, in two groups: what asks for the director's action and
// what only informs. Many alerts of one kind are one line with their count (opened to list
// them); frames failing the security check that claim no known pad are counted, not listed.
// The director dismisses what is dealt with (kept in this browser) and sets the thresholds
// that raise them. Links down are also a banner across the page, for as long as they last.
import { api, el, say } from "./common.js";
import { _, n_ } from "./i18n.js";
import { alertKey, alertText, asksAction, conflictEntry, groupWords, heldOrigin, kindCount, linkSentence,
  offerOrigin, offeredHead, offeredOrigin, strangerWords } from "./alert_words.js";
import { showCell } from "./cell_dialog.js";
import { last, refresh } from "./grid_state.js";
import { tableLabel } from "./grid_words.js";
import { showTable } from "./table_dialog.js";

// From this many alerts of one kind, they are one line with their count.
const GROUP_FROM = 4;
// Bad frames, links down and locked-out units are standing alerts, in the grid's answer for as
// long as they last; the others pass by on the live stream and are kept here.
const STANDING_KINDS = new Set(["bad_mac", "link_down", "unit_replaced", "unit_locked", "merge_offer",
  "merge_conflict", "wrong_pin", "flooding", "too_many_visitors", "many_offers", "number_sweep"]);
const recentAlerts = [];  // passing alerts from the stream (table in use, replaced, ...)
const seenAt = new Map();  // alert key -> {said, at}: when this page last saw it happen
// Frames failing the security check that claim a unit no pad here is: counted as they come.
// `counted`: the bus positions of the last few counted, as an event applied again over a full
// read (grid_stream.js) is not counted twice.
const strangers = { frames: 0, units: new Set(), at: null, counted: [] };

// A new event opened: the passing alerts kept were the last event's, about its tables.
export function forgetAlerts() {
  recentAlerts.length = 0;
  seenAt.clear();
  clearStrangers();
}

function clearStrangers() {
  strangers.frames = 0;
  strangers.units.clear();
  strangers.at = null;
}

// A passing alert from the live stream, once each; the 20 newest are kept.
export function noteAlert(event) {
  if (event.kind === "bad_mac" && !last.units.some((u) => u.unit === event.unit)) {
    if (event.position != null) {
      if (strangers.counted.includes(event.position)) return;
      strangers.counted.push(event.position);
      if (strangers.counted.length > 100) strangers.counted.shift();
    }
    strangers.frames += 1;
    strangers.units.add(event.unit);
    strangers.at = Date.now();
    return;
  }
  // Seen again now: its time (and its group's, "last hh:mm") is this one's, not the first.
  const key = alertKey(event);
  seenAt.delete(key);
  if (STANDING_KINDS.has(event.kind)) return;
  const before = recentAlerts.findIndex((a) => alertKey(a) === key);
  if (before >= 0) recentAlerts.splice(before, 1);
  recentAlerts.unshift(event);
  recentAlerts.length = Math.min(recentAlerts.length, 20);
}

// When each alert was seen as it stands: first seen, its count grown, or its event again.
function stamp(alerts) {
  const now = Date.now();
  for (const a of alerts) {
    const key = alertKey(a);
    const said = a.count ?? a.missing ?? a.rounds ?? a.messages ?? null;
    const seen = seenAt.get(key);
    if (!seen || seen.said !== said) seenAt.set(key, { said, at: now });
  }
}

const DISMISSED_KEY = "basestation.dismissed-alerts";
// Dismissed for its event only: the same alert on another night is news again.
const dismissKey = (a) => JSON.stringify([last.grid ? last.grid.event_id ?? null : null, alertKey(a)]);
const dismissed = new Set(JSON.parse(localStorage.getItem(DISMISSED_KEY) || "[]"));
let showDismissed = false;

// Where the alert points: the cell, the table or the unit it is about.
function alertLink(a) {
  if (a.section && a.table && a.round) return ["cell", () => showCell(a.section, a.table, a.round)];
  if (a.section && a.table) return ["table", () => showTable(a.section, a.table)];
  if (a.unit) return ["unit", () => showUnit(a.unit)];
  return null;
}

// `focus`: its first button too (a locked unit's reset), as the director means to act.
export function showUnit(unit, focus = false) {
  const row = document.getElementById(`unit-${unit}`);
  if (!row) return;
  row.scrollIntoView({ block: "center" });
  if (focus) row.querySelector("button")?.focus({ preventScroll: true });
  row.classList.add("pointed");
  setTimeout(() => row.classList.remove("pointed"), 2000);
}

// Links down (broker lost, receiver unplugged) across the top of the page until they are back.
export function renderLinkBanner(standing) {
  const down = standing.filter((a) => a.kind === "link_down");
  const banner = document.getElementById("link-banner");
  banner.replaceChildren(...down.map((a) => el("p", { "data-link": a.link }, linkSentence(a))));
  banner.hidden = down.length === 0;
}

export function renderAlerts(standing) {
  const all = [...standing, ...recentAlerts];
  stamp(all);
  const open = all.filter((a) => !dismissed.has(dismissKey(a)));
  const counts = {};
  for (const a of open) counts[a.kind] = (counts[a.kind] || 0) + 1;
  document.getElementById("alert-counts").textContent = Object.entries(counts).map(([kind, n]) => kindCount(kind, n)).join(", ");
  let shown = showDismissed ? all : open;
  // The strangers' frames counted, and their flood (dropped beyond a rate) with them: one line.
  const flood = strangers.frames ? shown.filter((a) => a.kind === "flooding" && a.unit == null) : [];
  shown = shown.filter((a) => !flood.includes(a));
  fillGroup(document.getElementById("alerts-act"), shown.filter(asksAction), _("Nothing to act on."));
  const info = document.getElementById("alerts-info");
  fillGroup(info, shown.filter((a) => !asksAction(a)), _("Nothing to report."));
  if (strangers.frames) {
    info.querySelector(".quiet")?.remove();
    const text = [_("{alert}.", { alert: strangerWords(strangers.frames, [...strangers.units], strangers.at) }), ...flood.map(alertText)].join(" ");
    const clear = () => {
      clearStrangers();
      dismissAll(flood.map(dismissKey), true);
    };
    info.prepend(el("li", { "data-group": "stranger_frames" }, text, " ", el("button", { type: "button", class: "dismiss",
      title: _("Dismiss"), "aria-label": _("Dismiss the count: {alert}", { alert: text }), onclick: clear }, "×")));
  }
  const hidden = all.length - open.length;
  const toggle = document.getElementById("show-dismissed");
  toggle.hidden = hidden === 0 && !showDismissed;
  toggle.textContent = showDismissed ? _("Hide dismissed") : n_("Show {n} dismissed alert", "Show {n} dismissed alerts", hidden);
}

// One group's list: an alert a line, or one line for many of a kind (opened to list them).
function fillGroup(list, alerts, none) {
  const byKind = new Map();
  for (const a of alerts) byKind.set(a.kind, [...(byKind.get(a.kind) || []), a]);
  // An open group stays open when the list is drawn again.
  const opened = new Set([...list.querySelectorAll("details[open]")].map((d) => d.parentElement.dataset.group));
  list.textContent = "";
  for (const [kind, mine] of byKind) {
    if (mine.length < GROUP_FROM) {
      list.append(...mine.map(alertItem));
      continue;
    }
    const at = Math.max(...mine.map((a) => seenAt.get(alertKey(a))?.at ?? 0));
    const words = groupWords(kind, mine, at || null);
    const keys = mine.map(dismissKey);
    const away = !keys.every((key) => dismissed.has(key));
    list.append(el("li", { class: "alert-group", "data-group": kind },
      el("details", { open: opened.has(kind) ? "" : null }, el("summary", {}, words), el("ul", {}, ...mine.map(alertItem))),
      " ", el("button", { type: "button", class: "dismiss", title: away ? _("Dismiss all") : _("Restore all"),
        "aria-label": away ? _("Dismiss all {n}: {alerts}", { n: mine.length, alerts: words })
          : _("Restore all {n}: {alerts}", { n: mine.length, alerts: words }), onclick: () => dismissAll(keys, away) },
      away ? "×" : _("restore"))));
  }
  if (!list.children.length) list.append(el("li", { class: "quiet" }, none));
}

function alertItem(a) {
  const key = dismissKey(a);
  const link = alertLink(a);
  const text = link ? el("a", { href: "#", class: "alert-link", "data-to": link[0] }, alertText(a)) : alertText(a);
  if (link) text.addEventListener("click", (event) => { event.preventDefault(); link[1](); });
  const item = el("li", { "data-kind": a.kind, "data-dismissed": dismissed.has(key) ? "yes" : null }, text);
  // The buttons say which board and unit they act on, as a screen reader reads them.
  const v = { board: a.board, unit: a.unit, table: tableLabel(a.section, a.table) };
  if (a.kind === "merge_offer" && a.id != null) {
    const words = a.unit ? [_("Merge board {board} from unit {unit}", v), _("Drop board {board} from unit {unit}", v)]
      : [_("Merge board {board}", v), _("Drop board {board}", v)];
    const decide = (accept) => el("button", { type: "button", class: "director-only",
      onclick: () => decideMerge(a.id, accept) }, words[accept ? 0 : 1]);
    item.append(" ", decide(true), decide(false));
  }
  if (a.kind === "merge_conflict" && a.id != null) {
    item.append(" ", el("button", { type: "button", class: "director-only", onclick: () => showConflict(a) },
      v.table ? _("Compare board {board} at table {table}", v) : _("Compare board {board} at its table", v)));
  }
  if (a.kind === "many_offers") {
    item.append(" ", el("button", { type: "button", class: "director-only", onclick: () => declineUnit(a.unit) },
      _("Decline all offers from unit {unit}", v)));
  }
  // Named with the alert it hides, so each is told apart from the others.
  const away = !dismissed.has(key);
  item.append(" ", el("button", { type: "button", class: "dismiss", title: _("Dismiss"),
    "aria-label": away ? _("Dismiss the alert: {alert}", { alert: alertText(a) }) : _("Restore the alert: {alert}", { alert: alertText(a) }),
    onclick: () => dismissAlert(key, away) }, away ? "×" : _("restore")));
  return item;
}

// A conflict side by side: what the station holds and what came since, each with where it
// came from. Keeping the held one drops the offer; replacing asks once more.
export function showConflict(a) {
  const dialog = document.getElementById("conflict");
  const where = tableLabel(a.section, a.table);
  const held = conflictEntry(a.held_entry, a.held);
  const offered = conflictEntry(a.offered_entry, a.offered);
  const v = { board: a.board, table: where, round: a.round, unit: a.unit, held, offered };
  document.getElementById("conflict-title").textContent = _("Board {board} at table {table}, round {round}", v);
  document.getElementById("conflict-origin").textContent =
    _("The offered result: {origin}. Nothing changes until you choose.", { origin: offerOrigin(a) });
  document.getElementById("conflict-offered-head").textContent = offeredHead(a);
  document.getElementById("conflict-held").textContent = held;
  document.getElementById("conflict-offered").textContent = offered;
  document.getElementById("conflict-held-from").textContent = heldOrigin(a);
  document.getElementById("conflict-offered-from").textContent = offeredOrigin(a);
  document.getElementById("conflict-error").textContent = "";
  const keep = document.getElementById("conflict-keep");
  keep.textContent = _("Keep the held result for board {board}", v);
  keep.onclick = () => settleConflict(dialog, a.id, false);
  const replace = document.getElementById("conflict-replace");
  // Unit 17's result, or the correction the pairs agreed after the round.
  const [label, question] = a.origin === "correction"
    ? [_("Replace it with the correction"), _("Replace board {board} at table {table} ({held}) with the correction ({offered})?", v)]
    : a.unit ? [_("Replace it with unit {unit}'s", v), _("Replace board {board} at table {table} ({held}) with unit {unit}'s result ({offered})?", v)]
      : [_("Replace it with the offered"), _("Replace board {board} at table {table} ({held}) with the offered result ({offered})?", v)];
  replace.textContent = label;
  replace.onclick = () => {
    if (!confirm(question)) return;
    settleConflict(dialog, a.id, true);
  };
  if (!dialog.open) dialog.showModal();
}

export async function decideMerge(id, accept) {
  try {
    await api("POST", `/api/merge-offers/${id}`, { accept });
    say(accept ? _("Merged into the session as recovered") : _("Offer dropped"));
    refresh();
  } catch (e) { say(e.message, true); }
}

async function declineUnit(unit) {
  if (!confirm(_("Decline every result unit {unit} sent after it lost its table? The results the station holds stay as they are.", { unit }))) return;
  try {
    const answer = await api("POST", `/api/merge-offers/by-unit/${unit}/decline`);
    say(n_("Unit {unit}: {n} offer declined", "Unit {unit}: {n} offers declined", answer.declined, { unit }));
    refresh();
  } catch (e) { say(e.message, true); }
}

async function settleConflict(dialog, id, replace) {
  try {
    await api("POST", `/api/merge-offers/${id}`, { accept: replace, replace });
    dialog.close();
    say(replace ? _("Replaced with the pad's result; the table's pad is told") : _("Kept the held result; the offer is dropped"));
    refresh();
  } catch (e) { document.getElementById("conflict-error").textContent = e.message; }
}

function dismissAlert(key, away) { dismissAll([key], away); }

function dismissAll(keys, away) {
  for (const key of keys) if (away) dismissed.add(key); else dismissed.delete(key);
  localStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed]));
  refresh();
}

export function fillThresholds(limits) {
  const form = document.getElementById("thresholds");
  if (form.contains(document.activeElement)) return;  // the director is typing in it
  for (const name of ["silent_minutes", "bad_mac_run", "rounds_behind"]) form.elements[name].value = limits[name];
}

export function setupAlerts() {
  document.getElementById("show-dismissed").addEventListener("click", () => { showDismissed = !showDismissed; refresh(); });
  const form = document.getElementById("thresholds");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {};
    for (const name of ["silent_minutes", "bad_mac_run", "rounds_behind"]) body[name] = Number(form.elements[name].value);
    try {
      await api("PUT", "/api/console/thresholds", body);
      document.activeElement.blur();
      say(_("Alert thresholds saved"));
      refresh();
    } catch (e) { say(e.message, true); }
  });
}
