// The pad's MQTT 3.1.1 client over WebSockets: only what the pad uses, with the calls and
// events of mqtt.js that it used (connect, publish, subscribe, end, reconnect; "connect",
// "close", "error" with a refused CONNACK's code, "message"). mqtt.js was 342 KB, most of the
// pad's first load on a phone; this is a few. QoS 0 and 1; a message published while the
// link is down is dropped (the pad's core sends again when it is back, SPEC 6.5).

const CONNECT = 1, CONNACK = 2, PUBLISH = 3, PUBACK = 4, SUBSCRIBE = 8, SUBACK = 9;
const PINGREQ = 12, DISCONNECT = 14;
const TICK = 500;  // ms between looks at the keepalive and the connect timeout

const utf8 = new TextEncoder();
const text = new TextDecoder();

function bytesOf(value) {
  return typeof value === "string" ? utf8.encode(value) : new Uint8Array(value);
}

function u16(n) { return Uint8Array.of(n >> 8, n & 255); }

function sized(value) {  // a string or bytes with its two-byte length first
  const b = bytesOf(value);
  return [u16(b.length), b];
}

function packet(type, flags, parts) {
  const size = parts.reduce((sum, p) => sum + p.length, 0);
  const header = [(type << 4) | flags];
  let rest = size;
  do {
    header.push((rest % 128) | (rest >= 128 ? 128 : 0));
    rest = Math.floor(rest / 128);
  } while (rest > 0);
  const out = new Uint8Array(header.length + size);
  out.set(header);
  let at = header.length;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// The timers run in a worker made from a blob where the page allows it: a tab in the
// background keeps its timers there, and so its link (the keepalive is a few seconds).
function ticker(tick) {
  let interval = null;
  const fallback = () => { if (interval === null) interval = setInterval(tick, TICK); };
  try {
    const code = `setInterval(() => postMessage(0), ${TICK});`;
    const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
    worker.onmessage = tick;
    worker.onerror = fallback;
  } catch {
    fallback();
  }
}

class Client {
  constructor(url, options) {
    this.url = url;
    this.options = { keepalive: 60, reconnectPeriod: 1000, connectTimeout: 30000, ...options };
    this.connected = false;
    this.reconnecting = false;
    this.disconnecting = false;
    this.handlers = {};
    this.waiting = new Map();  // SUBSCRIBE packet id -> its callback
    this.nextId = 0;
    this.socket = null;
    this.retry = null;
    ticker(() => this.tick());
    setTimeout(() => this.open());  // after the caller's handlers are on
  }

  on(event, handler) {
    (this.handlers[event] ||= []).push(handler);
    return this;
  }

  emit(event, ...args) {
    for (const handler of this.handlers[event] || []) handler(...args);
  }

  publish(topic, payload, { qos = 0, retain = false } = {}) {
    if (!this.connected) return this;
    const parts = [...sized(topic)];
    if (qos > 0) parts.push(u16(this.id()));
    parts.push(bytesOf(payload));
    this.send(packet(PUBLISH, (qos << 1) | (retain ? 1 : 0), parts));
    return this;
  }

  subscribe(topic, { qos = 0 } = {}, callback = () => {}) {
    if (!this.connected) return this;
    const id = this.id();
    this.waiting.set(id, callback);
    this.send(packet(SUBSCRIBE, 2, [u16(id), ...sized(topic), Uint8Array.of(qos)]));
    return this;
  }

  // A clean DISCONNECT (no last will), and no reconnecting until `reconnect()`.
  end() {
    this.disconnecting = true;
    clearTimeout(this.retry);
    this.reconnecting = false;
    if (this.connected) this.send(packet(DISCONNECT, 0, []));
    this.drop(false);
    this.disconnecting = false;
    return this;
  }

  reconnect() {
    if (this.socket) return this;  // connecting or connected already
    this.reconnecting = true;
    this.open();
    return this;
  }

  // -- the link ---------------------------------------------------------------------------

  open() {
    clearTimeout(this.retry);
    this.retry = null;
    this.buffer = new Uint8Array(0);
    let socket;
    try {
      socket = new WebSocket(this.url, "mqtt");
    } catch (error) {
      this.emit("error", error);
      this.closed(true);
      return;
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    this.opened = Date.now();
    socket.onopen = () => {
      this.heard = Date.now();
      this.send(this.connectPacket());
    };
    socket.onmessage = (message) => this.read(new Uint8Array(message.data));
    socket.onclose = () => this.drop(true);
  }

  connectPacket() {
    const o = this.options;
    let flags = o.clean === false ? 0 : 2;
    const rest = sized(o.clientId);
    if (o.will) {
      flags |= 4 | ((o.will.qos || 0) << 3) | (o.will.retain ? 32 : 0);
      rest.push(...sized(o.will.topic), ...sized(o.will.payload));
    }
    if (o.username !== undefined) { flags |= 128; rest.push(...sized(o.username)); }
    if (o.password !== undefined) { flags |= 64; rest.push(...sized(o.password)); }
    return packet(CONNECT, 0,
      [...sized("MQTT"), Uint8Array.of(4, flags), u16(o.keepalive), ...rest]);
  }

  send(bytes) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(bytes);
    this.sent = Date.now();
  }

  id() {
    this.nextId = (this.nextId % 65535) + 1;
    return this.nextId;
  }

  // The keepalive (a ping after `keepalive` s without a packet sent; the link dropped after 1.5
  // times that without one heard) and the connect timeout.
  tick() {
    if (!this.socket) return;
    const now = Date.now();
    if (!this.connected) {
      if (now - this.opened > this.options.connectTimeout) this.drop(true);
      return;
    }
    if (now - this.heard > this.options.keepalive * 1500) this.drop(true);
    else if (now - this.sent >= this.options.keepalive * 1000) this.send(packet(PINGREQ, 0, []));
  }

  // The socket let go at once (a dead network's close can take minutes); tried again after
  // `reconnectPeriod` when `again`.
  drop(again) {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onopen = socket.onmessage = socket.onclose = null;
    try { socket.close(); } catch { /* closed already */ }
    this.closed(again);
  }

  closed(again) {
    this.connected = false;
    this.waiting.clear();
    const period = this.options.reconnectPeriod;
    this.reconnecting = again && period > 0;
    if (this.reconnecting) this.retry = setTimeout(() => this.open(), period);
    this.emit("close");
  }

  read(chunk) {
    this.heard = Date.now();
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    let at = 0;
    while (this.socket) {
      let size = 0, shift = 1, i = at + 1;
      for (;;) {
        if (i >= joined.length) { this.buffer = joined.slice(at); return; }
        size += (joined[i] & 127) * shift;
        if (!(joined[i++] & 128)) break;
        shift *= 128;
        if (shift > 128 ** 3) { this.drop(true); return; }  // not MQTT
      }
      if (i + size > joined.length) { this.buffer = joined.slice(at); return; }
      this.handle(joined[at] >> 4, joined[at] & 15, joined.subarray(i, i + size));
      at = i + size;
    }
  }

  handle(type, flags, body) {
    if (type === CONNACK) {
      const code = body[1];
      if (code === 0) {
        this.connected = true;
        this.reconnecting = false;
        this.emit("connect", { returnCode: 0 });
        return;
      }
      const error = new Error(`the broker refused the connection (${code})`);
      error.code = code;
      this.emit("error", error);
      this.drop(true);
    } else if (type === PUBLISH) {
      const qos = (flags >> 1) & 3;
      const length = (body[0] << 8) | body[1];
      const topic = text.decode(body.subarray(2, 2 + length));
      let at = 2 + length;
      if (qos > 0) {
        this.send(packet(PUBACK, 0, [body.subarray(at, at + 2)]));
        at += 2;
      }
      this.emit("message", topic, text.decode(body.subarray(at)));
    } else if (type === SUBACK) {
      const id = (body[0] << 8) | body[1];
      const callback = this.waiting.get(id);
      this.waiting.delete(id);
      if (callback) callback(null, [...body.subarray(2)]);
    }  // PUBACK and PINGRESP: heard, nothing more
  }
}

function connect(url, options) {
  return new Client(url, options);
}

export { connect, packet };
