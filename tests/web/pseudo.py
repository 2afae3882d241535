"""The pseudo-language walk (issue 52): on a page made in the pseudo-language, every text a
person can see or hear (text nodes, accessible names, placeholders, the title), less what the
pseudo-language marked, must be numbers, signs, bridge symbols, bridge words of the
language's table, card ranks, the languages' own names or names a test allows (players,
events, sections). Shared by the pad's walk and the director's pages' walks, with `said`: a
message as a page of a given language says it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from babel import Locale
from playwright.async_api import BrowserContext, Page

from basestation.i18n import PSEUDO, bridge_words
from basestation.i18n.catalogs import BROWSER, CONSOLE
from basestation.web.language import COOKIE

# The texts under `roots` (the whole page with its title, or a panel's elements), less what
# is under `skip`.
CHECK = """([roots, skip, allowed]) => {
  const strip = (text) => {
    let before;
    do { before = text; text = text.replace(/\\[~(?:(?!\\[~)[\\s\\S])*?~\\]/g, " "); }
    while (text !== before);
    return text;
  };
  const skipped = (el) => skip.some((s) => el.closest(s));
  const texts = roots.includes("body") ? [document.title] : [];
  for (const root of document.querySelectorAll(roots.join(","))) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode.textContent;
      const el = walker.currentNode.parentElement;
      if (!text.trim() || skipped(el)) continue;
      if ((el.closest("select") || el).checkVisibility()) texts.push(text);
    }
    for (const el of [root, ...root.querySelectorAll("[aria-label], [placeholder], [title]")]) {
      if (skipped(el) || !el.checkVisibility()) continue;
      for (const name of ["aria-label", "placeholder", "title"]) {
        if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
      }
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

    def __init__(self, page: Page, names: Iterable[str] = (), skip: Iterable[str] = ()) -> None:
        self.page = page
        self.allowed = allowed_words(names)
        self.skip = list(skip)
        self.screens: list[str] = []
        self.checked = 0

    async def check(self, screen: str, roots: Iterable[str] = ()) -> None:
        """The whole page, or only the elements of `roots` (which must hold some text)."""
        panels = list(roots)
        found = await self.page.evaluate(CHECK, [panels or ["body"], self.skip, self.allowed])
        outside = found["outside"]
        assert outside == [], f"{screen}: text outside the catalogs: {outside[:10]}"
        assert found["checked"] > 0 or not panels, screen
        self.screens.append(screen)
        self.checked += found["checked"]

    def report(self, what: str) -> None:
        """The walk's count of screens and texts, printed for the closing note's figures."""
        print(f"pseudo-language walk, {what}: {len(self.screens)} screens, "
              f"{self.checked} texts checked")


async def in_pseudo_language(context: BrowserContext, url: str) -> None:
    """The director's pages of `url` made in the pseudo-language from now on, as a director's
    choice would make them (the cookie language_choice.html sets)."""
    await context.add_cookies([{"name": COOKIE, "value": PSEUDO, "url": url}])


def said(code: str, message: str, n: int | None = None, *, pad: bool = False,
         **values: Any) -> str:
    """`message` as the director's pages (or the pad) say it in language `code`, filled as
    i18n.js fills it (a plural by `n`); the English where the catalog has none."""
    path = BROWSER / f"{code}.json" if pad else BROWSER / CONSOLE / f"{code}.json"
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    text = data["messages"].get(message, message)
    if not isinstance(text, str):  # a plural: its form for `n`, else the "other"
        text = text["other"] if n is None else text.get(Locale.parse(code).plural_form(n),
                                                        text["other"])
    if n is not None:
        values["n"] = n
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), text)
