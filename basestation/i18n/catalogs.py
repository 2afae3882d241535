"""The catalogs built from the sources, with Babel's own APIs: extract the messages into
locale/messages.pot, update each language's messages.po from it, compile messages.mo, and
write one JSON catalog per language for the browser pages (web/static/i18n/<code>.json),
with the pseudo-language's. The published website's words are a domain of their own
(locale/site.pot, <code>/LC_MESSAGES/site.po and .mo), extracted from its Jinja2 templates
and formats/website.py, so that the pad's catalog and the site's never collide.
`scripts/catalogs.sh` runs all of it; the suite checks that what is committed is what it
makes (tests/i18n/test_catalogs.py).
"""

from __future__ import annotations

import gettext
import io
import json
import re
import string
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from basestation.i18n import (
    LOCALE,
    PSEUDO,
    PSEUDO_TAG,
    SOURCE,
    autonym,
    bridge_words,
    shipped,
)
from basestation.station.refusals import MESSAGES as REFUSAL_MESSAGES

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE / "messages.pot"
BROWSER = ROOT / "basestation" / "web" / "static" / "i18n"
STATIC = ROOT / "basestation" / "web" / "static"
# Where the words for people are: the pages' scripts (not the vendored libraries) and the
# director's pages' templates (the pad's page is plain HTML, its words put in by padtext.js).
METHODS = [
    ("basestation/web/static/vendor/**", "ignore"),
    ("basestation/web/static/**.js", "javascript"),
    ("basestation/web/static/pad.html", "ignore"),
    ("basestation/web/static/**.html", "jinja2.ext:babel_extract"),
]
TEMPLATE_OPTIONS = {"basestation/web/static/**.html": {"trimmed": "true"}}
# n_(singular, plural, n, values) in the scripts; gettext and ngettext in the templates
KEYWORDS: dict[str, Any] = {"_": None, "n_": (1, 2), "gettext": None, "ngettext": (1, 2)}
REFUSALS = "basestation/station/refusals.py"  # the refusals' sentences, by key (MESSAGES)
PAD = "pad.js"  # the pad's page script: its catalog holds the words of its modules only
CONSOLE = "console"  # the director's pages' catalogs: BROWSER/console/<code>.json
MESSAGES, SITE = "messages", "site"  # the domains: the pages' scripts, the published website
SITE_TEMPLATE = LOCALE / f"{SITE}.pot"
# The website's words: its templates (Jinja2's extractor, trimmed as website.py renders
# them) and the words website.py puts together itself.
SITE_SOURCES = [("basestation/formats/site/*.html", "jinja2.ext:babel_extract"),
                ("basestation/formats/website.py", "python")]
SITE_KEYWORDS: dict[str, Any] = {"_": None, "gettext": None, "ngettext": (1, 2)}
SITE_OPTIONS = {"trimmed": "true"}
COMMENTS = ["TRANSLATORS:"]
# The template's date, fixed: a catalog changes only when its messages do.
DATE = datetime(2026, 1, 1, tzinfo=UTC)


def extract(root: Path = ROOT) -> Catalog:
    """The messages of the sources, as a template."""
    template = Catalog(project="basestation", version="1", msgid_bugs_address="", fuzzy=False,
                       creation_date=DATE, revision_date=DATE,
                       header_comment="# The messages of the station's pages, extracted from "
                                      "the sources by scripts/catalogs.sh.")
    found = extract_from_dir(str(root), METHODS, TEMPLATE_OPTIONS, KEYWORDS, COMMENTS,
                             strip_comment_tags=True)
    for filename, lineno, extracted, comments, context in found:
        # A plural: singular and plural, as a catalog reads them.
        message = extracted if isinstance(extracted, str) else tuple(extracted)
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    for key, text in refusal_sentences().items():
        template.add(text, None, [(REFUSALS, 0)], auto_comments=[f"refusal: {key}"])
    return template


def refusal_sentences() -> dict[str, str]:
    """The refusals' English sentences by key, less those that are only a placeholder
    (`{problem}`: its value is a sentence, or a phrase, of its own)."""
    return {key: text for key, text in REFUSAL_MESSAGES.items()
            if any(c.isalpha() for c in re.sub(r"\{\w+\}", "", text))}


IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([\w.-]+\.js)["']""")
SCRIPT = re.compile(r"""<script[^>]*\bsrc=["']/static/([\w.-]+\.js)["']""")


def scripts_of(entries: Iterable[str]) -> set[str]:
    """The page scripts `entries` import, themselves included, as catalog locations."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        path = STATIC / name
        if name in seen or not path.is_file():
            continue
        seen.add(name)
        todo.extend(IMPORT.findall(path.read_text("utf-8")))
    return {f"basestation/web/static/{name}" for name in seen}


def pad_sources() -> set[str]:
    """Where the pad's words are: its script and the modules it imports."""
    return scripts_of([PAD])


def console_sources() -> set[str]:
    """Where the director's pages' words are: their templates, the scripts they load and
    what those import, and the refusals' sentences."""
    pages = [p for p in sorted(STATIC.glob("*.html")) if p.name != "pad.html"]
    entries = [name for p in pages for name in SCRIPT.findall(p.read_text("utf-8"))]
    return {*(f"basestation/web/static/{p.name}" for p in pages), *scripts_of(entries), REFUSALS}


def extract_site(root: Path = ROOT) -> Catalog:
    """The published website's messages, as a template of their own domain."""
    template = Catalog(project="basestation", version="1", msgid_bugs_address="", fuzzy=False,
                       creation_date=DATE, revision_date=DATE,
                       header_comment="# The messages of the published website, extracted "
                                      "from its templates by scripts/catalogs.sh.")
    for pattern, method in SITE_SOURCES:
        for path in sorted(root.glob(pattern)):
            name = path.relative_to(root).as_posix()
            for lineno, extracted, comments, context in extract_from_file(
                    method, str(path), SITE_KEYWORDS, COMMENTS, SITE_OPTIONS,
                    strip_comment_tags=True):
                message = extracted if isinstance(extracted, str) else tuple(extracted)
                template.add(message, None, [(name, lineno)], auto_comments=comments,
                             context=context)
    return template


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def catalog_path(code: str, domain: str = MESSAGES) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{domain}.po"


def read(code: str, domain: str = MESSAGES) -> Catalog:
    with catalog_path(code, domain).open("rb") as f:
        return read_po(f, locale=code, domain=domain)


def translated() -> list[str]:
    """The shipped languages that have a catalog (all but English)."""
    return [code for code in shipped() if code != SOURCE]


def updated(code: str, template: Catalog, domain: str = MESSAGES) -> Catalog:
    """A language's catalog with the template's messages: new ones empty, gone ones dropped."""
    path = catalog_path(code, domain)
    if path.is_file():
        catalog = read(code, domain)
    else:  # a new language: its directory and bridge.json are there, its catalog is made here
        catalog = Catalog(locale=code, project="basestation", version="1", fuzzy=False,
                          creation_date=DATE, revision_date=DATE)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.version, catalog.revision_date = "1", DATE
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "the basestation project (checked by no native speaker yet)"
    return catalog


def plural_categories(code: str) -> list[str]:
    """The CLDR category (Intl.PluralRules' name) of each of the catalog's plural forms."""
    count, expression = get_plural(code)
    formula = gettext.c2py(expression)
    rule = Locale.parse(code).plural_form
    names: list[str | None] = [None] * count
    for n in [*range(200), 1000, 10**6]:
        index = formula(n)
        if names[index] is None:
            names[index] = rule(n)
    return [name or "other" for name in names]


def browser_catalog(code: str, catalog: Catalog | None, template: Catalog,
                    sources: set[str] | None = None) -> dict[str, Any]:
    """One language's JSON for the browser: its bridge words, the languages a page offers,
    and the messages of `sources` (a plural one by CLDR category: Intl.PluralRules
    chooses). The director's pages' catalog also has the refusals' sentences by key."""
    messages: dict[str, Any] = {}
    tag = code
    wanted = pad_sources() if sources is None else sources

    def used(m: Any) -> bool:
        return any(filename in wanted for filename, _ in m.locations)

    if code == PSEUDO:
        tag = PSEUDO_TAG
        for m in template:
            ids = forms(m.id)
            if ids and ids[0] and used(m):
                marked = [f"[~{text}~]" for text in ids]
                messages[ids[0]] = ({"one": marked[0], "other": marked[-1]} if m.pluralizable
                                    else marked[0])
    elif catalog is not None:
        categories = plural_categories(code)
        for m in catalog:
            ids, strings = forms(m.id), forms(m.string)
            if not ids or not ids[0] or not strings or not all(strings) or m.fuzzy:
                continue  # the English shows until it is translated
            if not used(m):
                continue
            if not m.pluralizable:
                messages[ids[0]] = strings[0]
            elif len(strings) == len(categories):
                by_category = dict(zip(categories, strings, strict=True))
                by_category.setdefault("other", strings[-1])
                messages[ids[0]] = by_category
    languages = {c: autonym(c) for c in shipped()}
    bridge = {k: v for k, v in bridge_words(code).items() if k != "source"}
    found: dict[str, Any] = {"lang": code, "tag": tag, "languages": languages,
                             "bridge": bridge, "messages": messages}
    if REFUSALS in wanted:  # a refusal's {key, values} put into the page's words
        sentences = refusal_sentences()
        found["messages"] = {m: said for m, said in messages.items()
                             if m not in sentences.values() or any(
                                 f != REFUSALS for f, _ in template[m].locations)}
        found["refusals"] = {key: messages.get(text, text)
                             for key, text in REFUSAL_MESSAGES.items()}
    return found


def json_text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def build(template: Catalog | None = None,
          site: Catalog | None = None) -> dict[Path, bytes]:
    """Every file the catalogs are made of, by path: the templates, each language's .po and
    .mo of each domain, each language's JSON and the pseudo-language's."""
    template = template or extract()
    site = site or extract_site()
    console = console_sources()
    files: dict[Path, bytes] = {TEMPLATE: po_text(template), SITE_TEMPLATE: po_text(site)}
    for code in translated():
        site_catalog = updated(code, site, SITE)
        files[catalog_path(code, SITE)] = po_text(site_catalog)
        files[catalog_path(code, SITE).with_suffix(".mo")] = mo_bytes(site_catalog)
    for code in translated():
        catalog = updated(code, template)
        files[catalog_path(code)] = po_text(catalog)
        files[catalog_path(code).with_suffix(".mo")] = mo_bytes(catalog)
        files[BROWSER / f"{code}.json"] = json_text(
            browser_catalog(code, catalog, template)).encode()
        files[BROWSER / CONSOLE / f"{code}.json"] = json_text(
            browser_catalog(code, catalog, template, console)).encode()
    for code in (SOURCE, PSEUDO):
        files[BROWSER / f"{code}.json"] = json_text(browser_catalog(code, None, template)).encode()
        files[BROWSER / CONSOLE / f"{code}.json"] = json_text(
            browser_catalog(code, None, template, console)).encode()
    return files


def write(files: dict[Path, bytes]) -> list[Path]:
    """The files written, those that changed only."""
    changed = []
    for path, content in files.items():
        if path.is_file() and path.read_bytes() == content:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        changed.append(path)
    return changed


def forms(value: object) -> list[str]:
    """A message's id or string as a list: one text, or a plural's forms."""
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, tuple | list) else []


def problems(catalog: Catalog) -> Iterable[str]:
    """What keeps a catalog from shipping: empty or fuzzy entries, placeholders that differ
    from the English, a plural without all its language's forms."""
    count = get_plural(str(catalog.locale))[0]
    for m in catalog:
        if not m.id:
            continue
        name = forms(m.id)[0]
        strings = forms(m.string) or [""]
        if m.fuzzy:
            yield f"{name!r}: fuzzy"
        if m.pluralizable and len(strings) != count:
            yield f"{name!r}: {len(strings)} plural forms, not {count}"
        if any(not s for s in strings):
            yield f"{name!r}: not translated"
            continue
        wanted = placeholders(forms(m.id)[-1])
        for s in strings:
            if placeholders(s) != wanted:
                yield f"{name!r}: placeholders {sorted(placeholders(s))} not {sorted(wanted)}"


PERCENT = re.compile(r"%\(\w+\)s|%%")  # a template's %(name)s, and its escaped %


def placeholders(text: str) -> set[str]:
    """The {names} (a script's) or %(names)s (a template's) a message fills in."""
    if PERCENT.search(text):
        return set(PERCENT.findall(text))
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def main() -> None:
    changed = write(build())
    for path in changed:
        print(f"catalogs: wrote {path.relative_to(ROOT)}")
    for code in translated():  # the first few of each catalog's, for its translator
        for domain in (MESSAGES, SITE):
            found = list(problems(read(code, domain)))
            for problem in found[:5]:
                print(f"catalogs: {code} {domain}: {problem}")
            if len(found) > 5:
                print(f"catalogs: {code} {domain}: ... {len(found)} problems in all")


if __name__ == "__main__":
    main()
