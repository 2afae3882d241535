"""The pages' words in the club's and each pad's language: gettext catalogs kept with Babel
(catalogs.py builds them), and the bridge words of each language as data (bridge.json).

A language is shipped when its directory under locale/ has its bridge words: English, the
language of the sources, needs no catalog; every other language has LC_MESSAGES/messages.po.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LOCALE = Path(__file__).parent / "locale"
SOURCE = "en"  # the language the sources are written in: its catalog is the msgids
PSEUDO = "xx"  # the suite's pseudo-language: every message marked, never offered to people


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
