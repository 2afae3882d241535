"""A teams or Swiss event's results for the results page: each section's standings with the
entrants' names, and every match with its boards (each table's result and the IMPs won).

The matches and standings are the ones GET /api/matches shows
(station/views/match_shapes.py); this adds what a printed result sheet needs besides.
"""

from __future__ import annotations

from typing import Any

from basestation.api.views import held_json, pair_names
from basestation.movements import SWISS_PAIRS
from basestation.scoring.event_formats import PAIRS
from basestation.scoring.match_scoring import Match
from basestation.station.session.memory import SectionState
from basestation.station.session.state import SessionState
from basestation.station.views.live_matches import match_boards
from basestation.station.views.match_shapes import matches_with
from basestation.store.models import SeatingRow


def match_results_json(session: SessionState,
                       seatings: list[SeatingRow]) -> dict[str, Any] | None:
    """None for a pairs event."""
    if session.event_format == PAIRS:
        return None
    return matches_with(
        session,
        match_extra=lambda state, match: {"board_results": _boards(state, match)},
        standing_extra=lambda section, standing: {
            "names": _names(session, seatings, section, standing.entrant)})


def _names(session: SessionState, seatings: list[SeatingRow], section: str, entrant: int) -> str:
    """A Swiss pair's names; a team's players, as seated at once or as its two pairs (its
    NS pair at home, its EW pair away)."""
    if session.event_format == SWISS_PAIRS or (section, entrant, "") in session.seats.held:
        return pair_names(session, seatings, section, entrant, None)
    pairs = (pair_names(session, seatings, section, entrant, side) for side in ("NS", "EW"))
    return ", ".join(names for names in pairs if names)


def _boards(state: SectionState, match: Match) -> list[dict[str, Any]]:
    """Each board of the match: every table's entry, and each team's IMPs once compared."""
    return [{"board": b.board, "compared": b.imps_a is not None,
             "tables": [held_json(h).model_dump() if h is not None else None
                        for h in b.held],
             "imps_a": b.imps_a, "imps_b": b.imps_b} for b in match_boards(state, match)]
