// Replays the reference pad's behaviour vectors
// (firmware_protocol/vectors/behaviour/pad_machine.json) on the browser pad (padcore.js): each
// scenario's events in, what the pad did after each out, in the vectors' words, for the test
// to compare with what the file expects.
async (vectors) => {
  const { Pad } = await import("/static/padcore.js");
  const { encode } = await import("/static/padwire.js");
  const UNIT = 17;
  const KEY = "00112233445566778899aabbccddeeff";
  const OTHER = "ffeeddccbbaa99887766554433221100";  // a tag made with it does not verify
  const NEW_KEY = "0123456789abcdef0123456789abcdef";  // the key after the unit is paired again
  const seconds = (ms) => Math.round(ms) / 1000;
  const out = {};
  for (const scenario of vectors.scenarios) {
    const saved = new Map();
    const storage = { getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => saved.set(k, v) };
    const jitter = scenario.jitter;
    let drawn = 0;
    const random = () => (jitter[drawn++ % jitter.length] - 0.8) / 0.4;  // 0.8 + 0.4 r
    let now = 0;
    let sent = [];
    const used = new Set();
    const transmit = (payload) => {
      const m = JSON.parse(payload);
      sent.push([m.type, m.seq, used.has(m.seq)]);
      used.add(m.seq);
    };
    const powered = (key = KEY) => {
      const pad = new Pad({ station: "vectors", unit: UNIT, key, storage, transmit,
        now: () => now, random, screen: "vectorsscreen" });
      pad.online = pad.everOnline = true;
      pad.powerOn();
      return pad;
    };
    let pad = null;
    const steps = [];
    for (const { event } of scenario.steps) {
      now = Math.round(event.at * 1000);
      sent = [];
      if ("paired" in event) pad = powered(NEW_KEY);  // a page load with the new key
      else if ("power_on" in event || "power_cycle" in event) pad = powered(pad ? pad.mem.key : KEY);
      else if ("tick" in event) pad.tick();
      else if ("enter" in event) {
        const { type, body } = event.enter;
        if (type === "login") pad.login(body.section, body.table, body.takeover, body.pin);
        else pad.enter(type === "correction" ? "result" : type, body);
      } else {
        const { seq, verified, type, body } = event.receive;
        pad.receive(encode(UNIT, seq, type, body, verified ? pad.mem.key : OTHER,
          pad.mem.protocol, 0));
      }
      const mem = pad.mem;
      const timers = {};
      if (pad.flight) timers.answer = seconds(pad.flight.deadline);
      if (pad.retryAt !== null) timers.retry = seconds(pad.retryAt);
      if (pad.probeAt !== null) timers.probe = seconds(pad.probeAt);
      if (pad.partsAt !== null) timers.game_data = seconds(pad.partsAt);
      if (pad.idle() && pad.contact && !mem.locked && !mem.keyReplaced) {
        timers.heartbeat = seconds(pad.lastSent + vectors.timers.idle * 1000);
      }
      const entries = {};
      for (const [key, e] of Object.entries(mem.entries)) {
        const source = e.source || "pad";
        entries[key] = (e.acked && source === "pad" ? "acked " : "") + (e.handed ? "handed " : "") +
          source;
      }
      steps.push({ sent, timers,
        screen: { contact: pad.contact, locked: mem.locked || null,
          running: mem.running && !mem.paused, round: pad.round, waiting: mem.queue.length,
          key_replaced: mem.keyReplaced },
        persist: { seq_reserved: mem.nextSeq, station_seq: mem.stationSeq,
          section: mem.section, table: mem.table, locked: mem.locked || null,
          key_replaced: mem.keyReplaced, queue: mem.queue.map((m) => m.type), entries } });
    }
    out[scenario.name] = steps;
  }
  return out;
}
