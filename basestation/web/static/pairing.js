// The units panel's pairing: the station derives the unit's key, and the page shows the pad's
// link and its QR code. The key goes only in the link's fragment, which browsers never send to
// a server; the QR code is drawn here, so the key is in no request either.
"use strict";

function padLink(paired, broker) {
  const fragment = new URLSearchParams({ unit: paired.unit, key: paired.key, station: paired.station });
  if (broker) fragment.set("broker", broker);
  return `${location.origin}/pad#${fragment}`;
}

function setupPairing() {
  const form = document.getElementById("pair");
  const broker = form.elements.broker;
  broker.value = `ws://${location.hostname}:9001`;  // deploy/mosquitto's WebSockets listener
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const unit = Number(form.elements.unit.value);
    try {
      const paired = await api("POST", `/api/units/${unit}/pair`);
      const link = padLink(paired, broker.value.trim());
      const qr = qrcode(0, "M");
      qr.addData(link);
      qr.make();
      document.getElementById("pair-qr").innerHTML = qr.createSvgTag({ cellSize: 4, margin: 4 });
      const anchor = document.getElementById("pair-url");
      anchor.href = link;
      anchor.textContent = `open the pad for unit ${unit}`;
      document.getElementById("pair-link").hidden = false;
      // A phone cannot reach "localhost": the link is only as good as this page's address.
      const local = /^(localhost|127\.|\[::1\])/.test(location.hostname);
      say(local ? `Unit ${unit} paired, but this page is open as ${location.hostname}: open the grid ` +
        "by this computer's network address so the pad's link reaches it" :
        `Unit ${unit} paired: scan the code with its pad`, local);
    } catch (e) { say(e.message, true); }
  });
}

document.addEventListener("DOMContentLoaded", setupPairing);
