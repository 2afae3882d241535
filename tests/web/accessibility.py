"""axe-core (shipped by the axe-playwright-python package) run on a page: the serious and
critical violations, as lines a failing assertion shows."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.base import AXE_FILE_PATH
from playwright.async_api import Page


async def serious_violations(page: Page) -> list[str]:
    await page.add_script_tag(path=str(AXE_FILE_PATH))
    found: dict[str, Any] = await page.evaluate(
        "axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + ", ".join(str(n["target"]) for n in v["nodes"][:5])
            for v in found["violations"] if v["impact"] in ("serious", "critical")]
