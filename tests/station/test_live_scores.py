"""Live scores keep each held entry converted for scoring: a director's correction, ruling or
erasure replaces the entry, so the board is scored from the new one, exactly as scoring the
session afresh would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from basestation.station.session.scores import LiveScores
from firmware_protocol.messages import Result, Seat
from tests.station.fakes import station, turns

# Board 1 of a 5-table Mitchell: (table, round, NS, EW) of each table that plays it.
PLAYS = ((1, 1, 1, 1), (5, 2, 5, 4), (4, 3, 4, 2), (3, 4, 3, 5), (2, 5, 2, 3))


def played(table: int, round_: int, ns: int, ew: int, tricks: int) -> Result:
    return Result(section="A", table=table, round=round_, board=1, ns=ns, ew=ew,
                  contract="4S", declarer=Seat.S, tricks=tricks)


def line(scores: LiveScores, ns: int) -> dict[str, Any]:
    board = scores.board("A", 1)
    assert board is not None
    [found] = [r for r in board["results"] if r["ns"] == ns]
    return dict(found)


def as_afresh(made: Any) -> LiveScores:
    """The live scores match a scoring of the held entries from nothing (no conversions
    kept), board and ranking alike."""
    live: LiveScores = made.rules.session.scores
    afresh = LiveScores("nz", made.rules.session.sections)
    assert live.board("A", 1) == afresh.board("A", 1)
    assert live.ranking() == afresh.ranking()
    return live


async def test_corrected_ruled_and_erased_entries_are_scored_from_the_new_entry(
        tmp_path: Path) -> None:
    made = station(tmp_path, tables=5, boards=10)
    for (table, round_, ns, ew), tricks in zip(PLAYS, (10, 10, 9, 11, 10), strict=True):
        entry = played(table, round_, ns, ew, tricks)
        await turns(made, made.director.enter(entry))
    live = as_afresh(made)
    assert line(live, 4)["score_ns"] == -50 and line(live, 4)["mp_ns"] == 0
    assert line(live, 1)["mp_ns"] == 4  # 420: beats -50, ties two 420s

    # Corrected: 4S making eleven tricks now, tied best; the 420s lose the -50 they beat.
    await turns(made, made.director.enter(played(4, 3, 4, 2, 11)))
    live = as_afresh(made)
    assert line(live, 4)["score_ns"] == 450 and line(live, 4)["mp_ns"] == 7
    assert line(live, 1)["mp_ns"] == 2

    # A ruling on the played result: the pairs sat the wrong way, so they swap matchpoints.
    before = line(live, 1)
    await turns(made, made.director.rule(
        "A", 1, 1, 1, ruling={"arrowswitch": True}))
    live = as_afresh(made)
    assert (line(live, 1)["mp_ns"], line(live, 1)["mp_ew"]) == (before["mp_ew"],
                                                                before["mp_ns"])

    # An adjusted score replacing a played result.
    await turns(made, made.director.rule(
        "A", 3, 4, 1, ruling={"adjusted": "60/40"}))
    live = as_afresh(made)
    assert (line(live, 3)["pct_ns"], line(live, 3)["pct_ew"]) == (60, 40)

    # Erased: the board has four results left.
    await turns(made, made.director.erase(played(5, 2, 5, 4, 10)))
    live = as_afresh(made)
    board = live.board("A", 1)
    assert board is not None and sorted(r["ns"] for r in board["results"]) == [1, 2, 3, 4]


def test_a_few_boards_at_a_time_leave_the_others_changed(tmp_path: Path) -> None:
    """Live rescoring takes a few boards at a time (the station's loop has its turn between):
    the boards not taken stay changed, and together the turns rescore every one once."""
    scores: LiveScores = station(tmp_path, tables=5, boards=10).rules.session.scores
    changed = set(scores.dirty)
    first = scores.refresh(4)
    assert len(first) == 4 and scores.dirty == changed - set(first)
    rest = []
    while scores.dirty:
        rest += scores.refresh(4)
    assert sorted(first + rest) == sorted(changed)
    assert scores.refresh(4) == []
