"""The pages' words in the club's and each pad's language: gettext catalogs kept with Babel
(catalogs.py builds them), and the bridge words of each language as data (bridge.json).

A language is shipped when its directory under locale/ has its bridge words: English, the
language of the sources, needs no catalog; every other language has LC_MESSAGES/messages.po.
"""

from __future__ import annotations

import gettext
import json
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.support import Translations

LOCALE = Path(__file__).parent / "locale"
SOURCE = "en"  # the language the sources are written in: its catalog is the msgids
PSEUDO = "xx"  # the suite's pseudo-language: every message marked, never offered to people
PSEUDO_TAG = "en-XA"  # the pseudo-language's BCP 47 tag, for `lang` and Intl


def shipped() -> list[str]:
    """The languages a club or a pad may choose, English first."""
    found = sorted(p.name for p in LOCALE.iterdir() if (p / "bridge.json").is_file())
    return [SOURCE, *(code for code in found if code != SOURCE)]


@cache
def bridge_words(language: str) -> dict[str, Any]:
    """The bridge words of a language: no trump, seat and side letters, pass, doubled and
    redoubled (the suits are always the symbols). The pseudo-language writes English's."""
    code = SOURCE if language == PSEUDO else language
    words: dict[str, Any] = json.loads((LOCALE / code / "bridge.json").read_text("utf-8"))
    return words


def tag(code: str) -> str:
    """A language's BCP 47 tag, for a page's `lang`."""
    return PSEUDO_TAG if code == PSEUDO else code


class Pseudo(gettext.NullTranslations):
    """The suite's pseudo-language: every message marked, so that a word outside the
    catalogs shows."""

    def gettext(self, message: str) -> str:
        return f"[~{message}~]"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"[~{msgid1 if n == 1 else msgid2}~]"


@cache
def translations(code: str, domain: str) -> gettext.NullTranslations:
    """A language's compiled messages of one domain (made once): English is the messages
    themselves, the pseudo-language marks them."""
    if code == PSEUDO:
        return Pseudo()
    if code == SOURCE:
        return gettext.NullTranslations()
    return Translations.load(str(LOCALE), [code], domain=domain)


def autonym(code: str) -> str:
    """A language's own name, as its speakers write it at the start of a line."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]
