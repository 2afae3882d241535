"""The catalogs are what the sources make (scripts/catalogs.sh was run after the last change),
and every shipped catalog is complete: no empty or fuzzy entry, the English placeholders,
each language's plural forms. Read with Babel's own APIs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural

from basestation.i18n import LOCALE, PSEUDO, SOURCE, bridge_words, shipped
from basestation.i18n.catalogs import (
    BROWSER,
    CONSOLE,
    REFUSALS,
    SITE,
    build,
    console_sources,
    extract,
    extract_site,
    pad_sources,
    plural_categories,
    problems,
    read,
    refusal_sentences,
    translated,
)

PAD = ["nl", "de", "fr", "es", "it", "pl"]


def ids(catalog: object) -> set[object]:
    return {m.id if isinstance(m.id, str) else tuple(m.id)
            for m in catalog if m.id}  # type: ignore[attr-defined]


def test_the_languages_shipped() -> None:
    assert shipped() == ["en", "de", "es", "fr", "it", "nl", "pl"]
    assert set(PAD) <= set(translated())


def test_the_committed_catalogs_are_what_the_sources_make() -> None:
    made = build()
    stale = [str(path.relative_to(LOCALE.parents[1])) for path, content in made.items()
             if not path.is_file() or path.read_bytes() != content]
    assert not stale, f"run scripts/catalogs.sh: {stale} differ from the sources"


def test_every_message_of_the_sources_is_in_every_catalog(tmp_path: Path) -> None:
    wanted = ids(extract())
    assert len(wanted) > 200
    for code in translated():
        assert ids(read(code)) == wanted, code
        with (LOCALE / code / "LC_MESSAGES" / "messages.mo").open("rb") as f:
            assert ids(read_mo(f)) == wanted, code
        browser = json.loads((BROWSER / f"{code}.json").read_text("utf-8"))
        assert set(browser["messages"]) == used_in(pad_sources()), code
        console = json.loads((BROWSER / CONSOLE / f"{code}.json").read_text("utf-8"))
        assert set(console["messages"]) == used_in(console_sources(), refusals=False), code
        assert set(console["refusals"]) >= set(refusal_sentences()), code


def used_in(sources: set[str], *, refusals: bool = True) -> set[str]:
    """The messages (their singular) a page's catalog has: those said in its sources (the
    refusals' sentences apart, in a catalog's own table)."""
    found = set()
    for m in extract():
        files = {f for f, _ in m.locations if refusals or f != REFUSALS}
        if m.id and files & sources:
            found.add(m.id if isinstance(m.id, str) else m.id[0])
    return found


def test_every_message_of_the_website_is_in_every_site_catalog() -> None:
    wanted = ids(extract_site())
    assert len(wanted) > 90
    assert "Board %(board)s" in wanted and "Dealer {dealer}, vulnerable: {vulnerable}" in wanted
    # Apart from the pad's: a word both use may be translated differently in each.
    assert not {m for m in ids(extract()) if "%(" in str(m)}
    for code in translated():
        assert ids(read(code, SITE)) == wanted, code
        with (LOCALE / code / "LC_MESSAGES" / "site.mo").open("rb") as f:
            assert ids(read_mo(f)) == wanted, code


@pytest.mark.parametrize("code", PAD)
def test_a_shipped_catalog_is_complete(code: str) -> None:
    assert list(problems(read(code))) == []


@pytest.mark.parametrize("code", PAD)
def test_a_shipped_site_catalog_is_complete(code: str) -> None:
    assert list(problems(read(code, SITE))) == []


def test_the_check_reads_a_templates_placeholders() -> None:
    catalog = read("fr", SITE)
    board, raw = catalog.get("Board %(board)s"), catalog.get("Raw %%")
    played = catalog.get(("%(played)s of %(num)s session played",
                          "%(played)s of %(num)s sessions played"))
    assert board and raw and played
    board.string, raw.string, played.string = "Donne %(donne)s", "% brut", ("a", "b", "")
    found = list(problems(catalog))
    assert "'Board %(board)s': placeholders ['%(donne)s'] not ['%(board)s']" in found
    assert "'Raw %%': placeholders [] not ['%%']" in found
    assert "'%(played)s of %(num)s session played': not translated" in found


def test_the_check_finds_what_is_missing() -> None:
    catalog = read("nl")
    board = catalog.get("Board {board}")
    board.string = "Spel {bord}"
    waiting = catalog.get(("{n} second", "{n} seconds"))
    waiting.string = ("{n} seconde", "")
    lead = catalog.get("Lead")
    lead.flags.add("fuzzy")
    found = list(problems(catalog))
    assert "'Board {board}': placeholders ['bord'] not ['board']" in found
    assert "'{n} second': not translated" in found
    assert "'Lead': fuzzy" in found


def test_polish_has_three_plural_forms() -> None:
    assert get_plural("pl")[0] == 3
    assert plural_categories("pl") == ["one", "few", "many"]
    forms = read("pl").get(("{n} minute", "{n} minutes")).string
    assert forms == ("{n} minutę", "{n} minuty", "{n} minut")
    browser = json.loads((BROWSER / "pl.json").read_text("utf-8"))
    assert browser["messages"]["{n} minute"] == {"one": "{n} minutę", "few": "{n} minuty",
                                                 "many": "{n} minut", "other": "{n} minut"}


def test_the_pseudo_language_marks_every_message() -> None:
    pseudo = json.loads((BROWSER / f"{PSEUDO}.json").read_text("utf-8"))
    assert pseudo["tag"] == "en-XA" and PSEUDO not in pseudo["languages"]
    for message, said in pseudo["messages"].items():
        for text in ([said] if isinstance(said, str) else said.values()):
            assert text.startswith("[~") and text.endswith("~]"), message
    assert json.loads((BROWSER / f"{SOURCE}.json").read_text("utf-8"))["messages"] == {}


# The bridge words of LANGUAGES.md, as data: no trump, seat letters, sides, pass.
BRIDGE = {
    "en": ("NT", "NESW", ("NS", "EW"), "Pass"),
    "nl": ("SA", "NOZW", ("NZ", "OW"), "Pas"),
    "de": ("SA", "NOSW", ("NS", "OW"), "Passe"),
    "fr": ("SA", "NESO", ("NS", "EO"), "Passe"),
    "es": ("ST", "NESO", ("NS", "EO"), "Paso"),
    "it": ("SA", "NESO", ("NS", "EO"), "Passo"),
    "pl": ("BA", "NESW", ("NS", "EW"), "pas"),
}


@pytest.mark.parametrize("code", sorted(BRIDGE))
def test_the_bridge_words_of_each_language(code: str) -> None:
    words = bridge_words(code)
    nt, seats, sides, pass_ = BRIDGE[code]
    assert words["nt"] == nt and words["pass"] == pass_
    assert "".join(words["seats"][s] for s in "NESW") == seats
    assert (words["sides"]["NS"], words["sides"]["EW"]) == sides
    assert (words["doubled"], words["redoubled"]) == ("X", "XX")
    browser = json.loads((BROWSER / f"{code}.json").read_text("utf-8"))
    assert browser["bridge"] == {k: v for k, v in words.items() if k != "source"}
