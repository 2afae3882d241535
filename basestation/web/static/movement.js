// The movement dialog on the grid: a late pair, a pair withdrawing, a new movement from a round.
import { api, say } from "./common.js";
import { refresh } from "./grid_state.js";

let movementSection = null;

export function showMovement(section) {
  movementSection = section;
  document.getElementById("movement-title").textContent = `Section ${section}: change the movement`;
  document.getElementById("movement-error").textContent = "";
  document.getElementById("movement").showModal();
}

function seatedText(answer) {
  const seats = answer.seated.map((s) => `${s.direction} ${s.pair} at table ${s.table} from round ${s.round}`);
  return `Section ${answer.section}: ${answer.tables} tables, ${answer.boards} boards, ${answer.rounds} rounds` +
    (seats.length ? `; ${seats.join(", ")}` : "");
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
