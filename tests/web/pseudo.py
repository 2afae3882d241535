"""The pseudo-language walk (issue 52): on a page made in the pseudo-language, every text a
person can see or hear (text nodes, accessible names, placeholders, the title), less what the
pseudo-language marked, must be numbers, signs, bridge symbols, bridge words of the
language's table, card ranks, the languages' own names or names a test allows (players,
events, sections). Shared by the pad's walk and the director's pages' walks."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from playwright.async_api import BrowserContext, Page

from basestation.i18n import PSEUDO, bridge_words
from basestation.i18n.catalogs import BROWSER
from basestation.web.language import COOKIE

CHECK = """(allowed) => {
  const strip = (text) => {
    let before;
    do { before = text; text = text.replace(/\\[~(?:(?!\\[~)[\\s\\S])*?~\\]/g, " "); }
    while (text !== before);
    return text;
  };
  const shown = (el) => el.checkVisibility();
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    const el = text.parentElement;
    if (!text.textContent.trim()) continue;
    if (shown(el.closest("select") || el)) texts.push(text.textContent);
  }
  for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
    if (!shown(el)) continue;
    for (const name of ["aria-label", "placeholder", "title"]) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  const outside = texts.filter((text) => (strip(text).match(/\\p{L}+/gu) || [])
    .some((word) => !allowed.includes(word)));
  return { checked: texts.length, outside };
}"""


def languages() -> list[str]:
    """The languages' own names, as the language choices show them."""
    data: dict[str, Any] = json.loads((BROWSER / "en.json").read_text("utf-8"))
    return list(data["languages"].values())


def allowed_words(names: Iterable[str] = ()) -> list[str]:
    words = bridge_words("en")
    found = {words["nt"], words["pass"], words["doubled"], words["redoubled"],
             *words["seats"].values(), *words["sides"].values(), "A", "K", "Q", "J", "T"}
    found |= {words["nt"] + d for d in ("X", "XX")}
    found.update(languages())
    for name in names:  # players, events, sections: what the club and the director named
        found.update(name.split())
    return sorted(found)


class Walk:
    """Screens checked in the pseudo-language, and how many texts were."""

    def __init__(self, page: Page, names: Iterable[str] = ()) -> None:
        self.page = page
        self.allowed = allowed_words(names)
        self.screens: list[str] = []
        self.checked = 0

    async def check(self, screen: str) -> None:
        found = await self.page.evaluate(CHECK, self.allowed)
        outside = found["outside"]
        assert outside == [], f"{screen}: text outside the catalogs: {outside[:10]}"
        self.screens.append(screen)
        self.checked += found["checked"]


async def in_pseudo_language(context: BrowserContext, url: str) -> None:
    """The director's pages of `url` made in the pseudo-language from now on, as a director's
    choice would make them (the cookie language_choice.html sets)."""
    await context.add_cookies([{"name": COOKIE, "value": PSEUDO, "url": url}])
