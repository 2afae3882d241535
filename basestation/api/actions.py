"""A director command's refusals as HTTP answers (commands/director.py says which)."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

from fastapi import HTTPException, status

from basestation.api.errors import refusal
from basestation.station.rules.conflicts import Conflict

T = TypeVar("T")


async def answered(work: Awaitable[T]) -> T:
    """`work`'s value (a director command's), its refusals as HTTP answers."""
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
