// The grid's units panel: each pad, where it plays, its battery and when it was last heard,
// and the director's replace, withdraw and reset, each waiting for the station's answer.
import { api, el, say } from "./common.js";
import { refresh } from "./grid_state.js";
import { _, formatPercent } from "./i18n.js";
import { ago, tableLabel, unitWords } from "./grid_words.js";

const UNIT_QUESTIONS = {
  replace: (unit) => _("Replace unit {unit}? The next pad that asks takes over its table (a plain log in will do), and unit {unit} is locked out: it takes no more results, and results still on it come to you to decide.", { unit }),
  withdraw: (unit) => _("Withdraw unit {unit}? Its table is freed for another pad and the pad takes no more results; results still on it come to you to decide.", { unit }),
  reset: (unit) => _("Reset unit {unit}? Its table is freed, it is unlocked, and the pad forgets its session and shows the login form; results it never sent come to you to decide.", { unit }),
};
// Each button says which unit it acts on ("Withdraw unit 17"), as a screen reader reads it.
const UNIT_ACTIONS = {
  replace: (unit) => _("Replace unit {unit}", { unit }),
  withdraw: (unit) => _("Withdraw unit {unit}", { unit }),
  reset: (unit) => _("Reset unit {unit}", { unit }),
};
const WAITING = {
  replace: () => _("replace: waiting for the station…"),
  withdraw: () => _("withdraw: waiting for the station…"),
  reset: () => _("reset: waiting for the station…"),
};

// `asked`: false for the one press that needs no question (a locked unit's reset: it holds
// no table, and the answer says what was done).
async function unitAction(unit, what, button, asked = true) {
  if (asked && !confirm(UNIT_QUESTIONS[what](unit))) return;
  const row = document.getElementById(`unit-${unit}`);
  row.dataset.pending = what;
  if (button) { button.disabled = true; button.textContent = WAITING[what](); }
  try {
    const answer = await api("POST", `/api/units/${unit}/${what}`);
    // Withdraw and reset say in a sentence what they did (table freed, lock lifted, pad told).
    say(answer.done || answer.detail || (what === "replace" ? _("Unit {unit}: the next pad that asks takes over its table", { unit })
      : what === "reset" ? _("Unit {unit}: reset done", { unit }) : _("Unit {unit}: withdraw done", { unit })));
    // Withdrawn, a lost pad keeps its broker login until the unit is paired again: offered now.
    if (answer.pair_again && confirm(`${answer.detail} ${answer.pair_again}`)) {
      await api("POST", `/api/units/${unit}/pair`);
      say(_("Unit {unit} paired again: a lost pad is shut out; pair its pad from the pairing panel", { unit }));
    }
  } catch (e) { say(e.message, true); }
  delete row.dataset.pending;
  refresh();
}

export function renderUnits(units) {
  const body = document.querySelector("#units tbody");
  // A row waiting for the station's answer stays as it is, showing what is pending.
  const pending = new Map([...body.querySelectorAll("tr[data-pending]")].map((row) => [row.id, row]));
  body.textContent = "";
  for (const u of units) body.append(pending.get(`unit-${u.unit}`) || unitRow(u));
}

// One unit's line brought up to date from a live event (`units`: every unit, in order).
export function renderUnit(u, units) {
  const row = document.getElementById(`unit-${u.unit}`);
  if (!row) { renderUnits(units); return; }
  if (!row.dataset.pending) row.replaceWith(unitRow(u));
}

function unitRow(u) {
  // A code for the page's style and tests, not a word shown.
  const state = u.locked ? "locked" : u.failing ? "failing check" : u.section ? "playing" : "free";
  const where = tableLabel(u.section, u.table);
  const act = (what) => el("button", { type: "button", class: "director-only", "data-action": what,
    onclick: (event) => unitAction(u.unit, what, event.currentTarget, !(what === "reset" && u.locked)) },
    UNIT_ACTIONS[what](u.unit));
  return el("tr", { id: `unit-${u.unit}`, "data-state": state },
    el("td", {}, `${u.unit}`), el("td", {}, where ?? "-"),
    el("td", {}, u.battery != null ? formatPercent(u.battery, 0) : "?"),
    el("td", { class: "seen", "data-seen": u.last_seen || "" }, ago(u.last_seen)),
    el("td", { class: "unit-state" }, unitWords(u)),
    el("td", {}, u.section ? act("replace") : null, u.locked ? act("reset") : act("withdraw")));
}
