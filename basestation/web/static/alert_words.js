// The grid's alerts in the director's words: each kind counted, each alert a sentence. No page
// state, no requests (alerts.js shows them; the table dialog says a link's sentence).
import { tableLabel } from "./grid_words.js";

export const KIND_WORDS = {
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
  too_many_visitors: ["pad adding too many visitors", "pads adding too many visitors"],
  number_sweep: ["pad trying many player numbers", "pads trying many player numbers"],
  many_offers: ["lost pad sending results again", "lost pads sending results again"],
};

export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// Alerts that only inform: what the station already dealt with, or that is back as it was.
// Every other kind asks for the director's action.
const INFO_KINDS = new Set(["stray_bad_mac", "link_back", "database_back", "hub_restarted", "replay",
  "unit_replaced"]);
export const asksAction = (a) => !INFO_KINDS.has(a.kind) && !(a.kind === "flooding" && a.unit == null);

// Many alerts of one kind as one line: what they are, how many, and when the last came.
const GROUP_WORDS = {
  stray_bad_mac: (all) => `Frames failing the security check: ${sum(all, "count")} ` +
    `(claiming ${plural(all.length, "pad", "pads")} that work)`,
  bad_mac: (all) => `Pads failing the security check: ${all.length}`,
  missing_boards: (all) => `Boards missing: ${sum(all, "missing")} (at ${plural(all.length, "table's round", "tables' rounds")})`,
};
const sum = (all, field) => all.reduce((n, a) => n + (a[field] || 0), 0);

export function groupWords(kind, all, at) {
  const many = KIND_WORDS[kind]?.[1] || kind.replaceAll("_", " ");
  const words = GROUP_WORDS[kind] ? GROUP_WORDS[kind](all) : `${many[0].toUpperCase()}${many.slice(1)}: ${all.length}`;
  return at ? `${words}, last ${hhmm(at)}` : words;
}

// Frames failing the check that claim units no pad here is: someone else's, or an attack.
export function strangerWords(frames, units, at) {
  const claiming = units.length === 1 ? `claiming unit ${units[0]}, which no pad here is`
    : `claiming ${units.length} units no pad here is`;
  return `Frames failing the security check: ${frames.toLocaleString("en-GB")} (${claiming}), last ${hhmm(at)}`;
}

export function alertKey(a) {
  return JSON.stringify([a.kind, a.section ?? null, a.table ?? null, a.round ?? null,
    a.board ?? null, a.unit ?? null, a.id ?? null, a.link ?? null]);
}

const hhmm = (when) => new Date(when).toTimeString().slice(0, 5);

// A link in the director's words: the MQTT broker, or the radio receiver on its port.
export function linkSentence(a) {
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

const pad = (unit) => (unit ? `unit ${unit}'s pad` : "a pad");

// Where a merge offer came from (the station's `origin`), as a phrase: a correction agreed at
// the table after the round, or a pad's unsent entry, and why that pad lost its table.
export function offerOrigin(a) {
  const from = pad(a.unit);
  switch (a.origin) {
    case "correction": return `a correction agreed at the table after the round, sent from ${from} once the next round had begun there`;
    case "replaced": return `unsent on ${from} until another pad replaced it`;
    case "locked": return `unsent on ${from} until the director locked it`;
    case "reset": return `unsent on ${from} until the director reset it`;
    default: return `unsent on ${from} until it lost its table (replaced, locked or reset)`;
  }
}

// Who entered the entry the station holds, and for which pairs.
export function heldOrigin(a) {
  const pairs = a.held_ns != null && a.held_ew != null ? `, pairs ${a.held_ns} North-South and ${a.held_ew} East-West` : "";
  if (a.held_source === "director") return `Entered by the director${pairs}`;
  if (a.held_source === "recovery") return `Merged by the director from a pad's unsent entry${pairs}`;
  return `Accepted at the table on ${pad(a.held_unit)}${pairs}`;
}

// The offered entry's side of a conflict, said the same way.
export function offeredOrigin(a) {
  const pairs = a.ns != null && a.ew != null ? `, pairs ${a.ns} North-South and ${a.ew} East-West` : "";
  if (a.origin === "correction") return `Corrected at the table after the round on ${pad(a.unit)}${pairs}`;
  return `Still on ${pad(a.unit)}, never sent${pairs}`;
}

// The offered side's column heading.
export const offeredHead = (a) => (a.origin === "correction" ? "Correction after the round" : `Unsent on ${pad(a.unit)}`);

export function alertText(a) {
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
    case "merge_offer": return `Board ${a.board} (${at}, round ${a.round}), ${offerOrigin(a)}: merge it?`;
    case "merge_conflict": return `Board ${a.board} at ${at} (round ${a.round}): the station holds ${a.held ?? "a result"}; ` +
      `it was also sent ${a.offered ?? "another result"}, ${offerOrigin(a)}.`;
    case "unknown_player": return `${At}: player number(s) ${a.players} are not in the player list.`;
    case "replay": return `Unit ${a.unit} sent message ${a.seq} again with different contents.`;
    case "wrong_pin": return `Unit ${a.unit} has given a wrong director's PIN ${plural(a.count, "time", "times")}: ` +
      (a.until ? `the station checks its PIN again at ${hhmm(a.until)}.` : "it may try again now.") +
      " Is someone guessing the PIN? Reset the unit once it is dealt with.";
    case "too_many_visitors": return `Pad ${a.unit}${at ? ` at ${at}` : ""} has added ${plural(a.added, "visitor", "visitors")} to the player list tonight, ` +
      `more than a table meets: the ${plural(a.refused, "name", "names")} it sent since ${a.refused === 1 ? "is" : "are"} seated as unnamed visitors. ` +
      "Is the pad working properly? Name the visitors on the grid, or lock the unit.";
    case "number_sweep": return `Pad ${a.unit} at ${at} has tried more player numbers in round ${a.round} than a table needs ` +
      `(${plural(a.refused, "message", "messages")} refused): is someone reading the player list through it? Seat the players from the grid, or lock the unit.`;
    case "many_offers": return `Unit ${a.unit}, which lost its table, has sent other results for boards it had already sent ` +
      `(${plural(a.replaced, "result", "results")} replaced; ${plural(a.offers, "offer", "offers")} open). Is someone using the lost pad? ` +
      "Decline all its offers, or pair the unit again to shut it out.";
    default: return `${(a.kind || "alert").replaceAll("_", " ")} ${at}`.trim();
  }
}
