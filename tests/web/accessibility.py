"""axe-core (shipped by the axe-playwright-python package) run on a page: the serious and
critical violations, as lines a failing assertion shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axe_playwright_python.base import AXE_FILE_PATH
from playwright.async_api import Page

# Run as the test's own evaluation: the pages' Content-Security-Policy refuses an inline
# <script> tag, which is how Playwright would add a script from a file.
AXE = Path(AXE_FILE_PATH).read_text(encoding="utf-8") + "\n;true"


async def serious_violations(page: Page) -> list[str]:
    if not await page.evaluate("typeof axe !== 'undefined'"):
        await page.evaluate(AXE)
    found: dict[str, Any] = await page.evaluate(
        "axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + ", ".join(str(n["target"]) for n in v["nodes"][:5])
            for v in found["violations"] if v["impact"] in ("serious", "critical")]
