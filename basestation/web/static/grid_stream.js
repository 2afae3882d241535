// The grid's live event stream (server-sent events). Each event carries its position on the
// station's bus: a full read of the grid says which position it includes, so an event is
// applied once (grid_apply.js), and those applied while a read was on its way are applied
// again over it. A stream that reconnects is sent what it missed (EventSource gives its
// Last-Event-ID); the station's first message says whether that caught the page up, or the
// page must hold the grid as of a position: a read already on its way may do, else one more.
// Events are applied together once a frame: a burst of results costs one round of DOM
// writes, and the browser lays out and paints once for them all.
import { listen } from "./common.js";
import { forgetAlerts } from "./alerts.js";
import { applyEvents } from "./grid_apply.js";
import { last, refresh } from "./grid_state.js";

// More events than this waiting for a frame (a hidden tab gets none): a full read is cheaper.
const WAITING_MOST = 5000;

let position = -1;       // the last event the page shows
let epoch = null;        // whose bus the positions are of
let reading = false;
let asked = false;       // a full read was asked for (grid.js makes the first, once it
                         // knows who is looking)
let wanted = null;       // the position the station said the page must read to
const duringRead = [];   // events applied while a full read was on its way
const waiting = [];      // events for the next frame
let frameAsked = false;

// grid.js: a full read is starting; its answers are in (or it failed); it is drawn, with
// the grid at `read.position`.
export function readStarting() { reading = true; asked = true; duringRead.length = 0; }
export function readEnded() { reading = false; }
export function readDone(read) {
  position = read.epoch === epoch ? Math.max(position, read.position) : read.position;
  epoch = read.epoch;
  // What came while the read was on its way: those after it are applied over it, now.
  waiting.length = 0;
  const after = duringRead.splice(0).filter((event) => event.position > read.position);
  if (after.length && !applyEvents(after)) refresh();
  if (wanted && (wanted.epoch !== read.epoch || wanted.position > read.position)) refresh();
  else wanted = null;
}

function applyWaiting() {
  frameAsked = false;
  if (waiting.length && !applyEvents(waiting.splice(0))) refresh();
}

function onEvent(event) {
  if (event.type === "stream") {
    // Caught up, or already holding the grid as of where the stream goes on from.
    if (event.epoch === epoch && (event.caught_up || position >= event.position)) return;
    wanted = { epoch: event.epoch, position: event.position };
    if (asked && !reading) refresh();  // else the read on its way is checked when done
    return;
  }
  if (event.position <= position) return;  // in the grid already
  position = event.position;
  if (event.type === "event") forgetAlerts();  // alerts belong to their event
  if (reading && duringRead.length < 20000) duringRead.push(event);
  if (!last.grid) return;  // the first read, on its way, is applied with what came meanwhile
  waiting.push(event);
  if (waiting.length > WAITING_MOST) {
    waiting.length = 0;
    refresh();
  } else if (!frameAsked) {
    frameAsked = true;
    requestAnimationFrame(applyWaiting);
  }
}

let stream = null;

export function followStream() {
  stream = listen(onEvent, () => {}, () => (epoch ? `${epoch}-${position}` : null));
}

// The director logged in or out: the stream opened again from where the page is, as it
// carries a result's flags (its results to check) to the director's stream only.
export function reopenStream() { stream?.reopen(); }
