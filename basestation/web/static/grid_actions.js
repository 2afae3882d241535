// The director's actions on the grid: close a section's round, the rankings on its pads, and
// the switches on the whole session (pause or resume entry, end it, publish the results).
import { api, say } from "./common.js";

export async function closeRound(section) {
  if (!confirm(`Close the round in section ${section}?`)) return;
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
  const answer = prompt(`Rankings on the pads after each round in section ${section}: "off" ` +
    "(only once published), or the first and last rounds to hide, e.g. 0 2:", now);
  if (answer === null) return;
  const words = answer.trim().toLowerCase();
  const numbers = words.split(/[\s,]+/);
  const off = words === "off" || words === "";
  if (!off && (numbers.length !== 2 || !numbers.every((n) => /^\d+$/.test(n)))) {
    say(`Section ${section}: type "off", or two numbers of rounds to hide (first and last), e.g. 0 2`, true);
    return;
  }
  try {
    await api("PUT", `/api/sections/${section}/rankings`, off ? { after_each_round: false } :
      { after_each_round: true, hide_first: Number(numbers[0]), hide_last: Number(numbers[1]) });
    say(off ? `Section ${section}: rankings on the pads only once published` :
      `Section ${section}: rankings on the pads after each round, the first ${numbers[0]} and the last ${numbers[1]} hidden`);
  } catch (e) { say(e.message, true); }
}

// The header's switches on the whole session, each asked first.
export function setupSessionSwitches() {
  document.getElementById("running").addEventListener("click", async () => {
    const running = document.body.dataset.running !== "yes";
    const question = running ? (document.body.dataset.ended === "yes" ?
      "Open the ended session again? Pads can enter results again." : "Resume entry on every pad?") :
      "Pause entry? Pads are told the station is stopped until you resume.";
    if (!confirm(question)) return;
    try {
      await api("POST", "/api/running", { running });
      say(running ? "Entry resumed" : "Paused: pads cannot enter results until you resume");
    } catch (e) { say(e.message, true); }
  });
  document.getElementById("end-session").addEventListener("click", async () => {
    if (!confirm("End the session? Pads stop taking results and a backup is taken. Results stay private until you publish them.")) return;
    try {
      await api("POST", "/api/session/end");
      say("Session ended: publish the results once they are checked");
    } catch (e) { say(e.message, true); }
  });
  document.getElementById("publish").addEventListener("click", async () => {
    const published = document.body.dataset.published !== "yes";
    if (!confirm(published ? "Publish the results? Anyone on the network can then see travellers and rankings." :
      "Withdraw the results? Only the director sees them again.")) return;
    try {
      await api("POST", "/api/session/publish", { published });
      say(published ? "Results published" : "Results withdrawn");
    } catch (e) { say(e.message, true); }
  });
}
