"""Running a director action through the hub, with its refusals as HTTP answers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from fastapi import HTTPException, status

from basestation.api.errors import refusal
from basestation.station.app import Station
from basestation.station.commands.conflicts import Conflict
from basestation.station.effects.batch import Batch

T = TypeVar("T")


async def act(station: Station, action: Callable[[Batch], T], *, need_event: bool = True) -> T:
    """Runs `action` in turn with pad traffic; returns once it is committed.

    LookupError (no such section, table, unit or result) is a 404; ValueError (a ruling or
    result that cannot be) is a 422; Conflict (the director must confirm or do something
    else first) is a 409, so the director sees why.
    """
    if need_event and station.rules.event_id is None:
        raise HTTPException(status.HTTP_409_CONFLICT, "no event is open")
    return await answered(station.hub.act(action))


async def answered(work: Awaitable[T]) -> T:
    """`work`'s value (the core's action), with `act`'s refusals as HTTP answers."""
    try:
        value: T = await work
    except LookupError as exc:
        # A KeyError's text is its key quoted: the sentence is the key itself.
        said = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
        raise HTTPException(status.HTTP_404_NOT_FOUND, said) from exc
    except ValueError as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, refusal(str(exc))) from exc
    except Conflict as exc:
        raise HTTPException(status.HTTP_409_CONFLICT, str(exc)) from exc
    return value
