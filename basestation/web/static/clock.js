// The round clock on the grid: when each section's round began, the minutes gone of the round's
// length and who still plays; the director sets minutes per board and per round.
import { api, say } from "./common.js";
import { last, refresh } from "./grid_state.js";

// The round clock: when the round began, minutes gone of the round's length, who still plays.
// `ended`: the session is over (the grid's body says so once it has read it).
export function renderClock(box, section, ended = document.body.dataset.ended === "yes") {
  const c = section.clock;
  if (ended) {  // the session is over: the round clock has stopped everywhere
    box.textContent = `Round ${section.round}: the session has ended, the round clock is stopped`;
    box.dataset.late = "no";
    box.dataset.playing = 0;
    return;
  }
  // Minutes as read, moved on by the time since (grid_apply.js stamps `at`): no clock skew.
  const minutes = c.minutes + (c.at ? (Date.now() - c.at) / 60000 : 0);
  const began = new Date(c.started).toTimeString().slice(0, 5);
  const playing = c.playing.length ? `still playing: ${c.playing.length === 1 ? "table" : "tables"} ${c.playing.join(", ")}` : "every table has finished the round";
  box.textContent = `Round ${section.round} began ${began}, ${Math.floor(minutes)} of ${c.round_minutes} min (${c.minutes_per_board} a board, ${c.minutes_per_round} for the move); ${playing}`;
  box.dataset.late = minutes > c.round_minutes && c.playing.length ? "yes" : "no";
  box.dataset.playing = c.playing.length;
}

// The round clock: minutes per board plus minutes per round (the move), e.g. "7 1".
export async function setRoundLength(section) {
  const grid = last.grid && last.grid.sections.find((s) => s.section === section);
  const now = grid ? `${grid.clock.minutes_per_board} ${grid.clock.minutes_per_round}` : "";
  const answer = prompt(`Round clock in section ${section}: minutes per board, then minutes per round for the move (e.g. 7 1):`, now);
  if (answer === null) return;
  const numbers = answer.trim().split(/[\s,]+/);
  if (numbers.length !== 2 || !numbers.every((n) => /^\d+(\.\d+)?$/.test(n))) {
    say(`Section ${section}: type two numbers, minutes per board and minutes per round, e.g. 7 1`, true);
    return;
  }
  try {
    await api("PUT", `/api/sections/${section}/clock`, { minutes_per_board: Number(numbers[0]), minutes_per_round: Number(numbers[1]) });
    say(`Section ${section}: ${numbers[0]} minutes per board and ${numbers[1]} per round`);
    refresh();
  } catch (e) { say(e.message, true); }
}
