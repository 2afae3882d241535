// What the browser pad tells the players, in their words and their language (i18n.js): the
// station's refusals, locks and what the pad does on its own. Players never see a protocol
// code (SPEC 5 lists them): each is put into the pad's own words here.
import { _, n_ } from "./i18n.js";

const table = (body) => `${body.section}${body.table}`;

// A nak's code, for the message it answers (`body`: what the pad sent); capitalised when
// it is not after "Board 5: ".
const REFUSALS = {
  MALFORMED: () => _("the station could not read what this pad sent: ask the director"),
  UNSUPPORTED_VERSION: () => _("the station does not speak this pad's language: ask the director"),
  BAD_MAC: () => _("this pad's key was replaced: ask the director to pair it again"),
  REPLAY: () => _("the station had seen this pad's numbers before: sending again"),
  NOT_LOGGED_IN: () => _("this pad is not logged in to a table at the station: log in to your table"),
  NO_SUCH_SECTION: (b) => _("this event has no section {section}: choose your table", { section: b.section }),
  NO_SUCH_TABLE: (b) => _("this event has no table {table} in section {section}: choose your table", { table: b.table, section: b.section }),
  BAD_PIN: (b, wait) => (wait ? _("too many wrong PINs from this pad: the station takes a PIN from it again in {wait}", { wait: waitWords(wait) }) : _("the director's PIN is not right")),
  TABLE_IN_USE: (b) => _("another pad is logged in to table {table}: ask the director to replace it with this pad, then log in again", { table: table(b) }),
  UNIT_REPLACED: () => _("another pad has taken over this table: this pad takes no more results"),
  UNIT_LOCKED: () => _("the director has locked this pad: it takes no more results"),
  STOPPED: () => _("entry is stopped by the director: results wait on this pad"),
  WRONG_ROUND: (b) => _("round {round} cannot be entered at this table now: ask the director", { round: b.round }),
  BOARD_OUT_OF_RANGE: (b) => _("this board is not played at this table in round {round}", { round: b.round }),
  WRONG_PAIRS: () => _("these are not the pairs the movement puts at this table: ask the director"),
  ALREADY_PLAYED: () => _("the station already holds another result for this board"),
  INVALID_CONTRACT: () => _("the contract or the declarer is not right: enter it again"),
  INVALID_TRICKS: () => _("the result is not possible for this contract: enter it again"),
  INVALID_LEAD: () => _("the lead is not a card, or there is a lead on a passed-out board"),
  INVALID_PLAYER: () => _("the station refused a player number: check the numbers"),
  NOT_YOUR_BOARD: () => _("this board's results are not this table's to see"),
  CORRECTION_CLOSED: () => _("that round is over: only the director can change it now"),
  INTERNAL: () => _("the station had a problem and took nothing: this pad tries again shortly"),
  OTHER_EVENT: () => _("this belongs to the previous event: the station did not take it"),
};

// A wait the station gave, in seconds (a nak's detail: SPEC 6.1), as "2 minutes".
function waitWords(detail) {
  const seconds = Number(detail);
  if (seconds < 60) return n_("{n} second", "{n} seconds", seconds);
  const minutes = Math.ceil(seconds / 60);
  return n_("{n} minute", "{n} minutes", minutes);
}

// "Board 5: ..." for an entry, the sentence alone for anything else; `detail` is the nak's.
function refusal(code, body, detail) {
  if (code === "CORRECTION_CLOSED" && detail === TO_DIRECTOR && body && body.board) {
    return sentToDirector(body);
  }
  const said = (REFUSALS[code] || (() => _("the station refused it: ask the director")))(body || {},
    /^\d+$/.test(detail || "") ? detail : null);
  if (body && body.board) return onBoard(body.board, said);
  return said.charAt(0).toUpperCase() + said.slice(1);
}

// "Board 5: " before a sentence about that board.
const onBoard = (board, sentence) => _("Board {board}: {sentence}", { board, sentence });

// SPEC 14.10: a correction of a table left, once its next round had begun there.
const TO_DIRECTOR = "director"; // the nak detail of SPEC 6.5, also here
const sentToDirector = (body) => _("Board {board}: the next round has begun at table {table}: your correction went to the director to decide", { board: body.board, table: table(body) });
const correctedThere = (body) => _("Board {board} at table {table}: the station took your correction", { board: body.board, table: table(body) });

// The players screen (SPEC 14): the pairs the movement puts at the table that round.
const pairsExpected = (ns, ew) => _("The movement puts pair {ns} North-South and pair {ew} East-West", { ns, ew });

// The `locked` reason as one word for the banner, and a sentence: the one message a locked
// pad shows (SPEC 6.5: what it still had goes to the director, each entry said on its own).
function lock(reason) {
  const then = (sentence) => _("{sentence}. Results still on it go to the director to decide", { sentence });
  if (reason === "UNIT_REPLACED") return { word: _("Replaced"), sentence: then(refusal(reason)) };
  if (reason === "UNIT_LOCKED") return { word: _("Locked"), sentence: then(refusal(reason)) };
  return { word: _("Locked"), sentence: then(_("The station no longer takes this pad's results")) };
}

// What the players do about a lock: no login is taken until the director resets the unit.
const lockedNext = (unit) => _("To play on with this pad, call the director: the director resets unit {unit} in the Units panel, and this pad then shows its login form.", { unit });

// An entry of a pad the station let go (replaced, locked, reset), as the nak's detail says
// (SPEC 6.5): with the director to decide, held by the station as it is, or not kept.
function handed(board, detail) {
  if (detail === TO_DIRECTOR) return _("Board {board}: sent to the director to decide", { board });
  if (detail === "held") return _("Board {board}: the station already has this result", { board });
  return _("Board {board}: the station did not take it: tell the director", { board });
}

const dropped = (count) => n_("The director opened a new event: {n} entry of the previous event that the station never got was dropped", "The director opened a new event: {n} entries of the previous event that the station never got were dropped", count);

// SPEC 14: a number the station did not find, in a sentence (UNKNOWN_PLAYER is a flag only).
const unknownPlayer = (number) => _("Player {number} is not on the club's list: check the number or enter a visitor", { number });

// A typed player number, checked: an error sentence, or null.
function playerNumber(seat, text, visitor) {
  if (visitor) return null;
  if (text === "") return _("{seat}: enter the player's number, or tick \"visitor\"", { seat });
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 4294967295) {
    return _("{seat}: a player number is digits only, for example 10234", { seat });
  }
  return null;
}

// The round clock (SPEC 14.6): "Round 3: 12:40 left", then "Round 3: time is up, 2 min over".
function clock(round, secondsLeft) {
  if (secondsLeft > 0) {
    const minutes = Math.floor(secondsLeft / 60);
    const seconds = String(secondsLeft % 60).padStart(2, "0");
    return _("Round {round}: {time} left", { round, time: `${minutes}:${seconds}` });
  }
  const over = Math.floor(-secondsLeft / 60);
  if (!over) return _("Round {round}: time is up", { round });
  return _("Round {round}: time is up, {over} min over", { round, over });
}

// The round clock above a table still playing a round the section has left (SPEC 14.6).
const sectionAhead = (round, sectionRound) => _("Round {round}: the section has moved on to round {next}", { round, next: sectionRound });

// "7-8", "5", "1, 3 and 5": boards, a run of them shown as one.
function numbers(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const run = sorted.every((b, i) => i === 0 || b === sorted[i - 1] + 1);
  if (run && sorted.length > 1) return `${sorted[0]}-${sorted[sorted.length - 1]}`;
  return listed(sorted);
}

// "4 and 5", "1, 3 and 5": tables.
function listed(list) {
  if (list.length === 1) return String(list[0]);
  return _("{list} and {last}", { list: list.slice(0, -1).join(", "), last: list[list.length - 1] });
}

// One pair's move: "NS pair 3 stay at table 3", "EW pair 5 move to table 4", "NS pair 4
// move to table 2 and sit East-West", "EW pair 6 sit out next round".
function pairMove(side, pair, table, move, sides) {
  const who = { side: sides(side), pair };
  if (!move) return _("{side} pair {pair} sit out next round", who);
  if (move.side !== side) {
    const at = { ...who, table: move.table };
    if (move.side === "NS") {
      return move.table === table ? _("{side} pair {pair} stay at table {table} and sit North-South", at) :
        _("{side} pair {pair} move to table {table} and sit North-South", at);
    }
    return move.table === table ? _("{side} pair {pair} stay at table {table} and sit East-West", at) :
      _("{side} pair {pair} move to table {table} and sit East-West", at);
  }
  if (move.table === table) return _("{side} pair {pair} stay at table {table}", { ...who, table });
  return _("{side} pair {pair} move to table {table}", { ...who, table: move.table });
}

// A pad moving with its pair (SPEC 14.10): "Your pair (EW 5) moves to table 4: this pad
// will log in there", "... stays at table 3", "... sits out next round".
function pairGoes(side, pair, table, move, sides = (s) => s) {
  const who = { side: sides(side), pair };
  if (!move) return _("Your pair ({side} {pair}) sits out next round: this pad stays here", who);
  if (move.table === table) return _("Your pair ({side} {pair}) stays at table {table}", { ...who, table });
  return _("Your pair ({side} {pair}) moves to table {table}: this pad will log in there", { ...who, table: move.table });
}

function tableBusy(table) {
  return _("Table {table} is still playing: this pad logs in there as soon as it is free", { table });
}

// `detail`: the station's nak detail, a sentence of its own (SPEC 14.10).
function notDue(table, detail) {
  if (detail) return _("This pad cannot log in to table {table} ({detail}): ask the director", { table, detail });
  return _("This pad cannot log in to table {table}: ask the director", { table });
}

// Where everyone at the table goes when the round is over (SPEC 14.7), one sentence each:
// the pairs, then the boards ("Boards 7-8 go to table 2", "... go to the relay stand").
function moves(table, seating, boards, sides = (s) => s) {
  const next = seating.next;
  const lines = [];
  if (seating.ns != null) lines.push(pairMove("NS", seating.ns, table, next.ns, sides));
  if (seating.ew != null) lines.push(pairMove("EW", seating.ew, table, next.ew, sides));
  const which = { boards: numbers(boards), board: boards[0], table };
  const one = boards.length === 1;
  const tables = next.boards || [];
  if (tables.length === 0) {
    lines.push(one ? _("Board {board} goes to the relay stand", which) : _("Boards {boards} go to the relay stand", which));
  } else if (tables.length === 1 && tables[0] === table) {
    lines.push(one ? _("Board {board} stays at table {table}", which) : _("Boards {boards} stay at table {table}", which));
  } else if (tables.length === 1) {
    const to = { ...which, table: tables[0] };
    lines.push(one ? _("Board {board} goes to table {table}", to) : _("Boards {boards} go to table {table}", to));
  } else {
    const to = { ...which, tables: listed(tables) };
    lines.push(one ? _("Board {board} goes to tables {tables}", to) : _("Boards {boards} go to tables {tables}", to));
  }
  return lines;
}

// -- the entry form: what is missing, and a board out of the expected order ---------------

// The choice on the keys, checked before East-West see it: a sentence, or null.
function entryProblem(choice, byTricks) {
  if (choice.pass) return null;
  if (!choice.level) return _("Choose the contract's level, 1 to 7, or Pass");
  if (!choice.strain) return _("Choose the contract's suit, or no trump");
  if (!choice.declarer) return _("Choose the declarer: North, East, South or West");
  if (choice.result === null) {
    return byTricks ? _("Choose the tricks declarer took") : _("Choose the result: =, a plus or a minus");
  }
  if (choice.leadSuit && !choice.leadRank) return _("Choose the lead's card, or no lead suit");
  if (choice.leadRank && !choice.leadSuit) return _("Choose the lead's suit, or no lead card");
  return null;
}

// What the station flagged on a result it took (SPEC 5), for the players to check.
const FLAGS = {
  LEAD_DECLARER_MISMATCH: (board) => _("Board {board}: the lead or the declarer looks wrong. Check it and correct it.", { board }),
  SUSPECT_WRONG_SIDE: (board) => _("Board {board}: was the score given to the wrong side? Check it.", { board }),
};
const flag = (code, board) => FLAGS[code](board);

const alreadyHeld = (board, held, entered) => _("Board {board}: the station already holds {held}; you entered {entered}. Correct it if the station's is wrong.", { board, held, entered });

const directorChanged = (board, round, result) => (result ?
  _("The director changed board {board} (round {round}): {result}", { board, round, result }) :
  _("The director changed board {board} (round {round}): erased", { board, round }));

const outOfOrder = (board, next) => _("Board {board} is not the next board ({next}). Enter board {board}?", { board, next });

// The board chooser with no board left to play, and the accept screen (SPEC 6.3).
export const CHOOSE_CORRECTION = () => _("No board to play: choose one to correct it");
export const NOTHING_TO_ENTER = () => _("No board to play");
export const ACCEPT_TITLE = () => _("East-West: check, then accept");
export const CORRECTION_TITLE = () => _("East-West: check the correction, then accept");
export const replaces = (board, round, held, entered) => _("Board {board} (round {round}) is already held: {held}. Accept replaces it with: {entered}", { board, round, held, entered });

export const OTHER_SCREEN = () => _("This pad was opened on another screen: use that one, or take it back here");
export const TABLE_FORM = () => _("Section is one letter, table a number from 1");
export const PIN_FORM = () => _("The director's PIN is 1 to 8 letters, digits or signs");
export const OLD_LINK = () => _("This pairing link is not one this station gives now: ask the director to pair the unit again");
export const PAIRING_REFUSED = () => _("The station did not give this pad its key: ask the director to pair the unit again");
// A pairing the station refused (SPEC 10.5), in the pad's words, by the refusal's key; a key
// this pad does not know gets the general words. The station's own sentence is English.
const PAIRING_WORDS = {
  "pairing.unknown": () => _("This is not a pairing link the station gave (or the station restarted since): ask the director to pair the unit again"),
  "pairing.spent": () => _("This pairing link has been used already: each link works once. Ask the director to pair the unit again for a new one"),
  "pairing.expired": (v) => n_("This pairing link has expired: it works for {n} minute. Ask the director to pair the unit again", "This pairing link has expired: it works for {n} minutes. Ask the director to pair the unit again", Number(v.minutes) || 0),
  "pairing.replaced": () => _("This pairing link was replaced by a newer one for the same unit: use the newest, or ask the director to pair the unit again"),
  "pairing.too_many": () => _("Too many wrong pairing codes from this device: wait a minute, then open the newest pairing link the director gave"),
  "pairing.none_kept": () => _("This browser holds no pad key: open the pairing link or QR code from the director's Units panel"),
  "pairing.paired_again": (v) => _("Unit {unit} was paired again since this browser took its key: open the newest pairing link from the director's Units panel", { unit: v.unit }),
};
export function pairingRefused(key, values) {
  const words = PAIRING_WORDS[key];
  return words ? words(values || {}) : PAIRING_REFUSED();
}
export const PAIRING_UNREACHABLE = () => _("Pairing: the station cannot be reached just now; trying again");
// The browser had erased the pad's storage; the station gave its key back (SPEC 10.5).
export const restored = (unit) => _("This browser had cleared the pad's memory: it is unit {unit} again. Log in to your table", { unit });
export const stillUnit = (refused, unit) => _("{refused}. This page stays the pad it was (unit {unit})", { refused, unit });
export const RESET = () => _("The director reset this pad: log in to your table");
export const LOGGED_OUT = () => _("Logged out: log in to your table");
// SPEC 6.6: the unit was paired again; this pad keeps its results and waits for its key.
export const KEY_REPLACED = () => _("This pad's key was replaced: ask the director to pair it again. Results entered here are kept and sent once it is paired.");
// The broker refused the pad's login: an old key, a unit not paired yet, or a unit number
// whose login is another event's on the same broker (deploy/INSTALL.md, section 6).
export const brokerRefused = (unit) => _("The station's broker refused this pad (unit {unit}): ask the director to pair it again on this event. If the director's grid says the unit belongs to another event on this computer, pair this pad under a unit number of this event's own (each event its own unit numbers)", { unit });

export {
  refusal, lock, lockedNext, handed, dropped, unknownPlayer, playerNumber, clock, sectionAhead, moves,
  pairGoes, tableBusy, onBoard,
  notDue, entryProblem, outOfOrder, flag, alreadyHeld, directorChanged, correctedThere,
  pairsExpected,
};
