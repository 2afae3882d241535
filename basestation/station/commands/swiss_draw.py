"""The Swiss draw, a part of the director's service (commands/director.py): each next round
is drawn from the standings once the last drawn round is complete (`run`, with the station),
or when the director asks (`draw_round`), and reaches the pads as a longer movement.

The section gets the longer movement through `rules.movements.change`, the same path as any
mid-session change: every pad of the section logs in again and receives its new round. The
standings come from the views (views/live_matches.py), which the rules may not read: so the
draw lives with the commands.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from basestation.scoring.event_formats import SWISS, format_said, next_swiss_round
from basestation.station.core.hub import Hub, StationBusy
from basestation.station.refusals import Invalid, Refused, said
from basestation.station.session.entries import ResultChanged
from basestation.station.views.live_matches import round_complete, standings_now

if TYPE_CHECKING:
    from basestation.station.effects.batch import Batch
    from basestation.station.rules.composed import SessionRules

log = logging.getLogger(__name__)
BUSY_PAUSE = 1.0  # seconds before a draw the station was too busy for is tried again


class SwissDraw:
    """The next rounds of the open event's Swiss sections."""

    def __init__(self, hub: Hub, rules: SessionRules) -> None:
        self._hub = hub
        self._rules = rules

    def draw_round(self, section: str, batch: Batch) -> int:
        """The director's draw: closes a Swiss round before every board is in, draws the next
        from the standings now (the rounds before it close too) and returns it."""
        rules = self._rules
        state = rules.session.sections.get(section)
        next_round = state.movement.rounds + 1 if state is not None else 0
        round_ = self.draw_next_round(section, batch,
                                      why=f"director's Swiss draw for round {next_round}")
        state = rules.session.sections[section]
        while state.current_round < round_:
            rules.director.close_round(section, batch)
        return round_

    def draw_next_round(self, letter: str, batch: Batch, *, why: str) -> int:
        """Draws the section's next Swiss round and sends it to the pads; returns its
        number."""
        session = self._rules.session
        state = session.section_of(letter)
        if session.event_format not in SWISS:
            raise Invalid("swiss.not_swiss", format=said(format_said(session.event_format)))
        if state.movement.rounds >= session.format_rounds:
            raise Invalid("swiss.all_drawn", rounds=session.format_rounds)
        ranked = [row.entrant for row in standings_now(session, state)]
        try:
            longer = next_swiss_round(state.movement, ranked, session.format_rounds)
        except ValueError as exc:  # the draw's own refusal (no pairing left, say), in its words
            raise Invalid("swiss.no_draw", problem=said(exc)) from exc
        self._rules.movements.change(letter, longer, batch, why=why)
        return longer.rounds

    def draw_completed_rounds(self, batch: Batch) -> list[tuple[str, int]]:
        """Draws the next round of every Swiss section whose last drawn round is complete."""
        session = self._rules.session
        drawn = []
        for letter, state in list(session.sections.items()):
            if (session.event_format in SWISS
                    and state.movement.rounds < session.format_rounds
                    and round_complete(state, state.movement.rounds)):
                round_ = self.draw_next_round(
                    letter, batch, why=f"Swiss draw for round {state.movement.rounds + 1}")
                drawn.append((letter, round_))
        return drawn

    async def run(self) -> None:
        """Runs with the station: after each result, a Swiss round that is complete is drawn.
        Once at start too: a station stopped between a round's last result and its draw draws
        it as soon as it is back."""
        hub = self._hub
        events = hub.bus.subscribe()
        first = True
        try:
            while True:
                if not first:
                    event = await events.get()
                    if not isinstance(event, ResultChanged):
                        continue
                first = False
                if self._rules.session.event_format not in SWISS:
                    continue
                try:
                    drawn = await self._draw()
                except (ValueError, Refused):
                    log.exception("the Swiss draw failed; the director can draw the round")
                    continue
                for letter, round_ in drawn:
                    log.info("section %s: round %s drawn", letter, round_)
        finally:
            hub.bus.unsubscribe(events)

    async def _draw(self) -> list[tuple[str, int]]:
        """Draws what is due, trying again while the station is too busy to take it: the
        round's last result may be the last event for a long while, so a draw given up would
        never come."""
        while True:
            try:
                drawn: list[tuple[str, int]] = await self._hub.act(
                    self.draw_completed_rounds, taken_back=True)
                return drawn
            except StationBusy:
                log.warning("the station was too busy to draw the next Swiss round; "
                            "trying again")
                await asyncio.sleep(BUSY_PAUSE)
