"""What the live stream carries of a result (station/views/live.py): everything for the director;
while the results are not published, only where it came in for anyone else; and its grid
cell as it stands, for the grid to paint at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from basestation.station.views.grid import cell_state
from basestation.station.views.live import PRIVATE, for_page
from tests.station.fakes import station

RESULT: dict[str, Any] = {"type": "result", "section": "A", "table": 1, "round": 1, "board": 1,
                          "ns": 1, "ew": 1, "contract": "4S", "declarer": "S", "tricks": 10,
                          "lead": "HK", "score_ns": 420, "flags": []}


def test_a_result_is_the_directors_until_published(tmp_path: Path) -> None:
    made = station(tmp_path)
    session = made.session
    cell = cell_state(session.sections["A"], 1, 1)
    assert for_page(session, RESULT, director=True) == {**RESULT, "cell": cell}
    shown = for_page(session, RESULT, director=False)
    assert not PRIVATE & shown.keys()
    assert shown == {"type": "result", "section": "A", "table": 1, "round": 1, "board": 1,
                     "ns": 1, "ew": 1, "cell": cell}
    session.published = True
    assert for_page(session, RESULT, director=False) == {**RESULT, "cell": cell}


def test_other_events_pass_as_they_are(tmp_path: Path) -> None:
    session = station(tmp_path).session
    event = {"type": "unit", "unit": 3, "state": "let_back"}
    assert for_page(session, event, director=False) is event
    elsewhere = {**RESULT, "section": "Z"}  # a section this station does not hold
    assert for_page(session, elsewhere, director=True) == elsewhere
