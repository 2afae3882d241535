"""The section's memory of held entries, looked up by index: a round is complete once every
table playing it holds each of its boards, whatever was added, replaced or taken away, and
for the movement the section has now."""

from __future__ import annotations

from basestation.movements import generate
from basestation.station.seating import play_round
from basestation.station.state import HeldResult, SectionState


def entry(section: SectionState, table: int, round_: int, board: int,
          score: int = 420) -> HeldResult:
    assignment = section.movement.at(round_, table)
    assert assignment is not None
    return HeldResult(section="A", table=table, round=round_, board=board, ns=assignment.ns,
                      ew=assignment.ew, score_ns=score)


def fill_round(section: SectionState, round_: int) -> None:
    for assignment in section.movement.round_of(round_):
        for board in assignment.boards:
            section.put(entry(section, assignment.table, round_, board))


def test_a_round_is_complete_with_every_board_of_every_table_and_not_before() -> None:
    section = SectionState("A", generate("mitchell", 3, 6))
    assert not section.round_complete(1)
    fill_round(section, 1)
    assert section.round_complete(1) and not section.round_complete(2)
    section.put(entry(section, 2, 1, 3, score=-50))  # replaced: still one entry there
    assert section.held(2, 1, 3).score_ns == -50  # type: ignore[union-attr]
    assert section.held_count == 6 and section.round_complete(1)
    section.remove(2, 1, 3)
    assert section.held(2, 1, 3) is None and not section.round_complete(1)
    assert play_round(section, 2) == 1  # table 2 still has board 3 of round 1 to play
    section.put(entry(section, 2, 1, 3))
    assert section.round_complete(1) and play_round(section, 2) == 2


def test_an_entry_outside_the_movement_does_not_complete_a_round() -> None:
    section = SectionState("A", generate("mitchell", 3, 6))
    fill_round(section, 1)
    section.remove(1, 1, 1)
    section.put(HeldResult(section="A", table=1, round=1, board=5, ns=1, ew=1))  # not its board
    assert section.held_count == 6 and not section.round_complete(1)


def test_a_new_movement_is_looked_at_afresh() -> None:
    section = SectionState("A", generate("mitchell", 3, 6))
    fill_round(section, 1)
    assert section.round_complete(1)
    section.replace_movement(generate("mitchell", 3, 9))  # three boards a round now
    assert not section.round_complete(1)
    section.movement = generate("mitchell", 3, 6)  # set directly, as a test may
    assert section.round_complete(1)
