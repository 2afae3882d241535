// The grid's alerts in the director's words: each kind counted, each alert a sentence, from
// the page's catalog (i18n.js). No page state, no requests (alerts.js shows them; the table
// dialog says a link's sentence). Protocol codes (kinds, origins) are never shown.
import { _, formatNumber, n_, sideLetters } from "./i18n.js";
import { FLAG_WORDS, tableLabel } from "./grid_words.js";
import { cardWords, notation, seatName, signed } from "./padcore.js";

// "3 tables behind": an alert kind counted, in the form the language's plural rules choose.
// Functions, so that each is said in the catalog loaded, not frozen at import.
const KIND_COUNTS = {
  silent_table: (n) => n_("{n} table behind", "{n} tables behind", n),
  no_contact: (n) => n_("{n} pad not heard", "{n} pads not heard", n),
  missing_boards: (n) => n_("{n} missing board", "{n} missing boards", n),
  bad_mac: (n) => n_("{n} failing pad", "{n} failing pads", n),
  stray_bad_mac: (n) => n_("{n} stray frame warning", "{n} stray frame warnings", n),
  unit_replaced: (n) => n_("{n} pad replaced", "{n} pads replaced", n),
  unit_locked: (n) => n_("{n} pad locked by the director", "{n} pads locked by the director", n),
  link_down: (n) => n_("{n} link down", "{n} links down", n),
  link_back: (n) => n_("{n} link back", "{n} links back", n),
  lead_declarer_mismatch: (n) => n_("{n} lead to check", "{n} leads to check", n),
  suspect_wrong_side: (n) => n_("{n} score to check", "{n} scores to check", n),
  wrong_pairs: (n) => n_("{n} wrong pairs", "{n} wrong pairs", n),
  table_in_use: (n) => n_("{n} table already taken", "{n} tables already taken", n),
  merge_offer: (n) => n_("{n} result to merge", "{n} results to merge", n),
  merge_conflict: (n) => n_("{n} result in conflict", "{n} results in conflict", n),
  unknown_player: (n) => n_("{n} unknown player", "{n} unknown players", n),
  replay: (n) => n_("{n} repeated message", "{n} repeated messages", n),
  wrong_pin: (n) => n_("{n} pad giving wrong PINs", "{n} pads giving wrong PINs", n),
  flooding: (n) => n_("{n} pad sending far too much", "{n} pads sending far too much", n),
  too_many_visitors: (n) => n_("{n} pad adding too many visitors", "{n} pads adding too many visitors", n),
  number_sweep: (n) => n_("{n} pad trying many player numbers", "{n} pads trying many player numbers", n),
  many_offers: (n) => n_("{n} lost pad sending results again", "{n} lost pads sending results again", n),
};
// Kinds this page does not know yet (a newer station): counted without naming the code.
export const kindCount = (kind, n) => (KIND_COUNTS[kind] || ((k) => n_("{n} other alert", "{n} other alerts", k)))(n);

// English only, for pages not yet in the catalogs (grid_needs.js): "3 rounds".
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// Alerts that only inform: what the station already dealt with, or that is back as it was.
// Every other kind asks for the director's action.
const INFO_KINDS = new Set(["stray_bad_mac", "link_back", "database_back", "hub_restarted", "replay",
  "unit_replaced"]);
export const asksAction = (a) => !INFO_KINDS.has(a.kind) && !(a.kind === "flooding" && a.unit == null);

// Many alerts of one kind as one line: what they are, how many, and when the last came.
const GROUP_WORDS = {
  stray_bad_mac: (all) => n_("Frames failing the security check: {frames} (claiming {n} pad that works)",
    "Frames failing the security check: {frames} (claiming {n} pads that work)", all.length,
    { frames: formatNumber(sum(all, "count")) }),
  bad_mac: (all) => _("Pads failing the security check: {n}", { n: formatNumber(all.length) }),
  missing_boards: (all) => n_("Boards missing: {missing} (at {n} table's round)",
    "Boards missing: {missing} (at {n} tables' rounds)", all.length, { missing: formatNumber(sum(all, "missing")) }),
};
const sum = (all, field) => all.reduce((n, a) => n + (a[field] || 0), 0);

export function groupWords(kind, all, at) {
  const words = GROUP_WORDS[kind] ? GROUP_WORDS[kind](all) : capital(kindCount(kind, all.length));
  return at ? _("{alerts}, last {time}", { alerts: words, time: hhmm(at) }) : words;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// Frames failing the check that claim units no pad here is: someone else's, or an attack.
export function strangerWords(frames, units, at) {
  const values = { frames: formatNumber(frames), unit: units[0], time: hhmm(at) };
  return units.length === 1
    ? _("Frames failing the security check: {frames} (claiming unit {unit}, which no pad here is), last {time}", values)
    : n_("Frames failing the security check: {frames} (claiming {n} unit no pad here is), last {time}",
      "Frames failing the security check: {frames} (claiming {n} units no pad here is), last {time}", units.length, values);
}

export function alertKey(a) {
  return JSON.stringify([a.kind, a.section ?? null, a.table ?? null, a.round ?? null,
    a.board ?? null, a.unit ?? null, a.id ?? null, a.link ?? null]);
}

const hhmm = (when) => new Date(when).toTimeString().slice(0, 5);

// A link in the director's words: the MQTT broker, or the radio receiver on its port.
export function linkSentence(a) {
  const values = { where: a.where, since: hhmm(a.since), tables: (a.tables || []).join(", ") };
  const listed = a.tables && a.tables.length;
  if (a.link_kind === "serial") {
    return listed ? _("The radio receiver on {where} is unplugged (since {since}): the tables on it are out of contact ({tables}).", values)
      : _("The radio receiver on {where} is unplugged (since {since}): the tables on it are out of contact.", values);
  }
  if (!a.lost) {
    return listed ? _("Cannot reach the MQTT broker at {where} (since {since}): the tables on it are out of contact ({tables}).", values)
      : _("Cannot reach the MQTT broker at {where} (since {since}): the tables on it are out of contact.", values);
  }
  return listed ? _("Lost the connection to the MQTT broker at {since}: the tables on it are out of contact ({tables}).", values)
    : _("Lost the connection to the MQTT broker at {since}: the tables on it are out of contact.", values);
}

// A unit sending far more than a pad should: its extra messages are dropped (pads retransmit
// what mattered), the room goes on. Frames failing the check are someone else's, maybe.
function floodSentence(a, at) {
  const values = { messages: formatNumber(a.messages), seconds: formatNumber(a.seconds), unit: a.unit,
    table: at, cut: formatNumber(a.cut_off || 0) };
  if (a.unit == null) {
    return _("Frames failing the security check are arriving far faster than pads send ({messages} in {seconds} s); the extra ones are dropped.", values);
  }
  if (a.failed > 0 && a.failed >= a.checked / 2) {
    return _("Frames claiming to be pad {unit} are arriving far faster than a pad sends ({messages} in {seconds} s) and fail the security check; the extra ones are dropped.", values);
  }
  if (at) {
    return a.cut_off ? _("Pad {unit} at table {table} is sending far more than a pad should ({messages} messages in {seconds} s); its extra messages are dropped, and it is cut off for {cut} s.", values)
      : _("Pad {unit} at table {table} is sending far more than a pad should ({messages} messages in {seconds} s); its extra messages are dropped.", values);
  }
  return a.cut_off ? _("Pad {unit} is sending far more than a pad should ({messages} messages in {seconds} s); its extra messages are dropped, and it is cut off for {cut} s.", values)
    : _("Pad {unit} is sending far more than a pad should ({messages} messages in {seconds} s); its extra messages are dropped.", values);
}

// Where a merge offer came from (the station's `origin`), as a phrase: a correction agreed at
// the table after the round, or a pad's unsent entry, and why that pad lost its table.
// The phrase stands inside the sentences below, as one value of theirs.
export function offerOrigin(a) {
  const unit = { unit: a.unit };
  if (!a.unit) {
    switch (a.origin) {
      case "correction": return _("a correction agreed at the table after the round, sent from a pad once the next round had begun there");
      case "replaced": return _("unsent on a pad until another pad replaced it");
      case "locked": return _("unsent on a pad until the director locked it");
      case "reset": return _("unsent on a pad until the director reset it");
      default: return _("unsent on a pad until it lost its table (replaced, locked or reset)");
    }
  }
  switch (a.origin) {
    case "correction": return _("a correction agreed at the table after the round, sent from unit {unit}'s pad once the next round had begun there", unit);
    case "replaced": return _("unsent on unit {unit}'s pad until another pad replaced it", unit);
    case "locked": return _("unsent on unit {unit}'s pad until the director locked it", unit);
    case "reset": return _("unsent on unit {unit}'s pad until the director reset it", unit);
    default: return _("unsent on unit {unit}'s pad until it lost its table (replaced, locked or reset)", unit);
  }
}

// "pairs 3 North-South and 5 East-West", or "" when the pairs are not known.
const pairsOf = (ns, ew) => (ns != null && ew != null ? { ns, ew } : null);

// Who entered the entry the station holds, and for which pairs.
export function heldOrigin(a) {
  const pairs = pairsOf(a.held_ns, a.held_ew);
  const values = { ...pairs, unit: a.held_unit };
  if (a.held_source === "director") {
    return pairs ? _("Entered by the director, pairs {ns} North-South and {ew} East-West", values) : _("Entered by the director");
  }
  if (a.held_source === "recovery") {
    return pairs ? _("Merged by the director from a pad's unsent entry, pairs {ns} North-South and {ew} East-West", values)
      : _("Merged by the director from a pad's unsent entry");
  }
  if (a.held_unit) {
    return pairs ? _("Accepted at the table on unit {unit}'s pad, pairs {ns} North-South and {ew} East-West", values)
      : _("Accepted at the table on unit {unit}'s pad", values);
  }
  return pairs ? _("Accepted at the table on a pad, pairs {ns} North-South and {ew} East-West", values)
    : _("Accepted at the table on a pad");
}

// The offered entry's side of a conflict, said the same way.
export function offeredOrigin(a) {
  const pairs = pairsOf(a.ns, a.ew);
  const values = { ...pairs, unit: a.unit };
  if (a.origin === "correction") {
    if (a.unit) {
      return pairs ? _("Corrected at the table after the round on unit {unit}'s pad, pairs {ns} North-South and {ew} East-West", values)
        : _("Corrected at the table after the round on unit {unit}'s pad", values);
    }
    return pairs ? _("Corrected at the table after the round on a pad, pairs {ns} North-South and {ew} East-West", values)
      : _("Corrected at the table after the round on a pad");
  }
  if (a.unit) {
    return pairs ? _("Still on unit {unit}'s pad, never sent, pairs {ns} North-South and {ew} East-West", values)
      : _("Still on unit {unit}'s pad, never sent", values);
  }
  return pairs ? _("Still on a pad, never sent, pairs {ns} North-South and {ew} East-West", values)
    : _("Still on a pad, never sent");
}

// The offered side's column heading.
export function offeredHead(a) {
  if (a.origin === "correction") return _("Correction after the round");
  return a.unit ? _("Unsent on unit {unit}'s pad", { unit: a.unit }) : _("Unsent on a pad");
}

// An entry as the pad writes it, in the page's language and the suits' symbols (the cell
// dialog's, and a conflict's two entries):
// "4\u2660+1 by South, lead \u2665K, NS +450", "passed out, NS 0".
function played(held) {
  if (held.contract === "PASS") return _("passed out");
  const words = { result: notation(held.contract, held.tricks), card: cardWords(held.lead),
    by: held.declarer in SEATS ? seatName(held.declarer) : held.declarer ?? "?" };
  return held.lead ? _("{result} by {by}, lead {card}", words) : _("{result} by {by}", words);
}
const SEATS = { N: 1, E: 1, S: 1, W: 1 };

// A ruling's averages as the language abbreviates them ("AVE+/AVE-"); percentages as they are.
const AVERAGES = { AVE: () => _("AVE"), "AVE+": () => _("AVE+"), "AVE-": () => _("AVE-") };
const averages = (code) => String(code).replace(/AVE[+-]?/g, (m) => AVERAGES[m]());

export function entryWords(held) {
  if (!held) return _("no result");
  if (held.kind === "not_played") return _("not played");
  let text = held.kind === "adjusted" ? _("adjusted {score}", { score: averages(held.adjusted) }) : played(held);
  if (held.kind === "result" && held.adjusted) text = _("{result} ({adjusted})", { result: text, adjusted: averages(held.adjusted) });
  if (held.score_ns != null && held.kind === "result") {
    text = _("{result}, {ns} {score}", { result: text, ns: sideLetters("NS"), score: signed(held.score_ns) });
  }
  // The station's checks, as the grid's orange cell and the alerts say them.
  const checks = (held.flags || []).map((f) => FLAG_WORDS[f]).filter(Boolean);
  return checks.length ? _("{result} ({checks})", { result: text, checks: checks.join(", ") }) : text;
}


// A conflict's entry in the page's words, from its fields; the station's English sentence for
// what the fields cannot say (an adjusted score), `none` when there is neither.
export function conflictEntry(entry, english, none = "") {
  if (entry && entry.kind !== "adjusted") return entryWords(entry);
  return english ?? none;
}

export function alertText(a) {
  const table = tableLabel(a.section, a.table);
  const v = { table, round: a.round, board: a.board, unit: a.unit };
  switch (a.kind) {
    case "silent_table": return n_("Table {table} has sent nothing for {n} round: is its pad working? Replace it or ask it to resend.",
      "Table {table} has sent nothing for {n} rounds: is its pad working? Replace it or ask it to resend.", a.rounds, v);
    case "no_contact": return a.minutes < 1 ? _("Table {table}: its pad (unit {unit}) not heard for less than a minute.", v)
      : n_("Table {table}: its pad (unit {unit}) not heard for {n} minute.", "Table {table}: its pad (unit {unit}) not heard for {n} minutes.", Math.floor(a.minutes), v);
    case "missing_boards": return n_("Table {table}, round {round}: {n} board missing.", "Table {table}, round {round}: {n} boards missing.", a.missing, v);
    case "bad_mac": return table
      ? n_("Unit {unit} at table {table} keeps failing its security check ({n} frame in a row): is it paired with this station?",
        "Unit {unit} at table {table} keeps failing its security check ({n} frames in a row): is it paired with this station?", a.count, v)
      : n_("Unit {unit} keeps failing its security check ({n} frame in a row): is it paired with this station?",
        "Unit {unit} keeps failing its security check ({n} frames in a row): is it paired with this station?", a.count, v);
    case "flooding": return floodSentence(a, table);
    case "stray_bad_mac": return n_("{n} frame claimed to be unit {unit} but failed the security check; unit {unit} itself is working.",
      "{n} frames claimed to be unit {unit} but failed the security check; unit {unit} itself is working.", a.count, v);
    case "unit_replaced": return replacedSentence(a, table);
    case "unit_locked": return table ? _("Unit {unit} was locked out by the director at table {table}.", v)
      : _("Unit {unit} was locked out by the director.", v);
    case "link_down": return linkSentence(a);
    case "link_back": return a.link_kind === "serial" ? _("The radio receiver on {where} is back ({time}).", { where: a.where, time: hhmm(a.back) })
      : _("The connection to the MQTT broker is back ({time}).", { time: hhmm(a.back) });
    case "lead_declarer_mismatch": return _("Table {table}, round {round}, board {board}: the lead does not fit the declarer; check it.", v);
    case "suspect_wrong_side": return _("Table {table}, round {round}, board {board}: the score may be given to the wrong side.", v);
    case "wrong_pairs": return _("Table {table}, round {round}, board {board}: the pairs entered are not the ones seated there.", v);
    case "table_in_use": return _("Unit {unit} asked for table {table}, which unit {holder} holds.", { ...v, holder: a.holder });
    case "merge_offer": return _("Board {board} (table {table}, round {round}), {origin}: merge it?", { ...v, origin: offerOrigin(a) });
    case "merge_conflict": return _("Board {board} at table {table} (round {round}): the station holds {held}; it was also sent {offered}, {origin}.",
      { ...v, held: conflictEntry(a.held_entry, a.held, _("a result")),
        offered: conflictEntry(a.offered_entry, a.offered, _("another result")), origin: offerOrigin(a) });
    case "unknown_player": return _("Table {table}: player number(s) {players} are not in the player list.", { ...v, players: a.players });
    case "replay": return _("Unit {unit} sent message {seq} again with different contents.", { ...v, seq: a.seq });
    case "wrong_pin": return [
      n_("Unit {unit} has given a wrong director's PIN {n} time:", "Unit {unit} has given a wrong director's PIN {n} times:", a.count, v),
      a.until ? _("the station checks its PIN again at {time}.", { time: hhmm(a.until) }) : _("it may try again now."),
      _("Is someone guessing the PIN? Reset the unit once it is dealt with.")].join(" ");
    case "too_many_visitors": return [
      table ? n_("Pad {unit} at table {table} has added {n} visitor to the player list tonight, more than a table meets:",
        "Pad {unit} at table {table} has added {n} visitors to the player list tonight, more than a table meets:", a.added, v)
        : n_("Pad {unit} has added {n} visitor to the player list tonight, more than a table meets:",
          "Pad {unit} has added {n} visitors to the player list tonight, more than a table meets:", a.added, v),
      n_("the {n} name it sent since is seated as an unnamed visitor.", "the {n} names it sent since are seated as unnamed visitors.", a.refused),
      _("Is the pad working properly? Name the visitors on the grid, or lock the unit.")].join(" ");
    case "number_sweep": return [
      n_("Pad {unit} at table {table} has tried more player numbers in round {round} than a table needs ({n} message refused):",
        "Pad {unit} at table {table} has tried more player numbers in round {round} than a table needs ({n} messages refused):", a.refused, v),
      _("is someone reading the player list through it? Seat the players from the grid, or lock the unit.")].join(" ");
    case "many_offers": return [
      _("Unit {unit}, which lost its table, has sent other results for boards it had already sent ({replaced}; {offers}).", {
        ...v, replaced: n_("{n} result replaced", "{n} results replaced", a.replaced), offers: n_("{n} offer open", "{n} offers open", a.offers) }),
      _("Is someone using the lost pad? Decline all its offers, or pair the unit again to shut it out.")].join(" ");
    default: return table ? _("An alert at table {table}", v) : _("An alert");
  }
}

function replacedSentence(a, table) {
  const v = { unit: a.unit, by: a.by, table };
  if (a.by) return table ? _("Unit {unit} was replaced by unit {by} at table {table}: it is locked out.", v)
    : _("Unit {unit} was replaced by unit {by}: it is locked out.", v);
  return table ? _("Unit {unit} was replaced at table {table}: it is locked out.", v) : _("Unit {unit} was replaced: it is locked out.", v);
}
