"""Sessions of the years before, taken into the club's history from the file another scoring
program wrote: NZ Bridge's Scorer XML, USEBIO 1.2 or a PBN file of one game a table
(docs/ARCHITECTURE.md, "The years before")."""

from __future__ import annotations

import asyncio
import datetime as dt

from fastapi import APIRouter, status
from pydantic import BaseModel, Field

from basestation.api.deps import Director, StationDep
from basestation.api.limits import upload
from basestation.formats.past_session import PastFileError, read_past
from basestation.station.refusals import Invalid, said

router = APIRouter(prefix="/api/history", tags=["history"])


class PastFileIn(BaseModel):
    text: str = Field(min_length=1, max_length=6_000_000,
                      description="the file: the Scorer's XML, USEBIO 1.2, or PBN")
    date: dt.date | None = Field(default=None, description="the day it was played, for a "
                                                           "file that does not say")


class ImportedOut(BaseModel):
    event: int
    name: str
    date: str
    sections: list[str]
    results: int
    pairs: int
    visitors: list[int]  # the players the club's list gained, as visitors


@router.post("/import", dependencies=[Director], status_code=status.HTTP_201_CREATED)
@upload
async def import_past(body: PastFileIn, station: StationDep) -> ImportedOut:
    """Takes a session of the years before into the club's history, as an event of its own
    (never the open one): player histories, ladders and competitions count it. A file that
    does not parse or contradicts itself is refused with the line and the reason (422), one
    imported already too (409); either way nothing is changed."""
    try:
        past = await asyncio.to_thread(read_past, body.text)  # off the pads' loop
    except PastFileError as exc:
        raise Invalid("past.unread", problem=said(exc)) from exc
    done = await station.director.import_past(past, body.date)
    return ImportedOut(event=done.event_id, name=done.name, date=done.held_on.isoformat(),
                       sections=done.sections, results=done.results, pairs=done.pairs,
                       visitors=done.visitors)
