"""Pairing x two events on one broker (deploy/INSTALL.md, section 6): a unit number whose broker
login is another event's is refused on the console, with the reason and INSTALL's advice (each
event its own unit numbers), and nothing is paired; a free number pairs as ever. The shipped
broker with its dynamic-security plugin, the station its admin; the grid in real Chromium."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiomqtt
import pytest
from playwright.async_api import Browser, expect

from tests.deploy.conftest import (
    DIRECTOR_PASSWORD,
    STATION_PASSWORD,
    STATION_USER,
    secured_club,
)
from tests.web.accessibility import serious_violations
from tests.web.conftest import serve

pytestmark = pytest.mark.integration
CONTROL = "$CONTROL/dynamic-security/v1"


async def other_events_login(port: int, unit: int) -> None:
    """Unit `unit`'s broker login as the second event's station makes it (its role, its
    label), through the plugin, as that station, the broker's other admin, would."""
    role = f"basestation-second-unit-{unit}"
    commands = [{"command": "createRole", "rolename": role, "acls": []},
                {"command": "createClient", "username": f"unit-{unit}", "password": "p" * 24,
                 "textname": f"{role} login 0123456789ab", "roles": [{"rolename": role}],
                 "correlationData": "made"}]
    async with aiomqtt.Client("127.0.0.1", port, username=STATION_USER,
                              password=STATION_PASSWORD, identifier="second-admin") as admin:
        await admin.subscribe(f"{CONTROL}/response", qos=1)
        await admin.publish(CONTROL, json.dumps({"commands": commands}), qos=1)
        async with asyncio.timeout(10):
            async for message in admin.messages:
                answers = json.loads(bytes(message.payload))["responses"]  # type: ignore[arg-type]
                made = [a for a in answers if a.get("correlationData") == "made"]
                if made:
                    assert "error" not in made[0], made
                    return


async def test_pairing_x_another_events_unit_is_refused_on_the_console(
        tmp_path: Path, browser: Browser) -> None:
    async with secured_club(tmp_path) as club:
        await other_events_login(club.station_port, 5)
        async for url in serve(club.station):
            page = await browser.new_page(viewport={"width": 1366, "height": 768})
            await page.goto(url + "/")
            await page.get_by_label("Password").fill(DIRECTOR_PASSWORD)
            await page.get_by_role("button", name="Log in").click()
            pairing = page.locator("#pair")
            await pairing.get_by_label("Unit").fill("5")
            await pairing.get_by_role("button", name="Pair the unit").click()
            message = page.locator("#message")
            await expect(message).to_contain_text(
                "Unit 5 is another event's on this broker (station second)", timeout=20000)
            await expect(message).to_contain_text(
                "Give each event its own unit numbers (say 1-99 and 101-199; "
                "deploy/INSTALL.md, section 6)")
            assert 5 not in club.station.units
            assert await serious_violations(page) == []
            # A number of this event's own pairs as ever.
            await pairing.get_by_label("Unit").fill("20")
            await pairing.get_by_role("button", name="Pair the unit").click()
            await expect(page.locator("#pair-link")).to_be_visible(timeout=20000)
            assert 20 in club.station.units
            await page.close()
