"""The Swiss draw: each next round is drawn from the standings once the last drawn round is
complete (or when the director asks), and reaches the pads as a longer movement.

The section gets the longer movement through the director's change_movement, the same path
as any mid-session change: every pad of the section logs in again and receives its new round.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from basestation.scoring.event_formats import SWISS, next_swiss_round
from basestation.station.core.hub import Hub, StationBusy
from basestation.station.refusals import Invalid, NotFound, Refused
from basestation.station.session.entries import ResultChanged
from basestation.station.views.live_matches import round_complete, standings_now

if TYPE_CHECKING:
    from basestation.station.effects.batch import Batch
    from basestation.station.rules.composed import SessionRules

log = logging.getLogger(__name__)
BUSY_PAUSE = 1.0  # seconds before a draw the station was too busy for is tried again


def draw_next_round(rules: SessionRules, letter: str, batch: Batch, *, why: str) -> int:
    """Draws the section's next Swiss round and sends it to the pads; returns its number."""
    state = rules.session.sections.get(letter)
    if state is None:
        raise NotFound("section.not_found", section=letter)
    if rules.session.event_format not in SWISS:
        raise Invalid("swiss.not_swiss", format=rules.session.event_format)
    if state.movement.rounds >= rules.session.format_rounds:
        raise Invalid("swiss.all_drawn", rounds=rules.session.format_rounds)
    ranked = [row.entrant for row in standings_now(rules.session, state)]
    try:
        longer = next_swiss_round(state.movement, ranked, rules.session.format_rounds)
    except ValueError as exc:  # the draw's own refusal (no pairing left, say), in its words
        raise Invalid("swiss.no_draw", problem=str(exc)) from exc
    rules.director.change_movement(letter, longer, batch, why=why)
    return longer.rounds


def draw_completed_rounds(rules: SessionRules, batch: Batch) -> list[tuple[str, int]]:
    """Draws the next round of every Swiss section whose last drawn round is complete."""
    drawn = []
    for letter, state in list(rules.session.sections.items()):
        if (rules.session.event_format in SWISS
                and state.movement.rounds < rules.session.format_rounds
                and round_complete(state, state.movement.rounds)):
            round_ = draw_next_round(rules, letter, batch,
                                     why=f"Swiss draw for round {state.movement.rounds + 1}")
            drawn.append((letter, round_))
    return drawn


async def draw_rounds_as_they_end(hub: Hub, rules: SessionRules) -> None:
    """Runs with the station: after each result, a Swiss round that is complete is drawn.
    Once at start too: a station stopped between a round's last result and its draw draws it
    as soon as it is back."""
    events = hub.bus.subscribe()
    first = True
    try:
        while True:
            if not first:
                event = await events.get()
                if not isinstance(event, ResultChanged):
                    continue
            first = False
            if rules.session.event_format not in SWISS:
                continue
            try:
                drawn = await _draw(hub, rules)
            except (ValueError, Refused):
                log.exception("the Swiss draw failed; the director can draw the round")
                continue
            for letter, round_ in drawn:
                log.info("section %s: round %s drawn", letter, round_)
    finally:
        hub.bus.unsubscribe(events)


async def _draw(hub: Hub, rules: SessionRules) -> list[tuple[str, int]]:
    """Draws what is due, trying again while the station is too busy to take it: the round's
    last result may be the last event for a long while, so a draw given up would never come."""
    while True:
        try:
            drawn: list[tuple[str, int]] = await hub.act(
                lambda batch: draw_completed_rounds(rules, batch), taken_back=True)
            return drawn
        except StationBusy:
            log.warning("the station was too busy to draw the next Swiss round; trying again")
            await asyncio.sleep(BUSY_PAUSE)
