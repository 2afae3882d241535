"""The section's memory of held entries, looked up by index: a round is complete once every
table playing it holds each of its boards, whatever was added, replaced or taken away, and
for the movement the section has now."""

from __future__ import annotations

import random

from basestation.movements import generate
from basestation.station.session.memory import HeldResult, SectionState


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
    assert section.play_round(2) == 1  # table 2 still has board 3 of round 1 to play
    section.put(entry(section, 2, 1, 3))
    assert section.round_complete(1) and section.play_round(2) == 2


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


def scanned(section: SectionState, table: int) -> int:
    """The table's play round looked up from its first round, as `play_round` answered before
    it remembered where to start: what the remembered start must always agree with."""
    last = None
    for a in section.movement.table_rounds(table):
        if a.ns is None or a.ew is None:
            continue
        last = a.round
        if any(section.held(table, a.round, b) is None for b in a.boards):
            return last
    return last if last is not None else max(section.current_round, 1)


def test_the_play_round_goes_back_when_a_result_is_erased() -> None:
    section = SectionState("A", generate("mitchell", 3, 6))
    for round_ in (1, 2, 3):
        fill_round(section, round_)
    assert section.play_round(1) == 3  # everything held: its last round
    section.remove(1, 1, 1)  # the director erases a round-1 result
    assert section.play_round(1) == 1
    section.put(entry(section, 1, 1, 1, score=-100))  # entered again, corrected
    assert section.play_round(1) == 3
    section.put(entry(section, 1, 2, section.movement.at(2, 1).boards[0], score=50))  # type: ignore[union-attr]
    assert section.play_round(1) == 3  # a correction in place keeps the round whole


def test_rounds_entered_out_of_order_count_once_the_gap_is_filled() -> None:
    section = SectionState("A", generate("mitchell", 3, 6))
    fill_round(section, 3)
    fill_round(section, 2)
    assert section.play_round(2) == 1
    fill_round(section, 1)
    assert section.play_round(2) == 3


def test_the_play_round_follows_a_new_movement() -> None:
    section = SectionState("A", generate("mitchell", 3, 6))
    fill_round(section, 1)
    assert section.play_round(1) == 2
    section.replace_movement(generate("mitchell", 3, 9))  # three boards a round now
    assert section.play_round(1) == 1
    section.movement = generate("mitchell", 3, 6)  # set directly, as a test may
    assert section.play_round(1) == 2


def test_the_play_round_agrees_with_a_full_scan_whatever_happens() -> None:
    rng = random.Random(23)
    movements = [generate("mitchell", 4, 8), generate("howell", 4, 14),
                 generate("mitchell", 4, 8, phantom=True)]
    section = SectionState("A", movements[0])
    for _ in range(3000):
        step = rng.random()
        if step < 0.02:
            section.replace_movement(rng.choice(movements))
        elif step < 0.3:
            held = section.all_results()
            if held:
                gone = rng.choice(held)
                section.remove(gone.table, gone.round, gone.board)
        else:
            a = rng.choice(section.movement.assignments)
            if a.ns is not None and a.ew is not None:
                section.put(entry(section, a.table, a.round, rng.choice(a.boards),
                                  score=rng.choice((420, -50))))
        section.current_round = rng.randint(1, section.movement.rounds)
        table = rng.randint(1, section.movement.tables)
        assert section.play_round(table) == scanned(section, table)
