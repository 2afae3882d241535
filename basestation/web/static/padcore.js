// The browser pad's firmware: its memory (kept in localStorage, so a reload or a flat battery
// loses nothing), its queue, and the exchanges of SPEC 6. The page calls the event methods;
// the core calls `transmit(payload)` and `changed()`; `tick()` runs its timers. Its link
// (queue, retries, replay rule, naks, status, locked, control, game_data) replays the
// reference pad's behaviour vectors, firmware_protocol/vectors/behaviour/pad_machine.json
// (tests/web/test_pad_machine_vectors.py).
import * as PadWire from "./padwire.js";
import * as PadWords from "./padwords.js";
import { _, contractText, n_ } from "./i18n.js";

// SPEC 6.6 and 6.7, MQTT figures.
const TIMEOUT = 5000, CAP = 30000, GIVE_UP = 8, PROBE = 30000, IDLE = 60000, PARTS_WAIT = 10000;
const KEEP_AND_RETRY = ["INTERNAL"];
const ENTRY_TYPES = ["result", "not_played", "correction", "players"];
const NO_EVENT = ["hello", "login", "heartbeat"];  // kept when the pad enters a new event
const LOCKING = ["UNIT_REPLACED", "UNIT_LOCKED"];
// What a pad the station let go (locked, replaced, reset) hands over, and the naks that then
// say in their detail what became of each entry (SPEC 6.5).
const HANDED = ["result", "not_played", "correction"];
const LET_GO = [...LOCKING, "NOT_LOGGED_IN"];
const NOT_IN_EVENT = ["NO_SUCH_TABLE", "NO_SUCH_SECTION"];
const FOLLOW_RETRY = 5000;  // a pad moving with its pair tries its next table again (SPEC 14.10)
// "Where to go" stays this long once the section is in the next round (the players have moved).
const MOVE_SHOWN = 180000;

const storeKey = (station, unit) => `bridgepad:${station}:${unit}`;
const boardKey = (round, board) => `${round}/${board}`;

// `event`: the event the pad holds (0 for none yet); `protocol`: the version it speaks.
function freshMemory(station, unit, key) {
  return { station, unit, key, nextSeq: 1, stationSeq: 0, event: 0,
    protocol: PadWire.VERSION, section: null, table: null,
    rounds: {}, entries: {}, queue: [], locked: null, running: true, paused: false,
    keyReplaced: false,  // the unit was paired again: silent until this pad has the new key
    feedback: {}, lastBoard: null, notices: [], ranking: null,
    // SPEC 14.9: the section's setting (null: rankings only once published) and the
    // rankings the station last sent after a round: {round, rows}.
    rankingsAfter: null, roundRanking: null,
    seatings: {}, lineups: {},  // SPEC 14: what the station said of each round; numbers typed
    clock: null,  // the section's round clock: {round, endsAt (this device's ms), length}
    // SPEC 14.10: the pair number this pad moves with (null: it stays at its table), and
    // the table it waits to log in to while that table still plays the round before.
    follows: null, followWait: null };
}

// A session forgotten: what the pad keeps is its identity, counters, event and version.
function forgotten(mem) {
  const { station, unit, key, nextSeq, stationSeq, event, protocol, keyReplaced } = mem;
  return { ...freshMemory(station, unit, key), nextSeq, stationSeq, event, protocol,
    keyReplaced };
}

class Pad {
  constructor({ station, unit, key, storage, transmit, changed, now, random, screen }) {
    this.screen = screen || PadWire.newScreen();  // this page (SPEC 15)
    this.elsewhere = false;  // another screen holds the unit: this one does nothing more
    this.ours = false;  // the station has named this screen as the unit's
    this.storage = storage;
    this.transmit = transmit;
    this.changed = changed || (() => {});
    this.now = now || (() => Date.now());
    this.random = random || Math.random;
    const saved = storage.getItem(storeKey(station, unit));
    // Memory saved by an older pad page lacks the newer fields: they take their defaults.
    this.mem = { ...freshMemory(station, unit, key), ...(saved ? JSON.parse(saved) : {}) };
    if (this.mem.key !== key) {
      // Paired again: the new key, the same counters and entries; it speaks again (SPEC 7).
      this.mem.key = key;
      this.mem.keyReplaced = false;
    }
    this.flight = null;       // {seq, payload, message, attempts, deadline}
    this.contact = true;
    this.probeAt = null;
    this.retryAt = null;      // after INTERNAL
    this.partsAt = null;      // a game_data set (or its first part) is awaited until then
    this.gameData = null;     // {first, parts, seen}
    this.round = null;        // the section's current round, as the station last said (6.7)
    this.lastSent = this.now();
    this.online = false;
    this.everOnline = false;
    this.battery = null;  // percent, when the browser tells it
    this.rankingFetched = null;  // the event whose published rankings were read
    this.followAt = null;  // when a pad moving with its pair tries its next table again
    this.save();
  }

  save() {
    if (this.elsewhere) return;  // the storage is the other screen's now (a tab of this browser)
    this.storage.setItem(storeKey(this.mem.station, this.mem.unit), JSON.stringify(this.mem));
  }

  // -- what the page shows -----------------------------------------------------------------

  get unit() { return this.mem.unit; }
  get waiting() { return this.mem.queue.length; }

  // The round to play: the first of the movement with a board still to enter.
  playRound() {
    for (const info of Object.values(this.mem.rounds).sort((a, b) => a.round - b.round)) {
      if (info.ns == null || info.ew == null) continue;
      if (info.boards.some((b) => !this.mem.entries[boardKey(info.round, b)])) return info;
    }
    return null;
  }

  // The round just over at this table, while the next has nothing entered yet: its
  // seating (with where everyone goes, SPEC 14.7) and its boards; null otherwise.
  finishedRound() {
    const played = Object.values(this.mem.rounds).filter((i) => i.ns != null && i.ew != null)
      .sort((a, b) => b.round - a.round);
    const entered = (info) => info.boards.every((b) => this.mem.entries[boardKey(info.round, b)]);
    const done = played.find(entered);
    const seating = done ? this.mem.seatings[done.round] : null;
    if (!seating || !seating.next) return null;
    const after = this.mem.rounds[seating.next.round];
    const begun = after && after.boards.some((b) => this.mem.entries[boardKey(after.round, b)]);
    if (begun) return null;
    // A pad moving with its pair keeps it until it has moved (it logs in there by it).
    if (this.mem.follows == null && this.movedOn(seating.next.round, done.round)) return null;
    return { round: done.round, seating, boards: done.boards };
  }

  // The section has been in round `next` (its round clock says so) for MOVE_SHOWN, and so
  // long since this table ended round `done`: the players have moved, the box goes.
  movedOn(next, done) {
    const clock = this.mem.clock;
    if (!clock || clock.round < next) return false;
    const over = this.mem.roundOver;
    const since = Math.max(clock.endsAt - clock.length * 1000,
      over && over.round === done ? over.at : 0);
    return this.now() - since >= MOVE_SHOWN;
  }

  // The round just played, while the pad's pair waits to move to another table (or sits
  // out): what the pad shows instead of the next round there, another pair's (SPEC 14.10).
  leaving() {
    const going = this.pairMove();
    if (!going || (going.move && going.move.table === this.mem.table)) return null;
    return this.mem.rounds[this.finishedRound().round] || null;
  }

  // A pad moving with its pair (SPEC 14.10), once the round at its table is over: the
  // pair's side and number now and its move ({table, side}; null: it sits out next
  // round); null when the pad stays at its table or the round is not over.
  pairMove() {
    const done = this.finishedRound();
    const follows = this.mem.follows;
    if (!done || follows == null) return null;
    const seating = done.seating;
    const wanted = seating.pads;
    if (wanted !== "ns" && wanted !== "ew") return null;
    const other = wanted === "ns" ? "ew" : "ns";
    const side = seating[wanted] === follows ? wanted : seating[other] === follows ? other : null;
    if (!side) return null;
    return { side: side.toUpperCase(), pair: follows, move: seating.next[side] };
  }

  // The pair moves to another table: this pad logs in there by itself, as players would,
  // once everything entered here has gone (the login waits behind it in the queue).
  follow() {
    const going = this.pairMove();
    if (!going || !going.move || going.move.table === this.mem.table || this.mem.locked) return;
    if (this.mem.queue.some((m) => m.type === "login")) return;
    if (this.followAt !== null && this.now() < this.followAt) return;
    this.followAt = null;
    this.mem.queue.push({ type: "login", follow: true,
      body: PadWire.bodies.login(this.mem.section, going.move.table) });
  }

  // Results the players may still correct at the table: the latest round it entered (SPEC 6.3).
  correctable() {
    const follows = this.mem.follows;
    // A pad moving with its pair: only its pair's boards (the table's earlier rounds, in
    // the station's game_data, are the pair that left's to correct).
    const ours = (e) => follows == null || this.mem.seatings[e.body.round] &&
      [e.body.ns, e.body.ew].includes(follows);
    const entries = Object.values(this.mem.entries).filter(ours);
    const latest = Math.max(0, ...entries.map((e) => e.body.round));
    return entries.filter((e) => e.body.round === latest && e.acked && e.type === "result")
      .map((e) => e.body).sort((a, b) => a.board - b.board);
  }

  // -- who plays (SPEC 14) -----------------------------------------------------------------

  // Whether the section asks for numbers at this round: every round, or the first round the
  // table plays; never when the station has not said (an older station).
  askFor(round) {
    const latest = Object.values(this.mem.seatings).sort((a, b) => b.round - a.round)[0];
    const ask = latest ? latest.ask : "never";
    if (ask === "every") return true;
    const played = Object.values(this.mem.rounds).filter((i) => i.ns != null && i.ew != null)
      .map((i) => i.round);
    return ask === "first" && played.length > 0 && round === Math.min(...played);
  }

  // The numbers typed for a round: {numbers, visitors, state: waiting | check | confirmed}.
  lineup(round) { return this.mem.lineups[round] || null; }

  needsPlayers(round) {
    const lineup = this.lineup(round);
    return this.askFor(round) && !(lineup && lineup.state === "confirmed");
  }

  players(round, seats, visitors = {}) {
    if (this.mem.locked) return;
    this.mem.lineups[round] = { numbers: seats, visitors, state: "waiting", acked: false };
    this.enqueue({ type: "players",
      body: PadWire.bodies.players(this.mem.section, this.mem.table, round, seats, visitors) });
  }

  // The players saw the names the station found and said yes (or chose to play on).
  confirmPlayers(round) {
    const lineup = this.lineup(round) || { numbers: [], visitors: {} };
    this.mem.lineups[round] = { ...lineup, state: "confirmed" };
    this.save();
    this.changed();
  }

  // Back to the numbers, to put one right.
  changePlayers(round) {
    delete this.mem.lineups[round];
    this.save();
    this.changed();
  }

  // `about`: what the notice reports on (a board's key, "login", "players", "link"), so
  // it goes once that is settled.
  // `round`: a round the notice is about, so it goes once the table has moved past it.
  notice(text, kind = "info", about = null, round = null) {
    this.mem.notices.push({ text, kind, at: this.now(), about, round });
    this.mem.notices = this.mem.notices.slice(-20);
  }

  settle(about) {
    if (about === null) return;
    this.mem.notices = this.mem.notices.filter((n) => n.about !== about);
  }

  // How the section enters the result: "result" (=, +1, -1) or "tricks" (taken), as the
  // last seating received says (SPEC 14.8); "result" when none has said.
  resultEntry() {
    return this.mem.resultEntry === "tricks" ? "tricks" : "result";
  }

  // -- the players ------------------------------------------------------------------------

  // Power on (page load): hello, then resend if the table is known, then the queue.
  powerOn() {
    const front = [this.hello()];
    if (this.mem.table !== null && !this.mem.locked) {
      front.push({ type: "resend", body: PadWire.bodies.resend(null) });
    }
    const kept = this.mem.queue.filter((m) => !["hello", "resend", "heartbeat"].includes(m.type));
    this.mem.queue = [...front, ...kept];
    this.sendNext();
  }

  hello() {
    return { type: "hello", body: PadWire.bodies.hello(this.battery, this.mem.protocol, true) };
  }

  // The players leave the table (next week's night, or the wrong table): the session is
  // forgotten, results not yet sent included; the pad shows its login form.
  logOut() {
    this.mem = forgotten(this.mem);
    this.flight = null;
    this.gameData = null;
    this.partsAt = null;
    this.notice(PadWords.LOGGED_OUT(), "info", "login");  // goes with the next login
    this.sendNext();
  }

  // Results and names typed here that the station has not acknowledged yet.
  unsent() {
    return this.mem.queue.filter((m) => ENTRY_TYPES.includes(m.type)).length;
  }

  // A locked pad stays locked until the station takes a login (SPEC 6.5).
  login(section, table, takeover = false, pin = null) {
    this.enqueue({ type: "login", body: PadWire.bodies.login(section, table, pin, takeover) });
  }

  place(round, board) {
    const info = this.mem.rounds[round];
    return { section: this.mem.section, table: this.mem.table, round, board,
      ns: info.ns, ew: info.ew };
  }

  // An entry East/West accepted: stored first, then sent (SPEC 6.2).
  enter(type, body) {
    if (this.mem.locked) return;  // a locked pad takes no new entry (SPEC 6.5)
    const key = boardKey(body.round, body.board);
    const held = this.mem.entries[key];
    const correcting = type === "result" && held && held.acked && held.type === "result";
    this.mem.lastBoard = key;
    if (!correcting) this.mem.entries[key] = { type, body, acked: false };
    this.enqueue({ type: correcting ? "correction" : type, body });
  }

  // Re-send every entry of the pad's own (control resend, SPEC 6.5).
  recover() {
    for (const e of Object.values(this.mem.entries)) {
      if (e.source !== "station" && e.source !== "director") {
        this.mem.queue.push({ type: e.type, body: e.body });
      }
    }
    this.sendNext();
  }

  // -- the link ---------------------------------------------------------------------------

  connected() {
    this.online = true;
    // After reconnecting the pad says hello again (SPEC 3), once, behind the message in flight.
    if (this.everOnline && !this.mem.queue.some((m) => m.type === "hello")) {
      this.mem.queue.splice(this.flight ? 1 : 0, 0, this.hello());
    }
    this.everOnline = true;
    // A new connection is a new chance: the message in flight goes again at once.
    if (this.flight) {
      this.flight.attempts = 1;
      this.send(this.flight.payload);
      this.flight.deadline = this.now() + this.jittered(1);
    }
    this.sendNext();
  }

  disconnected() {
    this.online = false;
    this.changed();
  }

  receive(payload) {
    const m = PadWire.decode(payload, this.mem.unit, this.mem.key);
    if (this.elsewhere) return;
    // Messages naming another screen before the station named this one were sent before
    // this page's hello reached it (a reload): the unit's as ever. After, another screen
    // has taken the unit (SPEC 15.3).
    if (m && m.screen === this.screen) this.ours = true;
    if (m && m.screen && m.screen !== this.screen && this.ours) { this.leave(); return; }
    if (m && this.oldStation(m)) return;
    if (!m || m.seq <= this.mem.stationSeq) return;  // forged, old, or not ours
    this.mem.stationSeq = m.seq;
    if (!this.contact) this.restoreContact();
    // Another event: enter it before handling the message (SPEC 13.5); 0 changes nothing.
    if (m.event !== 0 && m.event !== this.mem.event) this.enterEvent(m.event);
    const body = m.body;
    switch (m.type) {
      case "ack": case "nak":
        if (m.type === "nak" && body.code === "BAD_MAC") this.keyWasReplaced();
        else if (this.flight && body.re === this.flight.seq) this.answered(m.type, body);
        break;
      case "game_data": this.gameDataPart(body, m.seq); break;
      case "status":
        this.mem.running = body.state === "running";
        if (body.round != null) this.round = body.round;
        if (body.clock) this.clockFrom(body.clock);  // a round move (SPEC 6.7, 14.6)
        if (body.ended) this.mem.clock = null;  // the director ended the session: it stops
        break;
      case "feedback": this.feedback(body); break;
      case "correction_push": this.pushed(body); break;
      case "seating": this.seated(body); break;
      case "control": this.control(body.command); break;
      case "locked": this.lockedOut(body.reason); break;
      default: break;
    }
    this.follow();
    this.sendNext();
  }

  // A station that speaks only version 1 says so, perhaps outside its sequence (seq 0): with
  // a tag that verifies and answering the message in flight, the pad speaks 1 for good.
  oldStation(m) {
    if (m.type !== "nak" || m.body.code !== "UNSUPPORTED_VERSION" || !this.flight ||
        m.body.re !== this.flight.seq || this.mem.protocol === 1) return false;
    this.mem.protocol = 1;
    this.mem.stationSeq = Math.max(this.mem.stationSeq, m.seq);
    this.flight = null;
    if (this.mem.queue.length && this.mem.queue[0].type === "hello") this.mem.queue[0] = this.hello();
    this.sendNext();
    return true;
  }

  // The director opened another event: the previous one's session goes (entries never
  // acknowledged included); the table is kept and logged in to again.
  enterEvent(event) {
    const inFlight = this.flight ? this.mem.queue[0] : null;
    const dropped = this.unsent();
    const { section, table } = this.mem;
    const queue = this.mem.queue.filter((m) => NO_EVENT.includes(m.type));
    if (inFlight && queue[0] !== inFlight) this.flight = null;  // it was the old event's
    // Notices made while the pad held no event yet (a key restored, say) are no other
    // event's: they stay.
    const notices = this.mem.event === 0 ? this.mem.notices : [];
    this.mem = { ...forgotten(this.mem), event, section, table, queue, notices,
      locked: this.mem.locked };
    if (table !== null && !queue.some((m) => m.type === "login")) {
      queue.push({ type: "login", body: PadWire.bodies.login(section, table) });
    }
    this.gameData = null;
    this.partsAt = null;
    if (dropped) this.notice(PadWords.dropped(dropped), "bad");
  }

  // Another screen (a phone, or a tab of this browser) opened this unit since: this page
  // stops sending and keeping anything (SPEC 15); the page says so.
  leave() {
    if (this.elsewhere) return;
    this.save();
    this.elsewhere = true;
    this.flight = null;
    this.changed();
  }

  tick() {
    if (this.elsewhere) return;
    const now = this.now();
    if (this.flight && now >= this.flight.deadline) this.timedOut(now);
    if (this.retryAt !== null && now >= this.retryAt) this.retryAt = null;
    if (this.probeAt !== null && now >= this.probeAt) {
      this.probeAt = now + PROBE;
      this.send(this.encode(this.newSeq(), "heartbeat", PadWire.bodies.heartbeat(this.battery)));
    }
    if (this.partsAt !== null && now >= this.partsAt) {
      this.partsAt = null;  // parts lost, or none came: ask for the whole set (SPEC 6.6)
      this.gameData = null;
      this.enqueue({ type: "resend", body: PadWire.bodies.resend(null) });
    }
    if (this.idle() && this.contact && !this.mem.locked && !this.mem.keyReplaced &&
        now >= this.lastSent + IDLE) {
      this.enqueue({ type: "heartbeat", body: PadWire.bodies.heartbeat(this.battery) });
    }
    if (this.followAt !== null && now >= this.followAt) this.follow();
    this.sendNext();
  }

  idle() { return this.flight === null && this.mem.queue.length === 0; }

  // -- sending ----------------------------------------------------------------------------

  enqueue(message) {
    this.mem.queue.push(message);
    this.sendNext();
  }

  // The counter is saved before a number is used, so a reload never reuses one (SPEC 6.4).
  newSeq() {
    const seq = this.mem.nextSeq;
    this.mem.nextSeq = seq + 1;
    this.save();
    return seq;
  }

  // Locked, the pad hands over what it holds, whatever the switch (SPEC 6.5). The page says
  // the lock once (PadWords.lock), so it is no notice.
  lockedOut(reason) {
    this.mem.locked = reason;
    this.flight = null;  // the message in flight goes again under a new seq
    this.gameData = null;
    this.partsAt = null;
    this.mem.queue = this.mem.queue.filter((m) => !["resend", "heartbeat"].includes(m.type));
  }

  blocked(message) {
    if (this.mem.locked) return ["resend", "heartbeat"].includes(message.type);
    return ENTRY_TYPES.includes(message.type) && (this.mem.paused || !this.mem.running);
  }

  sendNext() {
    if (this.elsewhere) return;
    if (!this.flight && this.contact && this.retryAt === null && !this.mem.keyReplaced &&
        this.mem.queue.length && !this.blocked(this.mem.queue[0])) {
      const message = this.mem.queue[0];
      const seq = this.newSeq();
      const payload = this.encode(seq, message.type, message.body);
      this.flight = { seq, payload, message, attempts: 1, deadline: this.now() + this.jittered(1) };
      this.send(payload);
    }
    this.save();
    this.changed();
  }

  // In the version the pad speaks, with the event it holds.
  encode(seq, type, body) {
    const { unit, key, protocol, event } = this.mem;
    return PadWire.encode(unit, seq, type, body, key, protocol, protocol >= 2 ? event : 0,
      this.screen);
  }

  send(payload) {
    if (this.elsewhere) return;
    this.lastSent = this.now();
    if (this.online) this.transmit(payload);
  }

  jittered(attempt) {
    const timeout = Math.min(TIMEOUT * 2 ** (attempt - 1), CAP);
    return timeout * (0.8 + 0.4 * this.random());
  }

  timedOut(now) {
    if (this.flight.attempts >= GIVE_UP) {
      // "No contact": keep the queue, probe with a heartbeat now and then.
      this.contact = false;
      this.flight = null;
      this.probeAt = now + PROBE;
      return;
    }
    this.flight.attempts += 1;
    this.send(this.flight.payload);  // the same seq and the same bytes
    this.flight.deadline = now + this.jittered(this.flight.attempts);
  }

  restoreContact() {
    this.contact = true;
    this.probeAt = null;
    // The head goes again under a new seq, then catch up on what was missed.
    this.mem.queue.splice(this.mem.queue.length ? 1 : 0, 0,
      { type: "resend", body: PadWire.bodies.resend(null) });
  }

  // -- answers ----------------------------------------------------------------------------

  // A nak BAD_MAC in the unit's sequence under this pad's key (seq 0 never gets here): the
  // director paired the unit again and this pad holds its earlier key (SPEC 6.6, 7). Every
  // entry stays; nothing more goes out, not even a heartbeat, until it has the new key.
  keyWasReplaced() {
    this.mem.keyReplaced = true;
    this.flight = null;
    this.retryAt = this.probeAt = this.partsAt = null;
    this.gameData = null;  // the page says it (PadWords.KEY_REPLACED), for as long as it lasts
  }

  answered(kind, answer) {
    const message = this.mem.queue.shift();
    this.flight = null;
    if (kind === "ack") this.accepted(message, answer);
    else this.refused(message, answer);
  }

  accepted(message, ack) {
    const { type, body } = message;
    this.settle("link");
    this.settle(noticeAbout(type, body));
    if (type === "login" || type === "resend") {
      this.partsAt = this.now() + PARTS_WAIT;  // game_data follows
    }
    if (type === "login") {
      if (this.mem.table !== null && (body.table !== this.mem.table ||
          body.section !== this.mem.section)) {
        // Another table (with its pair, SPEC 14.10): what this table held stays there.
        Object.assign(this.mem, { rounds: {}, entries: {}, seatings: {}, lineups: {},
          feedback: {}, lastBoard: null });
      }
      this.mem.section = body.section;
      this.mem.table = body.table;
      this.mem.locked = null;
      this.mem.followWait = null;
      for (const [key, e] of Object.entries(this.mem.entries)) {
        if (e.handed) delete this.mem.entries[key];  // the director's now, not the table's
      }
    }
    if (type === "players" && this.mem.lineups[body.round]) {
      this.mem.lineups[body.round].acked = true;  // the seating with the names follows
      // SPEC 14.3: only a flagged number is "not on the club's list" (there may be no list).
      this.mem.lineups[body.round].unknown = ack.flags.includes("UNKNOWN_PLAYER");
    }
    if (["result", "not_played", "correction"].includes(type) &&
        (body.table !== this.mem.table || body.section !== this.mem.section)) {
      // A correction of the table this pad's pair has left: the station has it (SPEC 14.10).
      this.notice(PadWords.correctedThere(body), "info", noticeAbout(type, body));
      return;
    }
    if (["result", "not_played", "correction"].includes(type)) {
      // The table plays a later round: notices about earlier rounds (a ruling) are done.
      this.mem.notices = this.mem.notices.filter((n) => n.round == null || n.round >= body.round);
      const key = boardKey(body.round, body.board);
      this.mem.entries[key] = { type: type === "correction" ? "result" : type, body,
        acked: true, score_ns: ack.score_ns, flags: ack.flags };
      if (ack.flags.includes("LEAD_DECLARER_MISMATCH")) {
        this.notice(PadWords.flag("LEAD_DECLARER_MISMATCH", body.board), "bad", key);
      }
      if (ack.flags.includes("SUSPECT_WRONG_SIDE")) {
        this.notice(PadWords.flag("SUSPECT_WRONG_SIDE", body.board), "bad", key);
      }
      const info = this.mem.rounds[body.round];
      if (info && info.boards.every((b) => this.mem.entries[boardKey(body.round, b)])) {
        this.mem.roundOver = { round: body.round, at: this.now() };  // where to go, from now
      }
    }
  }

  refused(message, nak) {
    const { type, body } = message;
    if (KEEP_AND_RETRY.includes(nak.code)) {
      this.mem.queue.unshift(message);
      this.retryAt = this.now() + CAP;
      return;
    }
    if (nak.code === "STOPPED") {
      this.mem.queue.unshift(message);
      this.mem.running = false;
      return;
    }
    if (nak.code === "REPLAY") {
      // The station has seen higher numbers (a pad that lost its counter): jump above them.
      const seen = /^\d+$/.test(nak.detail || "") ? Number(nak.detail) : 0;
      this.mem.nextSeq = Math.max(this.mem.nextSeq, seen + 1);
      this.mem.queue.unshift(message);
      return;
    }
    if (message.follow && nak.code === "TABLE_IN_USE") {
      // The pair's next table still plays the round before: try again in a while.
      this.mem.followWait = body.table;
      this.followAt = this.now() + FOLLOW_RETRY;
      return;
    }
    if (message.follow && nak.code === "WRONG_PAIRS") {  // the movement says otherwise
      this.followAt = this.now() + 6 * FOLLOW_RETRY;
      this.notice(PadWords.notDue(body.table, nak.detail), "bad", "login");
      return;
    }
    if (LOCKING.includes(nak.code) && !this.mem.locked) this.lockedOut(nak.code);
    // A reset unit's answer for the table this pad still holds: it was reset while away and
    // never heard `control reset`; it does now what it would have done then (SPEC 6.5, 13.5).
    if (HANDED.includes(type) && nak.code === "NOT_LOGGED_IN" && nak.detail &&
        body.section === this.mem.section && body.table === this.mem.table) this.control("reset");
    const letGo = LOCKING.includes(nak.code) || (nak.detail && LET_GO.includes(nak.code));
    if (HANDED.includes(type) && letGo) {
      this.handed(type, body, nak.detail);
      return;
    }
    if (LOCKING.includes(nak.code)) return;  // the page says the lock, once
    if (type === "players") delete this.mem.lineups[body.round];  // typed again
    if (type === "login" && NOT_IN_EVENT.includes(nak.code)) {
      // This event has no such table: back to the login form, to choose another.
      this.mem.section = null;
      this.mem.table = null;
      this.mem.rounds = {};
    }
    if (type === "result" || type === "not_played") {
      const key = boardKey(body.round, body.board);
      const stored = this.mem.entries[key];
      if (stored && !stored.acked) delete this.mem.entries[key];  // the players fix it
      if (nak.code === "ALREADY_PLAYED" && nak.held) {
        this.mem.entries[key] = { type: nak.held.type || "result", body: nak.held, acked: true,
          source: "station" };
        this.notice(PadWords.alreadyHeld(body.board, describe({ type: "result", ...nak.held }),
          describe({ type, ...body })), "bad", key);
        return;
      }
    }
    this.notice(PadWords.refusal(nak.code, body, nak.detail), "bad", noticeAbout(type, body));
  }

  // An entry of a pad the station let go: what became of it, as the nak's detail says
  // (SPEC 6.5), kept on the entry while the pad is locked and said in a notice.
  handed(type, body, detail) {
    const key = boardKey(body.round, body.board);
    const stored = this.mem.entries[key];
    const own = stored && (!stored.acked || !stored.source || stored.source === "pad");
    if (own && detail === "director") {
      this.mem.entries[key] = { type: type === "correction" ? "result" : type, body,
        acked: false, handed: true };
    } else if (own && detail === "held") stored.acked = true;
    else if (own && !stored.acked) delete this.mem.entries[key];
    this.notice(PadWords.handed(body.board, detail), detail ? "info" : "bad", key);
  }

  // -- station messages -------------------------------------------------------------------

  gameDataPart(body, seq) {
    const first = seq - (body.part - 1);
    if (!this.gameData || this.gameData.first !== first) {
      this.gameData = { first, parts: body.parts, seen: [] };
      this.partsAt = this.now() + PARTS_WAIT;
    }
    this.gameData.seen.push(body.part);
    this.round = body.round;
    this.mem.section = body.section;
    this.mem.table = body.table;
    for (const info of body.rounds) this.mem.rounds[info.round] = info;
    for (const entry of body.results) {
      // The station's copy is the truth for every board it lists (SPEC 6.1).
      this.mem.entries[boardKey(entry.round, entry.board)] = {
        type: entry.type || "result", body: entry, acked: true, source: "station" };
    }
    if (new Set(this.gameData.seen).size >= this.gameData.parts) {
      this.gameData = null;
      this.partsAt = null;
    }
  }

  // The section's round clock, from a seating or a round move's status: seconds left when
  // sent, counted on this device's own clock.
  clockFrom(clock) {
    this.mem.clock = { round: clock.round, length: clock.length,
      endsAt: this.now() + clock.ends_in * 1000 };
  }

  // The station's word on a round: its pairs, who sits where, their names; after the pad's
  // numbers, the names to show for the players to confirm.
  seated(body) {
    this.mem.seatings[body.round] = body;
    if (body.clock) this.clockFrom(body.clock);
    this.mem.resultEntry = body.result_entry === "tricks" ? "tricks" : "result";
    this.mem.rankingsAfter = body.rankings || null;
    if (body.pads !== "ns" && body.pads !== "ew") this.mem.follows = null;
    else if (this.mem.follows == null) this.mem.follows = body[body.pads];  // its pair
    if (!body.rankings) this.mem.roundRanking = null;  // the director turned them off
    const lineup = this.mem.lineups[body.round];
    if (lineup && lineup.state === "waiting" && lineup.acked) lineup.state = "check";
  }

  feedback(body) {
    if (body.kind === "ranking" && body.round) {  // after a round (SPEC 14.9), in parts
      const had = this.mem.roundRanking;
      const rows = body.part === 1 || !had || had.round !== body.round ? [] : had.rows;
      this.mem.roundRanking = { round: body.round, rows: [...rows, ...body.rows],
        handicapped: body.ranking === "handicapped" };
      return;
    }
    const key = String(body.board);
    const shown = this.mem.feedback[key] || {};
    const rows = body.part === 1 ? [] : (shown[body.kind] || []);
    shown[body.kind] = [...rows, ...body.rows];
    this.mem.feedback = { [key]: shown };  // only the last board's
    if (body.kind === "ranking") this.mem.ranking = shown.ranking;
  }

  pushed(body) {
    const key = boardKey(body.round, body.board);
    if (body.result === null) delete this.mem.entries[key];
    else {
      this.mem.entries[key] = { type: body.result.type || "result", body: body.result,
        acked: true, source: "director" };
    }
    delete this.mem.feedback[String(body.board)];  // its traveller showed the old result
    // Said for the rest of the round the table plays now, then gone.
    const now = this.playRound();
    const playing = Math.max(body.round, now ? now.round : 0);
    this.notice(PadWords.directorChanged(body.board, body.round,
      body.result ? describe(body.result) : null), "director", null, playing);
  }

  control(command) {
    if (command === "reset") {
      // The session, the table and any lock go (SPEC 13.5); entries never answered still
      // go, for the director to decide (SPEC 6.5).
      const unsent = this.mem.queue.filter((m) => HANDED.includes(m.type));
      this.mem = forgotten(this.mem);
      this.mem.queue = unsent;
      this.flight = null;
      this.gameData = null;
      this.partsAt = null;
      this.notice(PadWords.RESET(), "info", "login");  // goes with the next login
    } else if (command === "stop") this.mem.paused = true;
    else if (command === "start") this.mem.paused = false;
    else if (command === "relogin" && this.mem.table !== null &&
             !this.mem.queue.some((m) => m.type === "login")) {
      this.mem.queue.push({ type: "login",
        body: PadWire.bodies.login(this.mem.section, this.mem.table) });
    } else if (command === "resend") this.recover();
  }
}

// What a notice on a message's answer is about: an entry's board, the login, the numbers.
function noticeAbout(type, body) {
  if (["result", "not_played", "correction"].includes(type)) return boardKey(body.round, body.board);
  if (type === "login" || type === "players") return type;
  return null;
}

// -- a board in players' words: dealer, vulnerability, result, score ------------------------
// The standard rotation of basestation/domain/board.py and the scores of
// basestation/domain/contract.py (Law 77), so East-West see the score before they accept;
// the station's ack stays the truth (a test compares the two on every contract).

// English, for the director's pages that show a seat (cell_dialog.js); the pad says
// seatName's, in its language.
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const seatName = (seat) => ({ N: () => _("North"), E: () => _("East"), S: () => _("South"),
  W: () => _("West") }[seat] || (() => seat))();
const VULNERABLE = [["None", "NS", "EW", "All"], ["NS", "EW", "All", "None"],
  ["EW", "All", "None", "NS"], ["All", "None", "NS", "EW"]];
const VULNERABLE_WORDS = { None: () => _("nobody vulnerable"), NS: () => _("North-South vulnerable"),
  EW: () => _("East-West vulnerable"), All: () => _("both sides vulnerable") };
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

const dealer = (board) => "NESW"[(board - 1) % 4];
function vulnerability(board) {
  const i = (board - 1) % 16;
  return VULNERABLE[Math.floor(i / 4)][i % 4];
}
// "Dealer North, North-South vulnerable"
const boardFacts = (board) => _("Dealer {seat}, {vulnerable}",
  { seat: seatName(dealer(board)), vulnerable: VULNERABLE_WORDS[vulnerability(board)]() });

// "4SX" -> {level 4, strain "S", doubling 2}; null for a pass or no contract.
function parseContract(contract) {
  const m = /^([1-7])(NT|C|D|H|S)(XX|X)?$/.exec(contract || "");
  return m ? { level: Number(m[1]), strain: m[2], doubling: { "": 1, X: 2, XX: 4 }[m[3] || ""] } : null;
}

function undertricks(down, multiplier, vulnerable) {
  if (multiplier === 1) return down * (vulnerable ? 100 : 50);
  const doubled = vulnerable ? 200 + 300 * (down - 1) :
    100 + 200 * Math.min(down - 1, 2) + 300 * Math.max(down - 3, 0);
  return doubled * multiplier / 2;
}

// The declaring side's score when declarer takes `tricks`.
function declarerScore({ level, strain, doubling }, tricks, vulnerable) {
  const needed = level + 6;
  if (tricks < needed) return -undertricks(needed - tricks, doubling, vulnerable);
  const value = strain === "C" || strain === "D" ? 20 : 30;
  const trickScore = (value * level + (strain === "NT" ? 10 : 0)) * doubling;
  let score = trickScore + (trickScore >= 100 ? (vulnerable ? 500 : 300) : 50);
  if (level === 6) score += vulnerable ? 750 : 500;
  if (level === 7) score += vulnerable ? 1500 : 1000;
  const over = tricks - needed;
  if (doubling === 1) score += over * value;
  else score += over * (vulnerable ? 200 : 100) * doubling / 2 + 25 * doubling;
  return score;
}

// North-South's score of a board's result (0 passed out), as the station reckons it.
function scoreNs(board, contract, declarer, tricks) {
  const parsed = parseContract(contract);
  if (!parsed) return 0;
  const vul = vulnerability(board);
  const ns = declarer === "N" || declarer === "S";
  const vulnerable = vul === "All" || (vul === "NS" && ns) || (vul === "EW" && !ns);
  const score = declarerScore(parsed, tricks, vulnerable);
  return ns ? score : -score;
}

// "=", "+1", "-2": the result against the contract's level.
function resultMark(level, tricks) {
  const diff = tricks - level - 6;
  return diff === 0 ? "=" : diff > 0 ? `+${diff}` : String(diff);
}

// The results a contract of `level` can have: "-n" down to 0 tricks, "=", "+n" up to 13.
function possibleResults(level) {
  const marks = [];
  for (let tricks = 0; tricks <= 13; tricks++) marks.push(resultMark(level, tricks));
  return marks;
}
const tricksOf = (level, mark) => level + 6 + (mark === "=" ? 0 : Number(mark));

// "4\u2660=", "3NTX-1", "Pass" (and "3SAX-1", "Passe" in French): a traveller's line on a
// page, the suits' symbols and the page's bridge words (issue 52); exports keep letters.
function notation(contract, tricks) {
  const parsed = parseContract(contract);
  if (!parsed) return contract === "PASS" ? contractText("PASS") : (contract || "");
  return `${contractText(contract)}${resultMark(parsed.level, tricks)}`;
}

// A score as the pad shows it: "+420", "-100", "0".
const signed = (score) => (score > 0 ? `+${score}` : String(score));
const nsScore = (score) => `NS ${signed(score)}`;
const cardWords = (card) => (card ? `${SUITS[card[0]] || card[0]}${card.slice(1)}` : "");

// North-South's score of an entry held: the station's (its ack), or, for a copy the station
// sent without one (game_data, a director's change), reckoned here as the station does;
// null for a board not played.
function entryScore(entry) {
  if (entry.score_ns != null) return entry.score_ns;
  const body = entry.body;
  if ((entry.type || "result") !== "result" || !body.contract) return null;
  return scoreNs(body.board, body.contract, body.declarer, body.tricks);
}

// An entry in the players' words and the pad's language: "4\u2660 by North, made 5, lead
// \u2665K", "3NT by South, down 1", "passed out".
function describe(entry) {
  if (entry.type === "not_played") {
    return entry.adjusted ? _("adjusted {score}", { score: entry.adjusted }) : _("not played");
  }
  if (entry.contract === "PASS") return _("passed out");
  const parsed = parseContract(entry.contract);
  const words = { contract: contractText(entry.contract),
    by: entry.declarer in SEAT_NAMES ? seatName(entry.declarer) : entry.declarer };
  let said = _("{contract} by {by}", words);
  if (parsed) {
    said = entry.tricks >= parsed.level + 6 ?
      n_("{contract} by {by}, made {n}", "{contract} by {by}, made {n}", entry.tricks - 6, words) :
      n_("{contract} by {by}, down {n}", "{contract} by {by}, down {n}", parsed.level + 6 - entry.tricks, words);
  }
  return entry.lead ? _("{result}, lead {card}", { result: said, card: cardWords(entry.lead) }) : said;
}

export { Pad, describe, storeKey, boardKey, SEAT_NAMES, seatName, SUITS, dealer, vulnerability,
  boardFacts, parseContract, scoreNs, resultMark, possibleResults, tricksOf, notation,
  signed, nsScore, cardWords, entryScore };
