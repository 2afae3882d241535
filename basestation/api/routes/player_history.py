"""A player's results over a chosen period: each pairs session they played (date, event,
partner, percentage and rank), from the stored events scored afresh. The director's only: it
names the player (and their national number) from a number anyone could try in turn."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Path, Query

from basestation.api.competitions_data import ClubList, event_scores, events_between
from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.responses import PlayerHistoryOut, PlayerOut, PlayerSessionOut
from basestation.station.refusals import Invalid, NotFound
from basestation.store.repository import Store

router = APIRouter(prefix="/api/players", tags=["players"])


@router.get("/{number}/history", dependencies=[Director], response_model=PlayerHistoryOut,
            response_model_exclude_none=True)
async def player_history(
        number: Annotated[int, Path(ge=1, le=10_000_000)], *,
        station: StationDep, read: ReadDep,
        since: Annotated[dt.date | None, Query(description="first day (default: a year "
                                                           "before)")] = None,
        until: Annotated[dt.date | None, Query(description="last day (default: today)")] = None,
) -> PlayerHistoryOut:
    club = ClubList.of(station.session)
    if number not in club.players:
        raise NotFound("player.not_listed", number=number)
    last = until or dt.date.today()
    first = since or last - dt.timedelta(days=365)
    if first > last:
        raise Invalid("player.period", since=first.isoformat(), until=last.isoformat())
    sessions = await read.stored(_sessions, station.store, club, number, first, last)
    pcts = [s.pct for s in sessions]
    return PlayerHistoryOut(player=PlayerOut.model_validate(club.player(number)),
                            since=first.isoformat(), until=last.isoformat(), sessions=sessions,
                            average=round(sum(pcts) / len(pcts), 2) if pcts else None)


def _sessions(store: Store, club: ClubList, number: int, since: dt.date,
              until: dt.date) -> list[PlayerSessionOut]:
    found = []
    for event in events_between(store, since, until):
        if event.id is None:
            continue
        scores = event_scores(store, event.id)
        if scores is None:
            continue
        for pair in scores.pairs:
            if number not in pair.players:
                continue
            field = sum(1 for p in scores.pairs
                        if (p.section, p.direction) == (pair.section, pair.direction))
            found.append(PlayerSessionOut(
                date=scores.date.isoformat(), event=scores.id, event_name=scores.name,
                section=pair.section, pair=pair.pair, direction=pair.direction,
                partners=club.names(tuple(n for n in pair.players if n != number)),
                pct=pair.pct, rank_label=pair.rank_label, pairs=field))
            break
    return found
