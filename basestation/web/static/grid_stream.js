// The grid's live event stream (server-sent events). Each event carries its position on the
// station's bus: a full read of the grid says which position it includes, so an event is
// applied once (grid_apply.js), and those applied while a read was on its way are applied
// again over it. A stream that reconnects is sent what it missed (EventSource gives its
// Last-Event-ID); the station's first message says whether that caught the page up, or the
// page must read the whole grid afresh.
import { listen } from "./common.js";
import { forgetAlerts } from "./alerts.js";
import { applyEvent } from "./grid_apply.js";
import { last, refresh } from "./grid_state.js";

let position = -1;       // the last event the page shows
let epoch = null;        // whose bus the positions are of
let reading = false;
const duringRead = [];   // events applied while a full read was on its way

// grid.js: a full read is starting, and has ended with the grid at `read.position`.
export function readStarting() { reading = true; duringRead.length = 0; }
export function readDone(read) {
  reading = false;
  position = read.epoch === epoch ? Math.max(position, read.position) : read.position;
  epoch = read.epoch;
  for (const event of duringRead.splice(0)) if (event.position > read.position) applyEvent(event);
}

function onEvent(event) {
  if (event.type === "stream") {
    if (!event.caught_up || event.epoch !== epoch) refresh();
    return;
  }
  if (event.position <= position) return;  // in the grid already
  position = event.position;
  if (event.type === "event") forgetAlerts();  // alerts belong to their event
  if (reading && duringRead.length < 20000) duringRead.push(event);
  if (!last.grid) return;  // the first read, on its way, is applied with what came meanwhile
  if (!applyEvent(event)) refresh();
}

export function followStream() {
  listen(onEvent, () => {}, () => (epoch ? `${epoch}-${position}` : null));
}
