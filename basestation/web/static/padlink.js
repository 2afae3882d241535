// The pairing link, read before anything else on the pad page: /pad#code=<one-time code>
// [&broker=ws://host:9001]. The fragment leaves the address bar before any other script
// runs (pad.html loads this module first); pad.js then exchanges the code for the unit's key (SPEC 10.5). The code is
// good once, so the link the browser's history recorded is worthless once the pad has paired.
export const PAIRING_LINK = (() => {
  if (!location.hash) return null;
  const fragment = new URLSearchParams(location.hash.slice(1));
  history.replaceState(null, "", location.pathname);
  const code = fragment.get("code");
  return code ? { code, broker: fragment.get("broker") } : { code: null };
})();

// A link opened on a pad page already showing (the same address but for the fragment) does not
// load the page again: it is loaded again, so the code above reads the new link.
window.addEventListener("hashchange", () => location.reload());
