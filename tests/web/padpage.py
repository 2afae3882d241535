"""What players do on the browser pad page, for the pad tests."""

from __future__ import annotations

import re

from playwright.async_api import Page
from playwright.async_api import TimeoutError as PlaywrightTimeout


async def log_in(page: Page, table: int, section: str = "A") -> None:
    await page.get_by_label("Section").fill(section)
    await page.get_by_label("Table").fill(str(table))
    await page.get_by_role("button", name="Log in").click()
    await page.wait_for_selector("body[data-state=play]")


async def type_numbers(page: Page, numbers: dict[str, str]) -> None:
    """Fills the players screen's numbers by seat ("North": "10234") and sends them."""
    for seat, number in numbers.items():
        await page.get_by_role("textbox", name=seat, exact=True).fill(number)
    await page.get_by_role("button", name="Send numbers").click()


async def seat_players(page: Page, numbers: dict[str, str]) -> None:
    """Answers the round's players screen with club numbers and confirms the names found."""
    await type_numbers(page, numbers)
    await page.get_by_role("region", name="Is this who is playing?").get_by_role(
        "button", name="Yes, play").click()


SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"}
CONTRACT = re.compile(r"^([1-7])(NT|C|D|H|S)(XX|X)?$")


def result_mark(level: int, tricks: int) -> str:
    """"=", "+1", "-2": the result key for `tricks` taken in a contract of `level`."""
    diff = tricks - level - 6
    return "=" if diff == 0 else f"{diff:+d}"


async def press(page: Page, group: str, key: str) -> None:
    """Presses a key of a group of the entry form (by their accessible names)."""
    keys = page.get_by_role("group", name=group, exact=True)
    await keys.get_by_role("button", name=key, exact=True).click()


async def press_entry(page: Page, contract: str, declarer: str | None = None,
                      tricks: int | None = None, lead: str | None = None) -> None:
    """Presses the keys of a result ("4S", "3NTX", "PASS"; tricks taken; lead "HK")."""
    if contract == "PASS":
        await press(page, "Level", "Pass")
        return
    found = CONTRACT.match(contract)
    assert found, contract
    level, strain, doubling = int(found[1]), found[2], found[3]
    await press(page, "Level", str(level))
    await press(page, "Suit", SUITS[strain])
    if doubling:
        await press(page, "Doubled", "Double" if doubling == "X" else "Redouble")
    if declarer:
        await press(page, "Declarer", SEATS[declarer])
    if tricks is not None:
        if await page.locator("#result").get_attribute("data-by") == "tricks":
            await press(page, "Tricks taken", str(tricks))
        else:
            await press(page, "Result", result_mark(level, tricks))
    if lead:
        await press(page, "Lead: suit", SUITS[lead[0]])
        await press(page, "Lead: card", lead[1:])


async def enter(page: Page, contract: str, declarer: str | None = None,
                tricks: int | None = None, lead: str | None = None) -> int:
    """Presses a result's keys for the board chosen (the first still to play, unless the test
    chose another), sends it, and East-West accept it."""
    board = int((await page.get_by_label("Board", exact=True).input_value()).split("/")[1])
    await press_entry(page, contract, declarer, tricks, lead)
    await page.get_by_role("button", name="Send").click()
    await page.get_by_role("button", name="Accept").click()
    return board


async def stored(page: Page, round_: int, board: int, *, table: int | None = None) -> None:
    """The station has acknowledged the board (in the pad's memory). With `table`, a pad
    that moves with its pair may already have left that table (every board of its round
    acknowledged) and hold the next table's results instead: that counts too."""
    moved = "false" if table is None else f"pad.mem.table !== {table}"
    try:
        await page.wait_for_function(
            f"() => pad.mem.entries['{round_}/{board}']?.acked === true || {moved}",
            timeout=20000)
    except PlaywrightTimeout:
        # What the pad held and showed, for the failure's report.
        held = await page.evaluate("() => JSON.stringify(pad.mem.entries)")
        state = await page.evaluate("() => document.body.dataset.state")
        shown = (await page.locator("body").inner_text())[:600]
        raise AssertionError(f"board {board} of round {round_} not acknowledged in 20 s; "
                             f"state {state}; entries {held}; showing: {shown}") from None
