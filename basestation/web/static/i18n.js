// The browser pages' words in the page's language: one JSON catalog per language, built from
// the gettext catalogs by scripts/catalogs.sh (basestation/i18n). A message is its English
// text, with {name} placeholders; without a catalog (or a message missing from it) the English
// shows. Numbers by the language's conventions (Intl); bridge words from the language's table.

const ENGLISH_BRIDGE = { nt: "NT", seats: { N: "N", E: "E", S: "S", W: "W" },
  sides: { NS: "NS", EW: "EW" }, pass: "Pass", doubled: "X", redoubled: "XX" };
let current = { lang: "en", tag: "en", languages: { en: "English" }, bridge: ENGLISH_BRIDGE,
  messages: {} };

// The catalog a page uses from now on (the JSON of /static/i18n/<code>.json).
export function useCatalog(catalog) { current = catalog; }

// A director's page names its catalog on <html data-catalog> (pages.py, in the language it
// was made in): every module that imports this one waits for it, so no word is said before.
const named = document.documentElement.dataset.catalog;
if (named) {
  try {
    const answer = await fetch(named, { credentials: "same-origin" });
    if (answer.ok) useCatalog(await answer.json());
  } catch {
    // the English shows: a page in words is better than no page
  }
}
export const language = () => current.lang;
export const tag = () => current.tag;
export const languages = () => current.languages;
export const bridge = () => current.bridge;

// "Board {board}" with {board: 5}: "Board 5".
function fill(text, values) {
  if (!values) return text;
  // {name}, or {name:g} as a refusal's Python template may write it; {name:cap} begins a
  // sentence (refusals.py's Phrase)
  return text.replace(/\{(\w+)(?::([^{}]*))?\}/g, (all, name, spec) => {
    if (!(name in values)) return all;
    const said = String(values[name]);
    return spec === "cap" ? said.charAt(0).toLocaleUpperCase(current.tag) + said.slice(1) : said;
  });
}

export function _(message, values) {
  const said = current.messages[message];
  return fill(typeof said === "string" ? said : message, values);
}

// Runs `start` once the page is parsed. A page's modules wait for its catalog (above), so
// DOMContentLoaded may have fired before they run: then it runs at once.
export function whenParsed(start) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}

// A refusal's {key, values} (the API's answer) in the page's words: a value may itself be a
// phrase. Without the key in the catalog, the English sentence the station sent.
export function refusal(key, values, english) {
  const sentence = (current.refusals || {})[key];
  if (typeof sentence !== "string") return english;
  const filled = {};
  for (const [name, value] of Object.entries(values || {})) {
    filled[name] = value && typeof value === "object" && "key" in value ?
      refusal(value.key, value.values, "") : value;
  }
  return fill(sentence, filled);
}

// A message with a number in it, in the form the language's plural rules choose for `n`.
export function n_(singular, plural, n, values) {
  const forms = current.messages[singular];
  const category = kept(`plural ${current.tag}`, () => new Intl.PluralRules(current.tag)).select(n);
  const said = forms && typeof forms === "object" ? forms[category] || forms.other :
    category === "one" ? singular : plural;
  return fill(said, { n: formatNumber(n), ...values });
}

// Intl's rules and formats, each made once: making one costs far more than using it, and a
// congress grid uses them for every cell of a burst.
const made = new Map();
function kept(key, make) {
  if (!made.has(key)) made.set(key, make());
  return made.get(key);
}

// The decimals a number has, at most two: 7.5 minutes a board, a 12.5 VP penalty.
export const decimalsOf = (x) => (Number.isInteger(x) ? 0 : Number.isInteger(x * 10) ? 1 : 2);

// 57.39 in English, 57,39 in French; `digits` after the decimal sign.
export function formatNumber(value, digits = 0) {
  return kept(`number ${current.tag} ${digits}`, () => new Intl.NumberFormat(current.tag,
    { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false })).format(value);
}

// A percentage as the language writes it: 57.39% in English, 57,39 % in French.
export function formatPercent(value, digits = 2) {
  return kept(`percent ${current.tag} ${digits}`, () => new Intl.NumberFormat(current.tag,
    { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits })).format(value / 100);
}

// A contract in the language's bridge words and the suits' symbols: "4♠X", "3SA".
const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
export function contractText(contract) {
  const m = /^([1-7])(NT|C|D|H|S)(XX|X)?$/.exec(contract || "");
  if (!m) return contract === "PASS" ? current.bridge.pass : (contract || "");
  const words = current.bridge;
  const doubling = m[3] === "XX" ? words.redoubled : m[3] === "X" ? words.doubled : "";
  return `${m[1]}${m[2] === "NT" ? words.nt : SYMBOLS[m[2]]}${doubling}`;
}
export const seatLetter = (seat) => current.bridge.seats[seat] || seat;
export const sideLetters = (side) => current.bridge.sides[side] || side;
