// The grid's alerts panel: each alert in plain words, counted by kind, with a link to the
// cell, table or unit it is about; the director dismisses what is dealt with (kept in this
// browser) and sets the thresholds that raise them.
"use strict";

const DISMISSED_KEY = "basestation.dismissed-alerts";
const dismissed = new Set(JSON.parse(localStorage.getItem(DISMISSED_KEY) || "[]"));
let showDismissed = false;

const KIND_WORDS = {
  silent_table: ["table behind", "tables behind"], no_contact: ["pad not heard", "pads not heard"],
  missing_boards: ["missing board", "missing boards"], bad_mac: ["failing pad", "failing pads"],
  stray_bad_mac: ["stray frame warning", "stray frame warnings"], unit_replaced: ["pad replaced", "pads replaced"],
  unit_locked: ["pad locked by the director", "pads locked by the director"],
  link_down: ["link down", "links down"], link_back: ["link back", "links back"],
  lead_declarer_mismatch: ["lead to check", "leads to check"], suspect_wrong_side: ["score to check", "scores to check"],
  wrong_pairs: ["wrong pairs", "wrong pairs"], table_in_use: ["table already taken", "tables already taken"],
  merge_offer: ["result to merge", "results to merge"],
  merge_conflict: ["result in conflict", "results in conflict"], unknown_player: ["unknown player", "unknown players"],
  replay: ["repeated message", "repeated messages"],
  wrong_pin: ["pad giving wrong PINs", "pads giving wrong PINs"],
  flooding: ["pad sending far too much", "pads sending far too much"],
};

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function alertKey(a) {
  return JSON.stringify([a.kind, a.section ?? null, a.table ?? null, a.round ?? null,
    a.board ?? null, a.unit ?? null, a.id ?? null, a.link ?? null]);
}

const hhmm = (iso) => new Date(iso).toTimeString().slice(0, 5);

// A link in the director's words: the MQTT broker, or the radio receiver on its port.
function linkSentence(a) {
  const tables = a.tables && a.tables.length ? ` (${a.tables.join(", ")})` : "";
  const out = `the tables on it are out of contact${tables}.`;
  if (a.link_kind === "serial") {
    return `The radio receiver on ${a.where} is unplugged (since ${hhmm(a.since)}): ${out}`;
  }
  if (!a.lost) return `Cannot reach the MQTT broker at ${a.where} (since ${hhmm(a.since)}): ${out}`;
  return `Lost the connection to the MQTT broker at ${hhmm(a.since)}: ${out}`;
}

// A unit sending far more than a pad should: its extra messages are dropped (pads retransmit
// what mattered), the room goes on. Frames failing the check are someone else's, maybe.
function floodSentence(a, at) {
  const many = `${a.messages.toLocaleString("en-GB")} in ${a.seconds} s`;
  if (a.unit == null) {
    return `Frames failing the security check are arriving far faster than pads send (${many}); the extra ones are dropped.`;
  }
  if (a.failed > 0 && a.failed >= a.checked / 2) {
    return `Frames claiming to be pad ${a.unit} are arriving far faster than a pad sends (${many}) and fail the security check; the extra ones are dropped.`;
  }
  const cut = a.cut_off ? `, and it is cut off for ${a.cut_off} s` : "";
  return `Pad ${a.unit}${at ? ` at ${at}` : ""} is sending far more than a pad should (${a.messages.toLocaleString("en-GB")} messages in ${a.seconds} s); its extra messages are dropped${cut}.`;
}

function alertText(a) {
  const at = tableLabel(a.section, a.table) ? `table ${tableLabel(a.section, a.table)}` : "";
  const At = at ? at[0].toUpperCase() + at.slice(1) : "";
  switch (a.kind) {
    case "silent_table": return `${At} has sent nothing for ${plural(a.rounds, "round", "rounds")}: is its pad working? Replace it or ask it to resend.`;
    case "no_contact": return `${At}: its pad (unit ${a.unit}) not heard for ` +
      (a.minutes < 1 ? "less than a minute." : `${plural(Math.floor(a.minutes), "minute", "minutes")}.`);
    case "missing_boards": return `${At}, round ${a.round}: ${plural(a.missing, "board", "boards")} missing.`;
    case "bad_mac": return `Unit ${a.unit}${at ? ` at ${at}` : ""} keeps failing its security check (${plural(a.count, "frame", "frames")} in a row): is it paired with this station?`;
    case "flooding": return floodSentence(a, at);
    case "stray_bad_mac": return `${plural(a.count, "frame", "frames")} claimed to be unit ${a.unit} but failed the security check; unit ${a.unit} itself is working.`;
    case "unit_replaced": return `Unit ${a.unit} was replaced` + (a.by ? ` by unit ${a.by}` : "") + (at ? ` at ${at}` : "") + ": it is locked out.";
    case "unit_locked": return `Unit ${a.unit} was locked out by the director` + (at ? ` at ${at}` : "") + ".";
    case "link_down": return linkSentence(a);
    case "link_back": return a.link_kind === "serial" ? `The radio receiver on ${a.where} is back (${hhmm(a.back)}).`
      : `The connection to the MQTT broker is back (${hhmm(a.back)}).`;
    case "lead_declarer_mismatch": return `${At}, round ${a.round}, board ${a.board}: the lead does not fit the declarer; check it.`;
    case "suspect_wrong_side": return `${At}, round ${a.round}, board ${a.board}: the score may be given to the wrong side.`;
    case "wrong_pairs": return `${At}, round ${a.round}, board ${a.board}: the pairs entered are not the ones seated there.`;
    case "table_in_use": return `Unit ${a.unit} asked for ${at}, which unit ${a.holder} holds.`;
    case "merge_offer": return `A replaced pad still had board ${a.board} (${at}, round ${a.round})` + (a.unit ? ` from unit ${a.unit}` : "") + ": merge it?";
    case "merge_conflict": return `Board ${a.board} at ${at} (round ${a.round}): the station holds ${a.held ?? "a result"}; ` +
      (a.unit ? `unit ${a.unit}'s pad` : "a replaced pad") + ` has ${a.offered ?? "another result"}.`;
    case "unknown_player": return `${At}: player number(s) ${a.players} are not in the player list.`;
    case "replay": return `Unit ${a.unit} sent message ${a.seq} again with different contents.`;
    case "wrong_pin": return `Unit ${a.unit} has given a wrong director's PIN ${plural(a.count, "time", "times")}: ` +
      (a.until ? `the station checks its PIN again at ${hhmm(a.until)}.` : "it may try again now.") +
      " Is someone guessing the PIN? Reset the unit once it is dealt with.";
    default: return `${(a.kind || "alert").replaceAll("_", " ")} ${at}`.trim();
  }
}

// Where the alert points: the cell, the table or the unit it is about.
function alertLink(a) {
  if (a.section && a.table && a.round) return ["cell", () => showCell(a.section, a.table, a.round)];
  if (a.section && a.table) return ["table", () => showTable(a.section, a.table)];
  if (a.unit) return ["unit", () => showUnit(a.unit)];
  return null;
}

function showUnit(unit) {
  const row = document.getElementById(`unit-${unit}`);
  if (!row) return;
  row.scrollIntoView({ block: "center" });
  row.classList.add("pointed");
  setTimeout(() => row.classList.remove("pointed"), 2000);
}

function renderAlerts(standing, recent) {
  const all = [...standing, ...recent];
  const open = all.filter((a) => !dismissed.has(alertKey(a)));
  const counts = {};
  for (const a of open) counts[a.kind] = (counts[a.kind] || 0) + 1;
  document.getElementById("alert-counts").textContent = Object.entries(counts).map(([kind, n]) => {
    const [one, many] = KIND_WORDS[kind] || [kind.replaceAll("_", " "), kind.replaceAll("_", " ")];
    return plural(n, one, many);
  }).join(", ");
  const list = document.getElementById("alerts");
  list.textContent = "";
  for (const a of showDismissed ? all : open) {
    const key = alertKey(a);
    const link = alertLink(a);
    const text = link ? el("a", { href: "#", class: "alert-link", "data-to": link[0] }, alertText(a)) : alertText(a);
    if (link) text.addEventListener("click", (event) => { event.preventDefault(); link[1](); });
    const item = el("li", { "data-kind": a.kind, "data-dismissed": dismissed.has(key) ? "yes" : null }, text);
    // The buttons say which board and unit they act on, as a screen reader reads them.
    const from = a.unit ? ` from unit ${a.unit}` : "";
    if (a.kind === "merge_offer" && a.id != null) {
      const decide = (accept) => el("button", { type: "button", class: "director-only",
        onclick: () => decideMerge(a.id, accept) }, `${accept ? "Merge" : "Drop"} board ${a.board}${from}`);
      item.append(" ", decide(true), decide(false));
    }
    if (a.kind === "merge_conflict" && a.id != null) {
      item.append(" ", el("button", { type: "button", class: "director-only", onclick: () => showConflict(a) },
        `Compare board ${a.board} at ${tableLabel(a.section, a.table) ? "table " + tableLabel(a.section, a.table) : "its table"}`));
    }
    // Named with the alert it hides, so each is told apart from the others.
    item.append(" ", el("button", { type: "button", class: "dismiss", title: "Dismiss",
      "aria-label": `${dismissed.has(key) ? "Restore" : "Dismiss"} the alert: ${alertText(a)}`, onclick: () => dismissAlert(key, !dismissed.has(key)) }, dismissed.has(key) ? "restore" : "×"));
    list.append(item);
  }
  if (!list.children.length) list.append(el("li", { class: "quiet" }, "No alerts"));
  const hidden = all.length - open.length;
  const toggle = document.getElementById("show-dismissed");
  toggle.hidden = hidden === 0 && !showDismissed;
  toggle.textContent = showDismissed ? "Hide dismissed" : `Show ${plural(hidden, "dismissed alert", "dismissed alerts")}`;
}

// A conflict side by side: what the station holds and what the replaced pad had. Keeping the
// held one drops the offer; replacing asks once more.
function showConflict(a) {
  const dialog = document.getElementById("conflict");
  const where = tableLabel(a.section, a.table);
  const pad = a.unit ? `unit ${a.unit}'s` : "the offered";
  document.getElementById("conflict-title").textContent = `Board ${a.board} at table ${where}, round ${a.round}`;
  document.getElementById("conflict-offered-head").textContent = a.unit ? `Unit ${a.unit}'s pad` : "Offered";
  document.getElementById("conflict-held").textContent = a.held ?? "";
  document.getElementById("conflict-offered").textContent = a.offered ?? "";
  document.getElementById("conflict-error").textContent = "";
  const keep = document.getElementById("conflict-keep");
  keep.textContent = `Keep the held result for board ${a.board}`;
  keep.onclick = () => settleConflict(dialog, a.id, false);
  const replace = document.getElementById("conflict-replace");
  replace.textContent = `Replace it with ${pad}`;
  replace.onclick = () => {
    if (!confirm(`Replace board ${a.board} at table ${where} (${a.held}) with ${pad} result (${a.offered})?`)) return;
    settleConflict(dialog, a.id, true);
  };
  if (!dialog.open) dialog.showModal();
}

async function settleConflict(dialog, id, replace) {
  try {
    await api("POST", `/api/merge-offers/${id}`, { accept: replace, replace });
    dialog.close();
    say(replace ? "Replaced with the pad's result; the table's pad is told" : "Kept the held result; the offer is dropped");
    refresh();
  } catch (e) { document.getElementById("conflict-error").textContent = e.message; }
}

function dismissAlert(key, away) {
  if (away) dismissed.add(key); else dismissed.delete(key);
  localStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed]));
  refresh();
}

function fillThresholds(limits) {
  const form = document.getElementById("thresholds");
  if (form.contains(document.activeElement)) return;  // the director is typing in it
  for (const name of ["silent_minutes", "bad_mac_run", "rounds_behind"]) form.elements[name].value = limits[name];
}

function setupAlerts() {
  document.getElementById("show-dismissed").addEventListener("click", () => { showDismissed = !showDismissed; refresh(); });
  const form = document.getElementById("thresholds");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {};
    for (const name of ["silent_minutes", "bad_mac_run", "rounds_behind"]) body[name] = Number(form.elements[name].value);
    try {
      await api("PUT", "/api/console/thresholds", body);
      document.activeElement.blur();
      say("Alert thresholds saved");
      refresh();
    } catch (e) { say(e.message, true); }
  });
}
