"""The grid's controls for a running night: alert thresholds, each section's round clock
and when its pads ask for player numbers, the way back for an orphaned table (withdraw a
takeover, ask its pad to resend), and the links to the other events' consoles."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from typing import Annotated
from urllib.parse import urljoin

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.responses import ConsoleOut, ResendOut, TakeoverOut, ThresholdsOut
from basestation.api.routes.sections import section_of
from basestation.station.views.grid import thresholds_out
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry
from firmware_protocol.messages import RoundRankings

router = APIRouter(prefix="/api", tags=["console"])
Table = Annotated[int, Path(ge=1, le=255)]
ASK_SECONDS = 1.0  # for another console to say its event; the grid waits on it


@router.get("/consoles", response_model=list[ConsoleOut])
async def consoles(station: StationDep) -> list[ConsoleOut]:
    """The other events' consoles ([[console]] in the configuration), each with its link and
    named by the event open there (the configured name when it has none or does not answer
    in time). One given as ":<port>" is on this computer: asked on loopback, and answered
    ":<port>/" for the page to put on the host it was opened by (never built from the
    request's Host header, which whoever asks may set)."""
    links = [(c.name, f"{c.url}/" if c.url.startswith(":") else c.url)
             for c in station.config.consoles]
    asked = [f"http://127.0.0.1{url}" if url.startswith(":") else url for _, url in links]
    events = await asyncio.gather(*(asyncio.to_thread(_open_event, url) for url in asked))
    return [ConsoleOut(name=event or name, url=url)
            for (name, url), event in zip(links, events, strict=True)]


def _open_event(console: str) -> str | None:
    """The name of the event open on another console, from its /api/status; None when none
    is open or it does not answer."""
    base = console if console.endswith("/") else console + "/"
    try:
        with urllib.request.urlopen(urljoin(base, "api/status"),
                                    timeout=ASK_SECONDS) as answer:
            event = json.load(answer).get("event")
    except (OSError, ValueError, AttributeError):
        return None
    return event if isinstance(event, str) and event else None


@router.get("/console/thresholds", response_model=ThresholdsOut)
async def thresholds(read: ReadDep) -> ThresholdsOut:
    """When the grid raises its alerts, and each section's round length if set."""
    return thresholds_out(read.thresholds)


class ThresholdsIn(BaseModel):
    silent_minutes: float | None = Field(default=None, gt=0, le=600)
    bad_mac_run: int | None = Field(default=None, ge=1, le=1000)
    rounds_behind: int | None = Field(default=None, ge=1, le=50)


@router.put("/console/thresholds", dependencies=[Director], response_model=ThresholdsOut)
async def set_thresholds(body: ThresholdsIn, station: StationDep) -> ThresholdsOut:
    """Changes the alert thresholds given; the others stay. They are stored: a restart, and
    the next night, keep them."""
    changes = body.model_dump(exclude_none=True)
    limits = await station.director.set_thresholds(changes)
    return thresholds_out(limits)


class RoundLength(BaseModel):
    minutes: float = Field(gt=0, le=600, description="minutes per round")


@router.put("/sections/{section}/round-minutes", dependencies=[Director],
            response_model=ThresholdsOut)
async def set_round_minutes(section: str, body: RoundLength,
                            station: StationDep) -> ThresholdsOut:
    """The section's round length, for its round clock (stored with the section)."""
    letter = section_of(station, section).letter
    limits = await station.director.set_round_minutes(letter, body.minutes)
    return thresholds_out(limits)


class RoundClock(BaseModel):
    minutes_per_board: float = Field(ge=0, le=60, description="minutes for each board")
    minutes_per_round: float = Field(ge=0, le=120, description="minutes added to each round, "
                                                              "for the move")


@router.put("/sections/{section}/clock", dependencies=[Director], response_model=ThresholdsOut)
async def set_round_clock(section: str, body: RoundClock,
                          station: StationDep) -> ThresholdsOut:
    """The section's round clock: minutes per board plus minutes per round, stored with the
    section; every pad of the section is told its clock again at once."""
    letter = section_of(station, section).letter
    limits = await station.director.set_round_clock(
        letter, body.minutes_per_board, body.minutes_per_round)
    return thresholds_out(limits)


class PlayerNumbers(BaseModel):
    ask: AskPlayers = Field(description="when the section's pads ask the players for their "
                                        "numbers: never, first (the first round a table "
                                        "plays) or every (round)")


@router.put("/sections/{section}/player-numbers", dependencies=[Director])
async def set_player_numbers(section: str, body: PlayerNumbers,
                             station: StationDep) -> PlayerNumbers:
    """When the section's pads ask for player numbers; stored with the section, and the
    pads logged in are told at once."""
    letter = section_of(station, section).letter
    ask = await station.director.set_player_numbers(letter, body.ask)
    return PlayerNumbers(ask=ask)


class ResultEntryIn(BaseModel):
    entry: ResultEntry = Field(description="how the section's pads take a board's result: "
                                           "result (=, +1, -1, as players write it) or "
                                           "tricks (the tricks declarer took)")


@router.put("/sections/{section}/result-entry", dependencies=[Director])
async def set_result_entry(section: str, body: ResultEntryIn,
                           station: StationDep) -> ResultEntryIn:
    """How the section's pads take a board's result; stored with the section, and the pads
    logged in are told at once."""
    letter = section_of(station, section).letter
    entry = await station.director.set_result_entry(letter, body.entry)
    return ResultEntryIn(entry=entry)


class PadsIn(BaseModel):
    pads: PadPlace = Field(description="where the section's pads go: tables (each stays at "
                                       "its table) or ns / ew (each moves with the pair "
                                       "sitting that way at its table in round 1)")


@router.put("/sections/{section}/pads", dependencies=[Director])
async def set_pads(section: str, body: PadsIn, station: StationDep) -> PadsIn:
    """Whether the section's pads stay at their tables or move with the NS or EW pairs
    (players' own phones); refused in a sentence when the movement would put two of those
    pairs at one table, or leave a table without one, in some round. Stored with the
    section, and the pads logged in are told at once."""
    letter = section_of(station, section).letter
    pads = await station.director.set_pads(letter, body.pads)
    return PadsIn(pads=pads)


class RoundRankingsIn(BaseModel):
    after_each_round: bool = Field(description="whether the section's pads show the rankings "
                                               "after each round (else only once published)")
    hide_first: int = Field(default=0, ge=0, le=255,
                            description="the first rounds after which they are not shown")
    hide_last: int = Field(default=0, ge=0, le=255,
                           description="the last rounds after which they are not shown (the "
                                       "finish stays a surprise)")


@router.put("/sections/{section}/rankings", dependencies=[Director])
async def set_round_rankings(section: str, body: RoundRankingsIn,
                             station: StationDep) -> RoundRankingsIn:
    """Whether the section's pads show the rankings after each round, hiding the first and
    last rounds named; stored with the section, and the pads logged in are told at once."""
    letter = section_of(station, section).letter
    wanted = RoundRankings(body.hide_first, body.hide_last) if body.after_each_round else None
    await station.director.set_round_rankings(letter, wanted)
    return body if body.after_each_round else RoundRankingsIn(after_each_round=False)


@router.delete("/sections/{section}/tables/{table}/takeover", dependencies=[Director],
               response_model=TakeoverOut)
async def withdraw_takeover(section: str, table: Table, station: StationDep) -> TakeoverOut:
    """Withdraws a takeover not yet taken: the table's pad keeps it."""
    letter = section.upper()
    await station.director.cancel_takeover(letter, table)
    return TakeoverOut(section=letter, table=table, takeover="withdrawn")


@router.post("/sections/{section}/tables/{table}/resend", dependencies=[Director],
             response_model=ResendOut)
async def resend(section: str, table: Table, station: StationDep) -> ResendOut:
    """Asks the table's pad to re-send every result it holds (after the station lost some,
    or to see whether a silent pad is still there)."""
    letter = section.upper()
    unit = await station.director.resend_table(letter, table)
    return ResendOut(section=letter, table=table, unit=unit, command="resend")
