"""Units (pads): battery, last seen, which table; pair, replace, lock and reset."""

from __future__ import annotations

from fastapi import APIRouter, Response
from pydantic import BaseModel

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.readmodel import unit_json
from basestation.api.responses import CommandOut, UnitOut, UnitResetOut, UnitTakeoverOut
from basestation.station.refusals import Conflict, Invalid
from firmware_protocol.messages import MAX_UNIT, ControlCommand

router = APIRouter(prefix="/api/units", tags=["units"])


@router.get("", response_model=list[UnitOut])
async def units(read: ReadDep) -> list[UnitOut]:
    """Every unit the station knows: its table, battery, last contact and lock."""
    return read.units()


class Paired(BaseModel):
    unit: int
    key: str  # hex, to be keyed in on a bridgepad (a browser pad takes it by `code` instead)
    station: str  # the station id, for the pad's topics
    # A browser pad's pairing link carries this one-time code, not the key (SPEC.md 10.5).
    code: str
    expires_in: int  # seconds the code stays good


@router.post("/{unit}/pair", dependencies=[Director])
async def pair(unit: int, response: Response, station: StationDep) -> Paired:
    """Registers a unit (a unit already known gets a new key) and shows its key, to be
    entered on a bridgepad, and a one-time pairing code for a browser pad's link."""
    if not 1 <= unit <= MAX_UNIT:
        raise Invalid("unit.number", most=MAX_UNIT)
    other = await station.login_elsewhere(unit)
    if other is not None:  # paired here, its pad would be shut out: nothing is changed
        raise Conflict("unit.other_event", unit=unit, station=other)
    state = await station.director.pair_unit(unit)
    response.headers["Cache-Control"] = "no-store"  # a key: never kept by a cache
    return Paired(unit=unit, key=state.key.hex(), station=station.config.id,
                  code=station.pairing.issue(unit), expires_in=round(station.pairing.life))


@router.post("/{unit}/replace", dependencies=[Director], response_model=UnitTakeoverOut)
async def replace(unit: int, station: StationDep) -> UnitTakeoverOut:
    """Lets the next pad that asks take over this unit's table (a plain login will do); this
    unit is then locked out, results its pad still holds come to the director to decide, and
    the new pad downloads everything the station holds for the table."""
    section, table = await station.director.replace_unit(unit)
    return UnitTakeoverOut(unit=unit, section=section, table=table, takeover="authorised")


@router.post("/{unit}/lock", dependencies=[Director], response_model=UnitOut)
async def lock(unit: int, station: StationDep) -> UnitOut:
    """Locks a unit out (lost or at the wrong table); its table is freed."""
    await station.director.lock_unit(unit)
    return unit_json(station.units[unit])


class Withdrawn(BaseModel):
    unit: int
    detail: str  # what happened, in a sentence
    # A lost pad keeps its broker login (so that what it holds reaches the director) until
    # the unit is paired again: the page offers that at once.
    pair_again: str


@router.post("/{unit}/withdraw", dependencies=[Director])
async def withdraw(unit: int, station: StationDep) -> Withdrawn:
    """Withdraws a unit (lost, broken, at the wrong table): it is locked out and its table is
    freed; the station takes nothing new from it, and what its pad still holds comes to the
    director to decide (merge offers). Reset brings it back; pairing it again (a new key) shuts
    a lost pad out of the broker for good."""
    await station.director.lock_unit(unit, need_event=False)
    return Withdrawn(unit=unit, detail=(
        f"Unit {unit} is withdrawn: its table is free and the station takes no new result "
        "from it; results its pad still holds come to you to decide."), pair_again=(
        f"A lost pad keeps its login to the broker until unit {unit} is paired again (so "
        "that what it holds reaches you). Pair it again now to shut it out?"))


@router.post("/{unit}/reset", dependencies=[Director], response_model=UnitResetOut)
async def reset(unit: int, station: StationDep) -> UnitResetOut:
    """Unlocks a unit, clears its bad-MAC count, frees its table and tells its pad to forget
    its session; `done` says all that in a sentence for the director."""
    done = await station.director.reset_unit(unit)
    shown = unit_json(station.units[unit]).model_dump()
    return UnitResetOut.model_validate({**shown, "done": done})


class Command(BaseModel):
    command: ControlCommand


@router.post("/{unit}/command", dependencies=[Director], response_model=CommandOut)
async def command(unit: int, body: Command, station: StationDep) -> CommandOut:
    """Sends the pad a command; `resend` makes it re-send every result it holds (anything
    the station already has is acknowledged again, anything new is stored)."""
    await station.director.command_unit(unit, body.command)
    return CommandOut(unit=unit, command=body.command.value)
