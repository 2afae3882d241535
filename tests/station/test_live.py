"""What the live stream carries of a result (station/views/live.py): everything for the director;
while the results are not published, only where it came in for anyone else; and its grid
cell as it stands, for the grid to paint at once."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

from basestation.api.readmodel import ReadModel
from basestation.station.effects.events import RoundMoved, UnitChanged
from basestation.station.session.entries import ResultChanged
from basestation.station.session.memory import HeldResult
from basestation.station.views.grid import (
    cell_fields,
    cell_state,
    row_fields,
    section_fields,
    section_grid,
    table_state,
)
from basestation.station.views.live import PRIVATE, for_page
from tests.station.fakes import station

HELD = HeldResult(section="A", table=1, round=1, board=1, ns=1, ew=1, contract="4S",
                  declarer="S", tricks=10, lead="HK", score_ns=420)
EVENT = ResultChanged(HELD)
RESULT = EVENT.to_json()


def test_a_result_is_the_directors_until_published(tmp_path: Path) -> None:
    made = station(tmp_path)
    session = made.session
    cell = cell_state(session.sections["A"], 1, 1).model_dump()
    assert for_page(session, EVENT, director=True) == {**RESULT, "cell": cell}
    shown = for_page(session, EVENT, director=False)
    assert not PRIVATE & shown.keys()
    assert shown == {"type": "result", "section": "A", "table": 1, "round": 1, "board": 1,
                     "ns": 1, "ew": 1, "kind": "result", "source": "pad", "cell": cell}
    session.published = True
    assert for_page(session, EVENT, director=False) == {**RESULT, "cell": cell}


def test_other_events_pass_as_their_json(tmp_path: Path) -> None:
    session = station(tmp_path).session
    event = UnitChanged(3, "let_back")
    assert for_page(session, event, director=False) == event.to_json()
    # A section this station does not hold.
    elsewhere = ResultChanged(dataclasses.replace(HELD, section="Z"))
    assert for_page(session, elsewhere, director=True) == elsewhere.to_json()


def test_a_round_moving_on_carries_its_section_as_the_grid_reads_it(tmp_path: Path) -> None:
    """The live event's section (plain fields, unchecked) is what the grid's models make."""
    made = station(tmp_path, tables=5, boards=10)
    section = made.session.sections["A"]
    section.current_round = 2
    now = datetime.now(UTC)
    fields = section_fields(section, made.units, now)
    assert fields == section_grid(section, made.units, now).model_dump(exclude_unset=True)
    assert len(cast(list[object], fields["tables"])) == 5


def test_a_results_row_and_cell_are_as_the_grid_checks_them(tmp_path: Path) -> None:
    """A result's table row and cell (plain fields, unchecked: made for each result of a
    burst) are what the grid's models make."""
    made = station(tmp_path, tables=5, boards=10)
    section = made.session.sections["A"]
    now = datetime.now(UTC)
    for table in range(1, 6):
        assert row_fields(section, table, made.units, now) == \
            table_state(section, table, made.units, now).model_dump()
        for round_ in range(1, section.movement.rounds + 1):
            assert cell_fields(section, table, round_) == \
                cell_state(section, table, round_).model_dump(exclude_unset=True)


def test_a_result_and_a_round_are_written_as_json_dumps_would(tmp_path: Path) -> None:
    """The stream writes a result's and a round's messages with pydantic-core (the burst's
    cost); they say what json.dumps said, word for word once read."""
    made = station(tmp_path, tables=5, boards=10)
    read = ReadModel(made)
    section = made.session.sections["A"]
    section.current_round = 2
    for position, event in enumerate((EVENT, RoundMoved("A", 2), UnitChanged(3, "let_back")),
                                     start=1):
        for director in (True, False):
            frame = read.live_frame(position, event, director=director)
            head, _, data = frame.partition("\ndata: ")
            assert head == f"id: {made.bus.epoch}-{position}" and data.endswith("\n\n")
            said = {**read.live_event(event, director=director), "position": position}
            assert json.loads(data) == json.loads(json.dumps(said, default=str))
