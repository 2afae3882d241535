"""The running session: status, grid, live events, start/stop, table takeover."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from basestation.api.actions import answered
from basestation.api.deps import Director, ReadDep, StationDep, director_token
from basestation.api.responses import ConsoleOut, GridOut, RunningOut, StatusOut, TakeoverOut
from basestation.station.views.live import for_page

router = APIRouter(prefix="/api", tags=["session"])


@router.get("/status", response_model=StatusOut)
async def status(read: ReadDep) -> StatusOut:
    return read.status()


@router.get("/consoles", response_model=list[ConsoleOut])
async def consoles(station: StationDep) -> list[dict[str, str]]:
    """The other events' consoles ([[console]] in the configuration), each with its link; one
    given as ":<port>" is answered ":<port>/", for the page to put on the host it was opened
    by (never built from the request's Host header, which whoever asks may set)."""
    return [{"name": c.name, "url": f"{c.url}/" if c.url.startswith(":") else c.url}
            for c in station.config.consoles]


@router.get("/grid", response_model=GridOut)
async def get_grid(read: ReadDep) -> GridOut:
    """Tables by rounds per section with their states, and the alerts standing now."""
    return read.grid()


@router.get("/stream")
async def stream(request: Request, station: StationDep) -> StreamingResponse:
    """Server-sent events: every station event as it is committed. While the session is in
    play, a result event tells others than the director only where a result came in."""
    queue = station.bus.subscribe()
    director = director_token(request, request.app.state.auth) is not None

    async def events() -> AsyncIterator[str]:
        try:
            yield "retry: 1000\n\n"
            while not await request.is_disconnected():
                try:
                    event = await asyncio.wait_for(queue.get(), 15)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                event = for_page(station.session, event, director=director)
                yield f"data: {json.dumps(event, default=str)}\n\n"
        finally:
            station.bus.unsubscribe(queue)

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


class Running(BaseModel):
    running: bool


@router.post("/running", dependencies=[Director], response_model=RunningOut)
async def set_running(body: Running, station: StationDep) -> dict[str, Any]:
    """Pause (`running` false: pads are told the station is stopped and entry waits) or
    resume. Pausing neither ends the session nor publishes anything."""
    running = await answered(station.director.pause_or_resume(body.running))
    return {"running": running}


@router.post("/session/end", dependencies=[Director], response_model=StatusOut)
async def end_session(station: StationDep, read: ReadDep) -> StatusOut:
    """Ends the session: entry stops on every pad and the end-of-session backup is taken.
    The results stay the director's until they are published."""
    await answered(station.director.end_session())
    return read.status()


class Publish(BaseModel):
    published: bool = True


@router.post("/session/publish", dependencies=[Director], response_model=StatusOut)
async def publish(station: StationDep, read: ReadDep,
                  body: Publish | None = None) -> StatusOut:
    """Publishes the results (travellers, rankings, exports) to anyone, or withdraws them
    (`published` false); no body publishes."""
    published = body.published if body is not None else True
    await answered(station.director.publish(published))
    return read.status()


@router.post("/sections/{section}/tables/{table}/takeover", dependencies=[Director],
             response_model=TakeoverOut)
async def authorise_takeover(section: str, table: int, station: StationDep) -> dict[str, Any]:
    """Lets the next pad that asks take over this table (the faulty pad is locked out)."""
    await answered(station.director.authorise_takeover(section.upper(), table))
    return {"section": section.upper(), "table": table, "takeover": "authorised"}
