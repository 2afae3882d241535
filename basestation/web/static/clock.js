// The round clock on the grid: when each section's round began, the minutes gone of the round's
// length and who still plays; the director sets minutes per board and per round.
import { api, say } from "./common.js";
import { last, refresh } from "./grid_state.js";
import { _, decimalsOf as decimals, formatNumber, n_ } from "./i18n.js";

// The round clock: when the round began, minutes gone of the round's length, who still plays.
// `ended`: the session is over (the grid's body says so once it has read it).
export function renderClock(box, section, ended = document.body.dataset.ended === "yes") {
  const c = section.clock;
  if (ended) {  // the session is over: the round clock has stopped everywhere
    box.textContent = _("Round {round}: the session has ended, the round clock is stopped", { round: section.round });
    box.dataset.late = "no";
    box.dataset.playing = 0;
    return;
  }
  // Minutes as read, moved on by the time since (grid_apply.js stamps `at`): no clock skew.
  const minutes = c.minutes + (c.at ? (Date.now() - c.at) / 60000 : 0);
  const began = new Date(c.started).toTimeString().slice(0, 5);
  const values = { round: section.round, began, minutes: Math.floor(minutes), length: formatNumber(c.round_minutes, decimals(c.round_minutes)),
    board: formatNumber(c.minutes_per_board, decimals(c.minutes_per_board)), move: formatNumber(c.minutes_per_round, decimals(c.minutes_per_round)) };
  box.textContent = c.playing.length ?
    n_("Round {round} began {began}, {minutes} of {length} min ({board} a board, {move} for the move); still playing: table {tables}",
      "Round {round} began {began}, {minutes} of {length} min ({board} a board, {move} for the move); still playing: tables {tables}",
      c.playing.length, { ...values, tables: c.playing.join(", ") }) :
    _("Round {round} began {began}, {minutes} of {length} min ({board} a board, {move} for the move); every table has finished the round", values);
  box.dataset.late = minutes > c.round_minutes && c.playing.length ? "yes" : "no";
  box.dataset.playing = c.playing.length;
}


// The round clock: minutes per board plus minutes per round (the move), e.g. "7 1".
export async function setRoundLength(section) {
  const grid = last.grid && last.grid.sections.find((s) => s.section === section);
  const now = grid ? `${grid.clock.minutes_per_board} ${grid.clock.minutes_per_round}` : "";
  const answer = prompt(_("Round clock in section {section}: minutes per board, then minutes per round for the move (e.g. 7 1):", { section }), now);
  if (answer === null) return;
  const numbers = answer.trim().split(/[\s,]+/);
  if (numbers.length !== 2 || !numbers.every((n) => /^\d+(\.\d+)?$/.test(n))) {
    say(_("Section {section}: type two numbers, minutes per board and minutes per round, e.g. 7 1", { section }), true);
    return;
  }
  try {
    await api("PUT", `/api/sections/${section}/clock`, { minutes_per_board: Number(numbers[0]), minutes_per_round: Number(numbers[1]) });
    const [board, round] = numbers.map((n) => formatNumber(Number(n), decimals(Number(n))));
    say(_("Section {section}: {board} minutes per board and {round} per round", { section, board, round }));
    refresh();
  } catch (e) { say(e.message, true); }
}
