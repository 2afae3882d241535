"""The running session: status, grid, live events, start/stop, table takeover."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from basestation.api.actions import act
from basestation.api.deps import Director, ReadDep, StationDep, director_token
from basestation.api.responses import GridOut, RunningOut, StatusOut, TakeoverOut
from basestation.station.batch import Batch
from basestation.station.grid import cell_state

router = APIRouter(prefix="/api", tags=["session"])


@router.get("/status", response_model=StatusOut)
async def status(read: ReadDep) -> dict[str, Any]:
    return read.status()


@router.get("/grid", response_model=GridOut)
async def get_grid(read: ReadDep) -> dict[str, Any]:
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
                if not director and not station.rules.results_public:
                    event = _without_result(event)
                yield f"data: {json.dumps(_with_cell(station, event), default=str)}\n\n"
        finally:
            station.bus.unsubscribe(queue)

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


PRIVATE = frozenset({"contract", "declarer", "tricks", "lead", "score_ns", "flags"})


def _without_result(event: dict[str, Any]) -> dict[str, Any]:
    if event.get("type") != "result":
        return event
    return {key: value for key, value in event.items() if key not in PRIVATE}


def _with_cell(station: Any, event: dict[str, Any]) -> dict[str, Any]:
    """A result event carries its grid cell as it stands, so the page can paint it at once."""
    if event.get("type") != "result":
        return event
    section = station.rules.sections.get(event.get("section"))
    if section is None:
        return event
    return {**event, "cell": cell_state(section, event["table"], event["round"])}


class Running(BaseModel):
    running: bool


@router.post("/running", dependencies=[Director], response_model=RunningOut)
async def set_running(body: Running, station: StationDep) -> dict[str, Any]:
    """Pause (`running` false: pads are told the station is stopped and entry waits) or
    resume. Pausing neither ends the session nor publishes anything."""
    await act(station, lambda batch: _start_stop(station, body.running, batch))
    return {"running": station.rules.running}


def _start_stop(station: Any, running: bool, batch: Batch) -> None:
    station.rules.set_running(running, batch)
    station.rules.tell_status(batch)  # each pad with its own section's round (SPEC.md 6.7)


@router.post("/session/end", dependencies=[Director], response_model=StatusOut)
async def end_session(station: StationDep, read: ReadDep) -> dict[str, Any]:
    """Ends the session: entry stops on every pad and the end-of-session backup is taken.
    The results stay the director's until they are published."""
    def end(batch: Batch) -> None:
        station.rules.end_session(batch)
        station.rules.tell_status(batch)

    await act(station, end)
    return read.status()


class Publish(BaseModel):
    published: bool = True


@router.post("/session/publish", dependencies=[Director], response_model=StatusOut)
async def publish(station: StationDep, read: ReadDep,
                  body: Publish | None = None) -> dict[str, Any]:
    """Publishes the results (travellers, rankings, exports) to anyone, or withdraws them
    (`published` false); no body publishes."""
    published = body.published if body is not None else True
    await act(station, lambda batch: station.rules.publish(published, batch))
    return read.status()


@router.post("/sections/{section}/tables/{table}/takeover", dependencies=[Director],
             response_model=TakeoverOut)
async def authorise_takeover(section: str, table: int, station: StationDep) -> dict[str, Any]:
    """Lets the next pad that asks take over this table (the faulty pad is locked out)."""
    try:
        await station.hub.act(
            lambda batch: station.rules.authorise_takeover(section.upper(), table, batch))
    except LookupError as exc:
        raise HTTPException(404, str(exc)) from exc
    return {"section": section.upper(), "table": table, "takeover": "authorised"}
