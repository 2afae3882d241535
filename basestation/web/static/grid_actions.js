// The director's actions on the grid: close a section's round, the rankings on its pads, and
// the switches on the whole session (pause or resume entry, end it, publish the results).
import { api, say } from "./common.js";
import { last } from "./grid_state.js";
import { _, n_ } from "./i18n.js";

// "A3", "A3, A5 and A6" (the sentence says "table" or "tables" by their number).
function tablesText(tables) {
  if (tables.length === 1) return tables[0];
  return _("{tables} and {last}", { tables: tables.slice(0, -1).join(", "), last: tables[tables.length - 1] });
}

// The tables an End would wait for, as the grid last read them ("A3").
const stillPlaying = () => (last.grid ? last.grid.still_playing || [] : []);

export async function closeRound(section) {
  if (!confirm(_("Close the round in section {section}?", { section }))) return;
  try { await api("POST", `/api/sections/${section}/close-round`); } catch (e) { say(e.message, true); }
}

// Rankings on the pads after each round (SPEC 14.9): "off" (only once published), or the
// first and last rounds to hide, e.g. "0 2" for none first and the last two.
export async function setRoundRankings(section) {
  let now = "off";
  try {
    const shown = (await api("GET", "/api/event")).sections.find((s) => s.letter === section);
    if (shown && shown.rankings) now = `${shown.rankings.hide_first} ${shown.rankings.hide_last}`;
  } catch { /* asked with "off" */ }
  const off = _("off");
  if (now === "off") now = off;
  const answer = prompt(_("Rankings on the pads after each round in section {section}: \"{off}\" (only once published), or the first and last rounds to hide, e.g. 0 2:",
    { section, off }), now);
  if (answer === null) return;
  const words = answer.trim().toLowerCase();
  const numbers = words.split(/[\s,]+/);
  const isOff = words === "off" || words === off.toLowerCase() || words === "";
  if (!isOff && (numbers.length !== 2 || !numbers.every((n) => /^\d+$/.test(n)))) {
    say(_("Section {section}: type \"{off}\", or two numbers of rounds to hide (first and last), e.g. 0 2", { section, off }), true);
    return;
  }
  try {
    await api("PUT", `/api/sections/${section}/rankings`, isOff ? { after_each_round: false } :
      { after_each_round: true, hide_first: Number(numbers[0]), hide_last: Number(numbers[1]) });
    say(isOff ? _("Section {section}: rankings on the pads only once published", { section }) :
      _("Section {section}: rankings on the pads after each round, the first {first} and the last {last} hidden",
        { section, first: numbers[0], last: numbers[1] }));
  } catch (e) { say(e.message, true); }
}

// The header's switches on the whole session, each asked first.
export function setupSessionSwitches() {
  document.getElementById("running").addEventListener("click", async () => {
    const running = document.body.dataset.running !== "yes";
    const reopen = running && document.body.dataset.ended === "yes";
    const question = reopen ? _("Open the ended session again? Pads can enter results again, and the round clock runs again.") :
      running ? _("Resume entry on every pad?") : _("Pause entry? Pads are told the station is stopped until you resume.");
    if (!confirm(question)) return;
    try {
      await api("POST", "/api/running", { running });
      say(reopen ? _("Session open again: pads can enter results") : running ? _("Entry resumed") :
        _("Paused: pads cannot enter results until you resume"));
    } catch (e) { say(e.message, true); }
  });
  // Tables still playing their round are waited for: they play on, the others stop now.
  document.getElementById("end-session").addEventListener("click", async () => {
    // Asked of the station now: the page applies results as they come, not who still plays.
    let playing = stillPlaying();
    try { playing = (await api("GET", "/api/grid")).still_playing || []; } catch { /* as last read */ }
    const question = playing.length ?
      n_("End the session? {n} table is still playing ({tables}): the session ends once it has finished the round. " +
        "Until then it plays on; the other pads stop taking results now and no new round begins. " +
        "A backup is taken at the end. Results stay private until you publish them.",
      "End the session? {n} tables are still playing ({tables}): the session ends once they have finished the round. " +
        "Until then they play on; the other pads stop taking results now and no new round begins. " +
        "A backup is taken at the end. Results stay private until you publish them.",
      playing.length, { tables: playing.join(", ") }) :
      _("End the session? Pads stop taking results. A backup is taken at the end. Results stay private until you publish them.");
    if (!confirm(question)) return;
    try {
      const status = await api("POST", "/api/session/end");
      say(status.ending.length ? n_("The session ends once table {tables} has finished", "The session ends once tables {tables} have finished",
        status.ending.length, { tables: tablesText(status.ending) }) :
        _("Session ended: publish the results once they are checked"));
    } catch (e) { say(e.message, true); }
  });
  document.getElementById("publish").addEventListener("click", async () => {
    const published = document.body.dataset.published !== "yes";
    if (!confirm(published ? _("Publish the results? Anyone on the network can then see travellers and rankings.") :
      _("Withdraw the results? Only the director sees them again."))) return;
    try {
      await api("POST", "/api/session/publish", { published });
      say(published ? _("Results published") : _("Results withdrawn"));
    } catch (e) { say(e.message, true); }
  });
}
