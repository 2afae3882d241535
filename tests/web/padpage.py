"""What players do on the browser pad page, for the pad tests."""

from __future__ import annotations

from playwright.async_api import Page


async def log_in(page: Page, table: int, section: str = "A") -> None:
    await page.get_by_label("Section").fill(section)
    await page.get_by_label("Table").fill(str(table))
    await page.get_by_role("button", name="Log in").click()
    await page.wait_for_selector("body[data-state=play]")


async def type_numbers(page: Page, numbers: dict[str, str]) -> None:
    """Fills the players screen's numbers by seat ("North": "10234") and sends them."""
    for seat, number in numbers.items():
        await page.get_by_label(seat, exact=True).fill(number)
    await page.get_by_role("button", name="Send numbers").click()


async def seat_players(page: Page, numbers: dict[str, str]) -> None:
    """Answers the round's players screen with club numbers and confirms the names found."""
    await type_numbers(page, numbers)
    await page.get_by_role("region", name="Is this who is playing?").get_by_role(
        "button", name="Yes, play").click()


async def enter(page: Page, contract: str, declarer: str | None = None,
                tricks: int | None = None, lead: str | None = None) -> int:
    """Types a result for the board chosen (the first still to play, unless the test chose
    another), sends it, and East-West accept it."""
    board = int((await page.get_by_label("Board").input_value()).split("/")[1])
    await page.get_by_label("Contract").fill(contract)
    await page.get_by_label("Declarer").select_option(declarer or "")
    await page.get_by_label("Tricks").fill("" if tricks is None else str(tricks))
    await page.get_by_label("Lead").fill(lead or "")
    await page.get_by_role("button", name="Send").click()
    await page.get_by_role("button", name="Accept").click()
    return board


async def stored(page: Page, round_: int, board: int) -> None:
    """The station has acknowledged the board (in the pad's memory)."""
    await page.wait_for_function(f"pad.mem.entries['{round_}/{board}']?.acked === true",
                                 timeout=20000)
