// What the grid page last read (the grid and the units: the table dialog and the round clock
// read them), and the page's one refresh. Every panel asks for a refresh after an action; what
// a refresh does is the page's (grid.js says it), so no panel imports the page.
import { coalesced } from "./common.js";

export const last = { grid: null, units: [] };

let job = async () => {};

// grid.js: what a refresh reads and redraws.
export function onRefresh(run) { job = run; }

// Bursts of events and actions cost one read (see `coalesced`).
export const refresh = coalesced(() => job());
