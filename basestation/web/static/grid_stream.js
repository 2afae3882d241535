// The grid's live event stream (server-sent events): a result paints its cell at once,
// passing alerts are kept for the alerts panel, and every event but a score asks for a
// refresh; a reconnection refreshes too, for what was missed while away.
import { listen } from "./common.js";
import { forgetAlerts, noteAlert } from "./alerts.js";
import { refresh } from "./grid_state.js";
import { paintResult } from "./grid_table.js";

export function followStream() {
  return listen((event) => {
    if (event.type === "alert") noteAlert(event);
    if (event.type === "event") forgetAlerts();  // alerts belong to their event
    if (event.type === "result" && event.cell) paintResult(event);
    if (event.type !== "scores") refresh();
  }, refresh);
}
