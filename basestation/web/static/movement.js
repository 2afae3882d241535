// The movement dialog on the grid: a late pair, a pair withdrawing, a new movement from a round.
import { api, say } from "./common.js";
import { refresh } from "./grid_state.js";
import { _, n_, sideLetters } from "./i18n.js";

let movementSection = null;

export function showMovement(section) {
  movementSection = section;
  document.getElementById("movement-title").textContent = _("Section {section}: change the movement", { section });
  document.getElementById("movement-error").textContent = "";
  document.getElementById("movement").showModal();
}

function seatedText(answer) {
  const seats = answer.seated.map((s) => _("{direction} {pair} at table {table} from round {round}", {
    direction: s.direction ? sideLetters(s.direction) : "", pair: s.pair, table: s.table, round: s.round }).trim());
  const values = { section: answer.section, tables: n_("{n} table", "{n} tables", answer.tables),
    boards: n_("{n} board", "{n} boards", answer.boards), rounds: n_("{n} round", "{n} rounds", answer.rounds) };
  return seats.length ? _("Section {section}: {tables}, {boards}, {rounds}; {seated}", { ...values, seated: seats.join(", ") }) :
    _("Section {section}: {tables}, {boards}, {rounds}", values);
}

function movementForm(id, method, path, body) {
  document.getElementById(id).addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    try {
      const answer = await api(method, `/api/sections/${movementSection}/${path}`, body(form));
      document.getElementById("movement").close();
      say(seatedText(answer));
      refresh();
    } catch (e) {
      document.getElementById("movement-error").textContent = e.message;
    }
  });
}

export function setupMovement() {
  // NS and EW in the page's language's letters (the value sent stays NS or EW).
  for (const option of document.querySelectorAll("#withdraw select[name=direction] option[value]")) {
    if (option.value) option.textContent = sideLetters(option.value);
  }
  const number = (form, name) => Number(form.elements[name].value);
  movementForm("late-pair", "POST", "late-pair", (f) => ({ from_round: number(f, "from_round") }));
  movementForm("withdraw", "POST", "withdraw", (f) => ({
    pair: number(f, "pair"), direction: f.elements.direction.value || null, from_round: number(f, "from_round"),
  }));
  movementForm("replace", "PUT", "movement", (f) => ({
    movement: f.elements.movement.value, tables: number(f, "tables"), boards: number(f, "boards"),
    phantom: f.elements.phantom.checked, from_round: number(f, "from_round"),
  }));
}
