"""The running session: status, grid, live events, start/stop, table takeover."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel

from basestation.api.deps import Director, ReadDep, StationDep, director_token
from basestation.api.responses import (
    AlertsOut,
    GridOut,
    RunningOut,
    StatusOut,
    TakeoverOut,
)

router = APIRouter(prefix="/api", tags=["session"])

# A live stream writes the messages made so far at least this often (seconds) while it
# makes a burst's: one write for a few results, and none waits long for the rest.
WRITE_EVERY = 0.004


@router.get("/status", response_model=StatusOut)
async def status(read: ReadDep) -> StatusOut:
    return read.status()


@router.get("/grid", response_model=GridOut)
async def get_grid(read: ReadDep) -> Response:
    """Tables by rounds per section with their states, and the alerts standing now."""
    return Response(read.grid_json(), media_type="application/json")


@router.get("/alerts", response_model=AlertsOut)
async def get_alerts(read: ReadDep) -> AlertsOut:
    """The alerts standing now (the grid's), read alone: what a page reads when a live event
    may have raised or cleared one."""
    return read.alerts()


def since_position(last_event_id: str | None, epoch: str) -> int | None:
    """The bus position in a stream's Last-Event-ID ("<epoch>-<position>"), if it is one of
    this station's bus; None for a page that must read the grid afresh."""
    given, _, position = (last_event_id or "").partition("-")
    return int(position) if given == epoch and position.isdigit() else None


@router.get("/stream")
async def stream(request: Request, station: StationDep, read: ReadDep) -> StreamingResponse:
    """Server-sent events: every station event as it is committed, with what it changed of
    the grid (ReadModel.live_event), its bus `position`, and the SSE id "<epoch>-<position>".
    The first message, of type "stream", says whether the page is `caught_up`: a page that
    reconnects (EventSource sends its Last-Event-ID, or a page opening its stream anew gives
    it as `since`) is sent every event it missed while the bus still keeps them; otherwise,
    and whenever its stream falls behind, it is told to read the grid afresh. While the
    session is in play, a result event tells others than the director only where a result
    came in."""
    bus = station.bus
    # EventSource's own reconnection sends the last id it was given; a page opening its
    # stream anew says it as `since`.
    last_id = request.headers.get("last-event-id") or request.query_params.get("since")
    follower = bus.follow(since_position(last_id, bus.epoch))
    director = director_token(request, request.app.state.auth) is not None

    def hello(caught_up: bool) -> str:
        said = {"type": "stream", "caught_up": caught_up, "epoch": bus.epoch,
                "position": bus.position}
        # A page told to read afresh reads at least this far: a reconnection goes on from here.
        since = "" if caught_up else f"id: {bus.epoch}-{bus.position}\n"
        return f"{since}data: {json.dumps(said)}\n\n"

    async def events() -> AsyncIterator[str]:
        try:
            yield "retry: 1000\n\n"
            if not follower.behind:
                yield hello(True)  # the events it missed follow
            while not await request.is_disconnected():
                if follower.behind:  # at the start, or fallen behind since: read afresh
                    follower.caught_up()
                    yield hello(False)
                # Every event waiting, at one wake-up however busy the station is, each
                # message made once for all pages; written as made, a few milliseconds'
                # worth at a time, so a burst's first result is not held for its last.
                taken = await follower.take(15)
                if not taken:
                    yield ": keep-alive\n\n"
                    continue
                made: list[str] = []
                since = time.monotonic()
                for position, event in taken:
                    made.append(read.live_frame(position, event, director=director))
                    if time.monotonic() - since >= WRITE_EVERY:
                        yield "".join(made)
                        made.clear()
                        since = time.monotonic()
                if made:
                    yield "".join(made)
        finally:
            bus.unfollow(follower)

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


class Running(BaseModel):
    running: bool


@router.post("/running", dependencies=[Director], response_model=RunningOut)
async def set_running(body: Running, station: StationDep) -> RunningOut:
    """Pause (`running` false: pads are told the station is stopped and entry waits) or
    resume. Pausing neither ends the session nor publishes anything."""
    running = await station.director.pause_or_resume(body.running)
    return RunningOut(running=running)


@router.post("/session/end", dependencies=[Director], response_model=StatusOut)
async def end_session(station: StationDep, read: ReadDep) -> StatusOut:
    """Ends the session: entry stops on every pad and the end-of-session backup is taken.
    The results stay the director's until they are published."""
    await station.director.end_session()
    return read.status()


class Publish(BaseModel):
    published: bool = True


@router.post("/session/publish", dependencies=[Director], response_model=StatusOut)
async def publish(station: StationDep, read: ReadDep,
                  body: Publish | None = None) -> StatusOut:
    """Publishes the results (travellers, rankings, exports) to anyone, or withdraws them
    (`published` false); no body publishes."""
    published = body.published if body is not None else True
    await station.director.publish(published)
    return read.status()


@router.post("/sections/{section}/tables/{table}/takeover", dependencies=[Director],
             response_model=TakeoverOut)
async def authorise_takeover(section: str, table: int, station: StationDep) -> TakeoverOut:
    """Lets the next pad that asks take over this table (the faulty pad is locked out)."""
    await station.director.authorise_takeover(section.upper(), table)
    return TakeoverOut(section=section.upper(), table=table, takeover="authorised")
