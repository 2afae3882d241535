// The pad protocol's JSON form (firmware_protocol/SPEC.md, sections 7, 10 and 13): canonical
// bytes, tags, and the bodies a pad sends; versions 1 and 2 (2 adds the envelope's `event`).
// HMAC-SHA256 comes from the vendored js-sha256, since WebCrypto is missing on plain-http
// pages: vendor/sha256.min.js is a classic script, copied unchanged, that sets the global
// `sha256`; the page (or a test) loads it before this module is used.

const VERSION = 2;  // the highest this pad speaks; it falls back to 1 for an old station
const VERSIONS = [1, 2];
const FIRMWARE = "webpad 1";
const STATION_TYPES = ["ack", "nak", "game_data", "status", "feedback", "correction_push",
  "control", "locked", "seating"];
const SCREEN = /^[0-9a-z]{1,16}$/;  // a page's screen name (SPEC 15)

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
function bytes(text) {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) throw new Error("not hex");
  return Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
}
const hmacArray = (key, message) => globalThis.sha256.hmac.array(key, message);
const hmac = (keyHex, message) => new Uint8Array(hmacArray(bytes(keyHex), message));

// SPEC 7: the unit key; the tag is the first 4 bytes of HMAC-SHA256(unit key, signed bytes).
const unitKey = (secret, unit) => hex(hmacArray(secret, `unit:${unit}`).slice(0, 16));
const tag = (keyHex, canonicalText) => hex(hmac(keyHex, canonicalText).slice(0, 4));
// SPEC 10.3: the broker login comes from the key, so the pad needs nothing else.
const mqttLogin = (unit, keyHex) => ({ username: `unit-${unit}`,
  password: hex(hmac(keyHex, "mqtt").slice(0, 16)) });

const byCodePoint = (a, b) => {
  const x = Array.from(a, (c) => c.codePointAt(0));
  const y = Array.from(b, (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

// SPEC 10.2: keys sorted at every level, no spaces, ASCII only (others as \uXXXX).
function canonical(value) {
  if (value === null || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error("numbers are integers");
    return String(value);
  }
  if (typeof value === "string") {
    return JSON.stringify(value).replace(/[^\x20-\x7e]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  }
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  const keys = Object.keys(value).sort(byCodePoint);
  return "{" + keys.map((k) => canonical(k) + ":" + canonical(value[k])).join(",") + "}";
}

function sign(object, keyHex) {
  const unsigned = Object.fromEntries(Object.entries(object).filter(([k]) => k !== "mac"));
  return canonical({ ...unsigned, mac: tag(keyHex, canonical(unsigned)) });
}

// Version 2 carries the event the pad holds (0 for none yet) in the envelope (SPEC 13.1);
// `screen` names this page, so the station can tell two screens on one unit apart (SPEC 15).
function encode(unit, seq, type, body, keyHex, v = VERSION, event = 0, screen = null) {
  const envelope = v >= 2 ? { v, type, unit, seq, event, body } : { v, type, unit, seq, body };
  if (screen) envelope.screen = screen;
  return sign(envelope, keyHex);
}

// A new page's screen name: 12 lower-case letters and digits (SPEC 15).
const newScreen = () => Array.from({ length: 12 },
  () => "0123456789abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 36)]).join("");

function sameBytes(a, b) {  // constant time over equal lengths (SPEC 7)
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const isInt = (x, low, high) => Number.isInteger(x) && x >= low && x <= high;

// A station message for this unit whose tag verifies, or null (never trusted otherwise).
// `event` is 0 in version 1 (an `event` field there is unknown, so ignored).
function decode(text, unit, keyHex) {
  if (typeof text !== "string" || text.length > 65536) return null;
  let object;
  try { object = JSON.parse(text); } catch { return null; }
  if (!object || typeof object !== "object" || Array.isArray(object)) return null;
  const { v, type, seq, mac, body } = object;
  if (!VERSIONS.includes(v) || object.unit !== unit || !isInt(seq, 0, 0xFFFFFFFF)) return null;
  if (v >= 2 && !isInt(object.event, 0, 0xFFFFFFFF)) return null;
  if (typeof mac !== "string" || !/^[0-9a-fA-F]{8}$/.test(mac)) return null;
  if (!STATION_TYPES.includes(type) || !body || typeof body !== "object") return null;
  const unsigned = Object.fromEntries(Object.entries(object).filter(([k]) => k !== "mac"));
  let signed;
  try { signed = canonical(unsigned); } catch { return null; }
  if (!sameBytes(tag(keyHex, signed), mac.toLowerCase())) return null;
  const screen = object.screen === undefined ? null : object.screen;
  if (screen !== null && (typeof screen !== "string" || !SCREEN.test(screen))) return null;
  return { v, type, seq, event: v >= 2 ? object.event : 0, body, screen };
}

// Bodies as the station writes them (every field present, null for none), so a pad's
// message has the same bytes as the reference implementation's.
const bodies = {
  // `statusClock`: the pad restarts its round clock from a round move's status (SPEC 6.7);
  // said only when true, as the reference implementation writes it.
  hello: (battery, protocol = VERSION, statusClock = false) => ({
    firmware: FIRMWARE, battery: battery ?? null, protocol,
    ...(statusClock ? { status_clock: true } : {}) }),
  login: (section, table, pin = null, takeover = false) => ({ section, table, pin, takeover }),
  // `visitors`: names typed for seats whose number is 0, e.g. {west: "Jane Doe"} (SPEC 14.4).
  players: (section, table, round, [north, east, south, west], visitors = {}) => {
    const body = { section, table, round, north, east, south, west };
    if (Object.keys(visitors).length) body.visitors = visitors;
    return body;
  },
  result: (place, contract, declarer, tricks, lead) => ({ ...place, contract,
    declarer: contract === "PASS" ? null : declarer,
    tricks: contract === "PASS" ? null : tricks,
    lead: contract === "PASS" || !lead ? null : lead }),
  notPlayed: (place) => ({ ...place }),
  resend: (fromRound = null) => ({ from_round: fromRound }),
  heartbeat: (battery) => ({ battery: battery ?? null }),
};

// The ten is written 10 (SPEC 2: T is accepted, senders write 10).
const normalLead = (text) => {
  const card = (text || "").trim().toUpperCase().replace(/^([SHDC])T$/, "$110");
  return card || null;
};

export { VERSION, VERSIONS, FIRMWARE, hex, bytes, unitKey, tag, mqttLogin, canonical, sign, encode,
  decode, bodies, normalLead, newScreen };
