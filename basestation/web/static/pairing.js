// The units panel's pairing: the station gives the unit a new key and a one-time pairing code,
// and the page shows the pad's link and its QR code. The link carries the code, never the key
// (SPEC 10.5): the pad exchanges it once for its key, so the link left in the phone's history
// is worthless. The QR code is drawn here, so the link is in no request either.
// vendor/qrcode.js is a classic script, copied unchanged, that sets the global `qrcode`;
// loaded once the director turns to pairing, so the grid's first paint does not wait for it.
import { api, say } from "./common.js";
import { _, n_ } from "./i18n.js";

let qrLoaded = null;
function loadQr() {
  qrLoaded ??= new Promise((done, failed) => {
    const script = document.createElement("script");
    script.src = "/static/vendor/qrcode.js";
    script.onload = done;
    script.onerror = () => {
      qrLoaded = null;
      script.remove();
      failed(new Error(_("The QR code could not be drawn: the station did not answer. Pair the unit again.")));
    };
    document.head.append(script);
  });
  return qrLoaded;
}

function padLink(paired, broker) {
  const fragment = new URLSearchParams({ code: paired.code });
  if (broker) fragment.set("broker", broker);
  return `${location.origin}/pad#${fragment}`;
}

export function setupPairing() {
  const form = document.getElementById("pair");
  const broker = form.elements.broker;
  // deploy/mosquitto's WebSockets listener; over TLS where the pages are (a browser refuses
  // a plain one from a page served over TLS).
  broker.value = `${location.protocol === "https:" ? "wss" : "ws"}://${location.hostname}:9001`;
  form.addEventListener("focusin", () => loadQr().catch(() => {}));  // ready by the press
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const unit = Number(form.elements.unit.value);
    try {
      await loadQr();  // before pairing: a new key is no use without its code shown
      const paired = await api("POST", `/api/units/${unit}/pair`);
      const link = padLink(paired, broker.value.trim());
      const qr = globalThis.qrcode(0, "M");
      qr.addData(link);
      qr.make();
      document.getElementById("pair-qr").innerHTML = qr.createSvgTag({ cellSize: 4, margin: 4 });
      const anchor = document.getElementById("pair-url");
      anchor.href = link;
      anchor.textContent = _("open the pad for unit {unit}", { unit });
      const minutes = Math.round(paired.expires_in / 60);
      const until = new Date(Date.now() + paired.expires_in * 1000).toTimeString().slice(0, 5);
      document.getElementById("pair-expires").textContent = n_(
        "The link works once, within {n} minute (until {until}): pair again for a new one.",
        "The link works once, within {n} minutes (until {until}): pair again for a new one.", minutes, { until });
      document.getElementById("pair-link").hidden = false;
      // A phone cannot reach "localhost": the link is only as good as this page's address.
      const local = /^(localhost|127\.|\[::1\])/.test(location.hostname);
      say(local ? _("Unit {unit} paired, but this page is open as {host}: open the grid by this computer's network address so the pad's link reaches it",
        { unit, host: location.hostname }) : _("Unit {unit} paired: scan the code with its pad", { unit }), local);
    } catch (e) { say(e.message, true); }
  });
}

