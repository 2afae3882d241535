"""The director seats a pair or team (at set-up or from the console, at any time): who plays
for it, by their numbers on the club's list or, for a visitor, by name.

How many players: a pair has 2; a team 4 to 6 when seated at once (its first two play NS at
home, the next two EW; the others are its reserves), or 2 when one of its pairs (NS or EW) is
seated. Everything is checked before anything changes: a refusal leaves the list and the
seats as they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from basestation.movements import EW, NS
from basestation.station.effects.batch import Batch
from basestation.station.refusals import Invalid, NotFound, Phrase
from basestation.station.session.state import SessionState
from basestation.store import repository as repo

PAIR_PLAYERS = 2
TEAM_PLAYERS = (4, 6)  # fewest and most a team seated at once may have


def players_wanted(session: SessionState, side: str) -> tuple[int, int]:
    """The fewest and most players a pair or team (`side` "") is seated with."""
    return TEAM_PLAYERS if session.team_event and not side else (PAIR_PLAYERS, PAIR_PLAYERS)


@dataclass(frozen=True)
class Seated:
    """One player as the director gives them: a number on the club's list, or a visitor's
    name (the station gives the number)."""

    number: int | None = None
    visitor: str | None = None


class DirectorSeats:
    """Who plays for each pair or team, as the director says."""

    def __init__(self, session: SessionState) -> None:
        self.session = session

    def director_seat(self, section: str, entrant: int, side: str | None,
                      players: Sequence[Seated], batch: Batch) -> tuple[int, ...]:
        """Seats the pair or team (its pads and the pages hear at once); the numbers seated."""
        side = side or ""
        self._check_place(section, entrant, side)
        who = self.entrant_word(section, entrant, side)
        wanted = players_wanted(self.session, side)
        if not wanted[0] <= len(players) <= wanted[1]:
            many = wanted[0] if wanted[0] == wanted[1] else Phrase(
                "seat.players_between", {"least": wanted[0], "most": wanted[1]})
            raise Invalid("seat.player_count", who=who, wanted=many, given=len(players))
        names = [" ".join((p.visitor or "").split()) for p in players]
        for place, (player, name) in enumerate(zip(players, names, strict=True), start=1):
            if player.number is None and not name:
                need = "seat.visitor_name" if player.visitor is not None else "seat.no_player"
                raise Invalid(need, place=place, who=who)
            if player.number is not None and player.number not in self.session.players:
                raise Invalid("seat.not_listed", number=player.number)
        given = [p.number for p in players if p.number is not None]
        twice = sorted({n for n in given if given.count(n) > 1})
        if twice:
            raise Invalid("seat.twice", number=twice[0], who=who)
        numbers = tuple(p.number if p.number is not None else self.session.add_visitor(name, batch)
                        for p, name in zip(players, names, strict=True))
        self.session.seat((section, entrant, side), numbers, "director", batch)
        batch.ops.append(repo.audit(self.session.event_id, "director", "seat", section=section,
                                    entrant=entrant, side=side, players=list(numbers)))
        return numbers

    def _check_place(self, section: str, entrant: int, side: str) -> None:
        state = self.session.sections.get(section)
        if state is None:
            raise NotFound("section.not_in_event", section=section)
        movement = state.movement
        fields = movement.pairs()
        if self.session.team_event:
            if side not in ("", NS, EW):
                raise Invalid("seat.team_side", side=side)
            playing = set(fields.get(NS, ())) | set(fields.get(EW, ()))
        elif movement.two_field:
            if side not in (NS, EW):
                raise Invalid("seat.say_side", section=section, entrant=entrant)
            playing = set(fields[side])
        else:
            if side:
                raise Invalid("seat.one_field", section=section, entrant=entrant)
            playing = set(fields.get("ALL", ()))  # one field
        if entrant not in playing:
            raise NotFound("seat.not_playing", who=self.entrant_word(section, entrant, side))

    def entrant_word(self, section: str, entrant: int, side: str) -> Phrase:
        """"NS pair 3 of section A", "team 2 of section A", "the EW pair of team 2 ...", as
        a phrase of its own (a page says it in its language)."""
        kind = "team" if self.session.team_event else "pair"
        key = f"entrant.{kind}_side" if side else f"entrant.{kind}"
        values: dict[str, str | int] = {"entrant": entrant, "section": section}
        return Phrase(key, {**values, "side": side} if side else values)
