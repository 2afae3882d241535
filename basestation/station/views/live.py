"""What a page's live stream carries of each station event: a result, while the session is
in play, tells others than the director only where it came in (not what was played); and it
carries its grid cell as it stands, so the grid can paint it at once. Here an event leaves the
process: its JSON is made for the page."""

from __future__ import annotations

from typing import Any

from basestation.station.effects.events import BusEvent
from basestation.station.session.entries import ResultChanged
from basestation.station.session.state import SessionState
from basestation.station.views.grid import cell_fields

# A result's fields that are the director's until the results are public.
PRIVATE = frozenset({"contract", "declarer", "tricks", "lead", "score_ns", "flags"})


def for_page(session: SessionState, event: BusEvent, *, director: bool) -> dict[str, Any]:
    """The event's JSON as a page is sent it: the director's page sees everything."""
    data = event.to_json()
    if not isinstance(event, ResultChanged):
        return data
    if not director and not session.results_public:
        data = {key: value for key, value in data.items() if key not in PRIVATE}
    held = event.held
    section = session.sections.get(held.section)
    if section is None:
        return data
    data["cell"] = cell_fields(section, held.table, held.round)
    return data
