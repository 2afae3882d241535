"""The grid page asks for every module it imports at once (modulepreload), not level by level
as the browser finds the imports: a congress grid's first paint waits on the deepest one."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "basestation" / "web" / "static"
IMPORT = re.compile(r'(?:import|export)[^;"]*?from\s+"\./([\w.]+)"', re.S)


def imported(start: str) -> set[str]:
    found: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        for module in IMPORT.findall((STATIC / name).read_text()):
            if module not in found:
                found.add(module)
                todo.append(module)
    return found


def test_the_grid_page_preloads_every_module_it_imports() -> None:
    page = (STATIC / "grid.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/([\w.]+)">', page))
    modules = imported("grid.js")
    assert "padwords.js" in modules  # four imports deep
    assert modules - preloaded == set(), "add these to grid.html's modulepreload links"
    assert preloaded - modules - {"grid.js"} == set(), "grid.js no longer imports these"
