"""The pages' static parts agree with the code they front."""

from __future__ import annotations

import re

from basestation.movements import KINDS
from basestation.scoring.event_formats import FORMATS
from basestation.web.pages import STATIC


def test_the_movement_dialog_offers_every_kind() -> None:
    html = (STATIC / "grid.html").read_text(encoding="utf-8")
    select = re.search(r'<select name="movement">(.*?)</select>', html, re.S)
    assert select is not None
    assert sorted(re.findall(r'<option value="([\w-]+)">', select.group(1))) == sorted(KINDS)


def test_the_setup_page_offers_every_event_format() -> None:
    html = (STATIC / "setup.html").read_text(encoding="utf-8")
    select = re.search(r'<select name="format">(.*?)</select>', html, re.S)
    assert select is not None
    assert re.findall(r'<option value="([\w-]+)">', select.group(1)) == list(FORMATS)


# The browser code: ES modules with explicit imports, nothing shared through globals.
IMPORT = re.compile(r'^import (?:\{([^}]*)\}|\* as \w+) from "\./([\w.]+)";', re.M)
EXPORTED = re.compile(r"^export (?:async )?(?:function|const|let|class) (\w+)", re.M)
EXPORT_LIST = re.compile(r"^export \{([^}]*)\}", re.M)
VENDORED = {f"/static/vendor/{name}" for name in ("qrcode.js", "sha256.min.js")}


def modules() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in STATIC.glob("*.js")}


def exports(source: str) -> set[str]:
    names = set(EXPORTED.findall(source))
    for listed in EXPORT_LIST.findall(source):
        names |= {name.strip() for name in listed.split(",") if name.strip()}
    return names


def test_every_page_loads_its_own_scripts_as_modules() -> None:
    """A page's own scripts are `type="module"`; only the vendored libraries, copied unchanged,
    are classic scripts (each sets one global: qrcode, sha256, mqtt)."""
    for page in STATIC.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<script[^>]*>", html):
            source = re.search(r'src="([^"]+)"', tag)
            assert source, f"{page.name}: an inline script ({tag})"
            if source.group(1) in VENDORED:
                assert "defer" in tag, f"{page.name}: {tag} runs before the page is read"
            else:
                assert 'type="module"' in tag, f"{page.name}: {tag} is a classic script"


def test_every_import_is_exported_and_there_is_no_circle() -> None:
    found = modules()
    edges: dict[str, set[str]] = {name: set() for name in found}
    for name, source in found.items():
        assert '"use strict"' not in source, f"{name}: a module is strict already"
        for names, target in IMPORT.findall(source):
            assert target in found, f"{name} imports {target}, which is not there"
            edges[name].add(target)
            missing = {n.split(" as ")[0].strip() for n in names.split(",")
                       if n.strip()} - exports(found[target])
            assert not missing, f"{name} imports {missing} that {target} does not export"

    def circle(start: str, path: tuple[str, ...]) -> tuple[str, ...] | None:
        for target in sorted(edges[start]):
            if target in path:
                return (*path[path.index(target):], target)
            found_circle = circle(target, (*path, target))
            if found_circle:
                return found_circle
        return None

    for name in found:
        assert circle(name, (name,)) is None, " -> ".join(circle(name, (name,)) or ())
