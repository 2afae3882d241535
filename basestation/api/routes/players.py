"""The club's player list: numbers the pads enter, names the results show."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from basestation.api.actions import act
from basestation.api.deps import Director, StationDep
from basestation.api.responses import PlayerOut

router = APIRouter(prefix="/api/players", tags=["players"])


class PlayerIn(BaseModel):
    number: int = Field(ge=1, le=10_000_000)
    name: str = Field(min_length=1, max_length=100)


@router.get("", response_model=list[PlayerOut])
async def players(station: StationDep) -> list[dict[str, Any]]:
    return [{"number": n, "name": name} for n, name in sorted(station.rules.players.items())]


@router.put("", dependencies=[Director])
async def put_players(body: list[PlayerIn], station: StationDep) -> dict[str, int]:
    """Adds or renames players; numbers not given are kept."""
    named = {p.number: p.name for p in body}
    await act(station, lambda batch: station.rules.set_players(named, batch), need_event=False)
    return {"players": len(station.rules.players)}
