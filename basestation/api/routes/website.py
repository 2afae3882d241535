"""The published website of an event, as a zip for the director to put on the club's web host
(the results page's "Publish the website for this event"; `basestation publish` writes the same
files to a folder)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import Response

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.routes.history import ROW_ID_MAX
from basestation.api.website_data import website, zipped
from basestation.station.session.feedback import par_rows
from firmware_protocol.messages import Row

router = APIRouter(prefix="/api/events", tags=["exports"])
EventId = Annotated[int, Path(ge=1, le=ROW_ID_MAX)]


@router.get("/{event_id}/website.zip", dependencies=[Director], response_class=Response,
            responses={200: {"content": {"application/zip": {}}}})
async def website_zip(event_id: EventId, station: StationDep, read: ReadDep) -> Response:
    """The event's results as a static website (plain HTML and CSS, and the USEBIO XML with
    the hand records) in a zip holding one folder. Refused in a sentence for an unknown event,
    one without results, or one whose results are not published yet."""
    solver = station.session.par

    def par(deal: str, board: int) -> tuple[Row, ...]:
        # The open event's par is solved already, when its hand records loaded.
        solved = solver.get(deal, board)
        return solved if solved is not None else par_rows(deal, board)

    files = await read.stored(website, station.store, event_id, par, station.config)
    folder = f"results-{event_id}"
    return Response(zipped(files, folder), media_type="application/zip", headers={
        "Content-Disposition": f'attachment; filename="{folder}.zip"'})
