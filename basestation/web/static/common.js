// Shared by the director's pages: API calls, the login form, the live event stream, and the
// choice of the pages' language.
import { _, refusal, tag } from "./i18n.js";

export async function api(method, path, body) {
  const options = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (response.status === 401 && path !== "/api/login") showLogin();
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const detail = data && data.detail;
    const error = new Error(typeof detail === "string" ? refusal(data.key, data.values, detail) :
      detailText(detail || data));
    error.status = response.status;  // a page may act on it: 409 asks the director to confirm
    throw error;
  }
  return data;
}

// FastAPI's list of field errors, as the director reads it: "tables: ... at least 1".
function detailText(detail) {
  if (!Array.isArray(detail)) return JSON.stringify(detail);
  return detail.map((e) => `${(e.loc || []).slice(-1)[0] || ""}: ${e.msg}`).join("; ");
}

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "onclick") node.addEventListener("click", value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function say(text, bad) {
  const bar = document.getElementById("message");
  if (!bar) return;
  bar.textContent = text;
  bar.className = bad ? "message bad" : "message";
}

export function showLogin() {
  document.getElementById("login").hidden = false;
  document.getElementById("password").focus();
}

export async function checkLogin() {
  // A station busy with other connections may refuse (503) or drop the page's first call:
  // ask again, as the director would by reloading, rather than leave a blank page.
  for (let wait = 500; ; wait = Math.min(wait * 2, 4000)) {
    try {
      const who = await api("GET", "/api/whoami");
      document.body.dataset.director = who.director ? "yes" : "no";
      if (!who.director) showLogin();
      return who.director;
    } catch (error) {
      if (error.status !== undefined && error.status !== 503) throw error;
      say(_("The station is busy: trying again."), true);
      await new Promise((resolve) => setTimeout(resolve, wait));
      say("");
    }
  }
}

// The director's login form, the same on every page.
function loginOverlay() {
  return el("div", { id: "login", class: "overlay", hidden: true },
    el("form", { id: "login-form", class: "login" },
      el("h2", {}, _("Director login")),
      el("label", {}, _("Password") + " ",
        el("input", { id: "password", type: "password", autocomplete: "current-password", required: true })),
      el("button", { type: "submit" }, _("Log in")),
      el("p", { id: "login-error", class: "message bad" })));
}

export function setupLogin(onLogin, onLogout) {
  document.body.append(loginOverlay());
  document.getElementById("login-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const password = document.getElementById("password");
    try {
      await api("POST", "/api/login", { password: password.value });
      password.value = "";
      document.getElementById("login").hidden = true;
      document.body.dataset.director = "yes";
      document.getElementById("login-error").textContent = "";
      onLogin();
    } catch (error) {
      document.getElementById("login-error").textContent = error.message;
    }
  });
  document.getElementById("logout").addEventListener("click", async () => {
    await api("POST", "/api/logout");
    document.body.dataset.director = "no";
    showLogin();
    if (onLogout) onLogout();
  });
}

// Server-sent events. EventSource reconnects by itself, sending the last event's id, and
// `onOpen` resyncs after a gap; a stream it gave up on (the station was unreachable when it
// tried again) is opened anew, from `since()`: the last position the page holds, if any.
// `reopen()` does so at once: a stream carries what the one looking may see, as of its opening.
export function listen(onEvent, onOpen, since = () => null) {
  let source = null;
  const open = () => {
    const from = since();
    const mine = new EventSource("/api/stream" + (from ? `?since=${encodeURIComponent(from)}` : ""));
    source = mine;
    mine.onmessage = (message) => onEvent(JSON.parse(message.data));
    mine.onopen = () => { document.body.dataset.live = "yes"; onOpen(); };
    mine.onerror = () => {
      document.body.dataset.live = "no";
      if (mine.readyState === EventSource.CLOSED && source === mine) setTimeout(open, 2000);
    };
  };
  open();
  return { reopen() { source.close(); open(); } };
}

// Runs `job` now, or once more after the run in progress: bursts of events cost one fetch.
export function coalesced(job) {
  let running = false;
  let again = false;
  return async function run() {
    if (running) { again = true; return; }
    running = true;
    try {
      do { again = false; await job(); } while (again);
    } catch (error) {
      say(error.message, true);
    } finally {
      running = false;
    }
  };
}

// "Friday 27 November 2026" in the page's language ("vendredi 27 novembre 2026"): a date of
// the event, the same wherever the page is read.
export function dayText(date) {
  if (!date) return "";
  const [year, month, day] = date.split("-").map(Number);
  // English as the club's printed results have always read it: day, month, year, no comma.
  const english = tag() === "en";
  const text = new Intl.DateTimeFormat(english ? "en-GB" : tag(), { weekday: "long",
    day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(Date.UTC(year, month - 1, day)));
  return english ? text.replace(",", "") : text;
}

// The director's choice of language (language_choice.html), kept by this browser for a year:
// the station makes the pages in it from then on.
const choice = document.getElementById("console-language");
if (choice) {
  choice.addEventListener("change", () => {
    document.cookie = `${choice.dataset.cookie}=${choice.value}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
}
