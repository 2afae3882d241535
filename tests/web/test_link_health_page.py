"""The grid when a link to the pads fails: mosquitto killed and started again, a radio
receiver (a pty pair) unplugged and plugged back. Within 5 s the page says so across the top
and in the alerts, the tables on that link are out of contact in the grid and the table dialog,
and it all clears when the link is back. Real Chromium, found by role and label; axe-core."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Ack, Login
from tests.integration.test_link_health import receiver_at_table
from tests.pads import MqttPad
from tests.servers import free_port, run_mosquitto
from tests.web.accessibility import serious_violations
from tests.web.conftest import login, screenshot, serve

pytestmark = pytest.mark.integration


@contextlib.asynccontextmanager
async def grid_page(browser: Browser, station: Station) -> AsyncIterator[Page]:
    async for url in serve(station):
        page = await browser.new_page(viewport={"width": 1024, "height": 768})
        await page.goto(url + "/")
        await login(page)
        try:
            yield page
        finally:
            await page.close()


def table_head(page: Page, number: int) -> Any:
    return page.locator("#section-A").get_by_role("rowheader").filter(
        has_text=re.compile(rf"^{number}"))


async def open_table(page: Page, number: int) -> Any:
    await table_head(page, number).click()
    dialog = page.get_by_role("dialog", name=f"Table A{number}")
    await expect(dialog).to_be_visible()
    return dialog


async def test_the_grid_says_the_broker_is_lost_and_back(make_station: Any,
                                                         browser: Browser) -> None:
    port = free_port()
    with contextlib.ExitStack() as broker:
        broker.enter_context(run_mosquitto(port=port))
        station: Station = await make_station(mqtt_port=port)
        async with MqttPad(port, "club", 17) as pad:
            assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        async with grid_page(browser, station) as page:
            banner = page.get_by_role("alert", name="Links to the pads")
            await expect(table_head(page, 1)).to_contain_text("logged in")
            await expect(banner).to_be_hidden()

            broker.close()  # mosquitto killed
            await expect(banner).to_contain_text(re.compile(
                r"Lost the connection to the MQTT broker at \d\d:\d\d: the tables on it are "
                r"out of contact \(A1\)\."), timeout=5000)
            await expect(table_head(page, 1)).to_contain_text("out of contact")
            assert await table_head(page, 1).get_attribute("data-state") == "link_lost"
            alert = page.locator("#alerts li[data-kind=link_down]")
            await expect(alert).to_contain_text("Lost the connection to the MQTT broker")
            await expect(page.locator("#alert-counts")).to_contain_text("1 link down")
            dialog = await open_table(page, 1)
            await expect(dialog).to_contain_text("unit 17, out of contact")
            await expect(dialog).to_contain_text("the tables on it are out of contact")
            await screenshot(page, "link-broker-lost")
            assert await serious_violations(page) == []
            await dialog.get_by_role("button", name="Close").click()

            broker.enter_context(run_mosquitto(port=port))  # started again
            await expect(banner).to_be_hidden(timeout=15000)
            await expect(table_head(page, 1)).to_contain_text("logged in")
            await expect(page.locator("#alerts li[data-kind=link_down]")).to_have_count(0)
            await expect(page.locator("#alerts li[data-kind=link_back]")).to_contain_text(
                "The connection to the MQTT broker is back")


async def test_the_grid_says_the_receiver_is_unplugged(make_station: Any, browser: Browser,
                                                       tmp_path: Path) -> None:
    async with receiver_at_table(make_station, 31, 3, tmp_path) as receiver, \
            grid_page(browser, receiver.station) as page:
        banner = page.get_by_role("alert", name="Links to the pads")
        await expect(table_head(page, 3)).to_contain_text("logged in")
        receiver.unplug()
        await expect(banner).to_contain_text(
            f"The radio receiver on {receiver.port} is unplugged", timeout=5000)
        await expect(banner).to_contain_text("the tables on it are out of contact (A3).")
        dialog = await open_table(page, 3)
        await expect(dialog).to_contain_text("unit 31, out of contact")
        assert await serious_violations(page) == []
        await dialog.get_by_role("button", name="Close").click()
        receiver.plug_back()
        await expect(banner).to_be_hidden(timeout=15000)
        await expect(table_head(page, 3)).to_contain_text("logged in")
