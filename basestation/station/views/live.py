"""What a page's live stream carries of each station event: a result, while the session is
in play, tells others than the director only where it came in (not what was played); and it
carries its grid cell as it stands, so the grid can paint it at once."""

from __future__ import annotations

from typing import Any

from basestation.station.session.state import SessionState
from basestation.station.views.grid import cell_state

# A result's fields that are the director's until the results are public.
PRIVATE = frozenset({"contract", "declarer", "tricks", "lead", "score_ns", "flags"})


def for_page(session: SessionState, event: dict[str, Any], *, director: bool) -> dict[str, Any]:
    """The event as a page is sent it: the director's page sees everything."""
    if event.get("type") != "result":
        return event
    if not director and not session.results_public:
        event = {key: value for key, value in event.items() if key not in PRIVATE}
    section = session.sections.get(event.get("section", ""))
    if section is None:
        return event
    return {**event, "cell": cell_state(section, event["table"], event["round"])}
