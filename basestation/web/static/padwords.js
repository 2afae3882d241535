// What the browser pad tells the players, in their words: the station's refusals, locks and
// what the pad does on its own. Players never see a protocol code (SPEC 5 lists them).

const table = (body) => `table ${body.section}${body.table}`;

// A nak's code, for the message it answers (`body`: what the pad sent); capitalised when
// it is not after "Board 5: ".
const REFUSALS = {
  MALFORMED: () => "the station could not read what this pad sent: ask the director",
  UNSUPPORTED_VERSION: () => "the station does not speak this pad's language: ask the director",
  BAD_MAC: () => "this pad's key was replaced: ask the director to pair it again",
  REPLAY: () => "the station had seen this pad's numbers before: sending again",
  NOT_LOGGED_IN: () => "this pad is not logged in to a table at the station: log in to your table",
  NO_SUCH_SECTION: (b) => `this event has no section ${b.section}: choose your table`,
  NO_SUCH_TABLE: (b) => `this event has no table ${b.table} in section ${b.section}: choose your table`,
  BAD_PIN: (b, wait) => (wait ? `too many wrong PINs from this pad: the station takes a PIN ` +
    `from it again in ${waitWords(wait)}` : "the director's PIN is not right"),
  TABLE_IN_USE: (b) => `another pad is logged in to ${table(b)}: ask the director to ` +
    "replace it with this pad, then log in again",
  UNIT_REPLACED: () => "another pad has taken over this table: this pad takes no more results",
  UNIT_LOCKED: () => "the director has locked this pad: it takes no more results",
  STOPPED: () => "entry is stopped by the director: results wait on this pad",
  WRONG_ROUND: (b) => `round ${b.round} cannot be entered at this table now: ask the director`,
  BOARD_OUT_OF_RANGE: (b) => `this board is not played at this table in round ${b.round}`,
  WRONG_PAIRS: () => "these are not the pairs the movement puts at this table: ask the director",
  ALREADY_PLAYED: () => "the station already holds another result for this board",
  INVALID_CONTRACT: () => "the contract or the declarer is not right: enter it again",
  INVALID_TRICKS: () => "the result is not possible for this contract: enter it again",
  INVALID_LEAD: () => "the lead is not a card, or there is a lead on a passed-out board",
  INVALID_PLAYER: () => "the station refused a player number: check the numbers",
  NOT_YOUR_BOARD: () => "this board's results are not this table's to see",
  CORRECTION_CLOSED: () => "that round is over: only the director can change it now",
  INTERNAL: () => "the station had a problem and took nothing: this pad tries again shortly",
  OTHER_EVENT: () => "this belongs to the previous event: the station did not take it",
};

// A wait the station gave, in seconds (a nak's detail: SPEC 6.1), as "2 minutes".
function waitWords(detail) {
  const seconds = Number(detail);
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

// "Board 5: ..." for an entry, the sentence alone for anything else; `detail` is the nak's.
function refusal(code, body, detail) {
  if (code === "CORRECTION_CLOSED" && detail === TO_DIRECTOR && body && body.board) {
    return sentToDirector(body);
  }
  const said = (REFUSALS[code] || (() => "the station refused it: ask the director"))(body || {},
    /^\d+$/.test(detail || "") ? detail : null);
  if (body && body.board) return `Board ${body.board}: ${said}`;
  return said.charAt(0).toUpperCase() + said.slice(1);
}

// SPEC 14.10: a correction of a table left, once its next round had begun there.
const TO_DIRECTOR = "director"; // the nak detail of SPEC 6.5, also here
const sentToDirector = (body) => `Board ${body.board}: the next round has begun at ` +
  `${table(body)}: your correction went to the director to decide`;
const correctedThere = (body) => `Board ${body.board} at ${table(body)}: the station took ` +
  "your correction";

// The players screen (SPEC 14): the pairs the movement puts at the table that round.
const pairsExpected = (ns, ew) => `The movement puts pair ${ns} North-South and pair ${ew} ` +
  "East-West";

// The `locked` reason as one word for the banner, and a sentence: the one message a locked
// pad shows (SPEC 6.5: what it still had goes to the director, each entry said on its own).
function lock(reason) {
  const then = ". Results still on it go to the director to decide";
  if (reason === "UNIT_REPLACED") return { word: "Replaced", sentence: refusal(reason) + then };
  if (reason === "UNIT_LOCKED") return { word: "Locked", sentence: refusal(reason) + then };
  return { word: "Locked", sentence: "The station no longer takes this pad's results" + then };
}

// What the players do about a lock: no login is taken until the director resets the unit.
const lockedNext = (unit) => "To play on with this pad, call the director: the director " +
  `resets unit ${unit} in the Units panel, and this pad then shows its login form.`;

// An entry of a pad the station let go (replaced, locked, reset), as the nak's detail says
// (SPEC 6.5): with the director to decide, held by the station as it is, or not kept.
function handed(board, detail) {
  if (detail === TO_DIRECTOR) return `Board ${board}: sent to the director to decide`;
  if (detail === "held") return `Board ${board}: the station already has this result`;
  return `Board ${board}: the station did not take it: tell the director`;
}

const dropped = (count) => `The director opened a new event: ${count} ` +
  `${count === 1 ? "entry" : "entries"} of the previous event that the station never got ` +
  `${count === 1 ? "was" : "were"} dropped`;

// SPEC 14: a number the station did not find, in a sentence (UNKNOWN_PLAYER is a flag only).
const unknownPlayer = (number) => `Player ${number} is not on the club's list: check the ` +
  "number or enter a visitor";

// A typed player number, checked: an error sentence, or null.
function playerNumber(seat, text, visitor) {
  if (visitor) return null;
  if (text === "") return `${seat}: enter the player's number, or tick "visitor"`;
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 4294967295) {
    return `${seat}: a player number is digits only, for example 10234`;
  }
  return null;
}

// The round clock (SPEC 14.6): "Round 3: 12:40 left", then "Round 3: time is up, 2 min over".
function clock(round, secondsLeft) {
  if (secondsLeft > 0) {
    const minutes = Math.floor(secondsLeft / 60);
    const seconds = String(secondsLeft % 60).padStart(2, "0");
    return `Round ${round}: ${minutes}:${seconds} left`;
  }
  const over = Math.floor(-secondsLeft / 60);
  return `Round ${round}: time is up` + (over ? `, ${over} min over` : "");
}

// The round clock above a table still playing a round the section has left (SPEC 14.6).
const sectionAhead = (round, sectionRound) =>
  `Round ${round}: the section has moved on to round ${sectionRound}`;

// "boards 7-8", "board 5", "boards 1, 3 and 5".
function boardsText(boards) {
  const sorted = [...boards].sort((a, b) => a - b);
  if (sorted.length === 1) return `board ${sorted[0]}`;
  const run = sorted.every((b, i) => i === 0 || b === sorted[i - 1] + 1);
  if (run) return `boards ${sorted[0]}-${sorted[sorted.length - 1]}`;
  return `boards ${sorted.slice(0, -1).join(", ")} and ${sorted[sorted.length - 1]}`;
}

const SIDES = { NS: "North-South", EW: "East-West" };

// One pair's move: "NS pair 3 stay at table 3", "EW pair 5 move to table 4", "NS pair 4
// move to table 2 and sit East-West", "EW pair 6 sit out next round".
function pairMove(side, pair, table, move) {
  const who = `${side} pair ${pair}`;
  if (!move) return `${who} sit out next round`;
  const sit = move.side === side ? "" : ` and sit ${SIDES[move.side]}`;
  if (move.table === table) return `${who} stay at table ${table}${sit}`;
  return `${who} move to table ${move.table}${sit}`;
}

// A pad moving with its pair (SPEC 14.10): "Your pair (EW 5) moves to table 4: this pad
// will log in there", "... stays at table 3", "... sits out next round".
function pairGoes(side, pair, table, move) {
  const who = `Your pair (${side} ${pair})`;
  if (!move) return `${who} sits out next round: this pad stays here`;
  if (move.table === table) return `${who} stays at table ${table}`;
  return `${who} moves to table ${move.table}: this pad will log in there`;
}

function tableBusy(table) {
  return `Table ${table} is still playing: this pad logs in there as soon as it is free`;
}

function notDue(table, detail) {
  return `This pad cannot log in to table ${table}` + (detail ? ` (${detail})` : "") +
    ": ask the director";
}

// Where everyone at the table goes when the round is over (SPEC 14.7), one sentence each:
// the pairs, then the boards ("Boards 7-8 go to table 2", "... go to the relay stand").
function moves(table, seating, boards) {
  const next = seating.next;
  const lines = [];
  if (seating.ns != null) lines.push(pairMove("NS", seating.ns, table, next.ns));
  if (seating.ew != null) lines.push(pairMove("EW", seating.ew, table, next.ew));
  const which = boardsText(boards);
  const Which = which.charAt(0).toUpperCase() + which.slice(1);
  const tables = next.boards || [];
  const verb = boards.length === 1 ? "goes" : "go";
  if (tables.length === 0) lines.push(`${Which} ${verb} to the relay stand`);
  else if (tables.length === 1 && tables[0] === table) {
    lines.push(`${Which} ${boards.length === 1 ? "stays" : "stay"} at table ${table}`);
  } else {
    const others = tables.length === 1 ? `table ${tables[0]}` :
      `tables ${tables.slice(0, -1).join(", ")} and ${tables[tables.length - 1]}`;
    lines.push(`${Which} ${verb} to ${others}`);
  }
  return lines;
}

// -- the entry form: what is missing, and a board out of the expected order ---------------

// The choice on the keys, checked before East-West see it: a sentence, or null.
function entryProblem(choice, byTricks) {
  if (choice.pass) return null;
  if (!choice.level) return "Choose the contract's level, 1 to 7, or Pass";
  if (!choice.strain) return "Choose the contract's suit, or no trump";
  if (!choice.declarer) return "Choose the declarer: North, East, South or West";
  if (choice.result === null) {
    return byTricks ? "Choose the tricks declarer took" : "Choose the result: =, a plus or a minus";
  }
  if (choice.leadSuit && !choice.leadRank) return "Choose the lead's card, or no lead suit";
  if (choice.leadRank && !choice.leadSuit) return "Choose the lead's suit, or no lead card";
  return null;
}

// What the station flagged on a result it took (SPEC 5), for the players to check.
const FLAGS = {
  LEAD_DECLARER_MISMATCH: "the lead or the declarer looks wrong. Check it and correct it.",
  SUSPECT_WRONG_SIDE: "was the score given to the wrong side? Check it.",
};
const flag = (code, board) => `Board ${board}: ${FLAGS[code]}`;

const alreadyHeld = (board, held, entered) => `Board ${board}: the station already holds ` +
  `${held}; you entered ${entered}. Correct it if the station's is wrong.`;

const directorChanged = (board, round, result) =>
  `The director changed board ${board} (round ${round}): ${result || "erased"}`;

const outOfOrder = (board, next) => `Board ${board} is not the next board (${next}). ` +
  `Enter board ${board}?`;


// The board chooser with no board left to play, and the accept screen (SPEC 6.3).
export const CHOOSE_CORRECTION = "No board to play: choose one to correct it";
export const NOTHING_TO_ENTER = "No board to play";
export const ACCEPT_TITLE = "East-West: check, then accept";
export const CORRECTION_TITLE = "East-West: check the correction, then accept";
export const replaces = (board, round, held, entered) => `Board ${board} (round ${round}) ` +
  `is already held: ${held}. Accept replaces it with: ${entered}`;

export const OTHER_SCREEN = "This pad was opened on another screen: use that one, or take it back here";
export const TABLE_FORM = "Section is one letter, table a number from 1";
export const PIN_FORM = "The director's PIN is 1 to 8 letters, digits or signs";
export const OLD_LINK = "This pairing link is not one this station gives now: ask the director to pair the unit again";
export const PAIRING_REFUSED = "The station did not give this pad its key: ask the director to pair the unit again";
export const PAIRING_UNREACHABLE = "Pairing: the station cannot be reached just now; trying again";
// The browser had erased the pad's storage; the station gave its key back (SPEC 10.5).
export const restored = (unit) => `This browser had cleared the pad's memory: it is unit ` +
  `${unit} again. Log in to your table`;
export const stillUnit = (unit) => `This page stays the pad it was (unit ${unit})`;
export const RESET = "The director reset this pad: log in to your table";
export const LOGGED_OUT = "Logged out: log in to your table";
// SPEC 6.6: the unit was paired again; this pad keeps its results and waits for its key.
export const KEY_REPLACED = "This pad's key was replaced: ask the director to pair it again. " +
  "Results entered here are kept and sent once it is paired";
// The broker refused the pad's login: an old key, a unit not paired yet, or a unit number
// whose login is another event's on the same broker (deploy/INSTALL.md, section 6).
export const brokerRefused = (unit) => `The station's broker refused this pad (unit ${unit}): ` +
  "ask the director to pair it again on this event. If the director's grid says the unit " +
  "belongs to another event on this computer, pair this pad under a unit number of this " +
  "event's own (each event its own unit numbers)";

export {
  refusal, lock, lockedNext, handed, dropped, unknownPlayer, playerNumber, clock, sectionAhead, moves,
  pairGoes, tableBusy,
  notDue, entryProblem, outOfOrder, flag, alreadyHeld, directorChanged, correctedThere,
  pairsExpected,
};
